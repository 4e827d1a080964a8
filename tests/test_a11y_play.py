"""Playing through the screen-reader layer (felt/ui/a11y.py), in this process: a window at a
table on loopback, driven by the layer's words and buttons alone (felt.ui.a11y_bench.Reader:
what the phone page gets and what its buttons do). The same in real Chromium:
tests/test_browser_a11y.py."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from felt.ui import a11y, i18n  # noqa: E402
from felt.ui.a11y_bench import Reader, step  # noqa: E402
from tests.ui_app_helpers import LOOPBACK, host_thread, make_app  # noqa: E402


class Table:
    """A window (390x844) at seat 1 of a table with two bots, and its reader."""

    def __init__(self, game: str, rules: str, seed: int, verbosity: str = "normal", players: int = 3,
                 bot_delay: float = 0.0, bots: int | None = None, **host) -> None:
        bots = players - 1 if bots is None else bots
        self.ht = host_thread(players=players, bots=bots, seed=seed, game=game, rules=rules,
                              start_when_full=True, bot_delay=bot_delay, **host)
        self.app = make_app(size=(390, 844))
        self.ctl = self.app.controller
        self.ctl.settings.name = "Pia"
        self.ctl.join(LOOPBACK, self.ht.port)
        self.reader = Reader(self.app, verbosity)
        if bots == players - 1:
            step(self.app, lambda: self.ctl.game_scene() is not None, 20, "the table")

    @property
    def game(self):
        return self.ctl.game_scene()

    def look(self) -> dict:
        return self.reader.look()

    def ready(self) -> bool:
        g = self.game
        return bool(g is not None and g.my_turn and not g.pending and g.legal_moves() and not g.animating_cards())

    def until(self, pred, timeout: float = 20.0, what: str = "condition") -> dict:
        end = time.monotonic() + timeout
        while True:
            self.app.step(block=False)
            sem = self.look()
            if pred(sem):
                return sem
            assert time.monotonic() < end, f"no {what} within {timeout:g} s: {sem.get('status')!r} {sem.get('info')}"
            time.sleep(0.004)

    def my_turn(self, timeout: float = 20.0) -> dict:
        return self.until(lambda s: self.ready(), timeout, "turn")

    def made(self, target: str) -> dict:
        """Press ``target`` and wait for the table's answer (a new view)."""
        g, shown = self.game, self.game.view
        self.reader.press(target)
        return self.until(lambda s: self.ctl.game_scene() is not g or (g.view is not shown and not g.pending), 8,
                          f"{target} made")

    def close(self) -> None:
        self.app.close()
        self.ht.stop()
        i18n.set_lang("de")


@pytest.fixture
def table(cfg):
    made = []

    def make(*a, **kw) -> Table:
        t = Table(*a, **kw)
        made.append(t)
        return t
    yield make
    for t in made:
        t.close()


def _names(sem, key="hand"):
    return [x["name"] for x in sem[key]]


# ---------------------------------------------------------------------------- plays as one button
def test_a_pair_is_one_button_and_pressing_it_plays_the_pair(table):
    """Präsident offers each kind of play once ("Paar 10 legen"); one press picks the pair's
    cards as the Tipp picks them and taps "Legen": the table makes the play."""
    t = table("praesident", "PR-005", 5)
    for _ in range(12):
        sem = t.my_turn()
        pairs = [m for m in sem["moves"] if m["name"].startswith("Paar ")]
        if pairs:
            break
        t.made(next((m["id"] for m in sem["moves"]), "w:pass_btn"))
    else:
        pytest.fail("no pair to play in twelve turns")
    names = [m["name"] for m in sem["moves"]]
    assert len(names) == len(set(names)), names             # each kind of play once
    before, presses = len(t.game.hand), t.reader.presses
    t.made(pairs[0]["id"])
    assert len(t.game.hand) == before - 2 and t.reader.presses == presses + 1
    what = pairs[0]["name"][:-len(" legen")]
    t.until(lambda s: f"{i18n.t('log.you')}: {what}" in [x for x, _c in t.reader.said], 5, "the play said")


def test_a_bube_and_its_wish_are_one_button(table):
    """Mau-Mau: a Bube is offered with each wish ("Pik Bube legen, Herz wünschen"); one press
    plays it and sends the wish, and the table's wish is said once in the layer."""
    t = table("maumau", "MM-STD", 5, bot_delay=0.4)
    from felt.games.maumau.log import suit_name
    herz = i18n.t("mm.a11y_play_wish", card="", suit="Herz").strip()       # "legen, Herz wünschen"
    for _ in range(15):
        sem = t.my_turn()
        wishes = [m for m in sem["moves"] if m["name"].endswith(herz)]
        if wishes:
            break
        t.made(sem["moves"][0]["id"] if sem["moves"] else "w:action_btn")
    else:
        pytest.fail("no Bube in fifteen turns")
    card = wishes[0]["name"].split(" legen")[0]
    presses = t.reader.presses
    sem = t.made(wishes[0]["id"])
    assert t.reader.presses == presses + 1
    if t.game.view.get("phase") == "play":         # (a Bube as the last card ends the round: no wish)
        assert t.game.view.get("wish") == "H"
        # the wish is said once (the line above the hand said it again)
        assert sem["info"].count(i18n.t("mm.wished", suit=suit_name("H"))) == 1, sem["info"]
        played = i18n.t("mmlog.play_wish_me", card=card, suit=suit_name("H"))
        t.until(lambda s: played in [x for x, _c in t.reader.said], 5, f"{played!r} said")


def test_a_swap_is_one_button_in_schwimmen(table):
    """Schwimmen: each swap is one button ("Pik Ass nehmen, Herz 8 geben"); pressed, the
    two cards change places. The dealer's other hand, taken, is said by name."""
    t = table("schwimmen", "SW-STD", 9)
    sem = t.my_turn()
    assert t.game.view.get("choosing"), "(seed 9: this seat deals)"
    if t.game.view.get("choosing"):
        t.made("w:btn_take")
        news = i18n.t("a11y.new_cards", cards=", ".join(a11y.card_name(t.game, c) for c in t.game.view["hand"]))
        t.until(lambda s: news in [x for x, _c in t.reader.said], 5, f"{news!r} said")
        sem = t.my_turn()
    swap = sem["moves"][0]
    move = next(m for _label, m in t.game.a11y_moves() if "move:" + a11y.move_key(m) == swap["id"])
    t.made(swap["id"])
    assert move["take"] in t.game.view["hand"] and move["give"] not in t.game.view["hand"]
    said = i18n.t("swlog.swap_cards_me", take=a11y.card_name(t.game, move["take"]), give=a11y.card_name(t.game, move["give"]))
    t.until(lambda s: said in [x for x, _c in t.reader.said], 5, f"{said!r} said")


# ---------------------------------------------------------------------------- what cannot be played
@pytest.mark.parametrize("game,rules,seed", [("praesident", "PR-005", 5), ("maumau", "MM-STD", 5),
                                             ("schwimmen", "SW-STD", 2)])
def test_every_game_says_which_cards_cannot_be_played_now(table, game, rules, seed):
    """On turn a card in no legal play is marked (the page: aria-disabled), the others not;
    while the move is on its way (and off turn) every card is."""
    t = table(game, rules, seed)
    for _ in range(4):
        sem = t.until(lambda s: t.ready() or t.game.view.get("phase") in ("round_over", "match_over"), 20, "a turn")
        if not t.ready():
            break
        if t.game.view.get("choosing"):
            t.made("w:btn_keep")
            continue
        legal = t.game.legal_moves()
        usable = {c for m in legal for c in (m.get("cards") or [m.get("card"), m.get("give")]) if isinstance(c, int)}
        if game == "praesident":          # any card of a rank a legal set is made of (not only those listed)
            ranks = {t.game.table.card(c).rank for c in usable}
            usable = {c for c in t.game.hand if t.game.table.card(c).rank in ranks}
        off = {int(x["id"].split(":")[1]) for x in sem["hand"] if x["off"]}
        assert off == {int(x["id"].split(":")[1]) for x in sem["hand"]} - usable, (sem["hand"], legal)
        t.game.pending = True                 # a move on its way: nothing can be played
        assert all(x["off"] for x in a11y.build(t.app)[0]["hand"])
        t.game.pending = False
        t.made(sem["moves"][0]["id"] if sem["moves"] else a11y.step_id(t.game.gesture(legal[0])[-1]))


# ---------------------------------------------------------------------------- names
def test_identical_cards_are_told_apart():
    i18n.set_lang("de")
    assert a11y.told_apart(["Herz 8", "Pik 8", "Herz 8"]) == ["Herz 8, Karte 1", "Pik 8", "Herz 8, Karte 2"]
    i18n.set_lang("en")
    try:
        assert a11y.told_apart(["8 of Hearts", "8 of Hearts"]) == ["8 of Hearts, copy 1", "8 of Hearts, copy 2"]
    finally:
        i18n.set_lang("de")


def test_two_decks_identical_cards_have_names_of_their_own(table):
    """Präsident with two decks (PR-002): two "Herz 8" in a hand are "Herz 8, Karte 1" and
    "Herz 8, Karte 2"; every card's button has a name of its own."""
    t = table("praesident", "PR-002", 5)
    sem = t.until(lambda s: s["hand"], 20, "the hand")
    names = _names(sem)
    assert len(set(names)) == len(names), names
    assert any(x.endswith(", Karte 2") for x in names), names


# ---------------------------------------------------------------------------- quick questions
def test_the_quick_questions_answer_from_the_table(table):
    """What lies, the cards each seat holds, whose turn and who is next, the hand by rank and
    by suit, the scores: six answers, each from the view the table shows."""
    t = table("maumau", "MM-STD", 5)
    sem = t.my_turn()
    q = {x["id"]: x for x in sem["quick"]}
    assert list(q) == [f"q:{k}" for k in a11y.QUICK]
    top = t.game.view["discard"][-1]
    assert q["q:top"]["say"].startswith(i18n.t("mm.a11y_top", card=a11y.card_name(t.game, top)))
    counts = t.game.view["counts"]
    assert q["q:counts"]["say"].count(":") == len(counts) and i18n.t("a11y.cards_me", n=counts[t.game.seat]) in q["q:counts"]["say"]
    assert q["q:turn"]["say"].startswith(i18n.t("gt.turn_me").rstrip("!")) and "Bot" in q["q:turn"]["say"]
    hand = [a11y.card_name(t.game, c) for c in t.game.hand_rects()]
    by_suit = q["q:suit"]["say"]
    for name in hand:                    # every card once, under its suit
        suit, rank = name.rsplit(" ", 1)
        part = next(p for p in by_suit.split("; ") if p.startswith(suit + ":"))
        assert rank in part.split(": ")[1].split(", "), (name, by_suit)
    assert sum(len(p.split(": ")[1].split(", ")) for p in q["q:rank"]["say"].split("; ")) == len(hand)
    assert q["q:scores"]["say"].count(":") == len(counts)


# ---------------------------------------------------------------------------- verbosity, Verlauf, cues
def test_short_verbosity_says_plays_tersely_and_the_verlauf_keeps_ten(table):
    """"kurz": "Bot 1: Pik Dame" (not "Bot 1 legt Pik Dame"); the Verlauf holds the last ten
    events said, "Du bist dran!" not among them; a drawn card and the round's end have their
    sounds."""
    t = table("maumau", "MM-STD", 5, verbosity="short")
    plays = 0
    over = ("round_over", "match_over")
    while t.game.view.get("phase") not in over:
        sem = t.until(lambda s: t.ready() or t.game.view.get("phase") in over, 30, "a turn or the end")
        if t.game.view.get("phase") in over:
            break
        plays += 1
        draw = next((a for a in sem["acts"] if a["id"] == "w:action_btn" and not a.get("off")), None)
        if plays == 1 and draw is not None:          # draw once, played card or not (the bots' play varies)
            t.made("w:action_btn")
        else:
            t.made(sem["moves"][0]["id"] if sem["moves"] else "w:action_btn")
    def caught_up(s):               # the round's end said, and the Verlauf holds what was said last
        heard = [x for x, _c in t.reader.said]
        return any(c == "round" for _x, c in t.reader.said) and \
            s["log"] == [x for x in heard if x != i18n.t("gt.turn_me")][-a11y.HISTORY:]
    sem = t.until(caught_up, 10, "the round's end said and the Verlauf caught up")
    said = [x for x, _c in t.reader.said]
    bot_plays = [x for x in said if x.startswith("Bot ") and ": " in x]
    assert bot_plays and not [x for x in said if " legt " in x], said
    assert len(sem["log"]) == a11y.HISTORY and i18n.t("gt.turn_me") not in sem["log"]
    assert sem["log"] == [x for x in said if x != i18n.t("gt.turn_me")][-a11y.HISTORY:]
    cues = {c for _x, c in t.reader.said}
    assert {"turn", "round"} <= cues and ("draw" in cues or plays < 3), t.reader.said
    # a card this seat drew is said by name ("Neu auf der Hand: Herz 8"), not only "Du: +1"
    drew = [i for i, x in enumerate(said) if x.startswith(i18n.t("log.you") + ": +")]
    assert drew, said                  # (its first turn drew)
    news = i18n.t("a11y.new_cards", cards="")
    assert all(any(x.startswith(news) and len(x) > len(news) for x in said[i:i + 4]) for i in drew), "\n".join(said)


def test_long_verbosity_says_what_lies_with_the_turn(table):
    t = table("praesident", "PR-005", 5, verbosity="long")
    sem = t.my_turn()
    turn = [x for x, c in t.reader.said if c == "turn"]
    assert turn and turn[-1].startswith(i18n.t("gt.turn_me")) and t.game.a11y_top() in turn[-1], turn
    assert sem["verb"] == "long"


def test_the_tipps_sentence_is_in_the_tree_and_said(table):
    t = table("praesident", "PR-005", 5)
    t.my_turn()
    t.reader.press("w:hint_btn")
    sem = t.until(lambda s: t.game.hint is not None, 5, "the Tipp")
    line = t.game.hint_line()
    assert line and sem["info"][0] == line
    t.until(lambda s: line in [x for x, _c in t.reader.said], 5, "the Tipp said")


# ---------------------------------------------------------------------------- each thing once
def test_the_exchange_summary_has_its_ok_and_no_stale_ok_after(table):
    """While the exchange's summary stands: its lines, and OK (and the menu) as the only
    buttons; closed, no OK is left in the layer (it stayed, a dead button)."""
    t = table("praesident", "PR-005", 5)
    t.my_turn()
    g = t.game
    g.ex_summary = [{"partner": 1, "got": [g.hand[0]], "gave": [g.hand[-1]], "role": "upper"}]
    g.mark_dirty()
    step(t.app)                           # drawn: its OK has its place
    sem = t.look()
    ok = [a["name"] for a in sem["acts"] if a["id"] == "w:ok_btn"]
    assert ok == [i18n.t("story.ok")] and {a["id"] for a in sem["acts"]} <= {"w:ok_btn", "w:menu_btn"}, sem["acts"]
    assert any(x.startswith(i18n.t("ex.got_from", name=g.seat_name(1))) for x in sem["info"]), sem["info"]
    assert not sem["moves"]
    t.reader.press("w:ok_btn")
    sem = t.until(lambda s: not g.ex_summary, 5, "the summary closed")
    assert "w:ok_btn" not in {a["id"] for a in sem["acts"]}, sem["acts"]
    plays = [m for m in g.legal_moves() if m.get("kind") == "play"]
    assert bool(sem["moves"]) == bool(plays), (sem["moves"], plays)       # the plays are back


def test_the_lobby_says_its_rules_as_one_item(cfg):
    """The lobby's rules block is one line of the layer ("Regeln: …; …"), not a list."""
    ht = host_thread(players=3, bots=1, seed=5, game="maumau", rules="MM-STD")
    app = make_app(size=(390, 844))
    try:
        app.controller.join(LOOPBACK, ht.port)
        step(app, lambda: app.controller.lobby and a11y.build(app)[0]["info"], 10, "the lobby")
        step(app)
        sem, _t = a11y.build(app)
        block = app.controller.main.rules_block
        rows = [" ".join(x.split()) for x in block.lines]
        assert len(rows) >= 2
        items = [x for x in sem["info"] if rows[0] in x]
        assert len(items) == 1 and all(r in items[0] for r in rows), sem["info"]
        assert len(sem["info"]) == len(set(sem["info"]))
    finally:
        app.close()
        ht.stop()


def test_the_hello_carries_the_pages_verbosity():
    import json

    from felt.net.gateway import parse_page_message
    hello = {"t": "hello", "w": 390, "h": 844, "dpr": 2}
    assert parse_page_message(json.dumps({**hello, "verb": "short"}))["verb"] == "short"
    assert parse_page_message(json.dumps({**hello, "verb": "shout"}))["verb"] == "normal"
    assert parse_page_message(json.dumps(hello))["verb"] == "normal"


def test_each_event_a_blind_player_needs_has_its_own_sound():
    """Your turn, a trick cleared, a revolution, a card drawn, someone out, someone away and
    back, a knock, a round's end: each log entry's sound (the page makes each its own tune:
    felt/net/phone/phone.js CUES)."""
    import re
    from pathlib import Path

    from felt.ui.playlog import Entry
    cues = {k: a11y.cue_of(Entry(k)) for k in ("clear", "trick", "revolution", "draw", "out", "round_over", "knock")}
    cues.update({k: a11y.cue_of(Entry("note", params={"key": k})) for k in ("away.log_left", "away.log_back")})
    assert cues == {"clear": "clear", "trick": "clear", "revolution": "revolution", "draw": "draw", "out": "out",
                    "round_over": "round", "knock": "knock", "away.log_left": "away", "away.log_back": "back"}
    assert a11y.cue_of(Entry("play")) == "" and a11y.cue_of(Entry("note", params={"key": "chat"})) == ""
    js = (Path(a11y.__file__).parents[1] / "net" / "phone" / "phone.js").read_text(encoding="utf-8")
    block = js[js.index("const CUES = {"):js.index("};", js.index("const CUES = {"))]
    tunes = dict(re.findall(r"^\s+(\w+): (\[\[.*\]\]),$", block, re.M))
    assert set(tunes) >= set(cues.values()) | {"turn"}
    assert len(set(tunes.values())) == len(tunes), "two events sound alike"


def test_the_bench_reader_needs_at_most_half_again_the_sighted_players_actions(cfg):
    """`felt bench a11y` on one game: the same round by the layer alone and by taps; the
    reader's actions (presses and quick questions) per move at most 1.5 x the taps."""
    from felt.ui.a11y_bench import run_bench
    res = run_bench((("maumau", "MM-STD", 5),))
    row = res["games"]["maumau"]
    assert row["same_round"] and row["moves"] >= 3, row
    assert res["ratio"] <= 1.5, res


def test_the_pages_verbosity_reaches_its_table_by_the_hello_and_by_its_buttons(cfg):
    """A page that keeps "kurz" says so in its hello: its renderer's layer starts short (the
    bots' plays "Bot 1: Pik Dame"); the page's "ausführlich" button (``act`` verb:long) changes
    it, and the gateway keeps it for a renderer started again."""
    import asyncio
    import re

    from felt.net.host import HostConfig, HostThread
    from tests.helpers import run
    from tests.phone_helpers import Phone
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=2, seed=5, game="maumau",
                               rules="MM-STD", start_when_full=True, bot_delay=0.05)).start()

    def layer(phone) -> dict:
        return next((n for n in reversed(phone.notices) if n.get("t") == "a11y"), {})

    async def main():
        phone = await Phone(ht.host.gateway.port, 390, 844, 2, name="Pia", verb="short").open()
        try:
            await phone.first_frame()
            st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
            await phone.tap_widget(st, "play_btn")
            await phone.wait(lambda s: layer(phone).get("verb") == "short" and layer(phone).get("hand"), 20,
                             "the table, short")
            def bots_said() -> list[str]:
                return [x for n in phone.notices if n.get("t") == "a11y"
                        for x in (n.get("news") or {}).get("say", []) if re.match(r"^Bot \d( legt |: )", x)]
            await phone.wait(lambda s: bots_said(), 20, "a bot's line")
            assert all(": " in x and " legt " not in x for x in bots_said()), bots_said()
            await phone.send({"t": "act", "id": "verb:long"})
            await phone.wait(lambda s: layer(phone).get("verb") == "long", 10, "long")
            session = next(iter(ht.host.gateway.sessions.values()))
            assert session.verb == "long"
        finally:
            await phone.close()
        await asyncio.sleep(0)

    try:
        run(main(), 90)
    finally:
        ht.stop()


def test_someone_away_and_back_is_said_with_its_sounds(table, cfg):
    """A player's connection drops: "Ben ist weg" is said once (the notice and the log's line
    are one event) with the "away" sound; back at the seat: "back"."""
    t = table("maumau", "MM-STD", 5, players=3, bots=1, bot_delay=0.2)
    other = make_app(size=(390, 844))
    try:
        other.controller.settings.name = "Ben"
        other.controller.join(LOOPBACK, t.ht.port)

        def both(pred):
            return lambda s: other.step(block=False) is not None and pred(s)
        t.until(both(lambda s: t.game is not None and other.controller.game_scene() is not None and s["hand"]), 20,
                "both at the table")
        other.controller.client.hold(True)             # the connection drops (as a sleeping phone's page)
        t.until(lambda s: any(c == "away" for _x, c in t.reader.said), 15, "the away sound")
        away = [x for x, c in t.reader.said if c == "away"]
        assert len(away) == 1 and "Ben" in away[0], t.reader.said
        other.controller.client.hold(False)            # and comes back
        t.until(both(lambda s: any(c == "back" for _x, c in t.reader.said)), 15, "the back sound")
        # one line for each: the notice's words ("· der Tisch wartet 30 s") with the log's sound
        gone = i18n.t("away.left", name="Ben", s=0).split(" · ")[0]
        assert len([x for x, _c in t.reader.said if x.startswith(gone)]) == 1, t.reader.said
        assert len([x for x, _c in t.reader.said if x == i18n.t("away.back", name="Ben")]) == 1, t.reader.said
    finally:
        other.close()


@pytest.mark.slow
def test_a_new_deal_is_not_said_as_cards_come_into_the_hand(table):
    """The next round's deal gives a whole new hand: the reader hears the round begin, not
    "Neu auf der Hand: ..." with every card of it (a drawn card still is, test above)."""
    t = table("praesident", "PR-002", 5, auto_next=0.5)
    over = ("round_over", "match_over")
    while t.game.view.get("phase") not in over:
        sem = t.until(lambda s: t.ready() or t.game.view.get("phase") in over, 30, "a turn or the end")
        if t.game.view.get("phase") not in over:
            t.made(sem["moves"][0]["id"] if sem["moves"] else "w:pass_btn")
    heard = len(t.reader.said)
    t.until(lambda s: t.game is not None and t.game.view.get("round_no") == 2 and t.game.view.get("hand"), 30,
            "round 2 dealt")
    for _ in range(50):                 # a while for whatever the reader says of the deal
        t.look()
        t.app.step(block=False)
        time.sleep(0.02)
    news = i18n.t("a11y.new_cards", cards="")
    said = [x for x, _c in t.reader.said[heard:]]
    assert said, "nothing said of round 2"
    assert not [x for x in said if x.startswith(news) and x.count(",") >= 3], said

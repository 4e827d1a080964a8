"""The plain table shows a trick game as players expect (issue 45, points 2 to 6): a trick by
seat with its winner and the last trick, every seat's score readable on a phone, the game's own
words with names and numbers in the table's language and an instruction line clear of the
Tipp, the results and standings from the view, and a move that picks N cards as one move shape
for the table, the Tipp, the screen-reader layer and the bots.

In-process: the guide's third example ("Stiche ansagen", tests/plugins/felt_stiche/, on the
plain table) and a game with a three-card pass (tests/toy_pass.py)."""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from felt import games  # noqa: E402
from felt.contract import table_view  # noqa: E402
from felt.ui import i18n, layout  # noqa: E402
from felt.ui.game_table import PlainTableScene  # noqa: E402
from felt.ui.scene import PRESS, RELEASE, Input  # noqa: E402
from felt.ui.widgets import layout_text  # noqa: E402

STICHE = Path(__file__).resolve().parent / "plugins" / "felt_stiche"
NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]
SIZES = [((390, 844), 1.0), ((780, 1688), 2.0), ((1280, 720), 1.0), ((844, 390), 1.0)]
SIZE_IDS = ["phone", "phone@2", "laptop", "phone-sideways"]


@pytest.fixture(scope="module")
def stiche():
    sys.path.insert(0, str(STICHE))
    try:
        from felt_stiche import GAME
    finally:
        sys.path.remove(str(STICHE))
    games.register(GAME)
    pygame.init()
    yield GAME
    games.unregister(GAME.id)


@pytest.fixture(scope="module")
def passing():
    from tests.toy_pass import GAME
    games.register(GAME)
    pygame.init()
    yield GAME
    games.unregister(GAME.id)


def played(game, until, n=4, seed=3, rules=None):
    """A seeded match of the normal bots up to the first state ``until`` takes."""
    state, _ = game.new_match(game.template(rules or game.template_ids()[0]), n, seed)
    bots = [game.make_bot("normal", seed=i) for i in range(n)]
    for _ in range(5000):
        if until(state):
            return state
        if state.phase == "round_over":
            state, _ = game.next_round(state)
            continue
        assert state.phase != "match_over", "the match ended before the state asked for"
        move = bots[state.to_move].choose(game.view(state, state.to_move))
        game.apply_inplace(state, state.to_move, game.move_from_wire(move) if isinstance(move, dict) else move)
    raise AssertionError("no such state")


def scene(view, size=(390, 844), density=1.0, names=NAMES):
    layout.set_density(density)
    sc = PlainTableScene(None, names=list(names[:view["n"]]), settings={"muted": True}, on_move=lambda m: None)
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(*size)
    sc.set_view(view, [])
    for _ in range(5):
        sc.update(0.1)
    sc.draw(pygame.Surface(size))
    return sc


def tap(sc, point):
    sc.handle(Input(PRESS, tuple(point), source="touch"))
    sc.handle(Input(RELEASE, tuple(point), source="touch"))


@pytest.fixture(autouse=True)
def _reset():
    yield
    layout.set_density(1.0)
    i18n.set_lang("de")


# ----------------------------------------------------------------------------- 2. a trick by seat
@pytest.mark.parametrize("size,density", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("n", [3, 6])
def test_each_card_of_the_trick_lies_under_the_seat_that_played_it(stiche, size, density, n):
    state = played(stiche, lambda s: s.phase == "play" and len(s.trick) == n - 1 and s.round_no >= 3, n=n)
    view = stiche.view(state, state.to_move)
    sc = scene(view, size, density)
    plays = view["table"]["trick"]["cards"]
    assert len(plays) == n - 1 and sc.trick_shown()[0] == plays
    for seat, _card in plays:
        card, box = sc.trick_rects[seat], sc.seat_rect(seat)
        assert abs(card.centerx - box.centerx) <= 1, (seat, card, box)       # right under its seat
        assert card.top > box.bottom and sc.middle.contains(card)
        assert card.w >= layout.dp(30)                                        # a card, not a dot
    others = [sc.trick_rects[s] for s, _c in plays]
    assert all(not a.colliderect(b) for i, a in enumerate(others) for b in others[i + 1:])


def test_the_trick_taken_shows_its_winner_until_the_next_lead_and_the_last_trick_on_a_tap(stiche):
    state = played(stiche, lambda s: s.phase == "play" and not s.trick and s.last is not None and s.round_no >= 3)
    winner = state.last["winner"]
    view = stiche.view(state, 0)
    sc = scene(view)
    plays, shown_winner, last = sc.trick_shown()
    assert (plays, shown_winner, last) == (state.last["cards"], winner, True)
    who = "Du nimmst den Stich" if winner == 0 else f"{NAMES[winner]} nimmt den Stich"
    assert sc.trick_caption() == who
    assert [t.text for t in sc.seat_lines(winner).tags][:1] == ["Stich"]
    assert not sc.last_trick_btn.visible                  # the last trick is in place: nothing to look up
    # the next lead: the new trick in place, the last one a tap away
    seat = state.to_move
    stiche.apply_inplace(state, seat, stiche.legal_moves(state)[0])
    sc.set_view(stiche.view(state, 0), [])
    sc.draw(pygame.Surface((390, 844)))
    assert sc.trick_shown()[2] is False and sc.trick_caption() == ""
    btn = sc.last_trick_btn
    assert btn.visible and btn.rect.w and sc.middle.contains(btn.rect)
    tap(sc, btn.rect.center)
    assert sc.trick_shown() == (state.last["cards"], winner, True)
    assert sc.trick_caption() == f"Letzter Stich: {'Du' if winner == 0 else NAMES[winner]}"
    tap(sc, btn.rect.center)
    assert sc.trick_shown()[2] is False


# ----------------------------------------------------------------------------- 3. scores always visible
def _drawn_texts(monkeypatch, module):
    drawn = []
    real = module.draw_text

    def spy(surface, text, rect, px, *a, **kw):
        drawn.append((str(text), pygame.Rect(rect), px, kw.get("min_px", 9)))
        return real(surface, text, rect, px, *a, **kw)
    monkeypatch.setattr(module, "draw_text", spy)
    return drawn


@pytest.mark.parametrize("n", [4, 5, 6])
@pytest.mark.parametrize("size,density", SIZES[:2], ids=SIZE_IDS[:2])
def test_every_seats_score_reads_on_a_phone_with_up_to_six_seats(stiche, monkeypatch, n, size, density):
    from felt.ui import seat_card
    state = played(stiche, lambda s: s.phase == "play" and s.round_no == 3, n=n)
    view = stiche.view(state, 0)
    drawn = _drawn_texts(monkeypatch, seat_card)
    sc = scene(view, size, density)
    assert sc.note_line                                   # narrow boxes: the line on a line of its own
    for seat in range(n):
        note = sc.seat_lines(seat).note
        assert note == f"{state.tricks[seat]}/{'–' if state.bids[seat] is None else state.bids[seat]} · " \
                       f"{state.scores[seat]}"
        at = [(r, px, lo) for text, r, px, lo in drawn if text == note]
        assert at, f"seat {seat}'s line {note!r} is not drawn"
        r, px, lo = at[0]
        assert sc.seat_rect(seat).contains(r)
        size_used, lines = layout_text(note, r.w, r.h, px, min_px=lo)
        assert list(lines) == [note] and size_used >= layout.dp(10), (note, size_used, lines)


def test_the_standings_are_one_tap_away_during_a_round(stiche, monkeypatch):
    from felt.ui import game_table
    state = played(stiche, lambda s: s.phase == "play" and s.round_no == 3, n=6)
    sc = scene(stiche.view(state, 0))
    drawn = _drawn_texts(monkeypatch, game_table)
    btn = sc.standings_btn
    assert btn.visible and btn.text == "Punkte"
    tap(sc, btn.rect.center)
    assert sc.standings_open
    sc.draw(pygame.Surface((390, 844)))
    said = [t for t, *_ in drawn]
    assert "Punktestand" in said and all(str(v) in said for v in state.scores)
    assert all(NAMES[s] in said for s in range(1, 6))
    tap(sc, (20, 600))                                    # a tap anywhere closes it
    assert not sc.standings_open


# ----------------------------------------------------------------------------- 4. words from the game
def test_the_views_texts_are_said_in_the_tables_language_with_names_and_numbers(stiche):
    state = played(stiche, lambda s: s.phase == "play" and s.round_no >= 2 and len(s.trick) == 1)
    seat = state.to_move
    view = stiche.view(state, seat)
    led = view["table"]["trick"]["cards"][0][1]
    for lang, follow, legend in (("de", "Farbe bedienen", "Stiche/Ansage · Punkte"),
                                 ("en", "Follow suit", "Tricks/bid · points")):
        i18n.set_lang(lang)
        sc = scene(view)
        assert sc.say_line() == f"{follow}: {'♣♠♥♦'[led // 13]}"
        assert sc.words(view["table"]["labels"][0]) == legend
    # a player's name as an argument: "Du" (and the text's _me form) for the window's own seat
    i18n.add_texts({"toy.gives": ("{name} gibt", "{name} deals"), "toy.gives_me": ("Du gibst", "You deal")})
    i18n.set_lang("de")
    sc = scene(view)
    assert sc.words({"text": "toy.gives", "args": {"name": {"seat": (seat + 1) % 4}}}) == \
        f"{NAMES[(seat + 1) % 4]} gibt"
    assert sc.words({"text": "toy.gives", "args": {"name": {"seat": seat}}}) == "Du gibst"
    assert sc.words("plain") == "plain"
    with pytest.raises(table_view.TableError, match="argument"):
        table_view.check_table({"say": {"text": "toy.gives", "args": {"name": [1, 2]}}})


def _layout_problems(sc, size):
    from felt.ui import png
    from felt.ui.text_layout import Patches, TextRecorder, problems
    patches = Patches()
    rec = TextRecorder(patches)
    try:
        surface = pygame.Surface(size)
        sc.draw(surface)
        png.save_png(surface, "shot.png")        # the recorder takes the shot; nothing is written
    finally:
        patches.undo()
    return [p for shot in rec.shots for p in problems(shot)]


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (1280, 720)])
def test_the_instruction_line_and_the_labels_keep_clear_of_the_tipp(passing, size):
    """A Tipp taken on a phone (its button and its sentence on the felt) beside the labels, the
    instruction line and a pile: no text over another, over a control, or cut."""
    state, _ = passing.new_match(passing.template("PC-1"), 4, 2)
    view = passing.view(state, 0)
    view["table"]["labels"] = ["Runde 1 · Schieben nach links"]
    pygame.display.set_mode((1, 1))
    sc = scene(view, size)
    assert sc.take_hint() and sc.hint_line()
    assert sc.say_line() == "Wähle 3 Karten für Ben"
    assert not sc.say_row.colliderect(sc.hint_btn.rect) and not sc.labels_rect.colliderect(sc.hint_btn.rect)
    assert _layout_problems(sc, size) == []


# ----------------------------------------------------------------------------- 5. results from the view
def test_a_rounds_end_shows_who_won_and_the_standings_from_the_view(stiche, monkeypatch):
    from felt.ui import game_table
    state = played(stiche, lambda s: s.phase == "round_over" and s.round_no == 2)
    view = stiche.view(state, 0)
    best = max(state.points[-1])
    won = [i for i in range(4) if state.points[-1][i] == best]
    assert view["table"]["standings"]["won"] == won
    drawn = _drawn_texts(monkeypatch, game_table)
    sc = scene(view, (390, 844))
    said = [t for t, *_ in drawn]
    names = ["Du" if s == 0 else NAMES[s] for s in won]
    if len(won) == 1:
        want = "Du gewinnst die Runde!" if won == [0] else f"{NAMES[won[0]]} gewinnt die Runde"
    else:
        want = f"{', '.join(names[:-1])} und {names[-1]} gewinnen die Runde"
    assert sc.won_line() == want and want in said
    assert ["R1", "R2", "Σ"] == [t for t in said if t in ("R1", "R2", "Σ")]
    for row in state.points:
        assert all(str(v) in said for v in row)
    assert sc.round_controls.buttons()                                  # "Nächste Runde" under it
    assert i18n.t("pt.a11y_total", name="Ben", points=state.scores[1]) in sc.a11y_text()


def test_the_matchs_end_names_the_winner_in_both_languages(stiche):
    state = played(stiche, lambda s: s.phase == "match_over", rules="ST-KURZ")
    view = stiche.view(state, 1)
    for lang, me, other in (("de", "Du gewinnst die Partie!", "gewinnt die Partie"),
                            ("en", "You win the match!", "wins the match")):
        i18n.set_lang(lang)
        sc = scene(view, (1280, 720))
        assert sc.results_shown()
        line = sc.won_line()
        assert line == me if state.winner == 1 else line == f"{NAMES[state.winner]} {other}"


# ----------------------------------------------------------------------------- 6. picking cards
def test_a_three_card_pass_is_one_move_in_the_view_made_by_three_taps_and_its_button(passing):
    state, _ = passing.new_match(passing.template("PC-1"), 4, 5)
    assert len(passing.legal_moves(state)) == 286                  # the engine's choices ...
    view = passing.view(state, 0)
    assert view["legal"] == [{"kind": "pass", "pick": 3}]          # ... one move in the view
    sc = scene(view)
    btn = sc.move_buttons[0]
    assert btn.text == "Schieben" and not btn.enabled and btn.badge == "0/3"
    hand = view["hand"]
    for k, c in enumerate(hand[:4]):
        tap(sc, sc.tap_point(["card", c]))
        assert len(sc.selected) == min(k + 1, 3)
    assert sc.selected == hand[1:4]                                # a fourth card: the first gives way
    assert btn.enabled and btn.badge == "3/3" and not sc.outbox
    tap(sc, btn.rect.center)
    assert sc.outbox == [{"kind": "pass", "cards": sorted(hand[1:4])}]
    assert passing.is_legal(state, 0, passing.move_from_wire(sc.outbox[0]))
    assert sc.gesture(view["legal"][0]) == [["card", c] for c in hand[:3]] + [["widget", "move_buttons[0]"]]


def test_the_tipp_picks_the_bots_three_cards_and_lights_the_button(passing):
    state, _ = passing.new_match(passing.template("PC-1"), 4, 5)
    view = passing.view(state, 0)
    sc = scene(view)
    assert sc.take_hint()
    want = sorted(view["hand"])[-3:]                               # the bot passes its highest three
    assert sorted(sc.selected) == want and sc.hint["next"] == ["widget", "move_buttons[0]"]
    assert sc.hint_target() == sc.move_buttons[0].rect and sc.move_buttons[0].enabled
    tap(sc, sc.move_buttons[0].rect.center)
    assert sc.outbox == [{"kind": "pass", "cards": want}]


def test_the_screen_reader_layer_picks_the_cards_and_confirms(passing):
    from felt.ui import a11y
    state, _ = passing.new_match(passing.template("PC-1"), 4, 5)
    view = passing.view(state, 0)
    sc = scene(view)
    ctl = SimpleNamespace(main=sc, kind="table", lobby=None, game_scene=lambda: sc,
                          playlog=SimpleNamespace(lines=lambda ctx: []))
    app = SimpleNamespace(controller=ctl, stack=SimpleNamespace(top=sc, banner=SimpleNamespace(visible=False)))
    sem, targets = a11y.build(app)
    assert "Wähle 3 Karten für Ben" in sem["info"]
    act = next(a for a in sem["acts"] if a["name"] == "Schieben")
    assert act["off"] and act["id"] not in targets
    for c in view["hand"][:3]:
        tap(sc, targets[f"card:{c}"])
    sem, targets = a11y.build(app)
    assert [h["on"] for h in sem["hand"]][:4] == [True, True, True, False]
    act = next(a for a in sem["acts"] if a["name"] == "Schieben")
    assert not act["off"]
    tap(sc, targets[act["id"]])
    assert sc.outbox == [{"kind": "pass", "cards": sorted(view["hand"][:3])}]


def test_the_random_fallbacks_of_the_host_and_the_bot_clients_make_a_pick_move(passing):
    from felt.net.table import RandomBot
    state, _ = passing.new_match(passing.template("PC-1"), 4, 5)
    view = passing.view(state, 0)
    bot = RandomBot(seed=4)
    for _ in range(20):
        move = bot.choose(view)
        assert move["kind"] == "pass" and "pick" not in move and len(set(move["cards"])) == 3
        assert passing.is_legal(state, 0, passing.move_from_wire(move))
    rng = random.Random(1)
    among = {"kind": "pass", "pick": 2, "among": view["hand"][:3]}
    assert set(table_view.random_move({"legal": [among], "hand": view["hand"]}, rng)["cards"]) <= set(view["hand"][:3])
    assert table_view.pick_of([among], {"kind": "pass", "cards": view["hand"][3:5]}, view["hand"]) is None


@pytest.mark.parametrize("size", [(844, 390), (640, 360)])
def test_a_phone_held_sideways_keeps_the_trick_the_trump_and_the_line_readable(stiche, size):
    state = played(stiche, lambda s: s.phase == "play" and len(s.trick) == 2 and s.last is not None
                   and s.round_no >= 4, n=6)
    view = stiche.view(state, state.to_move)
    pygame.display.set_mode((1, 1))
    sc = scene(view, size)
    assert sc.short and all(sc.trick_rects[s].w >= layout.dp(30) for s, _c in view["table"]["trick"]["cards"])
    trump = sc.pile_rects["trump"]
    assert trump.h >= layout.dp(50) and not any(trump.colliderect(r) for r in sc.card_rects.values())
    assert not sc.say_rect().colliderect(sc.last_trick_btn.rect) and not sc.say_rect().colliderect(
        sc.standings_btn.rect)
    assert _layout_problems(sc, size) == []


def test_the_hosts_bots_fall_back_to_a_pick_of_their_own_when_a_bot_returns_the_shape(passing, monkeypatch):
    """A game's bot that returns the pick move as the view has it (no cards chosen): the host
    plays a random choice of three cards for it, and the match goes on."""
    from tests.test_net_table import Driver

    class Lazy:
        def choose(self, view):
            return view["legal"][0]
    monkeypatch.setattr(type(passing), "make_bot", lambda self, level, seed=None, think_ms=None: Lazy())
    d = Driver(rules="PC-1", players=4, bots=4, bot_delay=0.0)
    d.t.start_match(d.clock.t)
    d.pump()
    assert d.t.state.phase == "pass"
    for _ in range(4):
        d.t.tick(d.clock.t)
        d.pump()
    state = d.t.state
    assert state.phase == "play" and all(len(h) == 13 for h in state.hands)
    assert passing.check_cards(state) is None


def test_a_trick_the_view_marks_as_taken_lights_its_winner_in_place(stiche):
    state = played(stiche, lambda s: s.phase == "play" and len(s.trick) == 3 and s.round_no >= 3)
    view = stiche.view(state, 0)
    plays = view["table"]["trick"]["cards"]
    view["table"]["trick"] = {"cards": plays, "winner": plays[1][0]}       # a game that keeps the whole trick
    sc = scene(view)
    assert sc.trick_shown() == (plays, plays[1][0], False)
    name = "Du nimmst den Stich" if plays[1][0] == 0 else f"{NAMES[plays[1][0]]} nimmt den Stich"
    assert sc.trick_caption() == name and not sc.last_trick_btn.visible


def test_the_pass_toy_keeps_the_contract_a_pick_made_by_taps_included(passing, tmp_path):
    """`felt check-game`'s checks that a pick move touches, on the toy with a three-card pass:
    every phase draws, every legal move (the pick: three cards and the button) is made by taps,
    the views hide the hands, the table keeps to the vocabulary, a round of the host's bots over
    loopback resumes from its journal, a match ended at once has no winner."""
    from felt import devcheck
    ctx = devcheck.Context(tmp_path, quick=True)
    devcheck.check_scenes(passing, ctx, sizes=["phone"])
    for check in (devcheck.check_taps, devcheck.check_view_hides, devcheck.check_table_vocabulary,
                  devcheck.check_loopback_resume, devcheck.check_ended_early):
        check(passing, ctx)


def test_a_tap_on_a_button_beside_the_open_standings_closes_them_and_presses_it(stiche):
    state = played(stiche, lambda s: s.phase == "bid" and s.to_move == 0 and s.round_no == 2)
    sc = scene(stiche.view(state, 0))
    tap(sc, sc.standings_btn.rect.center)
    assert sc.standings_open
    tap(sc, (sc.results_rect().centerx, sc.results_rect().centery))      # on the panel: it closes, no more
    assert not sc.standings_open and not sc.outbox
    tap(sc, sc.standings_btn.rect.center)
    bid = sc.move_buttons[0]
    tap(sc, bid.rect.center)
    assert not sc.standings_open and sc.outbox == [sc.move_btns[0][1]] and sc.outbox[0]["kind"] == "bid"

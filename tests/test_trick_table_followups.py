"""Issue 45's follow-ups, seen live at the third example's table ("Stiche ansagen", on the plain
table): the log of a round starts with the round and keeps the bids out of the tricks; a bid's
button is read out with the move's words; the trick's leader is marked on the table; the guide's
first example (Höhere Karte) shows its trick by seat; a low window keeps the round's last trick
reachable at the results. In-process, no subprocess."""
from __future__ import annotations

import os
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from felt import games  # noqa: E402
from felt.contract.table_view import default_card  # noqa: E402
from felt.ui import i18n, layout, theme  # noqa: E402
from felt.ui.playlog import LogContext, PlayLog  # noqa: E402
from tests.test_plain_table_trick import NAMES, _layout_problems, played, scene, stiche, tap  # noqa: E402,F401 (stiche: the fixture)

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "felt" / "games" / "ADDING.md"


@pytest.fixture(autouse=True)
def _reset():
    yield
    layout.set_density(1.0)
    i18n.set_lang("de")


# ----------------------------------------------------------------------------- 1. the log
def logged(game, until, n=3, seed=5, seat=0):
    """The window's log of ``seat`` (the events it got, as the controller feeds them) over a
    match of the normal bots, up to the first state ``until`` takes, and that state."""
    state, events = game.new_match(game.template("ST-STD"), n, seed)
    log = PlayLog(game.id)
    log.add_events(game.filter_events(events, seat))
    bots = [game.make_bot("normal", seed=i) for i in range(n)]
    while not until(state):
        if state.phase == "round_over":
            state, events = game.next_round(state)
        else:
            move = bots[state.to_move].choose(game.view(state, state.to_move))
            state, events = game.apply(state, state.to_move, game.move_from_wire(move))
        log.add_events(game.filter_events(events, seat))
    return log, state


def sections(log, ctx):
    """(heading, lines) per section, newest on top, as the panel draws them."""
    return [(log.heading(ti), [log.text_fn(e, ctx) for e in log.tricks[ti]])
            for ti in range(len(log.tricks) - 1, -1, -1) if log.tricks[ti]]


CTX = LogContext(names=NAMES[:3], me=0, deck=[default_card(c) for c in range(52)])


def test_a_new_round_starts_the_log_anew_with_the_bids_as_its_opening(stiche):
    log, state = logged(stiche, lambda s: s.round_no == 3 and s.phase == "play" and not s.trick)
    said = sections(log, CTX)
    dealer = NAMES[state.dealer] if state.dealer else "Du"
    assert len(said) == 1, said                               # nothing of rounds 1 and 2 is left
    head, lines = said[0]
    assert head == "Rundenbeginn"                             # not "Dieser Stich"
    assert lines[0] == (f"Runde 3: {dealer} gibt" if state.dealer else "Runde 3: Du gibst")
    assert len(lines) == 4 and all(" an" in x for x in lines[1:])        # the three bids
    # the first card opens "Stich 1"; the bids stay the round's opening
    log2, _state = logged(stiche, lambda s: s.round_no == 3 and s.phase == "play" and len(s.trick) == 1)
    said = sections(log2, CTX)
    assert [h for h, _l in said] == ["Dieser Stich", "Rundenbeginn"]
    assert len(said[0][1]) == 1 and re.search(r" spielst? ", said[0][1][0]) and said[1] == sections(log, CTX)[0]


def test_every_trick_of_a_round_is_numbered_from_its_first_play_and_bids_are_never_in_a_trick(stiche):
    log, state = logged(stiche, lambda s: s.round_no == 4 and s.phase == "play" and sum(s.tricks) == 3
                        and not s.trick)
    entries = [(log.heading(ti), e.kind) for ti in range(len(log.tricks)) for e in log.tricks[ti]]
    assert {h for h, k in entries if k == "bid"} == {"Rundenbeginn"}
    assert [log.heading(ti) for ti in range(len(log.tricks))] == ["Rundenbeginn", "Stich 1", "Stich 2", "Stich 3"]
    assert all(log.tricks[ti][-1].kind == "trick" for ti in range(1, 4))        # each ends with its winner
    i18n.set_lang("en")
    assert [log.heading(ti) for ti in range(len(log.tricks))] == ["Round start", "Trick 1", "Trick 2", "Trick 3"]


def test_the_guides_words_for_the_stiche_log_are_what_it_says(stiche):
    """The round "The log of a round" quotes (Anna's table of three, seed 5, the normal bots,
    the third round's first trick taken) is this one, in both languages."""
    text = " ".join(GUIDE.read_text(encoding="utf-8").split("**The log of a round.**")[1]
                    .split("**What the guide had to add")[0].split())
    log, _state = logged(stiche, lambda s: s.round_no == 3 and sum(s.tricks) == 1 and not s.trick)
    for lang in ("de", "en"):
        i18n.set_lang(lang)
        for head, lines in sections(log, CTX):
            quoted = re.findall(rf'"{re.escape(head)}: ([^"]*)"', text)
            assert quoted, (head, text)
            parts = quoted[0].split(", ")
            got = ", ".join(lines)
            assert all(p == "…" or p in got for p in parts), (quoted[0], got)
            assert got.startswith(parts[0]) and (parts[-1] == "…" or got.endswith(parts[-1]))


def test_the_match_s_last_round_ends_in_the_log_too(stiche):
    log, state = logged(stiche, lambda s: s.phase == "match_over", seed=2)
    assert state.phase == "match_over"
    assert [e.kind for e in log.entries()][-2:] == ["trick", "round_over"]


# ----------------------------------------------------------------------------- 2. a button read out
def _app(sc):
    ctl = SimpleNamespace(main=sc, kind="table", lobby=None, game_scene=lambda: sc,
                          playlog=SimpleNamespace(lines=lambda ctx: []))
    return SimpleNamespace(controller=ctl, stack=SimpleNamespace(top=sc, banner=SimpleNamespace(visible=False)))


def test_a_bid_button_is_read_out_with_the_moves_words_in_both_languages(stiche):
    from felt.ui import a11y
    state = played(stiche, lambda s: s.phase == "bid" and s.to_move == 0 and s.round_no == 3)
    view = stiche.view(state, 0)
    bids = [m["n"] for m in view["legal"]]
    for lang, one, other in (("de", "Ansage: 1 Stich", "Ansage: {n} Stiche"), ("en", "Bid 1 trick", "Bid {n} tricks")):
        i18n.set_lang(lang)
        sc = scene(view)
        assert [b.text for b in sc.move_buttons] == [str(n) for n in bids]        # the buttons show the number
        sem, targets = a11y.build(_app(sc))
        said = {a["name"]: a["id"] for a in sem["acts"] if a["id"].startswith("w:move_buttons")}
        want = [one if n == 1 else other.format(n=n) for n in bids]
        assert list(said) == want, sem["acts"]
        assert not any(a["name"] in [str(n) for n in bids] for a in sem["acts"])
    tap(sc, targets[said[want[-1]]])                      # the reader's tap makes that bid
    assert sc.outbox == [{"kind": "bid", "n": bids[-1]}]


def test_a_button_without_spoken_words_is_read_as_it_shows():
    from felt.ui import a11y
    from felt.ui.widgets import Button
    b = Button("Schieben", lambda: None)
    assert a11y.button_label(b) == "Schieben"
    b.a11y_label = "  Drei   Karten schieben "
    assert a11y.button_label(b) == "Drei Karten schieben"


def test_check_game_formats_a_moves_spoken_words_and_finds_a_wrong_argument(stiche, tmp_path):
    from felt import devcheck
    ctx = devcheck.Context(tmp_path, quick=True)
    devcheck.check_table_vocabulary(stiche, ctx)              # "Ansage: {n} Stiche" takes the bid's n

    class Misspoken(type(stiche)):
        id = "stiche_misspoken"
    bad = Misspoken()
    i18n.add_texts({"stiche_misspoken.move.bid.spoken": ("Ansage: {tricks}", "Bid {tricks}")})
    games.register(bad)
    try:
        with pytest.raises(devcheck.CheckFailed, match=r"stiche_misspoken\.move\.bid\.spoken.*arguments"):
            devcheck.check_table_vocabulary(bad, ctx)
    finally:
        games.unregister(bad.id)


# ----------------------------------------------------------------------------- 3. who leads
@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 720)])
def test_the_trick_s_leader_is_marked_at_the_first_card(stiche, size):
    state = played(stiche, lambda s: s.phase == "play" and len(s.trick) == 2 and s.round_no >= 3, n=6)
    view = stiche.view(state, state.to_move)
    sc = scene(view, size)
    leader = view["table"]["trick"]["cards"][0][0]
    mark = sc.lead_mark_rect()
    assert mark is not None and sc.trick_rects[leader].contains(mark) and mark.w >= layout.dp(16)
    surface = pygame.Surface(size)
    sc.draw(surface)
    inside = [tuple(surface.get_at((mark.centerx + dx, mark.centery + dy))[:3])
              for dx, dy in ((-mark.w // 4, 0), (0, -mark.h // 4), (mark.w // 4, mark.h // 4))]
    assert theme.INFO in inside, inside                   # the disc, drawn over the card
    who = "Du hast ausgespielt" if leader == state.to_move else f"{NAMES[leader]} hat ausgespielt"
    assert who in sc.a11y_text()
    assert _layout_problems(sc, size) == []


def test_no_mark_before_the_lead_and_the_last_trick_keeps_its_own(stiche):
    state = played(stiche, lambda s: s.phase == "bid" and s.round_no == 2)
    assert scene(stiche.view(state, 0)).lead_mark_rect() is None
    state = played(stiche, lambda s: s.phase == "play" and not s.trick and s.last is not None and s.round_no >= 3)
    sc = scene(stiche.view(state, 0))
    assert sc.lead_mark_rect() is not None and sc.trick_rects[state.last["cards"][0][0]].contains(sc.lead_mark_rect())


# ----------------------------------------------------------------------------- 4. the first example
def test_the_guides_first_example_shows_its_trick_by_seat_and_who_took_it():
    from tests.toy_highcard import GAME
    assert GAME.contract == "1.3"
    state, _ = GAME.new_match(GAME.template("HC-1"), 3, 7)
    games.register(GAME)
    try:
        for _ in range(2):
            GAME.apply_inplace(state, state.to_move, GAME.legal_moves(state)[0])
        view = GAME.view(state, state.to_move)
        trick = view["table"]["trick"]
        assert trick["id"] == "middle" and trick["target"] and [s for s, _c in trick["cards"]] == [0, 1]
        sc = scene(view, (390, 844), names=NAMES[:3])
        assert sc.trick_shown() == (trick["cards"], None, False)
        for seat, _c in trick["cards"]:
            assert abs(sc.trick_rects[seat].centerx - sc.seat_rect(seat).centerx) <= 1
        card = view["hand"][0]                              # a card dropped on the trick is played
        tap(sc, sc.card_rects[card].center)
        tap(sc, sc.pile_rects["middle"].center)
        assert sc.outbox == [{"kind": "play", "cards": [card], "target": "middle"}]
        GAME.apply_inplace(state, state.to_move, GAME.legal_moves(state)[0])       # the trick is taken
        view = GAME.view(state, 0)
        win = view["table"]["trick"]["last"]["winner"]
        sc = scene(view, (1280, 720), names=NAMES[:3])
        assert sc.trick_shown()[1:] == (win, True)
        assert sc.trick_caption() == ("Du nimmst den Stich" if win == 0 else f"{NAMES[win]} nimmt den Stich")
    finally:
        games.unregister(GAME.id)


def test_the_frozen_1_0_package_keeps_its_middle_pile():
    source = (ROOT / "tests" / "plugins" / "felt_highcard_1_0" / "felt_highcard" / "__init__.py").read_text("utf-8")
    assert '"piles": [{"id": "middle"' in source and '"trick": {' not in source and "contract =" not in source


# ----------------------------------------------------------------------------- 5. a low window's results
@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", [(844, 390), (640, 360)])
def test_a_low_window_keeps_the_rounds_last_trick_a_tap_away_at_the_results(stiche, size, lang):
    state = played(stiche, lambda s: s.phase == "round_over" and s.round_no == 3, n=6)
    view = stiche.view(state, 0)
    pygame.display.set_mode((1, 1))
    i18n.set_lang(lang)
    sc = scene(view, size)
    assert sc.results_shown() and not sc.results_under_trick(sc.won_line())      # no room for both
    btn = sc.last_trick_btn
    panel = sc.results_rect(sc.won_line())
    assert btn.visible and btn.text == i18n.t("pt.last_trick") and panel.contains(btn.rect)
    assert btn.rect.h >= layout.dp(28)
    assert not any(btn.rect.colliderect(b.rect) for b in sc.round_controls.buttons() if b.visible)
    assert _layout_problems(sc, size) == []
    tap(sc, btn.rect.center)                                  # the trick in the results' place
    assert sc.showing_last and not sc.results_shown()
    plays = state.last["cards"]
    assert sc.trick_shown() == (plays, state.last["winner"], True)
    for seat, _c in plays:
        r = sc.trick_rects[seat]
        assert r.w >= layout.dp(30) and sc.middle.contains(r)
    assert sc.trick_caption() == i18n.t("pt.last_trick_won", name=sc.seat_name(state.last["winner"]))
    assert btn.visible and btn.text == i18n.t("pt.results") == ("Ergebnis" if lang == "de" else "Results")
    assert not any(btn.rect.colliderect(b.rect) for b in sc.round_controls.buttons() if b.visible)
    assert not any(btn.rect.colliderect(sc.trick_rects[s]) for s, _c in plays)
    assert _layout_problems(sc, size) == []
    tap(sc, btn.rect.center)                                  # and back
    assert not sc.showing_last and sc.results_shown() and btn.text == i18n.t("pt.last_trick")


def test_where_the_results_leave_room_the_last_trick_stays_over_them(stiche):
    state = played(stiche, lambda s: s.phase == "round_over" and s.round_no == 3, n=6)
    sc = scene(stiche.view(state, 0), (390, 844))
    assert sc.results_under_trick(sc.won_line()) and not sc.last_trick_btn.visible

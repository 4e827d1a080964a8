"""The Mau-Mau table scene: renders every phase at phone and laptop sizes, and taps, clicks,
drags and keys send exactly the engine's legal wire moves (Bube with the picked suit, Mau
call). Playing is deliberate as at the Präsident table: a tap raises a card, a second tap or
"Legen" plays it, a drag onto the piles plays it at once; the suit picker has "Abbrechen"."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.games.maumau.engine import DRAW, Move, position  # noqa: E402
from felt.games.maumau.rules import load_template  # noqa: E402
from felt.games.maumau.scene import MauMauScene  # noqa: E402
from felt.games.maumau.snapshots import demo_views, render  # noqa: E402
from felt.ui import i18n  # noqa: E402
from felt.ui.scene import BACK, KEY, MOTION, PRESS, RELEASE, Input, map_event  # noqa: E402

GAME = games.get("maumau")
STD = load_template("MM-STD")
SIZES = [(390, 844), (1280, 720)]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    i18n.set_lang("de")
    yield


def cid(s, code):
    return next(c.id for c in s.deck if c.code == code)


def scene_for(s, seat=0, size=(1280, 720), events=()):
    sc = MauMauScene(names=["Anna", "Beat", "Carla", "Dominik"][:s.n])
    sc.set_size(*size)
    sc.set_view(GAME.view(s, seat), events)
    return sc


def tap(sc, pos):
    sc.handle(Input(PRESS, pos=pos, source="touch"))
    sc.handle(Input(RELEASE, pos=pos, source="touch"))


def card_pos(sc, card):
    r = dict(zip(sc.hand, sc._slots))[card]
    return (r.left + 6, r.centery)      # the visible corner of an overlapped card


def test_every_phase_renders_at_phone_and_laptop_sizes():
    views = demo_views()
    assert {"table", "seven", "result", "standings"} <= set(views)
    assert views["table"][0]["wish"] and views["seven"][0]["pending"] >= 4
    assert views["standings"][0]["phase"] == "match_over"
    for name, (v, ev) in views.items():
        for size in SIZES:
            for lang in ("de", "en"):
                i18n.set_lang(lang)
                sc = MauMauScene(names=["A", "B", "C", "D"])
                sc.set_size(*size)
                sc.set_view(v, ev)
                surf = render(sc, size)
                assert surf.get_size() == size
                # something is drawn in the table area besides the felt
                assert len({surf.get_at((x, size[1] // 2))[:3] for x in range(0, size[0], 7)}) > 3
    i18n.set_lang("de")


def finger_tap(sc, pos, size):
    """A finger tap as SDL delivers it: FINGERDOWN/UP and the mouse events it synthesises."""
    w, h = size
    evs = [pygame.event.Event(pygame.FINGERDOWN, x=pos[0] / w, y=pos[1] / h, finger_id=0, touch_id=1, dx=0, dy=0),
           pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True),
           pygame.event.Event(pygame.FINGERUP, x=pos[0] / w, y=pos[1] / h, finger_id=0, touch_id=1, dx=0, dy=0),
           pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)]
    for ev in evs:
        for inp in map_event(ev, size):
            sc.handle(inp)


def drag(sc, card, to, source="touch"):
    """Press on ``card``, move it (button held) to ``to`` in a few steps, release there."""
    start = card_pos(sc, card)
    sc.handle(Input(PRESS, pos=start, source=source))
    for k in range(1, 5):
        p = (start[0] + (to[0] - start[0]) * k // 4, start[1] + (to[1] - start[1]) * k // 4)
        sc.handle(Input(MOTION, pos=p, source=source, buttons=(1, 0, 0)))
    sc.handle(Input(RELEASE, pos=to, source=source))


def felt_point(sc):
    """A spot on the felt: no card, button, seat box or pile."""
    geom = sc.table_layout
    taken = [r for r in geom.seats if r is not None] + [geom.pile.inflate(geom.pile_card[0], geom.pile_card[1]),
                                                         geom.hint, sc.action_btn.rect, sc.mau_btn.rect, geom.hand,
                                                         geom.top_bar]
    for y in range(geom.top_bar.bottom + 10, geom.hand.top, 13):
        for x in range(10, geom.w - 10, 13):
            if not any(r.collidepoint(x, y) for r in taken) and (geom.log is None or not geom.log.collidepoint(x, y)):
                return (x, y)
    raise AssertionError("no free spot on the felt")


def raised(sc, card) -> bool:
    return sc.hand_rects()[card].top < dict(zip(sc.hand, sc._slots))[card].top


@pytest.mark.parametrize("size", SIZES)
def test_a_tap_raises_a_lit_card_and_a_second_tap_plays_it(size):
    s = position(STD, [["H8", "C9", "D10", "SK"], ["H7", "SA"], ["CA"]], "H9")
    sc = scene_for(s, size=size)
    assert sc.playable == {cid(s, "H8"), cid(s, "C9")}
    tap(sc, card_pos(sc, cid(s, "D10")))                      # does not fit: a warning, nothing raised
    assert sc.outbox == [] and sc.chosen is None and sc.toast.active
    finger_tap(sc, card_pos(sc, cid(s, "H8")), size)          # one finger tap (SDL's mouse copy ignored)
    assert sc.outbox == [] and sc.chosen == cid(s, "H8") and raised(sc, cid(s, "H8"))
    assert sc.selected == {cid(s, "H8")} and sc.action_btn.text == "Legen" and sc.action_btn.enabled
    tap(sc, card_pos(sc, cid(s, "C9")))                       # another lit card: it is raised instead
    assert sc.outbox == [] and sc.chosen == cid(s, "C9") and not raised(sc, cid(s, "H8"))
    finger_tap(sc, card_pos(sc, cid(s, "C9")), size)          # the second tap on it plays it
    assert sc.outbox == [{"kind": "play", "card": cid(s, "C9")}] and sc.chosen is None
    assert GAME.is_legal(s, 0, GAME.move_from_wire(sc.outbox[0]))


@pytest.mark.parametrize("size", SIZES)
def test_legen_plays_the_raised_card_and_a_tap_on_the_felt_lowers_it(size):
    s = position(STD, [["H8", "C9", "D10", "SK"], ["H7", "SA"], ["CA"]], "H9")
    sc = scene_for(s, size=size)
    assert sc.action_btn.text == "Ziehen"
    tap(sc, card_pos(sc, cid(s, "H8")))
    tap(sc, felt_point(sc))
    assert sc.chosen is None and sc.outbox == [] and sc.action_btn.text == "Ziehen" and not raised(sc, cid(s, "H8"))
    tap(sc, card_pos(sc, cid(s, "H8")))
    sc.handle(Input(PRESS, pos=sc.action_btn.rect.center, source="mouse"))
    sc.handle(Input(RELEASE, pos=sc.action_btn.rect.center, source="mouse"))
    assert sc.outbox == [{"kind": "play", "card": cid(s, "H8")}]
    assert sc.pending and not sc.action_btn.enabled


@pytest.mark.parametrize("size", SIZES)
def test_dragging_a_card_onto_the_piles_plays_it_at_once(size):
    s = position(STD, [["H8", "C9", "D10", "SK"], ["H7", "SA"], ["CA"]], "H9")
    sc = scene_for(s, size=size)
    drag(sc, cid(s, "H8"), felt_point(sc))                   # dropped beside the piles: nothing happens
    assert sc.outbox == [] and sc.chosen is None
    tap(sc, card_pos(sc, cid(s, "H8")))
    drag(sc, cid(s, "H8"), felt_point(sc))                   # a raised card taken out and back: no tap
    start = card_pos(sc, cid(s, "H8"))
    sc.handle(Input(PRESS, pos=start, source="touch"))
    sc.handle(Input(MOTION, pos=felt_point(sc), source="touch", buttons=(1, 0, 0)))
    sc.handle(Input(MOTION, pos=start, source="touch", buttons=(1, 0, 0)))
    sc.handle(Input(RELEASE, pos=start, source="touch"))
    assert sc.outbox == [] and sc.chosen == cid(s, "H8")
    sc.handle(Input(KEY, key=pygame.K_k, source="key"))       # K keeps only a drawn card: nothing here
    assert sc.outbox == [] and sc.chosen == cid(s, "H8")
    sc.lower()
    drag(sc, cid(s, "D10"), sc.table_layout.pile.center)                 # a card that does not fit: a warning
    assert sc.outbox == [] and sc.toast.active
    sc.handle(Input(PRESS, pos=card_pos(sc, cid(s, "C9")), source="touch"))
    sc.handle(Input(MOTION, pos=sc.table_layout.pile.center, source="touch", buttons=(1, 0, 0)))
    surf = render(sc, size)                                   # the dragged card follows the finger
    assert surf.get_at(sc.table_layout.pile.center)[:3] != render(scene_for(s, size=size), size).get_at(sc.table_layout.pile.center)[:3]
    sc.handle(Input(RELEASE, pos=sc.table_layout.pile.center, source="touch"))
    assert sc.outbox == [{"kind": "play", "card": cid(s, "C9")}]
    assert GAME.is_legal(s, 0, GAME.move_from_wire(sc.outbox[0]))


@pytest.mark.parametrize("size", SIZES)
def test_bube_asks_for_the_suit_and_cancel_puts_it_back(size):
    s = position(STD, [["SJ", "D9", "C8"], ["H7", "SA"], ["CA"]], "H9")
    sc = scene_for(s, size=size)
    jack = cid(s, "SJ")
    tap(sc, card_pos(sc, jack))
    assert sc.picking is None and sc.chosen == jack
    tap(sc, card_pos(sc, jack))
    assert sc.picking == jack and sc.outbox == []
    render(sc, size)
    win = pygame.Rect(0, 0, *size)
    c = sc.cancel_btn.rect
    assert win.contains(c) and c.h >= 44 and sc.picker_rect.contains(c) and win.contains(sc.picker_rect)
    assert c.collidelist([b.rect for b in sc.suit_btns]) == -1
    finger_tap(sc, c.center, size)                             # "Abbrechen": the Bube goes back, nothing sent
    assert sc.picking is None and sc.chosen is None and sc.outbox == [] and not raised(sc, jack)
    assert sc.action_btn.text == "Ziehen" and sc.my_turn and not sc.pending
    # Esc and the phone's Back button cancel too
    for cancel in (Input(KEY, key=pygame.K_ESCAPE, source="key"), Input(BACK, source="key")):
        tap(sc, card_pos(sc, jack))
        tap(sc, card_pos(sc, jack))
        assert sc.picking == jack
        sc.handle(cancel)
        assert sc.picking is None and sc.chosen is None and sc.outbox == []
    # dragged onto the piles, the Bube asks for the suit at once; a suit sends it
    drag(sc, jack, sc.table_layout.pile.center)
    assert sc.picking == jack and sc.outbox == []
    b = next(b for b in sc.suit_btns if b.suit == "D")
    finger_tap(sc, b.rect.center, size)
    assert sc.outbox == [{"kind": "play", "card": jack, "suit": "D"}] and sc.picking is None


def test_bube_with_the_mau_toggle_sends_the_call():
    s = position(STD, [["SJ", "D9"], ["H7", "SA"], ["CA"]], "H9")
    sc = scene_for(s, size=(390, 844))
    tap(sc, sc.mau_btn.rect.center)
    assert sc.mau_on
    tap(sc, card_pos(sc, cid(s, "SJ")))
    tap(sc, sc.action_btn.rect.center)                           # "Legen"
    assert sc.picking == cid(s, "SJ") and sc.outbox == []
    sc.handle(Input(KEY, key=pygame.K_3, source="key"))          # 3: the third suit (Herz)
    assert sc.outbox == [{"kind": "play", "card": cid(s, "SJ"), "suit": "H", "call": "mau"}]
    assert GAME.is_legal(s, 0, GAME.move_from_wire(sc.outbox[0]))
    assert not sc.mau_on                                           # the toggle resets after the play


def test_draw_and_keep_buttons_and_keys():
    s = position(STD, [["C8", "D10"], ["H7", "SA"], ["CA"]], "H9", draw=["S7", "H10"])
    sc = scene_for(s)
    assert sc.action_btn.enabled and sc.action_btn.pulse == 1.0       # nothing fits: the button glows
    sc.handle(Input(KEY, key=pygame.K_d, source="key"))
    assert sc.outbox == [{"kind": "draw"}]
    s2, ev = GAME.apply(s, 0, DRAW)
    sc.set_view(GAME.view(s2, 0), GAME.filter_events(ev, 0))
    assert sc.action_btn.text == "Behalten" and sc.playable == {cid(s, "H10")}
    tap(sc, sc.action_btn.rect.center)
    assert sc.outbox[-1] == {"kind": "keep"}
    sc.pending = False
    sc.focus = sc.hand.index(cid(s, "H10"))
    sc.handle(Input(KEY, key=pygame.K_RETURN, source="key"))         # Enter raises the card ...
    assert sc.chosen == cid(s, "H10") and sc.outbox[-1] == {"kind": "keep"} and sc.action_btn.text == "Legen"
    sc.handle(Input(KEY, key=pygame.K_ESCAPE, source="key"))         # ... Esc lowers it ...
    assert sc.chosen is None and sc.action_btn.text == "Behalten"
    sc.handle(Input(KEY, key=pygame.K_SPACE, source="key"))
    assert sc.chosen == cid(s, "H10")
    sc.handle(Input(KEY, key=pygame.K_RETURN, source="key"))         # ... and Enter on it plays it
    assert sc.outbox[-1] == {"kind": "play", "card": cid(s, "H10")}
    sc.pending = False
    sc.set_view(GAME.view(s2, 0), ())
    sc.focus = sc.hand.index(cid(s, "H10"))
    sc.handle(Input(KEY, key=pygame.K_SPACE, source="key"))
    sc.handle(Input(KEY, key=pygame.K_k, source="key"))              # K keeps even with the card raised
    assert sc.outbox[-1] == {"kind": "keep"} and sc.chosen is None


def test_pending_seven_label_and_not_my_turn():
    s = position(STD, [["C7", "D10", "HK"], ["H7", "SA"], ["CA"]], "S7", pending=4)
    sc = scene_for(s)
    assert sc.action_btn.text == "4 ziehen" and sc.playable == {cid(s, "C7")}
    other = scene_for(s, seat=1)
    assert not other.my_turn and not other.action_btn.enabled
    tap(other, card_pos(other, other.hand[0]))
    assert other.outbox == []
    # "Mau!" too waits for the own turn (it looked pressable off-turn and meant nothing)
    assert sc.mau_btn.visible and sc.mau_btn.enabled
    assert other.mau_btn.visible and not other.mau_btn.enabled
    tap(other, other.mau_btn.rect.center)
    assert not other.mau_on and other.outbox == []


def test_announcements_from_events():
    s = position(STD, [["H8", "C9"], ["H7", "SA"], ["CA"]], "H9")
    s2, ev = GAME.apply(s, 0, Move("play", cid(s, "H8")))
    sc = scene_for(s2, seat=2, events=GAME.filter_events(ev, 2))
    assert sc.skipped == 1 and "Beat setzt aus" in sc.fx[-1][0]
    render(sc, (390, 844))


def test_announcements_and_toasts_fade():
    s = position(STD, [["H8", "C9", "D10"], ["H7", "SA"], ["CA"]], "H9")
    s2, ev = GAME.apply(s, 0, Move("play", cid(s, "H8")))
    sc = scene_for(s2, seat=2, events=GAME.filter_events(ev, 2))
    assert sc.animating()
    for _ in range(30):
        sc.update(0.1)
    assert not sc.animating() and sc.fx == []
    mine = scene_for(s)
    tap(mine, card_pos(mine, cid(s, "D10")))              # does not fit: a short warning
    assert mine.toast.active and mine.outbox == []
    for _ in range(30):
        mine.update(0.1)
    assert not mine.animating()


def test_announcements_about_my_own_seat_use_the_you_form():
    s = position(STD, [["H8", "C9"], ["H7", "SA"], ["CA"]], "H9")
    s2, ev = GAME.apply(s, 0, Move("play", cid(s, "H8")))
    me = scene_for(s2, seat=1, events=GAME.filter_events(ev, 1))      # Beat is skipped: that is me
    assert me.fx[-1][0] == "Du setzt aus"
    assert me._label(1) == "Du" and me._label(2) == "Carla"
    assert me._about("mm.again", 1) == "Du legst noch einmal"
    assert me._about("mm.again", 0) == "Anna legt noch einmal"
    assert me._about("mm.match_over", 1) == "Du gewinnst die Partie!"
    i18n.set_lang("en")
    try:
        assert me._about("mm.again", 1) == "You play again"
        assert me._about("mm.forgot", 1, call="Mau", n=2) == "You forgot “Mau”: +2"
        assert me._about("mm.skip", 2) == "Carla skips"
    finally:
        i18n.set_lang("de")


@pytest.mark.parametrize("size", [(390, 844), (1280, 720), (1920, 1080), (360, 640)])
def test_announcement_leaves_every_seat_box_free(size):
    s = position(STD, [["H8", "C9"], ["H7", "SA"], ["CA", "D7"], ["S9", "SK"]], "H9")
    s2, ev = GAME.apply(s, 0, Move("play", cid(s, "H8")))
    sc = MauMauScene(names=["Anna", "Beat Langername", "Carla", "Dominik"])
    sc.set_size(*size)
    sc.set_view(GAME.view(s2, 2), GAME.filter_events(ev, 2))
    render(sc, size)
    assert sc.fx and "setzt aus" in sc.fx[-1][0]
    boxes = [r for r in sc.table_layout.seats if r is not None]
    assert len(boxes) == 3
    assert sc.fx_rect.collidelist(boxes) == -1, (sc.fx_rect, boxes)
    assert sc.fx_rect.top >= sc.table_layout.top_bar.bottom


def _jack_sent_at_once(s, size, mau=True):
    sc = scene_for(s, size=size)
    jack = cid(s, "SJ")
    if mau:
        tap(sc, sc.mau_btn.rect.center)                       # "Mau-Mau!" with the last card
    tap(sc, card_pos(sc, jack))
    tap(sc, card_pos(sc, jack))
    return sc, jack


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_going_out_with_a_bube_that_ends_the_round_asks_no_wish(size):
    """The last card a Bube, and going out ends the round: nobody plays on it, so no wish is
    asked (the picker came up), and the log line says no wish. With players still to play
    after it (round end "all"), or without the due "Mau-Mau!" (the penalty keeps the player
    in), the wish still counts and is asked for."""
    import dataclasses
    from felt.games.maumau import log as mmlog
    from felt.ui.playlog import LogContext
    s = position(STD, [["SJ"], ["H7", "SA"], ["CA", "D9"]], "H9")
    sc, jack = _jack_sent_at_once(s, size)
    assert sc.picking is None and sc.outbox == [{"kind": "play", "card": jack, "suit": "S", "call": "maumau"}]
    move = GAME.move_from_wire(sc.outbox[0])
    assert GAME.is_legal(s, 0, move)
    _, events = GAME.apply(s, 0, move)
    assert any(e["type"] == "round_over" for e in events)
    ctx = LogContext(names=["Anna", "Beat", "Carla"], me=1, deck=s.deck)
    lines = [mmlog.text(e, ctx) for e in mmlog.build(events, ctx)]
    assert any(ln.startswith("Anna legt Pik Bube") for ln in lines) and not any("wünscht" in ln for ln in lines), \
        lines
    # the taps the table names for that move are the ones a person makes (no suit button)
    sc = scene_for(s, size=size)
    going_out = {"kind": "play", "card": jack, "suit": "S", "call": "maumau"}
    assert going_out in sc.view["legal"]
    assert sc.gesture(going_out) == [["widget", "mau_btn"], ["card", jack], ["widget", "action_btn"]]
    assert sc.gesture(dict(going_out, suit="H")) is None
    sc, jack = _jack_sent_at_once(s, size, mau=False)        # "Mau-Mau!" forgotten: it will not end the round
    assert sc.picking == jack and sc.outbox == []
    # three still playing after the Bube: the wish matters, the picker opens
    play_on = dataclasses.replace(STD, round_end="all")
    s = position(play_on, [["SJ"], ["H7", "SA"], ["CA", "D9"]], "H9")
    sc, jack = _jack_sent_at_once(s, size)
    assert sc.picking == jack and sc.outbox == []


@pytest.mark.parametrize("size,density", [((390, 844), 1.0), ((780, 1688), 2.0), ((1688, 780), 2.0),
                                          ((1280, 720), 1.0)])
def test_the_suit_picker_is_a_roomy_panel_and_shows_key_numbers_only_to_keys(size, density, monkeypatch):
    """On a phone the picker filled the width (its question touching the edges) and its
    buttons read "1 · Kreuz" … "4 · Karo": keys that mean nothing on a phone. Now it is a
    panel with margins, its question and buttons inside; the numbers show after a click or
    a key, not after a finger's tap."""
    from felt.games.maumau import scene as mm_scene
    from felt.ui import layout
    layout.set_density(density)
    try:
        drawn: list[str] = []
        real = mm_scene.draw_text
        monkeypatch.setattr(mm_scene, "draw_text",
                            lambda surf, text, *a, **kw: (drawn.append(str(text)), real(surf, text, *a, **kw))[1])
        s = position(STD, [["SJ", "D9", "C8"], ["H7", "SA"], ["CA"]], "H9")
        sc = scene_for(s, size=size)
        jack = cid(s, "SJ")
        tap(sc, card_pos(sc, jack))
        tap(sc, card_pos(sc, jack))
        assert sc.picking == jack
        drawn.clear()
        render(sc, size)
        win = pygame.Rect(0, 0, *size)
        margin = layout.dp(8)
        panel = sc.picker_rect
        assert win.inflate(-2 * margin, -2 * margin).contains(panel), (panel, size)
        for b in sc.suit_btns + [sc.cancel_btn]:
            assert panel.inflate(-2 * margin, -2 * margin).contains(b.rect), (b.rect, panel)
            assert b.rect.h >= layout.dp(44) and b.rect.w >= layout.dp(60)
        assert panel.contains(sc.picker_title) and sc.picker_title.bottom <= min(b.rect.top for b in sc.suit_btns)
        assert "Kreuz" in drawn and not any(t.startswith("1 ·") for t in drawn), drawn
        sc.cancel_pick()
        sc.handle(Input(PRESS, pos=card_pos(sc, jack), source="mouse"))       # a mouse: the keys are near
        sc.handle(Input(RELEASE, pos=card_pos(sc, jack), source="mouse"))
        sc.handle(Input(KEY, key=pygame.K_RETURN, source="key"))
        assert sc.picking == jack
        drawn.clear()
        render(sc, size)
        assert "1 · Kreuz" in drawn and "4 · Karo" in drawn
    finally:
        layout.set_density(1.0)


def test_the_screen_readers_hand_marks_what_a_tap_cannot_play():
    """On turn the cards that do not fit are unavailable; off turn every card is (a tap does
    nothing then, and a reader heard nothing either)."""
    from felt.games.maumau import a11y
    s = position(STD, [["H8", "C9", "D10", "SK"], ["H7", "SA"], ["CA"]], "H9")
    mine = scene_for(s, seat=0)
    assert {c for c in mine.hand if a11y.card_off(mine, c)} == {cid(s, "D10"), cid(s, "SK")}
    other = scene_for(s, seat=1)                              # seat 1 waits for seat 0
    assert not other.my_turn and all(a11y.card_off(other, c) for c in other.hand)
    tap(other, card_pos(other, other.hand[0]))
    assert other.outbox == [] and other.chosen is None        # what the layer says is so

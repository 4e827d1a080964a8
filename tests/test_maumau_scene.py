"""The Mau-Mau table scene: renders every phase at phone and laptop sizes, and taps, clicks
and keys send exactly the engine's legal wire moves (Bube with the picked suit, Mau call)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.games.maumau.engine import DRAW, Move, position  # noqa: E402
from felt.games.maumau.rules import load_template  # noqa: E402
from felt.games.maumau.scene import MauMauScene, demo_views, render  # noqa: E402
from felt.ui import i18n  # noqa: E402
from felt.ui.scene import KEY, PRESS, RELEASE, Input  # noqa: E402

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


def test_tapping_a_lit_card_plays_it_and_a_dim_one_does_not():
    s = position(STD, [["H8", "C9", "D10", "SK"], ["H7", "SA"], ["CA"]], "H9")
    sc = scene_for(s)
    assert sc.playable == {cid(s, "H8"), cid(s, "C9")}
    tap(sc, card_pos(sc, cid(s, "D10")))
    assert sc.outbox == []
    tap(sc, card_pos(sc, cid(s, "H8")))
    assert sc.outbox == [{"kind": "play", "card": cid(s, "H8")}]
    assert GAME.is_legal(s, 0, GAME.move_from_wire(sc.outbox[0]))


def test_bube_asks_for_the_suit_and_mau_toggle_adds_the_call():
    s = position(STD, [["SJ", "D9"], ["H7", "SA"], ["CA"]], "H9")
    sc = scene_for(s, size=(390, 844))
    tap(sc, sc.mau_btn.rect.center)
    assert sc.mau_on
    tap(sc, card_pos(sc, cid(s, "SJ")))
    assert sc.picking == cid(s, "SJ") and sc.outbox == []
    sc.handle(Input(KEY, key=pygame.K_3, source="key"))          # 3: the third suit (Herz)
    assert sc.outbox == [{"kind": "play", "card": cid(s, "SJ"), "suit": "H", "call": "mau"}]
    assert GAME.is_legal(s, 0, GAME.move_from_wire(sc.outbox[0]))
    assert not sc.mau_on                                           # the toggle resets after the play
    # without the toggle the play carries no call (and the engine will give the penalty)
    sc = scene_for(s)
    tap(sc, card_pos(sc, cid(s, "SJ")))
    b = next(b for b in sc.suit_btns if b.suit == "D")
    tap(sc, b.rect.center)
    assert sc.outbox == [{"kind": "play", "card": cid(s, "SJ"), "suit": "D"}]


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
    sc.handle(Input(KEY, key=pygame.K_RETURN, source="key"))
    assert sc.outbox[-1] == {"kind": "play", "card": cid(s, "H10")}


def test_pending_seven_label_and_not_my_turn():
    s = position(STD, [["C7", "D10", "HK"], ["H7", "SA"], ["CA"]], "S7", pending=4)
    sc = scene_for(s)
    assert sc.action_btn.text == "4 ziehen" and sc.playable == {cid(s, "C7")}
    other = scene_for(s, seat=1)
    assert not other.my_turn and not other.action_btn.enabled
    tap(other, card_pos(other, other.hand[0]))
    assert other.outbox == []


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
    boxes = [r for r in sc.L.seats if r is not None]
    assert len(boxes) == 3
    assert sc.fx_rect.collidelist(boxes) == -1, (sc.fx_rect, boxes)
    assert sc.fx_rect.top >= sc.L.top_bar.bottom

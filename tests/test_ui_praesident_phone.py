"""Präsident on a phone (390x844 CSS pixels at pixel ratio 2 and 3, upright and turned): a
selected set dragged from the hand's lower row reaches the pile whole; the sort button and the
name tag keep off the hand's cards, raised or not; the round counters say the table's rounds."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt.cards import build_deck  # noqa: E402
from felt.games.praesident.engine import position, view  # noqa: E402
from felt.games.praesident.rules import load_rules  # noqa: E402
from felt.games.praesident.table_scene import TableScene  # noqa: E402
from felt.ui import i18n, layout  # noqa: E402
from felt.ui.scene import MOTION, PRESS, RELEASE, Input, SceneStack  # noqa: E402
from tests.ui_app_helpers import card_point  # noqa: E402

PHONES = [((390, 844), 2.0), ((390, 844), 3.0)]
NAMES = ["Anna", "Beat", "Carla", "Dominik", "Eveline"]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    layout.set_density(1.0)


@pytest.fixture(autouse=True)
def _density():
    i18n.set_lang("de")
    yield
    layout.set_density(1.0)
    i18n.set_lang("de")


def _ids(rules, *codes):
    deck = build_deck(rules)
    out = []
    for code in codes:
        out.append(next(c.id for c in deck if c.code == code and c.id not in out))
    return out


# 14 cards: two rows on a phone, the four kings in the lower row
HAND = ("C7", "S7", "C8", "H8", "C9", "D9", "C10", "CJ", "CQ", "CK", "SK", "HK", "DK", "CA")


def _phone_table(css, d, hand=HAND, others=(("H7", "H9"), ("D7", "S9")), **kw):
    layout.set_density(d)
    rules = load_rules("PR-002")
    hands = [_ids(rules, *hand)] + [_ids(rules, *h) for h in others]
    st = position(rules, hands, 0, **kw)
    size = (int(css[0] * d), int(css[1] * d))
    sc = TableScene(view(st, 0), names=NAMES[:len(hands)], settings={"muted": True})
    stack = SceneStack(size)
    stack.push(sc)
    return rules, st, sc, stack


def _tap(sc, pos):
    sc.handle(Input(PRESS, pos=pos))
    sc.handle(Input(RELEASE, pos=pos))


def _drag(sc, start, end):
    """Press at ``start``, move to ``end`` in small steps (as a finger's motion events come),
    let go there."""
    steps = max(4, (abs(end[0] - start[0]) + abs(end[1] - start[1])) // 6)
    sc.handle(Input(PRESS, pos=start))
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        sc.handle(Input(MOTION, pos=p, buttons=(1, 0, 0)))
    sc.handle(Input(RELEASE, pos=end))


@pytest.mark.parametrize("css,d", PHONES)
def test_a_quad_dragged_from_the_lower_row_over_the_upper_row_is_played_whole(css, d):
    """Double-tap a king (all four rise), then drag one of them straight up over the hand's
    upper row to the pile: the four are played (passing over the upper row deselected them on
    the way, and one king was played)."""
    rules, st, sc, stack = _phone_table(css, d)
    assert sc.table_layout.hand_rows == 2
    kings = _ids(rules, "CK", "SK", "HK", "DK")
    upper = sc.hand[:len(sc.hand) - 7]
    assert not set(kings) & set(upper), "the kings lie in the lower row"
    _tap(sc, card_point(sc, kings[1]))
    _tap(sc, card_point(sc, kings[1]))        # a double tap: every king
    assert sc.selected == set(kings)
    start = card_point(sc, kings[1])
    pile = sc.table_layout.pile.center
    _drag(sc, start, (start[0], pile[1]))
    assert len(sc.outbox) == 1 and sorted(sc.outbox[0]["cards"]) == sorted(kings), sc.outbox


@pytest.mark.parametrize("css,d", PHONES)
def test_a_slide_along_the_hand_still_raises_the_cards(css, d):
    """A sideways slide over the hand raises the cards it passes (the lift upwards is not a slide)."""
    rules, st, sc, stack = _phone_table(css, d)
    lower = sc.hand[-7:]
    a, b = card_point(sc, lower[0]), card_point(sc, lower[3])
    _drag(sc, a, (b[0], a[1]))
    assert set(lower[:4]) <= sc.selected and sc.outbox == []


SIZES = [((390, 844), 2.0), ((390, 844), 3.0), ((844, 390), 2.0), ((360, 640), 2.0), ((1280, 720), 1.0),
         ((1920, 1080), 1.0)]


@pytest.mark.parametrize("css,d", SIZES)
def test_the_sort_button_keeps_off_the_hand_raised_or_not(css, d):
    """The ⇅ sort button covers no hand card, none of them raised or all of them (on a phone
    it sat on the top row's last card: a tap there re-sorted the hand mid-selection and a
    raised card hid under it), nor Play or Pass; it stays in the window and left of the log."""
    rules, st, sc, stack = _phone_table(css, d)
    stack.draw(pygame.Surface(stack.size))
    sort = sc.sort_btn.rect
    assert sc.sort_btn.visible and pygame.Rect((0, 0), stack.size).contains(sort)
    for btn in (sc.play_btn, sc.pass_btn):
        assert not sort.colliderect(btn.rect), (sort, btn.rect)
    for raised in (set(), set(sc.hand)):
        sc.selected = set(raised)
        for cid, r in sc.hand_rects().items():
            assert not sort.colliderect(r), (css, d, cid, sort, r)
    if sc.table_layout.log is not None:
        assert not sort.colliderect(sc.table_layout.log)
    # a tap on the top row's last card raises it; the hand keeps its order
    sc.selected = set()
    order = list(sc.hand)
    last_top = sc.hand[len(sc.hand) - 7 - 1] if sc.table_layout.hand_rows == 2 else sc.hand[-1]
    r = sc.hand_rects()[last_top]
    _tap(sc, (r.right - 3, r.top + 3))
    assert sc.selected == {last_top} and sc.hand == order


def _corner_shown(sc, stack, cid) -> bool:
    """The corner index of hand card ``cid`` is drawn as the card's face has it (nothing on it)."""
    from felt.ui import cardart
    surf = pygame.Surface(stack.size)
    stack.draw(surf)
    r = sc.hand_rects()[cid]
    face = cardart.card_surface(sc.table.card(cid), r.size)
    corner = pygame.Rect(int(r.w * 0.07), int(r.h * 0.05), int(r.w * 0.25), int(r.h * 0.18))   # inside the rim
    differ = sum(surf.get_at((r.left + x, r.top + y))[:3] != face.get_at((x, y))[:3]
                 for x in range(corner.left, corner.right, 2) for y in range(corner.top, corner.bottom, 2))
    return differ == 0


@pytest.mark.parametrize("css,d", SIZES)
def test_a_raised_cards_corner_is_not_under_the_name_tag_or_the_sort_button(css, d):
    """Raise the top row's first and last cards: their corner indices are drawn whole (the
    name tag on the hand's edge and the sort button covered them)."""
    rules, st, sc, stack = _phone_table(css, d)
    top_row = sc.hand[:len(sc.hand) - 7] if sc.table_layout.hand_rows == 2 else sc.hand
    sc.selected = {top_row[0], top_row[-1]}
    sc.refresh_controls()
    tag = sc.name_tag_rect("Anna")
    assert tag.colliderect(sc.hand_rects()[top_row[0]]), "the case this test is about"
    for cid in (top_row[0], top_row[-1]):
        assert _corner_shown(sc, stack, cid), (css, d, cid)


@pytest.mark.parametrize("css,d", PHONES + [((360, 640), 2.0), ((844, 390), 2.0)])
@pytest.mark.parametrize("n", [4, 5])
def test_a_cleared_quads_fan_keeps_off_the_side_seats(css, d, n):
    """Beat leads four kings, which clear the pile: the quad stays on the pile (dimmed) until
    the next lead, fanned clear of every seat's card and of the glow round the seat on turn
    (on a phone the four filled the pile's width and touched the seats beside it)."""
    from felt.games.praesident.engine import apply_inplace, filter_events, legal_moves
    from felt.ui.shots import run_clock
    layout.set_density(d)
    rules = load_rules("PR-002")
    others = [("H7", "H9"), ("D7", "S9"), ("S8", "D8"), ("HJ", "SJ")][:n - 2]
    hands = [_ids(rules, *HAND[:9]), _ids(rules, "CK", "SK", "HK", "DK", "C7")] + [_ids(rules, *h) for h in others]
    st = position(rules, hands, 1)
    size = (int(css[0] * d), int(css[1] * d))
    sc = TableScene(view(st, 0), names=NAMES[:n], settings={"muted": True, "speed": "fast"})
    stack = SceneStack(size)
    stack.push(sc)
    quad = next(m for m in legal_moves(st) if m.kind == "play" and len(m.cards) == 4)
    events = apply_inplace(st, 1, quad)
    assert any(e.get("type") == "clear" for e in events)
    sc.set_view(view(st, 0), filter_events(events, 0))
    run_clock(sc, 8.0, until=lambda: not sc.anim.busy)
    stack.draw(pygame.Surface(size))
    cleared = sc.cleared_stack(sc.log.cleared_trick())
    assert len(cleared) == 4
    glow = layout.dp(14)
    for seat in range(1, n):
        box = sc.seat_rect(seat).inflate(glow, glow)
        if sc.seat_rect(seat).centery < sc.table_layout.pile.top:
            continue                    # a seat above the pile, not beside it
        for cid, r in cleared:
            assert not r.colliderect(box), (seat, cid, r, box)


def _index_tail_ink(rank: str, w: int) -> int:
    """Ink of a card's corner index in the lower right of its rank letter (where a Q's tail
    is and an O has only its bowl), at card width ``w``."""
    from types import SimpleNamespace
    from felt.ui import cardart
    h = int(w * 1.4)
    card = SimpleNamespace(rank=rank, suit="S", code=rank + "S", joker=False)
    img = cardart._corner(card, w, h)
    suit = cardart.suit_symbol("S", max(7, int(w * 0.22)))
    rank_h = img.get_height() - suit.get_height() - max(1, int(h * 0.02))
    W = img.get_width()
    return sum(img.get_at((x, y)).a > 128 for x in range(int(W * 0.55), W) for y in range(int(rank_h * 0.7), rank_h))


@pytest.mark.parametrize("w", [44, 52, 69, 96, 138])
def test_a_queens_index_has_a_tail_an_o_has_not(w):
    """The English Q in a card's corner, at the widths of a phone's pile and hand cards
    (device pixels at pixel ratio 1 to 2), has a tail that reads: clearly more ink at its
    lower right than the O (Jass's Ober) has (the font's own tail was a pixel or two, and the
    Q read like an O)."""
    i18n.set_lang("en")
    q, o = _index_tail_ink("Q", w), _index_tail_ink("O", w)
    assert q >= 1.3 * o, (w, q, o)


@pytest.mark.parametrize("css,d,kb,touch,keys", [((844, 390), 2.0, False, False, False),
                                                 ((844, 390), 1.0, True, True, False),
                                                 ((1280, 720), 1.0, True, False, True),
                                                 ((1280, 720), 2.0, True, False, True),
                                                 ((390, 844), 2.0, False, False, False)])
def test_a_phone_turned_sideways_is_told_to_tap_not_to_press_keys(css, d, kb, touch, keys):
    """Not my turn, nothing raised: a wide window says the keys ("Enter = Legen · P = Passen
    …"), and so does a laptop's browser at any pixel ratio (its page says it has a keyboard:
    ``layout.keyboard``); a phone, upright or turned (its page says it has none), or a window
    touched by a finger says to tap the cards (a turned phone was told about keys it does not
    have)."""
    layout.set_keyboard(kb)
    rules, st, sc, stack = _phone_table(css, d)
    st.to_move = 1
    sc.set_view(view(st, 0), [])
    if touch:
        p = sc.table_layout.table.center
        sc.handle(Input(PRESS, pos=p, source="touch"))
        sc.handle(Input(RELEASE, pos=p, source="touch"))
    from tests.test_ui_round_label import _drawn_texts
    texts = _drawn_texts(stack)
    layout.set_keyboard(True)
    assert (i18n.t("table.keys") in texts) == keys and (i18n.t("table.select_hint") in texts) == (not keys), texts

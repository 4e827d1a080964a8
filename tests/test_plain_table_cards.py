"""The plain table draws a game's view['table'] (felt/contract/table_view.py) with card faces and
plays a card by tap-tap or drag onto a target pile; the guide's Höhere Karte is the toy."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt.ui import layout  # noqa: E402
from felt.ui.game_table import PlainTableScene  # noqa: E402
from felt.ui.scene import MOTION, PRESS, RELEASE, Input  # noqa: E402
from tests.toy_highcard import GAME  # noqa: E402
from tests.helpers import settled_scene  # noqa: E402

SHOTS = os.environ.get("FELT_PLAIN_SHOTS")       # a folder: write the drawn tables there to look at


def a_view(played: int = 1):
    """Seat 0's view with ``played`` cards already in the middle and seat 0 to move."""
    rules = GAME.template("HC-1")
    state, _ = GAME.new_match(rules, 3, 7, 2)
    while state.to_move != 0 or len(state.trick) < played:
        if state.phase == "round_over":
            state, _ = GAME.next_round(state)
            continue
        assert state.phase == "play", state.phase
        GAME.apply_inplace(state, state.to_move, GAME.legal_moves(state)[0])
    return state, GAME.view(state, 0)


def build(view, size, density=1.0):
    return settled_scene(PlainTableScene, view, size, density)


@pytest.fixture(autouse=True)
def _density():
    pygame.init()
    yield
    layout.set_density(1.0)


@pytest.mark.parametrize("size,density", [((780, 1688), 2.0), ((1170, 2532), 3.0), ((1688, 780), 2.0),
                                          ((1280, 720), 1.0)], ids=["phone@2", "phone@3", "sideways@2", "laptop"])
def test_the_middle_and_the_hand_are_drawn_with_card_faces(size, density):
    state, view = a_view(played=2)
    sc = build(view, size, density)
    surface = pygame.Surface(size)
    sc.draw(surface)
    if SHOTS:
        pygame.image.save(surface, os.path.join(SHOTS, f"plain-{size[0]}x{size[1]}.png"))
    w, h = size
    middle = sc.pile_rects["middle"]
    assert middle.w > 0 and sc.middle.contains(middle)
    for cid, r in sc.card_rects.items():
        assert surface.get_rect().contains(r), (cid, r, size)
        assert not r.colliderect(middle)
    # each card of the trick lies under the seat that played it as a card face (mostly the light
    # card colour), not felt; the seat still to play has no card there
    plays = view["table"]["trick"]["cards"]
    assert [seat for seat, _c in plays] == [1, 2]
    empty = sc.trick_rects[0]
    assert sum(surface.get_at(empty.move(empty.w // 4, empty.h // 2).topleft)[:3]) < 400
    for seat, cid in plays:
        r = sc.trick_rects[seat]
        assert middle.contains(r) and abs(r.centerx - sc.seat_rect(seat).centerx) <= 1
        face = surface.get_at(r.move(r.w // 4, r.h // 2).topleft)[:3]
        assert sum(face) > 500, (seat, face)
        assert sc.log_card(cid) is not None


def _tap(sc, p):
    sc.handle(Input(PRESS, tuple(p), source="touch"))
    sc.handle(Input(RELEASE, tuple(p), source="touch"))
    sc.update(0.05)


def test_tap_a_card_then_the_pile_plays_it():
    state, view = a_view()
    sc = build(view, (390, 844))
    cid = view["hand"][-1]
    _tap(sc, sc.card_rects[cid].center)
    assert sc.outbox == [] and sc.selected == [cid]          # a card with a target is selected first
    _tap(sc, sc.pile_rects["middle"].center)
    assert sc.outbox == [{"kind": "play", "cards": [cid], "target": "middle"}]
    assert GAME.is_legal(state, 0, GAME.move_from_wire(sc.outbox[0]))


def test_a_tap_on_the_pile_without_a_selection_plays_nothing_and_a_second_tap_unselects():
    _state, view = a_view()
    sc = build(view, (1280, 720))
    _tap(sc, sc.pile_rects["middle"].center)
    cid = view["hand"][0]
    _tap(sc, sc.card_rects[cid].center)
    _tap(sc, sc.card_rects[cid].center)
    _tap(sc, sc.pile_rects["middle"].center)
    assert sc.outbox == [] and sc.selected == []


def test_a_card_dragged_onto_the_pile_is_played():
    state, view = a_view()
    sc = build(view, (390, 844))
    cid = view["hand"][0]
    start, goal = sc.card_rects[cid].center, sc.pile_rects["middle"].center
    sc.handle(Input(PRESS, start, source="touch"))
    steps = 8
    for i in range(1, steps + 1):
        p = (start[0] + (goal[0] - start[0]) * i // steps, start[1] + (goal[1] - start[1]) * i // steps)
        sc.handle(Input(MOTION, p, source="touch"))
        sc.update(0.02)
    sc.handle(Input(RELEASE, goal, source="touch"))
    assert sc.outbox == [{"kind": "play", "cards": [cid], "target": "middle"}]


def test_a_bad_table_description_draws_no_middle_and_does_not_crash():
    _state, view = a_view()
    view = dict(view, table={"piles": [{"id": "middle", "cards": ["7H"]}]})
    sc = build(view, (390, 844))
    sc.draw(pygame.Surface((390, 844)))
    assert sc.pile_rects == {} and sc.card_rects


# ------------------------------------------------ the game's own deck, seat lines, the stock's count
GERMAN_SUITS = ("E", "S", "H", "B")          # Eichel, Grün (drawn with Pik's glyph), Herz, Schellen
GERMAN_RANKS = ("7", "8", "9", "10", "U", "O", "K", "A")


class German32(type(GAME)):
    """The guide's game with a 32-card German deck: card id i is rank i % 8 of suit i // 8."""
    id = "highcard32"

    def card_face(self, card_id, rules):
        return (GERMAN_RANKS[card_id % 8], GERMAN_SUITS[card_id // 8]) if 0 <= card_id < 32 else None

    def seat_summary(self, view):
        return f"{view['scores'][view['seat']]} Stiche"


def _looks_like(surface, r, card, dim) -> bool:
    """Is the top-left corner of ``r`` on ``surface`` (what a card over it leaves visible)
    cardart's face of ``card``?"""
    from felt.ui import cardart
    want = pygame.Surface(r.size)
    want.blit(surface, (0, 0), r)                      # the felt under the card's rounded corners
    want.blit(cardart.card_surface(card, r.size, dim=dim), (0, 0))
    corner = pygame.Rect(r.left, r.top, max(4, r.w // 4), r.h // 3)
    same = sum(1 for x in range(corner.w) for y in range(corner.h)
               if max(abs(p - q) for p, q in zip(want.get_at((x, y))[:3],
                                                 surface.get_at((corner.left + x, corner.top + y))[:3])) < 24)
    return same > 0.9 * corner.w * corner.h


@pytest.mark.parametrize("size,density", [((780, 1688), 2.0), ((1280, 720), 1.0)], ids=["phone@2", "laptop"])
def test_a_game_with_a_32_card_german_deck_draws_its_own_faces(size, density):
    from felt import contract
    from felt.cards import Card, card_code
    from felt.contract import table_view
    game = contract.register(German32())
    try:
        rules = game.template("HC-1")
        state, _ = game.new_match(rules, 3, 7, 2)
        # deal ids 0..31 (the toy deals 0..n*hand-1): give seat 0 cards of every suit
        state.hands[0] = [3, 12, 20, 31]
        view = game.view(state, 0)
        sc = build(view, size, density)
        surface = pygame.Surface(size)
        sc.draw(surface)
        if SHOTS:
            pygame.image.save(surface, os.path.join(SHOTS, f"german32-{size[0]}x{size[1]}.png"))
        playable = {c for m in view["legal"] for c in m["cards"]}
        for cid, r in sc.card_rects.items():
            rank, suit = GERMAN_RANKS[cid % 8], GERMAN_SUITS[cid // 8]
            expected = Card(cid, rank, suit, 0, False, card_code(suit, rank))
            assert _looks_like(surface, r, expected, dim=cid not in playable), (cid, rank, suit)
            # and not the French card the id would be in a 52-card deck
            assert not _looks_like(surface, r, table_view.default_card(cid), dim=cid not in playable), cid
        # the seats carry the game's own summary line
        assert sc.seat_lines(1).note == f"{view['scores'][1]} Stiche"
    finally:
        contract.unregister(game.id)


def test_a_game_without_a_face_or_with_a_broken_one_draws_the_french_default():
    from felt import contract

    class Broken(type(GAME)):
        id = "highcard_broken"

        def card_face(self, card_id, rules):
            if card_id % 2:
                raise RuntimeError("oops")
            return ("7", 8)                         # no (rank, suit) of strings

    _state, view = a_view()
    sc = build(view, (390, 844))
    assert sc.log_card(5).code == "C7" and sc.seat_lines(1).note == ""   # the guide's game: French, no note
    game = contract.register(Broken())
    try:
        sc = build(dict(view, game="highcard_broken"), (390, 844))
        assert sc.log_card(5).code == "C7" and sc.log_card(6).code == "C8"
        sc.draw(pygame.Surface((390, 844)))
    finally:
        contract.unregister(game.id)


@pytest.mark.parametrize("size,density", [((780, 1688), 2.0), ((1280, 720), 1.0)], ids=["phone@2", "laptop"])
def test_the_face_down_piles_count_sits_on_a_dark_badge(size, density):
    """The number over a card back is on a dark pill (readable over the back's red pattern)."""
    _state, view = a_view()
    sc = build(view, size, density)
    surface = pygame.Surface(size)
    sc.draw(surface)
    r = sc.pile_rects["stock"]
    cw = int(r.h * 0.7)
    band = pygame.Rect(r.left, r.top + r.h // 2, cw, r.h // 3)
    dark = sum(1 for x in range(band.left, band.right) for y in range(band.top, band.bottom)
               if max(surface.get_at((x, y))[:3]) < 50)
    assert dark > 0.05 * band.w * band.h, dark


@pytest.mark.parametrize("size,density", [((780, 1688), 2.0), ((390, 844), 1.0), ((1170, 2532), 3.0)],
                         ids=["phone@2", "phone", "phone@3"])
def test_the_piles_keep_clear_of_the_tipp_on_a_phone(size, density):
    _state, view = a_view()
    sc = build(view, size, density)
    assert not sc.hint_in_bar and sc.hint_btn.visible and sc.hint_btn.rect.w > 0
    for pid, r in sc.pile_rects.items():
        assert not r.colliderect(sc.hint_btn.rect), (pid, r, sc.hint_btn.rect)

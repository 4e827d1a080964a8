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
    layout.set_density(density)
    sc = PlainTableScene(None, names=["Anna", "Ben", "Cleo"], settings={"muted": True}, on_move=lambda m: None)
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(*size)
    sc.set_view(view, [])
    for _ in range(30):
        sc.update(0.1)
    return sc


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
    # the middle's top card is a card face (mostly the light card colour), not felt
    face = surface.get_at(middle.move(middle.w // 8, middle.h // 2).topleft)[:3]
    assert sum(face) > 500, face
    assert sc.log_card(view["table"]["piles"][0]["cards"][-1]) is not None


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

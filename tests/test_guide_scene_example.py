"""The guide's second example (felt/games/ADDING.md, "A scene of its own"): Höhere Karte with
a PlainTableScene subclass that draws the trick its own way. Registered, it is the scene the
window picks for the play; it draws at phone and laptop size and plays a card by tap-tap and
by a drop anywhere on its middle."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import contract  # noqa: E402
from felt.ui import layout  # noqa: E402
from felt.ui.scene import MOTION, PRESS, RELEASE, Input  # noqa: E402
from tests.toy_highcard_scene import GAME, HighCardScene  # noqa: E402
from tests.helpers import settled_scene  # noqa: E402

SHOTS = os.environ.get("FELT_PLAIN_SHOTS")


@pytest.fixture
def game():
    pygame.init()
    contract.register(GAME)
    yield GAME
    contract.unregister(GAME.id)
    layout.set_density(1.0)


def a_view(game, played=2):
    """The view of the seat on turn after ``played`` cards of the first trick."""
    state, _ = game.new_match(game.template("HCS-1"), 3, 5)
    for _ in range(played):
        game.apply_inplace(state, state.to_move, game.legal_moves(state)[0])
    return state, game.view(state, state.to_move)


def build(game, view, size, density=1.0):
    return settled_scene(game.scene_for(view["phase"]), view, size, density, steps=20)


def test_the_window_finds_the_scene_through_the_registry(game):
    from felt.ui.controller import PlainTableScene
    assert contract.get("highcard_scene").scene_for("play") is HighCardScene
    assert issubclass(HighCardScene, PlainTableScene) and game.scene_for("round_over") is None
    assert contract.find_rules("HCS-1")[0] is game


@pytest.mark.parametrize("size,density", [((780, 1688), 2.0), ((1280, 720), 1.0)], ids=["phone@2", "laptop"])
def test_it_draws_the_trick_one_card_per_player_the_highest_lit(game, size, density):
    state, view = a_view(game)
    sc = build(game, view, size, density)
    surface = pygame.Surface(size)
    sc.draw(surface)
    if SHOTS:
        pygame.image.save(surface, os.path.join(SHOTS, f"guide-scene-{size[0]}x{size[1]}.png"))
    assert sc.pile_rects == {"middle": sc.middle}
    # the cards played stand in the middle as light faces; before anyone played, none does
    def faces_across(sc, surface):
        return sum(1 for x in range(sc.middle.left, sc.middle.right)
                   if sum(surface.get_at((x, sc.middle.centery - layout.dp(30)))[:3]) > 600)
    played = faces_across(sc, surface)
    _state0, view0 = a_view(game, played=0)
    sc0 = build(game, view0, size, density)
    empty = pygame.Surface(size)
    sc0.draw(empty)
    assert faces_across(sc0, empty) == 0 and played > 1.2 * sc.card_rects[view["hand"][0]].w, played
    for cid, r in sc.card_rects.items():            # the hand below the middle, not over it
        assert not r.colliderect(sc.middle) and surface.get_rect().contains(r)


def test_a_card_tapped_then_the_middle_or_dropped_anywhere_on_it_is_played(game):
    state, view = a_view(game)
    sc = build(game, view, (390, 844))
    cid = view["hand"][0]
    for p in (sc.card_rects[cid].center, sc.middle.move(0, -sc.middle.h // 3).center):
        sc.handle(Input(PRESS, p, source="touch"))
        sc.handle(Input(RELEASE, p, source="touch"))
        sc.update(0.05)
    assert sc.outbox == [{"kind": "play", "cards": [cid], "target": "middle"}]
    sc = build(game, view, (390, 844))
    cid = view["hand"][-1]
    start, goal = sc.card_rects[cid].center, (sc.middle.left + dp_(20), sc.middle.top + dp_(20))
    sc.handle(Input(PRESS, start, source="touch"))
    for i in range(1, 9):
        sc.handle(Input(MOTION, (start[0] + (goal[0] - start[0]) * i // 8, start[1] + (goal[1] - start[1]) * i // 8),
                        source="touch"))
        sc.update(0.02)
    sc.handle(Input(RELEASE, goal, source="touch"))
    assert sc.outbox == [{"kind": "play", "cards": [cid], "target": "middle"}]
    assert game.is_legal(state, state.to_move, game.move_from_wire(sc.outbox[0]))


def dp_(v):
    return layout.dp(v)

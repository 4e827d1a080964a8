"""The cleared trick ("Abgeräumter Stich") shown by the Präsident table after a trick ends:
the play that won the trick lies on top, where the pile's top play lay, with the earlier
plays peeking out behind it (an earlier play is never drawn over it).

Driven through the scene with real views and filtered events of many seeded random games,
every template, seats and a spectator, laptop and phone sizes. Each card face is drawn as a
solid colour naming the card, so the pixels say which card the scene shows where."""
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt.games.praesident.engine import apply_inplace, filter_events, legal_moves, new_match, view  # noqa: E402
from felt.games.praesident.rules import list_templates  # noqa: E402
from felt.ui import cardart, i18n  # noqa: E402
from felt.games.praesident.table_scene import TableScene  # noqa: E402

TEMPLATES = list_templates()


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    i18n.set_lang("de")
    yield


def card_colour(cid: int, dim: bool) -> tuple[int, int, int]:
    return (cid % 200 + 40, 7 + 120 * dim, 233)


@pytest.fixture
def coloured_cards(monkeypatch):
    """Card faces as one solid colour per card (and dimmed or not)."""
    ids = {}

    def face(card, size, dim=False):
        s = pygame.Surface((int(size[0]), int(size[1])))
        s.fill(card_colour(card.id, dim))
        ids[card.id] = card.code
        return s
    monkeypatch.setattr(cardart, "card_surface", face)
    return ids


def settle(scene) -> None:
    """Let the scene show this state to its end: flights, the clear effect, toasts."""
    for _ in range(600):
        if scene.hold() <= 0 and scene.anim.current_announcement() is None and not scene.pile_hidden:
            break
        scene.update(0.05)
    for _ in range(60):
        scene.update(0.05)


def uncovered_points(rects, i):
    """Points of ``rects[i]`` that no later rect of the same play covers."""
    r = rects[i]
    later = rects[i + 1:]
    return [(x, y) for x in range(r.left + 1, r.right - 1, 3) for y in range(r.top + 1, r.bottom - 1, 5)
            if not any(o.collidepoint(x, y) for o in later)]


def check_cleared_trick(scene, surface, winning_play, earlier_plays) -> None:
    """The winning play's cards are on top where the pile's top play lay (each card's
    uncovered part shows that card, nothing else shows inside the play's area), and the
    previous play peeks out from behind."""
    scene.draw(surface)
    rects = scene.pile_rects(len(winning_play))
    for i, cid in enumerate(winning_play):
        want = card_colour(cid, dim=True)
        pts = uncovered_points(rects, i)
        assert pts
        seen = {tuple(surface.get_at(p))[:3] for p in pts}
        assert seen == {want}, f"card {cid} of the winning play is covered ({seen} instead of {want})"
    if earlier_plays:
        area = rects[0].unionall(rects).inflate(scene.table_layout.pile_card[0], scene.table_layout.pile_card[1])
        around = surface.subsurface(area.clip(surface.get_rect()))
        shown = sum(pygame.mask.from_threshold(around, card_colour(c, dim=True), (1, 1, 1, 255)).count()
                    for c in earlier_plays[-1])
        assert shown, "the previous play of the trick is not shown behind the winning one"


def play_and_check(rules, n, seed, viewer, size) -> int:
    """A seeded random round watched by ``viewer`` (a seat or None); every trick won is
    checked on the scene. Returns how many cleared tricks were checked."""
    s, ev = new_match(rules, n, seed, rounds=1)
    scene = TableScene(view(s, viewer), names=[f"P{i}" for i in range(n)], settings={"speed": "fast"})
    scene.layout(*size)
    scene.set_view(view(s, viewer), filter_events(ev, viewer))
    surface = pygame.Surface(size)
    rng = random.Random(seed)
    checked = 0
    while s.phase in ("play", "exchange"):
        trick = [cards for _seat, cards in s.trick]
        move = rng.choice(legal_moves(s))
        ev = apply_inplace(s, s.to_move, move)
        scene.set_view(view(s, viewer), filter_events(ev, viewer))
        if not any(e["type"] == "trick_won" for e in ev):
            continue
        plays = trick + ([tuple(move.cards)] if move.kind == "play" else [])
        settle(scene)
        assert [tuple(e.cards) for e in scene.log.cleared_trick()] == plays
        check_cleared_trick(scene, surface, plays[-1], plays[:-1])
        checked += 1
    return checked


@pytest.mark.parametrize("rules", TEMPLATES, ids=[r.id for r in TEMPLATES])
def test_the_winning_play_lies_on_top_of_the_cleared_trick(rules, coloured_cards):
    checked = 0
    for k in range(3):
        n = rules.min_players + k % (rules.max_players - rules.min_players + 1)
        viewer = [0, None, n - 1][k]
        size = (390, 844) if k == 1 else (1280, 720)
        checked += play_and_check(rules, n, 1000 * k + n, viewer, size)
    assert checked >= 15

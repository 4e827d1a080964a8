"""Every cache of drawn surfaces is bounded (felt/ui/surfcache.py): by count, by bytes, and
a new size forgets the old one's pictures; second-deck cards share their faces; panels keep
nothing; fonts are kept by the dozen, not by the hundred."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt.ui import cardart, fonts, layout, surfcache, theme  # noqa: E402
from felt.ui.surfcache import SurfaceCache, surface_bytes  # noqa: E402


@pytest.fixture(autouse=True)
def _density_one():
    d = layout.density()
    layout.set_density(1.0)
    yield
    layout.set_density(d)


def _surf(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


def test_a_cache_keeps_at_most_its_count_and_forgets_the_least_recently_used():
    c = SurfaceCache("t-count", limit_items=3, limit_bytes=1 << 30)
    for i in range(3):
        c.put(i, _surf(4, 4))
    assert c.get(0) is not None              # 0 is used again: 1 is now the oldest
    c.put(3, _surf(4, 4))
    assert len(c) == 3 and 1 not in c and all(k in c for k in (0, 2, 3))
    assert c.bytes == 3 * surface_bytes(_surf(4, 4))


def test_a_cache_keeps_at_most_its_bytes_and_its_budget_grows_with_the_density():
    one = surface_bytes(_surf(100, 100))     # 40 000 bytes
    c = SurfaceCache("t-bytes", limit_items=1000, limit_bytes=5 * one)
    for i in range(50):
        c.put(i, _surf(100, 100))
        assert c.bytes <= c.budget()
    assert len(c) == 5 and c.bytes == 5 * one
    layout.set_density(2.0)                   # four times the pixels: four times the budget
    assert c.budget() == 20 * one
    for i in range(50, 100):
        c.put(i, _surf(100, 100))
    assert len(c) == 20
    big = _surf(400, 400)                     # more than a quarter of the budget: not kept
    assert c.put("big", big) is big and "big" not in c and c.bytes <= c.budget()


def test_clear_all_forgets_every_cache_and_the_report_names_them():
    c = SurfaceCache("t-clear", limit_items=10, limit_bytes=1 << 20)
    c.put("a", _surf(8, 8))
    rep = surfcache.report()
    assert rep["t-clear"]["items"] == 1 and rep["t-clear"]["bytes"] == surface_bytes(_surf(8, 8))
    assert {"text", "cards", "felt"} <= set(rep)
    surfcache.clear_all()
    assert len(c) == 0 and c.bytes == 0
    assert all(r["items"] == 0 for r in surfcache.report().values())


def test_text_and_card_art_stay_within_their_budgets_however_much_is_drawn():
    surfcache.clear_all()
    for i in range(3000):
        fonts.render(f"Zeile {i} mit etwas Text", 12 + i % 30, (255, 255, 255))
    text = fonts._text_cache
    assert text.bytes <= text.budget() and len(text) <= text.limit_items
    from felt.cards import Card
    for w in range(40, 140, 4):               # cards at 25 sizes
        for rank in ("7", "Q", "A"):
            cardart.card_surface(Card(0, rank, "H", 0, False, "H" + rank), (w, int(w * 1.4)))
    cards = cardart._cache
    assert cards.bytes <= cards.budget() and len(cards) <= cards.limit_items


def test_a_second_decks_card_shares_the_first_decks_face():
    from felt.cards import Card
    surfcache.clear_all()
    first = Card(5, "7", "H", 0, False, "H7")
    second = Card(57, "7", "H", 1, False, "H7.2")
    assert cardart.card_surface(first, (69, 96)) is cardart.card_surface(second, (69, 96))
    j1, j2 = Card(104, "JOKER", "X", 0, True, "X1"), Card(105, "JOKER", "X", 0, True, "X2")
    a, b = cardart.card_surface(j1, (69, 96)), cardart.card_surface(j2, (69, 96))
    assert a is not b and pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA"), \
        "the two jokers look different (red and black)"


def test_the_felt_is_kept_for_one_size_only():
    surfcache.clear_all()
    a = theme.felt_background((200, 300))
    assert theme.felt_background((200, 300)) is a
    theme.felt_background((300, 200))
    assert len(theme._felt_cache) == 1 and theme._felt_cache.bytes == surface_bytes(theme.felt_background((300, 200)))


def test_a_panel_keeps_no_surface_and_looks_as_a_translucent_rounded_rect():
    screen = pygame.Surface((120, 80))
    screen.fill((10, 100, 40))
    for alpha in range(10, 250, 7):           # a fade's steps
        theme.panel(screen, pygame.Rect(10, 10, 100, 60), color=(0, 0, 0), alpha=alpha, radius=12)
    assert not hasattr(theme, "_panel_cache")
    one = pygame.Surface((120, 80))
    one.fill((10, 100, 40))
    theme.panel(one, pygame.Rect(10, 10, 100, 60), color=(200, 0, 0), alpha=128, radius=12)
    assert one.get_at((60, 40))[:3] == pytest.approx((105, 50, 20), abs=2)    # half red over the felt
    assert one.get_at((10, 10))[:3] == (10, 100, 40)                          # the rounded corner is out


def test_fonts_are_kept_by_the_dozen():
    for px in range(8, 120):
        fonts.font(px)
    assert len(fonts._fonts) <= fonts._FONTS_MAX <= 32

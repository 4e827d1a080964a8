"""Colours, sizes and the few drawing helpers every scene shares (green felt, high contrast)."""
from __future__ import annotations

import math

import pygame

from felt.ui import layout
from felt.ui.surfcache import SurfaceCache

# --- palette ---------------------------------------------------------------
FELT = (21, 101, 56)
FELT_DARK = (12, 66, 36)
FELT_LIGHT = (34, 128, 74)
FELT_RIM = (92, 58, 30)          # wooden table rim
FELT_RIM_DARK = (60, 36, 18)
PANEL = (10, 40, 24)              # translucent dark panels on felt (with alpha below)
PANEL_ALPHA = 200
PANEL_BORDER = (70, 150, 100)
TEXT = (244, 244, 236)
TEXT_DIM = (170, 198, 178)
TEXT_DARK = (24, 24, 24)
GOLD = (242, 196, 64)
GOLD_DARK = (176, 128, 20)
ACCENT = (255, 214, 90)           # whose turn
DANGER = (214, 64, 56)
DANGER_DARK = (150, 36, 32)
OK = (66, 180, 96)
INFO = (70, 140, 220)
SHADOW = (0, 0, 0)

BTN_PRIMARY = (246, 190, 40)
BTN_PRIMARY_TEXT = (40, 28, 0)
BTN_SECONDARY = (238, 238, 230)
BTN_SECONDARY_TEXT = (20, 44, 30)
BTN_DISABLED = (88, 112, 96)
BTN_DISABLED_TEXT = (160, 176, 164)

CARD_FACE = (252, 251, 246)
CARD_EDGE = (150, 150, 140)
CARD_RED = (206, 30, 40)
CARD_BLACK = (22, 22, 28)
CARD_BACK = (160, 30, 40)
CARD_BACK_DARK = (110, 16, 26)
CARD_SELECT = (255, 210, 60)
# Jass suit colours: distinct from each other at a glance
JASS_ROSEN = (214, 40, 60)        # red rose
JASS_SCHELLEN = (222, 160, 20)    # golden bell
JASS_SCHILTEN = (30, 100, 200)    # blue shield (with black/yellow trim)
JASS_EICHELN = (120, 76, 28)      # brown acorn
JASS_LEAF = (40, 130, 50)

# --- sizes -----------------------------------------------------------------
MIN_TOUCH = 44                    # smallest touch target, px (Apple HIG / Material ~48dp)


def unit(w: int, h: int) -> float:
    """Base size unit in px: ~1.0 on a 360 px wide phone, ~1.6 on a 1280x720 laptop (at a
    density d: d times the unit of the size in layout pixels, ``layout.unit``)."""
    return layout.unit(w, h)


def font_px(w: int, h: int, role: str = "body") -> int:
    """Font size for a text role at this window size (and density)."""
    d = layout.density()
    if d != 1.0:
        return max(1, int(round(_font_px(w / d, h / d, role) * d)))
    return _font_px(w, h, role)


def _font_px(w: float, h: float, role: str) -> int:
    u = max(0.85, min(w / 360.0, h / 520.0, 2.4))
    base = {"tiny": 11, "small": 13, "body": 15, "label": 16, "button": 17,
            "title": 22, "big": 30, "huge": 40}[role]
    return max(10, int(round(base * (0.75 + 0.25 * u) if u > 1 else base * u)))


# --- drawing helpers ---------------------------------------------------------
# a whole window's felt, for the size on screen (a phone at pixel ratio 3: 12 MB)
_felt_cache = SurfaceCache("felt", limit_items=1, limit_bytes=1 << 40)


def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """A cached felt table: radial-ish gradient with a soft vignette, drawn once per size."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    s = _felt_cache.get(size)
    if s is not None:
        return s
    w, h = size
    s = pygame.Surface(size).convert() if pygame.display.get_init() and pygame.display.get_surface() else pygame.Surface(size)
    s.fill(FELT_DARK)
    # concentric ellipses from dark rim to light centre
    steps = 28
    for i in range(steps):
        f = i / (steps - 1)
        col = tuple(int(FELT_DARK[k] + (FELT_LIGHT[k] - FELT_DARK[k]) * (f ** 1.3)) for k in range(3))
        rw = int(w * (1.5 - 1.0 * f))
        rh = int(h * (1.5 - 1.0 * f))
        r = pygame.Rect(0, 0, rw, rh)
        r.center = (w // 2, int(h * 0.45))
        pygame.draw.ellipse(s, col, r)
    # felt texture: a small tile of fibres (light and dark specks, a faint weave), tiled
    tile = _felt_tile()
    tw, th = tile.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            s.blit(tile, (x, y))
    return _felt_cache.put(size, s)


_tile: list = []


def _felt_tile() -> pygame.Surface:
    """A 96x96 fibre texture (deterministic), blended over the felt's gradient."""
    if _tile:
        return _tile[0]
    import random
    rng = random.Random(1207)
    n = 96
    t = pygame.Surface((n, n), pygame.SRCALPHA)
    for y in range(n):                      # a faint diagonal weave
        for x in range(0, n, 3):
            if (x + y) % 6 == 0:
                t.set_at((x, y), (255, 255, 255, 7))
    for _ in range(700):                    # fibres: short strokes, light and dark
        x, y = rng.randrange(n), rng.randrange(n)
        ln = rng.randrange(2, 6)
        ang = rng.random() * 6.283
        dx, dy = int(round(ln * math.cos(ang))), int(round(ln * math.sin(ang)))
        col = (255, 255, 255, rng.randrange(6, 16)) if rng.random() < 0.5 else (0, 0, 0, rng.randrange(10, 24))
        pygame.draw.line(t, col, (x, y), (x + dx, y + dy))
    _tile.append(t)
    return t


def panel(surface: pygame.Surface, rect: pygame.Rect, color=PANEL, alpha: int = PANEL_ALPHA,
          radius: int = 10, border=None, border_width: int = 2) -> None:
    """Rounded translucent panel (``radius`` and ``border_width`` in layout pixels: on a
    phone's renderer they grow with its pixel density; never rounder than a pill)."""
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    if layout.density() != 1.0:
        radius = min(layout.dp(radius), min(rect.w, rect.h) // 2)
        border_width = max(1, layout.dp(border_width))
    if alpha >= 255:
        pygame.draw.rect(surface, color, rect, border_radius=radius)
    elif alpha > 0:
        # drawn each time: a cache per size and fade step held tens of megabytes on a phone's
        # renderer, and drawing costs about what the blit does (0.5 ms for a third of a screen)
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, (*color[:3], alpha), tmp.get_rect(), border_radius=radius)
        surface.blit(tmp, rect.topleft)
    if border is not None:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


def shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = 8, offset=(2, 3), alpha: int = 70) -> None:
    r = pygame.Rect(rect).move(layout.dp(offset[0]), layout.dp(offset[1]))
    panel(surface, r, SHADOW, alpha=alpha, radius=radius)


def lerp_color(a, b, f: float):
    f = max(0.0, min(1.0, f))
    return tuple(int(a[i] + (b[i] - a[i]) * f) for i in range(3))

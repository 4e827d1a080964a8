"""Procedural card art: faces for French and Jass suits, jokers, the back.

Everything is drawn here (no image files): a rounded white card with the rank and suit
in the top-left corner (the part that stays visible when cards overlap in a hand), the
same rotated in the bottom-right, and a big centre pip, face letter or joker star.
French suit glyphs come from DejaVu Sans (♣♠♥♦); Jass suits (Rosen, Schellen, Schilten,
Eicheln) are small vector drawings with their own colours. Shapes are drawn 4x larger
and smooth-scaled down, so edges are antialiased. Surfaces are cached by
(card code, size, language, variant).
"""
from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from felt.ui import fonts, i18n, theme

FRENCH_GLYPH = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
RED_SUITS = {"H", "D"}
JASS_SUITS = ("R", "B", "T", "E")
FACE_RANKS = {"J", "Q", "K", "U", "O"}

# colour used for the rank index per suit
INDEX_COLOR = {
    "C": theme.CARD_BLACK, "S": theme.CARD_BLACK, "H": theme.CARD_RED, "D": theme.CARD_RED,
    "R": (196, 24, 48), "B": (160, 100, 0), "T": (24, 80, 170), "E": (104, 62, 20),
    "X": (130, 30, 150),
}

_cache: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_CACHE_MAX = 700
SS = 4  # supersampling factor for vector shapes


def _get(key):
    s = _cache.get(key)
    if s is not None:
        _cache.move_to_end(key)
    return s


def _put(key, surf):
    _cache[key] = surf
    if len(_cache) > _CACHE_MAX:
        _cache.popitem(last=False)
    return surf


def clear_cache() -> None:
    _cache.clear()


def suit_color(suit: str):
    return {"R": theme.JASS_ROSEN, "B": theme.JASS_SCHELLEN, "T": theme.JASS_SCHILTEN,
            "E": theme.JASS_EICHELN}.get(suit, INDEX_COLOR.get(suit, theme.CARD_BLACK))


# ----------------------------------------------------------------------------
# suit symbols
def suit_symbol(suit: str, px: int) -> pygame.Surface:
    """A suit symbol about ``px`` pixels tall (SRCALPHA surface)."""
    px = max(6, int(px))
    key = ("suit", suit, px)
    s = _get(key)
    if s is not None:
        return s
    if suit in FRENCH_GLYPH:
        col = theme.CARD_RED if suit in RED_SUITS else theme.CARD_BLACK
        # DejaVu's glyph box is taller than the ink; scale the font so the ink is ~px
        img = fonts.render(FRENCH_GLYPH[suit], int(px * 1.25), col)
        s = _trim(img)
    elif suit == "X":
        s = _trim(fonts.render("★", int(px * 1.3), INDEX_COLOR["X"]))
    else:
        big = pygame.Surface((px * SS, px * SS), pygame.SRCALPHA)
        _JASS_DRAW[suit](big, big.get_rect())
        s = pygame.transform.smoothscale(big, (px, px))
    return _put(key, s)


def _trim(img: pygame.Surface) -> pygame.Surface:
    r = img.get_bounding_rect()
    if r.w == 0 or r.h == 0:
        return img
    return img.subsurface(r).copy()


def _draw_rose(s: pygame.Surface, r: pygame.Rect) -> None:
    cx, cy = r.center
    R = r.w * 0.46
    # green leaves peeking out
    for a in (45, 135, 225, 315):
        rad = math.radians(a)
        lx, ly = cx + math.cos(rad) * R * 0.72, cy + math.sin(rad) * R * 0.72
        pygame.draw.circle(s, theme.JASS_LEAF, (int(lx), int(ly)), int(R * 0.28))
    # five red petals
    for i in range(5):
        rad = math.radians(-90 + i * 72)
        px_, py_ = cx + math.cos(rad) * R * 0.48, cy + math.sin(rad) * R * 0.48
        pygame.draw.circle(s, theme.JASS_ROSEN, (int(px_), int(py_)), int(R * 0.45))
        pygame.draw.circle(s, (150, 14, 34), (int(px_), int(py_)), int(R * 0.45), max(1, int(R * 0.05)))
    pygame.draw.circle(s, (250, 220, 90), (cx, cy), int(R * 0.26))
    pygame.draw.circle(s, (190, 130, 20), (cx, cy), int(R * 0.26), max(1, int(R * 0.05)))


def _draw_bell(s: pygame.Surface, r: pygame.Rect) -> None:
    cx, cy = r.centerx, r.centery + int(r.h * 0.05)
    R = int(r.w * 0.40)
    dark = (130, 80, 0)
    # loop on top
    pygame.draw.circle(s, dark, (cx, cy - R - int(R * 0.12)), int(R * 0.22), max(2, int(R * 0.09)))
    pygame.draw.circle(s, theme.JASS_SCHELLEN, (cx, cy), R)
    # highlight
    pygame.draw.circle(s, (255, 226, 120), (cx - int(R * 0.35), cy - int(R * 0.35)), int(R * 0.28))
    # equator band
    band = pygame.Rect(cx - R, cy - int(R * 0.12), 2 * R, int(R * 0.24))
    pygame.draw.rect(s, (200, 60, 40), band)
    # slit + sound hole
    pygame.draw.line(s, dark, (cx, cy + int(R * 0.35)), (cx, cy + R), max(2, int(R * 0.1)))
    pygame.draw.circle(s, dark, (cx, cy + int(R * 0.45)), int(R * 0.16))
    pygame.draw.circle(s, dark, (cx, cy), R, max(2, int(R * 0.08)))


def _draw_shield(s: pygame.Surface, r: pygame.Rect) -> None:
    w, h = r.w, r.h
    x0, y0 = r.left + w * 0.14, r.top + h * 0.08
    x1, y1 = r.right - w * 0.14, r.bottom - h * 0.06
    mid = (x0 + x1) / 2
    pts = [(x0, y0), (x1, y0), (x1, y0 + (y1 - y0) * 0.55), (mid, y1), (x0, y0 + (y1 - y0) * 0.55)]
    pts = [(int(a), int(b)) for a, b in pts]
    pygame.draw.polygon(s, theme.JASS_SCHILTEN, pts)
    # yellow chief band and a black/white pale
    band = [(x0, y0), (x1, y0), (x1, y0 + (y1 - y0) * 0.28), (x0, y0 + (y1 - y0) * 0.28)]
    pygame.draw.polygon(s, (250, 200, 40), [(int(a), int(b)) for a, b in band])
    pale_w = (x1 - x0) * 0.22
    pale = [(mid - pale_w / 2, y0 + (y1 - y0) * 0.28), (mid + pale_w / 2, y0 + (y1 - y0) * 0.28),
            (mid + pale_w / 2, y1 - (y1 - y0) * 0.14), (mid - pale_w / 2, y1 - (y1 - y0) * 0.14)]
    pygame.draw.polygon(s, (240, 240, 240), [(int(a), int(b)) for a, b in pale])
    pygame.draw.polygon(s, (20, 20, 30), pts, max(2, int(w * 0.06)))


def _draw_acorn(s: pygame.Surface, r: pygame.Rect) -> None:
    w, h = r.w, r.h
    cx = r.centerx
    # nut
    nut = pygame.Rect(0, 0, int(w * 0.52), int(h * 0.56))
    nut.midbottom = (cx, r.bottom - int(h * 0.04))
    pygame.draw.ellipse(s, (196, 140, 60), nut)
    pygame.draw.ellipse(s, (120, 76, 28), nut, max(2, int(w * 0.04)))
    pygame.draw.ellipse(s, (236, 196, 120), pygame.Rect(nut.left + nut.w // 5, nut.top + nut.h // 4, nut.w // 5, nut.h // 3))
    # cap: the top part of an ellipse, drawn on its own layer so the nut stays visible
    cap = pygame.Rect(0, 0, int(w * 0.70), int(h * 0.40))
    cap.center = (cx, nut.top + int(h * 0.08))
    layer = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.ellipse(layer, theme.JASS_EICHELN, cap)
    layer.fill((0, 0, 0, 0), pygame.Rect(0, cap.centery + int(cap.h * 0.22), r.w, r.h))
    for i in range(5):
        for j in range(2):
            dx = cap.left + int(cap.w * (0.18 + i * 0.16))
            dy = cap.top + int(cap.h * (0.28 + j * 0.26))
            pygame.draw.circle(layer, (70, 40, 12), (dx, dy), max(1, int(w * 0.025)))
    s.blit(layer, (0, 0))
    # stem
    pygame.draw.line(s, (70, 40, 12), (cx, cap.top + 2), (cx + int(w * 0.06), r.top + int(h * 0.02)), max(2, int(w * 0.06)))


_JASS_DRAW = {"R": _draw_rose, "B": _draw_bell, "T": _draw_shield, "E": _draw_acorn}


# ----------------------------------------------------------------------------
def _radius(w: int) -> int:
    return max(4, int(w * 0.09))


def _base(size: tuple[int, int], face=theme.CARD_FACE, edge=theme.CARD_EDGE) -> pygame.Surface:
    """Antialiased rounded card blank."""
    w, h = size
    big = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
    rr = big.get_rect()
    pygame.draw.rect(big, edge, rr, border_radius=_radius(w) * 2)
    pygame.draw.rect(big, face, rr.inflate(-4, -4), border_radius=_radius(w) * 2 - 2)
    return pygame.transform.smoothscale(big, (w, h))


def rank_text(card) -> str:
    if getattr(card, "suit", "") == "X" or card.rank == "JOKER":
        return "★"
    return i18n.rank_label(card.rank)


def card_surface(card, size: tuple[int, int], dim: bool = False) -> pygame.Surface:
    """The face of ``card`` (a felt.cards.Card or anything with rank/suit/joker/code)."""
    w, h = int(size[0]), int(size[1])
    key = ("face", card.code, card.joker, w, h, i18n.get_lang(), dim)
    s = _get(key)
    if s is not None:
        return s
    if dim:
        s = card_surface(card, (w, h)).copy()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (30, 40, 34, 120), veil.get_rect(), border_radius=_radius(w))
        s.blit(veil, (0, 0))
        return _put(key, s)
    s = _base((w, h))
    if card.suit == "X" or card.rank == "JOKER":
        _draw_joker(s, card)
    else:
        _draw_face(s, card)
    return _put(key, s)


def _corner(card, w: int, h: int) -> pygame.Surface:
    """Rank over suit, for the top-left corner."""
    label = rank_text(card)
    col = INDEX_COLOR.get(card.suit, theme.CARD_BLACK)
    rpx = max(9, int(w * 0.30))
    cond = len(label) > 1
    if cond:
        rpx = max(9, int(w * 0.27))
    rimg = fonts.render(label, rpx, col, bold=True, condensed=cond)
    rimg = _trim(rimg)
    spx = max(7, int(w * 0.22))
    simg = suit_symbol(card.suit, spx)
    cw = max(rimg.get_width(), simg.get_width())
    gap = max(1, int(h * 0.02))
    out = pygame.Surface((cw, rimg.get_height() + gap + simg.get_height()), pygame.SRCALPHA)
    out.blit(rimg, ((cw - rimg.get_width()) // 2, 0))
    out.blit(simg, ((cw - simg.get_width()) // 2, rimg.get_height() + gap))
    return out


def _draw_face(s: pygame.Surface, card) -> None:
    w, h = s.get_size()
    corner = _corner(card, w, h)
    mx, my = max(3, int(w * 0.07)), max(3, int(h * 0.05))
    s.blit(corner, (mx, my))
    s.blit(pygame.transform.rotate(corner, 180), (w - mx - corner.get_width(), h - my - corner.get_height()))
    col = INDEX_COLOR.get(card.suit, theme.CARD_BLACK)
    centre = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.50))
    centre.center = (w // 2 + int(w * 0.04), h // 2)
    if card.rank in FACE_RANKS:
        # framed face: big letter with a suit symbol below
        frame = centre.inflate(int(w * 0.02), int(h * 0.06))
        pygame.draw.rect(s, theme.lerp_color(suit_color(card.suit), (255, 255, 255), 0.86), frame,
                         border_radius=max(3, w // 14))
        pygame.draw.rect(s, theme.lerp_color(col, (255, 255, 255), 0.35), frame, max(1, w // 40),
                         border_radius=max(3, w // 14))
        letter = i18n.rank_label(card.rank)
        limg = _trim(fonts.render(letter, max(10, int(h * 0.30)), col, bold=True))
        sym = suit_symbol(card.suit, max(8, int(h * 0.13)))
        total = limg.get_height() + sym.get_height() + int(h * 0.02)
        y = frame.centery - total // 2
        s.blit(limg, (frame.centerx - limg.get_width() // 2, y))
        s.blit(sym, (frame.centerx - sym.get_width() // 2, y + limg.get_height() + int(h * 0.02)))
    else:
        big = suit_symbol(card.suit, max(10, int(min(centre.w, centre.h) * (0.95 if card.rank == "A" else 0.78))))
        s.blit(big, (centre.centerx - big.get_width() // 2, centre.centery - big.get_height() // 2))
        if card.rank == "A":
            pygame.draw.ellipse(s, theme.lerp_color(col, (255, 255, 255), 0.7),
                                centre.inflate(int(w * 0.06), int(h * 0.02)), max(1, w // 40))
    if card.joker:   # designated joker (e.g. Rosen 6): a gold star badge
        star = suit_symbol("X", max(8, int(w * 0.26)))
        badge = pygame.Rect(0, 0, star.get_width() + 6, star.get_height() + 6)
        badge.topright = (w - mx + 2, my - 1)
        pygame.draw.ellipse(s, theme.GOLD, badge)
        s.blit(star, (badge.centerx - star.get_width() // 2, badge.centery - star.get_height() // 2))


def _draw_joker(s: pygame.Surface, card) -> None:
    w, h = s.get_size()
    second = card.code.startswith("X2")
    col = (20, 20, 28) if second else (196, 24, 60)
    # corner: star + vertical JOKER
    mx, my = max(3, int(w * 0.07)), max(3, int(h * 0.05))
    star = _tint(suit_symbol("X", max(8, int(w * 0.26))), col)
    s.blit(star, (mx, my))
    # big centre star in gold with an outline
    big = suit_symbol("X", max(10, int(min(w, h) * 0.62)))
    g = _tint(big, theme.GOLD)
    o = _tint(big, col)
    cx, cy = w // 2, h // 2
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
        s.blit(o, (cx - o.get_width() // 2 + dx, cy - o.get_height() // 2 + dy))
    s.blit(g, (cx - g.get_width() // 2, cy - g.get_height() // 2))
    txt = "JOKER"
    px = fonts.fit_size(txt, max(8, int(w * 0.2)), int(w * 0.6), 7, bold=True)
    timg = fonts.render(txt, px, col, bold=True)
    s.blit(timg, (cx - timg.get_width() // 2, int(h * 0.86) - timg.get_height() // 2 - my))


def _tint(img: pygame.Surface, color) -> pygame.Surface:
    out = img.copy()
    out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    out.fill((*color[:3], 0), special_flags=pygame.BLEND_RGBA_ADD)
    return out


def back_surface(size: tuple[int, int]) -> pygame.Surface:
    """The card back: red with a lattice and a gold star medallion."""
    w, h = int(size[0]), int(size[1])
    key = ("back", w, h)
    s = _get(key)
    if s is not None:
        return s
    big = pygame.Surface((w * 2, h * 2), pygame.SRCALPHA)
    rr = big.get_rect()
    rad = _radius(w) * 2
    pygame.draw.rect(big, (250, 250, 245), rr, border_radius=rad)
    inner = rr.inflate(-max(6, w // 5), -max(6, w // 5))
    pygame.draw.rect(big, theme.CARD_BACK, inner, border_radius=max(2, rad - 4))
    # lattice
    clip = big.get_clip()
    big.set_clip(inner)
    step = max(6, w // 4)
    for x in range(inner.left - inner.h, inner.right + inner.h, step):
        pygame.draw.line(big, theme.CARD_BACK_DARK, (x, inner.top), (x + inner.h, inner.bottom), max(1, w // 30))
        pygame.draw.line(big, theme.CARD_BACK_DARK, (x + inner.h, inner.top), (x, inner.bottom), max(1, w // 30))
    big.set_clip(clip)
    pygame.draw.rect(big, theme.GOLD_DARK, inner, max(1, w // 25), border_radius=max(2, rad - 4))
    med = pygame.Rect(0, 0, int(w * 0.9), int(w * 0.9))
    med.center = rr.center
    pygame.draw.ellipse(big, (250, 244, 226), med)
    pygame.draw.ellipse(big, theme.GOLD_DARK, med, max(2, w // 20))
    s = pygame.transform.smoothscale(big, (w, h))
    star = _tint(suit_symbol("X", max(6, int(w * 0.36))), theme.GOLD_DARK)
    s.blit(star, (w // 2 - star.get_width() // 2, h // 2 - star.get_height() // 2))
    return _put(key, s)


def shadow_surface(size: tuple[int, int], alpha: int = 80) -> pygame.Surface:
    w, h = int(size[0]), int(size[1])
    key = ("shadow", w, h, alpha)
    s = _get(key)
    if s is not None:
        return s
    s = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
    for i, a in enumerate((alpha // 3, alpha // 2, alpha)):
        pygame.draw.rect(s, (0, 0, 0, a), pygame.Rect(3 - i + 1, 3 - i + 1, w + 2 * (i - 1) + 2, h + 2 * (i - 1) + 2),
                         border_radius=_radius(w) + 2)
    return _put(key, s)


def highlight_surface(size: tuple[int, int], color=theme.CARD_SELECT, width: int = 3) -> pygame.Surface:
    w, h = int(size[0]), int(size[1])
    key = ("hl", w, h, tuple(color), width)
    s = _get(key)
    if s is not None:
        return s
    s = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
    pygame.draw.rect(s, (*color[:3], 255), s.get_rect(), width + 1, border_radius=_radius(w) + width)
    return _put(key, s)


def glyphs_needed(cards) -> str:
    """Every character the card art renders with the font for these cards."""
    out = set("★JOKER")
    for c in cards:
        out.update(rank_text(c))
        if c.suit in FRENCH_GLYPH:
            out.add(FRENCH_GLYPH[c.suit])
        if c.rank in FACE_RANKS:
            out.update(i18n.rank_label(c.rank))
    return "".join(sorted(out))

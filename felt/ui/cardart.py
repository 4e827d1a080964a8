"""Procedural card art: faces for French and Jass suits, jokers, the back.

Everything is drawn here (no image files): a rounded white card with the rank and suit
in the top-left corner (the part that stays visible when cards overlap in a hand), the
same rotated in the bottom-right, and a big centre pip, face letter or joker star.
French suit glyphs come from DejaVu Sans (♣♠♥♦); Jass suits (Rosen, Schellen, Schilten,
Eicheln) are small vector drawings with their own colours. Shapes are drawn 4x larger
and smooth-scaled down, so edges are antialiased. Surfaces are cached by
(card code, size, language, variant, style). The style (``set_style``) is the player's
choice in settings: four-colour suits (Kreuz green, Karo blue, Herz red, Pik black; the Jass
suits keep their own colours, already four) and big indices ("Große Zeichen").
"""
from __future__ import annotations

import math

import pygame

from felt.contract.cardnames import SUIT_SIGNS
from felt.ui import fonts, i18n, theme
from felt.ui.surfcache import SurfaceCache

FRENCH_GLYPH = SUIT_SIGNS        # the corner's and the texts' signs are one table
RED_SUITS = {"H", "D"}
JASS_SUITS = ("R", "B", "T", "E")
FACE_RANKS = {"J", "Q", "K", "U", "O"}

# colour used for the rank index per suit
INDEX_COLOR = {
    "C": theme.CARD_BLACK, "S": theme.CARD_BLACK, "H": theme.CARD_RED, "D": theme.CARD_RED,
    "R": (196, 24, 48), "B": (160, 100, 0), "T": (24, 80, 170), "E": (104, 62, 20),
    "X": (130, 30, 150),
}

# four-colour suits: French suits that share a colour get their own (Jass suits already differ)
FOUR_COLOUR = {"C": (22, 128, 52), "D": (24, 86, 196), "H": theme.CARD_RED, "S": theme.CARD_BLACK}
BIG_INDEX = 1.3           # how much bigger the corner index is with "Große Zeichen"
_style = {"four": False, "big": False}


def set_style(four_colour: bool = False, big_index: bool = False) -> None:
    """The player's card style (settings): every face drawn after this uses it. The caches
    key on it, so switching back finds the earlier pictures (the cache stays bounded)."""
    _style["four"] = bool(four_colour)
    _style["big"] = bool(big_index)


def style() -> tuple[bool, bool]:
    return _style["four"], _style["big"]


def index_color(suit: str):
    """The colour of a suit's index and glyph in the current style."""
    if _style["four"] and suit in FOUR_COLOUR:
        return FOUR_COLOUR[suit]
    return INDEX_COLOR.get(suit, theme.CARD_BLACK)


# faces, backs, figures and symbols at the sizes on screen (a hand, the pile, the seats)
_cache = SurfaceCache("cards", limit_items=700, limit_bytes=1280 << 10)
SS = 4  # supersampling factor for vector shapes


def _get(key):
    return _cache.get(key)


def _put(key, surf):
    return _cache.put(key, surf)


def clear_cache() -> None:
    _cache.clear()


def look(card) -> str:
    """What a card's face shows: its code without the copy (a second deck's Herz 7 looks
    like the first's, so both share one picture); jokers keep their number (X1 red, X2 black)."""
    return card.code.split(".", 1)[0]


def suit_color(suit: str):
    return {"R": theme.JASS_ROSEN, "B": theme.JASS_SCHELLEN, "T": theme.JASS_SCHILTEN,
            "E": theme.JASS_EICHELN}.get(suit, index_color(suit))


# ----------------------------------------------------------------------------
# suit symbols
def suit_symbol(suit: str, px: int) -> pygame.Surface:
    """A suit symbol about ``px`` pixels tall (SRCALPHA surface)."""
    px = max(6, int(px))
    key = ("suit", suit, px, _style["four"] and suit in FOUR_COLOUR)
    s = _get(key)
    if s is not None:
        return s
    if suit in FRENCH_GLYPH:
        col = index_color(suit)
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


def add_suit_art(suit: str, draw, index_color) -> None:
    """Teach the card art a suit of a game's own deck: ``draw(surface, rect)`` paints its
    symbol, ``index_color`` colours its corner index. A suit that has its art keeps it."""
    _JASS_DRAW.setdefault(suit, draw)
    INDEX_COLOR.setdefault(suit, index_color)


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
    if dim:                 # veiled as drawn, not kept: a second picture of every card in hand
        s = card_surface(card, (w, h)).copy()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (30, 40, 34, 120), veil.get_rect(), border_radius=_radius(w))
        s.blit(veil, (0, 0))
        return s
    key = ("face", look(card), card.joker, w, h, i18n.get_lang(), style())
    s = _get(key)
    if s is not None:
        return s
    s = _base((w, h))
    if card.suit == "X" or card.rank == "JOKER":
        _draw_joker(s, card)
    else:
        _draw_face(s, card)
    return _put(key, s)


def _corner(card, w: int, h: int) -> pygame.Surface:
    """Rank over suit, for the top-left corner."""
    label = rank_text(card)
    col = index_color(card.suit)
    big = BIG_INDEX if _style["big"] else 1.0
    rpx = max(9, int(w * 0.30 * big))
    cond = len(label) > 1
    if cond:
        rpx = max(9, int(w * 0.27 * big))
    rimg = fonts.render(label, rpx, col, bold=True, condensed=cond)
    rimg = _trim(rimg)
    if label == "Q":
        rimg = _q_tail(rimg, col)
    spx = max(7, int(w * 0.22 * big))
    simg = suit_symbol(card.suit, spx)
    cw = max(rimg.get_width(), simg.get_width())
    gap = max(1, int(h * 0.02))
    out = pygame.Surface((cw, rimg.get_height() + gap + simg.get_height()), pygame.SRCALPHA)
    out.blit(rimg, ((cw - rimg.get_width()) // 2, 0))
    out.blit(simg, ((cw - simg.get_width()) // 2, rimg.get_height() + gap))
    return out


def _q_tail(img: pygame.Surface, col) -> pygame.Surface:
    """A Q's glyph with a bold tail through its bowl's lower right, reaching out below it: the
    font's own tail is a few pixels at a corner's size, and the Q read like an O on a phone
    (Jass's Ober, a real O, keeps its plain letter)."""
    w, h = img.get_size()
    t = max(2, round(h * 0.17))                    # the tail's thickness
    out = pygame.Surface((w + t // 2, h + t), pygame.SRCALPHA)
    out.blit(img, (0, 0))
    ax, ay = w * 0.52, h * 0.60                    # inside the bowl ...
    bx, by = w + t / 2 - 1, h + t * 0.8 - 1        # ... out past its lower right
    length = math.hypot(bx - ax, by - ay) or 1.0
    nx, ny = -(by - ay) / length * t / 2, (bx - ax) / length * t / 2
    pygame.draw.polygon(out, col, [(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)])
    return out


def _draw_face(s: pygame.Surface, card) -> None:
    w, h = s.get_size()
    col = index_color(card.suit)
    centre = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.50))
    centre.center = (w // 2 + int(w * 0.04), h // 2)
    if card.rank in FACE_RANKS:
        # a court card: a double-headed figure in a frame (vector art, drawn once per size)
        frame = centre.inflate(int(w * 0.06), int(h * 0.16))
        frame.centerx = w // 2
        if frame.w >= 24 and frame.h >= 30:
            fig = figure_surface(card.rank, card.suit, frame.size)
            s.blit(fig, frame.topleft)
        pygame.draw.rect(s, theme.lerp_color(col, (255, 255, 255), 0.35), frame, max(1, w // 40),
                         border_radius=max(3, w // 14))
    elif card.rank == "A" and w >= 40:
        _draw_ace(s, card, centre, col)
    else:
        big = suit_symbol(card.suit, max(10, int(min(centre.w, centre.h) * (0.95 if card.rank == "A" else 0.78))))
        s.blit(big, (centre.centerx - big.get_width() // 2, centre.centery - big.get_height() // 2))
        if card.rank == "A":
            pygame.draw.ellipse(s, theme.lerp_color(col, (255, 255, 255), 0.7),
                                centre.inflate(int(w * 0.06), int(h * 0.02)), max(1, w // 40))
    # the corner indices last: over a court card's frame (a Q's tail reaches into it)
    corner = _corner(card, w, h)
    mx, my = max(3, int(w * 0.07)), max(3, int(h * 0.05))
    s.blit(corner, (mx, my))
    s.blit(pygame.transform.rotate(corner, 180), (w - mx - corner.get_width(), h - my - corner.get_height()))
    if card.joker:   # designated joker (e.g. Rosen 6): a gold star badge
        star = suit_symbol("X", max(8, int(w * 0.26)))
        badge = pygame.Rect(0, 0, star.get_width() + 6, star.get_height() + 6)
        badge.topright = (w - mx + 2, my - 1)
        pygame.draw.ellipse(s, theme.GOLD, badge)
        s.blit(star, (badge.centerx - star.get_width() // 2, badge.centery - star.get_height() // 2))


# ----------------------------------------------------------------------------
# court figures and aces
SKIN = (246, 214, 178)
GOLD = (222, 176, 52)
GOLD_DARK = (150, 110, 20)


def _robe_colors(suit: str):
    """(robe, trim) per suit: red suits crimson, black suits deep blue; Jass in their colours."""
    if suit in ("H", "D", "R"):
        return (178, 28, 44), GOLD
    if suit in ("C", "S"):
        return (30, 48, 110), GOLD
    base = suit_color(suit)
    return theme.lerp_color(base, (0, 0, 0), 0.15), GOLD


def _half_figure(rank: str, suit: str, W: int, H: int) -> pygame.Surface:
    """The upper half of a court card: head, headwear, shoulders and the suit on the chest."""
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    robe, trim = _robe_colors(suit)
    dark = theme.lerp_color(robe, (0, 0, 0), 0.35)
    cx = W // 2
    hr = int(min(W * 0.2, H * 0.2))              # head radius
    hy = int(H * 0.42)                           # head centre
    king = rank == "K"
    queen = rank in ("Q", "O")
    # background panel in a light tint of the robe
    pygame.draw.rect(s, theme.lerp_color(robe, (255, 255, 255), 0.86), s.get_rect())
    # hair behind the head
    hair = {"K": (120, 110, 100), "Q": (214, 170, 60), "O": (110, 70, 30), "J": (92, 56, 26),
            "U": (70, 44, 20)}.get(rank, (90, 60, 30))
    if queen:
        pygame.draw.ellipse(s, hair, (cx - int(hr * 1.45), hy - int(hr * 1.2), int(hr * 2.9), int(hr * 3.0)))
    else:
        pygame.draw.circle(s, hair, (cx, hy - hr // 5), int(hr * 1.12))
    # shoulders and robe
    robe_pts = [(int(W * 0.06), H), (int(W * 0.94), H), (int(W * 0.80), int(hy + hr * 1.45)),
                (int(W * 0.20), int(hy + hr * 1.45))]
    pygame.draw.polygon(s, robe, robe_pts)
    pygame.draw.polygon(s, dark, robe_pts, max(1, W // 60))
    # a stole / collar in the trim colour
    collar = [(cx - int(hr * 1.5), int(hy + hr * 1.35)), (cx + int(hr * 1.5), int(hy + hr * 1.35)),
              (cx + int(hr * 0.5), H), (cx - int(hr * 0.5), H)]
    pygame.draw.polygon(s, trim, collar)
    pygame.draw.polygon(s, GOLD_DARK, collar, max(1, W // 80))
    # ermine dots on the collar for kings
    if king:
        for i in range(4):
            y = int(hy + hr * 1.6 + i * (H - hy - hr * 1.6) / 4)
            pygame.draw.circle(s, (20, 20, 20), (cx, y), max(1, W // 70))
    # neck and head
    pygame.draw.rect(s, SKIN, (cx - hr // 2, hy + hr // 2, hr, int(hr * 0.9)))
    pygame.draw.circle(s, SKIN, (cx, hy), hr)
    pygame.draw.circle(s, theme.lerp_color(SKIN, (0, 0, 0), 0.3), (cx, hy), hr, max(1, W // 90))
    # face: eyes, nose, mouth
    ey = hy - hr // 5
    for dx in (-hr // 2.6, hr // 2.6):
        pygame.draw.circle(s, (40, 30, 30), (int(cx + dx), ey), max(1, hr // 7))
    pygame.draw.line(s, (180, 120, 100), (cx, ey + hr // 6), (cx - hr // 8, hy + hr // 4), max(1, W // 90))
    pygame.draw.arc(s, (170, 50, 50), (cx - hr // 3, hy + hr // 5, 2 * hr // 3, hr // 3), math.pi * 1.1,
                    math.pi * 1.9, max(1, W // 80))
    if king:   # a beard
        beard = [(cx - int(hr * 0.9), hy + hr // 6), (cx + int(hr * 0.9), hy + hr // 6), (cx, hy + int(hr * 1.5))]
        pygame.draw.polygon(s, hair, beard)
        pygame.draw.arc(s, (170, 50, 50), (cx - hr // 3, hy + hr // 6, 2 * hr // 3, hr // 3), math.pi * 1.1,
                        math.pi * 1.9, max(1, W // 80))
    # headwear
    top = hy - hr
    if king or queen:
        ch = int(hr * (1.1 if king else 0.8))
        cw = int(hr * (1.9 if king else 1.6))
        n = 5 if king else 3
        pts = [(cx - cw // 2, top + hr // 5)]
        for i in range(n):
            x0 = cx - cw // 2 + int(cw * i / (n - 1))
            pts.append((x0, top - ch if i % 2 == 0 else top - ch // 2))
        pts.append((cx + cw // 2, top + hr // 5))
        pygame.draw.polygon(s, GOLD, pts)
        pygame.draw.polygon(s, GOLD_DARK, pts, max(1, W // 70))
        for i in range(0, n, 2):
            x0 = cx - cw // 2 + int(cw * i / (n - 1))
            pygame.draw.circle(s, (200, 30, 50) if i == n // 2 else (40, 90, 200), (x0, top - ch),
                               max(2, W // 36))
    else:
        # a cap with a feather (knave / Under)
        cap = pygame.Rect(cx - int(hr * 1.25), top - int(hr * 0.5), int(hr * 2.5), int(hr * 0.95))
        pygame.draw.ellipse(s, robe, cap)
        pygame.draw.ellipse(s, dark, cap, max(1, W // 70))
        fx0, fy0 = cap.right - hr // 3, cap.top + hr // 4
        pygame.draw.line(s, trim, (fx0, fy0), (fx0 + int(hr * 0.9), fy0 - int(hr * 1.2)), max(2, W // 30))
    # the suit on the chest
    sym = suit_symbol(suit, max(6, int(hr * 1.2)))
    s.blit(sym, (int(W * 0.72) - sym.get_width() // 2, int(H * 0.84) - sym.get_height() // 2))
    return s


def figure_surface(rank: str, suit: str, size: tuple[int, int]) -> pygame.Surface:
    """A double-headed court figure for a frame of ``size`` (supersampled; not kept: the
    face it is drawn into is)."""
    w, h = int(size[0]), int(size[1])
    f = 3 if max(w, h) < 200 else 2
    W, H = w * f, h * f
    half = _half_figure(rank, suit, W, H // 2 + 1)
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    big.blit(half, (0, 0))
    big.blit(pygame.transform.rotate(half, 180), (0, H - half.get_height()))
    pygame.draw.line(big, GOLD_DARK, (int(W * 0.08), H // 2), (int(W * 0.92), H // 2), max(1, f))
    out = pygame.transform.smoothscale(big, (w, h))
    # round the frame's corners like the border drawn over it
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(3, w // 10))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def _draw_ace(s: pygame.Surface, card, centre: pygame.Rect, col) -> None:
    """An ace: a big suit in a gold laurel ring with small ornaments."""
    cx, cy = centre.center
    r = int(min(centre.w, centre.h) * 0.56)
    ring = pygame.Surface((4 * r + 8, 4 * r + 8), pygame.SRCALPHA)
    c2 = 2 * r + 4
    pygame.draw.circle(ring, (*theme.lerp_color(col, (255, 255, 255), 0.88), 255), (c2, c2), 2 * r)
    pygame.draw.circle(ring, GOLD, (c2, c2), 2 * r, max(2, r // 6))
    pygame.draw.circle(ring, GOLD_DARK, (c2, c2), int(2 * r * 0.84), max(1, r // 12))
    for i in range(16):   # laurel leaves around the ring
        a = i * math.pi / 8
        x = c2 + math.cos(a) * 2 * r * 0.92
        y = c2 + math.sin(a) * 2 * r * 0.92
        leaf = pygame.Rect(0, 0, max(4, r // 2), max(2, r // 4))
        leaf.center = (int(x), int(y))
        pygame.draw.ellipse(ring, (70, 130, 60), leaf)
    small = pygame.transform.smoothscale(ring, (2 * r + 4, 2 * r + 4))
    s.blit(small, (cx - small.get_width() // 2, cy - small.get_height() // 2))
    big = suit_symbol(card.suit, max(10, int(r * 1.25)))
    s.blit(big, (cx - big.get_width() // 2, cy - big.get_height() // 2))


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

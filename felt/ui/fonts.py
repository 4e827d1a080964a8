"""Fonts from felt/assets/fonts (DejaVu Sans: has ♠♥♦♣, ★ and all German letters).

Never pygame's default font (it has no suit glyphs). ``font(px, bold)`` is cached;
``render(text, px, color, bold)`` caches rendered text surfaces (LRU) so redrawing a
still screen costs blits only. ``fit(text, px, max_w)`` wraps and ellipsizes.
"""
from __future__ import annotations

from collections import OrderedDict

import pygame

from felt.paths import ASSETS
from felt.ui.surfcache import SurfaceCache

FONT_DIR = ASSETS / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
CONDENSED_BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
ELLIPSIS = "…"

# fonts by size and style; a screen uses a dozen, fitting text tries more (least recently used go)
_fonts: "OrderedDict[tuple[int, str], pygame.font.Font]" = OrderedDict()
_FONTS_MAX = 12
# rendered lines: a screen's worth many times over (at a phone's density the budget grows with it)
_text_cache = SurfaceCache("text", limit_items=1200, limit_bytes=700 << 10)


def _ensure_init() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def font(px: int, bold: bool = False, condensed: bool = False) -> pygame.font.Font:
    """The DejaVu font at ``px`` pixels (cached)."""
    _ensure_init()
    px = max(6, int(px))
    style = "c" if condensed else ("b" if bold else "r")
    key = (px, style)
    f = _fonts.get(key)
    if f is None:
        path = CONDENSED_BOLD if condensed else (BOLD if bold else REGULAR)
        f = pygame.font.Font(str(path), px)
        _fonts[key] = f
        if len(_fonts) > _FONTS_MAX:
            _fonts.popitem(last=False)
    else:
        _fonts.move_to_end(key)
    return f


def render(text: str, px: int, color, bold: bool = False, condensed: bool = False) -> pygame.Surface:
    """Antialiased text surface (cached by text, size, colour, weight)."""
    key = (text, int(px), tuple(color), bold, condensed)
    s = _text_cache.get(key)
    if s is not None:
        return s
    return _text_cache.put(key, font(px, bold, condensed).render(text, True, color))


def width(text: str, px: int, bold: bool = False, condensed: bool = False) -> int:
    return font(px, bold, condensed).size(text)[0]


def line_height(px: int, bold: bool = False) -> int:
    return font(px, bold).get_linesize()


def has_glyphs(text: str, bold: bool = False) -> bool:
    """True if the font has a real glyph for every character of ``text``."""
    f = font(20, bold)
    metrics = f.metrics(text)
    return all(m is not None for m in metrics)


def missing_glyphs(text: str, bold: bool = False) -> list[str]:
    f = font(20, bold)
    return [ch for ch, m in zip(text, f.metrics(text)) if m is None]


def ellipsize(text: str, px: int, max_w: int, bold: bool = False) -> str:
    """``text`` cut with '…' so it fits ``max_w`` pixels (empty if not even '…' fits)."""
    f = font(px, bold)
    if f.size(text)[0] <= max_w:
        return text
    if f.size(ELLIPSIS)[0] > max_w:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid].rstrip() + ELLIPSIS)[0] <= max_w:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


def wrap(text: str, px: int, max_w: int, max_lines: int = 0, bold: bool = False) -> list[str]:
    """Word-wrap ``text`` to ``max_w``; a hyphenated word may break after its hyphen
    ("Cleopatra-" / "Philomena"), a word still too long is broken; the last line is
    ellipsized when ``max_lines`` cuts the text."""
    lines, _ = wrap_lines(text, px, max_w, bold)
    if max_lines and len(lines) > max_lines:
        last = lines[max_lines - 1].rstrip("-") + ELLIPSIS
        lines = lines[:max_lines - 1] + [ellipsize(last, px, max_w, bold)]
    return lines


def wrap_lines(text: str, px: int, max_w: int, bold: bool = False) -> tuple[list[str], bool]:
    """``text`` wrapped to ``max_w`` (as :func:`wrap`, all lines) and whether a word had to be
    broken where it has no hyphen ("Philom-" / "ena")."""
    f = font(px, bold)
    lines: list[str] = []
    broke = False
    for para in text.split("\n"):
        cur = ""
        for word in para.split(" "):
            # the word's pieces: a line may end after a hyphen inside it
            pieces = [p for p in _after_hyphens(word)] or [""]
            for k, piece in enumerate(pieces):
                joint = " " if (k == 0 and cur) else ""
                cand = cur + joint + piece
                if f.size(cand)[0] <= max_w or (not cur and k == 0 and f.size(piece)[0] <= max_w):
                    cur = cand
                    continue
                if cur:
                    lines.append(cur)
                # break an over-long piece
                while f.size(piece)[0] > max_w and len(piece) > 1:
                    cut = len(piece) - 1
                    while cut > 1 and f.size(piece[:cut] + "-")[0] > max_w:
                        cut -= 1
                    lines.append(piece[:cut] + "-")
                    piece = piece[cut:]
                    broke = True
                cur = piece
        lines.append(cur)
    return lines, broke


def _after_hyphens(word: str) -> list[str]:
    """``word`` cut after each hyphen between letters ("Cleopatra-Philomena" -> "Cleopatra-",
    "Philomena"); a leading or trailing hyphen (a minus, a dash) stays where it is."""
    out, start = [], 0
    for i, ch in enumerate(word):
        if ch == "-" and 0 < i < len(word) - 1 and word[i - 1].isalpha() and word[i + 1].isalpha():
            out.append(word[start:i + 1])
            start = i + 1
    out.append(word[start:])
    return out


def fit_size(text: str, px: int, max_w: int, min_px: int = 9, bold: bool = False) -> int:
    """Largest size <= px at which ``text`` fits on one line in ``max_w`` (at least min_px)."""
    px = int(px)
    while px > min_px and width(text, px, bold) > max_w:
        px -= 1
    return px

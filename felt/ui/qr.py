"""The QR code of the phones' page, drawn with pygame (segno gives the module matrix).

:func:`qr_surface` draws a code into a square surface with its white quiet zone; the
:class:`PhoneCode` widget shows it in the host's lobby with "Handy oder Laptop: Code scannen
oder Adresse öffnen" and the address as text: guests with a phone get in without typing, and a
laptop without Felt Club installed opens the same page in its browser.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from felt.ui import i18n, layout, theme
from felt.ui.layout import dp
from felt.ui.widgets import Widget, draw_text

QUIET = 4                 # modules of white border every reader expects


def qr_matrix(text: str) -> tuple[bytes, ...]:
    """The rows of the code's dark (1) and light (0) modules, without the quiet zone."""
    import segno
    return tuple(bytes(row) for row in segno.make(text, error="m", micro=False).matrix)


def qr_surface(text: str, size: int) -> pygame.Surface:
    """The code of ``text`` as a square of at most ``size`` pixels: whole layout pixels per
    module (crisp edges for the camera; as large at every pixel density), black on white,
    with the quiet zone."""
    return _qr_surface(text, size, layout.density())


@lru_cache(maxsize=8)
def _qr_surface(text: str, size: int, density: float) -> pygame.Surface:
    rows = qr_matrix(text)
    n = len(rows) + 2 * QUIET
    k = max(1, int(max(1, int(size / density) // n) * density))
    surf = pygame.Surface((n * k, n * k))
    surf.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surf.fill((0, 0, 0), ((x + QUIET) * k, (y + QUIET) * k, k, k))
    return surf


class PhoneCode(Widget):
    """The phones' page in the lobby: the QR code, "Handy oder Laptop: Code scannen oder Adresse
    öffnen", that nothing needs installing, and the URL."""

    def __init__(self, url: str = "") -> None:
        super().__init__()
        self.url = url
        self.px = 15

    def height_for(self) -> int:
        """As tall as a code of up to 33 modules with its quiet zone at 3 pixels a module."""
        return dp(3 * 37 + 16)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.url or not self.visible or self.rect.w <= 0:
            return
        r = self.rect
        theme.panel(surface, r, theme.PANEL, alpha=170, radius=12, border=theme.PANEL_BORDER, border_width=1)
        pad = dp(8)
        img = qr_surface(self.url, r.h - 2 * pad)
        surface.blit(img, (r.left + pad, r.top + (r.h - img.get_height()) // 2))
        text = pygame.Rect(r.left + 2 * pad + img.get_width(), r.top + pad, r.w - 3 * pad - img.get_width(),
                           r.h - 2 * pad)
        top = pygame.Rect(text.left, text.top, text.w, text.h * 52 // 100)
        mid = pygame.Rect(text.left, top.bottom, text.w, text.h * 18 // 100)
        low = pygame.Rect(text.left, mid.bottom, text.w, text.bottom - mid.bottom)
        draw_text(surface, i18n.t("phone.scan"), top, self.px + 1, theme.GOLD, align="left", bold=True, wrap=True,
                  max_lines=3, valign="bottom", min_px=10)
        draw_text(surface, i18n.t("phone.or_open"), mid, max(dp(9), self.px - 2), theme.TEXT_DIM, align="left",
                  min_px=8)
        url = url_text(self.url, low.w, self.px)
        draw_text(surface, url, low, self.px, theme.TEXT, align="left", bold=True, valign="top", wrap="\n" in url,
                  max_lines=2, min_px=8)


def url_text(url: str, width: int, px: int) -> str:
    """The address as it is typed: one line where it fits at a readable size, else two lines
    broken after a '/', ':' or '.' (a word wrap broke it mid-number with a '-', an address
    that does not exist)."""
    from felt.ui import fonts
    if fonts.width(url, max(dp(10), px * 3 // 4), True) <= width:
        return url
    for cut in range(len(url) - 1, 0, -1):
        if url[cut - 1] in "/:." and fonts.width(url[:cut], px, True) <= width:
            return url[:cut] + "\n" + url[cut:]
    return url

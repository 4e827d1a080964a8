"""Player avatars: a coloured disc with the name's initials, or a small generated emblem for
bots and unnamed seats; rendered once per (name, size) and cached."""
from __future__ import annotations

import hashlib

import pygame

from felt.ui import fonts
from felt.ui.surfcache import SurfaceCache

PALETTE = [(196, 72, 60), (60, 120, 200), (210, 150, 40), (130, 80, 180), (40, 150, 120), (200, 90, 150),
           (90, 140, 60), (220, 110, 50), (70, 90, 160), (150, 110, 70)]
_cache = SurfaceCache("avatars", limit_items=200, limit_bytes=512 << 10)


def initials(name: str) -> str:
    parts = [p for p in str(name or "").replace("-", " ").split() if p[:1].isalnum()]
    if not parts:
        return "?"
    if len(parts) == 1:
        return parts[0][:2].capitalize() if len(parts[0]) > 1 and not parts[0][1].isdigit() else parts[0][:1].upper()
    return (parts[0][0] + parts[-1][0]).upper()


def avatar_surface(name: str, d: int, bot: bool = False) -> pygame.Surface:
    d = max(8, int(d))
    key = (name, d, bot)
    s = _cache.get(key)
    if s is not None:
        return s
    h = hashlib.sha1(str(name).encode("utf-8")).digest()
    col = PALETTE[h[0] % len(PALETTE)]
    f = 3
    big = pygame.Surface((d * f, d * f), pygame.SRCALPHA)
    c = d * f // 2
    pygame.draw.circle(big, (250, 250, 240), (c, c), c)
    pygame.draw.circle(big, col, (c, c), c - f * 2)
    if bot:
        # an emblem from the name's hash: a ring of n points around a centre dot
        n = 3 + h[1] % 5
        import math
        for i in range(n):
            a = 2 * math.pi * i / n + h[2] / 40
            x = c + math.cos(a) * c * 0.5
            y = c + math.sin(a) * c * 0.5
            pygame.draw.circle(big, (250, 250, 240), (int(x), int(y)), max(2, c // 6))
        pygame.draw.circle(big, (250, 250, 240), (c, c), max(2, c // 5))
    s = pygame.transform.smoothscale(big, (d, d))
    if not bot:
        txt = initials(name)
        px = fonts.fit_size(txt, max(8, int(d * 0.48)), int(d * 0.78), 7, bold=True)
        img = fonts.render(txt, px, (255, 255, 255), True)
        s.blit(img, ((d - img.get_width()) // 2, (d - img.get_height()) // 2))
    return _cache.put(key, s)

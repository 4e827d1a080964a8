"""Caches of drawn surfaces (rendered text, card art, translucent panels, the felt), each
bounded by the number of surfaces and by their bytes.

A window draws the same pictures frame after frame, so they are drawn once and kept; a
phone's renderer (felt/ui/phone_renderer.py) runs for hours at up to three times the
pixels, so nothing may pile up: every cache here forgets its least recently used surface
beyond its limits, and :func:`clear_all` drops everything drawn for one size (the page
turned or was resized: the old size's pictures are not drawn again).

``limit_bytes`` is a budget at pixel density 1 (:func:`felt.ui.layout.density`); it grows
with the square of the density, as the pictures do.
"""
from __future__ import annotations

import weakref
from collections import OrderedDict
from typing import Any, Hashable

import pygame

_all: "weakref.WeakSet[SurfaceCache]" = weakref.WeakSet()


def surface_bytes(s: pygame.Surface) -> int:
    """The bytes of a surface's pixels (a subsurface's belong to its parent: 0)."""
    if s.get_parent() is not None:
        return 0
    return s.get_pitch() * s.get_height()


class SurfaceCache:
    """An LRU map of surfaces: at most ``limit_items`` of them, of at most ``limit_bytes``
    together (times the density squared). A surface larger than a quarter of the budget is
    not kept (it would push out everything else); ``put`` still returns it."""

    def __init__(self, name: str, limit_items: int, limit_bytes: int) -> None:
        self.name = name
        self.limit_items = int(limit_items)
        self.limit_bytes = int(limit_bytes)
        self._items: "OrderedDict[Hashable, tuple[Any, int]]" = OrderedDict()
        self.bytes = 0
        self.hits = 0
        self.misses = 0
        _all.add(self)

    def budget(self) -> int:
        from felt.ui import layout
        d = max(1.0, float(layout.density()))
        return int(self.limit_bytes * d * d)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def get(self, key: Hashable):
        got = self._items.get(key)
        if got is None:
            self.misses += 1
            return None
        self._items.move_to_end(key)
        self.hits += 1
        return got[0]

    def put(self, key: Hashable, value, nbytes: int | None = None):
        """Keep ``value`` (a surface, or anything with ``nbytes`` given) under ``key``; returns it."""
        n = surface_bytes(value) if nbytes is None else int(nbytes)
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        budget = self.budget()
        if n > budget // 4:
            return value
        self._items[key] = (value, n)
        self.bytes += n
        while self._items and (len(self._items) > self.limit_items or self.bytes > budget):
            _, (_, m) = self._items.popitem(last=False)
            self.bytes -= m
        return value

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def values(self) -> list:
        return [v for v, _ in self._items.values()]


def clear_all() -> None:
    """Forget every cached surface (a new window size or density)."""
    for c in list(_all):
        c.clear()


def report() -> dict[str, dict[str, int]]:
    """Every cache's surfaces and bytes (the renderer reports it with its state)."""
    out: dict[str, dict[str, int]] = {}
    for c in sorted(_all, key=lambda c: c.name):
        r = out.setdefault(c.name, {"items": 0, "bytes": 0, "budget": 0, "hits": 0, "misses": 0})
        r["items"] += len(c)
        r["bytes"] += c.bytes
        r["budget"] += c.budget()
        r["hits"] += c.hits
        r["misses"] += c.misses
    return out

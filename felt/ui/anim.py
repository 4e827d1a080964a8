"""Small animation toolkit: easing, card flights, announcements.

Animations are data advanced in ``update(dt)``; scenes read them in ``draw``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

from pygame import Rect


def ease_out_cubic(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def ease_out_back(t: float) -> float:
    t = max(0.0, min(1.0, t))
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_rect(a: Rect, b: Rect, t: float) -> Rect:
    return Rect(int(lerp(a.x, b.x, t)), int(lerp(a.y, b.y, t)), max(1, int(lerp(a.w, b.w, t))),
                max(1, int(lerp(a.h, b.h, t))))


@dataclass
class Flight:
    """A card moving from ``src`` to ``dst`` (rects), face up (``card`` id) or as a back."""
    card: int | None
    src: Rect
    dst: Rect
    duration: float = 0.35
    delay: float = 0.0
    face_up: bool = True
    arc: float = 0.0                 # px the path bows upward at mid-flight
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    def rect(self) -> Rect:
        p = ease_out_cubic(self.progress())
        r = lerp_rect(self.src, self.dst, p)
        if self.arc:
            r.y -= int(math.sin(math.pi * p) * self.arc)
        return r


@dataclass
class Announcement:
    """Big centred text ('Abgeräumt!') that pops in and fades."""
    text: str
    kind: str = "fx"
    duration: float = 1.3
    elapsed: float = 0.0
    fx: str = ""                     # an effect drawn with it: 'clear', 'skip', 'revolution', 'out', ...
    seat: int | None = None          # the seat the effect is about
    data: dict = field(default_factory=dict)

    def progress(self) -> float:
        return max(0.0, min(1.0, self.elapsed / self.duration)) if self.duration > 0 else 1.0

    def alpha(self) -> float:
        if self.elapsed < 0.15:
            return self.elapsed / 0.15
        rest = self.duration - self.elapsed
        return max(0.0, min(1.0, rest / 0.35))

    def scale(self) -> float:
        return 0.6 + 0.4 * ease_out_back(self.elapsed / 0.25) if self.elapsed < 0.25 else 1.0


@dataclass
class Animator:
    flights: list[Flight] = field(default_factory=list)
    announcements: list[Announcement] = field(default_factory=list)
    clock: float = 0.0               # seconds since start, for pulses

    def fly(self, flight: Flight) -> Flight:
        self.flights.append(flight)
        return flight

    def announce(self, text: str, kind: str = "fx", duration: float = 1.3, fx: str = "", seat: int | None = None,
                 data: dict | None = None) -> None:
        # one at a time: queued ones wait (drop duplicates of the last one)
        if self.announcements and self.announcements[-1].text == text and not fx:
            return
        self.announcements.append(Announcement(text, kind, duration, fx=fx, seat=seat, data=dict(data or {})))
        if len(self.announcements) > 8:
            self.announcements.pop(0)

    def announcements_left(self) -> float:
        """Seconds until every queued announcement has been shown."""
        return sum(max(0.0, a.duration - a.elapsed) for a in self.announcements)

    def flights_left(self) -> float:
        return max((f.delay + f.duration - f.elapsed for f in self.flights), default=0.0)

    def update(self, dt: float) -> bool:
        """Advance; True if anything moved (a redraw is needed)."""
        self.clock += dt
        active = bool(self.flights or self.announcements)
        still = []
        for f in self.flights:
            f.elapsed += dt
            if f.done:
                if f.on_done:
                    f.on_done()
            else:
                still.append(f)
        self.flights = still
        if self.announcements:
            a = self.announcements[0]
            a.elapsed += dt
            if a.elapsed >= a.duration:
                self.announcements.pop(0)
        return active

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.announcements)

    def finish_all(self) -> None:
        for f in self.flights:
            if f.on_done:
                f.on_done()
        self.flights.clear()
        self.announcements.clear()

    def current_announcement(self) -> Announcement | None:
        return self.announcements[0] if self.announcements else None

    def pulse(self, period: float = 1.2) -> float:
        """0..1..0 triangle-ish wave for glows."""
        return 0.5 + 0.5 * math.sin(self.clock * 2 * math.pi / period)

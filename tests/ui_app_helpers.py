"""Helpers for the app-shell UI tests: a headless window driven by synthetic events.

Every input goes through pygame's real event queue (mouse button events, or FINGER
events for touches), then through the app's one input mapping, so these tests click
exactly where a player would.
"""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

LOOPBACK = "127.0.0.1"


def make_app(size=(360, 640), host_defaults=None, **kw):
    from felt.ui.app import App
    hd = {"interface": LOOPBACK, "announce": False, "bot_delay": 0.0, "pace": "off", "think_ms": 5}
    hd.update(host_defaults or {})
    kw.setdefault("discover", False)
    # like the host's bot_delay=0: tests of other things do not wait for the table's pacing
    # (tests of the pacing itself pass pace=True)
    pace = kw.pop("pace", False)
    app = App(size=size, host_defaults=hd, **kw)
    app.controller.pace = pace
    return app


def pump(app, until=None, timeout: float = 10.0, what: str = "condition"):
    """Step the app until ``until()`` is true (or just ~3 frames without ``until``)."""
    if until is None:
        for _ in range(3):
            app.step(block=False)
        return True
    end = time.monotonic() + timeout
    while True:
        app.step(block=False)
        if until():
            return True
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.004)


def _pos(target):
    if isinstance(target, pygame.Rect):
        return target.center
    if hasattr(target, "rect"):
        return target.rect.center
    return tuple(target)


def click(app, target, touch: bool = False, steps: int = 1, when_enabled: bool = True,
          timeout: float = 10.0) -> None:
    """A tap (finger) or left click at the centre of ``target`` (rect, widget or point).

    A player waits for a greyed-out button to light up before tapping it, and so does
    this helper: with ``when_enabled`` (the default) a widget that is disabled right now
    (say, the lobby's start button until the host's lobby message arrives) is waited
    for, and never lighting up fails the test by name. ``when_enabled=False`` taps at
    once, for tests of what a tap on a disabled button does.
    """
    if when_enabled and getattr(target, "enabled", True) is False:
        pump(app, lambda: target.enabled, timeout=timeout,
             what=f"{type(target).__name__} {getattr(target, 'text', '')!r} to be enabled")
    x, y = _pos(target)
    w, h = app.window.get_size()
    assert 0 <= x < w and 0 <= y < h, f"click outside the window at {(x, y)}"
    if touch:
        common = dict(touch_id=1, finger_id=0, dx=0.0, dy=0.0, pressure=1.0)
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / w, y=y / h, **common))
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=x / w, y=y / h, **common))
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, y)))
    for _ in range(steps):
        app.step(block=False)


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step(block=False)


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step(block=False)


def host_thread(**kw):
    from felt.net.host import HostConfig, HostThread
    cfg = {"interface": LOOPBACK, "announce": False, "bot_delay": 0.0, "think_ms": 5, "bot_level": "easy"}
    cfg.update(kw)
    return HostThread(HostConfig(**cfg)).start()


def host_hand(ht, seat: int) -> list[int]:
    return ht.call(lambda h: sorted(h.state.hands[seat]) if h.state is not None else [])


def visible(app, widget) -> bool:
    """The widget is shown and fully inside the window."""
    w, h = app.window.get_size()
    return widget.visible and pygame.Rect(0, 0, w, h).contains(widget.rect)


def card_point(scene, cid: int) -> tuple[int, int]:
    """A point where a tap hits hand card ``cid`` (not covered by its neighbours)."""
    r = scene.hand_rects()[cid]
    for fy in (0.85, 0.6, 0.35, 0.15):
        for fx in (0.08, 0.2, 0.35, 0.5, 0.7, 0.9):
            p = (int(r.left + r.w * fx), int(r.top + r.h * fy))
            if scene.card_at(p) == cid:
                return p
    raise AssertionError(f"card {cid} has no visible spot")

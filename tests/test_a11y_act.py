"""A screen-reader button's tap reaches the window as a finger's tap, where the target is now
(a reader's double tap on a phone; a mouse click made the window show its keyboard hints)."""
from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from felt.ui import a11y  # noqa: E402
from felt.ui.scene import PRESS, RELEASE, _map_event  # noqa: E402


def test_an_act_is_a_finger_tap_on_its_target(monkeypatch):
    pygame.display.init()
    try:
        size = (780, 1688)
        app = SimpleNamespace(runner=SimpleNamespace(surface=pygame.Surface(size)), stack=SimpleNamespace(size=size))
        monkeypatch.setattr(a11y, "build", lambda _app: ({}, {"btn:play": (401, 1377)}))
        pygame.event.clear()
        assert a11y.act(app, "btn:play") is True
        inputs = [i for ev in pygame.event.get() for i in _map_event(ev, size)]
        assert [(i.kind, i.pos, i.source) for i in inputs] == [(PRESS, (401, 1377), "touch"),
                                                                 (RELEASE, (401, 1377), "touch")]
        assert a11y.act(app, "btn:gone") is False and not pygame.event.get()
    finally:
        pygame.display.quit()

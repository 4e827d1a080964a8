"""Scene base, scene stack and the main loop.

Each frame is input -> update -> draw, and ``draw`` never changes state. Raw pygame
events become ``Input`` records in exactly one place (``map_event``): a tap arrives from
SDL twice, as a FINGER event and as a synthesised mouse event with ``event.touch`` true;
we keep the finger event and drop the synthesised one. Window resizes re-layout every
scene. The ``Runner`` only redraws when something changed or an animation runs, and
otherwise sleeps in ``pygame.event.wait`` (idle CPU stays near zero).

Other threads (the network client) wake the loop with ``wake()``.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

import pygame

WAKE_EVENT = pygame.USEREVENT + 7

# Input kinds
PRESS, RELEASE, MOTION, WHEEL, KEY, TEXT, BACK, QUIT, RESIZE, WAKE, EXPOSE = (
    "press", "release", "motion", "wheel", "key", "text", "back", "quit", "resize", "wake", "expose")


@dataclass
class Input:
    """One user input in window pixels, whatever device it came from."""
    kind: str
    pos: tuple[int, int] = (0, 0)
    source: str = "mouse"         # 'mouse' | 'touch' | 'key' | 'system'
    key: int = 0
    mod: int = 0
    text: str = ""
    dy: int = 0
    finger: int = -1
    size: tuple[int, int] = (0, 0)
    buttons: tuple = field(default=(0, 0, 0))

    @property
    def pointer(self) -> bool:
        return self.kind in (PRESS, RELEASE, MOTION)


def map_event(ev: pygame.event.Event, window_size: tuple[int, int]) -> list[Input]:
    """The one place where raw pygame events become inputs.

    An event that lacks the attributes SDL normally gives it (a synthetic or odd
    platform event) is ignored rather than allowed to stop the game."""
    try:
        return _map_event(ev, window_size)
    except (AttributeError, TypeError, ValueError, KeyError):
        return []


def _map_event(ev: pygame.event.Event, window_size: tuple[int, int]) -> list[Input]:
    t = ev.type
    w, h = window_size
    if t == pygame.QUIT:
        return [Input(QUIT, source="system")]
    if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        if getattr(ev, "touch", False):
            return []               # synthesised from a finger: the FINGER event is handled
        if ev.button not in (1, 3):
            return []               # 4/5 are the old wheel buttons; MOUSEWHEEL covers them
        kind = PRESS if t == pygame.MOUSEBUTTONDOWN else RELEASE
        return [Input(kind, pos=tuple(ev.pos), source="mouse")]
    if t == pygame.MOUSEMOTION:
        if getattr(ev, "touch", False):
            return []
        return [Input(MOTION, pos=tuple(ev.pos), source="mouse", buttons=tuple(getattr(ev, "buttons", (0, 0, 0))))]
    if t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
        kind = {pygame.FINGERDOWN: PRESS, pygame.FINGERUP: RELEASE, pygame.FINGERMOTION: MOTION}[t]
        pos = (int(ev.x * w), int(ev.y * h))
        return [Input(kind, pos=pos, source="touch", finger=int(getattr(ev, "finger_id", 0)),
                      buttons=(1, 0, 0) if kind != RELEASE else (0, 0, 0))]
    if t == pygame.MOUSEWHEEL:
        if getattr(ev, "touch", False):
            return []
        # SDL's wheel event has no position: the pointer's (an event that carries one: there)
        pos = getattr(ev, "pos", None)
        return [Input(WHEEL, pos=tuple(pos) if pos else pygame.mouse.get_pos(), dy=int(ev.y), source="mouse")]
    if t == pygame.KEYDOWN:
        if ev.key == pygame.K_AC_BACK:
            return [Input(BACK, source="key", key=ev.key)]
        return [Input(KEY, source="key", key=ev.key, mod=ev.mod, text=getattr(ev, "unicode", "") or "")]
    if t == pygame.TEXTINPUT:
        return [Input(TEXT, source="key", text=ev.text)]
    if t == pygame.VIDEORESIZE:
        return [Input(RESIZE, source="system", size=(int(ev.w), int(ev.h)))]
    if t == pygame.WINDOWSIZECHANGED:
        return [Input(RESIZE, source="system", size=(int(ev.x), int(ev.y)))]
    if t in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED):
        return [Input(EXPOSE, source="system")]
    if t == WAKE_EVENT:
        return [Input(WAKE, source="system")]
    return []


# called by every wake() (a loop that waits on something else than pygame's queue: the
# renderer of a phone, felt/ui/phone_renderer.py)
wake_listeners: list[Callable[[], None]] = []


def wake() -> None:
    """Wake the main loop from another thread (e.g. when a network message arrived)."""
    try:
        if pygame.get_init():
            pygame.event.post(pygame.event.Event(WAKE_EVENT))
    except pygame.error:
        pass
    for listener in list(wake_listeners):
        listener()


class Scene:
    """A screen. Subclasses override ``layout``, ``handle``, ``update``, ``draw``.

    ``handle`` and ``update`` change state and call ``mark_dirty()`` when the picture
    changes; ``draw`` only reads state. ``animating()`` keeps the loop drawing frames.
    """
    opaque = True                    # False: the scene below is drawn first (overlays)

    def __init__(self) -> None:
        self.size = (0, 0)
        self.dirty = True
        self.stack: SceneStack | None = None

    # lifecycle
    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        pass

    # per frame
    def layout(self, w: int, h: int) -> None:
        """Compute rects for this window size (called on push and on every resize)."""

    def handle(self, inp: Input) -> None:
        """React to one input; call ``mark_dirty()`` if the picture changes."""

    def update(self, dt: float) -> None:
        """Advance timers/animations by ``dt`` seconds."""

    def animating(self) -> bool:
        return False

    def notice_rect(self) -> pygame.Rect | None:
        """Where the window's notices go over this scene; None: the window's default place."""
        return None

    def remote_state(self) -> dict:
        """What the scene shows beyond its widgets, for tests and a phone's renderer."""
        return {}

    def top_bar(self) -> pygame.Rect | None:
        """The scene's top bar (title strip and buttons), where it has one."""
        return None

    def banner_rect(self) -> pygame.Rect | None:
        """Where a window-wide banner (connection lost) covers nothing essential of this
        scene, e.g. the title text in its top bar; None: the app's default place."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    # helpers
    def mark_dirty(self) -> None:
        self.dirty = True

    def set_size(self, w: int, h: int) -> None:
        self.size = (int(w), int(h))
        self.layout(int(w), int(h))
        self.dirty = True

    def dispatch(self, inp: Input, widgets: Iterable) -> bool:
        """Give ``inp`` to widgets, topmost first; mark dirty if any reacted. True if consumed."""
        for wdg in widgets:
            if wdg is None:
                continue
            r = wdg.handle(inp)
            if r:
                self.dirty = True
                if r != "hover":
                    return True
        return False


class SceneStack:
    """Scenes on top of each other; input goes to the top, update to all, draw from the
    topmost opaque scene upward."""

    def __init__(self, size: tuple[int, int] = (1280, 720)) -> None:
        self.scenes: list[Scene] = []
        self.size = (int(size[0]), int(size[1]))
        self.quit_requested = False

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def after_typing(self, reopen: Callable[[str], Any]) -> None:
        """A text field just closed while its user may still be typing; a stack that guards
        shortcuts (the window's) lets the next letters reopen it through ``reopen``. This
        plain stack has no shortcuts to guard."""

    def push(self, scene: Scene) -> Scene:
        scene.stack = self
        scene.set_size(*self.size)
        self.scenes.append(scene)
        scene.on_enter()
        self.mark_all_dirty()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        s = self.scenes.pop()
        s.on_exit()
        s.stack = None
        self.mark_all_dirty()
        return s

    def replace(self, scene: Scene) -> Scene:
        while self.scenes:
            self.pop()
        return self.push(scene)

    def replace_under(self, keep: Scene, scene: Scene) -> Scene:
        """Put ``scene`` in place of every scene under ``keep`` (``keep`` and what lies on it
        stay on top, untouched); ``replace`` where ``keep`` is not on the stack."""
        if keep not in self.scenes:
            return self.replace(scene)
        at = self.scenes.index(keep)
        for s in reversed(self.scenes[:at]):
            s.on_exit()
            s.stack = None
        scene.stack = self
        scene.set_size(*self.size)
        self.scenes[:at] = [scene]
        scene.on_enter()
        self.mark_all_dirty()
        return scene

    def set_size(self, w: int, h: int) -> None:
        w, h = max(1, int(w)), max(1, int(h))
        if (w, h) == self.size and all(s.size == (w, h) for s in self.scenes):
            return
        self.size = (w, h)
        for s in self.scenes:
            s.set_size(w, h)

    def mark_all_dirty(self) -> None:
        for s in self.scenes:
            s.dirty = True

    def handle(self, inp: Input) -> None:
        if inp.kind == RESIZE:
            self.set_size(*inp.size)
            return
        if inp.kind in (EXPOSE,):
            self.mark_all_dirty()
            return
        if inp.kind == QUIT:
            self.quit_requested = True
        top = self.top
        if top is not None:
            top.handle(inp)

    def update(self, dt: float) -> None:
        for s in list(self.scenes):
            s.update(dt)

    def needs_draw(self) -> bool:
        return any(s.dirty or s.animating() for s in self.scenes)

    def visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        vis = self.visible()
        if not vis:
            surface.fill((0, 0, 0))
        for s in vis:
            s.draw(surface)
        for s in self.scenes:       # presentation bookkeeping, not scene state
            s.dirty = False


class Runner:
    """The main loop. Draws only when a scene is dirty or animating; otherwise it blocks in
    ``pygame.event.wait`` (with ``idle_ms`` timeout so ``poll`` callbacks still run)."""

    def __init__(self, stack: SceneStack, surface: pygame.Surface | None = None, fps: int = 60,
                 idle_ms: int = 200, poll: Callable[[], None] | None = None,
                 due: Callable[[], float | None] | None = None) -> None:
        self.stack = stack
        self.due = due              # seconds until something is due without input (or None)
        self.surface = surface
        self.fps = fps
        self.idle_ms = idle_ms
        self.poll = poll
        self.running = True
        self.frames = 0
        self._last = time.perf_counter()
        self._next_frame = 0.0
        self._native: bool | None = None

    def _native_wait(self) -> bool:
        if self._native is None:
            try:
                self._native = pygame.display.get_driver() not in ("dummy", "offscreen")
            except pygame.error:
                self._native = False
        return self._native

    def _window_size(self) -> tuple[int, int]:
        if self.surface is not None:
            return self.surface.get_size()
        return self.stack.size

    def step(self, block: bool = True) -> bool:
        """One iteration; False once quit was requested."""
        busy = self.stack.needs_draw()
        events: list = []
        idle_ms = self.idle_ms
        if self.due is not None:
            d = self.due()
            if d is not None:
                idle_ms = max(1, min(idle_ms, int(d * 1000) + 1))
        if block and not busy:
            if self._native_wait():
                ev = pygame.event.wait(idle_ms)
                if ev.type != pygame.NOEVENT:
                    events.append(ev)
            else:
                # SDL's wait on dummy/offscreen drivers is a 1 ms poll loop; nap in 15 ms steps instead
                # (event.peek() is avoided: on posted events with attributes it can crash pygame 2.6)
                deadline = time.perf_counter() + idle_ms / 1000.0
                while True:
                    got = pygame.event.get()
                    if got:
                        events.extend(got)
                        break
                    if time.perf_counter() >= deadline:
                        break
                    time.sleep(0.015)
        events.extend(pygame.event.get())
        size = self._window_size()
        for ev in events:
            for inp in map_event(ev, size):
                if inp.kind == RESIZE:
                    surf = pygame.display.get_surface()
                    if surf is not None:
                        self.surface = surf
                self.stack.handle(inp)
        if self.poll is not None:
            self.poll()
        now = time.perf_counter()
        dt = min(0.1, now - self._last)
        self._last = now
        self.stack.update(dt)
        if self.stack.quit_requested:
            self.running = False
        if self.surface is not None and self.stack.needs_draw():
            if self.surface.get_size() != self.stack.size:
                self.stack.set_size(*self.surface.get_size())
            self.stack.draw(self.surface)
            pygame.display.flip()
            self.frames += 1
            # frame pacing while animating: sleep the remainder of the frame
            if block and self.fps:
                target = 1.0 / self.fps
                spent = time.perf_counter() - now
                if spent < target:
                    time.sleep(target - spent)
        return self.running

    def run(self) -> None:
        while self.running and self.step():
            pass

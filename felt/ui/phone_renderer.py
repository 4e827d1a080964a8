"""A phone's table, drawn by the host: ``felt.ui.phone_renderer.main()``, one process per
browser session, which felt/net/gateway.py asks felt/net/launcher.py for: forked by the
phones' zygote (felt/ui/phone_zygote.py, with pygame and the window already loaded), or
``python -P -m felt.ui.phone_renderer`` where there is no fork.

It runs the ordinary window client (:class:`felt.ui.app.App`, its controller and scene
stack) with SDL's dummy video driver, at the phone's physical pixels (CSS size times the
pixel ratio, capped near 3 megapixels), laid out as the phone's CSS size
(``layout.set_density``). It joins the table over TCP like any window, so the table's
per-seat filter decides what it sees. Its start screen is the table's join screen
(felt/ui/phone_join.py).

Pipe protocol (stdin/stdout, length-prefixed msgpack, see ``felt.net.gateway.pack_msg``):

from the gateway
    ``start``   {w, h, density, css, lang, name, look, kb (the browser has a keyboard), verb (the
                screen-reader layer's verbosity: felt/ui/a11y.py), table: {address, port, name},
                token, spectator, away}
    ``in``      {m: a page's message}: pointer (``p``), ``wheel``, ``key``, ``text``, ``blur``,
                ``ack`` (frame drawn), ``state`` (report what is where; ``thumb``: and a
                tenth-size picture, to check what the page shows), ``act`` (a button of the
                screen-reader layer: {id}, a text field's {id, value}, a play as one button
                ``move:<key>``, the verbosity ``verb:short|normal|long``: felt/ui/a11y.py)
    ``size``    {w, h, density, css}: the page was resized or rotated
    ``away``    the page is gone: drop the table connection (the table's reconnect wait runs)
    ``back``    {w, h, density, css}: the page is back: reconnect, send a whole frame at once
    ``quit``
to the gateway
    ``frame``   {data}: a binary frame for the page (felt/ui/phone_frames.py)
    ``page``    {m}: a JSON notice for the page: ``size``, ``fields`` (text fields and where they
                are, in CSS pixels), ``sound``, ``turn``, ``lang``, ``name``, ``title``, ``state``,
                ``a11y`` (the screen-reader layer, when it changed: felt/ui/a11y.py),
                ``refused`` {what: "act", id}: a layer's button found nothing to tap (its reader
                hears "Das geht gerade nicht.")
    ``seat``    {token, spectator}: the seat at the table (the gateway keeps it for a restart;
                the page never sees it)

Input from the page becomes pygame events (FINGERDOWN/UP/MOTION with normalised
positions, mouse events for a laptop's mouse, KEYDOWN, TEXTINPUT, MOUSEWHEEL) posted to
pygame's queue, so they go through ``map_event`` like a window's own input. A text field's
new value from the page's input element arrives as Ctrl+A and the typed text.
"""
from __future__ import annotations

import os
import queue
import struct
import sys
import threading
import time
from typing import Any, BinaryIO

MAX_INFLIGHT = 2          # frames sent and not yet drawn by the page, at most
MIN_INTERVAL = 1 / 30     # seconds between frames ...
MOVING_INTERVAL = 1 / 12  # ... and while an animation runs (its regions at half size: felt/ui/phone_frames.py)
MAX_MSG = 1 << 20         # bytes of one message from the gateway
TRIM_EVERY = 2.0          # seconds between giving freed memory back (after drawing)
A11Y_EVERY = 0.15         # seconds between looks at the screen-reader layer (felt/ui/a11y.py), at least
ACT_WAIT = 2.0            # seconds a tap of that layer waits for its target (a card still flying)

# a browser's KeyboardEvent.key -> pygame key name (single characters map to themselves)
KEY_NAMES = {"Enter": "return", "Escape": "escape", "Backspace": "backspace", "Tab": "tab",
             "Delete": "delete", "ArrowLeft": "left", "ArrowRight": "right", "ArrowUp": "up",
             "ArrowDown": "down", "Home": "home", "End": "end", "PageUp": "page up",
             "PageDown": "page down", " ": "space", **{f"F{i}": f"f{i}" for i in range(1, 13)}}


def trim_heap() -> None:
    """glibc: hand the free pages of the heap back to the system (``malloc_trim``); elsewhere
    nothing."""
    global _malloc_trim
    if _malloc_trim is None:
        _malloc_trim = False
        if sys.platform.startswith("linux"):
            try:
                import ctypes
                _malloc_trim = ctypes.CDLL(None).malloc_trim
            except (OSError, AttributeError):
                pass
    if _malloc_trim:
        _malloc_trim(0)


_malloc_trim: Any = None


class Pipe:
    """Length-prefixed msgpack over two byte streams (the gateway's side: felt.net.gateway)."""

    def __init__(self, inp: BinaryIO, out: BinaryIO) -> None:
        self.inp = inp
        self.out = out
        self.lock = threading.Lock()
        self.bytes_out = 0

    def send(self, msg: dict) -> None:
        from felt.net.gateway import pack_msg
        data = memoryview(pack_msg(msg))
        with self.lock:
            while data:
                n = self.out.write(data)
                data = data[n or 0:]
            self.bytes_out += len(msg.get("data") or b"")

    def _exactly(self, n: int) -> bytes | None:
        buf = b""
        while len(buf) < n:
            part = self.inp.read(n - len(buf))
            if not part:
                return None
            buf += part
        return buf

    def read(self) -> dict | None:
        from felt.net.gateway import unpack_body
        head = self._exactly(4)
        if head is None:
            return None
        (n,) = struct.unpack(">I", head)
        if n > MAX_MSG:
            raise ValueError(f"a message of {n} bytes from the gateway")
        body = self._exactly(n)
        return None if body is None else unpack_body(body)


class PhoneSounds:
    """The game's sounds, played by the page: ``play(name)`` tells it (unless muted); the
    turn chime also asks the phone to vibrate (muted or not)."""

    def __init__(self, send, muted: bool = False) -> None:
        self.send = send
        self.muted = muted
        self.available = True
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played = (self.played + [name])[-50:]
        if name == "turn":
            self.send({"t": "turn"})
        if not self.muted:
            self.send({"t": "sound", "name": name})

    def toggle_mute(self) -> bool:
        self.muted = not self.muted
        return self.muted


def text_fields(scene) -> list:
    """The visible text fields of a scene: its own attributes, lists of them, and the
    widgets of its scrolling forms."""
    from felt.ui.widgets import TextField
    found: list = []

    def visit(obj, depth: int) -> None:
        if isinstance(obj, TextField):
            if obj.visible and obj.rect.w > 0 and obj not in found:
                found.append(obj)
        elif depth > 0 and isinstance(obj, (list, tuple)):
            for x in obj:
                visit(x, depth - 1)
        elif depth > 0 and isinstance(obj, dict):
            for x in obj.values():
                visit(x, depth - 1)
        elif depth > 0 and hasattr(obj, "items") and isinstance(getattr(obj, "items", None), list):
            visit(obj.items, depth - 1)           # a ScrollForm: (widget, height) pairs

    if scene is not None:
        for v in list(vars(scene).values()):
            visit(v, 3)
    return found


class Renderer:
    def __init__(self, pipe: Pipe, start: dict) -> None:
        self.pipe = pipe
        self.ident = os.urandom(8).hex()
        self.control: "queue.SimpleQueue[dict]" = queue.SimpleQueue()
        self.quit = False
        from felt.ui import layout
        from felt.ui.app import App
        from felt.ui.phone_join import PhoneController
        from felt.ui.phone_frames import FrameStreamer
        self.layout = layout
        self.css = tuple(start.get("css") or (start["w"], start["h"]))
        self.density = float(start.get("density") or 1.0)
        layout.set_density(self.density)
        layout.set_keyboard(bool(start.get("kb")))  # a laptop's browser: the tables name their keys
        table = dict(start.get("table") or {})

        def controller(*a, **kw):
            return PhoneController(*a, table=table, **kw)
        self.app = App(size=(int(start["w"]), int(start["h"])), discover=False, lang=start.get("lang") or None,
                       show_start=False, controller_factory=controller, audio=False)
        import pygame
        self.pygame = pygame              # (no mixer: the page plays the sounds; an idle mixer thread costs CPU)
        self.app.runner.fps = round(1 / MOVING_INTERVAL)     # animations drawn as often as they are sent
        ctl = self.app.controller
        ctl.settings.lang = start.get("lang") or ctl.settings.lang
        if start.get("name"):
            from felt.ui.settings import NAME_MAX
            ctl.settings.name = " ".join(str(start["name"]).split())[:NAME_MAX]
        look = str(start.get("look") or "")        # the card style the page keeps for its player
        if look:
            from felt.ui.card_style import apply_card_style
            ctl.settings.four_colour, ctl.settings.big_index = "f" in look, "b" in look
            apply_card_style(ctl.settings)
        ctl.sounds = PhoneSounds(self.page, ctl.settings.muted)
        self.stream = FrameStreamer(os.environ.get("FELT_PHONE_ENCODING", "auto"), scale=round(self.density))
        self.away = bool(start.get("away"))
        self.dirty = True                 # the picture changed since the last frame sent
        self.drawn = -1                   # the runner's frame count when last looked at
        self.drawn_at = time.monotonic()  # when it last drew
        self.acked = 0
        self.sent_at = 0.0
        self.trimmed = (0.0, -1)          # (when, runner frame): the heap last given back
        self.reported: dict[str, Any] = {}
        from felt.ui.a11y import Announcer
        # the screen-reader layer's live region (felt/ui/a11y.py), as short or long as the page asks
        self.announcer = Announcer(str(start.get("verb") or "normal"))
        self.a11y_at = (0.0, -1, -1)      # (when, runner frame, controller seq) it was last built
        self.acts: list[tuple] = []   # the layer's taps that wait for their target
        self.wakeup = threading.Event()          # input, a gateway message or the table: go round
        from felt.ui import scene
        scene.wake_listeners.append(self.wakeup.set)
        self.page({"t": "title", "text": str(table.get("name") or "Felt Club")})
        self.page(self._size_notice())
        if start.get("token") or start.get("spectator"):
            ctl.join_table(spectator=bool(start.get("spectator")), token=start.get("token"))
        else:
            ctl.show_start()
        if self.away:
            self._hold(True)

    # ------------------------------------------------------------------ pipe
    def page(self, m: dict) -> None:
        self.pipe.send({"t": "page", "m": m})

    def read_loop(self) -> None:
        """The gateway's messages: input becomes pygame events at once (pygame's queue is
        thread-safe) unless other messages wait for the main loop: then it waits behind them,
        so a tap that follows a new size is laid onto the new layout."""
        try:
            while True:
                msg = self.pipe.read()
                if msg is None:
                    break
                if msg.get("t") == "in" and isinstance(msg.get("m"), dict) and self.control.empty() \
                        and self._post_input(msg["m"]):
                    continue
                self.control.put(msg)
                self.wakeup.set()
        except Exception as exc:          # a broken pipe or message: the renderer ends
            print(f"felt phone renderer: {exc}", file=sys.stderr, flush=True)
        self.control.put({"t": "quit"})
        self.wakeup.set()

    def _post_input(self, m: dict) -> bool:
        """Pointer, wheel and key input as pygame events; False for what the main loop does."""
        pg = self.pygame
        post = pg.event.post
        t = m.get("t")
        w, h = self.app.runner.surface.get_size() if self.app.runner.surface else self.app.stack.size
        if t == "p":
            x, y = float(m["x"]), float(m["y"])
            e = m["e"]
            if e == "cancel":                 # the browser took the gesture: release off the screen
                x, y, e = -0.2, -0.2, "up"
            if m.get("mouse"):
                pos = (int(x * w), int(y * h))
                if e == "move":
                    b = int(m.get("buttons") or 0)
                    post(pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(b & 1, 0, 0), touch=False))
                else:
                    post(pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
                    kind = pg.MOUSEBUTTONDOWN if e == "down" else pg.MOUSEBUTTONUP
                    post(pg.event.Event(kind, pos=pos, button=1, touch=False))
            else:
                kind = {"down": pg.FINGERDOWN, "move": pg.FINGERMOTION, "up": pg.FINGERUP}[e]
                post(pg.event.Event(kind, x=x, y=y, dx=0.0, dy=0.0, finger_id=int(m.get("id") or 0), touch_id=0,
                                    pressure=1.0 if e != "up" else 0.0))
            self.wakeup.set()
            return True
        if t == "wheel":
            post(pg.event.Event(pg.MOUSEWHEEL, x=0, y=-int(m["dy"]), flipped=False, touch=False,
                                pos=(int(float(m["x"]) * w), int(float(m["y"]) * h))))
            self.wakeup.set()
            return True
        if t == "key":
            self.layout.set_keyboard(True)          # a key pressed on the page: it has a keyboard
            key = str(m.get("key") or "")
            name = KEY_NAMES.get(key, key.lower() if len(key) == 1 else "")
            try:
                code = pg.key.key_code(name) if name else 0
            except ValueError:
                code = 0
            if not code:
                return True
            mod = (pg.KMOD_LCTRL if m.get("ctrl") else 0) | (pg.KMOD_LSHIFT if m.get("shift") else 0)
            uni = key if len(key) == 1 and not m.get("ctrl") else ""
            post(pg.event.Event(pg.KEYDOWN, key=code, mod=mod, unicode=uni, scancode=0))
            post(pg.event.Event(pg.KEYUP, key=code, mod=mod, unicode=uni, scancode=0))
            self.wakeup.set()
            return True
        return False

    # ---------------------------------------------------------------- control
    def _control(self) -> None:
        while True:
            try:
                msg = self.control.get_nowait()
            except queue.Empty:
                return
            t = msg.get("t")
            if t == "quit":
                self.quit = True
                return
            if t == "in":
                if not self._post_input(msg.get("m") or {}):
                    self._page_message(msg.get("m") or {})
            elif t == "size":
                self._resize(msg)
            elif t == "away":
                self.away = True
                self._hold(True)
            elif t == "back":
                self.away = False
                self.reported = {}
                self._resize(msg, force=True)
                self._hold(False)

    def _page_message(self, m: dict) -> None:
        pg = self.pygame
        t = m.get("t")
        if t == "ack":
            self.acked = max(self.acked, min(int(m.get("f") or 0), self.stream.frame_id))
        elif t == "text":
            if self._focused_field() is not None:
                value = str(m.get("value") or "")
                pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_a, mod=pg.KMOD_LCTRL, unicode="", scancode=0))
                if value:
                    pg.event.post(pg.event.Event(pg.TEXTINPUT, text=value))
                else:
                    pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_BACKSPACE, mod=0, unicode="", scancode=0))
        elif t == "blur":
            f = self._focused_field()
            if f is not None:
                f.focus(False)
                top = self.app.stack.top
                if top is not None:
                    top.mark_dirty()
        elif t == "act":
            # a button of the screen-reader layer: its target tapped where it is now (a card
            # still flying waits a moment for its place)
            value = m.get("value") if isinstance(m.get("value"), str) else None
            target = str(m.get("id") or "")
            if target.startswith("verb:"):       # the page's verbosity setting, no tap
                if not self.announcer.set_verbosity(target[5:]):
                    self.page({"t": "refused", "what": "act", "id": target})
                self.a11y_at = (0.0, -1, -1)
                return
            self.acts = (self.acts + [(target, value, time.monotonic() + ACT_WAIT)])[-4:]
            self._acts()
        elif t == "state":
            from felt.ui.remote import window_state
            st = window_state(self.app)
            st.pop("pid", None)               # the page learns nothing of the host's processes ...
            st["renderer"] = self.ident       # ... only which renderer answers (a new one after a restart)
            st["t"] = "state"
            st["density"] = self.density
            st["fields"] = self._fields_notice()["fields"]
            from felt.ui import surfcache
            st["caches"] = surfcache.report()
            if m.get("thumb"):                # the picture at a tenth of its size, as the renderer has it
                import base64
                surf = self.app.runner.surface
                w, h = surf.get_width() // 10, surf.get_height() // 10
                small = self.pygame.transform.smoothscale(surf, (w, h))
                st["thumb"] = {"w": w, "h": h, "rgb": base64.b64encode(self.pygame.image.tobytes(small, "RGB")).decode()}
            self.page(st)

    def _size_notice(self) -> dict:
        w, h = self.app.stack.size
        return {"t": "size", "w": w, "h": h, "css": list(self.css)}

    def _resize(self, msg: dict, force: bool = False) -> None:
        pg = self.pygame
        size = (int(msg["w"]), int(msg["h"]))
        self.css = tuple(msg.get("css") or size)
        self.density = float(msg.get("density") or 1.0)
        if size != self.app.stack.size or self.layout.density() != self.density:
            from felt.ui import surfcache
            surfcache.clear_all()         # the old size's text, cards and felt are not drawn again
            self.layout.set_density(self.density)
            self.stream.scale = max(2, round(self.density))
            self.app.window = pg.display.set_mode(size, pg.RESIZABLE)
            self.app.runner.surface = self.app.window
            pg.event.post(pg.event.Event(pg.VIDEORESIZE, w=size[0], h=size[1], size=size))
            self.app.stack.set_size(*size)
            self.app.stack.mark_all_dirty()
            force = True
        if force:
            self.trimmed = (0.0, -1)          # the old size's pictures go back once the new one is drawn
            self.page(self._size_notice())
            self.stream.reset()
            self.acked = self.stream.frame_id
            self.dirty = True
            self.sent_at = 0.0

    def _hold(self, on: bool) -> None:
        c = self.app.controller.client
        if c is not None:
            c.hold(on)

    # ------------------------------------------------------------------ loop
    def _focused_field(self):
        for f in text_fields(self.app.stack.top):
            if f.focused:
                return f
        return None

    def _fields_notice(self) -> dict:
        from felt.ui.a11y import field_label
        k = self.css[0] / max(1, self.app.stack.size[0])
        out = []
        for f in text_fields(self.app.stack.top):
            r = f.rect
            out.append({"x": round(r.x * k, 1), "y": round(r.y * k, 1), "w": round(r.w * k, 1),
                        "h": round(r.h * k, 1), "value": f.text, "focused": bool(f.focused),
                        "max": int(f.max_len), "px": round(f.px * k, 1), "placeholder": f.placeholder,
                        "label": field_label(f)})
        return {"t": "fields", "fields": out}

    def _report(self) -> None:
        """Tell the page (and the gateway) what changed besides the picture."""
        from felt.ui import i18n
        ctl = self.app.controller
        c = ctl.client
        seat = (c.token if c is not None else None, bool(c.spectator) if c is not None else False)
        if seat != self.reported.get("seat"):
            self.reported["seat"] = seat
            self.pipe.send({"t": "seat", "token": seat[0], "spectator": seat[1]})
        look = ("f" if ctl.settings.four_colour else "") + ("b" if ctl.settings.big_index else "")
        for key, value in (("name", ctl.settings.name), ("lang", i18n.get_lang()), ("look", look)):
            if value != self.reported.get(key):
                self.reported[key] = value
                self.page({"t": key, key: value})
        fields = self._fields_notice()
        if fields != self.reported.get("fields"):
            self.reported["fields"] = fields
            self.page(fields)

    def _acts(self) -> None:
        from felt.ui import a11y
        from felt.ui.i18n import t as i18n_t
        now = time.monotonic()
        while self.acts:
            target, value, until = self.acts[0]
            if target.startswith("move:"):
                # a play as one button: its cards picked now, its last taps queued in its place
                try:
                    steps = a11y.start_move(self.app, target)
                except Exception as exc:
                    print(f"felt phone renderer: act {target!r}: {exc!r}", file=sys.stderr, flush=True)
                    steps = None
                if steps is not None:
                    self.acts[:1] = [(x, None, until) for x in steps]
                    continue
            try:
                done = a11y.act(self.app, target, value)
            except Exception as exc:
                print(f"felt phone renderer: act {target!r}: {exc!r}", file=sys.stderr, flush=True)
                done = False
            if done:
                self.acts.pop(0)
                self.wakeup.set()
            elif now > until:
                # nothing to tap there now (gone, or never on this screen): said to this page
                self.acts.pop(0)
                self.announcer.add(i18n_t("a11y.not_now"))
                self.page({"t": "refused", "what": "act", "id": target})
                self.a11y_at = (0.0, -1, -1)
            else:
                return

    def _a11y(self) -> None:
        """The screen-reader layer, to the page when it changed (looked at after a redraw
        or a new state, at most every ``A11Y_EVERY`` seconds; every second anyway)."""
        from felt.ui import a11y
        now = time.monotonic()
        key = (self.app.runner.frames, self.app.controller.seq)
        last, frames, seq = self.a11y_at
        if now - last < A11Y_EVERY or ((frames, seq) == key and now - last < 1.0):
            return
        self.a11y_at = (now, *key)
        try:
            sem, _targets = a11y.build(self.app)
            sem["news"] = self.announcer.update(self.app, sem)
            sem["log"] = list(self.announcer.history)        # the "Verlauf": the last events said
            sem["verb"] = self.announcer.verbosity
        except Exception as exc:          # the picture goes on without the words
            if self.reported.get("a11y_error") != repr(exc):
                self.reported["a11y_error"] = repr(exc)
                print(f"felt phone renderer: screen-reader layer: {exc!r}", file=sys.stderr, flush=True)
            return
        if sem != self.reported.get("a11y"):
            self.reported["a11y"] = sem
            self.page(sem)

    def _send_frame(self) -> None:
        runner = self.app.runner
        if runner.frames != self.drawn:
            self.drawn = runner.frames
            self.drawn_at = time.monotonic()
            self.dirty = True
        moving = self.app.stack.needs_draw()
        if self.stream.unsent and not moving:
            self.dirty = True                 # the picture stands still: what waited, and sharp
        if not self.dirty or self.away or runner.surface is None:
            return
        now = time.monotonic()
        if self.stream.frame_id - self.acked >= MAX_INFLIGHT or \
                now - self.sent_at < (MOVING_INTERVAL if moving else MIN_INTERVAL):
            return
        self.dirty = False
        data = self.stream.frame(runner.surface, moving, now, made=min(now, self.drawn_at))
        if data is not None:
            self.sent_at = now
            self.pipe.send({"t": "frame", "data": data})

    def _trim_heap(self) -> None:
        """Give the memory freed since (a frame's temporary surfaces, an old size's pictures)
        back to the system: glibc keeps freed memory in its heap otherwise. At most every
        ``TRIM_EVERY`` seconds, and only after drawing (it takes well under a millisecond)."""
        now = time.monotonic()
        frames = self.app.runner.frames
        if frames == self.trimmed[1] or now - self.trimmed[0] < TRIM_EVERY:
            return
        self.trimmed = (now, frames)
        trim_heap()

    def run(self) -> int:
        """The window's loop, except for the wait: while nothing is to be drawn or sent it
        sleeps until input, a message from the gateway or the table wakes it (``wake``), or
        for the runner's idle tick (its timers and polls), instead of polling pygame's queue."""
        threading.Thread(target=self.read_loop, name="felt-phone-pipe", daemon=True).start()
        runner = self.app.runner
        next_draw = 0.0
        try:
            while not self.quit and runner.running:
                self._control()
                if self.quit:
                    break
                waiting = self.dirty and not self.away      # a frame held back by pacing or acks
                if self.app.stack.needs_draw():             # animating: at the runner's frame rate
                    self.wakeup.wait(max(0.0, next_draw - time.monotonic()))
                elif waiting:
                    self.wakeup.wait(0.004)
                else:
                    self.wakeup.wait(runner.idle_ms / 1000.0)
                self.wakeup.clear()
                self._control()                             # what came meanwhile, before its input
                if self.quit:
                    break
                drawn = runner.frames
                runner.step(block=False)
                if runner.frames != drawn:
                    next_draw = time.monotonic() + 1.0 / max(1, runner.fps)
                self._report()
                self._acts()
                self._a11y()
                self._send_frame()
                self._trim_heap()
        finally:
            self.app.close()
        return 0


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # the pipe to the gateway is stdout; anything else printed goes to stderr
    out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    pipe = Pipe(os.fdopen(os.dup(0), "rb", buffering=0), out)
    start = pipe.read()
    if not start or start.get("t") != "start":
        print("felt phone renderer: no start message", file=sys.stderr)
        return 2
    return Renderer(pipe, start).run()


if __name__ == "__main__":
    sys.exit(main())

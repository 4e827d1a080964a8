"""Driving a real window from outside, as a person would (tests, demos): ``FELT_REMOTE=DIR``.

With that environment variable the window reads commands from ``DIR/in`` (a text file the
driver appends lines to; read from where it left off, every loop step) and writes what it
shows to ``DIR/state.json`` (atomically, after every command and a few times a second).
Commands turn into real pygame events, so they go through the same input mapping as a
mouse and a keyboard:

    click X Y            left press and release at window pixels X,Y
    key NAME [ctrl]      a key by pygame's name ("return", "q", "escape"), optionally with Ctrl
    type TEXT            typed text (the rest of the line)
    close                the window's close button (SDL_QUIT)
    shot FILE            save a screenshot (PNG) of the window

The state tells where things are (rects of the buttons and fields, the rows of the start
screen's table list, the hand's cards and a spot where a click hits each) and what the
window shows (scene, status line, seat, whether it is my turn, the legal moves), so a
driver clicks on what it sees, not on guessed coordinates. Off unless the variable is set.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pygame

WRITE_EVERY = 0.2        # seconds between state files while nothing happens


def _rect(r) -> list[int]:
    return [int(r.x), int(r.y), int(r.w), int(r.h)]


def _widgets(scene) -> dict[str, dict]:
    from felt.ui.widgets import Widget
    out = {}
    items = []
    for name, w in list(vars(scene).items()):
        if isinstance(w, list):         # a row of buttons (suits to wish): name[0], name[1], ...
            items += [(f"{name}[{i}]", x) for i, x in enumerate(w) if isinstance(x, Widget)]
        else:
            items.append((name, w))
    for name, w in items:
        if isinstance(w, Widget) and w.rect.w > 0:
            out[name] = w.remote_state()
    return out


def _spots(scene, what: str, rects: dict) -> dict[str, list[int]]:
    """A point per card where a tap hits that card (not one fanned over it)."""
    out = {}
    for cid in rects:
        p = scene.tap_point([what, cid])
        if p is not None:
            out[str(cid)] = list(p)
    return out


class Remote:
    def __init__(self, app, folder: str | os.PathLike) -> None:
        self.app = app
        self.dir = Path(folder)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.inbox = self.dir / "in"
        self.inbox.touch(exist_ok=True)
        self.offset = 0
        self.buf = b""
        self.done = 0                     # commands carried out (the driver waits for its count)
        self._last_write = 0.0
        self._shown: tuple = ()

    # ------------------------------------------------------------ commands
    def poll(self) -> None:
        try:
            with open(self.inbox, "rb") as f:
                f.seek(self.offset)
                data = f.read()
        except OSError:
            data = b""
        ran = False
        if data:
            self.offset += len(data)
            self.buf += data
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                text = line.decode("utf-8", "replace").strip()
                if text:
                    self.run(text)
                    self.done += 1
                    ran = True
        now = time.monotonic()
        shown = (self.app.controller.seq, self.app.controller.kind)
        if shown != self._shown:            # a new state on screen: say so at once (timing tests)
            self._shown = shown
            ran = True
        if ran or now - self._last_write >= WRITE_EVERY:
            self._last_write = now
            self.write_state()

    def run(self, line: str) -> None:
        cmd, _, rest = line.partition(" ")
        post = pygame.event.post
        if cmd == "click":
            x, y = (int(float(v)) for v in rest.split()[:2])
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0), touch=False))
            post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False))
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=False))
        elif cmd == "key":
            parts = rest.split()
            code = pygame.key.key_code(parts[0])
            mod = pygame.KMOD_LCTRL if "ctrl" in parts[1:] else 0
            # as a keyboard does: a letter key carries its character, and is text input as
            # well while a text field has the focus
            char = parts[0] if len(parts[0]) == 1 and parts[0].isprintable() and not mod else ""
            post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char, scancode=0))
            if char and self._text_focused():
                post(pygame.event.Event(pygame.TEXTINPUT, text=char))
            post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
        elif cmd == "type":
            post(pygame.event.Event(pygame.TEXTINPUT, text=rest))
        elif cmd == "close":
            post(pygame.event.Event(pygame.QUIT))
        elif cmd == "shot":
            surf = pygame.display.get_surface()
            if surf is not None:
                pygame.image.save(surf, rest.strip())

    def _text_focused(self) -> bool:
        from felt.ui.widgets import TextField
        top = self.app.stack.top
        return top is not None and any(isinstance(w, TextField) and w.focused for w in vars(top).values())

    # --------------------------------------------------------------- state
    def state(self) -> dict[str, Any]:
        st = window_state(self.app)
        st["done"] = self.done
        return st

    def write_state(self) -> None:
        try:
            data = json.dumps(self.state(), ensure_ascii=False, default=str)
            tmp = self.dir / "state.json.tmp"
            tmp.write_text(data, encoding="utf-8")
            os.replace(tmp, self.dir / "state.json")
        except Exception as exc:   # the window must go on even if the state cannot be written
            try:
                (self.dir / "error.txt").write_text(repr(exc), encoding="utf-8")
            except OSError:
                pass


def window_state(app) -> dict[str, Any]:
    """What a window shows and where (rects in window pixels): the state FELT_REMOTE
    writes, and what a phone's renderer reports when its page asks."""
    ctl = app.controller
    main = ctl.main
    top = app.stack.top
    surf = pygame.display.get_surface()
    st: dict[str, Any] = {
        "t": time.time(), "pid": os.getpid(),
        "size": list(surf.get_size()) if surf is not None else None,
        "kind": ctl.kind, "seat": ctl.seat, "admin": ctl.admin, "hosting": ctl.host is not None,
        "table": ctl.table_name, "address": ctl.display_address,
        "running": bool((ctl.lobby or {}).get("running")),
        "lobby_seats": [{"name": s.get("name"), "kind": s.get("kind")} for s in (ctl.lobby or {}).get("seats") or []],
        "phase": (ctl.view or {}).get("phase"), "round": (ctl.view or {}).get("round_no"),
        "game": ctl.game_id, "view_game": (ctl.view or {}).get("game"),
        "client": getattr(ctl.client, "status", None), "browsing": ctl.browser is not None, "seq": ctl.seq,
        "scene": type(main).__name__ if main is not None else None,
        "top": type(top).__name__ if top is not None else None,
        "widgets": _widgets(main) if main is not None else {},
        "overlay": None, "errors": [e.get("code") for e in ctl.errors[-5:]],
        "banner": app.stack.banner.text if app.stack.banner.visible else "",
    }
    if top is not None and top is not main:
        st["top_widgets"] = _widgets(top)
        st["overlay"] = {"type": type(top).__name__, "title": "", "buttons": [], "widgets": _widgets(top),
                         **top.remote_state()}
    st["away"] = {str(seat): ctl.presence.badge(seat) for seat in ctl.presence.seats}
    st["notices"] = list(ctl.notices[-10:])
    if ctl.game_scene() is not None:
        try:
            st["log"] = ctl.playlog.lines(ctl.game_scene().log_context())
        except Exception:
            st["log"] = None
    if ctl.kind == "start" and main is not None:
        st.update(main.remote_state())          # status, the name typed, the live table list
    game_sc = ctl.game_scene()
    if game_sc is not None:
        rc = game_sc.round_controls
        shown = rc.buttons() if game_sc.shows_results else []
        for name, b in (("round_next", rc.next_btn), ("round_new", rc.new_btn), ("round_leave", rc.leave_btn),
                        ("round_replay", rc.replay_btn)):
            st["widgets"][name] = {"rect": _rect(b.rect), "visible": b in shown, "enabled": bool(b.enabled),
                                   "text": b.text}
    if game_sc is not None and game_sc.screen != "results":
        st.update(game_sc.remote_state())
        st["legal"] = list((ctl.view or {}).get("legal") or [])
        st["cards"] = _spots(game_sc, "card", game_sc.hand_rects())
        middle = game_sc.table_rects()
        if middle:                                 # cards on the table that a tap takes (a middle to swap with)
            st["middle"] = _spots(game_sc, "table", middle)
        st["auto_pass"] = bool(ctl.settings.auto_pass)
    return st

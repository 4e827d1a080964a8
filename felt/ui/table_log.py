"""The play log panel and chat bubbles for any game's table scene.

Every game's table scene (``felt.ui.game_table.GameTableScene``) has it, the same panel with
the same look and behaviour, built from the same pieces (``PlayLog.draw_cached``,
``chat.draw_bubble``):

- wide windows: the log is docked in a column at the right (``layout.log_dock_width``);
  its button ("⟲", key L) folds it away and back;
- phones: the log is a drawer over the table, opened by the button, closed by a tap;
- a chat line shows as a bubble at the sender's seat for a few seconds.

A scene using it calls ``init_log(log, on_chat)`` in ``__init__``, ``feed_log(events)`` in
``set_view``, ``log_dock(w, h)`` for the column width when laying out, ``handle_log(inp)``
first in ``handle``, ``update_log(dt)`` in ``update`` and ``draw_log(surface)`` /
``draw_bubbles(surface)`` last in ``draw``; the log's and the chat's buttons (``log_btn``,
``chat_btn``) are the top bar's (``felt.ui.game_table``). It provides ``seat_rect(seat)``,
``log_rect()`` (the docked column or None), ``drawer_rect()``, ``own_anchor()`` (where my
own bubble hangs), ``small_px()``, ``log_heading()`` (the drawer's title) and ``log_card(cid)``
(a card object for the log's card chips).
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from felt.ui import layout
from felt.ui.playlog import LogContext, PlayLog, card_chip
from felt.ui.scene import BACK, KEY, RELEASE, Input
from felt.ui.widgets import IconButton


class LogTable:
    """Mixin: the play log (docked or drawer), its button, the chat button and bubbles."""

    log: PlayLog
    log_open: bool | None = None

    def init_log(self, game_id: str, log: PlayLog | None, on_chat: Callable[[], Any] | None) -> None:
        # the controller keeps one log per table (it outlives this scene) and feeds it;
        # a scene on its own (snapshot, tests) keeps and feeds its own
        self.own_log = log is None
        self.log = log if log is not None else PlayLog(game_id)
        self.log_open = None           # None: the default (docked on wide windows, folded on phones)
        self.log_btn = IconButton("⟲", self.toggle_log, hotkeys=(pygame.K_l,))
        self.on_chat = on_chat
        self.chat_btn = IconButton("✉", self._chat_click, hotkeys=(pygame.K_c,))
        self.bubbles: list = []
        self._docked = False

    def notice_rect(self) -> pygame.Rect | None:
        """Where the window's notices go at this table: where the scene shows its own (its
        ``toast``), which covers no seat box."""
        toast = getattr(self, "toast", None)
        return pygame.Rect(toast.rect) if toast is not None and toast.rect.w > 0 else None

    # data ------------------------------------------------------------------
    def feed_log(self, events) -> None:
        if self.own_log:
            self.log.add_events(list(events or ()))

    def log_context(self) -> LogContext:
        return LogContext(names=list(self.names), me=self.seat, deck=self._LogDeck(self))

    class _LogDeck:
        """Card objects by id for the log's lines and chips (any game's deck)."""

        def __init__(self, scene) -> None:
            self.scene = scene

        def __len__(self) -> int:
            return self.scene.log_deck_size()

        def __getitem__(self, cid):
            return self.scene.log_card(cid)

    def _chat_click(self) -> None:
        if self.on_chat:
            self.on_chat()

    def show_chat(self, seat, name: str, text: str) -> None:
        """A chat line: a bubble at the sender's seat for a few seconds."""
        from felt.ui.chat import Bubble
        if seat is None or not isinstance(seat, int):
            self.toast.show(f"{name}: {text}", 3.5)
        else:
            self.bubbles = [b for b in self.bubbles if b.seat != seat] + [Bubble(seat, str(text))]
        self.mark_dirty()

    # layout ----------------------------------------------------------------
    def log_dock(self, w: int, h: int) -> int:
        """Width of the docked column (0: a drawer instead, or folded away)."""
        dock = layout.log_dock_width(w, h)
        if self.log_open is False:
            dock = 0
        self._docked = dock > 0
        return dock

    def log_drawer_mode(self, w: int, h: int) -> bool:
        return layout.log_dock_width(w, h) == 0

    def log_visible(self) -> bool:
        """The log shows: docked (wide windows) or as an open drawer (phones)."""
        return self._docked or bool(self.log_open and not self._docked and self._drawer_allowed())

    def _drawer_allowed(self) -> bool:
        w, h = self.window_size()
        return w > 0 and self.log_drawer_mode(w, h)

    def drawer_open(self) -> bool:
        return bool(self.log_open) and not self._docked and self._drawer_allowed()

    def toggle_log(self) -> None:
        self.log_open = not self.log_visible()
        w, h = self.window_size()
        if w:
            self.layout(w, h)
        self.mark_dirty()

    # input and time ---------------------------------------------------------
    def handle_log(self, inp: Input) -> bool:
        """True when the input was the log's or the chat's (the scene ignores it then)."""
        if self.dispatch(inp, (self.log_btn, self.chat_btn)):
            return True
        if self.drawer_open():
            # the drawer is open (phones): a tap anywhere (or Back/Esc) closes it
            if inp.kind == RELEASE or inp.kind == BACK or (inp.kind == KEY and inp.key == pygame.K_ESCAPE):
                self.toggle_log()
            return True
        return False

    def update_log(self, dt: float) -> bool:
        if not self.bubbles:
            return False
        for b in self.bubbles:
            b.left -= dt
        self.bubbles = [b for b in self.bubbles if b.left > 0]
        self.mark_dirty()
        return True

    # drawing ---------------------------------------------------------------
    def _chip(self, cid, px: int):
        card = self.log_card(cid) if isinstance(cid, int) else None
        return card_chip(card, px) if card is not None else None

    def draw_log(self, surface) -> None:
        px = self.small_px()
        r = self.log_rect()
        if r is not None and self._docked:
            self.log.draw_cached(surface, r, self.log_context(), max(10, int(px * 0.95)), card_art=self._chip)
        elif self.drawer_open():
            self.log.draw_cached(surface, self.drawer_rect(), self.log_context(), max(11, int(px)),
                                 card_art=self._chip, alpha=248, heading=self.log_heading())

    def draw_bubbles(self, surface) -> None:
        from felt.ui.chat import draw_bubble
        w, h = surface.get_size()
        px = max(11, int(self.small_px()))
        for b in self.bubbles:
            r = self.seat_rect(b.seat)
            below = False
            if r is None:                     # my own seat: hanging from my name, over my cards
                r = self.own_anchor()
                below = True
            elif r.top < h // 3:
                below = True                  # seats along the top: the bubble hangs below
            alpha = min(1.0, b.left / 0.4)
            draw_bubble(surface, r, b.text, px, alpha, below)

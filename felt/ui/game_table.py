"""The declared base of every game's table scene, and the plain table for a game without one.

The shell (``felt.ui.controller``) shows a game's view with the scene class the game names for
its phase (``Game.scene_for(phase)``, a subclass of :class:`GameTableScene`) and talks to it
only through the methods declared here:

================================  ===========================================================
``set_view(view, events)``        a new view of the seat (events: what brought it, to animate)
``set_names(names)``              the seats' names;  ``set_bots(seats)``: the seats bots play
``presence``                      who is away (``felt.ui.presence.Presence``, shared by the shell)
``set_connected(on)``             the connection dropped (False) or is back
``set_timer(timer)``              the host's turn timer ``{seat, left, total}`` or None
``show_chat(seat, name, text)``   a chat line (a bubble at the sender's seat)
``move_refused()``                the host refused the move sent: the player may try again
``set_round_controls(...)``       next round (the owner's), new match and leave, at the end
``next_round_refused()``          the host refused 'next round': the button works again
``hold()`` / ``backlog``          pacing: seconds this state still holds; states queued behind
``waits_for_reader()``            the next state waits until the player closed a summary
``set_muted(m)``, ``set_speed(s)``  the menu changed sound or the table's pace
``offers_auto_pass``              the menu offers "pass by itself" (``set_auto_pass(on)``)
``remote_state()``                what the scene shows, for tests and a phone's renderer
``gesture(move)``                 the taps a person makes for a legal move (tests, the phone bench)
================================  ===========================================================

A subclass implements ``show_view(view, events)`` (``set_view`` does the shared part first),
``refresh_controls()`` (enable its buttons for the view and ``pending``), and the usual scene
methods ``layout``, ``handle``, ``update``, ``draw``. In them it calls the shared pieces:
``place_round_controls(rect, px)`` / ``handle_round_controls(inp)`` / ``draw_round_controls(s)``
for the round's end, and the play log's (``felt.ui.table_log.LogTable``).

The plain table (:class:`PlainTableScene`) shows any game: the seats, the own hand and one
button per legal move, so a game plays in the window as soon as it is registered.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

import pygame

from felt.ui import i18n, layout, pacing, theme
from felt.ui.layout import dp
from felt.ui.scene import RELEASE, Input, Scene
from felt.ui.table_log import LogTable
from felt.ui.widgets import Button, IconButton, Toast, draw_text

i18n.add_texts({
    "gt.next_round": ("Nächste Runde", "Next round"),
    "gt.new_match": ("Neue Partie", "New match"),
    "gt.wait_host": ("Warte auf den Gastgeber …", "Waiting for the host …"),
    "gt.turn": ("{name} ist dran", "{name}'s turn"),
    "gt.turn_me": ("Du bist dran!", "Your turn!"),
    "gt.round": ("Runde {n}", "Round {n}"),
    "gt.round_of": ("Runde {n}/{of}", "Round {n}/{of}"),
})


class RoundControls:
    """The buttons at a round's end, the same at every table: the owner's "Nächste Runde" (the
    other seats read "Warte auf den Gastgeber …"), and once the match is over "Neue Partie"
    for everyone; "Tisch verlassen" beside them."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.on_next: Callable[[], Any] | None = None
        self.on_new_match: Callable[[], Any] | None = None
        self.on_leave: Callable[[], Any] | None = None
        self.sent = False                  # 'next round' was sent: the button waits for an answer
        self.next_btn = Button(i18n.t("gt.next_round"), self._next, kind="primary",
                               hotkeys=(pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))
        self.new_btn = Button(i18n.t("gt.new_match"), self._new_match, kind="primary",
                              hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER))
        self.leave_btn = Button(i18n.t("leave"), self._leave, kind="secondary")
        self.wait_rect: pygame.Rect | None = None
        self.px = 18

    def _next(self) -> None:
        if self.on_next and not self.sent:
            self.sent = True               # one tap deals once
            self.next_btn.enabled = False
            self.on_next()
            self.scene.mark_dirty()

    def _new_match(self) -> None:
        if self.on_new_match:
            self.on_new_match()

    def _leave(self) -> None:
        if self.on_leave:
            self.on_leave()

    def phase(self) -> str:
        return str((getattr(self.scene, "view", None) or {}).get("phase") or "")

    def buttons(self) -> list[Button]:
        """The buttons shown now (none while a round runs)."""
        ph = self.phase()
        out: list[Button] = []
        if ph not in ("round_over", "match_over"):
            return out
        if self.on_leave is not None:
            out.append(self.leave_btn)
        if ph == "round_over" and self.on_next is not None:
            self.next_btn.enabled = not self.sent
            out.append(self.next_btn)
        elif ph == "match_over" and self.on_new_match is not None:
            out.append(self.new_btn)
        return out

    def waiting(self) -> bool:
        """A guest at a round's end: the host deals the next round."""
        return self.phase() == "round_over" and self.on_next is None and self.on_new_match is not None

    def place(self, row: pygame.Rect, px: int, stacked: bool = False) -> None:
        """Lay the buttons out in ``row`` (the scene's action row), centred, each at most as
        wide as a comfortable button; ``stacked``: "leave" above the other (a narrow column)."""
        self.px = px
        for b in (self.leave_btn, self.next_btn, self.new_btn):
            b.px = px
        if self.on_leave is None:
            left, right = None, layout.button_row(row, 1, max_w=dp(260))[0]
        elif stacked:
            gap = dp(8)
            bh = (row.h - gap) // 2
            left = pygame.Rect(row.left, row.top, row.w, bh)
            right = pygame.Rect(row.left, row.bottom - bh, row.w, bh)
        else:
            left, right = layout.button_row(row, 2, gap=dp(10), max_w=dp(260))
        if left is not None:
            self.leave_btn.set_rect(left)
        self.next_btn.set_rect(right)
        self.new_btn.set_rect(right)
        self.wait_rect = pygame.Rect(right)

    def handle(self, inp: Input) -> bool:
        return self.scene.dispatch(inp, self.buttons())

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons():
            b.draw(surface)
        if self.waiting() and self.wait_rect is not None:
            draw_text(surface, i18n.t("gt.wait_host"), self.wait_rect, max(12, self.px - 2), theme.TEXT_DIM)

    def rects(self) -> dict:
        names = {id(self.next_btn): "next_round", id(self.new_btn): "new_match", id(self.leave_btn): "leave"}
        return {names[id(b)]: b.rect for b in self.buttons()}


class GameTableScene(LogTable, Scene):
    """Base of a game's table scene: the state and hooks the shell uses (see the module's
    docstring), the round controls, the play log, pacing."""

    screen = "table"           # the kind of screen the window reports ('table', 'exchange', 'results')
    shows_results = True       # shows the round's result and the match's standings itself
    offers_auto_pass = False   # passing is a move the table can make by itself
    game_id = ""               # the game whose log lines the scene's own log speaks

    def __init__(self, view: dict | None = None, names: list[str] | None = None,
                 on_move: Callable[[dict], Any] | None = None, on_menu: Callable[[], Any] | None = None,
                 settings: dict | None = None, on_settings: Callable[[dict], Any] | None = None,
                 sounds=None, log=None, on_chat: Callable[[], Any] | None = None) -> None:
        Scene.__init__(self)
        self.view: dict = {}
        self.names = list(names or [])
        self.bots: set = set()             # seats played by bots
        self.presence = None               # who is away (the shell sets it)
        self.on_move = on_move
        self.on_menu = on_menu
        self.on_settings = on_settings
        self.settings = settings if settings is not None else {"muted": False}
        self.sounds = sounds
        self.outbox: list[dict] = []       # moves sent (tests read them)
        self.pending = False               # a move was sent: wait for the next view
        self.connected = True
        self.backlog = 0                   # states queued behind this one (the shell sets it)
        self._timer: dict | None = None    # the host's turn timer as of the last state
        self.view_before: dict = {}        # the view shown before the last set_view (show_view reads it)
        self.toast = Toast()
        self.round_controls = RoundControls(self)
        self._hold_left = 0.0            # seconds the state shown still holds (pacing)
        self.init_log(self.game_id, log, on_chat)

    # ---------------------------------------------------------------- the view
    @property
    def seat(self) -> int | None:
        return self.view.get("seat")

    @property
    def my_turn(self) -> bool:
        v = self.view
        return v.get("seat") is not None and v.get("to_move") == v.get("seat") and bool(v.get("legal"))

    def legal_moves(self) -> list[dict]:
        """The moves this seat may make now (none while a move is on its way)."""
        return list(self.view.get("legal") or []) if self.my_turn and not self.pending else []

    def set_view(self, view: dict, events: Iterable[dict] = ()) -> None:
        events = list(events or ())
        if (view or {}).get("phase") != "round_over":
            self.round_controls.sent = False
        self.pending = False
        self.view_before, self.view = self.view, view
        self.feed_log(events)
        self.show_view(view, events)
        if events:
            self._hold_left = self.hold_for(events)
        self.refresh_controls()
        self.mark_dirty()

    def show_view(self, view: dict, events: list) -> None:
        """The game's part of taking a new view (layout, animations)."""

    def refresh_controls(self) -> None:
        """Enable the scene's buttons for the view shown and ``pending``."""

    def submit(self, move: dict) -> None:
        """Send a move (a wire dict of the game's); the buttons wait for the next view."""
        self.outbox.append(move)
        self.pending = True
        if self.on_move:
            self.on_move(move)
        self.refresh_controls()
        self.mark_dirty()

    def move_refused(self) -> None:
        self.pending = False
        self.refresh_controls()
        self.mark_dirty()

    # ------------------------------------------------------------- the shell's calls
    def set_names(self, names: list[str]) -> None:
        self.names = list(names)
        self.mark_dirty()

    def set_bots(self, seats) -> None:
        self.bots = set(seats)
        self.mark_dirty()

    def set_connected(self, on: bool) -> None:
        self.connected = bool(on)
        self.refresh_controls()
        self.mark_dirty()

    @property
    def timer(self) -> dict | None:
        return self._timer

    def set_timer(self, timer: dict | None) -> None:
        self._timer = timer
        self.mark_dirty()

    def set_muted(self, muted: bool) -> None:
        self.settings["muted"] = bool(muted)
        if self.sounds is not None:
            self.sounds.muted = bool(muted)
        self.mark_dirty()

    def set_speed(self, speed: str) -> None:
        self.settings["speed"] = speed

    def set_auto_pass(self, on: bool) -> None:
        """Pass by itself when no play is possible (games with ``offers_auto_pass``)."""

    def waits_for_reader(self) -> bool:
        return False

    def set_round_controls(self, on_next: Callable[[], Any] | None, on_new_match: Callable[[], Any] | None,
                           on_leave: Callable[[], Any] | None) -> None:
        rc = self.round_controls
        rc.on_next, rc.on_new_match, rc.on_leave = on_next, on_new_match, on_leave
        if self.size != (0, 0):
            self.layout(*self.size)
        self.mark_dirty()

    def next_round_refused(self) -> None:
        self.round_controls.sent = False
        self.round_controls.next_btn.enabled = True
        self.mark_dirty()

    # ---------------------------------------------------------------- round controls
    def place_round_controls(self, row: pygame.Rect, px: int, stacked: bool = False) -> None:
        self.round_controls.place(row, px, stacked)

    def handle_round_controls(self, inp: Input) -> bool:
        if not self.shows_results or self.drawer_open():
            return False
        return self.round_controls.handle(inp)

    def draw_round_controls(self, surface: pygame.Surface) -> None:
        if self.shows_results and not self.drawer_open():
            self.round_controls.draw(surface)

    def round_controls_shown(self) -> bool:
        return self.shows_results and bool(self.round_controls.buttons() or self.round_controls.waiting())

    # ---------------------------------------------------------------- pacing
    def hold(self) -> float:
        """Seconds before the shell may show the next state."""
        return self._hold_left

    def update(self, dt: float) -> None:
        """Advance the scene's clock (a subclass calls this from its own ``update``)."""
        if self._hold_left > 0:
            self._hold_left = max(0.0, self._hold_left - dt)

    def hold_for(self, events) -> float:
        """How long the state that brought ``events`` holds: the game's log entries timed by
        the table's pacing (plays, effects, the round's end), another seat's other moves
        (draw, swap, knock …) as long as a pass."""
        me = self.view.get("seat")
        speed = self.settings.get("speed") if isinstance(self.settings, dict) else None
        try:
            entries = self.log.build(list(events or ()))
        except Exception:
            return 0.0
        t = pacing.hold_seconds(entries, me, speed, self.backlog)
        f = pacing.factor(speed, self.backlog)
        for e in entries:
            if e.kind not in ("play", "pass", "trick", "round_over", "round") and not e.effect \
                    and e.seat is not None and e.seat != me:
                t += pacing.PASS * f
        return t

    def animating(self) -> bool:
        return self.hold() > 0

    # ---------------------------------------------------------------- remote state
    def hand_rects(self) -> dict:
        """Where each card of the own hand is drawn (card id -> rect)."""
        return {}

    def card_at(self, pos) -> int | None:
        """The hand card a tap at ``pos`` hits (the one drawn on top), or None."""
        for cid, r in reversed(list(self.hand_rects().items())):
            if r.collidepoint(pos):
                return cid
        return None

    def table_rects(self) -> dict:
        """Cards on the table that a tap takes (card id -> rect), e.g. a middle to swap with."""
        return {}

    def selected_cards(self) -> list[int]:
        return []

    def gesture(self, move: dict) -> list | None:
        """The taps that make ``move`` (a legal move of the view) at this table, in order:
        ``["card", id]`` a card of the hand, ``["table", id]`` a card on the table,
        ``["widget", name]`` a button (an attribute's name, ``name[i]`` for a row of them);
        None where the scene offers no way (a move the table makes by itself)."""
        return None

    def tap_point(self, step) -> tuple[int, int] | None:
        """Where to tap for one step of a gesture (window pixels), as the scene is laid out now."""
        what, value = step[0], step[1]
        if what == "card":
            r = self.hand_rects().get(value)
            if r is None:
                return None
            for fy in (0.85, 0.6, 0.35):            # a spot of the card no other card covers
                for fx in (0.08, 0.2, 0.35, 0.5, 0.7, 0.9):
                    p = (int(r.left + r.w * fx), int(r.top + r.h * fy))
                    if self.card_at(p) == value:
                        return p
            return None
        if what == "table":
            r = self.table_rects().get(value)
            return (int(r.centerx), int(r.centery)) if r is not None else None
        if what == "widget":
            name, _, index = str(value).partition("[")
            widget = getattr(self, name, None)
            if index:
                try:
                    widget = widget[int(index.rstrip("]"))]
                except (TypeError, IndexError, ValueError):
                    return None
            rect = getattr(widget, "rect", None)
            return (int(rect.centerx), int(rect.centery)) if rect is not None and rect.w > 0 else None
        return None

    def gestures(self) -> list[dict]:
        """``{"move", "taps", "points"}`` for every legal move the scene offers a way to make
        now (``points``: where each tap goes as laid out now; a later step's point may move
        once the earlier ones are made)."""
        out = []
        for m in self.legal_moves():
            taps = self.gesture(m)
            if taps:
                points = [self.tap_point(t) for t in taps]
                out.append({"move": m, "taps": [list(t) for t in taps],
                            "points": [list(p) if p is not None else None for p in points]})
        return out

    def remote_state(self) -> dict:
        """What the scene shows, for tests and a phone's renderer (rects in window pixels)."""
        return {"gestures": self.gestures(),"my_turn": bool(self.my_turn), "pending": bool(self.pending), "busy": self.animating_cards(),
                "selected": sorted(int(c) for c in self.selected_cards()),
                "round_bar": {k: [r.x, r.y, r.w, r.h] for k, r in self.round_controls.rects().items()}
                if self.shows_results else {}}

    def animating_cards(self) -> bool:
        """Cards are flying (a deal, a play): a tap now would land on a moving picture."""
        return False

    # ---------------------------------------------------------------- names
    def seat_name(self, seat) -> str:
        """A seat's name as the table says it ("Du" for this window's own seat)."""
        if seat is None or not isinstance(seat, int) or seat < 0:
            return "?"
        if seat == self.seat:
            return i18n.t("log.you")
        if seat < len(self.names) and self.names[seat]:
            return str(self.names[seat])
        return i18n.t("lobby.seat", n=seat + 1)

    def turn_text(self) -> str:
        """Whose turn it is, the same words at every table ("Du bist dran!"); "" when nobody's."""
        seat = self.view.get("to_move")
        if not isinstance(seat, int) or self.view.get("phase") in ("round_over", "match_over"):
            return ""
        if seat == self.seat:
            return i18n.t("gt.turn_me")
        return i18n.t("gt.turn", name=self.seat_name(seat))

    def round_label(self) -> str:
        v = self.view
        n = int(v.get("round_no") or 1)
        of = v.get("rounds") or 0
        return i18n.t("gt.round_of", n=n, of=of) if of else i18n.t("gt.round", n=n)

    # ---------------------------------------------------------------- log pieces
    def window_size(self) -> tuple:
        return self.size

    def log_deck_size(self) -> int:
        return 0

    def log_card(self, cid):
        return None

    def _menu(self) -> None:
        if self.on_menu:
            self.on_menu()


class PlainTableScene(GameTableScene):
    """Any game's view, plainly: the seats in a row, the own hand as numbered chips (a tap
    plays the legal move of that card), and a button per other legal move."""

    def __init__(self, view: dict | None = None, **kw) -> None:
        super().__init__(None, **kw)
        self.move_btns: list[tuple[Button, dict]] = []
        self.card_rects: dict = {}
        self.top = pygame.Rect(0, 0, 0, 0)
        self.seat_row = pygame.Rect(0, 0, 0, 0)
        self.hand_row = pygame.Rect(0, 0, 0, 0)
        self.action_row = pygame.Rect(0, 0, 0, 0)
        self.px = 16
        self.menu_btn = IconButton("☰", self._menu)
        if view is not None:
            self.set_view(view, ())

    @staticmethod
    def move_label(move: dict) -> str:
        rest = " ".join(str(v) for k, v in move.items() if k != "kind")
        return f"{move.get('kind', '?')} {rest}".strip()

    @staticmethod
    def card_of(move: dict):
        """The card a move is all about ({kind, card} or {kind, cards: [one]}), or None."""
        if set(move) == {"kind", "card"}:
            return move["card"]
        if set(move) <= {"kind", "cards", "ranks"} and len(move.get("cards") or []) == 1 and not move.get("ranks"):
            return move["cards"][0]
        return None

    def show_view(self, view: dict, events: list) -> None:
        self.move_btns = []
        for m in view.get("legal") or []:
            if self.card_of(m) is not None:
                continue                        # a card's move: a tap on the card makes it
            b = Button(self.move_label(m), lambda m=m: self.submit(m), kind="secondary")
            self.move_btns.append((b, m))
        if self.size != (0, 0):
            self.layout(*self.size)

    def refresh_controls(self) -> None:
        ok = self.my_turn and not self.pending and self.connected
        for b, _m in self.move_btns:
            b.enabled = ok

    def gesture(self, move: dict) -> list | None:
        card = self.card_of(move)
        if card is not None:
            return [["card", card]]
        for i, (_b, m) in enumerate(self.move_btns):
            if m == move:
                return [["widget", f"move_btns[{i}]"]]
        return None

    def card_move(self, cid) -> dict | None:
        for m in self.legal_moves():
            if self.card_of(m) == cid:
                return m
        return None

    def layout(self, w: int, h: int) -> None:
        self.px = theme.font_px(w, h, "body")
        m = dp(10)
        bar = dp(48)
        self.top = pygame.Rect(0, 0, w, bar)
        self.menu_btn.set_rect(pygame.Rect(w - bar + dp(4), dp(4), bar - dp(8), bar - dp(8)))
        dock = self.log_dock(w, h)
        table_w = w - dock
        self.seat_row = pygame.Rect(m, bar + m, table_w - 2 * m, dp(70))
        self.action_row = pygame.Rect(m, h - dp(56) - m, table_w - 2 * m, dp(52))
        self.hand_row = pygame.Rect(m, self.action_row.top - dp(80) - m, table_w - 2 * m, dp(80))
        hand = list(self.view.get("hand") or [])
        cw = min(dp(56), (self.hand_row.w - dp(6) * max(0, len(hand) - 1)) // max(1, len(hand)))
        self.card_rects = {c: pygame.Rect(self.hand_row.left + i * (cw + dp(6)), self.hand_row.top, cw,
                                          self.hand_row.h) for i, c in enumerate(hand)}
        btn_row = pygame.Rect(self.action_row)
        rects = layout.button_row(btn_row, max(1, len(self.move_btns)), gap=dp(8), max_w=dp(220))
        for (b, _m), r in zip(self.move_btns, rects):
            b.set_rect(r)
            b.px = theme.font_px(w, h, "button")
        self.place_round_controls(self.action_row, theme.font_px(w, h, "button"))
        self.place_log_buttons(self.menu_btn.rect)

    def handle(self, inp: Input) -> None:
        if self.handle_log(inp) or self.handle_round_controls(inp):
            return
        if self.dispatch(inp, [self.menu_btn] + [b for b, _m in self.move_btns]):
            return
        if inp.kind == RELEASE:
            for cid, r in self.card_rects.items():
                if r.collidepoint(inp.pos):
                    move = self.card_move(cid)
                    if move is not None and self.connected:
                        self.submit(move)
                    return

    def hand_rects(self) -> dict:
        return dict(self.card_rects)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.FELT)
        v = self.view
        draw_text(surface, f"{self.turn_text()}   {self.round_label()}", self.top.inflate(-dp(20), 0),
                  theme.font_px(w, h, "title"), theme.ACCENT, align="left", bold=True)
        n = int(v.get("n") or 0)
        counts = v.get("counts") or []
        if n:
            sw = self.seat_row.w // n
            for s in range(n):
                r = pygame.Rect(self.seat_row.left + s * sw + dp(3), self.seat_row.top, sw - dp(6), self.seat_row.h)
                theme.panel(surface, r, radius=8)
                line = self.seat_name(s) + (f" · {counts[s]}" if s < len(counts) else "")
                draw_text(surface, line, r.inflate(-dp(8), 0), self.px,
                          theme.ACCENT if s == v.get("to_move") else theme.TEXT)
        for cid, r in self.card_rects.items():
            lit = self.card_move(cid) is not None
            theme.panel(surface, r, theme.CARD_FACE if lit else theme.PANEL, alpha=255, radius=6,
                        border=theme.CARD_EDGE)
            draw_text(surface, str(cid), r, self.px, theme.CARD_BLACK if lit else theme.TEXT_DIM, bold=True)
        if not self.round_controls_shown():
            for b, _m in self.move_btns:
                b.draw(surface)
        self.menu_btn.draw(surface)
        self.draw_round_controls(surface)
        self.draw_log(surface)
        self.toast.draw(surface)

    def seat_rect(self, seat):
        n = int(self.view.get("n") or 0)
        if not n or seat is None:
            return None
        sw = self.seat_row.w // n
        return pygame.Rect(self.seat_row.left + seat * sw, self.seat_row.top, sw, self.seat_row.h)

    def log_rect(self):
        w, h = self.size
        dock = self.log_dock(w, h) if w else 0
        return pygame.Rect(w - dock, self.top.bottom, dock, h - self.top.bottom) if dock else None

    def drawer_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(0, self.top.bottom, w, h - self.top.bottom)

    def own_anchor(self) -> pygame.Rect:
        return pygame.Rect(self.hand_row)

    def small_px(self) -> int:
        return self.px

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
``turn_queued``                   a state held behind that summary makes it this seat's turn
``set_muted(m)``, ``set_speed(s)``  the menu changed sound or the table's pace
``offers_auto_pass``              the menu offers "pass by itself" (``set_auto_pass(on)``)
``set_hints(on, counts)``         hints allowed, and taken per seat; ``on_hint()``: one was taken
``remote_state()``                what the scene shows, for tests and a phone's renderer
``gesture(move)``                 the taps a person makes for a legal move (tests, the phone bench)
``replaying``, ``quiet_for_replay()``  shown in a replay (``felt.ui.replay_scene``): no turn, no
                                  prompt, no move buttons (``view_buttons`` stay)
================================  ===========================================================

A subclass implements ``show_view(view, events)`` (``set_view`` does the shared part first),
``refresh_controls()`` (enable its buttons for the view and ``pending``), ``layout``, ``handle``
and ``update`` (calling the base's), and draws its own table in ``draw_table(surface)``: the
base's ``draw`` makes every frame in the same order (the felt, ``draw_under``, the top bar, the
seat cards, ``draw_table``, toasts, the log and the bubbles, ``draw_modal``, the round's end
buttons, the banner). The shared pieces, the same at every table:

- the top bar: ``place_header(w, h)`` in ``layout`` (it also sets ``px``, the font sizes per
  role from ``felt.ui.layout``, the one source of text sizes), ``handle_header(inp)`` first in
  ``handle``; the bar shows the status line, the round and the icon buttons (chat ✉, log ⟲,
  sound ♪, menu ☰). The status line is ``turn_text()`` ("Du bist dran!", "Ben ist dran",
  presence's "Ben ist weg · wartet noch 25 s") and the game's ``phase_line()``; the round is
  ``round_label()`` (``rounds_total()``). ``turn_phases`` says in which phases ``to_move`` is on
  turn (``turn_seat()``); when the turn comes to this seat the bar flashes and the 'turn' sound
  plays (``turn_cue``). ``header_ring()``: the turn timer's ring stands in the bar.
  ``show_connection(text, kind)`` puts a banner over the bar's text;
- the seat cards (``felt.ui.seat_card``): the game says what goes on a seat's card
  (``seat_lines(seat)``: cards in hand, lives, a title or points, tags such as "passt" or
  "Geber", a row of cards) and where the cards lie (``seat_places()``, clockwise from the seat
  after this window's; ``table_layout.seats`` by default); the base draws them with the avatar,
  the name, the turn's highlight and presence's badge;
- the hint line: ``draw_hint(surface, text, colour, bold)`` in ``hint_rect()``;
- the "Tipp" (``felt.ui.table_hint``): its button in the top bar (key H) shows what the normal
  bot would do and why in the hint line, having picked the cards through the scene's own
  ``gesture`` and ``card_tapped`` (a scene empties its selection in ``clear_selection``);
- playing a card: ``handle_cards(inp)`` maps press, slide and release on the hand
  (``hand_rects``, ``hand_area``) and on the table's cards (``table_rects``) to the game's
  ``card_tapped``, ``card_double_tapped``, ``cards_slid``, ``card_dropped`` (played by
  ``play_dropped`` where ``drop_zone`` holds it), ``table_card_tapped``, ``table_card_dropped``
  and ``felt_tapped``; ``draw_dragged`` draws the card under the pointer; ``raised(rect)`` is
  where a raised card stands;
- the round's end: ``place_round_controls(rect, px)`` / ``handle_round_controls(inp)``;
- the play log and the chat bubbles (``felt.ui.table_log.LogTable``; ``shows_log``);
- ``update(dt)`` from the scene's own: pacing, the turn cue, the timer, toasts, bubbles.

The plain table (:class:`PlainTableScene`) shows any game: the seats, the own hand and one
button per legal move, so a game plays in the window as soon as it is registered.
"""
from __future__ import annotations

import math
import time
from typing import Any, Callable, Iterable

import pygame

from felt import contract
from felt.contract import table_view
from felt.ui import cardart, fonts, i18n, layout, pacing, theme
from felt.ui.layout import dp
from felt.ui.scene import MOTION, PRESS, RELEASE, Input, Scene
from felt.ui.seat_card import SeatLines, Tag, badge_height, draw_seat_card
from felt.ui.table_hint import HINT_BAR_ROOM, HintTable
from felt.ui.table_log import LogTable
from felt.ui.widgets import Banner, Button, Countdown, IconButton, Toast, draw_text, layout_text


class RoundControls:
    """The buttons at a round's end, the same at every table: the owner's "Nächste Runde" (the
    other seats read "Warte auf den Gastgeber …"), and once the match is over "Neue Partie"
    for everyone; "Tisch verlassen" beside them. Once the match is over, "Partie ansehen"
    (``on_replay``, felt.ui.replay_scene) stands between them; where the three do not fit in
    the row (a phone), it takes the place of "Tisch verlassen", which stays in the menu."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.on_next: Callable[[], Any] | None = None
        self.on_new_match: Callable[[], Any] | None = None
        self.on_leave: Callable[[], Any] | None = None
        self.on_replay: Callable[[], Any] | None = None   # "Partie ansehen" once the match is over
        self.crowded = False               # the row has no room for three: "leave" gives way
        self._placed: tuple | None = None  # (row, px, stacked, phase) of the last place()
        self.sent = False                  # 'next round' was sent: the button waits for an answer
        self.next_btn = Button(i18n.t("gt.next_round"), self._next, kind="primary",
                               hotkeys=(pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))
        self.new_btn = Button(i18n.t("gt.new_match"), self._new_match, kind="primary",
                              hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER))
        self.leave_btn = Button(i18n.t("leave"), self._leave, kind="secondary")
        self.replay_btn = Button(i18n.t("replay.watch"), self._replay, kind="secondary")
        self.wait_rect: pygame.Rect | None = None
        self.px = 18
        # a line over the buttons once the match is over: how the window's own plays were judged
        # ("Deine Züge: 1 Patzer, 2 Fehler", felt.contract.analysis), set by the shell
        self._note = ""

    @property
    def note(self) -> str:
        return self._note

    @note.setter
    def note(self, text: str) -> None:
        row = self._placed[0].w if self._placed is not None else 0
        before = self.note_height(row) if row else 0
        self._note = str(text or "")
        if row and self.note_height(row) != before:
            self.scene.note_resized()          # a scene that keeps the note's room lays out anew

    def note_height(self, width: int) -> int:
        """How high the note stands over the buttons when ``width`` wide (0: no note)."""
        if not self._note:
            return 0
        px = self.note_px()
        _size, lines = layout_text(self._note, width, 10 ** 6, px, wrap=True, max_lines=3, min_px=px)
        return max(1, len(lines)) * fonts.line_height(px) + dp(2)      # a narrow column: on more lines

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

    def _replay(self) -> None:
        if self.on_replay:
            self.on_replay()

    def phase(self) -> str:
        return str((getattr(self.scene, "view", None) or {}).get("phase") or "")

    def buttons(self) -> list[Button]:
        """The buttons shown now (none while a round runs)."""
        ph = self.phase()
        out: list[Button] = []
        if ph not in ("round_over", "match_over"):
            return out
        replay = ph == "match_over" and self.on_replay is not None
        if replay and self._placed is not None and self._placed[3] != ph:
            self.place(*self._placed[:3])          # the match ended since the row was laid out
        if self.on_leave is not None and not (replay and self.crowded):
            out.append(self.leave_btn)
        if replay:
            out.append(self.replay_btn)
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
        self._placed = (pygame.Rect(row), px, stacked, self.phase())
        for b in (self.leave_btn, self.next_btn, self.new_btn, self.replay_btn):
            b.px = px
        if self.on_replay is not None and self._place_with_replay(row, px, stacked):
            return
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

    def _place_with_replay(self, row: pygame.Rect, px: int, stacked: bool) -> bool:
        """The match's end with "Partie ansehen": three where every label fits at its size (a
        row a little wider than the scene's where the felt beside it is free, up to a docked
        log; a stacked column one button higher), else it takes the place of "Tisch
        verlassen" (``crowded``). False: a round's end (the usual places)."""
        if self.phase() != "match_over":
            return False
        gap = dp(10)
        three = ([self.leave_btn] if self.on_leave is not None else []) + [self.replay_btn, self.new_btn]
        need = max(fonts.width(b.text, px, True) for b in three) + dp(28)
        w, _h = getattr(self.scene, "laid_out", (0, 0)) or (0, 0)
        log = self.scene.log_rect() if hasattr(self.scene, "log_rect") else None
        right = (log.left if log is not None and log.w and log.top < row.bottom else w or row.right) - dp(8)
        slots: list[pygame.Rect] = []
        if stacked:
            bh = (row.h - dp(8)) // 2
            bar = self.scene.top_bar() if hasattr(self.scene, "top_bar") else None
            top = row.top - bh - dp(8)
            if len(three) == 3 and top >= (bar.bottom if bar is not None else 0) + dp(8):
                slots = [pygame.Rect(row.left, top + k * (bh + dp(8)), row.w, bh) for k in range(3)]
        else:
            total = len(three) * need + (len(three) - 1) * gap
            wide = pygame.Rect(row)
            if total > row.w:                      # as wide as three need, centred on the row, inside the free felt
                left = max(dp(8), min(row.centerx - total // 2, right - total))
                wide = pygame.Rect(left, row.top, min(total, right - left), row.h)
            cand = layout.button_row(wide, len(three), gap=gap, max_w=dp(260))
            if cand[0].w >= need:
                slots = cand
        self.crowded = not slots
        if self.crowded:
            three = [self.replay_btn, self.new_btn]
            if stacked:
                half = (row.h - dp(8)) // 2
                slots = [pygame.Rect(row.left, row.top, row.w, half), pygame.Rect(row.left, row.bottom - half, row.w, half)]
            else:
                slots = layout.button_row(row, 2, gap=gap, max_w=dp(260))
        for b, r in zip(three, slots):
            b.set_rect(r)
        self.next_btn.set_rect(slots[-1])
        self.wait_rect = pygame.Rect(slots[-1])
        return True

    def handle(self, inp: Input) -> bool:
        return self.scene.dispatch(inp, self.buttons())

    def note_rect(self) -> pygame.Rect | None:
        """Where the note stands: a line right over the buttons, as wide as they are."""
        shown = self.buttons()
        if not self.note or self.phase() != "match_over" or not shown:
            return None
        left, right = min(b.rect.left for b in shown), max(b.rect.right for b in shown)
        top = min(b.rect.top for b in shown)
        h = self.note_height(right - left)
        return pygame.Rect(left, top - h - dp(4), right - left, h)

    def note_px(self) -> int:
        return max(12, self.px - 3)

    def clear_of_note(self, r: pygame.Rect) -> pygame.Rect:
        """``r`` (the results' area) cut to end over the note, so that the results' own last
        lines (the hints taken) stay readable beside it on a phone."""
        n = self.note_rect()
        if n is None or n.top - dp(4) >= r.bottom:
            return r
        return pygame.Rect(r.left, r.top, r.w, max(0, n.top - dp(4) - r.top))

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons():
            b.draw(surface)
        r = self.note_rect()
        if r is not None:
            # on a dark ground of its own: it may stand over the results' last rows
            px = self.note_px()
            _size, lines = layout_text(self.note, r.w, r.h, px, wrap=True, max_lines=3, min_px=10)
            tw = max((fonts.width(ln, px) for ln in lines), default=0) + dp(16)
            ground = pygame.Rect(0, 0, min(r.w + dp(8), tw), r.h + dp(2))
            ground.center = r.center
            theme.panel(surface, ground, (6, 30, 18), alpha=225, radius=8)
            draw_text(surface, self.note, r, px, theme.TEXT, wrap=True, max_lines=3, min_px=10)
        if self.waiting() and self.wait_rect is not None:
            draw_text(surface, i18n.t("gt.wait_host"), self.wait_rect, max(12, self.px - 2), theme.TEXT_DIM)

    def rects(self) -> dict:
        names = {id(self.next_btn): "next_round", id(self.new_btn): "new_match", id(self.leave_btn): "leave",
                 id(self.replay_btn): "replay"}
        return {names[id(b)]: b.rect for b in self.buttons()}


class GameTableScene(HintTable, LogTable, Scene):
    """Base of a game's table scene: the state and hooks the shell uses (see the module's
    docstring), the round controls, the play log, pacing."""

    screen = "table"           # the kind of screen the window reports ('table', 'exchange', 'results')
    shows_results = True       # shows the round's result and the match's standings itself
    offers_auto_pass = False   # passing is a move the table can make by itself
    game_id = ""               # the game whose log lines the scene's own log speaks
    shows_log = True           # has the play log (its button in the top bar)
    turn_phases: tuple | None = None   # the phases with a seat on turn (None: all but a round's end)
    turn_cue = True            # the turn coming to this seat flashes the top bar and sounds
    # shown in a replay (felt.ui.replay_scene): a finished match looked back at, so nobody is on
    # turn here, no prompt asks for a move ("Karten antippen, dann Legen") and no move button
    # shows (quiet_for_replay); the top bar says who was to move
    replaying = False
    # the buttons that only change what this screen shows (the top bar's; a game adds its own,
    # e.g. sorting the hand): a replay keeps them, every other button of the scene is a move's
    view_buttons: tuple = ("menu_btn", "mute_btn", "log_btn", "chat_btn")

    def __init__(self, view: dict | None = None, names: list[str] | None = None,
                 on_move: Callable[[dict], Any] | None = None, on_menu: Callable[[], Any] | None = None,
                 settings: dict | None = None, on_settings: Callable[[dict], Any] | None = None,
                 sounds=None, log=None, on_chat: Callable[[], Any] | None = None) -> None:
        Scene.__init__(self)
        self.view: dict = {}
        self.names = list(names or [])
        self.bots: set = set()             # seats played by bots
        self.presence = None               # who is away (the shell sets it)
        # this seat's turn is in a state the window holds back while a summary is read: the
        # top line says "Du bist dran!" already (the shell sets it)
        self.turn_queued = False
        self.on_move = on_move
        self.on_menu = on_menu
        self.on_settings = on_settings
        self.settings = settings if settings is not None else {"muted": False}
        self.sounds = sounds
        self.outbox: list[dict] = []       # moves sent (tests read them)
        self.pending = False               # a move was sent: wait for the next view
        self.connected = True
        self.backlog = 0                   # states queued behind this one (the shell sets it)
        self.countdown = Countdown()       # the host's turn timer {seat, left, total}, run down by the clock
        self.view_before: dict = {}        # the view shown before the last set_view (show_view reads it)
        self.toast = Toast()
        self.banner = Banner()             # the connection's trouble, over the top bar's text
        self.round_controls = RoundControls(self)
        self._hold_left = 0.0            # seconds the state shown still holds (pacing)
        self.my_turn_cue = 0.0             # seconds of the 'your turn' flash left
        self.clock = 0.0                   # seconds since the scene began (the glow's beat)
        # the hand's input (see handle_cards): the card a press went down on, ("hand" | "table", id)
        self.press: tuple | None = None
        self.press_pos = (0, 0)
        self.drag_pos: tuple | None = None   # where the pressed card is being dragged (it follows)
        self.slid: set = set()               # hand cards the press slid over
        self.last_tap: tuple | None = None   # (card, time) of the last tap on a hand card
        self.init_log(self.game_id, log, on_chat)
        self.init_hint()                     # the Tipp button and the hint it shows (felt.ui.table_hint)
        # the top bar: the status line, the round, and the icon buttons (see place_header)
        self.menu_btn = IconButton("☰", self._menu)
        self.mute_btn = IconButton("♪", self.toggle_mute, hotkeys=(pygame.K_m,))
        self.mute_btn.crossed = bool(self.settings.get("muted", False))
        self.top: layout.TopBar | None = None
        self.table_layout: layout.TableLayout | None = None   # a table laid out by felt.ui.layout.table_layout
        self.status_rect = pygame.Rect(0, 0, 0, 0)   # the status line's room, left of the icons
        self.portrait = False
        self.laid_out = (0, 0)             # the size the scene was last laid out for
        self.px = layout.font_sizes(360, 640)        # font sizes per text role (felt.ui.layout), as laid out

    def __init_subclass__(cls, **kw) -> None:
        super().__init_subclass__(**kw)
        own = cls.__dict__.get("my_turn")
        if isinstance(own, property):
            # a game's own "is it my turn" (its phases) is never true in a replay either
            cls.my_turn = property(lambda self, _f=own.fget: False if self.replaying else _f(self))
        words = cls.__dict__.get("turn_text")
        if callable(words):
            # nor does its own turn line call for a move ("wähle deine Hand"): who was to move
            def turn_text(self, short: bool = False, _f=words) -> str:
                return GameTableScene.turn_text(self, short) if self.replaying else _f(self, short)
            turn_text.__doc__ = words.__doc__
            cls.turn_text = turn_text

    # ---------------------------------------------------------------- the view
    @property
    def seat(self) -> int | None:
        return self.view.get("seat")

    @property
    def my_turn(self) -> bool:
        v = self.view
        if self.replaying:
            return False
        return v.get("seat") is not None and v.get("to_move") == v.get("seat") and bool(v.get("legal"))

    def legal_moves(self) -> list[dict]:
        """The moves this seat may make now (none while a move is on its way)."""
        return list(self.view.get("legal") or []) if self.my_turn and not self.pending else []

    def set_view(self, view: dict, events: Iterable[dict] = ()) -> None:
        events = list(events or ())
        if (view or {}).get("phase") != "round_over":
            self.round_controls.sent = False
        was_mine = bool(self.view) and self.my_turn
        self.pending = False
        self.view_before, self.view = self.view, view
        self.feed_log(events)
        self.show_view(view, events)
        if events:
            self._hold_left = self.hold_for(events)
        if self.my_turn and not was_mine and self.turn_cue:
            self.your_turn()
        self.refresh_controls()
        self.hint_view_changed()
        self.mark_dirty()

    def your_turn(self) -> None:
        """The turn came to this seat: the top bar flashes, the 'turn' sound plays."""
        self.my_turn_cue = 1.4
        self.play_sound("turn")

    def show_view(self, view: dict, events: list) -> None:
        """The game's part of taking a new view (layout, animations)."""

    def refresh_controls(self) -> None:
        """Enable the scene's buttons for the view shown and ``pending``."""

    def submit(self, move: dict) -> None:
        """Send a move (a wire dict of the game's); the buttons wait for the next view."""
        self.outbox.append(move)
        self.pending = True
        self.hint = None
        if self.on_move:
            self.on_move(move)
        self.refresh_controls()
        self.refresh_hint_button()
        self.mark_dirty()

    def move_refused(self) -> None:
        self.pending = False
        self.refresh_controls()
        self.refresh_hint_button()
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
        self.refresh_hint_button()
        self.mark_dirty()

    def show_connection(self, text: str | None, kind: str = "bad") -> None:
        """A banner over the top bar's text for connection trouble (None hides it); while the
        connection is down ("bad") nothing can be sent."""
        if text:
            self.banner.show(text, kind)
        else:
            self.banner.hide()
        self.set_connected(not (text and kind == "bad"))

    @property
    def timer(self) -> dict | None:
        return self.countdown.timer

    def set_timer(self, timer: dict | None) -> None:
        """The host's turn timer ({'seat', 'left', 'total'} seconds) or None. It runs down
        against the clock until the next state brings a fresh one."""
        self.countdown.set(timer)
        self.mark_dirty()

    def timer_left(self) -> float | None:
        """Seconds left on the turn timer now (None when no timer runs)."""
        return self.countdown.left()

    def set_muted(self, muted: bool) -> None:
        self.settings["muted"] = bool(muted)
        if self.sounds is not None:
            self.sounds.muted = bool(muted)
        self.mute_btn.crossed = bool(muted)
        self.mark_dirty()

    def toggle_mute(self) -> None:
        """The top bar's sound button: sound off or on (the settings say it to the shell)."""
        self.set_muted(not bool(self.settings.get("muted", False)))
        if self.on_settings:
            self.on_settings(self.settings)

    def play_sound(self, name: str) -> None:
        """Play one of the table's sounds (the settings are the one source of the mute switch:
        the window's menu may flip it)."""
        if self.sounds is not None:
            self.sounds.muted = bool(self.settings.get("muted", False))
            self.sounds.play(name)

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

    def note_resized(self) -> None:
        """The round controls' note (the judged plays) took another height: a scene whose
        layout keeps its room (``note_room``) lays out anew."""
        self.mark_dirty()

    def note_room(self, width: int) -> int:
        """The height to keep free over a row of round controls ``width`` wide for their note,
        once the match is over (0 where there is none)."""
        if str((self.view or {}).get("phase") or "") != "match_over":
            return 0
        h = self.round_controls.note_height(width)
        return h + dp(6) if h else 0

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
        """Advance the scene's clock (a subclass calls this from its own ``update``): pacing,
        the 'your turn' flash, the turn timer (a redraw once per whole second shown), the
        sound button as the menu left it, the chat bubbles."""
        self.clock += dt
        if self._hold_left > 0:
            self._hold_left = max(0.0, self._hold_left - dt)
        if self.my_turn_cue > 0:
            self.my_turn_cue = max(0.0, self.my_turn_cue - dt)
            self.mark_dirty()
        if self.countdown.tick():
            self.mark_dirty()
        if self.toast.update(dt):
            self.mark_dirty()
        self.update_hint(dt)
        muted = bool(self.settings.get("muted", False))
        if muted != self.mute_btn.crossed:
            self.mute_btn.crossed = muted
            self.mark_dirty()
        self.update_log(dt)

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
        return self._hold_left > 0 or self.cue_animating()

    def cue_animating(self) -> bool:
        """The shared pieces move: the 'your turn' flash, a toast, chat bubbles."""
        return self.my_turn_cue > 0 or self.toast.active or bool(self.bubbles)

    # ---------------------------------------------------------------- remote state
    def hand_rects(self) -> dict:
        """Where each card of the own hand is drawn (card id -> rect)."""
        return {}

    def card_at(self, pos) -> int | None:
        """The hand card a tap at ``pos`` hits (the one drawn on top), or None."""
        return self.card_hit(self.hand_rects(), pos)

    @staticmethod
    def card_hit(rects: dict, pos) -> int | None:
        """The card of ``rects`` (id -> rect, in drawing order) drawn on top at ``pos``."""
        for cid, r in reversed(list(rects.items())):
            if r.collidepoint(pos):
                return cid
        return None

    def table_rects(self) -> dict:
        """Cards on the table that a tap takes (card id -> rect), e.g. a middle to swap with."""
        return {}

    def table_card_at(self, pos) -> int | None:
        """The table card a tap at ``pos`` hits, or None."""
        return self.card_hit(self.table_rects(), pos)

    # ---------------------------------------------------------------- playing a card
    DOUBLE_TAP = 0.4          # seconds: a second tap on the same card within them is a double tap

    def hand_area(self) -> pygame.Rect | None:
        """Where the own hand lies: a card pressed there and moved out of it (up, towards the
        table) is dragged."""
        return pygame.Rect(self.table_layout.hand) if self.table_layout is not None else None

    def drop_zone(self) -> pygame.Rect | None:
        """Where a card dragged from the hand is played (the pile, with a margin); None: no
        card is played by dropping it."""
        geom = self.table_layout
        return geom.pile.inflate(geom.pile_card[0], geom.pile_card[1] // 2) if geom is not None else None

    @staticmethod
    def raised(rect: pygame.Rect) -> pygame.Rect:
        """Where a raised (selected) hand card is drawn: almost a fifth of its height up."""
        return rect.move(0, -int(rect.h * 0.18))

    def card_tapped(self, cid: int) -> None:
        """A tap on a hand card (the game's meaning: raise it, play the raised one ...)."""

    def card_double_tapped(self, cid: int) -> None:
        """Two quick taps on the same hand card; a second tap unless the game says more."""
        self.card_tapped(cid)

    def card_dropped(self, cid: int, pos) -> None:
        """A hand card dragged and let go at ``pos``: played where ``drop_zone`` holds it."""
        zone = self.drop_zone()
        if zone is not None and zone.collidepoint(pos):
            self.play_dropped(cid)

    def play_dropped(self, cid: int) -> None:
        """Play a hand card dropped on the table (the game's move for it)."""

    def cards_slid(self, first: int, cid: int) -> None:
        """The press on hand card ``first`` slid over ``cid`` without leaving the hand."""

    def table_card_tapped(self, cid: int) -> None:
        """A tap on a card of the table (``table_rects``)."""

    def table_card_dropped(self, cid: int, pos) -> None:
        """A table card dragged and let go at ``pos``."""

    def felt_tapped(self, pos) -> None:
        """A tap that began and ended on no card."""

    def card_image(self, cid: int, size) -> pygame.Surface | None:
        """The face of card ``cid`` at ``size`` (the dragged card follows the pointer)."""
        card = self.log_card(cid)
        return cardart.card_surface(card, size) if card is not None else None

    def dragged_card(self) -> int | None:
        """The card being dragged now, or None."""
        return self.press[1] if self.press is not None and self.drag_pos is not None else None

    def handle_cards(self, inp: Input) -> bool:
        """The one way to play a card at every table: a press on a card, a slide and a
        release make a tap (``card_tapped``), a double tap (``card_double_tapped``), a slide
        over the hand (``cards_slid``) or a drag that ends over the table (``card_dropped``:
        played where ``drop_zone`` says); a hand card is dragged once it leaves the hand
        upwards or moves up more than sideways before it slid over another card (a lift: it
        slides over no card on its way), a table card once it moved. True when the input was
        the cards'."""
        if inp.kind == PRESS:
            cid = self.card_at(inp.pos)
            if cid is not None:
                self.press, self.slid = ("hand", cid), {cid}
            else:
                cid = self.table_card_at(inp.pos)
                self.press, self.slid = (("table", cid) if cid is not None else None), set()
            self.press_pos, self.drag_pos = tuple(inp.pos), None
            return self.press is not None
        if inp.kind == MOTION:
            if self.press is None or not (inp.buttons and inp.buttons[0]):
                return False
            where, cid = self.press
            if self.drag_pos is not None or self._leaves(where, inp.pos) or self._lifts(where, inp.pos):
                self.drag_pos = tuple(inp.pos)
                self.mark_dirty()
            elif where == "hand":
                other = self.card_at(inp.pos)
                if other is not None and other not in self.slid:
                    self.slid.add(other)
                    self.cards_slid(cid, other)
            return True
        if inp.kind == RELEASE:
            press, dragged, slid = self.press, self.drag_pos is not None, self.slid
            self.press, self.drag_pos, self.slid = None, None, set()
            if press is None:
                if self.card_at(inp.pos) is None and self.table_card_at(inp.pos) is None:
                    self.felt_tapped(inp.pos)
                return False
            self.mark_dirty()
            where, cid = press
            if where == "table":
                if dragged or self._leaves(where, inp.pos):
                    self.table_card_dropped(cid, inp.pos)
                elif self.table_card_at(inp.pos) == cid:
                    self.table_card_tapped(cid)
                return True
            if dragged or self._leaves(where, inp.pos):
                self.card_dropped(cid, inp.pos)
            elif len(slid) <= 1 and self.card_at(inp.pos) == cid:
                now = time.monotonic()
                if self.last_tap is not None and self.last_tap[0] == cid and now - self.last_tap[1] < self.DOUBLE_TAP:
                    self.last_tap = None
                    self.card_double_tapped(cid)
                else:
                    self.last_tap = (cid, now)
                    self.card_tapped(cid)
            return True
        return False

    def _lifts(self, where: str, pos) -> bool:
        """A hand card pressed and moved upwards more than sideways before the press slid over
        another card: it is lifted towards the table, not slid over the hand (on a phone the
        hand has two rows, and a card dragged from the lower one passes over the upper one:
        a slide there would lower the selection it carries)."""
        if where != "hand" or len(self.slid) > 1:
            return False
        up, side = self.press_pos[1] - pos[1], abs(pos[0] - self.press_pos[0])
        return up > dp(12) and up > side

    def _leaves(self, where: str, pos) -> bool:
        """The pointer at ``pos`` took the pressed card away: out of the hand (upwards), or a
        table card moved off its place."""
        if where == "hand":
            area = self.hand_area()
            return area is not None and pos[1] < area.top - dp(8)
        return abs(pos[0] - self.press_pos[0]) + abs(pos[1] - self.press_pos[1]) > dp(12)

    def draw_dragged(self, surface: pygame.Surface) -> None:
        """The card being dragged, under the pointer, with its shadow; a selected hand card
        carries the selection along (fanned, the dragged card on top), which is what a drop
        plays."""
        cid = self.dragged_card()
        if cid is None:
            return
        where = self.press[0]
        rects = self.hand_rects() if where == "hand" else self.table_rects()
        r = rects.get(cid)
        if r is None:
            return
        chosen = set(self.selected_cards()) if where == "hand" else set()
        cards = [c for c in rects if c in chosen and c != cid] + [cid] if cid in chosen else [cid]
        step = int(r.w * 0.28)
        x0 = self.drag_pos[0] - step * (len(cards) - 1)
        for i, c in enumerate(cards):
            img = self.card_image(c, r.size)
            if img is None:
                continue
            at = img.get_rect(center=(x0 + i * step, self.drag_pos[1]))
            surface.blit(cardart.shadow_surface(r.size), (at.x + dp(4), at.y + dp(6)))
            surface.blit(img, at.topleft)

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
            rect = getattr(self.step_widget(value), "rect", None)
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
                "hint": None if self.hint is None else {"move": self.hint["move"], "why": self.hint["why"],
                                                        "next": self.hint["next"]},
                "round_bar": {k: [r.x, r.y, r.w, r.h] for k, r in self.round_controls.rects().items()}
                if self.shows_results else {}}

    def animating_cards(self) -> bool:
        """Cards are flying (a deal, a play): a tap now would land on a moving picture."""
        return False

    # ---------------------------------------------------------------- screen readers
    def a11y_text(self) -> list[str]:
        """What the table shows besides the hand, the log and the buttons, as sentences for
        the phone page's screen-reader layer (felt/ui/a11y.py): by default how many cards
        each seat holds; a game adds its own (the pile, the results)."""
        counts = self.view.get("counts")
        if not isinstance(counts, list) or self.view.get("phase") in ("round_over", "match_over"):
            return []
        return [i18n.t("a11y.cards_me" if s == self.seat else "a11y.cards", name=self.seat_name(s), n=int(c))
                for s, c in enumerate(counts) if isinstance(c, int)]

    def a11y_taps(self) -> list[tuple[list, str, bool]]:
        """Targets of the table that are neither widgets nor cards, for the screen-reader
        layer: ``(step for tap_point, its name, picked)``; picked None: a plain button, no toggle."""
        return []

    def a11y_widgets(self, names: list[str]) -> list[str]:
        """Which of the scene's shown widgets (attribute names) a tap reaches now, for the
        screen-reader layer: all by default; a game with a picker over the table keeps its own."""
        return names

    def a11y_card_off(self, cid) -> bool:
        """A hand card that cannot be played now (dimmed on the table): the layer marks it so."""
        return False

    def a11y_moves(self) -> list[tuple[str, dict]]:
        """The legal plays the layer offers as one button each, ``(its name, the move)``, where
        a play takes several taps (a pair's cards and "Legen"): none by default."""
        return []

    def a11y_top(self) -> str:
        """The quick question "Was liegt?": what lies to beat, on top, in the middle."""
        return ""

    def a11y_in_play(self, seat: int) -> bool:
        """The seat takes turns in this round still (not out, cards left)."""
        counts = self.view.get("counts") or []
        if seat in (self.view.get("places") or []):
            return False
        return not (seat < len(counts) and isinstance(counts[seat], int) and counts[seat] <= 0)

    def a11y_counts(self) -> str:
        """The quick question "Wer hat wie viele Karten?": every seat's cards, this seat's too."""
        counts = self.view.get("counts")
        if not isinstance(counts, list):
            return ""
        return ", ".join(i18n.t("a11y.cards_me" if s == self.seat else "a11y.cards", name=self.seat_name(s), n=int(c))
                         if self.a11y_in_play(s) or c else i18n.t("a11y.seat_out", name=self.seat_name(s))
                         for s, c in enumerate(counts) if isinstance(c, int))

    def a11y_turn(self) -> str:
        """The quick question "Wer ist dran?": whose turn it is and who comes next (in the
        view's direction, past seats out of the round)."""
        seat = self.turn_seat()
        if seat is None:
            return i18n.t("a11y.nobody")
        n = int(self.view.get("n") or 0)
        step = -1 if self.view.get("direction") == -1 else 1
        nxt = next((x for x in ((seat + step * k) % n for k in range(1, n)) if self.a11y_in_play(x)), None) if n else None
        turn = self.turn_text().rstrip("!")
        return i18n.t("a11y.turn_next", turn=turn, name=self.seat_name(nxt)) if nxt is not None else turn

    def a11y_scores(self) -> str:
        """The quick question "Spielstand": the match's scores so far (the game's own)."""
        return ""

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

    def turn_seat(self) -> int | None:
        """The seat on turn (its box is highlighted, the top bar names it), or None: nobody's
        turn in this phase (``turn_phases``; every phase but a round's end when None)."""
        v = self.view
        seat = v.get("to_move")
        if not isinstance(seat, int) or seat < 0:
            return None
        phase = v.get("phase")
        if self.turn_phases is None:
            return None if phase in ("round_over", "match_over") else seat
        return seat if phase in self.turn_phases else None

    def turn_text(self, short: bool = False) -> str:
        """Whose turn it is, the same words at every table ("Du bist dran!", "Ben ist dran",
        "Ben ist weg · wartet noch 25 s" while Ben is away); "" when nobody's. ``short``: the
        first name only (a long name must not push "ist dran" off a phone's bar). This window's
        own turn wins over anyone else's line, also while the state that brings it is held back
        (``turn_queued``)."""
        seat = self.turn_seat()
        if self.replaying:                    # looked back at: who was to move, no call to move
            return i18n.t("replay.to_move", name=self.seat_name(seat)) if seat is not None else ""
        if seat == self.seat and seat is not None or self.turn_queued and self.seat is not None:
            return i18n.t("gt.turn_me")
        if seat is None:
            return ""
        name = self.seat_name(seat)
        if short and " " in name.strip():
            name = name.split()[0]
        away = self.presence.turn_text(seat, name) if self.presence is not None else None
        return away or i18n.t("gt.turn", name=name)

    def phase_line(self) -> str:
        """The game's own words in the top bar, after the turn line (who knocked, the
        exchange); "" for none."""
        return ""

    def ended_without_winner(self) -> bool:
        """The host ended the match before any round was over: nobody won it."""
        return self.view.get("phase") == "match_over" and "winner" in self.view and self.view["winner"] is None

    def status_line(self, short: bool = False) -> tuple[str, tuple]:
        """The top bar's text and its colour: the turn line and the game's phase line (a
        match ended without a winner: that)."""
        if self.ended_without_winner():
            return i18n.t("res.ended_early_short"), theme.GOLD
        if self.hint_in_status():               # a phone turned sideways: the Tipp's sentence here
            return self.hint_line(), theme.ACCENT
        turn, phase = self.turn_text(short), self.phase_line()
        text = " · ".join(t for t in (turn, phase) if t)
        if self.my_turn or self.turn_queued:
            colour = theme.ACCENT
        elif not turn and self.view.get("phase") in ("round_over", "match_over"):
            colour = theme.GOLD
        else:
            colour = theme.TEXT
        return text, colour

    def rounds_total(self) -> int:
        """How many rounds the match has (0: open-ended)."""
        v = self.view
        return int(v.get("rounds_total") or v.get("rounds") or 0)

    def round_label(self) -> str:
        """The round in the top bar ("Runde 2/3"); a round past the match's count decides a
        tie ("Stechen · Runde 4"; it read "Runde 4/3")."""
        n = int(self.view.get("round_no") or 1)
        of = self.rounds_total()
        if of and n > of:
            return i18n.t("gt.round_tiebreak", n=n)
        return i18n.t("gt.round_of", n=n, of=of) if of else i18n.t("gt.round", n=n)

    def log_heading(self) -> str:
        return self.round_label()

    # ---------------------------------------------------------------- the top bar
    def place_header(self, w: int, h: int) -> pygame.Rect:
        """Lay out the top bar for a ``w`` x ``h`` window, the same at every table: the icon
        buttons from the right, menu ☰, sound ♪ (on phones the chat ✉ takes its place), the
        log ⟲ (where the scene has one), the chat ✉ (wide windows); the status line left of
        them. Sets ``px`` (the font sizes per role) and returns the bar."""
        self.laid_out = (int(w), int(h))
        self.px = layout.font_sizes(w, h)
        self.top = top = layout.top_bar(w, h)
        self.portrait = layout.is_portrait(w, h)
        chat = self.on_chat is not None
        self.chat_btn.visible = chat
        self.log_btn.visible = self.shows_log
        self.mute_btn.visible = not (self.portrait and chat)
        order = [self.menu_btn] + [b for b in (self.mute_btn,) if b.visible]
        if self.portrait and chat:
            order.append(self.chat_btn)
        if self.shows_log:
            order.append(self.log_btn)
        if chat and not self.portrait:
            order.append(self.chat_btn)
        for btn, place in zip(order, top.icons):
            btn.set_rect(place)
        left = order[-1].rect.left
        self.hint_btn.visible = self.hint_offered()        # the Tipp, left of the icons (felt.ui.table_hint)
        if self.hint_btn.visible:
            place = self.hint_button_rect(order[-1].rect, left, dp(6))
            # where the status line keeps room enough; else (phones) on the felt over the hint line
            self.hint_in_bar = place.left - top.margin >= dp(HINT_BAR_ROOM)
            if self.hint_in_bar:
                self.hint_btn.set_rect(place)
                left = place.left
            self.refresh_hint_button()
        self.status_rect = pygame.Rect(top.margin, top.bar.top, max(dp(40), left - dp(6) - top.margin), top.bar.h)
        self.log_btn.kind = "secondary" if self.log_visible() else "ghost"
        self.mute_btn.crossed = bool(self.settings.get("muted", False))
        self.banner.set_rect(self.banner_rect())
        self.banner.px = self.px["body"]
        return pygame.Rect(top.bar)

    def top_bar(self) -> pygame.Rect | None:
        return pygame.Rect(self.top.bar) if self.top is not None else None

    def banner_rect(self) -> pygame.Rect | None:
        """The top bar left of its buttons: a connection banner there hides only the status
        line (stale while the connection is down), never a seat box, a card or a button."""
        if self.top is None:
            return None
        return pygame.Rect(0, self.top.bar.top, max(dp(40), self.status_rect.right), self.top.bar.h)

    def header_ring(self) -> bool:
        """The turn timer's ring stands in the top bar, after the status line (the games
        that show it there say so)."""
        return False

    def handle_header(self, inp: Input) -> bool:
        """The top bar's buttons and the play log (its drawer closes on a tap); True when the
        input was theirs."""
        self.place_hint_button()
        if self.dispatch(inp, (self.menu_btn, self.mute_btn, self.hint_btn)):
            return True
        return self.handle_log(inp)

    def header_parts(self) -> dict:
        """What the top bar shows and where: the status line (``status``, ``colour``, its rect
        ``status_at``, ``wrap``: two lines where one would be too small), the round (``round``,
        ``round_at``, ``round_align``, ``round_px``; a zero-wide rect where it is left out) and
        the timer's ``ring`` (None). On a phone whose status line leaves no room beside it the
        round goes under the status line: small under one line, smaller under two where they
        still read at the small size (German "Du bist dran!" left no room beside it, and the
        round was missing there only)."""
        px, sr, bar = self.px, self.status_rect, self.top.bar
        status, colour = self.status_line()
        rnd = self.round_label()
        ring_d = max(dp(26), bar.h - dp(12)) if self.header_ring() and self.timer else 0
        need = fonts.width(rnd, px["small"]) + dp(8)
        rw = min(sr.w // 3, need)
        rnd_r = pygame.Rect(sr.right - rw, sr.top, rw, sr.h)
        st_r = pygame.Rect(sr.left, sr.top, sr.w - rw - dp(8), sr.h)
        align, rnd_px = "right", px["small"]
        # phones: the round under the status line where the status line leaves no room beside
        # it, or the round does not fit there whole ("Stechen · Runde 4" was cut to "Stechen · Ru…")
        if self.portrait and (fonts.width(status, px["title"], True) + dp(8) > sr.w - rw or need > rw):
            rnd_r.w, st_r.w = 0, sr.w - dp(8)      # phones: the round where the status line leaves room
            room = sr.w - dp(8) - (ring_d + dp(8) if ring_d else 0)
            if status and fonts.width(status, px["body"], True) <= room \
                    and fonts.line_height(px["body"], True) + fonts.line_height(px["small"]) <= sr.h:
                align = "left"                     # one line of status, the round under it
            else:                                  # two lines of status, the round smaller under them
                rnd_px = px["tiny"]
                size, lines = layout_text(status, room, sr.h - fonts.line_height(rnd_px) - dp(1), px["title"],
                                          bold=True, min_px=9, wrap=True, max_lines=2)
                if size >= px["small"] and not (lines and lines[-1].endswith("…")):
                    align = "left"
            if align == "left":
                rnd_h = fonts.line_height(rnd_px)
                st_r.h = sr.h - rnd_h - dp(2)
                rnd_r = pygame.Rect(sr.left, st_r.bottom, min(room, fonts.width(rnd, rnd_px) + dp(8)), rnd_h)
        ring = None
        if ring_d:
            ring = pygame.Rect(0, 0, ring_d, ring_d)
            ring.centery = bar.centery
            ring.right = (rnd_r.left if align == "right" else sr.right) - dp(8)
            st_r.w = max(dp(10), ring.left - dp(8) - st_r.left)
        if self.turn_seat() not in (None, self.seat) and fonts.width(status, int(px["title"] * 0.8), True) > st_r.w:
            status, colour = self.status_line(short=True)
        size, lines = layout_text(status, st_r.w, st_r.h, px["title"], bold=True, min_px=11)
        wrap = size < px["body"] or bool(lines and lines[0].endswith("…"))
        if ring is not None:
            # right after the status text where it is short (wide windows), so both read together
            size, lines = layout_text(status, st_r.w, st_r.h, px["title"], bold=True, min_px=11, wrap=wrap,
                                      max_lines=2)
            text_w = max((fonts.width(ln, size, True) for ln in lines), default=0)
            ring.left = min(ring.left, st_r.left + text_w + max(dp(10), ring.w // 3))
        return {"status": status, "colour": colour, "status_at": st_r, "wrap": wrap, "round": rnd,
                "round_at": rnd_r, "round_align": align, "round_px": rnd_px, "ring": ring}

    def header_ring_rect(self) -> pygame.Rect | None:
        """Where the turn timer's ring stands in the top bar (None: not there)."""
        return self.header_parts()["ring"] if self.top is not None else None

    def draw_header(self, surface: pygame.Surface) -> None:
        """The top bar: the status line (the turn line, the game's phase line), the turn
        timer's ring where the game shows it there, the round (on phones beside or under the
        status line where it leaves room; the log's title says it too), the icon buttons; a gold band sweeps in when
        the turn comes to this seat."""
        if self.top is None:
            return
        bar = self.top.bar
        theme.panel(surface, bar, (6, 30, 18), alpha=215, radius=0)
        if self.my_turn and self.my_turn_cue > 0:
            f = min(1.0, (1.4 - self.my_turn_cue) / 0.25)
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(0, bar.bottom - dp(4), int(bar.w * f), dp(4)))
            wave = 0.5 + 0.5 * math.sin(self.my_turn_cue * 2 * math.pi / 0.5)
            theme.panel(surface, pygame.Rect(0, bar.top, int(bar.w * f), bar.h), theme.ACCENT,
                        alpha=int(60 + 50 * round(wave * 8) / 8), radius=0)
        parts, px = self.header_parts(), self.px
        draw_text(surface, parts["status"], parts["status_at"], px["title"], parts["colour"], align="left", bold=True,
                  min_px=11, wrap=parts["wrap"], max_lines=2)
        if parts["round_at"].w:
            draw_text(surface, parts["round"], parts["round_at"], parts["round_px"], theme.TEXT_DIM,
                      align=parts["round_align"], min_px=9)
        if parts["ring"] is not None:
            self.countdown.draw_ring(surface, parts["ring"], emphasis=self.timer.get("seat") == self.seat)
        for btn in (self.chat_btn, self.log_btn, self.mute_btn, self.menu_btn):
            btn.draw(surface)
        if self.hint_in_bar:
            self.hint_btn.draw(surface)

    def draw_banner(self, surface: pygame.Surface) -> None:
        self.banner.draw(surface)

    # ---------------------------------------------------------------- a frame
    def draw(self, surface: pygame.Surface) -> None:
        """A frame, in the same order at every table: the felt, what lies under the table
        (``draw_under``), the top bar, the other seats' cards (leaving ``seat_cards_clear()``
        free), the game's table (``draw_table``), the toasts, the play log and the chat
        bubbles, the game's panel over it all (``draw_modal``), the round's end buttons and the
        connection banner."""
        if self.top is None or not self.draw_felt(surface):
            return
        self.draw_under(surface)
        self.draw_header(surface)
        self.draw_seat_cards(surface, keep_clear=self.seat_cards_clear())
        self.draw_table(surface)
        self.place_hint_button()
        self.draw_hint_panel(surface)
        if not self.hint_in_bar:                 # the Tipp on the felt (phones)
            self.hint_btn.draw(surface)
        self.toast.draw(surface)
        self.draw_log(surface)
        self.draw_bubbles(surface)
        self.draw_modal(surface)
        self.draw_hint_mark(surface)             # over a panel of the game's it leads into (a wish)
        self.draw_round_controls(surface)
        self.draw_banner(surface)

    def hint_rect(self) -> pygame.Rect | None:
        """The hint line over the hand and its buttons ("Zu schlagen: Paar Könige")."""
        return pygame.Rect(self.table_layout.hint) if self.table_layout is not None else None

    def draw_hint(self, surface: pygame.Surface, text: str, colour=theme.TEXT_DIM, bold: bool = False) -> None:
        """The hint line, at the body size at every table (two lines where one is too short)."""
        r = self.hint_rect()
        if r is not None and text and not self.replaying:      # a replay asks for nothing
            draw_text(surface, text, r, self.px["body"], colour, bold=bold, wrap=True, max_lines=2, min_px=10)

    def quiet_for_replay(self) -> None:
        """In a replay: hide every button of the scene that would make a move (all but
        ``view_buttons``; a row of them too). Called before each frame and input, after the
        scene's own layout and refresh may have shown them."""
        keep = set(self.view_buttons)
        for name, w in vars(self).items():
            if name in keep:
                continue
            for b in (w if isinstance(w, list) else (w,)):
                if isinstance(b, Button):
                    b.visible = False

    def draw_under(self, surface: pygame.Surface) -> None:
        """What the game draws on the felt under everything (a ring marking the table)."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """The game's table: its piles, its hint line and buttons, the own hand."""

    def draw_modal(self, surface: pygame.Surface) -> None:
        """A panel of the game's over the table (a question, a summary), where one shows."""

    def seat_cards_clear(self) -> pygame.Rect | None:
        """A rect the seat cards leave free (a results panel listing every seat)."""
        return None

    def draw_felt(self, surface: pygame.Surface) -> bool:
        """The felt; before the first view, the line that the table is awaited (and False:
        nothing more to draw)."""
        w, h = surface.get_size()
        surface.blit(theme.felt_background((w, h)), (0, 0))
        if self.view:
            return True
        draw_text(surface, i18n.t("gt.waiting"), surface.get_rect(), self.px["title"], theme.TEXT)
        return False

    # ---------------------------------------------------------------- seat cards
    def seat_places(self) -> list:
        """The places of the other seats' cards, clockwise from the seat after this window's
        (a spectator's: from seat 0)."""
        return list(self.table_layout.seats) if self.table_layout is not None else []

    def seat_rect(self, seat) -> pygame.Rect | None:
        """The rect of another seat's card (None for this window's own seat, or none laid out)."""
        places = self.seat_places()
        if not places or not self.view or not isinstance(seat, int):
            return None
        me = self.seat
        if seat == me:
            return None
        idx = seat if me is None else (seat - me - 1) % int(self.view.get("n") or 1)
        return places[idx] if idx < len(places) else None

    # the play log's and the chat's places (felt.ui.table_log)
    def log_rect(self) -> pygame.Rect | None:
        return self.table_layout.log if self.table_layout is not None else None

    def drawer_rect(self) -> pygame.Rect:
        """The log's drawer (phones): over the table, from the top bar down to the hand."""
        bar = self.top.bar.bottom if self.top is not None else 0
        hand = self.hand_area()
        bottom = hand.top if hand is not None else self.laid_out[1]
        return pygame.Rect(dp(4), bar + dp(4), self.laid_out[0] - dp(8), max(dp(80), bottom - bar - dp(8)))

    def own_anchor(self) -> pygame.Rect:
        """Where a bubble of this window's own seat hangs: from the hand's top edge."""
        hand = self.hand_area() or pygame.Rect(0, self.laid_out[1] - dp(40), self.laid_out[0], dp(40))
        return pygame.Rect(hand.left + dp(10), hand.top - dp(4), min(hand.w // 2, dp(200)), dp(12))

    def small_px(self) -> int:
        return int(self.px["small"])

    def seat_label(self, seat: int) -> str:
        """The name on a seat's card."""
        if 0 <= seat < len(self.names) and self.names[seat]:
            return str(self.names[seat])
        return i18n.t("lobby.seat", n=seat + 1)

    def seat_lines(self, seat: int) -> SeatLines:
        """What the game puts on a seat's card (``felt.ui.seat_card.SeatLines``): here the
        cards in hand."""
        counts = self.view.get("counts") or []
        return SeatLines(count=counts[seat] if seat < len(counts) else None)

    def pulse(self, period: float = 1.2) -> float:
        """0..1..0: the beat of the glow around the seat on turn."""
        return 0.5 + 0.5 * math.sin(self.clock * 2 * math.pi / period)

    def draw_seat_cards(self, surface: pygame.Surface, keep_clear: pygame.Rect | None = None) -> None:
        """Every other seat's card (``felt.ui.seat_card``): its name and avatar, the game's
        lines, the seat on turn lit, presence's badge; a card ``keep_clear`` would half cover
        (a results panel that lists every seat) is left out."""
        turn = self.turn_seat()
        for seat in range(int(self.view.get("n") or 0)):
            r = self.seat_rect(seat)
            if r is None or (keep_clear is not None and r.colliderect(keep_clear)):
                continue
            away = self.presence.badge(seat) if self.presence is not None else None
            short = (self.presence.badge(seat, short=True) or "") if away else ""
            draw_seat_card(surface, r, self.seat_label(seat), self.seat_lines(seat), self.px, on_turn=seat == turn,
                           bot=seat in self.bots, away=away, pulse=self.pulse(), away_short=short)

    # ---------------------------------------------------------------- log pieces
    def window_size(self) -> tuple:
        return self.laid_out

    def log_deck_size(self) -> int:
        return 0

    def log_card(self, cid):
        return None

    def _menu(self) -> None:
        if self.on_menu:
            self.on_menu()


class PlainTableScene(GameTableScene):
    """Any game's view, plainly: the seats in a row, the middle the view's ``table`` describes
    (``felt.contract.table_view``: piles, rows, labels, a trick by seat, the standings), the
    own hand with card faces, and a button per legal move that plays no hand card. A tap on a
    hand card plays its move, or selects it where its moves go onto a target pile; a tap on
    (or a drop onto) that pile plays it. A move that picks N cards (``"pick": N``) is made by
    tapping N cards and then its button (or its pile).

    From the top: the top bar, the seats (each with its line: ``table["seats"]`` or
    ``Game.seat_summary``, on a line of its own where the box is narrow), the notices' row
    (toasts, the Tipp on a phone), the middle (the labels, the trick with each card under the
    seat that played it, the piles, the rows, and the buttons "Letzter Stich" and "Punkte"),
    the instruction line (``table["say"]``), the hand and the move buttons. At a round's or
    the match's end the results (who won, the standings) take the middle."""

    def __init__(self, view: dict | None = None, **kw) -> None:
        super().__init__(None, **kw)
        self.move_btns: list[tuple[Button, dict]] = []
        self.move_buttons: list[Button] = []      # the same buttons (a gesture's and the reader's widgets)
        self.card_rects: dict = {}
        self.pile_rects: dict = {}
        self.trick_rects: dict = {}               # seat -> where its card of the trick shown lies
        self.selected: list = []
        self.table: dict = {}
        self.seat_row = pygame.Rect(0, 0, 0, 0)
        self.hand_row = pygame.Rect(0, 0, 0, 0)
        self.action_row = pygame.Rect(0, 0, 0, 0)
        self.middle = pygame.Rect(0, 0, 0, 0)
        self.say_row = pygame.Rect(0, 0, 0, 0)    # the instruction line, over the hand
        self.labels_rect = pygame.Rect(0, 0, 0, 0)
        self.caption_rect = pygame.Rect(0, 0, 0, 0)   # under the trick: who took it
        self.note_line = False                    # the seats' lines on a line of their own (narrow boxes)
        self.short = False                        # a low window (a phone sideways): a tighter layout
        self.side_labels: set = set()             # piles beside the hand (a low window): labels beside them
        self._faces: dict = {}
        self.row_side: int | None = 0          # the rows' label column (row_label_side)
        self.showing_last = False              # the last trick shown on a tap ("Letzter Stich")
        self.last_tucked = False               # a round's end with no room for its last trick: a tap shows it
        self.standings_open = False            # the standings shown on a tap ("Punkte")
        self.last_trick_btn = Button(i18n.t("pt.last_trick"), self.toggle_last_trick, kind="secondary")
        self.standings_btn = Button(i18n.t("pt.standings"), self.toggle_standings, kind="secondary")
        self.last_trick_btn.visible = self.standings_btn.visible = False
        if view is not None:
            self.set_view(view, ())

    # ---------------------------------------------------------------- words
    def words(self, text) -> str:
        """A text of the view's table in the table's language: a plain string as it is, a
        catalog text ``{"text": key, "args": {...}}`` with its arguments (``{"seat": k}``: that
        seat's name; the text ``key + "_me"`` where it names this window's own seat)."""
        if isinstance(text, str):
            return text
        if not isinstance(text, dict) or not isinstance(text.get("text"), str):
            return ""
        key, args, me = text["text"], {}, False
        for name, arg in (text.get("args") or {}).items():
            if isinstance(arg, dict) and "seat" in arg:
                args[name] = self.seat_name(arg["seat"])
                me = me or (arg["seat"] == self.seat and self.seat is not None)
            else:
                args[name] = arg
        if me and i18n.has(key + "_me"):
            key += "_me"
        return i18n.t(key, **args)

    def move_label(self, move: dict) -> str:
        """A move's button: the game's text ``<game id>.move.<kind>`` where its catalog has one
        (with the move's values as its arguments: ``{n}`` of a bid), else the move's kind and
        values."""
        said = self.move_text(move)
        if said is not None:
            return said
        rest = " ".join(str(v) for k, v in move.items() if k not in ("kind", "pick", "among"))
        return f"{move.get('kind', '?')} {rest}".strip()

    def move_spoken(self, move: dict) -> str:
        """A move's button as a screen reader says it: the game's text ``<game id>.move.<kind>.spoken``
        with the move's values ("Ansage: 2 Stiche" for the button "2"), else "" (its label)."""
        return self.move_text(move, ".spoken") or ""

    def move_text(self, move: dict, form: str = "") -> str | None:
        """The game's text ``<game id>.move.<kind>`` + ``form`` formatted with the move's values, or
        None where its catalog has none."""
        key = f"{self.view.get('game')}.move.{move.get('kind')}{form}"
        if not i18n.has(key):
            return None
        return i18n.t(key, **{k: v for k, v in move.items() if k != "kind" and isinstance(k, str)})

    def say_line(self) -> str:
        """The instruction line: the view's ``say``; a pick without one: "Wähle 3 Karten"."""
        said = self.words(self.table.get("say")) if self.table.get("say") else ""
        pm = self.pick_move()
        if not said and pm is not None:
            said = i18n.t("pt.pick", n=table_view.pick_count(pm))
        return said

    @staticmethod
    def card_of(move: dict):
        """The card a move is all about ({kind, card} or {kind, cards: [one]}), or None."""
        if set(move) == {"kind", "card"}:
            return move["card"]
        if set(move) <= {"kind", "cards", "ranks"} and len(move.get("cards") or []) == 1 and not move.get("ranks"):
            return move["cards"][0]
        return None

    def hand_moves(self) -> list:
        """The legal moves that play cards of the own hand (the table_view convention)."""
        hand = set(self.view.get("hand") or [])
        return [m for m in self.legal_moves() if (cs := table_view.move_cards(m)) and set(cs) <= hand]

    def pick_move(self) -> dict | None:
        """The legal move that picks cards of the hand (``"pick": N``) now, or None."""
        return next((m for m in self.legal_moves() if table_view.pick_count(m)), None)

    def show_view(self, view: dict, events: list) -> None:
        self._faces = {}
        before = self.table
        try:
            self.table = table_view.check_table(view.get("table"))
        except table_view.TableError:
            self.table = {}                     # the contract test reports it; the window shows no middle
        if (before.get("trick") or {}).get("last") != (self.table.get("trick") or {}).get("last"):
            self.showing_last = False           # a trick was taken since: the view shows it itself
        if view.get("phase") in ("round_over", "match_over"):
            self.standings_open = False
        hand = set(view.get("hand") or [])
        self.selected = [c for c in self.selected if c in hand]
        self.move_btns = []
        for m in view.get("legal") or []:
            cs = table_view.move_cards(m)
            if self.card_of(m) is not None or (cs and set(cs) <= hand):
                continue                        # a card's move: a tap on the card makes it
            if table_view.pick_count(m):
                b = Button(self.move_label(m), lambda m=m: self.submit_pick(m), kind="primary")
            else:
                b = Button(self.move_label(m), lambda m=m: self.submit(m), kind="secondary")
            b.a11y_label = self.move_spoken(m)      # what a screen reader says (felt.ui.a11y.button_label)
            self.move_btns.append((b, m))
        self.move_buttons = [b for b, _m in self.move_btns]
        self.last_trick_btn.text = i18n.t("pt.last_trick")
        self.standings_btn.text = i18n.t("pt.standings")
        if self.size != (0, 0):
            self.layout(*self.size)

    def clear_selection(self) -> None:
        self.selected = []
        self.refresh_controls()

    def selected_cards(self) -> list[int]:
        return list(self.selected)

    def refresh_controls(self) -> None:
        ok = self.my_turn and not self.pending and self.connected
        for b, m in self.move_btns:
            n = table_view.pick_count(m)
            b.enabled = ok and (not n or len(self.selected) == n)
            if n:
                b.badge = f"{len(self.selected)}/{n}"
        trick = self.table.get("trick") or {}
        if self.at_end():                   # the round's last trick where the results leave it no room
            self.last_trick_btn.visible = bool(trick.get("last")) and (self.showing_last or self.last_tucked)
        else:
            self.last_trick_btn.visible = bool(trick.get("last") and trick.get("cards"))
        self.last_trick_btn.text = i18n.t("pt.results" if self.at_end() and self.showing_last else "pt.last_trick")
        self.standings_btn.visible = bool(self.table.get("standings")) and not self.at_end()

    def at_end(self) -> bool:
        return self.view.get("phase") in ("round_over", "match_over")

    def set_hints(self, on: bool, counts=None) -> None:
        super().set_hints(on, counts)
        if self.at_end() and self.size != (0, 0):
            self.layout(*self.size)                 # the results' line of the hints taken: their room

    def toggle_last_trick(self) -> None:
        self.showing_last = not self.showing_last
        if self.at_end() and self.size != (0, 0):
            self.layout(*self.size)                 # the last trick in the results' place, or back
        self.mark_dirty()

    def toggle_standings(self) -> None:
        self.standings_open = not self.standings_open
        self.mark_dirty()

    def submit_pick(self, move: dict) -> None:
        """The pick's button: the chosen cards, when as many as it asks, are the move."""
        n = table_view.pick_count(move)
        allowed = set(table_view.pick_among(move, self.view.get("hand") or []))
        if n and len(self.selected) == n and set(self.selected) <= allowed and self.connected:
            cards, self.selected = list(self.selected), []
            self.submit(table_view.picked(move, cards))

    def gesture(self, move: dict) -> list | None:
        hand = self.view.get("hand") or []
        template = move if table_view.pick_count(move) else table_view.pick_of(self.legal_moves(), move, hand)
        if template is not None:
            n = table_view.pick_count(template)
            cards = table_view.move_cards(move) if template is not move else table_view.pick_among(template, hand)[:n]
            if len(cards) != n:
                return None
            target = table_view.move_target(template)
            if target is not None and target in self.pile_rects:
                last = ["pile", target]
            else:
                i = next((i for i, (_b, m) in enumerate(self.move_btns) if m == template), None)
                if i is None:
                    return None
                last = ["widget", f"move_buttons[{i}]"]
            return [["card", c] for c in cards] + [last]
        cs = table_view.move_cards(move)
        target = table_view.move_target(move)
        if cs and target is not None:
            return [["card", c] for c in cs] + [["pile", target]]
        card = self.card_of(move)
        if card is not None:
            return [["card", card]]
        for i, (_b, m) in enumerate(self.move_btns):
            if m == move:
                return [["widget", f"move_buttons[{i}]"]]
        return None

    def tap_point(self, step):
        if step[0] == "pile":
            r = self.pile_rects.get(step[1])
            return (int(r.centerx), int(r.centery)) if r is not None else None
        return super().tap_point(step)

    def card_move(self, cid) -> dict | None:
        """The move a tap on ``cid`` makes at once: the one untargeted move of that card alone."""
        for m in self.legal_moves():
            if self.card_of(m) == cid and table_view.move_target(m) is None:
                return m
        return None

    def pile_move(self, pile_id, cards) -> dict | None:
        """The legal move that plays ``cards`` (any order) onto pile ``pile_id`` (a pick
        onto it: the cards chosen, as many as it asks)."""
        want = sorted(cards)
        for m in self.hand_moves():
            if table_view.move_target(m) == pile_id and sorted(table_view.move_cards(m)) == want:
                return m
        hand = self.view.get("hand") or []
        for m in self.legal_moves():
            n = table_view.pick_count(m)
            if n and table_view.move_target(m) == pile_id and len(want) == n \
                    and set(want) <= set(table_view.pick_among(m, hand)):
                return table_view.picked(m, want)
        return None

    def targets_for(self, cards) -> set:
        if not cards:
            return set()
        hand = self.view.get("hand") or []
        out = {table_view.move_target(m) for m in self.hand_moves()
               if table_view.move_target(m) is not None and set(cards) <= set(table_view.move_cards(m))}
        return out | {table_view.move_target(m) for m in self.legal_moves()
                      if table_view.pick_count(m) and table_view.move_target(m) is not None
                      and set(cards) <= set(table_view.pick_among(m, hand))}

    # ---------------------------------------------------------------- layout
    def seat_notes(self) -> list[str]:
        """Each seat's line on its card: the view's ``table["seats"]``, else the game's
        ``seat_summary`` (where it says its own), else none."""
        n = int(self.view.get("n") or 0)
        said = self.table.get("seats")
        if isinstance(said, list):
            return [self.words(said[s]) if s < len(said) else "" for s in range(n)]
        game = self.game()
        if game is None or type(game).seat_summary is contract.Game.seat_summary:
            return [""] * n
        out = []
        for s in range(n):
            try:
                out.append(str(game.seat_summary({**self.view, "seat": s}) or "")[:40])
            except Exception:  # noqa: BLE001 (a game's bug must not take the table down)
                out.append("")
        return out

    def action_rows(self, width: int) -> int:
        """How many lines the move buttons take: one, or two where one line would make them
        narrower than a finger (the bids 0..8 on a phone)."""
        n = len(self.move_btns)
        if n < 2:
            return 1
        need = max(fonts.width(b.text, self.px["button"], True) + dp(24) for b, _m in self.move_btns)
        per = max(1, (width + dp(8)) // (max(need, dp(layout.MIN_TOUCH)) + dp(8)))
        return 1 if per >= n else 2

    def layout(self, w: int, h: int) -> None:
        m = dp(10)
        bar = self.place_header(w, h).bottom
        dock = self.log_dock(w, h)
        table_w = w - dock
        self.short = h < dp(560)                 # a phone held sideways, a low window
        n = int(self.view.get("n") or 1)
        notes = self.seat_notes()
        col = (table_w - 2 * m) // max(1, n)
        counts = self.view.get("counts") or []
        beside = col - dp(6) - dp(16) - dp(56) - max((fonts.width(str(c), self.px["label"], True) for c in counts),
                                                     default=0)
        self.note_line = any(fonts.width(x, self.px["small"]) > beside or beside < dp(40) for x in notes if x)
        note_h = int(self.px["small"] * 1.25) if self.note_line else 0
        self.seat_row = pygame.Rect(m, bar + m, table_w - 2 * m,
                                    dp(56 if self.short else 70) + badge_height(self.px) // 2 + note_h)
        lines = self.action_rows(table_w - 2 * m)
        act_h = dp(52) * lines + dp(8) * (lines - 1)
        if self.short and not self.move_btns and not self.at_end():
            act_h = 0                            # nothing to press: the hand goes down to the edge
        self.action_row = pygame.Rect(m, h - act_h - m, table_w - 2 * m, act_h)
        hand = list(self.view.get("hand") or [])
        hand_h = dp(96) if not self.short else dp(84) if h >= dp(380) else dp(74)
        if self.at_end() and not hand:
            hand_h = 0                           # a round's end: no hand to keep room for
        self.hand_row = pygame.Rect(m, self.action_row.top - hand_h - (m if act_h else 0), table_w - 2 * m, hand_h)
        ch = self.hand_row.h - dp(18)                     # room to raise a selected card
        cw = int(ch * 0.7)
        step = min(cw + dp(6), (self.hand_row.w - cw) // max(1, len(hand) - 1)) if len(hand) > 1 else cw
        left = self.hand_row.centerx - (step * (len(hand) - 1) + cw) // 2
        self.card_rects = {c: pygame.Rect(left + i * step, self.hand_row.top + dp(18), cw, ch)
                           for i, c in enumerate(hand)}
        self.refresh_controls()
        tools = self.tools()
        say_h = int(fonts.line_height(self.px["body"], True) * 1.3) if self.say_line() else 0
        if self.short and tools:
            say_h = max(say_h, dp(34))           # the tools stand at the ends of the instruction line
        self.say_row = pygame.Rect(m, self.hand_row.top - say_h, table_w - 2 * m, say_h)
        notice = pygame.Rect(m, self.seat_row.bottom + m, table_w - 2 * m, int(self.px["label"] * 2.4))
        # the notices' row (toasts, a phone's Tipp and its sentence) of its own where the window is tall
        top = notice.bottom + dp(4) if not self.short else self.seat_row.bottom + dp(6)
        self.middle = pygame.Rect(m, top, table_w - 2 * m, max(0, self.say_row.top - dp(4 if self.short else 10) - top))
        self.toast.set_rect(notice)
        self.toast.px = self.px["label"]
        self.layout_middle()
        self.place_last_at_end()
        rows = [self.move_btns] if lines == 1 else [self.move_btns[:(len(self.move_btns) + 1) // 2],
                                                   self.move_btns[(len(self.move_btns) + 1) // 2:]]
        for k, row in enumerate(rows):
            line = pygame.Rect(self.action_row.left, self.action_row.top + k * (dp(52) + dp(8)), self.action_row.w,
                               dp(52))
            for (b, _m), r in zip(row, layout.button_row(line, max(1, len(row)), gap=dp(8), max_w=dp(220))):
                b.set_rect(r)
                b.px = self.px["button"]
        self.place_round_controls(pygame.Rect(self.action_row.left, self.action_row.bottom - dp(52),
                                              self.action_row.w, dp(52)), self.px["button"])

    def place_last_at_end(self) -> None:
        """At a round's end the results go under its last trick; where they leave it no room (a
        low window, six seats) "Letzter Stich" stands in the results' top left corner, and a tap
        shows the trick in their place ("Ergebnis" goes back)."""
        tucked = self.at_end() and not self.showing_last and bool((self.table.get("trick") or {}).get("last")) \
            and not self.results_under_trick(self.won_line())
        if tucked != self.last_tucked:
            self.last_tucked = tucked
            self.refresh_controls()
        if tucked and self.last_trick_btn.visible:
            b, r = self.last_trick_btn, self.results_rect(self.won_line())
            b.px = self.px["small"]
            th = min(dp(34), max(dp(28), int(self.px["title"] * 1.5)))
            b.set_rect(pygame.Rect(r.left + dp(8), r.top + dp(8), fonts.width(b.text, b.px, True) + dp(28), th))

    def tools(self) -> list:
        """The buttons shown with the middle: "Letzter Stich" and "Punkte" (at a round's end only
        "Ergebnis", back from its last trick; "Letzter Stich" then stands with the results)."""
        if self.at_end() and not self.showing_last:
            return []
        return [b for b in (self.last_trick_btn, self.standings_btn) if b.visible]

    def place_tools(self, area: pygame.Rect) -> pygame.Rect:
        """"Letzter Stich" and "Punkte" at the middle's bottom corners (a low window: at the
        ends of the instruction line); the middle that is left."""
        tools = self.tools()
        if not tools:
            return area
        if self.short:
            line, th = self.say_row, min(self.say_row.h, dp(34))
        else:
            th = min(dp(40), max(dp(28), area.h // 6))
            line = pygame.Rect(area.left, area.bottom - th, area.w, th)
            area = pygame.Rect(area.left, area.top, area.w, area.h - th - dp(6))
        for b in tools:
            b.px = self.px["small"]
            bw = fonts.width(b.text, b.px, True) + dp(28)
            b.set_rect(pygame.Rect(line.left if b is self.last_trick_btn else line.right - bw,
                                   line.centery - th // 2, bw, th))
        return area

    def layout_middle(self) -> None:
        """The labels' line, the trick (each card under the seat that played it, who took it
        under them), the piles side by side in one line, each row of cards a line below them,
        and the buttons of the last trick and the standings at the bottom."""
        self.pile_rects, self.trick_rects = {}, {}
        self.labels_rect = pygame.Rect(0, 0, 0, 0)
        self.caption_rect = pygame.Rect(0, 0, 0, 0)
        area = pygame.Rect(self.middle)
        if area.h <= 0:
            return
        px = self.px["label"]
        lab = int(px * 1.4)
        area = self.place_tools(area)
        # a low window with a trick: the labels share the line under the trick with its caption
        shared = self.short and self.table.get("trick") is not None
        if self.table.get("labels") and not shared:
            self.labels_rect = pygame.Rect(area.left, area.top, area.w - self.hint_room_at(area.top), lab)
            area.top += lab
            area.h -= lab
        piles, rows = self.table.get("piles") or [], self.table.get("rows") or []
        self.side_labels = set()
        if self.short and piles and not rows and self.table.get("trick") is not None and self.hand_row.h:
            piles = self.piles_beside_hand(piles)
        if self.table.get("trick") is not None and area.h > 0:
            area, piles, rows = self.layout_trick(area, piles, rows, shared)
        lines = (1 if piles else 0) + len(rows)
        if not lines or area.h <= 0:
            return
        line_h = min(dp(150), area.h // lines)
        y = area.top
        ch = max(dp(20), min(line_h - lab - dp(4), dp(120)))
        cw = int(ch * 0.7)
        if piles:
            slot = min(area.w // len(piles), cw * 2)
            x0 = area.centerx - slot * len(piles) // 2
            room = self.hint_room_at(y)
            if room and x0 + slot * len(piles) > area.right - room:     # clear of the Tipp
                w = area.w - room
                slot = min(w // len(piles), cw * 2)
                x0 = area.left + (w - slot * len(piles)) // 2
            for i, p in enumerate(piles):
                self.pile_rects[p["id"]] = pygame.Rect(x0 + i * slot + (slot - cw) // 2, y + lab, cw, ch)
            y += line_h
        self.row_side = self.row_label_side(rows)
        side = self.row_side or 0
        # cards no bigger than lets the longest row show every card's index (a step of 0.45 widths)
        most = max((len(r.get("cards") or []) for r in rows), default=1)
        fit = int((area.w - 2 * side) / (1 + 0.47 * max(0, most - 1)) / 0.7)
        for r in rows:
            if self.row_side is None:              # a long label: above its row
                rh = max(dp(20), min(ch, fit))
                self.pile_rects[r["id"]] = pygame.Rect(area.left, y + lab, area.w, rh)
            else:                                  # short ones beside it: the cards take the line
                rh = max(dp(20), min(line_h - dp(8), dp(120), fit))
                self.pile_rects[r["id"]] = pygame.Rect(area.left + side, y + (line_h - rh) // 2,
                                                       area.w - 2 * side, rh)
            y += line_h

    def layout_trick(self, area: pygame.Rect, piles: list, rows: list, shared: bool) -> tuple:
        """The trick's line at the top of ``area``: each seat's card under its seat box (room for
        the pointer above, who took it under them), the piles in the gutter left of the first seat
        where they fit there (at a round's end only there: the results want the rest; a low window
        shares the line under the trick with the labels). Returns the area, piles and rows left."""
        px = self.px["label"]
        lab = int(px * 1.4)
        cap = int(px * 1.5)
        n = int(self.view.get("n") or 1)
        col = self.seat_row.w // max(1, n)
        beside = False
        shares = (area.h, area.h * 11 // 20) if piles and not rows else \
            (area.h if not (piles or rows) else area.h * 11 // 20,)
        if self.at_end():                           # the round's last trick over the results: room for both
            room = self.results_bottom() - area.top - self.results_need(self.won_line()) - dp(6)
            shares = (max(0, min(area.h, room)),) if not self.showing_last else (area.h,)   # (or in their place)
            rows = []                               # the piles (the trump) only beside it
        for share in shares:
            ch = int(max(dp(20), min(dp(130), (col - dp(8)) / 0.7, share - cap - dp(14))))
            cw = int(ch * 0.7)
            # the piles in the gutter left of the first seat's card, where they fit there
            free = (col // 2 - cw // 2 - dp(12)) // max(1, len(piles)) - dp(8)     # each pile's width there
            pw = min(int((ch - lab) * 0.7), free)
            beside = bool(piles) and not rows and share == shares[0] and pw >= dp(40)
            if beside or share != area.h or not piles:
                break
        top = area.top + dp(10)                     # room for the pointer to the seat
        for s in range(n):
            sr = self.seat_rect(s)
            self.trick_rects[s] = pygame.Rect(sr.centerx - cw // 2, top, cw, ch)
        tid = (self.table["trick"] or {}).get("id", "trick")
        self.pile_rects[tid] = pygame.Rect(area.left, area.top, area.w, ch + dp(10))
        self.caption_rect = pygame.Rect(area.left, top + ch + dp(2), area.w - self.hint_room_at(top + ch), cap)
        if beside:
            pc = int(pw / 0.7)
            for i, p in enumerate(piles):
                self.pile_rects[p["id"]] = pygame.Rect(area.left + dp(4) + i * (pw + dp(8)), top + lab, pw, pc)
            gutter = len(piles) * (pw + dp(8)) + dp(4)
            self.pile_rects[tid] = pygame.Rect(area.left + gutter, area.top, area.w - gutter, ch + dp(10))
            piles = []
        if shared and self.table.get("labels"):
            self.labels_rect = pygame.Rect(self.caption_rect)
        if self.at_end():
            piles = []
        used = ch + dp(12) + cap
        area.top += used
        area.h -= used
        return area, piles, rows

    def piles_beside_hand(self, piles) -> list:
        """A low window (a phone sideways) with a trick: the piles left of the hand at the hand's
        card size, their labels beside them, where the hand leaves the room; the piles left over."""
        hand = self.hand_row
        ch = hand.h - dp(18)
        cw = int(ch * 0.7)
        left = min((r.left for r in self.card_rects.values()), default=hand.centerx) - dp(12)
        widths = [cw + dp(8) + fonts.width(self.words(p.get("label", "")), self.px["label"]) + dp(12) for p in piles]
        if hand.left + sum(widths) > left:
            return piles
        x = hand.left
        for p, w in zip(piles, widths):
            self.pile_rects[p["id"]] = pygame.Rect(x, hand.top + dp(18), cw, ch)
            self.side_labels.add(p["id"])
            x += w
        return []

    def row_label_side(self, rows) -> int | None:
        """How wide the column left of the rows is for their labels when every label is short
        (a suit's sign, a name of a few letters): 0 without labels; None where one is too long
        for it (the labels then stand above their rows)."""
        px = self.px["label"]
        widths = [fonts.width(self.words(r["label"]), px) for r in rows if r.get("label")]
        if not widths:
            return 0
        side = max(widths) + dp(10)
        return side if side <= max(dp(48), self.middle.w // 8) else None

    @staticmethod
    def row_step(r: pygame.Rect, n: int) -> int:
        """How far apart a row's ``n`` cards stand in its rect ``r`` (their height: ``r.h``)."""
        cw = int(r.h * 0.7)
        return min(cw + dp(4), (r.w - cw) // max(1, n - 1)) if n > 1 else cw

    def row_first_x(self, r: pygame.Rect, n: int) -> int:
        """The left edge of a row's first card (the cards are centred in ``r``)."""
        cw = int(r.h * 0.7)
        return r.centerx - (self.row_step(r, n) * (max(1, n) - 1) + cw) // 2

    def hint_room(self) -> int:
        """How wide the Tipp stands at the middle's top right when it is on the felt (a narrow
        top bar), else 0: the piles' line keeps clear of it."""
        b = self.hint_btn
        if self.hint_in_bar or not b.visible:
            return 0
        return fonts.width(b.text, self.px["body"], True) + dp(40)

    def hint_room_at(self, y: int) -> int:
        """``hint_room`` where a line at ``y`` is level with the notices' row (the Tipp on the
        felt stands there), else 0."""
        notice = self.toast.rect
        return self.hint_room() if notice.h and notice.top <= y < notice.bottom else 0

    # ---------------------------------------------------------------- input
    def handle(self, inp: Input) -> None:
        if self.handle_header(inp) or self.handle_round_controls(inp):
            return
        if self.standings_open and inp.kind == RELEASE and not self.standings_btn.rect.collidepoint(inp.pos):
            self.standings_open = False             # a tap anywhere closes the standings ...
            self.mark_dirty()
            if self.results_rect().collidepoint(inp.pos):
                return                              # ... and one on a button beside them presses it too
        if self.dispatch(inp, [b for b, _m in self.move_btns] + [self.last_trick_btn, self.standings_btn]):
            return
        self.handle_cards(inp)

    def card_tapped(self, cid: int) -> None:
        """A tap on a card makes the move of that card, or selects it for a target pile (a
        pick: up to as many cards as it asks, the first chosen giving way to a further one)."""
        if not self.connected:
            return
        pm = self.pick_move()
        if pm is not None and cid in table_view.pick_among(pm, self.view.get("hand") or []):
            if cid in self.selected:
                self.selected.remove(cid)
            else:
                if len(self.selected) >= table_view.pick_count(pm):
                    self.selected.pop(0)
                self.selected.append(cid)
            self.refresh_controls()
            self.mark_dirty()
            return
        if cid in self.selected:
            self.selected.remove(cid)
            return
        if not self.targets_for([cid]):
            move = self.card_move(cid)
            if move is not None:
                self.submit(move)
            return
        self.selected.append(cid)
        if not self.targets_for(self.selected):
            self.selected = [cid]

    def pile_at(self, pos):
        for pid, r in self.pile_rects.items():
            if r.inflate(dp(12), dp(12)).collidepoint(pos):
                return pid
        return None

    def felt_tapped(self, pos) -> None:
        pid = self.pile_at(pos)
        if pid is None or not self.selected or not self.connected:
            return
        move = self.pile_move(pid, self.selected)
        if move is not None:
            self.selected = []
            self.submit(move)

    def card_dropped(self, cid: int, pos) -> None:
        pid = self.pile_at(pos)
        if pid is None or not self.connected:
            return
        cards = self.selected if cid in self.selected else [cid]
        move = self.pile_move(pid, cards) or (self.card_move(cid) if not self.targets_for([cid]) else None)
        if move is not None:
            self.selected = []
            self.submit(move)

    def drop_zone(self):
        return pygame.Rect(self.middle) if self.middle.h > 0 else None

    def hand_area(self) -> pygame.Rect | None:
        return pygame.Rect(self.hand_row)

    def hand_rects(self) -> dict:
        return {c: (self.raised(r) if c in self.selected else r) for c, r in self.card_rects.items()}

    def game(self):
        """The view's game from the registry, or None (a game this build does not know)."""
        try:
            return contract.get(contract.id_of(self.view)) if self.view else None
        except contract.UnknownGame:
            return None

    def log_deck_size(self) -> int:
        """The card ids the log names (``log_card``): the game's ``deck_size`` of the view's
        rules, else a French deck's 52 (the log said "Anna legt ?" for every card)."""
        game, n = self.game(), None
        try:
            n = game.deck_size(game.rules_from_dict(self.view.get("rules") or {})) if game is not None else None
        except Exception:  # noqa: BLE001 (rules this game cannot read: the default deck)
            n = None
        return n if isinstance(n, int) and n > 0 else 52

    def log_card(self, cid):
        """Card ``cid`` as the view's game draws it (``Game.card_face``), else as card
        ``cid % 52`` of a French deck; a face the game gets wrong falls back to that too."""
        if not isinstance(cid, int) or isinstance(cid, bool) or cid < 0:
            return None
        game = self.game()
        rules = self.view.get("rules") if isinstance(self.view.get("rules"), dict) else {}
        card = self._faces.get(cid)             # emptied with every new view (its rules may differ)
        if card is None:
            card = self._faces[cid] = table_view.face_card(game, cid, rules)
        return card

    def seat_lines(self, seat: int) -> SeatLines:
        """The cards in hand and the seat's line (``table["seats"]``, else ``Game.seat_summary``
        of that seat: the view with its ``seat`` set to the card's) as the card's note, on a
        line of its own where the boxes are narrow (a phone with many seats)."""
        lines = super().seat_lines(seat)
        notes = self.seat_notes()
        lines.note = notes[seat] if 0 <= seat < len(notes) else ""
        lines.note_lines = 1 if self.note_line and lines.note else 0
        trick = self.trick_shown()
        if trick is not None and trick[1] == seat:
            lines.tags = [Tag(i18n.t("pt.trick_tag"), theme.GOLD_DARK)] + list(lines.tags)
        return lines

    # ---------------------------------------------------------------- the trick
    def trick_shown(self) -> tuple[list, int | None, bool] | None:
        """The trick the middle shows: ``(plays, winner, last)``: the trick in play; the one
        taken before while no card of the next lies (or on a tap on "Letzter Stich"); None
        without a trick."""
        trick = self.table.get("trick")
        if trick is None:
            return None
        last = trick.get("last") or None
        if self.at_end():                           # the round's last trick, over the results
            return (list(last.get("cards") or []), last.get("winner"), True) if last else None
        if last and (self.showing_last or not trick.get("cards")):
            return list(last.get("cards") or []), last.get("winner"), True
        return list(trick.get("cards") or []), trick.get("winner"), False

    def trick_caption(self) -> str:
        shown = self.trick_shown()
        if shown is None or shown[1] is None:
            return ""
        plays, winner, last = shown
        if last and self.showing_last:
            return i18n.t("pt.last_trick_won", name=self.seat_name(winner))
        return i18n.t("pt.trick_won_me" if winner == self.seat else "pt.trick_won", name=self.seat_name(winner))

    def lead_mark_rect(self) -> pygame.Rect | None:
        """Where the mark of the trick's leader lies: a small disc "1" in the free top right corner
        of the card played first to the trick shown (the view's ``cards`` are in play order)."""
        shown = self.trick_shown()
        r = self.trick_rects.get(shown[0][0][0]) if shown is not None and shown[0] else None
        if r is None:
            return None
        d = max(dp(16), min(dp(24), r.w // 3))
        return pygame.Rect(r.right - d - dp(3), r.top + dp(3), d, d)

    def draw_trick(self, surface: pygame.Surface) -> None:
        shown = self.trick_shown()
        if shown is None:
            return
        plays, winner, _last = shown
        for seat, cid in plays:
            r = self.trick_rects.get(seat)
            if r is None:
                continue
            # a small pointer from the card up to its seat
            tip = (r.centerx, r.top - dp(9))
            pygame.draw.polygon(surface, theme.GOLD if seat == winner else theme.TEXT_DIM,
                                [tip, (r.centerx - dp(6), r.top - dp(2)), (r.centerx + dp(6), r.top - dp(2))])
            surface.blit(cardart.card_surface(self.log_card(cid), r.size), r.topleft)
            if seat == winner:
                surface.blit(cardart.highlight_surface(r.size, theme.GOLD), r.topleft)
        mark = self.lead_mark_rect()
        if mark is not None:                        # who led: "1" on the first card played
            pygame.draw.circle(surface, theme.INFO, mark.center, mark.w // 2)
            pygame.draw.circle(surface, theme.TEXT, mark.center, mark.w // 2, max(1, dp(1)))
            draw_text(surface, "1", mark, max(10, mark.h * 2 // 3), theme.TEXT, bold=True, min_px=10)
        if not plays:                               # no card yet: the trick's place, faint
            tid = (self.table.get("trick") or {}).get("id", "trick")
            r = self.pile_rects.get(tid)
            label = self.words((self.table.get("trick") or {}).get("label", ""))
            if r is not None and label:
                draw_text(surface, label, r, self.px["label"], theme.TEXT_DIM)
        caption = self.trick_caption()
        if caption and self.caption_rect.w > 0:
            draw_text(surface, caption, self.caption_rect, self.px["label"], theme.GOLD, bold=True, min_px=10)

    # ---------------------------------------------------------------- the results
    def standings(self) -> dict | None:
        st = self.table.get("standings")
        return st if isinstance(st, dict) else None

    def won_line(self) -> str:
        """Who won the round (at a round's end) or the match: "Ben gewinnt die Runde", "Du
        gewinnst die Partie!", "Anna und Ben gewinnen die Runde"."""
        if self.ended_without_winner():
            return i18n.t("res.ended_early_short")
        st = self.standings() or {}
        won = [w for w in st.get("won") or [] if isinstance(w, int)]
        match = self.view.get("phase") == "match_over"
        if not won and match and isinstance(self.view.get("winner"), int):
            won = [self.view["winner"]]
        if not won:
            return ""
        what = "match" if match else "round"
        if len(won) > 1:
            names = [self.seat_name(s) for s in won]
            return i18n.t(f"pt.won_{what}_many", names=i18n.t("pt.and", a=", ".join(names[:-1]), b=names[-1]))
        return i18n.t(f"pt.won_{what}_me" if won[0] == self.seat else f"pt.won_{what}", name=self.seat_name(won[0]))

    def results_need(self, headline: str) -> int:
        """How high the results panel is for what it says (the headline, the standings' lines)."""
        st = self.standings() or {}
        small = self.px["small"]
        lines = len([r for r in st.get("rounds") or [] if isinstance(r, list)]) + 2 if st else 0
        return 2 * dp(10) + (int(self.px["title"] * 1.5) + dp(4) if headline else 0) \
            + (int(small * 1.5) if st.get("label") else 0) + lines * int(self.px["label"] * 1.6) \
            + (int(small * 1.6) if self.at_end() and self.hint_tally() else 0) + dp(6)

    def results_rect(self, headline: str = "") -> pygame.Rect:
        """Where the results (and the standings on a tap) show, as high as they need: at a
        round's end under the round's last trick where it leaves room (else from under the seats),
        down to the hand at most; during a round over the middle."""
        need = self.results_need(headline)
        if not self.at_end():
            return pygame.Rect(self.middle.left, self.middle.top, self.middle.w, min(self.middle.h, need))
        under = self.results_under_trick(headline)
        top = self.caption_rect.bottom + dp(6) if under else self.seat_row.bottom + dp(10)
        return pygame.Rect(self.middle.left, top, self.middle.w, max(0, min(need, self.results_bottom() - top)))

    def results_bottom(self) -> int:
        """How far down the results may reach: over the hand (an empty hand's place too)."""
        if self.view.get("hand"):
            return self.hand_row.bottom
        return (self.action_row.top if self.action_row.h else self.laid_out[1]) - dp(8)

    def results_under_trick(self, headline: str = "") -> bool:
        """At a round's end the results go under the round's last trick where they leave it room."""
        return self.at_end() and self.trick_shown() is not None and self.caption_rect.h > 0 \
            and self.results_bottom() - (self.caption_rect.bottom + dp(6)) >= self.results_need(headline)

    def draw_standings(self, surface: pygame.Surface, headline: str = "") -> None:
        """The standings of the view as a table: a column per seat (its name at the head), a
        line per round (the last ones that fit), the totals; the winners' column lit."""
        st = self.standings() or {}
        area = self.results_rect(headline)
        if area.h < dp(40):
            return
        pad = dp(10)
        px, small = self.px["label"], self.px["small"]
        hh = int(self.px["title"] * 1.5) if headline else 0
        corner = self.last_trick_btn.rect if self.at_end() and self.last_trick_btn.visible else None
        label = self.words(st.get("label", "")) if st.get("label") else ""
        tally = self.hint_tally() if self.at_end() else ""
        tally_h = int(small * 1.6) if tally else 0
        theme.panel(surface, area, (8, 34, 22), alpha=255, radius=12, border=theme.PANEL_BORDER)
        inner = area.inflate(-2 * pad, -2 * pad)
        y = inner.top
        if headline:
            head = pygame.Rect(inner.left, y, inner.w, hh)
            if corner is not None and corner.colliderect(head):     # clear of "Letzter Stich", still centred
                side = corner.right - inner.left + dp(6)
                head = pygame.Rect(inner.left + side, y, max(dp(40), inner.w - 2 * side), hh)
            draw_text(surface, headline, head, self.px["title"], theme.GOLD, bold=True, min_px=11, wrap=True,
                      max_lines=2)
            y += hh + dp(4)
        if label:
            draw_text(surface, label, pygame.Rect(inner.left, y, inner.w, int(small * 1.5)), small, theme.TEXT_DIM)
            y += int(small * 1.5)
        n = int(self.view.get("n") or 0)
        rounds = [r for r in st.get("rounds") or [] if isinstance(r, list)]
        total = st.get("total") or []
        if n and (rounds or total):
            first = max(fonts.width(i18n.t("pt.round_short", n=len(rounds) or 1), small) + dp(10), dp(36))
            colw = (inner.w - first) // n
            row_h = int(px * 1.6)
            won = set(st.get("won") or [])
            room = inner.bottom - tally_h - y - row_h * 2      # the names' line and the totals
            shown = rounds[-max(0, room // row_h):] if room >= row_h else []
            skip = len(rounds) - len(shown)
            for s in range(n):                   # the names
                cell = pygame.Rect(inner.left + first + s * colw, y, colw, row_h)
                if s in won:
                    theme.panel(surface, pygame.Rect(cell.left + dp(2), y, colw - dp(4),
                                                     row_h * (len(shown) + 2)), theme.GOLD, alpha=40, radius=8)
                draw_text(surface, self.seat_label(s), cell.inflate(-dp(4), 0), small,
                          theme.GOLD if s in won else theme.TEXT, bold=True, min_px=9)
            y += row_h
            for k, row in enumerate(shown):
                draw_text(surface, i18n.t("pt.round_short", n=skip + k + 1),
                          pygame.Rect(inner.left, y, first - dp(6), row_h), small, theme.TEXT_DIM, align="left")
                for s in range(n):
                    value = row[s] if s < len(row) and row[s] is not None else ""
                    draw_text(surface, str(value), pygame.Rect(inner.left + first + s * colw, y, colw, row_h),
                              small, theme.TEXT)
                y += row_h
            pygame.draw.line(surface, theme.PANEL_BORDER, (inner.left, y), (inner.right, y), max(1, dp(1)))
            draw_text(surface, "Σ", pygame.Rect(inner.left, y, first - dp(6), row_h), px, theme.TEXT_DIM,
                      align="left", bold=True)
            for s in range(n):
                value = total[s] if s < len(total) and total[s] is not None else ""
                draw_text(surface, str(value), pygame.Rect(inner.left + first + s * colw, y, colw, row_h), px,
                          theme.GOLD if s in won else theme.TEXT, bold=True)
            y += row_h
        if tally:
            draw_text(surface, tally, pygame.Rect(inner.left, inner.bottom - tally_h, inner.w, tally_h), small,
                      theme.TEXT_DIM, min_px=9)

    def draw_modal(self, surface: pygame.Surface) -> None:
        """The results at a round's end (who won, the standings); the standings on a tap."""
        if self.results_shown():
            self.draw_standings(surface, self.won_line())
            if self.last_tucked and self.last_trick_btn.visible:
                self.last_trick_btn.draw(surface)
        elif self.standings_open and self.standings() is not None:
            self.draw_standings(surface, i18n.t("pt.standings_title"))

    # ---------------------------------------------------------------- drawing
    def draw_count_badge(self, surface: pygame.Surface, r: pygame.Rect, count: int) -> None:
        """The number of a face-down pile on a dark pill over the lower half of its back, so it
        reads over the back's pattern."""
        px = self.px["label"]
        img = fonts.render(str(count), px, theme.TEXT, bold=True)
        pill = pygame.Rect(0, 0, max(img.get_width() + dp(12), img.get_height() + dp(4)), img.get_height() + dp(4))
        pill.center = (r.centerx, r.top + r.h * 2 // 3)
        theme.panel(surface, pill, (20, 26, 22), alpha=225, radius=pill.h // 2, border=theme.GOLD, border_width=1)
        surface.blit(img, img.get_rect(center=pill.center))

    def draw_middle(self, surface: pygame.Surface) -> None:
        px = self.px["label"]
        labels = [self.words(x) for x in self.table.get("labels") or []] if not self.at_end() else []
        if labels and self.labels_rect.w > 0 and not (self.labels_rect == self.caption_rect and self.trick_caption()):
            draw_text(surface, "   ".join(x for x in labels if x), self.labels_rect, px, theme.TEXT, min_px=10)
        self.draw_trick(surface)
        lit = self.targets_for(self.selected)
        lab = int(px * 1.4)
        rows = self.table.get("rows") or []
        for item in (self.table.get("piles") or []) + rows:
            r = self.pile_rects.get(item["id"])
            if r is None:
                continue
            is_row = item in rows
            label = self.words(item.get("label", ""))
            if label and is_row and self.row_side:      # just left of the row's first card
                first = self.row_first_x(r, len(item.get("cards") or []))
                draw_text(surface, label, pygame.Rect(first - self.row_side, r.top, self.row_side, r.h),
                          px, theme.TEXT_DIM)
            elif label and item["id"] in self.side_labels:     # beside the hand: right of the card
                draw_text(surface, label, pygame.Rect(r.right + dp(8), r.top, fonts.width(label, px) + dp(4), r.h),
                          px, theme.TEXT_DIM, align="left")
            elif label:
                draw_text(surface, label, pygame.Rect(r.left - dp(20), r.top - lab, r.w + dp(40), lab),
                          px, theme.TEXT_DIM)
            cw = int(r.h * 0.7)
            if "count" in item:
                if item["count"]:
                    surface.blit(cardart.back_surface((cw, r.h)), r.topleft)
                    self.draw_count_badge(surface, pygame.Rect(r.left, r.top, cw, r.h), item["count"])
                else:
                    theme.panel(surface, pygame.Rect(r.left, r.top, cw, r.h), theme.PANEL, alpha=120, radius=6)
            elif is_row and not item["cards"]:         # an empty row: its first card's place
                theme.panel(surface, pygame.Rect(r.centerx - cw // 2, r.top, cw, r.h), theme.PANEL, alpha=120,
                            radius=6, border=theme.CARD_EDGE)
            elif is_row:
                cards = item["cards"]
                step = self.row_step(r, len(cards))
                x = self.row_first_x(r, len(cards))
                for i, c in enumerate(cards):
                    surface.blit(cardart.card_surface(self.log_card(c), (cw, r.h)), (x + i * step, r.top))
            elif item["cards"]:
                if len(item["cards"]) > 1:
                    surface.blit(cardart.card_surface(self.log_card(item["cards"][-2]), (cw, r.h), dim=True),
                                 (r.left - dp(6), r.top - dp(4)))
                surface.blit(cardart.card_surface(self.log_card(item["cards"][-1]), (cw, r.h)), r.topleft)
            else:
                theme.panel(surface, r, theme.PANEL, alpha=120, radius=6, border=theme.CARD_EDGE)
            if item["id"] in lit:
                surface.blit(cardart.highlight_surface((cw if not is_row else r.w, r.h)), r.topleft)
        tid = (self.table.get("trick") or {}).get("id", "trick")
        if tid in lit and tid in self.pile_rects:
            theme.panel(surface, self.pile_rects[tid], theme.PANEL, alpha=0, radius=10, border=theme.CARD_SELECT)
        if not (self.standings_open or self.at_end()):
            self.last_trick_btn.draw(surface)
            self.standings_btn.draw(surface)
        elif self.at_end() and self.showing_last:      # the round's last trick in the results' place
            self.last_trick_btn.draw(surface)

    def playable_cards(self) -> set:
        """The hand cards a move may take now (a card's move, or a pick's choice)."""
        hand = self.view.get("hand") or []
        out = {c for m in self.hand_moves() for c in table_view.move_cards(m)}
        pm = self.pick_move()
        return out | set(table_view.pick_among(pm, hand)) if pm is not None else out

    def say_rect(self) -> pygame.Rect:
        """The instruction line's place: its row, between the tools where they stand at its ends
        (a low window), as far from both ends as the wider one reaches in (it stays centred)."""
        r = pygame.Rect(self.say_row)
        side = 0
        for b in (self.last_trick_btn, self.standings_btn):
            if b.visible and b.rect.colliderect(r):
                side = max(side, b.rect.right - r.left if b.rect.centerx < r.centerx else r.right - b.rect.left)
        if side:
            side += dp(8)
            r = pygame.Rect(r.left + side, r.top, max(dp(40), r.w - 2 * side), r.h)
        return r

    def results_shown(self) -> bool:
        """The results take the middle: a round's or the match's end with standings or a winner
        (not while its last trick is looked at, where they left it no room)."""
        return self.at_end() and not self.showing_last and (self.standings() is not None or bool(self.won_line()))

    def draw_table(self, surface: pygame.Surface) -> None:
        if not self.results_shown():
            self.draw_middle(surface)
        elif self.results_under_trick(self.won_line()):
            self.draw_middle(surface)              # the round's last trick and who took it (the trump beside)
        said = self.say_line()
        if said and self.say_row.h > 0 and not self.at_end():
            draw_text(surface, said, self.say_rect(), self.px["body"], theme.ACCENT if self.my_turn else theme.TEXT,
                      bold=True, min_px=10, wrap=True, max_lines=2)
        playable = self.playable_cards()
        dragged = self.dragged_card()
        for cid, r in self.hand_rects().items():
            if cid == dragged:
                continue
            surface.blit(cardart.card_surface(self.log_card(cid), r.size,
                                              dim=bool(playable) and cid not in playable), r.topleft)
            if cid in self.selected:
                surface.blit(cardart.highlight_surface(r.size), r.topleft)
        if not self.round_controls_shown():
            for b, _m in self.move_btns:
                b.draw(surface)

    def seat_rect(self, seat):
        n = int(self.view.get("n") or 0)
        if not n or not isinstance(seat, int):
            return None
        sw = self.seat_row.w // n
        return pygame.Rect(self.seat_row.left + seat * sw + dp(3), self.seat_row.top, sw - dp(6), self.seat_row.h)

    def log_rect(self):
        w, h = self.laid_out
        dock = self.log_dock(w, h) if w else 0
        bar = self.top.bar.bottom if self.top is not None else 0
        return pygame.Rect(w - dock, bar, dock, h - bar) if dock else None

    # ---------------------------------------------------------------- screen readers
    def a11y_card_off(self, cid) -> bool:
        playable = self.playable_cards()
        return bool(playable) and cid not in playable

    def a11y_text(self) -> list[str]:
        """The table in sentences: the instruction line, the labels, the trick by seat and who
        took it, the piles' top cards, each seat's line, the results; the cards in hand."""
        from felt.ui.playlog import lines_of
        lines = lines_of(self.view.get("game") if isinstance(self.view.get("game"), str) else None)
        ctx = self.log_context()

        def name(cid) -> str:
            return lines.card_name(cid, ctx)
        out = [self.say_line()] if not self.at_end() else []
        out += [self.words(x) for x in self.table.get("labels") or []]
        shown = self.trick_shown()
        if shown is not None and shown[0]:
            plays = ", ".join(f"{self.seat_name(s)} {name(c)}" for s, c in shown[0])
            out.append(i18n.t("pt.a11y_last_trick" if shown[2] else "pt.a11y_trick", cards=plays))
            if not shown[2]:                        # who led it (its mark on the table)
                out.append(self.words({"text": "pt.a11y_led", "args": {"name": {"seat": shown[0][0][0]}}}))
            out.append(self.trick_caption())
        for item in self.table.get("piles") or []:
            label = self.words(item.get("label", "")) or item["id"]
            if item.get("cards"):
                out.append(f"{label}: {name(item['cards'][-1])}")
            elif "count" in item:
                out.append(i18n.t("pt.a11y_pile_count", label=label, n=int(item["count"])))
        for item in self.table.get("rows") or []:
            if item.get("cards"):
                label = self.words(item.get("label", "")) or item["id"]
                out.append(f"{label}: " + ", ".join(name(c) for c in item["cards"]))
        notes = self.seat_notes()
        out += [f"{self.seat_name(s)}: {note}" for s, note in enumerate(notes) if note]
        if self.at_end():
            out.append(self.won_line())
            st = self.standings() or {}
            total = st.get("total") or []
            out += [i18n.t("pt.a11y_total", name=self.seat_name(s), points=v) for s, v in enumerate(total)
                    if v is not None]
        return [x for x in out if x] + super().a11y_text()

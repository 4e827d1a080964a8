"""The "Tipp" of every table: what the normal bot would do in this seat's place, and why.

Every game's table scene (``felt.ui.game_table.GameTableScene``) has it, in one place: a
"Tipp" button (key H) in the top bar, left of the icon buttons, where the status line keeps
room enough; on a phone held upright, whose top bar the status line needs ("Du bist dran! ·
Carla hat geklopft · noch dran: Du, Ben"), at the right end of the place where the table
shows its notices, over the hint line and the buttons (``hint_panel_rect``, which the tables
keep free of seats and cards). It shows while the table's owner allows hints (``set_hints``)
and this window has a seat in a round, and is usable on its turn.
A tap asks the game (``Game.hint(view, lang)``, from this seat's view alone) and makes the
hinted move ready the way a person picks it at this table, one tap short of making it:

- the scene's own selection is emptied (``clear_selection``), then the taps the scene names
  for the move (``gesture``) are made up to the one that would make it: hand cards are
  tapped (``card_tapped``: raised, as if the player had picked them), a toggle on the way is
  pressed (``hint_toggles``, e.g. a call's toggle), a scene's own kind of step is its
  ``hint_tap``;
- the step left (a button such as "Legen", "Passen", "Klopfen", "Ziehen", or a card of the
  middle to take) is lit with a ring, so one more tap (or Play) makes the move, or the player
  picks something else;
- the sentence why shows for a few seconds ("Tipp: Die kleinsten Karten zuerst …", in the
  window's language) in a panel where the table shows its notices (``hint_panel_rect``: the
  toast's place, which the tables keep free of seats and cards); a toast of the table's own
  (a word on the player's next tap) takes the place while it shows. A window too low for a
  panel over its table (a phone turned sideways) says it in the top bar's status line.

The shell tells the host that a hint was taken (``on_hint``) and passes the counts per seat
on (``set_hints``); the results say them (``hint_tally``).
"""
from __future__ import annotations

import logging
import time
from typing import Any, Callable

import pygame

from felt.ui import fonts, i18n, theme
from felt.ui.layout import MIN_TOUCH, dp
from felt.ui.widgets import Button, IconButton, draw_text, layout_text

log = logging.getLogger("felt.ui.hint")

HINT_SECONDS = 8.0           # how long the sentence and the lit step show
SHORT_H = 560                # a wide window lower than this (dp) says the hint in its status line
HINT_BAR_ROOM = 300          # the status line keeps this much of the top bar (dp), else the Tipp goes on the felt
END_PHASES = ("round_over", "match_over")


class HintTable:
    """Mixin of ``GameTableScene``: the Tipp button, the hint it shows, the hints taken."""

    # widgets a hint may press on its way to the move (toggles that send nothing)
    hint_toggles: tuple = ()

    def init_hint(self) -> None:
        self.hints_on = True                 # the table's owner allows hints (the lobby's option)
        self.hint_counts: list[int] = []     # hints each seat took in the match (the host's count)
        self.on_hint: Callable[[], Any] | None = None    # the shell tells the host
        self._emphasis: dict = {}            # id(button) -> (button, its own kind) while a hint changes it
        self.hint: dict | None = None        # shown now: {move, why, next (the step left), left (s)}
        self.hint_btn = IconButton(i18n.t("gt.hint"), self.take_hint, hotkeys=(pygame.K_h,))
        self.hint_btn.visible = False
        self.hint_in_bar = True              # in the top bar (else on the felt: place_hint_button)

    # ------------------------------------------------------------------ state
    @property
    def hint(self) -> dict | None:
        return self.__dict__.get("_hint")

    @hint.setter
    def hint(self, value: dict | None) -> None:
        self.__dict__["_hint"] = value
        self.emphasise_hint()

    def emphasise_hint(self) -> None:
        """The hinted step is the most prominent control while the hint shows: its button is
        drawn as the primary one (yellow), and any other usable primary button of the table
        (say a "keep" button when the hint says "take", or a "knock" when it lights a card of
        the middle) as a secondary one; each gets its own look back when the hint
        ends or the player picks otherwise."""
        have = self.__dict__.get("_emphasis") or {}
        own = lambda b: have[id(b)][1] if id(b) in have else b.kind      # noqa: E731  (its look without the hint)
        target = self.hint_button()
        want: dict = {}
        if self.hint is not None and self.hint_target() is not None:     # a button or a card is lit
            if target is not None and own(target) != "primary":
                want[id(target)] = (target, "primary")
            toggles = [getattr(self, t, None) for t in self.hint_toggles]
            for b in vars(self).values():
                if isinstance(b, Button) and not isinstance(b, IconButton) and b is not target and b.visible \
                        and b.enabled and own(b) == "primary" and not any(b is t for t in toggles):
                    want[id(b)] = (b, "secondary")
        if want.keys() == have.keys() and all(have[k][0].kind == want[k][1] for k in want):
            return
        for btn, kind in have.values():        # back to their own looks
            btn.kind = kind
        self._emphasis = {k: (btn, btn.kind) for k, (btn, _kind) in want.items()}
        for btn, kind in want.values():
            btn.kind = kind
        if hasattr(self, "mark_dirty"):
            self.mark_dirty()

    def hint_button(self) -> Button | None:
        """The button that is the step left of the hint shown (None: a card, or no hint)."""
        h = self.hint
        if h is None or not h.get("next") or h["next"][0] != "widget" or self.hint_target() is None:
            return None
        widget = self.step_widget(h["next"][1])
        return widget if isinstance(widget, Button) else None

    def step_widget(self, value):
        """The widget a gesture's step names: an attribute's name, ``name[i]`` for a row of
        them; None where there is none."""
        name, _, index = str(value).partition("[")
        widget = getattr(self, name, None)
        if index:
            try:
                widget = widget[int(index.rstrip("]"))]
            except (TypeError, IndexError, ValueError):
                return None
        return widget

    def set_hints(self, on: bool, counts=None) -> None:
        """The table's hint option and the hints each seat took (the shell, from the lobby)."""
        on = bool(on)
        self.hint_counts = [c if isinstance(c, int) and not isinstance(c, bool) and c >= 0 else 0
                            for c in (counts if isinstance(counts, (list, tuple)) else [])]
        if on != self.hints_on:
            self.hints_on = on
            if not on:
                self.hint = None
            self._hint_relayout()
        self.mark_dirty()

    def hint_offered(self) -> bool:
        """The Tipp button is offered: hints on, a seat of this window, a round on."""
        v = self.view
        return bool(self.hints_on and v and v.get("seat") is not None and v.get("phase") not in END_PHASES)

    def hint_ready(self) -> bool:
        """A hint can be shown now: this seat's turn, nothing sent and waiting, no summary of the
        table's open over it."""
        return bool(self.hint_offered() and self.my_turn and not self.pending and self.connected
                    and self.view.get("legal") and not self.waits_for_reader())

    def _hint_relayout(self) -> None:
        """The button came or went: the top bar gives its room to the status line or takes it."""
        if self.top is not None and self.laid_out != (0, 0) and self.hint_btn.visible != self.hint_offered():
            self.place_header(*self.laid_out)

    def hint_view_changed(self) -> None:
        """A new view (``set_view``): a hint shown is over once the turn moved on."""
        before, now = self.view_before or {}, self.view
        if self.hint is not None and (not self.my_turn or before.get("legal") != now.get("legal")
                                      or before.get("phase") != now.get("phase")):
            self.hint = None
        self._hint_relayout()
        self.refresh_hint_button()

    def refresh_hint_button(self) -> None:
        self.hint_btn.text = i18n.t("gt.hint")
        self.hint_btn.enabled = self.hint_ready()
        self.place_hint_button()

    # ------------------------------------------------------------------ taking a hint
    def take_hint(self) -> bool:
        """The Tipp button (or H): show what the normal bot would do here and why, and make that
        move ready one tap short of it. True when a hint was shown."""
        if not self.hint_ready():
            return False
        try:
            hint = self.hint_game().hint(self.view, i18n.get_lang())
        except Exception:                # a game's hint that fails must not take the table down
            log.exception("the hint failed")
            hint = None
        if not hint or not isinstance(hint.get("move"), dict):
            self.toast.show(i18n.t("gt.hint_none"), 2.0, "warn")
            self.mark_dirty()
            return False
        move = hint["move"]
        self.clear_selection()
        steps = list(self.gesture(move) or [])
        done = 0
        for step in steps[:-1]:
            if not self.hint_tap(step):
                break
            done += 1
        left = steps[done:]
        self.hint = {"move": move, "why": str(hint.get("why") or ""), "next": list(left[0]) if left else None,
                     "left": HINT_SECONDS, "until": time.monotonic() + HINT_SECONDS,
                     "picked": sorted(self.selected_cards())}
        self.toast.clear()               # the words of a pick the hint made ("now a middle card")
        if self.on_hint:
            self.on_hint()
        self.refresh_controls()
        self.mark_dirty()
        return True

    def hint_game(self):
        """The game of the view shown (its ``game``, else its rule set's, as the contract has it)."""
        from felt import contract
        v = self.view
        return contract.get(contract.id_of(v if isinstance(v.get("game"), str) else (v.get("rules") or {})))

    def clear_selection(self) -> None:
        """Lower every card this table has raised (a hint starts from nothing picked)."""

    def hint_tap(self, step) -> bool:
        """Make one step of the hinted move's gesture that only picks (a hand card, a toggle);
        False for a step that would make the move (the hint stops before it)."""
        what, value = step[0], step[1]
        if what == "card":
            self.card_tapped(value)
            return True
        if what == "widget" and str(value) in self.hint_toggles:
            widget = getattr(self, str(value), None)
            return bool(isinstance(widget, Button) and widget.click())
        return False

    # ------------------------------------------------------------------ showing it
    def hint_line(self) -> str:
        """The sentence in the hint line while a hint shows ("" otherwise)."""
        h = self.hint
        return i18n.t("gt.hint_line", why=h["why"]) if h is not None and h["why"] else ""

    def hint_target(self) -> pygame.Rect | None:
        """Where the step left to make the hinted move is: the button, or the card, to tap."""
        h = self.hint
        if h is None or not h.get("next") or sorted(self.selected_cards()) != h["picked"]:
            return None                  # the player picked otherwise: the lit step would mean another move
        what, value = h["next"][0], h["next"][1]
        if what == "card":
            return self.hand_rects().get(value)
        if what == "table":
            return self.table_rects().get(value)
        if what == "widget":
            widget = self.step_widget(value)
            if widget is None or not getattr(widget, "visible", True):
                return None
            rect = getattr(widget, "rect", None)
            return pygame.Rect(rect) if rect is not None and rect.w > 0 else None
        return None

    def hint_in_status(self) -> bool:
        """A window too low for a panel over the table (a phone turned sideways): the hint's
        sentence stands in the top bar's status line instead, while it shows."""
        w, h = self.laid_out
        return bool(self.hint is not None and w > h and h < dp(SHORT_H))

    def hint_panel_rect(self) -> pygame.Rect | None:
        """Where the hint's sentence may show: where the table shows its notices."""
        toast = getattr(self, "toast", None)
        return pygame.Rect(toast.rect) if toast is not None and toast.rect.w > 0 else None

    def hint_button_area(self) -> pygame.Rect | None:
        """Where the Tipp stands on the felt (its bottom right): by default where the sentence shows."""
        return self.hint_panel_rect()

    def draw_hint_panel(self, surface: pygame.Surface) -> None:
        """The hint's sentence in a panel at the bottom of ``hint_panel_rect`` (up to three lines
        at the body size); not while a toast of the table's shows."""
        text = self.hint_line()
        if not text or self.toast.active or self.hint_in_status():
            return
        area = self.hint_panel_rect()
        if area is None:
            return
        b = self.hint_btn.rect
        if not self.hint_in_bar and self.hint_btn.visible and b.w and b.colliderect(area):
            # beside the Tipp on the felt, not over it
            area = pygame.Rect(area.left, area.top, max(dp(120), b.left - dp(8) - area.left), area.h)
        px = self.px["body"]
        pad = dp(10)
        max_w = min(area.w - 2 * pad, dp(640))
        size, lines = layout_text(text, max_w, area.h - 2 * dp(6), px, wrap=True, max_lines=3, bold=True, min_px=11)
        if len(lines) > 1:               # lines of about one length, not a last word alone
            even = fonts.width(text, size, True) // len(lines) + dp(28)
            size2, lines2 = layout_text(text, even, area.h - 2 * dp(6), size, wrap=True, max_lines=3, bold=True,
                                        min_px=11)
            if len(lines2) == len(lines) and size2 == size:
                lines = lines2
        line_h = fonts.line_height(size, True)
        text_w = max(fonts.width(ln, size, True) for ln in lines)
        box = pygame.Rect(0, 0, text_w + 2 * pad, line_h * len(lines) + 2 * dp(6))
        box.midbottom = (area.centerx, area.bottom)
        theme.panel(surface, box, (14, 40, 26), alpha=235, radius=min(box.h // 2, dp(14)),
                    border=theme.ACCENT, border_width=2)
        draw_text(surface, text, box.inflate(-2 * pad, -dp(8)), size, theme.ACCENT, bold=True, wrap=True,
                  max_lines=3, min_px=11)

    def draw_hint_mark(self, surface: pygame.Surface) -> None:
        """A ring around the step left (the button or the card to tap)."""
        r = self.hint_target()
        if r is None or self.drawer_open():      # not over the play log's drawer (phones)
            return
        ring = r.inflate(dp(10), dp(10))
        pygame.draw.rect(surface, theme.ACCENT, ring, max(2, dp(3)), border_radius=min(ring.h // 2, dp(18)))

    def update_hint(self, dt: float) -> None:
        """The hint's time runs down; the table is drawn again only when it ends (a still
        picture meanwhile: a phone's page gets no frames for it)."""
        h = self.hint
        if h is None:
            return
        h["left"] = h["until"] - time.monotonic()      # by the clock: an idle loop's steps give less dt
        if h["left"] <= 0:
            self.hint = None
            self.mark_dirty()
        else:
            self.emphasise_hint()        # the player picked otherwise: the buttons' own looks

    def place_hint_button(self) -> None:
        """The Tipp on the felt (a top bar too narrow for it): at the bottom right of
        ``hint_panel_rect``, as tall as a finger needs."""
        if self.hint_in_bar or not self.hint_btn.visible:
            return
        area = self.hint_button_area()
        if area is None or not self.hint_ready():
            self.hint_btn.set_rect(pygame.Rect(0, 0, 0, 0))      # on the felt only while it can be used
            return
        b = self.hint_btn
        b.px = self.px["body"]
        h = min(area.h, dp(MIN_TOUCH))
        w = fonts.width(b.text, b.px, True) + 2 * max(dp(6), h // 5) + dp(14)
        b.set_rect(pygame.Rect(area.right - w, area.bottom - h, w, h))

    def hint_button_rect(self, icon: pygame.Rect, left: int, gap: int) -> pygame.Rect:
        """The Tipp button's place in the top bar: as tall as the icons, wide enough for its
        word, its right edge ``gap`` left of ``left``."""
        b = self.hint_btn
        b.px = self.px["body"]
        pad = max(dp(6), icon.h // 5)
        w = max(icon.w, fonts.width(b.text, b.px, True) + 2 * pad + dp(10))
        return pygame.Rect(left - gap - w, icon.top, w, icon.h)

    # ------------------------------------------------------------------ the results
    def hint_tally(self) -> str:
        """The results' line of the hints taken in the match ("Tipps genommen: Du 3 · Beat 1"),
        "" where nobody took one."""
        taken = [(seat, n) for seat, n in enumerate(self.hint_counts) if n > 0]
        if not taken:
            return ""
        taken.sort(key=lambda x: (-x[1], x[0]))
        return i18n.t("gt.hints_taken", list=" · ".join(f"{self.seat_name(seat)} {n}" for seat, n in taken))


"""The replay screen: a finished match looked back at, step by step, with every hand open.

`felt replay FILE` opens it in a window of its own; after a match every window and phone opens
it with "Partie ansehen" on the results (the controller fetches the match's log from the host).
It names no game: it knows a game only through the ``Replay`` (``felt.net.replay``: the engine's
states, views and events of every step, the normal bot's word) and the game's own table scene
(``Game.scene_for``, a ``felt.ui.game_table.GameTableScene``), which shows each step's view of
the seat chosen, as that seat saw it then. Around it:

- every seat's hand ("Alle Karten"): a column at the side on wide windows, a drawer over the
  table on phones. The seat that moved shows the hand it played from, the cards it played lifted
  and framed in gold, those the normal bot would have played instead framed in blue. A tap on a
  seat's row (or its box at the table) shows the table as that seat saw it;
- under the table: what happened at this step, in the game's own log words, and beside it what
  the normal bot would have played there (``Game.hint``: the move and why); the timeline of the
  match with a mark where each round was dealt (a tap or a drag jumps there); the buttons: a round
  back, a step back, a step on, a round on, the hands, close;
- keys: ← → a step, ↑ ↓ (Page Up/Down) a round, Home/End, 1–9 a round, H the hands, Tab the next
  seat's view, M the next marked play (Shift+M the one before; a tap near a mark's dot on the
  timeline goes to it), B "Besser spielen?", Esc closes (an open drawer, a try first).
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

import pygame

from felt.ui import cardart, fonts, i18n, layout, theme
from felt.ui.game_table import GameTableScene, PlainTableScene
from felt.ui.layout import dp
from felt.ui.playlog import LogContext, PlayLog, card_chip, lines_of
from felt.ui.replay_marks import ReplayMarks
from felt.ui.scene import BACK, KEY, MOTION, PRESS, RELEASE, Input, Scene
from felt.ui.widgets import Button, IconButton, draw_text, layout_text

BOT_INK = (150, 205, 255)         # the bot's word, and the cards it would have played
BOT_FRAME = (70, 150, 240)
SAME_INK = (150, 225, 160)        # the bot would have played the same


class HandsButton(IconButton):
    """The hands' toggle: three fanned cards, drawn (no glyph of the font says it)."""

    def __init__(self, on_click, hotkeys=()) -> None:
        super().__init__("", on_click, kind="ghost", hotkeys=hotkeys)
        self.on = False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        self.kind = "secondary" if self.on else "ghost"
        super().draw(surface)
        r = self.rect
        ch = int(r.h * 0.5)
        cw = int(ch / layout.CARD_RATIO)
        ink = theme.BTN_SECONDARY_TEXT if self.on else theme.TEXT
        for k in (-1, 0, 1):
            card = pygame.Rect(0, 0, cw, ch)
            card.center = (r.centerx + k * int(cw * 0.55), r.centery + abs(k) * dp(2))
            pygame.draw.rect(surface, theme.CARD_FACE, card, border_radius=dp(3))
            pygame.draw.rect(surface, ink, card, max(1, dp(2)), border_radius=dp(3))


class ReplayScene(ReplayMarks, Scene):
    """Step through a :class:`felt.net.replay.Replay`: the game's table as ``seat`` saw each
    step (a spectator's window: the first seat), every hand open, the bot's word beside each
    move. ``on_close``: what closing does (default: leave the stack). ``marks``: the mistake
    marks being judged (``felt.contract.analysis.Job``; felt.ui.replay_marks), None: none.
    ``on_again``: the owner's "Nochmal mit diesen Karten" (in the replay's menu; called with 1:
    "jeder eine Hand weiter"), None: not offered."""

    def __init__(self, replay, seat: int | None = None, on_close: Callable[[], Any] | None = None,
                 step: int = 0, marks=None, on_again: Callable[..., Any] | None = None) -> None:
        super().__init__()
        self.rp = replay
        self.game = replay.game
        self.me = seat if isinstance(seat, int) and 0 <= seat < replay.n else None
        self.persp = self.me if self.me is not None else 0
        self.on_close = on_close
        self.step = max(0, min(int(step), replay.steps - 1))
        self.inner: GameTableScene | None = None
        self.log = PlayLog(self.game.id)
        self.lines = lines_of(self.game.id)
        self.cards: dict = {}             # card id -> the card the art draws (from the game's scenes)
        self.hands_open: bool | None = None   # None: as the window's size suggests
        self.px = layout.font_sizes(360, 640)
        self.wide = False
        self.shape = "tall"
        self.inner_rect = pygame.Rect(0, 0, 0, 0)
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)      # the hands' column (wide) or drawer (phones)
        self.text_rect = pygame.Rect(0, 0, 0, 0)     # what happened, and the bot's word
        self.track = pygame.Rect(0, 0, 0, 0)      # the timeline
        self.count_rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.dragging = False
        self.table_note = ""                   # where the table went meanwhile (the lobby, a new match)
        self._log_open: bool | None = None     # the play log folded or open, kept for a new table scene
        self._texts: tuple | None = None
        self._words = self._first_table()      # the game's words and card faces, whatever is shown
        self.round_back_btn = Button("", self.round_back, kind="secondary", hotkeys=(pygame.K_UP, pygame.K_PAGEUP))
        self.back_btn = Button("", self.back, kind="secondary", hotkeys=(pygame.K_LEFT,))
        self.next_btn = Button("", self.forward, kind="primary", hotkeys=(pygame.K_RIGHT, pygame.K_SPACE))
        self.round_next_btn = Button("", self.round_forward, kind="secondary",
                                     hotkeys=(pygame.K_DOWN, pygame.K_PAGEDOWN))
        self.hands_btn = HandsButton(self.toggle_hands, hotkeys=(pygame.K_h,))
        self.close_btn = Button("", self.close, kind="secondary")
        self.on_again = on_again
        self.init_marks(marks)
        self._show(animate=False)

    # ------------------------------------------------------------------ moving
    def buttons(self) -> list[Button]:
        return [self.close_btn, self.round_back_btn, self.back_btn, self.next_btn, self.round_next_btn,
                self.hands_btn] + self.mark_buttons()

    def go(self, step: int, animate: bool = False) -> None:
        """Show step ``step`` (``animate``: one step on, its plays fly as at the table)."""
        step = max(0, min(int(step), self.rp.steps - 1))
        if step == self.step and self.inner is not None and self.trying is None:
            return
        if self.trying is not None:                 # leaving the marked play: back to the replay
            self.trying, self.verdict = None, None
            self.persp = self.me if self.me is not None else self.persp
        self.step = step
        self._show(animate)

    def forward(self) -> None:
        self.go(self.step + 1, animate=True)

    def back(self) -> None:
        self.go(self.step - 1)

    def round_back(self) -> None:
        """To the deal of this round, or of the round before where this one was just dealt."""
        starts = self.rp.round_starts
        before = [s for s in starts if s < self.step]
        self.go(before[-1] if before else 0)

    def round_forward(self) -> None:
        after = [s for s in self.rp.round_starts if s > self.step]
        self.go(after[0] if after else self.rp.steps - 1)

    def go_round(self, k: int) -> None:
        """To the deal of round ``k`` (0-based), where the match has one."""
        starts = self.rp.round_starts
        if 0 <= k < len(starts):
            self.go(starts[k])

    def view_of(self, seat: int) -> None:
        """Show the table as ``seat`` saw it."""
        if 0 <= seat < self.rp.n and seat != self.persp:
            self.persp = seat
            self._log_open = self.inner.log_open if self.inner is not None else None
            self.inner = None
            self._show(animate=False)

    def toggle_hands(self) -> None:
        self.hands_open = not self.hands_shown()
        if self.size != (0, 0):
            self.layout(*self.size)
        self.mark_dirty()

    def hands_shown(self) -> bool:
        return self.wide if self.hands_open is None else bool(self.hands_open)

    def table_moved(self, text: str) -> None:
        """The table went on while this replay is watched (the lobby, a new match, another
        game): it says so once and stays; closing it goes there."""
        if text == self.table_note:
            return
        self.table_note = text
        if self.stack is not None and hasattr(self.stack, "notify"):
            self.stack.notify(text, "info", 5.0)
        if self.size != (0, 0):
            self.layout(*self.size)
        self.mark_dirty()

    def close(self) -> None:
        if self.on_close is not None:
            self.on_close()
        elif self.stack is not None and self.stack.top is self:
            self.stack.pop()

    # ------------------------------------------------------------------ the table
    def _view(self) -> dict:
        """The view of the seat shown at this step, as the engine gave it (its legal moves too:
        the table lights what that seat could have played; a replay plays none of them)."""
        if self.trying is not None:                 # "Besser spielen?": before the marked play, live
            return self.rp.view(self.trying - 1, self.rp.mover(self.trying))
        return self.rp.view(self.step, self.persp)

    def _no_move(self, move: dict) -> None:
        """A move the table's scene would send: a replay sends none (the scene's ``submit``)."""
        self.mark_dirty()

    def _scene_class(self, view: dict):
        try:
            cls = self.game.scene_for(str(view.get("phase") or ""))
        except Exception:
            cls = None
        return cls if cls is not None else PlainTableScene

    def _show(self, animate: bool) -> None:
        view = self._view()
        self._fill_log()
        cls = self._scene_class(view)
        inner = self.inner
        if inner is None or type(inner) is not cls:
            folded = self._log_open if inner is None else inner.log_open
            inner = cls(view, names=list(self.rp.names), on_move=None, on_menu=self._menu,
                        settings={"muted": True, "auto_pass": False, "speed": "normal"}, sounds=None,
                        log=self.log, on_chat=None)
            inner.set_bots({s for s in range(self.rp.n) if self.rp.kinds[s] == "bot"})
            inner.set_round_controls(None, None, None)
            inner.set_hints(False, [])              # the replay names the bot's move itself: no Tipp
            inner.log_open = folded                 # the play log as the player left it
            self.inner = inner
            if self.inner_rect.w > 0:
                inner.set_size(self.inner_rect.w, self.inner_rect.h)
        else:
            inner.set_view(view, self.rp.events(self.step, self.persp) if animate else [])
        # nothing a tap does at this table is sent anywhere: a replay shows no turn, no prompt and
        # no move button (its own controls instead); "Besser spielen?" makes it live, for a try
        live = self.trying is not None
        inner.submit = self.tried if live else self._no_move
        if inner.replaying == live:
            inner.replaying = not live
            inner.set_view(view, [])
        inner.refresh_controls()
        if not live:
            inner.quiet_for_replay()
        self._learn_cards(inner)
        self._texts = None
        self._place_marks()
        self.mark_dirty()

    def _first_table(self):
        """The game's scene of the first deal (as the seat shown saw it): it knows the cards and
        the game's words for them, which a results screen may not."""
        view = self.rp.view(0, self.persp)
        try:
            sc = self._scene_class(view)(view, names=list(self.rp.names), settings={"muted": True})
        except Exception:
            return None
        self._learn_cards(sc)
        return sc

    def _fill_log(self) -> None:
        """The round's log up to this step, as the seat shown saw it."""
        self.log.clear()
        upto = self.trying - 1 if self.trying is not None else self.step
        start = max([s for s in self.rp.round_starts if s <= upto] or [0])
        for i in range(start, upto + 1):
            try:
                self.log.add_events(self.rp.events(i, self.persp))
            except Exception:
                pass

    def _learn_cards(self, scene) -> None:
        """Keep the card faces a game's scene knows (its results may know none)."""
        try:
            n = int(scene.log_deck_size() or 0)
        except Exception:
            n = 0
        for cid in range(n):
            if cid not in self.cards:
                card = scene.log_card(cid)
                if card is not None:
                    self.cards[cid] = card

    def card(self, cid):
        card = self.cards.get(cid)
        if card is None and self.inner is not None:
            card = self.inner.log_card(cid)
            if card is not None:
                self.cards[cid] = card
        return card

    def _menu(self) -> None:
        from felt.ui.shell import MenuOverlay
        if self.stack is None:
            return
        shown = self.hands_shown()
        items = [(i18n.t("continue"), None, "primary"),
                 (i18n.t("replay.hands_hide" if shown else "replay.hands_show"), self.toggle_hands, "secondary")]
        if self.on_again is not None:            # as the results' menu: as it was, or each one hand on
            again = self.on_again
            items.append((i18n.t("again.button"), again, "secondary"))
            items.append((i18n.t("again.turned"), lambda: again(1), "secondary"))
        items.append((i18n.t("replay.close"), self.close, "danger"))
        self.stack.push(MenuOverlay(i18n.t("replay.title"), items))

    # ------------------------------------------------------------------ words
    def _ctx(self, names: list[str]) -> LogContext:
        """The game's own words (its scene's log context: the deck, the titles, how it names a
        play), with these names and no seat called "you"; the scene shown now where it knows the
        cards, else the table's scene of the first deal."""
        for sc in (self.inner, self._words):
            try:
                ctx = sc.log_context() if sc is not None else None
            except Exception:
                ctx = None
            if ctx is not None and ctx.deck is not None and len(ctx.deck) > 0:
                return dataclasses.replace(ctx, names=names, me=None)
        return LogContext(names=names, me=None, deck=_Deck(self))

    def _entries(self, events: list, names: list[str], seat: int | None = None) -> tuple[list, list[str]]:
        """(the cards of the first entry that has some, each entry's words); ``seat``: only the
        entries of that seat (what it did, not what followed for the others)."""
        ctx = self._ctx(names)
        try:
            entries = self.lines.build(list(events), ctx)
            if seat is not None:
                entries = [e for e in entries if e.seat == seat][:1]
            texts = [self.lines.text(e, ctx) for e in entries]
        except Exception:
            return [], []
        cards = next((list(e.cards) for e in entries if e.cards), [])
        return cards, [t for t in texts if t]

    def texts(self) -> dict:
        """What the bar says of this step: ``play`` (the parts: what happened first, then what
        followed; ``play_cards``) and ``bot`` (the parts: the normal bot's move, why; ``bot_cards``,
        ``bot_same``)."""
        key = (self.step, i18n.get_lang())
        if self._texts is not None and self._texts[0] == key:
            return self._texts[1]
        i, rp = self.step, self.rp
        a = rp.action(i)
        out: dict = {"play": [], "play_cards": [], "bot": [], "bot_cards": [], "bot_same": False}
        cards, words = self._entries(rp.open_events(i), list(rp.names))
        if a is None:
            out["play"] = [i18n.t("replay.start")]
        elif a[0] == "next_round":
            out["play"] = [i18n.t("replay.dealt", n=rp.round_no(i))]
        elif a[0] == "end_match":
            out["play"] = [i18n.t("replay.ended")] + words
        else:
            out["play"] = words or [f"{rp.names[a[1]]}: {a[2].get('kind', '?')}"]
            out["play_cards"] = cards
        hint = rp.hint(i, i18n.get_lang())
        if hint is not None:
            why = [hint["why"]] if hint.get("why") else []
            if hint["same"]:
                out["bot"] = [i18n.t("replay.bot_same")] + why
                out["bot_same"] = True
            else:
                bot = i18n.t("replay.bot_name")
                names = list(rp.names)
                names[a[1]] = bot                   # the bot in the mover's place; the others as they are
                bcards, bwords = self._entries(rp.events_if(i, hint["move"]), names, seat=a[1])
                out["bot"] = (bwords or [f"{bot}: {hint['move'].get('kind', '?')}"]) + why
                out["bot_cards"] = bcards
        self.mark_texts(out)
        self._texts = (key, out)
        return out

    # ------------------------------------------------------------------ layout
    def layout(self, w: int, h: int) -> None:
        """Three shapes: ``wide`` (laptops: a column at the right with every hand at its top and
        the bar under them; the table keeps the window's whole height), ``side`` (a phone turned
        sideways: the bar is that column, the hands a drawer) and ``tall`` (a phone held upright:
        the bar under the table, the hands a drawer)."""
        d = layout.density()
        lw, lh = w / d, h / d
        self.px = px = layout.font_sizes(w, h)
        portrait = layout.is_portrait(w, h)
        self.wide = not portrait and lw >= 900 and lh >= 560
        self.shape = "wide" if self.wide else ("tall" if portrait or lh >= 560 else "side")
        m, gap = dp(8), dp(6)
        btn_h = max(dp(44), int(px["button"] * 2.3))
        lh_play = fonts.line_height(px["body"], True)
        tl_h = max(dp(30), fonts.line_height(px["tiny"]) + dp(18))
        steps = (self.round_back_btn, self.back_btn, self.next_btn, self.round_next_btn)
        for b, glyph in zip(steps, ("◀◀", "◀", "▶", "▶▶")):
            b.text, b.px = glyph, px["button"]
        self.close_btn.text, self.close_btn.px = "✕", px["button"]
        # the table went on meanwhile: closing is the way there, the button that stands out
        self.close_btn.kind = "primary" if self.table_note else "secondary"
        self.next_btn.kind = "secondary" if self.table_note else "primary"
        self.panel = pygame.Rect(0, 0, 0, 0)
        if self.shape in ("wide", "side"):
            # a column at the right: (on laptops every hand at its top,) the words, the
            # timeline and the buttons at its bottom; the table takes the window's whole height
            col_w = int(min(dp(400), max(dp(300), w * 0.27))) if self.wide else int(min(dp(360), max(dp(250), w * 0.36)))
            self.bar = pygame.Rect(w - col_w, 0, col_w, h)
            inner = self.bar.inflate(-2 * m, -2 * m)
            rows2 = pygame.Rect(inner.left, inner.bottom - 2 * btn_h - gap, inner.w, 2 * btn_h + gap)
            for b, r in zip(steps, layout.button_row(pygame.Rect(rows2.left, rows2.top, rows2.w, btn_h), 4, gap=gap)):
                b.set_rect(r)
            low = pygame.Rect(rows2.left, rows2.bottom - btn_h, rows2.w, btn_h)
            self.close_btn.text = i18n.t("replay.close_to_table" if self.table_note else "replay.close")
            self.hands_btn.set_rect(pygame.Rect(low.right - btn_h - dp(12), low.top, btn_h + dp(12), btn_h))
            self.close_btn.set_rect(pygame.Rect(low.left, low.top, low.w - btn_h - dp(12) - gap, btn_h))
            self._place_timeline(pygame.Rect(inner.left, rows2.top - gap - tl_h, inner.w, tl_h))
            top = inner.top
            if self.wide and self.hands_shown():
                text_h = 5 * lh_play
                top = max(inner.top, self.track.top - gap - text_h)
                self.panel = pygame.Rect(self.bar.left, 0, col_w, top - gap)
            self.text_rect = pygame.Rect(inner.left, top, inner.w, self.track.top - gap - top)
            self.inner_rect = pygame.Rect(0, 0, w - col_w, h)
        else:
            n_lines = 4 if lh >= 760 else 3          # a small phone keeps the table tall enough
            bar_h = m + n_lines * lh_play + gap + tl_h + gap + btn_h + m
            self.bar = pygame.Rect(0, h - bar_h, w, bar_h)
            self.text_rect = pygame.Rect(m, self.bar.top + m, w - 2 * m, n_lines * lh_play)
            self._place_timeline(pygame.Rect(m, self.text_rect.bottom + gap, w - 2 * m, tl_h))
            row = pygame.Rect(m, self.bar.bottom - m - btn_h, w - 2 * m, btn_h)
            order = [self.close_btn, self.round_back_btn, self.back_btn, self.next_btn, self.round_next_btn,
                     self.hands_btn]
            for b, r in zip(order, layout.button_row(row, len(order), gap=gap, max_w=dp(96))):
                b.set_rect(r)
            self.inner_rect = pygame.Rect(0, 0, w, self.bar.top)
        self.hands_btn.on = self.hands_shown()
        if self.inner is not None:
            if self.wide and self.inner.log_open is None:
                # a laptop: the bar says what each step did; the table takes the log's column
                # (its ⟲ brings the log back)
                self.inner.log_open = False
            self.inner.set_size(self.inner_rect.w, self.inner_rect.h)
        if self.shape != "wide" and self.hands_shown():
            bar = self.inner.top_bar() if self.inner is not None else None
            top = (bar.bottom if bar is not None else layout.top_bar(w, h).bar.bottom) + dp(4)
            bottom = self.inner_rect.bottom - dp(4)
            self.panel = pygame.Rect(self.inner_rect.left + dp(4), top, self.inner_rect.w - dp(8),
                                     max(dp(80), bottom - top))
        self._place_rows()
        self._place_marks()

    def _place_marks(self) -> None:
        """The marks' buttons in the bot's word's place (where the step has them)."""
        if self.text_rect.w <= 0:
            return
        self.place_mark_buttons(self.text_rects()[1], self.px["button"])

    def _place_timeline(self, r: pygame.Rect) -> None:
        px = self.px
        total = f"{self.rp.steps - 1}/{self.rp.steps - 1}"
        cw = fonts.width(total, px["small"], True) + dp(10)
        self.count_rect = pygame.Rect(r.right - cw, r.top, cw, r.h)
        knob = dp(9)
        self.track = pygame.Rect(r.left + knob, r.top, max(dp(40), r.w - cw - 2 * knob - dp(6)), r.h)

    def _place_rows(self) -> None:
        self.rows = []
        p = self.panel
        if p.w <= 0 or p.h <= 0:
            return
        head = fonts.line_height(self.px["label"], True) + dp(10)
        n = self.rp.n
        top = p.top + head
        row_h = min(dp(170), (p.bottom - dp(6) - top) // max(1, n))
        for s in range(n):
            self.rows.append((s, pygame.Rect(p.left + dp(8), top + s * row_h, p.w - dp(16), row_h)))

    # ------------------------------------------------------------------ input
    def handle(self, inp: Input) -> None:
        if (self.trying is not None and inp.kind == KEY and inp.key != pygame.K_ESCAPE
                and self.inner is not None):
            self.inner.handle(inp)                  # a try: the table's own keys (play, pass, pick)
            self.mark_dirty()
            return
        if inp.kind in (KEY, BACK) and self._key(inp):
            self.mark_dirty()
            return
        if self.dispatch(inp, self.buttons()):
            return
        if self._timeline_input(inp):
            return
        if self.hands_shown() and self.panel.w > 0 and inp.pointer and self.panel.collidepoint(inp.pos):
            if inp.kind == RELEASE:
                for seat, r in self.rows:
                    if r.collidepoint(inp.pos):
                        self.view_of(seat)
                        break
            return
        if inp.pointer and not self.inner_rect.collidepoint(inp.pos) and not self.dragging:
            return
        inner = self.inner
        if inner is None:
            return
        if self.trying is None:
            inner.quiet_for_replay()
        if inp.kind == RELEASE and inner.press is None and not inner.drawer_open():
            seat = next((s for s in range(self.rp.n) if (r := inner.seat_rect(s)) is not None
                         and r.collidepoint(inp.pos)), None)
            if seat is not None:
                self.view_of(seat)
                return
        inner.handle(inp)
        if inner.dirty:
            self.mark_dirty()

    def _key(self, inp: Input) -> bool:
        k = inp.key
        if inp.kind == BACK or k == pygame.K_ESCAPE:
            if self.trying is not None:
                self.end_try()
            elif not self.wide and self.hands_shown():
                self.toggle_hands()
            elif self.inner is not None and self.inner.drawer_open():
                self.inner.toggle_log()
            else:
                self.close()
            return True
        if k == pygame.K_HOME:
            self.go(0)
            return True
        if k == pygame.K_END:
            self.go(self.rp.steps - 1)
            return True
        if k == pygame.K_TAB:
            self.view_of((self.persp + 1) % self.rp.n)
            return True
        if k == pygame.K_m:                          # the next marked play (Shift: the one before)
            back = bool(inp.mod & pygame.KMOD_SHIFT)
            steps = sorted(self.marked_steps())
            pick = [i for i in steps if i < self.step][-1:] if back else [i for i in steps if i > self.step][:1]
            if pick:
                self.go(pick[0])
            return True
        if pygame.K_1 <= k <= pygame.K_9:
            self.go_round(k - pygame.K_1)
            return True
        return False

    def _timeline_input(self, inp: Input) -> bool:
        hit = self.track.inflate(dp(20), dp(8))
        if inp.kind == PRESS and hit.collidepoint(inp.pos):
            self.dragging = True
            self.go(self._step_at(inp.pos[0]))
            return True
        if inp.kind == MOTION and self.dragging:
            self.go(self._step_at(inp.pos[0]))
            return True
        if inp.kind == RELEASE and self.dragging:
            self.dragging = False
            self.go(self._step_at(inp.pos[0]))
            return True
        return False

    def _x_of(self, i: int) -> int:
        last = max(1, self.rp.steps - 1)
        return self.track.left + int(self.track.w * i / last)

    def _step_at(self, x: int) -> int:
        """The step under ``x`` on the timeline; a marked play's dot where one is that near."""
        last = max(1, self.rp.steps - 1)
        near = [(abs(self._x_of(i) - x), i) for i in self.marked_steps()]
        if near and min(near)[0] <= dp(8):
            return min(near)[1]
        return max(0, min(last, round((x - self.track.left) * last / max(1, self.track.w))))

    # ------------------------------------------------------------------ time
    def update(self, dt: float) -> None:
        self.update_marks()
        if self.inner is not None:
            self.inner.update(dt)
            if self.inner.dirty:
                self.mark_dirty()

    def animating(self) -> bool:
        return self.inner is not None and self.inner.animating()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT_DARK)
        if self.inner is not None and self.inner_rect.w > 0 and self.inner_rect.h > 0:
            if self.trying is None:
                self.inner.quiet_for_replay()
            self.inner.draw(surface.subsurface(self.inner_rect))
            self.inner.dirty = False
        self._draw_bar(surface)
        if self.hands_shown() and self.panel.w > 0:
            self._draw_hands(surface)
        for b in self.buttons():
            b.draw(surface)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        theme.panel(surface, self.bar, (6, 30, 18), alpha=240, radius=0)
        edge = (self.bar.topleft, self.bar.bottomleft) if self.shape != "tall" else (self.bar.topleft, self.bar.topright)
        pygame.draw.line(surface, theme.PANEL_BORDER, *edge, max(1, dp(1)))
        t = self.texts()
        px = self.px
        play_rect, bot_rect = self.text_rects()
        self._draw_line(surface, play_rect, t["play_cards"], t["play"], px["body"], theme.TEXT, True)
        if t["bot"]:
            self._draw_line(surface, bot_rect, t["bot_cards"], t["bot"], px["body"],
                            SAME_INK if t["bot_same"] else BOT_INK, False)
        self._draw_timeline(surface)

    def text_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The text block shared: the bot's word takes the lines it needs, two at most (one where
        the block has only two), the step's words the rest."""
        t, r, px = self.texts(), self.text_rect, self.px["body"]
        lh = fonts.line_height(px, True)
        total = max(1, r.h // lh)
        chip = fonts.width("10♥", px) + dp(12)

        def needed(parts: list[str], bold: bool) -> int:
            if not parts:
                return 0
            _size, lines = layout_text(" · ".join(parts), max(dp(40), r.w - chip), 10 ** 6, px, wrap=True,
                                       max_lines=12, bold=bold, min_px=px)
            return max(1, len(lines))
        pn, bn = needed(t["play"], True), needed(t["bot"], False)
        if self.mark_buttons():                    # the marks' buttons stand where the bot's word would
            bn = 2 if total >= 3 else 1
        bot = min(bn, 2 if total >= 3 else 1) if bn else 0
        play = min(pn, total - bot) if bn else total
        bot = min(bn, total - play) if bn else 0
        play_rect = pygame.Rect(r.left, r.top, r.w, max(1, play) * lh)
        bot_rect = pygame.Rect(r.left, play_rect.bottom, r.w, bot * lh)
        return play_rect, bot_rect

    def _draw_line(self, surface, rect: pygame.Rect, cards: list, parts: list[str], px: int, colour,
                   bold: bool) -> None:
        """Card chips (as in the log), then the words, on as many lines as the rect has: all the
        parts where they fit at a size that reads, else the first ones and "…"."""
        if not parts or rect.w <= 0:
            return
        x = rect.left
        lh = fonts.line_height(px, bold)
        for cid in cards[:6]:
            card = self.card(cid)
            if card is None:
                continue
            chip = card_chip(card, px)
            if x + chip.get_width() > rect.left + rect.w // 3:
                break
            surface.blit(chip, (x, rect.top + (lh - chip.get_height()) // 2))
            x += chip.get_width() + dp(3)
        if x > rect.left:
            x += dp(4)
        r = pygame.Rect(x, rect.top, rect.right - x, rect.h)
        size, lines, text = fit_parts(parts, r, px, bold)
        draw_text(surface, text, r, size, colour, align="left", bold=bold, wrap=len(lines) > 1 or r.h >= 2 * lh,
                  max_lines=max(1, r.h // fonts.line_height(size, bold)), min_px=size, valign="top")

    def _draw_timeline(self, surface: pygame.Surface) -> None:
        px, tr, rp = self.px, self.track, self.rp
        y = tr.top + dp(9)
        bar = pygame.Rect(tr.left, y - dp(3), tr.w, dp(6))
        pygame.draw.rect(surface, (40, 70, 52), bar, border_radius=dp(3))
        done = pygame.Rect(tr.left, bar.top, max(0, self._x_of(self.step) - tr.left), bar.h)
        if done.w:
            pygame.draw.rect(surface, theme.GOLD_DARK, done, border_radius=dp(3))
        self.draw_marks(surface, y)
        tiny = px["tiny"]
        label_w = fonts.width("99", tiny) + dp(6)
        last_x = -10 ** 6
        for k, s in enumerate(rp.round_starts):
            x = self._x_of(s)
            pygame.draw.line(surface, theme.TEXT_DIM, (x, y - dp(7)), (x, y + dp(7)), max(1, dp(2)))
            if x - last_x >= label_w:
                draw_text(surface, str(k + 1), pygame.Rect(x - label_w // 2, y + dp(8), label_w, tr.bottom - y - dp(8)),
                          tiny, theme.TEXT_DIM, min_px=10)
                last_x = x
        kx = self._x_of(self.step)
        pygame.draw.circle(surface, theme.ACCENT, (kx, y), dp(8))
        pygame.draw.circle(surface, theme.FELT_DARK, (kx, y), dp(8), max(1, dp(2)))
        draw_text(surface, f"{self.step}/{rp.steps - 1}", self.count_rect, px["small"], theme.TEXT, align="right",
                  bold=True, min_px=10)

    def _draw_hands(self, surface: pygame.Surface) -> None:
        p, px, rp = self.panel, self.px, self.rp
        theme.panel(surface, p, (6, 24, 16), alpha=255 if not self.wide else 235, radius=0 if self.wide else 12,
                    border=None if self.wide else theme.PANEL_BORDER)
        head = pygame.Rect(p.left + dp(10), p.top + dp(4), p.w - dp(20), fonts.line_height(px["label"], True) + dp(4))
        title = i18n.t("replay.hands")
        tw = fonts.width(title, px["label"], True)
        draw_text(surface, title, pygame.Rect(head.left, head.top, tw + dp(4), head.h), px["label"], theme.GOLD,
                  align="left", bold=True, min_px=10)
        self._draw_legend(surface, pygame.Rect(head.left + tw + dp(12), head.top, head.w - tw - dp(12), head.h))
        i = self.step
        mover = rp.mover(i)
        hint = rp.hint(i, i18n.get_lang())
        for seat, r in self.rows:
            if seat == mover:
                hand = rp.hand(i - 1, seat)
                played = rp.played(i)
                bot = self.bot_cards_shown(i, hint)
            else:
                hand, played, bot = rp.hand(i, seat), set(), set()
            self._draw_row(surface, r, seat, hand, played, bot, seat == mover)

    def _draw_legend(self, surface, r: pygame.Rect) -> None:
        """Gold: the cards played; blue: the bot's (where this step has them)."""
        px = self.px["small"]
        items = [(theme.GOLD, i18n.t("replay.played")), (BOT_FRAME, i18n.t("replay.bot"))]
        need = sum(fonts.width(t, px) + dp(22) for _c, t in items)
        if need > r.w:
            return
        x = r.right - need
        for colour, text in items:
            sw = pygame.Rect(x, r.centery - dp(5), dp(10), dp(10))
            pygame.draw.rect(surface, colour, sw, border_radius=dp(2))
            tw = fonts.width(text, px) + dp(6)
            draw_text(surface, text, pygame.Rect(sw.right + dp(4), r.top, tw, r.h), px, theme.TEXT_DIM, align="left",
                      min_px=10)
            x = sw.right + dp(4) + tw + dp(4)

    def _draw_row(self, surface, r: pygame.Rect, seat: int, hand: list, played: set, bot: set, moved: bool) -> None:
        px = self.px
        name_h = fonts.line_height(px["small"], True) + dp(2)
        if seat == self.persp:
            theme.panel(surface, r.inflate(dp(4), 0), (30, 70, 46), alpha=200, radius=8)
        name = self.rp.names[seat]
        if seat == self.me:
            name = i18n.t("replay.you", name=name)
        colour = theme.ACCENT if moved else (theme.TEXT if seat == self.persp else theme.TEXT_DIM)
        draw_text(surface, name, pygame.Rect(r.left + dp(4), r.top + dp(2), r.w - dp(8), name_h), px["small"], colour,
                  align="left", bold=True, min_px=10)
        area = pygame.Rect(r.left + dp(4), r.top + name_h + dp(2), r.w - dp(8), r.h - name_h - dp(6))
        if not hand:
            draw_text(surface, i18n.t("replay.no_cards"), area, px["small"], theme.TEXT_DIM, align="left", min_px=10)
            return
        lift = int(area.h * 0.12) if played else 0
        rects = fan_rects(pygame.Rect(area.left, area.top + lift, area.w, area.h - lift), len(hand))
        for cid, rect in zip(hand, rects):
            cw, ch = rect.size
            if cid in played:
                rect = rect.move(0, -lift)
            card = self.card(cid)
            if card is not None:
                surface.blit(cardart.card_surface(card, (cw, ch)), rect.topleft)
            else:
                pygame.draw.rect(surface, theme.CARD_FACE, rect, border_radius=dp(4))
                pygame.draw.rect(surface, theme.CARD_EDGE, rect, max(1, dp(1)), border_radius=dp(4))
                draw_text(surface, str(cid), rect, px["small"], theme.CARD_BLACK, bold=True, min_px=10)
            if cid in played:
                hl = cardart.highlight_surface((cw, ch), theme.GOLD, max(2, dp(3)))
                surface.blit(hl, (rect.left - max(2, dp(3)), rect.top - max(2, dp(3))))
            elif cid in bot:
                hl = cardart.highlight_surface((cw, ch), BOT_FRAME, max(2, dp(3)))
                surface.blit(hl, (rect.left - max(2, dp(3)), rect.top - max(2, dp(3))))

    # ------------------------------------------------------------------ for tests and phones
    def remote_state(self) -> dict:
        t = self.texts()
        return {"replay": {"step": self.step, "steps": self.rp.steps, "round": self.rp.round_no(self.step),
                           "rounds": len(self.rp.round_starts), "seat": self.persp, "hands": self.hands_shown(),
                           "play": t["play"], "bot": t["bot"], "table_note": self.table_note,
                           "scene": type(self.inner).__name__ if self.inner is not None else None,
                           "track": [self.track.x, self.track.y, self.track.w, self.track.h],
                           "rows": {str(s): [r.x, r.y, r.w, r.h] for s, r in self.rows},
                           **self.marks_state()}}

    def a11y_status(self) -> str:
        """The layer's heading over a replay: that it is one, and who was to move (a try: the
        live table's own line)."""
        inner = self.inner.status_line()[0] if self.inner is not None else ""
        return " · ".join(x for x in (i18n.t("replay.title"), inner) if x)

    def a11y_text(self) -> list[str]:
        """The replay in words for the screen-reader layer: where it stands, what happened at
        this step (its mark first), the bot's word or the best play, the marks' progress."""
        t = self.texts()
        where = i18n.t("replay.where", step=self.step, steps=self.rp.steps - 1, round=self.rp.round_no(self.step))
        out = [where, " · ".join(t["play"])]
        if t["bot"]:
            out.append(" · ".join(t["bot"]))
        marks = self.marked_steps()
        if marks:
            out.append(i18n.t("replay.marked_steps", steps=", ".join(str(i) for i in sorted(marks))))
        status = self.marks_status()
        if status and status not in out[1]:
            out.append(status)
        return [x for x in out if x]


def fan_rects(area: pygame.Rect, n: int, show: float = 0.34) -> list[pygame.Rect]:
    """Where ``n`` cards of a hand lie in ``area``: fanned, each showing its corner (rank and
    suit: ``show`` of its width, and never less than a corner's width on screen), in one row or
    in two or three that overlap by half a card (each row's corners stay free), whichever gives
    the largest cards."""
    if n <= 0 or area.w <= 0 or area.h <= 0:
        return []
    corner = dp(17)
    best: tuple | None = None
    for rows in (1, 2, 3):
        per = -(-n // rows)
        if rows > 1 and per * (rows - 1) >= n:
            break
        ch = area.h / (1 + 0.52 * (rows - 1))
        cw = min(ch / layout.CARD_RATIO, area.w / 2 if per > 1 else area.w)
        if per > 1:
            # the widest card whose corners all show: cw + (per - 1) * max(show * cw, corner) <= w
            cw = min(cw, area.w / (1 + show * (per - 1)) if show * area.w / (1 + show * (per - 1)) >= corner
                     else area.w - (per - 1) * corner)
        if cw < dp(12):
            continue
        if best is None or cw > best[0] * 1.05:
            best = (cw, rows, per)
    if best is None:                      # no room for corners: as many as fit, in one row
        best = (max(dp(8), area.w / (1 + 0.25 * max(0, n - 1))), 1, n)
    cw, rows, per = best
    cw = max(1, int(cw))
    ch = max(1, int(cw * layout.CARD_RATIO))
    step = 0.0 if per < 2 else min(cw * 0.62, (area.w - cw) / (per - 1))
    out = []
    for k in range(n):
        row, col = divmod(k, per)
        out.append(pygame.Rect(area.left + int(col * step), area.top + int(row * ch * 0.52), cw, ch))
    return out


def fit_parts(parts: list[str], rect: pygame.Rect, px: int, bold: bool = False) -> tuple[int, list, str]:
    """The most of ``parts`` (joined with " · ") that fits ``rect`` on its lines without
    shrinking the text by more than a tenth (the first part at least, where even that is
    long: down to 10 px); the later parts that do not fit are left out with "…".
    Returns ``(size, lines, text)``."""
    floor = max(10, int(px * 0.9))
    for k in range(len(parts), 0, -1):
        text = " · ".join(parts[:k]) + (" …" if k < len(parts) else "")
        lines_max = max(1, rect.h // fonts.line_height(floor, bold))
        size, lines = layout_text(text, rect.w, rect.h, px, wrap=lines_max > 1, max_lines=lines_max, bold=bold,
                                  min_px=floor)
        if _whole(lines, text):
            return size, lines, text
    text = parts[0]
    size, lines = layout_text(text, rect.w, rect.h, px, wrap=True, max_lines=max(1, rect.h // fonts.line_height(10, bold)),
                              bold=bold, min_px=10)
    return size, lines, text


def _whole(lines: list, text: str) -> bool:
    """Did the layout keep every letter of ``text`` (nothing cut with "…")?"""
    return "".join(lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")


class _Deck:
    """Card objects by id for the log's words (what the game's scenes know)."""

    def __init__(self, scene: ReplayScene) -> None:
        self.scene = scene

    def __len__(self) -> int:
        return max(self.scene.cards, default=-1) + 1

    def __getitem__(self, cid):
        return self.scene.card(cid)


def snapshot_scene(game, lang: str = "de", seed: int = 7, step_of: float = 0.45, hands: bool | None = None,
                   marks: bool = False):
    """A replay of a short demo match of ``game`` (bots at every seat), at a step about
    ``step_of`` of the way through it where a seat played something else than the normal bot
    would have and the first seat still holds cards: for `felt snapshot` and the tests.
    ``marks``: every seat's plays judged (a few worlds each), at the first marked play after
    ``step_of``, in the window of the seat that played it."""
    rp = demo_replay(game, seed)
    steps = rp.steps
    want = int(steps * step_of)
    pick = next((i for i in range(want, steps) if rp.hint(i, lang) and not rp.hint(i, lang)["same"]
                 and len(rp.hand(i, 0)) >= 2), want)
    job, me = None, 0
    if marks:
        key = ("marks", game.id, seed)
        if key not in _DEMOS:
            _DEMOS[key] = _demo_marks(rp, want, seed)
        job = _DEMOS[key]
        marked = sorted(i for i, e in job.marks.items() if e is not None and e.level is not None)
        pick = next((i for i in marked if i >= want), marked[-1] if marked else pick)
        me = rp.mover(pick) if marked else 0        # the window of the seat that played it
    sc = ReplayScene(rp, seat=me, step=pick, marks=job)
    sc.hands_open = hands
    return sc


_DEMOS: dict = {}


def _demo_marks(rp, start: int, seed: int):
    """The marks of a demo match as a finished job: every seat's plays from the match's end
    back to step ``start`` judged (a few worlds each) until two are marked, else those before
    ``start`` too (the timeline's dots); the same on every machine (no time budget). From
    the end, as a round's last plays are where a wrong one costs most: in the longest of the
    built-in games' demos the first two marks come after 4 plays judged (from ``start`` on,
    47 plays and ~3 s were judged for three, in every process that draws this screen)."""
    from types import SimpleNamespace

    from felt.contract import analysis
    steps = analysis.decisions(rp, set(range(rp.n)))
    marks: dict = {}
    found = 0
    for i in [s for s in reversed(steps) if s >= start] + [s for s in steps if s < start][-12:]:
        a = rp.action(i)
        est = analysis.estimate(rp.game, rp.state(i - 1), a[1], a[2], samples=6, seed=f"{seed}:{i}")
        marks[i] = est
        found += bool(est is not None and est.level is not None and i >= start)
        if found >= 2 and i >= start:
            break
    done = len(marks)
    return SimpleNamespace(marks=marks, seats=list(range(rp.n)), finished=True, total=done,
                           progress=lambda: (done, done))


def demo_replay(game, seed: int = 7):
    """A short demo match of ``game`` played by bots (two rounds where the rules count them),
    as a Replay (cached)."""
    from felt.net.replay import Replay
    from felt.ui.shots import NAMES
    key = (game.id, seed)
    if key in _DEMOS:
        return _DEMOS[key]
    tid = game.template_ids()[0]
    rules = game.template(tid)
    lo, hi = game.players_range(rules)
    n = max(lo, min(hi, 4))
    state, _ = game.new_match(rules, n, seed, 2)
    bots = [game.make_bot(("normal", "easy")[s % 2] if "easy" in game.bot_levels else "normal", seed=seed + s)
            for s in range(n)]
    entries = []
    for _ in range(5000):
        if state.phase == "match_over":
            break
        if state.phase == "round_over":
            state, _ = game.next_round(state)
            entries.append({"k": "next_round"})
            continue
        seat = state.to_move
        move = bots[seat].choose(game.view(state, seat))
        wire = move if isinstance(move, dict) else game.move_to_wire(move)
        state, _ = game.apply(state, seat, game.move_from_wire(wire))
        entries.append({"k": "move", "seat": seat, "move": wire})
    header = {"k": "match", "v": 1, "game": game.id, "rules": game.rules_to_dict(rules), "n": n, "seed": seed,
              "rounds": 2, "table": "Felt Club",
              "seats": [{"seat": s, "name": NAMES[s], "kind": "human" if s == 0 else "bot"} for s in range(n)]}
    rp = _DEMOS[key] = Replay(header, entries)
    return rp

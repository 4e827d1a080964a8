"""The mistake marks in a replay, and "Besser spielen?" (for felt.ui.replay_scene).

A replay judges the plays of its seats in the background (``felt.contract.analysis.Job``:
worlds the seat could not tell from the real one, played out by the bots), and shows:

- on the timeline a dot at each marked play: Ungenauigkeit (blue), Fehler (orange), Patzer
  (red), as Lichess colours them; a thin line under it while the plays are being checked;
- at a marked step, the level before what happened ("Patzer · Anna spielt Kreuz König"). At a
  marked play of the window's own seat the answer stays hidden: "Besser spielen?" puts the
  table back as the seat saw it before that play, live, and the player makes a play there; the
  estimate says whether it is better than the one played (``analysis.compare``), and the player
  may try again. "Lösung zeigen" shows the best play found (in the bot's blue, its cards framed
  in the hands), and then the normal bot's word as at every other step;
- the counts ("1 Patzer, 2 Fehler") at the start and the end of the match, a notice once the
  checking is done, and all of it in words for the screen-reader layer (``a11y_text``).
"""
from __future__ import annotations

import threading
from typing import Any

import pygame

from felt.contract import analysis
from felt.ui import i18n, theme
from felt.ui.layout import dp
from felt.ui.widgets import Button

MARK_COLOURS = {"inaccuracy": (86, 180, 233), "mistake": (230, 159, 0), "blunder": (219, 48, 49)}


def counts_words(counts: dict) -> str:
    """``{"blunder": 1, "mistake": 2, ...}`` in words, worst first ("1 Patzer, 2 Fehler"), or
    that none was found."""
    parts = [i18n.t(f"marks.{lv}", n=counts[lv]) for lv in reversed(analysis.LEVELS) if counts.get(lv)]
    return ", ".join(parts) if parts else i18n.t("marks.none")


class ReplayMarks:
    """What a :class:`felt.ui.replay_scene.ReplayScene` knows of the marks (a mixin: it uses the
    scene's ``rp``, ``me``, ``step``, ``stack``, ``_show`` and ``mark_dirty``)."""

    def init_marks(self, marks) -> None:
        """``marks``: an ``analysis.Job`` (or anything with ``marks``, ``seats``, ``progress()``
        and ``finished``), None: this replay shows no marks."""
        self.marks_job = marks
        self.revealed: set[int] = set()      # marked steps whose answer the player asked for
        self.trying: int | None = None       # the step whose better play the player looks for
        self.verdict: str | None = None      # "checking", "better", "same", "worse"
        self.tried_move: dict | None = None   # the play last tried there (said with its verdict)
        self._try: tuple | None = None       # (thread, result box) of the check of a tried play
        self._told_done = marks is not None and bool(getattr(marks, "finished", False))
        self.try_btn = Button(i18n.t("marks.try"), self.start_try, kind="primary", hotkeys=(pygame.K_b,))
        self.answer_btn = Button(i18n.t("marks.answer"), self.show_answer, kind="secondary")
        self.cancel_btn = Button(i18n.t("marks.cancel"), self.end_try, kind="secondary")
        for b in self.mark_buttons_all():
            b.visible = False

    # ------------------------------------------------------------------ what is known
    def mark(self, i: int):
        """The estimate of step ``i`` where it is marked (a level), else None."""
        job = self.marks_job
        est = job.marks.get(i) if job is not None else None
        return est if est is not None and est.level is not None else None

    def marked_steps(self) -> dict:
        """``{step: level}`` of every marked play judged so far."""
        job = self.marks_job
        if job is None:
            return {}
        return {i: est.level for i, est in list(job.marks.items()) if est is not None and est.level is not None}

    def to_find(self, i: int) -> bool:
        """Step ``i`` is a marked play of this window's own seat whose answer is still hidden
        (a spectator's window: of any seat judged)."""
        if self.mark(i) is None or i in self.revealed:
            return False
        mover = self.rp.mover(i)
        return mover == self.me if self.me is not None else mover is not None

    def seat_counts(self, seat: int) -> dict:
        return analysis.counts(self.marks_job.marks if self.marks_job is not None else {}, self.rp.mover, seat)

    def marks_status(self) -> str:
        """The marks in one line: the checking's progress, then the counts (this window's seat,
        or every seat judged)."""
        job = self.marks_job
        if job is None:
            return ""
        done, total = job.progress()
        if not job.finished:
            return i18n.t("marks.checking", done=done, total=total)
        seats = [self.me] if self.me is not None else list(getattr(job, "seats", []))
        if self.me is not None:
            text = i18n.t("marks.yours", list=counts_words(self.seat_counts(self.me)))
        else:
            text = " · ".join(i18n.t("marks.seat", name=self.rp.names[s], list=counts_words(self.seat_counts(s)))
                              for s in seats)
        if done < total:
            text += " (" + i18n.t("marks.checked_part", done=done, total=total) + ")"
        return text

    # ------------------------------------------------------------------ "Besser spielen?"
    def mark_buttons_all(self) -> list[Button]:
        return [self.try_btn, self.answer_btn, self.cancel_btn]

    def mark_buttons(self) -> list[Button]:
        """The marks' buttons shown at this step."""
        if self.trying is not None:
            return [self.cancel_btn, self.answer_btn]
        if self.to_find(self.step):
            return [self.try_btn, self.answer_btn]
        return []

    def place_mark_buttons(self, row: pygame.Rect, px: int) -> None:
        """Lay the marks' buttons out in ``row`` (the bot's word's place), each shown or not."""
        from felt.ui import fonts, layout
        shown = self.mark_buttons()
        for b in self.mark_buttons_all():
            b.visible = b in shown
            b.px = px
        if not shown or row.w <= 0 or row.h <= 0:
            return
        h = min(row.h, max(dp(40), int(px * 2.3)))
        slot = pygame.Rect(row.left, row.top + (row.h - h) // 2, row.w, h)
        rects = layout.button_row(slot, len(shown), gap=dp(8))
        for b, r in zip(shown, rects):
            b.set_rect(r)
            long, short = {self.try_btn: ("marks.try", "marks.try_short"),
                           self.answer_btn: ("marks.answer", "marks.answer_short"),
                           self.cancel_btn: ("marks.cancel", "marks.cancel")}[b]
            b.text = i18n.t(long) if fonts.width(i18n.t(long), px, True) + dp(16) <= r.w else i18n.t(short)

    def start_try(self) -> None:
        """The table as this seat saw it before its marked play, live: make a better one."""
        if not self.to_find(self.step):
            return
        self.trying = self.step
        self.verdict = None
        self.tried_move = None
        self.persp = self.rp.mover(self.step)
        self._marks_changed(new_table=True)

    def a11y_table(self):
        """The table to play with through the screen-reader layer: the live one of a try."""
        return self.inner if self.trying is not None else None

    def end_try(self) -> None:
        if self.trying is None:
            return
        self.trying = None
        self.verdict = None
        self._marks_changed(new_table=True)

    def show_answer(self) -> None:
        i = self.trying if self.trying is not None else self.step
        self.revealed.add(i)
        self.trying = None
        self.verdict = None
        self._marks_changed(new_table=True)

    def tried(self, move: dict) -> None:
        """The player made ``move`` on the table of the marked step: is it better than the play?"""
        i = self.trying
        if i is None or self._try is not None or not isinstance(move, dict):
            return
        seat = self.rp.mover(i)
        played = self.rp.action(i)[2]
        box: dict[str, Any] = {}
        game, state = self.rp.game, self.rp.state(i - 1)

        def work() -> None:
            try:
                box["result"] = analysis.compare(game, state, seat, dict(move), played, seed=f"try:{i}")
            except Exception:
                box["result"] = {"verdict": "same"}
        th = threading.Thread(target=work, name="felt-try", daemon=True)
        self._try = (th, box)
        self.verdict = "checking"
        self.tried_move = dict(move)
        th.start()
        self._marks_changed()

    def update_marks(self) -> None:
        """From the scene's update: a tried play's verdict, the checking's end."""
        if self._try is not None and not self._try[0].is_alive():
            box = self._try[1]
            self._try = None
            if self.trying is not None:
                self.verdict = str((box.get("result") or {}).get("verdict") or "same")
                self._marks_changed(new_table=True)       # the table as it was: try again
        job = self.marks_job
        if job is not None and job.finished and not self._told_done:
            self._told_done = True
            if self.me is not None and self.stack is not None and hasattr(self.stack, "notify"):
                self.stack.notify(i18n.t("marks.done", list=counts_words(self.seat_counts(self.me))), "info", 5.0)
            self._marks_changed()
        elif job is not None and not job.finished:
            done = job.progress()[0]
            if done != getattr(self, "_seen_done", -1):
                self._seen_done = done
                self._marks_changed()

    def _marks_changed(self, new_table: bool = False) -> None:
        self._texts = None
        if new_table:
            self._show(animate=False)
        if self.size != (0, 0):
            self.layout(*self.size)
        self.mark_dirty()

    # ------------------------------------------------------------------ words
    def mark_texts(self, out: dict) -> None:
        """The bar's words at this step with the marks: the level first; at a play to find, no
        answer (the buttons stand there); a revealed one's best play; while trying, the task or
        the verdict."""
        i = self.step
        if self.trying is not None:
            key = {"checking": "marks.trying", "better": "marks.better", "same": "marks.same",
                   "worse": "marks.worse"}.get(self.verdict or "", "marks.try_prompt")
            out["play"], out["play_cards"] = [i18n.t(key)], []
            out["bot"], out["bot_cards"], out["bot_same"] = [], [], False
            if self.verdict and self.tried_move is not None:
                # which play the verdict is about ("Besser!" alone left the player guessing); in
                # the lines over the try's buttons (the bot's lines lie under them)
                cards, words = self._entries(self.rp.events_if(self.trying, self.tried_move), list(self.rp.names),
                                             seat=self.rp.mover(self.trying))
                out["play"].append(i18n.t("marks.tried", words=" · ".join(words) or str(self.tried_move.get("kind"))))
                out["play_cards"] = cards
            return
        est = self.mark(i)
        if est is not None:
            level = i18n.t(f"mark.{est.level}")
            mover = self.rp.mover(i)
            out["play"] = ([i18n.t("marks.at", level=level)] if mover == self.me
                           else [i18n.t("marks.at_other", level=level, name=self.rp.names[mover])]) + out["play"]
            out["mark"] = est.level
            if self.to_find(i):
                out["bot"], out["bot_cards"], out["bot_same"] = [], [], False
            elif i in self.revealed:
                names = list(self.rp.names)
                cards, words = self._entries(self.rp.events_if(i, est.best), names, seat=mover)
                best = [i18n.t("marks.best", words=" · ".join(words) or str(est.best.get("kind")))]
                hint = self.rp.hint(i, i18n.get_lang())
                if hint is not None and not hint["same"] and hint.get("move") == est.best:
                    # the normal bot's play is the best one found: said once, with the bot's why
                    # (the bar's two lines held "Besser: Paar B · Normaler Bot: Paar B …" on a laptop)
                    out["bot"] = best + ([i18n.t("marks.bot_why", why=hint["why"])] if hint.get("why") else [])
                else:
                    out["bot"] = best + out["bot"]
                out["bot_cards"] = cards or out["bot_cards"]
                out["bot_same"] = False
        if (i == 0 or i == self.rp.steps - 1) and self.marks_job is not None:
            out["play"] = out["play"] + [self.marks_status()]

    def bot_cards_shown(self, i: int, hint: dict | None) -> set:
        """The cards framed blue in the mover's hand: the best play found where its answer was
        asked for, none where it is still to find, else the normal bot's."""
        est = self.mark(i)
        if est is not None and self.to_find(i):
            return set()
        if est is not None and i in self.revealed:
            return self.rp.played_if(i, est.best)
        return self.rp.played_if(i, hint["move"]) if hint and not hint["same"] else set()

    # ------------------------------------------------------------------ drawing
    def draw_marks(self, surface: pygame.Surface, y: int) -> None:
        """The dots of the marked plays on the timeline at height ``y``, and the checking's
        progress under it."""
        job = self.marks_job
        if job is None:
            return
        for i, level in sorted(self.marked_steps().items()):
            x = self._x_of(i)
            r = dp(6) if level == "blunder" else dp(5) if level == "mistake" else dp(4)
            pygame.draw.circle(surface, MARK_COLOURS[level], (x, y), r)
            pygame.draw.circle(surface, theme.FELT_DARK, (x, y), r, max(1, dp(1)))
        if not job.finished:
            done, total = job.progress()
            tr = self.track
            line = pygame.Rect(tr.left, y + dp(5), int(tr.w * done / max(1, total)), max(1, dp(2)))
            pygame.draw.rect(surface, theme.TEXT_DIM, line)

    def marks_state(self) -> dict:
        job = self.marks_job
        return {"marks": {str(i): lv for i, lv in self.marked_steps().items()},
                "marks_progress": list(job.progress()) if job is not None else None,
                "marks_finished": bool(job.finished) if job is not None else None,
                "trying": self.trying, "verdict": self.verdict, "revealed": sorted(self.revealed)}

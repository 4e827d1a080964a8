"""The quiz of the game in force: "Was darfst du legen?" (tick every play that is allowed)
or "Was ist diese Hand wert?" (pick the one right value), as the game asks it.

Questions come from the game (``Game.quiz(rules, seed, count, lang)``, one plain shape for
every game, see felt/contract/base.py): positions built by the engine, verdicts by the engine.
Tap the choices (or press 1–9), then "Prüfen": each choice shows whether it is right and
why, and whether your pick was right.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from felt.ui import cardart, fonts, i18n, layout, theme
from felt.ui.scene import BACK, KEY, RELEASE, Input, Scene
from felt.ui.shell import draw_header, header_buttons
from felt.ui.layout import dp
from felt.ui.widgets import Button, IconButton, draw_text


class _Card:
    """A card of a quiz question (plain data) as the card art wants it."""

    __slots__ = ("rank", "suit", "code", "joker")

    def __init__(self, d: dict) -> None:
        self.rank = str(d.get("rank", "?"))
        self.suit = str(d.get("suit", "?"))
        self.code = str(d.get("code", self.suit + self.rank))
        self.joker = bool(d.get("joker", False))


def game_and_rules(rules_dict: dict | None):
    """(game, rules) of a rule set given as data (any game; the game's default template when
    the data is missing or invalid)."""
    from felt import contract
    raw = dict(rules_dict or {})
    try:
        game = contract.get(raw.get("game") or None)
    except KeyError:
        game = contract.get(None)
    try:
        rules = game.rules_from_dict(raw) if raw else game.template(game.template_ids()[0])
    except Exception:
        rules = game.template(game.template_ids()[0])
    return game, rules


def load_questions(rules_dict: dict | None, count: int = 8, seed: int = 0, lang: str | None = None):
    """(questions in the shape of ``Game.quiz``, rules, game) for the rules in force."""
    game, rules = game_and_rules(rules_dict)
    try:
        qs = list(game.quiz(rules, seed, count, lang or i18n.get_lang()))
    except Exception:
        qs = []
    return qs, rules, game


def quiz_title(questions: list, game=None) -> str:
    if questions and questions[0].get("title"):
        return str(questions[0]["title"])
    return i18n.t("quiz.title")


# a checked row's (border, fill) by QuizScene.verdict: green a right answer, red a wrong pick
ROW_LOOKS = {"right": ((90, 200, 120), (14, 60, 34)), "missed": ((90, 200, 120), (10, 40, 26)),
             "wrong": ((220, 90, 80), (60, 22, 20)), "plain": (theme.PANEL_BORDER, (10, 40, 26))}


class QuizScene(Scene):
    opaque = True

    def __init__(self, rules_dict: dict | None = None, on_close: Callable[[], Any] | None = None,
                 count: int = 8, seed: int = 0) -> None:
        super().__init__()
        self.questions, self.rules, self.game = load_questions(rules_dict, count, seed)
        self.title = quiz_title(self.questions, self.game)
        self.game_id = self.game.id
        self.on_close = on_close
        self.index = 0
        self.picked: set[int] = set()
        self.checked = False
        self.right = 0
        self.finished = False
        self.screen_rects: layout.ScreenLayout | None = None
        self.close_btn = IconButton("✕", self.close, hotkeys=(pygame.K_ESCAPE,))
        self.action_btn = Button(i18n.t("quiz.check"), self.action, kind="primary",
                                 hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER))
        self._rows: list[pygame.Rect] = []
        self._prompt_r = pygame.Rect(0, 0, 0, 0)
        self._pile_r = pygame.Rect(0, 0, 0, 0)
        self._expl_r = pygame.Rect(0, 0, 0, 0)

    @property
    def question(self) -> dict | None:
        return self.questions[self.index] if 0 <= self.index < len(self.questions) else None

    @staticmethod
    def right_set(q: dict | None) -> set[int]:
        return set(q.get("right", ())) if q else set()

    # ---------------------------------------------------------------- logic
    def toggle(self, i: int) -> None:
        q = self.question
        if self.checked or q is None or not 0 <= i < len(q.get("choices", ())):
            return
        if q.get("multi", True):
            self.picked ^= {i}
        else:
            self.picked = set() if self.picked == {i} else {i}
        self.mark_dirty()

    def verdict(self, i: int) -> tuple[str, str]:
        """How row ``i`` is marked once checked, ``(look, mark)``: a right answer picked
        ("right", "✓"), a right answer missed ("missed", "✓": the box left empty shows it was
        not ticked), a wrong answer picked ("wrong", "✗") and a wrong answer left alone
        ("plain", ""): nothing to see there. Green is a right answer, red only a wrong pick
        (a correctly unticked answer had a red row and a green ✓)."""
        if not self.checked:
            return "plain", ""
        ok, picked = i in self.right_set(self.question), i in self.picked
        if ok:
            return ("right" if picked else "missed"), "✓"
        return ("wrong", "✗") if picked else ("plain", "")

    def correct(self) -> bool:
        q = self.question
        return q is not None and self.picked == self.right_set(q)

    def action(self) -> None:
        if self.finished or self.question is None:
            self.close()
            return
        if not self.checked:
            self.checked = True
            if self.correct():
                self.right += 1
        elif self.index + 1 < len(self.questions):
            self.index += 1
            self.picked = set()
            self.checked = False
            if self.screen_rects is not None:
                self.layout(self.screen_rects.w, self.screen_rects.h)
        else:
            self.finished = True
        self._refresh()
        self.mark_dirty()

    def _refresh(self) -> None:
        if self.finished or self.question is None:
            self.action_btn.text = i18n.t("quiz.done")
        elif self.checked:
            last = self.index + 1 >= len(self.questions)
            self.action_btn.text = i18n.t("quiz.done") if last else i18n.t("quiz.next")
        else:
            self.action_btn.text = i18n.t("quiz.check")

    def close(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()
        if self.on_close:
            self.on_close()

    # --------------------------------------------------------------- layout
    def _hand_shown(self, q: dict | None) -> list:
        """The hand drawn by the table (only when the choices are not the cards themselves)."""
        if not q or any(ch.get("cards") for ch in q.get("choices", ())):
            return []
        return list(q.get("hand", ()))

    def layout(self, w: int, h: int) -> None:
        self.screen_rects = screen = layout.screen_layout(w, h, max_content_w=760)
        self._pads = header_buttons(screen, self.close_btn, ())
        m = screen.margin
        bh = screen.button_h
        bw = min(screen.content.w, dp(320))
        self.action_btn.set_rect(pygame.Rect(screen.content.centerx - bw // 2, h - bh - m, bw, bh))
        self.action_btn.px = screen.px["button"]
        self._refresh()
        c = pygame.Rect(screen.content.left, screen.header.bottom + m // 2, screen.content.w, self.action_btn.rect.top - m -
                        screen.header.bottom - m // 2)
        q = self.question
        px = screen.px["body"]
        prompt = str(q.get("prompt", "")) if q else ""
        n_lines = len(fonts.wrap(prompt, px, c.w - 16, bold=True)) if q else 1
        self._prompt_r = pygame.Rect(c.left, c.top, c.w, fonts.line_height(px, True) * max(1, n_lines) + 8)
        n_opts = len(q.get("choices", ())) if q else 0
        big = bool(self._hand_shown(q)) and not (q or {}).get("table")
        pile_h = int(min(c.h * (0.30 if big else 0.24), dp((190 if big else 150) * min(screen.unit, 1.4))))
        self._pile_r = pygame.Rect(c.left, self._prompt_r.bottom + 4, c.w, pile_h)
        top = self._pile_r.bottom + 6
        # room for the explanation of the whole question, shown once checked
        expl = str(q.get("explanation", "")) if q else ""
        small = max(10, int(screen.px["small"] * 0.95))
        if expl:
            lines = len(fonts.wrap(expl, px, c.w - 24))
            eh = min(fonts.line_height(px) * lines + 16, int(c.h * 0.3))
        else:
            eh = 0
        note_h = int(px * 1.6) + 4
        avail = c.bottom - top - eh - (6 if eh else 0) - note_h
        row_h = int(min(dp(96), max(dp(40), avail / max(1, n_opts) - dp(4))))
        # a choice's explanation takes up to four lines at a readable size: the table's
        # picture gives up the room they need
        need = fonts.line_height(small) * 4 + dp(12) if (q or {}).get("why") else 0
        if row_h < need:
            give = min(pile_h - dp(60), (need - row_h) * n_opts)
            if give > 0:
                pile_h -= give
                self._pile_r.h = pile_h
                top -= give
                row_h = int(min(dp(96), max(dp(40), (avail + give) / max(1, n_opts) - dp(4))))
        if not any(ch.get("cards") for ch in (q or {}).get("choices", ())):
            row_h = min(row_h, max(dp(44), int(px * 2.6) + fonts.line_height(small) * 2))
        self._rows = [pygame.Rect(c.left, top + i * (row_h + dp(4)), c.w, row_h) for i in range(n_opts)]
        rows_bottom = self._rows[-1].bottom if self._rows else top
        self._expl_r = pygame.Rect(c.left, rows_bottom + 6, c.w, eh) if eh else pygame.Rect(c.left, rows_bottom, c.w, 0)

    # ---------------------------------------------------------------- input
    def handle(self, inp: Input) -> None:
        if inp.kind == BACK:
            self.close()
            return
        if self.dispatch(inp, (self.close_btn, self.action_btn)):
            return
        if inp.kind == RELEASE:
            for i, r in enumerate(self._rows):
                if r.collidepoint(inp.pos):
                    self.toggle(i)
                    return
        if inp.kind == KEY and pygame.K_1 <= inp.key <= pygame.K_9:
            i = inp.key - pygame.K_1
            if i < len(self._rows):
                self.toggle(i)

    # ----------------------------------------------------------------- draw
    def _cards(self, surface, cards, rect: pygame.Rect, max_h: int) -> int:
        """Cards side by side, vertically centred in ``rect``; returns the right edge."""
        ch = max(dp(20), min(max_h, rect.h - dp(6)))
        cw = int(ch / layout.CARD_RATIO)
        step = min(cw + dp(4), int(cw * 0.62)) if len(cards) > 2 else cw + dp(4)
        x = rect.left
        for c in cards:
            card = _Card(c)
            surface.blit(cardart.shadow_surface((cw, ch)), (x - 2, rect.centery - ch // 2 - 1))
            surface.blit(cardart.card_surface(card, (cw, ch)), (x, rect.centery - ch // 2))
            x += step
        return x - step + cw if cards else rect.left

    def _chip(self, surface, text: str, x: int, cy: int, px: int, fill=(220, 220, 210), color=(20, 30, 24)) -> pygame.Rect:
        w = fonts.width(text, px, True) + dp(24)
        chip = pygame.Rect(x, cy - int(px * 0.9), w, int(px * 1.8))
        pygame.draw.rect(surface, fill, chip, border_radius=chip.h // 2)
        draw_text(surface, text, chip, px, color, bold=True)
        return chip

    def _draw_table(self, surface, q: dict, px: int) -> None:
        pr = self._pile_r
        oval = pr.inflate(-pr.w // 4, 0)
        tmp = pygame.Surface(oval.size, pygame.SRCALPHA)
        pygame.draw.ellipse(tmp, (255, 255, 255, 18), tmp.get_rect())
        surface.blit(tmp, oval.topleft)
        if q.get("alert"):
            pygame.draw.ellipse(surface, theme.DANGER, oval, dp(3))
        table = list(q.get("table", ()))
        hand = self._hand_shown(q)
        groups = [g for g in (table, hand) if g]
        ch = pr.h - 10
        if hand:      # a hand to look at lies side by side: smaller cards rather than overlap
            n_cards = len(hand) + len(table)
            fit_w = (pr.w - dp(24) - dp(8) * n_cards) / max(1, n_cards)
            ch = max(dp(40), min(ch, int(fit_w * layout.CARD_RATIO)))
        cw = int(ch / layout.CARD_RATIO)
        gap = int(cw * 0.4)
        # a pile overlaps; a hand to look at lies side by side where there is room
        hand_step = cw + max(4, cw // 12)
        if hand and len(table) * cw + len(hand) * hand_step + (gap if table else 0) > pr.w - 16:
            hand_step = int(cw * 0.7)
        steps = [int(cw * 0.55) if g is table else hand_step for g in groups]
        widths = [cw + (len(g) - 1) * st for g, st in zip(groups, steps)]
        total = sum(widths) + gap * max(0, len(groups) - 1)
        badges = [str(b) for b in q.get("badges", ())]
        bpx = max(11, int(px * 0.95))
        bw = max((fonts.width(b, bpx, True) + dp(24) for b in badges), default=0)
        # badges go beside the cards when they fit, else over the cards' lower edge
        beside = badges and total + 12 + bw <= pr.w - 8
        x = pr.centerx - (total + (12 + bw if beside else 0)) // 2
        for g, step in zip(groups, steps):
            for c in g:
                surface.blit(cardart.shadow_surface((cw, ch)), (x - 2, pr.top + 4))
                surface.blit(cardart.card_surface(_Card(c), (cw, ch)), (x, pr.top + 5))
                x += step
            x += cw - step + gap
        x -= gap
        if badges:
            lh = int(bpx * 1.8) + 6
            if beside:
                bx = x + 12
                by = pr.centery - (len(badges) * lh) // 2 + lh // 2
            else:
                bx = pr.centerx - bw // 2
                by = pr.bottom - len(badges) * lh + lh // 2
            for i, b in enumerate(badges):
                fill = theme.DANGER if (q.get("alert") and b.startswith("+")) else theme.GOLD
                col = theme.TEXT if fill == theme.DANGER else (20, 30, 24)
                self._chip(surface, b, bx, by + i * lh, bpx, fill=fill, color=col)

    def draw(self, surface: pygame.Surface) -> None:
        screen = self.screen_rects
        if screen is None:
            return
        surface.blit(theme.felt_background((screen.w, screen.h)), (0, 0))
        q = self.question
        sub = i18n.t("quiz.of", i=self.index + 1, n=len(self.questions)) if q else ""
        if self.rules is not None:
            sub += " · " + str(getattr(self.rules, "name", "") or "")
        draw_header(surface, screen.header, self.title, sub, screen.px, left_pad=self._pads[0])
        self.close_btn.draw(surface)
        if q is None or self.finished:
            text = i18n.t("quiz.none") if not self.questions else i18n.t("quiz.score", k=self.right,
                                                                           n=len(self.questions))
            draw_text(surface, text, screen.content, screen.px["title"], theme.GOLD, bold=True, wrap=True)
            self.action_btn.draw(surface)
            return
        px = screen.px["body"]
        draw_text(surface, str(q.get("prompt", "")), self._prompt_r, px, theme.TEXT, bold=True, wrap=True,
                  align="left")
        self._draw_table(surface, q, px)
        # the choices
        choices = list(q.get("choices", ()))
        why = list(q.get("why", ()))
        multi = bool(q.get("multi", True))
        small = max(10, int(screen.px["small"] * 0.95))
        most = max((len(ch.get("cards", ())) for ch in choices), default=0)
        widest = max((fonts.width(str(ch.get("label", "")), px, True) + dp(24) for ch in choices
                      if not ch.get("cards")), default=0)
        for i, (ch, r) in enumerate(zip(choices, self._rows)):
            picked = i in self.picked
            if self.checked:
                border, fill = ROW_LOOKS[self.verdict(i)[0]]
            else:
                border = theme.GOLD if picked else theme.PANEL_BORDER
                fill = (30, 70, 44) if picked else (10, 40, 26)
            edge = 3 if picked else (2 if self.verdict(i)[0] == "missed" else 1)
            theme.panel(surface, r, fill, alpha=235, radius=10, border=border, border_width=edge)
            inner = r.inflate(-dp(12), -dp(6))
            # the pick mark: a box where several may be right, a ring where one is
            box = pygame.Rect(inner.left, inner.centery - dp(11), dp(22), dp(22))
            if multi:
                pygame.draw.rect(surface, theme.TEXT, box, dp(2), border_radius=dp(5))
                if picked:
                    pygame.draw.rect(surface, theme.GOLD, box.inflate(-dp(6), -dp(6)), border_radius=dp(3))
            else:
                pygame.draw.circle(surface, theme.TEXT, box.center, dp(11), dp(2))
                if picked:
                    pygame.draw.circle(surface, theme.GOLD, box.center, dp(6))
            x = box.right + dp(8)
            # the explanations start in one column, after the widest set of cards or label
            ch_ = max(dp(20), min(int(r.h * 0.9), inner.h - dp(6)))
            cw_ = int(ch_ / layout.CARD_RATIO)
            span = (cw_ + (most - 1) * (min(cw_ + dp(4), int(cw_ * 0.62)) if most > 2 else cw_ + dp(4))) if most else 0
            col_x = x + max(span, widest) + dp(10)
            cards = list(ch.get("cards", ()))
            if cards:
                x = self._cards(surface, cards, pygame.Rect(x, inner.top, inner.w, inner.h), int(r.h * 0.9)) + dp(10)
            else:
                x = self._chip(surface, str(ch.get("label", "")), x, inner.centery, px).right + dp(10)
            if self.checked:
                # the right answers (picked or missed) and a wrong pick are marked
                mark = self.verdict(i)[1]
                col = (120, 230, 140) if mark == "✓" else (255, 140, 120)
                mr = pygame.Rect(inner.right - dp(26), inner.top, dp(26), inner.h)
                if mark:
                    draw_text(surface, mark, mr, int(px * 1.4), col, bold=True)
                x = max(x, col_x)
                text = str(why[i]) if i < len(why) else ""
                draw_text(surface, text, pygame.Rect(x, inner.top, mr.left - x - 4, inner.h), small,
                          theme.TEXT, align="left", wrap=True, min_px=10)
        if self.checked and self._expl_r.h:
            er = self._expl_r
            theme.panel(surface, er, theme.PANEL, alpha=225, radius=10, border=theme.GOLD)
            draw_text(surface, str(q.get("explanation", "")), er.inflate(-20, -10), px, theme.TEXT, align="left",
                      wrap=True, min_px=9)
        note = pygame.Rect(screen.content.left, self.action_btn.rect.top - int(px * 1.6) - 4, screen.content.w,
                           int(px * 1.6))
        last = self._expl_r.bottom if self._expl_r.h else (self._rows[-1].bottom if self._rows else 0)
        if note.top >= last:
            if self.checked:
                ok = self.correct()
                draw_text(surface, i18n.t("quiz.right") if ok else i18n.t("quiz.wrong"), note, px,
                          (120, 230, 140) if ok else (255, 170, 140), bold=True)
            else:
                draw_text(surface, i18n.t("quiz.pick") if multi else i18n.t("quiz.pick_one"), note, px,
                          theme.TEXT_DIM)
        self.action_btn.draw(surface)

    def remote_state(self) -> dict:
        return {"title": self.title, "game": self.game_id}

    def top_bar(self) -> pygame.Rect | None:
        return self.screen_rects.header if self.screen_rects is not None else None

def snapshot_scene(template: str = "PR-002", checked: bool = True, index: int = 0) -> QuizScene:
    """Question ``index`` of the template's quiz (any game); with ``checked`` answered (the first
    two choices picked) and explained."""
    from felt import contract
    game, rules = contract.find_rules(template)
    sc = QuizScene(dict(game.rules_to_dict(rules)))
    sc.index = min(index, max(0, len(sc.questions) - 1))
    if checked and sc.question is not None:
        sc.picked = {0, 1} if sc.question.get("multi", True) else {1}
        sc.checked = True
        sc._refresh()
    return sc

"""Quiz 'Was darfst du legen?': a pile, candidate plays, pick every one that is allowed.

Questions come from the game (``felt.games.praesident.quiz.questions``: positions built by
the engine, verdicts by the engine). Tap the options you think are allowed, then "Prüfen":
each option shows whether it is allowed and why, and whether your pick was right.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from felt.ui import cardart, fonts, i18n, layout, theme
from felt.ui.scene import BACK, KEY, RELEASE, Input, Scene
from felt.ui.shell import draw_header, header_buttons
from felt.ui.widgets import Button, IconButton, draw_text

i18n.add_texts({
    "quiz.title": ("Was darfst du legen?", "What may you play?"),
    "quiz.of": ("Frage {i} von {n}", "Question {i} of {n}"),
    "quiz.check": ("Prüfen", "Check"),
    "quiz.next": ("Weiter", "Next"),
    "quiz.done": ("Fertig", "Done"),
    "quiz.pass": ("Passen", "Pass"),
    "quiz.pick": ("Tippe alles an, was erlaubt ist.", "Tap everything that is allowed."),
    "quiz.right": ("Richtig beantwortet!", "All correct!"),
    "quiz.wrong": ("Nicht ganz – schau dir die Erklärungen an.", "Not quite – read the explanations."),
    "quiz.score": ("{k} von {n} Fragen richtig", "{k} of {n} questions right"),
    "quiz.none": ("Für diese Regeln gibt es keine Quizfragen.", "No quiz questions for these rules."),
    "quiz.on_table": ("Auf dem Tisch", "On the table"),
})


def load_questions(rules_dict: dict | None, count: int = 8, seed: int = 0):
    from felt.rules import Rules, load_rules
    raw = dict(rules_dict or {})
    if raw.get("game", "praesident") not in ("praesident", None):
        return _game_questions(raw, count, seed)
    d = {k: v for k, v in raw.items() if k != "game"}
    try:
        rules = Rules.from_dict(d) if d else load_rules("PR-002")
    except Exception:
        rules = load_rules("PR-002")
    from felt.games.praesident.quiz import questions
    return questions(rules, count, seed), rules


def _game_questions(raw: dict, count: int, seed: int):
    """Another game's quiz (``Game.quiz_questions(rules, count, seed)``: dicts with a prompt,
    the cards on the table and one option per candidate) in the shape this scene draws;
    ``([], None)`` for a game without one. Returns (questions, rules) with ``rules.deck``
    holding the game's cards by id."""
    from types import SimpleNamespace
    from felt import games
    try:
        game = games.get(raw.get("game"))
        make = getattr(game, "quiz_questions", None)
        if make is None:
            return [], None
        rules = game.rules_from_dict(raw)
        qs = make(rules, count, seed)
        deck = game.quiz_deck(rules)
    except Exception:
        return [], None
    out = []
    for q in qs:
        opts = [SimpleNamespace(cards=tuple(o["cards"]), allowed=bool(o["allowed"]), why=dict(o["why"]),
                                is_pass=not o["cards"]) for o in q["options"]]
        out.append(SimpleNamespace(title=q.get("title") or {}, prompt=dict(q["prompt"]), rules=rules, hands=[],
                                   pile_cards=tuple(q.get("pile") or ()), revolution=False, options=opts))
    return out, SimpleNamespace(name=str(getattr(rules, "name", "")), deck=deck)


class QuizScene(Scene):
    opaque = True

    def __init__(self, rules_dict: dict | None = None, on_close: Callable[[], Any] | None = None,
                 count: int = 8, seed: int = 0) -> None:
        super().__init__()
        from felt.cards import build_deck
        self.questions, self.rules = load_questions(rules_dict, count, seed)
        if self.rules is not None and hasattr(self.rules, "deck") and isinstance(self.rules.deck, list):
            self.deck = self.rules.deck          # another game's cards
        else:
            self.deck = build_deck(self.rules) if self.rules is not None else []
        self.on_close = on_close
        self.index = 0
        self.picked: set[int] = set()
        self.checked = False
        self.right = 0
        self.finished = False
        self.S: layout.ScreenLayout | None = None
        self.close_btn = IconButton("✕", self.close, hotkeys=(pygame.K_ESCAPE,))
        self.action_btn = Button(i18n.t("quiz.check"), self.action, kind="primary",
                                 hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER))
        self._rows: list[pygame.Rect] = []
        self._prompt_r = pygame.Rect(0, 0, 0, 0)
        self._pile_r = pygame.Rect(0, 0, 0, 0)

    @property
    def question(self):
        return self.questions[self.index] if 0 <= self.index < len(self.questions) else None

    # ---------------------------------------------------------------- logic
    def toggle(self, i: int) -> None:
        if self.checked or self.question is None:
            return
        self.picked ^= {i}
        self.mark_dirty()

    def correct(self) -> bool:
        q = self.question
        return q is not None and self.picked == {i for i, o in enumerate(q.options) if o.allowed}

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
            if self.S is not None:
                self.layout(self.S.w, self.S.h)
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
    def layout(self, w: int, h: int) -> None:
        self.S = S = layout.screen_layout(w, h, max_content_w=760)
        self._pads = header_buttons(S, self.close_btn, ())
        m = S.margin
        bh = S.button_h
        bw = min(S.content.w, 320)
        self.action_btn.set_rect(pygame.Rect(S.content.centerx - bw // 2, h - bh - m, bw, bh))
        self.action_btn.px = S.px["button"]
        self._refresh()
        c = pygame.Rect(S.content.left, S.header.bottom + m // 2, S.content.w, self.action_btn.rect.top - m -
                        S.header.bottom - m // 2)
        q = self.question
        px = S.px["body"]
        n_lines = len(fonts.wrap(q.prompt.get(i18n.get_lang(), "") if q else "", px, c.w - 16, bold=True)) if q else 1
        self._prompt_r = pygame.Rect(c.left, c.top, c.w, fonts.line_height(px, True) * max(1, n_lines) + 8)
        n_opts = len(q.options) if q else 0
        pile_h = int(min(c.h * 0.24, 150 * min(S.u, 1.4)))
        self._pile_r = pygame.Rect(c.left, self._prompt_r.bottom + 4, c.w, pile_h)
        top = self._pile_r.bottom + 6
        row_h = int(min(96, max(44, (c.bottom - top) / max(1, n_opts) - 4)))
        self._rows = [pygame.Rect(c.left, top + i * (row_h + 4), c.w, row_h) for i in range(n_opts)]

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
        ch = max(20, min(max_h, rect.h - 6))
        cw = int(ch / layout.CARD_RATIO)
        step = min(cw + 4, int(cw * 0.62)) if len(cards) > 2 else cw + 4
        x = rect.left
        for c in cards:
            if 0 <= c < len(self.deck):
                surface.blit(cardart.shadow_surface((cw, ch)), (x - 2, rect.centery - ch // 2 - 1))
                surface.blit(cardart.card_surface(self.deck[c], (cw, ch)), (x, rect.centery - ch // 2))
            x += step
        return x - step + cw if cards else rect.left

    def draw(self, surface: pygame.Surface) -> None:
        S = self.S
        if S is None:
            return
        lang = i18n.get_lang()
        surface.blit(theme.felt_background((S.w, S.h)), (0, 0))
        q = self.question
        sub = i18n.t("quiz.of", i=self.index + 1, n=len(self.questions)) if q else ""
        if self.rules is not None:
            sub += " · " + str(self.rules.name)
        draw_header(surface, S.header, i18n.t("quiz.title"), sub, S.px, left_pad=self._pads[0])
        self.close_btn.draw(surface)
        if q is None or self.finished:
            text = i18n.t("quiz.none") if not self.questions else i18n.t("quiz.score", k=self.right,
                                                                           n=len(self.questions))
            draw_text(surface, text, S.content, S.px["title"], theme.GOLD, bold=True, wrap=True)
            self.action_btn.draw(surface)
            return
        px = S.px["body"]
        draw_text(surface, q.prompt.get(lang, ""), self._prompt_r, px, theme.TEXT, bold=True, wrap=True, align="left")
        # the pile
        pr = self._pile_r
        oval = pr.inflate(-pr.w // 4, 0)
        tmp = pygame.Surface(oval.size, pygame.SRCALPHA)
        pygame.draw.ellipse(tmp, (255, 255, 255, 18), tmp.get_rect())
        surface.blit(tmp, oval.topleft)
        if q.revolution:
            pygame.draw.ellipse(surface, theme.DANGER, oval, 3)
        ch = pr.h - 10
        cw = int(ch / layout.CARD_RATIO)
        n = len(q.pile_cards)
        total = cw + (n - 1) * int(cw * 0.55)
        x = pr.centerx - total // 2
        for c in q.pile_cards:
            surface.blit(cardart.shadow_surface((cw, ch)), (x - 2, pr.top + 4))
            surface.blit(cardart.card_surface(self.deck[c], (cw, ch)), (x, pr.top + 5))
            x += int(cw * 0.55)
        # the options
        small = max(10, int(S.px["small"] * 0.95))
        for i, (o, r) in enumerate(zip(q.options, self._rows)):
            picked = i in self.picked
            if self.checked:
                border = (90, 200, 120) if o.allowed else (220, 90, 80)
                fill = (14, 60, 34) if o.allowed else (60, 22, 20)
            else:
                border = theme.GOLD if picked else theme.PANEL_BORDER
                fill = (30, 70, 44) if picked else (10, 40, 26)
            theme.panel(surface, r, fill, alpha=235, radius=10, border=border, border_width=3 if picked else 1)
            inner = r.inflate(-12, -6)
            # the pick box
            box = pygame.Rect(inner.left, inner.centery - 11, 22, 22)
            pygame.draw.rect(surface, theme.TEXT, box, 2, border_radius=5)
            if picked:
                pygame.draw.rect(surface, theme.GOLD, box.inflate(-6, -6), border_radius=3)
            x = box.right + 8
            # the explanations start in one column, after the widest set of cards
            ch_ = max(20, min(int(r.h * 0.9), inner.h - 6))
            cw_ = int(ch_ / layout.CARD_RATIO)
            most = max((len(op.cards) for op in q.options), default=1)
            span = cw_ + (most - 1) * (min(cw_ + 4, int(cw_ * 0.62)) if most > 2 else cw_ + 4)
            col_x = x + max(span, fonts.width(i18n.t("quiz.pass"), px, True) + 24) + 10
            if o.cards:
                x = self._cards(surface, o.cards, pygame.Rect(x, inner.top, inner.w, inner.h), int(r.h * 0.9)) + 10
            else:
                w = fonts.width(i18n.t("quiz.pass"), px, True) + 24
                chip = pygame.Rect(x, inner.centery - int(px * 0.9), w, int(px * 1.8))
                pygame.draw.rect(surface, theme.BTN_SECONDARY if hasattr(theme, "BTN_SECONDARY") else (220, 220, 210),
                                 chip, border_radius=chip.h // 2)
                draw_text(surface, i18n.t("quiz.pass"), chip, px, (20, 30, 24), bold=True)
                x = chip.right + 10
            if self.checked:
                mark = "✓" if o.allowed == picked else "✗"
                col = (120, 230, 140) if o.allowed == picked else (255, 140, 120)
                mr = pygame.Rect(inner.right - 26, inner.top, 26, inner.h)
                draw_text(surface, mark, mr, int(px * 1.4), col, bold=True)
                x = max(x, col_x)
                draw_text(surface, o.why.get(lang, ""), pygame.Rect(x, inner.top, mr.left - x - 4, inner.h), small,
                          theme.TEXT, align="left", wrap=True, max_lines=4, min_px=8)
        if self.checked:
            ok = self.correct()
            note = pygame.Rect(S.content.left, self.action_btn.rect.top - int(px * 1.6) - 4, S.content.w,
                               int(px * 1.6))
            if self._rows and note.top > self._rows[-1].bottom:
                draw_text(surface, i18n.t("quiz.right") if ok else i18n.t("quiz.wrong"), note, px,
                          (120, 230, 140) if ok else (255, 170, 140), bold=True)
        else:
            note = pygame.Rect(S.content.left, self.action_btn.rect.top - int(px * 1.6) - 4, S.content.w,
                               int(px * 1.6))
            if self._rows and note.top > self._rows[-1].bottom:
                draw_text(surface, i18n.t("quiz.pick"), note, px, theme.TEXT_DIM)
        self.action_btn.draw(surface)


def snapshot_scene(template: str = "PR-002", checked: bool = True) -> QuizScene:
    """The first question; with ``checked`` answered (one right, one wrong pick) and explained."""
    from felt.rules import load_rules
    sc = QuizScene(load_rules(template).to_dict())
    if checked and sc.question is not None:
        sc.picked = {0, 1}
        sc.checked = True
        sc._refresh()
    return sc

"""'So wird gespielt' / 'How to play': the rule set in force, explained in sentences.

The sentences come from the game (``Game.howto(rules, lang)``), so every game, template and
edited rule set reads as it is played. The scene scrolls (wheel, drag, arrow keys) and
offers the game's quiz ("Was darfst du legen?", "Was ist diese Hand wert?") where it has one.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from felt.ui import fonts, i18n, layout, theme
from felt.ui.layout import dp
from felt.ui.scene import BACK, KEY, MOTION, PRESS, RELEASE, WHEEL, Input, Scene
from felt.ui.shell import draw_header, header_buttons
from felt.ui.widgets import Button, IconButton


def game_rules(rules_dict: dict | None):
    """(game, rules) for a rule set given as data (any game)."""
    from felt import contract
    d = dict(rules_dict or {})
    try:
        game = contract.get(contract.id_of(d))
    except KeyError:
        game = contract.default()
    try:
        return game, game.rules_from_dict(d) if d else game.template(game.template_ids()[0])
    except Exception:                   # a rule set this game cannot read: its first template
        return game, game.template(game.template_ids()[0])


def quiz_label(rules_dict: dict | None, lang: str | None = None) -> str | None:
    """The quiz button's text for the game of these rules ("Quiz: Was ist diese Hand wert?"),
    or None when the game has no quiz for them."""
    game, rules = game_rules(rules_dict)
    try:
        qs = game.quiz(rules, 0, 1, lang or i18n.get_lang())
    except Exception:
        qs = []
    if not qs:
        return None
    title = str(qs[0].get("title") or "")
    return i18n.t("howto.quiz_of", title=title) if title else i18n.t("howto.quiz")


def howto_lines(rules_dict: dict | None, lang: str | None = None) -> tuple[str, list[str]]:
    """(rule set name, sentences) for a rule set given as data (any game)."""
    game, rules = game_rules(rules_dict)
    return str(getattr(rules, "name", "") or ""), list(game.howto(rules, lang or i18n.get_lang()))


class HowtoScene(Scene):
    opaque = True

    def __init__(self, rules_dict: dict | None = None, on_close: Callable[[], Any] | None = None,
                 on_quiz: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.rules_dict = dict(rules_dict or {})
        self.on_close = on_close
        self.on_quiz = on_quiz
        self.game_id = game_rules(self.rules_dict)[0].id
        self.name, self.lines = howto_lines(self.rules_dict)
        self.scroll = 0
        self._drag: tuple[int, int] | None = None
        self.screen_rects: layout.ScreenLayout | None = None
        self.close_btn = IconButton("✕", self.close, hotkeys=(pygame.K_ESCAPE,))
        label = quiz_label(self.rules_dict) if on_quiz is not None else None
        self.quiz_btn = Button(label or i18n.t("howto.quiz"), self._quiz, kind="primary", hotkeys=(pygame.K_q,))
        self.quiz_btn.visible = label is not None
        self._wrapped: list[tuple[str, bool]] = []
        self.body: pygame.Rect | None = None

    def close(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()
        if self.on_close:
            self.on_close()

    def _quiz(self) -> None:
        if self.on_quiz:
            self.on_quiz()

    def layout(self, w: int, h: int) -> None:
        self.screen_rects = screen = layout.screen_layout(w, h, max_content_w=760)
        self._pads = header_buttons(screen, self.close_btn, ())
        m = screen.margin
        bh = screen.button_h
        if self.quiz_btn.visible:
            bw = min(screen.content.w, max(dp(260), fonts.width(self.quiz_btn.text, screen.px["button"], True) + dp(40)))
            self.quiz_btn.set_rect(pygame.Rect(screen.content.centerx - bw // 2, h - bh - m, bw, bh))
            self.quiz_btn.px = screen.px["button"]
            bottom = h - bh - 2 * m
        else:
            bottom = h - m
        self.body = pygame.Rect(screen.content.left, screen.header.bottom + m, screen.content.w, bottom - screen.header.bottom - m)
        px = screen.px["body"]
        self._wrapped = []
        for i, para in enumerate(self.lines or [i18n.t("howto.none")]):
            for j, ln in enumerate(fonts.wrap(para, px, self.body.w - dp(36))):
                self._wrapped.append((ln, j == 0))
            self._wrapped.append(("", False))
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def content_h(self) -> int:
        px = self.screen_rects.px["body"] if self.screen_rects else 16
        return len(self._wrapped) * fonts.line_height(px) + dp(20)

    def max_scroll(self) -> int:
        return max(0, self.content_h() - (self.body.h if self.body else 0))

    def handle(self, inp: Input) -> None:
        if inp.kind == BACK:
            self.close()
            return
        if self.dispatch(inp, (self.close_btn, self.quiz_btn)):
            return
        step = fonts.line_height(self.screen_rects.px["body"]) if self.screen_rects else 20
        if inp.kind == WHEEL:
            self.scroll = max(0, min(self.max_scroll(), self.scroll - inp.dy * step * 3))
            self.mark_dirty()
        elif inp.kind == PRESS:
            self._drag = (inp.pos[1], self.scroll)
        elif inp.kind == MOTION and self._drag is not None:
            y0, s0 = self._drag
            self.scroll = max(0, min(self.max_scroll(), s0 - (inp.pos[1] - y0)))
            self.mark_dirty()
        elif inp.kind == RELEASE:
            self._drag = None
        elif inp.kind == KEY and inp.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            d = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self.body.h - step,
                 pygame.K_PAGEUP: -(self.body.h - step)}[inp.key]
            self.scroll = max(0, min(self.max_scroll(), self.scroll + d))
            self.mark_dirty()

    def draw(self, surface: pygame.Surface) -> None:
        screen = self.screen_rects
        if screen is None:
            return
        surface.blit(theme.felt_background((screen.w, screen.h)), (0, 0))
        draw_header(surface, screen.header, i18n.t("howto.title"), self.name, screen.px, left_pad=self._pads[0])
        self.close_btn.draw(surface)
        body = self.body
        theme.panel(surface, body, theme.PANEL, alpha=225, radius=12, border=theme.PANEL_BORDER)
        px = screen.px["body"]
        lh = fonts.line_height(px)
        clip = surface.get_clip()
        surface.set_clip(body.inflate(-dp(4), -dp(4)))
        y = body.top + dp(12) - self.scroll
        for ln, first in self._wrapped:
            if y + lh >= body.top and y <= body.bottom:
                if first:
                    pygame.draw.circle(surface, theme.GOLD, (body.left + dp(16), y + lh // 2), max(3, px // 5))
                if ln:
                    img = fonts.render(ln, px, theme.TEXT)
                    surface.blit(img, (body.left + dp(28), y))
            y += lh
        surface.set_clip(clip)
        if self.max_scroll() > 0:
            # a thin scroll bar
            frac = body.h / max(1, self.content_h())
            bh = max(dp(24), int(body.h * frac))
            by = body.top + int((body.h - bh) * (self.scroll / max(1, self.max_scroll())))
            pygame.draw.rect(surface, theme.PANEL_BORDER, (body.right - dp(6), by, dp(4), bh), border_radius=dp(2))
        self.quiz_btn.draw(surface)

    def remote_state(self) -> dict:
        return {"lines": list(self.lines), "name": self.name, "game": self.game_id}

    def top_bar(self) -> pygame.Rect | None:
        return self.screen_rects.header if self.screen_rects is not None else None

def snapshot_scene(template: str = "PR-002") -> HowtoScene:
    """"How to play" for a template of any game, with the quiz button."""
    from felt import contract
    game, rules = contract.find_rules(template)
    return HowtoScene(dict(game.rules_to_dict(rules)), on_quiz=lambda: None)

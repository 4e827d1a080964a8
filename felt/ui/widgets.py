"""Touch-friendly widgets: Button, Label, Toast, Banner, Toggle, Choice, ListView, TextField,
and the turn timer's Countdown (with its ring, ``draw_countdown_ring``).

Contract: ``handle(inp)`` returns True when it consumed the input (and changed),
"hover" when only its look changed, and False otherwise; ``draw(surface)`` only reads.
Texts never leave their rect: they are shrunk, wrapped and ellipsized to fit. A font
size given to a constructor is in layout pixels (``layout.dp``: device pixels on a phone's
renderer); scenes set ``px`` from their layout's font sizes, which are device pixels already.
"""
from __future__ import annotations

import math
import time
from functools import lru_cache
from typing import Any, Callable, Sequence

import pygame

from felt.ui import fonts, layout, theme
from felt.ui.layout import dp
from felt.ui.scene import KEY, MOTION, PRESS, RELEASE, TEXT, WHEEL, Input


def _rect(r) -> pygame.Rect:
    return pygame.Rect(r) if r is not None else pygame.Rect(0, 0, 0, 0)


class Widget:
    def __init__(self, rect=None) -> None:
        self.rect = _rect(rect)
        self.visible = True
        self._tap_down = False          # a press inside, not released yet (follow_tap)

    def set_rect(self, rect) -> None:
        self.rect = _rect(rect)

    def relayout(self, rect) -> None:
        """Take a new place in a scrolled list (a widget with parts lays them out again)."""
        self.set_rect(rect)

    def remote_state(self) -> dict:
        """The widget as a test or a phone's renderer reads it (rects in window pixels)."""
        r = self.rect
        return {"rect": [int(r.x), int(r.y), int(r.w), int(r.h)], "visible": bool(self.visible)}

    def handle(self, inp: Input):
        return False

    def follow_tap(self, inp: Input) -> str | None:
        """A tap on the whole widget, step by step: ``"down"`` for a press inside it, then
        ``"tap"`` for the release inside or ``"away"`` for the release elsewhere; None for
        any other input."""
        if inp.kind == PRESS and self.rect.collidepoint(inp.pos):
            self._tap_down = True
            return "down"
        if inp.kind == RELEASE and self._tap_down:
            self._tap_down = False
            return "tap" if self.rect.collidepoint(inp.pos) else "away"
        return None

    def update(self, dt: float) -> bool:
        """Advance; True while it animates."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass


# ----------------------------------------------------------------------------
def handle_first(items, inp):
    """``inp`` to each widget of ``items`` in turn until one takes it: that widget's answer
    (anything but "hover"); else "hover" where one only lit up under the pointer, else False."""
    res = False
    for w in items:
        r = w.handle(inp)
        if r and r != "hover":
            return r
        res = res or r
    return res


class Label(Widget):
    """Text in a rect: aligned, optionally wrapped; shrinks down to ``min_px`` and then
    ellipsizes, so it never overflows the rect."""

    def __init__(self, text: str = "", rect=None, px: int = 16, color=theme.TEXT, align: str = "left",
                 valign: str = "center", wrap: bool = False, max_lines: int = 0, bold: bool = False,
                 min_px: int = 10, shadow: bool = False) -> None:
        super().__init__(rect)
        self.text = text
        self.px = layout.dp(px)
        self.color = color
        self.align = align
        self.valign = valign
        self.wrap = wrap
        self.max_lines = max_lines
        self.bold = bold
        self.min_px = min_px
        self.shadow = shadow
        self._cache_key = None
        self._cache: tuple[int, list[str]] = (px, [])

    def lines(self) -> tuple[int, list[str]]:
        """(font px, lines) that fit the rect."""
        key = (self.text, self.px, self.rect.size, self.wrap, self.max_lines, self.bold, self.min_px)
        if key == self._cache_key:
            return self._cache
        self._cache_key = key
        self._cache = layout_text(self.text, self.rect.w, self.rect.h, self.px, wrap=self.wrap,
                                  max_lines=self.max_lines, bold=self.bold, min_px=self.min_px)
        return self._cache

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.text or self.rect.w <= 0:
            return
        px, lines = self.lines()
        draw_lines(surface, lines, self.rect, px, self.color, self.align, self.valign, self.bold, self.shadow)

    def remote_state(self) -> dict:
        return {**super().remote_state(), "text": self.text}


def layout_text(text: str, max_w: int, max_h: int, px: int, wrap: bool = False, max_lines: int = 0,
                bold: bool = False, min_px: int = 10) -> tuple[int, tuple[str, ...]]:
    """Choose a font size and lines so ``text`` fits in max_w x max_h (cached). ``min_px``
    is in layout pixels (device pixels on a phone's renderer: ``layout.dp``)."""
    return _layout_text(str(text), int(max_w), int(max_h), int(px), bool(wrap), int(max_lines), bool(bold),
                        layout.dp(min_px))


@lru_cache(maxsize=4096)
def _layout_text(text: str, max_w: int, max_h: int, px: int, wrap: bool, max_lines: int,
                 bold: bool, min_px: int) -> tuple[int, tuple[str, ...]]:
    max_w = max(1, int(max_w))
    px = int(px)
    # wrapped: a somewhat smaller size rather than a word broken where it has no hyphen
    # ("Cleopatra-Philom-" / "ena ist dran"), down to this size
    whole_words_to = max(min_px, layout.dp(10), int(px * 0.7))
    broken: tuple | None = None            # the largest size that fits only with a broken word
    while True:
        lh = fonts.line_height(px, bold)
        fit_lines = max(1, int(max_h // lh)) if max_h > 0 else 1
        if max_lines:
            fit_lines = min(fit_lines, max_lines)
        if wrap:
            lines, broke = fonts.wrap_lines(text, px, max_w, bold)
            if len(lines) <= fit_lines and all(fonts.width(ln, px, bold) <= max_w for ln in lines):
                if not broke:
                    return px, tuple(lines)
                broken = broken or (px, tuple(lines))
                if px <= whole_words_to:
                    return broken
            if px <= min_px:
                return broken or (px, tuple(fonts.wrap(text, px, max_w, fit_lines, bold)))
        else:
            one = text.replace("\n", " ")
            if fonts.width(one, px, bold) <= max_w and lh <= max(max_h, lh if px <= min_px else max_h):
                return px, (one,)
            if px <= min_px:
                return px, (fonts.ellipsize(one, px, max_w, bold),)
        px -= 1


def line_rects(lines, rect, px, align="left", valign="center", bold=False) -> list[tuple[str, pygame.Rect]]:
    """Where ``draw_lines`` puts each line: ``(line, rect of its rendered image)``."""
    lh = fonts.line_height(px, bold)
    total = lh * len(lines)
    if valign == "top":
        y = rect.top
    elif valign == "bottom":
        y = rect.bottom - total
    else:
        y = rect.top + (rect.h - total) // 2
    out = []
    for ln in lines:
        if ln:
            w, h = fonts.font(px, bold).size(ln)
            if align == "center":
                x = rect.left + (rect.w - w) // 2
            elif align == "right":
                x = rect.right - w
            else:
                x = rect.left
            out.append((ln, pygame.Rect(x, y, w, h)))
        y += lh
    return out


def draw_lines(surface, lines, rect, px, color, align="left", valign="center", bold=False, shadow=False):
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for ln, r in line_rects(lines, rect, px, align, valign, bold):
        if shadow:
            surface.blit(fonts.render(ln, px, (0, 0, 0), bold), (r.x + 1, r.y + 2))
        surface.blit(fonts.render(ln, px, color, bold), r.topleft)
    surface.set_clip(clip)


def draw_text(surface, text, rect, px, color=theme.TEXT, align="center", bold=False, wrap=False,
              max_lines=0, min_px=9, valign="center", shadow=False) -> None:
    """One-shot fitted text (same fitting rules as Label)."""
    rect = pygame.Rect(rect)
    if not text or rect.w <= 0 or rect.h <= 0:
        return
    size, lines = layout_text(text, rect.w, rect.h, px, wrap=wrap, max_lines=max_lines, bold=bold, min_px=min_px)
    draw_lines(surface, lines, rect, size, color, align, valign, bold, shadow)


# ----------------------------------------------------------------------------
_BUTTON_COLORS = {
    "primary": (theme.BTN_PRIMARY, theme.BTN_PRIMARY_TEXT),
    "secondary": (theme.BTN_SECONDARY, theme.BTN_SECONDARY_TEXT),
    "danger": (theme.DANGER, theme.TEXT),
    "ghost": ((20, 70, 42), theme.TEXT),
}


class Button(Widget):
    """A big rounded button; fires ``on_click`` on release inside (mouse or finger)."""

    def __init__(self, text: str, on_click: Callable[[], Any] | None = None, rect=None, kind: str = "primary",
                 enabled: bool = True, hotkeys: Sequence[int] = (), px: int = 18, badge: str = "") -> None:
        super().__init__(rect)
        self.text = text
        self.on_click = on_click
        self.kind = kind
        self.enabled = enabled
        self.hotkeys = tuple(hotkeys)
        self.px = layout.dp(px)
        self.pressed = False
        self.hover = False
        self.badge = badge
        self.pulse = 0.0            # 0..1 glow (e.g. 'your turn'), set by the owner

    def click(self) -> bool:
        if not (self.enabled and self.visible):
            return False
        if self.on_click:
            self.on_click()
        return True

    def handle(self, inp: Input):
        if not self.visible:
            return False
        if inp.kind == KEY and inp.key in self.hotkeys:
            return self.click()
        if inp.kind == PRESS and self.rect.collidepoint(inp.pos):
            if self.enabled:
                self.pressed = True
            return True
        if inp.kind == RELEASE:
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(inp.pos):
                return self.click() or True
            return "hover" if was else False
        if inp.kind == MOTION and inp.source == "mouse":
            h = self.rect.collidepoint(inp.pos)
            if h != self.hover:
                self.hover = h
                return "hover"
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        r = self.rect
        radius = min(r.h // 2, layout.dp(16))
        bg, fg = _BUTTON_COLORS.get(self.kind, _BUTTON_COLORS["primary"])
        if not self.enabled:
            bg, fg = theme.BTN_DISABLED, theme.BTN_DISABLED_TEXT
        elif self.pressed:
            bg = theme.lerp_color(bg, (0, 0, 0), 0.18)
        elif self.hover:
            bg = theme.lerp_color(bg, (255, 255, 255), 0.15)
        if self.enabled and self.pulse > 0:
            glow = r.inflate(dp(10 * self.pulse + 4), dp(10 * self.pulse + 4))
            theme.panel(surface, glow, theme.ACCENT, alpha=int(90 * self.pulse) + 30, radius=radius + 5)
        body = r.move(0, dp(2)) if self.pressed else r
        if self.enabled and not self.pressed:
            theme.shadow(surface, r, radius=radius)
        pygame.draw.rect(surface, bg, body, border_radius=radius)
        if self.enabled:
            hi = theme.lerp_color(bg, (255, 255, 255), 0.35)
            pygame.draw.rect(surface, hi, body, 1, border_radius=radius)
        pad = max(dp(6), r.h // 5)
        tr = body.inflate(-2 * pad, -dp(4))
        if self.badge:
            bw = fonts.width(self.badge, max(dp(10), self.px - dp(4)), True) + dp(10)
            tr.w -= bw
        draw_text(surface, self.text, tr, self.px, fg, align="center", bold=True, min_px=10)
        if self.badge:
            bpx = max(dp(10), self.px - dp(4))
            bimg = fonts.render(self.badge, bpx, fg)
            surface.blit(bimg, (tr.right + dp(6), tr.centery - bimg.get_height() // 2))

    def remote_state(self) -> dict:
        return {**super().remote_state(), "enabled": bool(self.enabled), "text": self.text}


class IconButton(Button):
    """Small square button with a glyph (e.g. ♪, ☰, ✕); still >= 44 px to touch."""

    def __init__(self, glyph: str, on_click=None, rect=None, kind="ghost", hotkeys=(), px=20, crossed=False):
        super().__init__(glyph, on_click, rect, kind, True, hotkeys, px)
        self.crossed = crossed

    def draw(self, surface):
        super().draw(surface)
        if self.crossed and self.visible:
            r = self.rect.inflate(-self.rect.w // 3, -self.rect.h // 3)
            pygame.draw.line(surface, theme.DANGER, r.topleft, r.bottomright, dp(3))


# ----------------------------------------------------------------------------
class Toast(Widget):
    """Short messages that fade out; newest replaces the oldest when many arrive."""

    def __init__(self, rect=None, px: int = 18, max_items: int = 3) -> None:
        super().__init__(rect)
        self.px = layout.dp(px)
        self.items: list[list] = []       # [text, remaining, total, kind]
        self.max_items = max_items

    def show(self, text: str, seconds: float = 2.2, kind: str = "info") -> None:
        for it in self.items:
            if it[0] == text:           # the same message again: show it once, for longer
                it[1] = it[2] = max(it[1], seconds)
                it[3] = kind
                return
        self.items.append([text, seconds, seconds, kind])
        if len(self.items) > self.max_items:
            self.items.pop(0)

    def clear(self) -> None:
        self.items.clear()

    def update(self, dt: float) -> bool:
        for it in self.items:
            it[1] -= dt
        before = len(self.items)
        self.items = [it for it in self.items if it[1] > 0]
        return bool(self.items) or before != len(self.items)

    @property
    def active(self) -> bool:
        return bool(self.items)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.items or self.rect.w <= 0:
            return
        lh = fonts.line_height(self.px, True) + dp(14)
        gap = dp(6)
        fit = max(1, (self.rect.h + gap) // (lh + gap))
        shown = self.items[-min(self.max_items, fit):]
        y = self.rect.bottom - len(shown) * (lh + gap) + gap     # newest at the bottom, growing upward
        for text, rem, total, kind in shown:
            alpha = 1.0 if rem > 0.35 else max(0.0, rem / 0.35)
            age = total - rem
            scale_in = min(1.0, age / 0.12)
            col = {"info": (20, 30, 24), "good": (24, 96, 48), "warn": (150, 100, 10),
                   "bad": theme.DANGER_DARK, "fx": (90, 20, 110)}.get(kind, (20, 30, 24))
            px, lines = layout_text(text, self.rect.w - dp(24), lh - dp(8), self.px, bold=True, min_px=10)
            tw = max(fonts.width(ln, px, True) for ln in lines) + dp(28)
            r = pygame.Rect(0, y, min(self.rect.w, tw), lh)
            r.centerx = self.rect.centerx
            pill = r.inflate(-int(r.w * 0.1 * (1 - scale_in)), 0) if scale_in < 1 else r   # popping in
            theme.panel(surface, pill, col, alpha=int(225 * alpha), radius=lh // 2,
                        border=None)
            if alpha >= 1:
                draw_lines(surface, lines[:1], r, px, theme.TEXT, "center", bold=True)
            elif alpha > 0.05:
                img = fonts.render(lines[0], px, theme.TEXT, True).copy()
                img.set_alpha(int(255 * alpha))
                surface.blit(img, (r.centerx - img.get_width() // 2, r.centery - img.get_height() // 2))
            y += lh + gap
            if y + lh > self.rect.bottom:
                break


class Banner(Widget):
    """A persistent bar across the top (e.g. 'connection lost'), with an optional action."""

    def __init__(self, rect=None, px: int = 16) -> None:
        super().__init__(rect)
        self.text = ""
        self.kind = "bad"
        self.px = layout.dp(px)
        self.visible = False

    def show(self, text: str, kind: str = "bad") -> None:
        self.text, self.kind, self.visible = text, kind, True

    def hide(self) -> None:
        self.visible = False

    def draw(self, surface):
        if not self.visible or not self.text:
            return
        col = {"bad": theme.DANGER_DARK, "warn": (160, 110, 10), "good": (24, 96, 48), "info": (30, 60, 110)}.get(self.kind, theme.DANGER_DARK)
        # opaque: text of the scene underneath must not shine through
        theme.panel(surface, self.rect, col, alpha=255, radius=0)
        pygame.draw.line(surface, (0, 0, 0), self.rect.bottomleft, (self.rect.right, self.rect.bottom), 1)
        draw_text(surface, self.text, self.rect.inflate(-dp(16), -dp(4)), self.px, theme.TEXT, bold=True, wrap=True,
                  max_lines=2)

    def remote_state(self) -> dict:
        return {**super().remote_state(), "text": self.text}


# ----------------------------------------------------------------------------
class Toggle(Widget):
    """Label on the left, switch on the right; the whole row is the touch target."""

    def __init__(self, label: str, value: bool = False, on_change: Callable[[bool], Any] | None = None,
                 rect=None, px: int = 16, hint: str = "") -> None:
        super().__init__(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.px = layout.dp(px)
        self.hint = hint
        self.enabled = True

    def handle(self, inp: Input):
        if not self.visible or not self.enabled:
            return False
        step = self.follow_tap(inp)
        if step == "tap":
            self.value = not self.value
            if self.on_change:
                self.on_change(self.value)
        return step in ("down", "tap")

    def draw(self, surface):
        if not self.visible:
            return
        r = self.rect
        sw_w = max(dp(44), int(r.h * 1.1))
        sw_h = max(dp(24), int(r.h * 0.55))
        sw = pygame.Rect(r.right - sw_w - dp(4), r.centery - sw_h // 2, sw_w, sw_h)
        col = theme.OK if self.value else (90, 100, 94)
        if not self.enabled:
            col = theme.BTN_DISABLED
        pygame.draw.rect(surface, col, sw, border_radius=sw_h // 2)
        knob_r = sw_h // 2 - dp(3)
        kx = sw.right - sw_h // 2 if self.value else sw.left + sw_h // 2
        pygame.draw.circle(surface, (250, 250, 250), (kx, sw.centery), knob_r)
        text_r = pygame.Rect(r.left, r.top, sw.left - r.left - dp(10), r.h)
        if self.hint:
            top = pygame.Rect(text_r.left, text_r.top, text_r.w, text_r.h * 6 // 10)
            bot = pygame.Rect(text_r.left, top.bottom, text_r.w, text_r.h - top.h)
            draw_text(surface, self.label, top, self.px, theme.TEXT, align="left", valign="bottom")
            draw_text(surface, self.hint, bot, max(10, self.px - 4), theme.TEXT_DIM, align="left", valign="top")
        else:
            draw_text(surface, self.label, text_r, self.px, theme.TEXT if self.enabled else theme.TEXT_DIM, align="left")

    def remote_state(self) -> dict:
        return {**super().remote_state(), "enabled": bool(self.enabled)}


class Choice(Widget):
    """Label + '‹ value ›' stepper cycling through ``options`` [(value, text)]."""

    def __init__(self, label: str, options: Sequence[tuple[Any, str]], value: Any = None,
                 on_change: Callable[[Any], Any] | None = None, rect=None, px: int = 16, wrap_around: bool = True) -> None:
        super().__init__(rect)
        self.label = label
        self.options = list(options)
        self.index = 0
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i
        self.on_change = on_change
        self.px = layout.dp(px)
        self.wrap_around = wrap_around
        self.enabled = True
        self._down = None
        self.ctrl_w: int | None = None   # a fixed width for '‹ value ›' (the lobby lines its steppers up)

    @property
    def value(self):
        return self.options[self.index][0] if self.options else None

    def set_value(self, value) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i

    def text_w(self) -> int:
        """Width the widest value text wants at this size."""
        return max((fonts.width(txt, self.px, True) for _, txt in self.options), default=0)

    def _parts(self):
        r = self.rect
        if self.ctrl_w:
            bw = max(dp(44), min(r.h, dp(56)))
            ctrl_w = min(self.ctrl_w, r.w)
        else:
            bw = max(dp(44), r.h)
            ctrl_w = min(r.w * 55 // 100, max(dp(170), r.w // 2))
        ctrl = pygame.Rect(r.right - ctrl_w, r.top, ctrl_w, r.h)
        left = pygame.Rect(ctrl.left, r.top, bw, r.h)
        right = pygame.Rect(ctrl.right - bw, r.top, bw, r.h)
        mid = pygame.Rect(left.right, r.top, right.left - left.right, r.h)
        label = pygame.Rect(r.left, r.top, ctrl.left - r.left - dp(8), r.h)
        return label, left, mid, right

    def step(self, d: int) -> None:
        if not self.options:
            return
        n = len(self.options)
        i = self.index + d
        if self.wrap_around:
            i %= n
        else:
            i = max(0, min(n - 1, i))
        if i != self.index:
            self.index = i
            if self.on_change:
                self.on_change(self.value)

    def handle(self, inp: Input):
        if not self.visible or not self.enabled:
            return False
        label, left, mid, right = self._parts()
        if inp.kind == PRESS and self.rect.collidepoint(inp.pos):
            self._down = "l" if left.collidepoint(inp.pos) else ("r" if (right.collidepoint(inp.pos) or mid.collidepoint(inp.pos)) else None)
            return True
        if inp.kind == RELEASE and self._down:
            d = self._down
            self._down = None
            if self.rect.collidepoint(inp.pos):
                self.step(-1 if d == "l" else 1)
                return True
        return False

    def draw(self, surface):
        if not self.visible:
            return
        label, left, mid, right = self._parts()
        draw_text(surface, self.label, label, self.px, theme.TEXT if self.enabled else theme.TEXT_DIM, align="left", wrap=True, max_lines=2)
        body = pygame.Rect(left.left, left.top + dp(3), right.right - left.left, left.h - dp(6))
        theme.panel(surface, body, (8, 44, 26), alpha=230, radius=body.h // 2, border=theme.PANEL_BORDER, border_width=1)
        col = theme.GOLD if self.enabled else theme.TEXT_DIM
        draw_text(surface, "‹", left, self.px + dp(8), col, bold=True)
        draw_text(surface, "›", right, self.px + dp(8), col, bold=True)
        text = self.options[self.index][1] if self.options else ""
        draw_text(surface, text, mid.inflate(-dp(4), -dp(4)), self.px, theme.TEXT if self.enabled else theme.TEXT_DIM, bold=True)

    def remote_state(self) -> dict:
        d = {**super().remote_state(), "enabled": bool(self.enabled), "value": self.value}
        _label, left, _mid, right = self._parts()
        d["prev"], d["next"] = [left.x, left.y, left.w, left.h], [right.x, right.y, right.w, right.h]
        return d


# ----------------------------------------------------------------------------
class ListView(Widget):
    """Scrollable list of rows: each item is a dict with 'title', optional 'subtitle',
    'right', 'enabled'. Tap (press+release without drag) selects -> on_select(index, item)."""

    def __init__(self, rect=None, items: Sequence[dict] = (), on_select: Callable[[int, dict], Any] | None = None,
                 row_h: int = 56, px: int = 16, empty_text: str = "") -> None:
        super().__init__(rect)
        self.items = list(items)
        self.on_select = on_select
        self.row_h = max(dp(44), row_h)
        self.px = layout.dp(px)
        self.scroll = 0
        self.selected = -1
        self.empty_text = empty_text
        self._press = None          # (pos, scroll at press)
        self._dragged = False

    def set_items(self, items: Sequence[dict]) -> None:
        self.items = list(items)
        self.scroll = max(0, min(self.scroll, self.max_scroll()))
        if self.selected >= len(self.items):
            self.selected = -1

    def max_scroll(self) -> int:
        return max(0, len(self.items) * self.row_h - self.rect.h)

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.top + i * self.row_h - self.scroll, self.rect.w, self.row_h)

    def index_at(self, pos) -> int:
        if not self.rect.collidepoint(pos):
            return -1
        i = (pos[1] - self.rect.top + self.scroll) // self.row_h
        return int(i) if 0 <= i < len(self.items) else -1

    def handle(self, inp: Input):
        if not self.visible:
            return False
        if inp.kind == WHEEL and self.rect.collidepoint(inp.pos):
            self.scroll = max(0, min(self.max_scroll(), self.scroll - inp.dy * self.row_h // 2))
            return True
        if inp.kind == PRESS and self.rect.collidepoint(inp.pos):
            self._press = (inp.pos, self.scroll)
            self._dragged = False
            return True
        if inp.kind == MOTION and self._press is not None:
            dy = inp.pos[1] - self._press[0][1]
            if abs(dy) > 8:
                self._dragged = True
            if self._dragged:
                self.scroll = max(0, min(self.max_scroll(), self._press[1] - dy))
                return True
            return False
        if inp.kind == RELEASE and self._press is not None:
            dragged = self._dragged
            self._press = None
            if not dragged:
                i = self.index_at(inp.pos)
                if i >= 0 and self.items[i].get("enabled", True):
                    self.selected = i
                    if self.on_select:
                        self.on_select(i, self.items[i])
            return True
        return False

    def draw(self, surface):
        if not self.visible or self.rect.w <= 0:
            return
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        if not self.items and self.empty_text:
            draw_text(surface, self.empty_text, self.rect.inflate(-dp(20), -dp(20)), self.px, theme.TEXT_DIM, wrap=True)
        first = self.scroll // self.row_h
        for i in range(first, min(len(self.items), first + self.rect.h // self.row_h + 2)):
            it = self.items[i]
            rr = self.row_rect(i).inflate(-dp(4), -dp(4))
            en = it.get("enabled", True)
            col = (30, 110, 64) if i == self.selected else (8, 50, 28)
            theme.panel(surface, rr, col, alpha=220, radius=10,
                        border=theme.GOLD if i == self.selected else theme.PANEL_BORDER, border_width=1)
            inner = rr.inflate(-dp(20), -dp(8))
            right = it.get("right", "")
            if right:
                rw = min(inner.w // 3, fonts.width(right, self.px - dp(2), True) + dp(4))
                draw_text(surface, right, pygame.Rect(inner.right - rw, inner.top, rw, inner.h), self.px - 2,
                          theme.GOLD if en else theme.TEXT_DIM, align="right", bold=True)
                inner.w -= rw + dp(10)
            sub = it.get("subtitle", "")
            fg = theme.TEXT if en else theme.TEXT_DIM
            if sub:
                top = pygame.Rect(inner.left, inner.top, inner.w, inner.h * 55 // 100)
                bot = pygame.Rect(inner.left, top.bottom, inner.w, inner.h - top.h)
                # a long table name ends in "…" at a readable size rather than shrinking to specks
                draw_text(surface, it.get("title", ""), top, self.px, fg, align="left", bold=True,
                          min_px=max(12, int(self.px * 3 / 4 / layout.density())))
                draw_text(surface, sub, bot, max(10, self.px - 3), theme.TEXT_DIM, align="left")
            else:
                draw_text(surface, it.get("title", ""), inner, self.px, fg, align="left", bold=True)
        if self.max_scroll() > 0:   # scroll indicator
            frac = self.rect.h / (len(self.items) * self.row_h)
            bh = max(dp(20), int(self.rect.h * frac))
            by = self.rect.top + int((self.rect.h - bh) * self.scroll / self.max_scroll())
            pygame.draw.rect(surface, theme.TEXT_DIM, (self.rect.right - dp(4), by, dp(3), bh), border_radius=dp(2))
        surface.set_clip(clip)


# the clipboard: the system's (SDL's clipboard, as pygame's own window library; pygame-ce's
# scrap.put_text; pygame.scrap) where the platform has one, else copy and paste still work
# inside this program (no display, the dummy video driver)
_clip_local = [""]
_sdl_lib: list = []


def _sdl():
    """pygame's own SDL2 library through ctypes (the instance pygame's window uses), or None."""
    if _sdl_lib:
        return _sdl_lib[0]
    lib = None
    try:
        import ctypes
        import glob
        import os
        base = os.path.dirname(pygame.__file__)
        pats = [os.path.join(base + ".libs", "libSDL2-2*.so*"), os.path.join(base, "SDL2.dll"),
                os.path.join(base, ".dylibs", "libSDL2*.dylib"), os.path.join(base, "libSDL2*.so*")]
        for pat in pats:
            found = sorted(glob.glob(pat))
            if found:
                lib = ctypes.CDLL(found[0])
                break
        if lib is not None:
            lib.SDL_SetClipboardText.argtypes = [ctypes.c_char_p]
            lib.SDL_SetClipboardText.restype = ctypes.c_int
            lib.SDL_GetClipboardText.restype = ctypes.c_void_p
            lib.SDL_HasClipboardText.restype = ctypes.c_int
            lib.SDL_free.argtypes = [ctypes.c_void_p]
    except Exception:
        lib = None
    _sdl_lib.append(lib)
    return lib


def clipboard_put(text: str) -> bool:
    """Copy ``text``; True when the system clipboard took it (else only this program has it)."""
    _clip_local[0] = text
    if not pygame.display.get_init() or pygame.display.get_driver() in ("dummy", "offscreen"):
        return False
    lib = _sdl()
    try:
        if lib is not None and lib.SDL_SetClipboardText(text.encode("utf-8")) == 0:
            return True
    except Exception:
        pass
    try:
        import pygame.scrap as scrap
        if hasattr(scrap, "put_text"):          # pygame-ce
            scrap.put_text(text)
            return True
        if not scrap.get_init():
            scrap.init()
        scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        return True
    except Exception:
        return False


def clipboard_get() -> str:
    """The clipboard's text (the system's where it has text, else what this program copied)."""
    if pygame.display.get_init() and pygame.display.get_driver() not in ("dummy", "offscreen"):
        lib = _sdl()
        try:
            if lib is not None and lib.SDL_HasClipboardText():
                import ctypes
                ptr = lib.SDL_GetClipboardText()
                if ptr:
                    try:
                        text = ctypes.string_at(ptr).decode("utf-8", "replace")
                    finally:
                        lib.SDL_free(ptr)
                    if text:
                        return text
        except Exception:
            pass
        try:
            import pygame.scrap as scrap
            if hasattr(scrap, "get_text"):      # pygame-ce
                text = scrap.get_text()
                if text:
                    return text
            if not scrap.get_init():
                scrap.init()
            raw = scrap.get(pygame.SCRAP_TEXT)
            if raw:
                return raw.decode("utf-8", "replace").replace("\x00", "")
        except Exception:
            pass
    return _clip_local[0]


def _shortcut(mod: int) -> bool:
    """Ctrl (or the Mac's Cmd) held, Alt not (AltGr on some keyboards is Ctrl+Alt)."""
    return bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META)) and not (mod & pygame.KMOD_ALT)


class TextField(Widget):
    """Single-line text entry as people know it.

    - the placeholder is shown (greyed) while the field is empty; it never becomes text;
    - tap/click focuses and puts the caret there; Left/Right, Home/End move it (with Shift
      they select), Backspace/Delete delete, Ctrl+A selects all, Ctrl+C / Ctrl+X / Ctrl+V
      copy, cut and paste (``pygame.scrap`` where the platform has a clipboard);
    - ``max_len`` is visible: a counter appears near the limit, and text that did not fit
      (typed or pasted) sets ``over`` and calls ``on_limit(max_len)`` (the screen says so);
    - Enter calls ``on_submit(text)``, Esc drops the focus.
    """

    def __init__(self, text: str = "", rect=None, placeholder: str = "", px: int = 18, max_len: int = 32,
                 on_submit: Callable[[str], Any] | None = None, on_change: Callable[[str], Any] | None = None,
                 on_limit: Callable[[int], Any] | None = None) -> None:
        super().__init__(rect)
        self._text = ""
        self.cursor = 0
        self.anchor: int | None = None       # selection: between anchor and cursor
        self.placeholder = placeholder
        self.px = layout.dp(px)
        self.max_len = max_len
        self.on_submit = on_submit
        self.on_change = on_change
        self.on_limit = on_limit
        self.focused = False
        self.over = False                    # the last edit was cut at max_len
        self.text = text

    # ------------------------------------------------------------------ text
    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text = self._clean(str(value or ""))[: self.max_len]
        self.cursor = len(self._text)
        self.anchor = None

    @staticmethod
    def _clean(text: str) -> str:
        text = text.replace("\r\n", " ").replace("\n", " ").replace("\t", " ")
        return "".join(ch for ch in text if ch.isprintable())

    def selection(self) -> tuple[int, int] | None:
        if self.anchor is None or self.anchor == self.cursor:
            return None
        return (min(self.anchor, self.cursor), max(self.anchor, self.cursor))

    def selected_text(self) -> str:
        sel = self.selection()
        return self._text[sel[0]:sel[1]] if sel else ""

    def select_all(self) -> None:
        self.anchor, self.cursor = 0, len(self._text)

    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self._text)

    def insert(self, add: str) -> bool:
        """Put ``add`` at the caret (over the selection); cut at ``max_len``. True if changed."""
        add = self._clean(add)
        sel = self.selection()
        a, b = sel if sel else (self.cursor, self.cursor)
        room = self.max_len - (len(self._text) - (b - a))
        self.over = len(add) > room
        if self.over and self.on_limit:
            self.on_limit(self.max_len)
        add = add[: max(0, room)]
        if not add and not sel:
            return False
        self._text = self._text[:a] + add + self._text[b:]
        self.cursor, self.anchor = a + len(add), None
        self._changed()
        return True

    def delete(self, forward: bool = False) -> bool:
        sel = self.selection()
        if sel:
            a, b = sel
        elif forward:
            a, b = self.cursor, min(len(self._text), self.cursor + 1)
        else:
            a, b = max(0, self.cursor - 1), self.cursor
        self.anchor = None
        if a == b:
            return False
        self._text = self._text[:a] + self._text[b:]
        self.cursor = a
        self.over = False
        self._changed()
        return True

    def move(self, to: int, select: bool = False) -> None:
        to = max(0, min(len(self._text), to))
        if select:
            if self.anchor is None:
                self.anchor = self.cursor
        elif self.selection() is not None and to in (self.cursor - 1, self.cursor + 1):
            # Left/Right on a selection: go to its edge, as text fields do
            a, b = self.selection()
            to = a if to < self.cursor else b
            self.anchor = None
        else:
            self.anchor = None
        self.cursor = to

    # ----------------------------------------------------------------- focus
    def focus(self, on: bool = True) -> None:
        self.focused = on
        if not on:
            self.anchor = None
        try:
            if on:
                pygame.key.start_text_input()
                pygame.key.set_text_input_rect(self.rect)
            else:
                pygame.key.stop_text_input()
        except pygame.error:
            pass

    # ---------------------------------------------------------------- layout
    def _inner(self) -> pygame.Rect:
        return self.rect.inflate(-dp(20), -dp(6))

    def counter_text(self) -> str:
        """'20/24' once the text is near its limit (or was cut), else ''."""
        n = len(self._text)
        if self.over or (self.focused and n >= self.max_len - max(3, self.max_len // 5)):
            return f"{n}/{self.max_len}"
        return ""

    def _counter_w(self) -> int:
        c = self.counter_text()
        return fonts.width(c, max(dp(9), self.px - dp(4))) + dp(8) if c else 0

    def _start(self, inner_w: int) -> int:
        """First character shown: the caret stays visible in a long text."""
        t, px = self._text, self.px
        if fonts.width(t, px) <= inner_w - 4:
            return 0
        start = 0
        while start < self.cursor and fonts.width(t[start:self.cursor], px) > inner_w - 4:
            start += 1
        return start

    def index_at(self, x: int) -> int:
        inner = self._inner()
        inner.w -= self._counter_w()
        start = self._start(inner.w)
        best, best_d = start, abs(x - inner.left)
        for i in range(start, len(self._text) + 1):
            d = abs(x - (inner.left + fonts.width(self._text[start:i], self.px)))
            if d < best_d:
                best, best_d = i, d
        return best

    # ----------------------------------------------------------------- input
    def handle(self, inp: Input):
        if not self.visible:
            return False
        if inp.kind == PRESS:
            inside = self.rect.collidepoint(inp.pos)
            if inside:
                was = self.focused
                if not was:
                    self.focus(True)
                self.cursor, self.anchor = self.index_at(inp.pos[0]), None
                return True
            if self.focused:
                self.focus(False)
                return "hover"
            return False
        if not self.focused:
            return False
        if inp.kind == TEXT:
            self.insert(inp.text)
            return True
        if inp.kind == KEY:
            k, mod = inp.key, inp.mod
            shift = bool(mod & pygame.KMOD_SHIFT)
            if _shortcut(mod):
                if k == pygame.K_a:
                    self.select_all()
                    return True
                if k in (pygame.K_c, pygame.K_x):
                    clip = self.selected_text() or (self._text if k == pygame.K_c else "")
                    if clip:
                        clipboard_put(clip)
                    if k == pygame.K_x and self.selection():
                        self.delete()
                    return True
                if k == pygame.K_v:
                    self.insert(clipboard_get())
                    return True
                if k == pygame.K_LEFT:
                    self.move(0, shift)
                    return True
                if k == pygame.K_RIGHT:
                    self.move(len(self._text), shift)
                    return True
                if k == pygame.K_BACKSPACE:        # Ctrl+Backspace: the word before the caret
                    if self.selection() is None:
                        i = self.cursor
                        while i > 0 and self._text[i - 1] == " ":
                            i -= 1
                        while i > 0 and self._text[i - 1] != " ":
                            i -= 1
                        self.anchor = i
                    self.delete()
                    return True
                return False                       # other shortcuts (Ctrl+Q) are not ours
            if k == pygame.K_BACKSPACE:
                self.delete()
                return True
            if k == pygame.K_DELETE:
                self.delete(forward=True)
                return True
            if k == pygame.K_LEFT:
                self.move(self.cursor - 1, shift)
                return True
            if k == pygame.K_RIGHT:
                self.move(self.cursor + 1, shift)
                return True
            if k in (pygame.K_HOME, pygame.K_UP):
                self.move(0, shift)
                return True
            if k in (pygame.K_END, pygame.K_DOWN):
                self.move(len(self._text), shift)
                return True
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_submit:
                    self.on_submit(self._text)
                return True
            if k == pygame.K_ESCAPE:
                self.focus(False)
                return True
            return bool(inp.text and inp.text.isprintable())  # swallow typing keys
        return False

    # ------------------------------------------------------------------ draw
    def draw(self, surface):
        if not self.visible:
            return
        r = self.rect
        theme.panel(surface, r, (250, 250, 244), alpha=255, radius=10,
                    border=(200, 60, 50) if self.over else (theme.GOLD if self.focused else (120, 140, 128)),
                    border_width=2)
        inner = self._inner()
        counter = self.counter_text()
        if counter:
            cpx = max(dp(9), self.px - dp(4))
            cw = fonts.width(counter, cpx) + dp(8)
            full = len(self._text) >= self.max_len
            draw_text(surface, counter, pygame.Rect(inner.right - cw, inner.top, cw, inner.h), cpx,
                      (190, 50, 40) if full else (120, 120, 120), align="right")
            inner.w -= cw
        px = self.px
        if self._text:
            start = self._start(inner.w)
            shown = self._text[start:]
            sel = self.selection()
            clip = surface.get_clip()
            surface.set_clip(inner.clip(clip) if clip else inner)
            if sel and self.focused:
                a, b = max(sel[0], start), max(sel[1], start)
                x0 = inner.left + fonts.width(self._text[start:a], px)
                x1 = inner.left + fonts.width(self._text[start:b], px)
                pygame.draw.rect(surface, (170, 205, 250), (x0, inner.top + dp(4), max(1, x1 - x0), inner.h - dp(8)))
            img = fonts.render(shown, px, theme.TEXT_DARK)
            surface.blit(img, (inner.left, inner.centery - img.get_height() // 2))
            surface.set_clip(clip)
            cx = inner.left + min(inner.w - 2, fonts.width(self._text[start:self.cursor], px)) + 1
        else:
            draw_text(surface, self.placeholder, inner, self.px, (130, 130, 130), align="left")
            cx = inner.left
        if self.focused:
            pygame.draw.line(surface, theme.TEXT_DARK, (cx, inner.top + dp(4)), (cx, inner.bottom - dp(4)), dp(2))

    def remote_state(self) -> dict:
        return {**super().remote_state(), "text": self.text}


# ----------------------------------------------------------------------------
def countdown_color(frac: float):
    """Green while more than half the time is left, then amber, red for the last fifth."""
    return theme.OK if frac > 0.5 else (theme.ACCENT if frac > 0.2 else theme.DANGER)


def draw_countdown_ring(surface: pygame.Surface, r, left: float, total: float, emphasis: bool = True) -> None:
    """A ring that empties clockwise from 12 o'clock, the whole seconds left inside.
    ``emphasis`` draws the number in the ring's colour (my own turn); otherwise it is
    plain text until the last fifth of the time."""
    r = pygame.Rect(r)
    if r.w <= 4:
        return
    frac = max(0.0, min(1.0, left / total)) if total > 0 else 0.0
    col = countdown_color(frac)
    pygame.draw.circle(surface, (0, 0, 0), r.center, r.w // 2)
    thick = max(3, r.w // 9)
    outer, inner = r.w / 2 - 1, r.w / 2 - 1 - thick
    pygame.draw.circle(surface, (40, 60, 48), r.center, int(outer), thick)
    if frac > 0:
        steps = max(2, int(48 * frac))
        cx, cy = r.center
        pts_o, pts_i = [], []
        for i in range(steps + 1):
            a = -math.pi / 2 + 2 * math.pi * frac * i / steps
            pts_o.append((cx + outer * math.cos(a), cy + outer * math.sin(a)))
            pts_i.append((cx + inner * math.cos(a), cy + inner * math.sin(a)))
        pygame.draw.polygon(surface, col, pts_o + pts_i[::-1])
    secs = str(max(0, math.ceil(left)))
    draw_text(surface, secs, r.inflate(-2 * thick - 2, -2 * thick - 2), max(10, int(r.w * 0.42)),
              col if (emphasis or frac <= 0.2) else theme.TEXT, bold=True, min_px=8)


class Countdown:
    """The host's turn timer as a client shows it: ``set({'seat', 'left', 'total'} or None)``
    as a state brings it; it then runs down against the clock (not frame times: an idle
    loop's frames are capped). ``tick()`` is True only when the whole second shown
    changed, so a scene redraws once a second and not every frame."""

    def __init__(self) -> None:
        self.timer: dict | None = None
        self._end = 0.0
        self._shown = -1

    def set(self, timer: dict | None) -> dict | None:
        try:
            tm = dict(timer) if timer else None
            if tm is not None:
                tm["left"] = max(0.0, float(tm.get("left") or 0))
                tm["total"] = float(tm.get("total") or 0)
                if tm["total"] <= 0:
                    tm = None
        except (TypeError, ValueError):
            tm = None
        self.timer = tm
        self._end = time.monotonic() + (tm["left"] if tm else 0.0)
        self._shown = math.ceil(tm["left"]) if tm else -1
        return tm

    @property
    def seat(self):
        return self.timer.get("seat") if self.timer else None

    @property
    def total(self) -> float:
        return self.timer["total"] if self.timer else 0.0

    def left(self) -> float | None:
        """Seconds left now (None when no timer runs)."""
        if not self.timer:
            return None
        return max(0.0, self._end - time.monotonic())

    def tick(self) -> bool:
        """Advance to the clock; True when the whole second shown changed."""
        if not self.timer or self.timer["left"] <= 0:
            return False
        self.timer["left"] = self.left() or 0.0
        shown = math.ceil(self.timer["left"])
        if shown != self._shown:
            self._shown = shown
            return True
        return False

    def draw_ring(self, surface: pygame.Surface, r, emphasis: bool = True) -> None:
        if self.timer:
            draw_countdown_ring(surface, r, self.timer["left"], self.timer["total"], emphasis)

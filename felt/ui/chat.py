"""Talking at the table, for every game: a chat line, quick reactions, bubbles at the seats.

- ``ChatLog``: the lines of this table (name, seat, text), kept by the controller.
- ``ChatOverlay``: the recent lines, a text field, Send and a row of quick reactions;
  opened from the table's chat button or the menu (lobby and table).
- ``Bubble`` / ``draw_bubble``: a line shown briefly at the sender's seat.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from felt.ui import fonts, i18n, layout, theme
from felt.ui.layout import dp
from felt.ui.scene import BACK, KEY, PRESS, RELEASE, Input, Scene
from felt.ui.widgets import Button, IconButton, TextField, draw_text

MAX_TEXT = 200
BUBBLE_S = 4.0

REACTIONS = ("chat.r.nice", "chat.r.ouch", "chat.r.haha", "chat.r.hurry", "chat.r.gg", "chat.r.heart")


@dataclass
class Line:
    name: str
    seat: int | None
    text: str
    at: float


class ChatLog:
    def __init__(self, keep: int = 100) -> None:
        self.lines: list[Line] = []
        self.keep = keep

    def add(self, name: str, seat, text: str) -> Line:
        ln = Line(str(name or "?")[:24], seat if isinstance(seat, int) else None, str(text or "")[:MAX_TEXT],
                  time.monotonic())
        self.lines.append(ln)
        del self.lines[:-self.keep]
        return ln


@dataclass
class Bubble:
    seat: int | None
    text: str
    left: float = BUBBLE_S


def draw_bubble(surface, anchor: pygame.Rect, text: str, px: int, alpha: float = 1.0, below: bool = False) -> None:
    """A speech bubble pointing at ``anchor`` (a seat box), kept inside the window."""
    W, H = surface.get_size()
    max_w = min(W - dp(16), max(dp(160), anchor.w + dp(60)))
    lines = fonts.wrap(text, px, max_w - dp(20), max_lines=3)
    lh = fonts.line_height(px)
    w = min(max_w, max(fonts.width(ln, px) for ln in lines) + dp(20))
    h = lh * len(lines) + dp(12)
    r = pygame.Rect(0, 0, w, h)
    r.centerx = anchor.centerx
    if below:
        r.top = anchor.bottom + dp(10)
    else:
        r.bottom = anchor.top - dp(8)
    r.clamp_ip(pygame.Rect(dp(4), dp(4), W - dp(8), H - dp(8)))
    s = pygame.Surface((w, h + dp(10)), pygame.SRCALPHA)
    body = pygame.Rect(0, dp(10) if below else 0, w, h)
    pygame.draw.rect(s, (250, 250, 240), body, border_radius=dp(10))
    pygame.draw.rect(s, (40, 60, 50), body, dp(1), border_radius=dp(10))
    tx = max(dp(10), min(w - dp(10), anchor.centerx - r.left))
    tail = [(tx - dp(7), body.top + 1), (tx + dp(7), body.top + 1), (tx, 0)] if below else \
        [(tx - dp(7), body.bottom - 1), (tx + dp(7), body.bottom - 1), (tx, h + dp(9))]
    pygame.draw.polygon(s, (250, 250, 240), tail)
    y = body.top + dp(6)
    for ln in lines:
        s.blit(fonts.render(ln, px, (20, 30, 24)), (dp(10), y))
        y += lh
    if alpha < 1:
        s.set_alpha(int(255 * max(0.0, alpha)))
    surface.blit(s, (r.left, r.top - (dp(10) if below else 0)))


class ChatOverlay(Scene):
    """The chat: recent lines, a line to type, quick reactions."""
    opaque = False

    def __init__(self, log: ChatLog, on_send: Callable[[str], Any] | None = None, me: str = "",
                 text: str = "", on_reopen: Callable[[str], Any] | None = None) -> None:
        super().__init__()
        self.log = log
        self.on_send = on_send
        self.on_reopen = on_reopen         # open the chat again with a letter typed after sending
        self.me = me
        self.field = TextField(text, placeholder=i18n.t("chat.placeholder"), max_len=MAX_TEXT, on_submit=self.send)
        self.send_btn = Button(i18n.t("chat.send"), lambda: self.send(self.field.text), kind="primary")
        self.close_btn = IconButton("✕", self.close, hotkeys=())
        self.react_btns = [Button(i18n.t(k), (lambda k=k: self.send(i18n.t(k))), kind="secondary") for k in REACTIONS]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        text = " ".join(str(text or "").split())[:MAX_TEXT]
        if not text:
            return
        self.sent.append(text)
        if self.on_send:
            self.on_send(text)
        self.field.text = ""
        stack = self.stack
        self.close()
        if stack is not None and self.on_reopen is not None:
            # the player may still be typing: letters go back to the chat, not to the table
            stack.after_typing(self.on_reopen)

    def close(self) -> None:
        self.field.focus(False)
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def layout(self, w: int, h: int) -> None:
        px = layout.font_sizes(w, h)
        self.px = px
        pw = min(w - dp(16), dp(620))
        ph = min(h - dp(16), int(h * (0.78 if h > w else 0.62)))
        self.panel = pygame.Rect((w - pw) // 2, h - ph - dp(8), pw, ph)
        m = 10
        bh = max(dp(44), int(px["button"] * 2.4))
        self.close_btn.set_rect(pygame.Rect(self.panel.right - bh - dp(6), self.panel.top + dp(6), bh, bh))
        self.close_btn.px = px["title"]
        fy = self.panel.bottom - m - bh
        sw = max(dp(100), fonts.width(self.send_btn.text, px["button"], True) + dp(30))
        self.field.set_rect(pygame.Rect(self.panel.left + m, fy, pw - 3 * m - sw, bh))
        self.field.px = px["body"]
        self.send_btn.set_rect(pygame.Rect(self.field.rect.right + m, fy, sw, bh))
        self.send_btn.px = px["button"]
        # reactions: as many per row as fit, two rows at most
        rh = max(dp(44), int(px["small"] * 2.6))
        x, y = self.panel.left + m, fy - m - rh
        rows = [[]]
        for b in self.react_btns:
            bw = fonts.width(b.text, px["small"], True) + dp(26)
            if x + bw > self.panel.right - m and rows[-1]:
                rows.append([])
                x = self.panel.left + m
            rows[-1].append((b, bw))
            x += bw + dp(6)
        y = fy - m - len(rows) * (rh + dp(6))
        for row in rows:
            x = self.panel.left + m
            for b, bw in row:
                b.set_rect(pygame.Rect(x, y, bw, rh))
                b.px = px["small"]
                x += bw + dp(6)
            y += rh + dp(6)
        top = self.panel.top + bh + dp(12)
        self.lines_rect = pygame.Rect(self.panel.left + m, top, pw - 2 * m,
                                      min(b.rect.top for b in self.react_btns) - m - top)

    def handle(self, inp: Input) -> None:
        if inp.kind == BACK:
            self.close()
            return
        if inp.kind == KEY and inp.key == pygame.K_ESCAPE and not self.field.focused:
            self.close()
            return
        if self.dispatch(inp, [self.close_btn, self.send_btn, self.field] + self.react_btns):
            return
        if inp.kind == RELEASE and not self.panel.collidepoint(inp.pos):
            self.close()
        if inp.kind == PRESS and not self.field.rect.collidepoint(inp.pos):
            self.field.focus(False)

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 130))
        surface.blit(dim, (0, 0))
        px = self.px
        theme.panel(surface, self.panel, (10, 32, 22), alpha=250, radius=16, border=theme.PANEL_BORDER)
        draw_text(surface, i18n.t("chat.title"), pygame.Rect(self.panel.left + dp(14), self.panel.top + dp(6), dp(200),
                                                             self.close_btn.rect.h), px["title"], theme.GOLD,
                  align="left", bold=True)
        self.close_btn.draw(surface)
        r = self.lines_rect
        lh = fonts.line_height(px["body"])
        if not self.log.lines:
            draw_text(surface, i18n.t("chat.empty"), r, px["body"], theme.TEXT_DIM)
        else:
            # newest at the bottom, as many as fit
            y = r.bottom
            for ln in reversed(self.log.lines):
                who = ln.name + ": "
                wrapped = fonts.wrap(who + ln.text, px["body"], r.w, max_lines=3)
                y -= lh * len(wrapped)
                if y < r.top:
                    break
                yy = y
                for i, t in enumerate(wrapped):
                    if i == 0 and t.startswith(who):
                        img = fonts.render(who, px["body"], theme.ACCENT, True)
                        surface.blit(img, (r.left, yy))
                        surface.blit(fonts.render(t[len(who):], px["body"], theme.TEXT), (r.left + img.get_width(), yy))
                    else:
                        surface.blit(fonts.render(t, px["body"], theme.TEXT), (r.left, yy))
                    yy += lh
                y -= 4
        for b in self.react_btns:
            b.draw(surface)
        self.field.draw(surface)
        self.send_btn.draw(surface)

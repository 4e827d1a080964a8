"""Pieces shared by the app shell's scenes (start, lobby, rule editor, menus).

- :class:`AppStack`: the scene stack plus a window-wide connection banner and toast,
  drawn over whatever scene is on top (so the reconnect banner shows everywhere).
- :func:`draw_header`: the title bar of the menu-like screens.
- :class:`ScrollForm`: a column of widgets that scrolls (wheel, drag, keys) inside a rect.
- :class:`MenuOverlay`: a modal list of buttons over the current scene.
- :class:`PickerOverlay`: a modal, scrollable list to pick one item (e.g. a saved rule set).
"""
from __future__ import annotations

import time
from typing import Any, Callable, Sequence

import pygame

from felt.ui import i18n, layout, theme
from felt.ui.layout import dp
from felt.ui.scene import BACK, KEY, MOTION, PRESS, QUIT, RELEASE, TEXT, WHEEL, Input, Scene, SceneStack
from felt.ui.widgets import Banner, Button, Choice, IconButton, ListView, Toast, draw_text, handle_first

FAR = (-10000, -10000)


class AppStack(SceneStack):
    """SceneStack with a window-wide banner (connection state) and toast (errors, notices)."""

    def __init__(self, size=(1280, 720)) -> None:
        super().__init__(size)
        self.banner = Banner()
        self.toast = Toast(max_items=2)
        self.overlay_dirty = False
        self._layout_overlays()

    def _layout_overlays(self) -> None:
        w, h = self.size
        px = layout.font_sizes(w, h)
        # just under the scenes' top bar (as tall as the table's): the bar's menu (to leave)
        # stays visible and usable while the connection comes back
        u = layout.unit(w, h) / layout.density()
        bh = int(max(dp(44), dp(46 * min(u, 1.5)), px["body"] * 2.6))
        self._banner_default = pygame.Rect(0, bh, w, int(max(dp(36), px["body"] * 2.4)))
        self.banner.set_rect(self._banner_default)
        self.banner.px = self._banner_px = px["body"]
        m = max(dp(8), w // 40)
        self._toast_rect = pygame.Rect(m, bh + dp(8), w - 2 * m, int(px["body"] * 2.4) * 2 + dp(12))
        self.toast.set_rect(self._toast_rect)
        self.toast.px = px["body"]

    def set_size(self, w: int, h: int) -> None:
        super().set_size(w, h)
        self._layout_overlays()
        self.overlay_dirty = True

    def banner_place(self) -> pygame.Rect:
        """Where the banner goes over the scenes shown now: the place the bottom visible
        scene offers (its top bar's title strip: nothing essential is hidden), else just
        under the top bar (scenes without such a place; the bar's menu stays usable)."""
        vis = self.visible()
        r = None
        if vis:
            sc = vis[0]
            try:
                r = sc.banner_rect()
            except Exception:
                r = None
            if r is None:
                r = _top_bar_strip(sc)
        if r is None or r.w < 40 or r.h < 24:
            return pygame.Rect(self._banner_default)
        return pygame.Rect(r)

    def show_banner(self, text: str | None, kind: str = "bad") -> None:
        self.banner.set_rect(self.banner_place())
        if text:
            if not (self.banner.visible and self.banner.text == text and self.banner.kind == kind):
                self.banner.show(text, kind)
                self.overlay_dirty = True
        elif self.banner.visible:
            self.banner.hide()
            self.overlay_dirty = True

    def notify(self, text: str, kind: str = "info", seconds: float = 2.6) -> None:
        self.toast.show(text, seconds, kind)
        self.overlay_dirty = True

    # ``on_quit_request()``: asked before Ctrl+Q or closing the window quits; True means
    # "not yet" (e.g. it showed a confirmation whose answer quits or not)
    on_quit_request: Callable[[], bool] | None = None

    TYPING_GUARD_S = 2.0
    _typing_until = 0.0
    _reopen: Callable[[str], Any] | None = None
    _as_text: list | None = None      # letters given to the reopened field as text, not yet seen as text
    _reopened: Any = None             # the scene reopened with them

    def after_typing(self, reopen: Callable[[str], Any]) -> None:
        """A text field just closed (a chat line sent) while its user may still be typing: a
        letter in the next moments reopens it with that letter instead of reaching the scene
        below as a shortcut (the table's P, S, A …)."""
        self._typing_until = time.monotonic() + self.TYPING_GUARD_S
        self._reopen = reopen

    @staticmethod
    def _letter(inp: Input, space: bool = False) -> str:
        """The character a plain key press types ('' for keys that type nothing; a space
        only with ``space``: it starts no chat, but belongs to one being typed)."""
        if inp.kind != KEY or inp.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return ""
        text = inp.text or ""
        if len(text) != 1 or not text.isprintable():
            return ""
        return text if space or not text.isspace() else ""

    def _typed_on(self, inp: Input) -> bool:
        """Route letters typed right after a text field closed back to it; True if taken.

        Keys pressed before the reopened field has the focus come without text input (the
        platform starts it with the focus): those are typed into it here, and their text,
        should it still arrive, is not typed twice."""
        if self._as_text is not None and self.top is not self._reopened:
            self._as_text = None                # that field is closed again
        if self._as_text is not None:
            if inp.kind == TEXT:
                if inp.text in self._as_text:  # the text of a key already typed: drop it
                    del self._as_text[:self._as_text.index(inp.text) + 1]
                    return True
                self._as_text = None          # text input flows: nothing more to do
                return False
            letter = self._letter(inp, space=True)
            if letter:
                self._as_text.append(letter)
                super().handle(Input(TEXT, text=letter, source="key"))
                return True
            return False
        if self._reopen is None or time.monotonic() > self._typing_until:
            return False
        letter = self._letter(inp)
        if not letter:
            return False
        reopen, self._reopen = self._reopen, None
        self._as_text = [letter]
        reopen(letter)
        self._reopened = self.top
        return True

    def request_quit(self) -> None:
        cb = self.on_quit_request
        if cb is not None and cb():
            return
        self.quit_requested = True

    def handle(self, inp: Input) -> None:
        if (inp.kind == KEY and inp.key == pygame.K_q and inp.mod & pygame.KMOD_CTRL) or inp.kind == QUIT:
            self.request_quit()                 # Ctrl+Q quits from every scene (asking first where needed)
            return
        if self._typed_on(inp):
            return
        if inp.kind == KEY and inp.key == pygame.K_F11:
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error:
                pass
            return
        super().handle(inp)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.toast.update(dt):
            self.overlay_dirty = True

    def needs_draw(self) -> bool:
        return self.overlay_dirty or self.toast.active or super().needs_draw()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.banner.visible:
            self.banner.set_rect(self.banner_place())
            # two lines where the strip is narrow (phones), at a size that fits its height
            self.banner.px = min(self._banner_px, max(dp(10), int(self.banner.rect.h / 2.6)))
        self.banner.draw(surface)
        # notices go below the banner while it shows (where it would cover them)
        tr = self._toast_rect
        vis = self.visible()
        place = vis[0].notice_rect() if vis else None
        if place is not None:
            tr = place                  # a table puts notices where they hide no seat names
        if self.banner.visible and self.banner.rect.bottom > tr.top:
            tr = tr.move(0, self.banner.rect.bottom - tr.top + dp(6))
        self.toast.set_rect(tr)
        self.toast.draw(surface)
        self.overlay_dirty = False


def _top_bar_strip(scene) -> pygame.Rect | None:
    """For scenes that do not say where a banner may go: their top bar (``Scene.top_bar``),
    between the buttons the scene shows there (its widgets found in the bar)."""
    from felt.ui.widgets import Widget
    bar = scene.top_bar()
    if bar is None:
        return None
    bar = pygame.Rect(bar)
    left, right = bar.left, bar.right
    for w in list(vars(scene).values()):
        if isinstance(w, Widget) and w.visible and w.rect.w > 0 and w.rect.colliderect(bar):
            if w.rect.centerx < bar.centerx:
                left = max(left, w.rect.right + dp(4))
            else:
                right = min(right, w.rect.left - dp(6))
    return pygame.Rect(left, bar.top, right - left, bar.h - 1)


# ----------------------------------------------------------------------------
def draw_header(surface: pygame.Surface, rect: pygame.Rect, title: str, subtitle: str = "",
                px: dict | None = None, left_pad: int = 0, right_pad: int = 0) -> None:
    """Dark title bar: title (and a dimmer subtitle) between the left and right buttons."""
    px = px or layout.font_sizes(rect.w, rect.w)
    theme.panel(surface, rect, theme.PANEL, alpha=235, radius=0)
    pygame.draw.line(surface, theme.PANEL_BORDER, (rect.left, rect.bottom - 1), (rect.right, rect.bottom - 1), 1)
    inner = pygame.Rect(rect.left + left_pad + dp(10), rect.top + dp(2), rect.w - left_pad - right_pad - dp(20),
                        rect.h - dp(4))
    if subtitle:
        top = pygame.Rect(inner.left, inner.top, inner.w, inner.h * 58 // 100)
        bot = pygame.Rect(inner.left, top.bottom, inner.w, inner.h - top.h)
        draw_text(surface, title, top, px["title"], theme.GOLD, align="left", bold=True, valign="bottom", min_px=11)
        draw_text(surface, subtitle, bot, px["small"], theme.TEXT_DIM, align="left", valign="top", min_px=9)
    else:
        draw_text(surface, title, inner, px["title"], theme.GOLD, align="left", bold=True, min_px=11)


def draw_screen(surface: pygame.Surface, screen: layout.ScreenLayout, title: str, subtitle: str = "",
                left_pad: int = 0, right_pad: int = 0) -> None:
    """A full-window scene's backdrop: the felt, then the header bar with its title."""
    surface.blit(theme.felt_background((screen.w, screen.h)), (0, 0))
    draw_header(surface, screen.header, title, subtitle, screen.px, left_pad=left_pad, right_pad=right_pad)


STATUS_COLORS = {"bad": (255, 150, 140), "good": (150, 240, 160)}     # else theme.TEXT_DIM


def draw_status(surface: pygame.Surface, text: str, kind: str, rect: pygame.Rect, px: int) -> None:
    """A form's status line (``kind`` "bad", "good" or "info"), up to three lines; none for ""."""
    if text:
        draw_text(surface, text, rect, px, STATUS_COLORS.get(kind, theme.TEXT_DIM), wrap=True, max_lines=3,
                  min_px=9)


def header_buttons(screen: layout.ScreenLayout, left: IconButton | None = None,
                   right: Sequence[IconButton] = ()) -> tuple[int, int]:
    """Place square icon buttons in the header; returns (left_pad, right_pad)."""
    hb = screen.header.h - dp(8)
    lp = rp = 0
    if left is not None:
        left.set_rect(pygame.Rect(screen.margin // 2 + dp(2), screen.header.top + dp(4), hb, hb))
        left.px = screen.px["title"]
        lp = left.rect.right
    x = screen.header.right - screen.margin // 2 - dp(2)
    for b in right:
        x -= hb
        b.set_rect(pygame.Rect(x, screen.header.top + dp(4), hb, hb))
        b.px = screen.px["body"]
        x -= dp(6)
    if right:
        rp = screen.header.right - x
    return lp, rp


# ----------------------------------------------------------------------------
class ScrollForm:
    """Widgets stacked in a column that scrolls inside ``rect``.

    ``items`` are ``(widget, height)``; a widget with a ``relayout(rect)`` method gets it
    called instead of ``set_rect``. Drag (mouse or finger) or wheel scrolls; a drag cancels
    the press it started with, so a scroll never toggles a switch by accident.
    """

    def __init__(self, rect=None, gap: int = 6) -> None:
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.items: list[tuple[Any, int]] = []
        self.gap = dp(gap)
        self.scroll = 0
        self._press: tuple[tuple[int, int], int] | None = None
        self._drag = False

    def set_items(self, items: list[tuple[Any, int]]) -> None:
        self.items = list(items)
        self.place()

    def set_rect(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.place()

    def content_h(self) -> int:
        return sum(h for _, h in self.items) + self.gap * max(0, len(self.items) - 1)

    def more_h(self) -> int:
        """The strip under a column taller than its place that says there is more ("mehr ⌄")."""
        return dp(30)

    def view_rect(self) -> pygame.Rect:
        """Where the items show: the whole rect, less the "more" strip where they do not fit."""
        r = self.rect
        if self.content_h() > r.h and r.h > 3 * self.more_h():
            return pygame.Rect(r.left, r.top, r.w, r.h - self.more_h())
        return r

    def max_scroll(self) -> int:
        return max(0, self.content_h() - self.view_rect().h)

    def place(self) -> None:
        self.scroll = max(0, min(self.scroll, self.max_scroll()))
        y = self.rect.top - self.scroll
        for wdg, h in self.items:
            r = pygame.Rect(self.rect.left, y, self.rect.w - dp(6), h)
            wdg.relayout(r)
            y += h + self.gap

    def scroll_to(self, wdg) -> None:
        """Scroll so ``wdg`` is in view."""
        y = 0
        for w, h in self.items:
            if w is wdg:
                view_h = self.view_rect().h
                if y < self.scroll:
                    self.scroll = y
                elif y + h > self.scroll + view_h:
                    self.scroll = y + h - view_h
                self.place()
                return
            y += h + self.gap

    def _visible(self):
        view = self.view_rect()
        return [w for w, _ in self.items if w.visible and w.rect.colliderect(view)]

    def handle(self, inp: Input):
        """True if consumed (changed), 'hover' for look-only changes, else False."""
        if inp.kind == WHEEL and self.rect.collidepoint(inp.pos):
            old = self.scroll
            self.scroll = max(0, min(self.max_scroll(), self.scroll - inp.dy * dp(40)))
            self.place()
            return old != self.scroll
        if inp.kind == RELEASE and self._press is not None and not self._drag and self.more_rect() is not None \
                and self.more_rect().collidepoint(inp.pos) and self.more_rect().collidepoint(self._press[0]):
            self._press = None                 # a tap on "mehr": the next part of the column
            self.scroll = min(self.max_scroll(), self.scroll + self.view_rect().h * 3 // 4)
            self.place()
            return True
        if inp.kind == KEY and inp.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            old = self.scroll
            d = self.view_rect().h * 3 // 4
            self.scroll = max(0, min(self.max_scroll(), self.scroll + (d if inp.key == pygame.K_PAGEDOWN else -d)))
            self.place()
            if old != self.scroll:
                return True
        if inp.kind == PRESS:
            inside = self.view_rect().collidepoint(inp.pos)
            if inside or (self.more_rect() is not None and self.more_rect().collidepoint(inp.pos)):
                self._press = (inp.pos, self.scroll)
                self._drag = False
            vis = self._visible()
            res = False
            for w, _ in self.items:   # every widget sees it, so text fields can lose focus
                r = w.handle(inp if (inside and w in vis) else Input(PRESS, pos=FAR, source=inp.source))
                if r and r != "hover":
                    res = True
                elif r and not res:
                    res = r
            return True if inside else res
        if inp.kind == MOTION and self._press is not None:
            dy = inp.pos[1] - self._press[0][1]
            if not self._drag and abs(dy) > dp(10) and self.max_scroll() > 0:
                self._drag = True
                for w, _ in self.items:       # cancel the press the drag started with
                    w.handle(Input(RELEASE, pos=FAR, source=inp.source))
            if self._drag:
                self.scroll = max(0, min(self.max_scroll(), self._press[1] - dy))
                self.place()
                return True
            return False
        if inp.kind == RELEASE:
            press, drag = self._press, self._drag
            self._press, self._drag = None, False
            if drag:
                return True
            r = handle_first(self._visible() if press is not None else [w for w, _ in self.items], inp)
            return True if r and r != "hover" else r
        r = handle_first(self._visible() if inp.pointer else [w for w, _ in self.items], inp)
        return True if r and r != "hover" else r

    def more_rect(self) -> pygame.Rect | None:
        """The "more" strip under the items (None: everything fits)."""
        view = self.view_rect()
        return pygame.Rect(view.left, view.bottom, view.w - dp(8), self.rect.bottom - view.bottom) \
            if view.h < self.rect.h else None

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        view = self.view_rect()
        surface.set_clip(view.clip(clip) if clip else view)
        for w in self._visible():
            w.draw(surface)
        surface.set_clip(clip)
        if self.max_scroll() > 0:
            self.draw_more(surface)

    def draw_more(self, surface: pygame.Surface) -> None:
        """That there is more than fits: the edge with more behind it fades out, the strip
        under the column says "mehr ⌄" while more lies below (a tap there scrolls on), and a
        scroll bar on a track says where the view is (a thin bar alone hid a lobby's fifth
        seat and the rows under its options)."""
        r = self.view_rect()
        frac = r.h / max(1, self.content_h())
        bh = max(dp(28), int(r.h * frac))
        by = r.top + int((r.h - bh) * self.scroll / self.max_scroll())
        track = pygame.Rect(r.right - dp(6), r.top, dp(6), r.h)
        theme.panel(surface, track, (0, 0, 0), alpha=60, radius=dp(3))
        pygame.draw.rect(surface, theme.TEXT, (track.left, by, track.w, bh), border_radius=dp(3))
        fade_h = min(dp(40), r.h // 4)
        for edge, more in (("top", self.scroll > 0), ("bottom", self.scroll < self.max_scroll())):
            if more:
                band = pygame.Rect(r.left, r.top if edge == "top" else r.bottom - fade_h, r.w - dp(8), fade_h)
                surface.blit(_fade(band.size, edge), band.topleft)
        strip = self.more_rect()
        if strip is None or self.scroll >= self.max_scroll():
            return
        from felt.ui import fonts
        px = max(dp(11), min(dp(15), strip.h * 45 // 100))
        word = i18n.t("scroll.more")
        k = px * 40 // 100
        tw = fonts.width(word, px, True)
        x = strip.centerx - (tw + dp(6) + 2 * k) // 2
        draw_text(surface, word, pygame.Rect(x, strip.top, tw + dp(2), strip.h), px, theme.GOLD, bold=True,
                  align="left", min_px=9)
        cx, cy = x + tw + dp(6) + k, strip.centery
        pygame.draw.lines(surface, theme.GOLD, False, [(cx - k, cy - k // 2), (cx, cy + k // 2), (cx + k, cy - k // 2)],
                          max(2, dp(2)))


_fades: dict = {}


def _fade(size: tuple[int, int], edge: str) -> pygame.Surface:
    """A band of the felt's dark green, clear at the inner side, solid at ``edge``."""
    key = (size, edge)
    img = _fades.get(key)
    if img is None:
        w, h = size
        img = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        for y in range(h):
            t = (y + 1) / h if edge == "bottom" else (h - y) / h
            img.fill((12, 58, 34, int(215 * t * t)), pygame.Rect(0, y, w, 1))
        if len(_fades) > 32:
            _fades.clear()
        _fades[key] = img
    return img


# ----------------------------------------------------------------------------
class StackChoice(Choice):
    """A Choice that puts its label above the ‹ value › control when the row is narrow
    (phones), so long values ('Zwang (wer kann, muss)') keep enough room."""
    STACK_BELOW = 640

    @property
    def stacked(self) -> bool:
        return self.rect.w < dp(self.STACK_BELOW)

    def _parts(self):
        if not self.stacked:
            return super()._parts()
        r = self.rect
        lh = r.h * 40 // 100
        label = pygame.Rect(r.left, r.top, r.w, lh)
        ctrl = pygame.Rect(r.left, r.top + lh, r.w, r.h - lh)
        bw = max(dp(44), ctrl.h)
        left = pygame.Rect(ctrl.left, ctrl.top, bw, ctrl.h)
        right = pygame.Rect(ctrl.right - bw, ctrl.top, bw, ctrl.h)
        mid = pygame.Rect(left.right, ctrl.top, right.left - left.right, ctrl.h)
        return label, left, mid, right


class CycleButton(Button):
    """A button showing 'Label: value' that steps through ``options`` [(value, text)] on tap."""

    def __init__(self, label: str, options, value=None, on_change=None, kind: str = "secondary") -> None:
        super().__init__("", None, kind=kind)
        self.label = label
        self.options = list(options)
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        self.on_change_value = on_change
        self.on_click = self._next
        self._retext()

    @property
    def value(self):
        return self.options[self.index][0] if self.options else None

    def _retext(self) -> None:
        txt = self.options[self.index][1] if self.options else ""
        self.text = f"{self.label}: {txt}" if self.label else txt

    def _next(self) -> None:
        if not self.options:
            return
        self.index = (self.index + 1) % len(self.options)
        self._retext()
        if self.on_change_value:
            self.on_change_value(self.value)


# ----------------------------------------------------------------------------
class MenuOverlay(Scene):
    """A modal card with buttons, over the scene below. ``items``: (text, callback, kind); a
    tap closes the menu and runs the callback. An item of kind ``"switch"`` (drawn as a
    secondary button) is a setting switched in place: the menu stays open and its labels are
    made again from ``items_again()`` ("Vier Farben: an"), so several can be switched in turn."""
    opaque = False

    def __init__(self, title: str, items: Sequence[tuple[str, Callable[[], Any], str]],
                 items_again: Callable[[], Sequence[tuple]] | None = None) -> None:
        super().__init__()
        self.title = title
        self.items_again = items_again
        self.buttons = []
        for text, cb, kind in items:
            switch = kind == "switch" and items_again is not None
            self.buttons.append(Button(text, self._switch(cb) if switch else self._wrap(cb),
                                       kind="secondary" if kind == "switch" else kind))
        self.card = pygame.Rect(0, 0, 0, 0)
        self.px: dict = {}

    def _wrap(self, cb):
        def run():
            if self.stack is not None and self.stack.top is self:
                self.stack.pop()
            if cb:
                cb()
        return run

    def _switch(self, cb):
        def run():
            if cb:
                cb()
            fresh = list(self.items_again()) if self.items_again is not None else []
            if len(fresh) == len(self.buttons):        # the same items, their labels as they are now
                for b, item in zip(self.buttons, fresh):
                    b.text = item[0]
            self.mark_dirty()
        return run

    def remote_state(self) -> dict:
        return {"title": self.title, "buttons": [{"text": b.text, "rect": [b.rect.x, b.rect.y, b.rect.w, b.rect.h]}
                                                 for b in self.buttons]}

    def close(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def layout(self, w: int, h: int) -> None:
        self.px = px = layout.font_sizes(w, h)
        bh = int(max(dp(48), px["button"] * 2.8))
        gap = dp(10)
        cw = min(w - dp(32), dp(420))
        title_h = int(px["title"] * 2.2)
        ch = title_h + len(self.buttons) * (bh + gap) + dp(16)
        ch = min(ch, h - dp(32))
        self.card = pygame.Rect(0, 0, cw, ch)
        self.card.center = (w // 2, h // 2)
        y = self.card.top + title_h
        for b in self.buttons:
            b.set_rect(pygame.Rect(self.card.left + dp(16), y, cw - dp(32), bh))
            b.px = px["button"]
            y += bh + gap

    def handle(self, inp: Input) -> None:
        if inp.kind == BACK or (inp.kind == KEY and inp.key == pygame.K_ESCAPE):
            self.close()
            return
        if self.dispatch(inp, self.buttons):
            return
        if inp.kind == RELEASE and not self.card.collidepoint(inp.pos):
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        theme.shadow(surface, self.card, radius=16, offset=(3, 5), alpha=110)
        theme.panel(surface, self.card, (14, 54, 32), alpha=250, radius=16, border=theme.PANEL_BORDER)
        tr = pygame.Rect(self.card.left + dp(16), self.card.top + dp(4), self.card.w - dp(32),
                         int(self.px["title"] * 2.0))
        draw_text(surface, self.title, tr, self.px["title"], theme.GOLD, bold=True)
        for b in self.buttons:
            b.draw(surface)


class ConfirmOverlay(MenuOverlay):
    """A question with a sentence of explanation and its answers (``items`` as for
    MenuOverlay), e.g. "End the match for everyone?" before the host's window closes."""

    def __init__(self, title: str, body: str, items: Sequence[tuple[str, Callable[[], Any], str]]) -> None:
        super().__init__(title, items)
        self.body = body
        self.body_rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        px = self.px
        cw = self.card.w
        lines = len(fonts_wrap(self.body, px["body"], cw - dp(40))) if self.body else 0
        body_h = int(lines * px["body"] * 1.35) + (dp(12) if lines else 0)
        title_h = int(px["title"] * 2.2)
        bh = int(max(dp(48), px["button"] * 2.8))
        ch = min(title_h + body_h + len(self.buttons) * (bh + dp(10)) + dp(16), h - dp(32))
        self.card = pygame.Rect(0, 0, cw, ch)
        self.card.center = (w // 2, h // 2)
        self.body_rect = pygame.Rect(self.card.left + dp(20), self.card.top + title_h, cw - dp(40), body_h)
        y = self.body_rect.bottom
        for b in self.buttons:
            b.set_rect(pygame.Rect(self.card.left + dp(16), y, cw - dp(32), bh))
            y += bh + dp(10)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.body:
            draw_text(surface, self.body, self.body_rect, self.px["body"], theme.TEXT, wrap=True, valign="top",
                      min_px=10)


def fonts_wrap(text: str, px: int, max_w: int) -> list[str]:
    from felt.ui import fonts
    return fonts.wrap(text, px, max_w, 0, False)


class PickerOverlay(Scene):
    """Pick one item from a scrollable list (``items`` as for ListView); ``on_pick(index, item)``."""
    opaque = False

    def __init__(self, title: str, items: Sequence[dict], on_pick: Callable[[int, dict], Any],
                 empty_text: str = "") -> None:
        super().__init__()
        self.title = title
        self.on_pick = on_pick
        self.list = ListView(items=items, on_select=self._picked, empty_text=empty_text)
        self.cancel_btn = Button(i18n.t("cancel"), self.close, kind="secondary", hotkeys=(pygame.K_ESCAPE,))
        self.card = pygame.Rect(0, 0, 0, 0)
        self.px: dict = {}

    def _picked(self, i: int, item: dict) -> None:
        self.close()
        self.on_pick(i, item)

    def remote_state(self) -> dict:
        return {"title": self.title,
                "rows": [{"title": it.get("title"), "rect": list(self.list.row_rect(i))}
                         for i, it in enumerate(self.list.items)]}

    def close(self) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def layout(self, w: int, h: int) -> None:
        self.px = px = layout.font_sizes(w, h)
        cw = min(w - dp(24), dp(560))
        ch = h - dp(48) if h < dp(700) else min(h - dp(96), dp(640))
        self.card = pygame.Rect(0, 0, cw, ch)
        self.card.center = (w // 2, h // 2)
        title_h = int(px["title"] * 2.2)
        bh = int(max(dp(48), px["button"] * 2.8))
        row_h = int(max(dp(52), px["body"] * 3.6))
        self.list.set_rect(pygame.Rect(self.card.left + dp(10), self.card.top + title_h, cw - dp(20),
                                       ch - title_h - bh - dp(24)))
        self.list.row_h = row_h
        self.list.px = px["body"]
        self.cancel_btn.set_rect(pygame.Rect(self.card.left + dp(16), self.card.bottom - bh - dp(10), cw - dp(32), bh))
        self.cancel_btn.px = px["button"]

    def handle(self, inp: Input) -> None:
        if inp.kind == BACK:
            self.close()
            return
        self.dispatch(inp, (self.cancel_btn, self.list))

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        theme.panel(surface, self.card, (14, 54, 32), alpha=250, radius=16, border=theme.PANEL_BORDER)
        tr = pygame.Rect(self.card.left + dp(16), self.card.top + dp(4), self.card.w - dp(32),
                         int(self.px["title"] * 2.0))
        draw_text(surface, self.title, tr, self.px["title"], theme.GOLD, bold=True)
        self.list.draw(surface)
        self.cancel_btn.draw(surface)

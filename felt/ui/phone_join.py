"""A phone's own start: the table's join screen, and the controller of a phone's renderer.

A browser that opens a table's page lands here, not on the start screen with its list of
tables: the renderer already knows which table it belongs to. The screen asks for the
name and offers a seat or watching; the controller then joins that table directly.

:class:`PhoneController` is the ordinary :class:`felt.ui.controller.Controller` with this
screen as its start (after leaving the table or when the table closes, the phone comes
back here) and without hosting: a phone joins the table whose page it opened.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from felt.ui import i18n, layout, theme
from felt.ui.controller import Controller
from felt.ui.scene import KEY, PRESS, Input, Scene
from felt.ui.settings import NAME_MAX, Settings
from felt.ui.shell import draw_screen, draw_status, header_buttons
from felt.ui.start_scene import LangButton
from felt.ui.widgets import Button, IconButton, TextField, draw_text


class PhoneJoinScene(Scene):
    """The name, then Play (a seat) or Watch, for the one table this phone belongs to."""

    def __init__(self, settings: Settings, table_name: str = "",
                 on_join: Callable[[bool], Any] | None = None,
                 on_settings: Callable[[Settings], Any] | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.table_name = table_name
        self.on_join = on_join                   # on_join(spectator)
        self.on_settings = on_settings
        self.status = ""
        self.status_kind = "info"
        self.screen_rects: layout.ScreenLayout | None = None
        self.name_field = TextField(settings.name, placeholder=i18n.t("name.default"), max_len=NAME_MAX,
                                    on_change=self._name_changed, on_submit=lambda _t: self.play(),
                                    on_limit=lambda n: self.set_status(
                                        i18n.t("field.limit", what=i18n.t("your_name"), n=n), "bad"))
        self.name_field.a11y_label = i18n.t("your_name")     # its label, for a screen reader (felt.ui.a11y)
        self.play_btn = Button(i18n.t("phone.play"), self.play, kind="primary")
        self.watch_btn = Button(i18n.t("phone.watch"), self.watch, kind="secondary")
        self.lang_btn = LangButton(self.toggle_lang, hotkeys=(pygame.K_F4,))
        self.mute_btn = IconButton("♪", self.toggle_mute, crossed=settings.muted)
        self.rects: dict[str, pygame.Rect] = {}
        self._typing = False                     # the name field had the focus at the last update

    # ---------------------------------------------------------------- actions
    def _name_changed(self, text: str) -> None:
        self.settings.name = " ".join(text.split())[:NAME_MAX]
        if self.on_settings:
            self.on_settings(self.settings)
        # the page's input stops at the limit (its maxLength) and cuts a paste there without a
        # word: the limit is said as soon as the name reaches it, and unsaid once it is shorter
        limit = i18n.t("field.limit", what=i18n.t("your_name"), n=NAME_MAX)
        if len(text) >= NAME_MAX:
            self.set_status(limit, "bad")
        elif self.status == limit:
            self.set_status("")

    def set_status(self, text: str, kind: str = "info") -> None:
        self.status, self.status_kind = text or "", kind
        self.mark_dirty()

    def _take_name(self) -> None:
        """The typed name, tidied (no space at either end or twice), becomes the setting and
        what the field shows."""
        self._name_changed(self.name_field.text)
        if self.name_field.text != self.settings.name:
            self.name_field.text = self.settings.name
            self.mark_dirty()

    def _go(self, spectator: bool) -> None:
        self.name_field.focus(False)
        self._take_name()
        if not self.settings.name:
            # no name, no seat: say so and open the field (it joined as "Spieler" without a word)
            self.set_status(i18n.t("phone.name_needed"), "bad")
            self.name_field.focus(True)
            return
        if self.on_join:
            self.on_join(spectator)

    def play(self) -> None:
        self._go(False)

    def watch(self) -> None:
        self._go(True)

    def toggle_lang(self) -> None:
        self.settings.lang = i18n.set_lang("en" if i18n.get_lang() == "de" else "de")
        if self.on_settings:
            self.on_settings(self.settings)
        self.play_btn.text = i18n.t("phone.play")
        self.watch_btn.text = i18n.t("phone.watch")
        self.name_field.placeholder = i18n.t("name.default")
        self.name_field.a11y_label = i18n.t("your_name")
        self.lang_btn.retext()
        self.mark_dirty()

    def toggle_mute(self) -> None:
        self.settings.muted = not self.settings.muted
        self.mute_btn.crossed = self.settings.muted
        if self.on_settings:
            self.on_settings(self.settings)
        self.mark_dirty()

    # ---------------------------------------------------------------- layout
    def layout(self, w: int, h: int) -> None:
        self.screen_rects = screen = layout.screen_layout(w, h, max_content_w=520)
        px = screen.px
        _, rp = header_buttons(screen, None, (self.lang_btn, self.mute_btn))
        m = screen.margin
        c = screen.content
        cw = min(c.w, int(screen.button_h * 9))
        x = c.centerx - cw // 2
        lab_h = int(px["label"] * 1.7)
        fh = int(max(screen.button_h, px["body"] * 2.8))
        self.name_field.px = px["label"]
        for b in (self.play_btn, self.watch_btn):
            b.px = px["button"]
        y = screen.header.bottom + 2 * m
        self.rects = {"header_text": pygame.Rect(0, 0, screen.header.w - rp, screen.header.h)}
        self.rects["table"] = pygame.Rect(x, y, cw, int(px["title"] * 1.6))
        y = self.rects["table"].bottom + m
        self.rects["hint"] = pygame.Rect(x, y, cw, int(px["body"] * 3.2))
        y = self.rects["hint"].bottom + m
        self.rects["name_label"] = pygame.Rect(x, y, cw, lab_h)
        y += lab_h
        self.name_field.set_rect(pygame.Rect(x, y, cw, fh))
        y += fh + 2 * m
        self.play_btn.set_rect(pygame.Rect(x, y, cw, screen.button_h))
        y += screen.button_h + m
        self.watch_btn.set_rect(pygame.Rect(x, y, cw, screen.button_h))
        y += screen.button_h + m
        self.rects["status"] = pygame.Rect(x, y, cw, int(px["body"] * 4))

    # ----------------------------------------------------------------- input
    def update(self, dt: float) -> None:
        if self._typing and not self.name_field.focused:
            self._take_name()                   # the field closed (here or on the page): the name as used
        self._typing = self.name_field.focused

    def handle(self, inp: Input) -> None:
        if inp.kind == KEY and self.name_field.focused:
            if self.name_field.handle(inp) or inp.text:
                self.mark_dirty()
                return
        if inp.kind == PRESS:
            if self.name_field.handle(inp):
                self.mark_dirty()
            if self.name_field.rect.collidepoint(inp.pos):
                return
        self.dispatch(inp, (self.lang_btn, self.mute_btn, self.play_btn, self.watch_btn)
                      + ((self.name_field,) if inp.kind != PRESS else ()))

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        screen = self.screen_rects
        if screen is None:
            return
        px = screen.px
        draw_screen(surface, screen, i18n.t("app.title"), i18n.t("phone.join_title"),
                    right_pad=screen.header.w - self.rects["header_text"].w)
        self.lang_btn.draw(surface)
        self.mute_btn.draw(surface)
        draw_text(surface, self.table_name, self.rects["table"], px["title"], theme.GOLD, bold=True, min_px=11)
        draw_text(surface, i18n.t("phone.hint"), self.rects["hint"], px["body"], theme.TEXT_DIM, wrap=True,
                  max_lines=3, min_px=9)
        draw_text(surface, i18n.t("your_name"), self.rects["name_label"], px["label"], theme.TEXT_DIM,
                  align="left", bold=True, valign="bottom")
        # the counter near the limit, beside the label: the page's own input covers the field,
        # and with it the field's counter
        counter = self.name_field.counter_text()
        if counter:
            full = len(self.name_field.text) >= self.name_field.max_len
            draw_text(surface, counter, self.rects["name_label"], px["body"], theme.DANGER if full else theme.TEXT_DIM,
                      align="right", bold=full, valign="bottom")
        self.name_field.draw(surface)
        self.play_btn.draw(surface)
        self.watch_btn.draw(surface)
        draw_status(surface, self.status, self.status_kind, self.rects["status"], px["body"])

    # the phone page's screen-reader layer (felt.ui.a11y): its heading and the screen's words
    def a11y_status(self) -> str:
        return i18n.t("phone.join_title")

    def a11y_text(self) -> list[str]:
        return [x for x in (self.table_name, i18n.t("phone.hint"), self.status) if x]

    def remote_state(self) -> dict:
        return {"status": self.status, "name": self.name_field.text, "counter": self.name_field.counter_text()}

    def top_bar(self) -> pygame.Rect | None:
        return self.screen_rects.header if self.screen_rects is not None else None

class PhoneController(Controller):
    """The controller of a phone's renderer: its start is the join screen of its table."""

    keeps_replays = False          # the renderer runs on the host, which keeps every match already

    def __init__(self, *a, table: dict | None = None, **kw) -> None:
        self.phone_table = dict(table or {})      # {"address", "port", "name"}
        super().__init__(*a, **kw)

    def show_start(self, status: str = "", kind: str = "info") -> None:
        sc = PhoneJoinScene(self.settings, str(self.phone_table.get("name") or ""), on_join=self.join_table,
                            on_settings=self.save_settings)
        if status:
            sc.set_status(status, kind)
        self._set_main("start", sc)
        self.stack.show_banner(None)

    def join_table(self, spectator: bool = False, token: str | None = None) -> None:
        t = self.phone_table
        self.join(str(t["address"]), int(t["port"]), token=token, spectator=spectator)

    def lobby_address(self) -> str:
        """No address in a phone's lobby: it is the laptops' way in (as the host sees it, often
        127.0.0.1), and this phone came in through the page and has nowhere to type it."""
        return ""

    def resumable(self) -> list[dict]:
        return []

    def request_quit(self) -> bool:
        return True                               # a page cannot quit its renderer (Ctrl+Q does nothing)

    def host_table(self, config=None, **over: Any) -> bool:
        return False                              # a phone joins the table whose page it opened

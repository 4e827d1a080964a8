"""Start screen: the player's name, tables found on the network (live), host, join by address.

Outside interface (the controller wires it up):

- ``tables_fn() -> list[dict]``: the tables currently found (``TableBrowser.tables()``);
  polled in ``update`` so tables appear and disappear while the screen is open;
- ``on_join(address, port)``, ``on_host()``: the player's choice;
- ``on_settings(settings)``: name / language / sound changed (the controller saves them);
- ``set_status(text, kind)``: a line under the buttons (e.g. "connection failed").

``snapshot_scene()`` builds the screen from demo data for ``felt snapshot``.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from felt.ui import fonts, i18n, layout, theme
from felt.ui.scene import KEY, PRESS, Input, Scene
from felt.ui.settings import NAME_MAX, Settings
from felt.ui.shell import draw_screen, draw_status, header_buttons
from felt.ui.widgets import Button, IconButton, ListView, TextField, draw_text


def parse_address(text: str, default_port: int | None = None) -> tuple[str, int] | None:
    """'192.168.1.20:5000' -> ('192.168.1.20', 5000); None if it is not an address."""
    text = text.strip()
    if not text:
        return None
    if text.startswith("[") and "]" in text:        # [v6]:port
        host, _, rest = text[1:].partition("]")
        port_s = rest.lstrip(":")
    elif text.count(":") == 1:
        host, port_s = text.split(":")
    else:
        host, port_s = text, ""
    host = host.strip()
    if not host or any(c.isspace() for c in host):
        return None
    if not port_s:
        if default_port is None:
            return None
        return host, default_port
    try:
        port = int(port_s)
    except ValueError:
        return None
    if not 1 <= port <= 65535:
        return None
    return host, port


def template_name(template_id: str) -> str:
    """Display name of a rule template id in the window's language ('custom' for an edited
    rule set): the game's catalog says it (``template.<ID>``); a template without a catalog
    entry, by the name its file gives."""
    if not template_id or template_id.lower() == "custom":
        return i18n.t("app.custom_rules")
    try:
        from felt.contract import find_rules
        rules = find_rules(template_id)[1]
    except Exception:
        return template_id
    key = f"template.{getattr(rules, 'id', None) or template_id}"
    return i18n.t(key) if i18n.has(key) else rules.name


def rules_title(template_id: str | None, name: str | None) -> str:
    """The name of a table's rule set: a shipped template's in the window's language, unless
    the owner gave it a name of its own."""
    if not template_id:
        return name or template_name("custom")
    try:
        from felt.contract import find_rules
        own = find_rules(template_id)[1].name
    except Exception:
        own = None
    return template_name(template_id) if not name or name == own else name


def table_item(tb: dict, narrow: bool = False, seats: dict | None = None) -> dict:
    """A row of the live table list. ``seats``: this device's seat tokens by "address:port"
    (a table where one of them waits says so: the player left or lost the connection)."""
    free = int(tb.get("seats_free", 0))
    total = free + int(tb.get("seats_taken", 0))
    if seats and f"{tb.get('address')}:{tb.get('port')}" in seats:
        right = i18n.t("start.your_seat")
    elif tb.get("running"):
        right = i18n.t("start.playing")
    elif free <= 0:
        right = i18n.t("start.full")
    else:
        right = i18n.t("app.free_short" if narrow else "start.seats_free", free=free, total=total, n=total)
    version = int(tb.get("version") or 0)
    from felt.net.schema import PROTOCOL_VERSION
    if version and version != PROTOCOL_VERSION:     # another program version: cannot join
        return {"title": str(tb.get("name", "?")), "subtitle": i18n.t("app.other_version", v=version),
                "right": "", "table": tb, "enabled": False}
    sub = template_name(str(tb.get("template", "")))
    if tb.get("template") and str(tb.get("template")).lower() != "custom":
        sub += f" ({tb['template']})"
    game = tb.get("game")
    if isinstance(game, str) and game:                  # which of the games the table plays
        gname = game_name(game)
        if gname and not sub.startswith(gname):
            sub = f"{gname} · {sub}"
    return {"title": str(tb.get("name", "?")), "subtitle": sub, "right": right, "table": tb}


def game_name(game_id: str) -> str:
    """A game's name in the window's language ("" for none, its id where this window lacks it)."""
    if not game_id:
        return ""
    from felt.net.replay import game_name as named
    return named(game_id, i18n.get_lang()) or game_id


class LangButton(IconButton):
    """The language switch: the language in force, large ("DE"), and the one a tap switches
    to under it ("→ EN"), so it never reads as the language shown now being the other."""

    def __init__(self, on_click=None, hotkeys=()) -> None:
        super().__init__("", on_click, hotkeys=hotkeys)
        self.retext()

    def retext(self) -> None:
        cur = i18n.get_lang()
        self.current = cur.upper()
        self.other = ("en" if cur == "de" else "de").upper()
        self.text = self.current

    def draw(self, surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        text = self.text
        self.text = ""
        super().draw(surface)                       # the button's body
        self.text = text
        r = self.rect.inflate(-6, -8)
        top = pygame.Rect(r.left, r.top, r.w, r.h * 58 // 100)
        bot = pygame.Rect(r.left, top.bottom, r.w, r.h - top.h)
        draw_text(surface, self.current, top, self.px, theme.GOLD, bold=True, valign="bottom", min_px=9)
        draw_text(surface, "→ " + self.other, bot, max(9, self.px * 3 // 4), theme.TEXT_DIM, valign="top",
                  min_px=8)


class StartScene(Scene):
    def __init__(self, settings: Settings | None = None, tables_fn: Callable[[], list[dict]] | None = None,
                 on_join: Callable[[str, int], Any] | None = None, on_host: Callable[[], Any] | None = None,
                 on_settings: Callable[[Settings], Any] | None = None, searching: bool = True,
                 resumable: list[dict] | None = None, on_resume: Callable[[str], Any] | None = None) -> None:
        super().__init__()
        # unfinished tables of this device (journals in the data folder) that can be resumed
        self.resumable = list(resumable or [])
        self.on_resume = on_resume
        self.settings = settings or Settings()
        self.tables_fn = tables_fn
        self.on_join = on_join
        self.on_host = on_host
        self.on_settings = on_settings
        self.searching = searching
        self.tables: list[dict] = []
        self.status = ""
        self.status_kind = "info"
        self.addr_open = bool(self.settings.last_address)
        self.screen_rects: layout.ScreenLayout | None = None
        self._poll_t = 0.0
        self.name_field = TextField(self.settings.name, placeholder=i18n.t("name.default"), max_len=NAME_MAX,
                                    on_change=self._name_changed, on_submit=lambda _t: self.name_field.focus(False),
                                    on_limit=lambda n: self._too_long("your_name", n))
        self.addr_field = TextField(self.settings.last_address, placeholder="192.168.1.20:5000", max_len=60,
                                    on_submit=lambda _t: self.join_address(),
                                    on_limit=lambda n: self._too_long("start.address", n))
        self.list = ListView(on_select=self._picked, empty_text="")
        self.host_btn = Button(i18n.t("start.host"), self.host, kind="primary", hotkeys=(pygame.K_F2,))
        self.addr_btn = Button(i18n.t("start.join_addr"), self.toggle_address, kind="secondary",
                               hotkeys=(pygame.K_F3,))
        self.join_btn = Button(i18n.t("start.join"), self.join_address, kind="primary")
        self.resume_btn = Button(self._resume_label(), self.open_resume, kind="secondary", hotkeys=(pygame.K_F5,))
        self.resume_btn.visible = bool(self.resumable)
        self.lang_btn = LangButton(self.toggle_lang, hotkeys=(pygame.K_F4,))
        self.mute_btn = IconButton("♪", self.toggle_mute, crossed=self.settings.muted)
        self.rects: dict[str, pygame.Rect] = {}
        self.refresh_tables()

    # ---------------------------------------------------------------- actions
    def _resume_label(self) -> str:
        n = len(self.resumable)
        return i18n.t("start.resume_n", n=n) if n > 1 else i18n.t("start.resume")

    def resume_items(self) -> list[dict]:
        from felt.ui.resume import age_text
        items = []
        for tb in self.resumable:
            rnd = i18n.t("resume.round", n=tb.get("round", 1))
            if tb.get("rounds"):
                rnd += f"/{tb['rounds']}"
            names = ", ".join(n for n in tb.get("players") or [] if n)
            game = game_name(str(tb.get("game") or ""))     # which of the evening's games was cut off
            if game:
                rnd = f"{game} · {rnd}"
            items.append({"title": str(tb.get("name") or "?"), "subtitle": f"{rnd} · {names}" if names else rnd,
                          "right": age_text(float(tb.get("mtime") or 0)), "resume": tb})
        return items

    def open_resume(self) -> None:
        if not self.resumable or self.stack is None:
            return
        from felt.ui.shell import PickerOverlay
        self._take_name()
        self.stack.push(PickerOverlay(i18n.t("resume.title"), self.resume_items(), self._resume_picked,
                                      empty_text=i18n.t("resume.none")))

    def _resume_picked(self, _i: int, item: dict) -> None:
        tb = item.get("resume") or {}
        if tb.get("path") and self.on_resume:
            self.set_status(i18n.t("app.hosting"))
            self.on_resume(str(tb["path"]))

    def _lang_label(self) -> str:
        """The language in force ('DE'); the button also shows the one a tap switches to."""
        return i18n.get_lang().upper()

    def player_name(self) -> str:
        name = " ".join(self.name_field.text.split())
        return name or i18n.t("name.default")

    def _name_changed(self, text: str) -> None:
        self.settings.name = " ".join(text.split())[:NAME_MAX]
        self._changed()

    def _too_long(self, label_key: str, n: int) -> None:
        """Typed or pasted text did not fit its field: say which one, and its limit."""
        self.set_status(i18n.t("field.limit", what=i18n.t(label_key), n=n), "bad")

    def _take_name(self) -> None:
        """The typed name (tidied) becomes the setting; an empty field stays empty (its
        placeholder is no text: the default name is used without being typed in)."""
        self.settings.name = " ".join(self.name_field.text.split())[:NAME_MAX]
        if self.name_field.text != self.settings.name:
            self.name_field.text = self.settings.name
        self._changed()

    def _changed(self) -> None:
        if self.on_settings:
            self.on_settings(self.settings)

    def set_status(self, text: str, kind: str = "info") -> None:
        self.status, self.status_kind = text or "", kind
        self.mark_dirty()

    def host(self) -> None:
        self._take_name()
        self.set_status(i18n.t("app.hosting"))
        if self.on_host:
            self.on_host()

    def toggle_address(self) -> None:
        self.addr_open = not self.addr_open
        self.addr_field.focus(self.addr_open)
        self.name_field.focus(False)
        if self.screen_rects is not None:
            self.layout(*self.size)
        self.mark_dirty()

    def join_address(self) -> None:
        addr = parse_address(self.addr_field.text)
        if addr is None:
            self.set_status(i18n.t("app.bad_address"), "bad")
            return
        self.settings.last_address = self.addr_field.text.strip()
        self.addr_field.focus(False)
        self.join(*addr)

    def join(self, address: str, port: int) -> None:
        self._take_name()
        self.set_status(i18n.t("net.connecting", addr=f"{address}:{port}"))
        if self.on_join:
            self.on_join(address, port)

    def _picked(self, i: int, item: dict) -> None:
        tb = item.get("table") or {}
        if tb.get("address") and tb.get("port"):
            self.join(str(tb["address"]), int(tb["port"]))

    def toggle_lang(self) -> None:
        self.settings.lang = i18n.set_lang("en" if i18n.get_lang() == "de" else "de")
        self._changed()
        self.retext()

    def toggle_mute(self) -> None:
        self.settings.muted = not self.settings.muted
        self.mute_btn.crossed = self.settings.muted
        self._changed()
        self.mark_dirty()

    def retext(self) -> None:
        """Texts again in the current language."""
        self.host_btn.text = i18n.t("start.host")
        self.addr_btn.text = i18n.t("start.join_addr")
        self.join_btn.text = i18n.t("start.join")
        self.resume_btn.text = self._resume_label()
        self.lang_btn.retext()
        self.name_field.placeholder = i18n.t("name.default")
        self.list.set_items(self._items(self.tables))
        self.mark_dirty()

    def _items(self, tables: list) -> list[dict]:
        return [table_item(t, self._narrow(), self.settings.seats) for t in tables]

    def refresh_tables(self) -> None:
        if self.tables_fn is None:
            return
        try:
            tables = list(self.tables_fn())
        except Exception:
            tables = []
        if tables != self.tables:
            self.tables = tables
            self.list.set_items(self._items(tables))
            self.mark_dirty()

    def _narrow(self) -> bool:
        return 0 < self.list.rect.w < 560

    # ---------------------------------------------------------------- layout
    def layout(self, w: int, h: int) -> None:
        self.screen_rects = screen = layout.screen_layout(w, h, max_content_w=900)
        px = screen.px
        lp, rp = header_buttons(screen, None, (self.lang_btn, self.mute_btn))
        self.rects = {"header": screen.header, "header_text": pygame.Rect(0, 0, screen.header.w - rp, screen.header.h)}
        m = screen.margin
        lab_h = int(px["label"] * 1.7)
        fh = int(max(46, px["body"] * 2.8))
        bh = screen.button_h
        for wd in (self.name_field, self.addr_field):
            wd.px = px["label"]
        for b in (self.host_btn, self.addr_btn, self.join_btn, self.resume_btn):
            b.px = px["button"]
        self.list.px = px["label"]
        self.list.row_h = int(max(56, px["label"] * 3.8))
        top = screen.header.bottom + m
        # the subtitle under the header where it does not fit beside the header's buttons
        room = screen.header.w - rp - 20
        self.rects["subtitle"] = None
        if fonts.width(subtitle(), px["small"]) > room:
            sub_w = w - 2 * m
            lines = 1 if fonts.width(subtitle(), px["small"]) <= sub_w else 2
            self.rects["subtitle"] = pygame.Rect(m, screen.header.bottom + m // 2, sub_w,
                                                 fonts.line_height(px["small"]) * lines + 2)
            top = self.rects["subtitle"].bottom + m // 2
        bottom = h - m
        status_h = int(px["body"] * 2.6)
        if screen.portrait:
            cw = w - 2 * m
            x = m
            y = top
            self.rects["name_label"] = pygame.Rect(x, y, cw, lab_h)
            y += lab_h
            self.name_field.set_rect(pygame.Rect(x, y, cw, fh))
            y += fh + m
            # footer (bottom up): host, join by address (+ field), status
            fy = bottom - bh
            self.host_btn.set_rect(pygame.Rect(x, fy, cw, bh))
            fy -= bh + m
            if self.addr_open:
                jw = max(96, cw // 3)
                self.addr_field.set_rect(pygame.Rect(x, fy, cw - jw - m, bh))
                self.join_btn.set_rect(pygame.Rect(x + cw - jw, fy, jw, bh))
                self.addr_btn.set_rect(pygame.Rect(x, fy - bh - m, cw, bh))
                fy -= bh + m
            else:
                self.addr_btn.set_rect(pygame.Rect(x, fy, cw, bh))
            if self.resume_btn.visible:
                fy -= bh + m
                self.resume_btn.set_rect(pygame.Rect(x, fy, cw, bh))
            self.rects["status"] = pygame.Rect(x, fy - status_h - m // 2, cw, status_h)
            list_bottom = self.rects["status"].top - m // 2
            self.rects["tables_label"] = pygame.Rect(x, y, cw, lab_h)
            y += lab_h
            self.list.set_rect(pygame.Rect(x, y, cw, max(self.list.row_h, list_bottom - y)))
        else:
            c = pygame.Rect(screen.content.left, top, screen.content.w, bottom - top)
            left_w = min(max(300, c.w * 40 // 100), 460)
            lx, rx = c.left, c.left + left_w + 2 * m
            rw = c.right - rx
            y = top
            self.rects["name_label"] = pygame.Rect(lx, y, left_w, lab_h)
            y += lab_h
            self.name_field.set_rect(pygame.Rect(lx, y, left_w, fh))
            y += fh + 2 * m
            self.host_btn.set_rect(pygame.Rect(lx, y, left_w, bh))
            y += bh + m
            self.addr_btn.set_rect(pygame.Rect(lx, y, left_w, bh))
            y += bh + m
            if self.addr_open:
                jw = max(110, left_w // 3)
                self.addr_field.set_rect(pygame.Rect(lx, y, left_w - jw - m, bh))
                self.join_btn.set_rect(pygame.Rect(lx + left_w - jw, y, jw, bh))
                y += bh + m
            if self.resume_btn.visible:
                self.resume_btn.set_rect(pygame.Rect(lx, y, left_w, bh))
                y += bh + m
            self.rects["status"] = pygame.Rect(lx, y, left_w, status_h * 2)
            self.rects["tables_label"] = pygame.Rect(rx, top, rw, lab_h)
            self.list.set_rect(pygame.Rect(rx, top + lab_h, rw, bottom - top - lab_h))
        self.addr_field.visible = self.join_btn.visible = self.addr_open
        self.list.set_items(self._items(self.tables))

    # ----------------------------------------------------------------- input
    def widgets(self):
        return (self.lang_btn, self.mute_btn, self.host_btn, self.addr_btn, self.join_btn, self.resume_btn,
                self.name_field, self.addr_field, self.list)

    def handle(self, inp: Input) -> None:
        if inp.kind == KEY and (self.name_field.focused or self.addr_field.focused):
            # typing goes to the focused field; keys it does not use (F2, F3, F4) stay hotkeys
            f = self.name_field if self.name_field.focused else self.addr_field
            if f.handle(inp) or inp.text:
                self.mark_dirty()
                return
        if inp.kind == PRESS:
            # every field sees presses so the focus moves
            for f in (self.name_field, self.addr_field):
                if f.handle(inp):
                    self.mark_dirty()
            if self.name_field.rect.collidepoint(inp.pos) or (self.addr_open and self.addr_field.rect.collidepoint(inp.pos)):
                return
        self.dispatch(inp, (self.lang_btn, self.mute_btn, self.host_btn, self.addr_btn, self.join_btn,
                            self.resume_btn, self.list)
                      + ((self.name_field, self.addr_field) if inp.kind != PRESS else ()))

    def update(self, dt: float) -> None:
        self._poll_t -= dt
        if self._poll_t <= 0:
            self._poll_t = 0.25
            self.refresh_tables()

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        screen = self.screen_rects
        if screen is None:
            return
        px = screen.px
        sub = self.rects["subtitle"]
        draw_screen(surface, screen, i18n.t("app.title"), "" if sub else subtitle(),
                    right_pad=screen.header.w - self.rects["header_text"].w)
        if sub:
            draw_text(surface, subtitle(), sub, px["small"], theme.TEXT_DIM, align="left", wrap=True,
                      max_lines=2, min_px=10)
        self.lang_btn.draw(surface)
        self.mute_btn.draw(surface)
        draw_text(surface, i18n.t("your_name"), self.rects["name_label"], px["label"], theme.TEXT_DIM,
                  align="left", bold=True, valign="bottom")
        self.name_field.draw(surface)
        lab = self.rects["tables_label"]
        draw_text(surface, i18n.t("start.tables"), lab, px["label"], theme.TEXT_DIM, align="left", bold=True,
                  valign="bottom")
        lr = self.list.rect
        theme.panel(surface, lr, theme.PANEL, alpha=120, radius=12)
        if not self.tables:
            if self.searching:
                msg = i18n.t("start.searching")
                hint = i18n.t("start.none") + "\n" + i18n.t("start.mdns_hint")
            else:                   # nothing searches: do not claim "no table found yet"
                msg = i18n.t("start.search_off")
                hint = i18n.t("start.mdns_hint")
            inner = lr.inflate(-24, -24)
            th = int(px["label"] * 2.2)
            if msg:
                draw_text(surface, msg, pygame.Rect(inner.left, inner.top, inner.w, th), px["label"], theme.TEXT,
                          bold=True)
            draw_text(surface, hint, pygame.Rect(inner.left, inner.top + th, inner.w, inner.h - th), px["body"],
                      theme.TEXT_DIM, wrap=True, valign="top", min_px=9)
        self.list.draw(surface)
        self.host_btn.draw(surface)
        self.addr_btn.draw(surface)
        self.resume_btn.draw(surface)
        if self.addr_open:
            self.addr_field.draw(surface)
            self.join_btn.draw(surface)
        draw_status(surface, self.status, self.status_kind, self.rects["status"], px["body"])

    def remote_state(self) -> dict:
        return {"status": self.status, "name": self.name_field.text, "searching": bool(self.searching),
                "rows": [{"title": it.get("title"), "right": it.get("right"), "enabled": it.get("enabled", True),
                          "rect": list(self.list.row_rect(i))} for i, it in enumerate(self.list.items)]}

    def top_bar(self) -> pygame.Rect | None:
        return self.screen_rects.header if self.screen_rects is not None else None

def snapshot_scene() -> StartScene:
    """The start screen with three demo tables (no network), for ``felt snapshot``."""
    tables = [
        {"name": "Tisch von Anna", "address": "192.168.1.20", "port": 40123, "template": "PR-002",
         "seats_taken": 2, "seats_free": 3, "running": False, "version": 2, "service": "a"},
        {"name": "WG Küche", "address": "192.168.1.31", "port": 40200, "template": "JASS36",
         "seats_taken": 4, "seats_free": 0, "running": True, "version": 2, "service": "b"},
        {"name": "Hans-Peter von Allmens Kartentisch", "address": "192.168.1.44", "port": 40301,
         "template": "custom", "seats_taken": 3, "seats_free": 1, "running": False, "version": 2, "service": "c"},
    ]
    s = Settings(name="Anna", last_address="192.168.1.20:40123")
    return StartScene(s, tables_fn=lambda: tables)


def snapshot_resume_scene() -> StartScene:
    """The start screen offering two interrupted tables of this device (for ``felt snapshot``)."""
    import time
    now = time.time()
    resumable = [
        {"path": "/demo/table-1.journal", "name": "Tisch von Anna", "round": 3, "rounds": 5,
         "players": ["Anna", "Beat", "Carla", "Dominik"], "mtime": now - 240, "phase": "play"},
        {"path": "/demo/table-2.journal", "name": "WG Küche", "round": 1, "rounds": None,
         "players": ["Anna", "Eveline", "Fritz"], "mtime": now - 3 * 3600, "phase": "exchange"},
    ]
    sc = snapshot_scene()
    sc.resumable = resumable
    sc.resume_btn.visible = True
    sc.resume_btn.text = sc._resume_label()
    return sc


def subtitle() -> str:
    """The start screen's line under the title: every registered game by name."""
    from felt import contract
    lang = i18n.get_lang()
    names = [g.name.get(lang) or g.name.get("de") or g.id for g in contract.all_games()]
    return i18n.t("app.subtitle", games=i18n.join_names(names))

"""Lobby: the seats (players and bots) and the rules in force, before a match starts.

Everyone sees the seats, the table's address and a summary of the rules (and can open
them read-only). The table's owner (``admin``) can also tap a seat to add a bot with a
level, remove a bot or a player, move seats up or down, pick a template, set the number
of seats, the turn timer and the rounds of the match, open the rule editor, and start the
match. The timer and rounds shown always follow the host's ``lobby.options`` (so every
client sees the same values); guests read them in the rules block.

Outside interface: ``set_lobby(lobby_msg, my_seat, admin)``; ``on_send(msg)`` gets every
protocol message (``add_bot``, ``remove_bot``, ``kick``, ``reorder``, ``set_seats``,
``set_rules``, ``set_options``, ``start``); ``on_edit_rules(read_only)``; ``on_leave()``.
``snapshot_scene()`` builds it from demo data for ``felt snapshot``.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from felt import contract
from felt.ui import fonts, i18n, layout, theme
from felt.ui.layout import dp
from felt.ui.options_editor import rules_summary_lines
from felt.ui.scene import BACK, KEY, Input, Scene
from felt.ui.settings import LEVELS, Settings
from felt.ui.shell import CycleButton, ScrollForm, draw_screen, header_buttons
from felt.ui.start_scene import rules_title, template_name
from felt.ui.widgets import Button, Choice, IconButton, Widget, draw_text, handle_first


class SeatRow(Widget):
    """One seat: number, name, and what it is (you, host, bot level, free, away)."""

    def __init__(self, seat: dict, mine: bool, on_tap: Callable[[int], Any] | None, sit: bool = False) -> None:
        super().__init__()
        self.seat = seat
        self.mine = mine
        self.on_tap = on_tap
        self.sit = sit                 # a tap sits down here (a free seat, not the owner's menu)
        self.selected = False
        self.px = 16

    def tags(self) -> str:
        s = self.seat
        parts = []
        if s.get("kind") == "bot":
            parts.append(i18n.t("lobby.bot") + " · " + i18n.level_name(s.get("level") or "normal"))
            if self.sit:
                parts.append(i18n.t("lobby.sit_here"))       # a bot that only filled the seat
        elif s.get("kind") == "human":
            if self.mine:
                parts.append(i18n.t("lobby.you"))
            if s.get("owner"):
                parts.append(i18n.t("lobby.host"))
            if s.get("away"):
                parts.append(i18n.t("app.away"))
            elif not s.get("connected", True):
                parts.append(i18n.t("app.offline"))
        return " · ".join(parts)

    def a11y_item(self) -> dict | None:
        """The seat as a button of the phone page's screen-reader layer (felt.ui.a11y), where a
        tap does something (the owner's seat menu, a free seat to sit at)."""
        if self.on_tap is None:
            return None
        from felt.ui.a11y import seat_line
        return {"name": seat_line(int(self.seat.get("seat", 0)), self.seat, self.mine), "on": self.selected}

    def handle(self, inp: Input):
        if not self.visible or self.on_tap is None:
            return False
        step = self.follow_tap(inp)
        if step == "tap":
            self.on_tap(int(self.seat.get("seat", 0)))
        return "hover" if step == "away" else step is not None

    def draw(self, surface) -> None:
        r = self.rect.inflate(0, -dp(4))
        s = self.seat
        empty = s.get("kind") == "empty"
        col = (30, 110, 64) if self.selected else ((8, 36, 22) if empty else (8, 50, 28))
        theme.panel(surface, r, col, alpha=220, radius=10,
                    border=theme.GOLD if (self.selected or self.mine) else theme.PANEL_BORDER,
                    border_width=2 if (self.selected or self.mine) else 1)
        nw = max(dp(34), int(r.h * 0.8))
        num = pygame.Rect(r.left + dp(4), r.top, nw, r.h)
        draw_text(surface, str(int(s.get("seat", 0)) + 1), num, self.px + dp(4), theme.GOLD if self.mine else theme.TEXT_DIM,
                  bold=True)
        body = pygame.Rect(num.right + dp(6), r.top + dp(3), r.w - nw - dp(20), r.h - dp(6))
        if empty:
            # a free seat anyone may take says so (the owner's seat menu is its own)
            draw_text(surface, i18n.t("lobby.tap_to_sit" if self.sit else "lobby.empty_seat"), body, self.px,
                      theme.GOLD if self.sit else theme.TEXT_DIM, align="left", min_px=9)
            return
        tags = self.tags()
        if tags:
            top = pygame.Rect(body.left, body.top, body.w, body.h * 56 // 100)
            bot = pygame.Rect(body.left, top.bottom, body.w, body.h - top.h)
            draw_text(surface, str(s.get("name", "")), top, self.px, theme.TEXT, align="left", bold=True, min_px=10)
            draw_text(surface, tags, bot, max(dp(10), self.px - 3), theme.TEXT_DIM, align="left", min_px=9)
        else:
            draw_text(surface, str(s.get("name", "")), body, self.px, theme.TEXT, align="left", bold=True, min_px=10)


class Row(Widget):
    """Child widgets side by side with given width fractions (an action bar)."""

    def __init__(self, children: list[tuple[Widget, float]], gap: int = 8) -> None:
        super().__init__()
        self.children = children
        self.gap = gap
        self.hint = ""
        self.px = 15

    def relayout(self, rect) -> None:
        self.set_rect(rect)
        kids = [(w, f) for w, f in self.children if w.visible]
        if not kids:
            return
        total = sum(f for _, f in kids)
        avail = self.rect.w - self.gap * (len(kids) - 1)
        x = self.rect.left
        for i, (w, f) in enumerate(kids):
            ww = int(avail * f / total) if i < len(kids) - 1 else self.rect.right - x
            w.set_rect(pygame.Rect(x, self.rect.top + dp(2), ww, self.rect.h - dp(4)))
            x += ww + self.gap

    def handle(self, inp: Input):
        return handle_first([w for w, _ in self.children if w.visible], inp)

    def draw(self, surface) -> None:
        kids = [w for w, _ in self.children if w.visible]
        if not kids and self.hint:
            draw_text(surface, self.hint, self.rect, self.px, theme.TEXT_DIM, wrap=True, max_lines=2)
        for w in kids:
            w.draw(surface)


class TextBlock(Widget):
    """A panel with a bold title and wrapped lines; ``height_for(w)`` measures it."""

    def __init__(self, title: str = "", lines: list[str] | None = None) -> None:
        super().__init__()
        self.title = title
        self.lines = lines or []
        self.lead = ""              # an optional first line in bold (e.g. the table options)
        self.px = 15

    def _wrapped(self, w: int) -> list[tuple[str, bool]]:
        out = []
        if self.lead:
            out.extend((ln, True) for ln in fonts.wrap(self.lead, self.px, max(dp(40), w - dp(24)), 0, True))
        for ln in self.lines:
            out.extend((ln, False) for ln in fonts.wrap(ln, self.px, max(dp(40), w - dp(24))))
        return out

    def height_for(self, w: int) -> int:
        lh = max(fonts.line_height(self.px), fonts.line_height(self.px, True))
        return int(self.px * 2.2) + lh * len(self._wrapped(w)) + dp(14)

    def draw(self, surface) -> None:
        r = self.rect
        theme.panel(surface, r, theme.PANEL, alpha=170, radius=12, border=theme.PANEL_BORDER, border_width=1)
        th = int(self.px * 2.2)
        draw_text(surface, self.title, pygame.Rect(r.left + dp(12), r.top + dp(2), r.w - dp(24), th), self.px + 1, theme.GOLD,
                  align="left", bold=True)
        lh = max(fonts.line_height(self.px), fonts.line_height(self.px, True))
        y = r.top + th
        for ln, bold in self._wrapped(r.w):
            draw_text(surface, ln, pygame.Rect(r.left + dp(12), y, r.w - dp(24), lh), self.px, theme.TEXT, align="left",
                      min_px=9, bold=bold)
            y += lh


class Caption(Widget):
    def __init__(self, text: str = "", color=theme.TEXT_DIM, bold: bool = False) -> None:
        super().__init__()
        self.text = text
        self.color = color
        self.bold = bold
        self.px = 14

    def draw(self, surface) -> None:
        if self.text:
            draw_text(surface, self.text, self.rect, self.px, self.color, align="left", bold=self.bold,
                      valign="bottom", wrap=True, max_lines=2, min_px=9)


def occupant(seat: dict) -> tuple:
    """Who sits on a seat, for telling whether it changed hands: what sits there (a player, a
    bot, nobody) and its name."""
    return (str(seat.get("kind") or ""), str(seat.get("name") or ""))


TURN_TIMERS = (0, 15, 30, 45, 60, 90, 120)                   # seconds; 0 = off
ROUND_COUNTS = tuple(range(1, 11)) + (12, 15, 20)             # and 0 = open-ended, before 1


def timer_text(sec) -> str:
    sec = int(round(float(sec or 0)))
    return i18n.t("lobby.timer_off") if sec <= 0 else i18n.t("lobby.seconds", n=sec)


def rounds_text(n: int) -> str:
    return i18n.t("rules.rounds.open") if int(n) == 0 else str(int(n))


def timer_options(current: int = 0) -> list[tuple[int, str]]:
    vals = sorted(set(TURN_TIMERS) | {max(0, int(current))})
    return [(v, timer_text(v)) for v in vals]


def round_options(default: int, current: int | None = None) -> list[tuple[int, str]]:
    """Open-ended (0) first, then 1, 2, … in order, as the turn timer's "Aus" comes before its
    seconds: from "offen" one step gives a single round, and a count steps down through 1 to
    "offen" (never from "offen" to the largest count first). The rule set's own count is marked."""
    vals = set(ROUND_COUNTS) | {int(default)}
    if current is not None:
        vals.add(int(current))
    order = [0] + sorted(v for v in vals if v > 0)
    return [(v, i18n.t("lobby.rounds_default", n=rounds_text(v)) if v == default else rounds_text(v))
            for v in order]


# ----------------------------------------------------------------------------
class LobbyScene(Scene):
    def __init__(self, lobby: dict | None = None, my_seat: int | None = None, admin: bool = False,
                 address: str = "", on_send: Callable[[dict], Any] | None = None,
                 on_edit_rules: Callable[[bool], Any] | None = None, on_leave: Callable[[], Any] | None = None,
                 settings: Settings | None = None, on_menu: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.lobby: dict = {}
        self.my_seat = my_seat
        self.admin = admin
        self.address = address
        self.on_send = on_send
        self.on_edit_rules = on_edit_rules
        self.on_leave = on_leave
        self.settings = settings or Settings()
        self.selected: int | None = None
        self._sel_who: tuple | None = None    # (selected seat, who sat there when it was chosen)
        self.sent: list[dict] = []            # every message sent (tests read it)
        self.screen_rects: layout.ScreenLayout | None = None
        self.on_menu = on_menu
        self.back_btn = IconButton("‹", self.leave, hotkeys=())
        self.menu_btn = IconButton("☰", lambda: self.on_menu and self.on_menu(), hotkeys=(pygame.K_F10,))
        self.menu_btn.visible = on_menu is not None
        # the chat (felt/ui/chat.py): the controller sets on_chat
        self.on_chat: Callable[[], Any] | None = None
        self.chat_btn = IconButton("✉", lambda: self.on_chat and self.on_chat(), hotkeys=())
        self.rules_btn = Button(i18n.t("lobby.edit_rules"), self.edit_rules, kind="secondary",
                                hotkeys=(pygame.K_r,))
        self.start_btn = Button(i18n.t("lobby.start"), self.start, kind="primary",
                                hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER))
        # seat actions (owner)
        self.add_btn = Button(i18n.t("lobby.add_bot"), self.add_bot, kind="primary", hotkeys=(pygame.K_b,))
        self.level = CycleButton(i18n.t("lobby.level"), [(lv, i18n.level_name(lv)) for lv in LEVELS],
                                 self.settings.bot_level, on_change=self._level_changed)
        self.remove_btn = Button(i18n.t("lobby.remove"), self.remove, kind="danger", hotkeys=(pygame.K_DELETE,))
        self.up_btn = Button("▲", lambda: self.move(-1), kind="secondary")
        self.down_btn = Button("▼", lambda: self.move(1), kind="secondary")
        self.actions = Row([(self.add_btn, 1.3), (self.level, 1.0), (self.remove_btn, 1.2),
                            (self.up_btn, 0.5), (self.down_btn, 0.5)])
        # the game (when the host offers more than one), then that game's templates
        self.game_choice = Choice(i18n.t("lobby.game"), [], None, on_change=self._game_changed)
        self.template = Choice(i18n.t("lobby.template"), [], None, on_change=self._template_changed)
        self.n_seats = Choice(i18n.t("app.seats"), [], None, on_change=self._seats_changed, wrap_around=False)
        # table options (owner): both follow the host's lobby.options
        self.turn_timer = Choice(i18n.t("lobby.turn_timer"), timer_options(), 0,
                                     on_change=self._timer_changed, wrap_around=False)
        self.rounds = Choice(i18n.t("lobby.rounds"), round_options(5), 5,
                                 on_change=self._rounds_changed, wrap_around=False)
        # hints ("Tipp" at the table): the owner allows them or not, for the next match
        self.hints = Choice(i18n.t("lobby.hints"), [(True, i18n.t("on")), (False, i18n.t("off"))], True,
                            on_change=self._hints_changed, wrap_around=False)
        self.addr_caption = Caption()
        # the host's window: the QR code of the phones' page (felt/ui/qr.py)
        from felt.ui.qr import PhoneCode
        self.phone_code = PhoneCode()
        self.phone_code.visible = False
        # the same page in this computer's browser ("Hier im Browser öffnen"); the controller
        # sets on_open_browser
        self.on_open_browser: Callable[[str], Any] | None = None
        self.browser_btn = Button(i18n.t("phone.open_here"), self.open_in_browser, kind="secondary", hotkeys=())
        self.browser_btn.visible = False
        self.seats_caption = Caption(bold=True)
        self.fill_caption = Caption(color=theme.GOLD)
        self.rules_block = TextBlock()
        self.wait_caption = Caption()
        self.seat_rows: list[SeatRow] = []
        # the evening's standings (felt/ui/evening_view.py): after the seats on a phone, at the
        # top of the second column on a wide window; the owner's "Neuer Abend"
        from felt.ui.evening_view import EveningBlock
        self.evening = EveningBlock(on_send=self.send, on_resize=lambda: self.screen_rects is not None and self._place())
        self.left = ScrollForm()
        self.right = ScrollForm()
        self.third = ScrollForm()        # a wide window's third column: the phones' code and the rules
        if lobby is not None:
            self.set_lobby(lobby, my_seat, admin)

    # ---------------------------------------------------------------- state
    def set_lobby(self, lobby: dict, my_seat: int | None = None, admin: bool | None = None) -> None:
        who = self._selected_who()
        self.lobby = dict(lobby)
        self.my_seat = my_seat
        if admin is not None:
            self.admin = admin
        n = int(self.lobby.get("n", 0))
        if self.selected is not None and self.selected >= n:
            self.selected = None
        if self.selected is not None and occupant(self.seats[self.selected]) != who:
            # the seat changed hands (a player left, another came, a bot took over): its menu
            # was about the one who sat there; "Entfernen" must not remove the newcomer
            self.selected = None
        self._sel_who = (self.selected, who) if self.selected is not None else None
        self._rebuild()
        self.mark_dirty()

    def _selected_who(self):
        """Who sits on the selected seat as the owner selected it (after a move: on its new place)."""
        if self.selected is None:
            return None
        if self._sel_who is not None and self._sel_who[0] == self.selected:
            return self._sel_who[1]
        seats = self.seats
        return occupant(seats[self.selected]) if self.selected < len(seats) else None

    @property
    def seats(self) -> list[dict]:
        return list(self.lobby.get("seats") or [])

    @property
    def game_id(self) -> str:
        return contract.id_of(self.lobby)

    def subtitle(self) -> str:
        """Under the table's name: "Lobby · " and the name of the game the table plays next (a guest,
        whose narrow screen has no game picker, sees it here)."""
        g = self.table_game() if self.lobby else None
        name = (g.name.get(i18n.get_lang()) or g.name.get("de") or g.id) if g is not None else ""
        return " · ".join(t for t in (i18n.t("lobby.title"), name) if t)

    def table_game(self) -> contract.Game | None:
        """The table's game, or None when this window does not have it."""
        try:
            return contract.get(self.game_id)
        except contract.UnknownGame:
            return None

    def rules(self):
        """The table's rule set (its game's own value), or None (a game this window does not
        have, or no rule set)."""
        d = self.lobby.get("rules")
        game = self.table_game()
        if not d or game is None:
            return None
        try:
            return game.rules_from_dict(dict(d))
        except (TypeError, ValueError):
            return None

    @property
    def options(self) -> dict:
        return dict(self.lobby.get("options") or {})

    def turn_timer_s(self) -> int:
        """The host's turn timer in whole seconds (0 = off)."""
        try:
            return max(0, int(round(float(self.options.get("turn_timer") or 0))))
        except (TypeError, ValueError):
            return 0

    def rounds_in_force(self) -> int | None:
        """Rounds of the next match: the host's override, else the rule set's (0 = open-ended)."""
        over = self.options.get("rounds")
        if isinstance(over, int) and not isinstance(over, bool) and over >= 0:
            return over
        return self.default_rounds()

    def default_rounds(self) -> int | None:
        """The rule set's own number of rounds (0 = open-ended), from the host or the rules."""
        d = self.lobby.get("default_rounds")
        if isinstance(d, int) and not isinstance(d, bool) and d >= 0:
            return d
        r = self.rules()
        return self.table_game().default_rounds(r) if r is not None else None

    def hints_allowed(self) -> bool:
        """The table's hint option (on where the host does not say)."""
        return self.options.get("hints") is not False

    def options_line(self) -> str:
        n = self.rounds_in_force()
        return i18n.t("lobby.options_line", timer=timer_text(self.turn_timer_s()),
                      hints=i18n.t("on" if self.hints_allowed() else "off"),
                      rounds=rounds_text(n) if n is not None else "–")

    def rules_lines(self, rules, rounds: int | None = None) -> list[str]:
        """The rules block's lines: the game's own summary of the rule set in force (with
        ``rounds`` per match where the owner set them), else one line per option."""
        game = self.table_game()
        if game is None or rules is None:
            return []
        if rounds is not None:
            rules = game.rules_with_rounds(rules, rounds)     # the match's rounds, not the template's
        try:
            lines = game.rules_summary(rules, i18n.get_lang())
            return lines if lines is not None else rules_summary_lines(game, game.rules_to_dict(rules))
        except Exception:                  # a summary that fails must not take the lobby down
            return []

    def _rebuild(self) -> None:
        seats = self.seats
        self.seat_rows = []
        for s in seats:
            action = self._seat_action(s)
            self.seat_rows.append(SeatRow(s, s.get("seat") == self.my_seat, action, sit=action == self.sit))
        for row in self.seat_rows:
            row.selected = self.admin and row.seat.get("seat") == self.selected
        r = self.rules()
        tid = str(self.lobby.get("template") or "custom")
        templates = self._game_templates()
        template = next((t for t in templates if t.upper() == tid.upper()), None)
        opts = [(t, template_name(t)) for t in templates]   # names, not ids ("PR-002")
        if template is None:
            opts.append((tid, i18n.t("app.custom_rules")))
        # the games the host offers: picking one switches to it (its first template)
        game = self.game_id
        gopts = [(str(g["id"]), (g.get("name") or {}).get(i18n.get_lang()) or str(g["id"]))
                 for g in self.lobby.get("games") or [] if isinstance(g, dict) and g.get("id")]
        if game not in (v for v, _ in gopts):
            gopts.insert(0, (game, game))
        self.game_choice.options = gopts
        self.game_choice.set_value(game)
        self._offer_levels()
        self.template.options = opts
        self.template.set_value(template or tid)
        rng = self.lobby.get("players")  # the host's (min, max) seats for its game's rules
        if r is not None or (isinstance(rng, list) and len(rng) == 2):
            lo, hi = (int(rng[0]), int(rng[1])) if isinstance(rng, list) and len(rng) == 2 \
                else self.table_game().players_range(r)
            self.n_seats.options = [(k, str(k)) for k in range(lo, hi + 1)]
            self.n_seats.set_value(len(seats))
        secs = self.turn_timer_s()
        self.turn_timer.options = timer_options(secs)
        self.turn_timer.set_value(secs)
        n_rounds = self.rounds_in_force()
        default = self.default_rounds()
        if default is not None and n_rounds is not None:
            self.rounds.options = round_options(default, n_rounds)
            self.rounds.set_value(n_rounds)
        self.hints.set_value(self.hints_allowed())
        name = (self.lobby.get("rules") or {}).get("name") if r is not None else None
        self.rules_block.title = i18n.t("app.rules_named", name=rules_title(template, name) if template
                                        else name or template_name(tid)) + (
            f" ({template})" if template else "")
        self.rules_block.lines = self.rules_lines(r, n_rounds if n_rounds != default else None)
        # guests see the table options read-only, first thing in the rules block
        self.rules_block.lead = self.options_line() if (self.lobby and not self.admin) else ""
        self.addr_caption.text = i18n.t("lobby.address", addr=self.address) if self.address else ""
        humans = sum(1 for s in seats if s.get("kind") == "human")
        bots = sum(1 for s in seats if s.get("kind") == "bot")
        free = len(seats) - humans - bots
        self.seats_caption.text = " · ".join([i18n.t("n.players", n=humans), i18n.t("n.bots", n=bots),
                                              i18n.t("n.free", n=free)])
        spect = int(self.lobby.get("spectators") or 0)
        if spect:
            self.seats_caption.text += " · " + i18n.t("n.watching", n=spect)
        # the host fills free seats with bots when the match starts: say so before it does
        level = str((self.lobby.get("options") or {}).get("bot_level") or "normal")
        self.fill_caption.text = (i18n.t("lobby.bots_fill", level=i18n.level_name(level))
                                  if free > 0 and not self.lobby.get("running") else "")
        self.rules_btn.text = i18n.t("lobby.edit_rules") if self.admin else i18n.t("app.view_rules")
        self.start_btn.text = i18n.t("lobby.start")
        self.browser_btn.text = i18n.t("phone.open_here")
        self.start_btn.visible = self.admin
        running = bool(self.lobby.get("running"))
        self.start_btn.enabled = self.admin and not running
        self.rounds.enabled = not running          # fixed once a match runs (the host refuses it)
        if self.admin:
            self.wait_caption.text = ""
        elif self.lobby.get("start_when_full") and not running:
            self.wait_caption.text = i18n.t("lobby.starts_when_full")
        elif self.lobby.get("owner_first") and not running:
            self.wait_caption.text = i18n.t("lobby.owner_first")
        else:
            self.wait_caption.text = i18n.t("lobby.waiting")
        self.back_btn.text = "‹"
        self.evening.set_evening(self.lobby.get("evening"), self.my_seat, self.admin, running)
        self._refresh_actions()
        if self.screen_rects is not None:
            self._place()

    def _refresh_actions(self) -> None:
        kind = None
        if self.admin and self.selected is not None and self.selected < len(self.seats):
            kind = self.seats[self.selected].get("kind")
        sel = self.seats[self.selected] if kind else {}
        self.add_btn.visible = self.level.visible = kind == "empty"
        self.remove_btn.visible = kind == "bot" or (kind == "human" and not sel.get("owner"))
        self.remove_btn.text = i18n.t("lobby.remove")
        self.up_btn.visible = self.down_btn.visible = kind is not None and kind != "empty"
        n = len(self.seats)
        self.up_btn.enabled = kind is not None and self.selected > 0
        self.down_btn.enabled = kind is not None and self.selected < n - 1
        self.actions.hint = i18n.t("app.tap_seat") if self.admin else ""
        for w in (self.template, self.n_seats, self.turn_timer, self.rounds, self.hints, self.actions):
            w.visible = self.admin
        self.game_choice.visible = self.admin and len(self.game_choice.options) > 1
        self.game_choice.enabled = self.hints.enabled = not self.lobby.get("running")
        self.actions.visible = self.admin
        self.level.visible = kind == "empty"
        if self.screen_rects is not None:
            self.actions.relayout(self.actions.rect)

    # -------------------------------------------------------------- actions
    def send(self, msg: dict) -> None:
        self.sent.append(msg)
        if self.on_send:
            self.on_send(msg)

    def _seat_action(self, seat: dict) -> Callable[[int], Any] | None:
        """What a tap on a seat does: the owner's seat menu; for a spectator a free seat (while
        no match runs: empty, or a bot that only filled it) is a place to sit down at."""
        if self.admin:
            return self.tap_seat
        free = seat.get("kind") == "empty" or (seat.get("kind") == "bot" and seat.get("open"))
        if free and self.my_seat is None and not self.lobby.get("running"):
            return self.sit
        return None

    def sit(self, seat: int) -> None:
        self.send({"t": "sit", "seat": int(seat)})

    def tap_seat(self, seat: int) -> None:
        self.selected = None if self.selected == seat else seat
        for row in self.seat_rows:
            row.selected = row.seat.get("seat") == self.selected
        self._refresh_actions()
        if self.screen_rects is not None:
            self._place()
        self.mark_dirty()

    def add_bot(self, seat: int | None = None) -> None:
        if seat is None:
            seat = self.selected
        msg = {"t": "add_bot", "level": self.level.value or "normal"}
        if seat is not None:
            msg["seat"] = seat
        self.send(msg)

    def remove(self) -> None:
        if self.selected is None or self.selected >= len(self.seats):
            return
        kind = self.seats[self.selected].get("kind")
        if kind == "bot":
            self.send({"t": "remove_bot", "seat": self.selected})
        elif kind == "human":
            self.send({"t": "kick", "seat": self.selected})

    def move(self, d: int) -> None:
        if self.selected is None:
            return
        n = len(self.seats)
        i, j = self.selected, self.selected + d
        if not (0 <= j < n):
            return
        order = list(range(n))
        order[i], order[j] = order[j], order[i]
        self.send({"t": "reorder", "order": order})
        self._sel_who = (j, occupant(self.seats[i]))     # the one moved stays selected on their new seat
        self.selected = j

    def _offer_levels(self) -> None:
        """The bot levels of the table's game (lobby.bot_levels; an older host's: the built-in
        three), keeping the one picked where the game has it, else the table's."""
        levels = [str(x) for x in self.lobby.get("bot_levels") or LEVELS]
        if [v for v, _ in self.level.options] == levels:
            return
        picked = self.level.value
        if picked not in levels:
            picked = str((self.lobby.get("options") or {}).get("bot_level") or "")
        self.level.options = [(lv, i18n.level_name(lv)) for lv in levels]
        self.level.index = levels.index(picked) if picked in levels else 0
        self.level._retext()

    def _level_changed(self, level) -> None:
        self.settings.bot_level = level
        self.mark_dirty()

    def _game_templates(self) -> list[str]:
        """The templates of the table's game (lobby.games; this window's registry when the
        host does not say)."""
        for g in self.lobby.get("games") or []:
            if isinstance(g, dict) and g.get("id") == self.game_id and isinstance(g.get("templates"), list):
                return [str(t) for t in g["templates"]]
        game = self.table_game()
        return game.template_ids() if game is not None else []

    def _game_changed(self, gid) -> None:
        if self.admin and gid and gid != self.game_id and not self.lobby.get("running"):
            self._switch_game(str(gid))

    def _switch_game(self, gid: str) -> None:
        """Play ``gid`` next (the host deals its first template); the rounds the owner chose
        stay (the host keeps them with a template or game, as every other option)."""
        self.send({"t": "set_rules", "game": gid})

    def _template_changed(self, tid) -> None:
        tid = str(tid or "")
        if tid.startswith("game:"):
            self._switch_game(tid[5:])                              # another game: its first template
            return
        template = next((t for t in self._game_templates() if t.upper() == tid.upper()), None)
        if template is not None:
            self.send({"t": "set_rules", "game": self.game_id, "template": template})

    def _seats_changed(self, n) -> None:
        if n:
            self.send({"t": "set_seats", "n": int(n)})

    def _timer_changed(self, sec) -> None:
        if self.admin and sec is not None:
            self.send({"t": "set_options", "turn_timer": int(sec)})

    def _hints_changed(self, on) -> None:
        if self.admin and on is not None and not self.lobby.get("running"):
            self.send({"t": "set_options", "hints": bool(on)})

    def _rounds_changed(self, n) -> None:
        if self.admin and n is not None and not self.lobby.get("running"):
            self.send({"t": "set_options", "rounds": int(n)})

    def start(self) -> None:
        if self.admin and not self.lobby.get("running"):
            self.send({"t": "start"})

    def edit_rules(self) -> None:
        if self.on_edit_rules:
            self.on_edit_rules(not self.admin)

    def leave(self) -> None:
        if self.on_leave:
            self.on_leave()

    # --------------------------------------------------------------- layout
    def layout(self, w: int, h: int) -> None:
        self.screen_rects = screen = layout.screen_layout(w, h, max_content_w=980)
        self.chat_btn.visible = self.on_chat is not None
        right = tuple(b for b in (self.chat_btn, self.menu_btn) if b.visible)
        self._pads = header_buttons(screen, self.back_btn, right[::-1])
        self._place()

    def _place(self) -> None:
        screen = self.screen_rects
        px = screen.px
        m = screen.margin
        bh = screen.button_h
        self.footer = pygame.Rect(screen.content.left, screen.h - bh - m, screen.content.w, bh)
        self.start_btn.set_rect(pygame.Rect(0, 0, min(screen.content.w, dp(420)), bh))
        self.start_btn.rect.center = self.footer.center
        self.start_btn.px = px["button"]
        for b in (self.rules_btn, self.add_btn, self.remove_btn, self.up_btn, self.down_btn, self.level):
            b.px = px["button"]
        choices = ((self.game_choice,) if self.game_choice.visible else ()) + \
            (self.template, self.n_seats, self.turn_timer, self.rounds, self.hints)
        for c in choices:
            c.px = px["label"]
        for cap in (self.addr_caption, self.seats_caption, self.wait_caption, self.fill_caption):
            cap.px = px["body"]
        self.actions.px = px["body"]
        self.rules_block.px = px["body"]
        row_h = screen.row_h
        seat_h = int(max(dp(52), px["label"] * 3.4))
        for row in self.seat_rows:
            row.px = px["label"]
        cap_h = int(px["body"] * 1.9)
        top = screen.header.bottom + m // 2
        bottom = self.footer.top - m
        act_h = bh if self.admin else 0
        left_items = []
        if self.addr_caption.text:
            left_items.append((self.addr_caption, cap_h))
        # the phones' QR code: in the third column of a laptop's window, after the seats on
        # another wide one, after everything (reached by scrolling) on a narrow one
        self.phone_code.px = px["body"]
        code = [(self.phone_code, self.phone_code.height_for())] if self.phone_code.visible else []
        self.browser_btn.px = px["button"]
        self.browser_btn.visible = bool(code) and self.on_open_browser is not None
        if self.browser_btn.visible:
            code.append((self.browser_btn, bh))
        left_items.append((self.seats_caption, cap_h))
        left_items += [(row, seat_h) for row in self.seat_rows]
        if self.fill_caption.text:
            left_items.append((self.fill_caption, cap_h + (cap_h // 2 if screen.portrait or screen.w < dp(900) else 0)))
        if self.admin:
            left_items.append((self.actions, act_h))
        if not screen.portrait:
            # after the seats (a code above them put the fifth seat out of sight); a laptop
            # wide enough for three columns gives it the third (three_columns)
            left_items += code
        right_items = []
        if self.admin:
            right_items += [(c, row_h) for c in choices]
        self.evening.px, self.evening.button_h = px["body"], max(dp(44), int(px["body"] * 2.8))
        if screen.portrait:
            cw = screen.content.w
            if self.evening.visible:
                left_items.append((self.evening, self.evening.height_for(cw - dp(6))))
            self._fit_choices(choices, cw - dp(6), row_h)
            right_items.append((self.rules_block, self.rules_block.height_for(cw - dp(6))))
            right_items.append((self.rules_btn, bh))
            self.left.set_rect(pygame.Rect(screen.content.left, top, cw, bottom - top))
            self.left.set_items(left_items + right_items + code)
            # emptied first: set_rect lays out the items it holds (those of a wide window, which
            # now live in the left column)
            self.right.set_items([])
            self.right.set_rect(pygame.Rect(0, 0, 0, 0))
        elif self.three_columns():
            # a laptop: the seats, the options, the phones' code and the rules side by side, so
            # that no seat and no row under the options is behind a scroll bar
            c = screen.content
            cw = (c.w - 4 * m) // 3
            left_items = [it for it in left_items if it not in code]
            if self.evening.visible:
                right_items.insert(0, (self.evening, self.evening.height_for(cw - dp(6))))
            self._fit_choices(choices, cw - dp(6), row_h)
            third = code + [(self.rules_block, self.rules_block.height_for(cw - dp(6))), (self.rules_btn, bh)]
            for form, items, x in ((self.left, left_items, c.left), (self.right, right_items, c.left + cw + 2 * m),
                                   (self.third, third, c.right - cw)):
                form.set_items([])
                form.set_rect(pygame.Rect(x, top, cw, bottom - top))
                form.set_items(items)
        else:
            c = screen.content
            lw = c.w * 48 // 100
            rw = c.w - lw - 2 * m
            if self.evening.visible:
                right_items.insert(0, (self.evening, self.evening.height_for(rw - dp(6))))
            self._fit_choices(choices, rw - dp(6), row_h)
            right_items.append((self.rules_block, self.rules_block.height_for(rw - dp(6))))
            right_items.append((self.rules_btn, bh))
            self.left.set_rect(pygame.Rect(c.left, top, lw, bottom - top))
            self.left.set_items(left_items)
            self.right.set_rect(pygame.Rect(c.left + lw + 2 * m, top, rw, bottom - top))
            self.right.set_items(right_items)
        if not self.three_columns() or screen.portrait:
            self.third.set_items([])
            self.third.set_rect(pygame.Rect(0, 0, 0, 0))

    def three_columns(self) -> bool:
        """A window wide enough for the seats, the options and the rules side by side."""
        screen = self.screen_rects
        return screen is not None and not screen.portrait and screen.content.w >= dp(1100)

    def set_phone_url(self, url: str) -> None:
        """Show the phones' page as a QR code and its address (the host's window), or not."""
        self.phone_code.url = url or ""
        self.phone_code.visible = bool(url)
        if self.screen_rects is not None:
            self._place()
        self.mark_dirty()

    def open_in_browser(self) -> None:
        """The phones' page in this computer's browser (the controller opens it)."""
        if self.on_open_browser and self.phone_code.url:
            self.on_open_browser(self.phone_code.url)

    def _fit_choices(self, choices, row_w: int, row_h: int) -> None:
        """One control width for every stepper (they line up), wide enough for the widest
        value where the row allows it; the labels keep at least ~1/3 of the row."""
        bw = max(dp(44), min(row_h, dp(56)))
        base = min(row_w * 55 // 100, max(dp(170), row_w // 2))
        need = max(c.text_w() for c in choices) + 2 * bw + dp(16)
        ctrl = max(base, min(need, row_w * 66 // 100))
        for c in choices:
            c.ctrl_w = ctrl

    def notice_rect(self) -> pygame.Rect | None:
        """The window's notices ("Der Tisch ist voll – du schaust zu.") just above the footer:
        under the header they covered the address and the count line of seats, players and
        watchers, the first thing someone who was just turned into a spectator reads."""
        if self.screen_rects is None:
            return None
        screen = self.screen_rects
        h = int(screen.px["body"] * 2.4) * 2 + dp(12)
        return pygame.Rect(screen.content.left, self.footer.top - screen.margin // 2 - h, screen.content.w, h)

    def banner_rect(self) -> pygame.Rect | None:
        """The header's title strip between its buttons (back and menu stay usable)."""
        if self.screen_rects is None:
            return None
        hd = self.screen_rects.header
        lp, rp = self._pads
        return pygame.Rect(lp + dp(4), hd.top, max(dp(40), hd.w - lp - rp - dp(8)), hd.h - 1)

    # ---------------------------------------------------------------- input
    def handle(self, inp: Input) -> None:
        if inp.kind == BACK or (inp.kind == KEY and inp.key == pygame.K_ESCAPE):
            if self.selected is not None:
                self.tap_seat(self.selected)
            else:
                self.leave()
            return
        if inp.kind == KEY and self.admin and self.selected is not None:
            if inp.key == pygame.K_UP and inp.mod & pygame.KMOD_ALT:
                self.move(-1)
                return
            if inp.key == pygame.K_DOWN and inp.mod & pygame.KMOD_ALT:
                self.move(1)
                return
        if self.dispatch(inp, (self.back_btn, self.menu_btn, self.chat_btn, self.start_btn)):
            return
        for form in (self.left, self.right, self.third):
            r = form.handle(inp)
            if r:
                self.mark_dirty()
                if r != "hover":
                    return

    # ----------------------------------------------------------------- draw
    def a11y_status(self) -> str:
        """The top bar's words, the heading of the phone page's screen-reader layer (felt.ui.a11y)."""
        return " · ".join(x for x in (str(self.lobby.get("table") or "") or i18n.t("lobby.title"), self.subtitle()) if x)

    def draw(self, surface: pygame.Surface) -> None:
        screen = self.screen_rects
        if screen is None:
            return
        px = screen.px
        table = str(self.lobby.get("table") or "")
        draw_screen(surface, screen, table or i18n.t("lobby.title"), self.subtitle(),
                    left_pad=self._pads[0], right_pad=self._pads[1])
        self.back_btn.draw(surface)
        self.menu_btn.draw(surface)
        self.chat_btn.draw(surface)
        if not self.lobby:
            draw_text(surface, i18n.t("app.connecting"), screen.content, px["title"], theme.TEXT, wrap=True)
            return
        self.left.draw(surface)
        self.right.draw(surface)
        self.third.draw(surface)
        if self.admin:
            self.start_btn.draw(surface)
        else:
            draw_text(surface, i18n.t("lobby.waiting"), self.footer, px["label"], theme.TEXT_DIM, bold=True)

    def top_bar(self) -> pygame.Rect | None:
        return self.screen_rects.header if self.screen_rects is not None else None

def demo_lobby() -> dict:
    """A lobby of five seats at the default game's table, on its first template."""
    game = contract.default()
    template = game.template_ids()[0]
    seats = [
        {"seat": 0, "name": "Anna", "kind": "human", "connected": True, "away": False, "level": None, "owner": True},
        {"seat": 1, "name": "Bot 2", "kind": "bot", "connected": True, "away": False, "level": "normal", "owner": False},
        {"seat": 2, "name": "Hans-Peter von Allmen", "kind": "human", "connected": True, "away": False, "level": None,
         "owner": False},
        {"seat": 3, "name": "Bot 4", "kind": "bot", "connected": True, "away": False, "level": "hard", "owner": False},
        {"seat": 4, "name": "", "kind": "empty", "connected": False, "away": False, "level": None, "owner": False},
    ]
    return {"t": "lobby", "table": "Tisch von Anna", "n": 5, "seats": seats, "template": template,
            "rules": game.rules_to_dict(game.template(template)), "running": False, "phase": None, "round_no": 0, "spectators": 0,
            "options": {"turn_timer": 30.0, "reconnect_wait": 30.0, "bot_level": "normal", "bot_delay": 0.6,
                        "auto_next": -1.0, "hints": True, "rounds": None}}


def snapshot_scene() -> LobbyScene:
    """The owner's lobby with players, bots and a free seat selected, for ``felt snapshot``."""
    sc = LobbyScene(demo_lobby(), my_seat=0, admin=True, address="192.168.1.20:40123", on_menu=lambda: None)
    sc.on_open_browser = lambda url: None
    sc.set_phone_url("http://192.168.1.20:40124/")
    sc.tap_seat(4)
    return sc

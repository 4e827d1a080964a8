"""The play log: who played what, for any game.

A game turns its events into log entries with its ``LogLines`` (``Game.log_lines()``):
``build`` makes pure data (seat, kind, cards, params), ``text`` the line in the current
language.

``ctx`` is a ``LogContext``: names, the own seat, the deck (card faces) and the titles.
``PlayLog`` keeps the round's entries grouped in tricks (an entry with ``ends_trick``
closes one) and draws itself as a panel (the table's right column on laptops, a drawer
on phones), the same for every game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from felt.ui import cardart, fonts, i18n, theme, widgets
from felt.ui.layout import dp
from felt.ui.surfcache import SurfaceCache
from felt.ui.widgets import draw_text


@dataclass
class Entry:
    """One line of the log. ``kind`` names what happened ('play', 'pass', 'skip', 'clear',
    'revolution', 'joker', 'out', 'trick', 'round', ...); ``params`` holds what its text needs."""
    kind: str
    seat: int | None = None
    cards: list = field(default_factory=list)
    params: dict = field(default_factory=dict)
    ends_trick: bool = False
    effect: bool = False            # shown with its own effect animation (clear, skip, ...)


@dataclass
class LogContext:
    names: list
    me: int | None = None
    deck: list | None = None        # card objects by id (rank, suit, joker)
    titles: list = field(default_factory=list)
    play_text: Callable | None = None   # (entry) -> 'Paar Könige' (the game's wording of a play)
    spoken: bool = False            # read aloud (the phone page's screen-reader layer): ranks in words, not letters
    terse: bool = False             # read aloud shortly (that layer's "kurz"): a play's ``key + "_short"`` line

    def name_obj(self, seat) -> str:
        """The name as an object ("gibt dir", "gives you")."""
        if self.me is not None and seat == self.me:
            return i18n.t("log.you_obj")
        return self.name(seat)

    def name(self, seat) -> str:
        if seat is None:
            return "?"
        if self.me is not None and seat == self.me:
            return i18n.t("log.you")
        if 0 <= seat < len(self.names) and self.names[seat]:
            return str(self.names[seat])
        return i18n.t("lobby.seat", n=seat + 1)


# ---------------------------------------------------------------------------- a game's lines
class LogLines:
    """How a game's events read in the log (``Game.log_lines()`` gives the game's subclass):

    - ``build(events, ctx) -> list[Entry]``: pure data (seat, kind, cards, params), no text, so
      a change of language or of a name shows at once;
    - ``text(entry, ctx) -> str``: the line for an entry in the current language;
    - ``sections``: 'trick' (a heading per trick) or 'round' (games without tricks: one
      section for the round, headed "Diese Runde").

    This base is the plain log of a game that has none of its own: an entry per event type."""

    sections = "trick"

    def build(self, events, ctx: LogContext | None = None) -> list[Entry]:
        out = []
        for ev in events:
            typ = str(ev.get("type") or "")
            if typ == "round_over":
                out.append(Entry("round_over", None, ends_trick=True, effect=True))
            elif typ:
                out.append(Entry(typ, ev.get("seat") if isinstance(ev.get("seat"), int) else None))
        return out

    def text(self, entry: Entry, ctx: LogContext) -> str:
        if entry.seat is None:
            return entry.kind
        return i18n.t("log.play", name=ctx.name(entry.seat), what=entry.kind)

    def card_name(self, cid, ctx: LogContext | None) -> str:
        """A card in words ("Herz 9" / "9 of Hearts"), from the context's deck; a game with
        its own wording of cards gives it (``GameLines(card_name=...)``)."""
        deck = ctx.deck if ctx is not None else None
        try:
            c = deck[cid] if deck is not None and isinstance(cid, int) and 0 <= cid < len(deck) else None
        except (IndexError, KeyError, TypeError):
            c = None
        if c is None:
            return "?"
        if getattr(c, "joker", False):
            return i18n.rank_name("JOKER")
        return i18n.card_words(c)

    @staticmethod
    def say(key: str, entry: Entry, ctx: LogContext, **kw) -> str:
        """The text of ``key``, in its own wording where the entry is about this window's own
        seat (``key + "_me"``: "Du bist raus", not "Du ist raus"); said shortly where ``ctx.terse``
        and the game has a short wording (``key + "_short"``: "Anna: Herz 8")."""
        if getattr(ctx, "terse", False) and i18n.has(key + "_short"):
            return i18n.t(key + "_short", **kw)
        if ctx.me is not None and entry.seat == ctx.me and i18n.has(key + "_me"):
            return i18n.t(key + "_me", **kw)
        return i18n.t(key, **kw)


class GameLines(LogLines):
    """A game's ``LogLines`` made of its module's two functions:
    ``LINES = GameLines(build, text, sections="round")``."""

    def __init__(self, build: Callable, text: Callable, sections: str = "trick",
                 card_name: Callable | None = None) -> None:
        self.build_entries = build
        self.entry_text = text
        self.sections = sections
        self.card_words = card_name

    def card_name(self, cid, ctx: LogContext | None) -> str:
        if self.card_words is not None:
            return self.card_words(cid, ctx)
        return super().card_name(cid, ctx)

    def build(self, events, ctx: LogContext | None = None) -> list[Entry]:
        return self.build_entries(events, ctx)

    def text(self, entry: Entry, ctx: LogContext) -> str:
        return self.entry_text(entry, ctx)


def each_event(events):
    """``(event, type, seat)`` for each event that is a dict (a game's ``build`` reads these)."""
    for ev in events:
        if isinstance(ev, dict):
            yield ev, ev.get("type"), ev.get("seat")


def lines_of(game_id: str | None) -> LogLines:
    """The log lines of a game (the plain ones where the game has none or is unknown)."""
    from felt import contract
    try:
        lines = contract.get(game_id).log_lines()
    except KeyError:
        lines = None
    return lines if lines is not None else LogLines()


# ---------------------------------------------------------------------------- the log
class PlayLog:
    """The round's entries in tricks. ``tricks[-1]`` is the trick in play (or the one just
    cleared, until the next lead). In a log of tricks an entry of kind ``round`` starts the
    round's opening (``opening``: ``tricks[0]``, headed "Rundenbeginn"): what comes before the
    round's first ``play`` (a deal, the bids, an exchange); the first play opens "Stich 1".
    An opening of nothing but its ``round`` line is the first trick's first line instead."""

    MAX_TRICKS = 40

    def __init__(self, game_id: str | None = None) -> None:
        from felt import contract
        self.game_id = contract.id_of({"game": game_id})
        self.lines_of_game = lines_of(self.game_id)
        self.tricks: list[list[Entry]] = [[]]
        self.closed = False           # the last trick ended (cleared); the next entry opens a new one
        self.opening = False          # tricks[0] is the round's opening (before its first play), no trick
        self.round_no = 0
        self.version = 0              # grows with every entry (drawings cached per version)
        self._cached: tuple | None = None

    # data -----------------------------------------------------------------
    def build(self, events, ctx: LogContext | None = None) -> list[Entry]:
        """The game's entries for ``events`` (not added)."""
        return self.lines_of_game.build(list(events), ctx)

    def text_fn(self, e: Entry, ctx: LogContext) -> str:
        if e.kind == "note":            # the table's own lines (who left, who is back)
            return i18n.t(e.params["key"], **e.params.get("args", {}))
        return self.lines_of_game.text(e, ctx)

    def add_events(self, events, ctx: LogContext | None = None) -> list[Entry]:
        entries = self.build(list(events), ctx)
        for e in entries:
            self.add(e)
        return entries

    def note(self, key: str, seat: int | None = None, **args) -> Entry:
        """A line of the table's own (not a game event): ``i18n.t(key, **args)``."""
        e = Entry("note", seat, params={"key": key, "args": args})
        self.add(e)
        return e

    def clear(self) -> None:
        """Forget the entries (before the round so far is read in again)."""
        self.tricks = [[]]
        self.closed = self.opening = False
        self.version += 1

    def add(self, e: Entry) -> None:
        self.version += 1
        if e.kind == "round":
            self.tricks = [[]]
            self.closed = False
            self.opening = self.lines_of_game.sections == "trick"
        elif self.closed and e.kind not in ("round_over",):
            self.tricks.append([])
            self.closed = False
        elif self.opening and len(self.tricks) == 1 and e.kind == "play":
            if any(x.kind != "round" for x in self.tricks[0]):
                self.tricks.append([])        # the round's first play opens its first trick
            else:
                self.opening = False          # the round's line alone: the first trick's first line
        self.tricks[-1].append(e)
        if e.ends_trick:
            self.closed = True
        if len(self.tricks) > self.MAX_TRICKS:
            del self.tricks[0]
            self.opening = False

    def entries(self) -> list[Entry]:
        return [e for tr in self.tricks for e in tr]

    def lines(self, ctx: LogContext) -> list[str]:
        """Every entry of the round as text, in order (tests and the console)."""
        return [self.text_fn(e, ctx) for e in self.entries()]

    def current(self) -> list[Entry]:
        return self.tricks[-1] if self.tricks else []

    def cleared_trick(self) -> list[Entry]:
        """The plays of the trick just cleared, while no new trick has started."""
        if self.closed and self.tricks:
            return [e for e in self.tricks[-1] if e.kind == "play"]
        return []

    def last(self) -> Entry | None:
        for tr in reversed(self.tricks):
            if tr:
                return tr[-1]
        return None

    def heading(self, ti: int) -> str:
        """The heading of section ``ti`` (``tricks[ti]``): the trick in play "Dieser Stich", an
        earlier one "Stich 2" (from the round's start), the round's opening "Rundenbeginn"; a
        game of ``sections="round"`` has "Diese Runde", then "Runde vorbei"."""
        open_now = ti == len(self.tricks) - 1 and not self.closed
        if self.lines_of_game.sections == "round":
            return i18n.t("log.this_round") if open_now else i18n.t("log.round_done")
        if self.opening and ti == 0:
            return i18n.t("log.opening")
        return i18n.t("log.this_trick") if open_now else i18n.t("log.trick_n", n=ti + 1 - self.opening)

    # drawing --------------------------------------------------------------
    def draw_cached(self, surface, rect: pygame.Rect, ctx: LogContext, px: int, card_art=None,
                    alpha: int = 215, heading: str = "") -> None:
        """``draw`` into a surface kept until the log, the size, the language or a name
        changes: an animating table blits it instead of laying out every line each frame."""
        key = (self.version, rect.size, px, alpha, heading, i18n.get_lang(), tuple(ctx.names), ctx.me,
               tuple(ctx.titles))
        if self._cached is None or self._cached[0] != key:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            self.draw(img, img.get_rect(), ctx, px, card_art=card_art, alpha=alpha, heading=heading)
            self._cached = (key, img)
        surface.blit(self._cached[1], rect.topleft)

    def draw(self, surface, rect: pygame.Rect, ctx: LogContext, px: int, card_art=None,
             title: bool = True, alpha: int = 215, heading: str = "") -> None:
        """The panel: this trick first, then earlier tricks, newest on top, as many as fit."""
        theme.panel(surface, rect, (6, 24, 16), alpha=alpha, radius=12, border=theme.PANEL_BORDER)
        pad = max(6, px // 2)
        inner = rect.inflate(-2 * pad, -2 * pad)
        y = inner.top
        lh = int(px * 1.35)
        if title:
            head = i18n.t("log.title") + (f" · {heading}" if heading else "")
            draw_text(surface, head, pygame.Rect(inner.left, y, inner.w, lh), int(px * 1.1),
                      theme.GOLD, align="left", bold=True, min_px=9)
            y += lh + dp(2)
        n_tricks = len(self.tricks)
        if not any(self.tricks):
            draw_text(surface, i18n.t("log.empty"), pygame.Rect(inner.left, y, inner.w, lh), px, theme.TEXT_DIM,
                      align="left", min_px=9)
            return
        for ti in range(n_tricks - 1, -1, -1):
            tr = self.tricks[ti]
            if not tr:
                continue
            head = self.heading(ti)
            if y + 2 * lh > inner.bottom:
                return
            draw_text(surface, head, pygame.Rect(inner.left, y, inner.w, lh), int(px * 0.9), theme.ACCENT,
                      align="left", bold=True, min_px=8)
            pygame.draw.line(surface, (60, 90, 70), (inner.left, y + lh - 1), (inner.right, y + lh - 1))
            y += lh
            # in order of play; a trick longer than the room left shows its latest lines
            rows = [self._entry_row(e, ctx, inner, px, lh, card_art) for e in tr]
            while len(rows) > 1 and sum(r[4] for r in rows) > inner.bottom - y:
                rows.pop(0)
            for e, chips, x, (size, lines), h in rows:
                if y + h > inner.bottom:
                    return
                for chip, cx in chips:
                    surface.blit(chip, (cx, y + (lh - chip.get_height()) // 2))
                widgets.draw_lines(surface, lines, pygame.Rect(x, y, inner.right - x, h), size, _entry_color(e, ctx),
                                   bold=e.kind in ("play", "out"))
                y += h

    def _entry_row(self, e: Entry, ctx: LogContext, inner: pygame.Rect, px: int, lh: int, card_art) -> tuple:
        """``(entry, [(chip, x)], text x, (size, lines), height)`` of one log line: its card
        chips, then its text, which takes a second line rather than shrink much (a long name
        made a line smaller than the others, down to 10 px)."""
        chips, x = [], inner.left
        if e.cards and card_art is not None:
            for c in e.cards[:8]:
                chip = card_art(c, px)
                if chip is None:
                    continue
                if x + chip.get_width() > inner.right - dp(40):
                    break
                chips.append((chip, x))
                x += chip.get_width() + dp(2)
            x += 4
        bold = e.kind in ("play", "out")
        txt = self.text_fn(e, ctx)
        floor = max(min(px, dp(10)), px - dp(1))                     # a pixel smaller at most
        fit = widgets.layout_text(txt, inner.right - x, lh, px, bold=bold, min_px=min(px, 10))
        if fit[1] and (fit[1][0] != txt.replace("\n", " ") or fit[0] < floor):   # cut or small: two lines
            fit = widgets.layout_text(txt, inner.right - x, 2 * lh, px, wrap=True, max_lines=2, bold=bold,
                                      min_px=min(px, 10))
        return e, chips, x, fit, max(lh, len(fit[1]) * lh)


_chip_cache = SurfaceCache("log chips", limit_items=600, limit_bytes=512 << 10)


def card_chip(card, px: int) -> pygame.Surface:
    """A small readable card label ('A♦' in red on white) for log lines, cached per size."""
    key = (card.rank, card.suit, bool(card.joker), px, i18n.get_lang(), cardart.style()[0])
    img = _chip_cache.get(key)
    if img is not None:
        return img
    h = int(px * 1.3)
    if card.joker:
        label = fonts.render("J★", px, (120, 40, 160), True)
        sym = None
    else:
        label = fonts.render(i18n.rank_label(card.rank), px, cardart.suit_color(card.suit), True)
        sym = cardart.suit_symbol(card.suit, max(6, int(px * 0.8)))
    w = label.get_width() + dp(6) + (sym.get_width() + 1 if sym is not None else 0)
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(img, theme.CARD_FACE, img.get_rect(), border_radius=dp(3))
    pygame.draw.rect(img, theme.CARD_EDGE, img.get_rect(), dp(1), border_radius=dp(3))
    img.blit(label, (dp(3), (h - label.get_height()) // 2))
    if sym is not None:
        img.blit(sym, (dp(3) + label.get_width() + dp(1), (h - sym.get_height()) // 2))
    return _chip_cache.put(key, img)


def _entry_color(e: Entry, ctx: LogContext):
    if e.kind in ("clear", "revolution", "joker", "skip"):
        return (255, 190, 120)
    if e.kind == "out":
        return theme.GOLD
    if e.kind == "pass":
        return theme.TEXT_DIM
    if e.kind in ("trick", "round", "round_over", "exchange_done", "ex_auto", "ex_give", "ex_wish", "lead"):
        return (170, 210, 190)
    if ctx.me is not None and e.seat == ctx.me:
        return theme.ACCENT
    return theme.TEXT

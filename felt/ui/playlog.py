"""The play log: who played what, for any game.

A game turns its events into log entries with a builder registered here
(``register_builder(game_id, build, text)``):

- ``build(events, ctx) -> list[Entry]``: pure data (seat, kind, cards, params), no text, so
  a change of language or of a name shows at once;
- ``text(entry, ctx) -> str``: the line for an entry in the current language.

``ctx`` is a ``LogContext``: names, the own seat, the deck (card faces) and the titles.
``PlayLog`` keeps the round's entries grouped in tricks (an entry with ``ends_trick``
closes one) and draws itself as a panel (the table's right column on laptops, a drawer
on phones). Mau-Mau and Schwimmen register their own builders and reuse the rest.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from felt.ui import cardart, fonts, i18n, theme, widgets
from felt.ui.layout import dp
from felt.ui.widgets import draw_text

TEXTS = {
    "log.title": ("Verlauf", "Log"),
    "log.this_trick": ("Dieser Stich", "This trick"),
    "log.trick_n": ("Stich {n}", "Trick {n}"),
    "log.empty": ("Noch nichts gespielt", "Nothing played yet"),
    "log.play": ("{name}: {what}", "{name}: {what}"),
    "log.pass": ("{name} passt", "{name} passes"),
    "log.pass_auto": ("{name} passt (kann nicht schlagen)", "{name} passes (cannot beat)"),
    "log.skip": ("{name} setzt aus (8 gespielt)", "{name} is skipped (an 8 was played)"),
    "log.clear_quad": ("Abgeräumt: vier Gleiche", "Cleared: four of a kind"),
    "log.clear_twos": ("Abgeräumt: 2er räumen ab", "Cleared: 2s clear"),
    "log.clear_eights": ("Abgeräumt: 8er räumen ab", "Cleared: 8s clear"),
    "log.clear": ("Abgeräumt", "Cleared"),
    "log.revolution_on": ("Revolution! Jetzt schlagen tiefe Karten", "Revolution! Low cards beat now"),
    "log.revolution_off": ("Gegenrevolution: wieder normale Reihenfolge", "Counter-revolution: normal order again"),
    "log.joker": ("Joker: schlägt alles", "Joker: beats everything"),
    "log.out": ("{name} ist raus: {place}. Platz ({title})", "{name} is out: place {place} ({title})"),
    "log.out_last": ("{name} bleibt übrig: {place}. Platz ({title})", "{name} is left: place {place} ({title})"),
    "log.trick_won": ("{name} gewinnt den Stich und spielt aus", "{name} takes the trick and leads"),
    "log.trick_won_next": ("{name} gewinnt den Stich · {leader} spielt aus",
                           "{name} takes the trick · {leader} leads"),
    "log.round_start": ("Runde {n}: Karten verteilt", "Round {n}: cards dealt"),
    "log.lead": ("{name} spielt aus", "{name} leads"),
    "log.exchange_done": ("Tausch fertig", "Exchange done"),
    "log.ex_auto.one": ("{name} gibt {to} die höchste Karte", "{name} gives {to} the highest card"),
    "log.ex_auto.other": ("{name} gibt {to} die {n} höchsten Karten", "{name} gives {to} the {n} highest cards"),
    "log.ex_give.one": ("{name} gibt {to} {n} Karte zurück", "{name} gives {to} {n} card back"),
    "log.ex_give.other": ("{name} gibt {to} {n} Karten zurück", "{name} gives {to} {n} cards back"),
    "log.ex_wish": ("{name} wünscht sich: {ranks}", "{name} wishes for: {ranks}"),
    "log.ex_wish_none": ("{name} wünscht sich nichts", "{name} wishes for nothing"),
    "log.lead_first_seat": ("{name} spielt aus (erster Platz am Tisch)", "{name} leads (first seat)"),
    "log.lead_random": ("{name} spielt aus (Zufall)", "{name} leads (random)"),
    "log.lead_card": ("{name} spielt aus (hat die Startkarte)", "{name} leads (holds the leading card)"),
    "log.lead_draw": ("{name} spielt aus (tiefste gezogene Karte)", "{name} leads (lowest card drawn)"),
    "log.lead_last_place": ("{name} spielt aus (Letzter der vorigen Runde)", "{name} leads (last place of the last round)"),
    "log.round_over": ("Runde vorbei", "Round over"),
    "log.you": ("Du", "You"),
    "log.you_obj": ("dir", "you"),
    # lines about myself ("Du bist raus", not "Du ist raus")
    "log.out_me": ("Du bist raus: {place}. Platz ({title})", "You are out: place {place} ({title})"),
    "log.out_last_me": ("Du bleibst übrig: {place}. Platz ({title})", "You are left: place {place} ({title})"),
    "log.trick_won_me": ("Du gewinnst den Stich und spielst aus", "You take the trick and lead"),
    "log.trick_won_next_me": ("Du gewinnst den Stich · {leader} spielt aus", "You take the trick · {leader} leads"),
    "log.skip_me": ("Du setzt aus (8 gespielt)", "You are skipped (an 8 was played)"),
    "log.ex_auto_me.one": ("Du gibst {to} die höchste Karte", "You give {to} the highest card"),
    "log.ex_auto_me.other": ("Du gibst {to} die {n} höchsten Karten", "You give {to} the {n} highest cards"),
    "log.ex_give_me.one": ("Du gibst {to} {n} Karte zurück", "You give {to} {n} card back"),
    "log.ex_give_me.other": ("Du gibst {to} {n} Karten zurück", "You give {to} {n} cards back"),
    "log.pass_me": ("Du passt", "You pass"),
    "log.pass_auto_me": ("Du passt (kannst nicht schlagen)", "You pass (cannot beat)"),
    # the trick's winner is someone else and I lead next
    "log.trick_won_next_you_lead": ("{name} gewinnt den Stich · du spielst aus", "{name} takes the trick · you lead"),
    "log.ex_wish_me": ("Du wünschst dir: {ranks}", "You wish for: {ranks}"),
    "log.ex_wish_none_me": ("Du wünschst dir nichts", "You wish for nothing"),
    "log.lead_first_seat_me": ("Du spielst aus (erster Platz am Tisch)", "You lead (first seat)"),
    "log.lead_random_me": ("Du spielst aus (Zufall)", "You lead (random)"),
    "log.lead_card_me": ("Du spielst aus (hast die Startkarte)", "You lead (you hold the leading card)"),
    "log.lead_draw_me": ("Du spielst aus (tiefste gezogene Karte)", "You lead (lowest card drawn)"),
    "log.lead_last_place_me": ("Du spielst aus (Letzter der vorigen Runde)", "You lead (last place of the last round)"),
    "log.lead_me": ("Du spielst aus", "You lead"),
    "log.cleared_trick": ("Abgeräumter Stich", "Cleared trick"),
    "log.tap_log": ("Verlauf: antippen", "Tap for the log"),
    "log.this_round": ("Diese Runde", "This round"),
    "log.round_done": ("Runde vorbei", "Round over"),
}
i18n.add_texts(TEXTS)


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


# ---------------------------------------------------------------------------- registry
_BUILDERS: dict[str, tuple[Callable, Callable]] = {}
_ROUNDS: set = set()            # games without tricks: the log's sections are rounds


def register_builder(game_id: str, build: Callable, text: Callable, sections: str = "trick") -> None:
    """``sections``: 'trick' (Präsident: a heading per trick) or 'round' (games without
    tricks: one section for the round, headed "Diese Runde")."""
    _BUILDERS[game_id] = (build, text)
    if sections == "round":
        _ROUNDS.add(game_id)
    else:
        _ROUNDS.discard(game_id)


def builder(game_id: str | None):
    return _BUILDERS.get(game_id or "praesident") or _BUILDERS["praesident"]


# ---------------------------------------------------------------------------- Präsident
def praesident_build(events, ctx: LogContext | None = None) -> list[Entry]:
    """Präsident's events as log entries, in order."""
    out: list[Entry] = []
    for ev in events:
        typ = ev.get("type")
        seat = ev.get("seat")
        if typ == "round_start":
            out.append(Entry("round", None, params={"n": ev.get("round_no", 1)}))
        elif typ == "play":
            cards = list(ev.get("cards") or [])
            kind = "joker" if (ev.get("joker") or ev.get("kind") == "joker") else "play"
            out.append(Entry("play", seat, cards, {"kind": ev.get("kind", "set"), "size": ev.get("size", len(cards))}))
            if kind == "joker":
                out.append(Entry("joker", seat, effect=True))
        elif typ == "pass":
            out.append(Entry("pass", seat, params={"auto": bool(ev.get("auto"))}))
        elif typ == "skip":
            out.append(Entry("skip", seat, effect=True))
        elif typ == "clear":
            out.append(Entry("clear", seat, params={"reason": ev.get("reason", "")}, effect=True))
        elif typ == "revolution":
            out.append(Entry("revolution", seat, params={"on": bool(ev.get("on", True))}, effect=True))
        elif typ == "out":
            out.append(Entry("out", seat, params={"place": int(ev.get("place", 0)), "last": bool(ev.get("last"))},
                             effect=True))
        elif typ == "trick_won":
            out.append(Entry("trick", seat, params={"leader": ev.get("leader", seat)}, ends_trick=True))
        elif typ == "exchange_done":
            out.append(Entry("exchange_done"))
        elif typ in ("exchange_auto", "give"):
            # the cards only where this seat may see them (the filtered event carries them)
            out.append(Entry("ex_auto" if typ == "exchange_auto" else "ex_give", seat,
                             list(ev.get("cards") or []), {"to": ev.get("to"), "n": int(ev.get("count") or 0)}))
        elif typ == "wish":
            out.append(Entry("ex_wish", seat, params={"to": ev.get("to"), "ranks": ev.get("ranks")}))
        elif typ == "lead_chosen":
            out.append(Entry("lead", seat, params={"reason": str(ev.get("reason") or "")}))
        elif typ == "round_over":
            out.append(Entry("round_over", None, params={"places": list(ev.get("places") or [])},
                             ends_trick=True, effect=True))
    return out


def _play_words(entry: Entry, ctx: LogContext) -> str:
    if ctx.play_text is not None:
        return ctx.play_text(entry)
    n = len(entry.cards)
    seq = entry.params.get("kind") == "seq"
    kind = i18n.play_kind(n, seq)
    if entry.params.get("kind") == "joker":
        return "Joker"
    if ctx.deck is not None and not seq:
        nat = [ctx.deck[c] for c in entry.cards if 0 <= c < len(ctx.deck) and not ctx.deck[c].joker]
        if nat:
            jok = n - len(nat)
            extra = " + Joker" if jok == 1 else (f" + {jok} Joker" if jok else "")
            return f"{kind} {i18n.rank_label(nat[0].rank)}{extra}"
    return kind


def _title(ctx: LogContext, place: int) -> str:
    if 0 <= place < len(ctx.titles):
        return i18n.title_text(ctx.titles[place])
    return f"{place + 1}."


def praesident_text(e: Entry, ctx: LogContext) -> str:
    nm = ctx.name(e.seat)
    k = e.kind
    mine = ctx.me is not None and e.seat == ctx.me

    def t(key: str, **kw) -> str:
        """The line, in its own wording where it is about me ("Du bist raus")."""
        if mine and i18n.has(key + "_me"):
            return i18n.t(key + "_me", **kw)
        return i18n.t(key, **kw)
    if k == "play":
        return i18n.t("log.play", name=nm, what=_play_words(e, ctx))
    if k == "pass":
        return t("log.pass_auto" if e.params.get("auto") else "log.pass", name=nm)
    if k == "skip":
        return t("log.skip", name=nm)
    if k == "clear":
        key = {"quad": "log.clear_quad", "twos": "log.clear_twos", "eights": "log.clear_eights"}.get(
            e.params.get("reason"), "log.clear")
        return i18n.t(key)
    if k == "revolution":
        return i18n.t("log.revolution_on" if e.params.get("on", True) else "log.revolution_off")
    if k == "joker":
        return i18n.t("log.joker")
    if k == "out":
        place = int(e.params.get("place", 0))
        return t("log.out_last" if e.params.get("last") else "log.out", name=nm, place=place + 1,
                 title=_title(ctx, place))
    if k == "trick":
        leader = e.params.get("leader", e.seat)
        if leader == e.seat or leader is None:
            return t("log.trick_won", name=nm)
        if ctx.me is not None and leader == ctx.me:
            return i18n.t("log.trick_won_next_you_lead", name=nm)
        return t("log.trick_won_next", name=nm, leader=ctx.name(leader))
    if k == "round":
        return i18n.t("log.round_start", n=e.params.get("n", 1))
    if k == "exchange_done":
        return i18n.t("log.exchange_done")
    if k in ("ex_auto", "ex_give"):
        return t("log." + k, name=nm, to=ctx.name_obj(e.params.get("to")), n=e.params.get("n") or len(e.cards))
    if k == "ex_wish":
        ranks = e.params.get("ranks")
        if ranks is None:                      # not for my eyes: a wish between two others
            return t("log.ex_wish", name=nm, ranks="…")
        if not ranks:
            return t("log.ex_wish_none", name=nm)
        return t("log.ex_wish", name=nm, ranks=", ".join(i18n.rank_label(r) for r in ranks))
    if k == "lead":
        key = "log.lead_" + str(e.params.get("reason"))
        return t(key, name=nm) if i18n.has(key) else t("log.lead", name=nm)
    if k == "round_over":
        return i18n.t("log.round_over")
    return k


register_builder("praesident", praesident_build, praesident_text)


# ---------------------------------------------------------------------------- the log
class PlayLog:
    """The round's entries in tricks. ``tricks[-1]`` is the trick in play (or the one just
    cleared, until the next lead)."""

    MAX_TRICKS = 40

    def __init__(self, game_id: str = "praesident") -> None:
        self.game_id = game_id
        self.build, game_text = builder(game_id)

        def text_fn(e: Entry, ctx: LogContext) -> str:
            if e.kind == "note":            # the table's own lines (who left, who is back)
                return i18n.t(e.params["key"], **e.params.get("args", {}))
            return game_text(e, ctx)
        self.text_fn = text_fn
        self.tricks: list[list[Entry]] = [[]]
        self.closed = False           # the last trick ended (cleared); the next entry opens a new one
        self.round_no = 0
        self.version = 0              # grows with every entry (drawings cached per version)
        self._cached: tuple | None = None

    # data -----------------------------------------------------------------
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
        self.closed = False
        self.version += 1

    def add(self, e: Entry) -> None:
        self.version += 1
        if e.kind == "round":
            self.tricks = [[]]
            self.closed = False
        elif self.closed and e.kind not in ("round_over",):
            self.tricks.append([])
            self.closed = False
        self.tricks[-1].append(e)
        if e.ends_trick:
            self.closed = True
        if len(self.tricks) > self.MAX_TRICKS:
            del self.tricks[0]

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
            if self.game_id in _ROUNDS:
                head = i18n.t("log.this_round") if (ti == n_tricks - 1 and not self.closed) else \
                    i18n.t("log.round_done")
            else:
                head = i18n.t("log.this_trick") if (ti == n_tricks - 1 and not self.closed) else \
                    i18n.t("log.trick_n", n=ti + 1)
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
        chips, then its text, which takes a second line rather than shrinking below 10 px."""
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
        fit = widgets.layout_text(txt, inner.right - x, lh, px, bold=bold, min_px=min(px, 10))
        if fit[1] and fit[1][0] != txt.replace("\n", " "):          # cut: two lines instead
            fit = widgets.layout_text(txt, inner.right - x, 2 * lh, px, wrap=True, max_lines=2, bold=bold,
                                      min_px=min(px, 10))
        return e, chips, x, fit, max(lh, len(fit[1]) * lh)


_chip_cache: dict = {}


def card_chip(card, px: int) -> pygame.Surface:
    """A small readable card label ('A♦' in red on white) for log lines, cached per size."""
    key = (card.rank, card.suit, bool(card.joker), px)
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
    if len(_chip_cache) > 600:
        _chip_cache.clear()
    _chip_cache[key] = img
    return img


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

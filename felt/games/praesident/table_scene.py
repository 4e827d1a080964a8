"""The card table: own hand, pile, the other seats, Play/Pass, effects.

The scene renders from a seat's view dict (``felt.games.praesident.engine.view``) plus the filtered
events since the previous view. It talks to the outside only through:

- ``set_view(view, events=())``: new state from the host (animations start here);
- ``set_names(names)``: the seats' names;
- ``outbox`` / ``on_move(wire_move)``: every move the player makes, as a wire dict
  (``{"kind": "play", "cards": [...]}`` / ``{"kind": "pass"}``) — the app shell sends
  these with ``ClientThread.send``; tests read ``outbox``;
- ``on_menu()`` and ``on_settings(settings)`` callbacks; ``settings`` is a dict with
  'muted' and 'auto_pass';
- ``set_timer(timer)``: the host's turn timer ({seat, left, total} seconds, or None); a
  ring with the seconds left shows in the top bar, a bar on the box of the seat on turn
  (over the own hand when it is mine).

The top bar, the play log and the chat are every table's (``felt.ui.game_table``).

A selection is legal iff it matches one of ``view['legal']`` by card faces (sets: the
ranks and number of jokers; sequences: suit and rank of every card), which is exactly
the set of selections the engine accepts, because its legal list holds one canonical
representative per equivalent choice.
"""
from __future__ import annotations

import math
from typing import Iterable

import pygame

from felt.games.praesident.words import play_kind, title_text
from felt.ui import anim, cardart, fonts, i18n, layout, pacing, theme
from felt.ui.game_table import GameTableScene
from felt.ui.layout import dp
from felt.ui.playlog import LogContext
from felt.ui.scene import BACK, KEY, MOTION, PRESS, RELEASE, Input
from felt.ui.seat_card import SeatLines, Tag
from felt.ui.sound import Sounds
from felt.ui.widgets import Button, countdown_color, draw_text


# ----------------------------------------------------------------------------
# view helpers shared by the table, exchange and results scenes
class Table:
    """Deck and rule facts derived from a view (rebuilt only when the rules change)."""

    def __init__(self, rules_dict: dict) -> None:
        from felt.cards import build_deck
        from felt.games.praesident.rules import Rules
        self.rules_dict = rules_dict
        self.rules = Rules.from_dict(rules_dict, validate=False)
        self.deck = build_deck(self.rules)
        self.rank_index = {r: i for i, r in enumerate(self.rules.ranks)}
        self.sequences = bool(self.rules.sequences)
        suits = [c.suit for c in self.deck if c.suit != "X"]
        self.suit_order = {s: i for i, s in enumerate(dict.fromkeys(suits))}

    def card(self, cid: int):
        return self.deck[cid]

    def rank_of(self, cid: int) -> int:
        c = self.deck[cid]
        return len(self.rank_index) if c.joker else self.rank_index.get(c.rank, 0)

    def sort_hand(self, ids: Iterable[int], mode: str | None = None) -> list[int]:
        """By rank (jokers last), or by suit then rank (``mode`` 'suit'; the default with
        sequences on)."""
        if mode is None:
            mode = "suit" if self.sequences else "rank"
        if mode == "suit":
            key = lambda c: (1 if self.deck[c].joker else 0, self.suit_order.get(self.deck[c].suit, 9),
                             self.rank_of(c), c)
        else:
            key = lambda c: (self.rank_of(c), self.suit_order.get(self.deck[c].suit, 9), c)
        return sorted(ids, key=key)

    # legality by faces ------------------------------------------------------
    def _naturals(self, ids):
        return [self.deck[c] for c in ids if not self.deck[c].joker]

    def set_sig(self, ids) -> tuple:
        nat = self._naturals(ids)
        return ("set", tuple(sorted(c.rank for c in nat)), len(ids) - len(nat))

    def seq_sig(self, ids) -> tuple:
        nat = self._naturals(ids)
        return ("seq", tuple(sorted((c.suit, c.rank) for c in nat)), len(ids) - len(nat))

    def is_seq_like(self, ids) -> bool:
        nat = self._naturals(ids)
        return len(nat) >= 2 and len({c.rank for c in nat}) == len(nat)

    def legal_index(self, legal: list[dict]) -> "LegalIndex":
        return LegalIndex(self, legal)


class LegalIndex:
    """Fast answers about ``view['legal']``: is a selection legal, can a card be played."""

    def __init__(self, table: Table, legal: list[dict]) -> None:
        self.table = table
        self.sigs: set = set()
        self.can_pass = False
        self.plays: list[tuple[int, ...]] = []
        self.play_ranks: set = set()        # ranks usable in some set-like play
        self.play_faces: set = set()        # (suit, rank) usable in some sequence play
        self.jokers_ok = False
        self.give_count = 0
        self.wish = False
        for m in legal or ():
            kind = m.get("kind")
            if kind == "pass":
                self.can_pass = True
            elif kind == "play":
                ids = tuple(m.get("cards", ()))
                self.plays.append(ids)
                seq = table.is_seq_like(ids)
                self.sigs.add(table.seq_sig(ids) if seq else table.set_sig(ids))
                for c in ids:
                    cd = table.deck[c]
                    if cd.joker:
                        self.jokers_ok = True
                    elif seq:
                        self.play_faces.add((cd.suit, cd.rank))
                    else:
                        self.play_ranks.add(cd.rank)
            elif kind == "give":
                self.give_count = len(m.get("cards", ()))
            elif kind == "wish":
                self.wish = True

    @property
    def can_play(self) -> bool:
        return bool(self.plays)

    def selection_legal(self, ids) -> bool:
        ids = tuple(ids)
        if not ids or not self.plays:
            return False
        t = self.table
        if t.is_seq_like(ids):
            return t.seq_sig(ids) in self.sigs
        return t.set_sig(ids) in self.sigs

    def card_playable(self, cid: int) -> bool:
        cd = self.table.deck[cid]
        if cd.joker:
            return self.jokers_ok
        return cd.rank in self.play_ranks or (cd.suit, cd.rank) in self.play_faces


def scene_kind(view: dict) -> str:
    """Which game scene shows this view: 'exchange', 'results' or 'table'."""
    phase = view.get("phase")
    if phase == "exchange":
        return "exchange"
    if phase in ("round_over", "match_over"):
        return "results"
    return "table"


def seat_name(names: list[str] | None, seat: int) -> str:
    if names and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return i18n.t("lobby.seat", n=seat + 1)


def standings_words(scene) -> str:
    """The quick question "Spielstand" (felt.ui.a11y): how often each seat came in which place."""
    out = []
    for seat, row in enumerate(scene.view.get("standings") or []):
        counts = ", ".join(i18n.t("res.a11y_count", n=c, p=p + 1) for p, c in enumerate(row or []) if c)
        if counts:
            out.append(f"{scene.seat_name(seat)}: {counts}")
    return "; ".join(out)


def describe_play(table: Table, pile: dict | None) -> str:
    """'Paar Könige' style text for the pile's top play."""
    if not pile:
        return ""
    ids = pile.get("cards", [])
    size = len(ids)
    if pile.get("kind") == "joker":
        return i18n.t("fx.joker").rstrip("!")
    seq = pile.get("kind") == "seq"
    kind = play_kind(size, seq)
    nat = [table.deck[c] for c in ids if not table.deck[c].joker]
    if seq or not nat:
        return kind
    return f"{kind} {i18n.rank_label(nat[0].rank)}"


# ----------------------------------------------------------------------------
class TableScene(GameTableScene):
    shows_results = False          # the round's results are the ResultsScene's
    offers_auto_pass = True
    game_id = "praesident"
    turn_phases = ("play",)
    # kept in a replay: sorting the hand, closing the exchange's summary
    view_buttons = GameTableScene.view_buttons + ("sort_btn", "ok_btn")
    MODAL_PANELS = ("_draw_ex_summary",)   # drawn over the dimmed table (felt.ui.text_layout)

    def __init__(self, view: dict | None = None, names: list[str] | None = None, **kw) -> None:
        super().__init__(None, names, **kw)
        self.settings.setdefault("auto_pass", False)
        self._hold = 0.0                     # seconds the current state still holds (pacing)
        self.table: Table | None = None
        self.legal: LegalIndex | None = None
        self._title_w = 0                    # the longest seat title's width the layout was made for
        self._why_cache: tuple = (None, None, "")   # (selection and language, view, why it is not legal)
        if self.sounds is None:
            self.sounds = Sounds(muted=self.settings.get("muted", False))
        self.sounds.muted = bool(self.settings.get("muted", False))
        self.selected: set[int] = set()
        self.hand: list[int] = []
        self.hidden: set[int] = set()       # hand cards still flying in (dealt)
        self.pile_hidden: set[int] = set()  # pile cards still flying to the pile
        self.auto_pass_timer = -1.0
        self.focus = -1                     # keyboard focus index in the hand
        self.anim = anim.Animator()
        self.table_layout: layout.TableLayout | None = None
        self._slots: list[pygame.Rect] = []
        self._slide_on = True                # sliding over the hand selects (or unselects) the cards
        self.touched = False                 # a finger touched the table (the hint says tap, not keys)
        self.play_btn = Button(i18n.t("table.play"), self.play_selected, kind="primary",
                               hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER))
        self.pass_btn = Button(i18n.t("table.pass"), self.do_pass, kind="secondary", hotkeys=(pygame.K_p,))
        self.sort_btn = Button("", self.toggle_sort, kind="secondary", hotkeys=(pygame.K_s,))
        self._seat_flash: tuple | None = None   # (seat, seconds): the box of the seat that just played
        self.sort_mode = self.settings.get("sort") or None   # 'rank' | 'suit' (None: the rules' default)
        self.ex_summary: list[dict] | None = None  # what I gave and got, until I tap OK
        self.received: set[int] = set()         # cards I got in the exchange, marked for the first trick
        self.ok_btn = Button(i18n.t("story.ok"), self.close_summary, kind="primary")
        if view is not None:
            self.set_view(view, ())

    # pacing and the log -------------------------------------------------
    @property
    def speed(self) -> str:
        return str(self.settings.get("speed") or "normal")

    def hold(self) -> float:
        """Seconds before the next state may be shown: this state's plays and effects first,
        and the exchange summary until it is closed."""
        if self.ex_summary:
            return 1.0
        return max(self._hold, self.anim.announcements_left(), self.anim.flights_left())

    def waits_for_reader(self) -> bool:
        return bool(self.ex_summary)

    def close_summary(self) -> None:
        """OK on the exchange summary: the table is the player's again, its buttons and the
        Tipp usable at once (they were greyed under the summary)."""
        self.ex_summary = None
        self.ok_btn.visible = False             # gone with its summary (a window's reported state too)
        self.refresh_controls()
        self.refresh_hint_button()
        self.mark_dirty()

    def log_context(self) -> LogContext:
        titles = self.view.get("titles") or []
        return LogContext(names=self.names, me=self.seat, deck=self.table.deck if self.table else None,
                          titles=list(titles), play_text=self._log_play_text)

    def a11y_text(self) -> list[str]:
        """For the phone page's screen-reader layer (felt.ui.a11y): while the exchange's summary
        stands over the table, what this seat gave and got; else what lies on the pile to beat,
        and whose it is (ranks in words), then how many cards each seat holds."""
        if self.ex_summary:
            return self._summary_lines()
        pile = self._pile_line()
        return ([pile] if pile else []) + super().a11y_text()

    def _summary_lines(self) -> list[str]:
        """The exchange's summary in sentences: "Von Ben bekommen: Herz Ass, Pik 2"."""
        from felt.ui.a11y import card_name
        out = [i18n.t("ex.title")]
        for info in self.ex_summary or []:
            partner = self._name(info.get("partner"))
            for key, cards in (("ex.got_from", info.get("got")), ("ex.gave_to", info.get("gave"))):
                if cards:
                    out.append(f"{i18n.t(key, name=partner)}: " + ", ".join(card_name(self, c) for c in cards))
        return out

    def _pile_line(self) -> str:
        import dataclasses

        from felt.games.praesident.log import play_words
        from felt.ui.playlog import Entry
        pile = self.view.get("pile")
        if self.view.get("phase") != "play" or self.table is None:
            return ""
        if not pile:
            return i18n.t("a11y.pile_none")
        ctx = dataclasses.replace(self.log_context(), spoken=True)
        what = play_words(Entry("play", pile.get("seat"), list(pile.get("cards") or []),
                                {"kind": pile.get("kind", "set")}), ctx)
        mine = pile.get("seat") == self.seat
        return i18n.t("a11y.pile_me" if mine else "a11y.pile", what=what, name=self.seat_name(pile.get("seat")))

    def a11y_widgets(self, names: list[str]) -> list[str]:
        """While the exchange's summary is open only its OK and the menu (nothing under it takes
        a tap); after it, never its OK again."""
        if self.ex_summary:
            return [n for n in names if n in ("ok_btn", "menu_btn")]
        return [n for n in names if n != "ok_btn"]

    def a11y_card_off(self, cid) -> bool:
        """Off turn every card (nothing can be played now); on turn a card that is in no legal
        play (too low, or no set of it beats the pile)."""
        if not self.my_turn or self.pending or self.legal is None or self.ex_summary:
            return True
        return not self.legal.card_playable(cid)

    def a11y_moves(self) -> list[tuple[str, dict]]:
        """Each kind of play once ("Paar 8 legen", "Drilling Dame legen"): of plays alike in
        words the one with the fewest jokers."""
        import dataclasses

        from felt.games.praesident.log import play_words
        from felt.ui.playlog import Entry
        if self.table is None or self.ex_summary:
            return []
        ctx = dataclasses.replace(self.log_context(), spoken=True)
        best: dict[str, dict] = {}
        for m in self.legal_moves():
            if m.get("kind") != "play" or not m.get("cards"):
                continue
            seq = self.table.is_seq_like(m["cards"])
            what = play_words(Entry("play", self.seat, list(m["cards"]), {"kind": "seq" if seq else "set"}), ctx)
            if seq:                  # a sequence: its cards by name ("Straße Herz 8, Herz 9, Herz 10")
                from felt.ui.a11y import card_name
                what += " " + ", ".join(card_name(self, c) for c in self.table.sort_hand(m["cards"], "suit"))
            jokers = sum(1 for c in m["cards"] if self.table.card(c).joker)
            old = best.get(what)
            if old is None or jokers < sum(1 for c in old["cards"] if self.table.card(c).joker):
                best[what] = m
        return [(i18n.t("a11y.play_move", what=what), m) for what, m in best.items()]

    def a11y_top(self) -> str:
        return self._pile_line() or (i18n.t("a11y.pile_none") if self.view.get("phase") == "play" else "")

    def a11y_scores(self) -> str:
        return standings_words(self)

    def _log_play_text(self, entry) -> str:
        if self.table is None:
            return ""
        return describe_play(self.table, {"cards": entry.cards, "kind": entry.params.get("kind", "set")})

    def current_sort(self) -> str:
        if self.sort_mode:
            return self.sort_mode
        return "suit" if (self.table is not None and self.table.sequences) else "rank"

    def toggle_sort(self) -> None:
        """Sort the hand by rank or by suit (then rank)."""
        self.sort_mode = "suit" if self.current_sort() == "rank" else "rank"
        self.settings["sort"] = self.sort_mode
        if self.table is not None:
            self.hand = self.table.sort_hand(self.hand, self.sort_mode)
            self._relayout_hand()
        self.refresh_controls()
        self.mark_dirty()

    def _rank_mates(self, cid: int) -> list[int]:
        cd = self.table.card(cid)
        return [c for c in self.hand if c != cid and not self.table.card(c).joker and not cd.joker
                and self.table.card(c).rank == cd.rank]

    def select_rank(self, cid: int) -> None:
        """Every card of ``cid``'s rank (a double tap)."""
        if self.table is None:
            return
        cd = self.table.card(cid)
        same = [c for c in self.hand if (self.table.card(c).joker if cd.joker else
                                          (not self.table.card(c).joker and self.table.card(c).rank == cd.rank))]
        self.selected |= set(same)
        self.refresh_controls()
        self.mark_dirty()

    # the hand's input (felt.ui.game_table.handle_cards): a tap raises a card, a double tap
    # every card of its rank, a slide over the hand raises (or lowers) the cards, a card
    # dropped on the pile is played (with the cards raised along with it)
    def card_tapped(self, cid: int) -> None:
        self.toggle_card(cid)

    def card_double_tapped(self, cid: int) -> None:
        if self._rank_mates(cid):
            self.select_rank(cid)
        else:
            self.toggle_card(cid)

    def cards_slid(self, first: int, cid: int) -> None:
        if len(self.slid) == 2:              # the slide starts: the first card goes the same way
            self._slide_on = first not in self.selected
            self._set_selected(first, self._slide_on)
        self._set_selected(cid, self._slide_on)

    def play_dropped(self, cid: int) -> None:
        self.play_dragged(cid)

    def felt_tapped(self, pos) -> None:
        geom = self.table_layout
        if geom is not None and geom.log is None and geom.pile.collidepoint(pos) and self.log.cleared_trick():
            self.toggle_log()             # the cleared trick: a tap on the pile shows it in the log

    def play_dragged(self, cid: int) -> bool:
        """A card dropped on the pile: play it (with the cards selected along with it)."""
        cards = set(self.selected) if cid in self.selected else {cid}
        if not (self.my_turn and not self.pending and self.connected and self.legal
                and self.legal.selection_legal(cards)):
            self.toast.show(self.why_not_legal(cards), 1.6, "warn")
            self.play_sound("error")
            return False
        self.selected = set(cards)
        self.play_selected()
        return True

    @property
    def my_turn(self) -> bool:
        view = self.view
        return view.get("seat") is not None and view.get("to_move") == view.get("seat") and view.get("phase") == "play"

    def show_view(self, view: dict, events: list) -> None:
        old_rects = self.hand_rects()
        old_view = self.view_before
        if self.table is None or self.table.rules_dict != view.get("rules"):
            self.table = Table(view["rules"])
        self.legal = self.table.legal_index(view.get("legal", []))
        self.hand = self.table.sort_hand(view.get("hand", []), self.sort_mode)
        self.selected &= set(self.hand)
        self.hidden &= set(self.hand)
        if self.table_layout is not None:
            self._relayout_hand()
        entries = self.log.build(events, None)
        self._hold = pacing.hold_seconds(entries, self.seat, self.speed, self.backlog)
        if any(e.get("type") == "exchange_done" for e in events):
            mine = [dict(x) for x in (view.get("exchange") or []) if x.get("gave") or x.get("got")]
            if mine:
                self.ex_summary = mine
                self.ok_btn.visible = True
                self.received = {c for x in mine for c in (x.get("got") or [])}
        if any(e.get("type") in ("trick_won", "round_start") for e in events):
            self.received = set()
        self.received &= set(self.hand)
        self._events(events, old_rects)
        if not self.my_turn:
            self.auto_pass_timer = -1.0
        self._check_auto_pass()

    # -------------------------------------------------------------- actions
    def selection_legal(self) -> bool:
        return bool(self.legal and self.my_turn and self.legal.selection_legal(self.selected))

    def why_not_legal(self, cards=None) -> str:
        """Why the rules refuse these cards (the selection by default), as the engine says it,
        in the window's language ("Zu niedrig: höher legen"); the general line where it gives
        no reason."""
        cards = frozenset(self.selected if cards is None else cards)
        key = (cards, i18n.get_lang())
        if self._why_cache[0] != key or self._why_cache[1] is not self.view:
            from felt.games.praesident.engine import why_not_play
            try:
                exc = why_not_play(self.view, [c for c in self.hand if c in cards]) if cards else None
            except (KeyError, TypeError, ValueError):
                exc = None
            text = exc.text(i18n.get_lang()) if hasattr(exc, "text") else i18n.t("table.not_legal")
            self._why_cache = (key, self.view, text[:1].upper() + text[1:])
        return self._why_cache[2]

    def play_selected(self) -> None:
        if not self.connected:
            return
        if self.pending or not self.selection_legal():
            if self.selected and self.my_turn:
                self.toast.show(self.why_not_legal(), 1.6, "warn")
                self.play_sound("error")
            return
        cards = [c for c in self.hand if c in self.selected]
        self.selected.clear()
        self.submit({"kind": "play", "cards": cards})

    def do_pass(self) -> None:
        if self.pending or not self.connected or not (self.my_turn and self.legal and self.legal.can_pass):
            return
        self.selected.clear()
        self.submit({"kind": "pass"})

    def set_auto_pass(self, on: bool) -> None:
        self.settings["auto_pass"] = bool(on)
        self._check_auto_pass()
        if self.on_settings:
            self.on_settings(self.settings)

    def _set_selected(self, cid: int, on: bool) -> None:
        if on:
            self.selected.add(cid)
        else:
            self.selected.discard(cid)
        self.refresh_controls()
        self.mark_dirty()

    def toggle_card(self, cid: int) -> None:
        if cid in self.selected:
            self.selected.discard(cid)
        else:
            self.selected.add(cid)
        self.refresh_controls()
        self.mark_dirty()

    # --------------------------------------------------------------- layout
    def layout(self, w: int, h: int) -> None:
        n = int(self.view.get("n", 4)) if self.view else 4
        opp = n - 1 if self.seat is not None else n
        dock = self.log_dock(w, h)
        self._title_w = self._seat_title_w(w, h)
        self.table_layout = geom = layout.table_layout(w, h, opp, len(self.hand), log_w=dock, title_w=self._title_w)
        self.place_header(w, h)
        pass_r, sort_r, play_r = self._button_row(geom)
        self.play_btn.set_rect(play_r)
        self.pass_btn.set_rect(pass_r)
        self.sort_btn.set_rect(sort_r)
        self.play_btn.px = self.pass_btn.px = geom.px["button"]
        self.sort_btn.px = geom.px["body"]
        self.toast.set_rect(geom.toast)
        self.toast.px = geom.px["label"]
        self._relayout_hand()

    def _button_row(self, geom: layout.TableLayout) -> tuple:
        """Pass, the sort button and Play in the row over the hand: on a phone the sort button
        between the two (they give up its width), on wide windows right of Play. Never on the
        hand: there it covered the top row's last card, a raised card slid under it and a tap
        meant for the card re-sorted the hand mid-selection."""
        pass_r, play_r = pygame.Rect(geom.pass_btn), pygame.Rect(geom.play_btn)
        px = geom.px["body"]
        sw = max(fonts.width("⇅ " + i18n.t(k), px, True) for k in ("story.sort_suit", "story.sort_rank")) + dp(24)
        gap = max(dp(6), play_r.left - pass_r.right)
        if geom.portrait:
            row = pass_r.union(play_r)
            sw = min(sw, row.w // 3)
            bw = (row.w - sw - 2 * gap) // 2
            pass_r = pygame.Rect(row.left, row.top, bw, row.h)
            play_r = pygame.Rect(row.right - bw, row.top, bw, row.h)
            return pass_r, pygame.Rect(pass_r.right + gap, row.top, play_r.left - gap - pass_r.right - gap, row.h), play_r
        sort_r = pygame.Rect(play_r.right + gap, play_r.top, sw, play_r.h)
        if sort_r.right > geom.table.right - dp(8):        # no room right of Play: left of Pass
            sort_r.right = pass_r.left - gap
        return pass_r, sort_r, play_r

    def _relayout_hand(self) -> None:
        geom = self.table_layout
        if geom is None:
            return
        n = int(self.view.get("n", 4)) if self.view else 4
        opp = n - 1 if self.seat is not None else n
        if len(geom.seats) != opp or layout.hand_rows_needed(geom.w, geom.h, len(self.hand)) != geom.hand_rows \
                or self._seat_title_w(geom.w, geom.h) != self._title_w:
            self.layout(geom.w, geom.h)
            return
        self._slots = layout.hand_slots(geom.hand, geom.card, len(self.hand))

    def _seat_title_w(self, w: int, h: int) -> int:
        """How wide the longest title a seat box may show is at the small size."""
        titles = (self.view.get("titles") or []) if self.view else []
        px = layout.font_sizes(w, h)["small"]
        return max((fonts.width(self._title(i), px) for i in range(len(titles))), default=0)

    def clear_selection(self) -> None:
        """Lower every raised card (a Tipp picks its own)."""
        self.selected.clear()
        self.refresh_controls()
        self.mark_dirty()

    def selected_cards(self) -> list[int]:
        return sorted(self.selected)

    def gesture(self, move: dict) -> list | None:
        """Select the cards (a tap each), then "Legen"; "Passen" to pass. While the exchange's
        summary stands over the table, its OK comes first (nothing under it takes a tap)."""
        first = [["widget", "ok_btn"]] if self.ex_summary else []
        if move.get("kind") == "play":
            return first + [["card", c] for c in move.get("cards") or []] + [["widget", "play_btn"]]
        if move.get("kind") == "pass":
            return first + [["widget", "pass_btn"]]
        return None

    def animating_cards(self) -> bool:
        return bool(self.anim.busy)

    def remote_state(self) -> dict:
        st = super().remote_state()
        st["why"] = self.why_not_legal() if self.selected and not self.selection_legal() else ""
        st["sort"] = self.current_sort()
        st["keys"] = bool(self.table_layout is not None and self.keys_hint())    # the hint line names the keys
        return st

    def hand_rects(self) -> dict[int, pygame.Rect]:
        """Where each hand card is drawn now (selected cards raised)."""
        out = {}
        if self.table_layout is None:
            return out
        for cid, r in zip(self.hand, self._slots):
            out[cid] = self.raised(r) if cid in self.selected else r
        return out

    def pile_rects(self, n: int) -> list[pygame.Rect]:
        geom = self.table_layout
        return layout.pile_slots(self.fan_area(), geom.pile_card, n, int(geom.px["small"] * 1.5))

    def fan_area(self) -> pygame.Rect:
        """Where a play's cards are fanned on the pile: the pile, narrowed where a seat's card
        stands beside the cards, clear of it and of its glow when on turn, with room on the
        left for the trick's earlier plays peeking out (a quad filled the pile's width and on a
        phone touched the side seats)."""
        geom = self.table_layout
        area = pygame.Rect(geom.pile)
        cw, ch = geom.pile_card
        peek = 2 * max(4, cw // 8)              # the earlier plays lie up to this far up-left
        rows = pygame.Rect(area.left, area.top - peek // 2, area.w, ch + 2 + peek // 2)
        gap = dp(10)
        left, right = area.left, area.right
        for r in self.seat_places():
            if r.top < rows.bottom and r.bottom > rows.top and r.centery > area.top:     # a seat beside
                if r.centerx <= area.centerx:
                    left = max(left, r.right + gap + peek)
                else:
                    right = min(right, r.left - gap)
        if right - left < cw:                   # no room for a fan: one card's width between them
            mid = (left + right) // 2
            left, right = mid - cw // 2, mid - cw // 2 + cw
        return pygame.Rect(left, area.top, right - left, area.h)

    def cleared_stack(self, plays) -> list[tuple[int, pygame.Rect]]:
        """Where the last three plays of a cleared trick lie, ``(card, rect)`` in drawing
        order: earlier plays first, each peeking out up and to the left, and the play that
        won the trick last, on top, where the pile's top play lay."""
        step = max(4, self.table_layout.pile_card[0] // 8)
        stack: list[tuple[int, pygame.Rect]] = []
        last3 = list(plays)[-3:]
        for i, e in enumerate(last3):
            off = (len(last3) - 1 - i) * step
            stack += [(c, r.move(-off, -off // 2)) for c, r in zip(e.cards, self.pile_rects(len(e.cards)))]
        return stack

    # --------------------------------------------------------------- events
    def _name(self, seat) -> str:
        if seat is None:
            return "?"
        if seat == self.seat:
            return i18n.t("lobby.you")
        return seat_name(self.names, seat)

    def _about(self, key: str, seat, **kw) -> str:
        """An announcement about ``seat``: its own wording for this player ("Du gewinnst ...")."""
        if seat is not None and seat == self.seat:
            return i18n.t(key + "_you", **kw)
        return i18n.t(key, name=self._name(seat), **kw)

    def _upper_place(self, place: int) -> bool:
        """A place in the upper half of the table (Präsident, Vize …), not the middle or below."""
        return place < (int(self.view.get("n", 0)) - 1) / 2

    def _title(self, place: int) -> str:
        titles = self.view.get("titles") or []
        return title_text(titles[place]) if 0 <= place < len(titles) else f"{place + 1}."

    def _events(self, events: list[dict], old_rects: dict) -> None:
        if self.table_layout is None:
            return
        geom = self.table_layout
        dealt = False
        for ev in events:
            typ = ev.get("type")
            seat = ev.get("seat")
            if typ in ("round_start", "deal") and not dealt:
                dealt = True
                self._deal_animation()
                self.toast.show(i18n.t("fx.new_round", n=self.view.get("round_no", 1)), 1.4)
            elif typ == "play":
                cards = list(ev.get("cards", []))
                self._play_animation(seat, cards, old_rects)
                self._seat_flash = (seat, 0.0)
                self.play_sound("play")
                if ev.get("joker") or ev.get("kind") == "joker":
                    self._effect(i18n.t("fx.joker"), "joker", seat)
            elif typ == "pass":
                if seat == self.seat and ev.get("auto"):
                    self.toast.show(i18n.t("table.auto_passed"), 1.6)
                self.play_sound("pass")
            elif typ == "skip":
                self._effect(self._about("fx.skip", seat), "skip", seat)
            elif typ == "clear":
                why = {"quad": "log.clear_quad", "twos": "log.clear_twos", "eights": "log.clear_eights"}.get(
                    ev.get("reason"), "log.clear")
                self._effect(i18n.t("fx.cleared") + " " + i18n.t(why).split(":")[-1].strip(), "clear", seat)
                self.play_sound("clear")
            elif typ == "trick_won":
                self.toast.show(self._about("fx.trick_won", seat), 1.4)
            elif typ == "revolution":
                self._effect(i18n.t("fx.revolution") if ev.get("on", True) else i18n.t("log.revolution_off"),
                             "revolution", seat)
            elif typ == "out":
                place = int(ev.get("place", 0))
                # a burst for the upper places; going out low (the worst titles) is no celebration
                cheer = self._upper_place(place)
                key = "fx.out_last" if ev.get("last") else "fx.out"      # the last is left holding cards
                self._effect(self._about(key, seat, title=self._title(place)), "out" if cheer else "out_low", seat)
                if seat == self.seat and cheer:
                    self.play_sound("out")
            elif typ == "round_over":
                self._effect(i18n.t("log.round_over"), "round_end", None,
                             pacing.ROUND_END * pacing.factor(self.speed, self.backlog),
                             {"places": list(ev.get("places") or [])})

    def _effect(self, text: str, fx: str, seat, duration: float | None = None, data: dict | None = None) -> None:
        """An effect in its own slot: effects queue one after another, and the next state waits
        for them (``hold``), so nothing is drawn over the next trick."""
        d = pacing.effect_seconds(self.speed, self.backlog) if duration is None else duration
        if not self.anim.announcements:
            # let the play's cards land first
            self.anim.announce("", "pause", min(0.3, d / 4))
        self.anim.announce(text, "fx", d, fx=fx, seat=seat, data=data)

    def _deal_animation(self) -> None:
        geom = self.table_layout
        src = pygame.Rect(0, 0, *geom.pile_card)
        src.center = geom.deck_pos
        slots = dict(zip(self.hand, self._slots))
        n = self.view.get("n", 0)
        me = self.seat
        order = []
        counts = self.view.get("counts", [])
        mx = max(counts) if counts else 0
        for k in range(mx):
            for s in range(n):
                if k < (counts[s] if s < len(counts) else 0):
                    order.append((s, k))
        delay = 0.0
        step = min(0.03, 1.6 / max(1, len(order)))
        for s, k in order:
            if s == me:
                if k < len(self.hand):
                    cid = self.hand[k]
                    self.hidden.add(cid)
                    self.anim.fly(anim.Flight(cid, src, slots.get(cid, src), 0.3, delay, True, arc=20,
                                              on_done=lambda c=cid: self.hidden.discard(c)))
            elif k < 5:     # a few backs per seat are enough to read as dealing
                r = self.seat_rect(s)
                if r is not None:
                    dst = pygame.Rect(0, 0, *geom.seat_card)
                    dst.center = r.center
                    self.anim.fly(anim.Flight(None, src, dst, 0.3, delay, False))
            delay += step

    def _play_animation(self, seat, cards: list[int], old_rects: dict) -> None:
        geom = self.table_layout
        top = self.view.get("pile") or {}
        dsts = self.pile_rects(len(cards)) if top.get("cards") == cards else [None] * len(cards)
        if seat == self.seat:
            srcs = [old_rects.get(c) for c in cards]
        else:
            r = self.seat_rect(seat) if seat is not None else None
            srcs = []
            for _ in cards:
                s = pygame.Rect(0, 0, *geom.seat_card)
                s.center = r.center if r is not None else geom.deck_pos
                srcs.append(s)
        for i, c in enumerate(cards):
            src = srcs[i] or pygame.Rect(0, 0, *geom.pile_card)
            if srcs[i] is None:
                src.center = geom.deck_pos
            dst = dsts[i] if dsts[i] is not None else pygame.Rect(geom.pile.left, geom.pile.top, *geom.pile_card)
            if dsts[i] is not None:
                self.pile_hidden.add(c)
            self.anim.fly(anim.Flight(c, src, dst, 0.32, i * 0.04, True, arc=30 if seat == self.seat else 0,
                                      on_done=lambda cc=c: self.pile_hidden.discard(cc)))

    def _check_auto_pass(self) -> None:
        if (self.settings.get("auto_pass") and self.my_turn and self.legal is not None
                and self.legal.can_pass and not self.legal.can_play and not self.pending):
            if self.auto_pass_timer < 0:
                self.auto_pass_timer = 0.7
        else:
            self.auto_pass_timer = -1.0

    def refresh_controls(self) -> None:
        # while the connection is down nothing can be sent: Play and Pass look off
        on = self.my_turn and not self.pending and self.connected
        # a spectator has no hand: no greyed-out Play/Pass that can never be pressed
        self.play_btn.visible = self.pass_btn.visible = self.seat is not None
        self.play_btn.enabled = on and self.selection_legal()
        self.pass_btn.enabled = on and bool(self.legal and self.legal.can_pass)
        self.play_btn.text = i18n.t("table.play")
        self.pass_btn.text = i18n.t("table.pass")
        self.sort_btn.text = "⇅ " + i18n.t("story.sort_suit" if self.current_sort() == "rank" else "story.sort_rank")
        self.sort_btn.visible = self.seat is not None and len(self.hand) > 1
        n = len(self.selected)
        self.play_btn.badge = f"({n})" if n and self.play_btn.enabled else ""

    # ---------------------------------------------------------------- input
    def card_at(self, pos) -> int | None:
        rects = self.hand_rects()
        # last drawn is on top: iterate in reverse draw order
        for cid in reversed(self.hand):
            r = rects.get(cid)
            if r is not None and r.collidepoint(pos) and cid not in self.hidden:
                return cid
        return None

    def handle(self, inp: Input) -> None:
        if self.ex_summary:
            # the exchange summary stays until OK
            self.dispatch(inp, (self.menu_btn, self.ok_btn))
            if inp.kind == KEY and inp.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.close_summary()
            return
        if inp.source == "touch" and not self.touched:
            self.touched = True                 # a touch screen: the hint says tap, not keys
            self.mark_dirty()
        if self.handle_header(inp):
            return
        if self.dispatch(inp, (self.play_btn, self.pass_btn, self.sort_btn)):
            return
        if self.handle_cards(inp) or inp.kind in (PRESS, MOTION, RELEASE):
            return
        if inp.kind == KEY:
            k = inp.key
            if k == pygame.K_ESCAPE or k == pygame.K_BACKSPACE:
                if self.selected:
                    self.selected.clear()
                    self.refresh_controls()
                    self.mark_dirty()
            elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.hand:
                self.focus = (self.focus + (1 if k == pygame.K_RIGHT else -1)) % len(self.hand) if self.focus >= 0 else 0
                self.mark_dirty()
            elif k in (pygame.K_SPACE, pygame.K_UP) and 0 <= self.focus < len(self.hand):
                self.toggle_card(self.hand[self.focus])
            elif k == pygame.K_a:
                self.set_auto_pass(not self.settings.get("auto_pass"))
                self.toast.show(i18n.t("auto_pass") + ": " + i18n.t("on" if self.settings["auto_pass"] else "off"), 1.4)
                self.mark_dirty()
        if inp.kind == BACK:
            self._menu()

    # --------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        super().update(dt)
        moving = self.anim.update(dt)
        if self._hold > 0:
            self._hold = max(0.0, self._hold - dt)
            moving = True
        if self._seat_flash is not None:
            seat, t = self._seat_flash
            t += dt
            self._seat_flash = (seat, t) if t < 1.0 * pacing.factor(self.speed) else None
            moving = True
        if self.auto_pass_timer >= 0:
            self.auto_pass_timer -= dt
            if self.auto_pass_timer < 0:
                self.auto_pass_timer = -1.0
                if self.my_turn and self.legal and self.legal.can_pass and not self.legal.can_play and not self.pending:
                    self.toast.show(i18n.t("table.auto_passed"), 1.4)
                    self.submit({"kind": "pass"})
        pulse = self.my_turn and not self.pending
        self.play_btn.pulse = (0.35 + 0.65 * self.anim.pulse()) if (pulse and self.play_btn.enabled) else 0.0
        if moving:
            self.mark_dirty()

    def animating(self) -> bool:
        # the your-turn glow pulses slowly; it counts as animation only while the cue runs
        return (self.cue_animating() or self.anim.busy or self.auto_pass_timer >= 0 or self._hold > 0
                or self._seat_flash is not None)

    # ----------------------------------------------------------------- draw
    def draw_table(self, surface: pygame.Surface) -> None:
        if self.view.get("revolution"):        # the order is turned over: a red line under the top bar
            pygame.draw.rect(surface, theme.DANGER, (0, self.top.bar.bottom - dp(3), self.top.bar.w, dp(3)))
        self._draw_pile(surface)
        self._draw_timer(surface)
        self._draw_hint(surface)
        for btn in (self.play_btn, self.pass_btn, self.sort_btn):
            btn.draw(surface)
        self._draw_me(surface)          # under the cards: a raised card's corner stays in sight
        self._draw_hand(surface)
        self.draw_dragged(surface)
        self._draw_flights(surface)
        self._draw_effect(surface)
        self._draw_announcement(surface)

    def draw_modal(self, surface: pygame.Surface) -> None:
        if self.ex_summary:
            self._draw_ex_summary(surface)

    def _summary_box(self) -> tuple[list, pygame.Rect]:
        """The exchange summary's lines (text, cards) and its box, in the middle of the table."""
        geom = self.table_layout
        rows = []
        for x in self.ex_summary or []:
            nm = self._name(x.get("partner"))
            if x.get("gave"):
                rows.append((i18n.t("story.ex_gave", name=nm), list(x["gave"])))
            if x.get("got"):
                rows.append((i18n.t("story.ex_got", name=nm), list(x["got"])))
        cw, ch = geom.pile_card
        lh = int(geom.px["label"] * 1.6)
        bh = max(dp(44), geom.play_btn.h)
        w = min(geom.w - dp(16), max(dp(300), int(cw * 4.2) + dp(40)))
        h = min(lh + len(rows) * (lh + ch + dp(8)) + lh + bh + dp(30), geom.h - dp(16))
        box = pygame.Rect(0, 0, w, h)
        box.center = (geom.w // 2, geom.h // 2)
        return rows, box

    def notice_rect(self) -> pygame.Rect | None:
        """The window's notices ("Ben ist weg …") go where the table shows its own; while the
        exchange summary is open, beside it (above, else below), never over its OK."""
        place = super().notice_rect()
        if not self.ex_summary or place is None or self.table_layout is None:
            return place
        box = self._summary_box()[1]
        if not place.colliderect(box):
            return place
        place = pygame.Rect(place)
        top = self.top.bar.bottom if self.top is not None else 0
        if box.top - top >= place.h // 2 + dp(6):       # one notice (drawn at the place's foot) fits
            place.bottom = box.top - dp(4)
        else:
            place.top = box.bottom + dp(4)
        return place

    def _draw_ex_summary(self, surface) -> None:
        """What I gave and what I got, with the cards, until OK."""
        geom = self.table_layout
        dim = pygame.Surface((geom.w, geom.h), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 120))
        surface.blit(dim, (0, 0))
        rows, box = self._summary_box()
        w = box.w
        px = geom.px["label"]
        cw, ch = geom.pile_card
        lh = int(px * 1.6)
        bh = max(dp(44), geom.play_btn.h)
        theme.panel(surface, box, (10, 32, 22), alpha=255, radius=16, border=theme.GOLD, border_width=2)
        y = box.top + dp(10)
        draw_text(surface, i18n.t("story.ex_title"), pygame.Rect(box.left + dp(12), y, w - dp(24), lh),
                  geom.px["title"], theme.GOLD, bold=True)
        y += lh + dp(4)
        for text, cards in rows:
            draw_text(surface, text, pygame.Rect(box.left + dp(14), y, w - dp(28), lh), px, theme.TEXT, align="left",
                      bold=True)
            y += lh
            step = min(cw + dp(6), (w - dp(28) - cw) // max(1, len(cards) - 1)) if len(cards) > 1 else cw
            x0 = box.centerx - (step * (len(cards) - 1) + cw) // 2
            for i, cid in enumerate(cards):
                if 0 <= cid < len(self.table.deck):
                    surface.blit(cardart.shadow_surface((cw, ch)), (x0 + i * step - dp(2), y - 1))
                    surface.blit(cardart.card_surface(self.table.card(cid), (cw, ch)), (x0 + i * step, y))
            y += ch + dp(8)
        draw_text(surface, i18n.t("story.ex_marked"), pygame.Rect(box.left + dp(12), y, w - dp(24), lh),
                  geom.px["small"], theme.TEXT_DIM, wrap=True, min_px=10)
        bw = min(w - dp(40), max(dp(140), geom.play_btn.w))
        self.ok_btn.set_rect(pygame.Rect(box.centerx - bw // 2, box.bottom - bh - dp(12), bw, bh))
        self.ok_btn.px = geom.px["button"]
        self.ok_btn.draw(surface)

    # the play log's cards (felt.ui.table_log) --------------------------------
    def log_deck_size(self) -> int:
        return len(self.table.deck) if self.table is not None else 0

    def log_card(self, cid):
        return self.table.card(cid) if self.table is not None and isinstance(cid, int) \
            and 0 <= cid < len(self.table.deck) else None

    def phase_line(self) -> str:
        return i18n.t("log.round_over") if self.view.get("phase") in ("round_over", "match_over") else ""

    def header_ring(self) -> bool:
        return self.view.get("phase") == "play"

    def draw_under(self, surface) -> None:
        geom = self.table_layout
        # a subtle lighter oval marks the table centre
        r = geom.pile.inflate(int(geom.pile.w * 0.5), int(geom.pile.h * 0.45))
        cached = getattr(self, "_ring_img", None)
        if cached is None or cached.get_size() != r.size:
            cached = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.ellipse(cached, (255, 255, 255, 14), cached.get_rect())
            pygame.draw.ellipse(cached, (255, 255, 255, 30), cached.get_rect(), 2)
            self._ring_img = cached        # drawn once per size, not every frame
        surface.blit(cached, r.topleft)

    def seat_lines(self, seat: int) -> SeatLines:
        """A seat's card: the cards in hand, last round's title (on phones a line of its own:
        once out, the title won this round), "fertig" / "setzt aus" / "passt" on its edge (on
        laptops the title won instead of "fertig"), the first out's crown, a flash as it plays."""
        view = self.view
        geom = self.table_layout
        places = view.get("places", [])
        out = seat in places
        passed = seat in (view.get("passed") or [])
        last = view.get("last_places") or []
        phone = geom is not None and geom.portrait
        note = ""
        if phone and (out or seat in last):
            note = self._title(places.index(seat) if out else last.index(seat))
        elif seat in last and not out:
            note = self._title(last.index(seat))
        tags = []
        if out:
            tags.append(Tag(i18n.t("table.out") if phone else self._title(places.index(seat)), theme.GOLD,
                            theme.BTN_PRIMARY_TEXT))
        elif view.get("skipped") == seat:
            tags.append(Tag(i18n.t("table.skipped"), (190, 80, 40)))
        elif passed:
            tags.append(Tag(i18n.t("table.passed"), (60, 70, 66)))
        flash = 0.0
        if self._seat_flash is not None and self._seat_flash[0] == seat:
            flash = max(0.0, 1.0 - self._seat_flash[1] / max(0.1, pacing.factor(self.speed)))
        count = (view.get("counts") or [0] * (seat + 1))[seat]
        return SeatLines(count=None if out else count, note=note, note_lines=geom.title_lines if phone else 0,
                         tags=tags, dim=out or passed, crown=out and places.index(seat) == 0, flash=flash)

    def _draw_pile(self, surface) -> None:
        geom = self.table_layout
        view = self.view
        pile = view.get("pile")
        lab_h = int(geom.px["small"] * 1.5)
        cleared = self.log.cleared_trick() if not pile else []
        a = self.anim.current_announcement()
        if cleared and not (a is not None and a.fx == "clear"):
            # the trick just cleared stays visible (dimmed) until the next lead
            for cid, rr in self.cleared_stack(cleared):
                if cid not in self.pile_hidden:
                    surface.blit(cardart.card_surface(self.table.card(cid), geom.pile_card, dim=True), rr.topleft)
            rects = self.pile_rects(len(cleared[-1].cards))
            top_r = pygame.Rect(geom.pile.left, rects[0].bottom + dp(3), geom.pile.w, lab_h)
            who = self.log.tricks[-1][-1].seat if self.log.tricks and self.log.tricks[-1] else None
            draw_text(surface, i18n.t("log.cleared_trick"), top_r, geom.px["small"], theme.TEXT, bold=True, min_px=9,
                      shadow=True)
            sub = i18n.t("log.tap_log") if geom.log is None else (self._about("fx.trick_won", who) if who is not None
                                                                  else "")
            draw_text(surface, sub, top_r.move(0, lab_h), geom.px["small"], theme.TEXT_DIM, min_px=9)
            return
        if cleared:
            return                      # the clear effect draws the cards it sweeps away
        if not pile or not pile.get("cards"):
            box = pygame.Rect(0, 0, *geom.pile_card)
            box.center = (geom.pile.centerx, geom.pile.top + dp(2) + geom.pile_card[1] // 2)
            pygame.draw.rect(surface, (255, 255, 255), box, 2, border_radius=8)
            draw_text(surface, i18n.t("table.pile_empty"),
                      pygame.Rect(geom.pile.left, box.bottom + dp(4), geom.pile.w, lab_h), geom.px["small"], theme.TEXT_DIM)
            return
        # earlier plays of this trick, peeking out behind
        trick = view.get("trick") or []
        prev = [p for p in trick[:-1]][-2:]
        for depth, p in enumerate(reversed(prev)):
            cards = p.get("cards", [])
            rects = self.pile_rects(len(cards))
            off = (depth + 1) * max(4, geom.pile_card[0] // 8)
            for cid, rr in zip(cards, rects):
                img = cardart.card_surface(self.table.card(cid), geom.pile_card, dim=True)
                surface.blit(img, rr.move(-off, -off // 2))
        cards = pile.get("cards", [])
        rects = self.pile_rects(len(cards))
        for cid, rr in zip(cards, rects):
            if cid in self.pile_hidden:
                continue
            surface.blit(cardart.shadow_surface(geom.pile_card), (rr.x - dp(2), rr.y - 1))
            surface.blit(cardart.card_surface(self.table.card(cid), geom.pile_card), rr.topleft)
        who = pile.get("seat")
        top_r = pygame.Rect(geom.pile.left, rects[0].bottom + dp(3), geom.pile.w, lab_h)
        bot_r = top_r.move(0, lab_h)
        draw_text(surface, describe_play(self.table, pile), top_r, geom.px["small"], theme.TEXT, bold=True, min_px=9,
                  shadow=True)
        by = i18n.t("table.played_by_you") if who == self.seat else i18n.t("table.played_by", name=self._name(who))
        draw_text(surface, by, bot_r, geom.px["small"], theme.TEXT_DIM,
                  min_px=9)

    def _timer_frac(self) -> float:
        tm = self.timer
        return max(0.0, min(1.0, tm["left"] / tm["total"])) if tm else 0.0

    def _timer_color(self, frac: float):
        return countdown_color(frac)

    def _draw_timer(self, surface) -> None:
        """The bar that runs out on the box of the seat on turn (over my hand when mine)."""
        tm = self.timer
        if not tm or self.view.get("phase") != "play":
            return
        seat = tm.get("seat")
        frac = self._timer_frac()
        r = self.seat_rect(seat) if seat is not None else None
        th = max(5, int(self.table_layout.px["small"] * 0.45))
        if r is None:
            hand = self.table_layout.hand
            r = pygame.Rect(hand.left + dp(4), hand.top - th - dp(3), hand.w - dp(8), th)
        else:       # along the top edge of the box, in its padding above the name
            box_h = r.h - self.table_layout.badge_h // 2
            th = max(4, min(th, max(4, box_h // 10) - dp(2)))
            r = pygame.Rect(r.left + dp(10), r.top + dp(2), r.w - dp(20), th)
        col = self._timer_color(frac)
        pygame.draw.rect(surface, (0, 0, 0), r.inflate(2, 2), border_radius=th)
        if frac > 0:
            pygame.draw.rect(surface, col, (r.left, r.top, max(th, int(r.w * frac)), r.h), border_radius=th)

    def _draw_hint(self, surface) -> None:
        geom = self.table_layout
        view = self.view
        me = self.seat
        text, col = "", theme.TEXT_DIM
        if me is not None and me in (view.get("places") or []):
            place = view["places"].index(me)
            left = place == int(view.get("n") or 0) - 1 and bool(view.get("hand"))    # left holding cards
            text, col = i18n.t("fx.out_last_you" if left else "fx.out_you", title=self._title(place)), theme.GOLD
        elif self.my_turn:
            pile = view.get("pile")
            if not pile:
                text = i18n.t("table.lead")
            elif self.legal and not self.legal.can_play:
                text = i18n.t("table.no_play")
            else:
                text = i18n.t("table.beat", what=describe_play(self.table, pile))
            col = theme.ACCENT
            if self.selected and not self.selection_legal():
                text, col = self.why_not_legal(), (255, 170, 140)
        elif me is None:
            text = i18n.t("table.watching")
        elif not self.selected:
            text = i18n.t("table.keys") if self.keys_hint() else i18n.t("table.select_hint")
        if view.get("revolution"):
            rev = i18n.t("table.revolution_on")
            both = (text + " · " if text else "") + rev
            if not text or fonts.width(both, int(geom.px["body"] * 0.85), self.my_turn) <= geom.hint.w:
                text = both
            elif self.my_turn:      # narrow: what to beat matters most, the reversal still shows
                text = text + " · " + i18n.t("fx.revolution").rstrip("!")
            else:                   # the tap hint can go; the reversed order must stay readable
                text, col = rev, theme.TEXT
        self.draw_hint(surface, text, col, bold=self.my_turn)

    def name_tag_rect(self, text: str) -> pygame.Rect:
        """Where my name tag sits: on the hand's top edge, left (drawn under the cards)."""
        geom = self.table_layout
        px = geom.px["small"]
        tw = min(geom.hand.w // 2, fonts.width(text, px, True) + dp(18))
        return pygame.Rect(geom.hand.left + dp(10), geom.hand.top - int(px * 0.7), tw, int(px * 1.5))

    def keys_hint(self) -> bool:
        """The hint line names the keys: a wide screen with a keyboard (a window, or a laptop's
        browser: ``layout.keyboard``; not a phone, upright or turned) and not a touch screen
        once it was touched."""
        return not (self.table_layout.portrait or not layout.keyboard() or self.touched)

    def _draw_me(self, surface) -> None:
        """My own name and last round's title, on the edge of my hand."""
        geom = self.table_layout
        me = self.seat
        if me is None:
            return
        text = seat_name(self.names, me)
        last = self.view.get("last_places") or []
        if me in last:
            text += " · " + self._title(last.index(me))
        px = geom.px["small"]
        pill = self.name_tag_rect(text)
        pygame.draw.rect(surface, (10, 36, 24), pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, theme.ACCENT if self.my_turn else theme.PANEL_BORDER, pill, 1,
                         border_radius=pill.h // 2)
        draw_text(surface, text, pill.inflate(-dp(12), 0), px, theme.ACCENT if self.my_turn else theme.TEXT,
                  bold=True, min_px=8)

    def _draw_hand(self, surface) -> None:
        geom = self.table_layout
        if not self.hand:
            return
        if self.my_turn:
            p = round(self.anim.pulse() * 8) / 8 if self.my_turn_cue > 0 else 0.5
            glow = geom.hand.inflate(dp(8), dp(8))
            theme.panel(surface, glow, theme.ACCENT, alpha=int(26 + 40 * p), radius=18)
        rects = self.hand_rects()
        dim_on = self.my_turn and self.legal is not None and self.legal.can_play
        for i, cid in enumerate(self.hand):
            if cid in self.hidden:
                continue
            r = rects[cid]
            card = self.table.card(cid)
            dim = dim_on and not self.legal.card_playable(cid)
            surface.blit(cardart.shadow_surface(geom.card), (r.x - dp(2), r.y - 1))
            surface.blit(cardart.card_surface(card, geom.card, dim=dim), r.topleft)
            if cid in self.selected:
                hl = cardart.highlight_surface(geom.card)
                surface.blit(hl, (r.x - dp(3), r.y - dp(3)))
            if cid in self.received:
                # got in the exchange: a gold tag on the card until the first trick is over
                tag_px = geom.px["tiny"]
                tw = fonts.width(i18n.t("story.new"), tag_px, True) + dp(8)
                tag = pygame.Rect(r.left + dp(2), r.top - tag_px // 2, tw, int(tag_px * 1.4))
                pygame.draw.rect(surface, theme.GOLD, tag, border_radius=tag.h // 2)
                draw_text(surface, i18n.t("story.new"), tag, tag_px, theme.BTN_PRIMARY_TEXT, bold=True, min_px=8)
            if i == self.focus:
                pygame.draw.rect(surface, theme.INFO, r.inflate(dp(4), dp(4)), dp(2), border_radius=dp(8))

    def _draw_flights(self, surface) -> None:
        for f in self.anim.flights:
            if not f.started:
                continue
            r = f.rect()
            # draw at the destination size (cached) and scale: no new card art per frame
            size = f.dst.size
            if f.face_up and f.card is not None and self.table is not None:
                img = cardart.card_surface(self.table.card(f.card), size)
            else:
                img = cardart.back_surface(size)
            if r.size != size:
                img = pygame.transform.smoothscale(img, r.size)
            surface.blit(img, r.topleft)

    def _draw_announcement(self, surface) -> None:
        a = self.anim.current_announcement()
        if a is None or a.kind == "pause" or not a.text:
            return
        if a.fx == "round_end":
            self._draw_round_end(surface, a)
            return
        geom = self.table_layout
        alpha = a.alpha()
        sc = a.scale()
        r = geom.fx.inflate(-int(geom.fx.w * (1 - sc) * 0.5), 0)
        px, lines = _fit_big(a.text, r, int(geom.px["big"] * sc))
        band = pygame.Rect(0, 0, min(geom.w - dp(8), max(fonts.width(ln, px, True) for ln in lines) + dp(48)),
                           fonts.line_height(px, True) * len(lines) + dp(16))
        band.center = geom.fx.center
        # the whole pill (fill, gold rim, text) fades together: a full-strength rim around
        # fading text read as an empty box
        pill = pygame.Surface(band.size, pygame.SRCALPHA)
        local = pill.get_rect()
        fill = {"clear": (8, 40, 24), "skip": (110, 50, 20), "revolution": (110, 16, 24), "out": (90, 70, 10),
                "out_low": (30, 40, 36), "joker": (60, 10, 70)}.get(a.fx, (60, 10, 70) if a.kind == "fx" else (10, 30, 60))
        plain = a.fx == "out_low"           # no gold for going out low
        theme.panel(pill, local, fill, alpha=215,
                    radius=band.h // 2, border=theme.PANEL_BORDER if plain else theme.GOLD, border_width=2)
        y = 8
        for ln in lines:
            img = fonts.render(ln, px, theme.TEXT if plain else theme.GOLD, True)
            pill.blit(img, (local.centerx - img.get_width() // 2, y))
            y += fonts.line_height(px, True)
        if alpha < 1:
            pill.set_alpha(int(255 * alpha))
        surface.blit(pill, band.topleft)


    # effects ------------------------------------------------------------------
    def _draw_effect(self, surface) -> None:
        """The visual of the effect on show: each kind its own (cards swept off, a seat skipped,
        the order turned over, a seat going out)."""
        a = self.anim.current_announcement()
        if a is None or not a.fx or self.table_layout is None:
            return
        geom = self.table_layout
        p = a.progress()
        if a.fx == "clear":
            # the cleared cards sweep off towards the seat that cleared, and fade
            plays = self.log.cleared_trick()
            if not plays:
                return
            tgt = self.seat_rect(a.seat) if a.seat is not None else None
            tx, ty = (tgt.center if tgt is not None else (geom.hand.centerx, geom.hand.top))
            k = anim.ease_in_out(max(0.0, (p - 0.35) / 0.65))
            for cid, rr in self.cleared_stack(plays):
                img = cardart.card_surface(self.table.card(cid), geom.pile_card)
                if k > 0:
                    img = pygame.transform.rotozoom(img, 25 * k, max(0.3, 1 - 0.7 * k))
                    img.set_alpha(int(255 * (1 - k)))
                x = anim.lerp(rr.centerx, tx, k) - img.get_width() // 2
                y = anim.lerp(rr.centery, ty, k) - img.get_height() // 2
                surface.blit(img, (int(x), int(y)))
        elif a.fx == "skip":
            r = self.seat_rect(a.seat) if a.seat is not None else geom.hand
            if r is None:
                r = geom.hand
            w = 3 + int(4 * abs(math.sin(p * math.pi * 3)))
            pygame.draw.rect(surface, (255, 140, 60), r.inflate(10, 10), w, border_radius=14)
            # a bent arrow passing over the box
            y = r.top - dp(6)
            pts = [(r.left + int(r.w * f), y - int(18 * math.sin(math.pi * f))) for f in (0, .25, .5, .75, 1)]
            n = max(2, int(len(pts) * min(1.0, p * 1.6)))
            pygame.draw.lines(surface, (255, 140, 60), False, pts[:n], 4)
        elif a.fx == "revolution":
            # a red wave runs down the table: the order turns over
            band_h = max(dp(20), geom.table.h // 6)
            y = geom.table.top + int((geom.table.h + band_h) * p) - band_h
            band = pygame.Surface((geom.table.w, band_h), pygame.SRCALPHA)
            band.fill((200, 30, 40, int(90 * (1 - p) + 30)))
            surface.blit(band, (geom.table.left, y))
            pygame.draw.rect(surface, theme.DANGER, geom.table, 4)
        elif a.fx == "out":
            r = self.seat_rect(a.seat) if a.seat is not None else None
            c = r.center if r is not None else (geom.hand.centerx, geom.hand.top + geom.card[1] // 2)
            rad = int(20 + 90 * anim.ease_out_cubic(p))
            col = (*theme.GOLD[:3], int(220 * (1 - p)))
            ring = pygame.Surface((2 * rad + 8, 2 * rad + 8), pygame.SRCALPHA)
            for i in range(12):
                ang = i * math.pi / 6 + p
                x0, y0 = rad + 4 + math.cos(ang) * rad * 0.45, rad + 4 + math.sin(ang) * rad * 0.45
                x1, y1 = rad + 4 + math.cos(ang) * rad, rad + 4 + math.sin(ang) * rad
                pygame.draw.line(ring, col, (x0, y0), (x1, y1), 4)
            surface.blit(ring, (c[0] - rad - 4, c[1] - rad - 4))
        elif a.fx == "joker":
            r = pygame.Rect(0, 0, *geom.pile_card)
            r.center = self.pile_rects(1)[0].center
            for i in range(8):
                ang = i * math.pi / 4 + p * 4
                x = r.centerx + math.cos(ang) * r.w * (0.7 + 0.3 * p)
                y = r.centery + math.sin(ang) * r.h * (0.6 + 0.3 * p)
                pygame.draw.circle(surface, (230, 160, 255), (int(x), int(y)), max(2, int(5 * (1 - p)) + 2))

    def _draw_round_end(self, surface, a) -> None:
        """The end of the round at the table: who went out in which order."""
        geom = self.table_layout
        places = a.data.get("places") or self.view.get("places") or []
        px = geom.px["label"]
        lh = int(px * 1.6)
        w = min(geom.table.w - dp(24), max(dp(260), int(px * 20)))
        h = lh * (len(places) + 1) + dp(24)
        box = pygame.Rect(0, 0, w, h)
        box.center = geom.table.center
        box.clamp_ip(geom.table)
        alpha = a.alpha()
        pan = pygame.Surface(box.size, pygame.SRCALPHA)
        theme.panel(pan, pan.get_rect(), (10, 30, 22), alpha=235, radius=16, border=theme.GOLD, border_width=2)
        draw_text(pan, i18n.t("log.round_over"), pygame.Rect(12, 10, w - 24, lh), geom.px["title"], theme.GOLD,
                  bold=True)
        titles = a.data.get("titles") or self.view.get("titles") or []
        for i, seat in enumerate(places):
            y = 12 + lh * (i + 1)
            # each line appears in turn
            if a.elapsed < 0.25 * i:
                break
            title = title_text(titles[i]) if i < len(titles) else ""
            col = theme.GOLD if i == 0 else (theme.ACCENT if seat == self.seat else theme.TEXT)
            draw_text(pan, f"{i + 1}.", pygame.Rect(16, y, px * 2, lh), px, col, align="left", bold=True)
            nm = i18n.t("log.you") if seat == self.seat else self._name(seat)
            draw_text(pan, nm, pygame.Rect(16 + px * 2, y, w // 2, lh), px, col, align="left",
                      bold=True)
            draw_text(pan, title, pygame.Rect(w // 2, y, w // 2 - 16, lh), geom.px["body"], theme.TEXT_DIM,
                      align="right")
        if alpha < 1:
            pan.set_alpha(int(255 * alpha))
        surface.blit(pan, box.topleft)


def _fit_big(text: str, rect: pygame.Rect, px: int):
    from felt.ui.widgets import layout_text
    return layout_text(text, rect.w - 40, rect.h * 2, max(12, px), wrap=True, max_lines=2, bold=True, min_px=12)

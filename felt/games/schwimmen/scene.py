"""The Schwimmen table scene: renders from a seat's view dict (``felt.games.schwimmen.view``).

The shell talks to it as to every game's table (``felt.ui.game_table.GameTableScene``).

On screen: three big hand cards with their value, the middle, the stock's count, every
other player's box (name, lives as matches, "schwimmt", dealer, "klopft", "noch dran", and at
the showdown their three cards and value), the buttons "Alle tauschen", "Schieben",
"Klopfen" (and "Behalten" / "Nehmen" for the dealer's choice), and after a round who loses a
life and why. Swap by tapping a hand card and then a middle card (either order) or by
dragging one onto the other. Keys: 1–3 hand card, 4–6 middle card, A swap all, S pass,
K knock, B keep, N take.
"""
from __future__ import annotations


import pygame

from felt.cards import Card
from felt.ui import cardart, fonts, i18n, layout, theme
from felt.ui.game_table import GameTableScene
from felt.ui.scene import KEY, RELEASE, Input
from felt.ui.seat_card import SeatLines, Tag, draw_lives
from felt.ui.widgets import Button, draw_lines, draw_text, layout_text

from .engine import RANKS_DE, RANKS_FR, SUITS_DE, SUITS_FR, hand_value2, is_feuer, value_text


text = i18n.t


def seat_text(key: str, seat, me, **kw) -> str:
    """The text for ``key``, in the "you" form when ``seat`` is this window's seat."""
    if seat is not None and seat == me and f"sw.you.{key[3:]}" in i18n.TEXTS:
        return text(f"sw.you.{key[3:]}", **kw)
    return text(key, **kw)


class _Cards:
    """Card objects for cardart, per deck style (German Grün is drawn with the spade glyph,
    Schellen with the Jass bell, Eichel with the Jass acorn)."""

    _DRAW_SUIT = {"E": "E", "G": "S", "H": "H", "B": "B"}

    def __init__(self, deck: str) -> None:
        german = deck == "german"
        suits, ranks = (SUITS_DE, RANKS_DE) if german else (SUITS_FR, RANKS_FR)
        self.cards = []
        for cid in range(32):
            s, r = suits[cid >> 3], ranks[cid & 7]
            ds = self._DRAW_SUIT[s] if german else s
            self.cards.append(Card(cid, r, ds, 0, False, f"sw{deck[0]}{s}{r}"))

    def __getitem__(self, cid: int) -> Card:
        return self.cards[cid]


class SchwimmenScene(GameTableScene):
    game_id = "schwimmen"
    turn_phases = ("play", "dealer_choice")

    def __init__(self, view: dict | None = None, names: list[str] | None = None, **kw) -> None:
        super().__init__(None, names, **kw)
        self.sel_hand: int | None = None
        self.sel_mid: int | None = None
        self.cards = _Cards("french")
        self.btn_all = Button(text("sw.swap_all"), lambda: self._simple("swap_all"), kind="secondary",
                              hotkeys=(pygame.K_a,))
        self.btn_pass = Button(text("sw.pass"), lambda: self._simple("pass"), kind="secondary", hotkeys=(pygame.K_s,))
        self.btn_knock = Button(text("sw.knock"), lambda: self._simple("knock"), kind="primary", hotkeys=(pygame.K_k,))
        self.btn_keep = Button(text("sw.keep"), lambda: self._simple("keep"), kind="primary", hotkeys=(pygame.K_b,))
        self.btn_take = Button(text("sw.take"), lambda: self._simple("take"), kind="secondary", hotkeys=(pygame.K_n,))
        self.rects: dict = {}
        if view is not None:
            self.set_view(view, ())

    # ------------------------------------------------------------------ API
    @property
    def my_turn(self) -> bool:
        view = self.view
        return view.get("seat") is not None and view.get("to_move") == view.get("seat") and bool(view.get("legal"))

    def show_view(self, view: dict, events: list) -> None:
        deck = (view.get("rules") or {}).get("deck", "french")
        if self.cards.cards[0].code[2] != deck[0]:
            self.cards = _Cards(deck)
        if self.sel_hand not in view.get("hand", []):
            self.sel_hand = None
        if self.sel_mid not in view.get("middle", []):
            self.sel_mid = None
        if not self.my_turn:
            self.sel_hand = self.sel_mid = None
        for ev in events:
            self._event_toast(ev)
        if self.laid_out[0]:
            self.layout(*self.laid_out)

    def submit(self, move: dict) -> None:
        self.sel_hand = self.sel_mid = None
        super().submit(move)

    # --------------------------------------------------------------- helpers
    def _name(self, seat) -> str:
        if seat is None or seat < 0:
            return "?"
        if seat == self.seat:
            return text("sw.you")
        if seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return f"#{seat + 1}"

    def _legal_kinds(self) -> set:
        return {m.get("kind") for m in self.view.get("legal", [])} if self.my_turn else set()

    def _simple(self, kind: str) -> None:
        if self.pending or kind not in self._legal_kinds():
            if kind == "knock" and self.my_turn and self.view.get("knocker", -1) < 0:
                self.toast.show(text("sw.no_knock_yet"), 1.8, "warn")
            return
        self.submit({"kind": kind})

    def _try_swap(self) -> None:
        if self.sel_hand is None or self.sel_mid is None:
            return
        move = {"kind": "swap", "give": self.sel_hand, "take": self.sel_mid}
        if self.pending or move not in self.view.get("legal", []):
            self.sel_hand = self.sel_mid = None
            return
        self.submit(move)

    def refresh_controls(self) -> None:
        kinds = self._legal_kinds() if not self.pending else set()
        choosing = self.view.get("choosing", False) and self.my_turn
        self.btn_all.enabled = "swap_all" in kinds
        self.btn_pass.enabled = "pass" in kinds
        self.btn_knock.enabled = "knock" in kinds
        self.btn_keep.enabled = "keep" in kinds
        self.btn_take.enabled = "take" in kinds
        sits_out = self.seat in self.sitting_out_seats()        # a Stechen of others: nothing to do
        for b in (self.btn_all, self.btn_pass, self.btn_knock):
            b.visible = not choosing and self.view.get("phase") == "play" and self.seat is not None and not sits_out
        for b in (self.btn_keep, self.btn_take):
            b.visible = bool(choosing)
        self.btn_knock.pulse = 0.0

    def _event_toast(self, ev: dict) -> None:
        t = ev.get("type")
        if t == "knock":
            self.toast.show(seat_text("sw.knocked", ev.get("seat"), self.seat, name=self._name(ev.get("seat"))),
                            2.0, "info")
        elif t == "new_middle":
            self.toast.show(text("sw.why_all_pass"), 1.6, "info")

    # ---------------------------------------------------------------- layout
    def note_resized(self) -> None:
        if self.size != (0, 0):
            self.layout(*self.size)
        self.mark_dirty()

    def layout(self, w: int, h: int) -> None:
        top = self.place_header(w, h)
        px = self.px
        n = int(self.view.get("n", 4)) if self.view else 4
        opp = n - 1 if self.seat is not None else n
        top_h = top.h
        rects = {"top": top}
        pad = max(6, int(w * 0.015))
        dock = self.log_dock(w, h)
        w = w - dock                 # the table left of the docked log
        rects["log"] = pygame.Rect(w, top_h + pad, dock - pad, h - top_h - 2 * pad) if dock else None
        portrait = h > w
        btn_h = max(layout.dp(theme.MIN_TOUCH), int(px["button"] * 2.6))
        hint_h = int(px["body"] * 2.6)          # the line over the hand: two lines where one is too short
        # a phone turned sideways (a short landscape window): the seats in a column at the
        # left, the middle above the hand in the centre, the buttons at the right; a seat row
        # across the top left the middle cards too small to tap there
        short = not portrait and h < layout.dp(560) and opp > 0
        # the other seats' cards in a grid under the top bar: on phones held upright two or three
        # columns, whichever fills its rows (three seats in one row, not two and one alone), a
        # last row not full centred; up to four columns on a wide window
        if portrait:
            cols = {1: 1, 2: 2, 3: 3, 4: 2}.get(opp, 3)
        elif short:
            cols = 1 if opp <= 4 else 2
        else:
            cols = min(opp, 4) if opp > 0 else 1
        rows = (opp + cols - 1) // cols if opp else 0
        if short:
            col_w = min(layout.dp(250), int(w * 0.27))
            seat_w = (col_w - (cols - 1) * pad) // cols
            seat_h = min(layout.dp(130), (h - top_h - 2 * pad - (rows - 1) * pad) // max(1, rows))
        elif portrait:
            seat_h = max(layout.dp(48), min(int(h * (0.16 if rows == 1 else 0.14)), int((h - top_h) * 0.36)
                                            // max(1, rows)))
            seat_w = (w - pad * (cols + 1)) // cols
        else:
            seat_w = min(layout.dp(300), (w - pad * (cols + 1)) // max(1, cols))
            seat_h = max(layout.dp(56), min(int(h * 0.2), int((h - top_h) * 0.36) // max(1, rows)))
        y0 = top_h + pad
        seats = []
        for i in range(opp):
            r, c = divmod(i, cols)
            in_row = min(cols, opp - r * cols)
            x0 = pad if short else (w - in_row * seat_w - (in_row - 1) * pad) // 2
            seats.append(pygame.Rect(x0 + c * (seat_w + pad), y0 + r * (seat_h + pad), seat_w, seat_h - 2))
        y = y0 + rows * (seat_h + pad)
        if short:
            side_w = min(layout.dp(200), int(w * 0.21))
            bottom_btns = pygame.Rect(w - side_w - pad, h - pad - 3 * btn_h - 2 * pad, side_w, 3 * btn_h + 2 * pad)
            left = pad + cols * seat_w + (cols - 1) * pad + 2 * pad
            centre = pygame.Rect(left, top_h + pad, bottom_btns.left - 2 * pad - left, h - top_h - 2 * pad)
            label_h, hand_label_h = int(px["small"] * 1.6), int(px["body"] * 2.2)
            cards_h = centre.h - label_h - hint_h - hand_label_h - 2 * pad
            hand_ch = int(min(cards_h * 0.55, (centre.w - 2 * layout.dp(8)) / 3.2 * 1.45))
            hand_cw = int(hand_ch / 1.45)
            hand = pygame.Rect(centre.left, 0, centre.w, hand_ch + hand_label_h + hand_ch // 7)
            hand.bottom = h - pad
            hint = pygame.Rect(centre.left + pad, 0, centre.w - 2 * pad, hint_h)
            hint.bottom = hand.top + hand_ch // 6 - 2
            mid_space = pygame.Rect(centre.left, y0, centre.w, hint.top - y0)
            mid_ch = int(min(mid_space.h - label_h - pad, centre.w / 4.4 * 1.45))
            rects.update(seats=seats, hand=hand, mid_area=mid_space, btns=bottom_btns, hint=hint,
                         hand_card=(hand_cw, hand_ch), mid_card=(int(mid_ch / 1.45), mid_ch), result_area=centre)
        elif portrait:
            bottom_btns = pygame.Rect(pad, h - btn_h - pad, w - 2 * pad, btn_h)
            hand_cw = int(min((w - 4 * pad) / 3.3, (h * 0.2) / 1.45))
            hand_ch = int(hand_cw * 1.45)
            hand = pygame.Rect(0, 0, w, hand_ch + int(px["body"] * 2.2) + hand_ch // 6)
            # (over the buttons the judged plays' note once the match is over: the hand's value
            # line stays readable above it)
            hand.bottom = bottom_btns.top - pad - self.note_room(bottom_btns.w)
            hint = pygame.Rect(pad, 0, w - 2 * pad, hint_h)
            hint.bottom = hand.top + hand_ch // 6 - 2
            mid_space = pygame.Rect(0, y, w, hint.top - y)
            mid_cw = max(layout.dp(30), int(min((w - 4 * pad) / 4.6, (mid_space.h - px["small"] * 3) / 1.45)))
            rects.update(seats=seats, hand=hand, mid_area=mid_space, btns=bottom_btns, hint=hint,
                         hand_card=(hand_cw, hand_ch), mid_card=(mid_cw, int(mid_cw * 1.45)))
        else:
            side_w = min(layout.dp(260), int(w * 0.2))
            bottom_btns = pygame.Rect(w - side_w - pad, h - pad - 3 * btn_h - 2 * pad, side_w, 3 * btn_h + 2 * pad)
            hand_ch = int(h * 0.30)
            hand_cw = int(hand_ch / 1.45)
            hand = pygame.Rect(0, 0, w - side_w - 3 * pad, hand_ch + int(px["body"] * 2.2) + hand_ch // 7)
            hand.bottom = h - pad
            hint = pygame.Rect(hand.left + pad, 0, hand.w - 2 * pad, hint_h)
            hint.bottom = hand.top + hand_ch // 6 - 2
            mid_space = pygame.Rect(0, y, w, hint.top - y)
            mid_ch = max(layout.dp(44), int(min(mid_space.h - px["small"] * 2.5, h * 0.22)))
            mid_cw = int(mid_ch / 1.45)
            rects.update(seats=seats, hand=hand, mid_area=mid_space, btns=bottom_btns, hint=hint,
                         hand_card=(hand_cw, hand_ch), mid_card=(mid_cw, mid_ch))
        # middle cards centred, stock at the side
        mw, mh = rects["mid_card"]
        gap = max(layout.dp(6), mw // 6)
        ma = rects["mid_area"]
        label_h = int(px["small"] * 1.6)
        sw = int(mw * 0.8)
        mx = ma.centerx - (3 * mw + 2 * gap + 2 * gap + sw) // 2
        my = ma.top + label_h + max(0, (ma.h - label_h - mh) // 2)
        rects["mid"] = [pygame.Rect(mx + i * (mw + gap), my, mw, mh) for i in range(3)]
        rects["mid_label"] = pygame.Rect(ma.left, my - label_h, ma.w, label_h)
        rects["stock"] = pygame.Rect(rects["mid"][2].right + gap * 2, my + (mh - int(sw * 1.45)) // 2,
                                     sw, int(sw * 1.45))
        # hand cards
        hw, hh = rects["hand_card"]
        hg = max(layout.dp(8), hw // 8)
        hx = rects["hand"].centerx - (3 * hw + 2 * hg) // 2
        hy = rects["hand"].top + hh // 6
        rects["hand_cards"] = [pygame.Rect(hx + i * (hw + hg), hy, hw, hh) for i in range(3)]
        rects["hand_label"] = pygame.Rect(rects["hand"].left, hy + hh + 4, rects["hand"].w, int(px["body"] * 1.8))
        # buttons
        b = rects["btns"]
        if portrait:
            bw = (b.w - 2 * pad) // 3
            self.btn_all.set_rect((b.left, b.top, bw, b.h))
            self.btn_pass.set_rect((b.left + bw + pad, b.top, bw, b.h))
            self.btn_knock.set_rect((b.left + 2 * (bw + pad), b.top, bw, b.h))
            kw = (b.w - pad) // 2
            self.btn_keep.set_rect((b.left, b.top, kw, b.h))
            self.btn_take.set_rect((b.left + kw + pad, b.top, kw, b.h))
        else:
            self.btn_knock.set_rect((b.left, b.top, b.w, btn_h))
            self.btn_all.set_rect((b.left, b.top + btn_h + pad, b.w, btn_h))
            self.btn_pass.set_rect((b.left, b.top + 2 * (btn_h + pad), b.w, btn_h))
            self.btn_keep.set_rect((b.left, b.top + btn_h + pad, b.w, btn_h))
            self.btn_take.set_rect((b.left, b.top + 2 * (btn_h + pad), b.w, btn_h))
        for bt in (self.btn_all, self.btn_pass, self.btn_knock, self.btn_keep, self.btn_take):
            bt.px = px["button"]
        if portrait:
            self.place_round_controls(pygame.Rect(b), px["button"])
        else:
            self.place_round_controls(pygame.Rect(b.left, b.bottom - 2 * btn_h - pad, b.w, 2 * btn_h + pad),
                                      px["button"], stacked=True)
        ma = rects["mid_area"]
        self.toast.set_rect(pygame.Rect(ma.left + pad, ma.top, ma.w - 2 * pad, int(px["label"] * 2.4)))
        self.toast.px = px["label"]
        self.rects = rects

    def seat_places(self) -> list:
        return list(self.rects["seats"]) if self.rects else []

    def hand_rects(self) -> dict:
        out = {}
        if not self.rects:
            return out
        lift = self.rects["hand_card"][1] // 7
        for cid, r in zip(self.view.get("hand", []), self.rects["hand_cards"]):
            out[cid] = r.move(0, -lift) if cid == self.sel_hand else r
        return out

    def table_rects(self) -> dict:
        if self.view.get("phase") in ("round_over", "match_over"):
            return {}                      # the middle is not shown over the round's result
        return self.middle_rects()

    def gesture(self, move: dict) -> list | None:
        """A swap: the hand card, then the middle card; every other move its button."""
        kind = move.get("kind")
        if kind == "swap":
            return [["card", move["give"]], ["table", move["take"]]]
        button = {"swap_all": "btn_all", "pass": "btn_pass", "knock": "btn_knock", "keep": "btn_keep",
                  "take": "btn_take"}.get(kind)
        return [["widget", button]] if button else None

    def hint_panel_rect(self) -> pygame.Rect | None:
        """The Tipp's sentence: under the middle, over the hand (over the hint line's place too
        while a card is picked and the line is not shown) where there is room for two lines
        (phones held upright); else beside the hand, over the buttons (laptops); else the
        table's notices' place."""
        return self._free_under(self.sel_hand is not None or self.sel_mid is not None,
                                2 * fonts.line_height(self.px["body"], True) + layout.dp(14))

    def hint_button_area(self) -> pygame.Rect | None:
        """The Tipp on the felt (phones): under the middle, over the hint line, where a finger's
        button fits; else the table's notices' place."""
        return self._free_under(False, layout.dp(layout.MIN_TOUCH))

    def _free_under(self, over_hint_line: bool, need: int) -> pygame.Rect | None:
        r = self.rects
        if not r:
            return super().hint_panel_rect()
        dp = layout.dp
        top = max(x.bottom for x in list(r["mid"]) + [r["stock"]]) + dp(6)
        bottom = r["hint"].top - dp(4)
        if over_hint_line:
            bottom = min(x.top for x in self.hand_rects().values() or [r["hint"]]) - dp(4)
        under = pygame.Rect(r["hint"].left, top, r["hint"].w, bottom - top)
        if under.h >= need:
            return under
        btns = r["btns"]
        left = r["hand_cards"][-1].right + dp(12)
        beside = pygame.Rect(left, top, btns.right - left, btns.top - dp(12) - top)
        if beside.w >= dp(160) and beside.h >= need:
            return beside
        return super().hint_panel_rect()

    def clear_selection(self) -> None:
        """Neither a hand card nor a middle card picked (a Tipp picks its own)."""
        self.sel_hand = self.sel_mid = None
        self.mark_dirty()

    def selected_cards(self) -> list[int]:
        return [c for c in (self.sel_hand, self.sel_mid) if c is not None]

    def middle_rects(self) -> dict:
        out = {}
        if not self.rects:
            return out
        for cid, r in zip(self.view.get("middle", []), self.rects["mid"]):
            out[cid] = r.move(0, -6) if cid == self.sel_mid else r
        return out

    # ----------------------------------------------------------------- input
    # the hand's input (felt.ui.game_table.handle_cards): a hand card and a middle card swap,
    # tapped one after the other (either order) or one dragged onto the other
    def hand_area(self) -> pygame.Rect | None:
        return self.rects.get("hand") if self.rects else None

    def card_tapped(self, cid: int) -> None:
        self._tap(cid, 0)

    def table_card_tapped(self, cid: int) -> None:
        self._tap(cid, 1)

    def card_dropped(self, cid: int, pos) -> None:
        self._swap_dropped(cid, self.table_card_at(pos))

    def table_card_dropped(self, cid: int, pos) -> None:
        self._swap_dropped(self.card_at(pos), cid)

    def _swap_dropped(self, hand_card, middle_card) -> None:
        if hand_card is None or middle_card is None or not self.my_turn or self.view.get("phase") != "play":
            return
        self.sel_hand, self.sel_mid = hand_card, middle_card
        self._try_swap()

    def _tap(self, cid: int, where: int) -> None:
        if not self.my_turn or self.view.get("phase") != "play" or self.pending:
            return
        if where == 0:
            self.sel_hand = None if self.sel_hand == cid else cid
        else:
            self.sel_mid = None if self.sel_mid == cid else cid
        if self.sel_hand is not None and self.sel_mid is not None:
            self._try_swap()
        elif self.sel_hand is not None:
            self.toast.show(text("sw.pick_middle"), 1.4, "info")
        elif self.sel_mid is not None:
            self.toast.show(text("sw.pick_hand"), 1.4, "info")
        self.mark_dirty()

    def handle(self, inp: Input) -> None:
        if self.handle_round_controls(inp):
            return
        knock_try = (inp.kind == KEY and inp.key == pygame.K_k) or \
            (inp.kind == RELEASE and self.btn_knock.visible and self.btn_knock.rect.collidepoint(inp.pos))
        if knock_try and not self.btn_knock.enabled:
            self._simple("knock")                # says why a knock is not possible yet
        if self.handle_header(inp):
            return
        if self.dispatch(inp, [self.btn_keep, self.btn_take, self.btn_knock, self.btn_all, self.btn_pass]):
            self.mark_dirty()
            return
        if inp.kind == KEY:
            hand, mid = self.view.get("hand", []), self.view.get("middle", [])
            keys = {pygame.K_1: (0, 0), pygame.K_2: (0, 1), pygame.K_3: (0, 2),
                    pygame.K_4: (1, 0), pygame.K_5: (1, 1), pygame.K_6: (1, 2)}
            if inp.key in keys:
                where, i = keys[inp.key]
                cards = hand if where == 0 else mid
                if i < len(cards):
                    self._tap(cards[i], where)
            elif inp.key == pygame.K_ESCAPE:
                self.sel_hand = self.sel_mid = None
                self.mark_dirty()
            return
        self.handle_cards(inp)

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if (w, h) != self.laid_out or not self.rects:
            self.layout(w, h)
        super().draw(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        self._draw_middle(surface)
        self._draw_hand(surface)
        self._draw_result(surface)
        for b in (self.btn_knock, self.btn_all, self.btn_pass, self.btn_keep, self.btn_take):
            b.draw(surface)
        self.draw_dragged(surface)

    # the play log's and chat's places (felt.ui.table_log) --------------------
    def log_rect(self):
        return self.rects.get("log") if self.rects else None

    def hint_rect(self) -> pygame.Rect | None:
        return self.rects.get("hint") if self.rects else None

    def log_deck_size(self) -> int:
        return len(self.cards.cards)

    def log_card(self, cid):
        return self.cards[cid] if isinstance(cid, int) and 0 <= cid < len(self.cards.cards) else None

    def turn_text(self, short: bool = False) -> str:
        """The dealer's choice says who chooses a hand (the dealer away: presence's line)."""
        seat = self.turn_seat()
        if self.view.get("phase") == "dealer_choice" and seat is not None \
                and not (self.presence is not None and self.presence.of(seat)):
            return text("sw.you_deal") if seat == self.seat else \
                text("sw.dealer_chooses", name=self.seat_name(seat))
        return super().turn_text(short)

    def header_ring(self) -> bool:
        """The turn timer's ring in the top bar, as at every table."""
        return self.view.get("phase") in ("play", "dealer_choice")

    def phase_line(self) -> str:
        """Who won, why the round ended (and that a tie-break round follows), who knocked and
        who still plays (the turn timer's seconds are the ring's, in the top bar)."""
        view = self.view
        ph = view.get("phase")
        if ph == "match_over":
            won = seat_text("sw.winner", view.get("winner"), self.seat, name=self._name(view.get("winner")))
            return f"{text('sw.ended_short')} · {won}" if self.ended_by_host() else won
        if ph == "round_over":
            tied = self.tied_seats()
            if tied:                   # the set rounds left a tie: who is tied (the why: the results)
                return text("sw.tiebreak_next", names=self._names(tied))
            return self._why()
        parts = []
        if self.seat in self.sitting_out_seats():
            parts.append(text("sw.you_sit_out"))       # a Stechen of others: no cards, no turn
        if view.get("knocker", -1) >= 0 and ph == "play":
            left = ", ".join(self._name(s) for s in view.get("final_left", []))
            parts += [seat_text("sw.knocked", view["knocker"], self.seat, name=self._name(view["knocker"])),
                      text("sw.left", names=left)]
        return " · ".join(parts)

    def status_line(self, short: bool = False) -> tuple[str, tuple]:
        """A phone's bar with no room for "Bot 2 ist dran · Du setzt aus": whose turn it is in
        full rather than "Bot ist dran · Du setzt aus" (the hand's label and the line over it
        say that this seat sits the Stechen out)."""
        if short and self.seat in self.sitting_out_seats() and self.view.get("phase") in self.turn_phases:
            return self.turn_text(), theme.TEXT
        return super().status_line(short)

    def rounds_total(self) -> int:
        return int(self.view.get("rounds_limit") or 0)

    def tied_seats(self) -> list[int]:
        """The players of the Stechen (tied for the fewest lives lost once the set rounds are
        over): in a Stechen round its players, at a round's end those of the next one; [] else."""
        if self.view.get("phase") == "match_over":
            return []
        return [s for s in self.view.get("stechen") or [] if isinstance(s, int)]

    def sitting_out_seats(self) -> list[int]:
        """The players still in who sit a Stechen out: in its round, and at the round's end
        before it (they keep their places behind its players)."""
        view = self.view
        tied = self.tied_seats()
        if not tied:
            return []
        out = view.get("out") or []
        return [s for s in range(int(view.get("n") or 0)) if s < len(out) and not out[s] and s not in tied]

    def _names(self, seats, dative: bool = False) -> str:
        """Names as a sentence says them ("Ben und Cleo"); ``dative``: "dir" for this seat
        after "zwischen" ("zwischen dir und Cleo")."""
        return i18n.join_names(text("sw.you_dat") if dative and s == self.seat else self._name(s) for s in seats)

    def sit_out_hint(self) -> str:
        """This seat sits the Stechen out: between whom it is, and that its place stays."""
        return text("sw.you_sit_out_why", names=self._names(self.tied_seats(), dative=True))

    def _sit_out_text(self, seats) -> str:
        """Who sits the Stechen out: "Du setzt aus", "Setzt aus: Anna", "Setzen aus: Anna und Dieter"."""
        if list(seats) == [self.seat]:
            return text("sw.you_sit_out")
        return text("sw.sit_out_list", n=len(seats), names=self._names(seats))

    def _draw_lives(self, surface, rect: pygame.Rect, seat: int) -> None:
        """My lives as matchsticks beside my hand's value; swimming as a blue pill, out in red."""
        view = self.view
        x = draw_lives(surface, rect, view["lives"][seat], view["rules"]["lives"])
        if view["out"][seat]:
            draw_text(surface, text("sw.out"), pygame.Rect(x + 4, rect.top, rect.right - x - 4, rect.h),
                      self.px["small"], theme.DANGER, align="left", bold=True, min_px=10)
        elif view["swimming"][seat]:
            r = pygame.Rect(x + 4, rect.top, rect.right - x - 4, rect.h)
            lab = "≈ " + text("sw.swims")
            tw = fonts.width(lab, self.px["small"], True) + 12
            pill = pygame.Rect(r.left, r.top, min(r.w, tw), r.h)
            pygame.draw.rect(surface, theme.INFO, pill, border_radius=r.h // 2)
            draw_text(surface, lab, pill, self.px["small"], theme.TEXT, bold=True, min_px=10)

    def seat_lines(self, seat: int) -> SeatLines:
        """A seat's card: its lives as matches, "raus" / "schwimmt", "klopft", "noch dran",
        "Geber" on its edge, and its three cards: face down (what it openly took from the
        middle face up; the dealer's two hands at the dealer's choice), at the showdown face
        up with their value and the lives they cost."""
        view = self.view
        out = view["out"][seat]
        tags = []
        if out:
            tags.append(Tag(text("sw.out"), theme.DANGER))
        elif view["swimming"][seat]:
            tags.append(Tag("≈ " + text("sw.swims"), theme.INFO))
        if view.get("knocker") == seat:
            tags.append(Tag(text("sw.knock_badge"), theme.DANGER_DARK))
        if seat in view.get("final_left", []):
            tags.append(Tag(text("sw.to_play"), theme.GOLD_DARK))
        if view.get("dealer") == seat:
            tags.append(Tag(text("sw.dealer"), (90, 90, 150)))
        sits_out = seat in self.sitting_out_seats()
        if seat in self.tied_seats():
            tags.append(Tag(text("sw.tied_badge"), theme.GOLD_DARK))     # who the Stechen is between
        elif sits_out:
            tags.append(Tag(text("sw.sits_out_badge"), theme.TEXT_DIM))  # no cards, no turn in it
        playing = view.get("phase") in ("play", "dealer_choice")
        lines = SeatLines(lives=(view["lives"][seat], view["rules"]["lives"]), tags=tags,
                          dim=out or (sits_out and playing))
        sd = view.get("showdown")
        if sd and sd["hands"][seat]:
            lost = sd["losers"].get(str(seat), 0)
            lines.cards = [self.cards[c] for c in sd["hands"][seat]]
            lines.card_step = 1.06
            lines.value = "Feuer" if sd.get("feuer") == seat else value_text(sd["values"][seat])
            lines.value_colour = theme.DANGER if lost else theme.GOLD
            lines.loss = f"−{lost}" if lost else ""
        elif not out and view["in_round"][seat]:
            dealer_hands = view.get("phase") == "dealer_choice" and seat == view.get("dealer")
            taken = [] if dealer_hands else list(view["taken"][seat])
            lines.cards = [self.cards[taken[i]] if i < len(taken) else None for i in range(6 if dealer_hands else 3)]
            lines.card_step = 0.55 if dealer_hands else 0.75
        return lines

    def _draw_middle(self, surface) -> None:
        view, rects, px = self.view, self.rects, self.px
        mid = view.get("middle", [])
        if view.get("phase") in ("round_over", "match_over"):
            return
        label = text("sw.middle")
        if view.get("choosing") and self.my_turn:
            label = text("sw.unseen")
        draw_text(surface, label, rects["mid_label"], px["small"], theme.TEXT_DIM)
        card_rects = self.middle_rects()
        if not mid:
            for r in rects["mid"]:
                if view.get("choosing") and self.my_turn:
                    surface.blit(cardart.back_surface(r.size), r.topleft)
                else:
                    pygame.draw.rect(surface, (255, 255, 255), r, 2, border_radius=8)
        swap_hint = self.sel_hand is not None
        for cid, r in card_rects.items():
            theme.shadow(surface, r, radius=8)
            surface.blit(cardart.card_surface(self.cards[cid], r.size), r.topleft)
            if cid == self.sel_mid:
                surface.blit(cardart.highlight_surface(r.size), r.topleft)
            elif swap_hint:
                pygame.draw.rect(surface, theme.ACCENT, r.inflate(4, 4), 2, border_radius=8)
        # stock and discarded
        st = rects["stock"]
        if view.get("stock", 0):
            surface.blit(cardart.back_surface(st.size), st.topleft)
        stock = text("sw.stock", n=view.get("stock", 0))
        lab = pygame.Rect(st.left - 20, st.bottom + 2, st.w + 40, px["tiny"] * 2)
        hint_top = rects["hint"].top
        lw = fonts.width(stock, px["tiny"]) + 4
        if lab.bottom > hint_top and rects["mid_area"].right - st.right - 8 >= lw:
            # no room under the stock above the hand's hint line: beside it
            lab = pygame.Rect(st.right + 6, st.bottom - px["tiny"] * 2, lw, px["tiny"] * 2)
        draw_text(surface, stock, lab, px["tiny"], theme.TEXT_DIM, align="left" if lab.left > st.right else "center",
                  min_px=7)
        nd = len(view.get("discarded", []))
        if nd:
            draw_text(surface, text("sw.discarded", n=3 * nd),
                      pygame.Rect(st.left - 20, st.top - px["tiny"] * 2 - 2, st.w + 40, px["tiny"] * 2),
                      px["tiny"], theme.TEXT_DIM, min_px=7)

    def _draw_hand(self, surface) -> None:
        view, rects, px = self.view, self.rects, self.px
        if self.seat is None:
            return
        hand = view.get("hand", [])
        card_rects = self.hand_rects()
        for cid, r in card_rects.items():
            theme.shadow(surface, r, radius=10)
            surface.blit(cardart.card_surface(self.cards[cid], r.size), r.topleft)
            if cid == self.sel_hand:
                surface.blit(cardart.highlight_surface(r.size), r.topleft)
        if view.get("choosing"):
            # the unseen second hand: three backs beside the hand? shown as a small fan above
            pass
        me = self.seat
        parts = []
        if len(hand) == 3:
            feuer = is_feuer(hand) and view["rules"].get("feuer")
            parts.append(text("sw.value", v=value_text(hand_value2(hand), feuer)))
        if view.get("dealer") == me:
            parts.append(text("sw.dealer"))
        if view.get("knocker") == me:
            parts.append(text("sw.knock_badge"))
        if me in view.get("final_left", []):
            parts.append(text("sw.last_turn"))
        if me in self.tied_seats():
            parts.append(text("sw.tied_badge"))
        elif me in self.sitting_out_seats():
            parts.append(text("sw.sits_out_badge"))
        lab = " · ".join(parts)
        lr = rects["hand_label"]
        draw_text(surface, lab, pygame.Rect(lr.left, lr.top, lr.w * 2 // 3 - 8, lr.h), px["label"], theme.GOLD,
                  align="right", bold=True, min_px=9)
        self._draw_lives(surface, pygame.Rect(lr.left + lr.w * 2 // 3 + 4, lr.top + 2, lr.w // 3 - 8, lr.h - 4), me)
        if view.get("choosing") and self.my_turn:
            self.draw_hint(surface, text("sw.choose"), theme.ACCENT, bold=True)
        elif me in self.sitting_out_seats() and view.get("phase") in ("play", "dealer_choice"):
            self.draw_hint(surface, self.sit_out_hint(), theme.TEXT, bold=True)
        elif self.my_turn and self.sel_hand is None and self.sel_mid is None and view.get("phase") == "play":
            self.draw_hint(surface, text("sw.hint"))

    # the phone page's screen-reader layer (felt.ui.a11y; the words in felt.games.schwimmen.a11y)
    def a11y_text(self) -> list[str]:
        from felt.games.schwimmen import a11y
        return a11y.lines(self)

    def a11y_card_off(self, cid) -> bool:
        from felt.games.schwimmen import a11y
        return a11y.card_off(self, cid)

    def a11y_top(self) -> str:
        from felt.games.schwimmen import a11y
        return a11y.top(self)

    def a11y_moves(self) -> list[tuple[str, dict]]:
        from felt.games.schwimmen import a11y
        return a11y.moves(self)

    def a11y_in_play(self, seat: int) -> bool:
        v = self.view
        return bool(seat < len(v.get("in_round") or []) and v["in_round"][seat])

    def a11y_counts(self) -> str:
        from felt.games.schwimmen import a11y
        return a11y.lives(self)

    def a11y_scores(self) -> str:
        from felt.games.schwimmen import a11y
        return a11y.lives(self)

    def _why(self) -> str:
        sd = self.view.get("showdown") or {}
        who = self._name(sd.get("by"))
        me = self.seat
        return {"knock": seat_text("sw.why_knock", sd.get("knocker"), me, name=self._name(sd.get("knocker"))),
                "31": seat_text("sw.why_31", sd.get("by"), me, name=who),
                "feuer": seat_text("sw.why_feuer", sd.get("by"), me, name=who), "all_pass": text("sw.why_all_pass"),
                "stock": text("sw.why_stock"), "limit": text("sw.why_limit")}.get(sd.get("reason"), "")

    def ended_by_host(self) -> bool:
        """The host ended the match with a winner before the game did (more than one still
        in, no round limit reached): the standings of the rounds played decide."""
        v = self.view
        if v.get("phase") != "match_over" or v.get("winner") is None:
            return False
        if "decided" in v:                     # the engine says how the match was decided
            return v["decided"] == "ended"
        if not v.get("showdown"):
            return True                        # ended during a round
        if len(v.get("in_play") or []) <= 1:
            return False
        lost, limit = list(v.get("lost") or [0]), int(v.get("rounds_limit") or 0)
        return not (limit and int(v.get("round_no") or 0) >= limit and lost.count(min(lost)) == 1)

    def standings(self) -> list[int]:
        """The seats best first, as the engine ranks them at a match's end (``match_places``:
        the players of a Stechen before those who sat it out, still in, fewest lives lost, then
        the last round's places)."""
        v = self.view
        n = int(v.get("n") or 0)
        places = v.get("match_places") or []
        if sorted(places) == list(range(n)) and n:
            return list(places)
        rank = {s: i for i, s in enumerate(v.get("last_places") or [])}
        return sorted(range(n), key=lambda s: (v["out"][s], v["lost"][s], rank.get(s, n), s))

    def _lives_text(self, seat: int) -> str:
        view = self.view
        if view["out"][seat]:
            return text("sw.out")
        if view["swimming"][seat]:
            return text("sw.swims")
        return text("sw.lives", n=view["lives"][seat])

    def _ended_lines(self) -> list[tuple[str, tuple]]:
        """A match the host ended: that it ended and what counts, every seat's place and
        lives, who won and how a tie on lives was decided."""
        view = self.view
        winner = view.get("winner")
        lines = [(text("sw.ended"), theme.TEXT)]
        order = self.standings()
        for place, s in enumerate(order):
            lines.append((text("sw.standing", place=place + 1, name=self._name(s), lives=self._lives_text(s)),
                           theme.GOLD if s == winner else theme.TEXT))
        lines.append((seat_text("sw.winner", winner, self.seat, name=self._name(winner)), theme.GOLD))
        if len(order) > 1 and (view["out"][order[0]], view["lost"][order[0]]) == \
                (view["out"][order[1]], view["lost"][order[1]]):
            lines.append((text("sw.tie_last"), theme.GOLD))
        return lines

    def result_lines(self) -> list[tuple[str, tuple]]:
        """The round's result (``round_lines``), and under it the hints taken in the match."""
        lines = self.round_lines()
        if lines and self.hint_tally():
            lines.append((self.hint_tally(), theme.TEXT_DIM))       # felt.ui.table_hint
        return lines

    def round_lines(self) -> list[tuple[str, tuple]]:
        """Who loses a life and why, who swims now, who is out, who won; a match the host
        ended: the standings of the rounds played."""
        view = self.view
        sd = view.get("showdown")
        if not sd and self.ended_without_winner():
            return [(text("res.ended_early_short"), theme.GOLD), (text("res.no_round"), theme.TEXT)]
        if self.ended_by_host():
            return self._ended_lines()
        if not sd or view.get("phase") not in ("round_over", "match_over"):
            return []
        lines = [(self._why(), theme.TEXT)]
        for s, k in sorted(sd["losers"].items(), key=lambda x: int(x[0])):
            s = int(s)
            kt = text("sw.life2") if k == 2 else text("sw.life1")
            if sd["reason"] == "feuer":
                lines.append((seat_text("sw.loses_feuer", s, self.seat, name=self._name(s), k=kt), theme.DANGER))
            else:
                lines.append((seat_text("sw.loses", s, self.seat, name=self._name(s), k=kt,
                                        v=value_text(sd["values"][s])),
                              theme.DANGER))
        for s in sd.get("newly_swimming", []):
            if s not in sd.get("saved", []):
                lines.append((seat_text("sw.now_swims", s, self.seat, name=self._name(s)), theme.INFO))
        for s in sd.get("newly_out", []):
            lines.append((seat_text("sw.now_out", s, self.seat, name=self._name(s)), theme.DANGER))
        if sd.get("saved"):
            lines.append((text("sw.saved", names=", ".join(self._name(s) for s in sd["saved"])), theme.INFO))
        if view.get("phase") == "match_over" and view.get("winner") is not None:
            lines.append((seat_text("sw.winner", view.get("winner"), self.seat, name=self._name(view.get("winner"))),
                          theme.GOLD))
            if self._tie_key():
                lines.append((text(self._tie_key(), k=int(view.get("stechen_round") or 0)), theme.GOLD))
            if view.get("decided") in ("stechen", "stechen_limit"):   # everyone's place
                played = view.get("stechen_played") or []
                for p, s in enumerate(self.standings()):
                    line = text("sw.standing", place=p + 1, name=self._name(s), lives=self._lives_text(s))
                    if s < len(played) and played[s]:          # ahead of those who sat it out
                        line += " · " + text("sw.tied_badge")
                    lines.append((line, theme.GOLD if s == view.get("winner") else theme.TEXT))
        tied = self.tied_seats()
        if tied:                       # who is tied, why, who plays the Stechen and who sits it out
            key = "sw.tiebreak_again" if int(view.get("stechen_round") or 0) else "sw.tiebreak_why"
            lines.append((text(key, names=self._names(tied, dative=True), n=view["lost"][tied[0]]), theme.GOLD))
            sitting = self.sitting_out_seats()
            if sitting:
                lines.append((self._sit_out_text(sitting), theme.TEXT))
        return lines

    def _tie_key(self) -> str | None:
        """How the winner of a match ended with several still in was decided when they lost
        as many lives: the text key, or None (the fewest lives lost, or the last one left)."""
        from felt.ui.standings import tie_break
        view = self.view
        if "decided" in view:          # the engine says: in a Stechen, or after its last round
            return {"stechen": "sw.decided_stechen", "stechen_limit": "sw.decided_stechen_limit"}.get(view["decided"])
        rank = {s: i for i, s in enumerate((view.get("showdown") or {}).get("places") or [])}
        keys = {s: (view["out"][s], view["lost"][s], rank.get(s, view["n"])) for s in range(view["n"])}
        return tie_break(keys, view.get("winner"), (None, "sw.tie_last"))

    def _draw_result(self, surface) -> None:
        """The result lines in a panel over the middle; a line too long for it takes two lines
        at the body size rather than shrinking."""
        lines = self.result_lines()
        if not lines:
            return
        rects, px = self.rects, self.px
        area = rects.get("result_area") or rects["mid_area"]       # the room it may take
        mid = rects["mid_area"]                                      # where it stands if it fits
        size = px["body"]
        lh = int(size * 1.5)
        pad = layout.dp(10)
        inner_w = min(area.w - 2 * pad, max(fonts.width(t, size, True) for t, _ in lines) + 2 * pad) - 2 * pad
        laid = [(layout_text(t, inner_w, 2 * lh, size, wrap=True, max_lines=2, bold=True, min_px=10), col)
                for t, col in lines]
        rows = sum(len(ln) for (_, ln), _ in laid)
        box = pygame.Rect(0, 0, inner_w + 2 * pad + layout.dp(4), lh * rows + 2 * pad)
        box.center = mid.center
        if box.h > mid.h:
            box.top = mid.top
            box.clamp_ip(area)
        theme.panel(surface, box, (6, 30, 18), alpha=230, radius=12, border=theme.GOLD, border_width=2)
        y = box.top + pad
        for (fit, ln), col in laid:
            h = lh * len(ln)
            draw_lines(surface, ln, pygame.Rect(box.left + pad, y, box.w - 2 * pad, h), fit, col, "center", bold=True)
            y += h

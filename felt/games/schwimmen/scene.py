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

import math
from typing import Any, Callable

import pygame

from felt.cards import Card
from felt.ui import cardart, fonts, i18n, layout, theme
from felt.ui.game_table import GameTableScene
from felt.ui.presence import draw_seat_badge
from felt.ui.scene import KEY, MOTION, PRESS, RELEASE, Input
from felt.ui.widgets import Button, draw_text

from .engine import RANKS_DE, RANKS_FR, SUITS_DE, SUITS_FR, hand_value2, is_feuer, value_text

TEXTS = {
    "sw.swap_all": ("Alle tauschen", "Swap all"),
    "sw.pass": ("Schieben", "Pass"),
    "sw.knock": ("Klopfen", "Knock"),
    "sw.keep": ("Behalten", "Keep"),
    "sw.take": ("Nehmen", "Take"),
    "sw.choose": ("Behalten oder die andere Hand ungesehen nehmen?", "Keep this hand or take the other one unseen?"),
    "sw.dealer_chooses": ("{name} (Geber) wählt eine Hand", "{name} (dealer) chooses a hand"),
    "sw.knocked": ("{name} hat geklopft", "{name} knocked"),
    "sw.last_turn": ("letzter Zug", "last turn"),
    "sw.left": ("noch dran: {names}", "still to play: {names}"),
    "sw.value": ("Wert {v}", "Value {v}"),
    "sw.swims": ("schwimmt", "swims"),
    "sw.out": ("raus", "out"),
    "sw.dealer": ("Geber", "dealer"),
    "sw.knock_badge": ("klopft", "knocked"),
    "sw.to_play": ("noch dran", "to play"),
    "sw.stock": ("Stapel {n}", "Stock {n}"),
    "sw.discarded": ("abgelegt {n}", "discarded {n}"),
    "sw.middle": ("Mitte", "Middle"),
    "sw.pick_middle": ("Jetzt eine Karte der Mitte antippen", "Now tap a card in the middle"),
    "sw.pick_hand": ("Jetzt eine Karte deiner Hand antippen", "Now tap a card of your hand"),
    "sw.hint": ("Tippe eine Handkarte und eine Karte der Mitte an, um zu tauschen", "Tap a hand card and a middle card to swap"),
    "sw.no_knock_yet": ("Klopfen erst, wenn jeder einmal dran war", "No knocking before everyone has had a turn"),
    "sw.why_knock": ("{name} hat geklopft", "{name} knocked"),
    "sw.why_31": ("{name} hat 31!", "{name} has 31!"),
    "sw.why_feuer": ("Feuer! {name} hat drei Asse", "Feuer! {name} holds three aces"),
    "sw.why_all_pass": ("Alle haben geschoben", "Everyone passed"),
    "sw.why_stock": ("Der Stapel ist leer", "The stock is empty"),
    "sw.why_limit": ("Die Runde war zu lang", "The round went on too long"),
    "sw.loses": ("{name} verliert {k} (niedrigste Hand: {v})", "{name} loses {k} (lowest hand: {v})"),
    "sw.loses_feuer": ("{name} verliert {k} (Feuer)", "{name} loses {k} (Feuer)"),
    "sw.life1": ("ein Leben", "a life"),
    "sw.life2": ("zwei Leben", "two lives"),
    "sw.now_swims": ("{name} schwimmt jetzt", "{name} is swimming now"),
    "sw.now_out": ("{name} ist raus", "{name} is out"),
    "sw.saved": ("Alle wären raus: {names} schwimmen weiter", "Everyone would be out: {names} swim on"),
    "sw.winner": ("{name} gewinnt!", "{name} wins!"),
    "sw.tie_last": ("Gleich viele Leben verloren: entschieden durch die letzte Runde",
                    "Tied on lives lost: decided by the last round"),
    "sw.next_round": ("Gleich geht es weiter …", "Next round soon …"),
    "sw.you": ("Du", "You"),
    "sw.you.knocked": ("Du hast geklopft", "You knocked"),
    "sw.you.why_knock": ("Du hast geklopft", "You knocked"),
    "sw.you.why_31": ("Du hast 31!", "You have 31!"),
    "sw.you.why_feuer": ("Feuer! Du hast drei Asse", "Feuer! You hold three aces"),
    "sw.you.loses": ("Du verlierst {k} (niedrigste Hand: {v})", "You lose {k} (lowest hand: {v})"),
    "sw.you.loses_feuer": ("Du verlierst {k} (Feuer)", "You lose {k} (Feuer)"),
    "sw.you.now_swims": ("Du schwimmst jetzt", "You are swimming now"),
    "sw.you.now_out": ("Du bist raus", "You are out"),
    "sw.you.winner": ("Du gewinnst!", "You win!"),
    "sw.waiting": ("Warte auf den Tisch …", "Waiting for the table …"),
    "sw.unseen": ("die andere Hand, ungesehen", "the other hand, unseen"),
    "sw.you_deal": ("Du bist Geber: wähle deine Hand", "You deal: choose your hand"),
}
i18n.add_texts(TEXTS)

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

    def __init__(self, view: dict | None = None, names: list[str] | None = None,
                 on_move: Callable[[dict], Any] | None = None, on_menu: Callable[[], Any] | None = None,
                 settings: dict | None = None, on_settings: Callable[[dict], Any] | None = None,
                 sounds=None, log=None, on_chat: Callable[[], Any] | None = None) -> None:
        super().__init__(None, names, on_move, on_menu, settings, on_settings, sounds, log, on_chat)
        self.sel_hand: int | None = None
        self.sel_mid: int | None = None
        self.drag: tuple[int, int] | None = None     # (card, origin) origin 0 hand / 1 middle
        self.drag_pos = (0, 0)
        self.press_pos = (0, 0)
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
        for b in (self.btn_all, self.btn_pass, self.btn_knock):
            b.visible = not choosing and self.view.get("phase") == "play" and self.seat is not None
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
        if portrait:
            cols = 1 if opp <= 1 else 2
            rows = (opp + cols - 1) // cols
            seat_h = max(layout.dp(48), min(int(h * 0.14), int((h - top_h) * 0.36) // max(1, rows)))
            seat_w = (w - pad * (cols + 1)) // cols
            y0 = top_h + pad
            seats = []
            for i in range(opp):
                r, c = divmod(i, cols)
                seats.append(pygame.Rect(pad + c * (seat_w + pad), y0 + r * (seat_h + pad), seat_w, seat_h - 2))
            y = y0 + rows * (seat_h + pad)
            bottom_btns = pygame.Rect(pad, h - btn_h - pad, w - 2 * pad, btn_h)
            hand_cw = int(min((w - 4 * pad) / 3.3, (h * 0.2) / 1.45))
            hand_ch = int(hand_cw * 1.45)
            hand = pygame.Rect(0, 0, w, hand_ch + int(px["body"] * 2.2) + hand_ch // 6)
            hand.bottom = bottom_btns.top - pad
            mid_space = pygame.Rect(0, y, w, hand.top - y)
            mid_cw = max(layout.dp(30), int(min((w - 4 * pad) / 4.6, (mid_space.h - px["small"] * 3) / 1.45)))
            rects.update(seats=seats, hand=hand, mid_area=mid_space, btns=bottom_btns,
                         hand_card=(hand_cw, hand_ch), mid_card=(mid_cw, int(mid_cw * 1.45)))
        else:
            cols = min(opp, 4) if opp > 0 else 1
            rows = (opp + cols - 1) // cols if opp else 0
            seat_w = min(layout.dp(300), (w - pad * (cols + 1)) // max(1, cols))
            seat_h = max(layout.dp(56), min(int(h * 0.2), int((h - top_h) * 0.36) // max(1, rows)))
            total_w = cols * seat_w + (cols - 1) * pad
            x0 = (w - total_w) // 2
            y0 = top_h + pad
            seats = []
            for i in range(opp):
                r, c = divmod(i, cols)
                seats.append(pygame.Rect(x0 + c * (seat_w + pad), y0 + r * (seat_h + pad), seat_w, seat_h - 2))
            y = y0 + rows * (seat_h + pad)
            side_w = min(layout.dp(260), int(w * 0.2))
            bottom_btns = pygame.Rect(w - side_w - pad, h - pad - 3 * btn_h - 2 * pad, side_w, 3 * btn_h + 2 * pad)
            hand_ch = int(h * 0.30)
            hand_cw = int(hand_ch / 1.45)
            hand = pygame.Rect(0, 0, w - side_w - 3 * pad, hand_ch + int(px["body"] * 2.2) + hand_ch // 7)
            hand.bottom = h - pad
            mid_space = pygame.Rect(0, y, w, hand.top - y)
            mid_ch = max(layout.dp(44), int(min(mid_space.h - px["small"] * 2.5, h * 0.22)))
            mid_cw = int(mid_ch / 1.45)
            rects.update(seats=seats, hand=hand, mid_area=mid_space, btns=bottom_btns,
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
        self.toast.set_rect(pygame.Rect(pad, rects["mid_area"].top, w - 2 * pad, int(px["label"] * 2.4)))
        self.toast.px = px["label"]
        self.rects = rects

    def seat_rect(self, seat: int):
        if not self.rects:
            return None
        n, me = self.view["n"], self.seat
        if me is None:
            idx = seat
        elif seat == me:
            return None
        else:
            idx = (seat - me - 1) % n
        seats = self.rects["seats"]
        return seats[idx] if idx < len(seats) else None

    def hand_rects(self) -> dict:
        out = {}
        if not self.rects:
            return out
        lift = self.rects["hand_card"][1] // 7
        for cid, r in zip(self.view.get("hand", []), self.rects["hand_cards"]):
            out[cid] = r.move(0, -lift) if cid == self.sel_hand else r
        return out

    def table_rects(self) -> dict:
        return self.middle_rects()

    def gesture(self, move: dict) -> list | None:
        """A swap: the hand card, then the middle card; every other move its button."""
        kind = move.get("kind")
        if kind == "swap":
            return [["card", move["give"]], ["table", move["take"]]]
        button = {"swap_all": "btn_all", "pass": "btn_pass", "knock": "btn_knock", "keep": "btn_keep",
                  "take": "btn_take"}.get(kind)
        return [["widget", button]] if button else None

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
    def _card_at(self, pos):
        for cid, r in self.hand_rects().items():
            if r.collidepoint(pos):
                return cid, 0
        for cid, r in self.middle_rects().items():
            if r.collidepoint(pos):
                return cid, 1
        return None

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
        if inp.kind == PRESS:
            hit = self._card_at(inp.pos)
            if hit is not None and self.my_turn and self.view.get("phase") == "play":
                self.drag = hit
                self.press_pos = self.drag_pos = inp.pos
            return
        if inp.kind == MOTION and self.drag is not None:
            self.drag_pos = inp.pos
            self.mark_dirty()
            return
        if inp.kind == RELEASE and self.drag is not None:
            cid, where = self.drag
            self.drag = None
            moved = abs(inp.pos[0] - self.press_pos[0]) + abs(inp.pos[1] - self.press_pos[1]) > 12
            if not moved:
                self._tap(cid, where)
                return
            target = self._card_at(inp.pos)
            if target is not None and target[1] != where:
                if where == 0:
                    self.sel_hand, self.sel_mid = cid, target[0]
                else:
                    self.sel_hand, self.sel_mid = target[0], cid
                self._try_swap()
            self.mark_dirty()

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if (w, h) != self.laid_out or not self.rects:
            self.layout(w, h)
        surface.blit(theme.felt_background((w, h)), (0, 0))
        if not self.view:
            draw_text(surface, text("sw.waiting"), surface.get_rect(), self.px["title"], theme.TEXT)
            return
        self.draw_header(surface)
        for s in range(self.view["n"]):
            r = self.seat_rect(s)
            if r is not None:
                self._draw_seat(surface, s, r)
                draw_seat_badge(surface, r, self.presence, s, self.px["tiny"])
        self._draw_middle(surface)
        self._draw_hand(surface)
        self._draw_result(surface)
        for b in (self.btn_knock, self.btn_all, self.btn_pass, self.btn_keep, self.btn_take):
            b.draw(surface)
        if self.drag is not None and self.drag_pos != self.press_pos:
            cid, where = self.drag
            size = self.rects["hand_card"] if where == 0 else self.rects["mid_card"]
            img = cardart.card_surface(self.cards[cid], size)
            surface.blit(img, (self.drag_pos[0] - size[0] // 2, self.drag_pos[1] - size[1] // 2))
        self.toast.draw(surface)
        self.draw_log(surface)
        self.draw_bubbles(surface)
        self.draw_round_controls(surface)
        self.draw_banner(surface)

    # the play log's and chat's places (felt.ui.table_log) --------------------
    def log_rect(self):
        return self.rects.get("log") if self.rects else None

    def drawer_rect(self) -> pygame.Rect:
        top = self.rects["top"]
        bottom = self.rects["hand"].top
        return pygame.Rect(4, top.bottom + 4, self.laid_out[0] - 8, max(80, bottom - top.bottom - 8))

    def own_anchor(self) -> pygame.Rect:
        hr = self.rects["hand"]
        return pygame.Rect(hr.left + 10, hr.top - 4, min(hr.w // 2, 200), 12)

    def small_px(self) -> int:
        return int(self.px["small"])

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

    def phase_line(self) -> str:
        """Who won, why the round ended, who knocked and who still plays, the turn timer's
        seconds for the seat on turn."""
        view = self.view
        ph = view.get("phase")
        if ph == "match_over":
            return seat_text("sw.winner", view.get("winner"), self.seat, name=self._name(view.get("winner")))
        if ph == "round_over":
            return self._why()
        parts = []
        if view.get("knocker", -1) >= 0 and ph == "play":
            left = ", ".join(self._name(s) for s in view.get("final_left", []))
            parts += [seat_text("sw.knocked", view["knocker"], self.seat, name=self._name(view["knocker"])),
                      text("sw.left", names=left)]
        if self.timer and self.timer.get("seat") == view.get("to_move") and ph in ("play", "dealer_choice"):
            parts.append(f"{math.ceil(self.timer.get('left', 0))} s")
        return " · ".join(parts)

    def rounds_total(self) -> int:
        return int(self.view.get("rounds_limit") or 0)

    def _draw_lives(self, surface, rect: pygame.Rect, seat: int) -> None:
        """Lives as matchsticks; swimming as a blue wave; out as a grey cross."""
        view = self.view
        lives, max_lives = view["lives"][seat], view["rules"]["lives"]
        stick_h = rect.h
        sw = max(3, stick_h // 6)
        x = rect.left
        for i in range(max_lives):
            alive = i < lives
            col = (236, 214, 170) if alive else (70, 90, 76)
            pygame.draw.rect(surface, col, (x, rect.top + stick_h // 5, sw, stick_h - stick_h // 5), border_radius=2)
            if alive:
                pygame.draw.ellipse(surface, theme.DANGER, (x - 1, rect.top, sw + 2, stick_h // 3))
            x += sw + max(3, sw)
        if view["out"][seat]:
            draw_text(surface, text("sw.out"), pygame.Rect(x + 4, rect.top, rect.right - x - 4, rect.h),
                      self.px["small"], theme.DANGER, align="left", bold=True)
        elif view["swimming"][seat]:
            r = pygame.Rect(x + 4, rect.top, rect.right - x - 4, rect.h)
            lab = "≈ " + text("sw.swims")
            tw = fonts.width(lab, self.px["small"], True) + 12
            pill = pygame.Rect(r.left, r.top, min(r.w, tw), r.h)
            pygame.draw.rect(surface, theme.INFO, pill, border_radius=r.h // 2)
            draw_text(surface, lab, pill, self.px["small"], theme.TEXT, bold=True, min_px=8)

    def _draw_seat(self, surface, seat: int, r: pygame.Rect) -> None:
        view, px = self.view, self.px
        on_turn = view.get("to_move") == seat and view.get("phase") in ("play", "dealer_choice")
        out = view["out"][seat]
        theme.panel(surface, r, (10, 40, 24) if not out else (40, 40, 40), alpha=200, radius=10,
                    border=theme.ACCENT if on_turn else theme.PANEL_BORDER, border_width=3 if on_turn else 1)
        inner = r.inflate(-12, -8)
        line_h = int(px["body"] * 1.5)
        name_r = pygame.Rect(inner.left, inner.top, inner.w, line_h)
        badges = []
        if view.get("dealer") == seat:
            badges.append((text("sw.dealer"), (90, 90, 150)))
        if view.get("knocker") == seat:
            badges.append((text("sw.knock_badge"), theme.DANGER_DARK))
        if seat in view.get("final_left", []):
            badges.append((text("sw.to_play"), theme.GOLD_DARK))
        bx = inner.right
        for badge, col in reversed(badges):
            tw = fonts.width(badge, px["tiny"], True) + 10
            br = pygame.Rect(bx - tw, name_r.top + 2, tw, line_h - 4)
            if br.left < inner.left + inner.w // 3:
                break
            pygame.draw.rect(surface, col, br, border_radius=br.h // 2)
            draw_text(surface, badge, br, px["tiny"], theme.TEXT, bold=True, min_px=7)
            bx = br.left - 4
        draw_text(surface, self._name(seat), pygame.Rect(name_r.left, name_r.top, bx - name_r.left - 4, line_h),
                  px["body"], theme.ACCENT if on_turn else theme.TEXT, align="left", bold=True, min_px=9)
        lives_r = pygame.Rect(inner.left, name_r.bottom + 2, inner.w, max(14, int(px["body"] * 1.3)))
        sd = view.get("showdown")
        if sd and sd["hands"][seat]:
            # the seat's three cards and value at the showdown
            avail_h = inner.bottom - lives_r.bottom - 2
            ch = max(20, min(avail_h, int(inner.w * 0.55 / 3 * 1.45)))
            cw = int(ch / 1.45)
            x = inner.left
            for cid in sd["hands"][seat]:
                surface.blit(cardart.card_surface(self.cards[cid], (cw, ch)), (x, inner.bottom - ch))
                x += cw + 2
            val = "Feuer" if sd.get("feuer") == seat else value_text(sd["values"][seat])
            lost = sd["losers"].get(str(seat), 0)
            vr = pygame.Rect(x + 6, inner.bottom - ch, inner.right - x - 6, ch)
            draw_text(surface, val, pygame.Rect(vr.left, vr.top, vr.w, vr.h // 2), px["title"],
                      theme.GOLD if not lost else theme.DANGER, align="left", bold=True, min_px=9)
            if lost:
                draw_text(surface, f"−{lost}", pygame.Rect(vr.left, vr.centery, vr.w, vr.h // 2),
                          px["small"], theme.DANGER, align="left", bold=True, min_px=8)
            self._draw_lives(surface, lives_r, seat)
        else:
            self._draw_lives(surface, lives_r, seat)
            if not out and view["in_round"][seat] and inner.bottom - lives_r.bottom > 16:
                # three face-down cards (and what they openly took from the middle)
                ch = min(inner.bottom - lives_r.bottom - 4, int(px["body"] * 4.5))
                cw = int(ch / 1.45)
                x = inner.left
                y = inner.bottom - ch
                taken = [c for c in view["taken"][seat]]
                n_cards = 3 if not (view.get("phase") == "dealer_choice" and seat == view.get("dealer")) else 6
                for i in range(n_cards):
                    if i < len(taken) and n_cards == 3:
                        img = cardart.card_surface(self.cards[taken[i]], (cw, ch))
                    else:
                        img = cardart.back_surface((cw, ch))
                    surface.blit(img, (x, y))
                    x += int(cw * (0.55 if n_cards == 6 else 0.75))

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
            if self.drag and self.drag[0] == cid and self.drag_pos != self.press_pos:
                continue
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
        hint_top = rects["hand_cards"][0].top - px["small"] * 2 - 2
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
            if self.drag and self.drag[0] == cid and self.drag_pos != self.press_pos:
                continue
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
        lab = " · ".join(parts)
        lr = rects["hand_label"]
        draw_text(surface, lab, pygame.Rect(lr.left, lr.top, lr.w * 2 // 3 - 8, lr.h), px["label"], theme.GOLD,
                  align="right", bold=True, min_px=9)
        self._draw_lives(surface, pygame.Rect(lr.left + lr.w * 2 // 3 + 4, lr.top + 2, lr.w // 3 - 8, lr.h - 4), me)
        if view.get("choosing") and self.my_turn:
            hr = rects["hand_cards"]
            draw_text(surface, text("sw.choose"), pygame.Rect(rects["hand"].left, hr[0].top - px["small"] * 2 - 4,
                                                              rects["hand"].w, px["small"] * 2),
                      px["small"], theme.ACCENT, bold=True)
        elif self.my_turn and self.sel_hand is None and self.sel_mid is None and view.get("phase") == "play":
            hr = rects["hand_cards"]
            draw_text(surface, text("sw.hint"), pygame.Rect(rects["hand"].left, hr[0].top - px["small"] * 2 - 2,
                                                            rects["hand"].w, px["small"] * 2),
                      px["small"], theme.TEXT_DIM, wrap=True)

    def _why(self) -> str:
        sd = self.view.get("showdown") or {}
        who = self._name(sd.get("by"))
        me = self.seat
        return {"knock": seat_text("sw.why_knock", sd.get("knocker"), me, name=self._name(sd.get("knocker"))),
                "31": seat_text("sw.why_31", sd.get("by"), me, name=who),
                "feuer": seat_text("sw.why_feuer", sd.get("by"), me, name=who), "all_pass": text("sw.why_all_pass"),
                "stock": text("sw.why_stock"), "limit": text("sw.why_limit")}.get(sd.get("reason"), "")

    def result_lines(self) -> list[tuple[str, tuple]]:
        """Who loses a life and why, who swims now, who is out, who won."""
        view = self.view
        sd = view.get("showdown")
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
        if view.get("phase") == "match_over":
            lines.append((seat_text("sw.winner", view.get("winner"), self.seat, name=self._name(view.get("winner"))),
                          theme.GOLD))
            if self._tie_key():
                lines.append((text(self._tie_key()), theme.GOLD))
        return lines

    def _tie_key(self) -> str | None:
        """How the winner of a match ended with several still in was decided when they lost
        as many lives: the text key, or None (the fewest lives lost, or the last one left)."""
        from felt.ui.standings import tie_break
        view = self.view
        rank = {s: i for i, s in enumerate((view.get("showdown") or {}).get("places") or [])}
        keys = {s: (view["out"][s], view["lost"][s], rank.get(s, view["n"])) for s in range(view["n"])}
        return tie_break(keys, view.get("winner"), (None, "sw.tie_last"))

    def _draw_result(self, surface) -> None:
        lines = self.result_lines()
        if not lines:
            return
        rects, px = self.rects, self.px
        area = rects["mid_area"]
        lh = int(px["body"] * 1.5)
        box = pygame.Rect(0, 0, min(area.w - 20, max(fonts.width(t, px["body"], True) for t, _ in lines) + 40),
                          lh * len(lines) + 20)
        box.center = area.center
        theme.panel(surface, box, (6, 30, 18), alpha=230, radius=12, border=theme.GOLD, border_width=2)
        y = box.top + 10
        for t, col in lines:
            draw_text(surface, t, pygame.Rect(box.left + 12, y, box.w - 24, lh), px["body"], col, bold=True, min_px=9)
            y += lh

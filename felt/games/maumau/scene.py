"""The Mau-Mau table: a pygame scene rendered from a seat's view (felt.games.maumau.view).

It is built from the shared table pieces (``felt.ui.layout.table_layout`` for the seat boxes,
pile area, buttons and hand; ``felt.ui.cardart`` for the cards; the widgets) and shows: the own hand sorted, playable cards lit (the others dimmed on turn); the discard
pile with its last cards fanned; the draw pile with its count; the wished suit big and clear;
the direction of play; a pending seven penalty ("+4"); skips, reverses and forgotten Mau
calls as they happen; a "Mau!" toggle that must be on with the play that leaves one card
(or none: "Mau-Mau"); the round's points and the match standings.

The shell talks to it as to every game's table (``felt.ui.game_table.GameTableScene``). Input,
as at the Präsident table: a tap on a lit card raises it, a second
tap on it (or "Legen", the right-hand button while a card is raised) plays it; dragging a card
onto the piles plays it at once; a tap on the felt lowers the raised card. A Bube then asks
for the suit ("Abbrechen" puts it back in the hand, nothing is sent). "Ziehen"/"Behalten"
button, "Mau!" toggle; keys: ←/→ choose a card, Space/↑ raise or lower it, Enter raises it and
then plays it, Esc lowers it, D draws, K keeps, M toggles Mau, 1–4 pick the wished suit, Esc
closes the suit picker.

Its screens for ``felt snapshot`` are in ``felt.games.maumau.snapshots``.
"""
from __future__ import annotations

import math
import pygame

from felt.cards import Card
from felt.games.maumau.rules import MauRules, build_deck
from felt.games.maumau.standings import match_order
from felt.ui import cardart, fonts, i18n, layout, theme
from felt.ui.game_table import GameTableScene
from felt.ui.scene import BACK, KEY, PRESS, Input
from felt.ui.seat_card import SeatLines, Tag
from felt.ui.widgets import Button, draw_text, layout_text


SUIT_TEXT = {
    "de": {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo", "E": "Eichel", "G": "Grün", "B": "Schellen"},
    "en": {"C": "Clubs", "S": "Spades", "H": "Hearts", "D": "Diamonds", "E": "Acorns", "G": "Leaves", "B": "Bells"},
}
SUIT_COLOR = {"C": theme.CARD_BLACK, "S": theme.CARD_BLACK, "H": theme.CARD_RED, "D": theme.CARD_RED,
              "E": theme.JASS_EICHELN, "G": theme.JASS_LEAF, "B": theme.JASS_SCHELLEN}


def _draw_leaf(s: pygame.Surface, r: pygame.Rect) -> None:
    """Grün (Laub) of the German suits: a green leaf with a stem and veins."""
    w, h = r.w, r.h
    cx = r.centerx
    body = pygame.Rect(0, 0, int(w * 0.62), int(h * 0.80))
    body.midtop = (cx, r.top + int(h * 0.02))
    pts = []
    for i in range(41):
        t = i / 40 * 2 * math.pi
        x = math.sin(t) * body.w / 2 * (0.55 + 0.45 * math.sin(t / 2) ** 0.5 if math.sin(t / 2) > 0 else 0.55)
        y = -math.cos(t) * body.h / 2
        pts.append((cx + x, body.centery + y))
    pygame.draw.polygon(s, theme.JASS_LEAF, pts)
    pygame.draw.polygon(s, (20, 80, 30), pts, max(2, int(w * 0.04)))
    pygame.draw.line(s, (20, 80, 30), (cx, body.top + h * 0.08), (cx, r.bottom - h * 0.02), max(2, int(w * 0.05)))
    for k in range(3):
        y = body.top + body.h * (0.3 + 0.18 * k)
        pygame.draw.line(s, (20, 80, 30), (cx, y + h * 0.08), (cx - body.w * 0.28, y), max(1, int(w * 0.03)))
        pygame.draw.line(s, (20, 80, 30), (cx, y + h * 0.08), (cx + body.w * 0.28, y), max(1, int(w * 0.03)))


# German suits: Eichel and Schellen have Jass art already (same codes E, B); Herz uses the ♥
# glyph; Grün gets a leaf. Registered once, additively (no other code uses the key "G").
cardart.add_suit_art("G", _draw_leaf, theme.JASS_LEAF)


def suit_label(suit: str) -> str:
    return SUIT_TEXT["de" if i18n.get_lang() == "de" else "en"].get(suit, suit)


class MauMauScene(GameTableScene):
    game_id = "maumau"
    turn_phases = ("play", "drawn")
    MODAL_PANELS = ("_draw_picker",)        # drawn over the dimmed table (felt.ui.text_layout)

    def __init__(self, view: dict | None = None, names: list[str] | None = None, **kw) -> None:
        super().__init__(None, names, **kw)
        self.deck: list[Card] = []
        self._rules_key = None
        self.rules: MauRules | None = None
        self.hand: list[int] = []
        self.playable: set[int] = set()
        self.mau_on = False
        self.picking: int | None = None       # a Bube waiting for its wished suit
        self.chosen: int | None = None        # the raised card: a second tap (or "Legen") plays it
        self.focus = -1
        self.fx: list[tuple[str, float]] = []   # announcements (text, seconds left)
        self.skipped: int | None = None
        self.table_layout: layout.TableLayout | None = None
        self._slots: list[pygame.Rect] = []
        self.suit_btns: list[Button] = []
        self.picker_rect = pygame.Rect(0, 0, 0, 0)
        self.picker_title = pygame.Rect(0, 0, 0, 0)
        self.picker_font = (16, False)            # the question's size, and whether it takes two lines
        self.keys_shown = layout.keyboard()   # the last input came from a mouse or keys, not a finger
        self.action_btn = Button(i18n.t("mm.draw"), self._action, kind="primary", hotkeys=(pygame.K_d,))
        self.cancel_btn = Button(i18n.t("cancel"), self.cancel_pick, kind="secondary")
        self.mau_btn = Button(i18n.t("mm.mau"), self.toggle_mau, kind="secondary", hotkeys=(pygame.K_m,))
        self.mute_btn.hotkeys = ()          # M is the Mau call's key here
        if view is not None:
            self.set_view(view, ())

    # ------------------------------------------------------------------ API
    @property
    def my_turn(self) -> bool:
        view = self.view
        return view.get("seat") is not None and view.get("to_move") == view.get("seat") and view.get("phase") in ("play", "drawn")

    def show_view(self, view: dict, events: list) -> None:
        key = tuple(sorted(view["rules"].items()))
        if key != self._rules_key:
            self._rules_key = key
            self.rules = MauRules.from_dict(view["rules"])
            self.deck = build_deck(self.rules)
        n_before = len(self.hand)
        self.hand = list(view.get("hand", []))
        self.playable = {m["card"] for m in view.get("legal", []) if m.get("kind") == "play"}
        if self.chosen is not None and not (self.my_turn and self.chosen in self.hand and self._lit(self.chosen)):
            self.chosen = None
        if self.picking != self.chosen:
            self.picking = None
        self._fix_focus()
        for ev in events:
            self._event(ev)
        geom = self.table_layout
        if geom is not None and (len(self.hand) != n_before or len(geom.seats) != self._opponents()):
            self.layout(geom.w, geom.h)
        elif geom is not None and (self.view_before or {}).get("phase") != view.get("phase"):
            self._place_round_controls()       # the results came (or went): the buttons' place

    def _lit(self, cid: int) -> bool:
        """The card can be played now (lit in the hand)."""
        return cid in self.playable or any(c % 32 == cid % 32 for c in self.playable)

    def _fix_focus(self) -> None:
        """Keyboard focus only on a card that can be played (the nearest one to where it
        was), or on none: never left on a dimmed card after a play."""
        if self.focus < 0:
            return
        if not self.my_turn or not self.hand:
            self.focus = -1
            return
        f = min(self.focus, len(self.hand) - 1)
        lit = [i for i, c in enumerate(self.hand) if self._lit(c)]
        self.focus = min(lit, key=lambda i: (abs(i - f), i)) if lit else -1

    # -------------------------------------------------------------- actions
    def _legal(self) -> list[dict]:
        return self.view.get("legal", []) if self.my_turn else []

    def _call_for(self, card: int) -> str:
        """The call to send with a play of ``card``: the due one if the Mau toggle is on."""
        if not (self.rules and self.rules.mau_penalty and self.mau_on):
            return ""
        left = len(self.hand) - 1
        return "mau" if left == 1 else "maumau" if left == 0 else ""

    def _find(self, card: int, suit: str = "") -> dict | None:
        call = self._call_for(card)
        for m in self._legal():
            if m.get("kind") == "play" and m["card"] == card and m.get("suit", "") == suit and m.get("call", "") == call:
                return m
        face = card % 32
        for m in self._legal():      # a second copy of the same card (64 cards): the engine lists one
            if m.get("kind") == "play" and m["card"] % 32 == face and m.get("suit", "") == suit \
                    and m.get("call", "") == call and card in self.hand:
                return dict(m, card=card)
        return None

    def tap_card(self, card: int) -> None:
        """A tap on a hand card: a lit card is raised, the raised one is played."""
        if self.pending or not self.my_turn:
            return
        if not self._lit(card):
            self.toast.show(i18n.t("mm.not_legal"), 1.4, "warn")
        elif card == self.chosen:
            self.play_card(card)
        else:
            self.chosen = card
        self.refresh_controls()
        self.mark_dirty()

    def lower(self) -> None:
        """The raised card goes back into the hand."""
        if self.chosen is not None:
            self.chosen = None
            self.refresh_controls()
            self.mark_dirty()

    def play_card(self, card: int) -> None:
        """Play ``card`` now (a Bube first asks for the suit)."""
        if self.pending or not self.my_turn:
            return
        if card not in self.playable and not any(c % 32 == card % 32 for c in self.playable):
            self.toast.show(i18n.t("mm.not_legal"), 1.4, "warn")
            self.mark_dirty()
            return
        if self.rules.jack == "wish" and self.deck[card].rank in ("J", "U"):
            if self.ends_the_round(card):
                m = self._find(card, self.going_out_suit(card))     # no wish to ask for
                if m is not None:
                    self._send_play(m)
                return
            self.picking = self.chosen = card
            self.refresh_controls()
            self.mark_dirty()
            return
        m = self._find(card)
        if m is not None:
            self._send_play(m)

    def ends_the_round(self, card: int, calls: bool | None = None) -> bool:
        """``card`` is the last in the hand and going out with it ends the round (the first
        out ends it, or one seat would be left to play): a Bube's wish would count for nobody.
        Not so without the due "Mau-Mau!": the penalty's cards keep the player in, and the
        wish holds for the next seat. ``calls``: the play says the call (the Mau toggle's state
        unless given)."""
        calls = self.mau_on if calls is None else calls
        if self.rules is None or self.hand != [card] or (self.rules.mau_penalty and not calls):
            return False
        if self.rules.round_end == "first":
            return True
        return int(self.view.get("n") or 0) - len(self.view.get("places") or []) - 1 <= 1

    def going_out_suit(self, card: int) -> str:
        """The suit sent with a Bube that ends the round (the engine takes a play of a Bube
        only with one; nobody is asked, the log does not say it): the Bube's own, where legal."""
        suits = list(self.rules.suit_codes()) if self.rules else []
        own = self.deck[card].suit
        for suit in ([own] if own in suits else []) + suits:
            if self._find(card, suit) is not None:
                return suit
        return own

    def pick_suit(self, suit: str) -> None:
        card = self.picking
        if card is None:
            return
        self.picking = None
        m = self._find(card, suit)
        if m is not None:
            self._send_play(m)
        self.refresh_controls()
        self.mark_dirty()

    def cancel_pick(self) -> None:
        """Close the suit picker: the Bube goes back into the hand, nothing is sent."""
        self.picking = None
        self.lower()
        self.mark_dirty()

    def _send_play(self, m: dict) -> None:
        self.mau_on = False
        self.chosen = None
        self.submit(dict(m))

    def _action(self) -> None:
        """The right-hand button: "Legen" while a card is raised, else draw or keep."""
        if self.chosen is not None:
            self.play_card(self.chosen)
        else:
            self.do_action()

    def do_action(self) -> None:
        if self.pending or not self.my_turn:
            return
        self.chosen = None
        kinds = {m["kind"] for m in self._legal()}
        if self.view.get("phase") == "drawn" and "keep" in kinds:
            self.submit({"kind": "keep"})
        elif "draw" in kinds:
            self.submit({"kind": "draw"})

    def toggle_mau(self) -> None:
        self.mau_on = not self.mau_on
        self.refresh_controls()
        self.mark_dirty()

    # --------------------------------------------------------------- events
    def _name(self, seat) -> str:
        if seat is None:
            return "?"
        if seat == self.seat:
            return i18n.t("mm.you")
        if seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return f"{i18n.t('table.seat') if i18n.has('table.seat') else 'Platz'} {seat + 1}"

    def _label(self, seat) -> str:
        """A seat's name standing on its own (seat box, result row): "Du" for this window's seat."""
        return i18n.t("mm.you_label") if seat is not None and seat == self.seat else self._name(seat)

    def _about(self, key: str, seat, **kw) -> str:
        """``key``'s text about ``seat``; its "you" form (other verb forms) for this window's seat."""
        if seat is not None and seat == self.seat and i18n.has(f"mm.you.{key[3:]}"):
            return i18n.t(f"mm.you.{key[3:]}", **kw)
        return i18n.t(key, name=self._name(seat), **kw)

    def _event(self, ev: dict) -> None:
        t = ev.get("type")
        if t == "skip":
            self.skipped = ev.get("seat")
            self.fx.append((self._about("mm.skip", ev.get("seat")), 1.8))
        elif t == "reverse":
            self.fx.append((i18n.t("mm.reverse"), 1.8))
        elif t == "forgot_mau":
            call = i18n.t("mm.mau") if ev.get("call") == "mau" else i18n.t("mm.maumau")
            self.fx.append((self._about("mm.forgot", ev.get("seat"), call=call.rstrip("!"),
                                        n=ev.get("penalty", 0)), 2.2))
        elif t == "again":
            self.fx.append((self._about("mm.again", ev.get("seat")), 1.5))
        elif t == "reshuffle":
            self.fx.append((i18n.t("mm.reshuffle"), 1.5))
        elif t == "play":
            if self.skipped is not None and ev.get("seat") != self.skipped:
                self.skipped = None
        self.fx = self.fx[-2:]

    # --------------------------------------------------------------- layout
    def _opponents(self) -> int:
        n = int(self.view.get("n", 4)) if self.view else 4
        return n - 1 if self.seat is not None else n

    def layout(self, w: int, h: int) -> None:
        self.table_layout = geom = layout.table_layout(w, h, self._opponents(), len(self.hand),
                                                       log_w=self.log_dock(w, h))
        self.place_header(w, h)
        # the Präsident table's Pass/Play places: Mau! toggle on the left, Draw/Keep on the right
        self.mau_btn.set_rect(geom.pass_btn)
        self.action_btn.set_rect(geom.play_btn)
        self.mau_btn.px = self.action_btn.px = geom.px["button"]
        self.toast.set_rect(geom.toast)
        self.toast.px = geom.px["label"]
        self._slots = layout.hand_slots(geom.hand, geom.card, len(self.hand))
        self._place_picker(geom)
        self._place_round_controls()
        self.refresh_controls()

    def _place_round_controls(self) -> None:
        """The round's end buttons where Ziehen and Mau! stand; on a window wider than high
        whose results would reach down to them (a phone turned sideways), in a column right
        of the results (``_results_layout``), so that they cover no row."""
        geom = self.table_layout
        side = self._results_layout()[4] if self.view.get("phase") in ("round_over", "match_over") else None
        if side is not None:
            self.place_round_controls(side, geom.px["button"], stacked=True)
        else:
            self.place_round_controls(geom.pass_btn.union(geom.play_btn), geom.px["button"])

    def _place_picker(self, geom: layout.TableLayout) -> None:
        """The suit picker: a panel over the table with its question, four big suit buttons
        (two rows of two on a phone held upright, one row else) and "Abbrechen", clear of
        the window's edges (on a phone it filled the width, its question touching the edges)."""
        dp = layout.dp
        suits = self.rules.suit_codes() if self.rules else ("C", "S", "H", "D")
        area = pygame.Rect(geom.table.left, geom.top_bar.bottom, geom.table.w, geom.h - geom.top_bar.bottom)
        pad, gap = dp(14), dp(10)
        cols = 2 if geom.portrait else 4
        panel_w = min(area.w - 2 * dp(12), dp(max(460 if cols == 4 else 0, 340 * geom.unit)))
        inner_w = panel_w - 2 * pad
        bw = (inner_w - (cols - 1) * gap) // cols
        rows = (len(suits) + cols - 1) // cols
        cancel_h = dp(layout.MIN_TOUCH + 4)
        # the question on one line where a slightly smaller size fits it, else on two
        question, big = i18n.t("mm.pick_suit"), geom.px["title"]
        size, lines = layout_text(question, inner_w, big * 2, big, bold=True,
                                  min_px=max(12, int(big * 0.8 / layout.density())))
        if lines[0] != question:
            size, lines = layout_text(question, inner_w, big * 3, big, wrap=True, max_lines=2, bold=True, min_px=12)
        self.picker_font = (size, len(lines) > 1)
        title_h = fonts.line_height(size, True) * len(lines) + dp(4)
        fixed = 2 * pad + title_h + gap + (rows - 1) * gap + gap + cancel_h
        bh = min(int(bw * (0.62 if cols == 2 else 1.05)), dp(90 * geom.unit), (area.h - dp(16) - fixed) // rows)
        bh = max(dp(layout.MIN_TOUCH + 8), bh)
        panel = pygame.Rect(0, 0, panel_w, fixed + rows * bh)
        room = pygame.Rect(area.left, area.top, area.w, max(0, geom.hint.top - area.top))
        panel.center = (room.centerx, room.centery if room.h >= panel.h + dp(16) else area.centery)
        panel.clamp_ip(area)
        self.picker_rect = panel                  # (tests)
        self.picker_title = pygame.Rect(panel.left + pad, panel.top + pad, inner_w, title_h)
        y0 = self.picker_title.bottom + gap
        self.suit_btns = []
        for i, su in enumerate(suits):
            r, c = divmod(i, cols)
            b = Button("", (lambda s=su: self.pick_suit(s)), kind="secondary",
                       hotkeys=(pygame.K_1 + i, pygame.K_KP1 + i))
            b.set_rect(pygame.Rect(panel.left + pad + c * (bw + gap), y0 + r * (bh + gap), bw, bh))
            b.suit = su
            self.suit_btns.append(b)
        cw = min(inner_w, max(2 * bw + gap, fonts.width(i18n.t("cancel"), geom.px["button"], True) + dp(40)))
        self.cancel_btn.set_rect(pygame.Rect(panel.centerx - cw // 2, panel.bottom - pad - cancel_h, cw, cancel_h))
        self.cancel_btn.px = geom.px["button"]

    def refresh_controls(self) -> None:
        view = self.view
        mine = self.my_turn and not self.pending
        kinds = {m["kind"] for m in self._legal()}
        self.cancel_btn.text = i18n.t("cancel")
        b = self.action_btn
        b.pulse = 0.0
        keeping = view.get("phase") == "drawn" and self.my_turn     # another seat's drawn card is not mine to keep
        if self.chosen is not None:          # a raised card: the button plays it
            b.text, b.enabled, b.hotkeys = i18n.t("table.play"), mine, (pygame.K_RETURN, pygame.K_KP_ENTER)
        elif keeping:
            b.text, b.enabled, b.hotkeys = i18n.t("mm.keep"), mine and "keep" in kinds, (pygame.K_k,)
        else:
            pend = view.get("pending", 0) if self.my_turn else 0      # the sevens' penalty is the seat on turn's
            b.text = i18n.t("mm.draw_n", n=pend) if pend else i18n.t("mm.draw")
            b.enabled, b.hotkeys = mine and "draw" in kinds, (pygame.K_d,)
            b.pulse = 1.0 if (mine and not self.playable) else 0.0
        mau = bool(self.rules and self.rules.mau_penalty)
        # a spectator has no hand: no greyed-out "Mau!" / "Ziehen" that can never be pressed
        self.action_btn.visible = self.seat is not None
        self.mau_btn.visible = mau and self.seat is not None
        self.mau_btn.kind = "primary" if self.mau_on else "ghost"
        self.mau_btn.text = ("✓ " if self.mau_on else "") + i18n.t("mm.mau")
        # only on the own turn, like "Ziehen": off-turn it looked pressable but meant nothing
        self.mau_btn.enabled = mine and view.get("phase") in ("play", "drawn") and self.seat is not None

    # ---------------------------------------------------------------- input
    @property
    def selected(self) -> set:
        """The raised card (one at most in Mau-Mau)."""
        return set() if self.chosen is None else {self.chosen}

    hint_toggles = ("mau_btn",)         # a Tipp that says Mau turns the toggle on

    def hint_target(self) -> pygame.Rect | None:
        """A Tipp's Bube asks its wish: then the wished suit's button is the step left."""
        h = self.hint
        if self.picking is not None and h is not None and h["move"].get("suit") and self.rules is not None:
            suits = list(self.rules.suit_codes())
            suit = h["move"]["suit"]
            if self.picking == h["move"].get("card") and suit in suits and len(self.suit_btns) == len(suits):
                return pygame.Rect(self.suit_btns[suits.index(suit)].rect)
            return None
        return super().hint_target()

    def clear_selection(self) -> None:
        """No card raised, no suit asked, "Mau!" off (a Tipp picks its own)."""
        self.picking = self.chosen = None
        self.mau_on = False
        self.refresh_controls()
        self.mark_dirty()

    def selected_cards(self) -> list[int]:
        return sorted(self.selected)

    def gesture(self, move: dict) -> list | None:
        """A card: "Mau!" on or off as the call needs, a tap raises the card and "Legen" plays
        it (a Bube then its suit); drawing and keeping: the right-hand button."""
        kind = move.get("kind")
        if kind == "play":
            taps = []
            wants_call = bool(move.get("call"))
            if self.rules is not None and self.rules.mau_penalty and wants_call != self.mau_on:
                taps.append(["widget", "mau_btn"])
            taps += [["card", move["card"]], ["widget", "action_btn"]]
            if move.get("suit") and self.ends_the_round(move["card"], calls=wants_call):
                # going out with a Bube: no wish is asked; the scene sends one suit of its own
                return taps if move["suit"] == self.going_out_suit(move["card"]) else None
            if move.get("suit"):
                suits = list(self.rules.suit_codes()) if self.rules else []
                if move["suit"] not in suits:
                    return None
                taps.append(["widget", f"suit_btns[{suits.index(move['suit'])}]"])
            return taps
        if kind in ("draw", "keep"):
            return [["widget", "action_btn"]]
        return None

    def remote_state(self) -> dict:
        st = super().remote_state()
        st["chosen"] = self.chosen        # a raised card that a second tap plays
        return st

    def hand_rects(self) -> dict:
        """Where each hand card is drawn now (the raised card higher), card id -> rect."""
        return {cid: (self.raised(r) if cid == self.chosen else r) for cid, r in zip(self.hand, self._slots)}

    # the hand's input (felt.ui.game_table.handle_cards): a tap raises a lit card and plays the
    # raised one, a card dropped on the piles is played at once, a tap on the felt lowers it
    def card_tapped(self, cid: int) -> None:
        self.focus = self.hand.index(cid)
        self.tap_card(cid)

    def play_dropped(self, cid: int) -> None:
        self.focus = self.hand.index(cid)
        self.play_card(cid)

    def felt_tapped(self, pos) -> None:
        self.lower()

    def handle(self, inp: Input) -> None:
        if inp.kind in (PRESS, KEY):
            self.keys_shown = inp.source != "touch"
        if self.handle_round_controls(inp):
            return
        if self.picking is not None:
            if inp.kind == BACK or (inp.kind == KEY and inp.key == pygame.K_ESCAPE):
                self.cancel_pick()
                return
            if self.dispatch(inp, self.suit_btns + [self.cancel_btn]):
                return
            if inp.kind == PRESS:
                self.cancel_pick()           # a tap elsewhere closes the picker too
            return
        if self.handle_header(inp):
            return
        if self.dispatch(inp, [self.mau_btn, self.action_btn]) or self.handle_cards(inp):
            return
        if inp.kind == KEY and self.hand:
            self._key(inp.key)

    def _key(self, k: int) -> None:
        n = len(self.hand)
        if k == pygame.K_RIGHT:
            self.focus = (self.focus + 1) % n
        elif k == pygame.K_LEFT:
            self.focus = (self.focus - 1) % n if self.focus >= 0 else n - 1
        elif k == pygame.K_ESCAPE:
            self.lower()
        elif k == (pygame.K_k if self.view.get("phase") == "drawn" else pygame.K_d):
            self.do_action()                # D draws, K keeps, also while the button says "Legen"
        elif 0 <= self.focus < n:
            card = self.hand[self.focus]
            if k in (pygame.K_SPACE, pygame.K_UP) and card == self.chosen:
                self.lower()
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
                self.tap_card(card)
        self.mark_dirty()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.fx:
            self.fx = [(t, s - dt) for t, s in self.fx if s - dt > 0]
            self.mark_dirty()

    def animating(self) -> bool:
        return super().animating() or bool(self.fx)

    # ----------------------------------------------------------------- draw
    def seat_cards_clear(self) -> pygame.Rect | None:
        """The results panel lists every seat: a seat card it would half cover is left out."""
        return self._results_layout()[0] if self.view.get("phase") in ("round_over", "match_over") else None

    def draw_table(self, surface: pygame.Surface) -> None:
        if self.view.get("phase") in ("round_over", "match_over"):
            self._draw_hand(surface)
            self._draw_results(surface)
        else:
            self._draw_piles(surface)
            self._draw_hint(surface)
            for btn in (self.mau_btn, self.action_btn):
                btn.draw(surface)
            self._draw_hand(surface)
            self._draw_fx(surface)

    def draw_modal(self, surface: pygame.Surface) -> None:
        if self.picking is not None:
            self._draw_picker(surface)

    # the phone page's screen-reader layer (felt.ui.a11y; the words in felt.games.maumau.a11y)
    def a11y_text(self) -> list[str]:
        from felt.games.maumau import a11y
        return a11y.lines(self)

    def a11y_taps(self) -> list[tuple[list, str, bool]]:
        from felt.games.maumau import a11y
        return a11y.taps(self)

    def a11y_widgets(self, names: list[str]) -> list[str]:
        from felt.games.maumau import a11y
        return a11y.widgets(self, names)

    def a11y_card_off(self, cid) -> bool:
        from felt.games.maumau import a11y
        return a11y.card_off(self, cid)

    def a11y_moves(self) -> list[tuple[str, dict]]:
        from felt.games.maumau import a11y
        return a11y.moves(self)

    def a11y_top(self) -> str:
        from felt.games.maumau import a11y
        return a11y.top(self)

    def a11y_scores(self) -> str:
        from felt.games.maumau import a11y
        return a11y.scores(self)

    # the play log's cards (felt.ui.table_log) --------------------------------
    def log_deck_size(self) -> int:
        return len(self.deck)

    def log_card(self, cid):
        return self.deck[cid] if isinstance(cid, int) and 0 <= cid < len(self.deck) else None

    def _card_img(self, cid: int, size, dim: bool = False) -> pygame.Surface:
        return cardart.card_surface(self.deck[cid], size, dim=dim)

    def header_ring(self) -> bool:
        """The turn timer's ring in the top bar, as at every table (Mau-Mau showed none)."""
        return self.view.get("phase") in ("play", "drawn")

    def phase_line(self) -> str:
        """A round's end: the round over, or who won the match."""
        view = self.view
        if view.get("phase") == "match_over" and view.get("winner") is not None:
            return self._about("mm.match_over", view["winner"])
        if self.ended_without_winner():
            return i18n.t("res.ended_early_short")
        if view.get("phase") in ("round_over", "match_over"):
            return i18n.t("mm.round_over", n=view.get("round_no", 1))
        return ""

    def round_label(self) -> str:
        limit = self.view.get("point_limit")
        return super().round_label() + (" · " + i18n.t("mm.limit", n=limit) if limit else "")

    def draw_under(self, surface) -> None:
        """A ring of arrows around the piles: clockwise (seat order) or counter-clockwise."""
        geom = self.table_layout
        d = self.view.get("direction", 1)
        ring = geom.pile.inflate(int(geom.pile.w * 0.45), int(geom.pile.h * 0.40))
        tmp = pygame.Surface(ring.size, pygame.SRCALPHA)
        pygame.draw.ellipse(tmp, (255, 255, 255, 14), tmp.get_rect())
        col = (255, 236, 170, 150)
        width = max(2, geom.pile_card[0] // 22)
        box = tmp.get_rect().inflate(-width * 2, -width * 2)
        cx, cy = box.center
        rx, ry = box.w / 2, box.h / 2
        for k in range(3):                       # three arcs with arrow heads
            a0 = k * 2 * math.pi / 3 + 0.35
            a1 = a0 + 2 * math.pi / 3 - 0.7
            pts = [(cx + rx * math.cos(a0 + (a1 - a0) * i / 16), cy + ry * math.sin(a0 + (a1 - a0) * i / 16))
                   for i in range(17)]
            pygame.draw.lines(tmp, col, False, pts, width)
            # head at the end in the direction of play (screen y grows down: +angle is clockwise)
            tip_a = a1 if d == 1 else a0
            back_a = tip_a - 0.22 * d
            tip = (cx + rx * math.cos(tip_a), cy + ry * math.sin(tip_a))
            base = (cx + rx * math.cos(back_a), cy + ry * math.sin(back_a))
            dx, dy = tip[0] - base[0], tip[1] - base[1]
            ln = math.hypot(dx, dy) or 1
            nx, ny = -dy / ln, dx / ln
            hs = width * 3.2
            head = [tip, (base[0] + nx * hs, base[1] + ny * hs), (base[0] - nx * hs, base[1] - ny * hs)]
            pygame.draw.polygon(tmp, col, head)
        surface.blit(tmp, ring.topleft)

    def seat_lines(self, seat: int) -> SeatLines:
        """A seat's card: the cards in hand, the points so far (Σ; on phones a line of its own),
        "fertig" / "setzt aus" / "Mau!" on its edge."""
        view = self.view
        geom = self.table_layout
        out = seat in view.get("places", []) and view.get("phase") in ("play", "drawn")
        count = view["counts"][seat]
        note = ""
        if self.rules and self.rules.scoring == "points" and view.get("round_points"):
            note = f"Σ {view['totals'][seat]}"
        called = (view.get("called") or [""] * view["n"])[seat]
        tags = []
        if out:
            tags.append(Tag(i18n.t("mm.out"), theme.GOLD, theme.BTN_PRIMARY_TEXT))
        elif self.skipped == seat:
            tags.append(Tag(i18n.t("mm.skipped"), (190, 80, 40)))
        elif called == "mau" and count == 1:
            tags.append(Tag(i18n.t("mm.said_mau"), theme.INFO))
        phone = geom is not None and geom.portrait
        return SeatLines(count=count or None, note=note, note_lines=geom.title_lines if phone else 0, tags=tags,
                         dim=out)

    def _draw_piles(self, surface) -> None:
        geom = self.table_layout
        view = self.view
        p = geom.pile
        pcw = min(geom.pile_card[0], int(p.w / 2.95))     # draw pile, gap, fanned discard and the wish badge
        pch = int(pcw * layout.CARD_RATIO)
        gap = max(8, pcw // 5)
        fan = max(6, pcw // 5)
        total_w = pcw + gap + pcw + 2 * fan
        x0 = p.centerx - (total_w + int(pcw * 0.3)) // 2
        y = p.centery - pch // 2
        # draw pile
        draw_r = pygame.Rect(x0, y, pcw, pch)
        cnt = view.get("draw_count", 0)
        if cnt:
            back = cardart.back_surface((pcw, pch))
            for k in range(min(3, cnt) - 1, -1, -1):
                surface.blit(back, (draw_r.left - 2 * k, draw_r.top - 2 * k))
        else:
            pygame.draw.rect(surface, (255, 255, 255), draw_r, 2, border_radius=max(4, pcw // 10))
        lab = pygame.Rect(draw_r.left - 8, draw_r.bottom + 2, pcw + 16, int(geom.px["small"] * 1.4))
        draw_text(surface, str(cnt), lab, geom.px["small"], theme.TEXT_DIM, bold=True, min_px=9)
        # discard pile: the last three cards fanned, the top one right-most
        disc = view.get("discard", [])[-3:]
        dx = draw_r.right + gap
        top_r = None
        for i, cid in enumerate(disc):
            rr = pygame.Rect(dx + i * fan, y + (len(disc) - 1 - i) * 0, pcw, pch)
            theme.shadow(surface, rr, radius=max(4, pcw // 10))
            surface.blit(self._card_img(cid, (pcw, pch)), rr.topleft)
            top_r = rr
        # pending seven penalty: a red "+N" badge on the draw pile
        pend = view.get("pending", 0)
        if pend:
            rad = max(16, int(pcw * 0.42))
            c = (draw_r.centerx, draw_r.centery)
            pygame.draw.circle(surface, theme.DANGER, c, rad)
            pygame.draw.circle(surface, (255, 255, 255), c, rad, max(2, rad // 10))
            draw_text(surface, f"+{pend}", pygame.Rect(c[0] - rad, c[1] - rad, 2 * rad, 2 * rad),
                      int(rad * 0.95), (255, 255, 255), bold=True, min_px=10)
        # the wish: a big badge with the suit symbol beside the top card, and its name
        wish = view.get("wish")
        if wish and top_r is not None:
            if geom.portrait:      # phones: above the discard pile (the sides hold seat boxes)
                rad = max(20, int(pcw * 0.55))
                c = (top_r.centerx, top_r.top - rad - int(geom.px["small"] * 1.6) - 6)
            else:
                rad = max(18, int(pcw * 0.46))
                c = (top_r.right - int(rad * 0.2), top_r.top + int(rad * 0.7))
            if c[0] + rad > geom.w - 4:
                c = (geom.w - 4 - rad, c[1])
            pygame.draw.circle(surface, (0, 0, 0, 90), (c[0] + 2, c[1] + 3), rad)
            pygame.draw.circle(surface, theme.CARD_FACE, c, rad)
            pygame.draw.circle(surface, theme.ACCENT, c, rad, max(3, rad // 7))
            sym = cardart.suit_symbol(wish, int(rad * 1.15))
            surface.blit(sym, (c[0] - sym.get_width() // 2, c[1] - sym.get_height() // 2))
            wl = pygame.Rect(0, 0, max(pcw * 2, 2 * rad + 40), int(geom.px["small"] * 1.5))
            wl.midtop = (c[0], c[1] + rad + 2)
            wl.clamp_ip(pygame.Rect(0, 0, geom.w, geom.h))
            label = i18n.t("mm.wish") + ": " + suit_label(wish)
            tw = fonts.width(label, geom.px["small"], True) + 14
            pill = pygame.Rect(0, 0, min(wl.w, tw), wl.h)
            pill.center = wl.center
            pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.h // 2)
            draw_text(surface, label, pill.inflate(-6, 0), geom.px["small"], theme.BTN_PRIMARY_TEXT, bold=True, min_px=8)

    def _draw_hint(self, surface) -> None:
        if self.view.get("phase") not in ("play", "drawn"):
            return
        text, col = self.turn_hint()
        self.draw_hint(surface, text, col, bold=self.my_turn)

    def turn_hint(self) -> tuple[str, tuple]:
        """The line above the hand: what this seat can do now (or whom it waits for), and its colour."""
        view = self.view
        text, col = "", theme.TEXT
        kinds = {m["kind"] for m in self._legal()}
        pend = view.get("pending", 0)
        if self.my_turn:
            if self.chosen is not None:
                text = i18n.t("mm.hint_chosen")
            elif view.get("phase") == "drawn":
                text = i18n.t("mm.hint_drawn")
            elif pend:
                text = i18n.t("mm.hint_seven" if self.playable else "mm.hint_seven_draw", n=pend)
                col = (255, 170, 160)
            elif not self.playable:
                text = i18n.t("mm.hint_nothing")
            elif view.get("wish"):
                text = i18n.t("mm.wished", suit=suit_label(view["wish"]))
            else:
                text = i18n.t("mm.hint_play" if "draw" in kinds else "mm.hint_must_play")
            col = theme.ACCENT if not pend else col
        elif view.get("to_move") is not None:
            text, col = i18n.t("mm.hint_wait", name=self._name(view["to_move"])), theme.TEXT_DIM
        return text, col

    def _draw_hand(self, surface) -> None:
        """As at the Präsident table: what does not fit is dimmed on turn, the raised card
        stands out of the hand, highlighted; the card being dragged follows the finger."""
        geom = self.table_layout
        mine = self.my_turn and not self.pending
        faces = {c % 32 for c in self.playable}
        for i, (cid, rr) in enumerate(self.hand_rects().items()):
            lit = mine and (cid in self.playable or cid % 32 in faces)
            drawn = self.view.get("drawn") == cid
            theme.shadow(surface, rr, radius=max(4, geom.card[0] // 10))
            surface.blit(self._card_img(cid, geom.card, dim=mine and not lit), rr.topleft)
            if cid == self.chosen:
                surface.blit(cardart.highlight_surface(geom.card), (rr.x - 3, rr.y - 3))
            if drawn:
                pygame.draw.rect(surface, theme.INFO, rr.inflate(4, 4), 3, border_radius=max(5, geom.card[0] // 9))
            if i == self.focus:
                pygame.draw.rect(surface, (255, 255, 255), rr.inflate(6, 6), 2, border_radius=max(5, geom.card[0] // 9))
        self.draw_dragged(surface)

    def _draw_fx(self, surface) -> None:
        if not self.fx:
            return
        geom = self.table_layout
        text = self.fx[-1][0]
        r = geom.fx
        tw = min(r.w, fonts.width(text, geom.px["big"], True) + 40)
        box = pygame.Rect(0, 0, tw, r.h)
        # above the pile if that is free of the seat boxes, else below it (above the hint),
        # else over the pile: an announcement never covers who it is about
        seats = [sr for sr in geom.seats if sr is not None]
        below = min(geom.hint.top - 4 - r.h // 2, geom.pile.bottom + r.h // 2 + max(4, geom.px["body"]))
        for cy in (geom.pile.top - r.h // 2 - 4, below, geom.pile.centery):
            box.center = (geom.table.centerx, cy)
            if box.top >= geom.top_bar.bottom and box.bottom <= geom.hint.top and box.collidelist(seats) < 0:
                break
        self.fx_rect = pygame.Rect(box)     # (tests: it leaves the seat boxes free)
        theme.panel(surface, box, (0, 0, 0), alpha=150, radius=box.h // 2)
        draw_text(surface, text, box.inflate(-20, -4), geom.px["big"], theme.ACCENT, bold=True, min_px=12)

    def _draw_picker(self, surface) -> None:
        geom = self.table_layout
        shade = pygame.Surface((geom.w, geom.h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        if self.suit_btns:
            theme.panel(surface, self.picker_rect, (6, 30, 18), alpha=250, radius=16, border=theme.ACCENT,
                        border_width=2)
            size, wrap = self.picker_font
            draw_text(surface, i18n.t("mm.pick_suit"), self.picker_title, size, theme.TEXT, bold=True,
                      wrap=wrap, max_lines=2, min_px=12)
            self.cancel_btn.draw(surface)
        for i, b in enumerate(self.suit_btns):
            b.draw(surface)
            r = b.rect
            sym = cardart.suit_symbol(b.suit, int(min(r.w, r.h) * 0.5))
            surface.blit(sym, (r.centerx - sym.get_width() // 2, r.top + int(r.h * 0.12)))
            # the keys 1-4 pick a suit: their numbers where a keyboard is in use, not on a phone
            label = f"{i + 1} · {suit_label(b.suit)}" if self.keys_shown else suit_label(b.suit)
            draw_text(surface, label, pygame.Rect(r.left + 2, r.bottom - int(r.h * 0.3), r.w - 4, int(r.h * 0.26)),
                      geom.px["small"], theme.BTN_SECONDARY_TEXT, bold=True, min_px=10)

    def _result_notes(self) -> list[str]:
        """The lines under the results: how a tied match was decided, what Σ means."""
        view = self.view
        notes = []
        if view.get("phase") == "match_over" and view.get("winner") is not None:
            tie = match_tie_break(view, self.rules.scoring == "points")
            if tie:
                notes.append(i18n.t(tie))
        elif self.ended_without_winner():
            notes.append(i18n.t("res.no_round"))
        if self.rules.scoring == "points":
            notes.append(i18n.t("mm.points_note"))
        if self.hint_tally():
            notes.append(self.hint_tally())      # the hints taken in the match (felt.ui.table_hint)
        return notes

    def _results_layout(self) -> tuple:
        """(panel, row height, heading height, notes' height, the round controls' column or
        None) of the results panel."""
        geom = self.table_layout
        view = self.view
        n = view["n"]
        panel = pygame.Rect(0, 0, min(geom.table.w - layout.dp(16), layout.dp(600 * min(geom.unit, 1.6))), 0)
        row_h = max(int(geom.px["body"] * 2.3), layout.dp(34))
        head_h = int(geom.px["title"] * 2.2)
        notes = self._result_notes()
        note_h = sum(len(_note_lines(t, panel.w - 24, geom.px["small"])) for t in notes) \
            * fonts.line_height(geom.px["small"]) + (6 if notes else 0)
        panel.h = head_h + row_h * (n + 1) + 16 + note_h
        panel.center = (geom.table.centerx, (geom.top_bar.bottom + geom.hand.top) // 2)
        panel.top = max(geom.top_bar.bottom + 6, panel.top)
        if geom.portrait:
            # phones: under the side seats' boxes (their names and totals stay readable),
            # rows a little tighter if the room above the buttons is short
            side = [self.seat_rect(s) for s in range(n)]
            side = [r for r in side if r is not None and r.top > geom.top_bar.bottom + 20
                    and r.colliderect(panel.inflate(0, 4 * row_h))]
            if side:
                top = max(r.bottom for r in side) + 8
                bottom = min(geom.hand.top, geom.play_btn.top) - 6
                room = bottom - top
                if room >= head_h + 24 * (n + 1) + 16 + note_h:
                    row_h = min(row_h, (room - head_h - 16 - note_h) // (n + 1))
                    panel.h = head_h + row_h * (n + 1) + 16 + note_h
                    panel.top = top
            return panel, row_h, head_h, note_h, None
        controls = geom.pass_btn.union(geom.play_btn)
        if panel.bottom <= controls.top - 6:
            return panel, row_h, head_h, note_h, None
        # wider than high and too low for the results above the buttons (a phone turned
        # sideways): the results from the top bar down, the buttons in a column beside them
        dp = layout.dp
        rc = self.round_controls
        col_w = max(dp(150), max(fonts.width(b.text, geom.px["button"], True) for b in (rc.leave_btn, rc.next_btn, rc.new_btn, rc.replay_btn)) + dp(28))
        top, bottom = geom.top_bar.bottom + 6, geom.h - 8
        fixed = head_h + 16 + note_h
        row_h = max(dp(22), min(row_h, (bottom - top - fixed) // (n + 1)))
        panel.h = min(fixed + row_h * (n + 1), bottom - top)
        panel.w = min(panel.w, geom.w - col_w - dp(40))
        panel.top = top
        panel.centerx = (geom.w - col_w - dp(8)) // 2
        col_h = 2 * geom.play_btn.h + dp(8)
        side = pygame.Rect(panel.right + dp(12), bottom - col_h, min(col_w, geom.w - panel.right - dp(20)), col_h)
        return panel, row_h, head_h, note_h, side

    def _draw_results(self, surface) -> None:
        """Round over: every seat's place, remaining cards and points, and the running total.
        Match over: the winner, every round's points and the totals (best first). Under them:
        how a tie was decided and what the points are."""
        geom = self.table_layout
        view = self.view
        n = view["n"]
        over = view.get("phase") == "match_over"
        points = self.rules.scoring == "points"
        rounds = view.get("round_points") or []
        panel, row_h, head_h, note_h, _side = self._results_layout()
        self.result_rect = pygame.Rect(panel)        # (tests: it leaves the seat boxes free)
        theme.panel(surface, panel, (6, 28, 16), alpha=250, radius=16, border=theme.GOLD, border_width=2)
        title = self.phase_line()
        draw_text(surface, title, pygame.Rect(panel.left + 12, panel.top + 6, panel.w - 24, head_h - 8),
                  geom.px["title"], theme.GOLD, bold=True, min_px=12)
        x = panel.left + 12
        w = panel.w - 24
        y = panel.top + head_h
        if over:
            shown_rounds = rounds[-6:] if points else []
            first = len(rounds) - len(shown_rounds)
            k = len(shown_rounds)
            cols = [0.40] + [0.42 / max(1, k)] * k + [0.18] if k else [0.6, 0.4]
            heads = [i18n.t("mm.col_name")] + [str(first + j + 1) for j in range(k)] + \
                [i18n.t("mm.col_total") if points else i18n.t("mm.col_firsts")]
            order = match_order(view, points)
        else:
            cols = [0.36, 0.30, 0.17, 0.17]   # name, cards left, round, total (or 1st places)
            heads = [i18n.t("mm.col_name"), "", i18n.t("mm.col_round") if points else "",
                     i18n.t("mm.col_total") if points else i18n.t("mm.col_firsts")]
            order = (view.get("history") or [list(range(n))])[-1]
        xs = [x]
        for c in cols[:-1]:
            xs.append(xs[-1] + int(w * c))
        for j, htxt in enumerate(heads):
            draw_text(surface, htxt, pygame.Rect(xs[j], y, int(w * cols[j]) - 4, row_h), geom.px["small"], theme.TEXT_DIM,
                      align="left" if j == 0 or (j == 1 and not over) else "right", bold=True, min_px=8)
        rp = rounds[-1] if rounds else [0] * n
        shown = view.get("hands_shown") or [[] for _ in range(n)]
        for i, seat in enumerate(order):
            yy = y + row_h * (i + 1)
            if i % 2 == 0:
                theme.panel(surface, pygame.Rect(x - 4, yy, w + 8, row_h), (255, 255, 255), alpha=14, radius=6)
            win = over and seat == view.get("winner")
            draw_text(surface, f"{i + 1}. {self._label(seat)}", pygame.Rect(xs[0], yy, int(w * cols[0]) - 4, row_h),
                      geom.px["body"], theme.GOLD if win else theme.TEXT, align="left", bold=win, min_px=9)
            tot = view["totals"][seat] if points else view["standings"][seat][0]
            if over:
                for j, row in enumerate(rounds[-6:] if points else []):
                    draw_text(surface, str(row[seat]), pygame.Rect(xs[1 + j], yy, int(w * cols[1 + j]) - 4, row_h),
                              geom.px["body"], theme.TEXT_DIM, align="right", min_px=8)
            else:
                cards = shown[seat][:8]
                ch = row_h - 6
                ccw = max(10, int(ch / layout.CARD_RATIO))
                room = int(w * cols[1]) - 4
                step = max(6, min(ccw + 2, (room - ccw) // max(1, len(cards) - 1))) if len(cards) > 1 else ccw
                for kk, cid in enumerate(cards):
                    surface.blit(self._card_img(cid, (ccw, ch)), (xs[1] + kk * step, yy + 3))
                if points:
                    draw_text(surface, str(rp[seat]), pygame.Rect(xs[2], yy, int(w * cols[2]) - 4, row_h),
                              geom.px["body"], theme.TEXT, align="right", min_px=9)
            draw_text(surface, str(tot), pygame.Rect(xs[-1], yy, int(w * cols[-1]) - 4, row_h), geom.px["body"],
                      theme.GOLD if win else theme.TEXT, align="right", bold=True, min_px=9)
        y = panel.bottom - 8 - note_h + 6
        for note in self._result_notes():
            lines = _note_lines(note, w, geom.px["small"])
            lh = fonts.line_height(geom.px["small"]) * len(lines)
            draw_text(surface, note, pygame.Rect(x, y, w, lh), geom.px["small"], theme.TEXT_DIM, align="left", wrap=True,
                      min_px=10)
            y += lh


def _note_lines(text: str, w: int, px: int) -> tuple:
    """The lines ``text`` takes wrapped to ``w`` at ``px`` (a note under the results)."""
    return layout_text(text, w, 10_000, px, wrap=True, min_px=px)[1]


def match_tie_break(view: dict, points: bool) -> str | None:
    """The text key saying how the match winner was decided when the first criterion tied
    (points: then more rounds won, then the last round; places: 2nd places, then the last
    round), or None when there was no tie."""
    from felt.ui.standings import places_keys, tie_break
    n = view["n"]
    if not points:
        return tie_break(places_keys(view), view.get("winner"), ("res.tie_seconds", "res.tie_last"))
    last = (view.get("history") or [list(range(n))])[-1]
    pos = {seat: i for i, seat in enumerate(last)}
    keys = {s: (view["totals"][s], -view["wins"][s], pos.get(s, n)) for s in range(n)}
    return tie_break(keys, view.get("winner"), ("mm.tie_wins", "mm.tie_last"))

"""The card exchange between rounds (RULES.md §8).

- Upper places (1st, 2nd) see the cards they received and choose what to give back
  (exactly as many); with schnorren on they first see the lower place's wish.
- Lower places see what they gave (their highest cards, automatic) and, once given
  back, what they got; with schnorren on they send a wish (up to 3 ranks, or none).
- Middle places see that they do not exchange.

The shell talks to it as to every table (``felt.ui.game_table.GameTableScene``). The host's
turn timer runs in the exchange too: when it runs for me, a countdown ring stands beside
my action (the Give button, or the wish buttons); when it runs for the seat I wait for, a
small ring follows the "waiting for" line. It redraws only when the whole second shown
changes.
"""
from __future__ import annotations

import pygame

from felt.games.praesident.table_scene import Table, seat_name
from felt.ui import cardart, fonts, i18n, layout, theme
from felt.ui.game_table import GameTableScene
from felt.ui.layout import dp
from felt.ui.scene import KEY, PRESS, RELEASE, Input
from felt.ui.sound import Sounds
from felt.ui.widgets import Button, draw_text, layout_text

MAX_WISH = 3


class ExchangeScene(GameTableScene):
    screen = "exchange"
    shows_results = False
    shows_log = False
    game_id = "praesident"
    turn_phases = ()                # the top bar says "Kartentausch"; the hint line whose turn it is

    def __init__(self, view: dict | None = None, names: list[str] | None = None, **kw) -> None:
        super().__init__(None, names, **kw)
        if self.sounds is None:
            self.sounds = Sounds()
        self.table: Table | None = None
        self.selected: set[int] = set()
        self.wish: list[str] = []
        self.hand: list[int] = []
        self.table_layout: layout.TableLayout | None = None
        self._slots: list[pygame.Rect] = []
        self._chips: list[tuple[str, pygame.Rect]] = []
        self._panels: list = []
        self._wish_label = None
        self._press_chip = None
        self._ring: pygame.Rect | None = None   # my countdown beside the action buttons
        self._ring_mine = False             # whether the layout has room made for it
        self.give_btn = Button(i18n.t("ex.give"), self.give, kind="primary", hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER))
        self.wish_btn = Button(i18n.t("ex.wish_send"), self.send_wish, kind="primary", hotkeys=(pygame.K_RETURN,))
        self.nowish_btn = Button(i18n.t("ex.wish_none"), self.send_no_wish, kind="secondary")
        if view is not None:
            self.set_view(view, ())

    # ----------------------------------------------------------------- state
    def task(self) -> tuple[str, int, int, int] | None:
        """My pending exchange task (kind, me, partner, count), if it is my turn."""
        return self.task_in(self.view)

    @staticmethod
    def task_in(view: dict) -> tuple[str, int, int, int] | None:
        """The exchange task a view gives its seat, if it is that seat's turn."""
        pend = view.get("exchange_pending") or []
        if pend and view.get("phase") == "exchange" and view.get("to_move") == view.get("seat"):
            t = pend[0]
            return t[0], t[1], t[2], t[3]
        return None

    def set_view(self, view: dict, events=()) -> None:
        # the same state again (the host re-sends it when only the turn timer changed): a
        # move already sent is still on its way
        still_sent = self.pending and view == self.view and not events
        super().set_view(view, events)
        if still_sent:
            self.pending = True
            self.refresh_controls()

    def show_view(self, view: dict, events: list) -> None:
        if self.table is None or self.table.rules_dict != view.get("rules"):
            self.table = Table(view["rules"])
        self.hand = self.table.sort_hand(view.get("hand", []))
        self.selected &= set(self.hand)
        for ev in events:
            if ev.get("type") == "wish" and ev.get("to") == self.seat:
                self.toast.show(i18n.t("ex.wish_from", name=self._name(ev.get("seat")),
                                       ranks=self._ranks_text(ev.get("ranks") or [])), 3.0)
            elif ev.get("type") == "give" and ev.get("to") == self.seat:
                self.play_sound("deal")
        if self.table_layout is not None:
            self._relayout()
            if self._my_timer() != self._ring_mine:
                self._place_buttons()

    # ------------------------------------------------------------ turn timer
    def set_timer(self, timer: dict | None) -> None:
        super().set_timer(timer)
        if self.table_layout is not None and self._my_timer() != self._ring_mine:
            self._place_buttons()

    def _my_timer(self) -> bool:
        """The timer runs for me, and I have something to choose."""
        return self.countdown.timer is not None and self.seat is not None \
            and self.countdown.seat == self.seat and self.task() is not None

    def give(self) -> None:
        t = self.task()
        if self.pending or not t or t[0] != "give" or len(self.selected) != t[3]:
            return
        cards = [c for c in self.hand if c in self.selected]
        self.selected.clear()
        self.submit({"kind": "give", "cards": cards})

    def send_wish(self) -> None:
        t = self.task()
        if self.pending or not t or t[0] != "wish":
            return
        self.submit({"kind": "wish", "ranks": list(self.wish)})
        self.toast.show(i18n.t("ex.wish_sent"), 1.5)

    def send_no_wish(self) -> None:
        self.wish = []
        self.send_wish()

    def _name(self, seat) -> str:
        if seat == self.seat:
            return i18n.t("lobby.you")
        return seat_name(self.names, seat) if seat is not None else "?"

    def _ranks_text(self, ranks) -> str:
        return ", ".join(i18n.rank_name(r) for r in ranks) if ranks else "–"

    def refresh_controls(self) -> None:
        t = self.task()
        giving = bool(t and t[0] == "give")
        self.give_btn.visible = giving
        self.give_btn.enabled = giving and not self.pending and len(self.selected) == t[3]
        self.give_btn.badge = f"{len(self.selected)}/{t[3]}" if giving else ""
        wishing = bool(t and t[0] == "wish")
        self.wish_btn.visible = self.nowish_btn.visible = wishing
        self.wish_btn.enabled = wishing and not self.pending and bool(self.wish)
        self.nowish_btn.enabled = wishing and not self.pending
        self.give_btn.text = i18n.t("ex.give")
        self.wish_btn.text = i18n.t("ex.wish_send")
        self.nowish_btn.text = i18n.t("ex.wish_none")

    # ---------------------------------------------------------------- layout
    def layout(self, w: int, h: int) -> None:
        n = int(self.view.get("n", 4)) if self.view else 4
        self.table_layout = geom = layout.table_layout(w, h, n - 1, len(self.hand))
        self.place_header(w, h)
        self._place_buttons()
        for b in (self.give_btn, self.wish_btn, self.nowish_btn):
            b.px = geom.px["button"]
        self.toast.set_rect(geom.toast)
        self.toast.px = geom.px["label"]
        self._relayout()

    def _place_buttons(self) -> None:
        """The action row (Give, or No wish + Send wish); with my timer running, a
        countdown ring as high as the buttons stands at its left: outside the row where
        the window is wide enough, else the buttons give up the room."""
        geom = self.table_layout
        row = geom.play_btn.union(geom.pass_btn)
        gap = max(6, geom.play_btn.left - geom.pass_btn.right)
        self._ring = None
        self._ring_mine = self._my_timer()
        if self._ring_mine:
            d = max(dp(28), min(row.h, dp(72)))
            ring = pygame.Rect(0, 0, d, d)
            ring.centery = row.centery
            if row.left - geom.hint.left >= d + gap:
                ring.right = row.left - gap
            else:
                ring.left = row.left
                row = pygame.Rect(row.left + d + gap, row.top, row.w - d - gap, row.h)
            self._ring = ring
        self.give_btn.set_rect(row)
        half = (row.w - gap) // 2
        self.nowish_btn.set_rect(pygame.Rect(row.left, row.top, half, row.h))
        self.wish_btn.set_rect(pygame.Rect(row.right - half, row.top, half, row.h))

    def _relayout(self) -> None:
        geom = self.table_layout
        if layout.hand_rows_needed(geom.w, geom.h, len(self.hand)) != geom.hand_rows:
            self.layout(geom.w, geom.h)
            return
        self._slots = layout.hand_slots(geom.hand, geom.card, len(self.hand))
        self._plan()

    def hand_rects(self) -> dict[int, pygame.Rect]:
        return {c: (self.raised(r) if c in self.selected else r) for c, r in zip(self.hand, self._slots)}

    # ----------------------------------------------------------------- input
    def seat_places(self) -> list:
        return []                       # the exchange shows no seat cards

    def card_tapped(self, cid: int) -> None:
        """A tap raises a card to give back (as many as owed: one more replaces the oldest, which
        keeps the count right on small screens), a second tap lowers it."""
        t = self.task()
        if not (t and t[0] == "give") or self.pending:
            return
        if cid in self.selected:
            self.selected.discard(cid)
        elif len(self.selected) < t[3]:
            self.selected.add(cid)
        else:
            self.selected.pop()
            self.selected.add(cid)
        self.refresh_controls()
        self.mark_dirty()

    def handle(self, inp: Input) -> None:
        if self.handle_header(inp) or self.dispatch(inp, (self.give_btn, self.wish_btn, self.nowish_btn)):
            return
        if self.handle_cards(inp):
            return
        t = self.task()
        if inp.kind == PRESS:
            self._press_chip = next((r for r, rect in self._chips if rect.collidepoint(inp.pos)), None)
        elif inp.kind == RELEASE:
            chip = next((r for r, rect in self._chips if rect.collidepoint(inp.pos)), None)
            if chip is not None and chip == self._press_chip and t and t[0] == "wish":
                if chip in self.wish:
                    self.wish.remove(chip)
                elif len(self.wish) < MAX_WISH:
                    self.wish.append(chip)
                self.refresh_controls()
                self.mark_dirty()
            self._press_chip = None
        elif inp.kind == KEY and inp.key == pygame.K_ESCAPE:
            self.selected.clear()
            self.refresh_controls()
            self.mark_dirty()

    def animating(self) -> bool:
        return self.cue_animating()

    def phase_line(self) -> str:
        return i18n.t("ex.title")

    def clear_selection(self) -> None:
        """No card to give raised, no rank wished (a Tipp picks its own)."""
        self.selected.clear()
        self.wish = []
        self.refresh_controls()
        self.mark_dirty()

    def hint_tap(self, step) -> bool:
        """A rank chip is picked as a tap picks it (a wish of the Tipp's)."""
        if step[0] == "chip":
            if step[1] not in self.wish and len(self.wish) < MAX_WISH:
                self.wish.append(step[1])
            self.refresh_controls()
            return True
        return super().hint_tap(step)

    def selected_cards(self) -> list[int]:
        return sorted(self.selected)

    # the cards by id, for their names (the log's deck: felt.ui.table_log)
    def log_deck_size(self) -> int:
        return len(self.table.deck) if self.table is not None else 0

    def log_card(self, cid):
        return self.table.card(cid) if self.table is not None and isinstance(cid, int) \
            and 0 <= cid < len(self.table.deck) else None

    # the phone page's screen-reader layer (felt.ui.a11y)
    def a11y_text(self) -> list[str]:
        """The exchange in sentences: what to do (or whom it waits for), every exchange of this
        seat with its cards named (given, got) and the wish."""
        from felt.ui.a11y import card_name
        t = self.task()
        out = []
        if t and t[0] == "give":
            out.append(i18n.t("ex.give_choose", n=t[3], name=self._name(t[2])))
        elif t and t[0] == "wish":
            out.append(i18n.t("ex.wish_title"))
        else:
            pend = self.view.get("exchange_pending") or []
            out.append(i18n.t("ex.waiting_for", name=self._name(pend[0][1])) if pend else
                       i18n.t("ex.done") if self.view.get("exchange") else i18n.t("ex.middle"))
        for info in self.view.get("exchange") or []:
            for label, cards in self._info_rows(info):
                names = ", ".join(card_name(self, c) for c in cards) or "–"
                out.append(f"{label}: {names}")
            wish = self._wish_text(info)
            if wish:
                out.append(wish)
        return out

    def a11y_taps(self) -> list[tuple[list, str, bool]]:
        """The ranks to wish for (schnorren), named in words, picked or not."""
        t = self.task()
        if not (t and t[0] == "wish"):
            return []
        return [(["chip", r], i18n.rank_name(r), r in self.wish) for r, _rect in self._chips]

    def tap_point(self, step):
        if step[0] == "chip":                   # a rank to wish for
            rect = next((r for rank, r in self._chips if rank == step[1]), None)
            return (int(rect.centerx), int(rect.centery)) if rect is not None else None
        return super().tap_point(step)

    def gesture(self, move: dict) -> list | None:
        """Give: the cards (a tap each), then "Geben". A wish: its ranks, then "Wünschen"
        (none: "Kein Wunsch")."""
        if move.get("kind") == "give":
            return [["card", c] for c in move.get("cards") or []] + [["widget", "give_btn"]]
        if move.get("kind") == "wish":
            ranks = list(move.get("ranks") or [])
            if not ranks:
                return [["widget", "nowish_btn"]]
            return [["chip", r] for r in ranks] + [["widget", "wish_btn"]]
        return None

    # ------------------------------------------------------------------ draw
    # ------------------------------------------------------------------ plan
    def _info_rows(self, info: dict) -> list[tuple[str, list]]:
        partner = self._name(info.get("partner"))
        got = (i18n.t("ex.got_from", name=partner), info.get("got") or [])
        gave = (i18n.t("ex.gave_to", name=partner), info.get("gave") or [])
        if info.get("role") == "upper":
            return [got] + ([gave] if info.get("gave") else [])
        return [gave, got]

    def _wish_text(self, info: dict) -> str | None:
        """The schnorren wish of this exchange: the upper place reads what the lower one
        wants; the lower place is reminded of what it asked for."""
        wish = info.get("wish")
        if wish is None:
            return None
        if info.get("role") == "upper":
            return i18n.t("ex.wish_from", name=self._name(info.get("partner")), ranks=self._ranks_text(wish))
        return i18n.t("ex.wish_mine", ranks=self._ranks_text(wish)) if wish else None

    def _plan(self) -> None:
        """Rects of the info panels and wish chips (layout, not drawing). The wish chips
        stand under the panels; in a short landscape window where the panels would fit
        above them only with tiny cards, the panels take the left half and the wish the
        right half."""
        geom = self.table_layout
        area = geom.table.inflate(-2 * max(dp(8), geom.w // 40), -dp(12))
        t = self.task()
        self._chips = []
        self._panels = []
        self._wish_label = None
        infos = self.view.get("exchange") or []
        panel_area, full = area, geom.portrait
        if t and t[0] == "wish":
            wish_h = self._plan_chips(area, centre=False)
            if not geom.portrait and area.w >= dp(480) and area.h - wish_h - dp(8) < self._panels_need(infos, 0.7):
                half = (area.w - dp(16)) // 2
                panel_area, full = pygame.Rect(area.left, area.top, half, area.h), True
                self._plan_chips(pygame.Rect(area.right - half, area.top, half, area.h), centre=True)
            else:
                panel_area = pygame.Rect(area.left, area.top, area.w, max(0, area.h - wish_h - dp(8)))
        self._plan_panels(panel_area, infos, full)

    def _plan_chips(self, area: pygame.Rect, centre: bool) -> int:
        """The wish label and rank chips in ``area``: at its bottom, or centred in it.
        Returns their height."""
        geom = self.table_layout
        ranks = list(self.table.rules.ranks)
        gap = dp(6)
        per_row = max(1, min(len(ranks), (area.w + gap) // (dp(46) + gap)))
        chip_w = min(dp(76), (area.w - gap * (per_row - 1)) // per_row)
        chip_h = max(dp(44), int(geom.px["label"] * 2.4))
        n_rows = -(-len(ranks) // per_row)
        lab_h = int(geom.px["label"] * 1.6)
        # lower chips where the height runs short (tiny landscape windows), still tappable
        chip_h = max(dp(32), min(chip_h, (area.h - lab_h - dp(4)) // n_rows - gap))
        wish_h = lab_h + dp(4) + n_rows * (chip_h + gap)
        top = area.top + max(0, (area.h - wish_h) // 2) if centre else area.bottom - wish_h
        self._chips = []
        self._wish_label = pygame.Rect(area.left, top, area.w, lab_h)
        y = top + lab_h + dp(4)
        for row in range(n_rows):
            row_ranks = ranks[row * per_row:(row + 1) * per_row]
            x0 = area.left + (area.w - (len(row_ranks) * (chip_w + gap) - gap)) // 2
            for i, r in enumerate(row_ranks):
                self._chips.append((r, pygame.Rect(x0 + i * (chip_w + gap), y, chip_w, chip_h)))
            y += chip_h + gap
        return wish_h

    def _panel_need(self, rows, wish_line: bool, card_h: int) -> int:
        lab_h = int(self.table_layout.px["label"] * 1.5)
        return len(rows) * (lab_h + card_h + dp(6)) + dp(12) + (lab_h if wish_line else 0)

    def _panels_need(self, infos, scale: float = 1.0) -> int:
        """Height of all info panels with their cards at ``scale`` of the full size."""
        card_h = int(self.table_layout.pile_card[1] * scale)
        return sum(self._panel_need(self._info_rows(i), self._wish_text(i) is not None, card_h) + dp(10)
                   for i in infos)

    def _plan_panels(self, area: pygame.Rect, infos, full: bool) -> None:
        geom = self.table_layout
        lab_h = int(geom.px["label"] * 1.5)
        bottom = area.bottom
        y = area.top
        for info in infos:
            rows = self._info_rows(info)
            wish_line = self._wish_text(info) is not None
            card = geom.pile_card
            count = int(info.get("count", 1))
            avail = bottom - y
            need = self._panel_need(rows, wish_line, card[1])
            cols = 1
            if need > avail and avail > 0:
                wl = lab_h if wish_line else 0
                scale = (avail - dp(12) - len(rows) * (lab_h + dp(6)) - wl) / max(1, len(rows) * card[1])
                if scale < 0.7 and len(rows) > 1:
                    # short of height: the rows (gave / got) side by side, if their cards get bigger so
                    col_w = (area.w - dp(24) - dp(12) * (len(rows) - 1)) / len(rows)
                    side = min((avail - dp(12) - (lab_h + dp(6)) - wl) / card[1], (col_w + dp(6)) / (count * (card[0] + dp(6))))
                    if side > scale:
                        cols, scale = len(rows), side
                scale = max(0.45, min(1.0, scale))
                card = (int(card[0] * scale), int(card[1] * scale))
                need = self._panel_need(rows[:1] if cols > 1 else rows, wish_line, card[1])
            texts = [lbl for lbl, _ in rows]
            if wish_line:
                texts.append(self._wish_text(info))
            col_content = max([fonts.width(lbl, geom.px["label"], True) for lbl, _ in rows] + [count * (card[0] + dp(6))])
            content_w = max([fonts.width(tx, geom.px["label"], True) for tx in texts] + [count * (card[0] + dp(6))]) + dp(24)
            if cols > 1:
                content_w = max(content_w, cols * col_content + dp(12) * (cols - 1) + dp(24))
            pw = min(area.w, max(content_w, int(area.w * (1.0 if full else 0.5))))
            pr = pygame.Rect(area.centerx - pw // 2, y, pw, min(need, max(dp(40), bottom - y)))
            self._panels.append((info, pr, card, rows, wish_line, cols))
            y = pr.bottom + dp(10)

    # ------------------------------------------------------------------ draw
    def draw_table(self, surface: pygame.Surface) -> None:
        geom = self.table_layout
        t = self.task()
        if not self._panels:
            area = geom.table.inflate(-2 * max(dp(8), geom.w // 40), -dp(12))
            draw_text(surface, i18n.t("ex.middle"), pygame.Rect(area.left, area.top, area.w, area.h // 3),
                      geom.px["title"], theme.TEXT, wrap=True, max_lines=2)
        for info, pr, card, rows, wish_line, cols in self._panels:
            self._draw_info(surface, info, pr, card, rows, wish_line, cols)
        if self._wish_label is not None:
            draw_text(surface, i18n.t("ex.wish_title"), self._wish_label, geom.px["label"], theme.ACCENT, bold=True,
                      wrap=True, max_lines=2)
            for r, cr in self._chips:
                on = r in self.wish
                theme.panel(surface, cr, theme.BTN_PRIMARY if on else (8, 50, 28), alpha=240, radius=10,
                            border=theme.GOLD if on else theme.PANEL_BORDER, border_width=2)
                draw_text(surface, i18n.rank_label(r), cr, geom.px["title"],
                          theme.BTN_PRIMARY_TEXT if on else theme.TEXT, bold=True)
        if not t:
            pend = self.view.get("exchange_pending") or []
            if pend:
                txt = i18n.t("ex.waiting_for", name=self._name(pend[0][1]))
            else:
                txt = i18n.t("ex.done")
            if self.countdown.timer is not None and pend:
                self._draw_waiting_timer(surface, txt)
            else:
                self.draw_hint(surface, txt)
        elif t[0] == "give":
            k = t[3]
            msg = i18n.t("ex.give_choose", n=k, name=self._name(t[2]))
            self.draw_hint(surface, msg, theme.ACCENT, bold=True)
        for b in (self.give_btn, self.wish_btn, self.nowish_btn):
            b.draw(surface)
        if self._ring is not None and self._my_timer():
            self.countdown.draw_ring(surface, self._ring, emphasis=True)
        self._draw_hand(surface, t)

    def _waiting_ring(self, txt: str) -> tuple[pygame.Rect, pygame.Rect, int]:
        """Where the "waiting for" line and the small countdown after it go: (text rect,
        ring rect, font px), centred together in the hint line."""
        geom = self.table_layout
        d = max(dp(30), min(dp(44), int(geom.px["body"] * 2.4)))   # may stand out of the line: no buttons below
        gap = max(6, d // 3)
        size, lines = layout_text(txt, geom.hint.w - d - gap, geom.hint.h, geom.px["body"], min_px=9)
        tw = max((fonts.width(ln, size) for ln in lines), default=0)
        x = geom.hint.centerx - (tw + gap + d) // 2
        text_r = pygame.Rect(x, geom.hint.top, tw + dp(2), geom.hint.h)
        ring = pygame.Rect(0, 0, d, d)
        ring.left = text_r.right - dp(2) + gap
        ring.centery = geom.hint.centery
        return text_r, ring, size

    def _draw_waiting_timer(self, surface, txt: str) -> None:
        text_r, ring, size = self._waiting_ring(txt)
        draw_text(surface, txt, text_r, size, theme.TEXT_DIM, align="left", min_px=9)
        self.countdown.draw_ring(surface, ring, emphasis=False)

    def _info_rects(self, info: dict, pr: pygame.Rect, card, rows, wish_line, cols: int = 1):
        """Inside an info panel: the wish line's rect (or None) and, per row, its label
        rect and the rects of its cards (one under the other, or side by side)."""
        geom = self.table_layout
        lab_h = int(geom.px["label"] * 1.5)
        y = pr.top + dp(6)
        wish_r = None
        if wish_line:
            wish_r = pygame.Rect(pr.left + dp(12), y, pr.w - dp(24), lab_h)
            y += lab_h
        col_w = (pr.w - dp(24) - dp(12) * (cols - 1)) // cols
        top = y
        out = []
        for k, (_, cards) in enumerate(rows):
            x0 = pr.left + dp(12) + (k % cols) * (col_w + dp(12))
            if cols > 1:
                y = top
            lab = pygame.Rect(x0, y, col_w, lab_h)
            y += lab_h
            n = len(cards) if cards else int(info.get("count", 1))
            out.append((lab, [pygame.Rect(x0 + i * (card[0] + dp(6)), y, *card) for i in range(n)]))
            y += card[1] + dp(6)
        return wish_r, out

    def _draw_info(self, surface, info: dict, pr: pygame.Rect, card, rows, wish_line, cols: int = 1) -> None:
        geom = self.table_layout
        theme.panel(surface, pr, theme.PANEL, alpha=170, radius=12, border=theme.PANEL_BORDER, border_width=1)
        wish_r, placed = self._info_rects(info, pr, card, rows, wish_line, cols)
        if wish_r is not None:
            draw_text(surface, self._wish_text(info), wish_r, geom.px["label"], theme.GOLD, align="left", bold=True)
        for (label, cards), (lab, rects) in zip(rows, placed):
            draw_text(surface, label, lab, geom.px["label"], theme.TEXT, align="left", bold=True)
            if cards:
                for c, r in zip(cards, rects):
                    surface.blit(cardart.card_surface(self.table.card(c), card), r.topleft)
            else:
                for r in rects:
                    pygame.draw.rect(surface, (255, 255, 255), r, 2, border_radius=min(8, card[0] // 4))
                    draw_text(surface, "?", r, geom.px["title"], theme.TEXT_DIM, bold=True)

    def _draw_hand(self, surface, t) -> None:
        geom = self.table_layout
        rects = self.hand_rects()
        giving = bool(t and t[0] == "give")
        for c in self.hand:
            r = rects[c]
            surface.blit(cardart.shadow_surface(geom.card), (r.x - dp(2), r.y - 1))
            surface.blit(cardart.card_surface(self.table.card(c), geom.card), r.topleft)
            if c in self.selected:
                surface.blit(cardart.highlight_surface(geom.card), (r.x - dp(3), r.y - dp(3)))
        if giving:
            glow = geom.hand.inflate(dp(8), dp(8))
            pygame.draw.rect(surface, theme.ACCENT, glow, dp(2), border_radius=dp(18))

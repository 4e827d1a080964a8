"""Round results (places with titles) and match standings; the match winner at the end.

Interface: ``set_view(view, events)``; ``on_next()`` (the host starts the next round;
None shows 'waiting for the next round'); ``on_leave()``; ``on_new_match()``.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

import pygame

from felt.ui import fonts, i18n, layout, theme
from felt.ui.layout import dp
from felt.ui.scene import KEY, Input, Scene
from felt.games.praesident.table_scene import seat_name
from felt.ui.widgets import Button, draw_text


def ranking(view: dict) -> list[int]:
    """Seats by match standing: most 1st places, then 2nd, ... then the last round."""
    n = view.get("n", 0)
    st = view.get("standings") or [[0] * n for _ in range(n)]
    last = view.get("places") or (view.get("history") or [[]])[-1] if (view.get("history") or view.get("places")) else []
    pos = {s: i for i, s in enumerate(last)}
    return sorted(range(n), key=lambda s: tuple(-x for x in st[s]) + (pos.get(s, n),))


def places_keys(view: dict) -> dict:
    """Each seat's match standing as a key, best lowest: 1st places, 2nd places, the place in
    the last round (how the match winner is chosen when scoring by places)."""
    n = view.get("n", 0)
    st = view.get("standings") or [[0] * n for _ in range(n)]
    last = (view.get("history") or [list(range(n))])[-1]
    pos = {s: i for i, s in enumerate(last)}
    return {s: (-st[s][0], -(st[s][1] if n > 1 else 0), pos.get(s, n)) for s in range(n)}


def tie_break(keys: dict, winner, steps) -> str | None:
    """How ``winner`` came out on top of ``keys`` (seat -> standing, best lowest): None when
    its first criterion alone decided, else the text key in ``steps`` (one per further
    criterion; None for one that needs no words) of the criterion that did."""
    if winner is None or winner not in keys:
        return None
    others = [k for s, k in keys.items() if s != winner]
    mine = keys[winner]
    for i in range(len(mine)):
        if all(k[:i + 1] != mine[:i + 1] for k in others):
            return None if i == 0 else steps[min(i, len(steps)) - 1]
    return steps[-1]


class ResultsScene(Scene):
    def __init__(self, view: dict | None = None, names: list[str] | None = None,
                 on_next: Callable[[], Any] | None = None, on_leave: Callable[[], Any] | None = None,
                 on_new_match: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.view: dict = {}
        self.names = list(names or [])
        self.on_next = on_next
        self.on_leave = on_leave
        self.on_new_match = on_new_match
        self.next_btn = Button(i18n.t("res.next_round"), self._next, kind="primary",
                               hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))
        self.leave_btn = Button(i18n.t("leave"), self._leave, kind="secondary")
        self.S: layout.ScreenLayout | None = None
        self.wait_rect: pygame.Rect | None = None     # "waiting for the next round" (guests), beside "leave"
        self._shown = 0.0                   # seconds on screen (pacing: a next round waits for it)
        self.backlog = 0                    # states waiting behind this screen (the controller sets it)
        if view is not None:
            self.set_view(view, ())

    MIN_SHOW = 4.0

    def hold(self) -> float:
        """A next round that starts by itself waits until the results were up a few seconds."""
        return max(0.0, self.MIN_SHOW - self._shown)

    def update(self, dt: float) -> None:
        self._shown += dt

    def animating(self) -> bool:
        return self.backlog > 0 and self._shown < self.MIN_SHOW

    def set_view(self, view: dict, events: Iterable[dict] = ()) -> None:
        self.view = view
        self._refresh()
        if self.S is not None:           # the buttons shown may change with the phase
            self.layout(self.S.w, self.S.h)
        self.mark_dirty()

    @property
    def match_over(self) -> bool:
        return self.view.get("phase") == "match_over"

    def _refresh(self) -> None:
        if self.match_over:
            self.next_btn.text = i18n.t("res.new_match")
            self.next_btn.visible = self.on_new_match is not None
        else:
            self.next_btn.text = i18n.t("res.next_round")
            self.next_btn.visible = self.on_next is not None
        self.next_btn.enabled = True
        self.leave_btn.text = i18n.t("leave")
        self.leave_btn.visible = self.on_leave is not None

    def _next(self) -> None:
        # one tap deals once: a double tap sent a second "next round" that the host
        # refused with an error toast; the next view (or a refusal) enables it again
        self.next_btn.enabled = False
        self.mark_dirty()
        if self.match_over:
            if self.on_new_match:
                self.on_new_match()
        elif self.on_next:
            self.on_next()

    def _leave(self) -> None:
        if self.on_leave:
            self.on_leave()

    def layout(self, w: int, h: int) -> None:
        self.S = S = layout.screen_layout(w, h)
        btns = [b for b in (self.leave_btn, self.next_btn) if b.visible]
        waiting = not self.match_over and not self.next_btn.visible
        rects = layout.button_row(S.footer.inflate(0, -2 * S.margin), max(1, len(btns) + waiting), gap=S.margin,
                                  max_w=dp(320))
        for b, r in zip(btns, rects):
            b.set_rect(r)
            b.px = S.px["button"]
        # a guest waits for the host's next round: the line takes the next button's place
        self.wait_rect = rects[len(btns)] if waiting else None

    def handle(self, inp: Input) -> None:
        self.dispatch(inp, (self.next_btn, self.leave_btn))

    def _name(self, seat: int) -> str:
        nm = seat_name(self.names, seat)
        if seat == self.view.get("seat"):
            nm += f" ({i18n.t('lobby.you')})"
        return nm

    def draw(self, surface: pygame.Surface) -> None:
        S = self.S
        if S is None:
            return
        v = self.view
        surface.blit(theme.felt_background((S.w, S.h)), (0, 0))
        theme.panel(surface, S.header, (6, 30, 18), alpha=215, radius=0)
        n = v.get("n", 0)
        titles = v.get("titles") or []
        if self.match_over:
            title = i18n.t("res.match_over")
        else:
            title = i18n.t("res.title", n=v.get("round_no", 1))
        draw_text(surface, title, S.header.inflate(-2 * S.margin, 0), S.px["title"], theme.TEXT, bold=True)
        c = S.content
        y = c.top + S.margin // 2
        places = v.get("places") or []
        if self.match_over:
            w = v.get("winner")
            if w is None and n:
                w = ranking(v)[0]
            bh = int(S.px["big"] * 2.2)
            band = pygame.Rect(c.left, y, c.w, bh)
            theme.panel(surface, band, (60, 40, 0), alpha=220, radius=14, border=theme.GOLD, border_width=2)
            self._crown(surface, (band.left + bh // 2 + dp(4), band.centery), bh // 4)
            draw_text(surface, i18n.t("res.winner", name=seat_name(self.names, w) if w is not None else "?"),
                      band.inflate(-bh - dp(16), -dp(6)).move(bh // 2 - dp(8), 0), S.px["big"], theme.GOLD, bold=True, min_px=12)
            y = band.bottom + S.margin // 2
            tie = tie_break(places_keys(v), w, ("res.tie_seconds", "res.tie_last"))
            if tie:                     # equal 1st places: say what decided
                th = int(S.px["body"] * 1.6)
                draw_text(surface, i18n.t(tie), pygame.Rect(c.left, y, c.w, th), S.px["body"], theme.GOLD,
                          align="left", min_px=10)
                y += th
            y += S.margin // 2
        # places of the (last) round, and the standings
        row_h = max(dp(36), int(S.px["label"] * 2.3))
        lab_h = int(S.px["label"] * 1.8)
        avail = c.bottom - y
        table_h = self._standings_height(n, row_h)
        if self.match_over and table_h > avail and n:
            # small windows: tighter rows rather than players missing from the standings
            row_h = max(dp(22), int((avail - lab_h) / (n + 1)))
            table_h = self._standings_height(n, row_h)
        if self.match_over:
            self._draw_standings(surface, pygame.Rect(c.left, y, c.w, min(table_h, avail)), n, row_h)
            y += min(table_h, avail) + S.margin
            rest = c.bottom - y - lab_h
            if places and rest >= len(places) * 28:
                draw_text(surface, i18n.t("res.title", n=v.get("round_no", 1)),
                          pygame.Rect(c.left, y, c.w, lab_h), S.px["label"], theme.TEXT_DIM, align="left", bold=True)
                self._draw_places(surface, y + lab_h, places, titles, min(row_h, rest // len(places)))
        else:
            places_h = len(places) * row_h
            if places_h + table_h > avail:   # compress rows to fit both
                row_h = max(dp(22), int((avail - lab_h - S.margin) / (len(places) + n + 1)))
            y = self._draw_places(surface, y, places, titles, row_h) + S.margin // 2
            self._draw_standings(surface, pygame.Rect(c.left, y, c.w, c.bottom - y), n, row_h)
        if self.wait_rect is not None:
            draw_text(surface, i18n.t("res.waiting_next"), self.wait_rect, S.px["body"], theme.TEXT_DIM, wrap=True,
                      max_lines=2, min_px=10)
        self.next_btn.draw(surface)
        self.leave_btn.draw(surface)

    def _draw_places(self, surface, y: int, places, titles, row_h: int) -> int:
        S = self.S
        c = S.content
        for i, seat in enumerate(places):
            r = pygame.Rect(c.left, y, c.w, row_h - dp(4))
            col = (70, 54, 8) if i == 0 else (8, 44, 26)
            theme.panel(surface, r, col, alpha=220, radius=10,
                        border=theme.GOLD if i == 0 else theme.PANEL_BORDER, border_width=1)
            pw = int(r.h * 1.1)
            draw_text(surface, f"{i + 1}.", pygame.Rect(r.left + dp(6), r.top, pw, r.h), S.px["title"],
                      theme.GOLD if i == 0 else theme.TEXT, bold=True, min_px=10)
            rest = pygame.Rect(r.left + pw + dp(10), r.top, r.w - pw - dp(20), r.h)
            tw = rest.w * 45 // 100
            name_r = pygame.Rect(rest.left, rest.top, rest.w - tw - dp(8), rest.h)
            title_r = pygame.Rect(name_r.right + dp(8), rest.top, tw, rest.h)
            draw_text(surface, self._name(seat), name_r, S.px["label"], theme.TEXT, align="left", bold=True, min_px=min(S.px["label"], 12))
            t = i18n.title_text(titles[i]) if i < len(titles) else ""
            draw_text(surface, t, title_r, S.px["body"], theme.GOLD if i == 0 else theme.TEXT_DIM, align="right",
                      min_px=9)
            y += row_h
        return y

    def _standings_height(self, n: int, row_h: int) -> int:
        return (n + 1) * row_h + int(self.S.px["label"] * 1.8)

    def _draw_standings(self, surface, rect: pygame.Rect, n: int, row_h: int) -> None:
        S = self.S
        v = self.view
        st = v.get("standings") or []
        if not n or rect.h < row_h:
            return
        lab_h = int(S.px["label"] * 1.8)
        draw_text(surface, i18n.t("res.standings"), pygame.Rect(rect.left, rect.top, rect.w, lab_h), S.px["label"],
                  theme.TEXT_DIM, align="left", bold=True)
        top = rect.top + lab_h
        rows_fit = max(1, (rect.bottom - top) // row_h - 1)
        order = ranking(v)[:rows_fit]
        panel = pygame.Rect(rect.left, top, rect.w, (len(order) + 1) * row_h)
        theme.panel(surface, panel, theme.PANEL, alpha=180, radius=10, border=theme.PANEL_BORDER, border_width=1)
        name_w = max(int(rect.w * 0.34), min(int(rect.w * 0.45), dp(220)))
        col_w = (rect.w - name_w - dp(12)) / max(1, n)
        hdr = pygame.Rect(rect.left + dp(10), top, name_w - dp(10), row_h)
        draw_text(surface, i18n.t("res.player"), hdr, S.px["small"], theme.TEXT_DIM, align="left", bold=True)
        for p in range(n):
            r = pygame.Rect(int(rect.left + name_w + p * col_w), top, int(col_w), row_h)
            draw_text(surface, f"{p + 1}.", r, S.px["small"], theme.GOLD if p == 0 else theme.TEXT_DIM, bold=True, min_px=8)
        for i, seat in enumerate(order):
            y = top + (i + 1) * row_h
            if i % 2 == 0:
                band = pygame.Surface((rect.w - dp(4), row_h), pygame.SRCALPHA)
                band.fill((255, 255, 255, 12))
                surface.blit(band, (rect.left + dp(2), y))
            draw_text(surface, f"{i + 1}. " + self._name(seat), pygame.Rect(rect.left + dp(10), y, name_w - dp(14), row_h),
                      S.px["body"], theme.GOLD if i == 0 else theme.TEXT, align="left", bold=i == 0, min_px=min(S.px["body"], 12))
            row = st[seat] if seat < len(st) else []
            for p in range(n):
                cnt = row[p] if p < len(row) else 0
                r = pygame.Rect(int(rect.left + name_w + p * col_w), y, int(col_w), row_h)
                draw_text(surface, str(cnt) if cnt else "·", r, S.px["body"],
                          theme.TEXT if cnt else theme.TEXT_DIM, bold=bool(cnt) and p == 0, min_px=8)

    def _crown(self, surface, center, s) -> None:
        x, y = center
        pts = [(x - s, y + s // 2), (x - s, y - s // 2), (x - s // 2, y), (x, y - s), (x + s // 2, y),
               (x + s, y - s // 2), (x + s, y + s // 2)]
        pygame.draw.polygon(surface, theme.GOLD, pts)
        pygame.draw.polygon(surface, theme.GOLD_DARK, pts, 2)

"""Präsident's round results (places with titles) and match standings; the match winner at
the end. The round controls (next round, new match, leave) are every table's
(``felt.ui.game_table``)."""
from __future__ import annotations

import pygame

from felt.games.praesident.table_scene import seat_name, standings_words
from felt.games.praesident.words import title_text
from felt.ui import fonts, i18n, layout, theme
from felt.ui.game_table import GameTableScene
from felt.ui.layout import dp
from felt.ui.scene import Input
from felt.ui.standings import places_keys, ranking, tie_break
from felt.ui.widgets import draw_text


class ResultsScene(GameTableScene):
    """Präsident's round results and match standings (phases ``round_over``, ``match_over``)."""

    screen = "results"
    game_id = "praesident"
    shows_log = False
    turn_phases = ()
    turn_cue = False
    MIN_SHOW = 4.0
    CROWNS = ("_crown",)                  # draws crowns of its own (felt.ui.text_layout)

    def __init__(self, view: dict | None = None, names: list[str] | None = None, **kw) -> None:
        super().__init__(None, names, **kw)
        self.screen_rects: layout.ScreenLayout | None = None
        self._shown = 0.0                   # seconds on screen (pacing: a next round waits for it)
        if view is not None:
            self.set_view(view, ())

    def hold(self) -> float:
        """A next round that starts by itself waits until the results were up a few seconds."""
        return max(0.0, self.MIN_SHOW - self._shown)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._shown += dt

    def animating(self) -> bool:
        return self.backlog > 0 and self._shown < self.MIN_SHOW

    def show_view(self, view: dict, events: list) -> None:
        if self.screen_rects is not None:    # the buttons shown change with the phase
            self.layout(self.screen_rects.w, self.screen_rects.h)

    @property
    def match_over(self) -> bool:
        return self.view.get("phase") == "match_over"

    def layout(self, w: int, h: int) -> None:
        self.screen_rects = rects = layout.screen_layout(w, h)
        self.place_header(w, h)
        row = rects.footer.inflate(0, -2 * rects.margin)
        self.place_round_controls(row, rects.px["button"])

    def handle(self, inp: Input) -> None:
        if not self.handle_header(inp):
            self.handle_round_controls(inp)

    def phase_line(self) -> str:
        return i18n.t("res.match_over") if self.match_over else i18n.t("res.title", n=self.view.get("round_no", 1))

    def _name(self, seat: int) -> str:
        nm = seat_name(self.names, seat)
        if seat == self.view.get("seat"):
            nm += f" ({i18n.t('lobby.you')})"
        return nm

    def a11y_text(self) -> list[str]:
        """The results in sentences for a screen reader (felt/ui/a11y.py): the winner, the
        round's places with their titles, the standings (how often each seat came where)."""
        v = self.view
        out = []
        if self.match_over:
            w = v.get("winner")
            out.append(i18n.t("res.ended_early_short") if w is None else i18n.t("res.winner", name=seat_name(self.names, w)))
        titles = v.get("titles") or []
        places = v.get("places") or []
        if places:
            out.append(i18n.t("res.title", n=v.get("round_no", 1)))
        for i, seat in enumerate(places):
            t = title_text(titles[i]) if i < len(titles) and titles[i] else ""
            out.append(f"{i + 1}. {self._name(seat)}" + (f", {t}" if t else ""))
        st = v.get("standings") or []
        if v.get("n"):
            out.append(i18n.t("res.standings"))
        for i, seat in enumerate(ranking(v) if v.get("n") else []):
            row = st[seat] if seat < len(st) else []
            counts = ", ".join(i18n.t("res.a11y_count", n=c, p=p + 1) for p, c in enumerate(row) if c)
            out.append(f"{i + 1}. {self._name(seat)}: {counts or '–'}")
        if self.hint_tally():
            out.append(self.hint_tally())
        return out

    def a11y_scores(self) -> str:
        return standings_words(self)

    def seat_places(self) -> list:
        return []                       # the results list every seat; no seat cards

    def two_columns(self) -> bool:
        """A window wider than high with room for two columns (a phone turned sideways, a
        laptop): the round's places left, the standings right, so that every seat shows."""
        c = self.screen_rects.content
        return c.w >= dp(560) and c.w > c.h * 1.5

    def draw_table(self, surface: pygame.Surface) -> None:
        screen = self.screen_rects
        v = self.view
        n = v.get("n", 0)
        titles = v.get("titles") or []
        c = self.round_controls.clear_of_note(screen.content)
        tally = self.hint_tally()             # the hints taken in the match (felt.ui.table_hint)
        if tally:
            th = int(screen.px["body"] * 1.8)
            c = pygame.Rect(c.left, c.top, c.w, c.h - th)
            draw_text(surface, tally, pygame.Rect(c.left, c.bottom, c.w, th), screen.px["body"], theme.TEXT_DIM,
                      align="left", min_px=10)
        places = v.get("places") or []
        row_h = max(dp(36), int(screen.px["label"] * 2.3))
        lab_h = int(screen.px["label"] * 1.8)
        if self.two_columns():
            gap = screen.margin
            left = pygame.Rect(c.left, c.top, (c.w - gap) // 2, c.h)
            right = pygame.Rect(left.right + gap, c.top, c.right - left.right - gap, c.h)
            y = self._draw_winner(surface, left) if self.match_over else left.top + screen.margin // 2
            rest = left.bottom - y - (lab_h if self.match_over else 0)
            if places and rest >= len(places) * dp(22):
                if self.match_over:
                    draw_text(surface, i18n.t("res.title", n=v.get("round_no", 1)), pygame.Rect(left.left, y, left.w, lab_h),
                              screen.px["label"], theme.TEXT_DIM, align="left", bold=True)
                    y += lab_h
                self._draw_places(surface, y, places, titles, min(row_h, rest // len(places)), left)
            top = right.top + screen.margin // 2
            srow = min(row_h, max(dp(22), (right.bottom - top - lab_h) // (n + 1))) if n else row_h
            self._draw_standings(surface, pygame.Rect(right.left, top, right.w, right.bottom - top), n, srow)
            return
        y = self._draw_winner(surface, c) if self.match_over else c.top + screen.margin // 2
        # places of the (last) round, and the standings
        avail = c.bottom - y
        table_h = self._standings_height(n, row_h)
        if self.match_over and table_h > avail and n:
            # small windows: tighter rows rather than players missing from the standings
            row_h = max(dp(22), int((avail - lab_h) / (n + 1)))
            table_h = self._standings_height(n, row_h)
        if self.match_over:
            self._draw_standings(surface, pygame.Rect(c.left, y, c.w, min(table_h, avail)), n, row_h)
            y += min(table_h, avail) + screen.margin
            rest = c.bottom - y - lab_h
            if places and rest >= len(places) * 28:
                draw_text(surface, i18n.t("res.title", n=v.get("round_no", 1)),
                          pygame.Rect(c.left, y, c.w, lab_h), screen.px["label"], theme.TEXT_DIM, align="left", bold=True)
                self._draw_places(surface, y + lab_h, places, titles, min(row_h, rest // len(places)), c)
        else:
            places_h = len(places) * row_h
            if places_h + table_h > avail:   # compress rows to fit both
                row_h = max(dp(22), int((avail - lab_h - screen.margin) / (len(places) + n + 1)))
            y = self._draw_places(surface, y, places, titles, row_h, c) + screen.margin // 2
            self._draw_standings(surface, pygame.Rect(c.left, y, c.w, c.bottom - y), n, row_h)

    def _draw_winner(self, surface, c: pygame.Rect) -> int:
        """The match's winner in a gold band at the top of ``c`` (and what decided a tie);
        returns the y below it."""
        screen = self.screen_rects
        v = self.view
        y = c.top + screen.margin // 2
        w = v.get("winner")           # None: the host ended it before a round was over
        bh = int(screen.px["big"] * 2.2)
        band = pygame.Rect(c.left, y, c.w, bh)
        theme.panel(surface, band, (60, 40, 0), alpha=220, radius=14, border=theme.GOLD, border_width=2)
        if w is None:
            draw_text(surface, i18n.t("res.ended_early_short"), band.inflate(-dp(24), -dp(6)), screen.px["big"],
                      theme.GOLD, bold=True, min_px=12)
        else:
            self._crown(surface, (band.left + bh // 2 + dp(4), band.centery), bh // 4)
            draw_text(surface, i18n.t("res.winner", name=seat_name(self.names, w)),
                      band.inflate(-bh - dp(16), -dp(6)).move(bh // 2 - dp(8), 0), screen.px["big"], theme.GOLD,
                      bold=True, min_px=12)
        y = band.bottom + screen.margin // 2
        tie = tie_break(places_keys(v), w, ("res.tie_seconds", "res.tie_last")) if w is not None else "res.no_round"
        if tie:                     # equal 1st places: what decided (or that no round was over)
            th = int(screen.px["body"] * 1.6)
            draw_text(surface, i18n.t(tie), pygame.Rect(c.left, y, c.w, th), screen.px["body"], theme.GOLD,
                      align="left", min_px=10)
            y += th
        return y + screen.margin // 2

    def _draw_places(self, surface, y: int, places, titles, row_h: int, c: pygame.Rect) -> int:
        screen = self.screen_rects
        for i, seat in enumerate(places):
            r = pygame.Rect(c.left, y, c.w, row_h - dp(4))
            col = (70, 54, 8) if i == 0 else (8, 44, 26)
            theme.panel(surface, r, col, alpha=220, radius=10,
                        border=theme.GOLD if i == 0 else theme.PANEL_BORDER, border_width=1)
            pw = int(r.h * 1.1)
            draw_text(surface, f"{i + 1}.", pygame.Rect(r.left + dp(6), r.top, pw, r.h), screen.px["title"],
                      theme.GOLD if i == 0 else theme.TEXT, bold=True, min_px=10)
            rest = pygame.Rect(r.left + pw + dp(10), r.top, r.w - pw - dp(20), r.h)
            t = title_text(titles[i]) if i < len(titles) else ""
            # the title gets the width it needs (a title cut to "Vizepräsi…" says nothing), at
            # most 60 % of the row; the name the rest
            need = fonts.width(t, screen.px["body"]) + dp(4) if t else 0
            tw = min(max(rest.w * 45 // 100, need), rest.w * 60 // 100)
            name_r = pygame.Rect(rest.left, rest.top, rest.w - tw - dp(8), rest.h)
            title_r = pygame.Rect(name_r.right + dp(8), rest.top, tw, rest.h)
            draw_text(surface, self._name(seat), name_r, screen.px["label"], theme.TEXT, align="left", bold=True, min_px=min(screen.px["label"], 12))
            draw_text(surface, t, title_r, screen.px["body"], theme.GOLD if i == 0 else theme.TEXT_DIM, align="right",
                      min_px=10)
            y += row_h
        return y

    def _standings_height(self, n: int, row_h: int) -> int:
        return (n + 1) * row_h + int(self.screen_rects.px["label"] * 1.8)

    def _draw_standings(self, surface, rect: pygame.Rect, n: int, row_h: int) -> None:
        screen = self.screen_rects
        v = self.view
        st = v.get("standings") or []
        if not n or rect.h < row_h:
            return
        lab_h = int(screen.px["label"] * 1.8)
        draw_text(surface, i18n.t("res.standings"), pygame.Rect(rect.left, rect.top, rect.w, lab_h), screen.px["label"],
                  theme.TEXT_DIM, align="left", bold=True)
        top = rect.top + lab_h
        rows_fit = max(1, (rect.bottom - top) // row_h - 1)
        order = ranking(v)[:rows_fit]
        panel = pygame.Rect(rect.left, top, rect.w, (len(order) + 1) * row_h)
        theme.panel(surface, panel, theme.PANEL, alpha=180, radius=10, border=theme.PANEL_BORDER, border_width=1)
        name_w = max(int(rect.w * 0.34), min(int(rect.w * 0.45), dp(220)))
        col_w = (rect.w - name_w - dp(12)) / max(1, n)
        hdr = pygame.Rect(rect.left + dp(10), top, name_w - dp(10), row_h)
        draw_text(surface, i18n.t("res.player"), hdr, screen.px["small"], theme.TEXT_DIM, align="left", bold=True)
        for p in range(n):
            r = pygame.Rect(int(rect.left + name_w + p * col_w), top, int(col_w), row_h)
            draw_text(surface, f"{p + 1}.", r, screen.px["small"], theme.GOLD if p == 0 else theme.TEXT_DIM, bold=True, min_px=8)
        for i, seat in enumerate(order):
            y = top + (i + 1) * row_h
            if i % 2 == 0:
                band = pygame.Surface((rect.w - dp(4), row_h), pygame.SRCALPHA)
                band.fill((255, 255, 255, 12))
                surface.blit(band, (rect.left + dp(2), y))
            draw_text(surface, f"{i + 1}. " + self._name(seat), pygame.Rect(rect.left + dp(10), y, name_w - dp(14), row_h),
                      screen.px["body"], theme.GOLD if i == 0 else theme.TEXT, align="left", bold=i == 0, min_px=min(screen.px["body"], 12))
            row = st[seat] if seat < len(st) else []
            for p in range(n):
                cnt = row[p] if p < len(row) else 0
                r = pygame.Rect(int(rect.left + name_w + p * col_w), y, int(col_w), row_h)
                draw_text(surface, str(cnt) if cnt else "·", r, screen.px["body"],
                          theme.TEXT if cnt else theme.TEXT_DIM, bold=bool(cnt) and p == 0, min_px=8)

    def _crown(self, surface, center, s) -> None:
        x, y = center
        pts = [(x - s, y + s // 2), (x - s, y - s // 2), (x - s // 2, y), (x, y - s), (x + s // 2, y),
               (x + s, y - s // 2), (x + s, y + s // 2)]
        pygame.draw.polygon(surface, theme.GOLD, pts)
        pygame.draw.polygon(surface, theme.GOLD_DARK, pts, 2)

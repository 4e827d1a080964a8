"""The evening at this table in the lobby (``lobby.evening``, felt/net/evening.py): a panel
with a row per player, the best first: place, name, matches won, and a line per game played
("<game>: 1 von 2 gewonnen · 2× <title>" — the game's own words come from
``Game.evening_words``). The table's owner starts a new evening with "Neuer Abend", which asks
once more before the host clears the standings; everyone else sees them read-only.

Outside interface: ``set_evening(evening, my_seat, admin, running)``, ``height_for(w)``,
``on_send(msg)`` (``new_evening``) and ``on_resize()`` (the panel grew or shrank: lay the lobby
out again). ``demo_evening()`` is the standings of three matches for ``felt snapshot``.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from felt import contract
from felt.ui import fonts, i18n, theme
from felt.ui.layout import dp
from felt.ui.scene import Input
from felt.ui.widgets import Button, Widget, draw_text, handle_first


def _int(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0


NBSP = "\u00a0"


def game_words(gid: str, entry: dict, named: bool) -> str:
    """One player's evening in one game: "<game>: 1 von 2 gewonnen · 2× <title>" (without
    the game's name where the evening played only this game). A line breaks between the parts,
    never inside one ("1×" / "Tellerwäscher")."""
    played, won = _int(entry.get("played")), _int(entry.get("won"))
    parts = [i18n.t("evening.won", won=won, played=played)]
    try:
        game = contract.get(gid)
    except contract.UnknownGame:
        game = None
    if game is not None:
        try:
            parts += [str(w) for w in game.evening_words(dict(entry.get("marks") or {}), i18n.get_lang()) if w]
        except Exception:        # a game's words must not take the lobby down
            pass
    text = (NBSP + "· ").join(p.replace(" ", NBSP) for p in parts)
    if not named:
        return text
    name = (game.name.get(i18n.get_lang()) or game.name.get("de") or gid) if game is not None else gid
    return i18n.t("evening.game", game=name, text=text)


class EveningBlock(Widget):
    """The evening's standings as a panel of the lobby's scrolled column."""

    def __init__(self, on_send: Callable[[dict], Any] | None = None,
                 on_resize: Callable[[], Any] | None = None) -> None:
        super().__init__()
        self.on_send = on_send
        self.on_resize = on_resize
        self.evening: dict = {}
        self.my_seat: int | None = None
        self.admin = False
        self.running = False
        self.asking = False            # "Neuer Abend" was tapped: the question is shown
        self.px = 15
        self.button_h = dp(44)
        self.new_btn = Button(i18n.t("evening.new"), self.ask, kind="secondary")
        self.yes_btn = Button(i18n.t("evening.yes"), self.confirm, kind="danger")
        self.no_btn = Button(i18n.t("evening.no"), self.cancel, kind="secondary")
        self.visible = False

    # ---------------------------------------------------------------- state
    def set_evening(self, evening: Any, my_seat: int | None, admin: bool, running: bool) -> None:
        self.evening = dict(evening) if isinstance(evening, dict) else {}
        self.my_seat, self.admin, self.running = my_seat, admin, running
        self.visible = _int(self.evening.get("matches")) > 0 and bool(self.rows())
        if not (self.admin and self.visible and not running):
            self.asking = False
        self.new_btn.text = i18n.t("evening.new")
        self.yes_btn.text = i18n.t("evening.yes")
        self.no_btn.text = i18n.t("evening.no")

    def rows(self) -> list[dict]:
        return [r for r in self.evening.get("rows") or [] if isinstance(r, dict) and isinstance(r.get("games"), dict)]

    def games_played(self) -> list[str]:
        return [str(g["id"]) for g in self.evening.get("games") or [] if isinstance(g, dict) and g.get("id")]

    def title(self) -> str:
        text = i18n.t("evening.title", n=_int(self.evening.get("matches")))
        return " · ".join(p.replace(" ", NBSP) for p in text.split(" · "))     # "3 Partien" stays whole

    def places(self) -> list[int]:
        """Each row's place: a row shares the place of the row before it with as many matches
        won and played."""
        out: list[int] = []
        prev = None
        for k, r in enumerate(self.rows()):
            key = (_int(r.get("won")), _int(r.get("played")))
            out.append(out[-1] if key == prev else k + 1)
            prev = key
        return out

    def a11y_lines(self) -> list[str]:
        """The block in sentences for the phone page's screen-reader layer (felt.ui.a11y):
        its title, the question while it is asked, a line per row with its details."""
        if not self.visible:
            return []
        out = [self.title().replace(NBSP, " ")]
        if self.asking:
            out.append(i18n.t("evening.ask"))
        for row, place in zip(self.rows(), self.places()):
            tag = self.row_tag(row)
            name = str(row.get("name") or "?") + (f" ({tag})" if tag else "")
            details = " · ".join(self._detail_lines(row, 1 << 20))
            out.append(f"{place}. {name}: {i18n.t('evening.wins', n=_int(row.get('won')))}"
                       + (f"; {details}" if details else ""))
        return out

    def row_tag(self, r: dict) -> str:
        if r.get("kind") == "bot":
            return i18n.t("lobby.bot") + " · " + i18n.t("level." + str(r.get("level") or "normal"))
        return i18n.t("lobby.you") if self.my_seat is not None and r.get("seat") == self.my_seat else ""

    # -------------------------------------------------------------- actions
    def ask(self) -> None:
        if self.admin and not self.running:
            self.asking = True
            self._resized()

    def cancel(self) -> None:
        self.asking = False
        self._resized()

    def confirm(self) -> None:
        self.asking = False
        if self.admin and not self.running and self.on_send:
            self.on_send({"t": "new_evening"})
        self._resized()

    def _resized(self) -> None:
        if self.on_resize:
            self.on_resize()

    # --------------------------------------------------------------- layout
    def _sizes(self) -> tuple[int, int, int, int]:
        """(name px, detail px, a name line's height, a detail line's height)."""
        px = self.px
        small = max(dp(12), px - dp(2))
        return px, small, fonts.line_height(px, True) + dp(2), fonts.line_height(small)

    def _head_h(self) -> int:
        return max(int(self.px * 2.4), self.button_h if self.admin and not self.running else 0)

    def _inner_w(self, w: int) -> int:
        return max(dp(60), w - dp(24))

    def _detail_lines(self, r: dict, w: int) -> list[str]:
        _, small, _, _ = self._sizes()
        named = len(self.games_played()) > 1
        order = self.games_played() + [g for g in r["games"] if g not in self.games_played()]
        lines: list[str] = []
        for gid in order:
            entry = r["games"].get(gid)
            if isinstance(entry, dict) and _int(entry.get("played")):
                lines += fonts.wrap(game_words(gid, entry, named), small, w)
        return lines

    def _question_lines(self, w: int) -> list[str]:
        return fonts.wrap(i18n.t("evening.ask"), self.px, w)

    def height_for(self, w: int) -> int:
        if not self.visible:
            return 0
        inner = self._inner_w(w)
        _, _, name_h, line_h = self._sizes()
        h = self._head_h() + dp(6)
        if self.asking:
            h += len(self._question_lines(inner)) * fonts.line_height(self.px) + dp(6) + self.button_h + dp(10)
        for r in self.rows():
            h += name_h + line_h * len(self._detail_lines(r, self._detail_w(inner))) + dp(8)
        return h + dp(8)

    def _num_w(self) -> int:
        return fonts.width("00.", self.px, True) + dp(6)

    def _detail_w(self, inner: int) -> int:
        return max(dp(40), inner - self._num_w())

    def relayout(self, rect) -> None:
        self.set_rect(rect)
        r = self.rect
        inner = self._inner_w(r.w)
        left = r.left + dp(12)
        self.new_btn.visible = self.admin and not self.running and not self.asking
        self.new_btn.px = max(dp(12), self.px - dp(1))
        bw = min(inner * 45 // 100, fonts.width(self.new_btn.text, self.new_btn.px, True) + dp(32))
        self.new_btn.set_rect(pygame.Rect(r.right - dp(12) - bw, r.top + (self._head_h() - self.button_h) // 2 + dp(3),
                                          bw, self.button_h))
        show = self.asking and self.admin and not self.running
        self.yes_btn.visible = self.no_btn.visible = show
        if show:
            q = len(self._question_lines(inner)) * fonts.line_height(self.px)
            y = r.top + self._head_h() + dp(6) + q + dp(6)
            half = (inner - dp(10)) // 2
            self.no_btn.set_rect(pygame.Rect(left, y, half, self.button_h))
            self.yes_btn.set_rect(pygame.Rect(left + half + dp(10), y, inner - half - dp(10), self.button_h))
            for b in (self.yes_btn, self.no_btn):
                b.px = max(dp(12), self.px - dp(1))

    # ---------------------------------------------------------------- input
    def handle(self, inp: Input):
        if not self.visible:
            return False
        return handle_first([b for b in (self.new_btn, self.no_btn, self.yes_btn) if b.visible], inp)

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.h <= 0:
            return
        r = self.rect
        theme.panel(surface, r, theme.PANEL, alpha=170, radius=12, border=theme.PANEL_BORDER, border_width=1)
        inner = self._inner_w(r.w)
        left = r.left + dp(12)
        head = pygame.Rect(left, r.top + dp(3), inner, self._head_h())
        if self.new_btn.visible:
            head.w = self.new_btn.rect.left - dp(8) - left
        draw_text(surface, self.title(), head, self.px + 1, theme.GOLD, align="left", bold=True, wrap=True,
                  max_lines=2, min_px=10)
        self.new_btn.draw(surface)
        y = r.top + self._head_h() + dp(6)
        if self.yes_btn.visible:
            lh = fonts.line_height(self.px)
            for ln in self._question_lines(inner):
                draw_text(surface, ln, pygame.Rect(left, y, inner, lh), self.px, theme.TEXT, align="left", bold=False)
                y += lh
            self.no_btn.draw(surface)
            self.yes_btn.draw(surface)
            y = self.yes_btn.rect.bottom + dp(10)
        px, small, name_h, line_h = self._sizes()
        num_w = self._num_w()
        dw = self._detail_w(inner)
        for k, (row, place) in enumerate(zip(self.rows(), self.places())):
            if k:
                pygame.draw.line(surface, theme.PANEL_BORDER, (left, y - dp(4)), (left + inner, y - dp(4)), 1)
            mine = self.my_seat is not None and row.get("seat") == self.my_seat
            bot = row.get("kind") == "bot"
            draw_text(surface, f"{place}.", pygame.Rect(left, y, num_w, name_h), px, theme.GOLD if mine else theme.TEXT_DIM,
                      align="left", bold=True)
            won = _int(row.get("won"))
            wins = i18n.t("evening.wins", n=won)
            ww = fonts.width(wins, px, True) + dp(4)
            draw_text(surface, wins, pygame.Rect(left + inner - ww, y, ww, name_h), px,
                      theme.GOLD if won else theme.TEXT_DIM, align="right", bold=True)
            name_box = pygame.Rect(left + num_w, y, max(dp(30), inner - num_w - ww - dp(8)), name_h)
            name = str(row.get("name") or "?")
            tag = self.row_tag(row)
            nw = fonts.width(name, px, True)
            if tag and nw + dp(8) + fonts.width(tag, small) <= name_box.w:
                draw_text(surface, name, pygame.Rect(name_box.left, y, nw + dp(2), name_h), px,
                          theme.TEXT_DIM if bot else theme.TEXT, align="left", bold=True)
                draw_text(surface, tag, pygame.Rect(name_box.left + nw + dp(8), y, name_box.w - nw - dp(8), name_h),
                          small, theme.GOLD if mine else theme.TEXT_DIM, align="left")
            else:
                draw_text(surface, name, name_box, px, theme.TEXT_DIM if bot else theme.TEXT, align="left", bold=True,
                          min_px=10)
            y += name_h
            for ln in self._detail_lines(row, dw):
                draw_text(surface, ln, pygame.Rect(left + num_w, y, dw, line_h), small, theme.TEXT_DIM, align="left")
                y += line_h
            y += dp(8)

    def remote_state(self) -> dict:
        """For tests and the window's remote: the rows as shown, and the owner's buttons."""
        st = super().remote_state()
        st["rows"] = [{"place": p, "name": r.get("name"), "won": r.get("won"), "tag": self.row_tag(r),
                       "lines": self._detail_lines(r, self._detail_w(self._inner_w(max(self.rect.w, dp(300)))))}
                      for r, p in zip(self.rows(), self.places())]
        st["title"] = self.title() if self.visible else ""
        st["asking"] = self.asking
        for name in ("new_btn", "yes_btn", "no_btn"):
            b = getattr(self, name)
            st[name] = {"rect": [int(b.rect.x), int(b.rect.y), int(b.rect.w), int(b.rect.h)],
                        "visible": bool(b.visible and self.visible), "text": b.text}
        return st


def demo_evening() -> dict:
    """Three matches of two games at the demo lobby's table (felt.ui.lobby_scene.demo_lobby),
    as the host sends them, with each game's own marks: for ``felt snapshot`` and the layout
    tests."""
    first, second = (g.id for g in contract.all_games()[:2])
    m1, m2 = _finished_marks(first), _finished_marks(second)

    def row(name, seat, kind, level, k, won1, won2, second_too=True):
        per = {first: {"played": 2, "won": won1, "marks": m1[k % len(m1)]}}
        if second_too:
            per[second] = {"played": 1, "won": won2, "marks": m2[k % len(m2)]}
        return {"name": name, "kind": kind, "level": level, "seat": seat, "won": won1 + won2,
                "played": sum(g["played"] for g in per.values()), "games": per}

    return {"matches": 3, "started": 0.0, "games": [{"id": first, "matches": 2}, {"id": second, "matches": 1}],
            "rows": [row("Anna", 0, "human", None, 0, 1, 1), row("Hans-Peter von Allmen", 2, "human", None, 1, 1, 0),
                     row("Ben", None, "human", None, 3, 0, 0, False), row("Bot 2", 1, "bot", "normal", 2, 0, 0)]}


_FINISHED: dict = {}


def _finished_marks(gid: str) -> list[dict]:
    """Each seat's marks of two finished matches of ``gid`` (seeded random play), summed as the
    host sums them."""
    if gid in _FINISHED:
        return _FINISHED[gid]
    import random
    game = contract.get(gid)
    rules = game.template(game.template_ids()[0])
    lo, hi = game.players_range(rules)
    n = max(lo, min(4, hi))
    total: list[dict] = [{} for _ in range(n)]
    for seed in (3, 4):
        s, _ = game.new_match(rules, n, seed, 2)
        rng = random.Random(seed)
        for _ in range(20000):
            if s.phase == "match_over":
                break
            if s.phase == "round_over":
                s, _ = game.next_round(s)
                continue
            game.apply_inplace(s, s.to_move, rng.choice(game.legal_moves(s)))
        for i, m in enumerate(game.evening_marks(s)):
            for k, v in m.items():
                total[i][k] = total[i].get(k, 0) + v
    _FINISHED[gid] = total
    return total

"""Pure layout functions: rects from the window size (no pygame display needed).

Targets phone portrait 360x640 .. 430x932 and laptop landscape 1280x720 .. 1920x1080,
and every size in between when the window is resized. ``tests/test_ui_layout.py``
checks no rect leaves the window and nothing that must not overlap does.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

from pygame import Rect

CARD_RATIO = 1.4          # card height / width
MIN_TOUCH = 44

_density = 1.0            # device pixels per layout pixel (a phone's renderer: its pixel ratio)


def set_density(d: float) -> None:
    """Lay out for a screen with ``d`` device pixels per CSS pixel (a phone's pixel ratio):
    a 780x1688 surface at density 2 gets the 390x844 layout at twice the pixels. The
    window draws at density 1."""
    global _density
    _density = max(0.25, float(d))


def density() -> float:
    return _density


_keyboard = True         # the screen has a keyboard: a window; a phone's page says whether its browser has one


def set_keyboard(on: bool) -> None:
    """Whether the screen drawn for has a keyboard (a window: yes; a phone's renderer: what
    its page says, a laptop's browser with a mouse, or a key pressed there)."""
    global _keyboard
    _keyboard = bool(on)


def keyboard() -> bool:
    """The tables name their keys ("Enter = Legen · P = Passen") where this is true."""
    return _keyboard


def dp(v: float) -> int:
    """``v`` layout pixels in device pixels (a scene's own constant sizes); ``int(v)`` at
    density 1."""
    return int(v * _density + (0.5 if _density != 1.0 else 0.0))


def _logical(w: float, h: float) -> tuple[int, int]:
    """A surface's size in layout pixels."""
    return max(1, int(round(w / _density))), max(1, int(round(h / _density)))


def _unit(w: float, h: float) -> float:
    return max(0.85, min(w / 360.0, h / 520.0, 2.4))


def unit(w: int, h: int) -> float:
    """~1.0 on a 360 px phone, ~1.4 on a 1280x720 laptop, ~2 at 1920x1080 (at density 1;
    at density d, d times the unit of the surface's size in layout pixels)."""
    if _density == 1.0:
        return _unit(w, h)
    return _density * _unit(w / _density, h / _density)


def _scale_rect(r: Rect | None, d: float, lsize: tuple[int, int], size: tuple[int, int]) -> Rect | None:
    """A rect in layout pixels as device pixels; edges on the layout's right or bottom edge
    stay on the surface's."""
    if r is None:
        return None
    x0, y0 = int(round(r.left * d)), int(round(r.top * d))
    x1 = size[0] if r.right == lsize[0] else int(round(r.right * d))
    y1 = size[1] if r.bottom == lsize[1] else int(round(r.bottom * d))
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _scale_px(px: dict, d: float) -> dict:
    return {k: max(1, int(round(v * d))) for k, v in px.items()}


def is_portrait(w: int, h: int) -> bool:
    return h >= w * 1.1


# ----------------------------------------------------------------------------
# generic screen layout for the menu-like scenes (start, lobby, rules, results)
@dataclass
class ScreenLayout:
    w: int
    h: int
    unit: float
    portrait: bool
    header: Rect          # title bar
    content: Rect         # main area (centred column on wide windows)
    footer: Rect          # bottom button row
    margin: int
    row_h: int            # list / form row height (>= 44)
    button_h: int
    px: dict = field(default_factory=dict)   # font sizes per role


def screen_layout(w: int, h: int, max_content_w: int = 760) -> ScreenLayout:
    """The menu-like screens' layout; at a density other than 1, the layout of the surface's
    size in layout pixels, drawn at device pixels."""
    d = _density
    if d == 1.0:
        return _screen_layout(w, h, max_content_w)
    lw, lh = _logical(w, h)
    L = _screen_layout(lw, lh, max_content_w)
    sr = lambda r: _scale_rect(r, d, (lw, lh), (w, h))  # noqa: E731
    return dataclasses.replace(L, w=w, h=h, header=sr(L.header), content=sr(L.content), footer=sr(L.footer),
                               margin=dp(L.margin), row_h=dp(L.row_h), button_h=dp(L.button_h),
                               px=_scale_px(L.px, d))


def _screen_layout(w: int, h: int, max_content_w: int = 760) -> ScreenLayout:
    u = _unit(w, h)
    m = int(round(10 * u))
    header_h = int(max(52, 54 * min(u, 1.5)))
    button_h = int(max(48, 50 * min(u, 1.4)))
    footer_h = button_h + 2 * m
    cw = min(w - 2 * m, int(max_content_w * min(u, 1.6) / 1.0)) if not is_portrait(w, h) else w - 2 * m
    cw = min(cw, w - 2 * m)
    header = Rect(0, 0, w, header_h)
    footer = Rect((w - cw) // 2, h - footer_h, cw, footer_h)
    content = Rect((w - cw) // 2, header_h + m // 2, cw, max(10, footer.top - header_h - m))
    return ScreenLayout(w=w, h=h, unit=u, portrait=is_portrait(w, h), header=header, content=content,
                        footer=footer, margin=m, row_h=int(max(48, 50 * min(u, 1.4))), button_h=button_h,
                        px=_font_sizes(w, h))


def font_sizes(w: int, h: int) -> dict:
    """Font sizes per text role for this surface (and density)."""
    if _density == 1.0:
        return _font_sizes(w, h)
    return _scale_px(_font_sizes(*_logical(w, h)), _density)


def _font_sizes(w: int, h: int) -> dict:
    u = min(_unit(w, h), 1.9)
    s = lambda base: max(10, int(round(base * (0.8 + 0.2 * u) if u > 1 else base * max(u, 0.9))))
    return {"tiny": s(11), "small": s(13), "body": s(15), "label": s(16), "button": s(17),
            "title": s(22), "big": s(30), "huge": s(40)}


def rows(rect: Rect, n: int, row_h: int, gap: int = 6) -> list[Rect]:
    """``n`` rows of ``row_h`` from the top of ``rect`` (may run past the bottom: scroll)."""
    return [Rect(rect.left, rect.top + i * (row_h + gap), rect.w, row_h) for i in range(n)]


def split_h(rect: Rect, fractions: list[float], gap: int = 8) -> list[Rect]:
    """Split ``rect`` horizontally by fractions (they are normalised)."""
    total = sum(fractions) or 1.0
    avail = rect.w - gap * (len(fractions) - 1)
    out, x = [], rect.left
    for i, f in enumerate(fractions):
        ww = int(avail * f / total) if i < len(fractions) - 1 else rect.right - x
        out.append(Rect(x, rect.top, ww, rect.h))
        x += ww + gap
    return out


def button_row(rect: Rect, n: int, gap: int = 8, max_w: int = 0) -> list[Rect]:
    """``n`` equal buttons centred in ``rect``."""
    bw = (rect.w - gap * (n - 1)) // max(1, n)
    if max_w:
        bw = min(bw, max_w)
    total = bw * n + gap * (n - 1)
    x0 = rect.left + (rect.w - total) // 2
    return [Rect(x0 + i * (bw + gap), rect.top, bw, rect.h) for i in range(n)]


def button_row_fit(rect: Rect, needs: list[int], gap: int = 8, max_w: int = 0) -> list[Rect]:
    """Buttons in a row, equal where that fits every label, otherwise as wide as each label
    needs (``needs``: the width each button's text wants), so a long label such as
    "Übernehmen" keeps its size instead of shrinking next to a short "Laden"."""
    n = max(1, len(needs))
    avail = rect.w - gap * (n - 1)
    eq = avail // n if not max_w else min(avail // n, max_w)
    if all(need <= eq for need in needs):
        return button_row(rect, n, gap, max_w)
    total = sum(needs)
    if total <= avail:
        extra = (avail - total) // n
        ws = [need + extra for need in needs]
    else:
        ws = [max(1, need * avail // total) for need in needs]
    x = rect.left + (rect.w - sum(ws) - gap * (n - 1)) // 2
    out = []
    for wd in ws:
        out.append(Rect(x, rect.top, wd, rect.h))
        x += wd + gap
    return out


# ----------------------------------------------------------------------------
# the top bar every table shares
@dataclass
class TopBar:
    """A table's top bar: the bar, the places of its square icon buttons from the right (the
    menu's first, then ``ICON_SLOTS - 1`` more to its left) and the margin its text keeps from
    the window's left edge."""
    bar: Rect
    icons: list[Rect]
    margin: int


ICON_SLOTS = 4


def top_bar(w: int, h: int) -> TopBar:
    """The top bar of a table at this size (the same as ``table_layout``'s ``top_bar``,
    ``menu_btn`` and ``mute_btn``); at a density other than 1, the bar of the surface's size
    in layout pixels, at device pixels."""
    w, h = int(w), int(h)
    d = _density
    if d == 1.0:
        return _top_bar(w, h)
    lw, lh = _logical(w, h)
    bar = _top_bar(lw, lh)
    sr = lambda r: _scale_rect(r, d, (lw, lh), (w, h))  # noqa: E731
    return TopBar(bar=sr(bar.bar), icons=[sr(r) for r in bar.icons], margin=dp(bar.margin))


def _top_bar(w: int, h: int) -> TopBar:
    u = _unit(w, h)
    m = max(6, int(round(8 * min(u, 1.6))))
    top_h = int(max(44, 46 * min(u, 1.5)))
    ib = max(top_h - 6, 38)                          # icon buttons, square, >= 38..44
    menu = Rect(w - m - ib, (top_h - ib) // 2, ib, ib)
    return TopBar(bar=Rect(0, 0, w, top_h), icons=[menu.move(-k * (ib + 6), 0) for k in range(ICON_SLOTS)],
                  margin=m)


# ----------------------------------------------------------------------------
# the card table
@dataclass
class TableLayout:
    w: int
    h: int
    unit: float
    portrait: bool
    px: dict
    top_bar: Rect          # status line + icon buttons
    status: Rect           # status text in the top bar
    mute_btn: Rect
    menu_btn: Rect
    table: Rect            # the felt area where seats and pile live
    seats: list[Rect]      # opponent boxes, clockwise from the seat after mine
    pile: Rect             # pile area (cards + 'by NAME' label)
    pile_card: tuple[int, int]
    hint: Rect             # line above the buttons ('Beat a pair', own title)
    play_btn: Rect
    pass_btn: Rect
    hand: Rect             # hand area (including room to raise selected cards)
    card: tuple[int, int]  # hand card size
    fx: Rect               # big announcements ('Abgeräumt!')
    toast: Rect
    seat_card: tuple[int, int]   # mini card backs in seat boxes
    deck_pos: tuple[int, int]    # where dealt cards fly from
    badge_h: int = 0             # status badge straddling a seat box's bottom edge (inside the seat rect)
    hand_rows: int = 1
    log: Rect | None = None      # the docked play log (wide windows, unfolded); None otherwise
    title_lines: int = 1         # phones: lines for last round's title in a seat box (2 for long titles)

    def all_rects(self) -> dict[str, Rect]:
        d = {k: getattr(self, k) for k in ("top_bar", "status", "mute_btn", "menu_btn", "table", "pile", "hint",
                                           "play_btn", "pass_btn", "hand", "fx", "toast")}
        for i, r in enumerate(self.seats):
            d[f"seat{i}"] = r
        return d


def hand_rows_needed(w: int, h: int, n_cards: int) -> int:
    """Rows the own hand needs at this size (phones wrap long hands into 2 rows)."""
    if _density != 1.0:
        w, h = _logical(w, h)
    return _hand_rows_needed(w, h, n_cards)


def _hand_rows_needed(w: int, h: int, n_cards: int) -> int:
    if not is_portrait(w, h):
        return 1
    m = max(6, int(round(8 * min(_unit(w, h), 1.6))))
    cw = int(max(52, min(w / 5.6, h / 8.8, 96)))
    per_row = max(1, (w - 2 * m - cw) // max(18, int(cw * 0.42)) + 1)
    return 1 if n_cards <= per_row else 2


def log_dock_width(w: int, h: int) -> int:
    """Width of the play log's column at the table's right edge (0: no room, a drawer instead)."""
    if _density != 1.0:
        return dp(_log_dock_width(*_logical(w, h)))
    return _log_dock_width(w, h)


def _log_dock_width(w: int, h: int) -> int:
    if is_portrait(w, h) or w < 960:
        return 0
    return int(min(380, max(250, w * 0.23)))


def table_layout(w: int, h: int, n_opponents: int, hand_count: int | None = None, log_w: int = 0,
                 title_w: int = 0) -> TableLayout:
    """Rects for the table. ``hand_count`` None reserves room for two rows on phones.
    ``log_w`` > 0 docks the play log in a column of that width at the right. ``title_w``: the
    width of the longest title a seat box shows at the small text size; on phones a title
    wider than the box gets two lines there. At a density other than 1: the layout of the
    surface's size in layout pixels, at device pixels."""
    w, h = int(w), int(h)
    d = _density
    if d == 1.0:
        return _table_layout(w, h, n_opponents, hand_count, log_w, title_w)
    lw, lh = _logical(w, h)
    L = _table_layout(lw, lh, n_opponents, hand_count, int(round(log_w / d)), int(round(title_w / d)))
    sr = lambda r: _scale_rect(r, d, (lw, lh), (w, h))  # noqa: E731
    pair = lambda p: (dp(p[0]), dp(p[1]))  # noqa: E731
    rects = {k: sr(getattr(L, k)) for k in ("top_bar", "status", "mute_btn", "menu_btn", "table", "pile", "hint",
                                            "play_btn", "pass_btn", "hand", "fx", "toast", "log")}
    return dataclasses.replace(L, w=w, h=h, px=_scale_px(L.px, d), seats=[sr(r) for r in L.seats],
                               pile_card=pair(L.pile_card), card=pair(L.card), seat_card=pair(L.seat_card),
                               deck_pos=pair(L.deck_pos), badge_h=dp(L.badge_h), **rects)


def _table_layout(w: int, h: int, n_opponents: int, hand_count: int | None, log_w: int,
                  title_w: int = 0) -> TableLayout:
    u = _unit(w, h)
    portrait = is_portrait(w, h)
    px = _font_sizes(w, h)
    m = max(6, int(round(8 * min(u, 1.6))))
    bar = _top_bar(w, h)
    top_bar, top_h = bar.bar, bar.bar.h
    menu_btn, mute_btn = bar.icons[0], bar.icons[1]
    status = Rect(m, 0, mute_btn.left - 2 * m, top_h)

    # hand cards
    if portrait:
        cw = int(max(52, min(w / 5.6, h / 8.8, 96)))
    else:
        cw = int(max(56, min(h * 0.125, w / 11.0, 140)))
    ch = int(cw * CARD_RATIO)
    raise_h = int(ch * 0.2)
    hand_rows = (2 if portrait else 1) if hand_count is None else _hand_rows_needed(w, h, hand_count)
    row_step = int(ch * 0.52)
    hand_h = ch + (hand_rows - 1) * row_step + raise_h
    hand = Rect(m, h - m - hand_h, w - 2 * m, hand_h)

    # buttons
    bh = int(max(MIN_TOUCH + 4, 48 * min(u, 1.35)))
    gap = m
    if portrait:
        bw = (w - 2 * m - gap) // 2
        btn_y = hand.top - m - bh
        pass_btn = Rect(m, btn_y, bw, bh)
        play_btn = Rect(w - m - bw, btn_y, bw, bh)
    else:
        bw = int(min(220, max(140, 150 * min(u, 1.5))))
        btn_y = hand.top - m - bh
        total = 2 * bw + gap
        x0 = (w - total) // 2
        pass_btn = Rect(x0, btn_y, bw, bh)
        play_btn = Rect(x0 + bw + gap, btn_y, bw, bh)
    hint_h = int(max(22, px["body"] * 1.6))
    hint = Rect(m, btn_y - hint_h - 2, w - 2 * m, hint_h)

    table = Rect(0, top_h, w - log_w, max(40, hint.top - top_h))
    log_r = Rect(w - log_w, top_h + m, log_w - m, max(40, hint.top - top_h - 2 * m)) if log_w else None

    # pile
    if portrait:
        pcw = int(max(48, min(cw * 1.0, w / 6.5)))
    else:
        pcw = int(max(56, min(cw * 0.95, table.h / 3.4)))
    pch = int(pcw * CARD_RATIO)

    # opponent boxes
    k = max(0, int(n_opponents))
    if portrait:
        bw_s = int(min(130 * min(u, 1.3), (w - 2 * m) / 3.4 - 8))   # shrinks below if boxes collide
        bh_s = int(max(58, 60 * min(u, 1.3)))
        title_lines = 2 if title_w > bw_s - 14 else 1
        bh_s += int(px["small"] * 1.25) * title_lines     # last round's title (no room beside the count)
    else:
        bw_s = int(min(200, max(150, 140 * min(u, 1.6))))
        bh_s = int(max(62, 60 * min(u, 1.5)))
        title_lines = 1
    badge_h = int(px["small"] * 1.45)
    bh_s += badge_h // 2
    seats, pile_center = _place_seats(k, table, bw_s, bh_s, m, portrait, hint, play_btn, pass_btn)

    lab_h = int(px["small"] * 1.5)
    pile_w = min(int(pcw * 2.8), w - 2 * m)
    pile = Rect(0, 0, pile_w, pch + 2 * lab_h + 6)
    pile.center = pile_center
    # keep the pile clear of seat boxes: shrink it, then (small windows) slide it down
    cx, cy = pile_center
    for _ in range(60):
        if not any(pile.colliderect(s) for s in seats):
            break
        if pcw > 44:
            pcw = max(44, int(pcw * 0.92))
            pch = int(pcw * CARD_RATIO)
        elif pile.bottom < table.bottom:
            cy += 4
        else:
            break
        pile = Rect(0, 0, min(int(pcw * 2.8), w - 2 * m), pch + 2 * lab_h + 6)
        pile.center = (cx, cy)
        pile.clamp_ip(table)
    pile.clamp_ip(table)

    fx_h = int(px["big"] * 1.8)
    fx = Rect(m, 0, table.w - 2 * m, fx_h)
    fx.center = (table.centerx, pile.centery)
    toast_h = (int(px["label"] * 1.25) + 14) * 2 + 6
    toast = Rect(m, max(top_h + m, hint.top - toast_h - 2), w - 2 * m, toast_h)
    scw = max(10, int(bh_s * 0.28))
    deck_pos = (table.centerx, table.centery)
    return TableLayout(w=w, h=h, unit=u, portrait=portrait, px=px, top_bar=top_bar, status=status, mute_btn=mute_btn,
                       menu_btn=menu_btn, table=table, seats=seats, pile=pile, pile_card=(pcw, pch), hint=hint,
                       play_btn=play_btn, pass_btn=pass_btn, hand=hand, card=(cw, ch), fx=fx, toast=toast,
                       seat_card=(scw, int(scw * CARD_RATIO)), deck_pos=deck_pos, badge_h=badge_h,
                       hand_rows=hand_rows, log=log_r, title_lines=title_lines)


def _seat_angles(k: int, spread: float = 0.0) -> list[float]:
    if k <= 0:
        return []
    if k == 1:
        return [90.0]
    if k == 2:
        return [150.0, 30.0]
    if k == 3:
        return [180.0, 90.0, 0.0]
    a0, a1 = 200.0 + spread, -20.0 - spread
    return [a0 + (a1 - a0) * i / (k - 1) for i in range(k)]


def _place_seats(k, table, bw, bh, m, portrait, hint, play_btn, pass_btn):
    """Boxes on an ellipse around the pile, clockwise (next seat on my left)."""
    area = table.inflate(-2 * m, -m)
    area.top = table.top + m // 2
    spread = 0.0
    for _ in range(60):
        cx = area.centerx
        cy = area.top + int(area.h * (0.56 if portrait else 0.55))
        rx = area.w / 2 - bw / 2
        ry = cy - area.top - bh / 2
        boxes = []
        for a in _seat_angles(k, spread):
            rad = math.radians(a)
            x = cx + rx * math.cos(rad)
            y = cy - ry * math.sin(rad)
            r = Rect(0, 0, bw, bh)
            r.center = (int(x), int(y))
            r.clamp_ip(area)
            boxes.append(r)
        ok = all(not boxes[i].inflate(4, 4).colliderect(boxes[j]) for i in range(len(boxes))
                 for j in range(i + 1, len(boxes)))
        if ok:
            return boxes, (cx, cy)
        if bw > 60 or bh > 44:
            bw = max(60, int(bw * 0.94))
            bh = max(44, int(bh * 0.97))
        elif spread < 40:          # small windows: use more of the sides
            spread += 5
        else:
            break
    return boxes, (cx, cy)


def hand_slots(hand: Rect, card: tuple[int, int], n: int, portrait: bool | None = None) -> list[Rect]:
    """Rects of ``n`` hand cards (index 0 leftmost of the top row), overlapping so each
    card's corner index stays visible; wraps into rows when one row would be too tight.
    The rects sit at the bottom of ``hand``, leaving room above to raise selected cards.
    At a density other than 1 the cards are placed in layout pixels (so they wrap as
    there), then drawn at device pixels."""
    d = _density
    if d == 1.0:
        return _hand_slots(hand, card, n)
    lhand = Rect(int(round(hand.left / d)), int(round(hand.top / d)), int(round(hand.w / d)), int(round(hand.h / d)))
    lcard = (max(1, int(round(card[0] / d))), max(1, int(round(card[1] / d))))
    out = []
    for r in _hand_slots(lhand, lcard, n):
        x = min(hand.right - card[0], max(hand.left, int(round(r.left * d))))
        out.append(Rect(x, int(round(r.bottom * d)) - card[1], card[0], card[1]))
    return out


def _hand_slots(hand: Rect, card: tuple[int, int], n: int) -> list[Rect]:
    if n <= 0:
        return []
    cw, ch = card
    raise_h = int(ch * 0.2)
    min_step = max(18, int(cw * 0.42))
    max_step = int(cw * 1.04)
    avail = hand.w
    per_row = max(1, (avail - cw) // min_step + 1)
    rows_needed = max(1, math.ceil(n / per_row))
    room_rows = max(1, 1 + (hand.h - raise_h - ch) // max(1, int(ch * 0.52)))
    n_rows = min(rows_needed, max(room_rows, 1)) if rows_needed > 1 else 1
    if n_rows < rows_needed:           # more cards than fit comfortably: squeeze steps
        n_rows = room_rows
    counts = _row_counts(n, n_rows)
    row_step = int(ch * 0.52) if n_rows > 1 else 0
    if n_rows > 1:
        row_step = min(int(ch * 0.52), (hand.h - raise_h - ch) // (n_rows - 1))
    out: list[Rect] = []
    bottom = hand.bottom
    for ri, cnt in enumerate(counts):
        step = min(max_step, (avail - cw) / max(1, cnt - 1)) if cnt > 1 else 0
        total = cw + step * (cnt - 1)
        x0 = hand.left + max(0.0, (avail - total) / 2)
        y = bottom - ch - (n_rows - 1 - ri) * row_step
        # gentle arc for single-row fans
        for i in range(cnt):
            dy = 0
            if n_rows == 1 and cnt > 2:      # centre cards sit a little higher
                t = (i / (cnt - 1)) * 2 - 1
                dy = -int((1 - t * t) * ch * 0.06)
            x = min(hand.right - cw, max(hand.left, int(x0 + i * step)))
            out.append(Rect(x, int(y + dy), cw, ch))
    return out


def _row_counts(n: int, n_rows: int) -> list[int]:
    base = n // n_rows
    extra = n % n_rows
    # upper rows get the extra cards (they are partly covered anyway)
    return [base + (1 if i < extra else 0) for i in range(n_rows)]


def pile_slots(pile: Rect, card: tuple[int, int], n: int, label_h: int) -> list[Rect]:
    """Positions of the top play's ``n`` cards, fanned and centred in the pile area."""
    if n <= 0:
        return []
    cw, ch = card
    avail = pile.w
    step = min(cw * 0.55, (avail - cw) / max(1, n - 1)) if n > 1 else 0
    total = cw + step * (n - 1)
    x0 = pile.left + (avail - total) / 2
    y = pile.top + 2
    return [Rect(int(x0 + i * step), y, cw, ch) for i in range(n)]

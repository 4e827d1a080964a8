"""One seat's card, the same at every table: the player's avatar (initials on a colour of their
own, the emblem for a bot) and name, the seat on turn lit, a dimmed box for a seat out of the
round, presence's badge while the player is away, and what the game puts on it (``SeatLines``):
the cards in hand, lives as matches, a note (a title, "Σ 34"), tags on the bottom edge ("passt",
"Geber", "Mau!", "klopft") and, for a game that shows them, a row of cards with their value.

The game says what goes on the card (``GameTableScene.seat_lines``); ``draw_seat_card`` draws it
in the seat's rect, with the font sizes per role of ``felt.ui.layout`` (``px``): the name and
the count at the label size, everything else at the small size.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from felt.ui import cardart, fonts, layout, theme
from felt.ui.avatar import avatar_surface
from felt.ui.layout import dp
from felt.ui.widgets import draw_text

BOX = (8, 40, 24)             # a seat's box
BOX_DIM = (26, 40, 32)        # a seat out of the round (or passed)
MATCH = (236, 214, 170)       # a life: a matchstick ...
MATCH_HEAD = theme.DANGER     # ... with its red head
MATCH_GONE = (70, 90, 76)


@dataclass
class Tag:
    """A pill on the seat card's bottom edge ("passt", "Geber")."""
    text: str
    colour: tuple = (60, 70, 66)
    ink: tuple = theme.TEXT
    short: str = ""                   # said instead where the text does not fit the box ("Bot spielt")


@dataclass
class SeatLines:
    """What a game puts on a seat's card."""
    count: int | None = None          # cards in hand: a small stack of backs and the number
    lives: tuple | None = None        # (left, of): lives as matches
    note: str = ""                    # beside the count (a title, "Σ 34"); on its own line(s) with note_lines
    note_lines: int = 0               # the note takes this many lines of its own at the box's bottom (phones)
    tags: list = field(default_factory=list)   # Tags on the bottom edge, the most telling first
    dim: bool = False                 # out of the round, or passed: a darker box, the name dimmed
    crown: bool = False               # the first out wears a crown
    flash: float = 0.0                # 0..1: the seat just played, its box lights up
    cards: list | None = None         # a row of cards in the box (card faces; None: a back)
    card_step: float = 0.75           # how far each card of the row stands from the last (card widths)
    value: str = ""                   # beside that row: its value ("31", "Feuer")
    value_colour: tuple = theme.GOLD
    loss: str = ""                    # under the value: what it cost ("−1")


def badge_height(px: dict) -> int:
    """How high the tags on a seat card's bottom edge are (half of it below the box)."""
    return int(px["small"] * 1.45)


def draw_crown(surface: pygame.Surface, pos, size: int) -> None:
    """A gold crown, its base's centre ``size`` below ``pos``."""
    x, y = pos
    s = size
    pts = [(x - s, y + s), (x - s, y), (x - s // 2, y + s // 2), (x, y - s // 4), (x + s // 2, y + s // 2),
           (x + s, y), (x + s, y + s)]
    pygame.draw.polygon(surface, theme.GOLD, pts)
    pygame.draw.polygon(surface, theme.GOLD_DARK, pts, 2)


def draw_lives(surface: pygame.Surface, rect: pygame.Rect, left: int, of: int) -> int:
    """Lives as matchsticks (a burnt one for each life lost); returns the x where they end."""
    stick_h = rect.h
    sw = max(3, stick_h // 6)
    x = rect.left
    for i in range(of):
        alive = i < left
        stick = (x, rect.top + stick_h // 5, sw, stick_h - stick_h // 5)
        pygame.draw.rect(surface, MATCH if alive else MATCH_GONE, stick, border_radius=2)
        if alive:
            pygame.draw.ellipse(surface, MATCH_HEAD, (x - 1, rect.top, sw + 2, stick_h // 3))
        x += sw + max(3, sw)
    return x


def draw_tags(surface: pygame.Surface, box: pygame.Rect, tags: list, px: dict) -> None:
    """The tags as pills centred on the box's bottom edge, as many as fit, the first first."""
    if not tags:
        return
    h = badge_height(px)
    gap = dp(4)
    size = px["small"]
    widths = []
    tags = [Tag(t.short, t.colour, t.ink) if t.short and fonts.width(t.text, size, True) + dp(16) > box.w - dp(8)
            else t for t in tags]
    for tag in tags:
        w = min(box.w - dp(8), fonts.width(tag.text, size, True) + dp(16))
        if sum(widths) + gap * len(widths) + w > box.w - dp(8):
            break
        widths.append(w)
    x = box.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
    for tag, w in zip(tags, widths):
        pill = pygame.Rect(x, 0, w, h)
        pill.centery = box.bottom
        pygame.draw.rect(surface, tag.colour, pill, border_radius=pill.h // 2)
        pygame.draw.rect(surface, (0, 0, 0), pill, 1, border_radius=pill.h // 2)
        draw_text(surface, tag.text, pill.inflate(-dp(8), 0), size, tag.ink, bold=True, min_px=10)
        x += w + gap


def draw_seat_card(surface: pygame.Surface, rect: pygame.Rect, name: str, lines: SeatLines, px: dict,
                   on_turn: bool = False, bot: bool = False, away: str | None = None, pulse: float = 0.5,
                   away_short: str = "") -> None:
    """A seat's card in ``rect`` (the tags straddle its box's bottom edge, inside ``rect``):
    ``name`` with its avatar (``bot``: the bot's emblem), the seat on turn lit (``pulse`` 0..1:
    the glow's beat), ``away``: presence's badge ("weg · 25 s"), which dims the box
    (``away_short``: its words where the box is too narrow for them, "Bot spielt")."""
    badge_h = badge_height(px)
    box = pygame.Rect(rect.left, rect.top, rect.w, rect.h - badge_h // 2)
    if on_turn:
        # the pulse in 8 steps: the glow's panels come from theme.panel's cache
        p = round(pulse * 8) / 8
        glow = box.inflate(dp(8 + int(6 * p)), dp(8 + int(6 * p)))
        theme.panel(surface, glow, theme.ACCENT, alpha=70 + int(60 * p), radius=16)
    if lines.flash > 0:
        theme.panel(surface, box.inflate(dp(10), dp(10)), (255, 255, 255), alpha=int(120 * lines.flash) // 20 * 20,
                    radius=16)
    theme.panel(surface, box, BOX_DIM if lines.dim else BOX, alpha=225, radius=12,
                border=theme.ACCENT if on_turn else theme.PANEL_BORDER, border_width=3 if on_turn else 1)
    pad = max(dp(4), min(box.h // 10, dp(8)))
    inner = box.inflate(-2 * pad, -2 * pad)
    inner.h -= badge_h // 3
    note_r = None
    if lines.note_lines:
        th = int(px["small"] * 1.25) * lines.note_lines
        note_r = pygame.Rect(inner.left, inner.bottom - th, inner.w, th)
        inner.h -= th
    if lines.cards:
        # a row of cards below: the count or the lives go to the name line's right end
        name_h = min(inner.h // 2, int(px["label"] * 1.5))
        name_r = pygame.Rect(inner.left, inner.top, inner.w, name_h)
        info_w = min(inner.w // 2, _info_width(lines, px, name_h))
        info_r = pygame.Rect(name_r.right - info_w, name_r.top, info_w, name_h)
        name_r.w -= info_w + dp(6)
        two = 2 * fonts.line_height(_name_floor(px), True)
        if fonts.width(name, _name_floor(px), True) > name_r.w and inner.h - two >= max(dp(24), inner.h // 3):
            name_r.h = two             # a narrow box: a long name on two lines, the cards' row lower
    else:
        name_h = int(inner.h * 0.5)
        name_r = pygame.Rect(inner.left, inner.top, inner.w, name_h)
        info_r = pygame.Rect(inner.left, name_r.bottom, inner.w, inner.h - name_h)
    crown_s = max(dp(8), box.h // 6)
    if lines.crown:                # the crown in the top right corner: the name ends before it
        name_r.w = max(dp(10), box.right - dp(14) - crown_s - dp(3) - name_r.left)
    _draw_name(surface, name_r, name, lines, px, on_turn, bot)
    _draw_info(surface, info_r, lines, px, beside_note=note_r is None)
    if lines.cards:
        row = pygame.Rect(inner.left, name_r.bottom + dp(2), inner.w, inner.bottom - name_r.bottom - dp(2))
        _draw_row(surface, row, lines, px)
    if note_r is not None and lines.note:
        _draw_note_line(surface, note_r, box, lines, px)
    if lines.crown:
        draw_crown(surface, (box.right - dp(14), box.top + dp(4)), crown_s)
    if away:
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        surface.blit(veil, box.topleft)
        draw_tags(surface, box, [Tag(away, theme.DANGER_DARK, short=away_short)], px)
    else:
        draw_tags(surface, box, lines.tags, px)


def _name_floor(px: dict) -> int:
    """The smallest size a seat's name is drawn at (device pixels)."""
    return min(px["label"], dp(12))


def _draw_name(surface, name_r: pygame.Rect, name: str, lines: SeatLines, px: dict, on_turn: bool, bot: bool) -> None:
    """The avatar and the name; a name too long for one line even at the smallest size takes
    two where the box gives them (broken at a space or hyphen: "Cleopatra-" / "Philomena")."""
    colour = theme.ACCENT if on_turn else (theme.TEXT_DIM if lines.dim else theme.TEXT)
    d = min(name_r.h, int(px["label"] * 1.5))
    if d >= dp(14) and name_r.w > 3 * d and fonts.width(name, px["label"], True) <= name_r.w - d - dp(5):
        # the player's avatar before the name, where the name still fits beside it
        surface.blit(avatar_surface(name, d, bot=bot), (name_r.left, name_r.centery - d // 2))
        name_r = pygame.Rect(name_r.left + d + dp(5), name_r.top, name_r.w - d - dp(5), name_r.h)
    floor = _name_floor(px)
    two = name_r.h >= 2 * fonts.line_height(floor, True) and fonts.width(name, floor, True) > name_r.w
    draw_text(surface, name, name_r, px["label"], colour, align="left", bold=True, min_px=min(px["label"], 12),
              wrap=two, max_lines=2 if two else 0)


def _lives_height(info_h: int, px: dict) -> int:
    return max(dp(12), min(info_h - dp(2), int(px["label"] * 1.2)))


def _count_card(info_h: int, px: dict) -> tuple[int, int]:
    ch = max(8, min(int(info_h * 0.9), int(px["label"] * 1.6)))
    return int(ch / layout.CARD_RATIO), ch


def _info_width(lines: SeatLines, px: dict, info_h: int) -> int:
    """How wide the count or the lives are in a line ``info_h`` high."""
    if lines.count:
        cw, _ = _count_card(info_h, px)
        return cw + dp(3) * (min(lines.count, 3) - 1) + dp(10) + fonts.width(str(lines.count), px["label"], True)
    if lines.lives is not None:
        sw = max(3, _lives_height(info_h, px) // 6)
        return lines.lives[1] * (sw + max(3, sw))
    return 0


def _draw_info(surface, info_r: pygame.Rect, lines: SeatLines, px: dict, beside_note: bool) -> None:
    """The count (a stack of backs and the number) or the lives, and the note beside them."""
    right = info_r.left
    if lines.count:
        cw, ch = _count_card(info_r.h, px)
        back = cardart.back_surface((cw, ch))
        by = info_r.centery - ch // 2
        for k in range(min(lines.count, 3) - 1, -1, -1):
            surface.blit(back, (info_r.left + dp(3) * k, by - k))
        cnt_x = info_r.left + cw + dp(3) * (min(lines.count, 3) - 1) + dp(6)
        cnt_w = min(fonts.width(str(lines.count), px["label"], True) + dp(4), info_r.right - cnt_x)
        draw_text(surface, str(lines.count), pygame.Rect(cnt_x, info_r.top, max(dp(10), cnt_w), info_r.h),
                  px["label"], theme.TEXT, align="left", bold=True, min_px=10)
        right = cnt_x + cnt_w
    elif lines.lives is not None:
        lh = _lives_height(info_r.h, px)
        right = draw_lives(surface, pygame.Rect(info_r.left, info_r.centery - lh // 2, info_r.w, lh), *lines.lives)
    if beside_note and lines.note:
        note_r = pygame.Rect(right + dp(6), info_r.top, info_r.right - right - dp(6), info_r.h)
        if note_r.w >= dp(40):
            draw_text(surface, lines.note, note_r, px["small"], theme.TEXT_DIM, align="right", min_px=10)


def _draw_note_line(surface, note_r: pygame.Rect, box: pygame.Rect, lines: SeatLines, px: dict) -> None:
    """The note on its own line(s): a long one ("Vize-Tellerwäscher") takes the box's whole
    width, and two lines where the card has them (broken after its hyphen), rather than a tiny
    size."""
    note, two = lines.note, False
    if fonts.width(note, px["small"], False) > note_r.w:
        note_r = pygame.Rect(box.left + dp(3), note_r.top, box.w - dp(6), note_r.h)
        two = lines.note_lines > 1 and ("-" in note or " " in note)
    draw_text(surface, note.replace("-", "-\n", 1) if two else note, note_r, px["small"], theme.TEXT_DIM,
              align="left", wrap=two, max_lines=lines.note_lines, min_px=10)


def _draw_row(surface, area: pygame.Rect, lines: SeatLines, px: dict) -> None:
    """The row of cards at the box's bottom, and their value (and what it cost) beside it."""
    cards = lines.cards or []
    if area.h < dp(12) or not cards:
        return
    n = len(cards)
    room = area.w * (0.6 if lines.value else 1.0)
    ch = min(area.h, int(px["body"] * 4.5))
    cw = int(ch / 1.45)
    span = cw * (1 + lines.card_step * (n - 1))
    if span > room:                     # a narrow box: smaller cards
        cw = max(dp(8), int(room / (1 + lines.card_step * (n - 1))))
        ch = int(cw * 1.45)
    x, y = area.left, area.bottom - ch
    for card in cards:
        img = cardart.back_surface((cw, ch)) if card is None else cardart.card_surface(card, (cw, ch))
        surface.blit(img, (int(x), y))
        x += cw * lines.card_step
    if lines.value:
        vx = int(x - cw * lines.card_step + cw) + dp(6)
        vr = pygame.Rect(vx, y, area.right - vx, ch)
        draw_text(surface, lines.value, pygame.Rect(vr.left, vr.top, vr.w, vr.h // 2), px["title"],
                  lines.value_colour, align="left", bold=True, min_px=10)
        if lines.loss:
            draw_text(surface, lines.loss, pygame.Rect(vr.left, vr.centery, vr.w, vr.h // 2), px["small"],
                      theme.DANGER, align="left", bold=True, min_px=10)

"""'Regeln bearbeiten' for Präsident: an editor for every option of RULES.md §2
(``felt.games.praesident.rules.Rules``), the shared rule editor (``felt.ui.rules_editor``)
with Präsident's own form.

- The deck's ranks are chips in order (``RankEditor``); the joker card and the leading card
  are picked from the deck; options without effect right now are dimmed.
- Every change is checked at once with ``Rules.validate()``; an impossible combination
  shows the engine's own explanation (``RulesError.de`` / ``.en``) in the player's words,
  and Save / Apply stay disabled until it is fixed.

``rules_summary(rules)`` gives the short text lines the lobby shows; ``snapshot_scene()``
builds the editor from demo data for ``felt snapshot``.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from felt.cards import FRENCH_RANKS, JASS_RANKS, suits_for
from felt.games.praesident.rules import CHOICES, Rules, RulesError, load_rules
from felt.ui import i18n, theme
from felt.ui.layout import dp
from felt.ui.rules_editor import FieldRow, HelpLine, ReadOnlyRow, RulesEditor, SectionTitle
from felt.ui.scene import PRESS, RELEASE, Input
from felt.ui.shell import StackChoice
from felt.ui.widgets import Choice, IconButton, Toggle, Widget, draw_text

ROUND_CHOICES = [0] + list(range(1, 21)) + [25, 30, 40, 50, 99]
DEFAULT_RANKS = {"french": ("7", "8", "9", "10", "J", "Q", "K", "A", "2"),
                 "jass": ("6", "7", "8", "9", "10", "U", "O", "K", "A")}


# ----------------------------------------------------------------------------
# value texts
def card_text(code: str) -> str:
    """'H7' -> 'Herz 7' (or '—' for none)."""
    if not code:
        return "—"
    suit, rank = code[0], code[1:].split(".")[0]
    return f"{i18n.suit_name(suit)} {i18n.rank_name(rank)}"


def ranks_text(ranks) -> str:
    return " ".join(i18n.rank_label(r) for r in ranks)


def value_text(opt: str, value) -> str:
    if isinstance(value, bool):
        return i18n.t("on") if value else i18n.t("off")
    if opt == "ranks":
        return ranks_text(value)
    if opt == "rounds":
        return i18n.t("rules.rounds.open") if value == 0 else str(value)
    if opt in ("joker_card", "first_leader_card"):
        return card_text(value)
    if opt in CHOICES and isinstance(value, str):
        key = f"rules.{opt}.{value}"
        return i18n.t(key) if i18n.has(key) else str(value)
    return str(value)


def explain(err: RulesError) -> str:
    """The engine's explanation in the player's words: option labels as the editor shows
    them ("2er räumen ab", not "twos_clear"), cards by name ("Herz 7", not "H7")."""
    if err.key in ("leader_card", "joker_card") and err.params.get("code") in ("", "—", None):
        return i18n.t("rules.err." + err.key + "_none")
    params = dict(err.params)
    opt = params.get("opt")
    if isinstance(opt, str) and i18n.has(f"rules.{opt}"):
        params["opt"] = i18n.t(f"rules.{opt}")
    if isinstance(params.get("code"), str) and params["code"]:
        params["code"] = card_text(params["code"])
    try:
        return RulesError(err.key, **params).text(i18n.get_lang())
    except (KeyError, IndexError, ValueError):
        return err.text(i18n.get_lang())


def rules_summary(rules) -> list[str]:
    """Short lines that describe a rule set (shown in the lobby to everyone)."""
    r = rules if isinstance(rules, Rules) else Rules.from_dict(dict(rules), validate=False)
    cards = r.deck_size()
    lines = [
        i18n.t("app.sum.deck", ranks=ranks_text(r.ranks), copies=r.copies, n=cards),
        i18n.t("app.sum.players", lo=r.min_players, hi=r.max_players) + " · "
        + i18n.t("rules.passing") + ": " + value_text("passing", r.passing),
    ]
    clears = []
    if r.quad_clears != "off":
        clears.append(i18n.t("kind.quad") + " (" + value_text("quad_clears", r.quad_clears) + ")")
    if r.twos_clear:
        clears.append(i18n.t("rules.twos_clear"))
    if r.eights_clear:
        clears.append(i18n.t("rules.eights_clear"))
    lines.append(i18n.t("app.sum.clears") + ": " + (", ".join(clears) if clears else i18n.t("off")))
    extra = []
    if r.sequences:
        extra.append(i18n.t("rules.sequences") + f" ({r.sequence_min}+)")
    if r.equal_beats:
        extra.append(i18n.t("rules.equal_beats"))
    if r.eight_skips:
        extra.append(i18n.t("rules.eight_skips"))
    if r.revolution:
        extra.append(i18n.t("rules.revolution"))
    if r.jokers:
        extra.append(f"{r.jokers} × " + i18n.t("rules.jokers") + " (" + value_text("joker_power", r.joker_power) + ")")
    if r.joker_card:
        extra.append(i18n.t("rules.joker_card") + ": " + card_text(r.joker_card))
    if extra:
        lines.append(", ".join(extra))
    ex = (i18n.t("rules.exchange") + f": {r.exchange_top}/{r.exchange_second}") if r.exchange \
        else (i18n.t("rules.exchange") + ": " + i18n.t("off"))
    if r.exchange and r.schnorren:
        ex += " · " + i18n.t("rules.schnorren")
    lines.append(ex + " · " + i18n.t("rules.rounds") + ": " + value_text("rounds", r.rounds))
    return lines


# ----------------------------------------------------------------------------
class RankEditor(Widget):
    """The deck's ranks, low → high, as chips. Tap a rank to select it, move it with ◀ ▶,
    tap it again to take it out; tap a dim rank (not in the deck) to add it at the top."""

    def __init__(self, ranks, style: str, on_change: Callable[[tuple], Any] | None = None, px: int = 16) -> None:
        super().__init__()
        self.ranks = list(ranks)
        self.style = style
        self.on_change = on_change
        self.px = px
        self.sel: str | None = None
        self.enabled = True
        self._down: str | None = None
        self.left_btn = IconButton("◀", lambda: self.move(-1))
        self.right_btn = IconButton("▶", lambda: self.move(1))
        self._chips: list[tuple[str, bool, pygame.Rect]] = []

    def all_ranks(self) -> tuple:
        return FRENCH_RANKS if self.style == "french" else JASS_RANKS

    def set(self, ranks, style: str) -> None:
        self.ranks, self.style = list(ranks), style
        if self.sel not in self.ranks:
            self.sel = None
        self._place()

    def chip_size(self) -> tuple[int, int]:
        return max(dp(40), int(self.px * 2.6)), max(dp(44), int(self.px * 2.7))

    def label_h(self) -> int:
        return max(dp(44), int(self.px * 2.6))

    def height_for(self, w: int) -> int:
        cw, ch = self.chip_size()
        per_row = max(1, (w + dp(6)) // (cw + dp(6)))
        n_in = len(self.ranks)
        n_out = len([r for r in self.all_ranks() if r not in self.ranks])
        rows = -(-n_in // per_row) + (-(-n_out // per_row) if n_out else 0)
        return self.label_h() + max(1, rows) * (ch + dp(6)) + dp(4)

    def relayout(self, rect) -> None:
        self.set_rect(rect)
        self._place()

    def _place(self) -> None:
        r = self.rect
        lh = self.label_h()
        bw = lh
        self.right_btn.set_rect(pygame.Rect(r.right - bw, r.top, bw, lh - dp(4)))
        self.left_btn.set_rect(pygame.Rect(r.right - 2 * bw - dp(6), r.top, bw, lh - dp(4)))
        for b in (self.left_btn, self.right_btn):
            b.px = self.px
            b.enabled = self.enabled and self.sel is not None
            b.visible = self.enabled
        cw, ch = self.chip_size()
        per_row = max(1, (r.w + dp(6)) // (cw + dp(6)))
        chips = []
        x, y, col = r.left, r.top + lh, 0
        for rank in self.ranks:
            chips.append((rank, True, pygame.Rect(x, y, cw, ch)))
            col += 1
            x += cw + dp(6)
            if col == per_row:
                col, x, y = 0, r.left, y + ch + dp(6)
        out = [rk for rk in self.all_ranks() if rk not in self.ranks]
        if out:
            if col:
                col, x, y = 0, r.left, y + ch + dp(6)
            for rank in out:
                chips.append((rank, False, pygame.Rect(x, y, cw, ch)))
                col += 1
                x += cw + dp(6)
                if col == per_row:
                    col, x, y = 0, r.left, y + ch + dp(6)
        self._chips = chips

    def _changed(self) -> None:
        self._place()
        if self.on_change:
            self.on_change(tuple(self.ranks))

    def move(self, d: int) -> None:
        if self.sel not in self.ranks:
            return
        i = self.ranks.index(self.sel)
        j = i + d
        if 0 <= j < len(self.ranks):
            self.ranks[i], self.ranks[j] = self.ranks[j], self.ranks[i]
            self._changed()

    def tap(self, rank: str) -> None:
        if rank in self.ranks:
            if self.sel == rank:
                self.ranks.remove(rank)
                self.sel = None
                self._changed()
            else:
                self.sel = rank
                self._place()
        else:
            self.ranks.append(rank)
            self.sel = rank
            self._changed()

    def chip_rect(self, rank: str) -> pygame.Rect | None:
        for rk, _, rr in self._chips:
            if rk == rank:
                return rr
        return None

    def handle(self, inp: Input):
        if not self.visible or not self.enabled:
            return False
        for b in (self.left_btn, self.right_btn):
            r = b.handle(inp)
            if r:
                return r
        if inp.kind == PRESS:
            self._down = next((rk for rk, _, rr in self._chips if rr.collidepoint(inp.pos)), None)
            return self._down is not None
        if inp.kind == RELEASE and self._down is not None:
            d, self._down = self._down, None
            rr = self.chip_rect(d)
            if rr is not None and rr.collidepoint(inp.pos):
                self.tap(d)
                return True
            return "hover"
        return False

    def draw(self, surface) -> None:
        if not self.visible:
            return
        r = self.rect
        lh = self.label_h()
        lab = pygame.Rect(r.left, r.top, (self.left_btn.rect.left - r.left - dp(8)) if self.enabled else r.w, lh - dp(4))
        draw_text(surface, i18n.t("rules.ranks"), lab, self.px, theme.TEXT, align="left", wrap=True, max_lines=2)
        if self.enabled:
            self.left_btn.draw(surface)
            self.right_btn.draw(surface)
        for rank, inside, rr in self._chips:
            if inside:
                sel = rank == self.sel
                pygame.draw.rect(surface, theme.CARD_FACE if not sel else theme.CARD_SELECT, rr, border_radius=8)
                pygame.draw.rect(surface, theme.GOLD if sel else theme.CARD_EDGE, rr, 2, border_radius=8)
                draw_text(surface, i18n.rank_label(rank), rr.inflate(-dp(4), -dp(4)), self.px + 2, theme.TEXT_DARK, bold=True)
            else:
                theme.panel(surface, rr, (8, 44, 26), alpha=160, radius=8, border=(90, 120, 100), border_width=1)
                draw_text(surface, i18n.rank_label(rank), rr.inflate(-dp(4), -dp(4)), self.px, theme.TEXT_DIM)


# ----------------------------------------------------------------------------
def _choices(opt: str) -> list[tuple[Any, str]]:
    if opt in CHOICES:
        return [(v, value_text(opt, v)) for v in CHOICES[opt]]
    rng = {"min_players": range(3, 9), "max_players": range(3, 9), "sequence_min": range(3, 14),
           "exchange_top": range(0, 5), "exchange_second": range(0, 5)}
    if opt in rng:
        return [(v, str(v)) for v in rng[opt]]
    if opt == "rounds":
        return [(v, value_text("rounds", v)) for v in ROUND_CHOICES]
    raise KeyError(opt)


# option -> widget kind; in the order of RULES.md §2, grouped
SECTIONS = [
    ("app.sec.deck", ["suits", "ranks", "copies", "jokers", "joker_card", "joker_power"]),
    ("app.sec.players", ["min_players", "max_players", "first_leader", "first_leader_card", "leftover"]),
    ("app.sec.play", ["largest_set", "sequences", "sequence_min", "equal_beats", "passing"]),
    ("app.sec.effects", ["quad_clears", "twos_clear", "eights_clear", "eight_skips", "revolution"]),
    ("app.sec.exchange", ["exchange", "exchange_top", "exchange_second", "schnorren"]),
    ("app.sec.match", ["rounds", "titles"]),
]
BOOL_OPTS = {"sequences", "equal_beats", "twos_clear", "eights_clear", "eight_skips", "revolution", "exchange",
             "schnorren"}
CARD_OPTS = {"joker_card", "first_leader_card"}


class RulesEditorScene(RulesEditor):
    """Präsident's rule editor (``Game.rules_editor()``): the signature of every rule editor,
    ``(game, rules_dict, on_apply=None, folder=None, players=None)``."""

    def _build(self) -> None:
        items: list[Widget] = []
        self.widgets["name"] = FieldRow(i18n.t("rules.name"), self.name_field)
        self.widgets["name"].enabled = not self.read_only
        items.append(self.widgets["name"] if not self.read_only else
                     ReadOnlyRow(i18n.t("rules.name"), str(self.data.get("name", ""))))
        for sec, opts in SECTIONS:
            items.append(SectionTitle(i18n.t(sec)))
            for opt in opts:
                if self.read_only:
                    # a guest reads the rules: text rows, no controls that look tappable
                    row = ReadOnlyRow(i18n.t(f"rules.{opt}"), value_text(opt, self.data.get(opt)))
                    self.widgets[opt] = row
                    items.append(row)
                else:
                    items.append(self._make(opt))
                text = self.help_text(opt)
                if text:
                    hl = HelpLine(text)
                    hl.opt = opt
                    items.append(hl)
        self.items = items
        self._sync_widgets()

    def _make(self, opt: str) -> Widget:
        label = i18n.t(f"rules.{opt}")
        if opt == "ranks":
            w = RankEditor(self.data["ranks"], self.data["suits"], on_change=lambda v: self.set("ranks", list(v)))
        elif opt in BOOL_OPTS:
            w = Toggle(label, bool(self.data[opt]), on_change=lambda v, o=opt: self.set(o, v))
        elif opt in CARD_OPTS:
            w = StackChoice(label, self._card_choices(opt), self.data[opt], on_change=lambda v, o=opt: self.set(o, v))
        else:
            w = StackChoice(label, _choices(opt), self.data[opt], on_change=lambda v, o=opt: self.set(o, v))
        w.enabled = not self.read_only
        self.widgets[opt] = w
        return w

    def _card_choices(self, opt: str) -> list[tuple[Any, str]]:
        style = self.data.get("suits", "french")
        try:
            suits = suits_for(style)
        except ValueError:
            suits = ()
        opts = [("", "—")] + [(s + r, card_text(s + r)) for r in self.data.get("ranks", ()) for s in suits]
        cur = self.data.get(opt, "")
        if cur and all(v != cur for v, _ in opts):
            opts.append((cur, card_text(cur)))   # keep an impossible value so its error is explained
        return opts

    def _sync_widgets(self) -> None:
        """Widgets show ``self.data`` (after a load or a dependent change)."""
        for opt, w in self.widgets.items():
            if isinstance(w, ReadOnlyRow):
                w.value = value_text(opt, self.data.get(opt))
            elif opt == "name":
                if self.name_field.text != self.data.get("name", ""):
                    self.name_field.text = str(self.data.get("name", ""))
            elif opt == "ranks":
                w.set(self.data["ranks"], self.data["suits"])
            elif isinstance(w, Toggle):
                w.value = bool(self.data[opt])
            elif isinstance(w, Choice):
                if opt in CARD_OPTS:
                    w.options = self._card_choices(opt)
                elif opt == "rounds" and self.data[opt] not in ROUND_CHOICES:
                    w.options = _choices(opt) + [(self.data[opt], str(self.data[opt]))]
                w.set_value(self.data[opt])
        # options that only matter with another option on are dimmed (still editable)
        dep = {"sequence_min": self.data.get("sequences"), "exchange_top": self.data.get("exchange"),
               "exchange_second": self.data.get("exchange"), "schnorren": self.data.get("exchange"),
               "first_leader_card": self.data.get("first_leader") == "card",
               "joker_power": bool(self.data.get("jokers") or self.data.get("joker_card"))}
        for opt, on in dep.items():
            w = self.widgets.get(opt)
            if w is not None and not self.read_only:
                w.enabled = True
                w.dimmed = not on

    def rules(self) -> Rules:
        """The edited rule set (not validated)."""
        return Rules.from_dict(self.data, validate=False)

    def adjust(self, opt: str, value) -> None:
        if opt == "suits":
            # another suit style has other ranks: start from its usual deck
            self.data["ranks"] = list(DEFAULT_RANKS.get(value, self.data["ranks"]))

    def find_error(self) -> RulesError | None:
        try:
            self.rules().validate()
        except RulesError as exc:
            return exc
        except (TypeError, ValueError) as exc:   # anything odd in hand-edited data
            return RulesError("bad_value", opt="?", value=str(exc), allowed="…")
        return None

    def error_text(self) -> str:
        if self.error is None:
            return ""
        if self.error.key in ("leader_card", "joker_card") and self.error.params.get("code") in ("", "—", None):
            return explain(self.error)          # a missing choice: say what to pick, not "impossible"
        return i18n.t("rules.invalid", msg=explain(self.error))

    def ok_text(self) -> str:
        try:
            n = self.rules().deck_size()
        except Exception:
            n = 0
        return i18n.t("app.rules_ok", n=n)

    def item_height(self, wdg: Widget, row_h: int) -> int:
        if isinstance(wdg, RankEditor):
            return wdg.height_for(self.form.rect.w - dp(6))
        return super().item_height(wdg, row_h)


def snapshot_scene() -> RulesEditorScene:
    """The editor on a FOLGEN copy with an impossible joker choice, for ``felt snapshot``."""
    import tempfile
    from pathlib import Path
    from felt import games
    ed = RulesEditorScene(games.get("praesident"), load_rules("FOLGEN").to_dict(), on_apply=lambda d: None,
                          folder=Path(tempfile.gettempdir()) / "felt-snapshot-rules")
    ed.set("jokers", 1)
    ed.set("joker_card", "H7")       # both an added joker and a designated one: explained
    return ed


def snapshot_readonly() -> RulesEditorScene:
    """The rules in force as a guest sees them (read-only), for ``felt snapshot``."""
    from felt import games
    return RulesEditorScene(games.get("praesident"), load_rules("PR-005").to_dict(), on_apply=None)

"""'Regeln bearbeiten': an editor for every option of RULES.md §2 (``felt.games.praesident.rules.Rules``).

- Every change is checked at once with ``Rules.validate()``; an impossible combination
  shows the engine's own explanation (``RulesError.de`` / ``.en``) in a box above the
  form, and Save / Apply stay disabled until it is fixed.
- A rule set is saved under its name as TOML in ``config_dir()/rules/NAME.toml``;
  "Laden" lists the saved sets and the templates.
- ``on_apply(rules_dict)`` hands a valid set to the caller (the lobby sends it to the
  host with ``set_rules``); without ``on_apply`` the editor is read-only (players who
  are not the table's owner see the rules in force this way).

``rules_summary(rules)`` gives the short text lines the lobby shows; ``snapshot_scene()``
builds the editor from demo data for ``felt snapshot``.
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any, Callable

import pygame

from felt.cards import FRENCH_RANKS, JASS_RANKS, suits_for
from felt.games.praesident.rules import CHOICES, TEMPLATE_ORDER, Rules, RulesError, load_rules, rules_from_toml, save_rules
from felt.ui import fonts, i18n, layout, theme
from felt.ui.layout import dp
from felt.ui.scene import BACK, KEY, PRESS, RELEASE, Input, Scene
from felt.ui.settings import rules_dir as default_rules_dir
from felt.ui.shell import PickerOverlay, ScrollForm, StackChoice, draw_header, header_buttons
from felt.ui.widgets import Button, Choice, IconButton, TextField, Toast, Toggle, Widget, draw_text

i18n.add_texts({
    "rules.read_only_note": ("Nur zum Lesen: die Regeln legt der Tischbesitzer fest.",
                             "Read only: the table's owner sets the rules."),
})

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


def slug(name: str) -> str:
    """A file name from a rule set's name ('Meine Regeln!' -> 'Meine-Regeln')."""
    s = name.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("Ä", "Ae").replace("Ö", "Oe") \
        .replace("Ü", "Ue").replace("ß", "ss")
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode("ascii")
    s = re.sub(r"[^A-Za-z0-9_]+", "-", s).strip("-")
    return (s or "regeln")[:48]


def saved_rule_sets(folder: Path) -> list[tuple[Path, Rules | None, str]]:
    """(path, rules or None, error text) for every *.toml in ``folder``, sorted by name."""
    out = []
    try:
        files = sorted(Path(folder).glob("*.toml"))
    except OSError:
        files = []
    for p in files:
        try:
            out.append((p, rules_from_toml(p.read_text(encoding="utf-8")), ""))
        except RulesError as exc:
            out.append((p, None, exc.text(i18n.get_lang())))
        except (OSError, UnicodeDecodeError) as exc:
            out.append((p, None, str(exc)))
    return out


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


class FieldRow(Widget):
    """A label and a text field on one row (the rule set's name)."""

    def __init__(self, label: str, field: TextField) -> None:
        super().__init__()
        self.label = label
        self.field = field
        self.px = 16

    def relayout(self, rect) -> None:
        self.set_rect(rect)
        fw = max(self.rect.w * 58 // 100, 160)
        self.field.set_rect(pygame.Rect(self.rect.right - fw, self.rect.top + dp(3), fw, self.rect.h - dp(6)))
        self.field.px = self.px

    def handle(self, inp: Input):
        if not getattr(self, "enabled", True):
            return False
        return self.field.handle(inp)

    def draw(self, surface) -> None:
        lab = pygame.Rect(self.rect.left, self.rect.top, self.field.rect.left - self.rect.left - dp(8), self.rect.h)
        draw_text(surface, self.label, lab, self.px, theme.TEXT, align="left", wrap=True, max_lines=2)
        self.field.draw(surface)


class ReadOnlyRow(Widget):
    """An option as plain text (label, value) for a guest: nothing that looks tappable."""

    def __init__(self, label: str, value: str) -> None:
        super().__init__()
        self.label = label
        self.value = value
        self.px = 16

    def draw(self, surface) -> None:
        r = self.rect
        lab = pygame.Rect(r.left + dp(4), r.top, r.w * 45 // 100, r.h)
        val = pygame.Rect(lab.right + dp(8), r.top, r.right - lab.right - dp(12), r.h)
        draw_text(surface, self.label, lab, self.px, theme.TEXT_DIM, align="left", wrap=True, max_lines=2, min_px=9)
        draw_text(surface, self.value, val, self.px, theme.TEXT, align="right", bold=True, wrap=True, max_lines=2,
                  min_px=9)
        pygame.draw.line(surface, (40, 90, 60), (r.left, r.bottom - 1), (r.right, r.bottom - 1), 1)


class HelpLine(Widget):
    """The one-line explanation under an option (from the game's ``OptionSpec.help``)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        self.px = 13

    def lines_for(self, w: int) -> int:
        return max(1, min(3, len(fonts.wrap(self.text, self.px, max(dp(40), w - dp(8))))))

    def draw(self, surface) -> None:
        draw_text(surface, self.text, self.rect.inflate(-dp(8), 0), self.px, (170, 205, 185), align="left", wrap=True,
                  max_lines=3, valign="top", min_px=9)


def option_help(opt: str, game_id: str | None = None) -> str:
    """The option's one-line explanation in the current language ('' if the game has none)."""
    from felt import games
    try:
        specs = {o.key: o for o in games.get(game_id).options()}
    except Exception:
        return ""
    spec = specs.get(opt)
    if spec is None:
        return ""
    return spec.help.get(i18n.get_lang()) or spec.help.get("de", "")


class SectionTitle(Widget):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        self.px = 15

    def draw(self, surface) -> None:
        r = self.rect
        draw_text(surface, self.text, r.inflate(0, -dp(4)), self.px, theme.GOLD, align="left", bold=True, valign="bottom")
        pygame.draw.line(surface, theme.PANEL_BORDER, (r.left, r.bottom - 1), (r.right, r.bottom - 1), 1)


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


class RulesEditorScene(Scene):
    def __init__(self, rules=None, on_apply: Callable[[dict], Any] | None = None,
                 on_close: Callable[[], Any] | None = None, folder: Path | None = None,
                 read_only: bool | None = None) -> None:
        super().__init__()
        if rules is None:
            rules = load_rules("PR-002")
        self.data: dict = rules.to_dict() if isinstance(rules, Rules) else dict(rules)
        self.on_apply = on_apply
        self.on_close = on_close
        self.folder = Path(folder) if folder is not None else default_rules_dir()
        self.read_only = (on_apply is None) if read_only is None else read_only
        self.error: RulesError | None = None
        self.S: layout.ScreenLayout | None = None
        self.toast = Toast()
        self.widgets: dict[str, Widget] = {}
        self.form = ScrollForm()
        self.close_btn = IconButton("✕", self.close, hotkeys=(pygame.K_ESCAPE,))
        self.load_btn = Button(i18n.t("load"), self.open_load, kind="secondary")
        self.save_btn = Button(i18n.t("save"), self.save, kind="secondary")
        self.apply_btn = Button(i18n.t("rules.apply"), self.apply, kind="primary")
        self.done_btn = Button(i18n.t("close"), self.close, kind="secondary")
        self.last_saved: Path | None = None
        self._build()
        self.check()

    # ------------------------------------------------------------- the form
    def _build(self) -> None:
        items: list[Widget] = []
        self.name_field = TextField(str(self.data.get("name", "")), max_len=60, on_change=self._name_changed,
                                    on_submit=lambda _t: self.name_field.focus(False))
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
                text = option_help(opt)
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

    def set(self, opt: str, value) -> None:
        """Change one option (as the widgets do), then check the whole set."""
        if self.read_only:
            return
        self.data[opt] = value
        if opt == "suits":
            # another suit style has other ranks: start from its usual deck
            self.data["ranks"] = list(DEFAULT_RANKS.get(value, self.data["ranks"]))
        if str(self.data.get("id", "")).upper() in TEMPLATE_ORDER:
            self.data["id"] = "CUSTOM"
        self._sync_widgets()
        self.check()
        if self.S is not None:
            self._place_form()
        self.mark_dirty()

    def _name_changed(self, text: str) -> None:
        self.data["name"] = text
        self.check()
        self.mark_dirty()

    def check(self) -> RulesError | None:
        try:
            self.rules().validate()
            self.error = None
        except RulesError as exc:
            self.error = exc
        except (TypeError, ValueError) as exc:   # anything odd in hand-edited data
            self.error = RulesError("bad_value", opt="?", value=str(exc), allowed="…")
        ok = self.error is None
        self.save_btn.enabled = ok
        self.apply_btn.enabled = ok
        if self.S is not None and self._box_h(self.S) != self.err_rect.h:
            self.layout(*self.size)              # the status box grew or shrank
        return self.error

    def error_text(self) -> str:
        if self.error is None:
            return ""
        if self.error.key in ("leader_card", "joker_card") and self.error.params.get("code") in ("", "—", None):
            return explain(self.error)          # a missing choice: say what to pick, not "impossible"
        return i18n.t("rules.invalid", msg=explain(self.error))

    # -------------------------------------------------------------- actions
    def close(self) -> None:
        self.name_field.focus(False)
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()
        if self.on_close:
            self.on_close()

    def apply(self) -> None:
        if self.read_only or self.check() is not None:
            return
        data = self.rules().to_dict()
        if self.on_apply:
            self.on_apply(data)
        self.close()

    def save(self) -> Path | None:
        """Save under the rule set's name in the rules folder; returns the path."""
        if self.check() is not None:
            self.toast.show(self.error_text(), 2.5, "bad")
            self.mark_dirty()
            return None
        name = " ".join(str(self.data.get("name", "")).split())
        self.data["name"] = name
        path = self.folder / f"{slug(name)}.toml"
        try:
            save_rules(self.rules(), path)
        except (OSError, RulesError) as exc:
            self.toast.show(i18n.t("net.error", msg=str(exc)), 3.0, "bad")
            self.mark_dirty()
            return None
        self.last_saved = path
        self.toast.show(i18n.t("rules.saved", name=name), 2.0, "good")
        self.mark_dirty()
        return path

    def load_choices(self) -> list[dict]:
        items = []
        for p, r, err in saved_rule_sets(self.folder):
            if r is not None:
                items.append({"title": r.name, "subtitle": p.name, "source": ("file", p)})
            else:
                items.append({"title": p.stem, "subtitle": err, "source": ("bad", p), "enabled": False})
        for tid in TEMPLATE_ORDER:
            try:
                r = load_rules(tid)
            except RulesError:
                continue
            items.append({"title": r.name, "subtitle": i18n.t("lobby.template") + " " + tid, "source": ("tpl", tid)})
        return items

    def open_load(self) -> None:
        if self.stack is None:
            return
        self.stack.push(PickerOverlay(i18n.t("app.load_title"), self.load_choices(), self._loaded))

    def _loaded(self, i: int, item: dict) -> None:
        kind, ref = item["source"]
        try:
            r = load_rules(ref) if kind == "tpl" else rules_from_toml(Path(ref).read_text(encoding="utf-8"))
        except (OSError, RulesError) as exc:
            self.toast.show(i18n.t("net.error", msg=str(exc)), 3.0, "bad")
            self.mark_dirty()
            return
        self.load(r)
        self.toast.show(i18n.t("rules.loaded", name=r.name), 2.0, "good")

    def load(self, rules) -> None:
        self.data = rules.to_dict() if isinstance(rules, Rules) else dict(rules)
        self._sync_widgets()
        self.check()
        if self.S is not None:
            self._place_form()
        self.mark_dirty()

    # --------------------------------------------------------------- layout
    def layout(self, w: int, h: int) -> None:
        self.S = S = layout.screen_layout(w, h, max_content_w=720)
        px = S.px
        lp, rp = header_buttons(S, self.close_btn, ())
        self._pads = (lp, rp)
        m = S.margin
        err_h = self._box_h(S)
        self.err_rect = pygame.Rect(S.content.left, S.header.bottom + m // 2, S.content.w, err_h)
        bh = S.button_h
        self.footer = pygame.Rect(S.content.left, h - bh - m, S.content.w, bh)
        btns = [self.done_btn] if self.read_only else [self.load_btn, self.save_btn, self.apply_btn]
        pad = max(dp(6), bh // 5)
        needs = [fonts.width(b.text, px["button"], True) + 2 * pad + dp(8) for b in btns]
        for b, r in zip(btns, layout.button_row_fit(self.footer, needs, gap=m, max_w=dp(260))):
            b.set_rect(r)
            b.px = px["button"]
        for b in (self.load_btn, self.save_btn, self.apply_btn):
            b.visible = not self.read_only
        self.done_btn.visible = self.read_only
        self.form.set_rect(pygame.Rect(S.content.left, self.err_rect.bottom + m // 2, S.content.w,
                                       self.footer.top - m - self.err_rect.bottom - m // 2))
        self.toast.set_rect(pygame.Rect(self.err_rect))     # notices show over the status box
        self.toast.px = px["body"]
        self._place_form()

    def _box_text(self) -> str:
        if self.read_only:
            return i18n.t("rules.read_only_note")
        if self.error is not None:
            return self.error_text()
        try:
            n = self.rules().deck_size()
        except Exception:
            n = 0
        return "✓ " + i18n.t("app.rules_ok", n=n)

    def _box_h(self, S) -> int:
        """Height of the status box: as many lines as the message needs (1..4)."""
        px = S.px["body"]
        lines = fonts.wrap(self._box_text(), px, max(dp(40), S.content.w - dp(20)), bold=self.error is not None)
        n = max(1, min(4, len(lines)))
        return fonts.line_height(px, True) * n + dp(20)

    def _place_form(self) -> None:
        S = self.S
        px = S.px
        row_h = int(max(dp(48), px["label"] * 3.0))
        items = []
        for wdg in self.items:
            wdg.px = px["label"]
            if isinstance(wdg, SectionTitle):
                wdg.px = px["body"]
                h = int(px["body"] * 2.4)
            elif isinstance(wdg, ReadOnlyRow):
                h = int(max(dp(36), px["label"] * 2.3))
            elif isinstance(wdg, HelpLine):
                wdg.px = max(dp(10), int(px["small"] * 0.95))
                h = fonts.line_height(wdg.px) * wdg.lines_for(self.form.rect.w - dp(6)) + dp(6)
            elif isinstance(wdg, RankEditor):
                h = wdg.height_for(self.form.rect.w - dp(6))
            elif isinstance(wdg, StackChoice) and self.form.rect.w - dp(6) < dp(StackChoice.STACK_BELOW):
                h = int(row_h * 1.75)
            else:
                h = row_h
            items.append((wdg, h))
        self.form.set_items(items)

    # ---------------------------------------------------------------- input
    def handle(self, inp: Input) -> None:
        if inp.kind == BACK:
            self.close()
            return
        if inp.kind == KEY:
            if self.name_field.focused:
                if self.name_field.handle(inp):
                    self.mark_dirty()
                return
            if inp.key == pygame.K_s and inp.mod & pygame.KMOD_CTRL and not self.read_only:
                self.save()
                return
        if self.dispatch(inp, (self.close_btn, self.load_btn, self.save_btn, self.apply_btn, self.done_btn)):
            return
        r = self.form.handle(inp)
        if r:
            self.mark_dirty()

    def update(self, dt: float) -> None:
        if self.toast.update(dt):
            self.mark_dirty()

    def animating(self) -> bool:
        return self.toast.active

    # ----------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        S = self.S
        if S is None:
            return
        px = S.px
        surface.blit(theme.felt_background((S.w, S.h)), (0, 0))
        title = i18n.t("rules.title") if not self.read_only else i18n.t("app.rules_in_force")
        draw_header(surface, S.header, title, str(self.data.get("name", "")), px, left_pad=self._pads[0])
        self.close_btn.draw(surface)
        er = self.err_rect
        if self.read_only:
            theme.panel(surface, er, (20, 44, 70), alpha=220, radius=10, border=theme.INFO)
            draw_text(surface, self._box_text(), er.inflate(-dp(20), -dp(8)), px["body"], (200, 225, 255), wrap=True,
                      align="left", min_px=9)
        elif self.error is not None:
            theme.panel(surface, er, theme.DANGER_DARK, alpha=235, radius=10, border=theme.DANGER)
            draw_text(surface, self._box_text(), er.inflate(-dp(20), -dp(8)), px["body"], theme.TEXT, wrap=True,
                      align="left", bold=True, min_px=9)
        else:
            theme.panel(surface, er, (20, 80, 44), alpha=200, radius=10)
            draw_text(surface, self._box_text(), er.inflate(-dp(20), -dp(8)), px["body"], (190, 245, 200), wrap=True,
                      align="left", min_px=9)
        # dimmed rows (option without effect right now) are drawn at lower contrast
        self.form.draw(surface)
        for opt, w in self.widgets.items():
            if getattr(w, "dimmed", False) and w.rect.colliderect(self.form.rect):
                veil = pygame.Surface(w.rect.clip(self.form.rect).size, pygame.SRCALPHA)
                veil.fill((12, 66, 36, 110))
                surface.blit(veil, w.rect.clip(self.form.rect).topleft)
        for b in (self.load_btn, self.save_btn, self.apply_btn, self.done_btn):
            b.draw(surface)
        if self.toast.active:
            theme.panel(surface, er, (14, 54, 32), alpha=255, radius=10)
        self.toast.draw(surface)


def snapshot_scene() -> RulesEditorScene:
    """The editor on a FOLGEN copy with an impossible joker choice, for ``felt snapshot``."""
    import tempfile
    ed = RulesEditorScene(load_rules("FOLGEN"), on_apply=lambda d: None,
                          folder=Path(tempfile.gettempdir()) / "felt-snapshot-rules")
    ed.set("jokers", 1)
    ed.set("joker_card", "H7")       # both an added joker and a designated one: explained
    return ed


def snapshot_readonly() -> RulesEditorScene:
    """The rules in force as a guest sees them (read-only), for ``felt snapshot``."""
    return RulesEditorScene(load_rules("PR-005"), on_apply=None)

"""The rule editor for any game, built from its ``Game.options()`` (``OptionSpec``).

A game that brings no editor of its own (``Game.rules_editor()`` is None) gets this one:
one row per option in the game's order, grouped by ``OptionSpec.group``, with the option's
label, its value labels and its one-line help in the current language. ``choice`` options
step through their values, ``bool`` options are toggles, ``int`` options step through a
range (every value for short ranges, round numbers for long ones), ``str`` options are text
fields. Every change is checked at once with ``game.rules_from_dict`` + ``game.validate``
for the table's seats. Layout, drawing, input, saving and loading are the shared editor's
(``felt.ui.rules_editor.RulesEditor``), so every game's editor looks and behaves alike.

``rules_summary_lines(game, rules)`` gives the lobby's rules block for such a game.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from felt.ui import i18n
from felt.ui.rules_editor import FieldRow, HelpLine, ReadOnlyRow, RulesEditor, SectionTitle, lang_text, rejection_text
from felt.ui.shell import StackChoice
from felt.ui.widgets import TextField, Toggle, Widget


NICE = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 80, 100, 120, 150, 200, 250, 300,
        400, 500, 600, 750, 800, 999)


def value_label(spec, value) -> str:
    if spec.kind == "bool":
        return i18n.t("oe.on" if value else "oe.off")
    labels = spec.value_labels or {}
    lab = labels.get(value)
    if lab is None:
        lab = labels.get(str(value))
    return lang_text(lab, str(value)) if lab is not None else str(value)


def int_values(spec, current) -> list[int]:
    lo = spec.lo if spec.lo is not None else 0
    hi = spec.hi if spec.hi is not None else max(lo + 10, int(current or 0))
    if hi - lo <= 40:
        vals = list(range(lo, hi + 1))
    else:
        vals = [v for v in NICE if lo <= v <= hi]
        vals = sorted(set(vals) | {lo, hi})
    if isinstance(current, int) and current not in vals:
        vals = sorted(set(vals) | {current})
    return vals


class OptionsEditorScene(RulesEditor):
    """The rule editor built from the game's options (see the module's docstring)."""

    def __init__(self, game, rules_dict: dict | None = None, on_apply: Callable[[dict], Any] | None = None,
                 folder: Path | None = None, players: int | None = None) -> None:
        self.specs = list(game.options())
        super().__init__(game, rules_dict, on_apply=on_apply, folder=folder, players=players)

    @property
    def err_msg(self) -> str | None:
        """Why the edited set is refused, in the window's language (None: it is playable)."""
        return self.error

    # ------------------------------------------------------------ the form
    def _build(self) -> None:
        items: list[Widget] = []
        self.widgets = {}
        group = None
        for spec in self.specs:
            if spec.key == "name":
                row: Widget = (ReadOnlyRow(lang_text(spec.label, "Name"), str(self.data.get("name", "")))
                               if self.read_only else FieldRow(lang_text(spec.label, "Name"), self.name_field))
                self.widgets["name"] = row
                items.append(row)
                continue
            if spec.group != group:
                group = spec.group
                key = "oe.group." + (group or "")
                items.append(SectionTitle(i18n.t(key) if i18n.has(key) else str(group).capitalize()))
            items.append(self._make_spec(spec))
            help_text = lang_text(spec.help)
            if help_text:
                hl = HelpLine(help_text)
                hl.opt = spec.key
                items.append(hl)
        self.items = items
        self._sync_widgets()

    def _make_spec(self, spec) -> Widget:
        label = lang_text(spec.label, spec.key)
        cur = self.data.get(spec.key)
        if self.read_only:
            w: Widget = ReadOnlyRow(label, value_label(spec, cur))
        elif spec.kind == "bool":
            w = Toggle(label, bool(cur), on_change=lambda v, k=spec.key: self.set(k, bool(v)))
        elif spec.kind == "str":
            tf = TextField(str(cur or ""), max_len=spec.hi or 60,
                           on_change=lambda t, k=spec.key: self.set(k, t))
            w = FieldRow(label, tf)
        else:
            w = StackChoice(label, self._choices(spec), cur, on_change=lambda v, k=spec.key: self.set(k, v))
        self.widgets[spec.key] = w
        return w

    def _choices(self, spec) -> list[tuple[Any, str]]:
        if spec.kind == "int":
            return [(v, str(v)) for v in int_values(spec, self.data.get(spec.key))]
        vals = list(spec.values)
        cur = self.data.get(spec.key)
        if cur is not None and cur not in vals:
            vals.append(cur)                    # keep an impossible value so its error shows
        return [(v, value_label(spec, v)) for v in vals]

    def _sync_widgets(self) -> None:
        specs = {s.key: s for s in self.specs}
        for key, w in self.widgets.items():
            spec = specs.get(key)
            val = self.data.get(key)
            if isinstance(w, ReadOnlyRow):
                w.value = value_label(spec, val) if spec is not None and key != "name" else str(val or "")
            elif key == "name":
                if self.name_field.text != str(val or ""):
                    self.name_field.text = str(val or "")
            elif isinstance(w, Toggle):
                w.value = bool(val)
            elif isinstance(w, StackChoice):
                w.options = self._choices(spec)
                w.set_value(val)

    # ------------------------------------------------------------ the model
    def rules(self):
        """The edited rule set, validated (raises ValueError with the reason)."""
        r = self.game.rules_from_dict(dict(self.data, game=self.game.id))
        if self.players:
            self.game.validate(r, self.players)
        return r

    def find_error(self) -> str | None:
        try:
            self.rules()
        except Exception as exc:              # any rejection of the game's validation
            return rejection_text(exc) or type(exc).__name__
        return None

    def error_text(self) -> str:
        return i18n.t("rules.invalid", msg=self.error) if self.error else ""

    def ok_text(self) -> str:
        return i18n.t("oe.ok")


def rules_summary_lines(game, rules: dict | None, limit: int = 9) -> list[str]:
    """The rule set in force (as data) as short 'Label: value' lines, in the game's option
    order, without the name: the lobby's rules block for a game without a summary of its own
    (``Game.rules_summary``)."""
    if not isinstance(rules, dict):
        return []
    out = []
    for spec in game.options():
        if spec.key in ("name", "min_players", "max_players") or spec.key not in rules:
            continue                          # the seats are shown by the lobby itself
        out.append(f"{lang_text(spec.label, spec.key)}: {value_label(spec, rules[spec.key])}")
    return out[:limit]

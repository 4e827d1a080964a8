"""The rule editor for any game, built from its ``Game.options()`` (``OptionSpec``).

Präsident keeps its own editor (``felt.games.praesident.rules_editor.RulesEditorScene``: the rank editor,
card choices, dependencies); every other game gets this one: one row per option in the
game's order, grouped by ``OptionSpec.group``, with the option's label, its value labels
and its one-line help in the current language. ``choice`` options step through their
values, ``bool`` options are toggles, ``int`` options step through a range (every value
for short ranges, round numbers for long ones), ``str`` options are text fields. Every
change is checked at once with ``game.rules_from_dict`` + ``game.validate`` for the
table's seats; "Übernehmen" sends the rule set (``on_apply``), "Speichern" writes it as
the game's TOML into the rules folder, "Laden" offers the game's templates and its saved
files. Without ``on_apply`` (a guest) it shows the rules in force read-only.

It reuses the Präsident editor's layout, drawing and input (a subclass that replaces the
data model), so both look and behave alike.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from felt.ui import i18n
from felt.games.praesident.rules_editor import (FieldRow, HelpLine, ReadOnlyRow, RulesEditorScene, SectionTitle, slug)
from felt.ui.shell import PickerOverlay, StackChoice
from felt.ui.widgets import TextField, Toggle, Widget

TEXTS = {
    "oe.group.table": ("Tisch und Karten", "Table and cards"),
    "oe.group.cards": ("Was die Karten tun", "What the cards do"),
    "oe.group.turn": ("Am Zug", "On turn"),
    "oe.group.match": ("Runde und Partie", "Round and match"),
    "oe.group.": ("Regeln", "Rules"),
    "oe.ok": ("Diese Regeln sind spielbar.", "These rules are playable."),
    "oe.on": ("an", "on"),
    "oe.off": ("aus", "off"),
}
i18n.add_texts(TEXTS)

NICE = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 75, 80, 100, 120, 150, 200, 250, 300,
        400, 500, 600, 750, 800, 999)


def _lang() -> str:
    return "de" if i18n.get_lang() == "de" else "en"


def _text(d: dict | None, default: str = "") -> str:
    if not isinstance(d, dict):
        return default
    return str(d.get(_lang()) or d.get("de") or d.get("en") or default)


def value_label(spec, value) -> str:
    if spec.kind == "bool":
        return i18n.t("oe.on" if value else "oe.off")
    labels = spec.value_labels or {}
    lab = labels.get(value)
    if lab is None:
        lab = labels.get(str(value))
    return _text(lab, str(value)) if lab is not None else str(value)


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



def _exc_text(exc: BaseException) -> str:
    """A rejection in the window's language: the games' rule errors carry German and English
    (``text(lang)``); anything else says what it says."""
    text = getattr(exc, "text", None)
    if callable(text):
        try:
            return str(text(i18n.get_lang()))
        except Exception:
            pass
    return str(exc)

class OptionsEditorScene(RulesEditorScene):
    def __init__(self, game, rules: dict | None = None, on_apply: Callable[[dict], Any] | None = None,
                 on_close: Callable[[], Any] | None = None, folder: Path | None = None,
                 read_only: bool | None = None, players: int | None = None) -> None:
        self.game = game
        self.specs = list(game.options())
        self.players = players
        self.err_msg: str | None = None
        if not rules:
            rules = game.rules_to_dict(game.template(game.template_ids()[0]))
        super().__init__(dict(rules), on_apply=on_apply, on_close=on_close, folder=folder, read_only=read_only)

    # ------------------------------------------------------------ the form
    def _build(self) -> None:
        items: list[Widget] = []
        self.widgets = {}
        group = None
        self.name_field = TextField(str(self.data.get("name", "")), max_len=60, on_change=self._name_changed,
                                    on_submit=lambda _t: self.name_field.focus(False))
        for spec in self.specs:
            if spec.key == "name":
                row: Widget = (ReadOnlyRow(_text(spec.label, "Name"), str(self.data.get("name", "")))
                               if self.read_only else FieldRow(_text(spec.label, "Name"), self.name_field))
                self.widgets["name"] = row
                items.append(row)
                continue
            if spec.group != group:
                group = spec.group
                key = "oe.group." + (group or "")
                items.append(SectionTitle(i18n.t(key) if i18n.has(key) else str(group).capitalize()))
            items.append(self._make_spec(spec))
            help_text = _text(spec.help)
            if help_text:
                hl = HelpLine(help_text)
                hl.opt = spec.key
                items.append(hl)
        self.items = items
        self._sync_widgets()

    def _make_spec(self, spec) -> Widget:
        label = _text(spec.label, spec.key)
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

    def set(self, opt: str, value) -> None:
        if self.read_only:
            return
        self.data[opt] = value
        if str(self.data.get("id", "")).upper() in (t.upper() for t in self.game.template_ids()):
            self.data["id"] = "CUSTOM"
        self._sync_widgets()
        self.check()
        if self.S is not None:
            self._place_form()
        self.mark_dirty()

    def check(self):
        try:
            self.rules()
            self.err_msg = None
        except Exception as exc:              # any rejection of the game's validation
            self.err_msg = _exc_text(exc) or type(exc).__name__
        self.error = self.err_msg             # the base class looks at .error for its box colour
        ok = self.err_msg is None
        self.save_btn.enabled = ok
        self.apply_btn.enabled = ok
        if self.S is not None and self._box_h(self.S) != self.err_rect.h:
            self.layout(*self.size)
        return self.err_msg

    def error_text(self) -> str:
        return i18n.t("rules.invalid", msg=self.err_msg) if self.err_msg else ""

    def _box_text(self) -> str:
        if self.read_only:
            return i18n.t("rules.read_only_note")
        if self.err_msg is not None:
            return self.error_text()
        return "✓ " + i18n.t("oe.ok")

    # ------------------------------------------------------------- actions
    def apply(self) -> None:
        if self.read_only or self.check() is not None:
            return
        data = self.game.rules_to_dict(self.rules())
        if self.on_apply:
            self.on_apply(data)
        self.close()

    def save(self) -> Path | None:
        if self.check() is not None:
            self.toast.show(self.error_text(), 2.5, "bad")
            self.mark_dirty()
            return None
        name = " ".join(str(self.data.get("name", "")).split())
        self.data["name"] = name
        path = self.folder / f"{slug(name)}.toml"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(self.game.rules_to_toml(self.rules()), encoding="utf-8")
        except (OSError, ValueError) as exc:
            self.toast.show(i18n.t("net.error", msg=str(exc)), 3.0, "bad")
            self.mark_dirty()
            return None
        self.last_saved = path
        self.toast.show(i18n.t("rules.saved", name=name), 2.0, "good")
        self.mark_dirty()
        return path

    def load_choices(self) -> list[dict]:
        import tomllib
        items = []
        try:
            files = sorted(Path(self.folder).glob("*.toml"))
        except OSError:
            files = []
        for p in files:
            try:
                data = tomllib.loads(p.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                continue
            if data.get("game") != self.game.id:
                continue                      # another game's rule file
            try:
                r = self.game.load_rules_file(p)
                items.append({"title": str(getattr(r, "name", p.stem)), "subtitle": p.name, "source": ("file", p)})
            except (OSError, ValueError) as exc:
                items.append({"title": p.stem, "subtitle": _exc_text(exc), "source": ("bad", p), "enabled": False})
        for tid in self.game.template_ids():
            r = self.game.template(tid)
            items.append({"title": str(getattr(r, "name", tid)), "subtitle": i18n.t("lobby.template") + " " + tid,
                          "source": ("tpl", tid)})
        return items

    def open_load(self) -> None:
        if self.stack is None:
            return
        self.stack.push(PickerOverlay(i18n.t("app.load_title"), self.load_choices(), self._loaded))

    def _loaded(self, i: int, item: dict) -> None:
        kind, ref = item["source"]
        try:
            r = self.game.template(ref) if kind == "tpl" else self.game.load_rules_file(ref)
        except (OSError, ValueError, KeyError) as exc:
            self.toast.show(i18n.t("net.error", msg=_exc_text(exc)), 3.0, "bad")
            self.mark_dirty()
            return
        self.load(self.game.rules_to_dict(r))
        self.toast.show(i18n.t("rules.loaded", name=str(getattr(r, "name", ""))), 2.0, "good")

    def load(self, rules) -> None:
        self.data = dict(rules)
        self._sync_widgets()
        self.check()
        if self.S is not None:
            self._place_form()
        self.mark_dirty()


def rules_summary_lines(game_id: str | None, rules: dict | None, limit: int = 9) -> list[str]:
    """The rule set in force as short 'Label: value' lines (the lobby's rules block for any
    game but Präsident), in the game's option order, without the name."""
    from felt import games
    if not isinstance(rules, dict):
        return []
    try:
        game = games.get(game_id)
    except KeyError:
        return []
    out = []
    for spec in game.options():
        if spec.key in ("name", "min_players", "max_players") or spec.key not in rules:
            continue                          # the seats are shown by the lobby itself
        out.append(f"{_text(spec.label, spec.key)}: {value_label(spec, rules[spec.key])}")
    return out[:limit]

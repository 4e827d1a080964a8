"""The rule editor's shared part: its rows, its layout, scrolling, drawing and input, and
saving and loading rule files in the rules folder.

``RulesEditor(game, rules_dict, on_apply=None, folder=None, players=None)`` edits a copy of
``rules_dict`` (a rule set as ``game.rules_to_dict`` gives it; None: the game's first
template). Every change is checked at once; a status box above the form says whether the
set is playable or why not, and "Speichern" / "Übernehmen" stay disabled while it is not.

- "Übernehmen" hands the valid set to ``on_apply(rules_dict)`` (the lobby sends it to the
  host with ``set_rules``); without ``on_apply`` the editor is read-only (a guest sees the
  rules in force this way).
- "Speichern" writes the set as the game's TOML file (``felt.contract.rulefile``) named after
  the set into ``folder`` (default: the settings' rules folder); "Laden" lists the game's
  files there and its templates.
- ``players``: the table's seats, for editors that check the set against them.

A subclass builds the form and says what is wrong: ``_build`` (``self.items``, and
``self.widgets`` by option), ``_sync_widgets`` (show ``self.data``), ``rules`` (the edited
rule set), ``find_error`` (None when playable), ``error_text`` and ``ok_text``. The editor
every game gets is ``felt.ui.options_editor.OptionsEditorScene``; a game may bring its own
(``Game.rules_editor()``).
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any, Callable

import pygame

from felt import contract
from felt.contract import rulefile
from felt.ui import fonts, i18n, layout, theme
from felt.ui.layout import dp
from felt.ui.scene import BACK, KEY, Input, Scene
from felt.ui.settings import rules_dir as default_rules_dir
from felt.ui.shell import PickerOverlay, ScrollForm, StackChoice, draw_screen, header_buttons
from felt.ui.widgets import Button, IconButton, TextField, Toast, Widget, draw_text


def lang_text(texts: dict | None, default: str = "") -> str:
    """A ``{"de": ..., "en": ...}`` text (an OptionSpec's label or help) in the window's language."""
    if not isinstance(texts, dict):
        return default
    lang = "de" if i18n.get_lang() == "de" else "en"
    return str(texts.get(lang) or texts.get("de") or texts.get("en") or default)


def rejection_text(exc: BaseException) -> str:
    """Why a rule set or file was refused, in the window's language: the games' rule errors
    carry German and English (``text(lang)``); anything else says what it says."""
    if isinstance(exc, contract.RulesError):
        return exc.text(i18n.get_lang())
    return str(exc)


def slug(name: str) -> str:
    """A file name from a rule set's name ('Meine Regeln!' -> 'Meine-Regeln')."""
    s = name.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("Ä", "Ae").replace("Ö", "Oe") \
        .replace("Ü", "Ue").replace("ß", "ss")
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode("ascii")
    s = re.sub(r"[^A-Za-z0-9_]+", "-", s).strip("-")
    return (s or "regeln")[:48]


# ----------------------------------------------------------------------------
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
class RulesEditor(Scene):
    def __init__(self, game, rules_dict: dict | None = None, on_apply: Callable[[dict], Any] | None = None,
                 folder: Path | None = None, players: int | None = None) -> None:
        super().__init__()
        self.game = game
        if not rules_dict:
            rules_dict = game.rules_to_dict(game.template(game.template_ids()[0]))
        self.data: dict = dict(rules_dict)
        self.on_apply = on_apply
        self.folder = Path(folder) if folder is not None else default_rules_dir()
        self.players = players
        self.read_only = on_apply is None
        self.error: Any = None                  # what find_error found (None: the set is playable)
        self.screen_rects: layout.ScreenLayout | None = None
        self.toast = Toast()
        self.widgets: dict[str, Widget] = {}
        self.items: list[Widget] = []
        self.form = ScrollForm()
        self.close_btn = IconButton("✕", self.close, hotkeys=(pygame.K_ESCAPE,))
        self.load_btn = Button(i18n.t("load"), self.open_load, kind="secondary")
        self.save_btn = Button(i18n.t("save"), self.save, kind="secondary")
        self.apply_btn = Button(i18n.t("rules.apply"), self.apply, kind="primary")
        self.done_btn = Button(i18n.t("close"), self.close, kind="secondary")
        self.last_saved: Path | None = None
        self.name_field = TextField(str(self.data.get("name", "")), max_len=60, on_change=self._name_changed,
                                    on_submit=lambda _t: self.name_field.focus(False))
        self._build()
        self.check()

    # ------------------------------------------------- what a subclass says
    def _build(self) -> None:
        """Fill ``self.items`` (the form's rows, top to bottom) and ``self.widgets``."""
        raise NotImplementedError

    def _sync_widgets(self) -> None:
        """Make the widgets show ``self.data`` (after a load or a change that moves others)."""
        raise NotImplementedError

    def rules(self):
        """The edited rule set (the game's own value)."""
        raise NotImplementedError

    def find_error(self):
        """What makes the edited set unplayable, or None."""
        raise NotImplementedError

    def error_text(self) -> str:
        """``self.error`` as the status box says it."""
        raise NotImplementedError

    def ok_text(self) -> str:
        """What the status box says of a playable set (after a ✓)."""
        raise NotImplementedError

    def adjust(self, opt: str, value) -> None:
        """Change what follows from setting ``opt`` to ``value`` (by default nothing)."""

    def help_text(self, opt: str) -> str:
        """The option's one-line explanation (``OptionSpec.help``; '' if it has none)."""
        for spec in self.game.options():
            if spec.key == opt:
                return lang_text(spec.help)
        return ""

    # ------------------------------------------------------------ the model
    def set(self, opt: str, value) -> None:
        """Change one option (as the widgets do), then check the whole set."""
        if self.read_only:
            return
        self.data[opt] = value
        self.adjust(opt, value)
        if str(self.data.get("id", "")).upper() in (t.upper() for t in self.game.template_ids()):
            self.data["id"] = "CUSTOM"           # an edited template is a rule set of its own
        self._sync_widgets()
        self.check()
        if self.screen_rects is not None:
            self._place_form()
        self.mark_dirty()

    def _name_changed(self, text: str) -> None:
        self.data["name"] = text
        self.check()
        self.mark_dirty()

    def check(self):
        """Check the edited set (``self.error``); Save and Apply follow it."""
        self.error = self.find_error()
        ok = self.error is None
        self.save_btn.enabled = ok
        self.apply_btn.enabled = ok
        if self.screen_rects is not None and self._box_h(self.screen_rects) != self.err_rect.h:
            self.layout(*self.size)              # the status box grew or shrank
        return self.error

    # -------------------------------------------------------------- actions
    def close(self) -> None:
        self.name_field.focus(False)
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()

    def apply(self) -> None:
        if self.read_only or self.check() is not None:
            return
        data = self.game.rules_to_dict(self.rules())
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
            rulefile.save(path, self.game.rules_to_toml(self.rules()))
        except (OSError, ValueError) as exc:
            self.toast.show(i18n.t("net.error", msg=rejection_text(exc)), 3.0, "bad")
            self.mark_dirty()
            return None
        self.last_saved = path
        self.toast.show(i18n.t("rules.saved", name=name), 2.0, "good")
        self.mark_dirty()
        return path

    def load_choices(self) -> list[dict]:
        """The game's rule files in the folder (one that cannot be loaded is shown, greyed,
        with the reason), then its templates: picker items."""
        items = []
        try:
            files = sorted(self.folder.glob("*.toml"))
        except OSError:
            files = []
        for path in files:
            try:
                data, problem = rulefile.read(path, self.game.rules_error), None
            except (OSError, ValueError) as exc:
                data, problem = {}, exc          # names no game, like an old file: the default game's
            if contract.id_of(data) != self.game.id:
                continue                         # another game's rule file
            try:
                if problem is not None:
                    raise problem
                name = self.game.rules_to_dict(self.game.rules_from_dict(data)).get("name")
                items.append({"title": str(name or path.stem), "subtitle": path.name, "source": ("file", path)})
            except (OSError, ValueError) as exc:
                items.append({"title": path.stem, "subtitle": rejection_text(exc), "source": ("bad", path),
                              "enabled": False})
        for tid in self.game.template_ids():
            name = self.game.rules_to_dict(self.game.template(tid)).get("name")
            items.append({"title": str(name or tid), "subtitle": i18n.t("lobby.template") + " " + tid,
                          "source": ("tpl", tid)})
        return items

    def open_load(self) -> None:
        if self.stack is None:
            return
        self.stack.push(PickerOverlay(i18n.t("app.load_title"), self.load_choices(), self._loaded))

    def _loaded(self, i: int, item: dict) -> None:
        kind, ref = item["source"]
        try:
            rules = self.game.template(ref) if kind == "tpl" else self.game.load_rules_file(ref)
        except (OSError, ValueError, KeyError) as exc:
            self.toast.show(i18n.t("net.error", msg=rejection_text(exc)), 3.0, "bad")
            self.mark_dirty()
            return
        data = self.game.rules_to_dict(rules)
        self.load(data)
        self.toast.show(i18n.t("rules.loaded", name=str(data.get("name", ""))), 2.0, "good")

    def load(self, rules_dict: dict) -> None:
        self.data = dict(rules_dict)
        self._sync_widgets()
        self.check()
        if self.screen_rects is not None:
            self._place_form()
        self.mark_dirty()

    # --------------------------------------------------------------- layout
    def layout(self, w: int, h: int) -> None:
        self.screen_rects = screen = layout.screen_layout(w, h, max_content_w=720)
        px = screen.px
        lp, rp = header_buttons(screen, self.close_btn, ())
        self._pads = (lp, rp)
        m = screen.margin
        err_h = self._box_h(screen)
        self.err_rect = pygame.Rect(screen.content.left, screen.header.bottom + m // 2, screen.content.w, err_h)
        bh = screen.button_h
        self.footer = pygame.Rect(screen.content.left, h - bh - m, screen.content.w, bh)
        btns = [self.done_btn] if self.read_only else [self.load_btn, self.save_btn, self.apply_btn]
        pad = max(dp(6), bh // 5)
        needs = [fonts.width(b.text, px["button"], True) + 2 * pad + dp(8) for b in btns]
        for b, r in zip(btns, layout.button_row_fit(self.footer, needs, gap=m, max_w=dp(260))):
            b.set_rect(r)
            b.px = px["button"]
        for b in (self.load_btn, self.save_btn, self.apply_btn):
            b.visible = not self.read_only
        self.done_btn.visible = self.read_only
        self.form.set_rect(pygame.Rect(screen.content.left, self.err_rect.bottom + m // 2, screen.content.w,
                                       self.footer.top - m - self.err_rect.bottom - m // 2))
        self.toast.set_rect(pygame.Rect(self.err_rect))     # notices show over the status box
        self.toast.px = px["body"]
        self._place_form()

    def _box_text(self) -> str:
        if self.read_only:
            return i18n.t("rules.read_only_note")
        if self.error is not None:
            return self.error_text()
        return "✓ " + self.ok_text()

    def _box_h(self, screen) -> int:
        """Height of the status box: as many lines as the message needs (1..4)."""
        px = screen.px["body"]
        lines = fonts.wrap(self._box_text(), px, max(dp(40), screen.content.w - dp(20)), bold=self.error is not None)
        n = max(1, min(4, len(lines)))
        return fonts.line_height(px, True) * n + dp(20)

    def item_height(self, wdg: Widget, row_h: int) -> int:
        """The height of a row of the form (its text size set)."""
        px = self.screen_rects.px
        if isinstance(wdg, SectionTitle):
            wdg.px = px["body"]
            return int(px["body"] * 2.4)
        if isinstance(wdg, ReadOnlyRow):
            return int(max(dp(36), px["label"] * 2.3))
        if isinstance(wdg, HelpLine):
            wdg.px = max(dp(10), int(px["small"] * 0.95))
            return fonts.line_height(wdg.px) * wdg.lines_for(self.form.rect.w - dp(6)) + dp(6)
        if isinstance(wdg, StackChoice) and self.form.rect.w - dp(6) < dp(StackChoice.STACK_BELOW):
            return int(row_h * 1.75)
        return row_h

    def _place_form(self) -> None:
        px = self.screen_rects.px
        row_h = int(max(dp(48), px["label"] * 3.0))
        items = []
        for wdg in self.items:
            wdg.px = px["label"]
            items.append((wdg, self.item_height(wdg, row_h)))
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
        screen = self.screen_rects
        if screen is None:
            return
        px = screen.px
        title = i18n.t("rules.title") if not self.read_only else i18n.t("app.rules_in_force")
        draw_screen(surface, screen, title, str(self.data.get("name", "")), left_pad=self._pads[0])
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
        for w in self.widgets.values():
            if getattr(w, "dimmed", False) and w.rect.colliderect(self.form.rect):
                veil = pygame.Surface(w.rect.clip(self.form.rect).size, pygame.SRCALPHA)
                veil.fill((12, 66, 36, 110))
                surface.blit(veil, w.rect.clip(self.form.rect).topleft)
        for b in (self.load_btn, self.save_btn, self.apply_btn, self.done_btn):
            b.draw(surface)
        if self.toast.active:
            theme.panel(surface, er, (14, 54, 32), alpha=255, radius=10)
        self.toast.draw(surface)

    def top_bar(self) -> pygame.Rect | None:
        return self.screen_rects.header if self.screen_rects is not None else None


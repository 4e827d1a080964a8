"""The window side of learning the rules: 'So wird gespielt' from lobby and table, an
explanation under every option of the rule editor, a read-only view that looks read-only."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from felt import games
from felt.games.praesident.rules import load_rules
from felt.games.praesident.rules_editor import SECTIONS, RulesEditorScene
from felt.ui import i18n
from felt.ui.howto import HowtoScene
from felt.ui.rules_editor import HelpLine, ReadOnlyRow
from felt.ui.scene import SceneStack
from felt.ui.widgets import Choice, Toggle

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def _pg():
    pygame.init()
    yield
    i18n.set_lang("de")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_option_in_the_editor_has_its_explanation(lang):
    i18n.set_lang(lang)
    ed = RulesEditorScene(games.get("praesident"), load_rules("PR-002").to_dict(), on_apply=lambda d: None)
    stack = SceneStack((360, 640))
    stack.push(ed)
    helps = [w for w in ed.items if isinstance(w, HelpLine)]
    opts = [o for _, opts in SECTIONS for o in opts]
    assert [h.opt for h in helps] == opts
    # each help line directly follows its option's widget
    for h in helps:
        i = ed.items.index(h)
        assert ed.items[i - 1] is ed.widgets[h.opt]
    stack.draw(pygame.Surface((360, 640)))


def test_read_only_view_has_no_controls():
    ed = RulesEditorScene(games.get("praesident"), load_rules("PR-005").to_dict(), on_apply=None)
    stack = SceneStack((1280, 720))
    stack.push(ed)
    assert not any(isinstance(w, (Toggle, Choice)) for w in ed.items)
    rows = [w for w in ed.items if isinstance(w, ReadOnlyRow)]
    assert len(rows) == 1 + sum(len(o) for _, o in SECTIONS)
    assert any(r.value == i18n.t("on") for r in rows)       # eight_skips is on in PR-005
    assert ed._box_text() == i18n.t("rules.read_only_note")
    stack.draw(pygame.Surface((1280, 720)))


@pytest.mark.parametrize("template", ["PR-002", "FOLGEN", "JASS36"])
def test_howto_scene_shows_the_rules_sentences_and_scrolls(template):
    from felt import games
    r = load_rules(template)
    sc = HowtoScene(r.to_dict(), on_quiz=lambda: None)
    stack = SceneStack((360, 640))
    stack.push(sc)
    stack.draw(pygame.Surface((360, 640)))
    assert sc.lines == games.get("praesident").howto(r, "de")
    text = " ".join(ln for ln, _ in sc._wrapped)
    assert "Rangfolge" in text
    assert sc.max_scroll() > 0
    from felt.ui.scene import KEY, Input
    sc.handle(Input(KEY, key=pygame.K_PAGEDOWN))
    assert sc.scroll > 0


def test_menu_opens_how_to_play_and_the_quiz(cfg):
    from felt.ui.quiz import QuizScene
    from tests.ui_app_helpers import make_app
    app = make_app((360, 640))
    try:
        ctl = app.controller
        ctl.lobby = {"rules": load_rules("FOLGEN").to_dict(), "seats": []}
        ctl.open_menu()
        menu = app.stack.top
        labels = [b.text for b in getattr(menu, "buttons", [])] or [it[0] for it in getattr(menu, "items", [])]
        assert i18n.t("howto.title") in labels and i18n.t("chat.title") in labels
        app.stack.pop()
        ctl.show_howto()
        sc = app.stack.top
        assert isinstance(sc, HowtoScene) and sc.name == load_rules("FOLGEN").name
        sc.quiz_btn.on_click()
        assert isinstance(app.stack.top, QuizScene)
        assert app.stack.top.rules.id == "FOLGEN"
    finally:
        app.close()

"""The shell's rule editors and the lobby's rules block reach a game only through the Game
contract: one editor signature for every game (Präsident's own editor subclasses the shared
one), saving and loading rule files of the editor's game only, the lobby's summary from
Game.rules_summary or from the game's options."""
from __future__ import annotations

import ast
import dataclasses
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.contract import rulefile  # noqa: E402
from felt.contract.base import OptionSpec  # noqa: E402
from felt.ui import i18n  # noqa: E402
from felt.ui.options_editor import OptionsEditorScene, rules_summary_lines  # noqa: E402
from felt.ui.rules_editor import RulesEditor  # noqa: E402
from felt.ui.scene import SceneStack  # noqa: E402
from tests.toy_highcard import HighCard  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GAMES = games.all_games()


@pytest.fixture(autouse=True)
def _pg():
    pygame.init()
    i18n.set_lang("de")
    yield
    i18n.set_lang("de")


def _editor_class(game):
    return game.rules_editor() or OptionsEditorScene


def _first_rules(game) -> dict:
    return game.rules_to_dict(game.template(game.template_ids()[0]))


def test_the_shell_modules_of_the_rules_import_no_game():
    for rel in ("felt/ui/lobby_scene.py", "felt/ui/options_editor.py", "felt/ui/rules_editor.py"):
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        mods = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        mods |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        reached = {m for m in mods if m.startswith("felt.games.")}
        assert reached <= {"felt.contract.rulefile", "felt.contract.base"}, (rel, reached)
        for g in GAMES:
            assert f'"{g.id}"' not in (ROOT / rel).read_text(encoding="utf-8"), (rel, g.id)


def test_praesident_brings_its_own_editor_the_others_get_the_options_editor():
    own = games.get("praesident").rules_editor()
    assert own is not None and issubclass(own, RulesEditor) and own is not OptionsEditorScene
    assert games.get("maumau").rules_editor() is None and games.get("schwimmen").rules_editor() is None
    assert issubclass(OptionsEditorScene, RulesEditor)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_games_editor_takes_one_signature(game, tmp_path):
    cls = _editor_class(game)
    applied = []
    ed = cls(game, None, on_apply=applied.append, folder=tmp_path, players=4)
    SceneStack((1280, 720)).push(ed)
    assert ed.game is game and ed.data == _first_rules(game) and not ed.read_only
    assert ed.error is None and ed.apply_btn.enabled
    ed.apply()
    assert applied == [_first_rules(game)]
    guest = cls(game, _first_rules(game))
    SceneStack((390, 844)).push(guest)
    assert guest.read_only and guest.done_btn.visible and not guest.apply_btn.visible


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_an_editor_saves_its_games_file_and_lists_only_its_games_files(game, tmp_path):
    cls = _editor_class(game)
    ed = cls(game, None, on_apply=lambda d: None, folder=tmp_path)
    SceneStack((1280, 720)).push(ed)
    ed.set("name", "Unser  Abend")
    path = ed.save()
    assert path == tmp_path / "Unser-Abend.toml" and ed.last_saved == path
    saved = game.load_rules_file(path)
    assert path.read_text(encoding="utf-8") == game.rules_to_toml(saved)
    assert game.rules_to_dict(saved)["name"] == "Unser Abend"
    # every other game's file in the same folder
    for other in GAMES:
        if other is not game:
            rulefile.save(tmp_path / f"{other.id}.toml", other.rules_to_toml(other.template(other.template_ids()[0])))
    (tmp_path / "kaputt.toml").write_text("ranks = [", encoding="utf-8")
    fresh = cls(game, None, on_apply=lambda d: None, folder=tmp_path)
    files = [it for it in fresh.load_choices() if it["source"][0] in ("file", "bad")]
    listed = {it["source"][1].name for it in files}
    # a file that cannot be read names no game: it is the default game's, like an old rule file
    assert listed == ({"Unser-Abend.toml", "kaputt.toml"} if game is games.default() else {"Unser-Abend.toml"})
    ok = next(it for it in files if it["source"][0] == "file")
    assert ok["title"] == "Unser Abend"
    fresh._loaded(0, ok)
    assert fresh.data == game.rules_to_dict(saved)


def test_lobby_rules_block_is_the_games_summary_or_its_options():
    from felt.ui.lobby_scene import LobbyScene
    from tests.test_ui_lobby_game import _games
    for game in GAMES:
        tid = game.template_ids()[0]
        rules = game.template(tid)
        lobby = {"t": "lobby", "game": game.id, "template": tid, "rules": game.rules_to_dict(rules), "n": 4,
                 "seats": [], "options": {}, "games": _games()}
        sc = LobbyScene(lobby, my_seat=0, admin=True)
        own = game.rules_summary(rules, "de")
        want = own if own is not None else rules_summary_lines(game, game.rules_to_dict(rules))
        assert sc.rules_block.lines == want, game.id
        # this repository's games say something (a plug-in without options or a summary may not)
        assert want or not type(game).__module__.startswith("felt.games."), game.id
        assert sc.rules_block.title.endswith(f"({tid})")
        assert sc.default_rounds() == game.default_rounds(rules)


class SummaryCard(HighCard):
    """The toy game with rule options and a summary of its own."""

    id = "summarycard"

    def options(self):
        return [OptionSpec("hand", "int", {"de": "Karten", "en": "Cards"}, {"de": "", "en": ""}, lo=1, hi=10),
                OptionSpec("rounds", "int", {"de": "Runden", "en": "Rounds"}, {"de": "", "en": ""}, lo=1, hi=9)]

    def default_rounds(self, rules):
        return rules.rounds

    def rules_with_rounds(self, rules, rounds):
        return dataclasses.replace(rules, rounds=rounds) if rounds else rules

    def rules_summary(self, rules, lang="de"):
        return [f"{rules.hand} cards, {rules.rounds} rounds" if lang == "en" else
                f"{rules.hand} Karten, {rules.rounds} Runden"]


@pytest.fixture
def summary_card():
    game = games.register(SummaryCard())
    yield game
    games.unregister(game.id)


def test_a_plugged_in_game_brings_its_templates_summary_and_rounds_to_the_lobby(summary_card):
    from felt.ui.lobby_scene import LobbyScene
    lobby = {"t": "lobby", "game": summary_card.id, "template": "HC-3", "n": 3, "seats": [],
             "rules": summary_card.rules_to_dict(summary_card.template("HC-3")), "options": {"rounds": 7}}
    sc = LobbyScene(lobby, my_seat=0, admin=True)
    assert [v for v, _ in sc.template.options] == ["HC-1", "HC-3"]    # from the registry: the lobby names none
    assert sc.template.value == "HC-3" and sc.default_rounds() == 3 and sc.rounds.value == 7
    assert sc.rules_block.lines == ["4 Karten, 7 Runden"]             # the match's rounds, not the template's
    assert sc.rules_block.title == i18n.t("app.rules_named", name="Higher card, three rounds") + " (HC-3)"
    sc._template_changed("hc-1")
    assert sc.sent[-1] == {"t": "set_rules", "game": "summarycard", "template": "HC-1"}
    # a game without a summary of its own: one line per option
    lines = rules_summary_lines(summary_card, summary_card.rules_to_dict(summary_card.template("HC-1")))
    assert lines == ["Karten: 3", "Runden: 2"]


def test_the_demo_lobby_is_the_default_games_first_template():
    from felt.ui.lobby_scene import demo_lobby
    game = games.default()
    lobby = demo_lobby()
    assert lobby["template"] == game.template_ids()[0]
    assert lobby["rules"] == _first_rules(game)

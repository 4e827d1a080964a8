"""What a game author meets outside the game's folder (issue 37). `felt host --bot-level` offers the game's own bot levels (Game.bot_levels), not a fixed
easy/normal/hard: a game with other levels gets them, a level the game lacks is a clear error
naming the levels it has, and no level given means normal where the game has one."""
from __future__ import annotations

import pytest

from felt import games
from felt.cli import build_parser
from felt.net.commands import bot_level
from tests.toy_highcard import GAME as TOY


def _args(*argv):
    return build_parser().parse_args(["host", "--headless", *argv])


def test_the_three_games_take_their_levels_and_default_to_normal():
    assert bot_level(_args()) == "normal"
    assert bot_level(_args("--bot-level", "hard")) == "hard"
    assert bot_level(_args("--rules", "MM-STD", "--bot-level", "easy")) == "easy"
    with pytest.raises(SystemExit) as e:
        bot_level(_args("--bot-level", "grandmaster"))
    assert "grandmaster" in str(e.value) and "easy, normal, hard" in str(e.value)


def test_a_game_with_levels_of_its_own_gets_them():
    toy = type(TOY)()
    toy.bot_levels = ("zufall", "gierig")
    games.register(toy)
    try:
        tid = toy.template_ids()[0]
        assert bot_level(_args("--rules", tid)) == "zufall", "no normal level: the game's first"
        assert bot_level(_args("--rules", tid, "--bot-level", "gierig")) == "gierig"
        with pytest.raises(SystemExit) as e:
            bot_level(_args("--rules", tid, "--bot-level", "hard"))
        assert "zufall, gierig" in str(e.value)
    finally:
        games.unregister(toy.id)


def test_a_saved_rule_file_names_its_game_even_where_rules_to_dict_does_not(tmp_path):
    """A game whose rule data leaves "game" out (the guide's example did): its saved rule file
    still loads as its own game (it loaded as the default game's and failed on its options)."""
    class Forgetful(type(TOY)):
        def rules_to_dict(self, rules):
            return {k: v for k, v in super().rules_to_dict(rules).items() if k != "game"}
    toy = Forgetful()
    assert "game" not in toy.rules_to_dict(toy.template(toy.template_ids()[0]))
    games.register(toy)
    try:
        rules = toy.template(toy.template_ids()[0])
        path = tmp_path / "mine.toml"
        path.write_text(toy.rules_to_toml(rules), encoding="utf-8")
        game, loaded = games.find_rules(str(path))
        assert game.id == toy.id and loaded == rules
    finally:
        games.unregister(toy.id)

"""Rule files of every game are written and read by one piece of code (felt.contract.rulefile),
and every game's rule error is a felt.games.RulesError."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from felt import devcheck, games
from felt.contract import rulefile
from tests.test_game_contract import GAMES
# The text every game wrote for each of its templates (and for an edited set with quotes and
# backslashes in its name) before the three games shared one writer.
EXPECTED = json.loads((Path(__file__).parent / "data" / "rule-files.expect.json").read_text(encoding="utf-8"))
TEMPLATES = [(g.id, tid) for g in games.all_games() for tid in g.template_ids()
             if f"{g.id}/{tid}" in EXPECTED]
EDITED = {
    "praesident": ("FOLGEN", dict(id="MINE", name='Haus "regeln" \\ à la Anna', jokers=2, revolution=True)),
    "maumau": ("MM-STD", dict(id="MINE", name='Meine "Regeln" \\ ß', nine="reverse")),
    "schwimmen": ("SW-STD", dict(id="MINE", name='Unser "31" \\ Abend', lives=4)),
}


def test_every_shipped_template_of_the_three_games_is_compared():
    assert len(TEMPLATES) == 15
    assert {gid for gid, _ in TEMPLATES} == {"praesident", "maumau", "schwimmen"}


@pytest.mark.parametrize("game_id,template_id", TEMPLATES)
def test_a_template_is_written_as_before_and_reads_back(game_id, template_id, tmp_path):
    game = games.get(game_id)
    rules = game.template(template_id)
    text = game.rules_to_toml(rules)
    assert text == EXPECTED[f"{game_id}/{template_id}"]
    path = rulefile.save(tmp_path / "copy.toml", text)
    assert game.load_rules_file(path) == rules
    found, back = games.find_rules(str(path))
    assert found is game and back == rules


@pytest.mark.parametrize("game_id", sorted(EDITED))
def test_an_edited_rule_set_is_written_as_before(game_id, tmp_path):
    game = games.get(game_id)
    template_id, changes = EDITED[game_id]
    rules = dataclasses.replace(game.template(template_id), **changes)
    text = game.rules_to_toml(rules)
    assert text == EXPECTED[f"{game_id}/edited"]
    assert game.load_rules_file(rulefile.save(tmp_path / "mine.toml", text)) == rules


def test_game_comes_first_then_the_rule_sets_own_order():
    text = rulefile.to_toml({"id": "X", "game": "maumau", "rounds": 3, "ranks": ["7", "A"], "on": True}, "a comment")
    assert text == '# a comment\n\ngame = "maumau"\nid = "X"\nrounds = 3\nranks = ["7", "A"]\non = true\n'
    with pytest.raises(TypeError):
        rulefile.to_toml({"limit": 2.5}, "floats are no option value")


@pytest.mark.parametrize("game", [g for g in games.all_games() if devcheck.in_tree(g)], ids=lambda g: g.id)
def test_a_shipped_template_file_loads_as_the_template(game, tmp_path):
    """This repository's convention (felt check-game asks it of the games in felt/games/ only)."""
    devcheck.check_shipped_templates(game, devcheck.Context(tmp_path))


def test_the_shipped_file_convention_is_for_this_repositorys_games_only():
    from tests.toy_highcard import GAME as EXAMPLE
    chk = devcheck.CHECKS["shipped-templates"]
    assert chk.project_only and not devcheck.applicable(EXAMPLE, chk)
    assert all(devcheck.applicable(g, chk) for g in games.all_games() if type(g).__module__.startswith("felt.games."))
    assert sum(not c.project_only for c in devcheck.CHECKS.values()) == len(devcheck.CHECKS) - 1


def test_a_file_without_a_game_is_the_default_games(tmp_path):
    default = games.default()
    data = default.rules_to_dict(default.template(default.template_ids()[0]))
    data.pop("game", None)
    path = rulefile.save(tmp_path / "old.toml", rulefile.to_toml(data, "no game named"))
    assert games.id_of(rulefile.read(path, games.RulesError)) == default.id
    found, rules = games.find_rules(str(path))
    assert found is default and default.rules_to_dict(rules) == default.rules_to_dict(default.template(
        default.template_ids()[0]))


def test_each_games_rule_error_is_one_of_the_family_and_keeps_its_texts():
    from felt.games.maumau.rules import MauRules, MauRulesError
    from felt.games.praesident.rules import Rules, RulesError
    from felt.games.schwimmen.rules import SwRules, SwRulesError
    for own in (RulesError, MauRulesError, SwRulesError):
        assert issubclass(own, games.RulesError)
        assert {"no_template", "toml"} <= set(own.MESSAGES)
    with pytest.raises(games.RulesError) as err:
        Rules.from_dict({"colour": "red"})
    assert str(err.value) == "Unknown rule option 'colour'"
    with pytest.raises(games.RulesError) as err:
        MauRules.from_dict({"game": "praesident"})
    assert err.value.de == "Diese Regeln sind für das Spiel 'praesident', nicht für Mau-Mau"
    with pytest.raises(games.RulesError) as err:
        SwRules.from_dict({"lives": 9})
    assert str(err.value) == "option lives must be 1–5, not 9"
    assert err.value.de == "Option lives muss 1–5 sein, nicht 9"
    assert err.value.text("en") == str(err.value)


# Schwimmen's texts as its rules wrote them when each was a pair of f-strings
SCHWIMMEN_TEXTS = [
    (["x"], "a rule set must be a table, not list", "Ein Regelsatz muss eine Tabelle sein, nicht list"),
    ({"game": "maumau"}, "these rules are for 'maumau', not Schwimmen", "Diese Regeln sind für 'maumau', nicht Schwimmen"),
    ({"bogus": 1}, "unknown option 'bogus'", "Unbekannte Option 'bogus'"),
    ({"min_players": 5, "max_players": 3}, "min_players (5) is more than max_players (3)",
     "Mindestens 5 Spieler ist mehr als höchstens 3"),
    ({"swimming": 1}, "option swimming must be true or false, not 1", "Option swimming muss true oder false sein, nicht 1"),
    ({"lives": "3"}, "option lives must be a whole number, not '3'", "Option lives muss eine ganze Zahl sein, nicht '3'"),
    ({"deck": "jass"}, "option deck must be one of french, german, not 'jass'",
     "Option deck muss eins von french, german sein, nicht 'jass'"),
    ({"name": ""}, "option name must be a text of 1–60 characters", "Option name muss ein Text mit 1–60 Zeichen sein"),
    ({"name": "a\nb"}, "option name holds control characters", "Option name enthält Steuerzeichen"),
]


@pytest.mark.parametrize("data,en,de", SCHWIMMEN_TEXTS)
def test_schwimmen_keeps_its_texts(data, en, de):
    from felt.games.schwimmen.rules import SwRules, SwRulesError
    with pytest.raises(SwRulesError) as err:
        SwRules.from_dict(data)
    assert (str(err.value), err.value.de) == (en, de)


def test_schwimmen_keeps_its_texts_for_the_number_of_players():
    from felt.games.schwimmen.rules import SwRules, SwRulesError
    with pytest.raises(SwRulesError) as err:
        SwRules().validate(10)
    assert (str(err.value), err.value.de) == ("10 players do not fit these rules (2–9)",
                                              "10 Spieler passen nicht zu diesen Regeln (2–9)")
    with pytest.raises(SwRulesError) as err:
        SwRules().validate("3")
    assert err.value.de == "Die Spielerzahl muss eine ganze Zahl sein"


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_saved_rule_file_of_every_game_loads_as_that_game_and_a_broken_one_is_its_rule_error(game, tmp_path):
    """ADDING.md, "Rule data names its game": rules_to_dict carries "game" (the default game's
    may leave it out), so a saved file loads as its own game, the guide's example included; a
    broken file raises the game's RulesError, with its text in both languages."""
    registered = game.id in games.ids()
    if not registered:
        games.register(game)
    try:
        devcheck.check_rule_files(game, devcheck.Context(tmp_path))
    finally:
        if not registered:
            games.unregister(game.id)


def test_the_rule_file_check_sees_a_game_whose_rule_data_names_another(tmp_path):
    from tests.toy_highcard import GAME as EXAMPLE

    class Nameless(type(EXAMPLE)):
        id = "nameless"

        def rules_to_dict(self, rules):
            return dict(super().rules_to_dict(rules), game="praesident")
    with pytest.raises(AssertionError, match="names the game 'praesident'"):
        devcheck.check_rule_files(Nameless(), devcheck.Context(tmp_path))


def test_a_file_naming_no_game_that_the_default_game_cannot_read_says_so(tmp_path):
    path = rulefile.save(tmp_path / "mine.toml", rulefile.to_toml({"id": "X-1", "hand": 3}, "no game named"))
    with pytest.raises(games.RulesError) as err:
        games.find_rules(str(path))
    assert err.value.key == "unnamed" and "names no game" in str(err.value) and "hand" in str(err.value)
    assert "nennt kein Spiel" in err.value.de and games.default().id in str(err.value)

"""Rule sets as data: validation with clear errors, TOML save/load, templates, CLI."""
from __future__ import annotations

import json

import pytest

from felt import games
from felt.cli import main
from felt.contract import rulefile
from felt.games.praesident.rules import (
    Rules,
    RulesError,
    TEMPLATE_ORDER,
    list_templates,
    load_rules,
)

GAME = games.get("praesident")


def test_nine_templates_ship_and_validate(tmp_path):
    ids = [r.id for r in list_templates()]
    assert ids == list(TEMPLATE_ORDER)
    for r in list_templates():
        r.validate()
        assert load_rules(rulefile.save(tmp_path / f"{r.id}.toml", GAME.rules_to_toml(r))) == r


def test_save_and_load_roundtrip(tmp_path):
    r = load_rules("FOLGEN").replace(id="MEINE", name="Unsere Hausregeln", jokers=2, revolution=True)
    path = rulefile.save(tmp_path / "meine.toml", GAME.rules_to_toml(r))
    text = path.read_text(encoding="utf-8")
    assert 'name = "Unsere Hausregeln"' in text and "revolution = true" in text
    assert load_rules(str(path)) == r


@pytest.mark.parametrize("change,key", [
    (dict(max_players=8, min_players=3, copies=1, ranks=("6", "7", "8", "9", "10", "U", "O", "K", "A"),
          suits="jass", largest_set=8), "set_too_large"),
    (dict(copies=1, largest_set=8), "set_too_large"),
    (dict(min_players=9, max_players=9), "players_range"),
    (dict(jokers=1, joker_card="H7"), "joker_both"),
    (dict(first_leader="card", first_leader_card="Z9"), "leader_card"),
    (dict(ranks=("7", "8", "7")), "ranks_dup"),
    (dict(ranks=("7", "8", "U")), "ranks_style"),
    (dict(twos_clear=True, ranks=("7", "8", "9", "10", "J", "Q", "K", "A")), "needs_rank"),
    (dict(passing="sometimes"), "bad_value"),
    (dict(ranks=("9", "10", "J"), copies=1, largest_set=4), "too_few_cards"),
])
def test_impossible_combinations_are_explained(change, key):
    with pytest.raises(RulesError) as err:
        load_rules("PR-002").replace(**change).validate()
    assert err.value.key == key
    assert err.value.de and err.value.en and err.value.de != err.value.en


def test_nine_players_on_36_cards():
    with pytest.raises(RulesError) as err:
        load_rules("PR-005").replace(max_players=9).validate()
    assert "8" in str(err.value)
    with pytest.raises(RulesError, match="do not fit"):
        load_rules("JASS36").validate(7)


def test_from_dict_rejects_bad_data(tmp_path):
    with pytest.raises(RulesError, match="Unknown rule option"):
        Rules.from_dict({"colour": "red"})
    with pytest.raises(RulesError, match="true/false"):
        Rules.from_dict({"sequences": "yes"})
    with pytest.raises(RulesError, match="whole number"):
        Rules.from_dict({"copies": True})
    with pytest.raises(RulesError, match="not valid TOML"):
        load_rules(rulefile.save(tmp_path / "bad.toml", "ranks = ["))
    with pytest.raises(RulesError):
        load_rules("NOPE-1")


def test_cli_rules_list_and_show(capsys):
    assert main(["rules", "list"]) == 0
    out = capsys.readouterr().out
    for tid in TEMPLATE_ORDER:
        assert tid in out
    assert "Arschlöchle (Jass, 36)" in out
    assert main(["rules", "show", "JASS36"]) == 0
    out = capsys.readouterr().out
    assert "erzwungen" in out or "forced" in out
    assert "König" in out
    assert main(["rules", "show", "NOPE"]) == 2


def test_cli_simulate_json_is_deterministic(capsys):
    assert main(["simulate", "--rules", "PR-002", "--players", "5", "--rounds", "30", "--seed", "7", "--json"]) == 0
    a = json.loads(capsys.readouterr().out)
    assert main(["simulate", "--rules", "PR-002", "--players", "5", "--rounds", "30", "--seed", "7", "--json"]) == 0
    b = json.loads(capsys.readouterr().out)
    assert a["places"] == b["places"]
    assert a["rounds_per_s"] > 0 and a["decisions_per_s"] > 0
    assert [sum(row) for row in a["places"]] == [30] * 5
    assert [sum(a["places"][s][p] for s in range(5)) for p in range(5)] == [30] * 5
    assert main(["simulate", "--rules", "PR-002", "--players", "5", "--rounds", "30", "--seed", "8", "--json"]) == 0
    c = json.loads(capsys.readouterr().out)
    assert c["places"] != a["places"]


def test_cli_simulate_refuses_bad_player_count(capsys):
    assert main(["simulate", "--rules", "JASS36", "--players", "8", "--rounds", "3"]) == 2
    assert "players" in capsys.readouterr().out


def test_rank_style_error_in_each_language():
    with pytest.raises(RulesError) as err:
        load_rules("PR-002").replace(ranks=("7", "8", "U")).validate()
    assert "französischen" in err.value.de and "French" in err.value.en
    assert "französisch" not in err.value.en

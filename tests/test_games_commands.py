"""Commands over every game (issue 11): `felt rules list|show`, `felt simulate`,
`felt tournament` and `felt host --rules` take any game's template id or rule file."""
from __future__ import annotations

import argparse
import json

import pytest

from felt import games
from felt.cli import main
from felt.net.commands import check_host_args
from tests.toy_highcard import GAME as TOY

# `felt simulate --rules PR-002 --players 5 --rounds 400 --seed 7 --json`, recorded with the
# code before issue 11 (commit be68ddb): Präsident must give exactly these places.
PLACES_BEFORE = [[79, 86, 78, 72, 85], [85, 87, 84, 72, 72], [81, 69, 79, 92, 79], [68, 82, 83, 87, 80],
                 [87, 76, 76, 77, 84]]
KEYS_BEFORE = ["decisions", "decisions_per_s", "places", "players", "rounds", "rounds_per_s", "rules", "seconds",
               "seed"]


@pytest.fixture
def toy():
    games.register(TOY)
    yield TOY
    games.unregister(TOY.id)


def test_simulate_praesident_gives_exactly_the_places_of_before(capsys):
    assert main(["simulate", "--rules", "PR-002", "--players", "5", "--rounds", "400", "--seed", "7", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sorted(out) == KEYS_BEFORE
    assert out["places"] == PLACES_BEFORE
    assert (out["rules"], out["players"], out["rounds"], out["seed"]) == ("PR-002", 5, 400, 7)


def test_rules_list_has_a_game_column_with_every_games_templates(capsys, toy):
    assert main(["rules", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [ln.split()[:2] for ln in lines]
    assert ["praesident", "PR-002"] in rows and ["praesident", "JASS36"] in rows
    assert ["highcard", "HC-1"] in rows and ["highcard", "HC-3"] in rows
    assert all(r[0] in games.ids() for r in rows)


def test_rules_show_simulate_tournament_for_another_game(capsys, toy):
    assert main(["rules", "show", "hc-3"]) == 0
    out = capsys.readouterr().out
    assert "HC-3" in out and "Höhere Karte" in out and "rounds" in out
    assert main(["simulate", "--rules", "HC-1", "--players", "4", "--rounds", "50", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sorted(out) == KEYS_BEFORE and out["rounds"] == 50
    assert [sum(row) for row in out["places"]] == [50] * 4
    assert main(["tournament", "--rules", "HC-1", "--bots", "normal,easy,easy", "--rounds", "60", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["rounds"] == 60 and set(res["levels"]) == {"easy", "normal"}
    # the bot that always plays its highest card beats random play
    assert res["levels"]["normal"]["first_share"] > res["levels"]["easy"]["first_share"]
    assert main(["tournament", "--rules", "HC-1", "--bots", "hard,easy", "--rounds", "5"]) == 2
    assert main(["simulate", "--rules", "HC-1", "--players", "9", "--rounds", "5"]) == 2
    assert main(["simulate", "--rules", "NOPE-9", "--players", "4", "--rounds", "5"]) == 2


def test_rule_file_names_its_game(tmp_path, capsys):
    p = tmp_path / "haus.toml"
    p.write_text(games.get("praesident").rules_to_toml(games.get("praesident").template("JASS36")), encoding="utf-8")
    g, rules = games.find_rules(str(p))
    assert g.id == "praesident" and rules.id == "JASS36"
    assert main(["simulate", "--rules", str(p), "--players", "4", "--rounds", "5", "--json"]) == 0


def test_host_rules_takes_any_games_template(toy):
    ns = argparse.Namespace(port=0, resume=None, rules="HC-3", players=4, bots=0, rounds=None, turn_timer=0.0,
                            reconnect_wait=30.0)
    assert check_host_args(ns) is None
    ns.players = 7
    assert "2..6" in check_host_args(ns)

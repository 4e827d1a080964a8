"""`felt simulate` must stay deterministic per seed across engine speed-ups: the places of
these runs were recorded with the engine before the speed work (commit 49ce497) and must not
change (the random player draws from the same legal-move lists in the same order)."""
from __future__ import annotations

import json

import pytest

from felt import games
from felt.games.praesident.rules import load_rules
from felt.contract.simulate import simulate

# felt simulate --rules ID --players 5 --rounds 400 --seed 7 --json, at commit 49ce497
BASELINE = {
    "PR-002": ([[79, 86, 78, 72, 85], [85, 87, 84, 72, 72], [81, 69, 79, 92, 79], [68, 82, 83, 87, 80],
                [87, 76, 76, 77, 84]], 55678),
    "P52": ([[81, 81, 69, 68, 101], [72, 79, 103, 63, 83], [89, 85, 80, 74, 72], [79, 80, 84, 92, 65],
             [79, 75, 64, 103, 79]], 44694),
    "FOLGEN": ([[90, 75, 79, 75, 81], [93, 80, 61, 89, 77], [76, 64, 88, 91, 81], [78, 89, 85, 71, 77],
                [63, 92, 87, 74, 84]], 37202),
}


@pytest.mark.parametrize("rules_id", sorted(BASELINE))
def test_simulate_places_identical_to_the_recorded_baseline(rules_id):
    places, decisions = BASELINE[rules_id]
    out = simulate(games.get("praesident"), load_rules(rules_id), 5, 400, 7)
    assert out["places"] == places
    assert out["decisions"] == decisions
    assert out["rounds"] == 400


def test_simulate_cli_json_places(capsys):
    from felt.cli import main

    assert main(["simulate", "--rules", "PR-002", "--players", "5", "--rounds", "400", "--seed", "7", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["places"] == BASELINE["PR-002"][0]

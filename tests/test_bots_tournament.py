"""`felt tournament` (felt.contract.tournament): output shape, pooling of levels, Wilson intervals."""
from __future__ import annotations

import json

import pytest

from felt import games
from felt.cli import main
from felt.games.praesident.rules import load_rules
from felt.contract.tournament import run_tournament, wilson


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert 0.39 < lo < 0.41 and 0.59 < hi < 0.61
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and 0.1 < hi < 0.2
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and 0.8 < lo < 0.9
    assert wilson(0, 0) == (0.0, 1.0)


def test_tournament_json_shape(capsys):
    rc = main(["tournament", "--rules", "PR-002", "--bots", "normal,easy,easy,easy", "--rounds", "12",
               "--seed", "3", "--json"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rounds"] == 12 and out["players"] == 4 and out["rules"] == "PR-002"
    assert set(out["levels"]) == {"easy", "normal"}
    easy, normal = out["levels"]["easy"], out["levels"]["normal"]
    # the three easy seats are pooled: 3 seats x 12 rounds
    assert easy["seats"] == 3 and easy["rounds"] == 36 and sum(easy["places"]) == 36
    assert normal["seats"] == 1 and normal["rounds"] == 12
    for d in (easy, normal):
        assert 0.0 <= d["first_share"] <= 1.0 and 0.0 <= d["last_share"] <= 1.0
        lo, hi = d["first_interval"]
        assert lo <= d["first_share"] <= hi
        lo, hi = d["last_interval"]
        assert lo <= d["last_share"] <= hi
        assert len(d["shares"]) == 4 and abs(sum(d["shares"]) - 1.0) < 1e-3
        assert d["decisions"] > 0 and d["median_think_ms"] >= 0.0
    # each place is taken exactly once per round
    for p in range(4):
        assert easy["places"][p] + normal["places"][p] == 12


def test_tournament_text_output(capsys):
    rc = main(["tournament", "--rules", "FOLGEN", "--bots", "normal,easy,easy", "--rounds", "6"])
    assert rc == 0
    text = capsys.readouterr().out
    assert "normal" in text and "easy" in text and "%" in text and "95%" in text


def test_tournament_rejects_bad_levels(capsys):
    assert main(["tournament", "--bots", "normal,wizard,easy", "--rounds", "2"]) == 2
    assert "wizard" not in capsys.readouterr().out


def test_tournament_with_hard_and_think_budget():
    res = run_tournament(games.get("praesident"), load_rules("PR-005"), ["hard", "easy", "easy"], 2, seed=2, think_ms=5)
    hard = res["levels"]["hard"]
    assert hard["rounds"] == 2 and hard["decisions"] > 0
    # the 5 ms budget, not the default 250 ms, bounds its decisions (the median: on a busy
    # machine one decision may be descheduled for a second)
    assert hard["median_think_ms"] < 40          # ~6 ms; ~70 ms with the default budget


@pytest.mark.parametrize("levels", [["easy", "normal"], ["normal"] * 9])
def test_tournament_player_count_is_checked(levels, capsys):
    assert main(["tournament", "--bots", ",".join(levels), "--rounds", "2"]) == 2

"""Commands over every game: `felt rules list|show`, `felt simulate`, `felt tournament` and
`felt host --rules` take any game's template id or rule file, and reach the game only through
its hooks (deck_size, describe_rules, playout_apply, tournament_match_wins, round_cost) and the
shared runners felt.contract.simulate and felt.contract.tournament."""
from __future__ import annotations

import argparse
import dataclasses
import json

import pytest

from felt import games
from felt.cli import main
from felt.contract import tournament
from felt.contract.simulate import simulate
from felt.contract.tournament import paired, run_tournament
from felt.net.commands import check_host_args
from tests.toy_highcard import GAME as TOY
from tests.toy_highcard import HCBot

# `felt simulate --rules PR-002 --players 5 --rounds 400 --seed 7 --json`, recorded at commit
# be68ddb with Präsident's own simulator: the shared one must give exactly these places.
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


# ------------------------------------------------------- the hooks the commands use
def test_rules_list_shows_the_deck_only_of_games_that_tell_it(capsys, toy):
    assert main(["rules", "list"]) == 0
    lines = {ln.split()[1]: ln for ln in capsys.readouterr().out.splitlines()}
    assert "(72 Karten, 3–8 Spieler)" in lines["PR-002"] and "(32 Karten, 2–9 Spieler)" in lines["SW-STD"]
    assert lines["HC-1"].endswith("Higher card  (2–6 Spieler)")         # no deck_size: no cards shown


def test_rules_show_is_the_games_own_text(capsys, toy, monkeypatch):
    assert main(["rules", "show", "pr-002"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "PR-002: Standardregeln" and out[-1].startswith("  Titel (5 Spieler)")
    assert "  Rangfolge (niedrig → hoch)   7 8 9 10 J Q K A 2" in out
    monkeypatch.setattr(type(TOY), "describe_rules", lambda self, rules: f"{rules.id} told by the game")
    assert main(["rules", "show", "HC-3"]) == 0
    assert capsys.readouterr().out == "HC-3 told by the game\n"


def test_simulate_moves_through_the_games_playout_apply(toy, monkeypatch):
    calls = []
    plain = type(TOY).playout_apply

    def counted(self, state, seat, move):
        calls.append(seat)
        plain(self, state, seat, move)

    monkeypatch.setattr(type(TOY), "playout_apply", counted)
    res = simulate(TOY, TOY.template("HC-1"), 3, 10, 4)
    assert len(calls) == res["decisions"] == 10 * 3 * 3        # 3 cards a seat, every one a decision
    assert simulate(TOY, TOY.template("HC-1"), 3, 10, 4)["places"] == res["places"]


def test_match_wins_are_reported_only_for_games_that_score_them(capsys, toy):
    assert main(["tournament", "--rules", "PR-005", "--bots", "normal,easy,easy", "--rounds", "6", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert "decided_matches" not in res and all("match_wins" not in d for d in res["levels"].values())
    assert main(["tournament", "--rules", "HC-1", "--bots", "normal,easy", "--rounds", "6", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["decided_matches"] == res["matches"] == 3           # HC-1: matches of two rounds
    assert sum(d["match_wins"] for d in res["levels"].values()) == 3


def test_whole_matches_end_by_the_rules_and_an_open_ended_rule_set_is_refused(toy, monkeypatch):
    done = []
    res = run_tournament(TOY, TOY.template("HC-3"), ["normal", "easy"], seed=2, matches=4,
                         progress=lambda k, total: done.append((k, total)))
    assert (res["matches"], res["rounds"], res["decided_matches"]) == (4, 12, 4)
    assert done == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert res["levels"]["normal"]["decisions"] == 12 * 4          # timed by the runner: 4 cards a round
    with pytest.raises(ValueError):
        run_tournament(TOY, TOY.template("HC-3"), ["normal", "easy"], 5, matches=4)
    monkeypatch.setattr(tournament, "MATCH_ROUNDS_MAX", 3)
    open_ended = dataclasses.replace(games.get("praesident").template("PR-005"), rounds=0)
    with pytest.raises(ValueError, match="has not ended"):
        run_tournament(games.get("praesident"), open_ended, ["easy"] * 3, matches=1)


def test_bots_that_watch_see_their_seats_view_after_every_move(toy, monkeypatch):
    seen = []
    monkeypatch.setattr(type(TOY), "bot_watches", lambda self, level: level == "normal")
    monkeypatch.setattr(HCBot, "watch", lambda self, view: seen.append((self.level, view["seat"])), raising=False)
    res = run_tournament(TOY, TOY.template("HC-1"), ["easy", "normal", "easy"], 2, seed=1)
    moves = sum(d["decisions"] for d in res["levels"].values())
    assert {level for level, _ in seen} == {"normal"}
    assert len(seen) == moves - 2                  # not after the move that ends a round


def test_paired_rounds_compare_round_costs_of_one_seat(toy):
    rules = TOY.template("HC-3")
    same = paired(TOY, rules, "normal", 12)
    assert same["mean_cost_diff"] == 0.0 and same["better"] == same["worse"] == 0
    other = paired(TOY, rules, "easy", 24, players=3)
    assert other["better"] + other["worse"] > 0 and abs(other["mean_cost_diff"]) <= 2
    again = paired(TOY, rules, "easy", 24, players=3)
    assert [again[k] for k in ("mean_cost_diff", "se", "better", "worse")] == \
        [other[k] for k in ("mean_cost_diff", "se", "better", "worse")]
    # by default a round costs a seat its place (0: first)
    state, _ = TOY.new_match(rules, 3, 5)
    while state.phase == "play":
        TOY.apply_inplace(state, state.to_move, TOY.legal_moves(state)[0])
    assert [TOY.round_cost(state, seat) for seat in TOY.round_places(state)] == [0, 1, 2]


def test_tournament_bots_message_names_the_games_levels(capsys):
    assert main(["tournament", "--rules", "MM-STD", "--bots", "normal,wizard", "--rounds", "2"]) == 2
    assert capsys.readouterr().err == "--bots: give 2 or more levels from easy, normal, hard, e.g. normal,easy,easy,easy\n"
    assert main(["tournament", "--bots", "normal", "--rounds", "2"]) == 2
    assert capsys.readouterr().err.startswith("--bots: give 3 or more levels")


def test_the_runner_module_plays_whole_matches_and_paired_rounds(capsys, toy):
    assert tournament.main(["--rules", "HC-1", "--bots", "normal,easy", "--matches", "3", "--seed", "4"]) == 0
    out, err = capsys.readouterr()
    res = json.loads(out)
    assert (res["matches"], res["rounds"], res["decided_matches"]) == (3, 6, 3)
    assert err.startswith("Tournament HC-1: 2 players normal,easy, 6 rounds in 3 matches") and "match wins" in err
    assert tournament.main(["--rules", "HC-1", "--paired", "easy", "--rounds", "5", "--players", "3"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert (res["level"], res["baseline"], res["rounds"], res["players"]) == ("easy", "normal", 5, 3)

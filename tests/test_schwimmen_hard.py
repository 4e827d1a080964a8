"""Schwimmen's hard bot (search from the view only) and `felt tournament`'s match and
lost-life report."""
from __future__ import annotations

import dataclasses
import json
import random
import statistics

import pytest

from felt import games
from felt.cli import main
from felt.games.schwimmen import bots as B
from felt.games.schwimmen import engine as E
from felt.contract.tournament import paired, run_tournament

G = games.get("schwimmen")
STD = G.template("SW-STD")
PLAIN = dataclasses.replace(STD, dealer_choice=False)


def c(*codes):
    return [E.card_from_code(STD, x) for x in codes]


def rigged(hands, middle, to_move=0, turns=3, taken=None, rules=PLAIN):
    s, _ = G.new_match(rules, len(hands), 1)
    E.rig(s, {i: c(*h) for i, h in enumerate(hands)}, c(*middle), to_move, turns)
    for seat, cards in (taken or {}).items():
        s.taken[seat] = c(*cards)
    return s


# ------------------------------------------------------------------ hard in constructed positions
def test_hard_does_not_knock_with_a_surely_lowest_hand_when_a_swap_wins():
    # Seat 0 holds 26 in hearts; both others took all their cards from the middle (everyone saw
    # them): 30 in clubs, 29 in diamonds. Normal knocks at 26 -- and surely loses a life. Hard
    # takes HK (29) and next turn HQ for 31, which the middle offers.
    s = rigged([("HA", "H8", "H7"), ("CA", "CK", "C9"), ("DA", "DK", "D8")], ("HK", "HQ", "S7"),
               taken={1: ("CA", "CK", "C9"), 2: ("DA", "DK", "D8")})
    v = G.view(s, 0)
    assert B.normal_move(v, B._legal(v)) == E.KNOCK
    assert B.p_lowest(v, 40, random.Random(1), aged=True) == 1.0
    for seed in range(3):
        move = G.make_bot("hard", seed=seed).choose(v)
        assert move.kind == "swap" and move.take == c("HK")[0], move
    # played on with normal everywhere, hard's choice keeps its life, normal's loses it
    outcomes = {}
    for name, first in (("hard", G.make_bot("hard", seed=0).choose(v)), ("normal", E.KNOCK)):
        t = s.clone()
        G.apply_inplace(t, 0, first)
        bots = [G.make_bot("normal") for _ in range(3)]
        while t.phase == "play":
            G.apply_inplace(t, t.to_move, bots[t.to_move].choose(G.view(t, t.to_move)))
        outcomes[name] = G.round_losers(t)
    assert 0 not in outcomes["hard"] and outcomes["normal"] == [0]


def test_hard_keeps_normal_move_where_nothing_is_gained():
    # 31 at once, and an ordinary first-go-round swap with nothing to search for
    s = rigged([("HA", "HK", "C7"), ("D7", "D8", "S9"), ("S7", "S8", "C9")], ("H10", "SQ", "DK"), turns=0)
    v = G.view(s, 0)
    assert G.make_bot("hard", seed=1).choose(v) == E.Move("swap", c("C7")[0], c("H10")[0])


def test_hard_decides_from_the_view_only():
    # two states that differ only in what seat 0 cannot see give the same view and the same move
    a = rigged([("HA", "H8", "C7"), ("CA", "CK", "S9"), ("D7", "DK", "S8")], ("H9", "SQ", "D9"), turns=4)
    b = rigged([("HA", "H8", "C7"), ("S7", "CQ", "DA"), ("C8", "S10", "D10")], ("H9", "SQ", "D9"), turns=4)
    va, vb = G.view(a, 0), G.view(b, 0)
    assert va == vb and a.hands[1] != b.hands[1] and a.stock != b.stock
    assert G.make_bot("hard", seed=7).choose(va) == G.make_bot("hard", seed=7).choose(vb)


def test_aged_determinization_draws_stronger_hands_for_players_who_have_had_turns():
    s = rigged([("HA", "H8", "C7"), ("CA", "CK", "S9"), ("D7", "DK", "S8"), ("C8", "C9", "S10")],
               ("H9", "SQ", "D9"), turns=8)                 # two go-rounds played
    v = G.view(s, 0)
    assert B._turns_had(v, 1) == 2
    rng = random.Random(3)
    plain = [E.hand_value2(B.determinize(v, rng).hands[i]) for _ in range(300) for i in (1, 2, 3)]
    aged = [E.hand_value2(B.determinize(v, rng, aged=True).hands[i]) for _ in range(300) for i in (1, 2, 3)]
    assert statistics.mean(aged) > statistics.mean(plain) + 8       # half points: 4 points or more
    for _ in range(50):
        d = B.determinize(v, rng, aged=True)
        assert sorted(d.all_cards()) == list(range(32)) and d.hands[0] == v["hand"]
    # a knocker is drawn with a hand worth knocking
    s.knocker, s.final_left = 2, [3, 0, 1]
    v = G.view(s, 0)
    knocker = [E.hand_value2(B.determinize(v, rng, aged=True).hands[2]) for _ in range(200)]
    uniform = [E.hand_value2(B.determinize(v, rng).hands[2]) for _ in range(200)]
    # redrawn up to 40 times: mostly worth knocking, where uniform draws rarely are
    assert sum(x >= B.KNOCKER_MIN2 for x in knocker) >= 150 > 4 * sum(x >= B.KNOCKER_MIN2 for x in uniform)


def test_fast_greedy_is_greedy_choice():
    rng = random.Random(11)
    for _ in range(20000):
        cards = rng.sample(range(32), 6)
        assert B.fast_greedy(cards[:3], cards[3:]) == B.greedy_choice(cards[:3], cards[3:])


@pytest.mark.parametrize("tid", G.template_ids())
def test_hard_always_moves_legally_and_is_deterministic_per_seed(tid, monkeypatch):
    # property over seeded rounds of every template: every hard move is in the view's legal
    # list (choose asserts it) and the checked apply accepts it; the same seed gives the same game
    monkeypatch.setattr(B.HardBot, "samples", 6)
    monkeypatch.setattr(B.HardBot, "max_samples", 12)
    rules = G.template(tid)

    def play(seed):
        moves = []
        for r in range(6):
            n = 3 + r % 3
            s, _ = G.new_match(rules, n, f"hard-prop:{seed}:{r}")
            bots = [G.make_bot("hard" if j % 2 == 0 else "normal", seed=f"{seed}:{j}") for j in range(n)]
            while s.phase not in ("round_over", "match_over"):
                seat = s.to_move
                v = G.view(s, seat)
                move = bots[seat].choose(v)
                assert E.move_to_wire(move) in v["legal"]
                G.apply_inplace(s, seat, move, True)
                moves.append(move)
            assert sorted(s.all_cards()) == list(range(32))
        return moves

    first = play(1)
    assert first == play(1)


# ------------------------------------------------------------------ the tournament report
def test_round_losers_are_the_lowest_hands():
    s = rigged([("HA", "H8", "C7"), ("CA", "CK", "S9"), ("D7", "D8", "S7")], ("H9", "SQ", "D9"), turns=4)
    s.knocker, s.final_left = 1, [0]
    G.apply_inplace(s, 0, E.PASS)
    assert s.phase == "round_over" and G.round_losers(s) == [2]
    s = rigged([("H7", "H8", "C7"), ("CA", "CK", "S9"), ("D7", "D8", "S7")], ("H9", "SQ", "D9"), turns=4)
    s.knocker, s.final_left = 1, [0]
    G.apply_inplace(s, 0, E.PASS)
    assert G.round_losers(s) == [0, 2]                       # 15 and 15: both lose a life
    assert games.get("praesident").round_losers(None) == []  # the default: rounds only rank seats


def test_tournament_reports_match_wins_and_lost_rounds():
    res = run_tournament(G, STD, ["normal", "easy", "easy", "easy"], 120, seed=4)
    m = res["decided_matches"]
    assert 0 < m <= res["matches"]
    normal, easy = res["levels"]["normal"], res["levels"]["easy"]
    assert normal["match_wins"] + easy["match_wins"] == m
    assert normal["match_share"] == round(normal["match_wins"] / m, 4)
    assert easy["match_share"] == round(easy["match_wins"] / (3 * m), 4)
    for d in (normal, easy):
        lo, hi = d["match_interval"]
        assert lo <= d["match_share"] <= hi
        lo, hi = d["lost_interval"]
        assert lo <= d["lost_share"] <= hi and d["lost_share"] == round(d["lost_rounds"] / d["rounds"], 4)
    # every round has at least one loser, at most every seat
    assert 120 <= normal["lost_rounds"] + easy["lost_rounds"] <= 4 * 120
    # normal is clearly better than easy by both figures
    assert normal["match_share"] > 2 * easy["match_share"]
    assert normal["lost_share"] < easy["lost_share"]


def test_tournament_match_report_text(capsys):
    assert main(["tournament", "--rules", "SW-STD", "--bots", "normal,easy,easy,easy", "--rounds", "40",
                 "--seed", "2"]) == 0
    text = capsys.readouterr().out
    assert "place 1" in text and "match wins per seat" in text and "lost in a round" in text


def test_tournament_of_a_game_without_round_losers_keeps_its_per_round_report(capsys):
    assert main(["tournament", "--rules", "MM-STD", "--bots", "normal,easy,easy", "--rounds", "12", "--seed", "3",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    for d in out["levels"].values():
        assert "lost_share" not in d
        assert {"places", "shares", "intervals", "first_share", "last_share"} <= set(d)
    assert sum(sum(d["places"]) for d in out["levels"].values()) == 3 * 12


def test_paired_benchmark_is_deterministic_and_zero_for_normal_against_itself(monkeypatch):
    same = paired(G, STD, "normal", 8)
    assert same["mean_cost_diff"] == 0.0 and same["better"] == same["worse"] == 0
    monkeypatch.setattr(B.HardBot, "samples", 6)
    monkeypatch.setattr(B.HardBot, "max_samples", 12)
    a, b = paired(G, STD, "hard", 6), paired(G, STD, "hard", 6)
    assert (a["mean_cost_diff"], a["better"], a["worse"]) == (b["mean_cost_diff"], b["better"], b["worse"])


def test_a_rounds_cost_is_the_lives_lost():
    s = rigged([("H7", "H8", "C7"), ("CA", "CK", "S9"), ("D7", "D8", "S7")], ("H9", "SQ", "D9"), turns=4)
    s.knocker, s.final_left = 1, [0]
    G.apply_inplace(s, 0, E.PASS)
    assert [G.round_cost(s, seat) for seat in range(3)] == [1, 0, 1]

"""Schwimmen bots: legal moves from the view only, the documented behaviour, determinization."""
from __future__ import annotations

import dataclasses
import random

import pytest

from felt import games
from felt.games.schwimmen import bots as B
from felt.games.schwimmen import engine as E
from felt.contract.tournament import run_tournament, wilson

G = games.get("schwimmen")
STD = G.template("SW-STD")


def c(*codes):
    return [E.card_from_code(STD, x) for x in codes]


@pytest.mark.parametrize("tid", G.template_ids())
def test_every_level_plays_whole_matches_legally(tid):
    r = G.template(tid)
    # checked apply: an illegal move raises; hard with a small time budget (only legality counts here)
    res = run_tournament(G, r, ["hard", "normal", "easy"], seed=2, think_ms=3, matches=2)
    assert res["matches"] == res["decided_matches"] == 2
    assert sum(d["match_wins"] for d in res["levels"].values()) == 2


def test_unknown_level_and_no_move():
    with pytest.raises(ValueError):
        G.make_bot("grandmaster")
    s, _ = G.new_match(STD, 3, 1)
    v = G.view(s, (s.to_move + 1) % 3)
    with pytest.raises(ValueError):
        G.make_bot("normal").choose(v)


def _view_for(hands, middle, to_move=0, turns=5, r=None, knocker=-1):
    s, _ = G.new_match(r or dataclasses.replace(STD, dealer_choice=False), len(hands), 1)
    E.rig(s, {i: c(*h) for i, h in enumerate(hands)}, c(*middle), to_move, turns)
    if knocker >= 0:
        s.knocker = knocker
        s.final_left = [i for i in range(len(hands)) if i != knocker]
    return s, G.view(s, to_move)


def test_normal_swaps_to_31_and_knocks_from_its_threshold():
    s, v = _view_for([("HA", "HK", "C7"), ("D7", "D8", "S9"), ("S7", "S8", "C9")], ("H10", "SQ", "DK"))
    assert G.make_bot("normal").choose(v) == E.Move("swap", c("C7")[0], c("H10")[0])
    s, v = _view_for([("HA", "HK", "C7"), ("D7", "D8", "S9"), ("S7", "S8", "C9")], ("S10", "SQ", "D9"))
    assert hand_value(v) == 42
    assert G.make_bot("normal").choose(v) == E.PASS        # no gain, 21 is below its threshold
    s, v = _view_for([("HA", "HK", "H7"), ("D7", "D8", "S9"), ("S7", "S8", "C9")], ("S10", "SQ", "D9"))
    assert B.knock_threshold2(3, v["go_round"]) <= 56 and G.make_bot("normal").choose(v) == E.KNOCK
    s, v = _view_for([("HA", "HK", "H7"), ("D7", "D8", "S9"), ("S7", "S8", "C9")], ("S10", "SQ", "D9"), turns=0)
    assert G.make_bot("normal").choose(v) != E.KNOCK        # not in the first go-round


def hand_value(v):
    return E.hand_value2(v["hand"])


def test_knock_threshold_depends_on_players_and_go_round():
    assert B.knock_threshold2(2, 1) > B.knock_threshold2(4, 1) > B.knock_threshold2(6, 1)
    assert B.knock_threshold2(4, 5) > B.knock_threshold2(4, 1)


def test_greedy_gives_away_the_lowest_card_and_passes_without_gain():
    move, val = B.greedy_choice(c("HA", "HK", "C7"), c("S7", "D8", "H9"))
    assert move == E.Move("swap", c("C7")[0], c("H9")[0]) and val == 60
    move, val = B.greedy_choice(c("HA", "HK", "HQ"), c("S7", "D8", "C9"))
    assert move == E.PASS and val == 62


def test_determinize_fits_the_view_and_hides_nothing_it_should_not_know():
    s, v = _view_for([("HA", "HK", "C7"), ("D7", "D8", "S9"), ("S7", "S8", "C9")], ("H10", "SQ", "DK"), to_move=0)
    s.taken[1] = c("D8")
    v = G.view(s, 0)
    rng = random.Random(1)
    unseen = set(B.unseen_cards(v))
    assert not unseen & set(v["hand"] + v["middle"]) and c("D8")[0] not in unseen
    assert len(unseen) == 32 - 3 - 3 - 1
    differ = 0
    for _ in range(30):
        d = B.determinize(v, rng)
        assert sorted(d.all_cards()) == list(range(32))
        assert d.hands[0] == v["hand"] and d.middle == v["middle"] and c("D8")[0] in d.hands[1]
        assert len(d.stock) == v["stock"]
        differ += d.hands[2] != s.hands[2]
    assert differ > 20


def test_p_lowest_follows_the_hand():
    _, v = _view_for([("HA", "HK", "HQ"), ("D7", "D8", "S9"), ("S7", "S8", "C9")], ("H10", "SQ", "DK"))
    assert B.p_lowest(v, 100) == 0.0
    _, v = _view_for([("C7", "S8", "D9"), ("DA", "D8", "S9"), ("S7", "SA", "C9")], ("H10", "SQ", "DK"))
    assert B.p_lowest(v, 100) > 0.6


def test_hard_uses_its_last_turn_after_a_knock_to_escape():
    # seat 1 knocked with 21 in hearts; seat 0 (9) must not stay lowest: the swap to 20 in spades
    s, v = _view_for([("S9", "C7", "D8"), ("HA", "HK", "C8"), ("CA", "CK", "CQ")], ("SA", "HQ", "D7"),
                     to_move=0, knocker=1)
    move = G.make_bot("hard", seed=1).choose(v)
    t, _ = G.apply(s, 0, move)
    assert E.hand_value2(t.hands[0]) >= 40


def test_bots_are_deterministic_for_a_seed(monkeypatch):
    monkeypatch.setattr(B.HardBot, "samples", 8)
    monkeypatch.setattr(B.HardBot, "max_samples", 16)
    a = run_tournament(G, STD, ["hard", "easy"], seed=5, matches=1)
    b = run_tournament(G, STD, ["hard", "easy"], seed=5, matches=1)
    assert a["levels"]["hard"]["match_wins"] == b["levels"]["hard"]["match_wins"] and a["rounds"] == b["rounds"]
    assert a["levels"]["hard"]["places"] == b["levels"]["hard"]["places"]


def test_normal_beats_easy_over_seeded_matches():
    res = run_tournament(G, STD, ["normal", "easy", "easy", "easy"], seed=3, matches=60)
    n, e = res["levels"]["normal"], res["levels"]["easy"]
    assert n["match_share"] > 2 * e["match_share"]
    lo, hi = wilson(n["match_wins"], 60)
    assert lo > 0.25       # clearly above a fair 1/4


def test_hard_takes_31_at_once_and_never_knocks_with_the_likely_lowest_hand():
    s, v = _view_for([("HA", "HK", "C7"), ("D7", "D8", "S9"), ("S7", "S8", "C9")], ("H10", "SQ", "DK"))
    assert G.make_bot("hard", seed=1).choose(v) == E.Move("swap", c("C7")[0], c("H10")[0])
    s, v = _view_for([("C7", "S8", "D9"), ("DA", "D8", "S9"), ("S7", "SA", "C9")], ("H7", "C8", "D10"))
    assert B.p_lowest(v, 50) > 0.5 and KNOCK_WIRE in v["legal"]
    for seed in range(3):
        assert G.make_bot("hard", seed=seed).choose(v) != E.KNOCK


KNOCK_WIRE = {"kind": "knock"}

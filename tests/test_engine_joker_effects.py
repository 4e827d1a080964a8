"""RULES.md decisions: the JASS templates keep four of a kind on the pile (quad
clears off: the joker "beats four aces"), and a lone wild joker triggers no effect: no clear
as a 2 or an 8, no skip, no revolution. Example tests, and a property over seeded games."""
from __future__ import annotations

import random

import pytest

from felt.games.praesident.engine import apply, legal_moves, new_match
from felt.games.praesident.rules import load_rules
from tests.helpers import play, pos

PR002 = load_rules("PR-002")


def _types(events):
    return [e["type"] for e in events]


@pytest.mark.parametrize("tid", ["JASS36", "JASS52"])
def test_jass_templates_have_quad_clears_off(tid):
    assert load_rules(tid).quad_clears == "off"


def test_jass52_four_aces_stay_for_the_joker():
    r = load_rules("JASS52").replace(jokers=1)
    s, _ = pos(r, [["CA", "DA", "HA", "SA", "C3"], ["X1", "C4"], ["C5", "C6"]], to_move=0)
    s2, ev = apply(s, 0, play(s, ["CA", "DA", "HA", "SA"]))
    assert "clear" not in _types(ev)
    assert s2.pile is not None and s2.pile.size == 4 and s2.to_move == 1   # on the pile, to be beaten
    s3, ev3 = apply(s2, 1, play(s2, ["X1"]))                               # ... and the joker beats it
    assert ev3[0]["type"] == "play" and ev3[0].get("joker")


def test_jass36_four_of_a_kind_does_not_clear():
    r = load_rules("JASS36").replace(joker_card="R6")
    s, _ = pos(r, [["EK", "RK", "TK", "BK", "E7"], ["R6", "E8"], ["B9", "T9"]], to_move=0)
    s2, ev = apply(s, 0, play(s, ["EK", "RK", "TK", "BK"]))
    assert "clear" not in _types(ev) and s2.pile.size == 4 and s2.to_move == 1


def test_the_same_four_of_a_kind_clears_with_pr002():
    s, _ = pos(PR002, [["CK", "DK", "HK", "SK", "C9"], ["C8", "D8"], ["C7", "D7"]], to_move=0)
    _, ev = apply(s, 0, play(s, ["CK", "DK", "HK", "SK"]))
    assert {"type": "clear", "seat": 0, "reason": "quad"} in ev


def test_lone_wild_joker_does_not_clear_as_a_two():
    r = PR002.replace(jokers=2, joker_power="wild", twos_clear=True)
    s, _ = pos(r, [["X1", "C9"], ["C8", "D8"], ["C7", "D7"]], to_move=0)
    s2, ev = apply(s, 0, play(s, ["X1"]))
    assert "clear" not in _types(ev)
    assert s2.pile is not None and r.ranks[s2.pile.lo] == "2" and s2.to_move == 1   # beats as a 2
    # a natural 2 in the same spot does clear (the option is on)
    s, _ = pos(r, [["C2", "C9"], ["C8", "D8"], ["C7", "D7"]], to_move=0)
    _, ev = apply(s, 0, play(s, ["C2"]))
    assert {"type": "clear", "seat": 0, "reason": "twos"} in ev


def test_wild_joker_inside_a_set_counts_as_the_natural_rank():
    r = PR002.replace(jokers=2, joker_power="wild", twos_clear=True)
    s, _ = pos(r, [["X1", "C2", "C9"], ["C8", "D8"], ["C7", "D7"]], to_move=0)
    _, ev = apply(s, 0, play(s, ["X1", "C2"]))
    assert {"type": "clear", "seat": 0, "reason": "twos"} in ev


# the top rank is an 8 here, so a lone wild joker stands for an 8
EIGHT_TOP = ["7", "9", "10", "J", "Q", "K", "A", "8"]


def test_lone_wild_joker_does_not_clear_or_skip_as_an_eight():
    r = PR002.replace(ranks=EIGHT_TOP, jokers=2, joker_power="wild", eights_clear=True)
    s, _ = pos(r, [["X1", "C9"], ["CJ", "DJ"], ["C7", "D7"]], to_move=0)
    s2, ev = apply(s, 0, play(s, ["X1"]))
    assert r.ranks[s2.pile.lo] == "8" and "clear" not in _types(ev) and s2.to_move == 1
    r = PR002.replace(ranks=EIGHT_TOP, jokers=2, joker_power="wild", eight_skips=True)
    s, _ = pos(r, [["X1", "C9"], ["CJ", "DJ"], ["C7", "D7"]], to_move=0)
    s2, ev = apply(s, 0, play(s, ["X1"]))
    assert s2.to_move == 1 and not s2.skip_next and "skip" not in _types(ev)
    s, _ = pos(r, [["C8", "C9"], ["CJ", "DJ"], ["C7", "D7"]], to_move=0)   # a natural single 8 skips
    s2, ev = apply(s, 0, play(s, ["C8"]))
    assert s2.to_move == 2


def test_two_jokers_alone_are_no_pair_of_twos_for_effects():
    # a deck has at most two jokers: a set of jokers alone is at most a pair (too small for a
    # revolution or a quad); as a pair of the top rank it must not clear as twos
    r = PR002.replace(jokers=2, joker_power="wild", twos_clear=True, revolution=True)
    s, _ = pos(r, [["X1", "X2", "C9"], ["CJ", "DJ"], ["C7", "D7"]], to_move=0)
    s2, ev = apply(s, 0, play(s, ["X1", "X2"]))
    assert s2.pile.size == 2 and r.ranks[s2.pile.lo] == "2"
    assert "clear" not in _types(ev) and not s2.revolution and s2.to_move == 1


def test_a_set_with_a_natural_rank_and_a_joker_starts_a_revolution():
    r = PR002.replace(jokers=2, joker_power="wild", revolution=True, quad_clears="off")
    s, _ = pos(r, [["CK", "DK", "HK", "X1", "C9"], ["CJ", "DJ"], ["C7", "D7"]], to_move=0)
    s2, ev = apply(s, 0, play(s, ["CK", "DK", "HK", "X1"]))
    assert s2.revolution and "revolution" in _types(ev)


def test_property_no_effect_ever_comes_from_jokers_alone():
    """Seeded random games with wild jokers and every effect on: a play made of jokers only
    is never followed by a clear (other than quad), a skip or a revolution."""
    total = 0
    for seed in range(40):
        rng = random.Random(seed)
        r = PR002.replace(jokers=2, joker_power="wild", twos_clear=True, eights_clear=True, revolution=True,
                          quad_clears=rng.choice(["off", "exactly4"]))
        state, _ = new_match(r, rng.choice([3, 4, 5]), seed, rounds=1)
        for _ in range(3000):
            if state.phase != "play":
                break
            moves = legal_moves(state)
            jokers_only = [m for m in moves if m.kind == "play" and all(state.rk[c] < 0 for c in m.cards)]
            mv = rng.choice(jokers_only) if jokers_only and rng.random() < 0.7 else rng.choice(moves)
            before = state.revolution
            state, ev = apply(state, state.to_move, mv)
            if mv.kind == "play" and all(state.rk[c] < 0 for c in mv.cards):
                total += 1
                assert state.revolution == before, seed
                assert not any(e["type"] == "clear" and e.get("reason") != "quad" for e in ev), seed
                assert not state.skip_next, seed
        assert state.phase in ("round_over", "match_over"), seed
    assert total >= 20, total          # the games did play jokers alone, often

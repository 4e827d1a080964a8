"""Differential tests: the engine (with its cached, sped-up move generation and its
events-free apply) against the reference engine, the unchanged core of commit 49ce497 kept in
tests/engine_reference.py. Both play the same seeded random games in lockstep; at every
decision the legal moves (same moves, same order), the outcome of every legal move, the events
and the whole table state must agree. Thousands of states of every template, plus random
option combinations (wild jokers, revolution, forced passing, sequences...)."""
from __future__ import annotations

import random

import pytest

import tests.engine_reference as ref
from felt.games.praesident.engine import core
from felt.games.praesident.rules import list_templates
from tests.test_engine_properties import _random_rules

FIELDS = ("phase", "round_no", "hands", "to_move", "pile", "trick", "passed", "skip_next", "skipped",
          "places", "revolution", "played", "standings", "history", "dealer", "leader", "tasks",
          "exchange_info", "last_places", "winner", "moves_made")


def _table(s):
    return {f: getattr(s, f) for f in FIELDS}


def _random_move(rng, s, moves):
    """Mostly a legal move; sometimes random cards from the hand (usually illegal)."""
    if s.phase == "play" and rng.random() < 0.15:
        hand = s.hands[s.to_move]
        k = rng.randint(1, min(4, len(hand)))
        return core.Move("play", tuple(rng.sample(hand, k)))
    return rng.choice(moves)


def _lockstep(rules, n, seed, rounds, check_all_moves: bool) -> int:
    """Play ``rounds`` rounds with both engines; returns the number of states compared."""
    rng = random.Random(seed)
    a, ea = core.new_match(rules, n, seed, rounds=rounds)
    b, eb = ref.new_match(rules, n, seed, rounds=rounds)
    assert ea == eb
    states = 0
    while a.phase != "match_over":
        assert _table(a) == _table(b)
        if a.phase == "round_over":
            a, ea = core.next_round(a)
            b, eb = ref.next_round(b)
            assert ea == eb
            continue
        ma = core.legal_moves(a)
        mb = ref.legal_moves(b)
        assert ma == mb, (rules.id, seed, a)
        states += 1
        seat = a.to_move
        if check_all_moves:
            for m in ma:  # the outcome of every legal move, through both apply paths
                a2 = a.clone()
                a3 = a.clone()
                b2 = b.clone()
                ev_a = core.apply_inplace(a2, seat, m, check=False)
                core.apply_inplace(a3, seat, m, check=False, events=False)
                ev_b = ref.apply_inplace(b2, seat, ref.Move(*m), check=False)
                assert ev_a == ev_b
                assert _table(a2) == _table(b2) == _table(a3)
                # the caches of the clone's parent must still be right for the parent
                assert core.legal_moves(a) == ma
        m = _random_move(rng, a, ma)
        err_a = err_b = None
        try:
            core.check_move(a, seat, m)
        except core.IllegalMove as exc:
            err_a = str(exc)
        try:
            ref.check_move(b, seat, ref.Move(*m))
        except ref.IllegalMove as exc:
            err_b = str(exc)
        assert err_a == err_b
        if err_a is not None:
            continue
        assert core.apply_inplace(a, seat, m) == ref.apply_inplace(b, seat, ref.Move(*m))
    assert _table(a) == _table(b)
    return states


@pytest.mark.parametrize("rules", list_templates(), ids=lambda r: r.id)
def test_templates_agree_with_the_reference(rules):
    states = 0
    rng = random.Random(rules.id)
    counts = list(range(rules.min_players, rules.max_players + 1))
    for i in range(8):
        n = counts[i % len(counts)]
        states += _lockstep(rules, n, rng.randrange(10**9), rounds=4, check_all_moves=i < 3)
    assert states >= 1000


@pytest.mark.slow
def test_random_option_combinations_agree_with_the_reference():
    rng = random.Random(2024)
    states = 0
    for _ in range(60):
        rules = _random_rules(rng.choice, lambda: rng.random() < 0.5, rng.randint)
        try:
            rules.validate()
        except Exception:
            continue
        n = rng.randint(rules.min_players, min(rules.max_players, 6))
        try:
            rules.validate(n)
        except Exception:
            continue
        states += _lockstep(rules, n, rng.randrange(10**9), rounds=3, check_all_moves=True)
    assert states >= 2000


@pytest.mark.parametrize("rules", list_templates(), ids=lambda r: r.id)
def test_next_round_inplace_equals_next_round(rules):
    rng = random.Random(5)
    s, _ = core.new_match(rules, rules.min_players + 1, 11, rounds=0)
    for _ in range(4):
        while s.phase in ("play", "exchange"):
            core.apply_inplace(s, s.to_move, rng.choice(core.legal_moves(s)))
        pure, ev_pure = core.next_round(s)
        with_events = s.clone()
        assert core.next_round_inplace(with_events) == ev_pure
        assert core.next_round_inplace(s, events=False) == []
        assert _table(s) == _table(pure) == _table(with_events)
    with pytest.raises(core.IllegalMove):
        core.next_round_inplace(s)  # the new round is not over

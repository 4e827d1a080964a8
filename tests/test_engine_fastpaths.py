"""The engine's speed-ups keep their promises: a clone copies every field, the written-out
deal shuffle draws exactly what ``random.shuffle`` draws, the process-wide table of run plays
gives the same moves when it is cleared, and the per-match table of plain-set piles gives
every rule set its own ranks."""
from __future__ import annotations

import random

import pytest

from felt.games.praesident.engine import core
from felt.games.praesident.rules import load_rules
from tests.test_engine_differential import _lockstep

MUTABLE_PER_STATE = ("hands", "groups", "trick", "passed", "places", "played", "standings", "history",
                     "tasks", "exchange_info", "last_places")


def _some_state(rid="PR-002", n=5, seed=3, steps=40):
    rules = load_rules(rid)
    s, _ = core.new_match(rules, n, seed, rounds=0)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.phase == "round_over":
            core.next_round_inplace(s, events=False)
            continue
        core.apply_inplace(s, s.to_move, rng.choice(core.legal_moves(s)), False, False)
    return s


@pytest.mark.parametrize("steps", [0, 5, 40, 200])
def test_clone_copies_every_field_and_shares_no_mutable_table_state(steps):
    s = _some_state(steps=steps)
    c = s.clone()
    for name in core.State.__slots__:
        assert hasattr(c, name), f"clone() forgot {name}"
        assert getattr(c, name) == getattr(s, name), name
    for name in MUTABLE_PER_STATE:
        assert getattr(c, name) is not getattr(s, name), f"clone() shares {name}"
    for h1, h2 in zip(c.hands, s.hands):
        assert h1 is not h2
    # playing on in the clone leaves the original as it was
    before = {name: repr(getattr(s, name)) for name in MUTABLE_PER_STATE}
    rng = random.Random(1)
    for _ in range(30):
        if c.phase != "play" and c.phase != "exchange":
            break
        core.apply_inplace(c, c.to_move, rng.choice(core.legal_moves(c)), False, False)
    assert {name: repr(getattr(s, name)) for name in MUTABLE_PER_STATE} == before


@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 31, 32, 33, 52, 64, 100, 108])
def test_written_out_shuffle_draws_what_random_shuffle_draws(n):
    for seed in range(200):
        a, b = list(range(n)), list(range(n))
        ra, rb = random.Random(seed), random.Random(seed)
        ra.shuffle(a)
        core._shuffle(rb, b)
        assert a == b
        assert ra.getstate() == rb.getstate()   # and the generator is left in the same state


def test_run_plays_table_cleared_midway_changes_nothing(monkeypatch):
    """The process-wide table of run plays is capped: when it is cleared (here every few
    runs), the engine still agrees with the reference move for move."""
    monkeypatch.setattr(core, "_RUN_MOVES_MAX", 7)
    monkeypatch.setattr(core, "_RUN_MOVES", {})
    for rid, seed in (("PR-002", 1), ("FOLGEN", 2), ("P52", 3)):
        assert _lockstep(load_rules(rid), 4, seed, 2, check_all_moves=False) > 50


def test_plain_set_piles_are_per_match_so_each_rule_set_keeps_its_ranks():
    """The same card ids are different ranks in different rule sets (32 and 52 cards): a pile
    found in one match's table must never be another rule set's."""
    for rid in ("PR-002", "P52", "PR-002", "P52"):
        rules = load_rules(rid)
        s, _ = core.new_match(rules, 4, 11, rounds=0)
        rng = random.Random(4)
        for _ in range(300):
            if s.phase == "round_over":
                core.next_round_inplace(s, events=False)
                continue
            seat = s.to_move
            mv = rng.choice(core.legal_moves(s))
            core.apply_inplace(s, seat, mv, False, False)
            if mv.kind == "play" and s.pile is not None and s.pile.kind == "set" and s.pile.seat == seat:
                want = core.classify(s, mv.cards)
                assert (s.pile.lo, s.pile.size, s.pile.cards) == (want.lo, want.size, tuple(mv.cards)), rid

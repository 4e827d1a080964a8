"""Side-by-side benchmark (not a test): the engine and normal policy of commit 49ce497 (kept as
tests/engine_reference.py and tests/policy_reference.py) against the current ones, in one
process, alternating, best of several runs, so both see the same load.

    python -m tests.bench_engine_ab simulate PR-002 [rounds] [reps]
    python -m tests.bench_engine_ab rollouts FOLGEN [reps]
"""
from __future__ import annotations

import random
import sys
import time

import tests.engine_reference as eref
import tests.policy_reference as pref
from felt import games
from felt.games.praesident.bots.hard import place_reward, rollout
from felt.games.praesident.bots.situation import situation_from_state
from felt.games.praesident.rules import load_rules
from felt.contract.simulate import simulate
from tests.bench_policy_instr import worlds_for


def simulate_old(rules, players, rounds, seed):
    """The old `felt simulate` loop on the reference engine."""
    rng = random.Random(seed)
    state, _ = eref.new_match(rules, players, seed, rounds=0)
    played = 0
    while played < rounds:
        if state.phase == "round_over":
            played += 1
            if played >= rounds:
                break
            state, _ = eref.next_round(state)
            continue
        moves = eref.legal_moves(state)
        move = moves[0] if len(moves) == 1 else rng.choice(moves)
        eref.apply_inplace(state, state.to_move, move, check=False)


def rollout_old(state, me):
    n = state.n
    rewards = [place_reward(p, n) for p in range(n)]
    places = state.places
    while state.phase in ("play", "exchange"):
        if me in places:
            return rewards[places.index(me)]
        seat = state.to_move
        legal = eref.legal_moves(state)
        mv = legal[0] if len(legal) == 1 else pref.choose_normal(situation_from_state(state, seat, legal))
        eref.apply_inplace(state, seat, mv, check=False)
    return rewards[state.places.index(me)] if me in state.places else 0.0


def bench_simulate(rid, rounds=20, reps=30):
    game, rules = games.get("praesident"), load_rules(rid)
    to, tn = [], []
    for _ in range(reps):
        t = time.perf_counter()
        simulate_old(rules, 5, rounds, 7)
        to.append(time.perf_counter() - t)
        t = time.perf_counter()
        simulate(game, rules, 5, rounds, 7)
        tn.append(time.perf_counter() - t)
    print(f"simulate {rid}, 5 players: before {rounds / min(to):.0f} rounds/s, after {rounds / min(tn):.0f} "
          f"rounds/s, ratio {min(to) / min(tn):.2f}")


def bench_rollouts(rid, reps=5):
    worlds = worlds_for(rid)[0]   # seat 0's play decisions of 5 games, 4 sampled worlds each
    to, tn = [], []
    for _ in range(reps):
        t = time.perf_counter()
        ro = []
        for w, me in worlds:
            c = w.clone()
            c.groups = [None] * c.n  # the reference keeps its own cache format
            ro.append(rollout_old(c, me))
        to.append(time.perf_counter() - t)
        t = time.perf_counter()
        rn = [rollout(w.clone(), me) for w, me in worlds]
        tn.append(time.perf_counter() - t)
        assert ro == rn, "the rollouts disagree"
    k = len(worlds)
    print(f"rollouts {rid}, 4 players: before {k / min(to):.0f}/s, after {k / min(tn):.0f}/s, "
          f"ratio {min(to) / min(tn):.2f} (same rewards, {k} rollouts)")


if __name__ == "__main__":
    what, rid, *rest = sys.argv[1:]
    if what == "simulate":
        bench_simulate(rid, *map(int, rest))
    else:
        bench_rollouts(rid, *map(int, rest))

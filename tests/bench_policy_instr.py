"""Load-independent figure for the normal policy's speed in hard-bot rollouts (not a test).

Builds the same sampled worlds as ``tests/bench_engine_ab.py bench_rollouts`` and plays each
of them to the end of the round with ``rollout()`` N times. Run it under valgrind for two N and
divide the difference in instructions by the difference in rollouts:

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        .venv/bin/python -m tests.bench_policy_instr PR-002 1
    (the same with 3) -> (I(3) - I(1)) / (2 * rollouts per pass)

    python -m tests.bench_policy_instr PR-002 3 --profile   # cProfile of the passes
"""
from __future__ import annotations

import random
import sys

from felt.bots import make_bot
from felt.bots.cardinfo import deck_info
from felt.bots.determinize import build_state, sample_hands
from felt.bots.hard import rollout
from felt.engine import apply_inplace, legal_moves, new_match, view
from felt.rules import load_rules


def worlds_for(rid: str):
    """The worlds of bench_engine_ab.bench_rollouts: 5 games, seat 0's play decisions, 4 samples each."""
    rules = load_rules(rid)
    bots = [make_bot("normal", seed=i) for i in range(4)]
    views = []
    for g in range(5):
        s, _ = new_match(rules, 4, g, rounds=1)
        while s.phase in ("play", "exchange"):
            v = view(s, s.to_move)
            if s.to_move == 0 and s.phase == "play" and len(legal_moves(s)) > 1:
                views.append(v)
            apply_inplace(s, s.to_move, bots[s.to_move].choose(v))
    worlds = []
    rng = random.Random(1)
    for v in views:
        info = deck_info(v["rules"])
        for _ in range(4):
            worlds.append((build_state(v, sample_hands(v, rng, info), info.rules), v["seat"]))
    return worlds


def run(worlds, passes: int) -> float:
    total = 0.0
    for _ in range(passes):
        for w, me in worlds:
            total += rollout(w.clone(), me)
    return total


if __name__ == "__main__":
    rid = sys.argv[1]
    passes = int(sys.argv[2])
    ws = worlds_for(rid)
    if "--profile" in sys.argv:
        import cProfile
        import pstats
        cProfile.run("run(ws, passes)", "/tmp/polspeed.prof")
        pstats.Stats("/tmp/polspeed.prof").sort_stats("tottime").print_stats(18)
    else:
        print(f"{rid}: {len(ws)} worlds, {passes} passes, reward sum {run(ws, passes):.6f}")

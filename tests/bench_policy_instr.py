"""Load-independent figure for the normal policy's speed in hard-bot rollouts (not a test).

Takes the decisions of ``tests/bench_engine_ab.py bench_rollouts`` (5 games, seat 0's play
decisions) and builds, up front, 3 sets of sampled worlds (4 per decision, a new sample each set;
set 0 is the one bench_rollouts uses). Pass k plays set k to the end of the round with
``rollout()``, so no pass repeats a world (caches see what a hard bot's fresh samples give them).
Run it under valgrind for two N and divide the difference in instructions by the difference in
rollouts:

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        .venv/bin/python -m tests.bench_policy_instr PR-002 1
    (the same with 3) -> (I(3) - I(1)) / (2 * worlds a pass)

    python -m tests.bench_policy_instr PR-002 3 --profile   # cProfile of the passes
"""
from __future__ import annotations

import random
import sys

from felt.games.praesident.bots import make_bot
from felt.games.praesident.bots.cardinfo import deck_info
from felt.games.praesident.bots.determinize import build_state, sample_hands
from felt.games.praesident.bots.hard import rollout
from felt.games.praesident.engine import apply_inplace, legal_moves, new_match, view
from felt.games.praesident.rules import load_rules


def worlds_for(rid: str, sets: int = 1):
    """``sets`` lists of worlds; the first is that of bench_engine_ab.bench_rollouts."""
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
    out = []
    for k in range(sets):
        worlds = []
        rng = random.Random(1 + k)
        for v in views:
            info = deck_info(v["rules"])
            for _ in range(4):
                worlds.append((build_state(v, sample_hands(v, rng, info), info.rules), v["seat"]))
        out.append(worlds)
    return out


def run(sets, passes: int) -> float:
    total = 0.0
    for k in range(passes):
        for w, me in sets[k]:
            total += rollout(w, me)
    return total


if __name__ == "__main__":
    rid = sys.argv[1]
    passes = int(sys.argv[2])
    sets = worlds_for(rid, 3)
    if "--profile" in sys.argv:
        import cProfile
        import pstats
        cProfile.run("run(sets, passes)", "/tmp/polspeed.prof")
        pstats.Stats("/tmp/polspeed.prof").sort_stats("tottime").print_stats(18)
    else:
        print(f"{rid}: {len(sets[0])} worlds a pass, {passes} passes, reward sum {run(sets, passes):.6f}")

"""The normal policy alone, at the decisions of hard-bot rollouts (not a test).

Records (copies of) every Situation that ``rollout()`` hands to ``choose_normal`` while playing
the first set of worlds of ``tests/bench_policy_instr.py`` (PR-002 or FOLGEN), then decides all of
them N times, emptying the policy's caches before each pass (so a pass costs what one pass of
fresh rollouts costs). Under valgrind for two N the difference gives instructions per decision:

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        .venv/bin/python -m tests.bench_policy_decisions PR-002 1     (and 3)
"""
from __future__ import annotations

import copy
import os
import sys

import felt.games.praesident.bots.hard as hard
from felt.games.praesident.bots import policy
from tests.bench_policy_instr import run, worlds_for


def record(rid: str):
    sits = []
    orig = hard.choose_normal

    def rec(sit):
        s2 = copy.copy(sit)
        s2.hand = list(sit.hand)
        s2.counts = list(sit.counts)
        s2.unseen = list(sit.unseen)
        s2.legal = list(sit.legal)
        s2.pile_cards = list(sit.pile_cards) if sit.pile_cards else None
        s2.passed = set(sit.passed)
        s2.out = list(sit.out)
        sits.append(s2)
        return orig(sit)

    hard.choose_normal = rec
    try:
        run(worlds_for(rid, 1), 1)
    finally:
        hard.choose_normal = orig
    return sits


def clear_caches():
    if os.environ.get("FELT_BENCH_WARM"):
        return
    for name in ("_MEMOS", "_EVALUATORS", "_GROUP_TABLES", "_DECK_CONSTS"):  # (_MEMOS: the policy of commit 49ce497)
        d = getattr(policy, name, None)
        if d is not None:
            d.clear()


if __name__ == "__main__":
    rid, passes = sys.argv[1], int(sys.argv[2])
    sits = record(rid)
    if os.environ.get("FELT_BENCH_NOGC"):
        import gc
        gc.disable()
    moves = None
    for _ in range(passes):
        clear_caches()
        ms = [policy.choose_normal(s) for s in sits]
        assert moves is None or ms == moves
        moves = ms
    print(f"{rid}: {len(sits)} decisions a pass, {passes} passes, {hash(tuple(moves)) & 0xffff:04x}")

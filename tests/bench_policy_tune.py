"""The normal policy with other score weights, alone against three normal bots.

The hard bot can play its own seat by a tuned copy of the normal policy (``USE_OWN_TUNE`` in
felt/games/praesident/bots/hard.py, one tune per kind of deck): its first candidate at every decision, and its own moves in every
rollout. This measures such a tune without any search: one seat plays by ``--tune`` (the
names of ``felt.games.praesident.bots.policy.NORMAL_TUNE``; the rest stay normal's), the three others are
normal bots, the measured seat rotates from match to match (matches of 5 rounds, so the
exchange happens), and the same seed deals the same cards for every tune. About 400 rounds
a second per core.

    python -m tests.bench_policy_tune --rules PR-002 --rounds 20000 --seed 2 --tune LEAD_VALUE=0.2
    python -m tests.bench_policy_tune --rules PR-002 --rounds 12000 --search   # coordinate search

Figures: felt/games/praesident/bots/STRENGTH.md.
"""
from __future__ import annotations

import argparse
import json
import time

from felt.games.praesident.bots import policy as P
from felt.games.praesident.bots.situation import situation_from_state
from felt.games.praesident.engine import apply_inplace, legal_moves, new_match, next_round
from felt.games.praesident.rules import load_rules
from felt.contract.tournament import wilson

NAMES = ("SURE_OUT_BONUS", "LEAD_VALUE", "FOLLOW_THRESHOLD", "DANGER_PENALTY", "FIGHT_BONUS", "PWIN_COEF",
         "SIZE_BOOST", "WINNER_EXTRA", "SEQ_BONUS")
STEPS = (0.8, 0.1, 0.15, 0.3, 0.2, 0.12, 0.035, 0.15, 0.2)


def as_tune(params: dict) -> tuple:
    base = dict(zip(NAMES, P.NORMAL_TUNE))
    for k in params:
        if k not in base:
            raise ValueError(f"unknown weight {k!r} (one of {', '.join(NAMES)})")
    base.update(params)
    return tuple(float(base[n]) for n in NAMES)


def first_share(rules_id: str, tune: tuple, rounds: int, seed: int = 1, players: int = 4) -> tuple[int, int]:
    """(1st places, rounds) of the seat playing by ``tune``."""
    rules = load_rules(rules_id)
    firsts = played = match = 0
    while played < rounds:
        me = match % players
        st, _ = new_match(rules, players, f"tune:{seed}:{match}", rounds=min(5, rounds - played))
        while True:
            if st.phase in ("play", "exchange"):
                s = st.to_move
                legal = legal_moves(st)
                if len(legal) == 1:
                    mv = legal[0]
                else:
                    sit = situation_from_state(st, s, legal)
                    mv = P.choose_normal(sit, None, tune) if s == me else P.choose_normal(sit)
                apply_inplace(st, s, mv, check=False, events=False)
                continue
            firsts += st.places[0] == me
            played += 1
            if st.phase == "match_over" or played >= rounds:
                break
            st, _ = next_round(st)
        match += 1
    return firsts, played


def _line(rules_id, params, k, n, secs=None) -> str:
    lo, hi = wilson(k, n)
    tail = f" ({secs:.0f} s)" if secs is not None else ""
    return f"{rules_id} {json.dumps(params)}: {100 * k / n:.2f}% [{100 * lo:.1f}-{100 * hi:.1f}] of {n} rounds{tail}"


def search(rules_id: str, start: dict, rounds: int, seed: int, sweeps: int = 3) -> dict:
    """Coordinate search: a step up or down in one weight is taken when it gains 0.3 points
    on the same deals; the steps halve after a sweep that took none."""
    cur = dict(zip(NAMES, as_tune(start)))
    steps = dict(zip(NAMES, STEPS))
    k, n = first_share(rules_id, as_tune(cur), rounds, seed)
    best = k / n
    print("start", _line(rules_id, cur, k, n), flush=True)
    for sweep in range(sweeps):
        took = False
        for name in NAMES:
            for d in (1, -1):
                cand = dict(cur)
                cand[name] = round(cur[name] + d * steps[name], 3)
                k, n = first_share(rules_id, as_tune(cand), rounds, seed)
                print("  ", _line(rules_id, {name: cand[name]}, k, n), flush=True)
                if k / n > best + 0.003:
                    best, cur, took = k / n, cand, True
                    break
        print(f"sweep {sweep}: {json.dumps(cur)} {100 * best:.2f}%", flush=True)
        if not took:
            steps = {x: s / 2 for x, s in steps.items()}
    return cur


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="PR-002")
    ap.add_argument("--rounds", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--tune", action="append", default=[], metavar="NAME=VALUE",
                    help="a weight of NORMAL_TUNE to change (repeatable)")
    ap.add_argument("--own", action="store_true", help="start from the hard bot's tune for this deck")
    ap.add_argument("--search", action="store_true", help="coordinate search from the given tune")
    a = ap.parse_args(argv)
    params: dict = {}
    if a.own:
        from felt.games.praesident.bots.cardinfo import deck_info
        from felt.games.praesident.bots.hard import tune_for_deck
        params.update(zip(NAMES, tune_for_deck(deck_info(load_rules(a.rules)))))
    for kv in a.tune:
        name, _, val = kv.partition("=")
        params[name] = float(val)
    if a.search:
        search(a.rules, params, a.rounds, a.seed)
        return 0
    t0 = time.perf_counter()
    k, n = first_share(a.rules, as_tune(params), a.rounds, a.seed)
    print(_line(a.rules, params, k, n, time.perf_counter() - t0))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

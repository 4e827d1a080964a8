"""Decision-quality benchmark for the hard bot (not a test): regret against an oracle at a
fixed CPU budget, so it is not disturbed by other jobs on the machine the way a tournament
at a wall-clock budget is.

    python -m tests.bench_hard_regret [views=60] [oracle=100] [cpu_ms=80] [reps=3] [NAME=VALUE ...]

Collects ``views`` decisions of seat 0 (more than one legal move, not going out, no wish)
from seeded games of four normal bots (PR-002 and FOLGEN, half each), values every
candidate (up to 12) of each with ``oracle`` sampled worlds, then lets the search decide
each ``reps`` times with ``cpu_ms`` of process CPU time. NAME=VALUE sets a constant of
felt.games.praesident.bots.hard for the search (e.g. MAX_CANDIDATES=8 ELIM_SE=1.5), not for the oracle.
Prints the regret per decision (oracle value of its best move minus that of the chosen
move; 1 = a 1st place) and how often the oracle's best was chosen, for the normal policy
and for the search.
"""
from __future__ import annotations

import random
import sys
import time
import types

import felt.games.praesident.bots.hard as hard
from felt.games.praesident.bots import make_bot
from felt.games.praesident.bots.determinize import build_state, constraints_from_view, sample_hands
from felt.games.praesident.bots.policy import choose_normal
from felt.games.praesident.bots.situation import situation_from_view
from felt.games.praesident.engine import apply_inplace, legal_moves, new_match, next_round, view
from felt.games.praesident.rules import load_rules


def _key(m):
    return (m.kind, tuple(sorted(m.cards)), tuple(getattr(m, "ranks", ()) or ()))


def collect(n: int) -> list[dict]:
    out = []
    for rules_id in ("PR-002", "FOLGEN"):
        rules = load_rules(rules_id)
        bots = [make_bot("normal", seed=i) for i in range(4)]
        got = []
        m = 0
        while len(got) < 4 * n:
            st, _ = new_match(rules, 4, f"regret:{m}", rounds=5)
            m += 1
            while st.phase != "match_over":
                if st.phase not in ("play", "exchange"):
                    st, _ = next_round(st)
                    continue
                s = st.to_move
                v = view(st, s)
                if s == 0 and len(legal_moves(st)) > 1:
                    got.append(v)
                apply_inplace(st, s, bots[s].choose(v))
        random.Random(1).shuffle(got)
        out.extend(got[: (n + 1) // 2] if rules_id == "PR-002" else got[: n // 2])
    return out


def oracle(v: dict, worlds: int, seed: int):
    """{move key: mean reward} over every candidate (up to 12), or None for a trivial choice."""
    sit = situation_from_view(v)
    nh = len(sit.hand)
    if any(m.kind == "wish" for m in sit.legal) or any(m.kind == "play" and len(m.cards) >= nh for m in sit.legal):
        return None
    keep = hard.MAX_CANDIDATES
    hard.MAX_CANDIDATES = 12
    try:
        cands = hard.candidates_from(sit)
    finally:
        hard.MAX_CANDIDATES = keep
    if len(cands) < 2:
        return None
    info = sit.info
    cons = constraints_from_view(v, info)
    rw = hard.reward_table(v["n"], info.rules, v.get("round_no", 1), v.get("rounds_total"))
    rng = random.Random(seed)
    tot = [0.0] * len(cands)
    for _ in range(worlds):
        w = build_state(v, sample_hands(v, rng, info, cons, None), info.rules)
        for i, c in enumerate(cands):
            s = w.clone()
            apply_inplace(s, v["seat"], c, check=False, events=False)
            tot[i] += hard.rollout(s, v["seat"], rw)
    return {_key(c): t / worlds for c, t in zip(cands, tot)}


def main(argv: list[str]) -> int:
    args = dict(a.split("=", 1) for a in argv)
    n = int(args.pop("views", 60))
    worlds = int(args.pop("oracle", 100))
    cpu_ms = float(args.pop("cpu_ms", 80))
    reps = int(args.pop("reps", 3))
    t0 = time.process_time()
    views = collect(n)
    table = []
    for i, v in enumerate(views):
        vals = oracle(v, worlds, 1000 + i)
        if vals is not None:
            table.append((v, vals))
    print(f"{len(table)} decisions valued with {worlds} worlds each in {time.process_time() - t0:.0f} s CPU")
    for k, val in args.items():
        setattr(hard, k, type(getattr(hard, k))(float(val)))
    real_time = hard.time
    hard.time = types.SimpleNamespace(perf_counter=time.process_time)
    try:
        for label, budget in (("normal policy", None), (f"search, {cpu_ms:g} ms CPU {args or ''}", cpu_ms)):
            reg = 0.0
            hits = count = 0
            cpu = 0.0
            for i, (v, vals) in enumerate(table):
                best = max(vals.values())
                for r in range(reps if budget else 1):
                    t = time.process_time()
                    if budget is None:
                        m = choose_normal(situation_from_view(v))
                    else:
                        m = hard.search(v, random.Random(r * 7919 + i), budget, None, None)
                    cpu += time.process_time() - t
                    got = vals.get(_key(m))
                    if got is None:
                        continue  # not among the oracle's candidates (should not happen)
                    reg += best - got
                    hits += got == best
                    count += 1
            print(f"{label}: regret per decision {reg / max(1, count):.4f}, oracle's best "
                  f"{100 * hits / max(1, count):.1f}%, {count} decisions, CPU {1000 * cpu / max(1, count):.1f} ms each")
    finally:
        hard.time = real_time
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

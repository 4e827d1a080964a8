"""Does the hard bot need more sampled worlds, or better ones? Replayed decisions, scored exactly.

At every decision of the measured seat (normal bots everywhere else, the game going on with
the normal move, as in bench_hard_truth.py) this draws ``--worlds`` worlds the way the hard
bot does, plays out every one of its candidates in each (the rollouts hard would run) and
scores each candidate exactly in the true deal (one rollout: the normal bots are
deterministic). Stopping rules are then replayed on the same rows of rollout values: hard's
own pruning and keep rule, no pruning, pure argmax, each over the first 10..W worlds, so
every rule is scored on exactly the same worlds and decisions.

``--chain B,T`` also draws a second set of worlds from a Markov chain of card swaps between
the other seats (felt/games/praesident/bots/belief.py: B swaps before the first world, T between two), close
to the posterior of the plays and passes seen, and compares argmax decisions on the two.

    python -m tests.bench_hard_worlds --rules PR-002 --rounds 150 --worlds 120 --seed 21
    python -m tests.bench_hard_worlds --rules PR-002 --rounds 150 --worlds 40 --min-obs 3 --chain 1000,100

Figures: felt/games/praesident/bots/STRENGTH.md.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from felt.games.praesident.bots import HardBot, NormalBot
from felt.games.praesident.bots import hard as H
from felt.games.praesident.bots.belief import Chain
from felt.games.praesident.bots.determinize import build_state, constraints_from_view, sample_hands
from felt.games.praesident.bots.hard import candidates_from, reward_table, rollout, settle_values
from felt.games.praesident.bots.readplays import violations
from felt.games.praesident.bots.situation import situation_from_view
from felt.games.praesident.engine import apply_inplace, legal_moves
from felt.games.praesident.rules import load_rules

from .bench_hard_truth import measured_turns, true_value


def _matrix(v, seat, worlds, cands, rw, info):
    settle = settle_values(rw)
    rows = []
    for hands in worlds:
        world = build_state(v, hands, info.rules)
        row = []
        for c in cands:
            s = world.clone()
            apply_inplace(s, seat, c, check=False, events=False)
            row.append(rollout(s, seat, rw, settle=settle, own=H.own_tune(info)))
        rows.append(row)
    return rows


def collect(rules_id, rounds, worlds, seed, min_hand=0, min_obs=0, chain=None, players=4):
    rules = load_rules(rules_id)
    bot = HardBot(seed * 1000)
    normal = NormalBot(1)
    rng = random.Random(seed)
    recs = []
    for state, seat, v in measured_turns(rules, players, rounds, f"worlds:{seed}", normal):
        legal = legal_moves(state)
        nm = normal.choose(v)
        hm = bot.choose(v)   # (also keeps the bot's memory of the round)
        sit = situation_from_view(v)
        info = sit.info
        obs = bot.plays.obs if state.phase == "play" else []
        cands = candidates_from(sit, H.own_tune(info)) if len(legal) > 1 else []
        if (len(cands) < 2 or len(sit.hand) < min_hand or len(obs) < min_obs
                or any(m.kind == "wish" for m in legal)
                or any(m.kind == "play" and len(m.cards) >= len(sit.hand) for m in legal)):
            apply_inplace(state, seat, nm)
            continue
        caps = bot.memory.update(v, info)
        cons = constraints_from_view(v, info)
        check = (lambda h, lim: violations(info, h, obs, lim)) if obs else None
        rw = reward_table(players, rules, v.get("round_no", 1), v.get("rounds_total"))
        drawn = [sample_hands(v, rng, info, cons, caps, check, H.READ_TRIES) for _ in range(worlds)]
        rec = {"phase": state.phase, "hand": len(sit.hand), "obs": len(obs),
               "M": _matrix(v, seat, drawn, cands, rw, info),
               "bad": statistics.fmean(violations(info, h, obs) for h in drawn) if obs else 0.0}
        if chain is not None and obs:
            ch = Chain(info, sample_hands(v, rng, info, cons, caps, check, H.READ_TRIES), seat, obs, cons, caps)
            ch.run(rng, chain[0])
            cw = []
            for _ in range(worlds):
                ch.run(rng, chain[1])
                cw.append([list(h) for h in ch.hands])
            rec["MC"] = _matrix(v, seat, cw, cands, rw, info)
            rec["bad_chain"] = statistics.fmean(violations(info, h, obs) for h in cw)
        vals = {m: true_value(state, seat, m, rw) for m in legal}
        for m in (hm, nm):
            if m not in vals:
                vals[m] = true_value(state, seat, m, rw)
        rec["best"] = max(vals.values())
        rec["true"] = [vals[c] if c in vals else true_value(state, seat, c, rw) for c in cands]
        rec["hard"] = vals[hm]
        rec["normal"] = vals[nm]
        recs.append(rec)
        apply_inplace(state, seat, nm)
    return recs


def replay(rec, key: str, w: int, prune: bool = True, keep: float | None = None) -> int:
    """The candidate a stopping rule picks from the first ``w`` rows of ``rec[key]``: hard's
    pruning (every 2 worlds from MIN_ITERS on, ELIM_SE) if ``prune``, then its keep rule
    (stay with candidate 0 unless the best is ``keep`` paired standard errors ahead)."""
    m = rec[key][:w]
    c = len(m[0])
    active = list(range(c))
    rows: list = []
    tot = [0.0] * c
    cnt = [0] * c
    for it, r in enumerate(m, 1):
        rows.append([r[i] if i in active else None for i in range(c)])
        for i in active:
            tot[i] += r[i]
            cnt[i] += 1
        if prune and it >= H.MIN_ITERS and it % 2 == 0:
            means = [tot[i] / cnt[i] if cnt[i] else -1e9 for i in range(c)]
            active = H._prune(rows, active, means)
            if len(active) == 1:
                break
    means = [tot[i] / cnt[i] if cnt[i] else -1e9 for i in range(c)]
    best = max(active, key=lambda i: (means[i], -i))
    if keep is not None and best != 0 and 0 in active and not H._ahead(rows, best, 0, keep):
        best = 0
    return best


def report(recs, worlds: int) -> dict:
    def regret(r, i):
        return r["best"] - r["true"][i]

    out = {"decisions": len(recs),
           "hard_bot": round(statistics.fmean(r["best"] - r["hard"] for r in recs), 4),
           "normal": round(statistics.fmean(r["best"] - r["normal"] for r in recs), 4),
           "best_candidate": round(statistics.fmean(r["best"] - max(r["true"]) for r in recs), 4),
           "rules": {}}
    ws = [w for w in (10, 20, 40, 80, 120, 160, 300) if w <= worlds]
    for label, kw in (("hard rule", dict(prune=True, keep=H.KEEP_SE)), ("no pruning", dict(prune=False, keep=H.KEEP_SE)),
                      ("no pruning, keep 2 SE", dict(prune=False, keep=2.0)), ("argmax", dict(prune=False, keep=None))):
        out["rules"][label] = {w: round(statistics.fmean(regret(r, replay(r, "M", w, **kw)) for r in recs), 4) for w in ws}
    with_chain = [r for r in recs if "MC" in r]
    if with_chain:
        a = [regret(r, replay(r, "M", worlds, prune=False)) for r in with_chain]
        b = [regret(r, replay(r, "MC", worlds, prune=False)) for r in with_chain]
        d = [x - y for x, y in zip(a, b)]
        out["chain"] = {"decisions": len(d), "argmax_drawn": round(statistics.fmean(a), 4),
                        "argmax_chain": round(statistics.fmean(b), 4),
                        "drawn_minus_chain": round(statistics.fmean(d), 4),
                        "se": round(statistics.pstdev(d) / len(d) ** 0.5, 4),
                        "violations_drawn": round(statistics.fmean(r["bad"] for r in with_chain), 2),
                        "violations_chain": round(statistics.fmean(r["bad_chain"] for r in with_chain), 2)}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="PR-002")
    ap.add_argument("--rounds", type=int, default=150)
    ap.add_argument("--worlds", type=int, default=120)
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--min-hand", type=int, default=9, help="only decisions with at least this many cards in hand")
    ap.add_argument("--min-obs", type=int, default=0, help="... and at least this many plays and passes read")
    ap.add_argument("--chain", help="B,T: also worlds from the swap chain (B swaps first, T between worlds)")
    ap.add_argument("--dump", help="write every decision's rows here (JSON lines)")
    a = ap.parse_args(argv)
    chain = tuple(int(x) for x in a.chain.split(",")) if a.chain else None
    t0 = time.perf_counter()
    recs = collect(a.rules, a.rounds, a.worlds, a.seed, a.min_hand, a.min_obs, chain)
    if a.dump:
        with open(a.dump, "w") as f:
            for r in recs:
                f.write(json.dumps(r) + "\n")
    res = report(recs, a.worlds)
    res.update(rules_id=a.rules, rounds=a.rounds, worlds=a.worlds, seed=a.seed,
               seconds=round(time.perf_counter() - t0, 1))
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Decision regret of the hard bot, scored by an oracle that sees every hand (the true deal).

Unlike tests/bench_hard_regret.py (whose oracle samples worlds from the seat's information
set), this one scores moves in the deal actually dealt.

The normal bots are deterministic, so in the true deal a move's value (every seat then
playing the normal policy to the end of the round, hard's reward table) is exact: one
rollout. At every decision of the measured seat (it rotates through the seats from match
to match) with more than one legal move this scores

    regret = best true value over the legal moves - true value of the move chosen

for the hard bot and for the normal policy, on the same decisions: the game goes on with
``--apply``'s move (normal by default), so every variant of hard is scored on exactly the
same decisions and two runs can be compared decision by decision (``--dump``).

``--apply oracle`` plays the oracle's move instead: the first-place share it reaches is
a ceiling for any bot that cannot see the hands.

    python -m tests.bench_hard_truth --rules PR-002 --rounds 150 --seed 2
    python -m tests.bench_hard_truth --rules PR-002 --rounds 150 --seed 2 --apply oracle
    python -m tests.bench_hard_truth ... --set READ_TRIES=100 --iters 300 --dump a.json

Figures: felt/games/praesident/bots/STRENGTH.md.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

from felt.games.praesident.bots import HardBot, NormalBot
from felt.games.praesident.bots import hard as hard_mod
from felt.games.praesident.bots.hard import reward_table, rollout
from felt.games.praesident.engine import apply_inplace, legal_moves, new_match, next_round, view
from felt.games.praesident.rules import load_rules


def true_value(state, seat, move, rewards) -> float:
    """The move's exact value against normal bots: one rollout in the true deal."""
    s = state.clone()
    apply_inplace(s, seat, move, check=False, events=False)
    return rollout(s, seat, rewards)


def measured_turns(rules, players: int, rounds: int, tag: str, normal, ends: list | None = None):
    """Matches of 5 rounds (``rounds`` in all) where every seat but one plays ``normal``; the
    measured seat moves to the next seat each match. Yields (state, seat, view) at each of the
    measured seat's decisions: the caller applies its move to ``state``. ``ends`` gets, per
    round, whether the measured seat took 1st."""
    played = match_no = 0
    while played < rounds:
        me = match_no % players
        state, _ = new_match(rules, players, f"{tag}:{match_no}", rounds=min(5, rounds - played))
        while True:
            if state.phase not in ("play", "exchange"):
                if ends is not None:
                    ends.append(state.places[0] == me)
                played += 1
                if state.phase == "match_over" or played >= rounds:
                    break
                state, _ = next_round(state)
                continue
            seat = state.to_move
            v = view(state, seat)
            if seat != me:
                apply_inplace(state, seat, normal.choose(v))
                continue
            yield state, seat, v
        match_no += 1


def run(rules_id: str, rounds: int, seed: int, apply: str = "normal", think_ms=None, iters=None,
        players: int = 4) -> dict:
    rules = load_rules(rules_id)
    bot = HardBot(seed * 1000, think_ms, iters) if apply != "oracle" else None
    normal = NormalBot(1)
    rows = []          # per decision: (regret of hard, regret of normal)
    ends = []          # per round: did the measured seat take 1st
    t0 = time.perf_counter()
    for state, seat, v in measured_turns(rules, players, rounds, f"regret:{seed}", normal, ends):
        legal = legal_moves(state)
        nm = normal.choose(v)
        hm = bot.choose(v) if bot is not None else None  # (also forced: the bot's memory sees it)
        if len(legal) == 1:
            apply_inplace(state, seat, legal[0])
            continue
        rw = reward_table(players, rules, v.get("round_no", 1), v.get("rounds_total"))
        vals = {m: true_value(state, seat, m, rw) for m in legal}
        best_move = max(vals, key=vals.get)
        best = vals[best_move]
        if hm is None:
            hm = best_move
        for m in (hm, nm):  # (a bot may name a legal move by other cards of the same rank)
            if m not in vals:
                vals[m] = true_value(state, seat, m, rw)
        rows.append((best - vals[hm], best - vals[nm]))
        apply_inplace(state, seat, {"normal": nm, "bot": hm, "oracle": best_move}[apply])
    played, firsts = len(ends), sum(ends)
    n = len(rows)
    diff = [a - b for a, b in rows]
    out = {
        "rules": rules_id, "players": players, "rounds": played, "seed": seed, "apply": apply,
        "decisions": n,
        "regret_hard": round(statistics.fmean(r[0] for r in rows), 5) if n else 0.0,
        "regret_normal": round(statistics.fmean(r[1] for r in rows), 5) if n else 0.0,
        "hard_minus_normal": round(statistics.fmean(diff), 5) if n else 0.0,
        "se": round(statistics.pstdev(diff) / n ** 0.5, 5) if n > 1 else 0.0,
        "measured_seat_first_share": round(firsts / played, 4),
        "seconds": round(time.perf_counter() - t0, 1),
        "per_decision": [r[0] for r in rows],
    }
    if bot is not None and bot.think_times:
        tt = sorted(bot.think_times)
        out["think_median_ms"] = round(tt[len(tt) // 2] * 1000, 1)
        out["think_mean_ms"] = round(statistics.fmean(tt) * 1000, 1)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="PR-002")
    ap.add_argument("--rounds", type=int, default=150)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--apply", choices=("normal", "bot", "oracle"), default="normal",
                    help="whose move the game goes on with at the measured seat")
    ap.add_argument("--think-ms", type=int, default=None)
    ap.add_argument("--iters", type=int, default=None, help="hard: this many sampled worlds per decision")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="set a constant of felt/games/praesident/bots/hard.py (e.g. READ_TRIES=100)")
    ap.add_argument("--dump", help="write the per-decision regrets of hard here (JSON list)")
    a = ap.parse_args(argv)
    for kv in a.set:
        name, _, val = kv.partition("=")
        old = getattr(hard_mod, name)
        setattr(hard_mod, name, (val.lower() in ("1", "true")) if isinstance(old, bool) else type(old)(float(val)))
    res = run(a.rules, a.rounds, a.seed, a.apply, a.think_ms, a.iters)
    per = res.pop("per_decision")
    if a.dump:
        with open(a.dump, "w") as f:
            json.dump(per, f)
    res["set"] = a.set
    print(json.dumps(res))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Bots against each other through the Game contract only (``felt.games.get(...)``), with 95%
Wilson intervals, and the random-legal speed benchmark. Run as a module:

    python -m felt.games.maumau.tournament --rules MM-STD --bots normal,easy,easy,easy --rounds 400
    python -m felt.games.maumau.tournament --bench --rounds 400
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time

from felt import games


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval (the same formula as felt.games.praesident.bots.tournament.wilson)."""
    import math
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(game_id: str, rules, levels: list[str], rounds: int, seed: int = 1, think_ms: int | None = None,
        match_rounds: int = 5) -> dict:
    game = games.get(game_id)
    n = len(levels)
    game.validate(rules, n)
    bots = [game.make_bot(lv, seed=seed * 1000 + i, think_ms=think_ms) for i, lv in enumerate(levels)]
    names = sorted(set(levels), key=lambda x: (["easy", "normal", "hard"].index(x) if x in ("easy", "normal", "hard")
                                                else 9, x))
    places = {lv: [0] * n for lv in names}
    played = 0
    match_no = 0
    t0 = time.perf_counter()
    while played < rounds:
        k = min(match_rounds, rounds - played)
        seat_bot = [0] * n
        for j in range(n):
            seat_bot[(j + match_no) % n] = j
        state, _ = game.new_match(rules, n, f"mm-tournament:{seed}:{match_no}", rounds=k)
        while True:
            if state.phase not in ("round_over", "match_over"):
                seat = state.to_move
                move = bots[seat_bot[seat]].choose(game.view(state, seat))
                game.apply_inplace(state, seat, move)        # checked: an illegal bot move raises
                continue
            for place, seat in enumerate(game.round_places(state)):
                places[levels[seat_bot[seat]]][place] += 1
            played += 1
            if state.phase == "match_over" or played >= rounds:
                break
            state, _ = game.next_round(state)
        match_no += 1
    out = {}
    for lv in names:
        cnt = places[lv]
        total = sum(cnt)
        times = [t for b in bots if b.level == lv for t in b.think_times]
        out[lv] = {
            "seats": levels.count(lv), "rounds": total, "places": cnt,
            "first_share": round(cnt[0] / total, 4) if total else 0.0,
            "first_interval": [round(x, 4) for x in wilson(cnt[0], total)],
            "mean_think_ms": round(1000 * sum(times) / len(times), 2) if times else 0.0,
        }
    return {"rules": rules.id, "bots": levels, "rounds": played, "seed": seed, "think_ms": think_ms,
            "seconds": round(time.perf_counter() - t0, 2), "levels": out}


def bench_random(game_id: str, rules, players: int, rounds: int, seed: int) -> dict:
    """Uniform random legal moves (as ``felt simulate``), one open-ended match: rounds/s."""
    game = games.get(game_id)
    rng = random.Random(seed)
    state, _ = game.new_match(rules, players, seed, rounds=0)
    places = [[0] * players for _ in range(players)]
    decisions = played = 0
    t0 = time.perf_counter()
    while played < rounds:
        if state.phase == "round_over":
            for place, seat in enumerate(game.round_places(state)):
                places[seat][place] += 1
            played += 1
            if played >= rounds:
                break
            state, _ = game.next_round(state)
            continue
        moves = game.legal_moves(state)
        game.apply_inplace(state, state.to_move, moves[0] if len(moves) == 1 else rng.choice(moves), check=False)
        decisions += 1
    el = time.perf_counter() - t0
    return {"rules": rules.id, "players": players, "rounds": played, "seed": seed, "seconds": round(el, 3),
            "rounds_per_s": round(played / el, 1), "decisions_per_s": round(decisions / el, 1),
            "decisions": decisions, "places": places}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m felt.games.maumau.tournament")
    ap.add_argument("--rules", default="MM-STD")
    ap.add_argument("--bots", default="normal,easy,easy,easy")
    ap.add_argument("--rounds", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think-ms", type=int, default=None)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bench", action="store_true", help="random-legal rounds/s instead of a tournament")
    a = ap.parse_args(argv)
    game, rules = games.find_rules(a.rules)
    if a.bench:
        print(json.dumps(bench_random(game.id, rules, a.players, a.rounds, a.seed)))
        return 0
    res = run(game.id, rules, [x.strip() for x in a.bots.split(",")], a.rounds, a.seed, a.think_ms)
    print(json.dumps(res))
    for lv, d in res["levels"].items():
        lo, hi = d["first_interval"]
        print(f"{lv:<7} seats {d['seats']}  1st {d['first_share'] * 100:5.1f}% [{lo * 100:4.1f}–{hi * 100:5.1f}]  "
              f"places {d['places']}  think {d['mean_think_ms']} ms", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

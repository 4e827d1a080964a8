"""Schwimmen bots against each other through the Game contract only, and a random-legal
speed figure. ``python -m felt.games.schwimmen.tournament --bots normal,easy,easy,easy``.

Whole matches are played (SW-STD: until one player is left); the levels rotate through the
seats from match to match; every bot move goes through the checked ``apply_inplace``.
Reports match wins per level with 95% Wilson intervals (a level named several times is
pooled: its share is per seat). (``wilson`` is the same formula as felt/games/praesident/bots/tournament.py,
written here again because a game module may not import the bots layer above it.)
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_matches(rules, levels: list[str], matches: int, seed: int = 1, think_ms=None) -> dict:
    from felt import games
    game = games.get("schwimmen")
    n = len(levels)
    game.validate(rules, n)
    bots = [game.make_bot(lv, seed=f"{seed}:{i}", think_ms=think_ms) for i, lv in enumerate(levels)]
    wins = {lv: 0 for lv in levels}
    seats = {lv: levels.count(lv) for lv in levels}
    rounds = 0
    t0 = time.perf_counter()
    for m in range(matches):
        seat_bot = [(j + m) % n for j in range(n)]          # seat -> bot index
        state, _ = game.new_match(rules, n, f"sw-tournament:{seed}:{m}")
        while state.phase != "match_over":
            if state.phase == "round_over":
                rounds += 1
                state, _ = game.next_round(state)
                continue
            seat = state.to_move
            move = bots[seat_bot[seat]].choose(game.view(state, seat))
            game.apply_inplace(state, seat, move)           # checked: raises IllegalMove
        rounds += 1
        wins[levels[seat_bot[game.winner(state)]]] += 1
    elapsed = time.perf_counter() - t0
    out = {}
    for lv in wins:
        trials = matches * seats[lv]
        lo, hi = wilson(wins[lv], trials)
        out[lv] = {"seats": seats[lv], "wins": wins[lv], "share_per_seat": round(wins[lv] / trials, 4),
                   "ci95": [round(lo, 4), round(hi, 4)],
                   "think_ms_mean": round(1000 * sum(t for b in bots if b.level == lv for t in b.think_times)
                                          / max(1, sum(len(b.think_times) for b in bots if b.level == lv)), 3)}
    return {"rules": rules.id, "bots": levels, "matches": matches, "rounds": rounds, "seed": seed,
            "seconds": round(elapsed, 2), "levels": out, "fair_share": round(1 / n, 4)}


def random_rounds_per_s(rules, players: int = 4, rounds: int = 400, seed: int = 7) -> dict:
    from felt import games
    game = games.get("schwimmen")
    rng = random.Random(seed)
    state, _ = game.new_match(rules, players, seed, rounds=0)
    played = decisions = matches = 0
    t0 = time.perf_counter()
    while played < rounds:
        if state.phase in ("round_over", "match_over"):
            played += 1
            if state.phase == "match_over":
                matches += 1
                state, _ = game.new_match(rules, players, f"{seed}:{matches}", rounds=0)
            else:
                state, _ = game.next_round(state)
            continue
        moves = game.legal_moves(state)
        game.apply_inplace(state, state.to_move, rng.choice(moves), check=False)
        decisions += 1
    el = time.perf_counter() - t0
    return {"rules": rules.id, "players": players, "rounds": played, "matches": matches + 1,
            "seconds": round(el, 4), "rounds_per_s": round(played / el, 1),
            "decisions_per_s": round(decisions / el, 1)}


def main(argv=None) -> int:
    from felt import games
    ap = argparse.ArgumentParser(prog="python -m felt.games.schwimmen.tournament")
    ap.add_argument("--rules", default="SW-STD")
    ap.add_argument("--bots", default="normal,easy,easy,easy")
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think-ms", type=int, default=None)
    ap.add_argument("--speed", action="store_true", help="random-legal rounds/s instead")
    a = ap.parse_args(argv)
    game, rules = games.find_rules(a.rules)
    if a.speed:
        print(json.dumps(random_rounds_per_s(rules)))
        return 0
    res = run_matches(rules, a.bots.split(","), a.matches, a.seed, a.think_ms)
    print(json.dumps(res))
    for lv, d in res["levels"].items():
        print(f"{lv:7s} seats {d['seats']}  wins {d['wins']:4d}/{a.matches}  per seat {d['share_per_seat']:.3f}"
              f"  95% [{d['ci95'][0]:.3f}, {d['ci95'][1]:.3f}]  think {d['think_ms_mean']} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""A paired benchmark for Schwimmen's hard bot against normal:
``python -m felt.games.schwimmen.pairbench --rounds 600``.

Each seeded first round of a match is played twice, with ``--level`` (hard) and with normal in
the same seat (the seat rotates), the other seats normal. Until the two first differ the rounds
are identical, so the per-round difference in lives lost by that seat has far less noise than
a tournament's shares. Prints the mean difference (negative: the level loses fewer lives than
normal would), its standard error and the level's median think time.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import time


def play_round(game, rules, seed: str, seat: int, level: str, n: int = 4):
    s, _ = game.new_match(rules, n, seed, 5)
    bots = [game.make_bot(level if j == seat else "normal", seed=f"{seed}:{j}") for j in range(n)]
    while s.phase not in ("round_over", "match_over"):
        t = s.to_move
        game.apply_inplace(s, t, bots[t].choose(game.view(s, t)), True)
    return s.showdown["losers"].get(str(seat), 0), bots[seat].think_times


def run(rules_id: str = "SW-STD", rounds: int = 600, level: str = "hard", offset: int = 0, players: int = 4) -> dict:
    from felt import games
    game, rules = games.find_rules(rules_id)
    t0 = time.perf_counter()
    diffs, think = [], []
    for r in range(offset, offset + rounds):
        seat = r % players
        a, times = play_round(game, rules, f"pair:{r}", seat, level, players)
        b, _ = play_round(game, rules, f"pair:{r}", seat, "normal", players)
        diffs.append(a - b)
        think += times
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return {"rules": rules_id, "level": level, "rounds": rounds, "players": players,
            "mean_lives_diff": round(mean, 4), "se": round(se, 4),
            "better": sum(d < 0 for d in diffs), "worse": sum(d > 0 for d in diffs),
            "median_think_ms": round(1000 * statistics.median(think), 2) if think else 0.0,
            "seconds": round(time.perf_counter() - t0, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m felt.games.schwimmen.pairbench")
    ap.add_argument("--rules", default="SW-STD")
    ap.add_argument("--rounds", type=int, default=600)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--offset", type=int, default=0)
    a = ap.parse_args(argv)
    res = run(a.rules, a.rounds, a.level, a.offset)
    print(json.dumps(res))
    print(f"{a.level} vs normal in the same seat, {res['rounds']} paired rounds: lives lost per round "
          f"{res['mean_lives_diff']:+.4f} (SE {res['se']:.4f}; {res['better']} rounds better, {res['worse']} worse), "
          f"think median {res['median_think_ms']} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""`felt tournament`: bot levels against each other, places with 95% intervals.

Plays ``--rounds`` rounds as consecutive matches (of the rule set's round count,
so the exchange happens) with the levels rotating through the seats from match
to match. Every move goes through the engine's checked ``apply_inplace``, so an
illegal bot move stops the run with an error. A level named several times is pooled.
"""
from __future__ import annotations

import json
import math
import statistics
import sys
import time

from felt.games.praesident.engine import apply_inplace, new_match, next_round, view
from felt.games.praesident.rules import RulesError, load_rules

from . import LEVELS, make_bot


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for k successes in n trials."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_tournament(rules, levels: list[str], rounds: int, seed: int = 1, think_ms: int | None = None,
                   match_rounds: int | None = None, progress=None, on_round=None) -> dict:
    """Places per level (see the module doc). ``on_round(match_no, state, seat_bot)`` runs at
    the end of every round: ``seat_bot[seat]`` is the index in ``levels`` of the bot there."""
    n = len(levels)
    rules.validate(n)
    per_match = match_rounds or rules.rounds or 5
    # one bot per seat position in the level list; they move seats with the rotation
    bots = [make_bot(lv, seed=seed * 1000 + i, think_ms=think_ms)
            for i, lv in enumerate(levels)]
    watchers = [j for j, b in enumerate(bots) if b.watches]  # bots that remember the table
    names = sorted(set(levels), key=lambda x: (LEVELS.index(x) if x in LEVELS else 99, x))
    places = {lv: [0] * n for lv in names}
    seats_of = {lv: levels.count(lv) for lv in names}
    played = 0
    match_no = 0
    t0 = time.perf_counter()
    while played < rounds:
        k = min(per_match, rounds - played)
        # rotation: bot j sits at seat (j + match_no) % n
        seat_bot = [0] * n
        for j in range(n):
            seat_bot[(j + match_no) % n] = j
        state, _ = new_match(rules, n, f"tournament:{seed}:{match_no}", rounds=k)
        while True:
            if state.phase in ("play", "exchange"):
                seat = state.to_move
                bot = bots[seat_bot[seat]]
                move = bot.choose(view(state, seat))
                apply_inplace(state, seat, move)  # checked: raises IllegalMove
                if watchers and state.phase == "play":
                    # the others' plays are seen as they happen, as a player at the table does
                    for w in watchers:
                        bots[w].watch(view(state, seat_bot.index(w)))
                continue
            # round over (or match over): record the places
            for place, seat in enumerate(state.places):
                places[levels[seat_bot[seat]]][place] += 1
            if on_round is not None:
                on_round(match_no, state, seat_bot)
            played += 1
            if progress is not None:
                progress(played, rounds)
            if state.phase == "match_over" or played >= rounds:
                break
            state, _ = next_round(state)
        match_no += 1
    elapsed = time.perf_counter() - t0
    out_levels = {}
    for lv in names:
        cnt = places[lv]
        total = sum(cnt)
        times = [t for b in bots if b.level == lv for t in b.think_times]
        shares = [c / total if total else 0.0 for c in cnt]
        ivals = [list(map(lambda x: round(x, 4), wilson(c, total))) for c in cnt]
        out_levels[lv] = {
            "seats": seats_of[lv],
            "rounds": total,
            "places": cnt,
            "shares": [round(s, 4) for s in shares],
            "intervals": ivals,
            "first_share": round(shares[0], 4),
            "first_interval": ivals[0],
            "last_share": round(shares[-1], 4),
            "last_interval": ivals[-1],
            "decisions": len(times),
            "median_think_ms": round(statistics.median(times) * 1000, 3) if times else 0.0,
            "mean_think_ms": round(statistics.fmean(times) * 1000, 3) if times else 0.0,
            "max_think_ms": round(max(times) * 1000, 3) if times else 0.0,
        }
    return {
        "rules": rules.id,
        "players": n,
        "bots": levels,
        "rounds": played,
        "matches": match_no,
        "rounds_per_match": per_match,
        "seed": seed,
        "think_ms": think_ms,
        "seconds": round(elapsed, 2),
        "levels": out_levels,
    }


def format_report(res: dict) -> str:
    n = res["players"]
    lines = [f"Tournament {res['rules']}: {n} players {','.join(res['bots'])}, {res['rounds']} rounds "
             f"in {res['matches']} matches, seed {res['seed']}, {res['seconds']} s"]
    head = "level   seats " + " ".join(f"{'place ' + str(p + 1):>22}" for p in range(n)) + "   think median"
    lines.append(head)
    for lv, d in res["levels"].items():
        cells = []
        for p in range(n):
            lo, hi = d["intervals"][p]
            cells.append(f"{d['shares'][p] * 100:5.1f}% [{lo * 100:4.1f}–{hi * 100:5.1f}]".rjust(22))
        lines.append(f"{lv:<7} {d['seats']:>5} " + " ".join(cells) + f"   {d['median_think_ms']:.2f} ms")
    lines.append("shares with 95% Wilson intervals; levels named several times are pooled")
    return "\n".join(lines)


def cmd_tournament(args) -> int:
    levels = [x.strip() for x in str(args.bots).split(",") if x.strip()]
    bad = [x for x in levels if x not in LEVELS]
    if bad or len(levels) < 2:
        print(f"--bots: give 3 or more levels from {', '.join(LEVELS)}, e.g. normal,easy,easy,easy",
              file=sys.stderr)
        return 2
    if args.rounds is None or args.rounds < 1:
        print("--rounds must be at least 1", file=sys.stderr)
        return 2
    if args.think_ms is not None and args.think_ms < 0:
        print("--think-ms must be 0 or more", file=sys.stderr)
        return 2
    try:
        rules = load_rules(args.rules)
        rules.validate(len(levels))
    except (RulesError, OSError) as e:
        print(f"felt tournament: {e}", file=sys.stderr)
        return 2
    progress = None
    if sys.stderr.isatty():
        def progress(done, total):
            print(f"\r{done}/{total} rounds", end="" if done < total else "\n", file=sys.stderr, flush=True)
    res = run_tournament(rules, levels, args.rounds, args.seed, args.think_ms, progress=progress)
    if args.json:
        print(json.dumps(res))
    else:
        print(format_report(res))
    return 0

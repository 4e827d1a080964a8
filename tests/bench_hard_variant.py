"""Hard against three normal bots with some of hard's settings changed, one line per round.

    python -m tests.bench_hard_variant --rules PR-002 --rounds 600 --seed 701 \
        --set USE_PLACE_CHAIN=true --set SECOND_WEIGHT=0.05 --out pr701.jsonl

It is ``felt tournament --bots hard,normal,normal,normal`` with the same seed (the same
``run_tournament``: matches of the rule set's rounds, levels rotating through the seats),
so a variant and the default meet the same deals in every match's first round; the later
rounds follow from the places and the exchange. ``--set NAME=JSON`` sets a constant of
``felt/games/praesident/bots/hard.py`` for this run (lists become tuples, digit keys numbers). Each line of ``--out`` is
``{"m": match, "r": round, "prev": hard's place last round or null, "place": ...}``; at
the end it prints hard's 1st-place share with its 95% Wilson interval, the share by the
place before, and the think times. Run two at once at most on a 2-core machine (one per
core), nothing else running: the search is timed.
"""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter

from felt import games
from felt.games.praesident.bots import hard as H
from felt.games.praesident.rules import load_rules
from felt.contract.tournament import run_tournament, wilson


def _setting(text: str) -> tuple[str, object]:
    name, _, raw = text.partition("=")
    if not hasattr(H, name):
        raise SystemExit(f"felt/games/praesident/bots/hard.py has no setting {name!r}")
    return name, _frozen(json.loads(raw))


def _frozen(value):
    """JSON as hard.py keeps its settings: lists as tuples, "4" keys as 4, at every depth."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {int(k) if k.isdigit() else k: _frozen(v) for k, v in value.items()}
    return value


def run(rules_id: str, rounds: int, seed: int, think_ms: int, out=None) -> tuple[list[dict], dict]:
    """The rounds played (one dict each) and ``felt tournament``'s result for the same run."""
    rows: list[dict] = []
    prev: dict = {}   # match -> hard's place in its last round

    def on_round(match, state, seat_bot):
        row = {"m": match, "r": state.round_no, "prev": prev.get(match),
               "place": state.places.index(seat_bot.index(0))}
        prev[match] = row["place"]
        rows.append(row)
        if out is not None:
            out.write(json.dumps(row) + "\n")
            out.flush()

    res = run_tournament(games.get("praesident"), load_rules(rules_id), ["hard", "normal", "normal", "normal"], rounds,
                         seed, think_ms, on_round=on_round)
    return rows, res


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rules", default="PR-002")
    ap.add_argument("--rounds", type=int, default=600)
    ap.add_argument("--seed", type=int, default=701)
    ap.add_argument("--think-ms", type=int, default=H.DEFAULT_THINK_MS)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=JSON")
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    for name, value in map(_setting, a.set):
        setattr(H, name, value)
    t0 = time.perf_counter()
    out = open(a.out, "w") if a.out else None
    try:
        rows, res = run(a.rules, a.rounds, a.seed, a.think_ms, out)
    finally:
        if out is not None:
            out.close()
    n = len(rows)
    firsts = sum(r["place"] == 0 for r in rows)
    lo, hi = wilson(firsts, n)
    print(f"{a.rules} seed {a.seed}, {n} rounds at {a.think_ms} ms, settings {a.set or 'default'}: "
          f"hard 1st {100 * firsts / n:.1f}% [{100 * lo:.1f}-{100 * hi:.1f}] "
          f"({time.perf_counter() - t0:.0f} s)")
    by_prev: dict = {}
    for r in rows:
        by_prev.setdefault(r["prev"], Counter())[r["place"] == 0] += 1
    for prev in sorted(by_prev, key=lambda p: -1 if p is None else p):
        c = by_prev[prev]
        label = "first round of a match" if prev is None else f"after place {prev + 1}"
        print(f"  {label}: 1st {100 * c[True] / (c[True] + c[False]):.1f}% of {c[True] + c[False]}")
    hard = res["levels"]["hard"]
    print(f"  think median {hard['median_think_ms']:.0f} ms, mean {hard['mean_think_ms']:.0f} ms, "
          f"max {hard['max_think_ms']:.0f} ms")

if __name__ == "__main__":
    main()

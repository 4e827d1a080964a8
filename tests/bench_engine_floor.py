"""How fast can CPython play a random Präsident round at all? (A benchmark, not a test.)

A bare round of PR-002's shape (5 players, 2 x 32 cards, sets only, voluntary passing, four of
a kind clears) kept as counts per rank in one function: no card identities, no suits, no
exchange, no Move objects, no events, no views, nothing a table, a bot or a replay needs. It is
the floor the engine is measured against in felt/games/praesident/engine/BENCHMARKS.md:

    python -m tests.bench_engine_floor 3000          # rounds/s and decisions per round
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python -m tests.bench_engine_floor N          # N = 20 and 120: instructions per round
"""
from __future__ import annotations

import random
import sys
import time

RANKS = 9
SEATS = 5


def floor_round(rng: random.Random) -> int:
    """One random-legal round; returns the number of decisions."""
    draw = rng._randbelow
    deck = [r for r in range(RANKS) for _ in range(8)][:64]
    rng.shuffle(deck)
    counts = [[0] * RANKS for _ in range(SEATS)]
    for i, r in enumerate(deck):
        counts[i % SEATS][r] += 1
    left = [sum(c) for c in counts]
    places: list[int] = []
    decisions = 0
    leader = 0
    while len(places) < SEATS - 1:
        seat = leader
        hand = counts[seat]
        leads = [(r, k) for r in range(RANKS) if hand[r] for k in range(1, hand[r] + 1)]
        rank, size = leads[draw(len(leads))]
        decisions += 1
        hand[rank] -= size
        left[seat] -= size
        if not left[seat]:
            places.append(seat)
        passed = [False] * SEATS
        last = seat
        i = seat
        while size != 4:
            i = (i + 1) % SEATS
            if i == last:
                break
            if passed[i] or not left[i]:
                continue
            hand = counts[i]
            beats = [r for r in range(rank + 1, RANKS) if hand[r] >= size]
            decisions += 1
            if not beats:               # passing is the only move: nothing to draw
                passed[i] = True
                continue
            j = draw(len(beats) + 1)
            if j == len(beats):
                passed[i] = True
                continue
            rank = beats[j]
            hand[rank] -= size
            left[i] -= size
            last = i
            if not left[i]:
                places.append(i)
                if len(places) >= SEATS - 1:
                    break
        if len(places) >= SEATS - 1:
            break
        leader = last if left[last] else next(x for x in ((last + d) % SEATS for d in range(1, SEATS + 1)) if left[x])
    return decisions


def main(rounds: int) -> None:
    rng = random.Random(1)
    t = time.perf_counter()
    decisions = sum(floor_round(rng) for _ in range(rounds))
    dt = time.perf_counter() - t
    print(f"floor: {rounds / dt:.0f} rounds/s, {decisions / rounds:.1f} decisions per round ({rounds} rounds)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)

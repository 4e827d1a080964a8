"""`felt simulate`: random-legal players in-process; prints speed and places per seat."""
from __future__ import annotations

import gc
import json
import random
import time

from felt.games.praesident.engine.core import _advance, _apply_play, apply_inplace, legal_moves, new_match, next_round_inplace
from felt.games.praesident.rules import RulesError, load_rules


def _play(state, rounds: int, places: list, rng: random.Random) -> tuple[int, int]:
    """The simulation loop: (decisions, rounds played).

    Each choice is ``rng.choice(moves)``: CPython draws it as ``moves[rng._randbelow(len(moves))]``,
    which is getrandbits(bit length) until in range; written out here (the same draws, so the
    places per seed stay as they were), and a single legal move draws nothing."""
    getrandbits = rng.getrandbits
    decisions = 0
    played = 0
    while played < rounds:
        phase = state.phase
        if phase == "round_over":
            for place, seat in enumerate(state.places):
                places[seat][place] += 1
            played += 1
            if played >= rounds:
                break
            next_round_inplace(state, events=False)
            continue
        moves = legal_moves(state)
        n = len(moves)
        if n == 1:
            move = moves[0]
        else:
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            move = moves[r]
        decisions += 1
        seat = state.to_move
        if phase != "play":
            apply_inplace(state, seat, move, False, False)
            continue
        # apply_inplace(state, seat, move, check=False, events=False) for the play phase, inline
        state.moves_made += 1
        if move[0] == "pass":
            state.passed[seat] = True
            _advance(state, seat, None)
        else:
            _apply_play(state, seat, move[1], None)
    return decisions, played


def simulate(rules, players: int, rounds: int, seed: int) -> dict:
    """Play ``rounds`` rounds (as one open-ended match) with uniform random legal moves."""
    rng = random.Random(seed)
    state, _ = new_match(rules, players, seed, rounds=0)
    places = [[0] * players for _ in range(players)]
    decisions = 0
    played = 0
    t0 = time.perf_counter()
    # the loop makes no reference cycles: the cyclic collector would only cost time here
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        decisions, played = _play(state, rounds, places, rng)
    finally:
        if gc_was_on:
            gc.enable()
    elapsed = time.perf_counter() - t0
    return {
        "rules": rules.id,
        "players": players,
        "rounds": played,
        "seed": seed,
        "seconds": round(elapsed, 4),
        "rounds_per_s": round(played / elapsed, 1) if elapsed else 0.0,
        "decisions_per_s": round(decisions / elapsed, 1) if elapsed else 0.0,
        "decisions": decisions,
        "places": places,
    }


def cmd_simulate(args) -> int:
    try:
        rules = load_rules(args.rules)
        rules.validate(args.players)
    except RulesError as exc:
        print(f"felt simulate: {exc}")
        return 2
    if args.rounds < 1:
        print("felt simulate: --rounds must be at least 1")
        return 2
    result = simulate(rules, args.players, args.rounds, args.seed)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['rules']}: {result['players']} players, {result['rounds']} rounds, seed {result['seed']}")
    print(f"  {result['rounds_per_s']:.0f} rounds/s, {result['decisions_per_s']:.0f} decisions/s "
          f"({result['seconds']:.2f} s)")
    header = "  seat " + " ".join(f"{p + 1:>6}." for p in range(args.players))
    print("  places (how often each seat took each place):")
    print(header)
    for seat, row in enumerate(result["places"]):
        print(f"  {seat:>4} " + " ".join(f"{c:>7}" for c in row))
    return 0

"""Random-legal play of any game through the ``Game`` contract: `felt simulate`'s runner.

    from felt import contract
    from felt.contract.simulate import simulate
    game, rules = contract.find_rules(ID)              # any template id or rule file
    result = simulate(game, rules, players=4, rounds=400, seed=7)

Every seat plays a uniformly random legal move (a single legal move draws nothing from the
random stream). The rounds are played as one open-ended match; where a match ends by itself
(e.g. when one player is left) the next one starts with a seed derived from ``seed``. The
places per seat are the same for the same seed on every run.
"""
from __future__ import annotations

import random
import time


def simulate(game, rules, players: int, rounds: int, seed: int) -> dict:
    """Play ``rounds`` rounds with random legal moves: speed, decisions and, per seat, how
    often it took each place (``places[seat][place]``)."""
    rng = random.Random(seed)
    # rng.choice(moves) is moves[rng._randbelow(len(moves))], which draws getrandbits(bit
    # length) until the draw is in range: written out below (the same draws, a little faster)
    getrandbits = rng.getrandbits
    legal_moves, playout_apply, round_places = game.legal_moves, game.playout_apply, game.round_places
    state, _ = game.new_match(rules, players, seed, 0)
    places = [[0] * players for _ in range(players)]
    decisions = 0
    played = 0
    matches = 1
    started = time.perf_counter()
    while played < rounds:
        phase = state.phase
        if phase == "round_over" or phase == "match_over":
            for place, seat in enumerate(round_places(state)):
                places[seat][place] += 1
            played += 1
            if played >= rounds:
                break
            if phase == "round_over":
                state, _ = game.next_round(state)
            else:
                state, _ = game.new_match(rules, players, f"{seed}:{matches}", 0)
                matches += 1
            continue
        moves = legal_moves(state)
        count = len(moves)
        if count == 1:
            move = moves[0]
        else:
            bits = count.bit_length()
            pick = getrandbits(bits)
            while pick >= count:
                pick = getrandbits(bits)
            move = moves[pick]
        playout_apply(state, state.to_move, move)
        decisions += 1
    elapsed = time.perf_counter() - started
    return {
        "rules": game.rules_to_dict(rules).get("id", "?"),
        "players": players,
        "rounds": played,
        "seed": seed,
        "seconds": round(elapsed, 4),
        "rounds_per_s": round(played / elapsed, 1) if elapsed else 0.0,
        "decisions_per_s": round(decisions / elapsed, 1) if elapsed else 0.0,
        "decisions": decisions,
        "places": places,
    }


__all__ = ["simulate"]

"""The `hard` bot: determinized Monte Carlo over the seat's information set.

Each iteration deals the unseen cards at random, consistently with the view
(see determinize.py), builds an engine State for that world and plays every
candidate move followed by the `normal` policy for all seats to the end of the
round. All candidates share the same sampled world in an iteration (paired
comparison), and the search stops at the time budget or as soon as the best
candidate is clearly ahead. Reward: 1 for 1st place, less for later places.
"""
from __future__ import annotations

import math
import random
import time

from felt.engine import Move, apply_inplace, legal_moves

from .determinize import build_state, constraints_from_view, sample_hands
from .policy import Evaluator, choose_normal, score_moves
from .situation import situation_from_state, situation_from_view

DEFAULT_THINK_MS = 1000
MAX_CANDIDATES = 8
MIN_ITERS = 6
SECOND_WEIGHT = 0.15   # reward scale of places after the first
KEEP_SE = 1.0          # leave the heuristic move only when ahead by this many standard errors


def place_reward(place: int, n: int) -> float:
    """1st place is what counts; later places only break ties between hopeless moves."""
    if place == 0:
        return 1.0
    return SECOND_WEIGHT * (n - 1 - place) / max(1, n - 1)


def rollout(state, me: int, max_steps: int = 2000) -> float:
    """Play the world to the end of the round with the normal policy; reward for ``me``."""
    n = state.n
    steps = 0
    while state.phase in ("play", "exchange") and steps < max_steps:
        if me in state.places:
            return place_reward(state.places.index(me), n)
        seat = state.to_move
        legal = legal_moves(state)
        if len(legal) == 1:
            mv = legal[0]
        else:
            mv = choose_normal(situation_from_state(state, seat, legal))
        apply_inplace(state, seat, mv, check=False)
        steps += 1
    if me in state.places:
        return place_reward(state.places.index(me), n)
    return 0.0


class SearchStats:
    __slots__ = ("iterations", "rollouts", "seconds")

    def __init__(self):
        self.iterations = 0
        self.rollouts = 0
        self.seconds = 0.0


def candidates_from(sit) -> list[Move]:
    """The moves worth searching, best heuristic first."""
    legal = sit.legal
    if sit.phase == "exchange" or any(m.kind == "give" for m in legal):
        gives = [m for m in legal if m.kind == "give"]
        if not gives:
            return [choose_normal(sit)]
        ev = Evaluator(sit.info, sit.unseen, False)
        hand = sit.hand
        scored = []
        for m in gives:
            cs = set(m.cards)
            scored.append((ev.value([c for c in hand if c not in cs])
                           - 0.001 * sum(sit.info.strength(c, False) for c in m.cards), m))
        scored.sort(key=lambda t: -t[0])
        return [m for _, m in scored[:MAX_CANDIDATES]]
    scored = score_moves(sit)
    scored.sort(key=lambda t: -t[0])
    out = []
    seen = set()
    for _, m in scored:
        key = (m.kind, tuple(sorted(m.cards)))
        if key in seen:
            continue
        seen.add(key)
        out.append(m)
    # keep the normal choice first (it has the refined card choice), plus passing
    first = choose_normal(sit)
    out = [first] + [m for m in out if m != first and (m.kind, tuple(sorted(m.cards))) != (first.kind, tuple(sorted(first.cards)))]
    top = out[:MAX_CANDIDATES]
    if any(m.kind == "pass" for m in out) and not any(m.kind == "pass" for m in top):
        top[-1] = Move("pass")
    return top


def _ahead(rows, a: int, b: int, it: int, k: float) -> bool:
    """Is candidate a ahead of b by more than k standard errors of the paired difference?"""
    sm = sq = 0.0
    for r in rows:
        d = r[a] - r[b]
        sm += d
        sq += d * d
    mean = sm / it
    var = max(sq / it - mean * mean, 1e-6)
    return mean > k * math.sqrt(var / it)


def _clear_winner(rows, total, C, it) -> bool:
    """Is the best candidate ahead of every other by 3 standard errors (paired)?"""
    best = max(range(C), key=lambda i: total[i])
    for i in range(C):
        if i == best:
            continue
        sm = sq = 0.0
        for r in rows:
            d = r[best] - r[i]
            sm += d
            sq += d * d
        if sq == 0.0 and it >= 2 * MIN_ITERS:
            continue  # indistinguishable so far: either is fine
        mean = sm / it
        var = max(sq / it - mean * mean, 1e-4)
        if mean < 3.0 * math.sqrt(var / it):
            return False
    return True


def search(view: dict, rng: random.Random, think_ms: int | None = None, stats: SearchStats | None = None) -> Move:
    t0 = time.perf_counter()
    budget = (DEFAULT_THINK_MS if think_ms is None else think_ms) / 1000.0
    sit = situation_from_view(view)
    legal = sit.legal
    if not legal:
        raise ValueError("no legal move: not this seat's turn")
    if len(legal) == 1:
        return legal[0]
    nh = len(sit.hand)
    for m in legal:
        if m.kind == "play" and len(m.cards) >= nh:
            return m  # going out now is always best
    if any(m.kind == "wish" for m in legal):
        return choose_normal(sit)
    cands = candidates_from(sit)
    if len(cands) == 1 or budget <= 0:
        return cands[0]
    me = view["seat"]
    info = sit.info
    constraints = constraints_from_view(view, info)
    C = len(cands)
    total = [0.0] * C
    rows: list[list[float]] = []
    it = 0
    deadline = t0 + budget
    rollouts = 0
    while True:
        hands = sample_hands(view, rng, info, constraints)
        world = build_state(view, hands, info.rules)
        rs = []
        for m in cands:
            s = world.clone()
            apply_inplace(s, me, m, check=False)
            rs.append(rollout(s, me))
            rollouts += 1
            if it and time.perf_counter() >= deadline:
                break  # out of time: drop this unfinished comparison
        if len(rs) < C:
            break
        rows.append(rs)
        it += 1
        for i, r in enumerate(rs):
            total[i] += r
        now = time.perf_counter()
        if now >= deadline:
            break
        per_it = (now - t0) / it
        if now + per_it > deadline + 0.01:
            break
        if it >= MIN_ITERS and it % 2 == 0 and _clear_winner(rows, total, C, it):
            break
    best = max(range(C), key=lambda i: (total[i], -i))
    if best != 0 and it >= 2 and not _ahead(rows, best, 0, it, KEEP_SE):
        best = 0  # not clearly better than the heuristic choice: keep it
    if stats is not None:
        stats.iterations += it
        stats.rollouts += rollouts
        stats.seconds += time.perf_counter() - t0
    return cands[best]

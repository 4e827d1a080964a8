"""The `hard` bot: determinized Monte Carlo over the seat's information set.

Each iteration deals the unseen cards at random, consistently with the view
(see determinize.py), builds an engine State for that world and plays every
candidate move followed by the `normal` policy for every seat (with
``USE_OWN_TUNE`` the bot's own seat plays a tuned copy of it, ``own_tune``) to
the end of the round. All candidates share the same sampled world in an
iteration (paired comparison). Candidates clearly behind the best stop being
played out; the search stops at the time budget or when one candidate is left;
a candidate must beat the first (the policy's own move) clearly to be played
instead. The sampled worlds agree
with the passes the bot has seen this round (``PassMemory``) and, as far as a few
dozen deals can manage, with every play and pass of the others it saw: the normal
policy would have made them from the sampled hand (``readplays``). Reward: 1 for 1st
place plus the 1st places a place tends to bring later in the match (the exchange
favours the top places); see STRENGTH.md for the figures.
"""
from __future__ import annotations

import gc
import math
import random
import time

from felt.games.praesident.engine import Move, apply_inplace, legal_moves

from .belief import Chain
from .determinize import PassMemory, build_state, constraints_from_view, sample_hands
from .policy import Evaluator, choose_normal, score_moves
from .readplays import PlayMemory, redeal, violations
from .situation import situation_from_state, situation_from_view

# The budget per decision. 250 ms, not 1 s: on a quiet machine (1 Dec 2026, 600 rounds each vs
# three normal bots, felt/games/praesident/bots/STRENGTH.md) hard took 47.8% of 1st places at 250 ms and 41.7%
# at 1 s on the same PR-002 deals (seed 303), and FOLGEN showed the same way (44.8% at 250 ms,
# 41.3% at 1 s): past a few hundred sampled worlds the search trusts the bias of its sampled
# hands more, not less. It also answers four times sooner.
DEFAULT_THINK_MS = 250
MAX_CANDIDATES = 5      # the normal policy's best (passing included); see STRENGTH.md
MIN_ITERS = 6
SECOND_WEIGHT = 0.15   # reward scale of places after the first
KEEP_SE = 1.0          # leave the heuristic move only when ahead by this many standard errors
USE_PASSES = True      # sample hands consistent with the passes seen this round
USE_PLAYS = True       # ... and with the plays and passes seen (the normal policy would have made them)
READ_TRIES = 24        # deals drawn per sampled world to find one that agrees with the plays
READ_REDEAL = 0        # >0: redeal seat by seat instead, this many draws per seat (readplays.redeal)
USE_CHAIN = False      # worlds from a Markov chain of card swaps instead (belief.py; no gain, STRENGTH.md)
# Watch the table between its own turns (HardBot.watch, fed by the tournament, the table and
# `felt bot`), so the plays of tricks that end before its next turn are read too. Off: it
# measured no better (48.5% against 50.5% over 1,200 rounds on the same deals, STRENGTH.md).
WATCH_TABLE = False
CHAIN_BURN = 40        # swaps before the first world
CHAIN_STEPS = 8        # swaps between two worlds
CHAIN_TRIES = 24       # deals drawn to start the chain from
ELIM_SE = 2.0          # stop sampling a candidate this many standard errors behind the best
EQUIV = 0.03           # past its own budget, a search stops when the candidates left are this close
# With USE_OWN_TUNE, the bot's own seat plays by the normal policy with other score weights (a tuple in the
# order of policy.NORMAL_TUNE): its first candidate at every decision and its own moves in
# every rollout. Every other seat of a sampled world plays normal, as the opponents do, and
# the plays read (readplays.py) are checked against normal. One tune per kind of deck, found
# by tests/bench_policy_tune.py --search (the tuned policy alone against three normal bots,
# no search); the figures and the commands are in STRENGTH.md.
OWN_TUNES = {
    # two copies of every rank (PR-002, -003, -004, -006): sets of up to 8
    "double": (2.2, 0.2, -1.0, 0.6, 0.4, 0.48, 0.14, 0.45, 0.0),
    # one copy (FOLGEN, P52, PR-005, the Jass decks): sets of up to 4, sequences where allowed
    "single": (3.0, 0.1, -0.85, 0.6, 0.4, 0.48, 0.07, 0.6, 0.0),
}
# Off: alone the tunes beat normal clearly (35% of 1st places against 25% on PR-002), but
# inside the search they gained nothing measurable (five pairs of 600 rounds at 250 ms, default
# 49.9% and tuned 50.2% pooled; STRENGTH.md), so the default is the one measured longest.
USE_OWN_TUNE = False


def tune_for_deck(info) -> tuple:
    """The own-seat weights found for this kind of deck (OWN_TUNES)."""
    return OWN_TUNES["double" if max(info.rank_total, default=0) > 4 else "single"]


def own_tune(info) -> tuple | None:
    """The weights the bot plays its own seat by for this deck (None: normal's)."""
    return tune_for_deck(info) if USE_OWN_TUNE else None


TRUNC_SPREAD = 0.11    # a rollout stops once the places still open differ by at most this


# Chance of taking 1st place in the next round after each place of this one, with the
# exchange on (normal bots, 4 players, 400 matches each of PR-002 and FOLGEN: 1st 0.58,
# 2nd 0.29, 3rd 0.06, last 0.07; with 6 players 0.53 0.25 0.09 0.08 0.02 0.03). Used unless
# USE_PLACE_CHAIN is on and covers the table.
NEXT_FIRST_TOP = 0.56
NEXT_FIRST_SECOND = 0.28
NEXT_FIRST_LOW = 0.04      # the places that hand over their best cards
FUTURE_DECAY = 0.55        # how much of a place's edge is still there one round later
OPEN_ENDED_ROUNDS = 3      # rounds assumed left in an open-ended match
FUTURE_WEIGHT = 1.0        # 0 = care about this round only
# Hard's own places from one round to the next (row: this round's place, column: the next
# round's), 4 players with both exchanges (2 cards between 1st and last, 1 between 2nd and
# 3rd): hard against three normal bots, PR-002 and FOLGEN at 250 ms, about 3,600 rounds of
# session 8's runs (STRENGTH.md). The 3rd and last rows are smoothed so that 3rd (1 card
# handed over) is never worth less than last (2 cards); the raw ones were within noise of each
# other. The bot values a place by the 1st places it leads to in its own play, not in normal's:
# after a 2nd place hard wins the next round 46% of the time, normal 29%.
PLACE_CHAIN = {
    4: ((0.75, 0.19, 0.04, 0.02),
        (0.46, 0.38, 0.10, 0.06),
        (0.12, 0.27, 0.31, 0.30),
        (0.10, 0.26, 0.33, 0.31)),
}
# Off: on with SECOND_WEIGHT 0.05 it took 49.1% of 1st places against the default's 50.5%
# (1,200 rounds each, the same deals; STRENGTH.md, session 9).
USE_PLACE_CHAIN = False


def chain_values(matrix, rounds_left: int) -> list[float]:
    """Expected 1st places over the next ``rounds_left`` rounds for each place of this one,
    following the place-to-place ``matrix``."""
    n = len(matrix)
    v = [0.0] * n
    for _ in range(max(0, rounds_left)):
        v = [sum(row[q] * ((1.0 if q == 0 else 0.0) + v[q]) for q in range(n)) for row in matrix]
    return v


def future_values(n: int, rules, rounds_left: int) -> list[float]:
    """Expected further 1st places in this match for each place of this round.

    The tournament (and a table's match) counts 1st places over all rounds; a high place
    now also wins cards in the next exchange, a low place loses its best ones."""
    if rounds_left <= 0 or not getattr(rules, "exchange", False) or n < 3 or FUTURE_WEIGHT <= 0:
        return [0.0] * n
    second = n >= 4 and getattr(rules, "exchange_second", 0) > 0
    if USE_PLACE_CHAIN and second and n in PLACE_CHAIN:
        v = chain_values(PLACE_CHAIN[n], rounds_left)
        low = min(v)
        return [(x - low) * FUTURE_WEIGHT for x in v]
    f = [0.0] * n
    f[0] = NEXT_FIRST_TOP
    lows = {n - 1}
    if second:
        f[1] = NEXT_FIRST_SECOND
        lows.add(n - 2)
    taken = sum(f) + NEXT_FIRST_LOW * len(lows)
    middle = [p for p in range(n) if f[p] == 0.0 and p not in lows]
    for p in lows:
        f[p] = NEXT_FIRST_LOW
    for p in middle:
        f[p] = max(0.0, 1.0 - taken) / len(middle)
    scale = sum(FUTURE_DECAY ** j for j in range(rounds_left)) * FUTURE_WEIGHT
    return [x * scale for x in f]


def reward_table(n: int, rules, round_no: int, rounds_total) -> list[float]:
    """Reward of each place: 1 for 1st, plus the 1st places it is worth later in the match,
    plus a small tie-break so later places still prefer finishing higher."""
    if rounds_total:
        left = max(0, int(rounds_total) - int(round_no or 1))
    else:
        left = OPEN_ENDED_ROUNDS
    fut = future_values(n, rules, left)
    out = []
    for p in range(n):
        r = (1.0 if p == 0 else SECOND_WEIGHT * (n - 1 - p) / max(1, n - 1)) + fut[p]
        out.append(r)
    return out


def place_reward(place: int, n: int) -> float:
    """This round only: 1st place is what counts; later places only break ties."""
    if place == 0:
        return 1.0
    return SECOND_WEIGHT * (n - 1 - place) / max(1, n - 1)


def settle_values(rewards, spread: float | None = None) -> list:
    """Per number of seats already out: the value a rollout may stop with when ``me`` is not
    out yet and the places still open differ by at most ``spread`` in reward (their mean),
    else None (play on). With the default spread, in a match's last round a rollout stops
    once another seat has taken 1st place: later places only break ties there."""
    if spread is None:
        spread = TRUNC_SPREAD
    out = []
    for k in range(len(rewards)):
        rest = rewards[k:]
        out.append(sum(rest) / len(rest) if spread > 0 and max(rest) - min(rest) <= spread + 1e-9 else None)
    return out


def rollout(state, me: int, rewards=None, max_steps: int = 2000, settle=None, own=None) -> float:
    """Play the world to the end of the round with the normal policy; reward for ``me``.
    ``own``: the weights ``me`` plays by (see own_tune; None: normal's too). ``settle`` (from
    settle_values) lets it stop early once the rest cannot matter much."""
    n = state.n
    if rewards is None:
        rewards = [place_reward(p, n) for p in range(n)]
    steps = 0
    places = state.places
    nout = -1
    while state.phase in ("play", "exchange") and steps < max_steps:
        if len(places) != nout:
            if me in places:
                return rewards[places.index(me)]
            nout = len(places)
            if settle is not None and nout < n and settle[nout] is not None:
                return settle[nout]
        seat = state.to_move
        legal = legal_moves(state)
        if len(legal) == 1:
            mv = legal[0]
        elif seat == me and own is not None:
            mv = choose_normal(situation_from_state(state, seat, legal), None, own)
        else:
            mv = choose_normal(situation_from_state(state, seat, legal))
        apply_inplace(state, seat, mv, check=False, events=False)
        steps += 1
    if me in state.places:
        return rewards[state.places.index(me)]
    return 0.0


class SearchStats:
    __slots__ = ("iterations", "rollouts", "seconds", "log", "searched", "last_searched")

    def __init__(self):
        self.iterations = 0
        self.rollouts = 0
        self.seconds = 0.0
        self.searched = 0            # decisions that ran rollouts (not forced or obvious)
        self.last_searched = False   # did the last decision run rollouts?
        self.log = None  # set to a list to record (candidates, iterations, seconds, reason, changed)


def candidates_from(sit, tune: tuple | None = None) -> list[Move]:
    """The moves worth searching, best heuristic first: the first is the move of the
    normal policy scored by ``tune`` (the bot's own weights, see own_tune)."""
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
    first = choose_normal(sit, None, tune)
    out = [first] + [m for m in out if m != first and (m.kind, tuple(sorted(m.cards))) != (first.kind, tuple(sorted(first.cards)))]
    top = out[:MAX_CANDIDATES]
    if any(m.kind == "pass" for m in out) and not any(m.kind == "pass" for m in top):
        top[-1] = Move("pass")
    return top


def _paired(rows, a: int, b: int) -> tuple[float, float, int]:
    """(mean, standard error, count) of the paired difference a - b over the rows holding both."""
    sm = sq = 0.0
    k = 0
    for r in rows:
        x = r[a]
        y = r[b]
        if x is None or y is None:
            continue
        d = x - y
        sm += d
        sq += d * d
        k += 1
    if k == 0:
        return 0.0, 1.0, 0
    mean = sm / k
    var = max(sq / k - mean * mean, 1e-4)
    return mean, math.sqrt(var / k), k


def _ahead(rows, a: int, b: int, k: float) -> bool:
    """Is candidate a ahead of b by more than k standard errors of the paired difference?"""
    mean, se, n = _paired(rows, a, b)
    return n >= 2 and mean > k * se


def _equivalent(rows, active: list[int], means) -> bool:
    """Are all candidates left within EQUIV of the best, 2 paired standard errors included?"""
    best = max(active, key=lambda i: (means[i], -i))
    for i in active:
        if i == best:
            continue
        mean, se, k = _paired(rows, best, i)
        if k < 2 or abs(mean) + 2.0 * se > EQUIV:
            return False
    return True


def _prune(rows, active: list[int], means) -> list[int]:
    """Drop the candidates that are clearly behind the best one (paired, ELIM_SE standard
    errors), and those that gave exactly the same result as a better-placed one every time."""
    best = max(active, key=lambda i: (means[i], -i))
    keep = []
    for i in active:
        if i == best:
            keep.append(i)
            continue
        mean, se, k = _paired(rows, best, i)
        if mean > ELIM_SE * se:
            continue
        if k >= 2 * MIN_ITERS and all(r[best] == r[i] for r in rows if r[i] is not None):
            if best < i:
                continue  # no difference so far: keep the one the heuristic ranks higher
        keep.append(i)
    return keep


def search(view: dict, rng: random.Random, think_ms: int | None = None, stats: SearchStats | None = None,
           memory: PassMemory | None = None, extra_ms: float = 0.0, iters: int | None = None,
           plays: PlayMemory | None = None) -> Move:
    """The hard bot's move for ``view``; ``memory`` and ``plays`` (kept by the bot between
    its decisions) remember the passes and the plays it has seen this round.

    ``think_ms`` is the budget of one decision; ``extra_ms`` more may be spent while the
    candidates are still close (the bot's time bank, see HardBot). ``iters`` instead runs
    exactly that many sampled worlds whatever the clock says (pruning still applies), so a
    fixed seed and count give the same move on any machine."""
    # The rollouts make no reference cycles; the cyclic collector would only take time from
    # them (it runs again, and catches up, as soon as the search returns).
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        return _search(view, rng, think_ms, stats, memory, extra_ms, iters, plays)
    finally:
        if gc_was_on:
            gc.enable()


def _search(view: dict, rng: random.Random, think_ms: int | None, stats: SearchStats | None,
            memory: PassMemory | None, extra_ms: float = 0.0, iters: int | None = None,
            plays: PlayMemory | None = None) -> Move:
    t0 = time.perf_counter()
    if stats is not None:
        stats.last_searched = False
    budget = (DEFAULT_THINK_MS if think_ms is None else think_ms) / 1000.0
    sit = situation_from_view(view)
    caps = memory.update(view, sit.info) if memory is not None else None
    if not USE_PASSES:
        caps = None
    # (recorded at every decision, also forced ones, so no play between two searches is missed)
    obs = plays.update(view, sit.info) if plays is not None and view.get("phase") == "play" else None
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
    tune = own_tune(sit.info)
    cands = candidates_from(sit, tune)
    if len(cands) == 1 or (budget <= 0 and not iters):
        return cands[0]
    if stats is not None:
        stats.last_searched = True
        stats.searched += 1
    me = view["seat"]
    info = sit.info
    constraints = constraints_from_view(view, info)
    C = len(cands)
    rewards = reward_table(view["n"], info.rules, view.get("round_no", 1), view.get("rounds_total"))
    settle = settle_values(rewards)
    check = None
    if obs and USE_PLAYS:
        check = lambda hands, limit: violations(info, hands, obs, limit)  # noqa: E731
    total = [0.0] * C
    count = [0] * C
    active = list(range(C))
    rows: list[list] = []
    it = 0
    deadline = t0 + budget + max(0.0, extra_ms) / 1000.0
    if iters:
        deadline = float("inf")
    rollouts = 0
    reason = "budget"
    chain = None
    while True:
        if USE_CHAIN and obs:
            if chain is None:
                start = sample_hands(view, rng, info, constraints, caps, check, CHAIN_TRIES)
                chain = Chain(info, start, me, obs, constraints, caps)
                chain.run(rng, CHAIN_BURN)
            else:
                chain.run(rng, CHAIN_STEPS)
            hands = chain.hands
        else:
            hands = sample_hands(view, rng, info, constraints, caps,
                                 None if READ_REDEAL else check, READ_TRIES)
        if check is not None and READ_REDEAL:
            redeal(info, hands, obs, rng, READ_REDEAL, me, constraints, caps)
        world = build_state(view, hands, info.rules)
        rs: list = [None] * C
        done = 0
        for i in active:
            s = world.clone()
            apply_inplace(s, me, cands[i], check=False, events=False)
            rs[i] = rollout(s, me, rewards, settle=settle, own=tune)
            rollouts += 1
            done += 1
            if it and not iters and time.perf_counter() >= deadline:
                break  # out of time: drop this unfinished comparison
        if done < len(active):
            break
        rows.append(rs)
        it += 1
        for i in active:
            total[i] += rs[i]
            count[i] += 1
        if iters:
            if it >= iters:
                break
        now = time.perf_counter()
        if now >= deadline:
            break
        per_it = (now - t0) / it
        if not iters and now + per_it * len(active) / C > deadline + 0.01:
            reason = "projected"
            break
        if it >= MIN_ITERS and it % 2 == 0:
            means = [total[i] / count[i] if count[i] else -1e9 for i in range(C)]
            active = _prune(rows, active, means)
            if len(active) == 1:
                reason = "clear"
                break
            if not iters and now > t0 + budget and _equivalent(rows, active, means):
                reason = "equivalent"  # spending the bank here would not change much
                break
    means = [total[i] / count[i] if count[i] else -1e9 for i in range(C)]
    best = max(active, key=lambda i: (means[i], -i))
    if best != 0 and 0 in active and not _ahead(rows, best, 0, KEEP_SE):
        best = 0  # not clearly better than the heuristic choice: keep it
    if stats is not None:
        stats.iterations += it
        stats.rollouts += rollouts
        stats.seconds += time.perf_counter() - t0
        if stats.log is not None:
            stats.log.append((C, it, time.perf_counter() - t0, reason, best))
    return cands[best]

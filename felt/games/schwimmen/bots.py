"""Schwimmen bots that decide from a seat's view only (``choose(view) -> Move``).

* ``easy``: often a random legal move, otherwise the best swap; knocks at 25 or more.
* ``normal``: swaps greedily (highest hand value, giving away the lowest card) and knocks
  once the hand reaches a threshold that depends on the players left and the go-round.
* ``hard``: from the cards seen (middle, discarded middles, cards others took from the middle)
  it builds possible deals of the unseen cards (determinization), estimates the chance of
  holding the lowest hand, and compares its candidate moves (knock, the best swaps, pass) by
  playing the round out in each deal with normal play (Monte Carlo), within ``think_ms``.
"""
from __future__ import annotations

import random
import time

from .engine import (CARD_VALUE, DECK_SIZE, KEEP, KNOCK, PASS, SWAP_ALL, TAKE, V31, Move, State,
                     apply_inplace, hand_value2, move_from_wire)
from .rules import SwRules

LEVELS = ("easy", "normal", "hard")


def greedy_moves(hand, middle):
    """Every swap (and swap all) with its resulting value, best first:
    [(value2, tiebreak, Move)]. Tiebreak: give away the lowest card."""
    out = []
    for g in hand:
        rest = [x for x in hand if x != g]
        for t in middle:
            out.append((hand_value2(rest + [t]), -CARD_VALUE[g & 7], Move("swap", g, t)))
    if len(middle) == 3:
        out.append((hand_value2(middle), -30, SWAP_ALL))
    out.sort(key=lambda x: (x[0], x[1]), reverse=True)
    return out


def greedy_choice(hand, middle):
    """The best swap if it raises the hand's value, else pass."""
    cur = hand_value2(hand)
    best = greedy_moves(hand, middle)
    if best and best[0][0] > cur:
        return best[0][2], best[0][0]
    return PASS, cur


def knock_threshold2(players_left: int, go_round: int) -> int:
    """Normal's knock threshold in half points: 26 with 3–4 players in the first go-rounds,
    higher heads-up and later in the round, lower at a big table."""
    t = 52
    if players_left <= 2:
        t += 2
    elif players_left >= 5:
        t -= 2
    t += min(max(go_round - 2, 0), 3)
    return t


def _legal(view) -> list[Move]:
    return [move_from_wire(w) for w in view["legal"]]


class _Bot:
    level = "?"

    def __init__(self, seed=None, think_ms=None):
        self.rng = random.Random(f"schwimmen-bot:{self.level}:{seed}")
        self.think_ms = think_ms
        self.think_times: list[float] = []

    def choose(self, view) -> Move:
        t0 = time.perf_counter()
        legal = _legal(view)
        if not legal:
            raise ValueError("this seat has no move now")
        move = self._choose(view, legal)
        self.think_times.append(time.perf_counter() - t0)
        assert move in legal, (move, legal)
        return move

    def observe(self, events) -> None:
        pass


class EasyBot(_Bot):
    level = "easy"

    def _choose(self, view, legal):
        if view["choosing"]:
            return KEEP if hand_value2(view["hand"]) >= 40 or self.rng.random() < 0.3 else TAKE
        v = hand_value2(view["hand"])
        if KNOCK in legal and v >= 50 and self.rng.random() < 0.6:
            return KNOCK
        if self.rng.random() < 0.45:
            return self.rng.choice([m for m in legal if m != KNOCK])
        return greedy_choice(view["hand"], view["middle"])[0]


class NormalBot(_Bot):
    level = "normal"

    def _choose(self, view, legal):
        if view["choosing"]:
            return KEEP if hand_value2(view["hand"]) >= 40 else TAKE
        hand, middle = view["hand"], view["middle"]
        move, val = greedy_choice(hand, middle)
        if val == V31 and view["rules"]["thirty_one_ends"]:
            return move
        if KNOCK in legal:
            thr = knock_threshold2(len(view["in_play"]), view["go_round"])
            if hand_value2(hand) >= thr:
                return KNOCK
        return move


# ---------------------------------------------------------------- hard: determinized search
_RULES_CACHE: dict = {}


def _rules_of(view) -> SwRules:
    key = tuple(sorted(view["rules"].items()))
    r = _RULES_CACHE.get(key)
    if r is None:
        r = _RULES_CACHE[key] = SwRules.from_dict(view["rules"])
    return r


def unseen_cards(view) -> list[int]:
    """Cards this seat has not seen where they are: the stock and the unknown parts of the
    other hands."""
    me = view["seat"]
    known = set(view["hand"]) | set(view["middle"])
    for m in view["discarded"]:
        known |= set(m)
    for i, t in enumerate(view["taken"]):
        if i != me:
            known |= set(t)
    return [c for c in range(DECK_SIZE) if c not in known]


def determinize(view, rng: random.Random, best_of: int = 1) -> State:
    """A full state consistent with everything the view shows, the unseen cards dealt at random.

    ``best_of`` > 1 models that players keep good hands: each other hand's unknown cards are
    drawn that many times and the best-valued draw is kept (players who have had a turn)."""
    rules = _rules_of(view)
    me, n = view["seat"], view["n"]
    pool = unseen_cards(view)
    rng.shuffle(pool)
    s = State.__new__(State)
    s.rules, s.n, s.seed, s.round_no = rules, n, "det", view["round_no"]
    s.rounds_limit, s.phase, s.to_move = view["rounds_limit"], "play", view["to_move"]
    s.lives, s.swimming, s.out, s.lost = list(view["lives"]), list(view["swimming"]), list(view["out"]), list(view["lost"])
    s.in_round = list(view["in_round"])
    s.hands = []
    for i in range(n):
        if i == me:
            s.hands.append(list(view["hand"]))
        elif s.in_round[i]:
            known = list(view["taken"][i])
            need = 3 - len(known)
            h = known + [pool.pop() for _ in range(need)]
            if best_of > 1 and need and _had_turn(view, i):
                for _ in range(best_of - 1):
                    j = rng.sample(range(len(pool)), need)
                    alt = known + [pool[x] for x in j]
                    if hand_value2(alt) > hand_value2(h):
                        for x, old in zip(j, h[len(known):]):
                            pool[x] = old
                        h = alt
            s.hands.append(h)
        else:
            s.hands.append([])
    s.stock = pool
    s.dealer_hands = None
    s.middle = list(view["middle"])
    s.discarded = [list(m) for m in view["discarded"]]
    s.dealer, s.knocker, s.final_left = view["dealer"], view["knocker"], list(view["final_left"])
    s.turns, s.passes = view["turns"], view.get("passes", 0)
    s.taken = [list(t) for t in view["taken"]]
    s.showdown, s.history, s.winner = None, [], None
    return s


def _had_turn(view, seat: int) -> bool:
    """Whether ``seat`` has had a turn in this round (from the turn count and the order)."""
    n_in = [i for i in range(view["n"]) if view["in_round"][i]]
    if view["turns"] >= len(n_in):
        return True
    start = view["dealer"]
    order = [i for i in n_in if i > start] + [i for i in n_in if i <= start]
    return seat in order[: view["turns"]]


def _policy(s: State) -> Move:
    """Normal play on a full state (for rollouts)."""
    seat = s.to_move
    hand = s.hands[seat]
    move, val = greedy_choice(hand, s.middle)
    if val == V31:
        return move
    if s.knocker < 0 and (s.rules.knock_first_round or s.turns >= sum(s.in_round)):
        go = s.turns // max(1, sum(s.in_round)) + 1
        if hand_value2(hand) >= knock_threshold2(sum(s.in_round), go):
            return KNOCK
    return move


def _rollout(s: State, me: int, first: Move, limit: int = 60) -> float:
    apply_inplace(s, me, first, check=False)
    steps = 0
    while s.phase == "play" and steps < limit:
        apply_inplace(s, s.to_move, _policy(s), check=False)
        steps += 1
    if s.phase == "play":           # long round: judge the hands as they are
        vals = {i: hand_value2(s.hands[i]) for i in range(s.n) if s.in_round[i]}
        low = min(vals.values())
        return 1.0 if vals[me] == low else 0.0
    sd = s.showdown
    lost = sd["losers"].get(str(me), 0)
    return lost + (1.5 if me in sd["newly_out"] else 0.0)


def p_lowest(view, samples: int = 64, rng: random.Random | None = None) -> float:
    """The chance that this seat's hand is (tied) lowest if hands were shown now."""
    rng = rng or random.Random(0)
    me = view["seat"]
    mine = hand_value2(view["hand"])
    low = 0
    for _ in range(samples):
        s = determinize(view, rng)
        if any(hand_value2(s.hands[i]) < mine for i in range(s.n) if s.in_round[i] and i != me):
            continue
        low += 1
    return low / samples


class HardBot(_Bot):
    level = "hard"
    samples = 24          # at least this many deals per decision (without think_ms) ...
    max_samples = 96      # ... and up to this many while the two best moves stay close
    best_of = 1

    def _choose(self, view, legal):
        if view["choosing"]:
            return KEEP if hand_value2(view["hand"]) >= 38 else TAKE
        hand, middle = view["hand"], view["middle"]
        ranked = greedy_moves(hand, middle)
        if ranked and ranked[0][0] == V31 and view["rules"]["thirty_one_ends"]:
            return ranked[0][2]
        default, _ = greedy_choice(hand, middle)
        cands = [default]
        for _, _, m in ranked[:3]:
            if m not in cands:
                cands.append(m)
        if PASS not in cands:
            cands.append(PASS)
        if KNOCK in legal and p_lowest(view, 24, self.rng) <= 0.5:
            cands.append(KNOCK)       # a knock with the likely lowest hand is never searched
        cands = [m for m in cands if m in legal]
        me = view["seat"]
        totals = [0.0] * len(cands)
        budget = (self.think_ms / 1000.0) if self.think_ms else None
        t0 = time.perf_counter()
        k = 0
        while True:
            base = determinize(view, self.rng, self.best_of)
            for j, m in enumerate(cands):
                totals[j] += _rollout(base.clone(), me, m)
            k += 1
            if budget is not None:
                if k >= 4 and time.perf_counter() - t0 >= budget:
                    break
                if k >= 400:
                    break
            elif k >= self.samples and (k % 8 == 0 or k >= self.max_samples):
                if k >= self.max_samples or len(cands) == 1:
                    break
                means = sorted(x / k for x in totals)
                if means[1] - means[0] > 0.12:
                    break
        best = min(range(len(cands)), key=lambda j: (totals[j], j))
        return cands[best]


def make_bot(level: str, seed=None, think_ms=None):
    cls = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r} (easy, normal, hard)")
    return cls(seed, think_ms)

"""Schwimmen bots that decide from a seat's view only (``choose(view) -> Move``).

* ``easy``: often a random legal move, otherwise the best swap; knocks at 25 or more.
* ``normal``: swaps greedily (highest hand value, giving away the lowest card) and knocks
  once the hand reaches a threshold that depends on the players left and the go-round.
* ``hard``: normal's move unless a search shows a clear gain. From the cards seen (middle,
  discarded middles, cards others took from the middle) it deals the unseen cards at random,
  the other hands drawn as improved by the turns those players have had (a knocker's hand
  worth knocking), and plays every candidate (normal's move, every swap, swap all, pass,
  knock) out to the round's end with normal play for everyone on the same deals (common
  random numbers). It scores what the seat loses (a life, more if that puts it out) and leaves
  normal's move only where another loses less by ``min_gain_se`` standard errors of the paired
  differences. A sample budget (``samples``..``max_samples`` deals), or ``think_ms`` if given.
"""
from __future__ import annotations

import math
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
            thr = knock_threshold2(players_in_round(view), view["go_round"])
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


# How many draws of an opponent's unknown cards to make, keeping the best-valued one, by the
# turns that opponent has had in this round (0, 1, 2, 3, 4+). Players improve their hands turn
# by turn, so uniformly random hands are far too weak: measured over normal-vs-normal rounds
# (SW-STD, 4 players) opponents held 16.4 / 23.3 / 26.1 / 26.5 points on average after 0 / 1 /
# 2 / 3 turns, uniform draws give 15.8 / 16.7 / 18.4 / 20.1, these counts 15.8 / 23.4 / 25.7 / 27.3.
AGED_BEST_OF = (1, 8, 12, 14, 14)
KNOCKER_MIN2 = 50        # a knocker's hand is drawn again (a few times) until it is worth 25 or more


def determinize(view, rng: random.Random, best_of: int = 1, aged: bool = False) -> State:
    """A full state consistent with everything the view shows, the unseen cards dealt at random.

    ``best_of`` > 1 models that players keep good hands: each other hand's unknown cards are
    drawn that many times and the best-valued draw is kept (players who have had a turn).
    ``aged``: the number of draws grows with the turns that player has had (``AGED_BEST_OF``)
    and a knocker's hand is redrawn while it is worth less than ``KNOCKER_MIN2``."""
    rules = _rules_of(view)
    me, n = view["seat"], view["n"]
    pool = unseen_cards(view)
    rng.shuffle(pool)
    if view["choosing"]:
        return _determinize_choice(view, rules, pool)
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
            k = best_of if _had_turn(view, i) else 1
            if aged:
                k = AGED_BEST_OF[min(_turns_had(view, i), len(AGED_BEST_OF) - 1)]
                if i == view["knocker"]:
                    k = max(k, 4)
            if k > 1 and need:
                for t in range(40):
                    if t >= k - 1 and not (aged and i == view["knocker"] and hand_value2(h) < KNOCKER_MIN2):
                        break
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
    _match_fields(s, view)
    return s


def _match_fields(s: State, view) -> None:
    """The match's tie-break as the view shows it (a Stechen's players), for rollouts."""
    s.stechen, s.stechen_rounds, s.decided = list(view.get("stechen") or []), [], None


def players_in_round(view) -> int:
    """How many play this round: everyone still in, in a Stechen only its players."""
    in_round = view.get("in_round")
    return sum(1 for x in in_round if x) if in_round else len(view.get("in_play") or [])


def _determinize_choice(view, rules, pool) -> State:
    """The dealer's choice with the unseen cards (shuffled ``pool``) dealt: the other hands,
    the dealer's unseen hand B, the stock. No one has had a turn, so no hand is improved."""
    me, n = view["seat"], view["n"]
    s = State.__new__(State)
    s.rules, s.n, s.seed, s.round_no = rules, n, "det", view["round_no"]
    s.rounds_limit, s.phase, s.to_move = view["rounds_limit"], "dealer_choice", me
    s.lives, s.swimming, s.out, s.lost = list(view["lives"]), list(view["swimming"]), list(view["out"]), list(view["lost"])
    s.in_round = list(view["in_round"])
    s.hands = [[] if (i == me or not s.in_round[i]) else [pool.pop(), pool.pop(), pool.pop()] for i in range(n)]
    s.dealer_hands = (list(view["hand"]), [pool.pop(), pool.pop(), pool.pop()])
    s.stock = pool
    s.middle, s.discarded = [], []
    s.dealer, s.knocker, s.final_left = view["dealer"], -1, []
    s.turns, s.passes = 0, 0
    s.taken = [[] for _ in range(n)]
    s.showdown, s.history, s.winner = None, [], None
    _match_fields(s, view)
    return s


def _turns_had(view, seat: int) -> int:
    """How many turns ``seat`` has had in this round (from the turn count and the order)."""
    n_in = [i for i in range(view["n"]) if view["in_round"][i]]
    if seat not in n_in:
        return 0
    start = view["dealer"]
    order = [i for i in n_in if i > start] + [i for i in n_in if i <= start]
    t, k = view["turns"], len(n_in)
    return t // k + (1 if order.index(seat) < t % k else 0)


def _had_turn(view, seat: int) -> bool:
    """Whether ``seat`` has had a turn in this round (from the turn count and the order)."""
    n_in = [i for i in range(view["n"]) if view["in_round"][i]]
    if view["turns"] >= len(n_in):
        return True
    start = view["dealer"]
    order = [i for i in n_in if i > start] + [i for i in n_in if i <= start]
    return seat in order[: view["turns"]]


# hand_value2 of every ordered triple of cards, at index a << 10 | b << 5 | c (for rollouts)
_HV = [0] * (DECK_SIZE << 10)
for _a in range(DECK_SIZE):
    for _b in range(DECK_SIZE):
        for _c in range(DECK_SIZE):
            if _a != _b and _b != _c and _a != _c:
                _HV[_a << 10 | _b << 5 | _c] = hand_value2((_a, _b, _c))
_NEG_CV = [-CARD_VALUE[c & 7] for c in range(DECK_SIZE)]


def fast_greedy(hand, middle):
    """The same ``(move, value2)`` as ``greedy_choice`` for a 3-card middle, from the table."""
    a, b, c = hand
    cur = _HV[a << 10 | b << 5 | c]
    best_v, best_t, best = -1, 0, None
    for g, x, y in ((a, b, c), (b, a, c), (c, a, b)):
        base = x << 10 | y << 5
        tb = _NEG_CV[g]
        for t in middle:
            v = _HV[base | t]
            if v > best_v or (v == best_v and tb > best_t):
                best_v, best_t, best = v, tb, (g, t)
    if len(middle) == 3:
        m0, m1, m2 = middle
        v = _HV[m0 << 10 | m1 << 5 | m2]
        if v > best_v:
            if v > cur:
                return SWAP_ALL, v
            return PASS, cur
    if best is not None and best_v > cur:
        return Move("swap", best[0], best[1]), best_v
    return PASS, cur


def _policy(s: State) -> Move:
    """Normal play on a full state (for rollouts)."""
    seat = s.to_move
    hand = s.hands[seat]
    if len(s.middle) == 3:
        move, val = fast_greedy(hand, s.middle)
    else:
        move, val = greedy_choice(hand, s.middle)
    if val == V31:
        return move
    if s.knocker < 0 and (s.rules.knock_first_round or s.turns >= sum(s.in_round)):
        n_in = sum(s.in_round)
        if hand_value2(hand) >= knock_threshold2(n_in, s.turns // max(1, n_in) + 1):
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


def p_lowest(view, samples: int = 64, rng: random.Random | None = None, aged: bool = False) -> float:
    """The chance that this seat's hand is (tied) lowest if hands were shown now."""
    rng = rng or random.Random(0)
    me = view["seat"]
    mine = hand_value2(view["hand"])
    low = 0
    for _ in range(samples):
        s = determinize(view, rng, aged=aged)
        if any(hand_value2(s.hands[i]) < mine for i in range(s.n) if s.in_round[i] and i != me):
            continue
        low += 1
    return low / samples


def normal_move(view, legal) -> Move:
    """Normal's move in this view (play phase)."""
    hand, middle = view["hand"], view["middle"]
    move, val = greedy_choice(hand, middle)
    if val == V31 and view["rules"]["thirty_one_ends"]:
        return move
    if KNOCK in legal:
        if hand_value2(hand) >= knock_threshold2(players_in_round(view), view["go_round"]):
            return KNOCK
    return move


class HardBot(_Bot):
    """Normal's play, changed only where a search shows a clear gain.

    Candidates: normal's move, the best swaps, pass and knock. For each sampled deal of the
    unseen cards (opponents' hands drawn as improved by the turns they have had, see
    ``determinize(aged=True)``) every candidate is played out to the round's end with normal
    play for everybody, on the same deal (common random numbers). The score is what the seat
    loses: a life (two if the knocker loses double), more if that puts it out. Hard leaves
    normal's move only if another candidate loses less by more than ``min_gain_se`` standard errors
    of the paired differences."""

    level = "hard"
    samples = 32          # deals per decision at least (without think_ms) ...
    max_samples = 96      # ... and up to this many while the best alternative is not yet clear
    best_of = 1
    aged = True           # opponents' hands drawn as improved by the turns they have had
    min_gain_se = 1.5     # how clear a gain must be (standard errors of the paired mean)
    n_swaps = 10          # the best swaps by value among the candidates (10: every swap and swap all)
    keep2 = 40            # dealer's choice: keep a hand worth this (half points) or more

    search_choice = False # the dealer's choice searched too (measured no better than keep2)

    def _choose(self, view, legal):
        if view["choosing"]:
            base = KEEP if hand_value2(view["hand"]) >= self.keep2 else TAKE
            if not self.search_choice:
                return base
            return self._search(view, [base, TAKE if base == KEEP else KEEP])
        hand, middle = view["hand"], view["middle"]
        ranked = greedy_moves(hand, middle)
        if ranked and ranked[0][0] == V31 and view["rules"]["thirty_one_ends"]:
            return ranked[0][2]
        base = normal_move(view, legal)
        cands = [base]
        for _, _, m in ranked[: self.n_swaps]:
            if m not in cands:
                cands.append(m)
        for m in (PASS, KNOCK):
            if m not in cands:
                cands.append(m)
        cands = [m for m in cands if m in legal]
        if len(cands) == 1:
            return base
        return self._search(view, cands)

    def _search(self, view, cands):
        """``cands[0]`` unless another candidate is clearly better (see the class text)."""
        base = cands[0]
        me = view["seat"]
        nc = len(cands)
        sums = [0.0] * nc          # sum of (score(c) - score(base)) over the deals
        sqs = [0.0] * nc
        budget = (self.think_ms / 1000.0) if self.think_ms else None
        t0 = time.perf_counter()
        k = 0
        while True:
            deal = determinize(view, self.rng, self.best_of, self.aged)
            s0 = _rollout(deal.clone(), me, base)
            for j in range(1, nc):
                d = _rollout(deal.clone(), me, cands[j]) - s0
                sums[j] += d
                sqs[j] += d * d
            k += 1
            if budget is not None:
                if (k >= 4 and time.perf_counter() - t0 >= budget) or k >= 400:
                    break
            elif k >= self.max_samples:
                break
            elif k >= self.samples and k % 8 == 0:
                # stop early when no alternative is even close to a gain
                if all(sums[j] / k > -0.02 for j in range(1, nc)):
                    break
        best, best_t = 0, 0.0
        for j in range(1, nc):
            mean = sums[j] / k
            var = max(sqs[j] / k - mean * mean, 1e-9)
            t = mean / math.sqrt(var / k)
            if mean < 0 and t < -self.min_gain_se and t < best_t:
                best, best_t = j, t
        return cands[best]


def make_bot(level: str, seed=None, think_ms=None):
    cls = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}.get(level)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r} (easy, normal, hard)")
    return cls(seed, think_ms)

"""Mau-Mau bots `easy`, `normal` and `hard`, deciding from a seat's view only.

* easy: a random legal card (drawing only when nothing fits), a random wish, and now and
  then it forgets to say Mau.
* normal: heuristics: always calls Mau; answers a seven with a seven; keeps its Buben for
  need; dumps high card points; plays 7s and 8s when the next player is short of cards;
  plays the suit it holds most (so it can follow again); wishes the suit it holds most.
* hard: an expert policy (normal's, but sevens are held back for defence or to stop a
  player about to go out, the suit the next player just could not follow is played and
  wished, and a Bube is kept as the last card), and, where it pays (someone has two cards or fewer, or a seven is pending), a
  determinized Monte Carlo search: it deals the unseen cards (all but its own hand and the
  discard pile) into the other hands (by their counts) and the draw pile, consistent with
  the public log (see ``WorldSampler``), plays each candidate in each world to the round's
  end with normal policies (the same world and dice for every candidate), and overrules the
  expert choice only on a clear paired lead. Budget: ``think_ms`` (default 300 ms; 0: no
  search).
"""
from __future__ import annotations

import random
import time
from functools import lru_cache

from felt.contract.base import Bot as GameBot
from felt.games.maumau import engine
from felt.games.maumau.engine import KEEP, Move, move_from_wire
from felt.games.maumau.rules import MauRules

LEVELS = ("easy", "normal", "hard")
DEFAULT_THINK_MS = 300


@lru_cache(maxsize=32)
def _table(rules: MauRules):
    """A fresh match state of these rules (per-card tuples) to build worlds from."""
    s, _ = engine.new_match(rules, rules.min_players, 0, 0)
    return s


def _rules_of(view) -> MauRules:
    d = {k: v for k, v in view["rules"].items()}
    return _rules_cached(tuple(sorted(d.items())))


@lru_cache(maxsize=32)
def _rules_cached(items) -> MauRules:
    return MauRules.from_dict(dict(items))


def _legal(view) -> list[Move]:
    return [move_from_wire(d) for d in view["legal"]]


# ------------------------------------------------------------------- normal
def best_calls(moves: list[Move]) -> list[Move]:
    """Drop the plays that forget a due call (a sensible player always says Mau)."""
    called = {(m.card, m.suit) for m in moves if m.kind == "play" and m.call}
    return [m for m in moves if not (m.kind == "play" and not m.call and (m.card, m.suit) in called)]


def wish_suit(t, hand, played: int, rules: MauRules) -> str:
    """The suit held most after playing ``played`` (ties: more card points)."""
    best, key = rules.suit_codes()[0], None
    for su in rules.suit_codes():
        cs = [c for c in hand if c != played and t.suit[c] == su and not t.jack[c]]
        k = (len(cs), sum(t.pts[c] for c in cs))
        if key is None or k > key:
            best, key = su, k
    return best


def voids_of(log, seat: int, t) -> set:
    """Suits ``seat`` probably lacks: the suit it faced when it last drew, until it plays one."""
    out = set()
    for e in log:
        if e[1] != seat:
            continue
        if e[0] == "draw" and e[3] == "draw":
            out.add(e[5] or t.suit[e[4]])
        elif e[0] == "play":
            out.discard(t.suit[e[2]])
    return out


def normal_pick(t, rules: MauRules, moves: list[Move], hand, next_count: int, phase: str, drawn, rng,
                expert: bool = False, next_void=frozenset()) -> Move:
    """The normal policy over per-card tables ``t`` (a State: suit, rank, pts, jack).

    ``expert`` (the hard bot's own policy) adds what tournaments showed to win more rounds:
    sevens are held back (to pass a seven on, or to stop a player about to go out), the suit
    the next player just could not follow is played and wished, and a Bube is kept as the
    last card."""
    moves = best_calls(moves)
    plays = [m for m in moves if m.kind == "play"]
    if not plays:
        return moves[0]
    if phase == "drawn":
        c = drawn
        if t.jack[c] and rules.jack == "wish" and len(hand) > 3 and KEEP in moves:
            return KEEP
        m = plays[0]
        if m.suit:
            w = _expert_wish(t, hand, c, rules, next_void) if expert else wish_suit(t, hand, c, rules)
            m = next(x for x in plays if x.suit == w)
        return m
    best, best_score = None, None
    seen = set()
    for m in plays:
        c = m.card
        if c in seen:
            continue
        seen.add(c)
        rank = t.rank[c]
        if t.jack[c] and rules.jack == "wish":
            # normal spends it with two cards left; the expert keeps it as the last card (it fits
            # on anything but a Bube, so the next turn goes out)
            score = -25.0 + (40 if len(hand) <= (1 if expert else 2) else 0)
        else:
            score = float(t.pts[c])
            score += 3 * sum(1 for x in hand if x != c and t.suit[x] == t.suit[c])
            if expert and t.suit[c] in next_void:
                score += 8
            if rank == "7" and rules.seven != "off":
                if expert:
                    score += 30 if next_count <= 2 else -10
                else:
                    score += 4 + (8 if next_count <= 2 else 0)
            elif rank == "8" and rules.eight == "skip":
                score += 3 + (8 if next_count <= 2 else 0)
            elif rank == "A" and rules.ace == "skip":
                score += 3 + (8 if next_count <= 2 else 0)
            elif rank == "A" and rules.ace == "again":
                score += 10
            elif rank == "9" and rules.nine == "reverse":
                score += 2
        score += rng.random() * 0.5
        if best_score is None or score > best_score:
            best, best_score = c, score
    chosen = [m for m in plays if m.card == best]
    if len(chosen) > 1 and chosen[0].suit:
        w = _expert_wish(t, hand, best, rules, next_void) if expert else wish_suit(t, hand, best, rules)
        chosen = [m for m in chosen if m.suit == w] or chosen
    return chosen[0]


def _expert_wish(t, hand, played: int, rules: MauRules, next_void) -> str:
    """A suit the next player lacks, if we hold some of it; else the suit held most."""
    for su in sorted(next_void):
        if any(t.suit[x] == su and x != played and not t.jack[x] for x in hand):
            return su
    return wish_suit(t, hand, played, rules)


def _next_in_round(n: int, seat: int, direction: int, places) -> int | None:
    """The first seat after ``seat`` in the direction of play that is not out yet (``seat``
    itself, after a whole turn of the table), or None."""
    i = seat
    for _ in range(n):
        i = (i + direction) % n
        if i not in places:
            return i
    return None


def _view_next(view) -> int | None:
    return _next_in_round(view["n"], view["seat"], view["direction"], set(view["places"]))


def _next_seat(view) -> int:
    nxt = _view_next(view)
    return view["seat"] if nxt is None else nxt


def expert_view_pick(view, rules: MauRules, t, moves, rng) -> Move:
    nxt = _next_seat(view)
    return normal_pick(t, rules, moves, view["hand"], view["counts"][nxt], view["phase"], view["drawn"], rng,
                       expert=True, next_void=voids_of(view.get("log", []), nxt, t))


def _next_count(view) -> int:
    nxt = _view_next(view)
    return 99 if nxt is None else view["counts"][nxt]


def _state_next_count(s, seat) -> int:
    nxt = _next_in_round(s.n, seat, s.direction, s.places)
    return 99 if nxt is None else len(s.hands[nxt])


def state_normal(s, rng) -> Move:
    """The normal policy on a full state (for rollouts)."""
    seat = s.to_move
    return normal_pick(s, s.rules, engine.legal_moves(s), s.hands[seat], _state_next_count(s, seat), s.phase, s.drawn, rng)


# --------------------------------------------------------------------- bots
class Bot(GameBot):
    def __init__(self, seed=None, think_ms=None):
        super().__init__()
        self.rng = random.Random(seed)
        self.think_ms = DEFAULT_THINK_MS if think_ms is None else think_ms


class EasyBot(Bot):
    level = "easy"

    def decide(self, view):
        moves = _legal(view)
        plays = [m for m in moves if m.kind == "play"]
        if not plays:
            return moves[0]
        if self.rng.random() < 0.85:
            plays = best_calls(plays)
        return self.rng.choice(plays)


class NormalBot(Bot):
    level = "normal"

    def decide(self, view):
        rules = _rules_of(view)
        return normal_pick(_table(rules), rules, _legal(view), view["hand"], _next_count(view), view["phase"],
                           view["drawn"], self.rng)


class HardBot(Bot):
    level = "hard"

    min_lead_se = 1.6  # how clear (in standard errors) a lead over the prior choice must be

    @staticmethod
    def _critical(view) -> bool:
        """Search where it pays: someone (also this seat) is close to going out, or a seven
        penalty is pending. Elsewhere the expert policy decides at once."""
        return view["pending"] > 0 or min(c for i, c in enumerate(view["counts"]) if i not in view["places"]) <= 2

    def __init__(self, seed=None, think_ms=None):
        super().__init__(seed, think_ms)
        self.rollouts = 0

    def decide(self, view):
        rules = _rules_of(view)
        t = _table(rules)
        moves = best_calls(_legal(view))
        cands = []
        seen = set()
        for m in moves:
            key = (t.face[m.card] if m.kind == "play" else -1, m.kind, m.suit)
            if key not in seen:
                seen.add(key)
                cands.append(m)
        if len(cands) == 1:
            return cands[0]
        # the expert policy is the prior: the search must show a clear lead to overrule it
        prior = expert_view_pick(view, rules, t, moves, self.rng)
        if prior not in cands:
            prior = cands[0]
        if self.think_ms <= 0 or not self._critical(view):
            return prior
        base = build_world_base(view, rules)
        sampler = WorldSampler(view, rules, t)
        results = [[] for _ in cands]
        deadline = time.perf_counter() + self.think_ms / 1000.0
        seat = view["seat"]
        worlds = 0
        while True:
            world = sampler.sample(base, self.rng)
            worlds += 1
            wseed = self.rng.getrandbits(32)
            for i, m in enumerate(cands):       # the same world and dice for every candidate
                s = world.clone()
                engine.apply_inplace(s, seat, m, check=False)
                results[i].append(rollout(s, seat, random.Random(wseed)))
                self.rollouts += 1
            if time.perf_counter() >= deadline or worlds >= 2000:
                break
        return cands[pick_by_paired_evidence(results, cands.index(prior), self.min_lead_se)]


def pick_by_paired_evidence(results: list[list[float]], prior: int, z: float = 1.6) -> int:
    """The candidate whose results beat the prior's by the largest mean, if that lead is
    clear (paired over the same worlds: more than ``z`` standard errors); else the prior."""
    base = results[prior]
    k = len(base)
    if k < 4:
        return prior
    best, best_mean = prior, 0.0
    for i, res in enumerate(results):
        if i == prior:
            continue
        d = [a - b for a, b in zip(res, base)]
        mean = sum(d) / k
        var = sum((x - mean) ** 2 for x in d) / (k - 1)
        se = (var / k) ** 0.5
        if mean > best_mean and mean > z * se:
            best, best_mean = i, mean
    return best


WIN_ONLY = False


def rollout(s, seat: int, rng, max_steps: int = 400) -> float:
    """Play the round to its end with normal policies; the seat's result in [0, 1]."""
    steps = 0
    while s.phase in ("play", "drawn") and steps < max_steps:
        engine.apply_inplace(s, s.to_move, state_normal(s, rng), check=False)
        steps += 1
    n = s.n
    if s.phase in ("round_over", "match_over"):
        place = s.history[-1].index(seat)
    else:   # unfinished: rank by cards held
        order = sorted(range(n), key=lambda i: (len(s.hands[i]), sum(s.pts[c] for c in s.hands[i])))
        place = order.index(seat)
    if WIN_ONLY:
        return 1.0 if place == 0 else 0.0
    pts = sum(s.pts[c] for c in s.hands[seat])
    return (n - 1 - place) / (n - 1) - pts / 400.0


def build_world_base(view, rules: MauRules):
    """A state with the view's public table and own hand; the hidden parts are filled per world."""
    n = view["n"]
    s, _ = engine.new_match(rules, n, 0, 0)
    s.hands = [[] for _ in range(n)]
    s.hands[view["seat"]] = list(view["hand"])
    s.discard = list(view["discard"])
    s.draw = []
    s.wish = view["wish"]
    s.pending = view["pending"]
    s.direction = view["direction"]
    s.to_move = view["to_move"]
    s.phase = view["phase"]
    s.drawn = view["drawn"]
    s.places = list(view["places"])
    s.called = list(view["called"])
    s.rounds_total = 0
    s.limit_on = False
    s.round_no = 1
    s.history = []
    return s


def _fitting(t, rules: MauRules, top: int, wish: str, cards, jacks: bool) -> set:
    """The cards of ``cards`` that would have been playable on ``top`` (with ``wish``); Buben
    only if ``jacks`` (a Bube was playable there)."""
    out = set()
    for c in cards:
        if t.jack[c] and rules.jack == "wish":
            if jacks and (rules.jack_on_jack or not t.jack[top]):
                out.add(c)
            continue
        if wish:
            if t.suit[c] == wish:
                out.add(c)
        elif t.suit[c] == t.suit[top] or t.rank[c] == t.rank[top]:
            out.add(c)
    return out


class WorldSampler:
    """Deals the unseen cards (all but the own hand and the discard pile) into the other hands
    (by their counts) and the draw pile, consistent with what the table saw this round.

    Each opponent's hand is a list of slots, one per card, each with the set of cards it
    cannot be (what the public log rules out for that card). Walking the log:
    * a player drew facing a top card: none of the cards it held fitted then (a sensible
      player plays a card that fits); with "may play the drawn card" the drawn card did not
      fit either, unless it then kept it;
    * a player spent a Bube while holding more than two cards: nothing else fitted;
    * cards drawn for a seven or a forgotten Mau are unconstrained;
    * a played card leaves by the least constrained slot it can have been.
    The evidence models sensible play; where a deal cannot meet it, slots take any card."""

    def __init__(self, view, rules: MauRules, t):
        self.n_players = view["n"]
        self.seat = view["seat"]
        self.counts = view["counts"]
        known = set(view["hand"]) | set(view["discard"])
        self.unseen = [c for c in range(len(t.deck)) if c not in known]
        unseen = self.unseen
        n = self.n_players
        empty = frozenset()
        slots = [[empty] * rules.hand_size for _ in range(n)]
        log = view.get("log", [])
        play_drawn = rules.after_draw == "play"
        for idx, entry in enumerate(log):
            kind, p = entry[0], entry[1]
            if p == self.seat:
                continue
            if kind == "draw":
                _, _, k, reason, top, wish = entry
                if reason == "draw":
                    fit = frozenset(_fitting(t, rules, top, wish, unseen, True))
                    slots[p] = [sl | fit for sl in slots[p]]
                    if k:
                        nxt = next((e for e in log[idx + 1:] if e[1] == p), None)
                        kept = nxt is not None and nxt[0] == "keep"
                        slots[p].append(fit if (play_drawn and not kept) else empty)
                else:
                    slots[p].extend([empty] * k)
            elif kind == "play":
                c, prev_top, prev_wish = entry[2], entry[5], entry[6]
                held = len(slots[p])
                sl = slots[p]
                if sl:
                    ok = [i for i in range(len(sl)) if c not in sl[i]] or list(range(len(sl)))
                    sl.pop(min(ok, key=lambda i: len(sl[i])))
                if t.jack[c] and rules.jack == "wish" and held > 2:
                    # a sensible player spends a Bube only when nothing else fits
                    fit = frozenset(_fitting(t, rules, prev_top, prev_wish, unseen, False))
                    slots[p] = [x | fit for x in sl]
        for p in range(n):
            k = self.counts[p]
            sl = sorted(slots[p], key=len, reverse=True)[:k] if p != self.seat else []
            slots[p] = sl + [empty] * (k - len(sl)) if p != self.seat else []
        self.slots = slots
        # most constrained first, across all opponents
        self.order = sorted(((len(x), p, i) for p in range(n) if p != self.seat for i, x in enumerate(slots[p])),
                            reverse=True)
        self.avoid = [set().union(*slots[p]) if slots[p] else set() for p in range(n)]

    def sample(self, base, rng):
        s = base.clone()
        pool = self.unseen[:]
        rng.shuffle(pool)
        used = set()
        hands = [[] for _ in range(self.n_players)]
        for _, p, i in self.order:
            bad = self.slots[p][i]
            pick = None
            for c in pool:
                if c not in used and c not in bad:
                    pick = c
                    break
            if pick is None:                 # the evidence was wrong: any card
                pick = next(c for c in pool if c not in used)
            used.add(pick)
            hands[p].append(pick)
        for p in range(self.n_players):
            if p != self.seat:
                s.hands[p] = hands[p]
        s.draw = [c for c in pool if c not in used]
        return s


def make_bot(level: str, seed=None, think_ms=None) -> Bot:
    if level == "easy":
        return EasyBot(seed, think_ms)
    if level == "normal":
        return NormalBot(seed, think_ms)
    if level == "hard":
        return HardBot(seed, think_ms)
    raise ValueError(f"unknown bot level {level!r} (easy, normal, hard)")

"""A Markov chain over the hidden hands: worlds that agree with what the others did.

``readplays`` counts how many of the plays and passes seen a deal disagrees with; drawing
whole deals and keeping the best of a few dozen leaves most sampled worlds disagreeing
with some of them, more so as a round goes on. Here one deal is improved by swapping
cards between two other seats (Metropolis: a swap that adds d disagreements is taken with
probability ``exp(-BETA * d)``), so the chain's deals come from the posterior of a model
in which each seat plays like the normal policy and departs from it at each decision with
a small probability (``exp(-BETA)`` relative odds). A swap only changes the two seats'
hands, so only their own observations are checked again; the exchange's fixed cards and
forbidden cards are kept.
"""
from __future__ import annotations

import math

from .determinize import cap_violations
from .readplays import Observation, violations

BETA = 3.0


class Chain:
    """One chain over the other seats' hands (``hands`` is changed in place)."""

    def __init__(self, info, hands, me: int, obs: list[Observation], constraints=None,
                 caps: dict | None = None, beta: float = BETA):
        self.info = info
        self.hands = hands
        self.me = me
        self.beta = beta
        fixed, forbidden = constraints if constraints is not None else ({}, {})
        self.fixed = fixed
        self.forbidden = forbidden
        self.seats = [s for s in range(len(hands)) if s != me and hands[s]]
        self.by_seat: dict[int, list[Observation]] = {s: [] for s in self.seats}
        for ob in obs:
            if ob.seat in self.by_seat:
                self.by_seat[ob.seat].append(ob)
        self.caps: dict[int, dict] = {s: {} for s in self.seats}   # the passes' caps, by seat
        for (s, r), k in (caps or {}).items():
            if s in self.caps:
                self.caps[s][s, r] = k
        self.bad = {s: self._seat_bad(s) for s in self.seats}
        self.steps = 0
        self.accepted = 0

    def _seat_bad(self, s: int, limit: int = 1 << 30) -> int:
        b = cap_violations(self.info, self.hands, self.caps[s]) if self.caps[s] else 0
        if b >= limit:
            return b
        ob = self.by_seat[s]
        if ob:
            b += violations(self.info, self.hands, ob, limit - b)
        return b

    def total(self) -> int:
        return sum(self.bad.values())

    def step(self, rng) -> bool:
        """One proposed swap; True if taken."""
        seats = self.seats
        if len(seats) < 2:
            return False
        self.steps += 1
        a, b = rng.sample(seats, 2)
        ha, hb = self.hands[a], self.hands[b]
        i = rng.randrange(len(ha))
        j = rng.randrange(len(hb))
        x, y = ha[i], hb[j]
        idx = self.info.idx
        if idx[x] == idx[y] and not self.info.sequences:
            return False  # same rank: nothing a decision could tell apart
        fixed = self.fixed
        if x in fixed or y in fixed:
            return False
        fb = self.forbidden
        if b in fb.get(x, ()) or a in fb.get(y, ()):
            return False
        if not self.by_seat[a] and not self.by_seat[b] and not self.caps[a] and not self.caps[b]:
            ha[i], hb[j] = y, x  # nothing seen of either: every swap is as likely
            self.accepted += 1
            return True
        old = self.bad[a] + self.bad[b]
        u = rng.random()
        slack = int(-math.log(u) / self.beta) if u > 0 else 1 << 20
        limit = old + slack  # the most disagreements the swap may end with and still be taken
        ha[i], hb[j] = y, x
        na = self._seat_bad(a, limit + 1)
        nb = self._seat_bad(b, limit + 1 - na) if na <= limit else 1 << 20
        if na + nb <= limit:
            self.bad[a] = na
            self.bad[b] = nb
            self.accepted += 1
            return True
        ha[i], hb[j] = x, y
        return False

    def run(self, rng, steps: int) -> None:
        for _ in range(steps):
            self.step(rng)

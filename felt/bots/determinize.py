"""Sampled worlds for the hard bot: hidden hands drawn consistently with a view.

A seat knows its own hand, every card played this round, each seat's card count
and its own exchange this round. The unseen cards are dealt at random to the
other seats so that:

* every seat gets exactly as many cards as it holds;
* cards this seat handed over in the exchange (its highest as the lower place,
  its choice as the upper place) stay with the partner, unless they were played;
* as the upper place, the partner cannot hold a card ranked above the lowest of
  the cards it had to give (it gave its highest ones).

``build_state`` turns a view plus sampled hands into an engine ``State`` using
only the engine's public names (``State``, ``classify``) and fields, so the
simulation runs on the real rules.
"""
from __future__ import annotations

import random

from felt.engine import State, classify, new_match
from felt.rules import Rules

from .cardinfo import DeckInfo, deck_info


def _sort_key(info: DeckInfo, c: int):
    i = info.idx[c]
    return (i if i >= 0 else info.n_ranks, info.suit[c], c)


def constraints_from_view(view: dict, info: DeckInfo):
    """(fixed card→seat, forbidden card→set of seats) for the unseen cards."""
    me = view["seat"]
    hand = set(view.get("hand") or [])
    played = set(view.get("played") or [])
    fixed: dict[int, int] = {}
    forbidden: dict[int, set[int]] = {}
    for x in view.get("exchange") or []:
        if not isinstance(x, dict):
            continue
        partner = x.get("partner")
        if not isinstance(partner, int) or partner == me:
            continue
        role = x.get("role")
        gave = [c for c in (x.get("gave") or []) if c not in hand and c not in played]
        for c in gave:
            fixed[c] = partner
        if role == "upper":
            got = x.get("got") or []
            if got:
                low = min(_sort_key(info, c) for c in got)
                for c in range(info.n_cards):
                    if c in hand or c in played or c in fixed:
                        continue
                    if _sort_key(info, c) > low:
                        forbidden.setdefault(c, set()).add(partner)
    return fixed, forbidden


def sample_hands(view: dict, rng: random.Random, info: DeckInfo | None = None,
                 constraints=None) -> list[list[int]]:
    """Hands for every seat: own hand as is, the others sampled."""
    if info is None:
        info = deck_info(view["rules"])
    me = view["seat"]
    n = view["n"]
    counts = list(view["counts"])
    hand = list(view.get("hand") or [])
    seen = set(hand)
    seen.update(view.get("played") or [])
    unseen = [c for c in range(info.n_cards) if c not in seen]
    if constraints is None:
        constraints = constraints_from_view(view, info)
    fixed, forbidden = constraints
    others = [s for s in range(n) if s != me and counts[s] > 0]
    if sum(counts[s] for s in others) != len(unseen):
        # inconsistent view (should not happen): fall back to proportional dealing
        fixed, forbidden = {}, {}
    for _attempt in range(8):
        hands = [[] for _ in range(n)]
        hands[me] = list(hand)
        cap = [0] * n
        for s in others:
            cap[s] = counts[s]
        ok = True
        free = []
        for c in unseen:
            s = fixed.get(c)
            if s is not None and cap[s] > 0:
                hands[s].append(c)
                cap[s] -= 1
            else:
                free.append(c)
        restricted = [c for c in free if c in forbidden]
        rest = [c for c in free if c not in forbidden]
        rng.shuffle(restricted)
        for c in restricted:
            bad = forbidden[c]
            allowed = [s for s in others if cap[s] > 0 and s not in bad]
            if not allowed:
                ok = False
                break
            tot = sum(cap[s] for s in allowed)
            x = rng.random() * tot
            for s in allowed:
                x -= cap[s]
                if x < 0:
                    break
            hands[s].append(c)
            cap[s] -= 1
        if not ok:
            continue
        rng.shuffle(rest)
        i = 0
        for s in others:
            k = cap[s]
            hands[s].extend(rest[i:i + k])
            i += k
        return hands
    # constraints could not be met: ignore them
    hands = [[] for _ in range(n)]
    hands[me] = list(hand)
    pool = unseen[:]
    rng.shuffle(pool)
    i = 0
    for s in others:
        hands[s] = pool[i:i + counts[s]]
        i += counts[s]
    return hands


_TEMPLATES: dict = {}


def _template(rules: Rules, n: int) -> State:
    """A fresh engine State for (rules, n), made once by the engine's own constructor."""
    key = (id(rules), n)
    hit = _TEMPLATES.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    st, _ = new_match(rules, n, 0)
    _TEMPLATES[key] = (rules, st)
    return st


def build_state(view: dict, hands: list[list[int]], rules: Rules | None = None) -> State:
    """An engine State equal to the view's public table with the given hands.

    Starts from a State made by ``new_match`` (so engine-internal fields are set
    up by the engine) and overwrites the table with what the view shows.
    """
    info = deck_info(view["rules"])
    if rules is None:
        rules = info.rules
    n = view["n"]
    s = _template(rules, n).clone()
    s.seed = None
    s.phase = view["phase"]
    s.round_no = view.get("round_no", 1)
    s.rounds_total = view.get("rounds_total", rules.rounds)
    key = lambda c: _sort_key(info, c)  # noqa: E731
    s.hands = [sorted(h, key=key) for h in hands]
    if hasattr(State, "groups"):
        s.groups = [None] * n  # the engine's per-hand cache: rebuilt on demand
    s.to_move = view.get("to_move")
    s.revolution = bool(view.get("revolution"))
    s.trick = [(p["seat"], tuple(p["cards"])) for p in view.get("trick") or []]
    passed = set(view.get("passed") or [])
    s.passed = [i in passed for i in range(n)]
    s.skip_next = False
    s.skipped = view.get("skipped")
    s.places = list(view.get("places") or view.get("out") or [])
    s.played = list(view.get("played") or [])
    s.standings = [list(r) for r in view.get("standings") or [[0] * n for _ in range(n)]]
    s.history = [list(p) for p in view.get("history") or []]
    s.dealer = view.get("dealer", n - 1)
    s.leader = view.get("leader", s.to_move)
    s.tasks = [list(t) for t in view.get("exchange_pending") or []]
    s.exchange_info = [[] for _ in range(n)]
    me = view.get("seat")
    if me is not None:
        s.exchange_info[me] = [dict(x) for x in view.get("exchange") or []]
    s.last_places = list(view.get("last_places") or [])
    s.winner = view.get("winner")
    s.moves_made = 0
    pile = view.get("pile")
    s.pile = None
    if pile:
        p = classify(s, tuple(pile["cards"]), pile.get("kind"))
        s.pile = p._replace(seat=pile["seat"]) if p is not None else None
    return s

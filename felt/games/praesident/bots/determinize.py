"""Sampled worlds for the hard bot: hidden hands drawn consistently with a view.

A seat knows its own hand, every card played this round, each seat's card count
and its own exchange this round. The unseen cards are dealt at random to the
other seats so that:

* every seat gets exactly as many cards as it holds;
* cards this seat handed over in the exchange (its highest as the lower place,
  its choice as the upper place) stay with the partner, unless they were played;
* as the upper place, the partner cannot hold a card ranked above the lowest of
  the cards it had to give (it gave its highest ones);
* an exchange between two other seats is played out on each deal (the lower place
  hands its best cards up, the upper place gives back low single cards), so their
  hands are skewed as the table's are (``other_exchanges``; the real hands share
  about 0.03–0.045 more of the unseen cards with such deals than with uniform ones).

``build_state`` turns a view plus sampled hands into an engine ``State`` using
only the engine's public names (``State``, ``classify``) and fields, so the
simulation runs on the real rules.
"""
from __future__ import annotations

import random

from felt.games.praesident.engine import State, classify, new_match
from felt.games.praesident.rules import Rules

from .cardinfo import DeckInfo, deck_info


def sort_key(info: DeckInfo, c: int):
    i = info.idx[c]
    return (i if i >= 0 else info.n_ranks, info.suit[c], c)


MODEL_OTHER_EXCHANGES = True   # deal as the exchanges between two other seats skewed the hands


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
                low = min(sort_key(info, c) for c in got)
                for c in range(info.n_cards):
                    if c in hand or c in played or c in fixed:
                        continue
                    if sort_key(info, c) > low:
                        forbidden.setdefault(c, set()).add(partner)
    return fixed, forbidden


class PassMemory:
    """What a seat has seen the others pass on this round.

    A seat that passed on a set of k cards rarely holds exactly k cards of a rank that
    would have beaten it: it would have played them, unless they are of the top rank
    (kept back) or it would have to break a bigger set. Sampled worlds avoid those
    (seat, rank, k) as far as they can. Passes are public; a hand only shrinks during a
    round and a pile only rises within a trick, so a pass seen on the current pile stays
    telling until the round ends. (With normal bots passing, the inference is right for
    about 99% of the passes in PR-002 and FOLGEN.)"""

    def __init__(self):
        self._by_seat: dict = {}

    def update(self, view: dict, info: DeckInfo) -> dict[tuple[int, int], int]:
        """Record the passes in ``view``; return {(seat, rank index): k}: that seat is
        unlikely to hold exactly k cards of that rank."""
        me = view.get("seat")
        played = list(view.get("played") or [])
        round_no = view.get("round_no")
        rec = self._by_seat.get(me)
        if rec is None or rec[0] != round_no or played[:len(rec[1])] != rec[1]:
            rec = (round_no, [], {})  # a new round (or match): forget
        caps = rec[2]
        pile = view.get("pile")
        if view.get("phase") == "play" and pile and pile.get("kind") == "set":
            cards = list(pile.get("cards") or [])
            nat = [info.idx[c] for c in cards if info.idx[c] >= 0]
            size = len(cards)
            # a revolution could have flipped the order since the pass: skip those tricks
            if nat and not (info.revolution_on and size >= 4):
                r = nat[0]
                eq = 0 if info.equal_beats else 1
                if view.get("revolution"):
                    beating = range(1, r + 1 - eq)  # the top rank (index 0 now) is kept back
                else:
                    beating = range(r + eq, info.n_ranks - 1)
                counts = view.get("counts") or []
                for seat in view.get("passed") or []:
                    if seat == me or not (0 <= seat < len(counts)) or counts[seat] == 0:
                        continue
                    for b in beating:
                        caps.setdefault((seat, b), size)
        self._by_seat[me] = (round_no, played, caps)
        return caps


def sample_hands(view: dict, rng: random.Random, info: DeckInfo | None = None,
                 constraints=None, caps: dict | None = None, check=None,
                 check_tries: int = 24) -> list[list[int]]:
    """Hands for every seat: own hand as is, the others sampled.

    ``caps`` ({(seat, rank index): k}, from PassMemory: seats unlikely to hold exactly k
    cards of that rank) is met when a few deals can; the exchange constraints always are
    when they can be. ``check(hands, limit)`` (optional) counts further disagreements of a
    deal with what the seat has seen (see readplays.py); up to ``check_tries`` deals are
    drawn and the first without any disagreement is taken, else the one with fewest."""
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
        fixed, forbidden, caps, check = {}, {}, None, None
    pairs = other_exchanges(view, info) if MODEL_OTHER_EXCHANGES else ()
    hands = _deal(rng, info, me, n, hand, unseen, counts, others, fixed, forbidden, caps,
                  check=check, pass_tries=check_tries if check is not None else 12, pairs=pairs)
    if hands is not None:
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


def cap_violations(info: DeckInfo, hands, caps) -> int:
    bad = 0
    idx = info.idx
    for (s, r), k in caps.items():
        h = hands[s]
        if len(h) >= k and sum(1 for c in h if idx[c] == r) == k:
            bad += 1
    return bad


def other_exchanges(view: dict, info: DeckInfo) -> list[tuple[int, int, int]]:
    """The exchanges of this round between two other seats: (upper, lower, count, pending)
    each, both seats still holding cards; ``pending``: the upper place has not given its
    cards back yet. Which cards moved is hidden, but not how: the lower place handed over
    its best cards, and the upper place gave back cards it chose."""
    rules = info.rules
    places = view.get("last_places") or []
    n = view["n"]
    if (not getattr(rules, "exchange", False) or getattr(rules, "schnorren", False)
            or (view.get("round_no") or 1) <= 1 or len(places) != n or n < 3):
        return []
    me = view["seat"]
    counts = view["counts"]
    pairs = [(places[0], places[-1], rules.exchange_top)]
    if n >= 4 and rules.exchange_second > 0:
        pairs.append((places[1], places[-2], rules.exchange_second))
    pending = {(t[1], t[2]) for t in view.get("exchange_pending") or []
               if isinstance(t, (list, tuple)) and len(t) >= 3 and t[0] == "give"}
    return [(u, lo, k, (u, lo) in pending) for u, lo, k in pairs
            if k > 0 and me not in (u, lo) and counts[u] >= k and counts[lo] >= k]


def _model_exchange(info: DeckInfo, hands, pairs, rng: random.Random) -> None:
    """Turn a uniform deal into one drawn as the table dealt it: each lower place of
    ``pairs`` hands its best cards to its upper place, which gives back its lowest ones
    (single cards first: the normal policy keeps its sets). Sizes stay as they were.
    While the upper place has still to give, its hand is k cards more than a deal's
    share, so k of its dealt cards picked at random stand in for the lower place's."""
    key = lambda c: sort_key(info, c)  # noqa: E731
    idx = info.idx
    for upper, lower, k, pending in pairs:
        lo = sorted(hands[lower], key=key)
        best = lo[-k:]
        hu = hands[upper]
        if pending:
            pick = set(rng.sample(range(len(hu)), k))
            hands[upper] = [c for i, c in enumerate(hu) if i not in pick] + best
            hands[lower] = lo[:-k] + [hu[i] for i in sorted(pick)]
            continue
        count: dict[int, int] = {}
        for c in hu:
            count[idx[c]] = count.get(idx[c], 0) + 1
        # natural cards only (a joker is never given back), singles before sets, low first
        cand = sorted((c for c in hu if idx[c] >= 0),
                      key=lambda c: (count[idx[c]] > 1, key(c)))
        back = cand[:k]
        if len(back) < k:
            continue
        bset = set(back)
        hands[upper] = [c for c in hu if c not in bset] + best
        hands[lower] = lo[:-k] + back


def _deal(rng, info, me, n, hand, unseen, counts, others, fixed, forbidden, caps,
          check=None, attempts=8, pass_tries=12, pairs=()):
    """A deal meeting the exchange constraints (None if 8 tries fail), and among up to
    ``pass_tries`` such deals the first that meets ``caps`` and ``check`` (else the one
    closest). ``pairs`` (other_exchanges) are played out on each deal first."""
    best = None
    best_bad = 1 << 30
    tries = pass_tries if (caps or check is not None) else 1
    failures = 0
    while tries > 0 and failures < attempts:
        hands = _deal_once(rng, me, n, hand, unseen, counts, others, fixed, forbidden)
        if hands is None:
            failures += 1
            continue
        tries -= 1
        if pairs:
            _model_exchange(info, hands, pairs, rng)
        if not caps and check is None:
            return hands
        bad = cap_violations(info, hands, caps) if caps else 0
        if check is not None and bad < best_bad:
            bad += check(hands, best_bad - bad)
        if bad == 0:
            return hands
        if bad < best_bad:
            best, best_bad = hands, bad
    return best


def _deal_once(rng, me, n, hand, unseen, counts, others, fixed, forbidden):
    hands = [[] for _ in range(n)]
    hands[me] = list(hand)
    cap = [0] * n
    for s in others:
        cap[s] = counts[s]
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
            return None
        tot = sum(cap[s] for s in allowed)
        x = rng.random() * tot
        for s in allowed:
            x -= cap[s]
            if x < 0:
                break
        hands[s].append(c)
        cap[s] -= 1
    rng.shuffle(rest)
    i = 0
    for s in others:
        k = cap[s]
        hands[s].extend(rest[i:i + k])
        i += k
    return hands


_TEMPLATES: dict = {}


def template_state(rules: Rules, n: int) -> State:
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
    s = template_state(rules, n).clone()
    s.seed = None
    s.phase = view["phase"]
    s.round_no = view.get("round_no", 1)
    s.rounds_total = view.get("rounds_total", rules.rounds)
    key = lambda c: sort_key(info, c)  # noqa: E731
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

"""The Präsident state machine: deal, exchange, tricks, effects, places, match.

Deterministic: every random choice (shuffle, draw for the dealer, lots) comes from a
generator seeded with the match seed, the round number and the purpose, so the same
seed and the same moves give the same match. ``apply`` is pure (it works on a clone);
``apply_inplace`` is the fast path for simulation and search.
"""
from __future__ import annotations

from pathlib import Path

import random
from itertools import groupby as _groupby
from typing import NamedTuple

from felt.contract.catalog import read_texts
from felt.cards import Card, build_deck
# one IllegalMove for every game: the table catches it
from felt.contract.base import IllegalMove, KeyedError, private_event, round_rng, wire_kind
from felt.games.praesident.rules import Rules, titles

PHASES = ("exchange", "play", "round_over", "match_over")


class Move(NamedTuple):
    kind: str  # 'play' | 'pass' | 'give' | 'wish'
    cards: tuple = ()
    ranks: tuple = ()


PASS = Move("pass")
MOVE_KINDS = ("play", "pass", "give", "wish")
MAX_WISH = 3


def move_to_wire(m: Move) -> dict:
    d = {"kind": m.kind}
    if m.kind in ("play", "give"):
        d["cards"] = list(m.cards)
    if m.kind == "wish":
        d["ranks"] = list(m.ranks)
    return d


def move_from_wire(d) -> Move:
    """Parse an untrusted move dict; raises IllegalMove with a clear reason."""
    kind = wire_kind(d, MOVE_KINDS)
    cards = d.get("cards", [])
    ranks = d.get("ranks", [])
    if not isinstance(cards, (list, tuple)) or len(cards) > 64 or not all(
        isinstance(c, int) and not isinstance(c, bool) for c in cards
    ):
        raise IllegalMove("'cards' must be a list of card ids")
    if not isinstance(ranks, (list, tuple)) or len(ranks) > 16 or not all(isinstance(r, str) and len(r) <= 8 for r in ranks):
        raise IllegalMove("'ranks' must be a list of rank names")
    if kind in ("play", "give"):
        return Move(kind, tuple(cards))
    if kind == "wish":
        return Move(kind, (), tuple(ranks))
    return PASS


class Play(NamedTuple):
    """A classified play. For sets ``lo == hi == rank``; for sequences the rank span.
    kind 'joker' is a lone joker that beats everything."""

    kind: str  # 'set' | 'seq' | 'joker'
    size: int
    lo: int
    hi: int
    seat: int
    cards: tuple



def _shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``, the same draws and the same result (Fisher-Yates from the top, each
    index drawn as getrandbits(bit length) until it is in range, as CPython's ``_randbelow``),
    written out: a deal is the first thing every round does, and the deals of a seed must not
    change with the Python version (journals replay them)."""
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]



class State:
    __slots__ = (
        "rules", "n", "seed", "deck", "rk", "suit", "R", "phase", "round_no", "rounds_total",
        "hands", "to_move", "pile", "trick", "passed", "skip_next", "skipped", "places",
        "revolution", "played", "standings", "history", "dealer", "leader", "tasks",
        "exchange_info", "last_places", "winner", "wild", "jalone", "forced", "moves_made", "face", "groups",
        "order", "eqb", "setonly", "fx", "largest", "setplays", "after",
    )

    def clone(self) -> "State":
        s = State.__new__(State)
        # shared as they are (immutable, or per-match tables), one plain assignment each
        # (a loop of getattr/setattr costs several times as much: states are cloned per move)
        s.rules = self.rules
        s.n = self.n
        s.seed = self.seed
        s.deck = self.deck
        s.rk = self.rk
        s.suit = self.suit
        s.R = self.R
        s.phase = self.phase
        s.round_no = self.round_no
        s.rounds_total = self.rounds_total
        s.to_move = self.to_move
        s.pile = self.pile
        s.skip_next = self.skip_next
        s.skipped = self.skipped
        s.revolution = self.revolution
        s.dealer = self.dealer
        s.leader = self.leader
        s.winner = self.winner
        s.wild = self.wild
        s.jalone = self.jalone
        s.forced = self.forced
        s.moves_made = self.moves_made
        s.face = self.face
        s.order = self.order
        s.eqb = self.eqb
        s.setonly = self.setonly
        s.fx = self.fx
        s.largest = self.largest
        s.setplays = self.setplays
        s.after = self.after
        s.hands = [h[:] for h in self.hands]
        s.groups = self.groups[:]
        s.trick = self.trick[:]
        s.passed = self.passed[:]
        s.places = self.places[:]
        s.played = self.played[:]
        s.standings = [row[:] for row in self.standings]
        s.history = self.history[:]     # rows are never changed once appended: share them (a match's
                                        # history grows by a row a round; copying each row would be quadratic)
        s.tasks = [t[:] for t in self.tasks]
        s.exchange_info = [[dict(x) for x in infos] for infos in self.exchange_info]
        s.last_places = self.last_places[:]
        return s

    def __repr__(self) -> str:
        return (f"<State {self.rules.id} n={self.n} round={self.round_no} phase={self.phase} "
                f"to_move={self.to_move} pile={self.pile}>")

    def card(self, cid: int) -> Card:
        return self.deck[cid]

    def holding(self) -> list[int]:
        """Seats that still hold cards."""
        return [s for s in range(self.n) if self.hands[s]]


# --------------------------------------------------------------------- setup
def new_match(rules: Rules, n_players: int, seed, rounds: int | None = None):
    """A new match with round 1 dealt. Returns ``(state, events)``."""
    rules.validate(n_players)
    s = State.__new__(State)
    s.rules = rules
    s.n = n_players
    s.seed = seed
    s.deck = build_deck(rules)
    rank_index = {r: i for i, r in enumerate(rules.ranks)}
    s.rk = tuple(-1 if c.joker else rank_index[c.rank] for c in s.deck)
    s.suit = tuple(c.suit for c in s.deck)
    s.face = tuple(c.code.split(".")[0] for c in s.deck)
    s.R = len(rules.ranks)
    by_strength = sorted(range(len(s.deck)), key=lambda c: (s.rk[c] if s.rk[c] >= 0 else s.R, s.suit[c], c))
    order = [0] * len(s.deck)
    for i, c in enumerate(by_strength):
        order[c] = i
    s.order = tuple(order)  # each card's place in a sorted hand: (rank, jokers last; suit; id)
    s.wild = rules.joker_power in ("wild", "both")
    s.jalone = rules.joker_power in ("beats_all", "both")
    s.forced = rules.passing == "forced"
    s.eqb = 0 if rules.equal_beats else 1   # a set must be this many ranks above the pile
    s.setonly = not rules.sequences
    s.largest = rules.largest_set
    # the pile a plain set makes (a Play), per seat by its cards: the same play by the same
    # seat is the same Play in every round (making a named tuple costs more than finding it);
    # shared by the clones of the match (a Play is immutable)
    s.setplays = [{} for _ in range(n_players)]
    s.after = tuple(tuple((seat + d) % n_players for d in range(1, n_players + 1)) for seat in range(n_players))
    s.fx = _effects(rules)
    s.rounds_total = rules.rounds if rounds is None else rounds
    s.round_no = 0
    s.standings = [[0] * n_players for _ in range(n_players)]
    s.history = []
    s.last_places = []
    s.dealer = n_players - 1
    s.winner = None
    s.moves_made = 0
    events = _start_round(s)
    return s, events


def _effects(rules: Rules) -> tuple:
    """The rank effects of a rule set, looked up once: (per rank index: the clear a set of that
    rank makes or None, and whether a single of it skips; quad clear sizes lo..hi; revolution)."""
    per_rank = []
    for rank in rules.ranks:
        clear = None
        if rules.twos_clear and rank == "2":
            clear = "twos"
        elif rules.eights_clear and rank == "8":
            clear = "eights"
        skips = clear is None and rules.eight_skips and rank == "8"
        per_rank.append((clear, skips))
    q = rules.quad_clears
    qlo, qhi = (4, 4) if q == "exactly4" else (4, 1 << 30) if q == "4plus" else (1 << 30, 0)
    return tuple(per_rank), qlo, qhi, bool(rules.revolution)


def _sort_key(s: State):
    """Hands are sorted by rank (jokers last), then suit, then card id."""
    return s.order.__getitem__


def _start_round(s: State, with_events: bool = True) -> list[dict]:
    s.round_no += 1
    n = s.n
    r = s.rules
    events: list[dict] = []
    s.hands = [[] for _ in range(n)]
    s.groups = [None] * n
    s.pile = None
    s.trick = []
    s.passed = [False] * n
    s.skip_next = False
    s.skipped = None
    s.places = []
    s.revolution = False
    s.played = []
    s.tasks = []
    s.exchange_info = [[] for _ in range(n)]
    first_round = s.round_no == 1

    # Dealer and (round 1) leader by draw.
    leader = None
    if first_round:
        if r.first_leader == "draw":
            rng = round_rng(s.seed, s.round_no, "draw")
            cards = list(range(len(s.deck)))
            _shuffle(rng, cards)
            drawn = cards[:n]
            strength = [s.rk[c] if s.rk[c] >= 0 else s.R for c in drawn]
            low = min(strength)
            lowest = [i for i in range(n) if strength[i] == low]
            s.dealer = lowest[0] if len(lowest) == 1 else rng.choice(lowest)
            leader = (s.dealer + 1) % n
            events.append({"type": "draw", "cards": drawn, "dealer": s.dealer, "tie": lowest if len(lowest) > 1 else []})
        else:
            s.dealer = n - 1
    else:
        s.dealer = (s.dealer + 1) % n

    # Deal all cards one at a time.
    rng = round_rng(s.seed, s.round_no, "deal")
    order = list(range(len(s.deck)))
    _shuffle(rng, order)
    if r.leftover == "last":
        start = s.last_places[-1] if s.last_places else s.dealer
    else:
        start = (s.dealer + 1) % n
    key = _sort_key(s)
    # card i of the shuffled deck goes to seat (start + i) % n
    s.hands = [sorted(order[(seat - start) % n::n], key=key) for seat in range(n)]
    events.append({"type": "round_start", "round_no": s.round_no, "dealer": s.dealer,
                   "counts": [len(h) for h in s.hands]})
    if with_events:
        for seat in range(n):
            events.append(private_event("deal", [seat], {"cards": list(s.hands[seat])}, seat=seat,
                               count=len(s.hands[seat])))

    # Leader.
    if first_round:
        if r.first_leader == "first_seat":
            leader = 0
            events.append({"type": "lead_chosen", "seat": 0, "reason": "first_seat"})
        elif r.first_leader == "random":
            leader = round_rng(s.seed, s.round_no, "leader").randrange(n)
            events.append({"type": "lead_chosen", "seat": leader, "reason": "random"})
        elif r.first_leader == "card":
            code = r.first_leader_card
            holders = sorted({seat for seat in range(n) for c in s.hands[seat]
                              if s.deck[c].code.split(".")[0] == code})
            leader = holders[0] if len(holders) == 1 else round_rng(s.seed, s.round_no, "lot").choice(holders)
            events.append({"type": "lead_chosen", "seat": leader, "reason": "card", "card": code,
                           "tie": holders if len(holders) > 1 else []})
        else:  # draw
            events.append({"type": "lead_chosen", "seat": leader, "reason": "draw"})
    else:
        leader = s.last_places[-1]
        events.append({"type": "lead_chosen", "seat": leader, "reason": "last_place"})
    s.leader = leader

    # Exchange from the second round on.
    if not first_round and r.exchange:
        places = s.last_places
        pairs = [(places[0], places[-1], r.exchange_top)]
        if n >= 4 and r.exchange_second > 0:
            pairs.append((places[1], places[-2], r.exchange_second))
        for upper, lower, k in pairs:
            hand = s.hands[lower]
            best = hand[-k:]  # its best cards (a hand is kept sorted)
            for c in best:
                hand.remove(c)
                s.hands[upper].append(c)
            s.hands[upper].sort(key=key)
            s.exchange_info[upper].append({"role": "upper", "partner": lower, "count": k, "got": list(best),
                                           "gave": [], "wish": None})
            s.exchange_info[lower].append({"role": "lower", "partner": upper, "count": k, "gave": list(best),
                                           "got": [], "wish": None})
            events.append(private_event("exchange_auto", [upper, lower], {"cards": list(best)},
                               seat=lower, to=upper, count=k))
        if r.schnorren:
            s.tasks.extend(["wish", lower, upper, k] for upper, lower, k in pairs)
        s.tasks.extend(["give", upper, lower, k] for upper, lower, k in pairs)
        s.phase = "exchange"
        s.to_move = s.tasks[0][1]
        s.groups = [None] * n
        events.append({"type": "exchange_start", "pairs": [[u, lo, k] for u, lo, k in pairs]})
    else:
        s.phase = "play"
        s.to_move = leader
    events.append({"type": "turn", "seat": s.to_move, "phase": s.phase})
    return events


def next_round(state: State):
    """Deal the next round (from 'round_over'). Returns ``(new_state, events)``."""
    if state.phase != "round_over":
        raise IllegalMove("the round is not over" if state.phase != "match_over" else "the match is over")
    s = state.clone()
    return s, _start_round(s)


def next_round_inplace(state: State, events: bool = True) -> list[dict]:
    """``next_round`` on the state itself (simulation); ``events=False`` returns []."""
    if state.phase != "round_over":
        raise IllegalMove("the round is not over" if state.phase != "match_over" else "the match is over")
    ev = _start_round(state, events)
    return ev if events else []


def end_match(state: State):
    """End the match now (the host's decision). Returns ``(new_state, events)``."""
    s = state.clone()
    if s.phase == "match_over":
        return s, []
    s.phase = "match_over"
    s.to_move = None
    s.winner = match_winner(s)
    return s, [{"type": "match_over", "winner": s.winner, "rounds": len(s.history)}]


def match_winner(state: State):
    """Most 1st places; ties: more 2nd places, then the better place in the last round."""
    if not state.history:
        return None
    last = state.history[-1]
    pos = {seat: i for i, seat in enumerate(last)}

    def key(seat):
        row = state.standings[seat]
        return (row[0], row[1] if state.n > 1 else 0, -pos.get(seat, state.n))

    return max(range(state.n), key=key)


# ------------------------------------------------------------ classification
def classify(s: State, cards, want: str | None = None) -> Play | None:
    """What the cards form as a play, or None. ``want`` prefers 'set' or 'seq' if ambiguous."""
    k = len(cards)
    if k == 0:
        return None
    rk = s.rk
    r0 = rk[cards[0]]
    if r0 >= 0 and (k < 3 or not s.rules.sequences):  # fast path: a plain set
        for c in cards:
            if rk[c] != r0:
                break
        else:
            return Play("set", k, r0, r0, -1, tuple(cards))
    nat = [c for c in cards if rk[c] >= 0]
    nj = k - len(nat)
    if nj and k == 1 and s.jalone:
        return Play("joker", 1, s.R, s.R, -1, tuple(cards))
    if nj and not s.wild:
        return None
    top_rank = 0 if s.revolution else s.R - 1
    as_set = None
    if nat:
        r0 = rk[nat[0]]
        if all(rk[c] == r0 for c in nat):
            as_set = Play("set", k, r0, r0, -1, tuple(cards))
    else:
        as_set = Play("set", k, top_rank, top_rank, -1, tuple(cards))
    as_seq = None
    if s.rules.sequences and k >= s.rules.sequence_min and nat:
        suit = s.suit
        s0 = suit[nat[0]]
        idx = sorted(rk[c] for c in nat)
        if all(suit[c] == s0 for c in nat) and len(set(idx)) == len(idx):
            lo_n, hi_n = idx[0], idx[-1]
            span = hi_n - lo_n + 1
            if span <= k and k <= s.R:
                lo_min = max(0, hi_n - k + 1)
                lo_max = min(lo_n, s.R - k)
                if lo_min <= lo_max:
                    lo = lo_min if s.revolution else lo_max
                    as_seq = Play("seq", k, lo, lo + k - 1, -1, tuple(cards))
    if as_set and as_seq:
        return as_seq if want == "seq" else as_set
    return as_set or as_seq


def beats(s: State, new: Play, old: Play | None) -> bool:
    if old is None:
        return True
    if old.kind == "joker":
        return False
    if new.kind == "joker":
        return True
    if new.kind != old.kind or new.size != old.size:
        return False
    if new.kind == "set":
        diff = (old.lo - new.lo) if s.revolution else (new.lo - old.lo)
        return diff > 0 or (diff == 0 and s.rules.equal_beats)
    if s.revolution:
        return new.lo <= old.lo
    return new.hi >= old.hi


# ----------------------------------------------------------------- legality
_new_tuple = tuple.__new__


# The plain set plays of a run of equal cards, by the run (a tuple of card ids): a card id's
# plays do not depend on the rules, so one table serves every state of the process. It is
# bounded by the distinct runs dealt (at most 2^copies per rank and deck); cleared if it grows.
_RUN_MOVES: dict = {}
_RUN_MOVES_MAX = 200_000


def _run_moves(cs: tuple, largest: int) -> tuple:
    """The plain set plays of one run: its first 1, 2, ... cards (at most ``largest``)."""
    if len(cs) > largest:
        cs = cs[:largest]
    ms = _RUN_MOVES.get(cs)
    if ms is None:
        if len(_RUN_MOVES) >= _RUN_MOVES_MAX:
            _RUN_MOVES.clear()
        ms = _RUN_MOVES[cs] = tuple([_new_tuple(Move, ("play", cs[:k], ())) for k in range(1, len(cs) + 1)])
    return ms


def _group(rk, hand, largest: int):
    """A sorted hand as runs of equal rank ``[(rank, cards, plays), ...]`` (cards a tuple)
    and its jokers (sorted last); ``plays`` are the run's plain set plays by size
    (``_run_moves``)."""
    out = []
    jokers = []
    get = _RUN_MOVES.get
    for r, it in _groupby(hand, rk.__getitem__):   # (equal ranks are neighbours in a sorted hand)
        cs = tuple(it)
        if r < 0:
            jokers.extend(cs)
            continue
        ms = get(cs) if len(cs) <= largest else None
        out.append((r, cs, ms if ms is not None else _run_moves(cs, largest)))
    return out, jokers  # never mutated


# The per-seat cache ``s.groups[seat]`` (None until needed, reset whenever the seat's hand
# changes): [runs, jokers, all plain set moves, {size: [(rank, move)]} (wild jokers), runs of consecutive
# ranks per suit]. Its content is a
# function of the hand alone (not of the pile or a revolution), so clones share it safely;
# entries are filled lazily and never changed once made.
_RUNS, _JOKERS, _LEAD, _WILD, _SUITS = range(5)


def _wild_sets(g: list, size: int | None, largest: int) -> list:
    """[(rank, move)]: the sets with natural cards using 0.. jokers, in generation order."""
    wild = g[_WILD]
    if wild is None:
        wild = g[_WILD] = {}
    hit = wild.get(size)
    if hit is None:
        jokers = g[_JOKERS]
        nj = len(jokers)
        sizes = range(1, largest + 1) if size is None else (size,)
        hit = []
        for r, cs, _ms in g[_RUNS]:
            c = len(cs)
            for k in sizes:
                if k > c + nj:
                    break
                for j in range(max(0, k - c), min(nj, k - 1) + 1):
                    hit.append((r, Move("play", tuple(cs[: k - j]) + tuple(jokers[:j]))))
        wild[size] = hit
    return hit


def _hand_cache(s: State, seat: int) -> list:
    runs, jokers = _group(s.rk, s.hands[seat], s.rules.largest_set)
    g = s.groups[seat] = [runs, jokers, None, None, None]
    return g


def _set_moves(s: State, seat: int, size: int | None, pile: Play | None = None) -> list[Move]:
    """Canonical set plays (and lone jokers) from the seat's hand, of ``size`` or any size.

    One move per distinct (rank, size, number of wild jokers). With a ``pile`` (a set),
    only sets that beat it are produced. Always a new list (callers may append)."""
    g = s.groups[seat]
    if g is None:
        runs, jokers = _group(s.rk, s.hands[seat], s.rules.largest_set)
        g = s.groups[seat] = [runs, jokers, None, None, None]
    jokers = g[_JOKERS]
    R = s.R
    if pile is None:
        lo, hi = 0, R
    else:
        eq = 0 if s.rules.equal_beats else 1
        if s.revolution:
            lo, hi = 0, pile.lo + 1 - eq
        else:
            lo, hi = pile.lo + eq, R
    largest = s.rules.largest_set
    if not jokers or not s.wild:
        if size is not None:
            runs = g[_RUNS]
            i = len(runs)
            if lo > 0:      # the runs at rank lo and up (a suffix: runs ascend)
                while i and runs[i - 1][0] >= lo:
                    i -= 1
                runs = runs[i:]
            elif hi < R:    # the runs below hi (a prefix)
                j = 0
                while j < i and runs[j][0] < hi:
                    j += 1
                runs = runs[:j]
            if size == 1:
                out = [ms[0] for _r, _cs, ms in runs]
            else:
                k = size - 1
                out = [ms[k] for _r, cs, ms in runs if len(cs) > k]
        else:
            lead = g[_LEAD]
            if lead is None:
                lead = [m for _r, _cs, ms in g[_RUNS] for m in ms]
                g[_LEAD] = lead
            if lo > 0 or hi < R:   # (a pile with any size does not happen: kept general)
                out = [m for m in lead if lo <= s.rk[m.cards[0]] < hi]
            else:
                out = lead[:]
        if not jokers:
            return out
    else:
        out = [m for r, m in _wild_sets(g, size, largest) if lo <= r < hi]
    add = out.append
    if s.jalone:
        add(Move("play", (jokers[0],)))
    top = 0 if s.revolution else R - 1
    if s.wild and lo <= top < hi:
        for k in ((size,) if size is not None else range(1, largest + 1)):
            if k > len(jokers):
                break
            if k == 1 and s.jalone:
                continue
            add(Move("play", tuple(jokers[:k])))
    return out


def _seq_candidates(s: State, seat: int, length: int | None):
    rk = s.rk
    R = s.R
    jokers = [c for c in s.hands[seat] if rk[c] < 0] if s.wild else []
    nj = len(jokers)
    by_suit: dict[str, dict[int, int]] = {}
    for c in s.hands[seat]:
        r = rk[c]
        if r >= 0:
            by_suit.setdefault(s.suit[c], {}).setdefault(r, c)
    lengths = range(s.rules.sequence_min, R + 1) if length is None else (length,)
    seen = set()
    out = []
    for suit_cards in by_suit.values():
        if len(suit_cards) + nj < s.rules.sequence_min:
            continue
        for L in lengths:
            if L > len(suit_cards) + nj:
                break
            for lo in range(0, R - L + 1):
                picked = [suit_cards[r] for r in range(lo, lo + L) if r in suit_cards]
                missing = L - len(picked)
                if not picked or missing > nj:
                    continue
                cards = tuple(picked) + tuple(jokers[:missing])
                key = frozenset(cards)
                if key in seen:
                    continue
                seen.add(key)
                out.append(cards)
    return out


def _suit_runs(s: State, seat: int, g: list) -> list:
    """[(cards of the suit, [(lowest rank, cards), ...])]: each suit's maximal runs of
    consecutive ranks (one card per rank: the first in hand order), suits in hand order."""
    out = g[_SUITS]
    if out is None:
        rk = s.rk
        suit = s.suit
        by_suit: dict = {}
        for c in s.hands[seat]:
            r = rk[c]
            if r >= 0:
                d = by_suit.get(suit[c])
                if d is None:
                    d = by_suit[suit[c]] = {}
                if r not in d:
                    d[r] = c
        out = []
        for d in by_suit.values():  # ranks ascend in each (the hand is sorted by rank)
            runs = []
            prev = -9
            for r, c in d.items():
                if r == prev + 1:
                    runs[-1][1].append(c)
                else:
                    runs.append((r, [c]))
                prev = r
            out.append((len(d), runs))
        g[_SUITS] = out
    return out


def _seq_moves(s: State, seat: int, pile: Play | None, moves: list) -> None:
    """Append the sequences (of the pile's length, beating it) in canonical order."""
    length = None if pile is None else pile.size
    g = s.groups[seat]
    if g is None:
        g = _hand_cache(s, seat)
    if s.wild and g[_JOKERS]:  # jokers fill gaps: the general search
        for cards in _seq_candidates(s, seat, length):
            p = classify(s, cards, "seq")
            if p is not None and p.kind == "seq" and beats(s, p, pile):
                moves.append(Move("play", cards))
        return
    # no wild joker: a sequence is a window of a suit's run of consecutive ranks
    smin = s.rules.sequence_min
    lengths = range(smin, s.R + 1) if length is None else (length,)
    rev = s.revolution
    add = moves.append
    for n_suit, runs in _suit_runs(s, seat, g):
        if n_suit < smin:
            continue
        for L in lengths:
            if L > n_suit:
                break
            for a, cs in runs:
                for i in range(len(cs) - L + 1):
                    if pile is not None:
                        if rev:
                            if a + i > pile.lo:
                                continue
                        elif a + i + L - 1 < pile.hi:
                            continue
                    add(_new_tuple(Move, ("play", tuple(cs[i:i + L]), ())))


def _play_moves(s: State, seat: int) -> list[Move]:
    pile = s.pile
    if pile is not None and pile.kind == "joker":
        return []
    moves = []
    if pile is None or pile.kind == "set":
        moves = _set_moves(s, seat, None if pile is None else pile.size, pile)
    if s.rules.sequences and (pile is None or pile.kind == "seq"):
        _seq_moves(s, seat, pile, moves)
        if pile is not None and s.jalone:
            for c in s.hands[seat]:
                if s.rk[c] < 0:
                    moves.append(Move("play", (c,)))
                    break
    return moves


def _has_beating_play(s: State, seat: int) -> bool:
    return bool(_play_moves(s, seat))


def legal_moves(s: State) -> list[Move]:
    """Legal moves of the seat on turn (canonical representatives)."""
    seat = s.to_move
    if seat is None:
        return []
    if s.phase == "play":
        pile = s.pile
        if pile is None:
            g = s.groups[seat]
            if g is None:
                runs, jokers = _group(s.rk, s.hands[seat], s.rules.largest_set)
                g = s.groups[seat] = [runs, jokers, None, None, None]
            if not g[1]:  # the common case, inline: lead from a hand without jokers
                moves = []
                for run in g[0]:   # (plain loops: cheaper than a comprehension for lists this short)
                    moves += run[2]
                if not s.setonly:
                    _seq_moves(s, seat, None, moves)
                return moves
            return _play_moves(s, seat)
        if pile[0] == "set":
            g = s.groups[seat]
            if g is None:
                runs, jokers = _group(s.rk, s.hands[seat], s.rules.largest_set)
                g = s.groups[seat] = [runs, jokers, None, None, None]
            if g[1]:
                moves = _set_moves(s, seat, pile[1], pile)
            else:  # the common case, inline: a hand without jokers on a set
                k = pile[1] - 1
                moves = []
                add = moves.append
                if s.revolution:
                    hi = pile[2] + 1 - s.eqb
                    for r, cs, ms in g[0]:
                        if r >= hi:
                            break
                        if len(cs) > k:
                            add(ms[k])
                else:
                    lo = pile[2] + s.eqb
                    for r, cs, ms in reversed(g[0]):
                        if r < lo:
                            break
                        if len(cs) > k:
                            add(ms[k])
                    moves.reverse()
        else:
            moves = _play_moves(s, seat)
        if not (s.forced and moves):
            moves.append(PASS)
        return moves
    if s.phase == "exchange":
        task, who, _partner, k = s.tasks[0]
        if task == "wish":
            return [Move("wish")] + [Move("wish", (), (r,)) for r in reversed(s.rules.ranks)]
        # One move per distinct multiset of faces (two copies of a card are the same choice).
        # (a hand is sorted by rank, suit, id: copies of one face are neighbours)
        groups = []
        face = s.face
        prev = None
        for c in s.hands[seat]:
            f = face[c]
            if f == prev:
                groups[-1].append(c)
            else:
                groups.append([c])
                prev = f
        out = []
        add = out.append
        if k == 1:                                  # the common cases, without the recursion
            for g in groups:
                add(_new_tuple(Move, ("give", (g[0],), ())))
            return out
        if k == 2:
            for i, g in enumerate(groups):
                a = g[0]
                for h in groups[i + 1:]:
                    add(_new_tuple(Move, ("give", (a, h[0]), ())))
                if len(g) > 1:
                    add(_new_tuple(Move, ("give", (a, g[1]), ())))
            return out
        return [Move("give", cards) for cards in _multisets(groups, k, 0)]
    return []


def _multisets(groups: list[list[int]], k: int, start: int):
    """Every choice of ``k`` cards taking a prefix of each group (groups of equal cards)."""
    if k == 0:
        yield ()
        return
    for g in range(start, len(groups)):
        cs = groups[g]
        for take in range(1, min(k, len(cs)) + 1):
            head = tuple(cs[:take])
            for rest in _multisets(groups, k - take, g + 1):
                yield head + rest


def check_move(s: State, seat: int, move: Move) -> None:
    """Raise IllegalMove with a clear reason unless ``seat`` may make ``move`` now."""
    if s.phase in ("round_over", "match_over"):
        raise IllegalMove("the round is over" if s.phase == "round_over" else "the match is over")
    if not isinstance(seat, int) or not 0 <= seat < s.n:
        raise IllegalMove(f"no seat {seat!r} at this table")
    if seat != s.to_move:
        raise IllegalMove(f"not your turn (seat {s.to_move} is on turn)")
    if not isinstance(move, Move):
        raise IllegalMove("not a move")
    if s.phase == "exchange":
        task, who, _partner, k = s.tasks[0]
        if move.kind != task:
            raise IllegalMove("choose the cards to give back" if task == "give" else "send a wish (or none)")
        if task == "wish":
            ranks = move.ranks
            if len(ranks) > MAX_WISH or len(set(ranks)) != len(ranks):
                raise IllegalMove(f"a wish names at most {MAX_WISH} different ranks")
            for r in ranks:
                if r not in s.rules.ranks:
                    raise IllegalMove(f"there is no rank {r!r} in this deck")
            return
        _check_own_cards(s, seat, move.cards)
        if len(move.cards) != k:
            raise IllegalMove(f"give exactly {k} card{'s' if k != 1 else ''}")
        return
    # play phase
    if move.kind == "pass":
        if s.pile is None:
            raise IllegalMove("you lead this trick: play a card or a set, passing is not possible")
        if s.forced and _has_beating_play(s, seat):
            raise IllegalMove("passing is forced here: you can beat the pile, so you must play")
        return
    if move.kind != "play":
        raise IllegalMove(f"a '{move.kind}' move is not possible while playing")
    _check_own_cards(s, seat, move.cards)
    pile = s.pile
    p = classify(s, move.cards, pile.kind if pile is not None else None)
    if p is None:
        raise _why_not_a_play(s, move.cards)
    if p.kind == "set" and p.size > s.rules.largest_set:
        raise IllegalPlay("largest_set", k=s.rules.largest_set)
    if pile is not None and not beats(s, p, pile):
        raise _why_not_beating(s, p, pile)


def _check_own_cards(s: State, seat: int, cards) -> None:
    if not cards:
        raise IllegalMove("no cards chosen")
    if len(set(cards)) != len(cards):
        raise IllegalMove("a card is chosen twice")
    hand = s.hands[seat]
    for c in cards:
        if not isinstance(c, int) or c not in hand:
            raise IllegalMove(f"card {c!r} is not in your hand")


class IllegalPlay(IllegalMove, KeyedError):
    """A play the rules refuse, with the reason as a key and its text in German and English
    (``.text(lang)``; ``str()`` is English), so a table can say why in the player's language."""

    MESSAGES = read_texts(Path(__file__).resolve().parent.parent / "texts.toml", "errors.play")


def _why_not_a_play(s: State, cards) -> IllegalPlay:
    rk = s.rk
    if any(rk[c] < 0 for c in cards) and not s.wild:
        return IllegalPlay("joker_alone")
    if s.rules.sequences:
        return IllegalPlay("not_a_play_seq", k=s.rules.sequence_min)
    return IllegalPlay("not_a_play")


_SIZE_KEYS = {1: "size_single", 2: "size_pair", 3: "size_triple", 4: "size_quad"}


def _why_not_beating(s: State, p: Play, pile: Play) -> IllegalPlay:
    rev = "_revolution" if s.revolution else ""
    if pile.kind == "joker":
        return IllegalPlay("beats_joker")
    if p.kind != pile.kind:
        return IllegalPlay("set_on_seq" if p.kind == "set" else "seq_on_set")
    if p.size != pile.size:
        if p.kind == "seq":
            return IllegalPlay("seq_size", k=pile.size)
        return IllegalPlay(_SIZE_KEYS.get(pile.size, "size_set"), k=pile.size)
    if p.kind == "seq":
        return IllegalPlay("seq_low" + rev)
    if p.lo == pile.lo:
        return IllegalPlay("equal" + rev)
    return IllegalPlay("low" + rev)


def is_legal(s: State, seat: int, move: Move) -> bool:
    try:
        check_move(s, seat, move)
    except IllegalMove:
        return False
    return True


# ---------------------------------------------------------------- transitions
def apply(state: State, seat: int, move: Move):
    """Pure: the state after ``seat`` makes ``move``, and the events. Raises IllegalMove."""
    check_move(state, seat, move)
    s = state.clone()
    ev: list[dict] = []
    _apply_checked(s, seat, move, ev)
    return s, ev


def apply_inplace(s: State, seat: int, move: Move, check: bool = True, events: bool = True) -> list[dict]:
    """Apply ``move`` to ``s`` itself; returns the events. ``check=False`` trusts the move to be
    legal; ``events=False`` (simulation, search) skips building the events and returns []: the
    state afterwards is the same either way."""
    if check:
        check_move(s, seat, move)
    if events:
        ev: list[dict] = []
        _apply_checked(s, seat, move, ev)
        return ev
    s.moves_made += 1
    if s.phase == "exchange":
        _apply_exchange(s, seat, move, None)
    elif move[0] == "pass":
        s.passed[seat] = True
        _advance(s, seat, None)
    else:
        _apply_play(s, seat, move[1], None)
    return []


def _apply_checked(s: State, seat: int, move: Move, ev) -> None:
    s.moves_made += 1
    if s.phase == "exchange":
        _apply_exchange(s, seat, move, ev)
    elif move.kind == "pass":
        s.passed[seat] = True
        if ev is not None:
            ev.append({"type": "pass", "seat": seat})
        _advance(s, seat, ev)
    else:
        _apply_play(s, seat, move.cards, ev)


def _exchange_note(s: State, seat: int, partner: int, key: str, value: list) -> None:
    """Record in ``seat``'s exchange info (with ``partner``) what it wished, gave or got."""
    for info in s.exchange_info[seat]:
        if info["partner"] == partner:
            info[key] = value


def _apply_exchange(s: State, seat: int, move: Move, ev) -> None:
    task, who, partner, k = s.tasks.pop(0)
    if task == "wish":
        ranks = list(move.ranks)
        _exchange_note(s, seat, partner, "wish", ranks)
        _exchange_note(s, partner, seat, "wish", ranks)
        if ev is not None:
            ev.append(private_event("wish", [seat, partner], {"ranks": ranks}, seat=seat, to=partner))
    else:
        cards = list(move.cards)
        hand = s.hands[seat]
        for c in cards:
            hand.remove(c)
        s.hands[partner].extend(cards)
        s.hands[partner].sort(key=_sort_key(s))
        s.groups[seat] = s.groups[partner] = None
        _exchange_note(s, seat, partner, "gave", cards)
        _exchange_note(s, partner, seat, "got", cards)
        if ev is not None:
            ev.append(private_event("give", [seat, partner], {"cards": cards}, seat=seat, to=partner, count=len(cards)))
    if s.tasks:
        s.to_move = s.tasks[0][1]
    else:
        s.phase = "play"
        s.to_move = s.leader
        if ev is not None:
            ev.append({"type": "exchange_done"})
    if ev is not None:
        ev.append({"type": "turn", "seat": s.to_move, "phase": s.phase})


def _set_effect(s: State, k: int, r: int) -> tuple:
    """What a set of ``k`` cards with a natural card of rank index ``r`` does (RULES.md §6):
    (the clear it makes or None, whether it skips the next seat, whether it turns the
    revolution)."""
    per_rank, qlo, qhi, revo = s.fx
    flip = bool(revo and k >= 4)
    if qlo <= k <= qhi:
        return "quad", False, flip
    clear, skips = per_rank[r]
    return clear, bool(skips and k == 1), flip


def _apply_play(s: State, seat: int, cards, ev) -> None:
    rk = s.rk
    k = len(cards)
    r0 = rk[cards[0]]
    hit = None
    if r0 >= 0 and (k < 3 or s.setonly):  # a plain set (classify's fast path)
        for c in cards:
            if rk[c] != r0:
                break
        else:
            cards = tuple(cards)
            # the Play and its effect, per seat by the cards: the same play by the same seat
            # makes the same pile in every round (finding it costs less than making it)
            known = s.setplays[seat]
            hit = known.get(cards)
            if hit is None:
                if len(known) >= _RUN_MOVES_MAX:
                    known.clear()
                hit = known[cards] = (_new_tuple(Play, ("set", k, r0, r0, seat, cards)),) + _set_effect(s, k, r0)
    hand = s.hands[seat]
    if k == 1:
        hand.remove(cards[0])
    else:
        for c in cards:
            hand.remove(c)
    if hit is not None:
        p, clear, skip1, flip = hit
        g = s.groups[seat]
        if g is not None:
            # the cache follows by dropping those cards from their run (a new cache: the old
            # one may be shared with a clone)
            runs = g[_RUNS]
            i = 0
            for r, cs, _ms in runs:
                if r == r0:
                    break
                i += 1
            rest = cs[k:] if cs[:k] == cards else tuple([c for c in cs if c not in cards])
            runs = runs[:]
            if rest:
                ms = _RUN_MOVES.get(rest)
                runs[i] = (r0, rest, ms if ms is not None and len(rest) <= s.largest
                           else _run_moves(rest, s.largest))
            else:
                del runs[i]
            s.groups[seat] = [runs, g[_JOKERS], None, None, None]
    else:
        pile = s.pile
        q = classify(s, cards, pile.kind if pile is not None else None)
        p = _new_tuple(Play, (q.kind, q.size, q.lo, q.hi, seat, q.cards))
        cards = tuple(cards)
        s.groups[seat] = None
        clear = None
        skip1 = flip = False
    s.played.extend(cards)
    s.trick.append((seat, cards))
    s.pile = p
    s.skipped = None
    play_ev = None
    if ev is not None:
        play_ev = {"type": "play", "seat": seat, "cards": list(cards), "kind": p[0], "size": p[1]}
        ev.append(play_ev)
    if hit is None:
        kind = p[0]
        if kind == "set":
            # RULES.md §6: wild jokers alone (a set without a natural card) beat as the rank
            # they stand for but trigger no effect of a rank: no clear as a 2 or an 8, no skip,
            # no revolution (a set of four jokers still counts as four for quad clears)
            if any(rk[c] >= 0 for c in cards):
                clear, skip1, flip = _set_effect(s, k, p[2])
            elif s.fx[1] <= k <= s.fx[2]:
                clear = "quad"
        elif kind == "seq":
            rules = s.rules
            if rules.eights_clear and "8" in rules.ranks[p.lo:p.hi + 1]:
                clear = "eights"
        elif play_ev is not None:  # a lone joker
            play_ev["joker"] = True
    if flip:
        s.revolution = not s.revolution
        if ev is not None:
            ev.append({"type": "revolution", "on": s.revolution, "seat": seat})
    if skip1:
        s.skip_next = True

    places = s.places
    if not hand:
        places.append(seat)
        if ev is not None:
            ev.append({"type": "out", "seat": seat, "place": len(places) - 1})
    if len(places) >= s.n - 1:
        holding = [x for x in range(s.n) if s.hands[x]]
        if holding:
            places.append(holding[0])
            if ev is not None:
                ev.append({"type": "out", "seat": holding[0], "place": len(places) - 1, "last": True})
        _end_round(s, ev)
        return
    if clear:
        s.skip_next = False
        if ev is not None:
            ev.append({"type": "clear", "seat": seat, "reason": clear})
        _end_trick(s, seat, ev)
        return
    _advance(s, seat, ev)


def _next_holding(s: State, seat: int) -> int:
    for i in range(1, s.n + 1):
        x = (seat + i) % s.n
        if s.hands[x]:
            return x
    return seat


def _end_trick(s: State, winner: int, ev) -> None:
    leader = winner if s.hands[winner] else _next_holding(s, winner)
    s.pile = None
    s.trick = []
    s.passed = [False] * s.n
    s.skip_next = False
    s.skipped = None
    s.to_move = leader
    if ev is not None:
        ev.append({"type": "trick_won", "seat": winner, "leader": leader})
        ev.append({"type": "turn", "seat": leader, "phase": "play"})


def _advance(s: State, seat: int, ev) -> None:
    """Turn to the next seat that may act, or end the trick (§3.5)."""
    last = s.pile[4]  # the pile's seat
    hands = s.hands
    passed = s.passed
    for i in s.after[seat]:  # the seats after it in turn order, ending with itself: the
        if i == last:        # pile's seat is met within one round of the table
            _end_trick(s, last, ev)
            return
        if passed[i] or not hands[i]:
            continue
        if s.skip_next:
            s.skip_next = False
            s.skipped = i
            if ev is not None:
                ev.append({"type": "skip", "seat": i})
            continue
        if s.forced and not _has_beating_play(s, i):
            passed[i] = True
            if ev is not None:
                ev.append({"type": "pass", "seat": i, "auto": True})
            continue
        s.to_move = i
        if ev is not None:
            ev.append({"type": "turn", "seat": i, "phase": "play"})
        return
    raise AssertionError("turn order found no seat")  # pragma: no cover


def _end_round(s: State, ev) -> None:
    s.pile = None
    s.trick = []
    s.to_move = None
    s.skip_next = False
    for place, seat in enumerate(s.places):
        s.standings[seat][place] += 1
    s.history.append(s.places[:])
    s.last_places = s.places[:]
    if ev is not None:
        t = titles(s.rules, s.n)
        ev.append({"type": "round_over", "round_no": s.round_no, "places": s.places[:],
                   "titles": [t[i] for i in range(s.n)]})
    if s.rounds_total and s.round_no >= s.rounds_total:
        s.phase = "match_over"
        s.winner = match_winner(s)
        if ev is not None:
            ev.append({"type": "match_over", "winner": s.winner, "rounds": len(s.history)})
    else:
        s.phase = "round_over"


# ------------------------------------------------------------------ positions
def position(rules: Rules, hands, to_move: int, *, pile_seat: int | None = None, pile_cards=(),
             passed=(), places=(), revolution: bool = False, played=(), seed=0,
             rounds: int | None = None) -> State:
    """A play-phase state with the given hands (lists of card ids) and table.

    For tests, puzzles and search: the cards not in any hand count as played. The
    pile (if given) must be a legal play by ``pile_seat``.
    """
    n = len(hands)
    s, _ = new_match(rules, n, seed, rounds)
    s.hands = [list(h) for h in hands]
    key = _sort_key(s)
    for h in s.hands:
        h.sort(key=key)
    s.groups = [None] * n
    s.phase = "play"
    s.tasks = []
    s.exchange_info = [[] for _ in range(n)]
    s.revolution = revolution
    s.places = list(places)
    s.passed = [i in passed for i in range(n)]
    s.trick = []
    s.pile = None
    held = {c for h in s.hands for c in h}
    s.played = list(played) if played else [c for c in range(len(s.deck)) if c not in held]
    if pile_cards:
        p = classify(s, tuple(pile_cards))
        if p is None:
            raise ValueError("the pile is not a play")
        s.pile = p._replace(seat=pile_seat)
        s.trick = [(pile_seat, tuple(pile_cards))]
    s.to_move = to_move
    s.leader = to_move
    return s

"""The Präsident state machine: deal, exchange, tricks, effects, places, match.

Deterministic: every random choice (shuffle, draw for the dealer, lots) comes from a
generator seeded with the match seed, the round number and the purpose, so the same
seed and the same moves give the same match. ``apply`` is pure (it works on a clone);
``apply_inplace`` is the fast path for simulation and search.
"""
from __future__ import annotations

import random
from typing import NamedTuple

from felt.cards import Card, build_deck
from felt.contract.base import IllegalMove  # one class for every game: the table catches it
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
    if not isinstance(d, dict):
        raise IllegalMove("a move must be a map with a 'kind'")
    kind = d.get("kind")
    if kind not in MOVE_KINDS:
        raise IllegalMove(f"unknown move kind {kind!r}")
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


def _rng(seed, round_no: int, purpose: str) -> random.Random:
    return random.Random(f"felt:{seed}:{round_no}:{purpose}")


def _pev(etype: str, seats, secret: dict, **public) -> dict:
    """An event whose ``secret`` fields only ``seats`` may see (see view.filter_events)."""
    ev = {"type": etype, **public}
    ev["_private"] = {"seats": list(seats), "data": secret}
    return ev


class State:
    __slots__ = (
        "rules", "n", "seed", "deck", "rk", "suit", "R", "phase", "round_no", "rounds_total",
        "hands", "to_move", "pile", "trick", "passed", "skip_next", "skipped", "places",
        "revolution", "played", "standings", "history", "dealer", "leader", "tasks",
        "exchange_info", "last_places", "winner", "wild", "jalone", "forced", "moves_made", "face", "groups",
    )

    def clone(self) -> "State":
        s = State.__new__(State)
        for k in ("rules", "n", "seed", "deck", "rk", "suit", "R", "phase", "round_no", "rounds_total",
                  "to_move", "pile", "skip_next", "skipped", "revolution", "dealer", "leader", "winner",
                  "wild", "jalone", "forced", "moves_made", "face"):
            setattr(s, k, getattr(self, k))
        s.hands = [h[:] for h in self.hands]
        s.groups = self.groups[:]
        s.trick = self.trick[:]
        s.passed = self.passed[:]
        s.places = self.places[:]
        s.played = self.played[:]
        s.standings = [row[:] for row in self.standings]
        s.history = self.history[:]     # rows are never changed once appended: share them (a match's
                                        # history grows by a row a round; copying each row was quadratic)
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
    s.wild = rules.joker_power in ("wild", "both")
    s.jalone = rules.joker_power in ("beats_all", "both")
    s.forced = rules.passing == "forced"
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


def _sort_key(s: State):
    rk = s.rk
    top = s.R
    return lambda c: (rk[c] if rk[c] >= 0 else top, s.suit[c], c)


def _start_round(s: State) -> list[dict]:
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
            rng = _rng(s.seed, s.round_no, "draw")
            cards = list(range(len(s.deck)))
            rng.shuffle(cards)
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
    rng = _rng(s.seed, s.round_no, "deal")
    order = list(range(len(s.deck)))
    rng.shuffle(order)
    if r.leftover == "last":
        start = s.last_places[-1] if s.last_places else s.dealer
    else:
        start = (s.dealer + 1) % n
    for i, c in enumerate(order):
        s.hands[(start + i) % n].append(c)
    key = _sort_key(s)
    for h in s.hands:
        h.sort(key=key)
    events.append({"type": "round_start", "round_no": s.round_no, "dealer": s.dealer,
                   "counts": [len(h) for h in s.hands]})
    for seat in range(n):
        events.append(_pev("deal", [seat], {"cards": list(s.hands[seat])}, seat=seat, count=len(s.hands[seat])))

    # Leader.
    if first_round:
        if r.first_leader == "first_seat":
            leader = 0
            events.append({"type": "lead_chosen", "seat": 0, "reason": "first_seat"})
        elif r.first_leader == "random":
            leader = _rng(s.seed, s.round_no, "leader").randrange(n)
            events.append({"type": "lead_chosen", "seat": leader, "reason": "random"})
        elif r.first_leader == "card":
            code = r.first_leader_card
            holders = sorted({seat for seat in range(n) for c in s.hands[seat]
                              if s.deck[c].code.split(".")[0] == code})
            leader = holders[0] if len(holders) == 1 else _rng(s.seed, s.round_no, "lot").choice(holders)
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
            best = sorted(hand, key=key)[-k:]
            for c in best:
                hand.remove(c)
                s.hands[upper].append(c)
            s.hands[upper].sort(key=key)
            s.exchange_info[upper].append({"role": "upper", "partner": lower, "count": k, "got": list(best),
                                           "gave": [], "wish": None})
            s.exchange_info[lower].append({"role": "lower", "partner": upper, "count": k, "gave": list(best),
                                           "got": [], "wish": None})
            events.append(_pev("exchange_auto", [upper, lower], {"cards": list(best)},
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


def _group(rk, hand):
    """A sorted hand as runs of equal rank ``((rank, cards), ...)`` and its jokers."""
    runs = []
    jokers = []
    prev = -9
    for c in hand:
        r = rk[c]
        if r < 0:
            jokers.append(c)
        elif r == prev:
            runs[-1][1].append(c)
        else:
            runs.append((r, [c]))
            prev = r
    return runs, jokers  # cached per seat until its hand changes; never mutated


def _set_moves(s: State, seat: int, size: int | None, pile: Play | None = None) -> list[Move]:
    """Canonical set plays (and lone jokers) from the seat's hand, of ``size`` or any size.

    One move per distinct (rank, size, number of wild jokers). With a ``pile`` (a set),
    only sets that beat it are produced."""
    R = s.R
    grouped = s.groups[seat]
    if grouped is None:
        grouped = s.groups[seat] = _group(s.rk, s.hands[seat])
    runs, jokers = grouped
    if pile is None:
        lo, hi = 0, R
    else:
        eq = 0 if s.rules.equal_beats else 1
        if s.revolution:
            lo, hi = 0, pile.lo + 1 - eq
        else:
            lo, hi = pile.lo + eq, R
    largest = s.rules.largest_set
    nj = len(jokers) if s.wild else 0
    out = []
    add = out.append
    if nj == 0:
        if size is not None:
            for r, cs in runs:
                if lo <= r < hi and len(cs) >= size:
                    add(_new_tuple(Move, ("play", tuple(cs[:size]), ())))
        else:
            for _r, cs in runs:
                for k in range(1, min(largest, len(cs)) + 1):
                    add(_new_tuple(Move, ("play", tuple(cs[:k]), ())))
    else:
        sizes = range(1, largest + 1) if size is None else (size,)
        for r, cs in runs:
            if r < lo or r >= hi:
                continue
            c = len(cs)
            for k in sizes:
                if k > c + nj:
                    break
                for j in range(max(0, k - c), min(nj, k - 1) + 1):
                    add(Move("play", tuple(cs[: k - j]) + tuple(jokers[:j])))
    if jokers:
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


def _play_moves(s: State, seat: int) -> list[Move]:
    pile = s.pile
    if pile is not None and pile.kind == "joker":
        return []
    moves = []
    if pile is None or pile.kind == "set":
        moves = _set_moves(s, seat, None if pile is None else pile.size, pile)
    if s.rules.sequences and (pile is None or pile.kind == "seq"):
        length = None if pile is None else pile.size
        for cards in _seq_candidates(s, seat, length):
            p = classify(s, cards, "seq")
            if p is not None and p.kind == "seq" and beats(s, p, pile):
                moves.append(Move("play", cards))
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
            return _play_moves(s, seat)
        moves = _set_moves(s, seat, pile.size, pile) if pile.kind == "set" and not s.rules.sequences \
            else _play_moves(s, seat)
        if not (s.forced and moves):
            moves.append(PASS)
        return moves
    if s.phase == "exchange":
        task, who, _partner, k = s.tasks[0]
        if task == "wish":
            return [Move("wish")] + [Move("wish", (), (r,)) for r in reversed(s.rules.ranks)]
        # One move per distinct multiset of faces (two copies of a card are the same choice).
        by_face: dict[str, list[int]] = {}
        face = s.face
        for c in s.hands[seat]:
            f = face[c]
            if f in by_face:
                by_face[f].append(c)
            else:
                by_face[f] = [c]
        groups = list(by_face.values())
        if k == 1:                                  # the common cases, without the recursion
            return [_new_tuple(Move, ("give", (g[0],), ())) for g in groups]
        if k == 2:
            out = []
            add = out.append
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
        raise IllegalMove(_why_not_a_play(s, move.cards))
    if p.kind == "set" and p.size > s.rules.largest_set:
        raise IllegalMove(f"at most {s.rules.largest_set} cards at once")
    if pile is not None and not beats(s, p, pile):
        raise IllegalMove(_why_not_beating(s, p, pile))


def _check_own_cards(s: State, seat: int, cards) -> None:
    if not cards:
        raise IllegalMove("no cards chosen")
    if len(set(cards)) != len(cards):
        raise IllegalMove("a card is chosen twice")
    hand = s.hands[seat]
    for c in cards:
        if not isinstance(c, int) or c not in hand:
            raise IllegalMove(f"card {c!r} is not in your hand")


def _why_not_a_play(s: State, cards) -> str:
    rk = s.rk
    if any(rk[c] < 0 for c in cards) and not s.wild:
        return "a joker can only be played alone"
    if s.rules.sequences:
        return ("not a play: cards of one rank, or a sequence of at least "
                f"{s.rules.sequence_min} consecutive cards of one suit")
    return "not a play: all cards must have the same rank"


_SIZE_NAMES = {1: "a single card", 2: "a pair", 3: "three of a kind", 4: "four of a kind"}


def _why_not_beating(s: State, p: Play, pile: Play) -> str:
    if pile.kind == "joker":
        return "nothing beats the joker"
    if p.kind != pile.kind:
        return ("a set cannot go on a sequence" if p.kind == "set" else "a sequence cannot go on a set")
    if p.size != pile.size:
        if p.kind == "seq":
            return f"a sequence of {pile.size} cards is needed"
        need = _SIZE_NAMES.get(pile.size, f"{pile.size} of a kind")
        return f"{pile.size} card{'s' if pile.size != 1 else ''} needed to beat {need}"
    if p.kind == "seq":
        return "the sequence must reach as high or higher" if not s.revolution else \
            "during a revolution the sequence must start as low or lower"
    if p.lo == pile.lo:
        return "equal rank does not beat: play higher" if not s.revolution else \
            "equal rank does not beat: during a revolution play lower"
    return "too low: play higher" if not s.revolution else "during a revolution lower cards beat higher ones"


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
    return s, _apply_checked(s, seat, move)


def apply_inplace(s: State, seat: int, move: Move, check: bool = True) -> list[dict]:
    if check:
        check_move(s, seat, move)
    return _apply_checked(s, seat, move)


def _apply_checked(s: State, seat: int, move: Move) -> list[dict]:
    s.moves_made += 1
    if s.phase == "exchange":
        return _apply_exchange(s, seat, move)
    if move.kind == "pass":
        s.passed[seat] = True
        events = [{"type": "pass", "seat": seat}]
        _advance(s, seat, events)
        return events
    return _apply_play(s, seat, move.cards)


def _exchange_note(s: State, seat: int, partner: int, key: str, value: list) -> None:
    """Record in ``seat``'s exchange info (with ``partner``) what it wished, gave or got."""
    for info in s.exchange_info[seat]:
        if info["partner"] == partner:
            info[key] = value


def _apply_exchange(s: State, seat: int, move: Move) -> list[dict]:
    task, who, partner, k = s.tasks.pop(0)
    events = []
    if task == "wish":
        ranks = list(move.ranks)
        _exchange_note(s, seat, partner, "wish", ranks)
        _exchange_note(s, partner, seat, "wish", ranks)
        events.append(_pev("wish", [seat, partner], {"ranks": ranks}, seat=seat, to=partner))
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
        events.append(_pev("give", [seat, partner], {"cards": cards}, seat=seat, to=partner, count=len(cards)))
    if s.tasks:
        s.to_move = s.tasks[0][1]
    else:
        s.phase = "play"
        s.to_move = s.leader
        events.append({"type": "exchange_done"})
    events.append({"type": "turn", "seat": s.to_move, "phase": s.phase})
    return events


def _apply_play(s: State, seat: int, cards) -> list[dict]:
    pile = s.pile
    p = classify(s, cards, pile.kind if pile is not None else None)
    p = p._replace(seat=seat)
    hand = s.hands[seat]
    for c in cards:
        hand.remove(c)
    s.groups[seat] = None
    s.played.extend(cards)
    s.trick.append((seat, tuple(cards)))
    s.pile = p
    s.skipped = None
    events = [{"type": "play", "seat": seat, "cards": list(cards), "kind": p.kind, "size": p.size}]
    rules = s.rules
    ranks = rules.ranks
    clear = None
    if p.kind == "set":
        # RULES.md §6: wild jokers alone (a set without a natural card) beat as the rank they
        # stand for but trigger no effect of a rank: no clear as a 2 or an 8, no skip, no
        # revolution (a set of four jokers still counts as four for quad clears)
        natural = any(s.rk[c] >= 0 for c in p.cards)
        rank = ranks[p.lo] if natural else None
        if p.size >= 4 and rules.revolution and natural:
            s.revolution = not s.revolution
            events.append({"type": "revolution", "on": s.revolution, "seat": seat})
        if (rules.quad_clears == "exactly4" and p.size == 4) or (rules.quad_clears == "4plus" and p.size >= 4):
            clear = "quad"
        elif rules.twos_clear and rank == "2":
            clear = "twos"
        elif rules.eights_clear and rank == "8":
            clear = "eights"
        elif rules.eight_skips and p.size == 1 and rank == "8":
            s.skip_next = True
    elif p.kind == "seq" and rules.eights_clear and "8" in ranks[p.lo:p.hi + 1]:
        clear = "eights"
    if p.kind == "joker":
        events[0]["joker"] = True

    out = not hand
    if out:
        s.places.append(seat)
        events.append({"type": "out", "seat": seat, "place": len(s.places) - 1})
    if len(s.places) >= s.n - 1:
        holding = [x for x in range(s.n) if s.hands[x]]
        if holding:
            s.places.append(holding[0])
            events.append({"type": "out", "seat": holding[0], "place": len(s.places) - 1, "last": True})
        _end_round(s, events)
        return events
    if clear:
        s.skip_next = False
        events.append({"type": "clear", "seat": seat, "reason": clear})
        _end_trick(s, seat, events)
        return events
    _advance(s, seat, events)
    return events


def _next_holding(s: State, seat: int) -> int:
    for i in range(1, s.n + 1):
        x = (seat + i) % s.n
        if s.hands[x]:
            return x
    return seat


def _end_trick(s: State, winner: int, events: list[dict]) -> None:
    leader = winner if s.hands[winner] else _next_holding(s, winner)
    events.append({"type": "trick_won", "seat": winner, "leader": leader})
    s.pile = None
    s.trick = []
    s.passed = [False] * s.n
    s.skip_next = False
    s.skipped = None
    s.to_move = leader
    events.append({"type": "turn", "seat": leader, "phase": "play"})


def _advance(s: State, seat: int, events: list[dict]) -> None:
    """Turn to the next seat that may act, or end the trick (§3.5)."""
    last = s.pile.seat
    n = s.n
    i = seat
    for _ in range(2 * n + 1):
        i = (i + 1) % n
        if i == last:
            _end_trick(s, last, events)
            return
        if not s.hands[i] or s.passed[i]:
            continue
        if s.skip_next:
            s.skip_next = False
            s.skipped = i
            events.append({"type": "skip", "seat": i})
            continue
        if s.forced and not _has_beating_play(s, i):
            s.passed[i] = True
            events.append({"type": "pass", "seat": i, "auto": True})
            continue
        s.to_move = i
        events.append({"type": "turn", "seat": i, "phase": "play"})
        return
    raise AssertionError("turn order found no seat")  # pragma: no cover


def _end_round(s: State, events: list[dict]) -> None:
    s.pile = None
    s.trick = []
    s.to_move = None
    s.skip_next = False
    for place, seat in enumerate(s.places):
        s.standings[seat][place] += 1
    s.history.append(s.places[:])
    s.last_places = s.places[:]
    t = titles(s.rules, s.n)
    events.append({"type": "round_over", "round_no": s.round_no, "places": s.places[:],
                   "titles": [t[i] for i in range(s.n)]})
    if s.rounds_total and s.round_no >= s.rounds_total:
        s.phase = "match_over"
        s.winner = match_winner(s)
        events.append({"type": "match_over", "winner": s.winner, "rounds": len(s.history)})
    else:
        s.phase = "round_over"


# -------------------------------------------------------------------- replay
def replay(rules: Rules, n_players: int, seed, actions, rounds: int | None = None):
    """Rebuild a state from the match's action log.

    ``actions`` items: ``("move", seat, wire_move)``, ``("next_round",)`` or ``("end_match",)``.
    """
    s, _ = new_match(rules, n_players, seed, rounds)
    for a in actions:
        if a[0] == "move":
            apply_inplace(s, a[1], move_from_wire(a[2]))
        elif a[0] == "next_round":
            s, _ = next_round(s)
        elif a[0] == "end_match":
            s, _ = end_match(s)
        else:
            raise ValueError(f"unknown action {a[0]!r}")
    return s


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

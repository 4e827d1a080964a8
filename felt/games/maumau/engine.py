"""The Mau-Mau state machine (RULES-MAUMAU.md §3–§4): deal, follow, draw, effects, Mau calls,
reshuffle, round end, scoring and the match.

Pure and deterministic: every random choice (the deal, each reshuffle) comes from
``round_rng(seed, round_no, purpose)`` (``felt.contract.base``). ``apply`` works on a clone and raises
``IllegalMove`` with a clear reason; ``apply_inplace`` is the fast path for simulation and search.

Phases: ``"play"`` (the seat on turn plays or draws), ``"drawn"`` (it drew a card that fits and
may play it or keep it), ``"round_over"`` and ``"match_over"``.

Where the rule book leaves a gap, this engine decides:

* The drawn card is the only card that may be played in phase ``"drawn"``; "keep" ends the turn.
* Drawing a seven penalty is always allowed (also with "draw while able to play" off).
* A call is only accepted where it is due ("mau" leaving one card, "maumau" leaving none) and
  only with Mau calls on; a due call left out draws the penalty at once (the play stands, its
  effect too).
* A player whose forgotten Mau-Mau penalty cannot be drawn (both piles empty) is out anyway.
* A Bube turned up with "start card effect" wishes its own suit.
* Round places with "first out ends the round": the winner, then by card points left, then by
  cards left, then by seat order from the winner in the direction of play.
* With "play on for all places" and card points, only the last player holds cards, so only they
  score points.
* ``new_match(..., rounds=None)`` keeps the rule set's match end; ``rounds=k`` caps the match at
  k rounds (a point limit still applies); ``rounds=0`` is open-ended (no limit at all).
"""
from __future__ import annotations

from typing import NamedTuple

from felt.contract.base import IllegalMove, private_event, round_rng, wire_kind
from felt.games.maumau.rules import JACKS, POINTS, MauRules, build_deck

PHASES = ("play", "drawn", "round_over", "match_over")
CALLS = ("", "mau", "maumau")


class Move(NamedTuple):
    kind: str          # 'play' | 'draw' | 'keep'
    card: int = -1
    suit: str = ""     # the wished suit, with a Bube
    call: str = ""     # '' | 'mau' | 'maumau'


DRAW = Move("draw")
KEEP = Move("keep")
MOVE_KINDS = ("play", "draw", "keep")


def move_to_wire(m: Move) -> dict:
    if m.kind == "play":
        d = {"kind": "play", "card": m.card}
        if m.suit:
            d["suit"] = m.suit
        if m.call:
            d["call"] = m.call
        return d
    return {"kind": m.kind}


def move_from_wire(d) -> Move:
    """Parse an untrusted move dict; raises IllegalMove with a clear reason."""
    kind = wire_kind(d, MOVE_KINDS, "play, draw or keep")
    if kind != "play":
        return DRAW if kind == "draw" else KEEP
    card = d.get("card")
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 1000:
        raise IllegalMove("'card' must be a card id")
    suit = d.get("suit", "")
    if not isinstance(suit, str) or len(suit) > 2:
        raise IllegalMove("'suit' must be a suit code")
    call = d.get("call", "")
    if call not in CALLS:
        raise IllegalMove("'call' must be '', 'mau' or 'maumau'")
    return Move("play", card, suit, call)




class State:
    __slots__ = (
        "rules", "n", "seed", "deck", "rank", "suit", "pts", "jack", "face", "phase", "round_no", "rounds_total",
        "limit_on", "hands", "draw", "discard", "wish", "direction", "pending", "to_move", "drawn",
        "dealer", "places", "called", "reshuffles", "round_points", "totals", "wins", "history",
        "standings", "winner", "moves_made", "last", "log",
        "wire_log",     # the view's copy of ``log`` (view.py): not cloned, rebuilt when ``log`` is another list
    )

    _SCALARS = ("rules", "n", "seed", "deck", "rank", "suit", "pts", "jack", "face", "phase", "round_no",
                "rounds_total", "limit_on", "wish", "direction", "pending", "to_move", "drawn", "dealer",
                "reshuffles", "winner", "moves_made", "last")

    def clone(self) -> "State":
        s = State.__new__(State)
        for k in State._SCALARS:
            setattr(s, k, getattr(self, k))
        s.hands = [h[:] for h in self.hands]
        s.draw = self.draw[:]
        s.discard = self.discard[:]
        s.places = self.places[:]
        s.called = self.called[:]
        s.round_points = self.round_points[:]     # rows never change once appended
        s.totals = self.totals[:]
        s.wins = self.wins[:]
        s.history = self.history[:]
        s.standings = [row[:] for row in self.standings]
        s.log = self.log[:]                       # entries are tuples, never changed
        return s

    def __repr__(self) -> str:
        return (f"<MauState {self.rules.id} n={self.n} round={self.round_no} phase={self.phase} "
                f"to_move={self.to_move} top={self.top_code()} wish={self.wish} pending={self.pending}>")

    def top(self) -> int | None:
        return self.discard[-1] if self.discard else None

    def top_code(self) -> str:
        t = self.top()
        return "-" if t is None else self.deck[t].code

    def active(self) -> list[int]:
        """Seats still in the round (not yet out)."""
        return [i for i in range(self.n) if i not in self.places]


# --------------------------------------------------------------------- setup
def new_match(rules: MauRules, n_players: int, seed, rounds: int | None = None):
    """A new match with round 1 dealt: ``(state, events)``."""
    rules.validate(n_players)
    s = State.__new__(State)
    s.rules = rules
    s.n = n_players
    s.seed = seed
    s.deck = build_deck(rules)
    s.rank = tuple(c.rank for c in s.deck)
    s.suit = tuple(c.suit for c in s.deck)
    s.pts = tuple(POINTS[c.rank] for c in s.deck)
    s.jack = tuple(c.rank in JACKS for c in s.deck)
    s.face = tuple(c.id % 32 for c in s.deck)      # the same card of the other deck has the same face
    if rounds is None:
        s.rounds_total = rules.rounds if rules.match_end == "rounds" else 0
        s.limit_on = rules.match_end == "points"
    else:
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
            raise ValueError(f"rounds must be a whole number >= 0, not {rounds!r}")
        s.rounds_total = rounds
        s.limit_on = rules.match_end == "points" and rounds > 0
    s.round_no = 0
    s.round_points = []
    s.totals = [0] * n_players
    s.wins = [0] * n_players
    s.history = []
    s.standings = [[0] * n_players for _ in range(n_players)]
    s.dealer = n_players - 1
    s.winner = None
    s.moves_made = 0
    return s, _start_round(s)


def _start_round(s: State) -> list[dict]:
    s.round_no += 1
    if s.round_no > 1:
        s.dealer = (s.dealer + 1) % s.n
    n = s.n
    r = s.rules
    s.hands = [[] for _ in range(n)]
    s.places = []
    s.called = [""] * n
    s.wish = None
    s.direction = 1
    s.pending = 0
    s.drawn = None
    s.reshuffles = 0
    s.last = None
    s.log = []
    order = list(range(len(s.deck)))
    round_rng(s.seed, s.round_no, "deal").shuffle(order)
    for i in range(r.hand_size * n):           # one at a time, starting left of the dealer
        s.hands[(s.dealer + 1 + i) % n].append(order.pop())
    s.discard = [order.pop()]
    s.draw = order                              # top of the draw pile = its end
    s.phase = "play"
    s.to_move = (s.dealer + 1) % n
    events: list[dict] = [{"type": "round_start", "round_no": s.round_no, "dealer": s.dealer,
                           "counts": [len(h) for h in s.hands]}]
    for seat in range(n):
        events.append(private_event("deal", [seat], {"cards": list(s.hands[seat])}, seat=seat,
                                    count=len(s.hands[seat])))
    top = s.discard[-1]
    events.append({"type": "start_card", "card": top})
    if r.start_effect:
        _start_effect(s, top, events)
    events.append({"type": "turn", "seat": s.to_move, "phase": s.phase})
    return events


def _start_effect(s: State, c: int, events: list[dict]) -> None:
    r = s.rules
    rank = s.rank[c]
    d = s.dealer
    if rank == "7" and r.seven != "off":
        s.pending = 2
        events.append({"type": "penalty", "seat": s.to_move, "pending": 2})
    elif rank == "8" and r.eight == "skip":
        _skip_start(s, events)
    elif rank == "9" and r.nine == "reverse":
        if s.n == 2:
            _skip_start(s, events)
        else:
            s.direction = -1
            s.to_move = (d - 1) % s.n
            events.append({"type": "reverse", "seat": d, "direction": -1})
    elif rank == "A" and r.ace == "skip":
        _skip_start(s, events)
    elif rank == "A" and r.ace == "again":
        s.to_move = d
        events.append({"type": "again", "seat": d})
    elif s.jack[c] and r.jack == "wish":
        s.wish = s.suit[c]
        events.append({"type": "wish", "seat": d, "suit": s.wish})


def _skip_start(s: State, events: list[dict]) -> None:
    events.append({"type": "skip", "seat": s.to_move})
    s.to_move = (s.to_move + 1) % s.n


def next_round(state: State):
    """From ``"round_over"``: the next round dealt, ``(new_state, events)``."""
    if state.phase != "round_over":
        raise IllegalMove("the round is not over" if state.phase != "match_over" else "the match is over")
    s = state.clone()
    return s, _start_round(s)


def end_match(state: State):
    """End the match now (the host's decision): ``(new_state, events)``."""
    s = state.clone()
    if s.phase == "match_over":
        return s, []
    s.phase = "match_over"
    s.to_move = None
    s.drawn = None
    s.pending = 0
    s.wish = None
    s.winner = match_winner(s)
    return s, [{"type": "match_over", "winner": s.winner, "rounds": len(s.history), "totals": s.totals[:]}]


# --------------------------------------------------------------------- rules
def fits(s: State, c: int) -> bool:
    """Whether card ``c`` may be played on the discard pile now (ignoring whose hand it is)."""
    r = s.rules
    if s.pending:
        return r.seven == "stack" and s.rank[c] == "7"
    top = s.discard[-1]
    if r.jack == "wish" and s.jack[c]:
        return r.jack_on_jack or not s.jack[top]
    if s.wish is not None:
        return s.suit[c] == s.wish
    return s.suit[c] == s.suit[top] or s.rank[c] == s.rank[top]


def due_call(s: State, seat: int) -> str:
    """The call a play by ``seat`` must carry now ('' when none is due or calls are off)."""
    if not s.rules.mau_penalty:
        return ""
    left = len(s.hands[seat]) - 1
    return "mau" if left == 1 else "maumau" if left == 0 else ""


def _variants(s: State, seat: int, c: int, out: list) -> None:
    suits = s.rules.suit_codes() if (s.rules.jack == "wish" and s.jack[c]) else ("",)
    due = due_call(s, seat)
    calls = (due, "") if due else ("",)
    for w in suits:
        for call in calls:
            out.append(Move("play", c, w, call))


def playable(s: State, seat: int) -> list[int]:
    """The cards of ``seat`` that may be played now (in phase 'drawn': the drawn card)."""
    if s.phase == "drawn":
        return [s.drawn] if seat == s.to_move else []
    if s.phase != "play":
        return []
    return [c for c in s.hands[seat] if fits(s, c)]


def may_draw(s: State, seat: int) -> bool:
    if s.phase != "play" or seat != s.to_move:
        return False
    if s.pending or s.rules.draw_when_able:
        return True
    return not any(fits(s, c) for c in s.hands[seat])


def legal_moves(s: State) -> list[Move]:
    if s.phase not in ("play", "drawn"):
        return []
    seat = s.to_move
    moves: list[Move] = []
    if s.phase == "drawn":
        _variants(s, seat, s.drawn, moves)
        moves.append(KEEP)
        return moves
    r = s.rules
    hand = s.hands[seat]
    fit = [c for c in hand if fits(s, c)] if (s.pending or s.wish is not None) else _fit_plain(s, hand)
    if fit:
        due = due_call(s, seat)
        calls = (due, "") if due else ("",)
        wishes = r.suit_codes() if r.jack == "wish" else ("",)
        seen = set()
        face, jack = s.face, s.jack
        for c in fit:
            f = face[c]
            if f in seen:          # two copies of one card (64 cards) are the same move
                continue
            seen.add(f)
            for w in (wishes if jack[c] else ("",)):
                for call in calls:
                    moves.append(Move("play", c, w, call))
    if s.pending or r.draw_when_able or not fit:
        moves.append(DRAW)
    return moves


def _fit_plain(s: State, hand) -> list[int]:
    """``fits`` for every card of ``hand`` without a wish or a pending seven (the common case)."""
    top = s.discard[-1]
    su, rk, jack = s.suit, s.rank, s.jack
    ts, tr = su[top], rk[top]
    if s.rules.jack == "wish":
        jj = s.rules.jack_on_jack or not jack[top]
        return [c for c in hand if (jj if jack[c] else (su[c] == ts or rk[c] == tr))]
    return [c for c in hand if su[c] == ts or rk[c] == tr]


def check_move(s: State, seat: int, move) -> None:
    """Raise IllegalMove with the reason if ``seat`` may not make ``move`` now."""
    if s.phase not in ("play", "drawn"):
        raise IllegalMove("the match is over" if s.phase == "match_over" else "the round is over")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.n:
        raise IllegalMove(f"there is no seat {seat!r}")
    if seat != s.to_move:
        raise IllegalMove(f"it is seat {s.to_move}'s turn, not seat {seat}'s")
    if not isinstance(move, Move):
        raise IllegalMove("not a Mau-Mau move")
    r = s.rules
    if move.kind == "keep":
        if s.phase != "drawn":
            raise IllegalMove("there is no drawn card to keep")
        return
    if move.kind == "draw":
        if s.phase == "drawn":
            raise IllegalMove("you have drawn already: play the drawn card or keep it")
        if not may_draw(s, seat):
            raise IllegalMove("a card fits, and these rules do not allow drawing while you can play")
        return
    if move.kind != "play":
        raise IllegalMove(f"unknown move kind {move.kind!r}")
    c = move.card
    if not isinstance(c, int) or not 0 <= c < len(s.deck) or c not in s.hands[seat]:
        raise IllegalMove("that card is not in your hand")
    if s.phase == "drawn" and c != s.drawn:
        raise IllegalMove("after drawing only the drawn card may be played (or keep it)")
    if not fits(s, c):
        raise IllegalMove(_why_not(s, c))
    if r.jack == "wish" and s.jack[c]:
        if move.suit not in r.suit_codes():
            raise IllegalMove(f"a Bube needs a wished suit ({', '.join(r.suit_codes())})")
    elif move.suit:
        raise IllegalMove("only a Bube wishes a suit")
    due = due_call(s, seat)
    if move.call and move.call != due:
        if not r.mau_penalty:
            raise IllegalMove("these rules have no Mau calls")
        raise IllegalMove(f"'{move.call}' is not due now" + (f" ('{due}' is)" if due else ""))


def _why_not(s: State, c: int) -> str:
    r = s.rules
    code = s.deck[c].code
    if s.pending:
        if r.seven == "stack":
            return f"{code} does not answer the seven: play a 7 or draw {s.pending}"
        return f"you must draw {s.pending} for the seven"
    top = s.discard[-1]
    if r.jack == "wish" and s.jack[c]:
        return "Bube auf Bube is not allowed"
    if s.wish is not None:
        return f"{code} does not follow the wished suit {s.wish}"
    return f"{code} follows neither the suit nor the rank of {s.deck[top].code}"


def is_legal(s: State, seat: int, move) -> bool:
    try:
        check_move(s, seat, move)
    except IllegalMove:
        return False
    return True


# --------------------------------------------------------------------- apply
def apply(state: State, seat: int, move):
    """Pure: ``(new_state, events)``; raises IllegalMove and changes nothing then."""
    check_move(state, seat, move)
    s = state.clone()
    return s, _apply(s, seat, move)


def apply_inplace(s: State, seat: int, move, check: bool = True) -> list[dict]:
    if check:
        check_move(s, seat, move)
    return _apply(s, seat, move)


def _apply(s: State, seat: int, move: Move) -> list[dict]:
    s.moves_made += 1
    events: list[dict] = []
    if move.kind == "play":
        _play(s, seat, move, events)
    elif move.kind == "draw":
        _draw_move(s, seat, events)
    else:
        events.append({"type": "keep", "seat": seat})
        s.last = {"seat": seat, "kind": "keep"}
        s.log.append(("keep", seat))
        s.drawn = None
        s.phase = "play"
        _advance(s, seat, 0, events)
    return events


def _take(s: State, events: list[dict]) -> int | None:
    """The top card of the draw pile, reshuffling the discard pile (except its top) if needed."""
    if not s.draw:
        if len(s.discard) <= 1:
            return None
        rest = s.discard[:-1]
        s.discard = s.discard[-1:]
        s.reshuffles += 1
        round_rng(s.seed, s.round_no, f"reshuffle:{s.reshuffles}").shuffle(rest)
        s.draw = rest
        events.append({"type": "reshuffle", "count": len(rest)})
    return s.draw.pop()


def _give(s: State, seat: int, k: int, reason: str, events: list[dict]) -> list[int]:
    got = []
    for _ in range(k):
        c = _take(s, events)
        if c is None:
            break
        got.append(c)
    s.hands[seat].extend(got)
    if got:
        s.called[seat] = ""
    events.append(private_event("draw", [seat], {"cards": got}, seat=seat, count=len(got), reason=reason))
    return got


def _draw_move(s: State, seat: int, events: list[dict]) -> None:
    top = s.discard[-1]
    if s.pending:
        k = s.pending
        s.pending = 0
        got = _give(s, seat, k, "seven", events)
        s.log.append(("draw", seat, len(got), "seven", top, ""))
        s.last = {"seat": seat, "kind": "draw", "count": len(got), "reason": "seven"}
        _advance(s, seat, 0, events)
        return
    got = _give(s, seat, 1, "draw", events)
    s.log.append(("draw", seat, len(got), "draw", top, s.wish or ""))
    s.last = {"seat": seat, "kind": "draw", "count": len(got), "reason": "draw"}
    if not got:
        events.append({"type": "pass", "seat": seat})
        _advance(s, seat, 0, events)
        return
    c = got[0]
    if s.rules.after_draw == "play" and fits(s, c):
        s.phase = "drawn"
        s.drawn = c
        events.append({"type": "turn", "seat": seat, "phase": "drawn"})
        return
    _advance(s, seat, 0, events)


def _play(s: State, seat: int, move: Move, events: list[dict]) -> None:
    r = s.rules
    c = move.card
    hand = s.hands[seat]
    due = due_call(s, seat)
    prev_top, prev_wish = s.discard[-1], s.wish or ""
    hand.remove(c)
    s.discard.append(c)
    s.drawn = None
    s.phase = "play"
    s.wish = None
    wish = move.suit if (r.jack == "wish" and s.jack[c]) else None
    events.append({"type": "play", "seat": seat, "card": c, "suit": wish, "call": move.call})
    s.called[seat] = move.call
    s.last = {"seat": seat, "kind": "play", "card": c, "suit": wish, "call": move.call}
    s.log.append(("play", seat, c, wish or "", move.call, prev_top, prev_wish))
    if due and move.call != due:
        s.called[seat] = ""
        events.append({"type": "forgot_mau", "seat": seat, "call": due, "penalty": r.mau_penalty})
        got = _give(s, seat, r.mau_penalty, "mau", events)
        s.log.append(("draw", seat, len(got), "mau", c, ""))
    # the card's effect
    skip = 0
    again = False
    rank = s.rank[c]
    if wish is not None:
        s.wish = wish
        events.append({"type": "wish", "seat": seat, "suit": wish})
    elif rank == "7" and r.seven != "off":
        s.pending += 2
    elif rank == "8" and r.eight == "skip":
        skip = 1
    elif rank == "9" and r.nine == "reverse":
        if len(s.active()) - (0 if hand else 1) <= 2:
            skip = 1                      # two players: a reverse is a skip
        else:
            s.direction = -s.direction
            events.append({"type": "reverse", "seat": seat, "direction": s.direction})
    elif rank == "A" and r.ace == "skip":
        skip = 1
    elif rank == "A" and r.ace == "again":
        again = True
    if not hand:
        s.places.append(seat)
        s.called[seat] = ""
        events.append({"type": "out", "seat": seat, "place": len(s.places) - 1})
        if r.round_end == "first" or len(s.active()) <= 1:
            _end_round(s, events)
            return
    if again and hand:
        s.to_move = seat
        events.append({"type": "again", "seat": seat})
        events.append({"type": "turn", "seat": seat, "phase": "play"})
        return
    if s.pending:
        events.append({"type": "penalty", "seat": _next_active(s, seat), "pending": s.pending})
    _advance(s, seat, skip, events)


def _next_active(s: State, seat: int) -> int:
    n = s.n
    i = seat
    for _ in range(n):
        i = (i + s.direction) % n
        if i not in s.places:
            return i
    raise AssertionError("no active seat")  # pragma: no cover


def _advance(s: State, seat: int, skip: int, events: list[dict]) -> None:
    nxt = _next_active(s, seat)
    for _ in range(skip):
        events.append({"type": "skip", "seat": nxt})
        nxt = _next_active(s, nxt)
    s.to_move = nxt
    s.phase = "play"
    events.append({"type": "turn", "seat": nxt, "phase": "play"})


# ----------------------------------------------------------------- round end
def _end_round(s: State, events: list[dict]) -> None:
    r = s.rules
    n = s.n
    winner = s.places[0]
    rest = [i for i in range(n) if i not in s.places]

    def dist(i):
        return ((i - winner) * s.direction) % n

    rest.sort(key=lambda i: (sum(s.pts[c] for c in s.hands[i]), len(s.hands[i]), dist(i)))
    s.places.extend(rest)
    pts = [sum(s.pts[c] for c in s.hands[i]) for i in range(n)]
    s.round_points.append(pts)
    if r.scoring == "points":
        for i in range(n):
            s.totals[i] += pts[i]
    for place, seat in enumerate(s.places):
        s.standings[seat][place] += 1
    s.wins[winner] += 1
    s.history.append(s.places[:])
    s.to_move = None
    s.drawn = None
    s.pending = 0          # neither a seven's penalty nor a Bube's wish outlives its round
    s.wish = None
    events.append({"type": "round_over", "round_no": s.round_no, "places": s.places[:], "points": pts[:],
                   "totals": s.totals[:], "hands": [list(h) for h in s.hands]})
    over = (s.rounds_total and s.round_no >= s.rounds_total) or (
        s.limit_on and max(s.totals) >= r.point_limit)
    if over:
        s.phase = "match_over"
        s.winner = match_winner(s)
        events.append({"type": "match_over", "winner": s.winner, "rounds": len(s.history), "totals": s.totals[:]})
    else:
        s.phase = "round_over"


def match_winner(s: State):
    """Card points: the lowest total; ties go to more rounds won, then the better last round.
    Places only: most 1st places, then 2nd places, then the better place in the last round."""
    if not s.history:
        return None
    last = s.history[-1]
    pos = {seat: i for i, seat in enumerate(last)}
    if s.rules.scoring == "points":
        return min(range(s.n), key=lambda i: (s.totals[i], -s.wins[i], pos[i]))
    return max(range(s.n), key=lambda i: (s.standings[i][0], s.standings[i][1] if s.n > 1 else 0, -pos[i]))


# ------------------------------------------------------------------ positions
def position(rules: MauRules, hands, top, *, to_move: int = 0, wish: str | None = None, pending: int = 0,
             direction: int = 1, draw=None, discard_below=(), seed=0, rounds: int | None = None) -> State:
    """A play-phase state with the given hands, top card and table (cards as ids or codes).

    For tests, the quiz and search: the draw pile is every other card (in deck order) unless given."""
    n = len(hands)
    s, _ = new_match(rules, n, seed, rounds)
    codes = {c.code: c.id for c in s.deck}

    def cid(x):
        if isinstance(x, int):
            return x
        if x in codes:
            return codes[x]
        raise KeyError(f"no card {x!r} in this deck")

    s.hands = [[cid(x) for x in h] for h in hands]
    s.discard = [cid(x) for x in discard_below] + [cid(top)]
    used = {c for h in s.hands for c in h} | set(s.discard)
    if len(used) != sum(len(h) for h in s.hands) + len(s.discard):
        raise ValueError("a card appears twice")
    s.draw = [cid(x) for x in draw] if draw is not None else [c for c in range(len(s.deck)) if c not in used]
    s.wish = wish
    s.pending = pending
    s.direction = direction
    s.to_move = to_move
    s.phase = "play"
    s.places = []
    s.called = [""] * n
    s.drawn = None
    return s


def card_conservation(s: State) -> bool:
    """Hands + draw pile + discard pile are the deck, each card once."""
    allc = [c for h in s.hands for c in h] + s.draw + s.discard
    return len(allc) == len(s.deck) and set(allc) == set(range(len(s.deck)))

"""What a seat may know: the one place that filters state and events per seat.

``view(state, seat)`` and ``filter_events(events, seat)`` are all a client ever gets
from the engine. A seat sees its own hand, the other seats' card counts, everything
played in public, who passed or is out, places and standings, its own exchange, and
the rules. Never another hand, the deck order or the seed. ``seat=None`` is a spectator.
"""
from __future__ import annotations

from functools import lru_cache

from felt.contract.base import filter_private
from felt.games.praesident.engine.core import IllegalMove, State, legal_moves, move_to_wire
from felt.games.praesident.rules import Rules, titles


@lru_cache(maxsize=64)
def _rules_dict(rules: Rules) -> dict:
    return rules.to_dict()


def rules_dict(rules: Rules) -> dict:
    """``rules.to_dict()``, computed once per rule set (views are built for every seat on
    every move); a fresh copy each time so no caller can change another's view."""
    d = dict(_rules_dict(rules))
    d["ranks"] = list(d["ranks"])
    return d

# events as a seat may see them: the contract's one filter (every "_private" part is for the
# seats it names only)
filter_events = filter_private


def _play_dict(seat: int, cards) -> dict:
    return {"seat": seat, "cards": list(cards)}


def _check_seat(s: State, seat) -> None:
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < s.n):
        raise ValueError(f"no seat {seat!r}")


@lru_cache(maxsize=64)
def _titles(rules: Rules, n: int) -> list:
    return titles(rules, n)


def _public(s: State, shared: bool = False) -> dict:
    """What every seat and a spectator see alike (a spectator's whole view). ``shared``
    (``views``, read-only for its caller): the rules and titles are the same objects from
    move to move, so the host's diff of them is an identity check."""
    pile = s.pile
    return {
        "game": "praesident",
        "seat": None,
        "n": s.n,
        "phase": s.phase,
        "round_no": s.round_no,
        "rounds_total": s.rounds_total,
        "to_move": s.to_move,
        "dealer": s.dealer,
        "leader": s.leader,
        "hand": [],
        "counts": [len(h) for h in s.hands],
        "pile": None if pile is None else {"seat": pile.seat, "cards": list(pile.cards), "kind": pile.kind,
                                           "size": pile.size},
        "trick": [_play_dict(p, c) for p, c in s.trick],
        "passed": [i for i in range(s.n) if s.passed[i]],
        "skipped": s.skipped,
        "out": list(s.places),
        "places": list(s.places),
        "revolution": s.revolution,
        "played": list(s.played),
        "standings": [row[:] for row in s.standings],
        "history": [p[:] for p in s.history],
        "last_places": list(s.last_places),
        "exchange": [],
        "exchange_pending": [[t[0], t[1], t[2], t[3]] for t in s.tasks],
        "legal": [],
        "rules": _rules_dict(s.rules) if shared else rules_dict(s.rules),
        "titles": _titles(s.rules, s.n) if shared else titles(s.rules, s.n),
        "winner": s.winner,
    }


def _own(s: State, seat: int, v: dict) -> dict:
    """``v`` (a copy of the public part) made ``seat``'s: its hand, its exchange, its legal
    moves when on turn. The only private parts of a view."""
    v["seat"] = seat
    v["hand"] = list(s.hands[seat])
    v["exchange"] = [dict(x) for x in s.exchange_info[seat]]
    if s.to_move == seat:
        v["legal"] = [move_to_wire(m) for m in legal_moves(s)]
    return v


def view(s: State, seat: int | None) -> dict:
    _check_seat(s, seat)
    v = _public(s)
    return v if seat is None else _own(s, seat, v)


_NONE = object()
_LAST_PUBLIC: dict = {}   # key -> the public value views() last handed out (read-only)


def views(s: State, seats) -> dict:
    """``{seat: view(s, seat)}`` for several seats at once (the host's broadcast after every
    change). The public part is built once and its values are shared between the seats'
    views, so callers must treat views as read-only (the host only diffs and encodes them)."""
    base = _public(s, shared=True)
    # a public value equal to the one the last call handed out is handed out again as that
    # same object: most of the table does not change with a move, and the host's diff
    # against what it sent last (felt/net/viewdelta.py) is then an identity check per seat
    last = _LAST_PUBLIC
    for k, v in base.items():
        o = last.get(k, _NONE)
        if o is v:
            continue
        if type(o) is type(v) and o == v:
            base[k] = o
        else:
            last[k] = v
    out: dict = {}
    for seat in seats:
        _check_seat(s, seat)
        out[seat] = base if seat is None else _own(s, seat, dict(base))
    return out


def why_not_play(v: dict, cards) -> IllegalMove | None:
    """Why the rules refuse playing ``cards`` (card ids from the hand) on the table of view
    ``v``, as the engine's IllegalMove (an ``IllegalPlay`` has its text in German and English),
    or None if the engine would take it. For the seat on turn, from what its view shows."""
    from felt.games.praesident.engine.core import Move, check_move, classify, position
    me = v.get("seat")
    if me is None or v.get("phase") != "play":
        return None
    hands = [[] for _ in range(v["n"])]
    hands[me] = list(v.get("hand") or [])
    s = position(Rules.from_dict(v["rules"], validate=False), hands, me, revolution=bool(v.get("revolution")))
    pile = v.get("pile")
    if pile:
        p = classify(s, tuple(pile["cards"]), pile.get("kind"))
        s.pile = p._replace(seat=pile.get("seat")) if p is not None else None
    try:
        check_move(s, me, Move("play", tuple(cards)))
    except IllegalMove as exc:
        return exc
    return None

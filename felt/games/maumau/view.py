"""What a Mau-Mau seat may see (RULES-MAUMAU.md §5): the one exit for game data.

A seat sees its own hand, every seat's card count, the whole discard pile in order, the
number of cards in the draw pile, the wish, the direction, a pending seven penalty, who
called Mau, the round's public log, and the card it drew itself. Log entries (lists):
``["play", seat, card, wished suit or "", call, top before, wish before or ""]``,
``["draw", seat, count, reason ("draw" | "seven" | "mau"), top faced, wish faced or ""]``,
``["keep", seat]``. Never another hand, the draw pile's order, a card
another seat drew, or the seed. At the round's end every remaining hand is shown.
"""
from __future__ import annotations

from functools import lru_cache

from felt.games.maumau.engine import State, legal_moves, move_to_wire
from felt.games.maumau.rules import MauRules


@lru_cache(maxsize=64)
def _rules_dict(rules: MauRules) -> dict:
    return rules.to_dict()


def rules_dict(rules: MauRules) -> dict:
    return dict(_rules_dict(rules))


def sorted_hand(s: State, hand) -> list[int]:
    """Hand order: by suit, then rank (the deck is built copy, suit, rank: id % 32 is suit, rank)."""
    return sorted(hand, key=lambda c: (c % 32, c))


def wire_log(s: State) -> list[list]:
    """``s.log`` as the view's lists. The log only grows within a round and its entries are
    tuples that never change, so each entry is turned into a list once per state (kept in
    ``s.wire_log``) and every view gets a new outer list sharing those entry lists: a view
    costs no longer the whole log (a long random round has ~1,700 entries), and the host's
    diff of two views' logs finds equal entries by identity. Nothing changes a view's log
    entries in place (a client's patches build new lists: felt/net/viewdelta.py)."""
    log = s.log
    cached = getattr(s, "wire_log", None)
    if cached is None or cached[0] is not log or len(cached[1]) > len(log):
        cached = s.wire_log = (log, [])
    done = cached[1]
    if len(done) < len(log):
        done.extend(list(x) for x in log[len(done):])
    return done[:]


def view(s: State, seat: int | None) -> dict:
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.n):
        raise ValueError(f"no seat {seat!r}")
    mine = seat is not None
    on_turn = mine and s.to_move == seat and s.phase in ("play", "drawn")
    over = s.phase in ("round_over", "match_over")
    return {
        "game": "maumau",
        "seat": seat,
        "n": s.n,
        "phase": s.phase,
        "round_no": s.round_no,
        "rounds_total": s.rounds_total,
        "point_limit": s.rules.point_limit if s.limit_on else 0,
        "to_move": s.to_move,
        "dealer": s.dealer,
        "hand": sorted_hand(s, s.hands[seat]) if mine else [],
        "counts": [len(h) for h in s.hands],
        "discard": list(s.discard),
        "top": s.discard[-1] if s.discard else None,
        "draw_count": len(s.draw),
        "wish": s.wish,
        "direction": s.direction,
        "pending": s.pending,
        "called": list(s.called),
        "drawn": s.drawn if (on_turn and s.phase == "drawn") else None,
        "last": dict(s.last) if s.last else None,
        "log": wire_log(s),
        "places": list(s.places),
        "round_points": [row[:] for row in s.round_points],
        "totals": list(s.totals),
        "wins": list(s.wins),
        "history": [p[:] for p in s.history],
        "standings": [row[:] for row in s.standings],
        "hands_shown": [sorted_hand(s, h) for h in s.hands] if over else None,
        "legal": [move_to_wire(m) for m in legal_moves(s)] if on_turn else [],
        "rules": rules_dict(s.rules),
        "winner": s.winner,
    }

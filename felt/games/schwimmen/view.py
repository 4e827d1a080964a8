"""What one seat of a Schwimmen table may see (RULES-SCHWIMMEN.md §5) — the only exit for
game data besides the filtered events.

Own hand, the middle, lives / swimming / out of everyone, who knocked and who still has a
turn, the stock's count, the discarded middles, and the cards each player took from the
(face-up) middle and still holds — everybody saw those taken. Never another hand, the stock's
cards, the dealer's unseen hand or the seed. Once the round is over the showdown shows every
hand in play to everyone.
"""
from __future__ import annotations

from functools import lru_cache

from .engine import MAX_STECHEN, hand_value2, is_feuer, legal_moves, match_places, move_to_wire


@lru_cache(maxsize=64)
def _rules_items(rules) -> tuple:
    return tuple(rules.to_dict().items())


def view(s, seat) -> dict:
    rules = s.rules
    in_play = [i for i in range(s.n) if not s.out[i]]
    n_round = sum(s.in_round) or 1
    v = {
        "game": "schwimmen",
        "seat": seat,
        "n": s.n,
        "phase": s.phase,
        "round_no": s.round_no,
        "rounds_limit": s.rounds_limit,
        "to_move": s.to_move,
        "dealer": s.dealer,
        "rules": dict(_rules_items(rules)),
        "middle": list(s.middle),
        "stock": len(s.stock),
        "discarded": [list(m) for m in s.discarded],
        "lives": list(s.lives),
        "swimming": list(s.swimming),
        "out": list(s.out),
        "lost": list(s.lost),
        "in_round": list(s.in_round),
        "in_play": in_play,
        "knocker": s.knocker,
        "final_left": list(s.final_left),
        "turns": s.turns,
        "passes": s.passes,
        "go_round": s.turns // n_round + 1,
        "may_knock": s.phase == "play" and s.knocker < 0 and (rules.knock_first_round or s.turns >= n_round),
        "taken": [list(t) for t in s.taken],
        "hand": [],
        "value": None,
        "choosing": False,
        "legal": [],
        "showdown": None,
        "winner": s.winner,
        # the tie-break (a Stechen, played only by the tied): its players in this round and,
        # at a round's end, those of the next one; the Stechen rounds played (at most
        # MAX_STECHEN) and by each seat; how the match was decided; at its end everyone's place
        "stechen": list(s.stechen),
        "sitting_out": s.sitting_out(),
        "stechen_round": len(s.stechen_rounds),
        "stechen_played": [sum(i in p for p in s.stechen_rounds) for i in range(s.n)],
        "max_stechen": MAX_STECHEN,
        "decided": s.decided,
        "match_places": match_places(s) if s.phase == "match_over" else [],
        # the places of the last round played to its end (a match ended early is decided by
        # lives, then by them)
        "last_places": list(s.history[-1]) if s.history else [],
    }
    if seat is not None and 0 <= seat < s.n:
        if s.phase == "dealer_choice" and seat == s.dealer and s.dealer_hands is not None:
            v["hand"] = list(s.dealer_hands[0])      # the hand the dealer looks at
            v["choosing"] = True
        else:
            v["hand"] = list(s.hands[seat])
        if len(v["hand"]) == 3:
            v["value"] = hand_value2(v["hand"])
            v["feuer"] = is_feuer(v["hand"])
        if seat == s.to_move and s.phase in ("play", "dealer_choice"):
            v["legal"] = [move_to_wire(m) for m in legal_moves(s)]
    if s.phase in ("round_over", "match_over") and s.showdown is not None:
        sd = s.showdown
        v["showdown"] = {k: (list(x) if isinstance(x, list) else x) for k, x in sd.items()}
        v["showdown"]["hands"] = [None if h is None else list(h) for h in sd["hands"]]
    return v

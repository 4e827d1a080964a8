"""Building a :class:`Situation` from a seat's view (real games) or a sampled world."""
from __future__ import annotations

from felt.games.praesident.engine import Move, legal_moves, move_from_wire

from .cardinfo import deck_info, deck_info_fast
from .policy import Situation


def situation_from_view(view: dict) -> Situation:
    """Everything the policy needs, read from a view dict only."""
    if not isinstance(view, dict):
        raise TypeError("a bot decides from its seat's view (a dict), not from a game state")
    info = deck_info(view["rules"])
    hand = list(view.get("hand") or [])
    played = view.get("played") or []
    seen = set(hand)
    seen.update(played)
    unseen = [c for c in range(info.n_cards) if c not in seen]
    legal = [move_from_wire(d) for d in view.get("legal") or []]
    pile = view.get("pile")
    ex = view.get("exchange") or []
    return Situation(
        info=info,
        seat=view["seat"],
        n=view["n"],
        phase=view.get("phase", "play"),
        hand=hand,
        legal=legal,
        pile_cards=list(pile["cards"]) if pile else None,
        pile_seat=pile.get("seat") if pile else None,
        pile_kind=pile.get("kind") if pile else None,
        pile_size=pile.get("size") if pile else None,
        revolution=bool(view.get("revolution")),
        counts=view["counts"],
        passed=view.get("passed") or [],
        out=view.get("out") or [],
        unseen=unseen,
        exchange=ex,
        round_no=view.get("round_no", 1),
    )


def situation_from_state(state, seat: int, legal: list[Move] | None = None) -> Situation:
    """The seat's knowledge inside a simulated world: its hand, the public table,
    and as "unseen" exactly the cards held by the other seats of that world."""
    info = deck_info_fast(state.rules)
    hands = state.hands
    unseen = []
    for s in range(state.n):
        if s != seat:
            unseen.extend(hands[s])
    pile = state.pile
    sit = Situation.__new__(Situation)
    sit.info = info
    sit.seat = seat
    sit.n = state.n
    sit.phase = state.phase
    sit.hand = hands[seat]
    sit.legal = legal_moves(state) if legal is None else legal
    if pile is not None:
        sit.pile_cards = pile.cards
        sit.pile_seat = pile.seat
        sit.pile_kind = pile.kind
        sit.pile_size = pile.size
    else:
        sit.pile_cards = None
        sit.pile_seat = None
        sit.pile_kind = None
        sit.pile_size = None
    sit.revolution = state.revolution
    sit.counts = [len(h) for h in hands]
    sit.passed = {i for i, p in enumerate(state.passed) if p}
    sit.out = state.places
    sit.unseen = unseen
    sit.exchange = state.exchange_info[seat]
    sit.round_no = state.round_no
    return sit

"""A game with a three-card pass, on the plain table: the guide's "Höhere Karte" dealt 13 cards
each, and before the play every seat in turn picks three cards for its left neighbour
(delivered once every seat has picked). The pass is one legal move in the view,
``{"kind": "pass", "pick": 3}`` (felt.contract.table_view), while the engine knows its 286
choices (C(13, 3)); the move sent is ``{"kind": "pass", "cards": [a, b, c]}``."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from felt.contract.base import IllegalMove
from felt.ui import i18n
from tests.toy_highcard import HCBot, HCRules, HCState, HighCard


@dataclass
class PCState(HCState):
    passed: list = field(default_factory=list)      # per seat the three cards it passes (None: not yet)

    def clone(self) -> "PCState":
        s = super().clone()
        s.passed = [None if p is None else list(p) for p in self.passed]
        return s


class PassCard(HighCard):
    id = "passcard"
    name = {"de": "Schiebekarte", "en": "Pass and play"}
    min_players = 3
    max_players = 4
    move_kinds = ("play", "pass")
    TEMPLATES = {"PC-1": HCRules("PC-1", "Pass and play", 13, 1)}

    def rules_from_dict(self, d):
        try:
            r = HCRules(**{k: v for k, v in d.items() if k != "game"})
        except TypeError as exc:
            raise ValueError(f"bad rule set: {exc}") from None
        if not (isinstance(r.hand, int) and 4 <= r.hand <= 13 and isinstance(r.rounds, int) and 1 <= r.rounds <= 9):
            raise ValueError("hand must be 4..13 and rounds 1..9")
        return r

    def _deal(self, s):
        events = super()._deal(s)
        s.phase, s.to_move, s.passed = "pass", (s.round_no - 1) % s.n, [None] * s.n
        return events

    def legal_moves(self, state):
        if state.phase == "pass":
            return [("pass", tuple(c)) for c in itertools.combinations(state.hands[state.to_move], 3)]
        return super().legal_moves(state)

    def check_move(self, state, seat, move):
        if state.phase != "pass":
            if move[0] != "play":
                raise IllegalMove("the cards are passed: play one")
            return super().check_move(state, seat, move)
        if seat != state.to_move or move[0] != "pass":
            raise IllegalMove("it is not your turn to pass")
        cards = move[1]
        if len(set(cards)) != 3 or not set(cards) <= set(state.hands[seat]):
            raise IllegalMove("pass three different cards of your hand")

    def apply_inplace(self, state, seat, move, check=True):
        if move[0] != "pass":
            return super().apply_inplace(state, seat, move, check)
        if check:
            self.check_move(state, seat, move)
        s = state
        for c in move[1]:
            s.hands[seat].remove(c)
        s.passed[seat] = sorted(move[1])
        events = [{"type": "pass", "seat": seat, "_private": {"seats": [seat], "data": {"cards": sorted(move[1])}}}]
        if None in s.passed:
            s.to_move = (seat + 1) % s.n
            return events
        for i in range(s.n):                        # every seat has picked: the cards go left
            got = s.passed[(i - 1) % s.n]
            s.hands[i] = sorted(s.hands[i] + got)
            events.append({"type": "got", "seat": i, "_private": {"seats": [i], "data": {"cards": got}}})
        s.phase, s.to_move, s.passed = "play", (s.round_no - 1) % s.n, [None] * s.n
        return events

    def new_match(self, rules, n_players, seed, rounds=None):
        s = PCState(rules, n_players, seed, rules.rounds if rounds is None else rounds, scores=[0] * n_players)
        return s, self._deal(s)

    def end_match(self, state):
        if state.phase != "pass":
            return super().end_match(state)
        s, _ = super().end_match(state)
        if state.round_no == 1:                   # no round was over: nobody won
            s.winner = None
        return s, [{"type": "match_over", "winner": s.winner}]

    def move_to_wire(self, move):
        if move[0] == "pass":
            return {"kind": "pass", "cards": sorted(move[1])}
        return super().move_to_wire(move)

    def move_from_wire(self, d):
        if isinstance(d, dict) and d.get("kind") == "pass":
            cards = d.get("cards")
            if not isinstance(cards, list) or len(cards) != 3 or not all(
                    isinstance(c, int) and not isinstance(c, bool) for c in cards):
                raise IllegalMove("a pass is {kind: 'pass', cards: [three card ids]}")
            return ("pass", tuple(sorted(cards)))
        return super().move_from_wire(d)

    def view(self, state, seat):
        v = super().view(state, seat)
        if state.phase == "pass":
            v["legal"] = [{"kind": "pass", "pick": 3}] if seat == state.to_move and seat is not None else []
            v["table"] = {"piles": [{"id": "stock", "count": sum(len(h) for h in state.hands)}],
                          "say": {"text": "passcard.say", "args": {"name": {"seat": (state.to_move + 1) % state.n}}}}
        v["table"]["trick"] = {"cards": [list(t) for t in state.trick], "id": "middle", "target": True}
        v["table"]["piles"] = [p for p in v["table"]["piles"] if p["id"] != "middle"]
        return v

    def make_bot(self, level, seed=None, think_ms=None):
        return PassBot(level, seed)


class PassBot(HCBot):
    """Passes its three highest cards; plays as the example's bot."""

    def choose(self, view):
        if view["phase"] == "pass":
            return {"kind": "pass", "cards": sorted(view["hand"])[-3:]}
        return super().choose(view)


GAME = PassCard()
i18n.add_texts({"passcard.say": ("Wähle 3 Karten für {name}", "Choose 3 cards for {name}"),
                "passcard.move.pass": ("Schieben", "Pass")})

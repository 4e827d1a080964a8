from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from felt.games.base import Game, IllegalMove


@dataclass(frozen=True)
class HCRules:
    id: str = "HC-1"
    name: str = "Higher card"
    hand: int = 3
    rounds: int = 2


@dataclass
class HCState:
    rules: HCRules
    n: int
    seed: object
    rounds_total: int
    round_no: int = 1
    phase: str = "play"
    to_move: int | None = 0
    hands: list = field(default_factory=list)
    trick: list = field(default_factory=list)       # [[seat, card], ...]
    scores: list = field(default_factory=list)
    winner: int | None = None

    def clone(self) -> "HCState":
        return replace(self, hands=[list(h) for h in self.hands], trick=[list(t) for t in self.trick],
                       scores=list(self.scores))


class HighCard(Game):
    id = "highcard"
    name = {"de": "Höhere Karte", "en": "Higher card"}
    min_players = 2
    max_players = 6
    bot_levels = ("easy", "normal")
    move_kinds = ("play",)
    move_keys = ("target",)
    fixed_rounds_options = {}     # "How to play" explains the table's number of rounds

    TEMPLATES = {"HC-1": HCRules(), "HC-3": HCRules("HC-3", "Higher card, three rounds", 4, 3)}

    def template_ids(self):
        return list(self.TEMPLATES)

    def template(self, template_id):
        return self.TEMPLATES[template_id]

    def rules_from_dict(self, d):
        try:
            r = HCRules(**{k: v for k, v in d.items() if k != "game"})
        except TypeError as exc:
            raise ValueError(f"bad rule set: {exc}") from None
        if not (isinstance(r.hand, int) and 1 <= r.hand <= 10 and isinstance(r.rounds, int) and 1 <= r.rounds <= 9):
            raise ValueError("hand must be 1..10 and rounds 1..9")
        return r

    def rules_to_dict(self, rules):
        # "game" names the game: a saved rule file without it would be read as the default game's
        return {"game": self.id, "id": rules.id, "name": rules.name, "hand": rules.hand, "rounds": rules.rounds}

    def _deal(self, s: HCState) -> list:
        cards = list(range(s.n * s.rules.hand))
        random.Random(f"felt:{s.seed}:{s.round_no}:deal").shuffle(cards)
        s.hands = [sorted(cards[i::s.n]) for i in range(s.n)]
        s.phase, s.to_move, s.trick = "play", (s.round_no - 1) % s.n, []
        return [{"type": "deal", "seat": i, "_private": {"seats": [i], "data": {"cards": list(s.hands[i])}}}
                for i in range(s.n)]

    def new_match(self, rules, n_players, seed, rounds=None):
        # rounds: None plays the rule set's, 0 goes on until the table ends the match
        s = HCState(rules, n_players, seed, rules.rounds if rounds is None else rounds, scores=[0] * n_players)
        return s, self._deal(s)

    def legal_moves(self, state):
        if state.phase != "play":
            return []
        return [("play", c) for c in state.hands[state.to_move]]

    def check_move(self, state, seat, move):
        if state.phase != "play" or seat != state.to_move:
            raise IllegalMove("it is not your turn")
        if move[1] not in state.hands[seat]:
            raise IllegalMove(f"you do not hold card {move[1]}")

    def apply(self, state, seat, move):
        self.check_move(state, seat, move)
        s = state.clone()
        return s, self.apply_inplace(s, seat, move, check=False)

    def apply_inplace(self, state, seat, move, check=True):
        if check:
            self.check_move(state, seat, move)
        s = state
        s.hands[seat].remove(move[1])
        s.trick.append([seat, move[1]])
        events = [{"type": "play", "seat": seat, "card": move[1]}]
        if len(s.trick) < s.n:
            s.to_move = (seat + 1) % s.n
            return events
        win = max(s.trick, key=lambda t: t[1])[0]
        s.scores[win] += 1
        s.trick = []
        s.to_move = win
        events.append({"type": "trick_won", "seat": win})
        if not s.hands[win]:
            s.to_move = None
            if s.rounds_total and s.round_no >= s.rounds_total:
                s.phase = "match_over"
                s.winner = max(range(s.n), key=lambda i: (s.scores[i], -i))
                events.append({"type": "match_over", "winner": s.winner})
            else:
                s.phase = "round_over"
                events.append({"type": "round_over", "round_no": s.round_no})
        return events

    def next_round(self, state):
        s = state.clone()
        s.round_no += 1
        return s, self._deal(s)

    def end_match(self, state):
        s = state.clone()
        rounds_over = s.round_no - (s.phase == "play")
        s.phase, s.to_move = "match_over", None
        # a match ended before any round was over has no winner
        s.winner = max(range(s.n), key=lambda i: (s.scores[i], -i)) if rounds_over else None
        return s, [{"type": "match_over", "winner": s.winner}]

    def move_to_wire(self, move):
        return {"kind": "play", "cards": [move[1]], "target": "middle"}

    def move_from_wire(self, d):
        cards = d.get("cards") if isinstance(d, dict) else None
        if not isinstance(d, dict) or d.get("kind") != "play" or not isinstance(cards, list) or len(cards) != 1 \
                or not isinstance(cards[0], int):
            raise IllegalMove("a move is {kind: 'play', cards: [one card], target: 'middle'}")
        return ("play", cards[0])

    def view(self, state, seat):
        s = state
        return {"game": self.id, "seat": seat, "n": s.n, "phase": s.phase, "round_no": s.round_no,
                "to_move": s.to_move,
                "hand": list(s.hands[seat]) if seat is not None else [], "counts": [len(h) for h in s.hands],
                "trick": [list(t) for t in s.trick], "scores": list(s.scores), "winner": s.winner,
                "rules": self.rules_to_dict(s.rules),
                # what the plain table draws (felt.games.table_view): the trick in the middle
                "table": {"piles": [{"id": "middle", "cards": [c for _seat, c in s.trick], "target": True},
                                    {"id": "stock", "count": sum(len(h) for h in s.hands)}]},
                "legal": [self.move_to_wire(m) for m in self.legal_moves(s)] if seat == s.to_move else []}

    def round_places(self, state):
        return sorted(range(state.n), key=lambda i: -state.scores[i])

    def make_bot(self, level, seed=None, think_ms=None):
        return HCBot(level, seed)


class HCBot:
    """easy: a random card; normal: the highest card."""

    def __init__(self, level, seed):
        self.level, self.rng = level, random.Random(seed)

    def choose(self, view):
        if self.level == "easy":
            return self.rng.choice(view["legal"])
        return max(view["legal"], key=lambda m: m["cards"][0])


GAME = HighCard()

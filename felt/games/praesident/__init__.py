"""Präsident (Arschloch) as a game of the registry: the engine in ``felt.engine``, rules in
``felt.rules``, bots in ``felt.bots``; this adapter is all the game interface needs."""
from __future__ import annotations

from pathlib import Path

from felt.games.base import Game, OptionSpec


class Praesident(Game):
    id = "praesident"
    name = {"de": "Präsident", "en": "President"}
    min_players = 3
    max_players = 8
    move_kinds = ("play", "pass", "give", "wish")

    # rule sets
    def template_ids(self):
        from felt.rules import TEMPLATE_ORDER
        return list(TEMPLATE_ORDER)

    def template(self, template_id):
        from felt.rules import TEMPLATE_ORDER, load_rules
        if template_id.upper() not in TEMPLATE_ORDER:
            raise KeyError(template_id)
        return load_rules(template_id)

    def rules_from_dict(self, d):
        from felt.rules import Rules
        if isinstance(d, dict) and "game" in d:
            d = {k: v for k, v in d.items() if k != "game"}
        return Rules.from_dict(d)

    def rules_to_dict(self, rules):
        return rules.to_dict()

    def load_rules_file(self, path):
        from felt.rules import rules_from_toml
        text = Path(path).read_text(encoding="utf-8")
        return rules_from_toml(text)

    def rules_to_toml(self, rules):
        from felt.rules import rules_to_toml
        return rules_to_toml(rules)

    def options(self) -> list[OptionSpec]:
        return []   # filled in with the rule editor's metadata (issue 11)

    def players_range(self, rules):
        return rules.min_players, rules.max_players

    def validate(self, rules, n_players):
        rules.validate(n_players)

    # engine
    def new_match(self, rules, n_players, seed, rounds=None):
        from felt.engine import new_match
        return new_match(rules, n_players, seed, rounds)

    def legal_moves(self, state):
        from felt.engine import legal_moves
        return legal_moves(state)

    def check_move(self, state, seat, move):
        from felt.engine import check_move
        check_move(state, seat, move)

    def apply(self, state, seat, move):
        from felt.engine import apply
        return apply(state, seat, move)

    def apply_inplace(self, state, seat, move, check=True):
        from felt.engine import apply_inplace
        return apply_inplace(state, seat, move, check)

    def next_round(self, state):
        from felt.engine import next_round
        return next_round(state)

    def end_match(self, state):
        from felt.engine import end_match
        return end_match(state)

    def replay(self, rules, n_players, seed, actions, rounds=None):
        from felt.engine import replay
        return replay(rules, n_players, seed, actions, rounds)

    def move_to_wire(self, move):
        from felt.engine import move_to_wire
        return move_to_wire(move)

    def move_from_wire(self, d):
        from felt.engine import move_from_wire
        return move_from_wire(d)

    def timeout_move(self, state):
        from felt.engine import PASS, is_legal
        return PASS if is_legal(state, state.to_move, PASS) else None

    def view(self, state, seat):
        from felt.engine import view
        return view(state, seat)

    def filter_events(self, events, seat):
        from felt.engine import filter_events
        return filter_events(events, seat)

    def round_places(self, state):
        return list(state.history[-1]) if state.history else []

    def winner(self, state):
        return state.winner

    # bots
    def make_bot(self, level, seed=None, think_ms=None):
        from felt.bots import make_bot
        return make_bot(level, seed, think_ms)


GAME = Praesident()

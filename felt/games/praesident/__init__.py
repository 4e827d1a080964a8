"""Präsident (Arschloch) as a game of the registry: the engine in ``felt.games.praesident.engine``, rules in
``felt.games.praesident.rules``, bots in ``felt.games.praesident.bots``; this adapter is all the game interface needs."""
from __future__ import annotations

from pathlib import Path

from felt.games.praesident import engine as _engine
from felt.contract.base import Game, OptionSpec
from felt.games.praesident.rules import RulesError
from felt.ui import i18n

# the game's texts in the window (German, English)
i18n.add_catalog(Path(__file__).with_name("texts.toml"))


class Praesident(Game):
    id = "praesident"
    name = {"de": "Präsident", "en": "President"}
    order = 10
    plays_unnamed = True        # rule files and journals without a game are Präsident's
    min_players = 3
    max_players = 8
    move_kinds = ("play", "pass", "give", "wish")
    rules_file_comment = "Felt Club rule set (RULES.md §2). Edit, save, share."
    rules_file_names_game = False       # its files predate the other games: one without a game is Präsident's
    rules_error = RulesError

    # rule sets
    def template_ids(self):
        from felt.games.praesident.rules import TEMPLATE_ORDER
        return list(TEMPLATE_ORDER)

    def template(self, template_id):
        from felt.games.praesident.rules import TEMPLATE_ORDER, load_rules
        if template_id.upper() not in TEMPLATE_ORDER:
            raise KeyError(template_id)
        return load_rules(template_id)

    def rules_from_dict(self, d):
        from felt.games.praesident.rules import Rules
        if isinstance(d, dict) and "game" in d:
            d = {k: v for k, v in d.items() if k != "game"}
        return Rules.from_dict(d)

    def rules_to_dict(self, rules):
        return rules.to_dict()

    def options(self) -> list[OptionSpec]:
        from felt.games.praesident.options import OPTIONS
        return list(OPTIONS)

    def rules_editor(self):
        from felt.games.praesident.rules_editor import RulesEditorScene
        return RulesEditorScene

    def rules_summary(self, rules, lang="de"):
        """Built from the window's texts (``felt.ui.i18n``): in the window's language, which is
        the ``lang`` the lobby passes."""
        from felt.games.praesident.rules_editor import rules_summary
        return rules_summary(rules)

    def players_range(self, rules):
        return rules.min_players, rules.max_players

    def validate(self, rules, n_players):
        rules.validate(n_players)

    # engine: the engine's functions themselves (no call in between: simulate and search
    # call these millions of times)
    new_match = staticmethod(_engine.new_match)
    legal_moves = staticmethod(_engine.legal_moves)
    check_move = staticmethod(_engine.check_move)
    apply = staticmethod(_engine.apply)
    apply_inplace = staticmethod(_engine.apply_inplace)
    next_round = staticmethod(_engine.next_round)
    end_match = staticmethod(_engine.end_match)
    move_to_wire = staticmethod(_engine.move_to_wire)
    move_from_wire = staticmethod(_engine.move_from_wire)

    def timeout_move(self, state):
        from felt.games.praesident.engine import PASS, is_legal
        return PASS if is_legal(state, state.to_move, PASS) else None

    view = staticmethod(_engine.view)
    views = staticmethod(_engine.views)
    filter_events = staticmethod(_engine.filter_events)

    def check_cards(self, state):
        ids = [c for h in state.hands for c in h] + list(state.played)
        if sorted(ids) != list(range(len(state.deck))):
            dup = len(ids) - len(set(ids))
            return (f"cards not accounted for (round {state.round_no}): {len(set(ids))} of {len(state.deck)} "
                    f"distinct, {dup} twice")
        return None

    def shown_cards(self, view):
        """The hand, the pile, the trick and every card played this round."""
        pile = view.get("pile") or {}
        return (set(view.get("hand") or []) | set(view.get("played") or []) | set(pile.get("cards") or [])
                | {c for play in view.get("trick") or [] for c in play.get("cards") or []})

    def check_view_cards(self, state, view):
        hand, played, counts = view.get("hand") or [], view.get("played") or [], view.get("counts") or []
        deck = len(state.deck)
        if len(set(hand)) != len(hand) or set(hand) & set(played):
            return "a card is in the hand twice or both in the hand and played"
        if view.get("seat") is not None and len(hand) != counts[view["seat"]]:
            return f"hand of {len(hand)} cards but count {counts[view['seat']]}"
        if len(set(played)) != len(played):
            return "a played card shows twice"
        if sum(counts) + len(played) != deck:
            return f"counts {sum(counts)} + played {len(played)} != deck {deck}"
        return None

    # text
    def rules_with_rounds(self, rules, rounds):
        import dataclasses
        return rules if rounds is None else dataclasses.replace(rules, rounds=int(rounds))

    def howto(self, rules, lang="de"):
        from felt.games.praesident.howto import howto
        return howto(rules, lang)

    def quiz(self, rules, seed=0, count=8, lang="de"):
        from felt.games.praesident.quiz import common
        return common(rules, count, seed, lang)

    # bots
    def make_bot(self, level, seed=None, think_ms=None):
        from felt.games.praesident.bots import make_bot
        return make_bot(level, seed, think_ms)

    def sample_world(self, view, rng):
        """A world as the hard bot deals it: the other hands sampled within what the exchange
        told this seat, on the table the view shows."""
        if view.get("phase") == "exchange":
            # what each seat gave and got is engine state the shuffle would leave behind
            raise ValueError("praesident: no world is dealt during the exchange")
        if view.get("seat") is None or view.get("phase") != "play":
            return None
        from felt.games.praesident.bots.determinize import build_state, sample_hands
        return build_state(view, sample_hands(view, rng))

    def hint_reason(self, view, move, lang="de"):
        from felt.games.praesident.hint import hint_reason
        return hint_reason(view, move, lang)

    def bot_watches(self, level):
        from felt.games.praesident.bots import hard
        return level == "hard" and hard.WATCH_TABLE  # (off by default, see felt/games/praesident/bots/hard.py)

    # commands
    def deck_size(self, rules):
        return rules.deck_size()

    def describe_rules(self, rules):
        from felt.games.praesident.rules.commands import describe
        return describe(rules)

    # random play: the engine's path that builds no events
    def playout_apply(self, state, seat, move):
        _engine.apply_inplace(state, seat, move, False, False)

    tournament_match_wins = False     # a match is the sum of its rounds' places

    # the evening at the table (felt/games/praesident/evening.py)
    def evening_marks(self, state):
        from felt.games.praesident.evening import marks
        return marks(state)

    def evening_words(self, marks, lang="de"):
        from felt.games.praesident.evening import words
        return words(marks, lang)

    # window
    def scene_for(self, phase):
        """The exchange, the table in play, and the round's results and standings."""
        if phase == "exchange":
            from felt.games.praesident.exchange_scene import ExchangeScene
            return ExchangeScene
        if phase in ("round_over", "match_over"):
            from felt.games.praesident.results_scene import ResultsScene
            return ResultsScene
        from felt.games.praesident.table_scene import TableScene
        return TableScene

    def log_lines(self):
        from felt.games.praesident.log import LINES
        return LINES

    def snapshots(self, lang="de", seed=7):
        from felt.games.praesident.snapshots import shots
        return shots(lang, seed)


GAME = Praesident()

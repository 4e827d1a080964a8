"""Schwimmen (31) as a game of the registry (RULES-SCHWIMMEN.md): rules in ``rules``, the
engine in ``engine``, the per-seat view in ``view``, bots in ``bots``, texts in ``howto``."""
from __future__ import annotations

from pathlib import Path

from felt.contract.base import PACE_EFFECT, PACE_PASS, PACE_PLAY, Game, OptionSpec

from . import engine
from . import rules as rule_book
from felt.ui import i18n

# the game's texts in the window (German, English)
i18n.add_catalog(Path(__file__).with_name("texts.toml"))


class Schwimmen(Game):
    id = "schwimmen"
    name = {"de": "Schwimmen", "en": "Schwimmen (31)"}
    order = 30
    min_players = 2
    max_players = 9
    move_kinds = engine.KINDS
    move_keys = ("give", "take")
    rules_file_comment = "Felt Club rule set for Schwimmen (RULES-SCHWIMMEN.md §3). Edit, save, share."
    rules_error = rule_book.SwRulesError
    fixed_rounds_options = {"match_end": "rounds"}
    pace_seconds = {**Game.pace_seconds, "swap": PACE_PLAY, "swap_all": PACE_PLAY, "knock": PACE_EFFECT,
                    "showdown": PACE_EFFECT, "new_middle": PACE_EFFECT, "keep": PACE_PASS,
                    "take": PACE_PASS, "dealer_choice": PACE_PASS}

    # rule sets
    def template_ids(self):
        return list(rule_book.TEMPLATE_ORDER)

    def template(self, template_id):
        return rule_book.template(template_id)

    def rules_from_dict(self, d):
        return rule_book.SwRules.from_dict(d)

    def rules_to_dict(self, rules):
        return rules.to_dict()

    def options(self) -> list[OptionSpec]:
        return rule_book.options()

    def players_range(self, rules):
        return rules.min_players, rules.max_players

    def validate(self, rules, n_players):
        rules.validate(n_players)

    def default_rounds(self, rules):
        return rules.match_rounds

    # engine
    def new_match(self, rules, n_players, seed, rounds=None):
        return engine.new_match(rules, n_players, seed, rounds)

    def legal_moves(self, state):
        return engine.legal_moves(state)

    def check_move(self, state, seat, move):
        engine.check_move(state, seat, move)

    def apply(self, state, seat, move):
        return engine.apply(state, seat, move)

    def apply_inplace(self, state, seat, move, check=True):
        return engine.apply_inplace(state, seat, move, check)

    def next_round(self, state):
        return engine.next_round(state)

    def end_match(self, state):
        return engine.end_match(state)

    def move_to_wire(self, move):
        return engine.move_to_wire(move)

    def move_from_wire(self, d):
        return engine.move_from_wire(d)

    def timeout_move(self, state):
        return engine.timeout_move(state)

    def view(self, state, seat):
        from .view import view
        return view(state, seat)

    def check_cards(self, state):
        if state.phase == "match_over":
            return None                       # the cards are put away
        allc = state.all_cards()
        if sorted(allc) != list(range(32)):
            return (f"cards not accounted for (round {state.round_no}): {len(set(allc))} of 32 distinct, "
                    f"{len(allc) - len(set(allc))} twice")
        return None

    def private_cards(self, state, seat):
        """The hand but the cards taken from the face-up middle, until the showdown shows it."""
        if state.phase in ("round_over", "match_over"):
            return set()
        return set(state.hands[seat]) - set(state.taken[seat])

    def shown_cards(self, view):
        """The hand, the middle, the discarded middles, the cards taken from the middle, and the
        hands the showdown shows."""
        out = set(view.get("hand") or []) | set(view.get("middle") or [])
        out |= {c for m in view.get("discarded") or [] for c in m} | {c for t in view.get("taken") or [] for c in t}
        showdown = view.get("showdown") or {}
        return out | {c for h in showdown.get("hands") or [] if h for c in h}

    def check_view_cards(self, state, view):
        hand, middle = view.get("hand") or [], view.get("middle") or []
        shown = list(hand) + list(middle) + [c for m in view.get("discarded") or [] for c in m]
        if len(set(shown)) != len(shown):
            return "a card shows twice (hand, middle or discarded)"
        if len(middle) not in (0, 3):
            return f"a middle of {len(middle)} cards"
        if hand and len(hand) != 3:
            return f"a hand of {len(hand)} cards"
        return None

    def round_losers(self, state):
        sd = state.showdown
        return sorted(int(k) for k in sd["losers"]) if sd else []

    def seat_summary(self, view):
        seat = view.get("seat")
        lives = view.get("lives") or []
        out = view.get("out") or []
        swimming = view.get("swimming") or []
        mine = isinstance(seat, int) and 0 <= seat < len(lives)
        left = lives[seat] if mine else "?"
        if mine and seat < len(out) and out[seat]:
            how = "out"
        elif mine and seat < len(swimming) and swimming[seat]:
            how = "swimming"           # no life left, still in: the next loss puts it out
        else:
            how = "still in"
        if mine and seat in (view.get("sitting_out") or []):
            how += ", sitting the tie-break out"
        return f"{view.get('round_no', 0)} rounds, lives left: {left} ({how})"

    # bots
    def make_bot(self, level, seed=None, think_ms=None):
        from .bots import make_bot
        return make_bot(level, seed, think_ms)

    unseen_piles = ("stock",)

    def sample_world(self, view, rng):
        """A world as the hard bot deals it (the other hands, a dealer's unseen hand, the stock)."""
        if view.get("seat") is None or view.get("phase") not in ("play", "dealer_choice"):
            return None
        from .bots import determinize
        return determinize(view, rng)

    def round_cost_span(self, state):
        """The mistake marks count in lives: a play that costs a whole life is a whole span."""
        return 1.0

    def hint_reason(self, view, move, lang="de"):
        from felt.games.schwimmen.hint import hint_reason
        return hint_reason(view, move, lang)

    # text
    def howto(self, rules, lang="de"):
        from .howto import howto
        return howto(rules, lang)

    def quiz(self, rules, seed=0, count=8, lang="de"):
        from felt.games.schwimmen.howto import quiz_questions
        return quiz_questions(rules, seed, count, lang)

    # commands
    def deck_size(self, rules):
        return rules.deck_size()

    def round_cost(self, state, seat):
        """The lives ``seat`` lost in the round (two for a knocker who loses, where the rules say so)."""
        showdown = state.showdown
        return showdown["losers"].get(str(seat), 0) if showdown else 0

    # the evening at the table (felt/games/schwimmen/evening.py)
    def evening_marks(self, state):
        from felt.games.schwimmen.evening import marks
        return marks(state)

    def evening_words(self, marks, lang="de"):
        from felt.games.schwimmen.evening import words
        return words(marks, lang)

    # window
    def scene_for(self, phase):
        """One scene for every phase: it shows the round's result and the standings itself."""
        from .scene import SchwimmenScene
        return SchwimmenScene

    def log_lines(self):
        from felt.games.schwimmen.log import LINES
        return LINES

    def snapshots(self, lang="de", seed=7):
        from felt.games.schwimmen.snapshots import shots
        return shots(lang)


GAME = Schwimmen()

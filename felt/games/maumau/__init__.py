"""Mau-Mau (RULES-MAUMAU.md) as a game of the registry: rules in ``rules.py``, the engine in
``engine.py``, per-seat views in ``view.py``, bots in ``bots.py``, "How to play" and the quiz
in ``howto.py``, the table scene in ``scene.py``."""
from __future__ import annotations

from pathlib import Path

from felt.contract.base import PACE_EFFECT, PACE_PASS, Game, OptionSpec
from felt.games.maumau import engine
from felt.games.maumau.rules import MauRulesError
from felt.ui import i18n

# the game's texts in the window (German, English)
i18n.add_catalog(Path(__file__).with_name("texts.toml"))


class MauMau(Game):
    id = "maumau"
    name = {"de": "Mau-Mau", "en": "Mau-Mau"}
    order = 20
    min_players = 2
    max_players = 8
    move_kinds = ("play", "draw", "keep")
    move_keys = ("card", "suit", "call")
    rules_file_comment = "Felt Club Mau-Mau rule set (RULES-MAUMAU.md §2). Edit, save, share."
    rules_error = MauRulesError
    fixed_rounds_options = {"match_end": "rounds"}
    pace_seconds = {**Game.pace_seconds, "wish": PACE_EFFECT, "penalty": PACE_EFFECT, "reverse": PACE_EFFECT,
                    "forgot_mau": PACE_EFFECT, "keep": PACE_PASS}

    # rule sets
    def template_ids(self):
        from felt.games.maumau.rules import TEMPLATE_ORDER
        return list(TEMPLATE_ORDER)

    def template(self, template_id):
        from felt.games.maumau.rules import load_template
        return load_template(template_id)

    def rules_from_dict(self, d):
        from felt.games.maumau.rules import MauRules
        return MauRules.from_dict(d)

    def rules_to_dict(self, rules):
        return rules.to_dict()

    def options(self) -> list[OptionSpec]:
        from felt.games.maumau.rules import OPTIONS
        return list(OPTIONS)

    def players_range(self, rules):
        return rules.min_players, rules.max_players

    def validate(self, rules, n_players):
        rules.validate(n_players)

    def default_rounds(self, rules):
        return rules.rounds if rules.match_end == "rounds" else 0

    # engine
    def new_match(self, rules, n_players, seed, rounds=None):
        from felt.games.maumau.engine import new_match
        return new_match(rules, n_players, seed, rounds)

    def legal_moves(self, state):
        return engine.legal_moves(state)

    def check_move(self, state, seat, move):
        from felt.games.maumau.engine import check_move
        check_move(state, seat, move)

    def apply(self, state, seat, move):
        from felt.games.maumau.engine import apply
        return apply(state, seat, move)

    def apply_inplace(self, state, seat, move, check=True):
        return engine.apply_inplace(state, seat, move, check)

    def next_round(self, state):
        from felt.games.maumau.engine import next_round
        return next_round(state)

    def end_match(self, state):
        from felt.games.maumau.engine import end_match
        return end_match(state)

    def move_to_wire(self, move):
        from felt.games.maumau.engine import move_to_wire
        return move_to_wire(move)

    def move_from_wire(self, d):
        from felt.games.maumau.engine import move_from_wire
        return move_from_wire(d)

    def timeout_move(self, state):
        """Time out: keep a drawn card, else draw where drawing is allowed (else the bot decides)."""
        from felt.games.maumau.engine import DRAW, KEEP, may_draw
        if state.phase == "drawn":
            return KEEP
        if state.phase == "play" and may_draw(state, state.to_move):
            return DRAW
        return None

    def view(self, state, seat):
        from felt.games.maumau.view import view
        return view(state, seat)

    def check_cards(self, state):
        from felt.games.maumau.engine import card_conservation
        if not card_conservation(state):
            allc = [c for h in state.hands for c in h] + state.draw + state.discard
            return (f"cards not accounted for (round {state.round_no}): {len(set(allc))} of {len(state.deck)} "
                    f"distinct in hands, draw and discard pile, {len(allc) - len(set(allc))} twice")
        return None

    def private_cards(self, state, seat):
        """The hand, until the round's end shows every hand."""
        return set() if state.phase in ("round_over", "match_over") else set(state.hands[seat])

    def shown_cards(self, view):
        """The hand, the discard pile, a card just drawn, and the hands shown at a round's end."""
        out = set(view.get("hand") or []) | set(view.get("discard") or [])
        out |= {c for c in (view.get("top"), view.get("drawn")) if isinstance(c, int)}
        return out | {c for h in view.get("hands_shown") or [] for c in h}

    def check_view_cards(self, state, view):
        hand, discard, counts = view.get("hand") or [], view.get("discard") or [], view.get("counts") or []
        if len(set(hand)) != len(hand) or set(hand) & set(discard) or len(set(discard)) != len(discard):
            return "a card shows twice (in the hand or on the discard pile)"
        if view.get("seat") is not None and len(hand) != counts[view["seat"]]:
            return f"hand of {len(hand)} cards but count {counts[view['seat']]}"
        if sum(counts) + len(discard) + view.get("draw_count", 0) != len(state.deck):
            return (f"counts {sum(counts)} + discard {len(discard)} + draw pile {view.get('draw_count')} "
                    f"!= deck {len(state.deck)}")
        return None

    # bots
    def make_bot(self, level, seed=None, think_ms=None):
        from felt.games.maumau.bots import make_bot
        return make_bot(level, seed, think_ms)

    unseen_piles = ("draw",)          # the face-down draw pile (the mistake marks deal it anew)

    def sample_world(self, view, rng):
        """A world as the hard bot deals it: the unseen cards into the other hands and the draw
        pile, weighed by what the round's log says each player could not hold."""
        if view.get("seat") is None or view.get("phase") not in ("play", "drawn"):
            return None
        from felt.games.maumau.bots import WorldSampler, _rules_of, _table, build_world_base
        rules = _rules_of(view)
        return WorldSampler(view, rules, _table(rules)).sample(build_world_base(view, rules), rng)

    def hint_reason(self, view, move, lang="de"):
        from felt.games.maumau.hint import hint_reason
        return hint_reason(view, move, lang)

    # text
    def howto(self, rules, lang="de"):
        from felt.games.maumau.howto import howto
        return howto(rules, lang)

    def quiz(self, rules, seed=0, count=8, lang="de"):
        from felt.games.maumau.howto import quiz_questions
        return quiz_questions(rules, seed, count, lang)

    # commands
    def deck_size(self, rules):
        return rules.deck_size()

    # the evening at the table (felt/games/maumau/evening.py)
    def evening_marks(self, state):
        from felt.games.maumau.evening import marks
        return marks(state)

    def evening_words(self, marks, lang="de"):
        from felt.games.maumau.evening import words
        return words(marks, lang)

    # window
    def scene_for(self, phase):
        """One scene for every phase: it shows the round's result and the standings itself."""
        from felt.games.maumau.scene import MauMauScene
        return MauMauScene

    def log_lines(self):
        from felt.games.maumau.log import LINES
        return LINES

    def snapshots(self, lang="de", seed=7):
        from felt.games.maumau.snapshots import shots
        return shots(lang)


GAME = MauMau()

"""Every registered game through the same checks: a game gets all of them by registering.

The checks are `felt check-game`'s (felt/devcheck.py), one definition each; this file runs
them on every registered game and on the example game of felt/games/ADDING.md
(tests/toy_highcard.py):

- each phase's scene draws at phone size (density 2, as a phone's renderer) and laptop size;
- it takes taps and keys: every legal move it offers is made by the taps it names for it;
- a round plays in-process (cards accounted for after every step) and over loopback, with
  the host's bots at every seat;
- the journal of that round resumes to the same state;
- the view filter hides every other hand, from every seat and from a spectator;
- and the rest of `felt check-game`'s list (rounds, the table vocabulary, the screens around
  the table, a match ended early, the evening's marks, a phone's renderer at its table).
"""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from felt import devcheck, games  # noqa: E402
from felt.devcheck import Context, random_play  # noqa: E402,F401  (random_play: tests/test_evening.py)
from tests.toy_highcard import GAME as EXAMPLE  # noqa: E402


def every_game():
    found = list(games.all_games())
    return found + [EXAMPLE] if EXAMPLE.id not in {g.id for g in found} else found


GAMES = every_game()


@pytest.fixture(params=GAMES, ids=[g.id for g in GAMES])
def game(request):
    g = request.param
    registered = g.id in games.ids()
    if not registered:
        games.register(g)
    yield g
    if not registered:
        games.unregister(g.id)


@pytest.fixture
def ctx(tmp_path):
    return Context(tmp_path)


@pytest.mark.parametrize("size", list(devcheck.SCENE_SIZES))
def test_each_phase_scene_draws_at_phone_and_laptop_size(game, size, ctx):
    devcheck.check_scenes(game, ctx, sizes=[size])


def test_the_scene_takes_taps_and_keys(game, ctx):
    devcheck.check_taps(game, ctx)


def test_a_round_plays_in_process_with_every_card_accounted_for(game, ctx):
    devcheck.check_cards(game, ctx)


def test_new_match_rounds_none_is_the_rule_sets_and_0_is_open_ended(game, ctx):
    """ADDING.md, "Rounds": ``rounds=None`` plays the rule set's rounds (default_rounds),
    ``rounds=0`` has no round limit (the table ends the match, or the rules do)."""
    devcheck.check_rounds(game, ctx)


def test_the_view_filter_hides_every_other_hand(game, ctx):
    devcheck.check_view_hides(game, ctx)


def test_a_play_is_judged_from_worlds_the_seat_could_believe(game, ctx):
    """The mistake marks (felt/contract/analysis.py) work for every game through the contract:
    the seat's world keeps its hand and its moves, and a play is judged."""
    devcheck.check_marks(game, ctx)


def test_the_views_table_keeps_to_the_shared_vocabulary(game, ctx):
    """A view's ``table`` (what the plain table draws) is checked here, so that a bad
    description is a clear error in this test and not a crash in the window."""
    devcheck.check_table_vocabulary(game, ctx)


def test_a_round_plays_over_loopback_and_its_journal_resumes(game, ctx):
    devcheck.check_loopback_resume(game, ctx)


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "laptop"])
def test_the_lobby_rule_editor_howto_and_quiz_open_for_every_game(game, size, ctx):
    """The screens around the table, built from the Game object alone: the lobby of its table,
    its rule editor (its own, or the one from its options), "So wird gespielt" and its quiz."""
    devcheck.check_screens(game, ctx, sizes=[size])


def test_a_match_ended_before_any_round_was_over_has_no_winner_and_the_table_says_so(game, ctx):
    """The host ends a match at once (to change the game, say): nobody has won it, and its
    table says so at phone and laptop size instead of crowning the first seat."""
    devcheck.check_ended_early(game, ctx)


def test_a_finished_match_gives_the_evening_marks_it_can_keep_and_words_for_them(game, ctx):
    """``Game.evening_marks``/``evening_words`` (the lobby's evening, felt/net/evening.py): a mark
    map per seat of short keys and whole numbers that the evening keeps as they are, and words
    in both languages for their sums (a game without the hooks: no marks, no words)."""
    devcheck.check_evening(game, ctx)


def test_a_phones_renderer_joins_and_draws_the_games_table(game, ctx):
    """The renderer the host runs for a phone, in this process at 390x844 CSS pixels and
    pixel ratio 2: the join screen, a seat, the deal, a frame of the game's own table."""
    devcheck.check_phone(game, ctx)


def test_every_check_of_felt_check_game_runs_here_or_in_its_own_test_file():
    """One definition of each rule: every check of `felt check-game` is run by the suite on
    every game (the rule files in test_rule_files.py, the text layout in test_ui_text_layout.py,
    the soak in test_soak_games.py)."""
    import inspect
    import sys
    from pathlib import Path
    here = Path(__file__).parent
    sources = inspect.getsource(sys.modules[__name__]) + "".join(
        (here / f).read_text(encoding="utf-8") for f in ("test_rule_files.py", "test_ui_text_layout.py",
                                                         "test_soak_games.py"))
    for name, chk in devcheck.CHECKS.items():
        assert f"devcheck.{chk.run.__name__}(" in sources, f"no test runs the check {name!r}"


# ------------------------------------------------------------------------- the checks can fail
def _leaky():
    class Leaky(type(EXAMPLE)):
        id = "leaky"

        def view(self, state, seat):
            v = super().view(state, seat)
            if seat is not None and state.hands:
                v["hand"] = v["hand"] + list(state.hands[(seat + 1) % state.n])
            return v
    return Leaky()


def test_the_leak_check_sees_a_view_that_shows_another_hand(tmp_path):
    """The check above over a game whose view lets each seat see the next seat's hand: it
    fails, saying who sees what and the line of the guide that states the rule."""
    with pytest.raises(AssertionError, match="sees seat") as err:
        devcheck.check_view_hides(_leaky(), Context(tmp_path))
    assert "the rule: felt/games/ADDING.md:" in str(err.value)


def test_the_checks_see_a_game_that_breaks_them(tmp_path):
    """A game that breaks a rule fails the check of that rule with a message naming it."""
    class NoRoundEnd(type(EXAMPLE)):
        id = "noend"

        def new_match(self, rules, n, seed, rounds=None):
            return super().new_match(rules, n, seed, 0 if rounds is None else rounds)   # ignores None

    class Winner(type(EXAMPLE)):
        id = "crowned"

        def end_match(self, state):
            s, ev = super().end_match(state)
            s.winner = 0
            return s, ev

    class BadTable(type(EXAMPLE)):
        id = "badtable"

        def view(self, state, seat):
            return dict(super().view(state, seat), table={"piles": [{"cards": "many"}]})
    ctx = Context(tmp_path)
    with pytest.raises(AssertionError, match="rounds=None"):
        devcheck.check_rounds(NoRoundEnd(), ctx)
    with pytest.raises(AssertionError, match="has the winner 0"):
        devcheck.check_ended_early(Winner(), ctx)
    with pytest.raises(AssertionError, match="badtable phase"):
        devcheck.check_table_vocabulary(BadTable(), ctx)


def test_every_checks_rule_is_a_line_of_the_guide():
    for name, chk in devcheck.CHECKS.items():
        assert devcheck.guide_line(chk.rule), f"{name}: ADDING.md no longer says {chk.rule!r}"

"""What felt/games/ADDING.md says in "What the contract means", checked against the code
(the rounds and the rule files have their tests in test_game_contract.py and test_rule_files.py)."""
from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from felt import games  # noqa: E402
from felt.cli import build_parser  # noqa: E402
from felt.net.commands import check_host_args  # noqa: E402
from felt.ui import i18n, layout  # noqa: E402
from tests.toy_highcard import GAME as EXAMPLE  # noqa: E402

GUIDE = (Path(__file__).resolve().parent.parent / "felt" / "games" / "ADDING.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    m = re.search(r"\*\*" + re.escape(title) + r"\*\*(.*?)(?:\n\n|\Z)", GUIDE, re.S)
    assert m, f"ADDING.md has no paragraph {title!r}"
    return " ".join(m.group(1).split())


@pytest.fixture
def example():
    games.register(EXAMPLE)
    yield EXAMPLE
    games.unregister(EXAMPLE.id)


def test_every_paragraph_is_there():
    for title in ("Rounds.", "Rule data names its game.", "What a bot returns.", "Bot levels.",
                  "Texts and catalogs.", "Pixel sizes at phone density.", "Running a table of bots headless.",
                  '"How to play" and the table\'s rounds.'):
        assert len(section(title)) > 100, title


def test_the_headless_command_of_the_guide_starts_by_itself_and_paces_off(example):
    text = section("Running a table of bots headless.")
    cmd = re.search(r"`(felt host [^`]+)`", text).group(1)
    args = build_parser().parse_args(shlex.split(cmd)[1:])
    assert args.headless and args.start_when_full and args.pace == "off" and args.bots == args.players
    assert check_host_args(args) is None           # the example's template, seats and bots fit


def test_the_example_bot_returns_a_wire_move_the_host_takes(example):
    rules = example.template("HC-1")
    state, _ = example.new_match(rules, 3, 1)
    view = example.view(state, state.to_move)
    for level in example.bot_levels:
        move = example.make_bot(level, seed=1).choose(view)
        assert move in view["legal"]                                   # the wire form
        assert example.is_legal(state, state.to_move, example.move_from_wire(move))
    assert "wire" in section("What a bot returns.") and "move value" in section("What a bot returns.")


def test_the_host_takes_a_bot_move_as_a_value_too(example, monkeypatch, caplog):
    """A bot that returns the move value (not the wire dict) plays at the table as well."""
    from tests.test_net_table import Driver

    class ValueBot:
        def choose(self, view):
            return example.move_from_wire(view["legal"][0])

    monkeypatch.setattr(example, "make_bot", lambda level, seed=None, think_ms=None: ValueBot())
    d = Driver(rules="HC-1", players=2, bots=2, bot_delay=0.0, auto_next=-1.0)
    d.t.start_match()
    d.pump()
    d.advance(30)
    assert d.t.state.phase in ("round_over", "match_over") and sum(d.t.state.scores) == 3
    assert "chose badly" not in caplog.text          # taken as it was, not replaced by a random move


def test_how_to_play_sees_the_tables_rounds_with_empty_fixed_rounds_options():
    rules = EXAMPLE.template("HC-1")
    assert EXAMPLE.fixed_rounds_options == {} and "fixed_rounds_options = {}" in GUIDE
    assert EXAMPLE.rules_with_rounds(rules, 5).rounds == 5
    assert EXAMPLE.rules_with_rounds(rules, None) == rules and EXAMPLE.rules_with_rounds(rules, 0) == rules

    class Unset(type(EXAMPLE)):
        fixed_rounds_options = None
    assert Unset().rules_with_rounds(rules, 5) == rules        # None: the rule set unchanged


def test_dp_turns_layout_pixels_into_device_pixels():
    assert "`dp(10)` is 20 at density 2" in GUIDE
    try:
        layout.set_density(2.0)
        assert layout.dp(10) == 20
        assert layout.font_sizes(780, 1688) == {k: v * 2 for k, v in layout._font_sizes(390, 844).items()}
    finally:
        layout.set_density(1.0)
    assert layout.dp(10) == 10


def test_me_texts_and_option_groups_work_as_the_guide_says():
    from felt.ui.playlog import LogLines
    text = section("Texts and catalogs.")
    assert "_me" in text and "oe.group.<group>" in text
    for group in ("table", "cards", "turn", "match"):
        assert f"`{group}`" in text and i18n.has("oe.group." + group)
    i18n.add_texts({"cgtest.out": ("{name} ist raus", "{name} is out"), "cgtest.out_me": ("Du bist raus", "You are out")})

    class Ctx:
        me = 1

    class E:
        seat = 1
    assert LogLines.say("cgtest.out", E, Ctx, name="Anna") in ("Du bist raus", "You are out")
    E.seat = 0
    assert LogLines.say("cgtest.out", E, Ctx, name="Anna") in ("Anna ist raus", "Anna is out")


def test_a_level_without_a_text_shows_as_its_name():
    assert i18n.level_name("greedy") == "greedy"
    assert i18n.level_name("easy") == i18n.t("level.easy") != "level.easy"

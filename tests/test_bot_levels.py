"""A game's own bot levels (Game.bot_levels) reach `felt host --bot-level`, the table's
add_bot and set_options, the lobby message and the lobby's level button: the guide's example
game ("Höhere Karte", tests/toy_highcard.py) has only easy and normal."""
from __future__ import annotations

import os

import pytest

from felt import games
from felt.cli import build_parser
from felt.net import schema
from felt.net.commands import check_host_args
from tests.test_net_table import Driver
from tests.toy_highcard import GAME as TOY


@pytest.fixture
def toy():
    games.register(TOY)
    yield TOY
    games.unregister(TOY.id)


def _host_args(*extra):
    return build_parser().parse_args(["host", "--headless", *extra])


def test_felt_host_takes_only_the_games_levels(toy):
    assert TOY.bot_levels == ("easy", "normal")
    problem = check_host_args(_host_args("--rules", "HC-1", "--players", "3", "--bot-level", "hard"))
    assert problem and "--bot-level hard" in problem and "easy, normal" in problem
    assert check_host_args(_host_args("--rules", "HC-1", "--players", "3", "--bot-level", "easy")) is None
    # the built-in games keep their three; a level of no game is refused there too
    assert check_host_args(_host_args("--rules", "PR-002", "--bot-level", "hard")) is None
    problem = check_host_args(_host_args("--rules", "PR-002", "--bot-level", "genius"))
    assert problem and "easy, normal, hard" in problem


def test_the_default_level_is_one_the_game_has():
    class OnlyTwo(type(TOY)):
        bot_levels = ("random", "greedy")
    g = OnlyTwo()
    assert g.bot_level(None) == "random" and g.bot_level("normal") == "random" and g.bot_level("random") == "random"
    assert TOY.bot_level("hard") == "normal" and TOY.bot_level(None) == "normal"


def test_the_table_offers_and_checks_the_games_levels(toy):
    d = Driver(rules="HC-1", players=4, bots=1, bot_level="hard")   # "hard": not this game's
    assert d.t.seats[0].level == "normal" and d.t.options["bot_level"] == "normal"
    owner = d.join("Wirt", token=d.t.admin_token)
    lobby = d.last(owner, "lobby")
    assert lobby["bot_levels"] == ["easy", "normal"]
    assert schema.validate_host(lobby)["bot_levels"] == ["easy", "normal"]
    d.send(owner, {"t": "add_bot", "level": "hard"})
    err = d.last(owner, "error")
    assert err["code"] == "lobby" and "easy, normal" in err["msg"]
    assert [s.kind for s in d.t.seats].count("bot") == 1
    d.send(owner, {"t": "set_options", "bot_level": "hard"})
    assert d.t.options["bot_level"] == "normal"
    d.send(owner, {"t": "add_bot", "level": "easy"})
    assert [s.level for s in d.t.seats if s.kind == "bot"] == ["normal", "easy"]
    d.send(owner, {"t": "set_rules", "game": games.default().id})   # another game: its levels
    assert d.last(owner, "lobby")["bot_levels"] == ["easy", "normal", "hard"]


def test_the_lobby_button_steps_through_the_games_levels(toy):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    lobby = dict(demo_lobby(), bot_levels=["easy", "normal"])
    scene = LobbyScene(lobby, my_seat=0, admin=True)
    scene.set_size(390, 844)
    assert [v for v, _ in scene.level.options] == ["easy", "normal"]
    seen = set()
    for _ in range(4):
        scene.level.on_click()
        seen.add(scene.level.value)
    assert seen == {"easy", "normal"}
    scene.add_bot(4)
    assert scene.sent[-1]["level"] in ("easy", "normal")
    # a host that names no levels (older): the built-in three
    old = LobbyScene(demo_lobby(), my_seat=0, admin=True)
    assert [v for v, _ in old.level.options] == ["easy", "normal", "hard"]

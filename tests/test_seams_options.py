"""Issue 43, seam 2 (option x option): every lobby option changes alone. A hints-only
``set_options`` cleared the rounds the owner had set; a template change did the same. The
sans-I/O table is driven by messages (no sockets); the lobby scene's controls are tapped
and what they send is read."""
from __future__ import annotations

import os

import pytest

from tests.test_net_table import Driver

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _settings(lobby: dict) -> dict:
    """Everything the owner can set in the lobby, as the lobby message says it."""
    return {**lobby["options"], "name": lobby["table"], "template": lobby["template"], "game": lobby["game"],
            "n": lobby["n"]}


# each lobby option on its own: the message that changes it, and what it then reads
CHANGES = [
    ("turn_timer", {"t": "set_options", "turn_timer": 45}, 45.0),
    ("reconnect_wait", {"t": "set_options", "reconnect_wait": 90}, 90.0),
    ("bot_level", {"t": "set_options", "bot_level": "easy"}, "easy"),
    ("bot_delay", {"t": "set_options", "bot_delay": 2.5}, 2.5),
    ("auto_next", {"t": "set_options", "auto_next": 4}, 4.0),
    ("pace", {"t": "set_options", "pace": "calm"}, "calm"),
    ("hints", {"t": "set_options", "hints": True}, True),
    ("rounds", {"t": "set_options", "rounds": 7}, 7),
    ("name", {"t": "set_options", "name": "Stammtisch"}, "Stammtisch"),
    ("template", {"t": "set_rules", "game": "praesident", "template": "PR-003"}, "PR-003"),
    ("n", {"t": "set_seats", "n": 5}, 5),
]


@pytest.mark.parametrize("key,msg,want", CHANGES, ids=[c[0] for c in CHANGES])
def test_each_lobby_option_changes_alone(key, msg, want):
    d = Driver(players=4, rules="PR-002")
    owner = d.join("Wirt", token=d.t.admin_token)
    # every option away from its default first, so that a reset to a default shows
    d.send(owner, {"t": "set_options", "turn_timer": 20, "reconnect_wait": 60, "bot_level": "hard",
                   "bot_delay": 1.5, "auto_next": 2, "pace": "fast", "hints": False, "rounds": 3,
                   "name": "Filzrunde"})
    before = _settings(d.last(owner, "lobby"))
    assert before["rounds"] == 3 and before["hints"] is False and before["pace"] == "fast"
    assert before[key] != want
    d.send(owner, msg)
    assert d.last(owner, "error") is None
    after = _settings(d.last(owner, "lobby"))
    assert after[key] == want
    assert {k: v for k, v in after.items() if k != key} == {k: v for k, v in before.items() if k != key}


def test_another_game_keeps_every_option_and_an_edited_rounds_rule_replaces_the_override():
    d = Driver(players=4, rules="PR-002")
    owner = d.join("Wirt", token=d.t.admin_token)
    d.send(owner, {"t": "set_options", "rounds": 3, "hints": False, "turn_timer": 20})
    d.send(owner, {"t": "set_rules", "game": "maumau"})
    lob = d.last(owner, "lobby")
    assert lob["game"] == "maumau" and lob["options"]["rounds"] == 3 and lob["options"]["hints"] is False
    assert lob["options"]["turn_timer"] == 20.0
    # the rules editor sends a whole rule set: the same rounds keep the override ...
    g = d.t.game
    rules = g.rules_to_dict(d.t.rules)
    d.send(owner, {"t": "set_rules", "game": "maumau", "rules": rules})
    assert d.last(owner, "lobby")["options"]["rounds"] == 3
    # ... rounds edited in the rule set are the owner's newest choice: the override goes
    rules["rounds"] = (rules.get("rounds") or 0) + 2
    d.send(owner, {"t": "set_rules", "game": "maumau", "rules": rules})
    lob = d.last(owner, "lobby")
    assert lob["options"]["rounds"] is None and lob["rules"]["rounds"] == rules["rounds"]
    assert lob["options"]["hints"] is False and lob["options"]["turn_timer"] == 20.0


def test_each_lobby_control_sends_only_its_own_option():
    """The owner's lobby: every control sends a message that names its option only."""
    import pygame
    from felt.net.table import Table
    from felt.ui.lobby_scene import LobbyScene
    pygame.init()
    t = Table(rules="PR-002", players=4)
    sent: list[dict] = []
    sc = LobbyScene(t.lobby_msg(), my_seat=0, admin=True, on_send=sent.append)
    sc.set_size(390, 844)
    controls = {"turn_timer": sc.turn_timer, "rounds": sc.rounds, "hints": sc.hints, "template": sc.template,
                "n": sc.n_seats}
    for key, control in controls.items():
        sent.clear()
        control.step(1)
        assert len(sent) == 1, (key, sent)
        msg = dict(sent[0])
        kind = msg.pop("t")
        if key == "template":
            assert kind == "set_rules" and set(msg) <= {"game", "template"}
        elif key == "n":
            assert kind == "set_seats" and set(msg) == {"n"}
        else:
            assert kind == "set_options" and set(msg) == {key}, (key, msg)


def test_the_windows_next_table_starts_with_the_owners_last_options(app_factory, cfg):
    """Every option the owner sets in the lobby is the next table's, hints too (the window's
    "Tisch eröffnen" goes through felt.net.tableconfig with the window's settings)."""
    from tests.ui_app_helpers import click, pump
    app = app_factory((1280, 720), host_defaults={"players": 3})
    ctl = app.controller
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.lobby is not None and ctl.admin, what="the owner's lobby")
    for msg in ({"t": "set_options", "hints": False}, {"t": "set_options", "rounds": 3},
                {"t": "set_options", "turn_timer": 20}):
        assert ctl.send(msg)
    pump(app, lambda: ctl.lobby["options"].get("turn_timer") == 20.0 and ctl.lobby["options"]["rounds"] == 3,
         what="the options on the host")
    assert ctl.lobby["options"]["hints"] is False
    ctl.leave()
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.lobby is not None and ctl.admin and ctl.host is not None, what="the next table")
    opts = ctl.host.call(lambda h: (h.options["hints"], h.rounds, h.options["turn_timer"]))
    assert opts == (False, 3, 20.0)

"""The owner picks the game, then a template, in the lobby: a "Spiel" choice lists
the games the host offers (only when there is more than one), the template choice the table's
game's templates."""
from __future__ import annotations

import pygame
import pytest

from felt.games.praesident.rules import TEMPLATE_ORDER


def _games():
    return [{"id": "praesident", "name": {"de": "Präsident", "en": "President"}, "templates": list(TEMPLATE_ORDER)},
            {"id": "highcard", "name": {"de": "Höhere Karte", "en": "Higher card"}, "templates": ["HC-1", "HC-3"]}]


def test_one_game_only_looks_as_before():
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    pygame.init()
    lob = demo_lobby()
    sc = LobbyScene(dict(lob, game="praesident", games=_games()[:1]), my_seat=0, admin=True)
    sc.set_size(1280, 720)
    assert [v for v, _ in sc.template.options] == list(TEMPLATE_ORDER)
    assert not sc.game_choice.visible
    sc.template.step(1)
    assert sc.sent[-1] == {"t": "set_rules", "game": "praesident", "template": TEMPLATE_ORDER[1]}


def test_owner_switches_the_game_then_picks_its_template():
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    pygame.init()
    lob = dict(demo_lobby(), game="praesident", games=_games())
    sc = LobbyScene(lob, my_seat=0, admin=True)
    sc.set_size(1280, 720)
    assert sc.game_choice.visible and sc.game_choice.value == "praesident"
    assert [label for _, label in sc.game_choice.options] == ["Präsident", "Höhere Karte"]
    assert [v for v, _ in sc.template.options] == list(TEMPLATE_ORDER)     # no other game among them
    sc.game_choice.step(1)                                                   # tap its right arrow
    assert sc.sent[-1] == {"t": "set_rules", "game": "highcard"}
    # the host answers with the new game: its templates, and a way back to Präsident
    sc.set_lobby(dict(lob, game="highcard", template="HC-1", players=[2, 6],
                      rules={"id": "HC-1", "name": "Higher card"}), 0, True)
    assert [v for v, _ in sc.n_seats.options] == [2, 3, 4, 5, 6]  # the host's range for that game
    assert [v for v, _ in sc.template.options] == ["HC-1", "HC-3"]
    assert sc.game_choice.value == "highcard"
    sc._template_changed("HC-3")
    assert sc.sent[-1] == {"t": "set_rules", "game": "highcard", "template": "HC-3"}


def test_a_guest_sees_no_game_choice_and_a_running_match_keeps_its_game():
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    pygame.init()
    lob = dict(demo_lobby(), game="praesident", games=_games())
    guest = LobbyScene(lob, my_seat=1, admin=False)
    guest.set_size(390, 844)
    assert not guest.game_choice.visible
    owner = LobbyScene(dict(lob, running=True), my_seat=0, admin=True)
    owner.set_size(390, 844)
    owner._game_changed("highcard")
    assert not any(m.get("t") == "set_rules" for m in owner.sent)


def test_rounds_choice_shows_the_tables_game_default_not_praesidents():
    """A Schwimmen table plays until one player is left (its rule set: 0 rounds, open-ended):
    the lobby's rounds choice said "5 (Standard)" there, Präsident's default."""
    from felt.net.table import Table
    from felt.ui.lobby_scene import LobbyScene
    pygame.init()
    t = Table(rules="SW-STD", players=4)
    lob = t.lobby_msg()
    assert lob["game"] == "schwimmen" and lob["default_rounds"] == 0 and lob["options"]["rounds"] is None
    sc = LobbyScene(lob, my_seat=0, admin=True)
    sc.set_size(1280, 720)
    assert sc.rounds.value == 0
    assert dict(sc.rounds.options)[0] == "offen (Standard)"
    assert "5 (Standard)" not in dict(sc.rounds.options).values()
    sc.rounds.step(1)                                           # the owner caps the match at some rounds
    assert sc.sent[-1]["t"] == "set_options" and sc.sent[-1]["rounds"] > 0


@pytest.mark.parametrize("density", [1.0, 2.0])
def test_the_lobby_keeps_its_rules_when_the_window_turns_from_landscape_to_portrait(density):
    """A phone turned upright (or a window made narrow): the rules block and its button move
    into the one column and stay readable, without waiting for the next lobby message."""
    import pygame
    from felt import games
    from felt.ui import layout
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    from felt.ui.scene import SceneStack
    pygame.init()
    game = games.get("maumau")
    lobby = dict(demo_lobby(), game=game.id, template="MM-STD", rules=game.rules_to_dict(game.template("MM-STD")))
    sc = LobbyScene(lobby, my_seat=2, admin=False, address="x", on_menu=lambda: None)
    stack = SceneStack((800, 600))
    stack.push(sc)
    wide = pygame.Rect(sc.rules_block.rect)
    try:
        layout.set_density(density)
        size = (int(390 * density), int(844 * density))
        stack.set_size(*size)
        stack.draw(pygame.Surface(size))
    finally:
        layout.set_density(1.0)
    tall = sc.rules_block.rect
    assert wide.left > 300 and tall.w > size[0] * 0.8, (wide, tall)
    assert sc.rules_btn.rect.w > size[0] * 0.8 and sc.rules_btn.rect.top > tall.top


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_a_guest_lobby_names_the_game_the_table_plays_next(size, monkeypatch):
    """A guest has no game picker (and a phone no room for one): the header says which game
    the table plays, under the table's name, and follows the owner's choice."""
    from felt import games
    from felt.ui import i18n, shell
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    pygame.init()
    drawn: list[str] = []
    real = shell.draw_text
    monkeypatch.setattr(shell, "draw_text", lambda surf, text, *a, **kw: (drawn.append(str(text)),
                                                                           real(surf, text, *a, **kw))[1])
    offered = [{"id": g.id, "name": g.name, "templates": g.template_ids()} for g in games.all_games()]
    guest = LobbyScene(dict(demo_lobby(), game=offered[0]["id"], games=offered), my_seat=1, admin=False)
    guest.set_size(*size)
    for g in games.all_games():
        guest.set_lobby(dict(demo_lobby(), game=g.id, games=offered, template=g.template_ids()[0],
                             rules=g.rules_to_dict(g.template(g.template_ids()[0]))), 1, False)
        drawn.clear()
        guest.draw(pygame.Surface(size))
        assert f"{i18n.t('lobby.title')} · {g.name[i18n.get_lang()]}" in drawn, (g.id, drawn)


def test_the_owners_rounds_stay_when_the_game_changes_on_a_phone(app_factory):
    """The owner set 3 rounds, then picked another game: the lobby said the new game's own
    count again (the host forgets the override with the rule set), so a choice made before
    picking the game was lost without a word. Now the 3 rounds stay, on the host too."""
    from tests.ui_app_helpers import click, pump
    app = app_factory((390, 844), host_defaults={"players": 4, "rules": "PR-002"})
    ctl = app.controller
    click(app, ctl.main.host_btn, touch=True)
    pump(app, lambda: ctl.lobby is not None and ctl.admin and ctl.kind == "lobby", what="the owner's lobby")
    lobby, host = ctl.main, ctl.host
    assert lobby.rounds.value == 5 and lobby.game_choice.visible
    for want in (4, 3):                              # ‹ twice: 5 -> 4 -> 3
        lobby.left.scroll_to(lobby.rounds)
        pump(app)
        click(app, lobby.rounds._parts()[1], touch=True)
        pump(app, lambda: host.call(lambda h: h.rounds) == want and ctl.lobby["options"]["rounds"] == want
             and lobby.rounds.value == want, what=f"{want} rounds")
    old = ctl.lobby["game"]
    lobby.left.scroll_to(lobby.game_choice)
    pump(app)
    click(app, lobby.game_choice._parts()[3], touch=True)          # › : the next game
    pump(app, lambda: ctl.lobby["game"] != old and host.call(lambda h: h.game.id) != old, what="another game")
    pump(app, lambda: host.call(lambda h: h.rounds) == 3 and ctl.lobby["options"]["rounds"] == 3, what="3 rounds kept")
    assert ctl.main.rounds.value == 3
    assert ctl.main.rounds.options[ctl.main.rounds.index][1] == "3"


def test_open_ended_rounds_sit_before_one_and_step_in_a_natural_order():
    """A Schwimmen table plays until one is left ("offen"): one step up from there is a
    single round (it went to 20 first), and stepping down from 2 goes 1, then "offen"."""
    from felt.net.table import Table
    from felt.ui.lobby_scene import LobbyScene
    pygame.init()
    lob = Table(rules="SW-STD", players=4).lobby_msg()
    sc = LobbyScene(lob, my_seat=0, admin=True)
    sc.set_size(390, 844)
    assert [v for v, _ in sc.rounds.options][:4] == [0, 1, 2, 3]
    assert sc.rounds.value == 0 and sc.rounds.options[0] == (0, "offen (Standard)")
    sc.rounds.step(-1)                                   # nothing below "offen"
    assert not sc.sent
    sc.rounds.step(1)
    assert sc.sent[-1] == {"t": "set_options", "rounds": 1}
    sc.set_lobby(dict(lob, options=dict(lob["options"], rounds=2)), 0, True)
    sc.rounds.step(-1)
    assert sc.sent[-1] == {"t": "set_options", "rounds": 1}
    sc.set_lobby(dict(lob, options=dict(lob["options"], rounds=1)), 0, True)
    sc.rounds.step(-1)
    assert sc.sent[-1] == {"t": "set_options", "rounds": 0}


def _tap(stack, point) -> None:
    from felt.ui.scene import PRESS, RELEASE, Input
    stack.handle(Input(PRESS, tuple(point), source="touch"))
    stack.handle(Input(RELEASE, tuple(point), source="touch"))
    stack.draw(pygame.Surface(stack.size))


def test_the_owners_seat_menu_closes_when_the_seat_changes_hands():
    """The owner tapped Hans-Peter's seat; Hans-Peter left and Lena sat down there: the menu
    stayed open, and its "Entfernen" removed Lena. A seat whose player only went away, or
    the player the owner just moved, keeps the menu."""
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    from felt.ui.scene import SceneStack
    pygame.init()
    lob = demo_lobby()
    sc = LobbyScene(lob, my_seat=0, admin=True)
    stack = SceneStack((390, 844))
    stack.push(sc)
    stack.draw(pygame.Surface((390, 844)))
    sc.left.scroll_to(sc.seat_rows[2])
    _tap(stack, sc.seat_rows[2].rect.center)
    assert sc.selected == 2 and sc.remove_btn.visible
    seats = [dict(s) for s in lob["seats"]]
    seats[2]["connected"] = False                          # only gone for a moment: the same player
    sc.set_lobby(dict(lob, seats=seats), 0, True)
    assert sc.selected == 2 and sc.remove_btn.visible
    seats[2].update(name="Lena", connected=True)           # Hans-Peter left, Lena took the seat
    sc.set_lobby(dict(lob, seats=seats), 0, True)
    stack.draw(pygame.Surface((390, 844)))
    assert sc.selected is None and not sc.remove_btn.visible
    sc.remove()
    assert not any(m.get("t") == "kick" for m in sc.sent)
    # the owner moves Bot 2 down a seat: the menu follows the bot to its new place
    sc.left.scroll_to(sc.seat_rows[1])
    stack.draw(pygame.Surface((390, 844)))
    _tap(stack, sc.seat_rows[1].rect.center)
    assert sc.selected == 1
    sc.move(1)
    assert sc.sent[-1] == {"t": "reorder", "order": [0, 2, 1, 3, 4]}
    moved = [dict(s) for s in seats]
    moved[1], moved[2] = dict(seats[2], seat=1), dict(seats[1], seat=2)
    sc.set_lobby(dict(lob, seats=moved), 0, True)
    assert sc.selected == 2 and sc.seats[2]["name"] == "Bot 2" and sc.remove_btn.visible
    sc.remove()
    assert sc.sent[-1] == {"t": "remove_bot", "seat": 2}

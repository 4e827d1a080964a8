"""The owner picks the game, then a template, in the lobby (issue 11): the template choice
lists the table's game's templates and, below them, the other games the host offers."""
from __future__ import annotations

import pygame

from felt.rules import TEMPLATE_ORDER


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
    sc.template.step(1)
    assert sc.sent[-1] == {"t": "set_rules", "template": TEMPLATE_ORDER[1]}


def test_owner_switches_the_game_then_picks_its_template():
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    pygame.init()
    lob = dict(demo_lobby(), game="praesident", games=_games())
    sc = LobbyScene(lob, my_seat=0, admin=True)
    sc.set_size(1280, 720)
    values = [v for v, _ in sc.template.options]
    assert values[:len(TEMPLATE_ORDER)] == list(TEMPLATE_ORDER) and values[-1] == "game:highcard"
    assert sc.template.options[-1][1].endswith("Höhere Karte")
    sc.template.set_value("game:highcard")
    sc._template_changed("game:highcard")
    assert sc.sent[-1] == {"t": "set_rules", "game": "highcard"}
    # the host answers with the new game: its templates, and a way back to Präsident
    sc.set_lobby(dict(lob, game="highcard", template="HC-1", players=[2, 6],
                      rules={"id": "HC-1", "name": "Higher card"}), 0, True)
    assert [v for v, _ in sc.n_seats.options] == [2, 3, 4, 5, 6]  # the host's range for that game
    values = [v for v, _ in sc.template.options]
    assert values == ["HC-1", "HC-3", "game:praesident"]
    sc._template_changed("HC-3")
    assert sc.sent[-1] == {"t": "set_rules", "game": "highcard", "template": "HC-3"}

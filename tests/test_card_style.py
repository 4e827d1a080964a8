"""Four-colour cards and big indices ("Große Zeichen"): the settings reach the card art."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from felt.cards import Card, card_code
from felt.ui import cardart, settings as settings_mod
from felt.ui.card_style import apply_card_style


@pytest.fixture(autouse=True)
def _plain():
    pygame.init()
    cardart.set_style(False, False)
    yield
    cardart.set_style(False, False)


def C(rank, suit):
    return Card(0, rank, suit, 0, False, card_code(suit, rank))


def _index_colour(card, size=(90, 130)):
    """The mean colour of the ink in the top-left index of ``card``'s face."""
    s = cardart.card_surface(card, size)
    w, h = size
    ink = []
    for x in range(2, int(w * 0.3)):
        for y in range(2, int(h * 0.35)):
            r, g, b, a = s.get_at((x, y))
            if a > 200 and r + g + b < 600:
                ink.append((r, g, b))
    assert ink
    return tuple(sum(c[i] for c in ink) // len(ink) for i in range(3))


def _ink_box(card, size=(90, 130)):
    s = cardart.card_surface(card, size)
    w, h = size
    xs, ys = [], []
    for x in range(1, w // 2):
        for y in range(1, int(h * 0.3)):
            r, g, b, a = s.get_at((x, y))
            if a > 200 and r + g + b < 600:
                xs.append(x)
                ys.append(y)
    return max(xs) - min(xs), max(ys) - min(ys)


def _close(a, b):
    return sum(abs(x - y) for x, y in zip(a, b)) < 40


def test_four_colours_tell_karo_from_herz():
    karo, herz = C("7", "D"), C("7", "H")
    assert _close(_index_colour(karo), _index_colour(herz))          # both red, the classic deck
    cardart.set_style(True, False)
    k, h = _index_colour(karo), _index_colour(herz)
    assert not _close(k, h)
    assert k[2] > k[0]                                               # Karo is blue
    kreuz, pik = _index_colour(C("7", "C")), _index_colour(C("7", "S"))
    assert not _close(kreuz, pik) and kreuz[1] > kreuz[0]            # Kreuz green, Pik black


def test_big_indices_are_bigger():
    small = _ink_box(C("7", "S"))
    corner = cardart._corner(C("7", "S"), 90, 130).get_size()
    cardart.set_style(False, True)
    big = _ink_box(C("7", "S"))
    assert big[0] > small[0]                                         # the index's ink is wider on the face
    big_corner = cardart._corner(C("7", "S"), 90, 130).get_size()
    assert big_corner[0] > corner[0] and big_corner[1] > corner[1] * 1.2


def test_style_persists_and_reaches_the_art(tmp_path):
    s = settings_mod.load(tmp_path)
    assert (s.four_colour, s.big_index) == (False, False)            # off by default
    s.four_colour = s.big_index = True
    settings_mod.save(s, tmp_path)
    again = settings_mod.load(tmp_path)
    assert (again.four_colour, again.big_index) == (True, True)
    apply_card_style(again)
    assert cardart.style() == (True, True)
    assert settings_mod.Settings.from_dict({"four_colour": "yes"}).four_colour is False


def test_log_chips_follow_the_style():
    from felt.ui import playlog
    plain = playlog.card_chip(C("9", "D"), 20)
    cardart.set_style(True, False)
    four = playlog.card_chip(C("9", "D"), 20)
    assert plain is not four


def test_menu_switch_saves_and_applies(tmp_path):
    """The menu's switch (window and phone: the same controller) saves the choice and the
    card art draws with it at once; a new controller (the next run) starts with it."""
    from felt.ui.card_style import card_style_items
    from felt.ui.controller import Controller
    from felt.ui.shell import AppStack
    ctl = Controller(AppStack((390, 844)), settings_mod.load(tmp_path), settings_base=tmp_path, discover=False)
    labels = [text for text, _, _ in card_style_items(ctl)]
    assert len(labels) == 2 and all(label.endswith(("aus", "off")) for label in labels)
    card_style_items(ctl)[0][1]()                       # "Vier Farben"
    assert cardart.style() == (True, False)
    assert settings_mod.load(tmp_path).four_colour is True
    cardart.set_style(False, False)
    Controller(AppStack((390, 844)), settings_mod.load(tmp_path), settings_base=tmp_path, discover=False)
    assert cardart.style() == (True, False)

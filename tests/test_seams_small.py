"""Issue 43, seam 9's small things: the template's name in the lobby's language; the menu's
card switches keep the menu open; the match winner's line; the browser table's keys; the
lobby's seats and options at phone and laptop sizes."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from felt import games  # noqa: E402
from felt.ui import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def _lang():
    pygame.init()
    yield
    i18n.set_lang("de")


def test_every_shipped_template_has_its_name_in_both_languages_and_german_is_the_files():
    from felt.ui.start_scene import template_name
    for g in games.all_games():
        for tid in g.template_ids():
            i18n.set_lang("de")
            assert template_name(tid) == g.template(tid).name, tid      # the catalog keeps the file's name
            i18n.set_lang("en")
            en = template_name(tid)
            assert en and i18n.has(f"template.{tid}"), tid


@pytest.mark.parametrize("gid,tid,de,en", [("schwimmen", "SW-RUNDEN", "Schwimmen auf Runden", "Schwimmen by rounds"),
                                           ("praesident", "PR-002", "Standardregeln", "Standard rules")])
def test_the_lobby_names_the_template_in_its_language(gid, tid, de, en):
    from felt.net.table import Table
    from felt.ui.lobby_scene import LobbyScene
    lob = Table(rules=tid, players=4).lobby_msg()
    for lang, name in (("de", de), ("en", en)):
        i18n.set_lang(lang)
        sc = LobbyScene(lob, my_seat=0, admin=True)
        sc.set_size(390, 844)
        assert sc.template.options[sc.template.index][1] == name
        assert name in sc.rules_block.title
    # a rule set the owner named keeps its own name
    g = games.get(gid)
    rules = dict(g.rules_to_dict(g.template(tid)), name="Unsere Hausregeln")
    sc = LobbyScene(dict(lob, rules=rules), my_seat=0, admin=True)
    sc.set_size(390, 844)
    assert "Unsere Hausregeln" in sc.rules_block.title


def test_the_card_switches_keep_the_menu_open_and_say_their_new_state(app_factory):
    """Four colours and big indices (and sound, auto-pass) are switched in place: the menu
    closed after each before, so two switches meant opening it twice."""
    from felt.ui import cardart
    from felt.ui.shell import MenuOverlay
    from tests.ui_app_helpers import click
    app = app_factory((390, 844))
    ctl = app.controller
    ctl.open_menu()
    app.step(block=False)
    menu = app.stack.top
    assert isinstance(menu, MenuOverlay)
    four = next(b for b in menu.buttons if b.text.startswith(i18n.t("cards.four_colour")))
    big = next(b for b in menu.buttons if b.text.startswith(i18n.t("cards.big_index")))
    assert four.text.endswith(i18n.t("off")) and big.text.endswith(i18n.t("off"))
    click(app, four)
    assert app.stack.top is menu and four.text.endswith(i18n.t("on")) and cardart.style() == (True, False)
    click(app, big)
    assert app.stack.top is menu and big.text.endswith(i18n.t("on")) and cardart.style() == (True, True)
    assert ctl.settings.four_colour and ctl.settings.big_index
    sound = menu.buttons[1]
    click(app, sound)
    assert app.stack.top is menu and ctl.settings.muted and sound.text == i18n.t("unmute")
    click(app, menu.buttons[0])                           # "Weiter" closes it
    assert app.stack.top is not menu
    cardart.set_style(False, False)


def test_a_laptop_browser_says_it_has_a_keyboard_and_its_table_names_the_keys():
    """The browser's table did not name the keys the window names ("Enter = Legen · …"): the
    renderer took any pixel ratio but 1 for a phone. The page now says whether its browser has
    a keyboard (a fine pointer that hovers); a key pressed there says so too."""
    from felt.games.praesident.engine import view
    from felt.games.praesident.snapshots import demo_states
    from felt.games.praesident.table_scene import TableScene
    from felt.net.gateway import parse_page_message
    from felt.ui import layout
    import json
    hello = {"t": "hello", "w": 1280, "h": 720, "dpr": 2}
    said = lambda m: parse_page_message(json.dumps(m))["kb"]      # noqa: E731
    assert said(dict(hello, kb=True)) is True
    assert said(hello) is False and said(dict(hello, kb="yes")) is False
    st = demo_states("PR-002", 4, 7)["table"][0]
    try:
        for kb, density, size, want in ((True, 2.0, (2560, 1440), True), (False, 2.0, (2560, 1440), False),
                                        (False, 2.0, (1688, 780), False), (True, 1.0, (1280, 720), True)):
            layout.set_density(density)
            layout.set_keyboard(kb)
            sc = TableScene(None, names=["Anna", "Ben", "Cleo", "Dora"], settings={"muted": True})
            sc.set_size(*size)
            sc.set_view(view(st, st.to_move), [])
            assert sc.keys_hint() is want and sc.remote_state()["keys"] is want, (kb, density, size)
    finally:
        layout.set_density(1.0)
        layout.set_keyboard(True)
    js = open(os.path.join(os.path.dirname(__file__), "..", "felt", "net", "phone", "phone.js"), encoding="utf-8").read()
    assert "(hover: hover) and (pointer: fine)" in js and "kb:" in js


def _owner_lobby(size):
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    sc = LobbyScene(demo_lobby(), my_seat=0, admin=True, address="192.168.1.20:5000")
    sc.on_open_browser = lambda url: None
    sc.set_phone_url("http://192.168.1.20:8080/")      # the host's window shows the phones' code
    sc.set_size(*size)
    return sc


@pytest.mark.parametrize("size", [(390, 844), (1024, 768), (1280, 720), (1366, 768)])
def test_the_lobby_shows_every_seat_without_scrolling(size):
    """The fifth seat lay under the phones' code, behind a thin scroll bar."""
    sc = _owner_lobby(size)
    forms = (sc.left, sc.right, sc.third)
    assert len(sc.seat_rows) == 5
    for row in sc.seat_rows:
        form = next(f for f in forms if any(w is row for w, _ in f.items))
        assert form.view_rect().contains(row.rect), (size, row.rect, form.view_rect())


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1440, 900)])
def test_a_laptops_lobby_shows_everything_without_scrolling(size):
    """A laptop's window: the seats, the options down to "Tipps" and what is under them (the
    rules, "Regeln bearbeiten"), and the phones' code, side by side, nothing to scroll."""
    sc = _owner_lobby(size)
    assert sc.three_columns()
    shown = [w for f in (sc.left, sc.right, sc.third) for w, _ in f.items]
    for w in (sc.hints, sc.rules_block, sc.rules_btn, sc.phone_code, sc.browser_btn, sc.seat_rows[-1]):
        assert any(x is w for x in shown)
    for f in (sc.left, sc.right, sc.third):
        assert f.max_scroll() == 0 and f.more_rect() is None, (size, f.rect, f.content_h())


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_a_column_that_scrolls_says_there_is_more_and_a_tap_there_shows_it(size):
    from felt.ui.scene import PRESS, RELEASE, Input
    sc = _owner_lobby(size)
    form = sc.left
    strip = form.more_rect()
    assert form.max_scroll() > 0 and strip is not None and strip.h >= 20
    assert not form.view_rect().colliderect(strip)            # nothing of the column under the strip
    surf = pygame.Surface(size)
    sc.draw(surf)
    before = form.scroll
    form.handle(Input(PRESS, pos=strip.center))
    form.handle(Input(RELEASE, pos=strip.center))
    assert form.scroll > before

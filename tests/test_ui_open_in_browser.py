"""The host's lobby offers to open the table's page in this computer's browser: the way in for
a screen-reader user on a laptop (a pygame window has no accessibility API). The button sits
under the phones' QR code, hands the controller the page's address, and the controller says
whether a browser opened."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt.ui import i18n, layout  # noqa: E402
from felt.ui.controller import Controller  # noqa: E402
from felt.ui.lobby_scene import LobbyScene, demo_lobby  # noqa: E402
from felt.ui.scene import PRESS, RELEASE, Input  # noqa: E402

URL = "http://192.168.1.20:40124/"


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    i18n.set_lang("de")
    yield
    layout.set_density(1.0)
    i18n.set_lang("de")


def _lobby(size, density=1.0, opener=None, url=URL):
    layout.set_density(density)
    sc = LobbyScene(demo_lobby(), my_seat=0, admin=True, address="192.168.1.20:40123", on_menu=lambda: None)
    sc.on_open_browser = opener
    sc.set_phone_url(url)
    sc.set_size(*size)
    return sc


def _tap(sc, point) -> None:
    sc.handle(Input(PRESS, tuple(point), source="touch"))
    sc.handle(Input(RELEASE, tuple(point), source="touch"))


@pytest.mark.parametrize("size,density", [((1280, 800), 1.0), ((1024, 600), 1.0), ((780, 1688), 2.0)])
def test_the_button_under_the_code_opens_the_page_of_this_table(size, density):
    opened = []
    sc = _lobby(size, density, opened.append)
    form = sc.left
    assert sc.browser_btn.visible and sc.browser_btn.text == "Hier im Browser öffnen"
    form.scroll_to(sc.browser_btn)
    surface = pygame.Surface(size)
    sc.draw(surface)
    b = sc.browser_btn.rect
    assert pygame.Rect(0, 0, *size).contains(b) and b.h >= 44, b
    # it stands right under the code, never over it
    assert b.top >= sc.phone_code.rect.bottom and not b.colliderect(sc.phone_code.rect)
    _tap(sc, b.center)
    assert opened == [URL]


def test_no_button_without_a_page_or_without_a_way_to_open_it():
    assert not _lobby((1280, 800), opener=None).browser_btn.visible       # a window that cannot open one
    assert not _lobby((1280, 800), opener=lambda u: None, url="").browser_btn.visible   # a guest: no page


class _Stack:
    def __init__(self):
        self.notes = []

    def notify(self, text, kind="info", seconds=2.6):
        self.notes.append((text, kind))


class _Ctl:
    open_in_browser = Controller.open_in_browser

    def __init__(self):
        self.stack = _Stack()


@pytest.mark.parametrize("result", [True, False, OSError("no display")])
def test_the_controller_opens_the_browser_and_says_whether_it_worked(monkeypatch, result):
    import webbrowser
    calls = []

    def fake_open(url, new=0, autoraise=True):
        calls.append((url, new))
        if isinstance(result, Exception):
            raise result
        return result

    monkeypatch.setattr(webbrowser, "open", fake_open)
    ctl = _Ctl()
    assert ctl.open_in_browser(URL) is (result is True)
    assert calls == [(URL, 2)]
    (text, kind), = ctl.stack.notes
    if result is True:
        assert kind == "info" and text == i18n.t("phone.opened_here")
    else:
        assert kind == "warn" and URL in text, "without a browser the notice names the address to type"

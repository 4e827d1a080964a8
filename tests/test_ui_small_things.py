"""Small things of first contact: plural forms, template names instead of
ids, a language button that says which language is on, the lobby saying that free seats get
bots, and a quiet terminal without a sound device."""
from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def _lang():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    from felt.ui import i18n
    yield i18n
    i18n.set_lang("de")


def _lobby(kinds, running=False, level="hard"):
    from felt.ui.lobby_scene import demo_lobby
    lb = demo_lobby()
    seats = []
    for i, k in enumerate(kinds):
        seats.append({"seat": i, "name": f"P{i}" if k != "empty" else "", "kind": k, "connected": k != "empty",
                      "away": False, "level": "normal" if k == "bot" else None, "owner": i == 0})
    lb.update(seats=seats, n=len(seats), running=running)
    lb["options"] = dict(lb["options"], bot_level=level)
    return lb


def _scene(lobby, size=(1280, 720)):
    from felt.ui.lobby_scene import LobbyScene
    from felt.ui.shell import AppStack
    st = AppStack(size)
    sc = LobbyScene(lobby, my_seat=0, admin=True, address="10.0.0.1:4000")
    st.push(sc)
    surf = pygame.Surface(size)
    st.draw(surf)
    return sc


@pytest.mark.parametrize("lang, text", [("de", "1 Spieler · 1 Bot · 1 frei"), ("en", "1 player · 1 bot · 1 free")])
def test_one_player_one_bot(_lang, lang, text):
    _lang.set_lang(lang)
    sc = _scene(_lobby(["human", "bot", "empty"]))
    assert sc.seats_caption.text == text


@pytest.mark.parametrize("lang, text", [("de", "2 Spieler · 3 Bots · 0 frei"), ("en", "2 players · 3 bots · 0 free")])
def test_many_players_and_bots(_lang, lang, text):
    _lang.set_lang(lang)
    sc = _scene(_lobby(["human", "human", "bot", "bot", "bot"]))
    assert sc.seats_caption.text == text


def test_plural_of_watchers(_lang):
    from felt.ui import i18n

    def plural(key, n):
        return i18n.t(key, n=n)
    _lang.set_lang("de")
    assert plural("n.watching", 1) == "1 schaut zu" and plural("n.watching", 2) == "2 schauen zu"


def test_template_choice_shows_names_not_ids(_lang):
    from felt.games.praesident.rules import TEMPLATE_ORDER, load_rules
    sc = _scene(_lobby(["human", "bot", "empty"]))
    shown = dict(sc.template.options)
    assert shown["PR-002"] == load_rules("PR-002").name != "PR-002"
    for tid in TEMPLATE_ORDER:
        assert shown[tid] == load_rules(tid).name
    assert sc.template.options[sc.template.index][0] == "PR-002"     # the value stays the id (sent to the host)


def test_lobby_says_free_seats_get_bots(_lang):
    _lang.set_lang("en")
    sc = _scene(_lobby(["human", "empty", "empty"], level="hard"))
    assert sc.fill_caption.text == "Free seats are played by bots (hard) when the game starts."
    assert any(w is sc.fill_caption for w, _ in sc.left.items)       # it is laid out (and drawn)
    assert sc.fill_caption.rect.h > 0
    full = _scene(_lobby(["human", "bot", "bot"]))
    assert full.fill_caption.text == "" and not any(w is full.fill_caption for w, _ in full.left.items)
    running = _scene(_lobby(["human", "empty", "bot"], running=True))
    assert running.fill_caption.text == ""
    phone = _scene(_lobby(["human", "empty", "empty"]), size=(360, 640))
    assert phone.fill_caption.text and phone.fill_caption.rect.w <= 360


def test_language_button_shows_the_language_in_force(_lang):
    from felt.ui.start_scene import snapshot_scene
    _lang.set_lang("de")
    sc = snapshot_scene()
    assert (sc.lang_btn.current, sc.lang_btn.other) == ("DE", "EN")
    sc.toggle_lang()
    assert _lang.get_lang() == "en" and (sc.lang_btn.current, sc.lang_btn.other) == ("EN", "DE")
    assert sc.host_btn.text == "Host a table"


def test_menu_language_item_says_both(app_factory, cfg, _lang):
    from tests.ui_app_helpers import click, pump
    app = app_factory((1280, 720), host_defaults={"players": 3})
    ctl = app.controller
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.kind == "lobby" and ctl.lobby is not None, what="lobby")
    ctl.open_menu()
    texts = [b.text for b in app.stack.top.buttons]
    assert "Sprache: Deutsch → English" in texts




def test_window_starts_quietly_without_a_sound_device(tmp_path):
    code = ("from felt.ui.app import App\n"
            "a = App(size=(400, 700), discover=False)\n"
            "from felt.ui.sound import Sounds\n"
            "s = Sounds(); Sounds()\n"
            "print('SOUND', s.available)\n"
            "a.close()\n")
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_AUDIODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT")}
    env.update(SDL_VIDEODRIVER="dummy", FELT_CONFIG_DIR=str(tmp_path / "c"), FELT_DATA_DIR=str(tmp_path / "d"))
    env["SDL_AUDIODRIVER"] = "alsa"                 # the real audio path (no card here: ALSA complains)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "pygame" not in r.stdout.lower() and "Hello from" not in r.stdout
    assert "ALSA" not in r.stderr.replace("(ALSA:", "") and "snd_" not in r.stderr, r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    if "SOUND False" in r.stdout:
        assert len(lines) == 1 and lines[0].startswith("felt: sound is off: no audio device"), lines
    else:
        assert lines == [], lines

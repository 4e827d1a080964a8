"""The window size option: `felt --size 390x844` (also after `host` / `join`) and a
``size`` key in the settings file; a wrong size is one clear argparse error."""
from __future__ import annotations

import json

import pytest

from felt import cli


@pytest.mark.parametrize("text, size", [("390x844", (390, 844)), (" 1280X720 ", (1280, 720)),
                                         ("430*932", (430, 932)), ("800,600", (800, 600))])
def test_parse_size(text, size):
    from felt.ui.settings import parse_size
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["", "390", "x844", "390x", "axb", "10x10", "390x99999", "-390x844", None, 390])
def test_parse_size_refuses(text):
    from felt.ui.settings import parse_size
    assert parse_size(text) is None


def test_cli_size_before_and_after_the_command():
    p = cli.build_parser()
    assert p.parse_args(["--size", "390x844"]).size == (390, 844)
    assert p.parse_args([]).size is None
    assert p.parse_args(["--size", "390x844", "join", "10.0.0.1:5000"]).size == (390, 844)
    assert p.parse_args(["join", "10.0.0.1:5000", "--size", "400x700"]).size == (400, 700)
    assert p.parse_args(["host", "--size", "1024x768"]).size == (1024, 768)
    assert getattr(p.parse_args(["host"]), "size", None) is None


def test_cli_bad_size_is_one_clear_error(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--size", "huge"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "'huge' is not a window size" in err and "WIDTHxHEIGHT" in err and "Traceback" not in err


def test_settings_size_key_is_checked(cfg):
    from felt.ui import settings
    cfg.mkdir(parents=True, exist_ok=True)
    (cfg / "settings.json").write_text(json.dumps({"size": "390x844"}))
    assert settings.load().size == "390x844"
    (cfg / "settings.json").write_text(json.dumps({"size": "enormous"}))
    assert settings.load().size == ""
    (cfg / "settings.json").write_text(json.dumps({"size": [390, 844]}))
    assert settings.load().size == ""


def test_window_takes_the_settings_size_then_the_option(cfg, app_factory):
    from felt.ui import settings
    cfg.mkdir(parents=True, exist_ok=True)
    (cfg / "settings.json").write_text(json.dumps({"size": "390x844", "window": [1000, 700]}))
    app = app_factory(size=None)
    assert app.window.get_size() == (390, 844)
    assert app.stack.top.size == (390, 844)              # the start screen is laid out for it
    app.close()
    assert settings.load().size == "390x844"             # closing keeps the chosen size
    app2 = app_factory(size=(500, 900))                   # `--size` beats the settings file
    assert app2.window.get_size() == (500, 900)


def test_without_a_size_the_last_window_is_used(cfg, app_factory):
    cfg.mkdir(parents=True, exist_ok=True)
    (cfg / "settings.json").write_text(json.dumps({"window": [1000, 700]}))
    app = app_factory(size=None)
    assert app.window.get_size() == (1000, 700)


def test_a_size_larger_than_the_screen_is_scaled_to_fit(app_factory, cfg, monkeypatch, capsys):
    import pygame
    app = app_factory(size=(500, 700))
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "Info", lambda: type("I", (), {"current_w": 1280, "current_h": 800})())
    assert app._fit_screen((390, 844)) == (332, 720)          # the phone's shape, on a laptop's screen
    assert "390x844 does not fit the screen (1280x800): using 332x720" in capsys.readouterr().err
    assert app._fit_screen((1000, 700)) == (1000, 700)        # fits: untouched
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")
    assert app._fit_screen((3000, 3000)) == (3000, 3000)      # no screen: as asked

"""`felt --help` and every sub-command's `--help` exit 0 with a usage text.

The commands are found by walking the argparse tree (not a hard-coded list), so a new
sub-command with a broken help string (e.g. an unescaped ``%``) fails here."""
from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from felt import cli


def _walk(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _walk(sub, path + (name,))


ALL = [path for path, _ in _walk(cli.build_parser())]


def test_the_walk_finds_the_nested_commands():
    # the walk reaches sub-sub-commands (rules list, bench frames), not only the top level
    assert () in ALL and ("host",) in ALL and ("rules", "list") in ALL and ("bench", "frames") in ALL
    assert len(ALL) >= 12


@pytest.mark.parametrize("path", ALL, ids=lambda p: " ".join(p) or "felt")
def test_every_help_exits_0(path, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(list(path) + ["--help"])
    out, err = capsys.readouterr()
    assert exc.value.code == 0, err
    assert out.startswith("usage: felt" + "".join(" " + p for p in path)), out[:200]
    assert "Traceback" not in err


def test_help_from_the_installed_command():
    # the console script, as a person runs it (also catches import-time failures)
    r = subprocess.run([sys.executable, "-m", "felt.cli", "--help"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "tournament" in r.stdout and "95% intervals" in r.stdout
    # the description names every game the window offers, not only the first one built
    text = " ".join(r.stdout.split())
    for game in ("Präsident", "Mau-Mau", "Schwimmen"):
        assert game in text, text[:300]

"""`felt check-game ID` as a person runs it: a report line per check, exit 0 when every check
passed, 1 when one failed (a plug-in game whose view leaks another hand, found by the command's
process through an entry point), 2 for an unknown game, naming the games."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import check_game, plugin_dir

ROOT = Path(__file__).resolve().parent.parent

LEAKY = '''"""A game of its own package whose view shows each seat the next seat's hand."""
from tests.toy_highcard import GAME as _EXAMPLE


class Leaky(type(_EXAMPLE)):
    id = "leaky"
    name = {"de": "Leck", "en": "Leaky"}

    def view(self, state, seat):
        v = super().view(state, seat)
        if seat is not None and state.hands:
            v["hand"] = v["hand"] + list(state.hands[(seat + 1) % state.n])
        return v


GAME = Leaky()
'''


def test_check_game_quick_passes_an_in_tree_game_and_prints_a_line_per_check():
    from felt import devcheck
    r = check_game("schwimmen", "--quick")          # the quickest of the in-tree games
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "felt check-game schwimmen (Schwimmen (31), from this repository) --quick"
    slow = [n for n, c in devcheck.CHECKS.items() if c.slow]
    assert set(slow) == {"phone", "soak"}
    for name in devcheck.CHECKS:
        status = "skip" if name in slow else "ok  "
        line = next((ln for ln in lines if ln.startswith(f"{status} {name} ")), None)
        assert line is not None, (name, r.stdout)
        assert re.search(r"\s\d+\.\d s  \S", line), line          # its time, then what it checks
    ran = len(devcheck.CHECKS) - len(slow)
    assert re.fullmatch(rf"schwimmen: {ran} of {ran} checks passed, 2 not run, \d+\.\d s", lines[-1]), lines[-1]
    assert all(len(ln) <= 80 for ln in lines), [ln for ln in lines if len(ln) > 80]


def test_a_plug_in_whose_view_leaks_a_hand_fails_the_leak_check_with_the_rule(tmp_path):
    site = plugin_dir(tmp_path, "leaky", "felt_leaky:GAME", LEAKY)
    r = check_game("leaky", "--only", "view-hides", "rule-files", "shipped-templates", site=site)
    assert r.returncode == 1, r.stdout + r.stderr
    out = r.stdout
    assert "FAIL view-hides" in out and "sees seat" in out, out
    assert "the rule: felt/games/ADDING.md:" in out and "`view(state, seat)` | the one place" in out
    assert "ok   rule-files" in out
    # a convention of this repository is not asked of a game of another package
    assert "skip shipped-templates" in out and "not applied" in out
    assert "leaky: 1 of 2 checks passed, 1 failed (view-hides), 1 not run" in out.splitlines()[-1]


STUCK = '''"""A game of its own package whose engine never returns from legal_moves."""
from tests.toy_highcard import GAME as _EXAMPLE


class Stuck(type(_EXAMPLE)):
    id = "stuck"
    name = {"de": "Hängt", "en": "Stuck"}

    def legal_moves(self, state, seat=None):
        while True:
            pass


GAME = Stuck()
'''


def test_a_check_that_never_returns_fails_after_the_time_limit_and_the_others_run():
    """A game that loops forever fails the check it hangs in (it hung the command before)."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        site = plugin_dir(Path(d), "stuck", "felt_stuck:GAME", STUCK)
        r = check_game("stuck", "--timeout", "2", "--only", "cards", "rule-files", site=site, timeout=60)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "FAIL cards" in r.stdout and "took longer than 2 s" in r.stdout, r.stdout
    assert "ok   rule-files" in r.stdout


def test_an_unknown_game_exits_2_naming_the_games():
    r = check_game("nosuchgame")
    assert r.returncode == 2
    assert "unknown game 'nosuchgame'" in r.stderr
    for gid in ("praesident", "maumau", "schwimmen"):
        assert gid in r.stderr
    r = check_game("maumau", "--only", "nosuchcheck")
    assert r.returncode == 2 and "unknown check 'nosuchcheck'" in r.stderr and "view-hides" in r.stderr


@pytest.mark.slow
def test_the_guides_example_as_a_package_of_its_own_passes_every_check(tmp_path):
    """ADDING.md's example, installed as a package of its own (an entry point): `felt
    check-game highcard` passes, the soak's host processes finding it by name too."""
    site = plugin_dir(tmp_path, "highcard", "tests.toy_highcard:GAME")
    r = check_game("highcard", site=site)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "skip shipped-templates" in r.stdout and "ok   soak" in r.stdout and "ok   phone" in r.stdout
    assert r.stdout.splitlines()[-1].startswith("highcard: 15 of 15 checks passed, 1 not run")


@pytest.mark.slow
def test_the_guides_second_example_with_a_scene_of_its_own_passes_every_check(tmp_path):
    """ADDING.md's second example ("A scene of its own"), installed as a package of its own."""
    from tests.toy_highcard_scene import GAME as WITH_SCENE, HighCardScene
    assert WITH_SCENE.scene_for("play") is HighCardScene        # its table is a scene of its own
    site = plugin_dir(tmp_path, WITH_SCENE.id, "tests.toy_highcard_scene:GAME")
    r = check_game(WITH_SCENE.id, site=site)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ok   scenes" in r.stdout and "ok   taps" in r.stdout and "ok   phone" in r.stdout
    assert r.stdout.splitlines()[-1].startswith(f"{WITH_SCENE.id}: 15 of 15 checks passed, 1 not run")


def test_the_guide_lists_every_check_with_what_it_means():
    from felt import devcheck
    guide = (ROOT / "felt" / "games" / "ADDING.md").read_text(encoding="utf-8")
    section = guide.split("## Check your game", 1)[1].split("\n## ", 1)[0]
    assert "felt check-game <id>" in section and "--quick" in section
    for name in devcheck.CHECKS:
        assert f"- `{name}`: " in section, name


def test_the_text_layout_check_asks_the_wording_of_du_of_this_repositorys_games_only(tmp_path, monkeypatch):
    """A screen saying "Du hat gewonnen" (the verb does not agree) fails the check for a game in
    felt/games/, and not for a game of another package: the guide asks texts that fit, the
    wording is the project's own rule."""
    import pygame

    from felt import devcheck, games
    from felt.ui import widgets
    from felt.ui.scene import Scene
    from felt.ui.shots import Shot
    from tests.toy_highcard import GAME as EXAMPLE

    class Says(Scene):
        def draw(self, surface):
            surface.fill((0, 90, 0))
            widgets.draw_text(surface, "Du hat gewonnen", pygame.Rect(20, 20, 300, 60), 24)

    class Wordy(type(EXAMPLE)):
        id = "wordy"

        def snapshots(self, lang="de", seed=7):
            return [Shot("says", lambda w, h: Says())]
    game = games.register(Wordy())
    try:
        ctx = devcheck.Context(tmp_path, quick=True)
        devcheck.check_text_layout(game, ctx, langs=["de"])
        monkeypatch.setattr(devcheck, "in_tree", lambda g: True)
        with pytest.raises(AssertionError, match="verb does not agree"):
            devcheck.check_text_layout(game, ctx, langs=["de"])
    finally:
        games.unregister(game.id)


def test_a_tests_copy_of_a_game_registered_and_taken_back_leaves_an_installed_one_in_place():
    """With the guide's example installed as a package, a test that registers its own copy and
    unregisters it afterwards (many do) took the installed game away for every test after it."""
    from felt import games
    from tests.toy_highcard import GAME as EXAMPLE

    there = EXAMPLE.id in games.ids()         # the example installed as a package (its entry point)
    installed = type(EXAMPLE)()
    games.register(installed)                  # stands for the installed package's game
    try:
        games.register(EXAMPLE)
        assert games.get(EXAMPLE.id) is EXAMPLE
        games.unregister(EXAMPLE.id)
        assert games.get(EXAMPLE.id) is installed
    finally:
        games.unregister(installed.id)
    assert (EXAMPLE.id in games.ids()) == there

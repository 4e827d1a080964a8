"""The contract stays stable for plug-ins (issue 45, point 1): the old module names of the
contract (``felt.games.base`` and the others that moved to ``felt/contract/``) still work with a
warning naming the new import; the contract has a version a game may state, and a game that
needs a newer one is refused with a message saying which it needs and which this Felt Club has;
the guide's example package as it was written for contract 1.0 loads and passes
``felt check-game`` with only those warnings."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from felt import contract
from felt.contract import registry, version
from tests.helpers import check_game, plugin_dir

ROOT = Path(__file__).resolve().parent.parent
OLD_PACKAGE = ROOT / "tests" / "plugins" / "felt_highcard_1_0"
# every module that moved from felt/games/ to felt/contract/ (git: 68094b8), with a name of each
MOVED = {"base": "Game", "catalog": "read_texts", "rulefile": "read", "table_view": "check_table",
         "simulate": "simulate", "tournament": "run_tournament"}


@pytest.mark.parametrize("module", sorted(MOVED))
def test_an_old_module_name_gives_the_new_modules_objects_and_warns_naming_the_new_import(module):
    new = importlib.import_module(f"felt.contract.{module}")
    with pytest.warns(version.OldNameWarning, match=rf"felt\.games\.{module} is an old name: import from "
                                                    rf"felt\.contract\.{module}") as got:
        old = importlib.import_module(f"felt.games.{module}")
        value = getattr(old, MOVED[module])
    assert value is getattr(new, MOVED[module])            # the same objects: isinstance(game, Game) holds
    assert issubclass(version.OldNameWarning, DeprecationWarning)
    assert got[0].filename == __file__                     # the warning points at the line that used the old name
    with pytest.raises(AttributeError):
        getattr(old, "no_such_name")
    assert MOVED[module] in dir(old)


def test_a_star_import_of_an_old_name_works():
    space: dict = {}
    with pytest.warns(version.OldNameWarning):
        exec("from felt.games.base import *", space)
    assert space["Game"] is contract.Game and space["IllegalMove"] is contract.IllegalMove


def test_the_contract_has_a_version_and_reads_what_a_game_states():
    assert contract.CONTRACT_VERSION == version.CONTRACT_VERSION
    major, minor = contract.CONTRACT_VERSION
    assert major == 1 and minor >= 2
    assert version.parse("1.2") == (1, 2) and version.parse("1") == (1, 0) and version.parse((1, 1)) == (1, 1)
    for bad in ("1.x", "", "1.2.3", "-1", True, None, 1.5, (1, "2")):
        with pytest.raises(ValueError, match="MAJOR.MINOR"):
            version.parse(bad)


class _Game(contract.Game):
    id = "needs"


def _needing(stated):
    g = _Game()
    g.contract = stated
    return g


def test_the_registry_refuses_a_game_that_needs_another_contract_and_says_which():
    have = version.version_text()
    for ok in (None, "1.0", "1", have, (1, 0)):
        assert version.refusal(_needing(ok)) is None, ok
    newer = f"1.{contract.CONTRACT_VERSION[1] + 1}"
    why = version.refusal(_needing(newer))
    assert why == (f"the game 'needs' needs the game contract {newer}; this Felt Club has {have}: update "
                   f"Felt Club to play it")
    assert "needs the game contract 2.0; this Felt Club has" in version.refusal(_needing("2.0"))
    assert "written for the game contract 0.9" in version.refusal(_needing("0.9"))
    assert "states no contract version" in version.refusal(_needing("new"))
    with pytest.raises(registry.ContractTooNew, match=f"needs the game contract {newer}"):
        contract.register(_needing(newer))
    assert "needs" not in contract.ids()


def test_discovery_leaves_out_a_refused_game_and_get_says_why(monkeypatch, capsys):
    """As the registry finds a game by its entry point: refused, kept with its reason, the
    other games there; ``get`` of its id raises with the reason (check-game prints it)."""
    monkeypatch.setattr(registry, "_refused", {})
    game = registry._load("needs", lambda: _needing("1.99"))
    assert game is None
    assert "not loaded: the game 'needs' needs the game contract 1.99" in capsys.readouterr().err
    assert "needs" in contract.refused()
    with pytest.raises(registry.RefusedGame, match=r"needs the game contract 1\.99; this Felt Club has 1\."):
        contract.get("needs")
    with pytest.raises(KeyError):                          # still an unknown game to code that asks so
        contract.get("needs")
    assert {"praesident", "maumau", "schwimmen"} <= set(contract.ids())


NEWER = '''"""A game of its own package that needs a newer contract than any Felt Club has."""
from tests.toy_highcard import GAME as _EXAMPLE


class Newer(type(_EXAMPLE)):
    id = "newer"
    name = {"de": "Neuer", "en": "Newer"}
    contract = "1.99"


GAME = Newer()
'''


def test_check_game_and_rules_list_say_a_newer_games_need_and_do_not_crash(tmp_path):
    site = plugin_dir(tmp_path, "newer", "felt_newer:GAME", NEWER)
    r = check_game("newer", site=site)
    have = version.version_text()
    assert r.returncode == 2, r.stdout + r.stderr
    assert f"felt check-game: the game 'newer' needs the game contract 1.99; this Felt Club has {have}" in r.stderr
    r = check_game("list", site=site, command="rules")
    assert r.returncode == 0, r.stderr
    assert "praesident" in r.stdout and "HC-1" not in r.stdout           # the others listed, it is not
    assert "needs the game contract 1.99" in r.stderr


def test_the_guides_example_as_written_for_contract_1_0_imports_the_old_names():
    code = (OLD_PACKAGE / "felt_highcard" / "__init__.py").read_text(encoding="utf-8")
    assert "from felt.games.base import Game, IllegalMove" in code and "felt.contract" not in code


@pytest.mark.slow
def test_the_guides_example_as_written_for_contract_1_0_passes_check_game_with_only_old_name_warnings(tmp_path):
    """The package loads (the registry finds it by its entry point, also in the host's and the
    phone renderer's processes) and passes every check; the only warnings are the old name's."""
    from felt import devcheck
    site = plugin_dir(tmp_path, "highcard", "felt_highcard:GAME", dist="felt_highcard-1.0")
    # every check but the soak (its host processes find a game by name as the phone's renderer
    # does: tests/test_check_game_cli.py soaks the same example under its new names)
    names = [n for n in devcheck.CHECKS if n != "soak"]
    r = check_game("highcard", "--only", *names, site=site, paths=[OLD_PACKAGE])
    assert r.returncode == 0, r.stdout + r.stderr
    out = r.stdout
    assert "(Higher card, from felt_highcard)" in out.splitlines()[0]
    assert out.splitlines()[-1].startswith(f"highcard: {len(names) - 1} of {len(names) - 1} checks passed, 1 not "
                                           f"run"), out
    assert "ok   phone" in out and "ok   view-hides" in out
    assert out.count("warning:") == 1, out                 # one line imports the old name: said once
    assert ("warning: felt_highcard/__init__.py:6: OldNameWarning: felt.games.base is an old name: import from "
            "felt.contract.base") in out.replace("\n  ", " ")
    assert "FAIL" not in out and "Warning" not in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_the_registry_keeps_the_old_names_a_package_used_while_it_loaded(monkeypatch):
    monkeypatch.syspath_prepend(str(OLD_PACKAGE))
    monkeypatch.setattr(registry, "_warned", {})
    sys.modules.pop("felt_highcard", None)
    try:
        with pytest.warns(version.OldNameWarning):           # passed on to the process's filters
            game = registry._load("highcard", lambda: importlib.import_module("felt_highcard").GAME)
        assert isinstance(game, contract.Game) and game.id == "highcard"
        said = contract.load_warnings("highcard")
        assert said == ["felt_highcard/__init__.py:6: OldNameWarning: felt.games.base is an old name: import "
                        "from felt.contract.base (the old name works until the game contract 2.0)"]
    finally:
        sys.modules.pop("felt_highcard", None)


def test_nothing_in_felt_uses_the_old_names():
    """The old names are for plug-ins only: Felt Club's own code imports ``felt.contract``."""
    import re
    old = re.compile(r"felt\.games\.(" + "|".join(MOVED) + r")\b|from felt\.games import .*\b("
                     + "|".join(MOVED) + r")\b")
    users = [f"{p.relative_to(ROOT)}:{no}" for p in (ROOT / "felt").rglob("*.py")
             if not (p.parent.name == "games" and p.stem in MOVED)
             for no, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if old.search(line) and "import" in line]
    assert not users, users

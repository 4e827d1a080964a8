"""The registry of Felt Club's games: every game is found by name, none is imported here.

    from felt import contract
    game = contract.get(game_id)               # a felt.contract.base.Game
    game, rules = contract.find_rules(spec)    # any template id or rule file, of any game

A game is a package that exposes one ``Game`` object as ``GAME``. The registry finds them
the way pytest finds its plug-ins:

* through the entry point group ``felt.games`` (``pyproject.toml``: ``name = "pkg:GAME"``),
  so a game may live in a package of its own;
* in the sub-packages of ``felt/games/`` (``felt/games/<name>/``), also without an install.

A test adds a game with ``register(game)`` (it lives in that process only). The shared
layers reach a game only through this registry and the ``Game`` contract (``base.py``).

A game that needs a newer contract than this Felt Club's (``Game.contract``, see
``felt.contract.version``) is not loaded: ``refused()`` says which games and why, ``get`` of
its id raises :class:`RefusedGame` with that reason. The old names of contract modules a
game's package used while it loaded (``OldNameWarning``, a ``DeprecationWarning``) are kept
for ``felt check-game`` (``load_warnings``) and passed on to the usual warning filters.
"""
from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import pkgutil
import sys
import warnings
from pathlib import Path

from felt.contract.base import Game, IllegalMove, OptionSpec, RulesError
from felt.contract.version import CONTRACT_VERSION, OldNameWarning, refusal

ENTRY_POINT_GROUP = "felt.games"
BUILTIN_PACKAGE = "felt.games"      # its sub-packages are games too, installed or not

_registry: dict[str, Game] = {}
_found: set[str] = set()         # ids found by name (importable by any process, e.g. the host's worker)
_replaced: dict[str, list] = {}  # id -> (the game register() replaced or None, was it found by name) per call
_refused: dict[str, str] = {}    # id (or entry point name) -> why it was not loaded (a newer contract)
_warned: dict[str, list] = {}    # id (or entry point name) -> the old names its loading used
_loaded = False


class ContractTooNew(ValueError):
    """A game that needs another version of the contract than this Felt Club's."""


def _load(name: str, load) -> Game | None:
    """The Game that ``load()`` returns (None for anything else), the old names of the
    contract it used (``OldNameWarning``) kept under its id and passed on; a broken plug-in
    must not take the others down, so its error is said on stderr."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", OldNameWarning)
        try:
            game = load()
        except Exception as exc:
            print(f"felt: the game {name!r} cannot be loaded: {exc}", file=sys.stderr)
            game = None
    said = [w for w in caught if issubclass(w.category, OldNameWarning)]
    for w in caught:                    # on to the filters of the process, as if never caught
        warnings.warn_explicit(w.message, w.category, w.filename, w.lineno, source=w.source)
    if not isinstance(game, Game):
        return None
    key = game.id if isinstance(getattr(game, "id", None), str) else name
    if said:
        lines = [f"{'/'.join(Path(w.filename).parts[-2:])}:{w.lineno}: {w.category.__name__}: {w.message}"
                 for w in said]
        _warned[key] = list(dict.fromkeys(lines))      # a line importing two names says it once
    why = refusal(game)
    if why is not None:
        _refused[key] = why
        print(f"felt: not loaded: {why}", file=sys.stderr)
        return None
    return game


def _discover() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        game = _load(ep.name, ep.load)
        if game is not None and game.id not in _registry:
            _registry[game.id] = game
            _found.add(game.id)
    # the folder of the built-in games, found by name (a package above this layer: never imported
    # by a statement here, so the contract stays below the games)
    spec = importlib.util.find_spec(BUILTIN_PACKAGE)
    for info in pkgutil.iter_modules(list(spec.submodule_search_locations or ()) if spec else []):
        if not info.ispkg:
            continue
        name = f"{BUILTIN_PACKAGE}.{info.name}"
        game = _load(name, lambda name=name: getattr(importlib.import_module(name), "GAME", None))
        if game is not None and game.id not in _registry:
            _registry[game.id] = game
            _found.add(game.id)


def refused() -> dict[str, str]:
    """The games found but not loaded, by id: why (each needs another contract version)."""
    _discover()
    return dict(_refused)


def load_warnings(game_id: str) -> list[str]:
    """The old names of the contract the game's package used while it loaded ("file:line:
    OldNameWarning: ..."), each naming the new import."""
    _discover()
    return list(_warned.get(game_id, ()))


def register(game: Game) -> Game:
    """Add a game in this process (replacing one of the same id); returns it. A game that
    needs another contract version raises :class:`ContractTooNew` saying which."""
    why = refusal(game)
    if why is not None:
        raise ContractTooNew(why)
    _discover()
    _replaced.setdefault(game.id, []).append((_registry.get(game.id), game.id in _found))
    _registry[game.id] = game
    _found.discard(game.id)
    return game


def unregister(game_id: str) -> None:
    """Take back the game ``register`` added, and bring back the one it replaced (a test's
    copy of a game must not take an installed game of the same id away for the tests after it)."""
    _discover()
    before, found = (_replaced.get(game_id) or [(None, False)]).pop()
    if before is None:
        _registry.pop(game_id, None)
        _found.discard(game_id)
    else:
        _registry[game_id] = before
        if found:
            _found.add(game_id)


def all_games() -> list[Game]:
    """Every registered game in display order (``Game.order``, then id)."""
    _discover()
    return sorted(_registry.values(), key=lambda g: (g.order, g.id))


def ids() -> list[str]:
    return [g.id for g in all_games()]


def found_by_name(game_id: str) -> bool:
    """Was the game found by name (so another process, the host's worker, finds it too)?"""
    _discover()
    return game_id in _found


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (known: {', '.join(ids())})"


class RefusedGame(UnknownGame):
    """A game that was found but not loaded: it needs another contract version."""

    def __str__(self) -> str:
        return _refused.get(self.args[0], f"the game {self.args[0]!r} was not loaded")


def default() -> Game:
    """The game of a table, rule file or journal that names none (``Game.plays_unnamed``),
    else the first in display order."""
    every = all_games()
    for g in every:
        if g.plays_unnamed:
            return g
    if not every:
        raise UnknownGame(None)
    return every[0]


def get(game_id: str | None) -> Game:
    """The game of that id (``None`` or ``""``: the default game)."""
    _discover()
    if not game_id:
        return default()
    try:
        return _registry[game_id]
    except KeyError:
        raise (RefusedGame if game_id in _refused else UnknownGame)(game_id) from None


def id_of(data) -> str:
    """The game a piece of data (a rule set, a lobby, a view, a journal header) names, or the
    default game's id where it names none."""
    gid = data.get("game") if isinstance(data, dict) else None
    return gid if isinstance(gid, str) and gid else default().id


def game_of_template(template_id: str) -> Game | None:
    up = str(template_id).upper()
    for g in all_games():
        if up in (t.upper() for t in g.template_ids()):
            return g
    return None


def find_rules(id_or_path):
    """``(game, rules)`` for a template id of any game (case-insensitive) or a rule file.

    A rule file names its game with ``game = "..."``; a file without it is the default game's
    (a RulesError that says the file names no game where it is not one of the default game's)."""
    key = str(id_or_path)
    g = game_of_template(key)
    if g is not None:
        for t in g.template_ids():
            if t.upper() == key.upper():
                return g, g.template(t)
    path = Path(key)
    if path.is_file():
        import tomllib  # noqa: PLC0415

        text = path.read_text(encoding="utf-8")
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            data = {}
        g = get(id_of(data))
        try:
            return g, g.load_rules_file(path)
        except ValueError as exc:           # a RulesError, or a game's plain ValueError
            if not isinstance(data, dict) or not data or "game" in data:
                raise
            # no game named: say so, not only what the default game found wrong with it
            raise RulesError("unnamed", ids=", ".join(ids()), game_de=g.name.get("de", g.id),
                             game_en=g.name.get("en", g.id), err_de=getattr(exc, "de", exc),
                             err_en=exc) from None
    raise FileNotFoundError(f"no template and no file {key!r}")


__all__ = ["Game", "IllegalMove", "OptionSpec", "RulesError", "ENTRY_POINT_GROUP", "register", "unregister",
           "all_games", "ids", "found_by_name", "default", "get", "id_of", "game_of_template", "find_rules",
           "UnknownGame", "RefusedGame", "ContractTooNew", "refused", "load_warnings", "CONTRACT_VERSION"]

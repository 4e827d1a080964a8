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
"""
from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import pkgutil
import sys
from pathlib import Path

from felt.contract.base import Game, IllegalMove, OptionSpec, RulesError

ENTRY_POINT_GROUP = "felt.games"
BUILTIN_PACKAGE = "felt.games"      # its sub-packages are games too, installed or not

_registry: dict[str, Game] = {}
_found: set[str] = set()         # ids found by name (importable by any process, e.g. the host's worker)
_replaced: dict[str, list] = {}  # id -> (the game register() replaced or None, was it found by name) per call
_loaded = False


def _game_of(module_name: str) -> Game | None:
    try:
        mod = importlib.import_module(module_name)
    except ImportError as exc:
        print(f"felt: the game {module_name!r} cannot be loaded: {exc}", file=sys.stderr)
        return None
    game = getattr(mod, "GAME", None)
    return game if isinstance(game, Game) else None


def _discover() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            game = ep.load()
        except Exception as exc:           # a broken plug-in must not take the others down
            print(f"felt: the game {ep.name!r} cannot be loaded: {exc}", file=sys.stderr)
            continue
        if isinstance(game, Game) and game.id not in _registry:
            _registry[game.id] = game
            _found.add(game.id)
    # the folder of the built-in games, found by name (a package above this layer: never imported
    # by a statement here, so the contract stays below the games)
    spec = importlib.util.find_spec(BUILTIN_PACKAGE)
    for info in pkgutil.iter_modules(list(spec.submodule_search_locations or ()) if spec else []):
        if not info.ispkg:
            continue
        game = _game_of(f"{BUILTIN_PACKAGE}.{info.name}")
        if game is not None and game.id not in _registry:
            _registry[game.id] = game
            _found.add(game.id)


def register(game: Game) -> Game:
    """Add a game in this process (replacing one of the same id); returns it."""
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
        raise UnknownGame(game_id) from None


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
           "UnknownGame"]

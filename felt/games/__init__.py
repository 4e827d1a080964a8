"""The games of Felt Club and how to find them.

    from felt import games
    game = games.get("praesident")          # a felt.games.base.Game
    game, rules = games.find_rules("MM-STD") # any template id or rule file, any game

Built-in games live in ``felt/games/<id>/`` and expose ``GAME``; a test or plug-in adds
one with ``register(game)``. Nothing above the engines names a game's modules.
"""
from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

from felt.games.base import Game, IllegalMove, OptionSpec

BUILTIN = ("praesident", "maumau", "schwimmen")
DEFAULT_GAME = "praesident"

_registry: dict[str, Game] = {}
_loaded = False


def _load_builtins() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for gid in BUILTIN:
        modname = f"felt.games.{gid}"
        if importlib.util.find_spec(modname) is None:
            continue
        mod = importlib.import_module(modname)
        game = getattr(mod, "GAME", None)
        if game is not None and game.id not in _registry:
            _registry[game.id] = game


def register(game: Game) -> Game:
    """Add a game (replacing one of the same id); returns it."""
    _load_builtins()
    _registry[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _registry.pop(game_id, None)


def all_games() -> list[Game]:
    """Every registered game, built-ins first in their fixed order."""
    _load_builtins()
    order = {gid: i for i, gid in enumerate(BUILTIN)}
    return sorted(_registry.values(), key=lambda g: (order.get(g.id, len(order)), g.id))


def ids() -> list[str]:
    return [g.id for g in all_games()]


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (known: {', '.join(ids())})"


def get(game_id: str | None) -> Game:
    """The game of that id (``None``: the default game)."""
    _load_builtins()
    gid = DEFAULT_GAME if game_id is None else game_id
    try:
        return _registry[gid]
    except KeyError:
        raise UnknownGame(gid) from None


def game_of_template(template_id: str) -> Game | None:
    up = str(template_id).upper()
    for g in all_games():
        if up in (t.upper() for t in g.template_ids()):
            return g
    return None


def find_rules(id_or_path):
    """``(game, rules)`` for a template id of any game (case-insensitive) or a rule file.

    A rule file names its game with ``game = "..."`` (a file without it is Präsident's,
    as all files were before there were several games)."""
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
        gid = data.get("game", DEFAULT_GAME) if isinstance(data, dict) else DEFAULT_GAME
        g = get(gid if isinstance(gid, str) else DEFAULT_GAME)
        return g, g.load_rules_file(path)
    raise FileNotFoundError(f"no template and no file {key!r}")


__all__ = ["Game", "IllegalMove", "OptionSpec", "BUILTIN", "DEFAULT_GAME", "register", "unregister",
           "all_games", "ids", "get", "game_of_template", "find_rules", "UnknownGame"]

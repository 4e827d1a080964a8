"""The game contract's version, and the old names of its modules.

``CONTRACT_VERSION`` is ``(major, minor)``. Within one major version the contract only grows:
a hook, a module or a name of ``felt.contract`` that a game may use keeps its name and meaning,
so a game written for 1.y loads on every later 1.z. A game states the version it needs with
``Game.contract = "1.2"`` (none stated: it needs 1.0, what every 1.x has); the registry refuses
a game that needs a newer one (:func:`refusal`), saying which it needs and which this Felt Club
has. What was added in which minor version is listed in felt/games/ADDING.md ("Stable names").

A module that moves keeps its old name for plug-ins: the old module is a stand-in whose every
name is the new module's, with an :class:`OldNameWarning` (a ``DeprecationWarning``) naming the new import
(:func:`moved`).
"""
from __future__ import annotations

import importlib
import warnings

CONTRACT_VERSION: tuple[int, int] = (1, 3)


class OldNameWarning(DeprecationWarning):
    """A game (or any code) used an old name of the contract; the message names the new one."""


def version_text(version=CONTRACT_VERSION) -> str:
    return f"{version[0]}.{version[1]}"


def parse(value) -> tuple[int, int]:
    """``(major, minor)`` of a version a game states: ``"1.2"``, ``"1"``, ``(1, 2)`` or ``1``.
    Anything else is a ``ValueError`` saying what is wanted."""
    parts = None
    if isinstance(value, bool):
        parts = None
    elif isinstance(value, int):
        parts = (value, 0)
    elif isinstance(value, str):
        bits = value.strip().split(".")
        if 1 <= len(bits) <= 2 and all(b.isdigit() for b in bits):
            parts = (int(bits[0]), int(bits[1]) if len(bits) == 2 else 0)
    elif isinstance(value, (tuple, list)) and 1 <= len(value) <= 2 \
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        parts = (value[0], value[1] if len(value) == 2 else 0)
    if parts is None or parts[0] < 0 or parts[1] < 0:
        raise ValueError(f"a contract version is 'MAJOR.MINOR' like {version_text()!r}, not {value!r}")
    return parts


def refusal(game, have=CONTRACT_VERSION) -> str | None:
    """Why this Felt Club (contract ``have``) cannot load ``game``, or None where it can: the
    game needs a newer minor version, another major version, or states no version it could read."""
    stated = getattr(game, "contract", None)
    if stated is None:
        return None
    gid = getattr(game, "id", "?")
    try:
        need = parse(stated)
    except ValueError as exc:
        return f"the game {gid!r} states no contract version Felt Club can read: {exc}"
    if need[0] == have[0] and need[1] <= have[1]:
        return None
    if need > have:
        return (f"the game {gid!r} needs the game contract {version_text(need)}; this Felt Club has "
                f"{version_text(have)}: update Felt Club to play it")
    return (f"the game {gid!r} was written for the game contract {version_text(need)}; this Felt Club "
            f"has {version_text(have)} and keeps only {have[0]}.x: the game needs an update")


def moved(old: str, new: str):
    """The module attributes of a module's old name (``__getattr__``, ``__dir__``): every name
    is the new module's (the same objects), each use warns with a ``DeprecationWarning`` that
    names the new import. In the old module: ``__getattr__, __dir__ = moved(__name__, "felt.contract.base")``."""
    def module():
        return importlib.import_module(new)

    def __getattr__(name: str):
        if name.startswith("__") and name != "__all__":
            raise AttributeError(name)
        target = module()
        if name == "__all__":
            return list(getattr(target, "__all__", [n for n in vars(target) if not n.startswith("_")]))
        value = getattr(target, name)           # an AttributeError names the new module's lack
        warnings.warn(f"{old} is an old name: import from {new} (the old name works until the game "
                      f"contract {CONTRACT_VERSION[0] + 1}.0)", OldNameWarning, stacklevel=2)
        return value

    def __dir__():
        return sorted(set(dir(module())))
    return __getattr__, __dir__


__all__ = ["CONTRACT_VERSION", "OldNameWarning", "version_text", "parse", "refusal", "moved"]

"""Felt Club's built-in games, one sub-package each (``felt/games/<game>/``), found by name by
the registry in ``felt.contract`` (with the games of other packages, entry points ``felt.games``).

The registry's functions are re-exported here for code on top of every game (the command line,
tests, plug-ins): ``from felt import games; games.get("maumau")``. The layers below the games
(``felt.contract``, ``felt.net``, ``felt.ui``) use ``felt.contract`` itself."""
from felt.contract.registry import *  # noqa: F401,F403
from felt.contract.registry import __all__  # noqa: F401

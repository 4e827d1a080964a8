"""The game contract: what every game implements and what the shared layers reach it through.

    from felt import contract
    game = contract.get(game_id)               # the registry: a Game found by name
    game, rules = contract.find_rules(spec)    # any template id or rule file, of any game

- ``base``: the ``Game`` contract (pure moves, the one per-seat view filter, rule sets, bots,
  texts, the window's hooks), ``Bot``, ``IllegalMove``, ``OptionSpec``, ``RulesError``;
- ``registry``: the games found by name (entry points ``felt.games``, the sub-packages of
  ``felt/games/``), re-exported here;
- ``rulefile``, ``catalog``: rule files and text catalogs every game shares;
- ``table_view``: the vocabulary a game's view uses to have the plain table draw its middle;
- ``simulate``, ``tournament``: random play and bot tournaments over any game;
- ``version``: ``CONTRACT_VERSION`` (re-exported here), what a game may state it needs, and the
  old names of modules that moved (``felt.games.base`` …, kept for plug-ins with a warning);
- ``cardnames``: a card's letters and words in each language, as the table draws it;
- ``hidden``: where a view shows another seat's private cards (``felt check-game``).

This layer sits below the net and the window; the games (``felt/games/<game>/``) sit on top."""
from felt.contract.registry import *  # noqa: F401,F403
from felt.contract.registry import __all__  # noqa: F401

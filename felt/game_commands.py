"""`felt rules list|show`, `felt simulate` and `felt tournament` over every game.

Each takes any template id (of any game, case-insensitive) or a rule file and works out its
game with ``felt.contract.find_rules``; everything game-specific goes through the ``Game``
object (``describe_rules``, ``deck_size``, ``validate``, ``bot_levels``) and the shared runners
``felt.contract.simulate`` and ``felt.contract.tournament``.
"""
from __future__ import annotations

import json
import sys

from felt import contract
from felt.contract.base import KeyedError
from felt.contract.simulate import simulate
from felt.contract.tournament import format_report, run_tournament


def _find(spec: str):
    """``(game, rules)``, or ``(None, error)`` with the reason the spec names no rule set."""
    try:
        return contract.find_rules(spec)
    except FileNotFoundError:
        return None, contract.RulesError("no_template", id=spec)
    except (ValueError, KeyError, OSError) as exc:
        return None, exc


def _no_rules(command: str, error, german: bool = False, file=None) -> int:
    """Print why the command has no rule set (in German with ``german``, where the error has it)."""
    text = error.de if german and isinstance(error, KeyedError) else error
    print(f"felt {command}: {text}", file=file or sys.stdout)
    return 2


# ------------------------------------------------------------------------ rules
def cmd_rules_list(args) -> int:
    """Every game's templates, one line each, with the game in the first column."""
    width = max((len(t) for g in contract.all_games() for t in g.template_ids()), default=8)
    for game in contract.all_games():
        for tid in game.template_ids():
            rules = game.template(tid)
            lo, hi = game.players_range(rules)
            cards = game.deck_size(rules)
            extra = "" if cards is None else f"{cards} Karten, "
            name = game.rules_to_dict(rules).get("name", tid)
            print(f"{game.id:<11} {tid:<{width}} {name}  ({extra}{lo}–{hi} Spieler)")
    return 0


def cmd_rules_show(args) -> int:
    game, rules = _find(args.id)
    if game is None:
        return _no_rules("rules show", rules, german=True)
    print(game.describe_rules(rules))
    return 0


# --------------------------------------------------------------------- simulate
def cmd_simulate(args) -> int:
    game, rules = _find(args.rules)
    if game is None:
        return _no_rules("simulate", rules)
    try:
        game.validate(rules, args.players)
    except ValueError as exc:
        print(f"felt simulate: {exc}")
        return 2
    if args.rounds < 1:
        print("felt simulate: --rounds must be at least 1")
        return 2
    result = simulate(game, rules, args.players, args.rounds, args.seed)
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['rules']} ({game.name['en']}): {result['players']} players, {result['rounds']} rounds, "
          f"seed {result['seed']}")
    print(f"  {result['rounds_per_s']:.0f} rounds/s, {result['decisions_per_s']:.0f} decisions/s "
          f"({result['seconds']:.2f} s)")
    header = "  seat " + " ".join(f"{p + 1:>6}." for p in range(args.players))
    print("  places (how often each seat took each place):")
    print(header)
    for seat, row in enumerate(result["places"]):
        print(f"  {seat:>4} " + " ".join(f"{c:>7}" for c in row))
    return 0


# ------------------------------------------------------------------- tournament
def cmd_tournament(args) -> int:
    game, rules = _find(args.rules)
    of_game = game or contract.default()        # the game whose bots an unknown rule set would have
    known = of_game.bot_levels
    levels = [x.strip() for x in str(args.bots).split(",") if x.strip()]
    if len(levels) < 2 or any(x not in known for x in levels):
        example = ",".join(known[1:2] + known[:1] * 3)
        print(f"--bots: give {of_game.min_players} or more levels from {', '.join(known)}, e.g. {example}",
              file=sys.stderr)
        return 2
    if args.rounds is None or args.rounds < 1:
        print("--rounds must be at least 1", file=sys.stderr)
        return 2
    if args.think_ms is not None and args.think_ms < 0:
        print("--think-ms must be 0 or more", file=sys.stderr)
        return 2
    if game is None:
        return _no_rules("tournament", rules, file=sys.stderr)
    try:
        game.validate(rules, len(levels))
    except ValueError as exc:
        print(f"felt tournament: {exc}", file=sys.stderr)
        return 2
    progress = None
    if sys.stderr.isatty():
        def progress(done, total):
            print(f"\r{done}/{total} rounds", end="" if done < total else "\n", file=sys.stderr, flush=True)
    res = run_tournament(game, rules, levels, args.rounds, args.seed, args.think_ms, progress=progress)
    print(json.dumps(res) if args.json else format_report(res))
    return 0


__all__ = ["cmd_rules_list", "cmd_rules_show", "cmd_simulate", "cmd_tournament"]

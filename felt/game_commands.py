"""`felt rules list|show`, `felt simulate` and `felt tournament` over every game.

Each takes any template id (of any game, case-insensitive) or a rule file and works out its
game with ``felt.games.find_rules``; everything game-specific goes through the ``Game``
object. Präsident keeps its own detailed `rules show` text and its tournament runner, so its
output is exactly as before.
"""
from __future__ import annotations

import json
import math
import random
import statistics
import sys
import time

from felt import games


def _find(spec: str, cmd: str):
    """``(game, rules)`` or a printed one-line reason and None."""
    try:
        return games.find_rules(spec)
    except FileNotFoundError:
        from felt.games.praesident.rules import RulesError
        err = RulesError("no_template", id=spec)
        print(f"felt {cmd}: {err.de if cmd == 'rules show' else err}")
    except (ValueError, KeyError, OSError) as exc:
        print(f"felt {cmd}: {getattr(exc, 'de', None) if cmd == 'rules show' else exc}")
    return None


# ------------------------------------------------------------------------ rules
def cmd_rules_list(args) -> int:
    """Every game's templates, one line each, with the game in the first column."""
    width = max((len(t) for g in games.all_games() for t in g.template_ids()), default=8)
    for g in games.all_games():
        for tid in g.template_ids():
            r = g.template(tid)
            lo, hi = g.players_range(r)
            extra = ""
            if hasattr(r, "deck_size"):
                extra = f"{r.deck_size()} Karten, "
            print(f"{g.id:<11} {tid:<{width}} {getattr(r, 'name', tid)}  ({extra}{lo}–{hi} Spieler)")
    return 0


def cmd_rules_show(args) -> int:
    found = _find(args.id, "rules show")
    if found is None:
        return 2
    game, rules = found
    if game.id == "praesident":
        from felt.games.praesident.rules.commands import describe
        print(describe(rules))
        return 0
    d = game.rules_to_dict(rules)
    try:
        labels = {o.key: o.label.get("de", o.key) for o in game.options()}
    except NotImplementedError:
        labels = {}
    print(f"{d.get('id', args.id)}: {d.get('name', '')}  ({game.name.get('de', game.id)})")
    for k, v in d.items():
        if k in ("id", "name", "game"):
            continue
        if isinstance(v, bool):
            v = "an" if v else "aus"
        elif isinstance(v, list):
            v = " ".join(map(str, v))
        print(f"  {labels.get(k, k):<28} {v}")
    return 0


# --------------------------------------------------------------------- simulate
def simulate(game, rules, players: int, rounds: int, seed: int) -> dict:
    """Play ``rounds`` rounds with uniform random legal moves: one open-ended match (a game
    whose matches end by themselves starts the next one with a derived seed)."""
    rng = random.Random(seed)
    legal_moves, apply_inplace = game.legal_moves, game.apply_inplace
    state, _ = game.new_match(rules, players, seed, 0)
    places = [[0] * players for _ in range(players)]
    decisions = 0
    played = 0
    matches = 1
    t0 = time.perf_counter()
    while played < rounds:
        phase = state.phase
        if phase == "round_over" or phase == "match_over":
            for place, seat in enumerate(game.round_places(state)):
                places[seat][place] += 1
            played += 1
            if played >= rounds:
                break
            if phase == "round_over":
                state, _ = game.next_round(state)
            else:
                state, _ = game.new_match(rules, players, f"{seed}:{matches}", 0)
                matches += 1
            continue
        moves = legal_moves(state)
        move = moves[0] if len(moves) == 1 else rng.choice(moves)
        apply_inplace(state, state.to_move, move, False)
        decisions += 1
    elapsed = time.perf_counter() - t0
    return {
        "rules": getattr(rules, "id", "?"),
        "players": players,
        "rounds": played,
        "seed": seed,
        "seconds": round(elapsed, 4),
        "rounds_per_s": round(played / elapsed, 1) if elapsed else 0.0,
        "decisions_per_s": round(decisions / elapsed, 1) if elapsed else 0.0,
        "decisions": decisions,
        "places": places,
    }


def cmd_simulate(args) -> int:
    found = _find(args.rules, "simulate")
    if found is None:
        return 2
    game, rules = found
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
def run_tournament(game, rules, levels: list[str], rounds: int, seed: int = 1, think_ms: int | None = None,
                   progress=None) -> dict:
    """Bot levels of any game against each other (the same report as Präsident's)."""
    from felt.games.praesident.bots.tournament import wilson
    n = len(levels)
    game.validate(rules, n)
    per_match = game.default_rounds(rules) or 5
    bots = [game.make_bot(lv, seed=seed * 1000 + i, think_ms=think_ms) for i, lv in enumerate(levels)]
    names = sorted(set(levels), key=lambda x: (game.bot_levels.index(x) if x in game.bot_levels else 99, x))
    places = {lv: [0] * n for lv in names}
    lost = {lv: 0 for lv in names}            # seat-rounds in which a seat of the level lost (round_losers)
    won = {lv: 0 for lv in names}             # matches won (Game.winner once the match is over)
    decided = 0                               # matches that ended with a winner
    any_losers = False
    played = match_no = 0
    t0 = time.perf_counter()
    while played < rounds:
        k = min(per_match, rounds - played)
        seat_bot = [0] * n
        for j in range(n):
            seat_bot[(j + match_no) % n] = j
        state, _ = game.new_match(rules, n, f"tournament:{seed}:{match_no}", k)
        while True:
            if state.phase not in ("round_over", "match_over"):
                seat = state.to_move
                move = bots[seat_bot[seat]].choose(game.view(state, seat))
                if isinstance(move, dict):
                    move = game.move_from_wire(move)
                game.apply_inplace(state, seat, move, True)  # checked: raises IllegalMove
                continue
            for place, seat in enumerate(game.round_places(state)):
                places[levels[seat_bot[seat]]][place] += 1
            for seat in game.round_losers(state):
                lost[levels[seat_bot[seat]]] += 1
                any_losers = True
            played += 1
            if progress is not None:
                progress(played, rounds)
            if state.phase == "match_over":
                w = game.winner(state)
                if w is not None:
                    decided += 1
                    won[levels[seat_bot[w]]] += 1
                break
            if played >= rounds:
                break
            state, _ = game.next_round(state)
        match_no += 1
    elapsed = time.perf_counter() - t0
    out = {}
    for lv in names:
        cnt = places[lv]
        total = sum(cnt)
        times = [t for b in bots if getattr(b, "level", None) == lv for t in getattr(b, "think_times", [])]
        shares = [c / total if total else 0.0 for c in cnt]
        ivals = [[round(x, 4) for x in wilson(c, total)] for c in cnt]
        out[lv] = {"seats": levels.count(lv), "rounds": total, "places": cnt, "shares": [round(s, 4) for s in shares],
                   "intervals": ivals, "first_share": round(shares[0], 4), "first_interval": ivals[0],
                   "last_share": round(shares[-1], 4), "last_interval": ivals[-1], "decisions": len(times),
                   "median_think_ms": round(statistics.median(times) * 1000, 3) if times else 0.0,
                   "mean_think_ms": round(statistics.fmean(times) * 1000, 3) if times else 0.0,
                   "max_think_ms": round(max(times) * 1000, 3) if times else 0.0}
        if decided:
            trials = decided * levels.count(lv)
            out[lv].update({"match_wins": won[lv], "match_share": round(won[lv] / trials, 4),
                            "match_interval": [round(x, 4) for x in wilson(won[lv], trials)]})
        if any_losers:
            out[lv].update({"lost_rounds": lost[lv], "lost_share": round(lost[lv] / total, 4) if total else 0.0,
                            "lost_interval": [round(x, 4) for x in wilson(lost[lv], total)]})
    return {"rules": getattr(rules, "id", "?"), "players": n, "bots": levels, "rounds": played, "matches": match_no,
            "rounds_per_match": per_match, "seed": seed, "think_ms": think_ms, "seconds": round(elapsed, 2),
            "decided_matches": decided, "levels": out}


def format_match_report(res: dict) -> str:
    """The match wins (and, for games whose rounds have losers, the lost rounds) per level, for
    ``felt tournament``'s text output after the per-round table; "" when there is neither."""
    lines = []
    m = res.get("decided_matches", 0)
    if m:
        lines.append(f"match wins per seat over {m} decided matches (of {res['matches']}; fair share "
                     f"{100 / res['players']:.1f}%), 95% Wilson:")
        for lv, d in res["levels"].items():
            lo, hi = d["match_interval"]
            lines.append(f"{lv:<7} {d['seats']:>5}   won {d['match_wins']:>5}   {d['match_share'] * 100:5.1f}% "
                         f"[{lo * 100:4.1f}–{hi * 100:5.1f}]")
    if any("lost_share" in d for d in res["levels"].values()):
        lines.append("lost in a round (e.g. a life) per seat and round, 95% Wilson (lower is better):")
        for lv, d in res["levels"].items():
            lo, hi = d["lost_interval"]
            lines.append(f"{lv:<7} {d['seats']:>5}   lost {d['lost_rounds']:>5}/{d['rounds']:<6} "
                         f"{d['lost_share'] * 100:5.1f}% [{lo * 100:4.1f}–{hi * 100:5.1f}]")
    return "\n".join(lines)


def cmd_tournament(args) -> int:
    found = games.find_rules(args.rules) if _known(args.rules) else None
    if found is None or found[0].id == "praesident":
        from felt.games.praesident.bots.tournament import cmd_tournament as praesident_tournament
        return praesident_tournament(args)  # Präsident's own runner, exactly as before
    game, rules = found
    levels = [x.strip() for x in str(args.bots).split(",") if x.strip()]
    bad = [x for x in levels if x not in game.bot_levels]
    if bad or len(levels) < 2:
        print(f"--bots: give 2 or more levels from {', '.join(game.bot_levels)}", file=sys.stderr)
        return 2
    if args.rounds is None or args.rounds < 1:
        print("--rounds must be at least 1", file=sys.stderr)
        return 2
    try:
        res = run_tournament(game, rules, levels, args.rounds, args.seed, args.think_ms)
    except ValueError as exc:
        print(f"felt tournament: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(res))
    else:
        from felt.games.praesident.bots.tournament import format_report
        print(format_report(res))
        extra = format_match_report(res)
        if extra:
            print(extra)
    return 0


def _known(spec: str) -> bool:
    try:
        games.find_rules(spec)
        return True
    except Exception:
        return False


__all__ = ["cmd_rules_list", "cmd_rules_show", "cmd_simulate", "cmd_tournament", "simulate", "run_tournament",
           "format_match_report",
           "math"]

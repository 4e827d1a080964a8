"""Bot levels of any game against each other through the ``Game`` contract: `felt tournament`'s
runner and report, whole matches, and a paired benchmark.

    from felt import contract
    from felt.contract.tournament import format_report, run_tournament
    game, rules = contract.find_rules(ID)              # any template id or rule file
    print(format_report(run_tournament(game, rules, ["normal", "easy", "easy", "easy"], rounds=400)))

A tournament plays ``rounds`` rounds as consecutive matches (of the rules' own round count,
else 5) or, with ``matches``, that many whole matches, each to the end its rules set. One bot
per entry of the level list; the bots move one seat on from match to match, so each meets
every seat. Every move goes through the checked ``Game.apply_inplace``: an illegal bot move
stops the run with ``IllegalMove``. A level named several times is pooled (its shares are per
seat). The figures: the places per round (``Game.round_places``), the rounds a seat lost
(``Game.round_losers``, for games whose rounds have losers) and the match wins
(``Game.winner``, where ``Game.tournament_match_wins``), each with a 95% Wilson interval.

As a module, for what `felt tournament` (a number of rounds) does not run:

    python -m felt.contract.tournament --rules ID --bots hard,normal,normal,normal --matches 200
    python -m felt.contract.tournament --rules ID --paired hard --rounds 600
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time

END_PHASES = ("round_over", "match_over")
# a whole match that has not ended after this many rounds never will (an open-ended rule set)
MATCH_ROUNDS_MAX = 1000


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for ``k`` successes in ``n`` trials."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def _interval(k: int, n: int) -> list[float]:
    return [round(x, 4) for x in wilson(k, n)]


def play_round(game, state, bots: list, seat_bot: list[int], watchers: list[int], think: list[list[float]]) -> None:
    """Let the bots move until the round (or the match) is over. ``seat_bot[seat]`` is the
    index in ``bots`` of the bot at that seat; each decision's seconds go to
    ``think[bot index]``; the bots in ``watchers`` (``Game.bot_watches``) see their seat's
    view after every move."""
    view, apply_inplace = game.view, game.apply_inplace
    while state.phase not in END_PHASES:
        seat = state.to_move
        index = seat_bot[seat]
        seat_view = view(state, seat)
        started = time.perf_counter()
        move = bots[index].choose(seat_view)
        think[index].append(time.perf_counter() - started)
        if isinstance(move, dict):
            move = game.move_from_wire(move)
        apply_inplace(state, seat, move, True)      # checked: an illegal bot move raises IllegalMove
        if watchers and state.phase not in END_PHASES:
            for watcher in watchers:
                bots[watcher].watch(view(state, seat_bot.index(watcher)))


def _think_figures(times: list[float]) -> dict:
    return {"decisions": len(times),
            "median_think_ms": round(statistics.median(times) * 1000, 3) if times else 0.0,
            "mean_think_ms": round(statistics.fmean(times) * 1000, 3) if times else 0.0,
            "max_think_ms": round(max(times) * 1000, 3) if times else 0.0}


def run_tournament(game, rules, levels: list[str], rounds: int | None = None, seed: int = 1,
                   think_ms: int | None = None, *, matches: int | None = None, match_rounds: int | None = None,
                   progress=None, on_round=None) -> dict:
    """The figures per level (see the module doc) of ``rounds`` rounds or ``matches`` whole
    matches. ``match_rounds`` overrides the rounds per match; ``think_ms`` is the bots' budget
    per decision (``Game.make_bot``). ``progress(done, total)`` runs after every round (every
    match with ``matches``); ``on_round(match_no, state, seat_bot)`` at the end of every
    round, ``seat_bot[seat]`` being the index in ``levels`` of the bot at that seat."""
    if (rounds is None) == (matches is None):
        raise ValueError("give either rounds or matches")
    whole = matches is not None
    n = len(levels)
    game.validate(rules, n)
    per_match = game.default_rounds(rules) if whole else (match_rounds or game.default_rounds(rules) or 5)
    bots = [game.make_bot(level, seed=seed * 1000 + i, think_ms=think_ms) for i, level in enumerate(levels)]
    watchers = [i for i, level in enumerate(levels) if game.bot_watches(level)]
    think: list[list[float]] = [[] for _ in levels]
    order = list(game.bot_levels)
    names = sorted(set(levels), key=lambda lv: (order.index(lv) if lv in order else 99, lv))
    places = {lv: [0] * n for lv in names}
    lost = dict.fromkeys(names, 0)       # seat-rounds in which a seat of the level lost
    won = dict.fromkeys(names, 0)        # matches won
    decided = 0                          # matches that ended with a winner
    any_losers = False
    played = match_no = 0
    started = time.perf_counter()
    while (match_no < matches) if whole else (played < rounds):
        seat_bot = [0] * n               # bot j sits at seat (j + match_no) % n
        for j in range(n):
            seat_bot[(j + match_no) % n] = j
        match_len = None if whole else min(per_match, rounds - played)
        state, _ = game.new_match(rules, n, f"tournament:{seed}:{match_no}", match_len)
        match_played = 0
        while True:
            play_round(game, state, bots, seat_bot, watchers, think)
            for place, seat in enumerate(game.round_places(state)):
                places[levels[seat_bot[seat]]][place] += 1
            for seat in game.round_losers(state):
                lost[levels[seat_bot[seat]]] += 1
                any_losers = True
            if on_round is not None:
                on_round(match_no, state, seat_bot)
            played += 1
            match_played += 1
            if progress is not None and not whole:
                progress(played, rounds)
            if state.phase == "match_over":
                winner = game.winner(state)
                if winner is not None:
                    decided += 1
                    won[levels[seat_bot[winner]]] += 1
                break
            if not whole and played >= rounds:
                break
            if whole and match_played >= MATCH_ROUNDS_MAX:
                raise ValueError(f"a match of these rules has not ended after {MATCH_ROUNDS_MAX} rounds: "
                                 "give a number of rounds instead of matches")
            state, _ = game.next_round(state)
        match_no += 1
        if progress is not None and whole:
            progress(match_no, matches)
    elapsed = time.perf_counter() - started
    report_matches = game.tournament_match_wins or whole
    out = {}
    for lv in names:
        counts = places[lv]
        total = sum(counts)
        seats = levels.count(lv)
        shares = [c / total if total else 0.0 for c in counts]
        intervals = [_interval(c, total) for c in counts]
        out[lv] = {"seats": seats, "rounds": total, "places": counts, "shares": [round(s, 4) for s in shares],
                   "intervals": intervals, "first_share": round(shares[0], 4), "first_interval": intervals[0],
                   "last_share": round(shares[-1], 4), "last_interval": intervals[-1],
                   **_think_figures([t for j, level in enumerate(levels) if level == lv for t in think[j]])}
        if report_matches and decided:
            trials = decided * seats
            out[lv].update({"match_wins": won[lv], "match_share": round(won[lv] / trials, 4),
                            "match_interval": _interval(won[lv], trials)})
        if any_losers:
            out[lv].update({"lost_rounds": lost[lv], "lost_share": round(lost[lv] / total, 4) if total else 0.0,
                            "lost_interval": _interval(lost[lv], total)})
    result = {"rules": game.rules_to_dict(rules).get("id", "?"), "players": n, "bots": levels, "rounds": played,
              "matches": match_no, "rounds_per_match": per_match, "seed": seed, "think_ms": think_ms,
              "seconds": round(elapsed, 2)}
    if report_matches:
        result["decided_matches"] = decided
    result["levels"] = out
    return result


def format_report(res: dict) -> str:
    """The text of `felt tournament`: places per level with their intervals, then the match
    wins and the lost rounds where the result has them."""
    n = res["players"]
    lines = [f"Tournament {res['rules']}: {n} players {','.join(res['bots'])}, {res['rounds']} rounds "
             f"in {res['matches']} matches, seed {res['seed']}, {res['seconds']} s",
             "level   seats " + " ".join(f"{'place ' + str(p + 1):>22}" for p in range(n)) + "   think median"]
    for lv, d in res["levels"].items():
        cells = []
        for p in range(n):
            lo, hi = d["intervals"][p]
            cells.append(f"{d['shares'][p] * 100:5.1f}% [{lo * 100:4.1f}–{hi * 100:5.1f}]".rjust(22))
        lines.append(f"{lv:<7} {d['seats']:>5} " + " ".join(cells) + f"   {d['median_think_ms']:.2f} ms")
    lines.append("shares with 95% Wilson intervals; levels named several times are pooled")
    decided = res.get("decided_matches", 0)
    if decided:
        lines.append(f"match wins per seat over {decided} decided matches (of {res['matches']}; fair share "
                     f"{100 / n:.1f}%), 95% Wilson:")
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


def paired(game, rules, level: str, rounds: int = 600, baseline: str = "normal", offset: int = 0,
           players: int = 4) -> dict:
    """``level`` against ``baseline`` on paired rounds: each seeded first round of a match is
    played twice, once with ``level`` and once with ``baseline`` in the same seat (the seat
    moves on from round to round), every other seat ``baseline``. Until the two differ the
    rounds are the same, so the per-round difference of ``Game.round_cost`` for that seat has
    far less noise than a tournament's shares. ``mean_cost_diff`` < 0: ``level`` does better."""
    game.validate(rules, players)
    watching = {lv: game.bot_watches(lv) for lv in (level, baseline)}

    def first_round(match_seed: str, seat: int, seat_level: str) -> tuple[float, list[float]]:
        state, _ = game.new_match(rules, players, match_seed, 5)
        seat_levels = [seat_level if j == seat else baseline for j in range(players)]
        bots = [game.make_bot(lv, seed=f"{match_seed}:{j}") for j, lv in enumerate(seat_levels)]
        think: list[list[float]] = [[] for _ in range(players)]
        watchers = [j for j, lv in enumerate(seat_levels) if watching[lv]]
        play_round(game, state, bots, list(range(players)), watchers, think)
        return game.round_cost(state, seat), think[seat]

    started = time.perf_counter()
    diffs, think = [], []
    for number in range(offset, offset + rounds):
        seat = number % players
        cost, times = first_round(f"pair:{number}", seat, level)
        base_cost, _ = first_round(f"pair:{number}", seat, baseline)
        diffs.append(cost - base_cost)
        think += times
    mean = statistics.fmean(diffs) if diffs else 0.0
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return {"rules": game.rules_to_dict(rules).get("id", "?"), "level": level, "baseline": baseline,
            "rounds": rounds, "players": players, "mean_cost_diff": round(mean, 4), "se": round(se, 4),
            "better": sum(d < 0 for d in diffs), "worse": sum(d > 0 for d in diffs),
            "median_think_ms": round(1000 * statistics.median(think), 2) if think else 0.0,
            "seconds": round(time.perf_counter() - started, 1)}


def main(argv=None) -> int:
    from felt import contract
    ap = argparse.ArgumentParser(prog="python -m felt.contract.tournament",
                                 description="Whole matches, or a paired benchmark, of any game's bots "
                                             "(`felt tournament` plays a number of rounds).")
    ap.add_argument("--rules", required=True, metavar="ID|FILE")
    ap.add_argument("--bots", default="normal,easy,easy,easy", metavar="LEVEL,LEVEL,...")
    ap.add_argument("--matches", type=int, default=200, help="whole matches to play (default 200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--think-ms", type=int, default=None, metavar="MS")
    ap.add_argument("--paired", default=None, metavar="LEVEL",
                    help="LEVEL against --baseline in the same seat on paired first rounds, instead of matches")
    ap.add_argument("--baseline", default="normal")
    ap.add_argument("--rounds", type=int, default=600, help="paired rounds (with --paired; default 600)")
    ap.add_argument("--offset", type=int, default=0, help="first paired round's number (fresh seeds)")
    ap.add_argument("--players", type=int, default=4, help="seats (with --paired; default 4)")
    args = ap.parse_args(argv)
    game, rules = contract.find_rules(args.rules)
    if args.paired:
        res = paired(game, rules, args.paired, args.rounds, args.baseline, args.offset, args.players)
        print(json.dumps(res))
        print(f"{res['level']} vs {res['baseline']} in the same seat, {res['rounds']} paired rounds: cost per round "
              f"{res['mean_cost_diff']:+.4f} (SE {res['se']:.4f}; {res['better']} rounds better, {res['worse']} "
              f"worse), think median {res['median_think_ms']} ms", file=sys.stderr)
        return 0
    levels = [x.strip() for x in args.bots.split(",") if x.strip()]
    res = run_tournament(game, rules, levels, seed=args.seed, think_ms=args.think_ms, matches=args.matches)
    print(json.dumps(res))
    print(format_report(res), file=sys.stderr)
    return 0


__all__ = ["wilson", "play_round", "run_tournament", "format_report", "paired", "main", "END_PHASES"]


if __name__ == "__main__":
    raise SystemExit(main())

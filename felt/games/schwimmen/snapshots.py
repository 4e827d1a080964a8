"""Schwimmen's screens for `felt snapshot` (``GAME.snapshots()``, a list of ``felt.ui.shots.Shot``):
your turn, after a knock, the dealer's choice, the showdown, the match's end, a table of
nine, a tie after the set rounds, the Stechen seen by a player sitting it out and the match
won in it, at phone and laptop sizes, and the play log of a match played by bots."""
from __future__ import annotations

import dataclasses
import functools

from felt.ui.shots import LOG_SIZES, Shot, log_table

NAMES = ["Anna", "Ben", "Carla", "Dieter", "Eva", "Fritz", "Greta", "Hans", "Ida"]


def views() -> dict[str, dict]:
    """Named views of seat 0 built by playing real (seeded) games through the Game contract."""
    from felt import games
    from . import engine
    game = games.get("schwimmen")
    std = game.template("SW-STD")
    out = {}
    cards = lambda *xs: [engine.card_from_code(std, x) for x in xs]
    # your turn (4 players, second go-round, one opponent swimming)
    turn, _ = game.new_match(dataclasses.replace(std, dealer_choice=False), 4, 1)
    turn.lives = [2, 0, 3, 1]
    turn.swimming = [False, True, False, False]
    engine.rig(turn, {0: cards("HA", "HK", "C8"), 1: cards("S7", "S9", "D10"), 2: cards("CQ", "CJ", "D7"),
                      3: cards("DA", "DK", "S8")},
               cards("H10", "SQ", "C9"), to_move=0, turns=4)
    turn.taken[2] = cards("CJ")
    turn.dealer = 3
    out["turn"] = game.view(turn, 0)
    # after a knock: Carla knocked, I still have my last turn
    knocked = turn.clone()
    knocked.knocker, knocked.final_left, knocked.to_move = 2, [3, 0, 1], 0
    knocked.final_left = [0, 1]
    out["knock"] = game.view(knocked, 0)
    # dealer's choice: seat 0 deals
    for seed in range(200):
        choice, _ = game.new_match(std, 5, seed)
        if choice.phase == "dealer_choice":
            break
    choice.dealer = choice.to_move
    # rotate so seat 0 is the dealer: rebuild with 5 players where seat 4 deals; view seat 4 then
    out["choice"] = game.view(choice, choice.to_move)
    out["choice_names"] = NAMES[choice.to_move:] + NAMES[:choice.to_move]
    # showdown after a knock with a swimmer going out and ties
    showdown = turn.clone()
    showdown.knocker, showdown.final_left = 2, []
    engine.rig(showdown, {0: cards("HA", "HK", "S10"), 1: cards("S7", "S9", "D10"), 2: cards("CQ", "CJ", "D7"),
                          3: cards("DA", "DK", "S8")},
               cards("C10", "SQ", "C9"), to_move=2, turns=8)
    game.apply_inplace(showdown, 2, engine.KNOCK)
    game.apply_inplace(showdown, 3, engine.PASS)
    game.apply_inplace(showdown, 0, engine.PASS)
    game.apply_inplace(showdown, 1, engine.PASS)
    out["showdown"] = game.view(showdown, 0)
    # match over: two players, the other one out
    match_end, _ = game.new_match(dataclasses.replace(std, dealer_choice=False, lives=1), 2, 3)
    match_end.swimming = [False, True]
    match_end.lives = [1, 0]
    engine.rig(match_end, {0: cards("DA", "DK", "D9"), 1: cards("S7", "C8", "H9")}, cards("C10", "SQ", "C9"),
               to_move=0, turns=4)
    game.apply_inplace(match_end, 0, engine.KNOCK)
    game.apply_inplace(match_end, 1, engine.PASS)
    out["match_over"] = game.view(match_end, 0)
    # a big table (9 players) on your turn
    big, _ = game.new_match(dataclasses.replace(std, dealer_choice=False), 9, 4)
    if big.phase != "play":
        big, _ = game.new_match(dataclasses.replace(std, dealer_choice=False), 9, 5)
    big.to_move = 0
    out["nine"] = game.view(big, 0)
    # a Stechen: 4 players, one set round (SW-RUNDEN); Anna and Ben held the lowest hands, so
    # only Carla and Dieter play on; Anna (seat 0) sits it out, then the match Dieter won
    runden = dataclasses.replace(game.template("SW-RUNDEN"), rounds=1, knocker_double=False,
                                 dealer_choice=False)
    tie, _ = game.new_match(runden, 4, 2)
    low = {0: cards("C7", "S8", "H9"), 1: cards("S7", "H8", "C9"), 2: cards("DA", "DK", "D9"),
           3: cards("SA", "SK", "S9")}
    engine.rig(tie, low, cards("D7", "D8", "C10"), to_move=0, turns=8)
    game.apply_inplace(tie, 0, engine.KNOCK)
    while tie.phase == "play":
        game.apply_inplace(tie, tie.to_move, engine.PASS)
    out["stechen_next"] = game.view(tie, 0)
    stechen, _ = game.next_round(tie)
    out["stechen"] = game.view(stechen, 0)
    won = stechen.clone()
    engine.rig(won, {2: cards("C7", "S8", "H9"), 3: cards("HA", "HK", "HQ")}, cards("D7", "D8", "C10"),
               to_move=2, turns=6)
    game.apply_inplace(won, 2, engine.KNOCK)
    while won.phase == "play":
        game.apply_inplace(won, won.to_move, engine.PASS)
    out["stechen_won"] = game.view(won, 0)
    return out


def log_steps(seat: int = 0, seed: int = 7, n: int = 4, max_moves: int = 200, rounds: int = 1) -> list:
    """A seeded SW-STD match played by bots, as the window gets it for ``seat``: a list of
    ``(view, events)`` (events filtered for that seat), for ``rounds`` rounds."""
    from felt import games
    game = games.get("schwimmen")
    state, ev = game.new_match(game.template("SW-STD"), n, seed)
    steps = [(game.view(state, seat), game.filter_events(ev, seat))]
    bots = [game.make_bot("normal", seed=i) for i in range(n)]
    done = 0
    for _ in range(max_moves):
        if state.phase == "round_over":
            done += 1
            if done >= rounds:
                break
            state, ev = game.next_round(state)
            steps.append((game.view(state, seat), game.filter_events(ev, seat)))
            continue
        if state.phase == "match_over":
            break
        who = state.to_move
        ev = game.apply_inplace(state, who, bots[who].choose(game.view(state, who)))
        steps.append((game.view(state, seat), game.filter_events(ev, seat)))
    return steps


def log_scene(size, steps=None, names=None):
    """A Schwimmen table fed a scripted round state by state, its log open (docked on wide
    windows, the drawer on phones)."""
    from .scene import SchwimmenScene
    steps = steps if steps is not None else log_steps()
    return log_table(SchwimmenScene(names=(names or NAMES)[:steps[0][0]["n"]]), size, steps)


def shots(lang: str = "de") -> list[Shot]:
    """Schwimmen's screens; the views and the logged match are built once, when first drawn."""
    all_views = functools.cache(views)
    steps = functools.cache(log_steps)

    def table(name: str) -> Shot:
        def make(w: int, h: int):
            from .scene import SchwimmenScene
            view = all_views()[name]
            names = all_views().get(f"{name}_names", NAMES)
            sc = SchwimmenScene(view, names[:view["n"]])
            if view.get("phase") in ("round_over", "match_over"):
                # as the table's owner sees it in the window: with "next round" / "new match"
                sc.set_round_controls(lambda: None, lambda: None, lambda: None)
            return sc
        return Shot(name, make)

    return [table(name) for name in ("turn", "knock", "choice", "showdown", "match_over", "nine",
                                     "stechen_next", "stechen", "stechen_won")] + \
        [Shot("table-log", lambda w, h: log_scene((w, h), steps()), LOG_SIZES)]

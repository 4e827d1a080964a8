"""Schwimmen table screens as PNGs (``python -m felt.games.schwimmen.snapshots OUT_DIR``):
your turn, after a knock, the dealer's choice, the showdown and the match's end, at phone
(390x844) and laptop (1280x720) sizes, in files whose names contain ``schwimmen``."""
from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

NAMES = ["Anna", "Ben", "Carla", "Dieter", "Eva", "Fritz", "Greta", "Hans", "Ida"]
SIZES = {"phone": (390, 844), "laptop": (1280, 720)}


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
    sc = SchwimmenScene(names=(names or NAMES)[:steps[0][0]["n"]])
    sc.layout(*size)
    for view, events in steps:
        sc.set_view(view, events)
    if sc.log_drawer_mode(*size):
        sc.toggle_log()
    return sc


def render(out_dir, lang: str = "de") -> list[Path]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    from felt.ui import i18n
    from felt.ui.png import save_png
    from .scene import SchwimmenScene
    pygame.init()
    i18n.set_lang(lang)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    all_views = views()
    files = []
    for name, view in all_views.items():
        if name.endswith("_names"):
            continue
        names = all_views.get(f"{name}_names", NAMES)
        for size_name, size in SIZES.items():
            sc = SchwimmenScene(view, names[:view["n"]])
            if view.get("phase") in ("round_over", "match_over"):
                # as the table's owner sees it in the window: with "next round" / "new match"
                sc.set_round_controls(lambda: None, lambda: None, lambda: None)
            surf = pygame.Surface(size)
            sc.layout(*size)
            if name == "turn" and size_name == "phone":
                pass
            sc.draw(surf)
            path = out_dir / f"schwimmen_{name}_{size_name}_{lang}.png"
            save_png(surf, path)
            files.append(path)
    # the play log: docked on the laptop, the drawer open on the phone
    steps = log_steps()
    for size_name, size in SIZES.items():
        sc = log_scene(size, steps)
        surf = pygame.Surface(size)
        sc.draw(surf)
        kind = "drawer" if sc.log_drawer_mode(*size) else "docked"
        path = out_dir / f"schwimmen_table-log-{kind}_{size_name}_{lang}.png"
        save_png(surf, path)
        files.append(path)
    return files


if __name__ == "__main__":
    for f in render(sys.argv[1] if len(sys.argv) > 1 else "/tmp/sw_snap", sys.argv[2] if len(sys.argv) > 2 else "de"):
        print(f)

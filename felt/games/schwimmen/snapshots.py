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
    from . import engine as E
    g = games.get("schwimmen")
    std = g.template("SW-STD")
    out = {}
    c = lambda *xs: [E.card_from_code(std, x) for x in xs]
    # your turn (4 players, second go-round, one opponent swimming)
    s, _ = g.new_match(dataclasses.replace(std, dealer_choice=False), 4, 1)
    s.lives = [2, 0, 3, 1]
    s.swimming = [False, True, False, False]
    E.rig(s, {0: c("HA", "HK", "C8"), 1: c("S7", "S9", "D10"), 2: c("CQ", "CJ", "D7"), 3: c("DA", "DK", "S8")},
          c("H10", "SQ", "C9"), to_move=0, turns=4)
    s.taken[2] = c("CJ")
    s.dealer = 3
    out["turn"] = g.view(s, 0)
    # after a knock: Carla knocked, I still have my last turn
    k = s.clone()
    k.knocker, k.final_left, k.to_move = 2, [3, 0, 1], 0
    k.final_left = [0, 1]
    out["knock"] = g.view(k, 0)
    # dealer's choice: seat 0 deals
    for seed in range(200):
        d, _ = g.new_match(std, 5, seed)
        if d.phase == "dealer_choice":
            break
    d.dealer = d.to_move
    # rotate so seat 0 is the dealer: rebuild with 5 players where seat 4 deals; view seat 4 then
    out["choice"] = g.view(d, d.to_move)
    out["choice_names"] = NAMES[d.to_move:] + NAMES[:d.to_move]
    # showdown after a knock with a swimmer going out and ties
    r = s.clone()
    r.knocker, r.final_left = 2, []
    E.rig(r, {0: c("HA", "HK", "S10"), 1: c("S7", "S9", "D10"), 2: c("CQ", "CJ", "D7"), 3: c("DA", "DK", "S8")},
          c("C10", "SQ", "C9"), to_move=2, turns=8)
    g.apply_inplace(r, 2, E.KNOCK)
    g.apply_inplace(r, 3, E.PASS)
    g.apply_inplace(r, 0, E.PASS)
    g.apply_inplace(r, 1, E.PASS)
    out["showdown"] = g.view(r, 0)
    # match over: two players, the other one out
    m, _ = g.new_match(dataclasses.replace(std, dealer_choice=False, lives=1), 2, 3)
    m.swimming = [False, True]
    m.lives = [1, 0]
    E.rig(m, {0: c("DA", "DK", "D9"), 1: c("S7", "C8", "H9")}, c("C10", "SQ", "C9"), to_move=0, turns=4)
    g.apply_inplace(m, 0, E.KNOCK)
    g.apply_inplace(m, 1, E.PASS)
    out["match_over"] = g.view(m, 0)
    # a big table (9 players) on your turn
    b, _ = g.new_match(dataclasses.replace(std, dealer_choice=False), 9, 4)
    if b.phase != "play":
        b, _ = g.new_match(dataclasses.replace(std, dealer_choice=False), 9, 5)
    b.to_move = 0
    out["nine"] = g.view(b, 0)
    return out


def log_steps(seat: int = 0, seed: int = 7, n: int = 4, max_moves: int = 200, rounds: int = 1) -> list:
    """A seeded SW-STD match played by bots, as the window gets it for ``seat``: a list of
    ``(view, events)`` (events filtered for that seat), for ``rounds`` rounds."""
    from felt import games
    g = games.get("schwimmen")
    s, ev = g.new_match(g.template("SW-STD"), n, seed)
    steps = [(g.view(s, seat), g.filter_events(ev, seat))]
    bots = [g.make_bot("normal", seed=i) for i in range(n)]
    done = 0
    for _ in range(max_moves):
        if s.phase == "round_over":
            done += 1
            if done >= rounds:
                break
            s, ev = g.next_round(s)
            steps.append((g.view(s, seat), g.filter_events(ev, seat)))
            continue
        if s.phase == "match_over":
            break
        who = s.to_move
        ev = g.apply_inplace(s, who, bots[who].choose(g.view(s, who)))
        steps.append((g.view(s, seat), g.filter_events(ev, seat)))
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
    vs = views()
    files = []
    for name, v in vs.items():
        if name.endswith("_names"):
            continue
        names = vs.get(f"{name}_names", NAMES)
        for size_name, size in SIZES.items():
            sc = SchwimmenScene(v, names[:v["n"]])
            if v.get("phase") in ("round_over", "match_over"):
                # as the table's owner sees it in the window: with "next round" / "new match"
                sc.set_round_controls(lambda: None, lambda: None, lambda: None)
            surf = pygame.Surface(size)
            sc.layout(*size)
            if name == "turn" and size_name == "phone":
                pass
            sc.draw(surf)
            p = out_dir / f"schwimmen_{name}_{size_name}_{lang}.png"
            save_png(surf, p)
            files.append(p)
    # the play log: docked on the laptop, the drawer open on the phone
    steps = log_steps()
    for size_name, size in SIZES.items():
        sc = log_scene(size, steps)
        surf = pygame.Surface(size)
        sc.draw(surf)
        kind = "drawer" if sc.log_drawer_mode(*size) else "docked"
        p = out_dir / f"schwimmen_table-log-{kind}_{size_name}_{lang}.png"
        save_png(surf, p)
        files.append(p)
    return files


if __name__ == "__main__":
    for f in render(sys.argv[1] if len(sys.argv) > 1 else "/tmp/sw_snap", sys.argv[2] if len(sys.argv) > 2 else "de"):
        print(f)

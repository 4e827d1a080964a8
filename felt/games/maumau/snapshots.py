"""Mau-Mau's screens for `felt snapshot` (``GAME.snapshots()``, a list of ``felt.ui.shots.Shot``):
the table on your turn with a wish in force, a pending +4, the round's result and the match's
standings (as the table's owner sees them), the suit picker after tapping a Bube, the play
log mid-round, and the quiz's questions on a wish and on a pending seven."""
from __future__ import annotations

import functools

import pygame

from felt import games
from felt.games.maumau import engine
from felt.games.maumau.scene import MauMauScene
from felt.ui.shots import LOG_SIZES, NAMES, SIZES, Shot, log_table

DEMO_NAMES = list(NAMES[:5])


def demo_views(seat: int = 0) -> dict:
    """Views of a seeded MM-STD match for the snapshots: 'table' (seat on turn, a wish in
    force), 'seven' (a pending +4 on seat), 'result' (a round over) and 'standings'
    (match over), each as ``(view, events)``."""
    game = games.get("maumau")
    rules = game.template("MM-STD")
    out: dict = {}
    bots = [game.make_bot("normal", seed=i) for i in range(4)]
    for seed in range(200):
        if {"table", "seven"} <= set(out):
            break
        state, _ = game.new_match(rules, 4, f"demo:{seed}", rounds=3)
        ev: list = []
        while state.phase in ("play", "drawn"):
            if state.to_move == seat and state.phase == "play":
                jack = any(state.jack[c] for c in state.hands[seat])
                if (state.wish and "table" not in out and len(state.hands[seat]) >= 4
                        and engine.playable(state, seat) and jack):
                    out["table"] = (game.view(state, seat), game.filter_events(ev, seat))
                if state.pending >= 4 and "seven" not in out and len(state.hands[seat]) >= 3:
                    out["seven"] = (game.view(state, seat), game.filter_events(ev, seat))
            move = bots[state.to_move].choose(game.view(state, state.to_move))
            ev = game.apply_inplace(state, state.to_move, move)
    state, _ = game.new_match(rules, 4, "demo:result", rounds=3)
    ev = []
    while True:
        if state.phase == "round_over":
            if "result" not in out:
                out["result"] = (game.view(state, seat), game.filter_events(ev, seat))
            state, ev = game.next_round(state)
            continue
        if state.phase == "match_over":
            out["standings"] = (game.view(state, seat), game.filter_events(ev, seat))
            break
        move = bots[state.to_move].choose(game.view(state, state.to_move))
        ev = game.apply_inplace(state, state.to_move, move)
    return out


def log_steps(seat: int = 0, seed: str = "log:1", moves: int = 40, rules=None) -> list:
    """A seeded MM-STD round played by bots, as the window gets it for ``seat``: a list of
    ``(view, events)`` (the engine's events filtered for that seat), from the deal on, for at
    most ``moves`` moves or until the round is over."""
    game = games.get("maumau")
    rules = rules if rules is not None else game.template("MM-STD")
    state, ev = game.new_match(rules, 4, seed, rounds=3)
    steps = [(game.view(state, seat), game.filter_events(ev, seat))]
    bots = [game.make_bot("normal", seed=i) for i in range(4)]
    for _ in range(moves):
        if state.phase not in ("play", "drawn"):
            break
        who = state.to_move
        ev = game.apply_inplace(state, who, bots[who].choose(game.view(state, who)))
        steps.append((game.view(state, seat), game.filter_events(ev, seat)))
    return steps


def log_scene(size, steps=None, names=None) -> MauMauScene:
    """A Mau-Mau table fed a scripted round state by state, its log open (docked on wide
    windows, the drawer on phones)."""
    steps = steps if steps is not None else log_steps(moves=26)     # mid-round
    return log_table(MauMauScene(names=(names or DEMO_NAMES)[:steps[0][0]["n"]]), size, steps)


def render(scene: MauMauScene, size) -> pygame.Surface:
    """``scene`` drawn at ``size``."""
    surf = pygame.Surface(size)
    scene.set_size(*size)
    scene.draw(surf)
    return surf


def shots(lang: str = "de") -> list[Shot]:
    """Mau-Mau's screens; the demo match and the logged round are played once, when first drawn."""
    from felt.ui import quiz
    views = functools.cache(demo_views)
    steps = functools.cache(lambda: log_steps(moves=26))

    def table(name: str):
        def make(w: int, h: int) -> MauMauScene:
            view, events = views()[name]
            sc = MauMauScene(names=DEMO_NAMES[:view["n"]])
            if name in ("result", "standings"):
                # as the table's owner sees it in the window: with "next round" / "new match"
                sc.set_round_controls(lambda: None, lambda: None, lambda: None)
            sc.set_size(w, h)
            sc.set_view(view, events)
            return sc
        return Shot(name, make)

    def wish_picker(w: int, h: int) -> MauMauScene:
        view, _ = views()["table"]
        sc = MauMauScene(names=DEMO_NAMES[:view["n"]])
        sc.set_size(w, h)
        sc.set_view(view, ())
        jack = next((c for c in sc.hand if sc.deck[c].rank in ("J", "U")), None)
        if jack is None:
            raise ValueError("no Bube in the demo hand")
        sc.picking = jack
        return sc

    return [table("table"), table("seven"), table("result"), table("standings"),
            Shot("table-log", lambda w, h: log_scene((w, h), steps()), LOG_SIZES),
            Shot("wishpicker", wish_picker),
            Shot("quiz-wish-question", lambda w, h: quiz.snapshot_scene("MM-STD", checked=False, index=1), SIZES),
            Shot("quiz-wish-explained", lambda w, h: quiz.snapshot_scene("MM-STD", index=1), SIZES),
            Shot("quiz-seven-explained", lambda w, h: quiz.snapshot_scene("MM-STD", index=3), SIZES)]

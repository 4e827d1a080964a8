"""Präsident's screens for `felt snapshot` (``GAME.snapshots()``, a list of ``felt.ui.shots.Shot``).

A seeded demo match (random legal moves that prefer small plays, so tricks last) gives the
states: the table mid-trick, the exchange, the round's results and the match's standings
(``demo_states``). From them: the table with a play raised and its play log open and folded,
the exchange as the upper and the lower place see it, results for the owner and a guest, a
Jass table and its wish exchange, a clear mid-animation, the round's end at the table, the
exchange summary, chat bubbles and the chat open, a spectator's table, the quit question over
the table, "How to play" for FOLGEN and JASS36, and the rule editor: a choice it explains
and the rules a guest reads.
"""
from __future__ import annotations

import dataclasses
import functools
import random

from felt.games.praesident.engine import (apply_inplace, filter_events, legal_moves, new_match, next_round, position,
                                          view)
from felt.games.praesident.rules import load_rules
from felt.ui.shots import NAMES, SIZES, Shot, run_clock, spectator_stack, stacked

DEMO_NAMES = list(NAMES)


# ----------------------------------------------------------------------------- demo match
def _random_move(state, rng):
    moves = legal_moves(state)
    plays = [m for m in moves if m.kind == "play"]
    if plays and (rng.random() < 0.75 or all(m.kind != "pass" for m in moves)):
        # prefer small plays so tricks last a while
        plays.sort(key=lambda m: len(m.cards))
        return plays[0] if rng.random() < 0.5 else rng.choice(plays)
    return rng.choice(moves)


def demo_states(rules_id: str = "PR-002", n: int = 5, seed: int = 7, me: int = 0, rounds: int = 3) -> dict:
    """States of a seeded demo match: 'table' (mid-trick, seat ``me`` on turn), 'exchange'
    (round 2, first exchange task), 'results' (round 1 over), 'standings' (match over),
    each as ``(state, events_since_previous)``."""
    rules = load_rules(rules_id)
    rng = random.Random(seed)
    state, events = new_match(rules, n, seed, rounds=rounds)
    out: dict = {"deal": (state.clone(), list(events))}
    round_events: list = list(events)        # the round so far: the play log's source
    logs: dict = {}
    last_events: list = []
    best = [None]

    def consider(st, ev):
        """Keep the most telling mid-trick position with ``me`` on turn: someone passed and
        someone is out already, a pair or more on the pile, several plays to choose from."""
        if st.phase == "play" and st.to_move == me and st.pile is not None:
            plays = sum(m.kind == "play" for m in legal_moves(st))
            score = (bool(any(st.passed)) and len(st.places) >= 1, bool(any(st.passed)), len(st.pile.cards) >= 2,
                     min(plays, 3), len(st.trick) >= 2, st.moves_made >= 8)
            if plays and (best[0] is None or score > best[0]):
                best[0] = score
                out["table"] = (st.clone(), list(ev))
                logs["table"] = list(round_events)

    while state.phase == "play":
        mv = _random_move(state, rng)
        seat = state.to_move
        ev = apply_inplace(state, seat, mv)
        round_events.extend(ev)
        last_events = ev
        consider(state, ev)
    if "table" not in out:
        out["table"] = out["deal"]
    out["results"] = (state.clone(), list(last_events))
    out["round_log"] = list(round_events)
    while state.phase == "round_over":
        state, ev = next_round(state)
        round_events[:] = list(ev)
        if state.phase == "exchange" and "exchange" not in out:
            out["exchange"] = (state.clone(), list(ev))
        while state.phase in ("exchange", "play"):
            mv = _random_move(state, rng)
            ev = apply_inplace(state, state.to_move, mv)
            round_events.extend(ev)
            if state.phase == "play" and "exchange_done" not in out and state.round_no == 2:
                out["exchange_done"] = (state.clone(), list(ev))
            if state.round_no == 2:
                consider(state, ev)
        last_events = ev
    out["standings"] = (state.clone(), list(last_events))
    out["table_log"] = logs.get("table", [])
    return out


def table_log(events, seat):
    """A play log filled with ``events`` as ``seat`` saw them."""
    from felt.ui.playlog import PlayLog
    log = PlayLog()
    log.add_events(filter_events(events, seat))
    return log


def demo_scene(name: str, st, ev, seat: int, names, log=None):
    """The scene the window shows for ``st`` at ``seat`` (the table, the exchange or the
    results, by the start of ``name``), and the events as that seat saw them."""
    v = view(st, seat)
    fev = filter_events(ev, seat)
    if name.startswith("table"):
        from felt.games.praesident.table_scene import TableScene
        return TableScene(v, names=names, log=log), fev
    if name.startswith("exchange"):
        from felt.games.praesident.exchange_scene import ExchangeScene
        return ExchangeScene(v, names=names), fev
    from felt.games.praesident.results_scene import ResultsScene
    noop = lambda: None
    # as the window shows them: everyone may leave or go on to a new match; only the
    # table's owner starts the next round (a guest reads "waiting for the next round")
    sc = ResultsScene(v, names=names)
    sc.set_round_controls(None if name.endswith("guest") else noop, noop, noop)
    return sc, fev


def _select_demo(scene) -> None:
    """Select a legal play in the table snapshot so the picture shows a raised selection."""
    legal = scene.legal
    if legal is None or not legal.plays:
        return
    scene.selected = set(legal.plays[0])
    scene.refresh_controls()


def _seat_of(st, seat):
    """The seat a shot shows: a number, None for the seat on turn in the exchange (the upper
    place giving back, or the lower place wishing), "lower" for the first lower place giving."""
    if seat is None:
        return st.to_move if st.to_move is not None else 0
    if seat == "lower":
        return next((task[2] for task in st.tasks if task[0] == "give"), 0)
    return seat


# ----------------------------------------------------------------------------- the table's story
def effect_scene(w: int, h: int, names):
    """A table (seat 0) in the middle of a 'cleared by 2s' effect: Beat leads a king,
    Carla clears with a 2."""
    from felt.cards import build_deck
    from felt.games.praesident.table_scene import TableScene
    rules = dataclasses.replace(load_rules("PR-002"), twos_clear=True)
    deck = build_deck(rules)
    by_code: dict = {}
    for i, c in enumerate(deck):
        by_code.setdefault(f"{c.rank}{c.suit}", []).append(i)
    suits = sorted({c.suit for c in deck if not c.joker})
    take = lambda code: by_code[code].pop()
    first, second = suits[0], suits[1]
    hands = [[take(f"{r}{first}") for r in ("7", "9", "J", "Q", "A")] + [take(f"8{second}")],
             [take(f"K{first}"), take(f"10{first}"), take(f"7{second}")],
             [take(f"2{first}"), take(f"9{second}"), take(f"Q{second}"), take(f"J{second}")],
             [take(f"A{second}"), take(f"8{first}"), take(f"10{second}"), take(f"K{second}")]]
    st = position(rules, hands, 1)
    scene = TableScene(view(st, 0), names=names, settings={"muted": True, "speed": "normal"})
    stack = stacked(w, h, scene)
    for seat, code_cards in ((1, [hands[1][0]]), (2, [hands[2][0]])):
        mv = next(m for m in legal_moves(st) if m.kind == "play" and list(m.cards) == code_cards)
        ev = apply_inplace(st, seat, mv)
        scene.set_view(view(st, 0), filter_events(ev, 0))
        run_clock(scene, 0.5 if seat == 1 else 0.0)
    run_clock(scene, 3.0, until=lambda: (scene.anim.current_announcement() or None) is not None
              and scene.anim.current_announcement().fx == "clear")
    run_clock(scene, 0.75)
    return stack


def chat_scene(w: int, h: int, demo, names, overlay: bool):
    """The table with chat bubbles at two seats (and mine); with ``overlay`` the chat open."""
    from felt.games.praesident.table_scene import TableScene
    from felt.ui import i18n
    from felt.ui.chat import ChatLog, ChatOverlay
    st, _ = demo["table"]
    log = table_log(demo["table_log"], 0)
    chat = ChatLog()
    scene = TableScene(view(st, 0), names=names, settings={"muted": True}, log=log, on_chat=lambda: None)
    scene.set_bots({2, 4})                 # bots wear an emblem instead of initials
    stack = stacked(w, h, scene)
    lines = [(1, i18n.t("chat.r.nice")), (3, "Wer hat noch eine 2?" if i18n.get_lang() == "de" else "Who has a 2 left?"),
             (0, i18n.t("chat.r.haha"))]
    for seat, text in lines:
        chat.add(names[seat], seat, text)
        scene.show_chat(seat, names[seat], text)
    run_clock(scene, 0.3)
    if overlay:
        stack.push(ChatOverlay(chat, on_send=lambda t: None))
    return stack


def exchange_summary_scene(w: int, h: int, demo, names):
    """The first table of round 2 as the round's 2nd place sees it: what it gave and got,
    until OK."""
    from felt.games.praesident.table_scene import TableScene
    st, ev = demo["exchange_done"]
    seat = st.last_places[1] if len(st.last_places) > 1 else 0
    scene = TableScene(None, names=names, settings={"muted": True, "speed": "normal"})
    stack = stacked(w, h, scene)
    scene.set_view(view(st, seat), filter_events(ev, seat))
    run_clock(scene, 2.0)
    return stack


def round_end_scene(w: int, h: int, demo, names):
    """The table at the end of round 1: who went out in which order, before the results."""
    from felt.games.praesident.table_scene import TableScene
    st, ev = demo["results"]
    log = table_log(demo["round_log"][:-len(ev)] if ev else demo["round_log"], 0)
    tst, _ = demo["table"]
    scene = TableScene(view(tst, 0), names=names, settings={"muted": True, "speed": "normal"}, log=log)
    stack = stacked(w, h, scene)
    fev = filter_events(ev, 0)
    log.add_events(fev)
    scene.set_view(view(st, 0), fev)
    run_clock(scene, 12.0, until=lambda: scene.anim.current_announcement() is not None
              and scene.anim.current_announcement().fx == "round_end")
    run_clock(scene, 1.6)
    return stack


def watching_scene(w: int, h: int, demo, names):
    """The demo table mid-trick as a spectator sees it, with the notice of a full table."""
    from felt.games.praesident.table_scene import TableScene
    st, _ = demo["table"]
    return spectator_stack(w, h, TableScene(view(st, None), names=names, settings={"muted": True}))


def quit_confirm_scene(w: int, h: int, demo, names):
    """The host's table mid-match with the question Ctrl+Q or closing the window asks."""
    from felt.ui.shots import quit_question
    st, ev = demo["table"]
    scene, _ = demo_scene("table", st, ev, 0, names)
    return stacked(w, h, scene, quit_question())


# ----------------------------------------------------------------------------- the shots
def _demo_shot(name: str, match, key: str, seat, names) -> Shot:
    """A shot of the state ``key`` of the demo match ``match()`` at ``seat`` (see
    ``_seat_of``); a table with a play raised and, by its name, the play log open or folded."""
    def make(w: int, h: int):
        demo = match()
        st, ev = demo[key]
        at = _seat_of(st, seat)
        log = table_log(demo["table_log"], at) if name.startswith("table") else None
        scene, _ = demo_scene(name, st, ev, at, names, log)
        stack = stacked(w, h, scene)
        if name.startswith("table"):
            _select_demo(scene)
            if name.endswith("log-open"):
                scene.log_open = True
                scene.layout(w, h)
            elif name.endswith("log-folded"):
                scene.log_open = False
                scene.layout(w, h)
        return stack
    return Shot(name, make, SIZES)


def shots(lang: str = "de", seed: int = 7) -> list[Shot]:
    """Präsident's screens: the demo match of PR-002 (5 seats, ``seed``) and of JASS36 (4 seats)."""
    from felt.ui import howto
    from felt.games.praesident import rules_editor
    main = functools.cache(lambda: demo_states("PR-002", 5, seed))
    jass = functools.cache(lambda: demo_states("JASS36", 4, seed + 1, rounds=2))
    names5, names4 = DEMO_NAMES[:5], DEMO_NAMES[:4]
    out = [_demo_shot(name, match, key, seat, names) for name, match, key, seat, names in (
        ("table", main, "table", 0, names5),
        ("table-log-open", main, "table", 0, names5),
        ("table-log-folded", main, "table", 0, names5),
        ("exchange", main, "exchange", None, names5),
        ("exchange-lower", main, "exchange", "lower", names5),
        ("results", main, "results", 0, names5),
        ("results-guest", main, "results", 1, names5),
        ("standings", main, "standings", 0, names5),
        ("table-jass", jass, "table", 0, names4),
        ("exchange-wish", jass, "exchange", None, names4))]
    out += [
        Shot("table-chat", lambda w, h: chat_scene(w, h, main(), names5, False), SIZES),
        Shot("chat-overlay", lambda w, h: chat_scene(w, h, main(), names5, True), SIZES),
        Shot("table-exchange-summary", lambda w, h: exchange_summary_scene(w, h, main(), names5), SIZES),
        Shot("table-effect-clear", lambda w, h: effect_scene(w, h, names4), SIZES),
        Shot("table-round-end", lambda w, h: round_end_scene(w, h, main(), names5), SIZES),
        Shot("table-watching", lambda w, h: watching_scene(w, h, main(), names5), SIZES),
        Shot("quit-confirm", lambda w, h: quit_confirm_scene(w, h, main(), names5), SIZES),
        Shot("howto-FOLGEN", lambda w, h: howto.snapshot_scene("FOLGEN"), SIZES),
        Shot("howto-JASS36", lambda w, h: howto.snapshot_scene("JASS36"), SIZES),
        Shot("rules-conflict", lambda w, h: rules_editor.snapshot_scene(), SIZES),
        Shot("rules-readonly", lambda w, h: rules_editor.snapshot_readonly(), SIZES),
    ]
    return out

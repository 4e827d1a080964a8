"""`felt snapshot --out DIR [--lang de|en]`: every scene as PNG at phone and laptop sizes.

A seeded demo match (felt.games.praesident.engine with random legal moves) provides the states: the
table mid-trick, the exchange, round results and match standings. The start, lobby
and rule-editor scenes come from the app shell (felt/ui/start_scene.py, lobby_scene.py,
rules_editor.py); they are rendered if present and skipped with a note otherwise.
Files are named SCENE-WIDTHxHEIGHT.png. The table's story has its own files: the play log
open and folded (``table-log-*``), a clear effect mid-animation, the round's end at the
table, the exchange summary, "How to play" for PR-002, FOLGEN and JASS36 (``howto-*``), a
quiz question unanswered and explained (``quiz-*``), chat bubbles and the chat
(``table-chat``, ``chat-overlay``), and a guest's read-only rules.
"""
from __future__ import annotations

import os
import random
import sys
from importlib import import_module
from pathlib import Path

SIZES = [(360, 640), (1280, 720), (430, 932), (1920, 1080)]
DEMO_NAMES = ["Anna", "Beat", "Carla", "Dominik", "Eveline", "Fritz", "Gabi", "Hans-Peter von Allmen"]


# ----------------------------------------------------------------------------
# demo match
def _random_move(state, rng):
    from felt.games.praesident.engine import legal_moves
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
    from felt.games.praesident.engine import apply_inplace, legal_moves, new_match, next_round
    from felt.games.praesident.rules import load_rules
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
    from felt.games.praesident.engine import filter_events
    from felt.ui.playlog import PlayLog
    log = PlayLog()
    log.add_events(filter_events(events, seat))
    return log


# ----------------------------------------------------------------------------
# story frames: an effect mid-animation, the end of a round at the table
def _advance(scene, seconds: float, until=None) -> None:
    step = 1 / 30
    t = 0.0
    while t < seconds:
        if until is not None and until():
            return
        scene.update(step)
        t += step


def effect_scene(w: int, h: int, names):
    """A table (seat 0) in the middle of a 'cleared by 2s' effect: Beat leads a king,
    Carla clears with a 2."""
    import dataclasses

    from felt.cards import build_deck
    from felt.games.praesident.engine import apply_inplace, filter_events, legal_moves, position, view
    from felt.games.praesident.rules import load_rules
    from felt.ui.scene import SceneStack
    from felt.games.praesident.table_scene import TableScene
    rules = dataclasses.replace(load_rules("PR-002"), twos_clear=True)
    deck = build_deck(rules)
    by_code: dict = {}
    for i, c in enumerate(deck):
        by_code.setdefault(f"{c.rank}{c.suit}", []).append(i)
    suits = sorted({c.suit for c in deck if not c.joker})
    take = lambda code: by_code[code].pop()
    a, b = suits[0], suits[1]
    hands = [[take(f"{r}{a}") for r in ("7", "9", "J", "Q", "A")] + [take(f"8{b}")],
             [take(f"K{a}"), take(f"10{a}"), take(f"7{b}")],
             [take(f"2{a}"), take(f"9{b}"), take(f"Q{b}"), take(f"J{b}")],
             [take(f"A{b}"), take(f"8{a}"), take(f"10{b}"), take(f"K{b}")]]
    st = position(rules, hands, 1)
    scene = TableScene(view(st, 0), names=names, settings={"muted": True, "speed": "normal"})
    stack = SceneStack((w, h))
    stack.push(scene)
    for seat, code_cards in ((1, [hands[1][0]]), (2, [hands[2][0]])):
        mv = next(m for m in legal_moves(st) if m.kind == "play" and list(m.cards) == code_cards)
        ev = apply_inplace(st, seat, mv)
        scene.set_view(view(st, 0), filter_events(ev, 0))
        _advance(scene, 0.5 if seat == 1 else 0.0)
    _advance(scene, 3.0, until=lambda: (scene.anim.current_announcement() or None) is not None
             and scene.anim.current_announcement().fx == "clear")
    _advance(scene, 0.75)
    return stack


def _single(w: int, h: int, module: str, arg):
    """The scene ``snapshot_scene(arg)`` of ``module`` on its own stack."""
    from felt.ui.scene import SceneStack
    mod = import_module(module)
    factory = getattr(mod, "snapshot_readonly") if arg == "readonly" else getattr(mod, "snapshot_scene")
    stack = SceneStack((w, h))
    if arg == "readonly":
        stack.push(factory())
    elif arg == "question":
        stack.push(factory("PR-002", checked=False))
    else:
        stack.push(factory(arg))
    return stack


def _game_quiz_screens(w: int, h: int):
    """(name, stack) for "How to play" of MM-STD and SW-STD and their quizzes: a Mau-Mau
    question with a wish and one with a pending seven, a Schwimmen hand; each unanswered
    and explained."""
    from felt.ui import howto, quiz
    from felt.ui.scene import SceneStack
    screens = [("howto-MM-STD", lambda: howto.snapshot_scene("MM-STD")),
               ("howto-SW-STD", lambda: howto.snapshot_scene("SW-STD")),
               ("quiz-maumau-wish-question", lambda: quiz.snapshot_scene("MM-STD", checked=False, index=1)),
               ("quiz-maumau-wish-explained", lambda: quiz.snapshot_scene("MM-STD", index=1)),
               ("quiz-maumau-seven-explained", lambda: quiz.snapshot_scene("MM-STD", index=3)),
               ("quiz-schwimmen-question", lambda: quiz.snapshot_scene("SW-STD", checked=False)),
               ("quiz-schwimmen-explained", lambda: quiz.snapshot_scene("SW-STD"))]
    for name, make in screens:
        stack = SceneStack((w, h))
        stack.push(make())
        yield name, stack


def chat_scene(w: int, h: int, demo, names, overlay: bool):
    """The table with chat bubbles at two seats (and mine); with ``overlay`` the chat open."""
    from felt.games.praesident.engine import view
    from felt.ui import i18n
    from felt.ui.chat import ChatLog, ChatOverlay
    from felt.ui.scene import SceneStack
    from felt.games.praesident.table_scene import TableScene
    st, _ = demo["table"]
    log = table_log(demo["table_log"], 0)
    chat = ChatLog()
    scene = TableScene(view(st, 0), names=names, settings={"muted": True}, log=log, on_chat=lambda: None)
    scene.bots = {2, 4}                 # bots wear an emblem instead of initials
    stack = SceneStack((w, h))
    stack.push(scene)
    lines = [(1, i18n.t("chat.r.nice")), (3, "Wer hat noch eine 2?" if i18n.get_lang() == "de" else "Who has a 2 left?"),
             (0, i18n.t("chat.r.haha"))]
    for seat, text in lines:
        chat.add(names[seat], seat, text)
        scene.show_chat(seat, names[seat], text)
    _advance(scene, 0.3)
    if overlay:
        stack.push(ChatOverlay(chat, on_send=lambda t: None))
    return stack


def exchange_summary_scene(w: int, h: int, demo, names):
    """The first table of round 2 as the round's 2nd place sees it: what it gave and got,
    until OK."""
    from felt.games.praesident.engine import filter_events, view
    from felt.ui.scene import SceneStack
    from felt.games.praesident.table_scene import TableScene
    st, ev = demo["exchange_done"]
    seat = st.last_places[1] if len(st.last_places) > 1 else 0
    scene = TableScene(None, names=names, settings={"muted": True, "speed": "normal"})
    stack = SceneStack((w, h))
    stack.push(scene)
    scene.set_view(view(st, seat), filter_events(ev, seat))
    _advance(scene, 2.0)
    return stack


def round_end_scene(w: int, h: int, demo, names):
    """The table at the end of round 1: who went out in which order, before the results."""
    from felt.games.praesident.engine import filter_events, view
    from felt.ui.scene import SceneStack
    from felt.games.praesident.table_scene import TableScene
    st, ev = demo["results"]
    log = table_log(demo["round_log"][:-len(ev)] if ev else demo["round_log"], 0)
    tst, _ = demo["table"]
    scene = TableScene(view(tst, 0), names=names, settings={"muted": True, "speed": "normal"}, log=log)
    stack = SceneStack((w, h))
    stack.push(scene)
    fev = filter_events(ev, 0)
    log.add_events(fev)
    scene.set_view(view(st, 0), fev)
    _advance(scene, 12.0, until=lambda: scene.anim.current_announcement() is not None
             and scene.anim.current_announcement().fx == "round_end")
    _advance(scene, 1.6)
    return stack


# ----------------------------------------------------------------------------
def _scene_for(name: str, st, ev, seat: int, names, log=None):
    from felt.games.praesident.engine import filter_events, view
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
    legal = getattr(scene, "legal", None)
    if legal is None or not legal.plays:
        return
    cards = legal.plays[0]
    scene.selected = set(cards)
    scene.refresh_controls()


def _resume_scenes() -> list:
    from felt.ui.start_scene import snapshot_resume_scene
    return [snapshot_resume_scene()]


def _resume_picker_scenes() -> list:
    from felt.ui import i18n
    from felt.ui.shell import PickerOverlay
    from felt.ui.start_scene import snapshot_resume_scene
    sc = snapshot_resume_scene()
    return [sc, PickerOverlay(i18n.t("resume.title"), sc.resume_items(), lambda *_: None)]


def watching_stack(w: int, h: int, scene):
    """``scene`` (a table seen by a spectator) in the window's stack, with the notice a
    spectator gets on joining a full table."""
    from felt.ui import i18n
    from felt.ui.shell import AppStack
    stack = AppStack((w, h))
    stack.push(scene)
    stack.notify(i18n.t("app.watching"), "info", 4.0)
    return stack


def _watching_scene(w: int, h: int, demo, names):
    from felt.games.praesident.engine import view
    from felt.games.praesident.table_scene import TableScene
    st, _ = demo["table"]
    return watching_stack(w, h, TableScene(view(st, None), names=names, settings={"muted": True}))


def _quit_confirm_scenes(table, names) -> list:
    """The host's table mid-match with the question Ctrl+Q or closing the window asks."""
    from felt.ui import i18n, texts_contact  # noqa: F401
    from felt.ui.shell import ConfirmOverlay
    st, ev = table
    scene, _ = _scene_for("table", st, ev, 0, names)
    return [scene, ConfirmOverlay(i18n.t("quit.title"), i18n.t("quit.body"),
                                  [(i18n.t("quit.no"), None, "primary"), (i18n.t("quit.yes"), None, "danger")])]


def stacked(w: int, h: int, scenes):
    """``scenes`` on one stack of size ``w`` x ``h``, the last on top."""
    from felt.ui.scene import SceneStack
    stack = SceneStack((w, h))
    for scene in scenes:
        stack.push(scene)
    return stack


def render_shot(path: Path, w: int, h: int, make, written: list, what: str) -> None:
    """Draw ``make()`` (a stack or a scene) at ``w`` x ``h`` into the PNG ``path`` and list it in
    ``written``; a scene that fails is noted and skipped (another part's screen must not stop
    the snapshot)."""
    import pygame
    from felt.ui.png import save_png
    try:
        surf = pygame.Surface((w, h))
        make().draw(surf)
    except Exception as exc:
        print(f"note: {what} failed at {w}x{h}: {exc!r}")
        return
    save_png(surf, path)
    written.append(path)


def cmd_snapshot(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from felt.ui import i18n
    from felt.ui.png import save_png
    from felt.ui.scene import SceneStack
    i18n.set_lang(getattr(args, "lang", "de") or "de")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    seed = int(getattr(args, "seed", 7) or 7)
    pygame.init()
    pygame.display.set_mode((1, 1))
    sizes = SIZES
    demo = demo_states("PR-002", 5, seed)
    jass = demo_states("JASS36", 4, seed + 1, rounds=2)
    names5 = DEMO_NAMES[:5]
    names4 = DEMO_NAMES[:4]
    written: list[Path] = []

    def exchange_seat(st):
        # the seat on turn in the exchange (upper place giving back, or lower place wishing)
        return st.to_move if st.to_move is not None else 0

    plan = [
        ("table", demo["table"], 0, names5),
        ("table-log-open", demo["table"], 0, names5),
        ("table-log-folded", demo["table"], 0, names5),
        ("exchange", demo["exchange"], None, names5),
        ("exchange-lower", demo["exchange"], "lower", names5),
        ("results", demo["results"], 0, names5),
        ("results-guest", demo["results"], 1, names5),
        ("standings", demo["standings"], 0, names5),
        ("table-jass", jass["table"], 0, names4),
        ("exchange-wish", jass["exchange"], None, names4),
    ]
    for w, h in sizes:
        for name, (st, ev), seat, names in plan:
            if seat is None:
                seat = exchange_seat(st)
            elif seat == "lower":
                pend = st.tasks
                seat = next((t[2] for t in pend if t[0] == "give"), 0)
            log = None
            if name.startswith("table"):
                log = table_log((jass if "jass" in name else demo)["table_log"], seat)
            scene, fev = _scene_for(name, st, ev, seat, names, log)
            stack = SceneStack((w, h))
            stack.push(scene)
            if name.startswith("table"):
                _select_demo(scene)
                if name.endswith("log-open"):
                    scene.log_open = True
                    scene.layout(w, h)
                elif name.endswith("log-folded"):
                    scene.log_open = False
                    scene.layout(w, h)
            surf = pygame.Surface((w, h))
            stack.draw(surf)
            path = out / f"{name}-{w}x{h}.png"
            save_png(surf, path)
            written.append(path)
        for name, make in (("howto-PR-002", lambda: _single(w, h, "felt.ui.howto", "PR-002")),
                           ("howto-FOLGEN", lambda: _single(w, h, "felt.ui.howto", "FOLGEN")),
                           ("howto-JASS36", lambda: _single(w, h, "felt.ui.howto", "JASS36")),
                           ("rules-readonly", lambda: _single(w, h, "felt.games.praesident.rules_editor", "readonly")),
                           ("quiz-question", lambda: _single(w, h, "felt.ui.quiz", "question")),
                           ("quiz-explained", lambda: _single(w, h, "felt.ui.quiz", "PR-002")),
                           ("table-chat", lambda: chat_scene(w, h, demo, names5, False)),
                           ("chat-overlay", lambda: chat_scene(w, h, demo, names5, True)),
                           ("table-exchange-summary", lambda: exchange_summary_scene(w, h, demo, names5)),
                           ("table-effect-clear", lambda: effect_scene(w, h, names4)),
                           ("table-round-end", lambda: round_end_scene(w, h, demo, names5)),
                           ("table-watching", lambda: _watching_scene(w, h, demo, names5))):
            stack = make()
            surf = pygame.Surface((w, h))
            stack.draw(surf)
            path = out / f"{name}-{w}x{h}.png"
            save_png(surf, path)
            written.append(path)
        # "How to play" and the quiz of Mau-Mau and Schwimmen (questions unanswered and explained)
        for name, stack in _game_quiz_screens(w, h):
            surf = pygame.Surface((w, h))
            stack.draw(surf)
            path = out / f"{name}-{w}x{h}.png"
            save_png(surf, path)
            written.append(path)
        # the play log at the Mau-Mau and Schwimmen tables: the drawer open on phones, docked on laptops
        for name, module in (("maumau_table-log", "felt.games.maumau.scene"),
                             ("schwimmen_table-log", "felt.games.schwimmen.snapshots")):
            try:
                scene = import_module(module).log_scene((w, h))
                surf = pygame.Surface((w, h))
                scene.draw(surf)
            except Exception as exc:  # another game's scene must not stop the snapshot
                print(f"note: {name} failed at {w}x{h}: {exc!r}")
                continue
            kind = "drawer" if scene.log_drawer_mode(w, h) else "docked"
            path = out / f"{name}-{kind}-{w}x{h}.png"
            save_png(surf, path)
            written.append(path)
        # the app shell's scenes
        for name, module, cls in (("start", "felt.ui.start_scene", "snapshot_scene"),
                                  ("lobby", "felt.ui.lobby_scene", "snapshot_scene"),
                                  ("rules", "felt.games.praesident.rules_editor", "snapshot_scene")):
            try:
                mod = import_module(module)
            except ImportError as exc:
                if (w, h) == sizes[0]:
                    print(f"note: {name} scene skipped ({module} not available: {exc})")
                continue
            factory = getattr(mod, cls, None)
            if factory is None:
                if (w, h) == sizes[0]:
                    print(f"note: {name} scene skipped ({module}.{cls} missing)")
                continue
            try:
                scene = factory()
                stack = SceneStack((w, h))
                stack.push(scene)
                surf = pygame.Surface((w, h))
                stack.draw(surf)
            except Exception as exc:  # the other helper's scene must not stop the snapshot
                print(f"note: {name} scene failed at {w}x{h}: {exc!r}")
                continue
            path = out / f"{name}-{w}x{h}.png"
            save_png(surf, path)
            written.append(path)
        # first contact: resuming an interrupted table, and the host's quit question
        for name, build in (("start-resume", _resume_scenes), ("resume-picker", _resume_picker_scenes),
                            ("quit-confirm", lambda: _quit_confirm_scenes(demo["table"], names5))):
            render_shot(out / f"{name}-{w}x{h}.png", w, h, lambda build=build: stacked(w, h, build()), written, name)
    written += other_games(out, getattr(args, "lang", "de") or "de")
    for p in written:
        print(p)
    print(f"{len(written)} images in {out}")
    return 0


GAME_SIZES = [(390, 844), (1280, 720)]


def game_lobby(game) -> dict:
    """The demo lobby (felt.ui.lobby_scene.demo_lobby) at a table of ``game``: its first
    template and rules, and every game offered."""
    from felt import games
    from felt.ui.lobby_scene import demo_lobby
    tid = game.template_ids()[0]
    d = demo_lobby()
    lo, hi = game.players_range(game.template(tid))
    n = max(lo, min(hi, 4))
    seats = [s for s in d["seats"] if s["seat"] < n]
    d.update(game=game.id, template=tid, rules=game.rules_to_dict(game.template(tid)), n=n, seats=seats,
             players=[lo, hi], games=[{"id": g.id, "name": g.name, "templates": g.template_ids()}
                                      for g in games.all_games()])
    return d


def other_games(out: Path, lang: str = "de") -> list[Path]:
    """Every game but Präsident: its lobby (template picker, rules) at phone and laptop sizes,
    and its table scene's own snapshots (a ``snapshot(out_dir, lang)`` in the module of its table
    scene or of its ``Game``), all in files whose names contain the game's id."""
    import sys as _sys
    import pygame
    from felt import games
    from felt.ui import i18n
    from felt.ui.lobby_scene import LobbyScene
    from felt.ui.png import save_png
    from felt.ui.scene import SceneStack
    written: list[Path] = []
    for g in games.all_games():
        if g.id == "praesident":
            continue
        for w, h in GAME_SIZES:
            try:
                sc = LobbyScene(game_lobby(g), my_seat=0, admin=True, address="192.168.1.20:40123",
                                on_menu=lambda: None)
                if len(sc.seats) > 3:
                    sc.tap_seat(3)
                stack = SceneStack((w, h))
                stack.push(sc)
                surf = pygame.Surface((w, h))
                stack.draw(surf)
            except Exception as exc:     # one game's scene must not stop the snapshot
                print(f"note: {g.id} lobby failed at {w}x{h}: {exc!r}")
                continue
            path = out / f"{g.id}_lobby-{w}x{h}.png"
            save_png(surf, path)
            written.append(path)
            try:                                 # its rule editor (built from the game's options)
                from felt.ui.options_editor import OptionsEditorScene
                stack = SceneStack((w, h))
                stack.push(OptionsEditorScene(g, None, on_apply=lambda d: None, players=4))
                surf = pygame.Surface((w, h))
                stack.draw(surf)
            except Exception as exc:
                print(f"note: {g.id} rule editor failed at {w}x{h}: {exc!r}")
                continue
            path = out / f"{g.id}_rules-{w}x{h}.png"
            save_png(surf, path)
            written.append(path)
        try:
            cls = g.scene_for("play")
        except Exception:
            cls = None
        if cls is not None:
            for w, h in GAME_SIZES:
                render_shot(out / f"{g.id}_watching-{w}x{h}.png", w, h, lambda: game_watching_stack(g, cls, w, h),
                            written, f"{g.id} spectator table")
        shot = None
        for home in ([cls.__module__] if cls is not None else []) + [type(g).__module__]:
            shot = shot or getattr(_sys.modules.get(home), "snapshot", None)
        if shot is None:
            continue
        try:
            written += [Path(p) for p in shot(out, lang)]
        except Exception as exc:
            print(f"note: {g.id} table snapshots failed: {exc!r}")
        i18n.set_lang(lang)
    return written


def game_watching_stack(game, cls, w: int, h: int):
    """A spectator at ``game``'s table (its first template, 4 seats, a seeded deal), as the
    window shows it: the table with the round bar and the notice of a full table."""
    tid = game.template_ids()[0]
    state, _ = game.new_match(game.template(tid), 4, 5)
    sc = cls(game.view(state, None), names=DEMO_NAMES[:4], settings={"muted": True})
    sc.set_round_controls(None, lambda: None, lambda: None)
    return watching_stack(w, h, sc)


if __name__ == "__main__":  # pragma: no cover
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--lang", default="de")
    ap.add_argument("--seed", type=int, default=7)
    sys.exit(cmd_snapshot(ap.parse_args()))

"""`felt check-game ID`: every rule Felt Club puts on a game, run against one registered game.

One definition of each rule: the command runs these checks on one game (in this repository or
a plug-in), and the project's own tests (tests/test_game_contract.py, test_rule_files.py,
test_ui_text_layout.py, test_soak_games.py) call the same functions for every registered game and the guide's
example. A check is a function ``(game, ctx)``; it returns ``None`` (passed) or a note
(passed with a remark, or not applicable), and raises :class:`CheckFailed` with what the game
did wrong and the line of felt/games/ADDING.md that states the rule.

A check marked ``project_only`` is a convention of this repository, not a rule of the guide:
it applies to the games in ``felt/games/`` only, never to a game of another package.
"""
from __future__ import annotations

import asyncio
import os
import random
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

GUIDE = Path(__file__).resolve().parent / "games" / "ADDING.md"
NAMES = ["Anna", "Beat", "Carla", "Dominik", "Eveline", "Fritz", "Gabi", "Hans"]
# names given by people (the demo's long name) may be cut with "…" where they do not fit
USER_TEXTS = ("Hans-Peter", "Allmen")
LAYOUT_SIZES = ((360, 640), (390, 844), (1280, 720))
# what the layout recorder finds that is this repository's own wording, not the guide's rule of
# texts that fit: not asked of a game of another package
WORDING = ("verb does not agree",)


class CheckFailed(AssertionError):
    """A rule the game breaks: what it did, and where the guide states the rule."""


@dataclass
class Context:
    """What a check may use: a folder of its own, and ``quick`` (fewer seeds and sizes)."""

    tmp: Path
    quick: bool = False


@dataclass(frozen=True)
class Check:
    name: str
    title: str                      # what it checks, in a few words
    rule: str                       # the words of ADDING.md that state the rule
    run: Callable
    slow: bool = False              # left out by --quick
    project_only: bool = False      # this repository's convention: in-tree games only


CHECKS: dict[str, Check] = {}


def need(ok, message: str) -> None:
    if not ok:
        raise CheckFailed(message)


def guide_line(phrase: str) -> int | None:
    """The line of ADDING.md where ``phrase`` starts (words may wrap), or None."""
    try:
        text = GUIDE.read_text(encoding="utf-8")
    except OSError:
        return None
    m = re.search(r"\s+".join(re.escape(w) for w in phrase.split()), text)
    return text.count("\n", 0, m.start()) + 1 if m else None


def rule_ref(check: Check) -> str:
    line = guide_line(check.rule)
    where = f"felt/games/ADDING.md:{line}" if line else "felt/games/ADDING.md"
    return f"the rule: {where}: {check.rule}"


def check(name: str, title: str, rule: str, slow: bool = False, project_only: bool = False):
    """Register a check; a failure inside it comes out naming the guide's line of its rule."""
    def wrap(fn):
        def run(game, ctx: Context | None = None, **kw):
            try:
                if ctx is None:
                    import tempfile
                    ctx = Context(Path(tempfile.mkdtemp(prefix=f"felt-check-{game.id}-")))
                return fn(game, ctx, **kw)
            except CheckFailed as exc:
                text = str(exc)
                said = text if "the rule: " in text else f"{text}\n{rule_ref(CHECKS[name])}"
                raise CheckFailed(said).with_traceback(exc.__traceback__) from exc.__cause__
        run.__name__ = fn.__name__
        run.__doc__ = fn.__doc__
        run.check_name = name
        CHECKS[name] = Check(name, title, rule, run, slow, project_only)
        return run
    return wrap


def in_tree(game) -> bool:
    """A game of this repository (``felt/games/<id>/``)."""
    return type(game).__module__.startswith("felt.games.")


# ----------------------------------------------------------------------------- playing
def seats_for(game) -> int:
    lo, hi = game.players_range(game.template(game.template_ids()[0]))
    return max(lo, min(4, hi))


def random_play(game, seed: int, steps: int = 4000, match_rounds: int = 2):
    """A seeded random match: yields ``(state, events)`` after the deal and after every step."""
    rng = random.Random(seed)
    rules = game.template(game.template_ids()[0])
    state, events = game.new_match(rules, seats_for(game), seed, match_rounds)
    yield state, events
    for _ in range(steps):
        if state.phase == "match_over":
            return
        if state.phase == "round_over":
            state, events = game.next_round(state)
        else:
            moves = game.legal_moves(state)
            need(moves, f"{game.id}: nobody can move in phase {state.phase!r}")
            seat = state.to_move
            events = game.apply_inplace(state, seat, rng.choice(moves))
        yield state, events
    raise CheckFailed(f"{game.id}: a random match did not end in {steps} steps")


def views_by_phase(game, seed: int = 11, seat: int | None = 0, with_state: bool = False) -> dict:
    """A view of ``seat`` (on turn where possible; None: a spectator) per phase seen, with the
    events that brought it (and the state, ``with_state``)."""
    out: dict = {}
    for state, events in random_play(game, seed):
        phase = state.phase
        on_turn = seat is not None and getattr(state, "to_move", None) == seat
        if phase not in out or (on_turn and not out[phase][0].get("legal")):
            entry = (game.view(state, seat), game.filter_events(events, seat))
            out[phase] = entry + (game.clone(state),) if with_state else entry
    return out


def same_move(a: dict, b: dict) -> bool:
    """Two wire moves alike but for the order of their lists (the cards of a selection)."""
    def canon(m):
        return {k: sorted(v, key=repr) if isinstance(v, list) else v for k, v in m.items()}
    return canon(a) == canon(b)


def _pygame():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    pygame.init()
    return pygame


def scene_class(game, phase: str):
    from felt.ui.game_table import GameTableScene, PlainTableScene
    cls = game.scene_for(phase) or PlainTableScene
    need(isinstance(cls, type) and issubclass(cls, GameTableScene),
         f"{game.id}: the scene of {phase!r} is no felt.ui.game_table.GameTableScene")
    return cls


def build(game, view: dict, events: list, size):
    """The game's scene of the view's phase at ``size``, as the window makes it."""
    cls = scene_class(game, view["phase"])
    sc = cls(None, names=NAMES[:view["n"]], settings={"muted": True}, on_move=lambda m: None)
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(*size)
    sc.set_view(view, events)
    return sc


def colours(surface, size) -> int:
    return len({surface.get_at((x, y))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 41)})


def _tap(sc, point) -> None:
    from felt.ui.scene import PRESS, RELEASE, Input
    sc.handle(Input(PRESS, tuple(point), source="touch"))
    sc.handle(Input(RELEASE, tuple(point), source="touch"))


# ----------------------------------------------------------------------------- the contract
SCENE_SIZES = {"phone@2": ((780, 1688), 2.0), "phone": ((390, 844), 1.0), "laptop": ((1280, 720), 1.0)}


@check("scenes", "each phase draws at phone and laptop size",
       "The contract test draws every phase at 390×844 (density 1) and 780×1688")
def check_scenes(game, ctx, sizes=None):
    """Every phase a seeded match shows, as seat 0 and as a spectator, drawn and animated at
    phone size (390×844 at density 1 and 2) and laptop size: no error, no blank screen."""
    from felt.ui import layout
    pygame = _pygame()
    for label in sizes or SCENE_SIZES:
        size, density = SCENE_SIZES[label]
        layout.set_density(density)
        try:
            for seat in (0, None):
                seen = views_by_phase(game, seat=seat)
                need({"round_over", "match_over"} & set(seen), f"{game.id}: no round ended in a random match")
                for phase, (view, events) in seen.items():
                    where = f"{game.id} phase {phase!r} ({'a spectator' if seat is None else f'seat {seat}'}, {label})"
                    try:
                        sc = build(game, view, events, size)
                        surface = pygame.Surface(size)
                        sc.draw(surface)
                        for _ in range(5):
                            sc.update(0.2)
                        sc.draw(surface)
                    except CheckFailed:
                        raise
                    except Exception as exc:
                        raise CheckFailed(f"{where}: the scene raised {exc!r}") from exc
                    need(colours(surface, size) > 3, f"{where}: the screen is (nearly) blank")
        finally:
            layout.set_density(1.0)


@check("taps", "taps make every legal move, keys break nothing",
       "`gesture(move)` (the taps that make a legal move)")
def check_taps(game, ctx):
    """Every legal move the table offers is made by the taps its ``gesture`` names, and
    nothing else is sent; keys and taps anywhere never break it or send an illegal move."""
    from felt.contract import table_view
    from felt.ui.scene import KEY, Input
    pygame = _pygame()
    made = playable_phases = 0
    for phase, (view, events, state) in views_by_phase(game, seed=5, with_state=True).items():
        legal = view.get("legal") or []
        if not legal:
            continue
        playable_phases += 1
        offered = 0
        for move in legal[:12]:
            sc = build(game, view, events, (390, 844))
            for _ in range(80):                 # the deal and the plays land, as a player waits
                sc.update(0.1)
            taps = sc.gesture(move)
            if not taps:
                continue
            offered += 1
            expect = move
            if table_view.pick_count(move):         # a pick: the move made is the cards the taps chose
                expect = table_view.picked(move, [step[1] for step in taps if step[0] == "card"])
            for step in taps:
                point = sc.tap_point(step)
                need(point is not None, f"{game.id} {phase}: no place to tap for {step} of {move}")
                _tap(sc, point)
                sc.update(0.05)
            need(sc.outbox, f"{game.id} {phase}: the taps {taps} sent nothing for {move}")
            sent = sc.outbox[-1]
            need(game.is_legal(state, 0, game.move_from_wire(sent)),
                 f"{game.id} {phase}: the taps for {move} sent the illegal move {sent}")
            need(same_move(sent, expect), f"{game.id} {phase}: the taps for {move} sent {sent}")
            need(len(sc.outbox) == 1, f"{game.id} {phase}: the taps for {move} sent {len(sc.outbox)} moves: "
                                      f"{sc.outbox}")
            made += 1
        need(offered, f"{game.id} {phase}: none of the legal moves can be made by taps (gesture gives none)")
        sc = build(game, view, events, (1280, 720))
        rng = random.Random(phase)
        for k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_RETURN,
                  pygame.K_1, pygame.K_a, pygame.K_l, pygame.K_l):
            sc.handle(Input(KEY, key=k, source="key"))
        for _ in range(40):
            _tap(sc, (rng.randrange(1280), rng.randrange(720)))
        sc.draw(pygame.Surface((1280, 720)))
        for sent in sc.outbox:
            need(game.is_legal(state, 0, game.move_from_wire(sent)),
                 f"{game.id} {phase}: keys and stray taps sent the illegal move {sent}")
    need(playable_phases and made, f"{game.id}: no move was made by taps")


@check("cards", "a round in-process, every card accounted for",
       "`check_cards`, `check_view_cards`, `private_cards`, `shown_cards`")
def check_cards(game, ctx):
    for seed in range(3 if ctx.quick else 6):
        ended = False
        for state, _events in random_play(game, seed, match_rounds=1):
            problem = game.check_cards(state)
            need(problem is None, f"{game.id} seed {seed}, phase {state.phase!r}: {problem}")
            ended = ended or state.phase in ("round_over", "match_over")
        need(ended, f"{game.id} seed {seed}: the round did not end")


def rounds_played(game, rounds, seed=3, most=4):
    """``new_match(..., rounds)`` played at random: (final phase, round_no), stopping after
    ``most`` rounds were over without the match ending."""
    rng = random.Random(seed)
    state, _ = game.new_match(game.template(game.template_ids()[0]), seats_for(game), seed, rounds)
    over = 0
    for _ in range(40000):
        if state.phase == "match_over":
            break
        if state.phase == "round_over":
            over += 1
            if over >= most:
                break
            state, _ = game.next_round(state)
        else:
            game.apply_inplace(state, state.to_move, rng.choice(game.legal_moves(state)))
    return state.phase, state.round_no


@check("rounds", "rounds=None: the rule set's, 0: open-ended", "**Rounds.**")
def check_rounds(game, ctx):
    default = game.default_rounds(game.template(game.template_ids()[0]))
    if 0 < default <= 6:
        got = rounds_played(game, None, most=default + 2)
        need(got == ("match_over", default), f"{game.id}: with rounds=None the match should end after the rule "
                                             f"set's {default} rounds (default_rounds), it is {got[0]!r} in round {got[1]}")
    want = max(2, default + 1)
    phase, round_no = rounds_played(game, 0, most=want)
    need(phase == "round_over" and round_no == want,
         f"{game.id}: with rounds=0 the match should go on; after {want} rounds it is {phase!r} in round {round_no}")


# states of each phase of each round per seed searched through for hidden cards: the first ones,
# then every DEEP_STATES-th (a round's end has other cards in hand than its start)
DEEP_STATES = 16


@check("view-hides", "no view shows another seat's private cards",
       "`view(state, seat)` | the one place that decides what a seat")
def check_view_hides(game, ctx):
    """No seat's view and no spectator's shows a card private to another seat: not among the
    cards the game says it shows (``shown_cards``), and nowhere else in the view either, under
    any key, at any depth, as a card id or in a form of the game's own (felt.contract.hidden:
    the private cards marked and swapped in a copy of the state, in the first seeds' states,
    ``DEEP_STATES`` of each phase of each round). No view holds the seed or the deck, no
    filtered event its ``_private`` part."""
    from felt.contract.hidden import Places
    places = Places(game)
    for seed in range(3 if ctx.quick else 8):
        deep: dict = {}                 # (round, phase) -> how many of its states came
        for state, events in random_play(game, seed):
            n = state.n
            secret = {s: set(game.private_cards(state, s)) for s in range(n)}
            views = {}
            for s in [*range(n), None]:
                who = "a spectator" if s is None else f"seat {s}"
                view = views[s] = game.view(state, s)
                shown = set(game.shown_cards(view))
                for other in range(n):
                    if other != s:
                        leak = shown & secret[other]
                        need(not leak, f"{game.id} seed {seed}, phase {state.phase!r}: {who} sees seat {other}'s "
                                       f"cards {sorted(leak)}")
                need("seed" not in view and "deck" not in view,
                     f"{game.id}: the view of {who} holds {'seed' if 'seed' in view else 'deck'}")
                for ev in game.filter_events(events, s):
                    need("_private" not in ev, f"{game.id}: an event for {who} keeps its _private part: {ev}")
            key = (state.round_no, state.phase)
            deep[key] = seen = deep.get(key, -1) + 1
            if seed < (1 if ctx.quick else 2) and (seen < DEEP_STATES or seen % DEEP_STATES == 0):
                leak = hidden_cards_shown(game, state, secret, views, places)
                need(leak is None, f"{game.id} seed {seed}, phase {state.phase!r}: {leak}")
    if not places.compared:
        return ("the search of the whole view did not run: private_cards names no cards kept in the "
                "state's lists, dicts or attributes; only shown_cards was checked")
    return None


def hidden_cards_shown(game, state, secret: dict, views: dict, places) -> str | None:
    """Where a view of ``state`` shows a card private to another seat (``secret``: seat ->
    its private cards; ``views``: seat or None -> its view), said in a sentence, or None.
    Two seats' private cards swapped must leave every third seat's view (and a spectator's)
    as it was; a seat no swap covers (two players) is checked with the other's cards marked."""
    from felt.contract import hidden
    n = state.n
    where = {s: places.of(state, s, secret[s]) for s in range(n)
             if secret[s] and all(hidden._is_int(c) for c in secret[s])}
    who = (lambda s: "a spectator" if s is None else f"seat {s}")
    covered = set()
    seats = sorted(where)
    for i, a in enumerate(seats):
        b = seats[(i + 1) % len(seats)]
        if b == a or not where[a] or not where[b]:
            continue
        k = min(len(secret[a]), len(secret[b]))
        one, two = sorted(secret[a])[:k], sorted(secret[b])[:k]
        swap = {**dict(zip(one, two)), **dict(zip(two, one))}
        try:
            other = hidden.marked(state, where[a] + where[b], lambda v: hidden.Marked(swap[v]) if v in swap else v)
        except Exception:               # noqa: BLE001 (a state that cannot be copied so: not searched)
            continue
        for s in [*range(n), None]:
            if s in (a, b):
                continue
            try:
                seen = game.view(other, s)
            except Exception:           # noqa: BLE001 (a state the game cannot show: no finding)
                continue
            covered |= {(s, a), (s, b)}
            places.compared += 1
            diff = hidden.differences(views[s], seen)
            if diff:
                at, before, after = diff[0]
                return (f"{who(s)} sees seat {a}'s or seat {b}'s private cards at {at}: it changes from "
                        f"{hidden.short(before)} to {hidden.short(after)} when {k} of their cards are swapped "
                        f"(private_cards)")
    for o in seats:
        rest = [s for s in [*range(n), None] if s != o and (s, o) not in covered]
        if not rest or not where[o]:
            continue
        mine = secret[o]
        try:
            other = hidden.marked(state, where[o], lambda v: hidden.Marked(v) if v in mine else v)
        except Exception:               # noqa: BLE001 (a state that cannot be copied so: not searched)
            continue
        for s in rest:
            try:
                found = hidden.find_marked(game.view(other, s))
            except Exception:           # noqa: BLE001 (a state the game cannot show: no finding)
                continue
            places.compared += 1
            if found:
                at, card = found[0]
                return f"{who(s)} sees seat {o}'s card {card} at {at} (a card private to seat {o}: private_cards)"
    return None


@check("marks", "plays judged from the seat's view only",
       "the mistake marks of a replay play a seat's choices out")
def check_marks(game, ctx):
    """The mistake marks (felt.contract.analysis): at a few decisions of a seeded match the
    seat's world (``Game.determinize``) keeps its hand and its legal moves, and the estimate
    runs and gives a loss of 0 or more (no world at all is allowed: no mark there)."""
    from felt.contract import analysis
    judged = 0
    for seed in range(2 if ctx.quick else 3):
        rng = random.Random(seed)
        for state, _events in random_play(game, seed):
            if judged >= 3 * (seed + 1) or state.phase in ("round_over", "match_over"):
                if judged >= 3 * (seed + 1):
                    break
                continue
            seat = state.to_move
            view = game.view(state, seat)
            if len(view.get("legal") or []) < 2 or rng.random() < 0.7:
                continue
            try:
                world = game.determinize(state, seat, random.Random(seed))
            except ValueError:
                continue                                   # no world here: no mark here
            wv = game.view(world, seat)
            need(sorted(map(repr, wv.get("hand") or [])) == sorted(map(repr, view.get("hand") or [])),
                 f"{game.id} seed {seed}, phase {state.phase!r}: the world dealt for seat {seat} holds another hand")
            need(sorted(map(repr, wv.get("legal") or [])) == sorted(map(repr, view.get("legal") or [])),
                 f"{game.id} seed {seed}, phase {state.phase!r}: seat {seat} may make other moves in its world")
            est = analysis.estimate(game, state, seat, view["legal"][0], samples=2, seed=seed)
            need(est is None or est.loss >= 0.0, f"{game.id}: a negative loss {est and est.loss}")
            judged += 1


@check("table-vocabulary", "view['table'] keeps to the table vocabulary",
       "the contract test checks every view against it")
def check_table_vocabulary(game, ctx):
    """Every view's ``table`` keeps to the vocabulary, and every text of the game's catalog it
    names is there and takes its arguments, in German and English; so do a move button's texts
    (``<id>.move.<kind>`` and its spoken form ``<id>.move.<kind>.spoken``) with the move's values."""
    from felt.contract.table_view import TableError, check_table, texts_named
    from felt.ui import i18n
    checked: set = set()
    for state, _events in random_play(game, 3):
        for s in [*range(state.n), None]:
            view = game.view(state, s)
            try:
                table = check_table(view.get("table"))
            except TableError as e:
                raise CheckFailed(f"{game.id} phase {state.phase!r} seat {s}: {e}") from None
            named = list(texts_named(table))
            for m in view.get("legal") or []:           # a move button's words, shown and spoken
                for key in (f"{game.id}.move.{m.get('kind')}", f"{game.id}.move.{m.get('kind')}.spoken"):
                    if i18n.has(key):
                        named.append({"text": key, "args": {k: v for k, v in m.items() if k != "kind"}})
            for text in named:
                args = {k: NAMES[0] if isinstance(v, dict) else v for k, v in (text.get("args") or {}).items()}
                key = (text["text"], tuple(sorted(args)))
                if key in checked:
                    continue
                checked.add(key)
                need(i18n.has(text["text"]), f"{game.id} phase {state.phase!r}: the table names the text "
                                             f"{text['text']!r}, which the game's catalog (texts.toml) lacks")
                before = i18n.get_lang()
                try:
                    for lang in ("de", "en"):
                        i18n.set_lang(lang)
                        said = i18n.t(text["text"], **args)
                        need("{" not in said, f"{game.id}: the text {text['text']!r} ({lang}) does not take the "
                                              f"arguments {sorted(args)} the table gives it: {said!r}")
                finally:
                    i18n.set_lang(before)


def _run(coro, timeout: float):
    async def main():
        return await asyncio.wait_for(coro, timeout)
    return asyncio.run(main())


@check("loopback-resume", "a round over loopback; its journal resumes",
       "a round plays in-process and over loopback, its journal resumes")
def check_loopback_resume(game, ctx):
    from felt.net import journal
    from felt.net.host import Host, HostConfig
    n = seats_for(game)
    path = ctx.tmp / f"{game.id}-loopback.journal"
    path.unlink(missing_ok=True)

    async def main():
        host = await Host(HostConfig(rules=game.template_ids()[0], players=n, bots=n, bot_level=game.bot_levels[0],
                                     bot_delay=0.0, auto_next=-1.0, seed=21, interface="127.0.0.1",
                                     announce=False, phones=False, pace="off", journal=str(path))).start()
        try:
            host.start_match()
            for _ in range(6000):
                if host.state is not None and host.state.phase in ("round_over", "match_over"):
                    break
                await asyncio.sleep(0.005)
            final = host.state
            need(final is not None and final.phase in ("round_over", "match_over"),
                 f"{game.id}: a round of the host's bots did not end in 30 s")
            need(game.check_cards(final) is None, f"{game.id}: after the round: {game.check_cards(final)}")
            return final
        finally:
            await host.stop()

    final = _run(main(), 120)
    res = journal.load_resume(path)
    need(res.log.header["game"] == game.id, f"{game.id}: the journal names the game {res.log.header['game']!r}")
    for seat in [*range(n), None]:
        need(game.view(res.state, seat) == game.view(final, seat),
             f"{game.id}: the view of {'a spectator' if seat is None else f'seat {seat}'} differs after resuming "
             "the journal")


@check("screens", "lobby, rule editor, how-to and quiz open",
       "`scene_for(phase)`, `rules_editor()`, `rules_summary()`, `log_lines()`, `snapshots()`")
def check_screens(game, ctx, sizes=((390, 844), (1280, 720))):
    """The screens around the table, built from the Game object alone: the lobby of its table,
    its rule editor (its own, or the one from its options), "So wird gespielt" and its quiz."""
    from felt import contract
    from felt.ui.howto import HowtoScene
    from felt.ui.lobby_scene import LobbyScene
    from felt.ui.options_editor import OptionsEditorScene
    from felt.ui.quiz import QuizScene
    from felt.ui.scene import KEY, PRESS, RELEASE, Input, SceneStack
    pygame = _pygame()
    tid = game.template_ids()[0]
    rules = game.rules_to_dict(game.template(tid))
    rules_named = dict(rules, game=game.id)
    n = seats_for(game)
    seats = [{"seat": i, "name": NAMES[i], "kind": "human" if i == 0 else "bot", "connected": True, "away": False,
              "level": None if i == 0 else game.bot_levels[0], "owner": i == 0} for i in range(n)]
    lobby = {"t": "lobby", "table": "Tisch", "n": n, "seats": seats, "game": game.id, "template": tid,
             "rules": rules, "running": False, "phase": None, "round_no": 0, "spectators": 0,
             "games": [{"id": g.id, "name": dict(g.name), "templates": g.template_ids()} for g in contract.all_games()],
             "players": list(game.players_range(game.template(tid))), "default_rounds": game.default_rounds(
                 game.template(tid)), "options": {"turn_timer": 0.0, "rounds": None}}
    for size in sizes:
        editor = game.rules_editor() or OptionsEditorScene
        makers = [("the lobby", lambda: LobbyScene(lobby, my_seat=0, admin=True, address="127.0.0.1:1",
                                                   on_menu=lambda: None)),
                  ("the rule editor", lambda: editor(game, rules, on_apply=lambda d: None, folder=ctx.tmp, players=n)),
                  ("How to play", lambda: HowtoScene(rules_named))]
        if game.quiz(game.template(tid), 0, 1):
            makers.append(("the quiz", lambda: QuizScene(rules_named)))
        for what, make in makers:
            try:
                stack = SceneStack(size)
                stack.push(make())
                surface = pygame.Surface(size)
                stack.draw(surface)
                for x, y in ((size[0] // 2, size[1] // 2), (20, 20), (size[0] - 20, size[1] - 20)):
                    stack.handle(Input(PRESS, (x, y), source="touch"))
                    stack.handle(Input(RELEASE, (x, y), source="touch"))
                stack.handle(Input(KEY, key=pygame.K_DOWN, source="key"))
                if stack.top is not None:
                    stack.draw(surface)
            except Exception as exc:
                raise CheckFailed(f"{game.id}: {what} at {size[0]}x{size[1]} raised {exc!r}") from exc
            need(colours(surface, size) > 3, f"{game.id}: {what} at {size[0]}x{size[1]} is (nearly) blank")


@check("ended-early", "a match ended before a round: no winner",
       "a match ended before any round was over has no winner, and its table says so")
def check_ended_early(game, ctx):
    """The host ends a match at once (to change the game, say): nobody has won it, and its
    table says so at phone and laptop size instead of crowning the first seat."""
    from felt.ui import i18n, widgets
    from felt.ui.text_layout import Patches
    rules = game.template(game.template_ids()[0])
    state, _ = game.new_match(rules, seats_for(game), 5, 2)
    ended, events = game.end_match(state)
    need(ended.phase == "match_over", f"{game.id}: end_match left the phase {ended.phase!r}, not 'match_over'")
    drawn: list[str] = []
    real = widgets.draw_text

    def spy(surface, text, *a, **kw):
        drawn.append(str(text))
        return real(surface, text, *a, **kw)
    patches = Patches()
    for module in list(sys.modules.values()):
        if getattr(module, "draw_text", None) is real and (getattr(module, "__name__", "") or "").startswith("felt"):
            patches.setattr(module, "draw_text", spy)
    _pygame()
    try:
        for seat in (0, None):
            view = game.view(ended, seat)
            need(view.get("winner") is None, f"{game.id}: a match ended before any round was over has the winner "
                                             f"{view.get('winner')!r} in the view")
            for size in ((390, 844), (1280, 720)):
                drawn.clear()
                sc = build(game, view, game.filter_events(events, seat), size)
                surface = __import__("pygame").Surface(size)
                for _ in range(10):
                    sc.update(0.2)
                sc.draw(surface)
                said = i18n.t("res.ended_early_short")
                need(any(said in t for t in drawn), f"{game.id} at {size[0]}x{size[1]}: {said!r} is not on the "
                                                    f"table of the match ended early (drawn: {drawn[:12]})")
    finally:
        patches.undo()
    for state, _ in random_play(game, 5):
        if state.phase == "round_over":
            break
    ended, _ = game.end_match(state)
    need(game.view(ended, 0).get("winner") is not None,
         f"{game.id}: a match ended after a round was over has no winner")


@check("evening", "evening marks of a match, and words for them",
       "`evening_marks(state)`, `evening_words(marks, lang)`")
def check_evening(game, ctx):
    from felt.net.evening import clean_marks
    for state, _ in random_play(game, 12):
        pass
    marks = game.evening_marks(state)
    need(isinstance(marks, list) and len(marks) == state.n,
         f"{game.id}: evening_marks gives {marks!r}, not a list of one mark map per seat")
    need(all(isinstance(m, dict) and clean_marks(m) == m for m in marks),
         f"{game.id}: evening_marks {marks!r} are not {{short key: whole number}} maps the evening keeps as they are")
    summed: dict = {}
    for m in marks:
        for k, v in m.items():
            summed[k] = summed.get(k, 0) + v
    for lang in ("de", "en"):
        words = game.evening_words(summed, lang)
        need(isinstance(words, list) and all(isinstance(w, str) and w.strip() for w in words),
             f"{game.id}: evening_words({summed}, {lang!r}) gives {words!r}, not a list of texts")
        need(game.evening_words({}, lang) == [], f"{game.id}: evening_words({{}}, {lang!r}) is not []")


# ----------------------------------------------------------------------------- rule files
@check("rule-files", "templates save and load back as rule files",
       "**Rule data names its game.**")
def check_rule_files(game, ctx):
    from felt import contract
    from felt.contract import rulefile
    folder = ctx.tmp / f"{game.id}-rules"
    folder.mkdir(parents=True, exist_ok=True)
    default = contract.default().id
    for tid in game.template_ids():
        rules = game.template(tid)
        named = game.rules_to_dict(rules).get("game", default)
        need(named == game.id, f"{game.id}: rules_to_dict of {tid} names the game {named!r}")
        path = rulefile.save(folder / f"{tid}.toml", game.rules_to_toml(rules))
        try:
            found, back = contract.find_rules(str(path))
        except Exception as exc:
            raise CheckFailed(f"{game.id}: the saved rule file of {tid} does not load: {exc}") from None
        need(found is game, f"{game.id}: the saved rule file of {tid} loads as the game {found.id!r}")
        need(game.rules_to_dict(back) == game.rules_to_dict(rules),
             f"{game.id}: the saved rule file of {tid} loads as other rules: {game.rules_to_dict(back)}")
    # a broken file is the game's RulesError, in both languages
    need(issubclass(game.rules_error, contract.RulesError),
         f"{game.id}: rules_error {game.rules_error.__name__} is no felt.contract.RulesError")
    for name, content in (("bad.toml", "lives = = 3\n".encode()),
                          ("latin1.toml", 'name = "Gr\xfc\xdfe"\n'.encode("latin-1"))):
        path = folder / name
        path.write_bytes(content)
        try:
            game.load_rules_file(path)
        except game.rules_error as err:
            need(err.key == "toml" and err.de and err.en,
                 f"{game.id}: a broken rule file ({name}) gives no text in both languages: {err!r}")
        except Exception as exc:
            raise CheckFailed(f"{game.id}: a broken rule file ({name}) raised {exc!r}, not its "
                              f"{game.rules_error.__name__}") from None
        else:
            raise CheckFailed(f"{game.id}: a broken rule file ({name}) loaded")
    try:
        game.load_rules_file(folder / "missing.toml")
    except OSError:
        pass
    else:
        raise CheckFailed(f"{game.id}: a missing rule file loaded")


@check("shipped-templates", "each template ships as <id>.toml (in-tree)",
       "Each shipped template is also a file", project_only=True)
def check_shipped_templates(game, ctx):
    folder = Path(sys.modules[type(game).__module__].__file__).parent
    for tid in game.template_ids():
        files = list(folder.rglob(f"{tid}.toml"))
        need(len(files) == 1, f"{game.id}: {len(files)} files {tid}.toml in {folder}, not one")
        need(game.load_rules_file(files[0]) == game.template(tid),
             f"{game.id}: {files[0]} does not load as the template {tid}")


# ----------------------------------------------------------------------------- the window
def layout_problems(game, lang: str, sizes=LAYOUT_SIZES, seed: int = 7, seen: list | None = None
                    ) -> tuple[int, dict, list]:
    """(shots drawn, {shot: problems}, screens that raised) of the game's screens in ``felt
    snapshot`` (the window's screens of any game and the game's own ``snapshots``), in ``lang``
    at ``sizes``."""
    from felt.ui import cardart, i18n, png
    from felt.ui import snapshot as snap
    from felt.ui.shots import draw
    from felt.ui.text_layout import Patches, TextRecorder, problems
    pygame = _pygame()
    before_lang = i18n.get_lang()
    failed: list[str] = []
    patches = Patches()
    rec = TextRecorder(patches)
    try:
        i18n.set_lang(lang)
        pygame.display.set_mode((1, 1))
        shots = snap.shown_for_every_game(game) + list(game.snapshots(lang, seed) or [])
        for shot in shots:
            for w, h in sizes:
                before = cardart.style()
                try:
                    cardart.set_style(*shot.card_style)
                    surface = draw(shot.make(w, h), w, h)
                except Exception as exc:
                    failed.append(f"{shot.name} at {w}x{h} raised {exc!r}")
                    continue
                finally:
                    cardart.set_style(*before)
                png.save_png(surface, f"{game.id}_{shot.name}-{w}x{h}.png")   # the recorder's: nothing is written
    finally:
        patches.undo()
        i18n.set_lang(before_lang)
    if seen is not None:
        seen.extend(rec.shots)
    bad = {}
    for shot in rec.shots:
        found = problems(shot, USER_TEXTS)
        if not in_tree(game):      # the wording of "Du"/"You" is this repository's own convention
            found = [p for p in found if not p.startswith(WORDING)]
        if found:
            bad[shot.name] = found
    return len(rec.shots), bad, failed


@check("text-layout", "every text of its screens fits (de, en)",
       "Every text must fit where it is drawn, in both languages")
def check_text_layout(game, ctx, langs=("de", "en"), seen: list | None = None):
    """No text outside its box or the window, on another text or under a control, too small or
    cut with "…", in the screens ``felt snapshot`` draws of the game, at 360x640, 390x844 and
    1280x720."""
    for lang in langs:
        count, bad, failed = layout_problems(game, lang, LAYOUT_SIZES[1:2] if ctx.quick else LAYOUT_SIZES,
                                             seen=seen)
        need(not failed, f"{game.id} ({lang}): screens that cannot be drawn: " + "; ".join(failed[:6]))
        need(count, f"{game.id}: no screen of the game was drawn")
        if bad:
            lines = [f"{name}: {p}" for name, found in sorted(bad.items()) for p in found[:3]]
            raise CheckFailed(f"{game.id} ({lang}): {len(bad)} of {count} screens have texts that do not fit:\n"
                              + "\n".join(lines[:12]) + ("\n…" if len(lines) > 12 else ""))


@check("phone", "a phone's renderer draws its table",
       "**Pixel sizes at phone density.**", slow=True)
def check_phone(game, ctx):
    """The renderer the host runs for a phone (felt/ui/phone_renderer.py, here in this
    process): the join screen, a tap on "Mitspielen", the lobby, the match dealt, and a frame
    of the game's table at 780×1688 (390×844 CSS pixels at pixel ratio 2)."""
    pygame = _pygame()
    from felt.net.host import HostConfig, HostThread
    from felt.ui import i18n, layout
    from felt.ui.app import App
    from felt.ui.phone_join import PhoneController
    saved = {k: os.environ.get(k) for k in ("FELT_CONFIG_DIR", "FELT_DATA_DIR")}
    os.environ["FELT_CONFIG_DIR"] = str(ctx.tmp / "phone-config")
    os.environ["FELT_DATA_DIR"] = str(ctx.tmp / "phone-data")
    n = seats_for(game)
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=n, bots=n - 1, seed=9,
                               rules=game.template_ids()[0], bot_delay=0.3, bot_level=game.bot_levels[0],
                               phones=False, think_ms=5)).start()
    app = None
    layout.set_density(2.0)
    try:
        def controller(*a, **kw):
            return PhoneController(*a, table={"address": "127.0.0.1", "port": ht.port, "name": "Tisch"}, **kw)
        app = App((780, 1688), controller_factory=controller, show_start=False, discover=False,
                  host_defaults={"interface": "127.0.0.1", "announce": False})
        ctl = app.controller
        ctl.settings.name = "Pia"
        ctl.show_start()

        def pump(until, what, timeout=20.0):
            end = time.monotonic() + timeout
            while not until():
                app.step(block=False)
                need(time.monotonic() < end, f"{game.id}: the phone waited {timeout:.0f} s for {what}")
                time.sleep(0.004)
        pump(lambda: getattr(ctl.main, "play_btn", None) is not None and ctl.main.play_btn.rect.w > 0,
             "its join screen")
        x, y = ctl.main.play_btn.rect.center
        common = dict(touch_id=1, finger_id=0, dx=0.0, dy=0.0, pressure=1.0)
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / 780, y=y / 1688, **common))
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=x / 780, y=y / 1688, **common))
        pump(lambda: ctl.kind == "lobby" and ctl.client is not None and not ctl.client.spectator,
             "a seat in the lobby after a tap on its play button")
        ht.call(lambda h: h.start_match())
        from felt.ui.game_table import GameTableScene
        pump(lambda: isinstance(ctl.main, GameTableScene) and ctl.main.view, "the table after the deal")
        settle = time.monotonic() + (1.0 if ctx.quick else 2.5)     # the deal lands, as a player waits
        while time.monotonic() < settle:
            app.step(block=False)
            time.sleep(0.01)
        table = ctl.main
        phase = table.view.get("phase")
        want = scene_class(game, phase)
        need(type(table) is want, f"{game.id}: the phone shows {type(table).__name__} in phase {phase!r}, "
                                  f"not the game's {want.__name__}")
        frame = app.window
        need(frame.get_size() == (780, 1688), f"{game.id}: the phone's frame is {frame.get_size()}, not 780x1688")
        need(colours(frame, (780, 1688)) > 3, f"{game.id}: the phone's frame of the table is (nearly) blank")
    finally:
        if app is not None:
            app.close()
        ht.stop()
        layout.set_density(1.0)
        i18n.set_lang("de")
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@check("soak", "matches with host kills resume, lose nothing",
       "the journal keeps and resumes them", slow=True)
def check_soak(game, ctx, matches: int = 2):
    """`felt soak` in small: matches of network bot clients with a host process that is
    SIGKILLed and resumed from its journal; every view equals the journal's, every card is
    accounted for. The host runs as a process of its own: it finds a game only by name (an
    entry point, or ``felt/games/``)."""
    from felt import contract
    from felt.net.soak import play_match
    if not contract.found_by_name(game.id):
        return "not run: the game is registered in this process only, a host process cannot find it"
    lo, hi = game.players_range(game.template(game.template_ids()[0]))
    players = max(lo, min(3, hi))
    rng = random.Random(game.id)
    problems: list[str] = []
    done = []

    async def main():
        for i in range(1, matches + 1):
            r = await play_match(i, players=players, rules_spec=game.template_ids()[0], rounds=1,
                                 drops=0.05, kills=1, seed=rng.getrandbits(32), workdir=ctx.tmp,
                                 lobby_kill=i == 1, time_limit=60.0)
            done.append(r)
            problems.extend(f"match {i}: {p}" for p in r.problems)
    ctx.tmp.mkdir(parents=True, exist_ok=True)
    _run(main(), 150)
    need(not problems, f"{game.id}: " + "; ".join(problems[:6]))
    kills = sum(len(r.kills) for r in done)
    need(kills >= 1, f"{game.id}: no host kill happened in {matches} matches")
    return f"{len(done)} matches, {sum(r.moves for r in done)} moves, {kills} host kills, " \
           f"{sum(r.drops for r in done)} drops"


# ----------------------------------------------------------------------------- the command
@dataclass
class Outcome:
    check: Check
    ok: bool
    seconds: float
    note: str = ""
    skipped: bool = False
    lines: list = field(default_factory=list)


def applicable(game, chk: Check) -> bool:
    return in_tree(game) or not chk.project_only


class CheckTimedOut(CheckFailed):
    pass


class _time_limit:
    """At most ``seconds`` for one check (0: none): a game whose engine or scene loops forever
    fails that check instead of hanging the command. SIGALRM, so only in the main thread of a
    POSIX process; elsewhere no limit."""

    def __init__(self, seconds: float, name: str) -> None:
        import signal
        import threading
        self.seconds, self.name = seconds, name
        self.on = bool(seconds) and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()

    def _fire(self, *_):
        raise CheckTimedOut(f"the check {self.name!r} took longer than {self.seconds:.0f} s "
                            "(an engine, a bot or a scene that does not return?)")

    def __enter__(self):
        if self.on:
            import signal
            self.old = signal.signal(signal.SIGALRM, self._fire)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc):
        if self.on:
            import signal
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old)
        return False


def run_checks(game, names=None, quick: bool = False, tmp: Path | None = None,
               say: Callable[[str], None] = print, limit: float = 0) -> list[Outcome]:
    """Run the checks (all, or ``names``) on ``game``, printing a line per check; ``limit``:
    seconds a check may take (0: no limit)."""
    import tempfile
    out: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix=f"felt-check-{game.id}-") as folder:
        base = Path(tmp or folder)
        for name, chk in CHECKS.items():
            if names and name not in names:
                continue
            if not applicable(game, chk):
                o = Outcome(chk, True, 0.0, "not applied: a convention of this repository's own games", True)
            elif quick and chk.slow and not names:
                o = Outcome(chk, True, 0.0, "left out by --quick", True)
            else:
                ctx = Context(base / name, quick)
                ctx.tmp.mkdir(parents=True, exist_ok=True)
                t0 = time.monotonic()
                try:
                    with _time_limit(limit, name):
                        note = chk.run(game, ctx)
                    o = Outcome(chk, True, time.monotonic() - t0, note or "")
                except CheckFailed as exc:
                    o = Outcome(chk, False, time.monotonic() - t0, lines=str(exc).splitlines())
                except Exception as exc:       # a crash in the game is a failure of the check, said plainly
                    import traceback
                    tb = traceback.extract_tb(exc.__traceback__)
                    where = next((f"{Path(f.filename).name}:{f.lineno}" for f in reversed(tb)), "")
                    o = Outcome(chk, False, time.monotonic() - t0,
                                lines=[f"{game.id}: raised {exc!r}" + (f" (at {where})" if where else ""),
                                       rule_ref(chk)])
            out.append(o)
            say(report_line(o))
    return out


def _wrap(text: str, width: int, indent: str) -> list[str]:
    import textwrap
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent + "  ",
                         break_long_words=True, break_on_hyphens=False) or [indent]


def report_line(o: Outcome, width: int = 80) -> str:
    status = "skip" if o.skipped else ("ok" if o.ok else "FAIL")
    head = f"{status:<4} {o.check.name:<18} {o.seconds:6.1f} s  {o.check.title}"
    lines = _wrap(head, width, "")
    if o.note:
        lines += _wrap(o.note, width, "       ")
    for ln in o.lines:
        lines += _wrap(ln, width, "       ")
    return "\n".join(lines)


def cmd_check_game(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from felt import contract
    known = contract.ids()
    if args.id in contract.refused():
        print(f"felt check-game: {contract.refused()[args.id]}", file=sys.stderr)
        return 2
    if args.id not in known:
        print(f"felt check-game: unknown game {args.id!r}; the registered games: {', '.join(known)}",
              file=sys.stderr)
        return 2
    unknown = [n for n in (args.only or []) if n not in CHECKS]
    if unknown:
        print(f"felt check-game: unknown check {', '.join(map(repr, unknown))}; the checks: {', '.join(CHECKS)}",
              file=sys.stderr)
        return 2
    game = contract.get(args.id)
    where = "this repository" if in_tree(game) else type(game).__module__
    print(f"felt check-game {game.id} ({game.name.get('en', game.id)}, from {where})"
          + (" --quick" if args.quick else ""), flush=True)
    for said in contract.load_warnings(game.id):        # old names it imports: they work, but say so
        print("\n".join(_wrap(f"warning: {said}", 80, "")), flush=True)
    t0 = time.monotonic()

    def say(line: str) -> None:
        print(line, flush=True)
    outcomes = run_checks(game, args.only or None, args.quick, say=say, limit=getattr(args, "timeout", 0) or 0)
    ran = [o for o in outcomes if not o.skipped]
    failed = [o for o in ran if not o.ok]
    skipped = len(outcomes) - len(ran)
    summary = (f"{game.id}: {len(ran) - len(failed)} of {len(ran)} checks passed"
               + (f", {len(failed)} failed ({', '.join(o.check.name for o in failed)})" if failed else "")
               + (f", {skipped} not run" if skipped else "") + f", {time.monotonic() - t0:.1f} s")
    print(summary)
    return 1 if failed else 0

"""Every registered game through the same checks: a game gets all of them by registering.

- each phase's scene draws at phone size (density 2, as a phone's renderer) and laptop size;
- it takes taps and keys: every legal move it offers is made by the taps it names for it;
- a round plays in-process (cards accounted for after every step) and over loopback, with
  the host's bots at every seat;
- the journal of that round resumes to the same state;
- the view filter hides every other hand, from every seat and from a spectator.

The example game of felt/games/ADDING.md runs through the same checks (tests/toy_highcard.py).
"""
from __future__ import annotations

import asyncio
import os
import random
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from felt import games  # noqa: E402
from felt.ui import layout  # noqa: E402
from felt.ui.game_table import GameTableScene, PlainTableScene  # noqa: E402
from felt.ui.scene import KEY, PRESS, RELEASE, Input  # noqa: E402
from tests.helpers import run  # noqa: E402
from tests.toy_highcard import GAME as EXAMPLE  # noqa: E402

NAMES = ["Anna", "Beat", "Carla", "Dominik", "Eveline", "Fritz", "Gabi", "Hans"]


def every_game():
    found = list(games.all_games())
    return found + [EXAMPLE] if EXAMPLE.id not in {g.id for g in found} else found


GAMES = every_game()


@pytest.fixture(params=GAMES, ids=[g.id for g in GAMES])
def game(request):
    g = request.param
    registered = g.id in games.ids()
    if not registered:
        games.register(g)
    yield g
    if not registered:
        games.unregister(g.id)


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
            assert moves, f"{game.id}: nobody can move in phase {state.phase!r}"
            seat = state.to_move
            events = game.apply_inplace(state, seat, rng.choice(moves))
        yield state, events
    raise AssertionError(f"{game.id}: a random match did not end in {steps} steps")


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


def scene_class(game, phase: str):
    cls = game.scene_for(phase) or PlainTableScene
    assert issubclass(cls, GameTableScene), f"{game.id}: the scene of {phase!r} is no GameTableScene"
    return cls


def build(game, view: dict, events: list, size, density: float = 1.0):
    cls = scene_class(game, view["phase"])
    sc = cls(None, names=NAMES[:view["n"]], settings={"muted": True}, on_move=lambda m: None)
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(*size)
    sc.set_view(view, events)
    return sc


@pytest.mark.parametrize("size,density", [((780, 1688), 2.0), ((390, 844), 1.0), ((1280, 720), 1.0)],
                         ids=["phone@2", "phone", "laptop"])
def test_each_phase_scene_draws_at_phone_and_laptop_size(game, size, density):
    pygame.init()
    layout.set_density(density)
    try:
        for seat in (0, None):
            seen = views_by_phase(game, seat=seat)
            assert {"round_over", "match_over"} & set(seen), f"{game.id}: no round ended"
            for phase, (view, events) in seen.items():
                sc = build(game, view, events, size, density)
                surface = pygame.Surface(size)
                sc.draw(surface)
                for _ in range(5):
                    sc.update(0.2)
                sc.draw(surface)
                colours = {surface.get_at((x, y))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 41)}
                assert len(colours) > 3, f"{game.id} {phase} (seat {seat}): the screen is (nearly) blank"
    finally:
        layout.set_density(1.0)


def _tap(sc, point) -> None:
    sc.handle(Input(PRESS, tuple(point), source="touch"))
    sc.handle(Input(RELEASE, tuple(point), source="touch"))


def test_the_scene_takes_taps_and_keys(game):
    """Every legal move the table offers is made by the taps it names, and nothing else is
    sent; keys and taps anywhere never break it."""
    pygame.init()
    made = 0
    playable_phases = 0
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
            for step in taps:
                point = sc.tap_point(step)
                assert point is not None, f"{game.id} {phase}: no place to tap for {step} of {move}"
                _tap(sc, point)
                sc.update(0.05)
            assert sc.outbox, f"{game.id} {phase}: the taps {taps} sent nothing for {move}"
            sent = sc.outbox[-1]
            assert game.is_legal(state, 0, game.move_from_wire(sent)), (game.id, phase, move, sent)
            assert same_move(sent, move), (game.id, phase, move, sent)
            assert len(sc.outbox) == 1, sc.outbox
            made += 1
        assert offered, f"{game.id} {phase}: none of the legal moves can be made by taps"
        # keys and stray taps: no exception, and any move sent is legal
        sc = build(game, view, events, (1280, 720))
        rng = random.Random(phase)
        for k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_RETURN,
                  pygame.K_1, pygame.K_a, pygame.K_l, pygame.K_l):
            sc.handle(Input(KEY, key=k, source="key"))
        for _ in range(40):
            _tap(sc, (rng.randrange(1280), rng.randrange(720)))
        sc.draw(pygame.Surface((1280, 720)))
        for sent in sc.outbox:
            assert game.is_legal(state, 0, game.move_from_wire(sent)), (game.id, phase, sent)
    assert playable_phases and made, f"{game.id}: no move was made by taps"


def test_a_round_plays_in_process_with_every_card_accounted_for(game):
    for seed in range(6):
        ended = False
        for state, _events in random_play(game, seed, match_rounds=1):
            problem = game.check_cards(state)
            assert problem is None, f"{game.id} seed {seed}: {problem}"
            ended = ended or state.phase in ("round_over", "match_over")
        assert ended


def _rounds_played(game, rounds, seed=3, most=4):
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


def test_new_match_rounds_none_is_the_rule_sets_and_0_is_open_ended(game):
    """ADDING.md, "Rounds": ``rounds=None`` plays the rule set's rounds (default_rounds),
    ``rounds=0`` has no round limit (the table ends the match, or the rules do)."""
    default = game.default_rounds(game.template(game.template_ids()[0]))
    if 0 < default <= 6:
        assert _rounds_played(game, None, most=default + 2) == ("match_over", default)
    phase, round_no = _rounds_played(game, 0, most=max(2, default + 1))
    assert phase == "round_over" and round_no == max(2, default + 1), (game.id, phase, round_no)


def test_the_view_filter_hides_every_other_hand(game):
    for seed in range(8):
        for state, events in random_play(game, seed):
            n = state.n
            secret = {s: set(game.private_cards(state, s)) for s in range(n)}
            for s in [*range(n), None]:
                view = game.view(state, s)
                shown = set(game.shown_cards(view))
                for other in range(n):
                    if other != s:
                        leak = shown & secret[other]
                        assert not leak, f"{game.id} seed {seed}: seat {s} sees seat {other}'s {sorted(leak)}"
                assert "seed" not in view and "deck" not in view
                for ev in game.filter_events(events, s):
                    assert "_private" not in ev, (game.id, ev)


def test_the_views_table_keeps_to_the_shared_vocabulary(game):
    """A view's ``table`` (what the plain table draws) is checked here, so that a bad
    description is a clear error in this test and not a crash in the window."""
    from felt.contract.table_view import TableError, check_table
    for state, _events in random_play(game, 3):
        for s in [*range(state.n), None]:
            view = game.view(state, s)
            try:
                check_table(view.get("table"))
            except TableError as e:
                raise AssertionError(f"{game.id} phase {state.phase} seat {s}: {e}") from None


def test_the_leak_check_sees_a_view_that_shows_another_hand():
    """The check above over a game whose view lets each seat see the next seat's hand."""
    class Leaky(type(EXAMPLE)):
        id = "leaky"

        def view(self, state, seat):
            v = super().view(state, seat)
            if seat is not None and state.hands:
                v["hand"] = v["hand"] + list(state.hands[(seat + 1) % state.n])
            return v

    leaky = Leaky()
    with pytest.raises(AssertionError, match="sees seat"):
        test_the_view_filter_hides_every_other_hand(leaky)


def test_a_round_plays_over_loopback_and_its_journal_resumes(game, tmp_path):
    from felt.net import journal
    from felt.net.host import Host, HostConfig

    n = seats_for(game)
    path = tmp_path / f"{game.id}.journal"

    async def main():
        host = await Host(HostConfig(rules=game.template_ids()[0], players=n, bots=n, bot_level="easy",
                                     bot_delay=0.0, auto_next=-1.0, seed=21, interface="127.0.0.1",
                                     announce=False, phones=False, pace="off", journal=str(path))).start()
        try:
            host.start_match()
            for _ in range(6000):
                if host.state is not None and host.state.phase in ("round_over", "match_over"):
                    break
                await asyncio.sleep(0.005)
            final = host.state
            assert final.phase in ("round_over", "match_over"), f"{game.id}: the round did not end"
            assert game.check_cards(final) is None
            return final
        finally:
            await host.stop()

    final = run(main(), 120)
    res = journal.load_resume(path)
    assert res.log.header["game"] == game.id
    for seat in [*range(n), None]:
        assert game.view(res.state, seat) == game.view(final, seat), f"{game.id}: seat {seat} differs after resume"


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "laptop"])
def test_the_lobby_rule_editor_howto_and_quiz_open_for_every_game(game, size, tmp_path):
    """The screens around the table, built from the Game object alone: the lobby of its table,
    its rule editor (its own, or the one from its options), "So wird gespielt" and its quiz."""
    from felt.ui.howto import HowtoScene
    from felt.ui.lobby_scene import LobbyScene
    from felt.ui.options_editor import OptionsEditorScene
    from felt.ui.quiz import QuizScene
    from felt.ui.scene import SceneStack
    pygame.init()
    tid = game.template_ids()[0]
    rules = game.rules_to_dict(game.template(tid))
    rules_named = dict(rules, game=game.id)
    n = seats_for(game)
    seats = [{"seat": i, "name": NAMES[i], "kind": "human" if i == 0 else "bot", "connected": True, "away": False,
              "level": None if i == 0 else "easy", "owner": i == 0} for i in range(n)]
    lobby = {"t": "lobby", "table": "Tisch", "n": n, "seats": seats, "game": game.id, "template": tid,
             "rules": rules, "running": False, "phase": None, "round_no": 0, "spectators": 0,
             "games": [{"id": g.id, "name": dict(g.name), "templates": g.template_ids()} for g in games.all_games()],
             "players": list(game.players_range(game.template(tid))), "default_rounds": game.default_rounds(
                 game.template(tid)), "options": {"turn_timer": 0.0, "rounds": None}}
    editor = game.rules_editor() or OptionsEditorScene
    screens = [LobbyScene(lobby, my_seat=0, admin=True, address="127.0.0.1:1", on_menu=lambda: None),
               editor(game, rules, on_apply=lambda d: None, folder=tmp_path, players=n),
               HowtoScene(rules_named)]
    if game.quiz(game.template(tid), 0, 1):
        screens.append(QuizScene(rules_named))
    for sc in screens:
        stack = SceneStack(size)
        stack.push(sc)
        surface = pygame.Surface(size)
        stack.draw(surface)
        for x, y in ((size[0] // 2, size[1] // 2), (20, 20), (size[0] - 20, size[1] - 20)):
            stack.handle(Input(PRESS, (x, y), source="touch"))
            stack.handle(Input(RELEASE, (x, y), source="touch"))
        stack.handle(Input(KEY, key=pygame.K_DOWN, source="key"))
        if stack.top is not None:
            stack.draw(surface)
        colours = {surface.get_at((x, y))[:3] for x in range(0, size[0], 37) for y in range(0, size[1], 41)}
        assert len(colours) > 3, f"{game.id}: {type(sc).__name__} is (nearly) blank"


def test_a_match_ended_before_any_round_was_over_has_no_winner_and_the_table_says_so(game, monkeypatch):
    """The host ends a match at once (to change the game, say): nobody has won it, and its
    table says so at phone and laptop size instead of crowning the first seat."""
    from felt.ui import i18n, widgets
    rules = game.template(game.template_ids()[0])
    state, _ = game.new_match(rules, seats_for(game), 5, 2)
    ended, events = game.end_match(state)
    assert ended.phase == "match_over"
    drawn: list[str] = []
    real = widgets.draw_text

    def spy(surface, text, *a, **kw):
        drawn.append(str(text))
        return real(surface, text, *a, **kw)
    for module in list(sys.modules.values()):
        if getattr(module, "draw_text", None) is real and (getattr(module, "__name__", "") or "").startswith("felt"):
            monkeypatch.setattr(module, "draw_text", spy)
    pygame.init()
    for seat in (0, None):
        view = game.view(ended, seat)
        assert view.get("winner") is None, f"{game.id}: a winner of no round"
        for size in ((390, 844), (1280, 720)):
            drawn.clear()
            sc = build(game, view, game.filter_events(events, seat), size)
            surface = pygame.Surface(size)
            for _ in range(10):
                sc.update(0.2)
            sc.draw(surface)
            said = i18n.t("res.ended_early_short")
            assert any(said in t for t in drawn), f"{game.id} at {size}: {said!r} not on the table: {drawn}"
    # once a round is over, the match has a winner again
    for state, _ in random_play(game, 5):
        if state.phase == "round_over":
            break
    ended, _ = game.end_match(state)
    assert game.view(ended, 0).get("winner") is not None


def test_a_finished_match_gives_the_evening_marks_it_can_keep_and_words_for_them(game):
    """``Game.evening_marks``/``evening_words`` (the lobby's evening, felt/net/evening.py): a mark
    map per seat of short keys and whole numbers that the evening keeps as they are, and words
    in both languages for their sums (a game without the hooks: no marks, no words)."""
    from felt.net.evening import clean_marks
    for state, _ in random_play(game, 12):
        pass
    marks = game.evening_marks(state)
    assert isinstance(marks, list) and len(marks) == state.n
    assert all(isinstance(m, dict) and clean_marks(m) == m for m in marks), marks
    summed: dict = {}
    for m in marks:
        for k, v in m.items():
            summed[k] = summed.get(k, 0) + v
    for lang in ("de", "en"):
        words = game.evening_words(summed, lang)
        assert isinstance(words, list) and all(isinstance(w, str) and w.strip() for w in words), words
        assert game.evening_words({}, lang) == []

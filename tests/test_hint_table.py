"""The Tipp at the table (felt/ui/table_hint.py), the host's count (felt/net/table.py) and the
lobby option, for every game at phone and laptop size:

- the Tipp button (or H) picks the hinted cards through the table's own selection and lights
  the one step left; one more tap there makes exactly the hinted move;
- it stands in the top bar beside the icons and covers nothing; it is hidden when the owner
  switched hints off, for a spectator and at a round's end, and does nothing off turn;
- the results say how many hints each player took;
- the host counts a hint once per seat and turn, refuses it when hints are off, journals it,
  and the counts come back after a host crash (SIGKILL and ``felt host --resume``);
- a real window takes a hint with H and the host's count reaches the standings; the owner
  switches hints off in the lobby and the next match's table has no Tipp button."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.ui import i18n, layout  # noqa: E402
from felt.ui.game_table import PlainTableScene  # noqa: E402
from felt.ui.scene import KEY, PRESS, RELEASE, Input  # noqa: E402
from felt.ui.widgets import Button  # noqa: E402

GAMES = ["praesident", "maumau", "schwimmen"]
SIZES = [((780, 1688), 2.0), ((390, 844), 1.0), ((1280, 720), 1.0)]
NAMES = ["Anna", "Beat", "Carla", "Dominik", "Eveline", "Fritz"]


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    i18n.set_lang("de")
    yield
    layout.set_density(1.0)
    i18n.set_lang("de")


def turns(game, seed: int = 3, count: int = 40, seat: int = 0):
    """``(state, view)`` for the first ``count`` turns of ``seat`` in a seeded match of four
    (its first template), the other seats and every other of its own turns played at random."""
    rng = random.Random(seed)
    rules = game.template(game.template_ids()[0])
    state, _ = game.new_match(rules, 4, seed, 3)
    found = 0
    for _ in range(5000):
        if state.phase == "match_over" or found >= count:
            return
        if state.phase == "round_over":
            state, _ = game.next_round(state)
            continue
        who = state.to_move
        if who == seat and game.view(state, seat).get("legal"):
            found += 1
            yield game.clone(state), game.view(state, seat)
        game.apply_inplace(state, who, rng.choice(game.legal_moves(state)))


def build(game, view: dict, size, hints=None, **kw):
    cls = game.scene_for(view["phase"]) or PlainTableScene
    sc = cls(None, names=NAMES[:view["n"]], settings={"muted": True}, on_move=lambda m: None, on_chat=lambda: None,
             **kw)
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(*size)
    sc.taken = []
    sc.on_hint = lambda: sc.taken.append(sc.view.get("seq", 1))
    sc.set_view(view, ())
    if hints is not None:
        sc.set_hints(*hints)
    for _ in range(60):                      # the deal lands, as a player waits for it
        sc.update(0.1)
        if not sc.animating_cards():
            break
    return sc


def tap(sc, point) -> None:
    sc.handle(Input(PRESS, tuple(point), source="touch"))
    sc.handle(Input(RELEASE, tuple(point), source="touch"))


def picked(move: dict) -> list:
    """The cards a hint of ``move`` raises (as if the player had picked them)."""
    if move.get("kind") == "swap":
        return [move["give"]]
    if "cards" in move:
        return sorted(move["cards"])
    if "card" in move:
        return [move["card"]]
    return []


def same_move(a: dict, b: dict) -> bool:
    canon = lambda m: {k: sorted(v) if isinstance(v, list) else v for k, v in m.items() if v not in ("", None)}  # noqa: E731
    return canon(a) == canon(b)


@pytest.mark.parametrize("size,density", SIZES, ids=["phone@2", "phone", "laptop"])
@pytest.mark.parametrize("gid", GAMES)
def test_the_tipp_picks_the_hinted_cards_and_one_more_tap_makes_the_move(gid, size, density):
    layout.set_density(density)
    game = games.get(gid)
    with_cards = without = wishes = 0
    seed = 15 if gid == "maumau" else 3          # a match with Buben to wish with among the hints
    for k, (state, view) in enumerate(turns(game, seed=seed, count=24)):
        hint = game.hint(view, "de")
        sc = build(game, view, size)
        sc.draw(pygame.Surface(size))                 # what the player sees before tapping
        assert sc.hint_btn.visible and sc.hint_btn.enabled and sc.hint_btn.rect.w
        if k % 2:
            tap(sc, sc.hint_btn.rect.center)          # a finger on the Tipp button
        else:
            sc.handle(Input(KEY, key=pygame.K_h, source="key"))
        assert sc.hint is not None and sc.hint["move"] == hint["move"] and sc.hint["why"] == hint["why"]
        assert sc.taken == [sc.view.get("seq", 1)] and not sc.outbox, "the hint itself sends no move"
        assert sorted(sc.selected_cards()) == picked(hint["move"]), (gid, hint)
        assert sc.remote_state()["hint"]["why"] == hint["why"]
        sc.draw(pygame.Surface(size))
        target = sc.hint_target()
        assert target is not None, (gid, hint, sc.hint["next"])
        with_cards += bool(picked(hint["move"]))
        without += not picked(hint["move"])
        point = sc.tap_point(sc.hint["next"])
        assert point is not None and target.collidepoint(point)
        tap(sc, point)                                  # one more tap
        if not sc.outbox:                               # a Bube asks its wish first: its suit is lit
            steps = sc.gesture(hint["move"])
            assert steps and steps[-1][1].startswith("suit_btns"), (gid, hint)
            point = sc.tap_point(steps[-1])
            assert sc.hint_target() is not None and sc.hint_target().collidepoint(point)
            tap(sc, point)
        assert len(sc.outbox) == 1 and same_move(sc.outbox[0], hint["move"]), (gid, hint, sc.outbox)
        wishes += "suit" in hint["move"]
        assert game.is_legal(state, 0, game.move_from_wire(sc.outbox[0]))
        assert sc.hint is None, "the hint ends with the move"
    assert with_cards and without, (gid, with_cards, without)
    assert wishes or gid != "maumau", "no Bube with its wish among the hints"


@pytest.mark.parametrize("gid", GAMES)
def test_the_tipp_button_stands_in_the_top_bar_and_covers_nothing(gid):
    game = games.get(gid)
    state, view = next(turns(game, count=1))
    for size, density in SIZES:
        layout.set_density(density)
        sc = build(game, view, size)
        sc.draw(pygame.Surface(size))
        b = sc.hint_btn
        assert b.visible and b.enabled and b.rect.w >= sc.menu_btn.rect.w and b.rect.h >= layout.dp(38)
        icons = [x for x in (sc.menu_btn, sc.mute_btn, sc.log_btn, sc.chat_btn) if x.visible]
        assert not any(b.rect.colliderect(x.rect) for x in icons)
        portrait = layout.is_portrait(*size)
        assert sc.hint_in_bar != portrait, "phones held upright: on the felt; else in the top bar"
        if sc.hint_in_bar:
            assert sc.top_bar().contains(b.rect) and b.rect.h == sc.menu_btn.rect.h
            assert sc.status_rect.right <= b.rect.left and sc.banner_rect().right <= b.rect.left
        else:                                         # on the felt, clear of everything on it
            assert pygame.Rect(0, 0, *size).contains(b.rect) and not b.rect.colliderect(sc.top_bar())
            others = [w.rect for w in vars(sc).values() if isinstance(w, Button) and w is not b and w.visible
                      and w.rect.w] + [r for s in range(view["n"]) if (r := sc.seat_rect(s)) is not None]
            others += list(sc.hand_rects().values()) + list(sc.table_rects().values())
            if sc.hint_rect() is not None:
                others.append(sc.hint_rect())
            assert not [r for r in others if b.rect.colliderect(r)], (gid, size, b.rect)
    layout.set_density(1.0)
    # a spectator has no Tipp; at a round's end nobody has one
    spect = build(game, game.view(state, None), (390, 844))
    assert not spect.hint_btn.visible
    end = next(v for s, v in _ends(game))
    assert not build(game, end, (390, 844)).hint_btn.visible


def _ends(game, seed: int = 3):
    rng = random.Random(seed)
    state, _ = game.new_match(game.template(game.template_ids()[0]), 4, seed, 3)
    for _ in range(5000):
        if state.phase in ("round_over", "match_over"):
            yield state, game.view(state, 0)
            return
        game.apply_inplace(state, state.to_move, rng.choice(game.legal_moves(state)))


@pytest.mark.parametrize("gid", GAMES)
def test_hints_switched_off_hide_the_button_and_off_turn_it_does_nothing(gid):
    game = games.get(gid)
    state, view = next(turns(game, count=1))
    for size in ((390, 844), (1280, 720)):
        sc = build(game, view, size)
        sc.draw(pygame.Surface(size))
        room, where = sc.status_rect.w, pygame.Rect(sc.hint_btn.rect)
        sc.set_hints(False, [])
        sc.draw(pygame.Surface(size))
        assert not sc.hint_btn.visible
        if sc.hint_in_bar:
            assert sc.status_rect.w > room, "the status line takes the button's room"
        sc.handle(Input(KEY, key=pygame.K_h, source="key"))
        tap(sc, where.center)
        assert sc.hint is None and sc.taken == [] and not sc.selected_cards()
        sc.set_hints(True, [])
        sc.draw(pygame.Surface(size))
        assert sc.hint_btn.visible and sc.status_rect.w == room and sc.hint_btn.rect == where
    # another seat's turn: the button is there but does nothing
    other = dict(view, to_move=(view["seat"] + 1) % view["n"], legal=[])
    sc = build(game, other, (1280, 720))
    assert sc.hint_btn.visible and not sc.hint_btn.enabled, "in the top bar: there, greyed"
    sc.handle(Input(KEY, key=pygame.K_h, source="key"))
    assert sc.hint is None and sc.taken == []
    sc = build(game, other, (390, 844))
    sc.draw(pygame.Surface((390, 844)))
    assert sc.hint_btn.rect.w == 0, "on the felt: only while it can be used"


@pytest.mark.parametrize("gid", GAMES)
def test_the_results_say_how_many_hints_each_player_took(gid, monkeypatch):
    from felt.ui import widgets
    game = games.get(gid)
    _, end = next(_ends(game))
    drawn: list[str] = []
    real = widgets.draw_lines

    def spy(surface, lines, *a, **kw):
        drawn.extend(lines)
        return real(surface, lines, *a, **kw)
    for mod in [m for name, m in sys.modules.items() if name.startswith("felt.") and m is not None]:
        if getattr(mod, "draw_lines", None) is real:      # a scene that imported it draws through it too
            monkeypatch.setattr(mod, "draw_lines", spy)
    for size in ((390, 844), (1280, 720)):
        sc = build(game, end, size, hints=(True, [2, 0, 1, 0]))
        drawn.clear()
        sc.draw(pygame.Surface(size))
        text = " ".join(drawn).replace("\u00a0", " ")
        assert "Tipps genommen: Du 2 · Carla 1" in text, (gid, size, text[-300:])
        sc.set_hints(True, [0, 0, 0, 0])
        drawn.clear()
        sc.draw(pygame.Surface(size))
        assert "Tipps genommen" not in " ".join(drawn)


# ---------------------------------------------------------------------------- the host's count
def _driver(**kw):
    from tests.test_net_table import Driver
    d = Driver(players=3, bots=0, bot_delay=0.5, **kw)
    me = d.join("Anna", token=d.t.admin_token)
    assert d.last(me, "welcome")["seat"] == 0
    return d, me


def _my_turn(d, me):
    d.send(me, {"t": "start"})
    for _ in range(200):
        if d.t.state.to_move == 0 and d.t.state.phase == "play":
            return
        d.advance(0.6)
    raise AssertionError("seat 0 never came on turn")


def test_the_table_counts_a_hint_once_per_turn_journals_it_and_says_it_in_the_lobby():
    d, me = _driver()
    assert d.t.options["hints"] is True and d.last(me, "lobby")["options"]["hints"] is True
    _my_turn(d, me)
    seq = d.t.seq
    d.send(me, {"t": "hint", "seq": seq})
    assert d.last(me, "lobby")["hints"] == [1, 0, 0]
    d.send(me, {"t": "hint", "seq": seq})             # the same turn again: counted once
    d.send(me, {"t": "hint"})
    assert d.t.hints == [1, 0, 0] and d.last(me, "error") is None
    assert [e for e in d.t.log.entries if e["k"] == "hint"] == [{"k": "hint", "seat": 0, "seq": seq}]
    assert d.t.log.seq == seq, "a hint is no game entry"
    d.send(me, {"t": "hint", "seq": seq + 5})
    assert d.last(me, "error")["code"] == "stale" and d.last(me, "error")["ref"] == "hint"
    # a spectator, and a seat off turn
    spect = d.join("Zaungast", spectator=True)
    d.send(spect, {"t": "hint"})
    assert d.last(spect, "error")["code"] == "not_seated"
    legal = d.last(me, "state")["view"]["legal"]
    d.send(me, {"t": "move", "move": legal[0], "seq": d.t.seq})
    if d.t.state.to_move != 0:
        d.send(me, {"t": "hint"})
        assert d.last(me, "error")["code"] == "not_your_turn"
    assert d.t.hints == [1, 0, 0]
    # the match's log replays to the same state with the hint entry in it
    from felt.net.matchlog import replay
    assert games.get("praesident").view(replay(d.t.log), 0) == games.get("praesident").view(d.t.state, 0)


def test_hints_off_the_host_refuses_the_count_and_the_option_is_the_lobbys():
    d, me = _driver()
    d.send(me, {"t": "set_options", "hints": False})
    assert d.last(me, "lobby")["options"]["hints"] is False
    _my_turn(d, me)
    d.send(me, {"t": "hint", "seq": d.t.seq})
    err = d.last(me, "error")
    assert err["code"] == "hints_off" and err["ref"] == "hint" and "off" in err["msg"]
    assert d.t.hints == [0, 0, 0] and not [e for e in d.t.log.entries if e["k"] == "hint"]
    d.send(me, {"t": "set_options", "hints": True})        # not while the match runs
    assert d.last(me, "error")["code"] == "running" and d.t.options["hints"] is False


def test_hint_counts_survive_a_host_crash_and_resume(tmp_path):
    from felt.net.client import ClientThread
    from felt.net.soak import host_env
    from tests.helpers import start_host_process
    env = dict(host_env(), FELT_DATA_DIR=str(tmp_path))
    j = tmp_path / "hints.journal"
    proc, port = start_host_process(["--rules", "PR-002", "--port", "0", "--players", "3", "--bots", "2", "--seed", "4",
                              "--start-when-full", "--bot-delay", "0.01", "--reconnect-wait", "30",
                              "--journal", str(j)], env)
    ct = ClientThread("127.0.0.1", port, "Anna").start()
    try:
        def until(cond, what, timeout=20.0):
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                for m in ct.poll():
                    got = cond(m)
                    if got:
                        return got
                time.sleep(0.005)
            raise AssertionError(f"timed out waiting for {what}")
        st = until(lambda m: m if m["t"] == "state" and m["view"]["to_move"] == m["view"]["seat"]
                   and m["view"]["legal"] else None, "my turn")
        seat = st["view"]["seat"]
        ct.send({"t": "hint", "seq": st["seq"]})
        lobby = until(lambda m: m if m["t"] == "lobby" and (m.get("hints") or [0] * 3)[seat] == 1 else None,
                      "the count")
        assert sum(lobby["hints"]) == 1
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc, port2 = start_host_process(["--resume", str(j)], env)
        assert port2 == port
        until(lambda m: m["t"] == "status" and m["status"] == "reconnecting", "the drop", 10)
        lobby = until(lambda m: m if m["t"] == "lobby" and m.get("hints") else None, "the resumed lobby", 30)
        assert lobby["hints"][seat] == 1 and sum(lobby["hints"]) == 1 and lobby["running"]
    finally:
        ct.close()
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    from felt.net.journal import read_log
    log = read_log(j)
    assert log.hint_counts()[seat] == 1 and [e for e in log.entries if e["k"] == "hint"][0]["seat"] == seat


# ---------------------------------------------------------------------------- a real window
@pytest.fixture
def _cfg(cfg):
    """Its own config and data folders (conftest.py)."""


def test_a_window_takes_a_hint_with_h_and_the_standings_say_it(app_factory, _cfg):
    from tests.ui_app_helpers import click, key, pump
    app = app_factory((390, 844), host_defaults={"players": 3, "bots": 2, "rules": "PR-002", "seed": 5})
    ctl = app.controller
    assert ctl.host_table()
    pump(app, lambda: ctl.lobby is not None and ctl.admin, what="the owner's lobby")
    lobby = ctl.main
    assert lobby.hints.value is True and lobby.hints.visible
    click(app, lobby.start_btn)
    pump(app, lambda: ctl.kind == "table" and ctl.main.my_turn and not ctl.main.pending
         and not ctl.main.anim.busy, timeout=20, what="my turn")
    sc = ctl.main
    assert sc.hint_btn.visible and sc.hints_on
    key(app, pygame.K_h)
    assert sc.hint is not None and sorted(sc.selected_cards()) == picked(sc.hint["move"])
    me = ctl.seat
    pump(app, lambda: (ctl.lobby.get("hints") or [0] * 3)[me] == 1, what="the host's count")
    assert not ctl.errors, ctl.errors
    ctl.end_match()
    pump(app, lambda: ctl.kind == "results" and ctl.main.view.get("phase") == "match_over", timeout=15,
         what="the standings")
    assert ctl.main.hint_counts[me] == 1 and ctl.main.hint_tally() == "Tipps genommen: Du 1"
    # the owner switches hints off in the lobby: the next match's table has no Tipp
    ctl.dismiss_standings()
    pump(app, lambda: ctl.kind == "lobby", what="the lobby")
    lobby = ctl.main
    lobby.right.scroll_to(lobby.hints) if lobby.right.items else lobby.left.scroll_to(lobby.hints)
    pump(app)
    click(app, lobby.hints)
    pump(app, lambda: (ctl.lobby.get("options") or {}).get("hints") is False, what="hints off")
    click(app, lobby.start_btn)
    pump(app, lambda: ctl.kind == "table", timeout=15, what="the next match")
    assert not ctl.main.hint_btn.visible and not ctl.main.hints_on
    assert (ctl.lobby.get("hints") or [0] * 3)[me] == 0, "a new match counts afresh"


def test_the_lobby_offers_the_owner_the_hint_option_and_tells_the_guests():
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    lobby = demo_lobby()
    owner = LobbyScene(lobby, my_seat=0, admin=True)
    owner.set_size(390, 844)
    assert owner.hints.visible and owner.hints.value is True
    owner.hints.on_change(False)                      # the stepper moved to "aus"
    assert owner.sent[-1] == {"t": "set_options", "hints": False}
    guest = LobbyScene(dict(lobby, options=dict(lobby["options"], hints=False)), my_seat=2, admin=False)
    guest.set_size(390, 844)
    assert not guest.hints.visible and "Tipps: aus" in guest.rules_block.lead
    running = LobbyScene(dict(lobby, running=True), my_seat=0, admin=True)
    running.hints.on_change(False)
    assert not running.sent and not running.hints.enabled, "fixed while a match runs"


def test_the_sentence_shows_for_some_seconds_by_the_clock_and_the_picture_stays_still(monkeypatch):
    from felt.ui import table_hint
    game = games.get("praesident")
    state, view = next(turns(game, count=1))
    sc = build(game, view, (390, 844))
    now = [1000.0]
    monkeypatch.setattr(table_hint.time, "monotonic", lambda: now[0])
    for _ in range(30):                  # the turn's flash is over
        sc.update(0.1)
    sc.take_hint()
    sc.draw(pygame.Surface((390, 844)))
    sc.dirty = False
    for _ in range(10):                  # an idle window's steps: a tenth of a second each at most
        now[0] += 0.25
        sc.update(0.1)
    assert sc.hint is not None and not sc.dirty, "a still picture while the hint shows"
    now[0] += table_hint.HINT_SECONDS
    sc.update(0.1)
    assert sc.hint is None and sc.dirty
    assert sorted(sc.selected_cards()) == picked(game.hint(view)["move"]), "the cards stay picked"


def test_the_lit_step_goes_out_when_the_player_picks_otherwise():
    game = games.get("praesident")
    for state, view in turns(game, count=30):
        hint = game.hint(view)
        if hint["move"]["kind"] == "play":
            break
    sc = build(game, view, (1280, 720))
    sc.take_hint()
    assert sc.hint_target() == sc.play_btn.rect
    other = next(c for c in sc.hand if c not in hint["move"]["cards"])
    sc.card_tapped(other)                 # the player adds a card of their own
    assert sc.hint_target() is None and sc.hint is not None, "the sentence stays, the ring goes"
    sc.card_tapped(other)
    assert sc.hint_target() == sc.play_btn.rect


@pytest.mark.parametrize("gid", GAMES)
def test_a_phone_turned_sideways_says_the_hint_in_its_status_line(gid, monkeypatch):
    from felt.ui import table_hint
    layout.set_density(2.0)
    game = games.get(gid)
    state, view = next(turns(game, count=1))
    sc = build(game, view, (1688, 780))
    sc.draw(pygame.Surface((1688, 780)))
    assert sc.hint_in_bar and sc.top_bar().contains(sc.hint_btn.rect)
    now = [1000.0]
    monkeypatch.setattr(table_hint.time, "monotonic", lambda: now[0])
    tap(sc, sc.hint_btn.rect.center)
    assert sc.hint is not None and sc.status_line() == (sc.hint_line(), (255, 214, 90))
    drawn = []
    monkeypatch.setattr(sc, "hint_panel_rect", lambda: drawn.append(1) or None)
    sc.draw(pygame.Surface((1688, 780)))
    assert not drawn, "no panel over the low table"
    now[0] += table_hint.HINT_SECONDS + 1
    sc.update(0.1)
    assert sc.status_line()[0].startswith(i18n.t("gt.turn_me"))

"""Pacing: states that arrive at once are shown one after another, each long enough to be
read; effects get their own slot; the end of a round is shown at the table first."""
from __future__ import annotations

import random
import time

import pytest

from felt.games.praesident.engine import apply_inplace, filter_events, legal_moves, new_match, view
from felt.games.praesident.rules import load_rules
from felt.contract import all_games
from felt.ui import pacing
from felt.games.praesident.log import build as praesident_build
from tests.ui_app_helpers import make_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class _StubClient:
    status = "connected"
    token = None

    def poll(self):
        return []

    def close(self):
        pass


def _round_messages(template="PR-005", n=3, seed=3):
    """The state messages a spectator gets for one round of random legal play."""
    rules = load_rules(template)
    rng = random.Random(seed)
    st, ev = new_match(rules, n, seed, rounds=1)
    msgs = [{"t": "state", "seq": 1, "view": view(st, None), "events": filter_events(ev, None)}]
    while st.phase == "play":
        ev = apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
        msgs.append({"t": "state", "seq": len(msgs) + 1, "view": view(st, None), "events": filter_events(ev, None)})
    return msgs


@pytest.mark.parametrize("speed", ["normal", "fast"])
def test_states_arriving_at_once_are_shown_paced_and_the_round_ends_at_the_table(cfg, speed):
    app = make_app((1280, 720), pace=True)
    try:
        ctl = app.controller
        ctl.settings.speed = speed
        ctl.client = _StubClient()
        ctl.seat = None
        ctl.lobby = {"seats": [{"name": f"Bot {i}"} for i in range(3)], "running": True}
        msgs = _round_messages()
        for m in msgs:                       # a burst: everything arrives before the first frame
            ctl.on_message(m)
        clock = 0.0
        shown = []                           # (simulated time, seq, kind of the main scene)
        last = None
        dt = 1 / 60
        round_end_at_table = False
        for _ in range(200000):
            ctl.poll()
            sc = ctl.main
            key = (ctl.seq, ctl.kind)
            if key != last:
                shown.append((clock, ctl.seq, ctl.kind, len(ctl._states)))
                last = key
            if ctl.kind == "table" and ctl.view and ctl.view.get("phase") in ("round_over", "match_over"):
                a = sc.anim.current_announcement()
                if a is not None and a.fx == "round_end":
                    round_end_at_table = True
            if ctl.kind == "results":
                break
            sc.update(dt)
            clock += dt
        else:
            raise AssertionError("never reached the results")
        seqs = [s for _, s, k, _ in shown if k == "table"]
        assert seqs == sorted(seqs) and len(set(seqs)) == len(msgs), "every state shown, in order"
        assert round_end_at_table, "the end of the round is shown at the table before the results"
        # each state stayed at least as long as its plays and effects need
        by_seq = {m["seq"]: m for m in msgs}
        for (t0, s0, k0, backlog), (t1, s1, k1, _) in zip(shown, shown[1:]):
            entries = praesident_build(by_seq[s0]["events"])
            need = pacing.hold_seconds(entries, None, speed, backlog)
            assert t1 - t0 >= need - 2 * dt, (s0, entries, t1 - t0, need)
            if any(e.kind == "play" for e in entries):
                # another seat's play is readable: at least half a second even when catching up
                assert t1 - t0 >= 0.5 * pacing.PLAY_OTHER * pacing.factor(speed) * 0.5 - 2 * dt
        t_end = [t for t, s, k, _ in shown if k == "results"][0] - [t for t, s, k, _ in shown if s == msgs[-1]["seq"]][0]
        assert t_end >= pacing.ROUND_END * pacing.factor(speed, 0) * 0.5 - 2 * dt
    finally:
        app.close()


def test_unpaced_controller_shows_every_state_at_once(cfg):
    app = make_app((1280, 720))
    try:
        ctl = app.controller
        ctl.client = _StubClient()
        ctl.lobby = {"seats": [{"name": f"Bot {i}"} for i in range(3)], "running": True}
        msgs = _round_messages()
        for m in msgs[:5]:
            ctl.on_message(m)
        assert ctl.seq == 5 and not ctl._states
    finally:
        app.close()


def test_speed_scales_the_hold():
    from felt.ui.playlog import Entry
    es = [Entry("play", 1, [3])]
    calm, normal, fast = (pacing.hold_seconds(es, 0, s) for s in ("calm", "normal", "fast"))
    assert calm > normal > fast > 0
    assert pacing.hold_seconds(es, 1, "normal") < normal      # my own play: just its flight
    assert pacing.hold_seconds(es, 0, "normal", backlog=pacing.CATCH_UP + 1) < normal
    assert pacing.next_speed("fast") == "calm"


def test_results_stay_a_while_before_an_automatic_next_round(cfg):
    from felt.games.praesident.engine import next_round
    from felt.games.praesident.results_scene import ResultsScene
    app = make_app((1280, 720), pace=True)
    try:
        ctl = app.controller
        ctl.settings.speed = "fast"
        ctl.client = _StubClient()
        ctl.lobby = {"seats": [{"name": f"Bot {i}"} for i in range(3)], "running": True}
        rules = load_rules("PR-005")
        rng = random.Random(5)
        st, ev = new_match(rules, 3, 5, rounds=2)
        msgs = [{"t": "state", "seq": 1, "view": view(st, None), "events": filter_events(ev, None)}]
        while st.phase == "play":
            ev = apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
            msgs.append({"t": "state", "seq": len(msgs) + 1, "view": view(st, None), "events": filter_events(ev, None)})
        st, ev = next_round(st)            # the host deals on by itself (auto_next)
        msgs.append({"t": "state", "seq": len(msgs) + 1, "view": view(st, None), "events": filter_events(ev, None)})
        for m in msgs:
            ctl.on_message(m)
        clock, dt = 0.0, 1 / 60
        t_results = t_next = None
        for _ in range(100000):
            ctl.poll()
            if ctl.kind == "results" and t_results is None:
                t_results = clock
                assert isinstance(ctl.main, ResultsScene) and ctl.main.animating()
            if t_results is not None and ctl.seq == msgs[-1]["seq"]:
                t_next = clock
                break
            ctl.main.update(dt)
            clock += dt
        assert t_results is not None and t_next is not None
        assert t_next - t_results >= ResultsScene.MIN_SHOW - 2 * dt
    finally:
        app.close()


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games()))
def test_a_match_the_host_ends_while_a_round_end_is_held_shows_its_standings_not_the_lobby(cfg, game_id):
    """The host ends the match while the round's end is still on the screens (its hold has
    not run out): the standings follow it, and the lobby waits for the player, instead of
    flashing up and then giving way to the standings."""
    from felt import games
    game = games.get(game_id)
    rules = game.template(game.template_ids()[0])
    app = make_app((1280, 720), pace=True)
    try:
        ctl = app.controller
        ctl.client = _StubClient()
        ctl.seat = None
        lobby = {"t": "lobby", "game": game_id, "seats": [{"name": f"Bot {i}"} for i in range(3)]}
        ctl.on_message(dict(lobby, running=True))
        rng = random.Random(11)
        st, ev = game.new_match(rules, 3, 11, None)
        msgs = [(st, ev)]
        for _ in range(5000):
            if st.phase in ("round_over", "match_over") or not game.legal_moves(st):
                break
            st, ev = game.apply(st, st.to_move, rng.choice(game.legal_moves(st)))
            msgs.append((st, ev))
        assert st.phase == "round_over", st.phase
        msgs.append(game.end_match(st))
        assert msgs[-1][0].phase == "match_over"
        for seq, (s, e) in enumerate(msgs[-2:], start=1):
            ctl.on_message({"t": "state", "seq": seq, "view": game.view(s, None),
                            "events": game.filter_events(e, None), "hold": 1.5})
        ctl.on_message(dict(lobby, running=False))           # the host sends the lobby last
        kinds = set()
        for _ in range(600):                                 # 10 s of frames
            ctl.poll()
            kinds.add(ctl.kind)
            if ctl.view is not None and ctl.view.get("phase") == "match_over":
                break
            ctl.main.update(1 / 60)
            time.sleep(1 / 60)
        assert ctl.view is not None and ctl.view.get("phase") == "match_over", "the standings came"
        assert "lobby" not in kinds, "no lobby before the standings"
        assert ctl.target() == "table"
    finally:
        app.close()

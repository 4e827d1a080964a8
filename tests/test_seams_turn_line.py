"""Issue 43, seam 4 (notice x turn line): "Ben ist weg · wartet noch 25 s" stood in the top
line and the phone page's heading while the exchange summary was open, though the state that
made it this window's turn had come (it waits until the player closes the summary). The
window's own turn wins the top line; the heading of the screen-reader layer follows it."""
from __future__ import annotations

import pytest

from felt.games.praesident.engine import apply_inplace, filter_events, legal_moves, view
from felt.games.praesident.snapshots import demo_states
from tests.test_ui_pacing import _StubClient
from tests.ui_app_helpers import make_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil"]


def _exchange_then_my_turn():
    """(my seat, the seat on turn first, the state messages of my seat): the exchange is done
    and another seat leads; a few plays later it is my turn. My seat had cards exchanged."""
    st, ev = demo_states("PR-002", 5, 7)["exchange_done"]
    first = st.to_move
    states = [(st.clone(), ev)]
    s = st.clone()
    for _ in range(4):
        evs = apply_inplace(s, s.to_move, legal_moves(s)[0])
        states.append((s.clone(), evs))
        me = s.to_move
        if me != first and any(x.get("gave") or x.get("got") for x in view(st, me)["exchange"]):
            msgs = [{"t": "state", "seq": i + 1, "view": view(x, me), "events": filter_events(e, me), "hold": 0.0}
                    for i, (x, e) in enumerate(states)]
            return me, first, msgs
    raise AssertionError("no seat with an exchange comes on turn")


def test_my_turn_wins_the_top_line_and_the_heading_over_an_away_notice(cfg):
    from felt.ui import a11y, i18n
    me, first, msgs = _exchange_then_my_turn()
    app = make_app((390, 844), pace=True)
    try:
        ctl = app.controller
        ctl.client = _StubClient()
        ctl.seat = me
        seats = [{"seat": i, "name": n, "kind": "human", "connected": i != first, "wait": 25.0}
                 for i, n in enumerate(NAMES)]
        ctl.lobby = {"seats": seats, "running": True}
        ctl._presence(seats)                     # the seat that leads has dropped out
        ctl.on_message(msgs[0])                  # the exchange is done: the summary opens
        for _ in range(5):
            ctl.poll()
        sc = ctl.game_scene()
        assert sc.ex_summary and sc.view["to_move"] == first
        away = i18n.t("away.turn_wait", name=NAMES[first], s=25)
        assert sc.status_line()[0].startswith(away[:-5])         # nobody else's turn is known yet
        for m in msgs[1:]:                       # the plays up to my turn come, held behind the summary
            ctl.on_message(m)
        for _ in range(5):
            ctl.poll()
        assert sc.ex_summary and ctl._states and sc.view["to_move"] == first
        line, colour = sc.status_line()
        assert line.startswith(i18n.t("gt.turn_me")) and NAMES[first] not in line
        assert a11y.build(app)[0]["status"].startswith(i18n.t("gt.turn_me"))     # the page's heading
        sc.close_summary()                       # OK: the held plays show, then my turn
        for _ in range(400):
            ctl.poll()
            sc = ctl.game_scene()
            sc.update(1 / 30)
            if not ctl._states:
                break
        assert sc.view["to_move"] == me and sc.my_turn and not sc.turn_queued
        assert sc.status_line()[0].startswith(i18n.t("gt.turn_me"))
    finally:
        app.close()


def test_a_queued_turn_counts_only_behind_a_summary():
    """Between plays (a state held a moment to be seen) the line follows the table shown."""
    import pygame

    from felt.games.praesident.table_scene import TableScene
    from felt.ui import i18n
    from felt.ui.presence import Presence
    pygame.init()
    me, first, msgs = _exchange_then_my_turn()
    sc = TableScene(None, names=NAMES, settings={"muted": True})
    sc.presence = Presence()
    sc.presence.update([{"seat": first, "name": NAMES[first], "kind": "human", "connected": False, "wait": 25.0}])
    sc.set_view(msgs[0]["view"], [])
    assert not sc.turn_queued and sc.status_line()[0].startswith(NAMES[first])
    sc.turn_queued = True
    assert sc.status_line() == (i18n.t("gt.turn_me"), sc.status_line()[1])


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 720)])
def test_a_notice_never_covers_the_summarys_ok(cfg, size):
    """The away notice lay over the exchange summary's OK on a phone."""
    from felt.ui import i18n
    me, first, msgs = _exchange_then_my_turn()
    app = make_app(size, pace=True)
    try:
        ctl = app.controller
        ctl.client = _StubClient()
        ctl.seat = me
        ctl.lobby = {"seats": [{"seat": i, "name": n} for i, n in enumerate(NAMES)], "running": True}
        ctl.on_message(msgs[0])
        for _ in range(5):
            ctl.poll()
        app.stack.notify(i18n.t("away.left", name=NAMES[first], s=25), "warn", 4.0)
        for _ in range(3):
            app.step(block=False)
        sc = ctl.game_scene()
        assert sc.ex_summary and sc.ok_btn.rect.w
        toast = app.stack.toast
        assert toast.rect.w and not toast.rect.colliderect(sc.ok_btn.rect)
        assert toast.rect.top >= sc.top.bar.bottom - toast.rect.h // 2
    finally:
        app.close()

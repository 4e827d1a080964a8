"""The turn timer in the exchange scene, and turn-timer changes that take effect at once.

The real window client (seat 0) plays against three more players on a real host on
loopback; the test moves for all of them (the others are ClientThreads it drives, and
moves only when told, so the clock runs for a human seat whenever the test waits).
Plus the exchange scene's countdown on its own: where it is drawn at phone and desktop
sizes, and that it asks for a redraw only when the whole second shown changes.
"""
from __future__ import annotations

import time

import pygame
import pytest

from tests.ui_app_helpers import LOOPBACK, card_point, click, host_thread, pump

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def _config(cfg):
    """Every test here gets its own config and data folders (see conftest.py)."""


def _wire(m: dict) -> dict:
    return {"kind": m.get("kind", "pass"), "cards": [int(c) for c in m.get("cards", [])],
            "ranks": [str(r) for r in m.get("ranks", [])]}


class Player:
    """Another seat at the table: a protocol client that moves only when the test says so
    (passing whenever it may, else its first legal move)."""

    def __init__(self, port: int, name: str, token: str | None = None):
        from felt.net.client import ClientThread
        self.c = ClientThread(LOOPBACK, port, name, token=token, discover=False).start()
        self.state: dict | None = None     # the last state message
        self.states: list[dict] = []
        self.errors: list[dict] = []
        self._moved_at: int | None = None

    def poll(self) -> None:
        for m in self.c.poll():
            if m.get("t") == "state":
                self.state = m
                self.states.append(m)
            elif m.get("t") == "error":
                self.errors.append(m)

    def on_turn(self) -> bool:
        v = (self.state or {}).get("view") or {}
        return v.get("seat") is not None and v.get("to_move") == v.get("seat") \
            and v.get("phase") in ("play", "exchange")

    def act(self) -> bool:
        """Make a move if on turn (once per state); True if one was sent."""
        self.poll()
        if not self.on_turn() or self._moved_at == self.state["seq"]:
            return False
        legal = self.state["view"]["legal"]
        move = next((m for m in legal if m["kind"] == "pass"), legal[0])
        self._moved_at = self.state["seq"]
        return self.c.send({"t": "move", "move": _wire(move), "seq": self.state["seq"]})

    def close(self) -> None:
        self.c.close()


def _host_seq(ht) -> int:
    return ht.call(lambda h: h.seq)


def test_timer_in_the_exchange_and_option_changes_take_effect_at_once(app_factory):
    from felt.games.praesident.exchange_scene import ExchangeScene
    from felt.games.praesident.table_scene import TableScene
    ht = host_thread(players=4, rules="PR-002", seed=11, start_when_full=True)
    others: list[Player] = []
    try:
        app = app_factory((360, 640))
        ctl = app.controller
        ctl.settings.name = "Anna"
        ctl.join(LOOPBACK, ht.port)
        pump(app, lambda: ctl.seat == 0, what="the window client in seat 0")
        # seat 1 is the owner (it holds the admin token), seats 2 and 3 are guests
        for name, token in (("Ben", ht.admin_token), ("Cleo", None), ("Dan", None)):
            others.append(Player(ht.port, name, token=token))
            pump(app, lambda: others[-1].c.seat is not None, what=f"{name} seated")
        owner = others[0]
        pump(app, lambda: ctl.kind == "table" and ctl.view is not None, what="the match starts")
        assert [p.c.seat for p in others] == [1, 2, 3] and owner.c.admin

        # round 1, no timer: the window client plays whenever it can, the others pass
        # whenever they may, so it goes out first and chooses first in the exchange
        done_at = [None]

        def play_round_1() -> bool:
            v = ctl.view or {}
            if v.get("phase") == "round_over":
                return True
            if v.get("phase") == "play" and v.get("to_move") == ctl.seat and done_at[0] != ctl.seq:
                plays = [m for m in v["legal"] if m["kind"] == "play"]
                done_at[0] = ctl.seq
                ctl.send_move(plays[0] if plays else {"kind": "pass"})
            for p in others:
                p.act()
            return False

        pump(app, play_round_1, timeout=30, what="round 1 played out")
        assert ctl.timer is None and ctl.view["places"][0] == 0
        assert owner.c.send({"t": "set_options", "turn_timer": 30})
        assert owner.c.send({"t": "next_round"})

        # round 2, exchange: the clock runs for me (1st place) choosing what to give back
        pump(app, lambda: ctl.kind == "exchange" and ctl.main.timer is not None, what="exchange with a timer")
        ex = ctl.main
        assert isinstance(ex, ExchangeScene)
        assert ex.task() is not None and ex.task()[0] == "give" and ex.view["to_move"] == 0
        tm = ex.timer
        assert tm["seat"] == 0 and tm["total"] == 30.0 and 0 < tm["left"] <= 30.0
        assert ex._my_timer() and ex._ring is not None
        win = pygame.Rect(0, 0, 360, 640)
        assert win.contains(ex._ring) and not ex._ring.colliderect(ex.give_btn.rect)
        assert ex._ring.centery == ex.give_btn.rect.centery          # beside my action
        left0 = ex.timer_left()
        pump(app, lambda: ex.timer_left() < left0 - 0.3, what="the countdown runs")
        # I give back two cards by tapping them and Give
        count = ex.task()[3]
        for cid in ex.hand[:count]:
            click(app, card_point(ex, cid), touch=True)
        click(app, ex.give_btn, touch=True)
        # then the 2nd place (Ben, a human) chooses: a small countdown after "waiting for Ben"
        pump(app, lambda: ctl.main is ex and ex.view.get("to_move") == 1 and ex.timer is not None
             and ex.timer["seat"] == 1, what="the clock runs for Ben")
        assert ex.task() is None and not ex._my_timer()
        surf = pygame.Surface((360, 640))
        ex.draw(surf)
        pend = ex.view["exchange_pending"]
        assert pend and pend[0][1] == 1
        from felt.ui import i18n
        _, ring, _ = ex._waiting_ring(i18n.t("ex.waiting_for", name=ex._name(1)))
        assert win.contains(ring) and ring.w >= 28
        # the owner turns the timer off while Ben chooses: it stops at once, no move made
        seq = _host_seq(ht)
        assert owner.c.send({"t": "set_options", "turn_timer": 0})
        pump(app, lambda: ex.timer is None, what="the exchange timer stops")
        assert _host_seq(ht) == seq == ctl.seq and ctl.main is ex
        assert ht.call(lambda h: (h.table.timer_deadline, h.table.timer_armed)) == (None, False)
        owner.act()     # Ben gives back; the exchange is over, round 2 is played
        pump(app, lambda: ctl.kind == "table" and ctl.view["phase"] == "play", what="round 2 at the table")
        table = ctl.main
        assert isinstance(table, TableScene) and table.timer is None

        # turning the timer on mid-match: the seat on turn gets a fresh clock, every client
        # learns it from the same state again (same seq, no events), nobody moved
        seq = ctl.seq
        assert seq == _host_seq(ht)
        on_turn = ctl.view["to_move"]
        for p in others:
            pump(app, lambda: (p.poll(), p.state["seq"] == seq)[1], what=f"{p.c.seat} up to date")
        n_states = [len(p.states) for p in others]
        assert owner.c.send({"t": "set_options", "turn_timer": 30})
        pump(app, lambda: table.timer is not None, what="the table's timer appears")
        assert ctl.main is table and ctl.seq == seq == _host_seq(ht)
        assert table.timer["seat"] == on_turn and table.timer["total"] == 30.0 and table.timer_left() > 20
        for p, n in zip(others, n_states):
            pump(app, lambda: (p.poll(), len(p.states) > n)[1], what=f"{p.c.seat}'s state again")
            again = p.states[n]
            assert again["seq"] == seq and again["events"] == [] and again["timer"]["total"] == 30.0
        # another option (the table's name) leaves the running clock alone and re-sends no state
        deadline = ht.call(lambda h: h.table.timer_deadline)
        owner.poll()
        n = len(owner.states)
        assert owner.c.send({"t": "set_options", "name": "Filzrunde"})
        pump(app, lambda: ctl.table_name == "Filzrunde", what="the new table name")
        assert ht.call(lambda h: h.table.timer_deadline) == deadline
        # changing the timer restarts it with the new length
        assert owner.c.send({"t": "set_options", "turn_timer": 45})
        pump(app, lambda: table.timer is not None and table.timer["total"] == 45.0, what="the 45 s timer")
        assert table.timer_left() > 35 and ctl.seq == seq
        pump(app, lambda: (owner.poll(), owner.states[-1]["timer"] and owner.states[-1]["timer"]["total"] == 45)[1],
             what="the owner's 45 s state")
        assert len(owner.states) == n + 1, "only the timer change re-sent the state (one connection, in order)"
        # turning it off: the countdown disappears, still no move
        assert owner.c.send({"t": "set_options", "turn_timer": 0})
        pump(app, lambda: table.timer is None, what="the table's timer disappears")
        assert ctl.seq == seq == _host_seq(ht) and ctl.view["to_move"] == on_turn
        assert ht.call(lambda h: h.table.timer_armed) is False

        # a short timer runs out: the host moves for the seat (pass, or a bot's move where
        # passing is not allowed) and the table plays on, each human on turn timed afresh
        assert owner.c.send({"t": "set_options", "turn_timer": 0.5})
        pump(app, lambda: ctl.seq >= seq + 2, timeout=20, what="the host moves for the seats out of time")
        pump(app, lambda: table.timer is not None and table.timer["seat"] == ctl.view["to_move"]
             and ctl.view["phase"] == "play", timeout=20, what="the clock of the next seat on turn")
        assert ctl.main is table or ctl.kind == "table"
        assert owner.c.send({"t": "set_options", "turn_timer": 0})
        pump(app, lambda: ctl.timer is None, what="the timer off again")
        assert not ctl.errors, ctl.errors
        for p in others:
            p.poll()
            assert not p.errors, p.errors
    finally:
        for p in others:
            p.close()
        ht.stop()


def test_timer_turned_on_while_a_bot_is_on_turn_times_nobody():
    """Bots are never timed: turning the timer on while a bot is on turn starts no clock
    and sends no state (the bot moves at its own pace)."""
    from felt.net.client import ClientThread
    ht = host_thread(players=3, rules="PR-002", seed=5, bot_delay=30.0)
    owner = ClientThread(LOOPBACK, ht.port, "Wirt", token=ht.admin_token, spectator=True, discover=False).start()
    try:
        states, lobbies = [], []

        def drain():
            for m in owner.poll():
                if m.get("t") == "state":
                    states.append(m)
                elif m.get("t") == "lobby":
                    lobbies.append(m)

        def wait(cond, what):
            end = time.monotonic() + 10
            while not cond():
                assert time.monotonic() < end, f"timed out waiting for {what}"
                time.sleep(0.01)
                drain()

        wait(lambda: owner.admin, "the owner")
        assert owner.send({"t": "start"})
        wait(lambda: states, "the deal")
        assert ht.call(lambda h: h.table.bot_controls(h.state.to_move) and h.table.turn_due is not None)
        n = len(states)
        assert owner.send({"t": "set_options", "turn_timer": 10})
        assert owner.send({"t": "set_options", "name": "Nur Bots"})
        wait(lambda: lobbies and lobbies[-1]["table"] == "Nur Bots", "the second lobby message")
        assert lobbies[-1]["options"]["turn_timer"] == 10
        assert len(states) == n, "no state re-sent: no clock runs for a bot"
        assert ht.call(lambda h: (h.table.timer_deadline, h.table.timer_armed, h._timer_info(), h.seq)) == (None, False, None, 0)
        assert ht.call(lambda h: h.table.turn_due is not None), "the bot still moves"
    finally:
        owner.close()
        ht.stop()


# ------------------------------------------------------------------ the scene alone
class _Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def monotonic(self) -> float:
        return self.t


def _exchange(w: int, h: int, mine: bool):
    from felt.games.praesident.engine import view
    from felt.games.praesident.exchange_scene import ExchangeScene
    from felt.ui.shell import AppStack
    from felt.games.praesident.snapshots import DEMO_NAMES, demo_states
    pygame.init()
    st = demo_states("PR-002", 5, 7)["exchange"][0]
    seat = st.to_move if mine else next(i for i in range(st.n) if i != st.to_move)
    sc = ExchangeScene(view(st, seat), names=DEMO_NAMES[:5])
    stack = AppStack((w, h))
    stack.push(sc)
    return sc, stack, st.to_move


@pytest.mark.parametrize("w,h", [(360, 640), (1280, 720), (640, 360)])
def test_exchange_countdown_places(w, h):
    win = pygame.Rect(0, 0, w, h)
    # mine: a ring as high as the action button, beside it, inside the window
    sc, stack, on_turn = _exchange(w, h, mine=True)
    surf = pygame.Surface((w, h))
    give0 = sc.give_btn.rect.copy()
    assert sc._ring is None
    sc.set_timer({"seat": on_turn, "left": 12.0, "total": 30.0})
    stack.draw(surf)
    r = sc._ring
    assert r is not None and win.contains(r) and r.h >= 28
    assert not r.colliderect(sc.give_btn.rect) and not r.colliderect(sc.table_layout.hand)
    assert abs(r.centery - sc.give_btn.rect.centery) <= 1 and sc.give_btn.rect.w >= give0.w * 0.6
    # the ring is drawn there: 40 % left, so an amber arc starts at 12 o'clock
    import math
    from felt.ui import theme
    thick = max(3, r.w // 9)
    rad, a = r.w / 2 - 1 - thick / 2, -math.pi / 2 + 0.4
    assert tuple(surf.get_at((int(r.centerx + rad * math.cos(a)), int(r.centery + rad * math.sin(a)))))[:3] \
        == theme.ACCENT
    a = -math.pi / 2 - 0.4              # the emptied part of the ring is not
    assert tuple(surf.get_at((int(r.centerx + rad * math.cos(a)), int(r.centery + rad * math.sin(a)))))[:3] \
        != theme.ACCENT
    # no timer (or the timer turned off): the button takes its whole row again
    sc.set_timer(None)
    stack.draw(surf)
    assert sc._ring is None and sc.give_btn.rect == give0
    # another seat's clock: a small ring after "waiting for ...", no ring at my buttons
    sc, stack, on_turn = _exchange(w, h, mine=False)
    sc.set_timer({"seat": on_turn, "left": 12.0, "total": 30.0})
    stack.draw(surf)
    assert sc._ring is None and sc.task() is None
    from felt.ui import i18n
    text_r, ring, _ = sc._waiting_ring(i18n.t("ex.waiting_for", name=sc._name(on_turn)))
    assert win.contains(ring) and win.contains(text_r) and not ring.colliderect(text_r)
    assert 28 <= ring.h <= 44 and not ring.colliderect(sc.table_layout.hand)
    for _, pr, *_ in sc._panels:
        assert not ring.colliderect(pr)


def test_exchange_countdown_redraws_once_a_second(monkeypatch):
    from felt.ui import widgets
    clock = _Clock()
    monkeypatch.setattr(widgets, "time", clock)
    sc, stack, on_turn = _exchange(360, 640, mine=True)
    surf = pygame.Surface((360, 640))
    sc.my_turn_cue = 0                  # the top bar's 'your turn' flash is over
    sc.set_timer({"seat": on_turn, "left": 5.5, "total": 10.0})
    assert sc.dirty
    stack.draw(surf)
    assert not sc.dirty and sc.timer_left() == 5.5
    for _ in range(20):                 # 0.4 s of frames: still "6" shown, nothing to redraw
        clock.t += 0.02
        sc.update(0.02)
        assert not sc.dirty
    assert not sc.animating()           # the countdown alone does not keep frames coming
    clock.t += 0.2                      # 4.9 s left: "5"
    sc.update(0.2)
    assert sc.dirty and sc.timer["left"] == pytest.approx(4.9)
    stack.draw(surf)
    clock.t += 0.5
    sc.update(0.5)
    assert not sc.dirty
    clock.t += 10                       # ran out: shows 0 once, then stays quiet
    sc.update(10)
    assert sc.dirty and sc.timer_left() == 0.0
    stack.draw(surf)
    clock.t += 1
    sc.update(1)
    assert not sc.dirty


_SIZES = [(360, 640), (320, 480), (1280, 720), (800, 480), (640, 360), (568, 320)]


@pytest.mark.parametrize("w,h", _SIZES)
@pytest.mark.parametrize("case", ["give", "lower", "wish"])
def test_exchange_panels_chips_and_countdown_do_not_overlap(w, h, case):
    """Short landscape windows too: the info panels hold their cards, the wish chips stand
    clear of the panels (beside them where the height runs short), and my countdown ring
    clear of buttons, chips and hand."""
    from felt.games.praesident.engine import view
    from felt.games.praesident.exchange_scene import ExchangeScene
    from felt.ui.shell import AppStack
    from felt.games.praesident.snapshots import DEMO_NAMES, demo_states
    pygame.init()
    if case == "wish":
        st = demo_states("JASS36", 4, 8, rounds=2)["exchange"][0]
        seat, names = st.to_move, DEMO_NAMES[:4]
    else:
        st = demo_states("PR-002", 5, 7)["exchange"][0]
        names = DEMO_NAMES[:5]
        seat = st.to_move if case == "give" else next(t[2] for t in st.tasks if t[0] == "give")
    sc = ExchangeScene(view(st, seat), names=names)
    stack = AppStack((w, h))
    stack.push(sc)
    sc.set_timer({"seat": st.to_move, "left": 9.0, "total": 20.0})
    stack.draw(pygame.Surface((w, h)))
    win = pygame.Rect(0, 0, w, h)
    assert sc._panels
    if case == "wish":
        assert sc.task()[0] == "wish" and sc._chips
    panels = [pr for _, pr, *_ in sc._panels]
    for i, (info, pr, card, rows, wish_line, cols) in enumerate(sc._panels):
        assert win.contains(pr) and not pr.colliderect(sc.table_layout.hand)
        assert all(not pr.colliderect(o) for o in panels[i + 1:])
        wish_r, placed = sc._info_rects(info, pr, card, rows, wish_line, cols)
        for lab, rects in placed:
            assert pr.contains(lab), (lab, pr)
            for r in rects:
                assert pr.contains(r), f"a card {r} outside its panel {pr}"
        assert card[1] >= sc.table_layout.pile_card[1] * 0.45
    fixed = [b.rect for b in (sc.give_btn, sc.wish_btn, sc.nowish_btn) if b.visible] + [sc.table_layout.hand]
    for _, cr in sc._chips:
        assert win.contains(cr)
        assert all(not cr.colliderect(pr) for pr in panels), "a wish chip on an info panel"
        assert all(not cr.colliderect(f) for f in fixed)
    if sc._wish_label is not None:
        assert all(not sc._wish_label.colliderect(pr) for pr in panels)
    if sc._my_timer():
        r = sc._ring
        assert r is not None and win.contains(r)
        assert all(not r.colliderect(x) for x in fixed + [cr for _, cr in sc._chips] + panels)

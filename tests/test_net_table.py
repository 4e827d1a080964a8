"""The table without I/O (felt/net/table.py): lobby, join, reconnect, owner rights, turn
timer and bot turns, driven by messages and a fake clock. No sockets, no event loop."""
from __future__ import annotations

import random

import pytest

from felt import games
from felt.net import schema
from felt.net.table import Recorder, Table
from felt.net.viewdelta import ViewAssembler


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


class Driver:
    """Feeds a Table and sorts what it asks to send by connection."""

    def __init__(self, **kw):
        self.clock = Clock()
        kw.setdefault("seed", 7)
        kw.setdefault("bot_delay", 1.0)
        kw.setdefault("offload_levels", ())
        self.t = Table(clock=self.clock, rng=random.Random(1), **kw)
        self.inbox: dict[int, list[dict]] = {}
        self.byes: dict[int, str] = {}
        self.other: list[tuple] = []
        # protocol 3: each connection assembles whole views from patches, as a client does
        self.views: dict[int, ViewAssembler] = {}
        self.wire: dict[int, list[dict]] = {}

    def _deliver(self, pid, msg):
        self.wire.setdefault(pid, []).append(msg)
        if msg.get("t") == "state":
            msg = self.views.setdefault(pid, ViewAssembler()).feed(msg)
        self.inbox.setdefault(pid, []).append(msg)

    def pump(self):
        for a in self.t.take():
            if a[0] == "send":
                self._deliver(a[1], a[2])
            elif a[0] in ("sendall", "state"):
                for pid in a[1]:
                    self._deliver(pid, a[2])
            elif a[0] in ("bye", "fail"):
                self.byes[a[1]] = a[2]
            else:
                self.other.append(a)

    def join(self, name="P", **kw):
        p = self.t.connect("10.0.0.1")
        self.send(p, schema.hello(name, **kw))
        return p

    def send(self, p, msg):
        g = self.t.game          # the move shape of the table's game, as the server checks it
        self.t.message(p, schema.validate_client(msg, tuple(g.move_kinds) or None, tuple(g.move_keys)),
                       self.clock.t)
        self.pump()

    def advance(self, dt):
        """Let ``dt`` seconds pass, running every timer that falls due on the way."""
        end = self.clock.t + dt
        for _ in range(100000):
            due = self.t.wakeup()
            if due is None or due > end:
                break
            self.clock.t = max(self.clock.t, due)
            self.t.tick(self.clock.t)
            self.pump()
        self.clock.t = end

    def last(self, p, t):
        return next((m for m in reversed(self.inbox.get(p.id, [])) if m["t"] == t), None)

    def all(self, p, t):
        return [m for m in self.inbox.get(p.id, []) if m["t"] == t]


def test_lobby_join_seats_and_welcome():
    d = Driver(players=3, bots=1)
    owner = d.join("Wirt", token=d.t.admin_token)
    w = d.last(owner, "welcome")
    assert w["admin"] and w["seat"] == 1 and w["token"] == d.t.admin_token and w["game"] == "praesident"
    g = d.join("Gast")
    wg = d.last(g, "welcome")
    assert wg["seat"] == 2 and not wg["admin"] and wg["token"] and wg["token"] != d.t.admin_token
    lobby = d.last(owner, "lobby")
    assert [s["kind"] for s in lobby["seats"]] == ["bot", "human", "human"]
    assert lobby["game"] == "praesident" and {"id": "praesident"} .items() <= lobby["games"][0].items()
    full = d.join("Dritter")
    assert d.last(full, "error")["code"] == "table_full"
    assert ("txt",) in d.other  # the announcement is told to follow


def test_owner_rights_are_checked_by_the_table():
    d = Driver(players=3)
    owner = d.join("Wirt", token=d.t.admin_token)
    g = d.join("Gast")
    for msg in ({"t": "start"}, {"t": "add_bot"}, {"t": "kick", "seat": 0}, {"t": "set_seats", "n": 4},
                {"t": "open_seat", "seat": 1}, {"t": "set_rules", "template": "JASS36"}):
        d.send(g, msg)
        assert d.last(g, "error")["code"] == "not_admin", msg
    d.send(owner, {"t": "add_bot", "level": "easy"})
    assert d.t.seats[2].kind == "bot" and d.t.seats[2].level == "easy"
    d.send(owner, {"t": "kick", "seat": 1})
    assert d.byes[g.id] == "kicked" and d.t.seats[1].kind == "empty"


def test_start_deals_and_bots_move_when_their_time_comes():
    d = Driver(players=3, bots=0, bot_delay=2.0)
    owner = d.join("Wirt", token=d.t.admin_token)
    d.send(owner, {"t": "start"})
    st = d.last(owner, "state")
    assert st is not None and st["seq"] == 0 and sorted(st["view"]["hand"]) == sorted(d.t.hands()[0])
    assert [s.kind for s in d.t.seats] == ["human", "bot", "bot"] and all(s.auto for s in d.t.seats[1:])
    # play until a bot is on turn; it waits bot_delay, not less
    while d.t.state.to_move == 0:
        d.send(owner, {"t": "move", "move": st["view"]["legal"][0], "seq": d.t.seq})
        st = d.last(owner, "state")
    seq = d.t.seq
    assert d.t.wakeup() == pytest.approx(d.clock.t + 2.0)
    d.advance(1.9)
    assert d.t.seq == seq, "a bot moved before its delay"
    d.advance(0.2)
    assert d.t.seq == seq + 1
    assert any(a[0] == "updated" for a in d.other)


def test_a_tick_makes_at_most_one_move():
    """Bots with no delay still give the server a turn between two moves."""
    d = Driver(players=3, bots=3, bot_delay=0.0)
    d.t.start_match(d.clock.t)
    d.pump()
    seq = d.t.seq
    d.t.tick(d.clock.t)
    assert d.t.seq == seq + 1
    d.t.tick(d.clock.t)
    assert d.t.seq == seq + 2


def test_reconnect_window_then_bot_then_back_with_the_token():
    d = Driver(players=3, bots=2, reconnect_wait=30.0, bot_delay=0.5)
    p = d.join("Nina")
    token = d.last(p, "welcome")["token"]
    d.t.start_match(d.clock.t)
    d.pump()
    seat = d.last(p, "welcome")["seat"]
    hand = sorted(d.t.hands()[seat])
    d.t.disconnect(p, d.clock.t)
    d.pump()
    assert d.t.seats[seat].peer is None and not d.t.seats[seat].away
    d.advance(29.0)
    assert not d.t.seats[seat].away, "the seat was given to a bot before the reconnect window ended"
    d.advance(2.0)
    assert d.t.seats[seat].away and d.t.bot_controls(seat)
    back = d.join("Nina", token=token)
    w = d.last(back, "welcome")
    assert w["seat"] == seat and not d.t.seats[seat].away
    st = d.last(back, "state")
    assert st is not None and sorted(st["view"]["hand"]) == sorted(d.t.hands()[seat])
    assert set(d.t.hands()[seat]) <= set(hand)


def test_turn_timer_passes_for_a_human_or_a_bot_moves():
    d = Driver(players=3, bots=2, turn_timer=10.0, bot_delay=0.0)
    p = d.join("Zoe")
    d.t.start_match(d.clock.t)
    d.pump()
    seat = d.last(p, "welcome")["seat"]
    for _ in range(200):
        if d.t.state.to_move == seat:
            break
        d.advance(0.01)
    assert d.t.state.to_move == seat
    st = d.last(p, "state")
    assert st["timer"]["seat"] == seat and st["timer"]["total"] == 10.0
    seq = d.t.seq
    d.advance(9.0)
    assert d.t.seq == seq
    d.advance(1.5)
    assert d.t.seq > seq, "the timer ran out and nobody moved for the seat"


def test_leave_mid_match_keeps_the_bot_and_open_seat_gives_it_away():
    d = Driver(players=3)
    owner = d.join("Wirt", token=d.t.admin_token)
    g = d.join("Gast")
    d.send(owner, {"t": "start"})
    d.send(g, {"t": "leave"})
    assert d.t.seats[1].kind == "bot" and not d.t.seats[1].auto
    a = d.join("A")
    assert d.last(a, "welcome")["seat"] == 2
    b = d.join("B")
    assert d.last(b, "error")["code"] == "table_full"
    d.send(owner, {"t": "open_seat", "seat": 1})
    b2 = d.join("B")
    assert d.last(b2, "welcome")["seat"] == 1


def test_recorder_hears_of_every_change_before_anything_is_sent():
    seen: list[str] = []

    class Rec(Recorder):
        def lobby(self, table):
            seen.append("lobby")

        def settings(self, table):
            seen.append("settings")

        def match(self, table, mlog):
            seen.append("match")
            mlog.listeners.append(lambda rec: seen.append(rec["k"]))

    d = Driver(players=3, bots=2)
    d.t.recorder = Rec()
    owner = d.join("Wirt", token=d.t.admin_token)
    assert "lobby" in seen
    d.pump()
    seen.clear()
    d.send(owner, {"t": "start"})
    assert seen[0] == "match"
    d.pump()
    d.advance(2.0)  # the bots move (seat 0 leads)
    assert "move" in seen


def test_set_rules_picks_a_game_and_then_a_template():
    from tests.toy_highcard import GAME as TOY
    games.register(TOY)
    try:
        d = Driver(players=3)
        owner = d.join("Wirt", token=d.t.admin_token)
        d.send(owner, {"t": "set_rules", "game": "highcard"})
        lb = d.last(owner, "lobby")
        assert lb["game"] == "highcard" and lb["template"] == "HC-1" and d.t.game is TOY
        assert lb["players"] == [2, 6]
        assert any(g["id"] == "highcard" and g["templates"] == ["HC-1", "HC-3"] for g in lb["games"])
        d.send(owner, {"t": "set_rules", "game": "highcard", "template": "HC-3"})
        assert d.last(owner, "lobby")["template"] == "HC-3"
        d.send(owner, {"t": "set_rules", "template": "PR-002"})
        assert d.last(owner, "error")["code"] == "bad_rules"   # a template of another game
        d.send(owner, {"t": "set_rules", "game": "nosuchgame"})
        e = d.last(owner, "error")
        assert e["code"] == "bad_rules" and "nosuchgame" in e["msg"]
        d.send(owner, {"t": "set_rules", "game": "praesident", "template": "JASS36"})
        lb = d.last(owner, "lobby")
        assert lb["game"] == "praesident" and lb["template"] == "JASS36"
    finally:
        games.unregister(TOY.id)


def test_an_old_client_gets_bad_version():
    d = Driver(players=3)
    p = d.t.connect("x")
    d.t.message(p, schema.validate_client({"t": "hello", "v": 1, "name": "Alt"}))
    d.pump()
    assert d.byes[p.id] == "bad_version"


def _random_msg(rng, d, seat_n):
    kinds = ["move", "move", "move", "chat", "rename", "leave", "sit", "add_bot", "remove_bot", "kick",
             "open_seat", "start", "next_round", "end_match", "set_options", "set_seats", "reorder"]
    k = rng.choice(kinds)
    if k == "move":
        return {"t": "move", "move": {"kind": rng.choice(["play", "pass", "give", "wish"]),
                                      "cards": rng.sample(range(72), rng.randint(0, 3))}}
    if k == "chat":
        return {"t": "chat", "text": "hallo"}
    if k == "rename":
        return {"t": "rename", "name": rng.choice(["Anna", "Ben", "Cleo"])}
    if k in ("sit", "remove_bot", "kick", "open_seat"):
        return {"t": k, "seat": rng.randrange(seat_n + 1)}
    if k == "add_bot":
        return {"t": "add_bot"}
    if k == "set_options":
        return {"t": "set_options", "turn_timer": rng.choice([0, 5]), "auto_next": rng.choice([-1, 0, 1])}
    if k == "set_seats":
        return {"t": "set_seats", "n": rng.randint(2, 6)}
    if k == "reorder":
        order = list(range(seat_n))
        rng.shuffle(order)
        return {"t": "reorder", "order": order}
    return {"t": k}


@pytest.mark.parametrize("seed", range(12))
def test_random_traffic_never_breaks_the_table_nor_leaks_a_hand(seed):
    """Property over seeded random sessions: players join, leave, come back, send junk and real
    moves, the owner changes things, time passes. The table never raises, the cards are
    conserved, and no seat's state ever shows a card another seat holds."""
    rng = random.Random(seed)
    d = Driver(players=4, bots=1, bot_delay=rng.choice([0.0, 0.5]), reconnect_wait=rng.choice([0.0, 5.0]),
               auto_next=0.0, rounds=2, offload_levels=())
    owner = d.join("Wirt", token=d.t.admin_token)
    peers = [owner]
    tokens = {}
    last_state: dict[int, dict] = {}
    d.send(owner, {"t": "start"})
    for step in range(400):
        r = rng.random()
        if r < 0.1 and len(peers) < 6:
            tok = rng.choice([None, *tokens.values()]) if tokens else None
            p = d.join(f"P{step % 9}", token=tok, spectator=rng.random() < 0.2)
            w = d.last(p, "welcome")
            if w and w["seat"] is not None:
                tokens[p.id] = w["token"]
            peers.append(p)
        elif r < 0.15 and len(peers) > 1:
            p = rng.choice(peers[1:])
            d.t.disconnect(p, d.clock.t)
            d.pump()
            peers.remove(p)
        elif r < 0.7:
            p = rng.choice(peers)
            if p.id in d.byes:
                continue
            msg = _random_msg(rng, d, len(d.t.seats))
            if msg["t"] == "move" and d.t.state is not None and p.seat is not None and rng.random() < 0.7:
                st = d.last(p, "state") or last_state.get(p.id)
                if st and st["view"]["legal"]:
                    msg = {"t": "move", "move": rng.choice(st["view"]["legal"]), "seq": st["seq"]}
            try:
                clean = schema.validate_client(msg)
            except schema.SchemaError:
                continue
            d.t.message(p, clean, d.clock.t)
            d.pump()
        else:
            d.advance(rng.choice([0.1, 0.6, 3.0]))
        s = d.t.state
        if s is not None:
            held = sorted(c for h in s.hands for c in h)
            assert len(held) == len(set(held))
        # no state message may show a card another seat held at that moment
        for p in list(peers):
            for m in d.inbox.get(p.id, []):
                if m["t"] == "state":
                    last_state[p.id] = m
                if m["t"] == "state" and m["seq"] == d.t.seq and s is not None:
                    seat = m["view"]["seat"]
                    mine = set(s.hands[seat]) if seat is not None else set()
                    others = {c for i, h in enumerate(s.hands) if i != seat for c in h}
                    assert not (set(m["view"]["hand"]) & others)
                    assert set(m["view"]["hand"]) == mine
            d.inbox[p.id] = []
    changes = sum(1 for a in d.other if a[0] == "updated")
    assert d.t.matches >= 1 and changes >= 5, (d.t.matches, changes)  # the session really played


def test_after_a_match_a_new_seat_or_a_reorder_never_shows_another_seats_results():
    """Found by the random-traffic property: after the match the owner adds a seat; its new
    player leaves and comes back with the token: no crash, and no view of a seat that did not
    play. After a reorder, a player of the match at a new index does not get that index's view."""
    d = Driver(players=3, bots=1)
    owner = d.join("Wirt", token=d.t.admin_token)
    g = d.join("Gast")
    d.send(owner, {"t": "start"})
    d.send(owner, {"t": "end_match"})
    d.send(owner, {"t": "set_seats", "n": 4})
    new = d.join("Neu")
    w = d.last(new, "welcome")
    assert w["seat"] == 3 and d.last(new, "state") is None
    d.t.disconnect(new)
    back = d.join("Neu", token=w["token"])
    assert d.last(back, "welcome")["seat"] == 3 and d.last(back, "state") is None
    # the guest played seat 2; after a reorder it sits at 0 and must not get seat 0's results
    gseat = d.last(g, "welcome")["seat"]
    token = d.last(g, "welcome")["token"]
    order = [gseat] + [i for i in range(4) if i != gseat]
    d.send(owner, {"t": "reorder", "order": order})
    d.t.disconnect(g)
    g2 = d.join("Gast", token=token)
    assert d.last(g2, "welcome")["seat"] == 0 and d.last(g2, "state") is None


def test_a_spectator_sits_down_at_a_free_seat_in_the_lobby_and_comes_back_to_it():
    d = Driver(players=3, bots=1)
    owner = d.join("Wirt", token=d.t.admin_token)
    spec = d.join("Zoe", spectator=True)
    assert d.last(spec, "welcome")["seat"] is None
    d.send(spec, {"t": "sit", "seat": 0})                  # a bot's seat is not free
    assert d.last(spec, "error")["code"] == "lobby"
    d.send(spec, {"t": "sit", "seat": 2})
    w = d.last(spec, "welcome")
    assert w["seat"] == 2 and not w["spectator"] and w["token"] and not w["admin"]
    assert d.t.seats[2].kind == "human" and d.t.seats[2].name == "Zoe"
    assert [s["kind"] for s in d.last(owner, "lobby")["seats"]] == ["bot", "human", "human"]
    assert d.last(owner, "lobby")["spectators"] == 0
    # the new seat token brings the player back to that seat
    d.t.disconnect(spec, d.clock.t)
    back = d.join("Zoe", token=w["token"])
    assert d.last(back, "welcome")["seat"] == 2
    # no sitting down while a match runs: the seat a newcomer gets then is the owner's to open
    late = d.join("Late", spectator=True)
    d.send(owner, {"t": "start"})
    d.send(late, {"t": "sit", "seat": 0})
    assert d.last(late, "error")["code"] == "running"


def test_at_a_table_nobody_owns_the_first_player_to_sit_becomes_its_owner():
    d = Driver(players=3, bots=1, owner_first=True)
    spec = d.join("Zuschauer", spectator=True)
    assert not d.last(spec, "welcome")["admin"] and d.last(spec, "lobby")["owner_first"]
    first = d.join("Ada")
    w = d.last(first, "welcome")
    assert w["admin"] and w["token"] == d.t.admin_token and d.t.seats[w["seat"]].owner
    assert not d.last(first, "lobby")["owner_first"]
    second = d.join("Bo")
    assert not d.last(second, "welcome")["admin"]
    d.send(second, {"t": "start"})
    assert d.last(second, "error")["code"] == "not_admin"
    # the owner leaves the lobby: the next player here owns the table (a new welcome says so)
    d.send(first, {"t": "leave"})
    assert not d.last(first, "welcome")["admin"]
    w2 = d.last(second, "welcome")
    assert w2["admin"] and w2["token"] == d.t.admin_token
    d.send(second, {"t": "start"})
    assert d.t.running


def test_a_table_with_an_owner_gives_nobody_else_its_rights():
    d = Driver(players=3, bots=1)                              # the host's window owns it
    first = d.join("Ada")
    assert not d.last(first, "welcome")["admin"] and not d.last(first, "lobby")["owner_first"]


def test_the_owner_back_in_the_lobby_after_a_match_is_followed_by_the_spectators():
    d = Driver(players=3, bots=2)
    owner = d.join("Wirt", token=d.t.admin_token)
    spec = d.join("Zoe", spectator=True)
    d.send(owner, {"t": "gather"})
    assert d.last(owner, "error") is None or d.last(owner, "error")["ref"] != "gather"
    d.send(owner, {"t": "start"})
    d.send(spec, {"t": "gather"})
    assert d.last(spec, "error")["code"] == "not_admin"
    d.send(owner, {"t": "gather"})
    assert d.last(owner, "error")["code"] == "running"
    d.send(owner, {"t": "end_match"})
    assert not d.last(spec, "lobby")["gathering"]
    d.send(owner, {"t": "gather"})
    assert d.last(spec, "lobby")["gathering"]
    d.send(owner, {"t": "start"})
    assert not d.last(spec, "lobby")["gathering"]

"""Lobby and owner rights, the thread wrappers for the UI, the turn timer, and the
`felt host --headless` / `felt bot` commands."""
from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from felt.net.client import ClientThread
from felt.net.host import Host, HostConfig, HostThread, start_host_thread
from felt.net.testing import RawClient
from felt.games.praesident.rules import load_rules

ROOT = Path(__file__).resolve().parent.parent


def cfg(**kw) -> HostConfig:
    base = dict(interface="127.0.0.1", announce=False, bot_delay=0.0, auto_next=-1.0, seed=3,
                reconnect_wait=30.0)
    base.update(kw)
    return HostConfig(**base)


def poll_until(client: ClientThread, pred, timeout: float = 5.0) -> dict:
    """Poll the client thread until a message satisfies pred; return it."""
    pending = client.__dict__.setdefault("_test_pending", [])
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        pending.extend(client.poll())
        while pending:
            m = pending.pop(0)
            if pred(m):
                return m
        time.sleep(0.01)
    raise AssertionError("no such message in time")


def test_owner_runs_the_lobby_through_thread_wrappers():
    ht = start_host_thread(cfg(players=4, name="Lobby"))
    owner = guest = None
    try:
        assert ht.port > 0 and ht.address == "127.0.0.1" and len(ht.admin_token) >= 16
        owner = ClientThread(ht.address, ht.port, "Owner", token=ht.admin_token).start()
        poll_until(owner, lambda m: m["t"] == "welcome" and m["admin"] and m["seat"] == 0)
        assert owner.status == "connected" and owner.admin and owner.token == ht.admin_token
        guest = ClientThread(ht.address, ht.port, "Guest").start()
        w = poll_until(guest, lambda m: m["t"] == "welcome")
        assert w["seat"] == 1 and not w["admin"] and w["token"] and w["token"] != ht.admin_token

        guest.send({"t": "start"})
        assert poll_until(guest, lambda m: m["t"] == "error")["code"] == "not_admin"

        owner.send({"t": "add_bot", "seat": 3, "level": "easy", "name": "Robo"})
        lob = poll_until(owner, lambda m: m["t"] == "lobby" and m["seats"][3]["kind"] == "bot")
        assert lob["seats"][3]["name"] == "Robo" and lob["seats"][3]["level"] == "easy"

        owner.send({"t": "reorder", "order": [1, 0, 2, 3]})
        w = poll_until(guest, lambda m: m["t"] == "welcome")
        assert w["seat"] == 0 and guest.seat == 0
        lob = poll_until(owner, lambda m: m["t"] == "lobby" and m["seats"][0]["name"] == "Guest")
        assert lob["seats"][1]["owner"] and lob["seats"][1]["name"] == "Owner"

        owner.send({"t": "set_rules", "template": "jass36"})
        lob = poll_until(guest, lambda m: m["t"] == "lobby" and m["template"] == "JASS36")
        assert lob["rules"]["suits"] == "jass" and lob["n"] == 4
        custom = load_rules("PR-002").replace(rounds=2, name="Hausregeln", eights_clear=True).to_dict()
        owner.send({"t": "set_rules", "rules": custom})
        lob = poll_until(guest, lambda m: m["t"] == "lobby" and m["template"] == "custom")
        assert lob["rules"]["name"] == "Hausregeln" and lob["rules"]["eights_clear"] is True

        owner.send({"t": "set_options", "turn_timer": 0, "bot_delay": 0, "auto_next": -1, "rounds": 3})
        lob = poll_until(guest, lambda m: m["t"] == "lobby" and m["options"]["rounds"] == 3)
        owner.send({"t": "start"})
        st = poll_until(guest, lambda m: m["t"] == "state")
        assert st["view"]["rules"]["name"] == "Hausregeln" and st["view"]["seat"] == 0
        assert len(st["view"]["hand"]) == 18 and st["view"]["rounds_total"] == 3
        # the empty seat got a bot; lobby says running
        lob = poll_until(owner, lambda m: m["t"] == "lobby" and m["running"])
        assert [s["kind"] for s in lob["seats"]] == ["human", "human", "bot", "bot"]
        owner.send({"t": "set_seats", "n": 5})
        assert poll_until(owner, lambda m: m["t"] == "error")["code"] == "running"
        owner.send({"t": "end_match"})
        st = poll_until(guest, lambda m: m["t"] == "state" and m["view"]["phase"] == "match_over")
        lob = poll_until(owner, lambda m: m["t"] == "lobby" and not m["running"])
        assert lob["phase"] == "match_over"

        owner.send({"t": "kick", "seat": 0})
        bye = poll_until(guest, lambda m: m["t"] == "bye")
        assert bye["code"] == "kicked"
        poll_until(guest, lambda m: m["t"] == "status" and m["status"] == "closed")
        assert guest.status == "closed"
        lob = poll_until(owner, lambda m: m["t"] == "lobby" and m["seats"][0]["kind"] == "empty")
    finally:
        for c in (owner, guest):
            if c:
                c.close()
        ht.stop()


def test_client_thread_reconnects_with_its_token():
    ht = start_host_thread(cfg(players=3, bots=2, rounds=1, start_when_full=True, bot_delay=0.05))
    c = None
    try:
        c = ClientThread(ht.address, ht.port, "Nina", reconnect_for=10).start()
        poll_until(c, lambda m: m["t"] == "state")
        seat, token = c.seat, c.token
        assert seat == 2 and token

        def cut(host):
            conn = next(c for c in host.conns if c.seat == seat)  # the seat's connection
            conn.transport.abort()  # the Wi-Fi goes away
        ht.call(cut)
        poll_until(c, lambda m: m["t"] == "status" and m["status"] == "reconnecting")
        poll_until(c, lambda m: m["t"] == "status" and m["status"] == "connected")
        st = poll_until(c, lambda m: m["t"] == "state")
        assert c.seat == seat and c.token == token
        hand = ht.call(lambda host: sorted(host.hands()[seat]))
        assert sorted(st["view"]["hand"]) == hand  # this seat never moved: the same hand
        assert ht.call(lambda host: host.seats[seat].conn is not None and host.seats[seat].name == "Nina")
        assert c.send({"t": "ping", "n": 5})
        assert poll_until(c, lambda m: m["t"] == "pong")["n"] == 5
    finally:
        if c:
            c.close()
        ht.stop()
    assert c.status == "closed"


def test_turn_timer_passes_or_lets_a_bot_move():
    async def main():
        host = await Host(cfg(players=3, rounds=1, turn_timer=0.15, bot_delay=0.0)).start()
        c = await RawClient.connect(host.port)
        w = await c.hello("Sleepy")
        me = w["seat"]
        assert me == 0  # PR-002: the first seat leads round 1, where passing is not allowed
        host.start_match()  # the two empty seats get bots
        # the player never moves; the timer acts for it
        timers = []
        kinds = set()
        for _ in range(400):
            m = await c.expect("state", timeout=3)
            if m["view"]["to_move"] == me:
                assert m["timer"] and m["timer"]["seat"] == me and 0 < m["timer"]["left"] <= 0.15
                timers.append(m["seq"])
            for e in m["events"]:
                if e.get("seat") == me and e.get("type") in ("play", "pass"):
                    kinds.add(e["type"])
            if m["view"]["phase"] == "match_over":
                break
        assert host.state.phase == "match_over"
        assert len(timers) >= 2
        assert "play" in kinds  # leading: passing is not allowed, a bot played
        await host.stop()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_lobby_seat_freed_after_reconnect_wait_and_leave():
    async def main():
        host = await Host(cfg(players=3, reconnect_wait=0.1)).start()
        a = await RawClient.connect(host.port)
        await a.hello("A")
        b = await RawClient.connect(host.port)
        wb = await b.hello("B")
        a.abort()
        await asyncio.sleep(0.4)
        assert host.seats[0].kind == "empty"  # lobby: an absent player's seat becomes free
        b.send({"t": "leave"})
        w = await b.expect("welcome", where=lambda m: m["seat"] is None)
        assert w["spectator"] and host.seats[wb["seat"]].kind == "empty"
        await host.stop()

    asyncio.run(asyncio.wait_for(main(), 20))


def test_headless_host_and_bot_commands():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    host = subprocess.Popen(
        [sys.executable, "-m", "felt.cli", "host", "--headless", "--interface", "127.0.0.1", "--players", "3",
         "--bots", "1", "--rounds", "2", "--start-when-full", "--bot-delay", "0", "--no-announce",
         "--name", "CI table", "--seed", "4"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = host.stdout.readline()
        m = re.search(r"'CI table' at (127\.0\.0\.1):(\d+)", line)
        assert m, line
        addr = f"{m.group(1)}:{m.group(2)}"
        bots = [subprocess.Popen([sys.executable, "-m", "felt.cli", "bot", addr, "--name", f"NB{i}"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
                for i in range(2)]
        outs = [b.communicate(timeout=60) for b in bots]
        for b, (out, err) in zip(bots, outs):
            assert b.returncode == 0, err
            assert "match over" in out
        out, err = host.communicate(timeout=30)
        assert host.returncode == 0, err
        assert "rounds played: 2" in out and "winner:" in out
    finally:
        if host.poll() is None:
            host.kill()


def test_hard_bots_think_in_a_worker_and_the_host_stays_responsive():
    async def main():
        host = await Host(cfg(players=3, bots=2, bot_level="hard", think_ms=50, rounds=1,
                              start_when_full=True, bot_delay=0.0)).start()
        c = await RawClient.connect(host.port)
        await c.hello("Human")
        me = c.seat
        worst = 0.0
        answered_while_thinking = 0
        while True:
            m = await c.expect("state", timeout=20)
            v = m["view"]
            if v["phase"] == "match_over":
                break
            if v["to_move"] == me and v["legal"]:
                c.send({"t": "move", "move": v["legal"][0], "seq": m["seq"]})
            elif v["to_move"] != me:
                # while a hard bot thinks, the host still answers at once
                t0 = asyncio.get_running_loop().time()
                c.send({"t": "ping", "n": m["seq"]})
                await c.expect("pong")
                worst = max(worst, asyncio.get_running_loop().time() - t0)
                answered_while_thinking += host._thinking is not None
        assert host.state.phase == "match_over"
        assert host._pool is not None  # the worker was used
        assert answered_while_thinking >= 1  # the host answered while a bot was thinking
        assert worst < 1.0, worst
        await host.stop()

    asyncio.run(asyncio.wait_for(main(), 90))


def test_a_dropped_players_lobby_seat_is_freed_even_after_a_reorder():
    """The reconnect wait's timer compared the seat at its old index: after the owner
    reordered the seats, a dropped player's seat stayed taken (and its token alive) for good."""
    async def main():
        host = await Host(cfg(players=3, reconnect_wait=0.3)).start()
        owner = await RawClient.connect(host.port)
        await owner.hello("Owner", token=host.admin_token)
        gone = await RawClient.connect(host.port)
        w = await gone.hello("Gone")
        assert w["seat"] == 1
        gone.abort()
        await asyncio.sleep(0.1)
        owner.send({"t": "reorder", "order": [0, 2, 1]})  # Gone's seat moves to index 2
        await owner.expect("lobby", where=lambda m: m["seats"][2]["name"] == "Gone")
        await asyncio.sleep(0.5)
        assert [s.kind for s in host.seats] == ["human", "empty", "empty"]
        back = await RawClient.connect(host.port)
        e = await back.hello("Gone", token=w["token"])
        assert e["t"] == "error" and e["code"] == "bad_token"
        await host.stop()

    asyncio.run(asyncio.wait_for(main(), 20))


def test_renames_do_not_flood_everyone_with_lobby_updates(monkeypatch):
    """Every rename went to every connection as a lobby message: 40 spectators renaming at
    the rate limit made the host send ~60 MB in 3 s and slowed its answers to everyone.
    Spectators' renames now tell no one; a seated player renames at most once per interval."""
    from felt.net import table as table_mod  # the table keeps the chat and rename pace
    monkeypatch.setattr(table_mod, "CHAT_INTERVAL", 0.3)

    async def main():
        host = await Host(cfg(players=3)).start()
        watcher = await RawClient.connect(host.port)
        await watcher.hello("Watcher")
        spec = await RawClient.connect(host.port)
        await spec.hello("Spec", spectator=True)
        p = await RawClient.connect(host.port)
        w = await p.hello("Anna")
        await watcher.expect("lobby", where=lambda m: m["seats"][w["seat"]]["name"] == "Anna")
        watcher.inbox.clear()
        for k in range(10):
            spec.send({"t": "rename", "name": f"Spec{k}"})
        spec.send({"t": "chat", "text": "hi"})
        chat = await watcher.expect("chat")
        assert chat["name"] == "Spec9"  # the spectator's new name is used on its chat lines
        assert [m for m in watcher.inbox if m["t"] == "lobby"] == []
        p.send({"t": "rename", "name": "Anna B"})
        lb = await watcher.expect("lobby")
        assert lb["seats"][w["seat"]]["name"] == "Anna B"
        p.send({"t": "rename", "name": "Anna C"})
        e = await p.expect("error")
        assert e["code"] == "rate_limited" and e["ref"] == "rename"
        assert host.seats[w["seat"]].name == "Anna B"
        await asyncio.sleep(0.35)
        p.send({"t": "rename", "name": "Anna C"})
        lb = await watcher.expect("lobby")
        assert lb["seats"][w["seat"]]["name"] == "Anna C"
        await host.stop()

    asyncio.run(asyncio.wait_for(main(), 20))


def test_a_player_kicked_during_a_match_cannot_say_hello_again_and_take_the_hand_back():
    """A kicked player's seat went to a bot that newcomers may replace, so the kicked player
    could rejoin at once with a fresh hello and got the same seat and hand back."""
    async def main():
        host = await Host(cfg(players=3, bot_delay=5.0)).start()
        owner = await RawClient.connect(host.port)
        await owner.hello("Owner", token=host.admin_token)
        others = []
        for name in ("Victim", "Carla"):
            c = await RawClient.connect(host.port)
            await c.hello(name)
            others.append(c)
        victim = others[0]
        owner.send({"t": "start"})
        st = await victim.expect("state")
        hand = st["view"]["hand"]
        owner.send({"t": "kick", "seat": victim.seat})
        assert (await victim.expect("bye"))["code"] == "kicked"
        assert host.seats[victim.seat].kind == "bot"
        again = await RawClient.connect(host.port)
        w = await again.hello("Victim")
        assert w["t"] == "error" and w["code"] == "table_full", w
        w = await again.hello("Victim", spectator=True)
        assert w["t"] == "welcome" and w["seat"] is None
        st = await again.expect("state")
        assert st["view"]["hand"] == [] and not set(hand) & set(st["view"].get("hand", []))
        await host.stop()

    asyncio.run(asyncio.wait_for(main(), 20))

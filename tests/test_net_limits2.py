"""Connection limits against handshake stalling: a device that opens TCP connections and
never says hello cannot lock the others out (per-address and total caps on handshakes in
progress, the oldest dropped first), and the last connections are kept for players coming
back to their seats. Welcomed connections from one address are never limited per address."""
from __future__ import annotations

import asyncio

from felt.net.botclient import BotClient
from felt.net.host import Host, HostConfig
from felt.net import schema
from felt.net.testing import RawClient
from tests.helpers import run


def cfg(**kw) -> HostConfig:
    base = dict(interface="127.0.0.1", announce=False, bot_delay=0.0, auto_next=0.0, seed=5,
                reconnect_wait=30.0, hello_timeout=120.0)  # silent connections stay unless dropped
    base.update(kw)
    return HostConfig(**base)


async def connect_from(port: int, source: str) -> RawClient:
    """A raw connection to the host (on 127.0.0.1) from another loopback address."""
    r, w = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    return RawClient(r, w)


def pending(host: Host) -> list:
    return [c for c in host.conns if not c.welcomed]


async def until(pred, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not pred():
        assert loop.time() < end, "condition not reached"
        await asyncio.sleep(0.01)


async def dropped_busy(c: RawClient, text: str) -> dict:
    bye = await c.expect("bye")
    assert bye["code"] == "busy" and text in bye["msg"], bye
    assert await c.closed()
    return bye


def test_silent_connections_from_one_address_do_not_lock_out_a_real_client():
    async def main():
        host = await Host(cfg(players=3, bots=1, rounds=1, start_when_full=True)).start()
        assert host.config.max_pending_per_addr == 8
        silent = [await RawClient.connect(host.port) for _ in range(20)]
        await until(lambda: len(host.conns) == 8)
        # the 12 oldest were dropped with a clear reason, the 8 newest still wait
        for c in silent[:12]:
            bye = await dropped_busy(c, "have not said hello")
            assert "127.0.0.1" in bye["msg"] and "at most 8" in bye["msg"]
        assert host.refused["pending_addr"] == 12
        assert set(pending(host)) == set(host.conns) and len(host.conns) == 8
        for c in silent[12:]:
            assert not c.eof and c.inbox == []
        # real clients from the same address still join and play the match to its end
        bots = [BotClient("127.0.0.1", host.port, f"Net{i}", level="easy", seed=i) for i in range(2)]
        await asyncio.wait_for(asyncio.gather(*(b.run() for b in bots)), 40)
        assert host.state.phase == "match_over"
        for b in bots:
            assert b.last_view["phase"] == "match_over" and b.client.connects == 1
        # more welcomed connections from one address than the per-address cap: all fine
        watchers = []
        for _ in range(12):
            w = await RawClient.connect(host.port)
            assert (await w.hello("Watcher", spectator=True))["t"] == "welcome"
            watchers.append(w)
        assert sum(1 for c in host.conns if c.welcomed) == 12
        # still at most 8 silent ones from 127.0.0.1
        assert len(pending(host)) <= 8
        for c in silent + watchers:
            await c.close()
        await host.stop()

    run(main())


def test_handshakes_of_all_addresses_together_are_capped_too():
    async def main():
        host = await Host(cfg(players=3, max_conns=16)).start()
        assert host.max_pending == 4
        a = [await connect_from(host.port, "127.0.0.2") for _ in range(3)]
        await until(lambda: len(host.conns) == 3)
        b = [await connect_from(host.port, "127.0.0.3") for _ in range(3)]
        await until(lambda: host.refused["pending"] == 2)
        # the two oldest (from 127.0.0.2) were dropped, whoever opened them
        for c in a[:2]:
            await dropped_busy(c, "4 connections that have not said hello")
        assert {c.addr for c in pending(host)} == {"127.0.0.2", "127.0.0.3"} and len(pending(host)) == 4
        # a client that says hello at once gets in and takes a seat
        p = await connect_from(host.port, "127.0.0.4")
        w = await p.hello("Pia")
        assert w["t"] == "welcome" and w["seat"] == 0
        assert len(pending(host)) == 3  # Pia's own handshake pushed out one more stale one
        for c in a + b + [p]:
            await c.close()
        await host.stop()

    run(main())


def test_the_last_connections_are_kept_for_players_coming_back():
    async def main():
        # 12 connections: 3 for handshakes, 9 for players, spectators and absent seat holders
        host = await Host(cfg(players=4, max_conns=12)).start()
        assert (host.max_pending, host.max_joined) == (3, 9)
        players, tokens = [], []
        for i in range(4):
            c = await RawClient.connect(host.port)
            w = await c.hello(f"P{i}")
            assert w["seat"] == i
            players.append(c)
            tokens.append(w["token"])
        watchers = []
        for _ in range(5):
            w = await RawClient.connect(host.port)
            assert (await w.hello("Watcher", spectator=True))["t"] == "welcome"
            watchers.append(w)
        extra = await RawClient.connect(host.port)
        extra.send({"t": "hello", "v": schema.PROTOCOL_VERSION, "name": "Late", "spectator": True})
        await dropped_busy(extra, "kept for players coming back")
        # P1 drops: its slot stays reserved, a newcomer is still turned away
        players[1].abort()
        await until(lambda: host.seats[1].conn is None)
        late = await RawClient.connect(host.port)
        late.send({"t": "hello", "v": schema.PROTOCOL_VERSION, "name": "Late"})
        await dropped_busy(late, "kept for players coming back")
        # a seat token does not open more connections past the reserve as a spectator
        peek = await RawClient.connect(host.port)
        peek.send({"t": "hello", "v": schema.PROTOCOL_VERSION, "name": "P0", "token": tokens[0], "spectator": True})
        await dropped_busy(peek, "kept for players coming back")
        assert host.refused["reserve"] == 3
        # silent connections fill every handshake slot; P1 still comes back to its seat
        silent = [await connect_from(host.port, "127.0.0.2") for _ in range(3)]
        await until(lambda: len(pending(host)) == 3)
        back = await RawClient.connect(host.port)
        w = await back.hello("P1", token=tokens[1])
        assert w["t"] == "welcome" and w["seat"] == 1 and w["token"] == tokens[1], w
        assert host.seats[1].conn is not None and len(host.conns) <= 12
        await dropped_busy(silent[0], "have not said hello")  # the oldest handshake made room
        for c in players + watchers + silent + [back]:
            await c.close()
        await host.stop()

    run(main())

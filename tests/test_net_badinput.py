"""Every bad input the protocol refuses, against a live host while a match runs: each gets a clear
error to that client (or its disconnection) and the table plays on with nothing lost."""
from __future__ import annotations

import asyncio
import struct

import msgpack

from felt.games.praesident import engine
from felt.net import framing, matchlog, schema
from felt.net.botclient import BotClient
from felt.net.host import Host, HostConfig
from felt.net.testing import RawClient, leaks
from tests.helpers import run


def cfg(**kw) -> HostConfig:
    base = dict(interface="127.0.0.1", announce=False, bot_delay=0.0, auto_next=0.0, seed=5,
                reconnect_wait=30.0)
    base.update(kw)
    return HostConfig(**base)


async def fatal(port: int, data: bytes, code: str, eof: bool = False) -> dict:
    """Send ``data`` on a fresh connection; expect a fatal error ``code`` and the close."""
    c = await RawClient.connect(port)
    c.send_raw(data)
    if eof:
        c.writer.write_eof()
    e = await c.expect("error")
    assert e["code"] == code and e["fatal"], e
    assert e["msg"]
    assert await c.closed(), "host did not close the connection"
    return e


def test_bad_inputs_during_a_match_table_plays_on():
    async def main():
        host = await Host(cfg(players=3, rounds=2, start_when_full=True)).start()
        bots = [BotClient("127.0.0.1", host.port, f"Bot{i}", level="easy", seed=i, record=True, delay=0.01)
                for i in range(2)]
        tasks = [asyncio.ensure_future(b.run()) for b in bots]
        mal = await RawClient.connect(host.port)
        w = await mal.hello("Mallory")
        me = w["seat"]
        assert w["t"] == "welcome" and me is not None

        # --- connection-level garbage, each on its own connection (fatal)
        e = await fatal(host.port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", "too_large")
        assert "exceeds" in e["msg"]
        await fatal(host.port, struct.pack(">I", 5) + b"\xc1\xc1\xc1\xc1\xc1", "bad_frame")
        await fatal(host.port, struct.pack(">I", 100) + b"\x81\xa1t", "bad_frame", eof=True)  # truncated
        await fatal(host.port, struct.pack(">I", 70_000) + b"\x00" * 1000, "too_large")  # oversized
        await fatal(host.port, framing.frame(msgpack.packb(msgpack.ExtType(3, b"x"))), "bad_frame")
        await fatal(host.port, framing.frame(msgpack.packb({1: "int key"})), "bad_frame")
        await fatal(host.port, framing.encode(["not", "a", "map"]), "bad_frame")  # PROTOCOL.md §1
        e = await fatal(host.port, framing.encode({"t": "hello", "v": 99, "name": "Old"}), "bad_version")
        assert f"version {schema.PROTOCOL_VERSION}" in e["msg"]

        # --- message-level errors (not fatal) on a fresh connection
        x = await RawClient.connect(host.port)
        x.send({"t": "move", "move": {"kind": "pass"}})
        assert (await x.expect("error"))["code"] == "hello_first"
        x.send({"t": "hello", "v": schema.PROTOCOL_VERSION, "name": "x" * 40})
        e = await x.expect("error")
        assert e["code"] == "bad_message" and "name" in e["msg"]
        ws = await x.hello("Watcher", spectator=True)
        assert ws["t"] == "welcome" and ws["seat"] is None
        x.send({"t": "hello", "v": schema.PROTOCOL_VERSION, "name": "again"})
        assert (await x.expect("error"))["code"] == "already_joined"
        x.send({"t": "start"})
        assert (await x.expect("error"))["code"] == "not_admin"

        # --- a flood: 400 pings in one burst from the spectator
        x.send_raw(b"".join(framing.encode({"t": "ping", "n": i}) for i in range(400)))
        bye = await x.expect("bye", timeout=10)
        assert bye["code"] == "flood"
        pongs = [m for m in x.received if m["t"] == "pong"]
        assert 30 <= len(pongs) <= 50  # the burst (40) minus what this connection sent before
        assert any(m["t"] == "error" and m["code"] == "rate_limited" for m in x.received)
        assert await x.closed()

        # --- Mallory plays, but first tries every kind of cheating
        done_turn_tricks = done_off_turn = done_misc = False
        while True:
            m = await mal.expect("state", timeout=20)
            v = m["view"]
            if v["phase"] == "match_over":
                break
            if not done_misc:
                done_misc = True
                mal.send({"t": "dance", "move": 1})
                e = await mal.expect("error")
                assert e["code"] == "unknown_type" and "dance" in e["msg"]
                mal.send({"t": "move", "move": {"kind": "play", "cards": "all"}})
                assert (await mal.expect("error"))["code"] == "bad_message"
                # chat flood, with a move at its end: dropped, not disconnected
                mal.send_raw(b"".join(framing.encode({"t": "chat", "text": "spam"}) for _ in range(60))
                             + framing.encode({"t": "move", "move": {"kind": "pass"}}))
                e = await mal.expect("error", where=lambda e: e["code"] == "rate_limited")
                assert not e["fatal"]
                # a dropped move is always answered (the player must know to send it again)
                e = await mal.expect("error", where=lambda e: e["code"] == "rate_limited" and e["ref"] == "move")
                await asyncio.sleep(0.3)  # let the bucket refill
                mal.send({"t": "ping", "n": 999})  # a barrier: answers come in order
                await mal.expect("pong", where=lambda p: p["n"] == 999)
                assert any(x["t"] == "chat" and x["text"] == "spam" for x in mal.received)
                mal.drop("error", "chat")
            if v["to_move"] != me and not done_off_turn and v["phase"] == "play":
                mal.send({"t": "move", "move": {"kind": "play", "cards": v["hand"][:1]}, "seq": m["seq"]})
                e = await mal.expect("error")
                # 'stale' only if the bots moved on and it became Mallory's turn meanwhile
                assert e["code"] in ("not_your_turn", "stale"), e
                done_off_turn = e["code"] == "not_your_turn"
                continue
            if v["to_move"] == me and v["legal"]:
                if not done_turn_tricks and v["phase"] == "play":
                    done_turn_tricks = True
                    foreign = next(c for c in range(72) if c not in v["hand"] and c not in v["played"])
                    mal.send({"t": "move", "move": {"kind": "play", "cards": [foreign]}, "seq": m["seq"]})
                    e = await mal.expect("error")
                    assert e["code"] == "illegal_move" and e["msg"], e
                    other = (me + 1) % 3
                    mal.send({"t": "move", "move": v["legal"][0], "seq": m["seq"], "seat": other})
                    e = await mal.expect("error")
                    assert e["code"] == "not_your_seat"
                    mal.send({"t": "move", "move": v["legal"][0], "seq": m["seq"] + 1000})
                    assert (await mal.expect("error"))["code"] == "stale"
                    if v["pile"] is None:
                        mal.send({"t": "move", "move": {"kind": "pass"}, "seq": m["seq"]})
                        e = await mal.expect("error")
                        assert e["code"] == "illegal_move" and "lead" in e["msg"]
                    assert host.seq == m["seq"]  # nothing changed
                    await asyncio.sleep(0.3)  # the cheating used up the rate limit: let it refill
                mal.send({"t": "move", "move": v["legal"][-1], "seq": m["seq"]})
        await asyncio.gather(*(b.done.wait() for b in bots))
        await host.stop()
        await asyncio.gather(*tasks, return_exceptions=True)
        return host, bots, mal, me, done_turn_tricks and done_off_turn

    host, bots, mal, me, tried = run(main())
    assert tried
    assert host.state.phase == "match_over" and len(host.state.history) == 2
    states = dict(matchlog.states(host.log))
    # nothing lost: every client saw every update, and the last views match the host
    for b in bots:
        seqs = {m["seq"] for m in b.received if m["t"] == "state"}
        assert seqs >= set(range(1, host.seq + 1))
        assert b.last_view == engine.view(host.state, b.seat)
        assert leaks(b.received, b.seat, states) == []
    seqs = {m["seq"] for m in mal.received if m["t"] == "state"}
    assert seqs >= set(range(1, host.seq + 1))
    assert leaks(mal.received, me, states) == []
    assert mal.view == engine.view(host.state, me)


def test_hello_and_idle_timeouts():
    async def main():
        # the idle time is well above the pings' 0.2 s: a loaded machine may hold a ping back
        host = await Host(cfg(players=3, hello_timeout=0.3, idle_timeout=2.0)).start()
        silent = await RawClient.connect(host.port)
        bye = await silent.expect("bye", timeout=3)
        assert bye["code"] == "timeout" and "hello" in bye["msg"]
        assert await silent.closed()
        idle = await RawClient.connect(host.port)
        await idle.hello("Idle")
        bye = await idle.expect("bye", timeout=6)
        assert bye["code"] == "timeout" and "silent" in bye["msg"]
        # a client that pings stays
        busy = await RawClient.connect(host.port)
        await busy.hello("Busy")
        for i in range(6):
            await asyncio.sleep(0.2)
            busy.send({"t": "ping", "n": i})
            assert (await busy.expect("pong"))["n"] == i
        await host.stop()

    run(main())


def test_owner_requests_are_validated():
    async def main():
        host = await Host(cfg(players=4)).start()
        o = await RawClient.connect(host.port)
        await o.hello("Owner", token=host.admin_token)
        o.send({"t": "set_rules", "template": "../../etc/passwd"})
        e = await o.expect("error")
        assert e["code"] == "bad_rules" and "no template" in e["msg"]
        o.send({"t": "set_rules", "rules": {"copies": 3}})
        e = await o.expect("error")
        assert e["code"] == "bad_rules" and "copies" in e["msg"]
        o.send({"t": "set_rules", "rules": {"no_such_option": 1}})
        assert (await o.expect("error"))["code"] == "bad_rules"
        o.send({"t": "set_seats", "n": 12})
        assert (await o.expect("error"))["code"] == "lobby"
        o.send({"t": "remove_bot", "seat": 1})
        assert (await o.expect("error"))["code"] == "lobby"
        o.send({"t": "next_round"})
        assert (await o.expect("error"))["code"] == "no_match"
        o.send({"t": "kick", "seat": 0})
        assert (await o.expect("error"))["code"] == "lobby"
        assert host.state is None and host.template == "PR-002"
        await host.stop()

    run(main())


def test_clients_that_never_read_do_not_keep_the_hosts_memory(monkeypatch):
    """A dropped non-reader used to be closed gracefully: its transport kept up to 1 MiB
    waiting for a reader that never comes, outside max_conns, so repeating it grew the host
    without bound. Now it is cut off at once, and a bye to a non-reader after CLOSE_GRACE."""
    import socket

    from felt.net import host as host_mod
    monkeypatch.setattr(host_mod, "CLOSE_GRACE", 0.3)

    async def lazy(host, name):
        s = socket.create_connection(("127.0.0.1", host.port))
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.sendall(framing.encode({"t": "hello", "v": schema.PROTOCOL_VERSION, "name": name, "spectator": True}))
        for _ in range(100):
            await asyncio.sleep(0.01)
            conn = next((c for c in host.conns if c.name == name), None)
            if conn is not None:
                return s, conn
        raise AssertionError("no welcome")

    async def main():
        host = await Host(cfg(players=3)).start()
        big = framing.encode({"t": "chat", "seat": None, "name": "x", "text": "y" * 60000})
        held = []
        for k in range(3):
            s, conn = await lazy(host, f"Lazy{k}")
            while not conn.closed:
                conn.send_frame(big)
            held.append((s, conn))
        s, conn = await lazy(host, "Kicked")
        while conn.transport.get_write_buffer_size() < 300_000:  # unread, below the limit
            conn.send_frame(big)
        conn.bye("kicked")
        held.append((s, conn))
        assert conn.transport.get_write_buffer_size() > 0
        await asyncio.sleep(0.6)
        assert [c.transport.get_write_buffer_size() for _, c in held] == [0, 0, 0, 0]
        assert host.conns == set()
        # the table still answers
        ok = await RawClient.connect(host.port)
        assert (await ok.hello("Fine"))["t"] == "welcome"
        for s, _ in held:
            s.close()
        await host.stop()

    run(main())

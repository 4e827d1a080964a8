"""The host survives its own crash, clients survive the Wi-Fi.

- SIGKILL of a `felt host --headless --journal F` subprocess at many random points of a match,
  `felt host --resume F`, the match finished: the result is what the engine gives for the same
  seed and moves, and every view any client was shown is the host's state at that seq.
- An in-process crash: the resumed table is exactly the one that died (hands, turn, pile, places,
  standings, seats, tokens, name, port).
- The pygame client's ClientThread reconnects by itself after a SIGKILL and keeps its seat and hand.
- Clients keep retrying for at least a minute.
- A quick soak (drops and kills); the soak's checks notice lost entries; a long soak (opt-in).
"""
from __future__ import annotations

import asyncio
import inspect
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from felt.games.praesident import GAME as PRAESIDENT, engine
from felt.net import client as client_mod
from felt.net import framing, schema
from felt.net import journal as jm
from felt.net.botclient import BotClient
from felt.net.client import AsyncClient, ClientThread
from felt.net.host import Host, HostConfig
from felt.net.soak import _norm, host_env, play_match, run_soak
from felt.games.praesident.rules import load_rules
from tests.helpers import start_host_process

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_sigkill_at_many_random_points_then_resume_gives_the_crash_free_result(tmp_path):
    async def main():
        return await play_match(1, players=4, rules_spec="PR-002", rounds=2, drops=0.0, kills=10, seed=11,
                                workdir=tmp_path, cli_bots=1, client_delay=0.003, lobby_kill=True)
    r = asyncio.run(main())
    assert r.problems == [], r.problems + [r.host_output[-2000:]]
    assert len(r.kills) >= 6, [k.seen_seq for k in r.kills]
    assert len({k.seen_seq for k in r.kills}) >= 5  # different points of the match
    assert all(k.resumed_seq >= k.seen_seq for k in r.kills)  # nothing a client saw was lost
    # the same seed and the same moves, without any crash, give the same result
    mlog = jm.read_log(r.journal)
    assert mlog.header["seed"] == r.seed
    clean = PRAESIDENT.replay(load_rules("PR-002"), 4, r.seed, jm.actions(mlog), 2)
    assert clean.phase == "match_over" and len(clean.history) == 2
    assert r.last_views, "no client finished"
    for seat, v in r.last_views.items():  # 3 BotClients and the spectator; the felt bot is checked by places
        assert v == _norm(engine.view(clean, seat))
        assert v["history"] == clean.history and v["standings"] == clean.standings and v["winner"] == clean.winner
    assert r.host_output.count("resuming table 'Soak 1'") == len(r.kills)


def _crash(host: Host) -> None:
    """What kill -9 leaves: no bye, no announcement withdrawn, connections just gone."""
    host.options["reconnect_wait"] = 1e9
    host.cancel_turn()
    if host._sweeper:
        host._sweeper.cancel()
    host.server.close()
    for c in list(host.conns):
        c.transport.abort()
    host.journal.close()


def test_resumed_table_is_exactly_the_one_that_died_and_clients_play_on(tmp_path):
    p = tmp_path / "table.journal"

    async def main():
        cfg = HostConfig(name="Küchentisch", interface="127.0.0.1", announce=False, bot_delay=0.004, auto_next=0.0,
                         seed=21, players=4, bots=2, rounds=3, start_when_full=True, journal=str(p),
                         reconnect_wait=30.0)
        host = await Host(cfg).start()
        port = host.port
        bots = [BotClient("127.0.0.1", port, f"Net{i}", level="easy", delay=0.004, seed=i) for i in range(2)]
        tasks = [asyncio.ensure_future(b.run()) for b in bots]
        while host.seq < 70:
            await asyncio.sleep(0.002)
        before = host.state.clone()
        seq = host.seq
        seats = [(s.kind, s.name, s.token, s.level, s.owner) for s in host.seats]
        admin = host.admin_token
        _crash(host)

        res = jm.load_resume(p)
        assert res.damage is None
        host2 = Host(HostConfig(interface="127.0.0.1", announce=False, port=port, journal=str(p), resume=res,
                                bot_delay=0.004, auto_next=0.0, start_when_full=True))
        st = host2.state
        assert host2.seq == seq
        assert st.hands == before.hands and st.to_move == before.to_move and st.pile == before.pile
        assert st.places == before.places and st.standings == before.standings and st.phase == before.phase
        assert st.round_no == before.round_no and st.trick == before.trick and st.passed == before.passed
        for i in [None, 0, 1, 2, 3]:
            assert engine.view(st, i) == engine.view(before, i)
        assert [(s.kind, s.name, s.token, s.level, s.owner) for s in host2.seats] == seats
        assert host2.admin_token == admin and host2.table_name == "Küchentisch"
        await host2.start()
        assert host2.port == port
        await asyncio.wait_for(asyncio.gather(*tasks), 60)
        final = host2.state
        for b in bots:
            assert b.client.connects == 2
            assert b.last_view == _norm(engine.view(final, b.seat))
        await host2.stop()
        return final

    final = asyncio.run(main())
    assert final.phase == "match_over"
    mlog = jm.read_log(p)
    again = PRAESIDENT.replay(load_rules("PR-002"), 4, 21, jm.actions(mlog), 3)
    assert engine.view(again, None) == engine.view(final, None)


def test_clientthread_reconnects_after_host_sigkill_with_same_seat_and_hand(tmp_path):
    """The pygame client's network side: it reconnects by itself with its token."""
    env = dict(host_env(), FELT_DATA_DIR=str(tmp_path))
    j = tmp_path / "t.journal"
    proc, port = start_host_process(["--port", "0", "--players", "3", "--bots", "2", "--rounds", "2", "--seed", "5",
                              "--start-when-full", "--bot-delay", "0.003", "--reconnect-wait", "30",
                              "--journal", str(j)], env)
    ct = ClientThread("127.0.0.1", port, "Anna").start()
    statuses: list[str] = []
    last: dict | None = None
    seq = -1
    kills = 0
    my_moves = 0
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            for m in ct.poll():
                if m["t"] == "status":
                    statuses.append(m["status"])
                elif m["t"] == "state":
                    last, seq = m["view"], m["seq"]
            if last is None:
                time.sleep(0.005)
                continue
            if last["phase"] == "match_over":
                break
            mine = last["to_move"] == last["seat"] and last["legal"]
            if mine and kills < 2 and my_moves >= 4 + 6 * kills:
                # on turn: the host waits for us. Kill it, resume, and find the same table again.
                hand, seat, at = list(last["hand"]), ct.seat, seq
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                kills += 1
                proc, port2 = start_host_process(["--resume", str(j)], env)
                assert port2 == port
                t_end = time.monotonic() + 20
                got = None
                while time.monotonic() < t_end and got is None:
                    for m in ct.poll():
                        if m["t"] == "status":
                            statuses.append(m["status"])
                        elif m["t"] == "state":
                            got = m
                    time.sleep(0.005)
                assert got is not None, f"no state after resume; statuses {statuses}"
                assert ct.seat == seat and got["seq"] == at
                assert got["view"]["hand"] == hand and got["view"]["to_move"] == seat
                last, seq = got["view"], got["seq"]
                continue
            if mine:
                if ct.send({"t": "move", "move": last["legal"][0], "seq": seq}):
                    my_moves += 1
                    last = dict(last, to_move=None)
            time.sleep(0.002)
        assert last is not None and last["phase"] == "match_over", statuses
        assert kills == 2
        assert statuses.count("reconnecting") >= 2 and statuses[-1] in ("connected", "reconnecting", "closed")
        mlog = jm.read_log(j)
        final = PRAESIDENT.replay(load_rules("PR-002"), 3, 5, jm.actions(mlog), 2)
        assert last == _norm(engine.view(final, ct.seat))
    finally:
        ct.close()
        if proc.poll() is None:
            proc.terminate()
        proc.wait(10)


def test_clients_keep_retrying_for_at_least_a_minute(monkeypatch):
    """A dead host: AsyncClient (used by ClientThread, BotClient and `felt bot`) keeps trying
    for its reconnect window (>= 60 s by default), then gives up with a clear reason.
    The client's clock runs 60 times faster here."""
    for fn in (AsyncClient.__init__, ClientThread.__init__, BotClient.__init__):
        assert inspect.signature(fn).parameters["reconnect_for"].default >= 60
    t0 = time.monotonic()

    class FastClock:
        @staticmethod
        def monotonic():
            return t0 + (time.monotonic() - t0) * 60
    monkeypatch.setattr(client_mod, "time", FastClock)
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nobody listens there

    async def main():
        c = AsyncClient("127.0.0.1", port, "Anna", token="x" * 22)
        task = asyncio.ensure_future(c.run())
        await asyncio.sleep(1.1)  # 66 s on the client's clock
        assert c.status != "closed" and not task.done()
        await asyncio.wait_for(task, 10)
        return c, FastClock.monotonic() - t0
    c, elapsed = asyncio.run(main())
    assert c.status == "closed" and "cannot connect" in c.reason
    assert elapsed >= 120


@pytest.mark.slow
def test_quick_soak(tmp_path):
    async def main():
        return await run_soak(matches=2, players=4, rounds=2, drops=0.05, kills=2, seed=3, workdir=tmp_path)
    res = asyncio.run(main())
    t = res.totals()
    assert res.problems == [], res.problems
    assert t["matches"] == 2 and t["rounds"] == 4
    assert t["host_kills"] >= 2 and t["drops"] >= 3 and t["reconnects"] >= t["drops"]


@pytest.mark.parametrize("damage", ["lose", "rewrite"])
def test_soak_checks_notice_a_journal_that_lost_or_changed_entries(tmp_path, damage):
    """The soak's checks can fail. Before the resume, cut the last entries off the journal (as
    if they had been sent before being written), or also put a different legal move in their
    place (a forked history): the checks must say so."""
    def sabotage(path: Path) -> None:
        data = path.read_bytes()
        sc = jm.scan(data)
        path.write_bytes(data[:sc.offsets[-3]])
        if damage == "rewrite":  # go back to the last entry where another legal move existed
            for k in range(len(sc.records) - 3, 2, -1):
                path.write_bytes(data[:sc.offsets[k]])
                st = jm.load_resume(path, repair=False).state
                orig = sc.records[k]
                alt = [engine.move_to_wire(m) for m in engine.legal_moves(st)] if st.to_move is not None else []
                alt = [m for m in alt if orig.get("k") == "move" and m != orig["move"]]
                if alt:
                    with open(path, "ab") as fh:
                        fh.write(jm.encode_record({"k": "move", "seat": st.to_move, "move": alt[-1]}))
                    return
            raise AssertionError("no entry with another legal move")

    async def main():
        return await play_match(1, players=3, rules_spec="PR-002", rounds=1, drops=0.0, kills=1, seed=5,
                                workdir=tmp_path, kill_at=[30], before_resume=sabotage, lobby_kill=False)
    r = asyncio.run(main())
    assert len(r.kills) == 1
    if damage == "lose":
        assert any("clients had seen" in p for p in r.problems), r.problems
    else:
        assert any("views differ from the host's state" in p for p in r.problems), r.problems


@pytest.mark.soak
def test_long_soak(tmp_path):
    async def main():
        return await run_soak(matches=12, players=5, rounds=3, drops=0.06, kills=4, seed=2026, workdir=tmp_path,
                              say=print)
    res = asyncio.run(main())
    t = res.totals()
    print("long soak:", t)
    assert res.problems == [], res.problems
    assert t["host_kills"] >= 30 and t["drops"] >= 100


def test_resumed_host_announces_the_same_table_again(tmp_path):
    """kill -9 leaves no goodbye; the resumed host announces the same name and port (mDNS on
    loopback only), with the match running."""
    from felt.net.discovery import Browser
    env = dict(host_env(), FELT_DATA_DIR=str(tmp_path))
    j = tmp_path / "t.journal"
    cmd = [sys.executable, "-m", "felt.cli", "host", "--headless", "--interface", "127.0.0.1"]
    first = subprocess.Popen(cmd + ["--name", "Stammtisch Süd", "--port", "0", "--players", "3", "--bots", "3",
                                    "--rounds", "50", "--start-when-full", "--bot-delay", "0.05",
                                    "--journal", str(j)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             env=env, text=True)
    line = ""
    while " at 127.0.0.1:" not in line:
        line = first.stdout.readline()
        assert line, "host did not start"
    port = int(line.split(" at 127.0.0.1:")[1].split()[0])
    time.sleep(0.5)
    first.send_signal(signal.SIGKILL)
    first.wait()
    second = subprocess.Popen(cmd + ["--resume", str(j)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              env=env, text=True)
    try:
        async def main():
            browser = Browser(interface="127.0.0.1")
            await browser.start()
            try:
                end = time.monotonic() + 15
                while time.monotonic() < end:
                    t = next((t for t in browser.tables() if t["name"] == "Stammtisch Süd"), None)
                    if t:
                        return t
                    await asyncio.sleep(0.05)
            finally:
                await browser.close()
        t = asyncio.run(main())
        assert t is not None, "resumed table not announced"
        assert t["port"] == port and t["address"] == "127.0.0.1" and t["running"]
        assert (t["seats_taken"], t["seats_free"]) == (3, 0)
    finally:
        second.terminate()
        out = second.communicate(timeout=15)[0]
    assert "resuming table 'Stammtisch Süd'" in out and "announcement withdrawn" in out


def test_a_client_notices_a_host_that_went_silent_and_reconnects():
    """A host that vanishes without a FIN or RST (Wi-Fi gone, lid closed) left the client
    'connected' until TCP gave up, many minutes later. It now counts as lost after three
    unanswered ping intervals, and the client reconnects with its token."""
    async def main():
        hellos: list[dict] = []
        writers = []

        async def mute_host(reader, writer):  # welcomes, then never says a word again
            dec = framing.FrameDecoder()
            writers.append(writer)
            while True:
                data = await reader.read(65536)
                if not data:
                    return
                for m in dec.feed(data):
                    if m.get("t") == "hello":
                        hellos.append(m)
                        writer.write(framing.encode({"t": "welcome", "v": schema.PROTOCOL_VERSION, "seat": 0, "token": "tok-" + "x" * 18,
                                                     "spectator": False, "admin": False, "name": m["name"],
                                                     "table": "Mute"}))
        server = await asyncio.start_server(mute_host, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        statuses = []
        c = AsyncClient("127.0.0.1", port, "Anna", ping_every=0.1, reconnect_for=5,
                        on_status=lambda s, r: statuses.append((s, r)))
        task = asyncio.ensure_future(c.run())
        for _ in range(100):
            await asyncio.sleep(0.02)
            if len(hellos) >= 2:
                break
        assert len(hellos) >= 2, statuses
        assert hellos[1].get("token") == "tok-" + "x" * 18  # came back to its seat
        assert any(s == "reconnecting" and "no word from the host" in r for s, r in statuses), statuses
        await c.close()
        await asyncio.wait_for(task, 5)
        server.close()
        for w in writers:
            w.close()

    asyncio.run(asyncio.wait_for(main(), 20))


_WORKER_HOST = """
import asyncio
from felt.net.host import Host, HostConfig

async def main():
    h = await Host(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=3, bot_level="hard",
                              think_ms=20, start_when_full=True, bot_delay=0.0, rounds=1)).start()
    while h._pool is None or not h._pool._processes:
        await asyncio.sleep(0.02)
    print(*h._pool._processes, flush=True)
    await asyncio.sleep(60)

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as fh:
            return not any(line.startswith("State:") and "Z" in line.split()[1] for line in fh)
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_bot_worker_process_exits_when_its_host_is_killed():
    """A host killed with SIGKILL left its hard bots' worker process behind for good (one
    stray process per crash and resume); the worker now exits when its host is gone."""
    env = host_env()
    proc = subprocess.Popen([sys.executable, "-c", _WORKER_HOST], stdout=subprocess.PIPE, text=True, env=env,
                            cwd=str(Path(__file__).resolve().parent.parent))
    try:
        worker = int(proc.stdout.readline().split()[0])
        assert _alive(worker)
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)
        deadline = time.monotonic() + 5
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(worker), "the worker outlived its host"
    finally:
        if proc.poll() is None:
            proc.kill()

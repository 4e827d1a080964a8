"""The journal on disk: round trip, truncated and corrupted files, locking, write failures,
and the order 'on disk before anyone is told'."""
from __future__ import annotations

import asyncio
import os
import random
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import msgpack
import pytest

from felt.games.praesident import engine
from felt.net import journal as jm
from felt.net.botclient import BotClient
from felt.net.host import Host, HostConfig
from felt.net.matchlog import MatchLog
from felt.net.soak import _norm
from felt.net.testing import RawClient
from felt.games.praesident.rules import load_rules

ROOT = Path(__file__).resolve().parent.parent


def make_journal(path: Path, n: int = 4, seed: int = 7, rounds: int = 2, moves: int | None = None):
    """Write a journal of a match played by random legal moves (no network).
    Returns (states by seq, match log)."""
    rules = load_rules("PR-002")
    j = jm.Journal.create(path)
    j.append({"k": "host", "v": 1, "name": "Stammtisch", "port": 0, "admin_token": "admin-secret",
              "options": {"reconnect_wait": 30.0}, "rules": rules.to_dict(), "config": {}})
    seats = [{"seat": i, "name": f"P{i}", "kind": "human", "token": f"token-{i}", "level": None,
              "owner": False, "auto": False} for i in range(n)]
    mlog = MatchLog.start(rules, n, seed, rounds, seats, table="Stammtisch", template="PR-002", match=1)
    j.write_match(mlog)
    s, _ = engine.new_match(rules, n, seed, rounds)
    states = {0: s.clone()}
    rng = random.Random(seed)
    while s.phase != "match_over" and (moves is None or mlog.seq < moves):
        if s.phase == "round_over":
            s, _ = engine.next_round(s)
            mlog.next_round()
        else:
            m = rng.choice(engine.legal_moves(s))
            seat = s.to_move
            s, _ = engine.apply(s, seat, m)
            mlog.move(seat, engine.move_to_wire(m))
        states[mlog.seq] = s.clone()
    j.close()
    return states, mlog


def same_table(a, b) -> bool:
    return all(engine.view(a, i) == engine.view(b, i) for i in [None, *range(a.n)]) and a.hands == b.hands


def test_round_trip_restores_the_exact_state(tmp_path):
    p = tmp_path / "t.journal"
    states, mlog = make_journal(p, moves=60)
    res = jm.load_resume(p)
    assert res.damage is None and res.warnings == []
    assert res.log.seq == mlog.seq == 60
    assert same_table(res.state, states[60])
    assert res.host["admin_token"] == "admin-secret"
    assert [s["token"] for s in res.log.seats()] == [f"token-{i}" for i in range(4)]
    assert "60 game entries" in res.messages[0] and "Stammtisch" in res.messages[0]
    # the file is what the docstring says: magic, then length | crc32 | msgpack body
    data = p.read_bytes()
    assert data[:8] == jm.MAGIC
    n, crc = struct.unpack_from(">II", data, 8)
    body = data[16:16 + n]
    assert zlib.crc32(body) == crc and msgpack.unpackb(body)["k"] == "host"


def test_truncated_at_every_byte_resumes_to_last_whole_entry(tmp_path):
    p = tmp_path / "t.journal"
    states, mlog = make_journal(p, moves=40)
    data = p.read_bytes()
    sc = jm.scan(data)
    assert sc.problem is None and len(sc.records) == 2 + 40
    first = sc.offsets[-3]
    for cut in range(first, len(data) + 1):
        q = tmp_path / "cut.journal"
        q.write_bytes(data[:cut])
        res = jm.load_resume(q, repair=False)
        whole = sum(1 for o in sc.offsets if o < cut and o + 8 + struct.unpack_from(">I", data, o)[0] <= cut)
        seq = whole - 2  # host record and match header are not game entries
        assert res.entries == whole
        assert res.log.seq == seq
        assert same_table(res.state, states[seq])
        if cut in sc.offsets or cut == len(data):
            assert res.damage is None and not res.warnings
        else:  # never silently
            assert "cut off" in res.damage
            assert res.warnings and "last whole entry" in res.warnings[0] and f"entry {whole}" in res.warnings[0]
            assert res.good_bytes == (sc.offsets[whole] if whole < len(sc.offsets) else len(data))


def test_corrupted_entry_resumes_before_it_keeps_a_copy_and_appends_cleanly(tmp_path):
    p = tmp_path / "t.journal"
    states, mlog = make_journal(p, moves=50)
    data = bytearray(p.read_bytes())
    sc = jm.scan(bytes(data))
    k = 30  # record index 30 = game entry 29
    data[sc.offsets[k] + 12] ^= 0x5A
    p.write_bytes(bytes(data))
    res = jm.load_resume(p)
    assert "checksum" in res.damage and f"entry {k + 1}" in res.damage
    assert res.entries == k and res.log.seq == k - 2
    assert same_table(res.state, states[k - 2])
    copies = list(tmp_path.glob("t.journal.damaged-*"))
    assert len(copies) == 1 and copies[0].read_bytes() == bytes(data)
    assert str(copies[0]) in res.warnings[0]
    # reopening cuts the damaged tail; new entries follow the last whole one
    j = jm.Journal.reopen(p, res.good_bytes, res.entries)
    j.follow(res.log)
    s = res.state
    m = engine.legal_moves(s)[0]
    res.log.move(s.to_move, engine.move_to_wire(m))
    j.close()
    again = jm.load_resume(p)
    assert again.damage is None and again.log.seq == k - 1
    assert p.stat().st_size == res.good_bytes + len(jm.encode_record(res.log.entries[-1]))


def test_impossible_length_and_undecodable_and_illegal_entries(tmp_path):
    p = tmp_path / "t.journal"
    states, mlog = make_journal(p, moves=20)
    good = p.read_bytes()
    # a huge length field
    p.write_bytes(good + struct.pack(">II", 0xFFFFFFF0, 0) + b"xx")
    res = jm.load_resume(p, repair=False)
    assert "impossible length" in res.damage and res.log.seq == 20
    # a body with a good checksum that is not msgpack
    body = b"\xc1\xc1"
    p.write_bytes(good + struct.pack(">II", len(body), zlib.crc32(body)) + body)
    res = jm.load_resume(p, repair=False)
    assert "not readable" in res.damage and res.log.seq == 20
    # a well-formed entry that the rules refuse (the seat not on turn plays a card of its own)
    s = states[20]
    other = (s.to_move + 1) % s.n
    bad = {"k": "move", "seat": other, "move": {"kind": "play", "cards": [s.hands[other][0]], "ranks": []}}
    p.write_bytes(good + jm.encode_record(bad))
    res = jm.load_resume(p, repair=False)
    assert "does not apply" in res.damage and "entry 23" in res.damage
    assert res.log.seq == 20 and same_table(res.state, s)


def test_unusable_journals_give_clear_errors(tmp_path):
    p = tmp_path / "x.journal"
    p.write_bytes(b"GIF89a not a journal at all")
    with pytest.raises(jm.JournalError, match="not a Felt Club journal"):
        jm.load_resume(p)
    p.write_bytes(b"")
    with pytest.raises(jm.JournalError, match="no table"):
        jm.load_resume(p)
    with pytest.raises(jm.JournalError, match="does not exist"):
        jm.load_resume(tmp_path / "missing.journal")


def test_one_host_per_journal(tmp_path):
    p = tmp_path / "t.journal"
    j = jm.Journal.create(p)
    with pytest.raises(jm.JournalError, match="in use"):
        jm.Journal.reopen(p, len(jm.MAGIC), 0)
    j.close()
    jm.Journal.reopen(p, len(jm.MAGIC), 0).close()


def test_write_failure_is_loud_and_keeps_the_journal_consistent(tmp_path, monkeypatch, capsys):
    p = tmp_path / "t.journal"
    j = jm.Journal.create(p)
    j.append({"k": "host", "v": 1, "name": "T"})
    real = os.write

    def full(fd, data):
        if fd == j.fd:
            real(fd, data[:5])  # a partial write, then the disk is full
            raise OSError(28, "No space left on device")
        return real(fd, data)
    monkeypatch.setattr(jm.os, "write", full)
    j.append({"k": "match", "x": 1})
    monkeypatch.setattr(jm.os, "write", real)
    j.append({"k": "match", "x": 2})  # no gap: journaling has stopped
    j.close()
    err = capsys.readouterr().err
    assert "cannot write entry 2" in err and "No space left" in err
    assert j.failed
    sc = jm.scan(p.read_bytes())
    assert sc.problem is None and [r["k"] for r in sc.records] == ["host"]


def test_default_journal_lives_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("FELT_DATA_DIR", str(tmp_path))
    a = jm.default_journal_path()
    assert a.parent == tmp_path / "journals" and a.suffix == ".journal"
    with pytest.raises(jm.JournalError, match="no journal to resume"):
        jm.latest_journal()
    make_journal(a, moves=3)
    assert jm.latest_journal() == a


def test_every_result_is_on_disk_before_anyone_gets_it(tmp_path):
    """At every broadcast and every state sent on (re)connect, the journal file already holds
    the entry that produced it (read back from disk, as a crash would leave it)."""
    p = tmp_path / "host.journal"
    checks: list[tuple[int, int]] = []

    async def main():
        host = Host(HostConfig(interface="127.0.0.1", announce=False, bot_delay=0.0, auto_next=0.0, seed=3,
                               players=3, bots=1, rounds=2, start_when_full=True, journal=str(p)))
        real = host._do  # the server sending what the table produced

        def checked(action):
            msg = action[2] if action[0] in ("state", "send") else None
            if isinstance(msg, dict) and msg.get("t") == "state":
                mlog = jm.MatchLog.from_records(_last_match(jm.scan(p.read_bytes()).records))
                checks.append((msg["seq"], mlog.seq))
            return real(action)
        host._do = checked
        await host.start()
        bots = [BotClient("127.0.0.1", host.port, f"B{i}", level="easy", seed=i) for i in range(2)]
        await asyncio.wait_for(asyncio.gather(*(b.run() for b in bots)), 60)
        await host.stop()
        return bots

    bots = asyncio.run(main())
    assert len(checks) > 50
    assert all(mem == disk for mem, disk in checks), [c for c in checks if c[0] != c[1]][:5]
    assert all(b.last_view["phase"] == "match_over" for b in bots)
    res = jm.load_resume(p)
    assert res.damage is None and res.state.phase == "match_over"
    assert res.log.seq == checks[-1][0]


def _last_match(records):
    i = max(k for k, r in enumerate(records) if r["k"] == "match")
    return [r for r in records[i:] if r["k"] != "host"]


def test_cli_resume_of_a_damaged_journal_says_so_and_serves_the_table(tmp_path):
    p = tmp_path / "t.journal"
    states, mlog = make_journal(p, moves=45)
    data = p.read_bytes()
    p.write_bytes(data[:-7])  # the last entry is cut off
    env = dict(os.environ, PYTHONPATH=str(ROOT), FELT_DATA_DIR=str(tmp_path / "data"))
    proc = subprocess.Popen([sys.executable, "-m", "felt.cli", "host", "--headless", "--resume", str(p),
                             "--no-announce", "--interface", "127.0.0.1", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    try:
        lines = []
        while True:
            line = proc.stdout.readline()
            assert line, proc.stderr.read()
            lines.append(line)
            if " at 127.0.0.1:" in line:
                break
        port = int(line.split(" at 127.0.0.1:")[1].split()[0])
        assert any("resuming table 'Stammtisch'" in x and "44 game entries" in x for x in lines), lines

        async def client():
            c = await RawClient.connect(port)
            w = await c.hello("P2 again", token="token-2")
            assert w["t"] == "welcome" and w["seat"] == 2 and w["table"] == "Stammtisch"
            st = await c.expect("state")
            await c.close()
            return st
        st = asyncio.run(client())
        assert st["seq"] == 44
        assert st["view"] == _norm(engine.view(states[44], 2))  # the same hand, turn, pile, places
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=10)
    assert "is damaged" in err and "cut off" in err and "last whole entry (entry 46" in err, err
    assert list(tmp_path.glob("t.journal.damaged-*"))


def test_cli_resume_without_a_journal_fails_clearly(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), FELT_DATA_DIR=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "felt.cli", "host", "--headless", "--resume",
                        "--no-announce", "--interface", "127.0.0.1"],
                       capture_output=True, text=True, env=env, timeout=30)
    assert r.returncode == 2 and "no journal to resume" in r.stderr


def test_the_one_place_makes_a_resumed_tables_config_from_its_journal(tmp_path, monkeypatch, capsys):
    """Every way of resuming goes through felt.net.tableconfig: the journal's settings, what
    the command line gives on top, and the data folder's files where the journal names none."""
    from felt.net.tableconfig import data_defaults, resume_fields, table_config
    monkeypatch.setenv("FELT_DATA_DIR", str(tmp_path))
    p = tmp_path / "t.journal"
    states, mlog = make_journal(p, moves=12)
    f = resume_fields(p, interface="127.0.0.1", no_announce=True)
    assert f["journal"] == str(p) and f["resume"].log.seq == 12 and f["name"] == "Stammtisch"
    assert f["admin_token"] == "admin-secret" and f["announce"] is False and f["players"] == 4
    config = table_config(f, {"journal": str(tmp_path / "other.journal")})
    assert config.journal == str(p)                       # a resumed table goes on in its own journal
    assert config.replays == str(tmp_path / "replays")    # (this journal predates recording them)

    async def main():
        host = await Host(config).start()
        try:
            assert host.seq == 12 and same_table(host.state, states[12])
            assert [s.token for s in host.seats] == [f"token-{i}" for i in range(4)]
        finally:
            await host.stop()
    asyncio.run(main())
    assert "resuming table 'Stammtisch'" in capsys.readouterr().out
    assert Path(data_defaults()["journal"]).parent == tmp_path / "journals"


def test_a_table_that_dies_in_its_lobby_comes_back_with_its_players_seats(tmp_path):
    p = tmp_path / "lobby.journal"

    async def main():
        host = await Host(HostConfig(name="Vorabend", interface="127.0.0.1", announce=False, players=3,
                                     rules="P52", bot_delay=0.0, auto_next=0.0, start_when_full=True,
                                     journal=str(p))).start()
        port = host.port
        a, b = await RawClient.connect(port), await RawClient.connect(port)
        wa = await a.hello("Anna", seat=2)
        wb = await b.hello("Beat")
        assert (wa["seat"], wb["seat"]) == (2, 0)
        # a crash: no goodbye
        host._sweeper.cancel()
        host.server.close()
        for c in list(host.conns):
            c.transport.abort()
        host.journal.close()
        await asyncio.sleep(0.05)

        res = jm.load_resume(p)
        assert res.log is None and "lobby, 2 players' seats kept" in res.messages[0]
        host2 = await Host(HostConfig(interface="127.0.0.1", announce=False, port=port, journal=str(p),
                                      resume=res, start_when_full=True, bot_delay=0.0, auto_next=0.0)).start()
        assert host2.table_name == "Vorabend" and host2.template == "P52" and host2.state is None
        assert [(s.kind, s.name) for s in host2.seats] == [("human", "Beat"), ("empty", ""), ("human", "Anna")]
        a2 = await RawClient.connect(port)
        w = await a2.hello("Anna", token=wa["token"])
        assert w["t"] == "welcome" and w["seat"] == 2
        b2 = await RawClient.connect(port)
        w = await b2.hello("Beat", token=wb["token"])
        assert w["t"] == "welcome" and w["seat"] == 0
        c = await RawClient.connect(port)
        assert (await c.hello("Cla"))["seat"] == 1
        st = await c.expect("state")  # full: the match starts with the three of them
        assert st["view"]["seat"] == 1 and st["view"]["rules"]["id"] == "P52"
        for x in (a2, b2, c):
            await x.close()
        await host2.stop()
    asyncio.run(main())


def test_resume_into_another_journal_file(tmp_path):
    p, q = tmp_path / "old.journal", tmp_path / "new.journal"
    states, mlog = make_journal(p, moves=33)

    async def main():
        res = jm.load_resume(p)
        host = await Host(HostConfig(interface="127.0.0.1", announce=False, journal=str(q), resume=res)).start()
        await host.stop()
    asyncio.run(main())
    again = jm.load_resume(q)
    assert again.damage is None and again.log.seq == 33 and same_table(again.state, states[33])
    assert again.host["admin_token"] == "admin-secret"
    assert jm.load_resume(p).entries == 2 + 33  # the old file is left as it was


def test_resuming_the_journal_of_a_host_that_still_runs_is_refused_up_front(tmp_path, capsys, monkeypatch):
    """`felt host --resume FILE` while FILE's host still ran first bound another port ('the
    resumed table listens on another port') and only then found the journal locked. The lock
    is now checked before anything is read, repaired or bound."""
    from felt import cli
    from felt.net import host as host_mod
    path = tmp_path / "t.journal"

    async def main():
        h = await Host(HostConfig(interface="127.0.0.1", announce=False, journal=str(path))).start()
        started = []
        monkeypatch.setattr(host_mod.Host, "start", lambda self: started.append(1))
        rc = await asyncio.get_running_loop().run_in_executor(None, lambda: cli.main(
            ["host", "--headless", "--interface", "127.0.0.1", "--no-announce", "--resume", str(path)]))
        await h.stop()
        return rc, started
    rc, started = asyncio.run(main())
    out, err = capsys.readouterr()
    assert rc == 2 and started == []
    assert err.strip() == f"felt host: journal {path} is in use by another running host"
    assert "resuming" not in out


def test_a_resumed_table_gives_a_player_who_comes_back_the_rounds_log_so_far(tmp_path):
    """The log of the round in play survives the host's crash: what a player who reconnects to
    the resumed table gets as ``past`` is the round's events from the deal on, as a reconnect to
    the host that never died gives it."""
    p = tmp_path / "t.journal"
    states, mlog = make_journal(p, n=4, moves=30)
    res = jm.load_resume(p)
    s = res.state
    # what the round in play did, replayed by hand: the deal (or next round) and its moves
    want: list = []
    state, events = engine.new_match(load_rules("PR-002"), 4, 7, 2)
    want = list(events)
    for e in mlog.entries:
        rnd = state.round_no
        if e["k"] == "move":
            state, events = engine.apply(state, e["seat"], engine.move_from_wire(e["move"]))
        elif e["k"] == "next_round":
            state, events = engine.next_round(state)
        else:
            continue
        if state.round_no != rnd:
            want = []
        want.extend(events)
    assert res.past == want and any(ev.get("type") == "play" for ev in res.past), [ev.get("type") for ev in res.past][:8]

    async def main():
        host = await Host(HostConfig(interface="127.0.0.1", announce=False, journal=str(p), resume=res,
                                     bot_delay=0.0, reconnect_wait=60.0)).start()
        c = await RawClient.connect(host.port)
        w = await c.hello("P1", token="token-1")
        assert w["seat"] == 1
        st = await c.expect("state")
        assert st.get("past"), "the reconnecting player's log has the round so far"
        assert len(st["past"]) == len(host.table.past) >= len([ev for ev in want if ev.get("type") == "play"])
        await c.close()
        await host.stop()
    asyncio.run(main())

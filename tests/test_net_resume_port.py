"""A resumed host comes back as it was: table options changed during the match are in the
journal (SIGKILL, `felt host --resume`), and clients find a table whose old port is taken
at its new port through mDNS (loopback only), by the table id in its TXT record."""
from __future__ import annotations

import asyncio
import hashlib
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
import time

from felt.net import journal as jm
from felt.net.client import ClientThread
from felt.net.host import Host, HostConfig
from felt.net.soak import host_env
from felt.net.testing import RawClient
from felt.games.praesident.rules import load_rules


class HostProc:
    """`felt host --headless` in a subprocess; its output read by a thread."""

    def __init__(self, args: list[str], env: dict):
        self.proc = subprocess.Popen([sys.executable, "-m", "felt.cli", "host", "--headless", "--interface",
                                      "127.0.0.1", *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     env=env, text=True)
        self.lines: list[str] = []
        self._ready = threading.Event()
        self.port = 0
        self.admin = ""
        threading.Thread(target=self._read, daemon=True).start()
        assert self._ready.wait(30), "host did not start: " + "".join(self.lines)
        assert self.port, "host exited before listening: " + "".join(self.lines)

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line)
            if " at 127.0.0.1:" in line:
                self.port = int(line.split(" at 127.0.0.1:")[1].split()[0])
            if line.startswith("admin token: "):
                self.admin = line.split(": ", 1)[1].strip()
                self._ready.set()
        self._ready.set()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        return "".join(self.lines)


NEW_OPTIONS = {"turn_timer": 42, "reconnect_wait": 55, "bot_level": "easy", "bot_delay": 0.25, "auto_next": 7}


def test_options_changed_during_a_match_survive_sigkill_and_resume(tmp_path):
    env = dict(host_env(), FELT_DATA_DIR=str(tmp_path))
    j = tmp_path / "t.journal"
    first = HostProc(["--no-announce", "--name", "Alt", "--port", "0", "--players", "3", "--bots", "2",
                      "--rounds", "3", "--seed", "5", "--start-when-full", "--bot-delay", "0.003",
                      "--reconnect-wait", "30", "--journal", str(j)], env)
    second = None
    try:
        async def change():
            o = await RawClient.connect(first.port)
            w = await o.hello("Owner", token=first.admin)
            assert w["admin"] and w["seat"] is not None
            me = w["seat"]

            async def my_move() -> int:
                """Wait for our turn (the bots play theirs), move; the seq after our move."""
                while True:
                    st = await o.expect("state")
                    v = st["view"]
                    if v["to_move"] == me and v["legal"] and not any(m["t"] == "state" for m in o.inbox):
                        o.send({"t": "move", "move": v["legal"][0], "seq": st["seq"]})
                        return (await o.expect("state", where=lambda m: m["seq"] > st["seq"]))["seq"]

            await my_move()  # the match runs (the bots fill the other seats)
            o.send({"t": "set_options", **NEW_OPTIONS, "name": "Neu"})
            lobby = await o.expect("lobby", where=lambda m: m["table"] == "Neu")
            assert lobby["running"] and lobby["options"]["turn_timer"] == 42
            seq = await my_move()  # more moves after the change
            await o.close()
            return me, seq
        seat, seq = asyncio.run(asyncio.wait_for(change(), 30))
        first.kill()  # the lobby message came after the journal's fdatasync: the change is on disk

        res = jm.load_resume(j)
        assert res.damage is None and res.log is not None and res.name == "Neu"
        assert res.log.seq >= seq >= 2  # the mid-match settings record did not end the match log
        assert {k: res.options[k] for k in NEW_OPTIONS} == NEW_OPTIONS
        second = HostProc(["--no-announce", "--resume", str(j)], env)
        assert second.port == first.port and second.admin == first.admin

        async def back():
            o = await RawClient.connect(second.port)
            w = await o.hello("Owner", token=second.admin)
            assert w["seat"] == seat and w["table"] == "Neu"
            lobby = await o.expect("lobby")
            assert lobby["running"] and lobby["table"] == "Neu"
            assert {k: lobby["options"][k] for k in NEW_OPTIONS} == NEW_OPTIONS
            st = await o.expect("state")
            # the restored turn timer runs for us (the match waits for the owner's move)
            assert st["view"]["to_move"] != seat or st["timer"]["total"] == 42
            await o.close()
        asyncio.run(asyncio.wait_for(back(), 30))
        out = second.stop()
        assert "resuming table 'Neu'" in out
    finally:
        for h in (first, second):
            if h is not None:
                h.stop()


def test_a_journal_without_settings_records_resumes_with_its_host_records_options(tmp_path):
    """Journals of earlier versions: settings only in host and lobby records."""
    p = tmp_path / "old.journal"
    rules = load_rules("PR-002")
    j = jm.Journal.create(p)
    j.append({"k": "host", "v": 1, "name": "Stammtisch", "port": 0, "admin_token": "admin-secret",
              "options": {"reconnect_wait": 12.0, "turn_timer": 9.0}, "rules": rules.to_dict(), "config": {}})
    seats = [{"seat": i, "name": f"P{i}", "kind": "human", "token": f"token-{i}", "level": None,
              "owner": False, "auto": False} for i in range(3)]
    from felt.net.matchlog import MatchLog
    j.write_match(MatchLog.start(rules, 3, 7, 2, seats, table="Stammtisch", template="PR-002", match=1))
    j.close()
    res = jm.load_resume(p)
    assert res.damage is None and res.name == "Stammtisch"
    assert res.options == {"reconnect_wait": 12.0, "turn_timer": 9.0}

    async def main():
        host = await Host(HostConfig(interface="127.0.0.1", announce=False, journal=str(p), resume=res)).start()
        assert host.options["turn_timer"] == 9.0 and host.options["reconnect_wait"] == 12.0
        await host.stop()
    asyncio.run(main())
    again = jm.load_resume(p)  # the new port's host record carries the same settings
    assert again.damage is None and again.options["turn_timer"] == 9.0 and again.options["reconnect_wait"] == 12.0


class PortBlocker:
    """Another program on the table's old port: it accepts connections and drops them at once."""

    def __init__(self, port: int):
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # the dead host's TIME_WAITs
        self.sock.bind(("127.0.0.1", port))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.accepted = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                c, _ = self.sock.accept()
            except OSError:
                continue
            self.accepted += 1
            c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset
            c.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self.sock.close()


def test_a_client_finds_its_resumed_table_at_a_new_port_by_mdns(tmp_path):
    """The host dies (kill -9); another program takes its port; `felt host --resume` listens on
    another port and announces the same table id (loopback only). The pygame client's
    ClientThread finds it there and gets its seat and hand back with its token."""
    env = dict(host_env(), FELT_DATA_DIR=str(tmp_path))
    j = tmp_path / "t.journal"
    name = f"Umzug {os.getpid()}"
    first = HostProc(["--name", name, "--port", "0", "--players", "3", "--bots", "2", "--rounds", "3",
                      "--seed", "5", "--start-when-full", "--bot-delay", "0.003", "--reconnect-wait", "30",
                      "--journal", str(j)], env)
    ct = ClientThread("127.0.0.1", first.port, "Anna").start()
    second = blocker = None
    try:
        def wait_state(pred, timeout=30.0):
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                for m in ct.poll():
                    if m["t"] == "state" and pred(m):
                        return m
                time.sleep(0.01)
            raise AssertionError(f"no such state; client {ct.status} ({ct.reason})")

        mine = wait_state(lambda m: m["view"]["to_move"] == m["view"]["seat"] and m["view"]["legal"])
        table_id = hashlib.sha256(b"felt-table-id\0" + first.admin.encode()).hexdigest()[:16]
        assert ct._client.table_id == table_id and table_id not in first.admin
        seat, hand, at = ct.seat, sorted(mine["view"]["hand"]), mine["seq"]
        # on turn: the host waits for us. It dies, and another program takes its port.
        first.kill()
        blocker = PortBlocker(first.port)
        second = HostProc(["--resume", str(j)], env)
        assert second.port != first.port and second.admin == first.admin
        got = wait_state(lambda m: True)
        assert ct.status == "connected" and ct.port == second.port and ct.seat == seat
        assert got["seq"] == at and sorted(got["view"]["hand"]) == hand and got["view"]["to_move"] == seat
        assert ct._client.relocations == 1 and blocker.accepted >= 1  # it tried the old port first
        # and plays on at the new port
        v = got["view"]
        assert ct.send({"t": "move", "move": v["legal"][0], "seq": got["seq"]})
        wait_state(lambda m: m["seq"] > at)
        out = second.stop()
        assert "listens on another port" in out and f"resuming table '{name}'" in out
    finally:
        ct.close()
        for h in (first, second):
            if h is not None:
                h.stop()
        if blocker is not None:
            blocker.close()


def test_the_table_id_is_in_the_txt_and_the_welcome_only_when_announced():
    async def main():
        quiet = await Host(HostConfig(interface="127.0.0.1", announce=False, players=3)).start()
        c = await RawClient.connect(quiet.port)
        w = await c.hello("Anna")
        assert w["t"] == "welcome" and "table_id" not in w
        txt = quiet._txt()
        assert txt["id"] == quiet.table_id and len(quiet.table_id) == 16
        assert quiet.admin_token not in str(txt)
        other = Host(HostConfig(interface="127.0.0.1", announce=False, admin_token=quiet.admin_token))
        assert other.table_id == quiet.table_id  # the same admin token (a resume): the same id
        assert Host(HostConfig(announce=False)).table_id != quiet.table_id
        await c.close()
        await quiet.stop()
    asyncio.run(main())


def test_bot_delay_given_on_the_command_line_wins_over_the_journal(tmp_path):
    """`felt host --resume F --bot-delay S`: the journal's own bot_delay used to win."""
    import argparse
    p = tmp_path / "x.journal"

    async def first():
        h = await Host(HostConfig(interface="127.0.0.1", announce=False, players=3, bot_delay=0.7,
                                  turn_timer=5, journal=str(p))).start()
        await h.stop()
    asyncio.run(first())
    ns = argparse.Namespace(resume=str(p), journal=None, interface="127.0.0.1", port=0, no_announce=True,
                            bot_delay=0.01, start_when_full=False)
    host = Host(jm.resume_config(ns, say=lambda m: None))
    assert host.options["bot_delay"] == 0.01 and host.options["turn_timer"] == 5

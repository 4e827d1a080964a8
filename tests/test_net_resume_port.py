"""A resumed host comes back as it was: table options changed during the match are in the
journal (SIGKILL, `felt host --resume`), and clients find a table whose old port is taken
at its new port through mDNS (loopback only), by the table id in its TXT record."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time

from felt.net import journal as jm
from felt.net.host import Host, HostConfig
from felt.net.soak import host_env
from felt.net.testing import RawClient
from felt.rules import load_rules


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

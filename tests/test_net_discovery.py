"""mDNS discovery on loopback only: a host appears with its TXT data, updates when a seat
fills, and disappears when it stops. Also the UI's TableBrowser and `felt discover --json`."""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from felt.net.discovery import Browser, TableBrowser
from felt.net.schema import PROTOCOL_VERSION
from felt.net.host import Host, HostConfig
from felt.net.testing import RawClient

ROOT = Path(__file__).resolve().parent.parent


async def wait_for(pred, timeout: float = 8.0, step: float = 0.05):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        r = pred()
        if r:
            return r
        await asyncio.sleep(step)
    return pred()


def mine(tables, port):
    return next((t for t in tables if t["port"] == port), None)


def test_announce_update_withdraw_on_loopback():
    async def main():
        browser = Browser(interface="127.0.0.1")
        await browser.start()
        host = await Host(HostConfig(name="Stammtisch Ost", interface="127.0.0.1", players=4, bots=1,
                                     rules="JASS36", bot_delay=0, announce=True)).start()
        t = await wait_for(lambda: mine(browser.tables(), host.port))
        assert t, "table not discovered"
        assert t["name"] == "Stammtisch Ost" and t["address"] == "127.0.0.1"
        assert t["template"] == "JASS36" and t["version"] == PROTOCOL_VERSION
        assert (t["seats_taken"], t["seats_free"], t["running"]) == (1, 3, False)
        # a seat fills: the TXT record follows
        c = await RawClient.connect(host.port)
        await c.hello("Mara")
        t = await wait_for(lambda: (x := mine(browser.tables(), host.port)) and x["seats_taken"] == 2 and x)
        assert t and (t["seats_taken"], t["seats_free"]) == (2, 2)
        await host.stop()
        gone = await wait_for(lambda: mine(browser.tables(), host.port) is None)
        assert gone, "table still listed after the host stopped"
        await browser.close()

    asyncio.run(asyncio.wait_for(main(), 40))


def test_table_browser_thread_and_discover_command():
    async def main():
        host = await Host(HostConfig(name="Küchentisch", interface="127.0.0.1", players=3,
                                     bot_delay=0, announce=True)).start()
        loop = asyncio.get_running_loop()
        tb = TableBrowser(interface="127.0.0.1").start()
        try:
            t = await wait_for(lambda: mine(tb.tables(), host.port))
            assert t and t["name"] == "Küchentisch"
            assert set(t) >= {"name", "address", "port", "template", "seats_taken", "seats_free", "version",
                              "running"}
            env = dict(os.environ, PYTHONPATH=str(ROOT))
            proc = await loop.run_in_executor(None, lambda: subprocess.run(
                [sys.executable, "-m", "felt.cli", "discover", "--interface", "127.0.0.1", "--timeout", "5",
                 "--json"], capture_output=True, text=True, env=env, timeout=30))
            assert proc.returncode == 0, proc.stderr
            found = mine(json.loads(proc.stdout), host.port)
            assert found and found["name"] == "Küchentisch" and found["seats_free"] == 3
            assert found["game"] == "praesident" and t["game"] == "praesident"  # the game is announced
        finally:
            await loop.run_in_executor(None, tb.close)
            await host.stop()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_headless_host_ctrl_c_withdraws_announcement():
    import re
    import signal

    async def main():
        browser = Browser(interface="127.0.0.1")
        await browser.start()
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        proc = subprocess.Popen(
            [sys.executable, "-m", "felt.cli", "host", "--headless", "--interface", "127.0.0.1",
             "--name", "Ctrl-C table", "--players", "3"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        try:
            loop = asyncio.get_running_loop()
            line = await loop.run_in_executor(None, proc.stdout.readline)
            port = int(re.search(r":(\d+) ", line).group(1))
            t = await wait_for(lambda: mine(browser.tables(), port))
            assert t and t["name"] == "Ctrl-C table" and t["seats_free"] == 3
            proc.send_signal(signal.SIGINT)
            out, err = await loop.run_in_executor(None, lambda: proc.communicate(timeout=20))
            assert proc.returncode == 0, err
            assert "announcement withdrawn" in out
            assert await wait_for(lambda: mine(browser.tables(), port) is None, timeout=3), \
                "announcement not withdrawn"
        finally:
            if proc.poll() is None:
                proc.kill()
            await browser.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_table_whose_host_died_without_goodbye_is_hidden_then_comes_back():
    """mDNS keeps a SIGKILLed host's records for many minutes; the live browser probes the
    tables it lists and hides one that refuses connections, and lists it again once it
    answers (a resumed host), all without a goodbye or a new announcement."""
    import socket

    from felt.net.discovery import Announcer, make_txt

    def listener(port: int = 0) -> socket.socket:
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port))
        s.listen(4)
        return s

    async def main():
        srv = listener()
        port = srv.getsockname()[1]
        ann = Announcer("Gartentisch", port, interface="127.0.0.1")
        await ann.start(make_txt("Gartentisch", "PR-002", 1, 3, False))
        browser = Browser(interface="127.0.0.1", probe_every=0.2)
        await browser.start()
        try:
            assert await wait_for(lambda: mine(browser.tables(), port)), "table not discovered"
            await asyncio.sleep(0.6)                       # probes of a living table keep it listed
            assert mine(browser.tables(), port)
            srv.close()                                    # the host process dies: no goodbye
            assert await wait_for(lambda: mine(browser.tables(), port) is None), "dead table still listed"
            assert any(t["port"] == port for t in browser.hidden.values())
            srv = listener(port)                           # resumed on the same port
            assert await wait_for(lambda: mine(browser.tables(), port)), "resumed table not listed again"
            assert not any(t["port"] == port for t in browser.hidden.values())  # (other tests' hosts may come and go)
            await ann.close()                              # a real goodbye removes it for good
            assert await wait_for(lambda: mine(browser.tables(), port) is None)
            assert not any(t["port"] == port for t in browser.hidden.values())  # (other tests' hosts may come and go)
        finally:
            srv.close()
            await browser.close()
            await ann.close()

    asyncio.run(asyncio.wait_for(main(), 40))


def test_a_silent_table_is_hidden_after_two_missed_probes(monkeypatch):
    """A host machine that vanished (no answer at all, not even a refusal) is hidden after
    PROBE_MISSES timeouts in a row; one timeout alone is not enough (a busy host)."""
    from felt.net import discovery

    answers: list = []

    async def fake_reachable(address, port, timeout=discovery.PROBE_TIMEOUT):
        return answers.pop(0)

    monkeypatch.setattr(discovery, "reachable", fake_reachable)

    async def main():
        b = Browser(interface="127.0.0.1")               # no mDNS needed: probe() directly
        table = {"name": "T", "address": "127.0.0.1", "port": 9, "service": "T._felt._tcp.local."}
        b.found[table["service"]] = dict(table)
        answers.extend([None, True, None])
        await b.probe()
        await b.probe()
        await b.probe()
        assert b.tables(), "a miss, an answer and a miss: still listed"
        answers.extend([None])
        await b.probe()
        assert not b.tables() and b.hidden
        answers.extend([True])
        await b.probe()
        assert b.tables() and not b.hidden

    asyncio.run(main())

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
        assert t["template"] == "JASS36" and t["version"] == 1
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
                [sys.executable, "-m", "felt.cli", "discover", "--interface", "127.0.0.1", "--timeout", "2",
                 "--json"], capture_output=True, text=True, env=env, timeout=30))
            assert proc.returncode == 0, proc.stderr
            found = mine(json.loads(proc.stdout), host.port)
            assert found and found["name"] == "Küchentisch" and found["seats_free"] == 3
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

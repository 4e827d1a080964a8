"""Hosting the way the window and `felt host` do by default (no port, no interface): the
table must answer at the port it announces, over IPv4 and IPv6, every time.
mDNS announces on 127.0.0.1 only; every connection goes to loopback."""
from __future__ import annotations

import asyncio
import socket

import pytest

from felt.net.discovery import Browser
from felt.net.host import Host, HostConfig
from felt.net.testing import RawClient
from tests.helpers import run

HOSTS = 10


def _ipv6_loopback() -> bool:
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


async def _announced(browser: Browser, table_id: str, timeout: float = 15.0) -> dict:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        t = next((x for x in browser.tables() if x["id"] == table_id), None)
        if t:
            return t
        await asyncio.sleep(0.05)
    raise AssertionError(f"table {table_id} was not announced within {timeout} s")


async def _welcome_at(address: str, port: int) -> dict:
    c = await RawClient.connect(port, address)
    try:
        return await c.hello("Gast", spectator=True)
    finally:
        await c.close()


def _default_hosts(tmp_path, addresses: list[str]) -> None:
    async def main():
        browser = Browser(interface="127.0.0.1")
        await browser.start()
        hosts = []
        try:
            for i in range(HOSTS):
                # defaults of `felt host` and "Tisch eröffnen": no port, no interface (bind to all)
                cfg = HostConfig(name=f"Default {i}", players=3, announce_interface="127.0.0.1",
                                 journal=str(tmp_path / f"t{i}.journal"))
                assert cfg.port == 0 and cfg.interface is None and cfg.bind is None
                hosts.append(await Host(cfg).start())
            for h in hosts:
                t = await _announced(browser, h.table_id)
                assert t["address"] == "127.0.0.1" and t["port"] == h.port and t["game"] == "praesident"
                for addr in addresses:
                    w = await _welcome_at(addr, t["port"])
                    assert w["t"] == "welcome", f"{addr} port {t['port']}: {w}"
                    assert w["table"] == h.table_name
        finally:
            for h in hosts:
                await h.stop()
            await browser.close()

    run(main(), 90)


def test_default_host_answers_on_ipv4_at_the_announced_port(tmp_path):
    _default_hosts(tmp_path, ["127.0.0.1"])


@pytest.mark.skipif(not _ipv6_loopback(), reason="this machine has no IPv6 on loopback (::1 cannot be bound), "
                                                 "so the IPv6 half of the default-hosting test cannot run")
def test_default_host_answers_on_ipv6_at_the_announced_port(tmp_path):
    _default_hosts(tmp_path, ["::1", "127.0.0.1"])


def test_one_listening_socket_serves_both_families():
    """Without a bind address the host listens once, on one port, for both families."""
    async def main():
        h = await Host(HostConfig(players=3, announce=False)).start()
        try:
            assert len(h.server.sockets) == 1
            fam = h.server.sockets[0].family
            assert fam in (socket.AF_INET, socket.AF_INET6)
            if _ipv6_loopback():
                assert fam == socket.AF_INET6
                assert (await _welcome_at("::1", h.port))["t"] == "welcome"
            assert (await _welcome_at("127.0.0.1", h.port))["t"] == "welcome"
            # small state messages go out at once: TCP_NODELAY on the accepted connection
            # (asyncio sets it only for sockets made with proto IPPROTO_TCP; without it every
            # update waited ~40 ms for Nagle and delayed ACKs)
            c = await RawClient.connect(h.port)
            await c.hello("Schnell", spectator=True)
            conn = next(iter(h.conns))
            sk = conn.transport.get_extra_info("socket")
            assert sk.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
            await c.close()
        finally:
            await h.stop()

    run(main(), 20)


def test_failed_start_leaves_no_journal(tmp_path):
    """A host whose port is taken fails to start, and leaves no journal file behind."""
    async def main():
        blocker = socket.create_server(("127.0.0.1", 0))
        port = blocker.getsockname()[1]
        path = tmp_path / "never.journal"
        try:
            with pytest.raises(OSError):
                await Host(HostConfig(players=3, announce=False, interface="127.0.0.1", port=port,
                                      journal=str(path))).start()
            assert not path.exists()
            # and the next attempt in the same process (a free port) works
            h = await Host(HostConfig(players=3, announce=False, interface="127.0.0.1",
                                      journal=str(path))).start()
            assert path.exists()
            assert (await _welcome_at("127.0.0.1", h.port))["t"] == "welcome"
            await h.stop()
        finally:
            blocker.close()

    run(main(), 20)

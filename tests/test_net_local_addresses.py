"""The addresses a host announces: IPv4 only, loopback left out unless it is all there is."""
from __future__ import annotations

import socket
from types import SimpleNamespace

import ifaddr

from felt.net import discovery


def _adapter(*ips):
    return SimpleNamespace(ips=[SimpleNamespace(ip=ip) for ip in ips])


def test_announces_ipv4_without_loopback_or_ipv6(monkeypatch):
    fake = [_adapter("127.0.0.1", ("::1", 0, 0)), _adapter("192.0.2.7", ("fe80::1", 0, 2)),
            _adapter("198.51.100.3", "192.0.2.7")]
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: fake)
    assert discovery.local_addresses() == ["192.0.2.7", "198.51.100.3"]
    # a chosen interface is announced as given
    assert discovery.local_addresses("192.0.2.9") == ["192.0.2.9"]


def test_only_loopback_falls_back_to_it(monkeypatch):
    monkeypatch.setattr(ifaddr, "get_adapters", lambda: [_adapter("127.0.0.1", ("::1", 0, 0))])
    assert discovery.local_addresses() == ["127.0.0.1"]


def test_this_machine_gives_dotted_ipv4_addresses():
    addrs = discovery.local_addresses()
    assert addrs and len(addrs) == len(set(addrs))
    for a in addrs:
        socket.inet_aton(a)  # raises on anything but a dotted IPv4 address
        assert a.count(".") == 3

"""Small things someone else on the Wi-Fi could use (issue 42, point 6): what /check tells,
what reaches the owner's terminal, who may read the data folder, what a missing session
folder prints, what a page's ``state`` names. Loopback only."""
from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from felt.net import gateway as gw
from felt.net.host import HostConfig, HostThread
from felt.net.launcher import Launcher, can_fork
from felt.net.soak import host_env
from felt.net.termtext import SafeLines, terminal_text
from tests.helpers import run
from tests.phone_helpers import Phone

ROOT = Path(__file__).resolve().parent.parent
C1_OR_C0 = [chr(c) for c in list(range(0x20)) + list(range(0x7f, 0xa0))]


@pytest.fixture(scope="module")
def host():
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=1, seed=5,
                               rules="PR-002")).start()
    yield ht
    ht.stop()


def _get(port: int, target: str, headers: str = "", connect: str = "127.0.0.1") -> tuple[int, bytes]:
    with socket.create_connection((connect, port), timeout=5) as s:
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{headers}\r\n".encode()
                  if "Host:" not in headers else f"GET {target} HTTP/1.1\r\n{headers}\r\n".encode())
        data = b""
        while True:
            part = s.recv(65536)
            if not part:
                break
            data += part
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def _other_address() -> str | None:
    """An address of this machine that is not loopback (one the table's page on loopback must not own up to)."""
    import ipaddress
    for name in gw.own_hostnames():
        try:
            ip = ipaddress.ip_address(name)
        except ValueError:
            continue
        if ip.version == 4 and not ip.is_loopback:
            return name
    return None


def test_check_answers_about_the_asking_pages_own_connection_only(host):
    port = host.host.gateway.port
    origin = f"http://127.0.0.1:{port}"
    mine, other = "a" * 32, "b" * 32
    # one device's WebSocket request without its Upgrade ...
    status, _ = _get(port, f"/ws?c={mine}")
    assert status == 426
    # ... is told to that page only: not to another page, nor to a request without a probe
    assert json.loads(_get(port, f"/check?origin={origin}&c={mine}")[1]) == {"ok": False, "why": "upgrade"}
    assert json.loads(_get(port, f"/check?origin={origin}&c={other}")[1]) == {"ok": True}
    assert json.loads(_get(port, f"/check?origin={origin}")[1]) == {"ok": True}
    # a request that came in at loopback learns nothing of the machine's other addresses
    addr = _other_address()
    if addr is None:
        pytest.skip("this machine has no address but loopback")
    assert addr in host.host.gateway._own_names()                       # the table's own, all told
    for h in (f"{addr}:{port}", f"localhost:{port}"):
        why = json.loads(_get(port, f"/check?origin=http://{h}", f"Host: {h}\r\n")[1])
        assert why["ok"] is (h.startswith("localhost")), (h, why)
    status, _ = _get(port, "/ws", f"Host: {addr}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n")
    assert status == 403


def test_text_from_requests_reaches_the_terminal_escaped_rate_limited_and_names_no_url(host, caplog):
    caplog.set_level(logging.WARNING, logger="felt.net.gateway")
    port = host.host.gateway.port
    gw._safe_lines.tokens = gw._safe_lines.burst
    host.host.gateway._logged.clear()
    for i in range(40):
        # an Origin of another site, with C1 and C0 bytes in it, and a Host that is not the table's
        raw = (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://evil{i}.example\x9b31m"
               "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode("latin-1")
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
            s.sendall(raw)
            while s.recv(65536):
                pass
        _get(port, "/ws", f"Host: evil{i}.example\x9b:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n")
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("felt.net.gateway")
             and r.levelno >= logging.WARNING]
    assert 1 <= len(lines) <= 2, lines                    # one line for each kind of refusal
    for line in lines:
        assert "evil" not in line and "--public-url http" not in line, line
        assert not any(c in line for c in C1_OR_C0), repr(line)
        assert "(from 127.0.0.1)" in line


def test_safe_lines_escape_control_characters_drop_tracebacks_and_keep_a_few_lines_a_minute():
    assert terminal_text("a\x1b[31mb\x9bc\u202ed\x07") == "a\\x1b[31mb\\x9bc\\u202ed\\x07"
    assert terminal_text("x" * 500, 10) == "x" * 10 + "…"
    logger = logging.getLogger("felt.test.safelines")
    logger.propagate = False
    got: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record):
            got.append(record)
    logger.addHandler(Keep())
    f = SafeLines(burst=3, every=3600.0)
    logger.addFilter(f)
    try:
        try:
            raise ValueError("from a request: \x1b]0;pwned\x07")
        except ValueError:
            logger.error("handshake failed for %s", "evil\x9b", exc_info=True)
        for i in range(50):
            logger.warning("line %d \x85", i)
        assert len(got) == 3 and f.dropped == 48
        first = got[0]
        assert first.exc_info is None and first.getMessage() == "handshake failed for evil\\x9b (ValueError)"
        assert all(not any(c in r.getMessage() for c in C1_OR_C0) for r in got)
        f.tokens = 1.0
        logger.warning("again")
        assert got[-1].getMessage() == "again (48 more such lines left out)"
    finally:
        logger.removeFilter(f)


def test_the_data_folder_and_its_files_are_for_the_owner_only(tmp_path):
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    os.chmod(data, 0o755)
    env = dict(host_env(), FELT_DATA_DIR=str(data), FELT_CONFIG_DIR=str(tmp_path / "cfg"))
    out = subprocess.run([sys.executable, "-m", "felt.cli", "host", "--headless", "--no-announce", "--interface",
                          "127.0.0.1", "--players", "3", "--bots", "3", "--start-when-full", "--rounds", "1",
                          "--bot-delay", "0", "--pace", "off", "--no-phones"], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    found = {p.relative_to(data).as_posix(): stat.S_IMODE(p.stat().st_mode) for p in data.rglob("*")}
    assert any(k.startswith("journals/") for k in found) and any(k.startswith("replays/") for k in found), found
    assert "evening.json" in found, found
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    for name, mode in found.items():
        want = 0o700 if (data / name).is_dir() else 0o600
        assert mode == want, f"{name}: {oct(mode)}"


@pytest.mark.skipif(not can_fork() or not os.path.isdir("/proc"), reason="no fork (or no /proc) here")
def test_a_child_whose_folder_is_gone_says_so_in_a_line_not_a_traceback(monkeypatch, tmp_path, capfd):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))          # (the zygote imports the tests' child)

    async def main():
        launcher = Launcher(zygote="felt.net.zygote")
        try:
            gone = tmp_path / "gone"
            child = await launcher.launch("tests.zygote_child", dict(os.environ, CHILD_DO="echo"), str(gone))
            assert await asyncio.wait_for(child.wait(), 20) == 1
        finally:
            await launcher.stop()

    run(main(), 60)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "felt zygote: no child in" in err, err


def test_a_renderer_whose_session_folder_went_starts_again_and_state_names_no_process(host, capfd):
    async def main():
        phone = await Phone(host.host.gateway.port).open()
        await phone.first_frame()
        st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
        s = host.host.gateway.session_of(phone.session)
        pid = s.proc.pid
        assert "pid" not in st and isinstance(st["renderer"], str) and st["renderer"] != str(pid)
        assert str(pid) not in json.dumps({k: v for k, v in st.items() if k != "t"})
        import shutil
        import signal
        shutil.rmtree(s.home)                          # (a cleaner of /tmp, say)
        os.kill(pid, signal.SIGKILL)
        st2 = await phone.wait(lambda x: x.get("renderer") not in (None, st["renderer"]), 30, "a new renderer")
        assert st2["scene"] == "PhoneJoinScene" and os.path.isdir(host.host.gateway.session_of(phone.session).home)
        await phone.close()

    run(main(), 60)
    assert "Traceback" not in capfd.readouterr().err

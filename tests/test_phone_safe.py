"""The phones' page on a shared Wi-Fi: what someone else on the same network can send to its
port gets a clean refusal, and never locks phones or players out: bad strings and numbers, a
duplicate Origin or Host, a page of another site resolving to the table (DNS rebinding),
methods other than GET and HEAD, pings beyond the rate limit, and a flood of idle connections.
Real hosts on loopback; hostile clients speak raw HTTP and WebSocket."""
from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from felt.net import gateway as gw
from felt.net.host import HostConfig, HostThread, raise_open_files_limit
from felt.net.soak import host_env
from felt.net.testing import RawClient
from tests.helpers import run
from tests.phone_helpers import Phone


def _host(**kw) -> HostThread:
    cfg = dict(interface="127.0.0.1", announce=False, players=3, bots=1, seed=5, bot_delay=0.3, rules="PR-002")
    cfg.update(kw)
    return HostThread(HostConfig(**cfg)).start()


@pytest.fixture(scope="module")
def host():
    ht = _host()
    yield ht
    ht.stop()


def _raw(port: int, request: bytes, timeout: float = 5.0) -> bytes:
    """Send raw bytes, read the answer until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(request)
        data = b""
        try:
            while True:
                part = s.recv(65536)
                if not part:
                    break
                data += part
        except socket.timeout:
            pass
    return data


def _status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0


def _upgrade(port: int, headers: str) -> bytes:
    return _raw(port, (f"GET /ws HTTP/1.1\r\n{headers}Upgrade: websocket\r\nConnection: Upgrade\r\n"
                       "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").encode(), 3)


async def _closed_with(port: int, messages: list[str]) -> tuple[int, str]:
    import websockets
    ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=None)
    try:
        for m in messages:
            await ws.send(m)
            await asyncio.sleep(0.05)
        while True:
            await asyncio.wait_for(ws.recv(), 10)
    except websockets.ConnectionClosed:
        pass
    return ws.close_code, ws.close_reason


HELLO = {"t": "hello", "session": None, "w": 390, "h": 844, "dpr": 2}


def test_text_that_cannot_be_encoded_is_refused_with_its_reason(host):
    port = host.host.gateway.port

    async def main():
        # JSON can carry a lone surrogate as an escape; it could not go on to a renderer
        for msgs in ([json.dumps(dict(HELLO, name="Ben\ud800"))],
                     [json.dumps(dict(HELLO, session="\udfff"))],
                     [json.dumps({"t": "\ud83d", "w": 1})],
                     [json.dumps(HELLO), json.dumps({"t": "text", "value": "hi \udc00"})],
                     [json.dumps(HELLO), json.dumps({"t": "key", "key": "\ud800"})]):
            code, reason = await _closed_with(port, msgs)
            assert code == 1008 and "Unicode" in reason, (msgs, code, reason)
        await asyncio.sleep(0.5)
        assert not [s for s in host.host.gateway.live_sessions() if s.ws is not None], "no session waits forever"

    run(main(), 60)


def test_numbers_out_of_range_are_refused_with_their_reason(host):
    port = host.host.gateway.port
    huge = "9" * 400

    async def main():
        for text, words in ((json.dumps(HELLO).replace('"w": 390', f'"w": {huge}'), "w must"),
                            (json.dumps(HELLO).replace('"dpr": 2', f'"dpr": -{huge}'), "dpr must"),
                            (json.dumps(HELLO).replace('"w": 390', '"w": 1e999'), "w must"),
                            (json.dumps(HELLO).replace('"w": 390', '"w": ' + "9" * 5000), "malformed")):
            code, reason = await _closed_with(port, [text])
            assert code == 1008 and words in reason, (words, code, reason)
        code, reason = await _closed_with(port, [json.dumps(HELLO), '{"t": "ack", "f": %s}' % huge])
        assert code == 1008 and "f must" in reason, (code, reason)

    run(main(), 60)


def test_a_duplicate_host_or_origin_header_gets_400_not_a_traceback(host, caplog):
    port = host.host.gateway.port
    me = f"127.0.0.1:{port}"
    for headers in (f"Host: {me}\r\nHost: {me}\r\n",
                    f"Host: {me}\r\nOrigin: http://{me}\r\nOrigin: http://{me}\r\n",
                    "Host: \r\n", f"Host: {me}\r\nOrigin: javascript:alert(1)\r\n"):
        answer = _upgrade(port, headers)
        assert _status(answer) == 400, (headers, answer[:200])
        assert b"Traceback" not in answer
    answer = _raw(port, f"GET / HTTP/1.1\r\nHost: {me}\r\nHost: evil\r\n\r\n".encode())
    assert _status(answer) == 400
    assert not [r for r in caplog.records if r.exc_info], "no traceback in the host's log"


def test_a_dns_rebinding_page_cannot_open_the_websocket(host):
    port = host.host.gateway.port
    # evil.example resolves to the table: the browser sends its own name as Host and Origin
    answer = _upgrade(port, f"Host: evil.example:{port}\r\nOrigin: http://evil.example:{port}\r\n")
    assert _status(answer) == 403
    answer = _upgrade(port, f"Host: evil.example:{port}\r\n")            # no browser, still not this table
    assert _status(answer) == 403
    for name in ("127.0.0.1", "localhost", "[::1]"):                      # the table's own names
        answer = _upgrade(port, f"Host: {name}:{port}\r\nOrigin: http://{name}:{port}\r\n")
        assert _status(answer) == 101, (name, answer[:120])
    answer = _upgrade(port, f"Host: 127.0.0.1:{port + 1}\r\nOrigin: http://127.0.0.1:{port + 1}\r\n")
    assert _status(answer) == 403, "another port of this machine is another site"


def test_only_get_and_head_are_answered(host):
    port = host.host.gateway.port
    me = f"127.0.0.1:{port}"
    get = _raw(port, f"GET / HTTP/1.1\r\nHost: {me}\r\n\r\n".encode())
    head = _raw(port, f"HEAD / HTTP/1.1\r\nHost: {me}\r\n\r\n".encode())
    assert _status(get) == 200 and _status(head) == 200
    assert head.endswith(b"\r\n\r\n") and b"<canvas" not in head, "HEAD has no body"
    assert b"Content-Length: %d" % len(get.partition(b"\r\n\r\n")[2]) in head
    for method in ("POST", "PUT", "DELETE", "OPTIONS", "TRACE", "PATCH", "CONNECT"):
        answer = _raw(port, f"{method} / HTTP/1.1\r\nHost: {me}\r\nContent-Length: 0\r\n\r\n".encode())
        assert _status(answer) == 405 and b"Allow: GET, HEAD" in answer, (method, answer[:100])
    # a request with a body is not read at all: the connection closes unanswered
    answer = _raw(port, f"POST / HTTP/1.1\r\nHost: {me}\r\nContent-Length: 5\r\n\r\nhello".encode())
    assert _status(answer) in (0, 400, 405) and b"<canvas" not in answer


def test_pings_count_against_the_rate_limit(host):
    port = host.host.gateway.port

    async def main():
        import websockets
        from websockets.frames import Frame, Opcode
        ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=None, ping_interval=None)
        for i in range(3 * gw.BURST):                 # never a hello: only pings, as fast as it can
            try:
                ws.protocol.send_frame(Frame(Opcode.PING, b"%d" % i))
                ws.send_data()
            except Exception:
                break
            if i % 50 == 0:
                await asyncio.sleep(0)
        try:
            await asyncio.wait_for(ws.wait_closed(), 10)
        except asyncio.TimeoutError:
            pass
        assert ws.close_code == 1008 and "flood" in (ws.close_reason or ""), (ws.close_code, ws.close_reason)
        # a page that pings now and then is fine
        ok = await websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=None)
        for _ in range(5):
            await asyncio.wait_for(await ok.ping(), 5)
        await ok.close()

    run(main(), 60)


def test_the_soft_open_files_limit_is_raised_at_start():
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    code = ("import resource; from felt.net.host import raise_open_files_limit; raise_open_files_limit(); "
            "print(resource.getrlimit(resource.RLIMIT_NOFILE)[0])")
    low = min(256, hard)

    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (low, hard))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, preexec_fn=limit, timeout=60)
    expected = min(hard, 8192) if hard != resource.RLIM_INFINITY else 8192
    assert int(out.stdout.strip()) == max(low, expected), out
    assert raise_open_files_limit() >= soft


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class IdleFlood:
    """``n`` connections to ``port`` from the loopback addresses ``sources`` that never say a
    word, held open by a thread that opens again each one the host drops."""

    def __init__(self, port: int, n: int, sources: list[str]) -> None:
        import selectors
        self.port, self.sources = port, sources
        self.sel = selectors.DefaultSelector()
        self.opened = 0
        self.stop = threading.Event()
        for i in range(n):
            self._open(sources[i % len(sources)])
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _open(self, src: str) -> None:
        s = socket.socket()
        s.setblocking(False)
        s.bind((src, 0))
        try:
            s.connect(("127.0.0.1", self.port))
        except BlockingIOError:
            pass
        except OSError:
            s.close()
            return
        import selectors
        self.sel.register(s, selectors.EVENT_READ, src)
        self.opened += 1

    def _run(self) -> None:
        while not self.stop.is_set():
            for key, _ in self.sel.select(0.05):
                s = key.fileobj
                try:
                    data = s.recv(4096)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = b""
                if not data:                          # dropped by the host: open it again
                    self.sel.unregister(s)
                    s.close()
                    if not self.stop.is_set():
                        self._open(key.data)

    def held(self) -> int:
        return len(self.sel.get_map())

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        for key in list(self.sel.get_map().values()):
            key.fileobj.close()
        self.sel.close()


def test_a_flood_of_idle_connections_to_the_page_never_locks_players_out(tmp_path):
    """A desktop's usual open-files limit (1024, here also the hard one, so the host cannot
    raise it) and 1,100 connections from four addresses to the page's port that never say a
    word, opened again as soon as the host drops them: new players still join the table's
    port, and five new phones, one after another, load the page (the page, its script and
    style) and sit down."""
    import http.client
    import resource
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard < 1400:
        pytest.skip(f"this test needs room for 1,400 open files (hard limit {hard})")
    port, phone_port = _free_port(), _free_port()
    env = dict(host_env(), FELT_DATA_DIR=str(tmp_path / "data"), FELT_CONFIG_DIR=str(tmp_path / "cfg"))
    log = open(tmp_path / "host.log", "w")

    def desktop_limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))
    proc = subprocess.Popen([sys.executable, "-m", "felt.cli", "host", "--headless", "--interface", "127.0.0.1",
                             "--no-announce", "--players", "6", "--port", str(port), "--phone-port", str(phone_port),
                             "--journal", str(tmp_path / "t.journal")], stdout=log, stderr=subprocess.STDOUT,
                            env=env, preexec_fn=desktop_limit)
    flood = None
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", phone_port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, (tmp_path / "host.log").read_text()
                time.sleep(0.2)
        flood = IdleFlood(phone_port, 1100, ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"])
        time.sleep(1.0)

        def load_page() -> int:
            """The page's three files, each on its own connection as a browser may: how many came."""
            got = 0
            for path in ("/", "/phone.js", "/phone.css"):
                c = http.client.HTTPConnection("127.0.0.1", phone_port, timeout=10)
                try:
                    c.request("GET", path)
                    got += c.getresponse().status == 200
                except OSError:
                    pass
                finally:
                    c.close()
            return got

        async def players():
            joined = 0
            for k in range(1):                       # (a laptop, and five phones: the six seats)
                c = await RawClient.connect(port)
                w = await c.hello(f"Spieler {k}")
                joined += w.get("t") == "welcome"
            seated, times = 0, []
            for k in range(5):
                t0 = time.monotonic()
                if await asyncio.to_thread(load_page) != 3:
                    continue
                phone = await Phone(phone_port, name=f"Handy {k}").open()
                await phone.first_frame(30)
                st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 30, "the join screen")
                await phone.tap_widget(st, "play_btn")
                st = await phone.wait(lambda s: s.get("seat") is not None, 30, "a seat")
                seated += 1
                times.append(time.monotonic() - t0)
            return joined, seated, times
        joined, seated, times = run(players(), 150)
        assert joined == 1
        assert seated == 5, f"{seated} of 5 phones loaded the page and sat"
        assert flood.opened >= 1100
        assert proc.poll() is None
        print(f"during a flood of {flood.held()} idle connections ({flood.opened} opened): 5 of 5 phones loaded "
              f"the page and sat, in {', '.join(f'{t:.2f}' for t in times)} s")
        size = (tmp_path / "host.log").stat().st_size
        assert size < 20_000, f"the host's log grew by {size} bytes: " + (tmp_path / "host.log").read_text()[-2000:]
    finally:
        if flood is not None:
            flood.close()
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_renderer_folders_of_a_dead_host_are_removed_at_the_next_start():
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    base = Path(tempfile.gettempdir())
    stale = base / f"{gw.ROOT_PREFIX}{dead.pid}-test"
    (stale / "s-1" / "config").mkdir(parents=True, exist_ok=True)
    (stale / "s-1" / "config" / "settings.json").write_text('{"seats": {"x": "token"}}')
    alive = base / f"{gw.ROOT_PREFIX}{os.getppid()}-test"          # a host that still runs
    alive.mkdir(exist_ok=True)
    try:
        gw.clean_stale_folders()
        assert not stale.exists()
        assert alive.exists()
    finally:
        import shutil
        shutil.rmtree(stale, ignore_errors=True)
        shutil.rmtree(alive, ignore_errors=True)


def test_a_renderer_folder_is_gone_when_its_session_ends(host):
    async def main():
        phone = await Phone(host.host.gateway.port).open()
        await phone.first_frame()
        s = host.host.gateway.session_of(phone.session)
        home = Path(s.home)
        assert home.exists() and str(home).startswith(host.host.gateway.root)
        await phone.close()                            # no seat: the session ends at once
        deadline = time.monotonic() + 10
        while home.exists():
            assert time.monotonic() < deadline, "the folder stayed"
            await asyncio.sleep(0.1)

    run(main(), 60)


def test_a_connection_that_sends_nothing_or_never_finishes_its_request_is_dropped(host, monkeypatch):
    monkeypatch.setattr(gw, "IDLE_TIMEOUT", 0.5)          # (2 s and 6 s on a table: quicker here)
    monkeypatch.setattr(gw, "PENDING_TIMEOUT", 1.0)
    gateway = host.host.gateway
    before = gateway.stats["idle_dropped"]
    silent = socket.create_connection(("127.0.0.1", gateway.port), timeout=15)
    slow = socket.create_connection(("127.0.0.1", gateway.port), timeout=15)
    slow.sendall(b"GET / HTTP/1.1\r\n")                 # a request begun, never ended
    t0 = time.monotonic()
    for s in (silent, slow):
        with s:
            try:
                assert s.recv(1) == b""                  # the host closed it
            except ConnectionResetError:
                pass
    assert time.monotonic() - t0 < 10
    assert gateway.stats["idle_dropped"] == before + 2

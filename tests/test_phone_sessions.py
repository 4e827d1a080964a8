"""Phones sleep, tabs multiply, renderers crash, and pages send nonsense: a real host
with its gateway, phones played by a Python WebSocket client (tests/phone_helpers.py)."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import time

import pytest

from felt.net.host import HostConfig, HostThread
from tests.helpers import run
from tests.phone_helpers import Phone


def _host(**kw) -> HostThread:
    cfg = dict(interface="127.0.0.1", announce=False, players=3, bots=2, seed=5, start_when_full=True,
               bot_delay=0.3, rules="PR-002")
    cfg.update(kw)
    return HostThread(HostConfig(**cfg)).start()


async def _seated(phone: Phone, name: str = "Pia") -> dict:
    await phone.first_frame()
    st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
    st = await phone.type_into(st, "name_field", name)
    await phone.tap_widget(st, "play_btn")
    return await phone.wait(lambda s: s.get("kind") in ("table", "exchange") and s.get("cards"), 30, "the table")


def _renderer_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:          # a zombie (ended, not yet reaped) counts as gone
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return False


@pytest.mark.slow
def test_a_sleeping_phone_gets_its_seat_and_hand_back_with_the_first_frame_within_a_second():
    ht = _host(reconnect_wait=30.0)

    async def main():
        phone = await Phone(ht.host.gateway.port).open()
        st = await _seated(phone)
        seat, renderer, token = st["seat"], st["renderer"], phone.session
        hand = sorted(ht.call(lambda h: list(h.hands()[seat])))
        st = await phone.wait(lambda s: sorted(int(c) for c in s.get("cards", {})) == hand, 20, "the hand dealt")
        assert token and len(token) == 32 and int(token, 16) >= 0       # 128 bits, hex
        await phone.close()                                             # the phone sleeps
        # the table treats the seat as any dropped client's
        deadline = time.monotonic() + 10
        while ht.call(lambda h: h.seats[seat].peer is not None):
            assert time.monotonic() < deadline, "the table never saw the phone go"
            await asyncio.sleep(0.1)
        assert ht.call(lambda h: h.seats[seat].kind) == "human"
        await asyncio.sleep(1.0)
        again = Phone(ht.host.gateway.port, session=token)
        t0 = time.monotonic()
        await again.open()
        await again.first_frame(5)
        first = again.frames[0][0] - t0
        assert first < 1.0, f"first frame {first:.2f} s after reconnecting"
        assert again.frames[0][1]["key"], "the first frame after a reconnect is a whole picture"
        assert again.session == token
        st2 = await again.wait(lambda s: s.get("client") == "connected" and s.get("kind") in ("table", "exchange")
                               and s.get("cards"), 15, "the table again")
        assert st2["renderer"] == renderer, "the same renderer"
        assert st2["seat"] == seat
        assert sorted(ht.call(lambda h: list(h.hands()[seat]))) == hand, "nobody played for the seat meanwhile"
        await again.wait(lambda s: sorted(int(c) for c in s.get("cards", {})) == hand, 10, "the same hand")
        await again.frames_settle(1.0, 20)
        assert await again.picture_off() <= 32, "the new page shows the table (not a part of an old picture)"
        deadline = time.monotonic() + 10
        while ht.call(lambda h: h.seats[seat].peer is None):
            assert time.monotonic() < deadline, "the table never saw the phone come back"
            await asyncio.sleep(0.1)
        await again.close()

    try:
        run(main(), 120)
    finally:
        ht.stop()


def test_after_the_wait_the_session_ends_and_the_page_starts_anew(monkeypatch):
    from felt.net import gateway
    monkeypatch.setattr(gateway, "MIN_AWAY_WAIT", 1.0)
    ht = _host(reconnect_wait=1.0)

    async def main():
        phone = await Phone(ht.host.gateway.port).open()
        await phone.first_frame()
        st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
        renderer, token = st["renderer"], phone.session
        pid = ht.host.gateway.session_of(token).proc.pid
        await phone.close()
        deadline = time.monotonic() + 15
        while _renderer_alive(pid):
            assert time.monotonic() < deadline, "the renderer outlived the wait"
            await asyncio.sleep(0.2)
        assert not ht.host.gateway.sessions
        late = await Phone(ht.host.gateway.port, session=token).open()
        await late.first_frame()
        st2 = await late.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "a new join screen")
        assert late.session != token and st2["renderer"] != renderer
        await late.close()

    try:
        run(main(), 90)
    finally:
        ht.stop()


def test_frames_go_only_to_the_websocket_holding_the_token():
    ht = _host(players=4, bots=2)

    async def main():
        a = await Phone(ht.host.gateway.port).open()
        await a.first_frame()
        sa = await a.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "A's join screen")
        # a made-up token is no way into A's session: a session of its own
        b = await Phone(ht.host.gateway.port, session="0123456789abcdef0123456789abcdef").open()
        await b.first_frame()
        sb = await b.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "B's join screen")
        assert b.session not in (a.session, "0123456789abcdef0123456789abcdef") and sb["renderer"] != sa["renderer"]
        # A's token in a second tab takes the session over; the first tab is told and gets nothing more
        a2 = await Phone(ht.host.gateway.port, session=a.session).open()
        await a2.first_frame()
        await asyncio.sleep(0.5)
        assert a.closed is not None and a.closed[0] == 4001, a.closed
        n_a = len(a.frames)
        st = await a2.state()
        assert st["renderer"] == sa["renderer"]
        await a2.tap_widget(st, "name_field")
        await a2.wait(lambda s: any(f["focused"] for f in s["fields"]), 5, "the field focused")
        assert len(a.frames) == n_a
        # nothing a page receives holds a table token
        tokens = ht.call(lambda h: [h.admin_token] + [s.token for s in h.seats if s.token])
        for phone in (a, a2, b):
            text = json.dumps(phone.notices)
            assert not any(t and t in text for t in tokens)
        for p in (a2, b):
            await p.close()

    try:
        run(main(), 90)
    finally:
        ht.stop()


def _http_get(port: int, path: str) -> tuple[int, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while True:
            part = s.recv(65536)
            if not part:
                break
            data += part
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def test_the_page_its_files_and_nothing_else():
    ht = _host()
    port = ht.host.gateway.port
    try:
        status, body = _http_get(port, "/")
        assert status == 200 and b"<canvas" in body and b"phone.js" in body
        assert b"http://" not in body and b"https://" not in body           # nothing from another host
        status, js = _http_get(port, "/phone.js")
        assert status == 200 and b"WebSocket" in js and b"http" not in js.replace(b"https:", b"")
        assert _http_get(port, "/phone.css")[0] == 200
        status, wav = _http_get(port, "/sounds/turn.wav")
        assert status == 200 and wav[:4] == b"RIFF"
        for bad in ("/../gateway.py", "/%2e%2e/gateway.py", "/%2E%2E/%2E%2E/pyproject.toml", "/..%2fgateway.py",
                    "/sounds/../phone.js", "/sounds/%2e%2e/%2e%2e/net/gateway.py", "//etc/passwd",
                    "/etc/passwd", "/.hidden", "/phone.js%00.css", "/journal", "/state", "/admin", "/ws/../",
                    "/sounds/", "/sounds/turn.wav/..", "/..\\gateway.py", "/%5c..%5cgateway.py"):
            status, body = _http_get(port, bad)
            assert status in (400, 404), (bad, status)
            assert b"import" not in body and b"root:" not in body
    finally:
        ht.stop()


def test_bad_messages_close_that_page_only():
    ht = _host(players=4, bots=1)

    async def main():
        import websockets
        good = await Phone(ht.host.gateway.port).open()
        await good.first_frame()
        await good.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the good phone's join screen")
        url = f"ws://127.0.0.1:{ht.host.gateway.port}/ws"
        hello = json.dumps({"t": "hello", "session": None, "w": 390, "h": 844, "dpr": 2})
        cases = [
            ("not json", ["{nope"], 1008, "malformed"),
            ("binary", [b"\x00\x01"], 1008, "binary"),
            ("no hello first", [json.dumps({"t": "p", "e": "down", "x": 0.5, "y": 0.5, "id": 1})], 1008, "hello"),
            ("bad size", [json.dumps({"t": "hello", "w": 1e9, "h": 844, "dpr": 2})], 1008, "w must"),
            ("unknown type", [hello, json.dumps({"t": "rm -rf"})], 1008, "unknown"),
            ("bad pointer", [hello, json.dumps({"t": "p", "e": "down", "x": "a", "y": 0.5, "id": 1})], 1008, "x must"),
            ("oversized", [hello, json.dumps({"t": "text", "value": "x" * 40_000})], 1009, ""),
            ("second hello", [hello, hello], 1008, "hello"),
        ]
        for what, msgs, code, reason in cases:
            ws = await websockets.connect(url, max_size=None)
            try:
                for m in msgs:
                    await ws.send(m)
                    await asyncio.sleep(0.05)
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    await asyncio.wait_for(ws.recv(), 10)
            except websockets.ConnectionClosed:
                pass
            assert ws.close_code == code, (what, ws.close_code, ws.close_reason)
            assert reason in ws.close_reason, (what, ws.close_reason)
        # a flood: many more messages than a page sends
        ws = await websockets.connect(url, max_size=None)
        await ws.send(hello)
        try:
            for i in range(2000):
                await ws.send(json.dumps({"t": "p", "e": "move", "x": 0.5, "y": 0.5, "id": 1}))
            await asyncio.wait_for(ws.wait_closed(), 10)
        except websockets.ConnectionClosed:
            pass
        assert ws.close_code == 1008 and "flood" in ws.close_reason, (ws.close_code, ws.close_reason)
        # the good phone was touched by none of it
        assert good.closed is None
        st = await good.state()
        assert st["scene"] == "PhoneJoinScene" and st["client"] is None
        await good.close()

    try:
        run(main(), 120)
    finally:
        ht.stop()


def test_renderers_are_limited_to_seats_and_spectators():
    ht = _host(players=2, bots=0, phone_spectators=1, start_when_full=False)

    async def main():
        phones = [await Phone(ht.host.gateway.port).open() for _ in range(3)]
        for p in phones:
            await p.first_frame()
        full = await Phone(ht.host.gateway.port, lang="en-GB").open()
        await asyncio.sleep(1.0)
        assert full.closed == (1013, "table full")
        notice = [n for n in full.notices if n.get("t") == "full"]
        assert notice and notice[0]["lang"] == "en"
        assert not full.frames
        assert len(ht.host.gateway.live_sessions()) == 3
        for p in phones:
            assert p.closed is None
            await p.close()

    try:
        run(main(), 90)
    finally:
        ht.stop()


def test_a_crashed_renderer_comes_back_with_the_phones_seat():
    ht = _host()

    async def main():
        phone = await Phone(ht.host.gateway.port).open()
        st = await _seated(phone)
        seat, renderer = st["seat"], st["renderer"]
        pid = ht.host.gateway.session_of(phone.session).proc.pid
        keys_before = sum(1 for _, h, _ in phone.frames if h["key"])
        os.kill(pid, signal.SIGKILL)
        st2 = await phone.wait(lambda s: s.get("renderer") != renderer and s.get("client") == "connected"
                               and s.get("kind") in ("table", "exchange"), 30, "the table from a new renderer")
        assert st2["seat"] == seat
        assert ht.host.gateway.stats["restarts"] == 1
        assert sum(1 for _, h, _ in phone.frames if h["key"]) > keys_before, "a whole picture after the restart"
        assert phone.closed is None
        await phone.close()

    try:
        run(main(), 120)
    finally:
        ht.stop()


def test_another_site_in_the_browser_cannot_open_the_websocket():
    ht = _host()

    async def main():
        import websockets
        url = f"ws://127.0.0.1:{ht.host.gateway.port}/ws"
        with pytest.raises(websockets.InvalidStatus) as bad:
            await websockets.connect(url, origin="http://evil.example")
        assert bad.value.response.status_code == 403
        # the table's own page (same address) may, and a client without Origin (no browser)
        ok = await websockets.connect(url, origin=f"http://127.0.0.1:{ht.host.gateway.port}")
        await ok.close()
        ok = await websockets.connect(url)
        await ok.close()

    try:
        run(main(), 30)
    finally:
        ht.stop()


def test_a_tap_right_behind_a_new_size_lands_on_the_new_layout():
    """The page sends its new size (turned upright, or a browser that resized it) and a tap at
    once: the renderer lays the tap onto the layout of the new size, not the old one (tried
    several times: the tap and the size reach the renderer by different ways)."""
    ht = _host(bots=1, players=3, start_when_full=False)
    try:
        async def main():
            phone = await Phone(ht.host.gateway.port, name="Rosa").open()
            try:
                await phone.first_frame()
                st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
                field = st["widgets"]["name_field"]["rect"]
                x, y = (field[0] + field[2] / 2) / 780, (field[1] + field[3] / 2) / 1688
                for attempt in range(6):
                    # on its side: the renderer lays the join screen out wide
                    await phone.send({"t": "size", "w": 844, "h": 390, "dpr": 2})
                    await phone.wait(lambda s: s.get("size") == [1688, 780] and not any(
                        f["focused"] for f in s["fields"]), 10, "the wide layout")
                    # upright again, and at once a tap on the name field where it is upright
                    await phone.send({"t": "size", "w": 390, "h": 844, "dpr": 2})
                    await phone.send({"t": "p", "e": "down", "x": x, "y": y, "id": 1, "m": "touch", "b": 1})
                    await phone.send({"t": "p", "e": "up", "x": x, "y": y, "id": 1, "m": "touch", "b": 0})
                    st = await phone.wait(lambda s: s.get("size") == [780, 1688], 10, "the upright layout")
                    await asyncio.sleep(0.2)
                    st = await phone.state()
                    assert any(f["focused"] for f in st["fields"]), f"attempt {attempt}: the tap missed the field"
                    await phone.send({"t": "blur"})
            finally:
                await phone.close()
        run(main(), 90)
    finally:
        ht.stop()

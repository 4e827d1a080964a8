"""A real phone browser: Debian's Chromium, headless, driven over the DevTools
protocol, emulates a 390x844 phone at pixel ratio 3. It opens the table's page, joins by name
through the page's own text input, taps a card and plays it, and the canvas is backed by
1170x2532 pixels (drawn crisp, not upscaled).

Skipped only where no Chromium can be found (CI installs it: .ci/run); the skip says so."""
from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from felt.net.host import HostConfig, HostThread
from tests.helpers import run

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-port=0", "--remote-allow-origins=*", "--ignore-certificate-errors", "about:blank"]


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One Chromium with one page, and a DevTools connection to that page."""

    def __init__(self, exe: str, profile: Path) -> None:
        (profile / "DevToolsActivePort").unlink(missing_ok=True)     # a browser before on this profile
        self.proc = subprocess.Popen([exe, f"--user-data-dir={profile}", *FLAGS], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and port_file.read_text().strip()):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError("Chromium did not start its DevTools endpoint")
            time.sleep(0.1)
        self.port = int(port_file.read_text().split()[0])
        self.ws = None
        self.n = 0

    async def connect(self) -> None:
        import websockets
        for _ in range(100):
            try:
                tabs = json.load(urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=2))
                url = next(t for t in tabs if t.get("type") == "page")["webSocketDebuggerUrl"]
                break
            except Exception:
                await asyncio.sleep(0.1)
        self.ws = await websockets.connect(url, max_size=1 << 27)

    async def call(self, method: str, **params):
        self.n += 1
        await self.ws.send(json.dumps({"id": self.n, "method": method, "params": params}))
        while True:
            m = json.loads(await self.ws.recv())
            if m.get("id") == self.n:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})

    async def js(self, expression: str):
        r = await self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r.get("result", {}).get("value")

    async def tap(self, x: float, y: float) -> None:
        """A finger tap at CSS pixels x, y."""
        await self.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": x, "y": y}])
        await asyncio.sleep(0.04)
        await self.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])

    async def open_as_phone(self, url: str, width: int, height: int, ratio: float) -> None:
        """Open ``url`` on a touch phone of ``width`` x ``height`` CSS pixels at pixel ratio
        ``ratio``, and wait for the page's first frame."""
        await self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=ratio,
                        mobile=True)
        await self.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        await self.call("Page.enable")
        await self.call("Page.navigate", url=url)
        await self.wait_js("window.feltPhone && window.feltPhone.stats.frames > 0", 30, "first frame")

    async def wait_js(self, expression: str, timeout: float = 20.0, what: str = ""):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            v = await self.js(expression)
            if v:
                return v
            await asyncio.sleep(0.1)
        raise AssertionError(f"browser: no {what or expression} within {timeout:g} s")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def test_a_phone_browser_joins_by_name_and_plays_a_card(tmp_path):
    exe = _chromium()
    if exe is None:
        pytest.skip("no Chromium on this machine (apt-get install -y chromium); the browser test cannot run")
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=2, seed=5, rules="PR-002",
                               start_when_full=True, bot_delay=0.05)).start()
    browser = Browser(exe, tmp_path / "profile")

    async def main():
        await browser.connect()
        try:
            await play()
        finally:
            await browser.ws.close()

    async def play():
        await browser.open_as_phone(ht.host.gateway.url, 390, 844, 3)
        size = await browser.js("(() => { const c = window.feltPhone.canvas; "
                                "return [c.width, c.height, c.clientWidth, c.clientHeight, devicePixelRatio]; })()")
        assert size == [1170, 2532, 390, 844, 3], size

        async def state():
            return await browser.js("window.feltPhone.state()")

        async def wait_state(pred, timeout=30.0, what=""):
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                st = await state()
                if pred(st):
                    return st
                await asyncio.sleep(0.15)
            raise AssertionError(f"no {what} within {timeout:g} s: {st.get('kind')} {st.get('scene')}")

        def css(rect_or_point):
            v = list(rect_or_point)
            if len(v) == 4:
                v = [v[0] + v[2] / 2, v[1] + v[3] / 2]
            return v[0] / 3, v[1] / 3

        st = await wait_state(lambda s: s.get("scene") == "PhoneJoinScene", what="the join screen")
        assert st["density"] == 3 and st["size"] == [1170, 2532]
        # the name field: a tap puts the page's own input over it, and the phone keyboard types
        await browser.tap(*css(st["widgets"]["name_field"]["rect"]))
        await browser.wait_js("document.activeElement && document.activeElement.id === 'field'", 10,
                              "the page's text input focused")
        await browser.js("document.getElementById('field').value = ''")
        await browser.call("Input.insertText", text="Pia")
        st = await wait_state(lambda s: s.get("name") == "Pia", 10, "the name typed")
        await browser.tap(*css(st["widgets"]["play_btn"]["rect"]))
        st = await wait_state(lambda s: s.get("kind") == "table" and s.get("my_turn") and not s.get("pending")
                              and not s.get("busy") and any(m["kind"] == "play" for m in s.get("legal", [])),
                              60, "my turn with a card to play")
        seat = st["seat"]
        assert ht.call(lambda h: h.seats[seat].name) == "Pia"
        move = next(m for m in st["legal"] if m["kind"] == "play")
        frames = await browser.js("window.feltPhone.stats.frames")
        for cid in move["cards"]:
            await browser.tap(*css(st["cards"][str(cid)]))
            await wait_state(lambda s, c=cid: c in s.get("selected", []), 10, f"card {cid} selected")
        assert await browser.js("window.feltPhone.stats.frames") > frames, "the tap showed on the canvas"
        before = ht.call(lambda h: list(h.hands()[seat]))
        st = await state()
        await browser.tap(*css(st["widgets"]["play_btn"]["rect"]))
        deadline = time.monotonic() + 15
        while any(c in ht.call(lambda h: list(h.hands()[seat])) for c in move["cards"]):
            assert time.monotonic() < deadline, "the card was not played"
            await asyncio.sleep(0.1)
        assert len(ht.call(lambda h: list(h.hands()[seat]))) == len(before) - len(move["cards"])
        # once the cards have landed, nothing on the canvas is left at half size from their flight
        await browser.wait_js("window.feltPhone.sharpShown()", 20, "the canvas sharp again")
        shot = await browser.call("Page.captureScreenshot", format="png")
        assert len(shot["data"]) > 10_000

    try:
        run(main(), 180)
    finally:
        browser.stop()
        ht.stop()


def test_a_tap_where_the_page_just_grew_reaches_the_table(tmp_path):
    """The browser makes the page larger (turned upright, a bar hidden) and a tap lands in the
    new part before the page has heard of it: the page takes its new size first and the tap is
    the table's (it used to fall on the page's background and was lost)."""
    exe = _chromium()
    if exe is None:
        pytest.skip("no Chromium on this machine (apt-get install -y chromium); the browser test cannot run")
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=2, seed=5, rules="PR-002",
                               bot_delay=0.05)).start()
    browser = Browser(exe, tmp_path / "profile")

    async def main():
        await browser.connect()
        try:
            await browser.open_as_phone(ht.host.gateway.url, 390, 500, 2)
            st = await browser.wait_js("window.feltPhone.state().then(s => s.scene === 'PhoneJoinScene' && "
                                       "s.size[1] === 1000 && s)", 20, "the join screen at 390x500")
            # what the page sends from here on
            await browser.js("window.sentByPage = []; const send = WebSocket.prototype.send; "
                             "WebSocket.prototype.send = function (d) { if (typeof d === 'string') "
                             "window.sentByPage.push(JSON.parse(d)); return send.call(this, d); }; 1")
            # taller at once, and a tap below the old bottom edge before the page can re-measure
            await browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2,
                               mobile=True)
            await browser.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[{"x": 195, "y": 700}])
            await browser.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])
            st = await browser.wait_js("window.feltPhone.state().then(s => s.size[1] === 1688 && s)", 10,
                                       "the page's new size at the renderer")
            assert st["size"] == [780, 1688]
            sent = [m for m in await browser.js("window.sentByPage") if m.get("t") in ("size", "p")]
            kinds = [m["t"] if m["t"] == "size" else m["e"] for m in sent]
            assert kinds[:3] == ["size", "down", "up"], kinds      # the new size, then the tap on the table
            down = sent[1]
            assert abs(down["x"] - 0.5) < 0.01 and abs(down["y"] - 700 / 844) < 0.01, down
        finally:
            await browser.ws.close()

    try:
        run(main(), 120)
    finally:
        browser.stop()
        ht.stop()


def _state_waiter(browser: Browser):
    async def wait_state(pred, timeout=30.0, what=""):
        deadline = time.monotonic() + timeout
        st: dict = {}
        while time.monotonic() < deadline:
            st = await browser.js("window.feltPhone.state()")
            if pred(st):
                return st
            await asyncio.sleep(0.15)
        raise AssertionError(f"no {what} within {timeout:g} s: {st.get('kind')} {st.get('scene')}")
    return wait_state


def test_a_quick_tap_on_play_right_after_typing_closes_the_text_field(tmp_path):
    """Typing a name and tapping "Mitspielen" at once (within the page's 300 ms of the last
    key) used to leave the page's input over the lobby for good."""
    exe = _chromium()
    if exe is None:
        pytest.skip("no Chromium on this machine (apt-get install -y chromium); the browser test cannot run")
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=1, seed=5, rules="PR-002",
                               bot_delay=0.05)).start()
    browser = Browser(exe, tmp_path / "profile")

    async def main():
        await browser.connect()
        try:
            for w, h in ((390, 844), (1280, 800)):
                await browser.open_as_phone(ht.host.gateway.url, w, h, 2)
                wait_state = _state_waiter(browser)
                st = await wait_state(lambda s: s.get("scene") == "PhoneJoinScene" and s.get("size")
                                      and abs(s["size"][0] / s["size"][1] - w / h) < 0.01,
                                      what=f"the join screen at {w}x{h}")
                k = st["size"][0] / w                   # device pixels per CSS pixel (capped near 3 MP)
                name, play = st["widgets"]["name_field"]["rect"], st["widgets"]["play_btn"]["rect"]
                await browser.tap((name[0] + name[2] / 2) / k, (name[1] + name[3] / 2) / k)
                await browser.wait_js("document.activeElement && document.activeElement.id === 'field'", 10,
                                      "the page's input focused")
                await browser.call("Input.insertText", text="Quick")
                await browser.tap((play[0] + play[2] / 2) / k, (play[1] + play[3] / 2) / k)    # at once
                await wait_state(lambda s: s.get("kind") == "lobby", 20, "the lobby")
                await asyncio.sleep(1.0)
                assert await browser.js("document.getElementById('field').hidden"), f"the input stays at {w}x{h}"
                assert ht.call(lambda hh: [s.name for s in hh.seats]).count("Quick") == 1
                # the next size is a new phone: this one's seat is freed and its page forgets it
                ht.call(lambda hh: [hh.table.kick(i) for i, s in enumerate(hh.seats) if s.name == "Quick"])
                await browser.js("localStorage.clear(); 1")
        finally:
            await browser.ws.close()

    try:
        run(main(), 120)
    finally:
        browser.stop()
        ht.stop()


@pytest.mark.slow
def test_a_phone_browser_asleep_past_the_wait_comes_back_to_its_seat(tmp_path, monkeypatch):
    """The browser closes (a locked phone) for longer than the reconnect wait and opens again on
    the same profile: the page's session token brings its seat and hand back, without typing."""
    exe = _chromium()
    if exe is None:
        pytest.skip("no Chromium on this machine (apt-get install -y chromium); the browser test cannot run")
    from felt.net import gateway
    monkeypatch.setattr(gateway, "MIN_AWAY_WAIT", 1.0)
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=2, seed=5, rules="PR-002",
                               start_when_full=True, bot_delay=0.2, reconnect_wait=1.0)).start()
    profile = tmp_path / "profile"
    browser = Browser(exe, profile)

    async def main():
        nonlocal browser
        await browser.connect()
        await browser.open_as_phone(ht.host.gateway.url, 390, 844, 2)
        wait_state = _state_waiter(browser)
        st = await wait_state(lambda s: s.get("scene") == "PhoneJoinScene", what="the join screen")
        name = st["widgets"]["name_field"]["rect"]
        await browser.tap((name[0] + name[2] / 2) / 2, (name[1] + name[3] / 2) / 2)
        await browser.wait_js("document.activeElement && document.activeElement.id === 'field'", 10, "the input")
        await browser.call("Input.insertText", text="Schlaf")
        st = await wait_state(lambda s: s.get("name") == "Schlaf", 10, "the name")
        play = st["widgets"]["play_btn"]["rect"]
        await browser.tap((play[0] + play[2] / 2) / 2, (play[1] + play[3] / 2) / 2)
        st = await wait_state(lambda s: s.get("kind") in ("table", "exchange"), 40, "the table")
        seat = st["seat"]
        # Chromium writes localStorage to disk a few seconds after a change; a phone's browser
        # that locks is suspended, not killed, but here the process ends: give it that time
        await asyncio.sleep(6)
        await browser.ws.close()
        browser.stop()                                     # asleep
        deadline = time.monotonic() + 30
        while not ht.call(lambda h: h.seats[seat].away):
            assert time.monotonic() < deadline, "the wait never ran out"
            await asyncio.sleep(0.2)
        browser = Browser(exe, profile)                    # awake, same profile
        await browser.connect()
        try:
            await browser.open_as_phone(ht.host.gateway.url, 390, 844, 2)
            wait_state = _state_waiter(browser)
            st = await wait_state(lambda s: s.get("seat") == seat and s.get("client") == "connected", 40,
                                  "the seat again")
            assert st["scene"] != "PhoneJoinScene"
            deadline = time.monotonic() + 10
            while ht.call(lambda h: h.seats[seat].away):
                assert time.monotonic() < deadline, "the bot never stepped aside"
                await asyncio.sleep(0.1)
        finally:
            await browser.ws.close()

    try:
        run(main(), 150)
    finally:
        browser.stop()
        ht.stop()


def test_behind_a_proxy_the_table_does_not_know_the_page_says_why(tmp_path):
    """No --public-url, and a TLS proxy that drops the Host's port: the page shows why it cannot
    reach the table and how the host fixes it (it used to say "Verbinde mit dem Tisch …" forever)."""
    exe = _chromium()
    if exe is None:
        pytest.skip("no Chromium on this machine (apt-get install -y chromium); the browser test cannot run")
    from tests.test_phone_proxy import Nginx, _free_port, _need
    _need("nginx", "openssl")
    phone_port = _free_port()
    ngx = Nginx(tmp_path / "ngx", f"location / {{ proxy_pass http://127.0.0.1:{phone_port}; "
                                  "proxy_http_version 1.1; proxy_set_header Upgrade $http_upgrade; "
                                  "proxy_set_header Connection \"upgrade\"; proxy_set_header Host $host; }")
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=2, seed=5,
                               phone_port=phone_port)).start()
    ngx.start()
    browser = Browser(exe, tmp_path / "profile")

    async def main():
        await browser.connect()
        try:
            await browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2,
                               mobile=True)
            await browser.call("Page.enable")
            await browser.call("Page.navigate", url=f"https://127.0.0.1:{ngx.port}/")
            await browser.wait_js("window.feltPhone && window.feltPhone.stats.why", 30, "the reason")
            title = await browser.js("document.getElementById('note-title').textContent")
            text = await browser.js("document.getElementById('note-text').textContent")
            assert title in ("Der Tisch kennt diese Adresse nicht", "The table does not know this address"), title
            assert f"--public-url https://127.0.0.1:{ngx.port}/" in text, text
            assert not await browser.js("document.getElementById('note').hidden")
        finally:
            await browser.ws.close()

    try:
        run(main(), 90)
    finally:
        browser.stop()
        ngx.stop()
        ht.stop()

"""A phone's browser, played by Python (tests, `felt bench phone`): a WebSocket client of the
gateway (felt/net/gateway.py) that speaks the page's protocol (felt/net/phone/phone.js),
decodes the frames into a picture (or only reads their headers), acknowledges them, and
taps what the renderer reports (rects in device pixels, as FELT_REMOTE reports them for
windows). ``play_round`` plays a round of any of the games by taps."""
from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Callable

from felt.ui.phone_frames import PagePicture, parse_frame


class Phone:
    def __init__(self, port: int, w: int = 390, h: int = 844, dpr: float = 2.0, lang: str = "de",
                 name: str = "", session: str | None = None, host: str = "127.0.0.1", ack: bool = True,
                 decode: bool = True, mouse: bool = False, look: str = "", verb: str = "") -> None:
        self.url = f"ws://{host}:{port}/ws"
        self.css = (w, h)
        self.dpr = dpr
        self.lang = lang
        self.name = name
        self.look = look                     # the card style the page keeps (felt.net.gateway.look_of)
        self.verb = verb                     # the screen-reader layer's verbosity the page keeps ("" none kept)
        self.session = session
        self.ack = ack
        self.decode = decode                 # rebuild the picture (else: only the frames' headers)
        self.pointer = "mouse" if mouse else "touch"   # a laptop's browser clicks; a phone's is touched
        self.bytes_in = 0
        self.state_bytes = 0                 # of that, the answers to state(): the page never asks
        self.ws: Any = None
        self.picture = PagePicture()
        self.notices: list[dict] = []
        self.frames: list[tuple[float, dict, int]] = []      # (arrival, header, bytes)
        self.sounds: list[str] = []
        self.fields: list[dict] = []
        self.size: tuple[int, int] | None = None
        self.closed: tuple[int, str] | None = None
        self._states: asyncio.Queue = asyncio.Queue()
        self._reader: asyncio.Task | None = None
        self.frame_event = asyncio.Event()

    async def open(self) -> "Phone":
        import websockets
        self.ws = await websockets.connect(self.url, max_size=None, compression=None)
        await self.send({"t": "hello", "session": self.session, "w": self.css[0], "h": self.css[1],
                         "dpr": self.dpr, "lang": self.lang, "name": self.name, "look": self.look,
                         "kb": self.pointer == "mouse",       # as the page says it: a laptop's browser
                         **({"verb": self.verb} if self.verb else {})})
        self._reader = asyncio.ensure_future(self._read())
        return self

    async def send(self, msg: dict) -> None:
        await self.ws.send(json.dumps(msg))

    async def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed
        try:
            async for m in self.ws:
                now = time.monotonic()
                self.bytes_in += len(m)
                if isinstance(m, bytes):
                    head = self.picture.apply(m) if self.decode else parse_frame(m)[0]
                    self.frames.append((now, head, len(m)))
                    self.frame_event.set()
                    if self.ack:
                        await self.send({"t": "ack", "f": head["id"]})
                    continue
                n = json.loads(m)
                self.notices.append(n)
                t = n.get("t")
                if t == "session":
                    self.session = n["token"]
                elif t == "look":
                    self.look = n.get("look") or ""
                elif t == "fields":
                    self.fields = n["fields"]
                elif t == "sound":
                    self.sounds.append(n["name"])
                elif t == "size":
                    self.size = (n["w"], n["h"])
                elif t == "state":
                    self.state_bytes += len(m)
                    self._states.put_nowait(n)
        except ConnectionClosed:
            pass
        finally:
            self.closed = (self.ws.close_code, self.ws.close_reason)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 5)
            except asyncio.TimeoutError:
                self._reader.cancel()

    # ------------------------------------------------------------ what is shown
    async def state(self, timeout: float = 5.0, thumb: bool = False) -> dict:
        while not self._states.empty():
            self._states.get_nowait()
        await self.send({"t": "state", "thumb": thumb})
        return await asyncio.wait_for(self._states.get(), timeout)

    async def picture_off(self) -> float:
        """How far the picture put together from the frames is from the renderer's own: the
        largest difference of a colour channel, over pictures at a tenth of the size (JPEG
        loses a few levels; a region never sent shows as tens)."""
        import base64
        import pygame
        th = (await self.state(thumb=True))["thumb"]
        mine = pygame.image.tobytes(pygame.transform.smoothscale(self.picture.surface, (th["w"], th["h"])), "RGB")
        theirs = base64.b64decode(th["rgb"])
        return max(abs(a - b) for a, b in zip(mine, theirs))

    async def wait(self, pred: Callable[[dict], Any], timeout: float = 20.0, what: str = "condition",
                   every: float = 0.1) -> dict:
        deadline = time.monotonic() + timeout
        st: dict = {}
        while time.monotonic() < deadline:
            try:
                st = await self.state(timeout=min(5.0, max(0.5, deadline - time.monotonic())))
            except asyncio.TimeoutError:
                continue                # a renderer starting again answers later
            if pred(st):
                return st
            await asyncio.sleep(every)
        raise AssertionError(f"phone: no {what} within {timeout:g} s; last state: "
                             f"{ {k: st.get(k) for k in ('kind', 'scene', 'top', 'phase', 'my_turn', 'banner')} }")

    async def first_frame(self, timeout: float = 20.0) -> None:
        await asyncio.wait_for(self.frame_event.wait(), timeout)

    async def frames_settle(self, quiet: float = 0.4, timeout: float = 10.0) -> None:
        """Wait until no frame arrived for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            last = self.frames[-1][0] if self.frames else 0.0
            if time.monotonic() - last >= quiet:
                return
            await asyncio.sleep(0.05)

    # ------------------------------------------------------------------- input
    def norm(self, x: float, y: float) -> tuple[float, float]:
        w, h = self.size or self.picture.surface.get_size()
        return x / w, y / h

    async def tap(self, x: float, y: float, hold: float = 0.03) -> None:
        """A finger tap at device pixels x, y."""
        nx, ny = self.norm(x, y)
        await self.send({"t": "p", "e": "down", "x": nx, "y": ny, "id": 1, "m": self.pointer, "b": 1})
        await asyncio.sleep(hold)
        await self.send({"t": "p", "e": "up", "x": nx, "y": ny, "id": 1, "m": self.pointer, "b": 0})

    async def tap_rect(self, rect) -> None:
        x, y, w, h = rect
        await self.tap(x + w / 2, y + h / 2)

    async def drag(self, a: tuple[float, float], b: tuple[float, float], steps: int = 8) -> None:
        ax, ay = self.norm(*a)
        bx, by = self.norm(*b)
        await self.send({"t": "p", "e": "down", "x": ax, "y": ay, "id": 2, "m": self.pointer, "b": 1})
        for i in range(1, steps + 1):
            await asyncio.sleep(0.02)
            await self.send({"t": "p", "e": "move", "x": ax + (bx - ax) * i / steps, "y": ay + (by - ay) * i / steps,
                             "id": 2, "m": self.pointer, "b": 1})
        await self.send({"t": "p", "e": "up", "x": bx, "y": by, "id": 2, "m": self.pointer, "b": 0})

    async def tap_widget(self, st: dict, name: str) -> None:
        """Tap a widget of the scene on top (an overlay's, else the main scene's)."""
        w = (st.get("top_widgets") or {}).get(name) or st["widgets"][name]
        assert w["visible"] and w.get("enabled", True), (name, w)
        await self.tap_rect(w["rect"])

    async def type_into(self, st: dict, name: str, text: str) -> dict:
        """Tap a text field, then send what the page's input element holds, as the page does."""
        await self.tap_widget(st, name)
        st = await self.wait(lambda s: any(f["focused"] for f in s["fields"]), 5, "a focused text field")
        await self.send({"t": "text", "value": text})
        return await self.wait(lambda s: any(f["focused"] and f["value"] == text for f in s["fields"]), 5,
                               f"the field holding {text!r}")


def ready(st: dict) -> bool:
    """My move is wanted, or the round is over."""
    if st.get("phase") in ("round_over", "match_over"):
        return True
    return st.get("kind") == "table" and st.get("my_turn") and not st.get("pending") and not st.get("busy")


def _pick(gestures: list[dict]) -> dict | None:
    """The move a test player makes: a card's move where there is one, else the first other."""
    with_cards = [g for g in gestures if g["move"].get("cards") or "card" in g["move"] or "give" in g["move"]]
    return (with_cards or gestures or [None])[0]


async def play_move(phone: Phone, st: dict, game: str = "") -> str:
    """One legal move on the phone by the taps its table names for it (``gesture``), whatever
    the game: the kind of move made."""
    chosen = _pick(st.get("gestures") or [])
    if chosen is None:
        raise AssertionError(f"no move to tap ({game}): {st.get('legal')}")
    move = chosen["move"]
    # a first step that only clears the way (a summary's OK over the table): tap it, and the
    # move's own taps follow as the table names them then
    while len(chosen["taps"]) > 1 and chosen["taps"][0] == ["widget", "ok_btn"] and chosen["points"][0]:
        await phone.tap(*chosen["points"][0])
        await asyncio.sleep(0.1)
        st = await phone.state()
        now = next((g for g in st.get("gestures") or [] if g["move"] == move), None)
        if now is None:
            return str(move.get("kind"))
        if now["taps"] == chosen["taps"]:
            break                               # it did not go away: go on as named
        chosen = now
    total = len(chosen["taps"])
    for k in range(total):
        i = k                                   # this step's place in the gesture as named now
        if k:
            await asyncio.sleep(0.05)
            st = await phone.state()
            now = next((g for g in st.get("gestures") or [] if g["move"] == move), None)
            if now is None:
                break                           # the move was made (the table moved on)
            chosen = now
            # the steps made may drop out of the gesture (a toggle already set: "Mau!"):
            # the steps left are its last ones
            i = max(0, len(chosen["taps"]) - (total - k))

        def named(s, i=i):
            return any(g["move"] == move and len(g["points"]) > i and g["points"][i] for g in s.get("gestures") or [])
        point = chosen["points"][i] if i < len(chosen["points"]) else None
        if point is None:
            st = await phone.wait(named, 5, f"tap {k + 1} of {move}")
            chosen = next(g for g in st["gestures"] if g["move"] == move)
            point = chosen["points"][i]
        await phone.tap(*point)
    return str(move.get("kind"))


async def play_round(phone: Phone, game: str = "", timeout: float = 120.0, every: float = 0.1,
                     moves: int | None = None) -> tuple[dict, list[str]]:
    """Play my moves by taps until the round ends (or ``moves`` were made); the last state and
    the moves made. ``every``: seconds between the questions what the phone shows, while
    waiting for a turn."""
    made: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        st = await phone.wait(ready, timeout=max(1.0, deadline - time.monotonic()), what="my turn or the round's end",
                              every=every)
        if st.get("phase") in ("round_over", "match_over") or (moves is not None and len(made) >= moves):
            return st, made
        seq = st.get("seq")
        made.append(await play_move(phone, st, game))
        await phone.wait(lambda s: s.get("seq") != seq or s.get("pending") or not s.get("my_turn"), 10,
                         "the move answered")
    raise AssertionError(f"the round did not end within {timeout:g} s; moves: {made}")

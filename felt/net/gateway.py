"""Phones join from their browser: the page, its files and a WebSocket on one port.

A phone has no Python and no pygame, so its table is drawn by the host: for every browser
that joins, the gateway starts a renderer process (``python -m felt.ui.phone_renderer``)
that runs the ordinary window client offscreen at the phone's size and pixel density and
joins the table over TCP like any other client (so the table's per-seat filter decides
what it may see). The renderer's frames go to the browser over the WebSocket; taps,
drags and typing come back.

One port (``websockets``, asyncio) answers both:

- plain HTTP ``GET`` for the page (felt/net/phone/: HTML, JS, CSS) and the game's sounds
  (felt/assets/sounds); nothing else is served, and no path leaves those folders;
- the WebSocket at ``/ws``: JSON text from the page (hello, size, pointer, keys, text,
  frame acks), binary frames and JSON notices to it.

Sessions: a page's first message names its session token (128 bits, kept in the page's
localStorage) or none. A known token gets its renderer back (same seat, same hand) and a
whole frame at once; an unknown one gets a new session and token. A session without a
WebSocket lives on for the table's reconnect wait (its renderer drops its table
connection meanwhile, so the table treats the seat as any dropped client's), then ends.
The page never learns the renderer's seat token, the table's admin token or anything
another session sees: a session's frames go only to the WebSocket that holds its token.

Only the table's own page may open the WebSocket (its Origin; another site open in the same
browser gets 403). Bad input: a message that is not JSON text of the expected shape, larger than
``MAX_MESSAGE`` or beyond the rate limit closes that WebSocket with a reason; its renderer
and every other player go on. Renderers are limited to the seats plus
``HostConfig.phone_spectators``; one more browser gets "table full". A renderer that
crashes is started again with the session's seat token, so its phone gets its seat back.

The renderer speaks to the gateway over its stdin/stdout with length-prefixed msgpack
(:func:`pack_msg`, :class:`MsgReader`); see felt/ui/phone_renderer.py for its side.
"""
from __future__ import annotations

import asyncio
import hmac
import json
import logging
import math
import os
import re
import secrets
import shutil
import struct
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import unquote

import msgpack

from felt.paths import ASSETS

log = logging.getLogger("felt.net.gateway")

PAGE_DIR = Path(__file__).resolve().parent / "phone"
SOUND_DIR = ASSETS / "sounds"
WS_PATH = "/ws"

MAX_MESSAGE = 16 * 1024          # bytes of one message from a page (websockets closes with 1009 beyond)
MAX_TEXT = 400                   # characters of a text field's value from a page
RATE = 90.0                      # messages per second a page may send (pointer moves included) ...
BURST = 240                      # ... with this many at once
HELLO_TIMEOUT = 10.0             # seconds a new WebSocket may take to say hello
MAX_PIPE_MSG = 64 << 20          # bytes of one message from a renderer
RESTARTS = 5                     # a renderer that crashes more often than this ...
RESTART_WINDOW = 60.0            # ... within this many seconds stays down
MIN_AWAY_WAIT = 5.0              # a session without its page lives at least this long
CSS_MIN, CSS_MAX = 200, 4096     # CSS pixels the page may ask for
DPR_MAX = 4.0
TOKEN_RE = re.compile(r"^[0-9a-f]{32}$")
KEY_RE = re.compile(r"^[A-Za-z0-9 _+\-.,;:!?'\"#*/=()\[\]{}<>@$%&|~^`\\]{1,20}$|^.$")
POINTER_EVENTS = ("down", "move", "up", "cancel")

# close codes (RFC 6455: 1008 policy violation, 1009 too big, 1013 try again later; 4000+: ours)
CLOSE_BAD = 1008
CLOSE_FULL = 1013
CLOSE_REPLACED = 4001
CLOSE_ENDED = 4002

CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".css": "text/css; charset=utf-8", ".wav": "audio/wav", ".png": "image/png",
                 ".svg": "image/svg+xml", ".ico": "image/x-icon", ".json": "application/json"}
SECURITY_HEADERS = {
    "Cache-Control": "no-cache",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' blob: data:; "
                               "media-src 'self' blob:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
}


# ------------------------------------------------------------------ the pipe to a renderer
def pack_msg(msg: dict) -> bytes:
    """One message on a renderer pipe: 4-byte big-endian length, then msgpack."""
    body = msgpack.packb(msg, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


def unpack_body(body: bytes) -> dict:
    msg = msgpack.unpackb(body, raw=False, strict_map_key=True)
    if not isinstance(msg, dict):
        raise ValueError("a pipe message is a map")
    return msg


class MsgReader:
    """Reads :func:`pack_msg` messages from an asyncio stream; None at the end."""

    def __init__(self, stream: asyncio.StreamReader, limit: int = MAX_PIPE_MSG) -> None:
        self.stream = stream
        self.limit = limit

    async def read(self) -> dict | None:
        try:
            head = await self.stream.readexactly(4)
            (n,) = struct.unpack(">I", head)
            if n > self.limit:
                raise ValueError(f"message of {n} bytes from a renderer")
            return unpack_body(await self.stream.readexactly(n))
        except asyncio.IncompleteReadError:
            return None


# ------------------------------------------------------------------ what a page may send
class BadMessage(Exception):
    """A page's message that breaks the protocol: its WebSocket is closed with ``reason``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason[:120]


def _num(m: dict, key: str, lo: float, hi: float) -> float:
    v = m.get(key)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not lo <= v <= hi:
        raise BadMessage(f"{key} must be a number in {lo:g}..{hi:g}")
    return float(v)


def _str(m: dict, key: str, max_len: int, default: str | None = None) -> str:
    v = m.get(key, default)
    if not isinstance(v, str) or len(v) > max_len:
        raise BadMessage(f"{key} must be text of at most {max_len} characters")
    return v


def parse_page_message(data: Any) -> dict:
    """A page's message as a clean dict, or :class:`BadMessage`. Only what is listed here
    ever reaches a renderer."""
    if not isinstance(data, str):
        raise BadMessage("binary messages are not accepted")
    try:
        m = json.loads(data)
    except (ValueError, RecursionError):
        raise BadMessage("malformed message (not JSON)") from None
    if not isinstance(m, dict) or not isinstance(m.get("t"), str):
        raise BadMessage("malformed message (no type)")
    t = m["t"]
    if t == "hello":
        session = m.get("session")
        if session is not None and not (isinstance(session, str) and len(session) <= 64):
            raise BadMessage("session must be a token")
        return {"t": t, "session": session if isinstance(session, str) else None,
                "w": _num(m, "w", CSS_MIN, CSS_MAX), "h": _num(m, "h", CSS_MIN, CSS_MAX),
                "dpr": _num(m, "dpr", 0.5, 16.0), "lang": _str(m, "lang", 40, ""),
                "name": _str(m, "name", 80, "")}
    if t == "size":
        return {"t": t, "w": _num(m, "w", CSS_MIN, CSS_MAX), "h": _num(m, "h", CSS_MIN, CSS_MAX),
                "dpr": _num(m, "dpr", 0.5, 16.0)}
    if t == "p":
        e = m.get("e")
        if e not in POINTER_EVENTS:
            raise BadMessage("pointer event must be one of " + ", ".join(POINTER_EVENTS))
        mouse = m.get("m") == "mouse"
        return {"t": t, "e": e, "x": _num(m, "x", -0.5, 1.5), "y": _num(m, "y", -0.5, 1.5),
                "id": int(_num(m, "id", 0, 1 << 30)) % 64, "mouse": mouse,
                "buttons": int(_num(m, "b", 0, 31)) if "b" in m else (0 if e == "up" else 1)}
    if t == "wheel":
        return {"t": t, "dy": int(max(-10, min(10, round(_num(m, "dy", -1e6, 1e6))))),
                "x": _num(m, "x", -0.5, 1.5), "y": _num(m, "y", -0.5, 1.5)}
    if t == "key":
        key = _str(m, "key", 20)
        if not KEY_RE.match(key):
            raise BadMessage("unknown key")
        return {"t": t, "key": key, "ctrl": bool(m.get("ctrl")), "shift": bool(m.get("shift"))}
    if t == "text":
        return {"t": t, "value": _str(m, "value", MAX_TEXT)}
    if t == "blur":
        return {"t": t}
    if t == "state":            # what is where (tests, tools); thumb: a tenth-size picture too
        return {"t": t, "thumb": m.get("thumb") is True}
    if t == "ack":
        return {"t": t, "f": int(_num(m, "f", 0, 1 << 32))}
    raise BadMessage(f"unknown message type {t[:20]!r}")


def page_lang(text: str, accept_language: str = "") -> str:
    """'de' or 'en' from the page's language (navigator.language or a choice saved in the
    page), else from the Accept-Language header; German when neither says."""
    for part in [text] + [p.split(";")[0] for p in (accept_language or "").split(",")]:
        tag = part.strip().lower()
        if tag.startswith("de"):
            return "de"
        if tag.startswith("en") or (tag and tag != "*"):
            return "en"
    return "de"


def physical_size(w: float, h: float, dpr: float, max_pixels: int) -> tuple[int, int, float]:
    """The renderer's surface for a page of ``w`` x ``h`` CSS pixels at ``dpr``: CSS size
    times the pixel ratio, the ratio lowered until the surface has at most ``max_pixels``."""
    dpr = max(0.5, min(DPR_MAX, float(dpr)))
    if w * h * dpr * dpr > max_pixels:
        dpr = math.sqrt(max_pixels / (w * h))
    return max(1, int(round(w * dpr))), max(1, int(round(h * dpr))), dpr


# ------------------------------------------------------------------------ sessions
@dataclass
class Session:
    token: str
    lang: str = "de"
    name: str = ""
    css: tuple[float, float] = (390.0, 844.0)
    dpr: float = 1.0
    ws: Any = None                             # the WebSocket holding this session now
    proc: asyncio.subprocess.Process | None = None
    pump: asyncio.Task | None = None
    home: str = ""                             # the renderer's own config and data folders
    seat_token: str | None = None              # the renderer's seat at the table (never sent to the page)
    spectator: bool = False
    away_since: float | None = None
    expiry: asyncio.TimerHandle | None = None
    restarts: list[float] = field(default_factory=list)
    ended: bool = False
    frames_sent: int = 0
    bytes_sent: int = 0
    # a page's own rate limit
    tokens: float = float(BURST)
    refill_at: float = 0.0


class Gateway:
    """The phone gateway of one table. ``await start()``, ``url``, ``await stop()``.

    ``table_address``/``table_port``: where renderers join the table (loopback when the
    table listens everywhere). ``capacity()``: how many renderers may run (seats plus
    spectators). ``reconnect_wait()``: the table's wait for a dropped player, in seconds.
    """

    def __init__(self, table_address: str, table_port: int, table_name: Callable[[], str],
                 capacity: Callable[[], int], reconnect_wait: Callable[[], float],
                 address: str = "127.0.0.1",
                 public_url: str | None = None, max_pixels: int = 3_000_000,
                 renderer_cmd: list[str] | str | None = None) -> None:
        self.table_address = table_address
        self.table_port = table_port
        self.table_name = table_name
        self.capacity = capacity
        self.reconnect_wait = reconnect_wait
        self.port = 0
        self.address = address
        self.public_url = public_url or None
        self.max_pixels = int(max_pixels)
        from felt.net.launcher import Launcher     # a module is forked by the zygote; a command is run
        self.renderer_cmd = renderer_cmd or "felt.ui.phone_renderer"
        self.launcher = Launcher(prestart=True)
        self.sessions: dict[str, Session] = {}
        self.server: Any = None
        self.closing = False
        self.stats = {"refused_full": 0, "closed_bad": 0, "restarts": 0, "http": 0}
        # a hook for tests: (session, frame) for every frame sent
        self.on_frame: Callable[[Session, bytes], Any] | None = None

    # ------------------------------------------------------------- lifecycle
    @property
    def url(self) -> str:
        """The page's address on the local network."""
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"http://{host}:{self.port}/"

    @property
    def urls(self) -> list[str]:
        """Where phones open the page: the public URL first when there is one."""
        return [u for u in (self.public_url, self.url) if u]

    async def start(self, sock) -> "Gateway":
        """Serve on ``sock``, a listening TCP socket (the host opens it as it opens its own:
        one socket for IPv4 and IPv6 on the same port)."""
        from websockets.asyncio.server import serve
        try:
            self.server = await serve(self._ws, sock=sock, process_request=self._http, compression=None,
                                      max_size=MAX_MESSAGE, max_queue=64, ping_interval=20, ping_timeout=20,
                                      close_timeout=2, open_timeout=HELLO_TIMEOUT, server_header=None,
                                      logger=logging.getLogger("felt.net.gateway.ws"))
        except BaseException:
            sock.close()
            raise
        self.port = sock.getsockname()[1]
        return self

    async def stop(self) -> None:
        self.closing = True
        await asyncio.gather(*(self._end(s, "the table closed") for s in list(self.sessions.values())))
        if self.server is not None:
            self.server.close()
            try:
                await asyncio.wait_for(self.server.wait_closed(), 3)
            except asyncio.TimeoutError:
                pass
        await self.launcher.stop()

    def live_sessions(self) -> list[Session]:
        return [s for s in self.sessions.values() if not s.ended]

    # ------------------------------------------------------------------ HTTP
    def _http(self, connection, request):
        """Plain HTTP: the page and its files; the WebSocket path goes on to the handshake."""
        from websockets.datastructures import Headers
        from websockets.http11 import Response
        path = request.path.split("?", 1)[0].split("#", 1)[0]

        def respond(status: int, reason: str, body: bytes, ctype: str) -> Response:
            headers = Headers({"Content-Type": ctype, "Content-Length": str(len(body)), "Connection": "close",
                               **SECURITY_HEADERS})
            return Response(status, reason, headers, body)

        if path == WS_PATH:
            if not self._same_origin(request.headers):
                self.stats["closed_bad"] += 1
                return respond(403, "Forbidden", b"the WebSocket is for this table's own page\n",
                               "text/plain; charset=utf-8")
            return None
        self.stats["http"] += 1

        file = static_file(path)
        if file is None:
            return respond(404, "Not Found", b"not found\n", "text/plain; charset=utf-8")
        try:
            body = file.read_bytes()
        except OSError:
            return respond(404, "Not Found", b"not found\n", "text/plain; charset=utf-8")
        return respond(200, "OK", body, CONTENT_TYPES[file.suffix])

    def _same_origin(self, headers) -> bool:
        """A browser names the page that opens a WebSocket (Origin): only this table's own page
        (at the address it was opened by, or the public URL) may open one; another site in
        the same browser may not. Clients that are no browser send no Origin."""
        from urllib.parse import urlsplit
        origin = headers.get("Origin")
        if origin is None:
            return True
        netloc = urlsplit(origin).netloc.lower()
        allowed = {str(headers.get("Host") or "").lower()}
        if self.public_url:
            allowed.add(urlsplit(self.public_url).netloc.lower())
        return bool(netloc) and netloc in allowed

    # ------------------------------------------------------------- WebSocket
    async def _ws(self, ws) -> None:
        from websockets.exceptions import ConnectionClosed
        session: Session | None = None
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
                hello = parse_page_message(first)
                if hello["t"] != "hello":
                    raise BadMessage("the first message must be hello")
            except asyncio.TimeoutError:
                await ws.close(CLOSE_BAD, "no hello")
                return
            except BadMessage as exc:
                self.stats["closed_bad"] += 1
                await ws.close(CLOSE_BAD, exc.reason)
                return
            accept = ws.request.headers.get("Accept-Language", "") if ws.request is not None else ""
            session = await self._attach(ws, hello, accept)
            if session is None:
                return
            async for data in ws:
                if session.ws is not ws:
                    break                      # another page took this session over
                if not self._rate_ok(session):
                    self.stats["closed_bad"] += 1
                    await ws.close(CLOSE_BAD, "flooding: too many messages")
                    break
                try:
                    await self._from_page(session, parse_page_message(data))
                except BadMessage as exc:
                    self.stats["closed_bad"] += 1
                    await ws.close(CLOSE_BAD, exc.reason)
                    break
        except ConnectionClosed:
            pass
        finally:
            if session is not None and session.ws is ws:
                self._detach(session)

    async def _attach(self, ws, hello: dict, accept_language: str) -> Session | None:
        token = hello.get("session") or ""
        s = self.sessions.get(token) if TOKEN_RE.match(token) else None
        if s is not None and (s.ended or not hmac.compare_digest(s.token, token)):
            s = None
        if s is None:
            if len(self.live_sessions()) >= max(1, int(self.capacity())):
                self.stats["refused_full"] += 1
                lang = page_lang(hello.get("lang", ""), accept_language)
                await ws.send(json.dumps({"t": "full", "lang": lang, "table": self.table_name()}))
                await ws.close(CLOSE_FULL, "table full")
                return None
            s = Session(token=secrets.token_hex(16), lang=page_lang(hello.get("lang", ""), accept_language),
                        name=" ".join(str(hello.get("name") or "").split())[:40])
            s.refill_at = time.monotonic()
            self.sessions[s.token] = s
        old, s.ws = s.ws, ws
        if old is not None and old is not ws:
            asyncio.ensure_future(_close_quietly(old, CLOSE_REPLACED, "opened in another tab"))
        if s.expiry is not None:
            s.expiry.cancel()
            s.expiry = None
        s.away_since = None
        s.css = (hello["w"], hello["h"])
        s.dpr = hello["dpr"]
        await ws.send(json.dumps({"t": "session", "token": s.token}))
        if s.proc is None or s.proc.returncode is not None:
            await self._spawn(s)
        else:
            await self._to_renderer(s, {"t": "back", **self._size_msg(s)})
        return s

    def _detach(self, s: Session) -> None:
        s.ws = None
        if s.ended or self.closing:
            return
        s.away_since = time.monotonic()
        asyncio.ensure_future(self._to_renderer(s, {"t": "away"}))
        wait = max(MIN_AWAY_WAIT, float(self.reconnect_wait()))
        loop = asyncio.get_running_loop()
        s.expiry = loop.call_later(wait, lambda: asyncio.ensure_future(self._end(s, "away too long")))

    def _rate_ok(self, s: Session) -> bool:
        now = time.monotonic()
        s.tokens = min(float(BURST), s.tokens + (now - s.refill_at) * RATE)
        s.refill_at = now
        if s.tokens < 1.0:
            return False
        s.tokens -= 1.0
        return True

    def _size_msg(self, s: Session) -> dict:
        pw, ph, d = physical_size(s.css[0], s.css[1], s.dpr, self.max_pixels)
        return {"w": pw, "h": ph, "density": d, "css": [s.css[0], s.css[1]]}

    async def _from_page(self, s: Session, msg: dict) -> None:
        t = msg["t"]
        if t == "hello":
            raise BadMessage("hello was already said")
        if t == "size":
            s.css, s.dpr = (msg["w"], msg["h"]), msg["dpr"]
            await self._to_renderer(s, {"t": "size", **self._size_msg(s)})
            return
        await self._to_renderer(s, {"t": "in", "m": msg})

    # ------------------------------------------------------------- renderers
    async def _spawn(self, s: Session) -> None:
        if not s.home:
            s.home = tempfile.mkdtemp(prefix="felt-phone-")
        env = dict(os.environ)
        env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                    "FELT_CONFIG_DIR": os.path.join(s.home, "config"),
                    "FELT_DATA_DIR": os.path.join(s.home, "data")})
        env.pop("FELT_REMOTE", None)
        s.proc = await self.launcher.launch(self.renderer_cmd, env, s.home)
        start = {"t": "start", **self._size_msg(s), "lang": s.lang, "name": s.name,
                 "table": {"address": self.table_address, "port": self.table_port, "name": self.table_name()},
                 "token": s.seat_token, "spectator": s.spectator, "away": s.ws is None}
        await self._to_renderer(s, start)
        s.pump = asyncio.ensure_future(self._pump(s, s.proc))

    async def _to_renderer(self, s: Session, msg: dict) -> None:
        p = s.proc
        if p is None or p.stdin is None or p.returncode is not None:
            return
        try:
            p.stdin.write(pack_msg(msg))
            await p.stdin.drain()
        except (ConnectionError, OSError):
            pass

    async def _pump(self, s: Session, proc: asyncio.subprocess.Process) -> None:
        """Everything a renderer says, to its page (or kept here: its seat token)."""
        from websockets.exceptions import ConnectionClosed
        assert proc.stdout is not None
        reader = MsgReader(proc.stdout)
        try:
            while True:
                try:
                    msg = await reader.read()
                except (ValueError, msgpack.UnpackException) as exc:
                    log.warning("renderer sent a bad message (%s); it is restarted", exc)
                    proc.kill()
                    break
                if msg is None:
                    break
                t = msg.get("t")
                ws = s.ws
                if t == "frame":
                    data = msg.get("data")
                    if ws is not None and isinstance(data, bytes):
                        s.frames_sent += 1
                        s.bytes_sent += len(data)
                        if self.on_frame is not None:
                            self.on_frame(s, data)
                        try:
                            await ws.send(data)
                        except ConnectionClosed:
                            pass
                elif t == "page":
                    m = msg.get("m")
                    if isinstance(m, dict):
                        if m.get("t") == "lang" and m.get("lang") in ("de", "en"):
                            s.lang = m["lang"]
                        if m.get("t") == "name" and isinstance(m.get("name"), str):
                            s.name = m["name"][:40]
                        if ws is not None:
                            try:
                                await ws.send(json.dumps(m, ensure_ascii=False))
                            except ConnectionClosed:
                                pass
                elif t == "seat":
                    tok = msg.get("token")
                    s.seat_token = tok if isinstance(tok, str) else None
                    s.spectator = bool(msg.get("spectator"))
        finally:
            rc = await proc.wait()
        if s.ended or self.closing or s.proc is not proc:
            return
        if rc == 0:                 # the renderer ended on its own (the table closed): so does the session
            await self._end(s, "renderer finished")
            return
        now = time.monotonic()
        s.restarts = [t for t in s.restarts if now - t < RESTART_WINDOW] + [now]
        if len(s.restarts) > RESTARTS:
            log.warning("the renderer of a phone keeps crashing (exit %s); the session ends", rc)
            await self._end(s, "renderer crashed")
            return
        log.warning("a phone's renderer ended (exit %s); starting it again", rc)
        self.stats["restarts"] += 1
        await self._spawn(s)

    async def _end(self, s: Session, why: str) -> None:
        if s.ended:
            return
        s.ended = True
        if s.expiry is not None:
            s.expiry.cancel()
            s.expiry = None
        self.sessions.pop(s.token, None)
        ws, s.ws = s.ws, None
        if ws is not None:
            await _close_quietly(ws, CLOSE_ENDED, why)
        p = s.proc
        if p is not None and p.returncode is None:
            await self._to_renderer(s, {"t": "quit"})
            try:
                await asyncio.wait_for(p.wait(), 3.0)
            except asyncio.TimeoutError:
                p.kill()
                try:
                    await asyncio.wait_for(p.wait(), 2.0)
                except asyncio.TimeoutError:
                    pass
        if s.pump is not None and not s.pump.done():
            s.pump.cancel()
        if s.home:
            shutil.rmtree(s.home, ignore_errors=True)

    # for tests: the renderer process of a session
    def session_of(self, token: str) -> Session | None:
        return self.sessions.get(token)


async def _close_quietly(ws, code: int, reason: str) -> None:
    try:
        await ws.close(code, reason)
    except Exception:
        pass


def static_file(path: str) -> Path | None:
    """The file a URL path names, inside the page folder (or the sounds folder for
    ``/sounds/NAME.wav``); None for anything else, including every path that would leave
    those folders."""
    try:
        path = unquote(path, errors="strict")
    except UnicodeDecodeError:
        return None
    if not path.startswith("/") or "\\" in path or "\x00" in path or "//" in path:
        return None
    parts = path[1:].split("/")
    if any(p in ("", ".", "..") or p.startswith(".") for p in parts) and path != "/":
        return None
    if path == "/":
        base, rel = PAGE_DIR, ["index.html"]
    elif parts[0] == "sounds" and len(parts) == 2:
        base, rel = SOUND_DIR, parts[1:]
    else:
        base, rel = PAGE_DIR, parts
    root = base.resolve()
    try:
        f = root.joinpath(*rel).resolve()
    except (OSError, ValueError):
        return None
    if not f.is_relative_to(root) or not f.is_file() or f.suffix not in CONTENT_TYPES:
        return None
    return f


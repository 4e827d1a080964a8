"""Phones join from their browser: the page, its files and a WebSocket on one port.

A phone has no Python and no pygame, so its table is drawn by the host: for every browser
that joins, the gateway starts a renderer process (felt.ui.phone_renderer, forked by a zygote
that has pygame loaded: felt/net/launcher.py)
that runs the ordinary window client offscreen at the phone's size and pixel density and
joins the table over TCP like any other client (so the table's per-seat filter decides
what it may see). The renderer's frames go to the browser over the WebSocket; taps,
drags and typing come back.

One port (``websockets``, asyncio) answers both:

- plain HTTP ``GET``/``HEAD`` for the page (felt/net/phone/: HTML, JS, CSS) and the game's
  sounds (felt/assets/sounds); nothing else is served, no path leaves those folders, and any
  other method gets 405. ``check`` answers why a page could not open its WebSocket (behind a
  proxy: a Host or Origin this table does not know, a proxy that drops the Upgrade), about
  that page's own connection only: the Host as it came in at that address, and whether a
  WebSocket request carrying the page's own random probe (``ws?c=…``) came without Upgrade.
- the WebSocket at ``ws`` (relative to the page, so a page under a path prefix works): JSON
  text from the page (hello, size, pointer, keys, text, frame acks, the screen-reader layer's
  ``act``), binary frames and JSON notices to it (the screen-reader layer among them:
  felt/ui/a11y.py). A message that breaks the protocol closes the page's WebSocket (1008);
  a bad ``act`` only is refused to that page (``{"t": "refused", "what": "act", "why"}``) and
  the page stays.

Sessions: a page's first message names its session token (128 bits, kept in the page's
localStorage) or none. A known token gets its session back: its renderer (same seat, same
hand) and a whole frame at once; an unknown one gets a new session and token. The session
holds its WebSocket before anything is awaited, so a page gone in the same instant as its
hello gives its place back. A session whose page is gone keeps its renderer for the table's
reconnect wait if it holds a seat (the renderer drops its table connection meanwhile, so the
table treats the seat as any dropped client's, and a bot plays it after the wait), for
``LINGER`` seconds otherwise (a reload gets it back; its place is free at once, and a
renderer that needs the room ends it first); then the renderer stops, and a session that
holds a seat at the table (or watches) is *parked*: it lives on for the table's life without
a process, and when its page comes back a new renderer takes the seat back with the seat
token (the bot steps aside). A session with nothing to come back to ends. Each session's
renderer is started and stopped by that session's one worker task only (``_converge``), so
however fast its pages come and go a session never has two and no renderer outlives its
session; all renderers alive, starting and stopping ones included, are at most the table's
places + 1. The parked sessions are written to the
journal through ``on_sessions`` (only a hash of each page token, with the seat token), so a
table resumed after a crash gives every phone its seat back on the same phone port.
The page never learns the renderer's seat token, the table's admin token or anything
another session sees: a session's frames go only to the WebSocket that holds its token.

Only the table's own page may open the WebSocket: the request's Host must be one of the
table's own addresses (or the public URL's), so a DNS-rebinding page cannot, and its Origin
must be that same page (another site open in the same browser gets 403). Bad input: a
message that is not JSON text of the expected shape (numbers in range, text that is valid
Unicode), larger than ``MAX_MESSAGE`` or beyond the rate limit (control frames such as pings
count) closes that WebSocket with 1008 and a reason; its renderer and every other player go
on. What a page's messages ask of its renderer is bounded (``work_cost``, ``WORK_RATE``):
beyond it they wait, and a page that keeps asking more is closed as flooding. Connections
that have not said hello are capped per address and in all (the address holding the most
gives up its oldest) and dropped after ``IDLE_TIMEOUT`` without a byte or ``PENDING_TIMEOUT``
without an answer or hello, so idle connections cannot crowd out the table. Lines on the
host's terminal carry no text of a request unescaped (felt/net/termtext.py), a few a
minute at most. Renderers are limited to the seats
plus ``HostConfig.phone_spectators``: sessions with a page or a seat count; one more browser
gets "table full". A renderer that crashes is started again with the session's seat token,
so its phone gets its seat back.

The renderer speaks to the gateway over its stdin/stdout with length-prefixed msgpack
(:func:`pack_msg`, :class:`MsgReader`); see felt/ui/phone_renderer.py for its side.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import math
import os
import re
import secrets
import shutil
import struct
import tempfile
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable
from urllib.parse import parse_qs, unquote

import msgpack

from felt.net.termtext import SafeLines
from felt.paths import ASSETS

log = logging.getLogger("felt.net.gateway")
_safe_lines = SafeLines()                # what a request says never drives the owner's terminal
for _name in ("felt.net.gateway", "felt.net.gateway.ws"):
    logging.getLogger(_name).addFilter(_safe_lines)

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
MIN_AWAY_WAIT = 5.0              # a seated session's renderer outlives its page at least this long
PRUNE_EVERY = 5.0                # seconds between looks at parked sessions
WARM_AFTER = 0.5                 # seconds after the port opens that the phones' zygote starts loading
AWAY_GRACE = 1.5                 # a page gone this long: its renderer leaves the table (the others see it)
LINGER = 3.0                     # a renderer outlives its page this long when the session holds no seat
STOP_GRACE = 1.0                 # seconds a renderer gets to quit before it is killed
WORK_RATE = 150.0                # units of work (work_cost) a page's messages may ask of its renderer a second ...
WORK_BURST = 400.0               # ... with this many at once;
MAX_BACKLOG = 48                 # a page with more messages than this waiting for its budget is flooding
MAX_PARKED_SPECTATORS = 32       # watching sessions kept without a page, at most (the oldest end)
MAX_PENDING = 64                 # connections to the page's port that have not said hello, in all ...
MAX_PENDING_PER_ADDR = 16        # ... and from one address (a browser loads a page's files six at a time)
IDLE_TIMEOUT = 2.0               # seconds a new connection may stay silent (no byte of a request) ...
PENDING_TIMEOUT = 6.0            # ... and may take to get its answer or say hello
ROOT_PREFIX = "felt-phones-"     # the renderers' folders: felt-phones-<host pid>-…
CHECK_PATH = "/check"
CSS_MIN, CSS_MAX = 200, 4096     # CSS pixels the page may ask for
DPR_MAX = 4.0
TOKEN_RE = re.compile(r"^[0-9a-f]{32}$")
KEY_RE = re.compile(r"^[A-Za-z0-9 _+\-.,;:!?'\"#*/=()\[\]{}<>@$%&|~^`\\]{1,20}$|^.$")
POINTER_EVENTS = ("down", "move", "up", "cancel")
ACT_RE = re.compile(r"^[a-z]{1,8}:[A-Za-z0-9_\[\]]{1,40}$")   # a target of the screen-reader layer

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


class BadAct(BadMessage):
    """A bad ``act`` (the screen-reader layer's button): refused with ``reason`` to that page
    (``{"t": "refused", "what": "act", "why": ...}``); its WebSocket stays open."""


def _num(m: dict, key: str, lo: float, hi: float) -> float:
    v = m.get(key)
    ok = not isinstance(v, bool) and isinstance(v, (int, float))
    if ok and isinstance(v, int):
        ok = -(1 << 53) <= v <= 1 << 53         # a 400-digit integer is no coordinate (and no float)
    if not ok or not math.isfinite(v) or not lo <= v <= hi:
        raise BadMessage(f"{key} must be a number in {lo:g}..{hi:g}")
    return float(v)


def _unicode(v: str, key: str) -> str:
    """``v`` if it can be sent on (UTF-8): JSON's escapes can carry a lone surrogate."""
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:
        raise BadMessage(f"{key} is not valid Unicode text (a lone surrogate)") from None
    return v


def _str(m: dict, key: str, max_len: int, default: str | None = None) -> str:
    v = m.get(key, default)
    if not isinstance(v, str) or len(v) > max_len:
        raise BadMessage(f"{key} must be text of at most {max_len} characters")
    return _unicode(v, key)


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
    t = _unicode(m["t"], "t")
    if t == "hello":
        session = m.get("session")
        if session is not None and not (isinstance(session, str) and len(session) <= 64):
            raise BadMessage("session must be a token")
        if session is not None:
            _unicode(session, "session")
        return {"t": t, "session": session if isinstance(session, str) else None,
                "w": _num(m, "w", CSS_MIN, CSS_MAX), "h": _num(m, "h", CSS_MIN, CSS_MAX),
                "dpr": _num(m, "dpr", 0.5, 16.0), "lang": _str(m, "lang", 40, ""),
                "name": _str(m, "name", 80, ""), "look": look_of(_str(m, "look", 8, "")),
                "kb": m.get("kb") is True,     # the browser has a keyboard (a fine pointer that hovers)
                "verb": verb_of(m.get("verb"))}
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
    if t == "act":              # a button of the page's screen-reader layer (felt/ui/a11y.py)
        try:
            target = _str(m, "id", 50)
            if not ACT_RE.match(target):
                raise BadAct("act must name a target (kind:name)")
            if "value" in m:        # a text field of that layer: its new text
                return {"t": t, "id": target, "value": _str(m, "value", MAX_TEXT)}
        except BadMessage as exc:
            raise BadAct(f"act refused: {exc.reason}") from None
        return {"t": t, "id": target}
    raise BadMessage(f"unknown message type {t[:20]!r}")


WORK_COSTS = {"p": 1, "wheel": 2, "key": 2, "text": 4, "blur": 1, "ack": 0, "state": 5, "act": 10, "size": 50}


def work_cost(msg: dict) -> float:
    """What a page's (parsed) message costs its renderer, in units of a finger's move: a
    tap redraws, a state question walks the scene (its thumbnail scales the picture), a
    screen-reader button builds that layer, a new size draws everything anew."""
    t = msg["t"]
    if t == "p" and msg["e"] != "move":
        return 3
    if t == "state" and msg.get("thumb"):
        return 25
    return WORK_COSTS.get(t, 1)


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


# -------------------------------------------------------- who may open the WebSocket
DEFAULT_PORTS = {"http": 80, "https": 443}
LOG_AGAIN_S = 600.0              # the same kind of refusal is logged again after this many seconds
PROBE_RE = re.compile(r"^[0-9a-f]{16,64}$")     # a page's own probe for /check
MAX_PROBES = 512                 # pages' probes kept (the oldest go)
NO_UPGRADE_FIX = ('a proxy in front of the phones\' page does not pass WebSockets on: it must speak HTTP/1.1 '
                  'to the table and pass the Upgrade (nginx: proxy_http_version 1.1; proxy_set_header Upgrade '
                  '$http_upgrade; proxy_set_header Connection "upgrade"; Caddy: reverse_proxy does it by itself)')


def split_host(netloc: str) -> tuple[str, int | None] | None:
    """A Host header or a URL's netloc as (lower-case host, port or None); None when it is
    malformed. ``[::1]:80`` -> ('::1', 80); ``Name.`` -> ('name', None)."""
    netloc = netloc.strip().lower()
    if not netloc or any(c in netloc for c in "/@ \t\\?#"):
        return None
    if netloc.startswith("["):
        end = netloc.find("]")
        if end < 0:
            return None
        host, rest = netloc[1:end], netloc[end + 1:]
        if rest and not rest.startswith(":"):
            return None
        port_s = rest[1:] if rest else None
    else:
        host, colon, port_s = netloc.partition(":")
        if not colon:
            port_s = None
        elif ":" in port_s:
            return None              # an IPv6 address without brackets is no Host
    port = None
    if port_s is not None:
        if not port_s.isdigit() or len(port_s) > 5 or not 0 < int(port_s) < 65536:
            return None
        port = int(port_s)
    host = host.rstrip(".")
    return (host, port) if host else None


def origin_of(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an Origin header or a URL, its default port filled in (so
    ``https://x:443`` and ``https://x`` are one origin); None for anything but http(s)."""
    from urllib.parse import urlsplit
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS:
        return None
    hp = split_host(parts.netloc)
    if hp is None:
        return None
    return scheme, hp[0], hp[1] if hp[1] is not None else DEFAULT_PORTS[scheme]


def origin_text(o: tuple[str, str, int]) -> str:
    scheme, host, port = o
    h = f"[{host}]" if ":" in host else host
    return f"{scheme}://{h}" + ("" if port == DEFAULT_PORTS[scheme] else f":{port}")


def own_hostnames() -> set[str]:
    """Every name and address this machine answers to: loopback, its host name (and
    NAME.local), and the addresses of all its interfaces."""
    import socket
    names = {"localhost", "127.0.0.1", "::1"}
    try:
        hn = socket.gethostname().lower().rstrip(".")
        if hn:
            names |= {hn, hn.split(".")[0] + ".local"}
    except OSError:
        pass
    try:
        import ifaddr
        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                names.add(ip.ip.lower() if isinstance(ip.ip, str) else str(ip.ip[0]).lower().split("%")[0])
    except Exception:
        pass
    return names


def _is_address(name: str) -> bool:
    import ipaddress
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


def _address(connection, which: str) -> str | None:
    """The local or remote address of a page's connection (None when it is not known)."""
    try:
        addr = connection.local_address if which == "local" else connection.remote_address
        return str(addr[0]) if addr else None
    except Exception:
        return None


def page_key(token: str) -> str:
    """What the journal keeps of a page's session token: a hash, never the token."""
    return hashlib.sha256(b"felt-phone-session\0" + token.encode()).hexdigest()


def look_of(text) -> str:
    """The card style a page keeps for its player (``f`` four colours, ``b`` big indices), from
    whatever the page sent: only those letters, each once, in that order."""
    text = text if isinstance(text, str) else ""
    return "".join(c for c in "fb" if c in text)


def verb_of(value) -> str:
    """The screen-reader layer's verbosity the page keeps (felt/ui/a11y.py): one of its three
    words, else "normal"."""
    return value if value in ("short", "normal", "long") else "normal"


# ------------------------------------------------------------------------ sessions
@dataclass
class Session:
    token: str
    lang: str = "de"
    name: str = ""
    look: str = ""                             # the card style (look_of): kept by the page too
    kb: bool = False                           # the page's browser has a keyboard (its tables name their keys)
    verb: str = "normal"                       # the screen-reader layer's verbosity (verb_of): the page's too
    css: tuple[float, float] = (390.0, 844.0)
    dpr: float = 1.0
    ws: Any = None                             # the WebSocket holding this session now
    proc: Any = None                           # the renderer (felt.net.launcher: a Process-like handle)
    pump: asyncio.Task | None = None
    home: str = ""                             # the renderer's own config and data folders
    seat_token: str | None = None              # the renderer's seat at the table (never sent to the page)
    spectator: bool = False
    away_since: float | None = None
    expiry: asyncio.TimerHandle | None = None
    away_timer: asyncio.TimerHandle | None = None   # when the renderer is told its page is away
    parked: bool = False                       # no renderer until its page comes back
    restarts: list[float] = field(default_factory=list)
    ended: bool = False
    worker: asyncio.Task | None = None         # the one task that starts and stops its renderer
    work: float = 0.0                          # the page's work budget left (WORK_RATE, WORK_BURST) ...
    work_at: float = 0.0                       # ... as of then
    backlog: deque = field(default_factory=deque)   # messages waiting for the budget
    drain: asyncio.Task | None = None
    frames_sent: int = 0
    bytes_sent: int = 0

    def record(self) -> dict:
        """What the journal keeps of a session (a parked one comes back after a crash)."""
        return {"key": page_key(self.token), "seat": self.seat_token, "spectator": self.spectator,
                "name": self.name, "lang": self.lang, "look": self.look}


class Gateway:
    """The phone gateway of one table. ``await start()``, ``url``, ``await stop()``.

    ``table_address``/``table_port``: where renderers join the table (loopback when the
    table listens everywhere). ``capacity()``: how many sessions may count at once (seats plus
    spectators). ``reconnect_wait()``: the table's wait for a dropped player, in seconds.
    ``seat_held(token)``: does the table still keep a player's seat with that seat token
    (a parked session without one ends). ``on_sessions(records)``: the sessions to keep
    across a crash changed (the host journals them). ``kept``: such records of the table
    before a crash (``felt host --resume``): a page whose token hashes to one gets its seat.
    """

    def __init__(self, table_address: str, table_port: int, table_name: Callable[[], str],
                 capacity: Callable[[], int], reconnect_wait: Callable[[], float],
                 address: str = "127.0.0.1",
                 public_url: str | None = None, max_pixels: int = 3_000_000,
                 renderer_cmd: list[str] | str | None = None,
                 seat_held: Callable[[str], bool] | None = None,
                 on_sessions: Callable[[list[dict]], Any] | None = None,
                 kept: list[dict] | None = None) -> None:
        self.table_address = table_address
        self.table_port = table_port
        self.table_name = table_name
        self.capacity = capacity
        self.reconnect_wait = reconnect_wait
        self.seat_held = seat_held or (lambda token: True)
        self.on_sessions = on_sessions
        self.port = 0
        self.address = address
        self.public_url = public_url or None
        self.public = origin_of(self.public_url) if self.public_url else None
        self.prefix = ""                 # the public URL's path, when a proxy does not strip it
        if self.public_url:
            from urllib.parse import urlsplit
            self.prefix = urlsplit(self.public_url).path.rstrip("/")
        self.max_pixels = int(max_pixels)
        from felt.net.launcher import Launcher     # a module is forked by the zygote; a command is run
        self.renderer_cmd = renderer_cmd or "felt.ui.phone_renderer"
        # the zygote starts WARM_AFTER seconds after the page's port opens (or with the
        # first request for the page, if that comes first)
        self.launcher = Launcher(prestart=False)
        self.sessions: dict[str, Session] = {}
        self.kept: dict[str, dict] = {}  # page key -> record, of the table before a crash
        for rec in kept or []:
            if isinstance(rec, dict) and isinstance(rec.get("key"), str) and (rec.get("seat") or rec.get("spectator")):
                self.kept[rec["key"]] = rec
        self.root = ""                   # the renderers' folders (removed at stop; a dead host's at the next start)
        self.server: Any = None
        self.closing = False
        self.pending: dict[Any, str] = {}  # connections that have not said hello -> their address (oldest first)
        self.stats = {"refused_full": 0, "closed_bad": 0, "refused_act": 0, "restarts": 0, "http": 0,
                      "dropped_pending": 0, "refused_origin": 0, "parked": 0, "reused": 0, "evicted": 0,
                      "started": 0, "held_back": 0, "idle_dropped": 0}
        self.procs: set[Any] = set()     # renderer processes alive (stopping ones too)
        self.reserved = 0                # renderers being started
        self._room = asyncio.Event()     # set when a renderer ended or a session stopped wanting one
        self._names: tuple[float, set[str]] = (-1e9, set())
        self._logged: dict[str, float] = {}
        self.no_upgrade: dict[str, float] = {}   # a page's probe -> when its WebSocket came without its Upgrade
        self._prune_timer: asyncio.TimerHandle | None = None
        self._warm_timer: asyncio.TimerHandle | None = None
        self._journaled: list[dict] | None = None
        self._tasks: set[asyncio.Task] = set()
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
        clean_stale_folders()
        self.root = tempfile.mkdtemp(prefix=f"{ROOT_PREFIX}{os.getpid()}-")
        try:
            self.server = await serve(self._ws, sock=sock, process_request=self._http, compression=None,
                                      max_size=MAX_MESSAGE, max_queue=64, ping_interval=20, ping_timeout=20,
                                      close_timeout=2, open_timeout=HELLO_TIMEOUT, server_header=None,
                                      create_connection=page_connection_class(self),
                                      logger=logging.getLogger("felt.net.gateway.ws"))
        except BaseException:
            sock.close()
            shutil.rmtree(self.root, ignore_errors=True)
            raise
        self.port = sock.getsockname()[1]
        loop = asyncio.get_running_loop()
        self._prune_timer = loop.call_later(PRUNE_EVERY, self._prune)
        # the zygote loads a moment after the table opens (not while it opens), so the first
        # phone is as quick as the next (FELT_PHONE_WARM=0: at the first request, as before;
        # the test suite's many tables that no phone opens ask for that)
        if os.environ.get("FELT_PHONE_WARM", "1") != "0":
            self._warm_timer = loop.call_later(WARM_AFTER, self._warm)
        if self.kept:
            self._sessions_changed()         # the phones of the table before its crash, journaled anew
        return self

    def _warm(self) -> None:
        self._warm_timer = None
        if not self.closing:
            self.launcher.warm()

    async def stop(self) -> None:
        self.closing = True
        if self._warm_timer is not None:
            self._warm_timer.cancel()
        if self._prune_timer is not None:
            self._prune_timer.cancel()
        for s in list(self.sessions.values()):
            self._end(s, "the table closed")
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5.0)
        if self.server is not None:
            self.server.close()
            try:
                await asyncio.wait_for(self.server.wait_closed(), 3)
            except asyncio.TimeoutError:
                pass
        await self.launcher.stop()
        if self.root:
            shutil.rmtree(self.root, ignore_errors=True)

    def _task(self, coro) -> asyncio.Task:
        """Work that goes on after its cause returns (a session ending); ``stop`` waits for it."""
        t = asyncio.ensure_future(coro)
        self._tasks.add(t)
        t.add_done_callback(self._tasks.discard)
        return t

    def live_sessions(self) -> list[Session]:
        return [s for s in self.sessions.values() if not s.ended]

    def _holds_seat(self, s: Session) -> bool:
        return bool(s.seat_token) and bool(self.seat_held(s.seat_token))

    def counted(self) -> int:
        """Sessions that take a place: with a page open, or holding a seat at the table."""
        return sum(1 for s in self.live_sessions() if s.ws is not None or self._holds_seat(s))

    def session_records(self) -> list[dict]:
        """The sessions a resumed table must know: those with a seat or watching, woken or not."""
        recs = [s.record() for s in self.live_sessions() if s.seat_token or s.spectator]
        woken = {r["key"] for r in recs}
        return recs + [r for k, r in self.kept.items() if k not in woken]

    def _sessions_changed(self) -> None:
        if self.on_sessions is None or self.closing:
            return
        recs = self.session_records()
        if recs != self._journaled:
            self._journaled = recs
            try:
                self.on_sessions(recs)
            except Exception as exc:        # the journal says so itself; the phones play on
                log.warning("could not record the phones' sessions: %s", exc)

    def _prune(self) -> None:
        """Every few seconds: a parked session whose seat the table gave away ends; so does a
        kept one (of the table before a crash) whose seat is gone."""
        self._prune_timer = None
        if self.closing:
            return
        for s in self.live_sessions():
            if s.ws is None and s.parked and not s.spectator and not self._holds_seat(s):
                self._end(s, "its seat is gone")
        for k, rec in list(self.kept.items()):
            if not rec.get("spectator") and not (rec.get("seat") and self.seat_held(rec["seat"])):
                self.kept.pop(k, None)
        spectators = sorted((s for s in self.live_sessions() if s.parked and s.ws is None and not s.seat_token),
                            key=lambda s: s.away_since or 0.0)
        for s in spectators[:max(0, len(spectators) - MAX_PARKED_SPECTATORS)]:
            self._end(s, "watching ended")
        self._sessions_changed()
        self._room.set()                      # (the table's places may have changed)
        self._prune_timer = asyncio.get_running_loop().call_later(PRUNE_EVERY, self._prune)

    # ------------------------------------------------------ handshakes in progress
    def connection_opened(self, conn: Any, addr: str) -> None:
        """A TCP connection to the page's port: until it says hello (or its HTTP answer is
        sent) it counts as pending. An address at its share (``MAX_PENDING_PER_ADDR``) drops
        its own oldest; when all are taken, the address holding the most drops its oldest, so
        a device that has none pending always gets in. One that sends nothing for
        ``IDLE_TIMEOUT`` seconds, or has not said hello after ``PENDING_TIMEOUT``, is dropped
        (an honest page asks at once)."""
        by_addr: dict[str, list] = {}
        for c, a in self.pending.items():
            by_addr.setdefault(a, []).append(c)
        mine = by_addr.get(addr, [])
        if len(mine) >= MAX_PENDING_PER_ADDR:
            self._drop_pending(mine[0])
        elif len(self.pending) >= MAX_PENDING:
            most = max(by_addr.values(), key=len)
            self._drop_pending(most[0])
        self.pending[conn] = addr
        try:
            loop = asyncio.get_running_loop()
            conn.felt_timers = [loop.call_later(IDLE_TIMEOUT, self._idle, conn, True),
                                loop.call_later(PENDING_TIMEOUT, self._idle, conn, False)]
        except (RuntimeError, AttributeError):
            pass

    def _idle(self, conn: Any, silent_only: bool) -> None:
        if conn in self.pending and not (silent_only and getattr(conn, "felt_spoke", False)):
            self.stats["idle_dropped"] += 1
            self._drop_pending(conn)

    def connection_done(self, conn: Any) -> None:
        self.pending.pop(conn, None)
        for t in getattr(conn, "felt_timers", ()):
            t.cancel()

    def _drop_pending(self, conn: Any) -> None:
        self.connection_done(conn)
        self.stats["dropped_pending"] += 1
        try:
            conn.transport.abort()
        except Exception:
            pass

    # ------------------------------------------------------------ Host and Origin
    def _own_names(self, local: str | None = None) -> set[str]:
        """The names a request may give as its Host. For a connection that came in at the
        address ``local``: this machine's names (its host name, NAME.local), that address,
        and loopback's names when it is loopback, so a request learns nothing of the
        machine's other addresses; without ``local``, all of them."""
        now = time.monotonic()
        if now - self._names[0] > 30.0:
            self._names = (now, own_hostnames() | {self.address.lower()})
        names = self._names[1]
        if local is None:
            return names
        import ipaddress
        local = local.lower().split("%")[0]
        if local.startswith("::ffff:") and "." in local:
            local = local[7:]                      # IPv4 on a dual-stack socket
        try:
            loopback = ipaddress.ip_address(local).is_loopback
        except ValueError:
            return names
        mine = {n for n in names if not _is_address(n)} - {"localhost"}
        mine.add(local)
        if loopback:
            mine |= {"localhost", "127.0.0.1", "::1"}
        return mine

    def refusal(self, hosts: list[str], origins: list[str], local: str | None = None) -> tuple[str, str] | None:
        """Why a page with these Host and Origin headers may not open the WebSocket, as
        (kind, the fix for the host's log), or None. The Host must be this table (one of this
        machine's names, or the address the connection came in at (``local``), at the page's
        port) or the public URL's; the Origin, when there is one (browsers send it), the page
        at that same Host or the public URL. The fix names nothing the request said."""
        if len(hosts) != 1 or len(origins) > 1:
            return "bad", "a request needs exactly one Host header and at most one Origin header"
        host = split_host(hosts[0])
        if host is None:
            return "bad", "the Host header is malformed"
        origin = origin_of(origins[0]) if origins else None
        if origins and origin is None:
            return "bad", "the Origin header is malformed"
        pub = self.public
        own = host[0] in self._own_names(local) and (host[1] or 80) == self.port
        public = pub is not None and host[0] == pub[1] and (host[1] or DEFAULT_PORTS[pub[0]]) == pub[2]
        if origin is not None and origin != pub:
            same = origin[1] == host[0] and origin[2] == (host[1] or DEFAULT_PORTS[origin[0]])
            if not (own and same):
                return "origin", ("a page at an address this table does not know was refused; behind a proxy "
                                  "or tunnel, start the host with --public-url and the address the phones open")
        elif not own and not public:
            return "host", ("a request for a name that is not this table's address was refused; behind a "
                            "proxy, start the host with --public-url and the address the phones open")
        return None

    def _log_once(self, key: str, text: str, peer: str = "") -> None:
        """One line on the host's terminal for each kind of refusal, again after
        ``LOG_AGAIN_S`` (its text is ours; of the request only the peer's address)."""
        now = time.monotonic()
        if now - self._logged.get(key, -1e9) >= LOG_AGAIN_S:
            self._logged[key] = now
            log.warning("phones' page: %s%s", text, f" (from {peer})" if peer else "")

    # ------------------------------------------------------------------ HTTP
    def _http(self, connection, request):
        """Plain HTTP: the page and its files (GET, HEAD); the WebSocket path goes on to the handshake."""
        from websockets.datastructures import Headers
        from websockets.http11 import Response
        path = request.path.split("?", 1)[0].split("#", 1)[0]
        query = request.path.split("?", 1)[1] if "?" in request.path else ""
        head = request.method == "HEAD"

        def respond(status: int, reason: str, body: bytes, ctype: str, **extra: str) -> Response:
            headers = Headers({"Content-Type": ctype, "Content-Length": str(len(body)), "Connection": "close",
                               **SECURITY_HEADERS, **extra})
            return Response(status, reason, headers, b"" if head else body)

        def text(status: int, reason: str, body: str, **extra: str) -> Response:
            return respond(status, reason, body.encode(), "text/plain; charset=utf-8", **extra)

        if request.method not in ("GET", "HEAD"):
            return text(405, "Method Not Allowed", "only GET and HEAD\n", Allow="GET, HEAD")
        if self.prefix and (path == self.prefix or path.startswith(self.prefix + "/")):
            if path == self.prefix:         # the page's relative addresses need the slash
                return text(301, "Moved Permanently", "moved\n", Location=self.prefix + "/")
            path = path[len(self.prefix):]
        if path == WS_PATH:
            if head:
                return text(405, "Method Not Allowed", "the WebSocket is opened with GET\n", Allow="GET")
            if "websocket" not in ",".join(request.headers.get_all("Upgrade")).lower():
                probe = (parse_qs(query).get("c") or [""])[0]
                if PROBE_RE.match(probe):          # what /check tells that page, and no other
                    self.no_upgrade.pop(probe, None)
                    self.no_upgrade[probe] = time.monotonic()
                    while len(self.no_upgrade) > MAX_PROBES:
                        self.no_upgrade.pop(next(iter(self.no_upgrade)))
                self._log_once("upgrade", NO_UPGRADE_FIX)
                return text(426, "Upgrade Required", "a WebSocket request came without its Upgrade header: "
                                                     + NO_UPGRADE_FIX + "\n", Upgrade="websocket")
            why = self.refusal(request.headers.get_all("Host"), request.headers.get_all("Origin"),
                               local=_address(connection, "local"))
            if why is not None:
                self.stats["refused_origin"] += 1
                if why[0] == "bad":
                    return text(400, "Bad Request", why[1] + "\n")
                self._log_once(why[0], why[1], _address(connection, "remote") or "")
                return text(403, "Forbidden", "the WebSocket is for this table's own page\n")
            return None
        self.stats["http"] += 1
        if path == CHECK_PATH:
            return respond(200, "OK", json.dumps(self._check(request, query, _address(connection, "local"))).encode(),
                           CONTENT_TYPES[".json"])
        if len(request.headers.get_all("Host")) > 1:
            return text(400, "Bad Request", "more than one Host header\n")
        file = static_file(path)
        if path in ("/", "/index.html") and not self.closing:
            self.launcher.warm()
        if file is None:
            return text(404, "Not Found", "not found\n")
        try:
            body = file.read_bytes()
        except OSError:
            return text(404, "Not Found", "not found\n")
        return respond(200, "OK", body, CONTENT_TYPES[file.suffix])

    def _check(self, request, query: str, local: str | None = None) -> dict:
        """Why the page at ``origin`` (its own location.origin, in the query) could not open
        its WebSocket: {ok} or {ok: false, why: 'origin'|'host'|'upgrade'|'bad', url}. Only
        about the asking page's own connection: its Host as it came in at this address, and
        whether its own WebSocket (its probe ``c``, a random number the page made) came
        without the Upgrade; what another device asked changes nothing here."""
        q = parse_qs(query)
        origin = (q.get("origin") or [""])[0][:200]
        probe = (q.get("c") or [""])[0]
        if PROBE_RE.match(probe) and time.monotonic() - self.no_upgrade.get(probe, -1e9) < 120.0:
            return {"ok": False, "why": "upgrade"}
        why = self.refusal(request.headers.get_all("Host"), [origin] if origin else [], local=local)
        if why is None:
            return {"ok": True}
        o = origin_of(origin)
        return {"ok": False, "why": why[0], "url": (origin_text(o) + (self.prefix or "") + "/") if o else ""}

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
            self.connection_done(ws)
            accept = ws.request.headers.get("Accept-Language", "") if ws.request is not None else ""
            # the session holds this WebSocket before anything is awaited: however the page goes
            # from here on (closed in the same instant, a message too large), the finally below
            # gives its place back
            session = self._attach(ws, hello, accept)
            if session is None:
                self.stats["refused_full"] += 1
                lang = page_lang(hello.get("lang", ""), accept)
                await ws.send(json.dumps({"t": "full", "lang": lang, "table": self.table_name()}))
                await ws.close(CLOSE_FULL, "table full")
                return
            await ws.send(json.dumps({"t": "session", "token": session.token}))
            async for data in ws:
                if session.ws is not ws:
                    break                      # another page took this session over
                try:
                    await self._from_page(session, parse_page_message(data))
                except BadAct as exc:
                    # a screen-reader button's message gone wrong: said to this page, which stays
                    self.stats["refused_act"] += 1
                    await ws.send(json.dumps({"t": "refused", "what": "act", "why": exc.reason}))
                except BadMessage as exc:
                    self.stats["closed_bad"] += 1
                    await ws.close(CLOSE_BAD, exc.reason)
                    break
        except ConnectionClosed:
            pass
        finally:
            self.connection_done(ws)
            if session is not None and session.ws is ws:
                self._detach(session)

    def _wake_kept(self, token: str) -> Session | None:
        """A page of the table before a crash: its session back, with its seat."""
        rec = self.kept.pop(page_key(token), None)
        if rec is None:
            return None
        seat = rec.get("seat") if isinstance(rec.get("seat"), str) else None
        s = Session(token=token, lang=rec.get("lang") if rec.get("lang") in ("de", "en") else "de",
                    name=str(rec.get("name") or "")[:40], seat_token=seat, spectator=bool(rec.get("spectator")),
                    look=look_of(rec.get("look")), parked=True)
        self.sessions[token] = s
        return s

    def counts(self, s: Session) -> bool:
        """Does a session take one of the table's places: a page open, or a seat held."""
        return not s.ended and (s.ws is not None or self._holds_seat(s))

    def _attach(self, ws, hello: dict, accept_language: str) -> Session | None:
        """The page's session (its own again, or a new one) now held by ``ws``; None when the
        table is full. Nothing here waits: the renderer is started (or told the page is back)
        by the session's worker."""
        token = hello.get("session") or ""
        known = bool(TOKEN_RE.match(token))
        s = self.sessions.get(token) if known else None
        if s is not None and (s.ended or not hmac.compare_digest(s.token, token)):
            s = None
        woken = False
        if s is None and known:
            s = self._wake_kept(token)
            woken = s is not None
        full = self.counted() >= max(1, int(self.capacity()))
        if s is not None and not self.counts(s) and full:
            if woken:                          # back to the kept ones: a page may try again later
                self.sessions.pop(s.token, None)
                self.kept[page_key(s.token)] = s.record()
            return None
        if s is None:
            if full:
                return None
            s = Session(token=secrets.token_hex(16), lang=page_lang(hello.get("lang", ""), accept_language),
                        name=" ".join(str(hello.get("name") or "").split())[:40],
                        look=look_of(hello.get("look")))
            self.sessions[s.token] = s
        s.kb = bool(hello.get("kb"))
        old, s.ws = s.ws, ws
        if old is not None and old is not ws:
            asyncio.ensure_future(_close_quietly(old, CLOSE_REPLACED, "opened in another tab"))
        for timer in (s.expiry, s.away_timer):
            if timer is not None:
                timer.cancel()
        s.expiry = s.away_timer = None
        s.away_since = None
        s.css = (hello["w"], hello["h"])
        s.dpr = hello["dpr"]
        s.verb = hello.get("verb", "normal")
        s.backlog.clear()                      # what an earlier page of this session asked is moot
        if s.parked and s.seat_token and not self._holds_seat(s):
            s.seat_token = None            # the seat was given away meanwhile: the join screen
            s.spectator = False
        s.parked = False
        if self._running(s.proc):
            self.stats["reused"] += 1
            self._task(self._to_renderer(s, {"t": "back", **self._size_msg(s)}))
        self._kick(s)
        self._sessions_changed()
        return s

    def _detach(self, s: Session) -> None:
        """The page is gone: its place is free at once unless it holds a seat. A session with
        a seat keeps its renderer for the reconnect wait, then parks; one without keeps it for
        ``LINGER`` seconds (a reload or a reconnect gets it back) unless another page needs
        the room, then parks (watching) or ends."""
        s.ws = None
        s.backlog.clear()
        if s.ended or self.closing:
            return
        s.away_since = time.monotonic()
        wait = max(MIN_AWAY_WAIT, float(self.reconnect_wait())) if s.seat_token else LINGER
        loop = asyncio.get_running_loop()
        s.expiry = loop.call_later(wait, lambda: self._park(s))
        # the renderer leaves the table only if the page stays away a moment: a page that
        # reconnects at once (a flaky Wi-Fi, a reload) is never seen to go by the others
        s.away_timer = loop.call_later(AWAY_GRACE, self._away, s)
        self._room.set()                       # a renderer waiting for room may take this one's
        self._sessions_changed()

    def _away(self, s: Session) -> None:
        s.away_timer = None
        if s.ws is None and not s.ended and not s.parked:
            self._task(self._to_renderer(s, {"t": "away"}))

    def _park(self, s: Session) -> None:
        """Stop the renderer of a session whose page is away; keep the session (its seat
        token, name, language and settings folder) for when the page comes back. A session
        with neither a seat nor a watching place ends."""
        if s.expiry is not None:
            s.expiry.cancel()
            s.expiry = None
        if s.ended or s.ws is not None or s.parked:
            return
        if not s.spectator and not self._holds_seat(s):
            self._end(s, "away too long" if s.seat_token else "page closed")
            return
        s.parked = True
        self.stats["parked"] += 1
        self._kick(s)
        self._room.set()
        self._sessions_changed()

    def _size_msg(self, s: Session) -> dict:
        pw, ph, d = physical_size(s.css[0], s.css[1], s.dpr, self.max_pixels)
        return {"w": pw, "h": ph, "density": d, "css": [s.css[0], s.css[1]]}

    # ------------------------------------------------- what a page may ask its renderer
    async def _from_page(self, s: Session, msg: dict) -> None:
        """A page's message to its renderer, within the page's work budget (``WORK_RATE``
        units a second, ``work_cost`` each): beyond it messages wait in order (a new size
        or state question replaces the one waiting), and a page whose waiting messages pass
        ``MAX_BACKLOG`` asks more than any honest page does: closed (1008)."""
        if msg["t"] == "hello":
            raise BadMessage("hello was already said")
        cost = work_cost(msg)
        if not s.backlog and self._afford(s, cost):
            await self._forward(s, msg)
            return
        last = s.backlog[-1] if s.backlog else None
        if last is not None and last["t"] == msg["t"] and msg["t"] in ("size", "state"):
            if msg["t"] == "state":
                msg = {"t": "state", "thumb": bool(msg.get("thumb") or last.get("thumb"))}
            s.backlog[-1] = msg
        elif last is not None and msg["t"] == "p" and msg["e"] == "move" and last["t"] == "p" \
                and last["e"] == "move" and last["id"] == msg["id"]:
            s.backlog[-1] = msg                # a finger's newest place is what counts
        else:
            s.backlog.append(msg)
        self.stats["held_back"] += 1
        if len(s.backlog) > MAX_BACKLOG:
            s.backlog.clear()
            raise BadMessage("flooding: more work asked than a page may")
        if s.drain is None or s.drain.done():
            s.drain = self._task(self._drain(s, s.ws))

    def _afford(self, s: Session, cost: float) -> bool:
        now = time.monotonic()
        s.work = min(WORK_BURST, s.work + (now - s.work_at) * WORK_RATE)
        s.work_at = now
        if s.work < cost:
            return False
        s.work -= cost
        return True

    async def _drain(self, s: Session, ws) -> None:
        """The messages a page's budget held back, each when the budget allows it."""
        while s.backlog and s.ws is ws and not s.ended:
            cost = work_cost(s.backlog[0])
            if not self._afford(s, cost):
                await asyncio.sleep(max(0.005, (cost - s.work) / WORK_RATE))
                continue
            await self._forward(s, s.backlog.popleft())

    async def _forward(self, s: Session, msg: dict) -> None:
        if msg["t"] == "size":
            s.css, s.dpr = (msg["w"], msg["h"]), msg["dpr"]
            await self._to_renderer(s, {"t": "size", **self._size_msg(s)})
            return
        if msg["t"] == "act" and msg["id"].startswith("verb:"):
            s.verb = verb_of(msg["id"][5:])      # a renderer started again keeps it
        await self._to_renderer(s, {"t": "in", "m": msg})

    # ------------------------------------------------------------- renderers
    @staticmethod
    def _running(p: Any) -> bool:
        return p is not None and p.returncode is None

    def _wants(self, s: Session) -> bool:
        """Should this session have a renderer now."""
        return not s.ended and not s.parked and not self.closing

    def renderer_limit(self) -> int:
        """Renderer processes at most at any moment, starting and stopping ones included:
        the table's places and one more (one stopping while another starts)."""
        return max(1, int(self.capacity())) + 1

    def renderer_count(self) -> int:
        return len(self.procs) + self.reserved

    def _kick(self, s: Session) -> None:
        """Bring the session's renderer to what the session wants (one, or none), by its one
        worker: nothing else starts or stops a session's renderer, so a session never has
        two and none is left without its session, however fast its pages come and go."""
        if s.worker is None or s.worker.done():
            s.worker = self._task(self._converge(s))

    async def _converge(self, s: Session) -> None:
        try:
            while True:
                if self._wants(s):
                    if s.proc is not None:
                        return
                    if not await self._room_for(s):
                        continue
                    try:
                        await self._spawn(s)
                    except Exception as exc:
                        log.warning("a phone's renderer could not start (%s); the session ends", exc)
                        self._end(s, "renderer did not start")
                    continue
                p, s.proc = s.proc, None
                if p is not None:
                    await self._stop_renderer(s, p)
                    continue
                if s.ended and s.home:
                    shutil.rmtree(s.home, ignore_errors=True)
                    s.home = ""
                return
        finally:
            s.worker = None

    async def _room_for(self, s: Session) -> bool:
        """Wait until one more renderer may run (making room: a renderer of a page that is
        gone and takes no place ends first); True with the room reserved, False when the
        session no longer wants one."""
        while self.renderer_count() >= self.renderer_limit():
            if not self._wants(s):
                return False
            self._evict()
            self._room.clear()
            await self._room.wait()
        if not self._wants(s):
            return False
        self.reserved += 1
        return True

    def _evict(self) -> None:
        """End the oldest renderer of a session without a page and without a place (one
        lingering after its page closed): parked if it watches, else ended."""
        idle = [s for s in self.live_sessions() if s.ws is None and not self.counts(s) and s.proc is not None
                and not s.parked]
        if idle:
            s = min(idle, key=lambda x: x.away_since or 0.0)
            self.stats["evicted"] += 1
            self._park(s)

    def _released(self, proc: Any = None) -> None:
        if proc is not None:
            self.procs.discard(proc)
        self._room.set()

    async def _watch(self, proc: Any) -> None:
        try:
            await proc.wait()
        finally:
            self._released(proc)

    async def _spawn(self, s: Session) -> None:
        """Start the session's renderer (room was reserved by :meth:`_room_for`)."""
        try:
            os.makedirs(self.root, mode=0o700, exist_ok=True)
            if not s.home or not os.path.isdir(s.home):
                s.home = tempfile.mkdtemp(prefix="s-", dir=self.root or None)
            env = dict(os.environ)
            env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                        "FELT_CONFIG_DIR": os.path.join(s.home, "config"),
                        "FELT_DATA_DIR": os.path.join(s.home, "data")})
            env.pop("FELT_REMOTE", None)
            proc = await self.launcher.launch(self.renderer_cmd, env, s.home)
        except BaseException:
            self.reserved -= 1
            self._released()
            raise
        self.reserved -= 1
        self.procs.add(proc)
        self._task(self._watch(proc))
        self.stats["started"] += 1
        # the start message says what is true now (the page may have gone or come back
        # while the renderer was forked), and goes before anything else to this renderer
        s.proc = proc
        start = {"t": "start", **self._size_msg(s), "lang": s.lang, "name": s.name, "look": s.look, "kb": s.kb,
                 "verb": s.verb, "table": {"address": self.table_address, "port": self.table_port, "name": self.table_name()},
                 "token": s.seat_token, "spectator": s.spectator, "away": s.ws is None}
        s.pump = asyncio.ensure_future(self._pump(s, proc))
        await self._to_renderer(s, start)

    async def _to_renderer(self, s: Session, msg: dict) -> None:
        p = s.proc
        if p is None or p.stdin is None or p.returncode is not None:
            return
        try:
            p.stdin.write(pack_msg(msg))
            await p.stdin.drain()
        except (ConnectionError, OSError):
            pass

    async def _pump(self, s: Session, proc: Any) -> None:
        """Everything a renderer says, to its page (or kept here: its seat token); then,
        unless the session ends or parks, a renderer that crashed is started again."""
        assert proc.stdout is not None
        reader = MsgReader(proc.stdout)
        try:
            await self._relay(s, proc, reader)
        except asyncio.CancelledError:
            return
        rc = await proc.wait()
        if s.ended or self.closing or s.proc is not proc:
            return
        s.proc = None
        if rc == 0:                 # the renderer ended on its own (the table closed): so does the session
            # said as the gateway's own stop says it: the page shows "the table is closed" (and
            # does not dial a table that is gone), whichever of the two comes first
            self._end(s, "the table closed")
            return
        now = time.monotonic()
        s.restarts = [t for t in s.restarts if now - t < RESTART_WINDOW] + [now]
        if len(s.restarts) > RESTARTS:
            log.warning("the renderer of a phone keeps crashing (exit %s); the session ends", rc)
            self._end(s, "renderer crashed")
            return
        log.warning("a phone's renderer ended (exit %s); starting it again", rc)
        self.stats["restarts"] += 1
        self._kick(s)

    async def _relay(self, s: Session, proc: Any, reader: MsgReader) -> None:
        """A renderer's messages until its pipe ends."""
        from websockets.exceptions import ConnectionClosed
        while True:
            try:
                msg = await reader.read()
            except (ValueError, msgpack.UnpackException) as exc:
                log.warning("renderer sent a bad message (%s); it is restarted", exc)
                proc.kill()
                break
            if msg is None:
                break
            if s.proc is not proc:
                continue                   # a renderer being stopped (parked): its last words go nowhere
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
                    if m.get("t") == "look":
                        s.look = look_of(m.get("look"))
                    if ws is not None:
                        try:
                            await ws.send(json.dumps(m, ensure_ascii=False))
                        except ConnectionClosed:
                            pass
            elif t == "seat":
                tok = msg.get("token")
                s.seat_token = tok if isinstance(tok, str) else None
                s.spectator = bool(msg.get("spectator"))
                self._sessions_changed()

    async def _stop_renderer(self, s: Session, p: Any) -> None:
        """Ask a renderer to quit, then make sure it has (killed after ``STOP_GRACE``)."""
        if p is not None and p.returncode is None:
            if p.stdin is not None:
                try:
                    p.stdin.write(pack_msg({"t": "quit"}))
                    await asyncio.wait_for(p.stdin.drain(), STOP_GRACE)
                except (ConnectionError, OSError, asyncio.TimeoutError):
                    pass
            try:
                await asyncio.wait_for(p.wait(), STOP_GRACE)
            except asyncio.TimeoutError:
                p.kill()
                try:
                    await asyncio.wait_for(p.wait(), 5.0)
                except asyncio.TimeoutError:
                    log.warning("a phone's renderer did not end when killed")
        pump, s.pump = s.pump, None
        if pump is not None and not pump.done() and pump is not asyncio.current_task():
            # it reads the renderer's last words up to the end of its pipe, then ends
            done, _ = await asyncio.wait([pump], timeout=2.0)
            if not done:
                pump.cancel()

    def _end(self, s: Session, why: str) -> None:
        """The session ends: its page is told, its place is free at once, and its worker
        stops its renderer and removes its folder."""
        if s.ended:
            return
        s.ended = True
        for timer in (s.expiry, s.away_timer):
            if timer is not None:
                timer.cancel()
        s.expiry = s.away_timer = None
        self.sessions.pop(s.token, None)
        s.backlog.clear()
        ws, s.ws = s.ws, None
        if ws is not None:
            self._task(_close_quietly(ws, CLOSE_ENDED, why))
        self._kick(s)
        self._room.set()
        self._sessions_changed()

    # for tests: the renderer process of a session
    def session_of(self, token: str) -> Session | None:
        return self.sessions.get(token)


def page_connection_class(gateway: Gateway):
    """The WebSocket server's connection for the page's port: it tells the gateway when it
    opens (handshakes in progress are capped), and every frame a page sends, pings and other
    control frames too, takes a token of its rate limit; a page beyond it is closed (1008)."""
    from websockets.asyncio.server import ServerConnection
    from websockets.frames import Frame

    class PageConnection(ServerConnection):
        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            self.felt_tokens = float(BURST)
            self.felt_refill_at = time.monotonic()
            self.felt_flooding = False
            gateway.connection_opened(self, str(peer[0]) if peer else "?")

        def connection_lost(self, exc) -> None:
            gateway.connection_done(self)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            self.felt_spoke = True
            super().data_received(data)

        def process_event(self, event) -> None:
            if self.request is not None and isinstance(event, Frame):
                now = time.monotonic()
                self.felt_tokens = min(float(BURST), self.felt_tokens + (now - self.felt_refill_at) * RATE)
                self.felt_refill_at = now
                if self.felt_flooding:
                    return
                if self.felt_tokens < 1.0:
                    self.felt_flooding = True
                    gateway.stats["closed_bad"] += 1
                    asyncio.ensure_future(_close_quietly(self, CLOSE_BAD, "flooding: too many messages"))
                    self.loop.call_later(3.0, self.transport.abort)
                    return
                self.felt_tokens -= 1.0
            super().process_event(event)

    return PageConnection


def clean_stale_folders() -> None:
    """Renderer folders of hosts that died without cleaning up (SIGKILL): they hold seat
    tokens in their settings."""
    base = Path(tempfile.gettempdir())
    try:
        found = list(base.glob(ROOT_PREFIX + "*"))
    except OSError:
        return
    for d in found:
        pid_s = d.name[len(ROOT_PREFIX):].split("-", 1)[0]
        if not pid_s.isdigit() or int(pid_s) == os.getpid():
            continue
        try:
            os.kill(int(pid_s), 0)
            continue                          # that host still runs
        except ProcessLookupError:
            pass
        except PermissionError:
            continue                          # another user's live process
        shutil.rmtree(d, ignore_errors=True)


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


"""The asyncio host: the only authority over a table.

It holds the engine state, accepts TCP clients (an ``asyncio.Protocol`` per connection,
sans-I/O framing from framing.py), validates every message (schema.py), runs the lobby,
plays bots in empty seats and for absent players, runs the optional turn timer, keeps the
append-only move log (matchlog.py), announces the table over mDNS (discovery.py), and
sends each connection only ``view(state, seat)`` and ``filter_events(events, seat)``.

Everything runs on one event loop; :class:`HostThread` runs that loop in a thread for the UI.
"""
from __future__ import annotations

import asyncio
import errno
import hashlib
import itertools
import logging
import os
import random
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from felt import engine
from felt.net import framing, schema
from felt.net.matchlog import MatchLog
from felt.rules import TEMPLATE_ORDER, Rules, RulesError, load_rules

log = logging.getLogger("felt.net.host")

MAX_WRITE_BUFFER = 1 << 20  # a client that does not read is dropped beyond this
CHAT_INTERVAL = 0.5         # seconds between two chat lines of one connection
CLOSE_GRACE = 5.0           # seconds a closed connection may take to flush its last bytes
_SERIALS = itertools.count()


# ----------------------------------------------------------------------------- config
@dataclass
class HostConfig:
    name: str = "Felt Club"
    interface: str | None = None      # listen and announce on this address only
    announce_interface: str | None = None  # mDNS only on this address (default: interface, else all)
    bind: str | None = None           # listen address (default: interface, else all)
    port: int = 0
    rules: Any = "PR-002"             # template id, Rules, or rule dict
    players: int = 4
    bots: int = 0                     # seats filled with bots at the start
    bot_level: str = "normal"
    rounds: int | None = None         # overrides the rule set's rounds
    seed: Any = None
    turn_timer: float = 0.0           # seconds, 0 = off
    reconnect_wait: float = 30.0
    bot_delay: float = 0.6            # bots' pause before a move
    think_ms: int | None = None
    offload_levels: tuple = ("hard",)  # bot levels that think in a worker process
    auto_next: float = -1.0           # seconds before the next round deals itself; < 0 = off
    start_when_full: bool = False
    announce: bool = True
    admin_token: str | None = None
    hello_timeout: float = 10.0
    idle_timeout: float = 45.0
    rate: float = 20.0                # messages per second refilled
    burst: int = 40
    flood_limit: int = 200
    max_conns: int = 64               # open connections (players, spectators, handshakes)
    # handshakes in progress (connected, no successful hello yet): at most this many from one
    # address and in all; beyond that the oldest such handshake is dropped (bye busy)
    max_pending_per_addr: int = 8
    max_pending: int | None = None    # None: max_conns // 4 (16 of 64)
    on_match_over: Callable[["Host"], Any] | None = None
    on_log: Callable[[MatchLog], Any] | None = None  # called with each new MatchLog (journal hook)
    journal: Any = None               # path of the append-only journal (journal.py); None = none
    resume: Any = None                # journal.Resume: bring that table back (felt host --resume)


def _listen_socket(bind: str | None, port: int) -> socket.socket:
    """One listening TCP socket on ``port`` (0: a free one). Without a bind address it is
    one dual-stack IPv6 socket where the system has them (IPv4 and IPv6 on the SAME port),
    else IPv4 on all addresses. (``loop.create_server(host=None)`` opens one socket per
    family, each on its own random port, and only one of them would be announced.)"""
    if bind:
        infos = socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family = infos[0][0]
        addr = infos[0][4]
        return socket.create_server(addr, family=family, reuse_port=False, backlog=128)
    if socket.has_ipv6 and socket.has_dualstack_ipv6():
        try:
            return socket.create_server(("", port), family=socket.AF_INET6, dualstack_ipv6=True, backlog=128)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise
            # IPv6 switched off on this machine: IPv4 only
    return socket.create_server(("", port), family=socket.AF_INET, backlog=128)


# ------------------------------------------------------------------------------ seats
@dataclass
class Seat:
    kind: str = "empty"               # 'empty' | 'human' | 'bot'
    name: str = ""
    token: str | None = None
    level: str | None = None
    owner: bool = False
    auto: bool = False                # bot that filled an empty seat (a newcomer may take it)
    away: bool = False                # human absent; a bot plays for it
    conn: "ClientConn | None" = None
    bot: Any = None
    bot_seed: int | None = None
    away_timer: asyncio.TimerHandle | None = None

    def public(self, i: int) -> dict:
        return {"seat": i, "name": self.name, "kind": self.kind,
                "connected": self.kind == "bot" or self.conn is not None, "away": self.away,
                "level": self.level if (self.kind == "bot" or self.away) else None, "owner": self.owner,
                "open": self.kind == "bot" and self.auto}

    def record(self, i: int) -> dict:
        return {"seat": i, "name": self.name, "kind": self.kind, "token": self.token,
                "level": self.level, "owner": self.owner, "auto": self.auto}


class RandomBot:
    """Fallback when felt.bots is not available: a random legal move from the view."""

    def __init__(self, seed: Any = None):
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> engine.Move:
        return engine.move_from_wire(self.rng.choice(view["legal"]))


def make_bot(level: str, seed: Any = None, think_ms: int | None = None):
    try:
        from felt.bots import make_bot as mk  # noqa: PLC0415 (lazy: bots may not exist yet)
    except ImportError:
        return RandomBot(seed)
    try:
        return mk(level, seed=seed, think_ms=think_ms)
    except Exception:
        log.exception("make_bot failed; using a random bot")
        return RandomBot(seed)


def resolve_rules(spec: Any) -> Rules:
    """A Rules object from a template id, a file path (local config only), Rules or dict."""
    if isinstance(spec, Rules):
        return spec
    if isinstance(spec, dict):
        return Rules.from_dict(spec)
    return load_rules(spec)


def template_of(rules: Rules) -> str:
    rid = str(rules.id).upper()
    if rid in TEMPLATE_ORDER:
        try:
            if load_rules(rid) == rules:
                return rid
        except Exception:
            pass
    return "custom"


# ------------------------------------------------------------------------ connection
class ClientConn(asyncio.Protocol):
    """One TCP client. Bytes in → frames → host.on_message; host → send()."""

    def __init__(self, host: "Host"):
        self.host = host
        self.transport: asyncio.Transport | None = None
        self.decoder = framing.FrameDecoder()
        self.peer = "?"
        self.addr = "?"                # the peer's IP address (per-address handshake limit)
        self.serial = next(_SERIALS)   # order of arrival (the oldest handshake is dropped first)
        self.welcomed = False
        self.seat: int | None = None
        self.spectator = False
        self.admin = False
        self.name = ""
        self.closed = False
        now = time.monotonic()
        self.opened = now
        self.last_seen = now
        self.tokens = float(host.config.burst)
        self.refill_at = now
        self.dropped = 0
        self.last_rate_error = 0.0
        self.last_chat = 0.0
        self.last_rename = 0.0
        self.bytes_out = 0
        self.frames_out = 0

    # asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        peer = transport.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if peer else "?"
        self.addr = str(peer[0]) if peer else "?"
        self.host._conn_made(self)

    def data_received(self, data: bytes) -> None:
        if self.closed:
            return
        try:
            msgs = self.decoder.feed(data)
        except framing.FrameError as exc:
            # frames decoded before the bad one are lost with the connection; that is fine
            self.fail(exc.code, exc.msg)
            return
        if msgs:
            # the silence rule counts whole messages: a client dripping bytes is still silent
            self.last_seen = time.monotonic()
        for m in msgs:
            if self.closed:
                return
            self.host._on_message(self, m)

    def eof_received(self) -> bool:
        if not self.decoder.at_boundary():
            self.fail("bad_frame", "connection ended inside a frame (truncated frame)")
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.host._conn_lost(self)

    # sending
    def send(self, msg: dict) -> None:
        self.send_frame(framing.encode(msg))

    def send_frame(self, data: bytes) -> None:
        if self.closed or self.transport is None:
            return
        self.transport.write(data)
        self.bytes_out += len(data)
        self.frames_out += 1
        if self.transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            log.warning("client %s does not read; dropping it", self.peer)
            self.close(abort=True)  # a graceful close would keep its megabyte until it reads

    def error(self, code: str, msg: str | None = None, ref: str | None = None) -> None:
        self.send(schema.error(code, msg, ref))

    def fail(self, code: str, msg: str | None = None, ref: str | None = None) -> None:
        """A fatal error: tell the client, then close."""
        if self.closed:
            return
        self.send(schema.error(code, msg, ref, fatal=True))
        self.close()

    def bye(self, code: str, msg: str | None = None) -> None:
        if self.closed:
            return
        self.send({"t": "bye", "code": code, "msg": msg or schema.ERROR_CODES.get(code, code)})
        self.close()

    def close(self, abort: bool = False) -> None:
        """Close the connection. A graceful close flushes what is buffered first; a peer
        that does not read it within CLOSE_GRACE seconds is cut off, so closed connections
        (which no longer count against max_conns) cannot hold the host's memory."""
        if self.transport is not None and not self.closed:
            self.closed = True
            t = self.transport
            if abort:
                t.abort()
            else:
                t.close()
                if t.get_write_buffer_size() > 0:
                    asyncio.get_running_loop().call_later(CLOSE_GRACE, t.abort)
            self.host._conn_lost(self)


# ------------------------------------------------------------------------------- host
class Host:
    def __init__(self, config: HostConfig | None = None, **kw: Any):
        self.config = config or HostConfig(**kw)
        c = self.config
        self.admin_token = c.admin_token or secrets.token_urlsafe(16)
        self.table_name = " ".join(str(c.name).split())[:64] or "Felt Club"
        self.rules: Rules = resolve_rules(c.rules)
        self.rounds: int | None = c.rounds
        self.template = template_of(self.rules)
        n = max(1, min(schema.MAX_SEATS, int(c.players)))
        self.seats: list[Seat] = [Seat() for _ in range(n)]
        for i in range(min(c.bots, n)):
            self._put_bot(i, c.bot_level)
        self.options = {"turn_timer": float(c.turn_timer), "reconnect_wait": float(c.reconnect_wait),
                        "bot_level": c.bot_level, "bot_delay": float(c.bot_delay),
                        "auto_next": float(c.auto_next)}
        self.state: engine.State | None = None
        self.log: MatchLog | None = None
        self.matches = 0
        self.conns: set[ClientConn] = set()
        self.server: asyncio.base_events.Server | None = None
        self.address = c.interface or "127.0.0.1"
        self.port = 0
        self.announcer = None
        self._announcer_obj = None
        self._announce_task: asyncio.Task | None = None
        self._txt_task: asyncio.Task | None = None
        self._txt_dirty = False
        self._turn_handle: asyncio.TimerHandle | None = None
        self._timer_handle: asyncio.TimerHandle | None = None
        self._timer_deadline: float | None = None
        self._next_handle: asyncio.TimerHandle | None = None
        self._sweeper: asyncio.TimerHandle | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closed: asyncio.Event | None = None  # created in start()
        self.stats = {"updates": 0, "bytes": 0, "frames": 0}
        # connections turned away by the connection limits, by reason
        self.refused = {"busy": 0, "pending_addr": 0, "pending": 0, "reserve": 0}
        # bench hook: (seq, arrival time of the network move or None, bytes sent for this update)
        self.on_update: Callable[[int, float | None, int], Any] | None = None
        self._move_arrival: float | None = None
        self._pool = None  # worker process for slow bots, created on first use
        self._thinking: int | None = None  # seq a worker is thinking about
        self._think_task: asyncio.Future | None = None
        self._timer_fired = False
        self._rng = random.Random()
        self.journal = None  # felt.net.journal.Journal when config.journal is set
        if c.resume is not None:
            from felt.net.journal import restore
            restore(self, c.resume)

    # ------------------------------------------------------------------ lifecycle
    @property
    def running(self) -> bool:
        return self.state is not None and self.state.phase != "match_over"

    async def start(self) -> "Host":
        self.loop = asyncio.get_running_loop()
        self.closed = asyncio.Event()
        c = self.config
        bind = c.bind or c.interface or None
        try:
            sock = _listen_socket(bind, c.port)
        except OSError as exc:
            if c.resume is None or not c.port:
                raise
            log.warning("port %d is not free (%s); the resumed table listens on another port", c.port, exc)
            sock = _listen_socket(bind, 0)
        try:
            self.server = await self.loop.create_server(lambda: ClientConn(self), sock=sock)
        except BaseException:
            sock.close()
            raise
        self.port = self.server.sockets[0].getsockname()[1]
        if c.interface:
            self.address = c.interface
        elif c.announce_interface:
            self.address = c.announce_interface
        else:
            from felt.net.discovery import local_addresses
            self.address = local_addresses(None)[0]
        new_journal = bool(c.journal) and not os.path.exists(c.journal)
        try:
            if c.journal or c.resume is not None:
                from felt.net.journal import on_start
                on_start(self)  # journal open (and a resumed table scheduled) before anything changes
            self._sweep()
            if self.running:  # restored from a log: wait for the players, then bots
                for i, seat in enumerate(self.seats):
                    if seat.kind == "human" and seat.conn is None:
                        self._start_away_timer(i)
                self._schedule()
            if c.announce:
                self._announce_task = asyncio.ensure_future(self._announce())
            self._check_full()
        except BaseException:
            # a table that never opened leaves nothing behind: no listener, no journal file
            self.server.close()
            if self._sweeper is not None:
                self._sweeper.cancel()
            if self.journal is not None:
                self.journal.close()
                self.journal = None
            if new_journal:
                try:
                    os.unlink(c.journal)
                except OSError:
                    pass
            raise
        return self

    async def _announce(self) -> None:
        from felt.net.discovery import Announcer
        c = self.config
        a = Announcer(self.table_name, self.port, c.interface or c.announce_interface)
        self._announcer_obj = a  # stop() withdraws it even if it is still registering
        try:
            await a.start(self._txt())
            self.announcer = a
            await a.update(self._txt())
        except Exception as exc:
            log.warning("mDNS announcement failed: %s", exc)

    @property
    def table_id(self) -> str:
        """A stable public id of this table: a hash of the admin token (which the journal keeps,
        so a resumed table has the same id), never the token itself. In the TXT record and the
        welcome, so clients find a resumed table again at a new port."""
        return hashlib.sha256(b"felt-table-id\0" + self.admin_token.encode()).hexdigest()[:16]

    def _txt(self) -> dict:
        from felt.net.discovery import make_txt
        taken = sum(1 for s in self.seats if s.kind != "empty")
        return make_txt(self.table_name, self.template, taken, len(self.seats) - taken, self.running,
                        table_id=self.table_id)

    def _touch_txt(self) -> None:
        if self.announcer is None or self.loop is None:
            return
        self._txt_dirty = True
        if self._txt_task is None or self._txt_task.done():
            self._txt_task = asyncio.ensure_future(self._update_txt())

    async def _update_txt(self) -> None:
        while self._txt_dirty and self.announcer is not None:
            self._txt_dirty = False
            try:
                await self.announcer.update(self._txt())
            except Exception as exc:
                log.warning("mDNS update failed: %s", exc)

    async def stop(self) -> None:
        """Withdraw the announcement, say bye to everyone and close."""
        for h in (self._turn_handle, self._timer_handle, self._next_handle, self._sweeper):
            if h:
                h.cancel()
        for s in self.seats:
            if s.away_timer:
                s.away_timer.cancel()
        if self._announce_task is not None and not self._announce_task.done():
            # let a registration in progress finish, so that it can be withdrawn properly
            try:
                await asyncio.wait_for(asyncio.shield(self._announce_task), 3.0)
            except BaseException:
                self._announce_task.cancel()
        if self._txt_task is not None and not self._txt_task.done():
            self._txt_task.cancel()
        a, self.announcer, self._announcer_obj = self._announcer_obj, None, None
        if a is not None:
            try:
                await a.close()
            except Exception as exc:
                log.warning("mDNS withdraw failed: %s", exc)
        if self._think_task is not None and not self._think_task.done():
            self._think_task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        for conn in list(self.conns):
            conn.bye("shutdown")
        if self.server is not None:
            self.server.close()
            try:
                await asyncio.wait_for(self.server.wait_closed(), 2)
            except asyncio.TimeoutError:
                pass
        if self.journal is not None:
            self.journal.close()
        if self.closed is not None:
            self.closed.set()

    def _sweep(self) -> None:
        """Every second: hello and idle timeouts."""
        now = time.monotonic()
        c = self.config
        for conn in list(self.conns):
            if not conn.welcomed and now - conn.opened > c.hello_timeout:
                conn.bye("timeout", f"no hello within {c.hello_timeout:g} s")
            elif now - conn.last_seen > c.idle_timeout:
                conn.bye("timeout", f"silent for more than {c.idle_timeout:g} s")
        assert self.loop is not None
        self._sweeper = self.loop.call_later(min(1.0, c.hello_timeout / 4, c.idle_timeout / 4), self._sweep)

    # --------------------------------------------------------------- connections
    @property
    def max_pending(self) -> int:
        """Handshakes in progress allowed in all (HostConfig.max_pending, default max_conns // 4)."""
        c = self.config
        n = c.max_pending if c.max_pending is not None else c.max_conns // 4
        return max(1, min(int(n), c.max_conns - 1)) if c.max_conns > 1 else 1

    @property
    def max_joined(self) -> int:
        """Welcomed connections plus absent seat holders beyond which a hello without a seat
        token is turned away: the slots above are kept for handshakes and for players coming
        back to their seats."""
        return max(1, self.config.max_conns - self.max_pending)

    def _conn_made(self, conn: ClientConn) -> None:
        c = self.config
        self.conns.add(conn)
        if len(self.conns) > c.max_conns:
            self.refused["busy"] += 1
            conn.bye("busy", f"the host already has {c.max_conns} connections")
            return
        # Handshakes in progress may not crowd out the table: one device may hold at most
        # max_pending_per_addr of them, all devices together max_pending. Over a limit the
        # OLDEST handshake is dropped, not the new one: an honest client says hello at once,
        # so a device that opens silent connections only ever drops its own stale ones.
        pending = sorted((x for x in self.conns if not x.welcomed and not x.closed and x is not conn),
                         key=lambda x: x.serial)
        per_addr = max(1, c.max_pending_per_addr)
        same = [x for x in pending if x.addr == conn.addr]
        while len(same) >= per_addr:
            old = same.pop(0)
            pending.remove(old)
            self.refused["pending_addr"] += 1
            old.bye("busy", f"too many connections from {conn.addr} have not said hello yet (at most "
                            f"{per_addr} at a time); this one, the oldest, is closed")
        while len(pending) >= self.max_pending:
            old = pending.pop(0)
            self.refused["pending"] += 1
            old.bye("busy", f"the host has {self.max_pending} connections that have not said hello yet; "
                            f"this one, the oldest, is closed (say hello right after connecting)")

    def _reserve_full(self) -> bool:
        """True if a hello without a seat token must be turned away (see max_joined)."""
        joined = sum(1 for x in self.conns if x.welcomed)
        absent = sum(1 for s in self.seats if s.kind == "human" and s.token and s.conn is None)
        return joined + absent >= self.max_joined

    def _conn_lost(self, conn: ClientConn) -> None:
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if conn.seat is not None and conn.seat < len(self.seats):
            seat = self.seats[conn.seat]
            if seat.conn is conn:
                seat.conn = None
                self._start_away_timer(conn.seat)
                self._lobby_changed()

    def _start_away_timer(self, i: int) -> None:
        seat = self.seats[i]
        if seat.away_timer:
            seat.away_timer.cancel()
        assert self.loop is not None
        wait = max(0.0, self.options["reconnect_wait"])
        seat.away_timer = self.loop.call_later(wait, self._away, i, seat)

    def _away(self, i: int, seat: Seat) -> None:
        """The reconnect wait of a dropped player ran out."""
        seat.away_timer = None
        # the owner may have reordered the seats meanwhile: the timer belongs to the seat, not the index
        i = next((k for k, x in enumerate(self.seats) if x is seat), -1)
        if i < 0 or seat.conn is not None or seat.kind != "human":
            return
        if self.running:
            seat.away = True
            seat.level = seat.level or self.options["bot_level"]
            self._lobby_changed()
            self._schedule()
        elif not seat.owner:
            self.seats[i] = Seat()  # lobby: the seat becomes free again
            self._lobby_changed()

    # ------------------------------------------------------------------- messages
    def _rate_ok(self, conn: ClientConn, raw: Any = None) -> bool:
        c = self.config
        now = time.monotonic()
        conn.tokens = min(float(c.burst), conn.tokens + (now - conn.refill_at) * c.rate)
        conn.refill_at = now
        if conn.tokens >= 1.0:
            conn.tokens -= 1.0
            return True
        conn.dropped += 1
        if conn.dropped > c.flood_limit:
            conn.bye("flood", f"more than {c.flood_limit} messages over the rate limit")
        elif now - conn.last_rate_error >= 1.0 or (isinstance(raw, dict) and raw.get("t") == "move"):
            # a dropped move is always answered, so the player knows to send it again
            conn.last_rate_error = now
            conn.error("rate_limited", f"more than {c.rate:g} messages per second; message dropped",
                       raw.get("t") if isinstance(raw, dict) and isinstance(raw.get("t"), str) else None)
        return False

    def _on_message(self, conn: ClientConn, raw: Any) -> None:
        if not self._rate_ok(conn, raw):
            return
        ref = raw.get("t") if isinstance(raw, dict) and isinstance(raw.get("t"), str) else None
        ref = ref[:32] if ref else None
        try:
            msg = schema.validate_client(raw)
        except schema.SchemaError as exc:
            conn.error(exc.code, exc.msg, ref)
            return
        t = msg["t"]
        if t == "ping":
            conn.send({"t": "pong", "n": msg["n"]})
            return
        if not conn.welcomed:
            if t != "hello":
                conn.error("hello_first", "say hello first", t)
                return
            self._hello(conn, msg)
            return
        if t == "hello":
            conn.error("already_joined", "this connection already said hello", t)
            return
        if t in schema.ADMIN_TYPES and not conn.admin:
            conn.error("not_admin", f"only the table owner may send '{t}'", t)
            return
        try:
            getattr(self, "_m_" + t)(conn, msg)
        except _Refuse as r:
            conn.error(r.code, r.msg, t)
            return
        except Exception as exc:  # a bug must not take the table down
            log.exception("error handling %r from %s", t, conn.peer)
            conn.error("bad_message", f"the host could not handle this message ({type(exc).__name__})", t)
            return
        if t == "move":
            # an accepted move is paced by the game itself: it does not use up the rate limit
            conn.tokens = min(float(self.config.burst), conn.tokens + 1.0)

    # handshake
    def _hello(self, conn: ClientConn, msg: dict) -> None:
        if msg["v"] != schema.PROTOCOL_VERSION:
            conn.fail("bad_version", f"this host speaks protocol version {schema.PROTOCOL_VERSION}, "
                                     f"not {msg['v']}", "hello")
            return
        token, name = msg["token"], msg["name"]
        # compare as bytes: compare_digest raises TypeError on non-ASCII str (found by fuzzing)
        is_admin = token is not None and secrets.compare_digest(token.encode(), self.admin_token.encode())
        seat_i: int | None = None
        found: int | None = None
        if token is not None:
            found = next((i for i, s in enumerate(self.seats)
                          if s.token is not None and secrets.compare_digest(s.token.encode(), token.encode())), None)
            if found is None and not is_admin:
                conn.error("bad_token", "unknown seat token (the seat may have been given up)", "hello")
                return
        reclaim = found is not None and not msg["spectator"]
        if not reclaim and not is_admin and self._reserve_full():
            # the remaining connections are kept for handshakes and for players coming back
            self.refused["reserve"] += 1
            conn.bye("busy", "the host has no room for another player or spectator: its last connections "
                             "are kept for players coming back to their seats (try again later)")
            return
        if token is not None:
            if msg["spectator"]:
                seat_i = None
            elif found is not None:
                seat_i = found
                self._reclaim(found, conn, name)
            else:  # the owner's first hello
                seat_i = self._free_seat(msg["seat"])
                if seat_i is None:
                    conn.error("table_full", "no free seat for the owner; join as spectator", "hello")
                    return
                self._seat_human(seat_i, conn, name, token=self.admin_token, owner=True)
        elif not msg["spectator"]:
            seat_i = self._free_seat(msg["seat"])
            if seat_i is None:
                conn.error("table_full", "no free seat at this table; you may watch as spectator", "hello")
                return
            self._seat_human(seat_i, conn, name)
        conn.welcomed = True
        conn.admin = is_admin
        conn.name = name
        conn.seat = seat_i
        conn.spectator = seat_i is None
        seat = self.seats[seat_i] if seat_i is not None else None
        welcome = {"t": "welcome", "v": schema.PROTOCOL_VERSION, "seat": seat_i,
                   "token": seat.token if seat else (self.admin_token if is_admin else None),
                   "spectator": seat_i is None, "admin": is_admin, "name": name, "table": self.table_name}
        if self.config.announce:  # the id to look for in the TXT records if the table moves
            welcome["table_id"] = self.table_id
        conn.send(welcome)
        self._lobby_changed()
        if self.state is not None and (self.running or reclaim):
            # after a finished match only its own players (back with their tokens) see its
            # final state; a newcomer or spectator sees the lobby, not another seat's results
            conn.send(self._state_msg(self._view(seat_i), []))
        self._check_full()
        if seat is not None and self.running:
            self._schedule()

    def _free_seat(self, wish: int | None) -> int | None:
        if not self.running:
            if wish is not None and wish < len(self.seats) and self.seats[wish].kind == "empty":
                return wish
            return next((i for i, s in enumerate(self.seats) if s.kind == "empty"), None)
        # during a match: a bot that filled an empty seat at the start
        if wish is not None and wish < len(self.seats) and self.seats[wish].kind == "bot" and self.seats[wish].auto:
            return wish
        return next((i for i, s in enumerate(self.seats) if s.kind == "bot" and s.auto), None)

    def _seat_human(self, i: int, conn: ClientConn, name: str, token: str | None = None,
                    owner: bool = False) -> None:
        seat = Seat(kind="human", name=name, token=token or secrets.token_urlsafe(16), owner=owner, conn=conn)
        old = self.seats[i]
        if old.away_timer:
            old.away_timer.cancel()
        self.seats[i] = seat
        self._log_seat(i)

    def _reclaim(self, i: int, conn: ClientConn, name: str) -> None:
        seat = self.seats[i]
        old = seat.conn
        if old is not None and old is not conn:
            old.seat = None
            old.bye("replaced", "this seat was taken over by a newer connection with its token")
        if seat.away_timer:
            seat.away_timer.cancel()
            seat.away_timer = None
        seat.conn = conn
        seat.away = False
        if seat.name != name:
            seat.name = name
            self._log_seat(i)

    def _log_seat(self, i: int) -> None:
        if self.log is not None and self.running:
            self.log.seat(**self.seats[i].record(i))
        elif self.journal is not None:  # lobby: seats and tokens on disk before the welcome goes out
            self.journal.lobby(self)

    # game
    def _m_move(self, conn: ClientConn, msg: dict) -> None:
        if conn.seat is None:
            raise _Refuse("not_seated", "spectators cannot move")
        if self.state is None:
            raise _Refuse("no_match", "no match is running")
        if msg["seat"] is not None and msg["seat"] != conn.seat:
            raise _Refuse("not_your_seat", f"you sit at seat {conn.seat}, not {msg['seat']}")
        s = self.state
        if s.phase in ("play", "exchange") and s.to_move != conn.seat:
            raise _Refuse("not_your_turn", f"it is seat {s.to_move}'s turn, not yours")
        if msg["seq"] is not None and msg["seq"] != self.seq:
            raise _Refuse("stale", f"the move was made for state {msg['seq']}; the table is at {self.seq}")
        try:
            move = engine.move_from_wire(msg["move"])
            self._move_arrival = conn.last_seen
            self._apply(conn.seat, move)
        except engine.IllegalMove as exc:
            raise _Refuse("illegal_move", str(exc)) from None

    @property
    def seq(self) -> int:
        return self.log.seq if self.log is not None else 0

    def _apply(self, seat: int, move: engine.Move) -> None:
        """Apply a move (raises IllegalMove, changing nothing), log it, send the result."""
        assert self.state is not None and self.log is not None
        new, events = engine.apply(self.state, seat, move)
        self.state = new
        self.log.move(seat, engine.move_to_wire(move))
        self._after_change(events)

    def _after_change(self, events: list[dict]) -> None:
        self._cancel_turn()
        self._schedule(send_timer_only=True)
        nbytes = self._broadcast_state(events)
        arrival, self._move_arrival = self._move_arrival, None
        if self.on_update is not None:
            self.on_update(self.seq, arrival, nbytes)
        if self.state is not None and self.state.phase == "match_over":
            self._match_over()
        else:
            self._schedule()

    def _view(self, seat: int | None) -> dict:
        assert self.state is not None
        return engine.view(self.state, seat)

    def _timer_info(self) -> dict | None:
        if self._timer_deadline is None or self.state is None or self.state.to_move is None:
            return None
        left = max(0.0, self._timer_deadline - time.monotonic())
        return {"seat": self.state.to_move, "left": round(left, 2), "total": self.options["turn_timer"]}

    def _state_msg(self, view: dict, events: list[dict]) -> dict:
        return {"t": "state", "seq": self.seq, "view": view, "events": events, "timer": self._timer_info()}

    def _broadcast_state(self, events: list[dict]) -> int:
        frames: dict[Any, bytes] = {}
        nbytes = 0
        for conn in list(self.conns):
            if not conn.welcomed or conn.closed:
                continue
            key = conn.seat
            data = frames.get(key)
            if data is None:
                msg = self._state_msg(self._view(key), engine.filter_events(events, key))
                data = framing.frame(framing.pack(msg))
                frames[key] = data
            conn.send_frame(data)
            nbytes += len(data)
        self.stats["updates"] += 1
        self.stats["bytes"] += nbytes
        self.stats["frames"] += len(frames)
        return nbytes

    # turn handling: bots, timer, auto next round
    def _cancel_turn(self) -> None:
        self._timer_fired = False
        for h in (self._turn_handle, self._timer_handle, self._next_handle):
            if h:
                h.cancel()
        self._turn_handle = self._timer_handle = self._next_handle = None
        self._timer_deadline = None

    def _bot_controls(self, i: int) -> bool:
        s = self.seats[i]
        return s.kind == "bot" or (s.kind == "human" and s.away and s.conn is None)

    def _schedule(self, send_timer_only: bool = False) -> None:
        """Arrange what happens next: a bot's move, the turn timer, or the next round."""
        s = self.state
        if s is None or self.loop is None:
            return
        if send_timer_only:
            # set the deadline before the state goes out, so clients see the timer
            if s.phase in ("play", "exchange") and s.to_move is not None and not self._bot_controls(s.to_move) \
                    and self.options["turn_timer"] > 0:
                self._timer_deadline = time.monotonic() + self.options["turn_timer"]
            return
        seq = self.seq
        if s.phase in ("play", "exchange") and s.to_move is not None:
            if self._bot_controls(s.to_move):
                if self._timer_handle:
                    self._timer_handle.cancel()
                    self._timer_handle = None
                    self._timer_deadline = None
                if self._turn_handle is None and self._thinking != seq:
                    self._turn_handle = self.loop.call_later(max(0.0, self.options["bot_delay"]),
                                                             self._bot_turn, seq)
            elif self.options["turn_timer"] > 0 and self._timer_handle is None:
                if self._turn_handle:
                    self._turn_handle.cancel()
                    self._turn_handle = None
                if self._timer_deadline is None:
                    self._timer_deadline = time.monotonic() + self.options["turn_timer"]
                self._timer_handle = self.loop.call_at(
                    self.loop.time() + max(0.0, self._timer_deadline - time.monotonic()), self._timer_expired, seq)
        elif s.phase == "round_over" and self.options["auto_next"] >= 0 and self._next_handle is None:
            self._next_handle = self.loop.call_later(self.options["auto_next"], self._auto_next, seq)

    def _bot_for(self, i: int):
        seat = self.seats[i]
        if seat.bot is None:
            seed = self._rng.getrandbits(32)
            seat.bot = make_bot(seat.level or self.options["bot_level"], seed=seed, think_ms=self.config.think_ms)
        return seat.bot

    def _bot_level(self, i: int) -> str:
        return self.seats[i].level or self.options["bot_level"]

    def _bot_move(self, i: int) -> None:
        """Let a bot move for seat i (now, or in a worker process for slow levels)."""
        assert self.state is not None
        if self.config.offload_levels and self._bot_level(i) in self.config.offload_levels:
            if self._thinking != self.seq:
                self._thinking = self.seq
                self._think_task = asyncio.ensure_future(self._think_elsewhere(i, self.seq))
            return
        v = self._view(i)
        if not v["legal"]:
            return
        try:
            move = self._bot_for(i).choose(v)
        except Exception as exc:
            log.warning("bot at seat %d failed (%s)", i, exc)
            move = None
        self._apply_bot(i, move, v)

    def _apply_bot(self, i: int, move: Any, v: dict) -> None:
        assert self.state is not None
        try:
            if not isinstance(move, engine.Move):
                move = engine.move_from_wire(move)
            engine.check_move(self.state, i, move)
        except Exception as exc:
            log.warning("bot at seat %d chose badly (%s); random legal move", i, exc)
            move = engine.move_from_wire(random.choice(v["legal"]))
        self._apply(i, move)

    async def _think_elsewhere(self, i: int, seq: int) -> None:
        """A slow bot (hard: ~1 s of search) thinks in a worker process, so the host's loop
        keeps serving every other client meanwhile."""
        assert self.loop is not None
        v = self._view(i)
        seed = self.seats[i].bot_seed
        if seed is None:
            seed = self.seats[i].bot_seed = self._rng.getrandbits(32)
        move: Any = None
        try:
            if self._pool is None:
                import concurrent.futures
                import multiprocessing
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_init, initargs=(os.getpid(),))
            move = await self.loop.run_in_executor(self._pool, _think_remote, self._bot_level(i), seed,
                                                   self.config.think_ms, v)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("bot worker failed (%s); deciding here", exc)
            try:
                move = self._bot_for(i).choose(v)
            except Exception:
                move = None
        finally:
            if self._thinking == seq:
                self._thinking = None
        s = self.state
        if s is None or seq != self.seq or s.to_move != i:
            return  # the table moved on (the timer, a reconnect, end of match)
        if not self._bot_controls(i) and not self._timer_fired:
            self._schedule()
            return
        self._timer_fired = False
        self._apply_bot(i, move, v)

    def _bot_turn(self, seq: int) -> None:
        self._turn_handle = None
        s = self.state
        if s is None or seq != self.seq or s.to_move is None or s.phase not in ("play", "exchange"):
            return
        if not self._bot_controls(s.to_move):
            self._schedule()
            return
        self._bot_move(s.to_move)

    def _timer_expired(self, seq: int) -> None:
        self._timer_handle = None
        s = self.state
        if s is None or seq != self.seq or s.to_move is None or s.phase not in ("play", "exchange"):
            return
        i = s.to_move
        if engine.is_legal(s, i, engine.PASS):
            self._apply(i, engine.PASS)
        else:
            self._timer_fired = True  # the bot moves for the human whose time ran out
            self._bot_move(i)

    def _auto_next(self, seq: int) -> None:
        self._next_handle = None
        if self.state is not None and seq == self.seq and self.state.phase == "round_over":
            self._next_round()

    def _next_round(self) -> None:
        assert self.state is not None and self.log is not None
        new, events = engine.next_round(self.state)
        self.state = new
        self.log.next_round()
        self._after_change(events)

    def _match_over(self) -> None:
        self._cancel_turn()
        self._lobby_changed()
        if self.config.on_match_over:
            self.config.on_match_over(self)

    # lobby
    def lobby_msg(self) -> dict:
        return {"t": "lobby", "table": self.table_name, "n": len(self.seats),
                "seats": [s.public(i) for i, s in enumerate(self.seats)],
                "template": self.template, "rules": self.rules.to_dict(), "running": self.running,
                "phase": self.state.phase if self.state is not None else None,
                "round_no": self.state.round_no if self.state is not None else 0,
                "spectators": sum(1 for c in self.conns if c.welcomed and c.seat is None),
                "options": dict(self.options, rounds=self.rounds)}

    def _lobby_changed(self) -> None:
        if self.loop is None:
            return
        if self.journal is not None:
            if not self.running:
                self.journal.lobby(self)  # written only when seats, rules or options changed
            self.journal.settings(self)  # options or table name changed (also mid-match)
        data = framing.encode(self.lobby_msg())
        for conn in list(self.conns):
            if conn.welcomed:
                conn.send_frame(data)
        self._touch_txt()

    def _check_full(self) -> None:
        if self.config.start_when_full and self.matches == 0 and not self.running \
                and all(s.kind != "empty" for s in self.seats):
            try:
                self.start_match()
            except (RulesError, _Refuse) as exc:
                log.warning("cannot start: %s", exc)

    def _put_bot(self, i: int, level: str | None = None, name: str | None = None, auto: bool = False) -> None:
        level = level or self.config.bot_level
        self.seats[i] = Seat(kind="bot", name=name or f"Bot {i + 1}", level=level, auto=auto)

    def _need_lobby(self) -> None:
        if self.running:
            raise _Refuse("running", "not possible while a match is running; end the match first")

    def _seat_index(self, i: int) -> Seat:
        if i >= len(self.seats):
            raise _Refuse("lobby", f"there is no seat {i} (the table has {len(self.seats)})")
        return self.seats[i]

    def _m_chat(self, conn: ClientConn, msg: dict) -> None:
        if not msg["text"]:
            return
        now = time.monotonic()
        if now - conn.last_chat < CHAT_INTERVAL:  # chat goes to everyone: keep it slow
            raise _Refuse("rate_limited", f"at most one chat line per {CHAT_INTERVAL:g} s")
        conn.last_chat = now
        data = framing.encode({"t": "chat", "seat": conn.seat, "name": conn.name, "text": msg["text"]})
        for c in list(self.conns):
            if c.welcomed:
                c.send_frame(data)

    def _m_rename(self, conn: ClientConn, msg: dict) -> None:
        if conn.seat is None or self.seats[conn.seat].name == msg["name"]:
            conn.name = msg["name"]
            return  # a spectator's name is in no lobby: nothing to tell everyone
        # every rename goes to every connection (and the journal): keep it as slow as chat
        now = time.monotonic()
        if now - conn.last_rename < CHAT_INTERVAL:
            raise _Refuse("rate_limited", f"at most one rename per {CHAT_INTERVAL:g} s")
        conn.last_rename = now
        conn.name = msg["name"]
        self.seats[conn.seat].name = msg["name"]
        self._log_seat(conn.seat)
        self._lobby_changed()

    def _m_sit(self, conn: ClientConn, msg: dict) -> None:
        if conn.seat is None:
            raise _Refuse("not_seated", "spectators have no seat to move")
        self._need_lobby()
        target = self._seat_index(msg["seat"])
        if msg["seat"] == conn.seat:
            return
        if target.kind != "empty":
            raise _Refuse("lobby", f"seat {msg['seat']} is not free")
        self.seats[msg["seat"]], self.seats[conn.seat] = self.seats[conn.seat], Seat()
        conn.seat = msg["seat"]
        conn.send({"t": "welcome", "v": schema.PROTOCOL_VERSION, "seat": conn.seat,
                   "token": self.seats[conn.seat].token, "spectator": False, "admin": conn.admin,
                   "name": conn.name, "table": self.table_name})
        self._lobby_changed()

    def _m_leave(self, conn: ClientConn, msg: dict) -> None:
        if conn.seat is None:
            raise _Refuse("not_seated", "you have no seat to leave")
        i = conn.seat
        # mid-match the seat stays with its bot (and its hand): no newcomer gets it unless the
        # owner opens it again (open_seat); in the lobby it becomes empty
        self._vacate(i, auto=False)
        conn.seat = None
        conn.spectator = True
        conn.send({"t": "welcome", "v": schema.PROTOCOL_VERSION, "seat": None,
                   "token": self.admin_token if conn.admin else None, "spectator": True,
                   "admin": conn.admin, "name": conn.name, "table": self.table_name})
        if self.state is not None:
            conn.send(self._state_msg(self._view(None), []))
        self._lobby_changed()
        self._schedule()

    def _vacate(self, i: int, auto: bool = True) -> None:
        """A human gives up seat i: empty in the lobby, a bot during a match. Token dies.
        ``auto``: a newcomer may take that bot's seat during the match."""
        old = self.seats[i]
        if old.away_timer:
            old.away_timer.cancel()
        if self.running:
            self._put_bot(i, old.level or self.options["bot_level"], name=f"{old.name} (Bot)"[:schema.NAME_MAX],
                          auto=auto)
            self._log_seat(i)
        else:
            self.seats[i] = Seat()

    def _m_open_seat(self, conn: ClientConn, msg: dict) -> None:
        """Owner: let a newcomer take this bot's seat (and hand) during the match."""
        if not self.running:
            raise _Refuse("no_match", "open_seat is for a running match; in the lobby a bot seat is "
                                      "emptied with remove_bot")
        self.open_seat(msg["seat"])

    def open_seat(self, i: int) -> None:
        """Let a newcomer take bot seat ``i`` (and its hand) during the match (owner's open_seat)."""
        seat = self._seat_index(i)
        if seat.kind != "bot":
            raise _Refuse("lobby", f"seat {i} is not played by a bot")
        if not seat.auto:
            seat.auto = True
            self._log_seat(i)
            self._lobby_changed()

    def _m_add_bot(self, conn: ClientConn, msg: dict) -> None:
        self._need_lobby()
        if msg["seat"] is None:
            i = next((k for k, s in enumerate(self.seats) if s.kind == "empty"), None)
            if i is None:
                raise _Refuse("lobby", "no empty seat for a bot")
        else:
            i = msg["seat"]
            if self._seat_index(i).kind != "empty":
                raise _Refuse("lobby", f"seat {i} is not empty")
        self._put_bot(i, msg["level"] or self.options["bot_level"], msg["name"])
        self._lobby_changed()
        self._check_full()

    def _m_remove_bot(self, conn: ClientConn, msg: dict) -> None:
        self._need_lobby()
        if self._seat_index(msg["seat"]).kind != "bot":
            raise _Refuse("lobby", f"seat {msg['seat']} is not a bot")
        self.seats[msg["seat"]] = Seat()
        self._lobby_changed()

    def _m_kick(self, conn: ClientConn, msg: dict) -> None:
        i = msg["seat"]
        seat = self._seat_index(i)
        if seat.kind != "human":
            raise _Refuse("lobby", f"seat {i} is not a human player")
        if seat.owner:
            raise _Refuse("lobby", "the owner cannot kick itself; use leave")
        victim = seat.conn
        self._vacate(i, auto=False)  # else the kicked player just says hello again and gets the hand back
        if victim is not None:
            victim.seat = None
            victim.bye("kicked")
        self._lobby_changed()
        self._schedule()

    def _m_reorder(self, conn: ClientConn, msg: dict) -> None:
        self._need_lobby()
        order = msg["order"]
        if len(order) != len(self.seats):
            raise _Refuse("lobby", f"the order must list all {len(self.seats)} seats")
        self.seats = [self.seats[k] for k in order]
        for i, s in enumerate(self.seats):
            if s.conn is not None:
                s.conn.seat = i
                s.conn.send({"t": "welcome", "v": schema.PROTOCOL_VERSION, "seat": i, "token": s.token,
                             "spectator": False, "admin": s.conn.admin, "name": s.conn.name,
                             "table": self.table_name})
        self._lobby_changed()

    def _m_set_seats(self, conn: ClientConn, msg: dict) -> None:
        self._need_lobby()
        n = msg["n"]
        r = self.rules
        if not r.min_players <= n <= r.max_players:
            raise _Refuse("lobby", f"this rule set allows {r.min_players}..{r.max_players} players")
        if any(s.kind != "empty" for s in self.seats[n:]):
            raise _Refuse("lobby", "seats beyond the new number are taken; free them first")
        self.seats = self.seats[:n] + [Seat() for _ in range(n - len(self.seats))]
        self._lobby_changed()
        self._check_full()

    def _m_set_rules(self, conn: ClientConn, msg: dict) -> None:
        self._need_lobby()
        try:
            if msg["template"] is not None:
                tid = msg["template"].upper()
                if tid not in TEMPLATE_ORDER:  # never a path on the host's disk
                    raise _Refuse("bad_rules", f"no template {msg['template']!r}; known: {', '.join(TEMPLATE_ORDER)}")
                rules = load_rules(tid)
            else:
                rules = Rules.from_dict(msg["rules"])
        except RulesError as exc:
            raise _Refuse("bad_rules", str(exc)) from None
        except (TypeError, ValueError) as exc:
            raise _Refuse("bad_rules", f"invalid rule set: {exc}") from None
        n = len(self.seats)
        if n > rules.max_players and any(s.kind != "empty" for s in self.seats[rules.max_players:]):
            raise _Refuse("bad_rules", f"this rule set allows at most {rules.max_players} players; "
                                       f"{n} seats are set up and the extra ones are taken")
        n = max(rules.min_players, min(n, rules.max_players))
        self.seats = self.seats[:n] + [Seat() for _ in range(n - len(self.seats))]
        self.rules = rules
        self.template = template_of(rules)
        self.rounds = None
        self._lobby_changed()

    def _m_set_options(self, conn: ClientConn, msg: dict) -> None:
        if msg["rounds"] is not None:
            self._need_lobby()  # the number of rounds is fixed once a match runs
            self.rounds = msg["rounds"]
        old_timer = self.options["turn_timer"]
        timer_was = self._timer_info() is not None
        for k in ("turn_timer", "reconnect_wait", "bot_level", "bot_delay", "auto_next"):
            if msg[k] is not None:
                self.options[k] = msg[k]
        if msg["name"] is not None:
            self.table_name = msg["name"]
        timer_changed = self.options["turn_timer"] != old_timer
        self._reschedule(restart_timer=timer_changed)
        self._lobby_changed()
        if timer_changed and (timer_was or self._timer_info() is not None):
            # every client learns the new clock now, not with the next move: the same
            # state again (same seq, no events) with the new timer
            self._broadcast_state([])

    def _reschedule(self, restart_timer: bool) -> None:
        """Arrange the turn again after the options changed (bot delay, auto next round,
        turn timer). A changed turn timer starts afresh for the seat on turn (or stops,
        when turned off); otherwise the clock of the seat on turn runs on unchanged."""
        deadline, fired = self._timer_deadline, self._timer_fired
        self._cancel_turn()
        if not restart_timer:
            self._timer_deadline, self._timer_fired = deadline, fired
        self._schedule()

    def _m_start(self, conn: ClientConn, msg: dict) -> None:
        self._need_lobby()
        try:
            self.start_match()
        except RulesError as exc:
            raise _Refuse("bad_rules", str(exc)) from None

    def _m_next_round(self, conn: ClientConn, msg: dict) -> None:
        if self.state is None:
            raise _Refuse("no_match", "no match is running")
        if self.state.phase != "round_over":
            raise _Refuse("lobby", "the round is not over yet" if self.running else "the match is over")
        self._next_round()

    def _m_end_match(self, conn: ClientConn, msg: dict) -> None:
        if not self.running:
            raise _Refuse("no_match", "no match is running")
        self.end_match()

    # public API (also used by the UI through HostThread.call)
    def start_match(self) -> None:
        if self.running:
            raise _Refuse("running", "a match is already running")
        n = len(self.seats)
        self.rules.validate(n)
        for i, s in enumerate(self.seats):
            if s.kind == "empty":
                self._put_bot(i, self.options["bot_level"], auto=True)
            s = self.seats[i]
            s.bot = None
            s.bot_seed = None
        seed = self.config.seed if self.config.seed is not None and self.matches == 0 else secrets.randbits(63)
        state, events = engine.new_match(self.rules, n, seed, self.rounds)
        self.state = state
        self.matches += 1
        self.log = MatchLog.start(self.rules, n, seed, self.rounds,
                                  [s.record(i) for i, s in enumerate(self.seats)],
                                  table=self.table_name, template=self.template, match=self.matches,
                                  admin_token=self.admin_token)
        if self.config.on_log:
            self.config.on_log(self.log)
        self._lobby_changed()
        self._after_change(events)

    def restore(self, log: MatchLog) -> None:
        """Take over a match from its log (resume after a crash): rules, seats with their
        names and tokens, the admin token and the exact engine state. Call before start();
        humans count as dropped until they reconnect with their tokens."""
        from felt.net.matchlog import replay
        h = log.header
        rules = Rules.from_dict(h["rules"])
        self.rules = rules
        self.template = h.get("template") or template_of(rules)
        self.rounds = h.get("rounds")
        self.table_name = h.get("table") or self.table_name
        self.seats = []
        for d in log.seats():
            self.seats.append(Seat(kind=d.get("kind", "empty"), name=d.get("name", ""), token=d.get("token"),
                                   level=d.get("level"), owner=bool(d.get("owner")), auto=bool(d.get("auto"))))
        owner = next((x for x in self.seats if x.owner and x.token), None)
        self.admin_token = h.get("admin_token") or (owner.token if owner else self.admin_token)
        self.state = replay(log, rules=rules)
        self.log = log
        self.matches = max(self.matches, int(h.get("match") or 1))

    def end_match(self) -> None:
        assert self.state is not None and self.log is not None
        new, events = engine.end_match(self.state)
        self.state = new
        self.log.end_match()
        self._after_change(events)

    def hands(self) -> list[list[int]]:
        """The true hands (for tests and the soak check; never sent)."""
        return [list(h) for h in self.state.hands] if self.state is not None else []


_REMOTE_BOTS: dict = {}


def _worker_init(parent: int) -> None:
    """In the worker process: exit when the host process is gone. A host killed with
    SIGKILL cannot shut its pool down, and the worker would otherwise wait for work forever
    (one stray process per crash and resume)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)
    threading.Thread(target=watch, name="felt-parent-watch", daemon=True).start()


def _think_remote(level: str, seed: int, think_ms: int | None, view: dict) -> dict:
    """In the worker process: the bot of that level and seed chooses; returns a wire move."""
    key = (level, seed, think_ms)
    bot = _REMOTE_BOTS.get(key)
    if bot is None:
        bot = _REMOTE_BOTS[key] = make_bot(level, seed=seed, think_ms=think_ms)
    move = bot.choose(view)
    return engine.move_to_wire(move if isinstance(move, engine.Move) else engine.move_from_wire(move))


class _Refuse(Exception):
    def __init__(self, code: str, msg: str):
        super().__init__(msg)
        self.code = code
        self.msg = msg


# ------------------------------------------------------------------ thread wrapper
class HostThread:
    """Runs a :class:`Host` on its own event loop in a thread (for the pygame UI).

    ``HostThread(config).start()`` returns once the host listens; then ``.address``,
    ``.port``, ``.admin_token``, ``.call(fn, *args)`` (run ``fn(host, *args)`` on the
    host's loop and return its result), ``.stop()``.
    """

    def __init__(self, config: HostConfig | None = None, **kw: Any):
        self.config = config or HostConfig(**kw)
        self.host: Host | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self.error: BaseException | None = None

    @property
    def address(self) -> str:
        return self.host.address if self.host else ""

    @property
    def port(self) -> int:
        return self.host.port if self.host else 0

    @property
    def admin_token(self) -> str:
        return self.host.admin_token if self.host else ""

    def start(self, timeout: float = 10.0) -> "HostThread":
        self._thread = threading.Thread(target=self._run, name="felt-host", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("host did not start in time")
        if self.error is not None:
            raise RuntimeError(f"host failed to start: {self.error}") from self.error
        return self

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._main())
        except BaseException as exc:
            self.error = exc
        finally:
            self._ready.set()
            try:
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()

    async def _main(self) -> None:
        try:
            self.host = Host(self.config)
            await self.host.start()
        finally:
            self._ready.set()
        assert self.host.closed is not None
        await self.host.closed.wait()

    def call(self, fn: Callable[..., Any], *args: Any, timeout: float = 5.0) -> Any:
        """Run ``fn(host, *args)`` on the host's loop; return its result."""
        assert self._loop is not None and self.host is not None
        host = self.host

        async def run():
            return fn(host, *args)
        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    def stop(self, timeout: float = 5.0) -> None:
        loop, host = self._loop, self.host
        if loop is not None and host is not None and not loop.is_closed():
            try:
                asyncio.run_coroutine_threadsafe(host.stop(), loop).result(timeout)
            except Exception:
                pass
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None


def start_host_thread(config: HostConfig | None = None, **kw: Any) -> HostThread:
    """Start a host in a thread; see :class:`HostThread`."""
    return HostThread(config, **kw).start()

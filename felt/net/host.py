"""The asyncio server around a :class:`felt.net.table.Table`: the only authority over a table.

The table (table.py) holds the lobby, seats, tokens, match flow, timers and bots, without any
I/O. This module is the thin part around it: it accepts TCP clients (an ``asyncio.Protocol``
per connection, sans-I/O framing from framing.py), limits connections and message rates,
checks every message against schema.py, feeds the table with messages and the clock, sends
what the table says to send, wakes the table when its next timer is due, lets slow bots think
in a worker process, announces the table over mDNS (discovery.py), and opens the journal
(journal.py) as the table's recorder.

Everything runs on one event loop; :class:`HostThread` runs that loop in a thread for the UI.
"""
from __future__ import annotations

import asyncio
import errno
import itertools
import logging
import os
import socket
import threading
import time
from dataclasses import dataclass, fields
from typing import Any, Callable

from felt import contract
from felt.net import framing, schema
from felt.net.matchlog import MatchLog
from felt.net.table import Peer, Refuse, Seat, Table  # noqa: F401  (Seat: for callers)
from felt.net.table import resolve_rules as _resolve

log = logging.getLogger("felt.net.host")

MAX_WRITE_BUFFER = 1 << 20  # a client that does not read is dropped beyond this
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
    rules: Any = "PR-002"             # template id or rule file of any game, a rule set, or a rule dict
    game: str | None = None           # the game of a rule set / dict given as ``rules`` (None: the default game)
    players: int = 4
    bots: int = 0                     # seats filled with bots at the start
    bot_level: str = "normal"
    rounds: int | None = None         # overrides the rule set's rounds
    seed: Any = None
    turn_timer: float = 0.0           # seconds, 0 = off
    reconnect_wait: float = 30.0
    bot_delay: float = 0.6            # bots' pause before a move
    pace: str = "off"                 # the table's one clock: calm | normal | fast | off (felt.contract.base)
    think_ms: int | None = None
    offload_levels: tuple = ("hard",)  # bot levels that think in a worker process
    auto_next: float = -1.0           # seconds before the next round deals itself; < 0 = off
    hints: bool = True                # players may take a "Tipp" on their turn (the owner switches it in the lobby)
    start_when_full: bool = False
    owner_first: bool = False         # nobody owns the table yet (headless): the first player to sit does
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
    on_log: Callable[[MatchLog], Any] | None = None  # called with each new MatchLog
    journal: Any = None               # path of the append-only journal (journal.py); None = none
    resume: Any = None                # journal.Resume: bring that table back (felt host --resume)
    replays: Any = None               # folder that keeps every finished match (felt.net.replay); None = none
    evening: Any = None               # file of the evening's standings (felt.net.evening); None = in memory
    phones: bool = True               # the gateway for phones' browsers (felt/net/gateway.py)
    phone_port: int = 0               # its port (0: a free one)
    phone_spectators: int = 4         # phones that may watch, beyond one per seat
    public_url: str | None = None     # a URL other networks reach the gateway at (QR, printout)


OPEN_FILES_WANTED = 8192      # soft open-files limit a host asks for (a desktop's default is often 1024)


def raise_open_files_limit(wanted: int = OPEN_FILES_WANTED) -> int:
    """Raise this process's soft open-files limit towards ``wanted`` (at most the hard limit):
    every phone, client and idle connection is a file, and a flood of idle ones must not leave
    the table unable to accept its players. Returns the soft limit now."""
    try:
        import resource
    except ImportError:                      # pragma: no cover (Windows)
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


def _listen_socket(bind: str | None, port: int) -> socket.socket:
    """One listening TCP socket on ``port`` (0: a free one). Without a bind address it is
    one dual-stack IPv6 socket where the system has them (IPv4 and IPv6 on the SAME port),
    else IPv4 on all addresses. (``loop.create_server(host=None)`` opens one socket per
    family, each on its own random port, and only one of them would be announced.)"""
    if bind:
        infos = socket.getaddrinfo(bind, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP,
                                   flags=socket.AI_PASSIVE)
        family, _, _, _, addr = infos[0]
        return _tcp_listener(family, addr, dualstack=False)
    if socket.has_ipv6 and socket.has_dualstack_ipv6():
        try:
            return _tcp_listener(socket.AF_INET6, ("", port), dualstack=True)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise
            # IPv6 switched off on this machine: IPv4 only
    return _tcp_listener(socket.AF_INET, ("", port), dualstack=False)


def _tcp_listener(family: int, addr: tuple, dualstack: bool) -> socket.socket:
    # proto IPPROTO_TCP (not 0): asyncio sets TCP_NODELAY only on sockets that say they are
    # TCP, and without it every small state message waits for Nagle and delayed ACKs (~40 ms)
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        if os.name not in ("nt", "cygwin"):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0 if dualstack else 1)
        sock.bind(addr)
        sock.listen(128)
    except BaseException:
        sock.close()
        raise
    return sock


# ------------------------------------------------------------------------ connection
class ClientConn(asyncio.Protocol):
    """One TCP client. Bytes in → frames → host.on_message; host → send()."""

    def __init__(self, host: "Host"):
        self.host = host
        self.transport: asyncio.Transport | None = None
        self.decoder = framing.FrameDecoder()
        self.peername = "?"
        self.addr = "?"                # the peer's IP address (per-address handshake limit)
        self.serial = next(_SERIALS)   # order of arrival (the oldest handshake is dropped first)
        self.peer: Peer | None = None     # what the table knows of this connection
        self.closed = False
        now = time.monotonic()
        self.opened = now
        self.last_seen = now
        self.tokens = float(host.config.burst)
        self.refill_at = now
        self.dropped = 0
        self.last_rate_error = 0.0
        self.bytes_out = 0
        self.frames_out = 0

    # the table's view of this connection
    @property
    def welcomed(self) -> bool:
        return self.peer is not None and self.peer.welcomed

    @property
    def seat(self) -> int | None:
        return self.peer.seat if self.peer is not None else None

    @property
    def name(self) -> str:
        return self.peer.name if self.peer is not None else ""

    @property
    def admin(self) -> bool:
        return self.peer is not None and self.peer.admin

    @property
    def spectator(self) -> bool:
        return self.peer is not None and self.peer.spectator

    # asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        peer = transport.get_extra_info("peername")
        self.peername = f"{peer[0]}:{peer[1]}" if peer else "?"
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
            log.warning("client %s does not read; dropping it", self.peername)
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
        (which do not count against max_conns) cannot hold the host's memory."""
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
_TABLE_FIELDS = ("rules", "game", "players", "bots", "bot_level", "rounds", "seed", "turn_timer", "reconnect_wait",
                 "bot_delay", "pace", "auto_next", "think_ms", "offload_levels", "start_when_full", "owner_first", "name", "admin_token",
                 "hints")


class Host:
    """The server: connections, limits, framing, timers and the worker pool around a Table."""

    def __init__(self, config: HostConfig | dict | None = None, **kw: Any):
        if isinstance(config, dict):
            config = HostConfig(**config)
        self.config = config or HostConfig(**kw)
        c = self.config
        self.conns: set[ClientConn] = set()
        self._by_id: dict[int, ClientConn] = {}
        self.table = Table(**{k: getattr(c, k) for k in _TABLE_FIELDS}, max_joined=self.max_joined)
        self.table.refused = self.refused = {"busy": 0, "pending_addr": 0, "pending": 0, "reserve": 0}
        if c.on_log is not None:
            self.table.on_log.append(lambda mlog: self.config.on_log(mlog) if self.config.on_log else None)
        self.server: asyncio.base_events.Server | None = None
        self.address = c.interface or "127.0.0.1"
        self.port = 0
        self.announcer = None
        self._announcer_obj = None
        self._announce_task: asyncio.Task | None = None
        self._txt_task: asyncio.Task | None = None
        self._txt_dirty = False
        self._wake: asyncio.TimerHandle | None = None
        self._wake_at: float | None = None
        self._sweeper: asyncio.TimerHandle | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closed: asyncio.Event | None = None  # created in start()
        self.stats = {"updates": 0, "bytes": 0, "frames": 0}
        # bench hook: (seq, arrival time of the network move or None, bytes sent for this update)
        self.on_update: Callable[[int, float | None, int], Any] | None = None
        self._update_bytes = 0
        self._pool = None  # worker process for slow bots, created on first use
        self._think_task: asyncio.Future | None = None
        self._stopping = False
        self._flushing = False
        self.journal = None  # the table's recorder when config.journal is set (felt.net.journal)
        self.gateway = None  # phones' page and renderers (felt.net.gateway) when config.phones
        self._phone_records: list[dict] = []
        if c.resume is not None:
            self.table.restore(c.resume.snapshot())
        if c.evening:
            from felt.net.evening import Evening
            self.table.evening = Evening(c.evening)   # the evening so far, from the data folder
        self.table.announced = bool(c.announce)  # the id to look for in the TXT records if the table moves

    # the table's seats, state and settings, read (and seats and state set) through the host too
    seats = property(lambda self: self.table.seats, lambda self, v: setattr(self.table, "seats", v))
    state = property(lambda self: self.table.state, lambda self, v: setattr(self.table, "state", v))
    rules = property(lambda self: self.table.rules)
    game = property(lambda self: self.table.game)
    options = property(lambda self: self.table.options)
    rounds = property(lambda self: self.table.rounds)
    template = property(lambda self: self.table.template)
    table_name = property(lambda self: self.table.table_name)
    admin_token = property(lambda self: self.table.admin_token)
    log = property(lambda self: self.table.log)
    matches = property(lambda self: self.table.matches)
    running = property(lambda self: self.table.running)
    seq = property(lambda self: self.table.seq)
    _thinking = property(lambda self: self.table.thinking)

    def hands(self) -> list[list[int]]:
        """The true hands (for tests and the soak check; never sent)."""
        return self.table.hands()

    def lobby_msg(self) -> dict:
        return self.table.lobby_msg()

    def cancel_turn(self) -> None:
        """Stop the table's turn timers (bot move, turn timer, next round) and the wake-up."""
        self.table.cancel_turn()
        if self._wake is not None:
            self._wake.cancel()
        self._wake = self._wake_at = None

    def _timer_info(self) -> dict | None:
        self.table.now = time.monotonic()
        return self.table.timer_info()

    # ------------------------------------------------------------------ driving the table
    def _flush(self) -> None:
        """Do what the table asked for, then arm the timer for its next wake-up. Not
        re-entered: what a closing connection changes is picked up by the loop below."""
        if self._flushing:
            return
        self._flushing = True
        try:
            while True:
                actions = self.table.take()
                if not actions:
                    break
                for a in actions:
                    self._do(a)
        finally:
            self._flushing = False
        self._arm()

    def _do(self, a: tuple) -> None:
        kind = a[0]
        if kind == "send":
            conn = self._by_id.get(a[1])
            if conn is not None:
                conn.send(a[2])
        elif kind == "sendall":
            data = framing.encode(a[2])
            for pid in a[1]:
                conn = self._by_id.get(pid)
                if conn is not None:
                    conn.send_frame(data)
        elif kind == "state":
            data = framing.frame(framing.pack(a[2]))
            self.stats["frames"] += 1
            for pid in a[1]:
                conn = self._by_id.get(pid)
                if conn is not None and not conn.closed:
                    conn.send_frame(data)
                    self._update_bytes += len(data)
        elif kind == "updated":
            nbytes, self._update_bytes = self._update_bytes, 0
            self.stats["updates"] += 1
            self.stats["bytes"] += nbytes
            if self.on_update is not None:
                self.on_update(a[1], a[2], nbytes)
        elif kind == "bye":
            conn = self._by_id.get(a[1])
            if conn is not None:
                conn.bye(a[2], a[3])
        elif kind == "fail":
            conn = self._by_id.get(a[1])
            if conn is not None:
                conn.fail(a[2], a[3], a[4])
        elif kind == "think":
            if self.loop is not None and not self._stopping:
                self._think_task = asyncio.ensure_future(self._think_elsewhere(*a[1:]))
        elif kind == "txt":
            self._touch_txt()
        elif kind == "match_over":
            self._keep_replay()
            if self.config.on_match_over:
                self.config.on_match_over(self)

    def _keep_replay(self) -> None:
        """A match just ended: keep it in the replays folder (felt.net.replay; `felt replay
        --list`). A failure is logged and changes nothing at the table."""
        folder, mlog = self.config.replays, self.table.log
        if not folder or mlog is None:
            return
        try:
            from felt.net.replay import Replay, save
            save(Replay.from_log(mlog), folder)
        except Exception as exc:
            log.warning("could not keep the finished match in %s: %s", folder, exc)

    def _arm(self) -> None:
        if self.loop is None or self.loop.is_closed():
            return
        due = self.table.wakeup()
        if due == self._wake_at and self._wake is not None:
            return
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        self._wake_at = due
        if due is not None:
            self._wake = self.loop.call_at(self.loop.time() + max(0.0, due - time.monotonic()), self._tick)

    def _tick(self) -> None:
        self._wake = self._wake_at = None
        self.table.tick(time.monotonic())
        self._flush()

    def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run ``fn(table, *args)`` on the table now and send what it produced."""
        self.table.now = time.monotonic()
        try:
            return fn(self.table, *args)
        finally:
            self._flush()

    # public API (also used by the UI through HostThread.call)
    def start_match(self) -> None:
        self.call(lambda t: t.start_match(time.monotonic()))

    def end_match(self) -> None:
        self.call(lambda t: t.end_match(time.monotonic()))

    def open_seat(self, i: int) -> None:
        self.call(lambda t: t.open_seat(i))

    def kick(self, i: int) -> None:
        self.call(lambda t: t.kick(i))

    def next_round(self) -> None:
        self.call(lambda t: t.next_round(time.monotonic()))

    _next_round = next_round

    def restore(self, mlog: MatchLog) -> None:
        """Take over a match from its log (resume after a crash); call before start()."""
        self.table.restore_log(mlog)

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> "Host":
        raise_open_files_limit()
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
            if c.phones:
                await self._start_gateway()
            if c.journal:
                from felt.net.journal import open_recorder
                # on disk before anything can change the table
                self.journal = open_recorder(c.journal, self.table, self.server_info(), c.resume)
                self.table.recorder = self.journal
                if self._phone_records:     # what the gateway knew before the journal opened
                    self.journal.phones(self._phone_records)
            self._sweep()
            if c.resume is not None or self.table.running:
                self.table.resume_started(time.monotonic())  # absent players get their wait
                if self.table.state is not None and self.table.state.phase == "match_over":
                    self._keep_replay()     # ended just before the host died: kept once (by its digest)
            if c.announce:
                self._announce_task = asyncio.ensure_future(self._announce())
            self.call(lambda t: t.check_full())
        except BaseException:
            # a table that never opened leaves nothing behind: no listener, no journal file
            self.server.close()
            if self.gateway is not None:
                await self.gateway.stop()
                self.gateway = None
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

    async def _start_gateway(self) -> None:
        """The page for phones (felt/net/gateway.py) on the table's interfaces; its renderers
        join the table on loopback, or at the table's own address when it listens on one."""
        c = self.config
        bind = c.bind or c.interface or None
        try:
            from felt.net.gateway import Gateway
            gw = Gateway(table_address=bind or "127.0.0.1", table_port=self.port,
                         table_name=lambda: self.table_name,
                         capacity=lambda: len(self.seats) + max(0, int(c.phone_spectators)),
                         reconnect_wait=lambda: float(self.options.get("reconnect_wait", 30.0)),
                         address=self.address, public_url=c.public_url,
                         seat_held=self.table.holds_seat, on_sessions=self._phones_changed,
                         kept=c.resume.phones if c.resume is not None else None)
            try:
                sock = _listen_socket(bind, c.phone_port)
            except OSError:
                if c.resume is None or not c.phone_port:
                    raise
                sock = _listen_socket(bind, 0)   # a resumed table's old phone port is taken
            self.gateway = await gw.start(sock)
        except Exception as exc:   # no phones, but the table opens
            log.warning("phones cannot join from a browser: %s", exc)

    def _phones_changed(self, records: list[dict]) -> None:
        """The phones' sessions to bring back after a crash (a hash of each page's token with
        its seat token): into the journal."""
        self._phone_records = records
        if self.journal is not None:
            self.journal.phones(records)

    @property
    def phone_url(self) -> str:
        """Where phones open the table's page (the public URL when one is set), or ''."""
        return self.gateway.urls[0] if self.gateway is not None else ""

    def server_info(self) -> dict:
        """What the journal keeps of the server (to listen at the same place after a resume)."""
        c = self.config
        return {"address": self.address, "port": self.port,
                "phone_port": self.gateway.port if self.gateway is not None else 0,
                "config": {f.name: getattr(c, f.name) for f in fields(c)   # the journal keeps its CONFIG_KEYS
                           if isinstance(getattr(c, f.name), (type(None), bool, int, float, str))}}

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
        """The table's stable public id (``Table.table_id``: a hash of the admin token)."""
        return self.table.table_id

    def _txt(self) -> dict:
        from felt.net.discovery import make_txt
        taken = sum(1 for s in self.seats if s.kind != "empty")
        return make_txt(self.table_name, self.template, taken, len(self.seats) - taken, self.running,
                        table_id=self.table_id, game=self.table.game.id,
                        phone_port=self.gateway.port if self.gateway is not None else None)

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
        for h in (self._wake, self._sweeper):
            if h:
                h.cancel()
        self._wake = self._wake_at = None
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
        self._stopping = True
        gw, self.gateway = self.gateway, None
        if gw is not None:
            await gw.stop()
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
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
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
        conn.peer = self.table.connect(conn.addr, time.monotonic())
        self._by_id[conn.peer.id] = conn
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

    def _conn_lost(self, conn: ClientConn) -> None:
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if conn.peer is not None:
            self._by_id.pop(conn.peer.id, None)
            self.table.disconnect(conn.peer, time.monotonic())
            if self.loop is not None and not self._stopping:
                self._flush()

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
            g = self.table.game
            msg = schema.validate_client(raw, tuple(g.move_kinds) or None, tuple(g.move_keys))
        except schema.SchemaError as exc:
            conn.error(exc.code, exc.msg, ref)
            return
        t = msg["t"]
        if t == "ping":
            conn.send({"t": "pong", "n": msg["n"]})
            return
        seq = self.table.seq
        if t == "move":
            self.table.move_arrival = conn.last_seen
        self.table.message(conn.peer, msg, time.monotonic())
        if t == "move" and self.table.seq != seq:
            # an accepted move is paced by the game itself: it does not use up the rate limit
            conn.tokens = min(float(self.config.burst), conn.tokens + 1.0)
        self._flush()

    # slow bots
    async def _think_elsewhere(self, i: int, seq: int, level: str, seed: int, view: dict,
                               seen: list | None = None) -> None:
        """A slow bot (hard: ~1 s of search) thinks in a worker process, so the host's loop
        keeps serving every other client meanwhile."""
        assert self.loop is not None
        move: Any = None
        failed = False
        try:
            if self._pool is None:
                import concurrent.futures
                import multiprocessing
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_init, initargs=(os.getpid(),))
            move = await self.loop.run_in_executor(self._pool, _think_remote, self.table.game.id, level, seed,
                                                   self.config.think_ms, view, seen or [])
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("bot worker failed (%s); deciding here", exc)
            failed = True
        if self.loop is None:
            return
        self.table.thought(i, seq, move, view, failed=failed, now=time.monotonic())
        self._flush()




def resolve_rules(spec: Any):
    """The rule set of a template id or rule file of any game, a rule dict or rule set."""
    return _resolve(spec)[1]


def make_bot(level: str, seed: Any = None, think_ms: int | None = None, game: str | None = None):
    """A bot of ``game`` (None: the default game) that decides from a seat's view."""
    from felt.net.table import make_bot as mk
    return mk(contract.get(game), level, seed=seed, think_ms=think_ms)


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


def _think_remote(game_id: str, level: str, seed: int, think_ms: int | None, view: dict,
                  seen: list = ()) -> dict:
    """In the worker process: the bot of that game, level and seed chooses; returns a wire move.
    ``seen``: the seat's views since its last decision, for a bot that remembers the table."""
    key = (game_id, level, seed, think_ms)
    game = contract.get(game_id)
    bot = _REMOTE_BOTS.get(key)
    if bot is None:
        bot = _REMOTE_BOTS[key] = make_bot(level, seed=seed, think_ms=think_ms, game=game_id)
    if getattr(bot, "watches", False):
        for v in seen:
            bot.watch(v)
    move = bot.choose(view)
    return move if isinstance(move, dict) else game.move_to_wire(move)


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
            try:
                return fn(host, *args)
            finally:
                host._flush()  # send what a direct change of the table produced
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

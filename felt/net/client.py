"""Client side: an asyncio connection with automatic reconnect, and a thread wrapper.

- :class:`Connection`: one TCP connection speaking frames (send/recv of dicts).
- :class:`AsyncClient`: hello, keepalive, and reconnect with the seat token (retrying for
  ``reconnect_for`` seconds, default 120) after the connection drops. A host that announces its
  table over mDNS sends a ``table_id`` in its welcome; when reconnecting keeps failing the client
  browses for that id and also tries the table's new port (a resumed host whose old port was
  taken listens elsewhere), on the same host address.
- :class:`ClientThread`: the same in its own thread for the pygame UI: ``start()``,
  ``send(dict)``, ``poll() -> list[dict]`` (non-blocking), ``status``, ``close()``.
"""
from __future__ import annotations

import asyncio
import inspect
import logging
import queue
import socket
import threading
import time
from typing import Any, Callable

from felt.net import framing, schema
from felt.net.viewdelta import MissingBase, ViewAssembler

log = logging.getLogger("felt.net.client")

# Codes after which reconnecting makes no sense.
FINAL_CODES = frozenset({"bad_version", "kicked", "replaced", "shutdown", "flood", "bad_token", "table_full"})


class ConnectionClosed(Exception):
    pass


class Connection:
    """One framed connection. ``recv()`` returns the next message dict (or raises ConnectionClosed)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader = reader
        self.writer = writer
        self.decoder = framing.FrameDecoder()
        self._pending: list[Any] = []
        self.bytes_in = 0
        self.bytes_out = 0
        # protocol 3: a state may carry only the view keys that changed; this connection's
        # last view turns it back into the whole view, so callers only ever see whole views
        self.views = ViewAssembler()
        self.resyncs = 0

    @classmethod
    async def open(cls, host: str, port: int, timeout: float = 5.0) -> "Connection":
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        return cls(reader, writer)

    def send(self, msg: dict) -> None:
        data = framing.encode(msg)
        self.bytes_out += len(data)
        self.writer.write(data)

    def send_raw(self, data: bytes) -> None:
        self.writer.write(data)

    async def drain(self) -> None:
        await self.writer.drain()

    async def recv(self) -> dict:
        while not self._pending:
            try:
                data = await self.reader.read(65536)
            except (ConnectionError, OSError) as exc:
                raise ConnectionClosed(str(exc)) from None
            if not data:
                raise ConnectionClosed("closed by peer")
            self.bytes_in += len(data)
            try:
                msgs = self.decoder.feed(data)
            except framing.FrameError as exc:
                raise ConnectionClosed(f"bad frame from host: {exc.msg}") from None
            self._pending.extend(self._assemble(msgs))
        return self._pending.pop(0)

    def _assemble(self, msgs: list[Any]) -> list[Any]:
        out = []
        for m in msgs:
            if isinstance(m, dict) and m.get("t") == "state":
                try:
                    m = self.views.feed(m)
                except MissingBase:
                    # cannot happen with a correct host; ask for the whole view, drop the patch
                    self.resyncs += 1
                    try:
                        self.send({"t": "resync"})
                    except Exception:
                        pass
                    continue
            out.append(m)
        return out

    async def close(self) -> None:
        try:
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 1.0)
        except Exception:
            pass


class AsyncClient:
    """A player's or spectator's connection that survives drops.

    ``on_message(msg)`` gets every message from the host; ``on_status(status, reason)`` gets
    'connecting', 'connected', 'reconnecting', 'closed'. ``send(msg)`` returns False when not
    connected (the message is dropped: moves made for an old view would be stale anyway).
    """

    def __init__(self, host: str, port: int, name: str, token: str | None = None,
                 spectator: bool = False, reconnect_for: float = 120.0,
                 on_message: Callable[[dict], Any] | None = None,
                 on_status: Callable[[str, str], Any] | None = None,
                 ping_every: float = 15.0, connect_timeout: float = 5.0,
                 first_connect_for: float | None = None, discover: bool = True,
                 discover_after: float = 1.0, refused_final: bool = False):
        self.host, self.port, self.name = host, port, name
        # a refused very first connection ends the client at once with reason "refused: ..."
        # (nothing listens there: a window says so instead of retrying until a timeout)
        self.refused_final = refused_final
        # how long to try the very first connection (None: as long as reconnect_for); an
        # address that does not resolve at all then fails at once
        self.first_connect_for = first_connect_for
        self.token = token
        self.spectator = spectator
        self.reconnect_for = reconnect_for
        self.on_message = on_message
        self.on_status = on_status
        self.ping_every = ping_every
        self.connect_timeout = connect_timeout
        self.status = "connecting"
        self.reason = ""
        self.seat: int | None = None
        self.admin = False
        self.conn: Connection | None = None
        self._welcomed = False
        self._closing = False
        self._final: str | None = None
        self.connects = 0
        # finding a resumed table at a new port (mDNS): only for hosts that sent a table_id
        self.discover = discover
        self.discover_after = discover_after  # seconds of failed reconnecting before browsing
        self.table_id: str | None = None
        self.table_name = ""
        self.peer_ip: str | None = None       # the host's address at the last welcome
        self.local_ip: str | None = None      # ours toward it: the interface to browse on
        self.home_port = port                 # the port of the last welcome
        self.found_ports: list[int] = []      # the table's ports seen by the browser
        self.relocations = 0                  # reconnects that went to a port found by mDNS
        self._finder: asyncio.Task | None = None
        # held: no connection until released (a phone's renderer while its page is away)
        self.held = False
        self._released = asyncio.Event()

    def hold(self, on: bool) -> None:
        """Drop the connection and stay away (``on``), or come back with the seat token.
        The table treats a held client as any dropped one; its reconnect wait counts."""
        self.held = bool(on)
        if on:
            self._released.clear()
            conn = self.conn
            if conn is not None:
                conn.writer.transport.abort()
        else:
            self._released.set()

    def _set_status(self, status: str, reason: str = "") -> None:
        if status != self.status or reason != self.reason:
            self.status, self.reason = status, reason
            if self.on_status:
                self.on_status(status, reason)

    def send(self, msg: dict) -> bool:
        if self.conn is None or not self._welcomed:
            return False
        try:
            self.conn.send(msg)
            return True
        except (framing.FrameError, ConnectionError, RuntimeError):
            return False

    async def run(self) -> None:
        """Connect, and reconnect after drops, until closed or given up."""
        lost_at: float | None = None  # since when no connection got a welcome
        delay = 0.05
        self._set_status("connecting")
        try:
            while not self._closing and self._final is None:
                if self.held:
                    await self._released.wait()
                    lost_at = None if lost_at is None else time.monotonic()   # a new reconnect window
                    delay = 0.05
                    continue
                if lost_at is not None:
                    self._look_elsewhere(time.monotonic() - lost_at)
                try:
                    conn = await Connection.open(self.host, self.port, self.connect_timeout)
                except (OSError, asyncio.TimeoutError) as exc:
                    if lost_at is None:
                        lost_at = time.monotonic()
                    if self.connects == 0 and self.refused_final and isinstance(exc, ConnectionRefusedError):
                        self._final = f"refused: {self.host}:{self.port} refused the connection"
                        break
                    first = self.connects == 0 and self.first_connect_for is not None
                    window = self.first_connect_for if first else self.reconnect_for
                    if time.monotonic() - lost_at > window or (first and isinstance(exc, socket.gaierror)):
                        why = str(exc) or type(exc).__name__
                        self._final = f"cannot connect to {self.host}:{self.port}: {why}"
                        break
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 1.0)
                    continue
                self.conn = conn
                self.connects += 1
                pinger = asyncio.ensure_future(self._pinger(conn))
                welcomed = False
                try:
                    conn.send(schema.hello(self.name, self.token, self.spectator))
                    await self._read(conn)
                except ConnectionClosed as exc:
                    self.reason = str(exc)
                finally:
                    pinger.cancel()
                    welcomed = self._welcomed
                    self._welcomed = False
                    self.conn = None
                    await conn.close()
                if self._closing or self._final is not None:
                    break
                self._set_status("reconnecting", self.reason)
                if welcomed:
                    lost_at = time.monotonic()
                    delay = 0.05
                    continue
                # closed before any welcome (something else answers on that port, or the host
                # is busy): a failed attempt, not a new start of the reconnect window
                if lost_at is None:
                    lost_at = time.monotonic()
                if time.monotonic() - lost_at > self.reconnect_for:
                    self._final = f"cannot rejoin the table at {self.host}:{self.port}: {self.reason}"
                    break
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
        finally:
            await self._stop_finder()
        self._set_status("closed", self._final or "closed")

    # ------------------------------------------------- finding a moved table (mDNS)
    def _look_elsewhere(self, lost_for: float) -> None:
        """While reconnecting: browse for our table's id after ``discover_after`` seconds, and
        take turns between the last port and the ports the browser found for the table."""
        if not (self.discover and self.table_id and self.peer_ip and self.connects):
            return
        if self._finder is None and lost_for >= self.discover_after:
            self._finder = asyncio.ensure_future(self._find_table(self.table_id))
        ports = sorted(set(self.found_ports) | {self.home_port})
        if len(ports) < 2:
            return
        i = ports.index(self.port) if self.port in ports else -1
        port = ports[(i + 1) % len(ports)]
        if port != self.port:
            # always the same host address: a table announced elsewhere with our table's id
            # never gets our seat token (the journal and so the resumed host live on that machine)
            self.host, self.port = self.peer_ip, port
            self.reason = f"trying the table at port {port} (found by mDNS)"

    async def _find_table(self, table_id: str) -> None:
        try:
            from felt.net.discovery import Browser
        except Exception as exc:  # zeroconf missing: reconnect to the known port only
            log.info("no mDNS to find the table again (%s)", exc)
            return
        browser = Browser(interface=self.local_ip)
        try:
            await browser.start()
            while True:
                self.found_ports = sorted({t["port"] for t in browser.tables() if t.get("id") == table_id})
                await asyncio.sleep(0.1)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # multicast blocked, interface gone: reconnect to the known port only
            log.info("mDNS browsing for the table failed (%s)", exc)
        finally:
            try:
                await browser.close()
            except Exception:
                pass

    async def _stop_finder(self) -> None:
        f, self._finder = self._finder, None
        self.found_ports = []
        if f is not None and not f.done():
            f.cancel()
            try:
                await f
            except BaseException:
                pass

    async def _pinger(self, conn: Connection) -> None:
        n = 0
        try:
            while True:
                await asyncio.sleep(self.ping_every)
                n += 1
                conn.send({"t": "ping", "n": n})
        except Exception:
            pass

    async def _read(self, conn: Connection) -> None:
        # the host answers every ping, so a host silent for three ping intervals is gone
        # (Wi-Fi lost, laptop lid closed): reconnect instead of waiting for TCP to notice,
        # which takes many minutes when no RST ever comes
        silence = 3 * self.ping_every
        while True:
            try:
                msg = await asyncio.wait_for(conn.recv(), silence)
            except asyncio.TimeoutError:
                raise ConnectionClosed(f"no word from the host for {silence:g} s") from None
            t = msg.get("t") if isinstance(msg, dict) else None
            if t == "welcome":
                self._welcomed = True
                self.seat = msg.get("seat")
                self.admin = bool(msg.get("admin"))
                # the table's word on what this connection is: a spectator who sat down has
                # a seat token now (and comes back to that seat), one who left has none
                self.spectator = bool(msg.get("spectator"))
                if msg.get("token") or (self.spectator and not self.admin):
                    self.token = msg.get("token")
                self._note_table(conn, msg)
                self._set_status("connected")
            elif t == "error" and (msg.get("fatal") or msg.get("code") in ("bad_token", "table_full")):
                if msg.get("code") in FINAL_CODES:
                    self._final = f"{msg.get('code')}: {msg.get('msg')}"
            elif t == "bye" and msg.get("code") in FINAL_CODES:
                self._final = f"{msg.get('code')}: {msg.get('msg')}"
            if self.on_message:
                r = self.on_message(msg)
                if asyncio.iscoroutine(r):
                    await r
            if self._final is not None:
                raise ConnectionClosed(self._final)

    def _note_table(self, conn: Connection, welcome: dict) -> None:
        """Remember where the table is and its id (to find it again after a move)."""
        tid = welcome.get("table_id")
        if isinstance(tid, str) and tid:
            self.table_id = tid
        if isinstance(welcome.get("table"), str):
            self.table_name = welcome["table"]
        try:
            peer = conn.writer.get_extra_info("peername")
            local = conn.writer.get_extra_info("sockname")
            if peer and local:
                self.peer_ip, self.local_ip = str(peer[0]), str(local[0])
        except Exception:
            pass
        if self.port != self.home_port:
            self.relocations += 1
        self.home_port = self.port
        if self._finder is not None:  # found: stop browsing
            asyncio.ensure_future(self._stop_finder())

    async def close(self) -> None:
        self._closing = True
        self._released.set()
        if self.conn is not None:
            await self.conn.close()


class ClientThread:
    """Thread wrapper for the pygame UI.

    ``ClientThread(host, port, name, token=None, spectator=False).start()``; then ``send(dict)``
    from the UI thread, ``poll()`` for all messages received since the last call (plus local
    ``{t:'status', status, reason}`` notices), ``status``, ``seat``, ``token``, ``admin``, and
    ``close()``. Reconnects with the seat token for ``reconnect_for`` seconds after a drop.
    """

    def __init__(self, host: str, port: int, name: str, token: str | None = None,
                 spectator: bool = False, reconnect_for: float = 120.0, ping_every: float = 15.0,
                 discover: bool = True, refused_final: bool = False):
        self._client = AsyncClient(host, port, name, token, spectator, reconnect_for,
                                   on_message=self._on_message, on_status=self._on_status,
                                   ping_every=ping_every, discover=discover, refused_final=refused_final)
        self._inbox: "queue.SimpleQueue[dict]" = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self.last_view: dict | None = None
        self.last_lobby: dict | None = None

    # status and identity, readable from the UI thread
    @property
    def status(self) -> str:
        return self._client.status

    @property
    def reason(self) -> str:
        return self._client.reason

    @property
    def seat(self) -> int | None:
        return self._client.seat

    @property
    def token(self) -> str | None:
        return self._client.token

    @property
    def admin(self) -> bool:
        return self._client.admin

    @property
    def spectator(self) -> bool:
        return self._client.spectator

    @property
    def port(self) -> int:
        """The host's port now (it changes when a resumed table was found at a new one)."""
        return self._client.port

    def _on_message(self, msg: dict) -> None:
        if msg.get("t") == "state":
            self.last_view = msg.get("view")
        elif msg.get("t") == "lobby":
            self.last_lobby = msg
        self._inbox.put(msg)

    def _on_status(self, status: str, reason: str) -> None:
        self._inbox.put({"t": "status", "status": status, "reason": reason})

    def start(self) -> "ClientThread":
        self._thread = threading.Thread(target=self._run, name="felt-client", daemon=True)
        self._thread.start()
        self._started.wait(5)
        return self

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        self._started.set()
        try:
            loop.run_until_complete(self._client.run())
        except Exception as exc:
            self._client.status = "closed"
            self._inbox.put({"t": "status", "status": "closed", "reason": f"client error: {exc}"})
        finally:
            try:
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()

    def send(self, msg: dict) -> bool:
        """Queue ``msg`` for the host. False if the connection is down (message dropped)."""
        loop = self._loop
        if loop is None or loop.is_closed() or self._client.status != "connected":
            return False
        try:
            framing.encode(msg)  # fail here, in the caller's thread, on unencodable data
        except Exception:
            return False
        try:
            loop.call_soon_threadsafe(self._client.send, msg)
        except RuntimeError:
            return False
        return True

    def hold(self, on: bool) -> bool:
        """Drop the connection and stay away, or come back (see :meth:`AsyncClient.hold`)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return False
        try:
            loop.call_soon_threadsafe(self._client.hold, on)
        except RuntimeError:
            return False
        return True

    def poll(self) -> list[dict]:
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        loop = self._loop
        coro = None
        if loop is not None and not loop.is_closed():
            coro = self._client.close()
            try:
                asyncio.run_coroutine_threadsafe(coro, loop)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(5)
            self._thread = None
        if coro is not None and loop is not None and loop.is_closed() \
                and inspect.getcoroutinestate(coro) == inspect.CORO_CREATED:
            coro.close()   # the loop ended before it ran: no "never awaited" warning

"""mDNS / DNS-SD: announce a table as ``_felt._tcp.local.`` and browse for tables.

- :class:`Announcer` (asyncio): registers the service with TXT data, updates the TXT when it
  changes (``async_update_service``) and withdraws it on :meth:`Announcer.close`.
- :class:`Browser` (asyncio): keeps a live list of tables (``AsyncServiceBrowser`` plus
  ``AsyncServiceInfo.async_request`` for every added or updated service).
- :class:`TableBrowser`: the same in its own thread, for the pygame UI.

Both take an interface address (``interface="127.0.0.1"`` in tests); ``None`` means all.
"""
from __future__ import annotations

import asyncio
import socket
import threading
from typing import Any, Callable

import ifaddr
from zeroconf import IPVersion, InterfaceChoice, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from felt import contract
from felt.net.schema import PROTOCOL_VERSION, SERVICE_TYPE

TXT_KEYS = ("name", "version", "game", "template", "seats_taken", "seats_free", "running", "id", "phone")


def _interfaces(interface: str | None):
    return [interface] if interface else InterfaceChoice.All


def local_addresses(interface: str | None = None) -> list[str]:
    """IPv4 addresses to announce: the interface's, else all non-loopback ones."""
    if interface:
        return [interface]
    addrs: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            # ifaddr gives IPv4 addresses as str, IPv6 ones as tuples
            if isinstance(ip.ip, str) and not ip.ip.startswith("127.") and ip.ip not in addrs:
                addrs.append(ip.ip)
    return addrs or ["127.0.0.1"]


def instance_label(name: str) -> str:
    """A DNS-SD instance label from a table name: no dots, at most 63 bytes of UTF-8."""
    label = " ".join(name.replace(".", " ").split()) or "Felt Club"
    while len(label.encode("utf-8")) > 63:
        label = label[:-1]
    return label


def _txt_value(v: Any) -> str:
    if isinstance(v, bool):
        v = int(v)
    s = str(v)
    while len(s.encode("utf-8")) > 200:  # a TXT entry is at most 255 bytes including the key
        s = s[:-1]
    return s


def make_txt(name: str, template: str, seats_taken: int, seats_free: int, running: bool,
             version: int = PROTOCOL_VERSION, table_id: str | None = None,
             game: str | None = None, phone_port: int | None = None) -> dict[str, str]:
    game = game or contract.default().id
    txt = {
        "name": _txt_value(name), "version": _txt_value(version), "game": _txt_value(game),
        "template": _txt_value(template),
        "seats_taken": _txt_value(seats_taken), "seats_free": _txt_value(seats_free),
        "running": _txt_value(running),
    }
    if table_id:
        txt["id"] = _txt_value(table_id)
    if phone_port:
        txt["phone"] = _txt_value(int(phone_port))   # the port of the page for phones' browsers
    return txt


class Announcer:
    """Announces one table. ``await start(txt)``, ``await update(txt)``, ``await close()``."""

    def __init__(self, name: str, port: int, interface: str | None = None,
                 addresses: list[str] | None = None):
        self.name = name
        self.port = port
        self.interface = interface
        self.addresses = addresses or local_addresses(interface)
        self.azc: AsyncZeroconf | None = None
        self.info: AsyncServiceInfo | None = None
        self.txt: dict[str, str] = {}

    @property
    def service_name(self) -> str | None:
        return self.info.name if self.info else None

    def _info(self, txt: dict[str, str]) -> AsyncServiceInfo:
        name = self.info.name if self.info else f"{instance_label(self.name)}.{SERVICE_TYPE}"
        host = socket.gethostname().split(".")[0] or "felt"
        return AsyncServiceInfo(
            SERVICE_TYPE, name, port=self.port, properties=dict(txt),
            addresses=[socket.inet_aton(a) for a in self.addresses],
            server=f"{instance_label(host).replace(' ', '-')}-felt.local.",
        )

    async def start(self, txt: dict[str, str]) -> None:
        self.azc = AsyncZeroconf(interfaces=_interfaces(self.interface), ip_version=IPVersion.V4Only)
        self.txt = dict(txt)
        self.info = self._info(self.txt)
        await (await self.azc.async_register_service(self.info, allow_name_change=True))

    async def update(self, txt: dict[str, str]) -> bool:
        """Re-announce if the TXT data changed. Returns True if it did."""
        if self.azc is None or self.info is None or dict(txt) == self.txt:
            return False
        self.txt = dict(txt)
        self.info = self._info(self.txt)
        await (await self.azc.async_update_service(self.info))
        return True

    async def close(self) -> None:
        azc, self.azc = self.azc, None
        if azc is None:
            return
        try:
            if self.info is not None:
                await (await azc.async_unregister_service(self.info))
        finally:
            await azc.async_close()


def parse_info(info: AsyncServiceInfo) -> dict[str, Any] | None:
    """A table dict from a resolved service, or None if it is not usable."""
    props: dict[str, str] = {}
    for k, v in (info.properties or {}).items():
        try:
            key = k.decode("utf-8") if isinstance(k, bytes) else str(k)
            props[key] = v.decode("utf-8", "replace") if isinstance(v, bytes) else ("" if v is None else str(v))
        except Exception:
            continue
    addrs = info.parsed_addresses(IPVersion.V4Only)
    if not addrs or not info.port:
        return None

    def num(key: str) -> int:
        try:
            return int(props.get(key, "0"))
        except ValueError:
            return 0

    label = info.name[: -len(SERVICE_TYPE) - 1] if info.name.endswith("." + SERVICE_TYPE) else info.name
    return {
        "name": props.get("name") or label,
        "address": addrs[0],
        "port": int(info.port),
        "game": contract.id_of(props),          # a table that names no game plays the default one
        "template": props.get("template", ""),
        "seats_taken": num("seats_taken"),
        "seats_free": num("seats_free"),
        "version": num("version"),
        "running": props.get("running", "0") == "1",
        "service": info.name,
        "id": props.get("id", ""),
        "addresses": list(addrs),
        "phone_port": num("phone"),
        "phone_url": f"http://{addrs[0]}:{num('phone')}/" if num("phone") else "",
    }


PROBE_EVERY = 4.0       # s between reachability checks of the tables listed (live browser)
PROBE_TIMEOUT = 2.0     # s a TCP connect may take before it counts as a miss
PROBE_MISSES = 2        # misses (timeouts) in a row before a silent table is hidden


async def reachable(address: str, port: int, timeout: float = PROBE_TIMEOUT) -> bool | None:
    """Does something accept TCP connections at address:port? True; False when refused
    (the machine answered: nobody listens, the host process is gone); None on a timeout
    or an unreachable network (the machine itself may be gone, or just slow)."""
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(address, port), timeout)
    except (ConnectionRefusedError, ConnectionResetError):
        return False
    except (OSError, asyncio.TimeoutError):
        return None
    writer.close()
    try:
        await asyncio.wait_for(writer.wait_closed(), 1.0)
    except (OSError, asyncio.TimeoutError):
        pass
    return True


class Browser:
    """Keeps ``tables`` (service name -> table dict) up to date while running.

    mDNS alone keeps a table whose host died without a goodbye (SIGKILL, a crash, a lid
    closed) listed until its records expire, which takes many minutes. With ``probe_every``
    set (the live lists of the UI), the browser also checks every few seconds that each
    listed table still accepts TCP connections (a connect that is closed at once; the host
    drops it like any connection that never says hello): a refused connect hides the table
    at once, ``PROBE_MISSES`` timeouts in a row hide it too, and a hidden table comes back
    as soon as it accepts connections again (a host resumed with ``--resume``) or
    announces itself anew.
    """

    def __init__(self, interface: str | None = None,
                 on_change: Callable[[dict[str, dict]], None] | None = None,
                 probe_every: float | None = None):
        self.interface = interface
        self.on_change = on_change
        self.probe_every = probe_every
        self.azc: AsyncZeroconf | None = None
        self.browser: AsyncServiceBrowser | None = None
        self.found: dict[str, dict] = {}
        self.hidden: dict[str, dict] = {}     # announced but not answering: not listed
        self._misses: dict[str, int] = {}
        self._tasks: set[asyncio.Task] = set()
        self._gen: dict[str, int] = {}
        self._prober: asyncio.Task | None = None

    async def start(self) -> None:
        self.azc = AsyncZeroconf(interfaces=_interfaces(self.interface), ip_version=IPVersion.V4Only)
        self.browser = AsyncServiceBrowser(self.azc.zeroconf, SERVICE_TYPE, handlers=[self._on_service])
        if self.probe_every:
            self._prober = asyncio.ensure_future(self._probe_loop())

    async def _probe_loop(self) -> None:
        while True:
            await asyncio.sleep(self.probe_every or PROBE_EVERY)
            await self.probe()

    async def probe(self) -> None:
        """Check every listed and hidden table once; hide the dead, bring back the living."""
        names = list(self.found) + [n for n in self.hidden if n not in self.found]
        if not names:
            return
        tables = [self.found.get(n) or self.hidden[n] for n in names]
        results = await asyncio.gather(*(reachable(t["address"], t["port"]) for t in tables))
        changed = False
        for name, table, ok in zip(names, tables, results):
            if ok:
                self._misses.pop(name, None)
                if name in self.hidden and name not in self.found:
                    self.found[name] = self.hidden.pop(name)
                    changed = True
                continue
            misses = self._misses[name] = self._misses.get(name, 0) + 1
            if name in self.found and (ok is False or misses >= PROBE_MISSES):
                self.hidden[name] = self.found.pop(name)
                changed = True
        if changed:
            self._changed()

    def tables(self) -> list[dict]:
        return sorted((dict(t) for t in self.found.values()), key=lambda t: (t["name"], t["service"]))

    def _on_service(self, zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        self._gen[name] = self._gen.get(name, 0) + 1
        if state_change is ServiceStateChange.Removed:
            self.hidden.pop(name, None)
            self._misses.pop(name, None)
            if self.found.pop(name, None) is not None:
                self._changed()
            return
        task = asyncio.ensure_future(self._resolve(service_type, name, self._gen[name]))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, service_type: str, name: str, gen: int) -> None:
        if self.azc is None:
            return
        info = AsyncServiceInfo(service_type, name)
        try:
            ok = await info.async_request(self.azc.zeroconf, 3000)
        except Exception:
            return
        if not ok or self._gen.get(name) != gen:
            return
        table = parse_info(info)
        if table is None:
            return
        if name in self.hidden:          # it announced itself again: list it, probe it anew
            del self.hidden[name]
            self._misses.pop(name, None)
        if self.found.get(name) != table:
            self.found[name] = table
            self._changed()

    def _changed(self) -> None:
        if self.on_change:
            try:
                self.on_change(dict(self.found))
            except Exception:
                pass

    async def close(self) -> None:
        if self._prober is not None:
            self._prober.cancel()
            self._prober = None
        for t in list(self._tasks):
            t.cancel()
        if self.browser is not None:
            await self.browser.async_cancel()
            self.browser = None
        if self.azc is not None:
            await self.azc.async_close()
            self.azc = None


async def discover(timeout: float = 3.0, interface: str | None = None) -> list[dict]:
    """Browse for ``timeout`` seconds and return the tables found."""
    b = Browser(interface)
    await b.start()
    try:
        await asyncio.sleep(timeout)
        return b.tables()
    finally:
        await b.close()


class TableBrowser:
    """Thread wrapper for the UI: ``start()``, ``tables()`` (list of dicts), ``close()``.

    Each table dict has name, address, port, template, seats_taken, seats_free, version,
    running (and service, the unique DNS-SD name; id, the table's stable id, "" if none;
    addresses, all its IPv4 addresses).
    """

    def __init__(self, interface: str | None = None, probe_every: float | None = PROBE_EVERY):
        self.interface = interface
        self.probe_every = probe_every
        self._lock = threading.Lock()
        self._tables: list[dict] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._closed = threading.Event()
        self.error: BaseException | None = None

    def start(self) -> "TableBrowser":
        self._thread = threading.Thread(target=self._run, name="felt-browser", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        return self

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        except BaseException as exc:  # report, never crash the UI
            self.error = exc
        finally:
            self._ready.set()
            loop.close()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        b = Browser(self.interface, on_change=self._set, probe_every=self.probe_every)
        try:
            await b.start()
        finally:
            self._ready.set()
        try:
            if not self._closed.is_set():   # close() may come before this thread got going
                await self._stop.wait()
        finally:
            await b.close()

    def _set(self, found: dict[str, dict]) -> None:
        tables = sorted((dict(t) for t in found.values()), key=lambda t: (t["name"], t["service"]))
        with self._lock:
            self._tables = tables

    def tables(self) -> list[dict]:
        with self._lock:
            return [dict(t) for t in self._tables]

    def close(self) -> None:
        self._closed.set()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:
                pass
        t = self._thread
        if t is not None and t.ident is not None:   # started (start() may run in another thread)
            t.join(5)
        self._thread = None

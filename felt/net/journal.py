"""The host's journal on disk: nothing is lost when the host process dies.

The journal is the host's match log (:mod:`felt.net.matchlog`) made durable. It is one
append-only file::

    magic   b"FELTJNL\\x01"                     (8 bytes)
    record  length:uint32 BE | crc32:uint32 BE | body: `length` bytes of msgpack (a map)
    record  ...

Records are the match log's own records (``k`` = ``match`` header with rule set, seed and seats
with their tokens; ``move``; ``next_round``; ``end_match``; ``seat``; ``hint``) plus journal-only ``host``
records (table name, port, admin token, options: what ``--resume`` needs to bring the same table
back), ``lobby`` records (seats with tokens, rule set, options; written when the lobby changes
while no match runs) and ``phones`` records (the phones' sessions that hold a seat or watch: a
hash of each page's session token, never the token, with the renderer's seat token, name and
language; the last one is what a resumed gateway knows). A new match appends a new ``match`` header; a resume uses the last one and
any lobby record after it. A change of the table's settings (options, table name) while a match
runs is written as another ``host`` record (between the match's entries; readers skip it there),
so the settings a resume restores are those of the last ``host`` or ``lobby`` record in the file.

Every record is written with one ``write`` and made durable with ``fdatasync`` *before* the host
sends the result of the change to anyone (the match log calls its listeners right after an
append and before the host broadcasts). A record that is cut off or fails its CRC ends the
journal: :func:`load_resume` resumes up to the last whole entry and says so (the whole damaged
file is copied to ``FILE.damaged-<time>`` before the host cuts it back), never silently.

The journal knows the table only through a narrow interface (felt/net/table.py): it is the
table's ``recorder`` (``lobby(table)``, ``settings(table)``, ``match(table, mlog)``, ``close()``),
it reads ``table.lobby_record()``, ``table.settings_record()`` and ``table.log``, and it gives
back a plain snapshot for ``Table.restore`` (:meth:`Resume.snapshot`). It imports nothing of
the server (host.py); the server opens it with :func:`open_recorder` (``HostConfig.journal``,
``HostConfig.resume``). Every game's matches are journaled alike: a ``match`` header names its
game (``game``; a header without one is the default game's, ``felt.contract.id_of``), and replay
goes through that game's ``Game`` object.
"""
from __future__ import annotations

import logging
import os
import shutil
import struct
import sys
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import msgpack

from felt import contract
from felt.net.matchlog import BOOK_KINDS, GAME_KINDS, MatchLog, game_of

log = logging.getLogger("felt.net.journal")

MAGIC = b"FELTJNL\x01"
REC = struct.Struct(">II")          # body length, crc32 of the body
MAX_RECORD = 4 << 20                # a sane upper bound; a larger length means damage
JOURNAL_VERSION = 1
SUFFIX = ".journal"
KEEP_DEFAULT = 30                   # default-folder journals kept (oldest removed)
PAST_KEPT = 2000                    # events of the round in play a resumed table keeps for its log

try:  # POSIX: one host per journal
    import fcntl
except ImportError:  # pragma: no cover (Windows)
    fcntl = None  # type: ignore[assignment]


class JournalError(Exception):
    """A journal that cannot be used at all (missing, not a journal, in use)."""


# ----------------------------------------------------------------------------- encoding
def encode_record(rec: dict) -> bytes:
    body = msgpack.packb(rec, use_bin_type=True)
    if len(body) > MAX_RECORD:
        raise ValueError(f"journal record of {len(body)} bytes is too large")
    return REC.pack(len(body), zlib.crc32(body)) + body


@dataclass
class Scan:
    """What :func:`scan` found: the whole records, and where and why reading stopped."""
    records: list[dict]
    offsets: list[int]               # byte offset of each record
    good_bytes: int                  # file prefix holding magic + whole records
    size: int
    problem: str | None = None       # None: the file ends exactly after its last record


def scan(data: bytes) -> Scan:
    """Split journal bytes into records, stopping at the first damaged one."""
    if len(data) < len(MAGIC) or data[:len(MAGIC)] != MAGIC:
        if MAGIC.startswith(data):
            return Scan([], [], 0, len(data), "the file ends inside its header (empty journal)")
        raise JournalError("not a Felt Club journal (wrong magic bytes)")
    pos = len(MAGIC)
    records: list[dict] = []
    offsets: list[int] = []
    size = len(data)
    problem = None
    while pos < size:
        entry = len(records) + 1
        if size - pos < REC.size:
            problem = f"entry {entry} is cut off inside its header (byte {pos})"
            break
        n, crc = REC.unpack_from(data, pos)
        if n == 0 or n > MAX_RECORD:
            problem = f"entry {entry} has an impossible length {n} (byte {pos})"
            break
        if size - pos - REC.size < n:
            problem = f"entry {entry} is cut off: {size - pos - REC.size} of {n} bytes (byte {pos})"
            break
        body = data[pos + REC.size: pos + REC.size + n]
        if zlib.crc32(body) != crc:
            problem = f"entry {entry} fails its checksum (byte {pos})"
            break
        try:
            rec = msgpack.unpackb(body, raw=False, strict_map_key=True)
        except Exception as exc:
            problem = f"entry {entry} is not readable ({type(exc).__name__}, byte {pos})"
            break
        if not isinstance(rec, dict) or not isinstance(rec.get("k"), str):
            problem = f"entry {entry} is not a journal record (byte {pos})"
            break
        records.append(rec)
        offsets.append(pos)
        pos += REC.size + n
    return Scan(records, offsets, pos, size, problem)  # pos: end of the last whole record


# ------------------------------------------------------------------------------ writer
class Journal:
    """An open journal file; :meth:`append` writes one record durably."""

    def __init__(self, path: str | os.PathLike, fd: int, offset: int, entries: int = 0):
        self.path = Path(path)
        self.fd = fd
        self.offset = offset          # bytes known to be good on disk
        self.entries = entries        # records in the file
        self.failed: str | None = None
        self.fsyncs = 0
        self._last_lobby: dict | None = None
        self.last_settings: tuple | None = None  # (table name, options) of the last host/lobby record
        self.server: dict = {}        # the server's address, port and config (host records)

    @staticmethod
    def _open(path: Path, flags: int) -> int:
        from felt.paths import private_dir
        private_dir(path.parent)
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0), 0o600)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                raise JournalError(f"journal {path} is in use by another running host") from None
        return fd

    @classmethod
    def create(cls, path: str | os.PathLike) -> "Journal":
        """A new, empty journal at ``path`` (an existing file there is replaced)."""
        path = Path(path)
        fd = cls._open(path, os.O_RDWR | os.O_CREAT)
        try:
            os.ftruncate(fd, 0)
            os.write(fd, MAGIC)
            _sync(fd)
            _sync_dir(path.parent)
        except BaseException:
            os.close(fd)
            raise
        return cls(path, fd, len(MAGIC))

    @classmethod
    def reopen(cls, path: str | os.PathLike, good_bytes: int, entries: int) -> "Journal":
        """Open an existing journal for appending after its first ``good_bytes`` bytes
        (a damaged tail beyond them is cut off)."""
        path = Path(path)
        fd = cls._open(path, os.O_RDWR)
        try:
            if good_bytes < len(MAGIC):
                os.ftruncate(fd, 0)
                os.write(fd, MAGIC)
                good_bytes, entries = len(MAGIC), 0
            elif os.fstat(fd).st_size != good_bytes:
                os.ftruncate(fd, good_bytes)
            _sync(fd)
        except BaseException:
            os.close(fd)
            raise
        return cls(path, fd, good_bytes, entries)

    def append(self, rec: dict) -> None:
        """Write ``rec`` and wait until it is on disk. Never raises: a failure is logged
        loudly and ends journaling (a journal with a gap would resume a wrong table)."""
        if self.fd < 0 or self.failed is not None:
            return
        try:
            data = encode_record(rec)
            os.lseek(self.fd, self.offset, os.SEEK_SET)
            written = os.write(self.fd, data)
            while written < len(data):  # regular files write everything; be safe anyway
                written += os.write(self.fd, data[written:])
            _sync(self.fd)
            self.fsyncs += 1
        except Exception as exc:
            self.failed = f"{type(exc).__name__}: {exc}"
            try:
                os.ftruncate(self.fd, self.offset)
            except OSError:
                pass
            msg = (f"journal {self.path}: cannot write entry {self.entries + 1} ({self.failed}); "
                   f"journaling stopped, a resume will only reach entry {self.entries}")
            log.error(msg)
            print(f"felt host: {msg}", file=sys.stderr, flush=True)
            return
        self.offset += len(data)
        self.entries += 1
        if rec.get("k") in ("host", "lobby") and isinstance(rec.get("options"), dict):
            self.last_settings = settings_key(rec.get("name"), rec["options"])

    # the table's recorder (felt.net.table.Recorder)
    def lobby(self, table: Any) -> None:
        """The lobby (seats with tokens, rule set, options) when it changed: a table that dies
        before its match starts comes back with its players' seats."""
        rec = table.lobby_record()
        if rec != self._last_lobby:
            self._last_lobby = rec
            self.append(dict(rec, time=time.time()))

    def settings(self, table: Any) -> None:
        """The table's settings (options, table name) when they changed since the last host or
        lobby record: a ``host`` record, also in the middle of a match (a ``set_options`` made
        then survives a crash)."""
        if settings_key(table.table_name, table.options) != self.last_settings:
            self.append(host_record(table, self.server))

    def match(self, table: Any, mlog: MatchLog) -> None:
        """A new match: the lobby's settings for it, its header, then every later entry."""
        self.append(host_record(table, self.server))
        self.write_match(mlog)

    def phones(self, sessions: list[dict]) -> None:
        """The phones' sessions to give their seats back after a crash (a hash of each page's
        token, never the token; gateway.Session.record)."""
        self.append(phones_record(sessions))

    def follow(self, mlog: MatchLog) -> None:
        """Append every later record of ``mlog`` (its listener)."""
        if self.append not in mlog.listeners:
            mlog.listeners.append(self.append)

    def write_match(self, mlog: MatchLog) -> None:
        """A new match: its header and entries so far, then follow it."""
        for rec in mlog.records():
            self.append(rec)
        self.follow(mlog)

    def close(self) -> None:
        if self.fd >= 0:
            fd, self.fd = self.fd, -1
            try:
                os.close(fd)
            except OSError:
                pass


def _sync(fd: int) -> None:
    if hasattr(os, "fdatasync"):
        os.fdatasync(fd)
    else:  # pragma: no cover (macOS, Windows)
        os.fsync(fd)


def _sync_dir(path: Path) -> None:
    try:
        dfd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


# ------------------------------------------------------------------- default location
def journal_dir() -> Path:
    from felt.paths import data_dir
    return data_dir() / "journals"


def default_journal_path() -> Path:
    """A fresh journal file name in the user's data folder (old ones beyond
    :data:`KEEP_DEFAULT` are removed)."""
    from felt.paths import private_dir
    d = private_dir(journal_dir())
    old = sorted(d.glob("*" + SUFFIX), key=lambda p: p.stat().st_mtime)
    for p in old[:max(0, len(old) - KEEP_DEFAULT + 1)]:
        try:
            p.unlink()
        except OSError:
            pass
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    return d / f"table-{stamp}-{os.getpid()}{SUFFIX}"


def latest_journal() -> Path:
    """The most recently written journal in the default folder."""
    d = journal_dir()
    found = sorted(d.glob("*" + SUFFIX), key=lambda p: p.stat().st_mtime) if d.is_dir() else []
    if not found:
        raise JournalError(f"no journal to resume in {d} (give the file: --resume FILE)")
    return found[-1]


# ------------------------------------------------------------------------------ resume
@dataclass
class Resume:
    """A journal read back: everything needed to bring the table back."""
    path: Path
    host: dict                        # the last 'host' record
    log: MatchLog | None              # the last match (None: the table was still in its lobby)
    state: Any                        # engine state after the log's last game entry
    good_bytes: int                   # file prefix that is kept
    entries: int                      # records kept
    damage: str | None = None         # why the journal ended early, or None
    lobby: dict | None = None         # the lobby as it was after the last match header (or without one)
    options: dict = field(default_factory=dict)  # the table's options as last recorded
    name: str | None = None           # the table's name as last recorded
    phones: list[dict] = field(default_factory=list)  # the phones' sessions as last recorded (gateway.Session.record)
    past: list[dict] = field(default_factory=list)    # the round in play's events so far (everyone's log)
    messages: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def snapshot(self) -> dict:
        """The table as plain data for ``Table.restore``."""
        h = self.host
        snap: dict = {"admin_token": h.get("admin_token"), "name": h.get("name"),
                      "options": dict(h.get("options") or {}), "lobby": self.lobby,
                      "latest_options": dict(self.options), "latest_name": self.name}
        if self.log is not None:
            snap["match"] = {"log": self.log, "state": self.state, "past": list(self.past)}
        return snap

    def summary(self) -> str:
        lobby = ""
        if self.lobby is not None or self.log is None:
            seats = (self.lobby or {}).get("seats") or []
            humans = sum(1 for x in seats if x.get("kind") == "human")
            lobby = f"the table was in its lobby, {humans} players' seats kept"
        if self.log is None:
            return lobby
        s = self.state
        moves = sum(1 for e in self.log.entries if e["k"] == "move")
        humans = sum(1 for x in self.log.seats() if x.get("kind") == "human")
        text = (f"match {self.log.header.get('match', 1)}, round {s.round_no}, phase {s.phase}, "
                f"{moves} moves, {self.log.seq} game entries, {humans} players' seat tokens kept")
        return f"{text}; after it {lobby}" if lobby else text


def load_resume(path: str | os.PathLike | None = None, repair: bool = True) -> Resume:
    """Read a journal (default: the newest in the data folder) and rebuild its table.

    A damaged or truncated journal is used up to its last whole entry; the reason is in
    ``warnings``. With ``repair`` the damaged tail is copied to ``FILE.damaged-<time>``
    (the file itself is cut back when the host reopens it)."""
    p = Path(path) if path else latest_journal()
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise JournalError(f"journal {p} does not exist") from None
    except OSError as exc:
        raise JournalError(f"cannot read journal {p}: {exc}") from None
    sc = scan(data)
    records, offsets = sc.records, sc.offsets
    warnings: list[str] = []
    damage = sc.problem
    good = sc.good_bytes
    hosts = [i for i, r in enumerate(records) if r["k"] == "host"]
    if not hosts:
        why = f": {damage}" if damage else ""
        raise JournalError(f"journal {p} holds no table to resume{why}")
    matches = [i for i, r in enumerate(records) if r["k"] == "match"]
    mlog = state = None
    past: list = []
    if matches:
        start = matches[-1]
        try:
            header = records[start]
            mlog = MatchLog(header)
            game = game_of(mlog)  # no 'game' in the header: the default game's
            rules = game.rules_from_dict(header["rules"])
            state, events = game.new_match(rules, header["n"], header["seed"], header.get("rounds"))
            past = list(events)
        except contract.UnknownGame as exc:
            raise JournalError(f"journal {p}: its match is of a game this Felt Club does not have ({exc})") from None
        except Exception as exc:
            raise JournalError(f"journal {p}: the match header (entry {start + 1}) is unusable: {exc}") from None
        for i in range(start + 1, len(records)):
            rec = records[i]
            k = rec["k"]
            try:
                if k in JOURNAL_KINDS:
                    continue
                events = []
                rnd = getattr(state, "round_no", 0)
                if k == "move":
                    state, events = game.apply(state, rec["seat"], game.move_from_wire(rec["move"]))
                elif k == "next_round":
                    state, events = game.next_round(state)
                elif k == "end_match":
                    state, events = game.end_match(state)
                elif k not in BOOK_KINDS:
                    raise ValueError(f"unknown entry kind {k!r}")
                if getattr(state, "round_no", 0) != rnd:
                    past = []             # the log of the round in play starts with that round
                past.extend(events or [])
                mlog.append(rec)          # a log read back has no listeners yet
            except Exception as exc:
                damage = f"entry {i + 1} ({k}) does not apply to the table: {exc}"
                good = offsets[i]
                records = records[:i]
                break
    hrec = records[[i for i in hosts if i < len(records)][-1]]
    kept = len(records)
    options: dict = {}
    name = None
    for r in records:  # the last host or lobby record holds the settings (also from mid-match)
        if r["k"] in ("host", "lobby"):
            if isinstance(r.get("options"), dict):
                options = dict(r["options"])
            if r.get("name"):
                name = str(r["name"])
    phones = [r for r in records if r["k"] == "phones" and isinstance(r.get("sessions"), list)]
    lobbies = [i for i, r in enumerate(records) if r["k"] == "lobby" and (not matches or i > matches[-1])]
    lobby = records[lobbies[-1]] if lobbies else None
    if damage is not None:
        saved = ""
        if repair and good < len(data):
            bak = p.with_name(p.name + time.strftime(".damaged-%Y%m%d-%H%M%S", time.gmtime()))
            try:
                shutil.copyfile(p, bak)
                saved = f"; the whole damaged file was saved as {bak}"
            except OSError as exc:
                saved = f"; could not save a copy ({exc})"
        warnings.append(f"journal {p} is damaged: {damage}. Resuming from the last whole entry "
                        f"(entry {kept}, byte {good} of {len(data)}){saved}")
    res = Resume(p, hrec, mlog, state, good, kept, damage, lobby=lobby, options=options, name=name,
                 warnings=warnings, phones=[x for x in phones[-1]["sessions"] if isinstance(x, dict)] if phones else [],
                 past=past[-PAST_KEPT:])
    res.messages.append(f"resuming table '{hrec.get('name')}' from journal {p}: {res.summary()}")
    return res


def resume_config(args: Any, say: Callable[[str], Any] | None = None,
                  warn: Callable[[str], Any] | None = None) -> dict:
    """The HostConfig fields (a dict) for ``felt host --resume [FILE]`` (headless and windowed).

    Table settings come from the journal; ``--interface``, ``--no-announce``, a non-zero
    ``--port`` and ``--bot-delay`` given on the command line win."""
    say = say or (lambda m: print(m, flush=True))
    warn = warn or (lambda m: print(f"felt host: {m}", file=sys.stderr, flush=True))
    path = Path(args.resume) if args.resume else latest_journal()
    check_not_in_use(path)
    res = load_resume(path)
    for w in res.warnings:
        warn(w)
    for m in res.messages:
        say(m)
    h = res.host
    cfg = {k: v for k, v in dict(h.get("config") or {}).items() if k in CONFIG_KEYS}
    opts = res.options or h.get("options") or {}
    cfg.update(name=res.name or h.get("name") or cfg.get("name") or "Felt Club", port=h.get("port") or 0,
               phone_port=h.get("phone_port") or 0,
               admin_token=h.get("admin_token"), journal=str(getattr(args, "journal", None) or res.path), resume=res)
    for k in ("turn_timer", "reconnect_wait", "bot_delay", "auto_next", "bot_level", "pace"):
        if k in opts:
            cfg[k] = opts[k]
    if res.log is not None:
        cfg["rules"] = res.log.header["rules"]
        cfg["game"] = contract.id_of(res.log.header)
        cfg["players"] = res.log.header["n"]
        cfg["rounds"] = res.log.header.get("rounds")
    elif h.get("rules"):
        cfg["rules"] = h["rules"]
        cfg["game"] = contract.id_of(h)
    if getattr(args, "interface", None):
        cfg["interface"] = args.interface
    if getattr(args, "port", 0):
        cfg["port"] = args.port
    if getattr(args, "no_announce", False):
        cfg["announce"] = False
    if getattr(args, "bot_delay", None) is not None:
        cfg["bot_delay"] = max(0.0, args.bot_delay)
        res.options["bot_delay"] = cfg["bot_delay"]  # the table restores the journal's options: this one wins
    if getattr(args, "start_when_full", False):
        cfg["start_when_full"] = True
    return cfg


def check_not_in_use(path: Path) -> None:
    """Raise JournalError if the journal's host is still running (it holds the file's lock):
    before anything else happens (no repair copy, no second table on another port)."""
    if fcntl is None:
        return
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise JournalError(f"journal {path} is in use by another running host") from None
    finally:
        os.close(fd)  # closing releases the probe's lock


# ------------------------------------------------------------------------ host hooks
JOURNAL_KINDS = ("host", "lobby", "phones")   # records of the journal's own, beside a match's


def phones_record(sessions: list[dict]) -> dict:
    """A ``phones`` record: the phones' sessions a resumed table gives their seats back to."""
    return {"k": "phones", "sessions": [dict(x) for x in sessions], "time": time.time()}


# the HostConfig fields a ``host`` record keeps (``config``) and a resume takes back: every
# setting of the table, its files included (the evening's standings, the finished matches)
CONFIG_KEYS = ("name", "interface", "bind", "port", "players", "bots", "bot_level", "rounds", "seed",
               "turn_timer", "reconnect_wait", "bot_delay", "pace", "think_ms", "auto_next", "start_when_full",
               "owner_first", "announce", "hello_timeout", "idle_timeout", "rate", "burst", "flood_limit", "game",
               "evening", "replays", "hints")


def host_record(table: Any, server: dict | None = None) -> dict:
    """A ``host`` record: the table's settings plus where the server listened."""
    server = server or {}
    return {"k": "host", "v": JOURNAL_VERSION, **table.settings_record(), "address": server.get("address"),
            "port": server.get("port"), "phone_port": server.get("phone_port") or 0, "time": time.time(),
            "config": {k: v for k, v in dict(server.get("config") or {}).items() if k in CONFIG_KEYS}}


def settings_key(name: Any, options: Any) -> tuple:
    return (name, tuple(sorted((str(k), v) for k, v in dict(options or {}).items())))


def open_recorder(path: str | os.PathLike, table: Any, server: dict, res: Resume | None = None) -> Journal:
    """Open (or, resuming from this file, reopen) the journal for ``table`` before anything can
    change it; returns the Journal, to be the table's recorder. ``server``: {address, port,
    config} of the listening server (kept in ``host`` records for ``--resume``)."""
    path = Path(path)
    try:
        if res is not None and res.path.resolve() == path.resolve():
            j = Journal.reopen(path, res.good_bytes, res.entries)
        else:
            j = Journal.create(path)
    except OSError as exc:
        raise JournalError(f"cannot write the journal {path}: {exc.strerror or exc}") from None
    j.server = dict(server)
    if res is not None and res.path.resolve() != path.resolve():
        # resumed into another file: copy the table over
        j.append(host_record(table, j.server))
        if table.log is not None:
            j.write_match(table.log)
        if res.lobby is not None:
            j.lobby(table)
    if j.entries == 0 or res is None or server.get("port") != res.host.get("port") \
            or server.get("address") != res.host.get("address") \
            or (server.get("phone_port") or 0) != (res.host.get("phone_port") or 0):
        j.append(host_record(table, j.server))
    if table.log is not None:
        j.follow(table.log)
    if res is not None and j.last_settings is None and res.options:
        j.last_settings = settings_key(res.name, res.options)  # as on disk: no repeat record
    return j


async def wait_for_final_views(host: Any, timeout: float = 30.0, poll: float = 0.1) -> bool:
    """After the match is over: wait until every human seat that had no connection when it
    ended has connected again (and so received the final state), at most ``timeout`` s."""
    import asyncio
    missing = {i for i, s in enumerate(host.seats) if s.kind == "human" and s.conn is None}
    deadline = time.monotonic() + timeout
    while missing and time.monotonic() < deadline:
        await asyncio.sleep(poll)
        missing = {i for i in missing if i < len(host.seats) and host.seats[i].kind == "human"
                   and host.seats[i].conn is None}
    return not missing


def read_log(path: str | os.PathLike) -> MatchLog:
    """The last match of a journal as a MatchLog (for checks; no repair)."""
    res = load_resume(path, repair=False)
    if res.log is None:
        raise JournalError(f"journal {path} holds no match")
    return res.log


def actions(mlog: MatchLog) -> list[tuple]:
    """The ``Game.replay`` actions of a match log."""
    out = []
    for e in mlog.entries:
        if e["k"] == "move":
            out.append(("move", e["seat"], e["move"]))
        elif e["k"] in GAME_KINDS:
            out.append((e["k"],))
    return out

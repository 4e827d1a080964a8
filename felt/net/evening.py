"""The evening at this table: who won what, across matches and games, until the owner starts a
new evening ("Neuer Abend").

The table (felt/net/table.py) tells its :class:`Evening` who sat where when a match ended and
how it ended (:meth:`Evening.record`); the evening counts, per player and game, the matches
played and won (any game, through ``Game.winner``) and the game's own marks
(``Game.evening_marks``: titles held, lives left, …), and gives the lobby its
standings (:meth:`Evening.standings`, ``lobby.evening`` in PROTOCOL.md). It names no game.

Players are matched by their seat token: a rename keeps the row (it shows the new name). A
seat token changes when a player leaves and comes back as a new player, or when the host is
started anew: a player whose token the evening does not know takes the row of the same name
that nobody at the table holds, else a new row. Bots have rows too, by name and level (people
at a table want to know whether the bots won, and the matches add up).

The host gives the evening a file in the data folder (``HostConfig.evening``, by default
:func:`default_path`): JSON, written whole to a temporary file and renamed over the old one
(never half a file), under a lock shared with other hosts on this device, which re-read it
before they change it. The file keeps a hash of each seat token, never the token. An evening
whose last match is :data:`NEW_AFTER` seconds old, a new evening and a file that cannot be read
are not thrown away: they are moved to the ``evenings`` folder beside it.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import time
from pathlib import Path
from typing import Any, Callable

from felt.paths import private_dir

log = logging.getLogger("felt.net.evening")

VERSION = 1
FILE_NAME = "evening.json"
NEW_AFTER = 12 * 3600        # seconds after the last match: the next one starts a new evening
ROWS_SENT = 24               # rows in lobby.evening (the best first; the file keeps them all)
KEYS_KEPT = 400              # ids of the matches counted, so that none is counted twice
TOKENS_KEPT = 8              # token hashes a row remembers (a player who came back as new)
MARKS_MAX = 8                # a game's marks per seat and match
MARK_KEY_MAX = 40
ARCHIVES_KEPT = 20

try:  # POSIX: hosts on one device take turns at the file
    import fcntl
except ImportError:  # pragma: no cover (Windows)
    fcntl = None  # type: ignore[assignment]


def default_path() -> Path:
    """The evening's file in the user's data folder."""
    from felt.paths import data_dir
    return data_dir() / FILE_NAME


def token_hash(token: str) -> str:
    """What the evening keeps of a seat token (enough to recognise it, useless to take a seat)."""
    return hashlib.sha256(b"felt-evening\0" + str(token).encode("utf-8", "replace")).hexdigest()[:20]


def _name_key(name: Any) -> str:
    return " ".join(str(name or "").split()).casefold()


def _count(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10**9 else 0


def clean_marks(marks: Any) -> dict[str, int]:
    """A game's marks for one seat as the evening keeps them: short text keys, whole numbers
    0 or more (anything else is dropped)."""
    out: dict[str, int] = {}
    if not isinstance(marks, dict):
        return out
    for k, v in marks.items():
        if len(out) >= MARKS_MAX:
            break
        if isinstance(k, str) and 0 < len(k) <= MARK_KEY_MAX and isinstance(v, int) and not isinstance(v, bool) \
                and 0 <= v <= 10**6:
            out[k] = v
    return out


def _empty(now: float, keys: list | None = None) -> dict:
    """A new evening; ``keys``: the matches counted before it (a resumed table's finished match
    is not counted again in the next evening)."""
    return {"v": VERSION, "started": now, "updated": now, "matches": 0, "games": {}, "keys": list(keys or []),
            "rows": []}


def _clean_row(r: Any) -> dict:
    if not isinstance(r, dict) or r.get("kind") not in ("human", "bot") or not isinstance(r.get("name"), str):
        raise ValueError("a row without a name or kind")
    games: dict = {}
    for gid, g in (r.get("games") or {}).items():
        if isinstance(gid, str) and isinstance(g, dict):
            games[gid] = {"played": _count(g.get("played")), "won": _count(g.get("won")),
                          "marks": clean_marks(g.get("marks"))}
    level = r.get("level")
    return {"name": r["name"][:64], "kind": r["kind"], "level": level if isinstance(level, str) else None,
            "tokens": [t for t in r.get("tokens") or [] if isinstance(t, str)][-TOKENS_KEPT:], "games": games}


def _clean(raw: Any, now: float) -> dict:
    """The evening read from its file, every value checked; ValueError for one that is not an evening."""
    if not isinstance(raw, dict) or raw.get("v") != VERSION or not isinstance(raw.get("rows"), list):
        raise ValueError("not an evening of this version")
    d = _empty(now)
    for k in ("started", "updated"):
        if isinstance(raw.get(k), (int, float)) and not isinstance(raw.get(k), bool):
            d[k] = float(raw[k])
    d["matches"] = _count(raw.get("matches"))
    d["games"] = {g: _count(n) for g, n in (raw.get("games") or {}).items() if isinstance(g, str)}
    d["keys"] = [k for k in raw.get("keys") or [] if isinstance(k, str)][-KEYS_KEPT:]
    d["rows"] = [_clean_row(r) for r in raw["rows"]]
    return d


class Evening:
    """The standings of the evening, in memory (``path`` None) or kept in ``path``."""

    def __init__(self, path: str | os.PathLike | None = None, clock: Callable[[], float] = time.time):
        self.path = Path(path) if path else None
        self.clock = clock
        self.data = _empty(clock())
        self.failed: str | None = None     # why the file could not be written (kept in memory then)
        self._seen: tuple | None = None    # (mtime_ns, size) of the file as last read or written
        if self.path is not None:
            with self._locked():
                self._read()
                self._new_if_stale()

    # ------------------------------------------------------------------ the file
    @contextlib.contextmanager
    def _locked(self):
        if self.path is None or fcntl is None:
            yield
            return
        fd = -1
        try:
            private_dir(self.path.parent)
            fd = os.open(self.path.with_name(self.path.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o600)
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError as exc:
            log.warning("evening %s: no lock (%s)", self.path, exc)
        try:
            yield
        finally:
            if fd >= 0:
                os.close(fd)

    def _stat(self) -> tuple | None:
        if self.path is None:
            return None
        try:
            st = self.path.stat()
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size)

    def _read(self) -> None:
        """The file as it is now, if it changed since this evening last read or wrote it (another
        host on this device). A file that is not an evening is moved aside, never lost."""
        seen = self._stat()
        if seen is None or seen == self._seen:
            return
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            self.data = _clean(raw, self.clock())
        except (OSError, ValueError, TypeError, AttributeError) as exc:
            kept = self._archive("broken")
            log.warning("evening %s cannot be read (%s); a new evening starts%s", self.path, exc,
                        f", the file is kept as {kept}" if kept else "")
            self.data = _empty(self.clock())
            self._write()
            return
        self._seen = seen

    def _write(self) -> None:
        self.data["updated"] = self.clock()
        if self.path is None:
            return
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            private_dir(self.path.parent)
            body = json.dumps(self.data, ensure_ascii=False, indent=1).encode("utf-8")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600)
            try:
                view = memoryview(body)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, self.path)
            _sync_dir(self.path.parent)
        except OSError as exc:
            self.failed = f"{type(exc).__name__}: {exc}"
            log.error("evening %s cannot be written (%s); the evening is kept in memory only", self.path, self.failed)
            with contextlib.suppress(OSError):
                tmp.unlink()
            return
        self.failed = None
        self._seen = self._stat()

    def _archive(self, why: str) -> Path | None:
        """Move the file to the ``evenings`` folder beside it (the newest :data:`ARCHIVES_KEPT` stay)."""
        if self.path is None or not self.path.exists():
            return None
        folder = self.path.parent / "evenings"
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        dest = folder / f"{self.path.stem}-{stamp}-{why}.json"
        try:
            private_dir(folder)
            n = 1
            while dest.exists():
                n += 1
                dest = folder / f"{self.path.stem}-{stamp}-{why}-{n}.json"
            os.replace(self.path, dest)
            old = sorted(folder.glob(f"{self.path.stem}-*.json"), key=lambda p: p.stat().st_mtime)
            for p in old[:max(0, len(old) - ARCHIVES_KEPT)]:
                with contextlib.suppress(OSError):
                    p.unlink()
        except OSError as exc:
            log.warning("evening %s could not be put aside (%s)", self.path, exc)
            return None
        return dest

    def _new_if_stale(self) -> None:
        """The last match is long ago (another day): a new evening, the old one put aside."""
        if self.data["matches"] and self.clock() - self.data["updated"] > NEW_AFTER:
            self._archive("done")
            self.data = _empty(self.clock(), self.data["keys"])
            self._write()

    # --------------------------------------------------------------- the table's calls
    def reset(self) -> None:
        """"Neuer Abend": the standings start afresh (the old evening is put aside)."""
        with self._locked():
            self._read()
            if self.data["matches"]:
                self._archive("done")
            self.data = _empty(self.clock(), self.data["keys"])
            self._write()

    def counted(self, key: str) -> bool:
        return key in self.data["keys"]

    def record(self, game: Any, state: Any, seats: list[dict], key: str) -> bool:
        """A match of ``game`` ended in ``state`` with ``seats`` (the table's seat records:
        name, kind, token, level) at the table: count it, once per ``key``. A match that
        ended before any round was over (no winner) counts for nothing. True if counted."""
        winner = game.winner(state)
        n = int(getattr(state, "n", len(seats)))
        if winner is None or not isinstance(winner, int):
            return False
        try:
            marks = list(game.evening_marks(state) or [])
        except Exception:                    # a game's hook must not lose the match
            log.exception("evening_marks of %s failed; counting matches won only", game.id)
            marks = []
        with self._locked():
            self._read()
            self._new_if_stale()
            if key in self.data["keys"]:
                return False
            seats = list(seats)[:n]
            rows = self._rows_of(seats, create=True)
            for i, (seat, ri) in enumerate(zip(seats, rows)):
                if ri is None:
                    continue
                row = self.data["rows"][ri]
                row["name"] = str(seat.get("name") or row["name"])[:64]
                if seat.get("kind") == "bot":
                    row["level"] = seat.get("level")
                g = row["games"].setdefault(game.id, {"played": 0, "won": 0, "marks": {}})
                g["played"] += 1
                g["won"] += int(i == winner)
                for k, v in clean_marks(marks[i] if i < len(marks) else {}).items():
                    if len(g["marks"]) < MARKS_MAX or k in g["marks"]:
                        g["marks"][k] = g["marks"].get(k, 0) + v
            self.data["matches"] += 1
            self.data["games"][game.id] = self.data["games"].get(game.id, 0) + 1
            self.data["keys"] = (self.data["keys"] + [key])[-KEYS_KEPT:]
            self._write()
        return True

    def _rows_of(self, seats: list[dict], create: bool) -> list[int | None]:
        """The row of each seat (None: an empty seat, or nobody's row yet and ``create`` off):
        the row that knows the seat's token; else, for a player, the row of the same name that
        no other seat at the table holds; for a bot the row of its name and level."""
        rows = self.data["rows"]
        out: list[int | None] = [None] * len(seats)
        taken: set[int] = set()
        hashes = [token_hash(s["token"]) if s.get("kind") == "human" and s.get("token") else None for s in seats]
        for i, h in enumerate(hashes):
            if h is None:
                continue
            ri = next((k for k, r in enumerate(rows) if r["kind"] == "human" and h in r["tokens"] and k not in taken),
                      None)
            if ri is not None:
                out[i] = ri
                taken.add(ri)
        for i, s in enumerate(seats):
            kind = s.get("kind")
            if out[i] is not None or kind not in ("human", "bot"):
                continue
            name = _name_key(s.get("name"))
            ri = next((k for k, r in enumerate(rows) if k not in taken and r["kind"] == kind
                       and _name_key(r["name"]) == name and (kind == "human" or r["level"] == s.get("level"))), None)
            if ri is None and create:
                rows.append({"name": str(s.get("name") or "?")[:64], "kind": kind,
                             "level": s.get("level") if kind == "bot" else None, "tokens": [], "games": {}})
                ri = len(rows) - 1
            if ri is not None:
                out[i] = ri
                taken.add(ri)
                if create and hashes[i] is not None and hashes[i] not in rows[ri]["tokens"]:
                    rows[ri]["tokens"] = (rows[ri]["tokens"] + [hashes[i]])[-TOKENS_KEPT:]
        return out

    def standings(self, seats: list[dict] | None = None) -> dict:
        """The evening for ``lobby.evening``: the matches, the games played, and a row per player
        (the best first, at most :data:`ROWS_SENT`), each with its totals and its games; a row
        whose player sits at the table now has the seat and the name the seat has now."""
        seats = list(seats or [])
        at = {ri: i for i, ri in enumerate(self._rows_of(seats, create=False)) if ri is not None}
        rows = []
        for ri, r in enumerate(self.data["rows"]):
            games = {gid: {"played": g["played"], "won": g["won"], "marks": dict(g["marks"])}
                     for gid, g in r["games"].items() if g["played"]}
            if not games:
                continue
            seat = at.get(ri)
            rows.append({"name": str(seats[seat].get("name") or r["name"]) if seat is not None else r["name"],
                         "kind": r["kind"], "level": r["level"], "seat": seat,
                         "won": sum(g["won"] for g in games.values()),
                         "played": sum(g["played"] for g in games.values()), "games": games})
        rows.sort(key=lambda x: (-x["won"], x["played"], _name_key(x["name"])))
        return {"matches": self.data["matches"], "started": self.data["started"],
                "games": [{"id": g, "matches": n} for g, n in self.data["games"].items() if n],
                "rows": rows[:ROWS_SENT]}


def _sync_dir(path: Path) -> None:
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

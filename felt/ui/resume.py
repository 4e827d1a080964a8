"""Tables that can be resumed from the window: the journals of unfinished matches in the
data folder (the same journals `felt host --resume` reads, felt.net.journal).

``unfinished_tables()`` lists them newest first, each as a dict for the start screen's
picker; a journal whose host still runs (it holds the file's lock), whose match is over,
or that cannot be read is left out. ``resume_config(path, ...)`` makes the HostConfig."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

MAX_LISTED = 5          # newest unfinished tables offered
MAX_SCANNED = 30        # journals looked at (the data folder keeps about that many)
_seen: dict = {}        # (path, mtime, size) -> entry or None: a journal is replayed once


def _in_use(path: Path) -> bool:
    try:
        from felt.net.journal import JournalError, check_not_in_use
    except ImportError:     # pragma: no cover
        return False
    try:
        check_not_in_use(path)
    except JournalError:
        return True
    return False


def unfinished_tables(folder: Path | None = None, limit: int = MAX_LISTED) -> list[dict]:
    """``[{path, name, game, round, rounds, players, mtime, phase}]`` of journals whose last match
    is not over, newest first (never raises)."""
    try:
        from felt.net.journal import SUFFIX, journal_dir, load_resume
        d = Path(folder) if folder is not None else journal_dir()
        files = sorted(d.glob("*" + SUFFIX), key=lambda p: p.stat().st_mtime, reverse=True) if d.is_dir() else []
    except Exception:
        return []
    out: list[dict] = []
    for p in files[:MAX_SCANNED]:
        if len(out) >= limit:
            break
        try:
            st = p.stat()
        except OSError:
            continue
        key = (str(p), st.st_mtime_ns, st.st_size)
        if key not in _seen:
            _seen[key] = _entry(p, st.st_mtime, load_resume)
        entry = _seen[key]
        if entry is None or _in_use(p):
            continue                # not resumable, or its host runs (maybe this very window)
        out.append(dict(entry))
    return out


def _entry(p: Path, mtime: float, load_resume) -> dict | None:
    try:
        res = load_resume(p, repair=False)
    except Exception:
        return None
    if res.log is None or res.state is None:
        return None                 # only a lobby: nothing was played that could be lost
    phase = getattr(res.state, "phase", "")
    if phase == "match_over" or res.lobby is not None:
        return None                 # the match ended (a lobby after it): nothing to resume
    names = [str(s.get("name") or "") for s in res.log.seats()]
    try:
        from felt import contract
        game = contract.id_of(res.log.header)     # the game of the match that was cut off
    except Exception:
        game = ""
    return {"path": str(p), "name": str(res.name or res.host.get("name") or p.stem), "game": game,
            "round": int(getattr(res.state, "round_no", 1) or 1),
            "rounds": res.log.header.get("rounds") or (res.log.header.get("rules") or {}).get("rounds"),
            "players": names, "mtime": mtime, "phase": phase}


def resume_config(path: str | os.PathLike, interface: str | None = None, over: dict | None = None) -> Any:
    """The HostConfig that brings the table of journal ``path`` back, as `felt host --resume
    PATH` does (the one place: felt.net.tableconfig); ``over``: HostConfig fields that win
    (tests: loopback, no announcing). Returns (config, warnings)."""
    from felt.net.tableconfig import resume_fields, table_config
    warnings: list[str] = []
    fields = resume_fields(path, say=lambda _m: None, warn=warnings.append, interface=interface)
    return table_config(fields, over), warnings


def age_text(mtime: float, now: float | None = None) -> str:
    """'vor 5 Min.' / '5 min ago' style age of a journal (window language)."""
    from felt.ui import i18n
    secs = max(0, int((now if now is not None else time.time()) - mtime))
    if secs < 90:
        return i18n.t("resume.just_now")
    if secs < 90 * 60:
        return i18n.t("resume.minutes", n=secs // 60)
    if secs < 36 * 3600:
        return i18n.t("resume.hours", n=secs // 3600)
    return i18n.t("resume.days", n=secs // 86400)

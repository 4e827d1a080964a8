"""Replays: a finished match looked back at, step by step, with every hand open.

A replay is nothing but the match's log (:mod:`felt.net.matchlog`): its header (game, rule
set, seed, seats) and its game entries (moves, ``next_round``, ``end_match``). Whoever has
the log rebuilds every state of the match with the game's own engine (same seed and moves give
the same match), so a replay is small, and the same on every machine. :class:`Replay` does
that and answers what a replay screen asks: each step's views (every seat's, as the engine
gives them), the events of each step, the hands, the rounds, and beside each move what the
normal bot would have played there (``Game.hint``).

Where a replay comes from:

- the host's journal (:mod:`felt.net.journal`): :func:`read_file` takes the last finished
  match in it (`felt replay FILE`);
- a replay file: the host saves every finished match in the data folder (``replays/``, the
  last :data:`KEEP`; a window that fetched a match from its host keeps it there too). It is
  the journal's format (magic, length, CRC, msgpack) with a ``replay`` record first (when, the
  table, the game, the players, the winner) and no seat or admin tokens, so it can be sent to
  anyone and opened on any machine (`felt replay FILE`, `felt replay --list`);
- the host, once the match is over: a client sends ``match_log`` and gets the log in one or
  more ``match_log`` parts (PROTOCOL.md §3, §6). Never while the match runs: the log holds
  every hand.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import msgpack

from felt import contract
from felt.contract.base import IllegalMove, KeyedError
from felt.net.journal import JOURNAL_KINDS, MAGIC, JournalError, encode_record, scan
from felt.net.matchlog import GAME_KINDS, MatchLog

KEEP = 50                         # replay files kept in the data folder (oldest removed)
SUFFIX = ".felt-replay"
REPLAY_VERSION = 1
PART_BYTES = 40 * 1024            # a match_log part stays well under a frame's 64 KiB
PART_ITEMS = 2000                 # and under a list's 4096 items
MAX_PARTS = 200                   # a log of more parts is not a match
MAX_ENTRIES = 100_000             # nor one of more entries (a long evening's match has a few thousand)
SEAT_KEYS = ("seat", "name", "kind", "level")   # what a replay keeps of a seat (never its token)
HEADER_KEYS = ("k", "v", "game", "rules", "n", "seed", "rounds", "table", "template", "match")


class ReplayError(KeyedError):
    """A replay that cannot be shown, with the reason in German and English."""

    MESSAGES = {
        "missing": ("Die Datei {path} gibt es nicht.", "The file {path} does not exist."),
        "unreadable": ("Die Datei {path} lässt sich nicht lesen: {err}", "Cannot read the file {path}: {err}"),
        "empty": ("Die Datei {path} ist leer.", "The file {path} is empty."),
        "not_journal": ("{path} ist keine Partie von Felt Club (weder Journal noch gespeicherte Partie).",
                        "{path} is not a Felt Club match (neither a journal nor a saved match)."),
        "no_match": ("In {path} ist keine Partie (der Tisch war nur in der Lobby).",
                     "{path} holds no match (the table was only in its lobby)."),
        "unfinished": ("Die Partie in {path} ist nicht zu Ende gespielt. Ansehen lässt sie sich erst nach "
                       "ihrem Ende (fortsetzen: felt host --resume {path}).",
                       "The match in {path} is not over. It can be looked at once it has ended "
                       "(to go on with it: felt host --resume {path})."),
        "damaged": ("{path} ist beschädigt ({why}); die Partie darin ist nicht vollständig.",
                    "{path} is damaged ({why}); the match in it is not whole."),
        "unknown_game": ("Die Partie ist ein Spiel, das dieses Felt Club nicht kennt ({game}).",
                         "The match is of a game this Felt Club does not have ({game})."),
        "bad_log": ("Die Partie lässt sich nicht nachspielen: {why}", "The match cannot be replayed: {why}"),
    }


# ---------------------------------------------------------------------------- the log, public
def public_header(header: dict, seats: list[dict] | None = None) -> dict:
    """A match header without secrets: the game, rule set, seed and seats (names, kinds,
    levels as of the end of the match when ``seats`` gives them), never a token."""
    out = {k: header[k] for k in HEADER_KEYS if k in header}
    out["k"] = "match"
    out["seats"] = [{k: s.get(k) for k in SEAT_KEYS if k in s} for s in (seats or header.get("seats") or [])
                    if isinstance(s, dict)]
    return out


def game_entries(entries: list[dict]) -> list[dict]:
    """The entries that change the game (moves, next_round, end_match), as plain records."""
    out = []
    for e in entries:
        k = e.get("k")
        if k == "move":
            out.append({"k": "move", "seat": e.get("seat"), "move": dict(e.get("move") or {})})
        elif k in GAME_KINDS:
            out.append({"k": k})
    return out


def public_log(mlog: MatchLog) -> tuple[dict, list[dict]]:
    """``(header, entries)`` of a match log as anyone may have them once the match is over."""
    return public_header(mlog.header, mlog.seats()), game_entries(mlog.entries)


def digest(header: dict, entries: list[dict]) -> str:
    """A short fingerprint of a match (the same log gives the same name on every machine)."""
    body = msgpack.packb([header, entries], use_bin_type=True)
    return hashlib.sha256(body).hexdigest()[:16]


def match_log_messages(mlog: MatchLog) -> list[dict]:
    """The ``match_log`` messages that carry a finished match to a client: the header with
    the first part, the entries cut into parts that each fit a frame."""
    header, entries = public_log(mlog)
    parts: list[list[dict]] = [[]]
    size = len(msgpack.packb(header, use_bin_type=True))
    for e in entries:
        n = len(msgpack.packb(e, use_bin_type=True))
        if parts[-1] and (size + n > PART_BYTES or len(parts[-1]) >= PART_ITEMS):
            parts.append([])
            size = 0
        parts[-1].append(e)
        size += n
    msgs = []
    for i, chunk in enumerate(parts):
        m: dict[str, Any] = {"t": "match_log", "part": i, "parts": len(parts), "entries": chunk}
        if i == 0:
            m["header"] = header
        msgs.append(m)
    return msgs


class Parts:
    """Puts ``match_log`` parts back together: :meth:`feed` returns ``(header, entries)`` once
    the last part is in, None before; a part that does not fit raises ReplayError."""

    def __init__(self) -> None:
        self.header: dict | None = None
        self.entries: list[dict] = []
        self.next = 0

    def feed(self, msg: dict) -> tuple[dict, list[dict]] | None:
        part, parts = msg.get("part"), msg.get("parts")
        entries = msg.get("entries")
        ok = (isinstance(part, int) and isinstance(parts, int) and 1 <= parts <= MAX_PARTS and part == self.next
              and part < parts and isinstance(entries, list) and all(isinstance(e, dict) for e in entries))
        if part == 0:
            ok = ok and isinstance(msg.get("header"), dict)
        if not ok:
            raise ReplayError("bad_log", why=f"part {part!r} of {parts!r} came out of order or malformed")
        if part == 0:
            self.header, self.entries = dict(msg["header"]), []
        if len(self.entries) + len(entries) > MAX_ENTRIES:
            raise ReplayError("bad_log", why=f"more than {MAX_ENTRIES} entries")
        self.entries.extend(entries)
        self.next = part + 1
        if self.next < parts:
            return None
        return self.header, self.entries


# ---------------------------------------------------------------------------- a replay
def _merged(events: list) -> list:
    """``events`` with every private part merged in: a replay shows every hand."""
    out = []
    for ev in events or ():
        if not isinstance(ev, dict):
            continue
        priv = ev.get("_private")
        e = {k: v for k, v in ev.items() if k != "_private"}
        if isinstance(priv, dict) and isinstance(priv.get("data"), dict):
            e.update(priv["data"])
        out.append(e)
    return out


class Replay:
    """A match rebuilt from its log with the game's engine: ``steps`` states, step 0 the
    deal, step ``i`` the state after the ``i``-th game entry.

    - ``view(i, seat)``: the engine's view of step ``i`` for ``seat`` (None: a spectator);
    - ``events(i, seat)``: the events of step ``i`` as ``seat`` saw them, ``open_events(i)``
      with every private part;
    - ``action(i)``: ``("move", seat, wire)``, ``("next_round",)``, ``("end_match",)`` or
      None (step 0); ``mover(i)``: the seat that moved;
    - ``hands(i)``: every seat's hand; ``round_starts``: the steps where a round is dealt;
    - ``hint(i, lang)``: what the normal bot would have played instead of move ``i`` (from the
      mover's view before it), ``{"move", "why", "same"}``, or None.
    """

    def __init__(self, header: dict, entries: list[dict]):
        if not isinstance(header, dict) or not isinstance(entries, list):
            raise ReplayError("bad_log", why="no match header")
        try:
            self.game = contract.get(contract.id_of(header))
        except contract.UnknownGame:
            raise ReplayError("unknown_game", game=str(header.get("game"))) from None
        g = self.game
        try:
            self.rules = g.rules_from_dict(header["rules"])
            self.n = int(header["n"])
            self.seed = header["seed"]
            self.rounds = header.get("rounds")
            g.validate(self.rules, self.n)
            state, events = g.new_match(self.rules, self.n, self.seed, self.rounds)
        except Exception as exc:
            raise ReplayError("bad_log", why=f"the match header is unusable ({type(exc).__name__}: {exc})") from None
        self.header = public_header(header)
        seats = self.header["seats"]
        self.names = [str((seats[i] if i < len(seats) else {}).get("name") or f"{i + 1}") for i in range(self.n)]
        self.kinds = [str((seats[i] if i < len(seats) else {}).get("kind") or "") for i in range(self.n)]
        self.states: list = [state]
        self._events: list[list] = [list(events)]
        self.actions: list[tuple | None] = [None]
        self.entries: list[dict] = []
        for i, e in enumerate(entries):
            k = e.get("k") if isinstance(e, dict) else None
            if k in ("seat", "replay") or k in JOURNAL_KINDS:
                continue                                   # bookkeeping: no change to the game
            try:
                if k == "move":
                    seat = e["seat"]
                    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
                        raise IllegalMove(f"no seat {seat!r}")
                    wire = dict(e["move"])
                    state, events = g.apply(state, seat, g.move_from_wire(wire))
                    action: tuple = ("move", seat, wire)
                elif k == "next_round":
                    state, events = g.next_round(state)
                    action = ("next_round",)
                elif k == "end_match":
                    state, events = g.end_match(state)
                    action = ("end_match",)
                else:
                    raise ValueError(f"unknown entry kind {k!r}")
            except Exception as exc:
                raise ReplayError("bad_log", why=f"entry {i + 1} ({k}) does not apply: {exc}") from None
            self.states.append(state)
            self._events.append(list(events or ()))
            self.actions.append(action)
            self.entries.append(e if k != "move" else {"k": "move", "seat": action[1], "move": action[2]})
        self.round_starts = [i for i, s in enumerate(self.states)
                             if i == 0 or getattr(s, "round_no", 0) != getattr(self.states[i - 1], "round_no", 0)]
        self._hints: dict = {}
        self._alts: dict = {}

    @classmethod
    def from_log(cls, mlog: MatchLog) -> "Replay":
        return cls(*public_log(mlog))

    # ------------------------------------------------------------------ steps
    @property
    def steps(self) -> int:
        return len(self.states)

    @property
    def finished(self) -> bool:
        return getattr(self.states[-1], "phase", "") == "match_over"

    def state(self, i: int):
        return self.states[i]

    def view(self, i: int, seat: int | None) -> dict:
        return self.game.view(self.states[i], seat)

    def events(self, i: int, seat: int | None) -> list:
        return self.game.filter_events(self._events[i], seat)

    def open_events(self, i: int) -> list:
        return _merged(self._events[i])

    def action(self, i: int) -> tuple | None:
        return self.actions[i]

    def mover(self, i: int) -> int | None:
        a = self.actions[i]
        return a[1] if a is not None and a[0] == "move" else None

    def hand(self, i: int, seat: int) -> list:
        """``seat``'s hand at step ``i``."""
        return self._hand_in(self.states[i], seat)

    def _hand_in(self, state, seat: int) -> list:
        """A seat's hand in ``state`` (its view's ``hand``; else the cards only it may see)."""
        hand = self.game.view(state, seat).get("hand")
        if isinstance(hand, list):
            return list(hand)
        try:
            return sorted(self.game.private_cards(state, seat))
        except Exception:
            return []

    def played(self, i: int) -> set:
        """The cards that left the mover's hand with move ``i`` (none for other steps)."""
        seat = self.mover(i)
        if seat is None:
            return set()
        return set(self.hand(i - 1, seat)) - set(self.hand(i, seat))

    def hands(self, i: int) -> list[list]:
        return [self.hand(i, s) for s in range(self.n)]

    def round_no(self, i: int) -> int:
        return int(getattr(self.states[i], "round_no", 1) or 1)

    def round_index(self, i: int) -> int:
        """Which round (0-based, in ``round_starts``) step ``i`` belongs to."""
        k = 0
        for j, start in enumerate(self.round_starts):
            if start <= i:
                k = j
        return k

    def moves(self) -> int:
        return sum(1 for a in self.actions if a is not None and a[0] == "move")

    # ------------------------------------------------------------------ the bot's word
    def same_move(self, a: dict, b: dict) -> bool:
        """Do two wire moves mean the same move (cards in any order)?"""
        def norm(m):
            try:
                m = self.game.move_to_wire(self.game.move_from_wire(dict(m)))
            except Exception:
                m = dict(m)
            return {k: (sorted(v, key=repr) if isinstance(v, list) else v) for k, v in m.items()}
        return norm(a) == norm(b)

    def hint(self, i: int, lang: str = "de") -> dict | None:
        """What the normal bot would have played in the mover's place at step ``i`` (decided
        from the mover's view before the move): ``{"move", "why", "same"}``; None for a step
        that is no move (or where the bot has nothing to say)."""
        key = (i, lang)
        if key in self._hints:
            return self._hints[key]
        out = None
        a = self.actions[i] if 0 < i < len(self.actions) else None
        if a is not None and a[0] == "move":
            try:
                h = self.game.hint(self.view(i - 1, a[1]), lang)
            except Exception:
                h = None
            if isinstance(h, dict) and isinstance(h.get("move"), dict):
                out = {"move": dict(h["move"]), "why": str(h.get("why") or ""), "same": self.same_move(h["move"], a[2])}
        self._hints[key] = out
        return out

    def _alternative(self, i: int, wire: dict):
        """The state and events (every private part open) had the mover of step ``i`` played
        ``wire`` instead; None where that is no move there."""
        seat = self.mover(i)
        if seat is None:
            return None
        key = (i, repr(sorted(dict(wire).items())))
        if key not in self._alts:
            try:
                self._alts[key] = self.game.apply(self.states[i - 1], seat, self.game.move_from_wire(dict(wire)))
            except Exception:
                self._alts[key] = None
        return self._alts[key]

    def events_if(self, i: int, wire: dict) -> list:
        """The events had the mover of step ``i`` played ``wire`` instead: the words for the
        bot's alternative."""
        alt = self._alternative(i, wire)
        return _merged(alt[1]) if alt is not None else []

    def played_if(self, i: int, wire: dict) -> set:
        """The cards that would have left the mover's hand with ``wire`` instead of move ``i``."""
        alt = self._alternative(i, wire)
        seat = self.mover(i)
        if alt is None or seat is None:
            return set()
        return set(self.hand(i - 1, seat)) - set(self._hand_in(alt[0], seat))

    # ------------------------------------------------------------------ about the match
    def winner(self) -> int | None:
        try:
            return self.game.winner(self.states[-1])
        except Exception:
            return None

    def summary(self) -> dict:
        """The match in a few words (``felt replay --list``, the saved file's first record)."""
        w = self.winner()
        return {"game": self.game.id, "table": str(self.header.get("table") or ""), "names": list(self.names),
                "winner": self.names[w] if isinstance(w, int) and 0 <= w < self.n else None,
                "rounds": self.round_no(self.steps - 1), "moves": self.moves()}


# ---------------------------------------------------------------------------- files
def replay_dir() -> Path:
    from felt.paths import data_dir
    return data_dir() / "replays"


def _records(path: Path) -> tuple[list[dict], str | None]:
    """The whole records of a journal or replay file, and why reading stopped early."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ReplayError("missing", path=str(path)) from None
    except IsADirectoryError:
        raise ReplayError("unreadable", path=str(path), err="a folder, not a file") from None
    except OSError as exc:
        raise ReplayError("unreadable", path=str(path), err=exc.strerror or str(exc)) from None
    if not data:
        raise ReplayError("empty", path=str(path))
    try:
        sc = scan(data)
    except JournalError:
        raise ReplayError("not_journal", path=str(path)) from None
    if not sc.records and sc.problem:
        if len(data) < len(MAGIC):
            raise ReplayError("not_journal", path=str(path))
        raise ReplayError("damaged", path=str(path), why=sc.problem)
    return sc.records, sc.problem


def matches_in(records: list[dict]) -> list[tuple[dict, list[dict]]]:
    """Each match of a journal's records: ``(header, its entries)``."""
    out: list[tuple[dict, list[dict]]] = []
    for r in records:
        if r.get("k") == "match":
            out.append((r, []))
        elif out and r.get("k") in GAME_KINDS + ("seat",):
            out[-1][1].append(r)
    return out


def read_file(path: str | os.PathLike) -> Replay:
    """The last finished match of a journal or replay file, ready to step through; a
    ReplayError says clearly why there is none (no such file, not a journal, damaged, no match,
    not over yet, of an unknown game, moves that do not apply)."""
    p = Path(path)
    records, problem = _records(p)
    found = matches_in(records)
    if not found:
        if problem:
            raise ReplayError("damaged", path=str(p), why=problem)
        raise ReplayError("no_match", path=str(p))
    last_error: ReplayError | None = None
    for k, (header, entries) in enumerate(reversed(found)):
        try:
            rp = Replay(public_header(header, MatchLog(header, list(entries)).seats()), game_entries(entries))
        except ReplayError as exc:
            last_error = last_error or exc
            continue
        except Exception as exc:
            last_error = last_error or ReplayError("bad_log", why=f"{type(exc).__name__}: {exc}")
            continue
        if rp.finished:
            return rp
        if k == 0 and problem:
            raise ReplayError("damaged", path=str(p), why=problem)
    if last_error is not None:
        raise last_error
    raise ReplayError("unfinished", path=str(p))


def replay_record(rp: Replay, when: float | None = None) -> dict:
    """The first record of a replay file: when, the table, the game, the players, the winner."""
    return {"k": "replay", "v": REPLAY_VERSION, "time": time.time() if when is None else when, **rp.summary()}


def file_bytes(rp: Replay, when: float | None = None) -> bytes:
    """A replay file: the journal's format, a ``replay`` record, the match without tokens."""
    parts = [MAGIC, encode_record(replay_record(rp, when)), encode_record(rp.header)]
    parts += [encode_record(e) for e in rp.entries]
    return b"".join(parts)


def save(rp: Replay, folder: str | os.PathLike | None = None, when: float | None = None,
         keep: int = KEEP) -> Path | None:
    """Keep a finished match in ``folder`` (the data folder's ``replays/``): one file per match
    (the same match saved again, by its host and by a window, stays one file), the last ``keep``
    files (oldest removed). Returns the file, or None where the match is not over."""
    if not rp.finished:
        return None
    from felt.paths import private_dir, write_private
    d = private_dir(Path(folder) if folder is not None else replay_dir())
    tag = digest(rp.header, rp.entries)
    have = sorted(d.glob(f"*-{tag}{SUFFIX}"))
    if have:
        return have[0]
    when = time.time() if when is None else when
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    path = d / f"{stamp}-{rp.game.id}-{tag}{SUFFIX}"
    write_private(path, file_bytes(rp, when))
    old = sorted(d.glob("*" + SUFFIX), key=lambda q: (q.stat().st_mtime, q.name))
    for q in old[:max(0, len(old) - keep)]:
        try:
            q.unlink()
        except OSError:
            pass
    return path


def saved(folder: str | os.PathLike | None = None) -> list[dict]:
    """The matches kept in ``folder``, newest first: ``{path, time, game, names, winner,
    rounds, problem}`` from each file's first record (``problem``: why a file is unusable)."""
    d = Path(folder) if folder is not None else replay_dir()
    if not d.is_dir():
        return []
    out = []
    for p in d.glob("*" + SUFFIX):
        item: dict[str, Any] = {"path": str(p), "time": p.stat().st_mtime, "game": "?", "names": [], "winner": None,
                                "rounds": 0, "problem": None}
        try:
            records, problem = _records(p)
            head = records[0] if records and records[0].get("k") == "replay" else None
            if head is None:
                item["problem"] = problem or "no replay record"
            else:
                for k in ("time", "game", "names", "winner", "rounds", "table"):
                    if k in head:
                        item[k] = head[k]
                if problem:
                    item["problem"] = problem
        except ReplayError as exc:
            item["problem"] = str(exc)
        out.append(item)
    out.sort(key=lambda x: (float(x["time"]) if isinstance(x["time"], (int, float)) else 0.0, x["path"]), reverse=True)
    return out


# ---------------------------------------------------------------------------- felt replay (text)
def game_name(gid: str, lang: str = "en") -> str:
    try:
        return contract.get(gid).name.get(lang, gid)
    except KeyError:
        return str(gid)


def cmd_list(args: Any) -> int:
    """`felt replay --list [--json]`: the finished matches kept in the data folder."""
    items = saved()
    if getattr(args, "json", False):
        print(json.dumps(items, ensure_ascii=False))
        return 0
    if not items:
        print(f"no finished matches kept in {replay_dir()} yet")
        return 0
    for it in items:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(it["time"]))) \
            if isinstance(it["time"], (int, float)) else "?"
        if it.get("problem") and not it.get("names"):
            print(f"{when}  (unusable: {it['problem']})  {it['path']}")
            continue
        names = ", ".join(str(n) for n in it.get("names") or [])
        winner = it.get("winner") or "no winner"
        print(f"{when}  {game_name(str(it['game'])):<10}  {names}  winner: {winner}  {it['path']}")
    return 0


def describe(rp: Replay, lang: str = "en") -> dict:
    """The whole replay as plain data (`felt replay FILE --json`): each step's action, round,
    phase and every hand, and beside each move the normal bot's choice."""
    steps = []
    for i in range(rp.steps):
        a = rp.action(i)
        st = {"step": i, "round": rp.round_no(i), "phase": getattr(rp.state(i), "phase", ""),
              "action": None if a is None else (
                  {"kind": "move", "seat": a[1], "name": rp.names[a[1]], "move": a[2]} if a[0] == "move"
                  else {"kind": a[0]}),
              "hands": rp.hands(i)}
        h = rp.hint(i, lang)
        if h is not None:
            st["bot"] = h
        steps.append(st)
    return {**rp.summary(), "game_name": game_name(rp.game.id, lang), "seats": rp.header["seats"],
            "rules": rp.header.get("rules"), "round_starts": rp.round_starts, "steps": steps}


def cmd_json(args: Any) -> int:
    """`felt replay FILE --json`: the replay as JSON on stdout (checks, other tools)."""
    try:
        rp = read_file(args.file)
    except ReplayError as exc:
        print(f"felt replay: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(describe(rp, getattr(args, "lang", None) or "en"), ensure_ascii=False, default=str))
    return 0

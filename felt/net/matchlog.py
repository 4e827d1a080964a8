"""The host's append-only match log, and replay from it.

A log is a header plus entries, all plain msgpack-able dicts:

- header: ``{k:"match", v:1, rules:<the game's rules_to_dict()>, n, seed, rounds, seats:[seat dicts],
  table, template, game?}`` (no ``game``: the default game's)
- game entries (they change the engine state; ``seq`` counts them):
  ``{k:"move", seat, move:<wire move>}``, ``{k:"next_round"}``, ``{k:"end_match"}``
- seat entries (bookkeeping, no state change): ``{k:"seat", seat, name, kind, token, level, owner}``
- hint entries (bookkeeping, no state change): ``{k:"hint", seat, seq}``: ``seat`` took a "Tipp"
  on its turn at game entry ``seq``; the match's hint counts are these entries counted per seat

``replay(log)`` rebuilds the exact engine state (same seed and moves give the same state).
Listeners (``log.listeners``) are called with every record right after it is appended and
before the host sends its result to anyone: a journal only needs to write and flush there.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from felt import contract
GAME_KINDS = ("move", "next_round", "end_match")
BOOK_KINDS = ("seat", "hint")        # entries that change no game state (replay skips them)
LOG_VERSION = 1


class MatchLog:
    def __init__(self, header: dict, entries: list[dict] | None = None):
        self.header = header
        self.entries: list[dict] = []
        self.seq = 0  # number of game entries
        self.listeners: list[Callable[[dict], Any]] = []
        for e in entries or ():
            self._add(e)

    @classmethod
    def start(cls, rules: Any, n: int, seed: Any, rounds: int | None, seats: list[dict],
              **extra: Any) -> "MatchLog":
        """``rules``: the rule set as a dict (or an object with ``to_dict()``)."""
        rd = dict(rules) if isinstance(rules, dict) else rules.to_dict()
        header = {"k": "match", "v": LOG_VERSION, "rules": rd, "n": n, "seed": seed,
                  "rounds": rounds, "seats": [dict(s) for s in seats], **extra}
        return cls(header)

    def _add(self, entry: dict) -> None:
        k = entry.get("k")
        if k in GAME_KINDS:
            self.seq += 1
        elif k not in BOOK_KINDS:
            raise ValueError(f"unknown log entry {k!r}")
        self.entries.append(entry)

    def append(self, entry: dict) -> None:
        self._add(entry)
        for fn in self.listeners:
            fn(entry)

    def move(self, seat: int, wire_move: dict) -> None:
        self.append({"k": "move", "seat": seat, "move": dict(wire_move)})

    def next_round(self) -> None:
        self.append({"k": "next_round"})

    def end_match(self) -> None:
        self.append({"k": "end_match"})

    def seat(self, **fields: Any) -> None:
        self.append({"k": "seat", **fields})

    def hint(self, seat: int, seq: int) -> None:
        self.append({"k": "hint", "seat": seat, "seq": seq})

    def hint_taken(self, seat: int, seq: int) -> bool:
        """Has ``seat`` taken a hint at game entry ``seq`` already?"""
        cur = self.seq
        for e in reversed(self.entries):          # back to the game entry ``seq`` only
            if e["k"] in GAME_KINDS:
                cur -= 1
                if cur < seq:
                    return False
            elif e["k"] == "hint" and e.get("seat") == seat and e.get("seq") == seq:
                return True
        return False

    def hint_counts(self) -> list[int]:
        """The hints each seat took in this match (from the hint entries)."""
        n = int(self.header.get("n") or 0)
        out = [0] * n
        for e in self.entries:
            if e["k"] == "hint" and isinstance(e.get("seat"), int) and 0 <= e["seat"] < n:
                out[e["seat"]] += 1
        return out

    def records(self) -> list[dict]:
        """Header then entries: everything a journal holds."""
        return [self.header, *self.entries]

    @classmethod
    def from_records(cls, records: list[dict]) -> "MatchLog":
        if not records or records[0].get("k") != "match":
            raise ValueError("a match log starts with its header")
        return cls(records[0], list(records[1:]))

    def seats(self) -> list[dict]:
        """The seats as of the last seat entry for each index (header seats updated)."""
        seats = [dict(s) for s in self.header["seats"]]
        for e in self.entries:
            if e["k"] == "seat" and 0 <= e.get("seat", -1) < len(seats):
                seats[e["seat"]].update({k: v for k, v in e.items() if k != "k"})
        return seats


def _actions(entries: list[dict]) -> Iterator[tuple]:
    for e in entries:
        k = e["k"]
        if k == "move":
            yield ("move", e["seat"], e["move"])
        elif k in ("next_round", "end_match"):
            yield (k,)


def game_of(log: "MatchLog"):
    """The game of a match log (a header without ``game`` is the default game's)."""
    return contract.get(contract.id_of(log.header))


def replay(log: MatchLog | list[dict], rules: Any = None) -> Any:
    """The game state after every game entry of ``log`` (a MatchLog or its records).
    ``rules`` may pass an equal rule set object to use (the header's rules otherwise)."""
    if not isinstance(log, MatchLog):
        log = MatchLog.from_records(log)
    h = log.header
    game = game_of(log)
    rules = rules or game.rules_from_dict(h["rules"])
    return game.replay(rules, h["n"], h["seed"], list(_actions(log.entries)), h.get("rounds"))


def states(log: MatchLog) -> Iterator[tuple[int, Any]]:
    """(seq, state) for seq 0 (the deal) and after every game entry; states are clones."""
    h = log.header
    game = game_of(log)
    rules = game.rules_from_dict(h["rules"])
    s, _ = game.new_match(rules, h["n"], h["seed"], h.get("rounds"))
    seq = 0
    yield seq, game.clone(s)
    for a in _actions(log.entries):
        if a[0] == "move":
            s, _ = game.apply(s, a[1], game.move_from_wire(a[2]))
        elif a[0] == "next_round":
            s, _ = game.next_round(s)
        else:
            s, _ = game.end_match(s)
        seq += 1
        yield seq, game.clone(s)

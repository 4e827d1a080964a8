"""Helpers for tests, fuzzing and the soak: a raw protocol client and leak checks."""
from __future__ import annotations

import asyncio
from typing import Any, Iterable

from felt.net import framing, schema
from felt.net.viewdelta import MissingBase, ViewAssembler

# Keys under which the protocol carries card ids (views and events).
CARD_KEYS = frozenset({"hand", "cards", "played", "got", "gave"})


class RawClient:
    """A bare connection for tests: send dicts or raw bytes, read messages with filters."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader = reader
        self.writer = writer
        self.decoder = framing.FrameDecoder()
        self.inbox: list[dict] = []
        self.received: list[dict] = []
        # protocol 3: states are assembled into whole views (as felt.net.client does);
        # ``wire`` keeps every message as it came (patches included)
        self.wire: list[dict] = []
        self.views = ViewAssembler(copy=False)
        self.eof = False
        self.seat: int | None = None
        self.token: str | None = None
        self.view: dict | None = None
        self.seq = -1

    @classmethod
    async def connect(cls, port: int, host: str = "127.0.0.1") -> "RawClient":
        r, w = await asyncio.open_connection(host, port)
        return cls(r, w)

    def send(self, msg: Any) -> None:
        self.writer.write(framing.encode(msg))

    def send_raw(self, data: bytes) -> None:
        self.writer.write(data)

    async def hello(self, name: str = "Tester", **kw: Any) -> dict:
        self.send(schema.hello(name, **kw))
        return await self.expect("welcome", "error")

    async def _fill(self, timeout: float) -> bool:
        if self.eof:
            return False
        try:
            data = await asyncio.wait_for(self.reader.read(65536), timeout)
        except asyncio.TimeoutError:  # a subclass of OSError since 3.11: not an EOF
            raise
        except (ConnectionError, OSError):
            data = b""
        if not data:
            self.eof = True
            return False
        for m in self.decoder.feed(data):
            self.wire.append(m)
            if isinstance(m, dict) and m.get("t") == "state":
                try:
                    m = self.views.feed(m)
                except MissingBase:
                    pass  # left as it came (a test looks at it)
            self.received.append(m)
            self._track(m)
            self.inbox.append(m)
        return True

    def _track(self, m: dict) -> None:
        t = m.get("t")
        if t == "welcome":
            self.seat = m.get("seat")
            self.token = m.get("token") or self.token
        elif t == "state":
            self.view = m.get("view", self.view)
            self.seq = m["seq"]

    async def next(self, timeout: float = 5.0) -> dict:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not self.inbox:
            left = end - loop.time()
            if left <= 0:
                raise asyncio.TimeoutError("no message")
            if not await self._fill(left):
                raise ConnectionError("connection closed")
        return self.inbox.pop(0)

    async def expect(self, *types: str, timeout: float = 5.0, where=None) -> dict:
        """The first message of one of ``types`` matching ``where``; other messages stay
        in the inbox, in order, for later calls."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        seen = 0
        while True:
            for i in range(seen, len(self.inbox)):
                m = self.inbox[i]
                if m.get("t") in types and (where is None or where(m)):
                    del self.inbox[i]
                    return m
            seen = len(self.inbox)
            left = end - loop.time()
            if left <= 0:
                raise asyncio.TimeoutError(f"no {'/'.join(types)} message")
            if not await self._fill(left):
                raise ConnectionError(f"connection closed while waiting for {'/'.join(types)}")

    def drop(self, *types: str) -> None:
        """Forget queued messages of these types."""
        self.inbox = [m for m in self.inbox if m.get("t") not in types]

    async def closed(self, timeout: float = 5.0) -> bool:
        """True once the host has closed the connection (messages before are kept)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not self.eof:
            left = end - loop.time()
            if left <= 0:
                return False
            try:
                await self._fill(left)
            except asyncio.TimeoutError:
                return False
        return True

    def abort(self) -> None:
        """Drop the connection abruptly (no FIN handshake from our side's protocol)."""
        t = self.writer.transport
        t.abort()
        self.eof = True

    async def close(self) -> None:
        try:
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 1)
        except Exception:
            pass


def card_ids(obj: Any, key: str | None = None) -> set[int]:
    """Every int found in a list or value under a card-carrying key, anywhere in ``obj``."""
    out: set[int] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            out |= card_ids(v, k)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            out |= card_ids(v, key)
    elif isinstance(obj, int) and not isinstance(obj, bool) and key in CARD_KEYS:
        out.add(obj)
    return out


def keys_in(obj: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.add(k)
            out |= keys_in(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            out |= keys_in(v)
    return out


def leaks(messages: Iterable[dict], seat: int | None, states: dict[int, Any]) -> list[str]:
    """Check that no ``state`` message seen by ``seat`` carries another seat's secret cards.

    ``states`` maps seq -> the host's true engine state (``matchlog.states``). A card is
    secret for ``seat`` at seq k if another seat holds it at k and ``seat`` has not held it
    itself earlier in that round, nor handed it over or received it in its own exchange
    (per the host's true ``exchange_info``).
    Returns a list of problems (empty = no leak).
    """
    problems: list[str] = []
    held: dict[tuple[int, int], set[int]] = {}  # (round, seq) cumulative own cards
    own_by_round: dict[int, set[int]] = {}
    for k in sorted(states):
        s = states[k]
        if seat is not None:
            own_by_round.setdefault(s.round_no, set()).update(s.hands[seat])
            held[(s.round_no, k)] = set(own_by_round[s.round_no])
    for m in messages:
        if m.get("t") != "state":
            continue
        k = m["seq"]
        s = states.get(k)
        if s is None:
            problems.append(f"state for unknown seq {k}")
            continue
        known = set()
        if seat is not None:
            known = set(held.get((s.round_no, k), set()))
            for info in s.exchange_info[seat]:  # cards handed over with this seat's partner
                known |= set(info.get("gave") or []) | set(info.get("got") or [])
        secret = set()
        for o in range(s.n):
            if o != seat:
                secret |= set(s.hands[o])
        secret -= known
        # the 'draw' for the first dealer (JASS) shows cards of a separate, public shuffle;
        # they say nothing about the deal
        shown = card_ids(dict(m, events=[e for e in m.get("events", []) if e.get("type") != "draw"]))
        if shown & secret:
            problems.append(f"seq {k}: seat {seat} saw cards {sorted(shown & secret)} of other hands")
        view = m["view"]
        want = sorted(s.hands[seat]) if seat is not None else []
        if sorted(view.get("hand", [])) != want:
            problems.append(f"seq {k}: seat {seat} got hand {view.get('hand')} but holds {want}")
        bad_keys = keys_in(m) & {"seed", "_private", "hands", "deck"}
        if bad_keys:
            problems.append(f"seq {k}: message has keys {sorted(bad_keys)}")
    return problems

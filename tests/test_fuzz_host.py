"""Property tests: a live host fed random and mutated frames (hypothesis).

One host runs a long match (journal on) for the whole module. Two network bot clients and a
host bot play; a fourth seat belongs to the fuzzer, which a host bot plays while the fuzzer is
away. Every example opens a fresh TCP connection and sends random bytes, random or mutated
frames, anonymously, as a spectator or from the fuzzer's own seat (with its token), then a
``ping`` and the end of its data. Properties:

- the host never crashes: no exception reaches its event loop or its error log, its thread lives;
- each bad input gets an error to that client (a fatal one for broken framing, the schema's
  code for a bad message) or its disconnection; when nothing fatal happened the host still
  answers the ping on that same connection;
- the other clients keep playing: they are never disconnected or refused, the match moves on,
  and the journal still replays to the host's exact state.
"""
from __future__ import annotations

import asyncio
import logging
import socket
import struct
import threading
import time
from collections import Counter

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from felt.games.praesident import GAME as PRAESIDENT, engine
from felt.net import framing, schema
from felt.net import journal as jm
from felt.net.botclient import BotClient
from felt.net.host import HostConfig, HostThread

SENTINEL = 987654321
PING = framing.encode({"t": "ping", "n": SENTINEL})


class Table:
    """The host thread, the background players' thread, and what went wrong inside."""

    def __init__(self, tmp):
        self.errors: list[dict] = []
        self.journal = tmp / "fuzz.journal"
        self.ht = HostThread(HostConfig(name="Fuzz", interface="127.0.0.1", announce=False, players=4, bots=1,
                                        rounds=10_000, seed=99, bot_delay=0.003, auto_next=0.0,
                                        reconnect_wait=0.0, start_when_full=True, journal=str(self.journal)))
        self.ht.start()
        self.ht.call(lambda h: h.loop.set_exception_handler(lambda loop, ctx: self.errors.append(ctx)))
        self._log = _ErrorLog(self.errors)  # the host's own "could not handle" errors count too
        logging.getLogger("felt").addHandler(self._log)
        self.port = self.ht.port
        self.seen: Counter = Counter()  # what the fuzz connections got back, by code
        self.rejoins = 0
        # the fuzzer's own seat: join and keep the token until the match runs, then leave
        # (a host bot plays the seat while the fuzzer is away)
        me = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        me.sendall(framing.encode(schema.hello("Fuzzer")))
        dec = framing.FrameDecoder()
        welcome = None
        while welcome is None:
            welcome = next((m for m in dec.feed(me.recv(65536)) if m.get("t") == "welcome"), None)
        self.seat, self.token = welcome["seat"], welcome["token"]
        self.bots: list[BotClient] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        ready = threading.Event()
        self._thread = threading.Thread(target=self._players, args=(ready,), daemon=True)
        self._thread.start()
        ready.wait(10)
        for _ in range(1000):
            if self.ht.call(lambda h: h.running):
                break
            time.sleep(0.01)
        me.close()

    def _players(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop

        async def main():
            self.bots = [BotClient("127.0.0.1", self.port, f"Net{i}", level="easy", delay=0.003, seed=i,
                                   stop_at_match_over=False) for i in range(2)]
            tasks = [asyncio.ensure_future(b.run()) for b in self.bots]
            ready.set()
            await asyncio.gather(*tasks, return_exceptions=True)
            rest = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in rest:
                t.cancel()
            await asyncio.gather(*rest, return_exceptions=True)
        loop.run_until_complete(main())

    def ensure_seat(self) -> None:
        """Make sure the fuzzer's token still holds a seat (a fuzzed 'leave' gives it up):
        reconnect with it, or take a free bot seat under a new token."""
        s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        try:
            s.sendall(framing.encode(schema.hello("Fuzzer", token=self.token)))
            dec = framing.FrameDecoder()
            while True:
                chunk = s.recv(65536)
                assert chunk, "host closed during the fuzzer's reconnect"
                for m in dec.feed(chunk):
                    if m.get("t") == "welcome":
                        self.token = m["token"]
                        return
                    if m.get("t") == "error" and m["code"] == "bad_token":
                        self.rejoins += 1
                        s.sendall(framing.encode(schema.hello("Fuzzer")))
                    elif m.get("t") == "error" and m["code"] == "table_full":
                        # a seat given up mid-match stays with its bot: the owner opens the
                        # bot seats again (open_seat), then the fuzzer takes one
                        self.ht.call(lambda h: [h.open_seat(i) for i, x in enumerate(h.seats)
                                                if x.kind == "bot" and h.running])
                        s.sendall(framing.encode(schema.hello("Fuzzer")))
        finally:
            s.close()

    def seq(self) -> int:
        return self.ht.call(lambda h: h.seq)

    def close(self) -> None:
        if self._loop is not None and not self._loop.is_closed():
            for b in self.bots:
                asyncio.run_coroutine_threadsafe(b.close(), self._loop)
        self._thread.join(5)
        self.ht.stop()
        logging.getLogger("felt").removeHandler(self._log)


class _ErrorLog(logging.Handler):
    def __init__(self, sink: list):
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append({"message": record.getMessage(), "exception": record.exc_info and record.exc_info[1]})


def exchange(port: int, data: bytes, timeout: float = 5.0, pre: bytes = b"") -> list:
    """On a fresh connection: send ``pre`` (a hello) and wait for its welcome, then send
    ``data``, end our side and read until the host closes. Returns the decoded messages."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    buf = bytearray()
    try:
        if pre:
            s.sendall(pre)
            dec = framing.FrameDecoder()
            answered = False
            while not answered:
                chunk = s.recv(65536)
                assert chunk, "no answer to hello"
                buf += chunk
                answered = any(m.get("t") in ("welcome", "error") for m in dec.feed(chunk))
        if data:
            s.sendall(data)
        s.shutdown(socket.SHUT_WR)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                chunk = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not chunk:
                break
            buf += chunk
        else:
            raise AssertionError("the host neither answered nor closed the connection")
    finally:
        s.close()
    dec = framing.FrameDecoder()
    try:
        return dec.feed(bytes(buf))
    except framing.FrameError as exc:  # never: the host only sends good frames
        raise AssertionError(f"host sent a bad frame: {exc}") from None


def expected(data: bytes) -> tuple[bool, Counter]:
    """What the host must answer to ``data`` (followed by our ping and EOF):
    (framing broken?, Counter of error codes the schema demands)."""
    dec = framing.FrameDecoder()
    codes: Counter = Counter()
    try:
        msgs = dec.feed(data + PING)
    except framing.FrameError:
        return True, codes
    if not dec.at_boundary():
        return True, codes
    for m in msgs:
        try:
            schema.validate_client(m)
        except schema.SchemaError as exc:
            codes[exc.code] += 1
    return False, codes


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    t = Table(tmp_path_factory.mktemp("fuzz"))
    for _ in range(500):  # the match is running
        if t.seq() > 5:
            break
        time.sleep(0.01)
    t.start_seq = t.seq()
    yield t
    t.close()


# ------------------------------------------------------------------------ strategies
ints = st.integers(-(2**63), 2**64 - 1)
scalars = st.one_of(st.none(), st.booleans(), ints, st.integers(-3, 80), st.floats(allow_nan=True),
                    st.text(max_size=30), st.binary(max_size=16))
values = st.recursive(scalars, lambda ch: st.lists(ch, max_size=6) | st.dictionaries(st.text(max_size=8), ch, max_size=6),
                      max_leaves=25)
FIELDS = sorted({f for spec in schema.CLIENT_MESSAGES.values() for f in spec} | {"kind", "cards", "ranks"})
TYPES = sorted(schema.CLIENT_MESSAGES) + ["state", "welcome", "pong", "", "HELLO", "x" * 40]


def wire_move():
    return st.fixed_dictionaries({"kind": st.sampled_from(["play", "pass", "give", "wish", "jump", ""])},
                                 optional={"cards": st.lists(st.integers(-2, 1100), max_size=6) | values,
                                           "ranks": st.lists(st.sampled_from(["2", "7", "A", "Z", ""]), max_size=3)})


FIELD_VALUES = {
    "v": st.just(1), "name": st.text(st.characters(categories=["L", "N", "Zs"]), min_size=1, max_size=26) | st.text(),
    "token": st.text(max_size=70),
    "spectator": st.booleans(), "seat": st.integers(-1, 17), "move": wire_move(),
    "seq": st.integers(-1, 5000), "n": st.integers(-2, 20), "text": st.text(max_size=230),
    "level": st.sampled_from(["easy", "normal", "hard", "godlike"]), "order": st.permutations(range(4)),
    "template": st.sampled_from(["PR-002", "P52", "../../etc/passwd", "NOPE"]),
    "rules": st.dictionaries(st.text(max_size=10), values, max_size=4),
    "turn_timer": st.floats(-1, 4000), "reconnect_wait": st.floats(-1, 100000),
    "bot_level": st.sampled_from(["easy", "hard", "x"]), "bot_delay": st.floats(-1, 40),
    "auto_next": st.floats(-2, 4000),
}


def near_valid(t: str):
    spec = schema.CLIENT_MESSAGES[t]
    return st.fixed_dictionaries(
        {"t": st.just(t)},
        optional={f: st.one_of(FIELD_VALUES.get(f, values), FIELD_VALUES.get(f, values), values) for f in spec})


def plausible(t: str):
    spec = schema.CLIENT_MESSAGES[t]
    return st.fixed_dictionaries({"t": st.just(t), **{f: FIELD_VALUES.get(f, values) for f in spec}})


TYPE_NAMES = st.sampled_from(sorted(schema.CLIENT_MESSAGES))
messages = st.one_of(
    # every message type with every field of the right kind (values may still be out of range)
    TYPE_NAMES.flatmap(plausible), TYPE_NAMES.flatmap(plausible), TYPE_NAMES.flatmap(plausible),
    TYPE_NAMES.flatmap(plausible), TYPE_NAMES.flatmap(plausible), TYPE_NAMES.flatmap(plausible),
    # ... or some fields missing or of any kind
    TYPE_NAMES.flatmap(near_valid),
    # a known type with random fields
    st.builds(lambda t, d: {**d, "t": t}, st.sampled_from(TYPES),
              st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), values, max_size=5)),
    # moves, almost right
    st.builds(lambda mv, seq, seat: {"t": "move", "move": mv, "seq": seq, "seat": seat}, wire_move(),
              st.none() | st.integers(-1, 5000), st.none() | st.integers(-1, 17)),
    # hello variants
    st.builds(lambda v, name, spec, seat: {"t": "hello", "v": v, "name": name, "spectator": spec, "seat": seat},
              st.sampled_from([1, 1, 1, 0, 2, -1, "1"]), st.text(max_size=30), st.booleans(),
              st.none() | st.integers(-1, 20)),
    # anything msgpack can carry, including non-maps and non-string keys
    values, st.dictionaries(ints, values, max_size=3),
)


def frame_of(msg) -> bytes:
    try:
        body = msgpack.packb(msg, use_bin_type=True)
    except (OverflowError, ValueError, TypeError):
        body = b"\xc1"
    return struct.pack(">I", len(body)) + body


@st.composite
def mutated(draw, msg_strategy=messages) -> bytes:
    data = bytearray(frame_of(draw(msg_strategy)))
    how = draw(st.sampled_from(["none"] * 6 + ["flip", "cut", "length", "insert", "ext"]))
    if how == "flip" and data:
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(data) - 1))
            data[i] ^= draw(st.integers(1, 255))
    elif how == "cut":
        data = data[:draw(st.integers(0, len(data)))]
    elif how == "length":
        struct.pack_into(">I", data, 0, draw(st.sampled_from([0, 1, len(data), 65536, 65537, 2**32 - 1])))
    elif how == "insert":
        i = draw(st.integers(0, len(data)))
        data[i:i] = draw(st.binary(min_size=1, max_size=8))
    elif how == "ext":
        data = bytearray(frame_of(msgpack.ExtType(draw(st.integers(0, 127)), draw(st.binary(max_size=8)))))
    return bytes(data)


def check(table: Table, data: bytes, pre: bytes = b"") -> None:
    broken, codes = expected(data)
    msgs = exchange(table.port, data + PING, pre=pre)
    table.seen.update(m.get("code") or m["t"] for m in msgs if m.get("t") in ("error", "bye", "pong", "welcome"))
    errors = [m for m in msgs if m.get("t") == "error"]
    got = Counter(m["code"] for m in errors)
    fatal = [m for m in errors if m.get("fatal")] + [m for m in msgs if m.get("t") == "bye"]
    for m in errors:
        assert m["code"] in schema.ERROR_CODES and isinstance(m["msg"], str) and m["msg"]
    if broken:
        # the broken frame ends the connection, unless a whole message before it already did (a
        # hello of another protocol version is fatal too, and the host reads no further)
        assert fatal and (fatal[-1]["code"] in ("bad_frame", "too_large")
                          or fatal[0]["code"] in ("bad_version", "flood", "timeout")), msgs[-3:]
        assert not any(m.get("t") == "pong" and m.get("n") == SENTINEL for m in msgs)
        return
    missing = codes - got
    if not fatal:
        assert not missing, (codes, got)
        assert any(m.get("t") == "pong" and m.get("n") == SENTINEL for m in msgs), "host stopped answering"
    else:  # something fatal (a bad version, a flood) ended it: it was said, and with a reason
        assert all(f["code"] in ("bad_version", "flood", "timeout") for f in fatal), fatal
    assert not table.errors, table.errors[:2]


PLAUSIBLE_FRAME = TYPE_NAMES.flatmap(plausible).map(frame_of)
FUZZ = settings(max_examples=200, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(data=st.binary(max_size=400))
def test_random_bytes(table, data):
    check(table, data)


@pytest.mark.slow
@FUZZ
@given(frames=st.lists(mutated() | PLAUSIBLE_FRAME, min_size=1, max_size=4), who=st.sampled_from(["nobody", "spectator"]))
def test_random_and_mutated_frames(table, frames, who):
    pre = b"" if who == "nobody" else framing.encode(schema.hello("Gast", spectator=True))
    check(table, b"".join(frames), pre)


@pytest.mark.slow
@FUZZ
@given(frames=st.lists(mutated(messages.filter(lambda m: not (isinstance(m, dict) and m.get("t") == "hello"))
                               | wire_move().map(lambda mv: {"t": "move", "move": mv}))
                       | PLAUSIBLE_FRAME, min_size=1, max_size=5))
def test_mutated_frames_from_a_seated_player(table, frames):
    table.ensure_seat()
    pre = framing.encode(schema.hello("Fuzzer", token=table.token))
    check(table, b"".join(frames), pre)


def test_the_table_played_on_and_nothing_was_lost(table):
    """Runs after the fuzz tests (file order): the others never noticed."""
    end = time.monotonic() + 30.0          # the bots keep playing: wait for 50 moves, however slow CI is
    while table.seq() <= table.start_seq + 50 and time.monotonic() < end:
        time.sleep(0.05)
    seq = table.seq()
    assert seq > table.start_seq + 50, (table.start_seq, seq)
    assert not table.errors, table.errors[:2]
    assert table.ht._thread is not None and table.ht._thread.is_alive()
    for b in table.bots:
        assert b.client.status == "connected" and b.client.connects == 1
        assert not [e for e in b.errors if e["code"] not in ("stale", "not_your_turn")], b.errors[:3]
        assert b.last_seq > table.start_seq
    # the fuzzing reached every layer: framing, schema, handshake, rights, moves
    for code in ("bad_frame", "too_large", "bad_message", "unknown_type", "hello_first", "not_admin", "welcome",
                 "pong", "not_your_seat"):
        assert table.seen[code] > 0, (code, table.seen)
    assert table.seen["illegal_move"] + table.seen["not_your_turn"] + table.seen["stale"] > 0, table.seen
    seq, state = table.ht.call(lambda h: (h.seq, h.state.clone()))
    res = jm.load_resume(table.journal, repair=False)
    assert res.damage is None and res.log.seq >= seq
    h = res.log.header
    again = PRAESIDENT.replay(res.state.rules, h["n"], h["seed"], jm.actions(res.log)[:seq], h["rounds"])
    assert engine.view(again, None) == engine.view(state, None) and again.hands == state.hands

"""Framing and schema: unit tests and hypothesis fuzzing (no sockets)."""
from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from felt.net import framing, schema
from felt.net.framing import MAX_FRAME, FrameDecoder, FrameError


def test_roundtrip_and_split_feeding():
    msgs = [{"t": "ping", "n": i} for i in range(5)] + [{"t": "chat", "text": "Grüezi ♥"}]
    data = b"".join(framing.encode(m) for m in msgs)
    # whole
    assert FrameDecoder().feed(data) == msgs
    # byte by byte
    dec = FrameDecoder()
    out = []
    for i in range(len(data)):
        out += dec.feed(data[i:i + 1])
        if i < len(data) - 1:
            assert dec.buffered <= 4 + MAX_FRAME
    assert out == msgs and dec.at_boundary()


def test_length_prefix_is_big_endian_body_is_msgpack():
    data = framing.encode({"t": "ping"})
    (n,) = struct.unpack(">I", data[:4])
    assert n == len(data) - 4
    assert msgpack.unpackb(data[4:]) == {"t": "ping"}


def test_oversized_frame_rejected_before_body():
    dec = FrameDecoder()
    with pytest.raises(FrameError) as e:
        dec.feed(struct.pack(">I", MAX_FRAME + 1))
    assert e.value.code == "too_large"
    assert dec.buffered == 0
    # broken for good
    with pytest.raises(FrameError):
        dec.feed(framing.encode({"t": "ping"}))


def test_max_size_frame_accepted_and_encoder_refuses_larger():
    body = msgpack.packb({"t": "chat", "text": "x" * (MAX_FRAME - 20)})
    body = msgpack.packb({"t": "chat", "text": "x" * (MAX_FRAME - 20 - (len(body) - MAX_FRAME))})
    assert len(body) <= MAX_FRAME
    assert FrameDecoder().feed(framing.frame(body))[0]["t"] == "chat"
    with pytest.raises(FrameError):
        framing.encode({"t": "chat", "text": "x" * MAX_FRAME})


@pytest.mark.parametrize("body,why", [
    (b"\xc1", "never-used byte"),
    (b"\x92\x01", "truncated array"),
    (msgpack.packb({1: 2}), "int map key"),
    (msgpack.packb(msgpack.ExtType(5, b"abc")), "ext type"),
    (msgpack.packb(msgpack.Timestamp(1, 0)), "timestamp ext"),
    (msgpack.packb({"t": "x"}) + b"\x00", "extra data"),
    (b"\xa3\xff\xfe\xfd", "invalid utf-8"),
    (b"\x91" * 40 + b"\x01", "nested too deep"),
    (b"\xdd\xff\xff\xff\xff", "huge array header"),
])
def test_bad_bodies(body, why):
    with pytest.raises(FrameError) as e:
        FrameDecoder().feed(framing.frame(body))
    assert e.value.code == "bad_frame", why


def test_empty_frame_is_an_error():
    with pytest.raises(FrameError):
        FrameDecoder().feed(b"\x00\x00\x00\x00")


def test_schema_hello_and_move():
    m = schema.validate_client({"t": "hello", "v": 1, "name": "  Anna   Muster ", "extra": 1})
    assert m == {"t": "hello", "v": 1, "name": "Anna Muster", "token": None, "spectator": False, "seat": None}
    mv = schema.validate_client({"t": "move", "move": {"kind": "play", "cards": [3, 4]}, "seq": 7})
    assert mv["move"] == {"kind": "play", "cards": [3, 4]} and mv["seq"] == 7      # only the fields sent


@pytest.mark.parametrize("msg,code,field", [
    ({"v": 1}, "bad_message", "'t'"),
    ([1, 2], "bad_message", "map"),
    ({"t": "dance"}, "unknown_type", "dance"),
    ({"t": "hello", "name": "x"}, "bad_message", "'v'"),
    ({"t": "hello", "v": 1, "name": ""}, "bad_message", "'name'"),
    ({"t": "hello", "v": 1, "name": "x" * 25}, "bad_message", "'name'"),
    ({"t": "hello", "v": 1, "name": "a\x00b"}, "bad_message", "control"),
    ({"t": "hello", "v": "1", "name": "a"}, "bad_message", "integer"),
    ({"t": "hello", "v": True, "name": "a"}, "bad_message", "integer"),
    ({"t": "move", "move": {"kind": "steal"}}, "bad_message", "kind"),
    ({"t": "move", "move": {"kind": "play", "cards": [1, 1]}}, "bad_message", "twice"),
    ({"t": "move", "move": {"kind": "play", "cards": [-1]}}, "bad_message", "between"),
    ({"t": "move", "move": {"kind": "play", "cards": list(range(65))}}, "bad_message", "at most"),
    ({"t": "move", "move": {"kind": "play", "x": 1}}, "bad_message", "unknown keys"),
    ({"t": "move", "move": {"kind": "pass"}, "seat": 99}, "bad_message", "'seat'"),
    ({"t": "set_rules"}, "bad_message", "exactly one"),
    ({"t": "set_rules", "template": "PR-002", "rules": {}}, "bad_message", "exactly one"),
    ({"t": "reorder", "order": [0, 0, 1]}, "bad_message", "permutation"),
    ({"t": "set_options", "turn_timer": float("nan")}, "bad_message", "between"),
    ({"t": "chat", "text": "x" * 201}, "bad_message", "at most"),
])
def test_schema_rejects(msg, code, field):
    from felt import games
    kinds = games.get("praesident").move_kinds        # a table of a game with these move kinds
    with pytest.raises(schema.SchemaError) as e:
        schema.validate_client(msg, kinds)
    assert e.value.code == code
    assert field in e.value.msg


def test_every_client_message_type_has_prose_in_protocol_md():
    from pathlib import Path
    text = (Path(schema.__file__).parent / "PROTOCOL.md").read_text(encoding="utf-8")
    for t in list(schema.CLIENT_MESSAGES) + list(schema.HOST_MESSAGES):
        assert f"`{t}`" in text, t
    for code in schema.ERROR_CODES:
        assert f"`{code}`" in text, code


# ------------------------------------------------------------------ fuzzing
plain = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats(allow_nan=False)
    | st.text(max_size=20) | st.binary(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=30,
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(plain, min_size=1, max_size=5), st.lists(st.integers(1, 50), max_size=10))
def test_fuzz_roundtrip_any_split(objs, cuts):
    objs = [{"t": "x", "v": o} for o in objs]  # a body is always a map (PROTOCOL.md §1)
    data = b"".join(framing.encode(o) for o in objs)
    dec = FrameDecoder()
    out, pos = [], 0
    for c in cuts:
        out += dec.feed(data[pos:pos + c])
        pos += c
    out += dec.feed(data[pos:])
    assert len(out) == len(objs)
    assert dec.at_boundary()


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=300), st.lists(st.integers(1, 64), max_size=8))
def test_fuzz_garbage_never_crashes(data, cuts):
    """Random bytes either decode to plain data or raise FrameError, nothing else;
    after an error the decoder stays broken."""
    dec = FrameDecoder()
    pos = 0
    broken = False
    for c in cuts + [len(data)]:
        chunk = data[pos:pos + c]
        pos += c
        try:
            for m in dec.feed(chunk):
                framing.check_plain(m)
                try:
                    schema.validate_client(m)
                except schema.SchemaError:
                    pass
        except FrameError as e:
            assert e.code in ("bad_frame", "too_large")
            broken = True
            break
    if broken:
        with pytest.raises(FrameError):
            dec.feed(b"")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["t", "v", "name", "token", "spectator", "seat", "move", "seq",
                                         "text", "order", "n", "template", "rules", "level"]),
                       plain, max_size=6),
       st.sampled_from(sorted(schema.CLIENT_MESSAGES)))
def test_fuzz_schema_only_schema_errors(d, t):
    d = dict(d, t=t)
    try:
        out = schema.validate_client(d)
    except schema.SchemaError as e:
        assert e.code in schema.ERROR_CODES
        return
    assert out["t"] == t
    framing.encode(out)  # whatever passes is encodable plain data


@pytest.mark.parametrize("body", [[1, 2], "hello", 7, None, True, b"x", 1.5])
def test_a_body_that_is_not_a_map_is_a_bad_frame(body):
    """PROTOCOL.md §1/§7: the body is one msgpack map; anything else is `bad_frame` (fatal)."""
    dec = FrameDecoder()
    with pytest.raises(FrameError) as ei:
        dec.feed(framing.encode({"t": "ping"}) + framing.encode(body))
    assert ei.value.code == "bad_frame" and "map" in ei.value.msg
    with pytest.raises(FrameError):  # the decoder stays broken: the connection must close
        dec.feed(framing.encode({"t": "ping"}))

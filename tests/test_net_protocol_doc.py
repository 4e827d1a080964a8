"""Protocol and document agree: a body that is not a map is a fatal
`bad_frame`; the silence rule counts whole messages; every view field and event type is
documented; rule values of options that are off are validated too."""
from __future__ import annotations

import asyncio
import random
import re
import struct
from pathlib import Path

import msgpack
import pytest

from felt.games.praesident import engine
from felt.net.host import Host, HostConfig
from felt.net.testing import RawClient
from felt.games.praesident.rules import Rules, RulesError, TEMPLATE_ORDER, load_rules
from tests.helpers import run

DOC = (Path(__file__).resolve().parent.parent / "felt" / "net" / "PROTOCOL.md").read_text(encoding="utf-8")
GAME_DOC = (Path(__file__).resolve().parent.parent / "felt" / "games" / "praesident" / "PROTOCOL.md").read_text(
    encoding="utf-8")


def cfg(**kw) -> HostConfig:
    base = dict(interface="127.0.0.1", announce=False, bot_delay=0.0, seed=3)
    base.update(kw)
    return HostConfig(**base)


@pytest.mark.parametrize("body", [[1, 2, 3], "ping", 42, None])
def test_a_body_that_is_not_a_map_is_fatal_bad_frame_and_the_table_plays_on(body):
    async def main():
        host = await Host(cfg(players=3)).start()
        c = await RawClient.connect(host.port)
        await c.hello("Anna")
        raw = msgpack.packb(body)
        c.send_raw(struct.pack(">I", len(raw)) + raw)
        e = await c.expect("error")
        assert e["code"] == "bad_frame" and e["fatal"] is True and "map" in e["msg"]
        assert await c.closed()
        other = await RawClient.connect(host.port)
        assert (await other.hello("Bert"))["t"] == "welcome"
        await host.stop()

    run(main(), 20)


def test_a_client_dripping_one_byte_at_a_time_is_dropped_as_silent():
    async def main():
        host = await Host(cfg(players=3, idle_timeout=1.0)).start()
        c = await RawClient.connect(host.port)
        await c.hello("Tropf")
        frame = b"".join(struct.pack(">I", 60000) + b"\x81" for _ in range(1))  # a frame that never ends
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        dropped = False
        for b in frame + b"\x00" * 200:
            if c.eof:
                break
            c.send_raw(bytes([b]))
            try:
                await c.expect("bye", timeout=0.1)
                dropped = True
                break
            except asyncio.TimeoutError:
                pass
        assert dropped, "a client sending a byte every 0.1 s was never dropped"
        assert loop.time() - t0 < 4.0
        # a client sending whole messages (pings) at the same pace stays
        ok = await RawClient.connect(host.port)
        await ok.hello("Ping")
        for i in range(20):
            ok.send({"t": "ping", "n": i})
            await ok.expect("pong")
            await asyncio.sleep(0.1)
        assert not ok.eof
        await host.stop()

    run(main(), 30)


def _documented(name: str) -> bool:
    return f"`{name}`" in GAME_DOC


def test_every_view_field_is_documented():
    rng = random.Random(5)
    keys: set[str] = set()
    for tid in TEMPLATE_ORDER:
        s, _ = engine.new_match(load_rules(tid), 4, rng.getrandbits(32), 2)
        for seat in (None, 0):
            keys |= set(engine.view(s, seat))
    missing = sorted(k for k in keys if not _documented(k))
    assert not missing, f"view fields not in PROTOCOL.md: {missing}"
    for k in ("dealer", "leader", "rounds_total", "history", "exchange_pending", "winner"):
        assert re.search(rf"\| `{k}` \|", GAME_DOC), k


def test_every_event_type_is_documented():
    """Events of many random matches over every template: each type has a row."""
    types: set[str] = set()
    rng = random.Random(9)
    for tid in TEMPLATE_ORDER:
        rules = load_rules(tid)
        for n in (3, 5):
            s, ev = engine.new_match(rules, n, rng.getrandbits(32), 3)
            types |= {e["type"] for e in ev}
            while s.phase != "match_over":
                if s.phase == "round_over":
                    s, ev = engine.next_round(s)
                else:
                    s, ev = engine.apply(s, s.to_move, rng.choice(engine.legal_moves(s)))
                types |= {e["type"] for e in ev}
    assert {"draw", "deal", "play", "pass", "round_over", "match_over"} <= types
    missing = sorted(t for t in types if not re.search(rf"\| `{t}` \|", GAME_DOC))
    assert not missing, f"event types not in PROTOCOL.md: {missing}"


@pytest.mark.parametrize("change, key", [
    (dict(first_leader_card="\x00"), "leader_card"),
    (dict(first_leader_card="ZZ"), "leader_card"),
    (dict(sequence_min=-1), "seq_min"),
    (dict(sequence_min=99), "seq_min"),
    (dict(id="../../etc/passwd"), "id"),
    (dict(id=""), "id"),
    (dict(id="x" * 41), "id"),
    (dict(exchange=False, exchange_top=9), "exchange_counts"),
    (dict(exchange=False, exchange_second=-1), "exchange_counts"),
])
def test_rule_values_of_options_that_are_off_are_validated(change, key):
    base = load_rules("PR-002")
    assert base.first_leader != "card" and not base.sequences
    d = dict(base.to_dict(), **change)
    with pytest.raises(RulesError) as ei:
        Rules.from_dict(d)
    assert ei.value.key == key
    assert ei.value.de and ei.value.en


def test_good_values_of_options_that_are_off_still_pass():
    base = load_rules("PR-002").to_dict()
    for change in (dict(first_leader_card="H7"), dict(sequence_min=5), dict(id="Unsere Hausregeln-2"),
                   dict(exchange=False, exchange_top=3, exchange_second=0)):
        Rules.from_dict(dict(base, **change))
    for tid in TEMPLATE_ORDER:
        load_rules(tid).validate()


def test_host_refuses_a_junk_rule_set_with_bad_rules():
    async def main():
        host = await Host(cfg(players=3)).start()
        owner = await RawClient.connect(host.port)
        await owner.hello("Owner", token=host.admin_token)
        d = dict(load_rules("PR-002").to_dict(), id="../../etc/passwd")
        owner.send({"t": "set_rules", "rules": d})
        e = await owner.expect("error")
        assert e["code"] == "bad_rules" and "id" in e["msg"]
        await host.stop()

    run(main(), 20)

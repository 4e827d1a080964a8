"""One page's work is bounded (issue 42, point 4): whatever a page sends, its renderer is
asked for at most ``WORK_BURST`` units at once and ``WORK_RATE`` a second (felt/net/gateway.py,
``work_cost``); a new size or state question waiting replaces the one before, a finger's moves
the one before, and a page that keeps asking more is closed as flooding. Sans-I/O: the
gateway's own methods with a clock, no renderer and no socket."""
from __future__ import annotations

import asyncio
import json

import pytest

from felt.net import gateway as gw
from tests.helpers import run


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _setup(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(gw.time, "monotonic", clock)
    g = gw.Gateway("127.0.0.1", 1, lambda: "T", lambda: 4, lambda: 30.0)
    s = gw.Session(token="a" * 32)
    s.ws = object()
    sent: list[dict] = []

    async def to_renderer(session, msg):
        sent.append(msg)
    g._to_renderer = to_renderer
    return g, s, sent, clock


def _msg(**m) -> dict:
    return gw.parse_page_message(json.dumps(m))


def test_a_flood_of_acts_reaches_the_renderer_within_the_budget_and_then_closes_the_page(monkeypatch):
    g, s, sent, clock = _setup(monkeypatch)

    async def main():
        act = _msg(t="act", id="w:menu_btn")
        forwarded_at_once = None
        with pytest.raises(gw.BadMessage, match="flooding"):
            for i in range(1000):
                await g._from_page(s, act)
                if forwarded_at_once is None and s.backlog:
                    forwarded_at_once = len(sent)
        assert forwarded_at_once == int(gw.WORK_BURST // gw.work_cost(act))
        assert i == forwarded_at_once + gw.MAX_BACKLOG         # the page was closed there
        assert not s.backlog

    run(main(), 10)


def test_sizes_and_state_questions_wait_as_one_and_come_in_order_at_the_budgets_pace(monkeypatch):
    g, s, sent, clock = _setup(monkeypatch)

    async def main():
        s.work, s.work_at = 0.0, clock.now                # (the burst spent)
        await g._from_page(s, _msg(t="p", e="down", x=0.5, y=0.5, id=1))
        for k in range(30):                                # a page turned 30 times at once
            await g._from_page(s, _msg(t="size", w=390 + k, h=844, dpr=2))
        for k in range(30):
            await g._from_page(s, _msg(t="p", e="move", x=0.01 * k, y=0.5, id=1))
        await g._from_page(s, _msg(t="p", e="up", x=0.3, y=0.5, id=1))
        for _ in range(10):
            await g._from_page(s, _msg(t="state"))
        assert [m["t"] + m.get("e", "") for m in s.backlog] == ["pdown", "size", "pmove", "pup", "state"]
        assert s.backlog[1]["w"] == 419 and s.backlog[2]["x"] == pytest.approx(0.29)
        assert not sent
        # the budget refills: everything goes, in order, and no faster than WORK_RATE allows
        clock.now += 0.2
        drain = s.drain
        task = asyncio.ensure_future(drain)
        for _ in range(50):
            await asyncio.sleep(0)
            clock.now += 0.01
        await asyncio.wait_for(task, 5)
        kinds = [m["t"] if m["t"] != "in" else m["m"]["t"] + m["m"].get("e", "") for m in sent]
        assert kinds == ["pdown", "size", "pmove", "pup", "state"]
        assert sent[1]["css"] == [419.0, 844.0]

    run(main(), 10)


def test_an_honest_page_is_never_held_back():
    """A finger dragging at 60 moves a second, taps, typing, a turn of the phone now and then:
    all well inside the budget."""
    per_s = 60 * gw.work_cost({"t": "p", "e": "move"}) + 4 * gw.work_cost({"t": "p", "e": "up"}) * 2 \
        + 5 * gw.work_cost({"t": "text"}) + 2 * gw.work_cost({"t": "state"})
    assert per_s <= gw.WORK_RATE
    assert gw.WORK_BURST >= 4 * gw.work_cost({"t": "size"})

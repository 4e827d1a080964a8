"""Who gets which seat after a match and mid-match: a late joiner
never sees a finished match's results; a seat given up with `leave` mid-match stays with
its bot unless the owner opens it again."""
from __future__ import annotations

import asyncio

from felt.net.host import Host, HostConfig
from felt.net.testing import RawClient
from tests.helpers import run


def cfg(**kw) -> HostConfig:
    base = dict(interface="127.0.0.1", announce=False, bot_delay=5.0, seed=11, reconnect_wait=30.0)
    base.update(kw)
    return HostConfig(**base)


async def no_message(c: RawClient, t: str, wait: float = 0.4) -> bool:
    try:
        await c.expect(t, timeout=wait)
    except asyncio.TimeoutError:
        return True
    return False


def test_late_joiner_after_a_finished_match_sees_the_lobby_not_its_results():
    async def main():
        host = await Host(cfg(players=3, bots=1)).start()
        owner = await RawClient.connect(host.port)
        await owner.hello("Owner", token=host.admin_token)
        guest = await RawClient.connect(host.port)
        wg = await guest.hello("Guest")
        gs = wg["seat"]
        assert gs is not None
        owner.send({"t": "start"})
        await guest.expect("state")
        owner.send({"t": "end_match"})
        m = await guest.expect("state", where=lambda m: m["view"]["phase"] == "match_over")
        assert m["view"]["phase"] == "match_over"
        guest.send({"t": "leave"})      # after the match: the seat becomes empty
        await guest.expect("welcome")
        await owner.expect("lobby", where=lambda m: m["seats"][gs]["kind"] == "empty")
        late = await RawClient.connect(host.port)
        wl = await late.hello("Late")
        assert wl["t"] == "welcome" and wl["seat"] == gs
        lobby = await late.expect("lobby")
        assert lobby["running"] is False
        assert await no_message(late, "state"), "a newcomer got the previous match's final state"
        spec = await RawClient.connect(host.port)
        await spec.hello("Watch", spectator=True)
        await spec.expect("lobby")
        assert await no_message(spec, "state")
        # a player of that match coming back with its token still sees how it ended
        back = await RawClient.connect(host.port)
        await back.hello("Owner", token=host.admin_token)
        m = await back.expect("state")
        assert m["view"]["phase"] == "match_over" and m["view"]["seat"] == back.seat
        # the next match (the owner is back on its new connection): the newcomer plays it
        # with a fresh hand of its own
        back.send({"t": "start"})
        m = await late.expect("state", where=lambda m: m["view"]["phase"] != "match_over")
        assert sorted(m["view"]["hand"]) == sorted(host.hands()[gs])
        await host.stop()

    run(main())


def test_seat_left_mid_match_stays_with_its_bot_until_the_owner_opens_it():
    async def main():
        host = await Host(cfg(players=3)).start()
        owner = await RawClient.connect(host.port)
        await owner.hello("Owner", token=host.admin_token)
        guest = await RawClient.connect(host.port)
        await guest.hello("Guest")
        owner.send({"t": "start"})
        await guest.expect("state")
        hand = sorted(host.hands()[1])
        guest.send({"t": "leave"})
        w = await guest.expect("welcome")
        assert w["seat"] is None and w["spectator"]
        lobby = await owner.expect("lobby", where=lambda m: m["seats"][1]["kind"] == "bot")
        assert lobby["seats"][1]["open"] is False
        assert host.seats[1].kind == "bot" and not host.seats[1].auto
        # seat 2 was empty at the start: a newcomer gets that one, never the left seat
        a = await RawClient.connect(host.port)
        wa = await a.hello("A")
        assert wa["seat"] == 2
        b = await RawClient.connect(host.port)
        wb = await b.hello("B")
        assert wb["t"] == "error" and wb["code"] == "table_full"
        assert await no_message(b, "state")
        # and asking for that seat by number does not help
        c = await RawClient.connect(host.port)
        wc = await c.hello("C", seat=1)
        assert wc["t"] == "error" and wc["code"] == "table_full"
        # only the owner may open it again
        guest.send({"t": "open_seat", "seat": 1})
        assert (await guest.expect("error"))["code"] == "not_admin"
        owner.send({"t": "open_seat", "seat": 0})
        assert (await owner.expect("error"))["code"] == "lobby"
        owner.send({"t": "open_seat", "seat": 1})
        lobby = await owner.expect("lobby", where=lambda m: m["seats"][1]["open"])
        assert lobby["seats"][1]["kind"] == "bot"
        wb = await b.hello("B")
        assert wb["t"] == "welcome" and wb["seat"] == 1
        m = await b.expect("state")
        assert sorted(m["view"]["hand"]) == sorted(host.hands()[1])
        assert host.hands()[1] and set(host.hands()[1]) <= set(hand)  # the same hand (bots hold, delay 5 s)
        await host.stop()

    run(main())


def test_open_seat_outside_a_match_is_refused():
    async def main():
        host = await Host(cfg(players=3, bots=1)).start()
        owner = await RawClient.connect(host.port)
        await owner.hello("Owner", token=host.admin_token)
        owner.send({"t": "open_seat", "seat": 1})
        e = await owner.expect("error")
        assert e["code"] == "no_match" and "remove_bot" in e["msg"]
        await host.stop()

    run(main())

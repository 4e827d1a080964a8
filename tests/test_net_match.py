"""Whole matches over loopback with bots as separate network clients; secrecy of views;
reconnect with the seat token; spectators; replay of the move log."""
from __future__ import annotations

import asyncio

from felt.games.praesident import engine
from felt.net import matchlog
from felt.net.botclient import BotClient
from felt.net.client import AsyncClient
from felt.net.host import Host, HostConfig
from felt.net.testing import RawClient, card_ids, leaks
from tests.helpers import run


def cfg(**kw) -> HostConfig:
    base = dict(interface="127.0.0.1", announce=False, bot_delay=0.0, auto_next=0.0, seed=11,
                reconnect_wait=30.0)
    base.update(kw)
    return HostConfig(**base)


def test_whole_match_network_bots_never_see_other_hands():
    async def main():
        host = await Host(cfg(players=4, rounds=3, start_when_full=True, rules="PR-002")).start()
        bots = [BotClient("127.0.0.1", host.port, f"Bot{i}", level="easy", seed=i, record=True)
                for i in range(4)]
        spectator_msgs: list[dict] = []
        spec = AsyncClient("127.0.0.1", host.port, "Watcher", spectator=True,
                           on_message=spectator_msgs.append)
        spec_task = asyncio.ensure_future(spec.run())
        tasks = [asyncio.ensure_future(b.run()) for b in bots]
        await asyncio.gather(*(b.done.wait() for b in bots))
        await asyncio.sleep(0.05)
        await spec.close()
        await host.stop()
        await asyncio.gather(*tasks, spec_task, return_exceptions=True)
        return host, bots, spectator_msgs

    host, bots, spectator_msgs = run(main())
    st = host.state
    assert st.phase == "match_over" and len(st.history) == 3
    # rounds 2 and 3 had an exchange (PR-002): the secret parts went through the filter
    states = dict(matchlog.states(host.log))
    assert max(states) == host.seq
    seats = sorted(b.seat for b in bots)
    assert seats == [0, 1, 2, 3]
    for b in bots:
        n_states = sum(1 for m in b.received if m["t"] == "state")
        assert n_states >= host.seq  # every update reached every seat
        assert leaks(b.received, b.seat, states) == []
        # the last view equals the host's view for that seat
        assert b.last_view == engine.view(host.state, b.seat)
    # the exchange really happened and was seen by the two parties only
    gives = [(b.seat, e) for b in bots for m in b.received if m["t"] == "state"
             for e in m["events"] if e.get("type") == "give"]
    assert gives, "no exchange seen"
    for seat, e in gives:
        assert ("cards" in e) == (seat in (e["seat"], e["to"]))
    # spectator: public information only
    assert any(m["t"] == "state" for m in spectator_msgs)
    assert leaks(spectator_msgs, None, states) == []
    for m in spectator_msgs:
        if m["t"] == "state":
            assert m["view"]["hand"] == [] and m["view"]["seat"] is None and m["view"]["legal"] == []
            for e in m["events"]:
                if e.get("type") in ("deal", "give", "exchange_auto"):
                    assert "cards" not in e
    # the log rebuilds the exact final state
    again = matchlog.replay(host.log)
    assert again.hands == st.hands and again.history == st.history and again.standings == st.standings
    again2 = matchlog.replay(matchlog.MatchLog.from_records(host.log.records()).records())
    assert engine.view(again2, 0) == engine.view(st, 0)


def test_reconnect_mid_trick_same_hand_and_away_bot():
    async def main():
        host = await Host(cfg(players=4, bots=3, rounds=1, start_when_full=True, reconnect_wait=30.0,
                              rules="PR-002")).start()
        c = await RawClient.connect(host.port)
        w = await c.hello("Lena")
        assert w["t"] == "welcome" and w["seat"] == 3 and w["token"]
        token = w["token"]
        # play legal moves until we are on turn in the middle of a trick (pile not empty)
        for _ in range(200):
            m = await c.expect("state")
            v = m["view"]
            if v["to_move"] != 3 or not v["legal"]:
                continue
            if v["pile"] is not None and len(v["hand"]) >= 2:
                break
            c.send({"t": "move", "move": v["legal"][0], "seq": m["seq"]})
        else:
            raise AssertionError("never mid-trick on turn")
        hand_before = sorted(v["hand"])
        seq_before = m["seq"]
        assert sorted(host.hands()[3]) == hand_before
        c.abort()  # killed
        await asyncio.sleep(0.2)
        assert host.seq == seq_before  # the table waits for the player (reconnect wait 30 s)
        assert host.seats[3].conn is None and not host.seats[3].away
        c2 = await RawClient.connect(host.port)
        w2 = await c2.hello("Lena again", token=token)
        assert w2["t"] == "welcome" and w2["seat"] == 3 and w2["token"] == token
        m2 = await c2.expect("state")
        assert m2["seq"] == seq_before and sorted(m2["view"]["hand"]) == hand_before
        assert m2["view"]["to_move"] == 3 and m2["view"]["pile"] is not None
        lobby = [x for x in c2.received if x["t"] == "lobby"][-1]
        assert lobby["seats"][3]["name"] == "Lena again" and lobby["seats"][3]["connected"]

        # now drop with a short reconnect wait: a bot plays the seat, the player comes back
        host.options["reconnect_wait"] = 0.05
        c2.abort()
        for _ in range(100):
            await asyncio.sleep(0.02)
            if host.seq > seq_before:
                break
        assert host.seq > seq_before, "no bot took over the absent seat"
        assert host.seats[3].away
        c3 = await RawClient.connect(host.port)
        w3 = await c3.hello("Lena", token=token)
        assert w3["seat"] == 3
        m3 = await c3.expect("state")
        assert sorted(m3["view"]["hand"]) == sorted(host.hands()[3])
        assert not host.seats[3].away
        await c3.close()
        await host.stop()

    run(main())


def test_bad_token_and_replaced_connection():
    async def main():
        host = await Host(cfg(players=3)).start()
        a = await RawClient.connect(host.port)
        w = await a.hello("A")
        bad = await RawClient.connect(host.port)
        e = await bad.hello("B", token="not-a-token")
        assert e["t"] == "error" and e["code"] == "bad_token" and not e["fatal"]
        # the same connection may still join without a token
        w2 = await bad.hello("B")
        assert w2["t"] == "welcome" and w2["seat"] != w["seat"]
        # a second connection with A's token takes the seat over; the old one gets bye
        a2 = await RawClient.connect(host.port)
        w3 = await a2.hello("A", token=w["token"])
        assert w3["seat"] == w["seat"]
        bye = await a.expect("bye")
        assert bye["code"] == "replaced"
        assert await a.closed()
        await host.stop()

    run(main())


def test_late_joiner_takes_a_bot_seat_and_spectator_join_running():
    async def main():
        host = await Host(cfg(players=3, rounds=1, bot_delay=0.05)).start()
        owner = await RawClient.connect(host.port)
        w = await owner.hello("Owner", token=host.admin_token)
        assert w["admin"] and w["token"] == host.admin_token and w["seat"] == 0
        owner.send({"t": "start"})
        await owner.expect("state")
        assert [s.kind for s in host.seats] == ["human", "bot", "bot"]
        late = await RawClient.connect(host.port)
        wl = await late.hello("Late")
        assert wl["t"] == "welcome" and wl["seat"] in (1, 2)
        ms = await late.expect("state")
        assert sorted(ms["view"]["hand"]) == sorted(host.hands()[wl["seat"]])
        spec = await RawClient.connect(host.port)
        ws = await spec.hello("Watch", spectator=True)
        assert ws["seat"] is None and ws["spectator"] and not ws["admin"]
        m = await spec.expect("state")
        assert m["view"]["hand"] == [] and not (card_ids(m) & set(sum(host.hands(), [])))
        e = None
        spec.send({"t": "move", "move": {"kind": "pass"}})
        e = await spec.expect("error")
        assert e["code"] == "not_seated"
        await host.stop()

    run(main())


def test_leak_checker_catches_a_leak():
    """The secrecy check above must be able to fail: feed it a forged frame."""
    async def main():
        host = await Host(cfg(players=3, bots=2, rounds=1)).start()
        c = await RawClient.connect(host.port)
        await c.hello("Eve")
        c.send({"t": "ping"})
        host.start_match()
        m = await c.expect("state")
        await host.stop()
        return host, c.seat, m

    host, seat, m = run(main())
    states = dict(matchlog.states(host.log))
    assert leaks([m], seat, states) == []
    other = next(s for s in range(3) if s != seat)
    forged = dict(m, events=m["events"] + [{"type": "deal", "seat": other, "cards": states[0].hands[other][:1]}])
    assert leaks([forged], seat, states)
    forged_view = dict(m, view=dict(m["view"], hand=m["view"]["hand"] + states[0].hands[other][:1]))
    assert leaks([forged_view], seat, states)
    assert leaks([dict(m, view=dict(m["view"], seed=1))], seat, states)


def test_restore_from_log_same_table_and_tokens():
    async def main():
        host = await Host(cfg(players=3, bots=1, rounds=2, bot_delay=0.0, start_when_full=True)).start()
        a = BotClient("127.0.0.1", host.port, "Owner", token=host.admin_token, delay=0.02, seed=1)
        b = BotClient("127.0.0.1", host.port, "Bea", delay=0.02, seed=2)
        tasks = [asyncio.ensure_future(x.run()) for x in (a, b)]
        while host.seq < 10:
            await asyncio.sleep(0.01)
        records = host.log.records()
        before = host.state.clone()
        seat_a, seat_b, token_b = a.seat, b.seat, b.token
        await host.stop()
        await asyncio.gather(*tasks, return_exceptions=True)
        # a new host would read the journal; here: the records
        host2 = Host(cfg(players=3, bot_delay=0.0))
        host2.restore(matchlog.MatchLog.from_records(records))
        await host2.start()
        assert host2.seq == sum(1 for r in records if r["k"] in ("move", "next_round", "end_match"))
        for s in range(3):
            assert engine.view(host2.state, s) == engine.view(before, s)
        assert host2.admin_token == host.admin_token
        b2 = await RawClient.connect(host2.port)
        w = await b2.hello("Bea", token=token_b)
        assert w["seat"] == seat_b
        m = await b2.expect("state")
        assert sorted(m["view"]["hand"]) == sorted(before.hands[seat_b])
        a2 = await RawClient.connect(host2.port)
        w = await a2.hello("Owner", token=host.admin_token)
        assert w["admin"] and w["seat"] == seat_a
        await host2.stop()

    run(main())

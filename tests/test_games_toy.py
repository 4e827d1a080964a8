"""A game that lives only in the tests folder (tests/toy_highcard.py) plugs into the registry
and plays a whole networked match with bots through the real host and client over loopback,
journaled and resumable: a game needs nothing outside its own folder."""
from __future__ import annotations

import asyncio
import random

import pytest

from felt import games
from felt.net import journal as jm
from felt.net import matchlog
from felt.net.botclient import BotClient
from felt.net.client import AsyncClient
from felt.net.host import Host, HostConfig
from felt.net.testing import RawClient
from tests.helpers import run
from tests.toy_highcard import GAME as TOY


@pytest.fixture
def toy():
    games.register(TOY)
    yield TOY
    games.unregister(TOY.id)


def test_the_toy_game_is_found_by_its_templates(toy):
    assert "highcard" in games.ids()
    g, rules = games.find_rules("hc-3")
    assert g is toy and rules.rounds == 3 and rules.hand == 4


def test_random_toy_matches_conserve_cards_and_end(toy):
    """Property over many seeded games: every card stays in play once, matches end."""
    rng = random.Random(3)
    for _ in range(60):
        n = rng.randint(2, 6)
        rules = toy.template(rng.choice(toy.template_ids()))
        s, _ = toy.new_match(rules, n, rng.getrandbits(32))
        steps = 0
        while s.phase != "match_over":
            if s.phase == "round_over":
                s, _ = toy.next_round(s)
            else:
                held = sorted(c for h in s.hands for c in h) + sorted(c for _, c in s.trick)
                assert len(held) == len(set(held))
                s, _ = toy.apply(s, s.to_move, rng.choice(toy.legal_moves(s)))
            steps += 1
            assert steps < 1000
        assert sum(s.scores) == rules.hand * rules.rounds and s.winner is not None


def test_a_networked_toy_match_with_bots_and_a_spectator(toy, tmp_path):
    p = tmp_path / "toy.journal"

    async def main():
        host = await Host(HostConfig(rules="HC-3", players=4, bots=1, bot_level="easy", bot_delay=0.0,
                                     auto_next=0.0, seed=5, interface="127.0.0.1", announce=False,
                                     start_when_full=True, journal=str(p))).start()
        assert host.game is toy and host.template == "HC-3"
        watched: list[dict] = []
        spec = AsyncClient("127.0.0.1", host.port, "Zuschauer", spectator=True, on_message=watched.append)
        spec_task = asyncio.ensure_future(spec.run())
        bots = [BotClient("127.0.0.1", host.port, f"Net{i}", level=("easy", "normal")[i % 2], seed=i, record=True)
                for i in range(3)]
        await asyncio.wait_for(asyncio.gather(*(b.run() for b in bots)), 30)
        final = host.state
        assert final.phase == "match_over" and final.round_no == 3
        assert sum(final.scores) == 4 * 3
        for b in bots:
            assert b.game is toy and b.errors == []
            assert b.last_view["phase"] == "match_over" and b.last_view["winner"] == final.winner
            welcome = next(m for m in b.received if m["t"] == "welcome")
            assert welcome["game"] == "highcard"
            lobby = next(m for m in b.received if m["t"] == "lobby")
            assert lobby["game"] == "highcard" and lobby["template"] == "HC-3"
            # each seat saw only its own cards
            for m in b.received:
                if m["t"] == "state":
                    for e in m["events"]:
                        if e["type"] == "deal":
                            assert ("cards" in e) == (e["seat"] == b.seat)
        states = [m for m in watched if m.get("t") == "state"]
        assert states and all(m["view"]["hand"] == [] for m in states)
        # a wrong move shape for this game is refused with a clear error; the table plays on
        c = await RawClient.connect(host.port)
        await c.hello("Spät", spectator=True)
        c.send({"t": "move", "move": {"kind": "pass"}})
        e = await c.expect("error")
        assert e["code"] == "bad_message" and "kind" in e["msg"]
        await spec.close()
        spec_task.cancel()
        await host.stop()
        return final

    final = run(main(), 60)
    # the journal replays to the same match through the game object alone
    res = jm.load_resume(p)
    assert res.log.header["game"] == "highcard" and res.state.scores == final.scores
    again = matchlog.replay(res.log)
    assert again.scores == final.scores and again.winner == final.winner


def test_a_toy_match_resumes_from_its_journal(toy, tmp_path):
    p = tmp_path / "toy.journal"

    async def main():
        host = await Host(HostConfig(rules="HC-1", players=3, bots=3, bot_delay=0.02, seed=9, interface="127.0.0.1", auto_next=0.0,
                                     announce=False, journal=str(p))).start()
        host.start_match()
        while host.seq < 3:
            await asyncio.sleep(0.01)
        host.cancel_turn()
        host.server.close()
        host.journal.close()
        seq, scores, hands = host.seq, list(host.state.scores), host.hands()
        res = jm.load_resume(p)
        cfg = jm.resume_config(type("Args", (), {"resume": str(p), "journal": None})(), say=lambda m: None)
        cfg.update(interface="127.0.0.1", announce=False, bot_delay=0.0, auto_next=0.0)
        h2 = Host(HostConfig(**cfg))
        assert h2.game is toy and h2.seq >= seq and h2.hands() and res.log.header["game"] == "highcard"
        assert h2.seq > seq or (h2.hands() == hands and h2.state.scores == scores)
        await h2.start()
        while h2.state.phase != "match_over":
            await asyncio.sleep(0.01)
        await h2.stop()

    run(main(), 30)


def test_the_announcement_and_welcome_name_the_toy_game(toy):
    from felt.net.discovery import Browser

    async def main():
        browser = Browser(interface="127.0.0.1")
        await browser.start()
        host = await Host(HostConfig(name="Spieltisch", rules="HC-1", players=3, interface="127.0.0.1",
                                     announce=True)).start()
        try:
            for _ in range(200):
                t = next((x for x in browser.tables() if x["port"] == host.port), None)
                if t:
                    break
                await asyncio.sleep(0.05)
            assert t and t["game"] == "highcard" and t["template"] == "HC-1"
            c = await RawClient.connect(host.port)
            w = await c.hello("Gast")
            assert w["game"] == "highcard" and w["table_id"] == t["id"]
        finally:
            await host.stop()
            await browser.close()

    run(main(), 30)

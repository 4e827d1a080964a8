"""The hard bot sees the table between its own turns (``Bot.watch``), as a player does.

Fed only the view on its turn, the bot misses every trick that ends before it is on turn
again, and the plays of those tricks cannot be read (felt/games/praesident/bots/readplays.py). Every place
that runs bots feeds it every change: the tournament, the table for a bot thinking here,
the table for a bot thinking in the host's worker (the views since its last decision come
with the ``think`` action), and ``felt bot`` over the network."""
from __future__ import annotations

import random

import pytest

from felt import games
from felt.games.praesident.bots import HardBot, NormalBot, hard, make_bot
from felt.games.praesident.bots.cardinfo import deck_info
from felt.games.praesident.bots.readplays import violations
from felt.games.praesident.engine import apply_inplace, new_match, view
from felt.contract.tournament import run_tournament
from felt.net.host import _think_remote
from felt.games.praesident.rules import load_rules

from .test_net_table import Driver


@pytest.fixture
def watching(monkeypatch):
    """The hard bot with WATCH_TABLE on (off by default)."""
    monkeypatch.setattr(hard, "WATCH_TABLE", True)


@pytest.fixture
def watched(monkeypatch, watching):
    """The seats of the views hard bots are shown (HardBot.watch still runs)."""
    calls = []
    orig = HardBot.watch

    def spy(self, v):
        calls.append(v["seat"])
        return orig(self, v)

    monkeypatch.setattr(HardBot, "watch", spy)
    return calls


def test_by_default_no_bot_watches():
    """Off by default (it measured no better): no table builds views for a bot between turns."""
    assert not HardBot(seed=1).watches and not games.get("praesident").bot_watches("hard")


def test_only_the_hard_bot_watches(watching):
    assert HardBot(seed=1).watches and not NormalBot(seed=1).watches
    g = games.get("praesident")
    assert g.bot_watches("hard") and not g.bot_watches("normal") and not g.bot_watches("easy")
    # the other games' bots decide from the view on their turn alone
    for gid in ("maumau", "schwimmen"):
        assert not games.get(gid).bot_watches("hard")


def test_a_watching_bot_reads_more_of_the_round_and_only_what_is_true():
    """The same seeded round seen by two hard bots' memories at seat 0: one fed only on its
    turns, one fed every change. The watcher holds more observations at its decisions, and
    the real hands agree with every one of them."""
    rules = load_rules("PR-002")
    info = deck_info(rules)
    more = total_w = total_o = 0
    for m in range(4):
        st, _ = new_match(rules, 4, f"watch{m}", rounds=1)
        watcher, own = HardBot(seed=1, iters=1), HardBot(seed=1, iters=1)
        normals = [make_bot("normal", seed=i) for i in range(4)]
        while st.phase in ("play", "exchange"):
            seat = st.to_move
            if seat == 0 and st.phase == "play":
                v = view(st, 0)
                obs_w = watcher.plays.update(v, info)
                obs_o = own.plays.update(v, info)
                assert violations(info, st.hands, obs_w) == 0
                total_w += len(obs_w)
                total_o += len(obs_o)
                more += len(obs_w) > len(obs_o)
            apply_inplace(st, seat, normals[seat].choose(view(st, seat)))
            if st.phase == "play":
                watcher.watch(view(st, 0))
    assert total_w > total_o and more > 0, (total_w, total_o, more)


def test_the_tournament_shows_the_hard_bot_every_change(watched):
    calls = watched
    rules = load_rules("PR-002")
    res = run_tournament(games.get("praesident"), rules, ["hard", "normal", "normal", "normal"], 2, seed=3, think_ms=1)
    decisions = res["levels"]["hard"]["decisions"]
    assert decisions > 10
    # about one view per move at the table, not only one per decision of its own
    assert len(calls) > 2 * decisions


def _table_with_hard_bots(**kw):
    d = Driver(players=4, bots=3, bot_level="hard", bot_delay=0.0, think_ms=1, **kw)
    owner = d.join("Wirt", token=d.t.admin_token)
    d.send(owner, {"t": "start"})
    return d, owner


def test_a_bot_thinking_in_the_worker_gets_the_views_since_its_last_turn(watching):
    d, owner = _table_with_hard_bots(offload_levels=("hard",))
    thinks = []
    for _ in range(400):
        acts = [a for a in d.other if a[0] == "think"]
        d.other.clear()
        if acts:
            a = acts[-1]
            _, i, seq, level, seed, v, seen = a
            thinks.append((i, seen))
            assert all(s["seat"] == i for s in seen)       # its own seat's views only
            move = _think_remote("praesident", level, seed, 1, v, seen)   # as the worker runs it
            d.t.thought(i, seq, move, v, now=d.clock.t)
            d.pump()
            continue
        st = d.t.state
        if st is None or st.phase not in ("play", "exchange"):
            break
        if st.to_move == owner.seat:
            last = d.last(owner, "state")
            legal = last["view"]["legal"]
            d.send(owner, {"t": "move", "move": random.Random(len(thinks)).choice(legal), "seq": last["seq"]})
        else:
            d.advance(0.5)
    assert len(thinks) > 10
    # between two decisions of a bot, the others moved: it was shown those changes
    assert sum(len(seen) for _, seen in thinks) > len(thinks)
    # each is the seat's own view: its own hand, no one else's
    for i, seen in thinks:
        for s in seen:
            assert len(s["hand"]) == s["counts"][i]


def test_a_bot_thinking_on_the_table_watches_once_it_has_moved(watched):
    calls = watched
    d, owner = _table_with_hard_bots(offload_levels=())
    for _ in range(300):
        st = d.t.state
        if st is None or st.phase not in ("play", "exchange"):
            break
        if st.to_move == owner.seat:
            last = d.last(owner, "state")
            d.send(owner, {"t": "move", "move": last["view"]["legal"][0], "seq": last["seq"]})
        else:
            d.advance(0.5)
    bots = {i for i in range(4) if i != owner.seat}
    assert bots <= set(calls) and owner.seat not in calls


def test_the_variant_bench_plays_the_tournaments_deals_with_a_setting_changed(capsys):
    """tests/bench_hard_variant.py (the A/B runs of STRENGTH.md): one line per round, the
    place before each, and a setting of hard.py changed for the run only."""
    from tests import bench_hard_variant as bench

    name, value = bench._setting("PLACE_CHAIN={\"4\": [[1, 0, 0, 0]]}")
    assert name == "PLACE_CHAIN" and value == {4: ((1, 0, 0, 0),)}
    rows, res = bench.run("PR-002", 7, 3, 1)
    assert len(rows) == 7 and res["levels"]["hard"]["decisions"] > 10
    assert [r["prev"] for r in rows[:6]] == [None] + [r["place"] for r in rows[:4]] + [None]
    assert all(0 <= r["place"] < 4 for r in rows)
    with pytest.raises(SystemExit):
        bench._setting("NO_SUCH_SETTING=1")

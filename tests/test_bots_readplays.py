"""The hard bot reads the plays it has seen (felt/games/praesident/bots/readplays.py).

The key property: the real hands never disagree with a play a normal bot made (the
normal policy is deterministic and the reconstruction of the table before each play
is exact), while worlds dealt blind often do. Checked over seeded games of every
template and rule option."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from felt.games.praesident.bots import make_bot
from felt.games.praesident.bots.cardinfo import deck_info
from felt.games.praesident.bots.determinize import PassMemory, constraints_from_view, sample_hands
from felt.games.praesident.bots.readplays import PlayMemory, redeal, violations
from felt.games.praesident.engine import apply_inplace, new_match, next_round, view

from .test_bots import all_rule_sets

RULE_SETS = all_rule_sets()


def assert_a_deal_of_the_unseen(st, seat, v, h, con):
    """``h`` deals exactly the cards ``seat`` has not seen, each seat its count, the seat's
    own hand as it is and every card the exchange fixed where it went."""
    unseen = sorted(c for s in range(4) if s != seat for c in st.hands[s])
    assert sorted(c for s in range(4) if s != seat for c in h[s]) == unseen
    assert [len(x) for x in h] == v["counts"] and h[seat] == v["hand"]
    for c, s in con[0].items():
        assert c in h[s]


def _walk(rules, matches, seed, on_decision):
    """Normal bots play ``matches`` matches of 3 rounds; ``on_decision(state, seat, view,
    memory)`` runs at every decision of the play phase with that seat's PlayMemory updated."""
    for m in range(matches):
        st, _ = new_match(rules, 4, f"read{seed}:{m}", rounds=3)
        bots = [make_bot("normal", seed=seed * 10 + i) for i in range(4)]
        mems = [PlayMemory() for _ in range(4)]
        while True:
            if st.phase in ("play", "exchange"):
                seat = st.to_move
                v = view(st, seat)
                if st.phase == "play":
                    mems[seat].update(v, deck_info(v["rules"]))
                    on_decision(st, seat, v, mems[seat])
                apply_inplace(st, seat, bots[seat].choose(v))
                continue
            if st.phase == "match_over":
                break
            st, _ = next_round(st)


@pytest.mark.parametrize("name,rules", RULE_SETS, ids=[x[0] for x in RULE_SETS])
def test_real_hands_agree_with_every_play_seen_and_blind_deals_often_do_not(name, rules):
    rng = random.Random(3)
    tally = Counter()

    def check(st, seat, v, mem):
        info = deck_info(v["rules"])
        obs = mem.obs
        if not obs:
            return
        # every observation is of another seat, made with that seat's real hand then
        assert all(o.seat != seat for o in obs)
        for o in obs:
            assert len(st.hands[o.seat]) + len(o.later) == o.count
        tally["obs"] += len(obs)
        tally["passes"] += sum(1 for o in obs if o.key[0] == "pass")
        tally["real"] += violations(info, st.hands, obs)
        blind = sample_hands(v, rng, info)
        tally["blind"] += violations(info, blind, obs)

    _walk(rules, 2, 11, check)
    assert tally["obs"] > 100 and tally["passes"] > 10, tally
    assert tally["real"] == 0, tally
    assert tally["blind"] > 0.05 * tally["obs"], tally


@pytest.mark.parametrize("rules_id", ["PR-002", "FOLGEN", "PR-005"])
def test_a_memory_that_sees_every_update_reads_every_trick_right(rules_id):
    """A window (or `felt bot`) gets a view after every move, not only on its own turn. Fed
    them all, the memory reads the passes up to the seat on turn in each (not up to its own
    seat): the real hands still agree with every decision recorded, and it keeps more of them
    than a memory that looks only on its own turns."""
    from felt.games.praesident.rules import load_rules

    rules = load_rules(rules_id)
    info = deck_info(rules)
    tally = Counter()
    for m in range(3):
        st, _ = new_match(rules, 4, f"every{m}", rounds=3)
        bots = [make_bot("normal", seed=i) for i in range(4)]
        every, own = PlayMemory(), PlayMemory()
        while st.phase != "match_over":
            if st.phase not in ("play", "exchange"):
                st, _ = next_round(st)
                continue
            seat = st.to_move
            if st.phase == "play":
                obs = every.update(view(st, 0), info)
                if seat == 0:
                    mine = own.update(view(st, 0), info)
                    tally["every"] += len(obs)
                    tally["own"] += len(mine)
                tally["checked"] += len(obs)
                tally["bad"] += violations(info, st.hands, obs)
            apply_inplace(st, seat, bots[seat].choose(view(st, seat)))
    assert tally["checked"] > 500, tally
    assert tally["bad"] == 0, tally
    assert tally["every"] > tally["own"], tally


def test_a_seat_that_played_unseen_cards_loses_its_observations():
    """A trick the bot did not see (here: views skipped) leaves the count of a seat's cards
    unexplained, so its earlier plays no longer tell what it holds now."""
    from felt.games.praesident.rules import load_rules

    rules = load_rules("PR-002")
    st, _ = new_match(rules, 4, "lose", rounds=1)
    bots = [make_bot("normal", seed=i) for i in range(4)]
    mem = PlayMemory()
    info = deck_info(rules)
    seen_obs = 0
    dropped = False
    decisions = 0
    while st.phase == "play" and not dropped:
        seat = st.to_move
        v = view(st, seat)
        if seat == 0:
            decisions += 1
            if decisions % 3 != 2:  # now and then the bot looks away for a turn
                before = {o.seat for o in mem.obs}
                obs = mem.update(v, info)
                seen_obs = max(seen_obs, len(obs))
                after = {o.seat for o in obs}
                if before - after:
                    dropped = True
                for o in obs:  # whatever is kept still adds up
                    assert len(st.hands[o.seat]) + len(o.later) == o.count
                    assert violations(info, st.hands, [o]) == 0
        apply_inplace(st, seat, bots[seat].choose(v))
    assert seen_obs > 0
    assert dropped


def test_memory_forgets_at_a_new_round():
    from felt.games.praesident.rules import load_rules

    rules = load_rules("PR-002")
    got = []

    def grab(st, seat, v, mem):
        if seat == 1 and mem.obs:
            got.append((v, mem))

    _walk(rules, 1, 5, grab)
    v, mem = got[-1]
    assert mem.obs
    v2 = dict(v, round_no=v["round_no"] + 1, played=[], trick=[], pile=None, passed=[])
    assert mem.update(v2, deck_info(rules)) == []


@pytest.mark.parametrize("rules_id", ["PR-002", "FOLGEN"])
def test_sampling_and_redeal_keep_the_deal_legal_and_agree_more(rules_id):
    """Worlds drawn with the plays' check (best of 6 deals), or redealt seat by seat, are deals
    of exactly the unseen cards (counts and the exchange's fixed cards kept) that disagree
    less than blind ones."""
    from felt.games.praesident.rules import load_rules

    rules = load_rules(rules_id)
    rng = random.Random(9)
    tally = Counter()

    def check(st, seat, v, mem):
        obs = mem.obs
        if len(obs) < 3 or tally["n"] >= 150:
            return
        info = deck_info(v["rules"])
        caps = PassMemory().update(v, info)
        con = constraints_from_view(v, info)
        blind = sample_hands(v, rng, info, con, caps)
        h = sample_hands(v, rng, info, con, caps, lambda hh, lim: violations(info, hh, obs, lim), 6)
        assert_a_deal_of_the_unseen(st, seat, v, h, con)
        # redealing seat by seat: again a deal of exactly the unseen cards, fixed cards kept
        re = [list(x) for x in blind]
        left2 = redeal(info, re, obs, rng, 8, seat, con, caps)
        assert_a_deal_of_the_unseen(st, seat, v, re, con)
        assert left2 == violations(info, re, obs)
        tally["n"] += 1
        tally["blind"] += violations(info, blind, obs)
        tally["read"] += violations(info, h, obs)
        tally["redeal"] += left2

    _walk(rules, 3, 4, check)
    assert tally["n"] > 40
    assert tally["read"] * 3 < tally["blind"] * 2, tally
    assert tally["redeal"] * 4 < tally["blind"] * 3, tally


@pytest.mark.parametrize("redeal_tries", [0, 8])
def test_hard_bot_deals_its_worlds_from_what_it_read(monkeypatch, redeal_tries):
    """The hard bot keeps a PlayMemory across its decisions and draws each sampled world
    towards the decisions it saw (whole deals redrawn, the default, or seat by seat); the
    worlds it searches disagree with them far less than the deals it would draw blind."""
    import felt.games.praesident.bots.hard as hard
    from felt.games.praesident.bots import HardBot
    from felt.games.praesident.rules import load_rules

    seen = Counter()
    bot = HardBot(seed=1, iters=3)
    real_sample, real_redeal = hard.sample_hands, hard.redeal
    blind_rng = random.Random(2)

    def sampling(view_, rng, info, constraints, caps, check=None, tries=24):
        hands = real_sample(view_, rng, info, constraints, caps, check, tries)
        obs = bot.plays.obs
        if obs and (check is not None or redeal_tries):
            blind = real_sample(view_, blind_rng, info, constraints, None)
            seen["worlds"] += 1
            seen["blind"] += violations(info, blind, obs)
            if not redeal_tries:
                seen["searched"] += violations(info, hands, obs)
        return hands

    def redealing(info, hands, obs, rng, tries, me, constraints=None, caps=None):
        left = real_redeal(info, hands, obs, rng, tries, me, constraints, caps)
        seen["redeals"] += 1
        seen["searched"] += left
        return left

    monkeypatch.setattr(hard, "sample_hands", sampling)
    monkeypatch.setattr(hard, "redeal", redealing)
    monkeypatch.setattr(hard, "READ_REDEAL", redeal_tries)
    rules = load_rules("PR-002")
    st, _ = new_match(rules, 4, "hardreads", rounds=2)
    bots = [bot] + [make_bot("normal", seed=i) for i in range(3)]
    while st.phase != "match_over":
        if st.phase in ("play", "exchange"):
            seat = st.to_move
            apply_inplace(st, seat, bots[seat].choose(view(st, seat)))
        else:
            st, _ = next_round(st)
    assert seen["worlds"] > 20, seen
    assert (seen["redeals"] > 20) == bool(redeal_tries), seen
    assert seen["searched"] * 3 < seen["blind"] * 2, seen

"""The hard bot's search budget: fixed-count determinism, the time bank, early-settling rollouts."""
from __future__ import annotations

import random

import pytest

from felt.games.praesident.bots import HardBot, make_bot
from felt.games.praesident.bots import hard
from felt.games.praesident.bots.cardinfo import deck_info
from felt.games.praesident.bots.determinize import build_state, constraints_from_view, sample_hands
from felt.games.praesident.bots.hard import reward_table, rollout, settle_values
from felt.games.praesident.engine import apply_inplace, is_legal, legal_moves, new_match, next_round, view
from felt.games.praesident.rules import load_rules


def _views_of_seat(rules, seat, matches, seed):
    """Views of ``seat`` (when it has a choice) from seeded matches of normal bots."""
    bots = [make_bot("normal", seed=seed * 10 + i) for i in range(4)]
    out = []
    for m in range(matches):
        st, _ = new_match(rules, 4, f"hs:{seed}:{m}", rounds=3)
        while True:
            if st.phase in ("play", "exchange"):
                s = st.to_move
                v = view(st, s)
                if s == seat and len(legal_moves(st)) > 1:
                    out.append(v)
                apply_inplace(st, s, bots[s].choose(v))
                continue
            if st.phase == "match_over":
                break
            st, _ = next_round(st)
    return out


# ------------------------------------------------------------ early-settling rollouts


def _fake_clock(step: float):
    """A stand-in for the ``time`` module whose perf_counter advances ``step`` s per reading."""
    class Clock:
        t = 0.0

        @classmethod
        def perf_counter(cls):
            cls.t += step
            return cls.t
    return Clock


def test_settle_values_only_where_the_open_places_are_close():
    rules = load_rules("PR-002")
    last = reward_table(4, rules, 5, 5)       # last round: 1st place is all that counts
    assert settle_values(last)[0] is None     # 1st still open: play on
    assert settle_values(last)[1] == pytest.approx(sum(last[1:]) / 3)
    early = reward_table(4, rules, 1, 5)      # 2nd place wins cards in the next exchange
    sv = settle_values(early)
    assert sv[0] is None and sv[1] is None
    assert sv[2] == pytest.approx((early[2] + early[3]) / 2)
    assert settle_values(last, spread=0.0) == [None] * 4  # spread 0: never settle


@pytest.mark.parametrize("rules_id", ["PR-002", "FOLGEN"])
def test_settled_rollout_stays_within_the_spread_of_the_full_one(rules_id):
    """The same sampled worlds played out in full and with early settling: the values differ
    by at most the spread, never where ``me`` takes 1st place, and some rollouts do settle."""
    rules = load_rules(rules_id)
    info = deck_info(rules)
    rng = random.Random(3)
    settled = 0
    checked = 0
    for v in _views_of_seat(rules, 1, 2, seed=4):
        rw = reward_table(4, rules, v["round_no"], v["rounds_total"])
        sv = settle_values(rw)
        me = v["seat"]
        world = build_state(v, sample_hands(v, rng, info, constraints_from_view(v, info)), rules)
        mv = random.Random(checked).choice(legal_moves(world))
        a = world.clone()
        b = world.clone()
        apply_inplace(a, me, mv, check=False, events=False)
        apply_inplace(b, me, mv, check=False, events=False)
        full = rollout(a, me, rw)
        short = rollout(b, me, rw, settle=sv)
        assert abs(full - short) <= hard.TRUNC_SPREAD + 1e-9
        if full == rw[0]:
            assert short == full
        settled += short != full
        checked += 1
    assert checked > 40 and settled > 0


# ------------------------------------------------------------ fixed count: deterministic


def _play_with(bots, rules, seed, rounds=2):
    moves = []
    st, _ = new_match(rules, 4, f"det:{seed}", rounds=rounds)
    while st.phase != "match_over":
        if st.phase in ("play", "exchange"):
            s = st.to_move
            mv = bots[s].choose(view(st, s))
            assert is_legal(st, s, mv)
            moves.append((s, mv))
            apply_inplace(st, s, mv)
            continue
        st, _ = next_round(st)
    return moves


@pytest.mark.parametrize("rules_id", ["PR-002", "FOLGEN"])
def test_fixed_count_is_deterministic_whatever_the_clock(rules_id, monkeypatch):
    """With ``iters`` the moves depend on the seed only: a clock that races ahead (every
    reading a minute later) changes nothing, and the searches really ran."""
    rules = load_rules(rules_id)

    def table():
        return [HardBot(seed=5, think_ms=1, iters=6)] + [make_bot("normal", seed=i) for i in (1, 2, 3)]

    first = _play_with(table(), rules, 9)

    monkeypatch.setattr(hard, "time", _fake_clock(60.0))
    bots = table()
    second = _play_with(bots, rules, 9)
    assert first == second
    assert bots[0].stats.searched > 5 and bots[0].stats.rollouts >= 6 * bots[0].stats.searched
    assert bots[0].bank_ms == 0.0  # a fixed count does not use the clock's bank


# ------------------------------------------------------------ the time bank


def test_time_bank_stays_within_its_cap_and_forced_moves_leave_it():
    rules = load_rules("PR-002")
    bot = HardBot(seed=2, think_ms=20)
    cap = min(bot.BANK_MAX * bot.think_ms, bot.BANK_MAX_MS)
    others = [make_bot("normal", seed=i) for i in (1, 2, 3)]
    st, _ = new_match(rules, 4, "bank", rounds=2)
    forced = searched = 0
    while st.phase != "match_over":
        if st.phase not in ("play", "exchange"):
            st, _ = next_round(st)
            continue
        s = st.to_move
        v = view(st, s)
        if s == 0:
            before = bot.bank_ms
            mv = bot.choose(v)
            assert 0.0 <= bot.bank_ms <= cap
            if not bot.stats.last_searched:
                assert bot.bank_ms == before
                forced += 1
            else:
                searched += 1
        else:
            mv = others[s - 1].choose(v)
        apply_inplace(st, s, mv)
    assert forced > 0 and searched > 0 and bot.stats.searched == searched


def test_search_spends_extra_time_only_while_candidates_are_close(monkeypatch):
    """A fake clock advancing 1 ms per reading: with a budget of 5 ms and 200 ms extra, the
    search runs past its own budget only when it did not settle on one candidate."""
    rules = load_rules("FOLGEN")
    views = _views_of_seat(rules, 2, 1, seed=8)

    monkeypatch.setattr(hard, "time", _fake_clock(0.001))
    longer = 0
    for i, v in enumerate(views[:25]):
        st = hard.SearchStats()
        st.log = []
        hard.search(v, random.Random(i), 5, st, None, extra_ms=200)
        if not st.log:
            continue
        cands, its, secs, reason, best = st.log[0]
        assert secs < 0.25
        if reason == "clear":
            continue
        if secs > 0.006:
            longer += 1
    assert longer > 0


def test_equivalent_needs_every_candidate_left_to_be_close():
    rng = random.Random(1)
    close = [[x, x + rng.choice((-0.001, 0.0, 0.001))] for x in (rng.random() for _ in range(40))]
    far = [[x, x - 0.5] for x in (rng.random() for _ in range(40))]
    noisy = [[x, rng.random()] for x in (rng.random() for _ in range(40))]

    def means(rows):
        return [sum(r[i] for r in rows) / len(rows) for i in range(2)]

    assert hard._equivalent(close, [0, 1], means(close))
    assert not hard._equivalent(far, [0, 1], means(far))
    assert not hard._equivalent(noisy, [0, 1], means(noisy))  # unclear is not equal
    assert not hard._equivalent(close[:1], [0, 1], means(close[:1]))

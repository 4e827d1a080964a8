"""Schwimmen properties over thousands of seeded random rounds per template: cards conserved,
every match ends with one winner, only legal moves accepted, no hidden card in a view before
the showdown, replay and determinism."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from felt import games
from felt.games.base import IllegalMove
from felt.games.schwimmen import engine as E

G = games.get("schwimmen")
TEMPLATES = G.template_ids()


def random_match(r, n, seed, rng, on_step=None, max_rounds=200):
    """A whole match of random legal moves; returns (state, actions, rounds, events)."""
    s, ev = G.new_match(r, n, seed)
    actions, events, rounds = [], list(ev), 1
    while s.phase != "match_over":
        if on_step:
            on_step(s)
        if s.phase == "round_over":
            assert rounds < max_rounds
            s, ev = G.next_round(s)
            actions.append(("next_round",))
            events += ev
            rounds += 1
            continue
        moves = G.legal_moves(s)
        m = rng.choice(moves)
        actions.append(("move", s.to_move, G.move_to_wire(m)))
        events += G.apply_inplace(s, s.to_move, m)
    if on_step:
        on_step(s)
    return s, actions, rounds, events


def _conserved(s):
    if s.phase != "match_over":
        assert sorted(s.all_cards()) == list(range(32))
    for i in range(s.n):
        if s.phase in ("play",) and s.in_round[i]:
            assert len(s.hands[i]) == 3
    assert len(s.middle) in (0, 3)


@pytest.mark.parametrize("tid", TEMPLATES)
def test_cards_conserved_and_every_match_ends_with_one_winner(tid):
    r = G.template(tid)
    rng = random.Random(tid)
    total = 0
    seed = 0
    while total < 2000:
        n = 2 + seed % 8
        s, _, rounds, _ = random_match(r, n, f"{tid}:{seed}", rng, on_step=_conserved)
        total += rounds
        seed += 1
        assert s.phase == "match_over" and s.winner is not None and 0 <= s.winner < n
        left = s.in_play()
        if r.match_end == "last_left":
            assert left == [s.winner]
        elif left != [s.winner]:      # fixed rounds, unless all others went out before
            assert s.lost[s.winner] < min(s.lost[i] for i in range(n) if i != s.winner)
            assert s.round_no >= r.rounds
        assert sum(s.lost) >= 1
        for i in range(n):        # lives bookkeeping
            assert s.lives[i] == max(0, r.lives - s.lost[i]) or s.swimming[i]


def _hidden_before_showdown(s, seat):
    """Cards that ``seat`` must not see now: other hands (except cards taken openly from the
    middle), the stock, the dealer's unseen hand."""
    hidden = set(s.stock)
    for i in range(s.n):
        if i != seat:
            hidden |= set(s.hands[i]) - set(s.taken[i])
    if s.dealer_hands is not None:
        hidden |= set(s.dealer_hands[1])
        if seat != s.dealer:
            hidden |= set(s.dealer_hands[0])
    return hidden


def _cards_in_view(v):
    out = set(v["hand"]) | set(v["middle"])
    for m in v["discarded"]:
        out |= set(m)
    for t in v["taken"]:
        out |= set(t)
    if v["showdown"]:
        for h in v["showdown"]["hands"]:
            out |= set(h or [])
    return out


@pytest.mark.parametrize("tid", TEMPLATES)
def test_views_hold_no_hidden_card_before_the_showdown(tid):
    r = G.template(tid)
    rng = random.Random(f"view:{tid}")
    checked = [0]

    def check(s):
        for seat in list(range(s.n)) + [None]:
            v = G.view(s, seat)
            assert "seed" not in v and "stock_cards" not in v
            if s.phase in ("play", "dealer_choice"):
                assert v["showdown"] is None
                hidden = _hidden_before_showdown(s, seat)
                assert not (_cards_in_view(v) & hidden), (seat, s.phase)
                assert (v["legal"] != []) == (seat == s.to_move)
                checked[0] += 1
            else:
                sd = v["showdown"]
                for i in range(s.n):
                    if s.in_round[i]:
                        assert sd["hands"][i] == s.hands[i]
    for seed in range(25):
        random_match(r, 2 + seed % 6, seed, rng, on_step=check)
    assert checked[0] > 1000


@pytest.mark.parametrize("tid", TEMPLATES)
def test_private_events_reach_only_their_seat(tid):
    r = G.template(tid)
    s, _, _, events = random_match(r, 4, 3, random.Random(3))
    for seat in range(4):
        for e in G.filter_events(events, seat):
            assert "_private" not in e
            if e["type"] in ("hand", "take"):
                assert ("cards" in e) == (e["seat"] == seat)


def test_replay_reproduces_the_state_and_the_game_is_deterministic():
    for tid in TEMPLATES:
        r = G.template(tid)
        for seed in range(15):
            s1, actions, _, ev1 = random_match(r, 3 + seed % 4, seed, random.Random(seed))
            s2, _, _, ev2 = random_match(r, 3 + seed % 4, seed, random.Random(seed))
            assert ev1 == ev2
            s3 = G.replay(r, 3 + seed % 4, seed, actions)
            for seat in range(s1.n):
                assert G.view(s3, seat) == G.view(s1, seat)
            assert s3.history == s1.history and s3.lost == s1.lost and s3.winner == s1.winner
    a, _ = G.new_match(G.template("SW-STD"), 4, 1)
    b, _ = G.new_match(G.template("SW-STD"), 4, 2)
    assert a.all_cards() != b.all_cards()


def test_apply_is_pure_and_clone_independent():
    r = G.template("SW-STD")
    rng = random.Random(5)
    s, _ = G.new_match(r, 4, 5)
    for _ in range(40):
        if s.phase not in ("play", "dealer_choice"):
            s, _ = G.next_round(s) if s.phase == "round_over" else G.new_match(r, 4, rng.random())
            continue
        before = G.view(s, s.to_move)
        m = rng.choice(G.legal_moves(s))
        t, _ = G.apply(s, s.to_move, m)
        assert G.view(s, before["seat"]) == before
        s = t


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), n=st.integers(2, 9),
       tid=st.sampled_from(TEMPLATES),
       wire=st.one_of(st.fixed_dictionaries({"kind": st.sampled_from(E.KINDS)}),
                      st.fixed_dictionaries({"kind": st.just("swap"), "give": st.integers(-2, 33),
                                             "take": st.integers(-2, 33)}),
                      st.dictionaries(st.text(max_size=4), st.integers(), max_size=3)),
       seat=st.integers(-1, 9))
def test_only_legal_moves_are_accepted(seed, steps, n, tid, wire, seat):
    r = G.template(tid)
    rng = random.Random(seed)
    s, _ = G.new_match(r, n, seed)
    for _ in range(steps):
        if s.phase == "round_over":
            s, _ = G.next_round(s)
        elif s.phase == "match_over":
            break
        else:
            G.apply_inplace(s, s.to_move, rng.choice(G.legal_moves(s)))
    before = [G.view(s, i) for i in range(n)]
    cards = sorted(s.all_cards())
    try:
        move = G.move_from_wire(wire)
        ok_expected = seat == s.to_move and move in G.legal_moves(s)
        t, _ = G.apply(s, seat, move)
        assert ok_expected
        assert sorted(t.all_cards()) == cards or t.phase == "match_over"
    except IllegalMove as exc:
        assert str(exc)
        try:
            m = G.move_from_wire(wire)
        except IllegalMove:
            m = None
        assert m is None or seat != s.to_move or m not in G.legal_moves(s)
    assert [G.view(s, i) for i in range(n)] == before

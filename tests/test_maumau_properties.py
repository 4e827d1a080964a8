"""Mau-Mau property tests: many seeded random rounds of every template (and random rule sets):
cards conserved at every step (reshuffles included), every round and match ends, only legal
moves are accepted, views and events never show another hand, the draw pile or another seat's
drawn card, the action log replays the state, and the same seed plays the same."""
from __future__ import annotations

import random

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from felt import games
from felt.games.base import IllegalMove
from felt.games.maumau.engine import Move, card_conservation
from felt.games.maumau.rules import CHOICES, TEMPLATE_ORDER, MauRules, load_template

GAME = games.get("maumau")
VIEW_KEYS = {"game", "seat", "n", "phase", "round_no", "rounds_total", "point_limit", "to_move", "dealer", "hand",
             "counts", "discard", "top", "draw_count", "wish", "direction", "pending", "called", "drawn", "last", "log",
             "places", "round_points", "totals", "wins", "history", "standings", "hands_shown", "legal", "rules",
             "winner"}
MAX_DECISIONS = 20000


def pick(rng: random.Random, moves):
    """Random legal play, biased to playing (so rounds stay short) but sometimes drawing,
    keeping and forgetting Mau."""
    plays = [m for m in moves if m.kind == "play"]
    if plays and rng.random() < 0.8:
        called = [m for m in plays if m.call] if rng.random() < 0.9 else plays
        return rng.choice(called or plays)
    return rng.choice(moves)


def fingerprint(s):
    return (s.phase, s.round_no, s.to_move, [h[:] for h in s.hands], s.draw[:], s.discard[:], s.wish, s.pending,
            s.direction, s.places[:], s.totals[:], s.history[:], s.winner)


def check_view(s, seat, v):
    assert set(v) == VIEW_KEYS
    assert v["hand"] == sorted(s.hands[seat], key=lambda c: (c % 32, c))
    assert v["counts"] == [len(h) for h in s.hands]
    assert v["draw_count"] == len(s.draw) and v["discard"] == s.discard
    others = {c for i, h in enumerate(s.hands) if i != seat for c in h}
    if s.phase in ("play", "drawn"):
        assert v["hands_shown"] is None
        if v["drawn"] is not None:
            assert seat == s.to_move and v["drawn"] in s.hands[seat]
        if v["last"] is not None:
            assert set(v["last"]) <= {"seat", "kind", "card", "suit", "call", "count", "reason"}
            assert v["last"].get("card", s.discard[-1]) in s.discard      # a played card, public anyway
    assert (v["legal"] != []) == (seat == s.to_move and s.phase in ("play", "drawn"))
    assert not set(v["hand"]) & others
    for entry in v["log"]:          # public: played cards are on the discard pile or were reshuffled
        assert entry[0] in ("play", "draw", "keep") and len(entry) == {"play": 7, "draw": 6, "keep": 2}[entry[0]]
        if entry[0] == "draw":
            assert isinstance(entry[2], int) and entry[3] in ("draw", "seven", "mau")


def check_events(events, n):
    for seat in list(range(n)) + [None]:
        for e in GAME.filter_events(events, seat):
            assert "_private" not in e
            if e["type"] in ("draw", "deal"):
                assert ("cards" in e) == (seat == e["seat"])


def play_match(rules, n, seed, rounds, rng, *, views=True, illegal=True):
    """Plays a whole match with checks at every step; returns (state, actions, rounds played)."""
    state, ev = GAME.new_match(rules, n, seed, rounds)
    check_events(ev, n)
    actions = []
    decisions = 0
    played = 0
    while True:
        assert card_conservation(state)
        if state.phase == "match_over":
            return state, actions, played + 0
        if state.phase == "round_over":
            played += 1
            actions.append(("next_round",))
            state, ev = GAME.next_round(state)
            check_events(ev, n)
            continue
        seat = state.to_move
        moves = GAME.legal_moves(state)
        assert moves
        if views:
            for viewer in range(n):
                check_view(state, viewer, GAME.view(state, viewer))
        if illegal:
            # every card of the hand is accepted exactly when a legal move plays it
            legal_cards = {m.card for m in moves if m.kind == "play"}
            faces = {state.face[c] for c in legal_cards}
            for c in state.hands[seat]:
                m = Move("play", c, "H" if state.jack[c] else "", "")
                if state.face[c] not in faces:
                    before = fingerprint(state)
                    try:
                        GAME.apply(state, seat, m)
                    except IllegalMove:
                        pass
                    else:
                        raise AssertionError(f"illegal {m} accepted")
                    assert fingerprint(state) == before
            other = (seat + 1) % n
            try:
                GAME.apply(state, other, moves[0])
            except IllegalMove:
                pass
            else:
                raise AssertionError("a move out of turn was accepted")
        move = pick(rng, moves)
        assert GAME.is_legal(state, seat, move)
        wire = GAME.move_to_wire(move)
        assert GAME.move_from_wire(wire) == move
        ev = GAME.apply_inplace(state, seat, move, check=True)
        if views:
            check_events(ev, n)
        actions.append(("move", seat, wire))
        decisions += 1
        assert decisions < MAX_DECISIONS, "a match did not end"
        if state.phase == "match_over":
            played += 1


@pytest.mark.slow
@pytest.mark.parametrize("tid", TEMPLATE_ORDER)
def test_a_thousand_rounds_of_every_template(tid):
    rules = load_template(tid)
    lo, hi = GAME.players_range(rules)
    rng = random.Random(tid)
    done = 0
    seed = 0
    reshuffled = 0
    while done < 1000:
        n = lo + seed % (hi - lo + 1)
        state, actions, played = play_match(rules, n, f"{tid}:{seed}", 5, rng, views=seed % 10 == 0,
                                            illegal=seed % 5 == 0)
        assert state.phase == "match_over" and len(state.history) == 5 == played
        assert state.winner is not None
        assert sorted(GAME.round_places(state)) == list(range(n))
        if seed % 7 == 0:
            again = GAME.replay(rules, n, f"{tid}:{seed}", actions, 5)
            assert fingerprint(again) == fingerprint(state)
        reshuffled += state.reshuffles > 0
        done += played
        seed += 1
    assert reshuffled > 0          # the conservation checks did cover reshuffles


def test_same_seed_same_match():
    rules = load_template("MM-STD")
    a, acts_a, _ = play_match(rules, 4, 99, 3, random.Random(5), views=False, illegal=False)
    b, acts_b, _ = play_match(rules, 4, 99, 3, random.Random(5), views=False, illegal=False)
    assert acts_a == acts_b and fingerprint(a) == fingerprint(b)
    c, _ = GAME.new_match(rules, 4, 100)
    assert c.hands != GAME.new_match(rules, 4, 99)[0].hands


def test_point_limit_matches_end():
    rules = load_template("MM-STD").replace(match_end="points", point_limit=60)
    rng = random.Random(3)
    for seed in range(30):
        s, _, played = play_match(rules, 3, seed, None, rng, views=False, illegal=False)
        assert max(s.totals) >= 60 and s.phase == "match_over"
        assert all(max(sum(r[i] for r in s.round_points[:k]) for i in range(3)) < 60 for k in range(1, played))


def rule_sets():
    def build(deck, suits, hand, seven, eight, nine, ace, jack, jj, after, able, mau, start, end, scoring, n):
        most = 5 if deck == 32 else 8
        hand = min(hand, (deck - 1) // most)
        return MauRules(deck=deck, suits=suits, hand_size=hand if hand in (5, 6, 7) else 5, max_players=most,
                        seven=seven, eight=eight, nine=nine, ace=ace, jack=jack, jack_on_jack=jj, after_draw=after,
                        draw_when_able=able, mau_penalty=mau, start_effect=start, round_end=end, scoring=scoring), n
    return st.builds(build, *(st.sampled_from(CHOICES[k]) for k in ("deck", "suits", "hand_size", "seven", "eight",
                                                                    "nine", "ace", "jack")),
                     st.booleans(), st.sampled_from(CHOICES["after_draw"]), st.booleans(),
                     st.sampled_from(CHOICES["mau_penalty"]), st.booleans(), st.sampled_from(CHOICES["round_end"]),
                     st.sampled_from(CHOICES["scoring"]), st.integers(2, 8))


@settings(max_examples=50, deadline=None, derandomize=True)
@given(rule_sets(), st.integers(0, 10**6))
def test_any_rule_set_plays_correctly(rn, seed):
    rules, n = rn
    n = min(n, rules.max_players)
    rules.validate(n)
    s, actions, played = play_match(rules, n, seed, 2, random.Random(seed), views=True, illegal=True)
    assert played == 2 and s.phase == "match_over"
    assert fingerprint(GAME.replay(rules, n, seed, actions, 2)) == fingerprint(s)

"""Mau-Mau property tests: many seeded random rounds of every template (and random rule sets):
cards conserved at every step (reshuffles included), every round and match ends, only legal
moves are accepted, views and events never show another hand, the draw pile or another seat's
drawn card (every seat and the spectator, after every step: deal, moves, round and match end),
no wish or seven's penalty outlives its round, the action log replays the state, and the same
seed plays the same."""
from __future__ import annotations

import random

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from felt import games
from felt.contract.base import IllegalMove
from felt.games.maumau.engine import Move, card_conservation
from felt.games.maumau.rules import CHOICES, TEMPLATE_ORDER, MauRules, load_template

GAME = games.get("maumau")
VIEW_KEYS = {"game", "seat", "n", "phase", "round_no", "rounds_total", "point_limit", "to_move", "dealer", "hand",
             "counts", "discard", "top", "draw_count", "wish", "direction", "pending", "called", "drawn", "last", "log",
             "places", "round_points", "totals", "wins", "history", "standings", "hands_shown", "legal", "rules",
             "winner"}
MAX_DECISIONS = 20000


def pick(rng: random.Random, state, moves):
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


def check_log(log) -> None:
    """The round's public log: entries of the three kinds, each of its length."""
    for entry in log:
        assert entry[0] in ("play", "draw", "keep") and len(entry) == {"play": 7, "draw": 6, "keep": 2}[entry[0]]
        if entry[0] == "draw":
            assert isinstance(entry[2], int) and entry[3] in ("draw", "seven", "mau")


def check_events(events, n):
    for seat in list(range(n)) + [None]:
        for e in GAME.filter_events(events, seat):
            assert "_private" not in e
            if e["type"] in ("draw", "deal"):
                assert ("cards" in e) == (seat == e["seat"])


def view_cards(v) -> set:
    """Every card a view shows now (its log aside)."""
    out = set(v["hand"]) | set(v["discard"])
    out |= {x for x in (v["top"], v["drawn"], (v["last"] or {}).get("card")) if x is not None}
    out |= {c for h in v["hands_shown"] or [] for c in h}
    out |= {m["card"] for m in v["legal"] if "card" in m}
    return out


def log_cards(log) -> set:
    """The cards a log names: played cards and the tops players faced."""
    idx = {"play": (2, 5), "draw": (4,), "keep": ()}
    return {e[i] for e in log for i in idx[e[0]]}


def event_cards(events) -> set:
    out = set()
    for e in events:
        out |= set(e.get("cards") or [])
        out |= {c for h in e.get("hands") or [] for c in h}
        if isinstance(e.get("card"), int):
            out.add(e["card"])
    return out


class Watch:
    """Checks every seat's and the spectator's view and events after each step of a match:
    no card the seat may not see (another hand before the round's end, the draw pile; a log
    naming only cards that were on the discard pile this round), and no wish or pending
    seven once a round is over or before the new round's start card sets one."""

    def __init__(self, n: int):
        self.n = n
        self.public: set = set()      # cards on the discard pile at some point of this round
        self.round_no = 0
        self.round_ends = self.bube_ends = 0

    def step(self, s, events) -> None:
        if s.round_no != self.round_no:
            self.round_no = s.round_no
            self.public = set()
            top = s.discard[0]
            assert s.wish in (None, s.suit[top] if s.jack[top] else None)
            assert s.pending in (0, 2 if s.rank[top] == "7" else 0)
        self.public |= set(s.discard)
        over = s.phase in ("round_over", "match_over")
        if over:
            assert s.wish is None and s.pending == 0 and s.drawn is None, "an effect outlived its round"
            if any(e["type"] == "round_over" for e in events):
                self.round_ends += 1
                self.bube_ends += any(e["type"] == "wish" for e in events)
        log = GAME.view(s, None)["log"]            # the same public log in every view
        check_log(log)
        assert log_cards(log) <= self.public, "the log names a card never shown"
        for seat in list(range(self.n)) + [None]:
            v = GAME.view(s, seat)
            hidden = set(s.draw)
            if not over:
                hidden |= {c for i, h in enumerate(s.hands) if i != seat for c in h}
            assert not view_cards(v) & hidden, (seat, s.phase, "a view shows a hidden card")
            assert v["log"] == log
            assert not event_cards(GAME.filter_events(events, seat)) & hidden, (seat, "an event shows a hidden card")
            assert v["hand"] == ([] if seat is None else sorted(s.hands[seat], key=lambda c: (c % 32, c)))
            if over:
                assert v["wish"] is None and v["pending"] == 0 and v["drawn"] is None and v["legal"] == []
            elif seat is not None and s.phase in ("play", "drawn"):
                check_view(s, seat, v)


def play_match(rules, n, seed, rounds, rng, *, views=True, illegal=True, end_at=None, watch=None, picker=pick):
    """Plays a whole match with checks at every step; returns (state, actions, rounds played).
    ``end_at``: the host ends the match after that many moves; ``watch``: the Watch to use;
    ``picker(rng, state, moves)`` chooses the moves."""
    state, ev = GAME.new_match(rules, n, seed, rounds)
    check_events(ev, n)
    if views and watch is None:
        watch = Watch(n)
    actions = []
    decisions = 0
    played = 0
    while True:
        assert card_conservation(state)
        if watch:
            watch.step(state, ev)
        if state.phase == "match_over":
            return state, actions, played + 0
        if decisions == end_at:
            actions.append(("end_match",))
            state, ev = GAME.end_match(state)
            continue
        if state.phase == "round_over":
            played += 1
            actions.append(("next_round",))
            state, ev = GAME.next_round(state)
            check_events(ev, n)
            continue
        seat = state.to_move
        moves = GAME.legal_moves(state)
        assert moves
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
        move = picker(rng, state, moves)
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


@pytest.mark.parametrize("tid", TEMPLATE_ORDER)
def test_no_view_shows_a_hidden_card_and_no_wish_or_penalty_outlives_a_round(tid):
    """Small matches, every seat and the spectator checked after every step (Watch), some
    matches ended by the host in the middle of a round."""
    rules = load_template(tid)
    lo, hi = GAME.players_range(rules)
    rng = random.Random(f"watch:{tid}")
    ends = bube_ends = 0
    for seed in range(40):
        n = lo + seed % (hi - lo + 1)
        watch = Watch(n)
        end_at = rng.randrange(5, 60) if seed % 4 == 3 else None
        state, actions, _ = play_match(rules, n, f"w{seed}", 2, rng, illegal=False, end_at=end_at, watch=watch,
                                       picker=pick_bube_last)
        assert state.phase == "match_over"
        ends += watch.round_ends
        bube_ends += watch.bube_ends
        if end_at is not None:
            assert fingerprint(GAME.replay(rules, n, f"w{seed}", actions, 2)) == fingerprint(state)
    assert ends >= 50 and bube_ends >= 5          # rounds won with a Bube were among them


def pick_bube_last(rng: random.Random, state, moves):
    """``pick``, but mostly keeping a Bube for the last card (so rounds end with a wish)."""
    if rng.random() < 0.9:
        others = [m for m in moves if not (m.kind == "play" and state.jack[m.card])]
        if any(m.kind == "play" for m in others):
            moves = others
    return pick(rng, state, moves)


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


def test_the_views_log_is_the_states_log_through_clones_new_rounds_and_copies():
    """The view turns each log entry into a list once per state (view.wire_log): every view's
    log still equals the state's log after every step, in a clone that goes its own way, in a
    new round (a new, shorter log) and when a view's log is changed by its reader."""
    import copy
    rules = load_template("MM-STD")
    rng = random.Random(7)
    state, _ = GAME.new_match(rules, 3, 7, 2)
    twin = None
    for step in range(3000):
        if state.phase == "match_over":
            break
        if state.phase == "round_over":
            state, _ = GAME.next_round(state)
        else:
            GAME.apply_inplace(state, state.to_move, rng.choice(GAME.legal_moves(state)))
        want = [list(x) for x in state.log]
        got = GAME.view(state, step % 3)["log"]
        assert got == want
        got.append(["reader's own line"])                       # a reader changing its view's list
        assert GAME.view(state, None)["log"] == want
        if step == 40:
            twin = GAME.clone(state)
        if twin is not None and twin.phase not in ("round_over", "match_over") and step % 2:
            GAME.apply_inplace(twin, twin.to_move, rng.choice(GAME.legal_moves(twin)))
            assert GAME.view(twin, 0)["log"] == [list(x) for x in twin.log]
        shallow = copy.copy(state)                               # the leak check's copies share the log
        assert GAME.view(shallow, 1)["log"] == want
    assert state.phase == "match_over" and state.round_no == 2

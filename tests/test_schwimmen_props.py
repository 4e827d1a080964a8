"""Schwimmen properties over thousands of seeded random rounds per template: cards conserved,
every match ends with one winner, only legal moves accepted, no card a seat may not see in
any view or event of any seat or the spectator at any time (deal, Feuer, moves, showdown,
match end; the dealer's unseen hand never), nothing of a round left in the next, replay and
determinism."""
from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from felt import games
from felt.contract.base import IllegalMove
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


def _cards_in_events(events) -> set:
    out = set()
    for e in events:
        for k in ("cards", "middle", "give", "take", "discarded", "hands"):
            x = e.get(k)
            if isinstance(x, int):
                out.add(x)
            elif isinstance(x, list):
                for y in x:
                    out |= set(y) if isinstance(y, list) else ({y} if isinstance(y, int) else set())
    return out


class Watch:
    """Checks every seat's and the spectator's view and filtered events after a step:

    * a seat sees its own hand (the dealer, while choosing: the hand it looks at), the middle,
      the discarded middles and the cards taken from the middle; after the showdown every hand
      in the round; nothing else (never the stock);
    * the six cards dealt to the dealer with dealer's choice: until the dealer keeps or takes,
      nobody but the dealer sees any of them before the showdown, and nobody ever sees more
      than three (the unseen hand stays unseen, §5);
    * a new round starts with nothing of the last one: no knock, no turns, no taken cards,
      no showdown."""

    def __init__(self):
        self.round_no = 0
        self.dealt_to_dealer: set = set()
        self.chosen = True
        self.choosing = False
        self.seen_of_dealer: set = set()
        self.feuer_before_choice = 0
        self.steps = 0

    def new_match(self) -> None:
        self.round_no = 0

    def step(self, s, events) -> None:
        self.steps += 1
        if s.round_no != self.round_no:
            self.round_no = s.round_no
            assert s.knocker == -1 and s.final_left == [] and s.passes == 0 and s.turns == 0
            assert not any(s.taken) and not s.discarded
            others = {c for i, h in enumerate(s.hands) if i != s.dealer for c in h}
            self.dealt_to_dealer = set(range(32)) - set(s.stock) - others if s.rules.dealer_choice else set()
            self.chosen = not s.rules.dealer_choice
            self.choosing = s.phase == "dealer_choice"
            self.seen_of_dealer = set()
            if s.phase == "round_over" and s.showdown["reason"] == "feuer" and not self.chosen:
                self.feuer_before_choice += 1
        elif self.choosing and s.phase != "dealer_choice":
            self.choosing = False          # the dealer kept or took (or the host ended the match)
            self.chosen = True
        over = s.phase in ("round_over", "match_over")
        public = set(s.middle) | {c for m in s.discarded for c in m} | {c for t in s.taken for c in t}
        if over and s.showdown is not None:
            public |= {c for i in range(s.n) if s.in_round[i] for c in s.hands[i]}
        for seat in list(range(s.n)) + [None]:
            v = G.view(s, seat)
            assert "seed" not in v and "stock_cards" not in v
            own = set()
            if seat is not None:
                choosing = s.phase == "dealer_choice" and seat == s.dealer
                own = set(s.dealer_hands[0] if choosing else s.hands[seat])
            assert set(v["hand"]) == own
            allowed = public | own
            shown = _cards_in_view(v)
            assert shown <= allowed, (seat, s.phase, "a view shows a card the seat may not see")
            assert _cards_in_events(G.filter_events(events, seat)) <= allowed, (seat, s.phase, "an event shows one")
            assert not shown & set(s.stock)
            if not self.chosen:
                mine = shown & self.dealt_to_dealer
                if seat != s.dealer and not over:
                    assert not mine, (seat, "sees the dealer's cards before the choice")
                self.seen_of_dealer |= mine
                assert len(self.seen_of_dealer) <= 3, "the dealer's unseen hand was shown"
            if s.phase in ("play", "dealer_choice"):
                assert v["showdown"] is None and (v["legal"] != []) == (seat == s.to_move)
            else:
                assert v["legal"] == [] and v["may_knock"] is False
                if s.showdown is not None:
                    assert all(v["showdown"]["hands"][i] == s.hands[i] for i in range(s.n) if s.in_round[i])


def watched_match(r, n, seed, rng, watch, end_at=None):
    """A whole match of random legal moves, ``watch`` checking after every step; the host
    ends the match after ``end_at`` moves if given."""
    s, ev = G.new_match(r, n, seed)
    watch.new_match()
    moves = 0
    while True:
        watch.step(s, ev)
        if s.phase == "match_over":
            return s
        if moves == end_at:
            s, ev = G.end_match(s)
        elif s.phase == "round_over":
            s, ev = G.next_round(s)
        else:
            ev = G.apply_inplace(s, s.to_move, rng.choice(G.legal_moves(s)))
            moves += 1


class TieBreak:
    """Checks the tie-break of a fixed-rounds match at every step (``step``) and at its end
    (``end``), from what the rounds left, not from the engine's own bookkeeping:

    * a round before the set rounds are over, and one after them with no tie, is dealt to
      everyone still in; a Stechen round only to the players tied for the fewest lives lost
      (after the set rounds, then after each Stechen round among its players): the others
      hold no card, get no turn, never deal and lose nothing;
    * the Stechen players shrink or stay, never more than ``MAX_STECHEN`` rounds;
    * the winner is the one alone with the fewest lives lost among the last Stechen's players
      (without a Stechen: among everyone still in), or after ``MAX_STECHEN`` rounds still tied
      the best hand of the last Stechen round among the tied; the match's places put the
      players of each Stechen before those who sat it out."""

    def __init__(self):
        self.matches = self.with_stechen = self.stechen_rounds = self.shrank = self.limit = self.went_out = 0
        self.new_match()

    def new_match(self) -> None:
        self.ends: dict = {}          # round_no -> (lost, out) at its end
        self.pools: list = []         # the players of each Stechen round, as the rounds left them

    def _tied(self, pool, lost, out) -> list[int]:
        pool = [i for i in pool if not out[i]]
        best = min(lost[i] for i in pool)
        return [i for i in pool if lost[i] == best]

    def step(self, s) -> None:
        limit = s.rounds_limit
        k = s.round_no - limit if limit else 0
        over = s.phase in ("round_over", "match_over")
        if k <= 0:
            if not over:
                assert not s.stechen and s.in_round == [not o for o in s.out]
        else:
            if len(self.pools) < k:                    # a Stechen round was dealt
                lost, out = self.ends[s.round_no - 1]
                self.pools.append(self._tied(self.pools[-1] if k > 1 else range(s.n), lost, out))
            pool = self.pools[k - 1]
            assert len(pool) >= 2 and k <= E.MAX_STECHEN
            assert [i for i in range(s.n) if s.in_round[i]] == pool and s.dealer in pool
            if not over:
                assert s.stechen == pool and s.to_move in pool
                assert s.sitting_out() == [i for i in range(s.n) if not s.out[i] and i not in pool]
            for i in range(s.n):
                if i not in pool:                  # sits out: no card, no turn, nothing lost
                    assert s.hands[i] == [] and s.taken[i] == [] and i not in s.final_left and s.knocker != i
                    assert s.lost[i] == self.ends[s.round_no - 1][0][i]
                    if not over:
                        v = G.view(s, i)
                        assert v["hand"] == [] and v["legal"] == [] and (i in v["sitting_out"]) != s.out[i]
        if over and s.round_no not in self.ends:
            self.ends[s.round_no] = (list(s.lost), list(s.out))

    def end(self, s) -> None:
        limit = s.rounds_limit
        if not limit or s.decided in ("last_left", "ended"):
            return
        self.matches += 1
        assert s.stechen_rounds == self.pools[:len(s.stechen_rounds)] and len(self.pools) == len(s.stechen_rounds)
        lost, out = self.ends[s.round_no]
        places = E.match_places(s)
        assert places[0] == s.winner and sorted(places) == list(range(s.n))
        if not self.pools:
            assert s.decided == "fewest" and self._tied(range(s.n), lost, out) == [s.winner]
            return
        self.with_stechen += 1
        self.stechen_rounds += len(self.pools)
        self.shrank += len(self.pools[-1]) < len(self.pools[0])
        self.went_out += any(out[i] for i in self.pools[0])
        assert s.round_no == limit + len(self.pools) and len(self.pools) <= E.MAX_STECHEN
        for a, b in zip(self.pools, self.pools[1:]):
            assert set(b) <= set(a)
        tied = self._tied(self.pools[-1], lost, out)
        if len(tied) == 1:
            assert s.decided == "stechen" and tied == [s.winner]
        else:
            self.limit += 1
            assert s.decided == "stechen_limit" and len(self.pools) == E.MAX_STECHEN
            assert s.winner == next(i for i in s.history[-1] if i in tied)     # the best hand of the last
        for pool in self.pools:          # the players of a Stechen before those who sat it out
            assert set(places[:len(pool)]) == set(pool)


def _conserved(s):
    if s.phase != "match_over":
        assert sorted(s.all_cards()) == list(range(32))
    for i in range(s.n):
        if s.phase in ("play",) and s.in_round[i]:
            assert len(s.hands[i]) == 3
    assert len(s.middle) in (0, 3)


@pytest.mark.parametrize("tid", TEMPLATES)
def test_cards_conserved_and_every_match_ends_with_one_winner(tid):
    """Also the Watch at each round's deal and end (views of all seats and the spectator) in
    every other match."""
    r = G.template(tid)
    rng = random.Random(tid)
    total = 0
    seed = 0
    watch, ties = Watch(), TieBreak()

    def check(s):
        _conserved(s)
        ties.step(s)
        if seed % 2 == 0 and (s.round_no != watch.round_no or s.phase in ("round_over", "match_over")):
            watch.step(s, [])
    while total < 2000:
        n = 2 + seed % 8
        watch.new_match()
        ties.new_match()
        s, _, rounds, _ = random_match(r, n, f"{tid}:{seed}", rng, on_step=check)
        total += rounds
        seed += 1
        assert s.phase == "match_over" and s.winner is not None and 0 <= s.winner < n
        left = s.in_play()
        if r.match_end == "last_left":
            assert left == [s.winner]
        else:
            ties.end(s)
            assert s.round_no <= r.rounds + E.MAX_STECHEN
            assert r.rounds <= s.round_no or left == [s.winner]    # early: all others went out
        assert sum(s.lost) >= 1
        for i in range(n):        # lives bookkeeping
            assert s.lives[i] == max(0, r.lives - s.lost[i]) or s.swimming[i]
    if r.match_end == "rounds":   # the random matches reach tie-breaks, some of them among fewer
        assert ties.with_stechen >= 50 and ties.shrank >= 10, vars(ties)


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
def test_no_view_or_event_shows_a_card_its_seat_may_not_see(tid):
    """Every seat and the spectator after every step of small matches, some ended by the
    host in the middle of a round."""
    r = G.template(tid)
    rng = random.Random(f"view:{tid}")
    watch = Watch()
    for seed in range(30):
        end_at = rng.randrange(3, 80) if seed % 5 == 4 else None
        s = watched_match(r, 2 + seed % 6, seed, rng, watch, end_at)
        assert s.phase == "match_over"
    assert watch.steps > 1000


@pytest.mark.parametrize("tid", [t for t in TEMPLATES if G.template(t).dealer_choice])
def test_deals_show_nobody_a_hidden_card(tid):
    """Thousands of deals with dealer's choice (every player count): the views and events of
    the deal, and of the round's end where Feuer ends it at once, before the dealer has chosen."""
    r = G.template(tid)
    watch = Watch()
    for seed in range(2400):
        s, ev = G.new_match(r, 2 + seed % 8, f"deal:{seed}")
        watch.new_match()
        watch.step(s, ev)
    assert watch.feuer_before_choice >= 8 or not r.feuer


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
       seat=st.integers(-1, 9), one_round=st.booleans())
def test_only_legal_moves_are_accepted(seed, steps, n, tid, wire, seat, one_round):
    """Also in Stechen rounds (one set round: the tied play on, the others may not move)."""
    r = G.template(tid)
    rng = random.Random(seed)
    s, _ = G.new_match(r, n, seed, 1 if one_round else None)
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


# fixed-rounds variants that tie often: one set round (many tied), two lives without swimming
# and a knocker losing double (players go out in a Stechen, or would all go out), Feuer off
# and a showdown when all pass
TIE_VARIANTS = {
    "one-round": dict(match_end="rounds", rounds=1),
    "two-lives": dict(match_end="rounds", rounds=2, lives=2, swimming=False, knocker_double=True),
    "no-feuer": dict(match_end="rounds", rounds=3, feuer=False, all_pass="showdown", dealer_choice=False),
}


@pytest.mark.parametrize("bound", [E.MAX_STECHEN, 1])
@pytest.mark.parametrize("variant", sorted(TIE_VARIANTS))
def test_tie_breaks_over_random_fixed_round_matches(variant, bound, monkeypatch):
    """Random matches of 2–9 players that end in ties: the Stechen is played by the tied only
    (TieBreak), cards are conserved, no view or event shows a hidden card (Watch), and every
    match ends; with the bound lowered to one Stechen round, matches also end by it."""
    monkeypatch.setattr(E, "MAX_STECHEN", bound)
    r = dataclasses.replace(G.template("SW-STD"), **TIE_VARIANTS[variant])
    rng = random.Random(f"ties:{variant}")
    watch, ties = Watch(), TieBreak()
    for seed in range(60):
        n = 2 + seed % 8
        watch.new_match()
        ties.new_match()

        def check(s):
            _conserved(s)
            ties.step(s)
            if seed % 3 == 0:
                watch.step(s, [])
        s, _, _, _ = random_match(r, n, f"ties:{variant}:{seed}", rng, on_step=check, max_rounds=r.rounds + bound + 1)
        ties.end(s)
        assert s.phase == "match_over" and s.winner is not None
    assert ties.with_stechen >= 15, vars(ties)
    if bound == 1:
        assert ties.limit >= 3, vars(ties)
    else:
        assert ties.shrank >= 3, vars(ties)
    if variant == "two-lives":
        assert ties.went_out >= 3, vars(ties)         # a Stechen player went out in it


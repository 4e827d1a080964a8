"""Property tests over many seeded random games: cards conserved, every move legal,
every round ends, places a permutation, no seat's (or the spectator's) view or events ever
hold a card it may not know (after every step: deal, exchange, plays, round and match end,
the host ending a match mid-round), and no pile, trick, pass or pending skip outlives its
round. Plus a brute-force cross-check of legal-move generation."""
from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from felt.games.praesident.engine import (
    IllegalMove,
    Move,
    apply_inplace,
    check_move,
    classify,
    end_match,
    filter_events,
    is_legal,
    legal_moves,
    new_match,
    next_round,
    view,
)
from felt.games.praesident.rules import CHOICES, Rules, RulesError, list_templates
from tests.helpers import random_match, random_round

TEMPLATES = list_templates()


def card_ids_in(obj, out):
    """Every int under a 'cards'/'hand'/'gave'/'got'/'played' key, recursively."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("cards", "hand", "gave", "got", "played") and isinstance(v, list):
                out.update(x for x in v if isinstance(x, int))
            else:
                card_ids_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            card_ids_in(v, out)
    return out


class Checker:
    """Checks invariants after every step of a game."""

    def __init__(self, full_views: bool):
        self.full_views = full_views
        self.known: dict[int, set[int]] = {}

    def start(self, s, events):
        self.known = {seat: set(s.hands[seat]) for seat in range(s.n)}
        # The draw for the dealer is done face up and the cards go back before the deal.
        self.drawn = {c for e in events if e["type"] == "draw" for c in e["cards"]}
        self.check(s, events)

    def check(self, s, events):
        deck = set(range(len(s.deck)))
        held = [c for h in s.hands for c in h]
        assert len(held) == len(set(held))
        assert not set(held) & set(s.played)
        assert set(held) | set(s.played) == deck, "cards lost or invented"
        assert len(s.played) == len(set(s.played))
        if s.phase in ("play", "exchange"):
            assert s.hands[s.to_move], "the seat on turn holds no cards"
        for seat in range(s.n):
            self.known[seat] |= set(s.hands[seat])
        if not self.full_views:
            return
        public = set(s.played) | (self.drawn if s.round_no == 1 else set())
        for seat in list(range(s.n)) + [None]:
            v = view(s, seat)
            assert "seed" not in v and "deck" not in v
            own = set(s.hands[seat]) if seat is not None else set()
            assert set(v["hand"]) == own
            allowed = public | (self.known[seat] if seat is not None else set())
            assert card_ids_in(v, set()) <= allowed | own, f"seat {seat} sees a foreign card"
            fe = filter_events(events, seat)
            assert all("_private" not in e for e in fe)
            assert card_ids_in(fe, set()) <= allowed | own, f"seat {seat} gets a foreign card in events"
            if seat is None:
                assert v["hand"] == [] and v["exchange"] == []
            if s.phase in ("round_over", "match_over"):
                assert v["legal"] == [] and v["to_move"] is None
        if s.phase == "round_over" or (s.phase == "match_over" and any(e["type"] == "round_over" for e in events)):
            # the round's last play ends its trick: no pile, trick or pending skip is left
            assert s.pile is None and s.trick == [] and not s.skip_next and s.to_move is None
            assert all(v["pile"] is None and v["trick"] == [] for v in (view(s, None), view(s, 0)))

    def new_round(self, s, events):
        """A round just dealt: nothing of the last round is left in it."""
        assert s.pile is None and s.trick == [] and not any(s.passed) and s.skipped is None
        assert not s.skip_next and not s.revolution and s.places == [] and s.played == []
        for seat in range(s.n):
            self.known[seat] = set(s.hands[seat])
        for e in events:
            if e["type"] == "exchange_auto":
                self.known[e["to"]] |= set(e["_private"]["data"]["cards"])
                self.known[e["seat"]] |= set(e["_private"]["data"]["cards"])
        self.check(s, events)

    def on_step(self, s, seat, move, events):
        # Cards received in the exchange become known to the receiving seat.
        for e in events:
            if e["type"] in ("exchange_auto", "give"):
                self.known[e["to"]] |= set(e["_private"]["data"]["cards"])
                self.known[e["seat"]] |= set(e["_private"]["data"]["cards"])
        self.check(s, events)


def play_checked(rules, n, seed, rounds, full_views):
    checker = Checker(full_views)
    s, events = new_match(rules, n, seed, rounds=rounds)
    checker.start(s, events)
    rng = random.Random(seed)
    total = 0
    while True:
        moves_seen = []

        def step(st_, seat, m, ev):
            moves_seen.append(m)
            checker.on_step(st_, seat, m, ev)

        before_round = s.round_no
        total += random_round(s, rng, step)
        assert sorted(s.places) == list(range(n)), "places are not a permutation"
        assert s.history[-1] == s.places and s.round_no == before_round
        if s.phase == "match_over":
            break
        s, events = next_round(s)
        checker.new_round(s, events)
    assert [sum(row) for row in s.standings] == [rounds] * n
    assert sorted(sum(s.standings[seat][p] for seat in range(n)) for p in range(n)) == [rounds] * n
    return total


@pytest.mark.parametrize("rules", TEMPLATES, ids=[r.id for r in TEMPLATES])
def test_templates_with_views(rules):
    """Every player count, a few seeds, two rounds each, views and events checked at every step."""
    for n in range(rules.min_players, rules.max_players + 1):
        for seed in range(2):
            play_checked(rules, n, seed * 100 + n, rounds=2, full_views=True)


@pytest.mark.parametrize("rules", TEMPLATES, ids=[r.id for r in TEMPLATES])
def test_the_host_ending_a_match_mid_round_shows_nobody_a_foreign_card(rules):
    """Matches ended by the host at a random step of the first or second round (exchange
    included): every seat's and the spectator's view of the final table."""
    for seed in range(6):
        n = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        rng = random.Random(seed)
        checker = Checker(full_views=True)
        s, events = new_match(rules, n, seed, rounds=3)
        checker.start(s, events)
        if seed % 2:
            random_round(s, rng)
            s, events = next_round(s)
            checker.new_round(s, events)
        for _ in range(rng.randrange(0, 40)):
            if s.phase not in ("play", "exchange"):
                break
            seat = s.to_move
            move = rng.choice(legal_moves(s))
            checker.on_step(s, seat, move, apply_inplace(s, seat, move))
        s, events = end_match(s)
        assert s.phase == "match_over"
        checker.check(s, events)


@pytest.mark.parametrize("rules", TEMPLATES, ids=[r.id for r in TEMPLATES])
def test_templates_many_rounds(rules):
    """Hundreds of rounds per template: conservation, termination, legality, permutation."""
    rng = random.Random(rules.id)
    rounds = 0
    for n in range(rules.min_players, rules.max_players + 1):
        s = random_match(rules, n, seed=rng.randrange(10**6), rounds=40)
        assert s.phase == "match_over"
        rounds += len(s.history)
    assert rounds >= 120


def _random_rules(draw_choice, draw_bool, draw_int):
    style = draw_choice(("french", "jass"))
    from felt.cards import FRENCH_RANKS, JASS_RANKS
    base = FRENCH_RANKS if style == "french" else JASS_RANKS
    start = draw_int(0, len(base) - 6)
    ranks = list(base[start:])
    if style == "french" and draw_bool() and "2" in ranks:  # 2 on top
        ranks.remove("2")
        ranks.append("2")
    kw = dict(
        suits=style, ranks=tuple(ranks), copies=draw_choice((1, 2)), jokers=draw_choice((0, 0, 1, 2)),
        joker_power=draw_choice(CHOICES["joker_power"]), largest_set=draw_choice((4, 8)),
        sequences=draw_bool(), equal_beats=draw_bool(), passing=draw_choice(CHOICES["passing"]),
        quad_clears=draw_choice(CHOICES["quad_clears"]), twos_clear=draw_bool(), eights_clear=draw_bool(),
        eight_skips=draw_bool(), revolution=draw_bool(), first_leader=draw_choice(("first_seat", "draw", "random")),
        leftover=draw_choice(CHOICES["leftover"]), exchange=draw_bool(), schnorren=draw_bool(),
        titles=draw_choice(CHOICES["titles"]),
    )
    if kw["jokers"] == 0 and style == "jass" and draw_bool():
        kw["joker_card"] = "R" + ranks[0]
    if "2" not in ranks:
        kw["twos_clear"] = False
    if "8" not in ranks:
        kw["eights_clear"] = kw["eight_skips"] = False
    return Rules(id="RANDOM", name="Zufall", **kw)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10**6))
def test_random_option_combinations(data, seed):
    rules = _random_rules(
        lambda xs: data.draw(st.sampled_from(xs)), lambda: data.draw(st.booleans()),
        lambda a, b: data.draw(st.integers(a, b)),
    )
    try:
        rules.validate()
    except RulesError:
        return  # impossible combinations are refused with an error; nothing to play
    n = data.draw(st.integers(rules.min_players, rules.max_players))
    play_checked(rules, n, seed, rounds=2, full_views=True)


# ---------------------------------------------- legal moves vs brute force
def _signature(s, cards):
    p = classify(s, cards, s.pile.kind if s.pile else None)
    jokers = sum(1 for c in cards if s.rk[c] < 0)
    if p.kind == "seq":
        return ("seq", p.lo, p.hi, jokers)
    return (p.kind, p.size, p.lo, jokers)


def _brute_force_check(s):
    seat = s.to_move
    hand = s.hands[seat]
    canon = legal_moves(s)
    plays = [m for m in canon if m.kind == "play"]
    for m in canon:
        check_move(s, seat, m)  # every generated move is legal
    sigs = {_signature(s, m.cards) for m in plays}
    assert len(sigs) == len(plays) or s.rules.sequences, "duplicate canonical set moves"
    limit = min(len(hand), max(s.rules.largest_set, len(hand) if s.rules.sequences else 0))
    for k in range(1, limit + 1):
        for combo in combinations(hand, k):
            m = Move("play", combo)
            if is_legal(s, seat, m):
                assert _signature(s, combo) in sigs, f"legal play {combo} missing from legal_moves"


@pytest.mark.parametrize("tid", ["PR-002", "PR-005", "FOLGEN", "JASS36"])
def test_legal_moves_match_brute_force(tid):
    from felt.games.praesident.rules import load_rules
    variants = [load_rules(tid)]
    variants.append(variants[0].replace(jokers=2, joker_power="both", revolution=True,
                                        largest_set=max(variants[0].largest_set, 4)))
    for rules in variants:
        for seed in range(6):
            s, _ = new_match(rules, 4, seed, rounds=1)
            rng = random.Random(seed)
            steps = 0
            while s.phase == "play":
                if len(s.hands[s.to_move]) <= 9:
                    _brute_force_check(s)
                moves = legal_moves(s)
                apply_inplace(s, s.to_move, rng.choice(moves))
                steps += 1


def test_random_selections_rejected_without_change():
    from felt.games.praesident.rules import load_rules
    rng = random.Random(5)
    for tid in ("PR-002", "FOLGEN", "JASS36"):
        s, _ = new_match(load_rules(tid), 4, 1)
        for _ in range(300):
            if s.phase != "play":
                break
            seat = s.to_move
            other = rng.choice([x for x in range(4) if x != seat])
            before = view(s, seat)
            for bad in (Move("play", tuple(s.hands[other][:1])), Move("play", ()), Move("give", ()),
                        Move("play", (10**6,))):
                with pytest.raises(IllegalMove):
                    apply_inplace(s, seat, bad)
            if s.hands[other]:
                with pytest.raises(IllegalMove):
                    apply_inplace(s, other, legal_moves(s)[0])
            assert view(s, seat) == before
            apply_inplace(s, seat, rng.choice(legal_moves(s)))


def test_same_seed_same_match():
    from felt.games.praesident.rules import load_rules
    a = random_match(load_rules("PR-002"), 5, seed=42, rounds=3)
    b = random_match(load_rules("PR-002"), 5, seed=42, rounds=3)
    assert a.history == b.history and a.standings == b.standings
    c = random_match(load_rules("PR-002"), 5, seed=43, rounds=3)
    assert c.history != a.history or c.played != a.played


@pytest.mark.parametrize("tid,n", [("PR-002", 5), ("JASS36", 4), ("P52", 3)])
def test_exchange_choices_are_every_distinct_choice_once(tid, n):
    from felt.games.praesident.rules import load_rules
    for seed in range(3):
        s, _ = new_match(load_rules(tid), n, seed, rounds=2)
        random_round(s, random.Random(seed))
        s, _ = next_round(s)
        while s.phase == "exchange":
            moves = legal_moves(s)
            if moves[0].kind == "give":
                k = len(moves[0].cards)
                hand = s.hands[s.to_move]
                expected = {tuple(sorted(s.face[c] for c in combo)) for combo in combinations(hand, k)}
                got = [tuple(sorted(s.face[c] for c in m.cards)) for m in moves]
                assert len(got) == len(set(got)) and set(got) == expected
            apply_inplace(s, s.to_move, moves[-1])

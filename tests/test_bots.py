"""Bots: legal play across every template and option, view-only decisions, heuristics."""
from __future__ import annotations

import copy
import random

import msgpack
import pytest

from felt.games.praesident.bots import HardBot, make_bot
from felt.games.praesident.bots.cardinfo import deck_info
from felt.games.praesident.bots.determinize import build_state, constraints_from_view, sample_hands
from felt.games.praesident.bots.policy import wish_ranks
from felt.cards import card_from_code
from felt.games.praesident.engine import (
    Move,
    apply_inplace,
    is_legal,
    legal_moves,
    new_match,
    next_round,
    view,
)
from felt.games.praesident.engine.core import position
from felt.games.praesident.rules import list_templates, load_rules

# Rule sets beyond the templates, so every option is exercised at least once.
VARIANTS = [
    ("FOLGEN", dict(jokers=2, joker_power="both", revolution=True, eights_clear=True, schnorren=True)),
    ("FOLGEN", dict(jokers=1, joker_power="wild", passing="forced")),
    ("PR-002", dict(jokers=2, joker_power="wild", revolution=True, quad_clears="4plus", eight_skips=True)),
    ("P52", dict(twos_clear=True, jokers=2, joker_power="beats_all", leftover="last")),
    ("JASS36", dict(joker_card="R6", joker_power="both", revolution=True)),
    ("JASS52", dict(jokers=1, joker_power="beats_all", eights_clear=True)),
]


def all_rule_sets():
    out = [(r.id, r) for r in list_templates()]
    for base, kw in VARIANTS:
        r = load_rules(base).replace(**kw)
        r.validate(4)
        out.append((f"{base}+{'+'.join(kw)}", r))
    return out


def play_rounds(rules, levels, rounds, seed, think_ms=None):
    """Play ``rounds`` rounds (matches of up to 4 rounds, so exchanges happen); assert
    every move a bot picks is legal. Returns the number of decisions."""
    n = len(levels)
    bots = [make_bot(lv, seed=seed * 10 + i, think_ms=think_ms) for i, lv in enumerate(levels)]
    played = decisions = 0
    match = 0
    while played < rounds:
        state, _ = new_match(rules, n, f"t{seed}:{match}", rounds=min(4, rounds - played))
        while True:
            if state.phase in ("play", "exchange"):
                seat = state.to_move
                v = view(state, seat)
                move = bots[seat].choose(v)
                assert isinstance(move, Move)
                assert is_legal(state, seat, move), (rules.id, state.phase, move, v["legal"])
                apply_inplace(state, seat, move)
                decisions += 1
                continue
            played += 1
            assert sorted(state.places) == list(range(n))
            if state.phase == "match_over" or played >= rounds:
                break
            state, _ = next_round(state)
        match += 1
    return decisions


@pytest.mark.parametrize("name,rules", all_rule_sets(), ids=[x[0] for x in all_rule_sets()])
def test_easy_and_normal_always_legal(name, rules):
    """Hundreds of seeded rounds per rule set (thousands in all), mixed tables and sizes."""
    rng = random.Random(name)
    total = 0
    for k, n in enumerate(sorted({rules.min_players, 4, min(rules.max_players, 6)})):
        levels = [rng.choice(["easy", "normal"]) for _ in range(n)]
        levels[0], levels[-1] = "normal", "easy"
        total += play_rounds(rules, levels, 60, seed=k + 1)
    assert total > 1000


@pytest.mark.soak
@pytest.mark.parametrize("name,rules", all_rule_sets(), ids=[x[0] for x in all_rule_sets()])
def test_easy_and_normal_always_legal_soak(name, rules):
    for n in range(rules.min_players, rules.max_players + 1):
        play_rounds(rules, (["normal", "easy"] * 4)[:n], 300, seed=n)


@pytest.mark.parametrize("rid", ["PR-002", "FOLGEN", "JASS36", "PR-005", "P52"])
def test_hard_legal_with_tiny_budget(rid):
    rules = load_rules(rid)
    play_rounds(rules, ["hard", "normal", "easy", "normal"], 3, seed=3, think_ms=3)


def test_hard_legal_on_variant_with_jokers_and_revolution():
    base, kw = VARIANTS[0]
    rules = load_rules(base).replace(**kw)
    play_rounds(rules, ["hard", "normal", "hard", "easy"], 2, seed=5, think_ms=3)


# ------------------------------------------------------------ view only

def _midgame(rid="PR-002", n=4, seed=11, moves=9):
    rules = load_rules(rid)
    state, _ = new_match(rules, n, seed)
    bots = [make_bot("normal", seed=i) for i in range(n)]
    for _ in range(moves):
        seat = state.to_move
        apply_inplace(state, seat, bots[seat].choose(view(state, seat)))
    return rules, state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_choose_rejects_a_state(level):
    _, state = _midgame()
    bot = make_bot(level, seed=1, think_ms=5)
    with pytest.raises(TypeError):
        bot.choose(state)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_choose_works_on_a_view_from_the_wire_and_does_not_change_it(level):
    """A view that went through msgpack (as on the network) is enough, and stays unchanged."""
    _, state = _midgame()
    seat = state.to_move
    v = msgpack.unpackb(msgpack.packb(view(state, seat)), strict_map_key=False)
    before = copy.deepcopy(v)
    move = make_bot(level, seed=2, think_ms=20).choose(v)
    assert v == before
    assert is_legal(state, seat, move)


def test_decision_ignores_hidden_cards():
    """Swapping cards between the *other* hands changes nothing the bot decides."""
    _, state = _midgame(moves=5)
    seat = state.to_move
    others = [s for s in range(state.n) if s != seat and len(state.hands[s]) > 1]
    a, b = others[0], others[1]
    alt = state.clone()
    alt.hands[a][0], alt.hands[b][0] = alt.hands[b][0], alt.hands[a][0]
    if hasattr(alt, "groups"):
        alt.groups = [None] * alt.n
    assert view(alt, seat) == view(state, seat)
    for level in ("easy", "normal", "hard"):
        m1 = make_bot(level, seed=7, think_ms=15).choose(view(state, seat))
        m2 = make_bot(level, seed=7, think_ms=15).choose(view(alt, seat))
        if level != "hard":  # the hard bot's search depends on the clock
            assert m1 == m2


def test_choose_needs_a_turn():
    _, state = _midgame()
    other = (state.to_move + 1) % state.n
    with pytest.raises(ValueError):
        make_bot("normal").choose(view(state, other))


def test_unknown_level():
    with pytest.raises(ValueError):
        make_bot("grandmaster")


# ------------------------------------------------------------ determinization

@pytest.mark.parametrize("rid", ["PR-002", "FOLGEN", "JASS36"])
def test_build_state_reproduces_the_table(rid):
    """With the true hands, the built world has the same view and legal moves as the game."""
    rules = load_rules(rid)
    state, _ = new_match(rules, 4, 3, rounds=3)
    bots = [make_bot("normal", seed=i) for i in range(4)]
    checked = 0
    for _step in range(400):
        if state.phase == "round_over":
            state, _ = next_round(state)
            continue
        if state.phase == "match_over":
            break
        seat = state.to_move
        v = view(state, seat)
        built = build_state(v, [list(h) for h in state.hands])
        assert legal_moves(built) == legal_moves(state)
        bv = view(built, seat)
        for key in ("hand", "counts", "pile", "trick", "passed", "places", "revolution", "played",
                    "legal", "exchange_pending", "phase", "to_move"):
            assert bv[key] == v[key], key
        checked += 1
        apply_inplace(state, seat, bots[seat].choose(v))
    assert checked > 60


def test_sampled_hands_are_consistent_with_the_view():
    rules = load_rules("PR-002")
    state, _ = new_match(rules, 4, 21, rounds=3)
    bots = [make_bot("normal", seed=i) for i in range(4)]
    rng = random.Random(1)
    info = deck_info(rules)
    seen_exchange = 0
    for _step in range(600):
        if state.phase == "round_over":
            state, _ = next_round(state)
            continue
        if state.phase == "match_over":
            break
        seat = state.to_move
        v = view(state, seat)
        fixed, forbidden = constraints_from_view(v, info)
        hands = sample_hands(v, rng, info, (fixed, forbidden))
        assert hands[seat] == v["hand"]
        assert [len(h) for h in hands] == v["counts"]
        allc = sorted(c for h in hands for c in h) + sorted(v["played"])
        assert sorted(allc) == list(range(info.n_cards))
        for c, s in fixed.items():
            assert c in hands[s]
            assert c in state.hands[s]  # the knowledge is true
        for c, bad in forbidden.items():
            for s in bad:
                assert c not in hands[s]
                assert c not in state.hands[s]
        if fixed or forbidden:
            seen_exchange += 1
        apply_inplace(state, seat, bots[seat].choose(v))
    assert seen_exchange > 5


# ------------------------------------------------------------ heuristics

def _ids(deck, codes):
    return [card_from_code(deck, c).id for c in codes]


def test_normal_goes_out_when_it_can():
    rules = load_rules("PR-002")
    deck = deck_info(rules).deck
    hands = [_ids(deck, ["H9", "S9"]), _ids(deck, ["HK", "SK", "C7"]), _ids(deck, ["D8", "C8"]),
             _ids(deck, ["HA"])]
    st = position(rules, hands, 0, pile_seat=3, pile_cards=_ids(deck, ["C7.2", "D7"]))
    move = make_bot("normal").choose(view(st, 0))
    assert sorted(move.cards) == sorted(hands[0])


def test_normal_leads_its_lowest_set_whole_and_keeps_twos():
    rules = load_rules("PR-002")
    deck = deck_info(rules).deck
    me = _ids(deck, ["H8", "S8", "CJ", "HQ", "DK", "H2"])
    hands = [me, _ids(deck, ["H7", "S7", "C9", "D9", "HA", "SA"]), _ids(deck, ["C10", "D10", "SJ", "DJ", "CK", "SK"]),
             _ids(deck, ["H10", "S10", "CQ", "DQ", "CA", "DA"])]
    st = position(rules, hands, 0)
    move = make_bot("normal").choose(view(st, 0))
    assert move.kind == "play"
    assert sorted(move.cards) == sorted(_ids(deck, ["H8", "S8"]))


def test_normal_follows_with_the_cheapest_play_that_breaks_nothing():
    rules = load_rules("PR-002")
    deck = deck_info(rules).deck
    me = _ids(deck, ["H8", "S8", "C10", "HQ", "DK", "H2", "S9", "D9", "CJ", "SJ", "DJ"])
    hands = [me, _ids(deck, ["H7", "S7", "C9", "DA", "HA", "SA"]), _ids(deck, ["C10.2", "D10", "SJ.2", "DJ.2", "CK", "SK"]),
             _ids(deck, ["H10", "S10", "CQ", "DQ", "CA", "C2"])]
    bot = make_bot("normal")
    # a single 9 on the pile: the single 10, not a card from a set and not the 2
    st = position(rules, hands, 0, pile_seat=3, pile_cards=_ids(deck, ["C9.2"]))
    move = bot.choose(view(st, 0))
    assert move.kind == "play" and move.cards == tuple(_ids(deck, ["C10"]))
    # a pair of 8s: the pair of 9s, not two of the three jacks
    st = position(rules, hands, 0, pile_seat=3, pile_cards=_ids(deck, ["C8", "D8"]))
    move = bot.choose(view(st, 0))
    assert sorted(move.cards) == sorted(_ids(deck, ["S9", "D9"]))
    # three 10s: the three jacks
    st = position(rules, hands, 0, pile_seat=3, pile_cards=_ids(deck, ["H10.2", "S10.2", "D10.2"]))
    move = bot.choose(view(st, 0))
    assert sorted(move.cards) == sorted(_ids(deck, ["CJ", "SJ", "DJ"]))


def test_normal_uses_a_sequence_of_low_singles_in_folgen():
    rules = load_rules("FOLGEN")
    deck = deck_info(rules).deck
    me = _ids(deck, ["H3", "H4", "H5", "CK", "SK", "D9", "S2"])
    hands = [me, _ids(deck, ["C3", "C4", "S6", "DA", "HA", "SA"]), _ids(deck, ["C10", "D10", "SJ", "DJ", "CQ", "SQ"]),
             _ids(deck, ["H10", "S10", "HQ", "DQ", "CA", "C2"])]
    st = position(rules, hands, 0)
    move = make_bot("normal").choose(view(st, 0))
    assert sorted(move.cards) == sorted(_ids(deck, ["H3", "H4", "H5"]))


def test_exchange_gives_back_low_singles_and_wishes_high():
    rules = load_rules("JASS36")
    info = deck_info(rules)
    assert wish_ranks(info, [], 1) == ("A",)
    state, _ = new_match(rules, 4, 8, rounds=3)
    bots = [make_bot("normal", seed=i) for i in range(4)]
    gave = wished = 0
    while state.phase != "match_over" and (gave < 2 or wished < 2):
        if state.phase == "round_over":
            state, _ = next_round(state)
            continue
        seat = state.to_move
        v = view(state, seat)
        move = bots[seat].choose(v)
        if move.kind == "give":
            hand = v["hand"]
            low = min(info.idx[c] for c in hand)
            per_rank = {}
            for c in hand:
                per_rank[info.idx[c]] = per_rank.get(info.idx[c], 0) + 1
            # gives loose cards (singletons) or its lowest rank; never an ace
            for c in move.cards:
                assert info.deck[c].rank != "A"
                assert per_rank[info.idx[c]] == 1 or info.idx[c] == low, (hand, move)
            gave += 1
        if move.kind == "wish":
            assert move.ranks and all(info.rank_index[r] >= info.n_ranks - 3 for r in move.ranks)
            wished += 1
        apply_inplace(state, seat, move)
    assert gave >= 2 and wished >= 2


def test_hard_returns_at_once_when_the_choice_is_trivial():
    import time

    rules = load_rules("PR-002")
    deck = deck_info(rules).deck
    hands = [_ids(deck, ["H8"]), _ids(deck, ["HK", "SK", "C7"]), _ids(deck, ["D8", "C8"]), _ids(deck, ["HA"])]
    # only passing is possible on a pair
    st = position(rules, hands, 0, pile_seat=2, pile_cards=_ids(deck, ["C9", "D9"]))
    bot = HardBot(seed=1, think_ms=1000)
    t0 = time.perf_counter()
    assert bot.choose(view(st, 0)).kind == "pass"
    # going out is found without searching
    st = position(rules, hands, 0)
    assert bot.choose(view(st, 0)).cards == tuple(hands[0])
    assert bot.stats.rollouts == 0 and bot.stats.iterations == 0      # no search at all
    assert time.perf_counter() - t0 < 0.9          # far below the 2 x 1 s a search would take, even on a loaded CI


def test_hard_respects_its_budget():
    import time

    _, state = _midgame(moves=3)
    bot = make_bot("hard", seed=3, think_ms=150)
    t0 = time.perf_counter()
    bot.choose(view(state, state.to_move))
    # the deadline is checked between rollouts (a few ms each); generous for a loaded CI machine
    assert time.perf_counter() - t0 < 1.5

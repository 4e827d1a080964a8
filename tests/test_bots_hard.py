"""The hard bot's search (rewards, pruning, legality) and the schnorren wish of every level."""
from __future__ import annotations

import random

import pytest

from felt.games.praesident.bots import make_bot
from felt.games.praesident.bots.cardinfo import deck_info
from felt.games.praesident.bots.hard import PLACE_CHAIN, _prune, chain_values, reward_table
from felt.games.praesident.bots.policy import given_ranks, wish_ranks
from felt.games.praesident.engine import apply_inplace, is_legal, new_match, next_round, view
from felt.games.praesident.rules import list_templates, load_rules

from .test_bots import VARIANTS, play_rounds

# ------------------------------------------------------------ legality


def _every_rule_set():
    out = [(r.id, r) for r in list_templates()]
    for base, kw in VARIANTS:
        r = load_rules(base).replace(**kw)
        out.append((f"{base}+{'+'.join(kw)}", r))
    return out


@pytest.mark.parametrize("name,rules", _every_rule_set(), ids=[x[0] for x in _every_rule_set()])
def test_hard_never_moves_illegally_at_a_tiny_budget(name, rules):
    """Seeded rounds of every template and option (matches, so exchanges and wishes happen),
    two hard bots at the table; play_rounds checks every chosen move with the engine."""
    decisions = play_rounds(rules, ["hard", "normal", "hard", "easy"], 3, seed=7, think_ms=2)
    assert decisions > 30


# ------------------------------------------------------------ rewards


def test_reward_counts_later_first_places_while_the_match_goes_on():
    rules = load_rules("FOLGEN")  # exchange 2 and 1 with 4 players
    early = reward_table(4, rules, 1, 5)
    last = reward_table(4, rules, 5, 5)
    # this round's 1st place is always best, and the order of places is kept
    for r in (early, last):
        assert r[0] > r[1] > r[2] >= r[3] >= 0.0
    # in the last round only this round counts: later places merely break ties
    assert last[0] == 1.0 and last[1] < 0.2
    # with rounds to come, 2nd place (1 card from 3rd) is worth much more than 3rd or last,
    # and 1st more than 1 (the two best cards of the last place next round)
    assert early[1] - early[2] > 0.3
    assert early[0] > 1.5
    # no exchange: the next round starts even, so places after 1st only break ties
    plain = reward_table(4, load_rules("PR-005"), 1, 5)
    assert plain == last


def test_place_chain_values_are_the_markov_expectation():
    """chain_values counts the expected 1st places of the next rounds by following the
    place-to-place matrix; checked against a direct sum over every path of two rounds."""
    m = PLACE_CHAIN[4]
    for row in m:
        assert sum(row) == pytest.approx(1.0)
    two = chain_values(m, 2)
    for p in range(4):
        direct = sum(m[p][a] * ((a == 0) + m[a][0]) for a in range(4))
        assert two[p] == pytest.approx(direct)
    # a higher place now never leads to fewer 1st places later
    for k in (1, 2, 4):
        v = chain_values(m, k)
        assert v[0] > v[1] > v[2] >= v[3]
    assert chain_values(m, 0) == [0.0] * 4


def test_reward_can_follow_hards_own_places_on_four_player_tables(monkeypatch):
    """With USE_PLACE_CHAIN (off by default: measured no better, STRENGTH.md), a place on a
    4-seat table with both exchanges is worth the 1st places hard itself goes on to take
    (PLACE_CHAIN), so a 2nd place counts for more than the normal bots' rates give it."""
    from felt.games.praesident.bots import hard
    rules = load_rules("PR-002")
    plain = reward_table(4, rules, 1, 5)
    monkeypatch.setattr(hard, "USE_PLACE_CHAIN", True)
    early = reward_table(4, rules, 1, 5)
    v = chain_values(PLACE_CHAIN[4], 4)
    assert early[0] - early[3] == pytest.approx(1.0 + v[0] - v[3])
    assert early[1] - early[3] > 0.8 > plain[1] - plain[3]
    assert early[0] > early[1] > early[2] > early[3]
    # the last round counts this round's 1st place only, whichever model
    assert reward_table(4, rules, 5, 5) == pytest.approx([1.0, 0.1, 0.05, 0.0])


def test_reward_of_an_open_ended_match_looks_ahead():
    rules = load_rules("PR-002").replace(rounds=0)
    r = reward_table(5, rules, 7, 0)
    assert r[0] > 1.5 and r[1] - r[3] > 0.3 and len(r) == 5


# ------------------------------------------------------------ pruning


def test_prune_drops_clearly_worse_and_identical_candidates():
    rng = random.Random(3)
    rows = []
    for _ in range(40):
        good = 1.0 if rng.random() < 0.6 else 0.0
        bad = 1.0 if rng.random() < 0.1 else 0.0
        close = 0.0 if good and rng.random() < 0.15 else good  # a little worse
        rows.append([close, good, bad, good])  # 3 is always the same as 1
    means = [sum(r[i] for r in rows) / len(rows) for i in range(4)]
    assert means[1] == means[3] > means[0] > means[2]
    kept = _prune(rows, [0, 1, 2, 3], means)
    assert 1 in kept and 2 not in kept and 3 not in kept
    assert 0 in kept  # only a little behind: still sampled


# ------------------------------------------------------------ schnorren wishes


def test_wish_ranks_skips_what_was_given():
    info = deck_info(load_rules("JASS36"))
    assert wish_ranks(info, [], 2) == ("A", "K")
    assert wish_ranks(info, [], 2, {"A", "K"}) == ("O", "U")
    assert wish_ranks(info, [], 1, set(info.ranks)) == ("A",)  # nothing left to avoid


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_wish_never_names_a_rank_just_given_away(level):
    """JASS36 has schnorren: the lower places hand over their best cards, then wish."""
    rules = load_rules("JASS36")
    info = deck_info(rules)
    wishes = 0
    for seed in range(6):
        bots = [make_bot(level, seed=seed * 10 + i, think_ms=2) for i in range(4)]
        state, _ = new_match(rules, 4, f"wish{seed}", rounds=4)
        while state.phase != "match_over":
            if state.phase == "round_over":
                state, _ = next_round(state)
                continue
            seat = state.to_move
            v = view(state, seat)
            move = bots[seat].choose(v)
            assert is_legal(state, seat, move)
            if move.kind == "wish":
                gave = given_ranks(info, v["exchange"])
                assert gave, v["exchange"]  # the lower place has given its best cards by now
                assert not set(move.ranks) & gave, (move, gave)
                assert move.ranks or level == "easy"  # easy sometimes keeps quiet
                wishes += 1
            apply_inplace(state, seat, move)
    assert wishes >= 10


def test_given_ranks_reads_only_the_lower_role():
    info = deck_info(load_rules("JASS36"))
    ace = next(c for c in range(info.n_cards) if info.deck[c].rank == "A")
    six = next(c for c in range(info.n_cards) if info.deck[c].rank == "6")
    ex = [{"role": "upper", "partner": 1, "gave": [six], "got": [ace]},
          {"role": "lower", "partner": 2, "gave": [ace], "got": []}]
    assert given_ranks(info, ex) == {"A"}
    assert given_ranks(info, []) == set()


# ------------------------------------------------------------ passes seen


def test_pass_memory_reads_passes_and_sampling_follows_them():
    """A seat that passed on a single 10 is rarely dealt a lone J, Q, K or A (a 2 it may
    have kept back); the memory is dropped when a new round starts."""
    from felt.games.praesident.bots.determinize import PassMemory, constraints_from_view, sample_hands
    from felt.cards import card_from_code
    from felt.games.praesident.engine.core import position

    rules = load_rules("PR-002")
    info = deck_info(rules)
    deck = info.deck

    def ids(codes):
        return [card_from_code(deck, c).id for c in codes]

    hands = [ids(["H7", "S8", "C9", "DJ"]), ids(["H10", "C7", "S7"]), ids(["HQ", "SK", "CA", "D2", "H9"]),
             ids(["C8", "D8", "CJ", "HK"])]
    st = position(rules, hands, 0, pile_seat=1, pile_cards=ids(["H10"]), passed=[2, 3])
    v = view(st, 0)
    mem = PassMemory()
    caps = mem.update(v, info)
    ranks = rules.ranks
    assert {r for (s, r) in caps if s == 2} == {ranks.index(x) for x in ("J", "Q", "K", "A")}
    assert all(k == 1 for k in caps.values()) and not any(s in (0, 1) for s, _ in caps)
    # the true hands break the inference (2 holds a lone Q, K and A; normal bots would not
    # have passed): the sampler still deals, but far fewer such worlds than blind dealing
    rng = random.Random(5)
    con = constraints_from_view(v, info)

    def lone_beaters(use_caps):
        hits = 0
        for _ in range(60):
            dealt = sample_hands(v, rng, info, con, caps if use_caps else None)
            assert [len(h) for h in dealt] == v["counts"]
            assert dealt[0] == v["hand"]
            for s in (2, 3):
                for r in range(len(ranks)):
                    if caps.get((s, r)) == 1 and sum(1 for c in dealt[s] if info.idx[c] == r) == 1:
                        hits += 1
        return hits

    assert lone_beaters(True) * 2 < lone_beaters(False)
    # a new round: nothing remembered
    v2 = dict(v, round_no=2, played=[], passed=[], pile=None)
    assert mem.update(v2, info) == {}

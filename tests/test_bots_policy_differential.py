"""The normal policy's faster scoring (plain sets scored inline, used in every hard-bot
rollout) against the policy as it was (commit 49ce497, kept in tests/policy_reference.py):
the same scores, bit for bit, and the same move at thousands of decisions of every template,
from sampled worlds (situation_from_state) and from real views (situation_from_view)."""
from __future__ import annotations

import random

import pytest

import tests.policy_reference as ref
from felt.games.praesident.bots import policy
from felt.games.praesident.bots.situation import situation_from_state, situation_from_view
from felt.games.praesident.engine import apply_inplace, legal_moves, new_match, next_round, view
from felt.games.praesident.rules import list_templates


def _decisions(rules, n, seed, rounds):
    """Yield (state, seat) at every decision of a match; moves: normal policy or random."""
    rng = random.Random(seed)
    s, _ = new_match(rules, n, seed, rounds=rounds)
    while s.phase != "match_over":
        if s.phase == "round_over":
            s, _ = next_round(s)
            continue
        seat = s.to_move
        yield s, seat
        legal = legal_moves(s)
        if rng.random() < 0.3:
            mv = rng.choice(legal)
        else:
            mv = ref.choose_normal(situation_from_state(s, seat, legal))
        apply_inplace(s, seat, mv)


@pytest.mark.parametrize("rules", list_templates(), ids=lambda r: r.id)
def test_scores_and_choices_match_the_reference(rules):
    checked = 0
    counts = list(range(rules.min_players, min(rules.max_players, 6) + 1))
    for i in range(4):
        n = counts[i % len(counts)]
        for s, seat in _decisions(rules, n, 1000 * i + 7, rounds=3):
            legal = legal_moves(s)
            sit = situation_from_state(s, seat, legal)
            if s.phase == "play":
                assert policy.score_moves(sit) == ref.score_moves(sit)
            assert policy.choose_normal(sit) == ref.choose_normal(sit)
            if checked % 5 == 0:
                vsit = situation_from_view(view(s, seat))
                assert policy.choose_normal(vsit) == ref.choose_normal(vsit)
            checked += 1
    assert checked >= 300

"""The cheaper normal policy (Evaluators shared between decisions with the same unseen counts,
group values from per-deck tables, hand counts in C) decides exactly as the frozen policy of
tests/policy_reference.py (commit 49ce497; test_bots_policy_differential.py compares the
policy's scoring with it too).

Checked at thousands of seeded states of every Präsident template (and two variants with the
options no template uses) and every player count 3-6:
the scores bit for bit, ``choose_normal``, ``choose_exchange`` (its hand values use the changed
summary), from sampled worlds and from views; the policy's caches kept warm across all templates
(so a stale or mixed-up cache would show) and emptied at random points. And the hard bot's
``rollout()`` gives the same reward as the reference policy on the same worlds."""
from __future__ import annotations

import random

import pytest

import tests.policy_reference as ref
from felt.games.praesident.bots import policy
from felt.games.praesident.bots.cardinfo import deck_info
from felt.games.praesident.bots.determinize import build_state, sample_hands
from felt.games.praesident.bots.hard import place_reward, rollout
from felt.games.praesident.bots.situation import situation_from_state, situation_from_view
from felt.games.praesident.engine import apply_inplace, legal_moves, new_match, next_round, view
from felt.games.praesident.rules import Rules, list_templates, load_rules


def _variant(base: str, **changes) -> Rules:
    d = load_rules(base).to_dict()
    d.update(changes)
    return Rules.from_dict(d)


# every template, and two variants for the rule options no template switches on (revolution,
# wild jokers, eights and 4+ sets that clear, equal beats) so those branches are compared too
TEMPLATES = list_templates() + [
    _variant("PR-002", id="X-REV", revolution=True, joker_power="wild"),
    _variant("FOLGEN", id="X-MIX", jokers=2, revolution=True, joker_power="both", quad_clears="4plus",
             eights_clear=True, equal_beats=True),
]


def _counts(rules):
    return [n for n in range(3, 7) if rules.min_players <= n <= rules.max_players]


def _walk(rules, n, seed, rounds):
    """Yield (state, seat, legal) at every decision of a match; moves: random (40%) or the
    reference policy, so play reaches late, odd and revolution positions too."""
    rng = random.Random(seed)
    s, _ = new_match(rules, n, seed, rounds=rounds)
    while s.phase != "match_over":
        if s.phase == "round_over":
            s, _ = next_round(s)
            continue
        seat = s.to_move
        legal = legal_moves(s)
        yield s, seat, legal
        if rng.random() < 0.4:
            mv = rng.choice(legal)
        else:
            mv = ref.choose_normal(situation_from_state(s, seat, legal))
        apply_inplace(s, seat, mv)


def _decisions(rules, n):
    """Three 3-round matches, and as many more as a short-round template needs for ~1,200."""
    seen = 0
    seed = 100 * n
    while seen < 1200 // len(_counts(rules)) or seed < 100 * n + 3:
        for x in _walk(rules, n, seed, rounds=3):
            seen += 1
            yield x
        seed += 1


def _clear_caches():
    for name in ("_EVALUATORS", "_GROUP_TABLES", "_DECK_CONSTS", "_SCORE_CONSTS", "_SET_CLEARS"):
        getattr(policy, name).clear()


@pytest.mark.slow
def test_choices_match_the_reference_at_thousands_of_states_of_every_template():
    """All templates in one loop, interleaved by player count, so the policy's caches hold
    several decks at once."""
    rng = random.Random(14)
    per_template = {r.id: 0 for r in TEMPLATES}
    plays = exchanges = flips = 0
    for n in range(3, 7):
        for rules in TEMPLATES:
            if n not in _counts(rules):
                continue
            for s, seat, legal in _decisions(rules, n):
                if rng.random() < 0.002:
                    _clear_caches()
                sit = situation_from_state(s, seat, legal)
                if s.phase == "play":
                    got = policy.score_moves(sit)
                    assert got == ref.score_moves(sit), (rules.id, n, seat)
                    plays += 1
                    if sit.info.revolution_on and any(
                            m.kind == "play" and len(m.cards) >= 4 for m in legal):
                        flips += 1
                else:
                    assert policy.choose_exchange(sit) == ref.choose_exchange(sit), (rules.id, n, seat)
                    exchanges += 1
                assert policy.choose_normal(sit) == ref.choose_normal(sit), (rules.id, n, seat)
                if per_template[rules.id] % 7 == 0:
                    vsit = situation_from_view(view(s, seat))
                    assert policy.choose_normal(vsit) == ref.choose_normal(vsit), (rules.id, n, seat)
                per_template[rules.id] += 1
    assert min(per_template.values()) >= 1000, per_template
    assert plays >= 10000 and exchanges >= 100 and flips >= 50, (plays, exchanges, flips)


def _rollout_ref(state, me):
    """rollout() as it was, with the reference policy deciding."""
    n = state.n
    rewards = [place_reward(p, n) for p in range(n)]
    places = state.places
    while state.phase in ("play", "exchange"):
        if me in places:
            return rewards[places.index(me)]
        seat = state.to_move
        legal = legal_moves(state)
        mv = legal[0] if len(legal) == 1 else ref.choose_normal(situation_from_state(state, seat, legal))
        apply_inplace(state, seat, mv, check=False, events=False)
    return rewards[state.places.index(me)] if me in state.places else 0.0


@pytest.mark.parametrize("rules", TEMPLATES, ids=lambda r: r.id)
def test_rollout_rewards_match_the_reference(rules):
    rng = random.Random(7)
    checked = 0
    for n in _counts(rules):
        views = []
        for s, seat, legal in _walk(rules, n, 31 * n, rounds=1):
            if s.phase == "play" and len(legal) > 1 and rng.random() < 0.2:
                views.append(view(s, seat))
        for v in views:
            info = deck_info(v["rules"])
            for _ in range(2):
                w = build_state(v, sample_hands(v, rng, info), info.rules)
                a, b = w.clone(), w.clone()
                assert rollout(a, v["seat"]) == _rollout_ref(b, v["seat"]), (rules.id, n)
                assert a.places == b.places and a.hands == b.hands
                checked += 1
    assert checked >= 20

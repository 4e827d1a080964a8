"""The premise of tests/bench_hard_truth.py: against normal bots a move's value in the true
deal is one rollout, because the normal policy is deterministic and a bot deciding from its
view decides as the rollout's policy does from the state."""
from __future__ import annotations

import pytest

from felt.games.praesident.bots import NormalBot
from felt.games.praesident.bots.hard import place_reward, rollout
from felt.games.praesident.engine import apply_inplace, new_match, view
from felt.games.praesident.rules import load_rules
from tests.bench_hard_truth import run


@pytest.mark.parametrize("rules_id", ["PR-002", "FOLGEN", "PR-005"])
def test_rollout_in_the_true_deal_is_what_normal_bots_then_do(rules_id):
    rules = load_rules(rules_id)
    checked = 0
    for seed in range(6):
        state, _ = new_match(rules, 4, f"truth:{seed}", rounds=1)
        bots = [NormalBot(i) for i in range(4)]
        step = 0
        while state.phase in ("play", "exchange"):
            if step % 7 == 3:  # from this point on, the rollout must foretell the places
                me = state.to_move
                rewards = [place_reward(p, 4) for p in range(4)]
                predicted = rollout(state.clone(), me, rewards)
                s = state.clone()
                while s.phase in ("play", "exchange"):
                    seat = s.to_move
                    apply_inplace(s, seat, bots[seat].choose(view(s, seat)))
                assert predicted == rewards[s.places.index(me)]
                checked += 1
            seat = state.to_move
            apply_inplace(state, seat, bots[seat].choose(view(state, seat)))
            step += 1
    assert checked > 20


@pytest.mark.slow
def test_the_oracle_that_sees_every_hand_wins_most_rounds_and_normal_misses_best_moves():
    res = run("PR-002", 20, seed=3, apply="oracle")
    assert res["decisions"] > 50
    assert res["regret_normal"] > 0.0               # the heuristic misses some best moves
    assert res["measured_seat_first_share"] >= 0.5  # a ceiling far above a fair 25%

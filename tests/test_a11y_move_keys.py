"""Every move the screen-reader layer offers has a button id of its own (felt.ui.a11y.move_key).

Seen in the evening's play-through: Schwimmen's swaps ("Herz Dame nehmen, Herz 9 geben", …)
all had the id ``move:swap``, so whichever a blind player pressed, the first swap was made,
and the page kept stale swap buttons of an earlier turn (its list is keyed by id)."""
from __future__ import annotations

import random

import pytest

from felt import contract
from felt.ui.a11y import move_key

GAMES = [g for g in contract.all_games() if g.id in ("praesident", "maumau", "schwimmen")]


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_distinct_legal_moves_have_distinct_button_ids(game):
    rules = game.template(game.template_ids()[0])
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        state, _ = game.new_match(rules, 4, seed, rounds=1)
        for _ in range(400):
            seat = state.to_move
            if seat is None:
                break
            legal = game.view(state, seat).get("legal") or []
            keys = [move_key(m) for m in legal]
            assert len(set(keys)) == len(keys), sorted(k for k in keys if keys.count(k) > 1)[:6]
            assert all(k and len(k) <= 40 for k in keys)
            checked += len(keys)
            moves = game.legal_moves(state)
            if not moves:
                break
            game.apply_inplace(state, seat, rng.choice(moves))
    assert checked > 50

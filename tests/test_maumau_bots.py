"""Mau-Mau bots: legal moves from the view only, the normal heuristics, the hard bot's worlds."""
from __future__ import annotations

import random

import pytest

from felt import games
from felt.games.maumau import engine as E
from felt.games.maumau.bots import WorldSampler, build_world_base, make_bot
from felt.games.maumau.engine import DRAW, KEEP, Move, position
from felt.games.maumau.rules import TEMPLATE_ORDER, load_template
from felt.contract.simulate import simulate
from felt.contract.tournament import run_tournament

GAME = games.get("maumau")
STD = load_template("MM-STD")


def cid(s, code):
    return next(c.id for c in s.deck if c.code == code)


@pytest.mark.parametrize("tid", TEMPLATE_ORDER)
def test_every_level_plays_whole_matches_legally(tid):
    rules = load_template(tid)
    n = GAME.players_range(rules)[0] + 1
    bots = [make_bot(lv, seed=i, think_ms=5) for i, lv in enumerate(["easy", "normal", "hard", "normal"][:n])]
    state, _ = GAME.new_match(rules, n, f"bots:{tid}", rounds=2)
    while state.phase != "match_over":
        if state.phase == "round_over":
            state, _ = GAME.next_round(state)
            continue
        seat = state.to_move
        move = bots[seat].choose(GAME.view(state, seat))
        assert GAME.move_to_wire(move) in GAME.view(state, seat)["legal"]
        GAME.apply_inplace(state, seat, move)      # checked
    assert state.winner is not None


def test_bots_take_views_not_states():
    s, _ = GAME.new_match(STD, 3, 1)
    for lv in ("easy", "normal", "hard"):
        with pytest.raises(TypeError):
            make_bot(lv).choose(s)
        with pytest.raises(ValueError):
            make_bot(lv).choose(GAME.view(s, 1))           # not on turn: no legal moves
    with pytest.raises(ValueError):
        GAME.make_bot("grandmaster")


def test_normal_always_calls_mau_and_answers_a_seven():
    bot = make_bot("normal", seed=1)
    s = position(STD, [["H10", "C9"], ["H8", "SK"]], "H9")
    m = bot.choose(GAME.view(s, 0))
    assert m.call == "mau"
    s = position(STD, [["H10"], ["H8", "SK"]], "H9")
    assert bot.choose(GAME.view(s, 0)).call == "maumau"
    s = position(STD, [["C7", "HK", "D9"], ["H8", "SK"]], "H7", pending=2)
    assert bot.choose(GAME.view(s, 0)) == Move("play", cid(s, "C7"))


def test_normal_keeps_the_bube_dumps_points_and_wishes_its_suit():
    bot = make_bot("normal", seed=1)
    s = position(STD, [["HJ", "H9", "HA", "C8", "S8"], ["H8", "SK"]], "H10")
    m = bot.choose(GAME.view(s, 0))
    assert m.card == cid(s, "HA")                          # the ace (11 points), not the Bube
    s = position(STD, [["SJ", "C9", "CA", "CK"], ["H8", "SK"]], "H10")
    m = bot.choose(GAME.view(s, 0))
    assert m.card == cid(s, "SJ") and m.suit == "C"       # only the Bube fits: wish clubs (held most)
    s = position(STD, [["C9", "CA", "D10"], ["H8", "SK"]], "H10", draw=["SJ"])
    s, _ = GAME.apply(s, 0, DRAW)
    assert s.phase == "drawn"
    assert bot.choose(GAME.view(s, 0)) == KEEP             # a drawn Bube is kept for need


def test_normal_attacks_a_short_hand_with_seven_or_eight():
    bot = make_bot("normal", seed=3)
    s = position(STD, [["H7", "HK", "C9"], ["S8"], ["D8", "D9", "DA"]], "H10")
    assert bot.choose(GAME.view(s, 0)).card == cid(s, "H7")


def test_hard_searches_only_when_there_is_a_choice():
    bot = make_bot("hard", seed=1, think_ms=20)
    s = position(STD, [["C8", "D10"], ["H8", "SK"], ["D9"]], "H9")
    assert bot.choose(GAME.view(s, 0)) == DRAW and bot.rollouts == 0
    s = position(STD, [["H7", "HK", "HA", "C9"], ["S8"], ["D8", "D9", "DA"]], "H10")
    m = bot.choose(GAME.view(s, 0))
    assert bot.rollouts > 0 and GAME.is_legal(s, 0, m)


def test_hard_worlds_are_consistent_with_the_view():
    rules = STD
    rng = random.Random(4)
    state, _ = GAME.new_match(rules, 4, 8)
    steps = 0
    normal = make_bot("normal", seed=2)
    while state.phase in ("play", "drawn") and steps < 60:
        v = GAME.view(state, state.to_move)
        base = build_world_base(v, rules)
        sampler = WorldSampler(v, rules, state)
        for _ in range(5):
            w = sampler.sample(base, rng)
            assert E.card_conservation(w)
            assert [len(h) for h in w.hands] == v["counts"] and len(w.draw) == v["draw_count"]
            assert w.hands[v["seat"]] == v["hand"] and w.discard == v["discard"]
        GAME.apply_inplace(state, state.to_move, normal.choose(v))
        steps += 1


def test_worlds_respect_a_draw_facing_a_suit():
    # seat 1 drew facing H9 (no wish): it is dealt no non-Bube heart and no 9, where that is possible
    s = position(STD, [["C8", "D10", "S7"], ["H8", "SK", "D7"], ["D9", "CK"]], "H9")
    s.log.append(("draw", 1, 1, "draw", cid(s, "H9"), ""))
    s.to_move = 0
    v = GAME.view(s, 0)
    sampler = WorldSampler(v, STD, s)
    base = build_world_base(v, STD)
    rng = random.Random(1)
    for _ in range(50):
        w = sampler.sample(base, rng)
        fitting = [c for c in w.hands[1] if (s.suit[c] == "H" or s.rank[c] == "9") and not s.jack[c]]
        assert len(fitting) <= 1                     # at most the card drawn then


def test_random_play_and_tournament_runner_work_through_the_contract():
    b = simulate(GAME, STD, 4, 20, 7)
    assert b["rounds"] == 20 and sum(map(sum, b["places"])) == 80 and b["rounds_per_s"] > 0
    assert simulate(GAME, STD, 4, 20, 7)["places"] == b["places"]        # deterministic
    res = run_tournament(GAME, STD, ["normal", "easy", "easy", "easy"], 12, seed=3)
    assert res["rounds"] == 12
    assert sum(res["levels"]["easy"]["places"]) == 36 and sum(res["levels"]["normal"]["places"]) == 12
    lo, hi = res["levels"]["normal"]["first_interval"]
    assert 0 <= lo <= res["levels"]["normal"]["first_share"] <= hi <= 1


@pytest.mark.soak
def test_strength_normal_beats_easy():
    res = run_tournament(GAME, STD, ["normal", "easy", "easy", "easy"], 1000, seed=1)
    assert res["levels"]["normal"]["first_interval"][0] > 0.25


def test_hard_expert_policy_holds_sevens_keeps_the_bube_and_uses_voids():
    hard = make_bot("hard", seed=1, think_ms=0)                     # the expert policy alone
    normal = make_bot("normal", seed=1)
    # next player holds many cards: the expert keeps its 7 (for defence); normal plays it
    s = position(STD, [["H7", "HK", "C9"], ["S8", "S9", "D9", "DK", "DQ"], ["D8", "D10"]], "H10")
    assert hard.choose(GAME.view(s, 0)).card == cid(s, "HK")
    assert normal.choose(GAME.view(s, 0)).card == cid(s, "H7")
    # next player is about to go out: the expert attacks with the 7
    s = position(STD, [["H7", "HK", "C9"], ["S8"], ["D8", "D10", "DA"]], "H10")
    assert hard.choose(GAME.view(s, 0)).card == cid(s, "H7")
    # two cards left, a Bube among them: the expert keeps the Bube for last, normal spends it
    s = position(STD, [["SJ", "H8"], ["S8", "S9", "D9"], ["D8", "D10", "DA"]], "H10")
    m = hard.choose(GAME.view(s, 0))
    assert m.card == cid(s, "H8") and m.call == "mau"
    assert normal.choose(GAME.view(s, 0)).card == cid(s, "SJ")
    # the next player drew facing clubs: the expert plays clubs at it and wishes clubs
    s = position(STD, [["C9", "HK", "H9", "HQ"], ["S8", "S10", "D9"], ["D8", "D10", "DA"]], "S9")
    assert hard.choose(GAME.view(s, 0)).card == cid(s, "H9")          # no evidence: its longest suit
    s.log.append(("draw", 1, 1, "draw", cid(s, "C10"), ""))
    assert hard.choose(GAME.view(s, 0)).card == cid(s, "C9")
    s = position(STD, [["SJ", "C9", "H9", "HQ", "HA"], ["S8", "S9", "D9"], ["D8", "D10", "DA"]], "D7")
    s.log.append(("draw", 1, 1, "draw", cid(s, "C10"), ""))
    m = hard.choose(GAME.view(s, 0))
    assert m.card == cid(s, "SJ") and m.suit == "C"


@pytest.mark.soak
def test_strength_hard_beats_normal():
    res = run_tournament(GAME, STD, ["hard", "normal", "normal", "normal"], 3000, seed=7, think_ms=100)
    assert res["levels"]["hard"]["first_interval"][0] > 0.25

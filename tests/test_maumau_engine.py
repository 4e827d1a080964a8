"""Mau-Mau engine: an example test for every rule and option of RULES-MAUMAU.md (§7 among them)."""
from __future__ import annotations

import pytest

from felt import games
from felt.contract.base import IllegalMove
from felt.games.maumau.engine import (
    DRAW,
    KEEP,
    Move,
    card_conservation,
    legal_moves,
    move_from_wire,
    new_match,
    next_round,
    position,
)
from felt.games.maumau.rules import load_template

GAME = games.get("maumau")
STD = load_template("MM-STD")


def cid(s, code):
    return next(c.id for c in s.deck if c.code == code)


def codes(s, ids):
    return sorted(s.deck[c].code for c in ids)


def play(s, seat, code, suit="", call=""):
    s2, ev = GAME.apply(s, seat, Move("play", cid(s, code), suit, call))
    return s2, ev


def types(ev):
    return [e["type"] for e in ev]


def legal_cards(s):
    return sorted({s.deck[m.card].code for m in legal_moves(s) if m.kind == "play"})


# ------------------------------------------------------------------ the deal
def test_deal_first_player_and_dealer_rotation():
    s, ev = new_match(STD, 4, 11)
    assert [len(h) for h in s.hands] == [5, 5, 5, 5]
    assert len(s.discard) == 1 and len(s.draw) == 32 - 21
    assert card_conservation(s)
    assert s.dealer == 3 and s.to_move == 0 and s.phase == "play" and s.direction == 1
    assert ev[0]["type"] == "round_start" and ev[-1] == {"type": "turn", "seat": 0, "phase": "play"}
    s.phase = "round_over"
    s2, _ = next_round(s)
    assert s2.dealer == 0 and s2.to_move == 1 and s2.round_no == 2
    # dealt one at a time from the seeded shuffle: the same seed deals the same
    a, _ = new_match(STD, 4, 11)
    b, _ = new_match(STD, 4, 12)
    assert a.hands == new_match(STD, 4, 11)[0].hands and a.hands != b.hands


def test_follow_by_suit_or_rank():
    s = position(STD, [["H8", "C9", "D10", "SQ", "C7"], ["CA"]], "H9")
    assert legal_cards(s) == ["C9", "H8"]
    assert DRAW in legal_moves(s)
    with pytest.raises(IllegalMove, match="neither the suit nor the rank"):
        play(s, 0, "D10")
    s2, ev = play(s, 0, "C9")
    assert s2.discard[-1] == cid(s, "C9") and s2.to_move == 1 and types(ev) == ["play", "turn"]
    assert s.discard[-1] == cid(s, "H9")      # apply is pure


# ----------------------------------------------------------------- the seven
def test_seven_draws_two_and_seven_on_seven_draws_four():
    s = position(STD, [["H7", "C8", "DK"], ["C7", "S9", "DA"], ["HA", "H10"]], "HQ")
    s, _ = play(s, 0, "H7")
    assert s.pending == 2 and s.to_move == 1
    assert legal_cards(s) == ["C7"]                       # only a 7 answers (or draw)
    with pytest.raises(IllegalMove, match="seven"):
        play(s, 1, "S9")
    s, _ = play(s, 1, "C7")
    assert s.pending == 4 and s.to_move == 2
    assert legal_moves(s) == [DRAW]
    before = len(s.hands[2])
    s, ev = GAME.apply(s, 2, DRAW)
    assert len(s.hands[2]) == before + 4 and s.pending == 0
    assert s.to_move == 0                                 # drawing the penalty is the whole turn
    assert [e for e in ev if e["type"] == "draw"][0]["reason"] == "seven"
    # the next player follows the 7 normally
    assert s.discard[-1] == cid(s, "C7") and "C8" in legal_cards(s)


def test_seven_not_stackable_and_seven_off():
    r = STD.replace(seven="draw2")
    s = position(r, [["H7", "C8"], ["C7", "S9"]], "HQ")
    s, _ = play(s, 0, "H7")
    assert s.pending == 2 and legal_moves(s) == [DRAW]
    with pytest.raises(IllegalMove, match="must draw 2"):
        play(s, 1, "C7")
    r = STD.replace(seven="off")
    s = position(r, [["H7", "C8"], ["C7", "S9"]], "HQ")
    s, _ = play(s, 0, "H7")
    assert s.pending == 0 and "C7" in legal_cards(s)


def test_penalty_drawing_is_allowed_even_when_drawing_while_able_is_off():
    r = STD.replace(draw_when_able=False)
    s = position(r, [["H7", "C8"], ["C7", "S9"], ["D8"]], "HQ")
    s, _ = play(s, 0, "H7")
    assert DRAW in legal_moves(s)
    s, _ = GAME.apply(s, 1, DRAW)
    assert len(s.hands[1]) == 4


# ----------------------------------------------------------- eight, nine, ace
def test_eight_skips_the_next_seat():
    s = position(STD, [["H8", "C9"], ["H9", "S9"], ["HA", "H10"]], "HQ")
    s2, ev = play(s, 0, "H8")
    assert s2.to_move == 2 and {"type": "skip", "seat": 1} in ev
    s3, _ = play(position(STD.replace(eight="off"), [["H8", "C9"], ["H9"], ["HA"]], "HQ"), 0, "H8")
    assert s3.to_move == 1


def test_nine_reverses_and_with_two_players_skips():
    r = STD.replace(nine="reverse")
    s = position(r, [["H9", "C9"], ["S8", "S9"], ["HA", "H10"], ["DK", "D7"]], "HQ")
    s2, ev = play(s, 0, "H9")
    assert s2.direction == -1 and s2.to_move == 3 and "reverse" in types(ev)
    # two players: a reverse acts as a skip, the player moves again
    s = position(r, [["H9", "C9", "D8"], ["S8", "S9"]], "HQ")
    s2, ev = play(s, 0, "H9")
    assert s2.to_move == 0 and s2.direction == 1 and {"type": "skip", "seat": 1} in ev
    s = position(STD, [["H9", "C9"], ["S8"], ["HA"]], "HQ")
    assert play(s, 0, "H9")[0].to_move == 1                       # nine off: nothing


def test_ace_options():
    hands = [["HA", "CA", "D8"], ["H7", "S9"], ["HK", "H10"]]
    s = position(STD, hands, "HQ")
    assert play(s, 0, "HA")[0].to_move == 1                       # off
    s = position(STD.replace(ace="skip"), hands, "HQ")
    assert play(s, 0, "HA")[0].to_move == 2
    s = position(STD.replace(ace="again"), hands, "HQ")
    s2, ev = play(s, 0, "HA")
    assert s2.to_move == 0 and "again" in types(ev)
    assert legal_cards(s2) == ["CA"]
    s3, _ = play(s2, 0, "CA", call="mau")
    assert s3.to_move == 0
    # cannot follow on the second play: draws
    assert legal_cards(s3) == [] and legal_moves(s3) == [DRAW]


# ---------------------------------------------------------------- the Bube
def test_bube_on_anything_and_the_wish_decides_whatever_the_bube_suit():
    s = position(STD, [["CJ", "D9", "S8"], ["H8", "C10", "SJ", "HK"], ["H7"]], "D7")
    assert "CJ" in legal_cards(s)
    with pytest.raises(IllegalMove, match="wished suit"):
        play(s, 0, "CJ")                                          # a Bube needs a wish
    with pytest.raises(IllegalMove, match="wished suit"):
        play(s, 0, "CJ", suit="X")
    s, ev = play(s, 0, "CJ", suit="H")
    assert s.wish == "H" and {"type": "wish", "seat": 0, "suit": "H"} in ev
    # only Herz follows, not the Bube's own suit (clubs) nor the rank
    assert legal_cards(s) == ["H8", "HK"]
    with pytest.raises(IllegalMove, match="wished suit H"):
        play(s, 1, "C10")
    with pytest.raises(IllegalMove, match="Bube auf Bube"):
        play(s, 1, "SJ", suit="S")                                # refused by default
    s2, _ = play(s, 1, "HK")
    assert s2.wish is None and s2.to_move == 2


def test_bube_on_bube_when_allowed_and_wish_own_suit():
    r = STD.replace(jack_on_jack=True)
    s = position(r, [["CJ", "D9", "S8"], ["H8", "SJ", "HK"], ["H7"]], "D7")
    s, _ = play(s, 0, "CJ", suit="C")                             # its own suit is allowed too
    assert s.wish == "C" and legal_cards(s) == ["SJ"]
    s, _ = play(s, 1, "SJ", suit="D")
    assert s.wish == "D"
    moves = [m for m in legal_moves(position(r, [["SJ", "D9"], ["H8"]], "D7")) if m.kind == "play" and m.card >= 0]
    assert {m.suit for m in moves if s.deck[m.card].rank == "J"} == {"C", "S", "H", "D"}


def test_going_out_with_a_bube_or_a_seven_leaves_no_wish_or_penalty_after_the_round():
    for last, effect in (("CJ", "H"), ("D7", "")):
        s = position(STD, [[last], ["H8", "SK"], ["D9", "C8"]], "D10")
        s, ev = play(s, 0, last, suit=effect, call="maumau")
        assert s.phase == "round_over" and s.places[0] == 0
        assert s.wish is None and s.pending == 0
        for seat in (0, 1, 2, None):
            v = GAME.view(s, seat)
            assert v["wish"] is None and v["pending"] == 0
        s, _ = play(position(STD.replace(rounds=1), [[last], ["H8"]], "D10"), 0, last, suit=effect, call="maumau")
        assert s.phase == "match_over" and GAME.view(s, 1)["wish"] is None and GAME.view(s, None)["pending"] == 0
    # playing on for all places, the wish stands for the players still in the round
    s = position(STD.replace(round_end="all"), [["CJ"], ["H8", "SK"], ["D9", "C8"]], "D10")
    s, _ = play(s, 0, "CJ", suit="S", call="maumau")
    assert s.phase == "play" and s.wish == "S" and legal_cards(s) == ["SK"]
    # the host ends the match while a wish or a penalty is in force: neither shows after it
    for wish, pending in (("S", 0), (None, 4)):
        s, _ = GAME.end_match(position(STD, [["CJ", "D8"], ["H8", "SK"]], "D10", wish=wish, pending=pending))
        assert s.phase == "match_over" and s.wish is None and s.pending == 0
        assert GAME.view(s, 0)["wish"] is None and GAME.view(s, None)["pending"] == 0


def test_bube_off_is_a_plain_card():
    r = STD.replace(jack="off")
    s = position(r, [["CJ", "HJ", "D9", "H9"], ["H8"]], "H7")
    assert legal_cards(s) == ["H9", "HJ"]
    with pytest.raises(IllegalMove, match="only a Bube wishes"):
        play(s, 0, "H9", suit="H")
    with pytest.raises(IllegalMove, match="only a Bube wishes"):
        play(s, 0, "HJ", suit="H")
    s2, _ = play(s, 0, "HJ")
    assert s2.wish is None


def test_german_suits_unter_wishes():
    r = STD.replace(suits="german")
    s = position(r, [["EU", "G9", "B8"], ["H8", "GK"]], "B7")
    assert legal_cards(s) == ["B8", "EU"]
    s, _ = play(s, 0, "EU", suit="G")
    assert s.wish == "G" and legal_cards(s) == ["GK"]


# ---------------------------------------------------------------- drawing
def test_may_play_the_drawn_card_if_it_fits():
    s = position(STD, [["C9", "D10"], ["H8"], ["SK"]], "H9", draw=["SA", "H10"])
    s, ev = GAME.apply(s, 0, DRAW)
    assert s.phase == "drawn" and s.to_move == 0 and s.drawn == cid(s, "H10")
    assert ev[-1] == {"type": "turn", "seat": 0, "phase": "drawn"}
    assert legal_cards(s) == ["H10"] and KEEP in legal_moves(s) and DRAW not in legal_moves(s)
    with pytest.raises(IllegalMove, match="only the drawn card"):
        play(s, 0, "C9")                                           # C9 would fit, but not now
    with pytest.raises(IllegalMove, match="drawn already"):
        GAME.apply(s, 0, DRAW)
    kept, _ = GAME.apply(s, 0, KEEP)
    assert kept.phase == "play" and kept.to_move == 1 and cid(s, "H10") in kept.hands[0]
    played, _ = play(s, 0, "H10")
    assert played.discard[-1] == cid(s, "H10") and played.to_move == 1
    with pytest.raises(IllegalMove, match="no drawn card"):
        GAME.apply(kept, 1, KEEP)


def test_drawn_card_that_does_not_fit_ends_the_turn_and_turn_ends_option():
    s = position(STD, [["C9", "D10"], ["H8"], ["SK"]], "H9", draw=["SA", "S10"])
    s2, _ = GAME.apply(s, 0, DRAW)
    assert s2.phase == "play" and s2.to_move == 1
    r = STD.replace(after_draw="end")
    s = position(r, [["C9", "D10"], ["H8"], ["SK"]], "H9", draw=["SA", "H10"])
    s2, _ = GAME.apply(s, 0, DRAW)
    assert s2.phase == "play" and s2.to_move == 1 and cid(s2, "H10") in s2.hands[0]


def test_draw_while_able_to_play():
    r = STD.replace(draw_when_able=False)
    s = position(r, [["C9", "D10"], ["H8"]], "H9")
    assert DRAW not in legal_moves(s)
    with pytest.raises(IllegalMove, match="do not allow drawing"):
        GAME.apply(s, 0, DRAW)
    s = position(r, [["C8", "D10"], ["H8"]], "H9")
    assert legal_moves(s) == [DRAW]
    s = position(STD, [["C9", "D10"], ["H8"]], "H9")
    assert DRAW in legal_moves(s)


def test_reshuffle_keeps_the_top_card_and_conserves_cards():
    below = ["S7", "S8", "S9", "SK"]
    s = position(STD, [["C9", "D10"], ["H8"]], "H9", draw=[], discard_below=below)
    rest = [c for c in range(32) if c not in {cid(s, x) for x in ["C9", "D10", "H8", "H9"] + below}]
    s.hands[1].extend(rest)                                       # everything else is in a hand
    assert card_conservation(s)
    s2, ev = GAME.apply(s, 0, DRAW)
    assert {"type": "reshuffle", "count": 4} in ev
    assert s2.discard == [cid(s, "H9")]
    assert len(s2.draw) == 3 and card_conservation(s2)
    # seeded: the same state reshuffles the same way
    assert GAME.apply(s, 0, DRAW)[0].draw == s2.draw


def test_both_piles_empty_the_player_passes():
    s = position(STD, [["C9", "D10"], ["H8"]], "H9", draw=[])
    rest = [c for c in range(32) if c not in {cid(s, x) for x in ["C9", "D10", "H8", "H9"]}]
    s.hands[1].extend(rest)
    s2, ev = GAME.apply(s, 0, DRAW)
    assert "pass" in types(ev) and s2.to_move == 1 and len(s2.hands[0]) == 2 and card_conservation(s2)


# ---------------------------------------------------------------- Mau calls
def test_mau_forgotten_draws_the_penalty():
    s = position(STD, [["C9", "H10"], ["H8", "SK"]], "H9", draw=["S7", "S8", "D7"])
    calls = {m.call for m in legal_moves(s) if m.kind == "play"}
    assert calls == {"mau", ""}
    s2, ev = play(s, 0, "H10")
    assert {"type": "forgot_mau", "seat": 0, "call": "mau", "penalty": 2} in ev
    assert len(s2.hands[0]) == 3 and codes(s2, s2.hands[0][1:]) == ["D7", "S8"]
    assert s2.called[0] == ""
    ok, _ = play(s, 0, "H10", call="mau")
    assert len(ok.hands[0]) == 1 and ok.called[0] == "mau"
    with pytest.raises(IllegalMove, match="not due"):
        play(s, 0, "H10", call="maumau")
    s1 = position(STD.replace(mau_penalty=1), [["C9", "H10"], ["H8"]], "H9")
    assert len(play(s1, 0, "H10")[0].hands[0]) == 2


def test_winning_play_without_mau_mau_does_not_end_the_round():
    s = position(STD, [["H10"], ["H8", "SK"], ["D7"]], "H9", draw=["S7", "S8", "D8"])
    s2, ev = play(s, 0, "H10")
    assert s2.phase == "play" and len(s2.hands[0]) == 2 and "round_over" not in types(ev)
    s3, ev = play(s, 0, "H10", call="maumau")
    assert s3.phase == "round_over" and s3.places[0] == 0
    with pytest.raises(IllegalMove, match="not due"):
        play(s, 0, "H10", call="mau")


def test_mau_calls_off():
    r = STD.replace(mau_penalty=0)
    s = position(r, [["H10"], ["H8", "SK"]], "H9")
    assert {m.call for m in legal_moves(s) if m.kind == "play"} == {""}
    with pytest.raises(IllegalMove, match="no Mau calls"):
        play(s, 0, "H10", call="maumau")
    assert play(s, 0, "H10")[0].phase == "round_over"


# ------------------------------------------------------------- start card
@pytest.mark.parametrize("top,pending,to_move,direction,wish", [
    ("H7", 2, 0, 1, None), ("H8", 0, 1, 1, None), ("H9", 0, 2, -1, None), ("HJ", 0, 0, 1, "H"), ("HK", 0, 0, 1, None),
])
def test_start_card_effect(top, pending, to_move, direction, wish):
    r = STD.replace(start_effect=True, nine="reverse")
    for seed in range(4000):
        s, ev = new_match(r, 4, seed)
        if s.deck[s.discard[0]].code == top:
            break
    else:
        pytest.fail("no seed turns up " + top)
    assert s.dealer == 3
    assert (s.pending, s.to_move, s.direction, s.wish) == (pending, to_move, direction, wish)
    off, _ = new_match(STD, 4, seed)
    assert (off.pending, off.to_move, off.direction, off.wish) == (0, 0, 1, None)


def test_start_ace_again_lets_the_dealer_begin():
    r = STD.replace(start_effect=True, ace="again")
    seed = next(sd for sd in range(4000) if new_match(r, 3, sd)[0].deck[new_match(r, 3, sd)[0].discard[0]].rank == "A")
    s, _ = new_match(r, 3, seed)
    assert s.to_move == s.dealer == 2


# -------------------------------------------------------- round end, scoring
def test_round_end_card_points_and_match_by_rounds():
    s = position(STD, [["H10"], ["SA", "SJ", "C7"], ["DQ", "DK"]], "H9", rounds=1)
    s2, ev = play(s, 0, "H10", call="maumau")
    assert s2.phase == "match_over"
    ro = [e for e in ev if e["type"] == "round_over"][0]
    assert ro["points"] == [0, 11 + 2 + 7, 3 + 4]
    assert ro["places"] == [0, 2, 1] and s2.totals == [0, 20, 7]
    assert codes(s2, ro["hands"][1]) == ["C7", "SA", "SJ"]
    assert s2.winner == 0 and GAME.round_places(s2) == [0, 2, 1]


def test_match_goes_on_to_the_next_round_and_point_limit_ends_it():
    s = position(STD, [["H10"], ["SA", "SJ"], ["DQ"]], "H9")
    s2, _ = play(s, 0, "H10", call="maumau")
    assert s2.phase == "round_over" and s2.rounds_total == 5
    r = STD.replace(match_end="points", point_limit=13)
    s = position(r, [["H10"], ["SA", "SJ"], ["DQ"]], "H9")
    assert s.rounds_total == 0 and s.limit_on
    s2, ev = play(s, 0, "H10", call="maumau")
    assert s2.phase == "match_over" and s2.totals == [0, 13, 3] and s2.winner == 0
    s = position(r, [["H10"], ["SA"], ["DQ"]], "H9")
    assert play(s, 0, "H10", call="maumau")[0].phase == "round_over"      # 11 < 13


def test_play_on_for_all_places():
    r = STD.replace(round_end="all")
    s = position(r, [["H10"], ["HK", "SQ"], ["HQ", "D7"]], "H9")
    s, ev = play(s, 0, "H10", call="maumau")
    assert s.phase == "play" and s.places == [0] and s.to_move == 1 and {"type": "out", "seat": 0, "place": 0} in ev
    s, _ = play(s, 1, "HK", call="mau")
    assert s.to_move == 2
    s, _ = play(s, 2, "HQ", call="mau")
    assert s.to_move == 1                                          # seat 0 is out: skipped
    s, _ = play(s, 1, "SQ", call="maumau")
    assert s.phase == "round_over" and s.places == [0, 1, 2] and s.round_points[-1] == [0, 0, 7]
    s = position(r, [["H10"], ["H8"], ["HQ", "D7"]], "H9")
    s, _ = play(s, 0, "H10", call="maumau")
    s, _ = play(s, 1, "H8", call="maumau")
    assert s.phase == "round_over" and s.places == [0, 1, 2] and s.round_points[-1] == [0, 0, 3 + 7]


def test_places_only_scoring_and_its_winner():
    r = load_template("MM-EINFACH")
    s = position(r, [["H10"], ["SA", "SJ"], ["DQ"]], "H9", rounds=1)
    s2, _ = play(s, 0, "H10")
    assert s2.phase == "match_over" and s2.totals == [0, 0, 0]
    assert s2.standings[0][0] == 1 and s2.standings[2][1] == 1 and s2.standings[1][2] == 1
    assert s2.winner == 0


def test_winner_ties_go_to_rounds_won_then_the_last_round():
    s, _ = new_match(STD, 3, 1)
    s.history = [[0, 1, 2], [2, 1, 0], [1, 0, 2]]
    s.round_points = [[0, 5, 10], [10, 5, 0], [5, 0, 10]]
    s.totals = [15, 10, 20]
    s.wins = [1, 1, 1]
    s2, _ = GAME.end_match(s)
    assert s2.winner == 1                                          # lowest total
    s.totals = [10, 10, 20]
    s.wins = [2, 1, 0]
    assert GAME.end_match(s)[0].winner == 0                        # tie: more rounds won
    s.wins = [1, 1, 1]
    assert GAME.end_match(s)[0].winner == 1                        # tie again: better last round


# ------------------------------------------------------------- bad input
def test_bad_moves_are_refused_with_a_reason():
    s = position(STD, [["C9", "D10"], ["H8"]], "H9")
    with pytest.raises(IllegalMove, match="seat 0's turn"):
        GAME.apply(s, 1, Move("play", cid(s, "H8")))
    with pytest.raises(IllegalMove, match="not in your hand"):
        GAME.apply(s, 0, Move("play", cid(s, "H8")))
    with pytest.raises(IllegalMove, match="not in your hand"):
        GAME.apply(s, 0, Move("play", 999))
    with pytest.raises(IllegalMove, match="no seat"):
        GAME.apply(s, 7, DRAW)
    with pytest.raises(IllegalMove):
        GAME.apply(s, 0, {"kind": "draw"})
    for bad in [None, [], {"kind": "fold"}, {"kind": "play"}, {"kind": "play", "card": True},
                {"kind": "play", "card": "3"}, {"kind": "play", "card": 3, "suit": 5},
                {"kind": "play", "card": 3, "call": "MAU!"}, {"kind": "play", "card": -1}]:
        with pytest.raises(IllegalMove):
            move_from_wire(bad)
    m = Move("play", 3, "H", "mau")
    assert move_from_wire(GAME.move_to_wire(m)) == m
    assert move_from_wire({"kind": "keep"}) == KEEP
    done = position(STD, [["H10"], ["H8"]], "H9", rounds=1)
    done, _ = play(done, 0, "H10", call="maumau")
    with pytest.raises(IllegalMove, match="match is over"):
        GAME.apply(done, 1, DRAW)
    with pytest.raises(IllegalMove, match="match is over"):
        GAME.next_round(done)


def test_timeout_move():
    s = position(STD, [["C9", "D10"], ["H8"]], "H9", draw=["H10"])
    assert GAME.timeout_move(s) == DRAW
    s2, _ = GAME.apply(s, 0, DRAW)
    assert GAME.timeout_move(s2) == KEEP
    s = position(STD.replace(draw_when_able=False), [["C9", "D10"], ["H8"]], "H9")
    assert GAME.timeout_move(s) is None


# ---------------------------------------------------------------- views
def test_view_shows_section_5_and_nothing_else():
    s = position(STD, [["C9", "D10"], ["H8", "SK"], ["DA"]], "H9", draw=["SA", "H10"], discard_below=["D9"])
    v = GAME.view(s, 1)
    assert v["hand"] == sorted([cid(s, "H8"), cid(s, "SK")], key=lambda c: c % 32)
    assert v["counts"] == [2, 2, 1] and v["draw_count"] == 2
    assert v["discard"] == [cid(s, "D9"), cid(s, "H9")] and v["top"] == cid(s, "H9")
    assert v["legal"] == [] and "seed" not in v and "draw" not in v
    assert GAME.view(s, 0)["legal"] and GAME.view(s, None)["hand"] == []
    s2, ev = GAME.apply(s, 0, DRAW)
    assert GAME.view(s2, 0)["drawn"] == cid(s, "H10")
    assert GAME.view(s2, 1)["drawn"] is None
    drawn = [e for e in GAME.filter_events(ev, 0) if e["type"] == "draw"][0]
    assert drawn["cards"] == [cid(s, "H10")]
    for seat in (1, 2, None):
        e = [e for e in GAME.filter_events(ev, seat) if e["type"] == "draw"][0]
        assert "cards" not in e and e["count"] == 1
    with pytest.raises(ValueError):
        GAME.view(s, 3)
    s3, _ = play(position(STD, [["H10"], ["SA"]], "H9"), 0, "H10", call="maumau")
    shown = GAME.view(s3, 0)["hands_shown"]
    assert shown == [[], [cid(s, "SA")]]
    assert GAME.view(s, 0)["hands_shown"] is None


def test_views_events_and_moves_are_msgpack_data():
    import msgpack
    s, ev = new_match(STD, 4, 3)
    for _ in range(60):
        if s.phase not in ("play", "drawn"):
            break
        for seat in range(4):
            v = GAME.view(s, seat)
            assert msgpack.unpackb(msgpack.packb(v), strict_map_key=False) == v
        for e in GAME.filter_events(ev, 0):
            assert msgpack.unpackb(msgpack.packb(e), strict_map_key=False) == e
        m = legal_moves(s)[0]
        w = GAME.move_to_wire(m)
        assert GAME.move_from_wire(msgpack.unpackb(msgpack.packb(w))) == m
        ev = GAME.apply_inplace(s, s.to_move, m)
    r = GAME.rules_to_dict(STD)
    assert GAME.rules_from_dict(msgpack.unpackb(msgpack.packb(r))) == STD

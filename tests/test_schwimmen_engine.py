"""Schwimmen engine: example tests for every rule of RULES-SCHWIMMEN.md and every option of §3."""
from __future__ import annotations

import dataclasses

import pytest

from felt import games
from felt.contract.base import IllegalMove
from felt.games.schwimmen import engine as E
from felt.games.schwimmen.engine import KEEP, KNOCK, PASS, SWAP_ALL, TAKE, Move

G = games.get("schwimmen")
STD = G.template("SW-STD")
EINFACH = G.template("SW-EINFACH")
RUNDEN = G.template("SW-RUNDEN")


def rules(**kw):
    base = dict(dealer_choice=False)
    base.update(kw)
    return dataclasses.replace(STD, **base)


def c(code, r=STD):
    return E.card_from_code(r, code)


def cs(*codes, r=STD):
    return [c(x, r) for x in codes]


def rigged(r, hands, middle, to_move=0, turns=0, n=None, seed=1):
    n = n or max(hands) + 1
    s, _ = G.new_match(r, n, seed)
    return E.rig(s, {i: cs(*h) for i, h in hands.items()}, cs(*middle), to_move, turns)


def play(s, seat, move):
    assert s.to_move == seat
    return G.apply_inplace(s, seat, move)


# ------------------------------------------------------------------ values (§2, §7)
def test_hand_values_from_the_rule_book():
    assert E.hand_value2(cs("HA", "HK", "H10")) == 62                  # 31
    assert E.hand_value2(cs("HQ", "H10", "DJ")) == 40                  # 20
    assert E.hand_value2(cs("D7", "H7", "S7")) == 61                   # 30½
    assert E.value_text(61) == "30½" and E.value_text(62) == "31"
    assert E.is_feuer(cs("CA", "HA", "SA"))                            # Feuer
    assert not E.is_feuer(cs("CA", "HA", "SK"))
    assert E.hand_value2(cs("C7", "S8", "H9")) == 18                   # a single card alone
    assert E.hand_value2(cs("CA", "C7", "HK")) == 36                   # ace + 7 of clubs = 18
    assert E.hand_value2(cs("CA", "HA", "SA")) == 61                   # three aces, counted as 30½


def test_german_deck_codes_and_values():
    g = rules(deck="german")
    assert E.card_code(g, 7) == "EA" and E.card_code(g, 4) == "EU"
    assert E.hand_value2([E.card_from_code(g, x) for x in ("HA", "HO", "HU")]) == 62
    with pytest.raises(KeyError):
        E.card_from_code(g, "CA")


def test_31_beats_30_and_a_half_and_the_lowest_loses():
    s = rigged(rules(thirty_one_ends=False), {0: ("HA", "HK", "H10"), 1: ("D7", "H7", "S7"), 2: ("C8", "S9", "D9")},
               ("CK", "CQ", "SJ"), to_move=0, turns=3)
    play(s, 0, KNOCK)
    play(s, 1, PASS)
    play(s, 2, PASS)
    sd = s.showdown
    assert sd["reason"] == "knock" and sd["values"] == [62, 61, 18]
    assert sd["losers"] == {"2": 1} and s.lives == [3, 3, 2]
    assert G.round_places(s) == [0, 1, 2]


# ------------------------------------------------------------------ knocking (§4.3)
def test_knock_gives_every_other_player_exactly_one_turn_and_the_knocker_none():
    s = rigged(rules(), {i: h for i, h in enumerate([("C7", "C8", "S9"), ("D7", "D8", "H9"),
                                                   ("S7", "S8", "C9"), ("H7", "H8", "D9")])},
               ("CJ", "SQ", "DK"), to_move=2, turns=4)
    play(s, 2, KNOCK)
    assert s.knocker == 2 and s.final_left == [3, 0, 1]
    seen = []
    while s.phase == "play":
        seen.append(s.to_move)
        assert KNOCK not in G.legal_moves(s)
        play(s, s.to_move, PASS)
    assert seen == [3, 0, 1]
    assert s.phase == "round_over" and s.showdown["reason"] == "knock"


def test_one_knock_per_round():
    s = rigged(rules(), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9"), 2: ("S7", "S8", "C9")},
               ("CJ", "SQ", "DK"), to_move=0, turns=3)
    play(s, 0, KNOCK)
    with pytest.raises(IllegalMove, match="already knocked"):
        G.apply(s, 1, KNOCK)


def test_no_knock_in_the_first_go_round_unless_allowed():
    s = rigged(rules(), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9"), 2: ("S7", "S8", "C9")},
               ("CJ", "SQ", "DK"), to_move=0, turns=0)
    assert KNOCK not in G.legal_moves(s)
    with pytest.raises(IllegalMove, match="every player"):
        G.apply(s, 0, KNOCK)
    play(s, 0, PASS)
    play(s, 1, PASS)
    assert KNOCK not in G.legal_moves(s)
    play(s, 2, PASS)
    assert KNOCK in G.legal_moves(s)      # every player has had a turn
    s2 = rigged(rules(knock_first_round=True), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9")},
                ("CJ", "SQ", "DK"), to_move=0, turns=0)
    assert KNOCK in G.legal_moves(s2)
    assert EINFACH.knock_first_round and not STD.knock_first_round


# ------------------------------------------------------------------ 31 and Feuer (§4.4)
def test_31_after_a_swap_ends_the_round_at_once():
    s = rigged(rules(), {0: ("HA", "HK", "C7"), 1: ("D7", "D8", "S10"), 2: ("S7", "S8", "C9")},
               ("H10", "SQ", "DK"), to_move=0)
    ev = play(s, 0, Move("swap", c("C7"), c("H10")))
    assert s.phase == "round_over" and s.showdown["reason"] == "31" and s.showdown["by"] == 0
    assert any(e["type"] == "showdown" for e in ev)
    assert s.showdown["values"] == [62, 30, 30]


def test_31_off_plays_on():
    s = rigged(rules(thirty_one_ends=False), {0: ("HA", "HK", "C7"), 1: ("D7", "D8", "S9")},
               ("H10", "SQ", "DK"), to_move=0)
    play(s, 0, Move("swap", c("C7"), c("H10")))
    assert s.phase == "play" and s.to_move == 1


def test_31_as_dealt_is_shown_when_the_turn_begins():
    s = rigged(rules(), {0: ("C7", "C8", "S9"), 1: ("HA", "HK", "HQ"), 2: ("S7", "S8", "C9")},
               ("H10", "SQ", "DK"), to_move=0)
    play(s, 0, PASS)
    assert s.phase == "round_over" and s.showdown["reason"] == "31" and s.showdown["by"] == 1


def test_feuer_by_a_swap_ends_the_round_and_every_other_player_loses_a_life():
    s = rigged(rules(), {0: ("CA", "HA", "C7"), 1: ("D7", "D8", "S9"), 2: ("HK", "HQ", "HJ")},
               ("SA", "SQ", "DK"), to_move=0)
    play(s, 0, Move("swap", c("C7"), c("SA")))
    assert s.phase == "round_over" and s.showdown["reason"] == "feuer" and s.showdown["feuer"] == 0
    assert s.lives == [3, 2, 2] and G.round_places(s)[0] == 0


def test_feuer_off_three_aces_count_30_and_a_half_and_play_goes_on():
    s = rigged(rules(feuer=False), {0: ("CA", "HA", "C7"), 1: ("D7", "D8", "S9")},
               ("SA", "SQ", "DK"), to_move=0)
    play(s, 0, Move("swap", c("C7"), c("SA")))
    assert s.phase == "play" and E.hand_value2(s.hands[0]) == 61


def _feuer_deal(r, n):
    for seed in range(20000):
        s, ev = G.new_match(r, n, seed)
        if s.phase == "round_over" and s.showdown["reason"] == "feuer":
            return s, ev
    raise AssertionError("no Feuer deal found")


def test_feuer_at_the_deal_ends_the_round_even_out_of_turn():
    s, ev = _feuer_deal(rules(), 9)
    by = s.showdown["by"]
    assert E.is_feuer(s.hands[by])
    assert s.showdown["losers"] == {str(i): 1 for i in range(9) if i != by}
    assert sorted(s.all_cards()) == list(range(32))
    # with dealer's choice too (the dealer has not chosen yet: keeps the hand looked at)
    s, ev = _feuer_deal(STD, 9)
    assert s.dealer_hands is None and sorted(s.all_cards()) == list(range(32))


def test_feuer_at_the_deal_before_the_dealers_choice_shows_nobody_the_unseen_hand():
    s, ev = _feuer_deal(STD, 9)
    d = s.dealer
    # the same deal with Feuer off stops at the dealer's choice: there the two hands are known
    quiet, _ = G.new_match(dataclasses.replace(STD, feuer=False), 9, s.seed)
    assert quiet.phase == "dealer_choice" and quiet.dealer == d
    looked_at, unseen = quiet.dealer_hands
    assert s.hands[d] == looked_at and s.middle == []          # nothing was laid face up
    assert set(unseen) <= set(s.stock)                          # face down, never shown (§5)
    for seat in list(range(9)) + [None]:
        v = G.view(s, seat)
        shown = set(v["hand"]) | set(v["middle"]) | {c for h in v["showdown"]["hands"] for c in h or []}
        shown |= {c for e in G.filter_events(ev, seat) for k in ("cards", "middle") for c in e.get(k) or []}
        assert not shown & set(unseen), seat
        assert v["showdown"]["hands"][d] == looked_at


# ------------------------------------------------------------------ losing, swimming, out (§4.6, §4.7)
def test_ties_for_the_lowest_hand_all_lose():
    s = rigged(rules(), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9"), 2: ("SA", "SK", "C9")},
               ("CJ", "SQ", "DK"), to_move=2, turns=3)
    play(s, 2, KNOCK)
    play(s, 0, PASS)
    play(s, 1, PASS)
    assert s.showdown["values"][:2] == [30, 30]
    assert s.showdown["losers"] == {"0": 1, "1": 1} and s.lives == [2, 2, 3]


@pytest.mark.parametrize("double", [False, True])
def test_knocker_loses_double_only_with_the_option(double):
    s = rigged(rules(knocker_double=double), {0: ("C7", "C8", "S9"), 1: ("DA", "DK", "H9"), 2: ("SA", "SK", "C9")},
               ("CJ", "HQ", "DQ"), to_move=0, turns=3)
    play(s, 0, KNOCK)
    play(s, 1, PASS)
    play(s, 2, PASS)
    assert s.lives[0] == (1 if double else 2)
    assert RUNDEN.knocker_double and not STD.knocker_double


def _lose_round(s, loser, *more):
    """Rig a 2+ player showdown of the players of the round in which ``loser`` (and ``more``)
    hold the lowest hand (9 each); ``loser`` knocks."""
    players = [i for i in range(s.n) if s.in_round[i]]
    losers = (loser,) + more
    others = [i for i in players if i not in losers]
    low = [("C7", "S8", "H9"), ("S7", "H8", "C9"), ("H7", "C8", "S9")]
    hands = {i: cs(*low[k]) for k, i in enumerate(losers)}
    good = [("DA", "DK", "DQ"), ("SA", "SK", "SQ"), ("CA", "CK", "CQ"), ("HA", "HK", "HQ")]
    for k, i in enumerate(others):
        hands[i] = cs(*good[k])
    E.rig(s, hands, cs("D7", "D8", "D9"), to_move=loser, turns=10)
    play(s, loser, KNOCK)
    while s.phase == "play":
        play(s, s.to_move, PASS)


def test_swimming_then_out():
    s, _ = G.new_match(rules(lives=1), 3, 5)
    _lose_round(s, 0)
    assert s.lives[0] == 0 and s.swimming[0] and not s.out[0]
    s, _ = G.next_round(s)
    _lose_round(s, 0)
    assert s.out[0] and s.phase == "round_over"
    s, _ = G.next_round(s)
    assert s.hands[0] == [] and not s.in_round[0]


def test_without_swimming_the_last_life_puts_a_player_out():
    s, _ = G.new_match(rules(lives=1, swimming=False), 3, 5)
    _lose_round(s, 1)
    assert s.out[1] and not s.swimming[1]


def test_the_last_player_left_wins():
    s, _ = G.new_match(rules(lives=1, swimming=False), 2, 5)
    _lose_round(s, 0)
    assert s.phase == "match_over" and s.winner == 1 and G.winner(s) == 1
    with pytest.raises(IllegalMove):
        G.apply(s, 1, PASS)


def test_nobody_goes_out_if_everyone_would():
    s, _ = G.new_match(rules(lives=1, swimming=False), 2, 5)
    E.rig(s, {0: cs("C7", "S8", "H9"), 1: cs("D7", "C8", "S9")}, cs("DA", "DK", "DQ"), to_move=0, turns=5)
    play(s, 0, KNOCK)
    play(s, 1, PASS)
    assert s.showdown["losers"] == {"0": 1, "1": 1}
    assert s.in_play() == [0, 1] and s.swimming == [True, True] and s.phase == "round_over"


# ------------------------------------------------------------------ all pass (§4.5)
def test_all_pass_new_middle_and_stock_running_out():
    s = rigged(rules(), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9")}, ("CJ", "SQ", "DK"), to_move=0)
    old, stock = list(s.middle), len(s.stock)
    play(s, 0, PASS)
    ev = play(s, 1, PASS)
    assert s.discarded == [old] and len(s.stock) == stock - 3 and len(s.middle) == 3
    assert any(e["type"] == "new_middle" for e in ev)
    assert sorted(s.all_cards()) == list(range(32))
    s.stock = s.stock[:2]
    s.discarded.append([x for x in range(32) if x not in s.all_cards()])
    play(s, 0, PASS)
    play(s, 1, PASS)
    assert s.phase == "round_over" and s.showdown["reason"] == "stock"


def test_all_pass_options_showdown_and_off():
    s = rigged(rules(all_pass="showdown"), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9")}, ("CJ", "SQ", "DK"), to_move=0)
    play(s, 0, PASS)
    play(s, 1, PASS)
    assert s.phase == "round_over" and s.showdown["reason"] == "all_pass"
    s = rigged(rules(all_pass="off"), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9")}, ("CJ", "SQ", "DK"), to_move=0)
    for _ in range(3):
        play(s, 0, PASS)
        play(s, 1, PASS)
    assert s.phase == "play" and s.middle == cs("CJ", "SQ", "DK") and s.discarded == []


def test_a_swap_breaks_the_run_of_passes():
    s = rigged(rules(), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9"), 2: ("S7", "S8", "C9")}, ("CJ", "SQ", "DK"), to_move=0)
    play(s, 0, PASS)
    play(s, 1, Move("swap", c("D7"), c("DK")))
    play(s, 2, PASS)
    play(s, 0, PASS)
    assert s.discarded == []
    play(s, 1, PASS)
    assert len(s.discarded) == 1


def test_swap_all_exchanges_hand_and_middle():
    s = rigged(rules(), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9")}, ("CJ", "SQ", "DK"), to_move=0)
    play(s, 0, SWAP_ALL)
    assert s.hands[0] == cs("CJ", "SQ", "DK") and s.middle == cs("C7", "C8", "S9")
    assert s.taken[0] == cs("CJ", "SQ", "DK")


# ------------------------------------------------------------------ dealing, dealer's choice (§4.1)
def test_dealer_rotation_and_first_player():
    s, _ = G.new_match(rules(), 4, 3)
    assert s.dealer == 3 and (s.phase != "play" or s.to_move == 0)
    s.phase = "round_over"
    s.out[0] = True
    s, _ = G.next_round(s)
    assert s.dealer == 1 and s.hands[0] == []
    assert sum(len(h) for h in s.hands) == 9


def test_dealer_choice_keep_and_take():
    for kind in ("keep", "take"):
        for seed in range(50):
            s, _ = G.new_match(STD, 3, seed)
            if s.phase == "dealer_choice":
                break
        assert s.to_move == 2 and G.legal_moves(s) == [KEEP, TAKE]
        a, b = s.dealer_hands
        v = G.view(s, 2)
        assert v["choosing"] and v["hand"] == a and v["legal"] == [{"kind": "keep"}, {"kind": "take"}]
        for seat in (0, 1, None):
            w = G.view(s, seat)
            assert w["hand"] != a and w["middle"] == []
        with pytest.raises(IllegalMove, match="dealer"):
            G.apply(s, 2, PASS)
        with pytest.raises(IllegalMove, match="not on turn"):
            G.apply(s, 0, KEEP)
        s2, ev = G.apply(s, 2, KEEP if kind == "keep" else TAKE)
        if kind == "keep":
            assert s2.hands[2] == a and s2.middle == b
        else:
            assert s2.hands[2] == b and s2.middle == a
            pub = G.filter_events(ev, 0)
            assert all("cards" not in e for e in pub if e["type"] == "take")
            assert [e for e in G.filter_events(ev, 2) if e["type"] == "take"][0]["cards"] == b
        assert s2.phase in ("play", "round_over")
        assert sorted(s2.all_cards()) == list(range(32))


def test_without_dealer_choice_three_cards_face_up():
    s, _ = G.new_match(EINFACH, 4, 11)
    assert s.phase in ("play", "round_over") and len(s.middle) == 3 and s.dealer_hands is None
    assert len(s.stock) == 32 - 12 - 3


# ------------------------------------------------------------------ match end (§4.7)
def test_fixed_rounds_fewest_lives_lost_wins():
    s, _ = G.new_match(dataclasses.replace(RUNDEN, rounds=2), 3, 9)
    _lose_round(s, 0)
    assert s.phase == "round_over"
    s, _ = G.next_round(s)
    _lose_round(s, 1)
    # each loser knocked, so each lost double (SW-RUNDEN)
    assert s.lost == [2, 2, 0] and s.phase == "match_over" and s.winner == 2


def test_fixed_rounds_tie_plays_on():
    s, _ = G.new_match(dataclasses.replace(RUNDEN, rounds=1, knocker_double=False), 3, 9)
    _lose_round(s, 0)
    assert s.lost == [1, 0, 0] and s.phase == "round_over"      # 1 and 2 tied: Stechen
    s, _ = G.next_round(s)
    _lose_round(s, 1)
    assert s.phase == "match_over" and s.winner == 2


def test_end_match_names_a_winner():
    s, _ = G.new_match(rules(), 3, 9)
    _lose_round(s, 0)
    t, ev = G.end_match(s)
    assert t.phase == "match_over" and t.winner in (1, 2) and ev[0]["type"] == "match_over"


# ------------------------------------------------------------------ bad input
def test_illegal_moves_raise_and_change_nothing():
    s = rigged(rules(), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9")}, ("CJ", "SQ", "DK"), to_move=0)
    before = G.view(s, 0)
    for seat, mv, msg in [(1, PASS, "not on turn"), (0, Move("swap", c("D7"), c("CJ")), "not in your hand"),
                          (0, Move("swap", c("C7"), c("HA")), "not in the middle"), (0, KEEP, "no dealer"),
                          (0, Move("fly"), "unknown"), (7, PASS, "no seat"), (0, "pass", "not a Schwimmen")]:
        with pytest.raises(IllegalMove, match=msg):
            G.apply(s, seat, mv)
    assert G.view(s, 0) == before


@pytest.mark.parametrize("bad", [None, [], "pass", {"kind": "fly"}, {"kind": "swap", "give": 1},
                                 {"kind": "swap", "give": True, "take": 2}, {"kind": "swap", "give": 40, "take": 2},
                                 {"kind": "pass", "x": 1}, {"kind": 3}])
def test_malformed_wire_moves(bad):
    with pytest.raises(IllegalMove):
        G.move_from_wire(bad)


def test_wire_round_trip():
    for m in (KEEP, TAKE, PASS, KNOCK, SWAP_ALL, Move("swap", 3, 17)):
        assert G.move_from_wire(G.move_to_wire(m)) == m


def test_timeout_moves():
    s = rigged(rules(), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9")}, ("CJ", "SQ", "DK"), to_move=0)
    assert G.timeout_move(s) == PASS
    for seed in range(50):
        s, _ = G.new_match(STD, 3, seed)
        if s.phase == "dealer_choice":
            break
    assert G.timeout_move(s) == KEEP


# ------------------------------------------------------------------ views (§5)
def test_view_shows_own_hand_only_and_every_hand_at_the_showdown():
    s = rigged(rules(), {0: ("C7", "C8", "S9"), 1: ("D7", "D8", "H9"), 2: ("SA", "SK", "C9")},
               ("CJ", "SQ", "DK"), to_move=0, turns=3)
    v = G.view(s, 0)
    assert v["hand"] == cs("C7", "C8", "S9") and v["middle"] == cs("CJ", "SQ", "DK") and v["stock"] == 32 - 12
    assert v["showdown"] is None and "seed" not in v and isinstance(v["stock"], int)
    assert G.view(s, 1)["legal"] == [] and len(v["legal"]) == 9 + 2 + 1
    assert G.view(s, None)["hand"] == []
    play(s, 0, KNOCK)
    play(s, 1, PASS)
    play(s, 2, PASS)
    for seat in (0, 1, 2, None):
        sd = G.view(s, seat)["showdown"]
        assert sd["hands"] == [cs("C7", "C8", "S9"), cs("D7", "D8", "H9"), cs("SA", "SK", "C9")]

"""Mistake marks (felt/contract/analysis.py, issue 43 "learn from your own evening").

- rigged positions of each game where one play is clearly worse: that play is marked, the
  obviously good one is not;
- the estimate never reads a card the seat could not know: two states that give the seat the
  same view but hold the hidden cards elsewhere give the same estimate with the same seed (for
  the three games' own worlds and the shared shuffle a plug-in game gets);
- over a finished match: the budget, the progress, the counts per seat.
"""
from __future__ import annotations

import dataclasses

import pytest

from felt import games
from felt.contract import analysis
from tests.helpers import pos, schwimmen_rigged

PR = games.get("praesident")
MM = games.get("maumau")


def _wire(game, view, pick):
    """The legal wire move of ``view`` that ``pick(move)`` likes best (a play with its call)."""
    legal = [m for m in view["legal"] if pick(m)]
    assert legal, view["legal"]
    return max(legal, key=lambda m: len(repr(m)))


# ---------------------------------------------------------------------------- Präsident
def _pr_endgame():
    """Seat 0 leads holding a pair of sevens and a king; the others hold an ace each. The pair
    first (nobody beats it), then the king: out first. The king first: an ace beats it and
    that seat is out first."""
    rules = PR.template("PR-002")
    s, codes = pos(rules, [["S7", "S7.2", "CK"], ["HA"], ["DA"]], to_move=0)
    return s


def test_praesident_leading_the_king_before_the_pair_is_marked_and_the_pair_is_not():
    s = _pr_endgame()
    view = PR.view(s, 0)
    deck = s.deck
    king = _wire(PR, view, lambda m: m["kind"] == "play" and [deck[c].code for c in m["cards"]] == ["CK"])
    pair = _wire(PR, view, lambda m: m["kind"] == "play" and len(m["cards"]) == 2)
    bad = analysis.estimate(PR, s, 0, king, samples=16, seed=1)
    good = analysis.estimate(PR, s, 0, pair, samples=16, seed=1)
    assert bad.level in ("mistake", "blunder"), bad.to_dict()
    assert bad.loss >= 0.3 and sorted(bad.best["cards"]) == sorted(pair["cards"])
    assert good.level is None and good.loss == 0.0, good.to_dict()


# ---------------------------------------------------------------------------- Mau-Mau
def _mm_last_card():
    """Seat 0 holds one card, the Herz 9, on a Herz 8: playing it ends the round with seat 0
    first; drawing instead gives the others turns to go out."""
    rules = MM.template("MM-STD")
    s, _ = MM.new_match(rules, 3, 5)
    code = {c.code: i for i, c in enumerate(s.deck)}
    ids = lambda *cs: [code[c] for c in cs]   # noqa: E731
    s.hands = [ids("H9"), ids("C7", "C8", "S9", "S10", "CK"), ids("D7", "D8", "DQ", "DK", "SQ")]
    s.discard = ids("H8")
    used = {c for h in s.hands for c in h} | set(s.discard)
    s.draw = [c for c in range(len(s.deck)) if c not in used]
    s.to_move, s.phase, s.wish, s.pending, s.drawn = 0, "play", None, 0, None
    s.log = []
    return s


def test_maumau_drawing_instead_of_the_last_card_is_a_blunder_and_playing_it_is_not():
    s = _mm_last_card()
    view = MM.view(s, 0)
    draw = _wire(MM, view, lambda m: m["kind"] == "draw")
    play = _wire(MM, view, lambda m: m["kind"] == "play")
    bad = analysis.estimate(MM, s, 0, draw, samples=16, seed=2)
    good = analysis.estimate(MM, s, 0, play, samples=16, seed=2)
    assert bad.level == "blunder" and bad.best["kind"] == "play", bad.to_dict()
    assert good.level is None and good.loss == 0.0


# ---------------------------------------------------------------------------- Schwimmen
def test_schwimmen_passing_by_a_31_is_marked_and_taking_it_is_not():
    # seat 0 holds 10 points; the middle is Herz Ass, König, Dame: taking all of it is 31 and
    # ends the round (seat 0 loses nothing); passing keeps the 10 points
    g, s, ids = schwimmen_rigged({0: ["C7", "S8", "D9"], 1: ["SA", "SK", "C10"], 2: ["DA", "DK", "C8"]},
                                 ["HA", "HK", "HQ"], n=3, to_move=0, turns=0)
    view = g.view(s, 0)
    take_all = _wire(g, view, lambda m: m["kind"] == "swap_all")
    passing = _wire(g, view, lambda m: m["kind"] == "pass")
    bad = analysis.estimate(g, s, 0, passing, samples=16, seed=3)
    good = analysis.estimate(g, s, 0, take_all, samples=16, seed=3)
    assert bad.level == "blunder" and bad.best["kind"] == "swap_all", bad.to_dict()
    assert good.level is None and good.loss == 0.0, good.to_dict()


# ---------------------------------------------------------------------------- what the seat knows
def _swap_hidden(game, state, seat):
    """``state`` with two other seats' hands swapped (same sizes) or, for two seats, a card of
    the other hand swapped with one of the unseen pile: the same view for ``seat``, the hidden
    cards elsewhere."""
    other = game.clone(state)
    others = [s for s in range(other.n) if s != seat and other.hands[s]]
    a = others[0]
    if len(others) > 1 and len(other.hands[others[1]]) == len(other.hands[a]):
        b = others[1]
        other.hands[a], other.hands[b] = other.hands[b], other.hands[a]
    else:
        pile = next(getattr(other, p) for p in game.unseen_piles if getattr(other, p, None))
        other.hands[a][0], pile[0] = pile[0], other.hands[a][0]
    if hasattr(other, "groups"):
        other.groups = [None] * other.n       # Präsident's cache of each hand's groups
    return other


def _mm_midround():
    rules = MM.template("MM-STD")
    s, _ = MM.new_match(rules, 3, 11)
    return s


def _pr_midround():
    s = _pr_endgame()
    return s


def _hc_state():
    from tests.toy_highcard import GAME as HC
    s, _ = HC.new_match(HC.template("HC-1"), 3, 4)
    return HC, s


@pytest.mark.parametrize("which", ["praesident", "maumau", "schwimmen", "highcard"])
def test_the_estimate_reads_only_what_the_seat_knows(which):
    if which == "praesident":
        game = PR
        rules = PR.template("PR-002")
        state, _ = pos(rules, [["S7", "S7.2", "CK", "H9"], ["HA", "D8"], ["DA", "C10"]], to_move=0)
    elif which == "maumau":
        game, state = MM, _mm_midround()
    elif which == "schwimmen":
        game, state, _ids = schwimmen_rigged({0: ["HA", "HK", "C7"], 1: ["S8", "D9", "C10"], 2: ["SJ", "DQ", "S9"]},
                                             ["HQ", "D7", "C8"], n=3, to_move=0, turns=3)
    else:
        game, state = _hc_state()
    seat = state.to_move
    other = _swap_hidden(game, state, seat)
    assert game.view(other, seat) == game.view(state, seat)
    assert [sorted(h) for h in other.hands] != [sorted(h) for h in state.hands]
    view = game.view(state, seat)
    played = view["legal"][-1]
    a = analysis.estimate(game, state, seat, played, samples=6, seed=9)
    b = analysis.estimate(game, other, seat, played, samples=6, seed=9)
    assert a is not None and a.to_dict() == b.to_dict()
    # and each world dealt is the same: where the hidden cards lay is never read
    import random
    wa = game.determinize(state, seat, random.Random(5))
    wb = game.determinize(other, seat, random.Random(5))
    assert [list(h) for h in wa.hands] == [list(h) for h in wb.hands]
    # a new seed deals another world (the worlds do vary)
    worlds = {repr([sorted(h) for h in game.determinize(state, seat, random.Random(k)).hands]) for k in range(6)}
    assert len(worlds) > 1


def test_the_shared_shuffle_refuses_a_game_whose_hidden_place_it_does_not_know():
    """A plug-in whose seat sees the size of a pile the shuffle would not deal: an error, never
    a world that keeps the real hidden cards where they lay."""
    from tests.toy_highcard import GAME as HC, HighCard
    import random

    class Leaky(HighCard):
        id = "leaky"

        def view(self, state, seat):
            v = super().view(state, seat)
            v["first_of_next"] = state.hands[(seat + 1) % state.n][0]     # shows a card of the next hand
            return v
    g = Leaky()
    s, _ = g.new_match(g.template("HC-1"), 3, 4)
    with pytest.raises(ValueError):
        for k in range(20):                  # some deal moves that card: the seat would notice
            g.determinize(s, 0, random.Random(k))
    assert HC.determinize(s, 0, random.Random(1)) is not None


# ---------------------------------------------------------------------------- a whole match
def test_a_match_is_judged_within_its_budget_with_progress_and_counts():
    from felt.ui.replay_scene import demo_replay
    rp = demo_replay(MM)
    seen = []
    marks = analysis.analyse(rp, [0, 1], samples=4, max_seconds=60, seed=1,
                             progress=lambda done, total: seen.append((done, total)))
    steps = analysis.decisions(rp, {0, 1})
    assert set(marks) == set(steps) and steps
    assert [d for d, _t in seen] == sorted(d for d, _t in seen) and seen[-1] == (len(steps), len(steps))
    c = analysis.counts(marks, rp.mover, 1)
    assert set(c) == set(analysis.LEVELS) and all(v >= 0 for v in c.values())
    # a budget of nothing judges at most one, and stopping ends it at once
    assert len(analysis.analyse(rp, [0, 1], samples=4, max_seconds=0.0)) <= 1
    assert analysis.analyse(rp, [0, 1], samples=4, should_stop=lambda: True) == {}
    # what was judged already is kept and not judged again
    again = analysis.analyse(rp, [0, 1], samples=4, marks=marks, progress=lambda d, t: seen.append("again"))
    assert again == marks and "again" not in seen


def test_levels_and_thresholds():
    assert analysis.level_of(0.05, 0.0) is None
    assert analysis.level_of(0.12, 0.01) == "inaccuracy"
    assert analysis.level_of(0.25, 0.01) == "mistake"
    assert analysis.level_of(0.5, 0.01) == "blunder"
    assert analysis.level_of(0.5, 0.3) is None                # within the noise: no mark
    assert dataclasses.is_dataclass(analysis.Estimate)


def test_the_background_job_fills_the_marks_keeps_to_its_share_and_stops():
    from felt.ui.replay_scene import demo_replay
    rp = demo_replay(games.get("schwimmen"))
    job = analysis.Job(rp, [0], samples=4, max_seconds=60, duty=0.5, seed=2).start()
    job.join(60)
    assert job.finished and job.progress() == (job.total, job.total) and job.total > 0
    assert set(job.marks) == set(analysis.decisions(rp, {0}))
    assert job.counts(0) == analysis.counts(job.marks, rp.mover, 0)
    # the same seed judges alike
    again = analysis.analyse(rp, [0], samples=4, seed=2)
    assert {i: e and e.to_dict() for i, e in again.items()} == {i: e and e.to_dict() for i, e in job.marks.items()}
    # stopped at once: it ends without judging everything
    slow = analysis.Job(rp, [0, 1, 2, 3], samples=64, max_seconds=60, duty=0.1)
    slow.start()
    slow.stop()
    slow.join(30)
    assert slow.finished and slow.done < slow.total

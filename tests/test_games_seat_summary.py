"""`felt bot` ends with one line on how its seat did: Game.seat_summary(view) from the seat's
final view. Präsident and Mau-Mau list the places per round (from the view's history);
Schwimmen, whose view has no places, says the lives left and whether the seat is out."""
from __future__ import annotations

import random
import re

import pytest

from felt import games


def _final_view(gid: str, n: int, seed: int, seat: int):
    g = games.get(gid)
    rules = g.template(g.template_ids()[0])
    s, _ = g.new_match(rules, n, seed, 3 if gid != "schwimmen" else None)
    bots = [g.make_bot("easy", seed=i) for i in range(n)]
    for _ in range(20000):
        if s.phase == "match_over":
            break
        if s.phase == "round_over":
            s, _ = g.next_round(s)
            continue
        who = s.to_move
        g.apply_inplace(s, who, bots[who].choose(g.view(s, who)))
    assert s.phase == "match_over"
    return g, s, g.view(s, seat)


@pytest.mark.parametrize("gid", ["praesident", "maumau"])
def test_places_per_round_for_games_with_history(gid):
    g, s, v = _final_view(gid, 4, 7, 2)
    line = g.seat_summary(v)
    places = [int(x) for x in re.findall(r"\d+", line)]
    assert line.startswith("places per round:")
    assert places == [p.index(2) + 1 for p in v["history"]] and len(places) == len(v["history"]) > 0


def test_schwimmen_says_lives_left_and_whether_out():
    for seat in range(4):
        g, s, v = _final_view("schwimmen", 4, 11, seat)
        line = g.seat_summary(v)
        assert f"lives left: {v['lives'][seat]}" in line
        assert ("(out)" in line) == bool(v["out"][seat])
        assert ("(swimming)" in line) == bool(v["swimming"][seat] and not v["out"][seat])
        assert "places per round" not in line
        if seat == v["winner"]:
            assert "(out)" not in line
        else:
            assert "(out)" in line

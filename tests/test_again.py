""""Nochmal mit diesen Karten" (issue 43): the owner deals a finished match again, exactly as it
was dealt (its seed, rule set and rounds), the players turned some seats on if wished; through
the table (felt/net/table.py, message ``again``), journaled like any match so it resumes."""
from __future__ import annotations

from felt.net.matchlog import MatchLog, replay
from tests.test_net_table import Driver


def _finished(d):
    owner = d.join("Wirt", token=d.t.admin_token)
    guest = d.join("Gast")
    d.send(owner, {"t": "start"})
    first = {"hands": [sorted(h) for h in d.t.hands()], "seed": d.t.log.header["seed"],
             "rules": d.t.log.header["rules"], "rounds": d.t.log.header["rounds"]}
    d.advance(0.5)
    d.send(owner, {"t": "end_match"})
    assert d.t.state.phase == "match_over"
    return owner, guest, first


def test_the_owner_deals_the_finished_match_again_with_the_same_cards():
    d = Driver(players=3, bots=1, seed=None)
    owner, guest, first = _finished(d)
    d.send(guest, {"t": "again"})
    assert d.last(guest, "error")["code"] == "not_admin" and d.t.state.phase == "match_over"
    d.send(owner, {"t": "set_options", "rounds": 1})            # the lobby changed meanwhile
    d.send(owner, {"t": "again"})
    assert d.t.running and d.t.matches == 2
    h = d.t.log.header
    assert h["seed"] == first["seed"] and h["rules"] == first["rules"] and h["rounds"] == first["rounds"]
    assert h["again"] == 1
    assert [sorted(x) for x in d.t.hands()] == first["hands"]
    oseat = d.last(owner, "welcome")["seat"]
    assert sorted(d.last(owner, "state")["view"]["hand"]) == first["hands"][oseat]
    # it is journaled as any match: a table resumed from its log (a crash) has it as it was
    d.advance(3.0)
    records = [dict(r) for r in d.t.log.records()]
    again = replay(MatchLog.from_records(records))
    assert d.t.game.view(again, None) == d.t.game.view(d.t.state, None)
    resumed = Driver(players=3)
    resumed.t.restore_log(MatchLog.from_records(records))
    assert resumed.t.log.header["again"] == 1 and resumed.t.log.header["seed"] == first["seed"]
    assert all(resumed.t.game.view(resumed.t.state, s) == d.t.game.view(d.t.state, s) for s in range(3))
    # while it runs: refused
    d.send(owner, {"t": "again"})
    assert d.last(owner, "error")["code"] == "running"


def test_turned_seats_each_player_gets_the_cards_of_the_seat_after_its_own():
    d = Driver(players=3, bots=1, seed=None)
    owner, guest, first = _finished(d)
    gseat, oseat = d.last(guest, "welcome")["seat"], d.last(owner, "welcome")["seat"]
    d.send(owner, {"t": "again", "turn": 1})
    assert d.last(owner, "welcome")["seat"] == (oseat + 1) % 3 and d.last(guest, "welcome")["seat"] == (gseat + 1) % 3
    assert sorted(d.last(owner, "state")["view"]["hand"]) == first["hands"][(oseat + 1) % 3]
    assert sorted(d.last(guest, "state")["view"]["hand"]) == first["hands"][(gseat + 1) % 3]
    assert d.t.seats[(oseat + 1) % 3].name == "Wirt"


def test_nothing_to_deal_again_before_a_match_or_after_another_game_was_picked():
    d = Driver(players=3, bots=1)
    owner = d.join("Wirt", token=d.t.admin_token)
    d.send(owner, {"t": "again"})
    assert d.last(owner, "error")["code"] == "no_match" and not d.t.running
    d.send(owner, {"t": "start"})
    d.send(owner, {"t": "end_match"})
    d.send(owner, {"t": "set_rules", "game": "maumau"})
    d.send(owner, {"t": "again"})
    assert d.last(owner, "error")["code"] == "no_match" and not d.t.running
    d.send(owner, {"t": "set_rules", "game": "praesident"})
    d.send(owner, {"t": "set_seats", "n": 4})
    d.send(owner, {"t": "again"})
    assert d.last(owner, "error")["code"] in ("no_match", "lobby") and not d.t.running

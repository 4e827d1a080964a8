"""One table, a whole evening (felt/net/table.py without I/O): a finished match, then the owner
picks another game; players who come back see no trace of the old game's state; newcomers
between matches get the seats bots only filled."""
from __future__ import annotations

from felt.net.table import Table
from tests.test_net_table import Driver


def finished_match(game_template: str = "PR-002") -> tuple[Driver, object, object]:
    d = Driver(players=4, rules=game_template)
    owner = d.join("Anna", token=d.t.admin_token)
    guest = d.join("Ben")
    d.send(owner, {"t": "start"})
    d.send(owner, {"t": "end_match"})
    assert d.t.state.phase == "match_over"
    return d, owner, guest


def test_switching_game_after_a_match_drops_its_state_and_a_returning_player_sees_the_lobby():
    d, owner, guest = finished_match()
    token = d.last(guest, "welcome")["token"]
    d.t.disconnect(guest, d.clock.t)
    d.pump()
    d.send(owner, {"t": "set_rules", "game": "maumau"})
    assert d.t.game.id == "maumau" and d.t.state is None
    lobby = d.last(owner, "lobby")
    assert lobby["game"] == "maumau" and lobby["phase"] is None and not lobby["running"]
    back = d.join("Ben", token=token)
    assert d.last(back, "welcome")["seat"] == 1
    assert d.last(back, "error") is None, d.last(back, "error")
    assert d.last(back, "state") is None          # no view of Präsident's finished match
    d.send(owner, {"t": "start"})
    st = d.last(back, "state")
    assert st["view"]["game"] == "maumau" and st["view"]["phase"] not in ("match_over",)


def test_same_game_again_keeps_the_finished_match_for_its_players():
    d, owner, guest = finished_match()
    token = d.last(guest, "welcome")["token"]
    d.t.disconnect(guest, d.clock.t)
    d.pump()
    d.send(owner, {"t": "set_rules", "template": "PR-003"})
    back = d.join("Ben", token=token)
    st = d.last(back, "state")
    assert st is not None and st["view"]["phase"] == "match_over" and st["view"]["game"] == "praesident"


def test_every_game_view_names_its_game():
    from felt import games
    for g in games.all_games():
        rules = g.template(g.template_ids()[0])
        lo, _ = g.players_range(rules)
        state, _ = g.new_match(rules, max(lo, 3), 5)
        for seat in (None, 0):
            assert g.view(state, seat)["game"] == g.id


def test_a_newcomer_between_matches_takes_a_seat_a_bot_only_filled():
    d, owner, guest = finished_match()
    assert [s.kind for s in d.t.seats] == ["human", "human", "bot", "bot"]
    new = d.join("Cleo")
    w = d.last(new, "welcome")
    assert w["seat"] == 2 and d.t.seats[2].kind == "human" and d.t.seats[2].name == "Cleo"
    # a bot the owner added on purpose stays: with the one auto bot taken, the table is full
    d.t.seats[3].auto = False
    full = d.join("Dora")
    assert d.last(full, "error")["code"] == "table_full"


def test_resume_of_a_table_whose_owner_picked_another_game_after_the_match():
    d, owner, _ = finished_match()
    snap = {"admin_token": d.t.admin_token, "match": {"log": d.t.log, "state": d.t.state}}
    d.send(owner, {"t": "set_rules", "game": "schwimmen"})
    snap["lobby"] = d.t.lobby_record()
    t2 = Table(rules="PR-002", players=4)
    t2.restore(snap)
    assert t2.game.id == "schwimmen" and t2.state is None

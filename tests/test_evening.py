"""The evening at this table (issue 36, part 3): the host counts every finished match per player
and game (felt/net/evening.py), the lobby carries the standings (``lobby.evening``) and shows
them (felt/ui/evening_view.py), the owner starts a new evening. Here: the table without I/O, the
evening's file, each game's marks and words, and the lobby's panel at phone and laptop size.
(A host stopped and started anew, and a crash with `felt host --resume`: test_evening_restart.py.)"""
from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.net import evening as ev_mod  # noqa: E402
from felt.net.evening import Evening  # noqa: E402
from tests.test_game_contract import random_play  # noqa: E402
from tests.test_net_table import Driver  # noqa: E402


# --------------------------------------------------------------------------- helpers
def play_out(d: Driver, limit: int = 20000) -> None:
    """Play the running match to its end: the players at the table (every welcomed connection
    with a seat) play their first legal move, bots move when their time comes."""
    for _ in range(limit):
        s = d.t.state
        if s.phase == "match_over":
            return
        if s.phase == "round_over":
            d.t.next_round(d.clock.t)
            d.pump()
            continue
        seat = d.t.seats[s.to_move]
        if seat.kind == "human" and seat.peer is not None and not seat.away:
            view = d.t.game.view(s, s.to_move)
            d.send(seat.peer, {"t": "move", "move": view["legal"][0], "seq": d.t.seq})
        else:
            d.advance(1.0)
    raise AssertionError("the match did not end")


def evening_of(d: Driver, peer) -> dict:
    return d.last(peer, "lobby")["evening"]


def row(evening: dict, name: str) -> dict:
    found = [r for r in evening["rows"] if r["name"] == name]
    assert len(found) == 1, (name, [r["name"] for r in evening["rows"]])
    return found[0]


def finished(gid: str, seed: int, n: int | None = None):
    """A finished random match of ``gid`` (two rounds): ``(game, state)``."""
    game = games.get(gid)
    state = None
    for state, _ in random_play(game, seed):
        pass
    assert state.phase == "match_over"
    return game, state


SEATS = [{"seat": 0, "name": "Anna", "kind": "human", "token": "tok-anna"},
         {"seat": 1, "name": "Ben", "kind": "human", "token": "tok-ben"},
         {"seat": 2, "name": "Bot 3", "kind": "bot", "token": None, "level": "normal"},
         {"seat": 3, "name": "Bot 4", "kind": "bot", "token": None, "level": "hard"}]


# --------------------------------------------------------------------------- the table
def test_the_lobby_counts_each_finished_match_per_player_and_game():
    d = Driver(players=3, rules="PR-002", rounds=1)
    anna = d.join("Anna", token=d.t.admin_token)
    ben = d.join("Ben")
    assert evening_of(d, ben) == {"matches": 0, "started": pytest.approx(d.t.evening.data["started"]),
                                  "games": [], "rows": []}
    d.send(anna, {"t": "start"})
    play_out(d)
    ev = evening_of(d, ben)
    assert ev["matches"] == 1 and ev["games"] == [{"id": "praesident", "matches": 1}]
    assert {r["name"] for r in ev["rows"]} == {"Anna", "Ben", "Bot 3"}
    winner = d.t.game.winner(d.t.state)
    assert row(ev, d.t.seats[winner].name)["won"] == 1 and sum(r["won"] for r in ev["rows"]) == 1
    assert row(ev, "Anna")["seat"] == 0 and row(ev, "Ben")["seat"] == 1 and row(ev, "Bot 3")["kind"] == "bot"
    # the titles held at the end: the last round's first place and last place
    last = d.t.state.history[-1]
    marks = {r["name"]: r["games"]["praesident"]["marks"] for r in ev["rows"]}
    assert marks[d.t.seats[last[0]].name] == {"top:Präsident": 1}
    assert marks[d.t.seats[last[-1]].name] == {"bottom:Tellerwäscher": 1}
    # another game the same evening: one more match, a second game in every row
    d.send(anna, {"t": "set_rules", "game": "schwimmen"})
    d.send(anna, {"t": "set_options", "rounds": 2})
    d.send(anna, {"t": "start"})
    play_out(d)
    ev = evening_of(d, anna)
    assert ev["matches"] == 2 and [g["id"] for g in ev["games"]] == ["praesident", "schwimmen"]
    for r in ev["rows"]:
        assert r["played"] == 2 and set(r["games"]) == {"praesident", "schwimmen"}
        lives = r["games"]["schwimmen"]["marks"]["lives"]
        i = r["seat"]
        assert lives == (0 if d.t.state.out[i] else d.t.state.lives[i])
    assert sum(r["won"] for r in ev["rows"]) == 2
    # the best first: most matches won
    assert [r["won"] for r in ev["rows"]] == sorted((r["won"] for r in ev["rows"]), reverse=True)


def test_a_rename_keeps_the_row_and_a_player_back_as_new_takes_the_row_of_its_name():
    d = Driver(players=3, rules="PR-002", rounds=1)
    anna = d.join("Anna", token=d.t.admin_token)
    ben = d.join("Ben")
    d.send(anna, {"t": "start"})
    play_out(d)
    d.clock.t += 1
    d.send(ben, {"t": "rename", "name": "Benno"})
    ev = evening_of(d, anna)
    assert row(ev, "Benno")["seat"] == 1 and row(ev, "Benno")["played"] == 1      # at once, before a match
    assert "Ben" not in {r["name"] for r in ev["rows"]}
    d.send(anna, {"t": "start"})
    play_out(d)
    assert row(evening_of(d, anna), "Benno")["played"] == 2
    # Benno leaves (his seat token dies) and comes back as a new player with a new token
    d.send(ben, {"t": "leave"})
    d.t.disconnect(ben, d.clock.t)
    d.pump()
    back = d.join("Benno")
    assert d.last(back, "welcome")["token"] != d.t.log.seats()[1]["token"]
    ev = evening_of(d, back)
    assert row(ev, "Benno")["seat"] == d.last(back, "welcome")["seat"] and row(ev, "Benno")["played"] == 2
    # a newcomer gets a row of her own
    cleo = d.join("Cleo")
    assert d.last(cleo, "welcome")["seat"] is not None
    d.send(anna, {"t": "start"})
    play_out(d)
    ev = evening_of(d, anna)
    assert row(ev, "Benno")["played"] == 3 and row(ev, "Cleo")["played"] == 1 and row(ev, "Anna")["played"] == 3
    assert len(ev["rows"]) == 4          # Anna, Benno, Cleo and the bot that played the first two matches


def test_the_row_of_a_name_held_by_someone_at_the_table_is_not_taken_by_a_second_of_that_name():
    e = Evening()
    game, state = finished("praesident", 3)
    seats = [dict(s) for s in SEATS]
    e.record(game, state, seats, "m1")
    seats[3] = {"seat": 3, "name": "Anna", "kind": "human", "token": "tok-anna-2"}    # another Anna sits down
    st = e.standings(seats)
    assert [r["seat"] for r in st["rows"] if r["name"] == "Anna"] == [0]
    e.record(game, state, seats, "m2")
    annas = [r for r in e.standings(seats)["rows"] if r["name"] == "Anna"]
    assert sorted(r["played"] for r in annas) == [1, 2] and {r["seat"] for r in annas} == {0, 3}


def test_new_evening_is_the_owners_not_during_a_match_and_starts_afresh():
    d = Driver(players=3, rules="PR-002", rounds=1)
    anna = d.join("Anna", token=d.t.admin_token)
    ben = d.join("Ben")
    d.send(anna, {"t": "start"})
    play_out(d)
    d.send(ben, {"t": "new_evening"})
    assert d.last(ben, "error")["code"] == "not_admin" and evening_of(d, anna)["matches"] == 1
    d.send(anna, {"t": "start"})
    d.send(anna, {"t": "new_evening"})
    assert d.last(anna, "error")["code"] == "running" and d.t.evening.data["matches"] == 1
    play_out(d)
    assert evening_of(d, ben)["matches"] == 2
    d.send(anna, {"t": "new_evening"})
    ev = evening_of(d, ben)
    assert ev["matches"] == 0 and ev["rows"] == [] and ev["games"] == []


def test_a_match_ended_before_any_round_counts_for_nothing_and_a_broken_hook_loses_no_match(monkeypatch):
    d = Driver(players=3, rules="PR-002", rounds=1)
    anna = d.join("Anna", token=d.t.admin_token)
    d.send(anna, {"t": "start"})
    d.send(anna, {"t": "end_match"})
    assert d.t.state.phase == "match_over" and evening_of(d, anna)["matches"] == 0

    def broken(state):
        raise RuntimeError("a bug in a game's hook")
    monkeypatch.setattr(d.t.game, "evening_marks", broken)
    d.send(anna, {"t": "start"})
    play_out(d)
    ev = evening_of(d, anna)
    assert ev["matches"] == 1 and sum(r["won"] for r in ev["rows"]) == 1
    assert all(r["games"]["praesident"]["marks"] == {} for r in ev["rows"])


def test_a_resumed_table_whose_match_was_over_counts_it_once():
    from felt.net.table import Table
    d = Driver(players=3, rules="PR-002", rounds=1)
    anna = d.join("Anna", token=d.t.admin_token)
    d.send(anna, {"t": "start"})
    play_out(d)
    assert d.t.evening.data["matches"] == 1
    snap = {"admin_token": d.t.admin_token, "match": {"log": d.t.log, "state": d.t.state}}
    t2 = Table(rules="PR-002", players=3)
    t2.evening = d.t.evening                 # the same file, as a resumed host opens it
    t2.restore(snap)
    t2.resume_started(0.0)
    assert t2.evening.data["matches"] == 1
    fresh = Table(rules="PR-002", players=3)  # the match ended but the evening never heard of it
    fresh.restore(snap)
    fresh.resume_started(0.0)
    assert fresh.evening.data["matches"] == 1
    assert {r["name"] for r in fresh.lobby_msg()["evening"]["rows"]} == {s.name for s in d.t.seats}


# --------------------------------------------------------------------------- the file
def test_the_evening_survives_in_its_file_which_keeps_no_seat_token(tmp_path):
    path = tmp_path / "evening.json"
    e = Evening(path)
    game, state = finished("praesident", 5)
    assert e.record(game, state, SEATS, "m1") and not e.record(game, state, SEATS, "m1")   # once per match
    game2, state2 = finished("maumau", 6)
    e.record(game2, state2, SEATS, "m2")
    again = Evening(path)
    assert again.standings(SEATS) == e.standings(SEATS)
    assert again.standings(SEATS)["matches"] == 2
    text = path.read_text(encoding="utf-8")
    assert "tok-anna" not in text and "tok-ben" not in text and ev_mod.token_hash("tok-anna") in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.json", "evening.json.lock"]   # no temporary file left
    assert json.loads(text)["v"] == ev_mod.VERSION


def test_a_failed_write_keeps_the_old_file_whole_and_the_evening_in_memory(tmp_path, monkeypatch):
    path = tmp_path / "evening.json"
    e = Evening(path)
    game, state = finished("praesident", 5)
    e.record(game, state, SEATS, "m1")
    before = path.read_bytes()

    def full_disk(*a, **kw):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(ev_mod.os, "replace", full_disk)
    e.record(game, state, SEATS, "m2")
    assert path.read_bytes() == before and e.failed and "No space" in e.failed
    assert e.standings(SEATS)["matches"] == 2
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    monkeypatch.undo()
    e.record(game, state, SEATS, "m3")
    assert Evening(path).standings(SEATS)["matches"] == 3 and e.failed is None


def test_a_file_that_is_not_an_evening_is_put_aside_not_lost(tmp_path):
    path = tmp_path / "evening.json"
    path.write_text("{ this is not json", encoding="utf-8")
    e = Evening(path)
    assert e.standings()["matches"] == 0
    kept = list((tmp_path / "evenings").glob("evening-*-broken.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{ this is not json"
    assert json.loads(path.read_text(encoding="utf-8"))["matches"] == 0
    # values of the wrong kind are dropped, the rest read
    path.write_text(json.dumps({"v": 1, "matches": 1, "games": {"praesident": 1}, "keys": ["k"], "rows": [
        {"name": "Anna", "kind": "human", "tokens": ["x", 3], "games": {"praesident": {
            "played": 1, "won": True, "marks": {"top:Präsident": 1, "bad": "many", "": 2}}}}]}), encoding="utf-8")
    st = Evening(path).standings()
    assert st["rows"] == [{"name": "Anna", "kind": "human", "level": None, "seat": None, "won": 0, "played": 1,
                           "games": {"praesident": {"played": 1, "won": 0, "marks": {"top:Präsident": 1}}}}]


def test_an_evening_whose_last_match_is_long_ago_is_put_aside_for_a_new_one(tmp_path):
    now = [1_000_000.0]
    path = tmp_path / "evening.json"
    e = Evening(path, clock=lambda: now[0])
    game, state = finished("praesident", 5)
    e.record(game, state, SEATS, "m1")
    now[0] += ev_mod.NEW_AFTER - 60
    assert Evening(path, clock=lambda: now[0]).standings()["matches"] == 1      # the same night
    now[0] += 3600
    later = Evening(path, clock=lambda: now[0])
    assert later.standings()["matches"] == 0
    assert len(list((tmp_path / "evenings").glob("evening-*-done.json"))) == 1
    assert not later.record(game, state, SEATS, "m1")      # the old evening's match is not counted again


def test_two_hosts_on_one_device_count_into_one_evening(tmp_path):
    path = tmp_path / "evening.json"
    a, b = Evening(path), Evening(path)
    game, state = finished("praesident", 5)
    a.record(game, state, SEATS, "a1")
    b.record(game, state, SEATS, "b1")
    a.record(game, state, SEATS, "a2")
    assert Evening(path).standings()["matches"] == 3 and a.standings()["matches"] == 3


def test_new_evening_puts_the_old_one_aside(tmp_path):
    path = tmp_path / "evening.json"
    e = Evening(path)
    game, state = finished("praesident", 5)
    e.record(game, state, SEATS, "m1")
    e.reset()
    assert Evening(path).standings()["matches"] == 0
    old = list((tmp_path / "evenings").glob("evening-*-done.json"))
    assert len(old) == 1 and json.loads(old[0].read_text(encoding="utf-8"))["matches"] == 1
    assert not e.record(game, state, SEATS, "m1")


# --------------------------------------------------------------------------- each game's words
@pytest.mark.parametrize("gid", ["praesident", "maumau", "schwimmen"])
def test_each_game_marks_a_finished_match_in_its_own_words(gid):
    game, state = finished(gid, 8)
    marks = game.evening_marks(state)
    assert len(marks) == state.n and all(ev_mod.clean_marks(m) == m for m in marks)
    if gid == "praesident":
        last = state.history[-1]
        assert marks[last[0]] == {"top:Präsident": 1} and marks[last[-1]] == {"bottom:Tellerwäscher": 1}
        assert game.evening_words({"top:Präsident": 2, "bottom:Tellerwäscher": 1}, "de") == \
            ["2× am Ende Präsident", "am Ende Tellerwäscher"]
        assert game.evening_words({"bottom:Arschloch": 1, "top:König": 3}, "en") == ["ended 3× as King",
                                                                                      "ended as Arsehole"]
    elif gid == "maumau":
        assert [m.get("rounds", 0) for m in marks] == list(state.wins)
        assert game.evening_words({"rounds": 1}, "de") == ["1 Runde gewonnen"]
        assert game.evening_words({"rounds": 4}, "en") == ["4 rounds won"]
    else:
        assert [m["lives"] for m in marks] == [0 if state.out[i] else state.lives[i] for i in range(state.n)]
        assert [bool(m.get("swum")) for m in marks] == list(state.swimming)
        assert game.evening_words({"lives": 1, "swum": 2}, "de") == ["ein Leben übrig", "2× geschwommen"]
        assert game.evening_words({"lives": 5, "swum": 1}, "en") == ["5 lives left", "swam once"]
    for lang in ("de", "en"):
        summed: dict = {}
        for m in marks:
            for k, v in m.items():
                summed[k] = summed.get(k, 0) + v
        assert all(isinstance(w, str) and w for w in game.evening_words(summed, lang))


def test_a_game_without_the_hooks_shows_the_matches_won():
    from felt.ui import i18n
    from felt.ui.evening_view import game_words
    from tests.toy_highcard import GAME as toy
    state = None
    for state, _ in random_play(toy, 2):
        pass
    assert toy.evening_marks(state) == [{} for _ in range(state.n)] and toy.evening_words({"x": 1}) == []
    games.register(toy)
    try:
        i18n.set_lang("de")
        assert game_words(toy.id, {"played": 3, "won": 2, "marks": {}}, named=True) == \
            "Höhere Karte: 2\u00a0von\u00a03\u00a0gewonnen"
    finally:
        games.unregister(toy.id)


# --------------------------------------------------------------------------- the lobby's panel
def _evening(n_rows: int = 4) -> dict:
    from felt.ui.evening_view import demo_evening
    ev = demo_evening()
    ev["rows"] = ev["rows"][:n_rows]
    return ev


@pytest.fixture
def density_back():
    from felt.ui import layout
    yield
    layout.set_density(1.0)


def _lobby(w: int, h: int, admin: bool, evening: dict | None, density: float = 1.0):
    import pygame
    from felt.ui import layout
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    from felt.ui.shots import draw
    layout.set_density(density)
    pygame.init()
    lobby = dict(demo_lobby(), **({"evening": evening} if evening is not None else {}))
    sc = LobbyScene(lobby, my_seat=0 if admin else 2, admin=admin, address="192.168.1.20:40123")
    sc.layout(w, h)
    draw(sc, w, h)
    return sc


def _tap(sc, rect) -> None:
    from felt.ui.scene import PRESS, RELEASE, Input
    r = rect if hasattr(rect, "center") else __import__("pygame").Rect(rect)
    sc.handle(Input(PRESS, pos=r.center, source="touch"))
    sc.handle(Input(RELEASE, pos=r.center, source="touch"))


@pytest.mark.parametrize("w,h,density", [(780, 1688, 2.0), (1170, 2532, 3.0), (1280, 720, 1.0)])
def test_the_owner_clears_the_evening_only_after_saying_yes_twice(w, h, density, density_back):
    from felt.ui.layout import dp
    sc = _lobby(w, h, admin=True, evening=_evening(), density=density)
    block = sc.evening
    form = sc.left if any(x is block for x, _ in sc.left.items) else sc.right
    assert (form is sc.left) == (w < h)            # after the seats on a phone, a column of its own on a laptop
    form.scroll_to(block)
    form.place()
    assert block.visible and form.rect.contains(block.new_btn.rect)
    assert block.new_btn.rect.h >= dp(44) and block.new_btn.rect.w >= dp(44)
    assert [r["name"] for r in block.remote_state()["rows"]][:2] == ["Anna", "Hans-Peter von Allmen"]
    h0 = block.rect.h
    _tap(sc, block.new_btn.rect)
    assert block.asking and not sc.sent and block.rect.h > h0       # the question, room made for it
    form.scroll_to(block)
    _tap(sc, block.no_btn.rect)
    assert not block.asking and not sc.sent and block.rect.h == h0
    _tap(sc, block.new_btn.rect)
    form.scroll_to(block)
    _tap(sc, block.yes_btn.rect)
    assert sc.sent == [{"t": "new_evening"}] and not block.asking


def test_guests_see_the_evening_read_only_and_a_table_without_one_shows_nothing(density_back):
    sc = _lobby(1280, 720, admin=False, evening=_evening())
    block = sc.evening
    assert block.visible and not block.new_btn.visible and not block.remote_state()["new_btn"]["visible"]
    assert any(x is block for x, _ in sc.right.items)
    assert block.remote_state()["rows"][1]["tag"] == "du"          # the guest at seat 2 is Hans-Peter
    _tap(sc, block.rect)
    assert sc.sent == []
    for ev in (None, {"matches": 0, "games": [], "rows": []}):
        empty = _lobby(390, 844, admin=True, evening=ev)
        assert not empty.evening.visible
        assert all(x is not empty.evening for x, _ in empty.left.items + empty.right.items)


def test_the_evening_follows_the_lobby_and_a_running_match_hides_the_owners_button(density_back):
    sc = _lobby(1280, 720, admin=True, evening=_evening())
    sc.evening.ask()
    lobby = dict(sc.lobby, running=True)
    sc.set_lobby(lobby, 0, True)
    assert not sc.evening.asking and not sc.evening.new_btn.visible
    sc.set_lobby(dict(lobby, running=False, evening={"matches": 0, "games": [], "rows": []}), 0, True)
    assert not sc.evening.visible and all(x is not sc.evening for x, _ in sc.right.items)

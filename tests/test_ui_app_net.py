"""The real window client against a real host on loopback, driven by synthetic taps and clicks:
host a table, add a bot, start, select cards, play, pass, exchange, join by address, reconnect."""
from __future__ import annotations

import time

import pygame
import pytest

from tests.ui_app_helpers import LOOPBACK, card_point, click, host_hand, host_thread, key, pump, type_text

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def _config(cfg):
    """Every test here gets its own config and data folders (see conftest.py)."""


def _my_turn(app) -> bool:
    sc = app.controller.main
    return app.controller.kind == "table" and sc.my_turn and not sc.pending and not sc.anim.busy


def _play_turn(app, touch: bool, want_pass: bool) -> str:
    """Make one move on the table by tapping: a pass if wanted and allowed, else the first legal play."""
    from felt.games.praesident.table_scene import TableScene
    sc = app.controller.main
    assert isinstance(sc, TableScene)
    if want_pass and sc.pass_btn.enabled:
        click(app, sc.pass_btn, touch=touch)
        return "pass"
    plays = [m for m in sc.view["legal"] if m["kind"] == "play"]
    if not plays:
        assert sc.pass_btn.enabled
        click(app, sc.pass_btn, touch=touch)
        return "pass"
    cards = plays[0]["cards"]
    for cid in cards:
        click(app, card_point(sc, cid), touch=touch)
        assert cid in sc.selected, "the tapped card is selected"
    assert sc.play_btn.enabled, "Play is enabled for a legal selection"
    click(app, sc.play_btn, touch=touch)
    return "play"


def test_host_add_bot_start_play_and_pass_by_touch(app_factory):
    app = app_factory((360, 640), host_defaults={"players": 3, "rules": "PR-002"})
    ctl = app.controller
    start = ctl.main
    click(app, start.name_field, touch=True)
    type_text(app, "Anna")
    click(app, start.host_btn, touch=True)
    assert ctl.host is not None and ctl.kind == "lobby"
    pump(app, lambda: ctl.lobby is not None and ctl.admin and ctl.seat == 0, what="owner seated")
    lobby = ctl.main
    assert lobby.seats[0]["name"] == "Anna" and lobby.seats[0]["owner"]
    # tap seat 2 (empty), pick the level, add a bot there
    row = lobby.seat_rows[1]
    lobby.left.scroll_to(row)
    click(app, row, touch=True)
    assert lobby.selected == 1 and lobby.add_btn.visible
    lobby.left.scroll_to(lobby.actions)
    pump(app)
    click(app, lobby.level, touch=True)        # normal -> hard
    assert lobby.level.value == "hard"
    click(app, lobby.add_btn, touch=True)
    pump(app, lambda: ctl.lobby["seats"][1]["kind"] == "bot", what="bot added")
    assert ctl.lobby["seats"][1]["level"] == "hard"
    # the settings remember the level
    assert ctl.settings.bot_level == "hard"
    click(app, ctl.main.start_btn, touch=True)
    pump(app, lambda: ctl.kind == "table", what="table scene")
    table = ctl.main
    assert table.view["seat"] == 0 and len(table.hand) > 0
    assert table.names[0] == "Anna"
    ht = ctl.host
    played = passed = 0
    deadline = time.monotonic() + 40
    while (played < 2 or passed < 1) and time.monotonic() < deadline:
        pump(app, lambda: _my_turn(app) or ctl.kind != "table", timeout=15, what="my turn")
        if ctl.kind != "table":
            break
        before = host_hand(ht, 0)
        did = _play_turn(app, touch=True, want_pass=passed == 0 and ctl.main.view.get("pile") is not None)
        pump(app, lambda: ctl.main.pending is False or ctl.kind != "table", timeout=5, what="move answered")
        after = host_hand(ht, 0)
        if did == "play":
            assert len(after) < len(before), "the played cards left the hand on the host"
            played += 1
        else:
            assert after == before
            passed += 1
    assert played >= 1 and passed >= 1
    assert not ctl.errors, ctl.errors


def test_join_by_address_with_mouse_then_reconnect_to_same_hand(app_factory):
    ht = host_thread(players=4, bots=3, start_when_full=True, reconnect_wait=30.0, bot_delay=0.05)
    try:
        app = app_factory((1280, 720))
        ctl = app.controller
        start = ctl.main
        click(app, start.name_field)
        type_text(app, "Beat")
        click(app, start.addr_btn)
        assert start.addr_field.focused
        type_text(app, f"{LOOPBACK}:{ht.port}")
        click(app, start.join_btn)
        pump(app, lambda: ctl.kind == "table", what="match started, table shown")
        table = ctl.main
        seat = ctl.seat
        assert seat == 3 and table.view["seat"] == seat
        pump(app, lambda: not table.anim.busy, what="deal animation over")
        assert sorted(table.hand) == host_hand(ht, seat)
        assert ctl.settings.name == "Beat" and ctl.settings.last_address == f"{LOOPBACK}:{ht.port}"
        # the connection drops: banner, automatic reconnect with the token, same seat, same hand
        assert ctl.client.drop()
        pump(app, lambda: app.stack.banner.visible and "Verbindung" in app.stack.banner.text,
             what="connection banner")
        # the banner leaves the top bar's menu visible (to leave while it reconnects)
        if ctl.kind == "table":
            assert not app.stack.banner.rect.colliderect(ctl.main.menu_btn.rect)
        pump(app, lambda: any(k == "good" for _, _, k in ctl.banner_log), what="reconnected banner")
        pump(app, lambda: not app.stack.banner.visible, what="banner gone")
        assert ctl.client.status == "connected" and ctl.seat == seat
        sc = ctl.main
        if ctl.kind == "table":
            assert sorted(sc.hand) == host_hand(ht, seat), "same hand after the reconnect"
        assert ht.call(lambda h: h.seats[seat].conn is not None and not h.seats[seat].away)
        # still playable after the reconnect: make a move when it is our turn
        pump(app, lambda: _my_turn(app) or ctl.kind != "table", timeout=15, what="my turn after reconnect")
        if ctl.kind == "table":
            before = host_hand(ht, seat)
            seq = ctl.seq
            did = _play_turn(app, touch=False, want_pass=False)
            pump(app, lambda: ctl.seq > seq or ctl.kind != "table", timeout=5, what="move after reconnect")
            assert not ctl.errors, ctl.errors
            if did == "play" and ctl.kind == "table":
                assert len(host_hand(ht, seat)) < len(before)
    finally:
        ht.stop()


def _bots_round_with_winner(ht, seat: int, tries: int = 40) -> None:
    """Let bots play matches until ``seat`` wins round 1 (it will give cards in round 2)."""
    for _ in range(tries):
        ht.call(lambda h: h.start_match())
        end = time.monotonic() + 10
        while time.monotonic() < end:
            st = ht.call(lambda h: (h.state.phase, list(h.state.places)))
            if st[0] == "round_over":
                break
            time.sleep(0.01)
        if st[1] and st[1][0] == seat:
            return
        ht.call(lambda h: h.end_match())
    raise AssertionError("seat never won round 1")


def test_exchange_give_back_by_tapping(app_factory):
    ht = host_thread(players=4, bots=0, bot_delay=0.0, rules="PR-002", rounds=3)
    try:
        _bots_round_with_winner(ht, 0)
        app = app_factory((430, 932))
        ctl = app.controller
        ctl.settings.name = "Carla"
        ctl.join(LOOPBACK, ht.port)
        pump(app, lambda: ctl.kind == "results" and ctl.seat == 0, what="round results")
        assert ctl.main.view["places"][0] == 0
        ht.call(lambda h: h._next_round())
        pump(app, lambda: ctl.kind == "exchange" and ctl.main.task() is not None
             and ctl.main.task()[0] == "give", timeout=10, what="my give task")
        ex = ctl.main
        kind, me, partner, count = ex.task()
        assert me == 0 and count == 2
        before = host_hand(ht, 0)
        picks = ex.hand[:count]           # the lowest cards
        for cid in picks:
            click(app, card_point(ex, cid), touch=True)
        assert ex.selected == set(picks)
        assert ex.give_btn.enabled
        click(app, ex.give_btn, touch=True)
        pump(app, lambda: ctl.kind == "table" or (ctl.kind == "exchange" and ctl.main.task() is None),
             timeout=10, what="exchange done")
        gives = ht.call(lambda h: [e["move"] for e in h.log.entries
                                   if e.get("k") == "move" and e["seat"] == 0 and e["move"]["kind"] == "give"])
        assert len(gives) == 1 and sorted(gives[0]["cards"]) == sorted(picks), "the host applied my give"
        after = host_hand(ht, 0)
        assert not set(picks) & set(after), "the given cards left my hand"
        assert len(after) <= len(before) - count
    finally:
        ht.stop()


def test_start_screen_lists_tables_live_and_joins_on_tap(app_factory):
    import os
    import secrets
    tag = f"{os.getpid()}-{secrets.token_hex(2)}"      # other runs on this machine may announce too
    alpha, beta = f"Tisch Alpha {tag}", f"Tisch Beta {tag}"
    a = host_thread(name=alpha, announce=True, players=4)
    b = None
    try:
        app = app_factory((360, 640), discover=True, interface=LOOPBACK)
        ctl = app.controller
        start = ctl.main
        pump(app, lambda: any(t["name"] == alpha for t in start.tables), timeout=15, what="table found")
        b = host_thread(name=beta, announce=True, players=5)
        pump(app, lambda: any(t["name"] == beta for t in start.tables), timeout=15, what="second table")
        beta_t = next(t for t in start.tables if t["name"] == beta)
        row = next(it for it in start.list.items if it["title"] == beta)
        assert row["right"] == "5 von 5 Plätzen frei" or row["right"] == "5/5 frei"
        assert beta_t["seats_free"] == 5 and beta_t["port"] == b.port
        b.stop()
        b = None
        pump(app, lambda: not any(t["name"] == beta for t in start.tables), timeout=15,
             what="closed table disappears")
        i = next(i for i, t in enumerate(start.tables) if t["name"] == alpha)
        click(app, start.list.row_rect(i), touch=True)
        pump(app, lambda: ctl.kind == "lobby" and ctl.lobby is not None and ctl.seat is not None, what="joined")
        assert ctl.lobby["table"] == alpha
        assert a.call(lambda h: sum(1 for s in h.seats if s.kind == "human")) == 1
    finally:
        if b is not None:
            b.stop()
        a.stop()


def test_rule_editor_sends_rules_to_host(app_factory):
    app = app_factory((1280, 720), host_defaults={"players": 4})
    ctl = app.controller
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.lobby is not None and ctl.admin, what="lobby")
    lobby = ctl.main
    lobby.right.scroll_to(lobby.rules_btn)          # below the phones' QR code: scrolled to, as a person does
    pump(app)
    click(app, lobby.rules_btn)
    from felt.games.praesident.rules_editor import RulesEditorScene
    ed = app.stack.top
    assert isinstance(ed, RulesEditorScene) and not ed.read_only
    tog = ed.widgets["revolution"]
    ed.form.scroll_to(tog)
    pump(app)
    click(app, tog)
    assert ed.data["revolution"] is True and ed.error is None
    click(app, ed.apply_btn)
    pump(app, lambda: ctl.lobby["rules"]["revolution"] is True, what="rules on the host")
    assert ctl.lobby["template"] == "custom"
    assert ctl.host.call(lambda h: h.rules.revolution)
    # the lobby's summary shows it to everyone
    assert any("Revolution" in ln for ln in ctl.main.rules_block.lines)
    # the owner picks a template again with the template stepper
    lobby = ctl.main
    click(app, lobby.template._parts()[3])
    pump(app, lambda: ctl.lobby["template"] != "custom", what="template set")
    assert ctl.settings.template == ctl.lobby["template"]     # remembered for the next table
    click(app, lobby.n_seats._parts()[3])
    pump(app, lambda: ctl.lobby["n"] == 5, what="five seats")
    assert ctl.settings.players == 5
    # the lobby's menu switches the language; the lobby comes back in English
    click(app, ctl.main.menu_btn)
    lang = next(b for b in app.stack.top.buttons if b.text.startswith("Sprache"))
    click(app, lang)
    try:
        assert ctl.kind == "lobby" and ctl.main.rules_btn.text == "Edit rules"
        assert ctl.main.start_btn.text == "Start game" and ctl.main.lobby["n"] == 5
    finally:
        from felt.ui import i18n
        i18n.set_lang("de")


def _finish_round_by_tapping(app, timeout=40.0):
    ctl = app.controller
    end = time.monotonic() + timeout
    while ctl.kind == "table" and time.monotonic() < end:
        pump(app, lambda: _my_turn(app) or ctl.kind != "table", timeout=15, what="my turn")
        if ctl.kind != "table":
            break
        seq = ctl.seq
        _play_turn(app, touch=False, want_pass=False)
        pump(app, lambda: ctl.seq > seq or ctl.kind != "table", timeout=5, what="move answered")
    assert ctl.kind != "table", "the round ended"


@pytest.mark.slow
def test_whole_match_to_standings_menu_language_and_end_match(app_factory):
    from felt.games.praesident.results_scene import ResultsScene
    from felt.ui.shell import MenuOverlay
    app = app_factory((1280, 720), host_defaults={"players": 3, "rounds": 1})
    ctl = app.controller
    ctl.settings.auto_pass = True            # passes by itself when nothing beats the pile
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.lobby is not None and ctl.admin, what="lobby")
    key(app, pygame.K_RETURN)                # Enter starts the match in the lobby
    pump(app, lambda: ctl.kind == "table", what="table")
    _finish_round_by_tapping(app)
    pump(app, lambda: ctl.kind == "results", what="standings")
    res = ctl.main
    assert isinstance(res, ResultsScene) and res.match_over
    assert sorted(res.view["places"]) == [0, 1, 2]
    # "Neue Partie": back to the lobby, where the owner starts the next match
    click(app, res.round_controls.next_btn)
    pump(app, lambda: ctl.kind == "lobby", what="lobby again")
    click(app, ctl.main.start_btn)
    pump(app, lambda: ctl.kind == "table" and ctl.view["round_no"] == 1, what="second match")
    # the menu: switch the language at the table; the scene comes back in English
    click(app, ctl.main.menu_btn)
    menu = app.stack.top
    assert isinstance(menu, MenuOverlay)
    lang_btn = next(b for b in menu.buttons if b.text.startswith("Sprache"))
    click(app, lang_btn)
    assert ctl.kind == "table" and ctl.main.play_btn.text == "Play"
    assert ctl.settings.lang == "en"
    # the owner ends the match from the menu: standings for everyone
    click(app, ctl.main.menu_btn)
    end_btn = next(b for b in app.stack.top.buttons if b.text == "End match")
    click(app, end_btn)
    ask = app.stack.top                      # it ends the match for everyone: asked once more
    assert ask.title == "End the match for everyone?"
    click(app, next(b for b in ask.buttons if b.text == "Cancel"))
    pump(app, lambda: app.stack.top is ctl.main, what="the question closed")
    assert ctl.kind == "table" and ctl.lobby["running"], "cancel keeps the match going"
    click(app, ctl.main.menu_btn)
    click(app, next(b for b in app.stack.top.buttons if b.text == "End match"))
    click(app, next(b for b in app.stack.top.buttons if b.text == "End match"))
    pump(app, lambda: ctl.kind == "results" and ctl.main.match_over, what="match ended")
    from felt.ui import i18n
    i18n.set_lang("de")


def test_owner_deals_next_round_from_results(app_factory):
    ht = host_thread(players=3, bots=0, bot_delay=0.0, rules="PR-005", rounds=2)
    try:
        ht.call(lambda h: h.start_match())
        pump_until = time.monotonic() + 10
        while ht.call(lambda h: h.state.phase) != "round_over" and time.monotonic() < pump_until:
            time.sleep(0.01)
        app = app_factory((360, 640))
        ctl = app.controller
        ctl.join(LOOPBACK, ht.port, token=ht.admin_token)     # the owner comes back to the table
        pump(app, lambda: ctl.kind == "results" and ctl.admin, what="results as owner")
        assert ctl.main.round_controls.next_btn.visible
        res = ctl.main
        click(app, res.round_controls.next_btn, touch=True)
        click(app, res.round_controls.next_btn, touch=True, when_enabled=False)   # an impatient double tap deals once
        assert not res.round_controls.next_btn.enabled
        pump(app, lambda: ctl.view is not None and ctl.view["round_no"] == 2, what="round 2 dealt")
        assert ctl.kind in ("table", "exchange")
        pump(app)
        time.sleep(0.2)
        pump(app)
        assert not ctl.errors, ctl.errors
    finally:
        ht.stop()


def test_cli_host_and_join_commands_open_the_window(monkeypatch):
    """`felt host` (window) hosts in-process and seats its owner; `felt join ADDR:PORT` joins."""
    from felt.cli import build_parser
    from felt.ui import app as app_mod
    runs = []

    def fake_run(self):
        ctl = self.controller
        try:
            pump(self, lambda: ctl.lobby is not None and ctl.seat is not None, what="seated")
            runs.append({"admin": ctl.admin, "seat": ctl.seat, "host": ctl.host is not None,
                         "lobby": ctl.lobby, "name": ctl.settings.name})
        finally:
            self.close()
        return 0

    monkeypatch.setattr(app_mod.App, "run", fake_run)
    args = build_parser().parse_args(["host", "--interface", LOOPBACK, "--no-announce", "--players", "5",
                                      "--rules", "P52", "--name", "Testtisch", "--bots", "1"])
    assert args.run(args) == 0
    owner = runs[0]
    assert owner["admin"] and owner["seat"] == 1 and owner["host"]
    assert owner["lobby"]["table"] == "Testtisch" and owner["lobby"]["template"] == "P52"
    assert owner["lobby"]["n"] == 5 and owner["lobby"]["seats"][0]["kind"] == "bot"
    ht = host_thread(players=4, name="Zweiter Tisch")
    try:
        args = build_parser().parse_args(["join", f"{LOOPBACK}:{ht.port}", "--name", "Gast"])
        assert args.run(args) == 0
        guest = runs[1]
        assert not guest["admin"] and guest["seat"] == 0 and guest["name"] == "Gast" and not guest["host"]
        assert guest["lobby"]["table"] == "Zweiter Tisch"
    finally:
        ht.stop()
    bad = build_parser().parse_args(["join", "nonsense"])
    assert app_mod.cmd_join(bad) == 2


def test_host_closing_kick_and_dead_address_return_to_start(app_factory):
    import socket
    app = app_factory((360, 640))
    ctl = app.controller
    # a port where nobody listens: the first connection gives up and says so
    s = socket.socket()
    s.bind((LOOPBACK, 0))
    dead = s.getsockname()[1]
    s.close()
    ctl.connect_timeout = 0.6
    ctl.join(LOOPBACK, dead)
    pump(app, lambda: ctl.kind == "start", timeout=5, what="back at the start")
    assert ctl.client is None and f"{LOOPBACK}:{dead}" in ctl.main.status
    ctl.connect_timeout = 8.0
    # the owner kicks us: back to the start screen with the reason
    ht = host_thread(players=4)
    try:
        ctl.join(LOOPBACK, ht.port)
        pump(app, lambda: ctl.seat is not None and ctl.lobby is not None, what="seated")
        seat = ctl.seat
        ht.call(lambda h: h.kick(seat))
        pump(app, lambda: ctl.kind == "start", what="kicked")
        assert ctl.main.status == "Du wurdest vom Tisch entfernt."
        # the host closes the table
        ctl.join(LOOPBACK, ht.port)
        pump(app, lambda: ctl.seat is not None and ctl.lobby is not None, what="seated again")
    finally:
        ht.stop()
    pump(app, lambda: ctl.kind == "start", what="host gone")
    assert ctl.main.status == "Der Gastgeber hat den Tisch geschlossen"


def test_seat_token_remembered_across_app_restarts(app_factory):
    import json
    import os
    from pathlib import Path
    ht = host_thread(players=4, bots=2, start_when_full=False, reconnect_wait=60.0)
    try:
        addr = f"{LOOPBACK}:{ht.port}"
        app = app_factory((360, 640))
        ctl = app.controller
        ctl.settings.name = "Eve"
        ctl.join(LOOPBACK, ht.port)
        pump(app, lambda: ctl.seat is not None and ctl.lobby is not None, what="seated")
        seat = ctl.seat
        ht.call(lambda h: h.start_match())
        pump(app, lambda: ctl.kind == "table", what="table")
        hand = sorted(ctl.main.hand)
        app.close()                                    # the app is killed (no 'leave')
        saved = json.loads((Path(os.environ["FELT_CONFIG_DIR"]) / "settings.json").read_text())
        assert addr in saved["seats"]
        app2 = app_factory((360, 640))
        ctl2 = app2.controller
        ctl2.join(LOOPBACK, ht.port)                    # e.g. `felt join` again
        pump(app2, lambda: ctl2.kind == "table", what="back at the table")
        assert ctl2.seat == seat and sorted(ctl2.main.hand) == hand == host_hand(ht, seat)
        assert ht.call(lambda h: sum(1 for s in h.seats if s.kind == "human")) == 1
        # a stale token (the table was reset): the client joins as a newcomer instead of failing
        ctl2.settings.seats[addr] = "stale-token-xyz"
        ht.call(lambda h: h.end_match())
        ctl2.leave()
        ctl2.settings.seats[addr] = "stale-token-xyz"
        ctl2.join(LOOPBACK, ht.port)
        pump(app2, lambda: ctl2.kind != "start" and ctl2.seat is not None and ctl2.client is not None
             and ctl2.client.token != "stale-token-xyz", what="joined as newcomer")
        assert ctl2.settings.seats.get(addr) == ctl2.client.token
        assert ctl2.client.status == "connected"
    finally:
        ht.stop()


def test_seat_token_follows_a_resumed_table_to_its_new_port(app_factory, monkeypatch):
    """The network client found the table again at another port (mDNS, after a host
    resume): the window keeps the seat token under the new address, so a restarted
    window finds its seat there, and the old entry is gone."""
    from felt.ui.controller import UIClient
    ht = host_thread(players=4, bots=2, start_when_full=False)
    try:
        app = app_factory((360, 640))
        ctl = app.controller
        ctl.join(LOOPBACK, ht.port)
        pump(app, lambda: ctl.seat is not None and ctl.lobby is not None, what="seated")
        old_key, token = f"{LOOPBACK}:{ht.port}", ctl.client.token
        assert ctl.settings.seats.get(old_key) == token
        new_port = ht.port + 1 if ht.port < 65535 else ht.port - 1
        monkeypatch.setattr(UIClient, "port", property(lambda self: new_port))
        ctl.on_message({"t": "welcome", "seat": ctl.seat, "admin": False, "token": token, "table": "T"})
        new_key = f"{LOOPBACK}:{new_port}"
        assert ctl.settings.seats.get(new_key) == token and old_key not in ctl.settings.seats
        assert ctl.display_address == new_key and ctl._join_args[1] == new_port
        from felt.ui import settings as settings_mod
        assert settings_mod.load().seats.get(new_key) == token          # saved, not only in memory
    finally:
        ht.stop()


def test_full_table_lets_you_watch(app_factory):
    ht = host_thread(players=3, bots=3, start_when_full=True, bot_delay=0.2)
    try:
        app = app_factory((1280, 720))
        ctl = app.controller
        ctl.join(LOOPBACK, ht.port)
        pump(app, lambda: ctl.client is not None and ctl.client.status == "connected" and ctl.kind == "table",
             what="watching the table")
        assert ctl.seat is None and ctl.main.view["seat"] is None and ctl.main.hand == []
        assert ctl.client.token is None
        assert "schaust zu" in " ".join(it[0] for it in app.stack.toast.items)
        rounds = ctl.view["round_no"]
        seq = ctl.seq
        pump(app, lambda: ctl.seq > seq + 2, what="the bots play on, the spectator sees it")
        assert ctl.view["round_no"] >= rounds
    finally:
        ht.stop()


def test_windowed_host_journal_and_resume(monkeypatch, tmp_path):
    """`felt host --journal F` in the window, the app dies mid-match, `felt host --resume F`
    brings the table back and the owner gets the same seat and hand."""
    from felt.cli import build_parser
    from felt.ui import app as app_mod
    journal = tmp_path / "table.journal"
    seen = {}

    def first_run(self):
        ctl = self.controller
        try:
            pump(self, lambda: ctl.lobby is not None and ctl.admin, what="owner in the lobby")
            click(self, ctl.main.start_btn)
            pump(self, lambda: ctl.kind == "table" and not ctl.main.anim.busy, what="table")
            seen["seat"], seen["hand"] = ctl.seat, sorted(ctl.main.hand)
        finally:
            self.close()                       # the host goes down with the window
        return 0

    monkeypatch.setattr(app_mod.App, "run", first_run)
    args = build_parser().parse_args(["host", "--interface", LOOPBACK, "--no-announce", "--players", "3",
                                      "--journal", str(journal), "--name", "Journaltisch", "--bot-delay", "5"])
    assert args.run(args) == 0
    assert journal.exists()

    def second_run(self):
        ctl = self.controller
        try:
            pump(self, lambda: ctl.kind == "table", what="resumed table")
            seen["again"] = (ctl.seat, sorted(ctl.main.hand), ctl.admin, ctl.lobby["table"])
        finally:
            self.close()
        return 0

    monkeypatch.setattr(app_mod.App, "run", second_run)
    args = build_parser().parse_args(["host", "--resume", str(journal), "--interface", LOOPBACK,
                                      "--no-announce"])
    assert args.run(args) == 0
    assert seen["again"] == (seen["seat"], seen["hand"], True, "Journaltisch")

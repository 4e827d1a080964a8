"""Table options in the lobby (turn timer, rounds of the match), the turn timer at the
table, and where the connection banner goes: the real window client against a real host
on loopback, driven by taps; plus layout checks of the lobby and the banner."""
from __future__ import annotations

import pygame
import pytest

from tests.ui_app_helpers import LOOPBACK, click, host_thread, pump

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def _config(cfg):
    """Every test here gets its own config and data folders (see conftest.py)."""


def _step_right(app, form, choice) -> None:
    """Tap the › of a stepper in a scrolling form (scrolled into view first)."""
    form.scroll_to(choice)
    pump(app)
    click(app, choice._parts()[3], touch=True)


def _spectator(port: int):
    from felt.net.client import ClientThread
    return ClientThread(LOOPBACK, port, "Zaungast", spectator=True).start()


def _wait(app, cond, what: str, timeout: float = 10.0):
    pump(app, cond, timeout=timeout, what=what)


def test_owner_sets_turn_timer_and_rounds_everyone_sees_them_and_the_timer_runs(app_factory, cfg):
    from felt.ui import settings as settings_mod
    app = app_factory((360, 640), host_defaults={"players": 3, "rules": "PR-002"})
    ctl = app.controller
    click(app, ctl.main.host_btn, touch=True)
    _wait(app, lambda: ctl.lobby is not None and ctl.admin and ctl.kind == "lobby", "owner's lobby")
    lobby = ctl.main
    host = ctl.host
    assert host.call(lambda h: (h.options["turn_timer"], h.rounds)) == (0.0, None)
    assert lobby.turn_timer.visible and lobby.rounds.visible
    assert lobby.turn_timer.value == 0 and lobby.rounds.value == 5          # PR-002 plays 5 rounds
    assert lobby.rounds.options[lobby.rounds.index][1] == "5 (Standard)"
    watcher = _spectator(host.port)
    try:
        # turn timer: off -> 15 s -> 30 s, each step goes to the host and comes back
        _step_right(app, lobby.left, lobby.turn_timer)
        _wait(app, lambda: host.call(lambda h: h.options["turn_timer"]) == 15.0, "timer 15 s on the host")
        # the stepper shows what the host's latest lobby message says (a message sent before the
        # change, e.g. for the watcher joining, can arrive after the tap): tap again once it says 15
        _wait(app, lambda: ctl.lobby["options"]["turn_timer"] == 15.0 and lobby.turn_timer.value == 15,
              "15 s in the owner's lobby")
        _step_right(app, lobby.left, lobby.turn_timer)
        _wait(app, lambda: host.call(lambda h: h.options["turn_timer"]) == 30.0, "timer 30 s on the host")
        _wait(app, lambda: ctl.lobby["options"]["turn_timer"] == 30.0 and lobby.turn_timer.value == 30,
              "30 s in the owner's lobby")
        # rounds: 5 (the rule set's) -> 6
        _step_right(app, lobby.left, lobby.rounds)
        _wait(app, lambda: host.call(lambda h: h.rounds) == 6, "6 rounds on the host")
        # the owner's steppers show what the host says
        _wait(app, lambda: (ctl.lobby["options"]["turn_timer"], ctl.lobby["options"]["rounds"]) == (30.0, 6),
              "the host's lobby message")
        assert ctl.main is lobby and lobby.turn_timer.value == 30 and lobby.rounds.value == 6
        assert lobby.turn_timer.options[lobby.turn_timer.index][1] == "30 s"
        # another client gets the same options in its lobby message
        _wait(app, lambda: (watcher.last_lobby or {}).get("options", {}).get("rounds") == 6
              and watcher.last_lobby["options"]["turn_timer"] == 30.0, "the watcher's lobby message")
        # ... and a guest's lobby built from it shows them read-only, without steppers
        from felt.ui.lobby_scene import LobbyScene
        guest = LobbyScene(watcher.last_lobby, my_seat=None, admin=False)
        guest.set_size(360, 640)
        assert guest.rules_block.lead == "Zugzeit: 30 s · Runden: 6 · Tipps: an"
        assert not guest.turn_timer.visible and not guest.rounds.visible
        assert any("Runden pro Partie: 6" in ln for ln in guest.rules_block.lines)
    finally:
        watcher.close()
    # the settings remember the choices (saved), so the next hosted table starts with them
    assert (ctl.settings.turn_timer, ctl.settings.rounds) == (30, 6)
    saved = settings_mod.load(cfg)
    assert (saved.turn_timer, saved.rounds) == (30, 6)
    ctl.leave()
    _wait(app, lambda: ctl.kind == "start", "start screen")
    click(app, ctl.main.host_btn, touch=True)
    _wait(app, lambda: ctl.lobby is not None and ctl.admin and ctl.kind == "lobby", "second table's lobby")
    host = ctl.host
    assert host.call(lambda h: (h.options["turn_timer"], h.rounds)) == (30.0, 6)
    lobby = ctl.main
    assert lobby.turn_timer.value == 30 and lobby.rounds.value == 6
    # the match starts; the turn timer runs at the table and the table shows it
    click(app, lobby.start_btn, touch=True)
    _wait(app, lambda: ctl.kind == "table" and ctl.main.my_turn and not ctl.main.anim.busy, "my turn", 20)
    table = ctl.main
    tm = table.timer
    assert tm is not None and tm["seat"] == 0 and tm["total"] == 30.0 and 0 < tm["left"] <= 30.0
    assert ctl.view["rounds_total"] == 6
    left0 = table.timer_left()
    _wait(app, lambda: ctl.main is table and table.timer_left() is not None and table.timer_left() < left0 - 0.3,
          "the countdown runs")
    ring = table.header_ring_rect()
    assert ring is not None and table.table_layout.top_bar.contains(ring)
    # the host's deadline agrees with what the table shows (within the message's travel time)
    host_left = host.call(lambda h: h._timer_info()["left"])
    assert abs(host_left - table.timer_left()) < 3.0
    assert not ctl.errors, ctl.errors


def test_guest_sees_options_read_only_and_they_follow_the_host(app_factory):
    from felt.net.client import ClientThread
    ht = host_thread(players=4, turn_timer=45.0, rounds=7, rules="PR-002")
    owner = None
    try:
        app = app_factory((360, 640))
        ctl = app.controller
        ctl.settings.name = "Gast"
        ctl.join(LOOPBACK, ht.port)
        _wait(app, lambda: ctl.kind == "lobby" and ctl.lobby is not None and ctl.seat is not None, "guest lobby")
        lobby = ctl.main
        assert not ctl.admin
        assert lobby.rules_block.lead == "Zugzeit: 45 s · Runden: 7 · Tipps: an"
        # no steppers for a guest: neither shown nor in the scrolling forms
        for c in (lobby.turn_timer, lobby.rounds, lobby.template, lobby.n_seats):
            assert not c.visible
            assert all(w is not c for w, _ in lobby.left.items + lobby.right.items)
        owner = ClientThread(LOOPBACK, ht.port, "Wirt", token=ht.admin_token).start()
        pump(app, lambda: owner.admin, what="owner connected")
        assert owner.send({"t": "set_options", "turn_timer": 0, "rounds": 0})
        _wait(app, lambda: ctl.main.rules_block.lead == "Zugzeit: Aus · Runden: offen · Tipps: an", "options follow the host")
        assert ctl.main.turn_timer_s() == 0 and ctl.main.rounds_in_force() == 0
        assert not lobby.sent, "a guest's lobby never sends options"
    finally:
        if owner is not None:
            owner.close()
        ht.stop()


# ---------------------------------------------------------------------------- layout
def _scene_stack(scene, w, h):
    from felt.ui.shell import AppStack
    st = AppStack((w, h))
    st.push(scene)
    surf = pygame.Surface((w, h))
    st.draw(surf)
    return st, surf


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("w,h", [(360, 640), (430, 932), (1280, 720), (1920, 1080)])
def test_lobby_option_controls_inside_and_clear_of_other_widgets(lang, w, h):
    from felt.ui import fonts, i18n
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    from felt.ui.widgets import layout_text
    pygame.init()
    i18n.set_lang(lang)
    try:
        lob = demo_lobby()
        sc = LobbyScene(lob, my_seat=0, admin=True, address="192.168.1.20:40123", on_menu=lambda: None)
        sc.tap_seat(4)                       # the free seat: the action row shows too
        _scene_stack(sc, w, h)
        win = pygame.Rect(0, 0, w, h)
        fixed = [sc.back_btn.rect, sc.menu_btn.rect, sc.start_btn.rect]
        for c in (sc.turn_timer, sc.rounds):
            form = next(f for f in (sc.left, sc.right) if any(x is c for x, _ in f.items))
            form.scroll_to(c)
            assert c.visible and win.contains(c.rect), (c.label, c.rect)
            assert form.rect.contains(c.rect), "scrolled fully into its form"
            for r in fixed:
                assert not c.rect.colliderect(r)
            others = [x for f in (sc.left, sc.right) for x, _ in f.items
                      if x is not c and x.visible and x.rect.colliderect(f.rect)]
            for x in others:
                assert not c.rect.colliderect(x.rect), (c.label, type(x).__name__, x.rect)
            # every value and the label fit at their full size (nothing shrunk or cut off)
            label, left, mid, right = c._parts()
            assert label.w > 0 and left.right <= mid.left and mid.right <= right.left <= c.rect.right
            for _, text in c.options:
                px, lines = layout_text(text, mid.w - 4, mid.h - 4, c.px, bold=True)
                assert px == c.px and lines == (text,), (text, mid.w)
            px, lines = layout_text(c.label, label.w, label.h, c.px, wrap=True, max_lines=2)
            assert px == c.px and all(fonts.width(ln, px) <= label.w for ln in lines)
        # all four steppers share one control width (they line up)
        assert len({sc.template._parts()[1].left, sc.n_seats._parts()[1].left,
                    sc.turn_timer._parts()[1].left, sc.rounds._parts()[1].left}) == 1
    finally:
        i18n.set_lang("de")


@pytest.mark.parametrize("w,h", [(360, 640), (1280, 720)])
def test_connection_banner_covers_no_seat_pile_hand_or_button(w, h):
    from felt.games.praesident.engine import view
    from felt.ui import i18n
    from felt.games.praesident.snapshots import DEMO_NAMES, demo_states
    from felt.games.praesident.table_scene import TableScene
    pygame.init()
    st, _ = demo_states("PR-002", 5, 7)["table"]
    sc = TableScene(view(st, 0), names=DEMO_NAMES[:5])
    stack, _ = _scene_stack(sc, w, h)
    stack.show_banner(i18n.t("fx.connection_lost"), "bad")
    surf = pygame.Surface((w, h))
    stack.draw(surf)
    b = stack.banner.rect
    geom = sc.table_layout
    assert stack.banner.visible and pygame.Rect(0, 0, w, h).contains(b)
    assert b.h >= 36 and b.w >= w // 2
    for i, r in enumerate(geom.seats):
        assert not b.colliderect(r), f"banner covers seat box {i}"
    for name in ("pile", "hand", "hint", "play_btn", "pass_btn", "mute_btn", "menu_btn"):
        assert not b.colliderect(getattr(geom, name)), f"banner covers {name}"
    # the text fits the banner (two lines at most, not shrunk to specks)
    from felt.ui.widgets import layout_text
    px, lines = layout_text(stack.banner.text, b.w - 16, b.h - 4, stack.banner.px, bold=True, wrap=True,
                            max_lines=2)
    assert px >= 11 and len(lines) <= 2 and "".join(lines).replace(" ", "") == \
        stack.banner.text.replace(" ", "")
    # on the lobby it sits between the header's buttons
    from felt.ui.lobby_scene import snapshot_scene
    lob = snapshot_scene()
    stack.replace(lob)
    stack.draw(surf)
    b = stack.banner.rect
    assert not b.colliderect(lob.back_btn.rect) and not b.colliderect(lob.menu_btn.rect)
    assert b.bottom <= lob.screen_rects.header.bottom and not b.colliderect(lob.left.rect)


@pytest.mark.parametrize("w,h", [(360, 640), (1280, 720)])
def test_banner_in_the_top_bar_of_exchange_and_results(w, h):
    """Scenes without their own banner place: the banner takes their top bar between the
    buttons shown there, not the content below it."""
    from felt.games.praesident.engine import view
    from felt.ui import i18n
    from felt.games.praesident.exchange_scene import ExchangeScene
    from felt.games.praesident.results_scene import ResultsScene
    from felt.games.praesident.snapshots import DEMO_NAMES, demo_states
    pygame.init()
    d = demo_states("PR-002", 5, 7)
    st = d["exchange"][0]
    ex = ExchangeScene(view(st, st.to_move or 0), names=DEMO_NAMES[:5])
    stack, surf = _scene_stack(ex, w, h)
    stack.show_banner(i18n.t("fx.connection_lost"), "bad")
    stack.draw(surf)
    b = stack.banner.rect
    assert ex.table_layout.top_bar.contains(b) and not b.colliderect(ex.menu_btn.rect) and b.w >= w // 2
    res = ResultsScene(view(d["results"][0], 0), names=DEMO_NAMES[:5])
    res.set_round_controls(lambda: None, None, None)
    stack.replace(res)
    stack.draw(surf)
    b = stack.banner.rect
    assert res.screen_rects.header.contains(b) and b.w >= w // 2


def test_rounds_fixed_while_a_match_runs_and_default_marked():
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    pygame.init()
    lob = demo_lobby()
    sc = LobbyScene(lob, my_seat=0, admin=True)
    sc.set_size(1280, 720)
    sc.rounds.step(1)
    assert sc.sent[-1] == {"t": "set_options", "rounds": 6}
    sc.turn_timer.step(1)
    assert sc.sent[-1] == {"t": "set_options", "turn_timer": 45}
    # a host value off the list (felt host --turn-timer 20 --rounds 33) is shown as it is
    sc.set_lobby(dict(lob, options=dict(lob["options"], turn_timer=20.0, rounds=33)), 0, True)
    assert sc.turn_timer.value == 20 and sc.rounds.value == 33
    assert [t for _, t in sc.rounds.options][:6] == ["offen", "1", "2", "3", "4", "5 (Standard)"]
    assert sc.rounds.options[-1] == (33, "33")
    sent = len(sc.sent)
    sc.set_lobby(dict(lob, running=True), 0, True)
    assert not sc.rounds.enabled
    click_at = sc.rounds._parts()[3].center
    from felt.ui.scene import PRESS, RELEASE, Input
    assert not sc.rounds.handle(Input(PRESS, pos=click_at)) and not sc.rounds.handle(Input(RELEASE, pos=click_at))
    assert len(sc.sent) == sent

"""The real window plays Mau-Mau at a real host on loopback: the controller picks the game's
table scene (``Game.table_scene()``), taps on cards and keys go to the host as Mau-Mau moves
(a tap raises a card; a second tap, "Legen" or a drag onto the piles plays it; a Bube's
"Abbrechen" sends nothing), the round ends in the scene's own result, the owner deals the
next round from it, the play log speaks Mau-Mau, and "So wird gespielt" and the rules shown
are the game's."""
from __future__ import annotations

import time

import pygame
import pytest

from tests.ui_app_helpers import card_point, click, key, pump

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def _config(cfg):
    """Every test here gets its own config and data folders (see conftest.py)."""


def _hand(ht, seat):
    return ht.call(lambda h: sorted(h.state.hands[seat]) if h.state is not None else [])


def drag(app, start, end, touch: bool) -> None:
    """Press at ``start``, move with the button (finger) down to ``end`` and let go there."""
    w, h = app.window.get_size()
    steps = [(start[0] + (end[0] - start[0]) * k // 4, start[1] + (end[1] - start[1]) * k // 4) for k in range(5)]
    if touch:
        common = dict(touch_id=1, finger_id=0, dx=0.0, dy=0.0, pressure=1.0)
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=start[0] / w, y=start[1] / h, **common))
        for x, y in steps[1:]:
            pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=x / w, y=y / h, **common))
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=end[0] / w, y=end[1] / h, **common))
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
        for p in steps[1:]:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end))
    app.step(block=False)


def _ready(app) -> bool:
    ctl = app.controller
    sc = ctl.main
    return ctl.kind == "table" and ((sc.my_turn and not sc.pending) or sc.view.get("phase") != "play"
                                    and sc.view.get("phase") != "drawn")


def test_window_plays_a_maumau_round_by_taps_and_keys_and_deals_the_next(app_factory):
    from felt.games.maumau.scene import MauMauScene
    app = app_factory((390, 844), host_defaults={"players": 3, "bots": 2, "rules": "MM-STD", "seed": 11,
                                                  "start_when_full": True, "bot_level": "easy"})
    ctl = app.controller
    click(app, ctl.main.host_btn, touch=True)
    pump(app, lambda: ctl.kind == "table", timeout=10, what="the Mau-Mau table")
    sc = ctl.main
    assert isinstance(sc, MauMauScene), type(sc)
    assert ctl.game_id == "maumau" and ctl.playlog.game_id == "maumau"
    ht = ctl.host
    plays = draws = keeps = cancels = 0
    gestures = ["double tap", "tap and Legen", "drag"]
    touch = True
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        pump(app, lambda: _ready(app), timeout=10, what="my turn or the round's end")
        sc = ctl.main
        if sc.view["phase"] not in ("play", "drawn"):
            break
        before = _hand(ht, ctl.seat)
        legal = sc.view["legal"]
        play = next((m for m in legal if m["kind"] == "play" and not m.get("suit") and not m.get("call")), None)
        if play is not None and play["card"] in sc.hand:
            card = play["card"]
            click(app, card_point(sc, card), touch=touch)
            assert sc.chosen == card and not sc.pending, "one tap only raises the card"
            assert card in _hand(ht, ctl.seat)
            way = gestures[plays % len(gestures)]
            if way == "double tap":
                click(app, card_point(sc, card), touch=touch)
            elif way == "tap and Legen":
                assert sc.action_btn.text == "Legen"
                click(app, sc.action_btn, touch=touch)
            else:
                drag(app, card_point(sc, card), sc.table_layout.pile.center, touch=touch)
            touch = not touch
            pump(app, lambda: not sc.pending or ctl.main is not sc, timeout=5, what="the play answered")
            assert card not in _hand(ht, ctl.seat), f"the card left the hand on the host ({way})"
            plays += 1
        elif any(m["kind"] == "play" and m.get("suit") for m in legal):
            # a Bube: tap it twice; the first time "Abbrechen" puts it back, then pick a suit by key
            jack = next(m for m in legal if m["kind"] == "play" and m.get("suit") and not m.get("call"))
            click(app, card_point(sc, jack["card"]), touch=True)
            click(app, card_point(sc, jack["card"]), touch=True)
            assert sc.picking == jack["card"]
            if not cancels:
                click(app, sc.cancel_btn, touch=True)
                assert sc.picking is None and sc.chosen is None and not sc.pending
                assert jack["card"] in _hand(ht, ctl.seat), "a cancelled Bube stays in the hand"
                cancels += 1
                continue
            idx = [b.suit for b in sc.suit_btns].index(jack["suit"])
            key(app, pygame.K_1 + idx)
            pump(app, lambda: not sc.pending or ctl.main is not sc, timeout=5, what="the wish answered")
            plays += 1
        elif sc.view["phase"] == "drawn":
            key(app, pygame.K_k)
            pump(app, lambda: not sc.pending or ctl.main is not sc, timeout=5, what="the keep answered")
            keeps += 1
        else:
            key(app, pygame.K_d)
            pump(app, lambda: not sc.pending or ctl.main is not sc, timeout=5, what="the draw answered")
            assert len(_hand(ht, ctl.seat)) > len(before) or ctl.view.get("phase") not in ("play", "drawn"), \
                "D drew a card on the host"
            draws += 1
    assert plays + draws + keeps >= 3
    assert plays >= 1, "at least one card was played by tapping"
    assert not ctl.errors, ctl.errors
    # the play log holds Mau-Mau's lines (not Präsident's)
    from felt.ui.playlog import LogContext
    lines = ctl.playlog.lines(LogContext(names=ctl.names(), me=ctl.seat))
    assert any("legt" in ln or "plays" in ln for ln in lines), lines
    # play on until the round is over (the bots and I); the result shows in the Mau-Mau scene
    deadline = time.monotonic() + 20
    while ctl.view.get("phase") in ("play", "drawn") and time.monotonic() < deadline:
        pump(app, lambda: _ready(app), timeout=10, what="my turn or the round's end")
        sc = ctl.main
        if sc.view["phase"] not in ("play", "drawn"):
            break
        legal = sc.view["legal"]
        m = next((m for m in legal if m["kind"] == "play" and not m.get("call")), None) or legal[0]
        ctl.send_move(m)
        sc.pending = True
        pump(app, lambda: not sc.pending or ctl.main is not sc, timeout=5, what="move answered")
    assert ctl.view["phase"] in ("round_over", "match_over")
    sc = ctl.main
    assert isinstance(sc, MauMauScene) and ctl.kind == "table"
    if ctl.view["phase"] == "round_over":
        rn = ctl.view["round_no"]
        rects = sc.round_controls.rects()
        assert "next_round" in rects, "the owner gets 'next round' over the result"
        click(app, sc.round_controls.next_btn, touch=True)
        pump(app, lambda: ctl.view.get("round_no") == rn + 1 and ctl.view.get("phase") in ("play", "drawn"),
             timeout=10, what="the next round dealt")
        assert ctl.kind == "table" and len(ctl.main.hand) > 0
    else:
        pytest.fail("MM-STD plays to a point limit: one round does not end the match")
    assert not ctl.errors, ctl.errors


def test_howto_and_rules_of_a_maumau_table(app_factory):
    app = app_factory((1280, 720), host_defaults={"players": 3, "rules": "MM-STD"})
    ctl = app.controller
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.lobby is not None and ctl.lobby.get("game") == "maumau", what="the Mau-Mau lobby")
    ctl.show_howto()
    pump(app)
    top = app.stack.top
    from felt.ui.howto import HowtoScene
    assert isinstance(top, HowtoScene)
    text = " ".join(getattr(top, "lines", []) or [])
    assert "Bube" in text or "Buben" in text or "7" in text, text[:300]


def test_rule_editor_of_a_maumau_table_is_built_from_its_options_and_sends_them(app_factory):
    from felt.ui.options_editor import OptionsEditorScene
    from felt.ui.shell import StackChoice
    from felt.ui.widgets import Toggle
    app = app_factory((1280, 720), host_defaults={"players": 3, "rules": "MM-STD"})
    ctl = app.controller
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.lobby is not None and ctl.admin and ctl.lobby.get("game") == "maumau",
         what="the Mau-Mau lobby")
    lobby = ctl.main
    lobby.right.scroll_to(lobby.rules_btn)        # below the rules in force: scroll as a player would
    pump(app)
    click(app, lobby.rules_btn)
    ed = app.stack.top
    assert isinstance(ed, OptionsEditorScene) and not ed.read_only
    # every option of the game has its row
    from felt import games
    keys = {o.key for o in games.get("maumau").options()}
    assert keys <= set(ed.widgets)
    assert isinstance(ed.widgets["jack_on_jack"], Toggle) and isinstance(ed.widgets["seven"], StackChoice)
    # an impossible combination is refused with the game's reason: Apply is off
    ed.set("min_players", 8)
    assert ed.err_msg and not ed.apply_btn.enabled
    ed.set("min_players", 2)
    assert ed.err_msg is None and ed.apply_btn.enabled
    # step 'Neun' by tapping its right arrow: off -> reverse; then apply
    w = ed.widgets["nine"]
    ed.form.scroll_to(w) if hasattr(ed.form, "scroll_to") else None
    pump(app)
    ed.set("nine", "reverse")
    ed.set("jack_on_jack", True)
    click(app, ed.apply_btn)
    pump(app, lambda: (ctl.lobby.get("rules") or {}).get("nine") == "reverse", what="the host took the rules")
    assert ctl.lobby["rules"]["jack_on_jack"] is True and ctl.lobby["game"] == "maumau"
    assert not ctl.errors, ctl.errors
    # a guest's view of the same editor is read-only
    guest = OptionsEditorScene(games.get("maumau"), ctl.lobby["rules"], on_apply=None)
    assert guest.read_only and guest.widgets["nine"].value


def test_pacing_holds_another_seats_play_and_not_my_own():
    """The window's pacing for any game: a state with another seat's play holds the next one
    back (felt/ui/pacing.py), my own play only briefly, a state without events not at all."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from felt.games.maumau.scene import MauMauScene
    from felt.games.maumau.snapshots import demo_views
    view, _ = demo_views()["table"]
    sc = MauMauScene(view, names=["A", "B", "C", "D"], settings={"speed": "normal"})
    me = view["seat"]
    other = (me + 1) % view["n"]
    card = view["hand"][0]
    assert sc.hold_for([{"type": "play", "seat": other, "card": card}]) >= 1.0
    assert sc.hold_for([{"type": "play", "seat": me, "card": card}]) < 0.5
    assert sc.hold_for([{"type": "draw", "seat": other, "count": 1}]) > 0.3
    sc.set_view(view, [])
    assert sc.hold() == 0.0
    sc.set_view(view, [{"type": "play", "seat": other, "card": card}])
    assert sc.hold() > 0.8 and sc.animating()
    sc.settings["speed"] = "fast"
    assert sc.hold_for([{"type": "play", "seat": other, "card": card}]) < 1.0


"""The real window plays Schwimmen at a real host on loopback: the controller picks
SchwimmenScene (``Game.table_scene()``), a swap made by tapping a hand card and then a middle
card, "Schieben"/"Klopfen"/"Behalten" by keys reach the host as Schwimmen moves, the showdown
shows in the scene, the owner deals the next round from it, and the play log and the rule
editor are Schwimmen's."""
from __future__ import annotations

import time

import pygame
import pytest

from tests.ui_app_helpers import click, key, pump

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def _config(cfg):
    """Every test here gets its own config and data folders (see conftest.py)."""


def _ready(app) -> bool:
    ctl = app.controller
    sc = ctl.main
    return ctl.kind == "table" and ((sc.my_turn and not sc.pending) or sc.view.get("phase") in
                                    ("round_over", "match_over"))


def test_window_plays_schwimmen_by_taps_and_keys_and_deals_the_next_round(app_factory):
    from felt.games.schwimmen.scene import SchwimmenScene
    app = app_factory((1280, 720), host_defaults={"players": 3, "bots": 2, "rules": "SW-STD", "seed": 3,
                                                   "start_when_full": True, "bot_level": "easy"})
    ctl = app.controller
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.kind == "table", timeout=10, what="the Schwimmen table")
    sc = ctl.main
    assert isinstance(sc, SchwimmenScene), type(sc)
    assert ctl.game_id == "schwimmen" and ctl.playlog.game_id == "schwimmen"
    ht = ctl.host
    done = {"swap": 0, "pass": 0, "keep": 0, "knock": 0, "other": 0}
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        pump(app, lambda: _ready(app), timeout=10, what="my turn or the round's end")
        sc = ctl.main
        if sc.view["phase"] in ("round_over", "match_over"):
            break
        kinds = {m["kind"] for m in sc.view["legal"]}
        before = ht.call(lambda h: list(h.state.hands[ctl.seat]))
        if "keep" in kinds:
            key(app, pygame.K_b)
            done["keep"] += 1
        elif "swap" in kinds and done["swap"] < 2:
            hand, mid = sc.hand_rects(), sc.middle_rects()
            hc, mc = next(iter(hand)), next(iter(mid))
            click(app, hand[hc], touch=True)
            assert sc.sel_hand == hc
            click(app, mid[mc], touch=True)
            pump(app, lambda: not sc.pending or ctl.main is not sc, timeout=5, what="the swap answered")
            after = ht.call(lambda h: list(h.state.hands[ctl.seat]) if h.state.phase == "play" else None)
            if after is not None:
                assert mc in after and hc not in after, "the swap happened on the host"
            done["swap"] += 1
            continue
        elif "knock" in kinds and done["pass"] >= 1:
            key(app, pygame.K_k)
            done["knock"] += 1
        elif "pass" in kinds:
            key(app, pygame.K_s)
            done["pass"] += 1
        else:
            ctl.send_move(sc.view["legal"][0])
            sc.pending = True
            done["other"] += 1
        del before
        pump(app, lambda: not sc.pending or ctl.main is not sc, timeout=5, what="the move answered")
    assert ctl.view["phase"] in ("round_over", "match_over"), done
    assert done["swap"] >= 1, done
    assert not ctl.errors, ctl.errors
    sc = ctl.main
    assert isinstance(sc, SchwimmenScene) and ctl.kind == "table"
    from felt.ui.playlog import LogContext
    lines = ctl.playlog.lines(LogContext(names=ctl.names(), me=ctl.seat))
    assert any(("nimmt" in ln and "gibt" in ln) or "tauscht" in ln for ln in lines) and any("Aufdecken" in ln for ln in lines), lines
    if ctl.view["phase"] == "round_over":
        rn = ctl.view["round_no"]
        assert "next_round" in sc.round_controls.rects()
        click(app, sc.round_controls.next_btn)
        pump(app, lambda: ctl.view.get("round_no") == rn + 1 and ctl.view.get("phase") not in ("round_over",),
             timeout=10, what="the next round dealt")
        assert ctl.kind == "table" and isinstance(ctl.main, SchwimmenScene)
    assert not ctl.errors, ctl.errors


def test_rule_editor_of_a_schwimmen_table(app_factory):
    from felt import games
    from felt.ui.options_editor import OptionsEditorScene
    app = app_factory((390, 844), host_defaults={"players": 3, "rules": "SW-STD"})
    ctl = app.controller
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.lobby is not None and ctl.admin and ctl.lobby.get("game") == "schwimmen",
         what="the Schwimmen lobby")
    ctl.edit_rules()
    ed = app.stack.top
    assert isinstance(ed, OptionsEditorScene) and ed.game is games.get("schwimmen")
    assert {o.key for o in games.get("schwimmen").options()} <= set(ed.widgets)
    assert ed.err_msg is None and ed.apply_btn.enabled


def test_a_match_the_host_ends_shows_the_standings_on_a_phone(app_factory, monkeypatch):
    """The host ended a Schwimmen match in its second round ("Partie beenden": everyone sees
    the standings of the rounds played, says the question): the phone showed only "Bot 4
    gewinnt!", no standings and no reason. Now the table says the match was ended, every
    seat's place and lives, and who won."""
    from felt.games.schwimmen import scene as sw_scene
    from felt.ui import i18n
    app = app_factory((390, 844), host_defaults={"players": 4, "bots": 3, "rules": "SW-STD", "seed": 5,
                                                  "start_when_full": True, "bot_level": "easy"})
    ctl = app.controller
    click(app, ctl.main.host_btn, touch=True)
    pump(app, lambda: ctl.kind == "table", timeout=10, what="the Schwimmen table")
    deadline = time.monotonic() + 30
    while ctl.view.get("round_no", 1) < 2 and time.monotonic() < deadline:
        pump(app, lambda: _ready(app), timeout=15, what="my turn or the round's end")
        sc = ctl.main
        if sc.view["phase"] == "round_over":
            click(app, sc.round_controls.next_btn, touch=True)
            pump(app, lambda: ctl.view.get("round_no") == 2, timeout=10, what="round 2 dealt")
            break
        assert sc.view["phase"] != "match_over"
        kinds = [m["kind"] for m in sc.view["legal"]]
        move = next((m for k in ("knock", "keep", "pass") for m in sc.view["legal"] if m["kind"] == k),
                    sc.view["legal"][0])
        assert move["kind"] in kinds
        ctl.send_move(move)
        sc.pending = True
        pump(app, lambda: not sc.pending or ctl.main is not sc, timeout=5, what="the move answered")
    assert ctl.view["round_no"] == 2
    ctl.confirm_end_match()                         # the menu's "Partie beenden", then its question
    pump(app)
    click(app, app.stack.top.buttons[0], touch=True)
    pump(app, lambda: ctl.view.get("phase") == "match_over" and ctl.kind == "table", timeout=10,
         what="the match ended")
    drawn: list[str] = []
    real, real_fit = sw_scene.draw_text, sw_scene.layout_text
    monkeypatch.setattr(sw_scene, "draw_text", lambda surf, text, *a, **kw: (drawn.append(str(text)),
                                                                            real(surf, text, *a, **kw))[1])
    monkeypatch.setattr(sw_scene, "layout_text", lambda text, *a, **kw: (drawn.append(str(text)),
                                                                        real_fit(text, *a, **kw))[1])
    sc = ctl.main
    sc.mark_dirty()
    pump(app)
    view = sc.view
    winner = view["winner"]
    assert winner is not None
    assert "Partie beendet: es zählt der Stand der fertigen Runden" in drawn, drawn
    assert sc.ended_by_host()
    names = ["Du" if s == ctl.seat else ctl.names()[s] for s in range(view["n"])]
    for place, seat in enumerate(sc.standings()):
        lives = i18n.t("sw.lives", n=view["lives"][seat]) if not view["out"][seat] and not view["swimming"][seat] \
            else i18n.t("sw.swims") if view["swimming"][seat] else i18n.t("sw.out")
        assert f"{place + 1}. {names[seat]}: {lives}" in drawn, (place, seat, drawn)
    assert sc.standings()[0] == winner
    said = "Du gewinnst!" if winner == ctl.seat else f"{names[winner]} gewinnt!"
    assert said in drawn and f"Partie beendet · {said}" == sc.phase_line()
    assert not ctl.errors, ctl.errors

"""Issue 43, seams 5 and 9: a replay is a replay.

- Seam 9: the table of a replay shows no live prompt ("Karten antippen, dann Legen", "Du bist
  dran!", "Dora ist dran") and no move button a guest would tap (Legen/Passen, Ziehen, Mau!):
  the top line says who was to move, the replay's own controls step through it.
- Seam 5: a window (or phone) watching a replay is not pulled into the lobby when the owner
  picks another game, nor into a new match: the replay stays until its player closes it, says
  where the table went, and closing it goes there.
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.ui import i18n, layout  # noqa: E402
from felt.ui.replay_scene import ReplayScene, demo_replay  # noqa: E402
from felt.ui.scene import SceneStack  # noqa: E402
from felt.ui.widgets import Button  # noqa: E402

GAME_IDS = ["praesident", "maumau", "schwimmen"]


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
    layout.set_density(1.0)
    i18n.set_lang("de")


def _texts_drawn(inner, surface) -> list[str]:
    """Every text the table scene draws in one frame (the shared draw_text, wherever imported)."""
    import felt.ui.game_table as gt
    mods = {gt, sys.modules[type(inner).__module__]}
    seen: list[str] = []
    saved = {}
    for m in mods:
        orig = getattr(m, "draw_text", None)
        if orig is None:
            continue
        saved[m] = orig

        def spy(surf, text, *a, _orig=orig, **kw):
            seen.append(str(text))
            return _orig(surf, text, *a, **kw)
        m.draw_text = spy
    try:
        inner.draw(surface)
    finally:
        for m, orig in saved.items():
            m.draw_text = orig
    return seen


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_replays_table_shows_no_live_prompt_and_no_move_button(game_id, lang):
    i18n.set_lang(lang)
    rp = demo_replay(games.get(game_id))
    sc = ReplayScene(rp, seat=0, step=0)
    stack = SceneStack((390, 844))
    stack.push(sc)
    live = {i18n.t("gt.turn_me")} | {i18n.t("gt.turn", name=sc.inner.seat_name(s)) for s in range(rp.n)}
    live.add(i18n.t("table.select_hint")) if game_id == "praesident" else None
    surface = pygame.Surface((390, 844))
    own_turns = 0
    for step in range(0, rp.steps, max(1, rp.steps // 40)):
        sc.go(step)
        inner = sc.inner
        stack.draw(surface)
        view = rp.view(step, 0)
        if view.get("to_move") == 0 and view.get("legal"):
            own_turns += 1                  # live, this seat would be on turn here
        assert inner.replaying and not inner.my_turn
        status = inner.status_line()[0]
        assert not any(t and t in status for t in live), (step, status)
        drawn = _texts_drawn(inner, pygame.Surface(sc.inner_rect.size))
        assert not live & set(drawn), (step, live & set(drawn))
        shown = [name for name, w in vars(inner).items() for b in (w if isinstance(w, list) else [w])
                 if isinstance(b, Button) and b.visible and b.rect.w > 0]
        assert set(shown) <= set(inner.view_buttons), (step, shown)
        if inner.turn_seat() is not None:
            assert status.startswith(i18n.t("replay.to_move", name="").strip()), status
    assert own_turns > 0                     # the seat shown was on turn at some of those steps
    # the replay's own controls are there instead
    assert all(b.visible and b.rect.w > 0 for b in (sc.next_btn, sc.back_btn, sc.close_btn))


# ---------------------------------------------------------------------------- seam 5
def _watch_a_finished_match(app_factory, ht, size=(390, 844)):
    from tests.ui_app_helpers import LOOPBACK, click, pump
    app = app_factory(size)
    ctl = app.controller
    ctl.join(LOOPBACK, ht.port, spectator=True)
    pump(app, lambda: ctl.lobby is not None, what="lobby")
    ht.call(lambda h: h.start_match())
    pump(app, lambda: (ctl.view or {}).get("phase") == "match_over", timeout=60, what="the match's end")
    rc = ctl.game_scene().round_controls
    pump(app, lambda: rc.replay_btn in rc.buttons(), what="Partie ansehen")
    click(app, rc.replay_btn, touch=True)
    pump(app, lambda: isinstance(app.stack.top, ReplayScene), what="the replay")
    return app, ctl, app.stack.top


def test_a_replay_stays_when_the_owner_picks_another_game_and_closing_it_goes_to_the_lobby(app_factory):
    from tests.ui_app_helpers import click, host_thread, pump
    ht = host_thread(players=3, rules="MM-STD", rounds=1, bot_delay=0.0, phones=False, auto_next=0.0)
    try:
        app, ctl, replay = _watch_a_finished_match(app_factory, ht)
        click(app, replay.next_btn, touch=True)
        click(app, replay.next_btn, touch=True)
        assert replay.step == 2
        # the owner picks another game: the table goes to Präsident's lobby
        ht.call(lambda h: h.call(lambda t: t._m_set_rules(None, {"game": "praesident", "template": None,
                                                                  "rules": None})))
        pump(app, lambda: ctl.kind == "lobby", what="the lobby under the replay")
        for _ in range(5):
            app.step(block=False)
        assert app.stack.top is replay and replay.step == 2        # not pulled away, not reset
        assert ctl.main in app.stack.scenes and app.stack.scenes.index(ctl.main) == 0
        assert replay.table_note == i18n.t("replay.table_lobby")
        click(app, replay.next_btn, touch=True)                    # it goes on as before
        assert replay.step == 3
        # its player closes it: the table is where it went
        click(app, replay.close_btn, touch=True)
        pump(app, lambda: app.stack.top is ctl.main, what="the lobby")
        assert ctl.kind == "lobby" and type(ctl.main).__name__ == "LobbyScene"
    finally:
        ht.stop()


def test_a_replay_stays_while_a_new_match_starts_and_closing_it_goes_to_the_table(app_factory):
    from tests.ui_app_helpers import click, host_thread, pump
    ht = host_thread(players=3, rules="MM-STD", rounds=1, bot_delay=0.05, phones=False, auto_next=0.0)
    try:
        app, ctl, replay = _watch_a_finished_match(app_factory, ht, size=(1280, 720))
        ht.call(lambda h: h.start_match())          # straight from the results: no lobby between
        pump(app, lambda: ctl.kind == "table" and (ctl.view or {}).get("phase") != "match_over",
             what="the new match under the replay")
        assert app.stack.top is replay
        assert replay.table_note == i18n.t("replay.table_on")
        assert replay.close_btn.text == i18n.t("replay.close_to_table")
        click(app, replay.close_btn)
        pump(app, lambda: app.stack.top is ctl.main, what="the table")
        assert ctl.game_scene() is ctl.main
    finally:
        ht.stop()


def test_a_replay_says_when_its_players_turn_comes_at_the_table(app_factory):
    """Seen in the evening's play-through: a phone that watched the last match's replay while
    the owner started the next one got its turn there with nothing on its screen but the
    replay's "Am Zug: Anna" (the 5-second word that the table went on had passed); the table
    waited for it. Now the replay says it is this player's turn, keeps saying it, and its
    close button is the one that stands out."""
    from tests.ui_app_helpers import LOOPBACK, click, host_thread, pump
    ht = host_thread(players=3, rules="MM-STD", rounds=1, bot_delay=0.0, phones=False, auto_next=0.0, pace="off")
    try:
        app = app_factory((390, 844))
        ctl = app.controller
        ctl.join(LOOPBACK, ht.port)                 # a player's seat, not a spectator's
        pump(app, lambda: ctl.lobby is not None and ctl.seat is not None, what="a seat")
        ht.call(lambda h: h.start_match())
        sent = set()

        def play_on() -> bool:
            v = ctl.view or {}
            if v.get("phase") == "match_over":
                return True
            if v.get("to_move") == ctl.seat and v.get("legal") and ctl.seq not in sent:
                sent.add(ctl.seq)
                ctl.send_move(v["legal"][0])
            return False
        pump(app, play_on, timeout=60, what="the first match played to its end")
        rc = ctl.game_scene().round_controls
        pump(app, lambda: rc.replay_btn in rc.buttons(), what="Partie ansehen")
        click(app, rc.replay_btn, touch=True)
        pump(app, lambda: isinstance(app.stack.top, ReplayScene), what="the replay")
        replay = app.stack.top
        assert replay.close_btn.kind == "secondary" and replay.next_btn.kind == "primary"
        ht.call(lambda h: h.start_match())          # the owner deals the next match
        pump(app, lambda: (ctl.view or {}).get("phase") not in (None, "match_over")
             and (ctl.view or {}).get("to_move") == ctl.seat, timeout=30, what="this seat's turn")
        for _ in range(3):
            app.step(block=False)
        assert app.stack.top is replay                      # still where its player left it
        assert replay.table_note == i18n.t("replay.table_turn")
        assert replay.close_btn.kind == "primary" and replay.next_btn.kind == "secondary"
        click(app, replay.close_btn, touch=True)
        pump(app, lambda: app.stack.top is ctl.main, what="the table")
        assert ctl.game_scene().my_turn
    finally:
        ht.stop()


def test_the_replays_menu_deals_again_as_the_results_menu_does():
    """Seen in the play-through: the replay's menu offered "Nochmal mit diesen Karten" but not
    "Nochmal, jeder eine Hand weiter", which the results' menu offers beside it."""
    from felt.ui.shell import MenuOverlay
    dealt = []
    rp = demo_replay(games.get("maumau"))
    sc = ReplayScene(rp, seat=0, step=0, on_again=lambda turn=0: dealt.append(turn))
    stack = SceneStack((1280, 720))
    stack.push(sc)
    sc._menu()
    menu = stack.top
    assert isinstance(menu, MenuOverlay)
    texts = [b.text for b in menu.buttons]
    assert i18n.t("again.button") in texts and i18n.t("again.turned") in texts, texts
    next(b for b in menu.buttons if b.text == i18n.t("again.turned")).on_click()
    assert dealt == [1]

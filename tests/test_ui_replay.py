"""The replay screen (felt/ui/replay_scene.py), in every game, at phone and laptop size: each
step shows the game's own scene with the view of the seat chosen, every hand is open, the bar
says what happened and what the normal bot would have played; buttons, keys, taps on a phone
(pixel ratio 3), the timeline and a tap on a seat. "Partie ansehen" on the results once the
match is over (three buttons where they fit, two on a phone), and a window that watched a match
fetches it from the host and steps through it."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.ui import i18n, layout  # noqa: E402
from felt.ui.game_table import PlainTableScene  # noqa: E402
from felt.ui.replay_scene import ReplayScene, demo_replay  # noqa: E402
from felt.ui.scene import KEY, PRESS, RELEASE, Input, SceneStack  # noqa: E402

GAME_IDS = ["praesident", "maumau", "schwimmen"]


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
    layout.set_density(1.0)
    i18n.set_lang("de")


def scene_at(game_id, size, step=0, seat=0, density=1.0, hands=None):
    layout.set_density(density)
    rp = demo_replay(games.get(game_id))
    sc = ReplayScene(rp, seat=seat, step=step)
    sc.hands_open = hands
    closed = []
    sc.on_close = lambda: closed.append(True)
    sc.closed = closed
    stack = SceneStack(size)
    stack.push(sc)
    return sc, stack


def tap(sc, pos):
    sc.handle(Input(PRESS, pos=tuple(pos), source="touch", buttons=(1, 0, 0)))
    sc.handle(Input(RELEASE, pos=tuple(pos), source="touch"))


def press_key(sc, k):
    sc.handle(Input(KEY, source="key", key=k))


def draw(stack):
    surface = pygame.Surface(stack.size)
    stack.draw(surface)
    return surface


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("size", [(390, 844), (1280, 720), (844, 390)])
def test_every_step_shows_the_games_own_scene_with_that_steps_view(game_id, size):
    sc, stack = scene_at(game_id, size)
    rp, game = sc.rp, sc.game
    assert rp.finished and len(rp.round_starts) >= 2
    for i in range(rp.steps):
        sc.go(i, animate=True)
        view = rp.view(i, sc.persp)
        assert sc.step == i
        assert type(sc.inner) is (game.scene_for(view["phase"]) or PlainTableScene)
        assert sc.inner.view == view, i
        assert not sc.inner.hint_offered(), "no Tipp button in a replay: it names the bot's move itself"
        if i % 7 == 0 or i == rp.steps - 1:
            sc.update(0.3)
            draw(stack)
        t = sc.texts()
        assert t["play"] and all(isinstance(p, str) and p for p in t["play"])
        h = rp.hint(i, "de")
        if h is None:
            assert not t["bot"]
        elif h["same"]:
            assert t["bot"][0] == i18n.t("replay.bot_same")
        else:
            assert t["bot"][0].startswith(i18n.t("replay.bot_name")) and h["why"] in t["bot"]
    # a move the table's scene makes goes nowhere: nothing waits for an answer
    sc.go(1)
    legal = sc.inner.view.get("legal") or rp.view(1, sc.persp).get("legal")
    sc.inner.submit((legal or [{"kind": "pass"}])[0])
    assert not sc.inner.outbox and not sc.inner.pending
    # the inner table fills what the bar leaves (under it on a phone held upright, beside it else)
    w, h = size
    assert sc.inner.size == sc.inner_rect.size and not sc.inner_rect.colliderect(sc.bar)
    assert sc.bar.bottom == h and (sc.inner_rect.h == h) == (sc.shape != "tall")
    for b in sc.buttons():
        assert pygame.Rect(0, 0, w, h).contains(b.rect) and b.rect.h >= 44, b.text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_keys_step_jump_rounds_switch_seats_and_close(game_id):
    sc, stack = scene_at(game_id, (1280, 720))
    rp = sc.rp
    press_key(sc, pygame.K_RIGHT)
    assert sc.step == 1
    press_key(sc, pygame.K_RIGHT)
    press_key(sc, pygame.K_LEFT)
    assert sc.step == 1
    press_key(sc, pygame.K_DOWN)                     # the next round's deal
    assert sc.step == rp.round_starts[1]
    press_key(sc, pygame.K_RIGHT)
    press_key(sc, pygame.K_UP)                       # back to this round's deal
    assert sc.step == rp.round_starts[1]
    press_key(sc, pygame.K_UP)
    assert sc.step == 0
    press_key(sc, pygame.K_2)
    assert sc.step == rp.round_starts[1] and sc.rp.round_no(sc.step) == 2
    press_key(sc, pygame.K_END)
    assert sc.step == rp.steps - 1 and sc.inner.view["phase"] == "match_over"
    press_key(sc, pygame.K_HOME)
    assert sc.step == 0
    press_key(sc, pygame.K_TAB)                      # the next seat's view
    assert sc.persp == 1 and sc.inner.view["seat"] == 1 and sc.inner.view["hand"] == rp.hand(0, 1)
    assert sc.hands_shown() and sc.panel.h > 0 and sc.panel.bottom <= sc.text_rect.top
    assert sc.inner_rect.h == 720                    # a laptop: every hand beside the table, which keeps its height
    press_key(sc, pygame.K_h)
    assert not sc.hands_shown() and sc.panel.h == 0 and sc.text_rect.h > 200
    press_key(sc, pygame.K_ESCAPE)
    assert sc.closed == [True]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_phone_taps_buttons_the_timeline_the_hands_and_a_seat(game_id):
    d = 3.0
    size = (390 * 3, 844 * 3)
    sc, stack = scene_at(game_id, size, density=d)
    rp = sc.rp
    assert sc.shape == "tall" and not sc.hands_shown()
    tap(sc, sc.next_btn.rect.center)
    tap(sc, sc.next_btn.rect.center)
    assert sc.step == 2
    tap(sc, sc.back_btn.rect.center)
    assert sc.step == 1
    tap(sc, sc.round_next_btn.rect.center)
    assert sc.step == rp.round_starts[1]
    tap(sc, sc.round_back_btn.rect.center)
    assert sc.step == 0
    # the timeline: a tap at its end is the match's end, a drag back goes back with it
    tap(sc, (sc.track.right, sc.track.centery))
    assert sc.step == rp.steps - 1
    sc.handle(Input(PRESS, pos=(sc.track.right, sc.track.centery), source="touch", buttons=(1, 0, 0)))
    sc.handle(Input("motion", pos=(sc._x_of(rp.round_starts[1]), sc.track.centery), source="touch",
                    buttons=(1, 0, 0)))
    sc.handle(Input(RELEASE, pos=(sc._x_of(rp.round_starts[1]), sc.track.centery), source="touch"))
    assert sc.step == rp.round_starts[1]
    # every hand: a drawer over the table, a row per seat; a tap on a row shows that seat's view
    tap(sc, sc.hands_btn.rect.center)
    assert sc.hands_shown() and sc.panel.h > 0 and len(sc.rows) == rp.n
    assert sc.panel.top >= sc.inner.top_bar().bottom and sc.panel.bottom <= sc.bar.top
    draw(stack)
    seat, row = sc.rows[2]
    tap(sc, row.center)
    assert sc.persp == seat == 2 and sc.inner.view["seat"] == 2
    press_key(sc, pygame.K_ESCAPE)                   # Esc (a phone's back) closes the drawer first
    assert not sc.hands_shown() and sc.closed == []
    # a tap on another seat's box at the table shows that seat's view
    sc.go(1)
    other = next(s for s in range(rp.n) if s != sc.persp and sc.inner.seat_rect(s) is not None)
    tap(sc, sc.inner.seat_rect(other).center)
    assert sc.persp == other
    tap(sc, sc.close_btn.rect.center)
    assert sc.closed == [True]


def test_the_mover_shows_the_hand_it_played_from_with_the_cards_marked():
    sc, stack = scene_at("maumau", (390, 844), hands=True)
    rp = sc.rp
    i = next(i for i in range(1, rp.steps) if rp.mover(i) is not None and rp.played(i)
             and rp.hint(i) and not rp.hint(i)["same"] and rp.played_if(i, rp.hint(i)["move"]))
    sc.go(i)
    seat = rp.mover(i)
    played, bot = rp.played(i), rp.played_if(i, rp.hint(i)["move"])
    assert played <= set(rp.hand(i - 1, seat)) and not played & set(rp.hand(i, seat))
    assert bot and bot != played and bot <= set(rp.hand(i - 1, seat))
    drawn = []
    orig = sc._draw_row

    def spy(surface, r, s, hand, p, b, moved):
        drawn.append((s, list(hand), set(p), set(b), moved))
        return orig(surface, r, s, hand, p, b, moved)
    sc._draw_row = spy
    draw(stack)
    rows = {s: (hand, p, b, moved) for s, hand, p, b, moved in drawn}
    assert set(rows) == set(range(rp.n))
    assert rows[seat] == (rp.hand(i - 1, seat), played, bot, True)
    for s in range(rp.n):
        if s != seat:
            assert rows[s] == (rp.hand(i, s), set(), set(), False)


def test_english_words_and_the_bots_word_when_it_agrees():
    i18n.set_lang("en")
    sc, stack = scene_at("praesident", (1280, 720))
    rp = sc.rp
    same = next(i for i in range(1, rp.steps) if rp.hint(i, "en") and rp.hint(i, "en")["same"])
    sc.go(same)
    assert sc.texts()["bot"][0] == "Normal bot: the same" and sc.texts()["bot_same"]
    assert sc.close_btn.text == "Close"
    sc.go(0)
    assert sc.texts()["play"] == ["Round 1 is dealt."] and not sc.texts()["bot"]
    sc.go(rp.round_starts[1])
    assert sc.texts()["play"] == ["Round 2 is dealt."]


# ---------------------------------------------------------------------------- the results' button
def _results(game_id, size, on_leave=True):
    """A game's scene at the match's end, with the window's round controls."""
    rp = demo_replay(games.get(game_id))
    view = rp.view(rp.steps - 1, 0)
    cls = games.get(game_id).scene_for("match_over") or PlainTableScene
    sc = cls(view, names=list(rp.names), settings={"muted": True})
    asked = []
    sc.round_controls.on_replay = lambda: asked.append("replay")
    sc.set_round_controls(None, lambda: asked.append("new"), (lambda: asked.append("leave")) if on_leave else None)
    stack = SceneStack(size)
    stack.push(sc)
    return sc, asked


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_partie_ansehen_stands_on_the_results_once_the_match_is_over(game_id):
    sc, asked = _results(game_id, (1280, 720))
    rc = sc.round_controls
    shown = rc.buttons()
    assert shown == [rc.leave_btn, rc.replay_btn, rc.new_btn] and rc.replay_btn.text == "Partie ansehen"
    rects = [b.rect for b in shown]
    assert all(r.w > 0 for r in rects) and not any(a.colliderect(b) for a in rects for b in rects if a is not b)
    assert set(rc.rects()) == {"leave", "replay", "new_match"}
    sc.handle(Input(PRESS, pos=rc.replay_btn.rect.center))
    sc.handle(Input(RELEASE, pos=rc.replay_btn.rect.center))
    assert asked == ["replay"]
    # a phone: no room for three, "Partie ansehen" takes the place of "Tisch verlassen" (in the menu)
    sc2, _ = _results(game_id, (390, 844))
    rc2 = sc2.round_controls
    assert rc2.crowded and rc2.buttons() == [rc2.replay_btn, rc2.new_btn]
    assert rc2.replay_btn.rect.w > 0 and not rc2.replay_btn.rect.colliderect(rc2.new_btn.rect)
    # a round's end has no such button
    rp = demo_replay(games.get(game_id))
    k = next(i for i in range(rp.steps) if rp.view(i, 0)["phase"] == "round_over")
    cls = games.get(game_id).scene_for("round_over") or PlainTableScene
    sc3 = cls(rp.view(k, 0), names=list(rp.names), settings={"muted": True})
    sc3.round_controls.on_replay = lambda: None
    sc3.set_round_controls(lambda: None, lambda: None, lambda: None)
    SceneStack((390, 844)).push(sc3)
    assert sc3.round_controls.replay_btn not in sc3.round_controls.buttons()


# ---------------------------------------------------------------------------- a window at the table
def test_a_window_that_watched_the_match_looks_back_at_it(app_factory, tmp_path):
    from felt.net.replay import saved
    from tests.ui_app_helpers import LOOPBACK, click, host_thread, pump
    ht = host_thread(players=3, rules="MM-STD", rounds=1, bot_delay=0.05, bot_level="normal", phones=False,
                     auto_next=0.0)
    try:
        app = app_factory((390, 844))
        ctl = app.controller
        ctl.join(LOOPBACK, ht.port, spectator=True)
        pump(app, lambda: ctl.lobby is not None, what="lobby")
        ht.call(lambda h: h.start_match())
        pump(app, lambda: ctl.view is not None and ctl.view.get("seq", 0) is not None and ctl.kind != "lobby",
             what="the table")
        # while the match runs the host refuses its log: the window says so, nothing opens
        ctl.open_replay()
        pump(app, lambda: any(e.get("ref") == "match_log" for e in ctl.errors), what="refusal")
        assert ctl.errors[-1]["code"] == "running" and not isinstance(app.stack.top, ReplayScene)
        pump(app, lambda: (ctl.view or {}).get("phase") == "match_over", timeout=60, what="the match's end")
        sc = ctl.game_scene()
        rc = sc.round_controls
        pump(app, lambda: rc.replay_btn in rc.buttons(), what="Partie ansehen")
        click(app, rc.replay_btn, touch=True)
        pump(app, lambda: isinstance(app.stack.top, ReplayScene), what="the replay")
        rp = app.stack.top.rp
        final = ht.call(lambda h: h.game.view(h.state, None))
        assert rp.finished and rp.view(rp.steps - 1, None) == final
        replay = app.stack.top
        click(app, replay.next_btn, touch=True)
        assert replay.step == 1
        kept = saved()
        assert len(kept) == 1 and kept[0]["game"] == "maumau"
        click(app, replay.close_btn, touch=True)
        pump(app, lambda: app.stack.top is ctl.main, what="back at the results")
        # a second look needs no second request
        click(app, rc.replay_btn, touch=True)
        pump(app, lambda: isinstance(app.stack.top, ReplayScene), what="the replay again")
        assert app.stack.top.rp is rp
    finally:
        ht.stop()


def test_felt_replay_file_opens_the_match_in_a_window_of_its_own(cfg, tmp_path, monkeypatch):
    """`felt replay FILE`: the window opens on the replay (no start screen, no table search);
    closing the replay closes the window. A file that holds no finished match says why first."""
    import argparse
    from felt.net.replay import save
    from felt.ui import app as app_mod
    path = save(demo_replay(games.get("schwimmen")), tmp_path / "kept")
    seen = {}

    def run(self):
        sc = self.stack.top
        seen.update(scene=sc, browsing=self.controller.browser is not None, me=sc.me, persp=sc.persp,
                    judged=list(sc.marks_job.seats))
        sc.marks_job.stop()                  # the seat's plays were being judged in the background
        self.step(block=False)
        sc.close_btn.click()
        seen["quit"] = self.stack.quit_requested
        self.close()
        return 0
    monkeypatch.setattr(app_mod.App, "run", run)
    args = argparse.Namespace(file=str(path), seat=2, lang="de", size=(844, 390))
    assert app_mod.cmd_replay(args) == 0
    assert isinstance(seen["scene"], ReplayScene) and seen["persp"] == 2 and seen["me"] is None
    assert seen["judged"] == [2]
    assert seen["quit"] and not seen["browsing"]
    assert seen["scene"].shape == "side"
    bad = tmp_path / "x.journal"
    bad.write_bytes(b"FELTJNL\x01")
    assert app_mod.cmd_replay(argparse.Namespace(file=str(bad), seat=None)) == 2

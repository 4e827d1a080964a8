"""The mistake marks in the replay screen and at the table (felt/ui/replay_marks.py, issue 43):
the dots on the timeline, the level at a marked step, the answer hidden until asked,
"Besser spielen?" (the table of that step live, the try judged), at phone and laptop size, in
German and English, through the screen-reader layer; and a window that played a match: its
plays judged in the background after the match, "Deine Züge: …" on the results, the replay with
the marks, and the owner's "Nochmal mit diesen Karten"."""
from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.contract import analysis  # noqa: E402
from felt.ui import i18n, layout  # noqa: E402
from felt.ui.replay_marks import MARK_COLOURS  # noqa: E402
from felt.ui.replay_scene import ReplayScene, demo_replay  # noqa: E402
from felt.ui.scene import KEY, PRESS, RELEASE, Input, SceneStack  # noqa: E402

_JOBS: dict = {}


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
    layout.set_density(1.0)
    i18n.set_lang("de")


def judged(game_id="maumau"):
    """The demo match of ``game_id`` with every seat's plays judged (a few worlds each)."""
    if game_id not in _JOBS:
        rp = demo_replay(games.get(game_id))
        _JOBS[game_id] = analysis.Job(rp, range(rp.n), samples=6, max_seconds=60, seed=3).run_now()
    return _JOBS[game_id]


def marked(job, seat=None):
    return sorted(i for i, e in job.marks.items()
                  if e is not None and e.level and (seat is None or job.rp.mover(i) == seat))


def tap(sc, widget_or_pos):
    pos = widget_or_pos.rect.center if hasattr(widget_or_pos, "rect") else widget_or_pos
    sc.handle(Input(PRESS, pos=tuple(pos), source="touch", buttons=(1, 0, 0)))
    sc.handle(Input(RELEASE, pos=tuple(pos), source="touch"))


def open_at(job, step, size, density=1.0):
    layout.set_density(density)
    rp = job.rp
    sc = ReplayScene(rp, seat=rp.mover(step), step=step, marks=job)
    stack = SceneStack((int(size[0] * density), int(size[1] * density)))
    stack.push(sc)
    return sc, stack


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size,density", [((390, 844), 2.0), ((1280, 720), 1.0), ((844, 390), 2.0)])
def test_a_marked_play_shows_its_level_and_hides_its_answer_until_asked(size, density, lang):
    i18n.set_lang(lang)
    job = judged()
    steps = marked(job)
    assert steps, "the demo match has marked plays"
    step = steps[0]
    sc, stack = open_at(job, step, size, density)
    surface = pygame.Surface(stack.size)
    stack.draw(surface)
    level = job.marks[step].level
    t = sc.texts()
    assert t["play"][0].startswith(i18n.t(f"mark.{level}")) and t.get("mark") == level
    assert t["bot"] == [] and sc.bot_cards_shown(step, job.rp.hint(step, lang)) == set()
    win = pygame.Rect(0, 0, *stack.size)
    for b in (sc.try_btn, sc.answer_btn):
        assert b.visible and b.enabled and win.contains(b.rect), (b.text, b.rect)
        assert b.text in (i18n.t("marks.try"), i18n.t("marks.try_short"), i18n.t("marks.answer"),
                          i18n.t("marks.answer_short"))
    for other in sc.buttons():
        if other not in (sc.try_btn, sc.answer_btn) and other.visible:
            assert not other.rect.colliderect(sc.try_btn.rect) and not other.rect.colliderect(sc.answer_btn.rect)
    # every marked play is a dot on the timeline in its level's colour
    y = sc.track.top + layout.dp(9)
    for i in steps:
        if abs(sc._x_of(i) - sc._x_of(step)) > layout.dp(12):
            x = sc._x_of(i)
            assert tuple(surface.get_at((x, y)))[:3] == MARK_COLOURS[job.marks[i].level], i
    assert sc.remote_state()["replay"]["marks"] == {str(i): job.marks[i].level for i in steps}
    # the answer, when asked: the best play found, its cards framed in the hands
    tap(sc, sc.answer_btn)
    t = sc.texts()
    assert step in sc.revealed and t["bot"][0].startswith(i18n.t("marks.best", words="").strip())
    assert not sc.try_btn.visible and not sc.answer_btn.visible
    est = job.marks[step]
    assert sc.bot_cards_shown(step, job.rp.hint(step, lang)) == job.rp.played_if(step, est.best)


def test_m_and_a_tap_near_a_dot_go_to_the_marked_plays():
    job = judged()
    steps = marked(job)
    sc, stack = open_at(job, 0, (1280, 720))
    seen = []
    for _ in steps:
        sc.handle(Input(KEY, source="key", key=pygame.K_m))
        seen.append(sc.step)
    assert seen == steps
    sc.handle(Input(KEY, source="key", key=pygame.K_m, mod=pygame.KMOD_SHIFT))
    assert sc.step == (steps[-2] if len(steps) > 1 else steps[-1])
    sc.go(0)
    x = sc._x_of(steps[0]) + layout.dp(3)
    tap(sc, (x, sc.track.top + layout.dp(9)))
    assert sc.step == steps[0]


def test_besser_spielen_makes_the_table_of_that_step_live_and_judges_the_try():
    job = judged()
    step = marked(job)[0]
    rp = job.rp
    sc, stack = open_at(job, step, (390, 844))
    tap(sc, sc.try_btn)
    assert sc.trying == step and sc.inner is not None
    inner = sc.inner
    assert not inner.replaying and inner.my_turn and inner.view == rp.view(step - 1, rp.mover(step))
    assert sc.texts()["play"] == [i18n.t("marks.try_prompt")] and sc.cancel_btn.visible
    # the play made again: as good as itself
    inner.submit(dict(rp.action(step)[2]))
    for _ in range(400):
        stack.update(0.02)
        if sc.verdict != "checking":
            break
        time.sleep(0.01)
    said = sc.texts()["play"]                # the verdict, and which play it is about
    tried = i18n.t("marks.tried", words="").strip()
    assert sc.verdict == "same" and said[0] == i18n.t("marks.same")
    assert len(said) == 2 and said[1].startswith(tried) and len(said[1]) > len(tried), said
    # the best play found: judged in worlds of its own, never worse
    inner = sc.inner
    assert inner.my_turn and not inner.pending          # the table as it was: try again
    inner.submit(dict(job.marks[step].best))
    for _ in range(1000):
        stack.update(0.02)
        if sc.verdict != "checking":
            break
        time.sleep(0.01)
    assert sc.verdict in ("better", "same"), sc.verdict
    assert sc.texts()["play"][1].startswith(tried) and sc.texts()["play"][1] != said[1]     # the other play
    assert step not in sc.revealed                       # the answer still only when asked
    # keys go to the live table while trying (→ is not "a step on" there)
    sc.handle(Input(KEY, source="key", key=pygame.K_RIGHT))
    assert sc.trying == step and sc.step == step
    # Esc leaves the try; a step on leaves it too
    sc.handle(Input(KEY, source="key", key=pygame.K_ESCAPE))
    assert sc.trying is None and sc.inner.replaying and sc.try_btn.visible
    tap(sc, sc.try_btn)
    sc.forward()
    assert sc.trying is None and sc.step == step + 1 and sc.inner.replaying


def test_the_screen_reader_layer_reads_the_marks_and_taps_their_buttons(app_factory):
    from felt.ui import a11y
    job = judged()
    step = marked(job)[0]
    app = app_factory((390, 844))
    rp = job.rp
    sc = ReplayScene(rp, seat=rp.mover(step), step=step, marks=job)
    app.stack.push(sc)
    app.step(block=False)
    sem, targets = a11y.build(app)
    acts = {a["id"]: a["name"] for a in sem["acts"]}
    assert acts.get("w:try_btn") in (i18n.t("marks.try"), i18n.t("marks.try_short"))
    assert "w:answer_btn" in acts and "w:try_btn" in targets
    info = " ".join(sem["info"])
    assert i18n.t("replay.where", step=step, steps=rp.steps - 1, round=rp.round_no(step)) in info
    assert i18n.t(f"mark.{job.marks[step].level}") in info
    assert a11y.act(app, "w:answer_btn")
    app.step(block=False)
    assert step in sc.revealed
    sem, _ = a11y.build(app)
    assert "w:try_btn" not in {a["id"] for a in sem["acts"]}
    # "Besser spielen?" through the layer: the live table's hand and its buttons are there to play
    sc.revealed.clear()
    sc._marks_changed()
    assert a11y.act(app, "w:try_btn")
    app.step(block=False)
    assert sc.trying == step
    sem, targets = a11y.build(app)
    hand = [h["id"] for h in sem["hand"]]
    assert sorted(int(h.split(":")[1]) for h in hand) == sorted(rp.hand(step - 1, rp.mover(step)))
    assert any(h in targets for h in hand)
    live = [a["id"] for a in sem["acts"] if a["id"].startswith("live:")]
    assert live
    from felt.net.gateway import ACT_RE
    assert all(ACT_RE.match(i) for i in live + hand + ["w:cancel_btn", "w:answer_btn"])   # the page may send them
    assert "w:cancel_btn" in targets and "w:answer_btn" in targets


# ---------------------------------------------------------------------------- at the table
def test_a_window_judges_its_plays_after_the_match_and_the_owner_deals_it_again(app_factory):
    from tests.ui_app_helpers import click, pump
    app = app_factory((390, 844), host_defaults={"players": 3, "bots": 2, "rules": "MM-STD", "seed": 5,
                                                  "start_when_full": True, "bot_level": "easy", "rounds": 1,
                                                  "pace": "off"})
    ctl = app.controller
    ctl.MARKS_DUTY = 1.0
    click(app, ctl.main.host_btn, touch=True)
    pump(app, lambda: ctl.kind == "table", timeout=10, what="the table")
    me = games.get("maumau").make_bot("easy", seed=1)       # this window's player: no great player
    deadline = time.monotonic() + 60
    sent = None
    while (ctl.view or {}).get("phase") != "match_over" and time.monotonic() < deadline:
        view = ctl.view or {}
        if view.get("legal") and view.get("to_move") == ctl.seat and sent != ctl.seq:
            move = me.choose(view)
            ctl.send_move(move if isinstance(move, dict) else games.get("maumau").move_to_wire(move))
            sent = ctl.seq
        app.step(block=False)
        time.sleep(0.005)
    assert ctl.view["phase"] == "match_over", ctl.view.get("phase")
    first_seed = ctl.host.call(lambda h: h.table.log.header["seed"])
    pump(app, lambda: ctl.marks_job is not None and ctl.marks_job.finished, timeout=60, what="the marks")
    job = ctl.marks_job
    assert job.seats == [ctl.seat] and job.total > 0
    sc = ctl.game_scene()
    pump(app, lambda: sc.round_controls.note.startswith(i18n.t("marks.yours", list="").split(":")[0]),
         what="the note on the results")
    assert sc.round_controls.note_rect() is not None
    rc = sc.round_controls
    click(app, rc.replay_btn, touch=True)
    pump(app, lambda: isinstance(app.stack.top, ReplayScene), what="the replay")
    replay = app.stack.top
    assert replay.marks_job is job and replay.on_again is not None
    # over the results, the screen-reader layer reads the replay (not the results under it)
    from felt.ui import a11y
    sem, _ = a11y.build(app)
    assert sem["status"].startswith(i18n.t("replay.title")) and not sem["turn"]
    assert sem["info"][0] == i18n.t("replay.where", step=replay.step, steps=replay.rp.steps - 1,
                                    round=replay.rp.round_no(replay.step)), sem["info"]
    assert any(i18n.t("marks.yours", list="").split(":")[0] in x for x in sem["info"]) or not marked(job)
    # the owner's "Nochmal mit diesen Karten" (the replay's menu calls the same)
    replay.on_again()
    pump(app, lambda: not isinstance(app.stack.top, ReplayScene) and (ctl.view or {}).get("phase") == "play",
         timeout=15, what="the match dealt again")
    header = ctl.host.call(lambda h: h.table.log.header)
    assert header["seed"] == first_seed and header["again"] == 1
    assert ctl.marks_job is None                       # a new match: the marks of the last are let go


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_revealed_answer_that_is_the_bots_play_says_it_once(lang):
    """Seen on a laptop in the evening's play-through: after "Lösung" the bar's two lines held
    "Besser: Anna: Paar B · Normaler Bot: Paar B …": the same play twice and the bot's why cut
    off. Where the best play found is the normal bot's, it is said once, with the bot's why."""
    import copy
    import dataclasses
    i18n.set_lang(lang)
    found = 0
    job = copy.copy(judged())                 # the module's judged match, with marks of its own:
    job.marks = dict(job.marks)               # a marked play whose best answer is the bot's move
    template = job.marks[marked(job)[0]]
    for step in range(1, job.rp.steps):       # a play where the bot would have played otherwise
        hint = job.rp.hint(step, lang)
        if hint is None or hint["same"] or found or job.rp.mover(step) is None:
            continue
        job.marks[step] = dataclasses.replace(template, best=dict(hint["move"]))
        sc, stack = open_at(job, step, (1280, 720))
        tap(sc, sc.answer_btn)
        bot = sc.texts()["bot"]
        assert bot[0].startswith(i18n.t("marks.best", words="").strip()), bot
        assert not any(x.startswith(i18n.t("replay.bot_name")) for x in bot), bot
        if hint.get("why"):
            assert bot[1:] == [i18n.t("marks.bot_why", why=hint["why"])], bot
        found += 1
    assert found, "a marked play whose best answer is the normal bot's"

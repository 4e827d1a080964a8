"""The line of the window's own judged plays ("Deine Züge: 1 Patzer, 2 Fehler") stands over the
results' buttons once a match is over; the results' own last line (the hints taken) stays
readable beside it, on a phone upright and turned and on a laptop, in both languages.

Seen in the evening's play-through: on a phone (390x844 and 844x390) the note's dark ground
covered "Tipps genommen: Anna 2 · Ben 1 · Dora 1"."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from felt.games.praesident.snapshots import DEMO_NAMES, demo_scene, demo_states
from felt.ui import i18n, layout, png
from felt.ui.replay_marks import counts_words
from felt.ui.shots import draw, stacked
from felt.ui.text_layout import TextRecorder, problems


@pytest.fixture(scope="module")
def demo():
    pygame.init()
    return demo_states("PR-002", 5, 7)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size,density", [((390, 844), 2.0), ((844, 390), 2.0), ((1280, 720), 1.0)])
def test_the_marks_note_covers_no_line_of_the_results(demo, monkeypatch, tmp_path, size, density, lang):
    w, h = int(size[0] * density), int(size[1] * density)     # as a phone's renderer draws
    rec = TextRecorder(monkeypatch)
    i18n.set_lang(lang)
    layout.set_density(density)
    try:
        st, ev = demo["standings"]
        sc, _ = demo_scene("standings", st, ev, 0, DEMO_NAMES[:5])
        sc.round_controls.on_replay = lambda: None      # "Partie ansehen", as the window offers it
        sc.set_hints(True, [2, 1, 0, 1, 0])
        sc.round_controls.note = i18n.t("marks.yours", list=counts_words({"blunder": 1, "mistake": 2,
                                                                          "inaccuracy": 1}))
        surface = draw(stacked(w, h, sc), w, h)
        png.save_png(surface, tmp_path / "results.png")
        tally, note = sc.hint_tally(), sc.round_controls.note
    finally:
        i18n.set_lang("de")
        layout.set_density(1.0)
    assert tally and sc.round_controls.note_rect() is not None
    shot = rec.shots[-1]
    drawn = {t.text for t in shot.texts}
    assert tally in drawn and note in drawn
    bad = problems(shot)
    assert not bad, bad


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size,density", [((390, 844), 2.0), ((844, 390), 2.0), ((1280, 720), 1.0)])
def test_the_marks_note_leaves_schwimmens_hand_line_readable(monkeypatch, size, density, lang):
    """Schwimmen's hand stands right over the buttons on a phone held upright: the note covered
    its value line ("Wert 30 · klopft") and the lives beside it; the hand moves up for it."""
    from felt.games.schwimmen import snapshots
    w, h = int(size[0] * density), int(size[1] * density)
    rec = TextRecorder(monkeypatch)
    i18n.set_lang(lang)
    layout.set_density(density)
    try:
        shot = next(s for s in snapshots.shots() if s.name == "match_over")
        sc = shot.make(w, h)
        sc.round_controls.on_replay = lambda: None      # "Partie ansehen", as the window offers it
        stacked(w, h, sc)
        sc.round_controls.note = i18n.t("marks.yours", list=counts_words({"blunder": 1, "mistake": 2,
                                                                          "inaccuracy": 1}))
        png.save_png(draw(sc.stack, w, h), os.devnull)
        note = sc.round_controls.note
    finally:
        i18n.set_lang("de")
        layout.set_density(1.0)
    shot = rec.shots[-1]
    assert note in {t.text for t in shot.texts}
    bad = problems(shot)
    assert not bad, bad

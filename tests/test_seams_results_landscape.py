"""Issue 43, seam 6 (landscape x results): on a phone turned sideways (844x390, on the phone
renderer at pixel ratio 2 too) Präsident's results showed 3 of 5 players and cut the titles
("Vizepräsi…"). Every seat shows, in the round's places and in the standings, with its whole
title; nothing is cut, too small or outside the window (the layout tests' own recorder)."""
from __future__ import annotations

import functools
import os
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from felt.games.praesident.engine import view  # noqa: E402
from felt.games.praesident.results_scene import ResultsScene  # noqa: E402
from felt.games.praesident.snapshots import demo_states  # noqa: E402
from felt.games.praesident.words import title_text  # noqa: E402
from tests.text_layout_recorder import TextRecorder, problems  # noqa: E402

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil"]


@pytest.fixture(scope="module")
def demo():
    pygame.init()
    return demo_states("PR-002", 5, 7)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("phase", ["results", "standings"])
@pytest.mark.parametrize("size,density", [((844, 390), 1.0), ((1688, 780), 2.0), ((390, 844), 1.0)])
def test_every_seat_and_its_whole_title_on_the_results(demo, monkeypatch, tmp_path, phase, size, density, lang):
    from felt.ui import i18n, layout
    rec = TextRecorder(monkeypatch)
    i18n.set_lang(lang)
    try:
        st = demo[phase][0]
        v = view(st, 0)
        layout.set_density(density)
        sc = ResultsScene(None, names=NAMES, settings={"muted": True}, on_move=lambda m: None)
        sc.set_round_controls(lambda: None, lambda: None, lambda: None)
        sc.set_size(*size)
        sc.set_view(v, [])
        sc.set_hints(True, [2, 0, 1, 0, 3])          # the hints' tally takes a line too
        surf = pygame.Surface(size)
        sc.draw(surf)
        pygame.image.save(surf, str(tmp_path / f"results-{phase}-{size[0]}x{size[1]}.png"))
        shot = rec.shots[-1]
        bad = problems(shot)
        assert not bad, bad
        c = sc.screen_rects.content
        on_screen = [t for t in shot.texts if t.visible.w > 0 and c.contains(t.rect)]
        for i, name in enumerate(NAMES):          # in the standings ("1. Dora") and the places
            label = name + (f" ({i18n.t('lobby.you')})" if i == 0 else "")
            texts = [t.text for t in on_screen if t.text == t.line]       # drawn whole, on one line
            assert label in texts, (label, texts)                         # the round's places
            assert any(re.fullmatch(r"\d\. " + re.escape(label), x) for x in texts), (label, texts)   # standings
        titles = [title_text(t) for t in v["titles"] if t]
        assert len(titles) == 5
        for t in titles:
            assert any(d.text == t and d.line == t for d in on_screen), t
    finally:
        i18n.set_lang("de")
        layout.set_density(1.0)


@functools.lru_cache(maxsize=None)
def _ends(gid: str, template: str):
    """A round's end and the match's end of a 5-seat match of random legal moves (2 rounds)."""
    import random

    from felt import games
    g = games.get(gid)
    st, _ = g.new_match(g.template(template), 5, 3, 2)
    rng = random.Random(1)
    out = {}
    for _ in range(20000):
        if st.phase == "round_over":
            out.setdefault("round_over", st)
            st, _ = g.next_round(st)
        elif st.phase == "match_over":
            out["match_over"] = st
            return g, out
        else:
            v = g.view(st, st.to_move)
            st, _ = g.apply(st, st.to_move, g.move_from_wire(rng.choice(v["legal"])))
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("phase", ["round_over", "match_over"])
@pytest.mark.parametrize("gid,template", [("maumau", "MM-STD"), ("schwimmen", "SW-STD")])
@pytest.mark.parametrize("size,density", [((844, 390), 1.0), ((1688, 780), 2.0)])
def test_every_games_results_sideways_every_seat_and_no_button_over_them(monkeypatch, tmp_path, gid, template,
                                                                          phase, size, density):
    """The round's end buttons lay over Mau-Mau's results on a phone turned sideways (the
    rows of Ben and "Du" under "Tisch verlassen" and "Nächste Runde")."""
    from felt.ui import layout
    rec = TextRecorder(monkeypatch)
    g, ends = _ends(gid, template)
    st = ends[phase]
    try:
        layout.set_density(density)
        cls = g.scene_for(st.phase)
        sc = cls(None, names=NAMES, settings={"muted": True}, on_move=lambda m: None)
        sc.set_round_controls(lambda: None, lambda: None, lambda: None)
        sc.set_size(*size)
        sc.set_view(g.view(st, 0), [])
        for _ in range(60):
            sc.update(0.1)
        surf = pygame.Surface(size)
        sc.draw(surf)
        pygame.image.save(surf, str(tmp_path / f"{gid}-{phase}.png"))
        shot = rec.shots[-1]
        bad = problems(shot, NAMES)
        assert not bad, bad
        buttons = list(sc.round_controls.rects().values())
        assert buttons and all(pygame.Rect(0, 0, *size).contains(b) for b in buttons)
        panel = getattr(sc, "result_rect", None)
        if panel is not None:
            assert not any(panel.colliderect(b) for b in buttons), (panel, buttons)
        shown = " ".join(t.line for t in shot.texts if t.visible.w > 0)
        for name in NAMES[1:]:
            assert name in shown, (name, shown)
    finally:
        layout.set_density(1.0)

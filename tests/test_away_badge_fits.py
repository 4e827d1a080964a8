"""A seat's away badge is read whole on a phone: "weg · Bot spielt" was cut to
"weg · Bot spi…" on the narrow seat cards of a 390x844 phone with five seats (seen in the
evening's play-through, Mau-Mau, a phone asleep); a narrow card says "Bot spielt" (the dimmed
card says the rest). A wide card keeps the whole badge."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from felt.games.praesident.engine import view
from felt.games.praesident.snapshots import demo_states
from felt.ui import i18n, layout, png
from felt.ui.presence import Presence
from felt.ui.shots import draw, stacked
from felt.ui.text_layout import TextRecorder, problems

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil"]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size,density,short", [((390, 844), 2.0, True), ((1280, 720), 1.0, False)])
def test_the_away_badge_is_never_cut(monkeypatch, size, density, short, lang):
    from felt.games.praesident.table_scene import TableScene
    pygame.init()
    st, _ev = demo_states("PR-002", 5, 7)["table"]
    away = (st.to_move + 2) % 5                       # a seat not on turn, its player asleep
    rec = TextRecorder(monkeypatch)
    i18n.set_lang(lang)
    layout.set_density(density)
    try:
        sc = TableScene(view(st, 0), names=NAMES, settings={"muted": True})
        sc.presence = Presence()
        sc.presence.update([{"seat": away, "name": NAMES[away], "kind": "human", "connected": False,
                             "away": True}])
        w, h = int(size[0] * density), int(size[1] * density)
        png.save_png(draw(stacked(w, h, sc), w, h), "/dev/null")
        long, narrow = i18n.t("away.badge_bot"), i18n.t("away.short_bot")
    finally:
        i18n.set_lang("de")
        layout.set_density(1.0)
    shot = rec.shots[-1]
    drawn = [t.text for t in shot.texts]
    assert not [p for p in problems(shot) if p.startswith("cut")], problems(shot)
    assert (narrow if short else long) in drawn, drawn

"""No text outside its box or the window, on top of another text or under a control, too
small to read, or cut with "…", in any scene ``felt snapshot`` renders (Präsident, Mau-Mau,
Schwimmen, the app's screens), at 360x640, 390x844 and 1280x720, in German and English.

A game's screens are checked by `felt check-game`'s text layout check (felt/devcheck.py), here
for every registered game and the guide's example; the window's own screens below."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from felt import devcheck, games  # noqa: E402
from tests.test_game_contract import GAMES  # noqa: E402
from tests.text_layout_recorder import TextRecorder, problems  # noqa: E402

SIZES = list(devcheck.LAYOUT_SIZES)
USER_TEXTS = devcheck.USER_TEXTS
# the screens of each game of this repository that must be among its snapshots
STEMS = {"praesident": ("praesident_table", "praesident_results", "praesident_standings"),
         "maumau": ("maumau_table",), "schwimmen": ("schwimmen_turn",)}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_text_of_the_windows_own_screens_fits_and_nothing_covers_it(monkeypatch, tmp_path, lang):
    from felt.ui import i18n, snapshot
    rec = TextRecorder(monkeypatch)
    try:
        i18n.set_lang(lang)
        snapshot.write_shots(tmp_path, "", snapshot.window_shots(), SIZES)
    finally:
        i18n.set_lang("de")
    shots = rec.shots
    names = {s.name for s in shots}
    assert len(shots) == len(snapshot.window_shots()) * len(SIZES), sorted(names)
    for w, h in SIZES:
        assert any(n.startswith("start") and f"{w}x{h}" in n for n in names), (w, h)
    bad = {s.name: found for s in shots if (found := problems(s, USER_TEXTS))}
    assert sum(len(s.texts) for s in shots) > 300
    assert not bad, "\n".join(f"{k}: {v}" for k, v in sorted(bad.items()))


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_snapshot_text_of_a_game_fits_and_nothing_covers_it(game, lang, tmp_path):
    registered = game.id in games.ids()
    if not registered:
        games.register(game)
    seen: list = []
    try:
        devcheck.check_text_layout(game, devcheck.Context(tmp_path), langs=[lang], seen=seen)
    finally:
        if not registered:
            games.unregister(game.id)
    from felt.ui import snapshot
    names = {s.name for s in seen}
    assert len(seen) >= len(snapshot.shown_for_every_game(game)) * len(SIZES), len(seen)
    for w, h in SIZES:                  # every size of every game
        for stem in STEMS.get(game.id, ()) + (f"{game.id}_lobby", f"{game.id}_watching"):
            assert any(n.startswith(stem) and f"{w}x{h}" in n for n in names), (stem, w, h)
    assert sum(len(s.texts) for s in seen) > 100 * len(SIZES)

"""No text outside its box or the window, on top of another text or under a control, too
small to read, or cut with "…", in any scene ``felt snapshot`` renders (Präsident, Mau-Mau,
Schwimmen, the app's screens), at 360x640, 390x844 and 1280x720, in German and English."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tests.text_layout_recorder import TextRecorder, problems  # noqa: E402

SIZES = [(360, 640), (390, 844), (1280, 720)]
# names given by people (the demo's long name, the start screen's table names) may be cut
USER_TEXTS = ("Hans-Peter", "Allmen")


def render_all(monkeypatch, tmp_path, lang):
    from felt.ui import i18n, snapshot
    rec = TextRecorder(monkeypatch)
    try:
        snapshot.write_all(tmp_path, lang, sizes=SIZES)
    finally:
        i18n.set_lang("de")
    return rec.shots


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_snapshot_text_fits_and_nothing_covers_it(monkeypatch, tmp_path, lang):
    shots = render_all(monkeypatch, tmp_path, lang)
    names = {s.name for s in shots}
    assert len(shots) >= 150, len(shots)
    for w, h in SIZES:       # every size of every game
        for stem in ("praesident_table", "praesident_results", "praesident_standings", "start", "maumau_table",
                     "schwimmen_turn"):
            assert any(n.startswith(stem) and (f"{w}x{h}" in n) for n in names), (stem, w, h)
    bad = {}
    for shot in shots:
        found = problems(shot, USER_TEXTS)
        if found:
            bad[shot.name] = found
    assert sum(len(s.texts) for s in shots) > 3000
    assert not bad, "\n".join(f"{k}: {v}" for k, v in sorted(bad.items()))

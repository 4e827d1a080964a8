"""`felt snapshot` writes every game scene at phone and laptop size; the frame bench runs."""
import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.mark.slow
def test_snapshot_writes_pngs(tmp_path):
    from felt.ui import i18n
    from felt.ui.snapshot import cmd_snapshot
    try:
        assert cmd_snapshot(SimpleNamespace(out=str(tmp_path), lang="en", seed=7)) == 0
    finally:
        i18n.set_lang("de")
    names = {p.name for p in tmp_path.glob("*.png")}
    for scene in ("table", "exchange", "results", "standings"):
        for size in ("360x640", "1280x720"):
            assert f"{scene}-{size}.png" in names
    # the table's story: log open and folded, an effect, the round's end, the
    # exchange summary, how to play for three templates, the quiz, the chat
    for scene in ("table-log-open", "table-log-folded", "table-effect-clear", "table-round-end",
                  "table-exchange-summary", "howto-PR-002", "howto-FOLGEN", "howto-JASS36", "quiz-question",
                  "quiz-explained", "table-chat", "chat-overlay", "rules-readonly"):
        for size in ("360x640", "1280x720"):
            assert f"{scene}-{size}.png" in names, scene
    # the other games: lobby, rule editor and their tables, phone and laptop
    for gid, scenes in (("maumau", ("lobby", "rules", "table", "seven", "result", "standings")),
                        ("schwimmen", ("lobby", "rules", "turn", "knock", "choice", "showdown", "match_over"))):
        for scene in scenes:
            got = [n for n in names if n.startswith(f"{gid}_{scene}")]
            assert len(got) >= 2, (gid, scene, sorted(n for n in names if gid in n))
            assert any("390x844" in n or "phone" in n for n in got) and any("1280x720" in n or "laptop" in n
                                                                           for n in got)
    img = pygame.image.load(str(tmp_path / "table-360x640.png"))
    assert img.get_size() == (360, 640)
    # not a blank picture: many distinct colours
    colours = {tuple(img.get_at((x, y))) for x in range(0, 360, 9) for y in range(0, 640, 9)}
    assert len(colours) > 50


def test_frame_bench_short_run():
    from felt.ui.bench import run_bench
    res = run_bench(seconds=1.5)
    assert res["frames"] >= 60
    assert res["median_ms"] > 0 and res["p99_ms"] >= res["median_ms"]
    assert res["idle_frames_drawn"] == 0          # nothing redrawn while still
    assert res["idle_cpu_percent"] < 25           # generous bound for a loaded CI machine

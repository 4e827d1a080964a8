"""`felt snapshot` writes the window's screens and every game's at phone and laptop sizes; the frame
bench runs at every game's table."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.mark.slow
def test_snapshot_writes_pngs(tmp_path):
    from felt.ui import i18n
    from felt.ui.snapshot import write_all
    try:                                # every screen at the phone and laptop sizes it has of these
        written = write_all(tmp_path, "en", 7, among={(360, 640), (390, 844), (1280, 720)})
    finally:
        i18n.set_lang("de")
    assert written and all(p.is_file() for p in written)
    names = {p.name for p in tmp_path.glob("*.png")}
    # the window's own screens, without a game's name
    for scene in ("start", "start-resume", "resume-picker", "lobby"):
        for size in ("360x640", "1280x720"):
            assert f"{scene}-{size}.png" in names, scene
    # what the window shows of every game: lobby, rule editor, a spectator's table, how-to and quiz
    for gid, tid in (("praesident", "PR-002"), ("maumau", "MM-STD"), ("schwimmen", "SW-STD")):
        for scene in ("lobby", "rules", "watching", "table-four-colour"):
            for size in ("390x844", "1280x720"):
                assert f"{gid}_{scene}-{size}.png" in names, (gid, scene)
        for scene in (f"howto-{tid}", f"quiz-{tid}-question", f"quiz-{tid}-explained"):
            for size in ("360x640", "1280x720"):
                assert f"{gid}_{scene}-{size}.png" in names, (gid, scene)
    # Präsident's table and its story: log open and folded, an effect, the round's end, the
    # exchange summary, how to play for two more templates, the chat, the rules a guest reads
    for scene in ("table", "exchange", "results", "standings", "table-log-open", "table-log-folded",
                  "table-effect-clear", "table-round-end", "table-exchange-summary", "howto-FOLGEN", "howto-JASS36",
                  "table-chat", "chat-overlay", "quit-confirm", "table-watching", "rules-conflict", "rules-readonly"):
        for size in ("360x640", "1280x720"):
            assert f"praesident_{scene}-{size}.png" in names, scene
    # the other games' tables, phone and laptop, and their play logs on phones and wide screens
    for gid, scenes in (("maumau", ("table", "seven", "result", "standings", "wishpicker", "table-log")),
                        ("schwimmen", ("turn", "knock", "choice", "showdown", "match_over", "table-log"))):
        for scene in scenes:
            for size in ("390x844", "1280x720"):
                assert f"{gid}_{scene}-{size}.png" in names, (gid, scene)
    img = pygame.image.load(str(tmp_path / "praesident_table-360x640.png"))
    assert img.get_size() == (360, 640)
    # not a blank picture: many distinct colours
    colours = {tuple(img.get_at((x, y))) for x in range(0, 360, 9) for y in range(0, 640, 9)}
    assert len(colours) > 50


@pytest.mark.parametrize("game_id", [None, "maumau", "schwimmen"])
def test_frame_bench_short_run(game_id):
    from felt import games
    from felt.ui.bench import run_bench
    res = run_bench(seconds=1.5, game_id=game_id)
    assert res["game"] == games.get(game_id).id
    assert res["frames"] >= 60 and res["states_shown"] >= 1     # the match went on while it ran
    assert res["median_ms"] > 0 and res["p99_ms"] >= res["median_ms"]
    assert res["idle_frames_drawn"] == 0          # nothing redrawn while still
    assert res["idle_cpu_percent"] < 25           # generous bound for a loaded CI machine


def test_a_registered_game_gets_the_window_screens_and_its_own_shots(tmp_path, capsys):
    """The window's screens of a game come from the registry alone; a game's own shots (here a
    made-up one, and one that fails) go to <game>_<name>-WxH.png, and a failing one is noted and
    skipped without stopping the others."""
    from felt import games
    from felt.ui.game_table import PlainTableScene
    from felt.ui.shots import Shot
    from felt.ui.snapshot import shown_for_every_game, write_shots
    from tests.toy_highcard import GAME as TOY
    pygame.init()
    assert TOY.snapshots("de") == []               # the contract's default: no screens of its own
    games.register(TOY)
    try:
        written = write_shots(tmp_path, "highcard_", shown_for_every_game(TOY), sizes=[(390, 844)])
        state, _ = TOY.new_match(TOY.template("HC-1"), 3, 1)

        def broken(w, h):
            raise RuntimeError("no table here")
        own = [Shot("broken", broken), Shot("table", lambda w, h: PlainTableScene(TOY.view(state, 0)), ((430, 932),))]
        written += write_shots(tmp_path, "highcard_", own)
    finally:
        games.unregister(TOY.id)
    names = {p.name for p in written}
    # no quiz: the example game has no questions; its rule editor shows the rule set read-only;
    # its replay (a demo match of its bots) is the window's too, on its plain table, with its
    # mistake marks (felt.contract.analysis works for every game through the contract)
    assert names == {"highcard_lobby-390x844.png", "highcard_watching-390x844.png", "highcard_howto-HC-1-390x844.png",
                     "highcard_rules-390x844.png", "highcard_table-430x932.png", "highcard_tipp-390x844.png",
                     "highcard_tipps-taken-390x844.png", "highcard_replay-390x844.png",
                     "highcard_replay-hands-390x844.png", "highcard_replay-marks-390x844.png",
                     "highcard_table-four-colour-390x844.png"}
    assert all(p.is_file() for p in written)
    assert pygame.image.load(str(tmp_path / "highcard_table-430x932.png")).get_size() == (430, 932)
    out = capsys.readouterr().out
    assert "highcard_broken failed at 390x844" in out and "highcard_broken failed at 1280x720" in out

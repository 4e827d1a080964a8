"""One key must not end everyone's match: Ctrl+Q or closing the host's window mid-match
asks first. A table interrupted on this device is offered on the start screen
("Tisch fortsetzen") from its journal in the data folder, and resumes with the same seat
and hand."""
from __future__ import annotations

import pygame
import pytest

from tests.ui_app_helpers import click, key, pump

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def _config(cfg):
    """Own config and data folders (journals go to the data folder)."""


def _host_and_start(app):
    ctl = app.controller
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.lobby is not None and ctl.admin, what="lobby")
    key(app, pygame.K_RETURN)                      # Enter starts the match in the lobby
    pump(app, lambda: ctl.kind in ("table", "exchange") and (ctl.lobby or {}).get("running"), what="match")
    pump(app, lambda: not getattr(ctl.main, "anim", None) or not ctl.main.anim.busy, what="deal shown")


def _post_quit(app):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(block=False)


def test_ctrl_q_and_close_ask_the_host_first(app_factory):
    from felt.ui import i18n
    from felt.ui.shell import ConfirmOverlay
    app = app_factory((1280, 720), host_defaults={"players": 3})
    ctl = app.controller
    _host_and_start(app)
    key(app, pygame.K_q, pygame.KMOD_LCTRL)
    dlg = app.stack.top
    assert isinstance(dlg, ConfirmOverlay) and dlg.title == i18n.t("quit.title")
    assert app.runner.running and not app.stack.quit_requested
    key(app, pygame.K_q, pygame.KMOD_LCTRL)        # again: still one question, still running
    assert sum(isinstance(s, ConfirmOverlay) for s in app.stack.scenes) == 1 and app.runner.running
    click(app, next(b for b in dlg.buttons if b.text == i18n.t("quit.no")))
    assert app.stack.top is ctl.main and app.runner.running and ctl.host is not None
    _post_quit(app)                                # the window's close button
    dlg = app.stack.top
    assert isinstance(dlg, ConfirmOverlay) and app.runner.running
    key(app, pygame.K_ESCAPE)                      # Esc answers "keep playing"
    assert app.stack.top is ctl.main and app.runner.running
    _post_quit(app)
    click(app, next(b for b in app.stack.top.buttons if b.text == i18n.t("quit.yes")))
    app.step(block=False)
    assert not app.runner.running


def test_quit_without_a_running_match_does_not_ask(app_factory):
    app = app_factory((1280, 720), host_defaults={"players": 3})
    ctl = app.controller
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.lobby is not None and ctl.admin, what="lobby")
    key(app, pygame.K_q, pygame.KMOD_LCTRL)        # the lobby: nothing is lost
    assert not app.runner.running


def test_a_guest_quits_without_a_question(app_factory):
    from tests.ui_app_helpers import LOOPBACK, host_thread
    ht = host_thread(players=3, bots=2, start_when_full=True)
    try:
        app = app_factory((1280, 720))
        ctl = app.controller
        ctl.join(LOOPBACK, ht.port)
        pump(app, lambda: (ctl.lobby or {}).get("running"), what="a running match")
        _post_quit(app)                            # a guest's seat goes to a bot: no question
        assert not app.runner.running
    finally:
        ht.stop()


def test_start_screen_offers_an_interrupted_table_and_resumes_it(app_factory, cfg):
    from felt.ui import i18n
    from felt.ui.shell import PickerOverlay
    app = app_factory((1280, 720), host_defaults={"players": 3, "bot_delay": 5.0})
    ctl = app.controller
    assert not ctl.main.resume_btn.visible          # nothing interrupted yet
    ctl.main.name_field.text = "Anna"
    ctl.main._name_changed("Anna")
    _host_and_start(app)
    seat, hand, rnd = ctl.seat, sorted(ctl.view["hand"]), ctl.view["round_no"]
    table = ctl.lobby["table"]
    assert ctl.resumable() == []                    # while it runs here, it is not offered
    from felt.ui.resume import unfinished_tables
    assert unfinished_tables() == []                # (its host holds the journal's lock)
    app.close()                                     # the window (and its host) go away mid-match
    app2 = app_factory((1280, 720), host_defaults={"players": 3, "bot_delay": 5.0})
    ctl2 = app2.controller
    start = ctl2.main
    assert start.resume_btn.visible and start.resume_btn.text == i18n.t("start.resume")
    assert [t["name"] for t in start.resumable] == [table]
    click(app2, start.resume_btn)
    picker = app2.stack.top
    assert isinstance(picker, PickerOverlay) and picker.list.items[0]["title"] == table
    assert "Anna" in picker.list.items[0]["subtitle"]
    # which game was cut off (an evening plays several): seen without it in the play-through
    assert start.resumable[0]["game"] == "praesident"
    assert picker.list.items[0]["subtitle"].startswith("Präsident · " + i18n.t("resume.round", n=rnd))
    click(app2, picker.list.row_rect(0))
    pump(app2, lambda: ctl2.kind in ("table", "exchange") and ctl2.view is not None and ctl2.admin,
         what="the resumed table")
    assert ctl2.seat == seat and sorted(ctl2.view["hand"]) == hand and ctl2.view["round_no"] == rnd
    assert ctl2.lobby["table"] == table and ctl2.host is not None


def test_finished_and_running_tables_are_not_offered(tmp_path):
    from felt.ui.resume import unfinished_tables
    d = tmp_path / "journals"
    d.mkdir()
    (d / "broken.journal").write_bytes(b"not a journal at all")
    (d / "empty.journal").write_bytes(b"")
    assert unfinished_tables(d) == []
    assert unfinished_tables(tmp_path / "nowhere") == []


def test_close_table_from_the_menu_mid_match_asks_once_more(app_factory):
    from felt.ui import i18n
    app = app_factory((1280, 720), host_defaults={"players": 3})
    ctl = app.controller
    _host_and_start(app)
    ctl.open_menu()
    close = next(b for b in app.stack.top.buttons if b.text == i18n.t("app.close_table"))
    click(app, close)
    assert app.stack.top.title == i18n.t("app.close_table_q") and ctl.host is not None   # asked, not closed
    click(app, next(b for b in app.stack.top.buttons if b.text == i18n.t("app.close_table")))
    pump(app, lambda: ctl.kind == "start" and ctl.host is None, what="the table closed")


def _replays_listed(data_dir) -> list[dict]:
    """What `felt replay --list --json` says for this data folder (the command, as a person runs it)."""
    import json
    import os
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "felt.cli", "replay", "--list", "--json"], capture_output=True,
                         text=True, env=dict(os.environ, FELT_DATA_DIR=str(data_dir)), timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_a_table_resumed_from_the_window_keeps_its_replays_evening_and_options(app_factory, cfg):
    """Issue 43, seam 1: after "Tisch fortsetzen" the finished match was not kept (the window
    built the resumed table's config from the journal, without the replays folder). Every way of
    starting a table now goes through felt.net.tableconfig: the resumed table keeps every
    finished match, the evening and the options the owner set."""
    import os
    from pathlib import Path
    data = Path(os.environ["FELT_DATA_DIR"])
    app = app_factory((1280, 720), host_defaults={"players": 3, "rounds": 1})
    ctl = app.controller
    _host_and_start(app)
    host = ctl.host
    assert host.call(lambda h: h.config.replays) == str(data / "replays")
    assert ctl.send({"t": "set_options", "turn_timer": 40, "reconnect_wait": 50})
    pump(app, lambda: host.call(lambda h: h.options["turn_timer"]) == 40.0, what="the options on the host")
    table = ctl.lobby["table"]
    app.close()                                     # the window (and its host) go away mid-match
    assert _replays_listed(data) == []
    app2 = app_factory((1280, 720), host_defaults={"players": 3})
    ctl2 = app2.controller
    assert ctl2.resume_table(ctl2.main.resumable[0]["path"])
    pump(app2, lambda: ctl2.view is not None and ctl2.admin and ctl2.lobby is not None, what="the resumed table")
    h2 = ctl2.host
    assert h2.call(lambda h: (h.config.replays, h.config.evening)) == (str(data / "replays"),
                                                                       str(data / "evening.json"))
    assert h2.call(lambda h: (h.options["turn_timer"], h.options["reconnect_wait"], h.rounds)) == (40.0, 50.0, 1)
    assert ctl2.lobby["table"] == table

    def over() -> bool:                             # the owner plays her first legal move on her turn
        v = ctl2.view or {}
        if v.get("phase") == "match_over":
            return True
        if v.get("to_move") == v.get("seat") and v.get("legal"):
            ctl2.send_move(v["legal"][0])
            ctl2.view = dict(v, to_move=None)
        return False
    pump(app2, over, timeout=60, what="the match's end")
    pump(app2, lambda: not (ctl2.lobby or {}).get("running") and (ctl2.lobby or {}).get("evening", {}).get("matches"),
         what="the evening counting the match")
    kept = _replays_listed(data)
    assert len(kept) == 1 and kept[0]["table"] == table and not kept[0]["problem"]
    assert ctl2.lobby["evening"]["matches"] == 1

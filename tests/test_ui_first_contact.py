"""The first minute in the window: a refused address is said at once and a
silent one only after the timeout; a `felt join` window whose join failed searches for
tables on its start screen."""
from __future__ import annotations

import socket
import time

import pytest

from tests.ui_app_helpers import LOOPBACK, pump

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def _config(cfg):
    from felt.ui import i18n
    i18n.set_lang("en")
    yield
    i18n.set_lang("de")


def _closed_port() -> int:
    s = socket.socket()
    s.bind((LOOPBACK, 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_refused_address_is_said_at_once(app_factory):
    app = app_factory((360, 640), lang="en")
    ctl = app.controller
    assert ctl.connect_timeout >= 8.0              # the default: a refusal must not wait for it
    port = _closed_port()
    t0 = time.monotonic()
    ctl.join(LOOPBACK, port)
    pump(app, lambda: ctl.kind == "start", timeout=5, what="back at the start")
    took = time.monotonic() - t0
    assert took < 2.0, took
    st = ctl.main.status
    assert "refused" in st and f"{LOOPBACK}:{port}" in st and "no answer" not in st, st
    assert ctl.main.status_kind == "bad" and ctl.client is None


def test_silent_address_is_no_answer_after_the_timeout(app_factory):
    # something accepts TCP connections but never answers (a wrong service, a hung host)
    srv = socket.socket()
    srv.bind((LOOPBACK, 0))
    srv.listen(4)
    port = srv.getsockname()[1]
    try:
        app = app_factory((360, 640), lang="en")
        ctl = app.controller
        ctl.connect_timeout = 1.0
        t0 = time.monotonic()
        ctl.join(LOOPBACK, port)
        pump(app, lambda: ctl.kind == "start", timeout=6, what="back at the start")
        took = time.monotonic() - t0
        assert took >= 1.0
        st = ctl.main.status
        assert "no answer" in st and f"{LOOPBACK}:{port}" in st and "refused" not in st, st
    finally:
        srv.close()


def test_join_window_searches_after_a_failed_join(app_factory):
    # as `felt join ADDR` opens it: no start screen first, discovery allowed (here on loopback)
    app = app_factory((360, 640), lang="en", discover=True, interface=LOOPBACK, show_start=False)
    ctl = app.controller
    assert ctl.browser is None                     # joining: nothing searches yet
    ctl.join(LOOPBACK, _closed_port())
    pump(app, lambda: ctl.kind == "start", timeout=5, what="back at the start")
    assert ctl.browser is not None and ctl.main.searching
    from felt.ui import i18n
    assert i18n.t("start.searching") == "Looking for tables …"


def test_felt_join_keeps_discovery_on(monkeypatch):
    from felt.cli import build_parser
    from felt.ui import app as app_mod
    made = {}

    class FakeApp:
        def __init__(self, **kw):
            made.update(kw)
            self.settings = type("S", (), {"name": ""})()
            self.controller = type("C", (), {"join": lambda *_a, **_k: None})()

        def run(self):
            return 0

    monkeypatch.setattr(app_mod, "App", FakeApp)
    args = build_parser().parse_args(["join", "10.0.0.9:4000"])
    assert args.run(args) == 0
    assert made.get("discover", True) is True and made["show_start"] is False


def test_start_screen_without_search_does_not_claim_it_searched(app_factory):
    from felt.ui import i18n
    app = app_factory((1280, 720), lang="en")   # discover=False (tests)
    sc = app.controller.main
    assert not sc.searching
    texts = []
    import felt.ui.start_scene as ss
    real = ss.draw_text

    def spy(surface, text, *a, **k):
        texts.append(text)
        return real(surface, text, *a, **k)
    ss.draw_text = spy
    try:
        sc.mark_dirty()
        pump(app)
        sc.draw(app.window)
    finally:
        ss.draw_text = real
    joined = " ".join(texts)
    assert i18n.t("start.search_off") in joined and i18n.t("start.none") not in joined


def test_remote_driver_clicks_types_and_reports(app_factory, tmp_path, monkeypatch):
    """FELT_REMOTE (felt/ui/remote.py): commands become real events; the state says where
    things are and what the window shows."""
    import json
    remote = tmp_path / "remote"
    monkeypatch.setenv("FELT_REMOTE", str(remote))
    app = app_factory((1280, 720), lang="en")
    assert app.remote is not None
    pump(app)
    st = json.loads((remote / "state.json").read_text())
    assert st["kind"] == "start" and st["size"] == [1280, 720] and st["name"] == ""
    nf = st["widgets"]["name_field"]["rect"]
    with open(remote / "in", "a") as f:
        f.write(f"click {nf[0] + 20} {nf[1] + nf[3] // 2}\ntype Dora\nkey a ctrl\ntype Eva\n")
        f.write(f"shot {tmp_path / 'shot.png'}\n")
    pump(app, lambda: json.loads((remote / "state.json").read_text()).get("done") == 5, what="commands")
    pump(app, lambda: json.loads((remote / "state.json").read_text()).get("name") == "Eva", what="Eva typed")
    assert app.controller.settings.name == "Eva"            # Ctrl+A then typing replaced "Dora"
    assert (tmp_path / "shot.png").stat().st_size > 1000
    with open(remote / "in", "a") as f:
        f.write("close\n")
    pump(app, lambda: not app.runner.running, what="closed")

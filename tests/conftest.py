"""Fixtures shared by the window tests (test_ui_app*.py) and the end-to-end tests with window
processes (test_e2e_*.py)."""
from __future__ import annotations

import pytest


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    """A fresh config folder (and data folder) for the test: no real user files touched."""
    d = tmp_path / "cfg"
    monkeypatch.setenv("FELT_CONFIG_DIR", str(d))
    monkeypatch.setenv("FELT_DATA_DIR", str(tmp_path / "data"))
    return d


@pytest.fixture
def app_factory(cfg):
    """Make headless app windows; all are closed and the language reset afterwards."""
    from tests.ui_app_helpers import make_app

    apps = []

    def make(*a, **kw):
        app = make_app(*a, **kw)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()
    from felt.ui import i18n

    i18n.set_lang("de")


@pytest.fixture
def ns():
    """A network namespace of the test's own (tests/e2e_windows.py; skipped without root)."""
    from tests.e2e_windows import Netns

    n = Netns()
    try:
        yield n
    finally:
        n.close()


@pytest.fixture
def windows(ns, tmp_path):
    """Make `felt` window processes in ``ns``: ``windows(name, *felt_args, size=...)``; a name
    made again is the same device (its config and data folders) started anew."""
    from tests.e2e_windows import Window

    made = []

    def make(name, *args, **kw):
        w = Window(ns, tmp_path, name, *args, **kw)
        made.append(w)
        return w

    yield make
    for w in made:
        w.kill()

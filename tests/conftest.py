"""Fixtures shared by the window tests (test_ui_app*.py) and the end-to-end tests with window
processes (test_e2e_*.py), and the order the suite runs in."""
from __future__ import annotations

import os

import pytest

# A table loads its phones' zygote half a second after it opens (felt/net/gateway.py), so the
# first phone is as quick as the next: ~0.5 s of CPU for each of the suite's many tables that
# no phone ever opens. Here it loads at the first request, as it did before; the tests of the
# early start (test_phone_launcher.py) turn it on.
os.environ.setdefault("FELT_PHONE_WARM", "0")


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (the default in pyproject.toml) starts three workers per core: many tests wait
    on sockets, subprocesses, animations and mDNS, and the other workers use the core meanwhile.
    Measured on a 2-core machine (2026-12-05, bytecode caches written first): 4 workers 286 s,
    6 workers 237 s, 8 workers 242 s (the tests' own subprocesses then fight for the cores).
    The PYTEST_XDIST_AUTO_NUM_WORKERS variable still sets the number."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None                                  # pytest-xdist's own hook reads it
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return 3 * cores


def pytest_configure(config):
    """Before the workers start, the controller compiles ``felt/`` and rewrites the test files'
    asserts once, into the bytecode caches every worker and every ``felt`` subprocess then
    reads. Otherwise each of the workers rewrites all ~240 test files itself (~6 s of CPU
    each) and, where PYTHONDONTWRITEBYTECODE is set, every host, window and renderer the
    tests start compiles ``felt/`` again. Only caches are written (``__pycache__``, ignored by
    git); any failure here just leaves the work to the workers, as before."""
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return
    try:
        _write_bytecode_caches(config)
    except Exception:                                   # noqa: BLE001 (a speed-up only)
        pass


_PREPASS_CONFIG = None


def _prepass_one(path: str) -> None:
    import compileall
    from pathlib import Path

    from _pytest.assertion.rewrite import (PYC_TAIL, _read_pyc, _rewrite_test, _write_pyc, assertstate_key,
                                           get_cache_dir)
    fn = Path(path)
    if fn.is_dir():                                     # the package: plain bytecode
        compileall.compile_dir(str(fn), quiet=2)
        return
    pyc = get_cache_dir(fn) / (fn.name[:-3] + PYC_TAIL)
    if _read_pyc(fn, pyc) is not None:
        return
    pyc.parent.mkdir(exist_ok=True)
    stamp, code = _rewrite_test(fn, _PREPASS_CONFIG)
    _write_pyc(_PREPASS_CONFIG.stash[assertstate_key], code, stamp, pyc)


def _write_bytecode_caches(config) -> None:
    global _PREPASS_CONFIG
    import multiprocessing
    from pathlib import Path

    if config.getoption("assertmode") != "rewrite":
        return
    here = Path(__file__).resolve().parent
    files = sorted(str(p) for p in here.rglob("*.py")
                   if (p.name.startswith("test_") or p.name == "conftest.py") and "__pycache__" not in p.parts)
    work = [str(here.parent / "felt"), *files]
    _PREPASS_CONFIG = config
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    with multiprocessing.get_context("fork").Pool(max(1, min(cores, 4))) as pool:
        pool.map(_prepass_one, work, chunksize=8)


def pytest_collection_modifyitems(config, items):
    """Files with a test marked ``slow`` run first, each file's tests in their own order: the
    parallel workers take whole files in this order, so a long file taken last would keep one
    worker busy while the others wait."""
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow_files)


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

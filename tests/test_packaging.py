"""Installed the way players install apps: a wheel built from the sources, installed
(not editable) into a fresh virtual environment, runs `felt rules list` and
`felt snapshot` from outside the repository (fonts and sounds come from the wheel).

Offline: the wheel is built with ``pip wheel --no-deps`` (setuptools comes from the
configured local index), installed with ``--no-deps --no-index`` by the running pip into
the fresh venv (``pip --python``: the venv needs no pip of its own), and the fresh venv
sees the third-party dependencies (pygame, msgpack, zeroconf) of the running
interpreter through a .pth file. Felt itself is imported from the fresh venv only: the
test checks where ``felt`` was loaded from.

The tests share one built and installed wheel (a module fixture: parallel runs keep a file's
tests in one worker)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
IGNORE = shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis",
                                "out", "snapshots", "tests")


def test_declared_python_is_the_one_we_run_and_test():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert meta["requires-python"].replace(" ", "") == ">=3.11"     # tomllib is 3.11+
    assert sys.version_info >= (3, 11)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=IGNORE)
    shutil.rmtree(src / "assets", ignore_errors=True)    # the top-level folder is not where they come from
    wheels = tmp / "wheels"
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(src)],
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        pytest.fail(f"pip wheel failed:\n{r.stdout}\n{r.stderr}")
    whl = sorted(wheels.glob("felt_club-*.whl"))
    assert len(whl) == 1, list(wheels.iterdir())
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    py = venv / "bin" / "python"
    r = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", "--no-index",
                        str(whl[0])], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    # the dependencies of this interpreter (pygame, msgpack, zeroconf), not its felt
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(site) / "zz_test_deps.pth").write_text("\n".join(sorted(deps)) + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", FELT_CONFIG_DIR=str(tmp / "cfg"),
               FELT_DATA_DIR=str(tmp / "data"))
    return {"venv": venv, "py": py, "felt": venv / "bin" / "felt", "env": env, "cwd": tmp, "whl": whl[0]}


def test_wheel_ships_fonts_and_sounds(installed):
    import zipfile
    names = set(zipfile.ZipFile(installed["whl"]).namelist())
    for f in ("felt/assets/fonts/DejaVuSans.ttf", "felt/assets/fonts/DejaVuSans-Bold.ttf",
              "felt/assets/fonts/LICENSE-DejaVu.txt", "felt/assets/sounds/play.wav",
              "felt/games/praesident/rules/templates/PR-002.toml", "felt/net/PROTOCOL.md", "felt/net/phone/index.html",
              "felt/net/phone/phone.js", "felt/net/phone/phone.css"):
        assert f in names, f


def test_felt_comes_from_the_fresh_venv(installed):
    r = subprocess.run([str(installed["py"]), "-c", "import felt, felt.paths; print(felt.__file__); "
                        "print(felt.paths.ASSETS)"], capture_output=True, text=True, cwd=installed["cwd"],
                       env=installed["env"], timeout=60)
    assert r.returncode == 0, r.stderr
    where, assets = r.stdout.split()
    assert where.startswith(str(installed["venv"])), where
    assert Path(assets, "fonts", "DejaVuSans.ttf").is_file()


def test_rules_list_from_the_wheel(installed):
    r = subprocess.run([str(installed["felt"]), "rules", "list"], capture_output=True, text=True,
                       cwd=installed["cwd"], env=installed["env"], timeout=120)
    assert r.returncode == 0, r.stderr
    assert "PR-002" in r.stdout and "JASS36" in r.stdout


@pytest.mark.slow
def test_snapshot_from_the_wheel(installed):
    out = installed["cwd"] / "shots"
    scenes = ("start", "lobby", "praesident_table", "praesident_results", "maumau_table", "schwimmen_turn")
    r = subprocess.run([str(installed["felt"]), "snapshot", "--out", str(out), "--size", "1280x720", "--only", *scenes],
                       capture_output=True, text=True,
                       cwd=installed["cwd"], env=installed["env"], timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    for scene in scenes:
        f = out / f"{scene}-1280x720.png"
        assert f.is_file() and f.stat().st_size > 10_000, f
    assert len(list(out.glob("*.png"))) == len(scenes), sorted(p.name for p in out.glob("*.png"))   # only those

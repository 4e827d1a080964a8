"""Where Felt Club finds its assets and keeps the user's files."""
from __future__ import annotations

import os
import sys
from pathlib import Path

# inside the package, so a wheel ships them (the top-level assets/ only has a README saying so)
ASSETS = Path(__file__).resolve().parent / "assets"


def _base(env: str, fallback: str) -> Path:
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support"
    return Path(os.environ.get(env) or (Path.home() / fallback))


def config_dir() -> Path:
    """The user's config folder for Felt Club (settings, saved rule sets)."""
    override = os.environ.get("FELT_CONFIG_DIR")
    return Path(override) if override else _base("XDG_CONFIG_HOME", ".config") / "felt-club"


def data_dir() -> Path:
    """The user's data folder for Felt Club (journals)."""
    override = os.environ.get("FELT_DATA_DIR")
    return Path(override) if override else _base("XDG_DATA_HOME", ".local/share") / "felt-club"


def _inside_data_dir(path: Path) -> bool:
    root = data_dir().absolute()
    path = path.absolute()
    return path == root or root in path.parents


def private_dir(path: str | os.PathLike) -> Path:
    """``path`` as a folder only its owner may read (0700), made with its parents where
    missing; the data folder and every folder of it on the way are made owner-only too
    (replays, evenings and journals hold names and seat tokens). A folder outside the data
    folder (``--journal`` elsewhere) is made where missing but left as it is otherwise."""
    p = Path(path)
    p.mkdir(parents=True, exist_ok=True, mode=0o700)
    if sys.platform != "win32" and _inside_data_dir(p):
        root = data_dir().absolute()
        for d in [p.absolute(), *p.absolute().parents]:
            try:
                if d.stat().st_mode & 0o077:
                    os.chmod(d, 0o700)
            except OSError:
                pass
            if d == root:
                break
    return p


def write_private(path: str | os.PathLike, data: bytes) -> None:
    """``data`` as the file ``path``, readable by its owner only (0600), written whole or not
    at all (a temporary file beside it, then renamed)."""
    p = Path(path)
    tmp = p.with_name(f".{p.name}.{os.getpid()}.part")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)
    os.replace(tmp, p)

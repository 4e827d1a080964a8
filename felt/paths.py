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

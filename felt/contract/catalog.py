"""Texts as data: a catalog file holds a package's texts in German and English.

A catalog is TOML: ``"key" = ["Deutsch", "English"]`` at the top level (the window's texts,
``felt.ui.i18n``), and named tables for other sets of texts, e.g. a game's rule errors::

    "table.play" = ["Legen", "Play"]

    [errors.rules]
    "bad_value" = ["Ungültiger Wert für {opt}: {value!r}", "Invalid value for {opt}: {value!r}"]

Each package keeps its own (``felt/ui/texts.toml``, ``felt/games/<game>/texts.toml``).
"""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=None)
def _load(path: str) -> dict:
    with open(path, "rb") as fh:
        return tomllib.load(fh)


def read_texts(path, table: str | None = None) -> dict[str, tuple[str, str]]:
    """``{key: (German, English)}`` of a catalog's top level, or of its ``table`` (dotted:
    ``"errors.rules"``). A text that is not a pair of strings raises ValueError."""
    data = _load(str(Path(path).resolve()))
    if table:
        for part in table.split("."):
            data = data.get(part, {})
    out = {}
    for key, pair in data.items():
        if isinstance(pair, dict):
            continue                       # a table of its own
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise ValueError(f"{path}: the text {key!r} must be [German, English]")
        out[key] = (pair[0], pair[1])
    return out


def catalog_of(module_file) -> Path:
    """The catalog of the package a module belongs to: ``texts.toml`` in the module's folder."""
    return Path(module_file).resolve().with_name("texts.toml")

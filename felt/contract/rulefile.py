"""Rule sets as TOML files, for every game: one writer and one reader.

A rule file is a comment line, a blank line and one ``key = value`` line per option, in the
order of the game's rule set as data (``Game.rules_to_dict``), with ``game = "<id>"`` first
where the data names its game. Values are booleans, whole numbers, texts and lists of those.

    text = to_toml(game.rules_to_dict(rules), game.rules_file_comment)
    data = read(path, game.rules_error)      # the plain data, for game.rules_from_dict

Reading raises the game's rule error with the key ``"toml"`` for a file that is not TOML
(or not UTF-8 text); a missing or unreadable file raises OSError.
"""
from __future__ import annotations

import tomllib
from pathlib import Path


def toml_value(value) -> str:
    """One value as TOML: ``true``/``false``, a whole number, a basic string or a list."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def to_toml(data: dict, comment: str) -> str:
    """A rule file's text: ``# comment``, a blank line, then ``game`` (where given) and every
    other key of ``data`` in its order."""
    keys = (["game"] if "game" in data else []) + [key for key in data if key != "game"]
    lines = [f"# {comment}", ""] + [f"{key} = {toml_value(data[key])}" for key in keys]
    return "\n".join(lines) + "\n"


def parse(text: str, error: type) -> dict:
    """The data of a rule file's text; ``error("toml", err=...)`` if it is not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error("toml", err=str(exc)) from None


def read(path, error: type) -> dict:
    """The data of the rule file at ``path`` (see :func:`parse`)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise error("toml", err=str(exc)) from None
    return parse(text, error)


def save(path, text: str) -> Path:
    """Write a rule file (its folder is made; a reader never sees half a file)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path

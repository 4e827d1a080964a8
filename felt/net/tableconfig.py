"""One place decides a hosted table's settings, whichever way the table starts or resumes.

Four ways lead to a table: the window's "Tisch eröffnen" (the window's settings), `felt host`
(with or without ``--headless``: its options), `felt host --resume [FILE]` and the window's
"Tisch fortsetzen" (both: the table's settings from its journal, :func:`resume_fields`).
Each gives what it knows to :func:`table_config`, which makes the ``HostConfig``:

1. the table's settings (``fields``: a new table's, or the journal's, which carries every
   setting the table had, its data files included);
2. what a way of starting gives on top (``given``: the command line's or the window's
   interface, port, phones ...); an option of the table given here (a ``--bot-delay`` on
   the command line) also wins over the options the resumed table restores from its journal;
3. where the table keeps its journal (crash recovery), the evening's standings and every
   finished match (``felt replay --list``): the data folder's, unless 1. or 2. name them
   (also as None: none kept). A journal written before it recorded them gets these too.
"""
from __future__ import annotations

import dataclasses
import os
from types import SimpleNamespace
from typing import Any, Callable

DATA_FIELDS = ("journal", "evening", "replays")   # files of a table in the data folder


def data_defaults(missing: tuple[str, ...] = DATA_FIELDS) -> dict[str, str]:
    """Where a table keeps its files, for those of ``missing``: the data folder's."""
    out: dict[str, str] = {}
    if "journal" in missing:
        from felt.net.journal import default_journal_path
        out["journal"] = str(default_journal_path())
    if "evening" in missing:
        from felt.net.evening import default_path
        out["evening"] = str(default_path())
    if "replays" in missing:
        from felt.net.replay import replay_dir
        out["replays"] = str(replay_dir())
    return out


def table_config(fields: dict, given: dict | None = None):
    """The ``HostConfig`` of a table from its settings (``fields``) and what the way it starts
    gives on top (``given``, wins); see the module's docstring."""
    from felt.net.host import HostConfig
    from felt.net.table import OPTION_KEYS
    names = {f.name for f in dataclasses.fields(HostConfig)}
    given = {k: v for k, v in (given or {}).items() if k in names}
    cfg = {k: v for k, v in dict(fields).items() if k in names}
    res = cfg.get("resume")
    if res is not None:
        for k in ("journal", "resume"):
            given.pop(k, None)           # a resumed table goes on in its own journal
        for k in OPTION_KEYS:            # a setting given now wins over the journal's options
            if k in given:
                res.options[k] = given[k]
    cfg.update(given)
    cfg.update(data_defaults(tuple(k for k in DATA_FIELDS if k not in cfg)))
    return HostConfig(**cfg)


def resume_fields(path: str | os.PathLike | None, say: Callable[[str], Any] | None = None,
                  warn: Callable[[str], Any] | None = None, **args: Any) -> dict:
    """The settings of the table in journal ``path`` (None or "": the newest) for
    :func:`table_config`; ``args``: what `felt host --resume` was given beside it (journal,
    interface, port, no_announce, bot_delay, start_when_full)."""
    from felt.net.journal import resume_config
    ns = SimpleNamespace(**{"journal": None, "interface": None, "port": 0, "no_announce": False, "bot_delay": None,
                            "start_when_full": False, **args, "resume": str(path or "")})
    return resume_config(ns, say, warn)

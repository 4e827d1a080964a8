"""Lighter updates (protocol 3): a ``state`` carries only the top-level view keys that changed.

Sans-I/O, for every game alike (a view is a map of top-level keys; what they hold is the
game's business):

- the host (``felt/net/table.py``) keeps, per connection, the last view it sent there and calls
  :func:`diff` to send ``patch`` (the keys whose value changed, with their new values),
  ``append`` (list keys that only grew at the end: the new items; a move log, the cards
  played this round) and ``gone`` (keys that disappeared) instead of ``view``; a connection that has no view yet
  (right after ``hello``, a reconnect, a resume, ``leave``, or a ``resync`` request) gets the
  full ``view``;
- a client (``felt/net/client.py`` and every raw client: bench, tests) feeds each ``state`` to a
  :class:`ViewAssembler`, which keeps the last view of that connection and gives back the
  same message a protocol-2 host would have sent: ``{t, seq, view, events, timer}`` with the
  whole view. Nothing above the client sees a patch.

Values that did not change are shared between successive assembled views only when the
caller asks for it (``copy=False``); by default every view handed out is a fresh deep copy,
so a UI that mutates a view (sorting a hand in place) cannot corrupt the next one.
"""
from __future__ import annotations

import copy as _copy
from itertools import compress
from operator import is_not
from typing import Any

__all__ = ["diff", "state_patch", "ViewAssembler", "MissingBase"]


_SEQ = (list, tuple)
_MISSING = object()


def diff(old: dict | None, new: dict, memo: dict | None = None) -> tuple[dict, dict, list] | None:
    """``(patch, append, gone)`` taking ``old`` to ``new`` (top-level keys), or None if there
    is no ``old`` to patch (the whole view must be sent). ``append[k]``: the items a list
    value got at its end (the old list is a prefix of the new one). ``memo`` (one dict per
    broadcast) remembers which pairs of value objects were equal, so values that several
    seats' views share are compared once, not once per connection."""
    if old is None:
        return None
    patch: dict = {}
    append: dict = {}
    get = old.get
    keys = tuple(new)
    if keys == tuple(old):
        # the same keys in the same order (views built alike): find the values that are not the
        # very objects sent last time in one pass in C; the rest are unchanged
        changed = compress(keys, map(is_not, old.values(), new.values()))
        gone: list = []
    else:
        changed = keys
        gone = [k for k in old if k not in new]
    for k in changed:
        v = new[k]
        o = get(k, _MISSING)
        if o is v:
            continue
        if memo is not None and isinstance(v, (list, dict)) and len(v) > 6:
            key = (id(o), id(v))
            hit = memo.get(key)
            if hit is None:     # the pair is kept with the answer, so neither id can be reused meanwhile
                hit = memo[key] = (o, v, o == v)
            if hit[2]:
                continue
        elif o == v:
            continue
        if o is _MISSING:
            patch[k] = v
        elif isinstance(v, _SEQ) and isinstance(o, _SEQ) and 0 < len(o) < len(v) and v[:len(o)] == o:
            append[k] = list(v[len(o):])
        else:
            patch[k] = v
    return patch, append, gone


def state_patch(seq: int, patch: dict, append: dict, gone: list, events: list, timer: Any) -> dict:
    """A ``state`` message carrying a patch instead of the whole view."""
    msg = {"t": "state", "seq": seq, "patch": patch, "events": events, "timer": timer}
    if append:
        msg["append"] = append
    if gone:
        msg["gone"] = gone
    return msg


def apply_patch(base: dict, patch: dict, gone: list | tuple = (), append: dict | None = None) -> dict:
    """The view ``base`` with ``patch`` applied, the ``append`` items added to the end of their
    lists and the ``gone`` keys removed (a new dict; ``base`` and its lists are left alone)."""
    out = dict(base)
    for k in gone or ():
        out.pop(k, None)
    out.update(patch)
    for k, items in (append or {}).items():
        old = out.get(k)
        if not isinstance(old, _SEQ) or not isinstance(items, _SEQ):
            raise MissingBase(f"cannot append to view key {k!r}: it is not a list here")
        out[k] = list(old) + list(items)
    return out


class MissingBase(Exception):
    """A patch arrived on a connection that has no view yet (ask the host to ``resync``)."""


class ViewAssembler:
    """One connection's last view; turns every ``state`` message back into a full one.

    ``feed(msg)`` returns ``msg`` unchanged for anything but ``state``; for a ``state`` it
    returns ``{t:"state", seq, view, events, timer}`` with the whole view (a patch applied to
    the last view). A patch without a last view raises :class:`MissingBase`: the caller sends
    ``{t:"resync"}`` and the host answers with the full view. Make a new assembler (or call
    :meth:`reset`) for every new connection.
    """

    def __init__(self, copy: bool = True):
        self.copy = copy
        self.view: dict | None = None
        self.full = 0        # full views received
        self.patches = 0     # patches applied

    def reset(self) -> None:
        self.view = None

    def feed(self, msg: dict) -> dict:
        if not isinstance(msg, dict) or msg.get("t") != "state":
            return msg
        view = msg.get("view")
        if isinstance(view, dict):
            self.view = view
            self.full += 1
        else:
            patch = msg.get("patch")
            if self.view is None or not isinstance(patch, dict):
                raise MissingBase("a state patch arrived before any full view on this connection")
            gone = msg.get("gone") or ()
            append = msg.get("append") or {}
            self.view = apply_patch(self.view, patch, gone if isinstance(gone, _SEQ) else (),
                                    append if isinstance(append, dict) else {})
            self.patches += 1
        out = {k: v for k, v in msg.items() if k not in ("patch", "gone", "append")}
        out["view"] = _copy.deepcopy(self.view) if self.copy else self.view
        return out

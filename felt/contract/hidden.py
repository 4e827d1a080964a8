"""Does a view show another seat's private cards anywhere? (`felt check-game`'s view-hides check)

A game says which cards are private to a seat (``Game.private_cards(state, seat)``) but not
where its view puts cards: a card id is a plain int among other ints (a count, a score, a
round number), so a search of the view for the values would find a "3" in ``lives`` as
readily as seat 2's card 3. So the state is changed, not searched:

1. **Where the private cards live.** The containers of the state (lists, tuples, dicts, sets,
   an object's attributes, at any depth) that hold one of the seat's private card ids, and
   whose change changes ``private_cards``: ``hands[2]`` does, ``lives`` does not (a
   container whose ints are only equal to a card is no card's place).
2. **Marked.** In a copy of the state those card ids become :class:`Marked` ints: the same
   value for the game's code, but a copy of one into a view stays marked, under any key, at
   any depth, in lists, tuples, dicts (keys too) and sets.
3. **Swapped.** Two seats' private cards are swapped (as many as the smaller set has) in a
   copy of the state: the view of a third seat (or a spectator) must not change. This finds
   the cards also where the view holds them in a form of the game's own ("H10", a name, a
   string key), since a view that shows nothing of those hands stays the same.

A card on the table, in the seat's own hand or shown to everyone is in no other seat's
``private_cards``: it is never marked nor swapped, so it is no finding.
"""
from __future__ import annotations

import copy
import dataclasses
import types
from typing import Iterator

MAX_DEPTH = 8
SENTINEL = -1_000_003          # a value no card has: stands in for a card to see whether it counts


class Marked(int):
    """A card id private to another seat: equal to the plain id, but recognisable in a view."""

    __slots__ = ()


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_SKIP = (str, bytes, bytearray, float, complex, bool, type(None), type, types.ModuleType, types.FunctionType,
         types.BuiltinFunctionType, types.MethodType)


def _attrs(obj) -> list[str]:
    if dataclasses.is_dataclass(obj):
        return [f.name for f in dataclasses.fields(obj)]
    names = list(getattr(obj, "__dict__", {}) or {})
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else [s for s in slots if s not in ("__dict__", "__weakref__")]
    return [n for n in dict.fromkeys(names) if hasattr(obj, n)]


def children(obj) -> list:
    """``(step, child)`` of a container or an object: ``("i", index or key)``, ``("k", key)``
    for a dict's key itself, ``("m", None)`` for a set's member, ``("a", name)`` for an
    attribute."""
    if isinstance(obj, _SKIP):
        return []
    if isinstance(obj, (list, tuple)):
        return [(("i", i), v) for i, v in enumerate(obj)]
    if isinstance(obj, dict):
        return [(("i", k), v) for k, v in obj.items()] + [(("k", k), k) for k in obj if _is_int(k)]
    if isinstance(obj, (set, frozenset)):
        return [(("m", None), v) for v in obj]
    if callable(obj):
        return []
    return [(("a", n), getattr(obj, n)) for n in _attrs(obj)]


def holders(state, cards: set) -> Iterator[tuple]:
    """The paths (tuples of steps) of every container in ``state`` that directly holds one of
    ``cards`` (an int equal to one)."""
    seen: set = set()
    todo = [((), state, 0)]
    while todo:
        path, obj, depth = todo.pop()
        if id(obj) in seen or depth > MAX_DEPTH:
            continue
        seen.add(id(obj))
        kids = children(obj)
        if any(_is_int(v) and v in cards for _step, v in kids):
            yield path
        for step, v in kids:
            if not _is_int(v) and step[0] != "m" and not isinstance(v, _SKIP):
                todo.append((path + (step,), v, depth + 1))


def _get(obj, step):
    kind, key = step
    return getattr(obj, key) if kind == "a" else obj[key]


def _copy_with(obj, step, new):
    """A copy of ``obj`` with its child at ``step`` replaced by ``new``."""
    kind, key = step
    if isinstance(obj, tuple):
        items = list(obj)
        items[key] = new
        return type(obj)._make(items) if hasattr(type(obj), "_make") else type(obj)(items)
    out = copy.copy(obj)
    if kind == "a":
        object.__setattr__(out, key, new)
    else:
        out[key] = new
    return out


def _mapped(obj, fn):
    """A copy of the container ``obj`` with each int child (a dict's keys too) put through ``fn``."""
    f = (lambda v: fn(v) if _is_int(v) else v)
    if isinstance(obj, tuple):
        items = [f(v) for v in obj]
        return type(obj)._make(items) if hasattr(type(obj), "_make") else type(obj)(items)
    if isinstance(obj, list):
        out = copy.copy(obj)
        out[:] = [f(v) for v in obj]
        return out
    if isinstance(obj, dict):
        out = copy.copy(obj)
        out.clear()
        out.update({f(k): f(v) for k, v in obj.items()})
        return out
    if isinstance(obj, (set, frozenset)):
        return type(obj)(f(v) for v in obj)
    out = copy.copy(obj)
    for step, v in children(obj):
        if _is_int(v):
            object.__setattr__(out, step[1], fn(v))
    return out


def with_mapped(state, path: tuple, fn):
    """A copy of ``state`` (shared but along ``path``) whose container at ``path`` has its int
    children put through ``fn``."""
    if not path:
        return _mapped(state, fn)
    return _copy_with(state, path[0], with_mapped(_get(state, path[0]), path[1:], fn))


class Places:
    """Where each seat's private cards live in a game's states (step 1 above), learnt as the
    states go by: the containers found in one state are looked at first in the next, and the
    whole state is searched again only for a private card none of them holds."""

    def __init__(self, game) -> None:
        self.game = game
        self.known: dict = {}          # (seat, phase, path) -> does it hold the seat's private cards
        self.found: dict = {}          # seat -> the paths that held them before
        self.compared = 0              # views compared (the search ran)

    def _counts(self, state, seat, path, private: set) -> bool:
        key = (seat, getattr(state, "phase", None), path)
        if key not in self.known:
            try:
                changed = with_mapped(state, path, lambda v: SENTINEL if v in private else v)
                self.known[key] = set(self.game.private_cards(changed, seat)) != private
            except Exception:           # noqa: BLE001 (the game cannot do without those ids: they count)
                self.known[key] = True
        return self.known[key]

    def _held(self, state, path, private: set) -> set:
        try:
            obj = state
            for step in path:
                obj = _get(obj, step)
        except (AttributeError, LookupError, TypeError):
            return set()
        return {v for _step, v in children(obj) if _is_int(v) and v in private}

    def of(self, state, seat: int, private: set) -> list:
        """The paths of the containers that hold ``seat``'s private cards in ``state``."""
        out, held = [], set()
        for p in self.found.get(seat, ()):
            got = self._held(state, p, private)
            if got and self._counts(state, seat, p, private):
                out.append(p)
                held |= got
        if held >= private:
            return out
        out = [p for p in holders(state, private) if self._counts(state, seat, p, private)]
        self.found[seat] = list(dict.fromkeys([*self.found.get(seat, ()), *out]))
        return out


def marked(state, paths: list, fn):
    """``state`` with the ints of the containers at ``paths`` put through ``fn`` (each once)."""
    for p in dict.fromkeys(paths):
        state = with_mapped(state, p, fn)
    return state


def find_marked(view, path: str = "view", depth: int = 0) -> list[tuple[str, int]]:
    """``(where, card)`` of every :class:`Marked` int in a view, at any depth."""
    if isinstance(view, Marked):
        return [(path, int(view))]
    if depth > 2 * MAX_DEPTH or isinstance(view, _SKIP) or _is_int(view):
        return []
    out = []
    if isinstance(view, dict):
        for k, v in view.items():
            if isinstance(k, Marked):
                out.append((f"{path} (a key)", int(k)))
            out += find_marked(v, f"{path}[{k!r}]", depth + 1)
    elif isinstance(view, (list, tuple)):
        for i, v in enumerate(view):
            out += find_marked(v, f"{path}[{i}]", depth + 1)
    elif isinstance(view, (set, frozenset)):
        for v in view:
            out += find_marked(v, f"{path}{{…}}", depth + 1)
    return out


def differences(a, b, path: str = "view", most: int = 3) -> list[tuple[str, object, object]]:
    """Where two views differ: ``(where, before, after)``, the first ``most``."""
    if a == b and type(a) is type(b):
        return []
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        out = []
        for k in a:
            out += differences(a[k], b[k], f"{path}[{k!r}]", most - len(out))
            if len(out) >= most:
                break
        return out or [(path, a, b)]
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out += differences(x, y, f"{path}[{i}]", most - len(out))
            if len(out) >= most:
                break
        return out or [(path, a, b)]
    if a == b:              # equal values of another type (a Marked int for its plain one): no change
        return []
    return [(path, a, b)]


def short(value, width: int = 60) -> str:
    text = repr(value if not isinstance(value, Marked) else int(value))
    return text if len(text) <= width else text[:width - 1] + "…"

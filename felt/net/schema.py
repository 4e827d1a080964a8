"""Every message of the Felt Club protocol, with its fields validated.

A message is a msgpack map with a string field ``t`` (its type). :func:`validate_client`
checks a message a client sent to the host; :func:`validate_host` checks one the host
sent (used by clients and tests). Both return a cleaned dict (only known fields, optional
ones filled with their defaults) or raise :class:`SchemaError` with a protocol error code
and a clear message. See PROTOCOL.md for the prose version.
"""
from __future__ import annotations

import math
import unicodedata
from typing import Any, Callable

PROTOCOL_VERSION = 3
SERVICE_TYPE = "_felt._tcp.local."

NAME_MAX = 24          # characters in a player or table name
TOKEN_MAX = 64         # characters in a seat/admin token
CHAT_MAX = 200         # characters in a chat line
MAX_SEATS = 16
MAX_CARD_ID = 1023
MAX_MOVE_CARDS = 64
BOT_LEVELS = ("easy", "normal", "hard")   # the built-in games' levels; a game names its own (Game.bot_levels)
LEVEL_MAX = 16         # characters in a bot level's name (the host refuses a level its game does not have)
PACES = ("calm", "normal", "fast", "off")   # the table's pace (felt.contract.base.PACE_SPEEDS)

# Error codes (PROTOCOL.md, "Errors").
ERROR_CODES = {
    "bad_frame": "malformed frame (not a length-prefixed msgpack map)",
    "too_large": "frame larger than the limit",
    "bad_version": "protocol version not supported",
    "bad_message": "a field is missing, of the wrong type or out of range",
    "unknown_type": "unknown message type",
    "hello_first": "the first message must be hello",
    "already_joined": "hello was already accepted on this connection",
    "bad_token": "unknown seat token",
    "table_full": "no free seat",
    "not_seated": "you have no seat (spectator)",
    "not_admin": "only the table owner may do this",
    "no_match": "no match is running",
    "running": "not possible while a match is running",
    "not_your_turn": "it is not your turn",
    "not_your_seat": "you may only act for your own seat",
    "stale": "the move was made for an older view",
    "illegal_move": "the move breaks the rules",
    "bad_rules": "the rule set is invalid",
    "lobby": "the lobby request cannot be done",
    "rate_limited": "too many messages; this one was dropped",
    "hints_off": "the table's owner switched hints off",
    "flood": "far too many messages; disconnected",
    "timeout": "no hello in time",
    "replaced": "the seat was reclaimed by a newer connection with its token",
    "kicked": "the owner removed you from the table",
    "shutdown": "the host is closing",
    "busy": "the host has too many connections",
}


class SchemaError(Exception):
    def __init__(self, code: str, msg: str):
        super().__init__(msg)
        self.code = code
        self.msg = msg


# --- field validators -------------------------------------------------------------
Validator = Callable[[str, Any], Any]


def _bad(field: str, what: str) -> SchemaError:
    return SchemaError("bad_message", f"field '{field}': {what}")


def Int(lo: int, hi: int) -> Validator:
    def v(f: str, x: Any) -> int:
        if isinstance(x, bool) or not isinstance(x, int):
            raise _bad(f, "must be an integer")
        if not lo <= x <= hi:
            raise _bad(f, f"must be between {lo} and {hi}")
        return x
    return v


def Num(lo: float, hi: float) -> Validator:
    def v(f: str, x: Any) -> float:
        if isinstance(x, bool) or not isinstance(x, (int, float)):
            raise _bad(f, "must be a number")
        if math.isnan(x) or not lo <= x <= hi:
            raise _bad(f, f"must be between {lo} and {hi}")
        return float(x)
    return v


def Bool(f: str, x: Any) -> bool:
    if not isinstance(x, bool):
        raise _bad(f, "must be true or false")
    return x


def Str(lo: int, hi: int, choices: tuple[str, ...] | None = None) -> Validator:
    def v(f: str, x: Any) -> str:
        if not isinstance(x, str):
            raise _bad(f, "must be a string")
        if not lo <= len(x) <= hi:
            raise _bad(f, f"must have {lo}..{hi} characters")
        if choices is not None and x not in choices:
            raise _bad(f, f"must be one of {', '.join(choices)}")
        return x
    return v


def clean_name(f: str, x: Any) -> str:
    """A display name: 1..NAME_MAX printable characters, trimmed."""
    if not isinstance(x, str):
        raise _bad(f, "must be a string")
    x = " ".join(x.split())
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in x):
        raise _bad(f, "contains control or unassigned characters")
    if not 1 <= len(x) <= NAME_MAX:
        raise _bad(f, f"must have 1..{NAME_MAX} characters")
    return x


def Text(hi: int) -> Validator:
    def v(f: str, x: Any) -> str:
        if not isinstance(x, str):
            raise _bad(f, "must be a string")
        if len(x) > hi:
            raise _bad(f, f"must have at most {hi} characters")
        return "".join(c for c in x if unicodedata.category(c) not in ("Cc", "Cf", "Cs")).strip()
    return v


def Opt(inner: Validator) -> Validator:
    def v(f: str, x: Any) -> Any:
        return None if x is None else inner(f, x)
    return v


def List(item: Validator, hi: int) -> Validator:
    def v(f: str, x: Any) -> list:
        if not isinstance(x, (list, tuple)):
            raise _bad(f, "must be a list")
        if len(x) > hi:
            raise _bad(f, f"must have at most {hi} items")
        return [item(f"{f}[{i}]", e) for i, e in enumerate(x)]
    return v


def Map(f: str, x: Any) -> dict:
    if not isinstance(x, dict):
        raise _bad(f, "must be a map")
    return x


def Any_(f: str, x: Any) -> Any:
    return x


MOVE_KEY_MAX = 8        # keys of a move map besides 'kind', 'cards' and 'ranks'


def _move_value(f: str, x: Any) -> Any:
    """A game's own move field: an int, a short string, a bool, or a short list of those."""
    if isinstance(x, (bool, int)) or x is None:
        return Int(-(2**31), 2**31)(f, x) if isinstance(x, int) and not isinstance(x, bool) else x
    if isinstance(x, str):
        return Str(0, 32)(f, x)
    if isinstance(x, (list, tuple)):
        return List(lambda g, y: _scalar(g, y), MAX_MOVE_CARDS)(f, x)
    raise _bad(f, "must be a number, a short text, true/false or a short list of those")


def _scalar(f: str, x: Any) -> Any:
    if isinstance(x, bool) or x is None:
        return x
    if isinstance(x, int):
        return Int(-(2**31), 2**31)(f, x)
    if isinstance(x, str):
        return Str(0, 32)(f, x)
    raise _bad(f, "must be a number, a short text or true/false")


def move_validator(kinds: tuple[str, ...] | None = None, extra_keys: tuple[str, ...] = ()) -> Validator:
    """A wire move {kind, cards, ranks, ...}: ``kind`` one of ``kinds`` (None: any short
    name), ``cards`` card ids without repeats, ``ranks`` rank names, and a game's own
    ``extra_keys`` (short plain values). The game checks the move further."""
    allowed = {"kind", "cards", "ranks", *extra_keys}

    def v(f: str, x: Any) -> dict:
        if not isinstance(x, dict):
            raise _bad(f, "must be a map {kind, cards, ranks}")
        unknown = set(x) - allowed
        if unknown:
            raise _bad(f, f"unknown keys {sorted(unknown)}")
        kind = Str(1, 16, tuple(kinds) if kinds else None)(f + ".kind", x.get("kind"))
        cards = List(Int(0, MAX_CARD_ID), MAX_MOVE_CARDS)(f + ".cards", x.get("cards", []))
        if len(set(cards)) != len(cards):
            raise _bad(f + ".cards", "contains a card twice")
        ranks = List(Str(1, 8), 16)(f + ".ranks", x.get("ranks", []))
        # only the fields the move was sent with (a game's 'pass' may take no fields at all,
        # and its engine may refuse an empty 'cards')
        out = {k: v for k, v in (("kind", kind), ("cards", cards), ("ranks", ranks)) if k == "kind" or k in x}
        for k in extra_keys:
            if k in x:
                out[k] = _move_value(f"{f}.{k}", x[k])
        return out
    return v


Move = move_validator()


# --- messages -------------------------------------------------------------------
# name -> {field: (validator, required, default)}
REQ = object()

CLIENT_MESSAGES: dict[str, dict[str, tuple[Validator, Any]]] = {
    "hello": {
        "v": (Int(0, 2**31), REQ),
        "name": (clean_name, REQ),
        "token": (Opt(Str(1, TOKEN_MAX)), None),
        "spectator": (Bool, False),
        "seat": (Opt(Int(0, MAX_SEATS - 1)), None),
    },
    "move": {
        "move": (Move, REQ),
        "seq": (Opt(Int(0, 2**53)), None),
        "seat": (Opt(Int(0, MAX_SEATS - 1)), None),
    },
    "ping": {"n": (Opt(Int(-(2**53), 2**53)), None)},
    "chat": {"text": (Text(CHAT_MAX), REQ)},
    "rename": {"name": (clean_name, REQ)},
    "sit": {"seat": (Int(0, MAX_SEATS - 1), REQ)},
    "leave": {},
    "resync": {},
    "hint": {"seq": (Opt(Int(0, 2**53)), None)},
    "match_log": {},
    # owner only
    "add_bot": {
        "seat": (Opt(Int(0, MAX_SEATS - 1)), None),
        "level": (Opt(Str(1, LEVEL_MAX)), None),
        "name": (Opt(clean_name), None),
    },
    "remove_bot": {"seat": (Int(0, MAX_SEATS - 1), REQ)},
    "kick": {"seat": (Int(0, MAX_SEATS - 1), REQ)},
    "open_seat": {"seat": (Int(0, MAX_SEATS - 1), REQ)},
    "reorder": {"order": (List(Int(0, MAX_SEATS - 1), MAX_SEATS), REQ)},
    "set_seats": {"n": (Int(1, MAX_SEATS), REQ)},
    "set_rules": {
        "game": (Opt(Str(1, 32)), None),
        "template": (Opt(Str(1, 40)), None),
        "rules": (Opt(Map), None),
    },
    "set_options": {
        "turn_timer": (Opt(Num(0, 3600)), None),
        "reconnect_wait": (Opt(Num(0, 86400)), None),
        "bot_level": (Opt(Str(1, LEVEL_MAX)), None),
        "bot_delay": (Opt(Num(0, 30)), None),
        "auto_next": (Opt(Num(-1, 3600)), None),
        "pace": (Opt(Str(1, 8, PACES)), None),
        "name": (Opt(clean_name), None),
        "rounds": (Opt(Int(0, 99)), None),
        "hints": (Opt(Bool), None),
    },
    "start": {},
    "next_round": {},
    "end_match": {},
    "gather": {},
    "new_evening": {},
    "again": {"turn": (Int(0, MAX_SEATS - 1), 0)},
}

ADMIN_TYPES = frozenset({
    "add_bot", "remove_bot", "kick", "open_seat", "reorder", "set_seats", "set_rules", "set_options",
    "start", "next_round", "end_match", "gather", "new_evening", "again",
})

SEAT = {
    "seat": (Int(0, MAX_SEATS - 1), REQ),
    "name": (Str(0, NAME_MAX), REQ),
    "kind": (Str(1, 8, ("empty", "human", "bot")), REQ),
    "connected": (Bool, REQ),
    "away": (Bool, False),
    "wait": (Opt(Num(0, 86400)), None),
    "level": (Opt(Str(1, LEVEL_MAX)), None),
    "owner": (Bool, False),
    "open": (Bool, False),
}

HOST_MESSAGES: dict[str, dict[str, tuple[Validator, Any]]] = {
    "welcome": {
        "v": (Int(0, 2**31), REQ),
        "seat": (Opt(Int(0, MAX_SEATS - 1)), None),
        "token": (Opt(Str(1, TOKEN_MAX)), None),
        "spectator": (Bool, False),
        "admin": (Bool, False),
        "name": (Str(0, NAME_MAX), REQ),
        "table": (Str(0, 64), REQ),
        "game": (Opt(Str(1, 32)), None),
    },
    "lobby": {
        "table": (Str(0, 64), REQ),
        "seats": (List(Map, MAX_SEATS), REQ),
        "n": (Int(1, MAX_SEATS), REQ),
        "game": (Opt(Str(1, 32)), None),
        "games": (List(Map, 32), None),
        "players": (Opt(List(Int(1, MAX_SEATS), 2)), None),
        "bot_levels": (Opt(List(Str(1, LEVEL_MAX), 16)), None),
        "template": (Str(0, 40), REQ),
        "rules": (Map, REQ),
        "running": (Bool, REQ),
        "phase": (Opt(Str(1, 16)), None),
        "round_no": (Int(0, 2**31), 0),
        "spectators": (Int(0, 2**31), 0),
        "start_when_full": (Bool, False),
        "owner_first": (Bool, False),
        "gathering": (Bool, False),
        "hints": (Opt(List(Int(0, 2**31), MAX_SEATS)), None),
        "evening": (Opt(Map), None),
        "options": (Map, REQ),
    },
    "state": {
        "seq": (Int(0, 2**53), REQ),
        "view": (Opt(Map), None),          # the whole view, or
        "patch": (Opt(Map), None),         # only the top-level keys that changed (protocol 3)
        "append": (Opt(Map), None),        # list keys that grew: the new items at their end
        "gone": (Opt(List(Str(0, 64), 4096)), None),
        "events": (List(Map, 4096), REQ),
        "timer": (Opt(Map), None),
        "hold": (Num(0, 600), 0.0),         # seconds this state stays before the next is shown
        "past": (Opt(List(Map, 4096)), None),  # a full view's round so far (for the log)
    },
    "error": {
        "code": (Str(1, 32), REQ),
        "msg": (Str(0, 500), REQ),
        "ref": (Opt(Str(0, 32)), None),
        "fatal": (Bool, False),
    },
    "pong": {"n": (Opt(Int(-(2**53), 2**53)), None)},
    "chat": {
        "seat": (Opt(Int(0, MAX_SEATS - 1)), None),
        "name": (Str(0, NAME_MAX), REQ),
        "text": (Str(0, CHAT_MAX), REQ),
    },
    "bye": {"code": (Str(1, 32), REQ), "msg": (Str(0, 500), "")},
    "match_log": {
        "part": (Int(0, 10000), REQ),
        "parts": (Int(1, 10000), REQ),
        "header": (Opt(Map), None),        # the match header (no tokens), with part 0
        "entries": (List(Map, 4096), REQ),  # game entries: move, next_round, end_match
    },
}


def _validate(msg: Any, table: dict[str, dict[str, tuple[Validator, Any]]]) -> dict:
    if not isinstance(msg, dict):
        raise SchemaError("bad_message", "a message must be a map with a field 't'")
    t = msg.get("t")
    if not isinstance(t, str):
        raise SchemaError("bad_message", "field 't' (message type) missing or not a string")
    spec = table.get(t)
    if spec is None:
        raise SchemaError("unknown_type", f"unknown message type {t[:32]!r}")
    return {"t": t, **_validate_fields(msg, spec)}


_MOVE_CACHE: dict = {}


def validate_client(msg: Any, move_kinds: tuple | None = None, move_keys: tuple = ()) -> dict:
    """Check a client→host message; return it cleaned. Raises SchemaError. ``move_kinds`` and
    ``move_keys``: the move shape of the table's game (``Game.move_kinds``/``move_keys``;
    None: any short kind)."""
    if (not move_kinds and not move_keys) or not (isinstance(msg, dict) and msg.get("t") == "move"):
        out = _validate(msg, CLIENT_MESSAGES)
    else:
        key = (tuple(move_kinds or ()), tuple(move_keys))
        table = _MOVE_CACHE.get(key)
        if table is None:
            table = _MOVE_CACHE[key] = dict(CLIENT_MESSAGES, move=dict(CLIENT_MESSAGES["move"],
                                                                  move=(move_validator(move_kinds, move_keys), REQ)))
        out = _validate(msg, table)
    if out["t"] == "set_rules" and out["template"] is not None and out["rules"] is not None:
        raise SchemaError("bad_message", "set_rules needs exactly one of 'template' or 'rules', not both")
    if out["t"] == "set_rules" and out["template"] is None and out["rules"] is None and out["game"] is None:
        raise SchemaError("bad_message", "set_rules needs exactly one of 'template' or 'rules' (or a 'game' "
                                         "alone: its first template)")
    if out["t"] == "reorder" and sorted(out["order"]) != list(range(len(out["order"]))):
        raise SchemaError("bad_message", "field 'order': must be a permutation of 0..n-1")
    return out


def validate_host(msg: Any) -> dict:
    """Check a host→client message; return it cleaned. Raises SchemaError."""
    out = _validate(msg, HOST_MESSAGES)
    if out["t"] == "lobby":
        out["seats"] = [_validate_fields(s, SEAT) for s in out["seats"]]
    elif out["t"] == "state" and (out["view"] is None) == (out["patch"] is None):
        raise _bad("view", "a state carries either the whole view or a patch")
    return out


def _validate_fields(d: dict, spec: dict[str, tuple[Validator, Any]]) -> dict:
    out = {}
    for field, (check, default) in spec.items():
        if field in d and d[field] is not None:
            out[field] = check(field, d[field])
        elif default is REQ:
            raise _bad(field, "is required")
        else:
            out[field] = default
    return out


def error(code: str, msg: str | None = None, ref: str | None = None, fatal: bool = False) -> dict:
    """An ``error`` message (host→client)."""
    return {"t": "error", "code": code, "msg": (msg or ERROR_CODES.get(code, code))[:500],
            "ref": ref, "fatal": fatal}


def hello(name: str, token: str | None = None, spectator: bool = False,
          seat: int | None = None, v: int = PROTOCOL_VERSION) -> dict:
    """A ``hello`` message (client→host)."""
    m: dict[str, Any] = {"t": "hello", "v": v, "name": name, "spectator": spectator}
    if token is not None:
        m["token"] = token
    if seat is not None:
        m["seat"] = seat
    return m

"""A table without I/O: lobby, seats, tokens, owner rights, match flow, reconnect windows,
turn timer and bot turns, for any game of the registry (``felt.games``).

Like h11 for HTTP, the table never touches a socket, a timer or the event loop. Its user
(the asyncio server in host.py, or a test) feeds it events with the current time::

    peer = table.connect(addr, now)          # a transport opened
    table.message(peer, msg, now)            # a validated client message (schema.py)
    table.disconnect(peer, now)              # the transport closed
    table.tick(now)                          # the time given by table.wakeup() has come
    table.thought(seat, seq, move, now)      # a bot that thought elsewhere chose (see 'think')

and after each call takes what to do from ``table.take()``, a list of actions (tuples):

- ``("send", peer_id, msg)``: one message to one connection;
- ``("sendall", [peer_id, ...], msg)``: the same message to several connections;
- ``("state", [peer_id, ...], msg)``: a ``state`` message (counted for the update statistics);
- ``("updated", seq, arrival)``: every connection got the state after change ``seq``;
- ``("bye", peer_id, code, text)``: say bye and close; ``("fail", peer_id, code, text, ref)``:
  a fatal error, then close;
- ``("think", seat, seq, level, seed, view, seen)``: a slow bot should choose for ``seat`` elsewhere
  (a worker process) and the answer come back through :meth:`Table.thought`;
- ``("txt",)``: what the table announces (name, game, template, seats, running) may have changed;
- ``("match_over",)``: a match just ended.

``table.wakeup()`` is the time of the next timer (bot move, turn timer, auto next round,
reconnect window), or None. The table talks to its game ONLY through the ``Game`` object
(``felt.contract.get(game_id)``). Changes are recorded through a narrow interface, the
``recorder`` (see :class:`Recorder`; the journal implements it), before any action that tells
anyone about them is handed out.
"""
from __future__ import annotations

import hashlib
import logging
import math
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from felt import contract
from felt.contract import table_view
from felt.contract.base import PACE_SPEEDS, Game, IllegalMove
from felt.net import schema
from felt.net.evening import Evening
from felt.net.matchlog import MatchLog
from felt.net.replay import match_log_messages
from felt.net.viewdelta import diff, state_patch

log = logging.getLogger("felt.net.table")

CHAT_INTERVAL = 0.5         # seconds between two chat lines (or renames) of one connection
LOG_INTERVAL = 2.0          # seconds between two requests for the match log (it is a few frames)
OPTION_KEYS = ("turn_timer", "reconnect_wait", "bot_level", "bot_delay", "auto_next", "pace", "hints")
PAST_MAX = 2000             # events of the round kept for a player who comes back
END_PHASES = ("round_over", "match_over")


class Refuse(Exception):
    """A request the table turns down: ``error{code, msg}`` to its sender only."""

    def __init__(self, code: str, msg: str):
        super().__init__(msg)
        self.code = code
        self.msg = msg


class Recorder:
    """What the table tells its journal (every method optional to override). The table calls
    these before it hands out any action that tells a client about the change."""

    def lobby(self, table: "Table") -> None:
        """The lobby changed while no match runs (``table.lobby_record()``)."""

    def settings(self, table: "Table") -> None:
        """Options or the table name may have changed (``table.settings_record()``)."""

    def match(self, table: "Table", mlog: MatchLog) -> None:
        """A new match started; later entries come through ``mlog.listeners``."""

    def close(self) -> None:
        pass


# --------------------------------------------------------------------------- peers, seats
@dataclass(eq=False)
class Peer:
    """One connection as the table sees it (no transport)."""
    id: int
    addr: str = "?"
    opened: float = 0.0
    welcomed: bool = False
    seat: int | None = None
    spectator: bool = False
    admin: bool = False
    name: str = ""
    last_chat: float = -math.inf
    last_rename: float = -math.inf
    last_log: float = -math.inf       # when this connection last got a finished match's log
    closed: bool = False
    view: dict | None = None          # the last view sent on this connection (patches build on it)


@dataclass(eq=False)
class Seat:
    kind: str = "empty"               # 'empty' | 'human' | 'bot'
    name: str = ""
    token: str | None = None
    level: str | None = None
    owner: bool = False
    auto: bool = False                # bot a newcomer may take during a match (empty at start, or opened)
    away: bool = False                # human absent; a bot plays for it
    peer: Peer | None = None
    bot: Any = None
    bot_seed: int | None = None
    away_due: float | None = None     # when the reconnect window of an absent human ends
    seen: list = field(default_factory=list)  # views since a bot thinking elsewhere last chose

    @property
    def conn(self) -> Peer | None:    # the name the host used before
        return self.peer

    def public(self, i: int, now: float = 0.0) -> dict:
        return {"seat": i, "name": self.name, "kind": self.kind,
                "connected": self.kind == "bot" or self.peer is not None, "away": self.away,
                # seconds the table still waits for a dropped player before a bot plays for it
                "wait": None if self.away_due is None else round(max(0.0, self.away_due - now), 1),
                "level": self.level if (self.kind == "bot" or self.away) else None, "owner": self.owner,
                "open": self.kind == "bot" and self.auto}

    def record(self, i: int) -> dict:
        return {"seat": i, "name": self.name, "kind": self.kind, "token": self.token,
                "level": self.level, "owner": self.owner, "auto": self.auto}


class RandomBot:
    """A random legal move from the view (when a game's bot cannot be made or fails)."""

    def __init__(self, seed: Any = None):
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> dict:
        return table_view.random_move(view, self.rng)      # a pick move with cards chosen


def make_bot(game: Game, level: str, seed: Any = None, think_ms: int | None = None):
    try:
        return game.make_bot(level, seed=seed, think_ms=think_ms)
    except Exception:
        log.exception("make_bot failed; using a random bot")
        return RandomBot(seed)


def resolve_rules(spec: Any, game_id: str | None = None) -> tuple[Game, Any]:
    """``(game, rules)`` from a template id or rule file of any game, a rule dict, or a rule
    set object (of ``game_id``, else the default game)."""
    if isinstance(spec, str):
        return contract.find_rules(spec)
    if isinstance(spec, dict):
        gid = game_id or contract.id_of(spec)
        g = contract.get(gid)
        return g, g.rules_from_dict(spec)
    g = contract.get(game_id)
    return g, spec


def template_of(game: Game, rules: Any) -> str:
    rid = str(getattr(rules, "id", "")).upper()
    for t in game.template_ids():
        if t.upper() == rid:
            try:
                if game.template(t) == rules:
                    return t
            except Exception:
                pass
    return "custom"


# ---------------------------------------------------------------------------------- table
class Table:
    def __init__(self, *, rules: Any = "PR-002", game: str | None = None, players: int = 4, bots: int = 0,
                 bot_level: str = "normal", rounds: int | None = None, seed: Any = None,
                 turn_timer: float = 0.0, reconnect_wait: float = 30.0, bot_delay: float = 0.6,
                 pace: str = "off", auto_next: float = -1.0, think_ms: int | None = None, offload_levels: tuple = ("hard",),
                 start_when_full: bool = False, owner_first: bool = False, name: str = "Felt Club",
                 admin_token: str | None = None, hints: bool = True,
                 max_joined: int = 48, clock: Callable[[], float] = time.monotonic,
                 rng: random.Random | None = None):
        self.clock = clock
        self.now = clock()
        self.game, self.rules = resolve_rules(rules, game)
        self.template = template_of(self.game, self.rules)
        self.rounds: int | None = rounds
        self.seed = seed
        self.think_ms = think_ms
        self.offload_levels = tuple(offload_levels or ())
        self.start_when_full = start_when_full
        # a table nobody owns yet (a headless host): the first player to sit becomes its owner
        self.owner_first = owner_first
        self.gathering = False                   # the owner is back in the lobby after a match
        self.admin_token = admin_token or secrets.token_urlsafe(16)
        self.table_name = " ".join(str(name).split())[:64] or "Felt Club"
        self.default_level = bot_level
        n = max(1, min(schema.MAX_SEATS, int(players)))
        self.seats: list[Seat] = [Seat() for _ in range(n)]
        for i in range(min(bots, n)):
            self._put_bot(i, bot_level)
        self.options = {"turn_timer": float(turn_timer), "reconnect_wait": float(reconnect_wait),
                        "bot_level": self.game.bot_level(bot_level), "bot_delay": float(bot_delay), "auto_next": float(auto_next),
                        "pace": pace if pace in PACE_SPEEDS else "normal",
                        "hints": bool(hints)}     # players may ask for a "Tipp" (the owner's lobby option)
        self.hints: list[int] = []               # hints each seat took in the match (felt.net.hints)
        # the one clock of every screen: when the last state shows (the host's estimate of its
        # arrival) and how long it holds before the next may follow
        self.shown_at = -math.inf
        self.hold = 0.0
        self.past: list[dict] = []               # the round's events so far (unfiltered; never sent whole)
        self._past_round = 0
        self.state: Any = None
        self.log: MatchLog | None = None
        self.matches = 0
        self.peers: dict[int, Peer] = {}
        self._ids = 0
        self.max_joined = max_joined
        self.refused: dict[str, int] = {"reserve": 0}
        self.recorder: Recorder = Recorder()
        self.evening = Evening()                 # the evening's standings (the host gives it its file)
        self.on_log: list[Callable[[MatchLog], Any]] = []
        self.move_arrival: float | None = None   # set by the server before a network move
        self.announced = False                   # the server announces the table: welcome has table_id
        self._out: list[tuple] = []
        # what happens next (times on the clock given to the table)
        self.turn_due: float | None = None       # a bot moves for the seat on turn
        self.turn_seq: int = -1
        self.timer_deadline: float | None = None  # the turn timer of a human on turn runs out
        self.timer_armed = False
        self.timer_seq: int = -1
        self.next_due: float | None = None       # the next round deals itself
        self.next_seq: int = -1
        self.timer_fired = False                 # the timer ran out and a bot moves for the human
        self.thinking: int | None = None         # seq a bot thinks about elsewhere
        self._rng = rng or random.Random()

    # -------------------------------------------------------------------- plumbing
    def _enter(self, now: float | None) -> None:
        self.now = self.clock() if now is None else now

    def take(self) -> list[tuple]:
        """The actions produced since the last call (see the module docstring)."""
        out, self._out = self._out, []
        return out

    def _send(self, peer: Peer, msg: dict) -> None:
        if not peer.closed:
            self._out.append(("send", peer.id, msg))

    def _error(self, peer: Peer, code: str, msg: str | None = None, ref: str | None = None) -> None:
        self._send(peer, schema.error(code, msg, ref))

    def _bye(self, peer: Peer, code: str, text: str | None = None) -> None:
        if peer.closed:
            return
        self._out.append(("bye", peer.id, code, text or schema.ERROR_CODES.get(code, code)))
        self._drop(peer)

    def _fail(self, peer: Peer, code: str, text: str, ref: str | None = None) -> None:
        if peer.closed:
            return
        self._out.append(("fail", peer.id, code, text, ref))
        self._drop(peer)

    def welcomed(self) -> list[Peer]:
        return [p for p in self.peers.values() if p.welcomed and not p.closed]

    @property
    def running(self) -> bool:
        return self.state is not None and self.state.phase != "match_over"

    @property
    def seq(self) -> int:
        return self.log.seq if self.log is not None else 0

    @property
    def game_id(self) -> str:
        return self.game.id

    # ---------------------------------------------------------------- connections
    def connect(self, addr: str = "?", now: float | None = None) -> Peer:
        self._enter(now)
        self._ids += 1
        p = Peer(self._ids, addr, self.now)
        self.peers[p.id] = p
        return p

    def disconnect(self, peer: Peer, now: float | None = None) -> None:
        """The transport of ``peer`` closed (or the server closed it)."""
        self._enter(now)
        self._drop(peer)

    def _drop(self, peer: Peer) -> None:
        if self.peers.pop(peer.id, None) is None:
            return
        peer.closed = True
        if peer.seat is not None and peer.seat < len(self.seats):
            seat = self.seats[peer.seat]
            if seat.peer is peer:
                seat.peer = None
                self._start_away(seat)
                self._lobby_changed()

    def holds_seat(self, token: str) -> bool:
        """Does a player's seat (in the lobby or the match) still have this seat token? A phone
        whose page comes back after a long sleep takes its seat back only then."""
        return any(s.kind == "human" and s.token is not None and secrets.compare_digest(s.token.encode(), token.encode())
                   for s in self.seats)

    def absent_holders(self) -> int:
        return sum(1 for s in self.seats if s.kind == "human" and s.token and s.peer is None)

    def _reserve_full(self) -> bool:
        """True if a hello without a seat token must be turned away: the last connections are
        kept for handshakes and for players coming back to their seats."""
        return len(self.welcomed()) + self.absent_holders() >= self.max_joined

    def _start_away(self, seat: Seat) -> None:
        seat.away_due = self.now + max(0.0, self.options["reconnect_wait"])

    def _away(self, seat: Seat) -> None:
        """The reconnect wait of a dropped player ran out."""
        seat.away_due = None
        i = next((k for k, x in enumerate(self.seats) if x is seat), -1)
        if i < 0 or seat.peer is not None or seat.kind != "human":
            return
        if self.running:
            seat.away = True
            seat.level = seat.level or self.options["bot_level"]
            self._lobby_changed()
            self._schedule()
        elif not seat.owner:
            self.seats[i] = Seat()  # lobby: the seat becomes free again
            self._lobby_changed()

    # ------------------------------------------------------------------- messages
    def message(self, peer: Peer, msg: dict, now: float | None = None) -> None:
        """A client message already checked by ``schema.validate_client`` (not ``ping``)."""
        self._enter(now)
        if peer.closed:
            return
        t = msg["t"]
        if not peer.welcomed:
            if t != "hello":
                self._error(peer, "hello_first", "say hello first", t)
                return
            handler = self._hello
        elif t == "hello":
            self._error(peer, "already_joined", "this connection already said hello", t)
            return
        elif t in schema.ADMIN_TYPES and not peer.admin:
            self._error(peer, "not_admin", f"only the table owner may send '{t}'", t)
            return
        else:
            handler = getattr(self, "_m_" + t, None)
        if handler is None:
            self._error(peer, "unknown_type", f"unknown message type {t[:32]!r}", t)
            return
        try:
            handler(peer, msg)
        except Refuse as r:
            self._error(peer, r.code, r.msg, t)
        except Exception as exc:  # a bug must not take the table down
            log.exception("error handling %r", t)
            self._error(peer, "bad_message", f"the host could not handle this message ({type(exc).__name__})", t)
        finally:
            self.move_arrival = None

    # handshake
    def _welcome(self, peer: Peer) -> dict:
        seat = self.seats[peer.seat] if peer.seat is not None else None
        return {"t": "welcome", "v": schema.PROTOCOL_VERSION, "seat": peer.seat,
                "token": seat.token if seat else (self.admin_token if peer.admin else None),
                "spectator": peer.seat is None, "admin": peer.admin, "name": peer.name,
                "table": self.table_name, "game": self.game.id,
                **({"table_id": self.table_id} if self.announced else {})}

    @property
    def table_id(self) -> str:
        """A stable public id of this table: a hash of the admin token (which the journal keeps,
        so a resumed table has the same id), never the token itself. In the TXT record and the
        welcome (of an announced table), so clients find a resumed table again at a new port."""
        return hashlib.sha256(b"felt-table-id\0" + self.admin_token.encode()).hexdigest()[:16]

    def _hello(self, peer: Peer, msg: dict) -> None:
        if msg["v"] != schema.PROTOCOL_VERSION:
            self._fail(peer, "bad_version", f"this host speaks protocol version {schema.PROTOCOL_VERSION}, "
                                            f"not {msg['v']}: please update Felt Club", "hello")
            return
        token, name = msg["token"], msg["name"]
        # compare as bytes: compare_digest raises TypeError on non-ASCII str (found by fuzzing)
        is_admin = token is not None and secrets.compare_digest(token.encode(), self.admin_token.encode())
        seat_i: int | None = None
        found: int | None = None
        if token is not None:
            found = next((i for i, s in enumerate(self.seats)
                          if s.token is not None and secrets.compare_digest(s.token.encode(), token.encode())), None)
            if found is None and not is_admin:
                self._error(peer, "bad_token", "unknown seat token (the seat may have been given up)", "hello")
                return
        reclaim = found is not None and not msg["spectator"]
        if not reclaim and not is_admin and self._reserve_full():
            self.refused["reserve"] = self.refused.get("reserve", 0) + 1
            self._bye(peer, "busy", "the host has no room for another player or spectator: its last connections "
                                    "are kept for players coming back to their seats (try again later)")
            return
        if token is not None:
            if msg["spectator"]:
                seat_i = None
            elif found is not None:
                seat_i = found
                self._reclaim(found, peer, name)
            else:  # the owner's first hello
                seat_i = self._free_seat(msg["seat"])
                if seat_i is None:
                    self._error(peer, "table_full", "no free seat for the owner; join as spectator", "hello")
                    return
                self._seat_human(seat_i, peer, name, token=self.admin_token, owner=True)
        elif not msg["spectator"]:
            seat_i = self._free_seat(msg["seat"])
            if seat_i is None:
                self._error(peer, "table_full", "no free seat at this table; you may watch as spectator", "hello")
                return
            self._seat_human(seat_i, peer, name)
        peer.welcomed = True
        peer.admin = is_admin or peer.admin     # a table nobody owned made this player its owner
        peer.name = name
        peer.seat = seat_i
        peer.spectator = seat_i is None
        self._send(peer, self._welcome(peer))
        self._lobby_changed()
        if self.state is not None and (self.running or (reclaim and self._played_last_match(seat_i))):
            # after a finished match only its own players (back with their tokens, at the seat
            # they played) see its final state; a newcomer or spectator sees the lobby, not
            # another seat's results
            self._send_full_state(peer, [])
        self.check_full()
        if seat_i is not None and self.running:
            self._schedule()

    def _played_last_match(self, i: int | None) -> bool:
        """Did the holder of seat ``i`` play the last match at that seat (same seat token)?"""
        if i is None or self.log is None or self.state is None or i >= self.state.n:
            return False
        recs = self.log.seats()
        return i < len(recs) and recs[i].get("token") is not None and recs[i].get("token") == self.seats[i].token

    def _free_seat(self, wish: int | None) -> int | None:
        if not self.running:
            # between matches a bot that only filled an empty seat makes room for a newcomer too
            if wish is not None and wish < len(self.seats) and (self.seats[wish].kind == "empty" or
                                                                (self.seats[wish].kind == "bot" and self.seats[wish].auto)):
                return wish
            return next((i for i, s in enumerate(self.seats) if s.kind == "empty"),
                        next((i for i, s in enumerate(self.seats) if s.kind == "bot" and s.auto), None))
        # during a match: a bot that filled an empty seat at the start (or the owner opened)
        if wish is not None and wish < len(self.seats) and self.seats[wish].kind == "bot" and self.seats[wish].auto:
            return wish
        return next((i for i, s in enumerate(self.seats) if s.kind == "bot" and s.auto), None)

    def _seat_human(self, i: int, peer: Peer, name: str, token: str | None = None, owner: bool = False) -> None:
        if not owner and self._owner_wanted():
            owner, token = True, self.admin_token     # the first to sit at a table nobody owns
        self.seats[i] = Seat(kind="human", name=name, token=token or secrets.token_urlsafe(16), owner=owner, peer=peer)
        if owner:
            peer.admin = True
        self._log_seat(i)

    def _owner_wanted(self) -> bool:
        return self.owner_first and not any(s.kind == "human" and s.owner for s in self.seats)

    def _hand_over_ownership(self) -> None:
        """A table nobody owns any more (its owner left): the first player seated and here
        becomes its owner (the owner's token is its seat token; a new welcome says so)."""
        if not self._owner_wanted():
            return
        i = next((k for k, s in enumerate(self.seats) if s.kind == "human" and s.peer is not None), None)
        if i is None:
            return
        seat = self.seats[i]
        seat.owner, seat.token = True, self.admin_token
        seat.peer.admin = True
        self._log_seat(i)
        self._send(seat.peer, self._welcome(seat.peer))

    def _reclaim(self, i: int, peer: Peer, name: str) -> None:
        seat = self.seats[i]
        old = seat.peer
        if old is not None and old is not peer:
            old.seat = None
            self._bye(old, "replaced", "this seat was taken over by a newer connection with its token")
        seat.away_due = None
        seat.peer = peer
        seat.away = False
        if seat.name != name:
            seat.name = name
            self._log_seat(i)

    def _log_seat(self, i: int) -> None:
        if self.log is not None and self.running:
            self.log.seat(**self.seats[i].record(i))
        else:  # lobby: seats and tokens on disk before the welcome goes out
            self.recorder.lobby(self)

    # game
    def _m_move(self, peer: Peer, msg: dict) -> None:
        if peer.seat is None:
            raise Refuse("not_seated", "spectators cannot move")
        if self.state is None:
            raise Refuse("no_match", "no match is running")
        if msg["seat"] is not None and msg["seat"] != peer.seat:
            raise Refuse("not_your_seat", f"you sit at seat {peer.seat}, not {msg['seat']}")
        s = self.state
        if s.phase not in END_PHASES and s.to_move is not None and s.to_move != peer.seat:
            raise Refuse("not_your_turn", f"it is seat {s.to_move}'s turn, not yours")
        if msg["seq"] is not None and msg["seq"] != self.seq:
            raise Refuse("stale", f"the move was made for state {msg['seq']}; the table is at {self.seq}")
        try:
            move = self.game.move_from_wire(msg["move"])
            self._apply(peer.seat, move)
        except IllegalMove as exc:
            raise Refuse("illegal_move", str(exc)) from None

    def _m_hint(self, peer: Peer, msg: dict) -> None:
        """A player took a "Tipp" on its turn (the window worked it out from its own view):
        counted once per seat and state (``seq``) for the match's results, journaled in the
        move log (a ``hint`` entry replay skips), and told to everyone in ``lobby.hints``."""
        if peer.seat is None:
            raise Refuse("not_seated", "spectators take no hints")
        if not self.running:
            raise Refuse("no_match", "no match is running")
        if not self.options.get("hints", True):
            raise Refuse("hints_off", "the table's owner switched hints off")
        s = self.state
        if s.phase in END_PHASES or s.to_move != peer.seat:
            raise Refuse("not_your_turn", "a hint is for your own turn")
        if msg["seq"] is not None and msg["seq"] != self.seq:
            raise Refuse("stale", f"the hint was for state {msg['seq']}; the table is at {self.seq}")
        if self.log.hint_taken(peer.seat, self.seq):
            return                       # the same turn's hint again: counted once
        self.log.hint(peer.seat, self.seq)
        self.hints = self.log.hint_counts()
        ids = [p.id for p in self.welcomed()]
        if ids:
            self._out.append(("sendall", ids, self.lobby_msg()))

    def _apply(self, seat: int, move: Any) -> None:
        """Apply a move (raises IllegalMove, changing nothing), log it, send the result."""
        new, events = self.game.apply(self.state, seat, move)
        self.state = new
        self.log.move(seat, self.game.move_to_wire(move))
        self._after_change(events)

    def _after_change(self, events: list[dict]) -> None:
        self.cancel_turn()
        self._keep_past(events)
        self.shown_at = max(self.now, self.shown_at + self.hold)
        self.hold = round(self.game.pace(events) * PACE_SPEEDS.get(self.options["pace"], 1.0), 3)
        self._schedule(send_timer_only=True)
        self._broadcast_state(events)
        self._show_bots()
        self._out.append(("updated", self.seq, self.move_arrival))
        self.move_arrival = None
        if self.state is not None and self.state.phase == "match_over":
            self._match_over()
        else:
            self._schedule()

    def _view(self, seat: int | None) -> dict:
        return self.game.view(self.state, seat)

    def _keep_past(self, events: list[dict]) -> None:
        """The round's events, for the log of a player who comes back (filtered per seat)."""
        rnd = getattr(self.state, "round_no", 0)
        if rnd != self._past_round:
            self._past_round = rnd
            self.past = []
        self.past.extend(events)
        if len(self.past) > PAST_MAX:
            del self.past[:len(self.past) - PAST_MAX]

    def hold_left(self) -> float:
        """Seconds until every screen has shown the last state for its hold."""
        return max(0.0, self.shown_at + self.hold - self.now)

    def timer_info(self) -> dict | None:
        if self.timer_deadline is None or self.state is None or self.state.to_move is None:
            return None
        left = max(0.0, self.timer_deadline - self.now)
        return {"seat": self.state.to_move, "left": round(left, 2), "total": self.options["turn_timer"]}

    def _state_msg(self, view: dict, events: list[dict]) -> dict:
        return {"t": "state", "seq": self.seq, "view": view, "events": events, "timer": self.timer_info(),
                "hold": self.hold}

    def _send_full_state(self, peer: Peer, events: list[dict]) -> None:
        """The whole view of ``peer``'s seat (a new connection, a new seat, a ``resync``):
        later states to this connection are patches on it."""
        if peer.closed:
            return
        view = self._view(peer.seat)
        peer.view = view
        msg = self._state_msg(view, self.game.filter_events(events, peer.seat) if events else [])
        if not events and self.past:
            # a player coming back (or a new window) gets the round so far for its log
            msg["past"] = self.game.filter_events(self.past, peer.seat)
            msg["hold"] = 0.0
        self._send(peer, msg)

    def _broadcast_state(self, events: list[dict]) -> None:
        """Every connection gets the change: only the view keys that differ from the last view
        sent to it (protocol 3, ``felt/net/viewdelta.py``), or the whole view if it has none.
        Connections of one seat that got the same views share one message (one encoding)."""
        groups: dict[tuple, list[Peer]] = {}
        for p in self.welcomed():
            groups.setdefault((p.seat, id(p.view)), []).append(p)
        # every seat's view at once: a game may build the public part once for all of them
        views: dict[Any, dict] = self.game.views(self.state, list(dict.fromkeys(k for k, _ in groups)))
        evs: dict[Any, list] = {}
        timer = self.timer_info()
        memo: dict = {}     # values the views share are compared once (viewdelta.diff)
        for (key, _), peers in groups.items():
            if key not in evs:
                evs[key] = self.game.filter_events(events, key)
            view = views[key]
            d = diff(peers[0].view, view, memo)
            if d is None:
                msg = {"t": "state", "seq": self.seq, "view": view, "events": evs[key], "timer": timer}
            else:
                msg = state_patch(self.seq, d[0], d[1], d[2], evs[key], timer)
            msg["hold"] = self.hold
            for p in peers:
                p.view = view
            self._out.append(("state", [p.id for p in peers], msg))

    def _m_match_log(self, peer: Peer, msg: dict) -> None:
        """The finished match's whole log, for a replay (felt.net.replay): only once the match
        is over (it holds every hand), in parts that each fit a frame, without any token."""
        if self.running:
            raise Refuse("running", "the match is not over yet: its log (every hand) is sent only after it has ended")
        if self.log is None:
            raise Refuse("no_match", "no match has been played at this table")
        if self.now - peer.last_log < LOG_INTERVAL:
            raise Refuse("rate_limited", f"the match log was just sent; ask again in {LOG_INTERVAL:g} s")
        peer.last_log = self.now
        for part in match_log_messages(self.log):
            self._send(peer, part)

    def _m_resync(self, peer: Peer, msg: dict) -> None:
        """The client lost track of its view (or just wants it whole): send it in full."""
        if self.state is None or peer.view is None:
            raise Refuse("no_match", "there is no match state to send on this connection")
        self._send_full_state(peer, [])

    # turn handling: bots, timer, auto next round
    def cancel_turn(self) -> None:
        self.timer_fired = False
        self.turn_due = None
        self.timer_armed = False
        self.next_due = None
        self.timer_deadline = None

    def bot_controls(self, i: int) -> bool:
        s = self.seats[i]
        return s.kind == "bot" or (s.kind == "human" and s.away and s.peer is None)

    def _asks(self) -> bool:
        s = self.state
        return s is not None and s.phase not in END_PHASES and s.to_move is not None

    def _schedule(self, send_timer_only: bool = False) -> None:
        """Arrange what happens next: a bot's move, the turn timer, or the next round."""
        s = self.state
        if s is None:
            return
        if send_timer_only:
            # set the deadline before the state goes out, so clients see the timer: it runs
            # from when the state shows on the screens
            if self._asks() and not self.bot_controls(s.to_move) and self.options["turn_timer"] > 0:
                self.timer_deadline = max(self.now, self.shown_at) + self.options["turn_timer"]
            return
        seq = self.seq
        if self._asks():
            if self.bot_controls(s.to_move):
                if self.timer_armed:
                    self.timer_armed = False
                    self.timer_deadline = None
                if self.turn_due is None and self.thinking != seq:
                    # a bot moves once every screen has shown the last change long enough
                    self.turn_due = self.now + max(max(0.0, self.options["bot_delay"]), self.hold_left())
                    self.turn_seq = seq
            elif self.options["turn_timer"] > 0 and not self.timer_armed:
                self.turn_due = None
                if self.timer_deadline is None:
                    self.timer_deadline = self.now + self.options["turn_timer"]
                self.timer_armed = True
                self.timer_seq = seq
        elif s.phase == "round_over" and self.options["auto_next"] >= 0 and self.next_due is None:
            self.next_due = self.now + max(self.options["auto_next"], self.hold_left())
            self.next_seq = seq

    def wakeup(self) -> float | None:
        """When :meth:`tick` should be called next (None: no timer runs)."""
        times = [s.away_due for s in self.seats if s.away_due is not None]
        if self.turn_due is not None:
            times.append(self.turn_due)
        if self.timer_armed and self.timer_deadline is not None:
            times.append(self.timer_deadline)
        if self.next_due is not None:
            times.append(self.next_due)
        return min(times) if times else None

    def tick(self, now: float | None = None) -> None:
        """Run what is due: reconnect windows, then at most one bot move, turn timer or next
        round (what that schedules waits for the next tick, so a table of bots with no delay
        still lets the server read its connections between two moves)."""
        self._enter(now)
        for seat in list(self.seats):
            if seat.away_due is not None and seat.away_due <= self.now:
                self._away(seat)
        if self.turn_due is not None and self.turn_due <= self.now:
            seq, self.turn_due = self.turn_seq, None
            self._bot_turn(seq)
        elif self.timer_armed and self.timer_deadline is not None and self.timer_deadline <= self.now:
            self.timer_armed = False
            self._timer_expired(self.timer_seq)
        elif self.next_due is not None and self.next_due <= self.now:
            seq, self.next_due = self.next_seq, None
            if self.state is not None and seq == self.seq and self.state.phase == "round_over":
                self._next_round()

    def _bot_for(self, i: int):
        seat = self.seats[i]
        if seat.bot is None:
            seed = self._rng.getrandbits(32)
            seat.bot = make_bot(self.game, self._bot_level(i), seed=seed, think_ms=self.think_ms)
        return seat.bot

    SEEN_MAX = 96  # views kept for a bot that thinks elsewhere (a round's tricks, most recent)

    def _show_bots(self) -> None:
        """Bots that remember the table (``Game.bot_watches``) see
        every change from their seat, as a player at the table sees every play, not only the
        view on their turn. A bot thinking in a worker gets the views since its last decision
        with its next ``think`` action; one thinking here sees each change once it has made
        its first move (the bot, and so its seed, is made at that move)."""
        if self.state is None or self.state.phase in END_PHASES:
            return
        for i, seat in enumerate(self.seats):
            if not self.bot_controls(i) or not self.game.bot_watches(self._bot_level(i)):
                continue
            if self._offloaded(i):
                seat.seen.append(self._view(i))
                if len(seat.seen) > self.SEEN_MAX:
                    del seat.seen[0]
            elif seat.bot is not None and getattr(seat.bot, "watches", False):
                try:
                    seat.bot.watch(self._view(i))
                except Exception as exc:
                    log.warning("bot at seat %d could not watch (%s)", i, exc)

    def _bot_level(self, i: int) -> str:
        return self.seats[i].level or self.options["bot_level"]

    def _offloaded(self, i: int) -> bool:
        """Does seat i's bot think in the host's worker (a slow level of a game that worker finds by name)?"""
        return bool(self.offload_levels) and self._bot_level(i) in self.offload_levels \
            and contract.found_by_name(self.game.id)

    def _bot_move(self, i: int) -> None:
        """Let a bot move for seat i (now, or elsewhere for slow levels of built-in games)."""
        if self._offloaded(i):
            if self.thinking != self.seq:
                self.thinking = self.seq
                seed = self.seats[i].bot_seed
                if seed is None:
                    seed = self.seats[i].bot_seed = self._rng.getrandbits(32)
                seen, self.seats[i].seen = self.seats[i].seen, []
                self._out.append(("think", i, self.seq, self._bot_level(i), seed, self._view(i), seen))
            return
        v = self._view(i)
        if not v["legal"]:
            return
        try:
            move = self._bot_for(i).choose(v)
        except Exception as exc:
            log.warning("bot at seat %d failed (%s)", i, exc)
            move = None
        self._apply_bot(i, move, v)

    def thought(self, i: int, seq: int, move: Any, view: dict | None = None, failed: bool = False,
                now: float | None = None) -> None:
        """The answer to a ``think`` action (``failed``: the worker could not; decide here)."""
        self._enter(now)
        if self.thinking == seq:
            self.thinking = None
        s = self.state
        if s is None or seq != self.seq or s.to_move != i or s.phase in END_PHASES:
            return  # the table moved on (the timer, a reconnect, end of match)
        v = view if view is not None else self._view(i)
        if failed:
            try:
                move = self._bot_for(i).choose(v)
            except Exception:
                move = None
        if not self.bot_controls(i) and not self.timer_fired:
            self._schedule()
            return
        self.timer_fired = False
        self._apply_bot(i, move, v)

    def _apply_bot(self, i: int, move: Any, v: dict) -> None:
        try:
            if move is None:
                raise IllegalMove("no move")
            if isinstance(move, dict):
                move = self.game.move_from_wire(move)
            self.game.check_move(self.state, i, move)
        except Exception as exc:
            log.warning("bot at seat %d chose badly (%s); random legal move", i, exc)
            move = self.game.move_from_wire(table_view.random_move(v, random))
        self._apply(i, move)

    def _bot_turn(self, seq: int) -> None:
        s = self.state
        if s is None or seq != self.seq or not self._asks():
            return
        if not self.bot_controls(s.to_move):
            self._schedule()
            return
        self._bot_move(s.to_move)

    def _timer_expired(self, seq: int) -> None:
        s = self.state
        if s is None or seq != self.seq or not self._asks():
            return
        i = s.to_move
        move = self.game.timeout_move(s)
        if move is not None:
            self._apply(i, move)
        else:
            self.timer_fired = True  # the bot moves for the human whose time ran out
            self._bot_move(i)

    def _next_round(self) -> None:
        new, events = self.game.next_round(self.state)
        self.state = new
        self.log.next_round()
        self._after_change(events)

    def _match_over(self) -> None:
        self.cancel_turn()
        self._tell_evening()
        self._lobby_changed()
        self._out.append(("match_over",))

    # lobby
    def lobby_msg(self) -> dict:
        return {"t": "lobby", "table": self.table_name, "n": len(self.seats),
                "seats": [s.public(i, self.now) for i, s in enumerate(self.seats)],
                "game": self.game.id, "games": self.games_offered(),
                "players": list(self.game.players_range(self.rules)),
                "bot_levels": list(self.game.bot_levels),     # the levels the game's bots play at
                "default_rounds": self.game.default_rounds(self.rules),   # the rule set's own (0: open-ended)
                "template": self.template, "rules": self.game.rules_to_dict(self.rules), "running": self.running,
                "phase": self.state.phase if self.state is not None else None,
                "round_no": self.state.round_no if self.state is not None else 0,
                "spectators": sum(1 for p in self.welcomed() if p.seat is None),
                "start_when_full": self.start_when_full, "owner_first": self._owner_wanted(),
                "gathering": self.gathering and not self.running,
                "hints": list(self.hints),       # hints each seat took in the (last) match
                "evening": self.evening.standings([s.record(i) for i, s in enumerate(self.seats)]),
                "options": dict(self.options, rounds=self.rounds)}

    @staticmethod
    def games_offered() -> list[dict]:
        """Every game the owner may pick, with its templates (first: the default)."""
        return [{"id": g.id, "name": dict(g.name), "templates": list(g.template_ids())} for g in contract.all_games()]

    def _lobby_changed(self) -> None:
        if not self.running:
            self.recorder.lobby(self)  # written only when seats, rules or options changed
        self.recorder.settings(self)   # options or table name changed (also mid-match)
        ids = [p.id for p in self.welcomed()]
        if ids:
            self._out.append(("sendall", ids, self.lobby_msg()))
        self._out.append(("txt",))

    def check_full(self) -> None:
        if self.start_when_full and self.matches == 0 and not self.running \
                and all(s.kind != "empty" for s in self.seats):
            try:
                self.start_match()
            except (ValueError, Refuse) as exc:
                log.warning("cannot start: %s", exc)

    def _put_bot(self, i: int, level: str | None = None, name: str | None = None, auto: bool = False) -> None:
        level = self.game.bot_level(level or self.default_level)   # one of this game's levels
        self.seats[i] = Seat(kind="bot", name=name or f"Bot {i + 1}", level=level, auto=auto)

    def _known_level(self, level: str | None) -> None:
        """Refuse a bot level the table's game does not have (None: the table's own)."""
        if level is not None and level not in self.game.bot_levels:
            raise Refuse("lobby", f"{self.game.name['en']} has no bot level {level!r}; "
                                  f"its levels: {', '.join(self.game.bot_levels)}")

    def _need_lobby(self) -> None:
        if self.running:
            raise Refuse("running", "not possible while a match is running; end the match first")

    def _seat_index(self, i: int) -> Seat:
        if i >= len(self.seats):
            raise Refuse("lobby", f"there is no seat {i} (the table has {len(self.seats)})")
        return self.seats[i]

    def _m_chat(self, peer: Peer, msg: dict) -> None:
        if not msg["text"]:
            return
        if self.now - peer.last_chat < CHAT_INTERVAL:  # chat goes to everyone: keep it slow
            raise Refuse("rate_limited", f"at most one chat line per {CHAT_INTERVAL:g} s")
        peer.last_chat = self.now
        self._out.append(("sendall", [p.id for p in self.welcomed()],
                          {"t": "chat", "seat": peer.seat, "name": peer.name, "text": msg["text"]}))

    def _m_rename(self, peer: Peer, msg: dict) -> None:
        if peer.seat is None or self.seats[peer.seat].name == msg["name"]:
            peer.name = msg["name"]
            return  # a spectator's name is in no lobby: nothing to tell everyone
        # every rename goes to every connection (and the journal): keep it as slow as chat
        if self.now - peer.last_rename < CHAT_INTERVAL:
            raise Refuse("rate_limited", f"at most one rename per {CHAT_INTERVAL:g} s")
        peer.last_rename = self.now
        peer.name = msg["name"]
        self.seats[peer.seat].name = msg["name"]
        self._log_seat(peer.seat)
        self._lobby_changed()

    def _m_sit(self, peer: Peer, msg: dict) -> None:
        if peer.seat is None:
            self._take_seat(peer, msg["seat"])
            return
        self._need_lobby()
        target = self._seat_index(msg["seat"])
        if msg["seat"] == peer.seat:
            return
        if target.kind != "empty":
            raise Refuse("lobby", f"seat {msg['seat']} is not free")
        self.seats[msg["seat"]], self.seats[peer.seat] = self.seats[peer.seat], Seat()
        peer.seat = msg["seat"]
        self._send(peer, self._welcome(peer))
        self._lobby_changed()

    def _take_seat(self, peer: Peer, i: int) -> None:
        """A spectator sits down at free seat ``i`` in the lobby (empty, or a bot that only filled
        it for the last match): a new seat token, in the welcome that answers."""
        self._need_lobby()
        seat = self._seat_index(i)
        if not (seat.kind == "empty" or (seat.kind == "bot" and seat.auto)):   # a bot that only filled it
            raise Refuse("lobby", f"seat {i} is not free")
        self._seat_human(i, peer, peer.name or f"Spieler {i + 1}")
        peer.seat = i
        peer.spectator = False
        self._send(peer, self._welcome(peer))
        self._lobby_changed()
        self.check_full()

    def _m_leave(self, peer: Peer, msg: dict) -> None:
        if peer.seat is None:
            raise Refuse("not_seated", "you have no seat to leave")
        i = peer.seat
        # mid-match the seat stays with its bot (and its hand): no newcomer gets it unless the
        # owner opens it again (open_seat); in the lobby it becomes empty
        was_owner = self.seats[i].owner
        self._vacate(i, auto=False)
        peer.seat = None
        peer.spectator = True
        if was_owner and self.owner_first:
            peer.admin = False
            self._hand_over_ownership()
        self._send(peer, self._welcome(peer))
        if self.state is not None:
            self._send_full_state(peer, [])
        self._lobby_changed()
        self._schedule()

    def _vacate(self, i: int, auto: bool = True) -> None:
        """A human gives up seat i: empty in the lobby, a bot during a match. Token dies.
        ``auto``: a newcomer may take that bot's seat during the match."""
        old = self.seats[i]
        if self.running:
            self._put_bot(i, old.level or self.options["bot_level"], name=f"{old.name} (Bot)"[:schema.NAME_MAX],
                          auto=auto)
            self._log_seat(i)
        else:
            self.seats[i] = Seat()

    def _m_open_seat(self, peer: Peer, msg: dict) -> None:
        self.open_seat(msg["seat"])

    def open_seat(self, i: int) -> None:
        """Let a newcomer take bot seat ``i`` (and its hand) during the match (owner's open_seat)."""
        if not self.running:
            raise Refuse("no_match", "open_seat is for a running match; in the lobby a bot seat is "
                                     "emptied with remove_bot")
        seat = self._seat_index(i)
        if seat.kind != "bot":
            raise Refuse("lobby", f"seat {i} is not played by a bot")
        if not seat.auto:
            seat.auto = True
            self._log_seat(i)
            self._lobby_changed()

    def _m_add_bot(self, peer: Peer, msg: dict) -> None:
        self._need_lobby()
        if msg["seat"] is None:
            i = next((k for k, s in enumerate(self.seats) if s.kind == "empty"), None)
            if i is None:
                raise Refuse("lobby", "no empty seat for a bot")
        else:
            i = msg["seat"]
            if self._seat_index(i).kind != "empty":
                raise Refuse("lobby", f"seat {i} is not empty")
        self._known_level(msg["level"])
        self._put_bot(i, msg["level"] or self.options["bot_level"], msg["name"])
        self._lobby_changed()
        self.check_full()

    def _m_remove_bot(self, peer: Peer, msg: dict) -> None:
        self._need_lobby()
        if self._seat_index(msg["seat"]).kind != "bot":
            raise Refuse("lobby", f"seat {msg['seat']} is not a bot")
        self.seats[msg["seat"]] = Seat()
        self._lobby_changed()

    def _m_kick(self, peer: Peer, msg: dict) -> None:
        self.kick(msg["seat"])

    def kick(self, i: int) -> None:
        seat = self._seat_index(i)
        if seat.kind != "human":
            raise Refuse("lobby", f"seat {i} is not a human player")
        if seat.owner:
            raise Refuse("lobby", "the owner cannot kick itself; use leave")
        victim = seat.peer
        self._vacate(i, auto=False)  # else the kicked player just says hello again and gets the hand back
        if victim is not None:
            victim.seat = None
            self._bye(victim, "kicked")
        self._lobby_changed()
        self._schedule()

    def _m_reorder(self, peer: Peer, msg: dict) -> None:
        self._need_lobby()
        order = msg["order"]
        if len(order) != len(self.seats):
            raise Refuse("lobby", f"the order must list all {len(self.seats)} seats")
        self._reorder(order)
        self._lobby_changed()

    def _reorder(self, order: list[int]) -> None:
        """New seat i = old seat ``order[i]``; every seated connection is told its seat."""
        self.seats = [self.seats[k] for k in order]
        for i, s in enumerate(self.seats):
            if s.peer is not None:
                s.peer.seat = i
                self._send(s.peer, self._welcome(s.peer))

    def _m_again(self, peer: Peer, msg: dict) -> None:
        """"Nochmal mit diesen Karten": a new match dealt exactly as the finished one (its game,
        rule set, rounds and seed: every round deals the same cards to the same seats), the
        players turned ``turn`` seats on (each gets the cards of the seat ``turn`` places after
        the one it had). Journaled as any match (its header holds the seed), so it resumes."""
        self._need_lobby()
        if self.log is None or self.state is None or self.state.phase != "match_over":
            raise Refuse("no_match", "no finished match of this game to deal again")
        h = self.log.header
        n = int(h.get("n") or 0)
        if n != len(self.seats):
            raise Refuse("lobby", f"the finished match had {n} seats, the table has {len(self.seats)}: "
                                  "set the seats back first")
        turn = int(msg.get("turn") or 0) % n
        try:
            rules = self.game.rules_from_dict(h["rules"])
        except (TypeError, ValueError, KeyError) as exc:
            raise Refuse("bad_rules", f"the finished match's rule set is no longer valid: {exc}") from None
        if turn:
            self._reorder([(i - turn) % n for i in range(n)])
        self.rules, self.rounds = rules, h.get("rounds")
        self.template = template_of(self.game, rules)
        self.start_match(seed=h["seed"], again=int(h.get("match") or 0))

    def _m_set_seats(self, peer: Peer, msg: dict) -> None:
        self._need_lobby()
        n = msg["n"]
        lo, hi = self.game.players_range(self.rules)
        if not lo <= n <= hi:
            raise Refuse("lobby", f"this rule set allows {lo}..{hi} players")
        if any(s.kind != "empty" for s in self.seats[n:]):
            raise Refuse("lobby", "seats beyond the new number are taken; free them first")
        self.seats = self.seats[:n] + [Seat() for _ in range(n - len(self.seats))]
        self._lobby_changed()
        self.check_full()

    def _m_set_rules(self, peer: Peer, msg: dict) -> None:
        self._need_lobby()
        gid = msg.get("game")
        try:
            game = contract.get(gid) if gid is not None else self.game
        except KeyError:
            raise Refuse("bad_rules", f"unknown game {gid!r} (known: {', '.join(contract.ids())})") from None
        try:
            if msg["template"] is not None:
                ids = game.template_ids()
                tid = next((t for t in ids if t.upper() == msg["template"].upper()), None)
                if tid is None:  # never a path on the host's disk
                    raise Refuse("bad_rules", f"no template {msg['template']!r} of {game.id}; known: {', '.join(ids)}")
                rules = game.template(tid)
            elif msg["rules"] is not None:
                rules = game.rules_from_dict(msg["rules"])
            else:  # only a game: its first template
                rules = game.template(game.template_ids()[0])
        except Refuse:
            raise
        except (TypeError, ValueError, KeyError) as exc:
            raise Refuse("bad_rules", f"invalid rule set: {exc}") from None
        lo, hi = game.players_range(rules)
        n = len(self.seats)
        if n > hi and any(s.kind != "empty" for s in self.seats[hi:]):
            raise Refuse("bad_rules", f"this rule set allows at most {hi} players; "
                                      f"{n} seats are set up and the extra ones are taken")
        n = max(lo, min(n, hi))
        self.seats = self.seats[:n] + [Seat() for _ in range(n - len(self.seats))]
        for s in self.seats:
            if s.kind == "bot":
                s.level = game.bot_level(s.level)
        self.options["bot_level"] = game.bot_level(self.options["bot_level"])
        if game is not self.game:
            self.state = None    # the finished match was another game's: nobody is shown it again
        if msg["rules"] is not None and getattr(rules, "rounds", None) != getattr(self.rules, "rounds", None):
            self.rounds = None   # the rule set's own rounds were edited: they are the owner's choice now
        # otherwise every option stays as the owner set it (rounds too, with a template or game)
        self.game = game
        self.rules = rules
        self.template = template_of(game, rules)
        self._lobby_changed()

    def _m_set_options(self, peer: Peer, msg: dict) -> None:
        if msg["rounds"] is not None or msg.get("hints") is not None:
            self._need_lobby()  # the number of rounds and the hints are fixed once a match runs
        if msg["rounds"] is not None:  # each option changes alone: a message without rounds keeps them
            self.rounds = msg["rounds"]
        self._known_level(msg["bot_level"])
        old_timer = self.options["turn_timer"]
        timer_was = self.timer_info() is not None
        for k in OPTION_KEYS:
            if msg[k] is not None:
                self.options[k] = msg[k]
        if msg["name"] is not None:
            self.table_name = msg["name"]
        timer_changed = self.options["turn_timer"] != old_timer
        self._reschedule(restart_timer=timer_changed)
        self._lobby_changed()
        if timer_changed and (timer_was or self.timer_info() is not None):
            # every client learns the new clock now, not with the next move: the same
            # state again (same seq, no events) with the new timer
            self._broadcast_state([])

    def _reschedule(self, restart_timer: bool) -> None:
        """Arrange the turn again after the options changed (bot delay, auto next round,
        turn timer). A changed turn timer starts afresh for the seat on turn (or stops,
        when turned off); otherwise the clock of the seat on turn runs on unchanged."""
        deadline, fired = self.timer_deadline, self.timer_fired
        self.cancel_turn()
        if not restart_timer:
            self.timer_deadline, self.timer_fired = deadline, fired
        self._schedule()

    def _m_start(self, peer: Peer, msg: dict) -> None:
        self._need_lobby()
        try:
            self.start_match()
        except ValueError as exc:
            raise Refuse("bad_rules", str(exc)) from None

    def _m_next_round(self, peer: Peer, msg: dict) -> None:
        if self.state is None:
            raise Refuse("no_match", "no match is running")
        if self.state.phase != "round_over":
            raise Refuse("lobby", "the round is not over yet" if self.running else "the match is over")
        self._next_round()

    def _m_gather(self, peer: Peer, msg: dict) -> None:
        """The owner left a finished match's standings for the lobby ("Neue Partie"): the
        spectators still on them follow (``lobby.gathering``), so that they can take a seat."""
        self._need_lobby()
        if not self.gathering:
            self.gathering = True
            self._lobby_changed()

    # the evening (felt/net/evening.py): every finished match counts, once
    def _tell_evening(self) -> None:
        """A match is over: the evening counts who sat where and how it ended (once per match,
        also when a resumed table finds its match over). A failure changes nothing at the table."""
        if self.log is None or self.state is None or self.state.phase != "match_over":
            return
        h = self.log.header
        key = hashlib.sha256(f"{self.admin_token}:{h.get('match')}:{h.get('seed')}".encode()).hexdigest()[:20]
        try:   # the seats as the match log has them at its end (a resumed table's lobby may differ)
            self.evening.record(contract.get(contract.id_of(h)), self.state, self.log.seats(), key)
        except Exception:
            log.exception("the evening could not count the match")

    def _m_new_evening(self, peer: Peer, msg: dict) -> None:
        """The owner's "Neuer Abend": the evening's standings start afresh (not during a match)."""
        self._need_lobby()
        self.evening.reset()
        self._lobby_changed()

    def _m_end_match(self, peer: Peer, msg: dict) -> None:
        if not self.running:
            raise Refuse("no_match", "no match is running")
        self.end_match()

    # ---------------------------------------------------------------- public API
    def start_match(self, now: float | None = None, seed: Any = None, again: int | None = None) -> None:
        """Start a match: ``seed`` deals it (None: the table's ``--seed`` for its first match,
        else a fresh one); ``again``: the number of the match it deals again (in its header)."""
        self._enter(now)
        if self.running:
            raise Refuse("running", "a match is already running")
        n = len(self.seats)
        self.game.validate(self.rules, n)
        for i, s in enumerate(self.seats):
            if s.kind == "empty":
                self._put_bot(i, self.options["bot_level"], auto=True)
            s = self.seats[i]
            s.bot = None
            s.bot_seed = None
        if seed is None:
            seed = self.seed if self.seed is not None and self.matches == 0 else secrets.randbits(63)
        state, events = self.game.new_match(self.rules, n, seed, self.rounds)
        self.state = state
        self.gathering = False
        self._past_round = -1            # a new match: its log starts afresh
        self.matches += 1
        extra = {"table": self.table_name, "template": self.template, "match": self.matches,
                 "admin_token": self.admin_token}
        extra["game"] = self.game.id
        if again is not None:
            extra["again"] = again               # dealt as that match ("Nochmal mit diesen Karten")
        self.log = MatchLog.start(self.game.rules_to_dict(self.rules), n, seed, self.rounds,
                                  [s.record(i) for i, s in enumerate(self.seats)], **extra)
        self.hints = self.log.hint_counts()
        self.recorder.match(self, self.log)
        for fn in self.on_log:
            fn(self.log)
        self._lobby_changed()
        self._after_change(events)

    def end_match(self, now: float | None = None) -> None:
        self._enter(now)
        if self.state is None or self.log is None:
            raise Refuse("no_match", "no match is running")
        new, events = self.game.end_match(self.state)
        self.state = new
        self.log.end_match()
        self._after_change(events)

    def next_round(self, now: float | None = None) -> None:
        self._enter(now)
        self._next_round()

    def hands(self) -> list[list[int]]:
        """The true hands (for tests and the soak check; never sent)."""
        if self.state is None:
            return []
        return [list(h) for h in getattr(self.state, "hands", [])]

    # ------------------------------------------------------------- journal interface
    def lobby_record(self) -> dict:
        """The lobby as plain data (seats with tokens, game, rule set, options)."""
        rec = {"k": "lobby", "seats": [s.record(i) for i, s in enumerate(self.seats)],
               "rules": self.game.rules_to_dict(self.rules), "rounds": self.rounds, "template": self.template,
               "name": self.table_name, "options": dict(self.options)}
        rec["game"] = self.game.id
        return rec

    def settings_record(self) -> dict:
        """The table's settings as plain data (name, admin token, options, game, rule set)."""
        rec = {"name": self.table_name, "admin_token": self.admin_token, "options": dict(self.options),
               "rules": self.game.rules_to_dict(self.rules), "template": self.template}
        rec["game"] = self.game.id
        return rec

    def restore(self, snap: dict) -> None:
        """Bring back a table from plain data (what the journal read back; before any
        connection): ``admin_token``, ``name``, ``options``, and either ``match`` =
        {``log``: MatchLog, ``state``: the game state after it} and/or ``lobby`` = a
        lobby record. Absent players get their reconnect window when the server starts."""
        if snap.get("admin_token"):
            self.admin_token = snap["admin_token"]
        if snap.get("name"):
            self.table_name = snap["name"]
        for k, v in (snap.get("options") or {}).items():
            if k in self.options:
                self.options[k] = v
        m = snap.get("match")
        if m is not None:
            hd = m["log"].header
            self.game = contract.get(contract.id_of(hd))
            self.rules = self.game.rules_from_dict(hd["rules"])
            self.rounds = hd.get("rounds")
            self.template = hd.get("template") or template_of(self.game, self.rules)
            self.seats = [_seat(s) for s in m["log"].seats()]
            self.state = m["state"]
            self.log = m["log"]
            self.matches = int(hd.get("match", 1) or 1)
            self.past = list(m.get("past") or [])       # the round's log, for everyone who comes back
            self.hints = self.log.hint_counts()         # the hints taken, from the log's hint entries
            self._past_round = getattr(self.state, "round_no", 0)
        lb = snap.get("lobby")
        if lb is not None:
            game = contract.get(contract.id_of(lb))
            if m is not None and game is not self.game and not self.running:
                self.state = None   # after the finished match the owner picked another game
            self.game = game
            self.rules = self.game.rules_from_dict(lb["rules"])
            self.rounds = lb.get("rounds")
            self.template = lb.get("template") or template_of(self.game, self.rules)
            self.table_name = lb.get("name") or self.table_name
            for k, v in (lb.get("options") or {}).items():
                if k in self.options:
                    self.options[k] = v
            self.seats = [_seat(s) for s in lb["seats"]]
        for k, v in (snap.get("latest_options") or {}).items():  # the latest settings win
            if k in self.options:
                self.options[k] = v
        if snap.get("latest_name"):
            self.table_name = snap["latest_name"]

    def restore_log(self, mlog: MatchLog) -> None:
        """Take over a match from its log (resume after a crash): game, rules, seats with their
        names and tokens, the admin token and the exact state."""
        from felt.net.matchlog import replay
        h = mlog.header
        owner = next((x for x in mlog.seats() if x.get("owner") and x.get("token")), None)
        self.restore({"admin_token": h.get("admin_token") or (owner or {}).get("token"),
                      "name": h.get("table"), "match": {"log": mlog, "state": replay(mlog)}})

    def resume_started(self, now: float | None = None) -> None:
        """After a restore, once the server listens: absent players get their reconnect
        window, and the match goes on."""
        self._enter(now)
        for s in self.seats:
            if s.kind == "human" and s.peer is None:
                self._start_away(s)
        if self.state is not None:
            self._tell_evening()     # a match over before the crash counts (once) if it did not yet
            self._schedule()


def _seat(s: dict) -> Seat:
    return Seat(kind=s.get("kind", "empty"), name=s.get("name", ""), token=s.get("token"), level=s.get("level"),
                owner=bool(s.get("owner")), auto=bool(s.get("auto")))

"""A bot that plays over the network like any other client (``felt bot``, tests, soak).

It joins with a name, keeps its seat token, decides from the ``view`` it receives only
(the bot of the table's game, ``Game.make_bot``; the game's id comes in ``welcome``),
reconnects with its token when the connection drops, and stops when the match is over.
"""
from __future__ import annotations

import asyncio
import random
from typing import Any, Callable

from felt import contract
from felt.contract import table_view
from felt.net.client import AsyncClient
from felt.net.table import make_bot


class BotClient:
    def __init__(self, host: str, port: int, name: str = "Bot", level: str = "normal",
                 delay: float = 0.0, token: str | None = None, seed: Any = None,
                 reconnect_for: float = 120.0, record: bool = False, think_ms: int | None = None,
                 on_message: Callable[[dict], Any] | None = None, stop_at_match_over: bool = True,
                 first_connect_for: float | None = None):
        self.delay = delay
        self.level, self.seed, self.think_ms = level, seed, think_ms
        self.game = contract.get(None)   # until the welcome names the table's game
        self._bot: Any = None
        self.rng = random.Random(seed)
        self.client = AsyncClient(host, port, name, token, reconnect_for=reconnect_for,
                                  on_message=self._on_message, first_connect_for=first_connect_for)
        self.record = record
        self.received: list[dict] = []
        self.errors: list[dict] = []
        self.last_view: dict | None = None
        self.last_seq = -1
        self.moves_sent = 0
        self.stop_at_match_over = stop_at_match_over
        self.extra = on_message
        self.done = asyncio.Event()
        self._moved_seq = -1
        self._pending: asyncio.Task | None = None

    @property
    def bot(self):
        if self._bot is None:
            self._bot = make_bot(self.game, self.level, seed=self.seed, think_ms=self.think_ms)
        return self._bot

    @property
    def seat(self) -> int | None:
        return self.client.seat

    @property
    def token(self) -> str | None:
        return self.client.token

    def _on_message(self, msg: dict) -> None:
        if self.record:
            self.received.append(msg)
        if self.extra:
            self.extra(msg)
        t = msg.get("t")
        if t == "welcome":
            self._moved_seq = -1  # after a reconnect, a move sent before the drop may be lost
            gid = contract.id_of(msg)
            if gid != self.game.id:
                try:
                    self.game, self._bot = contract.get(gid), None
                except KeyError:
                    self.errors.append({"t": "error", "code": "unknown_game", "msg": f"no game {gid!r} here"})
        elif t == "state":
            view = msg["view"]
            self.last_view = view
            self.last_seq = msg["seq"]
            self._show(view)
            if view.get("phase") == "match_over" and self.stop_at_match_over:
                self.done.set()
                asyncio.ensure_future(self.client.close())
                return
            self._maybe_move()
        elif t == "error":
            self.errors.append(msg)
            if msg.get("code") == "rate_limited":
                self._moved_seq = -1
                asyncio.get_running_loop().call_later(1.0, self._maybe_move)
            elif msg.get("code") == "illegal_move" and self.last_view and self.last_view.get("legal"):
                # our bot chose badly: fall back to a random legal move for the same state
                self._send(table_view.random_move(self.last_view, self.rng), self.last_seq)

    def _show(self, view: dict) -> None:
        """A bot that remembers the table (``watches``) sees every state, not only its turns."""
        if view.get("seat") is None:
            return
        try:
            bot = self.bot
            if getattr(bot, "watches", False):
                bot.watch(view)
        except Exception:
            pass  # watching is only extra knowledge: the bot still decides from its view

    def _maybe_move(self) -> None:
        v = self.last_view
        if v is None or v.get("seat") is None or v.get("to_move") != v.get("seat") or not v.get("legal"):
            return
        seq = self.last_seq
        if seq == self._moved_seq:
            return
        self._moved_seq = seq
        if self.delay > 0:
            self._pending = asyncio.ensure_future(self._later(v, seq))
        else:
            self._decide(v, seq)

    async def _later(self, v: dict, seq: int) -> None:
        await asyncio.sleep(self.delay)
        if seq == self.last_seq:
            self._decide(v, seq)

    def _decide(self, v: dict, seq: int) -> None:
        try:
            move = self.bot.choose(v)
            if isinstance(move, dict):
                move = self.game.move_from_wire(move)
        except Exception:
            move = table_view.random_move(v, self.rng)
        self._send(move, seq)

    def _send(self, move: Any, seq: int) -> None:
        wire = move if isinstance(move, dict) else self.game.move_to_wire(move)
        if self.client.send({"t": "move", "move": wire, "seq": seq}):
            self.moves_sent += 1

    async def run(self) -> None:
        try:
            await self.client.run()
        finally:
            self.done.set()

    async def close(self) -> None:
        await self.client.close()

"""Bots for Felt Club: `easy`, `normal` and `hard`, deciding from a seat's view only.

    bot = make_bot("normal", seed=1)
    move = bot.choose(view)          # view = felt.games.praesident.engine.view(state, seat)

A bot never sees a game State: ``choose`` takes the view dict a human in that seat
would get (own hand, counts, pile, trick, passes, cards played this round, own
exchange, rules, legal moves) and returns one of the legal moves as a
``felt.games.praesident.engine.Move``. Bots have no delay; the network layer adds one.
"""
from __future__ import annotations

import random
import time

from felt.contract.base import Bot as GameBot

from .cardinfo import deck_info
from .determinize import PassMemory
from . import hard
from .hard import DEFAULT_THINK_MS, SearchStats, search
from .policy import choose_easy, choose_normal
from .readplays import PlayMemory
from .situation import situation_from_view

LEVELS = ("easy", "normal", "hard")


class Bot(GameBot):
    """Base bot. ``choose(view) -> Move``; ``observe(events)`` is optional."""

    view_kind = "a dict from felt.games.praesident.engine.view"
    watches = False  # does watch() remember anything (else the table need not build the views)

    def __init__(self, seed=None):
        super().__init__()
        self.rng = random.Random(seed)

    def watch(self, view: dict) -> None:
        """This seat's view after a move by anyone (the table calls it between the bot's own
        turns). Only the hard bot remembers what it sees; the others decide from the view
        on their turn alone."""
        return None


class EasyBot(Bot):
    level = "easy"

    def decide(self, view):
        return choose_easy(situation_from_view(view), self.rng)


class NormalBot(Bot):
    level = "normal"

    def decide(self, view):
        return choose_normal(situation_from_view(view), self.rng)


class HardBot(Bot):
    """Determinized Monte Carlo (see hard.py). ``think_ms`` is the budget per decision on
    average: a search that ends early (the best move is clear) puts the unused time into a
    bank, and a later search whose candidates are still close may spend it, up to
    ``BANK_MAX`` budgets more (at most ``BANK_MAX_MS``). Forced and obvious moves (one legal
    move, going out) neither add to the bank nor take from it. ``iters`` (for tests and
    screening) runs a fixed number of sampled worlds per decision instead of using the clock."""

    level = "hard"
    BANK_MAX = 3.0        # the bank holds at most this many budgets
    BANK_MAX_MS = 1000.0  # and at most this much time

    def __init__(self, seed=None, think_ms=None, iters=None):
        super().__init__(seed)
        self.think_ms = DEFAULT_THINK_MS if think_ms is None else int(think_ms)
        self.iters = iters
        self.bank_ms = 0.0
        self.stats = SearchStats()
        self.memory = PassMemory()  # the passes this seat has seen this round
        self.plays = PlayMemory()   # and the plays and passes of the others it has seen

    @property
    def watches(self) -> bool:
        return hard.WATCH_TABLE

    def watch(self, view: dict) -> None:
        """See the table between this seat's own turns (``view`` is this seat's view after any
        move): the passes and plays of tricks that end before its next turn are remembered
        too, so its sampled worlds agree with more of what the others did."""
        if isinstance(view, dict) and view.get("phase") == "play":
            info = deck_info(view["rules"])
            self.memory.update(view, info)
            self.plays.update(view, info)

    def decide(self, view):
        t0 = time.perf_counter()
        mv = search(view, self.rng, self.think_ms, self.stats, self.memory,
                    extra_ms=self.bank_ms, iters=self.iters, plays=self.plays)
        if self.stats.last_searched and not self.iters:
            used = (time.perf_counter() - t0) * 1000.0
            cap = min(self.BANK_MAX * self.think_ms, self.BANK_MAX_MS)
            self.bank_ms = min(cap, max(0.0, self.bank_ms + self.think_ms - used))
        return mv


def make_bot(level: str, seed=None, think_ms=None) -> Bot:
    """A bot of ``level`` ('easy' | 'normal' | 'hard'); ``think_ms`` is the hard bot's budget."""
    if level == "easy":
        return EasyBot(seed)
    if level == "normal":
        return NormalBot(seed)
    if level == "hard":
        return HardBot(seed, think_ms)
    raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")


__all__ = ["Bot", "EasyBot", "NormalBot", "HardBot", "LEVELS", "make_bot", "DEFAULT_THINK_MS"]

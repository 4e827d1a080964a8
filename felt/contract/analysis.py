"""Mistake marks: how much a player's own play changed its expected result, for any game.

Lichess marks a chess move by the drop in winning chances; a card game hides cards, so here the
estimate asks only what the seat knew at that moment. For one decision (a state, the seat on
turn, the move it played):

1. worlds the seat could not tell from the real one (``Game.determinize``: its view kept, the
   cards it cannot see dealt anew at random; never where they really lay);
2. in each of ``samples`` worlds, every candidate move (the one played, the normal bot's, and others up to
   ``cap``; ``Game.legal_moves`` as the view lists them) is applied and the round played out by
   the game's normal bots (``felt.contract.tournament.play_round``), the same world and the
   same dice for every candidate;
3. each candidate's expected cost for the seat is the mean of ``Game.round_cost`` over the
   worlds, and the cheapest is the best; then the play and that best meet again in
   ``samples`` fresh worlds, and the loss of the play is its mean cost there minus the best's,
   in units of ``Game.round_cost_span`` (the places from first to last by default; a game may
   count in a unit of its own, e.g. a life). Measured apart from the search that picked the best, the loss is not the luck
   of that search.

The loss marks the play at three levels (as Lichess does, with thresholds of our own):

=============  ===================  ==========================================
level          loss at least        and at least ``Z`` standard errors of the
=============  ===================  ==========================================
inaccuracy     0.10 (Ungenauigkeit) paired differences over the worlds, so that
mistake        0.20 (Fehler)        noise of a few samples marks nothing
blunder        0.30 (Patzer)
=============  ===================  ==========================================

The estimate reads nothing but the seat's view and its random numbers (the ``seed`` given,
never the match's): two states that give the seat the same view give the same estimate.

``analyse(replay_like, seats, ...)`` runs it over the plays of a finished match with a budget
(``max_seconds`` of CPU, ``samples`` per decision), reporting progress; it is what the window
runs in the background once a replay is opened (felt.ui.replay_marks).
"""
from __future__ import annotations

import math
import os
import random
import statistics
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from felt.contract.tournament import END_PHASES, play_round

LEVELS = ("inaccuracy", "mistake", "blunder")
THRESHOLDS = (0.10, 0.20, 0.30)       # loss in shares of Game.round_cost_span, per level
Z = 2.0                               # and this many standard errors of the paired differences
SAMPLES = 16                          # worlds per decision (and again as many for the play against the best)
MORE = 3                              # at most this many rounds of worlds for the play against the best
CAP = 8                               # candidate moves per decision (the played and the bot's among them)
PLAYOUT_LEVEL = "normal"
NICE = 10                             # how much lower a judging thread's priority is (Linux)


@dataclass
class Estimate:
    """One decision judged: the move played and the best candidate (wire moves), the loss (in
    shares of the game's round cost span, 0 where the play was the best), its standard error,
    the level (None: no mark), each candidate's mean cost, and how many worlds were played."""

    played: dict
    best: dict
    loss: float
    se: float
    level: str | None
    costs: list = field(default_factory=list)      # [(wire move, mean cost)] per candidate
    samples: int = 0

    def to_dict(self) -> dict:
        return {"played": self.played, "best": self.best, "loss": round(self.loss, 4), "se": round(self.se, 4),
                "level": self.level, "samples": self.samples,
                "costs": [[m, round(c, 4)] for m, c in self.costs]}


def level_of(loss: float, se: float) -> str | None:
    """The mark of a play that lost ``loss`` (with standard error ``se``), or None."""
    if loss <= Z * se:
        return None
    out = None
    for name, at in zip(LEVELS, THRESHOLDS):
        if loss >= at - 1e-9:
            out = name
    return out


def _key(game, wire: dict):
    """A wire move in a form that compares equal for the same move (cards in any order)."""
    try:
        wire = game.move_to_wire(game.move_from_wire(dict(wire)))
    except Exception:
        wire = dict(wire)
    return repr(sorted((k, sorted(v, key=repr) if isinstance(v, list) else v) for k, v in wire.items()))


def candidates(game, view: dict, played: dict, cap: int = CAP, rng: random.Random | None = None) -> list[dict]:
    """The moves to compare at a decision: the one played first, the normal bot's, then the
    other legal moves (each once; a random few of them where there are more than ``cap``)."""
    legal = [dict(m) for m in view.get("legal") or []]
    out, seen = [], set()

    def add(m):
        k = _key(game, m)
        if k not in seen:
            seen.add(k)
            out.append(dict(m))
    add(played)
    try:
        bot = game.make_bot(game.bot_level(PLAYOUT_LEVEL), seed=0).choose(view)
        add(bot if isinstance(bot, dict) else game.move_to_wire(bot))
    except Exception:
        pass
    rest = [m for m in legal if _key(game, m) not in seen]
    if rng is not None and len(rest) > cap - len(out):
        rest = rng.sample(rest, max(0, cap - len(out)))
    for m in rest[:max(0, cap - len(out))]:
        add(m)
    return out


def playout(game, world, seat: int, dice: int, level: str = PLAYOUT_LEVEL) -> float:
    """Play ``world`` to the end of its round with the game's ``level`` bots at every seat (its
    default level where it has no such one; their random numbers from ``dice``); what the round
    cost ``seat``."""
    n = int(world.n)
    level = game.bot_level(level)
    if world.phase not in END_PHASES:
        bots = [game.make_bot(level, seed=f"{dice}:{j}") for j in range(n)]
        watchers = [j for j in range(n) if game.bot_watches(level)]
        play_round(game, world, bots, list(range(n)), watchers, [[] for _ in range(n)])
    return float(game.round_cost(world, seat))


def estimate(game, state, seat: int, played: dict, samples: int = SAMPLES, seed: Any = 0, cap: int = CAP,
             deadline: float | None = None) -> Estimate | None:
    """How much ``played`` (a wire move of ``seat``, on turn in ``state``) changed that seat's
    expected result against the best candidate, from ``samples`` worlds the seat could not tell
    apart (see the module doc); None where the seat had no choice. ``seed``: the estimate's own
    random numbers (never the match's); ``deadline`` (``time.monotonic()``): fewer worlds where
    time runs out (at least two)."""
    view = game.view(state, seat)
    if len(view.get("legal") or []) < 2:
        return None
    rng = random.Random(f"felt:mark:{seed}")
    cands = candidates(game, view, played, cap, rng)
    if len(cands) < 2:
        return None
    moves = [game.move_from_wire(m) for m in cands]

    def play(indices: list[int], worlds: int) -> list[list[float]] | None:
        return _costs(game, state, seat, [moves[i] for i in indices], worlds, rng, deadline)

    # first every candidate, to find the best; then the play against that best in worlds of
    # their own, so the loss is not the luck of the search that picked the best (a best of
    # eight, picked and measured on the same worlds, always looks better than it is)
    first = play(list(range(len(cands))), samples)
    if first is None:
        return None
    means = [statistics.fmean(c) for c in first]
    best = min(range(len(cands)), key=lambda i: (means[i], i))
    if best == 0:
        return Estimate(played=cands[0], best=cands[0], loss=0.0, se=0.0, level=None,
                        costs=list(zip(cands, means)), samples=len(first[0]))
    span = float(game.round_cost_span(state)) or 1.0
    diffs: list[float] = []
    for _more in range(MORE):
        # the play against the best, in fresh worlds; more of them while the level is in doubt
        # (the loss within two standard errors of a threshold or of the noise)
        second = play([0, best], samples)
        if second is None:
            return None
        diffs += [(a - b) / span for a, b in zip(second[0], second[1])]
        loss = max(0.0, statistics.fmean(diffs))
        se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
        if not any(abs(loss - at) < 2 * se for at in THRESHOLDS) and abs(loss - Z * se) >= se:
            break
        if deadline is not None and time.monotonic() >= deadline:
            break
    return Estimate(played=cands[0], best=cands[best], loss=loss, se=se, level=level_of(loss, se),
                    costs=list(zip(cands, means)), samples=len(first[0]) + len(diffs))


def _costs(game, state, seat: int, moves: list, worlds: int, rng: random.Random,
           deadline: float | None = None) -> list[list[float]] | None:
    """The costs of ``moves`` (move values) for ``seat`` in ``worlds`` fresh worlds (fewer, at
    least two, where the deadline passes), each world and its dice the same for every move;
    None where no world can be dealt."""
    out: list[list[float]] = [[] for _ in moves]
    for k in range(max(2, worlds)):
        if deadline is not None and k >= 2 and time.monotonic() >= deadline:
            break
        try:
            world = game.determinize(state, seat, rng)
        except ValueError:                  # (an IllegalMove too) no world the seat could believe
            return None
        dice = rng.getrandbits(32)
        for j, mv in enumerate(moves):
            w = game.clone(world)
            game.apply_inplace(w, seat, mv, True)
            out[j].append(playout(game, w, seat, dice))
    return out


def compare(game, state, seat: int, tried: dict, played: dict, samples: int = 2 * SAMPLES, seed: Any = 0) -> dict:
    """"Besser spielen?": the move the player ``tried`` instead of the one it ``played``, both
    wire moves of ``seat`` on turn in ``state``, in the same worlds the seat could believe:
    ``{"gain": how much less it costs (in round cost spans; below 0: more), "se", "verdict":
    "better" | "same" | "worse", "samples"}``; better or worse only where the difference is at
    least the first mark's threshold and clear of the noise."""
    rng = random.Random(f"felt:try:{seed}")
    if _key(game, tried) == _key(game, played):
        return {"gain": 0.0, "se": 0.0, "verdict": "same", "samples": 0}
    costs = _costs(game, state, seat, [game.move_from_wire(tried), game.move_from_wire(played)], samples, rng)
    if costs is None:
        return {"gain": 0.0, "se": 0.0, "verdict": "same", "samples": 0}
    span = float(game.round_cost_span(state)) or 1.0
    diffs = [(b - a) / span for a, b in zip(*costs)]
    gain = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    verdict = "same"
    if abs(gain) >= THRESHOLDS[0] and abs(gain) > Z * se:
        verdict = "better" if gain > 0 else "worse"
    return {"gain": gain, "se": se, "verdict": verdict, "samples": len(diffs)}


def decisions(rp, seats) -> list[int]:
    """The steps of a replay (``felt.net.replay.Replay``-like: ``steps``, ``action(i)``,
    ``state(i)``) where one of ``seats`` made a move it had a choice about."""
    out = []
    for i in range(1, rp.steps):
        a = rp.action(i)
        if a is None or a[0] != "move" or a[1] not in seats:
            continue
        if len(rp.game.view(rp.state(i - 1), a[1]).get("legal") or []) >= 2:
            out.append(i)
    return out


def analyse(rp, seats, samples: int = SAMPLES, max_seconds: float = 120.0, seed: Any = 0,
            progress: Callable[[int, int], Any] | None = None, should_stop: Callable[[], bool] | None = None,
            marks: dict | None = None, rest: Callable[[float], Any] | None = None) -> dict:
    """Estimates for every decision of ``seats`` in the replay ``rp`` (``Replay``-like: ``game``,
    ``steps``, ``action(i)``, ``state(i)``), in the order played: ``{step: Estimate or None}``,
    filled into ``marks`` where given (those there already are kept, not judged again). At most
    ``max_seconds`` in all (the rest stays unjudged); ``progress(done, total)`` after each;
    ``should_stop()`` ends it early; ``rest(seconds the decision took)`` after each (a thread
    that keeps to a share of a core waits there)."""
    out = marks if marks is not None else {}
    steps = decisions(rp, set(seats))
    todo = [i for i in steps if i not in out]
    total = len(steps)
    end = time.monotonic() + max_seconds
    per = max_seconds / max(1, len(todo))
    for i in todo:
        if should_stop is not None and should_stop():
            break
        now = time.monotonic()
        if now >= end:
            break
        a = rp.action(i)
        t0 = time.thread_time()
        try:
            est = estimate(rp.game, rp.state(i - 1), a[1], a[2], samples=samples, seed=f"{seed}:{i}",
                           deadline=min(end, now + max(2 * per, 1.0)))
        except Exception:               # an engine that fails here marks nothing (the table plays on)
            est = None
        out[i] = est
        if progress is not None:
            progress(sum(1 for s in steps if s in out), total)
        if rest is not None:
            rest(time.thread_time() - t0)
    return out


class Job:
    """:func:`analyse` in a thread of its own, so a window goes on drawing (and a table goes on
    playing) while a finished match is judged: ``marks`` fills step by step, ``progress()`` is
    ``(done, total)``, ``finished`` once it is over. Bounded: ``max_seconds`` of wall time in
    all, and a ``duty`` share of one core at most (it rests after each decision for as long
    as the decision took, times ``1/duty - 1``), at a lower priority (``NICE``, where the system
    gives a thread one of its own) than the table and the window."""

    def __init__(self, rp, seats, samples: int = SAMPLES, max_seconds: float = 90.0, duty: float = 0.5,
                 seed: Any = 0) -> None:
        self.rp, self.seats = rp, sorted(set(seats))
        self.samples, self.max_seconds, self.duty, self.seed = samples, max_seconds, max(0.05, min(1.0, duty)), seed
        self.marks: dict = {}
        self.total = len(decisions(rp, set(self.seats)))
        self.done = 0
        self.finished = False
        self.cpu = 0.0                      # seconds of this thread's CPU spent
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="felt-marks", daemon=True)

    def start(self) -> "Job":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def run_now(self) -> "Job":
        """Judge here, in the caller's thread (snapshots, tests), at full speed."""
        self.duty = 1.0
        self._run()
        return self

    def join(self, timeout: float | None = None) -> None:
        self._thread.join(timeout)

    def progress(self) -> tuple[int, int]:
        return self.done, self.total

    def _run(self) -> None:
        t_cpu = time.thread_time()
        try:   # Linux: a thread has a nice value of its own; the table and the window go first
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), min(19, os.getpriority(
                os.PRIO_PROCESS, threading.get_native_id()) + NICE))
        except (AttributeError, OSError):
            pass

        def progress(done: int, total: int) -> None:
            self.done = done

        def rest(took: float) -> None:
            if self.duty < 1.0 and took > 0:
                self._stop.wait(took * (1.0 / self.duty - 1.0))
        try:
            analyse(self.rp, self.seats, self.samples, self.max_seconds, self.seed, progress=progress,
                    should_stop=self._stop.is_set, marks=self.marks, rest=rest)
        finally:
            self.cpu = time.thread_time() - t_cpu
            self.finished = True

    def counts(self, seat: int) -> dict:
        return counts(self.marks, self.rp.mover, seat)


def counts(marks: dict, seat_of: Callable[[int], int | None], seat: int) -> dict:
    """``{level: how many}`` of ``seat``'s marked plays (``seat_of(step)``: who moved there)."""
    out = dict.fromkeys(LEVELS, 0)
    for step, est in marks.items():
        if est is not None and est.level is not None and seat_of(step) == seat:
            out[est.level] += 1
    return out


__all__ = ["LEVELS", "THRESHOLDS", "Z", "Estimate", "level_of", "candidates", "playout", "estimate", "compare",
           "decisions", "analyse", "Job", "counts"]

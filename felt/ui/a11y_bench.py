"""`felt bench a11y [--json]`: how many actions a blind player needs per move, against a
sighted phone player, in the same seeded round of each game.

Both play in this process, each at its own table (a host on loopback, two bots, the same seed
and rule set: each game's first), with the phone's window (390x844) at seat 1, and both choose the same moves
(``choose``: the first play the layer offers as one button, else the first other move), so the
two rounds are the same round (the bench checks: the same moves in the same order):

- the **screen-reader player** (``Reader``) uses only what the phone page's layer gets
  (felt/ui/a11y.py: the words, the buttons, the quick questions) and presses its buttons as
  the page does (a play's button: ``move:<key>``; the renderer's way, ``start_move`` then the
  taps left). Before every move it asks one quick question ("Was liegt?": what a sighted
  player sees at a glance). Its actions: the questions and the buttons pressed;
- the **sighted player** (``Sighted``) taps what the scene's gesture for the move names (a
  card, a card, "Legen"), each tap a finger's tap where the target is drawn. Its actions: the
  taps.

Not counted: a reader's moves between buttons (a swipe or an arrow key each), nor a sighted
player's looks. The figure is ``ratio``: the reader's actions per move over the sighted
player's (issue 44's aim: at most 1.5).
"""
from __future__ import annotations

import json
import os
import time
from typing import Any

SEED = 5


def games() -> list[tuple[str, str, int]]:
    """Every game of the registry, with its first rule set, seeded alike."""
    from felt import contract
    return [(g.id, g.template_ids()[0], SEED) for g in contract.all_games() if g.template_ids()]


def step(app, until=None, timeout: float = 10.0, what: str = "condition") -> None:
    """Run the window's loop until ``until()`` holds (a few steps without one)."""
    if until is None:
        for _ in range(3):
            app.step(block=False)
        return
    end = time.monotonic() + timeout
    while True:
        app.step(block=False)
        if until():
            return
        if time.monotonic() > end:
            raise TimeoutError(f"timed out waiting for {what}")
        time.sleep(0.004)


class Reader:
    """A player through the screen-reader layer alone: what the phone page gets (the layer,
    the Announcer's news and "Verlauf", as felt/ui/phone_renderer.py sends them) and what its
    buttons do (as the renderer makes an ``act``)."""

    def __init__(self, app, verbosity: str = "normal") -> None:
        from felt.ui import a11y
        self.a11y = a11y
        self.app = app
        self.announcer = a11y.Announcer(verbosity)
        self.n = 0
        self.said: list[tuple[str, str]] = []      # (line, cue), as the live region gets them
        self.presses = 0
        self.questions = 0

    def look(self) -> dict:
        sem, _targets = self.a11y.build(self.app)
        news = self.announcer.update(self.app, sem)
        if news["n"] != self.n:
            self.n = news["n"]
            self.said += list(zip(news["say"], news["cues"]))
        sem["news"] = news
        sem["log"] = list(self.announcer.history)
        sem["verb"] = self.announcer.verbosity
        return sem

    def ask(self, sem: dict, key: str) -> str:
        """A quick question, answered from the words the page has (as the page does)."""
        self.questions += 1
        return next(q["say"] for q in sem["quick"] if q["id"] == f"q:{key}")

    def press(self, target: str, timeout: float = 5.0) -> None:
        """A button of the layer, as the renderer makes the page's ``act``: a play's button
        picks its cards, then the taps left are made where their targets are."""
        self.presses += 1
        todo = [target]
        while todo:
            t = todo.pop(0)
            if t.startswith("move:"):
                steps = self.a11y.start_move(self.app, t)
                if steps is None:
                    raise LookupError(f"{t} is not offered now")
                todo[:0] = steps
                continue
            step(self.app, lambda t=t: self.a11y.act(self.app, t), timeout, t)
        step(self.app)


class Sighted:
    """A player who taps: each step of the scene's gesture for a move, where it is drawn."""

    def __init__(self, app) -> None:
        self.app = app
        self.taps = 0

    def make(self, game, move: dict, timeout: float = 5.0) -> None:
        from felt.ui import a11y
        for s in game.gesture(move) or []:
            sid = a11y.step_id(s)
            step(self.app, lambda sid=sid: sid in a11y.build(self.app)[1], timeout, sid)
            a11y.finger_tap(self.app, a11y.build(self.app)[1][sid])
            self.taps += 1
            step(self.app)


def choose(game) -> dict | None:
    """The move both players make: the first play the layer offers as one button, else the
    first other legal move (pass, draw, keep, knock)."""
    moves = game.a11y_moves()
    if moves:
        return moves[0][1]
    legal = game.legal_moves()
    return next((m for m in legal if m.get("kind") not in ("play", "swap")), legal[0] if legal else None)


def play_round(game_id: str, rules: str, seed: int, who: str, timeout: float = 90.0) -> dict[str, Any]:
    """One round at a table of ``who`` ("reader" or "sighted") and two bots: the moves made,
    the actions taken."""
    from felt.net.host import HostConfig, HostThread
    from felt.ui import a11y
    from felt.ui.app import App
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=2, seed=seed, game=game_id,
                               rules=rules, start_when_full=True, bot_delay=0.0, think_ms=5)).start()
    app = App(size=(390, 844), host_defaults={"interface": "127.0.0.1", "announce": False}, discover=False)
    app.controller.pace = False
    reader, sighted = Reader(app), Sighted(app)
    made: list[dict] = []
    try:
        ctl = app.controller
        ctl.settings.name = "Pia"
        ctl.join("127.0.0.1", ht.port)
        step(app, lambda: ctl.game_scene() is not None, 20, "the table")
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            app.step(block=False)
            sem = reader.look() if who == "reader" else None
            g = ctl.game_scene()
            if g is None:
                continue
            if g.view.get("phase") in ("round_over", "match_over"):
                break
            if not (g.my_turn and not g.pending and g.legal_moves() and not g.animating_cards()):
                time.sleep(0.004)
                continue
            move = choose(g)
            if move is None:
                continue
            made.append(move)
            shown = g.view
            if who == "reader":
                reader.ask(sem, "top")
                key = a11y.move_key(move)
                if any(m["id"] == f"move:{key}" for m in sem["moves"]):
                    reader.press(f"move:{key}")
                else:
                    for s in g.gesture(move) or []:
                        reader.press(a11y.step_id(s))
            else:
                sighted.make(g, move)
            # the table's answer: a new view (or another scene: the round's end)
            step(app, lambda: ctl.game_scene() is not g or (g.view is not shown and not g.pending), 5, "the move made")
        else:
            raise TimeoutError(f"{game_id}: the round did not end within {timeout:g} s")
        actions = reader.presses + reader.questions if who == "reader" else sighted.taps
        return {"moves": made, "actions": actions, "presses": reader.presses, "questions": reader.questions,
                "said": reader.said}
    finally:
        app.close()
        ht.stop()


def run_bench(tables=None) -> dict[str, Any]:
    out: dict[str, Any] = {"games": {}}
    reader_total = sighted_total = moves_total = 0
    for game_id, rules, seed in tables or games():
        r = play_round(game_id, rules, seed, "reader")
        s = play_round(game_id, rules, seed, "sighted")
        n = len(r["moves"])
        row = {"moves": n, "same_round": r["moves"] == s["moves"],
               "reader_actions": r["actions"], "reader_presses": r["presses"], "reader_questions": r["questions"],
               "sighted_taps": s["actions"],
               "reader_per_move": round(r["actions"] / max(1, n), 2),
               "sighted_per_move": round(s["actions"] / max(1, len(s["moves"])), 2)}
        row["ratio"] = round(row["reader_per_move"] / max(0.01, row["sighted_per_move"]), 2)
        out["games"][game_id] = row
        reader_total += r["actions"]
        sighted_total += s["actions"]
        moves_total += n
    out["ratio"] = round(reader_total / max(1, sighted_total), 2)
    out["moves"] = moves_total
    return out


def cmd_bench(args) -> int:
    import tempfile
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="felt-a11y-bench-") as tmp:
        os.environ.setdefault("FELT_CONFIG_DIR", os.path.join(tmp, "config"))
        os.environ.setdefault("FELT_DATA_DIR", os.path.join(tmp, "data"))
        res = run_bench()
    if getattr(args, "json", False):
        print(json.dumps(res, indent=2))
        return 0
    print("game        moves  same  reader/move (presses+questions)  sighted taps/move  ratio")
    for g, row in res["games"].items():
        print(f"{g:<11} {row['moves']:>5}  {'yes' if row['same_round'] else 'NO':>4}  "
              f"{row['reader_per_move']:>6} ({row['reader_presses']}+{row['reader_questions']})"
              f"{'':>18}{row['sighted_per_move']:>6}{'':>12}{row['ratio']:>5}")
    print(f"all: {res['moves']} moves, reader actions / sighted taps = {res['ratio']} (aim: <= 1.5)")
    return 0

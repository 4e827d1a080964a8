"""`felt bench frames`: frame times while a match plays at 1280x720, CPU while still.

The table is the default game's (``felt.contract.default()``; ``run_bench(game_id=...)`` takes
any registered game), found through the registry: the scene class ``game.scene_for(phase)``
names, fed views and events from the engine through the ``Game`` object, as the window feeds
them from the host.

1. Animation: a seeded match of up to 6 seats with random legal moves, the next one as soon
   as the state shown has had its time (``scene.hold()``, at the "fast" table speed), a chat
   bubble now and then; a finished round deals the next, a finished match a new one; a phase
   the table scene does not show (another scene's) is played through unseen. Every frame is
   update + draw + display.flip, timed without any sleep. Prints median and 99th percentile.
2. Idle: the scene's clock runs until nothing moves any more; then the real main loop
   (``scene.Runner``) on the same table. Prints the process CPU time per wall second (target
   < 2% of a core) and how many frames were drawn (target 0: no redraw when still).
"""
from __future__ import annotations

import json
import os
import random
import statistics
import time

from felt.ui.shots import NAMES


def _percentile(xs, p):
    xs = sorted(xs)
    if not xs:
        return 0.0
    k = min(len(xs) - 1, max(0, int(round(p / 100.0 * (len(xs) - 1)))))
    return xs[k]


class _Match:
    """Seeded matches of ``game`` (its first template, up to 6 seats) played by random legal
    moves, as ``seat`` sees them at the table: the scene class of the first deal's phase."""

    def __init__(self, game, seat: int = 0) -> None:
        from felt.ui.game_table import PlainTableScene
        self.game = game
        self.rules = game.template(game.template_ids()[0])
        lo, hi = game.players_range(self.rules)
        self.seats = max(lo, min(hi, 6))
        self.seat = seat
        self.rng = random.Random(1)
        self.matches = 0
        self.states = 0                 # states shown after the first
        self.state, self.events = self._new_match()
        self.table_class = game.scene_for(self.state.phase) or PlainTableScene

    def _new_match(self):
        self.matches += 1
        return self.game.new_match(self.rules, self.seats, f"bench:{self.matches}")

    def shown(self) -> bool:
        return (self.game.scene_for(self.state.phase) or self.table_class) is self.table_class

    def view(self) -> tuple[dict, list]:
        return self.game.view(self.state, self.seat), self.game.filter_events(self.events, self.seat)

    def step(self) -> None:
        """On to the next state the table shows: a move, the next round or a new match."""
        game = self.game
        while True:
            phase = self.state.phase
            if phase == "match_over":
                self.state, self.events = self._new_match()
            elif phase == "round_over":
                self.state, self.events = game.next_round(self.state)
            else:
                move = self.rng.choice(game.legal_moves(self.state))
                self.events = game.apply_inplace(self.state, self.state.to_move, move)
            if self.shown():
                self.states += 1
                return


def run_bench(seconds: float = 5.0, size=(1280, 720), game_id: str | None = None) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from felt import contract
    from felt.ui.scene import Runner, SceneStack

    from felt.ui.sound import quiet_stderr
    with quiet_stderr():            # no ALSA noise without a sound device
        pygame.init()
    screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    game = contract.get(game_id)
    match = _Match(game)
    seats = match.seats
    # the play log docked at the side, filling as the match goes on
    scene = match.table_class(None, names=list(NAMES[:seats]), settings={"muted": True, "auto_pass": False,
                                                                        "speed": "fast"}, on_chat=lambda: None)
    scene.set_round_controls(lambda: None, lambda: None, lambda: None)
    stack = SceneStack(size)
    stack.push(scene)
    scene.set_view(*match.view())
    chat_rng = random.Random(2)

    def advance() -> None:
        if scene.hold() > 0:
            return
        match.step()
        scene.set_view(*match.view())
        if chat_rng.random() < 0.1:
            scene.show_chat(chat_rng.randrange(seats), "Bot", "Gut gespielt!")

    # ---- 1. animating frames (the first 60 are not counted: they fill the card pictures' cache)
    frame_times = []
    cpu_times = []      # CPU time of the frame (excludes waiting for a busy machine's cores)
    t_end = time.perf_counter() + seconds * 0.6
    warm = 60
    while time.perf_counter() < t_end or len(frame_times) < 60:
        t0 = time.perf_counter()
        c0 = time.thread_time()
        advance()
        pygame.event.pump()
        stack.update(1 / 60)
        stack.draw(screen)
        pygame.display.flip()
        dt = time.perf_counter() - t0
        dc = time.thread_time() - c0
        if warm > 0:
            warm -= 1
        else:
            frame_times.append(dt)
            cpu_times.append(dc)
    ms = [x * 1000 for x in frame_times]
    cms = [x * 1000 for x in cpu_times]

    # ---- 2. idle: the table's clock runs until nothing moves, then the real loop with nothing changing
    for _ in range(600):            # at most a minute of the table's time
        if not any(s.animating() for s in stack.scenes):
            break
        stack.update(0.1)
    runner = Runner(stack, screen)
    runner.step(block=False)                # draws the settled picture once
    settle = time.perf_counter() + 0.3
    while time.perf_counter() < settle:
        runner.step()
    f0 = runner.frames
    idle_s = max(1.0, seconds * 0.4)
    c0 = time.process_time()
    w0 = time.perf_counter()
    while time.perf_counter() - w0 < idle_s:
        runner.step()
    wall = time.perf_counter() - w0
    cpu = (time.process_time() - c0) / wall
    idle_frames = runner.frames - f0
    pygame.display.quit()
    return {
        "game": game.id,
        "seats": seats,
        "size": list(size),
        "video_driver": os.environ.get("SDL_VIDEODRIVER", ""),
        "frames": len(ms),
        "states_shown": match.states,
        "matches": match.matches,
        "median_ms": round(statistics.median(ms), 3),
        "p99_ms": round(_percentile(ms, 99), 3),
        "max_ms": round(max(ms), 3),
        "cpu_median_ms": round(statistics.median(cms), 3),
        "cpu_p99_ms": round(_percentile(cms, 99), 3),
        "idle_seconds": round(wall, 2),
        "idle_cpu_percent": round(cpu * 100, 2),
        "idle_frames_drawn": idle_frames,
        "target_p99_ms": 8.0,
        "target_idle_cpu_percent": 2.0,
    }


def cmd_bench(args) -> int:
    res = run_bench(float(getattr(args, "seconds", 5.0) or 5.0))
    if getattr(args, "json", False):
        print(json.dumps(res))
    else:
        print(f"frames while cards animate at {res['size'][0]}x{res['size'][1]} ({res['game']}, {res['seats']} seats, "
              f"{res['states_shown']} states shown; SDL video driver: {res['video_driver'] or 'default'}): "
              f"{res['frames']} frames")
        print(f"  median {res['median_ms']:.2f} ms   p99 {res['p99_ms']:.2f} ms   max {res['max_ms']:.2f} ms"
              f"   (target p99 < {res['target_p99_ms']:g} ms: {'ok' if res['p99_ms'] < res['target_p99_ms'] else 'MISSED'})")
        print(f"  CPU time per frame: median {res['cpu_median_ms']:.2f} ms   p99 {res['cpu_p99_ms']:.2f} ms"
              f"   (target p99 < {res['target_p99_ms']:g} ms: "
              f"{'ok' if res['cpu_p99_ms'] < res['target_p99_ms'] else 'MISSED'}; wall times include waiting "
              f"for a busy machine's cores)")
        print(f"idle for {res['idle_seconds']:.1f} s: CPU {res['idle_cpu_percent']:.2f}% of a core, "
              f"{res['idle_frames_drawn']} frames drawn   (target < {res['target_idle_cpu_percent']:g}%: "
              f"{'ok' if res['idle_cpu_percent'] < res['target_idle_cpu_percent'] else 'MISSED'})")
    return 0

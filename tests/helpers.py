"""Shared test helpers: build positions from card codes, random legal play."""
from __future__ import annotations

import asyncio
import random

from felt.cards import build_deck, ids_from_codes
from felt.games.praesident.engine import Move, apply_inplace, legal_moves, next_round, position


class Codes:
    """Allocates card ids by code ('H7' = first free copy of Herz 7, 'X1' = joker 1)."""

    def __init__(self, rules):
        self.deck = build_deck(rules)
        self.used: set[int] = set()

    def take(self, codes) -> list[int]:
        return list(ids_from_codes(self.deck, codes, self.used))


def pos(rules, hands, to_move=0, pile=None, pile_seat=None, **kw):
    """A play-phase position: ``hands`` and ``pile`` given as lists of codes."""
    codes = Codes(rules)
    pile_ids = codes.take(pile) if pile else []
    hand_ids = [codes.take(h) for h in hands]
    s = position(rules, hand_ids, to_move, pile_seat=pile_seat, pile_cards=pile_ids, **kw)
    return s, codes


def play(s, codes_or_ids, seat=None):
    """A 'play' Move from codes held by the seat (matching the first such card in its hand)."""
    seat = s.to_move if seat is None else seat
    hand = list(s.hands[seat])
    ids = []
    for code in codes_or_ids:
        for c in hand:
            if c not in ids and (s.deck[c].code == code or s.deck[c].code.split(".")[0] == code):
                ids.append(c)
                break
        else:
            raise KeyError(f"seat {seat} holds no {code}")
    return Move("play", tuple(ids))


def random_round(s, rng, on_step=None, max_steps=5000):
    """Play random legal moves until the round (or match) ends; returns steps."""
    steps = 0
    while s.phase in ("play", "exchange"):
        moves = legal_moves(s)
        assert moves, f"no legal move for seat {s.to_move} in {s}"
        m = rng.choice(moves)
        seat = s.to_move
        ev = apply_inplace(s, seat, m)
        steps += 1
        if on_step:
            on_step(s, seat, m, ev)
        assert steps < max_steps, "round did not end"
    return steps


def random_match(rules, n, seed, rounds=3, on_step=None):
    from felt.games.praesident.engine import new_match

    s, _ = new_match(rules, n, seed, rounds=rounds)
    rng = random.Random(seed)
    while True:
        random_round(s, rng, on_step)
        if s.phase == "match_over":
            return s
        s, _ = next_round(s)


def run(coro, timeout: float = 60.0):
    """Run a network test's coroutine in a fresh event loop, failing after ``timeout`` s."""
    async def main():
        return await asyncio.wait_for(coro, timeout)
    return asyncio.run(main())


def schwimmen_rigged(hands: dict, middle, n: int = 3, seed=1, to_move: int = 0, turns: int = 4):
    """A Schwimmen (SW-STD, no dealer's choice) position: ``hands`` {seat: card codes} and the
    middle's codes. Returns ``(game, state, ids)``; ``ids(*codes)`` gives card ids."""
    import dataclasses

    from felt import games
    from felt.games.schwimmen import engine as E
    g = games.get("schwimmen")
    std = g.template("SW-STD")

    def ids(*codes):
        return [E.card_from_code(std, x) for x in codes]
    s, _ = g.new_match(dataclasses.replace(std, dealer_choice=False), n, seed)
    E.rig(s, {seat: ids(*h) for seat, h in hands.items()}, ids(*middle), to_move=to_move, turns=turns)
    return g, s, ids


def start_host_process(args: list[str], env: dict):
    """`felt host --headless` on loopback in a subprocess (no mDNS): ``(process, port)`` once it
    listens."""
    import subprocess
    import sys
    proc = subprocess.Popen([sys.executable, "-m", "felt.cli", "host", "--headless", "--no-announce",
                             "--interface", "127.0.0.1", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=env, text=True)
    while True:
        line = proc.stdout.readline()
        assert line, "host exited before listening"
        if " at 127.0.0.1:" in line:
            return proc, int(line.split(" at 127.0.0.1:")[1].split()[0])


def settled_scene(cls, view: dict, size, density: float = 1.0, steps: int = 30):
    """A table scene of ``cls`` (the window's own seat at a table of Anna, Ben and Cleo) at
    ``size`` and ``density``, shown ``view`` and left to settle (its animations done)."""
    from felt.ui import layout
    layout.set_density(density)
    sc = cls(None, names=["Anna", "Ben", "Cleo"], settings={"muted": True}, on_move=lambda m: None)
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(*size)
    sc.set_view(view, [])
    for _ in range(steps):
        sc.update(0.1)
    return sc


def plugin_dir(tmp_path, name: str, entry: str, module: str | None = None, dist: str | None = None):
    """A folder for PYTHONPATH holding an installed package's metadata (``.dist-info`` with an
    entry point of the group ``felt.games``) and, if given, the package's module."""
    d = tmp_path / "site"
    info = d / f"{dist or f'felt_{name}-0'}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: felt-{name}\nVersion: 0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[felt.games]\n{name} = {entry}\n", encoding="utf-8")
    if module is not None:
        (d / f"felt_{name}.py").write_text(module, encoding="utf-8")
    return d


def check_game(*args: str, site=None, timeout: float = 240, command: str = "check-game", paths=()):
    """``felt check-game ARGS`` (or another ``command``) as a person runs it, in a subprocess
    whose PYTHONPATH holds this repository, ``paths`` and the folder ``site`` (plugin_dir)."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)           # the command sets its dummy drivers itself
    env.pop("SDL_AUDIODRIVER", None)
    env["PYTHONPATH"] = os.pathsep.join([str(root), *map(str, paths)] + ([str(site)] if site else []))
    return subprocess.run([sys.executable, "-m", "felt.cli", command, *args], capture_output=True,
                          text=True, env=env, timeout=timeout, cwd=str(root))


def install_plugin(folder, site) -> list[str]:
    """What `pip install FOLDER` leaves for the registry of a game package of its own
    (tests/plugins/<name>/): the package importable and a dist-info in ``site`` whose entry
    points are the package's pyproject's. Returns the paths to put on sys.path."""
    import tomllib
    from pathlib import Path
    folder, site = Path(folder), Path(site)
    meta = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = site / f"{meta['name']}-{meta['version']}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n",
                                   encoding="utf-8")
    lines = [f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items())
             for group, eps in meta["entry-points"].items()]
    (info / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")
    return [str(folder), str(site)]


def plugin_installed(folder, site, data):
    """A context: the game package ``folder`` installed for this process (sys.path, found again
    by the registry) and for its subprocesses (PYTHONPATH); gives the environment for a
    subprocess (its data folder ``data``). The registry, sys.path and PYTHONPATH as they were after."""
    import contextlib
    import importlib
    import os
    import sys
    from pathlib import Path

    from felt.contract import registry

    @contextlib.contextmanager
    def ctx():
        root = str(Path(__file__).resolve().parent.parent)
        paths = install_plugin(folder, site)
        saved_path, saved_env = list(sys.path), os.environ.get("PYTHONPATH")
        sys.path[:0] = paths
        importlib.invalidate_caches()
        os.environ["PYTHONPATH"] = os.pathsep.join([root, *paths, *([saved_env] if saved_env else [])])
        before = dict(registry._registry), set(registry._found), registry._loaded
        registry._loaded = False                      # found again, now with the entry point
        try:
            yield dict(os.environ, FELT_DATA_DIR=str(data))
        finally:
            registry._registry.clear()
            registry._registry.update(before[0])
            registry._found.clear()
            registry._found.update(before[1])
            registry._loaded = before[2]
            sys.path[:] = saved_path
            if saved_env is None:
                os.environ.pop("PYTHONPATH", None)
            else:
                os.environ["PYTHONPATH"] = saved_env
    return ctx()


def check_game_passes(game_id: str, env: dict, checks=("soak", "phone", "view-hides")) -> str:
    """`felt check-game GAME_ID` in a subprocess (``env``: a plug-in installed, plugin_installed)
    passes every check, these ``checks`` run and not skipped; its output."""
    import subprocess
    import sys
    from pathlib import Path
    out = subprocess.run([sys.executable, "-m", "felt.cli", "check-game", game_id], env=env, capture_output=True,
                         text=True, timeout=600, cwd=Path(__file__).resolve().parent.parent)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    last = out.stdout.strip().splitlines()[-1]
    import re
    done = re.match(rf"{re.escape(game_id)}: (\d+) of (\d+) checks passed", last)
    assert done and done.group(1) == done.group(2), out.stdout
    for check in checks:
        assert f"ok   {check}" in out.stdout, out.stdout
    return out.stdout

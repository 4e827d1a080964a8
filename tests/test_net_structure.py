"""The net layer's shape: the journal imports nothing of the server, the server uses only the
journal's narrow interface, the table has no I/O, and no module of felt imports (even lazily)
a module that imports it back. A journal written when there was one game (no game named in
it) resumes."""
from __future__ import annotations

import ast
import asyncio
import json
from pathlib import Path

from felt.games.praesident import engine
from felt.net import journal as jm
from felt.net.host import Host, HostConfig
from felt.net.testing import RawClient
from tests.helpers import run

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def _imports(path: Path) -> dict[str, set[str]]:
    """Every felt module ``path`` imports (at any level), with the names taken from it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("felt"):
                    out.setdefault(a.name, set())
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("felt"):
            names = {a.name for a in node.names}
            base = ROOT.joinpath(*node.module.split("."))
            subs = {n for n in names if (base / f"{n}.py").is_file() or (base / n / "__init__.py").is_file()}
            # ``from pkg import submodule`` is an import of that submodule (a sibling), not of
            # everything the package's __init__ reaches
            for n in subs:
                out.setdefault(f"{node.module}.{n}", set())
            if names - subs and node.module not in ("felt", "felt.net"):
                out.setdefault(node.module, set()).update(names - subs)
    return out


def _module(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _graph() -> dict[str, set[str]]:
    mods = {_module(p): p for p in (ROOT / "felt").rglob("*.py")}
    g: dict[str, set[str]] = {}
    for m, p in mods.items():
        g[m] = {t for t in _imports(p) if t in mods and t != m}
    return g


def test_journal_and_server_know_each_other_only_through_the_interface():
    g = _graph()
    assert "felt.net.host" not in g["felt.net.journal"]
    assert not ({"felt.net.host", "felt.net.journal"} & g["felt.net.table"])
    host_uses = _imports(ROOT / "felt/net/host.py").get("felt.net.journal", set())
    assert host_uses == {"open_recorder"}, host_uses
    for m in ("felt.net.table", "felt.net.host", "felt.net.journal", "felt.net.matchlog"):
        assert "felt.games.praesident.engine" not in g[m] and "felt.games.praesident.rules" not in g[m], m  # only through felt.games


def test_the_table_does_no_io():
    src = (ROOT / "felt/net/table.py").read_text(encoding="utf-8")
    tree = ast.parse(src)
    mods = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    mods |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert not mods & {"asyncio", "socket", "selectors", "threading", "os", "felt.net.framing"}, mods


def test_no_import_cycles_among_the_network_and_game_modules():
    g = _graph()
    scope = [m for m in g if m.startswith(("felt.net", "felt.games"))]

    def reach(start):
        seen, todo = set(), [start]
        while todo:
            for nxt in g.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen
    cycles = [m for m in scope if m in reach(m) and m not in ("felt.games",)]
    # felt.games and a built-in game's package import each other by design (the registry
    # loads felt.games.<id>; the game imports felt.contract.base): leave that pair out
    cycles = [m for m in cycles if not m.startswith("felt.games.praesident")]
    assert cycles == [], cycles


def test_a_journal_written_when_there_was_one_game_resumes_to_the_same_state(tmp_path):
    """tests/data/praesident-v1.journal was written by the host at commit be68ddb (no game
    field anywhere): it resumes as Präsident, to the exact state recorded then."""
    p = tmp_path / "old.journal"
    p.write_bytes((DATA / "praesident-v1.journal").read_bytes())
    want = json.loads((DATA / "praesident-v1.expect.json").read_text())
    res = jm.load_resume(p)
    assert res.damage is None and "game" not in res.log.header
    s = res.state
    assert res.log.seq == want["seq"] and s.phase == want["phase"] and s.to_move == want["to_move"]
    assert [list(h) for h in s.hands] == want["hands"]
    view0 = json.loads(json.dumps(engine.view(s, 0)))
    assert view0.pop("game") == "praesident"          # views name their game since it was recorded
    assert view0 == want["view0"]

    async def main():
        cfg = jm.resume_config(type("Args", (), {"resume": str(p), "journal": None})(), say=lambda m: None)
        cfg.update(interface="127.0.0.1", announce=False, bot_delay=0.0, auto_next=0.0, port=0)
        host = await Host(HostConfig(**cfg)).start()
        assert host.game.id == "praesident" and host.seq >= want["seq"]
        c = await RawClient.connect(host.port)
        await c.hello("Zuschauer", spectator=True)
        lobby = await c.expect("lobby")
        assert lobby["game"] == "praesident" and lobby["running"]
        while host.seq < want["seq"] + 10:  # the bots play on (the journal's own options)
            await asyncio.sleep(0.02)
        await host.stop()

    run(main(), 60)

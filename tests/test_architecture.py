"""The layout shows the design: every import in felt/ (also those inside functions) goes down
the layers that felt/ARCHITECTURE.md lists, no modules and no folders import each other in a
circle, the games never import each other, and the shared layers name no game."""
from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from felt import games

ROOT = Path(__file__).resolve().parent.parent / "felt"
DOC = ROOT / "ARCHITECTURE.md"
GAME_PATTERN = "felt.games.<game>.*"


# ---------------------------------------------------------------------------- reading
def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package: name -> (file, is a package's __init__)."""
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts = parts[:-1]
        out[".".join(parts)] = (path, package)
    return out


def imports(mods: dict) -> dict[str, set[str]]:
    """module -> the felt modules it imports (the deepest module each import statement names)."""
    def deepest(name: str) -> str | None:
        parts = name.split(".")
        while parts:
            if ".".join(parts) in mods:
                return ".".join(parts)
            parts.pop()
        return None

    edges: dict[str, set[str]] = {m: set() for m in mods}
    for name, (path, package) in mods.items():
        here = name.split(".") if package else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = ".".join(here[:len(here) - node.level + 1] + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            for t in targets:
                if t.split(".")[0] != "felt":
                    continue
                d = deepest(t)
                if d is not None and d != name:
                    edges[name].add(d)
    return edges


def layer_table() -> list[tuple[str, list[str]]]:
    """(layer, module patterns) from the table in ARCHITECTURE.md, lowest first."""
    rows = []
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[1].startswith("`"):
            rows.append((cells[0], re.findall(r"`([^`]+)`", cells[1])))
    return rows


def game_packages(mods: dict) -> set[str]:
    return {m for m, (_p, package) in mods.items() if package and m.count(".") == 2 and m.startswith("felt.games.")}


def layer_of(module: str, table, game_pkgs: set[str]) -> tuple[int, str] | None:
    """(layer index, the game it belongs to or '') of a module; the most exact pattern wins."""
    best = None
    for i, (_name, patterns) in enumerate(table):
        for pat in patterns:
            if pat == module:
                return i, ""
            if pat == GAME_PATTERN:
                pkg = ".".join(module.split(".")[:3])
                if pkg in game_pkgs:
                    best = (i, pkg) if best is None or best[0] != "exact" else best
            elif pat.endswith(".*") and (module == pat[:-2] or module.startswith(pat[:-1])):
                best = best or (i, "")
    return best


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts with more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    import sys
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10000))
    try:
        for v in sorted(edges):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return out


def folder_of(module: str, mods: dict) -> str:
    """A package's folder; a module directly in felt/ is a folder of its own (the root holds
    both ends of the layers)."""
    _path, package = mods[module]
    if package or module.count(".") == 1:
        return module
    return module.rsplit(".", 1)[0]


# ---------------------------------------------------------------------------- checks
MODS = modules()


@functools.cache
def edges() -> dict[str, set[str]]:
    """The import graph, parsed when a test asks (not while every worker collects)."""
    return imports(MODS)
TABLE = layer_table()
GAMES = game_packages(MODS)


def test_the_layer_table_names_every_module_once_and_only_modules_that_exist():
    assert [name for name, _ in TABLE] == ["base", "contract", "net", "ui", "games", "commands"]
    for _name, patterns in TABLE:
        for pat in patterns:
            if pat != GAME_PATTERN:
                assert pat.rstrip(".*") in MODS, f"ARCHITECTURE.md names {pat!r}, which is no module"
    homeless = [m for m in MODS if layer_of(m, TABLE, GAMES) is None]
    assert not homeless, f"modules in no layer of ARCHITECTURE.md: {homeless}"
    assert GAMES == {f"felt.games.{g.id}" for g in games.all_games() if type(g).__module__.startswith("felt.games.")}


def test_every_import_goes_down_the_layers_and_no_game_imports_another():
    wrong = []
    for src, targets in edges().items():
        ls, gs = layer_of(src, TABLE, GAMES)
        for dst in targets:
            ld, gd = layer_of(dst, TABLE, GAMES)
            if ld > ls:
                wrong.append(f"{src} ({TABLE[ls][0]}) imports {dst} ({TABLE[ld][0]})")
            elif gd and gs and gd != gs:
                wrong.append(f"{src} imports another game's {dst}")
    assert not wrong, "\n".join(wrong)


def test_no_modules_import_each_other_in_a_circle():
    assert not cycles(edges()), cycles(edges())


def test_no_folders_import_each_other_in_a_circle():
    folders: dict[str, set[str]] = {}
    for src, targets in edges().items():
        fs = folder_of(src, MODS)
        folders.setdefault(fs, set())
        for dst in targets:
            fd = folder_of(dst, MODS)
            if fd != fs:
                folders[fs].add(fd)
    assert not cycles(folders), cycles(folders)


def top_folder(module: str, mods: dict) -> str:
    """The folder directly in felt/ that holds a module with all its sub-folders (a module
    directly in felt/ is a folder of its own)."""
    return ".".join(module.split(".")[:2]) if module != "felt" else module


def test_each_folder_holds_one_layer_so_no_folder_imports_upward():
    """Drawn by folders the layers read the same: every folder in felt/, with its sub-folders,
    holds one layer, so no folder imports one above it. (The contract sat in felt/games/
    beside the games: by folders the net and the window imported "up" into games/.)"""
    layers: dict[str, set[str]] = {}
    for m in MODS:
        layers.setdefault(top_folder(m, MODS), set()).add(TABLE[layer_of(m, TABLE, GAMES)[0]][0])
    mixed = {f: sorted(ls) for f, ls in layers.items() if len(ls) > 1}
    assert not mixed, f"folders holding more than one layer: {mixed}"
    assert layers["felt.contract"] == {"contract"} and layers["felt.games"] == {"games"}
    # the old picture, made up: the contract's modules in felt/games/ would be caught
    assert {top_folder("felt.games.base", MODS), top_folder("felt.games.maumau.engine", MODS)} == {"felt.games"}


def test_the_checks_catch_an_upward_import_and_a_circle():
    # the same functions over a made-up graph: they must see what they are there to see
    fake = {"felt.net.table": {"felt.ui.widgets"}, "felt.ui.widgets": {"felt.net.table"}}
    assert cycles(fake) == [["felt.net.table", "felt.ui.widgets"]]
    assert layer_of("felt.net.table", TABLE, GAMES)[0] < layer_of("felt.ui.widgets", TABLE, GAMES)[0]
    assert layer_of("felt.contract.base", TABLE, GAMES) == (1, "")
    assert layer_of("felt.games.maumau.engine", TABLE, GAMES) == (4, "felt.games.maumau")


def _shared_sources():
    """The Python files of the layers that must name no game: contract, net, ui, commands."""
    for m, (path, _package) in sorted(MODS.items()):
        layer, game = layer_of(m, TABLE, GAMES)
        if TABLE[layer][0] in ("contract", "net", "ui", "commands"):
            yield m, path


def test_the_shared_layers_name_no_game():
    names = set()
    for g in games.all_games():
        if type(g).__module__.startswith("felt.games."):
            names |= {g.id, *g.name.values(), type(g).__name__}
    words = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)), re.IGNORECASE)
    found = []
    for m, path in _shared_sources():
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            hit = words.search(line)
            if hit:
                found.append(f"{path.relative_to(ROOT.parent)}:{no}: {hit.group(0)}: {line.strip()[:90]}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("module", ["felt.ui.controller", "felt.ui.remote", "felt.ui.shell", "felt.ui.app"])
def test_the_shell_asks_scenes_nothing_they_do_not_declare(module):
    """No ``hasattr``/``inspect`` on scenes, no branch on a game: the shell talks to the declared
    base (felt.ui.game_table.GameTableScene)."""
    src = MODS[module][0].read_text(encoding="utf-8")
    tree = ast.parse(src)
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
             and n.func.id == "hasattr"]
    assert not calls, f"{module}: hasattr at lines {[c.lineno for c in calls]}"
    assert "inspect" not in {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert "is_praesident" not in src

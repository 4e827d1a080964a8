"""Renderers are forked by a zygote (felt/net/launcher.py, felt/net/zygote.py,
felt/ui/phone_zygote.py): children run with the environment and folder asked for, their
exit codes come back, a crash or a dead zygote does not stop the next phone, everything
ends with the host however it ends, and the renderer runs the installed felt, never a
felt/ folder where the host was started."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from felt.net.launcher import Launcher, can_fork
from tests.helpers import run

ROOT = Path(__file__).resolve().parent.parent
CHILD = "tests.zygote_child"
forks = pytest.mark.skipif(not can_fork() or not os.path.isdir("/proc"), reason="no fork (or no /proc) here")


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _ppid(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[1])


def _gone(*pids: int, within: float = 10.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


async def _ask(proc, text: str) -> dict:
    proc.stdin.write(text.encode() + b"\n")
    await proc.stdin.drain()
    return json.loads(await asyncio.wait_for(proc.stdout.readline(), 20))


async def _ended(proc) -> int:
    return await asyncio.wait_for(proc.wait(), 20)


@forks
def test_the_zygote_forks_children_reports_their_exit_codes_and_outlives_a_crash(monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))          # (the zygote imports the tests' child)

    async def main():
        launcher = Launcher(zygote="felt.net.zygote")
        zygote = 0
        try:
            env = dict(os.environ, CHILD_DO="echo", FELT_DATA_DIR=str(tmp_path / "data"))
            a = await launcher.launch(CHILD, env, str(tmp_path))
            got = await _ask(a, "hello")
            assert got["line"] == "hello" and got["pid"] == a.pid
            assert got["cwd"] == str(tmp_path) and got["data"] == str(tmp_path / "data")
            zygote = launcher.zygote_pid
            assert _ppid(a.pid) == zygote != os.getpid()
            b = await launcher.launch(CHILD, dict(env, CHILD_DO="exit", CHILD_RC="3"), str(tmp_path))
            assert await _ended(b) == 3 and b.returncode == 3
            c = await launcher.launch(CHILD, dict(env, CHILD_DO="crash"), str(tmp_path))
            assert await _ended(c) == -signal.SIGKILL
            # the zygote goes on: the first child still answers, and a new one starts
            assert (await _ask(a, "still there"))["line"] == "still there"
            d = await launcher.launch(CHILD, env, str(tmp_path))
            assert (await _ask(d, "x"))["pid"] == d.pid
            d.kill()
            assert await _ended(d) == -signal.SIGKILL
            a.stdin.close()                                  # its input ends: it ends, with 0
            assert await _ended(a) == 0
            assert launcher.stats == {"zygotes": 1, "forked": 4, "spawned": 0}
        finally:
            await launcher.stop()
        assert zygote and _gone(zygote, within=1.0), "stop() ends the zygote"

    run(main(), 90)


@forks
def test_a_dead_zygote_ends_its_children_and_the_next_launch_starts_a_new_one(monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))

    async def main():
        launcher = Launcher(zygote="felt.net.zygote")
        try:
            env = dict(os.environ, CHILD_DO="echo")
            a = await launcher.launch(CHILD, env, str(tmp_path))
            await _ask(a, "hello")
            first = launcher.zygote_pid
            os.kill(first, signal.SIGKILL)
            assert await _ended(a) == -signal.SIGKILL, "its handle ends (the gateway starts it again)"
            assert await asyncio.get_running_loop().run_in_executor(None, _gone, a.pid), "the child ended too"
            b = await launcher.launch(CHILD, env, str(tmp_path))
            assert (await _ask(b, "again"))["pid"] == b.pid
            assert launcher.zygote_pid not in (None, first) and launcher.stats["zygotes"] == 2
        finally:
            await launcher.stop()

    run(main(), 90)


HOST = """
import asyncio, json, os, sys
from felt.net.launcher import Launcher

async def main():
    launcher = Launcher()                    # the phones' own zygote, with pygame and the window loaded
    child = await launcher.launch("tests.zygote_child", dict(os.environ, CHILD_DO="hang"), os.getcwd())
    assert (await child.stdout.readline()) == b"hanging\\n"
    print(json.dumps({"zygote": launcher.zygote_pid, "child": child.pid}), flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


@forks
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_the_zygote_and_its_children_end_with_the_host(how, tmp_path):
    """The host dies (even by SIGKILL, nothing of it runs any more): the zygote ends, and its
    child (one that ignores the end of its input) with it."""
    host = subprocess.Popen([sys.executable, "-c", HOST], stdout=subprocess.PIPE, cwd=str(tmp_path),
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        info = json.loads(host.stdout.readline())
        assert _alive(info["zygote"]) and _alive(info["child"]) and _ppid(info["child"]) == info["zygote"]
        host.send_signal(how)
        host.wait(20)
        assert _gone(info["zygote"], info["child"]), "the zygote or its child outlived the host"
    finally:
        if host.poll() is None:
            host.kill()


def test_without_a_zygote_a_module_runs_as_its_own_process_in_its_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("FELT_PHONE_ZYGOTE", "0")

    async def main():
        launcher = Launcher()
        env = dict(os.environ, CHILD_DO="echo", PYTHONPATH=str(ROOT))
        p = await launcher.launch(CHILD, env, str(tmp_path))
        got = await _ask(p, "plain")
        assert got["cwd"] == str(tmp_path) and got["pid"] == p.pid
        if os.path.isdir("/proc"):
            assert _ppid(p.pid) == os.getpid()
        p.stdin.close()
        assert await _ended(p) == 0
        assert launcher.stats == {"zygotes": 0, "forked": 0, "spawned": 1}
        await launcher.stop()

    run(main(), 60)


@pytest.mark.parametrize("zygote", [True, False], ids=["zygote", "process"])
def test_a_host_started_beside_a_felt_folder_still_draws_with_the_installed_felt(zygote, tmp_path, monkeypatch):
    """`python -m` puts the working directory first on sys.path: a renderer started so from a
    folder holding a felt/ of its own would run that. It is started with -P in a folder of
    its own, so the page gets the real join screen."""
    from felt.net.host import HostConfig, HostThread
    from tests.phone_helpers import Phone
    if zygote and not can_fork():
        pytest.skip("no fork here")
    fake = tmp_path / "felt"
    (fake / "ui").mkdir(parents=True)
    (fake / "net").mkdir()
    (fake / "__init__.py").write_text("raise ImportError('the felt/ folder of the working directory')\n")
    for part in ("ui", "net"):
        (fake / part / "__init__.py").write_text("")
    for mod in ("ui/phone_renderer.py", "ui/phone_zygote.py", "net/zygote.py"):
        (fake / mod).write_text("raise SystemExit('not this one')\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.setenv("FELT_PHONE_ZYGOTE", "1" if zygote else "0")
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=2, bots=1, seed=3)).start()

    async def main():
        phone = await Phone(ht.host.gateway.port, 390, 844, 2).open()
        try:
            await phone.first_frame(60)
            st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 60, "the join screen")
            await phone.frames_settle(0.5, 20)
            assert await phone.picture_off() <= 32
            launcher = ht.host.gateway.launcher
            if zygote and os.path.isdir("/proc"):
                assert _ppid(ht.host.gateway.session_of(phone.session).proc.pid) == launcher.zygote_pid, "forked by the zygote"
            assert launcher.stats["forked" if zygote else "spawned"] == 1
        finally:
            await phone.close()

    try:
        run(main(), 120)
    finally:
        ht.stop()


@forks
def test_a_zygote_that_cannot_start_leaves_renderers_to_plain_processes(monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))

    async def main():
        launcher = Launcher(zygote="tests.no_such_zygote")
        try:
            env = dict(os.environ, CHILD_DO="echo")
            for i in range(3):
                p = await launcher.launch(CHILD, env, str(tmp_path))
                assert (await _ask(p, f"n{i}"))["line"] == f"n{i}"
                p.stdin.close()
                assert await _ended(p) == 0
            assert launcher.stats["spawned"] == 3 and launcher.stats["forked"] == 0
            assert launcher.stats["zygotes"] == 2, "tried twice, then no more"
        finally:
            await launcher.stop()

    run(main(), 90)


@forks
def test_the_zygote_is_loaded_before_the_first_phone_comes_and_forks_its_renderer(monkeypatch):
    """Issue 42, point 5: the first phone is as quick as the next. The zygote starts loading a
    moment after the page's port opens, with no request at all, and is ready (has said so)
    when the first page says hello; that page's renderer is forked by it like every later one."""
    from felt.net.host import HostConfig, HostThread
    from tests.phone_helpers import Phone
    monkeypatch.setenv("FELT_PHONE_WARM", "1")          # (the suite turns it off: tests/conftest.py)
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=2, seed=3)).start()

    async def main():
        launcher = ht.host.gateway.launcher
        deadline = time.monotonic() + 30
        while not (launcher._z is not None and launcher._z.info.get("t") == "ready"):
            assert time.monotonic() < deadline, "no zygote loaded ahead"
            await asyncio.sleep(0.1)
        assert ht.host.gateway.stats["http"] == 0 and not ht.host.gateway.sessions     # nobody asked
        zygote = launcher.zygote_pid
        for _ in range(2):
            phone = await Phone(ht.host.gateway.port, 390, 844, 3).open()
            await phone.first_frame(30)
            pid = ht.host.gateway.session_of(phone.session).proc.pid
            assert _ppid(pid) == zygote
            await phone.close()
        assert launcher.stats == {"zygotes": 1, "forked": 2, "spawned": 0}

    try:
        run(main(), 90)
    finally:
        ht.stop()

"""Starting phones' renderers (felt/net/gateway.py asks, one per browser session).

``await Launcher().launch(module_or_cmd, env, cwd)`` returns a handle that behaves as
``asyncio.subprocess.Process`` does where the gateway uses it: ``stdin`` (``write``,
``drain``, ``close``), ``stdout`` (an ``asyncio.StreamReader``), ``pid``, ``returncode``,
``await wait()``, ``kill()``.

A module name (``"felt.ui.phone_renderer"``) goes to the **zygote** where the system can
fork (felt/net/zygote.py; the phones' one is felt/ui/phone_zygote.py): one process per
launcher that has imported pygame, the fonts and the window's modules once and forks a
renderer per request, so a renderer starts in milliseconds and shares those pages with its
siblings. The host never forks itself (it has threads): it makes the renderer's stdin and
stdout pipes and hands their far ends to the zygote over a Unix control socket
(``SCM_RIGHTS``), and the zygote reports each child's pid and exit code back. Pipes, not a
socket: a child that dies with input unread ends its output with an end of file, as a
subprocess does (a socket's reader would get ECONNRESET). A zygote that died is started again
at the next launch; where there is no fork (Windows), or the zygote cannot be started, the
module runs as a plain subprocess (and on systems other than Linux unless
``FELT_PHONE_ZYGOTE=1``). A command (a list) always does.

Every renderer runs the installed ``felt``: Python starts with ``-P`` (no folder put in
front of ``sys.path``) in a working directory of its own (``cwd``, the session's folder;
the zygote's own temporary folder), so a ``felt/`` folder where the host was started is
never imported.

The zygote and its children end with the host, however it ends: the zygote on the end of
its control socket (or a new parent), the children with the zygote (Linux: the
parent-death signal) and on the end of their pipe.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from typing import Any

from felt.net.zygote import Unpacker, pack

log = logging.getLogger("felt.net.launcher")

ZYGOTE = "felt.ui.phone_zygote"
START_TIMEOUT = 60.0          # seconds a zygote may take to load and fork (a busy machine)


def python_cmd(module: str) -> list[str]:
    """This Python running ``module``, without the working directory on ``sys.path``."""
    return [sys.executable, "-P", "-m", module]


def can_fork() -> bool:
    """A zygote serves here: on Linux (where it is tested, and where its children get the
    parent-death signal), or wherever ``FELT_PHONE_ZYGOTE=1`` asks for it and the system
    forks (macOS: untested; libraries loaded before a fork may not survive it there);
    ``FELT_PHONE_ZYGOTE=0`` turns it off."""
    want = os.environ.get("FELT_PHONE_ZYGOTE", "")
    if want == "0" or not (hasattr(os, "fork") and hasattr(socket, "send_fds") and hasattr(socket, "AF_UNIX")):
        return False
    return want == "1" or sys.platform.startswith("linux")


def child_env(env: dict[str, str]) -> dict[str, str]:
    """``env`` for a process in another working directory: relative ``PYTHONPATH`` entries
    made absolute (they meant the host's directory)."""
    env = {str(k): str(v) for k, v in env.items()}
    pp = env.get("PYTHONPATH")
    if pp:
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) if p else os.getcwd() for p in pp.split(os.pathsep))
    return env


class ZygoteGone(Exception):
    """The zygote is not there (it died, or could not start) or could not fork."""


class ZygoteChild:
    """A renderer forked by the zygote, with the face of ``asyncio.subprocess.Process``."""

    def __init__(self, zygote: "_Zygote", rid: int, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        self._zygote = zygote
        self._id = rid
        self._writer = writer
        self.pid: int | None = None
        self.returncode: int | None = None
        self.stdin = writer
        self.stdout = reader
        self.stderr = None
        self._started: asyncio.Future = loop.create_future()
        self._exited: asyncio.Future = loop.create_future()

    async def wait(self) -> int:
        await asyncio.shield(self._exited)
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            self._zygote.signal(self, sig)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    # called by the zygote's reader
    def _ended(self, rc: int) -> None:
        """The child ended: its stdin pipe closes (its stdout pipe ends by itself, once read;
        a child that lives on, its zygote gone, reads the end of its input and ends)."""
        if self.returncode is not None:
            return
        self.returncode = rc
        if not self._started.done():
            self._started.set_exception(ZygoteGone("the zygote ended before the child started"))
            self._started.exception()        # (retrieved: nobody may wait for it)
        if not self._exited.done():
            self._exited.set_result(rc)
        self._writer.close()


async def _pipes() -> tuple[asyncio.StreamReader, asyncio.StreamWriter, list[int]]:
    """A child's stdin and stdout as pipes: (our reader of its stdout, our writer to its
    stdin, [the fds it gets: its stdin's reading end, its stdout's writing end])."""
    loop = asyncio.get_running_loop()
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    w_transport = None
    try:
        w_transport, w_protocol = await loop.connect_write_pipe(
            lambda: asyncio.streams.FlowControlMixin(loop=loop), os.fdopen(in_w, "wb", buffering=0))
        in_w = -1
        writer = asyncio.StreamWriter(w_transport, w_protocol, None, loop)
        reader = asyncio.StreamReader(loop=loop)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader, loop=loop),
                                     os.fdopen(out_r, "rb", buffering=0))
    except BaseException:
        if w_transport is not None:
            w_transport.close()
        for fd in (in_r, in_w, out_r, out_w):
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass
        raise
    return reader, writer, [in_r, out_w]


class _Zygote:
    """One zygote process and its control socket."""

    def __init__(self, module: str) -> None:
        self.home = tempfile.mkdtemp(prefix="felt-zygote-")
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        env = child_env(dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_VIDEODRIVER="dummy",
                             SDL_AUDIODRIVER="dummy"))
        env.pop("FELT_REMOTE", None)
        try:
            self.proc = subprocess.Popen(
                python_cmd(module) + ["--fd", str(theirs.fileno()), "--parent", str(os.getpid()), "--home", self.home],
                pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, cwd=self.home,
                env=env, start_new_session=True)
        except BaseException:
            ours.close()
            shutil.rmtree(self.home, ignore_errors=True)
            raise
        finally:
            theirs.close()
        ours.setblocking(False)
        self.ctrl = ours
        self.pid = self.proc.pid
        self.children: dict[int, ZygoteChild] = {}
        self.ids = itertools.count(1)
        self.unpacker = Unpacker()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.send_lock: asyncio.Lock | None = None
        self.dead = False
        self.info: dict = {}

    # ------------------------------------------------------------------ socket
    def _attach(self) -> None:
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
            self.send_lock = asyncio.Lock()
            self.loop.add_reader(self.ctrl.fileno(), self._on_read)

    async def _send(self, data: bytes, fds: list[int] | None = None) -> None:
        assert self.loop is not None and self.send_lock is not None
        async with self.send_lock:
            view = memoryview(data)
            while view:
                try:
                    if fds:
                        n = socket.send_fds(self.ctrl, [view], fds)
                        fds = None                  # they went with the first byte
                    else:
                        n = self.ctrl.send(view)
                    view = view[n:]
                    continue
                except (BlockingIOError, InterruptedError):
                    pass
                fut = self.loop.create_future()

                def writable() -> None:
                    if not fut.done():
                        fut.set_result(None)
                self.loop.add_writer(self.ctrl.fileno(), writable)
                try:
                    await fut
                finally:
                    self.loop.remove_writer(self.ctrl.fileno())

    def _on_read(self) -> None:
        try:
            data = self.ctrl.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._gone("its control socket closed")
            return
        try:
            msgs = self.unpacker.feed(data)
        except Exception as exc:
            self._gone(f"it sent a bad message ({exc})")
            return
        for msg in msgs:
            t = msg.get("t")
            child = self.children.get(msg.get("id"))        # type: ignore[arg-type]
            if t == "ready":
                self.info = msg
                if int(msg.get("threads") or 1) > 1:
                    log.warning("the phones' zygote has %s threads when it forks", msg.get("threads"))
            elif t == "pid" and child is not None:
                child.pid = int(msg["pid"])
                if not child._started.done():
                    child._started.set_result(child.pid)
            elif t == "exit" and child is not None:
                self.children.pop(child._id, None)
                child._ended(int(msg.get("rc") if msg.get("rc") is not None else -signal.SIGKILL))
            elif t == "error" and child is not None:
                self.children.pop(child._id, None)
                if not child._started.done():
                    child._started.set_exception(ZygoteGone(str(msg.get("error"))))

    def _gone(self, why: str) -> None:
        if self.dead:
            return
        self.dead = True
        if self.loop is not None:
            self.loop.remove_reader(self.ctrl.fileno())
        self.ctrl.close()
        if self.proc.poll() is None and not why.startswith("stopped"):
            log.warning("the phones' zygote ended: %s", why)
        # its children die with it; their input ends here, so any that lives on ends too
        for child in list(self.children.values()):
            child._ended(-signal.SIGKILL)
        self.children.clear()
        self.proc.poll()
        shutil.rmtree(self.home, ignore_errors=True)

    # ------------------------------------------------------------------ use
    async def launch(self, module: str, env: dict[str, str], cwd: str) -> ZygoteChild:
        self._attach()
        if self.dead:
            raise ZygoteGone("the zygote is gone")
        rid = next(self.ids)
        reader, writer, theirs = await _pipes()
        child = ZygoteChild(self, rid, reader, writer)
        self.children[rid] = child
        try:
            await self._send(pack({"t": "launch", "id": rid, "module": module, "env": env, "cwd": cwd}), theirs)
        except OSError as exc:
            self.children.pop(rid, None)
            writer.close()
            self._gone(f"it cannot be reached ({exc})")
            raise ZygoteGone(str(exc)) from None
        finally:
            for fd in theirs:
                os.close(fd)
        try:
            await asyncio.wait_for(asyncio.shield(child._started), START_TIMEOUT)
        except asyncio.TimeoutError:
            self.children.pop(rid, None)
            writer.close()
            self.proc.kill()
            self._gone("it did not fork in time")
            raise ZygoteGone("the zygote did not answer") from None
        except ZygoteGone:
            self.children.pop(rid, None)
            writer.close()
            raise
        return child

    def signal(self, child: ZygoteChild, sig: int) -> None:
        if self.dead or self.loop is None:
            child._ended(-sig)                     # (no zygote: no child either; its input ends it)
            return
        data = pack({"t": "kill", "id": child._id, "sig": int(sig)})
        try:
            n = self.ctrl.send(data)
        except (BlockingIOError, InterruptedError):
            n = 0
        except OSError:
            self._gone("it cannot be reached")
            return
        if n < len(data):
            asyncio.ensure_future(self._send(data[n:]))

    async def stop(self) -> None:
        """End the zygote (it ends its children first) and wait for it."""
        if not self.dead:
            if self.loop is not None:
                self.loop.remove_reader(self.ctrl.fileno())
            self.ctrl.close()
            self.dead = True
            for child in list(self.children.values()):
                child._ended(-signal.SIGTERM)
            self.children.clear()
        for _ in range(100):
            if self.proc.poll() is not None:
                break
            await asyncio.sleep(0.05)
        else:
            self.proc.kill()
            await asyncio.sleep(0.05)
            self.proc.poll()
        shutil.rmtree(self.home, ignore_errors=True)


class Launcher:
    """Starts renderers: through a zygote where the system forks, else as subprocesses.
    ``prestart``: start the zygote now (it loads while no phone waits), not at the first
    launch. ``zygote``: the module it runs (None: no zygote)."""

    def __init__(self, zygote: str | None = ZYGOTE, prestart: bool = False) -> None:
        self.zygote_module = zygote
        self._z: _Zygote | None = None
        self._stillborn = 0
        self.stats = {"zygotes": 0, "forked": 0, "spawned": 0}
        if prestart:
            self._zygote()

    def _zygote(self) -> _Zygote | None:
        if not self.zygote_module or not can_fork():
            return None
        if self._z is not None and self._z.dead and not self._z.info:
            self._stillborn += 1                  # it died before it was ready (it cannot load)
        if self._stillborn >= 2:
            if self._z is not None:
                log.warning("the phones' zygote cannot start; renderers start as processes")
                self._z = None
            return None
        if self._z is None or self._z.dead:
            try:
                self._z = _Zygote(self.zygote_module)
            except OSError as exc:
                log.warning("no zygote for phones' renderers (%s); they start as processes", exc)
                self._z = None
                return None
            self.stats["zygotes"] += 1
        return self._z

    def warm(self) -> None:
        """Start the zygote now if it is not running (it loads while no phone waits), and
        listen to it from the running loop, if there is one (its "ready" is heard)."""
        z = self._zygote()
        if z is not None:
            try:
                z._attach()
            except RuntimeError:             # (no running loop: heard at the first launch)
                pass

    @property
    def zygote_pid(self) -> int | None:
        return self._z.pid if self._z is not None and not self._z.dead else None

    async def launch(self, what: str | list[str], env: dict[str, str], cwd: str) -> Any:
        """A renderer: ``what`` is a module (run through the zygote, or ``python -P -m``) or
        a command. ``env``: its whole environment; ``cwd``: its working directory."""
        env = child_env(env)
        if isinstance(what, (list, tuple)):
            return await self._spawn(list(what), env, cwd)
        module = str(what)
        for _ in range(2):                      # a zygote that died is started again, once
            z = self._zygote()
            if z is None:
                break
            try:
                child = await z.launch(module, env, cwd)
            except ZygoteGone as exc:
                log.warning("the phones' zygote could not start a renderer (%s)", exc)
                continue
            self.stats["forked"] += 1
            return child
        return await self._spawn(python_cmd(module), env, cwd)

    async def _spawn(self, cmd: list[str], env: dict[str, str], cwd: str):
        self.stats["spawned"] += 1
        return await asyncio.create_subprocess_exec(*cmd, stdin=asyncio.subprocess.PIPE,
                                                    stdout=asyncio.subprocess.PIPE, env=env, cwd=cwd)

    async def stop(self) -> None:
        z, self._z = self._z, None
        if z is not None:
            await z.stop()

"""A fork server: a process that has imported what its children need once, then forks one
child per request (felt/net/launcher.py asks; felt/ui/phone_zygote.py is the phones' one,
with pygame, fonts and the window's modules loaded and frozen, so each phone's renderer
shares those pages instead of importing them again).

The host has threads, so it never forks itself: it starts this process (``python -P -m``,
a folder of its own as the working directory) and talks to it over a Unix socket, the
control socket, inherited as ``--fd N``. Messages are length-prefixed msgpack
(:func:`pack`); the fds travel beside them (``SCM_RIGHTS``).

from the launcher
    ``launch`` {id, module, env, cwd} with two fds: the reading end of the child's stdin
        pipe and the writing end of its stdout pipe. The child gets them as its stdin and
        stdout, ``env`` as its whole environment, ``cwd`` as its working directory, and
        runs ``module.main()``; its return value (or ``SystemExit``) is its exit code.
    ``kill`` {id, sig}: a signal to that child, if it still runs (no pid is reused: only
        this process reaps its children).
to the launcher
    ``ready`` {pid, threads}: loaded, serving (``threads`` should be 1: forking a process
        with threads is not safe)
    ``pid`` {id, pid}: the child runs
    ``exit`` {id, pid, rc}: the child ended (``rc`` as ``asyncio``'s ``returncode``: the
        exit status, or minus the signal that ended it)
    ``error`` {id, error}: no child (fork failed)

It ends when the control socket closes (the host ended, however it ended) or its parent
changes (the host died and the socket lives on in some other process), and ends its
children first: SIGTERM, then SIGKILL after a grace. A child also dies with it (Linux:
the parent-death signal) and ends when its pipe closes (the renderer reads its end).
"""
from __future__ import annotations

import os
import select
import signal
import socket
import struct
import sys
import time
from typing import Any, Callable

import msgpack

MAX_MSG = 1 << 20
GRACE = 2.0               # seconds children get to end after SIGTERM


def pack(msg: dict) -> bytes:
    body = msgpack.packb(msg, use_bin_type=True)
    return struct.pack(">I", len(body)) + body


class Unpacker:
    """Splits a byte stream into :func:`pack` messages."""

    def __init__(self) -> None:
        self.buf = b""

    def feed(self, data: bytes) -> list[dict]:
        self.buf += data
        out = []
        while len(self.buf) >= 4:
            (n,) = struct.unpack(">I", self.buf[:4])
            if n > MAX_MSG:
                raise ValueError(f"a control message of {n} bytes")
            if len(self.buf) < 4 + n:
                break
            msg = msgpack.unpackb(self.buf[4:4 + n], raw=False)
            self.buf = self.buf[4 + n:]
            if isinstance(msg, dict):
                out.append(msg)
        return out


def thread_count() -> int:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        import threading
        return threading.active_count()


def _die_with_parent() -> None:
    """Linux: this process gets SIGKILL when the process that forked it ends."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)           # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class Server:
    def __init__(self, ctrl: socket.socket, parent: int) -> None:
        self.ctrl = ctrl
        self.parent = parent
        self.children: dict[int, Any] = {}      # pid -> request id
        self.by_id: dict[Any, int] = {}
        self.fds: list[int] = []                # received, not yet given to a child
        self.unpacker = Unpacker()
        self.wake_r, self.wake_w = os.pipe()
        self.stopping = False
        self.pid = os.getpid()

    def send(self, msg: dict) -> None:
        try:
            self.ctrl.sendall(pack(msg))
        except OSError:
            self.stopping = True

    # ------------------------------------------------------------------ loop
    def run(self) -> int:
        os.set_blocking(self.wake_r, False)
        os.set_blocking(self.wake_w, False)
        signal.set_wakeup_fd(self.wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.signal(signal.SIGINT, signal.SIG_IGN)          # the terminal's Ctrl+C is the host's to handle
        signal.signal(signal.SIGTERM, self._on_term)
        self.send({"t": "ready", "pid": os.getpid(), "threads": thread_count()})
        try:
            while not self.stopping:
                try:
                    ready, _, _ = select.select([self.ctrl, self.wake_r], [], [], 1.0)
                except InterruptedError:
                    ready = []
                if self.wake_r in ready:
                    try:
                        while os.read(self.wake_r, 512):
                            pass
                    except (BlockingIOError, InterruptedError):
                        pass
                self.reap()
                if os.getppid() != self.parent:
                    break                       # the host is gone; the socket lives on elsewhere
                if self.ctrl in ready:
                    self._read()
        finally:
            self._end_children()
        return 0

    def _on_term(self, *_: Any) -> None:
        self.stopping = True

    def _read(self) -> None:
        try:
            data, fds, _, _ = socket.recv_fds(self.ctrl, 65536, 16)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data, fds = b"", []
        self.fds += fds
        if not data:
            self.stopping = True                # the host closed the socket (or died)
            return
        try:
            msgs = self.unpacker.feed(data)
        except (ValueError, msgpack.UnpackException):
            self.stopping = True
            return
        for msg in msgs:
            t = msg.get("t")
            if t == "launch":
                self._launch(msg)
            elif t == "kill":
                pid = self.by_id.get(msg.get("id"))
                if pid is not None:
                    try:
                        os.kill(pid, int(msg.get("sig") or signal.SIGKILL))
                    except (ProcessLookupError, ValueError, OSError):
                        pass

    def reap(self) -> None:
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            rid = self.children.pop(pid, None)
            self.by_id.pop(rid, None)
            self.send({"t": "exit", "id": rid, "pid": pid, "rc": os.waitstatus_to_exitcode(status)})

    def _launch(self, msg: dict) -> None:
        rid = msg.get("id")
        if len(self.fds) < 2:
            self.send({"t": "error", "id": rid, "error": "no pipes came with the request"})
            return
        pipes = (self.fds.pop(0), self.fds.pop(0))
        try:
            pid = os.fork()
        except OSError as exc:
            for fd in pipes:
                os.close(fd)
            self.send({"t": "error", "id": rid, "error": f"fork failed: {exc}"})
            return
        if pid == 0:
            self._child(pipes, msg)             # never returns
        for fd in pipes:
            os.close(fd)
        self.children[pid] = rid
        self.by_id[rid] = pid
        self.send({"t": "pid", "id": rid, "pid": pid})

    def _child(self, pipes: tuple[int, int], msg: dict) -> None:
        rc: Any = 1
        try:
            signal.set_wakeup_fd(-1)
            for sig in (signal.SIGCHLD, signal.SIGTERM):
                signal.signal(sig, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.default_int_handler)
            _die_with_parent()
            if os.getppid() != self.pid:
                os._exit(1)                     # the zygote died before the signal was set
            os.close(self.wake_r)
            os.close(self.wake_w)
            for other in self.fds:
                os.close(other)
            self.ctrl.close()
            stdin, stdout = pipes
            os.dup2(stdin, 0)
            os.dup2(stdout, 1)
            for fd in pipes:
                if fd > 2:
                    os.close(fd)
            env = msg.get("env") or {}
            os.environ.clear()
            os.environ.update({str(k): str(v) for k, v in env.items()})
            try:
                os.chdir(str(msg.get("cwd") or "/"))
            except OSError as exc:       # its folder went meanwhile: said in a line, not a traceback
                print(f"felt zygote: no child in {msg.get('cwd')!r}: {exc.strerror or exc}", file=sys.stderr)
                return
            module = str(msg["module"])
            sys.argv = [module]
            import importlib
            rc = importlib.import_module(module).main()
        except SystemExit as exc:
            rc = exc.code
        except BaseException as exc:
            _print_exception(exc)
            rc = 1
        finally:
            _exit(rc)

    def _end_children(self) -> None:
        """SIGTERM to every child, then SIGKILL to those still there after GRACE; each reaped."""
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for pid in list(self.children):
                try:
                    os.kill(pid, sig)
                except OSError:
                    pass
            deadline = time.monotonic() + GRACE
            while self.children and time.monotonic() < deadline:
                self.reap()
                time.sleep(0.02)


def _print_exception(exc: BaseException) -> None:
    """A child's uncaught exception, to stderr (plainly if the traceback module fails)."""
    try:
        import traceback
        traceback.print_exception(exc)
    except BaseException:
        import traceback
        print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
        for line in traceback.format_list(traceback.extract_tb(exc.__traceback__)):
            print(line, end="", file=sys.stderr)


def _exit(rc: Any) -> None:
    """Leave a forked child as a process leaves: its exit handlers, its streams, its code."""
    if rc is None:
        code = 0
    elif isinstance(rc, int):
        code = rc & 0xFF
    else:
        print(rc, file=sys.stderr)
        code = 1
    try:
        import threading                  # as the interpreter does at its end: non-daemon threads first
        for t in threading.enumerate():
            if t is not threading.current_thread() and not t.daemon:
                t.join()
        import atexit
        atexit._run_exitfuncs()
    except BaseException:
        pass
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
    os._exit(code)


def serve(argv: list[str] | None = None, preload: Callable[[], Any] | None = None) -> int:
    """The zygote's main: ``--fd N`` (the control socket), ``--parent PID`` (the host) and
    ``--home DIR`` (its working directory, removed at the end, even when the host died);
    ``preload`` runs first (imports, fonts), then everything loaded is frozen out of the
    garbage collector's sight (its pages stay shared with the children)."""
    import argparse
    import gc
    ap = argparse.ArgumentParser(prog="zygote")
    ap.add_argument("--fd", type=int, required=True)
    ap.add_argument("--parent", type=int, required=True)
    ap.add_argument("--home", default="", help="its own folder, removed when it ends")
    args = ap.parse_args(argv)
    ctrl = socket.socket(fileno=args.fd)
    ctrl.setblocking(True)
    if os.getppid() != args.parent:
        return 1
    if preload is not None:
        preload()
    gc.collect()
    gc.freeze()
    try:
        return Server(ctrl, args.parent).run()
    finally:
        if args.home:
            import shutil
            shutil.rmtree(args.home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(serve())

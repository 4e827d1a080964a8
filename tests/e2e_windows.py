"""Helpers for end-to-end tests with real `felt` window processes (SDL dummy video driver),
driven from outside through ``FELT_REMOTE`` (felt/ui/remote.py), inside a network namespace
the test creates and removes (zeroconf with default settings announces on every interface:
in the namespace that is its loopback only)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ip(*args, check=True):
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=20, check=check)


def need_one_listening_socket() -> None:
    """A host with default settings must answer at the port it announces on every family
    (one dual-stack socket). Without it a default host answers at its announced port only
    about half the time on a machine with IPv6, which no test of the window can work around."""
    from felt.net.host import HostConfig
    if "announce_interface" not in HostConfig.__dataclass_fields__:
        pytest.skip("needs the host's single listening socket: "
                    "a default host announces a port that may not answer over IPv4")


def need_netns() -> None:
    if os.geteuid() != 0:
        pytest.skip("needs root to create a network namespace (ip netns add)")
    if shutil.which("ip") is None:
        pytest.skip("needs the 'ip' command (iproute2) to create a network namespace")


class Netns:
    """A private network namespace: loopback (127.0.0.1 and, where the machine has IPv6,
    ::1) up with multicast (mDNS), and nothing else."""

    def __init__(self) -> None:
        need_netns()
        self.name = f"felt-e2e-{os.getpid()}-{uuid.uuid4().hex[:6]}"
        r = _ip("netns", "add", self.name, check=False)
        if r.returncode != 0:
            pytest.skip(f"cannot create a network namespace: {r.stderr.strip()}")
        try:
            self.run("ip", "link", "set", "lo", "up")
            self.run("ip", "link", "set", "lo", "multicast", "on")
            self.run("ip", "route", "add", "224.0.0.0/4", "dev", "lo")
        except Exception:
            self.close()
            raise

    def run(self, *cmd, check=True):
        return subprocess.run(["ip", "netns", "exec", self.name, *cmd], capture_output=True, text=True,
                              timeout=30, check=check)

    def close(self) -> None:
        _ip("netns", "del", self.name, check=False)


class Window:
    """One `felt` window process (a person at their device), driven by commands."""

    def __init__(self, ns: Netns, base: Path, name: str, *args: str, size: str = "1280x720") -> None:
        self.name = name
        self.dir = base / name
        self.remote = self.dir / "remote"
        self.remote.mkdir(parents=True, exist_ok=True)
        (self.remote / "in").write_text("")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "FELT_"))}
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", FELT_REMOTE=str(self.remote),
                   FELT_CONFIG_DIR=str(self.dir / "config"), FELT_DATA_DIR=str(self.dir / "data"),
                   PYTHONUNBUFFERED="1")
        self.out = open(self.dir / "stdout.txt", "w")
        self.err = open(self.dir / "stderr.txt", "w")
        self.sent = 0
        self.started = time.monotonic()
        self.proc = subprocess.Popen(["ip", "netns", "exec", ns.name, sys.executable, "-m", "felt.cli",
                                      "--size", size, *args], cwd=str(ROOT), env=env, stdout=self.out,
                                     stderr=self.err)

    # ---------------------------------------------------------------- look
    def state(self) -> dict:
        try:
            return json.loads((self.remote / "state.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def log(self) -> str:
        self.err.flush()
        self.out.flush()
        return ((self.dir / "stderr.txt").read_text(errors="replace")[-3000:] + "\n"
                + (self.dir / "stdout.txt").read_text(errors="replace")[-1000:])

    def wait(self, pred, timeout: float = 20.0, what: str = "condition") -> dict:
        end = time.monotonic() + timeout
        st: dict = {}
        while time.monotonic() < end:
            st = self.state()
            try:
                if st and pred(st):
                    return st
            except (KeyError, TypeError, IndexError):
                pass
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        brief = {k: st.get(k) for k in ("kind", "scene", "top", "status", "seat", "running", "phase", "rows",
                                          "client", "overlay", "my_turn", "pending", "busy", "errors")}
        raise AssertionError(f"{self.name}: timed out waiting for {what}; exit={self.proc.poll()} "
                             f"state={brief}\n--- log ---\n{self.log()}")

    # ---------------------------------------------------------------- act
    def send(self, line: str, wait: bool = True) -> None:
        with open(self.remote / "in", "a", encoding="utf-8") as f:
            f.write(line + "\n")
        self.sent += 1
        if wait:
            n = self.sent
            self.wait(lambda s: s.get("done", 0) >= n, 10, f"command {line!r} carried out")

    def click(self, rect_or_point) -> None:
        r = list(rect_or_point)
        x, y = (r[0] + r[2] // 2, r[1] + r[3] // 2) if len(r) == 4 else (r[0], r[1])
        self.send(f"click {x} {y}")

    def click_widget(self, name: str, timeout: float = 20.0) -> None:
        st = self.wait(lambda s: s["widgets"][name]["visible"] and s["widgets"][name].get("enabled", True),
                       timeout, f"{name} to be shown and enabled")
        self.click(st["widgets"][name]["rect"])

    def click_overlay_button(self, text: str) -> None:
        st = self.wait(lambda s: any(b["text"] == text for b in (s.get("overlay") or {}).get("buttons", [])),
                       10, f"a dialog with {text!r}")
        self.click(next(b["rect"] for b in st["overlay"]["buttons"] if b["text"] == text))

    def exit_code(self, timeout: float = 15.0) -> int:
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{self.name} did not exit\n{self.log()}") from None

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
        self.out.close()
        self.err.close()


def play_one_move(w: Window, timeout: float = 40.0) -> str:
    """Wait for my turn at the table, then click a legal play (its cards, then 'play'), or
    'pass' where nothing can be played. Returns 'play' or 'pass' once the host took it."""
    st = w.wait(lambda s: s.get("kind") == "table" and s.get("my_turn") and not s.get("pending")
                and not s.get("busy") and s.get("cards"), timeout, "my turn at the table")
    seq = st["seq"]
    plays = [m for m in st["legal"] if m.get("kind") == "play" and all(str(c) in st["cards"] for c in m["cards"])]
    if plays:
        cards = plays[0]["cards"]
        for c in cards:
            w.click(st["cards"][str(c)])
        w.wait(lambda s: sorted(s.get("selected") or []) == sorted(cards), 10, "the cards selected")
        w.click_widget("play_btn")
        kind = "play"
    else:
        w.click_widget("pass_btn")
        kind = "pass"
    w.wait(lambda s: s.get("seq", 0) > seq, 15, f"the host to take the {kind}")
    return kind


def take_turns(ws: list[Window], moves_each: dict[str, int], timeout: float = 90.0) -> dict[str, list[str]]:
    """People at one table: whoever is on turn clicks a move, until each named window has
    made its number of moves. Returns the moves per window."""
    made: dict[str, list[str]] = {w.name: [] for w in ws}
    end = time.monotonic() + timeout
    while any(len(made[n]) < k for n, k in moves_each.items()):
        if time.monotonic() > end:
            raise AssertionError(f"moves made so far: {made}; states: "
                                 + "; ".join(f"{w.name}: {w.state().get('my_turn')}" for w in ws))
        for w in ws:
            st = w.state()
            if st.get("kind") == "table" and st.get("my_turn") and not st.get("pending") and not st.get("busy") \
                    and st.get("cards"):
                made[w.name].append(play_one_move(w))
        time.sleep(0.05)
    return made


def set_name(w: Window, name: str) -> None:
    """Type ``name`` into the start screen's name field (replacing what it holds)."""
    st = w.wait(lambda s: s.get("kind") == "start" and "name_field" in s["widgets"], 20, "the start screen")
    w.click(st["widgets"]["name_field"]["rect"])
    w.send("key a ctrl")
    w.send(f"type {name}")
    w.wait(lambda s: s.get("name") == name, 5, f"the name {name!r} typed")


def host(w: Window, name: str = "Anna") -> dict:
    """Open a table from the start screen with the default settings; the owner's lobby."""
    set_name(w, name)
    w.click_widget("host_btn")
    return w.wait(lambda s: s["kind"] == "lobby" and s["admin"] and s["lobby_seats"], 20, f"{name}'s lobby")


def find_and_join(w: Window, name: str, table: str, set_the_name: bool = True) -> dict:
    """Find ``table`` in the start screen's live list and tap it; the state once seated."""
    if set_the_name:
        set_name(w, name)
    st = w.wait(lambda s: any(r["title"] == table and r["enabled"] for r in s.get("rows", [])), 30,
                f"{table!r} in the live list")
    row = next(r for r in st["rows"] if r["title"] == table)
    w.click(row["rect"])
    return w.wait(lambda s: s["kind"] != "start" and s["seat"] is not None, 20, f"{name} seated")

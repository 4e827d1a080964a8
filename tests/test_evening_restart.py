"""The evening's standings survive the host: `felt host --headless` as a subprocess on loopback
with its own data folder; Anna (a client) owns the table, starts the matches and plays her seat,
two bots play theirs. A host stopped and started again with the same data folder shows the
evening in its lobby (Anna, back with a new seat token, has her row); a host SIGKILLed after a
match and mid-match comes back with `felt host --resume`, counts the finished match once and
the interrupted one when it ends."""
from __future__ import annotations

import signal
import time

import pytest

from felt.net.client import ClientThread
from felt.net.soak import host_env
from tests.helpers import start_host_process

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

HOST_ARGS = ["--rules", "PR-002", "--players", "3", "--bots", "2", "--rounds", "1", "--bot-delay", "0.003",
             "--reconnect-wait", "30"]


class Anna:
    """A client that follows the lobby and the match, and plays her first legal move on her turn."""

    def __init__(self, port: int, name: str = "Anna"):
        self.ct = ClientThread("127.0.0.1", port, name).start()
        self.view: dict | None = None
        self.seq = -1
        self.lobby: dict | None = None
        self.errors: list[dict] = []
        self.moves = 0

    def pump(self) -> None:
        for m in self.ct.poll():
            if m["t"] == "state":
                self.view, self.seq = m["view"], m["seq"]
            elif m["t"] == "lobby":
                self.lobby = m
            elif m["t"] == "error":
                self.errors.append(m)

    def wait(self, what, timeout: float = 30.0, play: bool = False):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump()
            got = what(self)
            if got:
                return got
            v = self.view
            if play and v and v.get("to_move") == v.get("seat") and v.get("legal") and v["phase"] != "match_over":
                if self.ct.send({"t": "move", "move": v["legal"][0], "seq": self.seq}):
                    self.moves += 1
                    self.view = dict(v, to_move=None)
            time.sleep(0.003)
        v = self.view or {}
        raise AssertionError(f"timed out; status {self.ct.status}, running {self.lobby and self.lobby['running']}, "
                             f"phase {v.get('phase')}, to_move {v.get('to_move')}, seat {v.get('seat')}, "
                             f"evening {self.lobby and self.lobby.get('evening')}, errors {self.errors}")

    def owner_in_lobby(self) -> None:
        self.wait(lambda a: a.ct.admin and a.lobby is not None and not a.lobby["running"], 20)

    def play_match(self) -> dict:
        """Start a match and play it to its end: the lobby after it."""
        self.view = None
        assert self.ct.send({"t": "start"})
        self.wait(lambda a: a.lobby["running"], 10)
        return self.wait(lambda a: a.view and a.view["phase"] == "match_over" and not a.lobby["running"]
                         and a.lobby["evening"]["matches"] and a.lobby, 60, play=True)

    def close(self) -> None:
        self.ct.close()


def evening_row(evening: dict, name: str) -> dict:
    rows = [r for r in evening["rows"] if r["name"] == name]
    assert len(rows) == 1, evening
    return rows[0]


def stop(proc) -> None:
    if proc.poll() is None:
        proc.terminate()
    proc.wait(10)


def test_the_evening_survives_a_host_stopped_and_started_again_with_the_same_data_folder(tmp_path):
    env = dict(host_env(), FELT_DATA_DIR=str(tmp_path))
    proc, port = start_host_process(HOST_ARGS, env)
    anna = None
    try:
        anna = Anna(port)
        anna.owner_in_lobby()
        assert anna.lobby["evening"]["matches"] == 0
        lobby = anna.play_match()
        first = lobby["evening"]
        assert first["matches"] == 1 and evening_row(first, "Anna")["seat"] == anna.ct.seat
        token = anna.ct.token
        anna.close()
        proc.send_signal(signal.SIGTERM)          # the host stopped (Ctrl+C)
        assert proc.wait(15) == 0
        assert (tmp_path / "evening.json").is_file()

        proc, port = start_host_process(HOST_ARGS, env)  # started again: a new table, new tokens
        anna = Anna(port)
        anna.owner_in_lobby()
        assert anna.ct.token != token
        again = anna.lobby["evening"]
        assert again == first                     # the same standings, the same rows at the same seats
        assert evening_row(again, "Anna")["seat"] == anna.ct.seat      # her row, by her name
        # another game the same evening
        assert anna.ct.send({"t": "set_rules", "game": "schwimmen"})
        anna.wait(lambda a: a.lobby["game"] == "schwimmen", 10)
        lobby = anna.play_match()
        ev = lobby["evening"]
        assert ev["matches"] == 2 and [g["id"] for g in ev["games"]] == ["praesident", "schwimmen"]
        me = evening_row(ev, "Anna")
        assert me["played"] == 2 and set(me["games"]) == {"praesident", "schwimmen"}
        assert "lives" in me["games"]["schwimmen"]["marks"]
        assert sum(r["won"] for r in ev["rows"]) == 2 and not anna.errors
    finally:
        if anna is not None:
            anna.close()
        stop(proc)


def test_the_evening_survives_a_crash_and_resume_counting_each_match_once(tmp_path):
    env = dict(host_env(), FELT_DATA_DIR=str(tmp_path))
    journal = tmp_path / "table.journal"
    proc, port = start_host_process(HOST_ARGS + ["--journal", str(journal)], env)
    anna = None
    try:
        anna = Anna(port)
        anna.owner_in_lobby()
        lobby = anna.play_match()
        assert lobby["evening"]["matches"] == 1
        proc.send_signal(signal.SIGKILL)          # right after the match
        proc.wait()
        proc, port2 = start_host_process(["--resume", str(journal)], env)
        assert port2 == port
        anna.lobby = None
        anna.wait(lambda a: a.lobby is not None and a.ct.status == "connected", 30)
        assert anna.lobby["evening"]["matches"] == 1                 # not counted a second time
        assert evening_row(anna.lobby["evening"], "Anna")["played"] == 1
        # the next match, the host killed in the middle of it
        anna.view, anna.moves = None, 0
        assert anna.ct.send({"t": "start"})
        anna.wait(lambda a: a.moves >= 2 and a.view and a.view["phase"] != "match_over", 30, play=True)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc, port2 = start_host_process(["--resume", str(journal)], env)
        assert port2 == port
        lobby = anna.wait(lambda a: a.view and a.view["phase"] == "match_over" and a.lobby
                          and not a.lobby["running"] and a.lobby["evening"]["matches"] >= 2 and a.lobby, 60, play=True)
        ev = lobby["evening"]
        assert ev["matches"] == 2 and evening_row(ev, "Anna")["played"] == 2
        assert sum(r["won"] for r in ev["rows"]) == 2
        # both matches are kept, the one finished after the resume too (issue 43, seam 1)
        from tests.test_ui_quit_resume import _replays_listed
        kept = _replays_listed(tmp_path)
        assert len(kept) == 2 and all(not k["problem"] and "Anna" in k["names"] for k in kept)
        assert not [e for e in anna.errors if e["code"] not in ("stale", "not_your_turn")], anna.errors
    finally:
        if anna is not None:
            anna.close()
        stop(proc)

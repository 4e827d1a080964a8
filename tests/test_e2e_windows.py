"""End to end, as people do it: real `felt` window processes (SDL dummy video driver) in a
network namespace of their own, driven by clicks and keys through FELT_REMOTE.

- Anna opens a table from her start screen with the default settings (no port, no
  interface); Bert's window finds it in its live list, he clicks it and joins; Anna starts;
  both play moves; Anna's Ctrl+Q asks before it ends the match; Bert is told the host left.
- A late joiner finds a running table and gets a seat (a bot's that was empty at the start).
- `felt join 127.0.0.1:<closed port>` says "refused" at once, and its list searches."""
from __future__ import annotations

import socket
import time

import pytest

from tests.e2e_windows import (Window, find_and_join, host, need_one_listening_socket, play_one_move, set_name,
                                take_turns)

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.e2e]


@pytest.mark.slow
def test_host_from_the_start_screen_guest_finds_it_and_both_play(windows):
    need_one_listening_socket()
    anna = windows("anna")
    bert = windows("bert")
    st = host(anna)
    table = st["table"]
    assert table == "Tisch von Anna" and st["hosting"]
    st_b = find_and_join(bert, "Bert", table)
    assert st_b["kind"] == "lobby" and not st_b["admin"]
    anna.wait(lambda s: [x["name"] for x in s["lobby_seats"] if x["kind"] == "human"] == ["Anna", "Bert"], 10,
              "Bert in Anna's lobby")
    anna.click_widget("start_btn")
    for w in (anna, bert):
        w.wait(lambda s: s["kind"] == "table" and s["running"], 20, "the table")
    made = take_turns([anna, bert], {"anna": 2, "bert": 2})    # both play moves, by clicking
    assert len(made["anna"]) >= 2 and len(made["bert"]) >= 2
    assert "play" in made["anna"] + made["bert"]
    anna.send("shot " + str(anna.dir / "table.png"))
    # Ctrl+Q in the host's window asks first: the match goes on meanwhile
    anna.send("key q ctrl")
    st = anna.wait(lambda s: s["top"] == "ConfirmOverlay", 5, "the quit question")
    assert anna.proc.poll() is None
    anna.click_overlay_button("Weiterspielen")
    anna.wait(lambda s: s["top"] == "TableScene", 5, "back at the table")
    anna.send("close")                              # the window's close button asks too
    anna.wait(lambda s: s["top"] == "ConfirmOverlay", 5, "the quit question again")
    anna.click_overlay_button("Beenden und Tisch schließen")
    assert anna.exit_code() == 0
    st = bert.wait(lambda s: s["kind"] == "start", 20, "Bert back at the start")
    assert "Gastgeber hat den Tisch geschlossen" in st["status"]
    bert.send("close", wait=False)                  # a guest's window closes without a question
    assert bert.exit_code() == 0
    for w in (anna, bert):
        err = w.log()
        assert "Traceback" not in err and "ALSA" not in err, err


@pytest.mark.slow
def test_late_joiner_gets_a_seat_in_the_running_match(windows):
    need_one_listening_socket()
    anna = windows("anna")
    st = host(anna)
    table = st["table"]
    anna.click_widget("start_btn")                  # free seats get bots at the start
    anna.wait(lambda s: s["kind"] == "table" and s["running"], 20, "the match running")
    play_one_move(anna)
    cleo = windows("cleo")
    set_name(cleo, "Cleo")
    st = cleo.wait(lambda s: any(r["title"] == table for r in s.get("rows", [])), 30, "the running table listed")
    row = next(r for r in st["rows"] if r["title"] == table)
    assert row["right"] == "Spiel läuft"
    cleo.click(row["rect"])
    st = cleo.wait(lambda s: s["kind"] in ("table", "exchange") and s["seat"] is not None, 20, "Cleo at the table")
    assert st["phase"] in ("play", "exchange") and st["running"]
    anna.wait(lambda s: "Cleo" in [x["name"] for x in s["lobby_seats"]], 10, "Cleo at Anna's table")
    made = take_turns([anna, cleo], {"cleo": 1})    # and she plays in it
    assert made["cleo"]
    for w in (anna, cleo):
        assert "Traceback" not in w.log()


def test_join_a_closed_port_says_refused_at_once_and_searches(windows, ns):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]        # a port number that nothing listens on (also not in the namespace)
    s.close()
    t0 = time.monotonic()
    w = windows("dora", "--lang", "en", "join", f"127.0.0.1:{port}")
    st = w.wait(lambda s: s.get("kind") == "start" and s.get("status"), 15, "back at the start")
    took = time.monotonic() - t0
    assert "refused" in st["status"] and f"127.0.0.1:{port}" in st["status"], st["status"]
    assert "no answer" not in st["status"]
    assert took < 6.0, took                          # process start included; no 8 s timeout
    assert st["browsing"] and st["searching"]        # its list looks for tables now
    w.send("close", wait=False)
    assert w.exit_code() == 0

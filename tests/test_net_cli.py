"""Wrong inputs to `felt host --headless` and `felt bot`: one clear line on stderr and a
non-zero exit, never a traceback (and never two minutes of silent retrying)."""
from __future__ import annotations

import socket
import time

import pytest

from felt import cli
from felt.net import client as client_mod
from felt.net import commands


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    rc = cli.main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


HOST = ("host", "--headless", "--interface", "127.0.0.1", "--no-announce")


@pytest.mark.parametrize("args, words", [
    (("--port", "99999"), "--port 99999"),
    (("--port", "-1"), "--port -1"),
    (("--players", "0"), "allows 3..8 players"),
    (("--players", "100"), "--players 100: the rule set PR-002 allows 3..8"),
    (("--rules", "JASS36", "--players", "7"), "JASS36 allows 3..6"),
    (("--bots", "9"), "--bots 9: must be 0..4"),
    (("--bots", "-1"), "--bots -1"),
    (("--rounds", "-3"), "--rounds -3"),
    (("--turn-timer", "-5"), "--turn-timer -5"),
    (("--rules", "NOPE"), "NOPE"),
])
def test_host_arguments_out_of_range_give_one_clear_line(capsys, tmp_path, args, words):
    rc, out, err = run_cli(capsys, *HOST, "--journal", str(tmp_path / "j.journal"), *args)
    assert rc == 2
    assert err.startswith("felt host: ") and words in err and err.count("\n") == 1, err
    assert "Traceback" not in err and out == ""


def test_host_with_an_unwritable_journal_says_so(capsys, tmp_path):
    rc, out, err = run_cli(capsys, *HOST, "--journal", str(tmp_path))  # a directory
    assert rc == 2
    assert err.startswith("felt host: cannot write the journal ") and "cannot listen" not in err, err


def test_bot_to_a_bad_address_fails_at_once(capsys, monkeypatch):
    async def unresolvable(cls, host, port, timeout=5.0):  # no DNS traffic from tests
        raise socket.gaierror(-2, "Name or service not known")
    monkeypatch.setattr(client_mod.Connection, "open", classmethod(unresolvable))
    for addr, words in (("127.0.0.1:abc", "expected ADDRESS:PORT"), ("[::1", "expected ADDRESS:PORT"),
                        ("nosuchhost:4000", "cannot connect to nosuchhost:4000: [Errno -2] Name or")):
        t0 = time.monotonic()
        rc, out, err = run_cli(capsys, "bot", addr)
        assert rc == 2 and err.startswith("felt bot: ") and words in err, (addr, err)
        assert time.monotonic() - t0 < 5


def test_bot_to_a_closed_port_gives_up_after_its_first_connect_window(capsys, monkeypatch):
    monkeypatch.setattr(commands, "FIRST_CONNECT_FOR", 0.5)
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nobody listens there
    t0 = time.monotonic()
    rc, out, err = run_cli(capsys, "bot", f"127.0.0.1:{port}")
    assert rc == 2 and time.monotonic() - t0 < 5
    assert err.startswith(f"felt bot: cannot connect to 127.0.0.1:{port}") and err.count("\n") == 1, err


def test_soak_output_counts_lobby_kills_apart_from_the_kills_per_match(capsys, monkeypatch):
    """`felt soak --kills 2` printed '2 host kills per match' and then '3 host kills' for a
    match whose host also died in its lobby; both lines now say where the extra one is."""
    from felt.net import soak

    m = soak.MatchResult(1, 7, moves=120, rounds=3, kills_asked=2)
    m.kills = [soak.KillRecord(-1, 0, False), soak.KillRecord(10, 10, False), soak.KillRecord(30, 30, True)]
    short = soak.MatchResult(2, 8, moves=60, rounds=1, kills_asked=2)
    short.kills = [soak.KillRecord(-1, 0, False)]
    assert "1 host kills (1 in the lobby; 0 of 2 planned during play: the match ended first)" \
        in soak.match_line(short)

    async def fake_run_soak(matches, players, rules, rounds, drops, kills, seed, say):
        say(soak.match_line(m))
        return soak.SoakResult([m])
    monkeypatch.setattr(soak, "run_soak", fake_run_soak)
    rc, out, err = run_cli(capsys, "soak", "--matches", "1", "--kills", "2")
    assert rc == 0, err
    assert "2 host kills per match during play (plus one in the lobby in about half of them)" in out
    assert "match 1: 120 moves, 3 rounds, 0 drops, 0 reconnects, 3 host kills (1 in the lobby), 0 journal" in out

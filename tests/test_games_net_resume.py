"""A networked Mau-Mau (and Schwimmen) match: `felt host --headless --rules MM-STD` in a subprocess on loopback
(no announcement), bots and a client seat, the host SIGKILLed twice while the client is on
turn, `felt host --resume` each time, and the match finished; the final view is what the
engine gives for the journaled moves. And the number of rounds: without `--rounds` the rule
set's match end holds (points or rounds), with it the table plays that many rounds."""
from __future__ import annotations

import asyncio
import signal
import time

import pytest

from felt import games
from felt.net import journal as jm
from felt.net.botclient import BotClient
from felt.net.client import ClientThread
from felt.net.host import Host, HostConfig
from felt.net.soak import _norm, host_env
from tests.helpers import run, start_host_process


@pytest.mark.parametrize("gid,template", [("maumau", "MM-STD"), ("schwimmen", "SW-STD")])
def test_match_over_loopback_survives_two_host_sigkills_and_finishes(tmp_path, gid, template):
    g = games.get(gid)
    env = dict(host_env(), FELT_DATA_DIR=str(tmp_path))
    j = tmp_path / "mm.journal"
    proc, port = start_host_process(["--rules", template, "--port", "0", "--players", "3", "--bots", "2",
                              "--bot-level", "normal", "--rounds", "2", "--seed", "9", "--start-when-full",
                              "--bot-delay", "0.003", "--reconnect-wait", "30", "--journal", str(j)], env)
    ct = ClientThread("127.0.0.1", port, "Anna").start()
    statuses: list[str] = []
    errors: list[dict] = []
    last: dict | None = None
    seq = -1
    kills = my_moves = 0
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            for m in ct.poll():
                if m["t"] == "status":
                    statuses.append(m["status"])
                elif m["t"] == "state":
                    last, seq = m["view"], m["seq"]
                elif m["t"] == "error":
                    errors.append(m)
            if last is None:
                time.sleep(0.005)
                continue
            assert last["game"] == gid
            if last["phase"] == "match_over":
                break
            mine = last["to_move"] == last["seat"] and last["legal"]
            if mine and kills < 2 and my_moves >= 3 + 5 * kills:
                hand, seat, at = list(last["hand"]), ct.seat, seq
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                kills += 1
                proc, port2 = start_host_process(["--resume", str(j)], env)
                assert port2 == port
                got = None
                t_end = time.monotonic() + 20
                while time.monotonic() < t_end and got is None:
                    for m in ct.poll():
                        if m["t"] == "status":
                            statuses.append(m["status"])
                        elif m["t"] == "state":
                            got = m
                    time.sleep(0.005)
                assert got is not None, f"no state after resume; statuses {statuses}"
                # the same seat, the same hand, the same moment of the match
                assert ct.seat == seat and got["seq"] == at
                assert got["view"]["hand"] == hand and got["view"]["to_move"] == seat
                last, seq = got["view"], got["seq"]
                continue
            if mine:
                if ct.send({"t": "move", "move": last["legal"][0], "seq": seq}):
                    my_moves += 1
                    last = dict(last, to_move=None)
            time.sleep(0.002)
        assert last is not None and last["phase"] == "match_over", (statuses, last and last["phase"])
        assert kills == 2 and not errors, errors
        assert statuses.count("reconnecting") >= 2
        if gid == "maumau":
            assert last["round_no"] == 2 and len(last["round_points"]) == 2    # --rounds 2 held across resumes
        else:
            assert last["round_no"] >= 2          # Schwimmen: after 2 rounds only with a single leader
        mlog = jm.read_log(j)
        final = g.replay(g.template(template), 3, 9, jm.actions(mlog), 2)
        assert final.phase == "match_over"
        assert last == _norm(g.view(final, ct.seat))
    finally:
        ct.close()
        if proc.poll() is None:
            proc.terminate()
        proc.wait(10)


def test_maumau_table_without_rounds_keeps_the_rule_sets_match_end(tmp_path):
    """MM-STD ends after its rounds; a point-limit rule set plays until someone passes the limit."""
    g = games.get("maumau")

    async def main(rules: str, rounds):
        host = await Host(HostConfig(rules=rules, players=3, bots=3, bot_level="easy", bot_delay=0.0,
                                     auto_next=0.0, seed=4, interface="127.0.0.1", announce=False,
                                     start_when_full=True, rounds=rounds)).start()
        try:
            for _ in range(2000):
                if host.state is not None and host.state.phase == "match_over":
                    break
                await asyncio.sleep(0.01)
            return host.state
        finally:
            await host.stop()

    std = g.template("MM-STD")
    s = run(main("MM-STD", None))
    assert s.phase == "match_over"
    if std.match_end == "rounds":
        assert len(s.history) == std.rounds
    s2 = run(main("MM-STD", 1))
    assert s2.phase == "match_over" and len(s2.history) == 1
    # a point limit as the match end: the table plays on until a total reaches it
    d = dict(g.rules_to_dict(std), id="MM-LIMIT", name="Bis 10", match_end="points", point_limit=10)
    f = tmp_path / "limit.toml"
    f.write_text(g.rules_to_toml(g.rules_from_dict(d)), encoding="utf-8")
    s3 = run(main(str(f), None))
    assert s3.phase == "match_over" and max(s3.totals) >= 10
    early = [sum(r[i] for r in s3.round_points[:-1]) for i in range(3)]
    assert max(early) < 10, "the match ended at the first round that reached the limit"

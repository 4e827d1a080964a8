"""Replays (felt/net/replay.py): a finished match rebuilt from its log with the game's engine.

In every game: a match played at a table (bots at every seat, the real journal on disk) read
back from the journal gives, at every step, exactly the views the engine gave every seat while
it was played; the same from the log the host sends after the match, which it refuses while
the match runs and which holds no token. Saved matches (the data folder keeps the last 50),
`felt replay --list` and `--json`, and clear errors for bad and damaged files."""
from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys

import msgpack
import pytest

from felt import games
from felt.net import journal as jm
from felt.net import replay as rpm
from felt.net import schema
from felt.net.table import Table
from felt.net.viewdelta import ViewAssembler

GAMES = [("praesident", "PR-002", 4, 2), ("maumau", "MM-STD", 3, 2), ("schwimmen", "SW-STD", 3, None)]


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


class Played:
    """A match at a table without I/O: bots at every seat (the owner Anna's seat too: she
    leaves once it starts and a bot plays for her), a spectator who stays, a real journal, and
    every seat's view after every change as the engine gave it."""

    def __init__(self, tmp_path, template, players, rounds, seed=11):
        self.clock = Clock()
        self.t = Table(rules=template, players=players, rounds=rounds, seed=seed, bot_delay=0.0, pace="off",
                       auto_next=0.0, reconnect_wait=0.0, clock=self.clock, rng=random.Random(3), offload_levels=())
        self.path = tmp_path / "table.journal"
        self.j = jm.open_recorder(self.path, self.t, {"address": "127.0.0.1", "port": 1})
        self.t.recorder = self.j
        self.inbox: dict[int, list[dict]] = {}
        self.views: dict[int, ViewAssembler] = {}
        self.anna = self.join("Anna", token=self.t.admin_token)
        self.spectator = self.join("Zoe", spectator=True)
        self.seen: list[dict] = []            # step -> {seat: view}

    def join(self, name, **kw):
        p = self.t.connect("10.0.0.1", self.clock.t)
        self.send(p, schema.hello(name, **kw))
        return p

    def send(self, p, msg):
        g = self.t.game
        self.t.message(p, schema.validate_client(msg, tuple(g.move_kinds) or None, tuple(g.move_keys)), self.clock.t)
        self.pump()

    def pump(self):
        for a in self.t.take():
            if a[0] in ("send", "sendall", "state"):
                for pid in ([a[1]] if a[0] == "send" else a[1]):
                    msg = a[2]
                    if msg.get("t") == "state":
                        msg = self.views.setdefault(pid, ViewAssembler()).feed(msg)
                    self.inbox.setdefault(pid, []).append(msg)

    def got(self, p, t):
        return [m for m in self.inbox.get(p.id, []) if m["t"] == t]

    def capture(self, _entry=None):
        if _entry is not None and _entry.get("k") not in ("move", "next_round", "end_match"):
            return
        g, s = self.t.game, self.t.state
        self.seen.append({seat: copy.deepcopy(g.view(s, seat)) for seat in [None, *range(s.n)]})

    def start(self):
        self.t.start_match(self.clock.t)
        self.capture()
        self.t.log.listeners.append(self.capture)
        self.pump()
        self.t.disconnect(self.anna, self.clock.t)      # a bot plays for her from now on
        self.pump()

    def back(self):
        """Anna comes back to the table with her token."""
        self.anna = self.join("Anna", token=self.t.admin_token)
        return self.anna

    def play(self, until=None, limit=20000):
        for _ in range(limit):
            if self.t.state.phase == "match_over" or (until is not None and until()):
                return
            due = self.t.wakeup()
            assert due is not None, "the table stopped"
            self.clock.t = max(self.clock.t, due)
            self.t.tick(self.clock.t)
            self.pump()
        raise AssertionError("the match did not end")


@pytest.mark.parametrize("gid,template,players,rounds", GAMES)
def test_a_replay_of_the_journal_gives_every_view_of_the_match_as_played(tmp_path, gid, template, players, rounds):
    m = Played(tmp_path, template, players, rounds)
    m.start()
    m.play()
    m.j.close()
    assert m.t.game.id == gid and len(m.seen) == m.t.seq + 1 > 10
    rp = rpm.read_file(m.path)
    assert rp.game.id == gid and rp.finished and rp.steps == len(m.seen)
    for i, seen in enumerate(m.seen):
        for seat, view in seen.items():
            assert rp.view(i, seat) == view, (gid, i, seat)
    # the spectator got exactly these views at the table, one per change
    got = [x["view"] for x in m.got(m.spectator, "state")]
    assert got == [s[None] for s in m.seen]
    # the rounds are where the deals are; the last state is the match's end
    assert rp.round_starts[0] == 0 and len(rp.round_starts) == rp.round_no(rp.steps - 1)
    assert all(rp.action(i) == ("next_round",) for i in rp.round_starts[1:])
    assert rp.names[0] == "Anna" and rp.winner() == m.t.game.winner(m.t.state)
    # every hand is open: the hands of a step are the seats' own views' hands
    for i in (0, rp.steps // 2):
        assert rp.hands(i) == [m.seen[i][s].get("hand") for s in range(rp.n)]


@pytest.mark.parametrize("gid,template,players,rounds", GAMES)
def test_the_host_sends_the_log_only_after_the_match_and_without_tokens(tmp_path, gid, template, players, rounds):
    m = Played(tmp_path, template, players, rounds)
    m.start()
    m.play(until=lambda: m.t.seq >= 3)
    zoe = m.spectator
    m.send(zoe, {"t": "match_log"})              # during the match: refused, nothing of it sent
    err = m.got(zoe, "error")[-1]
    assert err["code"] == "running" and err["ref"] == "match_log" and "not over" in err["msg"]
    m.play(until=lambda: m.t.seq >= 8)
    m.clock.t += 5
    m.send(zoe, {"t": "match_log"})
    assert m.got(zoe, "error")[-1]["code"] == "running" and not m.got(zoe, "match_log")
    m.play()
    m.back()
    m.send(m.anna, {"t": "match_log"})
    parts = m.got(m.anna, "match_log")
    assert parts and parts[0]["part"] == 0 and parts[-1]["part"] == parts[0]["parts"] - 1
    for part in parts:
        schema.validate_host(part)
        assert len(msgpack.packb(part, use_bin_type=True)) < 64 * 1024
    wire = msgpack.packb(parts, use_bin_type=True)
    secrets = [m.t.admin_token] + [s.token for s in m.t.seats if s.token]
    assert secrets and not any(tok.encode() in wire for tok in secrets), "a token went out with the log"
    assembler = rpm.Parts()
    done = None
    for part in parts:
        done = assembler.feed(part)
    rp = rpm.Replay(*done)
    assert rp.steps == len(m.seen)
    for i in range(0, rp.steps, max(1, rp.steps // 25)):
        assert rp.view(i, 0) == m.seen[i][0] and rp.view(i, None) == m.seen[i][None]
    # the same match from the journal and from the wire is one and the same file
    assert rpm.digest(rp.header, rp.entries) == rpm.digest(*[(r.header, r.entries) for r in [rpm.read_file(m.path)]][0])
    # asked again at once: refused with a reason; later: sent again
    m.send(m.anna, {"t": "match_log"})
    assert m.got(m.anna, "error")[-1]["code"] == "rate_limited"
    m.clock.t += 3
    m.send(m.anna, {"t": "match_log"})
    assert len(m.got(m.anna, "match_log")) == 2 * len(parts)


def test_no_match_yet_is_said():
    t = Table(rules="PR-002", players=3, clock=Clock())
    p = t.connect("x")
    t.message(p, schema.validate_client(schema.hello("Anna")))
    t.take()
    t.message(p, schema.validate_client({"t": "match_log"}))
    err = [a[2] for a in t.take() if a[0] == "send" and a[2]["t"] == "error"][-1]
    assert err["code"] == "no_match"


def test_a_long_match_goes_in_several_parts_that_fit_a_frame():
    g = games.get("praesident")
    header = {"k": "match", "v": 1, "game": "praesident", "rules": g.rules_to_dict(g.template("PR-002")), "n": 4,
              "seed": 1, "rounds": None, "seats": [{"seat": i, "name": f"P{i}", "kind": "bot", "token": "x"}
                                                   for i in range(4)], "admin_token": "secret"}
    from felt.net.matchlog import MatchLog
    log = MatchLog(header, [{"k": "move", "seat": i % 4, "move": {"kind": "play", "cards": [i % 50, 51 - i % 50]}}
                            for i in range(6000)])
    msgs = rpm.match_log_messages(log)
    assert len(msgs) >= 3
    a = rpm.Parts()
    out = None
    for msg in msgs:
        assert len(msgpack.packb(msg, use_bin_type=True)) < 64 * 1024 and len(msg["entries"]) < 4096
        assert b"secret" not in msgpack.packb(msg) and "token" not in json.dumps(msg)
        out = a.feed(schema.validate_host(msg))
    assert out is not None and len(out[1]) == 6000
    with pytest.raises(rpm.ReplayError):
        rpm.Parts().feed(msgs[1])              # a part out of order
    # a host that sends no end of entries is refused before the window rebuilds them
    a = rpm.Parts()
    with pytest.raises(rpm.ReplayError) as e:
        for msg in msgs * 20:
            a.feed(dict(msg, part=a.next, parts=len(msgs) * 20))
    assert e.value.key == "bad_log" and str(rpm.MAX_ENTRIES) in e.value.en


# ---------------------------------------------------------------------------- files
def finished_replay(tmp_path, template="MM-STD", players=3, rounds=1, seed=5):
    m = Played(tmp_path, template, players, rounds, seed=seed)
    m.start()
    m.play()
    m.j.close()
    return m, rpm.read_file(m.path)


def test_saved_matches_are_one_file_each_and_the_last_50_are_kept(tmp_path):
    _m, rp = finished_replay(tmp_path)
    d = tmp_path / "replays"
    p1 = rpm.save(rp, d, when=1_700_000_000)
    assert p1 is not None and p1.name.endswith(rpm.SUFFIX) and "maumau" in p1.name
    assert rpm.save(rp, d, when=1_700_000_100) == p1, "the same match was saved twice"
    back = rpm.read_file(p1)
    assert back.steps == rp.steps and back.view(rp.steps - 1, 1) == rp.view(rp.steps - 1, 1)
    assert b"token" not in p1.read_bytes()
    # the data folder keeps the newest 50
    for k in range(55):
        f = d / f"2020-old-{k:02d}{rpm.SUFFIX}"
        f.write_bytes(p1.read_bytes())
        os.utime(f, (1000 + k, 1000 + k))
    os.utime(p1, (10_000, 10_000))
    _m2, rp2 = finished_replay(tmp_path / "b", seed=6)
    p2 = rpm.save(rp2, d)
    files = sorted(d.glob("*" + rpm.SUFFIX))
    assert len(files) == rpm.KEEP and p1 in files and p2 in files
    listed = rpm.saved(d)
    assert listed[0]["path"] == str(p2) and listed[0]["game"] == "maumau" and listed[0]["names"][0] == "Anna"


def test_the_host_keeps_every_finished_match(tmp_path):
    import asyncio
    from felt.net.host import Host, HostConfig

    async def main():
        host = await Host(HostConfig(interface="127.0.0.1", announce=False, rules="SW-STD", players=3, bots=3,
                                     bot_delay=0.0, pace="off", seed=4, start_when_full=True, phones=False, auto_next=0.0,
                                     replays=str(tmp_path / "kept"))).start()
        try:
            for _ in range(600):
                if host.state is not None and host.state.phase == "match_over":
                    break
                await asyncio.sleep(0.02)
        finally:
            await host.stop()
        return host

    host = asyncio.run(main())
    assert host.state.phase == "match_over"
    kept = rpm.saved(tmp_path / "kept")
    assert len(kept) == 1 and kept[0]["game"] == "schwimmen" and kept[0]["winner"] in kept[0]["names"]
    rp = rpm.read_file(kept[0]["path"])
    assert rp.view(rp.steps - 1, None) == host.game.view(host.state, None)


def test_bad_and_damaged_files_give_clear_errors(tmp_path):
    m, rp = finished_replay(tmp_path)
    good = m.path.read_bytes()
    cases = {
        "missing": tmp_path / "nope.journal",
        "empty": tmp_path / "empty.journal",
        "not_journal": tmp_path / "notes.txt",
        "damaged": tmp_path / "cut.journal",
        "unfinished": tmp_path / "running.journal",
        "no_match": tmp_path / "lobby.journal",
        "unreadable": tmp_path,
    }
    cases["empty"].write_bytes(b"")
    cases["not_journal"].write_text("Einkaufsliste: Karten, Chips")
    # the finished match cut off in its last move (a copy that broke on the way)
    sc = jm.scan(good)
    last = max(i for i, r in enumerate(sc.records) if r["k"] == "move")
    cases["damaged"].write_bytes(good[:sc.offsets[last] + 7])
    records, _ = rpm._records(m.path)
    header_at = next(i for i, r in enumerate(records) if r["k"] == "match")
    cases["unfinished"].write_bytes(jm.MAGIC + b"".join(jm.encode_record(r) for r in records[:header_at + 6]))
    cases["no_match"].write_bytes(jm.MAGIC + jm.encode_record({"k": "host", "name": "x"}))
    for key, path in cases.items():
        with pytest.raises(rpm.ReplayError) as e:
            rpm.read_file(path)
        assert e.value.key == key, (key, e.value)
        assert str(path) in e.value.en and str(path) in e.value.de
    # a move that does not apply: the match is refused with the entry named
    bad = list(records)
    k = next(i for i, r in enumerate(bad) if r["k"] == "move")
    bad[k] = dict(bad[k], move={"kind": "play", "cards": [999]})
    (tmp_path / "bad.journal").write_bytes(jm.MAGIC + b"".join(jm.encode_record(r) for r in bad))
    with pytest.raises(rpm.ReplayError) as e:
        rpm.read_file(tmp_path / "bad.journal")
    assert e.value.key == "bad_log" and f"entry {k - header_at}" in e.value.en


def _felt(*args, env=None):
    return subprocess.run([sys.executable, "-m", "felt.cli", "replay", *args], capture_output=True, text=True,
                          env=env, timeout=60)


def test_cli_lists_kept_matches_and_prints_one_as_json(tmp_path):
    _m, rp = finished_replay(tmp_path, "PR-002", 4, 1)
    env = dict(os.environ, FELT_DATA_DIR=str(tmp_path / "data"))
    out = _felt("--list", env=env)
    assert out.returncode == 0 and "no finished matches" in out.stdout
    path = rpm.save(rp, tmp_path / "data" / "replays")
    out = _felt("--list", env=env)
    assert out.returncode == 0, out.stderr
    line = out.stdout.strip().splitlines()[0]
    assert games.get("praesident").name["en"] in line and "Anna" in line and "winner: " + rp.summary()["winner"] in line and str(path) in line
    js = _felt(str(path), "--json", env=env)
    assert js.returncode == 0, js.stderr
    d = json.loads(js.stdout)
    assert d["game"] == "praesident" and len(d["steps"]) == rp.steps and d["steps"][0]["hands"] == rp.hands(0)
    moves = [s for s in d["steps"] if s["action"] and s["action"]["kind"] == "move"]
    assert moves and all("bot" in s and s["bot"]["move"] and isinstance(s["bot"]["same"], bool) for s in moves)
    bad = _felt(str(tmp_path / "nope.journal"), "--json", env=env)
    assert bad.returncode == 2 and "does not exist" in bad.stderr and "Traceback" not in bad.stderr
    bad = _felt(str(tmp_path / "nope.journal"), env=dict(env, SDL_VIDEODRIVER="dummy"))
    assert bad.returncode == 2 and "does not exist" in bad.stderr and "Traceback" not in bad.stderr


def test_the_bots_word_is_the_normal_bots_choice_from_the_movers_view(tmp_path):
    _m, rp = finished_replay(tmp_path, "PR-002", 4, 1)
    g = rp.game
    checked = 0
    for i in range(1, rp.steps):
        a = rp.action(i)
        if a[0] != "move":
            assert rp.hint(i) is None
            continue
        h = rp.hint(i, "de")
        view = rp.view(i - 1, a[1])
        assert h["move"] == g.hint(view, "de")["move"] and h["move"] in view["legal"]
        assert h["same"] == rp.same_move(h["move"], a[2]) and h["why"]
        checked += 1
    assert checked > 10
    # the bots played every seat with the normal level here: the bot's word is what was played
    # at least most of the time (the bots' own seeds break ties otherwise)
    same = sum(1 for i in range(1, rp.steps) if rp.hint(i) and rp.hint(i)["same"])
    assert same >= checked // 2

"""`felt soak`: many matches over loopback while clients drop and the host is killed.

Each match runs a real host as a subprocess (``felt host --headless --journal F``, loopback
only, no mDNS) and one network :class:`~felt.net.botclient.BotClient` per seat plus a
spectator, all separate TCP connections. While they play, the soak

- drops clients at random (the TCP connection is aborted; the client reconnects with its
  seat token by itself),
- kills the host with SIGKILL at random points and starts it again with
  ``felt host --resume F`` (same port; clients find it again by themselves).

After each match it checks, against the host's journal replayed by the engine:

- every client's last view equals the host's view for its seat (spectator: seat None);
- every state a client was ever shown is the host's state at that seq (so nothing a client
  saw was lost by a crash), and a resumed host is never behind what any client saw;
- every card is accounted for: at every step the hands and the played cards are the whole
  deck, each card once; every view's hand, counts and played cards add up;
- every client kept its seat, and the host finished the match and exited cleanly.

It prints what it did (matches, moves, drops, reconnects, host kills) and what it found.
"""
from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import msgpack

from felt.net import journal as jmod
from felt.net import matchlog
from felt.net.botclient import BotClient
from felt.net.client import AsyncClient

ROOT = Path(__file__).resolve().parents[2]
ADDR = "127.0.0.1"


def _norm(obj: Any) -> Any:
    """What a value looks like after travelling as msgpack (tuples become lists)."""
    return msgpack.unpackb(msgpack.packb(obj, use_bin_type=True), raw=False, strict_map_key=False)


def host_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "felt.cli", "host", "--headless", "--no-announce",
            "--interface", ADDR, *args]


def host_env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


class HostProcess:
    """A `felt host --headless` subprocess whose output goes to a file."""

    def __init__(self, workdir: Path, journal: Path):
        self.workdir = workdir
        self.journal = journal
        self.proc: asyncio.subprocess.Process | None = None
        self.port = 0
        self.starts = 0
        self.outputs: list[Path] = []

    async def start(self, args: list[str], timeout: float = 30.0) -> str:
        """Start the host; return its output up to the line with its address."""
        self.starts += 1
        out = self.workdir / f"{self.journal.stem}-host-{self.starts}.out"
        self.outputs.append(out)
        with open(out, "wb") as fh:
            self.proc = await asyncio.create_subprocess_exec(
                *host_command(*args), stdout=fh, stderr=asyncio.subprocess.STDOUT, env=host_env(),
                cwd=str(self.workdir))
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = out.read_text(errors="replace")
            m = re.search(r" at 127\.0\.0\.1:(\d+) ", text)
            if m:
                self.port = int(m.group(1))
                return text
            if self.proc.returncode is not None:
                break
            await asyncio.sleep(0.02)
        raise RuntimeError(f"host did not start:\n{out.read_text(errors='replace')}")

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    async def kill(self) -> None:
        if self.alive:
            assert self.proc is not None
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()

    async def wait(self, timeout: float) -> int | None:
        if self.proc is None:
            return None
        try:
            return await asyncio.wait_for(self.proc.wait(), timeout)
        except asyncio.TimeoutError:
            return None

    def output(self) -> str:
        return "\n".join(p.read_text(errors="replace") for p in self.outputs if p.exists())


class Watcher:
    """Records every state a client receives: (seq, view)."""

    def __init__(self, name: str, on_state: Callable[["Watcher", dict], Any] | None = None):
        self.name = name
        self.states: list[tuple[int, dict]] = []
        self.seats: set = set()
        self.on_state = on_state
        self.max_seq = -1
        self.welcomes = 0

    def __call__(self, msg: dict) -> None:
        t = msg.get("t")
        if t == "welcome":
            self.welcomes += 1
            self.seats.add(msg.get("seat"))
        elif t == "state":
            self.states.append((msg["seq"], msg["view"]))
            self.max_seq = max(self.max_seq, msg["seq"])
            if self.on_state is not None:
                self.on_state(self, msg)

    @property
    def last_view(self) -> dict | None:
        return self.states[-1][1] if self.states else None


@dataclass
class KillRecord:
    seen_seq: int          # highest seq any client had seen when the host died
    resumed_seq: int       # game entries the resumed host found in its journal
    repaired: bool


@dataclass
class MatchResult:
    index: int
    seed: int
    moves: int = 0
    entries: int = 0
    rounds: int = 0
    drops: int = 0
    reconnects: int = 0
    kills: list[KillRecord] = field(default_factory=list)
    repairs: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    places: list = field(default_factory=list)
    journal: Path | None = None
    rules: Any = None
    players: int = 0
    rounds_asked: int = 0
    kills_asked: int = 0    # host kills during play that were planned (the match may end first)
    last_views: dict = field(default_factory=dict)   # seat (None: spectator) -> last view
    spectator_late: bool = False   # the spectator was away when the match ended and the host had gone
    host_output: str = ""


@dataclass
class SoakResult:
    matches: list[MatchResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def problems(self) -> list[str]:
        return [f"match {m.index}: {p}" for m in self.matches for p in m.problems]

    def totals(self) -> dict:
        ms = self.matches
        return {"matches": len(ms), "moves": sum(m.moves for m in ms), "rounds": sum(m.rounds for m in ms),
                "drops": sum(m.drops for m in ms), "reconnects": sum(m.reconnects for m in ms),
                "host_kills": sum(len(m.kills) for m in ms), "journal_repairs": sum(m.repairs for m in ms),
                "problems": len(self.problems), "seconds": round(self.seconds, 1)}


def _estimate_moves(game, rules, players: int, rounds: int, seed: int, level: str = "normal") -> int:
    """Moves in a match of the clients' bots (to spread the kill points over the match;
    random legal play would be far longer than bots' play in games with a draw pile)."""
    from felt.net.table import make_bot
    s, _ = game.new_match(rules, players, seed, rounds)
    bots = [make_bot(game, level, seed=seed + i) for i in range(players)]
    rng = random.Random(seed)
    moves = 0
    while s.phase != "match_over" and moves < 20000:
        if s.phase == "round_over":
            s, _ = game.next_round(s)
            continue
        seat = s.to_move
        try:
            move = bots[seat].choose(game.view(s, seat))
            if isinstance(move, dict):
                move = game.move_from_wire(move)
            game.check_move(s, seat, move)
        except Exception:
            move = rng.choice(game.legal_moves(s))
        game.apply_inplace(s, seat, move)
        moves += 1
    return max(moves, 10)


async def play_match(index: int, **kw: Any) -> MatchResult:
    """One match (see :func:`_play_match`). Whatever goes wrong in the harness, its host
    process does not outlive it (a failed match once left a resumed host running)."""
    cleanup: list = []       # the host process and the clients, as the match creates them
    try:
        return await _play_match(index, _hosts=cleanup, **kw)
    except BaseException:
        for thing in cleanup:   # clients first would retry against a dead host for minutes
            try:
                if isinstance(thing, HostProcess):
                    await thing.kill()
                else:
                    await asyncio.wait_for(thing.close(), 5)
            except Exception:
                pass
        raise


async def _play_match(index: int, *, players: int, rules_spec: str, rounds: int, drops: float, kills: int,
                     seed: int, workdir: Path, level: str = "normal", client_delay: float = 0.005,
                     reconnect_wait: float = 2.0, time_limit: float = 240.0,
                     say: Callable[[str], Any] = lambda m: None,
                     before_resume: Callable[[Path], Any] | None = None,
                     kill_at: list[int] | None = None, cli_bots: int = 0,
                     lobby_kill: bool | None = None, torn: float = 0.25,
                     _hosts: list | None = None) -> MatchResult:
    """One match; ``cli_bots`` of the seats are played by `felt bot` subprocesses (checked by the
    places they print), the others by in-process BotClients (checked view by view). With chance
    ``torn`` a kill also leaves half an entry at the journal's end (as if the host died inside a
    write), which the resume must repair and report."""
    from felt.net.table import resolve_rules
    rng = random.Random(seed)
    mseed = rng.getrandbits(40)
    game, rules = resolve_rules(rules_spec)
    res = MatchResult(index, mseed, rules=rules, players=players, rounds_asked=rounds)
    t0 = time.monotonic()
    jpath = workdir / f"match-{index}.journal"
    host = HostProcess(workdir, jpath)
    if _hosts is not None:
        _hosts.append(host)
    await host.start(["--port", "0", "--players", str(players), "--rules", rules_spec, "--rounds", str(rounds),
                      "--seed", str(mseed), "--start-when-full", "--bot-delay", "0",
                      "--reconnect-wait", str(reconnect_wait), "--journal", str(jpath),
                      "--name", f"Soak {index}"])
    port = host.port
    loop = asyncio.get_running_loop()
    clients: list[AsyncClient] = []

    def maybe_drop(w: Watcher, msg: dict, client: AsyncClient) -> None:
        if drops > 0 and msg["view"].get("phase") != "match_over" and rng.random() < drops:
            def abort() -> None:
                conn = client.conn
                if conn is not None:
                    res.drops += 1
                    conn.writer.transport.abort()
            loop.call_later(rng.random() * 0.01, abort)

    bots: list[BotClient] = []
    watchers: list[Watcher] = []
    cli: list[tuple[asyncio.subprocess.Process, Path]] = []
    for i in range(min(cli_bots, players)):
        out = workdir / f"match-{index}-bot-{i + 1}.out"
        with open(out, "wb") as fh:
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "felt.cli", "bot", f"{ADDR}:{port}", "--name", f"C{i + 1}",
                "--level", "easy", "--delay", str(client_delay), stdout=fh, stderr=asyncio.subprocess.STDOUT,
                env=host_env(), cwd=str(workdir))
        cli.append((proc, out))
    for i in range(players - len(cli)):
        w = Watcher(f"P{i + 1}")
        b = BotClient(ADDR, port, f"P{i + 1}", level=level, delay=client_delay, seed=mseed + i,
                      reconnect_for=120.0, on_message=w)
        w.on_state = (lambda b_: lambda w_, m: maybe_drop(w_, m, b_.client))(b)
        bots.append(b)
        if _hosts is not None:
            _hosts.append(b)
        watchers.append(w)
        clients.append(b.client)
    spec_w = Watcher("spectator")
    spec = AsyncClient(ADDR, port, "Watcher", spectator=True, reconnect_for=120.0, on_message=spec_w)
    spec_w.on_state = lambda w_, m: maybe_drop(w_, m, spec)
    clients.append(spec)
    if _hosts is not None:
        _hosts.append(spec)
    if lobby_kill is None:
        lobby_kill = kills > 0 and rng.random() < 0.5
    early = max(1, len(bots) // 2) if lobby_kill else len(bots)
    tasks = [asyncio.ensure_future(b.run()) for b in bots[:early]]
    spec_task = asyncio.ensure_future(spec.run())
    if lobby_kill:  # the host dies while the first players sit in its lobby
        end = time.monotonic() + 20
        while any(w.welcomes == 0 for w in watchers[:early]) and time.monotonic() < end:
            await asyncio.sleep(0.005)
        await host.kill()
        await asyncio.sleep(rng.random() * 0.3)
        text = await host.start(["--resume", str(jpath)])
        res.kills.append(KillRecord(-1, 0, "damaged" in text))
        if "in its lobby" not in text:
            res.problems.append(f"lobby resume said: {text.strip()[:300]}")
        if host.port != port:
            res.problems.append(f"resumed host listens on port {host.port}, not {port}")
        say(f"  match {index}: host killed in the lobby with {early} players seated, resumed")
    tasks += [asyncio.ensure_future(b.run()) for b in bots[early:]]

    def seen() -> int:
        return max(w.max_seq for w in watchers + [spec_w])

    est = _estimate_moves(game, rules, players, rounds, mseed, level if level in ('easy', 'normal') else 'normal')
    targets = sorted(kill_at) if kill_at is not None else \
        sorted(rng.randint(1, max(2, int(est * 0.8))) for _ in range(kills))
    res.kills_asked = len(targets)

    stopping = False

    async def killer() -> None:
        last = -1
        for target in targets:
            if target <= last and rng.random() < 0.8:  # mostly a new point; sometimes a crash right after a resume
                target = last + 1 + rng.randint(0, 5)
            while seen() < target and host.alive and not stopping:
                await asyncio.sleep(0.005)
            if not host.alive or stopping:
                return
            await asyncio.sleep(rng.random() * 0.02)  # not always right at a state boundary
            if not host.alive or stopping:
                return
            await host.kill()
            before = last = seen()
            await asyncio.sleep(rng.random() * 0.5)   # the host stays dead for a moment
            tore = False
            if before_resume is not None:
                before_resume(jpath)
            elif rng.random() < torn:
                tore = True  # the host died in the middle of writing its next entry
                rec = jmod.encode_record({"k": "move", "seat": 0, "move": {"kind": "pass", "cards": [], "ranks": []}})
                with open(jpath, "ab") as fh:
                    fh.write(rec[:rng.randint(1, len(rec) - 1)])
            text = await host.start(["--resume", str(jpath)])
            m = re.search(r"(\d+) game entries", text)
            resumed = int(m.group(1)) if m else -1
            repaired = "damaged" in text
            if tore and not ("damaged" in text and "cut off" in text and "last whole entry" in text):
                res.problems.append(f"a torn journal entry was resumed without a clear message: {text[:300]}")
            elif repaired and not tore and before_resume is None:
                res.problems.append(f"the journal was damaged by a plain SIGKILL: {text[:300]}")
            res.kills.append(KillRecord(before, resumed, repaired))
            res.repairs += repaired
            if host.port != port:
                res.problems.append(f"resumed host listens on port {host.port}, not {port}")
                return
            say(f"  match {index}: host killed at seq {before}, resumed at {resumed}"
                + (" (journal repaired)" if repaired else ""))

    async def guarded_killer() -> None:
        try:
            await killer()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a broken kill/resume must show, not hang the match silently
            res.problems.append(f"kill/resume failed: {type(exc).__name__}: {exc}")
            for b in bots:
                await b.close()

    kill_task = asyncio.ensure_future(guarded_killer())
    done, pending = await asyncio.wait(tasks, timeout=time_limit)
    if pending:
        res.problems.append(f"match did not finish within {time_limit:g} s "
                            f"(seqs seen: {[w.max_seq for w in watchers]})")
    stopping = True  # a kill in progress still ends with its resume
    try:
        await asyncio.wait_for(kill_task, 60)
    except BaseException:
        pass
    # the spectator has the final state once every player has it; give it a moment. The host
    # waits for absent players, not for spectators: one that was dropped (or reconnecting after
    # a host kill) when the match ended may find the host gone, which is no fault of the host.
    spec_away = spec.status != "connected"
    for _ in range(100):
        lv = spec_w.last_view
        if lv is not None and lv.get("phase") == "match_over":
            break
        spec_away = spec_away or spec.status != "connected"
        await asyncio.sleep(0.05)
    await spec.close()
    for b in bots:
        await b.close()
    await asyncio.wait(tasks + [spec_task], timeout=5)
    cli_out = []
    for proc, out in cli:
        try:
            crc = await asyncio.wait_for(proc.wait(), 60)
        except asyncio.TimeoutError:
            proc.kill()
            crc = await proc.wait()
        cli_out.append((crc, out.read_text(errors="replace")))
    rc = await host.wait(90.0)
    if rc is None:
        res.problems.append("host did not exit after the match")
        await host.kill()
    elif rc != 0:
        res.problems.append(f"host exited with code {rc}")
    res.reconnects = sum(max(0, c.connects - 1) for c in clients)
    res.journal = jpath
    res.host_output = host.output()
    for w in watchers + [spec_w]:
        if w.last_view is not None:
            res.last_views[w.last_view.get("seat")] = w.last_view

    # --- checks against the journal ------------------------------------------------
    try:
        rj = jmod.load_resume(jpath, repair=False)
    except Exception as exc:
        res.problems.append(f"journal unreadable: {exc}")
        res.seconds = time.monotonic() - t0
        return res
    if rj.damage:
        res.problems.append(f"journal damaged at the end: {rj.damage}")
    mlog = rj.log
    if mlog is None:
        res.problems.append("journal has no match")
        res.seconds = time.monotonic() - t0
        return res
    final_direct = game.replay(rules, players, mseed, jmod.actions(mlog), rounds)
    states = dict(matchlog.states(mlog))
    final = states[mlog.seq]
    res.entries = mlog.seq
    res.moves = sum(1 for e in mlog.entries if e["k"] == "move")
    # the places of each round: state.history where the game keeps one (the guide asks for none;
    # a game without it counts its rounds by round_no)
    history = getattr(final, "history", None)
    res.rounds = len(history) if history is not None else int(getattr(final, "round_no", 0) or 0)
    res.places = [list(p) for p in history] if history is not None else []
    if final.phase != "match_over":
        res.problems.append(f"the match did not end (phase {final.phase})")
    if _norm(game.view(final_direct, None)) != _norm(game.view(final, None)):
        res.problems.append("replaying the journal step by step and at once disagree")
    bad_cards = {p for s in states.values() if (p := game.check_cards(s))}
    res.problems += sorted(bad_cards)[:3]
    views: dict[tuple[int, Any], Any] = {}

    def host_view(seq: int, seat: Any) -> Any:
        key = (seq, seat)
        if key not in views:
            views[key] = _norm(game.view(states[seq], seat))
        return views[key]

    for i, (b, w) in enumerate(zip(bots, watchers)):
        seats = w.seats - {None}
        if len(seats) != 1:
            res.problems.append(f"{w.name} sat at seats {sorted(seats)} (expected one seat)")
            continue
        seat = next(iter(seats))
        lv = w.last_view
        if lv is None or _norm(lv) != host_view(mlog.seq, seat):
            res.problems.append(f"{w.name} (seat {seat}): last view differs from the host's view "
                                f"(client at seq {w.states[-1][0] if w.states else None}, host at {mlog.seq})")
        bad = 0
        for seq, v in w.states:
            if seq not in states or _norm(v) != host_view(seq, seat):
                bad += 1
            elif (p := game.check_view_cards(states[seq], v)):
                res.problems.append(f"{w.name} seq {seq}: {p}")
        if bad:
            res.problems.append(f"{w.name}: {bad} of {len(w.states)} views differ from the host's state at their seq")
    # the live host's own account of the match (printed when it exits) agrees with the journal
    last_out = host.outputs[-1].read_text(errors="replace") if host.outputs else ""
    names = [x.get("name") for x in mlog.seats()]
    printed = [[names.index(n) if n in names else -1 for n in re.findall(r"\d+\. (.+?)(?:, |$)", line)]
               for line in re.findall(r"^  round \d+: (.*)$", last_out, re.M)]
    if rc == 0 and history is not None and printed != res.places:
        res.problems.append(f"the host printed places {printed}, its journal says {history} "
                            f"(seat names {names}; its output ended: {last_out[-400:]!r})")
    for crc, text in cli_out:
        m = re.search(r"seat (\d+), match over; places per round: \[([\d, ]*)\]", text)
        if crc != 0 or not m:
            res.problems.append(f"felt bot exited with {crc}: {text.strip()[-200:]}")
            continue
        seat = int(m.group(1))
        got = [int(x) for x in m.group(2).split(",") if x.strip()]
        want = [p.index(seat) + 1 for p in history or []]
        if got != want:
            res.problems.append(f"felt bot at seat {seat} reports places {got}, the host {want}")
    lv = spec_w.last_view
    if lv is not None and lv.get("phase") != "match_over" and spec_away:
        res.spectator_late = True      # not there when the match ended; every view it got is checked below
    elif lv is None or _norm(lv) != host_view(mlog.seq, None):
        res.problems.append("spectator: last view differs from the host's public view")
    bad = sum(1 for seq, v in spec_w.states if seq not in states or _norm(v) != host_view(seq, None))
    if bad:
        res.problems.append(f"spectator: {bad} views differ from the host's state at their seq")
    for k in res.kills:
        if k.resumed_seq < k.seen_seq:  # a torn tail is never an entry anyone was shown
            res.problems.append(f"a resumed host was at seq {k.resumed_seq} but clients had seen {k.seen_seq}")
    res.seconds = time.monotonic() - t0
    return res


async def run_soak(matches: int = 3, players: int = 4, rules: str = "PR-002", rounds: int = 3,
                   drops: float = 0.05, kills: int = 2, seed: int = 1, workdir: str | Path | None = None,
                   say: Callable[[str], Any] = lambda m: None, **kw: Any) -> SoakResult:
    out = SoakResult()
    t0 = time.monotonic()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="felt-soak-") as tmp:
        wd = Path(workdir) if workdir else Path(tmp)
        wd.mkdir(parents=True, exist_ok=True)
        for i in range(1, matches + 1):
            r = await play_match(i, players=players, rules_spec=rules, rounds=rounds, drops=drops, kills=kills,
                                 seed=rng.getrandbits(32), workdir=wd, say=say, **kw)
            out.matches.append(r)
            say(match_line(r))
    out.seconds = time.monotonic() - t0
    return out


def match_line(r: MatchResult) -> str:
    """The line `felt soak` prints for a finished match."""
    lobby = sum(1 for k in r.kills if k.seen_seq == -1)
    notes = [f"{lobby} in the lobby"] if lobby else []
    if len(r.kills) - lobby < r.kills_asked:
        notes.append(f"{len(r.kills) - lobby} of {r.kills_asked} planned during play: the match ended first")
    note = f" ({'; '.join(notes)})" if notes else ""
    return (f"match {r.index}: {r.moves} moves, {r.rounds} rounds, {r.drops} drops, {r.reconnects} reconnects, "
            f"{len(r.kills)} host kills{note}, {r.repairs} journal "
            f"repairs, {r.seconds:.1f} s: " + ("ok" if not r.problems else "; ".join(r.problems)))


def cmd_soak(args: Any) -> int:
    def say(m: str) -> None:
        print(m, flush=True)
    from felt.net.table import resolve_rules
    try:
        game, r = resolve_rules(args.rules)
        game.validate(r, args.players)
    except (OSError, ValueError, KeyError) as exc:
        print(f"felt soak: {exc}", file=sys.stderr)
        return 2
    say(f"soak ({game.id}): {args.matches} matches of {args.rounds} rounds, {args.players} network bot clients and a "
        f"spectator, rules {args.rules}, drop chance {args.drops:g} per update, {args.kills} host kills "
        f"per match during play{' (plus one in the lobby in about half of them)' if args.kills > 0 else ''} "
        f"(SIGKILL, then felt host --resume), seed {args.seed}")
    res = asyncio.run(run_soak(args.matches, args.players, args.rules, args.rounds, max(0.0, args.drops),
                               max(0, args.kills), args.seed, say=say))
    t = res.totals()
    say(f"did: {t['matches']} matches, {t['rounds']} rounds, {t['moves']} moves, {t['drops']} client drops, "
        f"{t['reconnects']} reconnects, {t['host_kills']} host kills and resumes, "
        f"{t['journal_repairs']} journal repairs, {t['seconds']} s")
    if res.problems:
        say(f"found {len(res.problems)} problems:")
        for p in res.problems:
            say(f"  {p}")
        return 1
    say("found: no problems; every client's last view equals the host's view for its seat, every view "
        "ever sent matches the journal, every card accounted for at every step")
    return 0

"""`felt bench net`: move-to-view latency over loopback.

The host runs in this process; the N clients run in a second process (so they do not
share the host's interpreter). Each client plays random legal moves at once when on
turn. For every move a client sends, the host notes when its bytes arrived; each
client notes when it has decoded the resulting ``state``. Latency of an update = the
last client's receive time − the move's arrival at the host (CLOCK_MONOTONIC, which is
shared by both processes on Linux). Also reports the bytes each update costs.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing as mp
import os
import random
import statistics
import time
from typing import Any

from felt.contract import table_view
from felt.net import framing, schema
from felt.net.viewdelta import ViewAssembler


# ------------------------------------------------------------------ client process
class _BenchClient(asyncio.Protocol):
    """One client. A move is sent once every client has the current view, so that updates
    do not overlap (at a real table moves are seconds apart)."""

    def __init__(self, idx: int, times: dict, rng: random.Random, done: asyncio.Event, shared: dict):
        self.idx = idx
        self.times = times
        self.shared = shared
        self.rng = rng
        self.done = done
        self.dec = framing.FrameDecoder()
        self.views = ViewAssembler(copy=False)   # whole views from patches, as the client does
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport
        transport.write(framing.encode(schema.hello(f"bench{self.idx}")))

    def data_received(self, data: bytes) -> None:
        for msg in self.dec.feed(data):
            t = msg.get("t")
            if t == "state":
                msg = self.views.feed(msg)
                now = time.monotonic()
                seq = msg["seq"]
                got = self.times.setdefault(seq, {})
                got[self.idx] = now
                v = msg["view"]
                if v["seat"] is not None and v["to_move"] == v["seat"] and v["legal"]:
                    move = table_view.random_move(v, self.rng)
                    self.shared[seq] = (self, framing.encode({"t": "move", "move": move, "seq": seq}))
                if len(got) == self.shared["n"] and seq in self.shared:
                    client, data = self.shared.pop(seq)
                    client.transport.write(data)
            elif t in ("bye",) or (t == "error" and msg.get("fatal")):
                self.done.set()

    def connection_lost(self, exc) -> None:
        self.done.set()


async def _clients_main(port: int, n: int, seed: int) -> dict:
    loop = asyncio.get_running_loop()
    times: dict[int, dict[int, float]] = {}
    dones = []
    clients = []
    shared: dict[Any, Any] = {"n": n}
    for i in range(n):
        done = asyncio.Event()
        dones.append(done)
        _, c = await loop.create_connection(
            lambda i=i, d=done: _BenchClient(i, times, random.Random(seed * 100 + i), d, shared),
            "127.0.0.1", port)
        clients.append(c)
    await asyncio.wait_for(asyncio.gather(*(d.wait() for d in dones)), 600)
    return {"times": times, "full": sum(c.views.full for c in clients),
            "patches": sum(c.views.patches for c in clients)}


def _quiet_gc() -> None:
    """Move start-up objects out of the collector's way (a full collection of a few
    hundred thousand objects is a multi-millisecond pause)."""
    gc.collect()
    gc.freeze()


def _clients_proc(port: int, n: int, seed: int, conn, cpus=None) -> None:
    if cpus:
        os.sched_setaffinity(0, cpus)
    _quiet_gc()
    res = asyncio.run(_clients_main(port, n, seed))
    res["times"] = {seq: dict(v) for seq, v in res["times"].items()}
    conn.send(res)
    conn.close()


# -------------------------------------------------------------------- host process
def split_cpus() -> tuple[set, set] | None:
    """(host cores, clients' cores) for ``--pin split``: the first usable core for the host,
    the others for the clients; None where that is not possible (one core, not Linux)."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        return None
    return {cpus[0]}, set(cpus[1:])


async def run_bench(clients: int = 8, moves: int = 2000, seed: int = 1, rules: str = "PR-002",
                    pin: str = "off") -> dict:
    from felt.net.host import Host, HostConfig
    players = max(3, min(8, clients))
    arrivals: dict[int, float] = {}
    nbytes: dict[int, int] = {}
    finished = asyncio.Event()
    host = Host(HostConfig(name="bench", interface="127.0.0.1", rules=rules, players=players,
                           rounds=0, seed=seed, bot_delay=0, auto_next=0, start_when_full=True,
                           announce=False, reconnect_wait=60, rate=1e6, burst=10**6))

    host_ms: list[float] = []

    def on_update(seq: int, arrival: float | None, b: int) -> None:
        if arrival is not None:
            host_ms.append((time.monotonic() - arrival) * 1000.0)
            arrivals[seq] = arrival
            nbytes[seq] = b
            if len(arrivals) >= moves:
                finished.set()

    host.on_update = on_update
    await host.start()
    _quiet_gc()
    ctx = mp.get_context("spawn")
    parent, child = ctx.Pipe(duplex=False)
    split = split_cpus() if pin == "split" else None
    before = os.sched_getaffinity(0) if split else None
    if split:
        os.sched_setaffinity(0, split[0])
    proc = ctx.Process(target=_clients_proc, args=(host.port, players, seed, child, split[1] if split else None),
                       daemon=True)
    proc.start()
    try:
        await asyncio.wait_for(finished.wait(), 600)
        await asyncio.sleep(0.2)  # let the last views arrive
    finally:
        await host.stop()
        if before:
            os.sched_setaffinity(0, before)
    loop = asyncio.get_running_loop()
    got_back = await loop.run_in_executor(None, parent.recv)
    times = got_back["times"]
    full_states, patches = got_back["full"], got_back["patches"]
    proc.join(10)
    lat = []
    incomplete = 0
    for seq, t0 in arrivals.items():
        got = times.get(seq, {})
        if len(got) < players:
            incomplete += 1
            continue
        lat.append((max(got.values()) - t0) * 1000.0)
    lat.sort()
    per_update = [nbytes[s] for s in arrivals]

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(round(p / 100.0 * (len(lat) - 1))))] if lat else float("nan")

    return {
        "clients": players, "moves": len(lat), "incomplete": incomplete,
        "median_ms": round(statistics.median(lat), 3) if lat else None,
        "p99_ms": round(pct(99), 3), "max_ms": round(lat[-1], 3) if lat else None,
        "mean_ms": round(statistics.fmean(lat), 3) if lat else None,
        "bytes_per_update": round(statistics.fmean(per_update)) if per_update else 0,
        "bytes_per_client_update": round(statistics.fmean(per_update) / players) if per_update else 0,
        "host_median_ms": round(statistics.median(host_ms), 3) if host_ms else None,
        "host_p99_ms": round(sorted(host_ms)[int(0.99 * (len(host_ms) - 1))], 3) if host_ms else None,
        "rounds": host.state.round_no if host.state else 0,
        "target_p99_ms": 2.0,
        "target_bytes_per_client": 400,
        "full_states": full_states, "patch_states": patches,
        "pin": pin if split or pin == "off" else f"{pin} (not possible here: off)",
    }


def cmd_bench(args: argparse.Namespace) -> int:
    res = asyncio.run(run_bench(clients=args.clients, moves=args.moves, pin=getattr(args, "pin", "off")))
    if args.json:
        print(json.dumps(res), flush=True)
        return 0
    ok = "OK" if res["p99_ms"] is not None and res["p99_ms"] < res["target_p99_ms"] else "ABOVE TARGET"
    okb = "OK" if res["bytes_per_client_update"] < res["target_bytes_per_client"] else "ABOVE TARGET"
    print(f"felt bench net: {res['clients']} clients over loopback, {res['moves']} moves "
          f"({res['rounds']} rounds), cores: {res['pin']}")
    print(f"  move arrives at host -> every client has its new view:")
    print(f"    median {res['median_ms']:.3f} ms   p99 {res['p99_ms']:.3f} ms   max {res['max_ms']:.3f} ms "
          f"  (target p99 < {res['target_p99_ms']:g} ms: {ok})")
    print(f"  host work (arrival -> all {res['clients']} frames written): median {res['host_median_ms']:.3f} ms"
          f"   p99 {res['host_p99_ms']:.3f} ms")
    print(f"  bytes per update: {res['bytes_per_update']} in total, "
          f"{res['bytes_per_client_update']} per client (target < {res['target_bytes_per_client']}: {okb}); "
          f"counted: every state frame (length prefix + body) the host wrote to a client for the move")
    print(f"  states the clients got: {res['full_states']} whole views, {res['patch_states']} patches")
    if res["incomplete"]:
        print(f"  {res['incomplete']} updates did not reach every client before the end")
    return 0

"""The host table's work per move, in-process, no sockets (a benchmark, not a test).

Eight seated connections at a PR-002 table; each move arrives as a client's message and the
table's answer (every connection's state frame: views, diffs, encoding) is made. Prints the
CPU time per move; under valgrind, the instruction count per move is the load-independent
figure:

    python -m tests.bench_host_work 3000
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python -m tests.bench_host_work N     # N = 100 and 600: (I(600) - I(100)) / 500

The figure includes picking each move (one view and a random choice), which costs the same in
every version compared.
"""
from __future__ import annotations

import gc
import random
import sys
import time

from felt.net import framing, schema
from felt.net.table import Table


def main(moves_wanted: int) -> None:
    table = Table(clock=lambda: 1000.0, rng=random.Random(1), seed=1, rules="PR-002", players=8, rounds=0,
                  bot_delay=0, offload_levels=())
    peers = []
    for i in range(8):
        p = table.connect("10.0.0.1")
        table.message(p, schema.validate_client(schema.hello(f"p{i}")), 1000.0)
        peers.append(p)
    table.take()
    table.start_match(1000.0)
    table.take()
    rng = random.Random(5)
    times = []
    gc.disable()
    while len(times) < moves_wanted:
        s = table.state
        if s.phase == "match_over":
            break
        if s.phase == "round_over":
            table.next_round(1000.0)
            table.take()
            continue
        seat = s.to_move
        legal = table.game.view(s, seat)["legal"]
        if not legal:
            table.take()
            continue
        peer = next(p for p in peers if p.seat == seat)
        t0 = time.process_time()
        msg = schema.validate_client({"t": "move", "move": rng.choice(legal), "seq": table.seq},
                                     tuple(table.game.move_kinds) or None, tuple(table.game.move_keys))
        table.message(peer, msg, 1000.0)
        for action in table.take():
            if action[0] == "state":
                framing.frame(framing.pack(action[2]))
        times.append(time.process_time() - t0)
    times.sort()
    n = len(times)
    print(f"host work: {n} moves, median {times[n // 2] * 1000:.3f} ms, mean {sum(times) / n * 1000:.3f} ms, "
          f"p99 {times[int(0.99 * n)] * 1000:.3f} ms (CPU time, 8 connections)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)

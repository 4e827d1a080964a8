"""`felt bench net` runs and reports sane figures (the 2 ms target is checked by hand:
timings in a loaded CI box are not a test)."""
from __future__ import annotations

import asyncio

from felt.net.bench import run_bench


def test_bench_small_run_reports_figures():
    res = asyncio.run(asyncio.wait_for(run_bench(clients=4, moves=150, seed=2), 120))
    assert res["clients"] == 4 and res["moves"] >= 150 and res["incomplete"] == 0
    assert 0 < res["median_ms"] <= res["p99_ms"] <= res["max_ms"]
    assert 0 < res["host_median_ms"]
    # each update sends one state frame per client: since protocol 3 only the view keys that
    # changed (a whole view is ~900 bytes, of which ~600 are rules, titles and standings)
    assert 40 < res["bytes_per_client_update"] < 400
    # every client got one whole view (at the deal) and patches after that
    assert res["full_states"] == 4 and res["patch_states"] >= 4 * 150
    assert res["bytes_per_update"] == res["bytes_per_client_update"] * 4 or \
        abs(res["bytes_per_update"] - res["bytes_per_client_update"] * 4) <= 4


def test_bench_split_pins_host_and_clients_to_different_cores_and_restores_the_host():
    import os
    from felt.net.bench import split_cpus
    before = os.sched_getaffinity(0)
    split = split_cpus()
    res = asyncio.run(asyncio.wait_for(run_bench(clients=3, moves=60, seed=3, pin="split"), 120))
    assert res["moves"] >= 60 and res["incomplete"] == 0
    assert os.sched_getaffinity(0) == before          # the calling process gets its cores back
    if split is None:
        assert "not possible" in res["pin"]
    else:
        host, clients = split
        assert res["pin"] == "split" and host and clients and not (host & clients)
        assert host | clients == before

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

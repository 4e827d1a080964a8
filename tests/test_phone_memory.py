"""A phone's renderer is light on the host and stays so: its private memory (USS, from
/proc/PID/smaps_rollup) does not grow with the frames it sends or the sizes the page takes
(it grew by 1.2 MB with every size change, and by megabytes a round with its frames)."""
from __future__ import annotations

import asyncio
import os

import pytest

from felt.net.gateway import physical_size
from felt.net.host import HostConfig, HostThread
from felt.ui.phone_bench import memory_mb
from tests.helpers import run
from tests.phone_helpers import Phone

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/smaps_rollup"), reason="Linux: smaps_rollup")

SIZES = [(390, 844, 2.0), (844, 390, 2.0), (412, 915, 3.0), (360, 740, 2.0), (430, 932, 3.0)]


async def _size(phone: Phone, w: int, h: int, dpr: float) -> None:
    await phone.send({"t": "size", "w": w, "h": h, "dpr": dpr})
    pw, ph, _ = physical_size(w, h, dpr, 3_000_000)
    await phone.wait(lambda s: s.get("size") == [pw, ph], 20, f"the size {pw}x{ph}")
    await phone.frames_settle(0.3, 10)


async def _settled_mb(phone: Phone, pid: int) -> float:
    """Private memory once the renderer had time to give freed memory back (every 2 s)."""
    await phone.frames_settle(0.5, 10)
    await asyncio.sleep(2.5)
    return memory_mb(pid)["uss"]


@pytest.mark.slow
def test_a_renderers_memory_stays_flat_over_size_changes_and_frames():
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=2, bots=1, seed=4)).start()

    async def main():
        phone = await Phone(ht.host.gateway.port, 390, 844, 2, decode=False).open()
        try:
            await phone.first_frame(60)
            st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 60, "the join screen")
            pid = ht.host.gateway.session_of(phone.session).proc.pid
            for w, h, dpr in SIZES:                     # every size and density once
                await _size(phone, w, h, dpr)
            st = await phone.state()
            before = await _settled_mb(phone, pid)
            sent = len(phone.frames)
            for i in range(15):                          # 15 more size changes (a leak of 1.2 MB each was seen) ...
                await _size(phone, *SIZES[i % len(SIZES)])
            await _size(phone, 390, 844, 2.0)
            st = await phone.state()
            st = await phone.type_into(st, "name_field", "A")
            for i in range(40):                          # ... and a name typed and typed again: frames
                n = len(phone.frames)
                await phone.send({"t": "text", "value": "Pia " + "x" * (i % 30)})
                for _ in range(200):                     # (each change is drawn and sent)
                    if len(phone.frames) > n:
                        break
                    await asyncio.sleep(0.01)
            after = await _settled_mb(phone, pid)
            # frames were drawn and sent between the two measures (16 sizes and 40 texts; a
            # loaded machine merges some of them)
            assert len(phone.frames) - sent > 30, len(phone.frames) - sent
            assert after - before < 6.0, f"{after - before:.1f} MB more after 16 size changes and " \
                                         f"{len(phone.frames) - sent} frames ({before:.1f} -> {after:.1f} MB)"
            caches = (await phone.state()).get("caches") or {}
            assert caches and all(c["bytes"] <= c["budget"] for c in caches.values()), caches
        finally:
            await phone.close()

    try:
        run(main(), 240)
    finally:
        ht.stop()

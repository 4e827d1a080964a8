"""Phones join from their browser: a real host, its gateway, a renderer process per
phone, and a Python WebSocket client acting as the phone's page (tests/phone_helpers.py)."""
from __future__ import annotations

import pytest

from felt.net.host import HostConfig, HostThread
from tests.helpers import run
from tests.phone_helpers import Phone, play_round


def _host(**kw) -> HostThread:
    cfg = dict(interface="127.0.0.1", announce=False, players=3, bots=2, seed=5, start_when_full=True,
               bot_delay=0.05)
    cfg.update(kw)
    return HostThread(HostConfig(**cfg)).start()


@pytest.mark.parametrize("rules,game", [("PR-002", "praesident"), ("MM-STD", "maumau"), ("SW-STD", "schwimmen")])
def test_phone_joins_by_name_and_plays_a_round(rules, game):
    ht = _host(rules=rules)

    async def main():
        phone = await Phone(ht.host.gateway.port, 390, 844, 2).open()
        try:
            await phone.first_frame()
            st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
            assert phone.size == (780, 1688) and phone.picture.surface.get_size() == (780, 1688)
            st = await phone.type_into(st, "name_field", "Pia")
            await phone.tap_widget(st, "play_btn")
            st = await phone.wait(lambda s: s.get("kind") in ("table", "exchange"), 20, "the table")
            seat = st["seat"]
            assert seat is not None
            assert ht.call(lambda h: h.seats[seat].name) == "Pia"
            st, made = await play_round(phone, game)
            assert made, "the phone made moves"
            assert st["phase"] in ("round_over", "match_over")
            assert not st["errors"], st["errors"]
            # what the page put together from the frames is what the renderer shows
            await phone.frames_settle(1.0, 20)
            assert await phone.picture_off() <= 32
        finally:
            await phone.close()

    try:
        run(main(), 240)
    finally:
        ht.stop()

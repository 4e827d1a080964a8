"""A phone's card style outlives its session: four colours switched on in the ☰ menu are kept by
the page (like its name and language) and the next visit's renderer starts with them, also
after a host crash (the session's journal record)."""
from __future__ import annotations

import asyncio

from felt.net.gateway import Session, look_of
from felt.net.host import HostConfig, HostThread
from felt.ui.phone_client import Phone
from tests.helpers import run
from tests.test_phone_scenes import _overlay_button


def test_look_of_keeps_only_the_two_letters_once_each_in_order():
    assert look_of("bf") == "fb" and look_of("ffxb<script>") == "fb" and look_of("b") == "b"
    assert look_of(None) == "" and look_of(7) == "" and look_of("") == ""
    rec = Session(token="t" * 32, look="fb").record()
    assert rec["look"] == "fb"


def test_four_colours_switched_on_a_phone_come_back_on_its_next_visit():
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=2, seed=9)).start()

    async def main():
        first = await Phone(ht.host.gateway.port, 390, 844, 2).open()
        try:
            await first.first_frame(60)
            st = await first.wait(lambda s: s.get("scene") == "PhoneJoinScene", 30, "the join screen")
            st = await first.type_into(st, "name_field", "Pia")
            await first.tap_widget(st, "play_btn")
            st = await first.wait(lambda s: s.get("kind") == "lobby" and s.get("seat") is not None, 30, "the lobby")
            assert first.look == ""                         # off by default
            await first.tap_widget(st, "menu_btn")
            st = await first.wait(lambda s: s.get("top") == "MenuOverlay", 10, "the menu")
            await first.tap_rect(_overlay_button(st, "Vier Farben"))
            for _ in range(200):                            # the renderer tells the page, which keeps it
                if first.look == "f":
                    break
                await asyncio.sleep(0.05)
            assert first.look == "f", first.notices[-5:]
        finally:
            await first.close()
        # the same browser another day: a new session (no token), the kept style in its hello
        again = await Phone(ht.host.gateway.port, 390, 844, 2, look=first.look).open()
        try:
            await again.first_frame(60)
            await again.wait(lambda s: s.get("scene") == "PhoneJoinScene", 30, "the join screen")
            for _ in range(100):
                if any(n.get("t") == "look" for n in again.notices):
                    break
                await asyncio.sleep(0.05)
            said = [n.get("look") for n in again.notices if n.get("t") == "look"]
            assert said and said[-1] == "f", again.notices     # the renderer started in four colours
        finally:
            await again.close()

    try:
        run(main(), 150)
    finally:
        ht.stop()

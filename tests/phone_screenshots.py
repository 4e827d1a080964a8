"""Make the README's pictures of the phone view (assets/screenshots/phone-*.png): a real host for each
game with bots in the other seats, its gateway and a renderer, and the Python stand-in for a
phone's page (felt/ui/phone_client.py) at 390x844, pixel ratio 2; the picture the page has
put together from its frames, at a bit less than the CSS size. ``phone-tipp.png``: Präsident
after a tap on "Tipp" (the hinted cards raised, "Legen" lit, the sentence why).

    .venv/bin/python tests/phone_screenshots.py
"""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "assets" / "screenshots"

import pygame  # noqa: E402

from felt.net.host import HostConfig, HostThread  # noqa: E402
from felt.ui.phone_client import Phone, ready  # noqa: E402

SHOT = (300, 649)            # the README shows them small
GAMES = {"praesident": "PR-002", "maumau": "MM-STD", "schwimmen": "SW-STD"}


async def shoot(game: str, rules: str, tipp: bool = False) -> Path:
    ht = HostThread(HostConfig(name="Tisch von Pia", interface="127.0.0.1", announce=False, players=4, bots=3,
                               rules=rules, seed=21, start_when_full=True, bot_delay=0.3)).start()
    try:
        phone = await Phone(ht.host.gateway.port, 390, 844, 2.0, name="Pia").open()
        await phone.first_frame(30)
        st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 30, "the join screen")
        await phone.tap_widget(st, "play_btn")
        await phone.wait(lambda s: ready(s) and s.get("cards") and s.get("round") == 1, 120, "my turn")
        await asyncio.sleep(1.0)
        if tipp:
            st = await phone.wait(lambda s: ready(s) and (s.get("widgets", {}).get("hint_btn") or {}).get("enabled")
                                  and (s["widgets"]["hint_btn"]["rect"] or [0, 0, 0])[2], 30, "the Tipp button")
            await phone.tap_widget(st, "hint_btn")
            await phone.wait(lambda s: s.get("hint"), 10, "the hint")
        await phone.frames_settle(1.5, 30)
        out = OUT / ("phone-tipp.png" if tipp else f"phone-{game}.png")
        small = pygame.transform.smoothscale(phone.picture.surface, SHOT)
        # 32 levels a colour: the felt's fine grain costs a PNG most of its bytes, the eye nothing
        levels = bytes((v & 0xF8) | 4 for v in range(256))
        pygame.image.save(pygame.image.frombytes(pygame.image.tobytes(small, "RGB").translate(levels), SHOT, "RGB"),
                          str(out))
        await phone.close()
        return out
    finally:
        ht.stop()


if __name__ == "__main__":
    if sys.argv[1:] == ["tipp"]:          # only the Tipp's picture
        print(asyncio.run(shoot("praesident", "PR-002", tipp=True)))
        sys.exit(0)
    for g, r in GAMES.items():
        print(asyncio.run(shoot(g, r)))
    print(asyncio.run(shoot("praesident", "PR-002", tipp=True)))

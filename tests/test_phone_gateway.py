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


@pytest.mark.slow
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


def test_a_bad_act_is_refused_to_its_page_alone_and_the_table_plays_on():
    """The screen-reader layer's ``act`` gone wrong: a target that is no target, of the wrong
    type, too long, a text value of the wrong type or too long: the gateway refuses it to that
    page ({"t": "refused", "what": "act", "why": ...}) and keeps its WebSocket open; a target
    not on this screen (a button that is not there, another seat's card, whatever seat the
    message names) is said to that page's reader ("Das geht gerade nicht.") and changes
    nothing. The other phone hears none of it, and the round is played to its end."""
    import asyncio

    from felt.ui import a11y, i18n  # noqa: F401  (a11y: its texts)
    ht = _host(rules="MM-STD", players=3, bots=1)

    async def join(name: str) -> Phone:
        phone = await Phone(ht.host.gateway.port, 390, 844, 2, name=name).open()
        await phone.first_frame()
        st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
        st = await phone.type_into(st, "name_field", name)
        await phone.tap_widget(st, "play_btn")
        return phone

    def layer(phone: Phone) -> dict:
        return next((n for n in reversed(phone.notices) if n.get("t") == "a11y"), {})

    async def main():
        pia, ben = await join("Pia"), await join("Ben")
        try:
            for p in (pia, ben):
                await p.wait(lambda s: s.get("kind") == "table", 30, "the table")
            await pia.wait(lambda s: layer(pia).get("hand"), 10, "the layer's hand")
            mine = {int(c["id"].split(":")[1]) for c in layer(pia)["hand"]}
            other = next(c for c in range(32) if c not in mine)       # a card of another seat (or the pile)
            bad = [{"t": "act", "id": "nonsense"}, {"t": "act", "id": 5}, {"t": "act"},
                   {"t": "act", "id": "w:" + "x" * 500}, {"t": "act", "id": "f:name_field", "value": 12},
                   {"t": "act", "id": "f:name_field", "value": "x" * 5000}]
            for m in bad:
                await pia.send(m)
            refused = await pia.wait(lambda s: len([n for n in pia.notices if n.get("t") == "refused"]) >= len(bad),
                                     10, "every bad act refused")
            assert refused is not None
            whys = [n["why"] for n in pia.notices if n.get("t") == "refused"]
            assert len(whys) == len(bad) and all(w.startswith("act refused") or "act must" in w for w in whys), whys
            assert pia.closed is None, pia.closed
            # targets that are not there: said to this page's reader, nothing happens
            said_before = layer(pia).get("news", {}).get("n", 0)
            for m in ({"t": "act", "id": "w:no_such_button"}, {"t": "act", "id": f"card:{other}", "seat": 2}):
                await pia.send(m)
            not_now = i18n.t("a11y.not_now")
            await pia.wait(lambda s: len([n for n in pia.notices if n.get("t") == "refused" and n.get("id")]) >= 2,
                           10, "the targets not there refused")
            await pia.wait(lambda s: layer(pia).get("news", {}).get("n", 0) > said_before
                           and not_now in layer(pia)["news"]["say"], 10, "'not now' said")
            assert ht.host.gateway.stats["refused_act"] == len(bad)
            assert ht.host.gateway.stats["closed_bad"] == 0
            # the other page heard nothing of it
            assert not [n for n in ben.notices if n.get("t") == "refused"]
            assert not any(not_now in (n.get("news") or {}).get("say", []) for n in ben.notices if n.get("t") == "a11y")
            # and the table plays on: both phones play the round to its end
            (st_p, made_p), (st_b, made_b) = await asyncio.gather(play_round(pia, "maumau"), play_round(ben, "maumau"))
            assert st_p["phase"] in ("round_over", "match_over") and (made_p or made_b)
            assert pia.closed is None and not st_p["errors"], st_p["errors"]
        finally:
            await pia.close()
            await ben.close()

    try:
        run(main(), 200)
    finally:
        ht.stop()

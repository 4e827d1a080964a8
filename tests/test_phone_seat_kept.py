"""A phone is a seat like a laptop window: it keeps its seat across a sleep longer than the
reconnect wait and across a host crash (SIGKILL, `felt host --resume`), a page that closes at
once gives its place back, a spectator takes a free seat by tapping it, and a headless table of
phones has an owner. Real hosts with their gateways; phones played through the page's protocol
(felt/ui/phone_client.py)."""
from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from felt.net import gateway as gw
from felt.net.host import HostConfig, HostThread
from felt.net.soak import host_env
from tests.helpers import run
from tests.phone_helpers import Phone, play_move


def _host(**kw) -> HostThread:
    cfg = dict(interface="127.0.0.1", announce=False, players=3, bots=2, seed=5, start_when_full=True,
               bot_delay=0.3, rules="PR-002")
    cfg.update(kw)
    return HostThread(HostConfig(**cfg)).start()


async def _join(phone: Phone, name: str, watch: bool = False) -> dict:
    await phone.first_frame()
    st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
    st = await phone.type_into(st, "name_field", name)
    await phone.tap_widget(st, "watch_btn" if watch else "play_btn")
    return st


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return False


def _wait(pred, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, f"no {what} within {timeout:g} s"
        time.sleep(0.1)


def test_a_phone_asleep_longer_than_the_wait_gets_its_seat_and_hand_back_and_plays_on(monkeypatch):
    monkeypatch.setattr(gw, "MIN_AWAY_WAIT", 1.0)
    ht = _host(reconnect_wait=1.0, bot_delay=0.05, players=3, bots=2)

    async def main():
        phone = await Phone(ht.host.gateway.port).open()
        await _join(phone, "Pia")
        st = await phone.wait(lambda s: s.get("kind") in ("table", "exchange") and s.get("cards"), 30, "the table")
        seat, renderer, token = st["seat"], st["renderer"], phone.session
        pid = ht.host.gateway.session_of(token).proc.pid
        await phone.close()                              # the phone locks, for longer than the wait
        # the table's wait runs out: a bot plays the seat; the renderer stops (nothing of the
        # phone runs on the host), but the session is kept
        deadline = time.monotonic() + 30
        while _alive(pid) or not ht.call(lambda h: h.seats[seat].away):
            assert time.monotonic() < deadline, "the seat was never given to a bot, or the renderer ran on"
            await asyncio.sleep(0.1)
        s = ht.host.gateway.session_of(token)
        assert s is not None and s.parked and s.proc is None and s.seat_token
        assert ht.call(lambda h: h.seats[seat].kind) == "human", "the seat is still the player's"
        await asyncio.sleep(1.5)                         # the bot plays on meanwhile
        again = await Phone(ht.host.gateway.port, session=token).open()
        st2 = await again.wait(lambda s: s.get("client") == "connected" and s.get("seat") == seat
                               and s.get("kind") in ("table", "exchange", "results") or
                               s.get("phase") in ("round_over", "match_over"), 30, "the seat again")
        assert again.session == token and st2["renderer"] != renderer, "a new renderer for the same session"
        assert st2["scene"] != "PhoneJoinScene"
        # the bot steps aside: the seat is the phone's again, with the table's true hand
        deadline = time.monotonic() + 10
        while ht.call(lambda h: h.seats[seat].away or h.seats[seat].peer is None):
            assert time.monotonic() < deadline, "the bot never stepped aside"
            await asyncio.sleep(0.1)
        if st2.get("phase") not in ("round_over", "match_over"):
            hand = sorted(ht.call(lambda h: list(h.hands()[seat])))
            await again.wait(lambda s: sorted(int(c) for c in s.get("cards", {})) == hand, 10, "the seat's hand")
            # and it plays on: its next move is made by a tap
            st3 = await again.wait(lambda s: s.get("my_turn") and s.get("gestures") or
                                   s.get("phase") in ("round_over", "match_over"), 60, "a turn")
            if st3.get("gestures"):
                seq = ht.call(lambda h: h.seq)
                await play_move(again, st3)
                deadline = time.monotonic() + 10
                while ht.call(lambda h: h.seq) == seq:
                    assert time.monotonic() < deadline, "the phone's move was not played"
                    await asyncio.sleep(0.1)
        await again.close()

    try:
        run(main(), 150)
    finally:
        ht.stop()


def test_a_page_that_closes_right_after_its_hello_gives_its_place_back_at_once():
    ht = _host(players=2, bots=0, phone_spectators=1, start_when_full=False)

    async def main():
        port = ht.host.gateway.port
        for _ in range(6):                               # twice the table's places, one after another
            p = await Phone(port).open()
            await p.first_frame()
            await p.close()
        deadline = time.monotonic() + 10
        while ht.host.gateway.live_sessions():
            assert time.monotonic() < deadline, "sessions of closed pages linger"
            await asyncio.sleep(0.1)
        phones = [await Phone(port).open() for _ in range(3)]
        for p in phones:
            await p.first_frame()
            assert p.closed is None, p.closed
        for p in phones:
            await p.close()

    try:
        run(main(), 90)
    finally:
        ht.stop()


def test_a_spectator_taps_a_free_seat_in_the_lobby_and_plays():
    ht = _host(players=3, bots=1, start_when_full=False)

    async def main():
        phone = await Phone(ht.host.gateway.port).open()
        await _join(phone, "Zoe", watch=True)
        st = await phone.wait(lambda s: s.get("kind") == "lobby" and s.get("seat") is None and s.get("lobby_seats"),
                              30, "the lobby, watching")
        free = [i for i, s in enumerate(st["lobby_seats"]) if s["kind"] == "empty"]
        assert free, st["lobby_seats"]
        await phone.tap_widget(st, f"seat_rows[{free[-1]}]")
        st = await phone.wait(lambda s: s.get("seat") == free[-1], 15, "the seat taken")
        assert ht.call(lambda h: (h.seats[free[-1]].kind, h.seats[free[-1]].name)) == ("human", "Zoe")
        s = ht.host.gateway.session_of(phone.session)
        assert s.seat_token and not s.spectator, "the gateway keeps the new seat token for the phone"
        await phone.close()

    try:
        run(main(), 90)
    finally:
        ht.stop()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _HostProc:
    """`felt host --headless` in a subprocess; its output collected by a thread."""

    def __init__(self, args: list[str], env: dict) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "felt.cli", "host", "--headless", "--interface",
                                      "127.0.0.1", "--no-announce", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, env=env, text=True)
        self.lines: list[str] = []
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.ready.wait(30), "the host did not start: " + "".join(self.lines)

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line)
            if line.startswith("phones: "):
                self.ready.set()
        self.ready.set()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.mark.slow
def test_after_a_host_crash_and_resume_every_phone_gets_its_seat_back(tmp_path):
    env = dict(host_env(), FELT_DATA_DIR=str(tmp_path / "data"), FELT_CONFIG_DIR=str(tmp_path / "cfg"))
    journal = tmp_path / "table.journal"
    phone_port = _free_port()
    host = _HostProc(["--players", "4", "--bots", "2", "--start-when-full", "--seed", "5", "--bot-delay", "0.3",
                      "--journal", str(journal), "--phone-port", str(phone_port)], env)
    tokens: dict[str, str] = {}
    seats: dict[str, int] = {}
    hands: dict[str, list[int]] = {}

    async def before():
        phones = {n: await Phone(phone_port).open() for n in ("Ada", "Bo")}
        for n, p in phones.items():
            await _join(p, n)
        for n, p in phones.items():
            st = await p.wait(lambda s: s.get("kind") in ("table", "exchange") and s.get("cards"), 40, "the table")
            tokens[n], seats[n] = p.session, st["seat"]
            await p.frames_settle(0.6, 15)               # the deal has landed: every card can be tapped
            hands[n] = sorted(int(c) for c in (await p.state())["cards"])
        for p in phones.values():
            await p.close()

    try:
        run(before(), 120)
        roots = [d for d in Path(tempfile.gettempdir()).glob(f"{gw.ROOT_PREFIX}{host.proc.pid}-*")]
        assert roots, "the renderers' folder of the running host"
        host.proc.send_signal(signal.SIGKILL)             # the host's process dies
        host.proc.wait(10)
        data = journal.read_bytes()
        for n, tok in tokens.items():
            assert tok.encode() not in data, "the journal keeps no page token"
            assert gw.page_key(tok).encode() in data, "only its hash"
        resumed = _HostProc(["--resume", str(journal)], env)
        try:
            assert any(f"127.0.0.1:{phone_port}/" in ln for ln in resumed.lines), "".join(resumed.lines)
            assert not any(r.exists() for r in roots), "the dead host's renderer folders (seat tokens) are gone"

            async def after():
                for n in ("Ada", "Bo"):
                    p = await Phone(phone_port, session=tokens[n]).open()
                    st = await p.wait(lambda s: s.get("client") == "connected" and s.get("seat") == seats[n]
                                      and s.get("kind") in ("table", "exchange") and s.get("cards"), 40,
                                      f"{n}'s seat after the resume")
                    assert p.session == tokens[n], "the page keeps its session token"
                    assert st["scene"] != "PhoneJoinScene"
                    await p.frames_settle(0.6, 15)
                    mine = sorted(int(c) for c in (await p.state())["cards"])
                    # the same hand (less what the seat has played since, if it was its turn)
                    assert set(mine) <= set(hands[n]) and len(mine) >= len(hands[n]) - 1, (n, mine, hands[n])
                    await p.close()
            run(after(), 120)
        finally:
            resumed.stop()
    finally:
        host.stop()


def test_a_headless_table_of_phones_is_owned_by_the_first_to_sit_who_starts_it():
    ht = _host(players=3, bots=1, start_when_full=False, owner_first=True)

    async def main():
        ada = await Phone(ht.host.gateway.port).open()
        await _join(ada, "Ada")
        st = await ada.wait(lambda s: s.get("kind") == "lobby" and s.get("admin"), 20, "Ada owning the table")
        bo = await Phone(ht.host.gateway.port).open()
        await _join(bo, "Bo")
        sb = await bo.wait(lambda s: s.get("kind") == "lobby" and s.get("seat") is not None, 20, "Bo seated")
        assert not sb["admin"] and not sb["widgets"]["start_btn"]["visible"]
        st = await ada.wait(lambda s: s["widgets"].get("start_btn", {}).get("visible"), 10, "the start button")
        await ada.tap_widget(st, "start_btn")
        await bo.wait(lambda s: s.get("kind") in ("table", "exchange"), 30, "the match started by Ada")
        s = ht.host.gateway.session_of(ada.session)
        assert s.seat_token == ht.host.admin_token, "the owner's phone keeps the owner's token at the gateway"
        for p in (ada, bo):
            await p.close()

    try:
        run(main(), 90)
    finally:
        ht.stop()


def test_after_a_match_a_spectator_follows_the_owner_to_the_lobby_and_takes_a_bots_seat():
    ht = _host(players=3, bots=0, start_when_full=False, owner_first=True, bot_delay=0.05)

    async def main():
        ada = await Phone(ht.host.gateway.port).open()
        await _join(ada, "Ada")
        st = await ada.wait(lambda s: s.get("kind") == "lobby" and s.get("admin"), 20, "Ada owning the table")
        zoe = await Phone(ht.host.gateway.port).open()
        await _join(zoe, "Zoe", watch=True)
        await zoe.wait(lambda s: s.get("kind") == "lobby", 20, "Zoe watching the lobby")
        st = await ada.wait(lambda s: s["widgets"].get("start_btn", {}).get("visible"), 10, "the start button")
        await ada.tap_widget(st, "start_btn")
        await zoe.wait(lambda s: s.get("kind") in ("table", "exchange"), 30, "the match")
        ht.call(lambda h: h.end_match())
        st = await ada.wait(lambda s: s.get("phase") == "match_over" and s["widgets"].get("round_new", {}).get(
            "visible"), 30, "Ada's standings")
        await zoe.wait(lambda s: s.get("phase") == "match_over" and s.get("kind") == "results", 30, "Zoe's standings")
        await asyncio.sleep(0.5)
        assert (await zoe.state())["kind"] == "results", "the spectator reads the standings until the owner moves on"
        await ada.tap_widget(st, "round_new")                       # "Neue Partie"
        st = await zoe.wait(lambda s: s.get("kind") == "lobby", 15, "Zoe following Ada to the lobby")
        bots = [i for i, s in enumerate(st["lobby_seats"]) if s["kind"] == "bot"]
        await zoe.tap_widget(st, f"seat_rows[{bots[0]}]")
        await zoe.wait(lambda s: s.get("seat") == bots[0], 15, "Zoe at the bot's seat")
        for p in (ada, zoe):
            await p.close()

    try:
        run(main(), 120)
    finally:
        ht.stop()


@pytest.mark.slow
def test_a_phone_plays_on_past_the_exchange_summary_into_the_second_round():
    """From round 2 of Präsident the exchange's summary stands over the table until OK: the
    taps the phone's table names for a move tap OK first (the phone's stand-in could play no
    second round)."""
    from tests.phone_helpers import play_round
    ht = _host(players=3, bots=2, rounds=2, auto_next=0.3, bot_delay=0.05)

    async def main():
        phone = await Phone(ht.host.gateway.port).open()
        await _join(phone, "Rudi")
        st, made = await play_round(phone, "praesident", timeout=120)
        assert st["phase"] == "round_over" and made
        st = await phone.wait(lambda s: s.get("round") == 2 and s.get("phase") != "round_over", 60, "round 2")
        # the summary's OK and the first moves of round 2 (its end proves no more than round 1's)
        st, made = await play_round(phone, "praesident", timeout=60, moves=3)
        assert len(made) == 3 and st.get("round") == 2 and st["phase"] not in ("round_over", "match_over"), made
        assert not phone.closed
        await phone.close()

    try:
        run(main(), 330)
    finally:
        ht.stop()

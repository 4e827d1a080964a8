"""Every scene on a phone: the lobby and its read-only rules, the table, its menu, the
chat with the phone's own text input, "How to play" and the quiz, in portrait on a phone and in
landscape in a laptop's browser (a mouse), all through the ordinary scenes."""
from __future__ import annotations

import asyncio

import pytest

from felt.net.client import AsyncClient
from felt.net.host import HostConfig, HostThread
from tests.helpers import run
from tests.phone_helpers import Phone


def _overlay_button(st: dict, text: str) -> list[int]:
    ov = st.get("overlay") or {}
    for b in ov.get("buttons", []):
        if b["text"].startswith(text):
            return b["rect"]
    raise AssertionError(f"no button {text!r} in {ov}")


@pytest.mark.parametrize("size,dpr,mouse", [((390, 844), 2.0, False), ((1280, 720), 1.0, True)])
def test_the_scenes_of_a_table_on_a_phone_and_in_a_laptop_browser(size, dpr, mouse):
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=2, seed=9,
                               rules="PR-002", bot_delay=0.4)).start()
    chat: list[dict] = []

    async def main():
        watcher = AsyncClient("127.0.0.1", ht.port, "Zaungast", spectator=True,
                              on_message=lambda m: chat.append(m) if m.get("t") == "chat" else None)
        watching = asyncio.ensure_future(watcher.run())
        phone = await Phone(ht.host.gateway.port, *size, dpr, lang="de", name="Pia", mouse=mouse).open()
        try:
            await phone.first_frame()
            assert phone.size == (int(size[0] * dpr), int(size[1] * dpr))
            st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
            await phone.tap_widget(st, "play_btn")
            await phone.wait(lambda s: s.get("kind") == "lobby" and s.get("seat") is not None, 20, "the lobby")
            await phone.frames_settle(0.6, 20)        # the lobby as it stays (the watcher has joined)
            st = await phone.state()
            # the rules, read-only for a guest
            await phone.tap_widget(st, "rules_btn")
            st = await phone.wait(lambda s: s.get("top") == "RulesEditorScene", 10, "the rules")
            await phone.tap_widget(st, "done_btn")
            await phone.wait(lambda s: s.get("top") == "LobbyScene", 10, "the lobby again")
            ht.call(lambda h: h.start_match())          # the owner deals (the host's admin)
            st = await phone.wait(lambda s: s.get("kind") in ("table", "exchange") and not s.get("busy"), 30,
                                  "the table")
            if st.get("kind") == "table":      # a laptop's browser names the keys as the window does
                assert st.get("keys") is mouse, st.get("keys")
            # the menu, then the chat: the page's input stands for the scene's text field
            await phone.tap_widget(st, "menu_btn")
            st = await phone.wait(lambda s: s.get("top") == "MenuOverlay", 10, "the menu")
            await phone.tap_rect(_overlay_button(st, "Chat"))
            st = await phone.wait(lambda s: s.get("top") == "ChatOverlay", 10, "the chat")
            field = next(f for f in st["fields"] if not f["focused"])
            k = st["size"][0] / size[0]             # CSS pixels to the renderer's
            await phone.tap(field["x"] * k + field["w"] * k / 2, field["y"] * k + field["h"] * k / 2)
            await phone.wait(lambda s: any(f["focused"] for f in s["fields"]), 10, "the chat field focused")
            await phone.send({"t": "text", "value": "Hallo Tisch"})
            await phone.wait(lambda s: any(f["value"] == "Hallo Tisch" for f in s["fields"]), 10, "the text typed")
            await phone.send({"t": "key", "key": "Enter"})
            for _ in range(100):
                if any(m.get("text") == "Hallo Tisch" and m.get("name") == "Pia" for m in chat):
                    break
                await asyncio.sleep(0.05)
            assert any(m.get("text") == "Hallo Tisch" and m.get("name") == "Pia" for m in chat), chat
            # a sent line closes the chat, and the page's input goes away with its field
            st = await phone.wait(lambda s: s.get("top") == s.get("scene") and not s["fields"], 10, "the table again")
            assert phone.fields == []
            # How to play, and its quiz
            await phone.tap_widget(st, "menu_btn")
            st = await phone.wait(lambda s: s.get("top") == "MenuOverlay", 10, "the menu")
            await phone.tap_rect(_overlay_button(st, "So wird gespielt"))
            st = await phone.wait(lambda s: s.get("top") == "HowtoScene", 10, "how to play")
            await phone.tap_widget(st, "quiz_btn")
            st = await phone.wait(lambda s: s.get("top") == "QuizScene", 10, "the quiz")
            await phone.tap_widget(st, "close_btn")
            st = await phone.wait(lambda s: s.get("top") == "HowtoScene", 10, "how to play again")
            await phone.tap_widget(st, "close_btn")
            st = await phone.wait(lambda s: s.get("top") == s.get("scene"), 10, "the table again")
            assert not st["errors"]
            await phone.frames_settle(0.8, 20)
            assert await phone.picture_off() <= 32
        finally:
            await phone.close()
            await watcher.close()
            await asyncio.wait([watching], timeout=5)

    try:
        run(main(), 150)
    finally:
        ht.stop()


# ---------------------------------------------------------------------------- a phone's lobby
def _phone_app(app_factory, port: int, name: str):
    """A phone's renderer as the gateway starts it (felt/ui/phone_renderer.py), in this
    process: the window at 390x844 CSS pixels and pixel ratio 2, its start the join screen."""
    from felt.ui import layout
    from felt.ui.phone_join import PhoneController
    layout.set_density(2.0)

    def controller(*a, **kw):
        return PhoneController(*a, table={"address": "127.0.0.1", "port": port, "name": "Tisch"}, **kw)
    app = app_factory((780, 1688), controller_factory=controller, show_start=False)
    app.controller.settings.name = name
    app.controller.show_start()
    return app


@pytest.fixture
def density_back():
    from felt.ui import layout
    yield
    layout.set_density(1.0)


def test_a_phones_lobby_shows_no_join_address_and_the_watchers_notice_leaves_the_count_line(
        app_factory, cfg, density_back):
    """The lobby on a phone said "Adresse: 127.0.0.1:PORT" (how the laptops join, and as the
    host sees itself: meaningless on a phone that came in through the page), and a phone that
    found the table full was told so over the line that counts players, bots and watchers."""
    from felt.ui import i18n
    from tests.ui_app_helpers import click, host_thread, pump
    ht = host_thread(players=2, bots=2)                  # every seat taken
    try:
        app = _phone_app(app_factory, ht.port, "Ole")
        ctl = app.controller
        click(app, ctl.main.play_btn, touch=True)
        pump(app, lambda: ctl.kind == "lobby" and ctl.client is not None and ctl.client.spectator
             and app.stack.toast.active and "1" in ctl.main.seats_caption.text, what="Ole watching, and told so")
        pump(app)
        lobby = ctl.main
        assert app.stack.toast.items[-1][0] == i18n.t("app.watching")
        assert lobby.addr_caption.text == "" and all(w is not lobby.addr_caption for w, _ in lobby.left.items)
        count = lobby.seats_caption.rect
        assert i18n.t("n.watching", n=1) in lobby.seats_caption.text
        assert count.h > 0 and not app.stack.toast.rect.colliderect(count), (app.stack.toast.rect, count)
    finally:
        ht.stop()


def test_a_name_typed_on_a_phone_is_told_its_limit_tidied_and_never_empty():
    """On a phone a 60-character name was cut at 24 by the page's input without a counter or
    a word (the window shows both), "Anna " kept its trailing space, and an empty name joined
    without a word. Through the real page path: the name's field, its counter beside the label,
    the status line, the tidied name and no seat without a name."""
    ht = HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=1, seed=9,
                               rules="MM-STD", bot_delay=0.4)).start()
    long = "Cleopatra-Philomena von Hohenzollern-Sigmaringen und Umgebung"[:60]

    async def main():
        phone = await Phone(ht.host.gateway.port, 390, 844, 2.0, lang="de", name="").open()
        try:
            await phone.first_frame()
            st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
            await phone.tap_widget(st, "name_field")
            st = await phone.wait(lambda s: any(f["focused"] for f in s["fields"]), 5, "the name field")
            room = st["fields"][0]["max"]                    # the page's input takes no more (maxLength)
            assert room == 24
            await phone.send({"t": "text", "value": long[:room]})          # a paste, cut by the page
            st = await phone.wait(lambda s: s.get("name") == long[:24], 5, "the name cut at 24")
            assert st["counter"] == "24/24" and st["status"] == "Dein Name: höchstens 24 Zeichen", st["status"]
            assert st["fields"][0]["value"] == long[:24]
            await phone.send({"t": "text", "value": long[:20]})            # shorter again: the word goes
            st = await phone.wait(lambda s: s.get("name") == long[:20], 5, "a shorter name")
            assert st["status"] == "" and st["counter"] == "20/24"
            await phone.send({"t": "text", "value": "Anna  "})
            await phone.wait(lambda s: s.get("name") == "Anna  ", 5, "Anna typed")
            await phone.send({"t": "blur"})
            st = await phone.wait(lambda s: s.get("name") == "Anna", 5, "the name tidied")
            # nothing typed: no seat, the screen says why and opens the field again
            await phone.tap_widget(st, "name_field")
            await phone.wait(lambda s: any(f["focused"] for f in s["fields"]), 5, "the name field")
            await phone.send({"t": "text", "value": ""})
            await phone.wait(lambda s: s.get("name") == "", 5, "the name deleted")
            await phone.send({"t": "blur"})
            st = await phone.wait(lambda s: not any(f["focused"] for f in s["fields"]), 5, "the field closed")
            await phone.tap_widget(st, "play_btn")
            st = await phone.wait(lambda s: s.get("status") == "Gib zuerst deinen Namen ein.", 5, "the word")
            assert st["scene"] == "PhoneJoinScene" and st["client"] is None
            assert any(f["focused"] for f in st["fields"])
            assert ht.call(lambda h: sum(1 for s in h.seats if s.kind == "human")) == 0
        finally:
            await phone.close()

    try:
        run(main(), 90)
    finally:
        ht.stop()

"""Chat: a line and quick reactions go out as the protocol's `chat`; an incoming line shows
briefly at the sender's seat, and in the chat's list."""
from __future__ import annotations

import pytest

from tests.ui_app_helpers import LOOPBACK, click, host_thread, pump, type_text

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(autouse=True)
def _config(cfg):
    """Own config and data folders."""


def test_chat_from_lobby_and_table_over_loopback(app_factory):
    from felt.ui.chat import ChatOverlay
    ht = host_thread(players=3, bots=1, start_when_full=False, bot_delay=5.0)
    try:
        a = app_factory((360, 640))
        b = app_factory((1280, 720))
        a.controller.join(LOOPBACK, ht.port, display="Anna")
        b.controller.join(LOOPBACK, ht.port, display="Beat")
        for app in (a, b):
            pump(app, lambda app=app: app.controller.kind == "lobby" and app.controller.seat is not None,
                 what="seated in the lobby")
        # the lobby's chat button opens the chat; a typed line goes to everyone
        lobby = a.controller.main
        assert lobby.chat_btn.visible
        click(a, lobby.chat_btn)
        ov = a.stack.top
        assert isinstance(ov, ChatOverlay)
        click(a, ov.field)
        type_text(a, "Hallo zusammen")
        click(a, ov.send_btn)
        pump(b, lambda: any(ln.text == "Hallo zusammen" for ln in b.controller.chat.lines), what="the line at Beat")
        line = b.controller.chat.lines[-1]
        assert line.seat == a.controller.seat
        # at the table: a quick reaction shows as a bubble at the sender's seat
        ht.call(lambda h: h.start_match())
        for app in (a, b):
            pump(app, lambda app=app: app.controller.kind == "table", timeout=15, what="the table")
        tb = b.controller.main
        click(b, tb.chat_btn)
        ov = b.stack.top
        assert isinstance(ov, ChatOverlay)
        react = ov.react_btns[0]
        click(b, react)
        assert b.stack.top is not ov
        ta = a.controller.main
        pump(a, lambda: any(bb.seat == b.controller.seat for bb in ta.bubbles), what="the bubble at Beat's seat")
        assert ta.bubbles[-1].text == react.text
        assert ta.seat_rect(b.controller.seat) is not None
        # it goes again after a few seconds
        for _ in range(300):
            ta.update(1 / 60)
        assert not ta.bubbles
    finally:
        ht.stop()

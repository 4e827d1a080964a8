"""Text fields as people know them (felt/ui/widgets.py TextField) and the start screen's
name: placeholder vs text, caret keys, Home/End, selection, Ctrl+A/C/X/V, a visible limit."""
from __future__ import annotations

import os

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from felt.ui.scene import KEY, PRESS, TEXT, Input
from tests.ui_app_helpers import click, key, pump, type_text

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    pygame.display.set_mode((400, 300))
    yield


def field(text="", **kw):
    from felt.ui.widgets import TextField
    f = TextField(text, rect=(10, 10, 300, 48), **kw)
    f.focus(True)
    return f


def k(f, keycode, mod=0):
    return f.handle(Input(KEY, key=keycode, mod=mod, source="key"))


def typ(f, text):
    return f.handle(Input(TEXT, text=text, source="key"))


def test_caret_keys_home_end_and_insert_in_the_middle():
    f = field("Ana")
    assert f.cursor == 3
    k(f, pygame.K_LEFT)
    k(f, pygame.K_LEFT)
    typ(f, "n")
    assert f.text == "Anna" and f.cursor == 2
    k(f, pygame.K_HOME)
    typ(f, "J")
    assert f.text == "JAnna"
    k(f, pygame.K_DELETE)
    assert f.text == "Jnna"
    k(f, pygame.K_END)
    k(f, pygame.K_BACKSPACE)
    assert f.text == "Jnn" and f.cursor == 3
    k(f, pygame.K_RIGHT)                     # at the end: stays
    assert f.cursor == 3


def test_select_all_then_type_replaces_and_shift_selects():
    f = field("Player")
    k(f, pygame.K_a, CTRL)
    assert f.selected_text() == "Player"
    typ(f, "Cleo")
    assert f.text == "Cleo"
    k(f, pygame.K_LEFT, SHIFT)
    k(f, pygame.K_LEFT, SHIFT)
    assert f.selected_text() == "eo"
    k(f, pygame.K_BACKSPACE)
    assert f.text == "Cl"
    k(f, pygame.K_HOME, SHIFT)
    assert f.selected_text() == "Cl"
    k(f, pygame.K_RIGHT)                     # Right on a selection goes to its end
    assert f.selection() is None and f.cursor == 2


def test_copy_cut_paste_between_fields():
    a, b = field("Anna Beispiel"), field("")
    k(a, pygame.K_a, CTRL)
    k(a, pygame.K_c, CTRL)
    assert a.text == "Anna Beispiel"          # copy keeps the text
    k(b, pygame.K_v, CTRL)
    assert b.text == "Anna Beispiel"
    k(b, pygame.K_HOME)
    for _ in range(4):
        k(b, pygame.K_RIGHT, SHIFT)
    k(b, pygame.K_x, CTRL)                   # cut "Anna"
    assert b.text == " Beispiel"
    k(b, pygame.K_END)
    typ(b, " ")
    k(b, pygame.K_v, CTRL)
    assert b.text == " Beispiel Anna"


def test_paste_of_lines_and_control_characters_is_one_clean_line():
    from felt.ui.widgets import clipboard_put
    clipboard_put("Zeile eins\nZeile\tzwei\x00\x07")
    f = field("", max_len=60)
    k(f, pygame.K_v, CTRL)
    assert f.text == "Zeile eins Zeile zwei"


def test_limit_is_visible_and_said():
    said = []
    f = field("", max_len=24, on_limit=said.append)
    typ(f, "x" * 18)
    assert f.counter_text() == ""             # far from the limit: no counter
    typ(f, "x" * 3)
    assert f.counter_text() == "21/24"        # near it: a counter
    typ(f, "y" * 10)                          # does not fit: cut, and said
    assert f.text == "x" * 21 + "yyy" and f.over and said == [24]
    assert f.counter_text() == "24/24"
    k(f, pygame.K_BACKSPACE)
    assert not f.over
    surf = pygame.Surface((400, 100))
    f.draw(surf)                              # draws with the counter (no exception, no overflow)


def test_click_places_the_caret():
    f = field("Wolfgang")
    f.focus(False)
    assert f.handle(Input(PRESS, pos=(f.rect.left + 11, f.rect.centery)))
    assert f.focused and f.cursor == 0
    f.handle(Input(PRESS, pos=(f.rect.right - 5, f.rect.centery)))
    assert f.cursor == len("Wolfgang")
    assert f.handle(Input(PRESS, pos=(399, 299))) == "hover" and not f.focused


def test_ctrl_q_is_not_swallowed_by_a_field():
    f = field("abc")
    assert not k(f, pygame.K_q, CTRL)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(
    st.tuples(st.just("t"), st.text(max_size=12)),
    st.tuples(st.just("k"), st.sampled_from([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END,
                                             pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_a, pygame.K_x,
                                             pygame.K_v, pygame.K_c]),
              st.sampled_from([0, CTRL, SHIFT]))), max_size=40))
def test_any_edit_sequence_keeps_the_field_consistent(ops):
    f = field("", max_len=24)
    for op in ops:
        if op[0] == "t":
            typ(f, op[1])
        else:
            k(f, op[1], op[2])
        assert len(f.text) <= 24 and 0 <= f.cursor <= len(f.text)
        assert all(ch.isprintable() for ch in f.text)
        sel = f.selection()
        assert sel is None or 0 <= sel[0] < sel[1] <= len(f.text)


# ------------------------------------------------------------- in the window
@pytest.fixture
def _cfg(cfg):
    yield cfg


def test_default_name_stays_a_placeholder_after_a_first_table(app_factory, _cfg):
    from felt.ui import i18n
    app = app_factory((360, 640))
    ctl = app.controller
    start = ctl.main
    assert start.name_field.text == "" and start.name_field.placeholder == i18n.t("name.default")
    click(app, start.host_btn)                   # host without typing a name
    pump(app, lambda: ctl.kind == "lobby" and ctl.seat is not None, what="the lobby")
    me = ctl.lobby["seats"][ctl.seat]["name"] if ctl.lobby else None
    pump(app, lambda: ctl.lobby is not None, what="the lobby message")
    assert ctl.lobby["seats"][ctl.seat]["name"] == i18n.t("name.default")
    ctl.leave()
    start = ctl.main
    assert ctl.kind == "start" and start.name_field.text == "" and ctl.settings.name == ""
    click(app, start.name_field)
    type_text(app, "Cleo")
    assert start.name_field.text == "Cleo" and ctl.settings.name == "Cleo"   # not "PlayerCleo"
    del me


def test_a_too_long_name_is_cut_with_a_word(app_factory, _cfg):
    from felt.ui import i18n
    app = app_factory((360, 640), lang="en")
    start = app.controller.main
    click(app, start.name_field)
    type_text(app, "A" * 60)
    assert start.name_field.text == "A" * 24 and app.controller.settings.name == "A" * 24
    assert start.status == "Your name: at most 24 characters"
    assert start.status_kind == "bad"
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    type_text(app, "Hans-Peter")
    assert app.controller.settings.name == "Hans-Peter"
    i18n.set_lang("de")


def test_felt_join_name_too_long_says_so(monkeypatch, capsys):
    from felt.cli import build_parser
    from felt.ui import app as app_mod

    class FakeApp:
        def __init__(self, **kw):
            self.settings = type("S", (), {"name": ""})()
            self.controller = type("C", (), {"join": lambda *_a, **_k: None})()

        def run(self):
            return 0

    monkeypatch.setattr(app_mod, "App", FakeApp)
    args = build_parser().parse_args(["join", "10.0.0.9:4000", "--name", "N" * 60])
    assert args.run(args) == 0
    assert "--name is cut to 24 characters" in capsys.readouterr().err

"""App shell without a network: settings persistence, the rule editor (impossible combinations
explained, save and load by name), the start screen's fields, the idle loop, demo scenes."""
from __future__ import annotations

import json
import time

import pygame
import pytest

from felt import games
from felt.net.schema import PROTOCOL_VERSION
from tests.ui_app_helpers import click, key, pump, type_text


# ------------------------------------------------------------------ settings
def test_settings_roundtrip_and_repair(cfg):
    from felt.ui import settings
    s = settings.load()
    assert s == settings.Settings()                     # no file: defaults
    s.name, s.lang, s.muted, s.auto_pass, s.bot_level = "Anna", "en", True, True, "hard"
    assert settings.save(s)
    assert settings.load() == s
    data = json.loads((cfg / "settings.json").read_text())
    assert data["name"] == "Anna" and data["lang"] == "en"
    # wrong types and values fall back one by one; unknown keys are ignored
    (cfg / "settings.json").write_text(json.dumps({"name": 42, "lang": "fr", "muted": "yes", "auto_pass": True,
                                                   "bot_level": "godlike", "players": 99, "window": [10, 10],
                                                   "extra": 1}))
    s2 = settings.load()
    assert (s2.name, s2.lang, s2.muted, s2.auto_pass, s2.bot_level, s2.players, s2.window) == \
        ("", "de", False, True, "normal", 4, [])


def test_corrupt_settings_file_is_set_aside(cfg):
    from felt.ui import settings
    cfg.mkdir(parents=True)
    (cfg / "settings.json").write_text("{ this is not json", encoding="utf-8")
    s = settings.load()
    assert s == settings.Settings()
    assert (cfg / "settings.json.bad").exists() and not (cfg / "settings.json").exists()
    (cfg / "settings.json").write_bytes(b"\xff\xfe\x00garbage")
    assert settings.load() == settings.Settings()
    (cfg / "settings.json").write_text("[1, 2, 3]")
    assert settings.load() == settings.Settings()


def test_name_language_and_sound_persist_between_runs(app_factory, cfg):
    app = app_factory((360, 640))
    start = app.controller.main
    click(app, start.name_field, touch=True)
    assert start.name_field.focused
    type_text(app, "Dominik")
    key(app, pygame.K_BACKSPACE)
    type_text(app, "k")
    key(app, pygame.K_RETURN)
    assert not start.name_field.focused
    click(app, start.lang_btn, touch=True)       # German -> English
    from felt.ui import i18n
    assert i18n.get_lang() == "en" and start.host_btn.text == "Host a table"
    click(app, start.mute_btn)
    app.close()
    i18n.set_lang("de")
    saved = json.loads((cfg / "settings.json").read_text())
    assert saved["name"] == "Dominik" and saved["lang"] == "en" and saved["muted"] is True
    app2 = app_factory((1280, 720))
    assert i18n.get_lang() == "en"
    assert app2.controller.main.name_field.text == "Dominik"
    assert app2.controller.main.host_btn.text == "Host a table"
    assert app2.controller.main.mute_btn.crossed


def test_bad_address_is_explained_not_joined(app_factory):
    app = app_factory((360, 640))
    start = app.controller.main
    click(app, start.addr_btn)
    type_text(app, "not an address")
    click(app, start.join_btn)
    assert app.controller.client is None and app.controller.kind == "start"
    assert "IP:Port" in start.status


def test_parse_address():
    from felt.ui.start_scene import parse_address
    assert parse_address("192.168.1.20:5000") == ("192.168.1.20", 5000)
    assert parse_address(" host.local:80 ") == ("host.local", 80)
    assert parse_address("[::1]:4000") == ("::1", 4000)
    for bad in ("", "1.2.3.4", "1.2.3.4:0", "1.2.3.4:99999", "a b:1", "x:y"):
        assert parse_address(bad) is None


# --------------------------------------------------------------- rule editor
def _editor(cfg, rules="PR-002", size=(360, 640)):
    from felt.games.praesident.rules import load_rules
    from felt.games.praesident.rules_editor import RulesEditorScene
    from felt.ui.shell import AppStack
    applied = []
    stack = AppStack(size)
    ed = RulesEditorScene(games.get("praesident"), load_rules(rules).to_dict(), on_apply=applied.append,
                          folder=cfg / "rules")
    stack.push(ed)
    return stack, ed, applied


def _tap(stack, pos):
    from felt.ui.scene import PRESS, RELEASE, Input
    stack.handle(Input(PRESS, pos=pos, source="touch"))
    stack.handle(Input(RELEASE, pos=pos, source="touch"))


def _step_choice(stack, ed, opt, times=1):
    w = ed.widgets[opt]
    ed.form.scroll_to(w)
    for _ in range(times):
        _tap(stack, w._parts()[3].center)


def test_rule_editor_explains_impossible_combination(app_factory, cfg):
    from felt.games.praesident.rules import RulesError
    app = app_factory((360, 640))
    from felt.games.praesident.rules_editor import RulesEditorScene
    ed = RulesEditorScene(games.get("praesident"), None, on_apply=lambda d: None, folder=cfg / "rules")   # the default rule set
    app.stack.push(ed)
    pump(app)
    # one designated joker card AND an added joker: impossible, explained in the player's language
    jw = ed.widgets["jokers"]
    ed.form.scroll_to(jw)
    pump(app)
    click(app, jw._parts()[3].center, touch=True)
    assert ed.data["jokers"] == 1 and ed.error is None
    cw = ed.widgets["joker_card"]
    ed.form.scroll_to(cw)
    pump(app)
    click(app, cw._parts()[3].center, touch=True)
    assert ed.data["joker_card"] != ""
    assert isinstance(ed.error, RulesError) and ed.error.key == "joker_both"
    assert ed.error_text() == "Nicht möglich: " + ed.error.de
    assert not ed.save_btn.enabled and not ed.apply_btn.enabled
    # the box above the form shows it: the pixels there are the danger colour
    surf = app.window
    app.stack.draw(surf)
    assert surf.get_at((ed.err_rect.left + 4, ed.err_rect.centery))[:3] != surf.get_at((2, ed.err_rect.centery))[:3]
    # fix it: back to no added joker
    click(app, jw._parts()[1].center if ed.form.rect.contains(jw.rect) else (0, 0), touch=True)
    if ed.data["jokers"] != 0:
        ed.form.scroll_to(jw)
        pump(app)
        click(app, jw._parts()[1].center, touch=True)
    assert ed.data["jokers"] == 0 and ed.error is None and ed.apply_btn.enabled


def test_rule_editor_other_impossible_cases(cfg):
    stack, ed, _ = _editor(cfg, "PR-002")
    ed.set("twos_clear", True)
    ed.set("ranks", ["7", "8", "9", "10", "J", "Q", "K", "A"])
    assert ed.error is not None and ed.error.key == "needs_rank"
    # the option as the editor labels it, not its internal name
    assert "„2er räumen ab“" in ed.error_text() and "twos_clear" not in ed.error_text()
    ed.set("twos_clear", False)
    # "holder of a card" without a card: say what to pick (not "the card — is not in this deck")
    ed.set("first_leader", "card")
    assert ed.error.key == "leader_card" and ed.error_text().startswith("Wähle die Startkarte")
    ed.set("first_leader_card", "H7")
    assert ed.error is None
    ed.set("first_leader", "first_seat")
    ed.set("jokers", 0)
    ed.set("joker_card", "S7")
    ed.set("ranks", ["8", "9", "10", "J", "Q", "K", "A", "2"])
    assert ed.error.key == "joker_card" and "Pik 7" in ed.error_text()
    ed.set("joker_card", "")
    ed.set("ranks", ["7", "8", "9", "10", "J", "Q", "K", "A", "2"])
    assert ed.error is None
    assert ed.error is None
    ed.set("copies", 1)
    ed.set("largest_set", 8)
    assert ed.error.key == "set_too_large" and "8" in ed.error_text()
    ed.set("largest_set", 4)
    ed.set("exchange_top", 0)
    assert ed.error.key == "exchange_counts"
    from felt.ui import i18n
    i18n.set_lang("en")
    try:
        assert ed.error_text() == "Not possible: " + ed.error.en
        ed.set("exchange_top", 2)
        ed.set("twos_clear", True)
        ed.set("ranks", ["7", "8", "9", "10", "J", "Q", "K", "A"])
        assert ed.error_text() == "Not possible: “Twos clear” needs rank 2 in the deck"
    finally:
        i18n.set_lang("de")


def test_rank_editor_remove_add_and_move(cfg):
    stack, ed, _ = _editor(cfg, "PR-002")
    rk = ed.widgets["ranks"]
    ed.form.scroll_to(rk)
    # tap '2' twice: select, then take it out of the deck
    _tap(stack, rk.chip_rect("2").center)
    assert rk.sel == "2"
    _tap(stack, rk.chip_rect("2").center)
    assert "2" not in ed.data["ranks"] and ed.error is None
    # tap the dim '2': back in, on top; then move it to the bottom with ◀
    _tap(stack, rk.chip_rect("2").center)
    assert ed.data["ranks"][-1] == "2"
    for _ in range(len(ed.data["ranks"]) - 1):
        _tap(stack, rk.left_btn.rect.center)
    assert ed.data["ranks"][0] == "2" and len(ed.data["ranks"]) == 9
    assert ed.error is None and ed.data["id"] == "CUSTOM"
    # French -> Jass suits: the Jass deck's ranks, so the set stays playable
    _step_choice(stack, ed, "suits")
    assert ed.data["suits"] == "jass" and ed.data["ranks"][0] == "6" and ed.error is None


def test_rule_editor_save_under_name_and_load_again(cfg):
    stack, ed, applied = _editor(cfg, "PR-002", size=(1280, 720))
    ed.set("revolution", True)
    _step_choice(stack, ed, "rounds", times=3)         # 5 -> 8
    assert ed.data["rounds"] == 8
    nf = ed.name_field
    ed.form.scroll_to(ed.widgets["name"])
    _tap(stack, nf.rect.center)
    assert nf.focused
    from felt.ui.scene import KEY, TEXT, Input
    for _ in range(len(nf.text)):
        stack.handle(Input(KEY, key=pygame.K_BACKSPACE))
    stack.handle(Input(TEXT, text="Küchenregeln 2"))
    assert ed.data["name"] == "Küchenregeln 2"
    _tap(stack, ed.save_btn.rect.center)
    path = cfg / "rules" / "Kuechenregeln-2.toml"
    assert path.exists() and ed.last_saved == path
    from felt.games.praesident.rules import load_rules
    saved = load_rules(str(path))
    assert saved.revolution and saved.rounds == 8 and saved.name == "Küchenregeln 2"
    # a new editor on the template, then "Laden" → pick the saved set
    stack2, ed2, applied2 = _editor(cfg, "PR-002", size=(1280, 720))
    assert ed2.data["revolution"] is False
    _tap(stack2, ed2.load_btn.rect.center)
    from felt.ui.shell import PickerOverlay
    picker = stack2.top
    assert isinstance(picker, PickerOverlay)
    titles = [it["title"] for it in picker.list.items]
    i = titles.index("Küchenregeln 2")
    assert "Standardregeln" in titles                    # templates are offered too
    _tap(stack2, picker.list.row_rect(i).center)
    assert stack2.top is ed2
    assert ed2.data == saved.to_dict()
    assert ed2.widgets["revolution"].value is True and ed2.widgets["rounds"].value == 8
    _tap(stack2, ed2.apply_btn.rect.center)
    assert applied2 and applied2[0]["revolution"] is True and applied2[0]["rounds"] == 8


def test_corrupt_saved_rule_file_is_listed_but_not_loadable(cfg):
    (cfg / "rules").mkdir(parents=True)
    (cfg / "rules" / "kaputt.toml").write_text("ranks = [", encoding="utf-8")
    stack, ed, _ = _editor(cfg)
    items = ed.load_choices()
    bad = [it for it in items if it["title"] == "kaputt"]
    assert bad and bad[0]["enabled"] is False and bad[0]["subtitle"]


def test_read_only_editor_changes_nothing(cfg):
    from felt.games.praesident.rules import load_rules
    from felt.games.praesident.rules_editor import RulesEditorScene
    from felt.ui.shell import AppStack
    stack = AppStack((360, 640))
    ed = RulesEditorScene(games.get("praesident"), load_rules("JASS36").to_dict())
    stack.push(ed)
    assert ed.read_only and ed.done_btn.visible and not ed.apply_btn.visible
    w = ed.widgets["passing"]
    ed.form.scroll_to(w)
    _tap(stack, (w.rect.right - 20, w.rect.centery))      # where an editor's › would be
    _tap(stack, w.rect.center)
    assert ed.data["passing"] == "forced"
    _tap(stack, ed.done_btn.rect.center)
    assert stack.top is None


# ---------------------------------------------------------------- lobby
def test_lobby_non_owner_sees_rules_and_cannot_change_seats():
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    from felt.ui.shell import AppStack
    sent, opened = [], []
    stack = AppStack((360, 640))
    sc = LobbyScene(demo_lobby(), my_seat=2, admin=False, on_send=sent.append, on_edit_rules=opened.append)
    stack.push(sc)
    assert not sc.start_btn.visible and not sc.template.visible and not sc.actions.visible
    assert any("72 Karten" in ln for ln in sc.rules_block.lines)
    row = sc.seat_rows[4]
    sc.left.scroll_to(row)
    _tap(stack, row.rect.center)
    assert sc.selected is None and not sent
    sc.left.scroll_to(sc.rules_btn)
    _tap(stack, sc.rules_btn.rect.center)
    assert opened == [True]                      # read-only view of the rules


def test_lobby_owner_reorder_and_remove():
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    from felt.ui.shell import AppStack
    sent = []
    stack = AppStack((1280, 720))
    sc = LobbyScene(demo_lobby(), my_seat=0, admin=True, on_send=sent.append)
    stack.push(sc)
    _tap(stack, sc.seat_rows[3].rect.center)
    assert sc.selected == 3 and sc.remove_btn.visible and sc.up_btn.visible
    _tap(stack, sc.up_btn.rect.center)
    assert sent[-1] == {"t": "reorder", "order": [0, 1, 3, 2, 4]}
    assert sc.selected == 2
    sc.set_lobby(dict(demo_lobby(), seats=[demo_lobby()["seats"][k] | {"seat": i}
                                           for i, k in enumerate([0, 1, 3, 2, 4])]), 0, True)
    _tap(stack, sc.remove_btn.rect.center)
    assert sent[-1] == {"t": "remove_bot", "seat": 2}
    _tap(stack, sc.start_btn.rect.center)
    assert sent[-1] == {"t": "start"}


# ---------------------------------------------------------------- loop
def test_idle_window_does_not_redraw(app_factory):
    app = app_factory((1280, 720))
    pump(app)
    frames = app.runner.frames
    t0 = time.process_time()
    end = time.monotonic() + 1.0
    steps = 0
    while time.monotonic() < end:
        app.step(block=True)
        steps += 1
    cpu = time.process_time() - t0
    assert app.runner.frames == frames, "nothing changed, nothing drawn"
    assert steps <= 10, "the loop sleeps in event.wait while idle"
    assert cpu < 0.25
    # an input wakes it and it draws once
    mute = app.controller.main.mute_btn
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=mute.rect.center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=mute.rect.center))
    app.step(block=True)
    assert app.runner.frames == frames + 1 and mute.crossed


def test_resize_relayouts_every_scene(app_factory):
    app = app_factory((1280, 720))
    start = app.controller.main
    wide = start.host_btn.rect.copy()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=360, h=640, size=(360, 640)))
    app.window = pygame.display.set_mode((360, 640), pygame.RESIZABLE)
    app.runner.surface = app.window
    pump(app)
    assert start.size == (360, 640)
    assert start.host_btn.rect != wide and pygame.Rect(0, 0, 360, 640).contains(start.host_btn.rect)


@pytest.mark.parametrize("module", ["felt.ui.start_scene", "felt.ui.lobby_scene", "felt.games.praesident.rules_editor"])
@pytest.mark.parametrize("size", [(360, 640), (1280, 720), (430, 932), (1920, 1080)])
def test_demo_scenes_render_inside_the_window(module, size):
    import importlib
    from felt.ui.shell import AppStack
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    sc = importlib.import_module(module).snapshot_scene()
    stack = AppStack(size)
    stack.push(sc)
    surf = pygame.Surface(size)
    stack.draw(surf)
    win = pygame.Rect(0, 0, *size)
    from felt.ui.shell import ScrollForm
    forms = [getattr(sc, n) for n in dir(sc) if isinstance(getattr(sc, n, None), ScrollForm)]
    # a form's items and what they hold (an action row's buttons) are reached by scrolling
    scrolled = {id(w) for f in forms for item, _ in f.items
                for w in [item] + [c for c, _ in getattr(item, "children", [])]}
    for f in forms:                               # scrolling areas stay inside the window
        assert win.contains(f.rect) or f.rect.w == 0
    buttons = [getattr(sc, n) for n in dir(sc) if n.endswith("_btn")]
    for b in buttons:
        if id(b) in scrolled:                     # reached by scrolling; drawn clipped to its form
            continue
        if b.visible and b.rect.w:
            assert win.contains(b.rect), (module, size, b.text)
            assert b.rect.h >= 40, "touch targets stay large"


def test_finger_drag_scrolls_the_rule_form_without_toggling(app_factory, cfg):
    from felt.games.praesident.rules_editor import RulesEditorScene
    app = app_factory((360, 640))
    ed = RulesEditorScene(games.get("praesident"), None, on_apply=lambda d: None, folder=cfg / "rules")
    app.stack.push(ed)
    pump(app)
    assert ed.form.scroll == 0 and ed.form.max_scroll() > 500
    before = dict(ed.data)
    w, h = app.window.get_size()
    x = ed.form.rect.centerx
    y0, y1 = ed.form.rect.bottom - 20, ed.form.rect.top + 40
    common = dict(touch_id=1, finger_id=0, pressure=1.0)
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / w, y=y0 / h, dx=0.0, dy=0.0, **common))
    for k in range(1, 11):
        y = y0 + (y1 - y0) * k / 10
        pygame.event.post(pygame.event.Event(pygame.FINGERMOTION, x=x / w, y=y / h, dx=0.0, dy=-0.02, **common))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=x / w, y=y1 / h, dx=0.0, dy=0.0, **common))
    pump(app)
    assert ed.form.scroll >= (y0 - y1) - 20, "the form followed the finger"
    assert ed.data == before, "a drag changes no option"


def test_keyboard_shortcuts(app_factory):
    app = app_factory((1280, 720))
    start = app.controller.main
    key(app, pygame.K_F3)                       # F3: join by address
    assert start.addr_open
    key(app, pygame.K_F4)                       # F4: language
    from felt.ui import i18n
    assert i18n.get_lang() == "en"
    key(app, pygame.K_F4)
    assert i18n.get_lang() == "de"
    key(app, pygame.K_q, pygame.KMOD_LCTRL)     # Ctrl+Q quits
    assert not app.runner.running


def test_table_rows_free_seats_running_and_other_versions():
    from felt.ui.start_scene import table_item
    base = {"name": "T", "address": "10.0.0.2", "port": 4000, "template": "PR-002", "seats_taken": 1,
            "seats_free": 3, "running": False, "version": PROTOCOL_VERSION}
    assert table_item(base)["right"] == "3 von 4 Plätzen frei"
    assert table_item(base, narrow=True)["right"] == "3/4 frei"
    assert table_item(dict(base, running=True))["right"] == "Spiel läuft"
    assert table_item(dict(base, seats_free=0))["right"] == "Voll"
    assert table_item(base)["subtitle"] == "Standardregeln (PR-002)"
    assert table_item(dict(base, template="custom"))["subtitle"] == "Eigene Regeln"
    other = table_item(dict(base, version=PROTOCOL_VERSION + 1))
    assert other["enabled"] is False and str(PROTOCOL_VERSION + 1) in other["subtitle"]


def test_lang_option_is_for_this_run_only(app_factory, cfg):
    from felt.ui import i18n
    app = app_factory((360, 640), lang="en")
    assert i18n.get_lang() == "en" and app.controller.main.host_btn.text == "Host a table"
    app.close()
    assert json.loads((cfg / "settings.json").read_text())["lang"] == "de"

"""Schwimmen table scene: swap by tap and drag, the buttons and keys, the dealer's choice,
the showdown text; every screen renders at phone and laptop size."""
from __future__ import annotations

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.games.schwimmen import snapshots  # noqa: E402
from felt.games.schwimmen.scene import SchwimmenScene  # noqa: E402
from felt.ui import i18n  # noqa: E402
from felt.ui.scene import KEY, MOTION, PRESS, RELEASE, Input  # noqa: E402

G = games.get("schwimmen")


@pytest.fixture(scope="module")
def views():
    pygame.init()
    i18n.set_lang("de")
    return snapshots.views()


def scene_for(view, size=(390, 844)):
    sc = SchwimmenScene(view, snapshots.NAMES[: view["n"]])
    sc.layout(*size)
    sc.draw(pygame.Surface(size))
    return sc


def tap(sc, pos):
    sc.handle(Input(PRESS, pos))
    sc.handle(Input(RELEASE, pos))


def key(sc, k):
    sc.handle(Input(KEY, key=k, source="key"))


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_swap_by_tapping_hand_then_middle_and_middle_then_hand(views, size):
    v = views["turn"]
    sc = scene_for(v, size)
    hand, mid = v["hand"], v["middle"]
    tap(sc, sc.hand_rects()[hand[2]].center)
    assert sc.sel_hand == hand[2] and sc.outbox == []
    tap(sc, sc.middle_rects()[mid[0]].center)
    assert sc.outbox == [{"kind": "swap", "give": hand[2], "take": mid[0]}]
    assert sc.outbox[0] in v["legal"]
    sc.set_view(v)
    tap(sc, sc.middle_rects()[mid[1]].center)
    tap(sc, sc.hand_rects()[hand[0]].center)
    assert sc.outbox[-1] == {"kind": "swap", "give": hand[0], "take": mid[1]}


def test_swap_by_dragging(views):
    v = views["turn"]
    sc = scene_for(v)
    a = sc.hand_rects()[v["hand"][1]].center
    b = sc.middle_rects()[v["middle"][2]].center
    sc.handle(Input(PRESS, a))
    sc.handle(Input(MOTION, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)))
    sc.draw(pygame.Surface((390, 844)))      # the dragged card is drawn under the pointer
    sc.handle(Input(RELEASE, b))
    assert sc.outbox == [{"kind": "swap", "give": v["hand"][1], "take": v["middle"][2]}]


def test_buttons_and_keys(views):
    v = views["turn"]
    sc = scene_for(v)
    assert sc.btn_knock.enabled and sc.btn_pass.enabled and sc.btn_all.enabled
    assert not sc.btn_keep.visible and not sc.btn_take.visible
    tap(sc, sc.btn_all.rect.center)
    assert sc.outbox == [{"kind": "swap_all"}]
    sc.set_view(v)
    key(sc, pygame.K_s)
    key(sc, pygame.K_k)            # pending: nothing more until the next view
    assert sc.outbox == [{"kind": "swap_all"}, {"kind": "pass"}]
    sc.set_view(v)
    key(sc, pygame.K_k)
    assert sc.outbox[-1] == {"kind": "knock"}
    sc.set_view(v)
    key(sc, pygame.K_1)
    key(sc, pygame.K_6)
    assert sc.outbox[-1] == {"kind": "swap", "give": v["hand"][0], "take": v["middle"][2]}


def test_no_knock_after_a_knock_and_nothing_when_not_on_turn(views):
    v = views["knock"]
    sc = scene_for(v)
    assert not sc.btn_knock.enabled and sc.btn_pass.enabled
    key(sc, pygame.K_k)
    assert sc.outbox == []
    other = dict(v, to_move=1, legal=[])
    sc.set_view(other)
    tap(sc, sc.hand_rects()[v["hand"][0]].center)
    tap(sc, sc.middle_rects()[v["middle"][0]].center)
    key(sc, pygame.K_s)
    assert sc.outbox == [] and not sc.btn_pass.enabled


def test_dealers_choice(views):
    v = views["choice"]
    sc = scene_for(v)
    assert sc.btn_keep.visible and sc.btn_take.visible and not sc.btn_pass.visible
    tap(sc, sc.btn_take.rect.center)
    assert sc.outbox == [{"kind": "take"}]
    sc.set_view(v)
    key(sc, pygame.K_b)
    assert sc.outbox[-1] == {"kind": "keep"}


def test_showdown_says_who_loses_and_why(views):
    sc = scene_for(views["showdown"])
    lines = [t for t, _ in sc.result_lines()]
    assert lines[0] == "Carla hat geklopft"
    assert "Ben verliert ein Leben (niedrigste Hand: 16)" in lines and "Ben ist raus" in lines
    sc = scene_for(views["match_over"])
    assert [t for t, _ in sc.result_lines()][-1] == "Du gewinnst!"
    i18n.set_lang("en")
    try:
        sc = scene_for(views["showdown"])
        assert "Ben loses a life (lowest hand: 16)" in [t for t, _ in sc.result_lines()]
    finally:
        i18n.set_lang("de")


def test_every_screen_renders_at_both_sizes(tmp_path):
    from felt.ui.shots import GAME_SIZES, LOG_SIZES
    from felt.ui.snapshot import write_shots
    files = write_shots(tmp_path, "schwimmen_", games.get("schwimmen").snapshots("de"))
    # nine screens (three of a Stechen) at phone and laptop size, and the play log (a drawer on
    # phones, docked on wide screens)
    assert len(files) == 9 * len(GAME_SIZES) + len(LOG_SIZES)
    for f in files:
        assert f.name.startswith("schwimmen_")
        img = pygame.image.load(str(f))
        assert img.get_size() in set(GAME_SIZES) | set(LOG_SIZES)
        assert f.name.endswith(f"-{img.get_width()}x{img.get_height()}.png")
        colours = {img.get_at((x, y))[:3] for x in range(0, img.get_width(), 23) for y in range(0, img.get_height(), 23)}
        assert len(colours) > 40


def test_german_deck_and_a_spectator_render(views):
    v = dict(views["turn"])
    v["rules"] = dict(v["rules"], deck="german")
    sc = scene_for(v, (1280, 720))
    assert sc.cards[31].rank == "A" and sc.cards[31].code.startswith("swg")
    spec = dict(views["turn"], seat=None, hand=[], legal=[])
    sc = scene_for(spec)
    assert sc.seat_rect(0) is not None and not sc.btn_pass.visible


def test_toasts_animate_then_stop_and_the_timer_and_banner_show(views):
    v = views["turn"]
    sc = scene_for(dict(v, legal=[m for m in v["legal"] if m["kind"] != "knock"]))
    key(sc, pygame.K_k)                      # no knock yet in the first go-round: a warning toast
    assert sc.outbox == [] and sc.animating()
    for _ in range(40):
        sc.update(0.1)
    assert not sc.animating()
    sc.set_timer({"seat": 0, "left": 12, "total": 30})
    sc.draw(pygame.Surface((390, 844)))
    assert sc.header_parts().get("ring") is not None, "the turn timer's ring stands in the top bar"
    assert "12 s" not in sc.status_line()[0]              # the ring says it, not the status line
    sc.show_connection("Verbindung weg")
    sc.draw(pygame.Surface((390, 844)))
    assert sc.banner_rect().h == sc.rects["top"].h


@pytest.mark.parametrize("dpr", [2.0, 3.0])
def test_a_phone_turned_sideways_has_middle_cards_to_tap_and_seats_at_the_side(views, dpr):
    """On a phone held sideways (844x390 CSS px) the seat boxes filled the width in a row and
    the middle cards one must tap were about 30x44 px. Now the seats stand in a column at
    the left and the middle and the hand share the centre: every card a comfortable target,
    nothing overlapping, all inside the window."""
    from felt.ui import layout
    layout.set_density(dpr)
    try:
        size = (int(844 * dpr), int(390 * dpr))
        for name in ("turn", "nine"):
            v = views[name]
            sc = scene_for(v, size)
            win = pygame.Rect(0, 0, *size)
            mids = list(sc.middle_rects().values())
            hands = list(sc.hand_rects().values())
            assert len(mids) == 3 and len(hands) == 3
            for r in mids:
                assert r.w >= 60 * dpr and r.h >= 88 * dpr, (name, r.w / dpr, r.h / dpr)
            for r in hands:
                assert r.w >= 60 * dpr, (name, r.w / dpr)
            seats = sc.seat_places()
            assert len(seats) == v["n"] - 1
            cards = mids + hands + [sc.rects["stock"]]
            buttons = [b.rect for b in (sc.btn_knock, sc.btn_all, sc.btn_pass)]
            for r in seats + cards + buttons:
                assert win.contains(r), (name, r)
            for s in seats:
                assert s.right < min(r.left for r in cards), (name, s)          # a column at the left
                assert s.collidelist(buttons) == -1
            for c in cards:
                assert c.collidelist(buttons) == -1 and c.collidelist(seats) == -1
            hint = sc.hint_rect()
            assert all(not hint.colliderect(r) for r in mids), (name, hint)
    finally:
        layout.set_density(1.0)


@pytest.mark.parametrize("dpr", [2.0, 3.0])
def test_three_other_seats_share_one_row_on_a_phone_held_upright(views, dpr):
    """Four players on a phone held upright: the three other seats stood two in a row and the
    third alone, a large empty area beside it. Now they fill one row, and a long name takes two
    lines in its narrower box instead of being cut."""
    from felt.ui import layout, widgets
    layout.set_density(dpr)
    try:
        size = (int(390 * dpr), int(844 * dpr))
        v = views["turn"]
        assert v["n"] == 4
        sc = SchwimmenScene(v, ["Anna", "Beat", "Cleopatra-Philomena", "Dominik"])
        sc.layout(*size)
        seats = sc.seat_places()
        assert len({r.top for r in seats}) == 1, seats                          # one row
        span = max(r.right for r in seats) - min(r.left for r in seats)
        assert span >= size[0] * 0.9, (span, size)
        fitted = []
        real_fit = widgets.layout_text
        widgets.layout_text = lambda text, *a, **kw: (lambda res: (fitted.append((text, res)), res)[1])(
            real_fit(text, *a, **kw))
        try:
            sc.draw(pygame.Surface(size))
        finally:
            widgets.layout_text = real_fit
        name = [res for text, res in fitted if text == "Cleopatra-Philomena"]
        assert name and name[-1][1] == ("Cleopatra-", "Philomena"), name
    finally:
        layout.set_density(1.0)

"""Hand handling: sort by rank or suit, a double tap selects a rank, dragging a card to the
pile plays it; Play/Pass look off while disconnected; notices keep off the seat names."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from felt.games.praesident.engine import is_legal, move_from_wire, view
from felt.ui.scene import MOTION, PRESS, RELEASE, Input, SceneStack
from felt.games.praesident.snapshots import demo_states
from felt.games.praesident.table_scene import TableScene
from tests.ui_app_helpers import card_point


@pytest.fixture(scope="module")
def demo():
    pygame.init()
    return demo_states("PR-002", 5, 7)


def _scene(demo, size=(1280, 720)):
    st, _ = demo["table"]
    sc = TableScene(view(st, 0), settings={"muted": True})
    stack = SceneStack(size)
    stack.push(sc)
    return st, sc, stack


def _tap(sc, pos):
    sc.handle(Input(PRESS, pos=pos))
    sc.handle(Input(RELEASE, pos=pos))


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (430, 932), (1280, 720), (1920, 1080)])
def test_the_sort_button_keeps_off_play_and_pass(demo, size):
    """On the hand's top edge, the sort button never covers the bottom of Play or Pass (on a
    phone it did, by a few pixels, so a tap on Play's corner sorted the hand)."""
    st, sc, stack = _scene(demo, size)
    assert sc.sort_btn.visible
    for btn in (sc.play_btn, sc.pass_btn):
        assert not sc.sort_btn.rect.colliderect(btn.rect), (size, sc.sort_btn.rect, btn.rect)


def test_sort_by_rank_or_by_suit(demo):
    st, sc, stack = _scene(demo)
    t = sc.table
    by_rank = list(sc.hand)
    assert [t.rank_of(c) for c in by_rank] == sorted(t.rank_of(c) for c in by_rank)
    _tap(sc, sc.sort_btn.rect.center)
    suits = [t.card(c).suit for c in sc.hand]
    assert sc.current_sort() == "suit" and sorted(sc.hand) == sorted(by_rank)
    assert suits == sorted(suits, key=lambda s: t.suit_order[s]), "grouped by suit"
    # a new view keeps the chosen order
    sc.set_view(view(st, 0), [])
    assert [t.card(c).suit for c in sc.hand] == suits
    _tap(sc, sc.sort_btn.rect.center)
    assert sc.hand == by_rank


def test_double_tap_selects_every_card_of_the_rank(demo):
    st, sc, stack = _scene(demo)
    t = sc.table
    ranks = {}
    for c in sc.hand:
        ranks.setdefault(t.card(c).rank, []).append(c)
    cid, mates = next((cs[0], cs) for cs in ranks.values() if len(cs) >= 2)
    p = card_point(sc, cid)
    _tap(sc, p)
    p = card_point(sc, cid)          # the selected card is raised
    _tap(sc, p)
    assert sc.selected == set(mates)


def test_dragging_a_card_to_the_pile_plays_it(demo):
    st, sc, stack = _scene(demo)
    legal_single = next(c for c in sc.hand if is_legal(st, 0, move_from_wire({"kind": "play", "cards": [c]})))
    illegal = next((c for c in sc.hand if not is_legal(st, 0, move_from_wire({"kind": "play", "cards": [c]}))), None)
    pile = sc.table_layout.pile.center
    if illegal is not None:
        sc.handle(Input(PRESS, pos=card_point(sc, illegal)))
        sc.handle(Input(MOTION, pos=(pile[0], sc.table_layout.hand.top - 40), buttons=(1, 0, 0)))
        sc.handle(Input(MOTION, pos=pile, buttons=(1, 0, 0)))
        sc.handle(Input(RELEASE, pos=pile))
        assert sc.outbox == [] and sc.toast.active
    sc.handle(Input(PRESS, pos=card_point(sc, legal_single)))
    sc.handle(Input(MOTION, pos=(pile[0], sc.table_layout.hand.top - 40), buttons=(1, 0, 0)))
    assert sc.dragged_card() == legal_single
    stack.draw(pygame.Surface((1280, 720)))
    sc.handle(Input(MOTION, pos=pile, buttons=(1, 0, 0)))
    sc.handle(Input(RELEASE, pos=pile))
    assert sc.outbox == [{"kind": "play", "cards": [legal_single]}]


def test_dragging_back_into_the_hand_plays_nothing(demo):
    st, sc, stack = _scene(demo)
    c = sc.hand[0]
    sc.handle(Input(PRESS, pos=card_point(sc, c)))
    sc.handle(Input(MOTION, pos=(sc.table_layout.w // 2, sc.table_layout.hand.top - 40), buttons=(1, 0, 0)))
    sc.handle(Input(RELEASE, pos=(20, sc.table_layout.hand.top - 40)))
    assert sc.outbox == []


def test_play_and_pass_look_off_while_disconnected(demo):
    st, sc, stack = _scene(demo)
    assert sc.pass_btn.enabled
    sc.show_connection("Verbindung verloren", "bad")
    assert not sc.pass_btn.enabled and not sc.play_btn.enabled
    sc.do_pass()
    assert sc.outbox == []
    sc.show_connection(None)
    assert sc.pass_btn.enabled


@pytest.mark.parametrize("size", [(360, 640), (430, 932)])
def test_spectator_notice_keeps_off_the_seat_names(demo, size):
    from felt.ui.shell import AppStack
    st, _ = demo["table"]
    sc = TableScene(view(st, None), names=["Anna", "Beat", "Carla", "Dominik", "Eveline"])
    stack = AppStack(size)
    stack.push(sc)
    stack.notify("Du schaust zu", "info", 4.0)
    surf = pygame.Surface(size)
    stack.draw(surf)
    tr = stack.toast.rect
    for s in range(5):
        r = sc.seat_rect(s)
        name_strip = pygame.Rect(r.left, r.top, r.w, r.h // 2)
        assert not tr.colliderect(name_strip), (s, tr, r)

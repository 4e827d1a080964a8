"""A phone's renderer draws the phone's CSS layout at its physical pixels: at
density d a surface of d times the CSS size gets the CSS size's layout, d times larger, so a
390x844 phone at pixel ratio 2 looks like the 390x844 layout, only crisper. The window stays
at density 1 (its layouts unchanged)."""
from __future__ import annotations

import os

import pygame
import pytest

from felt.ui import layout

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture
def density():
    def set_to(d):
        layout.set_density(d)
    yield set_to
    layout.set_density(1.0)


def _scaled(r, d):
    return (r.x * d, r.y * d, r.w * d, r.h * d)


def _close(a, b, tol):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


@pytest.mark.parametrize("css,d", [((390, 844), 2.0), ((390, 844), 3.0), ((360, 640), 2.0), ((844, 390), 2.0),
                                   ((1280, 720), 1.5)])
def test_layouts_at_a_density_are_the_css_layouts_scaled(density, css, d):
    w, h = css
    one_screen = layout.screen_layout(w, h)
    one_table = layout.table_layout(w, h, 4, hand_count=13)
    one_fonts = layout.font_sizes(w, h)
    density(d)
    pw, ph = int(w * d), int(h * d)
    S = layout.screen_layout(pw, ph)
    T = layout.table_layout(pw, ph, 4, hand_count=13)
    assert (S.w, S.h, T.w, T.h) == (pw, ph, pw, ph)
    for name in ("header", "content", "footer"):
        assert _close(_scaled(getattr(one_screen, name), d), getattr(S, name), d + 1), name
    for name in ("top_bar", "table", "pile", "hint", "play_btn", "pass_btn", "hand", "menu_btn"):
        assert _close(_scaled(getattr(one_table, name), d), getattr(T, name), d + 1), name
    for a, b in zip(one_table.seats, T.seats):
        assert _close(_scaled(a, d), b, d + 1)
    assert T.hand_rows == one_table.hand_rows and T.portrait == one_table.portrait
    assert T.card == (int(one_table.card[0] * d + 0.5), int(one_table.card[1] * d + 0.5))
    assert {k: round(v / d) for k, v in layout.font_sizes(pw, ph).items()} == one_fonts
    # the hand wraps into the same rows, each card where the CSS layout has it
    one_slots = None
    layout.set_density(1.0)
    one_slots = layout.hand_slots(one_table.hand, one_table.card, 13)
    layout.set_density(d)
    slots = layout.hand_slots(T.hand, T.card, 13)
    assert len({r.y for r in slots}) == len({r.y for r in one_slots})
    for a, b in zip(one_slots, slots):
        assert abs(a.x * d - b.x) <= d + 1 and abs(a.bottom * d - b.bottom) <= d + 1


def test_density_one_is_the_window_as_before(density):
    density(1.0)
    assert layout.dp(10) == 10 and layout.dp(10.7) == 10
    assert layout.unit(1280, 720) == max(0.85, min(1280 / 360.0, 720 / 520.0, 2.4))


def _render(scene_factory, size):
    from felt.ui.scene import SceneStack
    stack = SceneStack(size)
    stack.push(scene_factory())
    surf = pygame.Surface(size)
    stack.draw(surf)
    return surf


def _mean_diff(a: pygame.Surface, b: pygame.Surface) -> float:
    small = pygame.transform.smoothscale(b, a.get_size())
    x, y = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(small, "RGB")
    step = 11
    return sum(abs(p - q) for p, q in zip(x[::step], y[::step])) / (len(x) / step)


@pytest.mark.parametrize("name", ["table", "lobby", "rules", "start"])
def test_a_phone_at_ratio_2_looks_like_the_css_layout(density, name):
    """The scene drawn at 780x1688 (density 2), shrunk to 390x844, against the same scene drawn
    at 390x844: the same picture but for font rasterising (mean difference of a few levels),
    where the old way (780x1688 at density 1: a bigger screen's layout) differs widely."""
    pygame.init()
    from felt.games.praesident import snapshots
    from felt.ui import i18n
    i18n.set_lang("de")
    if name == "table":
        demo = snapshots.demo_states("PR-002", 5, 7)

        def make():
            st, ev = demo["table"]
            scene, _ = snapshots.demo_scene("table", st, ev, 0, snapshots.DEMO_NAMES[:5])
            return scene
    else:
        from importlib import import_module
        mod = import_module({"lobby": "felt.ui.lobby_scene", "rules": "felt.games.praesident.rules_editor",
                             "start": "felt.ui.start_scene"}[name])
        make = mod.snapshot_scene
    density(1.0)
    css = _render(make, (390, 844))
    big_old = _render(make, (780, 1688))
    density(2.0)
    big = _render(make, (780, 1688))
    same = _mean_diff(css, big)
    old = _mean_diff(css, big_old)
    assert same < 12, (name, same)
    assert old > same * 2, (name, same, old)

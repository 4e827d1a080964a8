"""Layout: no rect leaves the window, nothing important overlaps, and every text drawn
by every game scene fits its rect, from 360x640 to 1920x1080, in German and English."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt.ui import fonts, i18n, layout, widgets  # noqa: E402

SIZES = [(360, 640), (430, 932), (1280, 720), (1920, 1080), (800, 600), (600, 900), (1024, 1366),
         (700, 400), (500, 500), (2560, 1440)]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
    i18n.set_lang("de")


@pytest.mark.parametrize("w,h", SIZES)
@pytest.mark.parametrize("opp", [2, 3, 4, 5, 7, 8])
def test_table_layout_inside_and_disjoint(w, h, opp):
    L = layout.table_layout(w, h, opp)
    screen = pygame.Rect(0, 0, w, h)
    for name, r in L.all_rects().items():
        assert screen.contains(r), (name, r)
        assert r.w > 0 and r.h > 0, name
    for i, a in enumerate(L.seats):
        assert not a.colliderect(L.pile), (i, a, L.pile)
        assert not a.colliderect(L.play_btn) and not a.colliderect(L.pass_btn)
        assert not a.colliderect(L.hand) and not a.colliderect(L.hint)
        for b in L.seats[i + 1:]:
            assert not a.colliderect(b)
    assert not L.play_btn.colliderect(L.pass_btn)
    assert not L.play_btn.colliderect(L.hand)
    # big touch targets
    for r in (L.play_btn, L.pass_btn, L.mute_btn, L.menu_btn):
        assert r.h >= 38 and r.w >= 38
    assert L.play_btn.h >= 44


@pytest.mark.parametrize("w,h", SIZES)
@pytest.mark.parametrize("n", [1, 5, 13, 18, 24, 27])
def test_hand_slots_fit_and_keep_corners_visible(w, h, n):
    L = layout.table_layout(w, h, 4, n)
    slots = layout.hand_slots(L.hand, L.card, n)
    assert len(slots) == n
    for r in slots:
        assert L.hand.contains(r), (r, L.hand)
        # room to raise a selected card stays on screen
        assert r.move(0, -int(L.card[1] * 0.18)).top >= 0
    rows = {}
    for r in slots:
        rows.setdefault(r.y // 10, []).append(r)
    for row in rows.values():
        row.sort(key=lambda r: r.x)
        for a, b in zip(row, row[1:]):
            # the corner index (about 30% of a card's width) of every covered card stays visible
            assert b.x - a.x >= int(L.card[0] * 0.30), (n, b.x - a.x)


def test_18_cards_fit_on_a_360_px_phone():
    L = layout.table_layout(360, 640, 4, 18)
    slots = layout.hand_slots(L.hand, L.card, 18)
    assert all(0 <= r.left and r.right <= 360 for r in slots)
    assert len({r.y for r in slots}) == 2        # wrapped into two rows


def test_layout_text_never_overflows():
    for text in ("Kurz", "Ein sehr langer Text, der auf keinen Fall in eine Zeile passt, auch nicht auf einem Laptop",
                 "Donaudampfschifffahrtsgesellschaftskapitän", ""):
        for w, h in ((40, 20), (120, 40), (300, 60), (8, 8)):
            for wrap in (False, True):
                px, lines = widgets.layout_text(text, w, h, 18, wrap=wrap, min_px=9)
                for ln in lines:
                    assert fonts.width(ln, px) <= w or ln == "", (text, w, ln)


class _Recorder:
    """Wraps widgets.draw_lines and records any text wider or taller than its rect."""

    def __init__(self, monkeypatch, screen):
        self.bad = []
        self.count = 0
        orig = widgets.draw_lines
        self.screen = screen

        def rec(surface, lines, rect, px, color, align="left", valign="center", bold=False, shadow=False):
            self.count += 1
            lh = fonts.line_height(px, bold)
            for ln in lines:
                if fonts.width(ln, px, bold) > rect.w + 1:
                    self.bad.append(("wide", ln, tuple(rect)))
            if lh * len(lines) > rect.h + lh * 0.35 and len(lines) > 1:
                self.bad.append(("tall", lines, tuple(rect)))
            vis = rect.clip(self.screen)
            if any(lines) and vis.w < min(rect.w, fonts.width(max(lines, key=len), px, bold)):
                self.bad.append(("offscreen", lines, tuple(rect)))
            return orig(surface, lines, rect, px, color, align, valign, bold, shadow)

        monkeypatch.setattr(widgets, "draw_lines", rec)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("w,h", [(360, 640), (430, 932), (1280, 720), (1920, 1080), (700, 400)])
def test_game_scenes_text_fits(monkeypatch, lang, w, h):
    from felt.games.praesident.engine import filter_events, view
    from felt.games.praesident.exchange_scene import ExchangeScene
    from felt.games.praesident.results_scene import ResultsScene
    from felt.ui.scene import SceneStack
    from felt.games.praesident.snapshots import DEMO_NAMES, demo_states
    from felt.games.praesident.table_scene import TableScene
    i18n.set_lang(lang)
    rec = _Recorder(monkeypatch, pygame.Rect(0, 0, w, h))
    demo = demo_states("PR-002", 8, 3)
    names = DEMO_NAMES[:8]
    try:
        for key, cls, controls in (("table", TableScene, None), ("exchange", ExchangeScene, None),
                                   ("results", ResultsScene, (lambda: None, None, None)),
                                   ("standings", ResultsScene, (None, lambda: None, lambda: None))):
            st, ev = demo[key]
            seat = st.to_move if key == "exchange" else 0
            scene = cls(view(st, seat), names=names)
            if controls:
                scene.set_round_controls(*controls)
            stack = SceneStack((w, h))
            stack.push(scene)
            surf = pygame.Surface((w, h))
            stack.draw(surf)
        jass = demo_states("JASS36", 4, 3, rounds=2)
        for key in ("table", "exchange"):
            st, ev = jass[key]
            seat = st.to_move if key == "exchange" else 0
            cls = TableScene if key == "table" else ExchangeScene
            stack = SceneStack((w, h))
            stack.push(cls(view(st, seat), names=names[:4]))
            stack.draw(pygame.Surface((w, h)))
        assert rec.count > 20
        assert rec.bad == []
    finally:
        i18n.set_lang("de")


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("w,h", [(360, 640), (320, 480), (430, 932), (1280, 720)])
def test_rule_editor_footer_labels_keep_their_size(lang, w, h):
    """"Übernehmen" squeezed into a third of a phone's width shrank to about 10 px."""
    from felt import games
    from felt.games.praesident.rules import load_rules
    from felt.games.praesident.rules_editor import RulesEditorScene
    from felt.ui.scene import SceneStack
    i18n.set_lang(lang)
    ed = RulesEditorScene(games.get("praesident"), load_rules("PR-002").to_dict(), on_apply=lambda d: None)
    SceneStack((w, h)).push(ed)
    btns = [ed.load_btn, ed.save_btn, ed.apply_btn]
    rects = [b.rect for b in btns]
    assert all(pygame.Rect(0, 0, w, h).contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    for b in btns:
        assert b.rect.w >= 44 and b.rect.h >= 44, "big enough to tap"
        pad = max(6, b.rect.h // 5)
        size, _ = widgets.layout_text(b.text, b.rect.w - 2 * pad, b.rect.h - 4, b.px, bold=True)
        assert size >= b.px - 2, (b.text, size, b.px)

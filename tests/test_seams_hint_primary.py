"""Issue 43, seam 7 (Tipp x primary button): when the Tipp says "play the Bube" (Mau-Mau) or
"take the other hand" (Schwimmen), the hinted step is the most prominent control: its button
is the yellow one, every other usable yellow button of the table turns secondary while the
hint shows, and each gets its own look back when the hint ends or the player picks otherwise."""
from __future__ import annotations

import pytest

from felt import games
from tests.test_hint_table import build, turns
from felt.ui.widgets import Button


def _primaries(sc) -> list[Button]:
    return [b for b in vars(sc).values() if isinstance(b, Button) and b.visible and b.rect.w and b.enabled
            and b.kind == "primary" and b is not sc.hint_btn]


def _hinted(gid: str, want):
    """(scene, view) of the first seeded turn whose hint ``want(scene)`` accepts, hint taken."""
    g = games.get(gid)
    for seed in range(1, 12):
        for _state, view in turns(g, seed=seed, count=40):
            sc = build(g, view, (390, 844))
            if sc.take_hint() and want(sc):
                return sc
    raise AssertionError(f"no such hint in {gid}")


def test_maumau_a_hinted_bube_is_played_with_the_yellow_button():
    def bube(sc):
        m = sc.hint["move"]
        return m.get("kind") == "play" and sc.deck[m["card"]].rank in ("J", "U")
    sc = _hinted("maumau", bube)
    assert sc.hint_button() is sc.action_btn and sc.action_btn.text == "Legen"
    assert _primaries(sc) == [sc.action_btn] or set(_primaries(sc)) == {sc.action_btn, sc.mau_btn}
    assert sc.hint_target() == sc.action_btn.rect


@pytest.mark.parametrize("kind,button,rival", [("take", "btn_take", "btn_keep"), ("swap_all", "btn_all", "btn_knock")])
def test_schwimmen_the_hinted_button_is_yellow_and_the_usual_one_steps_back(kind, button, rival):
    def it(sc):
        return sc.hint["move"].get("kind") == kind and getattr(sc, rival).enabled
    sc = _hinted("schwimmen", it)
    hinted, other = getattr(sc, button), getattr(sc, rival)
    assert sc.hint_button() is hinted
    assert _primaries(sc) == [hinted], [b.text for b in _primaries(sc)]
    assert other.kind == "secondary" and other.enabled           # still usable, not the eye's first stop
    sc.hint = None                                               # the hint ends: the usual looks
    assert hinted.kind == "secondary" and other.kind == "primary"


def test_schwimmen_a_hinted_middle_card_takes_the_eye_from_knocking():
    def swap(sc):
        return sc.hint["move"].get("kind") == "swap" and sc.btn_knock.enabled
    sc = _hinted("schwimmen", swap)
    assert sc.hint_target() is not None and sc.hint_button() is None      # a card of the middle is lit
    assert _primaries(sc) == [] and sc.btn_knock.kind == "secondary"
    for _ in range(200):                                          # the hint's seconds run out
        sc.hint["until"] = 0
        sc.update(0.1)
        if sc.hint is None:
            break
    assert sc.hint is None and sc.btn_knock.kind == "primary"

"""Issue 43, seam 8 (Schwimmen's tie-break). RULES-SCHWIMMEN.md: after the set number of
rounds the fewest lives lost wins (§3, §4.7); it names no tie-break and no one who sits one
out, and every round is dealt to every player in play (§4.1). So the engine's Stechen (its
own rule where the book is silent) stays a round for everyone in play; the table now says who
is tied and why ("Gleichstand: Ben und Cleo · Stechen"), marks the tied seats, and the
phone's top line is not cut ("Tie-break · ro…")."""
from __future__ import annotations

import dataclasses
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from felt.ui import fonts, i18n, layout  # noqa: E402
from tests.test_schwimmen_engine import RUNDEN, G, _lose_round  # noqa: E402

NAMES = ["Anna", "Ben", "Cleo"]


def _tied_after_the_set_rounds():
    """SW-RUNDEN with one set round: Anna loses it, Ben and Cleo are tied on 0 lives lost."""
    s, _ = G.new_match(dataclasses.replace(RUNDEN, rounds=1, knocker_double=False), 3, 9)
    _lose_round(s, 0)
    return s


def _stechen():
    """The Stechen round of that match at its first turn of play (the dealer kept its hand)."""
    t, _ = G.next_round(_tied_after_the_set_rounds())
    if t.phase == "dealer_choice":
        t, _ = G.apply(t, t.to_move, G.move_from_wire({"kind": "keep"}))
    assert t.phase == "play"
    return t


def _scene(s, seat: int, size=(390, 844)):
    pygame.init()
    sc = G.scene_for(s.phase)(None, names=NAMES, settings={"muted": True}, on_move=lambda m: None)
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(*size)
    sc.set_view(G.view(s, seat), [])
    return sc


def test_the_rule_example_a_tie_on_fewest_lives_lost_plays_a_stechen_dealt_to_everyone_in_play():
    s = _tied_after_the_set_rounds()
    assert s.lost == [1, 0, 0] and s.phase == "round_over" and s.winner is None
    t, ev = G.next_round(s)
    assert t.round_no == 2 > t.rounds_limit
    assert all(len(t.hands[i]) == 3 or t.dealer_hands for i in range(3)) and t.in_play() == [0, 1, 2]
    assert ev[0]["type"] == "round_start" and ev[0]["seats"] == [0, 1, 2]     # §4.1: every player in play


@pytest.mark.parametrize("lang,line,why", [
    ("de", "Gleichstand: Ben und Cleo · Stechen", "Ben und Cleo haben gleich wenige Leben verloren (0)"),
    ("en", "Tied: Ben and Cleo · tie-break", "Ben and Cleo lost equally few lives (0)")])
def test_the_table_says_who_is_tied_and_why(lang, line, why):
    i18n.set_lang(lang)
    try:
        sc = _scene(_tied_after_the_set_rounds(), 0)
        assert sc.tied_seats() == [1, 2]
        assert sc.status_line()[0] == line
        texts = [t for t, _c in sc.result_lines()]
        assert any(t.startswith(why) for t in texts), texts
        badge = i18n.t("sw.tied_badge")
        assert [any(tag.text == badge for tag in sc.seat_lines(i).tags) for i in (1, 2)] == [True, True]
        # in the Stechen round the tied seats keep their mark; the round is named in full
        t = _stechen()
        me = t.to_move                                   # "Du bist dran!" leaves the round little room
        sc2 = _scene(t, me)
        assert sc2.my_turn and sc2.tied_seats() == [1, 2]
        assert i18n.t("sw.tied_badge") in [tag.text for tag in sc2.seat_lines(({1, 2} - {me}).pop()).tags]
        parts = sc2.header_parts()
        assert parts["round"] == i18n.t("gt.round_tiebreak", n=2)
        assert parts["round_at"].w >= fonts.width(parts["round"], parts["round_px"]), parts   # not cut
    finally:
        i18n.set_lang("de")


def test_a_tie_with_you_in_it_reads_right():
    sc = _scene(_tied_after_the_set_rounds(), 1)
    assert sc.status_line()[0] == "Gleichstand: Du und Cleo · Stechen"
    assert any(t.startswith("Du und Cleo haben gleich wenige") for t, _c in sc.result_lines())


@pytest.mark.parametrize("size,density", [((390, 844), 1.0), ((780, 1688), 2.0), ((360, 640), 1.0)])
def test_the_phones_top_line_of_a_stechen_is_not_cut(monkeypatch, tmp_path, size, density):
    from tests.text_layout_recorder import TextRecorder, problems
    rec = TextRecorder(monkeypatch)
    try:
        layout.set_density(density)
        for lang in ("de", "en"):
            i18n.set_lang(lang)
            for s in (_tied_after_the_set_rounds(), _stechen()):
                sc = _scene(s, s.to_move if s.to_move >= 0 else 0, size)
                for _ in range(40):
                    sc.update(0.1)
                surf = pygame.Surface(size)
                sc.draw(surf)
                pygame.image.save(surf, str(tmp_path / f"sw-{lang}-{s.round_no}.png"))
                bad = problems(rec.shots[-1], NAMES)
                assert not bad, (lang, s.round_no, bad)
    finally:
        i18n.set_lang("de")
        layout.set_density(1.0)

"""What the tables say: why a Präsident selection is not legal, in the player's
language; no celebration for going out low; no "Keep" on another seat's drawn card; how a tied
match was decided and what Mau-Mau's Σ means; counts in the how-to."""
import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.cards import build_deck  # noqa: E402
from felt.games.praesident.engine import IllegalPlay, position, view, why_not_play  # noqa: E402
from felt.games.praesident.rules import load_rules  # noqa: E402
from felt.ui import i18n  # noqa: E402
from felt.ui.scene import SceneStack  # noqa: E402
from felt.games.praesident.table_scene import TableScene  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
    i18n.set_lang("de")


@pytest.fixture(autouse=True)
def _german():
    i18n.set_lang("de")
    yield
    i18n.set_lang("de")


def _ids(rules, *codes):
    """Card ids by code ('C9', 'HK'), the first copy of each."""
    deck = build_deck(rules)
    out = []
    for code in codes:
        out.append(next(c.id for c in deck if c.code == code and c.id not in out))
    return out


def _table(rules_id, hands, pile_cards, pile_seat=1, revolution=False):
    rules = load_rules(rules_id)
    hands = [_ids(rules, *h) for h in hands]
    st = position(rules, hands, 0, pile_seat=pile_seat, pile_cards=_ids(rules, *pile_cards), revolution=revolution)
    return rules, st, view(st, 0)


def _drawn_texts(scene, size=(390, 844)) -> list:
    """Every text ``scene`` draws in one frame (as asked for, before fitting)."""
    from felt.ui import widgets
    drawn = []
    real = widgets.layout_text

    def spy(text, *a, **kw):
        drawn.append(text)
        return real(text, *a, **kw)
    widgets.layout_text = spy
    try:
        scene.draw(pygame.Surface(size))
    finally:
        widgets.layout_text = real
    return drawn


# -------------------------------------------------------------- why a selection is not legal
@pytest.mark.parametrize("pile,mine,de,en", [
    (["C9"], ["C8"], "Zu niedrig: höher legen", "too low: play higher"),
    (["C9"], ["H9"], "Gleicher Rang schlägt nicht: höher legen", "equal rank does not beat: play higher"),
    (["C9", "H9"], ["CK"], "Nicht gleich viele Karten: auf ein Paar gehört ein Paar", "2 cards needed to beat a pair"),
    (["C9"], ["CK", "HK"], "Nicht gleich viele Karten: auf eine Einzelkarte gehört eine Karte",
     "1 card needed to beat a single card"),
    (["C9"], ["CK", "HA"], "Keine gültige Auswahl: alle Karten müssen den gleichen Rang haben",
     "not a play: all cards must have the same rank"),
])
def test_engine_says_why_a_play_is_refused_in_both_languages(pile, mine, de, en):
    rules, st, v = _table("PR-002", [["C8", "H9", "CK", "HK", "HA"], ["D7"], ["D8"]], pile)
    exc = why_not_play(v, _ids(rules, *mine))
    assert isinstance(exc, IllegalPlay)
    assert exc.text("de") == de and exc.text("en") == en and str(exc) == en
    if len(pile) == 1:
        assert why_not_play(v, _ids(rules, "HA")) is None              # an ace beats a single 9


def test_revolution_reasons():
    rules, st, v = _table("PR-002", [["CK", "C8"], ["D7"], ["D8"]], ["C9"], revolution=True)
    assert why_not_play(v, _ids(rules, "CK")).text("de") == "Zu hoch: in der Revolution schlagen tiefere Karten die höheren"
    assert why_not_play(v, _ids(rules, "C8")) is None


@pytest.mark.parametrize("lang,expect", [("de", "Zu niedrig: höher legen"), ("en", "Too low: play higher")])
def test_table_hint_and_toast_say_why(lang, expect):
    i18n.set_lang(lang)
    rules, st, v = _table("PR-002", [["C8", "H9", "CK", "HK", "HA"], ["D7"], ["D8"]], ["C9"])
    sc = TableScene(v, names=["Anna", "Beat", "Carla"])
    SceneStack((390, 844)).push(sc)
    sc.selected = set(_ids(rules, "C8"))
    sc.refresh_controls()
    drawn = _drawn_texts(sc)
    assert expect in drawn
    assert i18n.t("table.not_legal") not in drawn
    sc.play_selected()                          # Enter on an illegal selection: the toast says why
    assert sc.toast.items[-1][0] == expect and sc.outbox == []
    sc.selected = set(_ids(rules, "HA"))
    assert sc.selection_legal()


# --------------------------------------------------------------------- going out
def _out_announcement(place: int, n: int = 4) -> str:
    rules = load_rules("PR-002")
    hands = [_ids(rules, "C8", "D8"), _ids(rules, "C9"), _ids(rules, "C10"), _ids(rules, "CJ")][:n]
    st = position(rules, hands, 0)
    sc = TableScene(view(st, 0), names=["Anna", "Beat", "Carla", "Dominik"][:n])
    SceneStack((1280, 720)).push(sc)
    sc.set_view(view(st, 0), [{"type": "out", "seat": 1, "place": place}])
    kinds = [a.fx for a in sc.anim.announcements if a.kind == "fx"]
    assert len(kinds) == 1
    return kinds[0]


def test_only_the_upper_places_going_out_get_a_burst():
    assert _out_announcement(0) == "out"            # Präsident
    assert _out_announcement(1) == "out"            # Vize
    assert _out_announcement(2) == "out_low"        # Vize-Tellerwäscher
    assert _out_announcement(3) == "out_low"        # Tellerwäscher: no celebration
    assert _out_announcement(1, n=3) == "out_low"   # three players: the middle is no upper place


def test_the_seat_left_holding_cards_is_not_said_to_go_out():
    """The last seat does not go out, it is left with its cards: the table said "Beat ist raus:
    Tellerwäscher" (and "Du bist raus" to that player) where the log says "bleibt übrig"."""
    rules = load_rules("PR-002")
    hands = [_ids(rules, "C8", "D8"), _ids(rules, "C9"), _ids(rules, "C10")]
    st = position(rules, hands, 0)
    for seat, said in ((1, "Beat bleibt übrig: Tellerwäscher"), (0, "Du bleibst übrig: Tellerwäscher")):
        sc = TableScene(view(st, 0), names=["Anna", "Beat", "Carla"])
        SceneStack((390, 844)).push(sc)
        sc.set_view(view(st, 0), [{"type": "out", "seat": seat, "place": 2, "last": True}])
        texts = [a.text for a in sc.anim.announcements if a.kind == "fx"]
        assert texts == [said], texts
    sc = TableScene(view(st, 0), names=["Anna", "Beat", "Carla"])
    SceneStack((390, 844)).push(sc)
    v = dict(view(st, 0), places=[1, 2, 0])             # Beat and Carla went out, Anna holds her cards
    sc.set_view(v, ())
    drawn = _drawn_texts(sc)
    assert "Du bleibst übrig: Tellerwäscher" in drawn and not any(t.startswith("Du bist raus") for t in drawn)
    v = dict(view(st, 0), places=[0])                    # Anna went out first
    sc.set_view(v, ())
    assert "Du bist raus: Präsident" in _drawn_texts(sc)


# ------------------------------------------------------------------- Mau-Mau buttons
def _mm_scene(state, seat):
    from felt.games.maumau.scene import MauMauScene
    g = games.get("maumau")
    sc = MauMauScene(names=["Anna", "Beat", "Carla"][:state.n])
    sc.set_size(390, 844)
    sc.set_view(g.view(state, seat), ())
    return sc


def test_maumau_no_keep_on_another_seats_drawn_card_and_no_buttons_for_spectators():
    from felt.games.maumau.engine import DRAW
    from felt.games.maumau.engine import position as mm_position
    from felt.games.maumau.rules import load_template
    g = games.get("maumau")
    s = mm_position(load_template("MM-STD"), [["C8", "D10"], ["H7", "SA"], ["CA"]], "H9", to_move=1,
                    draw=["S7", "H10"])
    g.apply_inplace(s, 1, DRAW)
    assert s.phase == "drawn" and s.to_move == 1
    mine = _mm_scene(s, 1)
    assert mine.action_btn.text == "Behalten" and mine.action_btn.enabled
    other = _mm_scene(s, 0)                          # Beat decides about his drawn card
    assert other.action_btn.text == "Ziehen" and not other.action_btn.enabled
    watcher = _mm_scene(s, None)
    assert not watcher.action_btn.visible and not watcher.mau_btn.visible
    seven = mm_position(load_template("MM-STD"), [["C8", "D10"], ["H7", "SA"], ["CA"]], "S7", to_move=1, pending=2)
    assert _mm_scene(seven, 1).action_btn.text == "2 ziehen"        # Beat's penalty on Beat's button
    waiting = _mm_scene(seven, 0)
    assert waiting.action_btn.text == "Ziehen" and not waiting.action_btn.enabled


# ------------------------------------------------------------------- tie-breaks and Σ
def _standings_view(standings, last, winner):
    return {"n": len(standings), "phase": "match_over", "standings": standings, "history": [last], "winner": winner,
            "seat": 0, "round_no": 3, "titles": ["Präsident", "Bürger", "Tellerwäscher"], "places": last}


def test_results_say_how_a_tied_match_was_decided():
    from felt.games.praesident.results_scene import ResultsScene
    from felt.ui.standings import places_keys, tie_break
    steps = ("res.tie_seconds", "res.tie_last")
    clear = _standings_view([[2, 0, 1], [1, 1, 1], [0, 2, 1]], [0, 1, 2], 0)
    seconds = _standings_view([[1, 2, 0], [1, 1, 1], [1, 0, 2]], [2, 1, 0], 0)
    last = _standings_view([[1, 1, 1], [1, 1, 1], [1, 1, 1]], [1, 0, 2], 1)
    assert tie_break(places_keys(clear), 0, steps) is None
    assert tie_break(places_keys(seconds), 0, steps) == "res.tie_seconds"
    assert tie_break(places_keys(last), 1, steps) == "res.tie_last"
    for v, expect in ((seconds, "Gleich viele 1. Plätze: entschieden durch mehr 2. Plätze"), (clear, None)):
        sc = ResultsScene(v, names=["Anna", "Beat", "Carla"])
        sc.set_round_controls(None, lambda: None, lambda: None)
        SceneStack((390, 844)).push(sc)
        drawn = _drawn_texts(sc)
        assert (expect in drawn) if expect else not any(t.startswith("Gleich viele") for t in drawn)


def test_maumau_results_explain_points_and_a_tie():
    from felt.games.maumau.scene import match_tie_break
    v = {"n": 3, "totals": [10, 10, 30], "wins": [2, 1, 0], "history": [[2, 1, 0]], "winner": 0}
    assert match_tie_break(v, True) == "mm.tie_wins"
    v = dict(v, wins=[1, 1, 1], winner=1)             # equal points and wins: Beat was better in the last round
    assert match_tie_break(v, True) == "mm.tie_last"
    v = {"n": 3, "totals": [5, 10, 30], "wins": [2, 1, 0], "history": [[0, 1, 2]], "winner": 0}
    assert match_tie_break(v, True) is None
    from felt.games.maumau.snapshots import demo_views
    view, events = demo_views()["standings"]
    sc = _mm_scene_view(view, events)
    notes = sc._result_notes()
    assert i18n.t("mm.points_note") in notes and "Σ" in i18n.t("mm.points_note")


def _mm_scene_view(view, events):
    from felt.games.maumau.scene import MauMauScene
    sc = MauMauScene(names=["Anna", "Beat", "Carla", "Dominik"][:view["n"]])
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(390, 844)
    sc.set_view(view, events)
    return sc


# ------------------------------------------------------------------- the how-to's counts
@pytest.mark.parametrize("game_id", ["maumau", "schwimmen", "praesident"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_howto_with_one_round_says_one_round(game_id, lang):
    import re
    g = games.get(game_id)
    rules = g.template(g.template_ids()[0])
    fields = {f.name for f in dataclasses.fields(rules)}
    for key, val in (("rounds", 1), ("match_end", "rounds"), ("rounds_limit", 1)):
        if key in fields:
            rules = dataclasses.replace(rules, **{key: val})
    text = " ".join(g.howto(rules, lang))
    assert not re.search(r"\b1 (Runden|rounds)\b", text), text
    assert re.search(r"\b1 (Runde|round)\b", text), text


def test_schwimmen_match_ended_with_a_tie_on_lives_says_the_last_round_decided():
    from felt.games.schwimmen import engine as E
    from felt.games.schwimmen.scene import SchwimmenScene
    from tests.helpers import schwimmen_rigged
    g, s, _ids = schwimmen_rigged({0: ("HA", "HK", "S10"), 1: ("S7", "S9", "D10"), 2: ("CQ", "CJ", "D7")},
                                  ("C10", "SQ", "C9"), seed=2)
    for seat, move in ((0, E.KNOCK), (1, E.PASS), (2, E.PASS)):
        g.apply_inplace(s, seat, move)
    assert s.phase == "round_over"
    s.lost = [1, 1, 2]                               # Anna and Beat lost as many lives
    ended, _ = g.end_match(s)
    v = g.view(ended, 0)
    sc = SchwimmenScene(v, ["Anna", "Beat", "Carla"])
    sc.layout(390, 844)
    texts = [t for t, _ in sc.result_lines()]
    assert v["winner"] in (0, 1)
    assert "Gleich viele Leben verloren: entschieden durch die letzte Runde" in texts
    s.lost = [0, 1, 2]                               # Anna lost fewest: no tie to explain
    ended, _ = g.end_match(s)
    sc.set_view(g.view(ended, 0), ())
    assert not any(t.startswith("Gleich viele") for t, _ in sc.result_lines())

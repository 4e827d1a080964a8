"""The round in every table's top bar: the table's number of rounds (the host's `rounds`
option over the rule set's), a tie-break round said as one ("Stechen · Runde 2", not "Runde
2/1"), and on a phone the round shown under the status line where it has no room beside it
(the German "Du bist dran!" left it out where the English bar showed it)."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.ui import i18n, layout  # noqa: E402
from felt.ui.scene import SceneStack  # noqa: E402

PHONES = [((390, 844), 2.0), ((390, 844), 3.0), ((360, 640), 2.0), ((844, 390), 2.0)]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    layout.set_density(1.0)


@pytest.fixture(autouse=True)
def _reset():
    yield
    layout.set_density(1.0)
    i18n.set_lang("de")


def _drawn_texts(stack) -> list:
    """Every text the stack draws in one frame (as asked for, before fitting)."""
    from felt.ui import widgets
    drawn = []
    real = widgets.layout_text

    def spy(text, *a, **kw):
        drawn.append(text)
        return real(text, *a, **kw)
    widgets.layout_text = spy
    try:
        stack.draw(pygame.Surface(stack.size))
    finally:
        widgets.layout_text = real
    return drawn


def _on_stack(scene, css, d):
    layout.set_density(d)
    stack = SceneStack((int(css[0] * d), int(css[1] * d)))
    stack.push(scene)
    return stack


def _praesident(rounds):
    """A Präsident match of PR-002 (a rule set of 5 rounds) the table set to ``rounds``: its
    states as the table, the results of round 1, the exchange of round 2 and the match's end."""
    from felt.games.praesident.snapshots import demo_states
    return demo_states("PR-002", 4, 3, rounds=rounds)


def _praesident_scene(kind, st, seat=0):
    from felt.games.praesident.engine import view
    from felt.games.praesident.exchange_scene import ExchangeScene
    from felt.games.praesident.results_scene import ResultsScene
    from felt.games.praesident.table_scene import TableScene
    cls = {"table": TableScene, "exchange": ExchangeScene, "results": ResultsScene}[kind]
    seat = st.to_move if kind == "exchange" and st.to_move is not None else seat
    return cls(view(st, seat), names=["Anna", "Beat", "Carla", "Dominik"], settings={"muted": True})


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("key,kind,n", [("table", "table", 2), ("results", "results", 1),
                                        ("exchange", "exchange", 2), ("standings", "results", 2)])
def test_praesident_counts_the_tables_rounds_not_the_rule_sets(key, kind, n, lang):
    """PR-002 has 5 rounds; a table set to 2 says "x/2" on the table, the results, the
    exchange and at the match's end (the results and the exchange said "x/5")."""
    i18n.set_lang(lang)
    demo = _praesident(2)
    st, _ = demo[key]
    assert st.rules.rounds == 5 and st.rounds_total == 2
    sc = _praesident_scene(kind, st)
    stack = _on_stack(sc, (1280, 720), 1.0)
    word = "Runde" if lang == "de" else "Round"
    assert sc.round_label() == f"{word} {n}/2"
    assert f"{word} {n}/2" in _drawn_texts(stack)


def _schwimmen_tie_break():
    """A Schwimmen match of one round among four (the round leaves three who lost nothing:
    a tie), played by random legal moves to the end of round 1 and into round 2."""
    game = games.get("schwimmen")
    rules = game.template("SW-STD")
    for seed in range(50):
        st, _ = game.new_match(rules, 4, seed, rounds=1)
        rng = random.Random(seed)
        while st.phase not in ("round_over", "match_over"):
            moves = game.legal_moves(st)
            seat = st.to_move
            game.apply_inplace(st, seat, rng.choice(moves))
        if st.phase == "round_over":
            over = st.clone()
            nxt, _ = game.next_round(st)
            return game, over, nxt
    raise AssertionError("no tied round in 50 seeds")


@pytest.mark.parametrize("lang,word,line", [("de", "Stechen · Runde 2", "· Stechen"),
                                            ("en", "Tie-break · round 2", "· tie-break")])
def test_schwimmen_says_a_tie_break_round_is_one(lang, word, line):
    """One round was the match; it left a tie: the round's end says a tie-break follows and the
    next round is "Stechen · Runde 2" (it read "Runde 2/1", then "3/1")."""
    from felt.games.schwimmen.scene import SchwimmenScene
    i18n.set_lang(lang)
    game, over, nxt = _schwimmen_tie_break()
    sc = SchwimmenScene(game.view(over, 0), names=["Anna", "Ben", "Carla", "Dieter"], settings={"muted": True})
    stack = _on_stack(sc, (1280, 720), 1.0)
    assert line in sc.status_line()[0]
    tied = [i for i, x in enumerate(over.lost) if x == min(over.lost)]       # who is tied, by name
    assert all(sc._name(i) in sc.status_line()[0] for i in tied) and len(tied) > 1
    sc.set_view(game.view(nxt, 0), [])
    assert sc.round_label() == word and "/" not in sc.round_label()
    assert word in _drawn_texts(stack)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("css,d", PHONES)
def test_a_phones_top_bar_shows_the_round_in_either_language(css, d, lang):
    """At a phone's size the round is in the top bar, in German as in English, on my turn and
    on another's: beside the status line or under it, inside the bar, clear of its text and
    its buttons."""
    from felt.ui import fonts
    i18n.set_lang(lang)
    demo = _praesident(2)
    st, _ = demo["table"]
    for seat in (st.to_move, (st.to_move + 1) % 4):
        sc = _praesident_scene("table", st, seat)
        stack = _on_stack(sc, css, d)
        label = sc.round_label()
        assert label in _drawn_texts(stack), (sc.status_line()[0], label)
        parts = sc.header_parts()
        r, bar = parts["round_at"], sc.top.bar
        assert r.w >= fonts.width(label, sc.px["small"]) and bar.contains(r)
        size, lines = __import__("felt.ui.widgets", fromlist=["layout_text"]).layout_text(
            parts["status"], parts["status_at"].w, parts["status_at"].h, sc.px["title"], bold=True, min_px=11,
            wrap=parts["wrap"], max_lines=2)
        text_w = max(fonts.width(ln, size, True) for ln in lines)
        text_r = pygame.Rect(parts["status_at"].left, parts["status_at"].top, text_w, parts["status_at"].h)
        if parts.get("round_align", "right") == "right":
            assert not text_r.colliderect(r)
        else:
            assert r.top >= parts["status_at"].bottom
        for btn in (sc.menu_btn, sc.log_btn, sc.mute_btn):
            assert not (btn.visible and btn.rect.colliderect(r)), (btn, r)

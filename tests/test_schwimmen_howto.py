"""Schwimmen "How to play" follows the options; the quiz's answers are the engine's values."""
from __future__ import annotations

import dataclasses

from felt import games
from felt.games.schwimmen import engine as E
from felt.games.schwimmen.howto import explain, quiz

G = games.get("schwimmen")
STD = G.template("SW-STD")


def test_howto_in_both_languages_and_it_changes_with_every_option():
    de, en = G.howto(STD, "de"), G.howto(STD, "en")
    assert len(de) == len(en) >= 10 and de != en
    assert any("Feuer" in x for x in de) and any("3 Leben" in x for x in de)
    changes = dict(deck="german", min_players=3, max_players=6, lives=2, swimming=False, dealer_choice=False,
                   knock_first_round=True, thirty_one_ends=False, feuer=False, knocker_double=True,
                   all_pass="showdown", match_end="rounds")
    for key, value in changes.items():
        r = dataclasses.replace(STD, **{key: value})
        for lang in ("de", "en"):
            assert G.howto(r, lang) != G.howto(STD, lang), (key, lang)
    r = dataclasses.replace(STD, match_end="rounds", rounds=7)
    assert any("7" in x for x in G.howto(r, "de")) and any("7 rounds" in x for x in G.howto(r, "en"))
    assert G.howto(dataclasses.replace(STD, all_pass="off"), "en") != G.howto(STD, "en")


def test_quiz_answers_are_the_engine_values():
    qs = quiz(STD, seed=4, count=200)
    assert len({tuple(q["cards"]) for q in qs}) > 150
    kinds = set()
    for q in qs:
        assert len(set(q["cards"])) == 3 and all(0 <= c < 32 for c in q["cards"])
        assert q["codes"] == [E.card_code(STD, c) for c in q["cards"]]
        v2 = E.hand_value2(q["cards"])
        assert q["value2"] == v2
        assert q["answer"] in q["choices"]
        assert q["answer"] == ("Feuer" if E.is_feuer(q["cards"]) else E.value_text(v2))
        kinds.add(q["answer"])
        assert q["explanation"]
    assert {"31", "30½"} <= kinds
    assert quiz(STD, seed=4, count=5) == quiz(STD, seed=4, count=5)
    assert quiz(STD, seed=4, count=5) != quiz(STD, seed=5, count=5)


def test_explanations_from_the_rule_book():
    c = lambda *xs: [E.card_from_code(STD, x) for x in xs]
    assert "31" in explain(STD, c("HA", "HK", "H10"), "de")
    assert "= 20" in explain(STD, c("HQ", "H10", "DJ"), "de") and "Herz" in explain(STD, c("HQ", "H10", "DJ"), "de")
    assert "30½" in explain(STD, c("D7", "H7", "S7"), "en")
    assert "Feuer" in explain(STD, c("CA", "HA", "SA"), "de")
    assert "Feuer" not in explain(dataclasses.replace(STD, feuer=False), c("CA", "HA", "SA"), "de")
    assert "Eichel" in explain(dataclasses.replace(STD, deck="german"), c("CA", "C7", "HK"), "de")

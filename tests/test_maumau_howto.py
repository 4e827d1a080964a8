"""Mau-Mau "How to play" (generated from the options) and the quiz "Was darfst du legen?"."""
from __future__ import annotations

import dataclasses

import pytest

from felt import games
from felt.games.maumau import engine as E
from felt.games.maumau.howto import explain, quiz
from felt.games.maumau.rules import OPTIONS, load_template

GAME = games.get("maumau")
STD = load_template("MM-STD")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_howto_changes_with_every_option(lang):
    base = GAME.howto(STD, lang)
    assert base and all(isinstance(x, str) and x.strip() for x in base)
    changed = 0
    for o in OPTIONS:
        if o.key in ("name", "min_players", "max_players", "point_limit"):
            continue
        for v in o.values or ((getattr(STD, o.key) % 99) + 1,):
            if v == getattr(STD, o.key):
                continue
            extra = {}
            if o.key == "deck":
                extra = {"max_players": 8}
            r = dataclasses.replace(STD, **{o.key: v}, **extra)
            try:
                r.validate()
            except ValueError:
                continue
            text = GAME.howto(r, lang)
            assert text != base, (o.key, v)
            changed += 1
    assert changed >= 18
    limit = GAME.howto(STD.replace(match_end="points", point_limit=77), lang)
    assert any("77" in x for x in limit)


def test_howto_sentences_say_what_the_rules_say():
    de = " ".join(GAME.howto(STD, "de"))
    assert "7 auf 7" in de and "8" in de and "Mau-Mau" in de and "2 Strafkarten" in de and "5 Runden" in de
    assert "nur nicht auf einen Buben" in de
    kids = " ".join(GAME.howto(load_template("MM-EINFACH"), "de"))
    assert "7 auf 7" not in kids and "setzt aus" not in kids and "Plätze" in kids and "muss niemand" in kids
    en = " ".join(GAME.howto(STD.replace(suits="german", jack_on_jack=True), "en"))
    assert "Unter" in en and "except another" not in en
    assert GAME.howto(STD, "de") != GAME.howto(STD, "en")


@pytest.mark.parametrize("tid", ["MM-STD", "MM-EINFACH", "MM-GROSS"])
def test_quiz_answer_is_the_engines_legal_plays(tid):
    rules = load_template(tid)
    wishes = pendings = 0
    for seed in range(300):
        q = quiz(rules, seed, "de")
        s = E.position(rules, [q["hand"]] + [[]] * (rules.min_players - 1), q["top"], wish=q["wish"],
                       pending=q["pending"])
        legal = {m.card for m in E.legal_moves(s) if m.kind == "play"}
        assert set(q["answer"]) <= set(q["hand"])
        # copies of one card in 64 cards: the engine lists one of them; every copy is an answer then
        assert {s.face[c] for c in q["answer"]} == {s.face[c] for c in legal}
        legal_faces = {s.face[x] for x in legal}
        for c in q["hand"]:
            why = q["why"][c]
            assert (": ja" in why) == (s.face[c] in legal_faces), why
        wishes += q["wish"] is not None
        pendings += q["pending"] > 0
        assert q["question"] == "Was darfst du legen?"
    assert wishes > 0
    if rules.seven != "off":
        assert pendings > 0
    assert quiz(rules, 5, "de") == quiz(rules, 5, "de")
    assert quiz(rules, 5, "en")["question"] == "What may you play?"


def test_quiz_explains_bube_on_bube_and_the_wish():
    s = E.position(STD, [["SJ", "H8", "C8"], []], "DJ", wish="H")
    assert "Bube auf Bube" in explain(s, E.position(STD, [["SJ"], []], "DJ").hands[0][0], "de")
    assert ": ja" in explain(s, s.hands[0][1], "de") and ": nein" in explain(s, s.hands[0][2], "de")
    en = explain(s, s.hands[0][2], "en")
    assert en.startswith("Clubs 8: no") and "Hearts is wished" in en

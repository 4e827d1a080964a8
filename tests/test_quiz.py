"""Quiz 'Was darfst du legen?': every answer it marks allowed is a legal move of the engine
in that position, and every other is not; the seed page's two questions come first."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from felt.games.praesident.engine import legal_moves
from felt.games.praesident.quiz import questions
from felt.games.praesident.rules import TEMPLATE_ORDER, load_rules


def _sig(deck, cards):
    return tuple(sorted((deck[c].joker, deck[c].rank if not deck[c].joker else "", ) for c in cards))


def _legal_sigs(state):
    """The engine's legal moves for the seat on turn, by faces: rank multiset, or the run's faces."""
    out = set()
    for m in legal_moves(state):
        if m.kind == "pass":
            out.add("pass")
        else:
            out.add(("set", _sig(state.deck, m.cards)))
            out.add(("faces", tuple(sorted((state.deck[c].suit, state.deck[c].rank) for c in m.cards))))
    return out


@pytest.mark.parametrize("template", TEMPLATE_ORDER)
@pytest.mark.parametrize("seed", range(4))
def test_allowed_answers_are_exactly_the_engines_legal_moves(template, seed):
    rules = load_rules(template)
    qs = questions(rules, 8, seed)
    assert len(qs) >= 6
    for q in qs:
        st = q.state()
        assert st.to_move == 0
        legal = _legal_sigs(st)
        for o in q.options:
            if o.is_pass:
                engine_ok = "pass" in legal
            elif q.rules.sequences and len({st.deck[c].rank for c in o.cards}) == len(o.cards) > 1:
                engine_ok = ("faces", tuple(sorted((st.deck[c].suit, st.deck[c].rank) for c in o.cards))) in legal
            else:
                engine_ok = ("set", _sig(st.deck, o.cards)) in legal
            assert o.allowed == engine_ok, (template, q.prompt["de"], o.cards, o.why["de"])
            assert o.why["de"].startswith("Richtig." if o.allowed else "Falsch.")
            assert o.why["en"].startswith("Allowed." if o.allowed else "Not allowed.")
        assert any(not o.allowed for o in q.options), "a question with nothing wrong teaches nothing"


def test_the_seed_page_questions_come_first_with_its_answers():
    qs = questions(load_rules("PR-002"))
    q1, q2 = qs[0], qs[1]
    assert q1.prompt["de"] == "Auf dem Tisch liegen zwei Neunen. Was darfst du darauf legen?"
    assert [o.allowed for o in q1.options] == [True, False, False, False, False, True]
    assert q1.options[0].why["de"].startswith("Richtig. Kreuz Bube, Karo Bube")
    assert "Eine einzelne Karte schlägt kein Paar" in q1.options[1].why["de"]
    assert "Gleich hoch reicht nicht" in q1.options[3].why["de"]
    assert q2.prompt["de"] == "Ein einzelnes Ass liegt auf dem Tisch. Was darfst du legen?"
    assert [o.allowed for o in q2.options] == [True, False, False, True]
    # with the 2 as the lowest card (PR-003) the engine says no, and so does the quiz
    q2b = questions(load_rules("PR-003"))[1]
    assert q2b.options[0].allowed is False and "niedriger" in q2b.options[0].why["de"]


def test_special_effects_of_the_rules_appear():
    texts = " ".join(o.why["de"] for q in questions(load_rules("FOLGEN"), 12, 1) for o in q.options)
    assert "Zweien ab" in texts or "Folge" in texts
    rev = [q for q in questions(load_rules("PR-002").replace(revolution=True), 12, 2) if q.revolution]
    assert rev and any("Revolution" in o.why["de"] for q in rev for o in q.options)
    forced = questions(load_rules("JASS36"))
    assert any(o.is_pass and not o.allowed for q in forced for o in q.options)


def test_quiz_scene_check_and_next():
    from felt.ui.quiz import QuizScene
    from felt.ui.scene import RELEASE, Input, SceneStack
    pygame.init()
    sc = QuizScene(load_rules("PR-002").to_dict())
    stack = SceneStack((360, 640))
    stack.push(sc)
    q = sc.question
    for i in q["right"]:
        sc.handle(Input(RELEASE, pos=sc._rows[i].center))
    assert sc.picked == set(q["right"]) and sc.picked
    sc.action()
    assert sc.checked and sc.right == 1
    stack.draw(pygame.Surface((360, 640)))
    sc.action()
    assert sc.index == 1 and not sc.checked and not sc.picked

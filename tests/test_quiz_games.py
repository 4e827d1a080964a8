"""The quiz of every game (``Game.quiz``, one shape) and the window scenes that show it.

Mau-Mau: every card the quiz marks allowed is a legal play of the engine in that position and
every other card is not. Schwimmen: the one right value is the engine's value of the hand.
Präsident: the same judgement as before, through the common shape. The scenes render for each
game at phone and laptop size and are answered by tap and by keys.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from felt import games
from felt.contract.base import Game, IllegalMove
from felt.ui import i18n
from felt.ui.scene import KEY, RELEASE, Input, SceneStack

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ALL = [(g, t) for g in ("praesident", "maumau", "schwimmen") for t in games.get(g).template_ids()]
SIZES = [(390, 844), (1280, 720)]


@pytest.fixture(autouse=True)
def _pg():
    pygame.init()
    yield
    i18n.set_lang("de")


def _card_ok(c) -> bool:
    return set(c) == {"rank", "suit", "code", "joker"} and all(isinstance(c[k], str) for k in ("rank", "suit", "code"))


def test_the_contract_default_is_no_questions():
    class NoQuiz(Game):
        id = "noquiz"
    assert NoQuiz().quiz(None, 0, 5, "de") == []


@pytest.mark.parametrize("gid,tid", ALL)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_question_has_the_common_shape(gid, tid, lang):
    g = games.get(gid)
    qs = g.quiz(g.template(tid), 3, 8, lang)
    assert len(qs) == 8
    prompts = set()
    for q in qs:
        assert q["title"] and q["prompt"]
        prompts.add((q["prompt"], tuple(c["code"] for c in q["hand"] + q["table"]),
                     tuple(ch["label"] for ch in q["choices"])))
        assert all(_card_ok(c) for c in q["table"] + q["hand"])
        assert all(isinstance(b, str) and b for b in q["badges"])
        n = len(q["choices"])
        assert n >= 2 and len(q["why"]) == n and all(w for w in q["why"])
        assert all(ch["label"] and all(_card_ok(c) for c in ch["cards"]) for ch in q["choices"])
        assert set(q["right"]) <= set(range(n)) and len(set(q["right"])) == len(q["right"])
        if not q["multi"]:
            assert len(q["right"]) == 1
        assert isinstance(q["explanation"], str)
    assert len(prompts) == len(qs), "no question twice"
    title = {"praesident": ("Was darfst du legen?", "What may you play?"),
             "maumau": ("Was darfst du legen?", "What may you play?"),
             "schwimmen": ("Was ist diese Hand wert?", "What is this hand worth?")}[gid][lang == "en"]
    assert {q["title"] for q in qs} == {title}


# ------------------------------------------------------------------ Mau-Mau
def _mm_position(rules, data):
    from felt.games.maumau import engine as E
    deck = E.new_match(rules, rules.min_players, 0, 0)[0].deck
    used = set(data["hand"]) | {data["top"]}
    rest = [c for c in range(len(deck)) if c not in used][:3]
    others = [rest] + [[] for _ in range(rules.min_players - 2)]
    return E.position(rules, [list(data["hand"])] + others, data["top"], wish=data["wish"],
                      pending=data["pending"]), deck


@pytest.mark.parametrize("tid", games.get("maumau").template_ids())
def test_maumau_allowed_cards_are_exactly_the_engines_legal_plays(tid):
    from felt.games.maumau import engine as E
    g = games.get("maumau")
    rules = g.template(tid)
    kinds = {"wish": 0, "seven": 0, "plain": 0}
    for seed in range(40):
        for q in g.quiz(rules, seed, 6, "de"):
            d = q["data"]
            s, deck = _mm_position(rules, d)
            # the window shows the position's cards
            assert q["table"][0]["code"] == deck[d["top"]].code
            assert [ch["cards"][0]["code"] for ch in q["choices"]] == [deck[c].code for c in d["hand"]]
            kinds["wish" if d["wish"] else "seven" if d["pending"] else "plain"] += 1
            for i, c in enumerate(d["hand"]):
                # a play of c is legal with some wish (a jack names a suit) or with none
                legal = False
                for suit in ("",) + tuple(rules.suit_codes()):
                    try:
                        g.check_move(s, 0, E.Move("play", c, suit))
                        legal = True
                    except IllegalMove:
                        pass
                assert legal == (i in q["right"]), (tid, seed, q["prompt"], q["why"][i])
                # and the reason agrees with the verdict
                assert (": ja" in q["why"][i]) == legal
            assert (E.DRAW in E.legal_moves(s)) == d["may_draw"]
    # the quiz shows wishes and pending sevens where the rules have them
    if rules.jack == "wish":
        assert kinds["wish"] > 0
    if rules.seven != "off":
        assert kinds["seven"] > 0
    assert kinds["plain"] > 0


def test_maumau_badges_name_the_wish_and_the_sevens():
    g = games.get("maumau")
    qs = g.quiz(g.template("MM-STD"), 1, 8, "en")
    wish = [q for q in qs if q["data"]["wish"]]
    seven = [q for q in qs if q["data"]["pending"]]
    assert wish and seven
    assert all(any(b.startswith("Wish: ") for b in q["badges"]) for q in wish)
    assert all(f"+{q['data']['pending']}" in q["badges"] and q["alert"] for q in seven)


# ---------------------------------------------------------------- Schwimmen
@pytest.mark.parametrize("tid", games.get("schwimmen").template_ids())
def test_schwimmen_right_value_is_the_engines_value(tid):
    from felt.games.schwimmen.engine import card_code, hand_value2, is_feuer, value_text
    g = games.get("schwimmen")
    rules = g.template(tid)
    seen_special = set()
    for seed in range(30):
        for q in g.quiz(rules, seed, 10, "de"):
            cards = q["data"]["cards"]
            assert len(cards) == 3 and len(set(cards)) == 3
            feuer = bool(rules.feuer and is_feuer(cards))
            truth = value_text(hand_value2(cards), feuer)
            labels = [ch["label"] for ch in q["choices"]]
            assert len(set(labels)) == len(labels) >= 3
            assert [labels[i] for i in q["right"]] == [truth]
            assert [c["code"][-len(card_code(rules, cid)) + 1:] for c, cid in zip(q["hand"], cards)] == \
                   [card_code(rules, cid)[1:] for cid in cards]          # the ranks drawn are the hand's
            assert q["explanation"]
            if truth in ("31", "30½", "Feuer"):
                seen_special.add(truth)
    assert "31" in seen_special and "30½" in seen_special or "Feuer" in seen_special


# ---------------------------------------------------------------- Präsident
@pytest.mark.parametrize("tid", ["PR-002", "FOLGEN", "JASS36"])
def test_praesident_common_shape_keeps_the_engines_verdict(tid):
    from felt.games.praesident.engine import Move, check_move, position
    g = games.get("praesident")
    rules = g.template(tid)
    for seed in range(5):
        for q in g.quiz(rules, seed, 8, "de"):
            d = q["data"]
            st = position(rules, d["hands"], 0, pile_seat=2 if d["pile"] else None, pile_cards=tuple(d["pile"]),
                          revolution=d["revolution"])
            for i, cards in enumerate(d["options"]):
                mv = Move("play", tuple(cards)) if cards else Move("pass")
                try:
                    check_move(st, 0, mv)
                    ok = True
                except IllegalMove:
                    ok = False
                assert ok == (i in q["right"])


# ------------------------------------------------------------------- scenes
def _rules_dict(tid):
    game, rules = games.find_rules(tid)
    return dict(game.rules_to_dict(rules))


def _bright_pixels(surf, rect) -> int:
    n = 0
    for x in range(rect.left, rect.right, 3):
        for y in range(rect.top, rect.bottom, 3):
            c = surf.get_at((x, y))
            n += c.r > 235 and c.g > 235 and c.b > 225
    return n


@pytest.mark.parametrize("tid", ["PR-002", "MM-STD", "SW-STD"])
@pytest.mark.parametrize("size", SIZES)
def test_quiz_scene_answered_by_tap(tid, size):
    from felt.ui.quiz import QuizScene
    sc = QuizScene(_rules_dict(tid))
    stack = SceneStack(size)
    stack.push(sc)
    surf = pygame.Surface(size)
    stack.draw(surf)
    q = sc.question
    assert sc.title == q["title"]
    # the cards of the question are drawn (white card faces in the table area)
    assert _bright_pixels(surf, sc._pile_r) > 20
    assert len(sc._rows) == len(q["choices"])
    assert all(r.bottom <= sc.action_btn.rect.top for r in sc._rows)
    assert sc._expl_r.bottom <= sc.action_btn.rect.top
    wrong = [i for i in range(len(q["choices"])) if i not in q["right"]]
    if wrong and q["multi"]:
        sc.handle(Input(RELEASE, pos=sc._rows[wrong[0]].center))        # picked and unpicked again
        sc.handle(Input(RELEASE, pos=sc._rows[wrong[0]].center))
    elif wrong:
        sc.handle(Input(RELEASE, pos=sc._rows[wrong[0]].center))        # one choice: the next replaces it
    for i in q["right"]:
        sc.handle(Input(RELEASE, pos=sc._rows[i].center))
    assert sc.picked == set(q["right"])
    sc.handle(Input(KEY, key=pygame.K_RETURN))
    assert sc.checked and sc.right == 1
    stack.draw(surf)
    sc.handle(Input(KEY, key=pygame.K_RETURN))
    assert sc.index == 1 and not sc.checked and not sc.picked
    stack.draw(surf)


@pytest.mark.parametrize("tid", ["MM-STD", "SW-STD"])
@pytest.mark.parametrize("size", SIZES)
def test_quiz_scene_answered_by_keys_and_a_wrong_answer_counts_nothing(tid, size):
    from felt.ui.quiz import QuizScene
    sc = QuizScene(_rules_dict(tid), count=3)
    stack = SceneStack(size)
    stack.push(sc)
    surf = pygame.Surface(size)
    for n in range(3):
        q = sc.question
        if n == 0:      # answer wrong: pick a wrong choice only
            wrong = next(i for i in range(len(q["choices"])) if i not in q["right"])
            keys = [wrong]
        else:
            keys = q["right"]
        for i in keys:
            sc.handle(Input(KEY, key=pygame.K_1 + i))
        assert sc.picked == set(keys)
        sc.handle(Input(KEY, key=pygame.K_RETURN))
        assert sc.checked
        sc.handle(Input(KEY, key=pygame.K_5 + 4))           # 9: no such choice, nothing happens
        stack.draw(surf)
        sc.handle(Input(KEY, key=pygame.K_RETURN))
    assert sc.finished and sc.right == 2
    stack.draw(surf)
    sc.handle(Input(KEY, key=pygame.K_RETURN))
    assert stack.top is not sc


def test_single_choice_keeps_one_pick():
    from felt.ui.quiz import QuizScene
    sc = QuizScene(_rules_dict("SW-STD"))
    SceneStack((390, 844)).push(sc)
    sc.toggle(0)
    sc.toggle(2)
    assert sc.picked == {2}
    sc.toggle(2)
    assert sc.picked == set()


def test_quiz_title_follows_the_language():
    from felt.ui.quiz import QuizScene
    i18n.set_lang("en")
    assert QuizScene(_rules_dict("SW-STD")).title == "What is this hand worth?"
    assert QuizScene(_rules_dict("MM-STD")).title == "What may you play?"
    i18n.set_lang("de")
    assert QuizScene(_rules_dict("SW-STD")).title == "Was ist diese Hand wert?"
    assert QuizScene(_rules_dict("PR-002")).title == "Was darfst du legen?"


@pytest.mark.parametrize("tid", ["MM-STD", "SW-STD", "PR-002"])
@pytest.mark.parametrize("size", SIZES)
def test_howto_scene_for_each_game_offers_its_quiz(tid, size):
    from felt.ui.howto import HowtoScene
    game, rules = games.find_rules(tid)
    opened = []
    sc = HowtoScene(_rules_dict(tid), on_quiz=lambda: opened.append(1))
    stack = SceneStack(size)
    stack.push(sc)
    stack.draw(pygame.Surface(size))
    assert sc.lines == game.howto(rules, "de")
    assert sc.quiz_btn.visible and game.quiz(rules, 0, 1, "de")[0]["title"] in sc.quiz_btn.text
    sc.handle(Input(KEY, key=pygame.K_q))
    assert opened == [1]


def test_howto_hides_the_quiz_for_a_game_without_one():
    from felt.ui.howto import HowtoScene
    from felt.ui.quiz import QuizScene
    from tests.toy_highcard import GAME as TOY
    games.register(TOY)
    try:
        d = dict(TOY.rules_to_dict(TOY.template(TOY.template_ids()[0])), game=TOY.id)
        sc = HowtoScene(d, on_quiz=lambda: None)
        assert not sc.quiz_btn.visible
        qs = QuizScene(d)
        assert qs.questions == [] and qs.question is None
        stack = SceneStack((390, 844))
        stack.push(qs)
        stack.draw(pygame.Surface((390, 844)))
    finally:
        games.unregister(TOY.id)


def test_snapshot_screens_of_the_new_games():
    from felt.ui.shots import draw
    from felt.ui.snapshot import shown_for_every_game
    names = []
    for gid in ("maumau", "schwimmen"):
        game = games.get(gid)
        for shot in shown_for_every_game(game) + game.snapshots("de"):
            if "howto" not in shot.name and "quiz" not in shot.name:
                continue
            for w, h in SIZES:
                draw(shot.make(w, h), w, h)
            names.append(f"{gid}_{shot.name}")
    for want in ("maumau_howto-MM-STD", "schwimmen_howto-SW-STD", "maumau_quiz-wish-explained",
                 "schwimmen_quiz-SW-STD-explained"):
        assert want in names


@pytest.mark.parametrize("tid", ["PR-002", "MM-STD"])
def test_a_checked_answer_marks_right_answers_green_and_only_a_wrong_pick_red(tid, monkeypatch):
    """On a phone: a wrong answer correctly left unticked had a red row and a green ✓ (the
    colour said "wrong answer", the mark "you judged it right"). Now green is a right answer
    (✓, ticked or missed), red only a wrong pick (✗), and a wrong answer left alone is plain."""
    from felt.ui import quiz
    from felt.ui.quiz import QuizScene
    size = (390, 844)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = quiz.draw_text
    monkeypatch.setattr(quiz, "draw_text", lambda surf, text, rect, *a, **kw: (
        drawn.append((str(text), pygame.Rect(rect))), real(surf, text, rect, *a, **kw))[1])
    sc = QuizScene(_rules_dict(tid), count=8)
    while sc.question is not None and not (sc.question["multi"] and len(sc.question["right"]) >= 2
                                           and len(sc.question["right"]) < len(sc.question["choices"]) - 1):
        sc.index += 1
    q = sc.question
    assert q is not None, f"{tid}: no question with two right and two wrong answers"
    stack = SceneStack(size)
    stack.push(sc)
    surf = pygame.Surface(size)
    stack.draw(surf)
    right, wrong = list(q["right"]), [i for i in range(len(q["choices"])) if i not in q["right"]]
    picks = [right[0], wrong[0]]                      # one right ticked, one right missed, one wrong ticked
    for i in picks:
        sc.handle(Input(RELEASE, pos=sc._rows[i].center))
    sc.handle(Input(KEY, key=pygame.K_RETURN))
    drawn.clear()
    stack.draw(surf)

    def marks(i):
        return [t for t, r in drawn if t in ("✓", "✗") and sc._rows[i].contains(r)]

    def reddish(i):
        r = sc._rows[i]
        c = surf.get_at((r.left + r.w * 3 // 4, r.top + dp_px(5)))
        return c.r > c.g
    assert marks(right[0]) == ["✓"] and not reddish(right[0])
    assert marks(right[1]) == ["✓"] and not reddish(right[1])       # missed: still the right answer
    assert marks(wrong[0]) == ["✗"] and reddish(wrong[0])
    assert marks(wrong[1]) == [] and not reddish(wrong[1])          # left alone, rightly: nothing to see
    assert [sc.verdict(i)[0] for i in (right[0], right[1], wrong[0], wrong[1])] == ["right", "missed", "wrong",
                                                                                      "plain"]


def dp_px(v: int) -> int:
    from felt.ui.layout import dp
    return dp(v)

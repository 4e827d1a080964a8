"""A card's letters follow the table's language (issue 45, point 7): the corner of a Jack is
"B" at a German table and "J" at an English one (Dame "D" / Queen "Q"; K, A and 10 alike), on
the plain table too; a game's texts name a card the same way (``Game.card_text``,
``felt.contract.cardnames``, ``felt.ui.i18n.card_letters``), and the log's words are these."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from felt.contract import cardnames  # noqa: E402
from felt.contract.base import Game  # noqa: E402
from felt.contract.table_view import default_card  # noqa: E402
from felt.ui import cardart, i18n  # noqa: E402
from tests.helpers import settled_scene  # noqa: E402

# French deck in felt.cards order: Kreuz 2..A are ids 0..12 (10: 8, J: 9, Q: 10, K: 11, A: 12)
TEN, JACK, QUEEN, KING, ACE = 8, 9, 10, 11, 12


@pytest.fixture(autouse=True)
def _german_after():
    yield
    i18n.set_lang("de")


def test_the_letters_and_words_of_a_card_in_each_language():
    assert [cardnames.card_letters(r, "H", "de") for r in ("J", "Q", "K", "A", "10")] == ["B♥", "D♥", "K♥", "A♥",
                                                                                         "10♥"]
    assert [cardnames.card_letters(r, "H", "en") for r in ("J", "Q", "K", "A", "10")] == ["J♥", "Q♥", "K♥", "A♥",
                                                                                         "10♥"]
    assert cardnames.card_words("J", "H", "de") == "Herz Bube" and cardnames.card_words("J", "H", "en") == "Jack of Hearts"
    assert cardnames.card_words("10", "S", "en") == "10 of Spades" and cardnames.card_words("Q", "D", "de") == "Karo Dame"
    assert cardnames.card_letters("U", "R", "de") == "U Rosen" and cardnames.card_letters("O", "E", "en") == "O Acorns"
    assert cardnames.card_letters("JOKER", "X", "en") == "★" and cardnames.card_words("JOKER", "X", "de") == "Joker"


def test_a_games_texts_name_its_cards_as_its_table_draws_them():
    class Mine(Game):
        id = "mine"

        def card_face(self, card_id, rules):
            return ("J", "H") if card_id == 0 else ("7", "S")
    g = Game()
    assert [g.card_text(c, {}, "de") for c in (JACK, QUEEN, KING, ACE, TEN)] == ["B♣", "D♣", "K♣", "A♣", "10♣"]
    assert [g.card_text(c, {}, "en") for c in (JACK, QUEEN, KING, ACE, TEN)] == ["J♣", "Q♣", "K♣", "A♣", "10♣"]
    assert g.card_text(JACK, {}, "de", words=True) == "Kreuz Bube"
    assert g.card_text(JACK, {}, "en", words=True) == "Jack of Clubs"
    assert Mine().card_text(0, {}, "de") == "B♥" and Mine().card_text(1, {}, "en", words=True) == "7 of Spades"
    # the window's helpers say the same in the window's language
    i18n.set_lang("en")
    assert i18n.card_letters(default_card(QUEEN)) == "Q♣" and i18n.card_words(default_card(QUEEN)) == "Queen of Clubs"
    i18n.set_lang("de")
    assert i18n.card_letters(default_card(QUEEN)) == "D♣" and i18n.card_words(default_card(QUEEN)) == "Kreuz Dame"


def _face(cid, lang):
    i18n.set_lang(lang)
    return pygame.image.tobytes(cardart.card_surface(default_card(cid), (70, 100)), "RGB")


@pytest.mark.parametrize("cid,letters", [(JACK, ("B", "J")), (QUEEN, ("D", "Q")), (KING, ("K", "K")),
                                         (ACE, ("A", "A")), (TEN, ("10", "10"))])
def test_a_cards_corner_shows_the_letter_of_the_tables_language(cid, letters):
    """The corner is drawn from ``rank_text``, which is the letters ``card_text`` names: a
    Jack's and a Queen's face differ between German and English, a King's, an Ace's, a 10's not."""
    card = default_card(cid)
    for lang, want in zip(("de", "en"), letters):
        i18n.set_lang(lang)
        assert cardart.rank_text(card) == want
        assert Game().card_text(cid, {}, lang).startswith(want)
    assert (_face(cid, "de") != _face(cid, "en")) == (letters[0] != letters[1])


def test_the_plain_table_draws_its_hand_in_the_tables_language():
    """A hand of Jack, Queen, King on the plain table: after a switch of language the Jack's
    and the Queen's places on the screen change, the King's does not."""
    from felt.ui.game_table import PlainTableScene
    from tests.toy_highcard import GAME
    state, _ = GAME.new_match(GAME.template("HC-1"), 3, 1)
    state.hands[0] = [JACK, QUEEN, KING]
    view = GAME.view(state, 0)
    shots = {}
    for lang in ("de", "en"):
        i18n.set_lang(lang)
        sc = settled_scene(PlainTableScene, view, (390, 844))
        surface = pygame.Surface((390, 844))
        sc.draw(surface)
        shots[lang] = {c: pygame.image.tobytes(surface.subsurface(r), "RGB") for c, r in sc.card_rects.items()}
    assert set(shots["de"]) == {JACK, QUEEN, KING}
    assert shots["de"][JACK] != shots["en"][JACK] and shots["de"][QUEEN] != shots["en"][QUEEN]
    assert shots["de"][KING] == shots["en"][KING]


def test_the_log_names_a_card_in_words_of_the_tables_language():
    from felt.ui.playlog import LogContext, LogLines
    ctx = LogContext(names=["Anna"], deck=[default_card(c) for c in range(13)])
    i18n.set_lang("en")
    assert LogLines().card_name(JACK, ctx) == "Jack of Clubs"
    i18n.set_lang("de")
    assert LogLines().card_name(JACK, ctx) == "Kreuz Bube"

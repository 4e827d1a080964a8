"""A card's letters and words in the table's language, as the table draws and names it.

The table draws a card's corner with the rank's letters in its language: German B (Bube),
D (Dame), K (König), A (Ass); English J, Q, K, A; numbers as they are ("10"); the German and
Jass U (Under) and O (Ober) in both. A game gives faces in the one vocabulary of
``Game.card_face`` ("J", "Q", …, ``felt.ui.cardart``) and never translates them itself; its
texts name a card the way the table draws it with :func:`card_letters` ("B♥", "J♥") or in
words with :func:`card_words` ("Herz Bube", "Jack of Hearts"), or by id with
``Game.card_text(card_id, rules, lang)``. The window's texts (``felt.ui.i18n``) use these same
tables."""
from __future__ import annotations

LANGS = ("de", "en")

RANK_LETTERS = {
    "de": {"J": "B", "Q": "D", "K": "K", "A": "A", "U": "U", "O": "O", "JOKER": "★"},
    "en": {"J": "J", "Q": "Q", "K": "K", "A": "A", "U": "U", "O": "O", "JOKER": "★"},
}
RANK_WORDS = {
    "de": {"J": "Bube", "Q": "Dame", "K": "König", "A": "Ass", "U": "Under", "O": "Ober", "JOKER": "Joker"},
    "en": {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace", "U": "Under", "O": "Ober", "JOKER": "Joker"},
}
SUIT_WORDS = {
    "de": {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo", "R": "Rosen", "B": "Schellen",
           "T": "Schilten", "E": "Eicheln", "X": "Joker"},
    "en": {"C": "Clubs", "S": "Spades", "H": "Hearts", "D": "Diamonds", "R": "Roses", "B": "Bells",
           "T": "Shields", "E": "Acorns", "X": "Joker"},
}
# the French suits' signs (the Jass suits are drawn, no font has them: their word stands in text)
SUIT_SIGNS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


def _lang(lang: str | None) -> str:
    return lang if lang in LANGS else "de"


def is_joker(rank: str, suit: str) -> bool:
    return suit == "X" or rank == "JOKER"


def rank_letters(rank: str, lang: str | None = "de") -> str:
    """The rank as a card's corner shows it: "B" for "J" in German, "J" in English, "10"."""
    return RANK_LETTERS[_lang(lang)].get(rank, rank)


def rank_word(rank: str, lang: str | None = "de") -> str:
    """The rank in words ("Bube", "Jack"); a number stays a number."""
    return RANK_WORDS[_lang(lang)].get(rank, rank)


def suit_word(suit: str, lang: str | None = "de") -> str:
    return SUIT_WORDS[_lang(lang)].get(suit, suit)


def card_letters(rank: str, suit: str, lang: str | None = "de") -> str:
    """A card as short as its corner: "B♥" / "J♥", "10♠"; a Jass card "U Rosen"; a joker "★"."""
    if is_joker(rank, suit):
        return RANK_LETTERS[_lang(lang)]["JOKER"]
    letters = rank_letters(rank, lang)
    return letters + SUIT_SIGNS[suit] if suit in SUIT_SIGNS else f"{letters} {suit_word(suit, lang)}"


def card_words(rank: str, suit: str, lang: str | None = "de") -> str:
    """A card in words: "Herz Bube", "Jack of Hearts", "Pik 10", "10 of Spades", "Joker"."""
    if is_joker(rank, suit):
        return RANK_WORDS[_lang(lang)]["JOKER"]
    r, s = rank_word(rank, lang), suit_word(suit, lang)
    return f"{s} {r}" if _lang(lang) == "de" else f"{r} of {s}"


__all__ = ["RANK_LETTERS", "RANK_WORDS", "SUIT_WORDS", "SUIT_SIGNS", "is_joker", "rank_letters", "rank_word",
           "suit_word", "card_letters", "card_words"]

"""Cards and decks (display names and labels live in felt/ui/i18n.py, with all texts).

A card is identified by a small int: its index in ``build_deck(rules)``. The deck is
built deterministically from the rule set (never from the shuffle), so a card id tells
nothing about where the card lies.
"""
from __future__ import annotations

from typing import NamedTuple

FRENCH_SUITS = ("C", "S", "H", "D")  # Kreuz, Pik, Herz, Karo
JASS_SUITS = ("R", "B", "T", "E")  # Rosen, Schellen, Schilten, Eicheln
JOKER_SUIT = "X"
JOKER_RANK = "JOKER"

FRENCH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JASS_RANKS = ("6", "7", "8", "9", "10", "U", "O", "K", "A")

class Card(NamedTuple):
    id: int
    rank: str
    suit: str
    copy: int
    joker: bool
    code: str


def suits_for(style: str) -> tuple[str, ...]:
    if style == "french":
        return FRENCH_SUITS
    if style == "jass":
        return JASS_SUITS
    raise ValueError(f"unknown suit style {style!r}")


def card_code(suit: str, rank: str, copy: int = 0) -> str:
    base = f"{suit}{rank}" if suit != JOKER_SUIT else f"X{rank}"
    return base if copy == 0 else f"{base}.{copy + 1}"


def build_deck(rules) -> list[Card]:
    """All cards of the rule set's deck(s), in a fixed order (copy, suit, rank).

    ``rules`` needs: ranks, suits, copies, jokers, joker_card.
    """
    cards: list[Card] = []
    suits = suits_for(rules.suits)
    for copy in range(rules.copies):
        for suit in suits:
            for rank in rules.ranks:
                code = card_code(suit, rank, copy)
                is_joker = bool(rules.joker_card) and code.split(".")[0] == rules.joker_card
                cards.append(Card(len(cards), rank, suit, copy, is_joker, code))
    for j in range(rules.jokers):
        cards.append(Card(len(cards), JOKER_RANK, JOKER_SUIT, 0, True, f"X{j + 1}"))
    return cards


def card_from_code(deck: list[Card], code: str) -> Card:
    for c in deck:
        if c.code == code:
            return c
    raise KeyError(f"no card {code!r} in this deck")


def ids_from_codes(deck: list[Card], codes, used: set[int] | None = None) -> tuple[int, ...]:
    """Card ids for codes; 'H7' picks the first copy not in ``used`` (which grows), so
    tests and puzzles can write plain codes."""
    used = set() if used is None else used
    out = []
    for code in codes:
        for c in deck:
            if c.id in used:
                continue
            if c.code == code or (("." not in code) and c.code.split(".")[0] == code):
                used.add(c.id)
                out.append(c.id)
                break
        else:
            raise KeyError(f"no free card {code!r} in this deck")
    return tuple(out)

"""Per-rule-set card facts the bots use: rank index per card id, jokers, clears.

Everything here is derived from the rule set alone (card ids are the index into
``build_deck(rules)``), so it reveals nothing secret and can be cached.
"""
from __future__ import annotations

import json
from typing import Any

from felt.cards import build_deck
from felt.games.praesident.rules import Rules

_CACHE: dict[str, "DeckInfo"] = {}


class DeckInfo:
    """Static facts about one rule set's deck, indexed by card id."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.deck = build_deck(rules)
        self.ranks: tuple[str, ...] = tuple(rules.ranks)
        self.n_ranks = len(self.ranks)
        self.n_cards = len(self.deck)
        self.rank_index = {r: i for i, r in enumerate(self.ranks)}
        # rank index of each card id; jokers get -1
        self.idx: list[int] = []
        self.joker: list[bool] = []
        self.suit: list[str] = []
        for c in self.deck:
            self.joker.append(bool(c.joker))
            self.suit.append(c.suit)
            if c.joker or c.rank not in self.rank_index:
                self.idx.append(-1)
            else:
                self.idx.append(self.rank_index[c.rank])
        self.jokers = frozenset(i for i, j in enumerate(self.joker) if j)
        power = getattr(rules, "joker_power", "beats_all")
        self.joker_beats_all = power in ("beats_all", "both") and bool(self.jokers)
        self.joker_wild = power in ("wild", "both") and bool(self.jokers)
        self.two_idx = self.rank_index.get("2", -99)
        self.eight_idx = self.rank_index.get("8", -99)
        self.twos_clear = bool(getattr(rules, "twos_clear", False)) and self.two_idx >= 0
        self.eights_clear = bool(getattr(rules, "eights_clear", False)) and self.eight_idx >= 0
        self.eight_skips = bool(getattr(rules, "eight_skips", False)) and self.eight_idx >= 0
        self.quad_clears = getattr(rules, "quad_clears", "off")
        self.revolution_on = bool(getattr(rules, "revolution", False))
        self.equal_beats = bool(getattr(rules, "equal_beats", False))
        self.sequences = bool(getattr(rules, "sequences", False))
        self.sequence_min = int(getattr(rules, "sequence_min", 3) or 3)
        self.largest_set = int(getattr(rules, "largest_set", 4) or 4)
        self.forced = getattr(rules, "passing", "voluntary") == "forced"
        # how many cards of each rank index exist in the deck (non-joker)
        self.rank_total = [0] * self.n_ranks
        for i in self.idx:
            if i >= 0:
                self.rank_total[i] += 1

    # -- strength -------------------------------------------------------
    def strength(self, cid: int, revolution: bool) -> int:
        """Position of a card in the current order: 0 = lowest; jokers = n_ranks."""
        i = self.idx[cid]
        if i < 0:
            return self.n_ranks
        return self.n_ranks - 1 - i if revolution else i

    def rank_strength(self, ridx: int, revolution: bool) -> int:
        return self.n_ranks - 1 - ridx if revolution else ridx

    def frac(self, s: int) -> float:
        """Strength as a fraction 0..1 (jokers > 1)."""
        return s / max(1, self.n_ranks - 1)

    # -- classification of a play ----------------------------------------
    def classify(self, cards) -> tuple[str, int, int]:
        """(kind, rank index of the set or top rank index of a sequence, n_jokers).

        kind is 'set', 'seq' or 'jokers' (only jokers). For a sequence the
        returned index is the highest natural rank index present.
        """
        idx = self.idx
        i0 = idx[cards[0]] if cards else -1
        if i0 >= 0:  # fast path: a plain set (jokers have index -1)
            for c in cards:
                if idx[c] != i0:
                    break
            else:
                return "set", i0, 0
        ridx = [idx[c] for c in cards if idx[c] >= 0 and not self.joker[c]]
        nj = len(cards) - len(ridx)
        if not ridx:
            return "jokers", -1, nj
        lo, hi = min(ridx), max(ridx)
        if lo == hi:
            return "set", lo, nj
        return "seq", hi, nj

    def play_clears(self, cards, kind: str, ridx: int, size: int) -> bool:
        """Does this play clear the trick by itself (quad / twos / eights)?"""
        if kind == "seq":
            return self.eights_clear and any(self.idx[c] == self.eight_idx for c in cards)
        if kind == "set":
            if self.twos_clear and ridx == self.two_idx:
                return True
            if self.eights_clear and ridx == self.eight_idx:
                return True
            if self.quad_clears == "exactly4" and size == 4:
                return True
            if self.quad_clears == "4plus" and size >= 4:
                return True
        return False


def _key(rules: Any) -> str:
    d = rules.to_dict() if hasattr(rules, "to_dict") else dict(rules)
    return json.dumps(d, sort_keys=True, default=str)


def deck_info(rules: Any) -> DeckInfo:
    """Cached DeckInfo for a Rules object or a rules dict (as in a view)."""
    key = _key(rules)
    info = _CACHE.get(key)
    if info is None:
        if not isinstance(rules, Rules):
            rules = Rules.from_dict(rules)
        info = DeckInfo(rules)
        _CACHE[key] = info
    return info


def deck_info_fast(rules: Rules) -> DeckInfo:
    """Cached by object identity first (for simulation loops), then by content."""
    hit = _ID_CACHE.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    info = deck_info(rules)
    _ID_CACHE[id(rules)] = (rules, info)
    return info


_ID_CACHE: dict[int, tuple] = {}

"""Schwimmen's "Tipp": one short sentence why the normal bot's move is a good one.

``reason(view, move, lang)`` reads only the seat's view and the move the normal bot chose
(``Game.hint``) and says the fact that move follows from: 31 in one swap, a swap that builds
up a suit (or makes three of a rank), the whole middle, knocking at a strong hand, pushing
("Schieben") when no swap helps or 31 is too far, the dealer's keep or take. Each sentence is
true of the move and the view (``tests/test_hints.py`` checks them). The texts are the
``[hint]`` table of this game's catalog (``texts.toml``), in German and English.
"""
from __future__ import annotations

from felt.contract.catalog import catalog_of, read_texts
from felt.games.schwimmen.bots import knock_threshold2, players_in_round
from felt.games.schwimmen.engine import (CARD_VALUE, V30H, V31, hand_value2, is_feuer, ranks_of, suits_of,
                                         value_text)
from felt.games.schwimmen.rules import SwRules
from felt.ui import i18n

TEXTS = read_texts(catalog_of(__file__), "hint")
KEEP2 = 40          # the normal bot keeps a dealt hand worth this (half points) or more
GOOD2 = 50          # a hand worth 25 or more is a good one


def say(key: str, lang: str, **kw) -> str:
    """The ``[hint]`` text ``key`` in ``lang``, filled in (its first letter upper case)."""
    de, en = TEXTS[key]
    text = (en if lang == "en" else de).format(**kw)
    return text[:1].upper() + text[1:]


def suit_words(rules: SwRules, suit_index: int, lang: str) -> str:
    code = suits_of(rules)[suit_index]
    key = f"suit.{code}"
    return say(key, lang) if key in TEXTS else code


def card_words(rules: SwRules, card: int, lang: str) -> str:
    """'Herz König' / 'King of Hearts'."""
    rank = i18n.rank_name(ranks_of(rules)[card & 7], lang)
    return say("card", lang, suit=suit_words(rules, card >> 3, lang), rank=rank).replace(" ", "\u00a0")   # one line


def _value(hand) -> str:
    return value_text(hand_value2(hand), is_feuer(hand))


def _best_suit(hand) -> int:
    """The suit the hand's value counts (the highest sum; the first of equal ones)."""
    sums = [0, 0, 0, 0]
    for c in hand:
        sums[c >> 3] += CARD_VALUE[c & 7]
    return max(range(4), key=lambda s: sums[s])


def reason(view: dict, move: dict, lang: str = "de") -> tuple[str, str]:
    """``(key, sentence)``: why ``move`` (the normal bot's, a wire move) is good in ``view``."""
    rules = SwRules.from_dict(view["rules"])
    kind = move.get("kind")
    hand = list(view.get("hand") or [])
    middle = list(view.get("middle") or [])
    old = _value(hand) if len(hand) == 3 else "–"
    if kind == "keep":
        return "keep", say("keep", lang, value=old)
    if kind == "take":
        return "take", say("take", lang, value=old)
    if kind == "knock":
        return "knock", say("knock", lang, value=old)
    if kind in ("swap", "swap_all"):
        if kind == "swap":
            give, take = move.get("give"), move.get("take")
            new = [c for c in hand if c != give] + [take]
            words = {"give": card_words(rules, give, lang), "take": card_words(rules, take, lang)}
        else:
            new = middle
            words = {}
        v2 = hand_value2(new)
        value = _value(new)
        if is_feuer(new) and rules.feuer:
            return "feuer", say("feuer" if kind == "swap" else "feuer_all", lang, **words)
        if v2 == V31:
            if rules.thirty_one_ends:
                return "thirty_one", say("thirty_one" if kind == "swap" else "thirty_one_all", lang, value=value, **words)
        if kind == "swap_all":
            return "swap_all", say("swap_all", lang, value=value, old=old)
        if v2 == V30H and len({c & 7 for c in new}) == 1:
            return "swap_three", say("swap_three", lang, **words)
        if len({c >> 3 for c in new}) == 1:
            return "swap_suit", say("swap_suit", lang, suit=suit_words(rules, new[0] >> 3, lang), value=value, **words)
        return "swap_build", say("swap_build", lang, suit=suit_words(rules, _best_suit(new), lang), value=value,
                                 old=old, **words)
    # a push ("Schieben"): no swap raises the hand
    v2 = hand_value2(hand) if len(hand) == 3 else 0
    threshold = knock_threshold2(players_in_round(view), int(view.get("go_round") or 1))
    if not view.get("may_knock") and int(view.get("knocker", -1)) < 0 and v2 >= threshold:
        return "pass_no_knock", say("pass_no_knock", lang, value=old)
    if v2 >= GOOD2:
        return "pass_top", say("pass_top", lang, value=old)
    return "pass_far", say("pass_far", lang, value=old)


def hint_reason(view: dict, move: dict, lang: str = "de") -> str:
    return reason(view, move, lang)[1]

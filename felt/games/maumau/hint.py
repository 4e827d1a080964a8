"""Mau-Mau's "Tipp": one short sentence why the normal bot's move is a good one.

``reason(view, move, lang)`` reads only the seat's view and the move the normal bot chose
(``Game.hint``) and says the fact that move follows from, first what matters most: the call
that is due (Mau, Mau-Mau), a seven that makes the next player draw, an Acht or Ass that
skips, the Bube kept for need or spent with its wish, matching the suit you hold most of,
shedding points, drawing when nothing fits. Each sentence is true of the move and the view
(``tests/test_hints.py`` checks them). The texts are the ``[hint]`` table of this game's
catalog (``texts.toml``), in German and English.
"""
from __future__ import annotations

from functools import lru_cache

from felt.contract.catalog import catalog_of, read_texts
from felt.games.maumau.rules import JACKS, POINTS, MauRules, build_deck
from felt.ui import i18n

TEXTS = read_texts(catalog_of(__file__), "hint")


def say(key: str, lang: str, **kw) -> str:
    """The ``[hint]`` text ``key`` in ``lang``, filled in (its first letter upper case)."""
    de, en = TEXTS[key]
    text = (en if lang == "en" else de).format(**kw)
    return text[:1].upper() + text[1:]


@lru_cache(maxsize=16)
def _rules(items: tuple) -> tuple[MauRules, list]:
    rules = MauRules.from_dict(dict(items))
    return rules, build_deck(rules)


def suit_words(suit: str, lang: str) -> str:
    key = f"suit.{suit}"
    return say(key, lang) if key in TEXTS else suit


def card_words(card, lang: str) -> str:
    """'Herz 7', 'Kreuz Bube' / '7 of Hearts', 'Jack of Clubs'."""
    rank = i18n.rank_name(card.rank, lang)
    return say("card", lang, suit=suit_words(card.suit, lang), rank=rank).replace(" ", "\u00a0")   # one line


def next_count(view: dict) -> int:
    """Cards the next seat to play holds (99: nobody else is left)."""
    n, me, step = int(view["n"]), view["seat"], int(view.get("direction") or 1)
    places = set(view.get("places") or [])
    i = me
    for _ in range(n):
        i = (i + step) % n
        if i == me:
            break
        if i not in places:
            return int(view["counts"][i])
    return 99


def reason(view: dict, move: dict, lang: str = "de") -> tuple[str, str]:
    """``(key, sentence)``: why ``move`` (the normal bot's, a wire move) is good in ``view``."""
    rules, deck = _rules(tuple(sorted(view["rules"].items())))
    kind = move.get("kind")
    hand = list(view.get("hand") or [])
    pending = int(view.get("pending") or 0)
    plays = [m for m in view.get("legal") or [] if m.get("kind") == "play"]
    if kind == "draw":
        if pending:
            return "draw_seven", say("draw_seven", lang, n=pending)
        return ("draw", _nothing_fits(view, rules, deck, lang)) if not plays else ("draw_anyway", say("draw_anyway", lang))
    if kind == "keep":
        drawn = view.get("drawn")
        if isinstance(drawn, int) and 0 <= drawn < len(deck) and plays and rules.jack == "wish" \
                and deck[drawn].rank in JACKS:
            return "keep_jack", say("keep_jack", lang)
        return "keep", say("keep", lang)
    c = move.get("card")
    if not isinstance(c, int) or not 0 <= c < len(deck):
        return "fits", say("fits_any", lang)
    card = deck[c]
    what = card_words(card, lang)
    call = move.get("call") or ""
    if call == "maumau":
        return "maumau", say("maumau", lang, card=what)
    if call == "mau":
        if move.get("suit") and rules.jack == "wish" and card.rank in JACKS:
            return "mau", say("mau_jack", lang, card=what, suit=suit_words(move["suit"], lang))
        return "mau", say("mau", lang, card=what)
    if view.get("phase") == "drawn":
        return "play_drawn", say("play_drawn", lang, card=what)
    rank, suit = card.rank, card.suit
    jack = rules.jack == "wish" and rank in JACKS
    faces = {(deck[m["card"]].rank, deck[m["card"]].suit) for m in plays if 0 <= m.get("card", -1) < len(deck)}
    short = next_count(view) <= 2
    if rank == "7" and rules.seven != "off":
        if pending:
            return "seven_on_seven", say("seven_on_seven", lang, card=what)
        return ("seven_short", say("seven_short", lang, card=what)) if short else ("seven", say("seven", lang, card=what))
    if (rank == "8" and rules.eight == "skip") or (rank == "A" and rules.ace == "skip"):
        return ("skip_short", say("skip_short", lang, card=what)) if short else ("skip", say("skip", lang, card=what))
    if rank == "A" and rules.ace == "again":
        return "again", say("again", lang, card=what)
    if jack:
        wish = move.get("suit") or suit
        rest = [x for x in hand if x != c]
        if len(rest) == 1 and deck[rest[0]].suit == wish and deck[rest[0]].rank not in JACKS:
            return "jack_last", say("jack_last", lang, suit=suit_words(wish, lang))
        if len(faces) == 1:
            return "jack_only", say("jack_only", lang, suit=suit_words(wish, lang))
        return "jack_wish", say("jack_wish", lang, suit=suit_words(wish, lang))
    if rank == "9" and rules.nine == "reverse":
        return "reverse", say("reverse", lang, card=what)
    if len(faces) == 1:
        return "only_card", say("only_card", lang, card=what)
    same = sum(1 for x in hand if x != c and deck[x].suit == suit and not (rules.jack == "wish" and deck[x].rank in JACKS))
    if same:
        return "suit", say("suit", lang, card=what, suit=suit_words(suit, lang))
    if rules.jack == "wish" and any(deck[x].rank in JACKS for x in hand if x != c):
        return "save_jack", say("save_jack", lang, card=what)
    if rules.scoring == "points" and POINTS.get(rank, 0) >= 10:
        return "points", say("points", lang, card=what, n=POINTS[rank])
    return "fits", say("fits", lang, card=what)


def _nothing_fits(view: dict, rules: MauRules, deck: list, lang: str) -> str:
    """Why nothing in the hand fits, not only that (the table's own line says "Nichts passt"):
    what the pile asks for (the wished suit, or the top card's suit and rank), and that no
    Bube would help."""
    jack = rules.jack == "wish"
    top = view.get("top")
    wish = view.get("wish")
    if wish:                   # the Bube that wished lies on top: another one fits only Bube on Bube
        return say("draw_wish_jack" if jack and rules.jack_on_jack else "draw_wish", lang, suit=suit_words(wish, lang))
    if isinstance(top, int) and 0 <= top < len(deck):
        card = deck[top]
        if jack and card.rank in JACKS and not rules.jack_on_jack:
            return say("draw_on_jack", lang, card=card_words(card, lang), suit=suit_words(card.suit, lang))
        return say("draw_top_jack" if jack else "draw_top", lang, card=card_words(card, lang),
                   suit=suit_words(card.suit, lang), rank=i18n.rank_name(card.rank, lang))
    return say("draw", lang)


def hint_reason(view: dict, move: dict, lang: str = "de") -> str:
    return reason(view, move, lang)[1]

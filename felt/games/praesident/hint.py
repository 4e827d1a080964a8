"""Präsident's "Tipp": one short sentence why the normal bot's move is a good one.

``reason(view, move, lang)`` reads only the seat's view and the move the normal bot chose
(``Game.hint``) and says the fact that move follows from, first what matters most: going out,
a play that clears, turns the order or that nobody can beat, the lowest cards first, keeping
the high ones, a pair that stays whole, passing to save strength … Each sentence is true of
the move and the view (``tests/test_hints.py`` checks them). The texts are the ``[hint]``
table of this game's catalog (``texts.toml``), in German and English.
"""
from __future__ import annotations

from felt.contract.catalog import catalog_of, read_texts
from felt.games.praesident.bots.cardinfo import deck_info
from felt.games.praesident.bots.policy import evaluator_for
from felt.games.praesident.bots.situation import situation_from_view
from felt.ui import i18n

TEXTS = read_texts(catalog_of(__file__), "hint")
WORDS = read_texts(catalog_of(__file__))          # the names of plays ("kind.pair" …)

NBSP = "\u00a0"           # a space a line does not break at
STRONG = 0.75            # a rank this far up the order (0 lowest .. 1 highest) is a high card


def say(key: str, lang: str, **kw) -> str:
    """The ``[hint]`` text ``key`` in ``lang``, filled in."""
    de, en = TEXTS[key]
    text = (en if lang == "en" else de).format(**kw)
    return text[:1].upper() + text[1:]


def _word(key: str, lang: str, **kw) -> str:
    de, en = WORDS[key]
    return (en if lang == "en" else de).format(**kw)


def _raw(key: str, lang: str, **kw) -> str:
    """A word of the ``[hint]`` table as it is (not the start of a sentence)."""
    de, en = TEXTS[key]
    return (en if lang == "en" else de).format(**kw)


def play_words(info, cards, lang: str) -> str:
    """'Paar 5', 'Einzelkarte Ass + Joker', 'Folge (4)', 'Joker' for a play's cards."""
    cards = list(cards)
    kind, ridx, nj = info.classify(cards)
    if kind == "jokers":
        return "Joker"
    n = len(cards)
    if kind == "seq":
        seq = _word("kind.seq", lang, n=n).replace(" ", NBSP)
        return seq.lower() if lang == "en" else seq
    name = {1: "kind.single", 2: "kind.pair", 3: "kind.triple", 4: "kind.quad"}.get(n)
    text = _word(name, lang) if name else _word("kind.set", lang, n=n)
    if lang == "en":
        text = text.lower()          # "Lead pair 8" (a sentence's first letter is made upper case)
    extra = " + Joker" if nj == 1 else (f" + {nj} Joker" if nj else "")
    # one play's words stay on one line (no break inside "Paar 7")
    return f"{text} {i18n.rank_name(info.ranks[ridx], lang)}{extra}".replace(" ", NBSP)


def ranks_plural(info, ranks, lang: str) -> str:
    """'2er', 'Asse', 'Könige und Asse' / "2s", "aces" for ranks held."""
    words = []
    for r in ranks:
        key = f"plural.{r}"
        words.append(_raw(key, lang) if key in TEXTS else _raw("plural.num", lang, r=r))
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + _raw("and", lang) + words[-1]


def _strength(info, cards, rev: bool) -> int:
    """A play's place in the order now (jokers alone above every rank)."""
    kind, ridx, _ = info.classify(list(cards))
    return info.n_ranks if kind == "jokers" else info.rank_strength(ridx, rev)


def _splits(info, hand, cards) -> bool:
    """Playing ``cards`` leaves cards of their rank behind (a pair or more broken up)."""
    kind, ridx, _ = info.classify(list(cards))
    if kind != "set":
        return False
    natural = sum(1 for c in cards if info.idx[c] == ridx and not info.joker[c])
    return sum(1 for c in hand if info.idx[c] == ridx and not info.joker[c]) > natural


def reason(view: dict, move: dict, lang: str = "de") -> tuple[str, str]:
    """``(key, sentence)``: why ``move`` (the normal bot's, a wire move) is good in ``view``."""
    info = deck_info(view["rules"])
    kind = move.get("kind")
    hand = list(view.get("hand") or [])
    if kind == "give":
        cards = sorted(move.get("cards") or [], key=lambda c: info.strength(c, False))
        labels = ", ".join(i18n.rank_label(info.deck[c].rank, lang) if not info.joker[c] else "Joker" for c in cards)
        return ("give", say("give", lang, cards=labels)) if len(cards) > 1 else ("give", say("give_one", lang, cards=labels))
    if kind == "wish":
        ranks = [r for r in move.get("ranks") or [] if isinstance(r, str)]
        if not ranks:
            return "nowish", say("nowish", lang)
        held = {info.deck[c].rank for c in hand if not info.joker[c]}
        names = ranks_plural(info, ranks, lang)
        return ("wish_match", say("wish_match", lang, ranks=names)) if set(ranks) & held \
            else ("wish", say("wish", lang, ranks=names))
    rev = bool(view.get("revolution"))
    pile = view.get("pile") or None
    pile_words = play_words(info, pile["cards"], lang) if pile and pile.get("cards") else ""
    plays = [m for m in view.get("legal") or [] if m.get("kind") == "play"]
    if kind == "pass":
        if not plays:
            return "pass_nothing", say("pass_nothing", lang, pile=pile_words or "–")
        if all(_splits(info, hand, m["cards"]) for m in plays):
            return "pass_split", say("pass_split", lang)
        return "pass_save", say("pass_save", lang)
    cards = list(move.get("cards") or [])
    what = play_words(info, cards, lang)
    if len(cards) >= len(hand):
        return "out", say("out", lang, play=what)
    pkind, ridx, _ = info.classify(cards)
    size = len(cards)
    if info.revolution_on and pkind == "set" and size >= 4:
        return "revolution", say("revolution", lang, play=what)
    if pkind != "jokers" and info.play_clears(cards, pkind, ridx, size):
        return "clears", say("clears", lang, play=what)
    s = _strength(info, cards, rev)
    sit = situation_from_view(view)
    ev = evaluator_for(info, sit.unseen, rev)
    if pkind != "seq" and ev.is_winner(s, size):
        return "winner", say("winner", lang, play=what)
    if info.eight_skips and pkind == "set" and size == 1 and ridx == info.eight_idx:
        return "skip", say("skip", lang, play=what)
    me = view.get("seat")
    others = [c for i, c in enumerate(view.get("counts") or []) if i != me and c > 0]
    if not pile:
        if pkind == "seq":
            return "seq", say("seq", lang, play=what)
        if size > 1 and 1 in others:
            return "not_single", say("not_single", lang, play=what)
        natural = [c for c in hand if not info.joker[c]]
        if pkind == "set" and all(info.strength(c, rev) >= s for c in natural):
            return "lowest", say("lowest", lang, play=what)
        top = sorted({info.deck[c].rank for c in natural if c not in cards
                      and info.frac(info.strength(c, rev)) >= STRONG and info.strength(c, rev) > s},
                     key=lambda r: info.rank_strength(info.rank_index[r], rev), reverse=True)
        if top:
            return "keep_top", say("keep_top", lang, play=what, top=ranks_plural(info, top[:2], lang))
        return "lead", say("lead", lang, play=what)
    if s == min(_strength(info, m["cards"], rev) for m in plays):
        return "just_enough", say("just_enough", lang, play=what, pile=pile_words)
    if others and min(others) <= 2:
        return "fight", say("fight", lang, play=what)
    lowest = min(_strength(info, m["cards"], rev) for m in plays)
    if not _splits(info, hand, cards) and all(_splits(info, hand, m["cards"]) for m in plays
                                              if _strength(info, m["cards"], rev) == lowest):
        return "whole", say("whole", lang, play=what, pile=pile_words)
    return "follow", say("follow", lang, play=what, pile=pile_words)


def hint_reason(view: dict, move: dict, lang: str = "de") -> str:
    return reason(view, move, lang)[1]

"""Every text the window shows, in German (default) and English, in one place.

Use ``t("key", name="Anna")``; texts are ``str.format`` templates. ``set_lang("en")``
switches the language for the whole window. A missing key shows the key itself
(never crashes), and ``tests/test_ui_render.py`` checks both languages have every key.

A sentence with a count has a form for one and one for more: keys ``KEY.one`` and
``KEY.other``, and ``t("KEY", n=count)`` picks the form for ``count`` (``plural_form``).
A sentence about a player that can be this window's own player has a "you" form next to it
(``KEY_me``, ``KEY_you`` or ``PREFIX.you.REST``, depending on the module), with the verb
agreeing ("Du hast", "You have"); ``tests/test_ui_words.py`` checks they exist.
"""
from __future__ import annotations

from pathlib import Path

from felt.contract import cardnames
from felt.contract.catalog import read_texts

LANGS = ("de", "en")
_lang = "de"

# key: (German, English)
TEXTS: dict[str, tuple[str, str]] = {}

def set_lang(lang: str | None) -> str:
    """Switch the language ('de' or 'en'); unknown values fall back to German."""
    global _lang
    _lang = lang if lang in LANGS else "de"
    return _lang


def get_lang() -> str:
    return _lang


def plural_form(n) -> str:
    """'one' for a count of 1, 'other' for any other count (German and English agree)."""
    return "one" if n == 1 else "other"


def join_names(names) -> str:
    """Names as a sentence says them: "Anna", "Anna und Ben", "Anna, Ben und Cleo"."""
    names = [str(x) for x in names]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {t('app.and')} " + names[-1]


def level_name(level: str) -> str:
    """A bot level's name: the text ``level.<level>`` (shared texts, or a game's catalog for
    levels of its own), else the level as the game calls it."""
    key = "level." + str(level)
    return t(key) if key in TEXTS else str(level)


def t(key: str, **kw) -> str:
    """The text for ``key`` in the current language, formatted with ``kw``; a text with
    plural forms in the form for the count ``n``."""
    pair = TEXTS.get(key)
    if pair is None:
        pair = TEXTS.get(f"{key}.{plural_form(kw.get('n'))}")
        if pair is None:
            return key
    text = pair[1] if _lang == "en" else pair[0]
    if kw:
        try:
            return text.format(**kw)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def add_texts(texts: dict[str, tuple[str, str]]) -> None:
    """Add a module's own texts (a game's scenes, a feature's screens) to the one table.
    Keys must be new: a clash with another module's key is a bug, so it raises."""
    for key, pair in texts.items():
        if key in TEXTS and TEXTS[key] != pair:
            raise KeyError(f"text key {key!r} is defined twice with different texts")
        if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise TypeError(f"text {key!r} must be a (German, English) pair")
        TEXTS[key] = pair


_catalogs: set = set()


def add_catalog(path) -> None:
    """Add the window's texts of a catalog file (``felt.contract.catalog``) once: a package's
    own, e.g. a game's ``felt/games/<game>/texts.toml``."""
    key = Path(path).resolve()
    if key not in _catalogs:
        _catalogs.add(key)
        add_texts(read_texts(key))


def has(key: str) -> bool:
    return key in TEXTS or is_plural(key)


def is_plural(key: str) -> bool:
    """True for a text with plural forms (``key.one`` and ``key.other``)."""
    return f"{key}.one" in TEXTS and f"{key}.other" in TEXTS


def rank_label(rank: str, lang: str | None = None) -> str:
    """Short rank label for a card corner: German B/D/K/A for J/Q/K/A, Jass U/O/K/A (in
    ``lang``, default the window's; ``felt.contract.cardnames``)."""
    return cardnames.rank_letters(rank, lang if lang in LANGS else _lang)


def rank_name(rank: str, lang: str | None = None) -> str:
    return cardnames.rank_word(rank, lang if lang in LANGS else _lang)


def suit_name(suit: str) -> str:
    return cardnames.suit_word(suit, _lang)


def card_letters(card, lang: str | None = None) -> str:
    """A card (anything with ``rank`` and ``suit``) as short as the table draws its corner, in
    the window's language: "B♥" / "J♥", "10♠" (``felt.contract.cardnames.card_letters``)."""
    return cardnames.card_letters(str(card.rank), str(card.suit), lang if lang in LANGS else _lang)


def card_words(card, lang: str | None = None) -> str:
    """A card in words in the window's language: "Herz Bube" / "Jack of Hearts"."""
    return cardnames.card_words(str(card.rank), str(card.suit), lang if lang in LANGS else _lang)


# the window's own texts (the games add theirs: each game's felt/games/<game>/texts.toml)
add_catalog(Path(__file__).with_name("texts.toml"))

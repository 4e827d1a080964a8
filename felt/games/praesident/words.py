"""Präsident's words: the names of plays ("Paar", "Drilling", "Folge (4)") and the place titles
in English (the rules give them in German)."""
from __future__ import annotations

from felt.ui import i18n
from felt.ui.i18n import t


def play_kind(size: int, is_sequence: bool = False) -> str:
    """'Paar', 'Drilling', 'Folge (4)' ... for a play of ``size`` cards."""
    if is_sequence:
        return t("kind.seq", n=size)
    return {1: t("kind.single"), 2: t("kind.pair"), 3: t("kind.triple"), 4: t("kind.quad")}.get(
        size, t("kind.set", n=size))


def title_text(title: str, lang: str | None = None) -> str:
    """Place titles come from the rules layer in German; translate the known ones for English
    (``lang``: the window's language where not given)."""
    if (lang or i18n.get_lang()) == "de":
        return title
    return _TITLE_EN.get(title, title)


_TITLE_EN = {
    "Präsident": "President", "Vizepräsident": "Vice-President", "Bürger": "Citizen",
    "Vize-Tellerwäscher": "Vice-Dishwasher", "Tellerwäscher": "Dishwasher",
    "Vizearsch": "Vice-Arsehole", "Arschloch": "Arsehole", "König": "King",
    "Vize-König": "Vice-King", "Vize-Arschloch": "Vice-Arsehole",
    "(mittlere Plätze)": "Citizen", "Mitte": "Citizen", "Mittlerer Platz": "Middle place",
}

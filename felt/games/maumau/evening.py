"""What an evening at the table keeps of Mau-Mau (``Game.evening_marks``/``evening_words``):
the rounds each player won (went out first), over all of the evening's matches."""
from __future__ import annotations

from felt.contract.catalog import catalog_of, read_texts

TEXTS = read_texts(catalog_of(__file__), "evening")


def marks(state) -> list[dict]:
    wins = list(getattr(state, "wins", None) or [0] * state.n)
    return [{"rounds": int(w)} if w else {} for w in wins[:state.n]]


def words(marks: dict, lang: str = "de") -> list[str]:
    n = marks.get("rounds")
    if not isinstance(n, int) or n <= 0:
        return []
    de, en = TEXTS["rounds.one" if n == 1 else "rounds.other"]
    return [(en if lang == "en" else de).format(n=n)]

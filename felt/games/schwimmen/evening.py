"""What an evening at the table keeps of Schwimmen (``Game.evening_marks``/``evening_words``):
the lives each player had left when a match ended (none once out), summed over the evening,
and the matches in which they swam (on no life left)."""
from __future__ import annotations

from felt.contract.catalog import catalog_of, read_texts

TEXTS = read_texts(catalog_of(__file__), "evening")


def marks(state) -> list[dict]:
    out = []
    for i in range(state.n):
        m = {"lives": 0 if state.out[i] else max(0, int(state.lives[i]))}
        if state.swimming[i]:
            m["swum"] = 1
        out.append(m)
    return out


def _say(key: str, n: int, lang: str) -> str:
    de, en = TEXTS[f"{key}.one" if n == 1 else f"{key}.other"]
    return (en if lang == "en" else de).format(n=n)


def words(marks: dict, lang: str = "de") -> list[str]:
    out = []
    lives, swum = marks.get("lives"), marks.get("swum")
    if isinstance(lives, int) and lives >= 0:
        out.append(_say("lives", lives, lang))
    if isinstance(swum, int) and swum > 0:
        out.append(_say("swum", swum, lang))
    return out

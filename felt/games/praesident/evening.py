"""What an evening at the table keeps of Präsident (``Game.evening_marks``/``evening_words``):
the titles held when a match ended, its first place's (Präsident, König) and its last place's
(Tellerwäscher, Arschloch), as the rule set in force names them."""
from __future__ import annotations

from felt.contract.catalog import catalog_of, read_texts
from felt.games.praesident.rules import titles
from felt.games.praesident.words import title_text

TEXTS = read_texts(catalog_of(__file__), "evening")
TOP, BOTTOM = "top:", "bottom:"     # a mark's key: which end of the table, then the title


def marks(state) -> list[dict]:
    """The seat on the first place of the last round holds the first title, the last place
    the last title (none of either before a round was over)."""
    out: list[dict] = [{} for _ in range(state.n)]
    last = state.history[-1] if state.history else []
    if len(last) < 2:
        return out
    names = titles(state.rules, state.n)
    out[last[0]][TOP + names[0]] = 1
    out[last[-1]][BOTTOM + names[-1]] = 1
    return out


def words(marks: dict, lang: str = "de") -> list[str]:
    """"2× am Ende Präsident", "am Ende Tellerwäscher": the first titles, then the last ones
    (the title held when a match ended; a winner may have ended its last round last)."""
    out = []
    for prefix in (TOP, BOTTOM):
        for key, n in marks.items():
            if key.startswith(prefix) and isinstance(n, int) and n > 0:
                de, en = TEXTS["title.one" if n == 1 else "title.other"]
                out.append((en if lang == "en" else de).format(n=n, title=title_text(key[len(prefix):], lang)))
    return out

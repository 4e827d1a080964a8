"""Match standings shared by the games' result screens: seats ranked by their places, and
which criterion decided a tie for first."""
from __future__ import annotations


def ranking(view: dict) -> list[int]:
    """Seats by match standing: most 1st places, then 2nd, ... then the last round."""
    n = view.get("n", 0)
    st = view.get("standings") or [[0] * n for _ in range(n)]
    last = view.get("places") or (view.get("history") or [[]])[-1] if (view.get("history") or view.get("places")) else []
    pos = {s: i for i, s in enumerate(last)}
    return sorted(range(n), key=lambda s: tuple(-x for x in st[s]) + (pos.get(s, n),))


def places_keys(view: dict) -> dict:
    """Each seat's match standing as a key, best lowest: 1st places, 2nd places, the place in
    the last round (how the match winner is chosen when scoring by places)."""
    n = view.get("n", 0)
    st = view.get("standings") or [[0] * n for _ in range(n)]
    last = (view.get("history") or [list(range(n))])[-1]
    pos = {s: i for i, s in enumerate(last)}
    return {s: (-st[s][0], -(st[s][1] if n > 1 else 0), pos.get(s, n)) for s in range(n)}


def tie_break(keys: dict, winner, steps) -> str | None:
    """How ``winner`` came out on top of ``keys`` (seat -> standing, best lowest): None when
    its first criterion alone decided, else the text key in ``steps`` (one per further
    criterion; None for one that needs no words) of the criterion that did."""
    if winner is None or winner not in keys:
        return None
    others = [k for s, k in keys.items() if s != winner]
    mine = keys[winner]
    for i in range(len(mine)):
        if all(k[:i + 1] != mine[:i + 1] for k in others):
            return None if i == 0 else steps[min(i, len(steps)) - 1]
    return steps[-1]

"""A Mau-Mau match's final order, for the results table and the screen reader's lines."""
from __future__ import annotations


def match_order(view: dict, points: bool) -> list[int]:
    """The seats in the match's final order (the results table, the screen reader's lines):
    fewest points (then more rounds won), or the most first places; the winner first."""
    n = int(view.get("n") or 0)
    if points:
        order = sorted(range(n), key=lambda i: (view["totals"][i], -view["wins"][i]))
    else:
        order = sorted(range(n), key=lambda i: [-c for c in view["standings"][i]])
    if view.get("winner") in order:
        order.remove(view["winner"])
        order.insert(0, view["winner"])
    return order

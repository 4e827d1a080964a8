"""What is on a game's table, in one small shared vocabulary (the plain table draws it).

A game without a scene of its own may put ``view["table"]`` into each seat's view:

    {"piles":  [{"id": "middle", "label": "Mitte", "cards": [12, 40]},      # face up, last on top
                {"id": "stock", "count": 17, "target": False}],             # face down, a count
     "rows":   [{"id": "hearts", "label": "♥", "cards": [5, 6, 7]}],        # cards side by side
     "labels": ["Trumpf: ♥"]}                                               # short lines

- a pile or row has an ``id`` (a short string, unique on the table), an optional ``label``
  (short text), and either ``cards`` (face-up card ids, ints) or ``count`` (face-down cards,
  an int >= 0); ``target: True`` marks a pile a card can be played onto.
- a card move maps to a legal move by convention: a legal move (wire dict) with
  ``"cards": [ids]`` (or ``"card": id``) and an optional ``"target": pile id`` is made by
  selecting those hand cards and tapping (or dropping onto) that pile; without a target a
  tap on the card makes it. Any other legal move is a button.

:func:`check_table` validates such a description and says clearly what is wrong, so that the
contract test reports a bad table instead of the window crashing on it."""
from __future__ import annotations

KEYS = {"piles", "rows", "labels"}
ITEM_KEYS = {"id", "label", "cards", "count", "target"}
MAX_ITEMS = 24
MAX_CARDS = 120
MAX_LABEL = 40


class TableError(ValueError):
    """A view's ``table`` that does not keep to the vocabulary."""


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_item(where: str, item, ids: set) -> None:
    if not isinstance(item, dict):
        raise TableError(f"{where} must be a dict, not {type(item).__name__}")
    extra = set(item) - ITEM_KEYS
    if extra:
        raise TableError(f"{where} has unknown keys {sorted(extra)} (known: {sorted(ITEM_KEYS)})")
    pid = item.get("id")
    if not isinstance(pid, str) or not pid or len(pid) > MAX_LABEL:
        raise TableError(f"{where} needs an 'id': a short non-empty string")
    if pid in ids:
        raise TableError(f"{where}: the id {pid!r} is used twice")
    ids.add(pid)
    label = item.get("label", "")
    if not isinstance(label, str) or len(label) > MAX_LABEL:
        raise TableError(f"{where} ({pid}): 'label' must be a string of at most {MAX_LABEL} characters")
    if ("cards" in item) == ("count" in item):
        raise TableError(f"{where} ({pid}) needs exactly one of 'cards' (face-up ids) or 'count' (face-down)")
    if "cards" in item:
        cards = item["cards"]
        if not isinstance(cards, list) or len(cards) > MAX_CARDS or not all(_is_int(c) and c >= 0 for c in cards):
            raise TableError(f"{where} ({pid}): 'cards' must be a list of card ids (ints >= 0), "
                             f"at most {MAX_CARDS}")
    elif not _is_int(item["count"]) or not 0 <= item["count"] <= MAX_CARDS:
        raise TableError(f"{where} ({pid}): 'count' must be an int 0..{MAX_CARDS}")
    if not isinstance(item.get("target", False), bool):
        raise TableError(f"{where} ({pid}): 'target' must be true or false")


def check_table(table) -> dict:
    """``table`` itself if it keeps to the vocabulary, else a :class:`TableError` that says
    where and what is wrong. ``None`` (no table) is an empty table."""
    if table is None:
        return {}
    if not isinstance(table, dict):
        raise TableError(f"view['table'] must be a dict, not {type(table).__name__}")
    extra = set(table) - KEYS
    if extra:
        raise TableError(f"view['table'] has unknown keys {sorted(extra)} (known: {sorted(KEYS)})")
    ids: set = set()
    for key in ("piles", "rows"):
        items = table.get(key, [])
        if not isinstance(items, list) or len(items) > MAX_ITEMS:
            raise TableError(f"view['table']['{key}'] must be a list of at most {MAX_ITEMS}")
        for i, item in enumerate(items):
            _check_item(f"view['table']['{key}'][{i}]", item, ids)
    labels = table.get("labels", [])
    if (not isinstance(labels, list) or len(labels) > MAX_ITEMS
            or not all(isinstance(s, str) and len(s) <= MAX_LABEL for s in labels)):
        raise TableError(f"view['table']['labels'] must be a list of short strings (at most {MAX_LABEL} characters)")
    return table


def move_cards(move: dict) -> list:
    """The hand cards a legal move (wire dict) plays by the convention: ``cards`` or ``card``."""
    if "card" in move and _is_int(move["card"]):
        return [move["card"]]
    cards = move.get("cards")
    return list(cards) if isinstance(cards, list) and all(_is_int(c) for c in cards) else []


def move_target(move: dict):
    """The pile id a legal move plays onto, or None."""
    t = move.get("target")
    return t if isinstance(t, str) else None


def face_card(game, cid: int, rules: dict):
    """Card ``cid`` as ``game`` draws it (``Game.card_face(cid, rules)``: rank and suit), a
    ``felt.cards.Card``; the French default where the game is None or its answer is no
    ``(rank, suit)`` of short strings (or it fails)."""
    face = None
    if game is not None:
        try:
            face = game.card_face(cid, rules)
        except Exception:  # noqa: BLE001 (a game's bug draws the default face, not a crash)
            face = None
    if (not isinstance(face, (tuple, list)) or len(face) != 2
            or not all(isinstance(x, str) and 0 < len(x) <= 6 for x in face)):
        return default_card(cid)
    return _card(cid, *face)


def default_card(cid: int):
    """The face the plain table draws for card id ``cid`` (``Game.card_face``'s default)."""
    return _card(cid, *french_face(cid))


def french_face(cid: int) -> tuple[str, str]:
    """``(rank, suit)`` of the card of index ``cid`` in a 52-card French deck (suits Kreuz, Pik,
    Herz, Karo, ranks 2..A, ``felt.cards`` order), the id taken modulo 52."""
    from felt.cards import FRENCH_RANKS, FRENCH_SUITS
    i = int(cid) % 52
    return FRENCH_RANKS[i % 13], FRENCH_SUITS[i // 13]


def _card(cid: int, rank: str, suit: str):
    from felt.cards import JOKER_SUIT, Card, card_code
    return Card(int(cid), rank, suit, 0, suit == JOKER_SUIT, card_code(suit, rank))

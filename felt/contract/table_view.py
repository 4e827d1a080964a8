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
contract test reports a bad table instead of the window crashing on it.

A trick game says more, and the plain table shows it as players expect:

    {"trick":  {"id": "trick", "cards": [[2, 40], [3, 12]],             # [seat, card] in play order
                "winner": None,                                         # a seat: taken by it (lit)
                "last": {"cards": [[0, 7], [1, 9], [2, 3], [3, 5]], "winner": 1}},
     "say":    {"text": "stiche.say.bid", "args": {"name": {"seat": 1}}},  # the instruction line
     "seats":  ["2/3", "0/1", ...],                                     # a short line per seat
     "standings": {"rounds": [[11, 0, 2], [1, 12, 0]], "total": [12, 12, 2], "won": [0, 1]}}

- ``trick``: the cards played to the trick by seat; each lies at its seat. ``winner`` marks a
  trick taken (its card lit, "Ben nimmt den Stich"); ``last`` is the trick taken before, shown
  in place while no card of the next one lies, and on a tap ("Letzter Stich") after that.
  ``target: True`` makes it the place a card is dropped on (moves with ``"target": id``).
- a text (``label``, ``labels``, ``say``, ``seats``) is a plain string or a text of the game's
  catalog: ``{"text": key, "args": {...}}``, said in the table's language; an argument is a
  number, a short string or ``{"seat": k}`` (that seat's name as the table says it: "Du" for
  the window's own seat, whose text then is ``key + "_me"`` where the catalog has it).
- ``say``: one line telling the seat what to do now ("Wähle 3 Karten", "Farbe bedienen").
- ``seats``: per seat its short line (points, a bid) on its card; else ``Game.seat_summary``.
- ``standings``: per round a row of one cell per seat (a number or a short string), the
  ``total`` row and ``won``: the seats that won the round (phase ``round_over``) or the match
  (``match_over``). The plain table shows it at a round's end and on a tap during the round.

A move that picks cards (a pass, a discard, a meld) is one legal move, not one per choice:
``{"kind": "pass", "pick": 3}`` (optionally ``"among": [ids]``, the hand cards it may pick, and a
``target``) means "choose 3 cards of the hand, then confirm"; the move made is the same dict
with ``"cards": [the chosen ids]`` instead of ``pick``/``among`` (:func:`picked`)."""
from __future__ import annotations

KEYS = {"piles", "rows", "labels", "trick", "say", "seats", "standings"}
TRICK_KEYS = {"id", "label", "cards", "winner", "last", "target"}
STANDINGS_KEYS = {"rounds", "total", "won", "label"}
MAX_CELL = 12
MAX_SAY = 80
ITEM_KEYS = {"id", "label", "cards", "count", "target"}
MAX_ITEMS = 24
MAX_CARDS = 120
MAX_LABEL = 40


class TableError(ValueError):
    """A view's ``table`` that does not keep to the vocabulary."""


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_keys(where: str, obj, known: set) -> None:
    """``obj`` is a dict of none but the ``known`` keys."""
    if not isinstance(obj, dict):
        raise TableError(f"{where} must be a dict, not {type(obj).__name__}")
    extra = set(obj) - known
    if extra:
        raise TableError(f"{where} has unknown keys {sorted(extra)} (known: {sorted(known)})")


def _check_id(where: str, pid, ids: set) -> None:
    """A pile's, row's or trick's ``id``: a short string no other item of the table has."""
    if not isinstance(pid, str) or not pid or len(pid) > MAX_LABEL:
        raise TableError(f"{where} needs an 'id': a short non-empty string")
    if pid in ids:
        raise TableError(f"{where}: the id {pid!r} is used twice")
    ids.add(pid)


def _check_item(where: str, item, ids: set) -> None:
    _check_keys(where, item, ITEM_KEYS)
    pid = item.get("id")
    _check_id(where, pid, ids)
    _check_text(f"{where} ({pid}) 'label'", item.get("label", ""))
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
    _check_keys("view['table']", table, KEYS)
    ids: set = set()
    for key in ("piles", "rows"):
        items = table.get(key, [])
        if not isinstance(items, list) or len(items) > MAX_ITEMS:
            raise TableError(f"view['table']['{key}'] must be a list of at most {MAX_ITEMS}")
        for i, item in enumerate(items):
            _check_item(f"view['table']['{key}'][{i}]", item, ids)
    for key in ("labels", "seats"):
        lines = table.get(key, [])
        if not isinstance(lines, list) or len(lines) > MAX_ITEMS:
            raise TableError(f"view['table']['{key}'] must be a list of at most {MAX_ITEMS} texts")
        for i, line in enumerate(lines):
            _check_text(f"view['table']['{key}'][{i}]", line)
    if "say" in table:
        _check_text("view['table']['say']", table["say"], MAX_SAY)
    if "trick" in table:
        _check_trick(table["trick"], ids)
    if "standings" in table:
        _check_standings(table["standings"])
    return table


def _check_text(where: str, text, limit: int = MAX_LABEL) -> None:
    """A text of the table: a short string, or ``{"text": key, "args": {...}}`` of the game's catalog."""
    if isinstance(text, str):
        if len(text) > limit:
            raise TableError(f"{where} must be a short string (at most {limit} characters): {text[:limit]!r}…")
        return
    if not isinstance(text, dict) or set(text) - {"text", "args"} or not isinstance(text.get("text"), str) \
            or not 0 < len(text["text"]) <= 80:
        raise TableError(f"{where} must be a short string or {{'text': catalog key, 'args': {{...}}}}, "
                         f"not {text!r:.60}")
    args = text.get("args", {})
    if not isinstance(args, dict) or len(args) > 8:
        raise TableError(f"{where} ({text['text']}): 'args' must be a map of at most 8 arguments")
    for name, arg in args.items():
        ok = isinstance(name, str) and (_is_int(arg) or (isinstance(arg, str) and len(arg) <= MAX_LABEL) or (
            isinstance(arg, dict) and set(arg) == {"seat"} and _is_int(arg["seat"]) and arg["seat"] >= 0))
        if not ok:
            raise TableError(f"{where} ({text['text']}): the argument {name!r} must be a number, a short "
                             f"string or {{'seat': k}}, not {arg!r:.40}")


def _check_plays(where: str, plays) -> None:
    if not isinstance(plays, list) or len(plays) > MAX_ITEMS or not all(
            isinstance(p, (list, tuple)) and len(p) == 2 and _is_int(p[0]) and p[0] >= 0 and _is_int(p[1])
            and p[1] >= 0 for p in plays):
        raise TableError(f"{where} must be a list of [seat, card] pairs (ints >= 0), at most {MAX_ITEMS}")
    seats = [p[0] for p in plays]
    if len(set(seats)) != len(seats):
        raise TableError(f"{where}: a seat plays twice to one trick ({seats})")


def _check_trick(trick, ids: set) -> None:
    where = "view['table']['trick']"
    _check_keys(where, trick, TRICK_KEYS)
    _check_id(where, trick.get("id", "trick"), ids)
    _check_text(f"{where} 'label'", trick.get("label", ""))
    _check_plays(f"{where}['cards']", trick.get("cards", []))
    for key, value in (("winner", trick.get("winner")), ("last's winner", (trick.get("last") or {}).get("winner"))):
        if value is not None and not (_is_int(value) and value >= 0):
            raise TableError(f"{where}: the {key} must be a seat (an int >= 0) or None")
    last = trick.get("last")
    if last is not None:
        _check_keys(f"{where}['last'] ({{'cards': [[seat, card], ...], 'winner': seat}} or None)", last,
                    {"cards", "winner"})
        _check_plays(f"{where}['last']['cards']", last.get("cards", []))
    if not isinstance(trick.get("target", False), bool):
        raise TableError(f"{where}: 'target' must be true or false")


def _check_standings(st) -> None:
    where = "view['table']['standings']"
    _check_keys(where, st, STANDINGS_KEYS)

    def cells(name, row):
        if not isinstance(row, list) or len(row) > MAX_ITEMS or not all(
                c is None or _is_int(c) or (isinstance(c, str) and len(c) <= MAX_CELL) for c in row):
            raise TableError(f"{where}['{name}'] must be a list of cells (a number, a string of at most "
                             f"{MAX_CELL} characters, or None), one per seat")
    rounds = st.get("rounds", [])
    if not isinstance(rounds, list) or len(rounds) > MAX_CARDS:
        raise TableError(f"{where}['rounds'] must be a list of rows, at most {MAX_CARDS}")
    for i, row in enumerate(rounds):
        cells(f"rounds'][{i}", row)
    cells("total", st.get("total", []))
    won = st.get("won", [])
    if not isinstance(won, list) or not all(_is_int(w) and w >= 0 for w in won):
        raise TableError(f"{where}['won'] must be a list of seats (ints >= 0)")
    _check_text(f"{where} 'label'", st.get("label", ""))


def texts_named(table) -> list[dict]:
    """Every text of the game's catalog a (checked) table names: ``{"text", "args"}`` items."""
    out: list = []

    def add(x):
        if isinstance(x, dict) and "text" in x:
            out.append(x)
    for item in (table.get("piles") or []) + (table.get("rows") or []) + [table.get("trick") or {},
                                                                           table.get("standings") or {}]:
        add(item.get("label"))
    for x in (table.get("labels") or []) + (table.get("seats") or []) + [table.get("say")]:
        add(x)
    return out


# ----------------------------------------------------------------------------- picking cards
def pick_count(move: dict) -> int:
    """How many hand cards a legal move asks to pick (``"pick": N``), 0 for any other move."""
    n = move.get("pick") if isinstance(move, dict) else None
    return n if _is_int(n) and n > 0 else 0


def pick_among(move: dict, hand) -> list:
    """The hand cards a pick move may choose from (its ``among``, else the whole hand), in hand order."""
    among = move.get("among")
    if isinstance(among, list):
        allowed = {c for c in among if _is_int(c)}
        return [c for c in hand if c in allowed]
    return list(hand)


def picked(move: dict, cards) -> dict:
    """The move a pick move (``"pick": N``) makes with ``cards`` chosen: the same dict with
    ``"cards"`` instead of ``pick`` and ``among``."""
    out = {k: v for k, v in move.items() if k not in ("pick", "among")}
    out["cards"] = sorted(int(c) for c in cards)
    return out


def pick_of(legal, move: dict, hand) -> dict | None:
    """The pick move of ``legal`` that the made ``move`` (cards chosen) is one choice of, or None."""
    if not isinstance(move, dict) or "pick" in move:
        return None
    cards = move.get("cards")
    if not isinstance(cards, list) or len(set(map(repr, cards))) != len(cards):
        return None
    for m in legal or []:
        n = pick_count(m)
        if n and len(cards) == n and set(cards) <= set(pick_among(m, hand)) \
                and {k: v for k, v in move.items() if k != "cards"} == {k: v for k, v in m.items()
                                                                       if k not in ("pick", "among")}:
            return m
    return None


def random_move(view: dict, rng) -> dict:
    """A random legal move of ``view`` as it is sent (a pick move with cards chosen at random):
    the fallback of every player that chooses without knowing the game."""
    move = rng.choice(view["legal"])
    n = pick_count(move)
    if n:
        pool = pick_among(move, view.get("hand") or [])
        return picked(move, rng.sample(pool, min(n, len(pool))))
    return move


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

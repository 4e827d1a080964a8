"""The one contract every game of Felt Club fulfils.

A game is pure functions over its own ``State`` plus a per-seat view filter (as in
boardgame.io), with OpenSpiel's vocabulary: the seat on turn, legal moves, apply, an
observation per seat. Everything above the engines (table, host, journal, protocol,
simulate, tournament, snapshot, window) talks to a game only through a ``Game`` object
from the registry (``felt.contract.get(game_id)``), never to an engine module directly.

Conventions every game keeps:

* ``state.phase`` is a string; ``"round_over"`` (the host may call ``next_round``) and
  ``"match_over"`` (nothing more happens) are shared by all games, every other phase is
  the game's own (e.g. an ``"exchange"`` before the ``"play"``). In any phase other than
  those two exactly one seat, ``state.to_move``, is asked for a move.
* ``state.n`` (seats), ``state.round_no`` (1-based), ``state.rules`` and ``state.seed`` exist.
* Moves are small immutable values; ``move_to_wire`` / ``move_from_wire`` turn them into
  msgpack-able dicts with a ``"kind"`` and back (``move_from_wire`` takes untrusted input
  and raises ``IllegalMove`` with a clear reason).
* ``apply`` is pure: it works on a clone and raises ``IllegalMove`` (state unchanged) for a
  move that is not legal for ``seat`` now. ``apply_inplace(state, seat, move, check=False)``
  is the fast path for simulation and search.
* Events are dicts with a ``"type"``; a field only some seats may see goes under
  ``"_private": {"seats": [...], "data": {...}}`` and ``filter_events`` strips it for
  everyone else. ``view(state, seat)`` and ``filter_events(events, seat)`` are the only
  exits for game data (``seat=None`` is a spectator). A view holds ``seat``, ``n``,
  ``phase``, ``round_no``, ``to_move``, ``legal`` (wire moves, only for the seat on turn),
  ``rules`` (the rule set as a dict) and whatever else the game's scenes need. Never the
  seed, the deck order or another seat's secret.
* Determinism: every random choice comes from the seed (e.g. ``round_rng(seed, round_no,
  purpose)``, a ``random.Random`` seeded with ``f"felt:{seed}:{round_no}:{purpose}"``), so
  the same seed and moves give the same match.
* The action log: ``replay(rules, n, seed, actions, rounds)`` rebuilds a state from items
  ``("move", seat, wire_move)``, ``("next_round",)`` and ``("end_match",)``.
"""
from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from felt.contract import rulefile
class KeyedError(ValueError):
    """An error with a message key and its text in German and English (``MESSAGES``: key ->
    (German, English) format strings). ``str()`` is English; ``.de`` German; ``text(lang)``."""

    MESSAGES: dict = {}

    def __init__(self, key: str, **params):
        self.key = key
        self.params = params
        de, en = self.MESSAGES[key]
        self.de = de.format(**params)
        self.en = en.format(**params)
        super().__init__(self.en)

    def text(self, lang: str = "de") -> str:
        return self.de if lang == "de" else self.en


class RulesError(KeyedError):
    """An impossible or malformed rule set, of any game. A game's own error subclasses it with
    its own ``MESSAGES`` (these shared ones included)."""

    MESSAGES = {
        "no_template": ("Keine Vorlage und keine Datei „{id}“", "No template and no file “{id}”"),
        "toml": ("Regeldatei ist kein gültiges TOML: {err}", "The rule file is not valid TOML: {err}"),
        # a file without ``game = "<id>"`` is read as the default game's, and was not one
        "unnamed": ("Die Regeldatei nennt kein Spiel (game = \"…\", eins von: {ids}) und ist kein "
                    "Regelsatz von {game_de}: {err_de}",
                    "The rule file names no game (game = \"…\", one of: {ids}) and is no rule set "
                    "of {game_en}: {err_en}"),
        # a rule set read by rules_from_fields
        "field_unknown": ("Unbekannte Regel „{name}“", "Unknown rule “{name}”"),
        "field_kind": ("{name} muss {de} sein", "{name} must be {en}"),
        "field_range": ("{name} muss zwischen {lo} und {hi} liegen", "{name} must be between {lo} and {hi}"),
    }


def wrong_kind(default, value) -> tuple[str, str] | None:
    """For a rule set read from untrusted data: where ``value`` is not of the kind of the
    field's ``default`` (true/false, a whole number, which a bool is not, or a text), that kind
    in German and English; None where it is, or where ``default`` is of none of these kinds."""
    if isinstance(default, bool):
        return None if isinstance(value, bool) else ("wahr/falsch", "true/false")
    if isinstance(default, int):
        return None if isinstance(value, int) and not isinstance(value, bool) else ("eine ganze Zahl", "a whole number")
    if isinstance(default, str):
        return None if isinstance(value, str) else ("ein Text", "text")
    return None


def rules_from_fields(cls, d, error: type = RulesError):
    """A rule set of the frozen dataclass ``cls`` from untrusted data ``d`` (a rule file, the
    lobby): every key one of its fields (``"game"`` is ignored), each value of the kind of the
    field's default (``wrong_kind``) and, where ``cls.LIMITS`` (field -> (lo, hi)) names it,
    within its range; else ``error`` (a ``RulesError`` class) in both languages."""
    if not isinstance(d, dict):
        raise error("field_kind", name="rules", de="eine Tabelle", en="a table")
    known = {f.name: f.default for f in dataclasses.fields(cls)}
    limits = getattr(cls, "LIMITS", {})
    for key, value in d.items():
        if key == "game":
            continue
        if key not in known:
            raise error("field_unknown", name=key)
        kind = wrong_kind(known[key], value)
        if kind:
            raise error("field_kind", name=key, de=kind[0], en=kind[1])
        lo, hi = limits.get(key, (None, None))
        if lo is not None and not lo <= value <= hi:
            raise error("field_range", name=key, lo=lo, hi=hi)
    return cls(**{k: v for k, v in d.items() if k != "game"})


class IllegalMove(ValueError):
    """A move the rules do not allow now; the state is unchanged."""


def wire_kind(d, kinds, hint: str = "") -> str:
    """The ``kind`` of an untrusted wire move ``d`` (for ``move_from_wire``); IllegalMove unless
    ``d`` is a map whose kind is one of ``kinds`` (``hint``, e.g. the kinds in words, follows
    the reason in brackets)."""
    if not isinstance(d, dict):
        raise IllegalMove("a move must be a map with a 'kind'")
    kind = d.get("kind")
    if kind not in kinds:
        raise IllegalMove(f"unknown move kind {kind!r}" + (f" ({hint})" if hint else ""))
    return kind


def round_rng(seed, round_no: int, purpose: str) -> random.Random:
    """The random numbers of one purpose (``"deal"``, ``"leader"``, ...) in one round of a
    match: the same seed gives the same draws."""
    return random.Random(f"felt:{seed}:{round_no}:{purpose}")


def private_event(etype: str, seats, secret: dict, **public) -> dict:
    """An event whose ``secret`` fields only ``seats`` may see (see :func:`filter_private`)."""
    ev = {"type": etype, **public}
    ev["_private"] = {"seats": list(seats), "data": secret}
    return ev


def filter_private(events: list, seat: int | None) -> list:
    """``events`` as ``seat`` may see them (``None``: a spectator): every ``"_private"`` part
    is dropped, and merged in for the seats it names."""
    out = []
    for ev in events:
        priv = ev.get("_private")
        if priv is None:
            out.append(ev)
            continue
        e = {k: v for k, v in ev.items() if k != "_private"}
        if seat is not None and seat in priv["seats"]:
            e.update(priv["data"])
        out.append(e)
    return out


@dataclass(frozen=True)
class OptionSpec:
    """One rule option, described for the rule editor, "How to play" and validation.

    ``kind`` is ``"choice"`` (one of ``values``), ``"int"`` (``lo``..``hi``), ``"bool"`` or
    ``"str"`` (at most ``hi`` characters). ``label``, ``help`` (one line) and
    ``value_labels`` (value -> text) are ``{"de": ..., "en": ...}``.
    """

    key: str
    kind: str
    label: dict
    help: dict
    values: tuple = ()
    lo: int | None = None
    hi: int | None = None
    value_labels: dict = field(default_factory=dict)
    group: str = ""


class Bot:
    """A bot that decides from a seat's view: ``choose(view)`` checks that the view is a dict
    with legal moves, asks the subclass's ``decide(view)`` for one of them, and counts the
    ``decisions`` and how long each took (``think_times``, seconds). A subclass sets ``rng``."""

    level = "?"
    view_kind = "a dict"     # what a view is, for the TypeError on anything else

    def __init__(self):
        self.decisions = 0
        self.think_times: list[float] = []

    def choose(self, view: dict):
        if not isinstance(view, dict):
            raise TypeError(f"a bot decides from its seat's view ({self.view_kind}), not from {type(view).__name__}")
        if not view.get("legal"):
            raise ValueError("no legal moves in this view: the seat is not on turn")
        t0 = time.perf_counter()
        move = self.decide(view)
        self.think_times.append(time.perf_counter() - t0)
        self.decisions += 1
        return move

    def decide(self, view: dict):
        """One of the view's legal moves (as the game's move value)."""
        raise NotImplementedError

    def observe(self, events) -> None:
        """The events of a move (filtered for this seat); nothing to remember by default."""
        return None


# Pacing: how long a table shows a change before the next one, in seconds at normal speed.
# The host decides it for every seat (one clock for every screen at the table): it stamps the
# seconds on each state it sends and lets bots and the next round wait for them.
PACE_PLAY = 1.25        # a seat's card play (or swap): its flight plus time to read it
PACE_PASS = 0.5         # a pass, a draw, another small move
PACE_EFFECT = 1.2       # a clear, skip, revolution, wish, knock, going out …: each its own slot
PACE_TRICK = 0.45       # a trick ends (the cleared trick stays visible until the next lead)
PACE_ROUND_END = 3.2    # who went out in which order, at the table
PACE_RESULTS = 4.0      # then the round's results, before the next round may deal itself
PACE_SPEEDS = {"calm": 1.6, "normal": 1.0, "fast": 0.55, "off": 0.0}


class Game:
    """Base class of a game; a game module exposes one instance as ``GAME``.

    Subclasses set the class attributes and implement every method that raises
    ``NotImplementedError``. Defaults are given where one shape fits all games.
    """

    id: str = "?"                     # a short lowercase name, the game's folder and entry point
    name: dict = {"de": "?", "en": "?"}
    # the contract version the game needs ("1.2"; felt.contract.version): a Felt Club with an
    # older one does not load it and says why; None: any 1.x
    contract: str | None = None
    order: int = 100                  # place in the lists of games (lower first)
    # the game of data that names none (rule files, journals and lobbies without a ``game``);
    # one game sets it
    plays_unnamed: bool = False
    min_players: int = 2
    max_players: int = 8
    bot_levels: tuple = ("easy", "normal", "hard")
    # The shape of a wire move, checked by the host before move_from_wire sees it: ``kind``
    # one of move_kinds (empty: any short name), ``cards`` (card ids), ``ranks`` (rank
    # names), plus these keys of the game's own (short plain values).
    move_kinds: tuple = ()
    move_keys: tuple = ()
    # rule files: the first line's comment, and the error (a RulesError) that rejects a file
    rules_file_comment: str = "Felt Club rule set. Edit, save, share."
    # a saved rule file says ``game = "<id>"`` (a file without it is the default game's)
    rules_file_names_game: bool = True
    rules_error: type = RulesError

    # ------------------------------------------------------------- rule sets
    def template_ids(self) -> list[str]:
        """The ids of the shipped templates, in display order (first is the default)."""
        raise NotImplementedError

    def template(self, template_id: str):
        """The rule set of a shipped template; KeyError if there is none of that id."""
        raise NotImplementedError

    def rules_from_dict(self, d: dict):
        """A validated rule set from untrusted data (every value checked, on or off);
        raises a ValueError subclass with a clear message."""
        raise NotImplementedError

    def rules_to_dict(self, rules) -> dict:
        """The rule set as plain data (msgpack/TOML-able); includes ``"game": self.id``."""
        raise NotImplementedError

    def load_rules_file(self, path):
        """A validated rule set from a TOML file of this game (``felt.contract.rulefile``);
        raises ``rules_error`` for a file that is not TOML, OSError for one that cannot be read."""
        return self.rules_from_dict(rulefile.read(path, self.rules_error))

    def rules_to_toml(self, rules) -> str:
        """The rule set as a TOML file's text (``game = ...`` first where
        :meth:`rules_to_dict` names it, else added: a saved file without it would load as the
        default game's), for saving and sharing."""
        data = self.rules_to_dict(rules)
        if "game" not in data and self.rules_file_names_game:
            data = {"game": self.id, **data}
        return rulefile.to_toml(data, self.rules_file_comment)

    def options(self) -> list[OptionSpec]:
        """Every rule option with its metadata, in editor order (none: the editor shows the
        rule set read-only)."""
        return []

    def players_range(self, rules) -> tuple[int, int]:
        """(fewest, most) seats these rules allow."""
        return self.min_players, self.max_players

    def validate(self, rules, n_players: int) -> None:
        """Raise a ValueError subclass if the rules cannot be played by ``n_players``."""
        lo, hi = self.players_range(rules)
        if not lo <= n_players <= hi:
            raise ValueError(f"{n_players} players do not fit these rules ({lo}–{hi})")

    def default_rounds(self, rules) -> int:
        """Rounds per match these rules set (0: open-ended / decided by the rules)."""
        return getattr(rules, "rounds", 0)

    # For rules_with_rounds: the options a rule set (a frozen dataclass with a ``rounds``
    # field) sets besides ``rounds`` to end its match after a fixed number of rounds, e.g.
    # ``{"match_end": "rounds"}``; None: the default ignores the number.
    fixed_rounds_options: dict | None = None

    def rules_with_rounds(self, rules, rounds: int | None):
        """The rule set as a table plays it whose owner set ``rounds`` per match (None: the
        rule set's own), for explaining it ("How to play"). By default ``rounds`` (unless None
        or 0) with :attr:`fixed_rounds_options`, or the rule set as it is where a game sets none."""
        if self.fixed_rounds_options is None or not rounds:
            return rules
        return dataclasses.replace(rules, rounds=int(rounds), **self.fixed_rounds_options)

    # ---------------------------------------------------------------- engine
    def new_match(self, rules, n_players: int, seed, rounds: int | None = None):
        """A new match with round 1 dealt: ``(state, events)``."""
        raise NotImplementedError

    def legal_moves(self, state) -> list:
        """The legal moves of ``state.to_move`` (empty when nobody is on turn)."""
        raise NotImplementedError

    def check_move(self, state, seat: int, move) -> None:
        """Raise IllegalMove with the reason if ``seat`` may not make ``move`` now."""
        raise NotImplementedError

    def is_legal(self, state, seat: int, move) -> bool:
        try:
            self.check_move(state, seat, move)
        except IllegalMove:
            return False
        return True

    def apply(self, state, seat: int, move):
        """Pure: ``(new_state, events)``; raises IllegalMove and changes nothing then."""
        raise NotImplementedError

    def apply_inplace(self, state, seat: int, move, check: bool = True) -> list:
        """Fast path: changes ``state``; returns the events."""
        raise NotImplementedError

    def next_round(self, state):
        """From ``"round_over"``: the next round dealt, ``(new_state, events)``."""
        raise NotImplementedError

    def end_match(self, state):
        """End the match now (the host's decision): ``(new_state, events)``. The winner
        (``state.winner``, the view's ``"winner"``) comes from the rounds played to their end:
        None when there was none (the tables say so: "kein Sieger")."""
        raise NotImplementedError

    def clone(self, state):
        return state.clone()

    def replay(self, rules, n_players: int, seed, actions, rounds: int | None = None):
        state, _ = self.new_match(rules, n_players, seed, rounds)
        for a in actions:
            if a[0] == "move":
                self.apply_inplace(state, a[1], self.move_from_wire(a[2]))
            elif a[0] == "next_round":
                state, _ = self.next_round(state)
            elif a[0] == "end_match":
                state, _ = self.end_match(state)
            else:
                raise ValueError(f"unknown action {a[0]!r}")
        return state

    def move_to_wire(self, move) -> dict:
        raise NotImplementedError

    def move_from_wire(self, d) -> Any:
        raise NotImplementedError

    # seconds a table shows an event of each type (see PACE_*); a game adds its own types
    pace_seconds: dict = {
        "play": PACE_PLAY, "pass": PACE_PASS, "draw": PACE_PASS, "trick_won": PACE_TRICK,
        "clear": PACE_EFFECT, "skip": PACE_EFFECT, "revolution": PACE_EFFECT, "out": PACE_EFFECT,
        "round_over": PACE_ROUND_END + PACE_RESULTS,
    }

    def pace(self, events: list) -> float:
        """Seconds (at normal speed) a change that brought ``events`` stays on every screen
        before the next change is shown."""
        table = self.pace_seconds
        return sum(table.get(ev.get("type"), 0.0) for ev in events if isinstance(ev, dict))

    def timeout_move(self, state):
        """What the turn timer plays for ``state.to_move`` when time runs out, or None to let
        the seat's stand-in bot decide (e.g. a pass where passing is legal)."""
        return None

    # ----------------------------------------------------------- what a seat sees
    def view(self, state, seat: int | None) -> dict:
        raise NotImplementedError

    def views(self, state, seats) -> dict:
        """``{seat: view(state, seat)}`` for the seats (``None``: a spectator) the host
        broadcasts to after a change. A game may build the public part once and share its
        values between the views (they are read-only for the caller); the result must equal
        calling :meth:`view` per seat."""
        return {seat: self.view(state, seat) for seat in seats}

    def filter_events(self, events: list, seat: int | None) -> list:
        return filter_private(events, seat)

    # ------------------------------------------------------------- checks
    def check_cards(self, state) -> str | None:
        """What is wrong with ``state``'s cards (each card of the deck in exactly one place),
        or None. Used by `felt soak` after every journaled step; a game without cards to
        account for returns None."""
        return None

    def check_view_cards(self, state, view: dict) -> str | None:
        """What is wrong with the cards a seat's ``view`` of ``state`` shows (a card twice,
        counts that do not add up to the deck), or None."""
        return None

    # ------------------------------------------------------------- results
    def round_places(self, state) -> list[int]:
        """Seats in finishing order of the round that just ended (best first): by default the
        last row of ``state.history``, the places of each round played."""
        return list(state.history[-1]) if state.history else []

    def round_losers(self, state) -> list[int]:
        """The seats that lost in the round that just ended (e.g. a life each), for
        tournaments; ``[]`` for games whose rounds only rank the seats (the default)."""
        return []

    def winner(self, state) -> int | None:
        """The match winner once ``phase == "match_over"`` (None before, or with no rounds)."""
        return getattr(state, "winner", None)

    def seat_summary(self, view: dict) -> str:
        """One line on how the view's seat did in the match (``felt bot`` prints it at the
        end): by default its place in every round, from the view's ``history``.

        A game that says its own line also has it on every seat's card of the plain table
        (``felt.ui.game_table.PlainTableScene``): there ``view`` is the window's view with its
        ``"seat"`` set to that card's seat, so the line must read only what the view shows of
        every seat (scores, counts, places), and be short (a few characters fit on a phone)."""
        seat = view.get("seat")
        places = [p.index(seat) + 1 for p in view.get("history") or [] if seat in p]
        return f"places per round: {places}"

    # ---------------------------------------------------------------- bots
    def make_bot(self, level: str, seed=None, think_ms: int | None = None):
        """A bot with ``choose(view) -> move`` (and optional ``observe(events)``) that decides
        from a seat's view only (e.g. a :class:`Bot`)."""
        raise NotImplementedError

    def bot_level(self, wanted: str | None = None) -> str:
        """``wanted`` where it is one of :attr:`bot_levels`, else the game's default level
        (``normal`` where the game has it, else its first level)."""
        if wanted in self.bot_levels:
            return wanted
        if "normal" in self.bot_levels:
            return "normal"
        return self.bot_levels[0]

    def hint(self, view: dict, lang: str = "de") -> dict | None:
        """"Tipp": what the normal bot would do in this seat's place, decided from the seat's
        view alone (two states that give the same view give the same hint): ``{"move": wire
        move (one of view["legal"]), "why": one short sentence in ``lang``}``, or None when the
        seat has no move to make. A game says why in :meth:`hint_reason`."""
        if not isinstance(view, dict) or not view.get("legal"):
            return None
        move = self.make_bot("normal", seed=0).choose(view)
        wire = move if isinstance(move, dict) else self.move_to_wire(move)
        return {"move": wire, "why": self.hint_reason(view, wire, lang)}

    def hint_reason(self, view: dict, move: dict, lang: str = "de") -> str:
        """One short sentence why the hint's ``move`` is good, in ``lang`` (a game says its own:
        "Die kleinsten Paare zuerst", "Schieben: 31 ist zu weit" …)."""
        return "So würde der Bot spielen." if lang == "de" else "This is what the bot would play."

    def bot_watches(self, level: str) -> bool:
        """Does a bot of ``level`` remember the table between its turns (its ``watch(view)``
        should get the seat's view after every move)?"""
        return False

    # ------------------------------------------------------------------ text
    def howto(self, rules, lang: str = "de") -> list[str]:
        """"How to play": the rule set in force in plain sentences."""
        return []

    def quiz(self, rules, seed=0, count: int = 8, lang: str = "de") -> list[dict]:
        """Quiz questions on the rule set in force, built and judged by the engine; ``[]``
        when the game has none. Every question is plain data (msgpack-able) of one shape,
        so one window scene shows every game's quiz:

        * ``"title"``: the quiz's title ("Was darfst du legen?"), ``"prompt"``: the question.
        * ``"table"``: cards on the table (a top card, a pile, the middle), ``"hand"``: the
          cards of a hand; each card is ``{"rank", "suit", "code", "joker"}`` as the card art
          draws it. ``"badges"``: short marks next to the table ("Wunsch ♥", "+4",
          "Revolution"); ``"alert"``: True when the table is in a special state.
        * ``"choices"``: what the player may pick, each ``{"label": str, "cards": [card]}``
          (cards to play, or a value like "30½" with no cards).
        * ``"multi"``: several choices may be right (tick every one) or exactly one is.
        * ``"right"``: the indices of the right choices (the engine's verdict).
        * ``"why"``: per choice, why it is right or wrong; ``"explanation"``: a sentence on
          the whole question (may be "").
        """
        return []

    def private_cards(self, state, seat: int) -> set:
        """The cards only ``seat`` may see now (its hand, a card it drew): the contract test
        checks that no other seat's view and no spectator's shows one of them, anywhere in the
        view (``felt.contract.hidden``: it changes these cards in a copy of the state where
        they are kept, so they must come from the state's containers, e.g. ``hands[seat]``)."""
        hands = getattr(state, "hands", None)
        return set(hands[seat]) if hands is not None else set()

    def shown_cards(self, view: dict) -> set:
        """Every card a seat's ``view`` shows face up (its hand, the table, the piles); by
        default the ids in the view's ``hand``."""
        return set(view.get("hand") or [])

    def card_face(self, card_id: int, rules: dict) -> tuple[str, str] | None:
        """How card ``card_id`` looks where the shell draws it (the plain table, the log):
        ``(rank, suit)`` as ``felt.ui.cardart`` draws it, or None for an id that is no card.
        ``rules`` is the view's rule set (``view["rules"]``, a dict), for a game whose deck
        depends on it. Ranks: "2".."10", "J", "Q", "K", "A", the German/Jass "U", "O", or any
        short number ("1".."20"); suits: French "C", "S", "H", "D" (Kreuz, Pik, Herz, Karo),
        Jass "R", "B", "T", "E" (Rosen, Schellen, Schilten, Eicheln; a 32-card German deck
        draws Eichel "E", Schellen "B", Herz "H" and Grün with Pik's "S"), and ("JOKER", "X")
        for a joker. By default card ``card_id % 52`` of a French deck in ``felt.cards`` order
        (Kreuz, Pik, Herz, Karo; 2..A)."""
        from felt.contract.table_view import french_face
        return french_face(card_id)

    def card_text(self, card_id: int, rules: dict, lang: str = "de", words: bool = False) -> str:
        """Card ``card_id`` named in ``lang`` as the table draws it (its ``card_face``): the
        corner's letters ("B♥" in German, "J♥" in English, "10♠"), or with ``words`` in words
        ("Herz Bube", "Jack of Hearts"). For a game's texts (a log line, a hint, a label) that
        name cards (``felt.contract.cardnames``)."""
        from felt.contract import cardnames
        from felt.contract.table_view import face_card
        card = face_card(self, card_id, rules if isinstance(rules, dict) else {})
        name = cardnames.card_words if words else cardnames.card_letters
        return name(card.rank, card.suit, lang)

    # ------------------------------------------------------------------ window
    # The shell (felt.ui) reaches a game's screens only through these hooks; each returns
    # a class or object of the game's own package, imported when asked for.
    def scene_for(self, phase: str):
        """The table scene class (a ``felt.ui.game_table.GameTableScene``) that shows a view
        in ``phase``; None: the shell's plain table (every legal move a card or a button)."""
        return None

    def rules_editor(self):
        """The rule editor scene class of this game; None: the shell's editor built from
        :meth:`options`."""
        return None

    def rules_summary(self, rules, lang: str = "de") -> list[str] | None:
        """Short lines on the rule set for the lobby; None: built from :meth:`options`."""
        return None

    def log_lines(self):
        """How the play log tells this game's events (a ``felt.ui.playlog.LogLines``); None:
        a log of the events' types only."""
        return None

    def snapshots(self, lang: str = "de", seed: int = 7) -> list:
        """The game's own screens for ``felt snapshot``, a list of ``felt.ui.shots.Shot``:
        ``Shot(name, make, sizes)``, where ``make(w, h)`` builds a scene (or a
        ``felt.ui.scene.SceneStack`` with overlays on top) to draw at ``w`` x ``h``, once per
        size of ``sizes``; the file is ``<game id>_<name>-WxH.png``. ``seed`` is ``felt
        snapshot --seed``, for a game that plays its demo match from it. Every game's lobby,
        rule editor, spectator table, how-to and quiz are drawn by ``felt snapshot`` itself;
        ``[]``: nothing more."""
        return []

    # ------------------------------------------------------------ commands
    # `felt rules list|show`, `felt simulate` and `felt tournament` (felt.game_commands, with the
    # shared runners felt.contract.simulate and felt.contract.tournament) reach a game only through
    # the contract above and these hooks.
    def deck_size(self, rules) -> int | None:
        """Cards in the deck these rules deal, for `felt rules list`; None: not shown."""
        return None

    def describe_rules(self, rules) -> str:
        """The whole rule set as text for `felt rules show`: by default a title line, then one
        line per value of :meth:`rules_to_dict` under its label from :meth:`options`."""
        values = self.rules_to_dict(rules)
        try:
            labels = {o.key: o.label.get("de", o.key) for o in self.options()}
        except NotImplementedError:
            labels = {}
        lines = [f"{values.get('id', '?')}: {values.get('name', '')}  ({self.name.get('de', self.id)})"]
        for key, value in values.items():
            if key in ("id", "name", "game"):
                continue
            if isinstance(value, bool):
                value = "an" if value else "aus"
            elif isinstance(value, list):
                value = " ".join(map(str, value))
            lines.append(f"  {labels.get(key, key):<28} {value}")
        return "\n".join(lines)

    def playout_apply(self, state, seat: int, move) -> None:
        """Apply a legal move, unchecked, where nobody reads the events (random play in `felt
        simulate`). A game whose engine can skip building the events does so here."""
        self.apply_inplace(state, seat, move, False)

    # ------------------------------------------------------- what a seat could believe
    # The mistake marks of a replay (felt.contract.analysis) play a seat's choices out in many
    # worlds that seat could not tell from the real one; these hooks make such a world.
    # State fields (lists of card ids) no seat ever sees, e.g. a face-down draw pile: the default
    # determinize deals them anew with the other seats' hands. By default the usual names of
    # such a pile, where the state has one that is a list of whole numbers; a game with another
    # hidden place names it here (or gives sample_world).
    unseen_piles: tuple = ("deck", "stock", "draw", "draw_pile", "talon")

    def sample_world(self, view: dict, rng: random.Random):
        """A whole engine state that agrees with everything ``view`` shows (the seat's hand,
        the table, what it saw played), the cards it does not see dealt at random from ``rng``
        (a game may weigh them by what the play so far suggests, as its hard bot does); None
        where the game builds none for this view (then :meth:`determinize` shuffles), a
        ValueError where no world can be dealt now (no mark is estimated there). It reads
        nothing but ``view``."""
        return None

    def determinize(self, state, seat: int, rng: random.Random):
        """A state ``seat`` cannot tell from ``state`` now: :meth:`sample_world` of its view, or
        (the default for every game) a clone of ``state`` with every card the seat cannot see
        (the other seats' ``hands`` and the :attr:`unseen_piles`) pooled, put in a fixed order
        and dealt back at random from ``rng`` into the same places, and a new seed: so the
        result depends on what the seat knows and on ``rng`` only, never on where the hidden
        cards really lie. ValueError where the seat would see the difference (a hidden place
        this game does not name)."""
        view = self.view(state, seat)
        world = self.sample_world(view, rng)
        if world is not None:
            return world
        w = self.clone(state)
        hands = getattr(w, "hands", None)
        if not isinstance(hands, list):
            raise ValueError(f"{self.id}: no hands to deal anew (give Game.sample_world)")
        places: list[list] = [hands[s] for s in range(len(hands)) if s != seat]
        for name in self.unseen_piles:
            pile = getattr(w, name, None)
            if isinstance(pile, list) and all(isinstance(c, int) and not isinstance(c, bool) for c in pile):
                places.append(pile)
        pool = [c for place in places for c in place]
        try:
            pool.sort()
        except TypeError:
            pool.sort(key=repr)
        rng.shuffle(pool)
        at = 0
        for place in places:
            k = len(place)
            place[:] = pool[at:at + k]
            at += k
        if hasattr(w, "seed"):
            w.seed = f"world:{rng.getrandbits(64)}"     # later draws must not follow the real deal
        if self.view(w, seat) != view:
            raise ValueError(f"{self.id}: seat {seat} would tell the dealt world from the real one "
                             "(a hidden place not in Game.unseen_piles)")
        return w

    def round_cost_span(self, state) -> float:
        """How far :meth:`round_cost` goes from the best round to a bad one, the unit of the
        mistake marks: the places (``n - 1``) by default."""
        return float(max(1, int(getattr(state, "n", 2)) - 1))

    # Does a tournament report match wins (Game.winner) beside the rounds' places? False for a
    # game whose match winner is only the sum of its rounds' places.
    tournament_match_wins: bool = True

    def round_cost(self, state, seat: int) -> float:
        """What the round that just ended cost ``seat`` (lower is better), for the paired
        benchmark (felt.contract.tournament.paired): by default its place, 0 for the first."""
        places = self.round_places(state)
        return places.index(seat) if seat in places else len(places)

    # ------------------------------------------------------------- the evening
    # The lobby shows the evening at the table (felt/net/evening.py): per player and game the
    # matches played and won, which the host counts for every game, and the game's own marks.
    def evening_marks(self, state) -> list[dict]:
        """What a finished match adds to each seat's row of the evening beside the matches
        played and won: per seat a map of the game's own short keys (at most 40 characters) to
        whole numbers 0 or more, summed over the evening's matches of this game (e.g. the titles
        held at a match's end, the lives left, the times swum). By default nothing more: the
        evening shows the matches won."""
        return [{} for _ in range(int(getattr(state, "n", 0)))]

    def evening_words(self, marks: dict, lang: str = "de") -> list[str]:
        """One player's marks of the evening in this game (the sums of :meth:`evening_marks`;
        a key may be missing) in a few words each, in ``lang``, in the order to show them:
        e.g. ``["2× <first title>", "1× <last title>"]``. ``[]`` (the default): the lobby shows
        the matches won only."""
        return []

"""Mau-Mau rule sets: every option of RULES-MAUMAU.md §2 as a frozen, validated value.

A rule set is a ``MauRules``; templates ship as TOML files in ``templates/`` (with
``game = "maumau"`` first, read by ``felt.contract.rulefile``). ``from_dict`` takes untrusted data (a lobby message, a file)
and checks every key, type and value; errors carry a German and an English text.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from pathlib import Path

from felt.contract.catalog import read_texts
from felt.cards import Card, card_code
from felt.contract import rulefile
from felt.contract.base import OptionSpec, RulesError, wrong_kind

GAME_ID = "maumau"
TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"
TEMPLATE_ORDER = ("MM-STD", "MM-EINFACH", "MM-GROSS")

FRENCH = ("C", "S", "H", "D")            # Kreuz, Pik, Herz, Karo
GERMAN = ("E", "G", "H", "B")            # Eichel, Grün, Herz, Schellen (B: bells)
FRENCH_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
GERMAN_RANKS = ("7", "8", "9", "10", "U", "O", "K", "A")
JACKS = ("J", "U")                       # the wish card: Bube / Unter
POINTS = {"7": 7, "8": 8, "9": 9, "10": 10, "J": 2, "U": 2, "Q": 3, "O": 3, "K": 4, "A": 11}

CHOICES = {
    "deck": (32, 64),
    "suits": ("french", "german"),
    "hand_size": (5, 6, 7),
    "seven": ("off", "draw2", "stack"),
    "eight": ("off", "skip"),
    "nine": ("off", "reverse"),
    "ace": ("off", "skip", "again"),
    "jack": ("off", "wish"),
    "after_draw": ("end", "play"),
    "mau_penalty": (0, 1, 2),
    "round_end": ("first", "all"),
    "scoring": ("points", "places"),
    "match_end": ("rounds", "points"),
}
MAX_PLAYERS = {32: 5, 64: 8}
MIN_PLAYERS = 2

_MESSAGES = read_texts(Path(__file__).with_name("texts.toml"), "errors.rules")


class MauRulesError(RulesError):
    """An impossible or malformed Mau-Mau rule set. ``str()`` is English; ``.de`` is German."""

    MESSAGES = {**RulesError.MESSAGES, **_MESSAGES}


@dataclass(frozen=True)
class MauRules:
    id: str = "CUSTOM"
    name: str = "Eigene Regeln"
    deck: int = 32                 # 32 (one Skat deck) | 64 (two)
    suits: str = "french"          # french | german
    min_players: int = 2
    max_players: int = 5
    hand_size: int = 5             # cards dealt: 5 | 6 | 7
    seven: str = "stack"           # off | draw2 | stack
    eight: str = "skip"            # off | skip
    nine: str = "off"              # off | reverse
    ace: str = "off"               # off | skip | again
    jack: str = "wish"             # off | wish
    jack_on_jack: bool = False     # Bube auf Bube
    after_draw: str = "play"       # end | play (may play the drawn card if it fits)
    draw_when_able: bool = True    # may draw although a card would fit
    mau_penalty: int = 2           # 0: no Mau calls; 1 or 2 cards penalty
    start_effect: bool = False     # the turned-up card acts as if the dealer played it
    round_end: str = "first"       # first (first out ends the round) | all (play on for all places)
    scoring: str = "points"        # points (card points left in hand) | places
    match_end: str = "rounds"      # rounds | points (a player at or over the limit ends the match)
    rounds: int = 5
    point_limit: int = 100

    # ------------------------------------------------------------------ data
    def to_dict(self) -> dict:
        d = {"game": GAME_ID}
        d.update(dataclasses.asdict(self))
        return d

    @classmethod
    def from_dict(cls, data, validate: bool = True) -> "MauRules":
        if not isinstance(data, dict):
            raise MauRulesError("bad_type", opt="rules", kind_de="eine Tabelle", kind_en="a table",
                                value=type(data).__name__)
        known = {f.name: f for f in fields(cls)}
        kwargs = {}
        for key, value in data.items():
            if key == "game":
                if value != GAME_ID:
                    raise MauRulesError("wrong_game", game=value)
                continue
            if key not in known:
                raise MauRulesError("unknown_option", opt=key)
            kind = wrong_kind(known[key].default, value)
            if kind is not None:
                raise MauRulesError("bad_type", opt=key, kind_de=kind[0], kind_en=kind[1], value=value)
            kwargs[key] = value
        rules = cls(**kwargs)
        if validate:
            rules.validate()
        return rules

    def replace(self, **changes) -> "MauRules":
        return dataclasses.replace(self, **changes)

    # ------------------------------------------------------------ validation
    def deck_size(self) -> int:
        return self.deck

    def validate(self, n_players: int | None = None) -> "MauRules":
        for f in fields(self):   # types too: a value built in code may be as wrong as one from a file
            v = getattr(self, f.name)
            if isinstance(f.default, bool) != isinstance(v, bool) or type(v) is not type(f.default):
                raise MauRulesError("bad_type", opt=f.name, kind_de=type(f.default).__name__,
                                    kind_en=type(f.default).__name__, value=v)
        for opt, allowed in CHOICES.items():
            value = getattr(self, opt)
            if value not in allowed:
                raise MauRulesError("bad_value", opt=opt, value=value, allowed=", ".join(map(str, allowed)))
        if not self.name.strip() or len(self.name) > 60:
            raise MauRulesError("name")
        if not self.id.strip() or len(self.id) > 20:
            raise MauRulesError("id")
        most = MAX_PLAYERS[self.deck]
        if not (MIN_PLAYERS <= self.min_players <= self.max_players <= most):
            raise MauRulesError("players_range", lo=self.min_players, hi=self.max_players, deck=self.deck, most=most)
        if self.hand_size * self.max_players + 1 > self.deck:
            raise MauRulesError("too_few_cards", deck=self.deck, n=self.max_players, k=self.hand_size)
        if not (1 <= self.rounds <= 99):
            raise MauRulesError("rounds")
        if not (10 <= self.point_limit <= 999):
            raise MauRulesError("point_limit")
        if self.match_end == "points" and self.scoring != "points":
            raise MauRulesError("limit_needs_points")
        if n_players is not None and not (self.min_players <= n_players <= self.max_players):
            raise MauRulesError("players_outside", n=n_players, lo=self.min_players, hi=self.max_players)
        return self

    # ----------------------------------------------------------------- cards
    def suit_codes(self) -> tuple:
        return FRENCH if self.suits == "french" else GERMAN

    def rank_codes(self) -> tuple:
        return FRENCH_RANKS if self.suits == "french" else GERMAN_RANKS


def build_deck(rules: MauRules) -> list[Card]:
    """The cards in a fixed order (copy, suit, rank); a card's id is its index."""
    cards: list[Card] = []
    for copy in range(rules.deck // 32):
        for suit in rules.suit_codes():
            for rank in rules.rank_codes():
                cards.append(Card(len(cards), rank, suit, copy, False, card_code(suit, rank, copy)))
    return cards


# ------------------------------------------------------------------ templates
_cache: dict[str, MauRules] = {}


def load_template(template_id: str) -> MauRules:
    up = str(template_id).upper()
    if up not in TEMPLATE_ORDER:
        raise KeyError(template_id)
    if up not in _cache:
        _cache[up] = MauRules.from_dict(rulefile.read(TEMPLATE_DIR / f"{up}.toml", MauRulesError))
    return _cache[up]


# -------------------------------------------------------------------- options
def _o(key, kind, de, en, help_de, help_en, values=(), labels=None, lo=None, hi=None, group=""):
    vl = {}
    for v, (lde, len_) in (labels or {}).items():
        vl[v] = {"de": lde, "en": len_}
    return OptionSpec(key=key, kind=kind, label={"de": de, "en": en}, help={"de": help_de, "en": help_en},
                      values=tuple(values), lo=lo, hi=hi, value_labels=vl, group=group)


OPTIONS: list[OptionSpec] = [
    _o("name", "str", "Name", "Name", "Der Name dieser Regeln.", "The name of this rule set.", hi=60, group="table"),
    _o("deck", "choice", "Blatt", "Deck", "Ein Skatblatt (32 Karten) oder zwei (64 Karten).",
       "One Skat deck (32 cards) or two (64 cards).", (32, 64),
       {32: ("32 Karten", "32 cards"), 64: ("64 Karten", "64 cards")}, group="table"),
    _o("suits", "choice", "Farben", "Suits", "Französische oder deutsche Farben.", "French or German suits.",
       ("french", "german"), {"french": ("Französisch (♣ ♠ ♥ ♦)", "French (♣ ♠ ♥ ♦)"),
                              "german": ("Deutsch (Eichel, Grün, Herz, Schellen)",
                                         "German (Acorns, Leaves, Hearts, Bells)")}, group="table"),
    _o("min_players", "int", "Spieler mindestens", "Fewest players", "So viele Spieler braucht der Tisch mindestens.",
       "The table needs at least this many players.", lo=2, hi=8, group="table"),
    _o("max_players", "int", "Spieler höchstens", "Most players",
       "Höchstens so viele Spieler (32 Karten: bis 5, 64 Karten: bis 8).",
       "At most this many players (32 cards: up to 5, 64 cards: up to 8).", lo=2, hi=8, group="table"),
    _o("hand_size", "choice", "Karten pro Spieler", "Cards dealt", "So viele Karten bekommt jeder am Anfang.",
       "How many cards each player gets at the start.", (5, 6, 7),
       {5: ("5", "5"), 6: ("6", "6"), 7: ("7", "7")}, group="table"),
    _o("seven", "choice", "Sieben", "Seven", "Was eine 7 dem nächsten Spieler antut.",
       "What a 7 does to the next player.", ("off", "draw2", "stack"),
       {"off": ("nichts", "nothing"), "draw2": ("2 ziehen", "draw 2"),
        "stack": ("2 ziehen, 7 auf 7 erhöht", "draw 2, a 7 on a 7 adds 2")}, group="cards"),
    _o("eight", "choice", "Acht", "Eight", "Ob eine 8 den nächsten Spieler aussetzen lässt.",
       "Whether an 8 makes the next player skip.", ("off", "skip"),
       {"off": ("nichts", "nothing"), "skip": ("nächster setzt aus", "next player skips")}, group="cards"),
    _o("nine", "choice", "Neun", "Nine", "Ob eine 9 die Spielrichtung umkehrt.",
       "Whether a 9 reverses the direction of play.", ("off", "reverse"),
       {"off": ("nichts", "nothing"), "reverse": ("Richtungswechsel", "reverses the direction")}, group="cards"),
    _o("ace", "choice", "Ass", "Ace", "Was ein Ass bewirkt.", "What an ace does.", ("off", "skip", "again"),
       {"off": ("nichts", "nothing"), "skip": ("nächster setzt aus", "next player skips"),
        "again": ("noch einmal legen", "play again")}, group="cards"),
    _o("jack", "choice", "Bube (Wünscher)", "Jack (wish card)",
       "Ob der Bube auf jede Karte passt und sich eine Farbe wünscht.",
       "Whether a jack fits on any card and names a suit.", ("off", "wish"),
       {"off": ("normale Karte", "plain card"), "wish": ("auf alles, wünscht eine Farbe", "on anything, names a suit")},
       group="cards"),
    _o("jack_on_jack", "bool", "Bube auf Bube", "Jack on jack", "Ob ein Bube auf einen Buben gelegt werden darf.",
       "Whether a jack may be played on a jack.", (False, True),
       {False: ("verboten („Bube auf Bube stinkt“)", "not allowed"), True: ("erlaubt", "allowed")}, group="cards"),
    _o("after_draw", "choice", "Nach dem Ziehen", "After drawing",
       "Ob eine gezogene Karte, die passt, gleich gelegt werden darf.",
       "Whether a drawn card that fits may be played at once.", ("end", "play"),
       {"end": ("Zug ist vorbei", "turn ends"), "play": ("passende Karte darf gelegt werden", "may play it if it fits")},
       group="turn"),
    _o("draw_when_able", "bool", "Ziehen trotz passender Karte", "Draw while able to play",
       "Ob man ziehen darf, obwohl man legen könnte.", "Whether you may draw although you could play.",
       (False, True), {False: ("nicht erlaubt", "not allowed"), True: ("erlaubt", "allowed")}, group="turn"),
    _o("mau_penalty", "choice", "Mau ansagen", "Mau call",
       "Wer bei der vorletzten Karte nicht „Mau“ sagt (bei der letzten „Mau-Mau“), zieht Strafkarten.",
       "Who does not say “Mau” with the second-to-last card (“Mau-Mau” with the last) draws penalty cards.",
       (0, 1, 2), {0: ("aus", "off"), 1: ("an, 1 Strafkarte", "on, 1 penalty card"),
                   2: ("an, 2 Strafkarten", "on, 2 penalty cards")}, group="turn"),
    _o("start_effect", "bool", "Startkarte wirkt", "Start card counts",
       "Ob die aufgedeckte erste Karte wirkt, als hätte der Geber sie gelegt.",
       "Whether the first card turned up acts as if the dealer had played it.", (False, True),
       {False: ("nein", "no"), True: ("ja", "yes")}, group="turn"),
    _o("round_end", "choice", "Rundenende", "Round end", "Wann eine Runde endet.", "When a round ends.",
       ("first", "all"), {"first": ("wer zuerst fertig ist, beendet sie", "the first player out ends it"),
                          "all": ("weiterspielen um alle Plätze", "play on for all places")}, group="match"),
    _o("scoring", "choice", "Wertung", "Scoring", "Wie eine Runde zählt.", "How a round counts.",
       ("points", "places"), {"points": ("Kartenpunkte auf der Hand", "card points left in hand"),
                              "places": ("nur Plätze", "places only")}, group="match"),
    _o("match_end", "choice", "Partie-Ende", "Match end", "Wann die Partie endet.", "When the match ends.",
       ("rounds", "points"), {"rounds": ("nach Runden", "after a number of rounds"),
                              "points": ("bei einer Punktegrenze", "at a point limit")}, group="match"),
    _o("rounds", "int", "Runden", "Rounds", "So viele Runden hat eine Partie (bei Ende nach Runden).",
       "Rounds per match (when it ends after a number of rounds).", lo=1, hi=99, group="match"),
    _o("point_limit", "int", "Punktegrenze", "Point limit",
       "Wer diese Punktzahl erreicht, beendet die Partie (bei Ende an einer Punktegrenze).",
       "A player reaching this many points ends the match (when it ends at a point limit).",
       lo=10, hi=999, group="match"),
]

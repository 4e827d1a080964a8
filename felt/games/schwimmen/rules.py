"""Schwimmen (31) rule sets: every option of RULES-SCHWIMMEN.md §3, validated from untrusted
data, the templates (TOML files with ``game = "schwimmen"``, read by ``felt.contract.rulefile``)
and the option metadata for the editor.

Rule-book gaps this module settles (each is an option where the book calls it a Decision):
``all_pass`` also offers "showdown" (an all-pass go-round ends the round) and "off" (nothing
happens) besides the book's "new_middle"; ``rounds`` is only used with ``match_end = "rounds"``.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

from felt.contract.catalog import read_texts
from felt.contract import rulefile
from felt.contract.base import OptionSpec, RulesError

GAME_ID = "schwimmen"
TEMPLATE_DIR = Path(__file__).with_name("templates")
TEMPLATE_ORDER = ("SW-STD", "SW-EINFACH", "SW-RUNDEN")

DECKS = ("french", "german")
ALL_PASS = ("new_middle", "showdown", "off")
MATCH_END = ("last_left", "rounds")


class SwRulesError(RulesError):
    """A malformed or impossible Schwimmen rule set; ``str()`` is English, ``.de`` German."""

    MESSAGES = {**RulesError.MESSAGES, **read_texts(Path(__file__).with_name("texts.toml"), "errors.rules")}


@dataclass(frozen=True)
class SwRules:
    id: str = "SW-STD"
    name: str = "Schwimmen"
    deck: str = "french"               # 32 cards 7..A, French or German suits
    min_players: int = 2
    max_players: int = 9
    lives: int = 3
    swimming: bool = True
    dealer_choice: bool = True
    knock_first_round: bool = False
    thirty_one_ends: bool = True
    feuer: bool = True
    knocker_double: bool = False
    all_pass: str = "new_middle"
    match_end: str = "last_left"
    rounds: int = 5

    # ------------------------------------------------------------------ data
    def to_dict(self) -> dict:
        d = {"game": GAME_ID}
        d.update(asdict(self))
        return d

    @classmethod
    def from_dict(cls, data) -> "SwRules":
        if not isinstance(data, dict):
            raise SwRulesError("not_table", kind=type(data).__name__)
        data = dict(data)
        g = data.pop("game", GAME_ID)
        if g != GAME_ID:
            raise SwRulesError("wrong_game", game=g)
        known = {f.name: f for f in fields(cls)}
        kwargs = {}
        for key, value in data.items():
            if not isinstance(key, str) or key not in known:
                raise SwRulesError("unknown_option", opt=key)
            kwargs[key] = _check(key, value)
        rules = cls(**kwargs)
        rules.check()
        return rules

    def check(self) -> None:
        for f in fields(self):
            _check(f.name, getattr(self, f.name))
        if self.min_players > self.max_players:
            raise SwRulesError("min_over_max", lo=self.min_players, hi=self.max_players)

    def deck_size(self) -> int:
        return 32

    def validate(self, n_players: int) -> None:
        self.check()
        if isinstance(n_players, bool) or not isinstance(n_players, int):
            raise SwRulesError("players_type")
        if not self.min_players <= n_players <= self.max_players:
            raise SwRulesError("players_outside", n=n_players, lo=self.min_players, hi=self.max_players)

    @property
    def match_rounds(self) -> int:
        """Rounds of a match (0: until one player is left)."""
        return self.rounds if self.match_end == "rounds" else 0


_BOOLS = {"swimming", "dealer_choice", "knock_first_round", "thirty_one_ends", "feuer", "knocker_double"}
_INTS = {"min_players": (2, 9), "max_players": (2, 9), "lives": (1, 5), "rounds": (1, 99)}
_CHOICES = {"deck": DECKS, "all_pass": ALL_PASS, "match_end": MATCH_END}
_STRS = {"id": 40, "name": 60}


def _check(key: str, value):
    if key in _BOOLS:
        if not isinstance(value, bool):
            raise SwRulesError("not_bool", opt=key, value=value)
    elif key in _INTS:
        lo, hi = _INTS[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise SwRulesError("not_int", opt=key, value=value)
        if not lo <= value <= hi:
            raise SwRulesError("int_range", opt=key, lo=lo, hi=hi, value=value)
    elif key in _CHOICES:
        if not isinstance(value, str) or value not in _CHOICES[key]:
            raise SwRulesError("not_choice", opt=key, allowed=", ".join(_CHOICES[key]), value=value)
    elif key in _STRS:
        if not isinstance(value, str) or not value.strip() or len(value) > _STRS[key]:
            raise SwRulesError("text", opt=key, most=_STRS[key])
        if any(ord(ch) < 32 for ch in value):
            raise SwRulesError("control_chars", opt=key)
    else:  # pragma: no cover - fields and tables are kept in step by a test
        raise SwRulesError("unknown_option", opt=key)
    return value


# ---------------------------------------------------------------- templates
def template(template_id: str) -> SwRules:
    tid = str(template_id).upper()
    if tid not in TEMPLATE_ORDER:
        raise KeyError(template_id)
    return SwRules.from_dict(rulefile.read(TEMPLATE_DIR / f"{tid}.toml", SwRulesError))


# ---------------------------------------------------------------- options
def _o(key, kind, de, en, hde, hen, **kw) -> OptionSpec:
    return OptionSpec(key=key, kind=kind, label={"de": de, "en": en}, help={"de": hde, "en": hen}, **kw)


_ONOFF = {True: {"de": "an", "en": "on"}, False: {"de": "aus", "en": "off"}}


def _switch(key, de, en, hde, hen, group, value_labels=_ONOFF) -> OptionSpec:
    """An option that is on or off ("an"/"aus" unless other labels are given), on first."""
    return _o(key, "bool", de, en, hde, hen, values=(True, False), value_labels=value_labels, group=group)


def options() -> list[OptionSpec]:
    return [
        _o("name", "str", "Name", "Name", "Der Name dieses Regelsatzes.", "The name of this rule set.",
           hi=60, group="table"),
        _o("deck", "choice", "Blatt", "Deck",
           "32 Karten (7 bis Ass) mit französischen oder deutschen Farben.",
           "32 cards (7 to ace) with French or German suits.",
           values=DECKS, group="table",
           value_labels={"french": {"de": "französisch", "en": "French"},
                         "german": {"de": "deutsch", "en": "German"}}),
        _o("min_players", "int", "Mindestens Spieler", "Fewest players",
           "So viele Spieler braucht ein Spiel mindestens.", "The fewest players a match needs.",
           lo=2, hi=9, group="table"),
        _o("max_players", "int", "Höchstens Spieler", "Most players",
           "So viele Spieler passen höchstens an den Tisch.", "The most players at the table.",
           lo=2, hi=9, group="table"),
        _o("lives", "int", "Leben", "Lives",
           "Leben pro Spieler; die niedrigste Hand einer Runde verliert eins.",
           "Lives per player; the lowest hand of a round loses one.", lo=1, hi=5, group="lives"),
        _switch("swimming", "Schwimmen", "Swimming",
                "Wer das letzte Leben verliert, schwimmt und spielt noch einmal mit.",
                "Losing the last life makes a player swim: they play on until the next loss.", "lives"),
        _switch("dealer_choice", "Geberwahl", "Dealer's choice",
                "Der Geber bekommt zwei Hände, sieht eine an und behält sie oder nimmt die andere ungesehen.",
                "The dealer gets two hands, looks at one and keeps it or takes the other unseen.", "round"),
        _switch("knock_first_round", "Klopfen in der ersten Runde", "Knocking in the first go-round",
                "Ob schon geklopft werden darf, bevor jeder einmal dran war.",
                "Whether a player may knock before everyone has had a turn.", "round",
                value_labels={True: {"de": "erlaubt", "en": "allowed"},
                              False: {"de": "nicht erlaubt", "en": "not allowed"}}),
        _switch("thirty_one_ends", "31 beendet die Runde", "31 ends the round",
                "Wer 31 hat, zeigt es sofort, und die Runde endet.",
                "A player holding 31 shows it at once and the round ends.", "round"),
        _switch("feuer", "Feuer", "Feuer (fire)",
                "Drei Asse beenden die Runde sofort; alle anderen verlieren ein Leben.",
                "Three aces end the round at once; every other player loses a life.", "round"),
        _switch("knocker_double", "Klopfer verliert doppelt", "Knocker loses double",
                "Hat der Klopfer die niedrigste Hand, verliert er zwei Leben.",
                "A knocker with the lowest hand loses two lives.", "lives"),
        _o("all_pass", "choice", "Alle schieben", "All pass",
           "Was geschieht, wenn in einer Runde alle schieben.",
           "What happens when every player passes in one go-round.",
           values=ALL_PASS, group="round",
           value_labels={"new_middle": {"de": "neue Mitte", "en": "new middle"},
                         "showdown": {"de": "Aufdecken", "en": "showdown"},
                         "off": {"de": "nichts", "en": "nothing"}}),
        _o("match_end", "choice", "Spielende", "Match end",
           "Bis einer übrig ist oder eine feste Zahl Runden (wer am wenigsten Leben verliert, gewinnt; "
           "bei Gleichstand ein Stechen nur der Gleichen).",
           "Until one player is left, or a fixed number of rounds (fewest lives lost wins; "
           "a tie: a tie-break of the tied players only).",
           values=MATCH_END, group="match",
           value_labels={"last_left": {"de": "bis einer übrig ist", "en": "last player left"},
                         "rounds": {"de": "feste Rundenzahl", "en": "fixed rounds"}}),
        _o("rounds", "int", "Runden", "Rounds",
           "Rundenzahl bei fester Rundenzahl.", "Number of rounds with fixed rounds.",
           lo=1, hi=99, group="match"),
    ]

"""Rule sets as data: every option of RULES.md §2, validated.

A rule set is a frozen ``Rules`` value. Templates ship as TOML files in
``felt/games/praesident/rules/templates``; a table can edit a copy, save it under a name and share it
(the files are read and written by ``felt.contract.rulefile``).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from pathlib import Path

from felt.contract.catalog import read_texts
from felt.cards import FRENCH_RANKS, JASS_RANKS, build_deck
from felt.contract import rulefile
from felt.contract.base import RulesError as GameRulesError, wrong_kind

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"
TEMPLATE_ORDER = ("PR-002", "PR-003", "PR-004", "PR-005", "PR-006", "P52", "FOLGEN", "JASS36", "JASS52")
MAX_SEATS = 8
MIN_SEATS = 3

CHOICES = {
    "suits": ("french", "jass"),
    "copies": (1, 2),
    "jokers": (0, 1, 2),
    "joker_power": ("beats_all", "wild", "both"),
    "largest_set": (4, 8),
    "passing": ("voluntary", "forced"),
    "quad_clears": ("off", "exactly4", "4plus"),
    "first_leader": ("first_seat", "card", "draw", "random"),
    "leftover": ("first", "last"),
    "titles": ("felt", "president", "jass"),
}

# Error texts, in both languages; ``RulesError`` keeps the key so a UI can show either.
_MESSAGES = read_texts(Path(__file__).resolve().parent.parent / "texts.toml", "errors.rules")


class RulesError(GameRulesError):
    """An impossible or malformed Präsident rule set. ``str()`` is English; ``.de`` is German."""

    MESSAGES = {**GameRulesError.MESSAGES, **_MESSAGES}


@dataclass(frozen=True)
class Rules:
    id: str = "CUSTOM"
    name: str = "Eigene Regeln"
    ranks: tuple = ("7", "8", "9", "10", "J", "Q", "K", "A", "2")
    suits: str = "french"
    copies: int = 2
    jokers: int = 0
    joker_card: str = ""
    joker_power: str = "beats_all"
    min_players: int = 3
    max_players: int = 8
    largest_set: int = 8
    sequences: bool = False
    sequence_min: int = 3
    equal_beats: bool = False
    passing: str = "voluntary"
    quad_clears: str = "exactly4"
    twos_clear: bool = False
    eights_clear: bool = False
    eight_skips: bool = False
    revolution: bool = False
    first_leader: str = "first_seat"
    first_leader_card: str = ""
    leftover: str = "first"
    exchange: bool = True
    exchange_top: int = 2
    exchange_second: int = 1
    schnorren: bool = False
    rounds: int = 5
    titles: str = "felt"

    # ------------------------------------------------------------------ data
    def to_dict(self) -> dict:
        d = dataclasses.asdict(self)
        d["ranks"] = list(self.ranks)
        return d

    @classmethod
    def from_dict(cls, data: dict, validate: bool = True) -> "Rules":
        if not isinstance(data, dict):
            raise RulesError("bad_type", opt="rules", kind="a table", value=type(data).__name__)
        known = {f.name: f for f in fields(cls)}
        kwargs = {}
        for key, value in data.items():
            if key not in known:
                raise RulesError("unknown_option", opt=key)
            if key == "ranks":
                if not isinstance(value, (list, tuple)) or not all(isinstance(r, str) for r in value):
                    raise RulesError("bad_type", opt=key, kind="a list of rank names", value=value)
                value = tuple(value)
            else:
                kind = wrong_kind(known[key].default, value)
                if kind is not None:       # (the English kind, in both languages)
                    raise RulesError("bad_type", opt=key, kind=kind[1], value=value)
            kwargs[key] = value
        rules = cls(**kwargs)
        if validate:
            rules.validate()
        return rules

    def replace(self, **changes) -> "Rules":
        return dataclasses.replace(self, **changes)

    # ------------------------------------------------------------ validation
    def deck_size(self) -> int:
        return len(self.ranks) * 4 * self.copies + self.jokers

    def wild_jokers(self) -> int:
        n = self.jokers + (1 if self.joker_card else 0)
        return n if self.joker_power in ("wild", "both") else 0

    def validate(self, n_players: int | None = None) -> "Rules":
        for opt, allowed in CHOICES.items():
            value = getattr(self, opt)
            if value not in allowed:
                raise RulesError("bad_value", opt=opt, value=value, allowed=", ".join(map(str, allowed)))
        # every value is checked, also of options that are switched off (a rule set travels
        # to every client and into files: nothing in it may be junk)
        if not _id_ok(self.id):
            raise RulesError("id", value=self.id)
        if not self.name.strip() or len(self.name) > 60:
            raise RulesError("name")
        style_ranks = FRENCH_RANKS if self.suits == "french" else JASS_RANKS
        if len(self.ranks) < 3:
            raise RulesError("ranks_empty", need=3)
        seen = set()
        for r in self.ranks:
            if r in seen:
                raise RulesError("ranks_dup", rank=r)
            seen.add(r)
            if r not in style_ranks:
                raise RulesError("ranks_style", rank=r, style_de="französischen" if self.suits == "french" else "Jass",
                                style_en="French" if self.suits == "french" else "Jass")
        if not (MIN_SEATS <= self.min_players <= self.max_players <= MAX_SEATS):
            raise RulesError("players_range", lo=self.min_players, hi=self.max_players, min=MIN_SEATS, max=MAX_SEATS)
        if self.jokers and self.joker_card:
            raise RulesError("joker_both")
        deck = build_deck(self)
        codes = {c.code for c in deck}
        if self.joker_card and self.joker_card not in codes:
            raise RulesError("joker_card", code=self.joker_card)
        most = 4 * self.copies + self.wild_jokers()
        if self.largest_set > most:
            raise RulesError("set_too_large", size=self.largest_set, most=most)
        if not (3 <= self.sequence_min <= len(self.ranks)):
            raise RulesError("seq_min", most=len(self.ranks))
        if self.first_leader == "card" or self.first_leader_card:
            # needed only with first_leader = "card", but never junk
            if self.first_leader_card not in codes:
                raise RulesError("leader_card", code=self.first_leader_card or "—")
            if self.first_leader_card == self.joker_card:
                raise RulesError("leader_card_joker", code=self.first_leader_card)
        if self.twos_clear and "2" not in self.ranks:
            raise RulesError("needs_rank", opt="twos_clear", rank="2")
        if (self.eights_clear or self.eight_skips) and "8" not in self.ranks:
            raise RulesError("needs_rank", opt="eights_clear" if self.eights_clear else "eight_skips", rank="8")
        if not (1 <= self.exchange_top <= 3 and 0 <= self.exchange_second <= self.exchange_top):
            raise RulesError("exchange_counts")
        if not (0 <= self.rounds <= 99):
            raise RulesError("rounds")
        need = 4
        if len(deck) < need * self.max_players:
            raise RulesError("too_few_cards", cards=len(deck), n=self.max_players, need=need)
        if self.exchange and len(deck) // self.max_players < self.exchange_top + 1:
            raise RulesError("exchange_hand", k=self.exchange_top)
        if n_players is not None and not (self.min_players <= n_players <= self.max_players):
            raise RulesError("players_outside", n=n_players, lo=self.min_players, hi=self.max_players)
        return self


def _id_ok(rid) -> bool:
    """A rule set id: 1..40 letters, digits, '-', '_' or inner spaces (never a path)."""
    return (isinstance(rid, str) and 1 <= len(rid) <= 40 and rid == rid.strip()
            and all(c.isalnum() or c in "-_ " for c in rid))


# ---------------------------------------------------------------- templates
def list_templates() -> list[Rules]:
    return [load_rules(t) for t in TEMPLATE_ORDER]


_cache: dict[str, Rules] = {}


def load_rules(id_or_path) -> Rules:
    """A template by id (case-insensitive) or a rule set from a TOML file."""
    key = str(id_or_path)
    upper = key.upper()
    if upper in TEMPLATE_ORDER:
        if upper not in _cache:
            _cache[upper] = Rules.from_dict(rulefile.read(TEMPLATE_DIR / f"{upper}.toml", RulesError))
        return _cache[upper]
    path = Path(key)
    if path.is_file():
        return Rules.from_dict(rulefile.read(path, RulesError))
    raise RulesError("no_template", id=key)


# ---------------------------------------------------------------------- titles
TITLE_SETS = {
    "felt": ("Präsident", "Vizepräsident", "Bürger", "Vize-Tellerwäscher", "Tellerwäscher"),
    "president": ("Präsident", "Vizepräsident", "Mittlerer Platz", "Vizearsch", "Arschloch"),
    "jass": ("König", "Vize-König", "Bürger", "Vize-Arschloch", "Arschloch"),
}


def titles(rules: Rules, n_players: int) -> list[str]:
    """The title of each place 0..n-1. With 3 players: 1st, middle, last (no vices)."""
    first, second, middle, second_last, last = TITLE_SETS[rules.titles]
    if n_players <= 3:
        return [first] + [middle] * (n_players - 2) + [last]
    return [first, second] + [middle] * (n_players - 4) + [second_last, last]

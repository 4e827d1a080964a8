"""Präsident's rule options, described: label, one-line help and value labels in German
and English, for the rule editor, "How to play" and validation (``felt.contract.base.OptionSpec``).

One spec per field of ``felt.games.praesident.rules.Rules`` except ``id``. ``ranks`` has kind ``"list"``
(an ordered subset of ``values``, low to high), the one kind beyond the contract's four.
"""
from __future__ import annotations

from felt.contract.base import OptionSpec

_FRENCH = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_JASS = ("6", "7", "8", "9", "10", "U", "O", "K", "A")
_ON_OFF = {True: {"de": "an", "en": "on"}, False: {"de": "aus", "en": "off"}}


def _o(key, kind, de, en, help_de, help_en, values=(), lo=None, hi=None, labels=None, group=""):
    vl = {}
    for v, pair in (labels or {}).items():
        vl[v] = {"de": pair[0], "en": pair[1]}
    if kind == "bool" and not vl:
        vl = dict(_ON_OFF)
    return OptionSpec(key=key, kind=kind, label={"de": de, "en": en}, help={"de": help_de, "en": help_en},
                      values=tuple(values), lo=lo, hi=hi, value_labels=vl, group=group)


OPTIONS: list[OptionSpec] = [
    _o("name", "str", "Name", "Name", "So heißt der Regelsatz beim Speichern und in der Lobby.",
       "What the rule set is called when saved and in the lobby.", hi=60, group="general"),
    # deck
    _o("suits", "choice", "Farben", "Suits", "Französische Karten (♣♠♥♦) oder Jasskarten (Rosen, Schellen, Schilten, Eicheln).",
       "French cards (♣♠♥♦) or Swiss Jass cards (roses, bells, shields, acorns).", ("french", "jass"),
       labels={"french": ("Französisch", "French"), "jass": ("Jass", "Jass")}, group="deck"),
    _o("ranks", "list", "Ränge (tief → hoch)", "Ranks (low → high)",
       "Welche Werte im Spiel sind, von der schwächsten zur stärksten Karte; die Farbe zählt nie.",
       "Which values are in play, weakest to strongest; the suit never counts.",
       tuple(dict.fromkeys(_FRENCH + _JASS)), group="deck"),
    _o("copies", "choice", "Kartenspiele", "Deck copies", "Mit zwei Kartenspielen gibt es jeden Wert doppelt so oft.",
       "With two decks every value appears twice as often.", (1, 2),
       labels={1: ("eines", "one"), 2: ("zwei", "two")}, group="deck"),
    _o("jokers", "choice", "Joker", "Jokers", "Wie viele Joker zusätzlich ins Spiel kommen.",
       "How many jokers are added to the deck.", (0, 1, 2), labels={0: ("keine", "none"), 1: ("1", "1"), 2: ("2", "2")},
       group="deck"),
    _o("joker_card", "str", "Joker-Karte", "Joker card", "Eine normale Karte (z. B. Herz 7), die als Joker zählt.",
       "An ordinary card (e.g. the 7 of hearts) that counts as a joker.", hi=4, group="deck"),
    _o("joker_power", "choice", "Joker-Wirkung", "Joker power",
       "Ein Joker schlägt allein alles, ersetzt in Sätzen eine Karte, oder beides.",
       "A lone joker beats everything, or it stands in for a card in sets, or both.",
       ("beats_all", "wild", "both"), labels={"beats_all": ("schlägt alles", "beats everything"),
                                               "wild": ("wild", "wild"), "both": ("beides", "both")}, group="deck"),
    # players
    _o("min_players", "int", "Spieler min.", "Players min", "So wenige dürfen mitspielen.",
       "The fewest players these rules allow.", lo=3, hi=8, group="players"),
    _o("max_players", "int", "Spieler max.", "Players max", "So viele dürfen mitspielen.",
       "The most players these rules allow.", lo=3, hi=8, group="players"),
    _o("first_leader", "choice", "Wer beginnt (Runde 1)", "First leader (round 1)",
       "Wer in der ersten Runde ausspielt; danach beginnt immer der Letzte der vorigen Runde.",
       "Who leads in round 1; after that the last place of the previous round leads.",
       ("first_seat", "card", "draw", "random"),
       labels={"first_seat": ("Sitz 1", "seat 1"), "card": ("Besitzer einer Karte", "holder of a card"),
               "draw": ("Karte ziehen", "draw a card"), "random": ("Zufall", "random")}, group="players"),
    _o("first_leader_card", "str", "Startkarte", "Leading card",
       "Wer diese Karte hat, beginnt die erste Runde (nur mit „Besitzer einer Karte“).",
       "Whoever holds this card leads round 1 (only with “holder of a card”).", hi=4, group="players"),
    _o("leftover", "choice", "Übrige Karten", "Leftover cards",
       "Geht das Geben nicht auf: wer die Karten zu viel bekommt.",
       "When the deal does not come out even: who gets the extra cards.", ("first", "last"),
       labels={"first": ("an die Ersten beim Geben", "first in dealing order"),
               "last": ("an den Letztplatzierten", "to the last place")}, group="players"),
    # play
    _o("largest_set", "choice", "Größter Satz", "Largest set", "Wie viele gleiche Karten höchstens auf einmal gelegt werden.",
       "The most cards of one value that may be played at once.", (4, 8),
       labels={4: ("4", "4"), 8: ("8", "8")}, group="play"),
    _o("sequences", "bool", "Folgen", "Sequences", "Auch Folgen in einer Farbe (z. B. ♥7-8-9) dürfen gelegt werden.",
       "Runs in one suit (e.g. ♥7-8-9) may be played too.", group="play"),
    _o("sequence_min", "int", "Folge min. Länge", "Sequence min length", "So viele Karten braucht eine Folge mindestens.",
       "How many cards a run needs at least.", lo=3, hi=13, group="play"),
    _o("equal_beats", "bool", "Gleicher Rang schlägt", "Equal rank beats",
       "Gleich hohe Karten schlagen auch (sonst muss es höher sein).",
       "Cards of equal rank beat too (otherwise it must be higher).", group="play"),
    _o("passing", "choice", "Passen", "Passing", "Ob man passen darf, obwohl man legen könnte.",
       "Whether you may pass although you could play.", ("voluntary", "forced"),
       labels={"voluntary": ("freiwillig", "voluntary"), "forced": ("Zwang (wer kann, muss)", "forced (must play if able)")},
       group="play"),
    # effects
    _o("quad_clears", "choice", "Vierling räumt ab", "Quad clears",
       "Vier gleiche Karten räumen den Stich sofort ab; wer sie legt, spielt neu aus.",
       "Four of a kind clear the trick at once; whoever played them leads again.", ("off", "exactly4", "4plus"),
       labels={"off": ("aus", "off"), "exactly4": ("genau 4", "exactly 4"), "4plus": ("4 oder mehr", "4 or more")},
       group="effects"),
    _o("twos_clear", "bool", "2er räumen ab", "Twos clear", "Wer 2er legt, räumt den Stich sofort ab und spielt neu aus.",
       "Playing 2s clears the trick at once; that player leads again.", group="effects"),
    _o("eights_clear", "bool", "8er räumen ab", "Eights clear", "Wer 8er legt, räumt den Stich sofort ab und spielt neu aus.",
       "Playing 8s clears the trick at once; that player leads again.", group="effects"),
    _o("eight_skips", "bool", "Einzelne 8 lässt aussetzen", "Single eight skips",
       "Nach einer einzelnen 8 setzt der nächste Spieler einmal aus.",
       "After a single 8 the next player is skipped once.", group="effects"),
    _o("revolution", "bool", "Revolution", "Revolution",
       "Vier gleiche drehen die Rangfolge um: dann schlagen tiefe Karten hohe, bis zur nächsten Revolution.",
       "Four of a kind turn the order over: low cards beat high ones until the next revolution.", group="effects"),
    # exchange
    _o("exchange", "bool", "Kartentausch", "Card exchange",
       "Ab Runde 2 gibt der Letzte dem Ersten seine besten Karten und bekommt welche zurück.",
       "From round 2 the last place gives the first place its best cards and gets some back.", group="exchange"),
    _o("exchange_top", "int", "Tausch 1.↔Letzter", "Exchange 1st↔last", "So viele Karten tauschen Erster und Letzter.",
       "How many cards the first and the last place exchange.", lo=0, hi=4, group="exchange"),
    _o("exchange_second", "int", "Tausch 2.↔Vorletzter", "Exchange 2nd↔2nd-last",
       "So viele Karten tauschen Zweiter und Vorletzter (ab 4 Spielern).",
       "How many cards the second and the second-to-last place exchange (4 players or more).", lo=0, hi=4,
       group="exchange"),
    _o("schnorren", "bool", "Schnorren", "Wishes (schnorren)",
       "Wer abgibt, darf sich vorher bis zu drei Werte wünschen.",
       "Whoever gives may first wish for up to three values.", group="exchange"),
    # match
    _o("rounds", "int", "Runden pro Partie", "Rounds per match", "Nach so vielen Runden ist die Partie aus (0: offen).",
       "The match ends after this many rounds (0: open-ended).", lo=0, hi=99, group="match"),
    _o("titles", "choice", "Titel", "Titles", "Wie die Plätze heißen.", "What the places are called.",
       ("felt", "president", "jass"), labels={"felt": ("Felt Club", "Felt Club"),
                                              "president": ("Präsident–Arschloch", "President–Arsehole"),
                                              "jass": ("König–Arschloch", "King–Arsehole")}, group="match"),
]

BY_KEY = {o.key: o for o in OPTIONS}


def option(key: str) -> OptionSpec:
    return BY_KEY[key]

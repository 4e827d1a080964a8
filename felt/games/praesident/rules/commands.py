"""The text of `felt rules show ID|FILE` for a Präsident rule set (``Game.describe_rules``)."""
from __future__ import annotations

from felt.games.praesident.rules import titles

LABELS = {
    "ranks": "Rangfolge (niedrig → hoch)", "suits": "Farben", "copies": "Kartenspiele", "jokers": "Joker",
    "joker_card": "Joker-Karte", "joker_power": "Joker-Wirkung", "min_players": "Spieler mindestens",
    "max_players": "Spieler höchstens", "largest_set": "Größter Satz", "sequences": "Folgen",
    "sequence_min": "Folgen-Mindestlänge", "equal_beats": "Gleich hoch sticht", "passing": "Passen",
    "quad_clears": "Vier gleiche räumen ab", "twos_clear": "Zweien räumen ab", "eights_clear": "Achten räumen ab",
    "eight_skips": "Einzelne 8 lässt aussetzen", "revolution": "Revolution", "first_leader": "Erste Runde beginnt",
    "first_leader_card": "Startkarte", "leftover": "Übrige Karten", "exchange": "Kartentausch",
    "exchange_top": "Tausch 1. ↔ Letzter", "exchange_second": "Tausch 2. ↔ Vorletzter", "schnorren": "Schnorren",
    "rounds": "Runden pro Partie", "titles": "Titel",
}


def describe(rules) -> str:
    """Every value of the rule set under its German label, then the titles of a table of five."""
    lines = [f"{rules.id}: {rules.name}"]
    d = rules.to_dict()
    for key, value in d.items():
        if key in ("id", "name"):
            continue
        if isinstance(value, bool):
            value = "an" if value else "aus"
        elif isinstance(value, list):
            value = " ".join(value)
        elif key == "rounds" and value == 0:
            value = "offen"
        lines.append(f"  {LABELS.get(key, key):<28} {value}")
    t = titles(rules, 5)
    lines.append(f"  {'Titel (5 Spieler)':<28} {', '.join(t)}")
    return "\n".join(lines)


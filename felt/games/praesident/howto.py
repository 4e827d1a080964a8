""""So wird gespielt" / "How to play": a Präsident rule set explained in plain sentences.

Every sentence is generated from the options in force, so each template and every edited
rule set reads differently, in German and in English. ``howto(rules, lang)`` returns the
sentences (one paragraph each); the window shows them, tests compare them.
"""
from __future__ import annotations

from felt.games.praesident.rules import TITLE_SETS, Rules

_RANK = {
    "de": {"J": "Bube", "Q": "Dame", "K": "König", "A": "Ass", "U": "Under", "O": "Ober"},
    "en": {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace", "U": "Under", "O": "Ober"},
}
_RANK_PL = {
    "de": {"J": "Buben", "Q": "Damen", "K": "Könige", "A": "Asse", "U": "Under", "O": "Ober", "2": "Zweien",
           "8": "Achten", "7": "Siebenen", "9": "Neunen", "10": "Zehnen", "6": "Sechsen"},
    "en": {"J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces", "U": "Unders", "O": "Obers"},
}
_SUIT = {
    "de": {"H": "Herz", "D": "Karo", "C": "Kreuz", "S": "Pik", "R": "Rosen", "B": "Schellen", "T": "Schilten",
           "E": "Eicheln"},
    "en": {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades", "R": "roses", "B": "bells", "T": "shields",
           "E": "acorns"},
}
_TITLE_EN = {
    "Präsident": "President", "Vizepräsident": "Vice-President", "Bürger": "Citizen",
    "Vize-Tellerwäscher": "Vice-Dishwasher", "Tellerwäscher": "Dishwasher", "Vizearsch": "Vice-Arsehole",
    "Arschloch": "Arsehole", "König": "King", "Vize-König": "Vice-King", "Vize-Arschloch": "Vice-Arsehole",
    "Mittlerer Platz": "Middle place",
}
_NUM = {"de": {1: "eine", 2: "zwei", 3: "drei", 4: "vier"}, "en": {1: "one", 2: "two", 3: "three", 4: "four"}}


def rank_name(rank: str, lang: str) -> str:
    return _RANK[lang].get(rank, rank)


def rank_plural(rank: str, lang: str) -> str:
    if lang == "de":
        return _RANK_PL["de"].get(rank, rank + "er")
    return _RANK_PL["en"].get(rank, rank + "s")


def card_name(code: str, lang: str) -> str:
    """'H7' -> 'Herz 7' / '7 of hearts'."""
    if not code:
        return "—"
    suit, rank = code[0], code[1:].split(".")[0]
    if lang == "de":
        return f"{_SUIT['de'].get(suit, suit)} {rank_name(rank, 'de')}"
    return f"{rank_name(rank, 'en')} of {_SUIT['en'].get(suit, suit)}"


def _title(t: str, lang: str) -> str:
    return t if lang == "de" else _TITLE_EN.get(t, t)


def _num(k: int, lang: str) -> str:
    return _NUM[lang].get(k, str(k))


def howto(rules: Rules, lang: str = "de") -> list[str]:
    """The rule set in plain sentences, one paragraph each."""
    lang = "en" if lang == "en" else "de"
    de = lang == "de"
    r = rules
    ranks = list(r.ranks)
    order = ", ".join(rank_name(x, lang) for x in ranks)
    first, second, middle, second_last, last = (_title(t, lang) for t in TITLE_SETS[r.titles])
    top = ranks[-1]
    out: list[str] = []

    # goal
    out.append(f"Ziel: Werde deine Karten so schnell wie möglich los. Wer zuerst fertig ist, wird {first}; "
               f"wer am Ende übrig bleibt, wird {last}." if de else
               f"Goal: get rid of your cards as fast as you can. Whoever is out first becomes {first}; "
               f"whoever is left holding cards becomes {last}.")
    # players and deck
    n = r.deck_size()
    suits = ("Jasskarten" if r.suits == "jass" else "französischen Karten") if de else \
        ("Swiss Jass cards" if r.suits == "jass" else "French cards")
    decks = (("einem Kartenspiel" if r.copies == 1 else "zwei Kartenspielen") if de else
             ("one deck" if r.copies == 1 else "two decks"))
    jok = ""
    if r.jokers:
        jok = (f" und {r.jokers} Joker" if de else f" plus {r.jokers} joker{'s' if r.jokers > 1 else ''}")
    out.append(f"{r.min_players} bis {r.max_players} Spieler. Gespielt wird mit {decks} mit {suits}{jok}, "
               f"zusammen {n} Karten; alle werden verteilt." if de else
               f"{r.min_players} to {r.max_players} players. You play with {decks} of {suits}{jok}, "
               f"{n} cards in all; all of them are dealt.")
    out.append(("Geht das Geben nicht auf, bekommen die Ersten beim Geben eine Karte mehr."
                if r.leftover == "first" else
                "Geht das Geben nicht auf, bekommen die Letztplatzierten die Karten zu viel (in Runde 1 der Geber).")
               if de else
               ("If the deal does not come out even, the first players in dealing order get one card more."
                if r.leftover == "first" else
                "If the deal does not come out even, the lowest places get the extra cards (in round 1 the dealer)."))
    out.append(f"Rangfolge von schwach nach stark: {order}. Höchste Karte: {rank_name(top, lang)}; "
               f"die Farbe zählt nicht." if de else
               f"Order from weak to strong: {order}. Highest card: {rank_name(top, lang)}; "
               f"the suit does not count.")
    # leading and beating
    most = min(r.largest_set, 4 * r.copies)
    lead = (f"Wer ausspielt, legt eine Karte oder mehrere gleiche (bis zu {most})" if de else
            f"The leader plays one card or several of the same value (up to {most})")
    if r.sequences:
        lead += (f" oder eine Folge von mindestens {r.sequence_min} Karten in einer Farbe, z. B. ♥7-8-9" if de else
                 f" or a run of at least {r.sequence_min} cards in one suit, e.g. ♥7-8-9")
    lead += (". Damit steht fest, wie viele Karten in diesem Stich gelegt werden." if de else
             ". That fixes how many cards are played in this trick.")
    out.append(lead)
    beat = ("Reihum legt man genauso viele Karten, die gleich hoch oder höher sind" if r.equal_beats else
            "Reihum legt man genauso viele Karten, die höher sind; gleich hoch reicht nicht") if de else \
        ("In turn, each plays as many cards of equal or higher rank" if r.equal_beats else
         "In turn, each plays as many cards of higher rank; equal rank is not enough")
    if r.passing == "forced":
        beat += ("; wer kann, muss legen, wer nicht kann, passt." if de else
                 "; whoever can must play, whoever cannot passes.")
    else:
        beat += (" – oder passt, auch wenn man könnte." if de else " – or passes, even when able to play.")
    beat += (" Wer passt, ist bis zum nächsten Stich draußen." if de else " Whoever passes is out until the next trick.")
    out.append(beat)
    out.append("Passen alle anderen, räumt der Letzte, der gelegt hat, den Stich ab und spielt neu aus. "
               "Ist er schon fertig, spielt der Nächste aus, der noch Karten hat." if de else
               "When everyone else has passed, the last player who played takes the trick and leads again. "
               "If that player is out, the next player still holding cards leads.")
    # special effects
    if r.quad_clears == "exactly4":
        out.append("Genau vier gleiche Karten räumen den Stich sofort ab; wer sie gelegt hat, spielt neu aus." if de else
                   "Exactly four of a kind clear the trick at once; whoever played them leads again.")
    elif r.quad_clears == "4plus":
        out.append("Vier oder mehr gleiche Karten räumen den Stich sofort ab; wer sie gelegt hat, spielt neu aus."
                   if de else "Four or more of a kind clear the trick at once; whoever played them leads again.")
    else:
        out.append("Vier gleiche Karten räumen nicht ab; sie sind ein Satz wie jeder andere." if de else
                   "Four of a kind do not clear; they are a set like any other.")
    if r.twos_clear and "2" in ranks:
        out.append("Wer Zweien legt, räumt den Stich sofort ab und spielt neu aus." if de else
                   "Playing 2s clears the trick at once; that player leads again.")
    if r.eights_clear and "8" in ranks:
        out.append("Wer Achten legt (oder eine Folge mit einer 8), räumt den Stich sofort ab und spielt neu aus."
                   if de else "Playing 8s (or a run containing an 8) clears the trick at once; that player leads again.")
    if r.eight_skips and "8" in ranks:
        out.append("Nach einer einzelnen 8 setzt der nächste Spieler einmal aus." if de else
                   "After a single 8 the next player is skipped once.")
    if r.revolution:
        out.append("Revolution: Wer vier gleiche legt, dreht die Rangfolge um – dann schlagen tiefe Karten die hohen, "
                   "bis zur nächsten Revolution." if de else
                   "Revolution: playing four of a kind turns the order over – low cards beat high ones until the next "
                   "revolution.")
    if r.jokers or r.joker_card:
        what = (f"Die {card_name(r.joker_card, lang)} gilt als Joker. " if de else
                f"The {card_name(r.joker_card, lang)} counts as a joker. ") if r.joker_card else ""
        if r.joker_power == "beats_all":
            what += ("Ein Joker allein schlägt alles und wird von nichts geschlagen; die anderen passen, "
                     "und wer ihn gelegt hat, spielt neu aus." if de else
                     "A lone joker beats everything and nothing beats it; the others pass and its player leads again.")
        elif r.joker_power == "wild":
            what += ("Ein Joker ersetzt in einem Satz jede Karte; allein zählt er als höchste Karte." if de else
                     "A joker stands in for any card in a set; alone it counts as the highest card.")
        else:
            what += ("Ein Joker ersetzt in einem Satz jede Karte, und allein schlägt er alles." if de else
                     "A joker stands in for any card in a set, and alone it beats everything.")
        out.append(what)
    # who leads
    fl = {
        "first_seat": ("In der ersten Runde beginnt der erste Spieler am Tisch.",
                       "In round 1 the first player at the table leads."),
        "card": (f"In der ersten Runde beginnt, wer die {card_name(r.first_leader_card, 'de')} hat; "
                 f"haben sie zwei, entscheidet das Los.",
                 f"In round 1 whoever holds the {card_name(r.first_leader_card, 'en')} leads; if two hold it, "
                 f"a draw decides."),
        "draw": ("In der ersten Runde zieht jeder eine Karte; die niedrigste beginnt.",
                 "In round 1 everyone draws a card; the lowest leads."),
        "random": ("In der ersten Runde beginnt ein zufälliger Spieler.", "In round 1 a random player leads."),
    }[r.first_leader]
    out.append((fl[0] + " Danach beginnt der Letzte der vorigen Runde.") if de else
               (fl[1] + " After that the last place of the previous round leads."))
    # places and exchange
    out.append(f"Die Runde endet, sobald nur noch einer Karten hat. Die Plätze heißen von oben nach unten "
               f"{first}, {second}, {middle}, {second_last} und {last}." if de else
               f"The round ends as soon as only one player holds cards. From the top, the places are called "
               f"{first}, {second}, {middle}, {second_last} and {last}.")
    if not r.exchange or r.exchange_top == 0:
        out.append("Zwischen den Runden wird nicht getauscht." if de else "There is no exchange between rounds.")
    else:
        k = r.exchange_top
        ex = (f"Ab der zweiten Runde gibt der Letzte ({last}) dem Ersten ({first}) seine {_num(k, lang)} höchsten "
              f"Karte{'n' if k > 1 else ''} (aussuchen darf er nicht) und bekommt {_num(k, lang)} "
              f"Karte{'n' if k > 1 else ''} nach dessen Wahl zurück." if de else
              f"From round 2 the last place ({last}) gives the first ({first}) their {_num(k, lang)} highest card{'s' if k > 1 else ''} "
              f"(no choice) and gets {_num(k, lang)} card{'s' if k > 1 else ''} of the first's choice back.")
        k2 = r.exchange_second
        if k2:
            ex += (f" Ab vier Spielern tauschen Vorletzter ({second_last}) und Zweiter ({second}) ebenso {_num(k2, lang)} "
                   f"Karte{'n' if k2 > 1 else ''}." if de else
                   f" With four players or more, the second-to-last ({second_last}) and the second ({second}) swap {_num(k2, lang)} "
                   f"card{'s' if k2 > 1 else ''} the same way.")
        if r.schnorren:
            ex += (" Vorher darf sich, wer abgibt, bis zu drei Werte wünschen (Schnorren)." if de else
                   " Before that, whoever gives may wish for up to three values (schnorren).")
        out.append(ex)
    if r.rounds:
        out.append(f"Eine Partie hat {r.rounds} Runde{'n' if r.rounds > 1 else ''}; es gewinnt, wer am häufigsten "
                   f"{first} war." if de else
                   f"A match has {r.rounds} round{'s' if r.rounds > 1 else ''}; whoever was {first} most often wins.")
    else:
        out.append("Die Partie läuft, bis der Tisch sie beendet." if de else "The match goes on until the table ends it.")
    return out

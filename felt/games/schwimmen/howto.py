""""How to play" Schwimmen, generated from the rule set in force (de/en), and the quiz
"Was ist diese Hand wert?" (hands dealt from the deck; the answer is the engine's value)."""
from __future__ import annotations

import random

from .engine import (ACE, CARD_VALUE, DECK_SIZE, MAX_STECHEN, card_code, hand_value2, is_feuer, ranks_of,
                     suits_of, value_text)

SUIT_NAMES = {
    "french": {"de": ("Kreuz", "Pik", "Herz", "Karo"), "en": ("clubs", "spades", "hearts", "diamonds")},
    "german": {"de": ("Eichel", "Grün", "Herz", "Schellen"), "en": ("acorns", "leaves", "hearts", "bells")},
}
RANK_NAMES = {
    "french": {"de": ("7", "8", "9", "10", "Bube", "Dame", "König", "Ass"),
               "en": ("7", "8", "9", "10", "jack", "queen", "king", "ace")},
    "german": {"de": ("7", "8", "9", "10", "Unter", "Ober", "König", "Daus"),
               "en": ("7", "8", "9", "10", "unter", "ober", "king", "deuce")},
}


def _lang(lang):
    return "de" if lang == "de" else "en"


def howto(rules, lang: str = "de") -> list[str]:
    de = _lang(lang) == "de"
    r = rules
    s: list[str] = []

    def say(german: str, english: str) -> None:
        s.append(german if de else english)

    say(f"Gespielt wird mit 32 Karten ({'deutsches' if r.deck == 'german' else 'französisches'} Blatt, 7 bis Ass) "
        f"und {r.min_players} bis {r.max_players} Spielern.",
        f"Played with 32 cards ({'German' if r.deck == 'german' else 'French'} suits, 7 to ace) "
        f"and {r.min_players} to {r.max_players} players.")
    say("Ass zählt 11, König, Dame, Bube und 10 zählen 10, 9, 8 und 7 ihren Wert.",
        "An ace counts 11; king, queen, jack and 10 count 10; 9, 8 and 7 their face value.")
    say("Eine Hand zählt die höchste Summe ihrer Karten einer Farbe; drei Karten eines Rangs zählen 30½; "
        "31 (Ass und zwei Zehner einer Farbe) ist die beste Hand.",
        "A hand counts the highest sum of its cards of one suit; three cards of one rank count 30½; "
        "31 (an ace and two ten-value cards of one suit) is the best hand.")
    say(f"Jeder hat {r.lives} Leben; wer in einer Runde die niedrigste Hand hat, verliert eins "
        "(bei Gleichstand verlieren alle Gleichen).",
        f"Everyone has {r.lives} lives; the lowest hand of a round loses one "
        "(on a tie every tied player loses one).")
    if r.swimming:
        say("Wer das letzte Leben verliert, schwimmt und spielt weiter; verliert er noch einmal, ist er raus.",
            "Losing the last life makes a player swim: they play on, and the next loss puts them out.")
    else:
        say("Wer das letzte Leben verliert, ist raus.", "Losing the last life puts a player out.")
    if r.dealer_choice:
        say("Der Geber bekommt zwei Hände, sieht eine an und behält sie oder nimmt die andere ungesehen; "
            "die übrige Hand kommt offen in die Mitte.",
            "The dealer gets two hands, looks at one and keeps it or takes the other unseen; "
            "the hand not kept goes face up to the middle.")
    else:
        say("Jeder bekommt drei Karten, drei weitere liegen offen in der Mitte.",
            "Everyone gets three cards; three more go face up to the middle.")
    say("Wer dran ist, tauscht eine Karte mit der Mitte, tauscht alle drei, schiebt oder klopft.",
        "On your turn you swap one card with the middle, swap all three, pass, or knock.")
    if r.knock_first_round:
        say("Klopfen ist schon in der ersten Runde erlaubt.", "Knocking is allowed from the first turn.")
    else:
        say("Geklopft werden darf erst, wenn jeder einmal dran war.",
            "Nobody may knock before every player has had a turn.")
    say("Nach dem Klopfen ist jeder andere genau noch einmal dran, dann wird aufgedeckt; "
        "pro Runde wird nur einmal geklopft.",
        "After a knock every other player has exactly one more turn, then the hands are shown; "
        "there is one knock per round.")
    if r.knocker_double:
        say("Hat der Klopfer die niedrigste Hand, verliert er zwei Leben.",
            "A knocker with the lowest hand loses two lives.")
    if r.thirty_one_ends:
        say("Wer 31 hat, zeigt es sofort, und die Runde endet.",
            "A player holding 31 shows it at once and the round ends.")
    if r.feuer:
        say("Drei Asse sind Feuer: die Runde endet sofort, und alle anderen verlieren ein Leben.",
            "Three aces are Feuer: the round ends at once and every other player loses a life.")
    else:
        say("Drei Asse zählen wie jeder Drilling 30½.", "Three aces count 30½ like any three of a rank.")
    if r.all_pass == "new_middle":
        say("Schieben alle einmal reihum, kommt eine neue Mitte vom Stapel; reicht der Stapel nicht, wird aufgedeckt.",
            "If every player passes in one go-round, a new middle comes from the stock; "
            "if the stock is too small, hands are shown.")
    elif r.all_pass == "showdown":
        say("Schieben alle einmal reihum, wird sofort aufgedeckt.",
            "If every player passes in one go-round, hands are shown at once.")
    else:
        say("Schieben alle einmal reihum, geht es einfach weiter.",
            "If every player passes in one go-round, play simply goes on.")
    if r.match_end == "last_left":
        say("Wer als Letzter übrig ist, gewinnt.", "The last player left wins.")
    else:
        say(f"Nach {r.rounds} Runde{'n' if r.rounds != 1 else ''} gewinnt, wer am wenigsten Leben verloren hat.",
            f"After {r.rounds} round{'s' if r.rounds != 1 else ''} the player who lost the fewest lives wins.")
        say("Bei Gleichstand folgt ein Stechen: nur die Gleichen spielen weitere Runden, bis einer allein am "
            "wenigsten verloren hat; die anderen setzen aus und bleiben dahinter. "
            f"Nach {MAX_STECHEN} Stechen-Runden entscheidet das beste Blatt der letzten.",
            "On a tie a tie-break follows: only the tied players play more rounds until one alone has lost the "
            "fewest; the others sit it out and stay behind them. "
            f"After {MAX_STECHEN} tie-break rounds the best hand of the last one decides.")
    return s


# ---------------------------------------------------------------- quiz
def explain(rules, hand, lang: str = "de") -> str:
    """Why ``hand`` is worth what the engine says."""
    lg = _lang(lang)
    suits, ranks = SUIT_NAMES[rules.deck][lg], RANK_NAMES[rules.deck][lg]
    if is_feuer(hand) and rules.feuer:
        return ("Drei Asse: Feuer! Die Runde endet sofort, alle anderen verlieren ein Leben." if lg == "de"
                else "Three aces: Feuer! The round ends at once, every other player loses a life.")
    v2 = hand_value2(hand)
    if v2 == 61:
        rk = ranks[hand[0] & 7]
        return (f"Drei Karten vom Rang {rk}: 30½." if lg == "de" else f"Three of a rank ({rk}): 30½.")
    best_suit = max(range(4), key=lambda s: (sum(CARD_VALUE[c & 7] for c in hand if c >> 3 == s), -s))
    cards = sorted((c for c in hand if c >> 3 == best_suit), key=lambda c: -CARD_VALUE[c & 7])
    terms = " + ".join(ranks[c & 7] if ranks[c & 7].isdigit() else f"{ranks[c & 7]} ({CARD_VALUE[c & 7]})"
                       for c in cards)
    total = sum(CARD_VALUE[c & 7] for c in cards)
    if lg == "de":
        tail = " — das ist 31, die beste Hand." if total == 31 else "."
        return f"Beste Farbe {suits[best_suit]}: {terms} = {total}{tail} Andere Farben zählen nicht dazu."
    tail = " — that is 31, the best hand." if total == 31 else "."
    return f"Best suit {suits[best_suit]}: {terms} = {total}{tail} Other suits do not add."


def quiz(rules, seed=0, count: int = 10, lang: str = "de") -> list[dict]:
    """``count`` questions "Was ist diese Hand wert?": hands dealt from the deck (seeded),
    some of them made to show the special hands; answer and explanation from the engine."""
    rng = random.Random(f"felt:{seed}:quiz")
    out = []
    for i in range(count):
        kind = rng.random()
        if kind < 0.1:                            # three of a rank
            rk = rng.randrange(8)
            hand = [s * 8 + rk for s in rng.sample(range(4), 3)]
        elif kind < 0.25:                         # one suit
            st = rng.randrange(4)
            hand = [st * 8 + r for r in rng.sample(range(8), 3)]
        elif kind < 0.3:                          # a 31
            st = rng.randrange(4)
            hand = [st * 8 + ACE] + [st * 8 + r for r in rng.sample(range(3, 7), 2)]
        else:
            hand = rng.sample(range(DECK_SIZE), 3)
        rng.shuffle(hand)
        v2 = hand_value2(hand)
        feuer = bool(rules.feuer and is_feuer(hand))
        choices = {v2}
        while len(choices) < 4:
            choices.add(max(14, min(62, v2 + 2 * rng.choice((-10, -5, -3, -1, 1, 2, 4, 7)))))
        out.append({
            "question": "Was ist diese Hand wert?" if _lang(lang) == "de" else "What is this hand worth?",
            "cards": list(hand),
            "codes": [card_code(rules, c) for c in hand],
            "value2": v2,
            "feuer": feuer,
            "answer": value_text(v2, feuer),
            "choices": [value_text(c) for c in sorted(choices)] if not feuer else
                       ["Feuer", "30½", "31", "33"],
            "explanation": explain(rules, hand, lang),
        })
    return out


def suit_and_rank_names(rules, lang="de"):
    return SUIT_NAMES[rules.deck][_lang(lang)], RANK_NAMES[rules.deck][_lang(lang)], suits_of(rules), ranks_of(rules)


# ------------------------------------------------------- the common quiz shape
_DRAW_SUIT = {"E": "E", "G": "S", "H": "H", "B": "B"}     # how the card art draws German suits


def card_dict(rules, cid: int) -> dict:
    """Card ``cid`` as the window's card art draws it (German Grün with the spade glyph,
    Schellen with the bell, Eichel with the acorn), as in the table scene."""
    german = rules.deck == "german"
    s, r = suits_of(rules)[cid >> 3], ranks_of(rules)[cid & 7]
    return {"rank": r, "suit": _DRAW_SUIT[s] if german else s, "code": f"sw{rules.deck[0]}{s}{r}",
            "joker": False}


def quiz_questions(rules, seed=0, count: int = 10, lang: str = "de") -> list[dict]:
    """``quiz`` in the shape of ``Game.quiz`` (felt/contract/base.py): the hand to value, the
    value choices (one right: the engine's value), the explanation."""
    lg = _lang(lang)
    out = []
    for raw in quiz(rules, seed, count, lang):
        choices = list(raw["choices"])
        right = [i for i, c in enumerate(choices) if c == raw["answer"]]
        why = []
        for c in choices:
            if c == raw["answer"]:
                why.append(f"Richtig: {c}." if lg == "de" else f"Right: {c}.")
            else:
                why.append(f"Nicht {c} – die Hand ist {raw['answer']} wert." if lg == "de" else
                           f"Not {c} – the hand is worth {raw['answer']}.")
        out.append({
            "title": raw["question"],
            "prompt": ("Deine drei Karten: was ist diese Hand wert?" if lg == "de" else
                       "Your three cards: what is this hand worth?"),
            "table": [],
            "hand": [card_dict(rules, c) for c in raw["cards"]],
            "badges": [],
            "alert": bool(raw["feuer"]),
            "choices": [{"label": c, "cards": []} for c in choices],
            "multi": False,
            "right": right,
            "why": why,
            "explanation": raw["explanation"],
            "data": {"cards": list(raw["cards"]), "value2": raw["value2"], "feuer": raw["feuer"]},
        })
    return out

"""Mau-Mau "How to play" generated from the rule set, and the quiz "Was darfst du legen?".

``howto(rules, lang)`` turns the options in force into plain sentences (German or English);
change an option and the text changes. ``quiz(rules, seed, lang)`` builds a position with the
engine (a top card, maybe a wish or a pending seven, a hand) and takes the answer from the
engine's own legal plays, with an explanation for every card of the hand.
"""
from __future__ import annotations

import random

from felt.games.maumau import engine
from felt.games.maumau.rules import MauRules

SUIT_NAMES = {
    "de": {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo", "E": "Eichel", "G": "Grün", "B": "Schellen"},
    "en": {"C": "Clubs", "S": "Spades", "H": "Hearts", "D": "Diamonds", "E": "Acorns", "G": "Leaves", "B": "Bells"},
}
RANK_NAMES = {
    "de": {"J": "Bube", "Q": "Dame", "K": "König", "A": "Ass", "U": "Unter", "O": "Ober"},
    "en": {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace", "U": "Unter", "O": "Ober"},
}


def _lang(lang: str) -> str:
    return "de" if lang == "de" else "en"


def suit_name(suit: str, lang: str = "de") -> str:
    return SUIT_NAMES[_lang(lang)].get(suit, suit)


def card_name(card, lang: str = "de") -> str:
    """'Herz 10', 'Pik Bube' / 'Hearts 10', 'Spades Jack'."""
    lg = _lang(lang)
    return f"{SUIT_NAMES[lg].get(card.suit, card.suit)} {RANK_NAMES[lg].get(card.rank, card.rank)}"


def howto(rules: MauRules, lang: str = "de") -> list[str]:
    de = _lang(lang) == "de"
    r = rules
    german = r.suits == "german"
    jack_de = "Unter" if german else "Bube"
    jack_en = "Unter" if german else "jack"
    out: list[str] = []

    def say(german_text: str, english_text: str) -> None:
        out.append(german_text if de else english_text)

    style_de = "deutsches Blatt: Eichel, Grün, Herz, Schellen" if german else "französisches Blatt: ♣ ♠ ♥ ♦"
    style_en = "German suits: Acorns, Leaves, Hearts, Bells" if german else "French suits: ♣ ♠ ♥ ♦"
    say(f"Gespielt wird mit {r.deck} Karten ({style_de}) zu {r.min_players} bis {r.max_players}; "
        f"jeder bekommt {r.hand_size} Karten, eine wird aufgedeckt.",
        f"Played with {r.deck} cards ({style_en}) by {r.min_players} to {r.max_players} players; "
        f"everyone gets {r.hand_size} cards and one is turned up.")
    say("Wer am Zug ist, legt eine Karte gleicher Farbe oder gleichen Werts auf die oberste Karte "
        "oder zieht eine Karte vom Stapel.",
        "On your turn, play a card of the same suit or the same rank as the top card, or draw a card.")
    if r.after_draw == "play":
        say("Passt die gezogene Karte, darfst du sie gleich legen oder behalten; sonst ist der Nächste dran.",
            "If the drawn card fits, you may play it at once or keep it; otherwise the next player goes on.")
    else:
        say("Nach dem Ziehen ist dein Zug vorbei.", "Drawing ends your turn.")
    if r.draw_when_able:
        say("Du darfst auch ziehen, wenn du legen könntest.", "You may draw even when you could play.")
    else:
        say("Ziehen darfst du nur, wenn keine Karte passt.", "You may only draw when no card fits.")
    if r.seven == "draw2":
        say("Eine 7: Der Nächste muss 2 Karten ziehen; damit ist sein Zug vorbei.",
            "A 7: the next player must draw 2 cards, which is their whole turn.")
    elif r.seven == "stack":
        say("Eine 7: Der Nächste muss 2 Karten ziehen, oder er legt selbst eine 7, dann zieht der "
            "Nächste 4, und so weiter („7 auf 7“). Das Ziehen ist der ganze Zug.",
            "A 7: the next player must draw 2 cards, or play a 7 themselves, and then the next draws 4, "
            "and so on. Drawing is the whole turn.")
    if r.eight == "skip":
        say("Eine 8: Der Nächste setzt aus.", "An 8: the next player skips a turn.")
    if r.nine == "reverse":
        say("Eine 9 kehrt die Spielrichtung um (zu zweit setzt der andere aus).",
            "A 9 reverses the direction of play (with two players, the other skips).")
    if r.ace == "skip":
        say("Ein Ass: Der Nächste setzt aus.", "An ace: the next player skips a turn.")
    elif r.ace == "again":
        say("Ein Ass: Du legst gleich noch einmal (passt nichts, ziehst du).",
            "An ace: you play again at once (if nothing fits, you draw).")
    if r.jack == "wish":
        art = "An" if german else "A"
        if r.jack_on_jack:
            except_de, except_en = "", ""
        else:
            except_de = ", nur nicht auf einen Unter" if german else f", nur nicht auf einen {jack_de}n"
            except_en = f" except another {jack_en}"
        say(f"Der {jack_de} passt auf jede Karte{except_de}; wer ihn legt, wünscht sich eine Farbe. "
            "Dann muss diese Farbe folgen" + (f" (oder ein {jack_de})." if r.jack_on_jack else "."),
            f"{art} {jack_en} fits on any card{except_en}; whoever plays it names a suit, and that suit must follow"
            + (f" (or {art.lower()} {jack_en})." if r.jack_on_jack else "."))
    else:
        say(f"Der {jack_de} ist eine ganz normale Karte.", f"{'Unters' if german else 'Jacks'} are plain cards.")
    if r.mau_penalty:
        say(f"Wer seine vorletzte Karte legt, sagt „Mau“, bei der letzten „Mau-Mau“. Wer es vergisst, "
            f"zieht {r.mau_penalty} Strafkarte{'n' if r.mau_penalty > 1 else ''} – und gewinnt so auch nicht.",
            f"Say “Mau” when you play your second-to-last card and “Mau-Mau” with your last. Forget it and "
            f"you draw {r.mau_penalty} penalty card{'s' if r.mau_penalty > 1 else ''} – and do not win yet.")
    else:
        say("„Mau“ muss niemand sagen.", "Nobody has to say “Mau”.")
    if r.start_effect:
        say("Die erste aufgedeckte Karte wirkt, als hätte der Geber sie gelegt.",
            "The first card turned up acts as if the dealer had played it.")
    say("Ist der Stapel leer, wird der Ablagestapel außer der obersten Karte gemischt und zum neuen Stapel.",
        "When the draw pile is empty, the discard pile except its top card is shuffled into a new one.")
    if r.round_end == "first":
        say("Wer zuerst keine Karte mehr hat, gewinnt die Runde.", "The first player without cards wins the round.")
    else:
        say("Wer keine Karte mehr hat, ist fertig; die anderen spielen um die weiteren Plätze weiter.",
            "Whoever runs out of cards is done; the others play on for the remaining places.")
    if r.scoring == "points":
        say(f"Die Karten, die noch auf der Hand sind, zählen als Punkte: 7 bis 10 nach Augen, "
            f"{'Unter 2, Ober 3' if german else 'Bube 2, Dame 3'}, König 4, Ass 11.",
            f"Cards left in hand count as points: 7 to 10 at face value, "
            f"{'Unter 2, Ober 3' if german else 'jack 2, queen 3'}, king 4, ace 11.")
        best_de = "wer am wenigsten Punkte hat (bei Gleichstand: mehr gewonnene Runden)"
        best_en = "the fewest points wins (ties: more rounds won)"
    else:
        say("Es zählen nur die Plätze.", "Only places count.")
        best_de, best_en = "wer die meisten ersten Plätze hat", "the most first places wins"
    if r.match_end == "rounds":
        say(f"Eine Partie hat {r.rounds} Runde{'n' if r.rounds != 1 else ''}; es gewinnt, {best_de}.",
            f"A match has {r.rounds} round{'s' if r.rounds != 1 else ''}; {best_en}.")
    else:
        say(f"Die Partie endet nach der Runde, in der jemand {r.point_limit} Punkte erreicht; es gewinnt, {best_de}.",
            f"The match ends after the round in which someone reaches {r.point_limit} points; {best_en}.")
    return out


# ----------------------------------------------------------------------- quiz
def quiz(rules: MauRules, seed=0, lang: str = "de", hand_size: int = 5) -> dict:
    """A "Was darfst du legen?" question: top card, wish, pending seven and a hand from the seeded
    generator; ``answer`` is the engine's set of playable cards, ``why`` explains each card."""
    rng = random.Random(f"felt:quiz:{seed}")
    deck_state, _ = engine.new_match(rules, rules.min_players, 0, 0)
    deck = deck_state.deck
    ids = list(range(len(deck)))
    rng.shuffle(ids)
    top = ids.pop()
    wish = None
    pending = 0
    if rules.jack == "wish" and deck_state.jack[top]:
        wish = rng.choice(rules.suit_codes())
    elif rules.seven != "off" and deck_state.rank[top] == "7" and rng.random() < 0.6:
        pending = 2
    hand = sorted(ids[:hand_size], key=lambda c: (c % 32, c))
    other = ids[hand_size:hand_size + 3]
    others = [other] + [[] for _ in range(rules.min_players - 2)]
    s = engine.position(rules, [hand] + others, top, wish=wish, pending=pending)
    # legal_moves lists one of two identical copies (64 cards); both are playable
    faces = {s.face[m.card] for m in engine.legal_moves(s) if m.kind == "play"}
    answer = sorted(c for c in hand if s.face[c] in faces)
    may_draw = engine.DRAW in engine.legal_moves(s)
    why = {c: explain(s, c, lang) for c in hand}
    lg = _lang(lang)
    q = ("Was darfst du legen?" if lg == "de" else "What may you play?")
    situation = [card_name(deck[top], lang) + (" liegt oben" if lg == "de" else " is on top")]
    if wish:
        situation.append(("gewünscht: " if lg == "de" else "wished: ") + suit_name(wish, lang))
    if pending:
        situation.append(f"+{pending} " + ("zu ziehen" if lg == "de" else "to draw"))
    return {"question": q, "situation": ", ".join(situation), "top": top, "wish": wish, "pending": pending,
            "hand": hand, "answer": answer, "may_draw": may_draw, "why": why,
            "codes": {c: deck[c].code for c in hand + [top]}}


def explain(s, c: int, lang: str = "de") -> str:
    """Why card ``c`` may or may not be played on the position ``s``."""
    de = _lang(lang) == "de"
    r = s.rules
    name = card_name(s.deck[c], lang)
    top = s.discard[-1]
    tname = card_name(s.deck[top], lang)
    jack, jack_en = ("Unter", "an unter") if r.suits == "german" else ("Bube", "a jack")
    if s.pending:
        if r.seven == "stack" and s.rank[c] == "7":
            return f"{name}: ja – 7 auf 7, der Nächste zieht {s.pending + 2}." if de else \
                f"{name}: yes – a 7 on a 7, the next draws {s.pending + 2}."
        return (f"{name}: nein – auf die 7 hilft nur eine 7, sonst ziehst du {s.pending}." if r.seven == "stack" else
                f"{name}: nein – du musst {s.pending} ziehen.") if de else \
            (f"{name}: no – only a 7 answers the 7, else you draw {s.pending}." if r.seven == "stack" else
             f"{name}: no – you must draw {s.pending}.")
    if r.jack == "wish" and s.jack[c]:
        if engine.fits(s, c):
            return f"{name}: ja – der Wünscher passt auf alles, du wünschst dir eine Farbe." if de else \
                f"{name}: yes – the wish card fits on anything, you name a suit."
        return f"{name}: nein – {jack} auf {jack} ist nicht erlaubt." if de else \
            f"{name}: no – {jack_en} on {jack_en} is not allowed."
    if s.wish is not None:
        w = suit_name(s.wish, lang)
        if s.suit[c] == s.wish:
            return f"{name}: ja – {w} ist gewünscht." if de else f"{name}: yes – {w} is wished."
        return f"{name}: nein – gewünscht ist {w}, egal was der {jack} selbst ist." if de else \
            f"{name}: no – {w} is wished, whatever the {jack_en.split()[-1]}'s own suit."
    if s.suit[c] == s.suit[top]:
        return f"{name}: ja – gleiche Farbe wie {tname}." if de else f"{name}: yes – same suit as {tname}."
    if s.rank[c] == s.rank[top]:
        return f"{name}: ja – gleicher Wert wie {tname}." if de else f"{name}: yes – same rank as {tname}."
    return f"{name}: nein – weder Farbe noch Wert von {tname}." if de else \
        f"{name}: no – neither the suit nor the rank of {tname}."


# ------------------------------------------------------- the common quiz shape
_SUIT_SIGN = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


def _card_dict(card) -> dict:
    return {"rank": card.rank, "suit": card.suit, "code": card.code, "joker": bool(card.joker)}


def _kind(q: dict) -> str:
    return "wish" if q["wish"] else "seven" if q["pending"] else "plain"


def quiz_questions(rules: MauRules, seed=0, count: int = 8, lang: str = "de") -> list[dict]:
    """``count`` questions of ``quiz`` in the shape of ``Game.quiz`` (see felt/contract/base.py):
    the seeded generator is asked with seeds derived from ``seed``; a wish and a pending seven
    are taken in turn with plain positions where the rules have them, and no position twice."""
    lg = _lang(lang)
    deck = engine.new_match(rules, rules.min_players, 0, 0)[0].deck
    wanted = ["plain", "wish", "plain", "seven"]
    if rules.jack != "wish":
        wanted = [k for k in wanted if k != "wish"]
    if rules.seven == "off":
        wanted = [k for k in wanted if k != "seven"]
    got: list[dict] = []
    seen: set = set()
    spare: list[dict] = []
    k = 0
    while len(got) < count and k < 60 * max(1, count):
        raw = quiz(rules, f"{seed}:{k}", lang)
        k += 1
        key = (raw["top"], raw["wish"], raw["pending"], tuple(raw["hand"]))
        if key in seen:
            continue
        seen.add(key)
        if _kind(raw) != wanted[len(got) % len(wanted)]:
            spare.append(raw)
            continue
        got.append(raw)
    got += spare[:count - len(got)]
    out = []
    for raw in got:
        badges = []
        if raw["wish"]:
            sign = _SUIT_SIGN.get(raw["wish"], "")
            badges.append(("Wunsch: " if lg == "de" else "Wish: ") + suit_name(raw["wish"], lang)
                          + (f" {sign}" if sign else ""))
        if raw["pending"]:
            badges.append(f"+{raw['pending']}")
        hand = raw["hand"]
        answer = set(raw["answer"])
        prompt = (f"{raw['situation']}. Welche Karten deiner Hand darfst du legen?" if lg == "de" else
                  f"{raw['situation'][:1].upper()}{raw['situation'][1:]}. Which cards of your hand may you play?")
        out.append({
            "title": raw["question"],
            "prompt": prompt,
            "table": [_card_dict(deck[raw["top"]])],
            "hand": [_card_dict(deck[c]) for c in hand],
            "badges": badges,
            "alert": bool(raw["pending"]),
            "choices": [{"label": card_name(deck[c], lang), "cards": [_card_dict(deck[c])]} for c in hand],
            "multi": True,
            "right": [i for i, c in enumerate(hand) if c in answer],
            "why": [raw["why"][c] for c in hand],
            "explanation": ("Wenn nichts passt, ziehst du." if lg == "de" else "If nothing fits, you draw.")
            if not answer else "",
            "data": {"top": raw["top"], "wish": raw["wish"], "pending": raw["pending"], "hand": list(hand),
                     "others": [], "may_draw": raw["may_draw"]},
        })
    return out

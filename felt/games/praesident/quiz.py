"""Quiz "Was darfst du legen?": positions built by the engine, answers judged by it.

``questions(rules, count, seed)`` gives the seed page's two questions first (where the
rules in force have those cards), then questions generated from the rules: a pile, a hand
of candidate plays and passing, including the special effects in force (2s or 8s clear, a
single 8 skips, revolution, jokers, sequences, forced passing). Whether an option is
allowed is always the engine's verdict (``check_move`` in the position); the explanation
says why, in German and English.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from felt.cards import build_deck
from felt.games.praesident.engine import IllegalMove, Move, check_move, classify, position
from felt.games.praesident.howto import card_name, rank_name, rank_plural
from felt.games.praesident.rules import Rules

ME, PREV, OTHER = 0, 2, 1
_NUM = {"de": {1: "eine", 2: "zwei", 3: "drei", 4: "vier"}, "en": {1: "one", 2: "two", 3: "three", 4: "four"}}


@dataclass
class Option:
    cards: tuple                 # card ids; () is "pass"
    allowed: bool
    why: dict                    # {"de": ..., "en": ...}

    @property
    def is_pass(self) -> bool:
        return not self.cards


@dataclass
class Question:
    title: dict
    prompt: dict
    rules: Rules
    hands: list
    pile_cards: tuple
    revolution: bool = False
    options: list = field(default_factory=list)

    def state(self):
        """The engine position of this question (me = seat 0 on turn)."""
        return position(self.rules, self.hands, ME, pile_seat=PREV if self.pile_cards else None,
                        pile_cards=self.pile_cards, revolution=self.revolution)


class _Deck:
    def __init__(self, rules: Rules) -> None:
        self.deck = build_deck(rules)
        self.used: set[int] = set()

    def has(self, rank: str, suit: str | None = None) -> bool:
        return self.find(rank, suit) is not None

    def find(self, rank: str, suit: str | None = None):
        for i, c in enumerate(self.deck):
            if i in self.used or c.joker:
                continue
            if c.rank == rank and (suit is None or c.suit == suit):
                return i
        return None

    def take(self, rank: str, suit: str | None = None) -> int:
        i = self.find(rank, suit)
        if i is None:
            raise LookupError(f"no {rank}{suit or ''} left")
        self.used.add(i)
        return i

    def joker(self) -> int | None:
        for i, c in enumerate(self.deck):
            if c.joker and i not in self.used:
                self.used.add(i)
                return i
        return None

    def suits(self) -> list[str]:
        return list(dict.fromkeys(c.suit for c in self.deck if not c.joker))


def _names(deck, cards, lang) -> str:
    out = []
    for c in cards:
        cd = deck[c]
        out.append("Joker" if cd.joker else card_name(cd.suit + cd.rank, lang))
    return ", ".join(out)


def _count(k: int, lang: str) -> str:
    return _NUM[lang].get(k, str(k))


def explain(q: Question, opt_cards: tuple, ok: bool, state, deck) -> dict:
    """Why an option is allowed or not, in both languages (the verdict is the engine's)."""
    r = q.rules
    out = {}
    pile = state.pile
    for lang in ("de", "en"):
        de = lang == "de"
        if not opt_cards:
            if r.passing == "forced":
                t = ("Passen: Du kannst nichts legen, also passt du." if de else
                     "Pass: you cannot play, so you pass.") if ok else \
                    ("Passen geht bei diesen Regeln nur, wenn du nichts legen kannst – hier kannst du." if de else
                     "With these rules you may only pass when you cannot play – here you can.")
            else:
                t = ("Passen geht immer; du bist dann bis zum nächsten Stich draußen." if de else
                     "You may always pass; you are then out until the next trick.")
            out[lang] = (("Richtig. Passen: " if ok else "Falsch. Passen: ") if de else
                         ("Allowed. Pass: " if ok else "Not allowed. Pass: ")) + t
            continue
        names = _names(deck, opt_cards, lang)
        p = classify(state, tuple(opt_cards), pile.kind if pile is not None else None)
        if p is None:
            t = (f"{names}: Das ist kein Spielzug – nur gleiche Karten oder eine Folge." if de else
                 f"{names}: that is not a play – only cards of one value or a run.")
        elif p.kind == "joker":
            t = (f"{names}: Ein Joker allein schlägt alles." if de else f"{names}: a lone joker beats everything.") \
                if ok else (f"{names}: Ein Joker allein geht hier nicht." if de else f"{names}: a lone joker is not allowed here.")
        elif pile is None:
            t = (f"{names}: Ausspielen darfst du jede gültige Kombination." if de else
                 f"{names}: you may lead any valid play.")
        elif pile.kind == "joker":
            t = ("Auf einen Joker, der alles schlägt, kann niemand legen." if de else
                 "Nothing can be played on a joker that beats everything.")
        elif p.kind != pile.kind and pile.kind in ("set", "seq") and p.kind in ("set", "seq") and p.size == pile.size:
            t = (f"{names}: Auf eine Folge kommt eine Folge, auf gleiche Karten gleiche Karten." if de else
                 f"{names}: a run must be answered with a run, a set with a set.")
        elif p.size != pile.size:
            k, m = pile.size, p.size
            if m == 1 and k == 2:
                t = (f"{names}: Eine einzelne Karte schlägt kein Paar, auch kein {rank_name(deck[opt_cards[0]].rank, lang)}."
                     if de else f"{names}: a single card does not beat a pair, not even an "
                                f"{rank_name(deck[opt_cards[0]].rank, lang)}.")
            else:
                t = (f"{names}: Auf {_count(k, lang)} Karte{'n' if k > 1 else ''} "
                     f"{'kommen' if k > 1 else 'kommt'} genau {_count(k, lang)}, nicht {_count(m, lang)}." if de else
                     f"{names}: {_count(k, lang)} card{'s' if k > 1 else ''} must be answered with exactly "
                     f"{_count(k, lang)}, not {_count(m, lang)}.")
        else:
            mine = r.ranks[p.lo] if p.kind == "set" else r.ranks[p.hi]
            theirs = r.ranks[pile.lo] if pile.kind == "set" else r.ranks[pile.hi]
            a, b = (p.lo, pile.lo)
            if a == b:
                t = (f"{names}: Gleich hoch reicht bei diesen Regeln." if de else
                     f"{names}: equal rank is enough with these rules.") if ok else \
                    (f"{names}: Gleich hoch reicht nicht, die Antwort muss höher sein." if de else
                     f"{names}: equal is not enough, the answer must be higher.")
            elif ok:
                if q.revolution:
                    t = (f"{names}: Während der Revolution schlagen tiefere Karten – {rank_name(mine, lang)} ist tiefer "
                         f"als {rank_name(theirs, lang)}." if de else
                         f"{names}: during a revolution lower cards beat – {rank_name(mine, lang)} is lower than "
                         f"{rank_name(theirs, lang)}.")
                else:
                    k = p.size
                    what = (f"{_count(k, lang)} gleiche Karten, die höher sind" if k > 1 else
                            "eine Karte, die höher ist") if p.kind == "set" else "eine Folge, die höher ist"
                    what_en = (f"{_count(k, lang)} cards of one value, higher" if k > 1 else "a card, higher") \
                        if p.kind == "set" else "a run, higher"
                    t = (f"{names}: {what} als {rank_name(theirs, lang)}." if de else
                         f"{names}: {what_en} than {rank_name(theirs, lang)}.")
            else:
                if q.revolution:
                    t = (f"{names}: Während der Revolution schlagen nur tiefere Karten – {rank_name(mine, lang)} ist "
                         f"höher als {rank_name(theirs, lang)}." if de else
                         f"{names}: during a revolution only lower cards beat – {rank_name(mine, lang)} is higher than "
                         f"{rank_name(theirs, lang)}.")
                else:
                    t = (f"{names}: {rank_name(mine, lang)} ist niedriger als {rank_name(theirs, lang)}." if de else
                         f"{names}: {rank_name(mine, lang)} is lower than {rank_name(theirs, lang)}.")
            if ok and p.kind == "set":
                rank = r.ranks[p.lo]
                extra = ""
                if (r.quad_clears == "exactly4" and p.size == 4) or (r.quad_clears == "4plus" and p.size >= 4):
                    extra = (" Vier gleiche räumen danach sofort ab." if de else " Four of a kind then clear at once.")
                elif r.twos_clear and rank == "2":
                    extra = (" Danach räumst du mit den Zweien ab und spielst neu aus." if de else
                             " Then your 2s clear the trick and you lead again.")
                elif r.eights_clear and rank == "8":
                    extra = (" Danach räumst du mit den Achten ab und spielst neu aus." if de else
                             " Then your 8s clear the trick and you lead again.")
                elif r.eight_skips and p.size == 1 and rank == "8":
                    extra = (" Der nächste Spieler setzt dann aus." if de else " The next player is then skipped.")
                if r.revolution and p.size >= 4:
                    extra += (" Und es gibt eine Revolution." if de else " And it starts a revolution.")
                t += extra
        prefix = ("Richtig. " if ok else "Falsch. ") if de else ("Allowed. " if ok else "Not allowed. ")
        out[lang] = prefix + t
    return out


def _finish(q: Question, cand: list[tuple]) -> Question | None:
    """Judge every candidate with the engine in the question's position."""
    try:
        st = q.state()
    except (ValueError, KeyError, IndexError):
        return None
    deck = st.deck if hasattr(st, "deck") and st.deck else build_deck(q.rules)
    opts = []
    for cards in cand:
        mv = Move("play", tuple(cards)) if cards else Move("pass")
        try:
            check_move(st, ME, mv)
            ok = True
        except IllegalMove:
            ok = False
        opts.append(Option(tuple(cards), ok, explain(q, tuple(cards), ok, st, deck)))
    q.options = opts
    return q


def _pile_text(deck, cards, lang) -> str:
    cd = [deck[c] for c in cards]
    k = len(cards)
    de = lang == "de"
    if k == 1:
        return (f"Auf dem Tisch liegt eine einzelne Karte: {_names(deck, cards, lang)}. Was darfst du legen?" if de else
                f"A single card is on the table: {_names(deck, cards, lang)}. What may you play?")
    if len({c.rank for c in cd if not c.joker}) == 1:
        rank = next(c.rank for c in cd if not c.joker)
        return (f"Auf dem Tisch liegen {_count(k, lang)} {rank_plural(rank, lang)}. Was darfst du darauf legen?" if de else
                f"{_count(k, lang).capitalize()} {rank_plural(rank, lang)} are on the table. What may you play on them?")
    return (f"Auf dem Tisch liegt eine Folge: {_names(deck, cards, lang)}. Was darfst du legen?" if de else
            f"A run is on the table: {_names(deck, cards, lang)}. What may you play?")


def _filler(d: _Deck, n: int) -> list[int]:
    out = []
    for i, c in enumerate(d.deck):
        if len(out) >= n:
            break
        if i not in d.used and not c.joker:
            d.used.add(i)
            out.append(i)
    return out


def _build(rules: Rules, title: dict, pile: list, cand: list[list], prompt: dict | None = None,
           revolution: bool = False, deck: _Deck | None = None) -> Question | None:
    d = deck
    mine = sorted({c for cards in cand for c in cards})
    hands = [mine, _filler(d, 3), _filler(d, 3)]
    if not prompt:
        prompt = {lang: _pile_text(d.deck, pile, lang) for lang in ("de", "en")}
    if revolution:
        prompt = {k: (("Revolution ist an! " if k == "de" else "A revolution is on! ") + v) for k, v in prompt.items()}
    q = Question(title, prompt, rules, hands, tuple(pile), revolution)
    return _finish(q, [tuple(c) for c in cand])


# The quizzes of the rules page: title, prompt, the pile and the candidate plays, as (rank,
# suit) cards; each is asked where the rules have all of its cards.
_SEED_QUIZZES = (
    ({"de": "Was darfst du legen?", "en": "What may you play?"},
     {"de": "Auf dem Tisch liegen zwei Neunen. Was darfst du darauf legen?",
      "en": "Two nines are on the table. What may you play on them?"},
     [("9", "S"), ("9", "H")],
     [[("J", "C"), ("J", "D")], [("A", "H")], [("8", "C"), ("8", "D")], [("9", "C"), ("9", "D")],
      [("K", "S"), ("K", "H"), ("K", "C")], []]),
    ({"de": "Was schlägt das Ass?", "en": "What beats the ace?"},
     {"de": "Ein einzelnes Ass liegt auf dem Tisch. Was darfst du legen?",
      "en": "A single ace is on the table. What may you play?"},
     [("A", "D")],
     [[("2", "S")], [("K", "C")], [("A", "H")], []]),
)


def seed_questions(rules: Rules) -> list[Question]:
    """The two quizzes of the rules page, where these rules have the cards."""
    out = []
    for title, prompt, pile_cards, cand_cards in _SEED_QUIZZES:
        d = _Deck(rules)
        try:
            pile = [d.take(rank, suit) for rank, suit in pile_cards]
            cand = [[d.take(rank, suit) for rank, suit in play] for play in cand_cards]
            q = _build(rules, title, pile, cand, prompt, deck=d)
        except LookupError:
            continue
        if q:
            out.append(q)
    return out


def _gen_set(rules: Rules, rng: random.Random, n: int, revolution: bool = False) -> Question | None:
    """A pile of ``k`` equal cards and candidates around it, with the effects in force."""
    d = _Deck(rules)
    ranks = list(rules.ranks)
    most = min(4 * rules.copies, rules.largest_set)
    k = rng.choice([1, 1, 2, 2, 3][:max(1, min(5, most + 2))])
    k = min(k, 2 * rules.copies, 3)
    i = rng.randrange(1, len(ranks) - 1)
    suits = d.suits()

    def take_set(rank, m):
        out = []
        for s in rng.sample(suits, len(suits)) * rules.copies:
            if len(out) == m:
                break
            c = d.find(rank, s)
            if c is not None:
                d.used.add(c)
                out.append(c)
        return out if len(out) == m else None

    pile = take_set(ranks[i], k)
    if pile is None:
        return None
    cand = []
    hi = rng.randrange(i + 1, len(ranks))
    lo = rng.randrange(0, i)
    for rank, m in ((ranks[hi], k), (ranks[lo], k), (ranks[i], k), (ranks[min(hi, len(ranks) - 1)], k + 1 if k < 3 else 1)):
        cs = take_set(rank, m)
        if cs:
            cand.append(cs)
    # the effects in force get their own candidate
    if rules.twos_clear and "2" in ranks:
        cs = take_set("2", k)
        if cs:
            cand.append(cs)
    if (rules.eight_skips or rules.eights_clear) and "8" in ranks and k == 1:
        cs = take_set("8", 1)
        if cs:
            cand.append(cs)
    if rules.jokers and k == 1:
        j = d.joker()
        if j is not None:
            cand.append([j])
    cand.append([])
    rng.shuffle(cand)
    return _build(rules, {"de": f"Frage {n}", "en": f"Question {n}"}, pile, cand, revolution=revolution, deck=d)


def _gen_seq(rules: Rules, rng: random.Random, n: int) -> Question | None:
    d = _Deck(rules)
    ranks = list(rules.ranks)
    L = rules.sequence_min
    if len(ranks) < L + 2:
        return None
    suits = d.suits()
    s1, s2 = rng.sample(suits, 2)
    i = rng.randrange(1, len(ranks) - L)
    try:
        pile = [d.take(r, s1) for r in ranks[i:i + L]]
        cand = [[d.take(r, s2) for r in ranks[i + 1:i + 1 + L]],
                [d.take(r, s2) for r in ranks[i - 1:i - 1 + L]]]
        same = [d.take(ranks[-1]) for _ in range(L)] if rules.copies * 4 >= L else []
        if same and len({c for c in same}) == L:
            cand.append(same)
        cand.append([])
    except LookupError:
        return None
    rng.shuffle(cand)
    return _build(rules, {"de": f"Frage {n}", "en": f"Question {n}"}, pile, cand, deck=d)


def questions(rules: Rules, count: int = 8, seed: int = 0) -> list[Question]:
    """The seed page's questions (where they fit these rules), then generated ones."""
    out = seed_questions(rules)
    rng = random.Random(f"quiz:{seed}:{rules.id}")
    tries = 0
    while len(out) < count and tries < 200:
        tries += 1
        n = len(out) + 1
        kind = rng.random()
        if rules.sequences and kind < 0.3:
            q = _gen_seq(rules, rng, n)
        elif rules.revolution and kind < 0.5:
            q = _gen_set(rules, rng, n, revolution=True)
        else:
            q = _gen_set(rules, rng, n)
        if q is None or len(q.options) < 3 or any(q.prompt == o.prompt for o in out):
            continue
        if not any(o.allowed and o.cards for o in q.options) and rng.random() < 0.7:
            continue              # mostly questions with something to find
        out.append(q)
    return out


__all__ = ["Option", "Question", "questions", "seed_questions", "explain", "common"]


def _card_dict(card) -> dict:
    return {"rank": card.rank, "suit": card.suit, "code": card.code, "joker": bool(card.joker)}


def common(rules: Rules, count: int = 8, seed: int = 0, lang: str = "de") -> list[dict]:
    """``questions`` in the shape of ``Game.quiz`` (felt/contract/base.py)."""
    lg = "de" if lang == "de" else "en"
    deck = build_deck(rules)
    out = []
    for q in questions(rules, count, seed):
        out.append({
            "title": "Was darfst du legen?" if lg == "de" else "What may you play?",
            "prompt": q.prompt.get(lg, ""),
            "table": [_card_dict(deck[c]) for c in q.pile_cards],
            "hand": [],
            "badges": ["Revolution"] if q.revolution else [],
            "alert": bool(q.revolution),
            "choices": [{"label": _names(deck, o.cards, lg) if o.cards else ("Passen" if lg == "de" else "Pass"),
                         "cards": [_card_dict(deck[c]) for c in o.cards]} for o in q.options],
            "multi": True,
            "right": [i for i, o in enumerate(q.options) if o.allowed],
            "why": [o.why.get(lg, "") for o in q.options],
            "explanation": "",
            "data": {"pile": list(q.pile_cards), "hands": [list(h) for h in q.hands],
                     "revolution": q.revolution, "options": [list(o.cards) for o in q.options]},
        })
    return out

"""Elfer raus! for Felt Club: rows per suit grow from the 11s; play or draw; first out wins.

A package of its own (entry point ``felt.games``: ``elferraus = "felt_elferraus:GAME"``) on the
plain table: the view's ``table`` has the four suit rows and the stock. Card id
``suit * top + rank - 1``; ``card_face`` tells the window how each one looks."""
from __future__ import annotations

import random
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from felt.contract import rulefile
from felt.contract.base import (Bot, Game, IllegalMove, OptionSpec, RulesError, round_rng, rules_from_fields,
                               wire_kind)
from felt.ui import i18n

HERE = Path(__file__).resolve().parent
i18n.add_catalog(HERE / "texts.toml")

SUITS = ("H", "D", "C", "S")                 # as felt.ui.cardart draws them: Herz, Karo, Kreuz, Pik
ROWS = ("hearts", "diamonds", "clubs", "spades")
SYMBOLS = ("♥", "♦", "♣", "♠")
TEMPLATES = ("ER-STD", "ER-KURZ")


class ERRulesError(RulesError):
    """A broken rule set of this game (the messages of felt.contract.base.rules_from_fields)."""


@dataclass(frozen=True)
class ERRules:
    id: str = "ER-STD"
    name: str = "Elfer raus!"
    top: int = 20             # the highest number; the rows start at 11
    hand: int = 12            # cards dealt to each player
    max_draw: int = 3         # cards a player may draw in one turn
    rounds: int = 3

    LIMITS = {"top": (11, 20), "hand": (3, 20), "max_draw": (1, 5), "rounds": (1, 9)}


@dataclass
class ERState:
    rules: ERRules
    n: int
    seed: object
    rounds_total: int
    round_no: int = 1
    phase: str = "play"
    to_move: int | None = 0
    hands: list = field(default_factory=list)
    stock: list = field(default_factory=list)
    rows: list = field(default_factory=list)      # per suit [lowest, highest] or None
    drawn: int = 0                                # cards the seat on turn drew this turn
    scores: list = field(default_factory=list)    # penalty points of the match
    history: list = field(default_factory=list)   # places per round, best first
    winner: int | None = None

    def clone(self) -> "ERState":
        return replace(self, hands=[list(h) for h in self.hands], stock=list(self.stock),
                       rows=[list(r) if r else None for r in self.rows], scores=list(self.scores),
                       history=[list(p) for p in self.history])


def rank_of(cid: int, top: int) -> int:
    return cid % top + 1


def fits(cid: int, rows: list, top: int) -> bool:
    """Does card ``cid`` go onto its suit's row now: an 11, or next to the row's ends?"""
    rank, row = rank_of(cid, top), rows[cid // top]
    return rank == 11 if row is None else rank in (row[0] - 1, row[1] + 1)


class ElferRaus(Game):
    id = "elferraus"
    name = {"de": "Elfer raus!", "en": "Elfer raus!"}
    order = 50
    min_players = 2
    max_players = 6
    bot_levels = ("easy", "normal")
    move_kinds = ("play", "draw", "pass")
    move_keys = ("target",)
    fixed_rounds_options = {}
    pace_seconds = {**Game.pace_seconds, "draw": 0.4, "round_over": 2.5}

    # ------------------------------------------------------------------ rules
    def template_ids(self):
        return list(TEMPLATES)

    def template(self, template_id):
        if template_id not in TEMPLATES:
            raise KeyError(template_id)
        return self.rules_from_dict(rulefile.read(HERE / f"{template_id}.toml", ERRulesError))

    def rules_from_dict(self, d):
        return rules_from_fields(ERRules, d, ERRulesError)

    def rules_to_dict(self, rules):
        return {"game": self.id, **{f.name: getattr(rules, f.name) for f in fields(ERRules)}}

    def options(self):
        def opt(key, de, en, help_de, help_en, group):
            lo, hi = ERRules.LIMITS[key]
            return OptionSpec(key, "int", {"de": de, "en": en}, {"de": help_de, "en": help_en}, lo=lo, hi=hi,
                              group=group)
        return [opt("top", "Höchste Zahl", "Highest number", "Karten 1 bis zu dieser Zahl, je Farbe",
                    "Cards 1 up to this number, per suit", "cards"),
                opt("hand", "Karten pro Spieler", "Cards per player", "So viele Karten bekommt jeder",
                    "Everyone is dealt this many", "cards"),
                opt("max_draw", "Ziehen pro Zug", "Draws per turn", "Höchstens so oft ziehen, wenn nichts passt",
                    "At most this many draws when nothing fits", "turn"),
                opt("rounds", "Runden", "Rounds", "Runden pro Partie", "Rounds per match", "match")]

    def players_range(self, rules):
        return self.min_players, max(self.min_players, min(self.max_players, 4 * rules.top // rules.hand))

    def deck_size(self, rules):
        return 4 * rules.top

    # ----------------------------------------------------------------- engine
    def _deal(self, s: ERState) -> list:
        top = s.rules.top
        cards = list(range(4 * top))
        round_rng(s.seed, s.round_no, "deal").shuffle(cards)
        k = s.rules.hand
        s.hands = [sorted(cards[i * k:(i + 1) * k]) for i in range(s.n)]
        s.stock = cards[s.n * k:]
        s.rows, s.drawn, s.phase = [None] * 4, 0, "play"
        s.to_move = (s.round_no - 1) % s.n
        return [{"type": "deal", "seat": i, "stock": len(s.stock),
                 "_private": {"seats": [i], "data": {"cards": list(s.hands[i])}}} for i in range(s.n)]

    def new_match(self, rules, n_players, seed, rounds=None):
        self.validate(rules, n_players)
        s = ERState(rules, n_players, seed, rules.rounds if rounds is None else rounds, scores=[0] * n_players)
        return s, self._deal(s)

    def legal_moves(self, state):
        if state.phase != "play":
            return []
        hand = state.hands[state.to_move]
        top = state.rules.top
        plays = [("play", c, c // top) for c in hand if fits(c, state.rows, top)]
        if plays:
            return plays
        if state.stock and state.drawn < state.rules.max_draw:
            return [("draw",)]
        return [("pass",)]

    def check_move(self, state, seat, move):
        if state.phase != "play" or seat != state.to_move:
            raise IllegalMove("it is not your turn")
        if move not in self.legal_moves(state):
            if move[0] == "play" and move[1] not in state.hands[seat]:
                raise IllegalMove(f"you do not hold card {move[1]}")
            raise IllegalMove({"play": "that card does not fit onto its row",
                               "draw": "you can play a card, or you have drawn enough",
                               "pass": "you can still play or draw"}.get(move[0], "not a move"))

    def apply(self, state, seat, move):
        self.check_move(state, seat, move)
        s = state.clone()
        return s, self.apply_inplace(s, seat, move, check=False)

    def apply_inplace(self, state, seat, move, check=True):
        if check:
            self.check_move(state, seat, move)
        s, top = state, state.rules.top
        if move[0] == "draw":
            card = s.stock.pop()
            s.hands[seat].append(card)
            s.hands[seat].sort()
            s.drawn += 1
            return [{"type": "draw", "seat": seat, "stock": len(s.stock),
                     "_private": {"seats": [seat], "data": {"card": card}}}]
        if move[0] == "pass":
            s.to_move, s.drawn = (seat + 1) % s.n, 0
            return [{"type": "pass", "seat": seat}]
        card = move[1]
        s.hands[seat].remove(card)
        suit, rank = card // top, rank_of(card, top)
        row = s.rows[suit]
        s.rows[suit] = [11, 11] if row is None else [min(row[0], rank), max(row[1], rank)]
        events = [{"type": "play", "seat": seat, "card": card, "rank": rank, "suit": suit}]
        if s.hands[seat]:
            s.to_move, s.drawn = (seat + 1) % s.n, 0
            return events
        places = sorted(range(s.n), key=lambda i: (len(s.hands[i]), (i - seat) % s.n))
        for i in range(s.n):
            s.scores[i] += len(s.hands[i])
        s.history.append(places)
        s.to_move = None
        events.append({"type": "out", "seat": seat})
        if s.rounds_total and s.round_no >= s.rounds_total:
            s.phase, s.winner = "match_over", self._leader(s)
            events.append({"type": "match_over", "winner": s.winner})
        else:
            s.phase = "round_over"
            events.append({"type": "round_over", "round_no": s.round_no, "places": places})
        return events

    @staticmethod
    def _leader(s: ERState) -> int:
        return min(range(s.n), key=lambda i: (s.scores[i], i))

    def next_round(self, state):
        if state.phase != "round_over":
            raise IllegalMove("the round is not over")
        s = state.clone()
        s.round_no += 1
        return s, self._deal(s)

    def end_match(self, state):
        s = state.clone()
        s.phase, s.to_move = "match_over", None
        s.winner = self._leader(s) if s.history else None
        return s, [{"type": "match_over", "winner": s.winner}]

    def move_to_wire(self, move):
        if move[0] == "play":           # ("play", card, suit): the row it goes onto is the target
            return {"kind": "play", "cards": [move[1]], "target": ROWS[move[2]]}
        return {"kind": move[0]}

    def move_from_wire(self, d):
        kind = wire_kind(d, self.move_kinds, "play, draw or pass")
        if kind != "play":
            return (kind,)
        cards = d.get("cards")
        if not isinstance(cards, list) or len(cards) != 1 or not isinstance(cards[0], int) \
                or isinstance(cards[0], bool) or d.get("target") not in ROWS:
            raise IllegalMove("a play is {kind: 'play', cards: [one card id], target: a suit's row}")
        return ("play", cards[0], ROWS.index(d["target"]))

    # ------------------------------------------------------------------ views
    def view(self, state, seat):
        s, top = state, state.rules.top
        rows = [{"id": ROWS[i], "label": SYMBOLS[i], "target": True,
                 "cards": list(range(i * top + r[0] - 1, i * top + r[1])) if r else []}
                for i, r in enumerate(s.rows)]
        legal = []
        if seat is not None and seat == s.to_move:
            legal = [self.move_to_wire(m) for m in self.legal_moves(s)]
        return {"game": self.id, "seat": seat, "n": s.n, "phase": s.phase, "round_no": s.round_no,
                "to_move": s.to_move, "hand": list(s.hands[seat]) if seat is not None else [],
                "counts": [len(h) for h in s.hands], "stock": len(s.stock), "drawn": s.drawn,
                "rows": [list(r) if r else None for r in s.rows], "scores": list(s.scores),
                "history": [list(p) for p in s.history], "winner": s.winner,
                "rules": self.rules_to_dict(s.rules),
                "table": {"rows": rows, "piles": [{"id": "stock", "count": len(s.stock)}]},
                "legal": legal}

    def card_face(self, card_id, rules):
        top = rules.get("top", 20) if isinstance(rules, dict) else 20
        if not isinstance(top, int) or not 0 <= card_id < 4 * top:
            return None
        return str(rank_of(card_id, top)), SUITS[card_id // top]

    def shown_cards(self, view):
        return set(view.get("hand") or []) | {c for r in view["table"]["rows"] for c in r["cards"]}

    def check_cards(self, state):
        top = state.rules.top
        played = [i * top + k - 1 for i, r in enumerate(state.rows) if r for k in range(r[0], r[1] + 1)]
        every = [c for h in state.hands for c in h] + state.stock + played
        if sorted(every) != list(range(4 * top)):
            return f"the cards do not add up: {len(every)} of {4 * top}, {len(every) - len(set(every))} twice"
        return None

    def seat_summary(self, view):
        seat, scores = view.get("seat"), view.get("scores") or []
        return f"Σ {scores[seat]}" if isinstance(seat, int) and 0 <= seat < len(scores) else ""

    def log_lines(self):
        from felt.ui.playlog import Entry, GameLines, LogLines, each_event

        def build(events, ctx):
            out = []
            for ev, typ, seat in each_event(events):
                if typ == "play":
                    out.append(Entry("play", seat, [ev.get("card")], {"card": f"{SYMBOLS[ev['suit']]} {ev['rank']}"}))
                elif typ in ("draw", "pass", "out"):
                    out.append(Entry(typ, seat, effect=typ == "out"))
                elif typ == "round_over":
                    out.append(Entry("round_over", None, ends_trick=True, effect=True))
            return out

        def text(entry, ctx):
            if entry.kind == "round_over":
                return i18n.t("erlog.round_over")
            return LogLines.say(f"erlog.{entry.kind}", entry, ctx, name=ctx.name(entry.seat), **entry.params)
        return GameLines(build, text, sections="round")

    def make_bot(self, level, seed=None, think_ms=None):
        return ERBot(self.bot_level(level), seed)

    def hint_reason(self, view, move, lang="de"):
        de = {"play": "Spiel, wo du selbst weiterlegen kannst.", "draw": "Nichts passt: ziehen.",
              "pass": "Nichts passt mehr: passen."}
        en = {"play": "Play where you can follow up yourself.", "draw": "Nothing fits: draw.",
              "pass": "Nothing fits any more: pass."}
        return (de if lang == "de" else en).get(move.get("kind"), "")

    def howto(self, rules, lang="de"):
        r = rules
        if lang == "de":
            return [f"Gespielt wird mit den Zahlen 1 bis {r.top} in vier Farben ({4 * r.top} Karten); "
                    f"jeder bekommt {r.hand} Karten, der Rest ist der Stapel.",
                    "Jede Farbe beginnt mit ihrer 11. Dann wächst ihre Reihe nach unten (10, 9 …) "
                    f"und nach oben (12, 13 … {r.top}), immer um eine Karte.",
                    "Wer eine passende Karte hat, muss eine legen. Wer keine hat, zieht "
                    f"(höchstens {r.max_draw} pro Zug) und legt eine passende gleich; sonst passt er.",
                    "Wer zuerst keine Karten mehr hat, gewinnt die Runde; jede übrige Karte ist ein "
                    f"Strafpunkt. Nach {r.rounds} Runden gewinnt, wer die wenigsten Strafpunkte hat."]
        return [f"The cards are the numbers 1 to {r.top} in four suits ({4 * r.top} cards); everyone gets "
                f"{r.hand} cards, the rest is the stock.",
                "Each suit starts with its 11. Then its row grows down (10, 9 …) and up "
                f"(12, 13 … {r.top}), one card at a time.",
                "If a card of yours fits, you must play one. If none does, draw (at most "
                f"{r.max_draw} a turn) and play a fitting card at once; else pass.",
                "The first player out of cards wins the round; every card left is a penalty point. "
                f"After {r.rounds} rounds the fewest penalty points win."]


class ERBot(Bot):
    """easy: any card that fits; normal: a card whose next one (same suit, same direction) it
    holds itself, else the one that opens least for the others (an end card before an 11)."""

    def __init__(self, level: str, seed=None):
        super().__init__()
        self.level, self.rng = level, random.Random(seed)

    def decide(self, view):
        legal = view["legal"]
        plays = [m for m in legal if m["kind"] == "play"]
        if not plays or self.level == "easy":
            return self.rng.choice(legal)
        top, hand = view["rules"]["top"], set(view["hand"])

        def worth(m):
            c = m["cards"][0]
            rank, base = rank_of(c, top), c - rank_of(c, top) + 1
            if rank == 11:
                follow = sum(1 for k in (10, 12) if base + k - 1 in hand)
                return (follow, -1)
            step = 1 if rank > 11 else -1
            nxt = base + rank + step - 1
            return (1 if 1 <= rank + step <= top and nxt in hand else 0, abs(rank - 11))
        return max(plays, key=worth)


GAME = ElferRaus()

"""Stiche ansagen (Oh Hell) for Felt Club: say how many tricks you will take, then take exactly that many.

A package of its own (entry point ``felt.games``: ``stiche = "felt_stiche:GAME"``) on the plain
table, with no scene: the view's ``table`` has the trick by seat, the trump card, the instruction
line, each seat's line and the standings (``felt.contract.table_view``). Cards are the 52 of a
French deck with the plain table's default faces: id ``suit * 13 + rank``, ranks 2..A."""
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

SIGNS = ("♣", "♠", "♥", "♦")            # the suits in felt.cards order: Kreuz, Pik, Herz, Karo
TEMPLATES = ("ST-STD", "ST-KURZ")


def suit(card: int) -> int:
    return card // 13


def rank(card: int) -> int:               # 0 (the 2) .. 12 (the ace)
    return card % 13


class StRulesError(RulesError):
    """A broken rule set of this game (the messages of felt.contract.base.rules_from_fields)."""


@dataclass(frozen=True)
class StRules:
    id: str = "ST-STD"
    name: str = "Stiche ansagen"
    rounds: int = 6           # round r deals r cards (at most max_hand)
    max_hand: int = 8
    bonus: int = 10           # points for taking exactly the tricks said, besides one per trick
    hook: bool = True         # the dealer, saying last, may not make the bids add up to the tricks

    LIMITS = {"rounds": (1, 15), "max_hand": (1, 10), "bonus": (0, 50)}


@dataclass
class StState:
    rules: StRules
    n: int
    seed: object
    rounds_total: int
    round_no: int = 1
    phase: str = "bid"
    to_move: int | None = 0
    dealer: int = 0
    hands: list = field(default_factory=list)
    trump: int | None = None              # the card turned up: its suit is trump (None: no trump)
    bids: list = field(default_factory=list)
    tricks: list = field(default_factory=list)
    trick: list = field(default_factory=list)     # [[seat, card], ...] in play order
    last: dict | None = None                      # the trick taken before: {"cards", "winner"}
    scores: list = field(default_factory=list)
    points: list = field(default_factory=list)    # per round played: the points of each seat
    history: list = field(default_factory=list)   # per round: the seats best first
    winner: int | None = None

    def clone(self) -> "StState":
        return replace(self, hands=[list(h) for h in self.hands], bids=list(self.bids), tricks=list(self.tricks),
                       trick=[list(t) for t in self.trick], last=None if self.last is None else {
                           "cards": [list(t) for t in self.last["cards"]], "winner": self.last["winner"]},
                       scores=list(self.scores), points=[list(p) for p in self.points],
                       history=[list(p) for p in self.history])


def dealt(s: StState) -> int:
    """Cards each seat gets this round: the round's number, at most max_hand and the deck's share."""
    return max(1, min(s.round_no, s.rules.max_hand, 52 // s.n))


def trick_winner(trick: list, trump: int | None) -> int:
    led = suit(trick[0][1])

    def power(play):
        c = play[1]
        return (2 if trump is not None and suit(c) == trump else 1 if suit(c) == led else 0, rank(c))
    return max(trick, key=power)[0]


def follows(hand: list, trick: list) -> list:
    """The cards of ``hand`` that may be played to ``trick``: the led suit where the hand has it."""
    if not trick:
        return list(hand)
    same = [c for c in hand if suit(c) == suit(trick[0][1])]
    return same or list(hand)


class Stiche(Game):
    id = "stiche"
    contract = "1.3"             # the trick, the instruction line, the standings (felt/games/ADDING.md, "Stable names")
    name = {"de": "Stiche ansagen", "en": "Oh Hell"}
    order = 60
    min_players = 3
    max_players = 6
    bot_levels = ("easy", "normal")
    move_kinds = ("bid", "play")
    move_keys = ("n",)
    fixed_rounds_options = {}
    pace_seconds = {**Game.pace_seconds, "bid": 0.6, "trick_won": 1.2}

    # ------------------------------------------------------------------ rules
    def template_ids(self):
        return list(TEMPLATES)

    def template(self, template_id):
        if template_id not in TEMPLATES:
            raise KeyError(template_id)
        return self.rules_from_dict(rulefile.read(HERE / f"{template_id}.toml", StRulesError))

    def rules_from_dict(self, d):
        return rules_from_fields(StRules, d, StRulesError)

    def rules_to_dict(self, rules):
        return {"game": self.id, **{f.name: getattr(rules, f.name) for f in fields(StRules)}}

    def options(self):
        def opt(key, kind, de, en, help_de, help_en, group):
            lo, hi = StRules.LIMITS.get(key, (None, None))
            return OptionSpec(key, kind, {"de": de, "en": en}, {"de": help_de, "en": help_en}, lo=lo, hi=hi,
                              group=group)
        return [opt("rounds", "int", "Runden", "Rounds", "Runde r gibt r Karten", "Round r deals r cards", "match"),
                opt("max_hand", "int", "Höchstens Karten", "Most cards", "Mehr Karten gibt keine Runde",
                    "No round deals more", "cards"),
                opt("bonus", "int", "Bonus", "Bonus", "Punkte für die genaue Ansage", "Points for an exact bid",
                    "match"),
                opt("hook", "bool", "Geber-Regel", "Dealer rule", "Die Ansagen dürfen nicht aufgehen",
                    "The bids may not add up", "turn")]

    def deck_size(self, rules):
        return 52

    # ----------------------------------------------------------------- engine
    def _deal(self, s: StState) -> list:
        cards = list(range(52))
        round_rng(s.seed, s.round_no, "deal").shuffle(cards)
        k = dealt(s)
        s.hands = [sorted(cards[i * k:(i + 1) * k]) for i in range(s.n)]
        s.trump = cards[s.n * k] if s.n * k < 52 else None
        s.dealer = (s.round_no - 1) % s.n
        s.phase, s.to_move = "bid", (s.dealer + 1) % s.n
        s.bids, s.tricks, s.trick, s.last = [None] * s.n, [0] * s.n, [], None
        return [{"type": "deal", "seat": i, "dealer": s.dealer, "trump": s.trump, "round_no": s.round_no,
                 "_private": {"seats": [i], "data": {"cards": list(s.hands[i])}}} for i in range(s.n)]

    def new_match(self, rules, n_players, seed, rounds=None):
        self.validate(rules, n_players)
        s = StState(rules, n_players, seed, rules.rounds if rounds is None else rounds, scores=[0] * n_players)
        return s, self._deal(s)

    @staticmethod
    def barred(s: StState) -> int | None:
        """The bid the dealer may not say (hook): the one that makes the bids add up to the tricks."""
        if not s.rules.hook or s.to_move != s.dealer:
            return None
        return dealt(s) - sum(b for b in s.bids if b is not None)

    def legal_moves(self, state):
        s = state
        if s.phase == "bid":
            return [("bid", b) for b in range(dealt(s) + 1) if b != self.barred(s)]
        if s.phase == "play":
            return [("play", c) for c in follows(s.hands[s.to_move], s.trick)]
        return []

    def check_move(self, state, seat, move):
        if state.phase not in ("bid", "play") or seat != state.to_move:
            raise IllegalMove("it is not your turn")
        if move not in self.legal_moves(state):
            if move[0] != ("bid" if state.phase == "bid" else "play"):
                raise IllegalMove(f"now is the time to {'bid' if state.phase == 'bid' else 'play a card'}")
            if move[0] == "bid":
                raise IllegalMove(f"the bid must be 0..{dealt(state)}, and not {self.barred(state)} for the dealer")
            if move[1] not in state.hands[seat]:
                raise IllegalMove(f"you do not hold card {move[1]}")
            raise IllegalMove("follow suit: you hold a card of the suit led")

    def apply(self, state, seat, move):
        self.check_move(state, seat, move)
        s = state.clone()
        return s, self.apply_inplace(s, seat, move, check=False)

    def apply_inplace(self, state, seat, move, check=True):
        if check:
            self.check_move(state, seat, move)
        s = state
        if move[0] == "bid":
            s.bids[seat] = move[1]
            s.to_move = (seat + 1) % s.n
            if seat == s.dealer:                  # every seat has said: the left of the dealer leads
                s.phase = "play"
            return [{"type": "bid", "seat": seat, "n": move[1]}]
        s.hands[seat].remove(move[1])
        s.trick.append([seat, move[1]])
        events = [{"type": "play", "seat": seat, "card": move[1]}]
        if len(s.trick) < s.n:
            s.to_move = (seat + 1) % s.n
            return events
        win = trick_winner(s.trick, None if s.trump is None else suit(s.trump))
        s.tricks[win] += 1
        s.last, s.trick, s.to_move = {"cards": s.trick, "winner": win}, [], win
        events.append({"type": "trick_won", "seat": win})
        if s.hands[win]:
            return events
        got = [s.tricks[i] + (s.rules.bonus if s.tricks[i] == s.bids[i] else 0) for i in range(s.n)]
        s.points.append(got)
        s.scores = [a + b for a, b in zip(s.scores, got)]
        s.history.append(sorted(range(s.n), key=lambda i: (-got[i], i)))
        s.to_move = None
        if s.rounds_total and s.round_no >= s.rounds_total:
            s.phase, s.winner = "match_over", self._leader(s)
            events.append({"type": "match_over", "winner": s.winner})
        else:
            s.phase = "round_over"
            events.append({"type": "round_over", "round_no": s.round_no, "points": got})
        return events

    @staticmethod
    def _leader(s: StState) -> int:
        return min(range(s.n), key=lambda i: (-s.scores[i], i))

    def next_round(self, state):
        if state.phase != "round_over":
            raise IllegalMove("the round is not over")
        s = state.clone()
        s.round_no += 1
        return s, self._deal(s)

    def end_match(self, state):
        s = state.clone()
        s.phase, s.to_move = "match_over", None
        s.winner = self._leader(s) if s.points else None
        return s, [{"type": "match_over", "winner": s.winner}]

    def move_to_wire(self, move):
        if move[0] == "bid":
            return {"kind": "bid", "n": move[1]}
        return {"kind": "play", "cards": [move[1]]}

    def move_from_wire(self, d):
        kind = wire_kind(d, self.move_kinds, "bid or play")
        value = d.get("n") if kind == "bid" else (d.get("cards") or [None])[0] if isinstance(d.get("cards"), list) \
            and len(d["cards"]) == 1 else None
        if not isinstance(value, int) or isinstance(value, bool):
            raise IllegalMove("a move is {kind: 'bid', n: tricks} or {kind: 'play', cards: [one card id]}")
        return (kind, value)

    # ------------------------------------------------------------------ views
    def view(self, state, seat):
        s = state
        legal = [self.move_to_wire(m) for m in self.legal_moves(s)] if seat is not None and seat == s.to_move else []
        return {"game": self.id, "seat": seat, "n": s.n, "phase": s.phase, "round_no": s.round_no,
                "rounds_total": s.rounds_total, "to_move": s.to_move, "dealer": s.dealer,
                "hand": list(s.hands[seat]) if seat is not None else [], "counts": [len(h) for h in s.hands],
                "trump": s.trump, "bids": list(s.bids), "tricks": list(s.tricks), "scores": list(s.scores),
                "points": [list(p) for p in s.points], "history": [list(p) for p in s.history],
                "trick": [list(t) for t in s.trick], "winner": s.winner, "rules": self.rules_to_dict(s.rules),
                "table": self.table(s, seat), "legal": legal}

    def table(self, s: StState, seat) -> dict:
        """What the plain table draws (felt/contract/table_view.py)."""
        if s.phase == "match_over":
            won = [s.winner] if s.winner is not None else []
        elif s.phase == "round_over":                 # the round's best
            won = [i for i in range(s.n) if s.points[-1][i] == max(s.points[-1])]
        else:
            won = []
        bids = ["–" if b is None else str(b) for b in s.bids]
        return {"piles": [{"id": "trump", "cards": [] if s.trump is None else [s.trump],
                           "label": {"text": "stiche.no_trump" if s.trump is None else "stiche.trump"}}],
                # each card lies at its seat; the trick taken before shows until the next lead
                "trick": {"cards": [list(t) for t in s.trick], "last": s.last},
                "labels": [{"text": "stiche.legend"}],              # "Stiche/Ansage · Punkte"
                "say": self.say(s, seat),                            # the instruction line
                "seats": [{"text": "stiche.seat", "args": {"won": s.tricks[i], "bid": bids[i], "pts": s.scores[i]}}
                          for i in range(s.n)],                      # "1/2 · 14" on each seat's card
                "standings": {"rounds": [list(p) for p in s.points], "total": list(s.scores), "won": won,
                              "label": {"text": "stiche.points_rule", "args": {"bonus": s.rules.bonus}}}}

    def say(self, s: StState, seat) -> dict:
        """The instruction line: the seat on turn is told what to do, the others how the bids stand."""
        k = dealt(s)
        if s.phase == "bid" and seat == s.to_move:
            barred = self.barred(s)
            if barred is not None and 0 <= barred <= k:
                return {"text": "stiche.say.bid_hook", "args": {"barred": barred}}
            return {"text": "stiche.say.bid", "args": {"n": k}}      # "Wie viele Stiche machst du? (3 Karten)"
        if s.phase == "play" and seat == s.to_move and s.trick:
            return {"text": "stiche.say.follow", "args": {"suit": SIGNS[suit(s.trick[0][1])]}}
        if s.phase == "play" and seat == s.to_move:
            return {"text": "stiche.say.lead", "args": {"n": k - len(s.hands[seat]) + 1, "of": k}}
        return {"text": "stiche.say.bids", "args": {"bids": sum(b for b in s.bids if b is not None), "n": k}}

    def shown_cards(self, view):
        t = view["table"]
        last = (t["trick"]["last"] or {}).get("cards") or []
        return set(view["hand"]) | {c for _s, c in t["trick"]["cards"] + last} | set(t["piles"][0]["cards"])

    def private_cards(self, state, seat):
        return set(state.hands[seat])

    def check_cards(self, state):
        played = sum(state.tricks) * state.n + len(state.trick)
        held = sum(len(h) for h in state.hands)
        if held + played != dealt(state) * state.n or len({c for h in state.hands for c in h}) != held:
            return f"the cards do not add up: {held} in hands, {played} played, {dealt(state)} dealt to each"
        return None

    def seat_summary(self, view):
        seat, scores = view.get("seat"), view.get("scores") or []
        return f"Σ {scores[seat]}" if isinstance(seat, int) and 0 <= seat < len(scores) else ""

    def log_lines(self):
        from felt.ui.playlog import Entry, GameLines, LogLines, each_event

        def build(events, ctx):
            out = []
            for ev, typ, seat in each_event(events):
                if typ == "deal" and not any(e.kind == "round" for e in out):    # one per seat: the round starts
                    out.append(Entry("round", ev["dealer"], params={"n": ev["round_no"]}))
                elif typ == "bid":                           # the bids: the round's opening lines
                    out.append(Entry("bid", seat, params={"n": ev["n"]}))
                elif typ == "play":                          # the first play opens "Stich 1"
                    out.append(Entry("play", seat, [ev["card"]]))
                elif typ == "trick_won":                     # the trick's last line
                    out.append(Entry("trick", seat, ends_trick=True))
                elif typ == "round_over" or (typ == "match_over" and out and out[-1].kind == "trick"):
                    out.append(Entry("round_over", None, ends_trick=True, effect=True))
            return out

        def text(entry, ctx):
            if entry.kind == "round_over":
                return i18n.t("stlog.round_over")
            card = lines.card_name(entry.cards[0], ctx) if entry.cards else ""
            return LogLines.say(f"stlog.{entry.kind}", entry, ctx, name=ctx.name(entry.seat), card=card,
                                **entry.params)
        lines = GameLines(build, text, sections="trick")
        return lines

    def make_bot(self, level, seed=None, think_ms=None):
        return StBot(self.bot_level(level), seed)

    def hint_reason(self, view, move, lang="de"):
        key = "bid" if move.get("kind") == "bid" else "follow" if view.get("trick") else "lead"
        texts = {"bid": ("Zähle Asse, Könige und hohe Trümpfe: so viele Stiche.",
                         "Count aces, kings and high trumps: that many tricks."),
                 "lead": ("Spiel so, dass du genau deine Ansage triffst.", "Play to take exactly what you said."),
                 "follow": ("Nimm den Stich nur, wenn dir noch Stiche fehlen.",
                            "Take the trick only while you still need tricks.")}
        return texts[key][0 if lang == "de" else 1]

    def howto(self, rules, lang="de"):
        r = rules
        if lang == "de":
            return [f"52 Karten, 3 bis 6 Spieler. Runde r gibt r Karten (höchstens {r.max_hand}); die nächste "
                    "Karte wird aufgedeckt, ihre Farbe ist Trumpf.",
                    "Links vom Geber beginnend sagt jeder an, wie viele Stiche er machen wird."
                    + (" Der Geber sagt zuletzt und darf die Ansagen nicht aufgehen lassen." if r.hook else ""),
                    "Farbe muss bedient werden. Den Stich nimmt der höchste Trumpf, sonst die höchste Karte der "
                    "ausgespielten Farbe.",
                    f"Jeder Stich zählt 1 Punkt, die genau getroffene Ansage {r.bonus} dazu. Nach {r.rounds} "
                    "Runden gewinnt, wer die meisten Punkte hat."]
        return [f"52 cards, 3 to 6 players. Round r deals r cards (at most {r.max_hand}); the next card is "
                "turned up and its suit is trump.",
                "Starting left of the dealer, everyone says how many tricks they will take."
                + (" The dealer says last and may not make the bids add up." if r.hook else ""),
                "Follow suit. The highest trump takes the trick, else the highest card of the suit led.",
                f"Every trick is 1 point, an exact bid {r.bonus} more. After {r.rounds} rounds the most "
                "points win."]


class StBot(Bot):
    """easy: any legal move; normal: bids its aces, kings and high trumps, then takes a trick
    only while it still needs one (with its highest winning card), else plays its lowest."""

    def __init__(self, level: str, seed=None):
        super().__init__()
        self.level, self.rng = level, random.Random(seed)

    def decide(self, view):
        legal = view["legal"]
        if self.level == "easy":
            return self.rng.choice(legal)
        trump = None if view["trump"] is None else suit(view["trump"])
        if legal[0]["kind"] == "bid":
            want = sum(1 for c in view["hand"] if rank(c) >= 11 or (suit(c) == trump and rank(c) >= 9))
            return min(legal, key=lambda m: abs(m["n"] - want))
        seat, trick = view["seat"], view["trick"]
        need = (view["bids"][seat] or 0) > view["tricks"][seat]
        cards = [m["cards"][0] for m in legal]
        if not trick:                         # leading: high while tricks are missing, else low
            pick = max(cards, key=rank) if need else min(cards, key=rank)
        else:
            wins = [c for c in cards if trick_winner(trick + [[seat, c]], trump) == seat]
            loses = [c for c in cards if c not in wins]
            if need and wins:                 # the cheapest card that takes it
                pick = min(wins, key=lambda c: (suit(c) == trump, rank(c)))
            elif not need and loses:          # rid of the highest card that does not take it
                pick = max(loses, key=rank)
            else:
                pick = min(cards, key=rank)
        return {"kind": "play", "cards": [pick]}


GAME = Stiche()

"""Schwimmen (31): the pure, seeded state machine (RULES-SCHWIMMEN.md §2–§4).

Cards are ints 0..31: ``suit * 8 + rank`` with ranks 7, 8, 9, 10, B/U, D/O, K, A (index 0..7)
and suits in the deck's fixed order. Hand values are kept in half points (value × 2), so
30½ is 61, 31 is 62.

Where the rule book is silent, the engine decides (and README/howto say so):

* Dealer's choice: hand A is the one the dealer looks at; "keep" keeps A and lays B face up
  as the middle, "take" takes B unseen and lays A face up. Feuer dealt to a player other
  than the dealer ends the round before the dealer chooses: the dealer then holds A, B goes
  face down back to the stock (nobody ever sees it, §5) and the middle stays empty.
* 31 "as dealt" is shown automatically when that player's turn begins (no move needed).
* "No knock in the first go-round": a knock needs as many turns played in the round as
  there are players in play.
* If a round's losses would put every remaining player out, those players stay in with no
  life left (swimming), so a match always has a last player.
* Fixed rounds with a tie for the fewest lives lost: a "Stechen" follows, played **only by
  the tied players** (``State.stechen``); the others sit it out (no cards, no turn) and keep
  their places behind them. A Stechen round is a round like any other (lowest hand loses, the
  knocker double where the rules say so, Feuer): whoever is still tied for the fewest lives
  lost among its players plays the next one, fewer each time as some break away. A Stechen
  whose players would all go out keeps them in, swimming, as any round does. After
  ``MAX_STECHEN`` Stechen rounds still tied, the last Stechen round's hands decide (its places:
  best hand first, equal hands by seat), as a match the host ends is decided.
  ``match_places``: the places of a match that ended.
* A round that has not ended after 50 go-rounds ends with the showdown (a safety limit).
"""
from __future__ import annotations

import random
from typing import NamedTuple

from felt.contract.base import IllegalMove, wire_kind

RANKS_FR = ("7", "8", "9", "10", "J", "Q", "K", "A")
RANKS_DE = ("7", "8", "9", "10", "U", "O", "K", "A")
SUITS_FR = ("C", "S", "H", "D")     # Kreuz, Pik, Herz, Karo
SUITS_DE = ("E", "G", "H", "B")     # Eichel, Grün, Herz, Schellen
CARD_VALUE = (7, 8, 9, 10, 10, 10, 10, 11)
ACE = 7
DECK_SIZE = 32
V31 = 62
V30H = 61
MAX_GO_ROUNDS = 50
MAX_STECHEN = 5          # Stechen rounds at most; then the last one's hands decide


class Move(NamedTuple):
    kind: str          # keep | take | swap | swap_all | pass | knock
    give: int = -1     # swap: the hand card laid into the middle
    take: int = -1     # swap: the middle card taken


KEEP = Move("keep")
TAKE = Move("take")
PASS = Move("pass")
KNOCK = Move("knock")
SWAP_ALL = Move("swap_all")
KINDS = ("keep", "take", "swap", "swap_all", "pass", "knock")


# ------------------------------------------------------------------ cards
def suits_of(rules) -> tuple:
    return SUITS_DE if rules.deck == "german" else SUITS_FR


def ranks_of(rules) -> tuple:
    return RANKS_DE if rules.deck == "german" else RANKS_FR


def card_code(rules, card: int) -> str:
    return suits_of(rules)[card >> 3] + ranks_of(rules)[card & 7]


def card_from_code(rules, code: str) -> int:
    suits, ranks = suits_of(rules), ranks_of(rules)
    s, r = code[:1], code[1:]
    if s not in suits or r not in ranks:
        raise KeyError(f"no card {code!r} in this deck")
    return suits.index(s) * 8 + ranks.index(r)


def hand_value2(hand) -> int:
    """The hand's value in half points: the best suit sum ×2, or 61 for three of a rank."""
    a, b, c = hand
    if (a & 7) == (b & 7) == (c & 7):
        return V30H
    s = [0, 0, 0, 0]
    s[a >> 3] += CARD_VALUE[a & 7]
    s[b >> 3] += CARD_VALUE[b & 7]
    s[c >> 3] += CARD_VALUE[c & 7]
    return 2 * max(s)


def is_feuer(hand) -> bool:
    return len(hand) == 3 and all((c & 7) == ACE for c in hand)


def value_text(v2: int, feuer: bool = False) -> str:
    if feuer:
        return "Feuer"
    return f"{v2 // 2}½" if v2 % 2 else str(v2 // 2)


# ------------------------------------------------------------------ state
class State:
    __slots__ = ("rules", "n", "seed", "round_no", "rounds_limit", "phase", "to_move", "lives",
                 "swimming", "out", "lost", "hands", "dealer_hands", "middle", "stock", "discarded",
                 "dealer", "knocker", "final_left", "turns", "passes", "taken", "showdown",
                 "history", "winner", "in_round", "stechen", "stechen_rounds",
                 "decided")

    def clone(self) -> "State":
        s = State.__new__(State)
        s.rules, s.n, s.seed, s.round_no = self.rules, self.n, self.seed, self.round_no
        s.rounds_limit, s.phase, s.to_move = self.rounds_limit, self.phase, self.to_move
        s.lives, s.swimming, s.out, s.lost = self.lives[:], self.swimming[:], self.out[:], self.lost[:]
        s.hands = [h[:] for h in self.hands]
        s.dealer_hands = None if self.dealer_hands is None else (self.dealer_hands[0][:], self.dealer_hands[1][:])
        s.middle, s.stock = self.middle[:], self.stock[:]
        s.discarded = [m[:] for m in self.discarded]
        s.dealer, s.knocker, s.final_left = self.dealer, self.knocker, self.final_left[:]
        s.turns, s.passes = self.turns, self.passes
        s.taken = [t[:] for t in self.taken]
        s.showdown = self.showdown            # never mutated after creation
        s.history = self.history[:]
        s.winner = self.winner
        s.in_round = self.in_round[:]
        s.stechen = self.stechen[:]
        s.stechen_rounds = [p[:] for p in self.stechen_rounds]
        s.decided = self.decided
        return s

    def in_play(self) -> list[int]:
        return [i for i in range(self.n) if not self.out[i]]

    def sitting_out(self) -> list[int]:
        """The players still in who sit out this Stechen round (no cards, no turn)."""
        if self.phase not in ("dealer_choice", "play") or not self.stechen:
            return []
        return [i for i in range(self.n) if not self.out[i] and not self.in_round[i]]

    def all_cards(self) -> list[int]:
        """Every card of the round (for conservation checks)."""
        cards = [c for h in self.hands for c in h] + self.middle + self.stock
        for m in self.discarded:
            cards += m
        if self.dealer_hands is not None:
            cards += self.dealer_hands[0] + self.dealer_hands[1]
        return cards


def new_match(rules, n_players: int, seed, rounds: int | None = None):
    rules.validate(n_players)
    s = State.__new__(State)
    s.rules, s.n, s.seed, s.round_no = rules, n_players, seed, 0
    s.rounds_limit = rules.match_rounds if rounds is None else int(rounds)
    s.lives = [rules.lives] * n_players
    s.swimming = [False] * n_players
    s.out = [False] * n_players
    s.lost = [0] * n_players
    s.history = []
    s.winner = None
    s.dealer = -1
    s.showdown = None
    s.stechen, s.stechen_rounds, s.decided = [], [], None
    events = _start_round(s)
    return s, events


def _next_in_round(s: State, seat: int) -> int:
    """The next seat clockwise that plays this round (in play; in a Stechen: one of its players)."""
    n = s.n
    for k in range(1, n + 1):
        j = (seat + k) % n
        if s.in_round[j]:
            return j
    return seat


def _start_round(s: State) -> list:
    s.round_no += 1
    rules = s.rules
    # a Stechen is dealt to its players only; every other round to everyone still in (§4.1)
    s.in_round = [not s.out[i] and (not s.stechen or i in s.stechen) for i in range(s.n)]
    if s.stechen:
        s.stechen_rounds.append(list(s.stechen))
    s.dealer = s.n - 1 if s.round_no == 1 and s.in_round[s.n - 1] else \
        _next_in_round(s, s.dealer if s.dealer >= 0 else s.n - 1)
    rng = random.Random(f"felt:{s.seed}:{s.round_no}:deal")
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    s.hands = [[] for _ in range(s.n)]
    s.taken = [[] for _ in range(s.n)]
    s.dealer_hands = None
    s.middle, s.discarded = [], []
    s.knocker, s.final_left, s.turns, s.passes = -1, [], 0, 0
    s.showdown = None
    order = _order_from(s, s.dealer)
    for seat in order:
        s.hands[seat] = [deck.pop(), deck.pop(), deck.pop()]
    extra = [deck.pop(), deck.pop(), deck.pop()]
    s.stock = deck
    events = [{"type": "round_start", "round": s.round_no, "dealer": s.dealer,
               "seats": [i for i in range(s.n) if s.in_round[i]]}]
    if s.stechen:
        events[0]["stechen"] = list(s.stechen)
    for seat in order:
        events.append({"type": "hand", "seat": seat,
                       "_private": {"seats": [seat], "data": {"cards": list(s.hands[seat])}}})
    if rules.dealer_choice:
        s.dealer_hands = (s.hands[s.dealer], extra)
        s.hands[s.dealer] = []
        s.phase = "dealer_choice"
        s.to_move = s.dealer
        events.append({"type": "dealer_choice", "seat": s.dealer, "stock": len(s.stock)})
        if rules.feuer:
            for seat in order:
                if seat != s.dealer and is_feuer(s.hands[seat]):
                    a, unseen = s.dealer_hands
                    s.hands[s.dealer], s.dealer_hands = a, None
                    s.stock += unseen      # face down: nobody ever sees the unseen hand (§5)
                    events += _end_round(s, "feuer", seat)
                    return events
        return events
    s.middle = extra
    s.phase = "play"
    events.append({"type": "middle", "cards": list(s.middle), "reason": "deal", "stock": len(s.stock)})
    if rules.feuer:
        for seat in order:
            if is_feuer(s.hands[seat]):
                events += _end_round(s, "feuer", seat)
                return events
    events += _begin_turn(s, _next_in_round(s, s.dealer))
    return events


def _begin_turn(s: State, seat: int) -> list:
    s.to_move = seat
    if s.rules.thirty_one_ends and hand_value2(s.hands[seat]) == V31:
        return _end_round(s, "31", seat)
    if s.turns >= MAX_GO_ROUNDS * sum(s.in_round):
        return _end_round(s, "limit", -1)
    return []


# ------------------------------------------------------------------ moves
def legal_moves(s: State) -> list[Move]:
    if s.phase == "dealer_choice":
        return [KEEP, TAKE]
    if s.phase != "play":
        return []
    hand, mid = s.hands[s.to_move], s.middle
    moves = [Move("swap", g, t) for g in hand for t in mid]
    moves.append(SWAP_ALL)
    moves.append(PASS)
    if _may_knock(s):
        moves.append(KNOCK)
    return moves


def _may_knock(s: State) -> bool:
    if s.knocker >= 0:
        return False
    return s.rules.knock_first_round or s.turns >= sum(s.in_round)


def check_move(s: State, seat: int, move) -> None:
    if s.phase in ("round_over", "match_over"):
        raise IllegalMove("the round is over; nobody is on turn")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.n:
        raise IllegalMove(f"no seat {seat!r} at this table")
    if seat != s.to_move:
        raise IllegalMove(f"seat {seat} is not on turn (seat {s.to_move} is)")
    if not isinstance(move, Move):
        raise IllegalMove("not a Schwimmen move")
    k = move.kind
    if s.phase == "dealer_choice":
        if k not in ("keep", "take"):
            raise IllegalMove("the dealer must first keep the hand or take the other one")
        return
    if k in ("keep", "take"):
        raise IllegalMove("there is no dealer's choice now")
    if k == "swap":
        if move.give not in s.hands[seat]:
            raise IllegalMove("that card is not in your hand")
        if move.take not in s.middle:
            raise IllegalMove("that card is not in the middle")
        return
    if k in ("swap_all", "pass"):
        return
    if k == "knock":
        if s.knocker >= 0:
            raise IllegalMove("somebody has already knocked this round")
        if not _may_knock(s):
            raise IllegalMove("no knocking before every player has had a turn")
        return
    raise IllegalMove(f"unknown move {k!r}")


def apply(s: State, seat: int, move):
    check_move(s, seat, move)
    t = s.clone()
    return t, apply_inplace(t, seat, move, check=False)


def apply_inplace(s: State, seat: int, move: Move, check: bool = True) -> list:
    if check:
        check_move(s, seat, move)
    k = move.kind
    rules = s.rules
    if k == "keep" or k == "take":
        a, b = s.dealer_hands
        s.dealer_hands = None
        if k == "keep":
            s.hands[seat], s.middle = a, b
            ev = [{"type": "keep", "seat": seat, "middle": list(b)}]
        else:
            s.hands[seat], s.middle = b, a
            ev = [{"type": "take", "seat": seat, "middle": list(a),
                   "_private": {"seats": [seat], "data": {"cards": list(b)}}}]
        s.phase = "play"
        if rules.feuer and is_feuer(s.hands[seat]):
            return ev + _end_round(s, "feuer", seat)
        return ev + _begin_turn(s, _next_in_round(s, seat))
    hand = s.hands[seat]
    if k == "swap":
        i = hand.index(move.give)
        j = s.middle.index(move.take)
        hand[i], s.middle[j] = move.take, move.give
        tk = s.taken[seat]
        if move.give in tk:
            tk.remove(move.give)
        tk.append(move.take)
        ev = [{"type": "swap", "seat": seat, "give": move.give, "take": move.take}]
        s.passes = 0
        return ev + _after_change(s, seat)
    if k == "swap_all":
        old = hand[:]
        s.hands[seat] = s.middle
        s.middle = old
        s.taken[seat] = s.hands[seat][:]
        ev = [{"type": "swap_all", "seat": seat, "give": old, "take": list(s.hands[seat])}]
        s.passes = 0
        return ev + _after_change(s, seat)
    if k == "knock":
        s.knocker = seat
        s.final_left = [p for p in _order_from(s, seat) if p != seat]
        s.passes = 0
        return [{"type": "knock", "seat": seat}] + _advance(s, seat)
    # pass
    s.passes += 1
    ev = [{"type": "pass", "seat": seat}]
    if s.knocker < 0 and s.passes >= sum(s.in_round):
        s.passes = 0
        mode = rules.all_pass
        if mode == "showdown":
            s.turns += 1
            return ev + _end_round(s, "all_pass", -1)
        if mode == "new_middle":
            if len(s.stock) < 3:
                s.turns += 1
                return ev + _end_round(s, "stock", -1)
            s.discarded.append(s.middle)
            s.middle = [s.stock.pop(), s.stock.pop(), s.stock.pop()]
            ev.append({"type": "new_middle", "discarded": list(s.discarded[-1]), "cards": list(s.middle),
                       "stock": len(s.stock)})
    return ev + _advance(s, seat)


def _order_from(s: State, seat: int) -> list[int]:
    """The players of the round clockwise after ``seat`` (``seat`` last, if it plays)."""
    out, j = [], seat
    for _ in range(s.n):
        j = _next_in_round(s, j)
        if j in out:
            break
        out.append(j)
        if j == seat:
            break
    return out


def _after_change(s: State, seat: int) -> list:
    hand = s.hands[seat]
    if s.rules.feuer and is_feuer(hand):
        s.turns += 1
        return _end_round(s, "feuer", seat)
    if s.rules.thirty_one_ends and hand_value2(hand) == V31:
        s.turns += 1
        return _end_round(s, "31", seat)
    return _advance(s, seat)


def _advance(s: State, seat: int) -> list:
    s.turns += 1
    if s.knocker >= 0:
        if seat in s.final_left:
            s.final_left.remove(seat)
        if not s.final_left:
            return _end_round(s, "knock", s.knocker)
    return _begin_turn(s, _next_in_round(s, seat))


# ------------------------------------------------------------------ round end
def _end_round(s: State, reason: str, by: int) -> list:
    rules = s.rules
    seats = [i for i in range(s.n) if s.in_round[i]]
    values = [None] * s.n
    hands = [None] * s.n
    for i in seats:
        hands[i] = list(s.hands[i])
        values[i] = hand_value2(s.hands[i])
    feuer_seat = by if reason == "feuer" else -1
    losers: dict[int, int] = {}
    if reason == "feuer":
        for i in seats:
            if i != by:
                losers[i] = 1
    else:
        low = min(values[i] for i in seats)
        for i in seats:
            if values[i] == low:
                losers[i] = 2 if (rules.knocker_double and i == s.knocker) else 1
    before_out = s.out[:]
    before = (s.lives[:], s.swimming[:])
    newly_swimming, newly_out = [], []
    for i, k in losers.items():
        for _ in range(k):
            if s.out[i]:
                break
            s.lost[i] += 1
            if s.lives[i] > 0:
                s.lives[i] -= 1
                if s.lives[i] == 0:
                    if rules.swimming:
                        s.swimming[i] = True
                    else:
                        s.out[i] = True
            else:
                s.out[i] = True
    saved = []
    if all(s.out[i] for i in seats):
        # nobody may be left without a player (nor a Stechen without one of its players):
        # those who just went out stay in, swimming
        for i in seats:
            if s.out[i] and not before_out[i]:
                s.out[i] = False
                s.swimming[i] = True
                s.lives[i] = 0
                saved.append(i)
    for i in seats:
        if s.out[i] and not before_out[i]:
            newly_out.append(i)
        elif s.swimming[i] and not before[1][i]:
            newly_swimming.append(i)
    order = sorted(seats, key=lambda i: (-(100 if i == feuer_seat else values[i]), i))
    order += [i for i in range(s.n) if not s.in_round[i]]
    s.history.append(order)
    s.showdown = {
        "reason": reason, "by": by, "knocker": s.knocker, "hands": hands, "values": values,
        "feuer": feuer_seat,
        "losers": {str(i): k for i, k in sorted(losers.items())},
        "newly_swimming": newly_swimming, "newly_out": newly_out, "saved": saved,
        "places": order,
    }
    s.to_move = -1
    s.phase = "round_over"
    s.final_left = []
    events = [{"type": "showdown", "reason": reason, "by": by, "knocker": s.knocker,
               "hands": hands, "values": values,
               "losers": {str(i): k for i, k in sorted(losers.items())},
               "lives": list(s.lives), "swimming": list(s.swimming), "out": list(s.out),
               "newly_swimming": newly_swimming, "newly_out": newly_out}]
    left = s.in_play()
    if len(left) <= 1:
        s.phase = "match_over"
        s.winner = left[0] if left else None
        s.stechen, s.decided = [], "last_left"
    elif s.rounds_limit and s.round_no >= s.rounds_limit:
        # the set rounds are over: the fewest lives lost among those still in (in a Stechen:
        # among its players, the others keep their places behind them) wins; a tie: a Stechen
        pool = [i for i in (s.stechen or left) if not s.out[i]]
        best = min(s.lost[i] for i in pool)
        tied = [i for i in pool if s.lost[i] == best]
        if len(tied) == 1 or len(s.stechen_rounds) >= MAX_STECHEN:
            s.phase = "match_over"
            s.decided = "fewest" if not s.stechen else "stechen" if len(tied) == 1 else "stechen_limit"
            s.stechen = []
            s.winner = match_places(s)[0]
        else:
            s.stechen = tied
    if s.phase == "match_over":
        events.append({"type": "match_over", "winner": s.winner, "lost": list(s.lost)})
    else:
        events.append({"type": "round_over", "round": s.round_no})
        if s.stechen:
            events[-1]["stechen"] = list(s.stechen)
    return events


def match_places(s: State) -> list[int]:
    """Every seat best first, as a match is decided: the players of the most Stechen rounds
    first (those who sat one out keep their places behind the players of it), then still in,
    fewest lives lost, then the places of the last round the seat could have played (its
    last Stechen round; else the last round before any Stechen)."""
    depth = [sum(i in p for p in s.stechen_rounds) for i in range(s.n)]
    ranks = {}
    for d in set(depth):
        k = len(s.history) if not s.stechen_rounds else min(len(s.history), s.rounds_limit + d)
        ranks[d] = {seat: j for j, seat in enumerate(s.history[k - 1])} if k > 0 else {}
    return sorted(range(s.n), key=lambda i: (-depth[i], s.out[i], s.lost[i], ranks[depth[i]].get(i, s.n), i))


def next_round(s: State):
    if s.phase != "round_over":
        raise IllegalMove("the round is not over")
    t = s.clone()
    return t, _start_round(t)


def end_match(s: State):
    t = s.clone()
    if t.phase == "match_over":
        return t, []
    if not t.history:                # no round played to its end: nobody has won
        t.winner = None
    else:
        t.winner = match_places(t)[0]
    t.phase = "match_over"
    t.decided, t.stechen = "ended", []
    t.to_move = -1
    t.dealer_hands = None
    return t, [{"type": "match_over", "winner": t.winner, "lost": list(t.lost)}]


# ------------------------------------------------------------------ wire
def move_to_wire(move: Move) -> dict:
    if move.kind == "swap":
        return {"kind": "swap", "give": move.give, "take": move.take}
    return {"kind": move.kind}


def move_from_wire(d) -> Move:
    kind = wire_kind(d, KINDS)
    if kind == "swap":
        g, t = d.get("give"), d.get("take")
        for name, v in (("give", g), ("take", t)):
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < DECK_SIZE:
                raise IllegalMove(f"swap needs '{name}' as a card number 0–31")
        return Move("swap", g, t)
    extra = set(d) - {"kind"}
    if extra:
        raise IllegalMove(f"move {kind!r} takes no fields (got {', '.join(map(str, sorted(extra, key=str)))})")
    return {"keep": KEEP, "take": TAKE, "swap_all": SWAP_ALL, "pass": PASS, "knock": KNOCK}[kind]


def timeout_move(s: State):
    if s.phase == "dealer_choice":
        return KEEP
    if s.phase == "play":
        return PASS
    return None


# ------------------------------------------------------------------ set-ups (tests, quiz)
def rig(s: State, hands: dict, middle, to_move: int, turns: int = 0) -> State:
    """Put ``s`` into the middle of a round with the given hands (seat -> 3 cards) and
    middle, every other card in the stock (in id order), ``to_move`` on turn. For tests
    and puzzles; seats not in ``hands`` are out of the round."""
    used = [c for h in hands.values() for c in h] + list(middle)
    if len(set(used)) != len(used) or any(not 0 <= c < DECK_SIZE for c in used):
        raise ValueError("rigged cards must be distinct cards of the deck")
    s.hands = [list(hands.get(i, [])) for i in range(s.n)]
    s.in_round = [i in hands and not s.out[i] for i in range(s.n)]
    s.middle = list(middle)
    s.stock = [c for c in range(DECK_SIZE) if c not in set(used)]
    s.discarded, s.taken = [], [[] for _ in range(s.n)]
    s.dealer_hands, s.showdown = None, None
    s.knocker, s.final_left, s.turns, s.passes = -1, [], turns, 0
    s.phase, s.to_move = "play", to_move
    return s

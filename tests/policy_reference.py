"""Heuristic play: the `normal` policy and the helpers `easy` and `hard` share.

The policy decides from a :class:`Situation`, which holds only what one seat
knows: its own hand, the public table (pile, trick, passes, counts, cards played
this round) and the legal moves. A Situation is built either from a view dict
(real games) or, inside the hard bot's simulations, from a sampled world, where
"cards I cannot see" are exactly the other hands of that sampled world.

Hand model: a hand is a set of groups (all cards of one rank, plus jokers).
A group is a *winner* when no unseen cards can beat it as a lead (or it clears
the trick by itself); otherwise a *loser* that must be led or dumped on someone
else's trick. Each group contributes ``u`` (−1 for the lowest loser up to +1 for
a winner); with the lead and at most one loser the hand goes out for sure.
Moves are scored by how they change that value plus the chance to win the trick.
"""
from __future__ import annotations

import random
from typing import Iterable, Sequence

from felt.games.praesident.engine import Move

from felt.games.praesident.bots.cardinfo import DeckInfo

PASS = Move("pass")

# tuning constants (see tournament figures in the report)
SURE_OUT_BONUS = 3.0
LEAD_VALUE = 0.0           # worth of gaining the lead with losers left
FOLLOW_THRESHOLD = -1.0    # passing only when every play costs more than this
SIZE_BOOST = 0.07          # a bigger set is harder to beat
WINNER_EXTRA = 0.6         # value of each further card in a group that wins alone
DANGER_PENALTY = 0.6       # leading a low play an almost-out opponent can follow


class Situation:
    """What one seat knows at a decision (built from a view or a sampled world)."""

    __slots__ = (
        "info", "seat", "n", "phase", "hand", "legal", "pile_cards", "pile_seat",
        "pile_kind", "pile_size", "revolution", "counts", "passed", "out",
        "unseen", "exchange", "round_no",
    )

    def __init__(self, info: DeckInfo, seat: int, n: int, phase: str, hand: Sequence[int],
                 legal: Sequence[Move], pile_cards: Sequence[int] | None, pile_seat,
                 revolution: bool, counts: Sequence[int], passed: Iterable[int],
                 out: Iterable[int], unseen: Iterable[int], exchange=None, round_no: int = 1,
                 pile_kind: str | None = None, pile_size: int | None = None):
        self.info = info
        self.seat = seat
        self.n = n
        self.phase = phase
        self.hand = list(hand)
        self.legal = list(legal)
        self.pile_cards = list(pile_cards) if pile_cards else None
        self.pile_seat = pile_seat
        self.pile_kind = pile_kind
        self.pile_size = pile_size
        self.revolution = bool(revolution)
        self.counts = list(counts)
        self.passed = set(passed)
        self.out = set(out)
        self.unseen = list(unseen)
        self.exchange = exchange
        self.round_no = round_no


# ---------------------------------------------------------------------------
# hand evaluation


_MEMOS: dict[int, tuple] = {}


class Evaluator:
    """Per-decision precomputation: which (rank, size) sets the unseen cards beat."""

    __slots__ = ("info", "rev", "maxhigher", "jokers_unseen", "wild_unseen", "beats_all_unseen", "_memo")

    def __init__(self, info: DeckInfo, unseen: Iterable[int], revolution: bool):
        self.info = info
        self.rev = revolution
        nr = info.n_ranks
        cnt = [0] * nr  # unseen count by *strength*
        nj = 0
        idx = info.idx
        for c in unseen:
            i = idx[c]
            if i < 0:
                nj += 1
            else:
                cnt[i] += 1
        if revolution:
            cnt.reverse()
        self.jokers_unseen = nj
        self.wild_unseen = nj if info.joker_wild else 0
        self.beats_all_unseen = nj > 0 and info.joker_beats_all
        # maxhigher[s] = largest unseen count among strengths > s (or >= s if equal beats)
        mh = [0] * (nr + 1)
        run = 0
        if info.equal_beats:
            for s in range(nr - 1, -1, -1):
                x = cnt[s]
                if x > run:
                    run = x
                mh[s] = run
        else:
            for s in range(nr - 1, -1, -1):
                mh[s] = run
                x = cnt[s]
                if x > run:
                    run = x
        self.maxhigher = mh
        # group values depend only on these facts: share the memo between decisions
        key = (tuple(mh), self.wild_unseen, self.beats_all_unseen, revolution)
        cache = _MEMOS.get(id(info))
        if cache is None or cache[0] is not info or len(cache[1]) > 50000:
            cache = _MEMOS[id(info)] = (info, {})
        memo = cache[1].get(key)
        if memo is None:
            memo = cache[1][key] = {}
        self._memo = memo

    def is_winner(self, s: int, k: int) -> bool:
        """Can no unseen combination beat a set of k cards at strength s?"""
        if self.beats_all_unseen:
            return False
        if s >= self.info.n_ranks:
            return True
        return self.maxhigher[s] + self.wild_unseen < k

    def group_clears(self, ridx: int, k: int) -> bool:
        info = self.info
        if info.twos_clear and ridx == info.two_idx:
            return True
        if info.eights_clear and ridx == info.eight_idx:
            return True
        q = info.quad_clears
        return (q == "exactly4" and k == 4) or (q == "4plus" and k >= 4)

    def group_val(self, i: int, k: int) -> tuple[float, int]:
        """(contribution, 1 if loser else 0) of holding k cards of rank index i."""
        key = i * 64 + k
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        info = self.info
        nr1 = max(1, info.n_ranks - 1)
        s = nr1 - i if self.rev else i
        if self.group_clears(i, k) or self.is_winner(s, k):
            # cards that win even alone are separate controls: splitting costs
            extra = WINNER_EXTRA * (k - 1) if k > 1 and self.is_winner(s, 1) else 0.0
            res = (1.0 + extra, 0)
        else:
            f = s / nr1 + SIZE_BOOST * (k - 1)
            if f > 1.0:
                f = 1.0
            res = (-1.0 + 1.6 * f * f, 1)
        self._memo[key] = res
        return res

    def summary(self, hand: Iterable[int]) -> tuple[dict[int, int], int, float, int]:
        """(counts by rank index, jokers, total of group values, losers) of a hand."""
        counts: dict[int, int] = {}
        nj = 0
        idx = self.info.idx
        for c in hand:
            i = idx[c]
            if i < 0:
                nj += 1
            else:
                counts[i] = counts.get(i, 0) + 1
        total = 0.0
        losers = 0
        gv = self.group_val
        for i, k in counts.items():
            v, lo = gv(i, k)
            total += v
            losers += lo
        return counts, nj, total, losers

    def value(self, hand: Iterable[int], has_lead: bool = False) -> float:
        """Quality of a hand (higher = closer to going out)."""
        counts, nj, total, losers = self.summary(hand)
        return self.finish(total, nj, losers, has_lead, bool(counts) or nj > 0)

    @staticmethod
    def finish(total: float, nj: int, losers: int, has_lead: bool, nonempty: bool) -> float:
        if not nonempty:
            return 100.0
        total += 1.0 * nj
        if has_lead and losers <= 1:
            total += SURE_OUT_BONUS
        return total

    def value_after(self, summ, cards) -> tuple[float, float]:
        """(value without lead, value with lead) of the hand after playing ``cards``."""
        counts, nj, total, losers = summ
        idx = self.info.idx
        rem: dict[int, int] = {}
        rj = 0
        for c in cards:
            i = idx[c]
            if i < 0:
                rj += 1
            else:
                rem[i] = rem.get(i, 0) + 1
        gv = self.group_val
        left = len(counts)
        for i, r in rem.items():
            k = counts.get(i, 0)
            v, lo = gv(i, k)
            total -= v
            losers -= lo
            if k - r > 0:
                v, lo = gv(i, k - r)
                total += v
                losers += lo
            else:
                left -= 1
        nj -= rj
        nonempty = left > 0 or nj > 0
        return (self.finish(total, nj, losers, False, nonempty),
                self.finish(total, nj, losers, True, nonempty))


def hand_groups(info: DeckInfo, hand: Iterable[int]) -> tuple[dict[int, list[int]], list[int]]:
    groups: dict[int, list[int]] = {}
    jokers: list[int] = []
    for c in hand:
        i = info.idx[c]
        if i < 0:
            jokers.append(c)
        else:
            groups.setdefault(i, []).append(c)
    return groups, jokers


# ---------------------------------------------------------------------------
# move features


def move_effects(info: DeckInfo, m: Move, revolution: bool):
    """(kind, strength, size, clears, flips_revolution) of a play move."""
    kind, ridx, nj = info.classify(m.cards)
    size = len(m.cards)
    if kind == "jokers":
        return kind, info.n_ranks, size, False, False
    s = info.rank_strength(ridx, revolution)
    clears = info.play_clears(m.cards, kind, ridx, size)
    flips = info.revolution_on and kind == "set" and size >= 4
    return kind, s, size, clears, flips


def _remove(hand: list[int], cards: Sequence[int]) -> list[int]:
    cs = set(cards)
    return [c for c in hand if c not in cs]


# ---------------------------------------------------------------------------
# the normal policy


def score_moves(sit: Situation, ev: Evaluator | None = None) -> list[tuple[float, Move]]:
    """Score every legal move (higher is better) with the normal heuristics."""
    info = sit.info
    if ev is None:
        ev = Evaluator(info, sit.unseen, sit.revolution)
    hand = sit.hand
    nh = len(hand)
    leading = not sit.pile_cards
    me = sit.seat
    # opponents still holding cards, and those still in this trick
    opp_counts = [sit.counts[s] for s in range(sit.n) if s != me and sit.counts[s] > 0]
    min_opp = min(opp_counts) if opp_counts else 99
    contenders = [s for s in range(sit.n)
                  if s != me and sit.counts[s] > 0 and s not in sit.passed]
    summ = ev.summary(hand)
    base = ev.finish(summ[2], summ[1], summ[3], False, True)
    opp_set = set(opp_counts)
    nr1 = max(1, info.n_ranks - 1)
    sqrt_contenders = max(1, len(contenders)) ** 0.5
    out: list[tuple[float, Move]] = []
    for m in sit.legal:
        if m.kind != "play":
            out.append((0.0, m))
            continue
        if len(m.cards) >= nh:
            out.append((1000.0, m))
            continue
        kind, s, size, clears, flips = move_effects(info, m, sit.revolution)
        if flips:
            ev2 = Evaluator(info, sit.unseen, not sit.revolution)
            v_nolead, v_lead = ev2.value_after(ev2.summary(hand), m.cards)
        else:
            ev2 = ev
            v_nolead, v_lead = ev.value_after(summ, m.cards)
        if clears:
            p_win = 1.0
        elif not contenders or (kind != "seq" and ev2.is_winner(s, size)):
            p_win = 1.0
        else:
            f = s / nr1
            p_win = 0.6 * f * f / sqrt_contenders
            if p_win > 0.95:
                p_win = 0.95
        v = p_win * v_lead + (1 - p_win) * v_nolead
        # the lead itself is worth something only while losers remain
        v += p_win * LEAD_VALUE
        if leading:
            # lead low sets; avoid giving an almost-out opponent an easy way out
            if size in opp_set and not clears and p_win < 1.0:
                v -= DANGER_PENALTY * (1.0 - s / nr1) + (DANGER_PENALTY if size == 1 else 0.0)
            score = v - base
        else:
            score = v - base - FOLLOW_THRESHOLD
            # with few cards left, or an opponent close to out, fight for tricks
            if min_opp <= 2 and p_win >= 0.5:
                score += 0.4
        if info.eight_skips and kind == "set" and size == 1 and info.idx[m.cards[0]] == info.eight_idx:
            score += 0.1
        out.append((score, m))
    return out


def choose_normal(sit: Situation, rng: random.Random | None = None) -> Move:
    legal = sit.legal
    if len(legal) == 1:
        return legal[0]
    if sit.phase == "exchange" or any(m.kind in ("give", "wish") for m in legal):
        return choose_exchange(sit)
    ev = Evaluator(sit.info, sit.unseen, sit.revolution)
    scored = score_moves(sit, ev)
    mv = None
    bs = 0.0
    for sc, m in scored:  # the first of the best scores, as max() picks it
        if mv is None or sc > bs:
            mv, bs = m, sc
    if mv.kind == "play" and sit.info.sequences:
        mv = refine_set_cards(sit, mv)
    return mv


def choose_exchange(sit: Situation) -> Move:
    info = sit.info
    legal = sit.legal
    gives = [m for m in legal if m.kind == "give"]
    if gives:
        ev = Evaluator(info, sit.unseen, False)
        best, bv = gives[0], -1e9
        wish = set()
        ex = sit.exchange or []
        for x in ([ex] if isinstance(ex, dict) else ex):
            if isinstance(x, dict) and x.get("role") == "upper":
                w = x.get("wish") or ()
                if isinstance(w, (list, tuple)):
                    wish.update(r for r in w if isinstance(r, str))
        for m in gives:
            rest = _remove(sit.hand, m.cards)
            v = ev.value(rest)
            # tiny tie-break: give low singles rather than wished high cards
            v -= 0.001 * sum(info.strength(c, False) for c in m.cards)
            if wish:
                v -= 0.0001 * sum(1 for c in m.cards if info.deck[c].rank in wish)
            if v > bv:
                best, bv = m, v
        return best
    wishes = [m for m in legal if m.kind == "wish"]
    if wishes:
        return choose_wish(sit, wishes)
    return legal[0]


def wish_ranks(info: DeckInfo, hand: Sequence[int], k: int = 2, avoid: Iterable[str] = ()) -> tuple[str, ...]:
    """Ranks a lower place asks for: the highest ranks, preferring ones that pair up,
    never one in ``avoid`` (the ranks it has just handed over: the upper place holds
    those now and asking for them back is a wasted wish)."""
    have = {}
    for c in hand:
        i = info.idx[c]
        if i >= 0:
            have[i] = have.get(i, 0) + 1
    avoid = set(avoid)
    pool = [i for i in range(info.n_ranks) if info.ranks[i] not in avoid] or list(range(info.n_ranks))
    order = sorted(pool, key=lambda i: (-i - (0.5 if have.get(i) else 0)))
    return tuple(info.ranks[i] for i in order[:max(1, k)])


def given_ranks(info: DeckInfo, exchange) -> set[str]:
    """Ranks of the cards this seat handed over as the lower place this round."""
    out: set[str] = set()
    for x in ([exchange] if isinstance(exchange, dict) else (exchange or [])):
        if isinstance(x, dict) and x.get("role") == "lower":
            for c in x.get("gave") or ():
                if isinstance(c, int) and 0 <= c < info.n_cards and info.idx[c] >= 0:
                    out.add(info.ranks[info.idx[c]])
    return out


def choose_wish(sit: Situation, wishes: list[Move]) -> Move:
    info = sit.info
    avoid = given_ranks(info, sit.exchange)
    want = wish_ranks(info, sit.hand, 2, avoid)
    # the engine offers single-rank wishes (and an empty one); a free wish names ours
    best, bv = wishes[0], -1e9
    for m in wishes:
        rs = tuple(m.ranks)
        if any(r in avoid for r in rs) and len(avoid) < info.n_ranks:
            continue
        v = sum(info.rank_index.get(r, 0) for r in rs) + 10 * len(set(rs) & set(want))
        if v > bv:
            best, bv = m, v
    if len(wishes) == 1 and not best.ranks:
        return Move("wish", (), want)
    return best


def refine_set_cards(sit: Situation, mv: Move) -> Move:
    """With sequences on, play the copies of a set that least hurt possible sequences."""
    info = sit.info
    kind, ridx, nj = info.classify(mv.cards)
    if kind != "set":
        return mv
    naturals = [c for c in mv.cards if not info.joker[c]]
    jokers = [c for c in mv.cards if info.joker[c]]
    same = [c for c in sit.hand if info.idx[c] == ridx and not info.joker[c]]
    if len(same) <= len(naturals):
        return mv
    held = {(info.suit[c], info.idx[c]) for c in sit.hand if not info.joker[c]}

    def conn(c):
        su = info.suit[c]
        return sum(1 for d in (-2, -1, 1, 2) if (su, ridx + d) in held)

    pick = sorted(same, key=conn)[: len(naturals)]
    return Move("play", tuple(sorted(pick + jokers)), mv.ranks)


# ---------------------------------------------------------------------------
# easy


def choose_easy(sit: Situation, rng: random.Random) -> Move:
    legal = sit.legal
    if len(legal) == 1:
        return legal[0]
    nh = len(sit.hand)
    plays = [m for m in legal if m.kind == "play"]
    for m in plays:
        if len(m.cards) >= nh:
            return m  # going out is obvious even to a beginner
    if sit.phase == "exchange" or any(m.kind in ("give", "wish") for m in legal):
        if rng.random() < 0.5:
            return choose_exchange(sit)
        avoid = given_ranks(sit.info, sit.exchange)
        options = [m for m in legal if not (m.kind == "wish" and set(m.ranks) & avoid)]
        return rng.choice(options or legal)
    has_pass = any(m.kind == "pass" for m in legal)
    if not plays:
        return legal[0]
    if has_pass and rng.random() < 0.2:
        return PASS
    if rng.random() < 0.35:
        # sanity: the lowest play
        info = sit.info
        return min(plays, key=lambda m: (info.strength(max(m.cards, key=lambda c: info.strength(c, sit.revolution)), sit.revolution), -len(m.cards)))
    return rng.choice(plays)

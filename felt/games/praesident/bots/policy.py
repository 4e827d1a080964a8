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
from itertools import accumulate
from operator import add
from typing import Iterable, Sequence

try:  # counts into a dict in order of first appearance, in C where CPython has it
    from collections import _count_elements
except ImportError:  # pragma: no cover
    def _count_elements(mapping, iterable):
        get = mapping.get
        for x in iterable:
            mapping[x] = get(x, 0) + 1

from felt.games.praesident.engine import Move

from .cardinfo import DeckInfo

PASS = Move("pass")

# tuning constants (see tournament figures in the report)
SURE_OUT_BONUS = 3.0
LEAD_VALUE = 0.0           # worth of gaining the lead with losers left
FOLLOW_THRESHOLD = -1.0    # passing only when every play costs more than this
SIZE_BOOST = 0.07          # a bigger set is harder to beat
WINNER_EXTRA = 0.6         # value of each further card in a group that wins alone
DANGER_PENALTY = 0.6       # leading a low play an almost-out opponent can follow
FIGHT_BONUS = 0.4          # following with a likely winner when an opponent is almost out
PWIN_COEF = 0.6            # chance that a play wins the trick: PWIN_COEF * strength² / √(seats in it)
SEQ_BONUS = 0.0            # added to the score of a sequence (a Folge)

# The constants above as one tuple: what `normal` plays by. Another tuple of the same shape
# (``score_moves(..., tune=)``) scores by other weights; the hard bot's own seat uses one.
NORMAL_TUNE = (SURE_OUT_BONUS, LEAD_VALUE, FOLLOW_THRESHOLD, DANGER_PENALTY, FIGHT_BONUS, PWIN_COEF,
               SIZE_BOOST, WINNER_EXTRA, SEQ_BONUS)


def tune_groups(tune: tuple | None):
    """The group-value weights of a tune, (SIZE_BOOST, WINNER_EXTRA), or None where they are
    normal's (then the shared tables and Evaluators are used)."""
    if tune is None or (tune[6] == SIZE_BOOST and tune[7] == WINNER_EXTRA):
        return None
    return (tune[6], tune[7])


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


_GROUP_TABLES: dict[int, tuple] = {}


def _group_tables(info: DeckInfo, gw: tuple | None = None) -> tuple:
    """The value of every group, for one deck, in one flat list per order (normal, revolution).

    A group of k cards of rank index i (strength s) is worth, with ``t`` = the most unseen
    cards that could beat it (``maxhigher[s]`` + wild jokers; "never wins" if a joker that
    beats all is unseen): a winner if t < k or it clears by itself (worth more per further
    card if t == 0, i.e. each card also wins alone), else a loser valued by its strength: the
    cases and float expressions of the generic group_val (still used for k >= K). So the
    values are looked up at slot
    ``(i * K + k) * (K + 1) + min(t, K)``, K = 1 + the most copies of a rank in the deck (k < K).
    Returns (K, table normal, table revolution). ``gw``: other (SIZE_BOOST, WINNER_EXTRA)."""
    key = id(info) if gw is None else (id(info), gw)
    hit = _GROUP_TABLES.get(key)
    if hit is not None and hit[0] is info:
        return hit[1]
    size_boost, winner_extra = (SIZE_BOOST, WINNER_EXTRA) if gw is None else gw
    nr = info.n_ranks
    nr1 = max(1, nr - 1)
    K = 1 + max(info.rank_total, default=0)
    T = K + 1
    q = info.quad_clears
    tables = []
    for rev in (False, True):
        tab = [None] * (nr * K * T)
        for i in range(nr):
            s = nr1 - i if rev else i
            for k in range(K):
                clears = ((info.twos_clear and i == info.two_idx) or (info.eights_clear and i == info.eight_idx)
                          or (q == "exactly4" and k == 4) or (q == "4plus" and k >= 4))
                f = s / nr1 + size_boost * (k - 1)
                if f > 1.0:
                    f = 1.0
                lose = (-1.0 + 1.6 * f * f, 1)
                win = (1.0 + 0.0, 0)
                win_alone = (1.0 + (winner_extra * (k - 1) if k > 1 else 0.0), 0)
                for t in range(T):
                    if clears or t < k:  # (t < 1 <= k: it also wins alone)
                        tab[(i * K + k) * T + t] = win_alone if k > 1 and t < 1 else win
                    else:
                        tab[(i * K + k) * T + t] = lose
        tables.append(tab)
    res = (K, tables[0], tables[1])
    _GROUP_TABLES[key] = (info, res)
    return res


_DECK_CONSTS: dict[int, tuple] = {}


def _deck_consts(info: DeckInfo, gw: tuple | None = None) -> tuple:
    """Per deck (and group weights ``gw``): (card weights for the unseen code, K, group table
    offsets by rank index, group table normal, group table revolution, score_moves' constants)."""
    key = id(info) if gw is None else (id(info), gw)
    hit = _DECK_CONSTS.get(key)
    if hit is None or hit[0] is not info:
        nr = info.n_ranks
        weights = [1 << (8 * (i if i >= 0 else nr)) for i in info.idx]
        K, tab0, tab1 = _group_tables(info, gw)
        base = [i * K * (K + 1) for i in range(nr)]
        hit = _DECK_CONSTS[key] = (info, (weights, K, base, tab0, tab1, _score_consts(info)))
    return hit[1]


class Evaluator:
    """Per-decision precomputation: which (rank, size) sets the unseen cards beat.

    Everything here follows from the unseen counts by rank (and jokers) and the revolution
    flag; :func:`evaluator_for` shares one Evaluator between all decisions with the same ones.
    Group values are looked up in the deck's static tables (:func:`_group_tables`):
    ``gtab[goff[i] + k * gstride]`` is the group value of k cards of rank index i, and
    ``thr[i]`` the most unseen cards that can beat a set of rank i (a set of more wins)."""

    __slots__ = ("info", "rev", "maxhigher", "jokers_unseen", "wild_unseen", "beats_all_unseen",
                 "thr", "goff", "gtab", "gstride", "gk", "consts", "gw")

    def __init__(self, info: DeckInfo, unseen: Iterable[int], revolution: bool, _code: int | None = None,
                 gw: tuple | None = None):
        self.info = info
        self.rev = revolution
        self.gw = gw   # other group weights (SIZE_BOOST, WINNER_EXTRA), or None for normal's
        nr = info.n_ranks
        dc = _deck_consts(info, gw)
        weights, K, base, tab0, tab1, consts = dc
        if _code is None:
            _code = sum(map(weights.__getitem__, unseen))
        # unseen count by rank index, one byte each, then the jokers (counts stay < 256)
        counts = _code.to_bytes(nr + 1, "little")
        nj = counts[nr]
        # ... by *strength*
        cnt = counts[nr - 1::-1] if revolution else counts[:nr]
        self.jokers_unseen = nj
        wild = self.wild_unseen = nj if info.joker_wild else 0
        beats_all = self.beats_all_unseen = nj > 0 and info.joker_beats_all
        # maxhigher[s] = largest unseen count among strengths > s (or >= s if equal beats)
        incl = list(accumulate(cnt[::-1], max))  # incl[r] = max(cnt[nr - 1 - r:])
        incl.reverse()
        if info.equal_beats:
            incl.append(0)
            mh = incl
        else:
            mh = incl[1:]
            mh += (0, 0)
        self.maxhigher = mh
        # thr[i]: the most unseen cards that can beat a set of rank index i; goff[i]: where
        # that rank's group values start in the deck table (_group_tables)
        if beats_all:
            thr = [99] * nr
        else:
            thr = mh[nr - 1::-1] if revolution else mh[:nr]
            if wild:
                thr = [t + wild for t in thr]
        self.thr = thr
        self.gk = K
        self.gstride = K + 1
        self.gtab = tab1 if revolution else tab0
        if beats_all or wild:
            self.goff = [b + (t if t < K else K) for b, t in zip(base, thr)]
        else:  # then t <= the most copies of a rank < K
            self.goff = list(map(add, base, thr))
        self.consts = consts

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
        if 0 <= k < self.gk:
            return self.gtab[self.goff[i] + k * self.gstride]
        info = self.info
        nr1 = max(1, info.n_ranks - 1)
        s = nr1 - i if self.rev else i
        size_boost, winner_extra = (SIZE_BOOST, WINNER_EXTRA) if self.gw is None else self.gw
        if self.group_clears(i, k) or self.is_winner(s, k):
            # cards that win even alone are separate controls: splitting costs
            extra = winner_extra * (k - 1) if k > 1 and self.is_winner(s, 1) else 0.0
            return (1.0 + extra, 0)
        f = s / nr1 + size_boost * (k - 1)
        if f > 1.0:
            f = 1.0
        return (-1.0 + 1.6 * f * f, 1)

    def summary(self, hand: Iterable[int]) -> tuple[dict[int, int], int, float, int]:
        """(counts by rank index, jokers, total of group values, losers) of a hand.
        (The total adds the groups in the order of their first card in ``hand``.)"""
        counts: dict[int, int] = {}
        _count_elements(counts, map(self.info.idx.__getitem__, hand))  # jokers count as -1
        nj = counts.pop(-1, 0)
        total = 0.0
        losers = 0
        tab = self.gtab
        off = self.goff
        st = self.gstride
        for i, k in counts.items():
            hit = tab[off[i] + k * st]
            total += hit[0]
            losers += hit[1]
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


_EVALUATORS: dict[int, tuple] = {}


def evaluator_for(info: DeckInfo, unseen: Sequence[int], revolution: bool, gw: tuple | None = None) -> Evaluator:
    """``Evaluator(info, unseen, revolution)``, shared by every decision whose unseen cards
    have the same counts by rank (and jokers): an Evaluator depends on nothing else (but the
    group weights ``gw``, see tune_groups: each has its own).
    The counts are coded as one int, a sum of a power of 256 per card (counts stay < 256)."""
    key = id(info) if gw is None else (id(info), gw)
    hit = _EVALUATORS.get(key)
    if hit is None or hit[0] is not info:
        hit = _EVALUATORS[key] = (info, _deck_consts(info, gw)[0], {}, {})
    code = sum(map(hit[1].__getitem__, unseen))
    evs = hit[3] if revolution else hit[2]
    ev = evs.get(code)
    if ev is None:
        if len(evs) > 20000:  # (an Evaluator is ~1 kB: at most ~20 MB per deck and order)
            evs.clear()
        ev = evs[code] = Evaluator(info, (), revolution, code, gw)
    return ev


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


_SET_CLEARS: dict[int, tuple] = {}


def _set_clears(info: DeckInfo) -> list[bool]:
    """Per rank index: does a set of that rank clear by its rank (twos, eights)?"""
    hit = _SET_CLEARS.get(id(info))
    if hit is None or hit[0] is not info:
        flags = [(info.twos_clear and i == info.two_idx) or (info.eights_clear and i == info.eight_idx)
                 for i in range(info.n_ranks)]
        hit = _SET_CLEARS[id(info)] = (info, flags)
    return hit[1]


_SCORE_CONSTS: dict[int, tuple] = {}


def _score_consts(info: DeckInfo) -> tuple:
    """The rule-set facts score_moves reads at every decision, in one tuple."""
    hit = _SCORE_CONSTS.get(id(info))
    if hit is None or hit[0] is not info:
        q = info.quad_clears
        nr = info.n_ranks
        sc = _set_clears(info)
        K = 1 + max(info.rank_total, default=0)
        # clr[i * K + size]: does a set of size natural cards of rank index i clear the trick?
        clr = [sc[i] or (q == "exactly4" and size == 4) or (q == "4plus" and size >= 4)
               for i in range(nr) for size in range(K)]
        consts = (info.idx, nr, max(1, nr - 1), sc, q == "exactly4", q == "4plus",
                  info.revolution_on, info.eight_idx if info.eight_skips else -99, clr)
        hit = _SCORE_CONSTS[id(info)] = (info, consts)
    return hit[1]


def score_moves(sit: Situation, ev: Evaluator | None = None, tune: tuple | None = None) -> list[tuple[float, Move]]:
    """Score every legal move (higher is better) with the normal heuristics (``tune``: other
    weights, a tuple shaped like NORMAL_TUNE)."""
    sure_out, lead_value, follow_threshold, danger, fight, pwin_coef, _, _, seq_bonus = NORMAL_TUNE if tune is None else tune
    info = sit.info
    if ev is None:
        ev = evaluator_for(info, sit.unseen, sit.revolution, tune_groups(tune))
    hand = sit.hand
    nh = len(hand)
    leading = not sit.pile_cards
    me = sit.seat
    # opponents still holding cards (their counts), and how many are still in this trick
    counts = sit.counts
    # opponents still holding cards (their counts), and how many are still in this trick
    opp_set = set(counts[:me])
    opp_set.update(counts[me + 1:])
    opp_set.discard(0)
    min_opp = min(opp_set) if opp_set else 99
    ncont = len(counts) - counts.count(0) - (1 if counts[me] > 0 else 0)
    for s in sit.passed:
        if s != me and counts[s] > 0:
            ncont -= 1
    sq_cont = max(1, ncont) ** 0.5
    summ = ev.summary(hand)
    s_counts, s_nj, s_total, s_losers = summ
    base = s_total + 1.0 * s_nj  # ev.finish(s_total, s_nj, s_losers, False, True)
    idx, nr, nr1, set_clears, q_exact, q_plus, revolution_on, eight_single, clr = ev.consts
    K = ev.gk
    out: list[tuple[float, Move]] = []
    rev = sit.revolution
    tab = ev.gtab
    goff = ev.goff
    gst = ev.gstride
    thr = ev.thr
    n_groups = len(s_counts)
    follow_fight = not leading and min_opp <= 2
    for m in sit.legal:
        if m[0] != "play":
            out.append((0.0, m))
            continue
        cards = m[1]
        size = len(cards)
        if size >= nh:
            out.append((1000.0, m))
            continue
        i0 = idx[cards[0]]
        plain = i0 >= 0
        if plain and size > 1:
            for c in cards:
                if idx[c] != i0:
                    plain = False
                    break
        if plain and not (revolution_on and size >= 4):
            # a set of natural cards that keeps the order: move_effects and value_after, inline
            s = nr - 1 - i0 if rev else i0
            clears = clr[i0 * K + size]
            k = s_counts.get(i0, 0)
            j = goff[i0]
            hit = tab[j + k * gst]
            total = s_total - hit[0]
            losers = s_losers - hit[1]
            if k - size > 0:
                hit = tab[j + (k - size) * gst]
                total += hit[0]
                losers += hit[1]
                left = n_groups
            else:
                left = n_groups - 1
            if left > 0 or s_nj > 0:
                total += 1.0 * s_nj
                v_nolead = total
                v_lead = total + sure_out if losers <= 1 else total
            else:
                v_nolead = v_lead = 100.0
            kind = "set"
            sure = clears or not ncont or thr[i0] < size
        else:
            kind, s, size, clears, flips = move_effects(info, m, rev)
            if flips:
                ev2 = evaluator_for(info, sit.unseen, not rev, ev.gw)
                v_nolead, v_lead = ev2.value_after(ev2.summary(hand), cards)
            else:
                ev2 = ev
                v_nolead, v_lead = ev.value_after(summ, cards)
            sure = clears or not ncont or (kind != "seq" and ev2.is_winner(s, size))
        if sure:
            p_win = 1.0
        else:
            f = s / nr1
            p_win = pwin_coef * f * f / sq_cont
            if p_win > 0.95:
                p_win = 0.95
        v = p_win * v_lead + (1 - p_win) * v_nolead
        # the lead itself is worth something only while losers remain
        v += p_win * lead_value
        if leading:
            # lead low sets; avoid giving an almost-out opponent an easy way out
            if size in opp_set and not clears and p_win < 1.0:
                v -= danger * (1.0 - s / nr1) + (danger if size == 1 else 0.0)
            score = v - base
        else:
            score = v - base - follow_threshold
            # with few cards left, or an opponent close to out, fight for tricks
            if follow_fight and p_win >= 0.5:
                score += fight
        if size == 1 and kind == "set" and idx[cards[0]] == eight_single:
            score += 0.1
        elif kind == "seq":
            score += seq_bonus
        out.append((score, m))
    return out


def choose_normal(sit: Situation, rng: random.Random | None = None, tune: tuple | None = None) -> Move:
    """The normal policy's move (``tune``: score by other weights, see NORMAL_TUNE)."""
    legal = sit.legal
    if len(legal) == 1:
        return legal[0]
    if sit.phase == "exchange" or legal[0].kind in ("give", "wish") or legal[-1].kind in ("give", "wish"):
        return choose_exchange(sit)  # (an exchange offers only gives or only wishes)
    ev = evaluator_for(sit.info, sit.unseen, sit.revolution, tune_groups(tune))
    scored = score_moves(sit, ev, tune)
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
    # the usual case first, counted in C: no spare copies of the rank in hand (jokers have
    # rank index -1, so the count is that of `same` below)
    if list(map(info.idx.__getitem__, sit.hand)).count(ridx) <= len(mv.cards) - sum(
            map(info.joker.__getitem__, mv.cards)):
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

"""Reading the other seats' decisions: sampled worlds that agree with what they did.

The hard bot plays against seats it models with the `normal` policy, which is
deterministic. Each play and each pass the bot has seen this round is evidence about the
hand that made it: a seat that led a pair of nines did not hold a hand from which that
policy would have led something else. A sampled world in which the normal policy, given
that seat's hand *then*, would have chosen differently is much less likely, so the
sampler prefers worlds that reproduce the decisions seen (``violations`` counts the
disagreements; ``sample_hands`` redraws whole deals, ``redeal`` redraws seat by seat).

Only decisions whose full public context the bot saw are used: those of a trick it saw
(it sees the current trick at each of its decisions). Passes are read from the turn
order: the seats between two consecutive plays that still held cards passed there
(except the one a single card of a skipping rank made miss its turn). The hand of seat s
at one of its decisions is its hand now plus every card it played since, so an
observation stays usable only while every card that seat played afterwards is known; a
seat that played cards the bot did not see (a trick that ended while the bot was out of
it) loses its observations. Plays are compared by kind and ranks, not suits.

Over seeded games of every template and rule option the real hands never disagree with a
decision seen, and blind deals disagree with about a quarter to a third of them
(tests/test_bots_readplays.py). Everything here reads only views.
"""
from __future__ import annotations

from felt.games.praesident.engine import legal_moves

from .cardinfo import DeckInfo
from .determinize import sort_key, template_state, cap_violations, build_state
from .policy import evaluator_for, score_moves
from .situation import situation_from_state


class Observation:
    """One play or pass by another seat, with the public table as it was just before it."""

    __slots__ = ("seat", "state", "later", "key", "count", "pool", "counts")

    def __init__(self, seat, state, later, key, count, pool, counts):
        self.seat = seat
        self.state = state      # an engine State of the table before the play (other hands dummy)
        self.later = later      # the cards this seat played from this play on (all of them known)
        self.key = key          # (kind, ranks) of the play, or ("pass", ())
        self.count = count      # the seat's card count before the play
        self.pool = pool        # the cards not yet played before the play
        self.counts = counts    # every seat's card count before the play


def _play_key(info: DeckInfo, cards) -> tuple:
    return ("play", tuple(sorted(info.idx[c] for c in cards)))


class PlayMemory:
    """The plays and passes of other seats this bot has seen this round (see the module doc)."""

    MAX_OBS = 24  # the most recent decisions kept (older ones say less about the hand now)

    def __init__(self):
        self._reset(None, None)

    def _reset(self, seat, round_no):
        self.seat = seat
        self.round_no = round_no
        self.played: list = []
        self.counts = None
        self.obs: list[Observation] = []
        self.keys: set = set()   # the decisions already recorded: (offset, seat, kind)

    def update(self, view: dict, info: DeckInfo) -> list[Observation]:
        """Record what ``view`` shows; return the observations still usable."""
        me = view.get("seat")
        played = list(view.get("played") or [])
        round_no = view.get("round_no")
        if (me != self.seat or round_no != self.round_no
                or played[:len(self.played)] != self.played):
            self._reset(me, round_no)
        if view.get("phase") != "play":
            return self.obs
        n = view["n"]
        counts = list(view.get("counts") or [])
        trick = [(p["seat"], list(p["cards"])) for p in view.get("trick") or []]
        base = len(played) - sum(len(c) for _, c in trick)
        if base < 0 or played[base:] != [c for _, cs in trick for c in cs]:
            # the trick does not end the played cards (should not happen): start afresh
            self._reset(me, round_no)
            self.played = played
            self.counts = counts
            return self.obs
        offs = []
        off = base
        for _, cs in trick:
            offs.append(off)
            off += len(cs)
        seen_upto = len(self.played)
        # cards each seat played since the last decision, where the bot saw them
        new_by_seat: dict[int, list[int]] = {}
        for (s, cs), o in zip(trick, offs):
            if o >= seen_upto:
                new_by_seat.setdefault(s, []).extend(cs)
        if self.counts is not None and len(self.counts) == len(counts):
            lost = {s for s in range(n) if s != me
                    and self.counts[s] - counts[s] != len(new_by_seat.get(s, ()))}
            if lost:
                self.obs = [o for o in self.obs if o.seat not in lost]
        for o in self.obs:
            o.later.extend(new_by_seat.get(o.seat, ()))
        # new observations: the plays and passes of this trick the bot had not seen yet
        flips = info.revolution_on and any(len(cs) >= 4 for _, cs in trick)
        if not flips and trick:
            for kind, s, j, passed, c_then in _trick_events(trick, counts, n, view.get("to_move", me), info):
                if s == me:
                    continue
                key = (offs[j - 1] if kind == "pass" else offs[j], s, kind)
                if key in self.keys:
                    continue
                self.keys.add(key)
                ob = self._observation(view, info, trick, offs, j, played, c_then, s, kind, passed)
                if ob is not None:
                    self.obs.append(ob)
        if len(self.obs) > self.MAX_OBS:
            self.obs = self.obs[-self.MAX_OBS:]
        self.played = played
        self.counts = counts
        return self.obs

    @staticmethod
    def _observation(view, info, trick, offs, j, played, c_then, seat, kind, passed):
        """The table just before seat's move: play number ``j`` of the trick, or a pass on
        play ``j - 1`` (then ``j`` plays lie before it); ``c_then``: the card counts then."""
        n = view["n"]
        before = played[:offs[j]] if j < len(offs) else list(played)
        later = [c for s, cs in trick[j:] if s == seat for c in cs]
        out_then = [p for p in (view.get("places") or view.get("out") or []) if c_then[p] == 0]
        pile = None
        if j > 0:
            ps, pc = trick[j - 1]
            pile = {"seat": ps, "cards": list(pc), "kind": None}
        fake = {
            "rules": view["rules"], "seat": view["seat"], "n": n, "phase": "play",
            "round_no": view.get("round_no", 1), "rounds_total": view.get("rounds_total"),
            "to_move": seat, "revolution": bool(view.get("revolution")),
            "trick": [{"seat": s, "cards": cs} for s, cs in trick[:j]],
            "passed": sorted(passed), "places": out_then, "played": before,
            "pile": pile, "dealer": view.get("dealer", n - 1), "leader": trick[0][0],
        }
        # dummy hands (only the observed seat's hand is ever read)
        st = build_state(fake, [[] for _ in range(n)])
        if j > 0 and st.pile is None:
            return None  # the previous play does not classify (should not happen)
        bset = set(before)
        pool = [c for c in range(info.n_cards) if c not in bset]
        key = ("pass", ()) if kind == "pass" else _play_key(info, trick[j][1])
        return Observation(seat, st, later, key, c_then[seat], pool, c_then)


def _trick_events(trick, counts, n, end_seat, info):
    """The decisions of a trick in order: ("play", seat, j, passed, counts) for play number
    j and ("pass", seat, j, passed, counts) for a pass on play j - 1, each with the seats
    that had passed before it and every seat's card count then. A seat between two consecutive plays in turn order (or between the last play
    and ``end_seat``, the seat on turn now) that still held cards passed there, except the
    one a single card of a skipping rank made miss its turn."""
    per_rank, qlo, qhi, _ = template_state(info.rules, n).fx
    idx = info.idx
    # cards each seat held just before play j (count now plus its plays from j on)
    held = [list(counts)]
    for s, cs in reversed(trick):
        c = list(held[0])
        c[s] += len(cs)
        held.insert(0, c)
    # held[j] = counts before play j; held[len(trick)] = counts now
    out = []
    passed: set = set()
    for j in range(len(trick) + 1):
        if j > 0:
            a, prev = trick[j - 1]
            b = trick[j][0] if j < len(trick) else end_seat
            r = idx[prev[0]]
            skip = len(prev) == 1 and r >= 0 and per_rank[r][1] and not (qlo <= 1 <= qhi)
            x = (a + 1) % n
            c = held[j]
            while x != b and x != a:
                if c[x] > 0 and x not in passed:
                    if skip:
                        skip = False
                    else:
                        out.append(("pass", x, j, frozenset(passed), c))
                        passed.add(x)
                x = (x + 1) % n
        if j < len(trick):
            out.append(("play", trick[j][0], j, frozenset(passed), held[j]))
    return out


def violations(info: DeckInfo, hands, obs: list[Observation], limit: int = 1 << 30) -> int:
    """How many observed decisions the normal policy would not have made in this world
    (stops counting at ``limit``): it scores some other move higher."""
    bad = 0
    key = lambda c: sort_key(info, c)  # noqa: E731
    for ob in obs:
        s = ob.seat
        h = hands[s] + ob.later
        if len(h) != ob.count:
            continue  # the world's count disagrees (an inconsistent view): no evidence
        st = ob.state
        st.hands[s] = sorted(h, key=key)
        st.groups[s] = None
        legal = legal_moves(st)
        sit = situation_from_state(st, s, legal)
        hs = set(h)
        sit.unseen = [c for c in ob.pool if c not in hs]
        sit.counts = ob.counts
        scored = score_moves(sit, evaluator_for(info, sit.unseen, sit.revolution))
        best = mine = None
        want = ob.key
        passing = want[0] == "pass"
        for sc, m in scored:
            if best is None or sc > best:
                best = sc
            if mine is None or sc > mine:
                if m.kind == "pass" if passing else (m.kind == "play" and _play_key(info, m.cards) == want):
                    mine = sc
        if mine is None or mine < best:
            bad += 1
            if bad >= limit:
                return bad
    return bad


def redeal(info: DeckInfo, hands, obs: list[Observation], rng, tries: int, me: int,
           constraints=None, caps: dict | None = None) -> int:
    """Redeal a sampled world seat by seat so that each seat's plays seen agree with it.

    The seats with the most observations go first: each draws its hand (the cards the
    exchange fixes stay) from the cards not yet dealt, up to ``tries`` times, keeping the
    first draw its plays, passes and ``caps`` agree with (else the one with fewest
    disagreements); the last seat takes what is left. Far cheaper than redrawing whole
    deals: a seat's draws are checked against its own observations only. ``hands`` is
    changed in place only if the result keeps every constraint; returns the
    disagreements left (plays and passes)."""
    fixed, forbidden = constraints if constraints is not None else ({}, {})
    by_seat: dict[int, list[Observation]] = {}
    for ob in obs:
        by_seat.setdefault(ob.seat, []).append(ob)
    seats = [s for s in range(len(hands)) if s != me and hands[s]]
    if not by_seat or len(seats) < 2:
        return violations(info, hands, obs)
    order = sorted(seats, key=lambda s: -len(by_seat.get(s, ())))
    keep = {s: [c for c in hands[s] if fixed.get(c) == s] for s in seats}
    pool = [c for s in seats for c in hands[s] if fixed.get(c) != s]
    new = [list(h) for h in hands]
    for i, s in enumerate(order):
        need = len(hands[s]) - len(keep[s])
        mine = by_seat.get(s)
        if i == len(order) - 1 or not mine:
            continue
        allowed = [c for c in pool if s not in forbidden.get(c, ())]
        if len(allowed) < need:
            return violations(info, hands, obs)
        caps_s = {k: v for k, v in caps.items() if k[0] == s} if caps else None
        best = None
        best_bad = 1 << 30
        for _ in range(tries):
            pick = rng.sample(allowed, need)
            new[s] = keep[s] + pick
            bad = cap_violations(info, new, caps_s) if caps_s else 0
            if bad < best_bad:
                bad += violations(info, new, mine, best_bad - bad)
            if bad < best_bad:
                best, best_bad = pick, bad
                if bad == 0:
                    break
        new[s] = keep[s] + best
        taken = set(best)
        pool = [c for c in pool if c not in taken]
    # the seats without observations (and the last one) share the rest at random
    rest = [s for s in order if not by_seat.get(s) or s == order[-1]]
    rng.shuffle(pool)
    k = 0
    for s in rest:
        need = len(hands[s]) - len(keep[s])
        new[s] = keep[s] + pool[k:k + need]
        k += need
    for s in seats:
        if len(new[s]) != len(hands[s]) or any(s in forbidden.get(c, ()) for c in new[s]):
            return violations(info, hands, obs)  # a constraint broke: keep the old deal
    for s in seats:
        hands[s][:] = new[s]
    return violations(info, hands, obs)

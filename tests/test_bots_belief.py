"""The swap chain over the hidden hands (felt/games/praesident/bots/belief.py, the hard bot's USE_CHAIN option).

Every swap keeps the deal a deal of exactly the unseen cards with every seat's count and the
exchange's fixed and forbidden cards kept; the disagreements it tracks per seat are those a
recount finds; and run for a while it ends with fewer disagreements than the deals drawn to
start it."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from felt.games.praesident.bots.belief import Chain
from felt.games.praesident.bots.cardinfo import deck_info
from felt.games.praesident.bots.determinize import PassMemory, cap_violations, constraints_from_view, sample_hands
from felt.games.praesident.bots.readplays import violations

from .test_bots_readplays import _walk, assert_a_deal_of_the_unseen


@pytest.mark.parametrize("rules_id", ["PR-002", "FOLGEN"])
def test_swaps_keep_the_deal_and_lower_the_disagreements(rules_id):
    from felt.games.praesident.rules import load_rules

    rules = load_rules(rules_id)
    rng = random.Random(4)
    tally = Counter()

    def check(st, seat, v, mem):
        obs = mem.obs
        if len(obs) < 3 or tally["n"] >= 60:
            return
        info = deck_info(v["rules"])
        caps = PassMemory().update(v, info)
        con = constraints_from_view(v, info)
        start = sample_hands(v, rng, info, con, caps)
        ch = Chain(info, [list(h) for h in start], seat, obs, con, caps)
        tally["start"] += ch.total()
        ch.run(rng, 60)
        h = ch.hands
        assert_a_deal_of_the_unseen(st, seat, v, h, con)
        forbidden = con[1]
        for s in range(4):
            assert not any(s in forbidden.get(c, ()) for c in h[s] if s != seat)
            if s != seat and h[s]:
                mine = [o for o in obs if o.seat == s]
                caps_s = {k: x for k, x in caps.items() if k[0] == s}
                assert ch.bad[s] == violations(info, h, mine) + (cap_violations(info, h, caps_s) if caps_s else 0)
        tally["end"] += ch.total()
        tally["taken"] += ch.accepted
        tally["n"] += 1

    _walk(rules, 3, 6, check)
    assert tally["n"] > 30 and tally["taken"] > 0, tally
    assert tally["end"] * 2 < tally["start"], tally


def test_the_hard_bot_can_search_the_chain_s_worlds(monkeypatch):
    """With USE_CHAIN on, the hard bot starts a chain at each searched decision that has read
    plays and searches successive states of it; every move it picks is legal (the engine
    checks) and the chain's worlds agree better with what it read than the draws it started
    from."""
    import felt.games.praesident.bots.belief as belief
    import felt.games.praesident.bots.hard as hard
    from felt.games.praesident.bots import HardBot, make_bot
    from felt.games.praesident.engine import apply_inplace, new_match, next_round, view
    from felt.games.praesident.rules import load_rules

    made = []
    real = belief.Chain

    class Spy(real):
        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            self.first = self.total()
            made.append(self)

    monkeypatch.setattr(hard, "USE_CHAIN", True)
    monkeypatch.setattr(hard, "Chain", Spy)
    st, _ = new_match(load_rules("PR-002"), 4, "chain-bot", rounds=2)
    bots = [HardBot(seed=3, iters=6)] + [make_bot("normal", seed=i) for i in range(3)]
    while st.phase != "match_over":
        if st.phase in ("play", "exchange"):
            seat = st.to_move
            apply_inplace(st, seat, bots[seat].choose(view(st, seat)))
        else:
            st, _ = next_round(st)
    assert len(made) > 10
    assert sum(c.total() for c in made) < sum(c.first for c in made)

"""`felt soak` for every game: Mau-Mau and Schwimmen tables are played over loopback by
network bot clients while clients drop and the host is SIGKILLed and resumed, and the same
checks as for Präsident hold (views equal the journal's, every card accounted for). The card
checks of each game can fail."""
import asyncio
import random

import pytest

from felt import games
from felt.net.soak import play_match


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["MM-STD", "SW-STD"])
def test_soak_match_of_another_game_with_drops_and_host_kills(tmp_path, rules):
    async def main():
        return await play_match(1, players=4, rules_spec=rules, rounds=2, drops=0.05, kills=2, seed=3,
                                workdir=tmp_path, lobby_kill=True)
    r = asyncio.run(main())
    assert r.problems == [], r.problems
    assert r.moves > 10 and r.rounds >= 1
    assert len(r.kills) >= 2                     # the lobby kill and at least one during play
    assert r.reconnects >= r.drops


@pytest.mark.parametrize("gid", ["praesident", "maumau", "schwimmen"])
def test_each_games_card_check_accepts_play_and_catches_a_lost_or_doubled_card(gid):
    game = games.get(gid)
    rules = game.template(game.template_ids()[0])
    s, _ = game.new_match(rules, 4, 11, 2)
    rng = random.Random(5)
    seen = 0
    while s.phase not in ("match_over",) and seen < 300:
        if s.phase == "round_over":
            s, _ = game.next_round(s)
            continue
        assert game.check_cards(s) is None
        for seat in range(4):
            assert game.check_view_cards(s, game.view(s, seat)) is None
        game.apply_inplace(s, s.to_move, rng.choice(game.legal_moves(s)))
        seen += 1
    # a card goes missing from a hand, then one is there twice
    s, _ = game.new_match(rules, 4, 12, 2)
    while not s.hands[0]:
        game.apply_inplace(s, s.to_move, rng.choice(game.legal_moves(s)))
    lost = game.clone(s)
    lost.hands[0] = list(lost.hands[0])[1:]
    assert "not accounted" in game.check_cards(lost)
    twice = game.clone(s)
    twice.hands[1] = list(twice.hands[1]) + [twice.hands[0][0]]
    assert "not accounted" in game.check_cards(twice)
    v = game.view(s, 0)
    v["hand"] = v["hand"] + v["hand"][:1]
    assert game.check_view_cards(s, v) is not None


def test_a_failing_match_leaves_no_host_process_behind(tmp_path, monkeypatch):
    """An error inside the harness after the host started (here: the move estimate) used to
    leave the resumed `felt host` running for good."""
    from felt.net import soak
    started = []
    real_start = soak.HostProcess.start

    async def start(self, args):
        out = await real_start(self, args)
        started.append(self)
        return out

    def broken(*a, **k):
        raise RuntimeError("estimate failed")
    monkeypatch.setattr(soak.HostProcess, "start", start)
    monkeypatch.setattr(soak, "_estimate_moves", broken)

    async def main():
        return await play_match(1, players=3, rules_spec="PR-002", rounds=1, drops=0.0, kills=1, seed=5,
                                workdir=tmp_path, lobby_kill=False)
    with pytest.raises(RuntimeError, match="estimate failed"):
        asyncio.run(main())
    assert started and all(not h.alive for h in started)


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in games.all_games() if games.found_by_name(g.id)], ids=lambda g: g.id)
def test_felt_check_games_soak_of_every_game(game, tmp_path):
    """`felt check-game`'s short soak (felt/devcheck.py): two matches, host kills, resumed."""
    from felt import devcheck
    note = devcheck.check_soak(game, devcheck.Context(tmp_path))
    assert "host kills" in note

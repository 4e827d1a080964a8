"""Issue 43, seam 8 (Schwimmen's tie-break). RULES-SCHWIMMEN.md: after the set number of
rounds the fewest lives lost wins (§3, §4.7); it names no tie-break. The project decides
(felt/games/schwimmen/README.md): a Stechen is played only by the players tied for the fewest
lives lost; the others sit it out (no cards, no turn) and keep their places behind them; it
repeats among those still tied (fewer each time as some break away), at most
``MAX_STECHEN`` rounds, after which the last Stechen round's best hand decides. The table says
who is tied and why ("Gleichstand: Ben und Cleo · Stechen", "es folgt ein Stechen zwischen Ben
und Cleo"), marks the tied seats and those sitting out, and the phone's top line is not cut
("Tie-break · ro…")."""
from __future__ import annotations

import dataclasses
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from felt.contract.base import IllegalMove  # noqa: E402
from felt.games.schwimmen import engine as E  # noqa: E402
from felt.ui import fonts, i18n, layout  # noqa: E402
from tests.test_schwimmen_engine import RUNDEN, G, _lose_round, cs, play  # noqa: E402

NAMES = ["Anna", "Ben", "Cleo"]
FOUR = ["Anna", "Ben", "Cleo", "Dora"]


def _match(n: int = 3, rounds: int = 1, **kw):
    """SW-RUNDEN with ``rounds`` set rounds, the knocker losing single (unless ``kw``)."""
    r = dataclasses.replace(RUNDEN, rounds=rounds, **{"knocker_double": False, **kw})
    return G.new_match(r, n, 9)[0]


def _tied_after_the_set_rounds():
    """SW-RUNDEN with one set round: Anna loses it, Ben and Cleo are tied on 0 lives lost."""
    s = _match()
    _lose_round(s, 0)
    return s


def _stechen(s=None):
    """The Stechen round after ``s`` (Ben and Cleo's) at its first turn of play (the dealer kept
    its hand)."""
    t, _ = G.next_round(s or _tied_after_the_set_rounds())
    if t.phase == "dealer_choice":
        t, _ = G.apply(t, t.to_move, G.move_from_wire({"kind": "keep"}))
    assert t.phase == "play"
    return t


def _show(s, hands: dict, knocker: int):
    """Rig a showdown of the round's players: ``hands`` seat -> three card codes; ``knocker``
    knocks, the others pass."""
    E.rig(s, {i: cs(*h) for i, h in hands.items()}, cs("D7", "D8", "D9"), to_move=knocker, turns=10)
    play(s, knocker, E.KNOCK)
    while s.phase == "play":
        play(s, s.to_move, E.PASS)


def test_the_rule_example_two_tied_of_four_play_the_stechen_alone():
    """Four players, one set round: Anna and Ben hold the lowest hands, Cleo and Dora are tied
    on no life lost. Only Cleo and Dora are dealt the next round; Anna's and Ben's hands stay
    empty and they get no turn; the winner of the Stechen wins the match; everyone's place
    follows (Anna and Ben behind the two, as the set round left them)."""
    s = _match(4)
    _lose_round(s, 0, 1)
    assert s.lost == [1, 1, 0, 0] and s.phase == "round_over" and s.stechen == [2, 3] and s.winner is None
    assert G.view(s, 0)["stechen"] == [2, 3]
    t, ev = G.next_round(s)
    assert ev[0]["type"] == "round_start" and ev[0]["seats"] == [2, 3] and ev[0]["stechen"] == [2, 3]
    assert sorted(e["seat"] for e in ev if e["type"] == "hand") == [2, 3]        # dealt to the two only
    assert t.in_round == [False, False, True, True] and t.sitting_out() == [0, 1]
    assert t.hands[0] == t.hands[1] == [] and t.dealer in (2, 3) and t.to_move in (2, 3)
    assert sorted(t.all_cards()) == list(range(32))
    for seat in (0, 1):                   # the two sitting out: no cards, no moves, told so
        v = G.view(t, seat)
        assert v["hand"] == [] and v["legal"] == [] and v["sitting_out"] == [0, 1] and v["stechen"] == [2, 3]
        with pytest.raises(IllegalMove):
            G.apply(t, seat, E.PASS)
    # the Stechen played out by random legal moves: nobody else ever has a turn or loses
    for seed in range(20):
        u, turns, rng = t.clone(), [], random.Random(seed)
        while u.phase in ("play", "dealer_choice"):
            turns.append(u.to_move)
            assert u.hands[0] == u.hands[1] == []
            G.apply_inplace(u, u.to_move, rng.choice(G.legal_moves(u)))
        assert set(turns) <= {2, 3} and u.lost[:2] == [1, 1]
        assert {int(k) for k in u.showdown["losers"]} <= {2, 3} and u.showdown["hands"][:2] == [None, None]
    # Cleo holds the lowest hand of the Stechen: Dora wins the match
    _lose_round(t, 2)
    assert t.phase == "match_over" and t.winner == 3 and G.winner(t) == 3 and t.decided == "stechen"
    assert t.lost == [1, 1, 1, 0]
    # places: Dora, Cleo (the Stechen), then Anna and Ben as the set round left them (equal
    # hands there: by seat), though Cleo lost as many lives as they did
    assert E.match_places(t) == [3, 2, 0, 1] == G.view(t, 0)["match_places"]


def test_the_stechen_repeats_among_those_still_tied_fewer_each_time():
    s = _match(4)
    _lose_round(s, 0)                                  # Ben, Cleo and Dora tied on 0
    assert s.stechen == [1, 2, 3]
    t, _ = G.next_round(s)
    assert t.in_round == [False, True, True, True] and t.sitting_out() == [0]
    _lose_round(t, 3)                                  # Dora breaks away: Ben and Cleo still tied
    assert t.phase == "round_over" and t.stechen == [1, 2]
    u, ev = G.next_round(t)
    assert u.in_round == [False, True, True, False] and u.sitting_out() == [0, 3] and ev[0]["stechen"] == [1, 2]
    assert u.stechen_rounds == [[1, 2, 3], [1, 2]]
    _lose_round(u, 1)
    assert u.phase == "match_over" and u.winner == 2 and u.decided == "stechen"
    assert E.match_places(u) == [2, 1, 3, 0]


def test_a_stechen_whose_players_all_lose_is_played_again_by_them_alone():
    """Cleo and Dora both hold the lowest hand of their Stechen: they have now lost as many as
    Anna and Ben, who still sit the next one out and stay behind them."""
    s = _match(4)
    _lose_round(s, 0, 1)
    t, _ = G.next_round(s)
    _lose_round(t, 2, 3)
    assert t.lost == [1, 1, 1, 1] and t.phase == "round_over" and t.stechen == [2, 3]
    u, _ = G.next_round(t)
    assert u.sitting_out() == [0, 1] and u.hands[0] == u.hands[1] == []
    _lose_round(u, 3)
    assert u.winner == 2 and E.match_places(u) == [2, 3, 0, 1]


def test_a_stechen_never_runs_forever_the_last_rounds_best_hand_decides():
    """Ben, Cleo and Dora tie at the bottom of every Stechen round but the last
    (``MAX_STECHEN``), where Dora loses and Ben's 30 beats Cleo's 27: Ben wins."""
    s = _match(4, lives=5)
    _lose_round(s, 0)
    for k in range(E.MAX_STECHEN - 1):
        s, _ = G.next_round(s)
        _lose_round(s, 1, 2, 3)
        assert s.phase == "round_over" and s.stechen == [1, 2, 3], k
    s, _ = G.next_round(s)
    _show(s, {1: ("DK", "DQ", "DJ"), 2: ("SK", "SQ", "S7"), 3: ("C7", "S8", "H9")}, knocker=3)
    assert s.lost == [1, E.MAX_STECHEN - 1, E.MAX_STECHEN - 1, E.MAX_STECHEN]
    assert s.phase == "match_over" and s.winner == 1 and s.decided == "stechen_limit"
    assert len(s.stechen_rounds) == E.MAX_STECHEN and s.round_no == 1 + E.MAX_STECHEN
    assert E.match_places(s) == [1, 2, 3, 0]


def test_a_stechen_is_never_left_without_its_players():
    """Two lives, no swimming: Ben and Cleo both hold the lowest hand twice; the second time
    both would go out while Anna (sitting out) is still in: they stay in, swimming, and play on."""
    s = _match(3, lives=2, swimming=False)
    _lose_round(s, 0)
    t, _ = G.next_round(s)
    _lose_round(t, 1, 2)
    t, _ = G.next_round(t)
    _lose_round(t, 1, 2)
    assert t.out == [False, False, False] and t.swimming == [False, True, True] and t.showdown["saved"] == [1, 2]
    assert t.phase == "round_over" and t.stechen == [1, 2]
    t, _ = G.next_round(t)
    _lose_round(t, 2)
    assert t.out[2] and t.phase == "match_over" and t.winner == 1 and E.match_places(t) == [1, 2, 0]


def test_the_host_ending_a_stechen_names_one_of_its_players():
    t = _stechen(_tied_after_the_set_rounds())
    e, _ = G.end_match(t)
    assert e.winner in (1, 2) and e.decided == "ended" and E.match_places(e)[2] == 0


def test_a_stechen_replays_from_its_moves_as_a_resumed_table_does():
    """The journal keeps the moves; a resumed table replays them from the seed: mid-Stechen the
    replayed table is the same, sitting out included."""
    r = dataclasses.replace(RUNDEN, rounds=1)
    for seed in range(40):
        s, _ = G.new_match(r, 4, seed)
        actions, rng = [], random.Random(seed)
        while not (s.stechen_rounds and s.phase == "play") and s.phase != "match_over":
            if s.phase == "round_over":
                s, _ = G.next_round(s)
                actions.append(("next_round",))
            else:
                m = rng.choice(G.legal_moves(s))
                actions.append(("move", s.to_move, G.move_to_wire(m)))
                G.apply_inplace(s, s.to_move, m)
        if s.phase == "play":
            break
    assert s.sitting_out(), "no seed of 40 reached a Stechen"
    again = G.replay(r, 4, seed, actions)
    assert [G.view(again, i) for i in range(4)] == [G.view(s, i) for i in range(4)]
    assert again.stechen == s.stechen and again.sitting_out() == s.sitting_out()


def _scene(s, seat: int, size=(390, 844)):
    pygame.init()
    names = NAMES if s.n == 3 else FOUR[:s.n]
    sc = G.scene_for(s.phase)(None, names=names, settings={"muted": True}, on_move=lambda m: None)
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(*size)
    sc.set_view(G.view(s, seat), [])
    return sc


@pytest.mark.parametrize("lang,line,why", [
    ("de", "Gleichstand: Ben und Cleo · Stechen",
     "Gleich wenige Leben verloren (0): es folgt ein Stechen zwischen Ben und Cleo"),
    ("en", "Tied: Ben and Cleo · tie-break", "Equally few lives lost (0): a tie-break follows between Ben and Cleo")])
def test_the_table_says_who_is_tied_and_why(lang, line, why):
    i18n.set_lang(lang)
    try:
        sc = _scene(_tied_after_the_set_rounds(), 0)
        assert sc.tied_seats() == [1, 2]
        assert sc.status_line()[0] == line
        texts = [t for t, _c in sc.result_lines()]
        assert why in texts and i18n.t("sw.you_sit_out") in texts, texts       # Anna sits it out
        badge = i18n.t("sw.tied_badge")
        assert [any(tag.text == badge for tag in sc.seat_lines(i).tags) for i in (1, 2)] == [True, True]
        # in the Stechen round the tied seats keep their mark; the round is named in full
        t = _stechen()
        me = t.to_move                                   # "Du bist dran!" leaves the round little room
        sc2 = _scene(t, me)
        assert sc2.my_turn and sc2.tied_seats() == [1, 2]
        assert i18n.t("sw.tied_badge") in [tag.text for tag in sc2.seat_lines(({1, 2} - {me}).pop()).tags]
        parts = sc2.header_parts()
        assert parts["round"] == i18n.t("gt.round_tiebreak", n=2)
        assert parts["round_at"].w >= fonts.width(parts["round"], parts["round_px"]), parts   # not cut
    finally:
        i18n.set_lang("de")


def test_a_tie_with_you_in_it_reads_right():
    sc = _scene(_tied_after_the_set_rounds(), 1)
    assert sc.status_line()[0] == "Gleichstand: Du und Cleo · Stechen"
    texts = [t for t, _c in sc.result_lines()]
    assert "Gleich wenige Leben verloren (0): es folgt ein Stechen zwischen dir und Cleo" in texts
    assert "Setzt aus und bleibt dahinter: Anna" in texts
    sc = _scene(_tied_after_the_set_rounds(), 0)          # Anna sits the Stechen out
    assert "Du setzt aus" in [t for t, _c in sc.result_lines()]


@pytest.mark.parametrize("size,density", [((390, 844), 1.0), ((780, 1688), 2.0), ((360, 640), 1.0)])
def test_the_phones_top_line_of_a_stechen_is_not_cut(monkeypatch, tmp_path, size, density):
    from tests.text_layout_recorder import TextRecorder, problems
    rec = TextRecorder(monkeypatch)
    try:
        layout.set_density(density)
        for lang in ("de", "en"):
            i18n.set_lang(lang)
            for s in (_tied_after_the_set_rounds(), _stechen(), _sitting_out_stechen()):
                sc = _scene(s, s.to_move if s.to_move >= 0 and s.n == 3 else 0, size)
                for _ in range(40):
                    sc.update(0.1)
                surf = pygame.Surface(size)
                sc.draw(surf)
                pygame.image.save(surf, str(tmp_path / f"sw-{lang}-{s.round_no}-{s.n}.png"))
                bad = problems(rec.shots[-1], FOUR)
                assert not bad, (lang, s.round_no, bad)
    finally:
        i18n.set_lang("de")
        layout.set_density(1.0)


def _sitting_out_stechen():
    """Four players: Anna and Ben lost the set round, Cleo and Dora play the Stechen."""
    s = _match(4)
    _lose_round(s, 0, 1)
    return _stechen(s)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_seat_sitting_the_stechen_out_is_shown_as_such(lang):
    i18n.set_lang(lang)
    try:
        t = _sitting_out_stechen()
        sc = _scene(t, 0)                                   # Anna, sitting out
        assert sc.sitting_out_seats() == [0, 1] and sc.tied_seats() == [2, 3] and not sc.my_turn
        assert i18n.t("sw.you_sit_out") in sc.status_line()[0]
        hint = sc.sit_out_hint()
        between = {"de": "Stechen zwischen Cleo und Dora", "en": "Tie-break between Cleo and Dora"}[lang]
        assert hint.startswith(between)
        ben, cleo = sc.seat_lines(1), sc.seat_lines(2)
        assert i18n.t("sw.sits_out_badge") in [tag.text for tag in ben.tags] and ben.dim and not ben.cards
        assert i18n.t("sw.tied_badge") in [tag.text for tag in cleo.tags] and not cleo.dim and len(cleo.cards) == 3
        # the screen-reader layer says the same
        from felt.games.schwimmen import a11y
        words = a11y.lines(sc)
        assert hint in words
        assert any(w.startswith("Ben: ") and i18n.t("sw.sits_out_badge") in w for w in words), words
        assert any(w.startswith("Cleo: ") and i18n.t("sw.tied_badge") in w for w in words), words
        # a player of the Stechen sees who sits out, and is not told to sit out
        sc3 = _scene(t, 2)
        assert i18n.t("sw.you_sit_out") not in sc3.status_line()[0]
        assert i18n.t("sw.sits_out_badge") in [tag.text for tag in sc3.seat_lines(0).tags]
    finally:
        i18n.set_lang("de")


def test_the_results_of_a_match_won_in_a_stechen_give_everyones_place():
    t = _sitting_out_stechen()
    _lose_round(t, 2)
    sc = _scene(t, 0)
    texts = [x for x, _c in sc.result_lines()]
    assert "Dora gewinnt!" in texts and "Im Stechen entschieden" in texts
    places = [x for x in texts if x[:2] in ("1.", "2.", "3.", "4.")]
    assert places == ["1. Dora: 3 Leben · Stechen", "2. Cleo: 2 Leben · Stechen", "3. Du: 2 Leben", "4. Ben: 2 Leben"]
    assert not sc.ended_by_host() and sc.standings() == [3, 2, 0, 1]
    # the evening counts the match for Dora, and everyone's lives left
    assert G.winner(t) == 3 and G.evening_marks(t) == [{"lives": 2}, {"lives": 2}, {"lives": 2}, {"lives": 3}]


def test_the_play_log_names_the_players_of_a_stechen():
    from felt.games.schwimmen.log import LINES
    from felt.ui.playlog import LogContext
    s = _match(4)
    _lose_round(s, 0, 1)
    _t, ev = G.next_round(s)
    ctx = LogContext(FOUR, None)
    for lang, line in (("de", "Runde 2 beginnt: Stechen, es spielen nur Cleo und Dora"),
                       ("en", "Round 2 begins: a tie-break, only Cleo and Dora play")):
        i18n.set_lang(lang)
        try:
            assert LINES.text(LINES.build(ev, ctx)[0], ctx) == line
        finally:
            i18n.set_lang("de")



def test_the_how_to_and_the_option_say_who_plays_the_stechen():
    de, en = " ".join(G.howto(RUNDEN, "de")), " ".join(G.howto(RUNDEN, "en"))
    assert "nur die Gleichen spielen weitere Runden" in de and "die anderen setzen aus" in de
    assert "only the tied players play more rounds" in en and "the others sit it out" in en
    assert f"After {E.MAX_STECHEN} tie-break rounds the best hand of the last one decides" in en
    assert "Stechen" not in " ".join(G.howto(G.template("SW-STD"), "de"))      # last player left: none
    opt = next(o for o in G.options() if o.key == "match_end")
    assert "Stechen nur der Gleichen" in opt.help["de"] and "tie-break of the tied players only" in opt.help["en"]


def test_a_stechen_resumes_from_the_journal_with_the_same_players_sitting_out(tmp_path):
    """A journaled table of four bots (SW-RUNDEN, one set round) stopped in the middle of a
    Stechen: the table resumed from the journal is in the same Stechen (the same players,
    the same sitting out, the same views) and finishes it with one of its players winning."""
    import asyncio

    from felt.net import journal as jm
    from felt.net.host import Host, HostConfig
    from tests.helpers import run

    async def main(p, seed):
        host = await Host(HostConfig(rules="SW-RUNDEN", players=4, bots=4, bot_delay=0.01, seed=seed, rounds=1,
                                     interface="127.0.0.1", auto_next=0.0, announce=False, journal=str(p))).start()
        host.start_match()
        while not (host.state.stechen_rounds and host.state.phase == "play"):
            if host.state.phase == "match_over":           # no tie on this seed
                await host.stop()
                return None
            await asyncio.sleep(0.002)
        host.cancel_turn()
        host.server.close()
        host.journal.close()
        seq, views = host.seq, [G.view(host.state, i) for i in range(4)]
        cfg = jm.resume_config(type("Args", (), {"resume": str(p), "journal": None})(), say=lambda m: None)
        cfg.update(interface="127.0.0.1", announce=False, bot_delay=0.0, auto_next=0.0)
        h2 = Host(HostConfig(**cfg))
        assert h2.seq >= seq
        if h2.seq == seq:                                  # no bot move slipped in before the stop
            assert [G.view(h2.state, i) for i in range(4)] == views
        pool = list(views[0]["stechen"])
        assert h2.state.stechen == pool and h2.state.sitting_out() == views[0]["sitting_out"] != []
        await h2.start()
        while h2.state.phase != "match_over":
            await asyncio.sleep(0.005)
        winner = h2.state.winner
        await h2.stop()
        return pool, winner

    for seed in range(1, 6):
        got = run(main(tmp_path / f"sw{seed}.journal", seed), 60)
        if got:
            pool, winner = got
            assert winner in pool
            return
    pytest.fail("no seed of 5 reached a Stechen")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_of_every_level_play_a_stechen_from_their_players_views(level):
    """Cleo's and Dora's bots play the Stechen to its end from their own views (the hard bot
    deals the unseen cards to the Stechen's players only); Anna and Ben are never asked."""
    for seed in range(3):
        t = _sitting_out_stechen()
        bots = {i: G.make_bot(level, seed=seed * 10 + i) for i in (2, 3)}
        while t.phase == "play":
            v = G.view(t, t.to_move)
            move = bots[t.to_move].choose(v)
            assert G.move_to_wire(move) in v["legal"]
            G.apply_inplace(t, t.to_move, move)
        assert t.phase in ("round_over", "match_over") and t.lost[:2] == [1, 1]


def test_a_phone_sitting_out_names_who_is_on_turn_in_full():
    """390x844, Anna sits out, a bot with a two-word name is on turn: the bar says "Bot 2 ist
    dran" (not "Bot ist dran · Du setzt aus"); the hand's label says she sits out."""
    t = _sitting_out_stechen()
    pygame.init()
    names = ["Anna", "Ben", "Bot 1", "Bot 2"]
    sc = G.scene_for(t.phase)(None, names=names, settings={"muted": True}, on_move=lambda m: None)
    sc.set_size(390, 844)
    sc.set_view(G.view(t, 0), [])
    sc.draw(pygame.Surface((390, 844)))
    status = sc.header_parts()["status"]
    assert names[t.to_move] in status and status.startswith(i18n.t("gt.turn", name=names[t.to_move])), status
    sc.set_size(1280, 720)                                # a laptop's bar has room for both
    sc.draw(pygame.Surface((1280, 720)))
    assert sc.header_parts()["status"] == f"{names[t.to_move]} ist dran · Du setzt aus"


def test_the_seat_summary_says_a_seat_sits_the_stechen_out():
    t = _sitting_out_stechen()
    assert G.seat_summary(G.view(t, 0)) == "2 rounds, lives left: 2 (still in, sitting the tie-break out)"
    assert G.seat_summary(G.view(t, 2)) == "2 rounds, lives left: 3 (still in)"

"""The play log: every event of a round, in order, with the players' names."""
from __future__ import annotations

import dataclasses
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from felt.cards import build_deck
from felt.games.praesident.engine import apply_inplace, filter_events, legal_moves, new_match, position
from felt.games.praesident.engine.core import Move  # noqa: F401  (the engine's move type, used via legal_moves)
from felt.games.praesident.rules import load_rules
from felt.ui import i18n
from felt.ui.playlog import LogContext, PlayLog

NAMES = ["Anna", "Beat", "Carla", "Dominik", "Eveline"]
LOGGED = {"round_start", "play", "pass", "skip", "clear", "revolution", "out", "trick_won", "round_over",
          "lead_chosen", "exchange_auto", "give", "wish", "exchange_done"}
KIND = {"round_start": "round", "trick_won": "trick", "lead_chosen": "lead", "exchange_auto": "ex_auto",
        "give": "ex_give", "wish": "ex_wish"}


def _play_round(rules, n, seed):
    rng = random.Random(seed)
    state, events = new_match(rules, n, seed, rounds=1)
    all_events = list(events)
    while state.phase in ("play", "exchange"):
        moves = legal_moves(state)
        ev = apply_inplace(state, state.to_move, rng.choice(moves))
        all_events.extend(ev)
    return state, all_events


def _expected_names(events, me):
    """For each logged event in order: the name the line must contain (None: no seat)."""
    out = []
    for ev in events:
        typ = ev["type"]
        if typ not in LOGGED:
            continue
        seat = ev.get("seat")
        nm = None if seat is None else ("Du" if seat == me else NAMES[seat])
        if typ in ("clear", "exchange_done"):
            nm = None
        out.append((typ, nm))
        if typ == "play" and (ev.get("joker") or ev.get("kind") == "joker"):
            out.append(("joker", None))
    return out


@pytest.mark.parametrize("template,seed", [("PR-002", 1), ("PR-004", 2), ("FOLGEN", 3), ("JASS36", 4),
                                           ("PR-006", 5), ("P52", 6)])
def test_log_lists_every_event_of_a_round_in_order_with_names(template, seed):
    i18n.set_lang("de")
    rules = load_rules(template)
    n = 4
    state, events = _play_round(rules, n, seed)
    me = 0
    seen = filter_events(events, me)
    log = PlayLog()
    log.add_events(seen)
    ctx = LogContext(names=NAMES[:n], me=me, deck=build_deck(rules), titles=[])
    lines = log.lines(ctx)
    expected = _expected_names(seen, me)
    assert len(lines) == len(expected), (lines, expected)
    kinds = [e.kind for e in log.entries()]
    assert kinds == [KIND.get(t, t) for t, _ in expected]
    for line, (typ, nm) in zip(lines, expected):
        if nm is not None:
            assert nm in line, (typ, nm, line)
    # every play's cards are on its entry, in the engine's order
    plays = [ev["cards"] for ev in seen if ev["type"] == "play"]
    assert [e.cards for e in log.entries() if e.kind == "play"] == plays
    # every seat's going out is there, with its place
    outs = [(e.seat, e.params["place"]) for e in log.entries() if e.kind == "out"]
    assert outs == [(s, i) for i, s in enumerate(state.history[-1])]


def _ids(deck, *codes):
    """Card ids by 'rank+suit' codes, each id used once."""
    used = set()
    out = []
    for code in codes:
        for i, c in enumerate(deck):
            if i not in used and not c.joker and f"{c.rank}{c.suit}" == code:
                used.add(i)
                out.append(i)
                break
        else:
            raise KeyError(code)
    return out


def test_scripted_trick_with_skip_clear_and_revolution_reads_in_order():
    i18n.set_lang("de")
    rules = dataclasses.replace(load_rules("PR-002"), eight_skips=True, twos_clear=True, revolution=True,
                                quad_clears="off")
    deck = build_deck(rules)
    suits = sorted({c.suit for c in deck if not c.joker})
    s0, s1 = suits[0], suits[1]
    hands = [
        _ids(deck, f"8{s0}", f"2{s0}", f"9{s0}"),                     # Anna: 8 (skips Beat), later a 2
        _ids(deck, f"9{s1}", f"K{s0}"),                              # Beat
        _ids(deck, f"10{s0}", f"10{s1}", f"Q{s0}"),                  # Carla
        _ids(deck, f"J{s0}", f"7{s0}", f"7{s1}", f"7{s0}", f"7{s1}"),  # Dominik: four 7s
    ]
    st = position(rules, hands, 0)
    log = PlayLog()
    script = [(0, [hands[0][0]]), (2, [hands[2][0]]), (3, [hands[3][0]]), (0, [hands[0][1]])]
    for seat, cards in script:
        assert st.to_move == seat, (st.to_move, seat)
        mv = next(m for m in legal_moves(st) if m.kind == "play" and sorted(m.cards) == sorted(cards))
        log.add_events(apply_inplace(st, seat, mv))
    # Dominik leads four 7s: revolution
    assert st.to_move == 0 or st.pile is None
    ctx = LogContext(names=NAMES[:4], me=None, deck=deck)
    lines = log.lines(ctx)
    text = "\n".join(lines)
    want = ["Anna: Einzelkarte 8", "Beat setzt aus", "Carla: Einzelkarte 10", "Dominik: Einzelkarte B",
            "Anna: Einzelkarte 2", "Abgeräumt: 2er räumen ab", "Anna gewinnt den Stich"]
    pos = -1
    for w in want:
        i = text.find(w, pos + 1)
        assert i > pos, (w, lines)
        pos = i
    assert log.closed and [e.cards for e in log.cleared_trick()] == [c for _, c in script]
    # the next lead opens a new trick; the cleared one stays in the log as trick 1
    mv = next(m for m in legal_moves(st) if m.kind == "play")
    log.add_events(apply_inplace(st, st.to_move, mv))
    assert len(log.tricks) == 2 and not log.cleared_trick()
    i18n.set_lang("en")
    assert "Cleared: 2s clear" in "\n".join(log.lines(ctx))
    i18n.set_lang("de")


def test_revolution_and_out_lines():
    i18n.set_lang("en")
    rules = dataclasses.replace(load_rules("PR-002"), revolution=True, quad_clears="off")
    deck = build_deck(rules)
    suits = sorted({c.suit for c in deck if not c.joker})
    a, b = suits[0], suits[1]
    hands = [_ids(deck, f"7{a}", f"7{b}", f"7{a}", f"7{b}"), _ids(deck, f"K{a}"), _ids(deck, f"Q{a}", f"9{a}")]
    st = position(rules, hands, 0)
    log = PlayLog()
    mv = next(m for m in legal_moves(st) if m.kind == "play" and len(m.cards) == 4)
    log.add_events(apply_inplace(st, 0, mv))
    ctx = LogContext(names=NAMES[:3], me=1, deck=deck, titles=["president", "citizen", "arschloch"])
    lines = log.lines(ctx)
    assert lines[0].startswith("Anna: ")
    assert any("Revolution" in ln for ln in lines)
    assert any(ln.startswith("Anna is out: place 1") for ln in lines)
    i18n.set_lang("de")


@pytest.mark.parametrize("template", ["PR-002", "PR-005", "FOLGEN", "JASS36", "P52"])
def test_property_log_of_many_seeded_matches_keeps_order_and_secrets(template):
    """Many seeded two-round matches (with the exchange): every event becomes its entry in
    order, every play's cards are there, and exchanged cards appear only in the logs of the
    two seats that exchanged them."""
    i18n.set_lang("en")
    rules = load_rules(template)
    deck = build_deck(rules)
    from felt.games.praesident.engine import next_round
    for seed in range(12):
        n = 3 + seed % 3
        rng = random.Random(seed)
        st, ev = new_match(rules, n, seed, rounds=2)
        events = list(ev)
        while st.phase != "match_over":
            if st.phase == "round_over":
                st, ev = next_round(st)
            else:
                ev = apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
            events.extend(ev)
        for me in list(range(n)) + [None]:
            seen = filter_events(events, me)
            log = PlayLog()
            log.add_events(seen)
            ctx = LogContext(names=NAMES[:n], me=me, deck=deck)
            lines = log.lines(ctx)
            # the log holds the last round (a new round starts a new log)
            last_start = max(i for i, e in enumerate(seen) if e["type"] == "round_start")
            tail = [e for e in seen[last_start:] if e["type"] in LOGGED]
            want = []
            for e in tail:
                want.append(KIND.get(e["type"], e["type"]))
                if e["type"] == "play" and (e.get("joker") or e.get("kind") == "joker"):
                    want.append("joker")
            assert [e.kind for e in log.entries()] == want
            plays = [e["cards"] for e in seen[last_start:] if e["type"] == "play"]
            assert [e.cards for e in log.entries() if e.kind == "play"] == plays
            for e in log.entries():
                if e.kind in ("ex_auto", "ex_give") and e.cards:
                    assert me in (e.seat, e.params["to"]), "exchanged cards leaked into another seat's log"
                if e.kind in ("ex_auto", "ex_give") and me not in (e.seat, e.params["to"]):
                    assert not e.cards
            assert len(lines) == len(log.entries()) and all(lines)
    i18n.set_lang("de")


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)])
def test_a_long_name_takes_a_second_log_line_instead_of_a_smaller_one(size):
    """A player's long name made the host's log lines about them smaller than the others
    (13 px lines shrank to 11, down to 10): the line takes a second line at the log's size
    instead (a pixel less at most)."""
    import pygame
    from felt.games.maumau.engine import position as mm_position
    from felt.games.maumau.rules import load_template
    from felt.ui import layout
    pygame.init()
    i18n.set_lang("de")
    rules = load_template("MM-STD")
    st = mm_position(rules, [["H8", "D9"], ["H7", "SA"], ["CA"]], "H9")
    log = PlayLog("maumau")
    names = ["Anna", "Cleopatra-Philomena von", "Carla"]
    card = next(c.id for c in st.deck if c.code == "H8")
    log.add_events([{"type": "play", "seat": 0, "card": card, "suit": None, "call": ""},
                    {"type": "play", "seat": 1, "card": card, "suit": None, "call": ""}])
    ctx = LogContext(names=names, me=2, deck=st.deck)
    px = max(10, int(layout.font_sizes(*size)["small"] * 0.95))
    inner = pygame.Rect(0, 0, 230, 400)                       # the docked log's width on a laptop
    rows = [log._entry_row(e, ctx, inner, px, int(px * 1.35), None) for e in log.tricks[-1]]
    (_, _, _, (size_a, lines_a), _), (_, _, _, (size_c, lines_c), _) = rows
    assert size_a == px and len(lines_a) == 1
    assert size_c >= px - 1 and len(lines_c) <= 2, (px, size_c, lines_c)
    assert " ".join(lines_c).replace("- ", "-").startswith("Cleopatra-Philomena von legt")

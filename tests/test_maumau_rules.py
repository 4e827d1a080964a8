"""Mau-Mau rule sets: templates, validation of untrusted data, TOML, option metadata."""
from __future__ import annotations

import dataclasses

import pytest

from felt import games
from felt.games.maumau.rules import (
    CHOICES,
    OPTIONS,
    TEMPLATE_ORDER,
    MauRules,
    MauRulesError,
    build_deck,
    load_template,
)
from felt.contract import rulefile
GAME = games.get("maumau")


def test_registry_finds_maumau_and_its_templates():
    assert GAME.id == "maumau"
    assert GAME.template_ids() == ["MM-STD", "MM-EINFACH", "MM-GROSS"]
    g, r = games.find_rules("mm-std")
    assert g is GAME and r.id == "MM-STD"
    assert games.game_of_template("MM-GROSS") is GAME


def test_mm_std_is_the_reference_of_section_2():
    r = load_template("MM-STD")
    assert r == MauRules(id="MM-STD", name="Mau-Mau")
    assert (r.deck, r.suits, r.min_players, r.max_players, r.hand_size) == (32, "french", 2, 5, 5)
    assert (r.seven, r.eight, r.nine, r.ace, r.jack, r.jack_on_jack) == ("stack", "skip", "off", "off", "wish", False)
    assert (r.after_draw, r.draw_when_able, r.mau_penalty, r.start_effect) == ("play", True, 2, False)
    assert (r.round_end, r.scoring, r.match_end, r.rounds) == ("first", "points", "rounds", 5)
    assert GAME.default_rounds(r) == 5


def test_mm_einfach_only_the_bube_is_special():
    r = load_template("MM-EINFACH")
    std = load_template("MM-STD")
    diff = {f.name for f in dataclasses.fields(r) if getattr(r, f.name) != getattr(std, f.name)}
    assert diff == {"id", "name", "seven", "eight", "mau_penalty", "scoring"}
    assert (r.seven, r.eight, r.nine, r.ace, r.jack, r.mau_penalty, r.scoring, r.round_end) == (
        "off", "off", "off", "off", "wish", 0, "places", "first")


def test_mm_gross_two_decks():
    r = load_template("MM-GROSS")
    std = load_template("MM-STD")
    diff = {f.name for f in dataclasses.fields(r) if getattr(r, f.name) != getattr(std, f.name)}
    assert diff == {"id", "name", "deck", "min_players", "max_players", "hand_size", "nine"}
    assert (r.deck, r.min_players, r.max_players, r.hand_size, r.nine) == (64, 3, 8, 6, "reverse")
    assert GAME.players_range(r) == (3, 8)
    deck = build_deck(r)
    assert len(deck) == 64 and len({c.code for c in deck}) == 64
    assert sum(1 for c in deck if c.code.split(".")[0] == "HJ") == 2


def test_german_deck_has_unter_and_ober():
    r = MauRules(suits="german")
    deck = build_deck(r)
    assert len(deck) == 32
    assert {c.suit for c in deck} == {"E", "G", "H", "B"}
    assert {c.rank for c in deck} == {"7", "8", "9", "10", "U", "O", "K", "A"}


@pytest.mark.parametrize("tid", TEMPLATE_ORDER)
def test_toml_round_trip(tid, tmp_path):
    r = load_template(tid)
    text = GAME.rules_to_toml(r)
    assert 'game = "maumau"' in text.splitlines()[2]
    assert GAME.load_rules_file(rulefile.save(tmp_path / "same.toml", text)) == r
    p = rulefile.save(tmp_path / "mine.toml",
                      GAME.rules_to_toml(r.replace(id="MINE", name="Meine Regeln", nine="reverse")))
    g, back = games.find_rules(str(p))
    assert g is GAME and back.nine == "reverse" and back.id == "MINE"
    assert GAME.rules_from_dict(GAME.rules_to_dict(r)) == r


@pytest.mark.parametrize("key,value", [
    ("deck", 52), ("suits", "jass"), ("hand_size", 4), ("seven", "draw4"), ("eight", "reverse"),
    ("nine", "skip"), ("ace", "wish"), ("jack", "on"), ("after_draw", "maybe"), ("mau_penalty", 3),
    ("round_end", "last"), ("scoring", "none"), ("match_end", "never"),
])
def test_every_choice_rejects_values_outside_its_list(key, value):
    with pytest.raises(MauRulesError) as e:
        MauRules.from_dict({key: value})
    assert key in str(e.value) and key in e.value.de


@pytest.mark.parametrize("key,value", [
    ("deck", "32"), ("deck", True), ("jack_on_jack", 1), ("draw_when_able", "yes"), ("rounds", 2.5),
    ("name", 3), ("seven", 2), ("mau_penalty", False), ("point_limit", None), ("start_effect", "false"),
])
def test_wrong_types_are_refused(key, value):
    with pytest.raises(MauRulesError):
        MauRules.from_dict({key: value})


def test_structural_errors():
    with pytest.raises(MauRulesError):
        MauRules.from_dict({"colour": "red"})
    with pytest.raises(MauRulesError):
        MauRules.from_dict(["deck", 32])
    with pytest.raises(MauRulesError) as e:
        MauRules.from_dict({"game": "praesident"})
    assert "praesident" in str(e.value)
    with pytest.raises(MauRulesError):
        MauRules.from_dict({"max_players": 6})           # 32 cards: at most 5
    MauRules.from_dict({"deck": 64, "max_players": 8})
    with pytest.raises(MauRulesError):
        MauRules.from_dict({"min_players": 1})
    with pytest.raises(MauRulesError):
        MauRules.from_dict({"min_players": 4, "max_players": 3})
    with pytest.raises(MauRulesError) as e:
        MauRules.from_dict({"hand_size": 7})             # 7 x 5 + 1 > 32
    assert "32" in str(e.value)
    MauRules.from_dict({"hand_size": 7, "max_players": 4})
    with pytest.raises(MauRulesError):
        MauRules.from_dict({"match_end": "points", "scoring": "places"})
    with pytest.raises(MauRulesError):
        MauRules.from_dict({"rounds": 0})
    with pytest.raises(MauRulesError):
        MauRules.from_dict({"point_limit": 5})
    with pytest.raises(MauRulesError):
        MauRules.from_dict({"name": "   "})
    with pytest.raises(MauRulesError):
        MauRules.from_dict({"name": "x" * 61})
    with pytest.raises(MauRulesError):
        rulefile.parse("deck = = 3", MauRulesError)
    with pytest.raises(MauRulesError):
        MauRules(deck="32").validate()                   # a value built in code is checked too
    with pytest.raises(ValueError):
        GAME.validate(load_template("MM-STD"), 6)
    GAME.validate(load_template("MM-STD"), 2)


def test_options_describe_every_rule_field():
    keys = [o.key for o in GAME.options()]
    fields = [f.name for f in dataclasses.fields(MauRules) if f.name != "id"]
    assert sorted(keys) == sorted(fields)
    for o in OPTIONS:
        for lang in ("de", "en"):
            assert o.label[lang].strip() and o.help[lang].strip() and "\n" not in o.help[lang]
        if o.kind == "choice":
            assert tuple(o.values) == CHOICES[o.key]
        if o.kind in ("choice", "bool"):
            assert set(o.value_labels) == set(o.values)
            for v in o.values:
                assert o.value_labels[v]["de"] and o.value_labels[v]["en"]
        if o.kind == "int":
            assert o.lo is not None and o.hi is not None
            d = MauRules()
            with pytest.raises(MauRulesError):
                MauRules.from_dict({o.key: o.hi + 1000})
            assert o.lo <= getattr(d, o.key) <= o.hi

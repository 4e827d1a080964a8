"""'How to play': generated from the rule set in force, for every template, in German and
English; every option has its metadata and a one-line explanation."""
from __future__ import annotations

import dataclasses

import pytest

from felt import games
from felt.games.praesident.rules import CHOICES, TEMPLATE_ORDER, Rules, load_rules

GAME = games.get("praesident")


def test_every_rule_option_has_a_spec_with_help_in_both_languages():
    specs = GAME.options()
    keys = {f.name for f in dataclasses.fields(Rules)} - {"id"}
    assert {o.key for o in specs} == keys
    for o in specs:
        for lang in ("de", "en"):
            assert o.label[lang] and o.help[lang] and "\n" not in o.help[lang]
        if o.kind == "choice":
            assert set(o.values) == set(CHOICES.get(o.key, o.values))
            assert all(v in o.value_labels for v in o.values), o.key


@pytest.mark.parametrize("lang", ["de", "en"])
def test_howto_differs_for_every_template(lang):
    texts = {t: "\n".join(GAME.howto(load_rules(t), lang)) for t in TEMPLATE_ORDER}
    assert all(len(GAME.howto(load_rules(t), lang)) >= 8 for t in TEMPLATE_ORDER)
    assert len(set(texts.values())) == len(TEMPLATE_ORDER), "two templates read the same"
    other = "en" if lang == "de" else "de"
    for t in TEMPLATE_ORDER:
        assert texts[t] != "\n".join(GAME.howto(load_rules(t), other))


def _variants(r: Rules):
    """One changed copy of ``r`` per option that the text explains (still a valid set)."""
    flips = {
        "suits": {"suits": "jass" if r.suits == "french" else "french",
                  "ranks": ("6", "7", "8", "9", "10", "U", "O", "K", "A") if r.suits == "french"
                  else ("7", "8", "9", "10", "J", "Q", "K", "A", "2")},
        "ranks": {"ranks": tuple(reversed(r.ranks))},
        "copies": {"copies": 1 if r.copies == 2 else 2, "largest_set": 4},
        "jokers": {"jokers": 0 if r.jokers else 2, "joker_card": ""},
        "joker_power": {"jokers": 1, "joker_card": "", "joker_power": "wild" if r.joker_power != "wild" else "beats_all"},
        "min_players": {"min_players": 4 if r.min_players != 4 else 3},
        "max_players": {"max_players": 5 if r.max_players != 5 else 6},
        "first_leader": {"first_leader": "random" if r.first_leader != "random" else "first_seat"},
        "leftover": {"leftover": "last" if r.leftover == "first" else "first"},
        "largest_set": {"largest_set": 4 if r.largest_set == 8 else 8, "copies": 2},
        "sequences": {"sequences": not r.sequences},
        "sequence_min": {"sequences": True, "sequence_min": 4 if r.sequence_min != 4 else 3},
        "equal_beats": {"equal_beats": not r.equal_beats},
        "passing": {"passing": "forced" if r.passing == "voluntary" else "voluntary"},
        "quad_clears": {"quad_clears": "off" if r.quad_clears != "off" else "exactly4"},
        "twos_clear": {"twos_clear": not r.twos_clear},
        "eights_clear": {"eights_clear": not r.eights_clear},
        "eight_skips": {"eight_skips": not r.eight_skips},
        "revolution": {"revolution": not r.revolution},
        "exchange": {"exchange": not r.exchange},
        "exchange_top": {"exchange": True, "exchange_top": 1 if r.exchange_top != 1 else 2},
        "exchange_second": {"exchange": True, "exchange_second": 0 if r.exchange_second else 1},
        "schnorren": {"exchange": True, "schnorren": not r.schnorren},
        "rounds": {"rounds": 0 if r.rounds else 5},
        "titles": {"titles": "jass" if r.titles != "jass" else "felt"},
    }
    for key, change in flips.items():
        v = dataclasses.replace(r, **change)
        if key in ("twos_clear",) and "2" not in v.ranks:
            continue
        if key in ("eights_clear", "eight_skips") and "8" not in v.ranks:
            continue
        yield key, v


@pytest.mark.parametrize("template", ["PR-002", "FOLGEN", "JASS36"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_howto_changes_when_an_option_changes(template, lang):
    base = load_rules(template)
    before = GAME.howto(base, lang)
    seen = set()
    for key, changed in _variants(base):
        after = GAME.howto(changed, lang)
        if changed == base:
            continue
        assert after != before, f"changing {key} does not change the text"
        seen.add(key)
    assert len(seen) >= 20


def test_howto_mentions_the_special_effects_in_force():
    r = dataclasses.replace(load_rules("PR-002"), twos_clear=True, eight_skips=True, revolution=True, jokers=1)
    de = "\n".join(GAME.howto(r, "de"))
    assert "Zweien" in de and "aussetzen" in de.lower() or "setzt" in de
    assert "Revolution" in de and "Joker" in de
    en = "\n".join(GAME.howto(r, "en"))
    assert "2s clears" in en and "skipped" in en and "Revolution" in en and "joker" in en

"""Schwimmen rule sets: every option validated from untrusted data, TOML, templates, metadata."""
from __future__ import annotations

import dataclasses

import pytest

from felt import games
from felt.contract import rulefile
from felt.games.schwimmen import rules as R

G = games.get("schwimmen")


def test_registry_finds_the_game_and_its_templates():
    assert "schwimmen" in games.ids()
    assert G.template_ids() == ["SW-STD", "SW-EINFACH", "SW-RUNDEN"]
    g, r = games.find_rules("sw-runden")
    assert g is G and r.id == "SW-RUNDEN"


def test_templates_differ_from_the_reference_as_the_book_says():
    std, ein, run = (G.template(t) for t in G.template_ids())
    assert std == R.SwRules()                     # SW-STD is the defaults of §3
    diff = lambda a: {f.name for f in dataclasses.fields(a) if getattr(a, f.name) != getattr(std, f.name)}
    assert diff(ein) == {"id", "name", "dealer_choice", "feuer", "knock_first_round"}
    assert not ein.dealer_choice and not ein.feuer and ein.knock_first_round
    assert diff(run) == {"id", "name", "match_end", "knocker_double"}
    assert run.match_rounds == 5 and std.match_rounds == 0
    assert G.default_rounds(run) == 5 and G.default_rounds(std) == 0
    with pytest.raises(KeyError):
        G.template("PR-002")


def test_toml_round_trip_and_files(tmp_path):
    r = dataclasses.replace(G.template("SW-STD"), id="MEIN", name='Oma "Grete"', lives=5, deck="german",
                            all_pass="showdown")
    text = G.rules_to_toml(r)
    assert text.splitlines()[2] == 'game = "schwimmen"'
    p = tmp_path / "mein.toml"
    rulefile.save(p, text)
    assert G.load_rules_file(p) == r
    g, r2 = games.find_rules(str(p))
    assert g is G and r2 == r
    assert G.rules_from_dict(G.rules_to_dict(r)) == r


def test_every_option_has_metadata_and_every_field_is_an_option():
    specs = {o.key: o for o in G.options()}
    assert set(specs) == {f.name for f in dataclasses.fields(R.SwRules)} - {"id"}
    for o in specs.values():
        assert o.label["de"] and o.label["en"] and o.help["de"] and o.help["en"]
        if o.kind in ("choice", "bool"):
            assert set(o.value_labels) == set(o.values), o.key
            for lab in o.value_labels.values():
                assert lab["de"] and lab["en"]
        if o.kind == "int":
            assert o.lo is not None and o.hi is not None


BAD = [
    ("lives", 0), ("lives", 6), ("lives", "3"), ("lives", True), ("lives", 2.0),
    ("min_players", 1), ("max_players", 10), ("rounds", 0), ("rounds", 100),
    ("swimming", 1), ("swimming", "true"), ("dealer_choice", None), ("feuer", 0),
    ("knock_first_round", "no"), ("thirty_one_ends", []), ("knocker_double", 1),
    ("deck", "jass"), ("deck", 32), ("all_pass", "new middle"), ("match_end", "last"),
    ("id", ""), ("id", 5), ("name", "x" * 61), ("name", "a\nb"), ("bogus", 1), ("game", "praesident"),
]


@pytest.mark.parametrize("key,value", BAD)
def test_bad_values_are_refused_with_a_clear_message(key, value):
    d = G.rules_to_dict(G.template("SW-STD"))
    d[key] = value
    with pytest.raises(ValueError) as ei:
        G.rules_from_dict(d)
    assert key in str(ei.value) or "praesident" in str(ei.value)
    assert ei.value.de


def test_not_a_table_and_min_over_max_and_bad_toml(tmp_path):
    for d in (None, [], "SW-STD", 3):
        with pytest.raises(ValueError):
            G.rules_from_dict(d)
    with pytest.raises(ValueError, match="min_players"):
        G.rules_from_dict({"min_players": 5, "max_players": 3})
    with pytest.raises(R.SwRulesError, match="TOML") as ei:
        G.load_rules_file(rulefile.save(tmp_path / "bad.toml", "lives = = 3"))
    assert ei.value.de.startswith("Keine gültige TOML-Datei")


def test_players_range_and_validate():
    r = dataclasses.replace(G.template("SW-STD"), min_players=3, max_players=5)
    assert G.players_range(r) == (3, 5)
    G.validate(r, 4)
    for n in (2, 6):
        with pytest.raises(ValueError):
            G.validate(r, n)
    with pytest.raises(ValueError):
        G.new_match(r, 6, 1)

"""The shared table vocabulary (felt/contract/table_view.py): good tables pass, bad ones are
reported with where and what."""
import pytest

from felt.contract.table_view import TableError, check_table, move_cards, move_target

GOOD = {"piles": [{"id": "middle", "label": "Mitte", "cards": [3, 40], "target": True},
                  {"id": "stock", "count": 17}],
        "rows": [{"id": "hearts", "cards": [5, 6, 7]}],
        "labels": ["Trumpf: Herz"]}


def test_a_good_table_and_no_table_pass():
    assert check_table(GOOD) is GOOD
    assert check_table(None) == {}
    assert check_table({}) == {}


@pytest.mark.parametrize("table, words", [
    ([1, 2], "must be a dict"),
    ({"pile": []}, "unknown keys ['pile']"),
    ({"piles": [{"cards": [1]}]}, "needs an 'id'"),
    ({"piles": [{"id": "a", "cards": [1]}, {"id": "a", "count": 2}]}, "used twice"),
    ({"piles": [{"id": "a"}]}, "exactly one of 'cards'"),
    ({"piles": [{"id": "a", "cards": [1], "count": 3}]}, "exactly one of 'cards'"),
    ({"piles": [{"id": "a", "cards": ["7H"]}]}, "list of card ids"),
    ({"rows": [{"id": "a", "count": -1}]}, "'count' must be an int"),
    ({"piles": [{"id": "a", "count": 1, "target": "yes"}]}, "'target' must be true or false"),
    ({"labels": ["x" * 200]}, "short string"),
    # the words of a game's catalog, the trick by seat, the instruction line, the seats' lines, the standings
    ({"say": {"text": "k", "args": {"name": {"seat": "Anna"}}}}, "the argument 'name' must be a number"),
    ({"say": {"key": "k"}}, "{'text': catalog key"),
    ({"seats": ["ok", "y" * 41]}, "view['table']['seats'][1] must be a short string"),
    ({"trick": {"cards": [[0, 4], [0, 9]]}}, "a seat plays twice"),
    ({"trick": {"cards": [[0, "AS"]]}}, "[seat, card] pairs"),
    ({"trick": {"cards": [], "last": {"cards": [[1, 2]], "winner": "Ben"}}}, "the last's winner must be a seat"),
    ({"trick": {"cards": [], "winner": -1}}, "the winner must be a seat"),
    ({"trick": {"cards": [], "who": 1}}, "unknown keys ['who']"),
    ({"piles": [{"id": "trick", "count": 1}], "trick": {"cards": []}}, "'trick' is used twice"),
    ({"standings": {"rounds": [[1, "a very long cell"]]}}, "a string of at most 12 characters"),
    ({"standings": {"total": [1, 2], "won": ["Ben"]}}, "a list of seats"),
])
def test_a_bad_table_says_where_and_what(table, words):
    with pytest.raises(TableError) as e:
        check_table(table)
    assert words in str(e.value)


def test_the_move_convention():
    assert move_cards({"kind": "play", "cards": [4, 5], "target": "middle"}) == [4, 5]
    assert move_cards({"kind": "play", "card": 9}) == [9]
    assert move_cards({"kind": "pass"}) == []
    assert move_target({"kind": "play", "cards": [4], "target": "middle"}) == "middle"
    assert move_target({"kind": "play", "cards": [4]}) is None


def test_the_trick_game_vocabulary_and_a_pick_move():
    from felt.contract.table_view import pick_among, pick_count, pick_of, picked, texts_named
    table = {"piles": [{"id": "trump", "label": {"text": "stiche.trump"}, "cards": [12]}],
             "trick": {"cards": [[2, 40], [3, 12]], "winner": None,
                       "last": {"cards": [[0, 7], [1, 9], [2, 3], [3, 5]], "winner": 1}, "target": True},
             "say": {"text": "stiche.say.bid", "args": {"n": 3, "name": {"seat": 1}}},
             "seats": ["1/2 · 14", {"text": "stiche.seat", "args": {"won": 0, "bid": "–", "pts": 3}}],
             "standings": {"rounds": [[11, 0], [1, "12"]], "total": [12, 12], "won": [0, 1], "label": "Punkte"}}
    assert check_table(table) is table
    assert [t["text"] for t in texts_named(table)] == ["stiche.trump", "stiche.seat", "stiche.say.bid"]
    move = {"kind": "pass", "pick": 3, "among": [1, 5, 7, 9]}
    assert pick_count(move) == 3 and pick_count({"kind": "pass"}) == 0 and move_cards(move) == []
    assert pick_among(move, [9, 8, 7, 5]) == [9, 7, 5]
    assert picked(move, [9, 1, 5]) == {"kind": "pass", "cards": [1, 5, 9]}
    assert pick_of([move], {"kind": "pass", "cards": [1, 5, 9]}, [1, 5, 7, 9]) is move
    assert pick_of([move], {"kind": "pass", "cards": [1, 5, 8]}, [1, 5, 7, 8, 9]) is None     # 8 is not among
    assert pick_of([move], {"kind": "pass", "cards": [1, 5]}, [1, 5, 7, 9]) is None          # two, not three


def test_a_rule_set_read_field_by_field_refuses_what_does_not_fit_in_both_languages():
    from dataclasses import dataclass

    from felt.contract.base import RulesError, rules_from_fields

    @dataclass(frozen=True)
    class R:
        id: str = "X"
        rounds: int = 3
        hook: bool = True
        LIMITS = {"rounds": (1, 9)}
    assert rules_from_fields(R, {"game": "x", "rounds": 5}) == R(rounds=5)
    for data, de, en in (({"colour": 1}, "Unbekannte Regel „colour“", "Unknown rule “colour”"),
                         ({"rounds": True}, "rounds muss eine ganze Zahl sein", "rounds must be a whole number"),
                         ({"hook": 1}, "hook muss wahr/falsch sein", "hook must be true/false"),
                         ({"rounds": 10}, "rounds muss zwischen 1 und 9 liegen", "rounds must be between 1 and 9"),
                         ([1], "rules muss eine Tabelle sein", "rules must be a table")):
        with pytest.raises(RulesError) as e:
            rules_from_fields(R, data)
        assert (e.value.text("de"), str(e.value)) == (de, en)

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
    ({"labels": ["x" * 200]}, "short strings"),
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

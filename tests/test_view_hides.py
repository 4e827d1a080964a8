"""`felt check-game`'s view-hides check finds another seat's private card anywhere in a view
(issue 45, point 9): under a key the game does not list in ``shown_cards``, at any depth, in
lists, tuples, dicts (keys too) and sets, as card ids or in a form of the game's own; with two
players too. A card everyone sees (the trick on the table) is no leak, and a small number
that only equals a card id (a score, a count) is none either."""
from __future__ import annotations

import pytest

from felt import contract, devcheck
from felt.contract import hidden
from felt.devcheck import CheckFailed, Context
from tests.toy_highcard import GAME as EXAMPLE

Base = type(EXAMPLE)


def _leaky(put, **attrs):
    """The guide's example whose view also carries ``put(state, seat)`` under ``extra``."""
    class Leaky(Base):
        id = "leaky"

        def view(self, state, seat):
            v = super().view(state, seat)
            v["extra"] = put(state, seat)
            return v
    for k, val in attrs.items():
        setattr(Leaky, k, val)
    return Leaky()


def _next_hand(state, seat):
    return list(state.hands[((seat or 0) + 1) % state.n])


LEAKS = {
    "a list under an unlisted key": lambda st, s: _next_hand(st, s),
    "deep in dicts and tuples": lambda st, s: {"bot": {"plan": [("guess", tuple(_next_hand(st, s)))]}},
    "as a dict's keys": lambda st, s: {c: 1 for c in _next_hand(st, s)},
    "as a dict's keys on the wire (strings)": lambda st, s: {str(c): True for c in _next_hand(st, s)},
    "in a set": lambda st, s: {"seen": set(_next_hand(st, s))},
    "one card, a scalar": lambda st, s: {"peek": (_next_hand(st, s) or [None])[0]},
    "in a form of the game's own": lambda st, s: {"names": [f"card-{c}" for c in _next_hand(st, s)]},
    "as the game's wire form of a move": lambda st, s: [{"kind": "play", "cards": [c], "target": "middle"}
                                                       for c in _next_hand(st, s)],
}


@pytest.mark.parametrize("how", list(LEAKS))
def test_a_view_that_carries_another_seats_cards_anywhere_fails_the_check(how, tmp_path):
    with pytest.raises(CheckFailed) as err:
        devcheck.check_view_hides(_leaky(LEAKS[how]), Context(tmp_path, quick=True))
    said = str(err.value)
    assert "sees seat" in said and "view['extra']" in said, said
    assert "the rule: felt/games/ADDING.md:" in said


def test_a_leak_in_the_second_round_only_is_found(tmp_path):
    game = _leaky(lambda st, s: {"later": _next_hand(st, s)} if st.round_no == 2 else {})
    with pytest.raises(CheckFailed, match=r"phase 'play': .*view\['extra'\]\['later'\]"):
        devcheck.check_view_hides(game, Context(tmp_path, quick=True))


def test_the_finding_names_the_place_and_the_card(tmp_path):
    game = _leaky(lambda st, s: {"bot": {"plan": [("guess", tuple(_next_hand(st, s)))]}})
    with pytest.raises(CheckFailed, match=r"view\['extra'\]\['bot'\]\['plan'\]\[0\]\[1\]\[0\]"):
        devcheck.check_view_hides(game, Context(tmp_path, quick=True))


def test_with_two_players_the_other_hand_is_found_by_its_marked_cards(tmp_path):
    """No third seat to swap with: the other seat's cards are marked in a copy of the state."""
    game = _leaky(lambda st, s: {"x": _next_hand(st, s)} if s is not None else {}, min_players=2, max_players=2)
    assert devcheck.seats_for(game) == 2
    with pytest.raises(CheckFailed, match=r"seat (0|1) sees seat (1|0)'s card \d+ at view\['extra'\]\['x'\]\[0\]"):
        devcheck.check_view_hides(game, Context(tmp_path, quick=True))


def test_cards_everyone_sees_and_numbers_that_equal_a_card_id_are_no_leak(tmp_path):
    """The trick lies open (no seat's private card any more), scores and counts are small
    numbers equal to card ids: nothing is found, however the view nests them."""
    def public(st, s):
        return {"table": {"trick": [tuple(t) for t in st.trick]}, "n": [st.n, st.round_no],
                "counts": {i: len(h) for i, h in enumerate(st.hands)}, "scores": set(st.scores),
                "own": list(st.hands[s]) if s is not None else []}
    assert devcheck.check_view_hides(_leaky(public), Context(tmp_path)) is None      # searched, nothing found


def test_a_containers_ints_that_only_equal_the_private_cards_are_not_their_place():
    """Step 1 of felt.contract.hidden: ``lives`` holding a 3 is no place of seat 1's card 3."""
    from dataclasses import dataclass, field

    @dataclass
    class S:
        phase: str = "play"
        hands: list = field(default_factory=lambda: [[0, 7], [3, 9]])
        lives: list = field(default_factory=lambda: [3, 3])

    class G(Base):
        id = "places"
    places = hidden.Places(G())
    assert places.of(S(), 1, {3, 9}) == [(("a", "hands"), ("i", 1))]
    marked = hidden.marked(S(), places.of(S(), 1, {3, 9}), lambda v: hidden.Marked(v) if v in {3, 9} else v)
    assert [type(v) for v in marked.hands[1]] == [hidden.Marked, hidden.Marked]
    assert [type(v) for v in marked.lives] == [int, int] and S().hands[1] == [3, 9]   # the original untouched


@pytest.mark.parametrize("gid", ["praesident", "maumau", "schwimmen"])
def test_each_built_in_game_made_to_leak_under_a_key_of_its_own_fails(gid, tmp_path):
    """The search works on each game's own state (its hands wherever they are kept): the game
    with its view carrying the next seat's private cards, in its own words, fails the check."""
    game = contract.get(gid)

    class Leaky(type(game)):
        def view(self, state, seat):
            v = dict(super().view(state, seat))
            nxt = ((seat or 0) + 1) % state.n
            v["notes"] = {"next": [f"#{c}" for c in sorted(self.private_cards(state, nxt))]}
            return v
    with pytest.raises(CheckFailed, match=r"sees seat \d's or seat \d's private cards at view\['notes'\]\['next'\]"):
        devcheck.check_view_hides(Leaky(), Context(tmp_path, quick=True))


def test_private_cards_the_state_does_not_keep_are_said_not_searched(tmp_path):
    """A game whose private cards are no ids in its state's containers (a bit mask, say): the
    check passes on ``shown_cards`` alone and says that the whole view was not searched."""
    class Masked(Base):
        id = "masked"

        def private_cards(self, state, seat):
            return {1000 + seat}
    note = devcheck.check_view_hides(Masked(), Context(tmp_path, quick=True))
    assert note and "did not run" in note and "only shown_cards was checked" in note

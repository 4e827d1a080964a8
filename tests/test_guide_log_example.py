"""The log as felt/games/ADDING.md ("The log") documents it, with the guide's example from a
trick game (Höhere Karte's log_lines, run from the guide's own text): the entries come from
the events the seat got, the trick is headed "Dieser Stich" / "Stich 1", the trick's winner is
its last line, a line about the own seat says "Du", cards are named in the table's language,
and the plain table draws the log."""
from __future__ import annotations

import os
import re
import types
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from felt import contract  # noqa: E402
from felt.contract.table_view import default_card  # noqa: E402
from felt.ui import i18n  # noqa: E402
from felt.ui.game_table import PlainTableScene  # noqa: E402
from felt.ui.playlog import LogContext, PlayLog  # noqa: E402
from tests.helpers import settled_scene  # noqa: E402
from tests.toy_highcard import GAME as EXAMPLE  # noqa: E402

GUIDE = Path(__file__).resolve().parent.parent / "felt" / "games" / "ADDING.md"
TEXT = GUIDE.read_text(encoding="utf-8")
CODE = re.search(r"```python\n# example: felt_highcard/log.py\n(.*?)```", TEXT, re.S).group(1)
LOG = types.ModuleType("felt_highcard_log")
exec(compile(CODE, str(GUIDE), "exec"), LOG.__dict__)


class WithLog(type(EXAMPLE)):
    id = "highcard_log"
    name = {"de": "Höhere Karte L", "en": "Higher card L"}

    def log_lines(self):
        return LOG.LINES


GAME = WithLog()
# Anna (seat 0, the window's own) leads; Kreuz Bube, Pik 9, Karo Dame: Cleo takes the trick
HANDS = [[9, 2], [20, 28], [49, 5]]


@pytest.fixture(autouse=True)
def registered():
    contract.register(GAME)
    yield
    contract.unregister(GAME.id)
    i18n.set_lang("de")


def played(moves: int, seat: int = 0):
    """A round of three with the hands above, ``moves`` plays in: the log of ``seat`` (the
    events it got, as the window feeds them) and the last view."""
    state, events = GAME.new_match(GAME.template("HC-1"), 3, 1)
    state.hands = [list(h) for h in HANDS]
    log = PlayLog(GAME.id)
    log.add_events(GAME.filter_events(events, seat))
    for _ in range(moves):
        card = state.hands[state.to_move][0]
        state, events = GAME.apply(state, state.to_move, ("play", card))
        log.add_events(GAME.filter_events(events, seat))
    return log, GAME.view(state, seat)


def sections(log, ctx):
    """(heading, lines) per section, newest on top, as the panel draws them."""
    return [(log.heading(ti), [log.text_fn(e, ctx) for e in log.tricks[ti]])
            for ti in range(len(log.tricks) - 1, -1, -1) if log.tricks[ti]]


def test_a_trick_is_headed_and_ends_with_its_winner_in_both_languages():
    log, _view = played(4)
    ctx = LogContext(names=["Anna", "Ben", "Cleo"], me=0, deck=[default_card(c) for c in range(52)])
    assert sections(log, ctx) == [
        ("Dieser Stich", ["Cleo legt Kreuz 7"]),
        ("Stich 1", ["Neue Runde", "Du legst Kreuz Bube", "Ben legt Pik 9", "Cleo legt Karo Dame",
                     "Cleo nimmt den Stich"])]
    i18n.set_lang("en")                         # the same entries, the words of the moment
    assert sections(log, ctx) == [
        ("This trick", ["Cleo plays 7 of Clubs"]),
        ("Trick 1", ["New round", "You play Jack of Clubs", "Ben plays 9 of Spades", "Cleo plays Queen of Diamonds",
                     "Cleo takes the trick"])]
    ctx_ben = LogContext(names=["Anna", "Ben", "Cleo"], me=1, deck=ctx.deck)
    assert log.text_fn(log.tricks[0][1], ctx_ben) == "Anna plays Jack of Clubs"


def test_the_guides_words_are_what_the_log_says():
    """The round the guide quotes under its example is this one."""
    said = " ".join(TEXT[TEXT.index("# example: felt_highcard/log.py"):].split("## A package of its own")[0].split())
    for words in ('"Dieser Stich: Cleo legt Kreuz 7"', '"Stich 1: Neue Runde, Du legst Kreuz Bube, Ben legt Pik 9, '
                  'Cleo legt Karo Dame, Cleo nimmt den Stich"', '"This trick: Cleo plays 7 of Clubs"',
                  '"Trick 1: New round, You play Jack of Clubs, …, Cleo takes the trick"'):
        assert words in said, words


def test_the_entries_give_the_table_its_pauses_and_the_round_its_start():
    log, _view = played(3)
    kinds = [(e.kind, e.seat, e.ends_trick) for e in log.entries()]
    assert kinds == [("round", None, False), ("play", 0, False), ("play", 1, False), ("play", 2, False),
                     ("trick", 2, True)]
    assert log.entries()[1].cards == [9]                     # the chip of the card played
    assert log.cleared_trick() and log.closed               # the trick taken: the next play opens one
    entries = GAME.log_lines().build([{"type": "play", "seat": 1, "card": 20}], None)   # no context needed
    assert [(e.kind, e.cards) for e in entries] == [("play", [20])]


def test_the_plain_table_draws_the_log_with_its_heading():
    """On a laptop the log is docked at the right: with the round's entries its column is drawn
    otherwise than empty ("Noch nichts gespielt"); FELT_LOG_SHOT=DIR keeps the picture."""
    log, view = played(4)
    pictures = []
    for fed in (False, True):
        sc = settled_scene(PlainTableScene, view, (1280, 720))
        if fed:
            sc.log = log
        surface = pygame.Surface((1280, 720))
        sc.draw(surface)
        rect = sc.log_rect()
        assert sc.log_visible() and rect is not None                    # docked on a laptop
        pictures.append(pygame.image.tobytes(surface.subsurface(rect), "RGB"))
        if fed and os.environ.get("FELT_LOG_SHOT"):
            pygame.image.save(surface, os.path.join(os.environ["FELT_LOG_SHOT"], "guide-log-1280.png"))
    assert pictures[0] != pictures[1]
    # the plain table's own context names the cards as its game draws them (it said "?")
    assert log.text_fn(log.tricks[0][1], sc.log_context()) == "Du legst Kreuz Bube"
    assert sc.log_deck_size() == 52
    assert [log.heading(ti) for ti in range(len(log.tricks))] == ["Stich 1", "Dieser Stich"]

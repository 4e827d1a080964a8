"""Pacing a person can follow, for every game's table.

Incoming states are not shown the moment they arrive: the controller queues them and hands
the next one to the scene only when the scene's ``hold()`` has run out. How long a state
holds comes from its log entries (``felt.ui.playlog.Entry``): another seat's play long
enough to read, an effect (clear, skip, revolution, going out) its own slot, the end of a
round a summary at the table. The speed setting scales every figure.
"""
from __future__ import annotations


SPEEDS = {"calm": 1.6, "normal": 1.0, "fast": 0.55}
SPEED_ORDER = ("calm", "normal", "fast")

# seconds at 'normal'
PLAY_OTHER = 1.25       # another seat's play: flight (0.32 s) plus time to read it
PLAY_OWN = 0.35         # my own play: its flight
PASS = 0.5
EFFECT = 1.2            # clear, skip, revolution, joker, going out: each its own slot
TRICK = 0.45            # a trick ends (the cleared trick stays visible until the next lead)
ROUND_END = 3.2         # who went out in which order, at the table
CATCH_UP = 6            # more states than this waiting: twice as fast until caught up


def factor(speed: str | None, backlog: int = 0) -> float:
    f = SPEEDS.get(speed or "normal", 1.0)
    if backlog > CATCH_UP:
        f *= 0.5
    return f


def next_speed(speed: str | None) -> str:
    i = SPEED_ORDER.index(speed) if speed in SPEED_ORDER else 1
    return SPEED_ORDER[(i + 1) % len(SPEED_ORDER)]


def effect_seconds(speed: str | None = "normal", backlog: int = 0) -> float:
    return EFFECT * factor(speed, backlog)


def hold_seconds(entries, me: int | None, speed: str | None = "normal", backlog: int = 0) -> float:
    """How long the state that brought ``entries`` stays before the next one is shown."""
    t = 0.0
    for e in entries:
        k = e.kind
        if k == "round_over":
            t += ROUND_END
        elif e.effect:
            t += EFFECT
        elif k == "play":
            t += PLAY_OWN if (me is not None and e.seat == me) else PLAY_OTHER
        elif k == "pass":
            t += 0.0 if (me is not None and e.seat == me) else PASS
        elif k == "trick":
            t += TRICK
    return t * factor(speed, backlog)

"""Who is at the table: players whose connection dropped, how long the table still waits for
them, when a bot plays for them, and when they are back. The same for every game's table.

The host says it in the lobby's seats (``connected``, ``away``, ``wait``: seconds the table still
waits, as of that message). :class:`Presence` keeps it with a local deadline, tells the
controller what changed (for a notice to everyone and a line in the log), and gives the table
scenes a badge for the seat's card ("weg · 25 s", "Bot spielt"; ``felt.ui.seat_card`` draws it)
and the turn line ("Ben ist weg …").
"""
from __future__ import annotations

import time

from felt.ui import i18n


class Presence:
    """Absent players of a table, from its lobby messages."""

    def __init__(self) -> None:
        self.seats: dict[int, dict] = {}       # seat -> {"name", "bot": bool, "until": monotonic | None}
        self.known: dict[int, tuple] = {}      # seat -> (kind, connected, away) as last heard

    def update(self, seats: list, me: int | None = None, now: float | None = None) -> list[tuple[str, int, str]]:
        """Take the lobby's seats; returns the changes worth telling, ``(what, seat, name)``
        with ``what`` one of ``"left"``, ``"bot"``, ``"back"`` (never about ``me``)."""
        now = time.monotonic() if now is None else now
        changes: list[tuple[str, int, str]] = []
        absent: dict[int, dict] = {}
        known: dict[int, tuple] = {}
        for s in seats or []:
            if not isinstance(s, dict) or not isinstance(s.get("seat"), int):
                continue
            i, kind = s["seat"], s.get("kind")
            connected, away = bool(s.get("connected")), bool(s.get("away"))
            name = str(s.get("name") or "")
            known[i] = (kind, connected, away)
            if kind == "human" and not connected:
                wait = s.get("wait")
                until = now + float(wait) if isinstance(wait, (int, float)) and not away else None
                absent[i] = {"name": name, "bot": away, "until": until}
            old = self.known.get(i)
            if i == me or old is None or kind != "human" or old[0] != "human":
                continue
            if old[1] and not connected:
                changes.append(("left", i, name))
            elif not old[2] and away:
                changes.append(("bot", i, name))
            elif not old[1] and connected:
                changes.append(("back", i, name))
        self.seats, self.known = absent, known
        return changes

    def of(self, seat) -> dict | None:
        return self.seats.get(seat)

    def left_s(self, seat, now: float | None = None) -> int | None:
        info = self.seats.get(seat)
        if info is None or info["until"] is None:
            return None
        now = time.monotonic() if now is None else now
        return max(0, int(info["until"] - now + 0.999))

    def badge(self, seat, short: bool = False) -> str | None:
        """The seat card's badge ("weg · 25 s", "weg · Bot spielt"); ``short``: its words for a
        narrow card ("25 s", "Bot spielt": the dimmed card says the rest)."""
        info = self.seats.get(seat)
        if info is None:
            return None
        s = self.left_s(seat)
        if short:
            return i18n.t("away.short_wait", s=s) if s is not None else i18n.t("away.short_bot")
        return i18n.t("away.badge_wait", s=s) if s is not None else i18n.t("away.badge_bot")

    def turn_text(self, seat, name: str) -> str | None:
        """The turn line while the seat on turn is away ("Ben ist weg · wartet noch 25 s")."""
        if seat not in self.seats:
            return None
        s = self.left_s(seat)
        return i18n.t("away.turn_wait", name=name, s=s) if s is not None else i18n.t("away.turn_bot", name=name)

    def counting(self) -> bool:
        """Is a countdown shown (the screen changes every second)?"""
        return any(info["until"] is not None for info in self.seats.values())

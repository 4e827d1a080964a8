"""Window texts of first contact with a table: refused addresses, the search state,
text-field limits, the quit confirmation, resuming a table, plural forms, the language
button. Registered with ``i18n.add_texts`` on import (German, English)."""
from __future__ import annotations

from felt.ui import i18n

TEXTS: dict[str, tuple[str, str]] = {
    "app.refused": ("{addr} lehnt die Verbindung ab: dort ist kein Tisch (falscher Port, oder der Tisch ist zu).",
                    "{addr} refused the connection: no table there (wrong port, or the table was closed)."),
    "start.search_off": ("Die Tischsuche ist aus.", "Looking for tables is off."),
    "field.limit.one": ("{what}: höchstens {n} Zeichen", "{what}: at most {n} character"),
    "field.limit.other": ("{what}: höchstens {n} Zeichen", "{what}: at most {n} characters"),
    "quit.title": ("Partie für alle beenden?", "End the match for everyone?"),
    "quit.body": ("Dein Fenster ist der Tisch: wenn du es schließt, endet die Partie für alle am Tisch.",
                  "Your window is the table: closing it ends the match for everyone at the table."),
    "quit.yes": ("Beenden und Tisch schließen", "Quit and close the table"),
    "quit.no": ("Weiterspielen", "Keep playing"),
    "start.resume": ("Tisch fortsetzen", "Resume table"),
    "start.resume_n": ("Tisch fortsetzen ({n})", "Resume table ({n})"),
    "resume.title": ("Unterbrochene Tische", "Interrupted tables"),
    "resume.none": ("Kein unterbrochener Tisch gefunden.", "No interrupted table found."),
    "resume.failed": ("Fortsetzen nicht möglich: {msg}", "Cannot resume: {msg}"),
    "resume.just_now": ("gerade eben", "just now"),
    "resume.minutes": ("vor {n} Min.", "{n} min ago"),
    "resume.hours": ("vor {n} Std.", "{n} h ago"),
    "resume.days.one": ("vor {n} Tag", "{n} day ago"),
    "resume.days.other": ("vor {n} Tagen", "{n} days ago"),
    "resume.round": ("Runde {n}", "round {n}"),
    "lobby.bots_fill": ("Freie Plätze spielen beim Start Bots ({level}).",
                        "Free seats are played by bots ({level}) when the game starts."),
    # plural forms: (German, English) for one and for more
    "n.players.one": ("{n} Spieler", "{n} player"),
    "n.players.other": ("{n} Spieler", "{n} players"),
    "n.bots.one": ("{n} Bot", "{n} bot"),
    "n.bots.other": ("{n} Bots", "{n} bots"),
    "n.free.one": ("{n} frei", "{n} free"),
    "n.free.other": ("{n} frei", "{n} free"),
    "n.watching.one": ("{n} schaut zu", "{n} watching"),
    "n.watching.other": ("{n} schauen zu", "{n} watching"),
}
i18n.add_texts(TEXTS)


def plural(key: str, n: int, **kw) -> str:
    """The text ``key`` in the form for ``n`` ('n.players' -> '1 player' / '3 players')."""
    return i18n.t(key, n=n, **kw)

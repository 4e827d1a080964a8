"""The player's settings, remembered between runs in ``felt.paths.config_dir()/settings.json``.

``load()`` never fails: a missing file gives the defaults, a corrupt file is moved aside to
``settings.json.bad`` and the defaults are used; unknown keys are ignored and every value is
checked (a wrong type or out-of-range value falls back to its default). ``save()`` writes
atomically (temporary file, then rename) so a crash never leaves half a file behind.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from felt.paths import config_dir

FILE_NAME = "settings.json"
LEVELS = ("easy", "normal", "hard")
NAME_MAX = 24
SEATS_KEPT = 8          # seat tokens remembered (the most recent tables)
TURN_TIMER_MAX = 3600   # seconds (the protocol's limit for set_options.turn_timer)
ROUNDS_MAX = 99


@dataclass
class Settings:
    name: str = ""                  # player name ('' = not chosen yet)
    lang: str = "de"                # 'de' | 'en'
    muted: bool = False
    auto_pass: bool = False         # pass by itself when nothing beats the pile
    four_colour: bool = False       # each suit its own colour on the card art (felt/ui/cardart.py)
    big_index: bool = False         # "Große Zeichen": bigger rank/suit indices on card faces
    speed: str = "normal"           # pacing of the table: 'calm' | 'normal' | 'fast'
    bot_level: str = "normal"       # level for bots the owner adds
    last_address: str = ""          # last "join by address" entry
    template: str = "PR-002"        # rule template for hosted tables
    players: int = 4                # seats of a hosted table
    turn_timer: int = 0             # turn timer of a hosted table, seconds (0 = off)
    rounds: int | None = None       # rounds of a hosted table's match (None = the rule set's, 0 = open-ended)
    hints: bool = True              # a hosted table allows the Tipp (the owner's last choice in the lobby)
    window: list = field(default_factory=list)   # [w, h] of the last window (desktop)
    size: str = ""                  # a window size chosen by the player, "390x844" ('' = the last
                                    # window's size, else fitted to the screen); `felt --size` beats it
    seats: dict = field(default_factory=dict)    # "address:port" -> seat token (back to the seat
                                                 # after the app was closed or the phone slept)

    # ------------------------------------------------------------------ checks
    def clean(self) -> "Settings":
        """Repair every field in place (types and ranges); returns self."""
        d = Settings()
        if not isinstance(self.name, str):
            self.name = d.name
        self.name = " ".join(self.name.split())[:NAME_MAX]
        if self.lang not in ("de", "en"):
            self.lang = d.lang
        for b in ("muted", "auto_pass", "four_colour", "big_index", "hints"):
            if not isinstance(getattr(self, b), bool):
                setattr(self, b, getattr(d, b))
        if self.speed not in ("calm", "normal", "fast"):
            self.speed = d.speed
        if self.bot_level not in LEVELS:
            self.bot_level = d.bot_level
        if not isinstance(self.last_address, str):
            self.last_address = d.last_address
        self.last_address = self.last_address.strip()[:80]
        if not isinstance(self.template, str) or not self.template:
            self.template = d.template
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not 3 <= self.players <= 8:
            self.players = d.players
        if not _int_in(self.turn_timer, 0, TURN_TIMER_MAX):
            self.turn_timer = d.turn_timer
        if self.rounds is not None and not _int_in(self.rounds, 0, ROUNDS_MAX):
            self.rounds = d.rounds
        if not isinstance(self.seats, dict):
            self.seats = {}
        self.seats = {k: v for k, v in list(self.seats.items())[-SEATS_KEPT:]
                      if isinstance(k, str) and isinstance(v, str) and 0 < len(v) <= 64 and len(k) <= 80}
        if not (isinstance(self.window, list) and len(self.window) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and 200 <= v <= 10000 for v in self.window)):
            self.window = []
        if not isinstance(self.size, str) or parse_size(self.size) is None:
            self.size = d.size
        return self

    def remember_seat(self, address: str, token: str | None) -> None:
        """Keep (or with None forget) the seat token for a table address."""
        self.seats.pop(address, None)
        if token:
            self.seats[address] = token
        self.clean()

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data) -> "Settings":
        s = cls()
        if isinstance(data, dict):
            known = {f.name for f in fields(cls)}
            for k, v in data.items():
                if k in known:
                    setattr(s, k, v)
        return s.clean()


SIZE_MIN, SIZE_MAX = 200, 10000


def parse_size(text) -> tuple[int, int] | None:
    """'390x844' (also '390X844', '390*844', '390,844') -> (390, 844); None if not a size
    in 200..10000 pixels each way ('' is None too)."""
    if not isinstance(text, str):
        return None
    t = text.strip().lower()
    for sep in ("×", "*", ","):
        t = t.replace(sep, "x")
    w, sep, h = t.partition("x")
    if not sep:
        return None
    try:
        wi, hi = int(w.strip()), int(h.strip())
    except ValueError:
        return None
    if not (SIZE_MIN <= wi <= SIZE_MAX and SIZE_MIN <= hi <= SIZE_MAX):
        return None
    return wi, hi


def _int_in(v, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def path(base: Path | None = None) -> Path:
    return (Path(base) if base is not None else config_dir()) / FILE_NAME


def load(base: Path | None = None) -> Settings:
    """The saved settings, or the defaults (never raises)."""
    p = path(base)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        return Settings()
    except OSError:
        return Settings()
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not an object")
    except (ValueError, UnicodeDecodeError):
        try:  # keep the broken file for a look, but do not trip over it again
            os.replace(p, p.with_name(FILE_NAME + ".bad"))
        except OSError:
            pass
        return Settings()
    return Settings.from_dict(data)


def save(settings: Settings, base: Path | None = None) -> bool:
    """Write the settings atomically; False if the folder is not writable (never raises)."""
    p = path(base)
    settings.clean()
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp = p.with_name(FILE_NAME + ".tmp")
        tmp.write_text(json.dumps(settings.to_dict(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(tmp, p)
        return True
    except OSError:
        return False


def rules_dir(base: Path | None = None) -> Path:
    """Where named rule sets are saved (``config_dir()/rules``)."""
    return (Path(base) if base is not None else config_dir()) / "rules"

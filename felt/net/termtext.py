"""Text from the network on the owner's terminal: as text, never as the terminal's commands.

A player's name, a table's name from mDNS, a header of a request to the phones' page: any
of them may carry control characters (C0, C1 such as CSI, DEL, bidi overrides) that a
terminal obeys. :func:`terminal_text` writes them as escapes; :class:`SafeLines` does that to
every line of a logger that may carry such text, leaves out tracebacks (their messages come
from the request too) and lets only a few such lines through a minute."""
from __future__ import annotations

import logging
import time
import unicodedata


def terminal_text(text: object, limit: int = 200) -> str:
    """``text`` with every control, format, surrogate and unassigned character written as
    an escape (``\\x9b``, ``\\u202e``), at most ``limit`` characters of it."""
    s = str(text)
    out = []
    for ch in s[:limit]:
        if unicodedata.category(ch)[0] == "C":
            o = ord(ch)
            out.append(f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}")
        else:
            out.append(ch)
    return "".join(out) + ("…" if len(s) > limit else "")


class SafeLines(logging.Filter):
    """A logger's lines made safe for a terminal: escaped (:func:`terminal_text`), a traceback
    replaced by its exception's name, and of its warnings and errors at most ``burst``
    lines, then one every ``every`` seconds; the next line through says how many were left
    out. (Debug and info lines, shown only when asked for, are escaped and all kept.)"""

    def __init__(self, burst: int = 8, every: float = 10.0, limit: int = 400) -> None:
        super().__init__()
        self.burst = float(burst)
        self.every = every
        self.limit = limit
        self.tokens = float(burst)
        self.at = time.monotonic()
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.WARNING:
            now = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (now - self.at) / self.every)
            self.at = now
            if self.tokens < 1.0:
                self.dropped += 1
                return False
            self.tokens -= 1.0
        try:
            msg = record.getMessage()
        except Exception:                 # (a line whose arguments do not fit its format)
            msg = str(record.msg)
        if record.exc_info and record.exc_info[1] is not None:
            msg += f" ({type(record.exc_info[1]).__name__})"
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        text = terminal_text(msg, self.limit)
        if self.dropped and record.levelno >= logging.WARNING:
            text += f" ({self.dropped} more such lines left out)"
            self.dropped = 0
        record.msg, record.args = text, None
        return True

"""Open the table's phone page in this laptop's browser ("Im Browser öffnen").

A pygame window has no accessibility API; the same page a phone opens is the way in for a
screen-reader user on a laptop. ``open_page`` never raises: no browser (or one that fails)
gives False, and the window shows a notice with the address instead."""
from __future__ import annotations

import webbrowser


def open_page(url: str) -> bool:
    """Ask the system's browser to open ``url``; True when it said it did."""
    if not url:
        return False
    try:
        return bool(webbrowser.open(url, new=2))
    except Exception:          # webbrowser.Error, a broken BROWSER variable, no display...
        return False

"""The window (pygame). pygame's greeting on import stays off: the terminal shows Felt
Club's own lines only (set before any module of this package imports pygame)."""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

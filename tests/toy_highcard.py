"""The example game of felt/games/ADDING.md ("Höhere Karte": the highest card takes the
trick), loaded from the guide itself, so the code the guide shows is the code the tests run
(tests/test_game_contract.py puts it through every check of the contract)."""
from __future__ import annotations

import re
from pathlib import Path

GUIDE = Path(__file__).resolve().parent.parent / "felt" / "games" / "ADDING.md"
_CODE = re.search(r"```python\n# example: felt_highcard/__init__.py\n(.*?)```", GUIDE.read_text(encoding="utf-8"),
                  re.S).group(1)
exec(compile(_CODE, str(GUIDE), "exec"), globals())

"""The second example of felt/games/ADDING.md ("A scene of its own": Höhere Karte on a table
scene of its own), loaded from the guide itself on top of the first (tests/toy_highcard.py)."""
from __future__ import annotations

import re

from tests.toy_highcard import GUIDE
from tests import toy_highcard

_CODE = re.search(r"```python\n# example: felt_highcard/scene.py\n(.*?)```", GUIDE.read_text(encoding="utf-8"),
                  re.S).group(1)
_ns = dict(vars(toy_highcard))
exec(compile(_CODE, str(GUIDE), "exec"), _ns)
HighCardScene = _ns["HighCardScene"]
GAME = _ns["GAME"]

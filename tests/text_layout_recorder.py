"""The text recorder of the layout tests lives in the package (felt/ui/text_layout.py), so that
`felt check-game` checks a game's snapshots with the same code as tests/test_ui_text_layout.py."""
from felt.ui.text_layout import MIN_PX, TOLERANCE, Drawn, Mark, Patches, Shot, TextRecorder, bad_you  # noqa: F401
from felt.ui.text_layout import MODULES as WINDOW_MODULES
from felt.ui.text_layout import game_modules, problems  # noqa: F401

# every module that defines widgets or scenes: the window's and every registered game's
MODULES = tuple(WINDOW_MODULES) + tuple(game_modules())

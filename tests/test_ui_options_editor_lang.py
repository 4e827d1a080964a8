"""The generated rule editor (Mau-Mau, Schwimmen) gives the game's reason for refusing a rule
set in the window's language, not always in English."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.ui import i18n  # noqa: E402
from felt.ui.options_editor import OptionsEditorScene  # noqa: E402


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
    i18n.set_lang("de")


@pytest.mark.parametrize("gid", ["maumau", "schwimmen"])
def test_refusal_reads_in_the_window_language(gid):
    game = games.get(gid)
    tid = game.template_ids()[0]
    rules = game.rules_to_dict(game.template(tid))
    texts = {}
    for lang in ("de", "en"):
        i18n.set_lang(lang)
        ed = OptionsEditorScene(game, rules, on_apply=lambda r: None)
        ed.set_size(1280, 720) if hasattr(ed, "set_size") else None
        assert ed.err_msg is None and ed.apply_btn.enabled
        ed.set("min_players", 8)
        ed.set("max_players", 3) if "max_players" in ed.widgets else None
        assert ed.err_msg and not ed.apply_btn.enabled
        # the same refusal the game gives, in this language
        bad = dict(rules, min_players=8, **({"max_players": 3} if "max_players" in ed.widgets else {}))
        with pytest.raises(ValueError) as exc:
            game.validate(game.rules_from_dict(bad)) if hasattr(game, "validate") else game.rules_from_dict(bad)
        assert ed.err_msg == exc.value.text(lang)
        texts[lang] = ed.err_msg
    assert texts["de"] != texts["en"], texts

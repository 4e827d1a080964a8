"""The phones' zygote: ``python -P -m felt.ui.phone_zygote --fd N --parent PID``, started once
per gateway by felt/net/launcher.py.

It loads what every phone's renderer (felt/ui/phone_renderer.py) needs and what does not
depend on a phone's size: pygame and its fonts, the window's modules and every game's
scenes, the texts, the felt's fibre texture. Then it freezes all of it out of the garbage
collector's sight and forks a renderer per phone (felt/net/zygote.py serves the requests).
A renderer so starts in a few milliseconds instead of a third of a second, and shares those
pages with its siblings instead of holding a copy of its own.

Nothing here opens the display or the mixer, draws at a phone's size or starts a thread:
the children do that, each for itself, after the fork.
"""
from __future__ import annotations

import importlib
import os
import sys

# modules of felt.ui a renderer imports (benches, snapshots and tools are left out)
UI_MODULES = ("layout", "theme", "fonts", "surfcache", "i18n", "anim", "widgets", "cardart", "avatar", "scene",
              "settings", "sound", "pacing", "controller", "shell", "app", "remote", "chat", "playlog",
              "table_log", "seat_card", "standings", "lobby_scene", "start_scene", "game_table", "howto",
              "quiz", "rules_editor", "options_editor", "presence", "resume", "qr", "phone_join",
              "phone_frames", "phone_renderer")
PHASES = ("deal", "exchange", "play", "round_over", "match_over")


def preload() -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pickle  # noqa: F401  (what renderers import later, on their own otherwise)

    import pygame
    import pygame.freetype  # noqa: F401
    import felt.net.gateway  # noqa: F401  (the pipe's messages)
    for name in UI_MODULES:
        try:
            importlib.import_module(f"felt.ui.{name}")
        except Exception as exc:            # a renderer imports it again (and says what is wrong)
            print(f"felt phone zygote: felt.ui.{name} not preloaded: {exc}", file=sys.stderr)
    from felt import contract
    for g in contract.all_games():             # every game's table scenes and rule editor
        for phase in PHASES:
            try:
                g.scene_for(phase)
            except Exception:
                pass
        for hook in (g.rules_editor, g.log_lines):
            try:
                hook()
            except Exception:
                pass
    from felt.ui import i18n, theme
    for lang in ("de", "en"):               # the texts of both languages
        i18n.set_lang(lang)
        i18n.t("story.ok")
    i18n.set_lang("de")
    pygame.font.init()                      # FreeType (the fonts' sizes are each renderer's own)
    theme._felt_tile()                      # the felt's fibre texture (the same at every size)


def main() -> int:
    from felt.net import zygote
    return zygote.serve(preload=preload)


if __name__ == "__main__":
    sys.exit(main())

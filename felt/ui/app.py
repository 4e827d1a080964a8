"""The game window: `felt`, `felt host` (with a window) and `felt join ADDRESS:PORT`.

One resizable pygame window, one scene stack (felt/ui/scene.py) and the controller
(felt/ui/controller.py) that ties the scenes to the network. The loop is event-driven:
it draws only when a scene changed or an animation runs, and otherwise sleeps in
``pygame.event.wait`` until input, a network message (the client thread posts a wake-up
event) or a short idle tick (for the live table list on the start screen).

Keys on laptops: Ctrl+Q quits, F11 toggles full screen; each scene adds its own
(Enter = play/start, P = pass, Esc = back/clear, M = sound, ...).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (320, 480)


def _init_pygame(audio: bool = True):
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # a tap must arrive as a finger event, and mouse clicks must not turn into fake touches
    os.environ.setdefault("SDL_MOUSE_TOUCH_EVENTS", "0")
    import pygame
    if not audio:                 # (a phone's renderer: its page plays the sounds)
        pygame.display.init()
        pygame.font.init()
        return pygame
    from felt.ui.sound import quiet_stderr
    # quietly: without a sound device the audio libraries (ALSA) would fill the terminal;
    # felt.ui.sound says it in one line when the sounds are loaded
    with quiet_stderr():
        pygame.init()
    return pygame


class App:
    """The window and its loop. Tests drive it with ``step()`` and synthetic events."""

    def __init__(self, size: tuple[int, int] | None = None, settings_base: Path | None = None,
                 host_defaults: dict | None = None, discover: bool = True, interface: str | None = None,
                 lang: str | None = None, reconnect_for: float = 120.0, show_start: bool = True,
                 controller_factory=None, audio: bool = True) -> None:
        pygame = _init_pygame(audio)
        if audio:
            from felt.ui.sound import start_mixer
            start_mixer()                 # no sound device: one line on the terminal, now
        from felt.ui import i18n
        from felt.ui import settings as settings_mod
        from felt.ui.controller import Controller
        from felt.ui.scene import Runner
        from felt.ui.shell import AppStack
        self.pygame = pygame
        self.settings_base = settings_base
        self.settings = settings_mod.load(settings_base)
        # `--lang` applies to this run only; switching in the window is what gets saved
        i18n.set_lang(lang if lang in i18n.LANGS else self.settings.lang)
        if size is None:
            chosen = settings_mod.parse_size(self.settings.size)
            size = chosen or (tuple(self.settings.window) if self.settings.window else self._default_size())
        size = self._fit_screen((max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))))
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Felt Club")
        try:
            pygame.key.stop_text_input()      # text input starts when a text field gets focus
        except pygame.error:
            pass
        self.stack = AppStack(size)
        # controller_factory: another Controller class (a phone's renderer: felt/ui/phone_join.py)
        make_controller = controller_factory or Controller
        self.controller = make_controller(self.stack, self.settings, settings_base=settings_base,
                                          host_defaults=host_defaults, discover=discover, interface=interface,
                                          reconnect_for=reconnect_for)
        self.runner = Runner(self.stack, self.window, fps=60, idle_ms=250, poll=self._poll,
                             due=self.controller.next_due)
        self._closed = False
        self.remote = None
        if os.environ.get("FELT_REMOTE"):     # driven from outside (felt/ui/remote.py)
            from felt.ui.remote import Remote
            self.remote = Remote(self, os.environ["FELT_REMOTE"])
        if show_start:
            self.controller.show_start()

    def _fit_screen(self, size: tuple[int, int]) -> tuple[int, int]:
        """A size larger than the screen (say 390x844 on an 800-pixel-high laptop) is scaled
        down, keeping its shape, so the whole window stays visible; said in one line."""
        try:
            if self.pygame.display.get_driver() in ("dummy", "offscreen"):
                return size
            info = self.pygame.display.Info()
            sw, sh = int(info.current_w) - 40, int(info.current_h) - 80
        except Exception:
            return size
        w, h = size
        if sw <= 0 or sh <= 0 or (w <= sw and h <= sh):
            return size
        k = min(sw / w, sh / h)
        fit = (max(MIN_SIZE[0], int(w * k)), max(MIN_SIZE[1], int(h * k)))
        import sys
        print(f"felt: window size {w}x{h} does not fit the screen ({sw + 40}x{sh + 80}): using {fit[0]}x{fit[1]}",
              file=sys.stderr, flush=True)
        return fit

    def _default_size(self) -> tuple[int, int]:
        try:
            info = self.pygame.display.Info()
            sw, sh = int(info.current_w), int(info.current_h)
        except Exception:
            sw = sh = 0
        if sw <= 0 or sh <= 0:
            return DEFAULT_SIZE
        if sw < DEFAULT_SIZE[0] + 40 or sh < DEFAULT_SIZE[1] + 80:
            return (max(MIN_SIZE[0], sw - 40), max(MIN_SIZE[1], sh - 80))
        return DEFAULT_SIZE

    def _poll(self) -> None:
        self.controller.poll()
        if self.remote is not None:
            self.remote.poll()

    # the loop
    def step(self, block: bool = False) -> bool:
        return self.runner.step(block)

    def run(self) -> int:
        try:
            while self.runner.running and self.runner.step(True):
                pass
        finally:
            self.close()
        return 0

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        from felt.ui import settings as settings_mod
        try:
            surf = self.pygame.display.get_surface()
            if surf is not None:
                self.settings.window = list(surf.get_size())
        except Exception:
            pass
        settings_mod.save(self.settings, self.settings_base)
        if self.remote is not None:
            self.remote.write_state()
        self.controller.shutdown()
        self.pygame.display.quit()


# ----------------------------------------------------------------------------- commands
def _apply_lang(args: Any) -> str | None:
    return getattr(args, "lang", None) or None


def _size(args: Any) -> tuple[int, int] | None:
    """`--size WxH` (before or after the sub-command), else None (settings decide)."""
    size = getattr(args, "size", None)
    return tuple(size) if size else None


def cmd_start(args: Any) -> int:
    """`felt`: the window on the start screen."""
    app = App(lang=_apply_lang(args), size=_size(args))
    return app.run()


def cmd_host(args: Any) -> int:
    """`felt host` without --headless: open the window, host in-process, seat the owner.

    The options mean the same as for ``--headless`` (the net layer builds the HostConfig,
    journal and ``--resume`` included); in the window the owner deals the next round."""
    import dataclasses
    import sys
    from felt.contract import RulesError
    from felt.net.commands import check_host_args, host_config_from_args
    try:
        problem = check_host_args(args)     # the same checks as --headless (--bot-level of the game's)
        if problem:
            print(f"felt host: {problem}", file=sys.stderr)
            return 2
        config = host_config_from_args(args)
    except (RulesError, ValueError, OSError) as exc:
        print(f"felt host: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:           # e.g. a journal that cannot be resumed
        print(f"felt host: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "resume", None) is None:
        config = dataclasses.replace(config, auto_next=-1.0, name=args.name or "")
    app = App(lang=_apply_lang(args), interface=getattr(args, "interface", None), show_start=False,
              size=_size(args))
    app.controller.host_table(config)   # on failure: the start screen says why
    return app.run()


def cmd_join(args: Any) -> int:
    """`felt join ADDRESS:PORT`: open the window and join that table directly."""
    import sys
    from felt.ui.start_scene import parse_address
    addr = parse_address(str(args.address))
    if addr is None:
        print(f"felt join: not an address: {args.address!r} (expected ADDRESS:PORT)")
        return 2
    # discovery stays on: after a failed join the start screen's list searches for tables
    app = App(lang=_apply_lang(args), show_start=False, size=_size(args))
    if getattr(args, "name", None):
        from felt.ui.settings import NAME_MAX
        name = " ".join(str(args.name).split())
        if len(name) > NAME_MAX:
            print(f"felt join: --name is cut to {NAME_MAX} characters: {name[:NAME_MAX]!r}", file=sys.stderr)
        app.settings.name = name[:NAME_MAX]
    app.controller.join(*addr)
    return app.run()


def cmd_replay(args: Any) -> int:
    """`felt replay FILE`: the last finished match of a journal or saved match in a window of
    its own (felt.ui.replay_scene); a file that holds none says why, before any window opens."""
    import sys
    from felt.net.replay import ReplayError, read_file
    try:
        replay = read_file(args.file)
    except ReplayError as exc:
        print(f"felt replay: {exc}", file=sys.stderr)
        return 2
    app = App(lang=_apply_lang(args), show_start=False, size=_size(args), discover=False)
    from felt.ui import i18n
    from felt.ui.replay_scene import ReplayScene
    seat = getattr(args, "seat", None)
    if seat is not None and not 0 <= seat < replay.n:
        print(f"felt replay: --seat {seat}: the match has seats 0..{replay.n - 1}", file=sys.stderr)
        seat = None
    # the mistake marks: the seat asked for, else every player's (the bots' where all are bots)
    from felt.contract.analysis import Job
    judged = [seat] if seat is not None else ([s for s in range(replay.n) if replay.kinds[s] != "bot"]
                                              or list(range(replay.n)))
    job = Job(replay, judged, max_seconds=180.0, duty=0.5).start()
    scene = ReplayScene(replay, seat=seat, marks=job)
    scene.me = None                      # nobody's own window: no seat is "you"

    def close() -> None:
        app.stack.quit_requested = True
    scene.on_close = close
    app.stack.push(scene)
    try:
        app.pygame.display.set_caption(f"Felt Club – {i18n.t('replay.title')}")
    except Exception:
        pass
    return app.run()

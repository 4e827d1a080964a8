"""The screens a game gives `felt snapshot` (``Game.snapshots(lang)``), and the pieces to build them.

A :class:`Shot` is one screen: its ``name`` (``felt snapshot`` writes it to
``<game>_<name>-WxH.png``), ``make(w, h)``, which builds what to draw at that window size (a
scene, put on a stack of its own, or a ``SceneStack`` with overlays on top), and the ``sizes``
to draw it at. ``make`` is called once per size and may share data between its calls (a
seeded demo match played once).

The pieces: the usual sizes, scenes on one stack, a scene's clock run on (an animation caught
half-way), a table fed a round with its play log open, the window's notice to a spectator and
the question the host's window asks before it quits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from felt.ui import i18n
from felt.ui.scene import Scene, SceneStack

PHONE = (390, 844)
LAPTOP = (1280, 720)
GAME_SIZES = (PHONE, LAPTOP)                                  # a game's screens: a phone and a laptop
SIZES = ((360, 640), (1280, 720), (430, 932), (1920, 1080))   # small and big phones, laptop and desktop
# the play log: as a drawer on the phones, docked at the side on the wide screens
LOG_SIZES = ((360, 640), (390, 844), (430, 932), (1280, 720), (1920, 1080))
NAMES = ("Anna", "Beat", "Carla", "Dominik", "Eveline", "Fritz", "Gabi", "Hans-Peter von Allmen")


@dataclass(frozen=True)
class Shot:
    """One screen of a game for `felt snapshot`: ``make(w, h)`` returns a ``Scene`` or a
    ``SceneStack`` to draw at ``w`` x ``h``, for each size of ``sizes``."""

    name: str
    make: Callable[[int, int], Scene | SceneStack]
    sizes: tuple = GAME_SIZES
    card_style: tuple = (False, False)      # (four colours, big indices) while it is drawn


def stacked(w: int, h: int, *scenes: Scene) -> SceneStack:
    """``scenes`` on one stack of size ``w`` x ``h``, the last on top."""
    stack = SceneStack((w, h))
    for scene in scenes:
        stack.push(scene)
    return stack


def draw(made: Scene | SceneStack, w: int, h: int) -> pygame.Surface:
    """What ``Shot.make`` built, drawn at ``w`` x ``h`` (a scene on a stack of its own)."""
    stack = made if isinstance(made, SceneStack) else stacked(w, h, made)
    surface = pygame.Surface((w, h))
    stack.draw(surface)
    return surface


def run_clock(scene: Scene, seconds: float, until: Callable[[], bool] | None = None) -> None:
    """Let ``scene``'s animations run for ``seconds`` at 30 frames a second, or until
    ``until()`` holds."""
    step = 1 / 30
    elapsed = 0.0
    while elapsed < seconds:
        if until is not None and until():
            return
        scene.update(step)
        elapsed += step


def log_table(scene, size, steps):
    """``scene`` (a game's table) at ``size``, fed ``steps`` (``(view, events)`` pairs, as the
    window gets them) one by one, with its play log open: docked on wide windows, the drawer
    on phones."""
    scene.set_size(*size)
    for view, events in steps:
        scene.set_view(view, events)
    if scene.log_drawer_mode(*size):
        scene.toggle_log()
    return scene


def spectator_stack(w: int, h: int, scene: Scene) -> SceneStack:
    """``scene`` (a table seen by a spectator) in the window's stack, with the notice a
    spectator gets on joining a full table."""
    from felt.ui.shell import AppStack
    stack = AppStack((w, h))
    stack.push(scene)
    stack.notify(i18n.t("app.watching"), "info", 4.0)
    return stack


def quit_question() -> Scene:
    """The question Ctrl+Q or closing the host's window asks while a match runs."""
    from felt.ui.shell import ConfirmOverlay
    return ConfirmOverlay(i18n.t("quit.title"), i18n.t("quit.body"),
                          [(i18n.t("quit.no"), None, "primary"), (i18n.t("quit.yes"), None, "danger")])

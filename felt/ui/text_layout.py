"""Records every text a scene draws, and the controls it draws: the text layout check of
`felt check-game` (felt/devcheck.py) and the layout tests (tests/test_ui_text_layout.py).

``TextRecorder(patch)`` (``patch``: pytest's ``monkeypatch`` or a :class:`Patches`, which
undoes its changes) wraps ``widgets.layout_text`` / ``widgets.draw_lines`` (every
Label, ``draw_text``, button and toast text goes through them), every widget's ``draw`` (which
widget a text belongs to; the rects of the controls: buttons, toggles, choices, text fields,
lists), the crowns of the seat cards and of any scene that draws its own (a scene class names
such methods, ``(surface, center, size)``, in ``CROWNS``), a scene's own modal panel (its class
names the methods that draw one over its dimmed table in ``MODAL_PANELS``), ``SceneStack.draw`` (which scene of the
stack draws: an overlay lies above the scenes under it, the window's notices above all) and
``pygame.image.save`` and ``felt.ui.png.save_png`` (a picture is finished: what was drawn on it
is one shot). Nothing is written to disk while it records.

``problems(shot)`` lists what a person would see as wrong in a shot: a text outside its box or
the window, two texts of one scene on top of each other, a text under a control it does not
belong to (or over one it is no label of), a text smaller than ``MIN_PX``, a window text cut
with "…", a "Du"/"You" whose verb does not agree ("Du hat"), and a notice of the window (its toast) over a seat box or a control of the scene on
top (a notice is brief: it may pass over a caption, never over who sits where).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

import pygame

from felt.ui import png, scene as scene_mod, widgets

MIN_PX = 10                  # smaller text cannot be read on a phone held at arm's length
TOLERANCE = 2                # pixels a glyph box may pass its box (antialiasing, line spacing)


@dataclass
class Drawn:
    text: str                # the text asked for
    line: str                # one line of it as drawn
    box: pygame.Rect         # the box it was given
    rect: pygame.Rect        # where the line's image went
    visible: pygame.Rect     # the part of it left by the surface's clip
    px: int
    surface: int             # id() of the surface drawn on
    layer: float             # index of the drawing scene among the visible ones (notices: above all;
                             # a scene's own modal panel: half a step above the scene)
    owners: tuple            # ids of the widgets being drawn (innermost last)
    seq: int = 0             # drawing order


@dataclass
class Mark:
    what: str                # class name of the control, or "crown"
    rect: pygame.Rect
    surface: int
    layer: float
    owner: int               # id() of the widget (0: not a widget)
    seq: int = 0


@dataclass
class Shot:
    name: str
    size: tuple
    texts: list = field(default_factory=list)
    marks: list = field(default_factory=list)


# every module of the window that defines widgets or scenes, imported before the widgets' draws
# are wrapped (with the modules of every registered game: game_modules)
MODULES = ("felt.ui.start_scene", "felt.ui.lobby_scene", "felt.ui.rules_editor", "felt.ui.options_editor",
           "felt.ui.shell", "felt.ui.chat", "felt.ui.quiz", "felt.ui.howto", "felt.ui.game_table", "felt.ui.seat_card")
CONTROLS = (widgets.Button, widgets.Toggle, widgets.Choice, widgets.TextField, widgets.ListView)


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def game_modules() -> list[str]:
    """The modules of every registered game: a game whose ``GAME`` lives in a package's
    ``__init__`` brings everything in that package, else its own module."""
    import importlib
    import pkgutil

    from felt import contract
    out: list[str] = []
    for game in contract.all_games():
        name = type(game).__module__
        out.append(name)
        mod = importlib.import_module(name)
        if hasattr(mod, "__path__"):
            out += [m.name for m in pkgutil.walk_packages(mod.__path__, name + ".", onerror=lambda _n: None)]
    return out


class Patches:
    """``setattr`` that remembers, and ``undo()`` (pytest's ``monkeypatch`` outside pytest)."""

    def __init__(self) -> None:
        self._saved: list = []

    def setattr(self, target, name: str, value) -> None:
        self._saved.append((target, name, target.__dict__.get(name, _MISSING) if isinstance(target, type)
                            else getattr(target, name, _MISSING)))
        setattr(target, name, value)

    def undo(self) -> None:
        while self._saved:
            target, name, old = self._saved.pop()
            if old is _MISSING:
                delattr(target, name)
            else:
                setattr(target, name, old)


_MISSING = object()


class TextRecorder:
    def __init__(self, monkeypatch) -> None:
        self.shots: list[Shot] = []
        self._texts: list[Drawn] = []
        self._marks: list[Mark] = []
        self._owners: list[int] = []
        self._layer = 0
        self._window_layer = 1
        self._seq = 0
        self._asked: dict = {}            # (px, lines) -> the text they were laid out from
        self._patch(monkeypatch)

    # instrumentation ------------------------------------------------------------------
    def _next(self) -> int:
        self._seq += 1
        return self._seq

    def _patch(self, mp) -> None:
        import importlib
        for m in (*MODULES, *game_modules()):
            try:
                importlib.import_module(m)
            except Exception:          # a module that cannot load alone (a script, a test) draws nothing here
                pass
        rec = self
        layout_text = widgets.layout_text
        draw_lines = widgets.draw_lines

        def layout_spy(text, *a, **kw):
            px, lines = layout_text(text, *a, **kw)
            rec._asked[(px, tuple(lines))] = str(text)
            return px, lines

        def draw_spy(surface, lines, rect, px, color, align="left", valign="center", bold=False, shadow=False):
            rect = pygame.Rect(rect)
            clip = surface.get_clip()
            text = rec._asked.get((px, tuple(lines)), "\n".join(lines))
            for ln, r in widgets.line_rects(lines, rect, px, align, valign, bold):
                rec._texts.append(Drawn(text, ln, rect, r, r.clip(rect).clip(clip), px, id(surface), rec._layer,
                                        tuple(rec._owners), rec._next()))
            return draw_lines(surface, lines, rect, px, color, align, valign, bold, shadow)

        mp.setattr(widgets, "layout_text", layout_spy)
        mp.setattr(widgets, "draw_lines", draw_spy)

        def wrap_draw(cls):
            orig = cls.__dict__["draw"]

            def draw(self, surface, *a, **kw):
                rec._owners.append(id(self))
                try:
                    return orig(self, surface, *a, **kw)
                finally:
                    rec._owners.pop()
                    shown = self.rect.clip(surface.get_clip())
                    if isinstance(self, CONTROLS) and self.visible and shown.w > 0 and shown.h > 0:
                        rec._marks.append(Mark(type(self).__name__, shown, id(surface), rec._layer, id(self),
                                               rec._next()))
            mp.setattr(cls, "draw", draw)

        for cls in {widgets.Widget, *_subclasses(widgets.Widget)}:
            if "draw" in cls.__dict__:
                wrap_draw(cls)

        def stack_draw(self, surface):
            vis = self.visible()
            if not vis:
                surface.fill((0, 0, 0))
            for i, s in enumerate(vis):
                rec._layer = i
                s.draw(surface)
            rec._seat_marks(vis[-1], surface, len(vis) - 1) if vis else None
            rec._layer = rec._window_layer = len(vis)   # what the window draws over every scene
            for s in self.scenes:
                s.dirty = False
        mp.setattr(scene_mod.SceneStack, "draw", stack_draw)

        from felt.ui import seat_card

        def crown_mark(surface, center, s, offset):
            x, y = center
            top = y - s if offset else y - s // 4
            bottom = y + s // 2 if offset else y + s
            rec._marks.append(Mark("crown", pygame.Rect(x - s, top, 2 * s, bottom - top), id(surface),
                                   rec._layer, 0, rec._next()))

        def scene_crown(orig):
            def crown(self, surface, center, s):
                crown_mark(surface, center, s, True)
                return orig(self, surface, center, s)
            return crown

        def seat_crown(orig):
            def crown(surface, center, s):
                crown_mark(surface, center, s, False)
                return orig(surface, center, s)
            return crown
        mp.setattr(seat_card, "draw_crown", seat_crown(seat_card.draw_crown))

        def modal(orig):
            def draw(self, *a, **kw):
                base = rec._layer
                rec._layer = base + 0.5
                try:
                    return orig(self, *a, **kw)
                finally:
                    rec._layer = base
            return draw
        for klass in {scene_mod.Scene, *_subclasses(scene_mod.Scene)}:
            for meth in klass.__dict__.get("CROWNS", ()):
                mp.setattr(klass, meth, scene_crown(klass.__dict__[meth]))
            for meth in klass.__dict__.get("MODAL_PANELS", ()):
                mp.setattr(klass, meth, modal(klass.__dict__[meth]))

        def save(surface, path, *a, **kw):
            rec._finish(os.path.basename(str(path)).rsplit(".", 1)[0], surface)
        mp.setattr(pygame.image, "save", save)
        mp.setattr(png, "save_png", save)          # felt snapshot's writer (its callers import it when they run)

    def _seat_marks(self, scene, surface, layer) -> None:
        """The seat boxes of a table scene (``seat_rect``), as marks a notice must leave free."""
        view = getattr(scene, "view", None) or {}
        if not hasattr(scene, "seat_rect") or not isinstance(view, dict):
            return
        for seat in range(int(view.get("n") or 0)):
            r = scene.seat_rect(seat)
            if r is not None:
                self._marks.append(Mark("seat", pygame.Rect(r), id(surface), layer, 0, self._next()))

    def _finish(self, name: str, surface: pygame.Surface) -> None:
        sid = id(surface)
        shot = Shot(name, surface.get_size(), [t for t in self._texts],
                    [m for m in self._marks if m.surface == sid])
        shot.screen = sid
        shot.window_layer = self._window_layer
        self.shots.append(shot)
        self._texts, self._marks = [], []
        self._layer = 0
        self._window_layer = 1

    def reset(self) -> None:
        self._texts, self._marks = [], []


# checks -----------------------------------------------------------------------------------
def _meets(a: pygame.Rect, b: pygame.Rect) -> bool:
    """Two glyph boxes share more than their antialiased edges."""
    c = a.clip(b)
    return c.w > TOLERANCE and c.h > TOLERANCE + 1


def problems(shot: Shot, long_words=()) -> list[str]:
    """What is wrong in ``shot`` (empty: nothing). ``long_words``: user-given texts (names)
    that may be cut with "…" where they do not fit."""
    out = []
    screen = pygame.Rect(0, 0, *shot.size)
    on_screen = [t for t in shot.texts if t.surface == shot.screen and t.visible.w > 0 and t.visible.h > 0]
    for t in shot.texts:
        if not t.box.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(t.rect):
            out.append(f"outside its box: {t.line!r} drawn at {tuple(t.rect)} in {tuple(t.box)}")
        if t.px < MIN_PX:
            out.append(f"too small: {t.line!r} at {t.px} px")
        if t.line.endswith("…") and t.line.count("…") > t.text.count("…") \
                and not any(w in t.text for w in long_words):
            out.append(f"cut: {t.text!r} drawn as {t.line!r}")
    for t in shot.texts:
        wrong = bad_you(t.text)
        if wrong:
            out.append(f"verb does not agree: {wrong!r} in {t.text!r}")
    for t in on_screen:
        if not screen.inflate(2, 2).contains(t.rect):
            out.append(f"outside the window: {t.line!r} at {tuple(t.rect)}")
    notices = shot.window_layer
    for i, a in enumerate(on_screen):
        for b in on_screen[i + 1:]:
            if not _meets(a.visible, b.visible):
                continue
            if a.layer == b.layer:
                out.append(f"overlap: {a.line!r} {tuple(a.visible)} and {b.line!r} {tuple(b.visible)}")
    for t in on_screen:
        for m in shot.marks:
            if t.layer == notices and m.layer == notices - 1 and _meets(t.box, m.rect):
                out.append(f"notice over a {m.what}: {t.line!r} {tuple(t.box)} over {tuple(m.rect)}")
                continue
            if m.what == "seat" or m.layer != t.layer or m.owner in t.owners or not _meets(t.visible, m.rect):
                continue
            if m.seq > t.seq:
                out.append(f"under a {m.what}: {t.line!r} {tuple(t.visible)} under {tuple(m.rect)}")
            elif not m.rect.inflate(2 * TOLERANCE, 2 * TOLERANCE).contains(t.box):
                # drawn later: a label on the control fits in it; anything else is clutter over it
                out.append(f"over a {m.what}: {t.line!r} {tuple(t.visible)} over {tuple(m.rect)}")
    return out


# a sentence about this window's own player: its verb agrees with "Du" / "You"
START = r"(?:^|[:!.·–]\s+)"
DU = re.compile(START + r"(?:Du|du)\s+(?:\([^)]*\)\s+)?([A-Za-zÄÖÜäöüß]+)")
YOU = re.compile(START + r"(?:You|you)\s+(?:\([^)]*\)\s+)?([A-Za-z]+)")
THIRD_PERSON = {"is", "has", "was", "does", "goes"}


def bad_you(text: str):
    """The first "Du"/"You" that starts a sentence with a verb that does not agree (German
    second person ends in -st; English has no third person -s), or None."""
    for m in DU.finditer(text):
        if not m.group(1).endswith(("st", "zt", "ßt", "xt")):      # du hast, du setzt, du heißt
            return m.group(0)
    for m in YOU.finditer(text):
        w = m.group(1)
        if w in THIRD_PERSON or (w.endswith("s") and not w.endswith("ss")):
            return m.group(0)
    return None

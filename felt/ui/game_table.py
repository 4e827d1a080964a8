"""The table of any game in the window: the game's own scene plus what the window adds
(the round bar, and pacing: another seat's move stays on screen long enough to read).

A game's table scene (``Game.table_scene()``) shows its round result and standings itself
(phases ``"round_over"`` / ``"match_over"``) but knows nothing of the table's owner, the
lobby or leaving. ``with_round_bar(cls)`` makes a subclass of it with one more button at
those moments: "Nächste Runde" for the owner when a round is over (the others read "waiting
for the host"), "Neue Partie" for everyone once the match is over (back to the lobby).
The subclass keeps every attribute and method of the game's scene, so the controller talks
to it exactly as to the scene itself (``set_view``, ``pending``, ``set_timer`` …).

``scene_kwargs(cls, offered)`` keeps only the keyword arguments the scene's ``__init__``
takes (TableScene gets a play log, chat and settings; another game's scene may take fewer).
"""
from __future__ import annotations

import inspect
import time
from typing import Any, Callable

import pygame

from felt.ui import i18n, pacing, theme
from felt.ui.scene import Input
from felt.ui.widgets import Button, IconButton, draw_text

TEXTS = {
    "gt.next_round": ("Nächste Runde", "Next round"),
    "gt.new_match": ("Neue Partie", "New match"),
    "gt.wait_host": ("Warte auf den Gastgeber …", "Waiting for the host …"),
}
i18n.add_texts(TEXTS)

_CACHE: dict = {}


def scene_kwargs(cls, offered: dict) -> dict:
    """The entries of ``offered`` that ``cls.__init__`` accepts (all if it takes ``**kw``)."""
    try:
        params = inspect.signature(cls.__init__).parameters
    except (TypeError, ValueError):
        return dict(offered)
    if any(p.kind == p.VAR_KEYWORD for p in params.values()):
        return dict(offered)
    return {k: v for k, v in offered.items() if k in params}


class RoundBar:
    """Mixin (placed before the game's scene class): the owner's 'next round' and everyone's
    'new match' button over the game's round result and standings."""

    rb_on_next: Callable[[], Any] | None = None
    rb_on_new_match: Callable[[], Any] | None = None
    _rb_next: Button | None = None
    _rb_new: Button | None = None
    _rb_sent = False
    _rb_hold_until = 0.0
    backlog = 0                 # states waiting behind this one (the controller sets it)

    # pacing (felt/ui/pacing.py): another seat's move stays long enough to be read -------
    def hold(self) -> float:
        """Seconds before the controller may show the next state."""
        return max(0.0, self._rb_hold_until - time.monotonic())

    def hold_for(self, events) -> float:
        """How long the state that brought ``events`` holds: the game's log entries timed as
        at the Präsident table (plays, effects, the round's end), and another seat's other
        moves (draw, swap, knock …) as long as a pass."""
        from felt.ui.playlog import builder
        v = getattr(self, "view", None) or {}
        me = v.get("seat")
        settings = getattr(self, "settings", None)
        speed = settings.get("speed") if isinstance(settings, dict) else None
        try:
            build, _text = builder(v.get("game"))
            entries = build(list(events or []), None)
        except Exception:
            return 0.0
        t = pacing.hold_seconds(entries, me, speed, self.backlog)
        f = pacing.factor(speed, self.backlog)
        for e in entries:
            if e.kind not in ("play", "pass", "trick", "round_over", "round") and not e.effect \
                    and e.seat is not None and e.seat != me:
                t += pacing.PASS * f
        return t

    def setup_round_bar(self, on_next: Callable[[], Any] | None, on_new_match: Callable[[], Any] | None) -> None:
        self.rb_on_next = on_next
        self.rb_on_new_match = on_new_match
        self._rb_next = Button(i18n.t("gt.next_round"), self._rb_next_click, kind="primary",
                               hotkeys=(pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER))
        self._rb_new = Button(i18n.t("gt.new_match"), self._rb_new_click, kind="primary",
                              hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER))
        if self.size != (0, 0):
            self._rb_layout(*self.size)

    # the phase of the view shown
    def _rb_phase(self) -> str:
        v = getattr(self, "view", None) or {}
        return str(v.get("phase") or "")

    def _rb_next_click(self) -> None:
        if self.rb_on_next and not self._rb_sent:
            self._rb_sent = True
            self.rb_on_next()
            self.mark_dirty()

    def _rb_new_click(self) -> None:
        if self.rb_on_new_match:
            self.rb_on_new_match()

    def _rb_refresh(self) -> None:
        """Called by the controller when a 'next_round' was refused: the button works again."""
        self._rb_sent = False
        self.mark_dirty()

    def _rb_buttons(self) -> list[Button]:
        ph = self._rb_phase()
        out = []
        if ph == "round_over" and self._rb_next is not None and self.rb_on_next is not None:
            self._rb_next.enabled = not self._rb_sent
            out.append(self._rb_next)
        elif ph == "match_over" and self._rb_new is not None and self.rb_on_new_match is not None:
            out.append(self._rb_new)
        return out

    def _rb_layout(self, w: int, h: int) -> None:
        if self._rb_next is None:
            return
        L = getattr(self, "L", None)
        rect = getattr(L, "play_btn", None)
        if not isinstance(rect, pygame.Rect):
            # the row of the scene's own action buttons (hidden while a round is over)
            own = [b.rect for b in vars(self).values() if isinstance(b, Button) and not isinstance(b, IconButton)
                   and b not in (self._rb_next, self._rb_new) and b.rect.w > 0 and b.rect.bottom <= h]
            if own:
                low = max(own, key=lambda r: r.bottom)
                row = low.unionall([r for r in own if abs(r.top - low.top) < 4])
                rect = pygame.Rect(0, row.top, min(max(low.w, 220), row.w, w - 24), row.h)
                rect.centerx = row.centerx       # where the scene's own buttons were
            else:
                rect = pygame.Rect(0, h - 52 - 12, min(260, w - 24), 52)
                rect.centerx = w // 2
        else:
            rect = rect.copy()
            rect.w = max(rect.w, min(w - 24, 220))
            rect.centerx = w // 2                # under the result panel, in the middle
        px = getattr(L, "px", {}).get("button", 18) if L is not None else 18
        for b in (self._rb_next, self._rb_new):
            b.set_rect(rect)
            b.px = px

    # Scene hooks ---------------------------------------------------------------
    def layout(self, w: int, h: int) -> None:
        super().layout(w, h)
        self._rb_layout(w, h)

    def set_view(self, view: dict, events=()) -> None:
        if (view or {}).get("phase") != "round_over":
            self._rb_sent = False
        super().set_view(view, events)
        events = list(events or ())
        if events:
            self._rb_hold_until = time.monotonic() + self.hold_for(events)

    def animating(self) -> bool:
        return super().animating() or self.hold() > 0

    def _rb_covered(self) -> bool:
        """The scene's play-log drawer is open over the table (phones): it takes the taps."""
        is_open = getattr(self, "drawer_open", None)
        return bool(is_open()) if callable(is_open) else False

    def handle(self, inp: Input) -> None:
        btns = [] if self._rb_covered() else self._rb_buttons()
        if btns and self.dispatch(inp, btns):
            return
        super().handle(inp)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self._rb_covered():
            return
        btns = self._rb_buttons()
        for b in btns:
            b.draw(surface)
        if not btns and self._rb_phase() == "round_over" and self.rb_on_next is None and self._rb_next is not None:
            r = self._rb_next.rect
            draw_text(surface, i18n.t("gt.wait_host"), r, max(12, self._rb_next.px - 2), theme.TEXT_DIM)

    def rb_rects(self) -> dict:
        """The round bar's buttons shown now (remote control and tests)."""
        return {("next_round" if b is self._rb_next else "new_match"): b.rect for b in self._rb_buttons()}


def with_round_bar(cls):
    """A subclass of the game's scene class with the round bar (cached per class)."""
    sub = _CACHE.get(cls)
    if sub is None:
        sub = _CACHE[cls] = type(cls.__name__ + "WithBar", (RoundBar, cls), {})
    return sub

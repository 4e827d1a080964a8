"""The player's card style (settings, window and phone): four-colour suits and big indices
("Große Zeichen"). Kept in ``Settings.four_colour`` / ``Settings.big_index``, handed to the
card art (``cardart.set_style``), switched from the menu (``card_style_items``)."""
from __future__ import annotations

from felt.ui import cardart, i18n


def apply_card_style(settings) -> None:
    """Make the card art draw in the style the settings ask for."""
    cardart.set_style(bool(getattr(settings, "four_colour", False)), bool(getattr(settings, "big_index", False)))


def toggle(ctl, name: str) -> None:
    """Switch one style option of the controller's settings, save it, redraw."""
    setattr(ctl.settings, name, not bool(getattr(ctl.settings, name)))
    ctl.save_settings()                 # saves and applies (Controller.save_settings)
    sc = ctl.game_scene() if hasattr(ctl, "game_scene") else None
    for scene in (sc, getattr(ctl.stack, "top", None)):
        mark = getattr(scene, "mark_dirty", None)
        if callable(mark):
            mark()


def card_style_items(ctl) -> list:
    """The menu's two switches, each with its state ("Vier Farben: aus"); switched in place,
    the menu stays open (``MenuOverlay``'s kind ``"switch"``)."""
    s = ctl.settings
    return [(i18n.t("cards.four_colour") + ": " + i18n.t("on" if s.four_colour else "off"),
             lambda: toggle(ctl, "four_colour"), "switch"),
            (i18n.t("cards.big_index") + ": " + i18n.t("on" if s.big_index else "off"),
             lambda: toggle(ctl, "big_index"), "switch")]

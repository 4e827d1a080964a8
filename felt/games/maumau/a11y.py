"""Mau-Mau's table in words, for the phone page's screen-reader layer (felt/ui/a11y.py).

What a reader cannot see on the canvas is said here: the card on top of the discard pile,
the wished suit, the sevens' cards to draw, the draw pile's count, the line above the hand,
who is out; at a round's end every seat's place, the cards it was left with and its points.
The suit picker after a Bube is a row of buttons named by suit, the "Mau!" toggle a toggle.
"""
from __future__ import annotations

from felt.games.maumau.log import card_name, suit_name
from felt.games.maumau.standings import match_order
from felt.ui import i18n


def _over(scene) -> bool:
    return scene.view.get("phase") in ("round_over", "match_over")


def lines(scene) -> list[str]:
    """The table's sentences: in play the piles and the seats; at a round's end the results."""
    return result_lines(scene) if _over(scene) else table_lines(scene)


def table_lines(scene) -> list[str]:
    view = scene.view
    out = _pile(scene)
    pend = int(view.get("pending") or 0)
    out.append(i18n.t("mm.a11y_stock", n=int(view.get("draw_count") or 0)))
    text, _col = scene.turn_hint()
    if scene.picking is not None:
        text = i18n.t("mm.pick_suit")          # the picker's question (the suits are buttons)
    elif view.get("wish") or pend:
        text = ""                              # the line above the hand says the wish or the sevens again
    if text:
        out.append(text)
    out += _counts(scene)
    return out


def _counts(scene) -> list[str]:
    view = scene.view
    places = list(view.get("places") or [])
    out = []
    for s, c in enumerate(view.get("counts") or []):
        if s in places:
            out.append(i18n.t("mm.a11y_out", name=scene._label(s), place=places.index(s) + 1))
        elif isinstance(c, int):
            out.append(i18n.t("a11y.cards_me" if s == scene.seat else "a11y.cards", name=scene.seat_name(s), n=c))
    return out


def result_lines(scene) -> list[str]:
    """The results panel in sentences: its title, a line per seat (place, name, the cards
    left in hand, the round's points and the total, or the first places), the notes."""
    view = scene.view
    n = int(view.get("n") or 0)
    ctx = scene.log_context()
    points = scene.rules is not None and scene.rules.scoring == "points"
    out = [scene.phase_line()]
    if view.get("phase") == "match_over":
        order = match_order(view, points)
    else:
        order = (view.get("history") or [list(range(n))])[-1]
    rounds = view.get("round_points") or []
    rp = rounds[-1] if rounds else [0] * n
    shown = view.get("hands_shown") or [[] for _ in range(n)]
    for i, seat in enumerate(order):
        parts = [f"{i + 1}. {scene._label(seat)}"]
        cards = shown[seat] if seat < len(shown) else []
        if cards:
            parts.append(", ".join(card_name(c, ctx) for c in cards))
        elif view.get("phase") == "round_over":
            parts.append(i18n.t("mm.a11y_no_cards"))
        if points:
            parts.append(i18n.t("mm.a11y_points", n=rp[seat], total=view["totals"][seat]))
        else:
            parts.append(i18n.t("mm.a11y_firsts", n=view["standings"][seat][0]))
        out.append(": ".join(parts[:2]) + ("; " + "; ".join(parts[2:]) if parts[2:] else ""))
    out += scene._result_notes()
    return [x for x in out if x]


def taps(scene) -> list[tuple[list, str, bool]]:
    """The suit picker's suits while a Bube asks for its wish; else the "Mau!" toggle."""
    if scene.picking is not None:
        return [(["widget", f"suit_btns[{i}]"], suit_name(b.suit), None) for i, b in enumerate(scene.suit_btns)]
    if scene.mau_btn.visible and scene.mau_btn.enabled and not _over(scene):
        return [(["widget", "mau_btn"], i18n.t("mm.mau"), scene.mau_on)]
    return []


def widgets(scene, names: list[str]) -> list[str]:
    """While the picker is open only its "Abbrechen" (the suits come from :func:`taps`: their
    buttons have no text); else everything but the picker and the Mau toggle (a toggle there),
    and at a round's end not "Ziehen" either."""
    if scene.picking is not None:
        return [n for n in names if n == "cancel_btn"]
    gone = {"cancel_btn", "mau_btn"} | ({"action_btn"} if _over(scene) else set())   # not drawn at the results
    return [n for n in names if n not in gone and not n.startswith("suit_btns")]


def card_off(scene, cid) -> bool:
    """A card a tap cannot play now: every card off turn, on turn one that does not fit
    (dimmed in the hand)."""
    if not scene.my_turn or scene.pending:
        return True                  # a tap does nothing then (MauMauScene.tap_card): say so
    return bool(scene.picking is None and not scene._lit(cid))


def moves(scene) -> list[tuple[str, dict]]:
    """Each card that can be played, once, as one button ("Pik Dame legen"; a Bube with each
    wish: "Kreuz Bube legen, Herz wünschen"); with the "Mau" call where the move has one."""
    ctx = scene.log_context()
    best: dict[tuple, dict] = {}
    for m in scene.legal_moves():
        if m.get("kind") != "play" or scene.gesture(m) is None:
            continue
        key = (m.get("card"), m.get("suit") or "")
        if key not in best or (m.get("call") and not best[key].get("call")):
            best[key] = m
    out = []
    for (card, suit), m in sorted(best.items(), key=lambda kv: bool(kv[0][1])):     # a Bube's wishes last
        what = card_name(card, ctx)
        label = i18n.t("mm.a11y_play_wish", card=what, suit=suit_name(suit)) if suit else \
            i18n.t("a11y.play_move", what=what)
        out.append((label, m))
    return out


def top(scene) -> str:
    """What lies: the card on top, the wished suit, the sevens' cards to draw."""
    return ". ".join(_pile(scene)) if not _over(scene) else ""


def _pile(scene) -> list[str]:
    view = scene.view
    out = []
    disc = view.get("discard") or []
    if disc:
        out.append(i18n.t("mm.a11y_top", card=card_name(disc[-1], scene.log_context())))
    if view.get("wish"):
        out.append(i18n.t("mm.wished", suit=suit_name(view["wish"])))
    pend = int(view.get("pending") or 0)
    if pend:
        mover = view.get("to_move")
        me = mover is not None and mover == scene.seat
        out.append(i18n.t("mm.a11y_pending_me" if me else "mm.a11y_pending", n=pend, name=scene._name(mover)))
    return out


def scores(scene) -> str:
    """The match so far: each seat's points (fewest first), else its first places."""
    view = scene.view
    points = scene.rules is not None and scene.rules.scoring == "points"
    order = match_order(view, points)
    if points:
        return ", ".join(i18n.t("a11y.points", name=scene._label(s), n=view["totals"][s]) for s in order)
    return ", ".join(f"{scene._label(s)}: " + i18n.t("mm.a11y_firsts", n=view["standings"][s][0]) for s in order)

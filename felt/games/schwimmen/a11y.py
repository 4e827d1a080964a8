"""Schwimmen's table in words, for the phone page's screen-reader layer (felt/ui/a11y.py).

In play: the own hand's value and lives (what the label beside the hand says), what to do
now (or that this seat sits a Stechen out, and between whom it is), the stock's count, and
every other seat's lives (swimming, out), who deals and who knocked, who plays the Stechen
and who sits it out; the middle's cards are the layer's "table" buttons (named there). At a round's
end: the result's lines (why the round ended, who loses a life, who swims, who is out, who
won), then every hand shown with its cards and value, then each seat's lives.
"""
from __future__ import annotations

from felt.games.schwimmen.engine import hand_value2, is_feuer, value_text
from felt.games.schwimmen.log import card_name
from felt.ui import i18n


def lines(scene) -> list[str]:
    view = scene.view
    if view.get("phase") in ("round_over", "match_over"):
        return result_lines(scene)
    return table_lines(scene)


def _value(scene, hand) -> str:
    feuer = is_feuer(hand) and bool((scene.view.get("rules") or {}).get("feuer"))
    return value_text(hand_value2(hand), feuer)


def _seat(scene, s: int) -> str:
    """A seat's lives and marks: "Bot 1: 2 Leben, Geber, klopft"."""
    view = scene.view
    marks = [scene._lives_text(s)]
    if view.get("dealer") == s:
        marks.append(i18n.t("sw.dealer"))
    if view.get("knocker") == s:
        marks.append(i18n.t("sw.knock_badge"))
    if s in (view.get("final_left") or []):
        marks.append(i18n.t("sw.last_turn"))
    if s in scene.tied_seats():              # plays the Stechen
        marks.append(i18n.t("sw.tied_badge"))
    elif s in scene.sitting_out_seats():     # sits it out: no cards, no turn
        marks.append(i18n.t("sw.sits_out_badge"))
    all_taken = view.get("taken") or []
    taken = [c for c in (all_taken[s] if s < len(all_taken) else []) if isinstance(c, int)]
    if taken and s != scene.seat:           # the cards it took from the middle, face up on its box
        marks.append(i18n.t("sw.a11y_taken", cards=", ".join(card_name(c, scene.log_context()) for c in taken)))
    return f"{scene._name(s)}: " + ", ".join(marks)


def table_lines(scene) -> list[str]:
    view = scene.view
    out = []
    hand = list(view.get("hand") or [])
    me = scene.seat
    if me is not None and len(hand) == 3:
        out.append(i18n.t("sw.a11y_hand", v=_value(scene, hand)))
    if me is not None and me in scene.sitting_out_seats():
        out.append(scene.sit_out_hint())     # between whom the Stechen is, and that the place stays
    if view.get("choosing") and scene.my_turn:
        out.append(i18n.t("sw.choose"))
    elif scene.my_turn and view.get("phase") == "play":
        out.append(i18n.t("sw.a11y_hint"))
    out.append(i18n.t("sw.a11y_stock", n=int(view.get("stock") or 0)))
    n = int(view.get("n") or 0)
    order = ([me] if me is not None else []) + [s for s in range(n) if s != me]
    out += [_seat(scene, s) for s in order if s is not None and s < len(view.get("lives") or [])]
    return out


def result_lines(scene) -> list[str]:
    view = scene.view
    ctx = scene.log_context()
    out = [t for t, _col in scene.result_lines()]
    sd = view.get("showdown") or {}
    hands = sd.get("hands") or []
    for s, hand in enumerate(hands):
        if hand:
            cards = ", ".join(card_name(c, ctx) for c in hand)
            out.append(i18n.t("sw.a11y_shown", name=scene._name(s), cards=cards, v=_value(scene, list(hand))))
    n = int(view.get("n") or 0)
    if view.get("lives") and n:
        out.append(i18n.t("sw.a11y_lives"))
        out += [f"{scene._name(s)}: {scene._lives_text(s)}" for s in range(n)]
    return [x for x in out if x]


def card_off(scene, cid) -> bool:
    """A hand card a tap cannot swap now: every card off turn, while the dealer chooses
    between the hands, while a move is on its way."""
    view = scene.view
    return not (scene.my_turn and not scene.pending and view.get("phase") == "play" and not view.get("choosing"))


def top(scene) -> str:
    """What lies in the middle, the cards by name."""
    mid = [c for c in scene.view.get("middle") or [] if isinstance(c, int)]
    if not mid or scene.view.get("phase") in ("round_over", "match_over"):
        return ""
    return i18n.t("a11y.middle", cards=", ".join(card_name(c, scene.log_context()) for c in mid))


def lives(scene) -> str:
    """Every seat's lives (swimming, out): the cards each holds are three."""
    view = scene.view
    n = int(view.get("n") or 0)
    if not view.get("lives"):
        return ""
    return ", ".join(f"{scene._name(s)}: {scene._lives_text(s)}" for s in range(n))


def moves(scene) -> list[tuple[str, dict]]:
    """Each swap as one button ("Pik Ass nehmen, Herz 8 geben"), by the middle's cards: a swap
    is two taps on the table (a hand card, a middle card)."""
    ctx = scene.log_context()
    swaps = [m for m in scene.legal_moves() if m.get("kind") == "swap"]
    mid = list(scene.view.get("middle") or [])
    hand = list(scene.view.get("hand") or [])
    swaps.sort(key=lambda m: (mid.index(m["take"]) if m.get("take") in mid else 9,
                              hand.index(m["give"]) if m.get("give") in hand else 9))
    return [(i18n.t("sw.a11y_swap", take=card_name(m["take"], ctx), give=card_name(m["give"], ctx)), m) for m in swaps]

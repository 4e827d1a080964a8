"""Mau-Mau's lines in the window's play log ("Verlauf", ``felt.ui.playlog``): plays (with the
card and a wish), draws (how many, never which: other seats' events carry no cards), keeps,
skips, reverses, forgotten Mau calls, who went out and the end of a round.
``LINES`` is what ``Game.log_lines()`` gives the log."""
from __future__ import annotations

from felt.ui import i18n
from felt.ui.playlog import Entry, GameLines, LogContext, LogLines, each_event


SUITS = {"de": {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo", "E": "Eichel", "G": "Grün", "B": "Schellen"},
         "en": {"C": "Clubs", "S": "Spades", "H": "Hearts", "D": "Diamonds", "E": "Acorns", "G": "Leaves",
                "B": "Bells"}}
RANKS = {"de": {"J": "Bube", "Q": "Dame", "K": "König", "A": "Ass", "U": "Unter", "O": "Ober"},
         "en": {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace", "U": "Unter", "O": "Ober"}}


def _lang() -> str:
    return "de" if i18n.get_lang() == "de" else "en"


def suit_name(code) -> str:
    return SUITS[_lang()].get(str(code), str(code))


def card_name(cid, ctx: LogContext) -> str:
    deck = ctx.deck if ctx is not None else None
    if deck is None or not isinstance(cid, int) or not 0 <= cid < len(deck):
        return i18n.t("mmlog.card")
    c = deck[cid]
    suit, rank = suit_name(c.suit), RANKS[_lang()].get(c.rank, c.rank)
    return f"{suit} {rank}" if _lang() == "de" else f"{rank} of {suit}"     # "Herz Dame", "Queen of Hearts"


def build(events, ctx: LogContext | None = None) -> list[Entry]:
    out: list[Entry] = []
    for ev, typ, seat in each_event(events):
        if typ == "round_start":
            out.append(Entry("round", None, params={"n": ev.get("round_no", 1)}))
        elif typ == "start_card":
            out.append(Entry("start", None, [ev.get("card")]))
        elif typ == "play":
            out.append(Entry("play", seat, [ev.get("card")], {"suit": ev.get("suit") or "",
                                                              "call": ev.get("call") or ""}))
        elif typ == "wish" and out and out[-1].kind == "play" and out[-1].seat == seat:
            out[-1].params["wish"] = ev.get("suit") or ""
        elif typ == "draw":
            out.append(Entry("draw", seat, params={"n": int(ev.get("count") or 0),
                                                   "seven": ev.get("reason") == "seven"}))
        elif typ in ("keep", "pass", "again"):
            out.append(Entry(typ, seat))
        elif typ in ("skip", "reverse", "reshuffle"):
            out.append(Entry(typ, seat, effect=True))
        elif typ == "forgot_mau":
            out.append(Entry("forgot", seat, params={"call": ev.get("call") or "mau",
                                                     "n": int(ev.get("penalty") or 0)}, effect=True))
        elif typ == "out":
            out.append(Entry("out", seat, params={"place": int(ev.get("place") or 0)}, effect=True))
        elif typ == "round_over":
            _no_wish_going_out(out)
            out.append(Entry("round_over", None, params={"places": list(ev.get("places") or [])},
                             ends_trick=True, effect=True))
    return out


def _no_wish_going_out(out: list[Entry]) -> None:
    """A Bube that went out and so ended the round wished for nothing (nobody plays on it;
    the table asks no wish then): its line says the play without one."""
    if len(out) >= 2 and out[-1].kind == "out" and out[-2].kind == "play" and out[-2].seat == out[-1].seat:
        out[-2].params.pop("wish", None)


def text(e: Entry, ctx: LogContext) -> str:
    nm = ctx.name(e.seat)
    kind = e.kind

    def say(key: str, **kw) -> str:
        return LogLines.say(key, e, ctx, **kw)
    if kind == "round":
        return say("mmlog.round", n=e.params.get("n", 1))
    if kind == "start":
        return say("mmlog.start", card=card_name(e.cards[0] if e.cards else None, ctx))
    if kind == "play":
        card = card_name(e.cards[0] if e.cards else None, ctx)
        if e.params.get("wish"):
            line = say("mmlog.play_wish", name=nm, card=card, suit=suit_name(e.params["wish"]))
            if e.params.get("call"):       # a Bube as the last but one card: the wish and the call
                line += " · „{}“".format("Mau" if e.params["call"] == "mau" else "Mau-Mau")
            return line
        if e.params.get("call"):
            return say("mmlog.play_call", name=nm, card=card,
                       call="Mau" if e.params["call"] == "mau" else "Mau-Mau")
        return say("mmlog.play", name=nm, card=card)
    if kind == "draw":
        return say("mmlog.draw_seven" if e.params.get("seven") else "mmlog.draw", name=nm, n=e.params.get("n", 1))
    if kind == "forgot":
        return say("mmlog.forgot", name=nm, call="Mau" if e.params.get("call") == "mau" else "Mau-Mau",
                   n=e.params.get("n", 0))
    if kind == "out":
        return say("mmlog.out", name=nm, place=int(e.params.get("place", 0)) + 1)
    key = "mmlog." + kind
    return say(key, name=nm) if i18n.has(key) else kind


LINES = GameLines(build, text, sections="round", card_name=card_name)

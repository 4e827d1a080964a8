"""Schwimmen's lines in the window's play log ("Verlauf", ``felt.ui.playlog``): the dealer's
choice, swaps (the card taken from the middle is public, the one given too), swap-all, pass,
knock, a new middle after everyone passed, the showdown (who loses a life, who swims, who is
out) and the match's end. ``LINES`` is what ``Game.log_lines()`` gives the log."""
from __future__ import annotations

from felt.ui import i18n
from felt.ui.playlog import Entry, GameLines, LogContext, LogLines, each_event


def build(events, ctx: LogContext | None = None) -> list[Entry]:
    out: list[Entry] = []
    for ev, typ, seat in each_event(events):
        if typ == "round_start":
            stechen = [x for x in ev.get("stechen") or [] if isinstance(x, int)]    # its players only
            out.append(Entry("round", None, params={"n": ev.get("round", 1), "stechen": stechen}))
        elif typ == "swap":
            # the card taken from the middle and the one given are public
            # (named in the line; no card chips: the line would be too long to read)
            out.append(Entry("swap", seat, params={"take": ev.get("take"), "give": ev.get("give")}))
        elif typ == "swap_all":
            take = [c for c in (ev.get("take") or []) if isinstance(c, int)]
            out.append(Entry("swap_all", seat, take))
        elif typ in ("keep", "take", "pass", "knock"):
            out.append(Entry(typ, seat, effect=typ == "knock"))
        elif typ == "new_middle":
            out.append(Entry("new_middle", None, effect=True))
        elif typ == "showdown":
            out.append(Entry("showdown", ev.get("by"), params={"reason": str(ev.get("reason") or "")},
                             effect=True))
            losers = ev.get("losers") or {}
            for k in sorted(losers, key=lambda x: int(x) if str(x).isdigit() else 0):
                try:
                    out.append(Entry("loses", int(k), params={"k": int(losers[k] or 1)}))
                except (TypeError, ValueError):
                    pass
            for s in ev.get("newly_swimming") or []:
                out.append(Entry("swims", s))
            for s in ev.get("newly_out") or []:
                out.append(Entry("out", s))
        elif typ == "round_over":
            out.append(Entry("round_over", None, ends_trick=True))
        elif typ == "match_over":
            out.append(Entry("match_over", ev.get("winner"), ends_trick=True, effect=True))
    return out


_SUIT_NAMES = {"de": {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo", "E": "Eichel", "G": "Grün",
                      "B": "Schellen"},
               "en": {"C": "Clubs", "S": "Spades", "H": "Hearts", "D": "Diamonds", "E": "Acorns", "G": "Leaves",
                      "B": "Bells"}}
_RANK_NAMES = {"de": {"J": "Bube", "Q": "Dame", "K": "König", "A": "Ass", "U": "Unter", "O": "Ober"},
               "en": {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace", "U": "Unter", "O": "Ober"}}


def card_name(cid, ctx: LogContext | None) -> str:
    """'Herz Ass' / 'Ace of Hearts' for a card id, from the scene's deck (its code names the
    real suit, also for German cards drawn with other glyphs)."""
    from felt.games.schwimmen.engine import RANKS_FR, SUITS_FR
    lang = "de" if i18n.get_lang() == "de" else "en"
    deck = ctx.deck if ctx is not None else None
    suit, rank = None, None
    if deck is not None and isinstance(cid, int) and 0 <= cid < len(deck):
        code = str(getattr(deck[cid], "code", "") or "")
        if code.startswith("sw") and len(code) >= 5:
            suit, rank = code[3], code[4:]
    if suit is None and isinstance(cid, int) and 0 <= cid < 32:
        suit, rank = SUITS_FR[cid >> 3], RANKS_FR[cid & 7]
    if suit is None:
        return "?"
    suit, rank = _SUIT_NAMES[lang].get(suit, suit), _RANK_NAMES[lang].get(rank, rank)
    return f"{suit} {rank}" if lang == "de" else f"{rank} of {suit}"       # "Herz Ass", "Ace of Hearts"


def text(e: Entry, ctx: LogContext) -> str:

    def say(key: str, **kw) -> str:
        return LogLines.say(key, e, ctx, **kw)
    kind = e.kind
    nm = ctx.name(e.seat)
    if kind == "round":
        if e.params.get("stechen"):
            return i18n.t("swlog.round_stechen", n=e.params.get("n", 1),
                          names=i18n.join_names(ctx.name(s) for s in e.params["stechen"]))
        return i18n.t("swlog.round", n=e.params.get("n", 1))
    if kind == "swap" and isinstance(e.params.get("take"), int) and isinstance(e.params.get("give"), int):
        return say("swlog.swap_cards", name=nm, take=card_name(e.params["take"], ctx),
                   give=card_name(e.params["give"], ctx))
    if kind == "showdown":
        reason = str(e.params.get("reason") or "")
        key = "swlog.showdown_" + reason
        if i18n.has(key):
            return say(key, name=nm)
        return i18n.t("swlog.showdown")
    if kind == "match_over" and e.seat is None:
        return i18n.t("res.ended_early")
    if kind == "loses":
        return say("swlog.loses", name=nm, n=int(e.params.get("k", 1)))
    key = "swlog." + kind
    if not i18n.has(key):
        return kind
    return say(key, name=nm)


LINES = GameLines(build, text, sections="round", card_name=card_name)

"""Schwimmen's lines in the window's play log ("Verlauf", ``felt.ui.playlog``): the dealer's
choice, swaps (the card taken from the middle is public, the one given too), swap-all, pass,
knock, a new middle after everyone passed, the showdown (who loses a life, who swims, who is
out) and the match's end. Registered when this module is imported (the Schwimmen scene
imports it)."""
from __future__ import annotations

from felt.ui import i18n
from felt.ui.playlog import Entry, LogContext, register_builder

TEXTS = {
    "swlog.round": ("Runde {n} beginnt", "Round {n} begins"),
    "swlog.keep": ("{name} (Geber) behält die Hand", "{name} (dealer) keeps the hand"),
    "swlog.take": ("{name} (Geber) nimmt die andere Hand", "{name} (dealer) takes the other hand"),
    "swlog.swap": ("{name} tauscht eine Karte", "{name} swaps one card"),
    "swlog.swap_all": ("{name} tauscht alle drei", "{name} swaps all three"),
    "swlog.pass": ("{name} schiebt", "{name} passes"),
    "swlog.knock": ("{name} klopft", "{name} knocks"),
    "swlog.new_middle": ("Alle haben geschoben: neue Mitte", "Everyone passed: a new middle"),
    "swlog.showdown": ("Aufdecken", "Showdown"),
    "swlog.loses": ("{name} verliert ein Leben", "{name} loses a life"),
    "swlog.swims": ("{name} schwimmt", "{name} swims"),
    "swlog.out": ("{name} ist raus", "{name} is out"),
    "swlog.round_over": ("Die Runde ist vorbei", "The round is over"),
    "swlog.match_over": ("{name} gewinnt die Partie", "{name} wins the match"),
}
i18n.add_texts(TEXTS)


def build(events, ctx: LogContext | None = None) -> list[Entry]:
    out: list[Entry] = []
    for ev in events:
        if not isinstance(ev, dict):
            continue
        typ = ev.get("type")
        seat = ev.get("seat")
        if typ == "round_start":
            out.append(Entry("round", None, params={"n": ev.get("round", 1)}))
        elif typ in ("keep", "take", "swap", "swap_all", "pass", "knock"):
            out.append(Entry(typ, seat, effect=typ == "knock"))
        elif typ == "new_middle":
            out.append(Entry("new_middle", None, effect=True))
        elif typ == "showdown":
            out.append(Entry("showdown", None, effect=True))
            for k in sorted((ev.get("losers") or {}), key=lambda x: int(x) if str(x).isdigit() else 0):
                try:
                    out.append(Entry("loses", int(k)))
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


def text(e: Entry, ctx: LogContext) -> str:
    key = "swlog." + e.kind
    if not i18n.has(key):
        return e.kind
    if e.kind == "round":
        return i18n.t(key, n=e.params.get("n", 1))
    return i18n.t(key, name=ctx.name(e.seat))


register_builder("schwimmen", build, text)

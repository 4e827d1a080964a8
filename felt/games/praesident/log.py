"""Präsident's lines in the window's play log ("Verlauf", ``felt.ui.playlog``): plays and
passes, skips, clears and revolutions, who went out with which title, tricks, the exchange
and who leads."""
from __future__ import annotations

from felt.games.praesident.words import play_kind, title_text
from felt.ui import i18n
from felt.ui.playlog import Entry, GameLines, LogContext, LogLines


def build(events, ctx: LogContext | None = None) -> list[Entry]:
    """Präsident's events as log entries, in order."""
    out: list[Entry] = []
    for ev in events:
        typ = ev.get("type")
        seat = ev.get("seat")
        if typ == "round_start":
            out.append(Entry("round", None, params={"n": ev.get("round_no", 1)}))
        elif typ == "play":
            cards = list(ev.get("cards") or [])
            kind = "joker" if (ev.get("joker") or ev.get("kind") == "joker") else "play"
            out.append(Entry("play", seat, cards, {"kind": ev.get("kind", "set"), "size": ev.get("size", len(cards))}))
            if kind == "joker":
                out.append(Entry("joker", seat, effect=True))
        elif typ == "pass":
            out.append(Entry("pass", seat, params={"auto": bool(ev.get("auto"))}))
        elif typ == "skip":
            out.append(Entry("skip", seat, effect=True))
        elif typ == "clear":
            out.append(Entry("clear", seat, params={"reason": ev.get("reason", "")}, effect=True))
        elif typ == "revolution":
            out.append(Entry("revolution", seat, params={"on": bool(ev.get("on", True))}, effect=True))
        elif typ == "out":
            out.append(Entry("out", seat, params={"place": int(ev.get("place", 0)), "last": bool(ev.get("last"))},
                             effect=True))
        elif typ == "trick_won":
            out.append(Entry("trick", seat, params={"leader": ev.get("leader", seat)}, ends_trick=True))
        elif typ == "exchange_done":
            out.append(Entry("exchange_done"))
        elif typ in ("exchange_auto", "give"):
            # the cards only where this seat may see them (the filtered event carries them)
            out.append(Entry("ex_auto" if typ == "exchange_auto" else "ex_give", seat,
                             list(ev.get("cards") or []), {"to": ev.get("to"), "n": int(ev.get("count") or 0)}))
        elif typ == "wish":
            out.append(Entry("ex_wish", seat, params={"to": ev.get("to"), "ranks": ev.get("ranks")}))
        elif typ == "lead_chosen":
            out.append(Entry("lead", seat, params={"reason": str(ev.get("reason") or "")}))
        elif typ == "round_over":
            out.append(Entry("round_over", None, params={"places": list(ev.get("places") or [])},
                             ends_trick=True, effect=True))
    return out


def _rank(rank: str, ctx: LogContext) -> str:
    """A rank as the log shows it ("D"), or in words where the line is read aloud ("Dame")."""
    return i18n.rank_name(rank) if ctx.spoken else i18n.rank_label(rank)


def _play_words(entry: Entry, ctx: LogContext) -> str:
    if ctx.play_text is not None and not ctx.spoken:
        return ctx.play_text(entry)
    n = len(entry.cards)
    seq = entry.params.get("kind") == "seq"
    kind = play_kind(n, seq)
    if entry.params.get("kind") == "joker":
        return "Joker"
    if ctx.deck is not None and not seq:
        nat = [ctx.deck[c] for c in entry.cards if 0 <= c < len(ctx.deck) and not ctx.deck[c].joker]
        if nat:
            jok = n - len(nat)
            extra = " + Joker" if jok == 1 else (f" + {jok} Joker" if jok else "")
            return f"{kind} {_rank(nat[0].rank, ctx)}{extra}"
    return kind


def play_words(entry: Entry, ctx: LogContext) -> str:
    """A play in words ("Paar Dame"; ranks in words where ``ctx.spoken``)."""
    return _play_words(entry, ctx)


def _title(ctx: LogContext, place: int) -> str:
    if 0 <= place < len(ctx.titles):
        return title_text(ctx.titles[place])
    return f"{place + 1}."


def text(e: Entry, ctx: LogContext) -> str:
    nm = ctx.name(e.seat)
    k = e.kind

    def t(key: str, **kw) -> str:
        return LogLines.say(key, e, ctx, **kw)
    if k == "play":
        return i18n.t("log.play", name=nm, what=_play_words(e, ctx))
    if k == "pass":
        return t("log.pass_auto" if e.params.get("auto") else "log.pass", name=nm)
    if k == "skip":
        return t("log.skip", name=nm)
    if k == "clear":
        key = {"quad": "log.clear_quad", "twos": "log.clear_twos", "eights": "log.clear_eights"}.get(
            e.params.get("reason"), "log.clear")
        return i18n.t(key)
    if k == "revolution":
        return i18n.t("log.revolution_on" if e.params.get("on", True) else "log.revolution_off")
    if k == "joker":
        return i18n.t("log.joker")
    if k == "out":
        place = int(e.params.get("place", 0))
        return t("log.out_last" if e.params.get("last") else "log.out", name=nm, place=place + 1,
                 title=_title(ctx, place))
    if k == "trick":
        leader = e.params.get("leader", e.seat)
        if leader == e.seat or leader is None:
            return t("log.trick_won", name=nm)
        if ctx.me is not None and leader == ctx.me:
            return i18n.t("log.trick_won_next_you_lead", name=nm)
        return t("log.trick_won_next", name=nm, leader=ctx.name(leader))
    if k == "round":
        return i18n.t("log.round_start", n=e.params.get("n", 1))
    if k == "exchange_done":
        return i18n.t("log.exchange_done")
    if k in ("ex_auto", "ex_give"):
        return t("log." + k, name=nm, to=ctx.name_obj(e.params.get("to")), n=e.params.get("n") or len(e.cards))
    if k == "ex_wish":
        ranks = e.params.get("ranks")
        if ranks is None:                      # not for my eyes: a wish between two others
            return t("log.ex_wish", name=nm, ranks="…")
        if not ranks:
            return t("log.ex_wish_none", name=nm)
        return t("log.ex_wish", name=nm, ranks=", ".join(_rank(r, ctx) for r in ranks))
    if k == "lead":
        key = "log.lead_" + str(e.params.get("reason"))
        return t(key, name=nm) if i18n.has(key) else t("log.lead", name=nm)
    if k == "round_over":
        return i18n.t("log.round_over")
    return k


LINES = GameLines(build, text, sections="trick")

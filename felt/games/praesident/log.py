"""Präsident's lines in the window's play log ("Verlauf", ``felt.ui.playlog``): plays and
passes, skips, clears and revolutions, who went out with which title, tricks, the exchange
and who leads."""
from __future__ import annotations

from felt.ui import i18n
from felt.ui.playlog import Entry, GameLines, LogContext, LogLines

TEXTS = {
    "log.pass": ("{name} passt", "{name} passes"),
    "log.pass_auto": ("{name} passt (kann nicht schlagen)", "{name} passes (cannot beat)"),
    "log.skip": ("{name} setzt aus (8 gespielt)", "{name} is skipped (an 8 was played)"),
    "log.clear_quad": ("Abgeräumt: vier Gleiche", "Cleared: four of a kind"),
    "log.clear_twos": ("Abgeräumt: 2er räumen ab", "Cleared: 2s clear"),
    "log.clear_eights": ("Abgeräumt: 8er räumen ab", "Cleared: 8s clear"),
    "log.clear": ("Abgeräumt", "Cleared"),
    "log.revolution_on": ("Revolution! Jetzt schlagen tiefe Karten", "Revolution! Low cards beat now"),
    "log.revolution_off": ("Gegenrevolution: wieder normale Reihenfolge", "Counter-revolution: normal order again"),
    "log.joker": ("Joker: schlägt alles", "Joker: beats everything"),
    "log.out": ("{name} ist raus: {place}. Platz ({title})", "{name} is out: place {place} ({title})"),
    "log.out_last": ("{name} bleibt übrig: {place}. Platz ({title})", "{name} is left: place {place} ({title})"),
    "log.trick_won": ("{name} gewinnt den Stich und spielt aus", "{name} takes the trick and leads"),
    "log.trick_won_next": ("{name} gewinnt den Stich · {leader} spielt aus",
                           "{name} takes the trick · {leader} leads"),
    "log.round_start": ("Runde {n}: Karten verteilt", "Round {n}: cards dealt"),
    "log.lead": ("{name} spielt aus", "{name} leads"),
    "log.exchange_done": ("Tausch fertig", "Exchange done"),
    "log.ex_auto.one": ("{name} gibt {to} die höchste Karte", "{name} gives {to} the highest card"),
    "log.ex_auto.other": ("{name} gibt {to} die {n} höchsten Karten", "{name} gives {to} the {n} highest cards"),
    "log.ex_give.one": ("{name} gibt {to} {n} Karte zurück", "{name} gives {to} {n} card back"),
    "log.ex_give.other": ("{name} gibt {to} {n} Karten zurück", "{name} gives {to} {n} cards back"),
    "log.ex_wish": ("{name} wünscht sich: {ranks}", "{name} wishes for: {ranks}"),
    "log.ex_wish_none": ("{name} wünscht sich nichts", "{name} wishes for nothing"),
    "log.lead_first_seat": ("{name} spielt aus (erster Platz am Tisch)", "{name} leads (first seat)"),
    "log.lead_random": ("{name} spielt aus (Zufall)", "{name} leads (random)"),
    "log.lead_card": ("{name} spielt aus (hat die Startkarte)", "{name} leads (holds the leading card)"),
    "log.lead_draw": ("{name} spielt aus (tiefste gezogene Karte)", "{name} leads (lowest card drawn)"),
    "log.lead_last_place": ("{name} spielt aus (Letzter der vorigen Runde)", "{name} leads (last place of the last round)"),
    "log.round_over": ("Runde vorbei", "Round over"),
    # lines about myself ("Du bist raus", not "Du ist raus")
    "log.out_me": ("Du bist raus: {place}. Platz ({title})", "You are out: place {place} ({title})"),
    "log.out_last_me": ("Du bleibst übrig: {place}. Platz ({title})", "You are left: place {place} ({title})"),
    "log.trick_won_me": ("Du gewinnst den Stich und spielst aus", "You take the trick and lead"),
    "log.trick_won_next_me": ("Du gewinnst den Stich · {leader} spielt aus", "You take the trick · {leader} leads"),
    "log.skip_me": ("Du setzt aus (8 gespielt)", "You are skipped (an 8 was played)"),
    "log.ex_auto_me.one": ("Du gibst {to} die höchste Karte", "You give {to} the highest card"),
    "log.ex_auto_me.other": ("Du gibst {to} die {n} höchsten Karten", "You give {to} the {n} highest cards"),
    "log.ex_give_me.one": ("Du gibst {to} {n} Karte zurück", "You give {to} {n} card back"),
    "log.ex_give_me.other": ("Du gibst {to} {n} Karten zurück", "You give {to} {n} cards back"),
    "log.pass_me": ("Du passt", "You pass"),
    "log.pass_auto_me": ("Du passt (kannst nicht schlagen)", "You pass (cannot beat)"),
    # the trick's winner is someone else and I lead next
    "log.trick_won_next_you_lead": ("{name} gewinnt den Stich · du spielst aus", "{name} takes the trick · you lead"),
    "log.ex_wish_me": ("Du wünschst dir: {ranks}", "You wish for: {ranks}"),
    "log.ex_wish_none_me": ("Du wünschst dir nichts", "You wish for nothing"),
    "log.lead_first_seat_me": ("Du spielst aus (erster Platz am Tisch)", "You lead (first seat)"),
    "log.lead_random_me": ("Du spielst aus (Zufall)", "You lead (random)"),
    "log.lead_card_me": ("Du spielst aus (hast die Startkarte)", "You lead (you hold the leading card)"),
    "log.lead_draw_me": ("Du spielst aus (tiefste gezogene Karte)", "You lead (lowest card drawn)"),
    "log.lead_last_place_me": ("Du spielst aus (Letzter der vorigen Runde)", "You lead (last place of the last round)"),
    "log.lead_me": ("Du spielst aus", "You lead"),
}
i18n.add_texts(TEXTS)


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


def _play_words(entry: Entry, ctx: LogContext) -> str:
    if ctx.play_text is not None:
        return ctx.play_text(entry)
    n = len(entry.cards)
    seq = entry.params.get("kind") == "seq"
    kind = i18n.play_kind(n, seq)
    if entry.params.get("kind") == "joker":
        return "Joker"
    if ctx.deck is not None and not seq:
        nat = [ctx.deck[c] for c in entry.cards if 0 <= c < len(ctx.deck) and not ctx.deck[c].joker]
        if nat:
            jok = n - len(nat)
            extra = " + Joker" if jok == 1 else (f" + {jok} Joker" if jok else "")
            return f"{kind} {i18n.rank_label(nat[0].rank)}{extra}"
    return kind


def _title(ctx: LogContext, place: int) -> str:
    if 0 <= place < len(ctx.titles):
        return i18n.title_text(ctx.titles[place])
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
        return t("log.ex_wish", name=nm, ranks=", ".join(i18n.rank_label(r) for r in ranks))
    if k == "lead":
        key = "log.lead_" + str(e.params.get("reason"))
        return t(key, name=nm) if i18n.has(key) else t("log.lead", name=nm)
    if k == "round_over":
        return i18n.t("log.round_over")
    return k


LINES = GameLines(build, text, sections="trick")

"""Every text the window shows, in German (default) and English, in one place.

Use ``t("key", name="Anna")``; texts are ``str.format`` templates. ``set_lang("en")``
switches the language for the whole window. A missing key shows the key itself
(never crashes), and ``tests/test_ui_render.py`` checks both languages have every key.

A sentence with a count has a form for one and one for more: keys ``KEY.one`` and
``KEY.other``, and ``t("KEY", n=count)`` picks the form for ``count`` (``plural_form``).
A sentence about a player that can be this window's own player has a "you" form next to it
(``KEY_me``, ``KEY_you`` or ``PREFIX.you.REST``, depending on the module), with the verb
agreeing ("Du hast", "You have"); ``tests/test_ui_words.py`` checks they exist.
"""
from __future__ import annotations

LANGS = ("de", "en")
_lang = "de"

# key: (German, English)
TEXTS: dict[str, tuple[str, str]] = {
    # --- app / general -------------------------------------------------------
    "app.title": ("Felt Club", "Felt Club"),
    "app.subtitle": ("{games} am selben Tisch", "{games} at one table"),
    "app.and": ("und", "and"),
    "ok": ("OK", "OK"),
    "cancel": ("Abbrechen", "Cancel"),
    "back": ("Zurück", "Back"),
    "close": ("Schließen", "Close"),
    "save": ("Speichern", "Save"),
    "load": ("Laden", "Load"),
    "delete": ("Löschen", "Delete"),
    "yes": ("Ja", "Yes"),
    "no": ("Nein", "No"),
    "on": ("an", "on"),
    "off": ("aus", "off"),
    "continue": ("Weiter", "Continue"),
    "leave": ("Tisch verlassen", "Leave table"),
    "menu": ("Menü", "Menu"),
    "settings": ("Einstellungen", "Settings"),
    "language": ("Sprache", "Language"),
    "lang.de": ("Deutsch", "Deutsch"),
    "lang.en": ("English", "English"),
    "mute": ("Ton aus", "Mute"),
    "unmute": ("Ton an", "Sound on"),
    "sound": ("Ton", "Sound"),
    "auto_pass": ("Automatisch passen", "Pass automatically"),
    "auto_pass.hint": ("Passt, wenn nichts den Stapel schlägt", "Passes when nothing beats the pile"),
    "your_name": ("Dein Name", "Your name"),
    "name.default": ("Spieler", "Player"),
    "quit": ("Beenden", "Quit"),
    # --- start / discovery ---------------------------------------------------
    "start.tables": ("Tische im Netzwerk", "Tables on the network"),
    "start.searching": ("Suche Tische …", "Looking for tables …"),
    "start.none": ("Noch kein Tisch gefunden. Eröffne einen oder tritt per Adresse bei.",
                   "No table found yet. Host one or join by address."),
    "start.host": ("Tisch eröffnen", "Host a table"),
    "start.join_addr": ("Per Adresse beitreten", "Join by address"),
    "start.address": ("Adresse (IP:Port)", "Address (IP:port)"),
    "start.join": ("Beitreten", "Join"),
    "start.seats_free.one": ("{free} von {total} Platz frei", "{free} of {total} seat free"),
    "start.seats_free.other": ("{free} von {total} Plätzen frei", "{free} of {total} seats free"),
    "start.full": ("Voll", "Full"),
    "start.playing": ("Spiel läuft", "In play"),
    "start.your_seat": ("Dein Platz wartet", "Your seat waits"),
    "start.table_of": ("Tisch von {name}", "{name}'s table"),
    "start.mdns_hint": ("Kein Tisch sichtbar? Manche WLANs blockieren die Suche, dann per Adresse beitreten.",
                        "No table visible? Some Wi-Fi networks block discovery; join by address instead."),
    # --- lobby ---------------------------------------------------------------
    "lobby.title": ("Lobby", "Lobby"),
    "lobby.seat": ("Platz {n}", "Seat {n}"),
    "lobby.empty_seat": ("frei", "free"),
    "lobby.you": ("du", "you"),
    "lobby.host": ("Gastgeber", "host"),
    "lobby.bot": ("Bot", "Bot"),
    "lobby.add_bot": ("Bot hinzufügen", "Add bot"),
    "lobby.remove": ("Entfernen", "Remove"),
    "lobby.up": ("Nach oben", "Move up"),
    "lobby.down": ("Nach unten", "Move down"),
    "lobby.start": ("Spiel starten", "Start game"),
    "lobby.waiting": ("Warte auf den Gastgeber …", "Waiting for the host …"),
    "lobby.need_players.one": ("Mindestens {n} Spieler nötig", "At least {n} player needed"),
    "lobby.need_players.other": ("Mindestens {n} Spieler nötig", "At least {n} players needed"),
    "lobby.rules": ("Regeln", "Rules"),
    "lobby.template": ("Vorlage", "Template"),
    "lobby.game": ("Spiel", "Game"),
    "lobby.edit_rules": ("Regeln bearbeiten", "Edit rules"),
    "lobby.address": ("Adresse: {addr}", "Address: {addr}"),
    "lobby.level": ("Stufe", "Level"),
    "lobby.turn_timer": ("Zugzeit", "Turn timer"),
    "lobby.timer_off": ("Aus", "Off"),
    "lobby.seconds": ("{n} s", "{n} s"),
    "lobby.rounds": ("Runden", "Rounds"),
    "lobby.rounds_default": ("{n} (Standard)", "{n} (default)"),
    "lobby.options_line": ("Zugzeit: {timer} · Runden: {rounds}", "Turn timer: {timer} · Rounds: {rounds}"),
    "level.easy": ("leicht", "easy"),
    "level.normal": ("normal", "normal"),
    "level.hard": ("schwer", "hard"),
    # --- rule editor ---------------------------------------------------------
    "rules.title": ("Regeln bearbeiten", "Edit rules"),
    "rules.name": ("Name", "Name"),
    "rules.save_as": ("Speichern unter …", "Save as …"),
    "rules.saved": ("Gespeichert: {name}", "Saved: {name}"),
    "rules.loaded": ("Geladen: {name}", "Loaded: {name}"),
    "rules.invalid": ("Nicht möglich: {msg}", "Not possible: {msg}"),
    "rules.apply": ("Übernehmen", "Apply"),
    "rules.err.leader_card_none": ("Wähle die Startkarte: wer sie hat, beginnt die erste Runde",
                                   "Pick the leading card: its holder starts the first round"),
    "rules.err.joker_card_none": ("Wähle die Karte, die als Joker gilt", "Pick the card that acts as joker"),
    "rules.ranks": ("Ränge (tief → hoch)", "Ranks (low → high)"),
    "rules.copies": ("Kartenspiele", "Deck copies"),
    "rules.suits": ("Farben", "Suits"),
    "rules.suits.french": ("Französisch ♣♠♥♦", "French ♣♠♥♦"),
    "rules.suits.jass": ("Jass (Rosen, Schellen, Schilten, Eicheln)", "Jass (roses, bells, shields, acorns)"),
    "rules.jokers": ("Joker", "Jokers"),
    "rules.joker_card": ("Joker-Karte", "Joker card"),
    "rules.joker_power": ("Joker-Wirkung", "Joker power"),
    "rules.joker_power.beats_all": ("schlägt alles", "beats everything"),
    "rules.joker_power.wild": ("wild (ersetzt Karten)", "wild (stands in)"),
    "rules.joker_power.both": ("beides", "both"),
    "rules.players": ("Spieler", "Players"),
    "rules.min_players": ("Spieler min.", "Players min"),
    "rules.max_players": ("Spieler max.", "Players max"),
    "rules.largest_set": ("Größter Satz", "Largest set"),
    "rules.sequences": ("Folgen", "Sequences"),
    "rules.sequence_min": ("Folge min. Länge", "Sequence min length"),
    "rules.equal_beats": ("Gleicher Rang schlägt", "Equal rank beats"),
    "rules.passing": ("Passen", "Passing"),
    "rules.passing.voluntary": ("freiwillig", "voluntary"),
    "rules.passing.forced": ("Zwang (wer kann, muss)", "forced (must play if able)"),
    "rules.quad_clears": ("Vierling räumt ab", "Quad clears"),
    "rules.quad_clears.off": ("aus", "off"),
    "rules.quad_clears.exactly4": ("genau 4", "exactly 4"),
    "rules.quad_clears.4plus": ("4 oder mehr", "4 or more"),
    "rules.twos_clear": ("2er räumen ab", "Twos clear"),
    "rules.eights_clear": ("8er räumen ab", "Eights clear"),
    "rules.eight_skips": ("Einzelne 8 lässt aussetzen", "Single eight skips"),
    "rules.revolution": ("Revolution", "Revolution"),
    "rules.first_leader": ("Wer beginnt (Runde 1)", "First leader (round 1)"),
    "rules.first_leader.first_seat": ("Sitz 1", "seat 1"),
    "rules.first_leader.card": ("Besitzer einer Karte", "holder of a card"),
    "rules.first_leader.draw": ("Karte ziehen", "draw a card"),
    "rules.first_leader.random": ("Zufall", "random"),
    "rules.first_leader_card": ("Startkarte", "Leading card"),
    "rules.leftover": ("Übrige Karten", "Leftover cards"),
    "rules.leftover.first": ("an die Ersten beim Geben", "first in dealing order"),
    "rules.leftover.last": ("an den Letztplatzierten", "to the last place"),
    "rules.exchange": ("Kartentausch", "Card exchange"),
    "rules.exchange_top": ("Tausch 1.↔Letzter", "Exchange 1st↔last"),
    "rules.exchange_second": ("Tausch 2.↔Vorletzter", "Exchange 2nd↔2nd-last"),
    "rules.schnorren": ("Schnorren", "Wishes (schnorren)"),
    "rules.rounds": ("Runden pro Partie", "Rounds per match"),
    "rules.rounds.open": ("offen", "open-ended"),
    "rules.titles": ("Titel", "Titles"),
    "rules.titles.felt": ("Felt Club", "Felt Club"),
    "rules.titles.president": ("Präsident–Arschloch", "President–Arsehole"),
    "rules.titles.jass": ("König–Arschloch", "King–Arsehole"),
    # --- table ---------------------------------------------------------------
    "table.play": ("Legen", "Play"),
    "table.pass": ("Passen", "Pass"),
    "table.clear_sel": ("Auswahl aufheben", "Clear selection"),
    "table.your_turn": ("Du bist dran!", "Your turn!"),
    "table.turn_of": ("{name} ist dran", "{name} to play"),
    "table.waiting": ("Warte …", "Waiting …"),
    "table.round": ("Runde {n}", "Round {n}"),
    "table.round_of": ("Runde {n}/{total}", "Round {n}/{total}"),
    "table.cards.one": ("{n} Karte", "{n} card"),
    "table.cards.other": ("{n} Karten", "{n} cards"),
    "table.passed": ("passt", "passed"),
    "table.skipped": ("setzt aus", "skipped"),
    "table.out": ("raus", "out"),
    "table.lead": ("Ausspielen: freie Wahl", "Lead: any play"),
    "table.beat": ("Zu schlagen: {what}", "To beat: {what}"),
    "table.pile_empty": ("Stapel leer", "Pile empty"),
    "table.played_by": ("von {name}", "by {name}"),
    "table.played_by_you": ("von dir", "by you"),
    "table.select_hint": ("Karten antippen, dann Legen", "Tap cards, then Play"),
    "table.not_legal": ("Diese Auswahl geht nicht", "That selection is not legal"),
    "table.no_play": ("Nichts schlägt den Stapel", "Nothing beats the pile"),
    "table.auto_passed": ("Automatisch gepasst", "Passed automatically"),
    "table.watching": ("Du schaust zu", "You are watching"),
    "table.revolution_on": ("Revolution: Reihenfolge umgekehrt", "Revolution: order reversed"),
    "table.single": ("eine Karte", "a single"),
    "table.set.one": ("eine Karte", "a single card"),
    "table.set.other": ("{n} gleiche", "{n} of a kind"),
    "table.seq": ("Folge von {n}", "run of {n}"),
    "table.keys": ("Enter = Legen · P = Passen · Esc = Auswahl aufheben · M = Ton",
                   "Enter = play · P = pass · Esc = clear · M = sound"),
    "kind.single": ("Einzelkarte", "Single"),
    "kind.pair": ("Paar", "Pair"),
    "kind.triple": ("Drilling", "Triple"),
    "kind.quad": ("Vierling", "Quad"),
    "kind.set": ("{n}er-Satz", "Set of {n}"),
    "kind.seq": ("Folge ({n})", "Sequence ({n})"),
    # --- announcements -------------------------------------------------------
    "fx.cleared": ("Abgeräumt!", "Cleared!"),
    "fx.cleared_by": ("{name} räumt ab", "{name} clears"),
    "fx.cleared_by_you": ("Du räumst ab", "You clear"),
    "fx.trick_won": ("{name} gewinnt den Stich", "{name} takes the trick"),
    "fx.trick_won_you": ("Du gewinnst den Stich", "You take the trick"),
    "fx.skip": ("{name} setzt aus", "{name} is skipped"),
    "fx.skip_you": ("Du setzt aus", "You are skipped"),
    "fx.revolution": ("Revolution!", "Revolution!"),
    "fx.joker": ("Joker!", "Joker!"),
    "fx.out": ("{name} ist raus: {title}", "{name} is out: {title}"),
    "fx.out_you": ("Du bist raus: {title}", "You are out: {title}"),
    "fx.passed": ("{name} passt", "{name} passes"),
    "fx.passed_you": ("Du passt", "You pass"),
    "fx.lead": ("{name} spielt aus", "{name} leads"),
    "fx.lead_you": ("Du spielst aus", "You lead"),
    "fx.deal": ("Karten werden verteilt", "Dealing"),
    "fx.new_round": ("Runde {n}", "Round {n}"),
    "fx.connection_lost": ("Verbindung verloren – verbinde neu …", "Connection lost – reconnecting …"),
    "fx.reconnected": ("Wieder verbunden", "Reconnected"),
    # --- exchange ------------------------------------------------------------
    "ex.title": ("Kartentausch", "Card exchange"),
    "ex.give_choose.one": ("Wähle {n} Karte, die du {name} zurückgibst", "Choose {n} card to give back to {name}"),
    "ex.give_choose.other": ("Wähle {n} Karten, die du {name} zurückgibst", "Choose {n} cards to give back to {name}"),
    "ex.give": ("Geben", "Give"),
    "ex.got_from": ("{name} gibt dir", "{name} gives you"),
    "ex.gave_to": ("Du gibst {name}", "You give {name}"),
    "ex.waiting_for": ("Warte auf {name} …", "Waiting for {name} …"),
    "ex.middle": ("Du tauschst diese Runde nicht.", "You do not exchange this round."),
    "ex.wish_title": ("Schnorren: Was wünschst du dir?", "Wish: which ranks do you want?"),
    "ex.wish_send": ("Wunsch senden", "Send wish"),
    "ex.wish_none": ("Kein Wunsch", "No wish"),
    "ex.wish_from": ("{name} wünscht sich: {ranks}", "{name} wishes for: {ranks}"),
    "ex.wish_sent": ("Wunsch gesendet", "Wish sent"),
    "ex.wish_mine": ("Dein Wunsch: {ranks}", "Your wish: {ranks}"),
    "ex.highest": ("Deine höchsten Karten gehen automatisch an {name}", "Your highest cards go automatically to {name}"),
    "ex.done": ("Tausch fertig", "Exchange done"),
    # --- results -------------------------------------------------------------
    "res.title": ("Runde {n}: Ergebnis", "Round {n}: results"),
    "res.place": ("{n}.", "{n}."),
    "res.standings": ("Stand der Partie", "Match standings"),
    "res.player": ("Spieler", "Player"),
    "res.firsts": ("1.", "1st"),
    "res.next_round": ("Nächste Runde", "Next round"),
    "res.waiting_next": ("Warte auf die nächste Runde …", "Waiting for the next round …"),
    "res.match_over": ("Partie beendet", "Match over"),
    "res.winner": ("Gesamtsieger: {name}", "Match winner: {name}"),
    # how a tied match was decided (the winner has the most 1st places; then 2nd places; then the last round)
    "res.tie_seconds": ("Gleich viele 1. Plätze: entschieden durch mehr 2. Plätze",
                        "Tied on 1st places: decided by more 2nd places"),
    "res.tie_last": ("Gleich viele 1. und 2. Plätze: entschieden durch die letzte Runde",
                     "Tied on 1st and 2nd places: decided by the last round"),
    "res.new_match": ("Neue Partie", "New match"),
    "res.place_col": ("{n}.", "{n}."),
    # --- connection ----------------------------------------------------------
    "net.connecting": ("Verbinde mit {addr} …", "Connecting to {addr} …"),
    "net.failed": ("Verbindung fehlgeschlagen: {msg}", "Connection failed: {msg}"),
    "net.lost": ("Verbindung verloren", "Connection lost"),
    "net.reconnecting": ("Verbinde neu … (Versuch {n})", "Reconnecting … (attempt {n})"),
    "net.rejected": ("Abgelehnt: {msg}", "Rejected: {msg}"),
    "net.host_left": ("Der Gastgeber hat den Tisch geschlossen", "The host closed the table"),
    "net.error": ("Fehler: {msg}", "Error: {msg}"),
}

# ranks shown on cards and in texts
_RANK_LABELS = {
    "de": {"J": "B", "Q": "D", "K": "K", "A": "A", "U": "U", "O": "O", "JOKER": "★"},
    "en": {"J": "J", "Q": "Q", "K": "K", "A": "A", "U": "U", "O": "O", "JOKER": "★"},
}
_RANK_NAMES = {
    "de": {"J": "Bube", "Q": "Dame", "K": "König", "A": "Ass", "U": "Under", "O": "Ober", "JOKER": "Joker"},
    "en": {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace", "U": "Under", "O": "Ober", "JOKER": "Joker"},
}
_SUIT_NAMES = {
    "de": {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo", "R": "Rosen", "B": "Schellen",
           "T": "Schilten", "E": "Eicheln", "X": "Joker"},
    "en": {"C": "Clubs", "S": "Spades", "H": "Hearts", "D": "Diamonds", "R": "Roses", "B": "Bells",
           "T": "Shields", "E": "Acorns", "X": "Joker"},
}


def set_lang(lang: str | None) -> str:
    """Switch the language ('de' or 'en'); unknown values fall back to German."""
    global _lang
    _lang = lang if lang in LANGS else "de"
    return _lang


def get_lang() -> str:
    return _lang


def plural_form(n) -> str:
    """'one' for a count of 1, 'other' for any other count (German and English agree)."""
    return "one" if n == 1 else "other"


def t(key: str, **kw) -> str:
    """The text for ``key`` in the current language, formatted with ``kw``; a text with
    plural forms in the form for the count ``n``."""
    pair = TEXTS.get(key)
    if pair is None:
        pair = TEXTS.get(f"{key}.{plural_form(kw.get('n'))}")
        if pair is None:
            return key
    text = pair[1] if _lang == "en" else pair[0]
    if kw:
        try:
            return text.format(**kw)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def add_texts(texts: dict[str, tuple[str, str]]) -> None:
    """Add a module's own texts (a game's scenes, a feature's screens) to the one table.
    Keys must be new: a clash with another module's key is a bug, so it raises."""
    for key, pair in texts.items():
        if key in TEXTS and TEXTS[key] != pair:
            raise KeyError(f"text key {key!r} is defined twice with different texts")
        if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise TypeError(f"text {key!r} must be a (German, English) pair")
        TEXTS[key] = pair


def has(key: str) -> bool:
    return key in TEXTS or is_plural(key)


def is_plural(key: str) -> bool:
    """True for a text with plural forms (``key.one`` and ``key.other``)."""
    return f"{key}.one" in TEXTS and f"{key}.other" in TEXTS


def rank_label(rank: str) -> str:
    """Short rank label for a card corner: German B/D/K/A for J/Q/K/A, Jass U/O/K/A."""
    return _RANK_LABELS[_lang].get(rank, rank)


def rank_name(rank: str) -> str:
    return _RANK_NAMES[_lang].get(rank, rank)


def suit_name(suit: str) -> str:
    return _SUIT_NAMES[_lang].get(suit, suit)


def play_kind(size: int, is_sequence: bool = False) -> str:
    """'Paar', 'Drilling', 'Folge (4)' ... for a play of ``size`` cards."""
    if is_sequence:
        return t("kind.seq", n=size)
    return {1: t("kind.single"), 2: t("kind.pair"), 3: t("kind.triple"), 4: t("kind.quad")}.get(
        size, t("kind.set", n=size))


def title_text(title: str) -> str:
    """Place titles come from the rules layer in German; translate the known ones for English."""
    if _lang == "de":
        return title
    return _TITLE_EN.get(title, title)


_TITLE_EN = {
    "Präsident": "President", "Vizepräsident": "Vice-President", "Bürger": "Citizen",
    "Vize-Tellerwäscher": "Vice-Dishwasher", "Tellerwäscher": "Dishwasher",
    "Vizearsch": "Vice-Arsehole", "Arschloch": "Arsehole", "König": "King",
    "Vize-König": "Vice-King", "Vize-Arschloch": "Vice-Arsehole",
    "(mittlere Plätze)": "Citizen", "Mitte": "Citizen", "Mittlerer Platz": "Middle place",
}


# --- app shell: start screen, lobby, rule editor, controller (felt/ui/{start_scene,lobby_scene,
# rules_editor,controller,app}.py). Kept in this separate block so the two UI helpers do not
# edit the same lines.
TEXTS.update({
    "app.hosting": ("Eröffne den Tisch …", "Opening the table …"),
    "app.connecting": ("Verbinde …", "Connecting …"),
    "app.bad_address": ("Bitte die Adresse als IP:Port eingeben, z. B. 192.168.1.20:5000",
                        "Please enter the address as IP:port, e.g. 192.168.1.20:5000"),
    "app.custom_rules": ("Eigene Regeln", "Custom rules"),
    "app.other_version": ("Andere Felt-Club-Version ({v}): bitte aktualisieren",
                          "Another Felt Club version ({v}): please update"),
    "app.spectators.one": ("{n} schaut zu", "{n} watching"),
    "app.spectators.other": ("{n} schauen zu", "{n} watching"),
    "app.watching": ("Der Tisch ist voll – du schaust zu.", "The table is full – you are watching."),
    "app.no_answer": ("keine Antwort von {addr}", "no answer from {addr}"),
    "app.free_short": ("{free}/{total} frei", "{free}/{total} free"),
    "app.away": ("abwesend, Bot spielt", "away, a bot plays"),
    "app.offline": ("Verbindung weg", "offline"),
    "app.seats": ("Plätze", "Seats"),
    "app.tap_seat": ("Tippe auf einen Platz, um ihn zu bearbeiten", "Tap a seat to change it"),
    "app.view_rules": ("Regeln ansehen", "View rules"),
    "app.rules_named": ("Regeln: {name}", "Rules: {name}"),
    "app.rules_in_force": ("Regeln dieses Tischs", "Rules of this table"),
    "app.rules_ok.one": ("Diese Regeln sind spielbar ({n} Karte).", "These rules are playable ({n} card)."),
    "app.rules_ok.other": ("Diese Regeln sind spielbar ({n} Karten).", "These rules are playable ({n} cards)."),
    "app.load_title": ("Regeln laden", "Load rules"),
    "app.sum.deck.one": ("Blatt: {ranks} · {copies}× · {n} Karte", "Deck: {ranks} · {copies}× · {n} card"),
    "app.sum.deck.other": ("Blatt: {ranks} · {copies}× · {n} Karten", "Deck: {ranks} · {copies}× · {n} cards"),
    "app.sum.players": ("Spieler: {lo}–{hi}", "Players: {lo}–{hi}"),
    "app.sum.clears": ("Räumt ab", "Clears"),
    "app.sec.deck": ("Karten", "Cards"),
    "app.sec.players": ("Spieler und Beginn", "Players and start"),
    "app.sec.play": ("Spielen", "Playing"),
    "app.sec.effects": ("Besondere Wirkungen", "Special effects"),
    "app.sec.exchange": ("Kartentausch", "Card exchange"),
    "app.sec.match": ("Partie", "Match"),
    "app.end_match": ("Partie beenden", "End match"),
    "app.close_table": ("Tisch schließen", "Close table"),
    "app.close_table_q": ("Tisch für alle schließen?", "Close the table for everyone?"),
    "app.leave_q": ("Tisch verlassen?", "Leave the table?"),
    "app.kicked": ("Du wurdest vom Tisch entfernt.", "You were removed from the table."),
    "app.table_full": ("Der Tisch ist voll.", "The table is full."),
    "app.replaced": ("Dein Platz wurde auf einem anderen Gerät übernommen.",
                     "Your seat was taken over from another device."),
    "app.bad_token": ("Dein Platz an diesem Tisch gilt nicht mehr.", "Your seat at this table is no longer valid."),
})

"""The phone page's accessible layer: what a screen reader reads and what its buttons do.

A phone's table is one canvas, drawn by the host (felt/ui/phone_renderer.py); a screen
reader (TalkBack, VoiceOver, or a laptop's reader in the same page) finds nothing in it. So
the renderer also describes the scene in words, from what it knows, and the page
(felt/net/phone/phone.js) keeps a visually hidden layer of HTML made of it beside the canvas:

- ``status``: the top bar's line (whose turn, the game's phase) and the round;
- ``hand``: the own cards, named in the table's language by the game's own words (the log's:
  "Herz 9", "Kreuz Bube") in the order shown, each a toggle button (``on``: raised/picked);
- ``table``: the cards in the middle a tap takes (a game's swap with the middle), as buttons;
- ``acts``: the buttons of the scene on top (an overlay's while one is open: the menu), with
  their own labels (an icon's glyph gets a name), and the round's controls; a disabled one
  stays listed, marked off;
- ``fields``: the text fields (the name to join with), as labelled text inputs;
- ``info``: what the screen says besides: the scene's own sentences (a game's
  ``a11y_text``: the card on the pile, the results and standings), the lobby's seats, the
  visible labels of other screens;
- ``moves``: the legal plays as one button each where a play takes several taps ("Paar
  Acht legen", "Kreuz Bube legen, Herz wünschen"): a game's ``a11y_moves``; pressed, the
  layer picks the cards as the Tipp does and taps the last step (``start_move``);
- ``quick``: the quick questions, answered by the page at once from the words sent with them
  (what lies, how many cards each seat holds, whose turn and who is next, the hand by rank
  and by suit, the scores): ``quick_answers``;
- ``log``: the "Verlauf": the last ten events said (``Announcer.history``);
- ``news``: what a reader says by itself (the page's ARIA live region, one event at a time
  about 200 ms apart, each with its sound cue): new log lines, the table's notices, a Tipp's
  sentence and "Du bist dran!" once when the turn comes (``Announcer``), as short or as long
  as the page's verbosity setting asks (``VERBOSITY``).

Every target has an id (``card:12``, ``table:3``, ``chip:K``, ``w:play_btn``, ``rc:next_round``);
the page sends ``{"t": "act", "id": ...}`` and :func:`act` taps the target's spot as it is
laid out now, as a finger would (pygame events through the scene's own input mapping), so
input is mapped in one place. An id that is not on screen now does nothing.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from felt.ui import i18n

i18n.add_catalog(Path(__file__).with_name("a11y_texts.toml"))

HISTORY = 10            # events the "Verlauf" keeps
NEWS_LINES = 10         # lines said at once, at most (a burst's older events are left to the Verlauf)
VERBOSITY = ("short", "normal", "long")     # the page's setting: "kurz", "normal", "ausführlich"
QUICK = ("top", "counts", "turn", "rank", "suit", "scores")     # the quick questions, in order
# a log entry's kind (or a note's key) -> the sound the page plays with its line
CUES = {"clear": "clear", "trick": "clear", "revolution": "revolution", "draw": "draw", "out": "out",
        "round_over": "round", "knock": "knock", "away.log_left": "away", "away.log_bot": "away",
        "away.log_back": "back"}
ICON_NAMES = {"✕": "a11y.close", "‹": "a11y.back", "☰": "a11y.menu", "✉": "a11y.chat", "♪": "a11y.sound",
              "⟲": "a11y.log_btn", "◀": "a11y.prev", "▶": "a11y.next",
              "◀◀": "a11y.prev_round", "▶▶": "a11y.next_round", "▲": "a11y.up", "▼": "a11y.down"}


# ------------------------------------------------------------------------ names
def card_name(scene, cid) -> str:
    """A card of a game's table in the table's language, as its log names cards."""
    from felt.ui.playlog import lines_of
    return lines_of(getattr(scene, "game_id", None)).card_name(cid, scene.log_context())


def spoken(scene):
    """The scene's log context for lines read aloud: ranks in words ("Einzelkarte Dame"), not
    the letters of the log's narrow column ("Einzelkarte D")."""
    import dataclasses
    return dataclasses.replace(scene.log_context(), spoken=True)


def field_label(w, name: str = "") -> str:
    """A text field's name for a reader: its label (``a11y_label``: the words beside it on
    screen), else its placeholder."""
    return str(getattr(w, "a11y_label", "") or w.placeholder or name)


def button_label(w) -> str:
    """A button's name for a reader: its spoken name where it has one (``a11y_label``: a bid's
    button "2" is "Ansage: 2 Stiche"), else its text, or what its glyph stands for."""
    said = _words(getattr(w, "a11y_label", ""))
    if said:
        return said
    if type(w).__name__ == "LangButton":
        other = str(getattr(w, "other", "")).lower()
        return i18n.t("a11y.lang", lang=i18n.t(f"lang.{other}") if other in i18n.LANGS else other)
    text = " ".join(str(getattr(w, "text", "") or "").split())
    if text in ICON_NAMES:
        return i18n.t(ICON_NAMES[text])
    words = text.split(" ")
    while len(words) > 1 and not any(ch.isalnum() for ch in words[0]):
        words.pop(0)                         # a glyph before the words ("⇅ Farbe")
    return " ".join(words)


def _named_widgets(scene) -> list[tuple[str, Any]]:
    """The scene's widgets by attribute name (``name[i]`` for a row of them), in order."""
    from felt.ui.widgets import Button, Widget
    out = []
    for name, w in list(vars(scene).items()):
        if isinstance(w, list):
            out += [(f"{name}[{i}]", x) for i, x in enumerate(w) if isinstance(x, Widget)]
        elif isinstance(w, Widget):
            out.append((name, w))
            if getattr(w, "visible", True) and not isinstance(w, Button):
                # a block's own buttons (the lobby's evening: "Neuer Abend"), one level down
                out += [(f"{name}__{sub}", x) for sub, x in vars(w).items()
                        if isinstance(x, Button) and not isinstance(x, type(w))]
    return out


def _words(text) -> str:
    return " ".join(str(text or "").split())


def _choice(sem: dict, targets: dict, name: str, w) -> None:
    """A choice (‹ value ›) as two buttons: the next value (named with the label and the value
    now) and the one before; a tap on its right or left arrow."""
    if not w.options:
        return
    label, value = _words(w.label), _words(w.options[w.index][1])
    _lab, left, _mid, right = w._parts()
    for kind, key, rect in (("next", "a11y.choice_next", right), ("prev", "a11y.choice_prev", left)):
        tid = f"{kind}:{name}"
        sem["acts"].append({"id": tid, "name": i18n.t(key, label=label, value=value), "off": not w.enabled})
        if w.enabled:
            targets[tid] = _centre(rect)


def _centre(rect) -> tuple[int, int]:
    return int(rect.centerx), int(rect.centery)


def _shown(w) -> bool:
    return bool(getattr(w, "visible", True)) and w.rect.w > 0 and w.rect.h > 0


# ------------------------------------------------------------------------ the layer
def build(app) -> tuple[dict, dict]:
    """(the layer as the page gets it, ``{id: (x, y)}`` where each target is tapped now)."""
    from felt.ui.widgets import Button, Choice, Label, TextField, Toggle
    ctl = app.controller
    top = app.stack.top
    main = ctl.main
    game = ctl.game_scene()
    targets: dict[str, tuple[int, int]] = {}
    sem: dict[str, Any] = {
        "t": "a11y", "lang": i18n.get_lang(),
        "h": {k: i18n.t(f"a11y.{k}") for k in ("hand", "table", "actions", "info", "log", "news", "moves", "quick",
                                                 "verb")},
        "verbs": {v: i18n.t(f"a11y.verb_{v}") for v in VERBOSITY},
        "screen": ctl.kind if top is main else type(top).__name__ if top is not None else ctl.kind,
        "status": "", "turn": False, "hand": [], "table": [], "acts": [], "fields": [], "info": [], "log": [],
        "moves": [], "quick": [],
    }
    overlay = top is not None and top is not main
    # a screen over the table with a live table of its own (a replay's "Besser spielen?"): that
    # table's hand and buttons are the ones to play with
    live_table = top.a11y_table() if top is not None and callable(getattr(top, "a11y_table", None)) else None
    if live_table is not None:
        game, overlay = live_table, False
    if game is not None:
        status = game.status_line()[0]
        try:
            rnd = game.round_label()
        except Exception:
            rnd = ""
        sem["status"] = " · ".join(dict.fromkeys(x for x in (status, rnd) if x))   # each once
        sem["turn"] = bool(game.my_turn) and not game.pending
        if game.screen != "results":
            picked = {int(c) for c in game.selected_cards()}
            rects = game.hand_rects()
            names = told_apart([card_name(game, cid) for cid in rects])
            for cid, name in zip(rects, names):    # the hand's own order (as sorted on screen)
                off = bool(game.a11y_card_off(cid))
                sem["hand"].append({"id": f"card:{cid}", "name": name, "on": cid in picked, "off": off})
                if not overlay and not off:
                    p = game.tap_point(["card", cid])
                    if p is not None:
                        targets[f"card:{cid}"] = tuple(p)
            middle = game.table_rects()
            for cid in sorted(middle, key=lambda c: (middle[c].x, middle[c].y)):
                sem["table"].append({"id": f"table:{cid}", "name": card_name(game, cid), "on": cid in picked})
                if not overlay:
                    p = game.tap_point(["table", cid])
                    if p is not None:
                        targets[f"table:{cid}"] = tuple(p)
        hint = game.hint_line() if game.hint is not None else ""
        sem["info"] = [x for x in [hint] + list(game.a11y_text()) if x]
        if not overlay and game.screen != "results":
            for label, move in game.a11y_moves():
                sem["moves"].append({"id": "move:" + move_key(move), "name": label})
        sem["quick"] = quick_answers(game)
    elif ctl.kind == "lobby" and ctl.lobby:
        sem["info"] = lobby_lines(ctl)        # (the owner's seat buttons say them instead: below)
    scene = top if top is not None else main
    if scene is not None and scene is not game and hasattr(scene, "a11y_text"):
        # a screen's own sentences (the join screen's); a screen over the table (a replay) says
        # its own instead of the table's
        own = [x for x in scene.a11y_text() if x]
        sem["info"] = own if game is not None else sem["info"] + own
    for scn, pre in [(scene, "w:")] + ([(game, "live:")] if live_table is not None else []):
        if scn is not None:
            widgets = _named_widgets(scn)
            if game is not None and scn is game:
                live = set(game.a11y_widgets([name for name, _w in widgets]))
                widgets = [(name, w) for name, w in widgets if name in live]
            for name, w in widgets:
                if not _shown(w):
                    continue
                if isinstance(w, Button):
                    label = button_label(w)
                    if not label:
                        continue
                    sem["acts"].append({"id": f"{pre}{name}", "name": label, "off": not w.enabled})
                    if w.enabled:
                        targets[f"{pre}{name}"] = _centre(w.rect)
                elif isinstance(w, TextField):
                    sem["fields"].append({"id": f"f:{name}", "name": field_label(w, name), "value": w.text,
                                          "max": int(w.max_len)})
                    targets[f"f:{name}"] = _centre(w.rect)
                elif isinstance(w, Choice):
                    _choice(sem, targets, name, w)
                elif isinstance(w, Toggle):
                    sem["acts"].append({"id": f"{pre}{name}", "name": _words(w.label), "on": bool(w.value),
                                        "off": not w.enabled})
                    if w.enabled:
                        targets[f"{pre}{name}"] = _centre(w.rect)
                elif callable(getattr(w, "a11y_item", None)):
                    item = w.a11y_item()           # a widget that says itself what it is (a lobby's seat)
                    if item:
                        sem["acts"].append({"id": f"{pre}{name}", "name": item["name"], "on": bool(item.get("on"))})
                        targets[f"{pre}{name}"] = _centre(w.rect)
                        if name.startswith("seat_rows[") and ctl.kind == "lobby":
                            sem["info"] = [x for x in sem["info"] if x != item["name"]]
                elif isinstance(w, Label) and game is None and w.text:
                    sem["info"].append(" ".join(str(w.text).split()))
                elif game is None and callable(getattr(w, "a11y_lines", None)):
                    sem["info"] += [_words(x) for x in w.a11y_lines() if _words(x)]     # a block that says itself
                elif game is None and type(w).__name__ in ("Caption", "TextBlock"):
                    words = [getattr(w, "lead", ""), getattr(w, "text", "")]
                    rows = [_words(x) for x in getattr(w, "lines", None) or [] if _words(x)]
                    if rows:                # a block's lines (the lobby's rules): one item, said once
                        title = _words(getattr(w, "title", ""))
                        words.insert(0, (title + ": " if title else "") + "; ".join(rows))
                    else:
                        words.insert(0, getattr(w, "title", ""))
                    sem["info"] += [_words(x) for x in words if _words(x)]
            if game is not None and scn is game:
                for step, label, on in game.a11y_taps():
                    tid = f"{step[0]}:{step[1]}"
                    item = {"id": tid, "name": label}
                    if on is not None:                 # a toggle (None: a plain button)
                        item["on"] = bool(on)
                    sem["acts"].append(item)
                    p = game.tap_point(step)
                    if p is not None:
                        targets[tid] = tuple(p)
                        if step[0] == "widget":
                            targets[f"w:{step[1]}"] = tuple(p)     # as a move's steps name it (step_id)
                if game.shows_results and not game.drawer_open():
                    rc = game.round_controls
                    names = {id(rc.next_btn): "next_round", id(rc.new_btn): "new_match", id(rc.leave_btn): "leave",
                             id(rc.replay_btn): "replay"}
                    if rc.note_rect() is not None:
                        sem["info"].append(_words(rc.note))     # how this seat's plays were judged
                    for b in rc.buttons():
                        if _shown(b) and b.text:
                            tid = f"rc:{names.get(id(b), 'x')}"
                            sem["acts"].append({"id": tid, "name": button_label(b), "off": not b.enabled})
                            if b.enabled:
                                targets[tid] = _centre(b.rect)
    if ctl.kind != "table" and game is None and main is not None and not sem["status"]:
        sem["status"] = app.stack.banner.text if app.stack.banner.visible else ""
    if (not sem["status"] or ctl.kind == "lobby" or (game is not None and scene is not game)) \
            and scene is not None and hasattr(scene, "a11y_status"):
        sem["status"] = scene.a11y_status() or sem["status"]     # the lobby's own line (its table, its game)
    # each thing once: a part of the heading ("Lobby · Lobby"), a line the heading says, or
    # another line says already, is not repeated
    sem["status"] = " · ".join(dict.fromkeys(x for x in str(sem["status"]).split(" · ") if x))
    said = {sem["status"]} | {x for x in sem["status"].split(" · ")}
    sem["info"] = [x for x in dict.fromkeys(sem["info"]) if x not in said]
    return sem, targets


def told_apart(names: list[str]) -> list[str]:
    """Card names, identical ones told apart ("Herz 8", "Herz 8" -> "Herz 8, Karte 1",
    "Herz 8, Karte 2": two decks), the others as they are."""
    from collections import Counter
    count, seen = Counter(names), Counter()
    out = []
    for name in names:
        if count[name] > 1:
            seen[name] += 1
            name = i18n.t("a11y.copy", name=name, n=seen[name])
        out.append(name)
    return out


def move_key(move: dict) -> str:
    """A legal move as the id of its button (``move:<key>``): its kind, its cards, every other
    number or word of it (a card given and one taken, a plug-in's target), the wished
    suit, the call; letters, digits and ``_`` only (the gateway's target pattern), at most 40.
    Distinct moves get distinct keys (the page keeps one button per key)."""
    def nums(v) -> list[str]:
        if isinstance(v, bool):
            return []
        if isinstance(v, int):
            return [str(v)]
        if isinstance(v, list):
            return [str(x) for x in v if isinstance(x, int) and not isinstance(x, bool)]
        return [v] if isinstance(v, str) and v else []
    cards = move.get("cards") if isinstance(move.get("cards"), list) else [move.get("card")]
    parts = [str(move.get("kind") or "m")[:12]] + nums(list(cards))
    for k in sorted(move):
        if k not in ("kind", "cards", "card", "suit", "call"):
            parts += nums(move[k])
    if move.get("suit"):
        parts.append(str(move["suit"]))
    if move.get("call"):
        parts.append("c")
    return "".join(ch for ch in "_".join(parts) if ch.isalnum() or ch == "_")[:40]


def step_id(step) -> str:
    """A step of a gesture (``["card", 12]``, ``["widget", "play_btn"]``) as the layer's id."""
    what, value = step[0], step[1]
    return f"w:{value}" if what == "widget" else f"{what}:{value}"


def start_move(app, target: str) -> list[str] | None:
    """A move's button (``move:<key>``): the move's cards picked as the Tipp picks them (the
    scene's selection emptied, then its picking steps made), the ids of the taps left (a
    button such as "Legen", a suit); None when the move is not offered now."""
    game = app.controller.game_scene()
    if game is None or app.stack.top is not game:
        return None
    key = target.partition(":")[2]
    move = next((m for _label, m in game.a11y_moves() if move_key(m) == key), None)
    steps = list(game.gesture(move) or []) if move is not None else []
    if not steps:
        return None
    game.clear_selection()
    done = 0
    for step in steps[:-1]:
        if not game.hint_tap(step):
            break
        done += 1
    return [step_id(x) for x in steps[done:]]


# ------------------------------------------------------------------------ quick questions
def card_parts(name: str) -> tuple[str, str]:
    """(rank, suit) of a card's name as the layer says it ("Herz 8", "8 of Hearts"); a card
    without a suit (a joker) is its own rank, suit ""."""
    if i18n.get_lang() == "de":
        suit, _, rank = name.rpartition(" ")
        return (rank, suit) if suit else (name, "")
    rank, sep, suit = name.partition(" of ")
    return (rank, suit) if sep else (name, "")


def hand_grouped(names: list[str], by: str) -> str:
    """The hand said by rank ("Acht: Herz, Pik; Dame: Kreuz") or by suit ("Herz: 8, Dame"),
    in the hand's order."""
    groups: dict[str, list[str]] = {}
    for name in names:
        rank, suit = card_parts(name)
        key, item = (rank, suit) if by == "rank" else (suit or rank, rank if suit else "")
        groups.setdefault(key, []).append(item)
    parts = []
    for key, items in groups.items():
        items = [x for x in items if x]
        if by == "rank" and len(items) > 1:
            parts.append(i18n.t("a11y.group_n", what=key, n=len(items), items=", ".join(items)))
        else:
            parts.append(f"{key}: {', '.join(items)}" if items else key)
    return "; ".join(parts) or i18n.t("a11y.no_cards")


def quick_answers(game) -> list[dict]:
    """The quick questions with their answers now, from the view the table shows: what lies
    (to beat, on top, in the middle), how many cards each seat holds, whose turn it is and who
    comes next, the own hand by rank and by suit, the scores (``{id, name, say}``)."""
    names = [card_name(game, c) for c in game.hand_rects()] if game.screen != "results" else []
    answers = {
        "top": game.a11y_top(),
        "counts": game.a11y_counts(),
        "turn": game.a11y_turn(),
        "rank": hand_grouped(names, "rank"),
        "suit": hand_grouped(names, "suit"),
        "scores": game.a11y_scores(),
    }
    return [{"id": f"q:{k}", "name": i18n.t(f"a11y.q_{k}"), "say": answers[k] or i18n.t("a11y.q_none")}
            for k in QUICK]


def lobby_lines(ctl) -> list[str]:
    """The lobby's seats, one line each: "Platz 2: Ben (Bot)", "Platz 3: frei"."""
    return [seat_line(i, s, i == ctl.seat) for i, s in enumerate((ctl.lobby or {}).get("seats") or [])]


def seat_line(i: int, s: dict, mine: bool) -> str:
    """A lobby's seat in words (its index ``i``, its lobby entry ``s``)."""
    name = " ".join(str(s.get("name") or "").split())
    kind = s.get("kind")
    if kind == "empty" or not name:
        return i18n.t("a11y.seat_free", n=i + 1)
    if mine:
        return i18n.t("a11y.seat_you", n=i + 1, name=name)
    if kind == "bot":
        return i18n.t("a11y.seat_bot", n=i + 1, name=name)
    return i18n.t("a11y.seat", n=i + 1, name=name)


def log_entries(app) -> list:
    """Every entry of the round's play log (the Announcer's source)."""
    ctl = app.controller
    game = ctl.game_scene()
    if game is None or not game.shows_log:
        return []
    return list(ctl.playlog.entries())


def _said(app, entries: list, verbosity: str) -> list[tuple]:
    """(entry, its line read aloud): short plays where the verbosity is "short"."""
    game = app.controller.game_scene()
    if game is None:
        return []
    import dataclasses
    ctx = dataclasses.replace(spoken(game), terse=verbosity == "short")
    out = []
    for e in entries:
        try:
            out.append((e, app.controller.playlog.text_fn(e, ctx)))
        except Exception:
            continue
    return out


def cue_of(entry) -> str:
    """The sound the page plays with a log entry's line ("" none)."""
    if entry.kind == "note":
        return CUES.get(str(entry.params.get("key") or ""), "")
    return CUES.get(entry.kind, "")


class Announcer:
    """What the page's live region says, once each: the log's new lines, the window's new
    notices (toasts), a Tipp's sentence, a screen's status when the screen changes, and "Du
    bist dran!" when the turn comes to this seat (not again while it stays). ``update`` gives
    ``{"n", "say", "cues"}``: ``n`` grows with every new announcement (the page says ``say``,
    one line at a time, when it sees a new ``n``; ``cues[i]`` is the sound of ``say[i]``, ""
    none). ``history`` keeps the last ``HISTORY`` events said (the page's "Verlauf").
    ``verbosity`` (``VERBOSITY``): "short" says plays tersely ("Anna: Paar 8"), "long" adds
    what lies and the cards each seat holds when the turn comes."""

    def __init__(self, verbosity: str = "normal") -> None:
        self.n = 0
        self.say: list[str] = []
        self.cues: list[str] = []
        self.history: list[str] = []
        self.log: list = []              # the log's entries seen (by identity)
        self.turn = False
        self.screen = None
        self.toasts: list = []
        self.hint = None
        self.hand: dict = {}             # the hand's cards seen (id -> name)
        self.round = None                # (round, match) of the view last seen: a new deal
        self.verbosity = verbosity if verbosity in VERBOSITY else "normal"
        self.extra: list[str] = []       # said at the next update (a layer's button that found nothing)

    def set_verbosity(self, verbosity: str) -> bool:
        if verbosity not in VERBOSITY:
            return False
        self.verbosity = verbosity
        return True

    def add(self, text: str) -> None:
        self.extra.append(text)

    def update(self, app, sem: dict) -> dict:
        new: list[tuple[str, str]] = []          # (line, cue)
        heading = []                             # a new screen's heading: said, not an event of the Verlauf
        screen = sem.get("screen")
        if screen != self.screen:
            self.screen = screen
            if sem.get("status") and not sem.get("turn"):
                heading.append((sem["status"], ""))
        entries = log_entries(app)
        old = self.log
        if len(entries) >= len(old) and all(a is b for a, b in zip(entries, old)):
            fresh = entries[len(old):]
        elif entries:                        # a new round (or the oldest tricks let go)
            known = {id(e) for e in old}
            fresh = [e for e in entries[-NEWS_LINES:] if id(e) not in known] or entries[-1:]
        else:
            fresh = []
        moved = bool(fresh)
        self.log = entries
        game = app.controller.game_scene()
        # cards that came into the hand (a card drawn): by name, as a sighted player sees them,
        # said after the last line of this seat that brought them ("Du ziehst 1"); from the view (the
        # hand's buttons come only when the card has flown in)
        ids = (game.view.get("hand") if game is not None and isinstance(game.view, dict) else None) or []
        hand = {cid: card_name(game, cid) for cid in ids if isinstance(cid, int)}
        came = [name for cid, name in hand.items() if cid not in self.hand]
        lines = _said(app, fresh, self.verbosity)
        mine = [i for i, (e, _t) in enumerate(lines) if game is not None and e.seat == game.seat]
        # not a new deal, nor cards a line of this seat names already ("Du nimmst Herz 10, ...")
        told = " ".join(lines[i][1] for i in mine)
        # a new deal is no card "come into the hand": the log's round line, or the view's round
        # number moved on (the deal's state may come before the log shows its line)
        view = game.view if game is not None and isinstance(game.view, dict) else {}
        rnd = (view.get("round_no", view.get("round")), view.get("match_no"))
        dealt = any(e.kind == "round" for e in fresh) or (self.round is not None and rnd != self.round) \
            or (len(hand) > 3 and len(came) >= 0.8 * len(hand))       # a whole new hand ("Nochmal")
        self.round = rnd
        came_line = i18n.t("a11y.new_cards", cards=", ".join(came)) \
            if came and self.hand and not dealt and not all(x in told for x in came) else ""
        self.hand = hand
        # the line that brought them: this seat's draw ("Du: +1"), else its last line
        at = next((i for i in mine if lines[i][0].kind == "draw"), mine[-1] if mine else None)
        toast = app.stack.toast
        items = [it for it in getattr(toast, "items", []) if isinstance(it, list) and it]
        notices = [str(it[0]) for it in items if not any(it is seen for seen in self.toasts)]
        self.toasts = items
        for i, (e, text) in enumerate(lines):
            # a table's notice the log says too ("Ben ist weg"): once, in the notice's words
            # (they say more: "· der Tisch wartet 30 s"), with the log line's sound
            name = str(((e.params.get("args") or {}).get("name")) or "") if e.kind == "note" else ""
            same = next((x for x in notices if name and name in x), None) if cue_of(e) else None
            if same is not None:
                notices.remove(same)
                text = same
            new.append((text, cue_of(e)))
            if came_line and mine and i == at:
                new.append((came_line, ""))
                came_line = ""
        if came_line:
            new.append((came_line, ""))
        said = {x for x, _c in new}
        new += [(x, "") for x in notices if x not in said]     # (a notice the log says alike is said once)
        hint = getattr(game, "hint", None) if game is not None else None
        if hint is not None and hint is not self.hint and game.hint_line():
            new.append((game.hint_line(), ""))      # the Tipp's sentence, spoken
        self.hint = hint
        new += [(x, "") for x in self.extra]
        self.extra = []
        turn = bool(sem.get("turn"))
        # the turn came (back) to this seat; also when the others played between two looks
        # (fast bots: the turn never seemed to leave), which new log lines tell
        new = [(x, c, True) for x, c in new if x]          # (line, cue, an event of the Verlauf)
        new = [(x, c, False) for x, c in heading] + new
        if turn and (not self.turn or moved):
            said = i18n.t("gt.turn_me")
            if self.verbosity == "long" and game is not None:
                more = [game.a11y_top(), game.a11y_counts()]
                said = " ".join([said] + [x.rstrip(".") + "." for x in more if x])
            new.append((said, "turn", False))
        self.turn = turn
        new = [t for t in new if t[0]]
        if new:
            self.n += 1
            new = new[-NEWS_LINES:]
            self.say = [x for x, _c, _e in new]
            self.cues = [c for _x, c, _e in new]
            # the Verlauf holds what was said: a burst's events left unsaid are not in it either
            self.history = (self.history + [x for x, _c, event in new if event])[-HISTORY:]
        return {"n": self.n, "say": list(self.say), "cues": list(self.cues)}


def act(app, target: str, value: str | None = None) -> bool:
    """Tap ``target`` (an id of :func:`build`) where it is now, as a click would; a text
    field (``f:``) is tapped and then given ``value`` as typed text (all of it replaced).
    False when the target is not on screen (or not enabled) now."""
    _sem, targets = build(app)
    p = targets.get(target)
    if p is None:
        return False
    post = pygame.event.post
    # a finger's tap, as a reader's double tap on a phone is (a mouse click made the window
    # show its keyboard hints, e.g. "1 · Kreuz" on the suit picker, to the people beside)
    finger_tap(app, p)
    if target.startswith("f:") and value is not None:
        post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
        if value:
            post(pygame.event.Event(pygame.TEXTINPUT, text=value))
        else:
            post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    return True


def finger_tap(app, p) -> None:
    """A finger's tap at window point ``p``, through pygame's queue (the scene's own input)."""
    surface = app.runner.surface
    w, h = surface.get_size() if surface is not None else app.stack.size
    fx, fy = (p[0] + 0.5) / max(1, w), (p[1] + 0.5) / max(1, h)
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        pygame.event.post(pygame.event.Event(kind, x=fx, y=fy, dx=0.0, dy=0.0, finger_id=0, touch_id=0,
                                             pressure=1.0 if kind == pygame.FINGERDOWN else 0.0))

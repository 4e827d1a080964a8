"""The window's words: every translated sentence with a count of one and of more, no "(n)"
plural hacks, no placeholder left; every sentence about a player that can be this window's own
player has a "you" form whose verb agrees ("Du hast 31!", never "Du hat 31!"); the log lines
and the table's sentences about oneself use it."""
import importlib
import os
import re
import string

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from felt.ui import i18n  # noqa: E402
from tests.text_layout_recorder import MODULES, bad_you  # noqa: E402

for _m in MODULES + ("felt.games.maumau.log", "felt.games.schwimmen.log", "felt.ui.playlog"):
    importlib.import_module(_m)

LANGS = ("de", "en")
COUNTS = {"n", "k", "i", "s", "free", "total", "copies", "lo", "hi", "place"}   # fields that hold numbers
SAMPLE = {"name": "Beat", "leader": "Carla", "to": "Carla", "names": "Beat, Carla", "title": "Bürger",
          "what": "Paar K", "ranks": "K, A", "card": "Herz Ass", "suit": "Herz", "call": "Mau",
          "take": "Herz Ass", "give": "Pik 7", "addr": "10.0.0.2:5000", "msg": "nein", "v": "21",
          "timer": "30 s", "rounds": "5", "level": "normal"}
# words that may follow a number without changing with it
INVARIANT_AFTER_COUNT = {"von", "of", "s", "×", "Min.", "Std.", "min", "h", "ziehen", "frei", "free"}
# a number after these words is a round's or a seat's number, not a count
ORDINAL_LABELS = {"Runde", "Round", "round", "Frage", "Question", "Platz", "Seat", "Stich", "Trick"}
PLURAL_HACK = re.compile(r"\w\((?:n|s|e|en|er|es)\)")
# a count of one with a plural noun or verb after it
ONE_WITH_PLURAL = re.compile(r"(?<![\d.])1 (Karten|Runden|Punkte|Plätze|Plätzen|Tagen|Fragen|Stiche|Bots|Leben|"
                             r"schauen|höchsten|cards|rounds|points|seats|days|questions|players|lives|"
                             r"characters|tricks|bots|highest)\b")


def bases():
    """Every text key, a text with plural forms once (as its base key)."""
    out = set()
    for key in i18n.TEXTS:
        base = key.rsplit(".", 1)[0] if key.endswith((".one", ".other")) else key
        out.add(base if i18n.is_plural(base) else key)
    return sorted(out)


def fields(key):
    keys = [f"{key}.one", f"{key}.other"] if i18n.is_plural(key) else [key]
    return {f for k in keys for text in i18n.TEXTS[k] for _, f, _, _ in string.Formatter().parse(text) if f}


def render(key, lang, count):
    i18n.set_lang(lang)
    kw = {f: (count if f in COUNTS else SAMPLE.get(f, "X")) for f in fields(key)}
    if i18n.is_plural(key):
        kw["n"] = count             # the count a text's forms go by (also where it shows another one)
    return i18n.t(key, **kw)


@pytest.fixture(autouse=True)
def _german_after():
    yield
    i18n.set_lang("de")


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_with_one_and_with_more(lang):
    """Every text in both languages with each count 1, 2 and 5: no placeholder left, no
    "Karte(n)" hack, and no "1 Karten" / "die 1 höchsten Karten"."""
    checked = 0
    for key in bases():
        for count in (1, 2, 5):
            text = render(key, lang, count)
            assert "{" not in text and "}" not in text, (key, text)
            assert not PLURAL_HACK.search(text), (key, text)
            if count == 1:
                assert not ONE_WITH_PLURAL.search(text), (key, text)
            checked += 1
    assert checked > 1500


def test_a_count_before_a_word_is_a_plural_text():
    """A sentence where a number stands before a word ("{n} Karten", "{n} schauen zu") has a
    form for one and one for more; only words that do not change with the number are exempt."""
    rule = re.compile(r"(\S*)\s*\{(\w+)\}\s+([A-Za-zÄÖÜäöüß×][^\s{]*)")
    for key, pair in i18n.TEXTS.items():
        if key.endswith((".one", ".other")):
            continue
        for text in pair:
            for before, field, word in rule.findall(text):
                if field in COUNTS and word not in INVARIANT_AFTER_COUNT and before not in ORDINAL_LABELS:
                    pytest.fail(f"{key}: {text!r} needs forms for one and more (i18n: {key}.one / {key}.other)")


def test_plural_texts_choose_their_form():
    plurals = [k for k in bases() if i18n.is_plural(k)]
    assert len(plurals) >= 20
    for key in plurals:
        for lang, idx in (("de", 0), ("en", 1)):
            i18n.set_lang(lang)
            one, other = i18n.TEXTS[f"{key}.one"][idx], i18n.TEXTS[f"{key}.other"][idx]
            kw = {f: SAMPLE.get(f, 7) for f in fields(key) if f != "n"}
            assert i18n.t(key, n=1, **kw) == one.format(n=1, **kw)
            assert i18n.t(key, n=3, **kw) == other.format(n=3, **kw)
            assert i18n.t(key, n=0, **kw) == other.format(n=0, **kw)
    i18n.set_lang("de")
    assert i18n.t("log.ex_auto", name="Beat", to="dir", n=1) == "Beat gibt dir die höchste Karte"
    assert i18n.t("log.ex_auto", name="Beat", to="dir", n=2) == "Beat gibt dir die 2 höchsten Karten"
    assert i18n.t("log.ex_give", name="Beat", to="Carla", n=1) == "Beat gibt Carla 1 Karte zurück"
    i18n.set_lang("en")
    assert i18n.t("app.spectators", n=1) == "1 watching" and i18n.t("n.players", n=1) == "1 player"


# ----------------------------------------------------------------------------- "you"
SUBJECT = re.compile(r"(?:^|[:!.·–]\s+)\{(name|leader)\}\s+[(\wäöü]")
# sentences whose subject is never this window's player, and why
NOT_ABOUT_ME = {
    "sw.dealer_chooses": "when I deal it reads sw.you_deal",
    "ex.got_from": "the exchange partner, never me",
    "ex.wish_from": "the exchange partner's wish, never mine",
    "replay.you": "is itself the \"you\" form: marks the replay's seat of this window's player",
    "a11y.seat_bot": "a bot's seat in the screen reader's lobby, never the reader's own",
    "sw.saved": "names everyone who swims on (two or more): a plural verb",
    # felt/ui/presence.py: Presence.update never reports this window's own seat, and the turn line
    # and the log notes get the player's name, not "Du"
    "away.turn_wait": "about another seat", "away.turn_bot": "about another seat", "away.left": "about another seat",
    "away.back": "about another seat", "away.log_left": "about another seat", "away.log_back": "about another seat",
}


def you_forms(key: str) -> list:
    """The keys a "you" form of ``key`` may have (the modules' conventions)."""
    base = key.rsplit(".", 1)[0] if key.endswith((".one", ".other")) else key
    prefix, _, rest = base.partition(".")
    return [base + "_me", base + "_you", f"{prefix}.you.{rest}"]


def test_every_sentence_about_a_player_has_a_you_form():
    missing = []
    for key, (de, en) in i18n.TEXTS.items():
        base = key.rsplit(".", 1)[0] if key.endswith((".one", ".other")) else key
        if base.endswith(("_me", "_you", "_you_lead")) or ".you." in base or base in NOT_ABOUT_ME:
            continue
        for who in set(SUBJECT.findall(de)):
            if who == "leader":
                ok = i18n.has(base + "_you_lead")
            else:
                ok = any(i18n.has(k) for k in you_forms(key))
            if not ok:
                missing.append((key, de))
    assert not missing, missing


def test_you_forms_agree_with_you():
    seen = 0
    for key, pair in i18n.TEXTS.items():
        if not (key.rsplit(".", 1)[0].endswith(("_me", "_you")) or ".you." in key or key.endswith("_you_lead")
                or key.endswith(("_me.one", "_me.other"))):
            continue
        for text in pair:
            text = text.format(**{f: SAMPLE.get(f, 1) for _, f, _, _ in string.Formatter().parse(text) if f})
            assert bad_you(text) is None, (key, text)
            seen += 1
        assert "{name}" not in pair[0] or key.endswith("_you_lead"), key
    assert seen >= 40
    # the check itself catches a 'you' line with another person's verb
    assert bad_you("Du hat 31!") and bad_you("You has 31!") and bad_you("Aufdecken: Du hat 31!")
    assert bad_you("Beat gewinnt den Stich · du spielt aus") and bad_you("You passes")
    assert bad_you("Du hast 31!") is None and bad_you("You pass") is None and bad_you("You knocked") is None


def _log_entries(me, other):
    """One entry of every kind each game's log builds, about ``me``, or with ``me`` as the
    one who leads next or receives."""
    from felt.ui.playlog import Entry
    pr = [Entry("play", me, [0], {"kind": "set", "size": 1}), Entry("pass", me), Entry("pass", me, params={"auto": True}),
          Entry("skip", me), Entry("out", me, params={"place": 0}), Entry("out", me, params={"place": 3, "last": True}),
          Entry("trick", me, params={"leader": me}), Entry("trick", me, params={"leader": other}),
          Entry("trick", other, params={"leader": me}), Entry("ex_auto", me, params={"to": other, "n": 1}),
          Entry("ex_auto", other, params={"to": me, "n": 2}), Entry("ex_give", me, params={"to": other, "n": 2}),
          Entry("ex_wish", me, params={"ranks": ["K"]}), Entry("ex_wish", me, params={"ranks": []})]
    pr += [Entry("lead", me, params={"reason": r}) for r in ("", "first_seat", "random", "card", "draw", "last_place")]
    mm = [Entry("play", me, [0], {}), Entry("play", me, [0], {"wish": "H"}), Entry("play", me, [0], {"call": "mau"}),
          Entry("draw", me, params={"n": 1}), Entry("draw", me, params={"n": 2, "seven": True}), Entry("keep", me),
          Entry("pass", me), Entry("skip", me), Entry("again", me), Entry("forgot", me, params={"call": "mau", "n": 2}),
          Entry("out", me, params={"place": 0})]
    sw = [Entry("swap", me, params={"take": 1, "give": 2}), Entry("swap", me), Entry("swap_all", me, [1, 2, 3]),
          Entry("keep", me), Entry("take", me), Entry("pass", me), Entry("knock", me), Entry("loses", me, params={"k": 1}),
          Entry("loses", me, params={"k": 2}), Entry("swims", me), Entry("out", me), Entry("match_over", me)]
    sw += [Entry("showdown", me, params={"reason": r}) for r in ("31", "feuer", "knock", "all_pass", "stock", "limit")]
    return {"praesident": pr, "maumau": mm, "schwimmen": sw}


@pytest.mark.parametrize("lang", LANGS)
def test_log_lines_about_me_agree(lang):
    from felt import games
    from felt.ui.playlog import LogContext

    def builder(game_id):
        lines = games.get(game_id).log_lines()
        return lines.build, lines.text
    i18n.set_lang(lang)
    ctx = LogContext(names=["Anna", "Beat", "Carla", "Dominik"], me=0,
                     titles=["Präsident", "Vizepräsident", "Vize-Tellerwäscher", "Tellerwäscher"])
    lines = 0
    for game, entries in _log_entries(0, 2).items():
        _build, text = builder(game)
        for e in entries:
            line = text(e, ctx)
            assert bad_you(line) is None, (game, e, line)
            assert "Anna" not in line, (game, e, line)        # never my name: "Du" / "dir"
            lines += 1
    assert lines >= 45
    i18n.set_lang("de")
    _b, sw_text = builder("schwimmen")
    from felt.ui.playlog import Entry
    assert sw_text(Entry("showdown", 0, params={"reason": "31"}), ctx) == "Aufdecken: Du hast 31!"
    assert sw_text(Entry("showdown", 1, params={"reason": "31"}), ctx) == "Aufdecken: Beat hat 31!"
    _b, pr_text = builder("praesident")
    assert pr_text(Entry("trick", 1, params={"leader": 0}), ctx) == "Beat gewinnt den Stich · du spielst aus"
    i18n.set_lang("en")
    assert sw_text(Entry("showdown", 0, params={"reason": "31"}), ctx) == "Showdown: You have 31!"
    assert pr_text(Entry("pass", 0), ctx) == "You pass"


@pytest.mark.parametrize("lang", LANGS)
def test_schwimmen_showdown_with_my_31_reads_you_have(lang):
    """The Schwimmen table and its log after I showed 31: "Du hast 31!" / "You have 31!"."""
    import pygame
    from felt.games.schwimmen.scene import SchwimmenScene
    from tests.helpers import schwimmen_rigged
    pygame.init()
    i18n.set_lang(lang)
    g, s, c = schwimmen_rigged({0: ("HA", "HK", "H9"), 1: ("S7", "S9", "D10"), 2: ("CQ", "CJ", "D7")},
                               ("H10", "SQ", "C9"))
    events = g.apply_inplace(s, 0, g.move_from_wire({"kind": "swap", "give": c("H9")[0], "take": c("H10")[0]}))
    v = g.view(s, 0)
    assert v["phase"] in ("round_over", "match_over") and (v.get("showdown") or {}).get("reason") == "31"
    sc = SchwimmenScene(v, ["Anna", "Beat", "Carla"])
    sc.layout(390, 844)
    sc.set_view(v, g.filter_events(events, 0))
    why = sc._why()
    assert why == ("Du hast 31!" if lang == "de" else "You have 31!")
    lines = sc.log.lines(sc.log_context())
    assert any(("Du hast 31!" if lang == "de" else "You have 31!") in ln for ln in lines), lines
    assert all(bad_you(ln) is None for ln in lines), lines

"""A screen reader's way through the phone page, in real Chromium: the page is joined and a
whole round is played, and its results read, using only the browser's accessibility tree
(``Accessibility.getFullAXTree``): nodes are found by role and name, and activated through
their DOM node (``DOM.resolveNode`` + ``Runtime.callFunctionOn`` click), as a reader's
double tap does. No canvas coordinates, no renderer state.

Skipped only where no Chromium can be found (as tests/test_browser_phone.py)."""
from __future__ import annotations

import asyncio
import os
import re
import time
from pathlib import Path

import pytest

from felt.net.host import HostConfig, HostThread
from felt.ui import a11y, i18n  # noqa: F401  (a11y: its texts)
from tests.helpers import run
from tests.test_browser_phone import Browser, _chromium

BUTTONS = ("button", "toggleButton")
pytestmark = pytest.mark.slow          # real Chromium rounds, about 90 s in one worker: its file starts first


class AXPage:
    """The page as its accessibility tree shows it."""

    def __init__(self, browser: Browser) -> None:
        self.b = browser
        self.nodes: list[dict] = []
        self.by_id: dict[str, dict] = {}

    async def read(self) -> "AXPage":
        tree = await self.b.call("Accessibility.getFullAXTree")
        self.nodes = [n for n in tree["nodes"] if not n.get("ignored")]
        self.by_id = {n["nodeId"]: n for n in tree["nodes"]}
        return self

    @staticmethod
    def role(n) -> str:
        return (n.get("role") or {}).get("value") or ""

    @staticmethod
    def name(n) -> str:
        return str((n.get("name") or {}).get("value") or "")

    @staticmethod
    def prop(n, key):
        for p in n.get("properties") or []:
            if p.get("name") == key:
                return (p.get("value") or {}).get("value")
        return None

    def find(self, role, name=None, within=None) -> list[dict]:
        roles = role if isinstance(role, tuple) else (role,)
        pool = self.descendants(within) if within is not None else self.nodes
        return [n for n in pool if self.role(n) in roles and (name is None or self.name(n) == name)]

    def one(self, role, name=None, within=None) -> dict | None:
        found = self.find(role, name, within)
        return found[0] if found else None

    def descendants(self, node) -> list[dict]:
        out, todo = [], list(node.get("childIds") or [])
        while todo:
            n = self.by_id.get(todo.pop(0))
            if n is None:
                continue
            if not n.get("ignored"):
                out.append(n)
            todo[:0] = list(n.get("childIds") or [])
        return out

    def group(self, name) -> dict | None:
        return self.one("group", name)

    def buttons(self, group_name) -> list[dict]:
        g = self.group(group_name)
        return self.find(BUTTONS, within=g) if g is not None else []

    def button(self, name) -> dict | None:
        return self.one(BUTTONS, name)

    def enabled(self, n) -> bool:
        return n is not None and not self.prop(n, "disabled")

    def pressed(self, n) -> bool:
        return self.prop(n, "pressed") in ("true", True)

    def layer(self) -> dict | None:
        """The screen-reader layer: what holds the page's top heading."""
        for n in self.nodes:
            if self.role(n) == "heading" and self.prop(n, "level") == 1:
                return self.by_id.get(n.get("parentId"))
        return None

    def heading(self, level=1) -> str:
        for n in self.nodes:
            if self.role(n) == "heading" and self.prop(n, "level") == level:
                return self.name(n)
        return ""

    def texts(self, list_role="list", heading=None) -> list[str]:
        """The items of the list under the heading ``heading``."""
        for n in self.nodes:
            if self.role(n) == "heading" and self.name(n) == heading:
                section = self.by_id.get(n.get("parentId"))
                lists = self.find(list_role, within=section) if section is not None else []
                if lists:
                    return [self.name(x) or self.text_of(x) for x in self.find("listitem", within=lists[0])]
        return []

    def text_of(self, node) -> str:
        return " ".join(self.name(x) for x in self.descendants(node) if self.role(x) in ("StaticText", "staticText"))

    def live(self) -> list[str]:
        n = self.one("log")
        return [self.text_of(p) or self.name(p) for p in (self.by_id.get(c) for c in n.get("childIds") or [])
                if p is not None] if n else []

    async def focus(self, node) -> None:
        await self.b.call("DOM.focus", backendNodeId=node["backendDOMNodeId"])

    async def click(self, node) -> None:
        """As a reader activates a node: the focus moves to it, then a click."""
        await self.focus(node)
        obj = await self.b.call("DOM.resolveNode", backendNodeId=node["backendDOMNodeId"])
        await self.b.call("Runtime.callFunctionOn", objectId=obj["object"]["objectId"],
                          functionDeclaration="function () { this.click(); }")

    def dump(self) -> str:
        """The tree as indented lines: role "name" [states]."""
        lines = []
        roots = [n for n in self.by_id.values() if not n.get("parentId")]

        def walk(n, depth):
            if not n.get("ignored"):
                states = [f"{p['name']}={p['value'].get('value')}" for p in n.get("properties") or []
                          if p.get("name") in ("pressed", "disabled", "focusable", "live", "level")]
                lines.append("  " * depth + f"{self.role(n)} \"{self.name(n)}\" " + " ".join(states))
                depth += 1
            for c in n.get("childIds") or []:
                if c in self.by_id:
                    walk(self.by_id[c], depth)
        for r in roots:
            walk(r, 0)
        return "\n".join(lines)


def _dump(ax: AXPage, name: str, tmp_path: Path) -> None:
    """The tree to a file (FELT_AX_DUMP=DIR keeps it for a person to read)."""
    folder = Path(os.environ.get("FELT_AX_DUMP") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.txt").write_text(ax.dump(), encoding="utf-8")


async def _wait(ax: AXPage, pred, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while True:
        await ax.read()
        v = pred(ax)
        if v:
            return v
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {timeout:g} s; the page's tree:\n{ax.dump()[-3000:]}")
        await asyncio.sleep(0.15)


def _host(game: str, rules: str | None = None, seed: int = 5) -> HostThread:
    kw = {"rules": rules} if rules else {}
    return HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=2, seed=seed, game=game,
                                 start_when_full=True, bot_delay=0.05, **kw)).start()


def _in_browser(tmp_path, start_host, body, timeout: float):
    """``await body(browser, ht)`` with a phone's Chromium and the table ``start_host()`` starts
    (skipped where no Chromium is found); both stopped after, the window's language back."""
    exe = _chromium()
    if exe is None:
        pytest.skip("no Chromium on this machine (apt-get install -y chromium); the browser test cannot run")
    ht = start_host()
    browser = Browser(exe, tmp_path / "profile")

    async def main():
        await browser.connect()
        try:
            return await body(browser, ht)
        finally:
            await browser.ws.close()

    try:
        return run(main(), timeout)
    finally:
        browser.stop()
        ht.stop()
        i18n.set_lang("de")


async def _join_screen(ax: AXPage) -> None:
    """Wait for the join screen in whichever language the page came up in, and set the
    window's texts to that language."""
    plays = {}
    for lang in ("de", "en"):
        i18n.set_lang(lang)
        plays[i18n.t("phone.play")] = lang
    await _wait(ax, lambda a: any(a.button(p) for p in plays), 40, "the join screen")
    i18n.set_lang(next(lang for p, lang in plays.items() if ax.button(p)))    # the page's language


async def _join(b: Browser, ht: HostThread, lang: str) -> AXPage:
    await b.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2, mobile=True)
    await b.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    await b.call("Emulation.setLocaleOverride", locale="de-DE" if lang == "de" else "en-GB")
    await b.call("Page.enable")
    await b.call("Accessibility.enable")
    await b.call("Page.navigate", url=ht.host.gateway.url)
    ax = AXPage(b)
    other = "en" if lang == "de" else "de"
    i18n.set_lang(other)
    there = i18n.t("phone.play"), i18n.t("a11y.lang", lang=i18n.t(f"lang.{lang}"))
    i18n.set_lang(lang)
    play = await _wait(ax, lambda a: a.button(i18n.t("phone.play")) or a.button(there[0]), 40,
                       "the join screen's play button")
    if ax.name(play) != i18n.t("phone.play"):
        # the page came up in the other language: its language button switches
        await ax.click(ax.button(there[1]))
        play = await _wait(ax, lambda a: a.button(i18n.t("phone.play")), 20, f"the join screen in {lang}")
    await asyncio.sleep(1.5)                 # the join screen settled (its name field focused)
    await ax.read()
    _dump(ax, f"join-{lang}", Path(os.environ.get("FELT_AX_DUMP") or "/tmp"))
    # the name: the layer's own text field, typed into as a reader types; the one text box on
    # the page (the field laid over the canvas for fingers is not a second one to a reader)
    boxes = ax.find("textbox")
    assert len(boxes) == 1, ax.dump()
    box = ax.one("textbox", i18n.t("your_name"), within=ax.layer())
    assert box is not None, ax.dump()
    await ax.focus(box)
    await b.call("Input.insertText", text="Pia")
    await ax.click(play)
    return ax


def _results(ax: AXPage, n: int) -> bool:
    """Round ``n``'s results show (Präsident): the heading says so (the list under it does
    not say it again)."""
    return ax.heading().startswith(i18n.t("res.title", n=n)) or i18n.t("res.title", n=n) in ax.texts(heading=i18n.t("a11y.info"))


def _my_turn(ax: AXPage) -> bool:
    """The page's top heading says this seat is on turn (Schwimmen's dealer: "Du bist Geber")."""
    return ax.heading().startswith(tuple(i18n.t(k) for k in ("gt.turn_me", "sw.you_deal") if i18n.has(k)))


async def _press(ax: AXPage, name: str, tries: int = 3) -> bool:
    """Press the button ``name`` until the turn has moved on (a button that the table
    disabled for a moment between reading the tree and the press is pressed again)."""
    for _ in range(tries):
        await ax.read()
        b = ax.button(name)
        if b is None or not ax.enabled(b):
            return False
        log = ax.texts(heading=i18n.t("a11y.log"))
        await ax.click(b)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            await asyncio.sleep(0.15)
            await ax.read()
            # the turn moved on, or came back already (fast bots): the log has the move
            if not _my_turn(ax) or ax.texts(heading=i18n.t("a11y.log")) != log:
                return True
    raise AssertionError(f"{name} did not make the move:\n{ax.dump()[-3000:]}")


async def _play_round(ax: AXPage, turn, done, timeout: float, tmp_path: Path, name: str) -> int:
    """Take every turn with ``turn(ax)`` until the round's results show; the turns taken."""
    turns = 0
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, f"the round did not end within {timeout:g} s:\n{ax.dump()[-3000:]}"
        await ax.read()
        if done(ax):
            return turns
        if _my_turn(ax) and await turn(ax):
            turns += 1
            if turns == 1:
                _dump(ax, f"{name}-turn", tmp_path)
        await asyncio.sleep(0.15)


def _run(tmp_path, game: str, lang: str, turn, done, rules: str | None = None, check=None, seed: int = 5):
    async def body(browser, ht):
        ax = await _join(browser, ht, lang)
        await _wait(ax, lambda a: a.group(i18n.t("a11y.hand")) and a.buttons(i18n.t("a11y.hand")), 60,
                    "the hand's cards")
        _dump(ax, f"{game}-{lang}-table", tmp_path)
        turns = await _play_round(ax, turn, done, 240, tmp_path, f"{game}-{lang}")
        await asyncio.sleep(0.5)
        await ax.read()
        await _paced(browser)
        verlauf = ax.texts(heading=i18n.t("a11y.log"))
        assert 1 <= len(verlauf) <= 10 and i18n.t("gt.turn_me") not in verlauf, verlauf
        # a quick question after the round: the scores, said at once
        q = ax.button(i18n.t("a11y.q_scores"))
        await ax.click(q)
        await _wait(ax, lambda a: len(a.live()) and a.live()[-1] not in ("",), 3, "the scores said")
        said = await browser.js("window.feltPhone.stats.said.slice(-1)[0].text")
        assert said and said != i18n.t("a11y.q_none"), said
        _dump(ax, f"{game}-{lang}-results", tmp_path)
        if check is not None:
            check(ax, turns)
        return turns

    return _in_browser(tmp_path, lambda: _host(game, rules, seed), body, 330)


async def _paced(browser: Browser) -> list[dict]:
    """What the live region got in a round: one event at a time, never two within 190 ms (a
    burst is dropped by readers; the page spaces them 200 ms); the turn came with its sound."""
    said = await browser.js("window.feltPhone.stats.said")
    at = [x["at"] for x in said]
    gaps = [b - a for a, b in zip(at, at[1:])]
    assert len(said) >= 5 and min(gaps) >= 190, (len(said), sorted(gaps)[:5])
    assert any(x["cue"] == "turn" for x in said), said[-10:]
    return said


# ---------------------------------------------------------------------------- Präsident
def _praesident_turner(seen: dict):
    """A Präsident turn by the layer alone. The first turn: the Tipp picks cards (pressed
    toggles; its sentence is in the tree and said), one of them is put down and picked again
    by its button, then "Legen" (or "Passen"). Every later turn: the quick question "Was
    liegt?" (its answer said at once), then the first play of the "Züge" group, one press (or
    "Passen" where the group is empty)."""
    seen.setdefault("toggled", False)
    seen.setdefault("turn_said", 0)
    for k in ("asked", "moves", "hint_said"):
        seen.setdefault(k, 0)

    async def turn(ax: AXPage) -> bool:
        hint = ax.button(i18n.t("gt.hint"))
        if hint is None or not ax.enabled(hint):
            return False
        # what lies to beat is said, ranks in words ("To beat: Single Queen by Bot 2")
        beat = [x for x in ax.texts(heading=i18n.t("a11y.info"))
                if x.startswith(i18n.t("a11y.pile", what="", name="").split(":")[0] + ":")
                or x == i18n.t("a11y.pile_none")]
        assert len(beat) == 1 and not re.search(r" [BDKAJQ]( |,|$)", beat[0]), ax.texts(heading=i18n.t("a11y.info"))
        seen["beat"] = seen.get("beat", 0) + 1
        hand = i18n.t("a11y.hand")
        # a card in no play that beats the pile is marked (the reader says "nicht verfügbar")
        seen["off"] = seen.get("off", 0) + len([c for c in ax.buttons(hand) if not ax.enabled(c)])
        play, pass_ = i18n.t("table.play"), i18n.t("table.pass")
        if seen["toggled"]:
            # a quick question, answered at once from the words the page has
            await ax.click(ax.button(i18n.t("a11y.q_top")))
            await _wait(ax, lambda a: beat[0] in a.live(), 3, f"the answer {beat[0]!r} said")
            seen["asked"] += 1
            plays = [b for b in ax.buttons(i18n.t("a11y.moves")) if ax.enabled(b)]
            if plays:
                seen["moves"] += 1
                if not await _press(ax, ax.name(plays[0])):
                    return False
            elif not await _press(ax, pass_):
                return False
            seen["turn_said"] = sum(1 for x in ax.live() if x == i18n.t("gt.turn_me"))
            return True
        await ax.click(hint)
        await asyncio.sleep(0.3)
        picked = await _wait(ax, lambda a: [c for c in a.buttons(hand) if a.pressed(c)] or
                             (a.button(play) is not None and not a.enabled(a.button(play))), 10, "the Tipp's cards")
        picked = [c for c in ax.buttons(hand) if ax.pressed(c)] if isinstance(picked, list) else []
        # the Tipp's sentence: the first line at the table, and said
        tip = i18n.t("gt.hint_line", why="")
        lines = [x for x in ax.texts(heading=i18n.t("a11y.info")) if x.startswith(tip)]
        assert lines, ax.texts(heading=i18n.t("a11y.info"))
        await _wait(ax, lambda a: lines[0] in a.live(), 3, "the Tipp said")
        seen["hint_said"] += 1
        if picked and not seen["toggled"]:
            # a card put down and picked again, by its button alone
            card = picked[0]
            cname = ax.name(card)
            await ax.click(card)
            await _wait(ax, lambda a: any(a.name(c) == cname and not a.pressed(c) for c in a.buttons(hand)), 10,
                        f"{cname} put down")
            again = next(c for c in ax.buttons(hand) if ax.name(c) == cname and not ax.pressed(c))
            await ax.click(again)
            await _wait(ax, lambda a: len([c for c in a.buttons(hand) if a.pressed(c)]) == len(picked), 10,
                        f"{cname} picked again")
            seen["toggled"] = True
        if not await _press(ax, play if picked else pass_):
            return False
        seen["turn_said"] = sum(1 for x in ax.live() if x == i18n.t("gt.turn_me"))
        return True
    return turn


def test_a_praesident_round_through_the_accessibility_tree_alone(tmp_path):
    """Cards are toggle buttons named in the table's language; the Tipp picks some (pressed),
    a card is put down and picked again by hand, "Legen" plays them, "Passen" passes; the
    live region says the turn once per turn and the plays; the results are text."""
    seen = {"toggled": False, "turn_said": 0}
    turn = _praesident_turner(seen)

    def check(ax: AXPage, turns: int):
        assert turns >= 2, turns
        assert seen["toggled"], "no card was toggled"
        assert seen["hint_said"] and seen["asked"] and seen["moves"], seen
        verlauf = ax.texts(heading=i18n.t("a11y.log"))
        assert 1 <= len(verlauf) <= 10 and i18n.t("gt.turn_me") not in verlauf, verlauf
        assert seen["off"], "no card was marked as one that cannot be played now"
        live = ax.live()
        assert live, "the live region said nothing"
        # "Du bist dran!" once per turn, not once per frame
        assert 1 <= seen["turn_said"] <= turns + 1, (seen, turns, live)
        # plays are read with their ranks in words ("Einzelkarte Dame"), not the log's letters
        said = ax.texts(heading=i18n.t("a11y.log")) + live
        plays = [x for x in said if re.search(r": (Einzelkarte|Paar|Drilling|Vierling) ", x)]
        assert plays, said
        assert not [x for x in plays if re.search(r"(Einzelkarte|Paar|Drilling|Vierling) [BDKA]\b", x)], plays
        info = ax.texts(heading=i18n.t("a11y.info"))
        assert any(x.startswith(i18n.t("res.standings")) for x in info), info
        assert any(x.startswith("1. ") for x in info), info

    def done(ax: AXPage) -> bool:
        return _results(ax, 1)

    _run(tmp_path, "praesident", "de", turn, done, rules="PR-005", check=check)


async def _click_until(ax: AXPage, node, pred, what: str, timeout: float = 8.0):
    """Activate ``node`` and wait until ``pred(ax)`` holds."""
    await ax.click(node)
    return await _wait(ax, pred, timeout, what)


# ---------------------------------------------------------------------------- Mau-Mau
def test_a_maumau_round_through_the_accessibility_tree_alone(tmp_path):
    """Cards that fit are buttons, the others marked unavailable; the card on the pile, the
    wished suit and the sevens' cards to draw are text in the table's language; a card is
    raised and played with "Legen", a Bube asks its suit as buttons named by suit, "Ziehen"
    draws (and "Behalten" keeps), "Mau!" is a toggle pressed before the last but one card;
    the round's results are read."""
    from felt.games.maumau.scene import suit_label
    hand_h, info_h = i18n.t("a11y.hand"), i18n.t("a11y.info")
    suits = [suit_label(s) for s in ("C", "S", "H", "D")]
    top_prefix = i18n.t("mm.a11y_top", card="").strip()
    seen = {"top": set(), "wish": 0, "pending": 0, "bube": 0, "draw": 0, "keep": 0, "mau": 0, "off": 0,
            "played": 0, "toggled": False, "short": False, "moves": 0}

    def info(ax):
        return ax.texts(heading=info_h)

    def jack():
        from felt.games.maumau.log import RANKS
        return RANKS["de" if i18n.get_lang() == "de" else "en"]["J"]

    def note(ax):
        lines = info(ax)
        seen["top"] |= {x[len(top_prefix):].strip() for x in lines if x.startswith(top_prefix)}
        seen["wish"] += any(x in lines for x in (i18n.t("mm.wished", suit=s) for s in suits))
        seen["pending"] += any(x.startswith(i18n.t("mm.a11y_pending_me", n=2).split(":")[0] + ":") for x in lines)

    def hand(ax):
        return ax.buttons(hand_h)

    async def play(ax, card) -> bool:
        name = ax.name(card)
        await _click_until(ax, card, lambda a: any(a.name(c) == name and a.pressed(c) for c in hand(a)),
                           f"{name} raised")
        legen = await _wait(ax, lambda a: a.button(i18n.t("table.play")), 5, "Legen")
        if name.split()[-1] == jack():
            # a Bube: the suit picker's buttons, named by suit
            await _click_until(ax, legen, lambda a: all(a.button(s) for s in suits), "the suit buttons")
            assert ax.button(i18n.t("cancel")) is not None, ax.dump()[-2000:]
            assert all(ax.prop(ax.button(x), "pressed") is None for x in suits), "a suit is a plain button"
            assert i18n.t("mm.pick_suit") in info(ax), info(ax)           # the picker's question is said
            assert ax.button(i18n.t("mm.draw")) is None, "the picker is open: no Ziehen behind it"
            await _click_until(ax, ax.button(suits[2]), lambda a: not _my_turn(a) or not a.button(suits[2]),
                               "the wish sent")
            seen["bube"] += 1
        else:
            await _click_until(ax, legen, lambda a: not any(a.name(c) == name for c in hand(a)) or not _my_turn(a),
                               f"{name} played")
        seen["played"] += 1
        return True

    draws = {i18n.t("mm.draw")} | {i18n.t("mm.draw_n", n=k) for k in range(1, 30)}

    def offered(ax) -> bool:
        """Something to do: a card that fits, "Behalten", "Ziehen", a suit."""
        acts = [b for b in ax.buttons(i18n.t("a11y.actions")) if ax.enabled(b)]
        return bool([c for c in hand(ax) if ax.enabled(c)] or [b for b in acts if ax.name(b) in draws] or
                    ax.button(i18n.t("mm.keep")) or ax.button(suits[0]))

    async def turn(ax: AXPage) -> bool:
        note(ax)
        # the heading says the turn from the view; while this seat's last move is on its way
        # (a Bube's wish sent, a card drawn) nothing is offered yet: wait for the table's answer
        # (the race of "nothing fits and no Ziehen")
        await _wait(ax, lambda a: offered(a) or not _my_turn(a), 5, "something to do on this turn")
        if not _my_turn(ax):
            return False
        if not seen["short"]:
            # the page's verbosity: "kurz" (kept by the page, told to the table)
            await _click_until(ax, ax.button(i18n.t("a11y.verb_short")),
                               lambda a: a.pressed(a.button(i18n.t("a11y.verb_short"))), "kurz pressed")
            assert await ax.b.js("localStorage.getItem('felt.verb')") == "short"
            seen["short"] = True
        cards = hand(ax)
        fits = [c for c in cards if ax.enabled(c)]
        seen["off"] += len(cards) - len(fits)
        keep = ax.button(i18n.t("mm.keep"))
        mau = ax.button(i18n.t("mm.mau"))
        if mau is not None and not seen["toggled"]:
            # the Mau toggle: on and off again, its state read from the tree
            await _click_until(ax, mau, lambda a: a.pressed(a.button(i18n.t("mm.mau"))), "Mau! on")
            await _click_until(ax, ax.button(i18n.t("mm.mau")),
                               lambda a: not a.pressed(a.button(i18n.t("mm.mau"))), "Mau! off")
            seen["toggled"] = True
        if fits:
            if len(cards) == 2 and mau is not None and not ax.pressed(mau):
                await _click_until(ax, mau, lambda a: a.pressed(a.button(i18n.t("mm.mau"))),
                                   "Mau! pressed")
                seen["mau"] += 1
            jacks = [c for c in fits if ax.name(c).split()[-1] == jack()]
            if jacks and not seen["bube"]:
                return await play(ax, jacks[0])
            one = [b for b in ax.buttons(i18n.t("a11y.moves")) if ax.enabled(b)]
            if one and seen["played"]:
                n = len(cards)
                await _click_until(ax, one[0], lambda a: len(hand(a)) < n or not _my_turn(a), f"{ax.name(one[0])}")
                seen["moves"] += 1
                seen["played"] += 1
                return True
            return await play(ax, (jacks or fits)[0])
        if keep is not None and ax.enabled(keep):
            await _click_until(ax, keep, lambda a: not _my_turn(a) or a.button(i18n.t("mm.keep")) is None, "kept")
            seen["keep"] += 1
            return True
        draw = next((b for b in ax.buttons(i18n.t("a11y.actions")) if ax.enabled(b) and ax.name(b) in draws), None)
        assert draw is not None, f"nothing fits and no Ziehen:\n{ax.dump()[-3000:]}"
        n = len(cards)
        await _click_until(ax, draw, lambda a: len(hand(a)) > n or not _my_turn(a), "a card drawn")
        seen["draw"] += 1
        return True

    def done(ax: AXPage) -> bool:
        note(ax)
        lines = info(ax) + ax.heading().split(" · ")       # (what the heading says is not said again)
        return i18n.t("mm.round_over", n=1) in lines or any(
            x.startswith(i18n.t("mm.match_over", name="")) or x == i18n.t("mm.you.match_over") for x in lines)

    def check(ax: AXPage, turns: int):
        assert turns >= 2, turns
        assert seen["top"], "the card on the pile was never said"
        assert all(any(w in x for w in suits) for x in seen["top"]), seen["top"]
        # (seed 5: the sevens come to this seat, a Bube is in its hand, bots wish)
        assert seen["toggled"], "the Mau toggle was not there"
        assert seen["wish"] and seen["pending"], seen
        assert seen["bube"] and seen["draw"] and seen["played"] >= 2 and seen["moves"], seen
        assert seen["off"], "no card was marked as not fitting"
        assert ax.button(i18n.t("mm.draw")) is None, "Ziehen at the results"
        lines = info(ax)
        # the results: a line per seat, the place first, the cards left named
        rows = [x for x in lines if x[:2] in ("1.", "2.", "3.")]
        assert len(rows) == 3, lines
        assert any(i18n.t("mm.you_label") in x for x in rows), rows
        live = ax.live()
        assert live and any(x.startswith(i18n.t("mmlog.play_me", card="").split()[0]) for x in live), live
        # "kurz": the bots' plays said as "Bot 1: Pik Dame", not "Bot 1 legt Pik Dame"
        assert any(re.match(r"^Bot \d: ", x) for x in live) and not [x for x in live[-8:] if " legt " in x], live

    _run(tmp_path, "maumau", "de", turn, done, rules="MM-STD", check=check,
         seed=int(os.environ.get("FELT_AX_SEED", "5")))


# ---------------------------------------------------------------------------- Schwimmen
def test_a_schwimmen_round_through_the_accessibility_tree_alone(tmp_path):
    """The middle's cards are buttons named in the table's language; a hand card and a
    middle card picked one after the other swap them, "Alle tauschen", "Klopfen" and
    "Schieben" are buttons (the dealer's "Behalten" too), the hand's value is text; at the
    round's end the result's lines, every hand shown with its cards and value, and the
    lives are read."""
    hand_h, table_h, info_h = i18n.t("a11y.hand"), i18n.t("a11y.table"), i18n.t("a11y.info")
    seen = {"swap": 0, "swap_all": 0, "knock": 0, "pass": 0, "keep": 0, "middle": set(), "value": 0, "taken": 0,
            "swap_btn": 0}

    def info(ax):
        return ax.texts(heading=info_h)

    def log(ax):
        return ax.texts(heading=i18n.t("a11y.log"))

    async def press(ax, key) -> bool:
        b = ax.button(i18n.t(key))
        if b is None or not ax.enabled(b):
            return False
        before = log(ax)
        await _click_until(ax, b, lambda a: log(a) != before, f"{i18n.t(key)} in the log")
        return True

    async def turn(ax: AXPage) -> bool:
        lines = info(ax)
        seen["value"] += any(x.startswith(i18n.t("sw.a11y_hand", v="").split(":")[0]) for x in lines)
        taken = i18n.t("sw.a11y_taken", cards="").split(":")[0] + ": "
        seen["taken"] += any(taken in x and not x.startswith(i18n.t("sw.you") + ":") for x in lines)
        if await press(ax, "sw.keep"):
            seen["keep"] += 1
            return True
        mid = ax.buttons(table_h)
        seen["middle"] |= {ax.name(c) for c in mid}
        if not seen["swap"] and mid:
            for key in ("sw.swap_all", "sw.pass", "sw.knock"):     # the other moves: buttons too
                assert ax.button(i18n.t(key)) is not None, (key, ax.dump()[-3000:])
            # a swap: a hand card, then a middle card, by their buttons
            give = ax.buttons(hand_h)[0]
            gname = ax.name(give)
            await _click_until(ax, give, lambda a: any(a.name(c) == gname and a.pressed(c) for c in a.buttons(hand_h)),
                               f"{gname} picked")
            take = ax.buttons(table_h)[-1]
            tname = ax.name(take)
            await _click_until(ax, take,
                               lambda a: any(a.name(c) == tname for c in a.buttons(hand_h)) or not _my_turn(a),
                               f"{gname} swapped for {tname}")
            said = i18n.t("swlog.swap_cards_me", take=tname, give=gname)
            await _wait(ax, lambda a: said in a.live() and said in log(a), 8, f"{said!r} in the log and said")
            seen["swap"] += 1
            return True
        # a swap as one button of the "Züge" group ("Pik Ass nehmen, Herz 8 geben")
        # (the last one: every swap has a button of its own, the one pressed is made)
        plays = ax.buttons(i18n.t("a11y.moves"))
        pattern = i18n.t("sw.a11y_swap", take="\x00", give="\x01")
        swaps = [b for b in plays if ", " in ax.name(b)]
        if not seen["swap_btn"] and len(swaps) > 1:
            name = ax.name(swaps[-1])
            head, _, rest = pattern.partition("\x00")
            mid, _, tail = rest.partition("\x01")
            tname, _, gname = name[len(head):len(name) - len(tail)].partition(mid)
            said = i18n.t("swlog.swap_cards_me", take=tname, give=gname)
            before = log(ax)
            await _click_until(ax, swaps[-1], lambda a: log(a) != before, f"{name} in the log")
            await _wait(ax, lambda a: said in log(a), 8, f"{said!r} (the swap pressed) in the log")
            seen["swap_btn"] += 1
            return True
        # then: pass once, swap all once, knock as soon as the table lets
        if await press(ax, "sw.knock"):
            seen["knock"] += 1
            return True
        if not seen["pass"] and await press(ax, "sw.pass"):
            seen["pass"] += 1
            return True
        if not seen["swap_all"] and await press(ax, "sw.swap_all"):
            seen["swap_all"] += 1
            return True
        if await press(ax, "sw.pass"):
            seen["pass"] += 1
            return True
        return False

    def done(ax: AXPage) -> bool:
        return i18n.t("sw.a11y_lives") in info(ax)

    def check(ax: AXPage, turns: int):
        # (seed 9: this seat deals and keeps its hand, swaps one card by hand and one by its
        # button, then knocks)
        assert seen["keep"] and seen["swap"] and seen["swap_btn"] and seen["knock"] and turns >= 3, seen
        assert seen["value"], "the hand's value was not said"
        assert len(seen["middle"]) >= 3, seen["middle"]
        lines = info(ax)
        shown = [x for x in lines if i18n.t("sw.a11y_shown", name="", cards="", v="").split("(")[1].split()[0] in x]
        assert len(shown) >= 2, lines          # every hand in play with its value
        assert any(x.startswith(i18n.t("sw.you") + ":") and "," in x for x in shown), shown
        assert not ax.buttons(table_h), "the middle is not shown over the result"
        assert seen["taken"], "the cards another seat took from the middle were not said"
        i = lines.index(i18n.t("sw.a11y_lives"))
        assert len(lines[i + 1:]) == 3, lines  # each seat's lives
        assert lines[0], lines                 # why the round ended

    _run(tmp_path, "schwimmen", "de", turn, done, rules="SW-STD", check=check,
         seed=int(os.environ.get("FELT_AX_SEED", "9")))


# ---------------------------------------------------------------------------- the join screen
def test_the_join_screen_has_one_labelled_name_box_also_while_a_finger_types(tmp_path):
    """A reader finds one text box on the join screen, named by its label ("Dein Name"),
    and the screen's words (the table's name, what to do); a finger's tap on the drawn field
    opens the page's own input over the canvas: that input, labelled alike, is then the one
    text box (it was a second, named by its placeholder only)."""

    async def body(browser, ht):
        await browser.call("Emulation.setLocaleOverride", locale="de-DE")
        await browser.open_as_phone(ht.host.gateway.url, 390, 844, 2)
        await browser.call("Accessibility.enable")
        ax = AXPage(browser)
        await _join_screen(ax)
        boxes = ax.find("textbox")
        assert [ax.name(b) for b in boxes] == [i18n.t("your_name")], ax.dump()
        assert ax.heading() == i18n.t("phone.join_title"), ax.heading()
        assert i18n.t("phone.hint") in ax.texts(heading=i18n.t("a11y.info")), ax.dump()
        st = await browser.js("window.feltPhone.state()")
        k = st["size"][0] / 390
        r = st["widgets"]["name_field"]["rect"]
        await browser.tap((r[0] + r[2] / 2) / k, (r[1] + r[3] / 2) / k)
        await browser.wait_js("document.activeElement && document.activeElement.id === 'field'", 10,
                              "the page's input focused")
        await asyncio.sleep(0.5)
        await ax.read()
        boxes = ax.find("textbox")
        assert [ax.name(b) for b in boxes] == [i18n.t("your_name")], ax.dump()

    _in_browser(tmp_path, lambda: HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=2,
                                                        seed=5, rules="PR-002", bot_delay=0.05)).start(), body, 120)


# ---------------------------------------------------------------------------- an owner, in English
EXCHANGE_RULES = """
game = "praesident"
id = "AX-EX"
name = "Short deck with exchange"
ranks = ["10", "J", "Q", "K", "A", "2"]
suits = "french"
copies = 1
jokers = 0
min_players = 3
max_players = 6
largest_set = 4
exchange = true
exchange_top = 2
exchange_second = 1
schnorren = true
rounds = 3
"""
ENGLISH_CARD = re.compile(r"^(2|10|Jack|Queen|King|Ace) of (Hearts|Spades|Diamonds|Clubs)$")


@pytest.mark.parametrize("role,seed", [("give", 6), ("wish", 3)])
def test_an_owner_in_english_fills_the_table_starts_it_and_exchanges_cards_through_the_tree(tmp_path, role, seed):
    """A phone owns a table nobody else sat at (a headless host's first player): the lobby's
    seats are buttons (a free seat picked, then "Add bot"), the owner's choices are buttons
    ("Rounds: 3, next"), "Start game" starts; the table is in English (cards "Queen of Hearts",
    plays "Single Queen"); after round 1 "Next round" deals round 2, whose card exchange is
    made through the layer (seed 6: this seat is first and gives two cards back by their
    buttons; seed 3: it is last and sends a wish by the ranks' buttons)."""
    rules = tmp_path / "ax-ex.toml"
    rules.write_text(EXCHANGE_RULES, encoding="utf-8")
    seen: dict = {}
    turn = _praesident_turner(seen)

    async def body(browser, ht):
        ax = await _join(browser, ht, "en")
        info_h = i18n.t("a11y.info")
        await _wait(ax, lambda a: a.button(i18n.t("lobby.start")), 30, "the owner's lobby")
        assert i18n.t("lobby.title") in ax.heading() or "President" in ax.heading(), ax.heading()
        _dump(ax, "owner-en-lobby", tmp_path)
        for n in (2, 3):                     # a free seat picked, then a bot added there
            free = await _wait(ax, lambda a: a.button(i18n.t("a11y.seat_free", n=n)), 10, f"seat {n} free")
            add = await _click_until(ax, free, lambda a: a.button(i18n.t("lobby.add_bot")), "Add bot")
            await _click_until(ax, add, lambda a: any(a.name(b).startswith(i18n.t("a11y.seat", n=n, name=""))
                                                      and "(bot)" in a.name(b) for b in a.find(BUTTONS)),
                               f"a bot at seat {n}")
        # a choice of the owner's: the rounds, one step on
        rounds = next(b for b in ax.find(BUTTONS) if ax.name(b).startswith(i18n.t("lobby.rounds") + ":")
                      and ax.name(b).endswith(i18n.t("a11y.choice_next", label="", value="")[-6:]))
        before = ax.name(rounds)
        await _click_until(ax, rounds, lambda a: not a.button(before), "the rounds changed")
        await _click_until(ax, ax.button(i18n.t("lobby.start")),
                           lambda a: a.buttons(i18n.t("a11y.hand")), "the hand")
        hand = [ax.name(c) for c in ax.buttons(i18n.t("a11y.hand"))]
        assert hand and all(ENGLISH_CARD.match(x) for x in hand), hand
        await _play_round(ax, turn, lambda a: _results(a, 1), 60,
                          tmp_path, "owner-en")
        plays = [x for x in ax.live() if re.search(r": (Single|Pair|Triple) ", x)]
        assert plays and not [x for x in plays if re.search(r" [JQKA]\b", x)], plays
        await _click_until(ax, ax.button(i18n.t("gt.next_round")),
                           lambda a: a.heading().startswith(i18n.t("ex.title")) or
                           i18n.t("ex.title") in a.heading(), "the card exchange")
        _dump(ax, "owner-en-exchange", tmp_path)
        # this seat's part comes when the seat before it in the exchange has made its own
        await _wait(ax, lambda a: a.button(i18n.t("ex.give" if role == "give" else "ex.wish_send")), 20,
                    f"this seat's part of the exchange ({role})")
        lines = ax.texts(heading=info_h)
        give, wish = ax.button(i18n.t("ex.give")), ax.button(i18n.t("ex.wish_send"))
        print("exchange", lines, give is not None, wish is not None)
        # what was given and got, with the cards named in English
        assert any(all(ENGLISH_CARD.match(c) for c in x.split(": ", 1)[1].split(", "))
                   for x in lines if ": " in x), lines
        if give is not None:
            # the cards to give back: as many as asked, by their buttons
            k = next(int(x.split()[1]) for x in lines if x.startswith("Choose "))
            for c in ax.buttons(i18n.t("a11y.hand"))[:k]:
                name = ax.name(c)
                await _click_until(ax, c, lambda a: any(a.name(x) == name and a.pressed(x)
                                                        for x in a.buttons(i18n.t("a11y.hand"))), f"{name} picked")
            await _click_until(ax, ax.button(i18n.t("ex.give")), lambda a: a.button(i18n.t("ex.give")) is None,
                               "given")
            seen["exchange"] = "give"
        elif wish is not None:
            ace = ax.button(i18n.rank_name("A"))
            await _click_until(ax, ace, lambda a: a.pressed(a.button(i18n.rank_name("A"))), "Ace wished")
            await _click_until(ax, ax.button(i18n.t("ex.wish_send")),
                               lambda a: a.button(i18n.t("ex.wish_send")) is None, "the wish sent")
            seen["exchange"] = "wish"
        else:
            assert i18n.t("ex.middle") in lines or any(x.startswith("Waiting") for x in lines), lines
            seen["exchange"] = "none"
        # the exchange's cards named in English, then round 2's table
        await _wait(ax, lambda a: not a.heading().startswith(i18n.t("ex.title")) and
                    a.button(i18n.t("gt.hint")) is not None or _my_turn(a) or
                    any(x.startswith(i18n.t("a11y.cards_me", n=2).split(":")[0]) for x in a.texts(heading=info_h)),
                    40, "round 2's table")
        _dump(ax, "owner-en-round2", tmp_path)
        assert seen["exchange"] == role, seen

    seed = int(os.environ.get("FELT_AX_SEED", seed))
    _in_browser(tmp_path, lambda: HostThread(HostConfig(interface="127.0.0.1", announce=False, players=3, bots=0, seed=seed,
                                                        rules=str(rules), owner_first=True, bot_delay=0.05)).start(),
                body, 150)


# ---------------------------------------------------------------------------- without a browser
def test_a_blocks_own_buttons_and_words_reach_the_layer():
    """The lobby's evening (a block with its own buttons): its "Neuer Abend" is a target of
    the layer (one level down: ``evening__new_btn``), its standings are sentences."""
    from felt.ui.evening_view import EveningBlock
    i18n.set_lang("de")
    block = EveningBlock()
    block.set_evening({"matches": 3, "games": [{"id": "praesident"}],
                       "rows": [{"name": "Pia", "seat": 0, "kind": "human", "won": 2, "played": 3,
                                 "games": {"praesident": {"won": 2, "played": 3}}}]}, 0, True, False)

    class Screen:
        pass
    screen = Screen()
    screen.evening = block
    names = dict(a11y._named_widgets(screen))
    assert names.get("evening__new_btn") is block.new_btn
    lines = [" ".join(x.split()) for x in block.a11y_lines()]
    assert lines[0] == i18n.t("evening.title", n=3).replace("\xa0", " ")
    assert lines[1].startswith("1. Pia (" + i18n.t("lobby.you") + "): " + i18n.t("evening.wins", n=2)), lines


def test_cards_are_named_in_the_tables_language_in_every_game():
    """A card's name as the layer and the log say it: "Herz Dame" at a German table,
    "Queen of Hearts" at an English one (Mau-Mau and Schwimmen said "Hearts Queen")."""
    from felt.games.maumau.log import card_name as mau_name
    from felt.games.maumau.rules import MauRules, build_deck
    from felt.games.schwimmen.log import card_name as swim_name
    from felt.ui.playlog import LogContext
    deck = build_deck(MauRules())
    queen = next(c.id for c in deck if c.rank == "Q" and c.suit == "H")
    ctx = LogContext(names=[], deck=deck)
    try:
        i18n.set_lang("de")
        assert mau_name(queen, ctx) == "Herz Dame"
        assert swim_name(2 * 8 + 7, None) == "Herz Ass"          # Schwimmen's ids: suit * 8 + rank
        i18n.set_lang("en")
        assert mau_name(queen, ctx) == "Queen of Hearts"
        assert swim_name(2 * 8 + 7, None) == "Ace of Hearts"
    finally:
        i18n.set_lang("de")


def test_a_closed_table_is_said_to_the_reader_not_hidden_behind_the_last_table(tmp_path):
    """The host closes the table while a reader plays: the note the page lays over the canvas
    ("Der Tisch ist geschlossen", "Nochmal versuchen") is an alert dialog the focus moves into,
    and the layer's last table (its cards, its buttons, its live region) is hidden from the
    reader meanwhile, as the picture behind the note is from the eye. (A reader used to hear
    nothing and kept the stale table's buttons.)"""

    async def body(browser, ht):
        ax = await _join(browser, ht, "de")
        await _wait(ax, lambda a: a.group(i18n.t("a11y.hand")) is not None, 40, "the table with the hand")
        await asyncio.to_thread(ht.stop)
        dialog = await _wait(ax, lambda a: a.one("alertdialog"), 20, "the note as an alert dialog")
        title = await browser.js("document.getElementById('note-title').textContent")
        text = await browser.js("document.getElementById('note-text').textContent")
        assert title and ax.name(dialog) == title, ax.dump()
        assert text and text in ax.text_of(dialog), ax.dump()
        retry = ax.one(BUTTONS, within=dialog)
        assert retry is not None and ax.prop(retry, "focused") in (True, "true"), ax.dump()
        # the stale table is not read: no hand, no live region, no button but the note's
        assert ax.group(i18n.t("a11y.hand")) is None and ax.one("log") is None, ax.dump()
        assert [ax.name(b) for b in ax.find(BUTTONS)] == [ax.name(retry)], ax.dump()

    _in_browser(tmp_path, lambda: _host("praesident", "PR-002"), body, 120)

"""A blind player on a laptop, with the browser page and the keyboard alone, in real
Chromium (tests/test_browser_a11y.py reads the accessibility tree; this file presses keys as a
person does). Its own file: the browser files run in parallel workers (--dist loadfile).

Skipped only where no Chromium can be found."""
from __future__ import annotations

import asyncio
import time

import pytest

from felt.ui import a11y, i18n  # noqa: F401  (a11y: its texts)
from tests.test_browser_a11y import AXPage, _host, _in_browser, _join_screen, _my_turn, _paced, _wait
from tests.test_browser_phone import Browser

pytestmark = pytest.mark.slow


# ---------------------------------------------------------------------------- a keyboard alone
VK = {"Tab": 9, "Enter": 13, " ": 32, "End": 35, "Home": 36, "ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39,
      "ArrowDown": 40, **{str(d): 48 + d for d in range(10)}}


class Keyboard:
    """A laptop's keyboard, nothing else: keys as the browser gets them from a person
    (``Input.dispatchKeyEvent``), and where the focus is."""

    def __init__(self, b: Browser) -> None:
        self.b = b
        self.keys = 0

    async def press(self, key: str, shift: bool = False) -> None:
        self.keys += 1
        vk = VK[key]
        kw = {"key": key, "code": {"Enter": "Enter", " ": "Space"}.get(key, key), "windowsVirtualKeyCode": vk,
              "nativeVirtualKeyCode": vk, "modifiers": 8 if shift else 0}
        text = {"Enter": "\r", " ": " "}.get(key, key if len(key) == 1 else None)
        if text:
            await self.b.call("Input.dispatchKeyEvent", type="keyDown", text=text, unmodifiedText=text, **kw)
        else:
            await self.b.call("Input.dispatchKeyEvent", type="rawKeyDown", **kw)
        await self.b.call("Input.dispatchKeyEvent", type="keyUp", **kw)
        await asyncio.sleep(0.03)

    async def focused(self) -> dict:
        return await self.b.js("(() => { const e = document.activeElement; return {tag: e.tagName, "
                               "box: e.parentElement ? e.parentElement.id : '', name: e.getAttribute('aria-label') || "
                               "e.textContent, off: e.getAttribute('aria-disabled') === 'true', "
                               "inLayer: document.getElementById('ax').contains(e)}; })()")

    async def tab_to(self, pred, what: str, most: int = 16) -> dict:
        """Tab on until the focused element is what ``pred`` wants (each group is one stop)."""
        for _ in range(most):
            f = await self.focused()
            if pred(f):
                return f
            await self.press("Tab")
        raise AssertionError(f"Tab did not reach {what}; last focus {await self.focused()}")

    async def arrow_to(self, name_pred, what: str) -> dict:
        """Within the focused group: Home, then the right arrow until ``name_pred(name)``."""
        await self.press("Home")
        for _ in range(40):
            f = await self.focused()
            if name_pred(f["name"]):
                return f
            await self.press("ArrowRight")
        raise AssertionError(f"the arrows did not reach {what}; last focus {await self.focused()}")


def test_a_maumau_round_on_a_laptop_with_the_keyboard_alone(tmp_path):
    """A blind player on a laptop, with the browser page and the keyboard only (Tab between
    groups, arrow keys within one, Enter and Space): the name typed and "Spielen" pressed,
    then every turn a play from the "Züge" group or "Ziehen"/"Behalten" from the actions,
    until the round's results; the key 1 asks "Was liegt?"; the focus stays in the layer when a
    pressed card goes, and a label on screen shows where it is."""
    async def body(browser, ht):
        kb = Keyboard(browser)
        await browser.call("Emulation.setDeviceMetricsOverride", width=1280, height=800, deviceScaleFactor=1,
                           mobile=False)
        await browser.call("Emulation.setLocaleOverride", locale="de-DE")
        await browser.call("Page.enable")
        await browser.call("Accessibility.enable")
        await browser.call("Page.navigate", url=ht.host.gateway.url)
        ax = AXPage(browser)
        await _join_screen(ax)
        draws = {i18n.t("mm.draw")} | {i18n.t("mm.draw_n", n=k) for k in range(1, 30)}
        await asyncio.sleep(1.0)
        await kb.tab_to(lambda f: f["tag"] == "INPUT" and f["inLayer"], "the name box")
        await browser.call("Input.insertText", text="Kim")
        await kb.press("Enter")                              # the name goes to the table
        await kb.press("Tab", shift=True)                    # back to the buttons' group
        await kb.arrow_to(lambda n: n == i18n.t("phone.play"), "Spielen")
        await kb.press("Enter")
        await _wait(ax, lambda a: a.buttons(i18n.t("a11y.hand")), 60, "the hand's cards")
        joined = kb.keys
        turns, lost = 0, 0
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, ax.dump()[-3000:]
            await ax.read()
            lines = ax.texts(heading=i18n.t("a11y.info")) + ax.heading().split(" · ")
            if i18n.t("mm.round_over", n=1) in lines or any(x.startswith(i18n.t("mm.match_over", name=""))
                                                            or x == i18n.t("mm.you.match_over") for x in lines):
                break
            acts = [b for b in ax.buttons(i18n.t("a11y.actions")) if ax.enabled(b)]
            plays = [b for b in ax.buttons(i18n.t("a11y.moves")) if ax.enabled(b)]
            keep = [b for b in acts if ax.name(b) == i18n.t("mm.keep")]
            draw = [b for b in acts if ax.name(b) in draws]
            if not _my_turn(ax) or not (plays or keep or draw):
                await asyncio.sleep(0.15)
                continue
            n = len(ax.buttons(i18n.t("a11y.hand")))
            if not turns:
                # the quick question "Was liegt?" by its key, answered at once
                await kb.tab_to(lambda f: f["tag"] == "BUTTON", "a button")
                said = len(await browser.js("window.feltPhone.stats.said"))
                await kb.press("1")
                await asyncio.sleep(0.5)
                answer = (await browser.js("window.feltPhone.stats.said"))[said:]
                top = i18n.t("mm.a11y_top", card="").strip()
                assert any(x["text"].startswith(top) for x in answer), answer
            if plays:
                f = await kb.tab_to(lambda f: f["box"] == "ax-moves", "the Züge group")
                await kb.press("Enter")
            else:
                target = i18n.t("mm.keep") if keep else ax.name(draw[0])
                await kb.tab_to(lambda f: f["box"] == "ax-acts", "the actions")
                await kb.arrow_to(lambda name: name == target, target)
                await kb.press(" ")
            turns += 1
            await _wait(ax, lambda a: len(a.buttons(i18n.t("a11y.hand"))) != n or not _my_turn(a), 8, "the move made")
            await asyncio.sleep(0.3)
            f = await kb.focused()
            lost += not f["inLayer"]
        assert turns >= 2, turns
        assert lost == 0, "the focus left the layer after a move"
        # the people beside see where the keyboard is (the layer is not on screen)
        f = await kb.tab_to(lambda f: f["tag"] == "BUTTON", "a button")
        shown = await browser.js("(() => { const e = document.getElementById('ax-focus'); "
                                 "return e.hidden ? '' : e.textContent; })()")
        assert shown.endswith(f["name"].strip()) or f["name"].strip() in shown, (shown, f)
        # a turn is a Tab or two to its group (each group one stop), maybe arrows, and Enter
        assert turns <= kb.keys - joined <= 6 * turns, (turns, kb.keys - joined)
        print(f"keyboard round: {turns} turns, {kb.keys - joined} keys at the table ({joined} to join)")
        await _paced(browser)
        return turns

    _in_browser(tmp_path, lambda: _host("maumau", "MM-STD", 5), body, 200)

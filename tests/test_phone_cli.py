"""Getting a phone in without typing: `felt host --headless` prints the phones' page
and its QR code (with --public-url: that address too), the table's mDNS record carries the
page's port and `felt discover --json` shows each table's phone URL, and the host's lobby
draws the page's QR code (read back from the pixels)."""
from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent


def _env(tmp_path) -> dict:
    return dict(os.environ, PYTHONPATH=str(ROOT), FELT_DATA_DIR=str(tmp_path), FELT_CONFIG_DIR=str(tmp_path / "cfg"))


def test_headless_host_prints_the_phones_page_and_its_qr_code_and_announces_it(tmp_path):
    from felt.net.discovery import Browser
    proc = subprocess.Popen(
        [sys.executable, "-m", "felt.cli", "host", "--headless", "--interface", "127.0.0.1", "--name", "Handytisch",
         "--players", "3", "--public-url", "https://felt.example.ts.net:8443/"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(tmp_path))
    lines: list[str] = []
    try:
        while True:
            line = proc.stdout.readline()
            assert line, "host exited: " + "".join(lines) + proc.stderr.read()
            lines.append(line)
            if line.startswith("phones from other networks: "):
                break
        out = "".join(lines)
        m = re.search(r"^phones: http://127\.0\.0\.1:(\d+)/$", out, re.M)
        assert m, out
        port = int(m.group(1))
        assert "phones from other networks: https://felt.example.ts.net:8443/" in out
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read()
        assert b"<canvas" in page
        qr = []
        while len(qr) < 10:                        # the code follows: lines of block characters
            line = proc.stdout.readline()
            assert line
            if set(line.strip()) <= set("█▀▄ ") and line.strip():
                qr.append(line)
        assert len({len(x.rstrip("\n")) for x in qr}) == 1, "a square of block characters"

        async def discover():
            from felt.net.commands import cmd_discover  # noqa: F401  (the command's own code path below)
            browser = Browser(interface="127.0.0.1")
            await browser.start()
            try:
                for _ in range(100):
                    found = [t for t in browser.tables() if t["name"] == "Handytisch"]
                    if found:
                        return found[0]
                    await asyncio.sleep(0.1)
            finally:
                await browser.close()
        t = asyncio.run(discover())
        assert t is not None and t["phone_port"] == port and t["phone_url"] == f"http://127.0.0.1:{port}/"
        r = subprocess.run([sys.executable, "-m", "felt.cli", "discover", "--json", "--interface", "127.0.0.1",
                            "--timeout", "3"], capture_output=True, text=True, env=_env(tmp_path), timeout=60)
        tables = [x for x in json.loads(r.stdout) if x["name"] == "Handytisch"]
        assert tables and tables[0]["phone_url"] == f"http://127.0.0.1:{port}/", r.stdout
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_host_refuses_a_public_url_that_is_no_address(tmp_path):
    r = subprocess.run([sys.executable, "-m", "felt.cli", "host", "--headless", "--no-announce", "--interface",
                        "127.0.0.1", "--public-url", "felt.example"], capture_output=True, text=True,
                       env=_env(tmp_path), timeout=60)
    assert r.returncode == 2 and "--public-url" in r.stderr


def test_no_phones_opens_no_page(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "felt.cli", "host", "--headless", "--no-announce", "--interface",
                             "127.0.0.1", "--no-phones"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env(tmp_path))
    try:
        lines = []
        while True:
            line = proc.stdout.readline()
            assert line
            lines.append(line)
            if line.startswith("journal:"):
                break
        assert not any(x.startswith("phones") for x in lines), lines
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=20)


def _read_qr(surf: pygame.Surface, box: pygame.Rect) -> list[list[int]]:
    """The modules of a QR code drawn in ``box`` on its white quiet zone, read from pixels."""
    white = [[tuple(surf.get_at((x, y)))[:3] == (255, 255, 255) for x in range(box.left, box.right)]
             for y in range(box.top, box.bottom)]
    wy = [i for i, row in enumerate(white) if sum(row) > 10]
    wx = [j for j in range(box.w) if sum(row[j] for row in white) > 10]
    code = pygame.Rect(box.left + wx[0], box.top + wy[0], wx[-1] + 1 - wx[0], wy[-1] + 1 - wy[0])
    dark = [[tuple(surf.get_at((x, y)))[:3] == (0, 0, 0) for x in range(code.left, code.right)]
            for y in range(code.top, code.bottom)]
    ys = [i for i, row in enumerate(dark) if any(row)]
    xs = [j for j in range(code.w) if any(row[j] for row in dark)]
    top, bottom, left, right = ys[0], ys[-1] + 1, xs[0], xs[-1] + 1
    # the finder pattern's top-left square is 7 modules wide: its first dark run gives the module size
    run = 0
    while dark[top][left + run]:
        run += 1
    k = run / 7
    n = round((right - left) / k)
    return [[int(dark[top + int((i + 0.5) * k)][left + int((j + 0.5) * k)]) for j in range(n)] for i in range(n)]


def test_the_lobby_of_the_host_shows_the_phones_page_as_a_qr_code():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    from felt.ui import i18n
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    from felt.ui.qr import qr_matrix
    from felt.ui.scene import SceneStack
    url = "http://192.168.1.20:40124/"
    # a laptop without Python joins through the same page (part 5 of issue 35): the lobby says so
    for lang, line in (("de", "Handy oder Laptop: Code scannen oder Adresse öffnen"),
                       ("en", "Phone or laptop: scan the code or open the address")):
        i18n.set_lang(lang)
        for size in ((1280, 720), (390, 844)):
            sc = LobbyScene(demo_lobby(), my_seat=0, admin=True, address="192.168.1.20:40123")
            sc.set_phone_url(url)
            stack = SceneStack(size)
            stack.push(sc)
            sc.left.scroll_to(sc.phone_code)        # a narrow window has it after everything else
            surf = pygame.Surface(size)
            stack.draw(surf)
            box = sc.phone_code.rect
            assert sc.phone_code.visible and box.w > 0 and surf.get_rect().contains(box)
            qr_box = pygame.Rect(box.left + 2, box.top + 2, box.h, box.h - 4)
            assert _read_qr(surf, qr_box) == [list(r) for r in qr_matrix(url)], size
            assert i18n.t("phone.scan") == line
    i18n.set_lang("de")
    guest = LobbyScene(demo_lobby(), my_seat=1, admin=False, address="192.168.1.20:40123")
    guest.set_phone_url("")
    assert not guest.phone_code.visible


def test_a_window_host_shows_its_phones_page_in_the_lobby(app_factory):
    from tests.ui_app_helpers import click, pump
    app = app_factory((1280, 720), host_defaults={"players": 3, "interface": "127.0.0.1", "announce": False})
    ctl = app.controller
    click(app, ctl.main.host_btn)
    pump(app, lambda: ctl.kind == "lobby" and ctl.lobby is not None, what="the lobby")
    gw = ctl.host.host.gateway
    assert gw is not None and gw.url == f"http://127.0.0.1:{gw.port}/"
    lobby = ctl.main
    assert lobby.phone_code.visible and lobby.phone_code.url == gw.url
    page = urllib.request.urlopen(gw.url, timeout=5).read()
    assert b"phone.js" in page


@pytest.mark.parametrize("url", ["http://192.168.1.20:40124/", "http://100.101.102.103:8781/",
                                 "http://laptop.tail1234.ts.net:8781/"])
def test_the_lobbys_address_of_the_page_is_never_broken_with_a_hyphen(url):
    """A narrow phone lobby broke the page's address mid-number with a '-' ("…:4012-" /
    "4/"), an address that does not exist: it shrinks to one line, or breaks after a '/',
    ':' or '.' and reads the same when typed."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    from felt.ui import fonts
    from felt.ui.qr import url_text
    from felt.ui.widgets import layout_text
    for width in (120, 170, 220, 400):
        text = url_text(url, width, 15)
        assert text.replace("\n", "") == url
        size, lines = layout_text(text, width, 60, 15, wrap="\n" in text, max_lines=2, bold=True, min_px=8)
        assert "".join(lines) == url, (width, lines)
        assert all(fonts.width(ln, size, True) <= width for ln in lines)

"""The phones' page behind a tunnel or a reverse proxy: through nginx with TLS and
``--public-url https://…/`` a phone joins and plays (page, WebSocket, join, reload, proxy
restart), and each set-up that used to hang on "Verbinde mit dem Tisch …" either works (a path
prefix, a public URL with its default port written out) or the page learns the reason and the
host logs one line with the fix (no ``--public-url`` behind a proxy that drops the Host's port,
a proxy that does not pass the WebSocket's Upgrade). nginx and openssl from apt; skipped with
the reason where they are missing. The rules themselves are checked without a proxy too."""
from __future__ import annotations

import asyncio
import json
import logging
import shutil
import signal
import socket
import ssl
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from felt.net import gateway as gw
from felt.net.host import HostConfig, HostThread
from tests.helpers import run
from tests.phone_helpers import Phone, play_move


# ------------------------------------------------------------------ the rules, without a proxy
def _gateway(public_url: str | None = None, port: int = 8123) -> gw.Gateway:
    g = gw.Gateway("127.0.0.1", 1, lambda: "T", lambda: 4, lambda: 30.0, address="192.168.1.5",
                   public_url=public_url)
    g.port = port
    return g


def test_default_ports_are_one_origin_and_the_public_url_is_allowed_as_the_browser_says_it():
    g = _gateway("https://felt.example:443/")
    assert g.refusal(["felt.example"], ["https://felt.example"]) is None          # the browser drops :443
    assert g.refusal(["felt.example:443"], ["https://felt.example:443"]) is None
    assert g.refusal(["127.0.0.1:8123"], ["https://felt.example"]) is None        # a proxy that sets the Host
    assert g.refusal(["felt.example"], ["http://felt.example"])[0] == "origin"    # another scheme
    assert g.refusal(["felt.example:8443"], ["https://felt.example:8443"])[0] == "origin"
    g = _gateway("http://100.101.102.103:8123/")
    assert g.refusal(["100.101.102.103:8123"], ["http://100.101.102.103:8123"]) is None


def test_the_tables_own_addresses_at_its_port_and_nothing_else():
    g = _gateway()
    for host in ("192.168.1.5:8123", "127.0.0.1:8123", "localhost:8123", "[::1]:8123"):
        assert g.refusal([host], []) is None, host
        assert g.refusal([host], ["http://" + host]) is None, host
    assert g.refusal(["192.168.1.5:8123"], ["http://evil.example"])[0] == "origin"
    assert g.refusal(["evil.example:8123"], ["http://evil.example:8123"])[0] == "origin"   # DNS rebinding
    assert g.refusal(["evil.example:8123"], [])[0] == "host"
    assert g.refusal(["192.168.1.5"], ["http://192.168.1.5"])[0] == "origin"       # port 80 is another site
    assert g.refusal(["a", "b"], [])[0] == "bad" and g.refusal(["x"], ["o1", "o2"])[0] == "bad"


def test_the_fix_in_the_hosts_log_says_what_to_do_and_names_nothing_the_request_said():
    g = _gateway()
    kind, fix = g.refusal(["felt.example"], ["https://felt.example"])
    assert kind == "origin" and "--public-url" in fix and "felt.example" not in fix
    g = _gateway("https://felt.example/felt/")
    assert g.prefix == "/felt"
    kind, fix = g.refusal(["felt.example"], ["https://other.example"])
    assert "other.example" not in fix
    kind, fix = g.refusal(["other.example:8123"], [])
    assert kind == "host" and "other.example" not in fix


@pytest.mark.parametrize("netloc, expected", [
    ("Name:8080", ("name", 8080)), ("[::1]:80", ("::1", 80)), ("name.", ("name", None)), ("x", ("x", None)),
    ("", None), ("a:b", None), ("a:99999", None), ("::1", None), ("[::1", None), ("a b", None), ("u@h", None),
])
def test_host_headers_are_read_strictly(netloc, expected):
    assert gw.split_host(netloc) == expected


# -------------------------------------------------------------------- through a real proxy
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _need(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        pytest.skip(f"{', '.join(missing)} not installed (apt-get install -y nginx openssl): no proxy to test through")


class Nginx:
    """nginx with TLS on a loopback port, in front of the gateway, with one ``location``."""

    def __init__(self, folder: Path, location: str) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.port = _free_port()
        cert, key = folder / "cert.pem", folder / "key.pem"
        if not cert.exists():
            subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                            "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)], check=True,
                           capture_output=True, timeout=60)
        temp = "".join(f"{k}_temp_path {folder}/{k};\n" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (folder / "nginx.conf").write_text(f"""
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 256; }}
http {{
  access_log off;
  {temp}
  server {{
    listen 127.0.0.1:{self.port} ssl;
    ssl_certificate {cert};
    ssl_certificate_key {key};
    {location}
  }}
}}
""")
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Nginx":
        self.proc = subprocess.Popen(["nginx", "-p", str(self.folder), "-c", str(self.folder / "nginx.conf"),
                                      "-g", "daemon off;"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
                    raise RuntimeError(f"nginx did not start: {err}")
                time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


GOOD = ("proxy_http_version 1.1; proxy_set_header Upgrade $http_upgrade; proxy_set_header Connection \"upgrade\"; "
        "proxy_set_header Host $http_host; proxy_read_timeout 3600s;")


def _tls() -> ssl.SSLContext:
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, context=_tls(), timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


class TlsPhone(Phone):
    """A phone whose page was opened at ``page`` (https, behind the proxy): its WebSocket is
    relative to the page and its Origin is the page's, as a browser's are."""

    def __init__(self, page: str, **kw) -> None:
        super().__init__(0, **kw)
        self.probe = "c0ffee" * 4                  # the page's own probe for /check
        self.url = page.replace("https://", "wss://", 1) + "ws?c=" + self.probe
        self.origin = "/".join(page.split("/")[:3])

    async def open(self) -> "TlsPhone":
        import websockets
        self.ws = await websockets.connect(self.url, max_size=None, compression=None, ssl=_tls(), origin=self.origin)
        await self.send({"t": "hello", "session": self.session, "w": self.css[0], "h": self.css[1],
                         "dpr": self.dpr, "lang": self.lang, "name": self.name})
        self._reader = asyncio.ensure_future(self._read())
        return self


def _host(**kw) -> HostThread:
    cfg = dict(interface="127.0.0.1", announce=False, players=3, bots=2, seed=5, start_when_full=True,
               bot_delay=0.3, rules="PR-002")
    cfg.update(kw)
    return HostThread(HostConfig(**cfg)).start()


def test_through_nginx_with_tls_a_phone_joins_plays_reloads_and_survives_a_proxy_restart(tmp_path):
    _need("nginx", "openssl")
    phone_port = _free_port()
    ngx = Nginx(tmp_path / "ngx", f"location / {{ proxy_pass http://127.0.0.1:{phone_port}; {GOOD} }}")
    page = f"https://127.0.0.1:{ngx.port}/"
    ht = _host(public_url=page, phone_port=phone_port)
    ngx.start()
    try:
        status, body = _get(page)
        assert status == 200 and b"phone.js" in body
        assert json.loads(_get(page + "check?origin=" + f"https://127.0.0.1:{ngx.port}")[1]) == {"ok": True}

        async def main():
            phone = await TlsPhone(page).open()
            await phone.first_frame()
            st = await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
            st = await phone.type_into(st, "name_field", "Tina")
            await phone.tap_widget(st, "play_btn")
            st = await phone.wait(lambda s: s.get("kind") in ("table", "exchange") and s.get("cards"), 30, "the table")
            seat, token = st["seat"], phone.session
            await phone.close()
            again = await TlsPhone(page, session=token).open()             # the page is reloaded
            st = await again.wait(lambda s: s.get("seat") == seat and s.get("client") == "connected", 20, "the seat")
            await again.close()
            ngx.stop()                                                     # the proxy restarts
            ngx.start()
            third = await TlsPhone(page, session=token).open()
            st = await third.wait(lambda s: s.get("seat") == seat and (s.get("my_turn") and s.get("gestures") or
                                  s.get("phase") in ("round_over", "match_over")), 60, "a turn after the restart")
            if st.get("gestures"):
                seq = ht.call(lambda h: h.seq)
                await play_move(third, st)
                deadline, again = time.monotonic() + 20, time.monotonic() + 4
                while ht.call(lambda h: h.seq) == seq:
                    assert time.monotonic() < deadline, "the move through the proxy was not played"
                    if time.monotonic() > again:            # a loaded machine: the table was still
                        again = time.monotonic() + 4         # moving under the taps; tap again
                        st = await third.state()
                        if st.get("my_turn") and st.get("gestures"):
                            await play_move(third, st)
                    await asyncio.sleep(0.1)
            await third.close()

        run(main(), 150)
    finally:
        ngx.stop()
        ht.stop()


def test_a_path_prefix_works_whether_the_proxy_strips_it_or_not(tmp_path):
    _need("nginx", "openssl")
    phone_port = _free_port()
    for strip in (True, False):
        target = f"http://127.0.0.1:{phone_port}/" if strip else f"http://127.0.0.1:{phone_port}"
        ngx = Nginx(tmp_path / f"ngx{strip}", f"location /felt/ {{ proxy_pass {target}; {GOOD} }}")
        page = f"https://127.0.0.1:{ngx.port}/felt/"
        ht = _host(public_url=page, phone_port=phone_port)
        ngx.start()
        try:
            status, body = _get(page)
            assert status == 200 and b"phone.js" in body, (strip, status)
            assert _get(page + "phone.js")[0] == 200

            async def main():
                phone = await TlsPhone(page).open()
                await phone.first_frame(20)
                await phone.wait(lambda s: s.get("scene") == "PhoneJoinScene", 20, "the join screen")
                await phone.close()
            run(main(), 60)
        finally:
            ngx.stop()
            ht.stop()


def test_without_public_url_behind_a_proxy_that_drops_the_port_the_page_and_the_log_say_why(tmp_path, caplog):
    _need("nginx", "openssl")
    phone_port = _free_port()
    ngx = Nginx(tmp_path / "ngx", f"location / {{ proxy_pass http://127.0.0.1:{phone_port}; "
                                  "proxy_http_version 1.1; proxy_set_header Upgrade $http_upgrade; "
                                  "proxy_set_header Connection \"upgrade\"; proxy_set_header Host $host; }")
    origin = f"https://127.0.0.1:{ngx.port}"
    ht = _host(phone_port=phone_port)
    ngx.start()
    caplog.set_level(logging.WARNING, logger="felt.net.gateway")
    try:
        async def main():
            import websockets
            with pytest.raises(websockets.InvalidStatus) as refused:
                await TlsPhone(origin + "/").open()
            assert refused.value.response.status_code == 403
        run(main(), 30)
        why = json.loads(_get(f"{origin}/check?origin={origin}")[1])
        assert why == {"ok": False, "why": "origin", "url": origin + "/"}
        lines = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
        assert len(lines) == 1 and "--public-url" in lines[0] and origin not in lines[0], lines
    finally:
        ngx.stop()
        ht.stop()


def test_a_proxy_without_the_websocket_upgrade_is_named_on_the_page_and_in_the_log(tmp_path, caplog):
    _need("nginx", "openssl")
    phone_port = _free_port()
    ngx = Nginx(tmp_path / "ngx", f"location / {{ proxy_pass http://127.0.0.1:{phone_port}; }}")
    origin = f"https://127.0.0.1:{ngx.port}"
    ht = _host(phone_port=phone_port, public_url=origin + "/")
    ngx.start()
    caplog.set_level(logging.WARNING, logger="felt.net.gateway")
    try:
        async def main():
            import websockets
            with pytest.raises((websockets.InvalidStatus, websockets.InvalidHandshake)):
                await TlsPhone(origin + "/").open()
        run(main(), 30)
        probe = "c0ffee" * 4
        assert json.loads(_get(f"{origin}/check?origin={origin}&c={probe}")[1]) == {"ok": False, "why": "upgrade"}
        assert json.loads(_get(f"{origin}/check?origin={origin}&c={'f' * 24}")[1]) == {"ok": True}, \
            "another page is not told of this one's WebSocket"
        lines = [r.getMessage() for r in caplog.records if "Upgrade" in r.getMessage()]
        assert len(lines) == 1 and "proxy_http_version 1.1" in lines[0], lines
    finally:
        ngx.stop()
        ht.stop()

"""Glue between the network client and the scenes.

The controller owns the connection (``ClientThread``), an in-process host when this
device hosts the table (``HostThread``), the table browser on the start screen, and the
player's settings. Every frame the main loop calls ``poll()``: messages from the host
are applied in order and pick the scene:

    start → lobby → the game's scenes (``Game.scene_for(phase)``) → … → lobby

The game's scenes are ``felt.ui.game_table.GameTableScene``s: the controller talks to them
only through the hooks that class declares (``set_view``, ``move_refused``, ``set_timer`` …),
and to the game only through the registry.

- ``welcome`` gives the seat and owner rights; ``lobby`` the seats, names and rules;
  ``state`` the seat's view plus events (the table animates them);
- moves the player makes in the table or exchange scene go out as ``move`` messages
  with the ``seq`` of the view they were made for;
- a dropped connection shows a banner over every scene while the client reconnects with
  its seat token; once back, the host sends the full view again (same seat, same hand).
"""
from __future__ import annotations

import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

from felt import contract
from felt.net.client import ClientThread
from felt.ui import i18n, pacing
from felt.ui import settings as settings_mod
from felt.ui.card_style import apply_card_style, card_style_items
from felt.ui.game_table import GameTableScene, PlainTableScene
from felt.ui.scene import wake
from felt.ui.settings import Settings
from felt.ui.shell import AppStack, ConfirmOverlay, MenuOverlay

BANNER_MIN_S = 0.8        # a 'connection lost' banner stays at least this long
RECONNECTED_S = 1.6       # how long 'reconnected' shows


class UIClient(ClientThread):
    """ClientThread that wakes the pygame loop whenever something arrives."""

    def _on_message(self, msg: dict) -> None:
        super()._on_message(msg)
        wake()

    def _on_status(self, status: str, reason: str) -> None:
        super()._on_status(status, reason)
        wake()

    def drop(self) -> bool:
        """Cut the TCP connection as if the network failed (tests, 'reconnect' debugging)."""
        loop, conn = self._loop, self._client.conn
        if loop is None or conn is None or loop.is_closed():
            return False
        loop.call_soon_threadsafe(conn.writer.transport.abort)
        return True


class Controller:
    def __init__(self, stack: AppStack, settings: Settings | None = None, settings_base: Path | None = None,
                 host_defaults: dict | None = None, discover: bool = True, interface: str | None = None,
                 reconnect_for: float = 120.0, connect_timeout: float = 8.0) -> None:
        self.stack = stack
        self.connect_timeout = connect_timeout   # give up a first connection that never answers
        self.settings = settings or Settings()
        apply_card_style(self.settings)      # four colours / big indices, as last chosen
        self.settings_base = settings_base
        self.host_defaults = dict(host_defaults or {})
        self.discover = discover
        self.interface = interface
        self.reconnect_for = reconnect_for
        self.client: UIClient | None = None
        self.host = None                     # HostThread when this device hosts
        self.browser = None
        self._browser_lock = threading.Lock()
        self.sounds = None
        self.main = None                     # the main scene (below overlays)
        self.kind = ""                       # 'start' | 'lobby' | the game scene's ``screen`` ('table', …)
        # pacing: states wait in a queue until the scene has shown the previous one
        # (felt/ui/pacing.py); tests of other things may switch it off
        self.pace = True
        self._reset_table()
        self.banner_log: list[tuple[float, str, str]] = []   # (time, text or '', kind): tests read it
        self.errors: list[dict] = []         # error messages from the host (tests read them)
        self.notices: list[str] = []         # what the table told everyone (who left, who is back)
        self.quit_dialog = None              # the "end the match for everyone?" question, while shown
        stack.on_quit_request = self.request_quit

    # a window keeps the matches it looked back at in its data folder (felt replay --list); a
    # phone's renderer runs on the host, which keeps them already
    keeps_replays = True

    def _reset_table(self) -> None:
        from felt.ui.playlog import PlayLog
        from felt.ui.chat import ChatLog
        from felt.ui.presence import Presence
        self.presence = Presence()           # who is away at this table, and until when
        self._presence_tick = 0.0
        self._states: deque = deque()        # state messages not shown yet (pacing)
        # the host's clock, mirrored from arrival times: the earliest moment the next state to
        # arrive may be shown (the last one's due time plus its hold; monotonic)
        self._clock_next = 0.0
        self.chat = ChatLog()                # this table's chat lines
        self.playlog = PlayLog()             # the round's log (the lobby names its game)
        self.view: dict | None = None
        self.timer: dict | None = None       # the last state's turn timer {seat, left, total}
        self._timer_at = 0.0                 # when it arrived (monotonic)
        self.lobby: dict | None = None
        self.seq = 0
        self.seat: int | None = None
        self.admin = False
        self.table_name = ""
        self.display_address = ""
        self.dismissed = False               # the standings were closed: back to the lobby
        self._lost_at: float | None = None
        self._reconnect_due: float | None = None
        self._banner_hide_at: float | None = None
        self._bye: str | None = None
        self._closing = False
        self._connect_deadline: float | None = None
        self._seat_key = ""                   # "address:port" under which the seat token is kept
        self._remembered = False              # joined with a remembered token
        self.replay = None                    # the finished match's Replay, once fetched ("Partie ansehen")
        self._replay_parts = None             # its match_log parts while they arrive
        self._replay_scene = None             # the replay shown (it stays on top until closed)
        self._replay_wanted = False           # "Partie ansehen" was asked for while the log came
        self._stop_marks()
        self.marks_job = None                 # the mistake marks of this seat's plays being judged
        self._marks_note = None               # what the results say of them, last set

    # ------------------------------------------------------------- settings
    def save_settings(self, *_: Any) -> None:
        settings_mod.save(self.settings, self.settings_base)
        apply_card_style(self.settings)
        if self.sounds is not None:
            self.sounds.muted = self.settings.muted

    def _sounds(self):
        if self.sounds is None:
            from felt.ui.sound import Sounds
            self.sounds = Sounds(muted=self.settings.muted)
        return self.sounds

    # ---------------------------------------------------------------- start
    def tables(self) -> list[dict]:
        b = self.browser
        return b.tables() if b is not None else []

    def start_browser(self) -> None:
        if not self.discover or self.browser is not None:
            return
        from felt.net.discovery import TableBrowser
        b = TableBrowser(self.interface)
        self.browser = b

        def run():
            try:
                b.start()
            except Exception:
                pass
        threading.Thread(target=run, name="felt-browser-start", daemon=True).start()

    def stop_browser(self) -> None:
        b, self.browser = self.browser, None
        if b is not None:
            threading.Thread(target=b.close, name="felt-browser-stop", daemon=True).start()

    def show_start(self, status: str = "", kind: str = "info") -> None:
        from felt.ui.start_scene import StartScene
        self.start_browser()
        sc = StartScene(self.settings, tables_fn=self.tables, on_join=self.join, on_host=self.host_table,
                        on_settings=self.save_settings, searching=self.discover,
                        resumable=self.resumable(), on_resume=self.resume_table)
        if status:
            sc.set_status(status, kind)
        self._set_main("start", sc)
        self.stack.show_banner(None)

    def resumable(self) -> list[dict]:
        """Unfinished tables of this device (journals in the data folder) to offer on the start screen."""
        if self.host is not None:
            return []
        from felt.ui.resume import unfinished_tables
        return unfinished_tables()

    def resume_table(self, path: str) -> bool:
        """Bring a crashed or closed table back from its journal (as `felt host --resume PATH`)
        and sit down at it as its owner."""
        from felt.ui.resume import resume_config
        over = {k: v for k, v in self.host_defaults.items() if k in ("interface", "announce", "bot_delay", "think_ms")}
        try:
            config, warnings = resume_config(path, self.interface, over)   # felt.net.tableconfig decides
        except Exception as exc:
            self.show_start(i18n.t("resume.failed", msg=str(exc)), "bad")
            return False
        ok = self.host_table(config)
        for w in warnings[:1]:
            self.stack.notify(w, "warn", 6.0)
        return ok

    # ------------------------------------------------------------------ quit
    def quit_needs_asking(self) -> bool:
        """Quitting this window ends a running match for everyone: its host runs here."""
        return self.host is not None and bool((self.lobby or {}).get("running"))

    def request_quit(self) -> bool:
        """Ctrl+Q or the window's close button: True = not now (the question is shown)."""
        if not self.quit_needs_asking():
            return False
        dlg = self.quit_dialog
        if dlg is not None and dlg in self.stack.scenes:
            return True                          # already asking
        from felt.ui.shell import ConfirmOverlay
        self.quit_dialog = ConfirmOverlay(i18n.t("quit.title"), i18n.t("quit.body"), [
            (i18n.t("quit.no"), None, "primary"),
            (i18n.t("quit.yes"), self._quit_now, "danger")])
        self.stack.push(self.quit_dialog)
        return True

    def _quit_now(self) -> None:
        self.quit_dialog = None
        self.stack.quit_requested = True

    def _set_main(self, kind: str, scene) -> None:
        moved = kind != self.kind
        self.kind = kind
        self.main = scene
        watching = self._replay_scene
        if watching is not None and watching in self.stack.scenes:
            # a replay stays until its player closes it (then the table is where it went):
            # the lobby, a new match or another game goes in under it, with a word
            self.stack.replace_under(watching, scene)
            if kind == "lobby" and moved:
                watching.table_moved(i18n.t("replay.table_lobby"))
            return
        self._replay_scene = None
        self.stack.replace(scene)

    # ------------------------------------------------------------ connect
    def host_table(self, config=None, **over: Any) -> bool:
        """Start a host on this device and join it as its owner.

        ``config``: a ready ``HostConfig`` (``felt host`` builds it from its options, a
        journal resume included); otherwise one from the settings, ``host_defaults`` and
        ``over``. Hosted tables keep a journal in the data folder (crash recovery)."""
        import dataclasses
        from felt.net.host import HostThread
        default_name = i18n.t("start.table_of", name=self.settings.name or i18n.t("name.default"))
        try:
            if config is None:
                from felt.net.tableconfig import table_config
                config = table_config({"name": default_name, "rules": self.settings.template,
                                       "players": self.settings.players, "bot_level": self.settings.bot_level,
                                       "interface": self.interface, "auto_next": -1.0,
                                       "turn_timer": float(self.settings.turn_timer),
                                       "rounds": self.settings.rounds, "pace": self.settings.speed,
                                       "hints": self.settings.hints},
                                      {**self.host_defaults, **over})
            elif not config.name:
                config = dataclasses.replace(config, name=default_name)
            host = HostThread(config).start()
        except Exception as exc:
            self.show_start(i18n.t("net.failed", msg=str(exc)), "bad")
            return False
        self.host = host
        target = config.interface or "127.0.0.1"
        self.join(target, host.port, token=host.admin_token, display=f"{host.address}:{host.port}")
        return True

    def join(self, address: str, port: int, token: str | None = None, display: str | None = None,
             spectator: bool = False) -> None:
        """Connect to a table and show the lobby (which says 'connecting' until it hears back)."""
        self._close_client()
        self.stop_browser()
        self._reset_table()
        self.display_address = display or f"{address}:{port}"
        self._join_args = (address, int(port), display, spectator)
        self._seat_key = f"{address}:{int(port)}"
        if token is None and not spectator and self.host is None:
            token = self.settings.seats.get(self._seat_key)   # back to my seat at this table
            self._remembered = token is not None
        name = self.settings.name or i18n.t("name.default")
        # a refused first connection is said at once ("refused"); "no answer" only after
        # connect_timeout (poll)
        self.client = UIClient(address, int(port), name, token=token, spectator=spectator,
                               reconnect_for=self.reconnect_for, refused_final=True).start()
        self._connect_deadline = time.monotonic() + self.connect_timeout
        self._show_lobby()

    def _follow_port(self) -> None:
        """A resumed table found by mDNS at a new port: keep the seat token (and the address
        shown) under the port it lives at now, so a restarted window finds its seat again."""
        port = getattr(self.client, "port", None)
        if not self._join_args or not isinstance(port, int) or port == self._join_args[1]:
            return
        address, old_port, display, spectator = self._join_args
        old_key = self._seat_key
        self._join_args = (address, port, display, spectator)
        self._seat_key = f"{address}:{port}"
        if self.display_address == f"{address}:{old_port}":
            self.display_address = self._seat_key
        if old_key and old_key in self.settings.seats:
            self.settings.remember_seat(self._seat_key, self.settings.seats[old_key])
            self.settings.remember_seat(old_key, None)
            self.save_settings()

    def _close_client(self) -> None:
        c, self.client = self.client, None
        if c is not None:
            self._closing = True
            c.close()

    def leave(self) -> None:
        """Give up the seat (owner: close the table) and go back to the start screen."""
        c = self.client
        if c is not None and c.status == "connected" and c.seat is not None and self.host is None:
            c.send({"t": "leave"})
            time.sleep(0.05)
        if self._seat_key:
            self.settings.remember_seat(self._seat_key, None)     # the seat is given up
            self.save_settings()
        self._close_client()
        h, self.host = self.host, None
        if h is not None:
            h.stop()
        self._reset_table()
        self.show_start()

    def shutdown(self) -> None:
        self._close_client()
        h, self.host = self.host, None
        if h is not None:
            h.stop()
        b, self.browser = self.browser, None
        if b is not None:
            b.close()

    # ---------------------------------------------------------------- sends
    def send(self, msg: dict) -> bool:
        c = self.client
        if c is None:
            return False
        ok = c.send(msg)
        if ok and self.admin:
            self._remember_table_setup(msg)
        if not ok:
            self.stack.notify(i18n.t("net.lost"), "bad")
        return ok

    def _remember_table_setup(self, msg: dict) -> None:
        """The owner's template, number of seats, turn timer, rounds and hints become the
        defaults for the next table."""
        t = msg.get("t")
        if t == "set_rules":
            if msg.get("template"):
                self.settings.template = str(msg["template"])
            elif isinstance(msg.get("game"), str):       # another game: the host takes its first template
                try:
                    from felt import contract
                    self.settings.template = contract.get(msg["game"]).template_ids()[0]
                except (KeyError, IndexError):
                    pass
            rules = msg.get("rules")
            if isinstance(rules, dict) and rules.get("rounds") != ((self.lobby or {}).get("rules") or {}).get("rounds"):
                self.settings.rounds = None     # the rule set's rounds were edited: the host drops the override
            self.save_settings()
        elif t == "set_seats" and isinstance(msg.get("n"), int) and 3 <= msg["n"] <= 8:
            self.settings.players = msg["n"]
            self.save_settings()
        elif t == "set_options":
            if isinstance(msg.get("hints"), bool):
                self.settings.hints = msg["hints"]
            if isinstance(msg.get("turn_timer"), (int, float)):
                self.settings.turn_timer = int(round(msg["turn_timer"]))
            if isinstance(msg.get("rounds"), int):
                rules = (self.lobby or {}).get("rules") or {}
                # the rule set's own count is no override: a new table keeps its rule set's
                self.settings.rounds = None if msg["rounds"] == rules.get("rounds") else msg["rounds"]
            self.save_settings()

    def send_move(self, wire: dict) -> bool:
        """A move as the game's scene made it (the host checks its shape and legality)."""
        move = {str(k): v for k, v in dict(wire).items()}
        return self.send({"t": "move", "move": move, "seq": self.seq})

    def next_round(self) -> None:
        self.send({"t": "next_round"})

    def hint_state(self) -> tuple[bool, list]:
        """(hints allowed, hints taken per seat) as the host's lobby says: a host that does not
        offer the option (an older one) gets no hint counts."""
        lobby = self.lobby or {}
        return (lobby.get("options") or {}).get("hints") is True, list(lobby.get("hints") or [])

    def send_hint(self) -> None:
        """The player took a Tipp on its turn: the host counts it for the results."""
        self.send({"t": "hint", "seq": self.seq})

    def apply_rules(self, rules: dict) -> None:
        self.send({"t": "set_rules", "rules": rules})

    def end_match(self) -> None:
        self.send({"t": "end_match"})

    def dismiss_standings(self) -> None:
        self.dismissed = True
        if self.admin and self.client is not None and not (self.lobby or {}).get("running"):
            self.client.send({"t": "gather"})    # spectators still on the standings follow
        self.route([])

    # ---------------------------------------------------------------- replay
    # The mistake marks (felt.contract.analysis): once a match is over the window fetches its
    # log by itself and judges its own seat's plays in the background (a thread keeping to half
    # a core, 90 s at most), so the results can say "1 Patzer, 2 Fehler" and the replay shows
    # them on its timeline.
    MARKS_SECONDS = 90.0
    MARKS_DUTY = 0.5

    def open_replay(self) -> None:
        """"Partie ansehen": the finished match, step by step with every hand open. The host
        sends its log once the match is over (felt.net.replay); this window rebuilds every step
        with the game's engine."""
        if self.replay is not None:
            self.show_replay(self.replay)
            return
        self._replay_wanted = True
        if self._replay_parts is not None:
            self.stack.notify(i18n.t("replay.loading"), "info", 2.0)
            return                                  # asked already: the parts are on their way
        self._fetch_log(quiet=False)

    def _fetch_log(self, quiet: bool) -> None:
        """Ask the host for the finished match's log (``quiet``: by itself, for the marks)."""
        from felt.net.replay import Parts
        if self.send({"t": "match_log"}):
            self._replay_parts = Parts()
            if not quiet:
                self.stack.notify(i18n.t("replay.loading"), "info", 2.0)

    def _match_over(self) -> None:
        """The match shown is over: fetch its log for the marks (once), where this window plays."""
        if self.replay is None and self._replay_parts is None and self.seat is not None and self.marks_job is None:
            self._fetch_log(quiet=True)

    def _start_marks(self, replay) -> None:
        """Judge this window's own plays of ``replay`` in the background."""
        from felt.contract.analysis import Job
        self._stop_marks()
        seat = self.seat
        if seat is None or not 0 <= seat < replay.n or replay.kinds[seat] == "bot":
            return
        try:
            # the estimate's own random numbers, never the match's seed: the same marks on every
            # window, and nothing of the deal in them
            self.marks_job = Job(replay, [seat], max_seconds=self.MARKS_SECONDS, duty=self.MARKS_DUTY).start()
        except Exception:
            self.marks_job = None

    def _stop_marks(self) -> None:
        job = getattr(self, "marks_job", None)
        if job is not None:
            job.stop()
        self.marks_job = None
        self._marks_note = None

    def _show_marks_note(self) -> None:
        """The results say how this seat's plays were judged (or how far the judging is)."""
        job = self.marks_job
        sc = self.game_scene()
        if job is None or sc is None or (self.view or {}).get("phase") != "match_over":
            return
        from felt.ui.replay_marks import counts_words
        done, total = job.progress()
        note = (i18n.t("marks.yours", list=counts_words(job.counts(self.seat))) if job.finished
                else i18n.t("marks.checking", done=done, total=total))
        if note != self._marks_note or sc.round_controls.note != note:
            self._marks_note = note
            sc.round_controls.note = note
            sc.mark_dirty()

    def again(self, turn: int = 0) -> None:
        """The owner's "Nochmal mit diesen Karten": the finished match dealt again (``turn``:
        the players one hand on); a replay open closes, the new match shows."""
        if self.send({"t": "again", "turn": int(turn)}):
            self.stack.notify(i18n.t("again.sent"), "info", 3.0)
            sc = self._replay_scene
            if sc is not None:
                self._close_replay(sc)

    def _match_log(self, msg: dict) -> None:
        from felt.net.replay import Replay, ReplayError, save
        parts = self._replay_parts
        if parts is None:
            return                                  # not asked for (or given up)
        try:
            done = parts.feed(msg)
            if done is None:
                return
            self._replay_parts = None
            replay = Replay(*done)
        except ReplayError as exc:
            self._replay_parts = None
            self.stack.notify(i18n.t("replay.failed", msg=exc.text(i18n.get_lang())), "bad", 4.0)
            return
        self.replay = replay
        if self.keeps_replays and self.host is None:
            try:
                save(replay)                        # `felt replay --list` on this device too
            except Exception:
                pass
        self._start_marks(replay)
        if self._replay_wanted:
            self.show_replay(replay)

    def show_replay(self, replay) -> None:
        from felt.ui.replay_scene import ReplayScene
        top = self.stack.top
        if isinstance(top, ReplayScene):
            return
        self._replay_wanted = False
        over = (self.view or {}).get("phase") == "match_over" and not (self.lobby or {}).get("running")
        sc = ReplayScene(replay, seat=self.seat, marks=self.marks_job,
                         on_again=self.again if self.admin and over else None)
        sc.on_close = lambda: self._close_replay(sc)
        self._replay_scene = sc
        self.stack.push(sc)

    def _close_replay(self, sc) -> None:
        if self._replay_scene is sc:
            self._replay_scene = None
        if sc in self.stack.scenes:
            while self.stack.top is not sc:
                self.stack.pop()
            self.stack.pop()

    # ----------------------------------------------------------------- poll
    def poll(self) -> None:
        c = self.client
        if c is not None:
            for msg in c.poll():
                if self.client is not c:
                    break
                self.on_message(msg)
        self._drain()
        if self.marks_job is not None:
            self._show_marks_note()
        now = time.monotonic()
        if self.presence.counting() and now - self._presence_tick >= 0.5 and self.main is not None:
            self._presence_tick = now           # the seat's "weg · 25 s" counts down
            self.main.mark_dirty()
        if self._connect_deadline is not None and now >= self._connect_deadline and self.client is not None:
            # the first connection never got through (wrong address, firewall): say so, go back
            addr = self.display_address
            self._close_client()
            h, self.host = self.host, None
            if h is not None:
                h.stop()
            self._reset_table()
            self.show_start(i18n.t("net.failed", msg=i18n.t("app.no_answer", addr=addr)), "bad")
            return
        if self._reconnect_due is not None and now >= self._reconnect_due:
            self._reconnect_due = None
            self._banner(i18n.t("fx.reconnected"), "good")
            self._banner_hide_at = now + RECONNECTED_S
        if self._banner_hide_at is not None and now >= self._banner_hide_at:
            self._banner_hide_at = None
            self._banner(None)

    def _banner(self, text: str | None, kind: str = "bad") -> None:
        self.banner_log.append((time.monotonic(), text or "", kind))
        self.stack.show_banner(text, kind)
        sc = self.game_scene()
        if sc is not None:
            sc.set_connected(not (text and kind == "bad"))     # the moves' buttons look off while down

    def on_message(self, msg: dict) -> None:
        t = msg.get("t")
        if t == "status":
            self._status(msg.get("status", ""), msg.get("reason", ""))
        elif t == "welcome":
            self.seat = msg.get("seat")
            self.admin = bool(msg.get("admin"))
            tok = msg.get("token")
            self._follow_port()
            if self.host is None and self._seat_key and tok != self.settings.seats.get(self._seat_key):
                self.settings.remember_seat(self._seat_key, tok if self.seat is not None else None)
                self.save_settings()
            self.table_name = str(msg.get("table") or "")
            self._caption()
            if self.kind == "lobby" and self.main is not None:
                self.main.set_lobby(self.lobby or {}, self.seat, self.admin)
        elif t == "lobby":
            self.lobby = msg
            if msg.get("gathering") and self.seat is None and (self.view or {}).get("phase") == "match_over":
                self.dismissed = True           # a spectator follows the owner to the lobby
            self._presence(msg.get("seats") or [])
            if self.playlog.game_id != self.game_id:
                from felt.ui.playlog import PlayLog
                self.playlog = PlayLog(self.game_id)     # the log speaks the table's game
            self.table_name = str(msg.get("table") or self.table_name)
            self._caption()
            if not msg.get("running"):
                standings_coming = any(
                    m.get("t") == "state" and (m.get("view") or {}).get("phase") == "match_over"
                    and contract.id_of(m.get("view")) == self.game_id for m in self._states)
                if self.view is not None and not standings_coming and (
                        self.view.get("phase") != "match_over" or self.view_game_id != self.game_id):
                    # the match was ended, or the owner picked another game after it: the
                    # lobby of the game that is selected (a match ended by the host whose
                    # standings still wait in the queue shows them first)
                    self.view = None
                self._states = deque(m for m in self._states
                                     if m.get("t") != "state" or contract.id_of(m.get("view")) == self.game_id)
            self._names_changed()
            sc = self.game_scene()
            if sc is not None:
                sc.set_hints(*self.hint_state())
            if self.kind == "lobby" or self.target() != self.kind:
                self.route([])              # a view scene is only updated by new states
        elif t == "state":
            now = time.monotonic()
            hold = msg.get("hold")
            due = None
            if isinstance(hold, (int, float)) and not isinstance(hold, bool):
                # when the host shows it: on arrival, but not before the last one has held
                # as long as the host said. Reckoned from arrivals, not from when this window
                # got round to drawing, so a window that was busy catches up
                due = max(now, self._clock_next)
                self._clock_next = due + max(0.0, float(hold))
            self._states.append(dict(msg, _at=now, _due=due))
            self._drain()
        elif t == "error":
            self.errors.append(msg)
            self._error(msg)
        elif t == "match_log":
            self._match_log(msg)
        elif t == "bye":
            self._bye = str(msg.get("code") or "")
        elif t == "chat":
            name, text = str(msg.get("name") or "?"), str(msg.get("text") or "")
            self.chat.add(name, msg.get("seat"), text)
            sc = self.game_scene()
            if sc is not None and sc.screen == "table":
                sc.show_chat(msg.get("seat"), name, text)     # a bubble at the sender's seat
            else:
                self.stack.notify(f"{name}: {text}", "info", 4.0)

    def next_due(self) -> float | None:
        """Seconds until the next queued state is due by the host's clock (the main loop
        sleeps no longer than that), or None."""
        due = self._states[0].get("_due") if self._states else None
        if due is None:
            return None
        return max(0.0, due - time.monotonic())

    def _ready(self, msg: dict) -> bool:
        """May ``msg`` (the next queued state) be shown now? The host's clock decides: the
        state shown has held as long as the host said (``hold``), so every screen at the table
        shows the same play at the same moment. Only a player's own reading of the exchange
        (until OK), the round's end at the table before the results, and states from a host
        that gives no hold wait for the scene itself."""
        sc = self.game_scene()
        if not self.pace or self.main is None:
            return True
        due = msg.get("_due")
        if due is None:
            return not (sc is not None and sc.hold() > 0)
        if sc is not None and sc.waits_for_reader():
            return False
        return time.monotonic() >= due

    def _presence(self, seats: list) -> None:
        """Tell everyone at the table who dropped out, when a bot takes over and who is back
        (a notice, and a line in the log while a match runs)."""
        changes = self.presence.update(seats, self.seat)
        running = bool((self.lobby or {}).get("running"))
        for what, seat, name in changes:
            s = self.presence.left_s(seat)
            key = {"left": "away.left", "bot": "away.bot", "back": "away.back"}[what]
            args = {"name": name, "s": s if s is not None else 0}
            text = i18n.t(key, **args)
            self.notices.append(text)
            self.stack.notify(text, "good" if what == "back" else "warn", 4.0)
            if running:
                self.playlog.note(key.replace("away.", "away.log_"), seat, **args)
        sc = self.main
        if sc is not None and changes:
            sc.mark_dirty()

    def _drain(self) -> None:
        """Show queued states one by one, each once the last has been shown long enough."""
        while self._states:
            sc = self.game_scene()
            if not self._ready(self._states[0]):
                if sc is not None:
                    sc.backlog = len(self._states)
                    self._tell_queued_turn(sc)
                return
            msg = self._states.popleft()
            if msg.get("t") == "_route":
                self.route([])
                self._show_timer()
                continue
            self._apply_state(msg)
        sc = self.game_scene()
        if sc is not None:
            self._tell_queued_turn(sc)

    def my_turn_queued(self) -> bool:
        """A state still held back (not shown yet) makes it this window's turn."""
        me = self.seat
        if me is None:
            return False
        for m in self._states:
            v = m.get("view") if isinstance(m.get("view"), dict) else {}
            if v.get("to_move") == me and v.get("seat") == me and v.get("legal"):
                return True
        return False

    def _tell_queued_turn(self, sc) -> None:
        """The top line (and the phone page's heading, which follows it): this window's own
        turn wins, also while the state that brings it waits behind a summary the player reads
        (a play that still shows holds it a moment only: the line follows the table then)."""
        queued = sc.waits_for_reader() and self.my_turn_queued()
        if sc.turn_queued != queued:
            sc.turn_queued = queued
            sc.mark_dirty()

    def _apply_state(self, msg: dict) -> None:
        self.seq = int(msg.get("seq") or 0)
        view = msg.get("view")
        if not isinstance(view, dict):
            return
        if view.get("phase") != "match_over":
            self.dismissed = False
            self.replay = None                      # a new match: the last one's replay is fetched anew
            self._stop_marks()
            watching = self._replay_scene
            if watching is not None and watching in self.stack.scenes:
                # (also dealt again, from the results); this seat's own turn says so, and stays
                # said until the replay is closed: the table waits for this player
                me = self.seat
                mine = me is not None and view.get("to_move") == me and view.get("seat") == me and bool(view.get("legal"))
                turn = i18n.t("replay.table_turn")
                if mine or watching.table_note == turn:
                    watching.table_moved(turn)
                else:
                    watching.table_moved(i18n.t("replay.table_on"))
        elif (self.view or {}).get("phase") != "match_over":
            self._match_over()
        self.view = view
        self.timer = msg.get("timer") if isinstance(msg.get("timer"), dict) else None
        self._timer_at = float(msg.get("_at") or time.monotonic())
        events = list(msg.get("events") or [])
        past = msg.get("past")
        if isinstance(past, list):
            # a whole view on (re)connect: the round so far, so the log is whole
            self.playlog.clear()
            try:
                self.playlog.add_events([e for e in past if isinstance(e, dict)])
            except Exception:
                pass
        try:
            self.playlog.add_events(events)
        except Exception:                       # a malformed event must not stop the table
            pass
        sc = self.game_scene()
        if sc is not None:
            backlog = len(self._states)
            if any(isinstance(m.get("timer"), dict) and (m.get("view") or {}).get("to_move") == self.seat
                   and self.seat is not None for m in self._states):
                # my turn with a running timer waits in the queue: show the rest faster
                backlog = max(backlog, pacing.CATCH_UP + 1)
            sc.backlog = backlog
        if (self.pace and sc is not None and self.target() == "table"
                and type(sc) is not self.scene_class()
                and any(e.get("type") == "round_over" for e in events if isinstance(e, dict))):
            # the end of the round is shown at the table first; the next scene (the results)
            # follows once it has been seen
            sc.set_view(view, events)
            self._states.appendleft({"t": "_route"})
            return
        self.route(events)
        self._show_timer()

    def _show_timer(self) -> None:
        """Hand the host's turn timer (as of this state) to a scene that shows it."""
        sc = self.game_scene()
        if sc is None:
            return
        tm = self.timer
        if tm is not None:
            try:
                left = float(tm.get("left") or 0) - (time.monotonic() - self._timer_at)
                tm = dict(tm, left=max(0.0, left))
            except (TypeError, ValueError):
                tm = None
        sc.set_timer(tm)

    def _caption(self) -> None:
        try:
            import pygame
            if pygame.display.get_init():
                pygame.display.set_caption(f"Felt Club – {self.table_name}" if self.table_name else "Felt Club")
        except Exception:
            pass

    def _status(self, status: str, reason: str) -> None:
        now = time.monotonic()
        if status == "reconnecting":
            self._lost_at = now
            self._reconnect_due = None
            self._banner_hide_at = None
            self._banner(i18n.t("fx.connection_lost"), "bad")
        elif status == "connected":
            self._connect_deadline = None
            if self._lost_at is not None:
                self._reconnect_due = max(now, self._lost_at + BANNER_MIN_S)
                self._lost_at = None
        elif status == "closed":
            if self._closing:
                return
            code = self._bye or (reason.split(":")[0] if reason else "")
            if code == "table_full" and not self._join_args[3]:
                # no seat left: watch the table instead of being turned away
                address, port, display, _ = self._join_args
                self._closing = True
                self.join(address, port, display=display, spectator=True)
                self.stack.notify(i18n.t("app.watching"), "info", 4.0)
                return
            if code == "bad_token" and self._remembered:
                # the remembered seat is gone (new match, new host): join as a newcomer
                self.settings.remember_seat(self._seat_key, None)
                self.save_settings()
                address, port, display, spectator = self._join_args
                self._closing = True
                self.join(address, port, display=display, spectator=spectator)
                return
            if code == "refused":
                text = i18n.t("net.failed", msg=i18n.t("app.refused", addr=self.display_address))
            else:
                text = None
            text = text or {"kicked": i18n.t("app.kicked"), "shutdown": i18n.t("net.host_left"),
                    "table_full": i18n.t("app.table_full"), "replaced": i18n.t("app.replaced"),
                    "bad_token": i18n.t("app.bad_token")}.get(code) or i18n.t("net.failed", msg=reason or "?")
            c, self.client = self.client, None
            if c is not None:
                threading.Thread(target=c.close, daemon=True).start()
            h, self.host = self.host, None
            if h is not None:
                h.stop()
            self._reset_table()
            self.show_start(text, "bad")

    def _error(self, msg: dict) -> None:
        code = msg.get("code", "")
        text = str(msg.get("msg") or code)
        if code in ("table_full", "bad_token"):
            return                                  # the connection closes; _status explains
        if msg.get("ref") == "hint":
            return                                  # only the count of a hint shown already
        if code == "bad_rules":
            shown = i18n.t("rules.invalid", msg=text)
        elif code == "stale":
            shown = ""
        else:
            shown = i18n.t("net.error", msg=text)
        sc = self.game_scene()
        if msg.get("ref") == "move" and sc is not None:
            sc.move_refused()                       # the player may try again
        if msg.get("ref") == "next_round" and sc is not None:
            sc.next_round_refused()                 # the button works again
        if msg.get("ref") == "match_log":
            self._replay_parts = None
            wanted, self._replay_wanted = self._replay_wanted, False
            shown = "" if not wanted else (
                i18n.t("replay.refused") if code == "running" else i18n.t("replay.failed", msg=text))
        if shown:
            self.stack.notify(shown, "bad", 3.5)

    # --------------------------------------------------------------- scenes
    def names(self) -> list[str]:
        seats = (self.lobby or {}).get("seats") or []
        n = (self.view or {}).get("n") or len(seats)
        out = [str(s.get("name") or "") for s in seats]
        while len(out) < n:
            out.append(i18n.t("lobby.seat", n=len(out) + 1))
        return [nm or i18n.t("lobby.seat", n=i + 1) for i, nm in enumerate(out)]

    def bot_seats(self) -> set:
        return {s.get("seat") for s in (self.lobby or {}).get("seats") or []
                if isinstance(s, dict) and s.get("kind") == "bot"}

    def _names_changed(self) -> None:
        sc = self.game_scene()
        if sc is not None:
            sc.set_bots(self.bot_seats())
            sc.set_names(self.names())

    @property
    def game_id(self) -> str:
        """The game of the table (from the lobby; the default game until it is known)."""
        from felt import contract
        return contract.id_of(self.lobby)

    @property
    def view_game_id(self) -> str:
        """The game of the view shown (a finished match's stays until another starts); the
        lobby's game while there is no view."""
        from felt import contract
        if self.view is None:
            return self.game_id
        return contract.id_of(self.view)

    def game_scene(self):
        """The game's scene shown (a GameTableScene), or None (start, lobby)."""
        sc = self.main
        return sc if isinstance(sc, GameTableScene) else None

    def target(self) -> str:
        """'lobby' or 'table' (the game's scene for the view's phase)."""
        v = self.view
        if v is None:
            return "lobby"
        if v.get("phase") == "match_over" and self.dismissed:
            return "lobby"
        return "table"

    def scene_class(self):
        """The scene class the view's game shows its phase with (``Game.scene_for``; the plain
        table where the game has none)."""
        from felt import contract
        try:
            cls = contract.get(self.view_game_id).scene_for(str((self.view or {}).get("phase") or ""))
        except KeyError:
            cls = None
        return cls if cls is not None else PlainTableScene

    def route(self, events: list) -> None:
        """Show the scene for the current lobby/view, or update the one shown."""
        if self.client is None:
            return
        sc = self.main
        if self.target() == "lobby":
            if self.kind == "lobby" and sc is not None:
                sc.address = self.lobby_address()
                sc.set_lobby(self.lobby or {}, self.seat, self.admin)
            else:
                self._show_lobby()
            return
        game_sc = self.game_scene()
        if game_sc is not None and type(game_sc) is self.scene_class():
            game_sc.set_view(self.view, events)
            return
        self._show_view(events)

    def _show_lobby(self) -> None:
        from felt.ui.lobby_scene import LobbyScene
        sc = LobbyScene(self.lobby, self.seat, self.admin, address=self.lobby_address(), on_send=self.send,
                        on_edit_rules=self.edit_rules, on_leave=self.confirm_leave, settings=self.settings,
                        on_menu=self.open_menu)
        sc.on_chat = self.open_chat
        sc.on_open_browser = self.open_in_browser
        sc.set_phone_url(self.phone_url())
        self._set_main("lobby", sc)

    def lobby_address(self) -> str:
        """The table's address the lobby shows: the one other laptops join with."""
        return self.display_address

    def open_in_browser(self, url: str) -> bool:
        """Open the table's page in this computer's browser (the lobby's "Hier im Browser
        öffnen"); a notice says whether it worked, and else names the address to type."""
        import webbrowser
        try:
            ok = bool(webbrowser.open(url, new=2))
        except Exception:                   # no browser, no display for one, a broken handler
            ok = False
        if ok:
            self.stack.notify(i18n.t("phone.opened_here"), "info", 4.0)
        else:
            self.stack.notify(i18n.t("phone.no_browser", url=url), "warn", 8.0)
        return ok

    def phone_url(self) -> str:
        """The page phones open to join the table this device hosts ('' for a guest)."""
        host = getattr(self.host, "host", None)
        return getattr(host, "phone_url", "") if host is not None else ""

    def _show_view(self, events: list) -> None:
        cls = self.scene_class()
        sc = cls(self.view, names=self.names(), on_move=self.send_move, on_menu=self.open_menu,
                 settings={"muted": self.settings.muted, "auto_pass": self.settings.auto_pass,
                           "speed": self.table_speed()},
                 on_settings=self._table_settings, sounds=self._sounds(), log=self.playlog, on_chat=self.open_chat)
        sc.set_bots(self.bot_seats())
        sc.presence = self.presence
        sc.on_hint = self.send_hint
        sc.set_hints(*self.hint_state())
        sc.round_controls.on_replay = self.open_replay
        sc.set_round_controls(self.next_round if self.admin else None, self.dismiss_standings, self.confirm_leave)
        self._set_main(sc.screen, sc)
        if self._lost_at is not None:
            sc.set_connected(False)
        if events:
            sc.set_view(self.view, events)          # animations (deal, plays) start from here

    def _table_settings(self, s: dict) -> None:
        self.settings.muted = bool(s.get("muted", self.settings.muted))
        self.settings.auto_pass = bool(s.get("auto_pass", self.settings.auto_pass))
        self.save_settings()

    def edit_rules(self, read_only: bool = False) -> None:
        """The rule editor of the table's game (its own, or the one built from its options)."""
        from felt import contract
        from felt.ui.options_editor import OptionsEditorScene
        game = contract.get(self.game_id)
        cls = game.rules_editor() or OptionsEditorScene
        seats = len((self.lobby or {}).get("seats") or []) or None
        self.stack.push(cls(game, (self.lobby or {}).get("rules"),
                            on_apply=None if (read_only or not self.admin) else self.apply_rules,
                            folder=settings_mod.rules_dir(self.settings_base), players=seats))

    # ----------------------------------------------------------------- menus
    def open_menu(self) -> None:
        self.stack.push(MenuOverlay(i18n.t("menu"), self.menu_items(), items_again=self.menu_items))

    def menu_items(self) -> list:
        """The menu's items as the settings are now (the switches say their state)."""
        s = self.settings
        items = [
            (i18n.t("continue"), None, "primary"),
            (i18n.t("unmute") if s.muted else i18n.t("mute"), self.toggle_mute, "switch"),
        ]
        sc = self.game_scene()
        if sc is not None and sc.offers_auto_pass:     # a game where the table may pass by itself
            items.append((i18n.t("auto_pass") + ": " + i18n.t("on" if s.auto_pass else "off"),
                          self.toggle_auto_pass, "switch"))
        if self.admin:                              # the table's pace: the owner sets it for everyone
            items.append((i18n.t("speed") + ": " + i18n.t("speed." + self.table_speed()), self.cycle_speed,
                          "secondary"))
        items += card_style_items(self)
        items.append((i18n.t("howto.title"), self.show_howto, "secondary"))
        items.append((i18n.t("chat.title"), self.open_chat, "secondary"))
        items += [
            # the language in force, and the one a tap switches to
            (i18n.t("language") + ": " + i18n.t("lang." + i18n.get_lang()) + " → "
             + i18n.t("lang.en" if i18n.get_lang() == "de" else "lang.de"), self.toggle_lang, "secondary"),
        ]
        if self.admin and (self.lobby or {}).get("running"):
            items.append((i18n.t("app.end_match"), self.confirm_end_match, "danger"))
        elif self.admin and (self.view or {}).get("phase") == "match_over":
            # the finished match dealt again, as it was or each player one hand on
            items.append((i18n.t("again.button"), self.again, "secondary"))
            items.append((i18n.t("again.turned"), lambda: self.again(1), "secondary"))
        # closing the table mid-match ends it for everyone: that asks once more
        close = self.confirm_leave if self.quit_needs_asking() else self.leave
        items.append((i18n.t("app.close_table") if self.host is not None else i18n.t("leave"), close, "danger"))
        return items

    def confirm_end_match(self) -> None:
        """Ending the match ends it for everyone at the table: that asks once more."""
        self.stack.push(ConfirmOverlay(i18n.t("app.end_match_q"), i18n.t("app.end_match_body"), [
            (i18n.t("app.end_match"), self.end_match, "danger"),
            (i18n.t("cancel"), None, "secondary")]))

    def confirm_leave(self) -> None:
        title = i18n.t("app.close_table_q") if self.host is not None else i18n.t("app.leave_q")
        self.stack.push(MenuOverlay(title, [
            (i18n.t("app.close_table") if self.host is not None else i18n.t("leave"), self.leave, "danger"),
            (i18n.t("cancel"), None, "secondary")]))

    def toggle_mute(self) -> None:
        self.settings.muted = not self.settings.muted
        self.save_settings()
        sc = self.game_scene()
        if sc is not None:
            sc.set_muted(self.settings.muted)

    def toggle_auto_pass(self) -> None:
        sc = self.game_scene()
        if sc is not None and sc.offers_auto_pass:
            sc.set_auto_pass(not self.settings.auto_pass)    # saves through _table_settings
        else:
            self.settings.auto_pass = not self.settings.auto_pass
            self.save_settings()

    def open_chat(self, text: str = "") -> None:
        """The chat line with quick reactions (lobby and table); ``text``: already typed."""
        from felt.ui.chat import ChatOverlay
        ov = ChatOverlay(self.chat, on_send=self.send_chat, text=text, on_reopen=self.open_chat)
        self.stack.push(ov)
        if text:
            ov.field.focus(True)
            ov.field.cursor = len(ov.field.text)

    def send_chat(self, text: str) -> bool:
        return self.send({"t": "chat", "text": str(text)[:200]})

    def rules_in_force(self) -> dict | None:
        """The rule set of the table as it is played: the match's shown (running or just
        finished), else the lobby's, with the number of rounds the owner set."""
        lobby = self.lobby or {}
        rules = (self.view or {}).get("rules") or lobby.get("rules")
        rounds = (lobby.get("options") or {}).get("rounds")
        if not isinstance(rules, dict) or rounds is None:
            return rules
        from felt import contract
        try:
            game = contract.get(self.view_game_id)
            played = game.rules_with_rounds(game.rules_from_dict(rules), int(rounds))
            return game.rules_to_dict(played)
        except Exception:
            return rules

    def show_howto(self) -> None:
        """'So wird gespielt' for the rules in force (lobby and table), with the quiz."""
        from felt.ui.howto import HowtoScene
        rules = self.rules_in_force()
        self.stack.push(HowtoScene(rules, on_quiz=lambda: self.show_quiz(rules)))

    def show_quiz(self, rules: dict | None = None) -> None:
        try:
            from felt.ui.quiz import QuizScene
        except ImportError:
            return
        self.stack.push(QuizScene(rules if rules is not None else self.rules_in_force()))

    def table_speed(self) -> str:
        """The pace every screen at this table follows (the owner's choice, from the lobby);
        this device's own setting where the table has none (or is unpaced)."""
        pace = ((self.lobby or {}).get("options") or {}).get("pace")
        return pace if pace in pacing.SPEEDS else self.settings.speed

    def cycle_speed(self) -> None:
        """The table's pace (the owner's): calm → normal → fast, for every screen at once."""
        self.settings.speed = pacing.next_speed(self.table_speed())
        self.save_settings()
        self.send({"t": "set_options", "pace": self.settings.speed})
        sc = self.game_scene()
        if sc is not None:
            sc.set_speed(self.settings.speed)

    def toggle_lang(self) -> None:
        self.settings.lang = i18n.set_lang("en" if i18n.get_lang() == "de" else "de")
        self.save_settings()
        self.rebuild()

    def rebuild(self) -> None:
        """Build the main scene again (after a language change)."""
        if self.kind == "start" or self.client is None:
            self.show_start()
        elif self.kind == "lobby":
            self._show_lobby()
        else:
            self._show_view([])
            self._show_timer()

"""`felt host --headless`, `felt discover` and `felt bot`."""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import socket
import sys
from typing import Any

from felt.net.schema import PROTOCOL_VERSION
from felt.net.termtext import terminal_text


def _say(*parts: Any) -> None:
    print(*parts, flush=True)


def parse_address(text: str) -> tuple[str, int]:
    """'HOST:PORT' or '[v6]:PORT' -> (host, port). Raises ValueError."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest.lstrip(":")
    else:
        host, sep, port = text.rpartition(":")
        if not sep:
            raise ValueError(f"expected ADDRESS:PORT, got {text!r}")
    try:
        p = int(port)
    except ValueError:
        p = -1
    if not host or not 0 < p < 65536:
        raise ValueError(f"expected ADDRESS:PORT (port 1..65535), got {text!r}")
    return host, p


def host_config_from_args(args: argparse.Namespace):
    """A HostConfig from `felt host` arguments (shared with the windowed host), through the one
    place that decides a table's settings (felt.net.tableconfig): the options, or with
    ``--resume`` the journal's settings, and where the table keeps its files."""
    from felt.net.tableconfig import resume_fields, table_config
    given: dict[str, Any] = {"phones": not getattr(args, "no_phones", False),
                             "phone_spectators": getattr(args, "phone_spectators", 4),
                             "public_url": getattr(args, "public_url", None)}
    if getattr(args, "phone_port", 0):
        given["phone_port"] = args.phone_port   # else the journal's, on a resume
    if getattr(args, "journal", None):
        given["journal"] = args.journal
    if getattr(args, "resume", None) is not None:  # felt host --resume [FILE]: the table from its journal
        fields = resume_fields(args.resume, **{k: getattr(args, k, None) for k in
                                               ("journal", "interface", "port", "no_announce", "bot_delay",
                                                "start_when_full")})
        if getattr(args, "pace", None) or getattr(args, "bot_delay", None) is not None:
            # given on the command line, it wins over the journal's (as --bot-delay does)
            given["pace"] = _pace(args)
        return table_config(fields, given)
    bot_delay = 0.6 if args.bot_delay is None else max(0.0, args.bot_delay)
    name = args.name or f"{socket.gethostname().split('.')[0]}'s table"
    return table_config(dict(
        name=name, interface=args.interface, port=args.port, rules=args.rules, players=args.players,
        bots=args.bots, bot_level=bot_level(args), rounds=args.rounds, seed=args.seed,
        turn_timer=args.turn_timer, reconnect_wait=args.reconnect_wait, bot_delay=bot_delay, pace=_pace(args),
        auto_next=min(2.0, bot_delay * 3), start_when_full=args.start_when_full,
        announce=not args.no_announce), given)


def bot_level(args: argparse.Namespace) -> str:
    """The bots' level from ``--bot-level``, one of the game's own ``bot_levels`` (the game of
    ``--rules``); none given: the game's default (:meth:`Game.bot_level`)."""
    from felt import contract
    given = getattr(args, "bot_level", None)
    try:
        game, _rules = contract.find_rules(args.rules)
    except Exception:                       # a bad --rules is reported where the table reads it
        return given or "normal"
    problem = _level_problem(game, given)
    if problem:
        raise SystemExit(f"felt host: {problem}")
    return given or (game.bot_level(None) if game.bot_levels else "normal")


def _level_problem(game, given: str | None) -> str | None:
    """What is wrong with ``--bot-level`` for ``game`` (a level it lacks), or None."""
    levels = tuple(str(x) for x in game.bot_levels)
    if not given or given in levels:
        return None
    return f"--bot-level {given}: {game.name['en']} has the bot levels {', '.join(levels)}"


def _pace(args: argparse.Namespace) -> str | None:
    """The table's pace from `felt host` arguments: ``--pace``, else off where ``--bot-delay``
    sets the timing by hand, else normal."""
    if getattr(args, "pace", None):
        return args.pace
    return "off" if getattr(args, "bot_delay", None) is not None else "normal"


def check_host_args(args: argparse.Namespace) -> str | None:
    """A one-line complaint about `felt host` arguments out of range, or None.
    Raises RulesError for a rule set that cannot be loaded."""
    port = getattr(args, "port", 0) or 0
    if not 0 <= port <= 65535:
        return f"--port {port}: must be 1..65535 (or 0 for any free port)"
    phone_port = getattr(args, "phone_port", 0) or 0
    if not 0 <= phone_port <= 65535:
        return f"--phone-port {phone_port}: must be 1..65535 (or 0 for any free port)"
    if getattr(args, "phone_spectators", 0) < 0:
        return f"--phone-spectators {args.phone_spectators}: must be 0 or more"
    url = getattr(args, "public_url", None)
    if url is not None and not (url.startswith(("http://", "https://")) and len(url) > 8 and " " not in url):
        return f"--public-url {url!r}: must be an http:// or https:// address"
    if getattr(args, "resume", None) is not None:
        return None  # the table's settings come from its journal
    from felt.contract import RulesError, find_rules
    try:
        game, rules = find_rules(args.rules)  # a template id of any game, or a rule file
    except FileNotFoundError:
        raise RulesError("no_template", id=args.rules) from None
    lo, hi = game.players_range(rules)
    if not lo <= args.players <= hi:
        return (f"--players {args.players}: the rule set {getattr(rules, 'id', args.rules)} allows "
                f"{lo}..{hi} players ({game.name['en']})")
    problem = _level_problem(game, getattr(args, "bot_level", None))
    if problem:
        return problem
    if not 0 <= args.bots <= args.players:
        return f"--bots {args.bots}: must be 0..{args.players} (the number of seats)"
    if args.rounds is not None and not 0 <= args.rounds <= 99:
        return f"--rounds {args.rounds}: must be 1..99 (0 = no limit)"
    if args.turn_timer < 0:
        return f"--turn-timer {args.turn_timer:g}: must be 0 (off) or more seconds"
    if args.reconnect_wait < 0:
        return f"--reconnect-wait {args.reconnect_wait:g}: must be 0 or more seconds"
    return None


def cmd_host(args: argparse.Namespace) -> int:
    from felt.contract import RulesError
    from felt.net.journal import JournalError
    try:
        problem = check_host_args(args)
        if problem:
            print(f"felt host: {problem}", file=sys.stderr)
            return 2
        config = host_config_from_args(args)
        if getattr(args, "resume", None) is None:
            # no window holds the owner's token: the first player to sit owns the table (lobby,
            # rules, start), unless it starts by itself when full
            config.owner_first = not config.start_when_full
        return asyncio.run(_host_main(config, args))
    except (RulesError, JournalError) as exc:
        print(f"felt host: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"felt host: cannot listen: {exc}", file=sys.stderr)
        return 2


async def _host_main(config, args: argparse.Namespace) -> int:
    from felt.net.host import Host
    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    if config.start_when_full:
        async def finish(host) -> None:
            # players who were away when the match ended (host crash, Wi-Fi) get the final state first
            from felt.net.journal import wait_for_final_views
            await wait_for_final_views(host, timeout=max(10.0, min(60.0, host.options["reconnect_wait"])))
            loop.call_later(0.5, done.set)
        config.on_match_over = lambda host: asyncio.ensure_future(finish(host))
    host = Host(config)
    host.game.validate(host.rules, len(host.seats))
    await host.start()
    if config.resume is not None and config.start_when_full and host.state is not None and not host.running:
        config.on_match_over(host)  # resumed after the last move: hand out the result, then exit
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, done.set)
        except (NotImplementedError, RuntimeError):
            pass
    _say(f"Felt Club table '{host.table_name}' at {host.address}:{host.port} "
         f"(game {host.game.id}, rules {host.template} {getattr(host.rules, 'name', '')}, {len(host.seats)} seats, "
         f"protocol {PROTOCOL_VERSION})")
    _say(f"join with: felt join {host.address}:{host.port}    or: felt bot {host.address}:{host.port}")
    _say(f"admin token: {host.admin_token}")
    if host.gateway is not None:
        _say(f"phones: {host.gateway.url}")
        if host.gateway.public_url:
            _say(f"phones from other networks: {host.gateway.public_url}")
        _print_qr(host.phone_url)
    if host.journal is not None:
        _say(f"journal: {host.journal.path}  (after a crash: felt host --resume {host.journal.path})")
    if config.start_when_full:
        _say("the match starts when all seats are taken; the host exits after the last round")
    elif config.owner_first:
        _say("the first player to sit owns the table: the lobby, the rules and the start")
    try:
        await done.wait()
    finally:
        st = host.state
        await host.stop()
        if st is not None and getattr(st, "history", None):
            # the names of those who played (seats left after the match may be empty by now)
            names = [x.get("name", "") for x in host.log.seats()] if host.log is not None \
                else [s.name for s in host.seats]
            names = [terminal_text(n, 40) for n in names]      # (typed on other devices)
            _say(f"rounds played: {len(st.history)}")
            for r, places in enumerate(st.history, 1):
                _say(f"  round {r}: " + ", ".join(f"{k + 1}. {names[p]}" for k, p in enumerate(places)))
            if getattr(st, "winner", None) is not None:
                _say(f"winner: {names[st.winner]}")
        _say("table closed; announcement withdrawn")
    return 0


def _print_qr(url: str) -> None:
    """The phones' page as a QR code in the terminal (phones scan it from the screen)."""
    try:
        import segno
        segno.make(url, error="m", micro=False).terminal(out=sys.stdout, compact=True)
        sys.stdout.flush()
    except Exception as exc:  # noqa: BLE001 (a terminal without the block characters: the URL is printed)
        print(f"(no QR code: {exc})", flush=True)


def cmd_discover(args: argparse.Namespace) -> int:
    from felt.net.discovery import discover
    tables = asyncio.run(discover(max(0.1, args.timeout), args.interface))
    keys = ("name", "address", "port", "game", "template", "seats_taken", "seats_free", "version", "running",
            "phone_url")
    if args.json:
        _say(json.dumps([{k: t[k] for k in keys} for t in tables], ensure_ascii=False))
        return 0
    if not tables:
        _say("no tables found (multicast may be blocked: join by address instead)")
        return 0
    for t in tables:
        state = "running" if t["running"] else "lobby"
        ver = "" if t["version"] == PROTOCOL_VERSION else f"  [protocol {t['version']}: incompatible]"
        phones = f"  phones: {terminal_text(t['phone_url'])}" if t.get("phone_url") else ""
        # (all of it as another device announced it: escaped for this terminal)
        _say(terminal_text(f"{t['name']}  {t['address']}:{t['port']}  {t['game']} {t['template']}  "
                           f"{t['seats_taken']} taken / {t['seats_free']} free  {state}{ver}", 400) + phones)
    return 0


def cmd_bot(args: argparse.Namespace) -> int:
    try:
        host, port = parse_address(args.address)
    except ValueError as exc:
        print(f"felt bot: {exc}", file=sys.stderr)
        return 2
    name = args.name or f"Bot {random.randint(100, 999)}"
    return asyncio.run(_bot_main(host, port, name, args.level, max(0.0, args.delay)))


FIRST_CONNECT_FOR = 15.0  # seconds `felt bot` tries to reach a table it has never reached


async def _bot_main(host: str, port: int, name: str, level: str, delay: float) -> int:
    from felt.net.botclient import BotClient
    bot = BotClient(host, port, name, level=level, delay=delay, first_connect_for=FIRST_CONNECT_FOR)
    task = asyncio.ensure_future(bot.run())
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    stopper = asyncio.ensure_future(stop.wait())
    await asyncio.wait([task, stopper], return_when=asyncio.FIRST_COMPLETED)
    if not task.done():
        await bot.close()
        await asyncio.wait([task], timeout=2)
    stopper.cancel()
    v = bot.last_view
    if v is not None and v.get("phase") == "match_over":
        from felt import contract
        try:
            summary = contract.get(contract.id_of(v)).seat_summary(v)
        except Exception:  # noqa: BLE001 (a game this build does not know: say less)
            summary = "?"
        _say(f"{name}: seat {v.get('seat')}, match over; {summary}; winner: seat {v.get('winner')}")
        return 0
    if bot.client.connects == 0:
        why = bot.client._final or f"stopped before reaching {host}:{port}"
        print(f"felt bot: {why}", file=sys.stderr, flush=True)
        return 2
    _say(f"{name}: stopped ({bot.client.reason or bot.client.status})")
    return 1

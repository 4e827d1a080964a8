"""The `felt` command: one entry point, subcommands import their layer lazily.

Each subcommand's work lives in the layer that owns it; this module only parses
arguments and dispatches, so `felt rules list` never imports pygame or zeroconf.
"""
from __future__ import annotations

import argparse
import sys
from importlib import import_module


def _handler(target: str):
    """Return a function that imports ``module:function`` on first use."""

    def run(args: argparse.Namespace) -> int:
        module, func = target.split(":")
        return getattr(import_module(module), func)(args) or 0

    return run


def _window_size(text: str) -> tuple[int, int]:
    """argparse type of ``--size``: 'WIDTHxHEIGHT' in pixels."""
    from felt.ui.settings import SIZE_MAX, SIZE_MIN, parse_size
    size = parse_size(text)
    if size is None:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a window size: expected WIDTHxHEIGHT, {SIZE_MIN}..{SIZE_MAX} pixels each, e.g. 390x844")
    return size


SIZE_HELP = ("window size in pixels, WIDTHxHEIGHT (e.g. 390x844 for a phone layout; "
             "default: the settings file's 'size', else the last window's)")


def _games_named() -> str:
    """The registered games' names ("A, B and C")."""
    from felt import contract
    names = [g.name.get("de", g.id) for g in contract.all_games()]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="felt",
        description=f"Felt Club: {_games_named()} at one table on a shared Wi-Fi. "
        "Without a subcommand, opens the game window.",
    )
    p.add_argument("--lang", choices=["de", "en"], default=None, help="language of the window (default: saved setting, else de)")
    p.add_argument("--size", type=_window_size, default=None, metavar="WxH", help=SIZE_HELP)
    p.set_defaults(run=_handler("felt.ui.app:cmd_start"))
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    # rules ---------------------------------------------------------------
    r = sub.add_parser("rules", help="list and show the rule templates of every game")
    rsub = r.add_subparsers(dest="rules_command", metavar="ACTION", required=True)
    rl = rsub.add_parser("list", help="template ids and names")
    rl.set_defaults(run=_handler("felt.game_commands:cmd_rules_list"))
    rs = rsub.add_parser("show", help="the full rule set of a template or file as text")
    rs.add_argument("id", metavar="ID|FILE")
    rs.set_defaults(run=_handler("felt.game_commands:cmd_rules_show"))

    # simulate ------------------------------------------------------------
    s = sub.add_parser("simulate", help="play random-legal bots in-process and print speed and places")
    s.add_argument("--rules", default="PR-002", metavar="ID|FILE")
    s.add_argument("--players", type=int, default=5)
    s.add_argument("--rounds", type=int, default=1000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=_handler("felt.game_commands:cmd_simulate"))

    # host ----------------------------------------------------------------
    h = sub.add_parser("host", help="host a table (window, or --headless)")
    h.add_argument("--headless", action="store_true", help="no window; print the address")
    h.add_argument("--name", default=None, help="table name shown to others")
    h.add_argument("--port", type=int, default=0, help="TCP port (default: any free port)")
    h.add_argument("--rules", default="PR-002", metavar="ID|FILE")
    h.add_argument("--players", type=int, default=4, help="number of seats")
    h.add_argument("--bots", type=int, default=0, help="seats filled with bots at the start")
    h.add_argument("--bot-level", default=None, metavar="LEVEL",
                   help="level of the bots: one of the game's own (easy, normal, hard for the three games; default normal)")
    h.add_argument("--rounds", type=int, default=None, help="rounds in the match (default: the rule set's)")
    h.add_argument("--start-when-full", action="store_true", help="start once all seats are taken; exit after the last round")
    h.add_argument("--interface", default=None, metavar="ADDR", help="announce and listen on this interface address only")
    h.add_argument("--seed", type=int, default=None, help="seed of the match (default: random)")
    h.add_argument("--turn-timer", type=float, default=0.0, metavar="S", help="seconds per turn, 0 = off")
    h.add_argument("--reconnect-wait", type=float, default=30.0, metavar="S", help="seconds to wait for a dropped player before a bot takes over")
    h.add_argument("--bot-delay", type=float, default=None, metavar="S", help="bots' thinking pause in seconds")
    h.add_argument("--pace", choices=("calm", "normal", "fast", "off"), default=None,
                   help="how long every screen shows each play (default: normal; off where --bot-delay is given)")
    h.add_argument("--journal", default=None, metavar="FILE", help="journal file (default: in the user's data folder)")
    h.add_argument("--resume", nargs="?", const="", default=None, metavar="FILE", help="resume the table from a journal")
    h.add_argument("--no-announce", action="store_true", help="do not announce over mDNS")
    h.add_argument("--public-url", default=None, metavar="URL",
                   help="a URL of the phones' page that other networks reach (a tailnet address, a tunnel): "
                        "shown in the QR code and printed")
    h.add_argument("--phone-port", type=int, default=0, metavar="PORT",
                   help="port of the page phones join from (default: any free port)")
    h.add_argument("--phone-spectators", type=int, default=4, metavar="N",
                   help="phones that may watch, beyond one per seat (default 4)")
    h.add_argument("--no-phones", action="store_true", help="no page for phones' browsers")
    h.add_argument("--size", type=_window_size, default=argparse.SUPPRESS, metavar="WxH", help=SIZE_HELP)
    h.set_defaults(run=_handler("felt.cli:_host"))

    # discover ------------------------------------------------------------
    d = sub.add_parser("discover", help="list tables on the network")
    d.add_argument("--timeout", type=float, default=3.0)
    d.add_argument("--json", action="store_true")
    d.add_argument("--interface", default=None, metavar="ADDR")
    d.set_defaults(run=_handler("felt.net.commands:cmd_discover"))

    # bot -----------------------------------------------------------------
    b = sub.add_parser("bot", help="join a table as a bot and play to the end")
    b.add_argument("address", metavar="ADDRESS:PORT")
    b.add_argument("--name", default=None)
    b.add_argument("--level", default="normal", choices=["easy", "normal", "hard"])
    b.add_argument("--delay", type=float, default=0.0, help="pause before each move, seconds")
    b.set_defaults(run=_handler("felt.net.commands:cmd_bot"))

    # join ----------------------------------------------------------------
    j = sub.add_parser("join", help="open the window and join a table by address")
    j.add_argument("address", metavar="ADDRESS:PORT")
    j.add_argument("--name", default=None)
    j.add_argument("--size", type=_window_size, default=argparse.SUPPRESS, metavar="WxH", help=SIZE_HELP)
    j.set_defaults(run=_handler("felt.ui.app:cmd_join"))

    # replay --------------------------------------------------------------
    rp = sub.add_parser("replay", help="look back at a finished match: every hand open, play by play")
    rp.add_argument("file", nargs="?", default=None, metavar="FILE",
                    help="a journal (the host's) or a saved match: its last finished match")
    rp.add_argument("--list", action="store_true", help="the finished matches kept in the data folder (the last 50)")
    rp.add_argument("--json", action="store_true", help="print the match step by step as JSON instead of a window")
    rp.add_argument("--seat", type=int, default=None, metavar="N", help="show the table as seat N saw it (0-based)")
    rp.add_argument("--lang", choices=["de", "en"], default=argparse.SUPPRESS, help="language of the window")
    rp.add_argument("--size", type=_window_size, default=argparse.SUPPRESS, metavar="WxH", help=SIZE_HELP)
    rp.set_defaults(run=_replay)

    # snapshot ------------------------------------------------------------
    sn = sub.add_parser("snapshot", help="render every scene to PNG files")
    sn.add_argument("--out", required=True, metavar="DIR")
    sn.add_argument("--lang", choices=["de", "en"], default="de")
    sn.add_argument("--seed", type=int, default=7)
    sn.add_argument("--only", nargs="+", metavar="NAME", help="only the screens these names or patterns name "
                    "(the file names without their size: lobby, <game>_table, '<game>_*')")
    sn.add_argument("--size", type=_window_size, metavar="WxH", help="every screen at this size only")
    sn.set_defaults(run=_handler("felt.ui.snapshot:cmd_snapshot"))

    # tournament ----------------------------------------------------------
    t = sub.add_parser("tournament", help="bot levels against each other, with 95%% intervals")
    t.add_argument("--rules", default="PR-002", metavar="ID|FILE")
    t.add_argument("--bots", required=True, metavar="LEVEL,LEVEL,...")
    t.add_argument("--rounds", type=int, default=200)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--think-ms", type=int, default=None, metavar="MS")
    t.add_argument("--json", action="store_true")
    t.set_defaults(run=_handler("felt.game_commands:cmd_tournament"))

    # soak ----------------------------------------------------------------
    so = sub.add_parser("soak", help="matches over loopback with dropped clients and host kills")
    so.add_argument("--matches", type=int, default=3)
    so.add_argument("--players", type=int, default=4)
    so.add_argument("--rules", default="PR-002", metavar="ID|FILE")
    so.add_argument("--rounds", type=int, default=3)
    so.add_argument("--drops", type=float, default=0.05, help="chance per move that a client drops")
    so.add_argument("--kills", type=int, default=2, help="host kills per match")
    so.add_argument("--seed", type=int, default=1)
    so.set_defaults(run=_handler("felt.net.soak:cmd_soak"))

    # check-game ----------------------------------------------------------
    cg = sub.add_parser("check-game", help="every rule Felt Club puts on a game, run against one game",
                        description="Run every check the project's own tests run on its games against one "
                        "registered game (in this repository or a plug-in): the contract, rule files, the "
                        "text layout of its screens, a phone's table, a short soak with host kills. One line "
                        "per check; exit 0 when all passed, 1 when a check failed, 2 for an unknown game.")
    cg.add_argument("id", metavar="ID", help="the game's id (felt rules list names the games' templates)")
    cg.add_argument("--quick", action="store_true", help="fewer seeds and sizes, no soak and no phone (seconds)")
    cg.add_argument("--only", nargs="+", default=None, metavar="NAME",
                    help="run only these checks (scenes, taps, cards, rounds, view-hides, table-vocabulary, "
                         "loopback-resume, screens, ended-early, evening, rule-files, shipped-templates, "
                         "text-layout, phone, soak)")
    cg.add_argument("--timeout", type=float, default=300.0, metavar="SECONDS",
                    help="a check that takes longer fails (a game that loops forever; default 300, 0: none)")
    cg.set_defaults(run=_handler("felt.devcheck:cmd_check_game"))

    # bench ---------------------------------------------------------------
    be = sub.add_parser("bench", help="benchmarks that print figures")
    bsub = be.add_subparsers(dest="bench_command", metavar="WHAT", required=True)
    bn = bsub.add_parser("net", help="move-to-view latency over loopback with N clients")
    bn.add_argument("--clients", type=int, default=8)
    bn.add_argument("--moves", type=int, default=2000)
    bn.add_argument("--pin", choices=("off", "split"), default="off",
                    help="off: the OS places host and clients (the default); split: the host on one core, "
                         "the clients' process on another (clients stand in for other devices; Linux, 2+ cores)")
    bn.add_argument("--json", action="store_true")
    bn.set_defaults(run=_handler("felt.net.bench:cmd_bench"))
    bf = bsub.add_parser("frames", help="frame times while cards animate, CPU while idle")
    bf.add_argument("--seconds", type=float, default=5.0)
    bf.add_argument("--json", action="store_true")
    bf.set_defaults(run=_handler("felt.ui.bench:cmd_bench"))
    bp = bsub.add_parser("phone", help="phones in their browser: tap to frame, idle cost, bytes per round, six phones, the first page, memory, a flood from one page")
    bp.add_argument("--taps", type=int, default=40, help="taps on a hand card to time")
    bp.add_argument("--idle", type=float, default=10.0, metavar="S", help="seconds of a still table to measure")
    bp.add_argument("--json", action="store_true")
    bp.set_defaults(run=_handler("felt.ui.phone_bench:cmd_bench"))
    ba = bsub.add_parser("a11y", help="a screen-reader player's actions per move against a sighted phone player's")
    ba.add_argument("--json", action="store_true")
    ba.set_defaults(run=_handler("felt.ui.a11y_bench:cmd_bench"))
    return p


def _host(args: argparse.Namespace) -> int:
    if args.headless:
        return import_module("felt.net.commands").cmd_host(args) or 0
    return import_module("felt.ui.app").cmd_host(args) or 0


def _replay(args: argparse.Namespace) -> int:
    if args.list:
        return import_module("felt.net.replay").cmd_list(args) or 0
    if not args.file:
        print("felt replay: give a FILE (a journal or a saved match), or --list for the kept matches",
              file=sys.stderr)
        return 2
    if args.json:
        return import_module("felt.net.replay").cmd_json(args) or 0
    return import_module("felt.ui.app").cmd_replay(args) or 0


def main(argv: list[str] | None = None) -> int:
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # before anything imports pygame
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())

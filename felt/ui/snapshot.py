"""`felt snapshot --out DIR [--lang de|en] [--seed N]`: every screen as PNG at phone and laptop sizes.

The window's own screens are drawn here: the start screen (also offering two interrupted
tables, and their picker) and the owner's lobby. For every registered game (``felt.games``),
the screens the window shows of any game: its lobby, its rule editor (``game.rules_editor()``,
or the one built from its options), a spectator at a seeded deal with the notice of a full
table, and "How to play" and the quiz (a question unanswered and explained) of its first
template, its table with a "Tipp" taken and the hints taken at a round's end, and a replay
of a short demo match ("Partie ansehen", with and without every hand shown on a phone).
Then every game's own screens, from ``game.snapshots(lang, seed)``
(``felt.ui.shots.Shot``; the seed is for a game's demo matches).

Files: ``<screen>-WxH.png`` for the window's own screens, ``<game>_<screen>-WxH.png`` for the
screens of a game. A screen that fails is noted and skipped: one game's screen must not stop
the others.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from felt.ui.shots import GAME_SIZES, NAMES, SIZES, Shot, draw, spectator_stack, stacked


# ----------------------------------------------------------------------------- the window's screens
def _resume_picker():
    from felt.ui import i18n
    from felt.ui.shell import PickerOverlay
    from felt.ui.start_scene import snapshot_resume_scene
    start = snapshot_resume_scene()
    return [start, PickerOverlay(i18n.t("resume.title"), start.resume_items(), lambda *_: None)]


def window_shots() -> list[Shot]:
    """The start screen (with interrupted tables to resume, and their picker) and the lobby."""
    from felt.ui import lobby_scene, start_scene
    return [Shot("start", lambda w, h: start_scene.snapshot_scene(), SIZES),
            Shot("lobby", lambda w, h: lobby_scene.snapshot_scene(), SIZES),
            Shot("start-resume", lambda w, h: start_scene.snapshot_resume_scene(), SIZES),
            Shot("resume-picker", lambda w, h: stacked(w, h, *_resume_picker()), SIZES),
            Shot("lobby-evening", lambda w, h: _lobby_evening(w, h, admin=True), SIZES),
            Shot("lobby-evening-guest", lambda w, h: _lobby_evening(w, h, admin=False), SIZES),
            Shot("lobby-evening-ask", lambda w, h: _lobby_evening(w, h, admin=True, asking=True), SIZES)]


def _lobby_evening(w: int, h: int, admin: bool, asking: bool = False):
    """The lobby after three matches of two games: the evening's standings (felt.ui.evening_view)
    scrolled into view, as the owner (with "Neuer Abend", or its question) or a guest sees them."""
    from felt.ui.evening_view import demo_evening
    from felt.ui.lobby_scene import LobbyScene, demo_lobby
    lobby = dict(demo_lobby(), evening=demo_evening())
    sc = LobbyScene(lobby, my_seat=0 if admin else 2, admin=admin, address="192.168.1.20:40123",
                    on_menu=lambda: None)
    stack = stacked(w, h, sc)
    if asking:
        sc.evening.ask()
    for form in (sc.left, sc.right):
        if any(wdg is sc.evening for wdg, _ in form.items):
            form.scroll_to(sc.evening)
    return stack


def game_lobby(game) -> dict:
    """The demo lobby (felt.ui.lobby_scene.demo_lobby) at a table of ``game``: its first
    template and rules, and every game offered."""
    from felt import contract
    from felt.ui.lobby_scene import demo_lobby
    tid = game.template_ids()[0]
    d = demo_lobby()
    lo, hi = game.players_range(game.template(tid))
    n = max(lo, min(hi, 4))
    levels = tuple(game.bot_levels)
    seats = [dict(s, level=game.bot_level(s["level"]) if s["level"] == "normal" else levels[-1])
             if s["kind"] == "bot" else s for s in d["seats"] if s["seat"] < n]   # the game's own levels
    d["options"] = dict(d["options"], bot_level=game.bot_level(None))
    d["bot_levels"] = list(levels)
    d.update(game=game.id, template=tid, rules=game.rules_to_dict(game.template(tid)), n=n, seats=seats,
             players=[lo, hi], games=[{"id": g.id, "name": g.name, "templates": g.template_ids()}
                                      for g in contract.all_games()])
    return d


def _lobby(game):
    from felt.ui.lobby_scene import LobbyScene
    sc = LobbyScene(game_lobby(game), my_seat=0, admin=True, address="192.168.1.20:40123", on_menu=lambda: None)
    if len(sc.seats) > 3:
        sc.tap_seat(3)
    return sc


def _rules_editor(game):
    """The game's rule editor as the table's owner opens it (as ``Controller.edit_rules``)."""
    from felt.ui.options_editor import OptionsEditorScene
    editor = game.rules_editor() or OptionsEditorScene
    return editor(game, None, on_apply=lambda d: None, players=4)


def spectator_table(game, w: int, h: int):
    """A spectator at ``game``'s table (its first template, 4 seats, a seeded deal), as the
    window shows it: the table with the round bar and the notice of a full table."""
    from felt.ui.game_table import PlainTableScene
    tid = game.template_ids()[0]
    state, _ = game.new_match(game.template(tid), 4, 5)
    table = game.scene_for(state.phase) or PlainTableScene
    sc = table(game.view(state, None), names=list(NAMES[:4]), settings={"muted": True})
    sc.set_round_controls(None, lambda: None, lambda: None)
    return spectator_stack(w, h, sc)


def shown_for_every_game(game) -> list[Shot]:
    """The window's screens of ``game``: lobby, rule editor, a spectator's table, and "How to
    play" and the quiz of its first template."""
    from felt.ui import hint_shots, howto, quiz, replay_scene
    tid = game.template_ids()[0]
    out = [Shot("lobby", lambda w, h: _lobby(game), GAME_SIZES),
           Shot("rules", lambda w, h: _rules_editor(game), GAME_SIZES),
           Shot("watching", lambda w, h: spectator_table(game, w, h), GAME_SIZES),
           Shot("replay", lambda w, h: replay_scene.snapshot_scene(game), GAME_SIZES),
           Shot("replay-hands", lambda w, h: replay_scene.snapshot_scene(game, hands=True), ((390, 844), (844, 390))),
           # a marked play of the window's own seat: its level, "Besser spielen?", the dots
           Shot("replay-marks", lambda w, h: replay_scene.snapshot_scene(game, marks=True), GAME_SIZES),
           Shot(f"howto-{tid}", lambda w, h: howto.snapshot_scene(tid), SIZES),
           Shot("tipp", lambda w, h: hint_shots.snapshot_scene(game, w, h), GAME_SIZES),
           Shot("tipps-taken", lambda w, h: hint_shots.snapshot_results(game, w, h), GAME_SIZES),
           # a player's table in four colours with big indices (settings: "Vier Farben", "Große Zeichen")
           Shot("table-four-colour", lambda w, h: hint_shots.snapshot_scene(game, w, h), GAME_SIZES, (True, True))]
    if game.quiz(game.template(tid), count=1):
        out += [Shot(f"quiz-{tid}-question", lambda w, h: quiz.snapshot_scene(tid, checked=False), SIZES),
                Shot(f"quiz-{tid}-explained", lambda w, h: quiz.snapshot_scene(tid), SIZES)]
    return out


# ----------------------------------------------------------------------------- writing
def wanted(name: str, only=None) -> bool:
    """Is the screen ``name`` (``<game id>_<shot>`` or a window's shot) one of ``only``'s
    patterns (shell-style: ``<game>_*``, ``lobby``); no patterns: every screen."""
    import fnmatch
    return not only or any(fnmatch.fnmatchcase(name, p) for p in only)


def write_shots(out: Path, prefix: str, shots: list[Shot], sizes=None, only=None, among=None) -> list[Path]:
    """Every shot (of those ``only`` names, ``wanted``) at each of its sizes (or of ``sizes``;
    ``among``: only its sizes that are among these) into ``out/<prefix><name>-WxH.png``; the
    files written."""
    from felt.ui import cardart
    from felt.ui.png import save_png
    written: list[Path] = []
    for shot in shots:
        if not wanted(prefix + shot.name, only):
            continue
        for w, h in sizes or [x for x in shot.sizes if among is None or tuple(x) in among]:
            before = cardart.style()
            try:
                cardart.set_style(*shot.card_style)
                surface = draw(shot.make(w, h), w, h)
            except Exception as exc:
                print(f"note: {prefix}{shot.name} failed at {w}x{h}: {exc!r}")
                continue
            finally:
                cardart.set_style(*before)
            path = out / f"{prefix}{shot.name}-{w}x{h}.png"
            save_png(surface, path)
            written.append(path)
    return written


def write_all(out, lang: str = "de", seed: int = 7, sizes=None, only=None, among=None) -> list[Path]:
    """The window's screens and every game's into ``out``, in ``lang``; ``sizes``: draw every
    screen at these sizes instead of its own, ``among``: at those of its own among these;
    ``only``: the screens these patterns name."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from felt import contract
    from felt.ui import i18n
    i18n.set_lang(lang)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    pygame.display.set_mode((1, 1))
    written = write_shots(out, "", window_shots(), sizes, only, among)
    for game in contract.all_games():
        if only and not any(p.startswith("*") or "_" in p and wanted(game.id, [p.split("_", 1)[0]]) for p in only):
            continue                        # none of this game's screens is asked for (none drawn)
        shots: list[Shot] = []
        for listed in (shown_for_every_game, lambda g: g.snapshots(lang, seed)):
            try:
                shots += listed(game)
            except Exception as exc:
                print(f"note: {game.id}'s screens failed: {exc!r}")
        written += write_shots(out, f"{game.id}_", shots, sizes, only, among)
    return written


def cmd_snapshot(args) -> int:
    lang = getattr(args, "lang", "de") or "de"
    out = Path(args.out)
    sizes = [tuple(args.size)] if getattr(args, "size", None) else None
    written = write_all(out, lang, int(getattr(args, "seed", 7) or 7), sizes, getattr(args, "only", None))
    for path in written:
        print(path)
    print(f"{len(written)} images in {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--lang", default="de")
    ap.add_argument("--seed", type=int, default=7)
    sys.exit(cmd_snapshot(ap.parse_args()))

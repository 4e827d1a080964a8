"""A game from outside: "Elfer raus!" (tests/plugins/felt_elferraus/), a package of its own
written from felt/games/ADDING.md alone, no scene of its own, "installed" the way pip would
(its folder and a generated ``felt_elferraus-0.1.dist-info`` with its entry point on
sys.path and PYTHONPATH, the venv untouched). Then Felt Club plays it everywhere: `felt rules
list`, `felt simulate`, `felt tournament`, a match over loopback with bots that survives a
host crash, the view filter, the plain table with its own card faces and suit rows, and the
contract test."""
from __future__ import annotations

import importlib
import importlib.metadata
import os
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from felt import contract  # noqa: E402
from felt.contract import registry  # noqa: E402
from tests.helpers import settled_scene, start_host_process  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "tests" / "plugins" / "felt_elferraus"
SHOTS = os.environ.get("FELT_OUTSIDE_SHOTS")      # a folder: write the drawn tables there to look at


def install(site: Path) -> list[str]:
    """What `pip install` leaves for the registry: the package importable and a dist-info whose
    entry points are the package's pyproject's. Returns the paths to put on sys.path."""
    meta = tomllib.loads((PLUGIN / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    info = site / f"{meta['name']}-{meta['version']}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n",
                                   encoding="utf-8")
    lines = [f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items())
             for group, eps in meta["entry-points"].items()]
    (info / "entry_points.txt").write_text("\n".join(lines), encoding="utf-8")
    return [str(PLUGIN), str(site)]


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """Elfer raus installed for this process (sys.path) and its subprocesses (PYTHONPATH);
    yields the environment for a subprocess."""
    paths = install(tmp_path_factory.mktemp("site"))
    saved_path, saved_env = list(sys.path), os.environ.get("PYTHONPATH")
    sys.path[:0] = paths
    importlib.invalidate_caches()
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *paths, *([saved_env] if saved_env else [])])
    before = dict(registry._registry), set(registry._found), registry._loaded
    registry._loaded = False                      # found again, now with the entry point
    env = dict(os.environ, FELT_DATA_DIR=str(tmp_path_factory.mktemp("data")))
    try:
        yield env
    finally:
        # the registry as it was (an Elfer raus installed for the whole run stays found)
        registry._registry.clear()
        registry._registry.update(before[0])
        registry._found.clear()
        registry._found.update(before[1])
        registry._loaded = before[2]
        sys.path[:] = saved_path
        if saved_env is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = saved_env


def felt(env, *args, timeout=240) -> str:
    out = subprocess.run([sys.executable, "-m", "felt.cli", *args], env=env, capture_output=True, text=True,
                         timeout=timeout)
    assert out.returncode == 0, (args, out.stdout[-2000:], out.stderr[-2000:])
    return out.stdout


def test_the_registry_finds_it_by_its_entry_point(installed):
    eps = {ep.name: ep.value for ep in importlib.metadata.entry_points(group="felt.games")}
    assert eps.get("elferraus") == "felt_elferraus:GAME"
    game = contract.get("elferraus")
    assert contract.found_by_name("elferraus")
    assert type(game).__module__ == "felt_elferraus" and game.scene_for("play") is None
    assert contract.find_rules("ER-KURZ")[0] is game


def test_rules_list_simulate_and_tournament_run_it(installed):
    listed = felt(installed, "rules", "list")
    assert "ER-STD" in listed and "ER-KURZ" in listed and "Elfer raus" in listed
    shown = felt(installed, "rules", "show", "ER-STD")
    assert "Ziehen pro Zug" in shown and "20" in shown          # labelled by its options()
    sim = felt(installed, "simulate", "--rules", "ER-KURZ", "--players", "3", "--rounds", "20", "--seed", "4")
    assert "20" in sim
    tour = felt(installed, "tournament", "--rules", "ER-KURZ", "--bots", "normal,easy,easy", "--rounds", "30",
                "--seed", "2", "--json")
    assert "normal" in tour and "easy" in tour


def test_a_match_over_loopback_with_bots_survives_a_host_crash(installed, tmp_path):
    """`felt host` in a subprocess (which finds the game by its entry point too), two bots and
    a client seat; the host SIGKILLed while the client is on turn, `felt host --resume` from its
    journal, the match played to its end; the last view is the engine's for the journaled moves."""
    from felt.net import journal as jm
    from felt.net.client import ClientThread
    from felt.net.soak import _norm

    game = contract.get("elferraus")
    j = tmp_path / "er.journal"
    proc, port = start_host_process(["--rules", "ER-KURZ", "--port", "0", "--players", "3", "--bots", "2",
                              "--bot-level", "normal", "--rounds", "2", "--seed", "5", "--start-when-full",
                              "--bot-delay", "0.003", "--reconnect-wait", "30", "--pace", "off",
                              "--journal", str(j)], installed)
    ct = ClientThread("127.0.0.1", port, "Anna").start()
    last, seq, kills, my_moves, errors = None, -1, 0, 0, []
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            for m in ct.poll():
                if m["t"] == "state":
                    last, seq = m["view"], m["seq"]
                elif m["t"] == "error":
                    errors.append(m)
            if last is None:
                time.sleep(0.005)
                continue
            assert last["game"] == "elferraus"
            # what this seat sees: its own hand, the others' counts only
            assert "hands" not in last and len(last["hand"]) == last["counts"][last["seat"]]
            if last["phase"] == "match_over":
                break
            mine = last["to_move"] == last["seat"] and last["legal"]
            if mine and not kills and my_moves >= 2:
                hand, at = list(last["hand"]), seq
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                kills += 1
                proc, port2 = start_host_process(["--resume", str(j)], installed)
                assert port2 == port
                got, t_end = None, time.monotonic() + 20
                while time.monotonic() < t_end and got is None:
                    got = next((m for m in ct.poll() if m["t"] == "state"), None)
                    time.sleep(0.005)
                assert got is not None, "no view after the resume"
                assert got["seq"] == at and got["view"]["hand"] == hand
                last, seq = got["view"], got["seq"]
                continue
            if mine and ct.send({"t": "move", "move": last["legal"][0], "seq": seq}):
                my_moves += 1
                last = dict(last, to_move=None)
            time.sleep(0.002)
        assert last is not None and last["phase"] == "match_over", last and last["phase"]
        assert kills == 1 and not errors, errors
        final = game.replay(game.template("ER-KURZ"), 3, 5, jm.actions(jm.read_log(j)), 2)
        assert final.phase == "match_over" and len(final.history) == 2
        assert last == _norm(game.view(final, ct.seat))
    finally:
        ct.close()
        if proc.poll() is None:
            proc.terminate()
        proc.wait(10)


def _play(game, seed=3, n=3, steps=40):
    import random
    rng = random.Random(seed)
    state, _ = game.new_match(game.template("ER-STD"), n, seed)
    for _ in range(steps):
        game.apply_inplace(state, state.to_move, rng.choice(game.legal_moves(state)))
    return state


def test_its_view_hides_the_other_hands(installed):
    game = contract.get("elferraus")
    state = _play(game)
    for seat in [0, 1, 2, None]:
        view = game.view(state, seat)
        shown = game.shown_cards(view)
        for other in range(3):
            if other != seat:
                assert not shown & set(state.hands[other])
        assert "stock" in view and isinstance(view["stock"], int)      # the stock: a count, not its cards
        assert not set(state.stock) & shown and "seed" not in view


def _draw(view, size, density, name):
    from felt.ui import layout
    from felt.ui.game_table import PlainTableScene
    try:
        sc = settled_scene(PlainTableScene, view, size, density, steps=20)
        surface = pygame.Surface(size)
        sc.draw(surface)
        if SHOTS:
            pygame.image.save(surface, os.path.join(SHOTS, f"elferraus-{name}.png"))
        return sc, surface
    finally:
        layout.set_density(1.0)


@pytest.mark.parametrize("size,density", [((780, 1688), 2.0), ((1280, 720), 1.0)], ids=["phone@2", "laptop"])
def test_the_plain_table_draws_its_card_faces_and_suit_rows(installed, size, density):
    from felt.ui import cardart
    pygame.init()
    game = contract.get("elferraus")
    state = _play(game, steps=60)
    while state.to_move != 0:
        game.apply_inplace(state, state.to_move, game.legal_moves(state)[0])
    view = game.view(state, 0)
    sc, surface = _draw(view, size, density, f"{size[0]}x{size[1]}")
    # the four suit rows are the middle, one above the other, inside it
    rows = [sc.pile_rects[r] for r in ("hearts", "diamonds", "clubs", "spades")]
    assert all(sc.middle.contains(r) for r in rows)
    assert [r.top for r in rows] == sorted(r.top for r in rows) and len({r.top for r in rows}) == 4
    # the seats carry the game's summary (penalty points)
    assert sc.seat_lines(1).note == f"Σ {view['scores'][1]}"
    # every hand card is drawn as the game says it looks (its number and suit), not as a French card
    top = view["rules"]["top"]
    for cid, r in sc.card_rects.items():
        card = sc.log_card(cid)
        assert (card.rank, card.suit) == game.card_face(cid, view["rules"]) == (str(cid % top + 1), "HDCS"[cid // top])
        assert _looks_like(surface, r, card), (cid, card)
    # and the rows' cards: the hearts row's top card is the right number of hearts
    hearts = next(row for row in view["table"]["rows"] if row["id"] == "hearts")
    if hearts["cards"]:
        assert sc.log_card(hearts["cards"][-1]).rank == str(view["rows"][0][1])


def _looks_like(surface, r, card) -> bool:
    """Is the top-left corner of ``r`` on ``surface`` (the index a card over it leaves
    visible) cardart's face of ``card`` (drawn plain or veiled as not playable)?"""
    from felt.ui import cardart
    corner = pygame.Rect(r.left, r.top, max(4, r.w // 4), r.h // 3)
    for dim in (False, True):
        want = pygame.Surface(r.size)
        want.blit(surface, (0, 0), r)                  # the felt under the card's rounded corners
        want.blit(cardart.card_surface(card, r.size, dim=dim), (0, 0))
        same = sum(1 for x in range(corner.w) for y in range(corner.h)
                   if max(abs(p - q) for p, q in zip(want.get_at((x, y))[:3],
                                                     surface.get_at((corner.left + x, corner.top + y))[:3])) < 24)
        if same > 0.9 * corner.w * corner.h:
            return True
    return False


def test_the_contract_test_passes_for_it(installed):
    out = subprocess.run([sys.executable, "-m", "pytest", str(ROOT / "tests" / "test_game_contract.py"), "-q",
                          "-n", "0", "-k", "elferraus", "-p", "no:cacheprovider"],
                         env=installed, capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stdout[-3000:]
    assert " passed" in out.stdout and "elferraus" not in out.stdout.split("passed")[-1]


@pytest.mark.slow
def test_felt_check_game_passes_it(installed):
    """Every rule the project puts on a game, as its author runs them: `felt check-game`."""
    out = subprocess.run([sys.executable, "-m", "felt.cli", "check-game", "elferraus"], env=installed,
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("elferraus: 15 of 15 checks passed"), out.stdout
    assert "ok   soak" in out.stdout and "ok   phone" in out.stdout and "ok   view-hides" in out.stdout


def test_its_log_says_the_cards_and_the_draws_in_both_languages(installed):
    from felt.ui import i18n
    from felt.ui.playlog import LogContext, lines_of
    game = contract.get("elferraus")
    state, _ = game.new_match(game.template("ER-KURZ"), 3, 1)
    events = []
    for _ in range(12):
        events += game.filter_events(game.apply_inplace(state, state.to_move, game.legal_moves(state)[0]), 0)
    lines = lines_of("elferraus")
    ctx = LogContext(names=["Anna", "Ben", "Cleo"], me=0)
    try:
        for lang in ("de", "en"):
            i18n.set_lang(lang)
            texts = [lines.text(e, ctx) for e in lines.build(events, ctx)]
            assert len(texts) == 12 and all("erlog" not in t for t in texts), texts
            plays = [t for t in texts if "11" in t]
            assert plays and any(s in plays[0] for s in "♥♦♣♠"), texts
    finally:
        i18n.set_lang("de")


@pytest.mark.parametrize("size,density", [((780, 1688), 2.0), ((1170, 2532), 3.0), ((1280, 720), 1.0)],
                         ids=["phone@2", "phone@3", "laptop"])
def test_a_full_row_still_shows_every_cards_number_and_the_suits_stand_beside_the_rows(installed, size, density):
    game = contract.get("elferraus")
    state = _play(game, steps=0)
    state.rows = [[1, 20], [9, 20], [11, 11], None]            # a whole suit, a long row, one card, none
    view = game.view(state, 0)
    sc, _surface = _draw(view, size, density, f"full-{size[0]}x{size[1]}")
    assert sc.row_side and sc.row_side > 0                     # the suit signs: a column beside the rows
    for row in view["table"]["rows"]:
        r = sc.pile_rects[row["id"]]
        cw = int(r.h * 0.7)
        if len(row["cards"]) > 1:
            assert sc.row_step(r, len(row["cards"])) >= 0.45 * cw, (row["id"], r)   # room for "10".."20"
        assert sc.row_first_x(r, len(row["cards"])) - sc.row_side >= sc.middle.left - 1

"""The guide's third worked example: "Stiche ansagen" (Oh Hell), a trick game with bids, a
package of its own in tests/plugins/felt_stiche/ on the plain table with no scene
(felt/games/ADDING.md, "A trick game with bids"). Installed the way pip would, it passes `felt
check-game`; the code the guide quotes is the package's own; a match plays to its end with
the scores the rules say."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.helpers import check_game_passes, plugin_installed

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = ROOT / "tests" / "plugins" / "felt_stiche"
GUIDE = ROOT / "felt" / "games" / "ADDING.md"


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    with plugin_installed(PLUGIN, tmp_path_factory.mktemp("site"), tmp_path_factory.mktemp("data")) as env:
        yield env


def test_it_is_a_package_of_its_own_under_500_lines_with_no_scene(installed):
    from felt import contract
    source = (PLUGIN / "felt_stiche" / "__init__.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) < 500
    assert 'stiche = "felt_stiche:GAME"' in (PLUGIN / "pyproject.toml").read_text(encoding="utf-8")
    game = contract.get("stiche")
    assert contract.found_by_name("stiche") and type(game).__module__ == "felt_stiche"
    assert all(game.scene_for(p) is None for p in ("bid", "play", "round_over", "match_over"))
    assert "felt.ui.game_table" not in source and "import pygame" not in source


def test_the_code_the_guide_quotes_is_the_packages_own():
    """Every block of the guide's walk-through (```python # felt_stiche/__init__.py (excerpt))
    stands in the package as it is."""
    text = GUIDE.read_text(encoding="utf-8")
    source = (PLUGIN / "felt_stiche" / "__init__.py").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n# felt_stiche/__init__.py \(excerpt\)\n(.*?)```", text, re.S)
    assert len(blocks) >= 3, "the guide walks through the trick, the bids and the scores"
    for block in blocks:
        assert block.strip("\n") in source, block[:200]


def test_a_match_of_its_bots_scores_tricks_and_exact_bids(installed):
    from felt import contract
    game = contract.get("stiche")
    rules = game.template("ST-STD")
    state, _ = game.new_match(rules, 4, 8)
    bots = [game.make_bot("normal", seed=i) for i in range(4)]
    totals = [0] * 4
    while state.phase != "match_over":
        if state.phase == "round_over":
            state, _ = game.next_round(state)
            continue
        if state.phase == "play" and len(state.trick) == 0 and sum(state.tricks) == 0:
            bids = list(state.bids)
            assert None not in bids
            assert not rules.hook or sum(bids) != min(state.round_no, 8)     # the dealer's rule
        view = game.view(state, state.to_move)
        assert len(view["legal"]) == len(game.legal_moves(state))
        game.apply_inplace(state, state.to_move, game.move_from_wire(bots[state.to_move].choose(view)))
        if state.phase in ("round_over", "match_over"):
            got = [t + (rules.bonus if t == b else 0) for t, b in zip(state.tricks, state.bids)]
            assert state.points[-1] == got and sum(state.tricks) == state.round_no
            totals = [a + b for a, b in zip(totals, got)]
    assert state.scores == totals and len(state.points) == rules.rounds
    assert state.winner == max(range(4), key=lambda i: (totals[i], -i))


@pytest.mark.slow
def test_felt_check_game_passes_it(installed):
    check_game_passes("stiche", installed, ("taps", "view-hides", "table-vocabulary", "text-layout", "phone", "soak"))


if os.environ.get("FELT_STICHE_SHOTS"):
    def test_write_the_screens_to_look_at(installed):
        """FELT_STICHE_SHOTS=DIR: the example's table during a bid, a trick and the results, at
        390x844 and 1280x720, in German and English, as PNG files to look at."""
        import pygame
        from felt import contract
        from felt.ui import i18n
        from tests.test_plain_table_trick import played, scene
        game = contract.get("stiche")
        pygame.init()
        out = Path(os.environ["FELT_STICHE_SHOTS"])
        out.mkdir(parents=True, exist_ok=True)
        moments = {"bid": lambda s: s.round_no == 3 and s.phase == "bid" and s.to_move == 0,
                   "trick": lambda s: s.round_no == 4 and s.phase == "play" and s.to_move == 0 and len(s.trick) == 2,
                   "taken": lambda s: s.round_no >= 3 and s.phase == "play" and not s.trick and s.last is not None,
                   "results": lambda s: s.round_no == 3 and s.phase == "round_over"}
        for lang in ("de", "en"):
            i18n.set_lang(lang)
            for name, until in moments.items():
                view = game.view(played(game, until), 0)
                for size in ((390, 844), (1280, 720), (844, 390)):
                    sc = scene(view, size)
                    surface = pygame.Surface(size)
                    sc.draw(surface)
                    pygame.image.save(surface, str(out / f"stiche-{name}-{lang}-{size[0]}x{size[1]}.png"))
        i18n.set_lang("de")


def test_a_bad_move_is_a_clear_illegal_move_and_changes_nothing(installed):
    from felt import contract
    from felt.contract.base import IllegalMove
    game = contract.get("stiche")
    state, _ = game.new_match(game.template("ST-STD"), 4, 3)
    seat = state.to_move
    for wire, words in (({"kind": "bid"}, "a move is"), ({"kind": "bid", "n": True}, "a move is"),
                        ({"kind": "play", "cards": [1, 2]}, "a move is"), ({"kind": "jump"}, "unknown move kind"),
                        ([1], "must be a map")):
        with pytest.raises(IllegalMove, match=words):
            game.move_from_wire(wire)
    before = game.view(state, seat)
    for move, words in ((("bid", 5), "the bid must be 0..1"), (("play", state.hands[seat][0]), "time to bid")):
        with pytest.raises(IllegalMove, match=words):
            game.apply(state, seat, move)
    with pytest.raises(IllegalMove, match="not your turn"):
        game.apply(state, (seat + 1) % 4, ("bid", 0))
    assert game.view(state, seat) == before

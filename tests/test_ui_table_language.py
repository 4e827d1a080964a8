"""The three tables speak one language: the same top bar (status line, round, icon buttons in
one order and size), "Du bist dran!" written in one place, the other seats as the same seat
cards (avatar, name, the turn's highlight, presence's badge, the game's lines), the same
round's end buttons placed clear of the table, one way to play a card (a tap, a double tap, a
slide, a drag onto the table) and one source of text sizes."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt.ui import i18n, layout, theme  # noqa: E402
from felt.ui.game_table import GameTableScene  # noqa: E402
from felt.ui.presence import Presence  # noqa: E402
from felt.ui.scene import MOTION, PRESS, RELEASE, Input  # noqa: E402
from felt.ui.seat_card import SeatLines, Tag  # noqa: E402

GAMES = ["praesident", "maumau", "schwimmen"]
SIZES = [(390, 844), (1280, 720)]
NAMES = ["Anna", "Beat", "Carla", "Dominik", "Eveline"]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    i18n.set_lang("de")
    yield


@pytest.fixture(scope="module")
def views():
    """Per game: a view with this window's seat on turn, and one of a round's end."""
    from felt.games.maumau.snapshots import demo_views
    from felt.games.praesident.engine import view
    from felt.games.schwimmen import snapshots
    from felt.games.praesident.snapshots import demo_states
    demo = demo_states("PR-002", 5, 7)
    mm = demo_views()
    sw = snapshots.views()
    return {"praesident": (view(demo["table"][0], 0), view(demo["results"][0], 0)),
            "maumau": (mm["table"][0], mm["result"][0]),
            "schwimmen": (sw["turn"], sw["showdown"])}


def scene_for(game: str, view: dict, size, **kw) -> GameTableScene:
    from felt import games
    cls = games.get(game).scene_for(view["phase"])
    sc = cls(None, names=NAMES[:view["n"]], settings={"muted": True}, on_move=lambda m: None, **kw)
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(*size)
    sc.set_view(view, ())
    return sc


@pytest.mark.parametrize("size", SIZES, ids=["phone", "laptop"])
@pytest.mark.parametrize("game", GAMES)
def test_every_table_has_the_same_top_bar_and_text_sizes(views, game, size):
    w, h = size
    sc = scene_for(game, views[game][0], size, on_chat=lambda: None)
    bar = layout.top_bar(w, h)
    assert sc.top_bar() == bar.bar
    assert sc.px == layout.font_sizes(w, h)            # the one source of sizes per role
    icons = bar.icons
    assert sc.menu_btn.rect == icons[0] and sc.log_btn.rect == icons[2]
    if layout.is_portrait(w, h):                         # phones: the chat in the sound button's place
        assert sc.chat_btn.rect == icons[1] and not sc.mute_btn.visible
    else:
        assert sc.mute_btn.rect == icons[1] and sc.chat_btn.rect == icons[3] and sc.mute_btn.visible
    for btn in (sc.menu_btn, sc.mute_btn, sc.log_btn, sc.chat_btn):
        assert btn.rect.size == icons[0].size or not btn.visible
    assert sc.my_turn
    text, colour = sc.status_line()
    assert text.startswith(i18n.t("gt.turn_me")) and colour == theme.ACCENT
    assert sc.banner_rect().right <= min(b.rect.left for b in (sc.menu_btn, sc.log_btn, sc.chat_btn))
    sc.draw(pygame.Surface(size))


def test_du_bist_dran_is_written_in_one_place():
    """The words of the turn line are one text of the base's, in the window's catalog; no module
    and no game's catalog says them again (docstrings may quote them)."""
    import ast
    import tomllib
    felt = Path(__file__).resolve().parents[1] / "felt"
    found = []
    for path in felt.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        found += [path.relative_to(felt).as_posix() for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
                  and "bist dran" in node.value]
    for path in felt.rglob("texts.toml"):
        texts = tomllib.loads(path.read_text(encoding="utf-8"))
        found += [f"{path.relative_to(felt).as_posix()}:{key}" for key, pair in texts.items()
                  if isinstance(pair, list) and "bist dran" in pair[0]]
    assert found == ["ui/texts.toml:gt.turn_me"], found
    assert i18n.t("gt.turn_me") == "Du bist dran!"


def test_a_seat_away_and_the_turn_line_say_so_at_every_table(views):
    for game in GAMES:
        sc = scene_for(game, views[game][0], (390, 844))
        other = next(s for s in range(sc.view["n"]) if s != sc.seat)
        sc.view = dict(sc.view, to_move=other)
        presence = Presence()
        presence.update([{"seat": other, "kind": "human", "connected": True, "name": NAMES[other]}])
        presence.update([{"seat": other, "kind": "human", "connected": False, "away": False, "wait": 25,
                          "name": NAMES[other]}])
        sc.presence = presence
        assert sc.turn_text().startswith(f"{NAMES[other]} ist weg · wartet noch"), game


@pytest.mark.parametrize("game", GAMES)
def test_every_table_draws_the_other_seats_as_seat_cards(views, game, monkeypatch):
    import felt.ui.game_table as base
    sc = scene_for(game, views[game][0], (390, 844))
    n, me = sc.view["n"], sc.seat
    others = [s for s in range(n) if s != me]
    away, bot = others[0], others[-1]
    presence = Presence()
    presence.update([{"seat": away, "kind": "human", "connected": True, "name": NAMES[away]}])
    presence.update([{"seat": away, "kind": "human", "connected": False, "away": True, "name": NAMES[away]}])
    sc.presence = presence
    sc.set_bots({bot})
    drawn = {}
    real = base.draw_seat_card

    def spy(surface, rect, name, lines, px, on_turn=False, bot=False, away=None, pulse=0.5, away_short=""):
        seat = next(s for s in range(n) if sc.seat_rect(s) == rect)
        drawn[seat] = (name, lines, on_turn, bot, away)
        return real(surface, rect, name, lines, px, on_turn, bot, away, pulse, away_short)
    monkeypatch.setattr(base, "draw_seat_card", spy)
    sc.draw(pygame.Surface((390, 844)))
    assert sorted(drawn) == others
    for seat, (name, lines, on_turn, is_bot, badge) in drawn.items():
        assert name == NAMES[seat] and isinstance(lines, SeatLines)
        assert on_turn == (seat == sc.turn_seat())
        assert is_bot == (seat == bot)
        assert (badge == i18n.t("away.badge_bot")) == (seat == away)


def test_the_seat_card_shows_the_games_lines_and_presence(monkeypatch):
    import felt.ui.seat_card as cards
    texts, avatars = [], []
    real_text, real_avatar = cards.draw_text, cards.avatar_surface
    monkeypatch.setattr(cards, "draw_text", lambda surf, text, *a, **kw: (texts.append(text),
                                                                           real_text(surf, text, *a, **kw)))
    monkeypatch.setattr(cards, "avatar_surface", lambda name, d, bot=False: (avatars.append((name, bot)),
                                                                              real_avatar(name, d, bot))[1])
    surf = pygame.Surface((390, 844))
    px = layout.font_sizes(390, 844)
    rect = pygame.Rect(20, 60, 180, 110)
    lines = SeatLines(count=7, note="Σ 34", tags=[Tag("passt"), Tag("Geber")])
    cards.draw_seat_card(surf, rect, "Beat", lines, px, on_turn=True, bot=True)
    assert {"Beat", "7", "Σ 34", "passt", "Geber"} <= set(texts) and avatars == [("Beat", True)]
    texts.clear()
    cards.draw_seat_card(surf, rect, "Beat", lines, px, away="weg · 25 s")
    assert "weg · 25 s" in texts and "passt" not in texts       # the badge takes the tags' place
    texts.clear()
    row = SeatLines(lives=(2, 3), cards=[None, None, None], value="21", loss="−1", tags=[Tag("klopft")])
    cards.draw_seat_card(surf, rect, "Carla", row, px)
    assert {"Carla", "21", "−1", "klopft"} <= set(texts)


@pytest.mark.parametrize("size", SIZES, ids=["phone", "laptop"])
@pytest.mark.parametrize("game", GAMES)
def test_the_round_end_buttons_sit_clear_of_the_table(views, game, size):
    sc = scene_for(game, views[game][1], size)
    surf = pygame.Surface(size)
    sc.draw(surf)
    rects = sc.round_controls.rects()
    assert set(rects) == {"leave", "next_round"}
    window = pygame.Rect(0, 0, *size)
    taken = [r for r in (sc.seat_rect(s) for s in range(sc.view["n"])) if r is not None]
    taken += list(sc.hand_rects().values())
    for name, r in rects.items():
        assert window.contains(r) and r.h >= layout.MIN_TOUCH, (game, name, r)
        assert r.collidelist(taken) == -1, (game, name, r)
        assert not r.colliderect(sc.top_bar())
    assert not rects["leave"].colliderect(rects["next_round"])


class Hand(GameTableScene):
    """Two overlapping hand cards, a card on the table, a pile to drop on: what the shared input
    makes of presses, slides and releases."""

    def __init__(self) -> None:
        super().__init__(None)
        self.heard: list = []
        self.place_header(400, 600)

    def hand_rects(self) -> dict:
        return {1: pygame.Rect(10, 500, 50, 70), 2: pygame.Rect(40, 500, 50, 70)}

    def hand_area(self) -> pygame.Rect:
        return pygame.Rect(0, 490, 400, 110)

    def drop_zone(self) -> pygame.Rect:
        return pygame.Rect(100, 100, 200, 200)

    def table_rects(self) -> dict:
        return {9: pygame.Rect(300, 320, 50, 70)}

    def card_tapped(self, cid):
        self.heard.append(("tap", cid))

    def card_double_tapped(self, cid):
        self.heard.append(("double", cid))

    def cards_slid(self, first, cid):
        self.heard.append(("slide", first, cid))

    def play_dropped(self, cid):
        self.heard.append(("play", cid))

    def table_card_tapped(self, cid):
        self.heard.append(("table", cid))

    def table_card_dropped(self, cid, pos):
        self.heard.append(("table_drop", cid, self.card_at(pos)))

    def felt_tapped(self, pos):
        self.heard.append(("felt",))


def _press_move_release(sc, start, *path):
    sc.handle_cards(Input(PRESS, start))
    for p in path:
        sc.handle_cards(Input(MOTION, p, buttons=(1, 0, 0)))
    sc.handle_cards(Input(RELEASE, path[-1] if path else start))


def test_one_way_to_play_a_card():
    sc = Hand()
    _press_move_release(sc, (60, 550))                   # card 2 lies over card 1 there
    _press_move_release(sc, (60, 550))                   # again, at once: a double tap
    _press_move_release(sc, (15, 550))
    assert sc.heard == [("tap", 2), ("double", 2), ("tap", 1)]
    sc.heard.clear()
    sc.handle_cards(Input(PRESS, (15, 550)))
    sc.handle_cards(Input(MOTION, (200, 400), buttons=(1, 0, 0)))     # out of the hand: dragged
    assert sc.dragged_card() == 1
    sc.handle_cards(Input(MOTION, (200, 200), buttons=(1, 0, 0)))
    sc.handle_cards(Input(RELEASE, (200, 200)))                        # let go over the pile: played
    _press_move_release(sc, (15, 550), (200, 400), (380, 60))          # let go beside it: nothing
    _press_move_release(sc, (15, 550), (200, 400), (15, 550))          # taken out and back: no tap
    _press_move_release(sc, (15, 550), (60, 550))                      # slid over the hand: no tap
    _press_move_release(sc, (200, 60))                                 # the felt
    assert sc.heard == [("play", 1), ("slide", 1, 2), ("felt",)] and sc.dragged_card() is None
    sc.heard.clear()
    _press_move_release(sc, (320, 350))
    _press_move_release(sc, (320, 350), (200, 450), (60, 550))         # a table card onto a hand card
    assert sc.heard == [("table", 9), ("table_drop", 9, 2)]


@pytest.mark.parametrize("game", GAMES)
def test_a_long_name_in_the_top_bar_breaks_between_words_on_a_phone(views, game, monkeypatch):
    """A phone's top bar broke "Cleopatra-Philomena's turn" mid-word ("Cleopatra-Philom-" /
    "ena's turn"): it breaks after the name's hyphen or between words, or takes a smaller size."""
    from felt.ui import widgets
    i18n.set_lang("en")
    layout.set_density(2.0)
    fitted: list = []
    real = widgets.layout_text
    monkeypatch.setattr(widgets, "layout_text",
                        lambda text, *a, **kw: (lambda res: (fitted.append((str(text), res)), res)[1])(
                            real(text, *a, **kw)))
    try:
        size = (780, 1688)
        view = dict(views[game][0], to_move=1, legal=[])
        sc = scene_for(game, view, size, on_chat=lambda: None)
        sc.set_names(["Anna", "Cleopatra-Philomena", "Carla", "Dominik", "Eveline"][:view["n"]])
        fitted.clear()
        sc.draw(pygame.Surface(size))
        status = sc.status_line()[0]
        assert status.startswith("Cleopatra-Philomena"), status
        drawn = [res for text, res in fitted if text == status]
        assert drawn, fitted
        for _size, lines in drawn:
            joined = "".join(ln if ln.endswith("-") else ln + " " for ln in lines).strip()
            assert joined == status, lines                  # no hyphen put into a word
    finally:
        layout.set_density(1.0)
        i18n.set_lang("de")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", SIZES, ids=["phone", "laptop"])
def test_every_table_shows_the_turn_timer_as_the_same_ring_in_the_top_bar(views, game, size):
    """A table with a turn timer shows it the same way at every game: a ring in the top bar
    (Mau-Mau showed none; Schwimmen only wrote the seconds into its status line)."""
    sc = scene_for(game, views[game][0], size)
    seat = views[game][0].get("to_move")
    sc.set_timer({"seat": seat, "left": 12, "total": 30})
    sc.draw(pygame.Surface(size))
    ring = sc.header_parts()["ring"]
    assert ring is not None and ring.colliderect(sc.top.bar), game
    sc.set_timer(None)
    sc.draw(pygame.Surface(size))
    assert sc.header_parts()["ring"] is None

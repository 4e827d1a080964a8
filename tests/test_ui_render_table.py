"""The table scene driven by synthetic mouse clicks and finger touches: selection, the
Play/Pass buttons, dimming, the outbox; client-side legality agrees with the engine."""
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt.games.praesident.engine import apply_inplace, filter_events, is_legal, legal_moves, move_from_wire, new_match, view  # noqa: E402
from felt.games.praesident.rules import load_rules  # noqa: E402
from felt.ui import i18n  # noqa: E402
from felt.games.praesident.exchange_scene import ExchangeScene  # noqa: E402
from felt.ui.scene import PRESS, RELEASE, RESIZE, Input, SceneStack, map_event  # noqa: E402
from felt.games.praesident.table_scene import Table, TableScene  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    i18n.set_lang("de")
    yield


def _state_on_turn(rules_id="PR-002", n=4, seed=1, seat=0, want_pile=True, rounds=None, min_moves=6):
    """Random-legal play until ``seat`` is on turn with a pile it can beat."""
    rules = load_rules(rules_id)
    for s_off in range(30):
        rng = random.Random(seed + s_off)
        st, _ = new_match(rules, n, seed + s_off, rounds=rounds)
        for _ in range(400):
            if st.phase != "play":
                break
            if st.to_move == seat and st.moves_made >= min_moves and ((st.pile is not None) == want_pile):
                plays = [m for m in legal_moves(st) if m.kind == "play"]
                if plays and (not want_pile or any(m.kind == "pass" for m in legal_moves(st))):
                    return st
            mv = rng.choice(legal_moves(st))
            apply_inplace(st, st.to_move, mv)
    raise AssertionError("no suitable state found")


def _stack(scene, size):
    stack = SceneStack(size)
    stack.push(scene)
    return stack


def _click(stack, pos, size):
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        ev = pygame.event.Event(t, pos=pos, button=1, touch=False)
        for inp in map_event(ev, size):
            stack.handle(inp)


def _tap(stack, pos, size, with_synth_mouse=True):
    """A finger tap as SDL delivers it: FINGERDOWN/UP plus synthesised mouse events."""
    w, h = size
    evs = [pygame.event.Event(pygame.FINGERDOWN, x=pos[0] / w, y=pos[1] / h, finger_id=0, touch_id=1, dx=0, dy=0)]
    if with_synth_mouse:
        evs.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True))
    evs.append(pygame.event.Event(pygame.FINGERUP, x=pos[0] / w, y=pos[1] / h, finger_id=0, touch_id=1, dx=0, dy=0))
    if with_synth_mouse:
        evs.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True))
    for ev in evs:
        for inp in map_event(ev, size):
            stack.handle(inp)


def _visible_point(scene, cid):
    """A point on card ``cid`` not covered by a later card."""
    rects = scene.hand_rects()
    r = rects[cid]
    for y in range(r.top + 3, r.bottom - 2, 4):
        for x in range(r.left + 3, r.right - 2, 3):
            if scene.card_at((x, y)) == cid:
                return (x, y)
    raise AssertionError("card not visible")


def test_map_event_drops_synthesised_mouse_and_scales_fingers():
    size = (360, 640)
    assert map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1, touch=True), size) == []
    assert map_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(1, 0, 0), touch=True), size) == []
    [inp] = map_event(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.25, finger_id=3, touch_id=1, dx=0, dy=0), size)
    assert (inp.kind, inp.pos, inp.source, inp.finger) == (PRESS, (180, 160), "touch", 3)
    [inp] = map_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(7, 9), button=1, touch=False), size)
    assert (inp.kind, inp.pos, inp.source) == (RELEASE, (7, 9), "mouse")
    [inp] = map_event(pygame.event.Event(pygame.VIDEORESIZE, w=500, h=700, size=(500, 700)), size)
    assert inp.kind == RESIZE and inp.size == (500, 700)
    [inp] = map_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=640, y=480), size)
    assert inp.kind == RESIZE and inp.size == (640, 480)


@pytest.mark.parametrize("size", [(360, 640), (1280, 720)])
@pytest.mark.parametrize("device", ["mouse", "touch"])
def test_select_legal_play_then_play(size, device):
    st = _state_on_turn()
    v = view(st, 0)
    sent = []
    scene = TableScene(v, names=["A", "B", "C", "D"], on_move=sent.append)
    stack = _stack(scene, size)
    press = (lambda p: _click(stack, p, size)) if device == "mouse" else (lambda p: _tap(stack, p, size))
    assert scene.my_turn
    assert not scene.play_btn.enabled          # nothing selected
    assert scene.pass_btn.enabled              # a pile is there: passing allowed
    target = next(m for m in legal_moves(st) if m.kind == "play")
    # choose the same faces from the hand (possibly other copies): select by clicking
    for cid in target.cards:
        press(_visible_point(scene, cid))
    assert scene.selected == set(target.cards)      # one tap = one toggle (no double from synth mouse)
    assert scene.play_btn.enabled
    press(scene.play_btn.rect.center)
    assert len(sent) == 1 and scene.outbox == sent
    mv = move_from_wire(sent[0])
    assert mv.kind == "play" and sorted(mv.cards) == sorted(target.cards)
    assert is_legal(st, 0, mv)
    # after sending, buttons wait for the next view
    assert not scene.play_btn.enabled and not scene.pass_btn.enabled


def test_illegal_selection_keeps_play_disabled_and_toggle_off():
    st = _state_on_turn(seed=5)
    scene = TableScene(view(st, 0))
    size = (1280, 720)
    stack = _stack(scene, size)
    t = scene.table
    bad = None
    for c in scene.hand:        # a single card that cannot beat the pile
        if not is_legal(st, 0, move_from_wire({"kind": "play", "cards": [c]})):
            bad = c
            break
    if bad is not None:
        _click(stack, _visible_point(scene, bad), size)
        assert scene.selected == {bad}
        assert not scene.play_btn.enabled
        assert not scene.legal.card_playable(bad) or st.pile.size > 1
        _click(stack, scene.play_btn.rect.center, size)
        assert scene.outbox == []
        scene.last_tap = None           # a second tap well after the first (not a double tap)
        _click(stack, _visible_point(scene, bad), size)     # toggles off
        assert scene.selected == set()
    # pass button sends a pass
    _click(stack, scene.pass_btn.rect.center, size)
    assert scene.outbox == [{"kind": "pass"}]
    assert t is scene.table


def test_not_my_turn_disables_everything():
    st = _state_on_turn()
    other = (st.to_move + 1) % st.n
    scene = TableScene(view(st, other))
    size = (360, 640)
    stack = _stack(scene, size)
    assert not scene.my_turn
    c = scene.hand[0]
    _click(stack, _visible_point(scene, c), size)
    assert not scene.play_btn.enabled and not scene.pass_btn.enabled
    _click(stack, scene.play_btn.rect.center, size)
    assert scene.outbox == []


@pytest.mark.parametrize("rules_id", ["PR-002", "P52", "FOLGEN", "JASS36", "PR-005"])
def test_client_legality_matches_engine(rules_id):
    """For random selections from many positions, the scene's answer equals engine.is_legal."""
    rules = load_rules(rules_id)
    variants = [rules]
    if rules_id == "FOLGEN":
        variants.append(rules.replace(jokers=2, joker_power="wild"))
        variants.append(rules.replace(jokers=1, joker_power="both", revolution=True))
    if rules_id == "JASS36":
        variants.append(rules.replace(joker_card="R6", joker_power="both"))
    checked = 0
    for r in variants:
        rng = random.Random(11)
        st, _ = new_match(r, 4, 9)
        table = Table(r.to_dict())
        for step in range(260):
            if st.phase != "play":
                break
            seat = st.to_move
            v = view(st, seat)
            idx = table.legal_index(v["legal"])
            hand = v["hand"]
            sels = set()
            for m in legal_moves(st):
                if m.kind == "play":
                    sels.add(tuple(sorted(m.cards)))
            for _ in range(25):
                k = rng.randint(1, min(5, len(hand)))
                sels.add(tuple(sorted(rng.sample(hand, k))))
            # same-rank groups (other copies/suits than the canonical ones)
            by_rank = {}
            for c in hand:
                by_rank.setdefault(st.deck[c].rank, []).append(c)
            for cs in by_rank.values():
                for k in range(1, len(cs) + 1):
                    sels.add(tuple(sorted(cs[-k:])))
            for sel in sels:
                want = is_legal(st, seat, move_from_wire({"kind": "play", "cards": list(sel)}))
                assert idx.selection_legal(sel) == want, (r.id, sel, [st.deck[c].code for c in sel], st.pile)
                checked += 1
            # dimming: every card of a legal play is playable; a card in no legal selection is dimmed
            for m in legal_moves(st):
                for c in m.cards:
                    assert idx.card_playable(c)
            mv = rng.choice(legal_moves(st))
            apply_inplace(st, seat, mv)
    assert checked > 500


def test_events_animate_and_update_stops_when_still():
    rules = load_rules("PR-002")
    st, ev = new_match(rules, 4, 2)
    scene = TableScene(view(st, 0), names=list("ABCD"))
    stack = _stack(scene, (1280, 720))
    scene.set_view(view(st, 0), filter_events(ev, 0))      # deal animation
    assert scene.animating() and scene.hidden
    stack.draw(pygame.Surface((1280, 720)))
    for _ in range(200):
        stack.update(1 / 30)
        if not stack.needs_draw():
            break
        stack.draw(pygame.Surface((1280, 720)))
    assert not scene.hidden and not scene.anim.flights
    assert not stack.needs_draw()          # still: the loop may sleep
    # a play by another seat flies to the pile and the pile hides it until it lands
    rng = random.Random(1)
    while st.to_move == 0:
        apply_inplace(st, 0, legal_moves(st)[0])
    seat = st.to_move
    mv = next(m for m in legal_moves(st) if m.kind == "play")
    evs = apply_inplace(st, seat, mv)
    scene.set_view(view(st, 0), filter_events(evs, 0))
    assert scene.anim.flights and scene.pile_hidden == set(mv.cards)
    for _ in range(100):
        stack.update(1 / 30)
    assert not scene.pile_hidden
    assert rng


def test_auto_pass_when_nothing_beats():
    rules = load_rules("PR-002")
    for seed in range(40):
        rng = random.Random(seed)
        st, _ = new_match(rules, 4, seed)
        for _ in range(300):
            if st.phase != "play":
                break
            lm = legal_moves(st)
            if st.to_move == 0 and st.pile is not None and all(m.kind == "pass" for m in lm):
                settings = {"muted": True, "auto_pass": True}
                scene = TableScene(view(st, 0), settings=settings)
                stack = _stack(scene, (360, 640))
                assert scene.outbox == []
                for _ in range(40):
                    stack.update(0.05)
                assert scene.outbox == [{"kind": "pass"}]
                return
            apply_inplace(st, st.to_move, rng.choice(lm))
    pytest.skip("no position without a beating play found")


def test_resize_relayouts():
    st = _state_on_turn()
    scene = TableScene(view(st, 0))
    stack = _stack(scene, (360, 640))
    small = scene.table_layout.card
    ev = pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))
    for inp in map_event(ev, (360, 640)):
        stack.handle(inp)
    assert scene.size == (1920, 1080) and scene.table_layout.w == 1920
    assert scene.table_layout.card[0] > small[0]
    assert all(r.right <= 1920 for r in scene.hand_rects().values())


def test_exchange_give_by_taps():
    from felt.games.praesident.engine import next_round
    rules = load_rules("PR-002")
    rng = random.Random(4)
    st, _ = new_match(rules, 4, 4)
    while st.phase == "play":
        apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
    st, ev = next_round(st)
    assert st.phase == "exchange"
    seat = st.to_move
    size = (360, 640)
    scene = ExchangeScene(view(st, seat), names=list("ABCD"))
    stack = _stack(scene, size)
    task = scene.task()
    assert task and task[0] == "give"
    k = task[3]
    assert not scene.give_btn.enabled
    for c in scene.hand[:k]:
        _tap(stack, _visible_point(scene, c), size)
    assert len(scene.selected) == k and scene.give_btn.enabled
    _tap(stack, scene.give_btn.rect.center, size)
    assert len(scene.outbox) == 1
    mv = move_from_wire(scene.outbox[0])
    assert mv.kind == "give" and is_legal(st, seat, mv)
    # a middle seat sees no task
    others = [s for s in range(4) if not view(st, s)["exchange"]]
    if others:
        sc2 = ExchangeScene(view(st, others[0]))
        _stack(sc2, size)
        assert sc2.task() is None and not sc2.give_btn.visible


def test_exchange_wish_by_taps():
    from felt.games.praesident.engine import next_round
    rules = load_rules("JASS36")
    rng = random.Random(2)
    st, _ = new_match(rules, 4, 2)
    while st.phase == "play":
        apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
    st, _ = next_round(st)
    assert st.phase == "exchange" and st.tasks[0][0] == "wish"
    seat = st.to_move
    size = (430, 932)
    scene = ExchangeScene(view(st, seat))
    stack = _stack(scene, size)
    stack.draw(pygame.Surface(size))          # chips are placed by draw
    assert scene._chips
    rank, rect = scene._chips[-1]
    _tap(stack, rect.center, size)
    assert scene.wish == [rank] and scene.wish_btn.enabled
    _tap(stack, scene.wish_btn.rect.center, size)
    mv = move_from_wire(scene.outbox[0])
    assert mv.kind == "wish" and mv.ranks == (rank,) and is_legal(st, seat, mv)


@pytest.mark.parametrize("size", [(360, 640), (1280, 720)])
def test_spectator_and_round_over_views_draw(size):
    rules = load_rules("FOLGEN").replace(jokers=2, joker_power="both", revolution=True)
    rng = random.Random(8)
    st, _ = new_match(rules, 5, 8)
    scene = TableScene(view(st, None))
    stack = _stack(scene, size)
    assert scene.seat is None and len(scene.table_layout.seats) == 5
    surf = pygame.Surface(size)
    while st.phase == "play":
        seat = st.to_move
        evs = apply_inplace(st, seat, rng.choice(legal_moves(st)))
        scene.set_view(view(st, None), filter_events(evs, None))
        stack.update(0.05)
        stack.draw(surf)
    assert st.phase in ("round_over", "match_over")
    assert not scene.play_btn.enabled and scene.outbox == []
    # a spectator has no hand, so no Play/Pass buttons that could never be pressed
    assert not scene.play_btn.visible and not scene.pass_btn.visible
    # the same round seen by a player: every view of the round draws without error
    mine = TableScene(view(st, 2))
    _stack(mine, size).draw(surf)
    assert mine.play_btn.visible and mine.pass_btn.visible


def test_drag_across_cards_selects_them():
    st = _state_on_turn()
    scene = TableScene(view(st, 0))
    size = (1280, 720)
    stack = _stack(scene, size)
    a, b, c = scene.hand[:3]
    pa, pb, pc = (_visible_point(scene, x) for x in (a, b, c))
    evs = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pa, button=1, touch=False)]
    for p in (pb, pc):
        evs.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 0), buttons=(1, 0, 0), touch=False))
    evs.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pc, button=1, touch=False))
    for ev in evs:
        for inp in map_event(ev, size):
            stack.handle(inp)
    assert scene.selected == {a, b, c}
    # hovering without a pressed button selects nothing more
    d = scene.hand[3]
    for inp in map_event(pygame.event.Event(pygame.MOUSEMOTION, pos=_visible_point(scene, d), rel=(1, 0),
                                            buttons=(0, 0, 0), touch=False), size):
        stack.handle(inp)
    assert d not in scene.selected


def test_turn_timer_counts_down_without_busy_redraw(monkeypatch):
    """The countdown runs against the clock (an idle loop's frames are capped, so frame
    times would run it slow) and redraws once per whole second shown, not every frame."""
    from felt.ui import widgets

    class Clock:
        t = 1000.0

        def monotonic(self):
            return self.t

    clock = Clock()
    monkeypatch.setattr(widgets, "time", clock)       # the shared Countdown reads the clock
    st = _state_on_turn()
    scene = TableScene(view(st, 0))
    stack = _stack(scene, (360, 640))
    scene.my_turn_cue = 0
    scene.set_timer({"seat": 1, "left": 10.0, "total": 20.0})
    stack.draw(pygame.Surface((360, 640)))
    stack.update(0.0)
    stack.draw(pygame.Surface((360, 640)))
    assert not scene.animating()
    clock.t += 0.3                         # 9.7 s left: the "10" shown becomes ... still 10
    stack.update(0.01)                     # frame time is not what counts
    assert scene.timer_left() == pytest.approx(9.7)
    assert not stack.needs_draw()
    clock.t += 0.8                         # 8.9 s left: "9"
    stack.update(0.01)
    assert scene.timer_left() == pytest.approx(8.9)
    assert stack.needs_draw()              # a new second redraws the ring and bar ...
    stack.draw(pygame.Surface((360, 640)))
    clock.t += 0.05
    stack.update(0.05)
    assert not stack.needs_draw()          # ... but not every frame
    clock.t += 20                          # ran out: 0, and it stays quiet afterwards
    stack.update(0.01)
    assert scene.timer_left() == 0.0 and stack.needs_draw()
    stack.draw(pygame.Surface((360, 640)))
    clock.t += 1
    stack.update(0.01)
    assert not stack.needs_draw()


def test_mute_button_and_turn_sound():
    st = _state_on_turn()
    settings = {"muted": False, "auto_pass": False}
    seen = []
    scene = TableScene(view(st, 0), settings=settings, on_settings=lambda s: seen.append(dict(s)))
    size = (360, 640)
    stack = _stack(scene, size)
    assert "turn" in scene.sounds.played          # 'your turn' cue when the view puts us on turn
    assert scene.my_turn_cue > 0 and scene.animating()
    _tap(stack, scene.mute_btn.rect.center, size)
    assert settings["muted"] is True and scene.sounds.muted and seen[-1]["muted"] is True
    settings["muted"] = False                     # flipped from outside (the app's menu)
    stack.update(0.01)
    assert scene.mute_btn.crossed is False


@pytest.mark.parametrize("lang", ["de", "en"])
def test_announcements_about_me_are_in_the_second_person(lang):
    """"du gewinnt den Stich" / "you takes the trick" were built from the name slot."""
    rules = load_rules("PR-002")
    st, _ = new_match(rules, 4, 2)
    i18n.set_lang(lang)
    try:
        scene = TableScene(view(st, 0), names=list("ABCD"))
        _stack(scene, (360, 640))
        scene.set_view(view(st, 0), [{"type": "trick_won", "seat": 0}, {"type": "skip", "seat": 0},
                                     {"type": "trick_won", "seat": 2}])
        toasts = [it[0] for it in scene.toast.items]
        anns = [a.text for a in scene.anim.announcements]
        mine = {"de": ("Du gewinnst den Stich", "Du setzt aus", "C gewinnt den Stich"),
                "en": ("You take the trick", "You are skipped", "C takes the trick")}[lang]
        assert mine[0] in toasts and mine[2] in toasts
        assert mine[1] in anns
    finally:
        i18n.set_lang("de")


def test_exchange_panels_read_naturally():
    from felt.games.praesident.engine import next_round
    rules = load_rules("PR-002")
    rng = random.Random(4)
    st, _ = new_match(rules, 4, 4)
    while st.phase == "play":
        apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
    st, _ = next_round(st)
    names = ["Anna", "Beat", "Carla", "Dominik"]
    for seat in range(4):
        for info in view(st, seat)["exchange"]:
            scene = ExchangeScene(view(st, seat), names=names)
            partner = names[info["partner"]]
            titles = [t for t, _ in scene._info_rows(info)]
            assert f"{partner} gibt dir" in titles and (f"Du gibst {partner}" in titles or info["role"] == "upper")


def test_announcement_fades_as_a_whole():
    """A fading announcement must not leave its gold rim at full strength (it read as an empty box)."""
    from felt.ui import theme
    rules = load_rules("PR-002")
    st, _ = new_match(rules, 4, 2)
    size = (360, 640)
    scene = TableScene(view(st, 0), names=list("ABCD"))
    _stack(scene, size)
    scene.anim.announce("Revolution!")
    a = scene.anim.announcements[0]

    def gold_pixels():
        surf = pygame.Surface(size)
        scene._draw_announcement(surf)
        r = scene.table_layout.fx.clip(surf.get_rect())
        gold = pygame.Color(*theme.GOLD[:3])
        n = 0
        for x in range(r.left, r.right, 2):
            for y in range(r.top, r.bottom, 2):
                c = surf.get_at((x, y))
                if abs(c.r - gold.r) + abs(c.g - gold.g) + abs(c.b - gold.b) < 30:
                    n += 1
        return n
    a.elapsed = 0.5                       # fully shown
    assert a.alpha() == 1.0 and gold_pixels() > 20
    a.elapsed = a.duration - 0.03         # almost gone
    assert a.alpha() < 0.15 and gold_pixels() == 0


@pytest.mark.parametrize("size", [(360, 640), (430, 932), (1280, 720)])
def test_seat_boxes_show_last_rounds_titles_on_phones_too(size, monkeypatch):
    from felt.games.praesident.engine import next_round
    import felt.ui.seat_card as cards              # every table's seat cards
    rules = load_rules("PR-005")
    rng = random.Random(3)
    st, _ = new_match(rules, 5, 3)
    while st.phase == "play":
        apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
    st, _ = next_round(st)
    while st.phase != "play":
        apply_inplace(st, st.to_move, legal_moves(st)[0])
    lp = view(st, 0)["last_places"]
    me = (lp[3] + 1) % 5                         # someone else is the Vize-Tellerwäscher (the longest title)
    v = view(st, me)
    others = [s for s in range(5) if s != me]
    scene = TableScene(v, names=["Anna", "Beat", "Carla", "Dominik", "Eveline"])
    stack = _stack(scene, size)
    drawn = []
    real = cards.draw_text

    def spy(surface, text, rect, px, *a, **kw):
        whole = text.replace("-\n", "-")           # a long title may take two lines, broken after its hyphen
        drawn.append(whole)
        fitted[whole] = widgets.layout_text(text, rect.w, rect.h, px, bold=kw.get("bold", False),
                                            wrap=kw.get("wrap", False), max_lines=kw.get("max_lines", 0),
                                            min_px=kw.get("min_px", 9))
        return real(surface, text, rect, px, *a, **kw)
    from felt.ui import widgets
    fitted: dict = {}
    monkeypatch.setattr(cards, "draw_text", spy)
    stack.draw(pygame.Surface(size))
    titles = [scene._title(v["last_places"].index(seat)) for seat in others]
    assert "Vize-Tellerwäscher" in titles
    for seat, title in zip(others, titles):
        assert title in drawn, (seat, title)
        size_px, lines = fitted[title]
        assert "".join(lines) == title, (title, lines)       # whole, never cut with "…"
        assert size_px >= 11, (title, size_px)                # and big enough to read on a phone


def test_exchange_waiting_line_names_who_we_wait_for(monkeypatch):
    from felt.games.praesident.engine import next_round
    import felt.games.praesident.exchange_scene as es
    rules = load_rules("PR-002")
    rng = random.Random(4)
    st, _ = new_match(rules, 4, 4)
    while st.phase == "play":
        apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
    st, _ = next_round(st)
    names = ["Anna", "Beat", "Carla", "Dominik"]
    waiting = next(s for s in range(4) if s != st.to_move)
    scene = ExchangeScene(view(st, waiting), names=names)
    stack = _stack(scene, (360, 640))
    drawn = []
    import felt.ui.game_table as gt                 # the hint line is every table's
    for module in (es, gt):
        real = module.draw_text
        monkeypatch.setattr(module, "draw_text", lambda surf, text, *a, real=real, **kw:
                            (drawn.append(text), real(surf, text, *a, **kw)))
    stack.draw(pygame.Surface((360, 640)))
    assert scene.task() is None
    assert f"Warte auf {names[st.to_move]} …" in drawn, drawn


def test_lower_place_sees_its_own_wish(monkeypatch):
    from felt.games.praesident.engine import next_round
    import felt.games.praesident.exchange_scene as es
    rules = load_rules("JASS36")
    rng = random.Random(2)
    st, _ = new_match(rules, 4, 2)
    while st.phase == "play":
        apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
    st, _ = next_round(st)
    seat = st.to_move
    assert st.tasks[0][0] == "wish"
    mv = next(m for m in legal_moves(st) if m.kind == "wish" and m.ranks)
    apply_inplace(st, seat, mv)
    scene = ExchangeScene(view(st, seat), names=["Anna", "Beat", "Carla", "Dominik"])
    stack = _stack(scene, (360, 640))
    drawn = []
    real = es.draw_text
    monkeypatch.setattr(es, "draw_text", lambda surf, text, *a, **kw: (drawn.append(text), real(surf, text, *a, **kw)))
    stack.draw(pygame.Surface((360, 640)))
    want = "Dein Wunsch: " + ", ".join(i18n.rank_name(r) for r in mv.ranks)
    assert want in drawn, drawn


def test_long_name_keeps_ist_dran_on_a_phone(monkeypatch):
    import felt.ui.game_table as header            # every table's top bar says whose turn it is
    from felt.ui import widgets
    names = ["Anna", "Hans-Peter von Allmen", "Carla", "Dominik", "Eveline"]
    st, _ = new_match(load_rules("PR-002"), 5, 3)
    rng = random.Random(1)
    while st.to_move != 1 or st.moves_made < 3:
        apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
    scene = TableScene(view(st, 0), names=names)
    stack = _stack(scene, (360, 640))
    drawn = []
    real = header.draw_text

    def spy(surface, text, rect, px, *a, **kw):
        drawn.append((text, rect, px, kw.get("bold", False)))
        return real(surface, text, rect, px, *a, **kw)
    monkeypatch.setattr(header, "draw_text", spy)
    stack.draw(pygame.Surface((360, 640)))
    status = [d for d in drawn if d[0].endswith("ist dran")]
    assert status, [d[0] for d in drawn]
    text, rect, px, bold = status[0]
    size, lines = widgets.layout_text(text, rect.w, rect.h, px, bold=bold, min_px=11)
    assert lines == (text,), "not cut off"
    assert size >= px * 0.6


def test_results_names_stay_readable_with_eight_players(monkeypatch):
    from felt.games.praesident.engine import next_round
    import felt.games.praesident.results_scene as rs
    from felt.ui import widgets
    names = ["Anna", "Hans-Peter von Allmen", "Carla", "Dominik", "Eveline", "Fritz", "Gabi", "Heinrich"]
    st, _ = new_match(load_rules("PR-002"), 8, 3, rounds=2)
    rng = random.Random(1)
    while True:
        while st.phase not in ("round_over", "match_over"):
            apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
        if st.phase == "match_over":
            break
        st, _ = next_round(st)
    drawn = []
    real = rs.draw_text

    def spy(surface, text, rect, px, *a, **kw):
        drawn.append((text, rect, px, kw))
        return real(surface, text, rect, px, *a, **kw)
    monkeypatch.setattr(rs, "draw_text", spy)
    sc = rs.ResultsScene(view(st, 0), names=names)
    sc.set_round_controls(None, lambda: 0, lambda: 0)
    _stack(sc, (360, 640)).draw(pygame.Surface((360, 640)))
    long = [d for d in drawn if "Hans-Peter" in d[0]]
    assert long
    for text, rect, px, kw in long:
        size, _ = widgets.layout_text(text, rect.w, rect.h, px, bold=kw.get("bold", False),
                                      min_px=kw.get("min_px", 10))
        assert size >= 12, (text, size)


@pytest.mark.parametrize("over", [False, True])
def test_results_list_every_player_in_the_smallest_window(over, monkeypatch):
    from felt.games.praesident.engine import next_round
    import felt.games.praesident.results_scene as rs
    names = ["Anna", "Beat", "Carla", "Dominik", "Eveline", "Fritz", "Gabi", "Heinrich"]
    st, _ = new_match(load_rules("PR-002"), 8, 3, rounds=2)
    rng = random.Random(1)
    while True:
        while st.phase not in ("round_over", "match_over"):
            apply_inplace(st, st.to_move, rng.choice(legal_moves(st)))
        if st.phase == "match_over" or not over:
            break
        st, _ = next_round(st)
    drawn = []
    real = rs.draw_text
    monkeypatch.setattr(rs, "draw_text", lambda surf, text, *a, **kw: (drawn.append(text), real(surf, text, *a, **kw)))
    sc = rs.ResultsScene(view(st, 0), names=names)
    sc.set_round_controls(lambda: 0, lambda: 0, lambda: 0)
    _stack(sc, (320, 480)).draw(pygame.Surface((320, 480)))
    for nm in names:
        if over:    # the standings table lists every player ("1. Carla", "2. Heinrich", ...)
            assert any(t.startswith(f"{i}. ") and nm in t for t in drawn for i in range(1, 9)), (nm, drawn)
        else:       # the round's places list every player with their title
            assert any(nm in t for t in drawn), (nm, drawn)


@pytest.mark.parametrize("mine", [False, True])
def test_revolution_hint_stays_readable_on_a_phone(mine, monkeypatch):
    import felt.ui.game_table as ts                 # every table's hint line
    from felt.ui import widgets
    st = _state_on_turn("PR-002", n=4, seed=5, seat=0)
    if not mine:
        apply_inplace(st, 0, next(m for m in legal_moves(st) if m.kind == "play"))
    v = dict(view(st, 0))
    v["revolution"] = True
    scene = TableScene(v, names=["Anna", "Beat", "Carla", "Dominik"])
    stack = _stack(scene, (360, 640))
    assert scene.my_turn == mine
    drawn = []
    real = ts.draw_text

    def spy(surface, text, rect, px, *a, **kw):
        drawn.append((text, rect, px, kw))
        return real(surface, text, rect, px, *a, **kw)
    monkeypatch.setattr(ts, "draw_text", spy)
    stack.draw(pygame.Surface((360, 640)))
    hint = [d for d in drawn if d[1] == scene.table_layout.hint]
    assert hint and "Revolution" in hint[0][0]
    text, rect, px, kw = hint[0]
    size, lines = widgets.layout_text(text, rect.w, rect.h, px, bold=kw.get("bold", False), min_px=9)
    assert size >= int(px * 0.8) and not lines[0].endswith("…"), (text, size, px)

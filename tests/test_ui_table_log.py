"""The play log and chat bubbles at the Mau-Mau and Schwimmen tables: a scripted
round played through the engines, fed to the scene view by view as the window gets it
(events filtered for the seat), lists every event in order with names; the panel docks on
laptops and is a drawer on phones; chat shows as a bubble at the sender's seat; keyboard
focus never stays on a dimmed card; Mau-Mau's round result leaves the side seats readable."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt import games  # noqa: E402
from felt.games.maumau import scene as MS  # noqa: E402
from felt.games.maumau import snapshots as MMS  # noqa: E402
from felt.games.maumau.log import card_name as mm_card_name  # noqa: E402
from felt.games.schwimmen import snapshots as SS  # noqa: E402
from felt.games.schwimmen.log import card_name as sw_card_name  # noqa: E402
from felt.games.schwimmen.scene import SchwimmenScene  # noqa: E402
from felt.ui import i18n  # noqa: E402
from felt.ui.scene import KEY, PRESS, RELEASE, Input  # noqa: E402

MM = games.get("maumau")
SW = games.get("schwimmen")
PHONE, LAPTOP = (390, 844), (1280, 720)
NAMES = ["Anna", "Beat", "Carla", "Dominik"]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    i18n.set_lang("de")
    yield


def tap(sc, pos):
    sc.handle(Input(PRESS, pos=pos))
    sc.handle(Input(RELEASE, pos=pos))


# ------------------------------------------------------------------------ Mau-Mau
def mm_round(seed, forget_seat=1):
    """A whole MM-STD round by bots, seat ``forget_seat`` leaving out its due Mau calls;
    returns the steps for seat 0 and every event of the round (unfiltered)."""
    s, ev = MM.new_match(MM.template("MM-STD"), 4, seed, rounds=3)
    steps = [(MM.view(s, 0), MM.filter_events(ev, 0))]
    every = list(ev)
    bots = [MM.make_bot("normal", seed=i) for i in range(4)]
    while s.phase in ("play", "drawn"):
        who = s.to_move
        m = bots[who].choose(MM.view(s, who))
        if who == forget_seat and getattr(m, "call", ""):
            m = m._replace(call="")
        ev = MM.apply_inplace(s, who, m)
        every += ev
        steps.append((MM.view(s, 0), MM.filter_events(ev, 0)))
    return steps, every


def _mm_round_with_everything():
    for seed in range(40):
        steps, every = mm_round(f"log:{seed}")
        kinds = {e["type"] for e in every}
        wished = any(e["type"] == "play" and e.get("suit") for e in every)
        seven = any(e["type"] == "draw" and e.get("reason") == "seven" for e in every)
        if {"skip", "forgot_mau", "out", "round_over"} <= kinds and wished and seven:
            return steps, every
    raise AssertionError("no seeded round with a wish, a seven, a skip and a forgotten Mau")


def _expected_mm(every, sc):
    """What each event must say, in order: (kind, words the line must contain)."""
    ctx = sc.log_context()
    nm = lambda seat: "Du" if seat == 0 else NAMES[seat]  # noqa: E731
    out = []
    for e in every:
        t = e["type"]
        if t == "play":
            words = [nm(e["seat"]), mm_card_name(e["card"], ctx)]
            if e.get("call"):
                words.append("Mau")
            out.append(words)
        elif t == "wish" and out and e.get("suit"):
            out[-1].append(i18n.t("mm.suit." + e["suit"]) if i18n.has("mm.suit." + e["suit"]) else "")
        elif t == "draw":
            out.append([nm(e["seat"]), str(e["count"])] + (["Sieben"] if e.get("reason") == "seven" else []))
        elif t == "skip":
            out.append([nm(e["seat"]), "aus"])
        elif t == "reverse":
            out.append(["Richtungswechsel"])
        elif t == "forgot_mau":
            out.append([nm(e["seat"]), "vergessen", f"+{e['penalty']}"])
        elif t == "out":
            out.append([nm(e["seat"]), f"{e['place'] + 1}. Platz"])
        elif t == "round_over":
            out.append(["Runde ist vorbei"])
    return [[w for w in ws if w] for ws in out]


def test_maumau_log_lists_every_event_of_a_scripted_round_in_order():
    steps, every = _mm_round_with_everything()
    sc = MS.MauMauScene(names=NAMES)
    sc.set_size(*LAPTOP)
    for view, events in steps:
        sc.set_view(view, events)
    lines = sc.log.lines(sc.log_context())
    expected = _expected_mm(every, sc)
    # every expected line appears, in order, with its words (the log may say more: the deal)
    i = 0
    for words in expected:
        while i < len(lines) and not all(w in lines[i] for w in words):
            i += 1
        assert i < len(lines), f"missing in order: {words}\n" + "\n".join(lines)
        i += 1
    assert lines[0].startswith("Runde 1")
    # my own lines speak to me, the others name the player
    assert any(ln.startswith("Du legst ") for ln in lines)
    assert any(ln.startswith("Beat hat „Mau") for ln in lines)
    assert not any("Du legt" in ln or "Du zieht" in ln for ln in lines)


def test_maumau_log_lines_follow_the_language():
    steps, _ = mm_round("log:3")
    sc = MS.MauMauScene(names=NAMES)
    sc.set_size(*LAPTOP)
    for view, events in steps[:12]:
        sc.set_view(view, events)
    de = sc.log.lines(sc.log_context())
    i18n.set_lang("en")
    try:
        en = sc.log.lines(sc.log_context())
    finally:
        i18n.set_lang("de")
    assert len(de) == len(en) and de != en
    assert any(ln.startswith("You play ") or ln.startswith("You draw ") for ln in en)


# ------------------------------------------------------------------------ Schwimmen
def _expected_sw(every, sc):
    ctx = sc.log_context()
    nm = lambda seat: "Du" if seat == 0 else SS.NAMES[seat]  # noqa: E731
    out = []
    for e in every:
        t = e["type"]
        if t == "swap":
            out.append([nm(e["seat"]), sw_card_name(e["take"], ctx), sw_card_name(e["give"], ctx)])
        elif t == "swap_all":
            out.append([nm(e["seat"]), "alle drei"])
        elif t == "pass":
            out.append([nm(e["seat"]), "schieb"])
        elif t == "knock":
            out.append([nm(e["seat"]), "klopf"])
        elif t == "showdown":
            out.append(["Aufdecken"] + ([nm(e["by"]), "31"] if e["reason"] == "31" else [])
                       + (["Feuer"] if e["reason"] == "feuer" else []))
            for k in sorted(e["losers"], key=int):
                out.append([nm(int(k)), "verl", "Leben"])
        elif t == "round_over":
            out.append(["Runde ist vorbei"])
    return out


def test_schwimmen_log_lists_every_event_of_a_scripted_round_in_order():
    found = None
    for seed in range(40):
        steps = SS.log_steps(seed=seed, rounds=1)
        every = [e for _v, evs in steps for e in evs]
        kinds = {e["type"] for e in every}
        if {"swap", "pass", "knock", "showdown"} <= kinds:
            found = steps, every
            break
    assert found, "no seeded round with a swap, a pass and a knock"
    steps, every = found
    sc = SchwimmenScene(names=SS.NAMES[:4])
    sc.layout(*LAPTOP)
    for view, events in steps:
        sc.set_view(view, events)
    lines = sc.log.lines(sc.log_context())
    expected = _expected_sw(every, sc)
    assert len(expected) >= 6
    i = 0
    for words in expected:
        while i < len(lines) and not all(w in lines[i] for w in words):
            i += 1
        assert i < len(lines), f"missing in order: {words}\n" + "\n".join(lines)
        i += 1
    # the card taken from the middle is named
    swap = next(e for e in every if e["type"] == "swap")
    assert any(sw_card_name(swap["take"], sc.log_context()) in ln and "nimm" in ln for ln in lines)


def test_schwimmen_log_names_feuer_and_lives_lost():
    from felt.games.schwimmen.log import build, text
    from felt.ui.playlog import LogContext
    ctx = LogContext(names=["Anna", "Ben", "Carla"], me=0)
    entries = build([{"type": "showdown", "reason": "feuer", "by": 2, "losers": {"0": 2, "1": 2},
                      "newly_swimming": [1], "newly_out": []}], ctx)
    lines = [text(e, ctx) for e in entries]
    assert lines == ["Aufdecken: Feuer! Carla hat drei Asse", "Du verlierst 2 Leben", "Ben verliert 2 Leben",
                     "Ben schwimmt"]


def test_schwimmen_log_says_a_match_ended_before_any_round_has_no_winner():
    from felt.games.schwimmen.log import build, text
    from felt.ui.playlog import LogContext
    ctx = LogContext(names=["Anna", "Ben", "Carla"], me=0)
    state, _ = SW.new_match(SW.template(SW.template_ids()[0]), 3, 4, None)
    _, events = SW.end_match(state)
    assert [text(e, ctx) for e in build(events, ctx)] == [i18n.t("res.ended_early")]
    won = build([{"type": "match_over", "winner": 1, "lost": [1, 0, 2]}], ctx)
    assert [text(e, ctx) for e in won] == ["Ben gewinnt die Partie"]


# ------------------------------------------------------------------------ panels
def _panel_cases():
    mm_steps = MMS.log_steps(moves=12)
    sw_steps = SS.log_steps(rounds=1)
    return [("maumau", lambda size: MMS.log_scene(size, mm_steps)),
            ("schwimmen", lambda size: SS.log_scene(size, sw_steps))]


@pytest.mark.parametrize("case", range(2))
def test_log_panel_docks_on_laptops_and_is_a_drawer_on_phones(case):
    _name, make = _panel_cases()[case]
    # laptop: docked at the right, the table beside it; the button folds it away
    sc = make(LAPTOP)
    assert sc.log_visible() and sc.log_rect() is not None
    r = sc.log_rect()
    assert r.right <= LAPTOP[0] and r.left > LAPTOP[0] // 2 and r.h > LAPTOP[1] // 2
    surf = pygame.Surface(LAPTOP)
    sc.draw(surf)
    inside = surf.get_at((r.centerx, r.bottom - 6))
    sc.toggle_log()
    assert not sc.log_visible() and sc.log_rect() is None
    surf2 = pygame.Surface(LAPTOP)
    sc.draw(surf2)
    assert surf2.get_at((r.centerx, r.bottom - 6)) != inside      # the felt is back
    sc.toggle_log()
    assert sc.log_visible()
    # phone: folded by default; the log button opens the drawer, a tap anywhere closes it
    ph = make(PHONE)
    assert ph.log_visible() and ph.drawer_open()          # log_scene opened it
    ph.toggle_log()
    assert not ph.log_visible()
    closed = pygame.Surface(PHONE)
    ph.draw(closed)
    tap(ph, ph.log_btn.rect.center)
    assert ph.drawer_open()
    opened = pygame.Surface(PHONE)
    ph.draw(opened)
    d = ph.drawer_rect()
    assert d.w > PHONE[0] * 0.9 and d.h > PHONE[1] // 3
    assert pygame.image.tobytes(opened, "RGB") != pygame.image.tobytes(closed, "RGB")
    tap(ph, (PHONE[0] // 2, PHONE[1] // 2))
    assert not ph.drawer_open()
    ph.handle(Input(KEY, key=pygame.K_l))
    assert ph.drawer_open()


@pytest.mark.parametrize("size", [PHONE, LAPTOP])
def test_chat_bubble_at_the_senders_seat(size):
    for sc in (MMS.log_scene(size, MMS.log_steps(moves=4)), SS.log_scene(size, SS.log_steps(rounds=1))):
        if sc.drawer_open():
            sc.toggle_log()
        seat_r = sc.seat_rect(2)
        assert seat_r is not None
        before = pygame.Surface(size)
        sc.draw(before)
        sc.show_chat(2, NAMES[2], "Gut gespielt!")
        assert sc.animating()
        after = pygame.Surface(size)
        sc.draw(after)
        # something changed right next to Carla's box (above or below it)
        near = seat_r.inflate(40, 140).clip(after.get_rect())
        assert pygame.image.tobytes(after.subsurface(near), "RGB") != \
            pygame.image.tobytes(before.subsurface(near), "RGB")
        sc.update(10.0)
        assert not sc.bubbles


def test_scenes_take_the_windows_log_and_chat():
    from felt.ui.playlog import PlayLog
    for cls, gid in ((MS.MauMauScene, "maumau"), (SchwimmenScene, "schwimmen")):
        log = PlayLog(gid)
        calls = []
        sc = cls(names=NAMES, log=log, on_chat=lambda: calls.append(1))
        assert sc.log is log and not sc.own_log
        sc.layout(*LAPTOP)
        tap(sc, sc.chat_btn.rect.center)
        assert calls == [1]


# ------------------------------------------------------------------------ small fixes
def test_maumau_focus_never_stays_on_a_dimmed_card():
    s, _ = MM.new_match(MM.template("MM-STD"), 4, "focus:1", rounds=3)
    bots = [MM.make_bot("normal", seed=i) for i in range(4)]
    sc = MS.MauMauScene(names=NAMES)
    sc.set_size(*LAPTOP)
    checked = 0
    for _ in range(300):
        if s.phase not in ("play", "drawn"):
            break
        who = s.to_move
        if who == 0:
            sc.set_view(MM.view(s, 0), ())
            if sc.playable and sc.hand:
                # I focus a card with the keys and play: the focus moves on to a lit card or none
                sc.handle(Input(KEY, key=pygame.K_RIGHT))
                assert sc.focus >= 0
        ev = MM.apply_inplace(s, who, bots[who].choose(MM.view(s, who)))
        sc.set_view(MM.view(s, 0), MM.filter_events(ev, 0))
        if sc.focus >= 0:
            assert sc.my_turn and sc._lit(sc.hand[sc.focus])
        checked += 1
    assert checked > 10


def test_maumau_result_on_a_phone_leaves_the_side_seats_readable():
    view, events = MMS.demo_views()["result"]
    sc = MS.MauMauScene(names=MMS.DEMO_NAMES[:view["n"]])
    sc.set_round_controls(lambda: None, lambda: None, lambda: None)
    sc.set_size(*PHONE)
    sc.set_view(view, events)
    surf = pygame.Surface(PHONE)
    sc.draw(surf)
    seats = [r for r in (sc.seat_rect(s) for s in range(view["n"])) if r is not None]
    assert len(seats) == view["n"] - 1
    panel = sc.result_rect
    assert panel.h > 150
    for r in seats:
        assert not panel.colliderect(r), (panel, r)
    # and the round bar's button stays below the panel
    assert not panel.colliderect(sc.round_controls.rects()["next_round"])


def test_round_bar_stays_under_the_open_drawer_on_phones():
    view, events = MMS.demo_views()["result"]
    sc = MS.MauMauScene(names=MMS.DEMO_NAMES[:view["n"]])
    sent = []
    sc.set_round_controls(lambda: sent.append("next"), lambda: None, lambda: None)
    sc.set_size(*PHONE)
    sc.set_view(view, events)
    btn = sc.round_controls.rects()["next_round"]
    sc.toggle_log()
    assert sc.drawer_open()
    tap(sc, btn.center)                      # closes the drawer, does not start the next round
    assert not sent and not sc.drawer_open()
    tap(sc, btn.center)
    assert sent == ["next"]

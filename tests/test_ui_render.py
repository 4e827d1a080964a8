"""Fonts, texts and card art: every glyph exists, both languages are complete, every card
of every template deck renders."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt.cards import build_deck  # noqa: E402
from felt.games.praesident.rules import list_templates  # noqa: E402
from felt.ui import cardart, fonts, i18n  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
    i18n.set_lang("de")


def test_font_is_dejavu_and_has_suit_glyphs():
    assert fonts.REGULAR.name == "DejaVuSans.ttf" and fonts.REGULAR.exists()
    assert (fonts.FONT_DIR / "LICENSE-DejaVu.txt").exists()
    for bold in (False, True):
        assert fonts.missing_glyphs("♠♥♦♣★…‹›☰♪▶·–→↔äöüÄÖÜß€", bold) == []
    # a control: a character DejaVu lacks is reported missing (the check can fail)
    assert fonts.missing_glyphs("\U0001F0A1") == ["\U0001F0A1"]


def test_every_text_in_both_languages_renders_without_missing_glyphs():
    for key, (de, en) in i18n.TEXTS.items():
        assert de and en, key
        for text in (de, en):
            assert fonts.missing_glyphs(text) == [], (key, text)
            assert fonts.missing_glyphs(text, bold=True) == [], (key, text)


def test_texts_format_with_their_placeholders():
    import string
    for key, (de, en) in i18n.TEXTS.items():
        fields_de = {f for _, f, _, _ in string.Formatter().parse(de) if f}
        fields_en = {f for _, f, _, _ in string.Formatter().parse(en) if f}
        assert fields_de == fields_en, key
        kw = {f: "X" for f in fields_de}
        for lang in ("de", "en"):
            i18n.set_lang(lang)
            assert "{" not in i18n.t(key, **kw)
    i18n.set_lang("de")


def test_language_switch_and_rank_labels():
    i18n.set_lang("de")
    assert i18n.t("table.play") == "Legen"
    assert [i18n.rank_label(r) for r in ("J", "Q", "K", "A", "U", "O")] == ["B", "D", "K", "A", "U", "O"]
    i18n.set_lang("en")
    assert i18n.t("table.play") == "Play"
    assert [i18n.rank_label(r) for r in ("J", "Q", "K", "A")] == ["J", "Q", "K", "A"]
    i18n.set_lang("xx")
    assert i18n.get_lang() == "de"


def _decks():
    for rules in list_templates():
        yield rules.id, build_deck(rules)
        if rules.suits == "jass":
            yield rules.id + "+R6", build_deck(rules.replace(joker_card="R6"))
        else:
            yield rules.id + "+2J", build_deck(rules.replace(jokers=2))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_card_of_every_template_renders(lang):
    i18n.set_lang(lang)
    try:
        for rid, deck in _decks():
            assert fonts.missing_glyphs(cardart.glyphs_needed(deck)) == [], rid
            assert fonts.missing_glyphs(cardart.glyphs_needed(deck), bold=True) == [], rid
            for size in ((52, 73), (90, 126)):
                for card in deck:
                    img = cardart.card_surface(card, size)
                    assert img.get_size() == size
                    # the card has ink besides the white face: the corner index is there
                    corner = img.subsurface(pygame.Rect(2, 2, size[0] // 3, size[1] // 4))
                    dark = sum(1 for x in range(corner.get_width()) for y in range(corner.get_height())
                               if sum(corner.get_at((x, y))[:3]) < 500)
                    assert dark > 8, (rid, card.code, size)
    finally:
        i18n.set_lang("de")


def test_suit_symbols_differ_and_have_ink():
    imgs = {}
    for suit in "CSHDRBTEX":
        img = cardart.suit_symbol(suit, 24)
        r = img.get_bounding_rect()
        assert r.w >= 8 and r.h >= 8, suit
        imgs[suit] = pygame.image.tostring(pygame.transform.scale(img, (24, 24)), "RGBA")
    assert len(set(imgs.values())) == len(imgs)


def test_card_art_is_cached_and_dim_variant_is_darker():
    deck = build_deck(list_templates()[0])
    a = cardart.card_surface(deck[0], (60, 84))
    assert cardart.card_surface(deck[0], (60, 84)) is a
    d = cardart.card_surface(deck[0], (60, 84), dim=True)
    pa, pd = a.get_at((30, 80)), d.get_at((30, 80))
    assert sum(pd[:3]) < sum(pa[:3])
    assert cardart.back_surface((60, 84)).get_size() == (60, 84)


def test_sound_files_and_licence_exist():
    from felt.ui import sound
    for name in sound.NAMES:
        assert (sound.SOUND_DIR / f"{name}.wav").stat().st_size > 500
    assert (sound.SOUND_DIR / "LICENSE-sounds.txt").exists()
    s = sound.Sounds(muted=True)
    s.play("turn")
    assert s.played == ["turn"]


def test_input_mapping_ignores_events_missing_attributes():
    from felt.ui import scene

    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20))  # no 'buttons'
    inputs = scene.map_event(motion, (360, 640))
    assert [(i.kind, i.pos, i.buttons) for i in inputs] == [(scene.MOTION, (10, 20), (0, 0, 0))]
    assert scene.map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN), (360, 640)) == []
    assert scene.map_event(pygame.event.Event(pygame.FINGERDOWN, x="?", y=0.5), (360, 640)) == []
    full = pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 2), rel=(0, 0), buttons=(1, 0, 0))
    assert scene.map_event(full, (360, 640))[0].buttons == (1, 0, 0)


def test_toast_shows_a_repeated_message_once():
    from felt.ui.widgets import Toast
    t = Toast(max_items=3)
    t.show("Bot 2 gewinnt den Stich", 1.4)
    t.update(1.0)
    t.show("Bot 2 gewinnt den Stich", 1.4)
    assert [it[0] for it in t.items] == ["Bot 2 gewinnt den Stich"]
    t.update(1.0)
    assert t.active, "the repeat keeps it on screen"
    t.show("Bot 3 gewinnt den Stich", 1.4)
    assert len(t.items) == 2

"""What a phone's page receives of the picture (felt/ui/phone_frames.py): only what changed,
half size while it moves, sharp again once still, repeats from the page's kept regions, and
always, once still, exactly the renderer's picture (lossless encoding here, to compare)."""
from __future__ import annotations

import os
import random
import sys

import pygame
import pytest

from felt.ui import phone_frames as pf
from felt.ui.phone_frames import ENC_HALF, ENC_KEPT, ENC_SHARP, FrameStreamer, PagePicture, parse_frame

W, H = 390, 300


def _scene(seed: int = 1) -> pygame.Surface:
    s = pygame.Surface((W, H))
    rng = random.Random(seed)
    for y in range(0, H, 10):
        for x in range(0, W, 10):
            s.fill((rng.randrange(30, 60), rng.randrange(90, 130), rng.randrange(40, 70)), (x, y, 10, 10))
    return s


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def _send(stream: FrameStreamer, page: PagePicture, surf, moving=False, now=0.0):
    msg = stream.frame(surf, moving, now)
    if msg is None:
        return None
    page.apply(msg)
    return parse_frame(msg)


def test_first_frame_whole_then_only_the_change_and_nothing_when_still():
    stream, page = FrameStreamer("png"), PagePicture()
    surf = _scene()
    head, regions = _send(stream, page, surf)
    assert head["key"] and [r for r, *_ in regions] == [pygame.Rect(0, 0, W, H)]
    assert _same(page.surface, surf)
    assert stream.frame(surf) is None
    surf.fill((200, 10, 10), (100, 100, 20, 10))
    head, regions = _send(stream, page, surf)
    assert not head["key"] and len(regions) == 1
    r = regions[0][0]
    assert r.contains(pygame.Rect(100, 100, 20, 10)) and r.w * r.h <= 64 * 64
    assert r.x % pf.ALIGN == 0 and r.y % pf.ALIGN == 0
    assert _same(page.surface, surf)


def test_two_distant_changes_go_as_two_regions():
    stream, page = FrameStreamer("png"), PagePicture()
    surf = _scene()
    _send(stream, page, surf)
    surf.fill((255, 255, 0), (10, 10, 8, 8))
    surf.fill((255, 255, 0), (350, 250, 8, 8))
    _, regions = _send(stream, page, surf)
    assert len(regions) == 2 and sum(r.w * r.h for r, *_ in regions) <= 2 * 64 * 64
    assert _same(page.surface, surf)


@pytest.mark.parametrize("seed", range(5))
def test_a_card_flying_goes_half_size_then_the_page_is_exact_again(seed):
    rng = random.Random(seed)
    stream, page = FrameStreamer("png"), PagePicture()
    base = _scene(seed)
    _send(stream, page, base)
    x0, y0 = rng.randrange(0, 100), rng.randrange(0, 100)
    x1, y1 = rng.randrange(200, 320), rng.randrange(150, 200)
    encs = []
    t = 0.0
    for i in range(9):
        surf = base.copy()
        f = i / 8
        surf.fill((250, 250, 240), (int(x0 + (x1 - x0) * f), int(y0 + (y1 - y0) * f), 50, 70))
        t += 0.1
        got = _send(stream, page, surf, moving=True, now=t)
        if got:
            encs += [e for _, e, _, _ in got[1]]
    assert ENC_HALF in encs and stream.unsent
    # still: the card lies where it landed; the felt it flew over comes back from the sharp copy
    _, regions = _send(stream, page, surf, moving=False, now=t + 1)
    kinds = [e for _, e, _, _ in regions]
    assert ENC_SHARP in kinds and ENC_HALF not in kinds
    assert not stream.unsent
    assert _same(page.surface, surf) and _same(page.sharp, surf)


def test_a_change_in_place_waits_while_the_picture_moves():
    stream, page = FrameStreamer("png"), PagePicture()
    surf = _scene()
    _send(stream, page, surf)
    sent = 0
    for i in range(10):                      # a glow pulsing at 20 steps a second, for half a second
        surf.fill((i * 20, 200, 60), (96, 96, 40, 40))
        if _send(stream, page, surf, moving=True, now=i * 0.05):
            sent += 1
    assert 1 <= sent <= 2, sent
    assert stream.unsent, "the last step waits: the renderer must send it even if nothing more is drawn"
    _send(stream, page, surf, moving=False, now=0.5)
    assert _same(page.surface, surf) and not stream.unsent


def test_a_picture_that_comes_back_is_sent_from_the_kept_regions():
    stream, page = FrameStreamer("png"), PagePicture()
    surf = _scene()
    _send(stream, page, surf)
    a, b = surf.copy(), surf.copy()
    a.fill((255, 0, 0), (64, 64, 30, 30))
    b.fill((0, 0, 255), (64, 64, 30, 30))
    sizes = []
    for i, s in enumerate((a, b, a, b, a)):
        msg = stream.frame(s, False, i * 1.0)
        page.apply(msg)
        sizes.append(len(msg))
        assert _same(page.surface, s)
    assert stream.kept_hits >= 2
    assert sizes[2] < sizes[0] // 4 and sizes[3] < sizes[1] // 4


def test_a_reset_sends_a_whole_picture_and_forgets_kept_regions():
    stream, page = FrameStreamer("png"), PagePicture()
    surf = _scene()
    _send(stream, page, surf)
    surf.fill((255, 0, 0), (64, 64, 30, 30))
    _send(stream, page, surf)
    stream.reset()
    fresh = PagePicture()                    # a reconnected page has nothing
    head, regions = _send(stream, fresh, surf)
    assert head["key"] and all(e not in (ENC_KEPT, ENC_SHARP) for _, e, _, _ in regions)
    assert _same(fresh.surface, surf)


@pytest.mark.parametrize("encoding", ["png", "deflate", "auto"])
def test_lossless_encodings_give_the_exact_pixels_over_an_old_picture(encoding):
    """A region replaces what the page had there, whatever its encoding (a small region in
    'auto' goes as deflate: opaque pixels, not blended with the old picture)."""
    stream, page = FrameStreamer(encoding), PagePicture()
    surf = _scene(3)
    _send(stream, page, surf)
    boxes = ((40, 40, 20, 12), (0, 0, 8, 8)) if encoding == "auto" else ((40, 40, 20, 12), (200, 100, 90, 70))
    for i, box in enumerate(boxes):
        surf.fill((30 * i, 250, 250 - 40 * i), box)
        _send(stream, page, surf)
        if encoding == "auto":        # the whole first picture went as JPEG; the small change as deflate
            assert _same(page.surface.subsurface(box), surf.subsurface(box)), (encoding, i)
        else:
            assert _same(page.surface, surf), (encoding, i)


def test_jpeg_is_close():
    stream, page = FrameStreamer("jpeg"), PagePicture()
    surf = _scene(4)
    _send(stream, page, surf)
    surf.fill((240, 240, 230), (100, 60, 120, 160))
    _send(stream, page, surf)
    a, b = pygame.image.tobytes(page.surface, "RGB"), pygame.image.tobytes(surf, "RGB")
    assert sum(abs(x - y) for x, y in zip(a, b)) / len(a) < 4


def _private_kb() -> int:
    """This process's private memory (USS), from /proc/self/smaps_rollup."""
    kb = 0
    with open("/proc/self/smaps_rollup") as f:
        for line in f:
            if line.startswith(("Private_Clean:", "Private_Dirty:")):
                kb += int(line.split()[1])
    return kb


def test_an_encoded_region_does_not_outlive_its_send():
    """pygame 2.6 never closes the stream it wraps around a file object, so a region saved
    into a BytesIO stayed alive with all its bytes (megabytes a round): nothing of an
    encoding may be left once its bytes are returned."""
    import gc
    import io
    surf = _scene(5)
    sub = surf.subsurface(pygame.Rect(32, 32, 128, 96))

    def alive() -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, io.BytesIO))

    before = alive()
    for enc in (pf.ENC_JPEG, pf.ENC_PNG, pf.ENC_DEFLATE):
        for _ in range(50):
            data = pf.encode(sub, enc)
            refs = sys.getrefcount(data)        # ours and the call's
            assert data and refs == 2
    assert alive() == before


@pytest.mark.skipif(not os.path.exists("/proc/self/smaps_rollup"), reason="Linux: /proc/PID/smaps_rollup")
def test_a_streams_memory_stays_flat_over_many_frames():
    """Frames of a card moving over a still table, as JPEG and deflate regions: after a
    warm-up, 2000 more frames add no memory (they added about 2.5 MB before: every JPEG kept)."""
    rng = random.Random(9)
    stream = FrameStreamer("auto")
    surf = _scene(6)
    base = surf.copy()

    def frames(n: int, start: int) -> None:
        for i in range(start, start + n):
            if i % 25 == 0:
                surf.blit(base, (0, 0))
            surf.fill((rng.randrange(256), rng.randrange(256), 90), (rng.randrange(W - 40), rng.randrange(H - 60), 40, 60))
            stream.frame(surf, moving=i % 10 < 7, now=i * 0.1)

    frames(400, 0)
    import gc
    gc.collect()
    before = _private_kb()
    frames(2000, 400)
    gc.collect()
    grown = (_private_kb() - before) / 1024
    assert grown < 1.0, f"{grown:.2f} MB more after 2000 frames"
    assert stream.regions > 2000


def test_the_stream_keeps_one_picture_and_digests_of_the_blurred_cells():
    """What a stream keeps of the page: one copy of its picture, and for the cells sent at
    half size only a digest of what the page's sharp copy has there (never a second picture)."""
    stream, page = FrameStreamer("png"), PagePicture()
    base = _scene(7)
    _send(stream, page, base)
    for i in range(6):                       # a card flies over the whole table
        surf = base.copy()
        surf.fill((250, 250, 240), (i * 60, i * 45, 90, 120))
        _send(stream, page, surf, moving=True, now=0.1 * (i + 1))
    assert stream.sharp and all(len(d) == 16 for d in stream.sharp.values())
    assert len(stream.diff.prev) == W * H * 4
    kept = [v for v in vars(stream).values() if isinstance(v, (bytes, bytearray))]
    assert not kept, "no other picture"
    _send(stream, page, surf, moving=False, now=2.0)
    assert not stream.sharp and _same(page.surface, surf) and _same(page.sharp, surf)


def test_a_view_of_the_surface_is_let_go_after_each_frame():
    stream = FrameStreamer("png")
    surf = _scene(8)
    stream.frame(surf)
    surf.fill((1, 2, 3), (0, 0, 40, 40))
    stream.frame(surf, moving=True, now=1.0)
    assert not surf.get_locked()
    surf.blit(_scene(9), (0, 0))             # (a locked surface could not be drawn on)


def test_encoding_leaves_no_file_and_a_killed_processs_folder_is_swept(tmp_path, monkeypatch):
    import subprocess
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()                               # a pid no process has any more
    monkeypatch.setattr(pf, "_scratch", {})
    monkeypatch.setattr(pf.os.path, "isdir", lambda p, _isdir=os.path.isdir: False if p == "/dev/shm" else _isdir(p))
    monkeypatch.setattr(pf.tempfile, "tempdir", str(tmp_path))
    left = tmp_path / f"felt-enc-{dead.pid}-abc"
    left.mkdir()
    (left / "region.jpg").write_bytes(b"x" * 1000)
    mine = tmp_path / f"felt-enc-{os.getpid()}-keep"
    mine.mkdir()
    data = pf.encode(_scene(2).subsurface(pygame.Rect(0, 0, 64, 64)), pf.ENC_JPEG)
    assert data[:2] == b"\xff\xd8"
    assert not left.exists(), "the folder of a process that is gone is removed"
    assert mine.exists(), "a living process's folder stays"
    folder = pf._scratch["dir"]
    assert os.path.dirname(folder) == str(tmp_path) and os.listdir(folder) == [], "no region left behind"

"""What a phone's page receives of the picture: only the regions that changed, encoded.

:class:`FrameDiff` compares the surface with the picture the page has (the last frame
sent) and returns the changed rectangles: rows are compared in bands of ``BAND`` pixels
(whole byte strings, so at C speed); in the rows that differ, groups of grid cells and then
the cells themselves are compared, and the changed cells become rectangles on the grid
(``ALIGN`` pixels, a multiple of JPEG's 8-pixel blocks: a patch leaves no seam inside a
block).

A frame (one binary WebSocket message) is::

    'F' 1 flags 0 | u32 frame id | u16 width | u16 height | u16 regions | u32 made
    then per region: u16 x | u16 y | u16 w | u16 h | u8 encoding | u8 slot | u32 length | data

little-endian; ``made``: when the renderer made the frame (milliseconds of the host's
monotonic clock, modulo 2**32: the bench's lag on one machine); flags bit 0: a whole picture (after a resize or a reconnect; the page
forgets its kept regions). Encodings: 1 JPEG, 2 PNG, 3 raw pixels compressed with deflate
(zlib; RGB, 3 bytes a pixel), 4 a region the page keeps (``slot`` names it, no data), 5 JPEG at a half or less of
the size (the page draws it stretched over the region), 6 the region from the page's sharp copy
(no data: the picture without the half-size regions). With another encoding a
``slot`` above 0 asks the page to keep the decoded region in slot ``slot - 1``: a picture
that comes back (a seat's glow pulsing in eight steps, a button pressed and released) is
then sent as a few bytes. The page decodes every region of a frame, then draws them all at
once and acknowledges the frame id.

While the picture moves (cards fly, a glow pulses) regions go at half size: a quarter of
the pixels, and nobody reads a card in flight. Once it stands still, what was sent at half
size is sent again, sharp. A change that stays in place (a glow pulsing around a seat: the
same rects frame after frame) is sent at most every ``IN_PLACE_S`` seconds.
"""
from __future__ import annotations

import atexit
import hashlib
import io
import os
import shutil
import struct
import tempfile
import threading
import zlib
from collections import OrderedDict

import pygame

ENC_JPEG, ENC_PNG, ENC_DEFLATE, ENC_KEPT, ENC_HALF, ENC_SHARP = 1, 2, 3, 4, 5, 6
ENCODINGS = {"jpeg": ENC_JPEG, "png": ENC_PNG, "deflate": ENC_DEFLATE}
BAND = 16                 # rows compared at a time
ALIGN = 32                # regions start and end on a 32-pixel grid (JPEG blocks; a change that comes back covers the same rect)
MERGE_GAP = 48            # regions closer than this (px) are sent as one
FLAG_KEY = 1
IN_PLACE_S = 0.5          # a change in the same rects as the last frame's: at most this often
HEADER = struct.Struct("<cBBxIHHHI")
REGION = struct.Struct("<HHHHBBI")
SLOTS = 48                # regions a page keeps
KEEP_MAX_AREA = 320 * 320  # larger regions are not kept (a page's memory)


def encode(surface: pygame.Surface, enc: int) -> bytes:
    """One region (a surface or subsurface) in the given encoding.

    JPEG and PNG go through a file in a folder of the process's own (on /dev/shm where there
    is one), removed as soon as it is read: pygame 2.6 never closes the SDL stream it wraps
    around a Python file object, so saving into a BytesIO kept that BytesIO, with every byte
    encoded, alive for good (a renderer grew by megabytes a round). Saving to a path closes
    its stream."""
    if enc == ENC_DEFLATE:                # RGB (an RGBA copy of an opaque surface has no real alpha)
        return zlib.compress(pygame.image.tobytes(surface, "RGB"), 1)
    ext = "jpg" if enc == ENC_JPEG else "png"
    with _scratch_lock:
        path = _scratch_file(ext)
        if path is not None:
            try:
                pygame.image.save(surface, path)
                with open(path, "rb") as f:
                    return f.read()
            except (OSError, pygame.error):
                _scratch.clear()
            finally:
                try:
                    os.unlink(path)
                except OSError:
                    pass
    buf = io.BytesIO()                    # no file to write: the old way, its buffer freed at least
    try:
        pygame.image.save(surface, buf, "f." + ext)
        return buf.getvalue()
    finally:
        buf.close()


_scratch: dict[str, str] = {}             # "pid" -> the pid that made "dir" (a forked child makes its own)
_scratch_lock = threading.Lock()
SCRATCH_PREFIX = "felt-enc-"


def _scratch_file(ext: str) -> str | None:
    """The file regions are encoded into, in a folder of this process's own (mode 0700;
    removed when it exits; a killed process's folder is removed by the next one that
    encodes); None when no such folder can be made."""
    if _scratch.get("pid") != str(os.getpid()):
        base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
        try:
            d = tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-", dir=base)
        except OSError:
            return None
        atexit.register(shutil.rmtree, d, True)
        _scratch.update(pid=str(os.getpid()), dir=d)
        _sweep(os.path.dirname(d))
    return os.path.join(_scratch["dir"], "region." + ext)


def _sweep(base: str) -> None:
    """Remove the encoding folders of this user's processes that ended without removing
    theirs (killed)."""
    try:
        names = [n for n in os.listdir(base) if n.startswith(SCRATCH_PREFIX)]
    except OSError:
        return
    for name in names:
        try:
            pid = int(name[len(SCRATCH_PREFIX):].split("-", 1)[0])
            path = os.path.join(base, name)
            if os.stat(path).st_uid != os.getuid():
                continue
            os.kill(pid, 0)                   # (raises if no such process)
        except ProcessLookupError:
            shutil.rmtree(path, ignore_errors=True)
        except (ValueError, OSError):
            continue


def _align(r: pygame.Rect, w: int, h: int) -> pygame.Rect:
    x0 = (r.left // ALIGN) * ALIGN
    y0 = (r.top // ALIGN) * ALIGN
    x1 = min(w, -(-r.right // ALIGN) * ALIGN)
    y1 = min(h, -(-r.bottom // ALIGN) * ALIGN)
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0)


def tiles(rects: list[pygame.Rect]) -> set[tuple[int, int]]:
    """The grid cells (ALIGN pixels square) the rects cover."""
    out = set()
    for r in rects:
        for ty in range(r.top // ALIGN, -(-r.bottom // ALIGN)):
            for tx in range(r.left // ALIGN, -(-r.right // ALIGN)):
                out.add((tx, ty))
    return out


def tile_rects(cells: set[tuple[int, int]], w: int, h: int) -> list[pygame.Rect]:
    """Rects covering exactly the grid cells: runs along each row, runs of the same span in
    rows below each other joined."""
    spans: dict[tuple[int, int], list[int]] = {}
    for ty in sorted({c[1] for c in cells}):
        row = sorted(tx for tx, y in cells if y == ty)
        start = prev = row[0]
        for tx in row[1:] + [None]:
            if tx is None or tx != prev + 1:
                spans.setdefault((start, prev), []).append(ty)
                start = tx
            prev = tx if tx is not None else prev
    out = []
    for (x0, x1), ys in spans.items():
        y0 = last = ys[0]
        for ty in ys[1:] + [None]:
            if ty is None or ty != last + 1:
                r = pygame.Rect(x0 * ALIGN, y0 * ALIGN, (x1 - x0 + 1) * ALIGN, (last - y0 + 1) * ALIGN)
                out.append(r.clip(pygame.Rect(0, 0, w, h)))
                y0 = ty
            last = ty if ty is not None else last
    return out


def merge(rects: list[pygame.Rect], gap: int = MERGE_GAP) -> list[pygame.Rect]:
    """Rectangles that overlap or nearly touch become one (fewer regions), unless their
    union would be mostly pixels that did not change (two boxes on a diagonal)."""
    out = [pygame.Rect(r) for r in rects]
    changed = True
    while changed and len(out) > 1:
        changed = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                if not a.inflate(gap, gap).colliderect(b):
                    continue
                u = a.union(b)
                if u.w * u.h <= 1.3 * (a.w * a.h + b.w * b.h) or u.w * u.h <= 96 * 96:
                    out[i] = u
                    out.pop(j)
                    changed = True
                    break
            if changed:
                break
    return out


class FrameDiff:
    """The changed rectangles between the picture the page has and the surface now.

    It keeps one copy of the page's picture (``prev``, the surface's own pixel format, one
    buffer updated in place) and compares the surface's pixels with it where they lie (a view
    of the surface, no copy of the whole picture per frame)."""

    def __init__(self) -> None:
        self.prev: bytearray | None = None
        self.size = (0, 0)
        self.stride = 0
        self.bpp = 4

    def reset(self) -> None:
        self.prev = None

    def changes(self, cur, size: tuple[int, int], stride: int | None = None, bpp: int = 4) -> list[pygame.Rect]:
        """``cur``: the surface's pixels (bytes or a memoryview; rows ``stride`` bytes apart,
        ``bpp`` bytes a pixel). Everything when the page has no picture yet."""
        w, h = size
        stride = w * bpp if stride is None else stride
        if self.prev is None or self.size != size or self.stride != stride or self.bpp != bpp:
            return [pygame.Rect(0, 0, w, h)]
        prev = self.prev
        cur = memoryview(cur)
        runs: list[list[int]] = []
        coarse = BAND * 4               # most of a still picture is skipped four bands at a time
        for yc in range(0, h, coarse):
            a, b = yc * stride, min(h, yc + coarse) * stride
            if cur[a:b].tobytes() == prev[a:b]:
                continue
            for y in range(yc, min(h, yc + coarse), BAND):
                a, b = y * stride, min(h, y + BAND) * stride
                if cur[a:b].tobytes() != prev[a:b]:
                    if runs and runs[-1][1] == y:
                        runs[-1][1] = min(h, y + BAND)
                    else:
                        runs.append([y, min(h, y + BAND)])
        if not runs:
            return []
        cell = ALIGN * bpp                   # bytes of one grid cell's row
        row_bytes = w * bpp
        n_cells = -(-w // ALIGN)
        group = 6                            # cells compared together first
        cells: set[tuple[int, int]] = set()
        for y0, y1 in runs:
            for y in range(y0, y1):
                a = y * stride
                crow = cur[a:a + row_bytes].tobytes()
                prow = prev[a:a + row_bytes]
                if crow == prow:
                    continue
                ty = y // ALIGN
                for g in range(0, n_cells, group):
                    ga, gb = g * cell, min(row_bytes, (g + group) * cell)
                    if crow[ga:gb] == prow[ga:gb]:
                        continue
                    for tx in range(g, min(n_cells, g + group)):
                        if (tx, ty) not in cells:
                            ca, cb = tx * cell, min(row_bytes, (tx + 1) * cell)
                            if crow[ca:cb] != prow[ca:cb]:
                                cells.add((tx, ty))
        return merge(tile_rects(cells, w, h))

    def commit(self, cur, size: tuple[int, int], rects: list[pygame.Rect] | None = None,
               stride: int | None = None, bpp: int = 4) -> None:
        """The page has ``cur`` now, or only the ``rects`` of it (the rest waits). ``rects``
        must cover every change (as :meth:`changes` returns them)."""
        stride = size[0] * bpp if stride is None else stride
        if self.prev is None or self.size != size or self.stride != stride or self.bpp != bpp \
                or len(self.prev) != len(cur):
            self.prev = bytearray(cur)
            self.size, self.stride, self.bpp = size, stride, bpp
        elif rects is None:
            self.prev[:] = cur
        else:
            copy_rects(self.prev, cur, stride, bpp, rects)


def copy_rects(dst: bytearray, src, stride: int, bpp: int, rects: list[pygame.Rect]) -> None:
    """The ``rects`` of one picture into another of the same size and layout."""
    src = memoryview(src)
    for r in rects:
        n = r.w * bpp
        for y in range(r.top, r.bottom):
            a = y * stride + r.left * bpp
            dst[a:a + n] = src[a:a + n]


def cell_digest(buf, stride: int, bpp: int, size: tuple[int, int], cell: tuple[int, int]) -> bytes:
    """A digest of one grid cell's pixels (16 bytes for the 4 KiB of a cell at 4 bytes a pixel)."""
    w, h = size
    tx, ty = cell
    x0, x1 = tx * ALIGN * bpp, min(w, (tx + 1) * ALIGN) * bpp
    buf = memoryview(buf)
    d = hashlib.blake2b(digest_size=16)
    for y in range(ty * ALIGN, min(h, (ty + 1) * ALIGN)):
        d.update(buf[y * stride + x0:y * stride + x1])
    return d.digest()


class FrameStreamer:
    """Builds the frames of one page; ``frame(surface)`` returns the next message or None
    when nothing changed. ``encoding``: 'jpeg', 'png', 'deflate' or 'auto' (JPEG, except
    small regions, which go as deflate: lossless, and smaller than a JPEG's headers).

    It mirrors two pictures of the page: what it shows (``diff.prev``, the one copy of the
    whole picture it keeps) and its sharp copy: everything but the half-size regions, known
    only for the grid cells sent at half size, and only as a digest (``sharp``: cell -> the
    digest of the page's sharp pixels there). When an animation ends, a blurred cell that is
    now as it was before (the felt a card flew over) is restored from the page's sharp copy;
    only the others are sent again."""

    SMALL = 48 * 48           # regions up to this many pixels count as small ('auto')

    def __init__(self, encoding: str = "auto", keep: bool = True, half: bool = True, scale: int = 2) -> None:
        self.encoding = encoding
        self.half = half                  # regions smaller while the picture moves ...
        self.scale = max(2, int(scale))   # ... by this factor (the pixel ratio: about one pixel per CSS pixel)
        self.held = False                 # changes in place waited at the last frame
        self.sharp: dict[tuple[int, int], bytes] = {}   # blurred grid cell -> digest of the page's sharp pixels there
        self.sent_at: dict[tuple, float] = {}  # rect -> when it was last sent
        self.diff = FrameDiff()
        self.frame_id = 0
        self.bytes = 0
        self.frames = 0
        self.regions = 0
        self.kept_hits = 0
        self.restored = 0
        self.keep = keep
        self.kept: OrderedDict[tuple, int] = OrderedDict()   # (w, h, digest) -> slot, the page's mirror

    @property
    def blurred(self) -> set[tuple[int, int]]:
        """The grid cells sent at half size, not yet sharp."""
        return set(self.sharp)

    def _enc(self, r: pygame.Rect) -> int:
        if self.encoding == "auto":
            return ENC_DEFLATE if r.w * r.h <= self.SMALL else ENC_JPEG
        return ENCODINGS[self.encoding]

    def reset(self) -> None:
        """The page lost its picture (resize, reconnect): the next frame is a whole one, and
        the page keeps no regions."""
        self.diff.reset()
        self.kept.clear()
        self.sharp.clear()
        self.sent_at.clear()
        self.held = False

    @property
    def unsent(self) -> bool:
        """Regions went at half size and wait to be sent sharp, or changes waited their turn:
        the next frame is due even if nothing is drawn."""
        return bool(self.sharp) or self.held

    def _slot(self, sub: pygame.Surface) -> tuple[int, bool]:
        """(slot, kept already) for a region worth keeping, else (-1, False)."""
        w, h = sub.get_size()
        if not self.keep or w * h > KEEP_MAX_AREA:
            return -1, False
        key = (w, h, hashlib.blake2b(pygame.image.tobytes(sub, "RGBX"), digest_size=16).digest())
        slot = self.kept.get(key)
        if slot is not None:
            self.kept.move_to_end(key)
            return slot, True
        if len(self.kept) < SLOTS:
            slot = len(self.kept)
        else:
            _, slot = self.kept.popitem(last=False)
        self.kept[key] = slot
        return slot, False

    def _throttle(self, rects: list[pygame.Rect], moving: bool, key: bool, now: float) -> list[pygame.Rect]:
        """The rects to send now; a change where the last ones were (a pulsing glow) waits
        its turn while the picture moves (the page keeps the older picture meanwhile)."""
        waiting = [] if (key or not moving) else \
            [r for r in rects if now - self.sent_at.get(tuple(r), -1e9) < IN_PLACE_S]
        rects = [r for r in rects if r not in waiting]
        self.held = bool(waiting)
        for r in rects:
            self.sent_at[tuple(r)] = now
        if len(self.sent_at) > 256:
            self.sent_at = {k: t for k, t in self.sent_at.items() if now - t < IN_PLACE_S}
            if len(self.sent_at) > 256:      # (a page that keeps changing everywhere)
                self.sent_at.clear()
        return rects

    def _sharp_again(self, cur, geo, rects: list[pygame.Rect]):
        """The animation ended: (cells to restore from the page's sharp copy, rects to send)."""
        size, stride, bpp = geo
        w, h = size
        cells = set(self.sharp) | tiles(rects)
        same = {c for c, dg in self.sharp.items() if cell_digest(cur, stride, bpp, size, c) == dg}
        self.sharp = {}
        return tile_rects(same, w, h) if same else [], tile_rects(cells - same, w, h) if cells - same else []

    def frame(self, surface: pygame.Surface, moving: bool = False, now: float = 0.0,
              made: float | None = None) -> bytes | None:
        """The next frame, or None when nothing changed (or only changes that wait).
        ``moving``: an animation runs (its regions go at half size); when it stops, the
        blurred regions are made sharp again. ``made``: when the picture was drawn
        (time.monotonic(), in the header; default ``now``)."""
        made = now if made is None else made
        size = surface.get_size()
        geo = (size, surface.get_pitch(), surface.get_bytesize())
        _, stride, bpp = geo
        key = self.diff.prev is None or self.diff.size != size or self.diff.stride != stride
        view = surface.get_view("0") if surface.get_pitch() == size[0] * bpp else surface.get_buffer()
        cur = memoryview(view).cast("B")
        try:
            if key:
                self.sharp = {}
            changed = rects = self._throttle(self.diff.changes(cur, size, stride, bpp), moving, key, now)
            half = moving and self.half and not key
            restore: list[pygame.Rect] = []
            if not half and self.sharp:
                restore, rects = self._sharp_again(cur, geo, rects)
            if not rects and not restore:
                return None
            small = [r for r in rects if not (half and r.w >= 8 * self.scale and r.h >= 8 * self.scale)]
            if half:
                # the page's sharp copy keeps what it had where regions now go at half size
                prev = self.diff.prev
                for c in tiles([r for r in rects if r not in small]):
                    if c not in self.sharp:
                        self.sharp[c] = cell_digest(prev, stride, bpp, size, c)
                for c in tiles(small):                 # small ones go sharp: the page's copy has them
                    if c in self.sharp:
                        self.sharp[c] = cell_digest(cur, stride, bpp, size, c)
            # what the page shows now: the changes sent (restored cells are as they are now)
            self.diff.commit(cur, size, None if key else changed, stride, bpp)
        finally:
            cur.release()
            del view
        self.frame_id += 1
        parts = [HEADER.pack(b"F", 1, FLAG_KEY if key else 0, self.frame_id, size[0], size[1],
                             len(restore) + len(rects), int(made * 1000) & 0xFFFFFFFF)]
        for r in restore:
            parts.append(REGION.pack(r.x, r.y, r.w, r.h, ENC_SHARP, 0, 0))
        self.restored += len(restore)
        for r in rects:
            sub = surface.subsurface(r)
            if half and r not in small:
                data = encode(pygame.transform.smoothscale(sub, (r.w // self.scale, r.h // self.scale)), ENC_JPEG)
                parts.append(REGION.pack(r.x, r.y, r.w, r.h, ENC_HALF, 0, len(data)))
                parts.append(data)
                continue
            slot, known = self._slot(sub)
            if known:
                self.kept_hits += 1
                parts.append(REGION.pack(r.x, r.y, r.w, r.h, ENC_KEPT, slot, 0))
                continue
            enc = self._enc(r)
            data = encode(sub, enc)
            parts.append(REGION.pack(r.x, r.y, r.w, r.h, enc, slot + 1, len(data)))
            parts.append(data)
        msg = b"".join(parts)
        self.frames += 1
        self.regions += len(restore) + len(rects)
        self.bytes += len(msg)
        return msg


def parse_frame(msg: bytes) -> tuple[dict, list[tuple[pygame.Rect, int, int, bytes]]]:
    """The header and regions (rect, encoding, slot, data) of a frame (tests and the bench
    decode what pages get)."""
    magic, version, flags, fid, w, h, n, made = HEADER.unpack_from(msg, 0)
    if magic != b"F" or version != 1:
        raise ValueError("not a frame")
    off = HEADER.size
    regions = []
    for _ in range(n):
        x, y, rw, rh, enc, slot, ln = REGION.unpack_from(msg, off)
        off += REGION.size
        regions.append((pygame.Rect(x, y, rw, rh), enc, slot, msg[off:off + ln]))
        off += ln
    return {"id": fid, "w": w, "h": h, "key": bool(flags & FLAG_KEY), "made_ms": made}, regions


def decode_region(rect: pygame.Rect, enc: int, data: bytes) -> pygame.Surface:
    if enc == ENC_DEFLATE:
        return pygame.image.frombytes(zlib.decompress(data), rect.size, "RGB")
    img = pygame.image.load(io.BytesIO(data), "f.png" if enc == ENC_PNG else "f.jpg")
    return pygame.transform.scale(img, rect.size) if enc == ENC_HALF else img


class PagePicture:
    """What a page shows, rebuilt from its frames (tests, the bench)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.sharp: pygame.Surface | None = None      # the picture without half-size regions
        self.last_id = 0
        self.kept: dict[int, pygame.Surface] = {}

    def apply(self, msg: bytes) -> dict:
        head, regions = parse_frame(msg)
        if self.surface is None or self.surface.get_size() != (head["w"], head["h"]):
            self.surface = pygame.Surface((head["w"], head["h"]))
            self.sharp = pygame.Surface((head["w"], head["h"]))
        if head["key"]:
            self.kept.clear()
        for r, enc, slot, data in regions:
            if enc == ENC_SHARP:
                self.surface.blit(self.sharp, r.topleft, r)
                continue
            if enc == ENC_KEPT:
                img = self.kept[slot]
            else:
                img = decode_region(r, enc, data)
                if slot:
                    self.kept[slot - 1] = img
            self.surface.blit(img, r.topleft)
            if enc != ENC_HALF:
                self.sharp.blit(img, r.topleft)
        self.last_id = head["id"]
        head["regions"] = [r for r, _, _, _ in regions]
        return head

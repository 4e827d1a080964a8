"""What a phone's page receives of the picture: only the regions that changed, encoded.

:class:`FrameDiff` compares the surface with the picture the page has (the last frame
sent) and returns the changed rectangles: rows are compared in bands of ``BAND`` pixels
(whole byte strings, so at C speed), and within each run of changed bands pygame's
threshold mask finds how far the change reaches left and right. Rectangles are aligned to
JPEG's 8-pixel blocks, so a patch never leaves a seam inside a block.

A frame (one binary WebSocket message) is::

    'F' 1 flags 0 | u32 frame id | u16 width | u16 height | u16 regions
    then per region: u16 x | u16 y | u16 w | u16 h | u8 encoding | u8 0 | u32 length | data

little-endian; flags bit 0: a whole picture (after a resize or a reconnect). Encodings:
1 JPEG, 2 PNG, 3 raw RGBA compressed with deflate (zlib). The page decodes every region
of a frame, then draws them all at once and acknowledges the frame id.
"""
from __future__ import annotations

import io
import struct
import zlib

import pygame

ENC_JPEG, ENC_PNG, ENC_DEFLATE = 1, 2, 3
ENCODINGS = {"jpeg": ENC_JPEG, "png": ENC_PNG, "deflate": ENC_DEFLATE}
BAND = 16                 # rows compared at a time
ALIGN = 8                 # regions start and end on JPEG block edges
MERGE_GAP = 48            # regions closer than this (px) are sent as one
FLAG_KEY = 1
HEADER = struct.Struct("<cBBxIHHH")
REGION = struct.Struct("<HHHHBxI")


def encode(surface: pygame.Surface, enc: int) -> bytes:
    """One region (a surface or subsurface) in the given encoding."""
    if enc == ENC_DEFLATE:
        return zlib.compress(pygame.image.tobytes(surface, "RGBA"), 1)
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "f.jpg" if enc == ENC_JPEG else "f.png")
    return buf.getvalue()


def _align(r: pygame.Rect, w: int, h: int) -> pygame.Rect:
    x0 = (r.left // ALIGN) * ALIGN
    y0 = (r.top // ALIGN) * ALIGN
    x1 = min(w, -(-r.right // ALIGN) * ALIGN)
    y1 = min(h, -(-r.bottom // ALIGN) * ALIGN)
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0)


def merge(rects: list[pygame.Rect], gap: int = MERGE_GAP) -> list[pygame.Rect]:
    """Rectangles that overlap or nearly touch become one (fewer, larger regions)."""
    out = [pygame.Rect(r) for r in rects]
    changed = True
    while changed and len(out) > 1:
        changed = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                if out[i].inflate(gap, gap).colliderect(out[j]):
                    out[i] = out[i].union(out.pop(j))
                    changed = True
                    break
            if changed:
                break
    return out


class FrameDiff:
    """The changed rectangles between the picture the page has and the surface now."""

    def __init__(self) -> None:
        self.prev: bytes | None = None
        self.size = (0, 0)

    def reset(self) -> None:
        self.prev = None

    def changes(self, cur: bytes, size: tuple[int, int]) -> list[pygame.Rect]:
        """``cur``: the surface as RGBX bytes. Everything when the page has no picture yet."""
        w, h = size
        if self.prev is None or self.size != size:
            return [pygame.Rect(0, 0, w, h)]
        prev = self.prev
        stride = w * 4
        runs: list[list[int]] = []
        for y in range(0, h, BAND):
            a, b = y * stride, min(h, y + BAND) * stride
            if cur[a:b] != prev[a:b]:
                if runs and runs[-1][1] == y:
                    runs[-1][1] = min(h, y + BAND)
                else:
                    runs.append([y, min(h, y + BAND)])
        if not runs:
            return []
        cur_s = pygame.image.frombuffer(cur, size, "RGBX")
        prev_s = pygame.image.frombuffer(prev, size, "RGBX")
        out = []
        for y0, y1 in runs:
            band = pygame.Rect(0, y0, w, y1 - y0)
            same = pygame.mask.from_threshold(cur_s.subsurface(band), (0, 0, 0, 255), (1, 1, 1, 255),
                                              prev_s.subsurface(band), 1)
            same.invert()
            parts = same.get_bounding_rects()
            if not parts:
                continue
            box = parts[0].unionall(parts[1:])
            out.append(_align(box.move(0, y0), w, h))
        return merge(out)

    def commit(self, cur: bytes, size: tuple[int, int]) -> None:
        self.prev, self.size = cur, size


class FrameStreamer:
    """Builds the frames of one page; ``frame(surface)`` returns the next message or None
    when nothing changed. ``encoding``: 'jpeg', 'png', 'deflate' or 'auto' (JPEG, except
    small regions, which go as deflate: lossless, and smaller than a JPEG's headers)."""

    SMALL = 48 * 48           # regions up to this many pixels count as small ('auto')

    def __init__(self, encoding: str = "auto") -> None:
        self.encoding = encoding
        self.diff = FrameDiff()
        self.frame_id = 0
        self.bytes = 0
        self.frames = 0
        self.regions = 0

    def _enc(self, r: pygame.Rect) -> int:
        if self.encoding == "auto":
            return ENC_DEFLATE if r.w * r.h <= self.SMALL else ENC_JPEG
        return ENCODINGS[self.encoding]

    def reset(self) -> None:
        """The page lost its picture (resize, reconnect): the next frame is a whole one."""
        self.diff.reset()

    def frame(self, surface: pygame.Surface) -> bytes | None:
        size = surface.get_size()
        cur = pygame.image.tobytes(surface, "RGBX")
        key = self.diff.prev is None or self.diff.size != size
        rects = self.diff.changes(cur, size)
        self.diff.commit(cur, size)
        if not rects:
            return None
        src = pygame.image.frombuffer(cur, size, "RGBX")
        self.frame_id += 1
        parts = [HEADER.pack(b"F", 1, FLAG_KEY if key else 0, self.frame_id, size[0], size[1], len(rects))]
        for r in rects:
            enc = self._enc(r)
            data = encode(src.subsurface(r), enc)
            parts.append(REGION.pack(r.x, r.y, r.w, r.h, enc, len(data)))
            parts.append(data)
        msg = b"".join(parts)
        self.frames += 1
        self.regions += len(rects)
        self.bytes += len(msg)
        return msg


def parse_frame(msg: bytes) -> tuple[dict, list[tuple[pygame.Rect, int, bytes]]]:
    """The header and regions of a frame (tests and the bench decode what pages get)."""
    magic, version, flags, fid, w, h, n = HEADER.unpack_from(msg, 0)
    if magic != b"F" or version != 1:
        raise ValueError("not a frame")
    off = HEADER.size
    regions = []
    for _ in range(n):
        x, y, rw, rh, enc, ln = REGION.unpack_from(msg, off)
        off += REGION.size
        regions.append((pygame.Rect(x, y, rw, rh), enc, msg[off:off + ln]))
        off += ln
    return {"id": fid, "w": w, "h": h, "key": bool(flags & FLAG_KEY)}, regions


def decode_region(rect: pygame.Rect, enc: int, data: bytes) -> pygame.Surface:
    if enc == ENC_DEFLATE:
        return pygame.image.frombytes(zlib.decompress(data), rect.size, "RGBA")
    return pygame.image.load(io.BytesIO(data), "f.jpg" if enc == ENC_JPEG else "f.png")


class PagePicture:
    """What a page shows, rebuilt from its frames (tests, the bench)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.last_id = 0

    def apply(self, msg: bytes) -> dict:
        head, regions = parse_frame(msg)
        if self.surface is None or self.surface.get_size() != (head["w"], head["h"]):
            self.surface = pygame.Surface((head["w"], head["h"]))
        for r, enc, data in regions:
            self.surface.blit(decode_region(r, enc, data), r.topleft)
        self.last_id = head["id"]
        head["regions"] = [r for r, _, _ in regions]
        return head

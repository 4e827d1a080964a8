"""felt.ui.png writes PNG files that read back pixel for pixel (pygame's own reader and zlib)."""
import os
import random
import struct
import zlib

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from felt.ui.png import png_bytes, save_png  # noqa: E402


def _noisy_surface(w: int, h: int, seed: int) -> pygame.Surface:
    rng = random.Random(seed)
    surf = pygame.Surface((w, h))
    surf.fill((20, 90, 40))
    for _ in range(40):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        pygame.draw.rect(surf, colour, (rng.randrange(w), rng.randrange(h), rng.randint(1, w), rng.randint(1, h)))
    for _ in range(200):
        surf.set_at((rng.randrange(w), rng.randrange(h)), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    return surf


@pytest.mark.parametrize("size", [(1, 1), (7, 3), (360, 640), (1281, 721)])
def test_saved_png_reads_back_with_the_same_pixels(tmp_path, size):
    surf = _noisy_surface(*size, seed=size[0])
    path = tmp_path / "shot.png"
    save_png(surf, path)
    back = pygame.image.load(str(path))
    assert back.get_size() == size
    assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(surf, "RGB")


def test_png_chunks_are_well_formed():
    data = png_bytes(_noisy_surface(5, 4, seed=1))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, kinds = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        kinds.append(kind)
        if kind == b"IHDR":
            assert struct.unpack(">II5B", body) == (5, 4, 8, 2, 0, 0, 0)
        if kind == b"IDAT":
            rows = zlib.decompress(body)
            assert len(rows) == 4 * (1 + 3 * 5) and rows[::16] == b"\x00" * 4    # filter byte 0 per row
        pos += 12 + length
    assert kinds == [b"IHDR", b"IDAT", b"IEND"]

"""Sans-I/O framing: a 4-byte big-endian length prefix, then a msgpack body.

Nothing here touches a socket, so it is easy to test and fuzz. The asyncio host
and client only move bytes through :class:`FrameDecoder` and :func:`encode`.

Safety rules for untrusted input:
- a body is at most :data:`MAX_FRAME` bytes; a larger announced length is an
  error before any of its bytes are buffered, so the buffer is bounded;
- each complete body is decoded on its own with ``msgpack.unpackb`` (no
  long-lived ``Unpacker`` that could be reused after an error), with
  ``strict_map_key=True`` and ext types rejected;
- the decoded value must be a map (dict with str keys) of plain data (dicts, lists,
  str, bytes, int, float, bool, None) nested at most :data:`MAX_DEPTH` deep;
- after any error the decoder is broken for good: the connection must close.
"""
from __future__ import annotations

import struct
import threading
from typing import Any

import msgpack

MAX_FRAME = 64 * 1024  # bytes in one body
HEADER = struct.Struct(">I")
MAX_DEPTH = 16
MAX_ITEMS = 4096  # elements in any one list or map


class FrameError(Exception):
    """Malformed, oversized or undecodable frame. ``code`` is a protocol error code."""

    def __init__(self, code: str, msg: str):
        super().__init__(msg)
        self.code = code
        self.msg = msg


def _reject_ext(code: int, data: bytes) -> Any:
    raise FrameError("bad_frame", f"msgpack ext type {code} is not allowed")


_SCALARS = frozenset({type(None), bool, int, float, str, bytes})


def check_plain(obj: Any, max_depth: int = MAX_DEPTH) -> None:
    """Raise FrameError unless ``obj`` is plain msgpack data (no Timestamp or other objects),
    with string map keys, lists/maps of at most MAX_ITEMS and nesting at most ``max_depth``."""
    scalars = _SCALARS
    stack = [(obj, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        x, d = pop()
        tx = type(x)
        if tx is dict or tx is list:
            if d >= max_depth:
                raise FrameError("bad_frame", f"nested deeper than {max_depth}")
            if len(x) > MAX_ITEMS:
                raise FrameError("bad_frame", f"list or map larger than {MAX_ITEMS}")
            if tx is dict:
                for k, v in x.items():
                    if type(k) is not str:
                        raise FrameError("bad_frame", "map keys must be strings")
                    if type(v) not in scalars:
                        push((v, d + 1))
            else:
                for v in x:
                    if type(v) not in scalars:
                        push((v, d + 1))
        elif tx not in scalars:
            raise FrameError("bad_frame", f"type {tx.__name__} is not allowed")


def decode_body(body: bytes) -> Any:
    """Decode one frame body (without its length prefix). Raises FrameError."""
    if len(body) > MAX_FRAME:
        raise FrameError("too_large", f"frame of {len(body)} bytes exceeds {MAX_FRAME}")
    try:
        obj = msgpack.unpackb(
            body,
            raw=False,
            strict_map_key=True,
            use_list=True,
            ext_hook=_reject_ext,
            max_str_len=MAX_FRAME,
            max_bin_len=MAX_FRAME,
            max_array_len=MAX_ITEMS,
            max_map_len=MAX_ITEMS,
            max_ext_len=0,
        )
    except FrameError:
        raise
    except Exception as exc:  # msgpack raises ValueError, ExtraData, FormatError, StackError, UnicodeDecodeError, TypeError...
        raise FrameError("bad_frame", f"undecodable msgpack body: {type(exc).__name__}") from None
    check_plain(obj)
    if not isinstance(obj, dict):
        raise FrameError("bad_frame", f"a frame body must be a msgpack map, not {type(obj).__name__}")
    return obj


_local = threading.local()


def pack(msg: Any) -> bytes:
    """The msgpack body of ``msg`` (no prefix). Reuses one Packer per thread (creating a
    Packer per message costs more than packing a whole view)."""
    packer = getattr(_local, "packer", None)
    if packer is None:
        packer = _local.packer = msgpack.Packer(use_bin_type=True)
    return packer.pack(msg)


def frame(body: bytes) -> bytes:
    """Prefix an already packed body. Raises FrameError if it is too large."""
    if len(body) > MAX_FRAME:
        raise FrameError("too_large", f"frame of {len(body)} bytes exceeds {MAX_FRAME}")
    return HEADER.pack(len(body)) + body


def encode(msg: Any) -> bytes:
    """One complete frame (prefix + body) for ``msg``."""
    return frame(pack(msg))


class FrameDecoder:
    """Incremental decoder: ``feed(data)`` returns the complete messages so far.

    The buffer never holds more than one header plus one maximal body. After
    an error every later call raises the same error again.
    """

    def __init__(self, max_frame: int = MAX_FRAME):
        self.max_frame = max_frame
        self._buf = bytearray()
        self._need: int | None = None  # body length once the header is read
        self.error: FrameError | None = None

    @property
    def buffered(self) -> int:
        return len(self._buf)

    def feed(self, data: bytes) -> list[Any]:
        if self.error is not None:
            raise self.error
        try:
            return self._feed(data)
        except FrameError as exc:
            self.error = exc
            self._buf = bytearray()
            raise

    def _feed(self, data: bytes) -> list[Any]:
        out: list[Any] = []
        self._buf += data
        while True:
            if self._need is None:
                if len(self._buf) < HEADER.size:
                    return out
                (n,) = HEADER.unpack_from(self._buf, 0)
                if n > self.max_frame:
                    raise FrameError("too_large", f"frame of {n} bytes exceeds {self.max_frame}")
                if n == 0:
                    raise FrameError("bad_frame", "empty frame")
                del self._buf[: HEADER.size]
                self._need = n
            if len(self._buf) < self._need:
                return out
            body = bytes(self._buf[: self._need])
            del self._buf[: self._need]
            self._need = None
            out.append(decode_body(body))

    def at_boundary(self) -> bool:
        """True if no partial frame is buffered (a clean place for EOF)."""
        return self._need is None and not self._buf

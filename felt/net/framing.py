"""Sans-I/O framing: a 4-byte big-endian length prefix, then a msgpack body.

Nothing here touches a socket, so it is easy to test and fuzz. The asyncio host
and client only move bytes through :class:`FrameDecoder` and :func:`encode`.

Safety rules for untrusted input:
- a body is at most :data:`MAX_FRAME` bytes; a larger announced length is an
  error before any of its bytes are buffered, so the buffer is bounded;
- each complete body is decoded on its own with ``msgpack.unpackb`` (no
  long-lived ``Unpacker`` that could be reused after an error), with
  ``strict_map_key=True`` and ext types rejected;
- the decoded value must be plain data (dict with str keys, list, str, bytes,
  int, float, bool, None) nested at most :data:`MAX_DEPTH` deep;
- after any error the decoder is broken for good: the connection must close.
"""
from __future__ import annotations

import struct
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


def check_plain(obj: Any, depth: int = 0) -> None:
    """Raise FrameError unless ``obj`` is plain msgpack data within the limits."""
    if depth > MAX_DEPTH:
        raise FrameError("bad_frame", f"nested deeper than {MAX_DEPTH}")
    if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
        return
    if isinstance(obj, (list, tuple)):
        if len(obj) > MAX_ITEMS:
            raise FrameError("bad_frame", f"list longer than {MAX_ITEMS}")
        for x in obj:
            check_plain(x, depth + 1)
        return
    if isinstance(obj, dict):
        if len(obj) > MAX_ITEMS:
            raise FrameError("bad_frame", f"map larger than {MAX_ITEMS}")
        for k, v in obj.items():
            if not isinstance(k, str):
                raise FrameError("bad_frame", "map keys must be strings")
            check_plain(v, depth + 1)
        return
    raise FrameError("bad_frame", f"type {type(obj).__name__} is not allowed")


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
    return obj


def pack(msg: Any) -> bytes:
    """The msgpack body of ``msg`` (no prefix)."""
    return msgpack.packb(msg, use_bin_type=True)


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

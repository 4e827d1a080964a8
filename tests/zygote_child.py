"""A child for the zygote's tests (tests/test_phone_launcher.py): what it does is in its
environment. ``CHILD_DO``: ``echo`` (answer each line read with the line, its pid, its
working directory and its FELT_DATA_DIR; end at the end of its input), ``exit`` (with
``CHILD_RC``), ``crash`` (SIGKILL itself), ``hang`` (sleep, whatever happens to its input)."""
from __future__ import annotations

import json
import os
import signal
import sys
import time


def main() -> int:
    do = os.environ.get("CHILD_DO", "echo")
    if do == "exit":
        return int(os.environ.get("CHILD_RC", "0"))
    if do == "crash":
        os.kill(os.getpid(), signal.SIGKILL)
    if do == "hang":
        os.write(1, b"hanging\n")
        while True:
            time.sleep(1)
    inp = os.fdopen(os.dup(0), "rb", buffering=0)
    buf = b""
    while True:
        part = inp.read(4096)
        if not part:
            return 0
        buf += part
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            answer = {"line": line.decode(), "pid": os.getpid(), "cwd": os.getcwd(),
                      "data": os.environ.get("FELT_DATA_DIR"), "path0": sys.path[0],
                      "felt": sys.modules["felt"].__file__ if "felt" in sys.modules else None}
            os.write(1, json.dumps(answer).encode() + b"\n")


if __name__ == "__main__":
    sys.exit(main())

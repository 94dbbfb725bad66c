"""A long-lived `studio render`: ``python -m studio.commands.render_worker``.

Reads one JSON request per line on stdin, ``{"file", "output", "scale"}``, draws the
level exactly as ``studio render FILE -o OUTPUT --scale SCALE`` does (the same code),
and answers ``{"ok": true}`` or ``{"ok": false}`` on stdout. Its memory is capped like the
verifier's, and a picture is at most ``MAX_SIDE`` pixels a side. One Qt application serves
every request, so a picture costs milliseconds instead of a program start. The
sharing server keeps one of these (studio/server/rendering.py) and never imports Qt.
"""

from __future__ import annotations

import argparse
import json
import os
import sys


MEMORY_LIMIT = 1536 << 20  # bytes of address space: Qt's libraries take about half of it
MAX_SIDE = 4096  # pixels: a larger level is drawn with fewer pixels per cell


def main() -> int:
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w", buffering=1)
    sys.stdout = sys.stderr  # render's own messages must not mix with the answers
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from studio.commands import render
    from studio.server.verify_worker import cap_memory

    cap_memory(MEMORY_LIMIT)

    for line in sys.stdin:
        try:
            request = json.loads(line)
            args = argparse.Namespace(file=str(request["file"]), output=str(request["output"]), layer="normal",
                                      scale=int(request["scale"]), other_layer=False, json=False,
                                      max_side=int(request.get("max_side", MAX_SIDE)))
            ok = render.run(args) == 0
        except MemoryError:
            print("render_worker: the picture needs more memory than the server allows", file=sys.stderr)
            ok = False
        except Exception as error:  # a level the art cannot draw: no picture, and the worker goes on
            print(f"render_worker: {type(error).__name__}: {error}", file=sys.stderr)
            ok = False
        answers.write(json.dumps({"ok": ok}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

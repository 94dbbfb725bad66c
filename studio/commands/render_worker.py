"""A long-lived `studio render`: ``python -m studio.commands.render_worker``.

Reads one JSON request per line on stdin, ``{"file", "output", "scale"}``, draws the
level exactly as ``studio render FILE -o OUTPUT --scale SCALE`` does (the same code),
and answers ``{"ok": true}`` or ``{"ok": false}`` on stdout; ``{"kind": "sprites", "file",
"output"}`` draws the web player's sprites for the level (the server's Play page). Its memory is capped like the
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
            if request.get("kind") == "sprites":
                answers.write(json.dumps(_sprites(request)) + "\n")
                continue
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


def _sprites(request: dict) -> dict:
    """The web player's sprite atlas of a level (studio.export.web.sprites), written to
    ``output``: {"ok": true, "places": {key: [x, y]}, "size"}, or {"ok": false}."""
    try:
        from pathlib import Path

        from studio.commands.render import ensure_gui_application
        from studio.core.game import game_for_path
        from studio.core.reading import read_level
        from studio.export.web.sprites import SPRITE_SIZE, sprite_atlas

        ensure_gui_application()
        path = Path(request["file"])
        game = game_for_path(path)
        if game is None or game.web_scene is None:
            return {"ok": False}
        png, places = sprite_atlas(game, [game.load(read_level(path, game))])
        Path(request["output"]).write_bytes(png)
        return {"ok": True, "places": places, "size": SPRITE_SIZE}
    except MemoryError:
        print("render_worker: the sprites need more memory than the server allows", file=sys.stderr)
    except Exception as error:  # a level the art cannot draw: no sprites, and the worker goes on
        print(f"render_worker: {type(error).__name__}: {error}", file=sys.stderr)
    return {"ok": False}


if __name__ == "__main__":
    raise SystemExit(main())

"""`studio render FILE -o OUT.png`: draw a level with the editor's art, headless.

The game is picked by FILE's name and draws itself: its view module's
``render_level(level, layer=..., scale=..., show_other_layer=...)`` returns a
QImage. Works without a display (Qt's offscreen platform).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from studio.core.errors import LevelFormatError
from studio.core.files import write_atomic
from studio.core.game import game_for_path
from studio.core.reading import read_level

MAX_SCALE = 256

_app = None  # kept for the life of the process: Qt objects must not outlive their application


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="the level file to draw")
    parser.add_argument("-o", "--output", metavar="OUT.png", required=True, help="the PNG to write")
    parser.add_argument("--layer", choices=("normal", "bizarro"), default="normal",
                        help="which layer to draw (default: normal)")
    parser.add_argument("--scale", type=int, default=32, metavar="N", help="pixels per cell (default: 32)")
    parser.add_argument("--other-layer", action="store_true",
                        help="also show, small in each cell's corner, what the other layer holds there")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")


def run(args: argparse.Namespace) -> int:
    path = args.file
    if not 1 <= args.scale <= MAX_SCALE:
        return _fail(args, path, f"--scale must be 1 to {MAX_SCALE} pixels per cell, not {args.scale}")
    game = game_for_path(path)
    if game is None:
        return _fail(args, path, "no game reads files with this name")
    try:
        data = read_level(path, game)
    except OSError as error:
        return _fail(args, path, error.strerror or str(error))
    try:
        level = game.load(data)
    except (LevelFormatError, ValueError) as error:
        return _fail(args, path, str(error))

    ensure_gui_application()
    from studio.editor.pixmaps import png_bytes

    view = game.view.resolve()
    scale = args.scale
    max_side = getattr(args, "max_side", None)
    if max_side:  # the server's pictures: a huge level is drawn smaller instead of taking gigabytes
        probe = view.render_level(level, layer=args.layer, scale=1)
        scale = max(1, min(scale, max_side // max(1, probe.width(), probe.height())))
    image = view.render_level(level, layer=args.layer, scale=scale, show_other_layer=args.other_layer)
    try:
        png = png_bytes(image)
    except OSError:
        return _fail(args, args.output, "could not encode the image as PNG")
    try:
        write_atomic(args.output, png)
    except OSError as error:
        return _fail(args, args.output, error.strerror or str(error))
    if args.json:
        print(json.dumps({"file": path, "output": args.output, "game": game.id, "layer": args.layer,
                          "scale": scale, "width": image.width(), "height": image.height()}))
    return 0


def ensure_gui_application() -> None:
    """Painting text and pixmaps needs a QGuiApplication; without a display, use the offscreen one."""
    global _app
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is not None:
        return
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication([sys.argv[0] if sys.argv and sys.argv[0] else "studio"])


def _fail(args: argparse.Namespace, path: str, reason: str) -> int:
    print(f"{path}: {reason}", file=sys.stderr)
    if getattr(args, "json", False):
        print(json.dumps({"file": args.file, "output": args.output, "error": f"{path}: {reason}"}))
    return 1

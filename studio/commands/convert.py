"""`studio convert IN OUT`: load a level and save it again, atomically.

The game is picked by IN's file name. An unedited level keeps its bytes, so
converting a file to a copy of itself is a check that the studio reads it.
"""

from __future__ import annotations

import argparse
import json
import sys

from studio.core.errors import LevelFormatError
from studio.core.files import write_atomic
from studio.core.game import game_for_path
from studio.core.reading import read_level


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="IN", help="the level file to read")
    parser.add_argument("output", metavar="OUT", help="where to write it (replaced atomically)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON line")


def run(args: argparse.Namespace) -> int:
    source, target = args.input, args.output
    game = game_for_path(source)
    if game is None:
        return _fail(args, source, "no game reads files with this name")
    if not game.matches(target):
        return _fail(args, target, f"{game.name} levels are saved as {', '.join(game.file_patterns)}")
    try:
        data = read_level(source, game)
    except OSError as error:
        return _fail(args, source, error.strerror or str(error))
    try:
        level = game.load(data)
    except LevelFormatError as error:
        return _fail(args, source, str(error))
    try:
        output = game.save(level)
    except ValueError as error:  # LevelFormatError, or LevelLimitError for a level past its game's limits
        return _fail(args, target, str(error))
    try:
        write_atomic(target, output)
    except OSError as error:
        return _fail(args, target, error.strerror or str(error))
    if args.json:
        report = {"input": source, "output": target, "game": game.id, "bytes": len(output), "unchanged": output == data}
        print(json.dumps(report))
    return 0


def _fail(args: argparse.Namespace, path: str, reason: str) -> int:
    print(f"{path}: {reason}", file=sys.stderr)
    if getattr(args, "json", False):
        print(json.dumps({"input": args.input, "output": args.output, "error": f"{path}: {reason}"}))
    return 1

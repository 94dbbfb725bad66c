"""`studio lint FILE... [--json]`: list each level's likely mistakes with its game's lint
(``Game.lint``, see core.problems). A folder stands for every level file under it that
some game reads (a collection, or ``levels/`` with one folder per game).

Text: one line per problem, ``FILE:(x, y): severity: message [rule]``, and a
closing count, so a clean run says so. With
``--json``, one object per problem: ``level``, ``game``, ``rule``, ``severity``,
``message``, ``cell``, ``x``, ``y`` (null for the whole level); a level that cannot
be read gives one object with ``rule`` "unreadable".

Severities are "error", "warning" and "info" (worth knowing, not a mistake; a hex
level's x and y are the hex's axial q and r).

Exit status: 0 when no level has a problem (info aside), 1 when some has (or cannot be read),
2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from studio.core.errors import LevelFormatError
from studio.core.game import game_for_path
from studio.core.reading import read_level
from studio.core.problems import lint_level, problem_record


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="level files to check, or folders of them (every level file under a folder)")
    parser.add_argument("--json", action="store_true", help="one JSON object per problem")


def level_paths(paths: list[str]) -> list[str]:
    """The files to check: each file as given, each folder as the level files under it
    (in name order; other files there, a README or a player file, are left out)."""
    found = []
    for path in paths:
        folder = Path(path)
        if folder.is_dir():
            levels = sorted(str(p) for p in folder.rglob("*") if p.is_file() and game_for_path(p) is not None)
            found.extend(levels or [path])  # (an empty folder: said as unreadable below)
        else:
            found.append(path)
    return found


def lint_file(path: str) -> list[dict]:
    """The problems of one file as dicts (the --json objects)."""
    if Path(path).is_dir():
        return [_unreadable(path, None, "the folder holds no level file that a game reads")]
    game = game_for_path(path)
    if game is None:
        return [_unreadable(path, None, "no game reads files with this name")]
    try:
        level = game.load(read_level(path, game))
    except OSError as e:
        return [_unreadable(path, game.id, f"cannot read the file: {e.strerror or e}")]
    except LevelFormatError as e:
        return [_unreadable(path, game.id, str(e))]
    return [dict(level=path, game=game.id, **problem_record(level, problem)) for problem in lint_level(game, level)]


def _unreadable(path: str, game_id, message: str) -> dict:
    return {"level": path, "game": game_id, "rule": "unreadable", "severity": "error",
            "message": message, "cell": None, "x": None, "y": None}


def run(args: argparse.Namespace) -> int:
    status = 0
    found = 0
    files = level_paths(args.files)
    try:
        for path in files:
            for problem in lint_file(path):
                found += 1
                if problem["severity"] != "info":
                    status = 1
                if args.json:
                    print(json.dumps(problem))
                else:
                    where = "" if problem["x"] is None else f"({problem['x']}, {problem['y']}):"
                    print(f"{path}:{where} {problem['severity']}: {problem['message']} [{problem['rule']}]")
        if not args.json:
            checked = f"{len(files)} level{'s' * (len(files) != 1)}"
            print(f"{checked} checked: {found or 'no'} problem{'s' * (found != 1)} found")
        sys.stdout.flush()
    except BrokenPipeError:
        return 1
    return status

"""`studio analyse PATH... [--timeout S] [--element-timeout S] [--solutions FILE] [--jobs N] [--json]`:
what each level's solution needs (core.analysis).

For each level: whether it is solvable and in how many moves (``proven`` when no shorter
solution exists), the designer's ``intended`` solution's length (a stored one: Escape's
player files beside the level or ``--solutions FILE``; ChronoShift's Solution field;
Intricacy's solution line) and a ``shortcut`` when the solver's is shorter, each element
(``cells``, ``kind``, ``effect``: nothing, easier, harder, unsolvable, solvable,
undecided, unplayable) and the ``difficulty`` with its inputs (core.difficulty). With
``--json``, one JSON object per level and line.

Exit status: 0 when every level was analysed, 1 when one could not be, 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from studio.core.analysis import EFFECT_WORDS, analyse_level_bytes, verdict_words
from studio.core.game import game_for_path
from studio.core.reading import read_level
from studio.core.solve_runner import prepare_solver

DEFAULT_TIMEOUT = 10.0
DEFAULT_ELEMENT_TIMEOUT = 3.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="PATH", help="level files to analyse")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="S",
                        help=f"seconds for solving each level (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--element-timeout", type=float, default=DEFAULT_ELEMENT_TIMEOUT, metavar="S",
                        help=f"seconds for solving the level without each element (default {DEFAULT_ELEMENT_TIMEOUT:g})")
    parser.add_argument("--solutions", type=Path, default=None, metavar="FILE",
                        help="the designer's solutions (Escape: a player file) instead of those kept beside the level")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="worker processes for the elements (default: one per core)")
    parser.add_argument("--json", action="store_true", help="one JSON object per level and line")


def run(args: argparse.Namespace) -> int:
    if args.timeout <= 0 or args.element_timeout <= 0:
        print("studio analyse: timeouts must be positive numbers of seconds", file=sys.stderr)
        return 2
    if args.solutions is not None and not args.solutions.is_file():
        print(f"studio analyse: {args.solutions}: no such file", file=sys.stderr)
        return 2
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    status = 0
    try:
        for path in args.files:
            record = analyse_file(path, args, jobs)
            print(json.dumps(record) if args.json else describe(record), flush=True)
            status |= 1 if record.get("error") else 0
    except BrokenPipeError:
        return 1
    return status


def analyse_file(path: str, args: argparse.Namespace, jobs: int) -> dict:
    game = game_for_path(path)
    if game is None:
        return {"level": path, "game": None, "error": "no game reads files with this name"}
    if game.solve is None:
        return {"level": path, "game": game.id, "error": f"{game.name} levels cannot be solved yet"}
    try:
        data = read_level(path, game)
    except OSError as error:
        return {"level": path, "game": game.id, "error": f"cannot read the file: {error.strerror or error}"}
    prepare_solver(game, notify=lambda text: print(f"studio analyse: {text}", file=sys.stderr, flush=True))
    try:
        return analyse_level_bytes(game.id, data, path, timeout=args.timeout, element_timeout=args.element_timeout,
                                   path=path, solutions=args.solutions, jobs=jobs)
    except ValueError as error:  # a named solutions file the game cannot read
        return {"level": path, "game": game.id, "error": str(error)}


def describe(record: dict) -> str:
    """The analysis for people: the verdict, the intended solution, the elements, the difficulty."""
    level = record["level"]
    if record.get("error"):
        return f"{level}: error: {record['error']}"
    lines = [f"{level}: {verdict_words(record)}"]
    if record.get("intended"):
        lines.append(f"  intended: {record['intended']} moves ({record['intended_source']})")
    if record.get("shortcut"):
        lines.append(f"  shortcut: a {record['shortcut']}-move solution, shorter than the intended one")
    for row in record.get("elements", []):
        sure = "" if row.get("certain") else " (not proven)"
        length = f", {row['length']} moves" if row.get("length") is not None else ""
        lines.append(f"  {row['kind']} at {row['where']}: {EFFECT_WORDS[row['effect']]}{length}{sure}")
    found = record.get("difficulty")
    if found:
        lines.append(f"  difficulty {found['score']}: {found['positions']} positions"
                     f"{'' if found['complete'] else ' or more'}, dead ends {found['dead_ends']:.0%}, "
                     f"branching {found['branching']}, forced moves {found['forced']:.0%}")
    return "\n".join(lines)

"""`studio solve FILE... [--timeout SECONDS] [--json] [--jobs N]`: search each level's
shortest solution with its game's solver (core.solve_runner).

One JSON object per level with ``--json``: ``level``, ``game``, ``solved``,
``optimal`` (true only when proven: no shorter solution exists, or, unsolved, no
solution at all), ``length``, ``solution`` (the game's move letters), ``states``
(states expanded), ``seconds``; ``error`` when the level could not be searched.
Games may declare their own search bounds as options (ChronoShift: ``--max-clones N``,
``--max-turns T``); their records then say ``bounded: true`` with the bounds used,
and ``optimal`` is relative to those bounds.
Several files are solved in worker processes, one per core.

Exit status: 0 when every level was solved (or proven unsolvable), 1 otherwise,
2 for bad arguments.
"""

from __future__ import annotations

import argparse
import json
import sys

from studio.core.game import all_games
from studio.core.solve_runner import DEFAULT_TIMEOUT, solve_files, solve_options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="level files to solve")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                        help=f"give up after this long per level, keeping the best solution found "
                             f"(default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--json", action="store_true", help="one JSON object per line instead of text")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="worker processes (default: one per core for several files; 0 solves here)")
    for name, (kind, default, text) in _game_options().items():
        parser.add_argument("--" + name.replace("_", "-"), dest=name, type=kind, default=None,
                            metavar="N",
                            help=f"{text} (default {default})")


def _game_options() -> dict:
    """The search options the games declare (core.solve_runner.solve_options), by name."""
    found: dict = {}
    for game in all_games():
        for name, spec in solve_options(game).items():
            found.setdefault(name, spec)
    return found


def run(args: argparse.Namespace) -> int:
    if args.timeout <= 0:
        print("studio solve: --timeout must be a positive number of seconds", file=sys.stderr)
        return 2
    status = 0
    options = {name: getattr(args, name) for name in _game_options() if getattr(args, name, None) is not None}
    if any(value <= 0 for value in options.values() if isinstance(value, (int, float))):
        print("studio solve: search bounds must be positive", file=sys.stderr)
        return 2
    try:
        for record in solve_files(list(args.files), timeout=args.timeout, jobs=args.jobs, options=options,
                                  notify=_notify):
            if args.json:
                print(json.dumps(record), flush=True)
            else:
                print(describe(record), flush=True)
            if record.get("error") or not (record["solved"] or record["optimal"]):
                status = 1
    except BrokenPipeError:
        return 1
    return status


def _notify(text: str) -> None:
    print(f"studio solve: {text}", file=sys.stderr, flush=True)


def describe(record: dict) -> str:
    """One line for people: what was found, how surely, at what cost."""
    level = record["level"]
    if record.get("error"):
        return f"{level}: error: {record['error']}"
    cost = f"({record['states']} states, {record['seconds']:.1f} s)"
    if record["solved"]:
        how = "shortest" if record["optimal"] else "not proven shortest"
        if record["optimal"] and record.get("bounded"):
            how += " within the search bounds"
        return f"{level}: solved in {record['length']} moves, {how} {cost}\n  {record['solution']}"
    if record["optimal"]:
        within = " within the search bounds" if record.get("bounded") else ""
        return f"{level}: unsolvable{within} (proven) {cost}"
    return f"{level}: no solution found in time {cost}"

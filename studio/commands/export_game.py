"""`studio export-game PATH... -o DIR --name NAME [--author A] [--icon FILE] [--json]`: build a
standalone game of levels (studio.export).

PATH: level files, a folder (its levels by file name), or a playlist's first level given
alone (it and the levels following it). Every level is checked first: it must load,
and a solution must win it (a stored one, else the solver's, found now) — it ships with
the game for the program's ``--self-test``. Lint errors are listed. A level nothing
solves is refused unless ``--allow-unsolvable``.

The program is DIR/SLUG/SLUG (SLUG from the name). The build log goes to stderr; with
``--json`` stdout gets one line: ``app``, ``levels``, ``bytes`` (the folder's size),
``seconds``. ``--progress`` adds ``export-progress {"percent", "stage"}`` lines to
stderr (the studio's Export Game dialog reads them).

``--check-only`` checks the levels and builds nothing: one line per level (a JSON object
with ``--json``: ``level``, ``title``, ``solution``, ``source``, ``lint_errors``, ``error``,
``unsolvable``); ``-o`` and ``--name`` are not needed then.

Exit status: 0 built (or, with ``--check-only``, every level can ship); 1 the levels were refused or the build failed; 2 bad arguments
or PyInstaller missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="level files, a folder, or a playlist's first level")
    parser.add_argument("-o", "--output", metavar="DIR", help="where the game's folder is written")
    parser.add_argument("--name", help="the game's name (its title screen, window and program)")
    parser.add_argument("--author", default="", help="the game's author, on its title screen")
    parser.add_argument("--icon", metavar="FILE", help="a PNG or SVG icon for the title screen and the window")
    parser.add_argument("--allow-unsolvable", action="store_true",
                        help="ship levels with no known solution (their self-test fails)")
    parser.add_argument("--solve-timeout", type=float, default=None, metavar="SECONDS",
                        help="the solver's time per level that has no stored solution (default 30)")
    parser.add_argument("--work", metavar="DIR", help="keep the staged levels, the spec and PyInstaller's work here")
    parser.add_argument("--json", action="store_true", help="one JSON line on stdout: app, levels, bytes, seconds")
    parser.add_argument("--progress", action="store_true", help="progress lines on stderr, for the studio")
    parser.add_argument("--check-only", action="store_true", help="check the levels; build nothing")


def run(args: argparse.Namespace) -> int:
    from studio.export.build import export_game, progress_line
    from studio.export.bundle import StageError
    from studio.export.levels import DEFAULT_SOLVE_TIMEOUT, ExportError

    timeout = DEFAULT_SOLVE_TIMEOUT if args.solve_timeout is None else args.solve_timeout
    if args.check_only:
        return _check_only(args, timeout or None)
    if not args.output or not args.name:
        print("studio export-game: -o DIR and --name NAME are needed to build", file=sys.stderr)
        return 2
    if args.icon and not Path(args.icon).is_file():
        print(f"studio export-game: --icon {args.icon}: no such file", file=sys.stderr)
        return 2
    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    def progress(percent: int, stage: str) -> None:
        if args.progress:
            print(progress_line(percent, stage), file=sys.stderr, flush=True)

    return run_export("export-game", args.json, lambda: export_game(
        args.paths, Path(args.output), args.name, args.author, Path(args.icon) if args.icon else None,
        args.allow_unsolvable, timeout or None, Path(args.work) if args.work else None, log, progress),
        lambda result: f"{result.app} ({result.levels} levels, {result.bytes / 1e6:.1f} MB, {result.seconds:.0f} s)",
        (ExportError, StageError))


def run_export(command: str, as_json: bool, export, describe, refusals) -> int:
    """Run ``export()``; print its result (``--json``, else ``describe(result)``) or why it
    failed; the exit status. Shared by `studio export-game` and `studio export-web`."""
    try:
        result = export()
    except refusals as error:
        print(f"studio {command}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"studio {command}: cancelled", file=sys.stderr)
        return 1
    print(result.as_json() if as_json else describe(result), flush=True)
    return 0


def _check_only(args: argparse.Namespace, timeout: float | None) -> int:
    import json

    from studio.export.build import refusal
    from studio.export.levels import ExportError, check_level, gather_levels

    try:
        game, files = gather_levels(args.paths)
    except ExportError as error:
        print(f"studio export-game: {error}", file=sys.stderr)
        return 1
    checks = []
    try:
        for path in files:
            check = check_level(path, timeout)
            checks.append(check)
            if args.json:
                print(json.dumps(check.as_dict()), flush=True)
            else:
                verdict = check.error or check.unsolvable or f"solved by a solution {check.source}"
                print(f"{path}: {verdict}" + "".join(f"\n  lint error {problem}" for problem in check.lint_errors))
    except BrokenPipeError:  # e.g. piped into `head`
        return 1
    return 1 if refusal(checks, args.allow_unsolvable) else 0

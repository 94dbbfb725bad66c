"""`studio export-web PATH... -o DIR --name NAME [--author A] [--icon FILE] [--zip] [--json]`: a
game of levels that plays in any browser (studio.export.web).

PATH: level files, a folder (its levels by file name), or a playlist's first level. Every
level is checked as `studio export-game` checks it (it loads, a solution wins it) and ships
with that solution for the page's ``?self-test``. The game is the folder DIR/SLUG (SLUG from
the name), holding ``index.html``: serve it from any static web server. ``--zip`` also
writes DIR/SLUG.zip with the same files at its root, ready for a host such as itch.io.

The log goes to stderr; with ``--json`` stdout gets one line: ``folder``, ``zip``, ``index``,
``levels``, ``bytes``, ``seconds``; ``--progress`` adds ``export-progress {"percent", "stage"}``
lines to stderr (the studio's Export Web Game dialog reads them). Exit status: 0 written; 1 the levels were refused;
2 bad arguments.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="level files, a folder, or a playlist's first level")
    parser.add_argument("-o", "--output", metavar="DIR", required=True, help="where the game's folder is written")
    parser.add_argument("--name", required=True, help="the game's name (its title screen and page title)")
    parser.add_argument("--author", default="", help="the game's author, on its title screen")
    parser.add_argument("--icon", metavar="FILE", help="a PNG or SVG icon for the title screen")
    parser.add_argument("--zip", action="store_true", help="also write the game as a zip for a static host")
    parser.add_argument("--solve-timeout", type=float, default=None, metavar="SECONDS",
                        help="the solver's time per level that has no stored solution (default 30)")
    parser.add_argument("--json", action="store_true", help="one JSON line on stdout: folder, zip, levels, bytes")
    parser.add_argument("--progress", action="store_true", help="progress lines on stderr, for the studio")


def run(args: argparse.Namespace) -> int:
    from studio.commands.export_game import run_export
    from studio.commands.render import ensure_gui_application
    from studio.export.build import progress_line
    from studio.export.levels import DEFAULT_SOLVE_TIMEOUT, ExportError
    from studio.export.web.build import export_web

    if args.icon and not Path(args.icon).is_file():
        print(f"studio export-web: --icon {args.icon}: no such file", file=sys.stderr)
        return 2
    ensure_gui_application()  # the sprites are painted by the studio's art
    timeout = DEFAULT_SOLVE_TIMEOUT if args.solve_timeout is None else args.solve_timeout
    return run_export("export-web", args.json, lambda: export_web(
        args.paths, Path(args.output), args.name, args.author, Path(args.icon) if args.icon else None, args.zip,
        timeout or None, log=lambda line: print(line, file=sys.stderr, flush=True),
        progress=lambda percent, stage: args.progress and print(progress_line(percent, stage), file=sys.stderr,
                                                                  flush=True)),
        lambda result: f"{result.folder / 'index.html'} ({result.levels} levels, {result.bytes / 1e6:.1f} MB)",
        (ExportError,))

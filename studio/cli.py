"""`studio`: with no sub-command (or only files) it opens the GUI; sub-commands work headless.

Sub-commands live in ``studio/commands/NAME.py``, each with ``add_arguments``
and ``run``; they are imported only when used, so the CLI starts fast and
never needs a display.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys

SUBCOMMANDS = {
    "render": "Draw a level to a PNG with the editor's art",
    "convert": "Re-save a level (same bytes when nothing changed)",
    "verify": "Play levels' stored solutions and report the verdicts",
    "solve": "Search for a shortest solution of a level",
    "lint": "List a level's likely mistakes",
    "generate": "Generate a level",
    "serve": "Run the level-sharing server (needs the server extra)",
    "analyse": "Say what each element of a level does for its solution, and how hard it is",
    "export-game": "Build a standalone game of levels with PyInstaller (needs the package extra)",
    "export-web": "Write a game of levels that plays in any browser",
}


def _module_name(name: str) -> str:
    """`studio export-game` lives in studio/commands/export_game.py."""
    return f"studio.commands.{name.replace('-', '_')}"


def _run_subcommand(name: str, argv: list[str]) -> int:
    module = importlib.import_module(_module_name(name))
    parser = argparse.ArgumentParser(prog=f"studio {name}", description=SUBCOMMANDS[name])
    module.add_arguments(parser)
    args = parser.parse_args(argv)
    args.command = name
    return module.run(args)


def _available_subcommands() -> list[str]:
    from importlib.util import find_spec

    return [name for name in SUBCOMMANDS if find_spec(_module_name(name)) is not None]


def _gui_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="studio",
        description="Puzzle Level Studio. Sub-commands: " + ", ".join(_available_subcommands())
        + " (studio COMMAND --help).",
    )
    parser.add_argument("files", nargs="*", help="level files to open (a bundled sample when none is given)")
    parser.add_argument(
        "--smoke-test", action="store_true",
        help="open the files (or the sample), paint once and quit: a start-up check for packaged builds",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """The command line (``argv`` None: this process's own, which then ends)."""
    ends_after = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in _available_subcommands():
        status = _run_subcommand(argv[0], argv[1:])
        if ends_after:
            # Python's last collection at exit would walk every object left to find cycles
            # the end of the process frees anyway: after `studio verify` has started numba
            # (about a million objects), 0.15 s of a 1.3 s run.
            gc.freeze()
        return status
    args = _gui_parser().parse_args(argv)
    from studio.app.launch import run_gui

    return run_gui(args.files, smoke_test=args.smoke_test)


if __name__ == "__main__":
    raise SystemExit(main())

"""`studio`: with no sub-command (or only files) it opens the GUI; sub-commands work headless.

Sub-commands live in ``studio/commands/NAME.py``, each with ``add_arguments``
and ``run``; they are imported only when used, so the CLI starts fast and
never needs a display.
"""

from __future__ import annotations

import argparse
import importlib
import sys

SUBCOMMANDS = {
    "render": "Draw a level to a PNG with the editor's art",
    "convert": "Re-save a level (same bytes when nothing changed)",
    "verify": "Play levels' stored solutions and report the verdicts",
}


def _subcommand_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="studio", description="Puzzle Level Studio")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in SUBCOMMANDS.items():
        module = importlib.import_module(f"studio.commands.{name}")
        module.add_arguments(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def _gui_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="studio",
        description="Puzzle Level Studio. Sub-commands: " + ", ".join(SUBCOMMANDS) + " (studio COMMAND --help).",
    )
    parser.add_argument("files", nargs="*", help="level files to open (a bundled sample when none is given)")
    parser.add_argument(
        "--smoke-test", action="store_true",
        help="open the files (or the sample), paint once and quit: a start-up check for packaged builds",
    )
    return parser


def make_main_window(paths: list[str]):
    """The main window opened on ``paths`` (for tests and embedding); needs a QApplication."""
    from studio.app.main_window import MainWindow

    window = MainWindow()
    for path in paths:
        window.open_file(path)
    return window


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in SUBCOMMANDS:
        args = _subcommand_parser().parse_args(argv)
        module = importlib.import_module(f"studio.commands.{args.command}")
        return module.run(args)
    args = _gui_parser().parse_args(argv)
    from studio.app.launch import run_gui

    return run_gui(args.files, smoke_test=args.smoke_test)


if __name__ == "__main__":
    raise SystemExit(main())

"""The program of an exported game: ``GAME [--self-test] [--smoke-test] [--progress-dir DIR]``.

With no option it opens the game's window on the collection bundled beside it (the
``game`` folder PyInstaller unpacks into ``sys._MEIPASS``), the player's progress kept
in the platform's user data folder (``QStandardPaths.AppDataLocation``).

``--self-test`` plays every level by the solution shipped with it, through the same
window, keys aside (offscreen: no display needed), prints one JSON line per level
(``level``, ``verdict``: won, dead, open or error, ``moves``) and exits 0 only when
every level is won. Progress goes to a temporary folder, never the player's.
``--self-test --hints`` plays every level by the Hint key alone instead (each hint's
move, or its undo), and its lines count the ``hints`` taken.
``--smoke-test`` opens the title screen offscreen, paints it once and quits.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from studio.core.errors import LevelFormatError
from studio.player.collection import Collection, load_collection

BUNDLED_FOLDER = "game"


def bundled_collection_folder() -> Path:
    """Where the export put the collection: beside the program in a PyInstaller bundle."""
    base = getattr(sys, "_MEIPASS", None)
    return Path(base) / BUNDLED_FOLDER if base else Path(__file__).resolve().parent / BUNDLED_FOLDER


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Play the game.")
    parser.add_argument("--self-test", action="store_true",
                        help="play every level by its shipped solution, headless; one JSON line per level")
    parser.add_argument("--hints", action="store_true",
                        help="with --self-test: play every level by following the hints alone")
    parser.add_argument("--smoke-test", action="store_true", help="open the title screen offscreen and quit")
    parser.add_argument("--progress-dir", metavar="DIR", help="keep the player's progress here instead")
    parser.add_argument("--collection", metavar="DIR", help=argparse.SUPPRESS)  # tests: a collection folder
    return parser


def _has_display() -> bool:
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def make_application(collection: Collection):
    from PySide6.QtWidgets import QApplication

    from studio.player.theme import apply_palette

    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
        app.setApplicationName(collection.name)
        app.setOrganizationName(collection.author)
        apply_palette(app)
    return app


def home_folder() -> str:
    """The player's home folder from the password database, for an environment without HOME."""
    import pwd

    try:
        return pwd.getpwuid(os.getuid()).pw_dir or tempfile.gettempdir()
    except KeyError:
        return tempfile.gettempdir()


def default_progress_folder() -> Path:
    from PySide6.QtCore import QStandardPaths

    return Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    folder = Path(args.collection) if args.collection else bundled_collection_folder()
    try:
        collection = load_collection(folder)
    except LevelFormatError as error:
        print(f"This game's levels are missing or damaged: {error}", file=sys.stderr)
        return 2
    headless = args.self_test or args.smoke_test
    if not any(os.environ.get(name) for name in ("LC_ALL", "LC_CTYPE", "LANG")):
        os.environ["LC_ALL"] = "C.UTF-8"  # Qt wants UTF-8 (an empty environment has no locale)
    if os.name == "posix" and not os.environ.get("HOME"):
        os.environ["HOME"] = home_folder()  # else Qt's user data folder would be under /
    if headless and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if not _has_display():
        print(f"{collection.name}: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY "
              "is set).", file=sys.stderr)
        return 2
    app = make_application(collection)
    from studio.player.window import PlayerWindow

    if args.self_test:
        with tempfile.TemporaryDirectory(prefix="self-test-") as scratch:
            window = PlayerWindow(collection, Path(args.progress_dir or scratch))
            return self_test(window, follow_hints=args.hints)
    progress = Path(args.progress_dir) if args.progress_dir else default_progress_folder()
    window = PlayerWindow(collection, progress)
    window.show()
    if args.smoke_test:
        app.processEvents()
        window.grab()
        print(f"smoke test ok: {collection.name}, {len(window.levels)} levels")
        window.close()
        return 0
    return app.exec()


def self_test(window, out=None, follow_hints: bool = False) -> int:
    """Play each level by its shipped solution (or by its hints alone) through the play
    screen; 0 when all are won."""
    out = out or sys.stdout
    screen = window.play_screen
    screen.animation_ms = 0
    all_won = True
    for index, level in enumerate(window.levels):
        shipped = window.collection.levels[index]
        result = {"level": Path(level.file).name, "verdict": "error", "moves": 0}
        try:
            if level.error:
                raise ValueError(level.error)
            if not shipped.solution:
                raise ValueError("no solution was shipped with this level")
            moves = window.adapter.parse_moves(shipped.solution)
            window.play_level(index)
            if screen.session is None or not screen.session.playable:
                raise ValueError(screen.board.placeholder)
            if follow_hints:
                result["hints"] = play_by_hints(screen, limit=4 * len(moves) + 10)
                moves = screen.session.moves
            for move in () if follow_hints else moves:
                screen.play(move)
                if screen.session.outcome.finished:
                    break
            screen.board.grab()  # the board and its annotations paint
            outcome = screen.session.outcome.kind
            result.update(verdict={"won": "won", "dead": "dead"}.get(outcome, "open"), moves=len(moves))
            if outcome == "won" and not window.solved(index):
                raise ValueError("the win was not kept in the player's progress")
        except (ValueError, LevelFormatError) as error:
            result.update(verdict="error", error=str(error))
        all_won = all_won and result["verdict"] == "won"
        print(json.dumps(result), file=out, flush=True)
    window.close()
    return 0 if all_won and window.levels else 1


def play_by_hints(screen, limit: int) -> int:
    """Ask for hints and do what each says (play its move, or undo to where it says) until the
    level is over or ``limit`` hints were taken; the number taken."""
    taken = 0
    while not screen.session.outcome.finished and taken < limit:
        hint = screen.show_hint()
        taken += 1
        if hint is None:
            raise ValueError(screen.hint_label.text() or "no hint")
        if hint.move is not None:
            screen.play(hint.move)
        elif hint.undo_to is not None:
            screen.session.seek(hint.undo_to)
        else:
            raise ValueError(hint.text)
    return taken


if __name__ == "__main__":
    raise SystemExit(main())

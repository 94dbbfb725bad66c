"""Starting the GUI: the application object, its look, and the first level shown."""

from __future__ import annotations

import os
import sys

SOLVER_WARM_UP_MS = 2000  # after the window shows, so that the start-up is not slowed


def make_application():
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
        app.setApplicationName("Puzzle Level Studio")
        app.setOrganizationName("PuzzleLevelStudio")
        from studio.app.paths import resources_dir
        from PySide6.QtGui import QIcon

        icon = resources_dir() / "icons" / "studio.svg"
        if icon.is_file():
            app.setWindowIcon(QIcon(str(icon)))
        from studio.app.theme import apply_dark_theme

        apply_dark_theme(app)
    return app


def make_main_window(paths: list[str]):
    """The main window opened on ``paths`` (for tests and embedding); needs a QApplication."""
    from studio.app.main_window import MainWindow

    window = MainWindow()
    for path in paths:
        window.open_file(path)
    return window


def _has_display() -> bool:
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run_gui(files: list[str], smoke_test: bool = False) -> int:
    if smoke_test and not _has_display():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if not _has_display():
        print(
            "studio: no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
            "The sub-commands work without one: studio render, convert, verify (studio --help).",
            file=sys.stderr,
        )
        return 2
    from studio.app.gui_libraries import check_gui_libraries

    problem = check_gui_libraries()
    if problem is not None:  # Qt would abort with a message that names no package
        print(problem, file=sys.stderr)
        return 2
    app = make_application()
    from studio.app.paths import sample_level_path

    paths = list(files)
    if not paths:
        sample = sample_level_path()
        if sample is not None:
            paths = [str(sample)]
    window = make_main_window(paths)
    window.show()
    if smoke_test:
        app.processEvents()
        pane = window.current_pane()
        if pane is None:
            print("smoke test failed: no level opened", file=sys.stderr)
            return 1
        pane.view.viewport().grab()
        print(f"smoke test ok: {pane.document.path}")
        window.close()
        return 0
    from PySide6.QtCore import QTimer

    from studio.app.crash_handler import install_crash_handler

    install_crash_handler(window)  # an unexpected error: a dialog, a way to save, no quitting
    QTimer.singleShot(0, window.file_safety.offer_recovery)  # levels a killed studio left unsaved
    from studio.core.solve_runner import prepare_solvers_in_background

    # (Escape's solver compiles its fast search the first time on a machine: done now, the
    # first Solve Level does not wait half a minute for it)
    QTimer.singleShot(SOLVER_WARM_UP_MS, prepare_solvers_in_background)
    return app.exec()

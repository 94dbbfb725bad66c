"""The real studio (``studio.app.launch.run_gui``) driven by a scripted user, for tests that kill
and restart it in a subprocess:

- ``python -m tests.studio_driver edit LEVEL``: opens LEVEL, paints cell (2, 2) with the
  palette's grey wall through the brush, as a click would, and runs on (until killed);
- ``python -m tests.studio_driver recover``: starts with no file (the bundled sample opens),
  recovers every level the recovery prompt offers, prints one JSON line describing the open
  levels, saves the changed ones, prints a second line (the recovery copies left), and quits.
"""

from __future__ import annotations

import json
import sys
import time

from PySide6.QtWidgets import QApplication

EDITED_CELL = (2, 2)
EDIT_TILE = 3  # Escape's grey block
GIVE_UP_SECONDS = 30


def main_window():
    return next((widget for widget in QApplication.topLevelWidgets() if type(widget).__name__ == "MainWindow"), None)


def edit() -> None:
    from tests.gui_helpers import click

    window = main_window()
    if window is None or window.current_pane() is None:
        return later(edit)
    pane = window.current_pane()
    window.palette_dock.select("tile", EDIT_TILE)
    window.set_tool("brush")
    click(pane, *EDITED_CELL)
    print("edited", flush=True)


def recover() -> None:
    from studio.app.recovery_dialog import RecoveryDialog

    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, RecoveryDialog):
        return later(recover)
    while dialog.isVisible() and dialog.levels:
        dialog.recover_button.click()
    later(report, 100)


def report() -> None:
    window = main_window()
    levels = []
    for pane in window.panes():
        level = pane.document.level
        levels.append({"path": str(pane.document.path), "modified": pane.document.is_modified,
                       "tile": level.tiles[level.index(*EDITED_CELL)]})
    print(json.dumps(levels), flush=True)
    for pane in window.panes():
        if pane.document.is_modified:
            window.save(pane)
    print(json.dumps({"copies_left": len(list(window.file_safety.store.root.glob("session-*/*.json")))}), flush=True)
    QApplication.exit(0)


STARTED = time.monotonic()


def later(step, milliseconds: int = 50) -> None:
    from PySide6.QtCore import QTimer

    if time.monotonic() - STARTED > GIVE_UP_SECONDS:
        print(f"gave up waiting in {step.__name__}", flush=True)
        QApplication.exit(1)
        return
    QTimer.singleShot(milliseconds, step)


def main(argv: list[str]) -> int:
    from studio.app.launch import make_application, run_gui

    mode, files = argv[0], argv[1:]
    make_application()
    later({"edit": edit, "recover": recover}[mode])
    return run_gui(files)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The last resort: an exception nothing else caught is shown in a dialog, with its details and a
way to save the open levels, and the studio keeps running.

Before the dialog opens, every level with unsaved changes is copied to the recovery folder
(app.autosave), so even a studio that cannot go on loses nothing. The same error repeated at
once (a failing paint, say) is counted in the status bar instead of opening dialog after dialog.
Exceptions of other threads are brought to the GUI thread first.
"""

from __future__ import annotations

import sys
import threading
import time
import traceback

from PySide6.QtCore import QObject, QThread, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox

from studio.app.plain_text import message_box

QUIET_SECONDS = 10  # the same error again within this time is counted, not shown again


class CrashHandler(QObject):
    crashed = Signal(str, str)  # summary, details; queued to the GUI thread

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.showing = False
        self.last_shown: dict[str, float] = {}  # an error's signature -> when it was last shown
        self.repeats = 0
        self._previous = (sys.excepthook, threading.excepthook)
        self.crashed.connect(self.report, Qt.ConnectionType.QueuedConnection)

    def install(self) -> "CrashHandler":
        sys.excepthook = self.handle
        threading.excepthook = lambda args: self.handle(args.exc_type, args.exc_value, args.exc_traceback)
        return self

    def uninstall(self) -> None:
        sys.excepthook, threading.excepthook = self._previous

    def handle(self, kind, value, trace) -> None:
        if issubclass(kind, (KeyboardInterrupt, SystemExit)):
            self._previous[0](kind, value, trace)
            return
        details = "".join(traceback.format_exception(kind, value, trace))
        sys.stderr.write(details)
        summary = f"{kind.__name__}: {value}"
        signature = summary + (traceback.extract_tb(trace)[-1].line or "" if trace else "")
        if QThread.currentThread() is self.thread():
            self.report(summary, details, signature)
        else:
            self.crashed.emit(summary, details)

    def report(self, summary: str, details: str, signature: str | None = None) -> None:
        safety = getattr(self.window, "file_safety", None)
        if safety is not None:
            try:
                safety.autosaver.save_all()  # first of all, the open levels' changes reach the disk
            except Exception as error:  # noqa: BLE001 - the bug may be in saving itself: still show the dialog
                details += "\nThe autosave before this dialog failed too:\n" + "".join(
                    traceback.format_exception(error))
        signature = signature or summary
        now = time.monotonic()
        if self.showing or now - self.last_shown.get(signature, -QUIET_SECONDS) < QUIET_SECONDS:
            self.repeats += 1
            self.window.statusBar().showMessage(f"⚠ The error happened again ({self.repeats} more): {summary}", 8000)
            return
        self.last_shown[signature] = now
        self.showing = True
        try:
            self.show_dialog(summary, details)
        finally:
            self.showing = False

    def show_dialog(self, summary: str, details: str) -> None:
        copied = " Their unsaved changes were also copied to the recovery folder." if self._has_changes() else ""
        box = message_box(
            self.window, QMessageBox.Icon.Critical, "Something went wrong",
            f"The studio met an error it did not expect: a bug in the studio, not in your levels.\n\n"
            f"{summary}\n\nThe studio goes on running and your levels are still open; you can save "
            f"them now.{copied} Show Details holds what a report of the bug needs.", details=details)
        save_button = box.addButton("&Save All Levels", QMessageBox.ButtonRole.AcceptRole)
        copy_button = box.addButton("Copy &Details", QMessageBox.ButtonRole.ActionRole)
        box.addButton("&Continue", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(save_button)
        box.exec()
        if box.clickedButton() is save_button:
            self.save_all_levels()
        elif box.clickedButton() is copy_button:
            QGuiApplication.clipboard().setText(details)

    def _has_changes(self) -> bool:
        return any(pane.document.is_modified for pane in self.window.panes())

    def save_all_levels(self) -> None:
        """Save every level with unsaved changes (asking a name for a new one)."""
        saved = failed = 0
        for pane in self.window.panes():
            if pane.document.is_modified:
                try:
                    ok = self.window.save(pane)
                except Exception:  # noqa: BLE001 - saving itself failed: say so and go on with the others
                    ok = False
                saved, failed = saved + ok, failed + (not ok)
        note = f"Saved {saved} level{'s' * (saved != 1)}"
        self.window.statusBar().showMessage(note + (f"; {failed} not saved" if failed else ""), 8000)


def install_crash_handler(window) -> CrashHandler:
    return CrashHandler(window).install()

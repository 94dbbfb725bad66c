"""What keeps the user's levels safe while the studio runs, wired to the main window:
autosave to the recovery folder (app.autosave), the offer to recover at start
(app.recovery_dialog), watching the open files (app.file_watch), and saving that
refuses read-only files and does not overwrite another program's change unasked.

The window emits ``documentAdded(pane)`` and ``documentClosed(pane)``; it calls
``write(pane, path)`` to save and ``closing()`` when it closes for good. The studio's
start (app.launch) calls ``offer_recovery()`` once the window is shown.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox

from studio.app.autosave import Autosaver
from studio.app.compare_dialog import CompareDialog
from studio.app.file_watch import CHANGED, FileWatch, disk_state
from studio.app.plain_text import message_box
from studio.app.preferences_files import autosave_seconds, keep_backup, recovery_folder
from studio.app.recovery import RecoveryEntry, RecoveryStore
from studio.app.recovery_dialog import RecoveredLevel, RecoveryDialog
from studio.core.errors import LevelFormatError
from studio.core.files import ReadOnlyFileError, is_read_only
from studio.editor.lifetimes import run_modal
from studio.model.commands import ReplaceLevel
from studio.model.document import LevelDocument


def install_file_safety(window) -> "FileSafety":
    return FileSafety(window)


class FileSafety(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.store = RecoveryStore(recovery_folder(window.settings))
        self.autosaver = Autosaver(window, self.store, autosave_seconds(window.settings))
        self.watch = FileWatch(window)
        window.documentAdded.connect(self._added)
        window.documentClosed.connect(self._closed)

    def _added(self, pane) -> None:
        document = pane.document
        document.keep_backup = keep_backup(self.window.settings)
        self.autosaver.track(document)
        self.watch.track(document)

    def _closed(self, pane) -> None:
        self.autosaver.closed(pane.document)  # closing means saved or discarded: its copy goes
        self.watch.untrack(pane.document)

    def closing(self) -> None:
        """The studio ends cleanly (every level saved or discarded): the recovery session goes."""
        self.autosaver.timer.stop()
        self.store.close()

    def preferences_changed(self) -> None:
        self.autosaver.set_interval(autosave_seconds(self.window.settings))
        for pane in self.window.panes():
            pane.document.keep_backup = keep_backup(self.window.settings)

    # -- saving ----------------------------------------------------------------------------------
    def write(self, pane, path: Path) -> bool:
        """Save the pane's level to ``path``, after the checks; True when written."""
        document = pane.document
        if is_read_only(path):
            return self._offer_save_as(pane, path)
        if path == document.path and not self._may_replace(document):
            return False
        try:
            document.save(path)
        except ReadOnlyFileError:
            return self._offer_save_as(pane, path)
        except (OSError, LevelFormatError) as error:
            self.window.show_error("Cannot save level", f"{path}: {getattr(error, 'strerror', None) or error}\n"
                                                        f"The level is still open and unchanged.")
            return False
        self.window.settings.add_recent_file(path)
        self.window.statusBar().showMessage(f"Saved {path}", 4000)
        return True

    def _offer_save_as(self, pane, path: Path) -> bool:
        buttons = QMessageBox.StandardButton
        box = message_box(self.window, QMessageBox.Icon.Warning, "Read-only level",
                          f"{path.name} is read-only, so the studio does not replace it.\n\n"
                          f"Save the level under another name?", buttons.Save | buttons.Cancel, buttons.Save)
        box.button(buttons.Save).setText("Save &As…")
        if box.exec() != buttons.Save:
            return False
        return self.window.save(pane, ask_name=True)

    def _may_replace(self, document: LevelDocument) -> bool:
        """Whether saving may replace the file: yes, unless another program changed it since the
        studio last read or wrote it and the user, asked, keeps that version."""
        state, data = disk_state(document)
        if state != CHANGED or document.disk_digest is None:
            return True
        box = message_box(self.window, QMessageBox.Icon.Warning, "Level changed on disk",
                          f"{document.display_name()} was changed by another program since the studio "
                          f"read it.\n\nReplace that version with yours?")
        replace = box.addButton("&Replace", QMessageBox.ButtonRole.AcceptRole)
        compare = box.addButton("&Compare…", QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        while True:
            box.exec()
            if box.clickedButton() is not compare:
                return box.clickedButton() is replace
            run_modal(CompareDialog(document, data, self.window))

    # -- recovery at start -------------------------------------------------------------------------
    def offer_recovery(self) -> None:
        entries = self.store.orphans()
        try:
            if entries:
                run_modal(RecoveryDialog(entries, self.recover, self.store.discard, self.window))
        finally:
            self.store.release_orphans()

    def recover(self, recovered: RecoveredLevel) -> str | None:
        """Open an autosaved level: over its file's version as an undoable edit when that file
        still reads (or in its open tab), else as it was; its changes unsaved. A problem, or None."""
        entry: RecoveryEntry = recovered.entry
        document = self._open_document_for(entry)
        if document is not None:
            document.undo_stack.push(ReplaceLevel(document, recovered.level, "Recover autosaved changes"))
            if self._pane_for(document) is None:
                self.window.add_document(document)
        else:
            document = LevelDocument(recovered.game, recovered.level, entry.path)
            document.undo_stack.resetClean()  # nothing on disk holds it: unsaved
            self.window.add_document(document)
        try:
            self.autosaver.adopt(document, entry)
        except OSError as error:
            return f"recovered, but its copy could not be kept: {error.strerror or error}"
        return None

    def _pane_for(self, document: LevelDocument):
        return next((pane for pane in self.window.panes() if pane.document is document), None)

    def _open_document_for(self, entry: RecoveryEntry) -> LevelDocument | None:
        if not entry.path:
            return None
        path = Path(entry.path)
        for pane in self.window.panes():
            if pane.document.path is not None and pane.document.path.resolve() == path.resolve():
                return pane.document
        try:
            return LevelDocument.open(path)
        except (OSError, LevelFormatError):
            return None

"""Watching the open levels' files: another program's change or a deletion is noticed at once,
and the user chooses: reload the file, keep the version open here, or compare the two.

A change is told from the studio's own saves by the file's MD5 against the document's
``disk_digest`` (what it last read or wrote). Folders are watched too, because a program
that saves by renaming a new file over the old one (as the studio does) ends the watch on
the old file. Reloading is an undoable edit, so the version that was open stays in Undo.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer
from PySide6.QtWidgets import QMessageBox

from studio.app.compare_dialog import CompareDialog
from studio.app.plain_text import message_box, warn
from studio.core.errors import LevelFormatError
from studio.core.reading import read_level
from studio.editor.lifetimes import run_modal
from studio.model.commands import ReplaceLevel
from studio.model.document import LevelDocument, digest

SETTLE_MS = 250  # a program's save is often several events (write, rename): look once they settle

SAME, CHANGED, GONE = "same", "changed", "gone"


def disk_state(document: LevelDocument) -> tuple[str, bytes | None]:
    """Whether the document's file still holds what the document last read or wrote:
    (SAME, None), (CHANGED, its bytes; None when it cannot be read) or (GONE, None)."""
    path = document.path
    if path is None:
        return SAME, None
    try:
        data = read_level(path, document.game)
    except FileNotFoundError:
        return GONE, None
    except OSError:
        return CHANGED, None
    return (SAME, None) if digest(data) == document.disk_digest else (CHANGED, data)


class FileWatch(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._path_changed)
        self.watcher.directoryChanged.connect(self._path_changed)
        self.documents: list[LevelDocument] = []
        self._pending: set[int] = set()  # id() of the documents to look at once events settle
        self._asking: set[int] = set()  # a prompt is open for these
        self._told_gone: set[int] = set()  # their deletion was already reported
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self.check_pending)

    # -- which files are watched ---------------------------------------------------------------
    def track(self, document: LevelDocument) -> None:
        self.documents.append(document)
        document.pathChanged.connect(self._rewatch)
        document.saved.connect(lambda document=document: self._saved(document))
        self._rewatch()

    def untrack(self, document: LevelDocument) -> None:
        self.documents = [d for d in self.documents if d is not document]
        for key in (self._pending, self._asking, self._told_gone):
            key.discard(id(document))
        self._rewatch()

    def _saved(self, document: LevelDocument) -> None:
        self._told_gone.discard(id(document))
        self._rewatch()

    def _rewatch(self) -> None:
        """Watch exactly the open levels' files (those that exist) and their folders."""
        wanted: set[str] = set()
        for document in self.documents:
            if document.path is not None:
                wanted.add(str(document.path.parent))
                if document.path.exists():
                    wanted.add(str(document.path))
        watched = set(self.watcher.files()) | set(self.watcher.directories())
        if watched - wanted:
            self.watcher.removePaths(sorted(watched - wanted))
        if wanted - watched:
            self.watcher.addPaths(sorted(wanted - watched))

    def _path_changed(self, path: str) -> None:
        changed = Path(path)
        for document in self.documents:
            if document.path is not None and changed in (document.path, document.path.parent):
                self._pending.add(id(document))
        if self._pending:
            self._timer.start()

    # -- looking and asking --------------------------------------------------------------------
    def check_pending(self) -> None:
        pending, self._pending = self._pending, set()
        for document in list(self.documents):
            if id(document) in pending:
                self.check(document)
        self._rewatch()

    def check(self, document: LevelDocument) -> None:
        """Ask about a change of the document's file by another program, if there is one."""
        if id(document) in self._asking:
            return
        state, data = disk_state(document)
        if state == SAME:
            self._told_gone.discard(id(document))
            return
        if state == GONE and id(document) in self._told_gone:
            return
        self._asking.add(id(document))
        try:
            if state == GONE:
                self._told_gone.add(id(document))
                self.ask_gone(document)
            else:
                self._told_gone.discard(id(document))
                self.ask_changed(document, data)
        finally:
            self._asking.discard(id(document))

    def _pane_of(self, document: LevelDocument):
        return next((pane for pane in self.window.panes() if pane.document is document), None)

    def ask_changed(self, document: LevelDocument, data: bytes | None) -> None:
        name = document.display_name()
        mine = "your unsaved changes" if document.is_modified else "the version open here"
        box = message_box(
            self.window, QMessageBox.Icon.Warning, "Level changed on disk",
            f"{name} was changed by another program.\n\n"
            f"Reload it from the file (Undo brings back {mine}), keep yours (saving will replace the "
            f"other program's version), or compare the two first?")
        reload_button = box.addButton("&Reload", QMessageBox.ButtonRole.AcceptRole)
        keep_button = box.addButton("&Keep Mine", QMessageBox.ButtonRole.RejectRole)
        compare_button = box.addButton("&Compare…", QMessageBox.ButtonRole.ActionRole)
        box.setDefaultButton(keep_button if document.is_modified else reload_button)
        pane = self._pane_of(document)
        if pane is not None:
            self.window.tabs.setCurrentWidget(pane)
        while True:
            box.exec()
            if box.clickedButton() is compare_button:
                run_modal(CompareDialog(document, data, self.window))
                continue
            break
        if box.clickedButton() is reload_button and self.reload(document, data):
            return
        self.keep_mine(document, data)

    def reload(self, document: LevelDocument, data: bytes | None) -> bool:
        """Replace the level by the file's version (an undoable edit); False when it cannot be read."""
        try:
            if data is None:
                raise LevelFormatError("the file cannot be read now")
            level = document.game.load(data)
        except LevelFormatError as error:
            warn(self.window, "Cannot reload", f"{document.display_name()} cannot be reloaded: {error}\n"
                                               f"Your version stays open.")
            return False
        document.undo_stack.push(ReplaceLevel(document, level, "Reload from disk"))
        document.disk_digest = digest(data)
        document.undo_stack.setClean()
        self.window.statusBar().showMessage(f"Reloaded {document.display_name()} (Undo brings your version back)", 6000)
        return True

    @staticmethod
    def keep_mine(document: LevelDocument, data: bytes | None) -> None:
        """Keep the version open here: it now differs from the file, so it is marked unsaved,
        and saving replaces the other program's version without asking again."""
        if data is not None:
            document.disk_digest = digest(data)
        document.undo_stack.resetClean()

    def ask_gone(self, document: LevelDocument) -> None:
        name = document.display_name()
        box = message_box(
            self.window, QMessageBox.Icon.Warning, "Level deleted",
            f"{name} was deleted or moved by another program ({document.path}).\n\n"
            f"The level is still open here. Save it again now, or keep it open unsaved?")
        save_button = box.addButton("&Save Again", QMessageBox.ButtonRole.AcceptRole)
        keep_button = box.addButton("&Keep Mine", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep_button)
        box.exec()
        document.undo_stack.resetClean()  # the file is gone: the level is unsaved
        pane = self._pane_of(document)
        if box.clickedButton() is save_button and pane is not None:
            self.window.save(pane)

"""Autosave: every open level with unsaved changes is copied to the recovery folder on a timer
(the interval is a preference, 30 s by default), so a crash or a kill loses at most that much.

A level's copy is written in its game's own format, atomically, only when it changed since
the last copy; it is removed as soon as the level is saved, undone back to its saved state,
or closed (its changes discarded). The copies live in a RecoveryStore (app.recovery).
"""

from __future__ import annotations

import uuid

from PySide6.QtCore import QObject, QTimer

from studio.app.recovery import RecoveryEntry, RecoveryStore
from studio.model.document import LevelDocument

DEFAULT_INTERVAL_SECONDS = 30


class Autosaver(QObject):
    def __init__(self, window, store: RecoveryStore, interval_seconds: int = DEFAULT_INTERVAL_SECONDS):
        super().__init__(window)
        self.window = window
        self.store = store
        self._entry_ids: dict[int, str] = {}  # id(document) -> its recovery entry
        self._written: dict[str, int] = {}  # entry -> the document revision it holds
        self._reported: set[str] = set()  # problems already shown in the status bar
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.save_all)
        self.set_interval(interval_seconds)

    def set_interval(self, seconds: int) -> None:
        """Autosave every ``seconds`` (0: never)."""
        self.timer.stop()
        if seconds > 0:
            self.timer.start(int(seconds * 1000))

    def track(self, document: LevelDocument) -> None:
        """Follow a newly opened document: its copy goes when it is saved or undone to clean."""
        document.modifiedChanged.connect(lambda modified, document=document: modified or self.forget(document))

    def entry_id(self, document: LevelDocument) -> str:
        return self._entry_ids.setdefault(id(document), uuid.uuid4().hex)

    # -- writing and removing copies ------------------------------------------------------------
    def save_all(self) -> list[str]:
        """Copy every open level with changes not yet copied; the problems met, as messages."""
        problems = [problem for pane in self.window.panes() if (problem := self.save_document(pane.document))]
        for problem in problems:
            if problem not in self._reported:
                self._reported.add(problem)
                self.window.statusBar().showMessage("⚠ " + problem, 10000)
        return problems

    def save_document(self, document: LevelDocument) -> str | None:
        """Copy one level if it has unsaved changes not yet copied; a problem as a message."""
        if not document.is_modified:
            self.forget(document)
            return None
        entry = self.entry_id(document)
        if self._written.get(entry) == document.revision and self.store.has(entry):
            return None
        name = document.display_name()
        try:
            data = document.game.save(document.level)
        except ValueError as error:  # a level its format cannot hold yet (LevelFormatError, LevelLimitError)
            return f"Autosave skipped {name}: {error}"
        try:
            self.store.write(entry, data, document.game.id, str(document.path) if document.path else None, name)
        except OSError as error:
            return f"Autosave could not write a copy of {name}: {error.strerror or error}"
        self._written[entry] = document.revision
        return None

    def forget(self, document: LevelDocument) -> None:
        """The document's changes were saved or discarded: its copy goes."""
        entry = self._entry_ids.get(id(document))
        if entry is not None:
            self._written.pop(entry, None)
            self.store.remove(entry)

    def closed(self, document: LevelDocument) -> None:
        self.forget(document)
        self._entry_ids.pop(id(document), None)

    def adopt(self, document: LevelDocument, entry: RecoveryEntry) -> None:
        """A recovered level keeps its copy (moved into this session) until saved or discarded."""
        self.store.adopt(entry, self.entry_id(document))
        self._written[self.entry_id(document)] = document.revision

"""LevelDocument: one open level, its file, its undo stack and what changed.

Every change goes through a QUndoCommand on ``undo_stack`` (see commands.py);
the commands call the ``apply_*`` methods here, which change the level and
emit exactly what changed so views repaint only that.
"""

from __future__ import annotations

import hashlib
import warnings
from pathlib import Path
from typing import Any, Hashable, Iterable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from studio.core.files import write_atomic
from studio.core.game import Game, game_for_path
from studio.core.reading import read_level


class LevelDocument(QObject):
    cellsChanged = Signal(list)  # cell indices whose bundles changed
    entitiesChanged = Signal()
    propertiesChanged = Signal()
    levelReplaced = Signal()  # size or everything changed
    modifiedChanged = Signal(bool)
    pathChanged = Signal()
    changed = Signal()  # any change at all (after the specific signal)
    saved = Signal()  # the level was written to its file

    def __init__(self, game: Game, level: Any, path: str | Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.game = game
        self.level = level
        self.path: Path | None = Path(path) if path else None
        self.revision = 0  # bumps on every change, so a play-test can tell it is out of date
        # The MD5 of the file's bytes as this document last read or wrote them (None: unknown),
        # so a change by another program can be told from the studio's own save.
        self.disk_digest: str | None = None
        self.keep_backup = True  # a save keeps the version it replaces as NAME~ (Preferences)
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    SIGNALS = ("cellsChanged", "entitiesChanged", "propertiesChanged", "levelReplaced", "modifiedChanged",
               "pathChanged", "changed", "saved")

    def release(self) -> None:
        """The level was closed: drop every connection to this document and its undo history.
        Slots connected as lambdas often hold the document (or its pane) themselves, a cycle
        through Qt that Python's collector cannot see; without this a closed level lives on."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # (a signal with no slot left says so)
            for name in self.SIGNALS:
                getattr(self, name).disconnect()
            for name in ("cleanChanged", "indexChanged", "canUndoChanged", "canRedoChanged"):
                getattr(self.undo_stack, name).disconnect()
        self.undo_stack.clear()

    def _clean_changed(self, clean: bool) -> None:
        self.modifiedChanged.emit(not clean)

    # -- files -------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, parent: QObject | None = None) -> "LevelDocument":
        """Read a level file; raises LevelFormatError (bad file) or OSError (unreadable)."""
        from studio.core.errors import LevelFormatError

        game = game_for_path(path)
        if game is None:
            raise LevelFormatError(f"{Path(path).name}: no game reads files of this kind")
        data = read_level(path, game)  # a regular file within the game's size cap
        document = cls(game, game.load(data), path, parent)
        document.disk_digest = digest(data)
        return document

    def save(self, path: str | Path | None = None) -> None:
        """Write the level atomically to ``path`` (or its own path) and mark it clean.
        Raises ReadOnlyFileError (a PermissionError) for a read-only file, OSError when the
        disk refuses, LevelFormatError when the level cannot be written in its format."""
        target = Path(path) if path else self.path
        if target is None:
            raise ValueError("the document has no file name yet")
        data = self.game.save(self.level)
        write_atomic(target, data, backup=self.keep_backup)
        self.disk_digest = digest(data)
        if target != self.path:
            self.path = target
            self.pathChanged.emit()
        self.undo_stack.setClean()
        self.saved.emit()

    @property
    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        return self.path.name if self.path else "Untitled"

    # -- applied by undo commands only ---------------------------------------
    def apply_cells(self, bundles: dict[int, Hashable], entities: Hashable | None = None) -> None:
        level = self.level
        for index, bundle in bundles.items():
            level.set_cell_bundle(index, bundle)
        if entities is not None:
            level.set_entity_state(entities)
        self._changed()
        if bundles:
            self.cellsChanged.emit(sorted(bundles))
        if entities is not None:
            self.entitiesChanged.emit()
        self.changed.emit()

    def apply_entities(self, entities: Hashable) -> None:
        self.level.set_entity_state(entities)
        self._changed()
        self.entitiesChanged.emit()
        self.changed.emit()

    def apply_properties(self, values: dict[str, object]) -> None:
        self.level.set_properties(values)
        self._changed()
        self.propertiesChanged.emit()
        self.changed.emit()

    def replace_level(self, level: Any) -> None:
        self.level = level
        self._changed()
        self.levelReplaced.emit()
        self.changed.emit()

    def _changed(self) -> None:
        self.revision += 1

    # -- reading helpers for views and tools ----------------------------------
    def bundles(self, cells: Iterable[int]) -> dict[int, Hashable]:
        return {index: self.level.cell_bundle(index) for index in cells}


def digest(data: bytes) -> str:
    """The MD5 of a file's bytes, as ``LevelDocument.disk_digest`` holds it."""
    return hashlib.md5(data).hexdigest()

"""LevelDocument: one open level, its file, its undo stack and what changed.

Every change goes through a QUndoCommand on ``undo_stack`` (see commands.py);
the commands call the ``apply_*`` methods here, which change the level and
emit exactly what changed so views repaint only that.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Hashable, Iterable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from studio.core.files import write_atomic
from studio.core.game import Game, game_for_path


class LevelDocument(QObject):
    cellsChanged = Signal(list)  # cell indices whose bundles changed
    entitiesChanged = Signal()
    propertiesChanged = Signal()
    levelReplaced = Signal()  # size or everything changed
    modifiedChanged = Signal(bool)
    pathChanged = Signal()
    changed = Signal()  # any change at all (after the specific signal)

    def __init__(self, game: Game, level: Any, path: str | Path | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.game = game
        self.level = level
        self.path: Path | None = Path(path) if path else None
        self.revision = 0  # bumps on every change, so a play-test can tell it is out of date
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

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
        data = Path(path).read_bytes()
        return cls(game, game.load(data), path, parent)

    def save(self, path: str | Path | None = None) -> None:
        """Write the level atomically to ``path`` (or its own path) and mark it clean."""
        target = Path(path) if path else self.path
        if target is None:
            raise ValueError("the document has no file name yet")
        write_atomic(target, self.game.save(self.level))
        if target != self.path:
            self.path = target
            self.pathChanged.emit()
        self.undo_stack.setClean()

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

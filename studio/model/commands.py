"""One QUndoCommand per kind of edit. Each knows how to undo itself.

Cell edits store the old and new bundle of every cell they touch (and, when
they move entities, the old and new entity state); continuous brush strokes
merge into one command, as Tiled's paint command does.
"""

from __future__ import annotations

from typing import Hashable

from PySide6.QtGui import QUndoCommand, QUndoStack

from studio.model.document import LevelDocument

PAINT_STROKE_ID = 1001


def push_merging(stack: QUndoStack, command: QUndoCommand) -> None:
    """Push ``command``, merging it into the step on top when Qt would (same id, not -1, the
    top step not the saved state), but doing the merge here. When Qt merges, it deletes the
    merged command behind PySide's back, and the Python object, with the cells or the whole
    lock it holds, lives on: one per piece of every brush stroke. Merged here, it is never
    handed to Qt and goes as soon as it is done with."""
    index = stack.index()
    top = stack.command(index - 1) if index > 0 and index == stack.count() else None
    mergeable = top is not None and command.id() != -1 and top.id() == command.id() and index != stack.cleanIndex()
    if mergeable and top.mergeWith(command):
        command.redo()
        stack.indexChanged.emit(index)  # as QUndoStack.push says after a merge
        return
    stack.push(command)


class CellEdit(QUndoCommand):
    """Sets some cells (and optionally the entities) to new contents."""

    label = "Edit cells"

    def __init__(self, document: LevelDocument, new_bundles: dict[int, Hashable], new_entities: Hashable | None = None):
        super().__init__(self.label)
        self.document = document
        level = document.level
        self.new = dict(new_bundles)
        self.old = {index: level.cell_bundle(index) for index in self.new}
        self.new_entities = new_entities
        self.old_entities = level.entity_state() if new_entities is not None else None

    def redo(self) -> None:
        self.document.apply_cells(self.new, self.new_entities)

    def undo(self) -> None:
        self.document.apply_cells(self.old, self.old_entities)

    def changes_anything(self) -> bool:
        return self.new != self.old or self.new_entities != self.old_entities


class PaintStroke(CellEdit):
    """A brush or eraser stroke; the pieces of one mouse drag merge into one step."""

    label = "Paint"

    def __init__(self, document, new_bundles, stroke: int, label: str = "Paint"):
        self.label = label
        super().__init__(document, new_bundles)
        self.stroke = stroke

    def id(self) -> int:
        return PAINT_STROKE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, PaintStroke) or other.stroke != self.stroke:
            return False
        for index, bundle in other.new.items():
            self.old.setdefault(index, other.old[index])
            self.new[index] = bundle
        return True


class FillRectangle(CellEdit):
    label = "Fill rectangle"


class FloodFill(CellEdit):
    label = "Flood fill"


class EraseSelection(CellEdit):
    label = "Erase selection"


class CutSelection(CellEdit):
    label = "Cut"


class PasteCells(CellEdit):
    label = "Paste"


class MoveSelection(CellEdit):
    label = "Move selection"


class ExpandPattern(CellEdit):
    label = "Expand pattern"


class SetLink(CellEdit):
    label = "Set destination"


class ToggleLink(CellEdit):
    """One link added or removed, where a cell may link to several targets (a button to its gates)."""

    def __init__(self, document: LevelDocument, new_bundles: dict[int, Hashable], added: bool):
        self.label = "Add link" if added else "Remove link"
        super().__init__(document, new_bundles)


class ReverseSelection(CellEdit):
    label = "Reverse selection"


class EntityEdit(QUndoCommand):
    """Replaces the level's entity state (player start, bots) as a whole."""

    label = "Edit entities"

    def __init__(self, document: LevelDocument, new_entities: Hashable):
        super().__init__(self.label)
        self.document = document
        self.old = document.level.entity_state()
        self.new = new_entities

    def redo(self) -> None:
        self.document.apply_entities(self.new)

    def undo(self) -> None:
        self.document.apply_entities(self.old)


class SetPlayerStart(EntityEdit):
    label = "Set player start"


class PlaceBot(EntityEdit):
    label = "Place bot"


class RemoveBot(EntityEdit):
    label = "Remove bot"


class RenumberBot(EntityEdit):
    label = "Change bot order"


class ChangeProperties(QUndoCommand):
    """Title, author and other named properties of the level."""

    def __init__(self, document: LevelDocument, values: dict[str, object]):
        super().__init__("Change level properties")
        self.document = document
        current = document.level.properties()
        self.new = dict(values)
        self.old = {name: current[name] for name in values}

    def redo(self) -> None:
        self.document.apply_properties(self.new)

    def undo(self) -> None:
        self.document.apply_properties(self.old)


class ResizeLevel(QUndoCommand):
    """Width and height changed, the old top-left cell landing at (left, top) of the new
    level (0, 0: the top-left corner fixed; the level's ``resized`` takes the offsets)."""

    def __init__(self, document: LevelDocument, width: int, height: int, left: int = 0, top: int = 0):
        super().__init__(f"Resize to {width}x{height}")
        self.document = document
        self.old_level = document.level
        offset = {"left": left, "top": top} if (left, top) != (0, 0) else {}
        # raises LevelLimitError beyond the game's limits
        self.new_level = document.level.resized(width, height, **offset)

    def redo(self) -> None:
        self.document.replace_level(self.new_level)

    def undo(self) -> None:
        self.document.replace_level(self.old_level)


class ReplaceLevel(QUndoCommand):
    """The whole level replaced by another: the version on disk reloaded, or autosaved edits
    recovered (undo goes back to the level it replaced)."""

    def __init__(self, document: LevelDocument, level, text: str):
        super().__init__(text)
        self.document = document
        self.old_level = document.level
        self.new_level = level

    def redo(self) -> None:
        self.document.replace_level(self.new_level)

    def undo(self) -> None:
        self.document.replace_level(self.old_level)


def push_if_changed(document: LevelDocument, command: QUndoCommand) -> bool:
    """Push an edit unless it would change nothing (so no empty undo steps)."""
    if isinstance(command, CellEdit) and not command.changes_anything():
        return False
    if isinstance(command, EntityEdit) and command.old == command.new:
        return False
    document.undo_stack.push(command)
    return True

"""Undo commands for hex-grid levels (studio.core.hexes.EditableHexLevel).

A hex edit stores the level's hex state before and after; strokes of the hex
brush merge into one step, as the square brush's do. The document announces
the change as ``levelReplaced`` (a hex level is small: the scene repaints it whole).
"""

from __future__ import annotations

from typing import Hashable

from PySide6.QtGui import QUndoCommand

from studio.model.commands import push_merging
from studio.model.document import LevelDocument

HEX_STROKE_ID = 1101


class HexEdit(QUndoCommand):
    """Replaces the level's hex state (its walls, pieces, links) as a whole."""

    def __init__(self, document: LevelDocument, new_state: Hashable, label: str = "Edit", stroke: int = 0):
        super().__init__(label)
        self.document = document
        self.old = document.level.hex_state()
        self.new = new_state
        self.stroke = stroke

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)

    def _apply(self, state: Hashable) -> None:
        self.document.level.set_hex_state(state)
        self.document.replace_level(self.document.level)

    def id(self) -> int:
        return HEX_STROKE_ID if self.stroke else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, HexEdit) or not self.stroke or other.stroke != self.stroke:
            return False
        self.new = other.new
        return True


def push_hex_edit(document: LevelDocument, new_state: Hashable, label: str, stroke: int = 0) -> bool:
    """Push an edit unless it changes nothing (no empty undo steps)."""
    if new_state == document.level.hex_state():
        return False
    push_merging(document.undo_stack, HexEdit(document, new_state, label, stroke))
    return True

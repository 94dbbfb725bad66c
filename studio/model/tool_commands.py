"""Undo commands of the drawing tools Tiled users reach for: each a named kind of cell
edit (commands.CellEdit), so the Undo History says what was done."""

from __future__ import annotations

from studio.model.commands import CellEdit


class DrawLine(CellEdit):
    label = "Draw line"


class DrawRectangleOutline(CellEdit):
    label = "Draw rectangle outline"


class DrawEllipse(CellEdit):
    label = "Draw ellipse"


class FlipSelection(CellEdit):
    label = "Flip selection"


class RotateSelection(CellEdit):
    label = "Rotate selection"

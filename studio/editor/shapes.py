"""Line, outline rectangle and ellipse: drag from one corner to the other; the ghost shows
the cells the shape will paint with the current tile, and the release paints them as one
undo step (Tiled's shape tools)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from studio.core.game import PaletteItem
from studio.core.shapes import ellipse_outline, line_cells, rectangle_outline
from studio.editor.ghost import ghost_of
from studio.editor.tools import Tool, current_tile
from studio.model import commands, tool_commands


class ShapeTool(Tool):
    draws_with_item = True
    shape = staticmethod(line_cells)
    command = tool_commands.DrawLine

    def __init__(self):
        self.anchor: tuple[int, int] | None = None
        self.corner: tuple[int, int] | None = None

    def deactivate(self, scene) -> None:
        self.anchor = None
        ghost_of(scene).clear()
        super().deactivate(scene)

    def cells(self) -> list[tuple[int, int]]:
        if self.anchor is None or self.corner is None:
            return []
        return self.shape(*self.anchor, *self.corner)

    def press(self, scene, cell, event) -> None:
        if cell < 0 or current_tile(scene) is None:
            return
        self.anchor = self.corner = scene.cell_xy_clamped(event.scenePos())
        self._show(scene)

    def drag(self, scene, cell, event) -> None:
        if self.anchor is not None:
            self.corner = scene.cell_xy_clamped(event.scenePos())
            self._show(scene)

    def _show(self, scene) -> None:
        ghost_of(scene).show_item(self.cells(), PaletteItem("tile", current_tile(scene), "", ""))

    def release(self, scene, cell, event) -> None:
        value, cells = current_tile(scene), self.cells()
        self.anchor = self.corner = None
        ghost_of(scene).clear()
        if value is None or not cells:
            return
        level = scene.document.level
        indices = [y * level.width + x for x, y in cells]
        new = {i: level.bundle_with_value(level.cell_bundle(i), scene.layer, value) for i in indices}
        commands.push_if_changed(scene.document, self.command(scene.document, new))

    def key(self, scene, key) -> bool:
        if key == Qt.Key.Key_Escape and self.anchor is not None:  # drop the shape being dragged
            self.anchor = self.corner = None
            ghost_of(scene).clear()
            return True
        return False


class LineTool(ShapeTool):
    name = "line"
    label = "Line"
    icon = "mdi.vector-line"
    shortcut = "N"
    tip = "Drag a straight line of the current tile; Esc while dragging drops it."


class OutlineRectangleTool(ShapeTool):
    name = "outline"
    label = "Rectangle outline"
    icon = "mdi.vector-rectangle"
    shortcut = "O"
    tip = "Drag a rectangle's outline in the current tile (R fills it instead)."
    shape = staticmethod(rectangle_outline)
    command = tool_commands.DrawRectangleOutline


class EllipseTool(ShapeTool):
    name = "ellipse"
    label = "Ellipse"
    icon = "mdi.ellipse-outline"
    shortcut = "C"
    tip = "Drag the box an ellipse's outline fills, in the current tile."
    shape = staticmethod(ellipse_outline)
    command = tool_commands.DrawEllipse

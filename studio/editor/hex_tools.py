"""The hex editor's tools, over hex-grid levels (studio.core.hexes.EditableHexLevel).

They take the names of the square tools whose roles they play, so the main
window's tool actions drive them: "brush" paints the palette's item, "eraser"
erases, "select" drags a selection, "link" draws links (springs) by dragging from
one hex to another. Tools never change the level themselves: they ask the level
for the new hex state and push a HexEdit. A refused edit is said in the status bar.
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt

from studio.core.errors import LevelLimitError
from studio.core.hexes import hex_line
from studio.editor.hex_ghost import hex_ghost_of, show_brush_ghost
from studio.editor.tools import report_limit
from studio.model.hex_commands import push_hex_edit

_strokes = itertools.count(1)


class HexTool:
    name = "tool"
    label = "Tool"
    icon = "fa5s.question"
    shortcut = ""
    tip = ""

    def available(self, level) -> bool:
        return True

    def activate(self, scene) -> None:
        pass

    def deactivate(self, scene) -> None:
        scene.hide_preview()

    def press(self, scene, cell: int, event) -> None:
        pass

    def drag(self, scene, cell: int, event) -> None:
        pass

    def release(self, scene, cell: int, event) -> None:
        pass

    def hover(self, scene, cell: int) -> None:
        pass


class HexBrushTool(HexTool):
    name = "brush"
    label = "Brush"
    icon = "fa5s.paint-brush"
    tip = ("Paint the palette's item on hexes; a drag is one undo step (a block stroke paints one block, "
           "an arm stroke started on a pivot gives it arms).")
    undo_label = "Paint"

    def __init__(self):
        self.stroke = 0
        self.stroke_memory: dict = {}
        self.last_cell = -1
        self.refused = False

    def value(self, scene) -> int | None:
        item = scene.current_item
        return item.value if item is not None and item.kind == "tile" else None

    def activate(self, scene) -> None:
        self.hover(scene, scene.hover_cell)

    def deactivate(self, scene) -> None:
        hex_ghost_of(scene).clear()
        super().deactivate(scene)

    def hover(self, scene, cell) -> None:
        """The ghost: the item a click would paint, on the hex under the cursor."""
        show_brush_ghost(scene, cell)

    def press(self, scene, cell, event):
        self.stroke = next(_strokes)
        self.stroke_memory = {}
        self.last_cell = -1
        self.refused = False
        self.paint(scene, cell)

    def drag(self, scene, cell, event):
        if cell < 0 or cell == self.last_cell:
            return
        if self.last_cell >= 0:
            for h in hex_line(scene.cells[self.last_cell], scene.cells[cell])[1:]:
                self.paint(scene, scene.cell_numbers.get(h, -1))
        else:
            self.paint(scene, cell)

    def paint(self, scene, cell: int) -> None:
        value = self.value(scene)
        if cell < 0 or value is None or cell == self.last_cell:
            return
        self.last_cell = cell
        level = scene.document.level
        q, r = scene.cells[cell]
        try:
            new = level.painted(q, r, value, self.stroke_memory)
        except LevelLimitError as error:
            if not self.refused:  # one message per stroke
                report_limit(scene, error)
            self.refused = True
            return
        push_hex_edit(scene.document, new, self.undo_label, self.stroke)


class HexEraserTool(HexBrushTool):
    name = "eraser"
    label = "Eraser"
    icon = "fa5s.eraser"
    tip = "Erase what covers a hex: a wall, a ball, a pivot (at its centre) or an arm, the hook, a hex of a block."
    undo_label = "Erase"

    def value(self, scene) -> int | None:
        return 0

    def hover(self, scene, cell) -> None:
        hex_ghost_of(scene).show_hexes([scene.cells[cell]] if cell >= 0 else [])  # the hex it would clear

    def paint(self, scene, cell: int) -> None:
        if cell < 0 or cell == self.last_cell:
            return
        self.last_cell = cell
        try:
            new = scene.document.level.erased(*scene.cells[cell])
        except LevelLimitError as error:
            report_limit(scene, error)
            return
        push_hex_edit(scene.document, new, self.undo_label, self.stroke)


class HexLinkTool(HexTool):
    """Drag from one hex to another to link them (a spring from its root to its end)."""

    name = "link"
    label = "Spring"
    icon = "fa5s.link"
    tip = ("Drag from a block or a pivot's centre to a block to add a spring (its natural length is the length "
           "drawn). On a spring: Ctrl+click lengthens it, Ctrl+Shift+click shortens it, Shift+click removes it.")

    def __init__(self):
        self.start = -1

    def press(self, scene, cell, event):
        self.start = cell
        modifiers = event.modifiers()
        if cell < 0 or not modifiers & (Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier):
            return
        self.start = -1
        level = scene.document.level
        link = level.link_through(*scene.cells[cell])
        if link is None:
            report_limit(scene, LevelLimitError("There is no spring on this hex."))
            return
        try:
            if modifiers & Qt.KeyboardModifier.ControlModifier:
                delta = -1 if modifiers & Qt.KeyboardModifier.ShiftModifier else 1
                push_hex_edit(scene.document, level.link_adjusted(link, delta),
                              "Lengthen spring" if delta > 0 else "Shorten spring")
            else:
                push_hex_edit(scene.document, level.unlinked(link), "Remove spring")
        except LevelLimitError as error:
            report_limit(scene, error)

    def drag(self, scene, cell, event):
        if self.start >= 0 and cell >= 0:
            scene.show_preview_line(self.start, cell)

    def release(self, scene, cell, event):
        scene.hide_preview()
        start, self.start = self.start, -1
        if start < 0 or cell < 0 or cell == start:
            return
        try:
            new = scene.document.level.linked(scene.cells[start], scene.cells[cell])
        except LevelLimitError as error:
            report_limit(scene, error)
            return
        push_hex_edit(scene.document, new, "Add spring")


class HexSelectTool(HexTool):
    name = "select"
    label = "Select"
    icon = "fa5s.object-group"
    tip = ("Drag from one hex to another to select the hexes whose centres lie in the rectangle between "
           "them (the right button does this with any tool).")

    def press(self, scene, cell, event):
        scene.begin_selection(event.scenePos())

    def drag(self, scene, cell, event):
        scene.extend_selection(event.scenePos())

    def release(self, scene, cell, event):
        scene.end_selection()


# The first hex tools; hex_drawing.ALL_HEX_TOOLS has them all.
HEX_TOOLS = (HexBrushTool, HexEraserTool, HexSelectTool, HexLinkTool)

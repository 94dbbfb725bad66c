"""Magic wand and select same tile (Tiled's): a click selects the cells holding the clicked
cell's tile on the current layer, joined side by side to it (the wand) or anywhere in the
level (same tile). Shift+click adds them to the selection, Ctrl+click takes them out.
The selection may be any shape; Edit's cut, copy, erase, move and the stamp take it as it is."""

from __future__ import annotations

from PySide6.QtCore import Qt

from studio.core.grid import flood_region
from studio.editor.tools import Tool


def combined(scene, cells, modifiers) -> set[int]:
    """The selection after a click: the cells alone, or added to (Shift) or taken from (Ctrl)
    what is selected."""
    found = set(cells)
    current = set(scene.selected_cells())
    if modifiers & Qt.KeyboardModifier.ShiftModifier:
        return current | found
    if modifiers & Qt.KeyboardModifier.ControlModifier:
        return current - found
    return found


class MagicWandTool(Tool):
    name = "wand"
    label = "Magic wand"
    icon = "mdi.auto-fix"
    shortcut = "W"
    tip = ("Click to select the cells of the clicked tile joined to it; Shift+click adds, Ctrl+click "
           "takes away.")

    def region(self, scene, cell: int) -> list[int]:
        return flood_region(scene.document.level, cell, scene.layer)

    def press(self, scene, cell, event) -> None:
        if cell >= 0:
            scene.select_cells(combined(scene, self.region(scene, cell), event.modifiers()))


class SelectSameTileTool(MagicWandTool):
    name = "same"
    label = "Select same tile"
    icon = "mdi.select-compare"
    shortcut = "Shift+W"
    tip = ("Click to select every cell of the level holding the clicked tile; Shift+click adds, Ctrl+click "
           "takes away.")

    def region(self, scene, cell: int) -> list[int]:
        level, layer = scene.document.level, scene.layer
        value = level.bundle_value(level.cell_bundle(cell), layer)
        return [i for i in range(level.width * level.height) if level.bundle_value(level.cell_bundle(i), layer) == value]

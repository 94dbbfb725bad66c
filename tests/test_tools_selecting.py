"""Magic wand and select same tile: scattered selections, added to with Shift and taken from
with Ctrl."""

from __future__ import annotations

from PySide6.QtCore import Qt

from studio.games.escape.tiles import T
from tests.gui_helpers import click, open_at_actual_size


def test_magic_wand_and_select_same_tile(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    level = pane.document.level
    for x, y in ((1, 1), (2, 1), (2, 2), (6, 5)):
        level.tiles[level.index(x, y)] = int(T.GREEN)
    pane.scene.grid_item.update()
    window.set_tool("wand")
    click(pane, 1, 1)
    joined = sorted(level.index(x, y) for x, y in ((1, 1), (2, 1), (2, 2)))
    assert pane.scene.selected_cells() == joined
    click(pane, 6, 5, modifiers=Qt.KeyboardModifier.ShiftModifier)  # Shift adds
    assert pane.scene.selected_cells() == sorted(joined + [level.index(6, 5)])
    click(pane, 2, 2, modifiers=Qt.KeyboardModifier.ControlModifier)  # Ctrl takes away (its joined cells)
    assert pane.scene.selected_cells() == [level.index(6, 5)]
    window.set_tool("same")
    click(pane, 6, 5)
    assert pane.scene.selected_cells() == sorted(joined + [level.index(6, 5)])
    window.copy()  # a scattered selection copies only its own cells
    clip = window.clipboard[1]
    assert clip.mask is not None and len(clip.mask) == 4

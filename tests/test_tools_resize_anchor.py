"""Resizing about an anchor: the anchor's part of the level stays in place."""

from __future__ import annotations


from studio.games.escape.tiles import T
from studio.model import commands
from tests.gui_helpers import open_at_actual_size


def test_resize_about_an_anchor(qtbot, window, level_file):
    from studio.app.dialogs import PropertiesDialog

    pane = open_at_actual_size(window, level_file)
    document = pane.document
    level = document.level
    level.tiles[level.index(0, 0)] = int(T.RED)
    exit_cell = level.xy(level.tiles.index(T.EXIT))
    dialog = PropertiesDialog(level, window)
    qtbot.addWidget(dialog)
    dialog.width_box.setValue(level.width + 4)
    dialog.height_box.setValue(level.height + 2)
    dialog.anchor.set_anchor((1, 1))  # the middle stays: two columns each side, a row above and below
    assert dialog.new_size() == (level.width + 4, level.height + 2, 2, 1)
    document.undo_stack.push(commands.ResizeLevel(document, *dialog.new_size()))
    grown = document.level
    assert grown.tiles[grown.index(2, 1)] == T.RED
    assert grown.tiles[grown.index(exit_cell[0] + 2, exit_cell[1] + 1)] == T.EXIT
    assert grown.player == (level.player[0] + 2, level.player[1] + 1)
    document.undo_stack.undo()
    assert document.level is level
    dialog.width_box.setValue(level.width - 2)  # bottom-right anchor: the left columns go
    dialog.height_box.setValue(level.height)
    dialog.anchor.set_anchor((2, 2))
    assert dialog.new_size() == (level.width - 2, level.height, -2, 0)

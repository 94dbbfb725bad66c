"""The Overview dock: the whole level, the canvas's part framed, a click moving the canvas
there."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from studio.editor.scene import CELL
from tests.gui_helpers import open_at_actual_size


def test_the_overview_shows_the_level_and_moves_the_canvas(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    overview = window.drawing.overview
    assert overview.isVisible() and overview.view.scene() is pane.scene
    pane.view.set_zoom(4.0)
    view = overview.view
    target = view.mapFromScene(QPointF(10.5 * CELL, 6.5 * CELL))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=target)
    centre = pane.view.mapToScene(pane.view.viewport().rect().center())
    assert abs(centre.x() - 10.5 * CELL) < CELL and abs(centre.y() - 6.5 * CELL) < CELL
    assert view.shown_rect().contains(QPointF(10.5 * CELL, 6.5 * CELL))

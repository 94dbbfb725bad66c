"""Space+drag pans the canvas instead of using the tool."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from studio.games.escape.tiles import T
from tests.gui_helpers import click, drag, open_at_actual_size


def choose(window, value):
    assert window.palette_dock.select("tile", int(value))


def space(pane, kind):
    QApplication.sendEvent(pane.view, QKeyEvent(kind, Qt.Key.Key_Space, Qt.KeyboardModifier.NoModifier, " "))


def test_space_drag_pans_instead_of_painting(qtbot, window, level_file):
    from PySide6.QtCore import QEvent

    pane = open_at_actual_size(window, level_file)
    pane.view.set_zoom(4.0)
    choose(window, T.GOLD)
    window.set_tool("brush")
    bars = pane.view.horizontalScrollBar(), pane.view.verticalScrollBar()
    before = bars[0].value(), bars[1].value()
    space(pane, QEvent.Type.KeyPress)
    drag(pane, [(6, 4), (5, 3), (4, 2)])
    assert (bars[0].value(), bars[1].value()) != before
    assert T.GOLD not in pane.document.level.tiles  # nothing painted on the way
    space(pane, QEvent.Type.KeyRelease)
    x, y = pane.document.level.xy(pane.scene.cell_at(pane.view.mapToScene(pane.view.viewport().rect().center())))
    click(pane, x, y)
    assert T.GOLD in pane.document.level.tiles  # the brush again

"""The Overview dock: the whole level, the canvas's part framed, a click moving the canvas
there; an edit shows in it a moment later (not with every brush step)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt

from studio.editor.scene import CELL
from studio.games.escape.tiles import T
from studio.model import commands
from tests.gui_helpers import open_at_actual_size


def test_the_overview_shows_the_level_and_moves_the_canvas(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    overview = window.drawing.overview
    view = overview.view
    qtbot.waitUntil(lambda: overview.isVisible() and view.image is not None and view.pane is pane)
    pane.view.set_zoom(4.0)
    target = view.from_scene(QRectF(10.5 * CELL, 6.5 * CELL, 0, 0)).topLeft().toPoint()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=target)
    centre = pane.view.mapToScene(pane.view.viewport().rect().center())
    assert abs(centre.x() - 10.5 * CELL) < CELL and abs(centre.y() - 6.5 * CELL) < CELL
    assert view.shown_rect().contains(QPointF(10.5 * CELL, 6.5 * CELL))


def picture_point(view, x: float, y: float) -> QPointF:
    """Where a scene point lies in the overview's picture."""
    from studio.app.overview_dock import PICTURE_SCALE

    return QPointF((x - view.source.x()) * PICTURE_SCALE, (y - view.source.y()) * PICTURE_SCALE)


def test_an_edit_shows_in_the_overview_soon_after(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    view = window.drawing.overview.view
    qtbot.waitUntil(lambda: view.image is not None and view.pane is pane)
    document, level = pane.document, pane.document.level
    spot = picture_point(view, 3.5 * CELL, 3.5 * CELL)
    before = view.image.pixelColor(spot.toPoint())
    everything = {i: level.bundle_with_value(level.cell_bundle(i), 0, int(T.GOLD)) for i in range(len(level.tiles))}
    document.undo_stack.push(commands.FillRectangle(document, everything))
    qtbot.waitUntil(lambda: view.image is not None and view.image.pixelColor(spot.toPoint()) != before, timeout=2000)


def test_a_one_cell_edit_is_drawn_again_alone(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    view = window.drawing.overview.view
    qtbot.waitUntil(lambda: view.image is not None and view.pane is pane)
    image = view.image
    level = pane.document.level
    spot = picture_point(view, 4.5 * CELL, 2.5 * CELL)
    before = image.pixelColor(spot.toPoint())
    cell = level.index(4, 2)
    pane.document.undo_stack.push(commands.PaintStroke(
        pane.document, {cell: level.bundle_with_value(level.cell_bundle(cell), 0, int(T.GOLD))}, stroke=1))
    qtbot.waitUntil(lambda: view.image.pixelColor(spot.toPoint()) != before, timeout=2000)
    assert view.image is image  # the same picture, that cell drawn again in it


def test_the_frame_follows_the_canvas_when_a_dock_narrows_it(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    view = window.drawing.overview.view
    qtbot.waitUntil(lambda: view.image is not None and view.pane is pane)
    pane.view.set_zoom(4.0)
    qtbot.wait(20)
    painted = []
    view.paintEvent = lambda event, paint=view.paintEvent: (painted.append(view.shown_rect()), paint(event))
    pane.view.resize(pane.view.width() // 2, pane.view.height())  # scroll bars may stay where they were
    qtbot.waitUntil(lambda: bool(painted) and painted[-1] == view.shown_rect(), timeout=2000)


def test_the_picture_leaves_out_the_selection_and_the_ghost(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    view = window.drawing.overview.view
    qtbot.waitUntil(lambda: view.image is not None and view.pane is pane)
    clean = view.image.copy()
    window.set_tool("brush")
    pane.scene.select_cells([pane.document.level.index(x, y) for x in range(2, 6) for y in range(1, 4)])
    from tests.gui_helpers import move
    move(pane, 7, 3, buttons=Qt.MouseButton.NoButton)  # the brush's ghost there
    assert pane.scene._ghost.isVisible() and pane.scene.selection is not None
    view.refresh()
    assert view.image == clean
    assert pane.scene._ghost.isVisible() and pane.scene.selection_item.isVisible()  # shown again on the canvas

"""The brush's ghost, the stamp taken from a selection, and the line, outline rectangle and
ellipse tools: what the ghost shows is what a click or release paints, one undo step each."""

from __future__ import annotations

from PySide6.QtCore import Qt

from studio.core.shapes import ellipse_outline, line_cells, rectangle_outline
from studio.games.escape.tiles import T
from tests.gui_helpers import click, drag, move, open_at_actual_size, press, release


def choose(window, value):
    assert window.palette_dock.select("tile", int(value))


def test_the_brush_shows_its_tile_under_the_cursor_before_the_click(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    choose(window, T.GOLD)
    window.set_tool("brush")
    move(pane, 3, 2, buttons=Qt.MouseButton.NoButton)
    ghost = pane.scene._ghost
    assert ghost.isVisible() and ghost.cells() == [(3, 2)]
    assert pane.document.level.tiles[pane.document.level.index(3, 2)] == T.FLOOR  # shown, not painted
    assert ghost.sceneBoundingRect() == pane.scene.grid_item.mapRectToScene(ghost.boundingRect())
    pane.scene.leave()
    assert not ghost.isVisible()


def test_the_stamp_takes_the_selection_and_puts_it_down_in_one_step(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    level = pane.document.level
    level.tiles[level.index(1, 1)] = int(T.RED)
    level.tiles[level.index(2, 1)] = int(T.GREY)
    drag(pane, [(1, 1), (2, 1)], button=Qt.MouseButton.RightButton)
    window.set_tool("stamp")
    stamp = pane.tools["stamp"]
    assert (stamp.clip.width, stamp.clip.height) == (2, 1)
    move(pane, 5, 4, buttons=Qt.MouseButton.NoButton)
    assert pane.scene._ghost.cells() == [(5, 4), (6, 4)]
    steps = pane.document.undo_stack.count()
    click(pane, 5, 4)
    assert (level.tiles[level.index(5, 4)], level.tiles[level.index(6, 4)]) == (T.RED, T.GREY)
    assert pane.document.undo_stack.count() == steps + 1


def draw(window, pane, tool, start, end):
    window.set_tool(tool)
    press(pane, *start)
    move(pane, *end)
    ghost = pane.scene._ghost.cells()
    release(pane, *end)
    return ghost


def test_line_outline_and_ellipse_paint_what_their_ghost_showed(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    level = pane.document.level
    choose(window, T.BLUE)
    for tool, shape, start, end in (("line", line_cells, (0, 0), (7, 3)),
                                    ("outline", rectangle_outline, (1, 1), (5, 4)),
                                    ("ellipse", ellipse_outline, (2, 0), (10, 6))):
        steps = pane.document.undo_stack.index()
        shown = draw(window, pane, tool, start, end)
        expected = shape(*start, *end)
        assert sorted(shown) == sorted(expected), tool
        painted = {level.xy(i) for i, tile in enumerate(level.tiles) if tile == T.BLUE}
        assert set(expected) <= painted, tool
        assert pane.document.undo_stack.index() == steps + 1, tool
        pane.document.undo_stack.undo()
        assert T.BLUE not in level.tiles, tool
        assert not pane.scene._ghost.isVisible()


def test_the_ghost_is_drawn_in_its_tiles_colours_beside_destination_arrows(qtbot, window):
    # The view keeps no painter state between items: the ghost once took the arrows' cyan brush.
    from pathlib import Path

    from tests.gui_helpers import cell_point

    level = Path(__file__).resolve().parent.parent / "levels" / "escape" / "06-panels.esx"
    pane = open_at_actual_size(window, level)
    qtbot.waitUntil(lambda: pane.view.viewport().isVisible())
    qtbot.wait(50)  # (laid out: cells sit where cell_point says)
    pane.view.centerOn(pane.scene.level_rect().center())
    choose(window, T.RED)
    window.set_tool("brush")
    move(pane, 8, 2, buttons=Qt.MouseButton.NoButton)  # a floor cell; the level's arrows are drawn first
    qtbot.wait(20)
    assert pane.scene._ghost.isVisible() and pane.scene._ghost.cells() == [(8, 2)]
    image = pane.view.viewport().grab().toImage()
    point = cell_point(pane, 8, 2)
    colour = image.pixelColor(point.x() - 3, point.y() + 3)
    assert colour.red() > colour.green() + 40 and colour.red() > colour.blue() + 40, colour.getRgb()

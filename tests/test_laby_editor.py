"""Labyrinthos in the editor, driven through the real widgets: painting in the level's own
colours, reverse, the properties dialog with colour pickers, and File > Generate."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage

from studio.games.laby.generator import generate_level
from studio.games.laby.labyfile import load_laby, save_laby
from studio.games.laby.squares import Square
from tests.gui_helpers import cell_point, click, drag, open_at_actual_size, show_main_window

LEVEL = b"""# a test maze
name Test Maze
author Tester
color 1 1000 1000 1000 0 600 0
map
000000
011110
000002
end
"""


@pytest.fixture
def level_file(tmp_path) -> Path:
    path = tmp_path / "test.laby"
    path.write_bytes(LEVEL)
    return path


@pytest.fixture
def window(qtbot, settings, level_file):
    window = show_main_window(qtbot, settings, 1000, 700)
    open_at_actual_size(window, level_file)
    return window


def pixel_at(pane, x: int, y: int) -> QColor:
    """The colour on screen near the top-left corner of cell (x, y), past any bevel."""
    image = pane.view.viewport().grab().toImage()
    point = cell_point(pane, x, y)
    return QColor(image.pixel(point.x() - 8, point.y() - 8))


def centre_pixel(pane, x: int, y: int) -> QColor:
    image = pane.view.viewport().grab().toImage()
    point = cell_point(pane, x, y)
    return QColor(image.pixel(point.x(), point.y()))


def choose(window, value: int) -> None:
    assert window.palette_dock.select("tile", value)


def test_the_palette_lists_the_four_squares_and_only_fitting_tools(qtbot, window):
    model = window.palette_dock.model
    assert [item.name for item in model.items] == ["Path", "Wall", "Objective", "Spawn"]
    assert not window.tool_actions["player"].isEnabled() and not window.tool_actions["bot"].isEnabled()
    assert window.tool_actions["brush"].isEnabled() and window.tool_actions["rectangle"].isEnabled()
    assert not window.actions["toggle_layer"].isEnabled()


def test_brush_and_rectangle_paint_squares_undoably(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    choose(window, Square.SPAWN)
    window.set_tool("brush")
    click(pane, 0, 0)
    assert level.squares[0] == Square.SPAWN and level.spawn_cell() == 0
    choose(window, Square.WALL)
    window.set_tool("rectangle")
    drag(pane, [(3, 0), (4, 0), (5, 0)])
    assert bytes(level.squares[3:6]) == bytes([Square.WALL] * 3)
    window.actions["undo"].trigger()
    assert bytes(level.squares[3:6]) == bytes([Square.PATH] * 3)
    window.actions["undo"].trigger()
    assert level.squares[0] == Square.PATH


def test_squares_are_drawn_in_the_levels_colours(qtbot, window):
    pane = window.current_pane()
    qtbot.wait(10)
    assert pixel_at(pane, 1, 1) == QColor(0, 153, 0)  # walls: background 0 600 0
    assert pixel_at(pane, 0, 0) == QColor(0, 0, 0)  # paths: the default black
    assert pixel_at(pane, 5, 2).red() > 200  # the objective's default red


def test_the_start_mark_follows_the_spawn_rules(qtbot, window):
    pane = window.current_pane()
    painter, level = pane.cell_painter, pane.document.level
    assert painter.entity_cells(level) == [level.index(4, 2)]  # no spawn: the last path square
    qtbot.wait(10)
    assert centre_pixel(pane, 4, 2) == QColor(255, 255, 255)  # the player's white x
    choose(window, Square.SPAWN)
    window.set_tool("brush")
    click(pane, 2, 0)
    click(pane, 0, 2)
    assert painter.entity_cells(level) == [level.index(2, 0)]  # the first spawn counts
    qtbot.wait(10)
    assert centre_pixel(pane, 4, 2) == QColor(0, 0, 0)  # the mark left the square it no longer starts on
    assert centre_pixel(pane, 2, 0) == QColor(255, 255, 255)
    assert "not used" in painter.describe_cell(level, level.index(0, 2))
    assert "starts here" in painter.describe_cell(level, level.index(2, 0))


def test_reverse_swaps_paths_and_walls_in_the_selection_as_one_step(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    reverse = window.actions["reverse_selection"]
    assert not reverse.isEnabled()  # nothing selected yet
    pane.scene.set_selection(QRect(0, 0, 6, 3))
    assert reverse.isEnabled()
    before = bytes(level.squares)
    reverse.trigger()
    swap = {Square.PATH: Square.WALL, Square.WALL: Square.PATH}
    assert bytes(level.squares) == bytes(swap.get(s, s) for s in before)
    assert level.squares[level.index(5, 2)] == Square.OBJECTIVE
    assert pane.document.undo_stack.count() == 1
    assert pane.document.undo_stack.undoText() == "Reverse selection"
    window.actions["undo"].trigger()
    assert bytes(level.squares) == before
    qtbot.keyClick(pane.view, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    assert level.squares[0] == Square.WALL and pane.document.undo_stack.count() == 1


def test_reverse_is_in_the_edit_menu_and_off_for_escape(qtbot, window, tmp_path):
    edit_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert window.actions["reverse_selection"] in edit_menu.actions()
    from studio.games.escape.esx import save_esx
    from studio.games.escape.level import EscapeLevel

    escape_file = tmp_path / "other.esx"
    escape_file.write_bytes(save_esx(EscapeLevel.blank(5, 5)))
    pane = window.open_file(escape_file)
    pane.scene.set_selection(QRect(0, 0, 2, 2))
    assert window.actions["copy"].isEnabled()
    assert not window.actions["reverse_selection"].isEnabled()


def test_properties_dialog_edits_metadata_and_colours_undoably(qtbot, window, monkeypatch, level_file):
    from studio.app import dialogs
    from studio.app.property_fields import ColourField, FileField

    pane = window.current_pane()
    seen = {}

    def fake_exec(dialog):
        seen["fields"] = dict(dialog.fields)
        dialog.fields["name"].setText("Renamed")
        dialog.fields["nextlevel"].setText("second.laby")
        dialog.fields["path_background"].set_value((0, 0, 400))
        dialog.fields["wall_background"].set_value(None)  # back to the game's white walls
        dialog.fields["wall_foreground"].set_value(None)
        dialog.accept()
        return True

    monkeypatch.setattr(dialogs.PropertiesDialog, "exec", fake_exec)
    window.edit_properties()
    assert isinstance(seen["fields"]["wall_foreground"], ColourField)
    assert isinstance(seen["fields"]["nextlevel"], FileField)
    assert "high_scores" not in seen["fields"]
    level = pane.document.level
    assert (level.name, level.nextlevel) == ("Renamed", "second.laby")
    assert level.colour_pair(Square.PATH)[1] == (0, 0, 400)
    assert Square.WALL not in level.colours
    qtbot.wait(10)
    assert pixel_at(pane, 0, 0) == QColor(0, 0, 102)
    assert pixel_at(pane, 1, 1) == QColor(255, 255, 255)
    # The palette's path icon takes the new colour too.
    icon = window.palette_dock.model.data(window.palette_dock.model.index(0), 1)
    assert icon.pixmap(32, 32).toImage().pixelColor(16, 16) == QColor(0, 0, 102)

    assert pane.document.undo_stack.count() == 1
    window.save()
    saved = level_file.read_bytes().decode()
    assert saved.startswith("# a test maze\nname Renamed\nauthor Tester\n")
    assert "nextlevel second.laby\ncolor 0 1000 1000 1000 0 0 400\nmap\n" in saved
    window.actions["undo"].trigger()
    assert level.name == "Test Maze" and level.colours == {1: ((1000, 1000, 1000), (0, 600, 0))}
    assert save_laby(level) == LEVEL


def test_properties_dialog_shows_a_bad_value_instead_of_failing(qtbot, window):
    from studio.app.dialogs import PropertiesDialog

    dialog = PropertiesDialog(window.current_pane().document.level, window)
    qtbot.addWidget(dialog)
    dialog.fields["objective_foreground"].set_value((0, 0, 5000))
    dialog.accept()
    assert dialog.result() == 0 and "0 to 1000" in dialog.problem.text()


def test_colour_field_picks_a_colour_on_the_files_scale(qtbot, window, monkeypatch):
    from PySide6.QtWidgets import QColorDialog

    from studio.app.dialogs import PropertiesDialog

    dialog = PropertiesDialog(window.current_pane().document.level, window)
    qtbot.addWidget(dialog)
    field = dialog.fields["spawn_foreground"]
    assert field.value() is None and not field.reset.isEnabled()
    monkeypatch.setattr(QColorDialog, "getColor", lambda *args: QColor(255, 0, 51))
    field.swatch.click()
    assert field.value() == (1000, 0, 200)
    assert dialog.changed_properties() == {"spawn_foreground": (1000, 0, 200)}
    field.reset.click()
    assert field.value() is None and dialog.changed_properties() == {}


def test_file_field_keeps_names_relative_to_the_levels_folder(qtbot, window, level_file):
    from studio.app.dialogs import PropertiesDialog

    dialog = PropertiesDialog(window.current_pane().document.level, window, folder=level_file.parent)
    qtbot.addWidget(dialog)
    field = dialog.fields["nextlevel"]
    assert field.relative(str(level_file.parent / "sub" / "next.laby")) == "sub/next.laby"
    assert field.relative("/elsewhere/next.laby") == "/elsewhere/next.laby"


def test_escape_properties_keep_their_text_fields(qtbot, window, tmp_path):
    from PySide6.QtWidgets import QLineEdit

    from studio.app.dialogs import PropertiesDialog
    from studio.games.escape.level import EscapeLevel

    dialog = PropertiesDialog(EscapeLevel.blank(4, 4, "Old", "Me"), window)
    qtbot.addWidget(dialog)
    assert set(dialog.fields) == {"title", "author"}
    assert isinstance(dialog.fields["title"], QLineEdit)
    dialog.fields["title"].setText("New")
    assert dialog.changed_properties() == {"title": "New"}


def test_generate_dialog_opens_the_maze_as_a_new_document(qtbot, window, monkeypatch):
    from studio.app import generate_dialog

    def fake_exec(dialog):
        assert dialog.game().id == "laby"
        dialog.width_box.setValue(15)
        dialog.height_box.setValue(9)
        dialog.seed_edit.setText("gargamel")
        dialog.update_preview()
        assert not dialog.preview.pixmap().isNull()
        dialog.accept()
        return True

    monkeypatch.setattr(generate_dialog.GenerateDialog, "exec", fake_exec)
    count = window.tabs.count()
    generate_action = window.actions["generate"]
    file_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&File")
    assert generate_action in file_menu.actions()
    generate_action.trigger()
    assert window.tabs.count() == count + 1
    document = window.current_pane().document
    assert document.path is None and document.game.id == "laby"
    assert save_laby(document.level) == save_laby(generate_level(15, 9, "gargamel"))


def test_generate_dialog_says_why_a_size_is_refused(qtbot, window):
    from studio.app.generate_dialog import GenerateDialog

    dialog = GenerateDialog(window)
    qtbot.addWidget(dialog)
    dialog.width_box.setValue(1)
    dialog.height_box.setValue(1)
    dialog.accept()
    assert dialog.result() == 0 and "at least 2 squares" in dialog.problem.text()
    dialog.width_box.setValue(501)
    dialog.update_preview()
    assert "500" in dialog.problem.text()


def test_render_command_draws_a_laby_level(tmp_path, level_file):
    from studio.commands import render

    import argparse

    out = tmp_path / "maze.png"
    parser = argparse.ArgumentParser()
    render.add_arguments(parser)
    assert render.run(parser.parse_args([str(level_file), "-o", str(out), "--scale", "10"])) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (60, 30)
    assert image.pixelColor(12, 12) == QColor(0, 153, 0)


def test_a_new_laby_level_from_the_new_dialog(qtbot, window, monkeypatch):
    from studio.app import dialogs

    def fake_exec(dialog):
        dialog.game_box.setCurrentIndex(dialog.game_box.findData("laby"))
        dialog.width_box.setValue(7)
        dialog.height_box.setValue(5)
        dialog.accept()
        return True

    monkeypatch.setattr(dialogs.NewLevelDialog, "exec", fake_exec)
    window.new_level()
    level = window.current_pane().document.level
    assert (level.width, level.height) == (7, 5)
    assert load_laby(save_laby(level)).content() == level.content()

"""The Escape editor driven through its real widgets with pytest-qt."""


import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from studio.games.escape.esx import save_esx
from studio.games.escape.level import EscapeLevel
from studio.games.escape.tiles import T
from tests.gui_helpers import cell_point, click, drag, move, open_at_actual_size, show_main_window, wheel


@pytest.fixture
def window(qtbot, settings, level_file):
    window = show_main_window(qtbot, settings, 1000, 700)
    open_at_actual_size(window, level_file)
    return window


def choose(window, kind, value):
    assert window.palette_dock.select(kind, value)


def key(qtbot, window, sequence: str):
    from PySide6.QtGui import QKeySequence

    combo = QKeySequence(sequence)[0]
    qtbot.keyClick(window.current_pane().view, combo.key(), combo.keyboardModifiers())


def test_brush_stroke_paints_cells_and_undoes_as_one_step(qtbot, window):
    pane = window.current_pane()
    choose(window, "tile", T.RED)
    window.set_tool("brush")
    drag(pane, [(1, 1), (2, 1), (3, 1), (3, 2)])
    level = pane.document.level
    assert [level.tiles[level.index(x, y)] for x, y in ((1, 1), (2, 1), (3, 1), (3, 2))] == [T.RED] * 4
    assert pane.document.undo_stack.count() == 1
    window.actions["undo"].trigger()
    assert T.RED not in level.tiles
    window.actions["redo"].trigger()
    assert level.tiles.count(T.RED) == 4


def test_undo_and_redo_shortcuts(qtbot, window):
    pane = window.current_pane()
    choose(window, "tile", T.BLUE)
    click(pane, 0, 0)
    key(qtbot, window, "Ctrl+Z")
    assert pane.document.level.tiles[0] == T.FLOOR
    key(qtbot, window, "Ctrl+Y")
    assert pane.document.level.tiles[0] == T.BLUE


def test_rectangle_and_flood_fill_tools(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    choose(window, "tile", T.BLUE)
    window.set_tool("rectangle")
    drag(pane, [(0, 0), (4, 0), (4, 3)])
    assert all(level.tiles[level.index(x, y)] == T.BLUE for x in range(5) for y in range(4))
    choose(window, "tile", T.ROUGH)
    window.set_tool("fill")
    click(pane, 8, 5)
    assert level.tiles[level.index(8, 5)] == T.ROUGH
    assert level.tiles[level.index(0, 0)] == T.BLUE  # the fill stopped at the blue rectangle
    assert level.tiles[level.index(11, 7)] == T.EXIT


def test_eraser_and_player_start_and_bots(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    window.set_tool("eraser")
    click(pane, 11, 7)
    assert level.tiles[level.index(11, 7)] == T.FLOOR
    window.set_tool("player")
    click(pane, 5, 5)
    assert level.player == (5, 5)
    choose(window, "bot", 1)
    assert window.tool_actions["bot"].isChecked()
    click(pane, 6, 6)
    choose(window, "bot", 5 + 4)
    click(pane, 7, 6)
    assert [(b.cell, b.kind) for b in level.bots] == [(level.index(6, 6), 1), (level.index(7, 6), 9)]
    assert window.bots_dock.list.count() == 2
    click(pane, 6, 6, modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert [b.kind for b in pane.document.level.bots] == [9]


def test_sixteenth_bot_is_refused_with_a_message(qtbot, window):
    pane = window.current_pane()
    choose(window, "bot", 2)
    for cell in range(15):
        click(pane, cell % 12, cell // 12)
    click(pane, 5, 5)
    assert len(pane.document.level.bots) == 15
    assert "15" in window.statusBar().currentMessage()


def test_link_tool_sets_a_panel_destination(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    choose(window, "tile", T.PANEL)
    click(pane, 2, 2)
    window.set_tool("link")
    click(pane, 2, 2)
    click(pane, 9, 4)
    assert level.dests[level.index(2, 2)] == level.index(9, 4)
    assert (level.index(2, 2), level.index(9, 4)) in pane.scene.links_item.links()


def test_right_drag_selects_and_ctrl_arrows_move_contents(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    choose(window, "tile", T.RED)
    click(pane, 1, 1)
    choose(window, "tile", T.GOLD)
    click(pane, 2, 2)
    drag(pane, [(1, 1), (2, 2)], button=Qt.MouseButton.RightButton)
    assert pane.scene.selection.getRect() == (1, 1, 2, 2)
    key(qtbot, window, "Ctrl+Right")
    key(qtbot, window, "Ctrl+Down")
    assert level.tiles[level.index(2, 2)] == T.RED
    assert level.tiles[level.index(3, 3)] == T.GOLD
    assert level.tiles[level.index(1, 1)] == T.FLOOR
    assert pane.scene.selection.getRect() == (2, 2, 2, 2)
    window.actions["undo"].trigger()
    window.actions["undo"].trigger()
    assert level.tiles[level.index(1, 1)] == T.RED


def test_shift_arrows_expand_a_panel_series(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    # Two panels at x=0,1 targeting (0,5) and (2,5): a series stepping two cells per panel.
    for x, target in ((0, (0, 5)), (1, (2, 5))):
        level.tiles[level.index(x, 0)] = T.PANEL
        level.dests[level.index(x, 0)] = level.index(*target)
    drag(pane, [(0, 0), (1, 0)], button=Qt.MouseButton.RightButton)
    key(qtbot, window, "Shift+Right")
    assert level.tiles[level.index(2, 0)] == T.PANEL and level.tiles[level.index(3, 0)] == T.PANEL
    assert level.xy(level.dests[level.index(2, 0)]) == (4, 5)
    assert level.xy(level.dests[level.index(3, 0)]) == (6, 5)
    assert pane.scene.selection.getRect() == (2, 0, 2, 1)


def test_copy_paste_and_cut(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    choose(window, "tile", T.GREEN)
    click(pane, 0, 0)
    drag(pane, [(0, 0), (0, 0)], button=Qt.MouseButton.RightButton)
    key(qtbot, window, "Ctrl+C")
    drag(pane, [(6, 6), (6, 6)], button=Qt.MouseButton.RightButton)
    key(qtbot, window, "Ctrl+V")  # the copied cells follow the cursor, here over (6, 6)...
    assert level.tiles[level.index(6, 6)] != T.GREEN
    key(qtbot, window, "Return")  # ...and Enter puts them down
    assert level.tiles[level.index(6, 6)] == T.GREEN
    drag(pane, [(0, 0), (0, 0)], button=Qt.MouseButton.RightButton)
    key(qtbot, window, "Ctrl+X")
    assert level.tiles[0] == T.FLOOR


def test_middle_button_eyedropper_picks_tile_or_bot(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    level.tiles[level.index(4, 4)] = T.LASER
    click(pane, 4, 4, button=Qt.MouseButton.MiddleButton)
    assert window.palette_dock.current_item().value == T.LASER
    choose(window, "bot", 5 + 7)
    click(pane, 3, 3)
    choose(window, "tile", T.RED)
    click(pane, 3, 3, button=Qt.MouseButton.MiddleButton)
    item = window.palette_dock.current_item()
    assert (item.kind, item.value) == ("bot", 12)


def test_y_toggles_the_bizarro_layer(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    key(qtbot, window, "Y")
    assert pane.scene.layer == 1
    assert "bizarro" in window.layer_label.text()
    choose(window, "tile", T.EXIT)
    window.set_tool("brush")
    click(pane, 3, 3)
    assert level.otiles[level.index(3, 3)] == T.EXIT and level.tiles[level.index(3, 3)] == T.FLOOR
    key(qtbot, window, "Y")
    assert pane.scene.layer == 0


def test_zoom_keys_and_ctrl_wheel_zoom_about_the_cursor(qtbot, window):
    pane = window.current_pane()
    view = pane.view
    key(qtbot, window, "]")
    assert view.zoom > 1.0
    key(qtbot, window, "[")
    key(qtbot, window, "[")
    assert view.zoom < 1.0
    view.set_zoom(1.0)
    before = cell_point(pane, 2, 2)
    wheel(pane, 2, 2, 120)
    assert view.zoom > 1.0
    after = cell_point(pane, 2, 2)
    assert abs(after.x() - before.x()) <= view.zoom * 32 and abs(after.y() - before.y()) <= view.zoom * 32
    window.actions["fit"].trigger()
    assert view.zoom > 0


def test_status_bar_describes_the_cell_under_the_cursor(qtbot, window):
    pane = window.current_pane()
    level = pane.document.level
    level.tiles[level.index(3, 1)] = T.PANEL
    level.otiles[level.index(3, 1)] = T.GOLD
    level.dests[level.index(3, 1)] = level.index(7, 2)
    move(pane, 3, 1, buttons=Qt.MouseButton.NoButton)
    text = window.cell_label.text()
    assert "(3, 1)" in text and "Panel" in text and "Gold" in text and "(7, 2)" in text


def test_save_and_reopen_round_trip(qtbot, window, tmp_path, level_file):
    pane = window.current_pane()
    original = level_file.read_bytes()
    window.save()
    assert level_file.read_bytes() == original  # nothing changed: same bytes
    choose(window, "tile", T.HOLE)
    click(pane, 5, 5)
    assert window.isWindowModified()
    window.save()
    assert not window.isWindowModified()
    window.close_pane(pane)
    reopened = window.open_file(level_file)
    assert reopened.document.level.tiles[reopened.document.level.index(5, 5)] == T.HOLE


def test_damaged_file_opens_nothing_and_says_why(qtbot, window, tmp_path, monkeypatch):
    bad = tmp_path / "bad.esx"
    bad.write_bytes(b"ESXL\x00\x00")
    errors = []
    monkeypatch.setattr(window, "show_error", lambda title, text: errors.append(text))
    count = window.tabs.count()
    assert window.open_file(bad) is None
    assert window.tabs.count() == count
    assert errors and "bad.esx" in errors[0]


def test_closing_with_unsaved_changes_asks(qtbot, window, monkeypatch, level_file):
    pane = window.current_pane()
    choose(window, "tile", T.RED)
    click(pane, 0, 0)
    asked = []

    def answer(name):
        asked.append(name)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(window, "ask_save_changes", answer)
    assert not window.close_pane(pane)
    assert asked == ["test.esx"] and window.tabs.count() == 1
    monkeypatch.setattr(window, "ask_save_changes", lambda name: QMessageBox.StandardButton.Discard)
    assert window.close_pane(pane)
    assert window.tabs.count() == 0
    assert level_file.read_bytes()[:4] == b"ESXL"


def test_properties_dialog_changes_are_undoable(qtbot, window, monkeypatch):
    from studio.app import dialogs

    pane = window.current_pane()

    def fake_exec(dialog):
        dialog.fields["title"].setText("Renamed")
        dialog.width_box.setValue(20)
        dialog.accept()
        return True

    monkeypatch.setattr(dialogs.PropertiesDialog, "exec", fake_exec)
    window.edit_properties()
    level = pane.document.level
    assert (level.title, level.width, level.height) == ("Renamed", 20, 8)
    window.actions["undo"].trigger()
    assert (pane.document.level.title, pane.document.level.width) == ("Test", 12)


def test_window_title_shows_file_and_modified_mark(qtbot, window):
    pane = window.current_pane()
    assert "test.esx" in window.windowTitle()
    choose(window, "tile", T.RED)
    click(pane, 0, 0)
    assert window.isWindowModified()
    assert window.tabs.tabText(0).endswith("*")


def test_dropping_a_file_on_the_window_opens_it(qtbot, window, tmp_path):
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    other = tmp_path / "other.esx"
    other.write_bytes(save_esx(EscapeLevel.blank(5, 5, "Dropped")))
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(other))])
    point, buttons, keys = QPointF(50, 50), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    # Qt delivers a drop only to a widget that accepted the drag entering it.
    enter = QDragEnterEvent(point.toPoint(), Qt.DropAction.CopyAction, mime, buttons, keys)
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(window, QDropEvent(point, Qt.DropAction.CopyAction, mime, buttons, keys))
    assert window.tabs.count() == 2
    assert window.current_pane().document.level.title == "Dropped"


def test_open_recent_lists_opened_files_newest_first(qtbot, window, tmp_path, level_file):
    other = tmp_path / "second.esx"
    other.write_bytes(save_esx(EscapeLevel.blank(4, 4)))
    window.open_file(other)
    window._fill_recent_menu()
    names = [action.text() for action in window.recent_menu.actions()]
    assert names[:2] == ["second.esx", "test.esx"]
    window.close_pane(window.current_pane())
    window.recent_menu.actions()[0].trigger()
    assert window.current_pane().document.path.name == "second.esx"


def test_new_level_dialog_refuses_sizes_past_escape_limits(qtbot, window, monkeypatch):
    from studio.app import dialogs

    def fake_exec(dialog):
        dialog.width_box.setValue(60)
        dialog.height_box.setValue(60)
        dialog.accept()
        assert "2048" in dialog.problem.text()
        dialog.width_box.setValue(30)
        dialog.height_box.setValue(20)
        dialog.accept()
        return True

    monkeypatch.setattr(dialogs.NewLevelDialog, "exec", fake_exec)
    window.new_level()
    level = window.current_pane().document.level
    assert (level.width, level.height) == (30, 20)
    assert window.current_pane().document.path is None

"""The smaller things of a designer's day: the status bar after unlinking, ChronoShift's
paradox named as such, the New Level size limit said, a paste that follows the cursor
instead of landing on the selection, titles in tabs and in the Open dialog's preview,
and File > Export Image."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from studio.app.dialogs import NewLevelDialog
from studio.app.export_image import ExportImageDialog
from studio.app.open_dialog import OpenLevelDialog
from studio.core.game import all_games
from studio.core.playtest_adapter import DEAD, Outcome, describe_outcome
from studio.games.escape.tiles import T
from tests.gui_helpers import click, drag, move, open_at_actual_size

ROOT = Path(__file__).resolve().parent.parent
PANELS = ROOT / "levels" / "escape" / "06-panels.esx"
CHRONO = ROOT / "levels" / "chrono" / "05-help-from-the-past.txt"


def test_the_status_bar_follows_an_unlink_under_the_cursor(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    level = pane.document.level
    level.tiles[level.index(2, 2)] = int(T.TRANSPORT)
    level.dests[level.index(2, 2)] = level.index(5, 5)
    move(pane, 2, 2, buttons=Qt.MouseButton.NoButton)
    before = window.cell_label.text()
    window.set_tool("link")
    click(pane, 2, 2)  # the transporter, then a new destination
    click(pane, 7, 3)
    move(pane, 2, 2, buttons=Qt.MouseButton.NoButton)  # (the cursor is back on the source, not moved off)
    assert level.dests[level.index(2, 2)] == level.index(7, 3)
    assert window.cell_label.text() != before and "(7, 3)" in window.cell_label.text()
    pane.document.undo_stack.undo()  # with the cursor still there, the bar follows the undo too
    assert window.cell_label.text() == before


def test_a_chronoshift_paradox_is_called_one(qtbot):
    assert describe_outcome(Outcome(DEAD, "the gate closed on clone 1", "paradox"), 12) == \
        "paradox at move 12: the gate closed on clone 1"
    assert describe_outcome(Outcome(DEAD, "shot"), 3) == "dead at move 3: shot"


def test_the_chrono_play_test_says_paradox(qtbot, window, tmp_path):
    path = tmp_path / "helper.txt"
    path.write_bytes(CHRONO.read_bytes())
    window.open_file(path)
    window.playtest.start()
    dock = window.playtest.dock
    keys = {"E": Qt.Key.Key_Right, "W": Qt.Key.Key_Left, "N": Qt.Key.Key_Up, "S": Qt.Key.Key_Down,
            "H": Qt.Key.Key_Space, "T": Qt.Key.Key_Return}
    for letter in "EEHHWWT" + "EHSSN":  # the gate closes on the earlier clone: a paradox
        qtbot.keyClick(dock.board, keys[letter])
    assert dock.outcome_label.text().startswith("paradox at move 12")


def test_new_level_says_the_width_limit_instead_of_cutting_the_number(qtbot):
    dialog = NewLevelDialog(all_games())
    qtbot.addWidget(dialog)
    dialog.width_box.lineEdit().selectAll()
    qtbot.keyClicks(dialog.width_box.lineEdit(), "120")
    assert dialog.width_box.value() == 120  # not 12
    dialog.accept()
    assert dialog.level is None and "1 to 100" in dialog.problem.text() and "not 120" in dialog.problem.text()


def test_paste_follows_the_cursor_and_never_lands_on_its_own_selection(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    level = pane.document.level
    level.tiles[level.index(1, 1)] = int(T.RED)
    drag(pane, [(1, 1), (2, 2)], button=Qt.MouseButton.RightButton)
    window.copy()
    window.paste()  # the copied cells now follow the cursor, as a ghost
    stamp = pane.tools["stamp"]
    assert pane.scene.tool is stamp and stamp.clip is not None
    pane.scene.leave()  # the cursor goes away from the level: the stamp waits beside the selection
    stamp.activate(pane.scene)
    stamp.load(pane.scene, stamp.clip)
    assert stamp.at == (3, 1)
    move(pane, 6, 4, buttons=Qt.MouseButton.NoButton)
    assert stamp.at == (6, 4) and pane.scene._ghost.isVisible()
    assert level.tiles[level.index(6, 4)] == T.FLOOR  # only shown so far
    click(pane, 6, 4)
    assert level.tiles[level.index(6, 4)] == T.RED and level.tiles[level.index(1, 1)] == T.RED
    assert pane.document.undo_stack.undoText() == "Paste"
    qtbot.keyClick(pane.view, Qt.Key.Key_Escape)  # back to the tool used before
    assert pane.scene.tool is pane.tools["brush"]


def test_tabs_show_the_levels_title(qtbot, window):
    pane = window.open_file(PANELS)
    index = window.tabs.indexOf(pane)
    title = pane.document.level.title
    assert title and window.tabs.tabText(index) == title
    assert str(PANELS) in window.tabs.tabToolTip(index)


def test_the_open_dialog_previews_the_level_with_its_title(qtbot):
    dialog = OpenLevelDialog(None, str(PANELS.parent))
    qtbot.addWidget(dialog)
    dialog.show_preview(str(PANELS))
    assert dialog.title.text() == "The Other Side"  # the level's title, not only its file name
    assert dialog.preview.pixmap() is not None and not dialog.preview.pixmap().isNull()
    assert "Escape" in dialog.details.text()
    dialog.show_preview(str(ROOT / "README.md"))
    assert dialog.preview.pixmap().isNull() and dialog.title.text() == ""


def test_export_image_writes_either_layer_at_any_scale(qtbot, window, tmp_path):
    pane = window.open_file(PANELS)
    dialog = ExportImageDialog(pane.document, window)
    qtbot.addWidget(dialog)
    target = tmp_path / "panels.png"
    dialog.path_edit.setText(str(target))
    dialog.scale_box.setValue(8)
    dialog.layer_box.setCurrentIndex(1)  # the bizarro layer
    dialog.accept()
    assert dialog.written == target
    image = QImage(str(target))
    level = pane.document.level
    assert (image.width(), image.height()) == (level.width * 8, level.height * 8)
    normal = tmp_path / "normal.png"
    dialog = ExportImageDialog(pane.document, window)
    dialog.path_edit.setText(str(normal))
    dialog.scale_box.setValue(8)
    dialog.accept()
    assert QImage(str(normal)) != image  # the layers differ
    assert window.actions["export_image"] in next(
        a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "File").actions()


def test_export_image_labels_its_fields_with_working_mnemonics(qtbot, window):
    # A row of two widgets (the file's name and Browse) had no buddy: "&File:" showed its "&".
    from PySide6.QtWidgets import QFormLayout, QLabel

    pane = window.open_file(PANELS)
    dialog = ExportImageDialog(pane.document, window)
    qtbot.addWidget(dialog)
    form = dialog.findChild(QFormLayout)
    labels = [form.itemAt(row, QFormLayout.ItemRole.LabelRole) for row in range(form.rowCount())]
    labels = [item.widget() for item in labels if item is not None and isinstance(item.widget(), QLabel)]
    assert labels and all(label.buddy() is not None for label in labels if "&" in label.text())
    file_label = next(label for label in labels if label.text() == "&File:")
    assert file_label.buddy() is dialog.path_edit


def test_a_new_levels_tab_takes_the_file_name_once_saved_as(qtbot, window, tmp_path):
    """A new level is titled 'Untitled', a placeholder: after Save As the tab says the file."""
    from studio.core.game import game_by_id
    from studio.games.escape.level import EscapeLevel
    from studio.model.document import LevelDocument

    pane = window.add_document(LevelDocument(game_by_id("escape"), EscapeLevel.blank(8, 6)))
    index = window.tabs.indexOf(pane)
    assert window.tabs.tabText(index) == "Untitled"
    assert window.file_safety.write(pane, tmp_path / "maze.esx")  # what Save As does with the name chosen
    assert window.tabs.tabText(index) == "maze.esx"
    assert str(tmp_path / "maze.esx") in window.tabs.tabToolTip(index)


def test_fit_to_window_shows_no_scroll_bars_and_stays_fitted_on_resize(qtbot, window):
    pane = window.open_file(PANELS)
    view = pane.view
    view.fit_to_window()
    qtbot.wait(10)
    assert not view.horizontalScrollBar().isVisible() and not view.verticalScrollBar().isVisible()
    fitted_zoom = view.zoom
    window.resize(window.width() - 300, window.height() - 200)
    qtbot.waitUntil(lambda: view.zoom < fitted_zoom)  # fitted again to the smaller window
    assert view.fitted
    view.zoom_in()
    assert not view.fitted
    assert view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAsNeeded


def test_escape_clears_a_selection_after_the_tool_drops_what_it_holds(qtbot, window, tmp_path):
    from PySide6.QtCore import QRect

    pane = window.open_file(PANELS)
    pane.scene.set_selection(QRect(1, 1, 3, 2))
    pane.view.setFocus()
    qtbot.keyClick(pane.view, Qt.Key.Key_Escape)
    assert pane.scene.selection is None
    lock = window.open_file(ROOT / "levels" / "intricacy" / "01-the-bolt.lock")
    lock.scene.set_selection([(0, 0)])
    assert lock.scene.selection
    qtbot.keyClick(lock.view, Qt.Key.Key_Escape)
    assert lock.scene.selection is None

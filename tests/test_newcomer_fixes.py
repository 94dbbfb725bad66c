"""What a newcomer tripped over on the second day (issue 39's small things): the Problems
dock's width and centring, one quit prompt for every unsaved level, text fields that keep
their keys, block letters beside springs, the bundled levels in the Open dialog, the
Play-Test dock at hand from the start, and the exported game's level list."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QPointF

from studio.core.game import game_by_id
from studio.games.escape.level import EscapeLevel
from studio.games.escape.tiles import T

ROOT = Path(__file__).resolve().parent.parent


def big_level_with_a_problem_far_off(tmp_path: Path) -> Path:
    level = EscapeLevel.blank(40, 30, "Big", "Tester")
    level.tiles[level.index(39, 29)] = int(T.EXIT)
    level.tiles[level.index(35, 25)] = int(T.PANEL)  # swaps (0, 0): floor on both layers, a warning
    path = tmp_path / "big.esx"
    path.write_bytes(game_by_id("escape").save(level))
    return path


def test_the_problems_dock_keeps_its_width_and_elides_long_problems(qtbot, window, tmp_path):
    dock = window.solving.problems_dock
    pane = window.open_file(big_level_with_a_problem_far_off(tmp_path))
    dock.show()
    dock.refresh()
    narrow = dock.minimumSizeHint().width()
    message = "The panel swaps (0, 0), " + "which is a very long explanation indeed, " * 8
    dock.problems = [replace(dock.problems[0], message=message)] * 30
    dock._show()
    assert dock.minimumSizeHint().width() <= max(narrow, 200)  # long text never widens the dock
    assert dock.widget().minimumSizeHint().width() <= 200
    item = dock.tree.topLevelItem(0)
    assert "very long explanation" in item.toolTip(1).replace("\xa0", " ")
    assert not dock.tree.wordWrap()
    assert pane.view.isVisible()


def test_double_clicking_a_problem_centres_its_cells_in_the_view(qtbot, window, tmp_path):
    dock = window.solving.problems_dock
    pane = window.open_file(big_level_with_a_problem_far_off(tmp_path))
    qtbot.wait(50)  # opening fits the level to the window first
    pane.view.set_zoom(2.0)
    assert pane.view.transform().m11() == 2.0
    dock.show()
    dock.refresh()
    item = dock.tree.topLevelItem(0)
    dock.tree.itemDoubleClicked.emit(item, 0)
    qtbot.wait(20)  # the second centring, once the layout has settled
    view = pane.view
    centre = view.mapFromScene(pane.scene.selection_item.sceneBoundingRect().center())
    middle = QPointF(view.viewport().width() / 2, view.viewport().height() / 2)
    assert abs(centre.x() - middle.x()) <= 2 and abs(centre.y() - middle.y()) <= 2
    assert pane.scene.selected_cells() == [pane.document.level.index(35, 25)]


def three_unsaved_levels(window, tmp_path: Path) -> list[Path]:
    paths = []
    for name in ("one", "two", "three"):
        path = tmp_path / f"{name}.esx"
        level = EscapeLevel.blank(6, 5, name, "Tester")
        path.write_bytes(game_by_id("escape").save(level))
        pane = window.open_file(path)
        pane.document.undo_stack.push(_edit(pane.document, level.index(3, 3)))
        paths.append(path)
    return paths


def _edit(document, cell):
    from studio.model import commands

    return commands.CellEdit(document, {cell: (int(T.GREY), int(T.FLOOR), 0)})


def test_quitting_with_three_unsaved_levels_asks_once(qtbot, window, tmp_path):
    from PySide6.QtWidgets import QMessageBox

    paths = three_unsaved_levels(window, tmp_path)
    asked_one, asked_all = [], []
    window.ask_save_changes = lambda name: asked_one.append(name) or QMessageBox.StandardButton.Cancel
    window.ask_save_all = lambda names: asked_all.append(names) or QMessageBox.StandardButton.Cancel
    assert not window.close()  # Cancel: the studio stays, every level still unsaved
    assert asked_all == [["one.esx", "two.esx", "three.esx"]] and asked_one == []
    assert all(pane.document.is_modified for pane in window.panes())

    window.ask_save_all = lambda names: QMessageBox.StandardButton.SaveAll
    assert window.close()
    for path in paths:
        saved = game_by_id("escape").load(path.read_bytes())
        assert saved.tiles[saved.index(3, 3)] == int(T.GREY)


def test_discard_all_quits_without_writing(qtbot, window, tmp_path):
    from PySide6.QtWidgets import QMessageBox

    paths = three_unsaved_levels(window, tmp_path)
    before = [path.read_bytes() for path in paths]
    window.ask_save_all = lambda names: QMessageBox.StandardButton.Discard
    assert window.close()
    assert [path.read_bytes() for path in paths] == before


def test_the_save_all_dialog_lists_the_levels_with_its_three_buttons(qtbot):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from studio.app.quitting import ask_save_all

    seen = {}

    def look_and_cancel():
        box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())
        seen["text"] = box.text()
        seen["buttons"] = sorted(button.text() for button in box.buttons())
        box.button(QMessageBox.StandardButton.Cancel).click()

    QTimer.singleShot(100, look_and_cancel)
    assert ask_save_all(None, ["one", "two", "three"]) == QMessageBox.StandardButton.Cancel
    assert "3 levels have unsaved changes" in seen["text"] and "•  two" in seen["text"]
    assert seen["buttons"] == ["Cancel", "Discard All", "Save All"]


def checked_tool(window) -> str:
    return window.tool_group.checkedAction().data()


def test_a_click_that_misses_the_comment_box_never_turns_typing_into_tools(qtbot, window, tmp_path):
    from PySide6.QtCore import Qt

    pane = window.open_file(big_level_with_a_problem_far_off(tmp_path))
    dock = window.community.dock
    dock.show()
    dock.raise_()
    qtbot.wait(20)
    pane.view.setFocus()
    assert not dock.comment.isEnabled()  # no level selected, not signed in: the box is disabled
    qtbot.mouseClick(dock.comment, Qt.MouseButton.LeftButton)  # a click on it, or beside it
    qtbot.keyClicks(window.focusWidget() or window, "referee")  # R rectangle, E eraser, F fill…
    assert checked_tool(window) == "brush"
    assert not pane.document.is_modified and not pane.view.hasFocus()
    assert "Select a level" in dock.comment.placeholderText()


def test_text_fields_keep_every_plain_key_but_ctrl_shortcuts_still_work(qtbot, window, tmp_path):
    from PySide6.QtCore import Qt

    window.open_file(big_level_with_a_problem_far_off(tmp_path))
    dock = window.community.dock
    dock.show()
    dock.raise_()
    dock.name.setFocus()
    qtbot.waitUntil(dock.name.hasFocus)
    qtbot.keyClicks(dock.name, "fern w")
    qtbot.keyClick(dock.name, Qt.Key.Key_Delete)
    assert dock.name.text() == "fern w" and checked_tool(window) == "brush"
    assert window.current_pane().scene.selected_cells() == []
    qtbot.keyClick(dock.name, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)  # select all stays the field's
    assert dock.name.selectedText() == "fern w"


def test_intricacy_block_letters_stay_clear_of_spring_ends(qtbot):
    from studio.editor.hex_geometry import hex_centre
    from studio.games.intricacy.view import LockArt

    lock = game_by_id("intricacy").load((ROOT / "levels" / "intricacy" / "04-pulling-round.lock").read_bytes()).lock
    art = LockArt()
    spots = art.label_spots(lock.pieces, lock.springs)
    anchors = {h for spring in lock.springs for h in (spring.root_anchor, spring.end_anchor)}
    assert {lock.pieces[index].label for index in spots} >= {"S", "A"}
    for index, (centre, _scale) in spots.items():
        for h in anchors:
            anchor = hex_centre(h.q, h.r, art.radius)
            assert (centre - anchor).manhattanLength() > art.radius * 0.3  # not on the spring's end dot
    # S is one hex holding the spring's root: its letter sits on the side away from the spring
    s_index = next(index for index in spots if lock.pieces[index].label == "S")
    spring = next(sp for sp in lock.springs if sp.root == s_index or sp.end == s_index)
    mine, other = ((spring.root_anchor, spring.end_anchor) if spring.root == s_index
                   else (spring.end_anchor, spring.root_anchor))
    centre = spots[s_index][0]
    assert (centre - hex_centre(other.q, other.r, art.radius)).manhattanLength() > \
        (hex_centre(mine.q, mine.r, art.radius) - hex_centre(other.q, other.r, art.radius)).manhattanLength()


def test_the_open_dialog_reaches_the_bundled_levels_in_one_click(qtbot, tmp_path):
    from studio.app.open_dialog import OpenLevelDialog
    from studio.app.paths import levels_dir

    dialog = OpenLevelDialog(None, str(tmp_path))
    qtbot.addWidget(dialog)
    sidebar = {Path(url.toLocalFile()) for url in dialog.sidebarUrls()}
    assert {levels_dir(), levels_dir() / "escape", levels_dir() / "laby"} <= sidebar
    dialog.bundled.click()
    assert Path(dialog.directory().absolutePath()) == levels_dir().resolve()


def test_the_exported_games_level_list_shows_whole_rows_only(qtbot, tmp_path):
    from tests.test_player_shell import open_window, staged

    collection = staged(tmp_path, "escape", "Escape Tutorial", "Tester")
    window = open_window(qtbot, collection, tmp_path / "progress")
    for width, height in ((1024, 700), (800, 600), (1280, 800)):
        window.resize(width, height)
        qtbot.wait(20)  # the new size laid out
        window.show_levels()
        grid = window.level_list.grid
        for row in (0, grid.count() - 1, 5):  # the first rows, after the keys went to the last level, and back
            window.level_list.select(row)
            qtbot.wait(10)
            room = grid.viewport().rect()
            shown = [grid.visualItemRect(grid.item(i)) for i in range(grid.count())
                     if grid.visualItemRect(grid.item(i)).intersects(room)]
            assert shown and all(room.contains(rect) for rect in shown), (width, height, row, room, [r for r in shown if not room.contains(r)])

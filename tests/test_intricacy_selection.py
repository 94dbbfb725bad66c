"""The selection on hex locks, the New Level dialog's sizes and the play board's overlay hook,
driven through the real widgets (pytest-qt)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt

from studio.games.intricacy.hexgrid import Hex
from studio.games.intricacy.lockfile import load_lock
from tests.hex_gui_helpers import LOCKS as LEVELS
from tests.hex_gui_helpers import lock_of, open_lock_copy, send_at_hex

RIGHT, NONE = Qt.MouseButton.RightButton, Qt.MouseButton.NoButton


def open_lock(window, tmp_path, name="06-springs-give.lock"):
    return open_lock_copy(window, tmp_path, name)


def right_drag(pane, start, end):
    send_at_hex(pane, QEvent.Type.MouseButtonPress, *start, RIGHT, RIGHT)
    send_at_hex(pane, QEvent.Type.MouseMove, *end, NONE, RIGHT)
    send_at_hex(pane, QEvent.Type.MouseButtonRelease, *end, RIGHT, NONE)


def hover(pane, q, r):
    send_at_hex(pane, QEvent.Type.MouseMove, q, r, NONE, NONE)


def piece_at(pane, q, r):
    lock = lock_of(pane)
    index = lock.piece_at(Hex(q, r))
    return None if index is None else lock.pieces[index]


def test_a_right_drag_selects_the_hexes_whose_centres_lie_between_the_two(window, tmp_path):
    pane = open_lock(window, tmp_path)
    right_drag(pane, (1, -2), (3, -1))
    assert pane.scene.selection == {(1, -2), (2, -2), (3, -2), (1, -1), (2, -1), (3, -1)}
    assert pane.scene.selected_cells() and window.actions["copy"].isEnabled()
    assert window.actions["move_left"].isEnabled() and window.actions["delete"].isEnabled()
    right_drag(pane, (0, 0), (0, 2))  # down-right two rows: rows are offset by half a hex, so the middle
    assert pane.scene.selection == {(0, 0), (1, 0), (0, 1), (-1, 2), (0, 2)}  # row is one hex shorter
    window.actions["deselect"].trigger()
    assert pane.scene.selection is None and not window.actions["copy"].isEnabled()
    window.actions["select_all"].trigger()
    assert pane.scene.selection == set(lock_of(pane).open_hexes())  # the lock and the bolthole, not the frame


def test_the_select_tool_drags_a_selection_with_the_left_button(window, tmp_path):
    pane = open_lock(window, tmp_path)
    window.set_tool("select")
    left = Qt.MouseButton.LeftButton
    send_at_hex(pane, QEvent.Type.MouseButtonPress, -1, 0, left, left)
    send_at_hex(pane, QEvent.Type.MouseMove, 1, 0, NONE, left)
    send_at_hex(pane, QEvent.Type.MouseButtonRelease, 1, 0, left, NONE)
    assert pane.scene.selection == {(-1, 0), (0, 0), (1, 0)}
    assert lock_of(pane) == load_lock((LEVELS / "06-springs-give.lock").read_bytes()).lock


def test_ctrl_arrows_move_the_contents_one_hex_each_an_undo_step(qtbot, window, tmp_path):
    pane = open_lock(window, tmp_path)
    original = lock_of(pane)
    right_drag(pane, (2, -2), (2, -2))  # block S, the root of a spring to the bolt A
    pane.view.setFocus()
    qtbot.keyClick(pane.view, Qt.Key.Key_Left, Qt.KeyboardModifier.ControlModifier)  # west
    assert piece_at(pane, 1, -2).label == "S" and piece_at(pane, 2, -2) is None
    assert "spring" in window.statusBar().currentMessage()  # S left its spring's line
    qtbot.keyClick(pane.view, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)  # north-west
    qtbot.keyClick(pane.view, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)  # south-east
    qtbot.keyClick(pane.view, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)  # east, home again
    assert piece_at(pane, 2, -2).label == "S" and pane.scene.selection == {(2, -2)}
    stack = pane.document.undo_stack
    assert stack.count() == 4 and stack.undoText() == "Move selection"
    for _ in range(4):
        window.actions["undo"].trigger()
    assert lock_of(pane) == original


def test_moving_into_the_frame_is_refused_with_a_message(window, tmp_path):
    pane = open_lock(window, tmp_path)
    right_drag(pane, (4, 0), (4, 0))  # block T on the lock's edge
    window.actions["move_right"].trigger()
    assert "edge of the lock" in window.statusBar().currentMessage()
    assert pane.document.undo_stack.count() == 0


def test_copy_and_paste_at_the_hovered_hex_then_undo(window, tmp_path):
    pane = open_lock(window, tmp_path)
    right_drag(pane, (2, -2), (3, -2))  # block S and an empty hex
    window.actions["copy"].trigger()
    assert window.clipboard[0] == "intricacy"
    window.actions["deselect"].trigger()
    hover(pane, -2, 2)
    window.actions["paste"].trigger()  # the stamp under the cursor: Enter puts it down where it shows
    assert pane.scene.tool_key(Qt.Key.Key_Return)
    pasted = piece_at(pane, -2, 2)
    assert pasted.kind == "block" and pasted.label not in ("S", "A", "B", "T")  # a letter of its own
    assert pane.scene.selection == {(-2, 2), (-1, 2)}
    assert piece_at(pane, 2, -2).label == "S"  # the original stays
    assert pane.document.undo_stack.undoText() == "Stamp"
    window.actions["undo"].trigger()
    assert piece_at(pane, -2, 2) is None


def test_cut_and_delete_erase_the_selection_as_one_step_each(window, tmp_path):
    pane = open_lock(window, tmp_path)
    original = lock_of(pane)
    right_drag(pane, (-2, 0), (-1, 0))  # the hook and its arm
    window.actions["cut"].trigger()
    assert lock_of(pane).hook is None and pane.document.undo_stack.undoText() == "Cut"
    right_drag(pane, (2, -2), (4, 0))  # S, T and B's lower hexes
    window.actions["delete"].trigger()
    assert piece_at(pane, 2, -2) is None and piece_at(pane, 4, 0) is None
    assert pane.document.undo_stack.undoText() == "Erase selection"
    window.actions["paste"].trigger()  # the hook again: it follows the cursor, a click puts it down
    left = Qt.MouseButton.LeftButton
    send_at_hex(pane, QEvent.Type.MouseButtonPress, -2, 0, left, left)
    send_at_hex(pane, QEvent.Type.MouseButtonRelease, -2, 0, left, NONE)
    assert lock_of(pane).hook is not None
    for _ in range(3):
        window.actions["undo"].trigger()
    assert lock_of(pane) == original


def test_expand_pattern_and_show_grid_are_off_on_locks_with_a_reason(window, tmp_path):
    from studio.games.escape import GAME as ESCAPE
    from studio.model.document import LevelDocument

    pane = open_lock(window, tmp_path)
    window.actions["select_all"].trigger()
    expand = window.actions["expand_left"]
    assert not expand.isEnabled() and "square grids only" in expand.toolTip()
    grid = window.actions["show_grid"]
    assert not grid.isEnabled() and "hex outlines" in grid.toolTip()
    assert pane.expand_selection(-1, 0) == pane.expand_problem()
    window.add_document(LevelDocument(ESCAPE, ESCAPE.new_level(6, 5)))  # a square level: both as before
    window.actions["select_all"].trigger()
    assert expand.isEnabled() and expand.toolTip().startswith("Expand Pattern Left")
    assert grid.isEnabled() and grid.toolTip().startswith("Draw cell borders")


def test_the_new_level_dialog_offers_each_game_its_own_sizes(qtbot, window, monkeypatch):
    from studio.app import dialogs
    from studio.core.game import all_games

    dialog = dialogs.NewLevelDialog(all_games(), window)
    qtbot.addWidget(dialog)
    assert dialog.game().id == "escape"
    assert (dialog.width_box.value(), dialog.height_box.value()) == (20, 15) and dialog.height_box.isEnabled()
    dialog.game_box.setCurrentIndex(dialog.game_box.findData("intricacy"))
    width, height = dialog.width_box, dialog.height_box
    assert (width.value(), height.value()) == (9, 9)
    assert (width.minimum(), width.singleStep()) == (5, 2)
    width.setValue(19)  # past the limit: kept, and refused with the limit said
    assert "5 to 17" in dialog.problem.text()
    width.setValue(9)
    assert not height.isEnabled() and width.suffix() == " hexes"
    assert "5 to 17 hexes" in dialog.size_note.text() and "size 2 to 8" in dialog.size_note.text()
    width.setValue(13)
    assert height.value() == 13
    width.setValue(10)
    dialog.accept()
    assert "odd number" in dialog.problem.text() and dialog.level is None
    dialog.game_box.setCurrentIndex(dialog.game_box.findData("escape"))
    assert (width.value(), height.value()) == (20, 15) and height.isEnabled() and dialog.problem.text() == ""

    def fake_exec(shown):
        shown.game_box.setCurrentIndex(shown.game_box.findData("intricacy"))
        shown.width_box.setValue(11)
        shown.accept()
        return True

    monkeypatch.setattr(dialogs.NewLevelDialog, "exec", fake_exec)
    window.new_level()
    level = window.current_pane().document.level
    assert level.size == 5 and (level.width, level.height) == (11, 11)


def test_the_play_board_tells_the_painter_which_overlays_are_on(window, tmp_path):
    from studio.games.intricacy.view import COLOUR_APART, COLOUR_BY_KIND

    pane = open_lock(window, tmp_path)
    pane.view.setFocus()
    window.playtest.actions["playtest"].trigger()
    board = window.playtest.dock.board
    assert board.painter_impl.mode == COLOUR_BY_KIND
    window.playtest.overlay_actions["intricacy"]["colour_apart"].setChecked(True)
    assert board.painter_impl.mode == COLOUR_APART
    window.playtest.overlay_actions["intricacy"]["colour_apart"].setChecked(False)
    assert board.painter_impl.mode == COLOUR_BY_KIND

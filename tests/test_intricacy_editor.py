"""The Intricacy hex editor and play-test driven through the real widgets (pytest-qt)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt

from studio.editor.hex_scene import HexScene
from studio.games.intricacy.hexgrid import Hex
from studio.games.intricacy.level import (
    ERASE, PAINT_ARM, PAINT_BALL, PAINT_BLOCK, PAINT_HOOK, PAINT_PIVOT, PAINT_WRENCH, WALL,
)
from studio.games.intricacy.lockfile import load_lock
from studio.model.document import LevelDocument
from tests.hex_gui_helpers import LOCKS as LEVELS
from tests.hex_gui_helpers import lock_of, open_lock_copy, send_at_hex


def open_lock(window, tmp_path, name="02-balls.lock"):
    return open_lock_copy(window, tmp_path, name)


def click(pane, q, r, modifiers=Qt.KeyboardModifier.NoModifier, button=Qt.MouseButton.LeftButton):
    send_at_hex(pane, QEvent.Type.MouseButtonPress, q, r, button, button, modifiers)
    send_at_hex(pane, QEvent.Type.MouseButtonRelease, q, r, button, Qt.MouseButton.NoButton, modifiers)


def drag(pane, hexes):
    left = Qt.MouseButton.LeftButton
    send_at_hex(pane, QEvent.Type.MouseButtonPress, *hexes[0], left, left)
    for h in hexes[1:]:
        send_at_hex(pane, QEvent.Type.MouseMove, *h, Qt.MouseButton.NoButton, left)
    send_at_hex(pane, QEvent.Type.MouseButtonRelease, *hexes[-1], left, Qt.MouseButton.NoButton)


def choose(window, value):
    assert window.palette_dock.select("tile", value)


def test_a_lock_opens_in_a_hex_scene_with_hex_tools(window, tmp_path):
    pane = open_lock(window, tmp_path)
    assert isinstance(pane.scene, HexScene)
    assert set(pane.tools) == {"brush", "eraser", "select", "link", "stamp", "line", "outline", "wand", "same"}
    assert window.tool_actions["link"].text() == "Spring" and window.tool_actions["link"].isEnabled()
    assert not window.tool_actions["rectangle"].isEnabled() and not window.tool_actions["bot"].isEnabled()
    assert window.palette_dock.model.rowCount() == 8


def test_painting_walls_balls_and_erasing_each_one_undo_step(window, tmp_path):
    pane = open_lock(window, tmp_path)
    choose(window, WALL)
    window.set_tool("brush")
    drag(pane, [(-2, 0), (-1, 0), (0, 0)])
    assert {Hex(-2, 0), Hex(-1, 0), Hex(0, 0)} <= lock_of(pane).walls
    assert pane.document.undo_stack.count() == 1
    choose(window, PAINT_BALL)
    click(pane, 1, 1)
    assert any(p.kind == "ball" and Hex(1, 1) in p.hexes for p in lock_of(pane).pieces)
    window.set_tool("eraser")
    click(pane, -1, 0)
    assert Hex(-1, 0) not in lock_of(pane).walls
    stack = pane.document.undo_stack
    assert stack.count() == 3
    window.actions["undo"].trigger()
    assert Hex(-1, 0) in lock_of(pane).walls
    window.actions["undo"].trigger()
    window.actions["undo"].trigger()
    assert lock_of(pane) == load_lock((LEVELS / "02-balls.lock").read_bytes()).lock
    window.actions["redo"].trigger()
    assert Hex(0, 0) in lock_of(pane).walls


def test_a_block_stroke_paints_one_block_and_a_second_stroke_another(window, tmp_path):
    pane = open_lock(window, tmp_path)
    before = {p.label for p in lock_of(pane).pieces if p.kind == "block"}
    choose(window, PAINT_BLOCK)
    window.set_tool("brush")
    drag(pane, [(-2, 1), (0, 1)])  # the stroke fills the hex between
    drag(pane, [(-2, 3), (-1, 3)])
    blocks = {p.label: p.hexes for p in lock_of(pane).pieces if p.kind == "block" and p.label not in before}
    assert sorted(map(len, blocks.values())) == [2, 3]
    assert {Hex(-2, 1), Hex(-1, 1), Hex(0, 1)} in blocks.values()


def test_pivot_arms_hook_and_wrench(window, tmp_path):
    pane = open_lock(window, tmp_path)
    window.set_tool("brush")
    choose(window, PAINT_PIVOT)
    click(pane, -2, 1)
    choose(window, PAINT_ARM)
    drag(pane, [(-2, 1), (-1, 1)])  # a stroke from the centre gives it an arm
    click(pane, -3, 1)  # next to only that pivot
    pivot = next(p for p in lock_of(pane).pieces if p.kind == "pivot")
    assert pivot.arms == {0, 3}
    choose(window, PAINT_HOOK)
    click(pane, 1, 2)
    hook = lock_of(pane).pieces[lock_of(pane).hook]
    assert hook.centre == Hex(1, 2) and len(hook.arms) == 1
    choose(window, PAINT_WRENCH)
    drag(pane, [(-3, 3), (-2, 3)])
    assert lock_of(pane).pieces[lock_of(pane).wrench].hexes == {Hex(-3, 3), Hex(-2, 3)}
    choose(window, ERASE)
    click(pane, -2, 1)  # erasing a pivot's centre removes it with its arms
    assert not any(p.kind == "pivot" for p in lock_of(pane).pieces)


def test_springs_are_dragged_from_root_to_end_and_adjusted(window, tmp_path):
    pane = open_lock(window, tmp_path)
    window.set_tool("brush")
    choose(window, PAINT_BLOCK)
    click(pane, -2, 1)
    click(pane, 0, 1)
    springs_before = len(lock_of(pane).springs)
    window.set_tool("link")
    drag(pane, [(-2, 1), (-1, 1), (0, 1)])
    lock = lock_of(pane)
    assert len(lock.springs) == springs_before + 1
    spring = next(s for s in lock.springs if s.root_anchor == Hex(-2, 1))
    assert spring.end_anchor == Hex(0, 1) and spring.natural == 2
    click(pane, -1, 1, Qt.KeyboardModifier.ControlModifier)
    assert next(s for s in lock_of(pane).springs if s.root_anchor == Hex(-2, 1)).natural == 3
    click(pane, -1, 1, Qt.KeyboardModifier.ShiftModifier)
    assert len(lock_of(pane).springs) == springs_before


def test_refused_edits_say_why_in_the_status_bar(window, tmp_path):
    pane = open_lock(window, tmp_path)
    window.set_tool("link")
    drag(pane, [(-2, 1), (0, 0)])  # not on a hex line, and not from a block
    assert "spring" in window.statusBar().currentMessage().lower()
    window.set_tool("brush")
    choose(window, WALL)
    click(pane, 4, -4)  # the bolthole
    assert "bolthole" in window.statusBar().currentMessage()
    assert pane.document.undo_stack.count() == 0


def test_size_limits_are_enforced_with_a_message(window, tmp_path):
    pane = open_lock(window, tmp_path)
    level = pane.document.level
    from studio.core.errors import LevelLimitError

    with pytest.raises(LevelLimitError, match="5 to 17 hexes across"):
        level.resized(19, 19)
    with pytest.raises(LevelLimitError, match="as tall as it is wide"):
        level.resized(9, 7)
    assert level.resized(9, 9).size == 4
    with pytest.raises(LevelLimitError, match="too small"):
        level.resized(5, 5)


def test_eyedropper_picks_what_is_on_a_hex(window, tmp_path):
    pane = open_lock(window, tmp_path)
    click(pane, 3, -2, button=Qt.MouseButton.MiddleButton)  # the ball
    assert window.palette_dock.current_item().value == PAINT_BALL


def test_save_writes_the_lock_file(window, tmp_path):
    pane = open_lock(window, tmp_path)
    choose(window, WALL)
    window.set_tool("brush")
    click(pane, -3, 2)
    assert window.save(pane)
    saved = load_lock((tmp_path / "02-balls.lock").read_bytes())
    assert Hex(-3, 2) in saved.lock.walls


def test_new_lock_from_the_game(window):
    from studio.games.intricacy import GAME

    document = LevelDocument(GAME, GAME.new_level(9, 9))
    pane = window.add_document(document)
    assert isinstance(pane.scene, HexScene) and document.level.size == 4


# -- play-test -------------------------------------------------------------------------------------
def start_test(qtbot, window, tmp_path, name):
    pane = open_lock(window, tmp_path, name)
    window.activateWindow()
    pane.view.setFocus()
    window.playtest.actions["playtest"].trigger()
    dock = window.playtest.dock
    assert dock.session is not None
    return dock


def test_playtest_opens_a_lock_by_its_keys(qtbot, window, tmp_path):
    dock = start_test(qtbot, window, tmp_path, "02-balls.lock")
    for key in (Qt.Key.Key_W, Qt.Key.Key_E, Qt.Key.Key_E, Qt.Key.Key_E, Qt.Key.Key_E, Qt.Key.Key_X, Qt.Key.Key_A):
        qtbot.keyClick(dock.board, key)
    assert dock.outcome_label.text() == "won at move 7: the lock is open"


def test_playtest_wrench_keys_and_blockage_annotations(qtbot, window, tmp_path):
    dock = start_test(qtbot, window, tmp_path, "07-the-wrench.lock")
    qtbot.keyClick(dock.board, Qt.Key.Key_D, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(dock.board, Qt.Key.Key_S)
    qtbot.keyClick(dock.board, Qt.Key.Key_S)
    qtbot.keyClick(dock.board, Qt.Key.Key_X, Qt.KeyboardModifier.ShiftModifier)
    annotations = dock.board.visible_annotations()
    colours = {a.colour for a in annotations}
    assert {"#ff9f1c", "#b14aed"} <= colours  # the bolt's blocked pull and what blocked it
    qtbot.keyClick(dock.board, Qt.Key.Key_S)
    assert dock.outcome_label.text() == "won at move 5: the lock is open"


def test_blockage_annotations_toggle(qtbot, window, tmp_path):
    dock = start_test(qtbot, window, tmp_path, "01-the-bolt.lock")
    qtbot.keyClick(dock.board, Qt.Key.Key_D)  # the hook into the frame: blocked
    assert dock.board.visible_annotations()
    window.playtest.overlay_actions["intricacy"]["blockage"].setChecked(False)
    assert not dock.board.visible_annotations()


def test_render_and_the_play_painter_tween_draw_the_lock(qtbot):
    from PySide6.QtGui import QColor, QImage, QPainter

    from studio.games.intricacy.engine import MOVE_LETTERS, initial_state, step
    from studio.games.intricacy.view import COLOUR_APART, make_play_painter, render_level
    from studio.core.playtest_adapter import StepReport
    from studio.playtest.board import Frame

    level = load_lock((LEVELS / "08-gears.lock").read_bytes())
    for mode in ("kind", COLOUR_APART):
        image = render_level(level, scale=24, mode=mode)
        assert image.width() > 200 and len({image.pixel(x, image.height() // 2) for x in range(image.width())}) > 5
    painter_impl = make_play_painter()
    before = initial_state(level.lock)
    after = step(before, MOVE_LETTERS["r"]).state
    report = StepReport(before, MOVE_LETTERS["r"], after, True, None, ())
    rect = painter_impl.board_rect(after)
    assert painter_impl.cell_rect(after, 0).width() > 0
    for progress in (0.0, 0.5, 1.0):
        image = QImage(int(rect.width()) + 2, int(rect.height()) + 2, QImage.Format.Format_ARGB32)
        image.fill(QColor("black"))
        painter = QPainter(image)
        painter.translate(-rect.topLeft())
        painter_impl.paint(painter, after, Frame(report, (), progress), 32)
        painter.end()
        assert image.pixel(image.width() // 2, image.height() // 2) != QColor("black").rgb()


def test_resizing_through_the_undo_stack_redraws_the_hexes(window, tmp_path):
    from studio.model import commands

    pane = open_lock(window, tmp_path)
    cells_before = len(pane.scene.cells)
    pane.document.undo_stack.push(commands.ResizeLevel(pane.document, 11, 11))
    assert pane.document.level.size == 5 and len(pane.scene.cells) > cells_before
    pane.document.undo_stack.undo()
    assert pane.document.level.size == 3 and len(pane.scene.cells) == cells_before

"""The drawing tools on hex grids (Intricacy locks), through the real widgets: the brush's
ghost, line and hexagon outline, magic wand and select same, the stamp (Ctrl+V follows the
cursor, never landing on its own selection) and Edit > Transform turning pivots' arms.
Each edit is one undo step."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt

from studio.games.intricacy.hexgrid import Hex, hexagon
from studio.games.intricacy.level import PAINT_BALL, WALL
from studio.games.intricacy.regions import transform_region
from tests.hex_gui_helpers import lock_of, open_lock_copy, send_at_hex
from tests.intricacy_helpers import block, make_lock, pivot, spring

LEFT, RIGHT, NONE = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton, Qt.MouseButton.NoButton


def open_lock(window, tmp_path, name="06-springs-give.lock"):
    return open_lock_copy(window, tmp_path, name)


def hover(pane, q, r):
    send_at_hex(pane, QEvent.Type.MouseMove, q, r, NONE, NONE)


def click(pane, q, r, modifiers=Qt.KeyboardModifier.NoModifier):
    send_at_hex(pane, QEvent.Type.MouseButtonPress, q, r, LEFT, LEFT, modifiers)
    send_at_hex(pane, QEvent.Type.MouseButtonRelease, q, r, LEFT, NONE, modifiers)


def right_drag(pane, start, end):
    send_at_hex(pane, QEvent.Type.MouseButtonPress, *start, RIGHT, RIGHT)
    send_at_hex(pane, QEvent.Type.MouseMove, *end, NONE, RIGHT)
    send_at_hex(pane, QEvent.Type.MouseButtonRelease, *end, RIGHT, NONE)


def test_every_drawing_tool_that_means_something_on_hexes_is_there(window, tmp_path):
    pane = open_lock(window, tmp_path)
    assert {"stamp", "line", "outline", "wand", "same"} <= set(pane.tools)
    for name in ("stamp", "line", "outline", "wand", "same"):
        assert window.tool_actions[name].isEnabled(), name
    assert window.tool_actions["outline"].text() == "Hexagon outline"
    assert not window.tool_actions["ellipse"].isEnabled()  # (the hexagon outline is a hex grid's circle)


def test_the_hex_brush_shows_its_item_under_the_cursor_before_the_click(window, tmp_path):
    pane = open_lock(window, tmp_path)
    assert window.palette_dock.select("tile", WALL)
    window.set_tool("brush")
    before = lock_of(pane)
    hover(pane, -1, 1)
    ghost = pane.scene._hex_ghost
    assert ghost.isVisible() and ghost.hexes() == [(-1, 1)] and ghost._pixmap is not None
    assert lock_of(pane) == before  # shown, not painted
    pane.scene.leave()
    assert not ghost.isVisible()


def test_line_and_hexagon_outline_paint_what_their_ghost_showed_one_step_each(window, tmp_path):
    pane = open_lock(window, tmp_path)
    assert window.palette_dock.select("tile", WALL)
    stack = pane.document.undo_stack
    for tool, start, end in (("line", (-3, 1), (0, 1)), ("outline", (-1, 2), (0, 2))):
        window.set_tool(tool)
        steps = stack.index()
        send_at_hex(pane, QEvent.Type.MouseButtonPress, *start, LEFT, LEFT)
        send_at_hex(pane, QEvent.Type.MouseMove, *end, NONE, LEFT)
        shown = set(pane.scene._hex_ghost.hexes())
        send_at_hex(pane, QEvent.Type.MouseButtonRelease, *end, LEFT, NONE)
        walls = {tuple(h) for h in lock_of(pane).walls}
        assert shown and shown <= walls, tool
        assert stack.index() == steps + 1, tool
        assert not pane.scene._hex_ghost.isVisible()
        stack.undo()
        assert not shown & {tuple(h) for h in lock_of(pane).walls}, tool
    window.set_tool("line")
    send_at_hex(pane, QEvent.Type.MouseButtonPress, -3, 1, LEFT, LEFT)
    send_at_hex(pane, QEvent.Type.MouseMove, 0, 1, NONE, LEFT)
    assert set(pane.scene._hex_ghost.hexes()) == {(-3, 1), (-2, 1), (-1, 1), (0, 1)}


def test_magic_wand_takes_a_piece_and_select_same_every_hex_like_it(window, tmp_path):
    pane = open_lock(window, tmp_path)
    lock = lock_of(pane)
    index = lock.piece_at(Hex(2, -2))  # block S
    window.set_tool("wand")
    click(pane, 2, -2)
    assert pane.scene.selection == {tuple(h) for h in lock.pieces[index].cells()}
    assert window.palette_dock.select("tile", PAINT_BALL)  # (choosing a tile goes back to the brush)
    for h in ((-2, 2), (2, 1)):
        click(pane, *h)
    window.set_tool("same")
    click(pane, -2, 2)
    balls = {tuple(next(iter(p.hexes))) for p in lock_of(pane).pieces if p.kind == "ball"}
    assert len(balls) >= 2 and pane.scene.selection == balls
    window.set_tool("wand")
    click(pane, 2, -2, Qt.KeyboardModifier.ShiftModifier)  # Shift adds
    assert balls < pane.scene.selection
    click(pane, 2, -2, Qt.KeyboardModifier.ControlModifier)  # Ctrl takes away
    assert pane.scene.selection == balls


def test_paste_follows_the_cursor_and_a_click_puts_it_down_never_on_its_selection(qtbot, window, tmp_path):
    pane = open_lock(window, tmp_path)
    right_drag(pane, (2, -2), (3, -2))  # block S and an empty hex
    window.actions["copy"].trigger()
    steps = pane.document.undo_stack.count()
    window.actions["paste"].trigger()  # the selection is still the copied hexes
    assert pane.document.undo_stack.count() == steps  # nothing pasted onto itself
    assert window.tool_actions["stamp"].isChecked()
    hover(pane, -2, 2)
    assert set(pane.scene._hex_ghost.hexes()) == {(-2, 2), (-1, 2)}
    click(pane, -2, 2)
    pasted = lock_of(pane).pieces[lock_of(pane).piece_at(Hex(-2, 2))]
    assert pasted.kind == "block" and pasted.label != "S"
    assert pane.document.undo_stack.undoText() == "Stamp" and pane.document.undo_stack.count() == steps + 1
    qtbot.keyClick(pane.view, Qt.Key.Key_Escape)
    assert window.tool_actions["brush"].isChecked()
    assert len(pane.scene._hex_ghost.hexes()) <= 1  # the brush's own ghost now, not the stamp's


def test_transform_turns_a_pivots_arms_and_flips_back(window, tmp_path):
    pane = open_lock(window, tmp_path, "05-pivots.lock")
    centre = next(p.centre for p in lock_of(pane).pieces if p.kind == "pivot")
    arms = next(p.arms for p in lock_of(pane).pieces if p.kind == "pivot")
    pane.scene.set_selection([tuple(h) for h in hexagon(1, centre)])
    assert window.drawing.actions["rotate_cw"].isEnabled()
    window.drawing.actions["rotate_cw"].trigger()
    turned = next(p for p in lock_of(pane).pieces if p.kind == "pivot")
    assert turned.centre == centre and turned.arms == frozenset((a + 1) % 6 for a in arms)
    assert pane.document.undo_stack.undoText() == "Rotate Clockwise"
    window.drawing.actions["flip_h"].trigger()
    window.drawing.actions["flip_h"].trigger()
    assert next(p for p in lock_of(pane).pieces if p.kind == "pivot").arms == turned.arms
    pane.document.undo_stack.undo()
    pane.document.undo_stack.undo()
    pane.document.undo_stack.undo()
    assert next(p for p in lock_of(pane).pieces if p.kind == "pivot").arms == arms


def test_a_turned_region_takes_its_blocks_springs_and_arms_along():
    lock = make_lock(block("A", (0, 0), (1, 0)), block("B", (0, 1)), pivot(-1, -1, 0, 1),
                     springs=[spring(0, 1, (0, 0), (0, 1), 1)])
    region = hexagon(2)
    x, hexes = lock, region
    for _ in range(6):  # six sixth-turns: the lock again
        x, hexes, dropped = transform_region(x, hexes, "rotate_cw")
        assert dropped == 0
    assert x == lock
    once, _, _ = transform_region(lock, region, "rotate_cw")
    assert {tuple(h) for h in once.pieces[0].hexes} == {(0, 0), (0, 1)}  # east turned to south-east
    assert once.springs[0].root_anchor == Hex(0, 0) and once.springs[0].end_anchor == Hex(-1, 1)
    for flip in ("flip_h", "flip_v"):
        flipped, covered, _ = transform_region(lock, region, flip)
        assert set(covered) == set(region)  # a hexagon about its middle covers itself
        assert transform_region(flipped, covered, flip)[0] == lock

"""Flip and rotate the selection: Escape's arrows, sliders and wires turn with their cells,
destinations and bots move with them, one undo step each."""

from __future__ import annotations

from PySide6.QtCore import QRect

from studio.games.escape.level import BotPlacement
from studio.games.escape.tiles import Bot, T
from tests.gui_helpers import open_at_actual_size


def turning_level(level):
    """In the box (1, 1)-(4, 2): an arrow, a slider, a wire, a panel aiming inside the box, a
    bot; outside it a transporter aiming into the box."""
    put = {(1, 1): T.RIGHT, (2, 1): T.LR, (3, 1): T.NE, (4, 2): T.PANEL, (8, 5): T.TRANSPORT}
    for (x, y), tile in put.items():
        level.tiles[level.index(x, y)] = int(tile)
    level.dests[level.index(4, 2)] = level.index(1, 2)
    level.dests[level.index(8, 5)] = level.index(3, 1)
    level.bots = [BotPlacement(level.index(2, 2), int(Bot.DALEK))]


def test_flip_and_rotate_turn_arrows_sliders_wires_and_move_destinations(qtbot, window, level_file):
    pane = open_at_actual_size(window, level_file)
    level = pane.document.level
    turning_level(level)
    pane.scene.set_selection(QRect(1, 1, 4, 2))
    steps = pane.document.undo_stack.count()
    window.drawing.actions["flip_h"].trigger()
    at = lambda x, y: level.tiles[level.index(x, y)]  # noqa: E731
    assert (at(4, 1), at(3, 1), at(2, 1)) == (T.LEFT, T.LR, T.NW)  # mirrored, each turned
    assert at(1, 2) == T.PANEL and level.dests[level.index(1, 2)] == level.index(4, 2)  # its target moved too
    assert level.dests[level.index(8, 5)] == level.index(2, 1)  # a link from outside follows its cell
    assert level.bots[0].cell == level.index(3, 2)
    assert pane.document.undo_stack.count() == steps + 1
    pane.document.undo_stack.undo()
    assert at(1, 1) == T.RIGHT and level.dests[level.index(8, 5)] == level.index(3, 1)

    window.drawing.actions["rotate_cw"].trigger()  # 4x2 becomes 2x4 about the top-left corner
    assert pane.scene.selection == QRect(1, 1, 2, 4)
    assert (at(2, 1), at(2, 2), at(2, 3)) == (T.DOWN, T.UD, T.SE)
    assert at(1, 4) == T.PANEL and level.dests[level.index(1, 4)] == level.index(1, 1)
    window.drawing.actions["rotate_ccw"].trigger()  # and back
    assert (at(1, 1), at(2, 1), at(3, 1)) == (T.RIGHT, T.LR, T.NE)
    window.drawing.actions["flip_v"].trigger()
    assert at(1, 2) == T.RIGHT and at(3, 2) == T.SE

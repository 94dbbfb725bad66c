"""Entities (the player and bots) stepping from cell to cell.

Leaving a cell calls ``step_off`` (a grey panel fires; a trap decays: hidden,
then open, then a hole), arriving calls ``step_on`` (a grey panel fires). Only
grey panels notice entities; coloured panels wait for their own sphere or steel.
"""

from studio.games.escape.engine.events import Moved
from studio.games.escape.engine.panels import fire
from studio.games.escape.tiles import T

_PANEL, _TRAP1, _TRAP2, _HOLE = int(T.PANEL), int(T.TRAP1), int(T.TRAP2), int(T.HOLE)


def step_off(turn, who: int, cell: int) -> None:
    tile = turn.tiles[cell]
    if tile == _PANEL:
        fire(turn, cell)
    elif tile == _TRAP2:
        turn.tiles[cell] = _TRAP1
    elif tile == _TRAP1:
        turn.tiles[cell] = _HOLE


def step_on(turn, who: int, cell: int) -> None:
    if turn.tiles[cell] == _PANEL:
        fire(turn, cell)


def walk(turn, who: int, here: int, there: int) -> None:
    """Move an entity one cell, with both edge effects."""
    tiles = turn.tiles
    left = tiles[here]
    if left == _PANEL or left == _TRAP1 or left == _TRAP2:
        step_off(turn, who, here)
    if who < 0:
        turn.guy = there
    else:
        turn.bot_cell[who] = there
    if tiles[there] == _PANEL:
        fire(turn, there)
    if turn.events is not None:
        turn.events.append(Moved(turn.name(who), here, there))

"""The six actions of a clone, as the letters of a Solution field."""

from __future__ import annotations

NORTH, EAST, SOUTH, WEST = "N", "E", "S", "W"
HOLD = "H"  # skip a turn
TIME_MACHINE = "T"  # enter the time machine (only on it)
ACTIONS = (NORTH, EAST, SOUTH, WEST, HOLD, TIME_MACHINE)
MOVES = {NORTH: (0, -1), EAST: (1, 0), SOUTH: (0, 1), WEST: (-1, 0)}
ACTION_NAMES = {NORTH: "north", EAST: "east", SOUTH: "south", WEST: "west",
                HOLD: "wait", TIME_MACHINE: "enter the time machine"}


def is_move(action: str) -> bool:
    return action in MOVES

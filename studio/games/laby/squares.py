"""Labyrinthos's four kinds of square: their numbers (the file's digits), names,
help text and the colours the game uses when a level names none."""

from __future__ import annotations

from enum import IntEnum


class Square(IntEnum):
    PATH = 0
    WALL = 1
    OBJECTIVE = 2
    SPAWN = 3


SQUARE_NAMES = {
    Square.PATH: "Path",
    Square.WALL: "Wall",
    Square.OBJECTIVE: "Objective",
    Square.SPAWN: "Spawn",
}

SQUARE_TIPS = {
    Square.PATH: "A square the player walks on (0 in the file). The eraser paints paths.",
    Square.WALL: "A square the player cannot enter (1 in the file).",
    Square.OBJECTIVE: "Reaching any objective wins the level (2 in the file).",
    Square.SPAWN: "Where the player starts (3 in the file). Only the first spawn, reading row by row, "
                  "counts; with none, the player starts on the last path square.",
}

# Short lower-case names for messages and property names ("path", "wall"...).
SQUARE_WORDS = {square: name.lower() for square, name in SQUARE_NAMES.items()}

# The file's colour values run from 0 to this (curses' scale).
COLOUR_SCALE = 1000

Colour = tuple[int, int, int]  # red, green, blue on the 0..COLOUR_SCALE scale

# What the game shows when a level names no colour pair for a square:
# (foreground, background). White walls, a red objective, blue spawns.
DEFAULT_COLOURS: dict[Square, tuple[Colour, Colour]] = {
    Square.PATH: ((1000, 1000, 1000), (0, 0, 0)),
    Square.WALL: ((1000, 1000, 1000), (1000, 1000, 1000)),
    Square.OBJECTIVE: ((1000, 1000, 1000), (1000, 0, 0)),
    Square.SPAWN: ((1000, 1000, 1000), (0, 0, 1000)),
}


def square_name(value: int) -> str:
    try:
        return SQUARE_NAMES[Square(value)]
    except ValueError:
        return f"Unknown square {value}"

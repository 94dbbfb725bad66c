"""The glyphs of a "2D SuperFun!" map, as the tile values the editor paints.

A glyph's tile value is its character code (``Glyph.WALL == ord("+")``), so a
value turns back into its glyph with ``chr``. The time machine ``S`` is not a
tile: a level keeps its cell apart (the editor's player start) and the cell
under it holds floor; ``S`` is written there on saving.
"""

from __future__ import annotations

from enum import IntEnum


class Glyph(IntEnum):
    WALL = ord("+")
    FLOOR = ord(" ")
    CLOSED_GATE = ord("-")
    OPEN_GATE = ord("_")
    BUTTON = ord("b")
    CRATE_BUTTON = ord("B")  # meant for crates only; the original lets clones press it too
    CRATE_PLATE = ord("P")  # the same (the corpus's later glyph)
    ONE_TIME_BUTTON = ord("o")
    ONE_TIME_PASSAGE = ord("p")
    CRATE = ord("c")
    GOAL = ord("G")

    @property
    def char(self) -> str:
        return chr(self.value)


TIME_MACHINE_CHAR = "S"

GATES = frozenset({Glyph.CLOSED_GATE, Glyph.OPEN_GATE})
BUTTONS = frozenset({Glyph.BUTTON, Glyph.CRATE_BUTTON, Glyph.CRATE_PLATE, Glyph.ONE_TIME_BUTTON})
# Active while a clone or a crate stands on them. The crate buttons are among them: the
# original engine lets a clone press them too (engine/devices.py).
PLAIN_BUTTONS = frozenset({Glyph.BUTTON, Glyph.CRATE_BUTTON, Glyph.CRATE_PLATE})
CRATE_BUTTONS = frozenset({Glyph.CRATE_BUTTON, Glyph.CRATE_PLATE})
# What a clone or crate standing on a field presses (engine/devices.py): every button, but a
# crate plate only in a level with crates; in one without, the original's 'P' does nothing.
PRESSED_BY_ANYTHING = PLAIN_BUTTONS | {Glyph.ONE_TIME_BUTTON}
PRESSED_WITHOUT_CRATES = PRESSED_BY_ANYTHING - {Glyph.CRATE_PLATE}

GLYPH_NAMES = {
    Glyph.WALL: "wall",
    Glyph.FLOOR: "floor",
    Glyph.CLOSED_GATE: "closed gate",
    Glyph.OPEN_GATE: "open gate",
    Glyph.BUTTON: "button",
    Glyph.CRATE_BUTTON: "crate button",
    Glyph.CRATE_PLATE: "crate plate",
    Glyph.ONE_TIME_BUTTON: "one-time button",
    Glyph.ONE_TIME_PASSAGE: "one-time passage",
    Glyph.CRATE: "crate",
    Glyph.GOAL: "goal",
}

GLYPH_TIPS = {
    Glyph.WALL: "Impassable for clones and crates ('+').",
    Glyph.FLOOR: "An empty field ('  ').",
    Glyph.CLOSED_GATE: "A gate that starts closed; each active linked button toggles it ('-').",
    Glyph.OPEN_GATE: "A gate that starts open; each active linked button toggles it ('_').",
    Glyph.BUTTON: "Active while a clone or a crate stands on it ('b').",
    Glyph.CRATE_BUTTON: "Meant for crates, but the original game lets a clone press it too: "
                        "active while a clone or a crate stands on it ('B').",
    Glyph.CRATE_PLATE: "Meant for crates, but the original game lets a clone press it too: "
                       "active while a clone or a crate stands on it ('P').",
    Glyph.ONE_TIME_BUTTON: "Stays active once pressed, until the next time jump ('o').",
    Glyph.ONE_TIME_PASSAGE: "Closes the turn after anything first enters it: crossed once per time jump ('p').",
    Glyph.CRATE: "A crate on a field, pushed Sokoban-style ('c').",
    Glyph.GOAL: "Take it, then get every clone back into the time machine ('G').",
}

_BY_CHAR = {glyph.char: glyph for glyph in Glyph}


def glyph_for_char(char: str) -> Glyph | None:
    return _BY_CHAR.get(char)


def glyph_name(value: int) -> str:
    try:
        return GLYPH_NAMES[Glyph(value)]
    except ValueError:
        return f"unknown glyph {value}"


def is_gate(value: int) -> bool:
    return value in GATES


def is_button(value: int) -> bool:
    return value in BUTTONS

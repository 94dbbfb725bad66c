"""The elements of a Labyrinthos maze for core.analysis: each objective, and each wall square
that parts two corridors (open on both sides, across or along), which removed would join
them: the walls a maze's length rests on."""

from __future__ import annotations

from studio.core.analysis import Element, cell_words
from studio.games.laby.level import LabyLevel
from studio.games.laby.squares import Square


def elements(level: LabyLevel) -> list[Element]:
    found = []
    for index, square in enumerate(level.squares):
        x, y = level.xy(index)
        if square == Square.OBJECTIVE:
            kind = "objective"
        elif square == Square.WALL and _parts_corridors(level, x, y):
            kind = "wall"
        else:
            continue
        found.append(Element(kind, cell_words(((x, y),)), ((x, y),),
                             lambda lv, index=index: _pathed(lv, index)))
    return found


def _open(level: LabyLevel, x: int, y: int) -> bool:
    return level.contains(x, y) and level.square(x, y) != Square.WALL


def _parts_corridors(level: LabyLevel, x: int, y: int) -> bool:
    return (_open(level, x - 1, y) and _open(level, x + 1, y)) or (_open(level, x, y - 1) and _open(level, x, y + 1))


def _pathed(level: LabyLevel, index: int) -> LabyLevel:
    level.squares[index] = int(Square.PATH)
    level.source = None
    return level

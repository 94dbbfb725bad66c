"""The elements of a ChronoShift level for core.analysis: each crate, button, gate and
one-time passage (a button goes with its links, a gate out of every link to it). Walls,
floor, the goal and the time machine are not elements."""

from __future__ import annotations

from studio.core.analysis import Element, cell_words
from studio.games.chrono.glyphs import GLYPH_NAMES, Glyph
from studio.games.chrono.level import ChronoLevel

NOT_ELEMENTS = frozenset({Glyph.WALL, Glyph.FLOOR, Glyph.GOAL})


def elements(level: ChronoLevel) -> list[Element]:
    found = []
    for index, glyph in enumerate(level.glyphs):
        if glyph in NOT_ELEMENTS or index == level.start:
            continue
        xy = level.xy(index)
        found.append(Element(GLYPH_NAMES.get(glyph, chr(glyph)), cell_words((xy,)), (xy,),
                             lambda lv, index=index: _floored(lv, index)))
    return found


def _floored(level: ChronoLevel, index: int) -> ChronoLevel:
    level.glyphs[index] = int(Glyph.FLOOR)
    level.links.pop(index, None)
    for button, gates in list(level.links.items()):
        if index in gates:
            kept = tuple(gate for gate in gates if gate != index)
            if kept:
                level.links[button] = kept
            else:
                del level.links[button]
    return level

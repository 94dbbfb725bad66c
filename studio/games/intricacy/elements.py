"""The elements of an Intricacy lock for core.analysis: each block, ball and pivot (with the
springs that hold it) and each spring on its own. The hook and the wrench, the tools that
pick the lock, and the walls are not elements."""

from __future__ import annotations

from studio.core.analysis import Element, cell_words
from studio.games.intricacy.editing import remove_piece, remove_spring
from studio.games.intricacy.level import IntricacyLevel
from studio.games.intricacy.lock import TOOL_KINDS


def elements(level: IntricacyLevel) -> list[Element]:
    lock = level.lock
    found = []
    for index, piece in enumerate(lock.pieces):
        if piece.kind in TOOL_KINDS:
            continue
        hexes = tuple(sorted(tuple(h) for h in piece.cells()))
        kind = f"block {piece.label}" if piece.label else piece.kind
        found.append(Element(kind, cell_words(hexes), hexes,
                             lambda lv, index=index: _with_lock(lv, remove_piece(lv.lock, index))))
    for number, spring in enumerate(lock.springs):
        hexes = (tuple(spring.root_anchor), tuple(spring.end_anchor))
        found.append(Element("spring", cell_words(hexes), hexes,
                             lambda lv, number=number: _with_lock(lv, remove_spring(lv.lock, number))))
    return found


def _with_lock(level: IntricacyLevel, lock) -> IntricacyLevel:
    level.set_lock(lock)
    level.source = None
    return level

"""Lasers: at the end of a move, a laser that can see the player kills him.

Only the player's row and column matter, and only if a laser lies on them:
look out from his cell in each direction to the nearest thing that blocks
lasers (any tile but the README's list); if that is a laser tile and no live
bot stands in between, he dies. The tile he stands on does not block. A line
is read as a byte string mapped to '.' (the beam passes), 'L' (a laser) and
'#' (blocks it), so the scan runs at C speed.
"""

from studio.games.escape.engine.events import Killed
from studio.games.escape.engine.tilesets import LASER_PASSES
from studio.games.escape.tiles import T

_SIGHT = bytearray(b"#" * 256)
for _tile in range(len(LASER_PASSES)):
    if LASER_PASSES[_tile]:
        _SIGHT[_tile] = ord(".")
_SIGHT[T.LASER] = ord("L")
_SIGHT = bytes(_SIGHT)
# An int, not a one-byte bytes: ``int in bytes`` is a memchr, while ``bytes in bytes``
# first tries the operand as an int and formats (then drops) a TypeError every time.
_LASER = int(T.LASER)


def laser_that_sees(tiles: bytes, width: int, cell: int, bot_cells=(), bot_types=()):
    """The ``Killed`` event of a laser that sees ``cell``, or None. The event's
    ``cells`` are the beam, from the cell next to the laser up to the player's.
    Bots (those of ``bot_cells`` whose type is not negative) block beams."""
    y, x = divmod(cell, width)
    start = y * width
    row = tiles[start:start + width]
    if _LASER in row:
        for laser in _nearest_lasers(row.translate(_SIGHT), x):
            beam = range(start + laser + 1, cell + 1) if laser < x else range(start + laser - 1, cell - 1, -1)
            if not _bot_on(beam, cell, bot_cells, bot_types):
                return Killed("laser", start + laser, tuple(beam))
    column = tiles[x::width]
    if _LASER in column:
        for laser in _nearest_lasers(column.translate(_SIGHT), y):
            at = laser * width + x
            beam = range(at + width, cell + 1, width) if laser < y else range(at - width, cell - 1, -width)
            if not _bot_on(beam, cell, bot_cells, bot_types):
                return Killed("laser", at, tuple(beam))
    return None


def _nearest_lasers(line: bytes, at: int) -> list[int]:
    """Positions on ``line`` of the lasers that are the nearest blockers either side of ``at``."""
    found = []
    before = line[:at].rstrip(b".")
    if before[-1:] == b"L":
        found.append(len(before) - 1)
    after = line[at + 1:]
    rest = after.lstrip(b".")
    if rest[:1] == b"L":
        found.append(at + 1 + len(after) - len(rest))
    return found


def _bot_on(beam: range, player: int, bot_cells, bot_types) -> bool:
    """Does a live bot stand on the beam before it reaches the player?"""
    for c, kind in zip(bot_cells, bot_types):
        if kind >= 0 and c != player and c in beam:
            return True
    return False

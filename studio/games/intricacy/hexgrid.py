"""Hex geometry in axial coordinates, for pointy-top hexes on screen (y grows downwards).

A hex is ``Hex(q, r)``: ``q`` counts steps east, ``r`` steps south-east. The six
directions are numbered clockwise from east, so turning clockwise by 60 degrees
adds one to a direction and turning anticlockwise subtracts one (modulo 6).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Iterator, NamedTuple


class Hex(NamedTuple):
    q: int
    r: int

    def __add__(self, other: "Hex") -> "Hex":  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: "Hex") -> "Hex":
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, factor: int) -> "Hex":
        return Hex(self.q * factor, self.r * factor)

    @property
    def s(self) -> int:
        """The third cube coordinate (q + r + s == 0)."""
        return -self.q - self.r


ORIGIN = Hex(0, 0)

EAST, SOUTH_EAST, SOUTH_WEST, WEST, NORTH_WEST, NORTH_EAST = range(6)
DIRECTIONS = (Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1))
DIRECTION_NAMES = ("E", "SE", "SW", "W", "NW", "NE")
DIRECTION_OF = {offset: index for index, offset in enumerate(DIRECTIONS)}

CLOCKWISE, ANTICLOCKWISE = 1, -1


def neighbour(hex_: Hex, direction: int) -> Hex:
    return hex_ + DIRECTIONS[direction]


def neighbours(hex_: Hex) -> Iterator[Hex]:
    for offset in DIRECTIONS:
        yield hex_ + offset


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def turned(direction: int, turn: int) -> int:
    """The direction after ``turn`` sixth-turns clockwise (negative: anticlockwise)."""
    return (direction + turn) % 6


def distance(a: Hex, b: Hex = ORIGIN) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


# Remembered: the engine asks it of every spring (its axis) several times a turn, and a lock's
# hexes are few, so the same pairs come back again and again.
@lru_cache(maxsize=1 << 16)
def direction_between(a: Hex, b: Hex) -> tuple[int, int] | None:
    """(direction, steps) when ``b`` lies on a straight hex line from ``a``; else None."""
    delta = b - a
    steps = distance(delta)
    if steps == 0:
        return None
    unit = Hex(delta.q // steps, delta.r // steps)
    if unit.scaled(steps) != delta or unit not in DIRECTION_OF:
        return None
    return DIRECTION_OF[unit], steps


def rotated(offset: Hex, turn: int) -> Hex:
    """``offset`` rotated about the origin by ``turn`` sixth-turns clockwise."""
    q, r, s = offset.q, offset.r, offset.s
    for _ in range(turn % 6):
        # Clockwise on screen (y down) maps cube (q, s, r) to (-r, -q, -s).
        q, r, s = -r, -s, -q
    return Hex(q, r)


def hexagon(radius: int, centre: Hex = ORIGIN) -> list[Hex]:
    """Every hex within ``radius`` of ``centre``, row by row (r, then q)."""
    found = []
    for r in range(-radius, radius + 1):
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1):
            found.append(Hex(centre.q + q, centre.r + r))
    return found


def ring(radius: int) -> list[Hex]:
    return [h for h in hexagon(radius) if distance(h) == radius]


def is_connected(hexes: Iterable[Hex]) -> bool:
    """True when the hexes form one piece through shared edges (an empty set is not)."""
    remaining = set(hexes)
    if not remaining:
        return False
    stack = [remaining.pop()]
    while stack:
        for other in neighbours(stack.pop()):
            if other in remaining:
                remaining.remove(other)
                stack.append(other)
    return not remaining


def components(hexes: Iterable[Hex]) -> list[frozenset[Hex]]:
    """The connected parts of a set of hexes, largest first (ties: by their first hex)."""
    remaining = set(hexes)
    parts = []
    while remaining:
        start = min(remaining)
        remaining.remove(start)
        part = {start}
        stack = [start]
        while stack:
            for other in neighbours(stack.pop()):
                if other in remaining:
                    remaining.remove(other)
                    part.add(other)
                    stack.append(other)
        parts.append(frozenset(part))
    parts.sort(key=lambda part: (-len(part), min(part)))
    return parts

"""The editing protocol that hex-grid levels implement, so the hex editor stays game-neutral.

Hexes are axial ``(q, r)`` pairs (pointy-top, q east, r south-east). The editor
shows ``hexes()`` and numbers them by their position in that list (the *cell*
numbers the status bar and the play-test use). The level's whole editable
content is one hashable *hex state*; an edit asks the level for the state after
painting, erasing or linking, and the undo command swaps states. Each method
that derives a state raises ``LevelLimitError`` with a message when the edit
would break the game's rules or limits.
"""

from __future__ import annotations

import math
from typing import Hashable, Protocol

ROOT3 = math.sqrt(3.0)


class EditableHexLevel(Protocol):
    def hexes(self) -> list[tuple[int, int]]: ...
    def hex_state(self) -> Hashable: ...
    def set_hex_state(self, state: Hashable) -> None: ...

    def painted(self, q: int, r: int, value: int, stroke: dict) -> Hashable:
        """The state after painting palette ``value`` on hex (q, r); ``stroke`` is a dict kept
        for one drag, where the level may remember what the stroke is building (a block)."""

    def erased(self, q: int, r: int) -> Hashable: ...
    def value_at(self, q: int, r: int) -> int | None:
        """The palette value of what covers the hex (for the eyedropper), or None."""

    # Links join two hexes (Intricacy's springs): drawn by dragging from one to the other.
    def linked(self, start: tuple[int, int], end: tuple[int, int]) -> Hashable: ...
    def link_through(self, q: int, r: int) -> int | None:
        """The number of the link passing through the hex, or None."""

    def unlinked(self, link: int) -> Hashable: ...
    def link_adjusted(self, link: int, delta: int) -> Hashable:
        """The state with the link's own setting (a spring's natural length) changed by ``delta``."""

    # The selection: a set of hexes among ``editable_hexes()``. A *clip* is what a region
    # holds, immutable, with ``hexes`` (the region as offsets from its first hex in row
    # order), ``origin`` (where it was copied from), and ``width`` and ``height`` in hexes.
    def editable_hexes(self) -> list[tuple[int, int]]:
        """The hexes a selection may cover, in row order."""

    def region_clip(self, hexes) -> Hashable: ...
    def region_erased(self, hexes) -> Hashable: ...
    def region_moved(self, hexes, dq: int, dr: int) -> tuple[Hashable, str]:
        """The state with the region's contents moved by (dq, dr), and a note ("" or what the
        move had to give up, for the status bar)."""

    def clip_pasted(self, clip: Hashable, q: int, r: int) -> Hashable:
        """The state with ``clip`` pasted, its first hex on (q, r)."""


def hex_centre_xy(q: int, r: int, radius: float) -> tuple[float, float]:
    """A hex's centre on a scene where ``radius`` is the distance from centre to corner."""
    return radius * ROOT3 * (q + r / 2.0), radius * 1.5 * r


def hex_round(q: float, r: float) -> tuple[int, int]:
    """The hex nearest fractional axial coordinates (rounding in cube coordinates, q + r + s = 0)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def hex_line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The hexes on the line from ``a`` to ``b`` (both included), so a fast drag leaves no gaps."""
    (aq, ar), (bq, br) = a, b
    steps = max(abs(aq - bq), abs(ar - br), abs((aq + ar) - (bq + br)))
    found = []
    for i in range(steps + 1):
        t = i / steps if steps else 0.0
        point = hex_round(aq + (bq - aq) * t + 1e-6, ar + (br - ar) * t + 1e-6)
        if not found or found[-1] != point:
            found.append(point)
    return found

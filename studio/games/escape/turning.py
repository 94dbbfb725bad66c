"""Escape's tiles that point somewhere, turned with the cells they lie in when a selection
is flipped or rotated: arrows, the sliders, and the wires (their ends). Pure Python.

Transforms: "flip_h" (mirror left to right), "flip_v" (top to bottom), "rotate_cw" and
"rotate_ccw" (a quarter turn clockwise or anticlockwise)."""

from __future__ import annotations

from studio.games.escape.tiles import T

# Each turning tile by the compass points it has, within its family.
_FAMILIES = (
    {T.UP: "N", T.RIGHT: "E", T.DOWN: "S", T.LEFT: "W"},  # arrows
    {T.UD: "NS", T.LR: "EW"},  # sliders
    {T.NS: "NS", T.WE: "EW", T.NE: "EN", T.NW: "NW", T.SE: "ES", T.SW: "SW"},  # wires (NSWE keeps all four)
)
_POINTS = {
    "flip_h": {"N": "N", "S": "S", "E": "W", "W": "E"},
    "flip_v": {"N": "S", "S": "N", "E": "E", "W": "W"},
    "rotate_cw": {"N": "E", "E": "S", "S": "W", "W": "N"},
    "rotate_ccw": {"N": "W", "W": "S", "S": "E", "E": "N"},
}
TRANSFORMS = tuple(_POINTS)


def _turn_table(transform: str) -> dict[int, int]:
    table = {}
    for family in _FAMILIES:
        by_points = {frozenset(points): tile for tile, points in family.items()}
        for tile, points in family.items():
            turned = frozenset(_POINTS[transform][p] for p in points)
            table[int(tile)] = int(by_points[turned])
    return table


TURNED = {transform: _turn_table(transform) for transform in TRANSFORMS}


def turned_tile(tile: int, transform: str) -> int:
    """The tile as it reads after the transform (most tiles point nowhere: the same)."""
    return TURNED[transform].get(tile, tile)

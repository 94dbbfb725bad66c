"""Hex geometry: axial directions and rotation, lines for brush strokes, and the scene's
hex under a point."""

from __future__ import annotations

from hypothesis import given, strategies as st

from studio.core.hexes import hex_line
from studio.editor.hex_geometry import hex_at, hex_centre, hex_corners
from studio.games.intricacy.hexgrid import (
    DIRECTIONS, Hex, components, direction_between, distance, hexagon, is_connected, opposite, ring, rotated,
)

coordinate = st.integers(-12, 12)


def test_directions_are_clockwise_and_rotation_follows_them():
    for d, offset in enumerate(DIRECTIONS):
        assert distance(offset) == 1
        assert rotated(offset, 1) == DIRECTIONS[(d + 1) % 6]
        assert rotated(offset, -1) == DIRECTIONS[(d - 1) % 6]
        assert DIRECTIONS[opposite(d)] == Hex(-offset.q, -offset.r)
    # East, then south-east: clockwise on a screen whose y grows downwards.
    east, south_east = hex_centre(*DIRECTIONS[0]), hex_centre(*DIRECTIONS[1])
    assert east.y() == 0 and south_east.y() > 0


def test_hexagon_and_ring_sizes():
    for radius in range(5):
        assert len(hexagon(radius)) == 3 * radius * (radius + 1) + 1
        assert len(ring(radius + 1)) == 6 * (radius + 1)


def test_direction_between_and_connectedness():
    assert direction_between(Hex(0, 0), Hex(0, 3)) == (1, 3)
    assert direction_between(Hex(0, 0), Hex(1, 1)) is None
    assert is_connected([Hex(0, 0), Hex(1, 0), Hex(1, 1)]) and not is_connected([Hex(0, 0), Hex(2, 0)])
    assert [len(part) for part in components([Hex(0, 0), Hex(1, 0), Hex(5, 5)])] == [2, 1]


@given(coordinate, coordinate, coordinate, coordinate)
def test_hex_lines_are_unbroken(aq, ar, bq, br):
    line = hex_line((aq, ar), (bq, br))
    assert line[0] == (aq, ar) and line[-1] == (bq, br)
    assert len(line) == distance(Hex(aq, ar), Hex(bq, br)) + 1
    assert all(distance(Hex(*a), Hex(*b)) == 1 for a, b in zip(line, line[1:]))


@given(coordinate, coordinate)
def test_the_hex_under_its_centre_and_near_its_corners_is_itself(q, r):
    assert hex_at(hex_centre(q, r)) == (q, r)
    for corner in hex_corners(q, r, shrink=2.0):
        assert hex_at(corner) == (q, r)

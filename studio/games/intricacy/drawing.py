"""The geometry of Intricacy's art that needs no Qt: where a spring's zigzag runs and where
a block's letter goes. The studio's art (view.LockArt) draws with it, and so does the web
player (web_scene), so a lock looks the same in both. Points are (x, y) scene pairs for
hexes ``radius`` from centre to corner."""

from __future__ import annotations

import math

from studio.core.hexes import hex_centre_xy
from studio.games.intricacy.lock import BLOCK

SPRING_COLOUR = "#e9e4d8"
SPRING_HALO_ALPHA = 150  # of 255: the dark line under the spring's, so it reads on any piece
SPRING_HALO = f"rgba(0,0,0,{SPRING_HALO_ALPHA / 255:.2f})"
SPRING_HALO_WIDTH, SPRING_WIDTH, SPRING_DOT = 0.2, 0.1, 0.16  # shares of the hex radius


def centre(h, radius: float) -> tuple[float, float]:
    return hex_centre_xy(h.q, h.r, radius)


def spring_points(start, end, natural: int, radius: float) -> list[tuple[float, float]]:
    """A zigzag from ``start`` to ``end``: as many coils at any length, so a compressed
    spring looks tight and a stretched one loose. Empty when the ends meet."""
    (sx, sy), (ex, ey) = start, end
    dx, dy = ex - sx, ey - sy
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return []
    ux, uy = dx / length, dy / length
    coils = 4 + 2 * natural
    lead = min(radius * 0.45, length * 0.2)
    width = radius * 0.38
    points = [(sx, sy), (sx + ux * lead, sy + uy * lead)]
    span = length - 2 * lead
    for i in range(1, coils * 2):
        along = lead + span * i / (coils * 2)
        side = width if i % 2 else -width
        points.append((sx + ux * along - uy * side, sy + uy * along + ux * side))
    return points + [(ex - ux * lead, ey - uy * lead), (ex, ey)]


def label_spots(pieces, springs, radius: float) -> dict[int, tuple[float, float, float]]:
    """Where each block's letter goes (x, y, size as a share of the hex radius): on a hex
    no spring is anchored to; on a block whose every hex holds an anchor, beside the
    anchor on the side away from the spring, smaller."""
    ends = {}  # an anchor hex -> the spring's other anchor
    for spring in springs:
        ends[spring.root_anchor] = spring.end_anchor
        ends[spring.end_anchor] = spring.root_anchor
    spots = {}
    for index, piece in enumerate(pieces):
        if piece.kind != BLOCK or not piece.label:
            continue
        free = piece.hexes - ends.keys()
        spot = min(free) if free else min(piece.hexes)
        x, y = centre(spot, radius)
        if free:
            spots[index] = (x, y, 0.8)
            continue
        ox, oy = centre(ends[spot], radius)
        away_x, away_y = x - ox, y - oy
        length = math.hypot(away_x, away_y) or 1.0
        spots[index] = (x + away_x * radius * 0.42 / length, y + away_y * radius * 0.42 / length, 0.6)
    return spots

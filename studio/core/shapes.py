"""The cells of shapes drawn on a square grid: a line, a rectangle's outline, an ellipse's
outline, each between two corner cells (inclusive), as (x, y) pairs. Pure Python."""

from __future__ import annotations

import math


def line_cells(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """Bresenham's line from (x0, y0) to (x1, y1): one cell per step along the longer axis."""
    cells = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x1 >= x0 else -1), (1 if y1 >= y0 else -1)
    error = dx + dy
    x, y = x0, y0
    while True:
        cells.append((x, y))
        if (x, y) == (x1, y1):
            return cells
        doubled = 2 * error
        if doubled >= dy:
            error += dy
            x += sx
        if doubled <= dx:
            error += dx
            y += sy


def rectangle_outline(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The border cells of the rectangle with these corners, row by row."""
    left, right = sorted((x0, x1))
    top, bottom = sorted((y0, y1))
    return [(x, y) for y in range(top, bottom + 1) for x in range(left, right + 1)
            if y in (top, bottom) or x in (left, right)]


def ellipse_outline(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The outline of the ellipse filling the rectangle with these corners: touching each of
    its sides, with no gap between neighbouring cells (side by side or corner to corner)."""
    left, right = sorted((x0, x1))
    top, bottom = sorted((y0, y1))
    cx, cy = (left + right) / 2, (top + bottom) / 2
    rx, ry = (right - left) / 2, (bottom - top) / 2
    if rx == 0 or ry == 0:
        return sorted(set(line_cells(left, top, right, bottom)), key=lambda c: (c[1], c[0]))
    cells = set()
    for x in range(left, right + 1):  # each column: the top and bottom cells of the ellipse there
        dy = ry * math.sqrt(max(0.0, 1 - ((x - cx) / rx) ** 2))
        cells.update({(x, round(cy - dy)), (x, round(cy + dy))})
    for y in range(top, bottom + 1):  # each row: its leftmost and rightmost, filling the steep parts
        dx = rx * math.sqrt(max(0.0, 1 - ((y - cy) / ry) ** 2))
        cells.update({(round(cx - dx), y), (round(cx + dx), y)})
    return sorted(cells, key=lambda c: (c[1], c[0]))

"""Where pointy-top axial hexes are on a scene: centres, outlines and the hex under a point.

A hex (q, r) has its centre at x = R * sqrt(3) * (q + r / 2), y = R * 1.5 * r, with
R = ``HEX_RADIUS`` scene units from the centre to a corner.
"""

from __future__ import annotations

import math
from typing import Iterable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF

from studio.core.hexes import ROOT3, hex_centre_xy, hex_round

HEX_RADIUS = 20.0


def hex_centre(q: int, r: int, radius: float = HEX_RADIUS) -> QPointF:
    return QPointF(*hex_centre_xy(q, r, radius))


def hex_corners(q: int, r: int, radius: float = HEX_RADIUS, shrink: float = 0.0) -> list[QPointF]:
    """The six corners, clockwise from the top one; ``shrink`` pulls them towards the centre."""
    centre = hex_centre(q, r, radius)
    size = radius - shrink
    return [QPointF(centre.x() + size * math.cos(math.radians(-90 + 60 * i)),
                    centre.y() + size * math.sin(math.radians(-90 + 60 * i))) for i in range(6)]


def hex_polygon(q: int, r: int, radius: float = HEX_RADIUS, shrink: float = 0.0) -> QPolygonF:
    return QPolygonF(hex_corners(q, r, radius, shrink))


def hex_rect(q: int, r: int, radius: float = HEX_RADIUS) -> QRectF:
    """The hex's bounding box."""
    centre = hex_centre(q, r, radius)
    half_width = radius * ROOT3 / 2
    return QRectF(centre.x() - half_width, centre.y() - radius, 2 * half_width, 2 * radius)


def hex_at(point: QPointF, radius: float = HEX_RADIUS) -> tuple[int, int]:
    """The hex containing a scene point."""
    r = point.y() / (1.5 * radius)
    return hex_round(point.x() / (radius * ROOT3) - r / 2.0, r)


def hexes_rect(hexes: Iterable[tuple[int, int]], radius: float = HEX_RADIUS) -> QRectF:
    rect = QRectF()
    for q, r in hexes:
        rect = rect.united(hex_rect(q, r, radius))
    return rect

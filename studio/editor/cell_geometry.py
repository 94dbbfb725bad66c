"""Where a square level's cells lie in the editor's scene: CELL scene units a side, row by row."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF

CELL = 32  # scene units per cell


def cell_rect(level: Any, index: int) -> QRectF:
    return QRectF((index % level.width) * CELL, (index // level.width) * CELL, CELL, CELL)

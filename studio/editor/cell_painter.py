"""What the editor scene needs from a game's art: the CellPainter interface.

Each game's ``view.py`` provides ``make_cell_painter()`` returning an object
with these methods; the scene knows nothing else about the game.
"""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter


class CellPainter(Protocol):
    def paint_cell(self, painter: QPainter, rect: QRectF, level: Any, index: int, layer: int, device_size: int) -> None:
        """Draw one cell's tile on ``layer`` into ``rect`` (``device_size`` pixels wide on screen)."""

    # Optional: ``prepare(level, layer)`` is called once before each repaint.

    def paint_ghost(self, painter: QPainter, rect: QRectF, level: Any, index: int, layer: int, device_size: int) -> None:
        """Draw a faint hint of what the cell holds on another layer (may draw nothing)."""

    def paint_entities(self, painter: QPainter, cell_rect, level: Any, layer: int, device_size: int) -> None:
        """Draw the entities (player, bots...) on top; ``cell_rect(index)`` gives a cell's rectangle."""

    def entity_cells(self, level: Any) -> list[int]:
        """The cells entities stand on, so the scene can repaint them when they change."""

    def item_pixmap(self, item: Any, size: int):
        """A QPixmap of a palette item (tile, bot...) ``size`` pixels square."""

    def item_name(self, kind: str, value: int) -> str:
        """The display name of a palette item, e.g. for the status bar."""

    def describe_cell(self, level: Any, index: int) -> str:
        """A one-line description of everything on a cell, for the status bar."""

"""The ghost on hex grids: what a tool would put down, drawn over the lock before the
click (Tiled's brush preview): the palette item faint on each hex, or the hexes a stamp
covers, washed and outlined. One HexGhostItem per scene (``hex_ghost_of(scene)``).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from studio.editor.hex_geometry import HEX_RADIUS, hex_centre, hex_polygon, hexes_rect

OPACITY = 0.55
OUTLINE = QColor(255, 220, 80, 220)
STAMP_FILL = QColor(255, 220, 80, 70)
PIXMAP_SIZE = 64


class HexGhostItem(QGraphicsItem):
    """What a tool would put down, before the click: the palette item on each hex (faint),
    or, for the stamp, the hexes it covers washed and outlined."""

    def __init__(self):
        super().__init__()
        self.setZValue(15)  # above the level, below the selection
        self._hexes: list[tuple[int, int]] = []
        self._pixmap = None
        self._bounds = QRectF()

    def show_hexes(self, hexes, pixmap=None) -> None:
        hexes = [tuple(h) for h in hexes]
        if hexes == self._hexes and pixmap is self._pixmap:
            return
        self.prepareGeometryChange()
        self._hexes, self._pixmap = hexes, pixmap
        self._bounds = hexes_rect(hexes).adjusted(-HEX_RADIUS, -HEX_RADIUS, HEX_RADIUS, HEX_RADIUS) \
            if hexes else QRectF()
        self.setVisible(bool(hexes))
        self.update()

    def clear(self) -> None:
        self.show_hexes([])

    def hexes(self) -> list[tuple[int, int]]:
        return list(self._hexes)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        # The view keeps no painter state between items (DontSavePainterState): set all of it.
        if self._pixmap is not None:
            side = 2.3 * HEX_RADIUS  # the art draws a hex 2.3 radii across its picture
            painter.setOpacity(OPACITY)
            for q, r in self._hexes:
                centre = hex_centre(q, r)
                painter.drawPixmap(QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side),
                                   self._pixmap, QRectF(self._pixmap.rect()))
        painter.setOpacity(1.0)
        pen = QPen(OUTLINE, 1.5)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush if self._pixmap is not None else STAMP_FILL)
        for q, r in self._hexes:
            painter.drawPolygon(hex_polygon(q, r))


def hex_ghost_of(scene) -> HexGhostItem:
    """The scene's ghost, made on first use."""
    ghost = getattr(scene, "_hex_ghost", None)
    if ghost is None:
        ghost = HexGhostItem()
        ghost.hide()
        scene.addItem(ghost)
        scene._hex_ghost = ghost
    return ghost


def item_pixmap(scene):
    """The palette item's picture (None when the current item is not paintable)."""
    item = scene.current_item
    if item is None or item.kind != "tile":
        return None
    return scene.cell_painter.item_pixmap(item, PIXMAP_SIZE)


def show_brush_ghost(scene, cell: int) -> None:
    """The brush's ghost: its item on the hex under the cursor."""
    pixmap = item_pixmap(scene)
    hex_ghost_of(scene).show_hexes([scene.cells[cell]] if cell >= 0 and pixmap is not None else [], pixmap)

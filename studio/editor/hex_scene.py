"""HexScene: a hex-grid level (studio.core.hexes.EditableHexLevel) drawn as a QGraphicsScene.

It offers what the main window asks of a square LevelScene (the hover, layer,
selection and pick signals, view options, ``level_rect``) so one EditorPane and
LevelView serve both. The game's art draws the whole level (``paint_level``);
the selection, the hover outline and the tools' preview line are light items
above it. Mouse: left goes to the current tool, right drags a selection (see
studio/editor/hex_selection.py), middle is the eyedropper. Cells are the indices
of the level's ``hexes()``; the selection is a frozenset of (q, r) hexes.
"""

from __future__ import annotations

from typing import Iterable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsLineItem, QGraphicsPolygonItem, QGraphicsRectItem

from studio.editor.hex_geometry import HEX_RADIUS, hex_at, hex_centre, hex_polygon
from studio.editor.hex_selection import HexSelectionItem, HexSelectionOps, band_rect, hexes_in_band
from studio.editor.scene_base import EditorScene
from studio.model.document import LevelDocument


class HexLevelItem(QGraphicsItem):
    """The whole level, drawn by the game's art."""

    def __init__(self, scene: "HexScene"):
        super().__init__()
        self.hex_scene = scene

    def boundingRect(self) -> QRectF:
        return self.hex_scene.level_rect()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        scene = self.hex_scene
        # Hex outlines always show (see HexScene.grid_note).
        scene.art.paint_level(painter, scene.document.level, True, scene.show_links)


class HexScene(EditorScene):
    # View > Show Grid does not apply: without outlines the empty hexes run into one floor.
    grid_note = "Hex levels always show their hex outlines: without them the empty hexes could not be told apart."

    scene_margin = HEX_RADIUS * 3

    def __init__(self, document: LevelDocument, art, parent=None):
        super().__init__(document, art, parent)
        self.art = art
        self.show_other_layer = False
        self.show_links = True
        self.show_grid = True
        self.selection: frozenset | None = None  # of (q, r), never empty
        self.selection_ops = HexSelectionOps()
        self.level_item = HexLevelItem(self)
        self.addItem(self.level_item)
        self.hover_item = QGraphicsPolygonItem()
        self.hover_item.setPen(QPen(QColor(255, 255, 255, 210), 0))
        self.hover_item.setZValue(30)
        self.hover_item.hide()
        self.addItem(self.hover_item)
        self.preview_item = QGraphicsLineItem()  # the link tool's rubber band
        self.preview_item.setPen(QPen(QColor(255, 220, 80), 3, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
        self.preview_item.setZValue(25)
        self.preview_item.hide()
        self.addItem(self.preview_item)
        self.selection_item = HexSelectionItem()
        self.selection_item.hide()
        self.addItem(self.selection_item)
        self.band_item = QGraphicsRectItem()  # the rectangle a selection drag spans, centre to centre
        band_pen = QPen(QColor(255, 255, 255, 150), 1, Qt.PenStyle.DotLine)
        band_pen.setCosmetic(True)
        self.band_item.setPen(band_pen)
        self.band_item.setZValue(21)
        self.band_item.hide()
        self.addItem(self.band_item)
        self._index_cells()
        self._update_scene_rect()
        document.levelReplaced.connect(self._on_level_replaced)
        document.propertiesChanged.connect(self.level_item.update)

    # -- cells and geometry -------------------------------------------------------------------
    def _index_cells(self) -> None:
        self.cells = [tuple(h) for h in self.document.level.hexes()]
        self.cell_numbers = {h: i for i, h in enumerate(self.cells)}

    def cell_at(self, pos: QPointF) -> int:
        return self.cell_numbers.get(hex_at(pos), -1)

    def hex_of(self, cell: int) -> tuple[int, int] | None:
        return self.cells[cell] if 0 <= cell < len(self.cells) else None

    def cell_centre(self, cell: int) -> QPointF:
        return hex_centre(*self.cells[cell])

    def level_rect(self) -> QRectF:
        return self.art.level_rect(self.document.level)

    # -- view options (the window's toggles) ----------------------------------------------------
    def set_layer(self, layer: int) -> None:
        pass  # one layer

    def toggle_layer(self) -> None:
        pass

    def set_show_other_layer(self, show: bool) -> None:
        self.show_other_layer = show

    def set_show_links(self, show: bool) -> None:
        self.show_links = show
        self.level_item.update()

    def set_show_grid(self, show: bool) -> None:
        self.show_grid = show
        self.level_item.update()

    def set_selection(self, hexes: Iterable[tuple[int, int]] | None) -> None:
        """Select these hexes (those a selection may cover: the level's ``editable_hexes()``)."""
        if hexes is not None:
            hexes = frozenset(tuple(h) for h in hexes) & frozenset(self.document.level.editable_hexes()) or None
        if hexes == self.selection:
            return
        self.selection = hexes
        self.selection_item.set_hexes(hexes or ())
        self.selection_item.setVisible(hexes is not None)
        self.cellSelectionChanged.emit()

    def selected_cells(self) -> list[int]:
        return sorted(self.cell_numbers[h] for h in self.selection or () if h in self.cell_numbers)

    def select_cells(self, cells) -> None:
        """Select the hexes of these cell numbers (the numbering of ``cells``)."""
        hexes = [self.hex_of(cell) for cell in cells]
        self.set_selection([h for h in hexes if h is not None] or None)

    # A selection drag (the right button, or the select tool's left) spans a band of hexes.
    def begin_selection(self, pos: QPointF) -> None:
        self._select_anchor = hex_at(pos)
        self.extend_selection(pos)

    def extend_selection(self, pos: QPointF) -> None:
        if self._select_anchor is None:
            return
        corner = hex_at(pos)
        self.band_item.setRect(band_rect(self._select_anchor, corner))
        self.band_item.setVisible(corner != self._select_anchor)
        self.set_selection(hexes_in_band(self.document.level.editable_hexes(), self._select_anchor, corner))

    def end_selection(self) -> None:
        super().end_selection()
        self.band_item.hide()

    # -- the tools' preview ---------------------------------------------------------------------
    def show_preview_line(self, start_cell: int, end_cell: int) -> None:
        self.preview_item.setLine(QLineF(self.cell_centre(start_cell), self.cell_centre(end_cell)))
        self.preview_item.show()

    def hide_preview(self) -> None:
        self.preview_item.hide()

    # -- repainting ----------------------------------------------------------------------------------
    def _on_level_replaced(self) -> None:
        self.level_item.prepareGeometryChange()
        self._index_cells()
        self._update_scene_rect()
        self.level_item.update()
        self.set_selection(self.selection)  # a smaller level may leave some selected hexes out
        if self.hover_cell >= len(self.cells):
            self._set_hover(-1)

    # -- mouse --------------------------------------------------------------------------------------
    def _place_hover(self, cell: int) -> None:
        self.hover_item.setPolygon(hex_polygon(*self.cells[cell]))

    def pick(self, cell: int) -> None:
        """Eyedropper: what covers the hex becomes the brush's item."""
        value = self.document.level.value_at(*self.cells[cell])
        if value is not None:
            self.valuePicked.emit("tile", value)

"""LevelScene: the level drawn as a QGraphicsScene, repainting only what changed.

The cells are one item (``GridItem``) that paints just the exposed cells from
the game's cached tile pixmaps, so a one-cell edit repaints one cell. Links,
the selection, the hover mark and tool previews are light items above it.
Mouse buttons: left goes to the current tool, right drags a selection, middle
is the eyedropper.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem

from studio.editor.cell_geometry import CELL, cell_rect
from studio.editor.cell_painter import CellPainter
from studio.editor.links_item import LinksItem
from studio.editor.pixmaps import device_pixel_ratio
from studio.editor.scene_base import EditorScene
from studio.model.document import LevelDocument



# A repaint region of more rectangles than this is painted as its bounding rectangle; an
# edited link's arrow across the level is some fifty or a hundred of them.
MAX_REGION_RECTS = 400
GHOST_MIN_PIXELS = 12  # cells smaller than this on screen show no hint of the other layer


class GridItem(QGraphicsItem):
    """All the cells of the level on the scene's current layer, plus its entities."""

    def __init__(self, scene: "LevelScene"):
        super().__init__()
        self.level_scene = scene
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def boundingRect(self) -> QRectF:
        level = self.level_scene.document.level
        return QRectF(0, 0, level.width * CELL, level.height * CELL)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        scene = self.level_scene
        level = scene.document.level
        # Shrink by a hair: mapping the exposed region back to scene units leaves
        # rounding dust that would otherwise pull in the neighbouring cells.
        exposed = option.exposedRect.intersected(self.boundingRect()).adjusted(0.01, 0.01, -0.01, -0.01)
        if exposed.isEmpty():
            return
        device_size = max(1, round(CELL * painter.worldTransform().m11()))
        left, top, right, bottom = self._cell_range(exposed)
        art = scene.cell_painter
        layer = scene.layer
        # The other layer's faint hints are drawn where a cell is large enough to show them.
        other = 1 - layer if level.layer_count == 2 and scene.show_other_layer and device_size >= GHOST_MIN_PIXELS \
            else None
        prepare = getattr(art, "prepare", None)
        if prepare is not None:
            prepare(level, layer)
        cells = self._exposed_cells(exposed, widget)
        if not self._blit_cells(painter, art, level, cells, layer, other, device_size):
            for x, y in cells:
                index = y * level.width + x
                rect = QRectF(x * CELL, y * CELL, CELL, CELL)
                art.paint_cell(painter, rect, level, index, layer, device_size)
                if other is not None:
                    art.paint_ghost(painter, rect, level, index, other, device_size)
        if scene.show_grid and device_size >= 12:
            painter.setPen(QPen(QColor(0, 0, 0, 90), 0))
            for x in range(left, right + 2):
                painter.drawLine(QLineF(x * CELL, top * CELL, x * CELL, (bottom + 1) * CELL))
            for y in range(top, bottom + 2):
                painter.drawLine(QLineF(left * CELL, y * CELL, (right + 1) * CELL, y * CELL))
        painter.save()
        painter.setClipRect(exposed)
        art.paint_entities(painter, lambda i: cell_rect(level, i), level, layer, device_size)
        painter.restore()


    @staticmethod
    def _blit_cells(painter: QPainter, art, level, cells, layer: int, other, device_size: int) -> bool:
        """The fast way, when the art names a cached pixmap per cell (``cell_pixmaps`` and
        ``ghost_pixmaps``) and the view is at a whole-pixel zoom: each pixmap copied to its
        device pixels, with no scaling and no call into the art per cell. False when it
        cannot (the cells are then painted one by one)."""
        pixmaps_of = getattr(art, "cell_pixmaps", None)
        transform = painter.worldTransform()
        if pixmaps_of is None or not transform.isAffine() or transform.m12() or transform.m21() \
                or transform.m11() != transform.m22() or transform.m11() * CELL != device_size:
            return False
        indices = [y * level.width + x for x, y in cells]
        dpr = device_pixel_ratio(painter)
        tiles = pixmaps_of(level, indices, layer, device_size, dpr)
        if tiles is None:
            return False  # (too large a zoom for pixmaps: the art draws vectors)
        ghosts = art.ghost_pixmaps(level, indices, other, device_size, dpr) if other is not None else None
        ox, oy = transform.dx(), transform.dy()
        painter.save()
        painter.resetTransform()
        draw = painter.drawPixmap
        for number, (x, y) in enumerate(cells):
            left, top = round(ox + x * device_size), round(oy + y * device_size)
            draw(left, top, tiles[number])
            if ghosts is not None and ghosts[number] is not None:
                draw(left, top, ghosts[number])
        painter.restore()
        return True

    def _cell_range(self, rect: QRectF) -> tuple[int, int, int, int]:
        level = self.level_scene.document.level
        left = max(0, int(rect.left() // CELL))
        right = min(level.width - 1, int(math.ceil(rect.right() / CELL)) - 1)
        top = max(0, int(rect.top() // CELL))
        bottom = min(level.height - 1, int(math.ceil(rect.bottom() / CELL)) - 1)
        return left, top, right, bottom

    def _exposed_cells(self, exposed: QRectF, widget) -> list[tuple[int, int]]:
        """The cells under the viewport's exposed region, not just under its bounding rectangle.

        A region of a few small rectangles (a removed arrow, scattered edits) has a
        large bounding rectangle; painting only the cells in its rectangles keeps
        such repaints proportional to what changed.
        """
        view = widget.parent() if widget is not None else None
        region = getattr(view, "exposed_region", None)
        if region is None or region.rectCount() > MAX_REGION_RECTS:
            left, top, right, bottom = self._cell_range(exposed)
            return [(x, y) for y in range(top, bottom + 1) for x in range(left, right + 1)]
        cells: set[tuple[int, int]] = set()
        for rect in region:
            scene_rect = view.mapToScene(rect).boundingRect().intersected(exposed).adjusted(0.01, 0.01, -0.01, -0.01)
            if scene_rect.isEmpty():
                continue
            left, top, right, bottom = self._cell_range(scene_rect)
            cells.update((x, y) for y in range(top, bottom + 1) for x in range(left, right + 1))
        return sorted(cells, key=lambda cell: (cell[1], cell[0]))


class LevelScene(EditorScene):
    scene_margin = CELL * 2

    def __init__(self, document: LevelDocument, cell_painter: CellPainter, parent=None):
        super().__init__(document, cell_painter, parent)
        self.show_other_layer = True
        self.show_links = True
        self.show_grid = False
        self.selection: QRect | None = None  # in cells: the selection's bounding rectangle
        # The selected cells when they are not the whole rectangle (a magic wand's region,
        # a lint problem's cells), else None.
        self.selection_mask: frozenset[int] | None = None

        self.grid_item = GridItem(self)
        self.addItem(self.grid_item)
        self.links_item = LinksItem(self)
        self.links_item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        # No pixmap cache: an edited arrow repaints just the squares along it (links_item), which
        # a cached item's repaint would merge into their bounding box.
        self.addItem(self.links_item)
        self.selection_item = QGraphicsRectItem()
        pen = QPen(QColor(255, 255, 255), 0, Qt.PenStyle.DashLine)
        self.selection_item.setPen(pen)
        self.selection_item.setBrush(QColor(80, 160, 255, 60))
        self.selection_item.setZValue(20)
        self.selection_item.hide()
        self.addItem(self.selection_item)
        self.selection_shape_item = QGraphicsPathItem()  # a selection of scattered cells
        self.selection_shape_item.setPen(pen)
        self.selection_shape_item.setBrush(QColor(80, 160, 255, 60))
        self.selection_shape_item.setZValue(20)
        self.selection_shape_item.hide()
        self.addItem(self.selection_shape_item)
        self.hover_item = QGraphicsRectItem()
        self.hover_item.setPen(QPen(QColor(255, 255, 255, 200), 0))
        self.hover_item.setZValue(30)
        self.hover_item.hide()
        self.addItem(self.hover_item)
        self.preview_item = QGraphicsRectItem()  # tools' rubber band
        self.preview_item.setPen(QPen(QColor(255, 220, 80), 0, Qt.PenStyle.DashLine))
        self.preview_item.setBrush(QColor(255, 220, 80, 50))
        self.preview_item.setZValue(25)
        self.preview_item.hide()
        self.addItem(self.preview_item)

        self._entity_cells = set(cell_painter.entity_cells(document.level))
        self._update_scene_rect()
        document.cellsChanged.connect(self._on_cells_changed)
        document.entitiesChanged.connect(self._on_entities_changed)
        document.levelReplaced.connect(self._on_level_replaced)
        document.propertiesChanged.connect(self._on_properties_changed)

    # -- geometry ------------------------------------------------------------
    def cell_at(self, pos: QPointF) -> int:
        level = self.document.level
        x, y = math.floor(pos.x() / CELL), math.floor(pos.y() / CELL)
        if 0 <= x < level.width and 0 <= y < level.height:
            return y * level.width + x
        return -1

    def cell_xy_clamped(self, pos: QPointF) -> tuple[int, int]:
        level = self.document.level
        x = min(max(math.floor(pos.x() / CELL), 0), level.width - 1)
        y = min(max(math.floor(pos.y() / CELL), 0), level.height - 1)
        return x, y

    def level_rect(self) -> QRectF:
        return self.grid_item.boundingRect()

    # -- view state ------------------------------------------------------------
    def set_layer(self, layer: int) -> None:
        if layer != self.layer:
            self.layer = layer
            self.grid_item.update()
            self.layerChanged.emit(layer)

    def toggle_layer(self) -> None:
        self.set_layer((self.layer + 1) % self.document.level.layer_count)

    def set_show_other_layer(self, show: bool) -> None:
        self.show_other_layer = show
        self.grid_item.update()

    def set_show_links(self, show: bool) -> None:
        self.show_links = show
        self.links_item.update()

    def set_show_grid(self, show: bool) -> None:
        self.show_grid = show
        self.grid_item.update()

    # -- selection -------------------------------------------------------------
    def set_selection(self, rect: QRect | None, mask: frozenset[int] | None = None) -> None:
        """Select a rectangle of cells, or (with ``mask``) those of its cells in the mask."""
        level = self.document.level
        if rect is not None:
            rect = rect.normalized().intersected(QRect(0, 0, level.width, level.height))
            if rect.isEmpty():
                rect = None
        if rect is None or (mask is not None and len(mask) == rect.width() * rect.height()):
            mask = None  # the whole rectangle
        if rect == self.selection and mask == self.selection_mask:
            return
        self.selection, self.selection_mask = rect, mask
        cells = self.selected_cells()
        self.links_item.set_selected(cells[0] if len(cells) == 1 else None)
        if rect is not None:
            self.selection_item.setRect(QRectF(rect.x() * CELL, rect.y() * CELL, rect.width() * CELL, rect.height() * CELL))
        self.selection_item.setVisible(rect is not None and mask is None)
        if mask is not None:
            shape = QPainterPath()
            for index in mask:
                shape.addRect(cell_rect(level, index))
            self.selection_shape_item.setPath(shape.simplified())
        self.selection_shape_item.setVisible(mask is not None)
        self.cellSelectionChanged.emit()

    def select_cells(self, cells) -> None:
        """Select these cells (any shape); none selects nothing."""
        width = self.document.level.width
        cells = frozenset(cells)
        if not cells:
            self.set_selection(None)
            return
        xs, ys = [c % width for c in cells], [c // width for c in cells]
        self.set_selection(QRect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1), cells)

    def selected_cells(self) -> list[int]:
        if self.selection is None:
            return []
        if self.selection_mask is not None:
            return sorted(self.selection_mask)
        width = self.document.level.width
        r = self.selection
        return [y * width + x for y in range(r.top(), r.bottom() + 1) for x in range(r.left(), r.right() + 1)]

    # A selection drag (the right button, or the select tool's left) spans a rectangle of cells.
    def begin_selection(self, pos: QPointF) -> None:
        x, y = self.cell_xy_clamped(pos)
        self._select_anchor = (x, y)
        self.set_selection(QRect(x, y, 1, 1))

    def extend_selection(self, pos: QPointF) -> None:
        if self._select_anchor is None:
            return
        x, y = self.cell_xy_clamped(pos)
        ax, ay = self._select_anchor
        self.set_selection(QRect(min(ax, x), min(ay, y), abs(ax - x) + 1, abs(ay - y) + 1))

    # -- repainting what changed -------------------------------------------------
    def _on_cells_changed(self, cells: list[int]) -> None:
        level = self.document.level
        if len(cells) > 64:
            self.grid_item.update()
        else:
            self.repaint_cells(cells)
        self.links_item.cells_changed(cells)
        # Entities a painter derives from the squares (a start square, say) can move with them.
        if set(self.cell_painter.entity_cells(level)) != self._entity_cells:
            self._on_entities_changed()

    def repaint_cells(self, cells) -> None:
        """Repaint exactly these cells in every view.

        QGraphicsItem.update() grows each rectangle by a device pixel "for rounding
        errors", which drags the eight neighbours of a cell into the repaint; at
        the views' whole-pixel zoom steps the cell maps exactly, so ask the
        viewports directly.
        """
        level = self.document.level
        views = [view for view in self.views() if hasattr(view, "repaint_scene_rect")]
        if not views:
            for index in cells:
                self.grid_item.update(cell_rect(level, index))
            return
        for index in cells:
            rect = cell_rect(level, index)
            for view in views:
                view.repaint_scene_rect(rect)

    def _on_entities_changed(self) -> None:
        level = self.document.level
        cells = set(self.cell_painter.entity_cells(level))
        self.repaint_cells(cells ^ self._entity_cells | cells)
        self._entity_cells = cells

    def _on_properties_changed(self) -> None:
        self.grid_item.update()  # a level's properties may be part of its look (its own colours)

    def _on_level_replaced(self) -> None:
        self.grid_item.prepareGeometryChange()
        self.links_item.prepareGeometryChange()
        self._entity_cells = set(self.cell_painter.entity_cells(self.document.level))
        self.links_item.reload()
        # A scattered selection's cell numbers mean other cells in a resized level: let it go.
        self.set_selection(self.selection if self.selection_mask is None else None)
        self._update_scene_rect()
        self.grid_item.update()
        self.links_item.update()

    # -- mouse -----------------------------------------------------------------
    def _place_hover(self, cell: int) -> None:
        self.hover_item.setRect(cell_rect(self.document.level, cell))

    def pick(self, cell: int) -> None:
        """Eyedropper: make what is on the cell the drawing item (an entity first, then the tile)."""
        level = self.document.level
        entity = getattr(level, "entity_kind_at", None)
        if entity is not None:
            found = entity(cell)
            if found is not None:
                self.valuePicked.emit(*found)
                return
        self.valuePicked.emit("tile", level.bundle_value(level.cell_bundle(cell), self.layer))

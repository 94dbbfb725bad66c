"""The ghost: a faint picture of what a tool would put down, drawn over the level before
the click (Tiled's brush preview). A brush shows its tile under the cursor; the line,
rectangle and ellipse tools show the cells they would paint; the stamp shows the
copied cells where they would land.

One GhostItem per scene (``ghost_of(scene)``), above the cells, below the selection.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from studio.core.errors import LevelLimitError
from studio.core.grid import bundle_with_link_targets, link_targets, links_many
from studio.editor.scene import CELL

OPACITY = 0.55
OUTLINE = QColor(255, 220, 80, 200)


class GhostItem(QGraphicsItem):
    def __init__(self, scene):
        super().__init__()
        self.level_scene = scene
        self.setZValue(15)
        self.setOpacity(OPACITY)
        self._pixmap = None  # the one picture drawn on every cell of ``_cells``
        self._cells: list[tuple[int, int]] = []
        self._clip = None  # (scratch level, its width, its height, left, top): a stamp
        self._bounds = QRectF()

    # -- what to show -------------------------------------------------------------------
    def show_item(self, cells, item) -> None:
        """The palette ``item`` on each (x, y) of ``cells`` (none: hide)."""
        art = self.level_scene.cell_painter
        pixmap = art.item_pixmap(item, CELL) if item is not None and cells else None
        self._set(list(cells) if pixmap is not None else [], pixmap, None)

    def show_clip(self, scratch, width: int, height: int, left: int, top: int) -> None:
        """A block of cells (a scratch level holding the copied bundles) with its top-left at (left, top)."""
        self._set([], None, (scratch, width, height, left, top))

    def clear(self) -> None:
        self._set([], None, None)

    def _set(self, cells, pixmap, clip) -> None:
        if cells == self._cells and pixmap is self._pixmap and clip == self._clip:
            return
        self.prepareGeometryChange()
        self._cells, self._pixmap, self._clip = cells, pixmap, clip
        if clip is not None:
            _, width, height, left, top = clip
            self._bounds = QRectF(left * CELL, top * CELL, width * CELL, height * CELL)
        elif cells:
            xs, ys = [x for x, _ in cells], [y for _, y in cells]
            self._bounds = QRectF(min(xs) * CELL, min(ys) * CELL, (max(xs) - min(xs) + 1) * CELL,
                                  (max(ys) - min(ys) + 1) * CELL)
        else:
            self._bounds = QRectF()
        self.setVisible(bool(cells) or clip is not None)
        self.update()

    def cells(self) -> list[tuple[int, int]]:
        """The (x, y) the ghost covers (a stamp: every cell of its block)."""
        if self._clip is not None:
            _, width, height, left, top = self._clip
            return [(left + dx, top + dy) for dy in range(height) for dx in range(width)]
        return list(self._cells)

    # -- drawing ------------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self._clip is not None:
            self._paint_clip(painter)
        elif self._pixmap is not None:
            for x, y in self._cells:
                painter.drawPixmap(QRectF(x * CELL, y * CELL, CELL, CELL), self._pixmap, QRectF(self._pixmap.rect()))
        painter.setOpacity(1.0)
        painter.setPen(QPen(OUTLINE, 0))
        # The view does not save the painter's state between items (DontSavePainterState):
        # without this the outline took the brush the item before left (the links' cyan)
        # and filled the ghost with it.
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self._bounds)

    def _paint_clip(self, painter: QPainter) -> None:
        scratch, width, height, left, top = self._clip
        if scratch is None:
            return  # (the outline alone)
        scene = self.level_scene
        device = max(1, round(CELL * painter.worldTransform().m11()))
        art = scene.cell_painter
        prepare = getattr(art, "prepare", None)
        if prepare is not None:
            prepare(scratch, scene.layer)
        for dy in range(height):
            for dx in range(width):
                rect = QRectF((left + dx) * CELL, (top + dy) * CELL, CELL, CELL)
                art.paint_cell(painter, rect, scratch, dy * scratch.width + dx, scene.layer, device)
        if prepare is not None:
            prepare(scene.document.level, scene.layer)  # (the level's own paint comes next)


def ghost_of(scene) -> GhostItem:
    """The scene's ghost, made on first use."""
    ghost = getattr(scene, "_ghost", None)
    if ghost is None:
        ghost = GhostItem(scene)
        ghost.hide()
        scene.addItem(ghost)
        scene._ghost = ghost
    return ghost


def scratch_level(level, clip):
    """A level holding the clip's cells from its top-left corner, for the art to draw; links
    point at the cell itself (they name cells of the real level), entities are left out.
    None when the game has no level small enough to hold them."""
    try:
        scratch = level.resized(clip.width, clip.height)
    except LevelLimitError:  # smaller than the game allows: a level of the current size holds them
        try:
            scratch = level.resized(max(clip.width, level.width), max(clip.height, level.height))
        except LevelLimitError:
            return None
    empty = scratch.empty_bundle()
    for index, bundle in enumerate(clip.bundles):
        dx, dy = index % clip.width, index // clip.width
        cell = dy * scratch.width + dx
        shown = bundle if clip.holds(dx, dy) else empty
        if link_targets(level, shown):
            shown = bundle_with_link_targets(level, shown, () if links_many(level) else (cell,))
        scratch.set_cell_bundle(cell, shown)
    return scratch

"""LinksItem: arrows from every linked cell (panel, transporter, button...) to each target.

Shown for all links when the scene's ``show_links`` is on; otherwise only for the link
tool's source (``highlight``) and the selected cell (``selected``: its own links and
those pointing at it). The links are kept up to date cell by cell, so an edit repaints
only the arrows it changed; each arrow's geometry is worked out once, and the batch of
lines and heads drawn for a set of arrows is kept, so a level of hundreds of links
repaints with a few drawing calls.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from studio.core.grid import link_targets
from studio.editor.cell_geometry import CELL, cell_rect

PLAIN = QColor(40, 220, 255, 190)
EMPHASISED = QColor(255, 200, 40, 230)
BATCHES = 4  # the arrow sets whose drawing is kept (the whole level's, a selection's...)
MAX_ARROW_SQUARES = 16  # squares repainted along an edited arrow


class LinksItem(QGraphicsItem):
    def __init__(self, scene):
        super().__init__()
        self.level_scene = scene
        self.setZValue(10)
        self.highlight: int | None = None  # the link tool's source: its arrows are drawn even when links are hidden
        self.selected: int | None = None  # the one selected cell: its arrows, in and out, likewise
        self._links: dict[int, tuple[int, ...]] = {}
        self._sorted: list[tuple[int, int]] | None = None
        self._geometry: dict[tuple[int, int], tuple] = {}  # (source, target) -> its arrow, for this width
        self._width = 0
        self._batches: OrderedDict = OrderedDict()
        self.reload()

    def reload(self) -> None:
        level = self.level_scene.document.level
        if level.width != self._width:  # cell numbers mean other places now
            self._geometry.clear()
            self._batches.clear()
            self._width = level.width
        self._links = {}
        for index in range(level.width * level.height):
            targets = link_targets(level, level.cell_bundle(index))
            if targets:
                self._links[index] = targets
        self._sorted = None

    def cells_changed(self, cells: list[int]) -> None:
        if len(cells) > 64:  # a big edit repaints everything anyway
            self.reload()
            self.update()
            return
        level = self.level_scene.document.level
        for index in cells:
            targets = link_targets(level, level.cell_bundle(index))
            old = self._links.get(index, ())
            if targets == old:
                continue
            self._sorted = None
            for target in set(old) ^ set(targets):
                self.update_arrow(index, target)
            if targets:
                self._links[index] = targets
            else:
                del self._links[index]

    def set_selected(self, cell: int | None) -> None:
        if cell != self.selected:
            self.selected = cell
            self.update()

    def update_arrow(self, source: int, target: int) -> None:
        """Repaint the cells an arrow crosses, in squares along it (a cell and a half wide, or
        more on a long arrow: a view repaints a region of more than fifty rectangles, which
        overlapping squares soon make, as its bounding box), not its whole bounding box."""
        level = self.level_scene.document.level
        start, end = cell_rect(level, source).center(), cell_rect(level, target).center()
        length = QLineF(start, end).length()
        steps = max(1, min(int(length / CELL), MAX_ARROW_SQUARES))
        half = max(CELL, length / steps) * 0.75
        # Straight to the views: an item's own updates within one pass merge into one rectangle.
        views = [view for view in self.level_scene.views() if hasattr(view, "repaint_scene_rect")]
        for step in range(steps + 1):
            point = start + (end - start) * (step / steps)
            square = QRectF(point.x() - half, point.y() - half, 2 * half, 2 * half)
            for view in views:
                view.repaint_scene_rect(square)
            if not views:
                self.update(square)

    def arrow_rect(self, source: int, target: int) -> QRectF:
        return self._arrow(source, target)[0]

    def boundingRect(self) -> QRectF:
        level = self.level_scene.document.level
        return QRectF(-CELL, -CELL, (level.width + 2) * CELL, (level.height + 2) * CELL)

    def links(self) -> list[tuple[int, int]]:
        """Every (source, target) pair, sorted."""
        if self._sorted is None:
            self._sorted = sorted((source, target) for source, targets in self._links.items() for target in targets)
        return self._sorted

    def _emphasised(self, source: int, target: int) -> bool:
        return source == self.highlight or self.selected in (source, target)

    def _arrow(self, source: int, target: int) -> tuple:
        """(bounds, shaft or None, head or None, ring centre or None) of one arrow, worked out once."""
        found = self._geometry.get((source, target))
        if found is None:
            found = arrow_geometry(self.level_scene.document.level, source, target)
            self._geometry[(source, target)] = found
        return found

    def paint(self, painter: QPainter, option, widget=None) -> None:
        scene = self.level_scene
        if scene.show_links:
            pairs = self.links()
        elif self.highlight is not None or self.selected is not None:
            pairs = [(s, t) for s, t in self.links() if self._emphasised(s, t)]
        else:
            return
        exposed = option.exposedRect
        if not exposed.contains(self.boundingRect()):
            pairs = [(s, t) for s, t in pairs if exposed.intersects(self._arrow(s, t)[0])]
        # Antialiased strokes cost several times more: a crowd of arrows is drawn plain.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, len(pairs) <= 150)
        outline = painter.worldTransform().m11() * CELL >= 20  # too small to see an outline: half the work
        plain = [(s, t) for s, t in pairs if not self._emphasised(s, t)]
        emphasised = [(s, t) for s, t in pairs if self._emphasised(s, t)]
        for group, colour in ((plain, PLAIN), (emphasised, EMPHASISED)):
            if group:
                draw_batch(painter, self._batch(tuple(group)), colour, outline)

    def _batch(self, pairs: tuple) -> tuple:
        """The lines, heads and rings of a set of arrows, kept for the next repaint of the same set."""
        found = self._batches.get(pairs)
        if found is not None:
            self._batches.move_to_end(pairs)
            return found
        shafts, heads, rings = [], QPainterPath(), QPainterPath()
        for source, target in pairs:
            _, shaft, head, ring = self._arrow(source, target)
            if ring is not None:
                rings.addEllipse(ring, CELL * 0.28, CELL * 0.28)
            else:
                shafts.append(shaft)
                heads.addPolygon(head)
        found = (shafts, heads, rings)
        self._batches[pairs] = found
        if len(self._batches) > BATCHES:
            self._batches.popitem(last=False)
        return found


def arrow_geometry(level, source: int, target: int) -> tuple:
    """An arrow from one cell's centre into the other: (bounds, shaft, head, None), or for a
    cell linked to itself (bounds, None, None, ring centre). Plain arithmetic, Qt objects
    made only for the result: a level has hundreds of these."""
    width = level.width
    sx, sy = (source % width + 0.5) * CELL, (source // width + 0.5) * CELL
    tx, ty = (target % width + 0.5) * CELL, (target // width + 0.5) * CELL
    # Both cells, and half a cell around them.
    bounds = QRectF(min(sx, tx) - CELL, min(sy, ty) - CELL, abs(tx - sx) + 2 * CELL, abs(ty - sy) + 2 * CELL)
    if source == target:
        return bounds, None, None, QPointF(sx, sy)
    dx, dy = tx - sx, ty - sy
    length = math.hypot(dx, dy)
    # Shortened so the head lands inside the target cell rather than on its centre.
    shortened = max(1.0, length - CELL * 0.22) / length
    ex, ey = sx + dx * shortened, sy + dy * shortened
    angle, size = math.atan2(-dy, dx), 9.0
    left = QPointF(ex - size * math.cos(angle - math.pi / 7), ey + size * math.sin(angle - math.pi / 7))
    right = QPointF(ex - size * math.cos(angle + math.pi / 7), ey + size * math.sin(angle + math.pi / 7))
    tip = QPointF(ex, ey)
    return bounds, QLineF(sx, sy, ex, ey), QPolygonF([tip, left, right, tip]), None


def draw_batch(painter: QPainter, batch: tuple, colour: QColor, outline: bool, width: float = 2.5) -> None:
    """Arrows in one outline pass (a dark edge, so they read on any tile) and one colour pass."""
    shafts, heads, rings = batch
    passes = [(QColor(0, 0, 0, 160), width + 2.5), (colour, width)] if outline else [(colour, width)]
    for pen_colour, pen_width in passes:
        painter.setPen(QPen(pen_colour, pen_width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawLines(shafts)
        painter.drawPath(rings)
        painter.setBrush(QBrush(pen_colour))
        painter.drawPath(heads)

"""The selection of a hex scene: which hexes a drag selects, how the selection is drawn,
and what the Edit menu's selection commands do to it (``HexSelectionOps``, the object
the editor pane asks, as it asks ``SquareSelectionOps`` of a square scene).

A drag from one hex to another selects every hex whose centre lies in the rectangle
spanned by the two hexes' centres: a "rectangle" of hexes with rows alternately one
hex shorter, as pointy-top rows are offset by half a hex. Moving steps along the axial
directions: left and right are west and east, up and down are north-west and
south-east (so up then right is north-east, down then left south-west).
The level does the editing (studio.core.hexes.EditableHexLevel, its region part);
each change is one HexEdit on the undo stack.
"""

from __future__ import annotations

from typing import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from studio.core.errors import LevelLimitError
from studio.editor.hex_geometry import hex_centre, hex_corners, hex_polygon, hexes_rect
from studio.model.hex_commands import push_hex_edit

# Axial neighbour offsets in the order the edges of hex_corners() face them: edge i runs
# from corner i to corner i + 1 and faces NEIGHBOURS[i] (north-east, east, south-east, ...).
NEIGHBOURS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
SELECTION_FILL = QColor(80, 160, 255, 70)
NO_SELECTION = "Select some hexes first (drag with the right mouse button)."


def hexes_in_band(hexes: Iterable[tuple[int, int]], corner_a: tuple[int, int], corner_b: tuple[int, int]) -> set:
    """The hexes whose centres lie in the rectangle spanned by the centres of two hexes."""
    band = band_rect(corner_a, corner_b).adjusted(-0.01, -0.01, 0.01, 0.01)
    return {tuple(h) for h in hexes if band.contains(hex_centre(*h))}


def band_rect(corner_a: tuple[int, int], corner_b: tuple[int, int]) -> QRectF:
    return QRectF(hex_centre(*corner_a), hex_centre(*corner_b)).normalized()


class HexSelectionItem(QGraphicsItem):
    """The selected hexes: a light wash, and a dashed outline round the region's edge."""

    def __init__(self):
        super().__init__()
        self.hexes: frozenset = frozenset()
        self._rect = QRectF()
        self._fill = QPainterPath()
        self._outline = QPainterPath()
        self.setZValue(20)

    def set_hexes(self, hexes: Iterable[tuple[int, int]]) -> None:
        self.prepareGeometryChange()
        self.hexes = frozenset(hexes)
        self._rect = hexes_rect(self.hexes) if self.hexes else QRectF()
        self._fill = QPainterPath()
        self._fill.setFillRule(Qt.FillRule.WindingFill)
        self._outline = QPainterPath()
        for q, r in self.hexes:
            self._fill.addPolygon(hex_polygon(q, r))
            corners = hex_corners(q, r)
            for i, (dq, dr) in enumerate(NEIGHBOURS):
                if (q + dq, r + dr) not in self.hexes:
                    self._outline.moveTo(corners[i])
                    self._outline.lineTo(corners[(i + 1) % 6])
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SELECTION_FILL)
        painter.drawPath(self._fill)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        shadow = QPen(QColor(0, 0, 0, 190), 3.5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        shadow.setCosmetic(True)
        painter.setPen(shadow)
        painter.drawPath(self._outline)
        dashes = QPen(QColor(255, 255, 255), 1.6, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap)
        dashes.setCosmetic(True)
        painter.setPen(dashes)
        painter.drawPath(self._outline)


class HexSelectionOps:
    """What the Edit menu does to a hex scene's selection; each edit is one undo step.
    Methods that cannot act return a message for the status bar."""

    expand_problem = ("Expand Pattern repeats a rectangle of square cells beside it; a hex level "
                      "has no such rectangle, so it is for square grids only.")

    def move(self, scene, dx: int, dy: int) -> str | None:
        """Move the contents one hex: (dx, dy) are axial steps (see the module's doc)."""
        if not scene.selection:
            return NO_SELECTION
        try:
            new_state, note = scene.document.level.region_moved(scene.selection, dx, dy)
        except LevelLimitError as error:
            return str(error)
        push_hex_edit(scene.document, new_state, "Move selection")
        scene.set_selection({(q + dx, r + dy) for q, r in scene.selection})
        return note or None

    def expand(self, scene, dx: int, dy: int) -> str | None:
        return self.expand_problem

    def copy(self, scene):
        return scene.document.level.region_clip(scene.selection) if scene.selection else None

    def cut(self, scene):
        clip = self.copy(scene)
        if clip is not None:
            self.erase(scene, "Cut")
        return clip

    def erase(self, scene, label: str = "Erase selection") -> str | None:
        if not scene.selection:
            return NO_SELECTION
        try:
            push_hex_edit(scene.document, scene.document.level.region_erased(scene.selection), label)
        except LevelLimitError as error:
            return str(error)
        return None

    def transform(self, scene, transform: str, label: str) -> str | None:
        """Edit > Transform on the selected hexes: flipped about their middle, or turned a
        sixth about the hex nearest it (the level's ``region_transformed``); one undo step."""
        if not scene.selection:
            return NO_SELECTION
        try:
            state, hexes, note = scene.document.level.region_transformed(scene.selection, transform)
        except LevelLimitError as error:
            return str(error)
        push_hex_edit(scene.document, state, label)
        scene.set_selection(hexes)
        return note or None

    def can_reverse(self, scene) -> bool:
        return False

    def reverse(self, scene) -> str | None:
        return "Hexes of this game have no reverse."

    def paste(self, scene, clip) -> str | None:
        """Paste with the clip's first hex on the selection's first hex, else on the hex under
        the cursor, else where it was copied from."""
        if scene.selection:
            at = min(scene.selection, key=lambda h: (h[1], h[0]))
        elif scene.hover_cell >= 0:
            at = scene.cells[scene.hover_cell]
        else:
            at = tuple(clip.origin)
        try:
            new_state = scene.document.level.clip_pasted(clip, *at)
        except LevelLimitError as error:
            return str(error)
        push_hex_edit(scene.document, new_state, "Paste")
        scene.set_selection({(q + at[0], r + at[1]) for q, r in clip.hexes})
        return None

    def select_all(self, scene) -> None:
        scene.set_selection(scene.document.level.editable_hexes())

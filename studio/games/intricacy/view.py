"""Intricacy's art and its places in the studio's GUI, drawn with QPainter.

- ``LockArt`` draws a lock (the frame, the bolthole, walls, pieces, springs) on
  pointy-top hexes, in either colouring mode: by kind, or touching pieces apart.
- ``make_cell_painter()`` is the editor's art object: the palette icons, names and
  status-bar descriptions, and ``paint_level`` for the hex scene.
- ``make_editor_scene`` / ``editor_tools`` give the editor pane its hex scene and
  tools (studio/editor/hex_scene.py, hex_tools.py, hex_drawing.py) instead of the square ones.
- ``render_level`` is what ``studio render`` calls; ``make_play_painter`` the
  play-test's BoardPainter (it tweens moves and turns between two states).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush, QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPixmap, QPolygonF, QRadialGradient,
)

from studio.editor.hex_geometry import HEX_RADIUS, hex_centre, hex_corners, hex_polygon, hex_rect, hexes_rect
from studio.games.intricacy.drawing import (
    SPRING_COLOUR, SPRING_DOT, SPRING_HALO_ALPHA, SPRING_HALO_WIDTH, SPRING_WIDTH, label_spots, spring_points,
)
from studio.games.intricacy.colouring import colours_by_kind, proper_colours
from studio.games.intricacy.hexgrid import DIRECTIONS, Hex, distance, hexagon, neighbours
from studio.games.intricacy.level import (
    ERASE, PAINT_ARM, PAINT_BALL, PAINT_BLOCK, PAINT_HOOK, PAINT_PIVOT, PAINT_WRENCH, WALL, IntricacyLevel,
)
from studio.games.intricacy.lock import BALL, BLOCK, HOOK, PIVOT, TURNING_KINDS, WRENCH, Lock, Piece, bolthole

KIND_COLOURS = ("#5b8fd6", "#dcd6c8", "#3fae9a", "#e8c547", "#d35d6e", "#6e6a63")  # colouring.KIND_COLOURS order
PROPER_COLOURS = ("#5b8fd6", "#e8c547", "#3fae9a", "#d35d6e", "#a68bdb", "#8fbf5a")
FLOOR = QColor("#23272f")
FLOOR_LINE = QColor("#2f3540")
FRAME = QColor("#454c5a")
FRAME_LIGHT = QColor("#5b6375")
WALL_COLOUR = QColor("#59606e")
BOLTHOLE = QColor("#e0b341")
SPRING = QColor(SPRING_COLOUR)
COLOUR_BY_KIND, COLOUR_APART = "kind", "apart"
PROPER_COLOURING_OVERLAY = "colour_apart"  # the play-test overlay that switches the colouring mode

PALETTE_NAMES = {ERASE: "Empty hex", WALL: "Wall", PAINT_BLOCK: "Block", PAINT_BALL: "Ball", PAINT_PIVOT: "Pivot",
                 PAINT_ARM: "Arm", PAINT_HOOK: "Hook", PAINT_WRENCH: "Wrench"}


def _mix(colour: QColor, other: QColor, amount: float) -> QColor:
    return QColor(round(colour.red() * (1 - amount) + other.red() * amount),
                  round(colour.green() * (1 - amount) + other.green() * amount),
                  round(colour.blue() * (1 - amount) + other.blue() * amount), colour.alpha())


class LockArt:
    """Draws locks. Works on plain parts (size, walls, pieces, springs) so the editor's lock
    and the play-test's states (and a tween between two of them) share one drawing."""

    def __init__(self, radius: float = HEX_RADIUS):
        self.radius = radius

    # -- whole pictures --------------------------------------------------------------------
    def paint(self, painter: QPainter, size: int, walls, pieces, springs, mode: str = COLOUR_BY_KIND,
              show_outlines: bool = True, show_springs: bool = True, labels: bool = True,
              offsets: dict | None = None, turns: dict | None = None, momentum: tuple | None = None) -> None:
        """Draw a lock. ``offsets`` (piece -> (dx, dy) in scene units) and ``turns`` (piece ->
        degrees) shift pieces part of the way through a move, for the play-test's tween."""
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.paint_ground(painter, size, walls, show_outlines)
        colours = self.piece_colours(pieces, springs, mode)
        offsets, turns = offsets or {}, turns or {}
        for index, piece in enumerate(pieces):
            if piece.kind in (BLOCK, WRENCH):
                self.paint_block(painter, piece, colours[index], offsets.get(index), labels=False)
        for index, piece in enumerate(pieces):
            if piece.kind == BALL:
                self.paint_ball(painter, piece, colours[index], offsets.get(index))
        if show_springs:
            for spring in springs:
                self.paint_spring(painter, spring, pieces, offsets)
        for index, piece in enumerate(pieces):
            if piece.kind in TURNING_KINDS:
                self.paint_turning(painter, piece, colours[index], offsets.get(index), turns.get(index, 0.0))
        if momentum is not None:
            self.paint_momentum(painter, *momentum)
        if labels:  # last: no spring or arm hides a block's letter
            self.paint_block_labels(painter, pieces, springs, colours, offsets)
        self.paint_bolthole_outline(painter, bolthole(size))
        painter.restore()

    def paint_block_labels(self, painter: QPainter, pieces, springs, colours, offsets) -> None:
        for index, (centre, scale) in self.label_spots(pieces, springs).items():
            if index in offsets:
                centre += QPointF(*offsets[index])
            self.paint_label(painter, centre, pieces[index].label, colours[index], scale)

    def label_spots(self, pieces, springs) -> dict[int, tuple[QPointF, float]]:
        """Where each block's letter goes (scene point, size as a share of the hex radius)."""
        return {index: (QPointF(x, y), scale) for index, (x, y, scale) in label_spots(pieces, springs, self.radius).items()}

    def piece_colours(self, pieces, springs, mode: str) -> list[QColor]:
        if mode == COLOUR_APART:
            return [QColor(PROPER_COLOURS[c % len(PROPER_COLOURS)]) for c in proper_colours(pieces)]
        return [QColor(KIND_COLOURS[c]) for c in colours_by_kind(pieces, springs)]

    def paint_ground(self, painter: QPainter, size: int, walls, show_outlines: bool) -> None:
        hole = set(bolthole(size))
        outer = set()
        for h in hole:  # the frame goes on round the pocket
            outer |= {n for n in neighbours(h) if distance(n) > size + 1}
        outline = QPen(FLOOR_LINE, self.radius * 0.05) if show_outlines else Qt.PenStyle.NoPen
        for h in hexagon(size + 1):
            if distance(h) <= size or h in hole:
                painter.setPen(outline)
                painter.setBrush(FLOOR)
                painter.drawPolygon(hex_polygon(h.q, h.r, self.radius))
        for h in list(outer) + [h for h in hexagon(size + 1) if distance(h) == size + 1 and h not in hole]:
            self._paint_solid(painter, h, FRAME, FRAME_LIGHT)
        for h in walls:
            self._paint_solid(painter, h, WALL_COLOUR, FRAME_LIGHT)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        glow = QColor(BOLTHOLE)
        glow.setAlpha(60)
        for h in hole:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(glow)
            painter.drawPolygon(hex_polygon(h.q, h.r, self.radius, self.radius * 0.08))

    def paint_bolthole_outline(self, painter: QPainter, hole) -> None:
        """A dashed gold outline round the bolthole's hexes, drawn over whatever fills them."""
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(BOLTHOLE, self.radius * 0.1, Qt.PenStyle.DashLine))
        for h in hole:
            painter.drawPolygon(hex_polygon(h.q, h.r, self.radius, self.radius * 0.12))

    def paint_open_bolthole(self, painter: QPainter, hole) -> None:
        """An open lock: the bolthole glows."""
        glow = QColor(BOLTHOLE)
        glow.setAlpha(150)
        painter.setPen(QPen(BOLTHOLE, self.radius * 0.16))
        painter.setBrush(glow)
        for h in hole:
            painter.drawPolygon(hex_polygon(h.q, h.r, self.radius, self.radius * 0.1))

    def _paint_solid(self, painter: QPainter, h: Hex, face: QColor, light: QColor) -> None:
        painter.setPen(QPen(face.darker(130), self.radius * 0.05))
        painter.setBrush(face)
        painter.drawPolygon(hex_polygon(h.q, h.r, self.radius))
        painter.setPen(QPen(light, self.radius * 0.08))
        corners = hex_corners(h.q, h.r, self.radius, self.radius * 0.16)
        painter.drawPolyline(QPolygonF([corners[4], corners[5], corners[0], corners[1]]))

    # -- pieces -----------------------------------------------------------------------------------
    def paint_block(self, painter: QPainter, piece, colour: QColor, offset=None, labels: bool = True) -> None:
        painter.save()
        if offset:
            painter.translate(*offset)
        hexes = piece.hexes
        painter.setPen(QPen(colour, self.radius * 0.04))  # hairline seams in the face colour
        painter.setBrush(colour)
        for h in hexes:
            painter.drawPolygon(hex_polygon(h.q, h.r, self.radius))
        # The outline only where the block ends, so a block reads as one piece.
        edge_pen = QPen(colour.darker(170), self.radius * 0.12, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        light_pen = QPen(colour.lighter(135), self.radius * 0.08, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        for h in hexes:
            outer = hex_corners(h.q, h.r, self.radius, self.radius * 0.06)
            inner = hex_corners(h.q, h.r, self.radius, self.radius * 0.2)
            for i in range(6):
                direction = (i + 5) % 6  # edge i (corner i to i + 1) faces this neighbour
                if h + DIRECTIONS[direction] in hexes:
                    continue
                painter.setPen(edge_pen)
                painter.drawLine(outer[i], outer[(i + 1) % 6])
                if direction in (4, 5, 3):  # a highlight along the upper and left edges
                    painter.setPen(light_pen)
                    painter.drawLine(inner[i], inner[(i + 1) % 6])
        if piece.kind == WRENCH:
            painter.setPen(QPen(colour.darker(180), self.radius * 0.12))
            painter.setBrush(colour.lighter(120))
            for h in hexes:
                painter.drawPolygon(hex_polygon(h.q, h.r, self.radius, self.radius * 0.58))  # a smaller hex on each
                centre = hex_centre(h.q, h.r, self.radius)
                painter.setBrush(colour.darker(160))
                painter.drawEllipse(centre, self.radius * 0.16, self.radius * 0.16)
                painter.setBrush(colour.lighter(120))
        elif labels and piece.label:
            first = min(hexes)
            self.paint_label(painter, hex_centre(first.q, first.r, self.radius), piece.label, colour)
        painter.restore()

    def paint_label(self, painter: QPainter, centre: QPointF, text: str, colour: QColor, scale: float = 0.8) -> None:
        font = QFont()
        font.setPixelSize(max(1, round(self.radius * scale)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(colour.darker(200) if colour.lightness() > 110 else colour.lighter(190))
        box = QRectF(centre.x() - self.radius, centre.y() - self.radius, 2 * self.radius, 2 * self.radius)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def paint_ball(self, painter: QPainter, piece, colour: QColor, offset=None) -> None:
        centre = hex_centre(piece.centre.q, piece.centre.r, self.radius)
        if offset:
            centre = centre + QPointF(*offset)
        radius = self.radius * 0.62
        gradient = QRadialGradient(centre + QPointF(-radius * 0.35, -radius * 0.4), radius * 1.3)
        gradient.setColorAt(0.0, colour.lighter(150))
        gradient.setColorAt(0.6, colour)
        gradient.setColorAt(1.0, colour.darker(160))
        painter.setPen(QPen(colour.darker(220), self.radius * 0.06))
        painter.setBrush(QBrush(gradient))
        painter.drawEllipse(centre, radius, radius)

    def paint_turning(self, painter: QPainter, piece, colour: QColor, offset=None, turn_degrees: float = 0.0) -> None:
        """A pivot or the hook: a hub with its arms (the hook's one arm ends in a claw)."""
        centre = hex_centre(piece.centre.q, piece.centre.r, self.radius)
        if offset:
            centre = centre + QPointF(*offset)
        painter.save()
        painter.translate(centre)
        painter.rotate(turn_degrees)
        reach = self.radius * math.sqrt(3.0)
        dark = colour.darker(190)
        for arm in sorted(piece.arms):
            angle = math.radians(60 * arm)
            tip = QPointF(reach * math.cos(angle), reach * math.sin(angle))
            for pen in (QPen(dark, self.radius * 0.62, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap),
                        QPen(colour, self.radius * 0.42, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)):
                painter.setPen(pen)
                painter.drawLine(QPointF(0, 0), tip)
            if piece.kind == HOOK:
                self._paint_claw(painter, tip, angle, colour, dark)
            else:
                painter.setPen(QPen(dark, self.radius * 0.06))
                painter.setBrush(colour.lighter(120))
                painter.drawEllipse(tip, self.radius * 0.3, self.radius * 0.3)
        hub = self.radius * (0.58 if piece.kind == HOOK else 0.5)
        painter.setPen(QPen(dark, self.radius * 0.08))
        painter.setBrush(colour)
        painter.drawEllipse(QPointF(0, 0), hub, hub)
        painter.setBrush(dark)
        painter.drawEllipse(QPointF(0, 0), hub * 0.35, hub * 0.35)
        painter.restore()

    def _paint_claw(self, painter: QPainter, tip: QPointF, angle: float, colour: QColor, dark: QColor) -> None:
        """The hook's arm ends in a curl, turning clockwise."""
        size = self.radius * 0.55
        path = QPainterPath()
        rect = QRectF(tip.x() - size, tip.y() - size, 2 * size, 2 * size)
        start = -math.degrees(angle) + 90
        path.arcMoveTo(rect, start)
        path.arcTo(rect, start, -200)
        for pen in (QPen(dark, self.radius * 0.36, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap),
                    QPen(colour, self.radius * 0.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)):
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)

    def paint_spring(self, painter: QPainter, spring, pieces, offsets=None) -> None:
        """A zigzag between the two anchors: as many coils at any length, so a compressed
        spring looks tight and a stretched one loose."""
        offsets = offsets or {}
        start = hex_centre(spring.root_anchor.q, spring.root_anchor.r, self.radius)
        end = hex_centre(spring.end_anchor.q, spring.end_anchor.r, self.radius)
        if spring.root in offsets and pieces[spring.root].kind != PIVOT:
            start = start + QPointF(*offsets[spring.root])
        if spring.end in offsets:
            end = end + QPointF(*offsets[spring.end])
        points = spring_points((start.x(), start.y()), (end.x(), end.y()), spring.natural, self.radius)
        if not points:
            return
        line = QPolygonF([QPointF(x, y) for x, y in points])
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(0, 0, 0, SPRING_HALO_ALPHA), self.radius * SPRING_HALO_WIDTH, Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        painter.drawPolyline(line)
        painter.setPen(QPen(SPRING, self.radius * SPRING_WIDTH, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.drawPolyline(line)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SPRING)
        for point in (start, end):
            painter.drawEllipse(point, self.radius * SPRING_DOT, self.radius * SPRING_DOT)

    def paint_momentum(self, painter: QPainter, wrench, direction: int, offset=None) -> None:
        """A chevron on the wrench pointing the way it keeps moving."""
        centre = QPointF()
        for h in wrench.hexes:
            centre += hex_centre(h.q, h.r, self.radius)
        centre /= len(wrench.hexes)
        if offset:
            centre += QPointF(*offset)
        angle = math.radians(60 * direction)
        ux, uy = math.cos(angle), math.sin(angle)
        size = self.radius * 0.5
        for shift in (-0.3, 0.25):
            tip = QPointF(centre.x() + ux * size * (0.8 + shift), centre.y() + uy * size * (0.8 + shift))
            back = size * 0.7
            left = QPointF(tip.x() - ux * back - uy * back * 0.8, tip.y() - uy * back + ux * back * 0.8)
            right = QPointF(tip.x() - ux * back + uy * back * 0.8, tip.y() - uy * back - ux * back * 0.8)
            painter.setPen(QPen(QColor(255, 255, 255, 230), self.radius * 0.14, Qt.PenStyle.SolidLine,
                                Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
            painter.drawPolyline(QPolygonF([left, tip, right]))

    # -- palette icons ------------------------------------------------------------------------------
    def item_pixmap(self, value: int, size: int) -> QPixmap:
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        scale = size / (2.3 * self.radius)
        painter.translate(size / 2, size / 2)
        painter.scale(scale, scale)
        painter.setPen(QPen(FLOOR_LINE, self.radius * 0.06))
        painter.setBrush(FLOOR)
        painter.drawPolygon(hex_polygon(0, 0, self.radius))
        here = frozenset({Hex(0, 0)})
        if value == WALL:
            self._paint_solid(painter, Hex(0, 0), WALL_COLOUR, FRAME_LIGHT)
        elif value == PAINT_BLOCK:
            self.paint_block(painter, Piece(BLOCK, here, label="A"), QColor(KIND_COLOURS[0]), labels=True)
        elif value == PAINT_BALL:
            self.paint_ball(painter, Piece(BALL, here), QColor(KIND_COLOURS[1]))
        elif value == PAINT_WRENCH:
            self.paint_block(painter, Piece(WRENCH, here), QColor(KIND_COLOURS[4]))
        elif value in (PAINT_PIVOT, PAINT_ARM, PAINT_HOOK):
            painter.scale(0.62, 0.62)
            painter.translate(-self.radius * 0.7, 0)
            kind = HOOK if value == PAINT_HOOK else PIVOT
            colour = QColor(KIND_COLOURS[3] if value == PAINT_HOOK else KIND_COLOURS[2])
            self.paint_turning(painter, Piece(kind, here, frozenset({0})), colour)
            if value == PAINT_ARM:
                painter.setPen(QPen(QColor("#ffffff"), self.radius * 0.14))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(QPointF(self.radius * math.sqrt(3.0), 0), self.radius * 0.55, self.radius * 0.55)
        elif value == ERASE:
            painter.setPen(QPen(QColor("#ff8a80"), self.radius * 0.16, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            d = self.radius * 0.45
            painter.drawLine(QPointF(-d, -d), QPointF(d, d))
            painter.drawLine(QPointF(d, -d), QPointF(-d, d))
        painter.end()
        return pixmap


# -- the editor's art object (what EditorPane and the docks ask for) -----------------------------------
class IntricacyCellPainter:
    """The palette icons, names and descriptions, and ``paint_level`` for the hex scene."""

    def __init__(self):
        self.art = LockArt()
        self.mode = COLOUR_BY_KIND

    def item_pixmap(self, item, size: int) -> QPixmap:
        return self.art.item_pixmap(item.value, size)

    def item_name(self, kind: str, value: int) -> str:
        return PALETTE_NAMES.get(value, "?")

    def paint_level(self, painter: QPainter, level: IntricacyLevel, show_outlines: bool, show_links: bool) -> None:
        lock = level.lock
        self.art.paint(painter, lock.size, lock.walls, lock.pieces, lock.springs, self.mode, show_outlines, show_links)
        if show_links:
            self._paint_natural_lengths(painter, lock)

    def _paint_natural_lengths(self, painter: QPainter, lock: Lock) -> None:
        """Each spring's natural length at its middle, so the designer sees what it wants."""
        font = QFont()
        font.setPixelSize(round(HEX_RADIUS * 0.62))
        font.setBold(True)
        painter.setFont(font)
        for spring in lock.springs:
            a = hex_centre(spring.root_anchor.q, spring.root_anchor.r)
            b = hex_centre(spring.end_anchor.q, spring.end_anchor.r)
            middle = (a + b) / 2
            box = QRectF(middle.x() - 9, middle.y() - 8, 18, 16)
            painter.setPen(QPen(QColor(0, 0, 0, 180), 1))
            painter.setBrush(QColor(20, 20, 24, 200))
            painter.drawRoundedRect(box, 4, 4)
            painter.setPen(SPRING)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(spring.natural))

    def level_rect(self, level: IntricacyLevel) -> QRectF:
        return hexes_rect(level.hexes())

    def describe_cell(self, level: IntricacyLevel, cell: int) -> str:
        hexes = level.hexes()
        if not 0 <= cell < len(hexes):
            return ""
        h = Hex(*hexes[cell])
        lock = level.lock
        where = f"({h.q}, {h.r})"
        if h in lock.bolthole():
            where += " bolthole"
        if distance(h) > lock.size and h not in lock.bolthole():
            return f"{where}: frame"
        if h in lock.walls:
            return f"{where}: wall"
        index = lock.piece_at(h)
        if index is None:
            return f"{where}: empty"
        piece = lock.pieces[index]
        if piece.kind == BLOCK:
            moves = any(s.end == index for s in lock.springs)
            text = f"block {piece.label}" + ("" if moves else " (stationary: no spring ends on it)")
        elif piece.kind in TURNING_KINDS:
            text = ("hook" if piece.kind == HOOK else "pivot") + ("" if h == piece.centre else " arm")
        else:
            text = piece.kind
        springs = [s for s in lock.springs if h in (s.root_anchor, s.end_anchor)]
        for s in springs:
            direction, length = s.axis()
            text += f"; spring length {length}, natural {s.natural}"
        return f"{where}: {text}"

    # Square-grid CellPainter methods some docks call: nothing to draw for hexes.
    def entity_cells(self, level) -> list[int]:
        return []


def make_cell_painter() -> IntricacyCellPainter:
    return IntricacyCellPainter()


def make_editor_scene(document, cell_painter, parent=None):
    from studio.editor.hex_scene import HexScene

    return HexScene(document, cell_painter, parent)


def editor_tools():
    from studio.editor.hex_drawing import ALL_HEX_TOOLS

    return ALL_HEX_TOOLS


def render_level(level: IntricacyLevel, layer: str = "normal", scale: int = 32, show_other_layer: bool = False,
                 mode: str = COLOUR_BY_KIND) -> QImage:
    """The lock as a picture, ``scale`` pixels per hex across (what `studio render` writes)."""
    lock = level.lock
    rect = hexes_rect([tuple(h) for h in hexagon(lock.size + 2)]).adjusted(-4, -4, 4, 4)
    factor = scale / (HEX_RADIUS * math.sqrt(3.0))
    image = QImage(max(1, round(rect.width() * factor)), max(1, round(rect.height() * factor)),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(58, 60, 66))
    painter = QPainter(image)
    painter.scale(factor, factor)
    painter.translate(-rect.topLeft())
    LockArt().paint(painter, lock.size, lock.walls, lock.pieces, lock.springs, mode)
    painter.end()
    return image


# -- the play-test's BoardPainter --------------------------------------------------------------------
class LockBoardPainter:
    """Draws LockStates for the play-test dock, tweening the last turn: pieces slide by the
    direction they moved and pivots turn smoothly. The colouring mode follows the
    play-test's "Colour Touching Pieces Apart" overlay toggle: the board calls
    ``set_enabled_overlays`` whenever the enabled overlays change."""

    def __init__(self):
        self.art = LockArt()
        self.mode = COLOUR_BY_KIND

    def set_enabled_overlays(self, enabled) -> None:
        self.mode = COLOUR_APART if PROPER_COLOURING_OVERLAY in enabled else COLOUR_BY_KIND

    def board_rect(self, state) -> QRectF:
        return hexes_rect([tuple(h) for h in hexagon(state.board.size + 2)])

    def cell_rect(self, state, cell: int) -> QRectF:
        from studio.games.intricacy.playtest import hex_of_cell

        q, r = hex_of_cell(state.board.size, cell)
        return hex_rect(q, r)

    def paint(self, painter: QPainter, state, frame, device_cell: int) -> None:
        offsets, turns = {}, {}
        if frame is not None and frame.progress < 1.0:
            offsets, turns = self._tween(frame.report.before, state, frame.progress)
        momentum = None
        if state.momentum >= 0 and state.board.wrench is not None:
            wrench = state.board.wrench
            momentum = (state.pieces[wrench], state.momentum, offsets.get(wrench))
        board = state.board
        self.art.paint(painter, board.size, board.walls, state.pieces, state.springs, self.mode,
                       momentum=momentum, offsets=offsets, turns=turns)

    @staticmethod
    def _tween(before, after, progress: float) -> tuple[dict, dict]:
        """Per piece, how far back from ``after`` it is drawn at ``progress`` of the turn."""
        offsets, turns = {}, {}
        remaining = 1.0 - progress
        for index, (old, new) in enumerate(zip(before.pieces, after.pieces)):
            if old.hexes != new.hexes:
                a, b = min(old.hexes), min(new.hexes)
                start, end = hex_centre(a.q, a.r), hex_centre(b.q, b.r)
                offsets[index] = ((start.x() - end.x()) * remaining, (start.y() - end.y()) * remaining)
            if old.arms != new.arms and old.arms:
                step = (min(new.arms) - min(old.arms)) % 6
                degrees = 60.0 if step == 1 else -60.0 if step == 5 else 0.0
                turns[index] = -degrees * remaining
        return offsets, turns

    def paint_outcome(self, painter: QPainter, state, outcome) -> None:
        """An open lock: the bolthole glows."""
        if outcome.kind != "won":
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.art.paint_open_bolthole(painter, state.board.bolthole)
        painter.restore()


def make_play_painter() -> LockBoardPainter:
    return LockBoardPainter()



# -- the web player's pictures ---------------------------------------------------------------------------
def web_sprite(key: str, size: int) -> QImage:
    """The picture of a web player's sprite key (studio.games.intricacy.web_scene), ``size``
    pixels a hex across, its reference point (a piece's first hex or centre) in the middle."""
    from studio.games.intricacy.web_scene import parse_hexes

    art = LockArt(size / math.sqrt(3.0))
    kind, _, rest = key.partition("-")
    here = frozenset({Hex(0, 0)})
    if kind == "ground":
        board_size, _, walls = rest.partition("-")
        hexes = hexagon(int(board_size) + 2)
        return _centred(art, hexes, lambda p: art.paint_ground(p, int(board_size), frozenset(parse_hexes(walls)), True))
    if kind in ("bolthole", "opened"):
        corner, below = bolthole(int(rest))
        hexes = [Hex(0, 0), below - corner]
        if kind == "bolthole":
            return _centred(art, hexes, lambda p: art.paint_bolthole_outline(p, hexes))
        return _centred(art, hexes, lambda p: art.paint_open_bolthole(p, hexes))
    if kind == "momentum":
        return _centred(art, [Hex(0, 0)], lambda p: art.paint_momentum(p, Piece(WRENCH, here), int(rest)))
    colour_text, _, rest = rest.partition("-")
    colour = QColor(KIND_COLOURS[int(colour_text)])
    if kind == "label":
        tenths, _, letter = rest.partition("-")
        return _centred(art, [Hex(0, 0)], lambda p: art.paint_label(p, QPointF(0, 0), letter, colour, int(tenths) / 10))
    if kind == BALL:
        return _centred(art, [Hex(0, 0)], lambda p: art.paint_ball(p, Piece(BALL, here), colour))
    if kind in TURNING_KINDS:
        piece = Piece(kind, here, frozenset(int(arm) for arm in rest))
        return _centred(art, piece.cells(), lambda p: art.paint_turning(p, piece, colour))
    if kind in (BLOCK, WRENCH):
        piece = Piece(kind, frozenset(parse_hexes(rest)))
        return _centred(art, piece.hexes, lambda p: art.paint_block(p, piece, colour, labels=False))
    raise ValueError(f"no Intricacy sprite {key!r}")


def _centred(art: LockArt, hexes, paint) -> QImage:
    """An image of what ``paint`` draws over ``hexes``, with hex (0, 0)'s centre in its middle."""
    reach_x = max(abs(hex_centre(h.q, h.r, art.radius).x()) for h in hexes) + art.radius * 1.2
    reach_y = max(abs(hex_centre(h.q, h.r, art.radius).y()) for h in hexes) + art.radius * 1.3
    image = QImage(math.ceil(2 * reach_x), math.ceil(2 * reach_y), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.translate(image.width() / 2, image.height() / 2)
    paint(painter)
    painter.end()
    return image

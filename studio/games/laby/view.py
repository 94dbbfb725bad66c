"""Labyrinthos drawn with QPainter, in each level's own colours.

Every square is filled with its background colour; walls get a bevel, the
objective a target and spawns a pad, drawn in the square's foreground colour
(the colour of the player's mark in the game). The spawn that counts (the
first; with none, the last path square) carries the player's "x".
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen, QPixmap, QRadialGradient

from studio.editor.pixmaps import PixmapCache, blit, device_pixel_ratio
from studio.games.laby.level import LabyLevel
from studio.games.laby.squares import COLOUR_SCALE, DEFAULT_COLOURS, Colour, Square, square_name

UNIT = 32.0  # squares are drawn in a 32x32 box, scaled to the device size
_CACHE_LIMIT = 512


def qcolor(colour: Colour) -> QColor:
    """A file colour (0..1000 per component) as a QColor."""
    red, green, blue = (min(max(component / COLOUR_SCALE, 0.0), 1.0) for component in colour)
    return QColor.fromRgbF(red, green, blue)


def _mix(colour: QColor, towards: QColor, amount: float) -> QColor:
    return QColor.fromRgbF(*(a + (b - a) * amount for a, b in (
        (colour.redF(), towards.redF()), (colour.greenF(), towards.greenF()), (colour.blueF(), towards.blueF()))))


def _contrast(colour: QColor) -> QColor:
    """Black or white, whichever stands out on ``colour``."""
    light = 0.299 * colour.redF() + 0.587 * colour.greenF() + 0.114 * colour.blueF()
    return QColor(20, 20, 24) if light > 0.55 else QColor(240, 240, 240)


class LabyArt:
    """Draws squares and the player's mark; caches pixmaps per square, colours and size."""

    def __init__(self):
        self._pixmaps = PixmapCache(_CACHE_LIMIT)

    # -- vector drawing, in a UNIT box ---------------------------------------------
    def draw_square(self, painter: QPainter, rect: QRectF, square: int, foreground: Colour, background: Colour) -> None:
        painter.save()
        painter.translate(rect.topLeft())
        painter.scale(rect.width() / UNIT, rect.height() / UNIT)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        back, front = qcolor(background), qcolor(foreground)
        painter.fillRect(QRectF(0, 0, UNIT, UNIT), back)
        if square == Square.WALL:
            self._bevel(painter, back)
        elif square == Square.OBJECTIVE:
            self._target(painter, front, back)
        elif square == Square.SPAWN:
            self._pad(painter, front)
        painter.restore()

    @staticmethod
    def _bevel(painter: QPainter, face: QColor) -> None:
        light = _mix(face, QColor(255, 255, 255), 0.45)
        dark = _mix(face, QColor(0, 0, 0), 0.35)
        edge = 4.0
        top_left = QPainterPath()
        top_left.moveTo(0, 0)
        top_left.lineTo(UNIT, 0)
        top_left.lineTo(UNIT - edge, edge)
        top_left.lineTo(edge, edge)
        top_left.lineTo(edge, UNIT - edge)
        top_left.lineTo(0, UNIT)
        top_left.closeSubpath()
        bottom_right = QPainterPath()
        bottom_right.moveTo(UNIT, UNIT)
        bottom_right.lineTo(0, UNIT)
        bottom_right.lineTo(edge, UNIT - edge)
        bottom_right.lineTo(UNIT - edge, UNIT - edge)
        bottom_right.lineTo(UNIT - edge, edge)
        bottom_right.lineTo(UNIT, 0)
        bottom_right.closeSubpath()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.fillPath(top_left, light)
        painter.fillPath(bottom_right, dark)

    @staticmethod
    def _target(painter: QPainter, front: QColor, back: QColor) -> None:
        centre = QPointF(UNIT / 2, UNIT / 2)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(front, 2.6))
        painter.drawEllipse(centre, 11.0, 11.0)
        painter.drawEllipse(centre, 5.5, 5.5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(front)
        painter.drawEllipse(centre, 2.0, 2.0)

    @staticmethod
    def _pad(painter: QPainter, front: QColor) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        pen = QPen(front, 2.0, Qt.PenStyle.DashLine)
        pen.setDashPattern([2.0, 1.6])
        painter.setPen(pen)
        painter.drawRoundedRect(QRectF(5, 5, UNIT - 10, UNIT - 10), 4, 4)

    def draw_player(self, painter: QPainter, rect: QRectF, colour: QColor) -> None:
        """The player's "x", as the game shows it, with an outline so it reads on any square."""
        painter.save()
        painter.translate(rect.topLeft())
        painter.scale(rect.width() / UNIT, rect.height() / UNIT)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        path.moveTo(9, 9)
        path.lineTo(UNIT - 9, UNIT - 9)
        path.moveTo(UNIT - 9, 9)
        path.lineTo(9, UNIT - 9)
        painter.strokePath(path, QPen(_contrast(colour), 7.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.strokePath(path, QPen(colour, 4.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.restore()

    # -- cached pixmaps ---------------------------------------------------------------
    def square_pixmap(self, square: int, foreground: Colour, background: Colour, size: int,
                      dpr: float = 1.0) -> QPixmap:
        return self._pixmaps.get((square, foreground, background, size, dpr), size, dpr,
                                 lambda p, r: self.draw_square(p, r, square, foreground, background))


_ART: LabyArt | None = None


def default_art() -> LabyArt:
    global _ART
    if _ART is None:
        _ART = LabyArt()
    return _ART


class LabyCellPainter:
    """What the editor scene asks of a game's art (studio.editor.cell_painter.CellPainter)."""

    VECTOR_ABOVE = 256  # device pixels per square above which squares are drawn as vectors

    def __init__(self, art: LabyArt | None = None):
        self.art = art or default_art()
        # The document drawn, whose level's colours the palette icons take; weakly, since the
        # palette may keep this painter after the level is closed.
        self._document = lambda: None

    def attach_document(self, document) -> None:
        self._document = weakref.ref(document)

    def paint_cell(self, painter: QPainter, rect: QRectF, level: LabyLevel, index: int, layer: int,
                   device_size: int) -> None:
        square = level.squares[index]
        foreground, background = level.colour_pair(square)
        if device_size > self.VECTOR_ABOVE:
            self.art.draw_square(painter, rect, square, foreground, background)
        else:
            blit(painter, rect, self.art.square_pixmap(square, foreground, background, device_size,
                                                       device_pixel_ratio(painter)))

    def paint_ghost(self, painter, rect, level, index, layer, device_size) -> None:
        pass  # one layer: nothing to show faintly

    def paint_entities(self, painter: QPainter, cell_rect, level: LabyLevel, layer: int, device_size: int) -> None:
        start = level.spawn_cell()
        if start is not None:
            foreground, _ = level.colour_pair(level.squares[start])
            self.art.draw_player(painter, cell_rect(start), qcolor(foreground))

    def entity_cells(self, level: LabyLevel) -> list[int]:
        start = level.spawn_cell()
        return [] if start is None else [start]

    def _colours(self, square: int) -> tuple[Colour, Colour]:
        level = getattr(self._document(), "level", None)
        if isinstance(level, LabyLevel):
            return level.colour_pair(square)
        return DEFAULT_COLOURS[Square(square)]

    def item_pixmap(self, item, size: int) -> QPixmap:
        """A palette square in the attached level's colours (the spawn with the player's mark)."""
        square = int(Square(item.value))
        foreground, background = self._colours(square)
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        rect = QRectF(0, 0, size, size)
        self.art.draw_square(painter, rect, square, foreground, background)
        if square == Square.SPAWN:
            self.art.draw_player(painter, rect, qcolor(foreground))
        painter.setPen(QPen(QColor(0, 0, 0, 150), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(0.5, 0.5, size - 1, size - 1))  # so black paths show on a dark list
        painter.end()
        return pixmap

    def item_name(self, kind: str, value: int) -> str:
        return square_name(value) if kind == "tile" else f"{kind} {value}"

    def describe_cell(self, level: LabyLevel, index: int) -> str:
        """E.g. "(3, 4) Spawn: not used, the spawn at (1, 0) counts"."""
        x, y = level.xy(index)
        square = level.squares[index]
        text = f"({x}, {y}) {square_name(square)}"
        start = level.spawn_cell()
        if index == start:
            text += ": the player starts here" + ("" if square == Square.SPAWN else " (no spawn: the last path)")
        elif square == Square.SPAWN and start is not None:
            text += ": not used, the spawn at ({}, {}) counts".format(*level.xy(start))
        return text


def make_cell_painter() -> LabyCellPainter:
    """What the editor scene asks a game's view module for."""
    return LabyCellPainter(default_art())


def render_level(level: LabyLevel, layer: str = "normal", scale: int = 32, show_other_layer: bool = False) -> QImage:
    """The whole level as an image, ``scale`` pixels per square (`studio render`)."""
    image = QImage(level.width * scale, level.height * scale, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.black)
    painter = QPainter(image)
    cell_painter = make_cell_painter()

    def cell_rect(index: int) -> QRectF:
        return QRectF((index % level.width) * scale, (index // level.width) * scale, scale, scale)

    for index in range(level.width * level.height):
        cell_painter.paint_cell(painter, cell_rect(index), level, index, 0, scale)
    cell_painter.paint_entities(painter, cell_rect, level, 0, scale)
    painter.end()
    return image


# ---------------------------------------------------------------------------
# the play-test's board painter (see studio.core.playtest_adapter)
# ---------------------------------------------------------------------------

class LabyPlayPainter:
    """Draws an engine state (``engine.LabyState``) on the play-test board: the maze in
    the level's colours and the player's "x", sliding from square to square."""

    LAYER_CACHE_PIXELS = 16_000_000  # past this the maze is drawn square by square

    def __init__(self, art: LabyArt | None = None):
        self.art = art or default_art()
        self._layers: dict[tuple, QPixmap] = {}

    def board_rect(self, state) -> QRectF:
        return QRectF(0, 0, state.board.width * UNIT, state.board.height * UNIT)

    def cell_rect(self, state, cell: int) -> QRectF:
        width = state.board.width
        return QRectF((cell % width) * UNIT, (cell // width) * UNIT, UNIT, UNIT)

    def _maze(self, board, size: int) -> QPixmap | None:
        if board.width * board.height * size * size > self.LAYER_CACHE_PIXELS:
            return None
        key = (board.squares, board.width, board.colours, size)
        layer = self._layers.get(key)
        if layer is None:
            if len(self._layers) > 4:
                self._layers.clear()
            layer = QPixmap(board.width * size, board.height * size)
            painter = QPainter(layer)
            for cell, square in enumerate(board.squares):
                foreground, background = board.colours[square]
                painter.drawPixmap((cell % board.width) * size, (cell // board.width) * size,
                                   self.art.square_pixmap(square, foreground, background, size))
            painter.end()
            self._layers[key] = layer
        return layer

    def paint(self, painter: QPainter, state, frame, device_cell: int) -> None:
        board = state.board
        size = max(4, int(device_cell))
        layer = self._maze(board, size)
        if layer is not None:
            blit(painter, self.board_rect(state), layer)
        else:
            for cell, square in enumerate(board.squares):
                foreground, background = board.colours[square]
                self.art.draw_square(painter, self.cell_rect(state, cell), square, foreground, background)
        x, y = board.xy(state.player)
        if frame is not None and frame.motions:
            path = frame.motions[0].path
            (ax, ay), (bx, by) = board.xy(path[0]), board.xy(path[-1])
            progress = min(max(frame.progress, 0.0), 1.0)
            x, y = ax + (bx - ax) * progress, ay + (by - ay) * progress
        under = board.squares[state.player]
        self.art.draw_player(painter, QRectF(x * UNIT, y * UNIT, UNIT, UNIT), qcolor(board.colours[under][0]))

    def paint_outcome(self, painter: QPainter, state, outcome) -> None:
        """A winner glows on the objective."""
        if not state.won:
            return
        rect = self.cell_rect(state, state.player)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        gradient = QRadialGradient(rect.center(), UNIT * 0.95)
        gradient.setColorAt(0.5, QColor(142, 230, 165, 0))
        gradient.setColorAt(0.75, QColor(142, 230, 165, 190))
        gradient.setColorAt(1.0, QColor(142, 230, 165, 0))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(gradient)
        painter.drawEllipse(rect.center(), UNIT * 0.95, UNIT * 0.95)
        painter.restore()


def make_play_painter() -> LabyPlayPainter:
    """The play-test's BoardPainter for Labyrinthos (see studio.core.playtest_adapter)."""
    return LabyPlayPainter(default_art())


def web_sprite(key: str, size: int) -> QImage:
    """The picture of a web player's sprite key (studio.games.laby.web_scene), ``size`` square."""
    from studio.games.laby.web_scene import parse_colour

    art = default_art()
    if key.startswith("s"):
        square, foreground, background = key[1:].split("-")
        return art.square_pixmap(int(square), parse_colour(foreground), parse_colour(background), size).toImage()
    if key.startswith("p-"):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        art.draw_player(painter, QRectF(0, 0, size, size), qcolor(parse_colour(key[2:])))
        painter.end()
        return image
    raise ValueError(f"no Labyrinthos sprite {key!r}")

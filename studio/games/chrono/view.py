"""ChronoShift's art, drawn with QPainter vectors: the glyphs, the time machine and the clones.

Every picture is designed in a 32x32 box of units and scaled to the cell, so it
stays crisp at any zoom; the editor blits cached pixmaps. ``ChronoCellPainter``
is what the editor scene uses (``make_cell_painter``); ``render_level`` is what
``studio render`` calls.
"""

from __future__ import annotations

import math
from typing import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QLinearGradient, QPainter, QPainterPath, QPen, QPixmap, QRadialGradient

from studio.editor.pixmaps import PixmapCache, blit, device_pixel_ratio
from studio.games.chrono.glyphs import GLYPH_NAMES, Glyph, glyph_name, is_button, is_gate
from studio.games.chrono.level import ChronoLevel

UNITS = 32.0
Painter = Callable[[QPainter], None]

SAND, SAND_DARK, SAND_LIGHT = "#c8b28a", "#a8916a", "#dccaa6"
CLONE_COLOURS = ("#3f7fe0", "#e0683f", "#3fb36a", "#b04fd0", "#d0b43a", "#3fb8c0", "#d04f7e", "#7a8a3a")


# -- small helpers (design units) ---------------------------------------------------------
def _pen(colour: str | QColor, width: float) -> QPen:
    pen = QPen(QColor(colour), width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    return pen


def _rounded(x: float, y: float, w: float, h: float, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(QRectF(x, y, w, h), r, r)
    return path


def _ellipse(cx: float, cy: float, rx: float, ry: float | None = None) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(cx, cy), rx, rx if ry is None else ry)
    return path


def _vertical(top: str, bottom: str, y0: float = 0, y1: float = UNITS) -> QBrush:
    gradient = QLinearGradient(0, y0, 0, y1)
    gradient.setColorAt(0, QColor(top))
    gradient.setColorAt(1, QColor(bottom))
    return QBrush(gradient)


# -- the glyphs -----------------------------------------------------------------------------
def _floor(p: QPainter) -> None:
    """Packed sand with a few pebbles, the same in every cell so the floor reads as one."""
    p.fillRect(QRectF(0, 0, UNITS, UNITS), QColor(SAND))
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(SAND_DARK))
    for x, y, r in ((6, 7, 1.1), (22, 5, 0.8), (14, 18, 1.0), (27, 24, 1.2), (8, 26, 0.7)):
        p.drawEllipse(QPointF(x, y), r, r)
    p.setBrush(QColor(SAND_LIGHT))
    for x, y, r in ((18, 10, 0.8), (4, 16, 0.7), (24, 15, 0.6), (15, 28, 0.8)):
        p.drawEllipse(QPointF(x, y), r, r)


def _wall(p: QPainter) -> None:
    """A hedge of dark leaves on a stone base."""
    p.fillRect(QRectF(0, 0, UNITS, UNITS), QColor("#2f4a34"))
    p.setPen(Qt.PenStyle.NoPen)
    for cx, cy, r, colour in ((8, 9, 7.5, "#3d6343"), (23, 8, 8, "#426b48"), (15, 19, 8.5, "#3a5e40"),
                              (26, 23, 7, "#36583c"), (6, 25, 6.5, "#3b6041")):
        p.setBrush(QColor(colour))
        p.drawEllipse(QPointF(cx, cy), r, r)
    p.setBrush(QColor("#5d8a5f"))
    for cx, cy in ((6, 6), (21, 5), (13, 16), (24, 20), (5, 22)):
        p.drawEllipse(QPointF(cx, cy), 2.2, 1.6)
    p.setPen(_pen("#1f3324", 1.2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(0.6, 0.6, UNITS - 1.2, UNITS - 1.2))


def _gate_posts(p: QPainter) -> None:
    for x in (2.5, 25.5):
        p.fillPath(_rounded(x, 2, 4, 28, 1.2), _vertical("#8a8f98", "#4f545c"))
        p.strokePath(_rounded(x, 2, 4, 28, 1.2), _pen("#2d3036", 0.8))


def _closed_gate(p: QPainter) -> None:
    """A portcullis let down between two posts: iron bars and cross bars."""
    _floor(p)
    _gate_posts(p)
    p.setPen(_pen("#30343a", 2.6))
    for x in (10, 16, 22):
        p.drawLine(QPointF(x, 3), QPointF(x, 29))
    p.setPen(_pen("#30343a", 2.2))
    for y in (10, 21):
        p.drawLine(QPointF(6.5, y), QPointF(25.5, y))
    p.setPen(_pen("#7d838c", 0.9))
    for x in (9.4, 15.4, 21.4):
        p.drawLine(QPointF(x, 4), QPointF(x, 28))


def _open_gate(p: QPainter) -> None:
    """The same gate raised: only the posts, the bars' shadow in the sand and their tips at the top."""
    _floor(p)
    p.setPen(_pen(QColor(0, 0, 0, 45), 2.4))
    for x in (10, 16, 22):
        p.drawLine(QPointF(x, 8), QPointF(x, 29))
    _gate_posts(p)
    p.fillRect(QRectF(6.5, 2, 19, 4), QColor("#30343a"))
    p.setPen(_pen("#7d838c", 0.8))
    p.drawLine(QPointF(7, 3), QPointF(25, 3))


def _plate(p: QPainter, rim: str, face: str, glow: str) -> None:
    p.fillPath(_ellipse(16, 17, 11.5, 10.5), QColor(0, 0, 0, 60))
    p.fillPath(_ellipse(16, 16, 11, 10), QColor(rim))
    gradient = QRadialGradient(QPointF(14, 13), 10)
    gradient.setColorAt(0, QColor(glow))
    gradient.setColorAt(1, QColor(face))
    p.fillPath(_ellipse(16, 15.5, 8, 7.2), QBrush(gradient))


def _button(p: QPainter) -> None:
    """A round green pressure plate."""
    _floor(p)
    _plate(p, "#2f5d3a", "#3f9d58", "#9be3a8")


def _one_time_button(p: QPainter) -> None:
    """A teal plate with a ring of notches: pressed once, it stays down."""
    _floor(p)
    _plate(p, "#1f5a5e", "#2aa0a6", "#a6f0f0")
    p.setPen(_pen("#0f3436", 1.1))
    for step in range(8):
        angle = step * math.pi / 4
        p.drawLine(QPointF(16 + 5.0 * math.cos(angle), 15.5 + 4.5 * math.sin(angle)),
                   QPointF(16 + 6.6 * math.cos(angle), 15.5 + 6.0 * math.sin(angle)))
    p.setBrush(QColor("#0f3436"))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawEllipse(QPointF(16, 15.5), 1.6, 1.6)


def _crate_plate(p: QPainter, double_rim: bool) -> None:
    """A steel plate marked with a small crate: only a crate is heavy enough to press it."""
    _floor(p)
    p.fillPath(_rounded(4.5, 5.5, 23, 23, 3), QColor(0, 0, 0, 60))
    p.fillPath(_rounded(4, 4, 24, 24, 3), QColor("#3e444c"))
    p.fillPath(_rounded(6, 6, 20, 20, 2), _vertical("#9aa3ad", "#6b737d", 6, 26))
    if double_rim:
        p.strokePath(_rounded(7.8, 7.8, 16.4, 16.4, 1.5), _pen("#3e444c", 1.0))
    p.fillPath(_rounded(11, 11, 10, 10, 0.8), QColor("#c78b4a"))
    p.setPen(_pen("#6b4522", 1.2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(11, 11, 10, 10))
    p.drawLine(QPointF(11.5, 11.5), QPointF(20.5, 20.5))


def _passage(p: QPainter) -> None:
    """A rickety plank bridge: it gives way after one crossing."""
    p.fillRect(QRectF(0, 0, UNITS, UNITS), QColor("#3a2c22"))
    for y in (2, 9.5, 17, 24.5):
        p.fillPath(_rounded(2, y, 28, 6, 1.2), _vertical("#b98a55", "#8a6236", y, y + 6))
        p.setPen(_pen("#5e4024", 0.8))
        p.drawLine(QPointF(4, y + 3), QPointF(28, y + 3.4))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#4a3320"))
        p.drawEllipse(QPointF(5, y + 3), 0.9, 0.9)
        p.drawEllipse(QPointF(27, y + 3), 0.9, 0.9)
    p.setPen(_pen("#2a1d12", 1.0))
    p.drawLine(QPointF(14, 9.5), QPointF(17, 14))  # a crack: this will not last
    p.drawLine(QPointF(17, 14), QPointF(15, 17))


def _broken_passage(p: QPainter) -> None:
    """The bridge after its crossing: a dark gap with splintered ends."""
    p.fillRect(QRectF(0, 0, UNITS, UNITS), QColor("#1c1511"))
    p.fillPath(_rounded(2, 2, 28, 5, 1), _vertical("#8a6236", "#5e4024", 2, 7))
    p.fillPath(_rounded(2, 25, 28, 5, 1), _vertical("#8a6236", "#5e4024", 25, 30))
    p.setPen(_pen("#5e4024", 1.2))
    for x in (6, 13, 20, 26):
        p.drawLine(QPointF(x, 7), QPointF(x + 1.5, 10))
        p.drawLine(QPointF(x, 25), QPointF(x - 1.5, 22))


def _crate(p: QPainter) -> None:
    """A wooden crate with a braced face."""
    _floor(p)
    p.fillPath(_rounded(4, 5, 25, 25, 2), QColor(0, 0, 0, 70))
    p.fillPath(_rounded(3, 3, 26, 26, 2), QColor("#6b4522"))
    p.fillPath(_rounded(5.5, 5.5, 21, 21, 1), _vertical("#c78b4a", "#9a6630", 5, 27))
    p.setPen(_pen("#6b4522", 2.4))
    p.drawLine(QPointF(7, 7), QPointF(25, 25))
    p.setPen(_pen("#e0aa6a", 0.8))
    for y in (11, 16, 21):
        p.drawLine(QPointF(6.5, y), QPointF(25.5, y))


def _goal(p: QPainter) -> None:
    """A gold coin with an hourglass stamped on it."""
    _floor(p)
    p.fillPath(_ellipse(16.5, 17.5, 10, 10), QColor(0, 0, 0, 60))
    gradient = QRadialGradient(QPointF(13, 12), 13)
    gradient.setColorAt(0, QColor("#fff1a8"))
    gradient.setColorAt(0.6, QColor("#f0c030"))
    gradient.setColorAt(1, QColor("#b8860b"))
    p.fillPath(_ellipse(16, 16, 10, 10), QBrush(gradient))
    p.strokePath(_ellipse(16, 16, 10, 10), _pen("#8a6408", 1.0))
    p.strokePath(_ellipse(16, 16, 7.6, 7.6), _pen("#c99a18", 0.8))
    glass = QPainterPath()
    glass.moveTo(12.5, 11.5)
    glass.lineTo(19.5, 11.5)
    glass.lineTo(16, 16)
    glass.lineTo(19.5, 20.5)
    glass.lineTo(12.5, 20.5)
    glass.lineTo(16, 16)
    glass.closeSubpath()
    p.fillPath(glass, QColor("#8a6408"))


def _unknown(p: QPainter) -> None:
    p.fillRect(QRectF(0, 0, UNITS, UNITS), QColor("#ff00ff"))


GLYPH_PAINTERS: dict[int, Painter] = {
    Glyph.FLOOR: _floor,
    Glyph.WALL: _wall,
    Glyph.CLOSED_GATE: _closed_gate,
    Glyph.OPEN_GATE: _open_gate,
    Glyph.BUTTON: _button,
    Glyph.CRATE_BUTTON: lambda p: _crate_plate(p, False),
    Glyph.CRATE_PLATE: lambda p: _crate_plate(p, True),
    Glyph.ONE_TIME_BUTTON: _one_time_button,
    Glyph.ONE_TIME_PASSAGE: _passage,
    Glyph.CRATE: _crate,
    Glyph.GOAL: _goal,
}


# -- the time machine and the clones ---------------------------------------------------------
def _time_machine(p: QPainter) -> None:
    """A violet pad with a clock face: where every clone starts and must come back to."""
    p.fillPath(_rounded(1.5, 1.5, 29, 29, 5), QColor(40, 20, 70, 200))
    gradient = QRadialGradient(QPointF(16, 16), 14)
    gradient.setColorAt(0, QColor("#c9a6ff"))
    gradient.setColorAt(0.7, QColor("#6b3fc0"))
    gradient.setColorAt(1, QColor("#2a1650"))
    p.fillPath(_ellipse(16, 16, 12.5, 12.5), QBrush(gradient))
    p.strokePath(_ellipse(16, 16, 12.5, 12.5), _pen("#e8dcff", 1.0))
    p.setPen(_pen("#f4eeff", 1.0))
    for step in range(12):
        angle = step * math.pi / 6
        inner = 9.5 if step % 3 else 8.2
        p.drawLine(QPointF(16 + inner * math.cos(angle), 16 + inner * math.sin(angle)),
                   QPointF(16 + 11 * math.cos(angle), 16 + 11 * math.sin(angle)))
    p.setPen(_pen("#ffffff", 1.8))
    p.drawLine(QPointF(16, 16), QPointF(16, 9.5))
    p.drawLine(QPointF(16, 16), QPointF(12, 18.5))  # hands turning back: anticlockwise arrow below
    arrow = QPainterPath()
    arrow.arcMoveTo(QRectF(8.5, 8.5, 15, 15), 300)
    arrow.arcTo(QRectF(8.5, 8.5, 15, 15), 300, 70)
    p.strokePath(arrow, _pen("#ffd966", 1.3))


def _clone(number: int, current: bool, ghost: bool) -> Painter:
    """A round-headed figure in the clone's colour; the current clone wears a gold ring,
    earlier ones a number badge."""
    colour = QColor(CLONE_COLOURS[number % len(CLONE_COLOURS)])

    def paint(p: QPainter) -> None:
        p.save()
        if ghost:
            p.setOpacity(0.45)
        p.fillPath(_ellipse(16, 28, 8, 2.4), QColor(0, 0, 0, 70))
        body = QPainterPath()
        body.moveTo(9, 28)
        body.cubicTo(9, 17, 23, 17, 23, 28)
        body.closeSubpath()
        p.fillPath(body, colour.darker(120))
        p.fillPath(_ellipse(16, 12.5, 6.2, 6.2), colour)
        p.strokePath(_ellipse(16, 12.5, 6.2, 6.2), _pen(colour.darker(170), 0.9))
        p.fillPath(_ellipse(14, 11.5, 1.1, 1.3), QColor("#ffffff"))
        p.fillPath(_ellipse(18, 11.5, 1.1, 1.3), QColor("#ffffff"))
        if current:
            p.strokePath(_ellipse(16, 16, 14, 14), _pen("#ffd24a", 1.8))
        else:
            p.fillPath(_ellipse(25.5, 6.5, 5, 5), QColor("#1e1e28"))
            p.setPen(QColor("#ffffff"))
            font = p.font()
            font.setPixelSize(7)
            font.setBold(True)
            p.setFont(font)
            p.drawText(QRectF(20.5, 1.5, 10, 10), Qt.AlignmentFlag.AlignCenter, str(number + 1))
        p.restore()

    return paint


class ChronoArt:
    """Draws glyphs, the time machine and clones into any rectangle, and caches pixmaps of them."""

    def __init__(self, cache_limit: int = 1024):
        self._pixmaps = PixmapCache(cache_limit)

    @staticmethod
    def _in_cell(painter: QPainter, rect: QRectF, paint: Painter) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.translate(rect.topLeft())
        painter.scale(rect.width() / UNITS, rect.height() / UNITS)
        paint(painter)
        painter.restore()

    def draw_glyph(self, painter: QPainter, rect: QRectF, glyph: int) -> None:
        self._in_cell(painter, QRectF(rect), GLYPH_PAINTERS.get(glyph, _unknown))

    def draw_broken_passage(self, painter: QPainter, rect: QRectF) -> None:
        self._in_cell(painter, QRectF(rect), _broken_passage)

    def draw_time_machine(self, painter: QPainter, rect: QRectF) -> None:
        self._in_cell(painter, QRectF(rect), _time_machine)

    def draw_clone(self, painter: QPainter, rect: QRectF, number: int, current: bool, ghost: bool = False) -> None:
        self._in_cell(painter, QRectF(rect), _clone(number, current, ghost))

    def glyph_pixmap(self, glyph: int, size: int, dpr: float = 1.0) -> QPixmap:
        return self._pixmaps.get(("glyph", glyph, size, dpr), size, dpr, lambda p, r: self.draw_glyph(p, r, glyph))

    def broken_passage_pixmap(self, size: int, dpr: float = 1.0) -> QPixmap:
        return self._pixmaps.get(("broken", size, dpr), size, dpr, self.draw_broken_passage)

    def time_machine_pixmap(self, size: int, dpr: float = 1.0) -> QPixmap:
        return self._pixmaps.get(("machine", size, dpr), size, dpr, self.draw_time_machine)

    def clone_pixmap(self, number: int, current: bool, size: int, ghost: bool = False, dpr: float = 1.0) -> QPixmap:
        return self._pixmaps.get(("clone", number, current, ghost, size, dpr), size, dpr,
                                 lambda p, r: self.draw_clone(p, r, number, current, ghost))

    def item_pixmap(self, kind: str, value: int, size: int, dpr: float = 1.0) -> QPixmap:
        """A palette item: a glyph, or the time machine (the player start) on floor."""
        if kind == "tile":
            return self.glyph_pixmap(value, size, dpr)

        def paint(p: QPainter, rect: QRectF) -> None:
            self.draw_glyph(p, rect, Glyph.FLOOR)
            self.draw_time_machine(p, rect)
        return self._pixmaps.get(("item", kind, value, size, dpr), size, dpr, paint)

    def render_level(self, level: ChronoLevel, scale: int = 32) -> QImage:
        scale = max(1, int(scale))
        image = QImage(level.width * scale, level.height * scale, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("#000000"))
        painter = QPainter(image)
        for index, glyph in enumerate(level.glyphs):
            painter.drawPixmap((index % level.width) * scale, (index // level.width) * scale,
                               self.glyph_pixmap(glyph, scale))
        x, y = level.xy(level.start)
        painter.drawPixmap(x * scale, y * scale, self.time_machine_pixmap(scale))
        painter.end()
        return image


_DEFAULT_ART: ChronoArt | None = None


def default_art() -> ChronoArt:
    """The shared art (one pixmap cache for the application)."""
    global _DEFAULT_ART
    if _DEFAULT_ART is None:
        _DEFAULT_ART = ChronoArt()
    return _DEFAULT_ART


def render_level(level: ChronoLevel, layer: str = "map", scale: int = 32, show_other_layer: bool = False,
                 **_options) -> QImage:
    """The game-generic entry point of ``studio render`` (one layer; the other options do not apply)."""
    return default_art().render_level(level, scale)


# -- the editor's view of the art (studio.editor.cell_painter.CellPainter) ---------------------
class ChronoCellPainter:
    VECTOR_ABOVE = 256  # device pixels: past this a cell is drawn as vectors, not cached

    def __init__(self, art: ChronoArt | None = None):
        self.art = art or default_art()

    def paint_cell(self, painter: QPainter, rect: QRectF, level: ChronoLevel, index: int, layer: int,
                   device_size: int) -> None:
        glyph = level.glyphs[index]
        if device_size > self.VECTOR_ABOVE:
            self.art.draw_glyph(painter, rect, glyph)
        else:
            blit(painter, rect, self.art.glyph_pixmap(glyph, device_size, device_pixel_ratio(painter)))

    def paint_ghost(self, painter, rect, level, index, layer, device_size) -> None:
        pass  # one layer: nothing of another to hint at

    def paint_entities(self, painter: QPainter, cell_rect, level: ChronoLevel, layer: int, device_size: int) -> None:
        rect = cell_rect(level.start)
        if device_size > self.VECTOR_ABOVE:
            self.art.draw_time_machine(painter, rect)
        else:
            blit(painter, rect, self.art.time_machine_pixmap(device_size, device_pixel_ratio(painter)))

    def entity_cells(self, level: ChronoLevel) -> list[int]:
        return [level.start]

    def item_pixmap(self, item, size: int) -> QPixmap:
        return self.art.item_pixmap(item.kind, item.value, size)

    def item_name(self, kind: str, value: int) -> str:
        if kind == "tile":
            return glyph_name(value).capitalize()
        return "Time machine" if kind == "player" else f"{kind} {value}"

    def describe_cell(self, level: ChronoLevel, index: int) -> str:
        """E.g. "(3, 1) Button -> gates (4, 1), (3, 2)" or "(4, 1) Open gate <- button (3, 1)"."""
        x, y = level.xy(index)
        glyph = level.glyphs[index]
        text = f"({x}, {y}) {self.item_name('tile', glyph)}"
        if is_button(glyph):
            gates = level.links.get(index, ())
            text += " -> " + (("gate " if len(gates) == 1 else "gates ") + ", ".join(
                "({}, {})".format(*level.xy(g)) for g in gates) if gates else "no gate yet")
        elif is_gate(glyph):
            buttons = level.buttons_of(index)
            if buttons:
                text += (" <- button " if len(buttons) == 1 else " <- buttons ") + ", ".join(
                    "({}, {})".format(*level.xy(b)) for b in buttons)
        if index == level.start:
            text += " | time machine"
        return text


def make_cell_painter() -> ChronoCellPainter:
    """What the editor scene asks a game's view module for."""
    return ChronoCellPainter(default_art())




# -- the play-test board's painter (studio.core.playtest_adapter, "BoardPainter") ------------------
class ChronoPlayPainter:
    """Draws an engine state: the map as it stands (gates open or shut, used passages broken,
    the goal gone once taken), crates, the time machine and every clone in the level; a
    step's tween slides the clones and pushed crates."""

    def __init__(self, art: ChronoArt | None = None):
        self.art = art or default_art()

    def board_rect(self, state) -> QRectF:
        board = state.board
        return QRectF(0, 0, board.width * UNITS, board.height * UNITS)

    def cell_rect(self, state, cell: int) -> QRectF:
        width = state.board.width
        return QRectF((cell % width) * UNITS, (cell // width) * UNITS, UNITS, UNITS)

    def _ground(self, state, cell: int, size: int) -> QPixmap:
        """The cell's glyph as it stands now."""
        board, world = state.board, state.world
        glyph = board.glyph(cell)
        if board.is_gate(cell):
            glyph = Glyph.OPEN_GATE if cell in world.open_gates else Glyph.CLOSED_GATE
        elif board.is_passage(cell) and cell in world.passages:
            return self.art.broken_passage_pixmap(size)
        elif glyph == Glyph.GOAL and cell in world.goals_taken:
            glyph = Glyph.FLOOR
        return self.art.glyph_pixmap(glyph, size)

    @staticmethod
    def _along(state, path, progress: float) -> QRectF:
        width = state.board.width
        (ax, ay), (bx, by) = (path[0] % width, path[0] // width), (path[-1] % width, path[-1] // width)
        t = min(max(progress, 0.0), 1.0)
        return QRectF((ax + (bx - ax) * t) * UNITS, (ay + (by - ay) * t) * UNITS, UNITS, UNITS)

    def paint(self, painter: QPainter, state, frame, device_cell: int) -> None:
        size = max(4, int(device_cell))
        board, world = state.board, state.world
        for cell in range(board.width * board.height):
            blit(painter, self.cell_rect(state, cell), self._ground(state, cell, size))
        blit(painter, self.cell_rect(state, board.start), self.art.time_machine_pixmap(size))
        motions = {motion.sprite: motion for motion in frame.motions} if frame is not None else {}
        progress = frame.progress if frame is not None else 1.0
        crate = self.art.glyph_pixmap(Glyph.CRATE, size)
        for cell in sorted(world.crates):
            motion = motions.get(("crate", cell))
            rect = self._along(state, motion.path, progress) if motion else self.cell_rect(state, cell)
            if motion:  # the field it leaves shows what lies under it
                blit(painter, self.cell_rect(state, cell), self._ground(state, cell, size))
            blit(painter, rect, crate)
        home = len(world.home)
        sharing: dict[int, list[int]] = {}
        for clone, cell in world.active_clones():
            sharing.setdefault(cell, []).append(clone)
        for clone, cell in world.active_clones():
            motion = motions.get(("clone", clone))
            rect = self._along(state, motion.path, progress) if motion else self.cell_rect(state, cell)
            together = sharing[cell]
            if len(together) > 1:  # clones sharing a field stand side by side, a little smaller
                rect = self._share(rect, together.index(clone), len(together))
            blit(painter, rect, self.art.clone_pixmap(clone, clone == world.current, size))
        if home:
            self._paint_home_count(painter, self.cell_rect(state, board.start), home)

    @staticmethod
    def _share(rect: QRectF, place: int, count: int) -> QRectF:
        scale = 0.7 if count == 2 else 0.55
        side = rect.width() * scale
        spread = (rect.width() - side) / max(1, count - 1)
        return QRectF(rect.x() + place * spread, rect.y() + (rect.height() - side) * (0.2 + 0.6 * (place % 2)),
                      side, side)

    @staticmethod
    def _paint_home_count(painter: QPainter, rect: QRectF, count: int) -> None:
        """How many clones wait inside the time machine, on a badge in its corner."""
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        badge = QRectF(rect.right() - rect.width() * 0.42, rect.bottom() - rect.height() * 0.42,
                       rect.width() * 0.38, rect.height() * 0.38)
        painter.setPen(_pen("#ffffff", rect.width() / 40))
        painter.setBrush(QColor("#2a1650"))
        painter.drawEllipse(badge)
        font = painter.font()
        font.setPixelSize(max(1, int(badge.height() * 0.7)))
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(count))
        painter.restore()

    def paint_outcome(self, painter: QPainter, state, outcome) -> None:
        """A completed level glows on the time machine; a paradox reddens the place it broke."""
        if state.status == "won":
            cell, colour = state.board.start, QColor(201, 166, 255)
        elif state.paradox is not None:
            cell, colour = state.paradox.cell, QColor(255, 95, 87)
        else:
            return
        rect = self.cell_rect(state, cell)
        gradient = QRadialGradient(rect.center(), UNITS * 1.1)
        for stop, alpha in ((0.3, 0), (0.7, 190), (1.0, 0)):
            faded = QColor(colour)
            faded.setAlpha(alpha)
            gradient.setColorAt(stop, faded)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(gradient))
        painter.drawEllipse(rect.center(), UNITS * 1.1, UNITS * 1.1)
        painter.restore()


def make_play_painter() -> ChronoPlayPainter:
    """The play-test's BoardPainter for ChronoShift (see studio.core.playtest_adapter)."""
    return ChronoPlayPainter(default_art())


__all__ = ["ChronoArt", "ChronoCellPainter", "ChronoPlayPainter", "GLYPH_NAMES", "default_art", "make_cell_painter",
           "make_play_painter", "render_level", "web_sprite"]


def web_sprite(key: str, size: int) -> QImage:
    """The picture of a web player's sprite key (studio.games.chrono.web_scene), ``size`` square."""
    art = default_art()
    if key == "broken":
        return art.broken_passage_pixmap(size).toImage()
    if key == "machine":
        return art.time_machine_pixmap(size).toImage()
    if key == "crate":
        return art.glyph_pixmap(Glyph.CRATE, size).toImage()
    if key[0] == "g":
        return art.glyph_pixmap(int(key[1:]), size).toImage()
    if key[0] in "cC":
        return art.clone_pixmap(int(key[1:]), key[0] == "C", size).toImage()
    raise ValueError(f"no ChronoShift sprite {key!r}")

"""Escape's art: every tile, bot, bomb and the player, drawn with QPainter vectors.

Each picture is designed on a 32x32 grid of "units" and scaled to the cell it
is drawn in, so it stays crisp at any zoom. The editor blits cached pixmaps
(``EscapeArt.tile_pixmap``) for speed and may call ``draw_tile`` directly when
zoomed in far. ``render_level`` is what ``studio render`` calls.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QRadialGradient,
    QTransform,
)

from studio.editor.pixmaps import PixmapCache, blit, device_pixel_ratio
from studio.games.escape.level import BIZARRO, NORMAL, EscapeLevel
from studio.games.escape.tiles import LINKED_TILES, NUM_TILES, Bot, T, bot_name, is_bomb, tile_name

UNITS = 32.0  # the design grid: every drawing below works in a 32x32 box
FULL = QRectF(0, 0, UNITS, UNITS)

Painter = Callable[[QPainter], None]


# ---------------------------------------------------------------------------
# small drawing helpers (all in design units)
# ---------------------------------------------------------------------------

def _color(spec: str, alpha: int = 255) -> QColor:
    color = QColor(spec)
    color.setAlpha(alpha)
    return color


def _pen(color: QColor | str, width: float, cap=Qt.RoundCap, join=Qt.RoundJoin) -> QPen:
    pen = QPen(QColor(color) if isinstance(color, str) else color, width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(join)
    return pen


def _poly(*points: tuple[float, float]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def _fill_path(p: QPainter, path: QPainterPath, brush, outline: QColor | str | None = None, width: float = 1.0):
    if outline is not None:
        p.strokePath(path, _pen(outline, width))
    p.fillPath(path, brush if isinstance(brush, QBrush) else QBrush(brush))


def _circle(cx: float, cy: float, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(cx, cy), r, r)
    return path


def _rounded(x: float, y: float, w: float, h: float, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(QRectF(x, y, w, h), r, r)
    return path


def _linear(x1, y1, x2, y2, *stops: tuple[float, QColor | str]) -> QBrush:
    grad = QLinearGradient(x1, y1, x2, y2)
    for at, color in stops:
        grad.setColorAt(at, QColor(color))
    return QBrush(grad)


def _radial(cx, cy, r, fx, fy, *stops: tuple[float, QColor | str]) -> QBrush:
    grad = QRadialGradient(QPointF(cx, cy), r, QPointF(fx, fy))
    for at, color in stops:
        grad.setColorAt(at, QColor(color))
    return QBrush(grad)


_TEXT_PATHS: dict[str, QPainterPath] = {}


def _text_path(text: str) -> QPainterPath:
    """The outline of some bold text, made once at a large size and scaled to fit later."""
    path = _TEXT_PATHS.get(text)
    if path is None:
        font = QFont("DejaVu Sans")
        font.setStyleHint(QFont.SansSerif)
        font.setBold(True)
        font.setPixelSize(100)
        path = QPainterPath()
        path.addText(0, 0, font, text)
        _TEXT_PATHS[text] = path
    return path


def _draw_text_fit(p: QPainter, text: str, box: QRectF, fill, outline=None, outline_width: float = 1.0):
    """Text as a vector path, centred and scaled to fit ``box`` (so it survives any zoom)."""
    path = _text_path(text)
    bounds = path.boundingRect()
    if bounds.isEmpty():
        return
    scale = min(box.width() / bounds.width(), box.height() / bounds.height())
    transform = QTransform()
    transform.translate(box.center().x(), box.center().y())
    transform.scale(scale, scale)
    transform.translate(-bounds.center().x(), -bounds.center().y())
    _fill_path(p, transform.map(path), QColor(fill) if isinstance(fill, str) else fill, outline, outline_width)


def _heart_path(cx: float, cy: float, w: float) -> QPainterPath:
    h = w * 0.92
    path = QPainterPath()
    path.moveTo(cx, cy + h * 0.5)
    path.cubicTo(cx - w * 0.2, cy + h * 0.3, cx - w * 0.5, cy + h * 0.05, cx - w * 0.5, cy - h * 0.18)
    path.cubicTo(cx - w * 0.5, cy - h * 0.42, cx - w * 0.32, cy - h * 0.5, cx - w * 0.24, cy - h * 0.5)
    path.cubicTo(cx - w * 0.1, cy - h * 0.5, cx, cy - h * 0.4, cx, cy - h * 0.28)
    path.cubicTo(cx, cy - h * 0.4, cx + w * 0.1, cy - h * 0.5, cx + w * 0.24, cy - h * 0.5)
    path.cubicTo(cx + w * 0.32, cy - h * 0.5, cx + w * 0.5, cy - h * 0.42, cx + w * 0.5, cy - h * 0.18)
    path.cubicTo(cx + w * 0.5, cy + h * 0.05, cx + w * 0.2, cy + h * 0.3, cx, cy + h * 0.5)
    path.closeSubpath()
    return path


def _shadow(p: QPainter, cx: float, cy: float, rx: float, ry: float, alpha: int = 70):
    p.setPen(Qt.NoPen)
    p.setBrush(_radial(cx, cy, rx, cx, cy, (0, _color("#000000", alpha)), (1, _color("#000000", 0))))
    p.save()
    p.translate(cx, cy)
    p.scale(1, ry / rx)
    p.drawEllipse(QPointF(0, 0), rx, rx)
    p.restore()


# ---------------------------------------------------------------------------
# surfaces
# ---------------------------------------------------------------------------

def _bricks(p: QPainter, base: str, mortar: str, light: str, rows: int, brick_w: float, mortar_w: float):
    """A staggered brick pattern that tiles seamlessly: mortar lines straddle the cell edges."""
    p.fillRect(FULL, QColor(base))
    row_h = UNITS / rows
    mortar_c, light_c = QColor(mortar), QColor(light)
    for row in range(rows + 1):
        y = row * row_h
        p.fillRect(QRectF(0, y - mortar_w / 2, UNITS, mortar_w), mortar_c)
        p.fillRect(QRectF(0, y + mortar_w / 2, UNITS, mortar_w * 0.7), light_c)
    for row in range(rows):
        y = row * row_h
        offset = brick_w / 2 if row % 2 else 0.0
        x = offset - brick_w
        while x <= UNITS + brick_w:
            p.fillRect(QRectF(x - mortar_w / 2, y, mortar_w, row_h), mortar_c)
            p.fillRect(QRectF(x + mortar_w / 2, y + mortar_w / 2, mortar_w * 0.7, row_h - mortar_w), light_c)
            x += brick_w


def _speckle(p: QPainter, color: QColor, count: int, seed: int, radius: float = 0.45):
    """Deterministic grain (a tiny LCG), so the pattern is the same every time it is drawn."""
    p.setPen(Qt.NoPen)
    p.setBrush(color)
    state = seed
    for _ in range(count):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        x = (state % 3200) / 100.0
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        y = (state % 3200) / 100.0
        p.drawEllipse(QPointF(x, y), radius, radius)


def _floor(p: QPainter):
    _bricks(p, "#c8c8c2", "#a2a29c", "#d9d9d4", rows=4, brick_w=16, mortar_w=1.1)


def _fine(p: QPainter, base: str, mortar: str, light: str, grain: QColor):
    _bricks(p, base, mortar, light, rows=8, brick_w=8, mortar_w=0.8)
    _speckle(p, grain, 46, seed=7)


def _rough(p: QPainter):
    _fine(p, "#b3ada2", "#8f897e", "#c7c1b6", _color("#6f695e", 150))


def _bevel_block(p: QPainter, face: str, bevel: float = 3.2, rect: QRectF = FULL, shine: bool = True):
    """A raised square block lit from the top left: light and dark bevels around a face."""
    base = QColor(face)
    r = rect
    left, top, right, bottom = r.left(), r.top(), r.right(), r.bottom()
    p.setPen(Qt.NoPen)
    p.setBrush(base.darker(185))
    p.drawRect(r)
    p.setBrush(base.lighter(150))
    p.drawPolygon(_poly((left, top), (right, top), (right - bevel, top + bevel), (left + bevel, top + bevel),
                        (left + bevel, bottom - bevel), (left, bottom)))
    # the right and bottom bevels differ a little, as a face turned from the light does
    p.setBrush(base.darker(135))
    p.drawPolygon(_poly((right, top), (right, bottom), (right - bevel, bottom - bevel), (right - bevel, top + bevel)))
    inner = r.adjusted(bevel, bevel, -bevel, -bevel)
    if shine:
        p.setBrush(_linear(inner.left(), inner.top(), inner.right(), inner.bottom(),
                           (0, base.lighter(112)), (1, base.darker(112))))
    else:
        p.setBrush(base)
    p.drawRect(inner)


def _tinted_fine(base: QColor) -> tuple[str, str, str, QColor]:
    grain = base.darker(135)
    grain.setAlpha(140)
    return base.name(), base.darker(125).name(), base.lighter(115).name(), grain


COLOURS = {
    # (block / sphere colour, floor-down tint, floor-up tint)
    "blue": ("#3d6fd6", "#8aa2cf", "#5a82d8"),
    "red": ("#d8413a", "#cf9088", "#d8625a"),
    "green": ("#3fae49", "#8fc290", "#55b65c"),
}


def _floor_down(colour: str) -> Painter:
    def paint(p: QPainter):
        _fine(p, *_tinted_fine(QColor(COLOURS[colour][1])))
    return paint


def _floor_up(colour: str) -> Painter:
    """A coloured floor raised into a wall: the textured floor lifted on bevels with a ledge shadow."""
    def paint(p: QPainter):
        tint = QColor(COLOURS[colour][2])
        _bevel_block(p, tint.name(), bevel=4.0)
        p.save()
        face = QRectF(4, 4, 24, 24)
        p.setClipRect(face)
        p.translate(4, 4)
        p.scale(24 / UNITS, 24 / UNITS)
        _fine(p, *_tinted_fine(tint.lighter(108)))
        p.restore()
        p.setPen(_pen(tint.darker(170), 0.7))
        p.setBrush(Qt.NoBrush)
        p.drawRect(QRectF(4, 4, 24, 24))
    return paint


# ---------------------------------------------------------------------------
# tiles
# ---------------------------------------------------------------------------

def _plain_block(face: str) -> Painter:
    def paint(p: QPainter):
        _bevel_block(p, face)
    return paint


def _blue_wall(p: QPainter):
    _bevel_block(p, "#2f55b8", bevel=3.4)
    # an engraved inner square reads as a heavy wall stone, unlike the flat coloured floors
    p.setBrush(Qt.NoBrush)
    p.setPen(_pen("#1d3a86", 0.9))
    p.drawRect(QRectF(7.5, 7.5, 17, 17))
    p.setPen(_pen("#6f92e6", 0.7))
    p.drawLine(QPointF(8.2, 25.2), QPointF(25.2, 25.2))
    p.drawLine(QPointF(25.2, 8.2), QPointF(25.2, 25.2))


def _blue_base(p: QPainter):
    _bevel_block(p, "#2f55b8", bevel=3.4)


def _gold(p: QPainter):
    p.setPen(Qt.NoPen)
    p.setBrush(QColor("#7d5a00"))
    p.drawRect(FULL)
    p.setBrush(QColor("#fff0a0"))
    p.drawPolygon(_poly((0, 0), (32, 0), (28.8, 3.2), (3.2, 3.2), (3.2, 28.8), (0, 32)))
    p.setBrush(QColor("#b88700"))
    p.drawPolygon(_poly((32, 0), (32, 32), (28.8, 28.8), (28.8, 3.2)))
    p.setBrush(_linear(3, 3, 29, 29, (0, "#ffe680"), (0.45, "#f2c230"), (1, "#c99300")))
    p.drawRect(QRectF(3.2, 3.2, 25.6, 25.6))
    _sparkle(p, 10.5, 10.5, 4.2)


def _sparkle(p: QPainter, cx: float, cy: float, r: float):
    path = QPainterPath()
    path.moveTo(cx, cy - r)
    path.quadTo(cx, cy, cx + r, cy)
    path.quadTo(cx, cy, cx, cy + r)
    path.quadTo(cx, cy, cx - r, cy)
    path.quadTo(cx, cy, cx, cy - r)
    p.fillPath(path, _color("#ffffff", 230))


def _broken(p: QPainter):
    _bevel_block(p, "#a3a3a0")
    crack = QPainterPath()
    crack.moveTo(5, 3.2)
    crack.lineTo(11, 11)
    crack.lineTo(9.5, 16)
    crack.lineTo(16, 19)
    crack.lineTo(17.5, 25)
    crack.lineTo(23, 28.8)
    crack.moveTo(16, 19)
    crack.lineTo(23, 16.5)
    crack.lineTo(28.8, 18.5)
    crack.moveTo(11, 11)
    crack.lineTo(17, 8.5)
    crack.lineTo(19, 3.2)
    p.setBrush(Qt.NoBrush)
    p.save()
    p.translate(0.6, 0.6)
    p.setPen(_pen("#d6d6d2", 0.8))
    p.drawPath(crack)
    p.restore()
    p.setPen(_pen("#3c3c3a", 1.1))
    p.drawPath(crack)
    # a missing chip in a corner
    p.setPen(Qt.NoPen)
    p.setBrush(QColor("#5e5e5b"))
    p.drawPolygon(_poly((28.8, 3.2), (28.8, 9), (25.5, 6.5), (24, 3.2)))


def _hole(p: QPainter):
    p.fillRect(FULL, QColor("#0b0b0d"))
    p.setPen(Qt.NoPen)
    # the far walls of the pit catch light: bottom and right inner faces
    p.setBrush(_linear(0, 32, 0, 24, (0, "#4a4a48"), (1, "#0b0b0d")))
    p.drawPolygon(_poly((0, 32), (32, 32), (26, 25), (6, 25)))
    p.setBrush(_linear(32, 0, 25, 0, (0, "#33332f"), (1, "#0b0b0d")))
    p.drawPolygon(_poly((32, 0), (32, 32), (26, 25), (26, 6)))
    p.setBrush(_radial(16, 15, 10, 16, 15, (0, "#000000"), (1, _color("#000000", 0))))
    p.drawEllipse(QPointF(16, 15), 10, 10)


def _black(p: QPainter):
    p.fillRect(FULL, QColor("#000000"))


def _exit(p: QPainter):
    _floor(p)
    _doorway(p)
    # interior: a shaft going down, with a ladder
    p.setPen(Qt.NoPen)
    p.setBrush(_linear(0, 7, 0, 29, (0, "#2b2118"), (1, "#050403")))
    p.drawPath(_door_opening())
    p.save()
    p.setClipPath(_door_opening())
    rail = _pen("#f0c860", 1.6, cap=Qt.FlatCap)
    p.setPen(rail)
    p.drawLine(QPointF(12.3, 6), QPointF(12.3, 30))
    p.drawLine(QPointF(19.7, 6), QPointF(19.7, 30))
    for y in (10.5, 15, 19.5, 24, 28.5):
        p.setPen(_pen("#ffe08a", 1.5, cap=Qt.FlatCap))
        p.drawLine(QPointF(12.3, y), QPointF(19.7, y))
    # light rising from the way out
    p.setBrush(_linear(0, 30, 0, 14, (0, _color("#7dff8a", 120)), (1, _color("#7dff8a", 0))))
    p.setPen(Qt.NoPen)
    p.drawRect(QRectF(8, 14, 16, 16))
    p.restore()


def _door_opening() -> QPainterPath:
    path = QPainterPath()
    path.moveTo(9, 29.5)
    path.lineTo(9, 11)
    path.arcTo(QRectF(9, 4, 14, 14), 180, -180)
    path.lineTo(23, 29.5)
    path.closeSubpath()
    return path


def _doorway(p: QPainter):
    frame = QPainterPath()
    frame.moveTo(5.5, 30.5)
    frame.lineTo(5.5, 11)
    frame.arcTo(QRectF(5.5, 0.8, 21, 20.4), 180, -180)
    frame.lineTo(26.5, 30.5)
    frame.closeSubpath()
    _shadow(p, 16.5, 30.5, 13, 2.5, 90)
    _fill_path(p, frame, _linear(5, 2, 27, 30, (0, "#9c6a3a"), (1, "#5a3618")), "#2e1a0a", 1.0)


def _sleeping_door(p: QPainter):
    _floor(p)
    _doorway(p)
    opening = _door_opening()
    _fill_path(p, opening, _linear(9, 4, 23, 30, (0, "#6c7890"), (1, "#3b4459")))
    p.save()
    p.setClipPath(opening)
    p.setPen(_pen("#2d3446", 0.8))
    for x in (12.5, 16, 19.5):
        p.drawLine(QPointF(x, 3), QPointF(x, 30))
    p.restore()
    # a heart-shaped keyhole: the door wakes when the hearts are all framed
    _fill_path(p, _heart_path(16, 19, 5.5), QColor("#ff6fae"), "#3b1020", 0.8)
    _sleep_zs(p, 20.5, 2.0, 1.0)


def _sleep_zs(p: QPainter, x: float, y: float, size: float):
    _draw_text_fit(p, "z", QRectF(x, y + 5.5 * size, 4 * size, 4 * size), "#ffffff", "#1a1a30", 1.4 * size)
    _draw_text_fit(p, "Z", QRectF(x + 4 * size, y, 6 * size, 6 * size), "#ffffff", "#1a1a30", 1.6 * size)


def _laser(p: QPainter):
    _bevel_block(p, "#45454e", bevel=3)
    p.setPen(Qt.NoPen)
    # nozzles on all four sides: a laser shoots every way
    p.setBrush(QColor("#8b8b96"))
    for rect in (QRectF(13, 0.5, 6, 4), QRectF(13, 27.5, 6, 4), QRectF(0.5, 13, 4, 6), QRectF(27.5, 13, 4, 6)):
        p.drawRect(rect)
    p.setBrush(QColor("#ff3a2e"))
    for rect in (QRectF(14.5, 0.5, 3, 1.6), QRectF(14.5, 29.9, 3, 1.6), QRectF(0.5, 14.5, 1.6, 3), QRectF(29.9, 14.5, 1.6, 3)):
        p.drawRect(rect)
    p.setBrush(_radial(16, 16, 12, 16, 16, (0, _color("#ff4030", 170)), (1, _color("#ff4030", 0))))
    p.drawEllipse(QPointF(16, 16), 12, 12)
    _fill_path(p, _circle(16, 16, 7.5), QColor("#22222a"))
    p.setBrush(_radial(16, 16, 6, 14.2, 14.2, (0, "#fff4f0"), (0.35, "#ff5a4a"), (0.85, "#b0100a"), (1, "#600000")))
    p.drawEllipse(QPointF(16, 16), 6, 6)


def _panel(fill: str, rim: str) -> Painter:
    def paint(p: QPainter):
        _floor(p)
        _panel_disc(p, fill, rim)
    return paint


def _panel_disc(p: QPainter, fill: str, rim: str, radius: float = 9.5):
    p.setPen(Qt.NoPen)
    p.setBrush(_color("#000000", 60))
    p.drawEllipse(QPointF(16.6, 16.8), radius + 0.6, radius + 0.6)
    _fill_path(p, _circle(16, 16, radius), QColor(rim), "#3a3a3a", 0.8)
    p.setBrush(_radial(16, 16, radius - 2, 13, 12.5, (0, QColor(fill).lighter(135)), (1, QColor(fill))))
    p.drawEllipse(QPointF(16, 16), radius - 2.2, radius - 2.2)


def _stop(p: QPainter):
    _blue_base(p)
    octagon = QPolygonF([QPointF(16 + 11 * math.cos(math.radians(22.5 + 45 * k)),
                                 16 + 11 * math.sin(math.radians(22.5 + 45 * k))) for k in range(8)])
    p.setPen(_pen("#ffffff", 1.3))
    p.setBrush(QColor("#d42020"))
    p.drawPolygon(octagon)
    _draw_text_fit(p, "STOP", QRectF(8.4, 13, 15.2, 6), "#ffffff")


def _arrow_wall(direction: str) -> Painter:
    angle = {"right": 0, "down": 90, "left": 180, "up": 270}[direction]

    def paint(p: QPainter):
        _blue_base(p)
        arrow = _poly((-9, -3.5), (1, -3.5), (1, -9), (10, 0), (1, 9), (1, 3.5), (-9, 3.5))
        p.save()
        p.translate(16, 16)
        p.rotate(angle)
        p.setPen(_pen("#142a66", 1.4))
        p.setBrush(_linear(0, -9, 0, 9, (0, "#ffffff"), (1, "#c9d6ff")))
        p.drawPolygon(arrow)
        p.restore()
    return paint


def _electric(p: QPainter):
    p.fillRect(FULL, QColor("#ffe41a"))
    p.setPen(Qt.NoPen)
    p.setBrush(QColor("#f7cf00"))
    for k in range(-4, 5):
        x = k * 8
        p.drawPolygon(_poly((x, 0), (x + 4, 0), (x + 36, 32), (x + 32, 32)))
    bolt = QPainterPath()
    bolt.moveTo(4, 2)
    bolt.lineTo(12, 11)
    bolt.lineTo(8.5, 13)
    bolt.lineTo(20, 22)
    bolt.lineTo(16.5, 23.5)
    bolt.lineTo(29, 31)
    p.setBrush(Qt.NoBrush)
    p.setPen(_pen("#ff8a00", 2.6))
    p.drawPath(bolt)
    p.setPen(_pen("#fffbe0", 0.9))
    p.drawPath(bolt)
    spark = QPainterPath()
    spark.moveTo(24, 3)
    spark.lineTo(27, 8)
    spark.lineTo(25, 9)
    spark.lineTo(29, 14)
    spark.moveTo(3, 20)
    spark.lineTo(7, 24)
    spark.lineTo(5, 25.5)
    spark.lineTo(9, 29)
    p.setPen(_pen("#ff9a00", 1.4))
    p.drawPath(spark)


def _power_symbol(p: QPainter, colour: str, width: float):
    p.setBrush(Qt.NoBrush)
    p.setPen(_pen(colour, width))
    p.drawArc(QRectF(11.5, 11.5, 9, 9), 120 * 16, -240 * 16)
    p.drawLine(QPointF(16, 10), QPointF(16, 16))


def _switch_on(p: QPainter):
    _blue_base(p)
    p.setPen(Qt.NoPen)
    p.setBrush(_radial(16, 16, 12.5, 16, 16, (0, _color("#7dff6e", 200)), (1, _color("#7dff6e", 0))))
    p.drawEllipse(QPointF(16, 16), 12.5, 12.5)
    _fill_path(p, _circle(16, 16, 8.5), QColor("#1b3a1b"))
    p.setBrush(_radial(16, 16, 7.5, 13.5, 13, (0, "#e8ffd8"), (0.4, "#5ee84a"), (1, "#1f8a22")))
    p.drawEllipse(QPointF(16, 16), 7.5, 7.5)
    _power_symbol(p, "#0d4010", 1.6)


def _switch_off(p: QPainter):
    _blue_base(p)
    _fill_path(p, _circle(16, 16, 8.5), QColor("#151c30"))
    p.setBrush(_radial(16, 16, 7.5, 18, 18.5, (0, "#6a5656"), (1, "#2c2222")))
    p.setPen(Qt.NoPen)
    p.drawEllipse(QPointF(16, 16), 7.5, 7.5)
    _power_symbol(p, "#9c8a8a", 1.4)


def _transport(p: QPainter):
    _floor(p)
    _fill_path(p, _circle(16, 16, 12.5), QColor("#231640"), "#120a24", 1.0)
    p.setPen(Qt.NoPen)
    p.setBrush(_radial(16, 16, 11, 16, 16, (0, "#ffffff"), (0.25, "#8ff5ff"), (0.6, "#7a3cff"), (1, "#2a1458")))
    p.drawEllipse(QPointF(16, 16), 11, 11)
    # a spiral swirl drawn inwards
    swirl = QPainterPath()
    for arm in range(3):
        start = arm * 2 * math.pi / 3
        for step in range(30):
            t = step / 29
            angle = start + t * 2.6
            radius = 10.5 * (1 - t) + 1.5 * t
            point = QPointF(16 + radius * math.cos(angle), 16 + radius * math.sin(angle))
            if step == 0:
                swirl.moveTo(point)
            else:
                swirl.lineTo(point)
    p.setBrush(Qt.NoBrush)
    p.setPen(_pen(_color("#ffffff", 190), 1.1))
    p.drawPath(swirl)


def _slider(horizontal: bool) -> Painter:
    def paint(p: QPainter):
        _bevel_block(p, "#9b86cc")
        arrow = _poly((-11, 0), (-5, -6), (-5, -2.6), (5, -2.6), (5, -6), (11, 0), (5, 6), (5, 2.6), (-5, 2.6), (-5, 6))
        p.save()
        p.translate(16, 16)
        if not horizontal:
            p.rotate(90)
        p.setPen(_pen("#352660", 1.3))
        p.setBrush(QColor("#ffffff"))
        p.drawPolygon(arrow)
        p.restore()
    return paint


def _digit_block(digit: str) -> Painter:
    def paint(p: QPainter):
        _bevel_block(p, "#4a5361")
        _fill_path(p, _rounded(7.5, 5.5, 17, 21, 2.5), QColor("#1d2229"))
        _draw_text_fit(p, digit, QRectF(10, 8, 12, 16), "#b9f56a", "#2e5a10", 1.2)
    return paint


WIRE_BASE = "#3b4048"
WIRE_EDGES = {"N": QPointF(16, 0), "S": QPointF(16, 32), "W": QPointF(0, 16), "E": QPointF(32, 16)}


def _wire_stroke(p: QPainter, path: QPainterPath, lit: bool = False):
    """A copper wire as a tube: dark sheath, copper core, highlight; ends flat at the cell edge."""
    p.setBrush(Qt.NoBrush)
    p.setPen(_pen("#1d1208", 5.6, cap=Qt.FlatCap))
    p.drawPath(path)
    p.setPen(_pen("#ffb347" if lit else "#d9822b", 3.6, cap=Qt.FlatCap))
    p.drawPath(path)
    p.setPen(_pen("#ffd49a", 1.0, cap=Qt.FlatCap))
    p.drawPath(path.translated(-0.5, -0.5))


def _wire_path(ends: str) -> QPainterPath:
    """Two ends like "NE": a straight run or a rounded corner through the centre."""
    a, b = WIRE_EDGES[ends[0]], WIRE_EDGES[ends[1]]
    path = QPainterPath(a)
    if a.x() == b.x() or a.y() == b.y():
        path.lineTo(b)
    else:
        towards_a = QPointF(16 + (a.x() - 16) * 0.4, 16 + (a.y() - 16) * 0.4)
        towards_b = QPointF(16 + (b.x() - 16) * 0.4, 16 + (b.y() - 16) * 0.4)
        path.lineTo(towards_a)
        path.quadTo(QPointF(16, 16), towards_b)
        path.lineTo(b)
    return path


def _wire_block(ends: str) -> Painter:
    def paint(p: QPainter):
        _bevel_block(p, WIRE_BASE, bevel=2.6)
        _wire_stroke(p, _wire_path(ends))
    return paint


def _crossover(p: QPainter):
    _bevel_block(p, WIRE_BASE, bevel=2.6)
    _wire_stroke(p, _wire_path("NS"))
    # west-east hops over the north-south wire, as in a circuit diagram
    hop = QPainterPath(QPointF(0, 16))
    hop.lineTo(9.5, 16)
    hop.arcTo(QRectF(9.5, 9.5, 13, 13), 180, -180)
    hop.lineTo(32, 16)
    p.setBrush(Qt.NoBrush)
    p.setPen(_pen(WIRE_BASE, 8.5, cap=Qt.FlatCap))
    p.drawArc(QRectF(9.5, 9.5, 13, 13), 20 * 16, 140 * 16)
    _wire_stroke(p, hop)


def _button(p: QPainter):
    p.fillRect(FULL, QColor("#f4c400"))
    tape = QPainterPath()
    tape.addRect(FULL)
    inner = QPainterPath()
    inner.addRect(QRectF(7, 7, 18, 18))
    p.save()
    p.setClipPath(tape.subtracted(inner))
    p.setPen(Qt.NoPen)
    p.setBrush(QColor("#161616"))
    for k in range(-6, 7):
        x = k * 7
        p.drawPolygon(_poly((x, 0), (x + 3.5, 0), (x + 35.5, 32), (x + 32, 32)))
    p.restore()
    p.setPen(_pen("#3a2a00", 0.8))
    p.setBrush(Qt.NoBrush)
    p.drawRect(QRectF(0.4, 0.4, 31.2, 31.2))
    _bevel_block(p, "#ff6fb0", bevel=2.2, rect=QRectF(7, 7, 18, 18))


def _light(colour: str) -> Painter:
    glow = {"blue": "#4f8dff", "red": "#ff4a3d", "green": "#4ee85a"}[colour]

    def paint(p: QPainter):
        _bevel_block(p, WIRE_BASE, bevel=2.6)
        base = QColor(glow)
        p.setPen(Qt.NoPen)
        halo = QColor(base)
        halo.setAlpha(150)
        p.setBrush(_radial(16, 16, 13, 16, 16, (0, halo), (1, _color(glow, 0))))
        p.drawEllipse(QPointF(16, 16), 13, 13)
        _fill_path(p, _circle(16, 16, 9), _linear(7, 7, 25, 25, (0, "#d8d8d8"), (1, "#6a6a6a")), "#1a1a1a", 0.8)
        p.setBrush(_radial(16, 16, 7, 13.5, 13, (0, "#ffffff"), (0.35, base.lighter(130)), (1, base.darker(170))))
        p.drawEllipse(QPointF(16, 16), 7, 7)
    return paint


def _sphere(colour: str) -> Painter:
    def paint(p: QPainter):
        _floor(p)
        _shadow(p, 17.5, 26.5, 10, 3.2, 110)
        base = QColor(colour)
        p.setPen(_pen(base.darker(260), 0.8))
        p.setBrush(_radial(16, 16, 11, 12, 11, (0, "#ffffff"), (0.18, base.lighter(150)),
                           (0.65, base), (1, base.darker(210))))
        p.drawEllipse(QPointF(16, 16), 10.5, 10.5)
        p.setPen(Qt.NoPen)
        p.setBrush(_color("#ffffff", 210))
        p.drawEllipse(QPointF(12.2, 11.2), 2.2, 1.5)
    return paint


def _trap_door() -> QPainterPath:
    path = QPainterPath()
    path.addRect(QRectF(5, 5, 22, 22))
    return path


def _trap_hidden(p: QPainter):
    _floor(p)
    # faint seams only: the designer can see the trap, a player would barely notice
    pen = _pen(_color("#8a8a84", 200), 0.8, cap=Qt.FlatCap)
    pen.setDashPattern([2.5, 2.0])
    p.setPen(pen)
    p.setBrush(Qt.NoBrush)
    p.drawPath(_trap_door())
    p.setPen(_pen(_color("#8a8a84", 200), 0.6))
    p.drawLine(QPointF(9, 9), QPointF(12, 12))
    p.drawLine(QPointF(23, 23), QPointF(20, 20))


def _trap(p: QPainter):
    _floor(p)
    _fill_path(p, _trap_door(), _linear(5, 5, 27, 27, (0, "#9d9a92"), (1, "#7e7b73")), "#2c2a26", 1.1)
    p.setPen(_pen("#3a3833", 1.0))
    cracks = QPainterPath()
    cracks.moveTo(5.5, 5.5)
    cracks.lineTo(12, 13)
    cracks.lineTo(16, 16)
    cracks.lineTo(21, 18.5)
    cracks.lineTo(26.5, 26.5)
    cracks.moveTo(26.5, 5.5)
    cracks.lineTo(19.5, 11)
    cracks.lineTo(16, 16)
    cracks.lineTo(11, 22)
    cracks.lineTo(5.5, 26.5)
    p.setBrush(Qt.NoBrush)
    p.drawPath(cracks)
    p.setPen(Qt.NoPen)
    p.setBrush(_color("#000000", 150))
    p.drawEllipse(QPointF(16, 16), 2.6, 2.6)


def _steel(face: str) -> Painter:
    def paint(p: QPainter):
        base = QColor(face)
        _bevel_block(p, face, bevel=2.4)
        p.setPen(Qt.NoPen)
        p.setBrush(_linear(2.4, 2.4, 29.6, 29.6, (0, base.lighter(135)), (0.5, base), (0.52, base.darker(108)),
                           (1, base.darker(125))))
        p.drawRect(QRectF(2.4, 2.4, 27.2, 27.2))
        # brushed metal grain
        p.setPen(_pen(_color("#ffffff", 45), 0.5, cap=Qt.FlatCap))
        for y in range(5, 29, 3):
            p.drawLine(QPointF(3, y), QPointF(29, y))
        for cx, cy in ((6.5, 6.5), (25.5, 6.5), (6.5, 25.5), (25.5, 25.5)):
            p.setPen(Qt.NoPen)
            p.setBrush(_color("#000000", 90))
            p.drawEllipse(QPointF(cx + 0.5, cy + 0.6), 2.0, 2.0)
            p.setBrush(_radial(cx, cy, 2.0, cx - 0.7, cy - 0.7, (0, "#ffffff"), (0.5, base.lighter(120)),
                               (1, base.darker(160))))
            p.drawEllipse(QPointF(cx, cy), 1.9, 1.9)
    return paint


def _heart_framer(p: QPainter):
    _floor(p)
    _shadow(p, 17, 28.5, 12, 2.5, 80)
    _bevel_block(p, "#b08030", bevel=2.6, rect=QRectF(5, 4, 22, 24))
    p.fillRect(QRectF(7.6, 6.6, 16.8, 18.8), QColor("#fff2f6"))
    _fill_path(p, _heart_path(16, 16.3, 12.5), _linear(10, 10, 22, 22, (0, "#ff8cc6"), (1, "#e8287d")), "#7a1040", 0.9)
    p.setPen(Qt.NoPen)
    p.setBrush(_color("#ffffff", 200))
    p.drawEllipse(QPointF(12.8, 13.3), 1.6, 1.1)


def _transponder(p: QPainter):
    _bevel_block(p, "#7d8fa8")
    p.setBrush(Qt.NoBrush)
    for angle in (0, 90, 180, 270):
        p.save()
        p.translate(16, 16)
        p.rotate(angle)
        for radius, alpha in ((8.0, 255), (11.5, 170)):
            p.setPen(_pen(_color("#7ff0ff", alpha), 1.2))
            p.drawArc(QRectF(-radius, -radius, 2 * radius, 2 * radius), -28 * 16, 56 * 16)
        p.restore()
    _fill_path(p, _circle(16, 16, 5), _linear(11, 11, 21, 21, (0, "#39465a"), (1, "#161c26")), "#0d1118", 0.8)
    p.setPen(Qt.NoPen)
    p.setBrush(_radial(16, 16, 2.8, 15, 15, (0, "#e8ffff"), (1, "#19b8d4")))
    p.drawEllipse(QPointF(16, 16), 2.6, 2.6)


def _remote(p: QPainter):
    _floor(p)
    for ends in ("NS", "WE"):
        _wire_stroke(p, _wire_path(ends))
    _panel_disc(p, "#9a9aa8", "#55556a", radius=10)
    bolt = _poly((17.5, 9.5), (12, 17), (15.5, 17), (14, 22.5), (20, 14.8), (16.4, 14.8))
    p.setPen(_pen("#5a3a00", 0.9))
    p.setBrush(QColor("#ffe41a"))
    p.drawPolygon(bolt)


def _unknown(p: QPainter):
    p.fillRect(FULL, QColor("#ff00ff"))
    _draw_text_fit(p, "?", QRectF(9, 5, 14, 22), "#ffffff", "#000000", 1.2)


TILE_PAINTERS: dict[int, Painter] = {
    T.FLOOR: _floor,
    T.RED: _plain_block(COLOURS["red"][0]),
    T.BLUE: _blue_wall,
    T.GREY: _plain_block("#9c9c98"),
    T.GREEN: _plain_block(COLOURS["green"][0]),
    T.EXIT: _exit,
    T.HOLE: _hole,
    T.GOLD: _gold,
    T.LASER: _laser,
    T.PANEL: _panel("#9a9a96", "#6c6c68"),
    T.STOP: _stop,
    T.RIGHT: _arrow_wall("right"),
    T.LEFT: _arrow_wall("left"),
    T.UP: _arrow_wall("up"),
    T.DOWN: _arrow_wall("down"),
    T.ROUGH: _rough,
    T.ELECTRIC: _electric,
    T.ON: _switch_on,
    T.OFF: _switch_off,
    T.TRANSPORT: _transport,
    T.BROKEN: _broken,
    T.LR: _slider(horizontal=True),
    T.UD: _slider(horizontal=False),
    T.ZERO: _digit_block("0"),
    T.ONE: _digit_block("1"),
    T.NS: _wire_block("NS"),
    T.NE: _wire_block("NE"),
    T.NW: _wire_block("NW"),
    T.SE: _wire_block("SE"),
    T.SW: _wire_block("SW"),
    T.WE: _wire_block("WE"),
    T.BUTTON: _button,
    T.BLIGHT: _light("blue"),
    T.RLIGHT: _light("red"),
    T.GLIGHT: _light("green"),
    T.BLACK: _black,
    T.BUP: _floor_up("blue"),
    T.BDOWN: _floor_down("blue"),
    T.RUP: _floor_up("red"),
    T.RDOWN: _floor_down("red"),
    T.GUP: _floor_up("green"),
    T.GDOWN: _floor_down("green"),
    T.BSPHERE: _sphere("#3d6fd6"),
    T.RSPHERE: _sphere("#d8413a"),
    T.GSPHERE: _sphere("#3fae49"),
    T.SPHERE: _sphere("#a0a0a8"),
    T.TRAP2: _trap_hidden,
    T.TRAP1: _trap,
    T.BPANEL: _panel("#3d6fd6", "#23428a"),
    T.RPANEL: _panel("#d8413a", "#8a2420"),
    T.GPANEL: _panel("#3fae49", "#23702a"),
    T.STEEL: _steel("#aab0b8"),
    T.BSTEEL: _steel("#6f8fce"),
    T.RSTEEL: _steel("#cf6f68"),
    T.GSTEEL: _steel("#6fbf74"),
    T.HEARTFRAMER: _heart_framer,
    T.SLEEPINGDOOR: _sleeping_door,
    T.TRANSPONDER: _transponder,
    T.NSWE: _crossover,
    T.REMOTE: _remote,
}
assert len(TILE_PAINTERS) == NUM_TILES


# ---------------------------------------------------------------------------
# bots, bombs, player (transparent backgrounds: drawn over a tile)
# ---------------------------------------------------------------------------

def _dalek(p: QPainter, asleep: bool):
    body = QColor("#7a8696" if asleep else "#b0343a")
    _shadow(p, 16, 29.3, 11, 2.4, 110)
    outline = "#1c1012"
    # skirt
    skirt = QPainterPath()
    skirt.moveTo(10.5, 16)
    skirt.lineTo(21.5, 16)
    skirt.lineTo(25, 28.5)
    skirt.lineTo(7, 28.5)
    skirt.closeSubpath()
    _fill_path(p, skirt, _linear(7, 0, 25, 0, (0, body.lighter(130)), (0.5, body), (1, body.darker(150))), outline, 1.0)
    p.setPen(Qt.NoPen)
    bump = QColor("#e6d38a" if not asleep else "#c8ccd2")
    for row, y in enumerate((19.0, 22.6, 26.2)):
        half = 5.6 + row * 1.15
        for x in (16 - half, 16, 16 + half):
            p.setBrush(_radial(x, y, 1.4, x - 0.4, y - 0.4, (0, "#ffffff"), (0.5, bump), (1, bump.darker(160))))
            p.drawEllipse(QPointF(x, y), 1.3, 1.3)
    _fill_path(p, _rounded(6, 27.8, 20, 2.6, 1), QColor("#2c2c30"), outline, 0.6)
    # shoulders with slats, and the two arms
    _fill_path(p, _rounded(10, 11.8, 12, 4.6, 1), QColor("#4a4a52"), outline, 0.8)
    p.setPen(_pen("#2a2a30", 0.6))
    for x in (12.5, 15, 17.5, 20):
        p.drawLine(QPointF(x, 12.4), QPointF(x, 15.8))
    p.setPen(_pen("#2a2a30", 1.0))
    p.drawLine(QPointF(10.5, 15), QPointF(5.5, 16.5))
    _fill_path(p, _circle(4.8, 16.7, 1.7), QColor("#1e1e22"))
    p.setPen(_pen("#2a2a30", 0.9))
    p.drawLine(QPointF(21.5, 15), QPointF(27, 16.2))
    # the dome, its ear lights and the eye stalk
    dome = QPainterPath()
    dome.moveTo(10.5, 12)
    dome.arcTo(QRectF(10.5, 5, 11, 14), 180, -180)
    dome.closeSubpath()
    _fill_path(p, dome, _linear(10, 5, 22, 12, (0, body.lighter(140)), (1, body.darker(130))), outline, 1.0)
    light_on = "#ffe27a"
    for x in (10.4, 21.6):
        _fill_path(p, _rounded(x - 1, 6.5, 2, 3, 0.8), QColor("#585860" if asleep else light_on), outline, 0.6)
    if asleep:
        p.setPen(_pen("#2a2a30", 1.0))
        p.drawLine(QPointF(17, 10), QPointF(23, 12.5))
        p.setPen(_pen("#1a1a1a", 0.9))
        p.setBrush(QColor("#9aa2b0"))
        p.drawEllipse(QPointF(23.8, 12.8), 1.7, 1.7)
        p.setPen(_pen("#1a1a1a", 0.7))
        p.drawLine(QPointF(22.3, 12.8), QPointF(25.3, 12.8))
        _sleep_zs(p, 21.5, -0.3, 0.95)
    else:
        p.setPen(_pen("#2a2a30", 1.0))
        p.drawLine(QPointF(17, 8.5), QPointF(24, 6))
        p.setPen(Qt.NoPen)
        p.setBrush(_radial(25, 5.6, 4, 25, 5.6, (0, _color("#6ad8ff", 200)), (1, _color("#6ad8ff", 0))))
        p.drawEllipse(QPointF(25, 5.6), 4, 4)
        _fill_path(p, _circle(25, 5.6, 1.9), _radial(25, 5.6, 1.9, 24.5, 5.1, (0, "#ffffff"), (1, "#22a8e8")),
                   "#0c2840", 0.7)


def _hugbot(p: QPainter, asleep: bool):
    body = QColor("#9fa7b8" if asleep else "#f0a0c8")
    outline = "#2a1424"
    _shadow(p, 16, 29.3, 10, 2.4, 110)
    # wheels
    for x in (11.2, 20.8):
        _fill_path(p, _rounded(x - 2.6, 25, 5.2, 4.6, 2), QColor("#2e2e34"), outline, 0.7)
    # body: a round-shouldered box with no arms (they hug by pushing)
    _fill_path(p, _rounded(8, 12.5, 16, 14, 5),
               _linear(8, 0, 24, 0, (0, body.lighter(118)), (0.45, body), (1, body.darker(135))), outline, 1.0)
    heart = QColor("#8a8f9c" if asleep else "#ff2f78")
    _fill_path(p, _heart_path(16, 19.6, 7.2), heart, heart.darker(200), 0.7)
    # antenna
    p.setPen(_pen(outline, 0.9))
    p.drawLine(QPointF(16, 4.5), QPointF(16, 1.8))
    _fill_path(p, _circle(16, 1.6, 1.3), QColor("#6a6a72" if asleep else "#ff4f9a"), outline, 0.6)
    # head with a screen face
    _fill_path(p, _rounded(9.5, 4, 13, 9.5, 3.2),
               _linear(9.5, 0, 22.5, 0, (0, body.lighter(118)), (1, body.darker(125))), outline, 1.0)
    _fill_path(p, _rounded(11, 5.5, 10, 6.5, 2.2), QColor("#2a2440"))
    if asleep:
        p.setPen(_pen("#c8d0ff", 0.9))
        p.drawLine(QPointF(12.6, 8.6), QPointF(14.8, 8.6))
        p.drawLine(QPointF(17.2, 8.6), QPointF(19.4, 8.6))
        _sleep_zs(p, 21.2, -0.5, 0.95)
    else:
        for x in (13.7, 18.3):
            _fill_path(p, _circle(x, 8.1, 1.35), QColor("#9ff0ff"))
        p.setPen(_pen("#9ff0ff", 0.8))
        p.setBrush(Qt.NoBrush)
        p.drawArc(QRectF(14, 8.4, 4, 2.4), 200 * 16, 140 * 16)


def _broken_bot(p: QPainter):
    """A wrecked robot: a slumped, torn body whose dome has fallen off, smoking."""
    outline = "#1e1a16"
    metal = QColor("#8e8a84")
    _shadow(p, 16, 29.3, 13, 2.6, 110)
    p.save()
    p.translate(14, 28.5)
    p.rotate(-10)
    skirt = QPainterPath()
    skirt.moveTo(-6, -12)
    skirt.lineTo(6, -12)
    skirt.lineTo(9, 0)
    skirt.lineTo(-9, 0)
    skirt.closeSubpath()
    _fill_path(p, skirt, _linear(-9, 0, 9, 0, (0, metal.lighter(125)), (0.5, metal), (1, metal.darker(160))),
               outline, 1.0)
    p.setPen(Qt.NoPen)
    for row, y in enumerate((-9.0, -5.5, -2.0)):
        half = 4.2 + row * 1.2
        for x in (-half, 0.0, half):
            p.setBrush(QColor("#5f5b55"))
            p.drawEllipse(QPointF(x, y), 1.2, 1.2)
    # a torn gash showing the dark inside
    tear = _poly((-1.5, -11.8), (2.5, -9), (0.5, -7.5), (3.5, -4), (0, -5.5), (-2.5, -8.5))
    p.setBrush(QColor("#1a1714"))
    p.drawPolygon(tear)
    _fill_path(p, _rounded(-10, -1, 20, 2.4, 1), QColor("#2c2a28"), outline, 0.6)
    # the broken neck, with a dangling eye stalk crossed out
    _fill_path(p, _rounded(-5.5, -15, 11, 3.6, 1), QColor("#4a4744"), outline, 0.8)
    stalk = QPainterPath(QPointF(3.5, -13.5))
    stalk.quadTo(9, -13, 9.5, -8.5)
    p.setBrush(Qt.NoBrush)
    p.setPen(_pen("#2a2724", 1.0))
    p.drawPath(stalk)
    p.setPen(_pen("#c02020", 0.9))
    p.drawLine(QPointF(8.3, -9.2), QPointF(10.9, -6.6))
    p.drawLine(QPointF(10.9, -9.2), QPointF(8.3, -6.6))
    p.restore()
    # the dome, fallen off and lying on its side
    p.save()
    p.translate(26, 24.5)
    p.rotate(75)
    dome = QPainterPath()
    dome.moveTo(-4.5, 1.5)
    dome.arcTo(QRectF(-4.5, -4.5, 9, 12), 180, -180)
    dome.closeSubpath()
    _fill_path(p, dome, _linear(-4, -4, 4, 2, (0, "#a8a49c"), (1, "#5e5a54")), outline, 0.9)
    p.restore()
    # sparks and smoke from the neck
    p.setPen(_pen("#ffd23a", 0.8))
    for dx, dy in ((-2.5, -2.5), (2.5, -2.8), (0, -3.6)):
        p.drawLine(QPointF(12, 13.5), QPointF(12 + dx, 13.5 + dy))
    p.setPen(Qt.NoPen)
    for x, y, r, a in ((10.5, 9.5, 2.6, 120), (8.8, 6, 2.1, 90), (10, 2.8, 1.6, 60)):
        p.setBrush(_color("#4e4e4e", a))
        p.drawEllipse(QPointF(x, y), r, r)


def _bomb(p: QPainter, fuse: int):
    _shadow(p, 16.5, 29, 10, 2.4, 120)
    _fill_path(p, _circle(16, 18.5, 10.2), _radial(16, 18.5, 10.2, 12.5, 14.5, (0, "#7a7a88"), (0.35, "#2c2c34"),
                                                   (1, "#050507")), "#000000", 0.8)
    _fill_path(p, _rounded(12.6, 6.2, 6.8, 3.6, 0.8), _linear(12, 0, 20, 0, (0, "#9a9aa4"), (1, "#4a4a52")),
               "#000000", 0.7)
    fuse_path = QPainterPath(QPointF(16.5, 6.4))
    fuse_path.cubicTo(17, 3, 20.5, 4.5, 22.5, 2.4)
    p.setBrush(Qt.NoBrush)
    p.setPen(_pen("#8a6a3a", 1.3))
    p.drawPath(fuse_path)
    # the spark
    p.setPen(Qt.NoPen)
    p.setBrush(_radial(23, 2.3, 3.4, 23, 2.3, (0, "#ffffff"), (0.3, "#ffe14a"), (1, _color("#ff6a00", 0))))
    p.drawEllipse(QPointF(23, 2.3), 3.4, 3.4)
    text = str(fuse)
    width = 9.5 if len(text) == 1 else 13.5
    _draw_text_fit(p, text, QRectF(16 - width / 2, 13.2, width, 10.6), "#ffffff", "#000000", 1.6)


def _player(p: QPainter):
    outline = QColor("#1a1208")
    skin = "#f3c9a0"
    _shadow(p, 16, 29.5, 8.5, 2.2, 120)
    # legs and shoes
    for x in (12.6, 17.4):
        _fill_path(p, _rounded(x - 0.1, 20.5, 2.3 + 0.2, 7.5, 1), QColor("#2f4c8c"), outline, 0.8)
        _fill_path(p, _rounded(x - 0.9, 27, 3.9, 2.2, 1), QColor("#3a2618"), outline, 0.7)
    # arms
    for x0, x1 in ((11, 8.2), (21, 23.8)):
        arm = QPainterPath(QPointF(x0, 14.5))
        arm.lineTo(x1, 20.5)
        p.setPen(_pen(outline, 3.4))
        p.drawPath(arm)
        p.setPen(_pen("#f08a24", 2.0))
        p.drawPath(arm)
        _fill_path(p, _circle(x1, 21.2, 1.3), QColor(skin), outline, 0.6)
    # torso: a bright shirt
    torso = _rounded(10.6, 12.5, 10.8, 10, 3)
    _fill_path(p, torso, _linear(10, 0, 22, 0, (0, "#ffb04a"), (1, "#d8660e")), outline, 1.0)
    p.setPen(_pen("#b24e06", 0.6))
    p.drawLine(QPointF(16, 14.5), QPointF(16, 21.8))
    # head
    _fill_path(p, _circle(16, 8.2, 5.2), _radial(16, 8.2, 5.2, 14.5, 6.8, (0, "#ffe2c4"), (1, skin)), outline, 1.0)
    hair = QPainterPath()
    hair.moveTo(10.9, 8)
    hair.cubicTo(10.5, 2.6, 21.5, 2.0, 21.1, 8)
    hair.cubicTo(19, 5.6, 14, 5.4, 10.9, 8)
    hair.closeSubpath()
    _fill_path(p, hair, QColor("#5a3416"), outline, 0.7)
    for x in (14.1, 17.9):
        _fill_path(p, _circle(x, 8.6, 0.8), QColor("#1a1208"))
    p.setPen(_pen("#8a3a1a", 0.6))
    p.setBrush(Qt.NoBrush)
    p.drawArc(QRectF(14.4, 9.2, 3.2, 2.2), 200 * 16, 140 * 16)


def _order_badge(p: QPainter, order: int):
    text = str(order)
    width = 8.5 if len(text) == 1 else 12
    _fill_path(p, _rounded(0.8, 0.8, width, 8.5, 2.2), _color("#101018", 200), _color("#ffffff", 220), 0.6)
    _draw_text_fit(p, text, QRectF(2.2, 2.4, width - 2.8, 5.3), "#ffffff")


def _bot_painter(kind: int) -> Painter:
    if is_bomb(kind):
        return lambda p: _bomb(p, kind - Bot.BOMB)
    return {
        Bot.BROKEN: _broken_bot,
        Bot.DALEK: lambda p: _dalek(p, asleep=False),
        Bot.HUGBOT: lambda p: _hugbot(p, asleep=False),
        Bot.DALEK_ASLEEP: lambda p: _dalek(p, asleep=True),
        Bot.HUGBOT_ASLEEP: lambda p: _hugbot(p, asleep=True),
    }.get(kind, _unknown)


# ---------------------------------------------------------------------------
# the public painter
# ---------------------------------------------------------------------------

class EscapeArt:
    """Draws Escape's tiles, bots and player into any rect, and caches pixmaps of them."""

    def __init__(self, cache_limit: int = 4096):
        self._pixmaps = PixmapCache(cache_limit)

    # -- vector drawing ------------------------------------------------------
    @staticmethod
    def _in_cell(painter: QPainter, rect: QRectF, paint: Painter) -> None:
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.translate(rect.topLeft())
        painter.scale(rect.width() / UNITS, rect.height() / UNITS)
        paint(painter)
        painter.restore()

    def draw_tile(self, painter: QPainter, rect: QRectF, tile: int) -> None:
        """Paint ``tile`` filling ``rect`` (opaque)."""
        self._in_cell(painter, QRectF(rect), TILE_PAINTERS.get(tile, _unknown))

    def draw_bot(self, painter: QPainter, rect: QRectF, kind: int, order: int | None = None) -> None:
        """Paint a bot or bomb (``kind`` as stored: 0..4, or 5 + fuse) over whatever is in ``rect``;
        ``order`` adds the bot's number in the top-left corner, for the editor."""
        def paint(p: QPainter):
            _bot_painter(kind)(p)
            if order is not None:
                _order_badge(p, order)
        self._in_cell(painter, QRectF(rect), paint)

    def draw_player(self, painter: QPainter, rect: QRectF) -> None:
        self._in_cell(painter, QRectF(rect), _player)

    # -- cached pixmaps ------------------------------------------------------
    def tile_pixmap(self, tile: int, size: int, dpr: float = 1.0) -> QPixmap:
        """``tile`` at ``size`` x ``size`` logical pixels (``dpr`` for high-DPI screens), cached."""
        return self._pixmaps.get(("tile", tile, size, dpr), size, dpr, lambda p, r: self.draw_tile(p, r, tile))

    def bot_pixmap(self, kind: int, size: int, order: int | None = None, dpr: float = 1.0) -> QPixmap:
        """A bot or bomb on a transparent background, cached."""
        return self._pixmaps.get(("bot", kind, order, size, dpr), size, dpr,
                                 lambda p, r: self.draw_bot(p, r, kind, order))

    def inset_pixmap(self, tile: int, size: int, dpr: float = 1.0) -> QPixmap:
        """A transparent cell with ``draw_other_layer_inset`` on it, cached: one blit per cell in the editor."""
        return self._pixmaps.get(("inset", tile, size, dpr), size, dpr,
                                 lambda p, r: self.draw_other_layer_inset(p, r, tile, round(r.width()), always=True))

    def faint_pixmap(self, tile: int, size: int, dpr: float = 1.0) -> QPixmap:
        """The tile at low opacity on a transparent cell, cached: a veil of the other layer."""
        def paint(p: QPainter, rect: QRectF):
            p.setOpacity(0.28)
            self.draw_tile(p, rect, tile)
        return self._pixmaps.get(("faint", tile, size, dpr), size, dpr, paint)

    def player_pixmap(self, size: int, dpr: float = 1.0) -> QPixmap:
        return self._pixmaps.get(("player", size, dpr), size, dpr, lambda p, r: self.draw_player(p, r))

    def item_pixmap(self, kind: str, value: int, size: int, dpr: float = 1.0) -> QPixmap:
        """A palette item's picture ("tile" or "bot"; a bot stands on floor so it reads as placed)."""
        if kind == "tile":
            return self.tile_pixmap(value, size, dpr)
        if kind == "player":
            picture = self.player_pixmap(size, dpr)
        else:
            picture = self.bot_pixmap(value, size, None, dpr)
        key = ("item", kind, value, size, dpr)

        def paint(p: QPainter, rect: QRectF):
            self.draw_tile(p, rect, T.FLOOR)
            p.drawPixmap(rect.toRect(), picture)
        return self._pixmaps.get(key, size, dpr, paint)

    def clear_cache(self) -> None:
        self._pixmaps.clear()

    # -- whole levels --------------------------------------------------------
    def render_level(self, level: EscapeLevel, layer: str | int = "normal", scale: int = 32,
                     show_other_layer: bool = False, show_bot_order: bool = False) -> QImage:
        """A picture of one layer of ``level`` at ``scale`` pixels per cell.

        Bots and the player stand on the normal layer; on the bizarro layer they
        are shown faintly only when ``show_other_layer`` is set, which also
        insets each cell's other-layer tile (when not plain floor) in its corner.
        ``show_bot_order`` numbers the bots from 1, as the editor's bots list does.
        """
        layer_index = BIZARRO if layer in ("bizarro", BIZARRO) else NORMAL
        scale = max(1, int(scale))
        image = QImage(level.width * scale, level.height * scale, QImage.Format_ARGB32_Premultiplied)
        image.fill(QColor("#000000"))
        painter = QPainter(image)
        tiles = level.layer(layer_index)
        other = level.layer(NORMAL if layer_index == BIZARRO else BIZARRO)
        for index, tile in enumerate(tiles):
            x, y = index % level.width, index // level.width
            painter.drawPixmap(x * scale, y * scale, self.tile_pixmap(tile, scale))
        if show_other_layer:
            self._draw_other_layer_insets(painter, level, other, scale)
        on_normal = layer_index == NORMAL
        if on_normal or show_other_layer:
            painter.setOpacity(1.0 if on_normal else 0.4)
            for number, bot in enumerate(level.bots):
                x, y = bot.cell % level.width, bot.cell // level.width
                painter.drawPixmap(x * scale, y * scale,
                                   self.bot_pixmap(bot.kind, scale, number + 1 if show_bot_order else None))
            px, py = level.player
            painter.drawPixmap(px * scale, py * scale, self.player_pixmap(scale))
        painter.end()
        return image

    def _draw_other_layer_insets(self, painter: QPainter, level: EscapeLevel, other: list[int], scale: int):
        for index, tile in enumerate(other):
            x, y = index % level.width, index // level.width
            self.draw_other_layer_inset(painter, QRectF(x * scale, y * scale, scale, scale), tile, scale)

    def draw_other_layer_inset(self, painter: QPainter, rect: QRectF, tile: int, device_size: int,
                               always: bool = False) -> None:
        """A small framed picture of the other layer's tile in the cell's bottom-right corner
        (nothing for plain floor, the usual case, to keep the view quiet, unless ``always``)."""
        if tile == T.FLOOR and not always:
            return
        fraction = 0.4
        inset_px = max(4, round(device_size * fraction))
        side = rect.width() * inset_px / device_size
        margin = rect.width() / 16
        box = QRectF(rect.right() - side - margin, rect.bottom() - side - margin, side, side)
        painter.drawPixmap(box, self.tile_pixmap(tile, inset_px), QRectF(0, 0, inset_px, inset_px))
        painter.save()
        painter.setPen(QPen(QColor("#ffffff"), 0))  # cosmetic: one device pixel at any zoom
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(box)
        painter.restore()


_DEFAULT_ART: EscapeArt | None = None


def default_art() -> EscapeArt:
    """The shared painter (one pixmap cache for the whole application)."""
    global _DEFAULT_ART
    if _DEFAULT_ART is None:
        _DEFAULT_ART = EscapeArt()
    return _DEFAULT_ART


def render_level(level: EscapeLevel, layer: str = "normal", scale: int = 32, show_other_layer: bool = False,
                 show_bot_order: bool = False) -> QImage:
    """The game-generic entry point used by ``studio render``."""
    return default_art().render_level(level, layer, scale, show_other_layer, show_bot_order)


# ---------------------------------------------------------------------------
# the editor's view of the art (studio.editor.cell_painter.CellPainter)
# ---------------------------------------------------------------------------

class EscapeCellPainter:
    """Paints Escape cells and entities for the editor scene, from ``EscapeArt``'s pixmap cache."""

    # Above this many device pixels a cell is drawn as vectors: the cache would
    # hold huge pixmaps, and at such zooms only a few cells are visible anyway.
    VECTOR_ABOVE = 256

    def __init__(self, art: EscapeArt | None = None):
        self.art = art or default_art()

    def paint_cell(self, painter: QPainter, rect: QRectF, level: EscapeLevel, index: int, layer: int,
                   device_size: int) -> None:
        tile = level.layer(layer)[index]
        if device_size > self.VECTOR_ABOVE:
            self.art.draw_tile(painter, rect, tile)
        else:
            blit(painter, rect, self.art.tile_pixmap(tile, device_size, device_pixel_ratio(painter)))

    def prepare(self, level: EscapeLevel, layer: int) -> None:
        """Before a repaint: find the bizarro layer's background, the tile it mostly holds.

        Levels fill the bizarro layer with floor or with wall; only what differs
        from that background is worth an inset, or every cell would carry one.
        """
        from collections import Counter

        self._bizarro_background = Counter(level.otiles).most_common(1)[0][0] if level.otiles else T.FLOOR

    def paint_ghost(self, painter: QPainter, rect: QRectF, level: EscapeLevel, index: int, layer: int,
                    device_size: int) -> None:
        """The other layer, faintly: editing the normal layer, bizarro tiles that stand out from
        their background as small corner insets; editing the bizarro layer, the whole normal
        layer as a faint veil, so the level's shape stays in view."""
        tile = level.layer(layer)[index]
        dpr = device_pixel_ratio(painter)
        if layer == NORMAL:
            blit(painter, rect, self.art.faint_pixmap(tile, device_size, dpr))
            return
        if tile == getattr(self, "_bizarro_background", T.FLOOR):
            return  # the usual case, and it draws nothing
        if device_size > self.VECTOR_ABOVE:
            self.art.draw_other_layer_inset(painter, rect, tile, device_size, always=True)
        else:
            blit(painter, rect, self.art.inset_pixmap(tile, device_size, dpr))

    def paint_entities(self, painter: QPainter, cell_rect, level: EscapeLevel, layer: int, device_size: int) -> None:
        """Bots (numbered from 1, as in the bots list) and the player; faint on the bizarro layer,
        where they do not stand but the designer still wants to see them."""
        painter.save()
        painter.setOpacity(1.0 if layer == NORMAL else 0.4)
        vector = device_size > self.VECTOR_ABOVE
        dpr = device_pixel_ratio(painter)
        for number, bot in enumerate(level.bots):
            rect = cell_rect(bot.cell)
            if vector:
                self.art.draw_bot(painter, rect, bot.kind, number + 1)
            else:
                blit(painter, rect, self.art.bot_pixmap(bot.kind, device_size, number + 1, dpr))
        rect = cell_rect(level.index(*level.player))
        if vector:
            self.art.draw_player(painter, rect)
        else:
            blit(painter, rect, self.art.player_pixmap(device_size, dpr))
        painter.restore()

    def entity_cells(self, level: EscapeLevel) -> list[int]:
        return [bot.cell for bot in level.bots] + [level.index(*level.player)]

    def item_pixmap(self, item, size: int) -> QPixmap:
        return self.art.item_pixmap(item.kind, item.value, size)

    def item_name(self, kind: str, value: int) -> str:
        if kind == "tile":
            return tile_name(value) if 0 <= value < NUM_TILES else f"Unknown tile {value}"
        if kind == "bot":
            return bot_name(value) if 0 <= value <= Bot.BOMB + 10 else f"Unknown bot {value}"
        return "Player start" if kind == "player" else f"{kind} {value}"

    def describe_cell(self, level: EscapeLevel, index: int) -> str:
        """E.g. "(3, 4) Panel -> (7, 2) | bizarro: Red block | bot 2: Dalek | player start"."""
        x, y = level.xy(index)
        tile, otile = level.tiles[index], level.otiles[index]
        parts = [f"({x}, {y}) {self.item_name('tile', tile)}"]
        if tile in LINKED_TILES or otile in LINKED_TILES:
            parts[0] += " -> ({}, {})".format(*level.xy(level.dests[index]))
        if otile != T.FLOOR:
            parts.append(f"bizarro: {self.item_name('tile', otile)}")
        number = level.bot_at(index)
        if number is not None:
            parts.append(f"bot {number + 1}: {self.item_name('bot', level.bots[number].kind)}")
        if level.index(*level.player) == index:
            parts.append("player start")
        return " | ".join(parts)


def make_cell_painter() -> EscapeCellPainter:
    """What the editor scene asks a game's view module for."""
    return EscapeCellPainter(default_art())


# ---------------------------------------------------------------------------
# the play-test board's painter (studio.core.playtest_adapter, "BoardPainter")
# ---------------------------------------------------------------------------

class EscapePlayPainter:
    """Draws an engine state (``engine.EscapeState``) on the play-test board, and the
    tween of a step: the player, bots and pushed blocks slide along their paths,
    a transporter blinks its passenger across, destroyed bots fade out."""

    # Past this many device pixels the whole tile layer is not cached as one pixmap.
    LAYER_CACHE_PIXELS = 16_000_000

    def __init__(self, art: EscapeArt | None = None):
        self.art = art or default_art()
        self._layers: OrderedDict[tuple, QPixmap] = OrderedDict()

    def board_rect(self, state) -> QRectF:
        return QRectF(0, 0, state.width * UNITS, state.height * UNITS)

    def cell_rect(self, state, cell: int) -> QRectF:
        return QRectF((cell % state.width) * UNITS, (cell // state.width) * UNITS, UNITS, UNITS)

    def _cell_xy_rect(self, x: float, y: float) -> QRectF:
        return QRectF(x * UNITS, y * UNITS, UNITS, UNITS)

    # -- the tiles ---------------------------------------------------------------
    def _tile_layer(self, state, size: int) -> QPixmap | None:
        if state.width * state.height * size * size > self.LAYER_CACHE_PIXELS:
            return None
        key = (state.tiles, state.width, size)
        layer = self._layers.get(key)
        if layer is None:
            layer = QPixmap(state.width * size, state.height * size)
            layer.fill(QColor("#000000"))
            p = QPainter(layer)
            for cell, tile in enumerate(state.tiles):
                p.drawPixmap((cell % state.width) * size, (cell // state.width) * size, self.art.tile_pixmap(tile, size))
            p.end()
            self._layers[key] = layer
            if len(self._layers) > 6:  # the states either side of the one shown, at a size or two
                self._layers.popitem(last=False)
        else:
            self._layers.move_to_end(key)
        return layer

    def _paint_tiles(self, painter: QPainter, state, size: int) -> None:
        layer = self._tile_layer(state, size)
        if layer is not None:
            blit(painter, self.board_rect(state), layer)
            return
        for cell, tile in enumerate(state.tiles):
            blit(painter, self.cell_rect(state, cell), self.art.tile_pixmap(tile, size))

    @staticmethod
    def _ground(state, cell: int) -> int:
        """What lies under a block on ``cell``: the panel its flags remember, else floor."""
        from studio.games.escape.engine.panels import HAS_PANEL, panel_under

        flags = state.flags[cell]
        return int(panel_under(flags)) if flags & HAS_PANEL else int(T.FLOOR)

    # -- sprites -------------------------------------------------------------------
    @staticmethod
    def _along(state, motion, progress: float) -> tuple[float, float]:
        """Where a sprite is, in cells, ``progress`` of the way along its motion's path."""
        path = motion.path
        steps = len(path) - 1
        if steps <= 0:
            return float(path[0] % state.width), float(path[0] // state.width)
        t = min(max(progress, 0.0), 1.0) * steps
        i = min(int(t), steps - 1)
        f = t - i
        a, b = path[i], path[i + 1]
        ax, ay, bx, by = a % state.width, a // state.width, b % state.width, b // state.width
        if i + 1 in motion.jumps:  # a transporter: no slide, the passenger blinks across
            return (float(ax), float(ay)) if f < 0.5 else (float(bx), float(by))
        return ax + (bx - ax) * f, ay + (by - ay) * f

    @staticmethod
    def _bot_art(kind: int, data: int) -> int:
        """A lit bomb is drawn with the fuse it has left."""
        return Bot.BOMB + data if kind >= Bot.BOMB and data >= 0 else kind

    def _paint_blast(self, painter: QPainter, rect: QRectF, strength: float) -> None:
        centre = rect.center()
        radius = rect.width() * (0.35 + 0.5 * strength)
        gradient = QRadialGradient(centre, radius)
        gradient.setColorAt(0.0, QColor(255, 250, 200, int(235 * strength)))
        gradient.setColorAt(0.4, QColor(255, 150, 40, int(200 * strength)))
        gradient.setColorAt(1.0, QColor(200, 40, 0, 0))
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, True)
        painter.setPen(Qt.NoPen)
        painter.setBrush(QBrush(gradient))
        painter.drawEllipse(centre, radius, radius)
        painter.restore()

    def paint(self, painter: QPainter, state, frame, device_cell: int) -> None:
        from studio.games.escape.engine.state import EXPLODED

        size = max(4, int(device_cell))
        self._paint_tiles(painter, state, size)
        progress = frame.progress if frame is not None else 1.0
        motions = {}
        if frame is not None:
            for motion in frame.motions:
                if isinstance(motion.sprite, tuple) and motion.sprite[0] == "tile":
                    end = motion.path[-1]
                    if state.tiles[end] not in (T.FLOOR, T.ELECTRIC):
                        blit(painter, self.cell_rect(state, end), self.art.tile_pixmap(self._ground(state, end), size))
                    x, y = self._along(state, motion, progress)
                    blit(painter, self._cell_xy_rect(x, y), self.art.tile_pixmap(motion.sprite[1], size))
                else:
                    motions[motion.sprite] = motion
        before_bots = frame.report.before.bots if frame is not None else ()
        for number, (kind, cell, data) in enumerate(state.bots):
            motion = motions.get(("bot", number))
            x, y = self._along(state, motion, progress) if motion else (cell % state.width, cell // state.width)
            rect = self._cell_xy_rect(x, y)
            if kind >= 0:
                blit(painter, rect, self.art.bot_pixmap(self._bot_art(kind, data), size, number + 1))
            elif kind == EXPLODED:  # a bomb that went off this turn
                self._paint_blast(painter, self.cell_rect(state, cell), progress)
            elif frame is not None and number < len(before_bots) and before_bots[number][0] >= 0:
                old_kind, _, old_data = before_bots[number]
                painter.save()
                painter.setOpacity(max(0.0, 1.0 - progress))
                blit(painter, rect, self.art.bot_pixmap(self._bot_art(old_kind, old_data), size, number + 1))
                painter.restore()
        motion = motions.get("player")
        x, y = self._along(state, motion, progress) if motion else (state.player % state.width, state.player // state.width)
        blit(painter, self._cell_xy_rect(x, y), self.art.player_pixmap(size))

    def paint_outcome(self, painter: QPainter, state, outcome) -> None:
        """A dead player is struck through in red; a winner glows gold."""
        rect = self.cell_rect(state, state.player)
        painter.save()
        painter.setRenderHint(QPainter.Antialiasing, True)
        centre = rect.center()
        if state.dead:
            gradient = QRadialGradient(centre, UNITS * 0.75)
            gradient.setColorAt(0.0, QColor(255, 40, 30, 150))
            gradient.setColorAt(1.0, QColor(255, 40, 30, 0))
            painter.setPen(Qt.NoPen)
            painter.setBrush(QBrush(gradient))
            painter.drawEllipse(centre, UNITS * 0.75, UNITS * 0.75)
            inset = UNITS * 0.2
            for pen in (_pen(QColor(0, 0, 0, 190), 5.5), _pen("#ff3b30", 3.2)):
                painter.setPen(pen)
                painter.drawLine(QPointF(rect.left() + inset, rect.top() + inset), QPointF(rect.right() - inset, rect.bottom() - inset))
                painter.drawLine(QPointF(rect.right() - inset, rect.top() + inset), QPointF(rect.left() + inset, rect.bottom() - inset))
        elif state.won:
            gradient = QRadialGradient(centre, UNITS * 0.9)
            gradient.setColorAt(0.55, QColor(255, 214, 10, 0))
            gradient.setColorAt(0.75, QColor(255, 214, 10, 170))
            gradient.setColorAt(1.0, QColor(255, 214, 10, 0))
            painter.setPen(Qt.NoPen)
            painter.setBrush(QBrush(gradient))
            painter.drawEllipse(centre, UNITS * 0.9, UNITS * 0.9)
        painter.restore()


def make_play_painter() -> EscapePlayPainter:
    """The play-test's BoardPainter for Escape (see studio.core.playtest_adapter)."""
    return EscapePlayPainter(default_art())

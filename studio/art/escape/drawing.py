"""The design grid of Escape's art and the drawing helpers every picture uses: pens,
paths and gradients in design units, text fitted to a box, and the surfaces tiles are
built on (bricks, the floor, bevelled blocks, coloured floors).

Each picture is designed on a 32x32 grid of "units" and scaled to the cell it is
drawn in, so it stays crisp at any zoom.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush, QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPen, QPolygonF, QRadialGradient, QTransform,
)


UNITS = 32.0  # the design grid: every drawing below works in a 32x32 box
FULL = QRectF(0, 0, UNITS, UNITS)

Painter = Callable[[QPainter], None]


# ---------------------------------------------------------------------------
# small drawing helpers (all in design units)
# ---------------------------------------------------------------------------

def qcolor(spec: str, alpha: int = 255) -> QColor:
    color = QColor(spec)
    color.setAlpha(alpha)
    return color


def round_pen(color: QColor | str, width: float, cap=Qt.RoundCap, join=Qt.RoundJoin) -> QPen:
    pen = QPen(QColor(color) if isinstance(color, str) else color, width)
    pen.setCapStyle(cap)
    pen.setJoinStyle(join)
    return pen


def polygon(*points: tuple[float, float]) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in points])


def fill_path(p: QPainter, path: QPainterPath, brush, outline: QColor | str | None = None, width: float = 1.0):
    if outline is not None:
        p.strokePath(path, round_pen(outline, width))
    p.fillPath(path, brush if isinstance(brush, QBrush) else QBrush(brush))


def circle_path(cx: float, cy: float, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(cx, cy), r, r)
    return path


def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(QRectF(x, y, w, h), r, r)
    return path


def linear_gradient(x1, y1, x2, y2, *stops: tuple[float, QColor | str]) -> QBrush:
    grad = QLinearGradient(x1, y1, x2, y2)
    for at, color in stops:
        grad.setColorAt(at, QColor(color))
    return QBrush(grad)


def radial_gradient(cx, cy, r, fx, fy, *stops: tuple[float, QColor | str]) -> QBrush:
    grad = QRadialGradient(QPointF(cx, cy), r, QPointF(fx, fy))
    for at, color in stops:
        grad.setColorAt(at, QColor(color))
    return QBrush(grad)


_TEXT_PATHS: dict[str, QPainterPath] = {}


def text_path(text: str) -> QPainterPath:
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


def draw_text_fit(p: QPainter, text: str, box: QRectF, fill, outline=None, outline_width: float = 1.0):
    """Text as a vector path, centred and scaled to fit ``box`` (so it survives any zoom)."""
    path = text_path(text)
    bounds = path.boundingRect()
    if bounds.isEmpty():
        return
    scale = min(box.width() / bounds.width(), box.height() / bounds.height())
    transform = QTransform()
    transform.translate(box.center().x(), box.center().y())
    transform.scale(scale, scale)
    transform.translate(-bounds.center().x(), -bounds.center().y())
    fill_path(p, transform.map(path), QColor(fill) if isinstance(fill, str) else fill, outline, outline_width)


def heart_path(cx: float, cy: float, w: float) -> QPainterPath:
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


def drop_shadow(p: QPainter, cx: float, cy: float, rx: float, ry: float, alpha: int = 70):
    p.setPen(Qt.NoPen)
    p.setBrush(radial_gradient(cx, cy, rx, cx, cy, (0, qcolor("#000000", alpha)), (1, qcolor("#000000", 0))))
    p.save()
    p.translate(cx, cy)
    p.scale(1, ry / rx)
    p.drawEllipse(QPointF(0, 0), rx, rx)
    p.restore()


# ---------------------------------------------------------------------------
# surfaces
# ---------------------------------------------------------------------------

def bricks(p: QPainter, base: str, mortar: str, light: str, rows: int, brick_w: float, mortar_w: float):
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


def speckle(p: QPainter, color: QColor, count: int, seed: int, radius: float = 0.45):
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


def paint_floor(p: QPainter):
    bricks(p, "#c8c8c2", "#a2a29c", "#d9d9d4", rows=4, brick_w=16, mortar_w=1.1)


def fine_bricks(p: QPainter, base: str, mortar: str, light: str, grain: QColor):
    bricks(p, base, mortar, light, rows=8, brick_w=8, mortar_w=0.8)
    speckle(p, grain, 46, seed=7)


def paint_rough(p: QPainter):
    fine_bricks(p, "#b3ada2", "#8f897e", "#c7c1b6", qcolor("#6f695e", 150))


def bevel_block(p: QPainter, face: str, bevel: float = 3.2, rect: QRectF = FULL, shine: bool = True):
    """A raised square block lit from the top left: light and dark bevels around a face."""
    base = QColor(face)
    r = rect
    left, top, right, bottom = r.left(), r.top(), r.right(), r.bottom()
    p.setPen(Qt.NoPen)
    p.setBrush(base.darker(185))
    p.drawRect(r)
    p.setBrush(base.lighter(150))
    p.drawPolygon(polygon((left, top), (right, top), (right - bevel, top + bevel), (left + bevel, top + bevel),
                        (left + bevel, bottom - bevel), (left, bottom)))
    # the right and bottom bevels differ a little, as a face turned from the light does
    p.setBrush(base.darker(135))
    p.drawPolygon(polygon((right, top), (right, bottom), (right - bevel, bottom - bevel), (right - bevel, top + bevel)))
    inner = r.adjusted(bevel, bevel, -bevel, -bevel)
    if shine:
        p.setBrush(linear_gradient(inner.left(), inner.top(), inner.right(), inner.bottom(),
                           (0, base.lighter(112)), (1, base.darker(112))))
    else:
        p.setBrush(base)
    p.drawRect(inner)


def tinted_fine(base: QColor) -> tuple[str, str, str, QColor]:
    grain = base.darker(135)
    grain.setAlpha(140)
    return base.name(), base.darker(125).name(), base.lighter(115).name(), grain


COLOURS = {
    # (block / sphere colour, floor-down tint, floor-up tint)
    "blue": ("#3d6fd6", "#8aa2cf", "#5a82d8"),
    "red": ("#d8413a", "#cf9088", "#d8625a"),
    "green": ("#3fae49", "#8fc290", "#55b65c"),
}


def floor_down(colour: str) -> Painter:
    def paint(p: QPainter):
        fine_bricks(p, *tinted_fine(QColor(COLOURS[colour][1])))
    return paint


def floor_up(colour: str) -> Painter:
    """A coloured floor raised into a wall: the textured floor lifted on bevels with a ledge shadow."""
    def paint(p: QPainter):
        tint = QColor(COLOURS[colour][2])
        bevel_block(p, tint.name(), bevel=4.0)
        p.save()
        face = QRectF(4, 4, 24, 24)
        p.setClipRect(face)
        p.translate(4, 4)
        p.scale(24 / UNITS, 24 / UNITS)
        fine_bricks(p, *tinted_fine(tint.lighter(108)))
        p.restore()
        p.setPen(round_pen(tint.darker(170), 0.7))
        p.setBrush(Qt.NoBrush)
        p.drawRect(QRectF(4, 4, 24, 24))
    return paint



# -- pieces several tiles and bots share

def blue_base(p: QPainter):
    bevel_block(p, "#2f55b8", bevel=3.4)


def sleep_marks(p: QPainter, x: float, y: float, size: float):
    draw_text_fit(p, "z", QRectF(x, y + 5.5 * size, 4 * size, 4 * size), "#ffffff", "#1a1a30", 1.4 * size)
    draw_text_fit(p, "Z", QRectF(x + 4 * size, y, 6 * size, 6 * size), "#ffffff", "#1a1a30", 1.6 * size)


def panel_disc(p: QPainter, fill: str, rim: str, radius: float = 9.5):
    p.setPen(Qt.NoPen)
    p.setBrush(qcolor("#000000", 60))
    p.drawEllipse(QPointF(16.6, 16.8), radius + 0.6, radius + 0.6)
    fill_path(p, circle_path(16, 16, radius), QColor(rim), "#3a3a3a", 0.8)
    p.setBrush(radial_gradient(16, 16, radius - 2, 13, 12.5, (0, QColor(fill).lighter(135)), (1, QColor(fill))))
    p.drawEllipse(QPointF(16, 16), radius - 2.2, radius - 2.2)


def unknown_tile(p: QPainter):
    p.fillRect(FULL, QColor("#ff00ff"))
    draw_text_fit(p, "?", QRectF(9, 5, 14, 22), "#ffffff", "#000000", 1.2)

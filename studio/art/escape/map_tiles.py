"""The tiles of the map itself, drawn in design units (qt.drawing): walls and blocks,
gold, the exit and doors, holes, panels, arrows, sliders, digits, spheres, trap doors
and steel. ``MAP_TILES`` maps each tile to its painter."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF

from studio.art.escape.drawing import (
    COLOURS, FULL, Painter, bevel_block, blue_base, draw_text_fit, drop_shadow, fill_path, floor_down, floor_up,
    heart_path, linear_gradient, paint_floor, paint_rough, panel_disc, polygon, qcolor, radial_gradient, round_pen,
    rounded_rect, sleep_marks,
)
from studio.games.escape.tiles import T


# ---------------------------------------------------------------------------
# tiles
# ---------------------------------------------------------------------------

def _plain_block(face: str) -> Painter:
    def paint(p: QPainter):
        bevel_block(p, face)
    return paint


def _blue_wall(p: QPainter):
    bevel_block(p, "#2f55b8", bevel=3.4)
    # an engraved inner square reads as a heavy wall stone, unlike the flat coloured floors
    p.setBrush(Qt.NoBrush)
    p.setPen(round_pen("#1d3a86", 0.9))
    p.drawRect(QRectF(7.5, 7.5, 17, 17))
    p.setPen(round_pen("#6f92e6", 0.7))
    p.drawLine(QPointF(8.2, 25.2), QPointF(25.2, 25.2))
    p.drawLine(QPointF(25.2, 8.2), QPointF(25.2, 25.2))


def _gold(p: QPainter):
    p.setPen(Qt.NoPen)
    p.setBrush(QColor("#7d5a00"))
    p.drawRect(FULL)
    p.setBrush(QColor("#fff0a0"))
    p.drawPolygon(polygon((0, 0), (32, 0), (28.8, 3.2), (3.2, 3.2), (3.2, 28.8), (0, 32)))
    p.setBrush(QColor("#b88700"))
    p.drawPolygon(polygon((32, 0), (32, 32), (28.8, 28.8), (28.8, 3.2)))
    p.setBrush(linear_gradient(3, 3, 29, 29, (0, "#ffe680"), (0.45, "#f2c230"), (1, "#c99300")))
    p.drawRect(QRectF(3.2, 3.2, 25.6, 25.6))
    _sparkle(p, 10.5, 10.5, 4.2)


def _sparkle(p: QPainter, cx: float, cy: float, r: float):
    path = QPainterPath()
    path.moveTo(cx, cy - r)
    path.quadTo(cx, cy, cx + r, cy)
    path.quadTo(cx, cy, cx, cy + r)
    path.quadTo(cx, cy, cx - r, cy)
    path.quadTo(cx, cy, cx, cy - r)
    p.fillPath(path, qcolor("#ffffff", 230))


def _broken(p: QPainter):
    bevel_block(p, "#a3a3a0")
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
    p.setPen(round_pen("#d6d6d2", 0.8))
    p.drawPath(crack)
    p.restore()
    p.setPen(round_pen("#3c3c3a", 1.1))
    p.drawPath(crack)
    # a missing chip in a corner
    p.setPen(Qt.NoPen)
    p.setBrush(QColor("#5e5e5b"))
    p.drawPolygon(polygon((28.8, 3.2), (28.8, 9), (25.5, 6.5), (24, 3.2)))


def _hole(p: QPainter):
    p.fillRect(FULL, QColor("#0b0b0d"))
    p.setPen(Qt.NoPen)
    # the far walls of the pit catch light: bottom and right inner faces
    p.setBrush(linear_gradient(0, 32, 0, 24, (0, "#4a4a48"), (1, "#0b0b0d")))
    p.drawPolygon(polygon((0, 32), (32, 32), (26, 25), (6, 25)))
    p.setBrush(linear_gradient(32, 0, 25, 0, (0, "#33332f"), (1, "#0b0b0d")))
    p.drawPolygon(polygon((32, 0), (32, 32), (26, 25), (26, 6)))
    p.setBrush(radial_gradient(16, 15, 10, 16, 15, (0, "#000000"), (1, qcolor("#000000", 0))))
    p.drawEllipse(QPointF(16, 15), 10, 10)


def _black(p: QPainter):
    p.fillRect(FULL, QColor("#000000"))


def _exit(p: QPainter):
    paint_floor(p)
    _doorway(p)
    # interior: a shaft going down, with a ladder
    p.setPen(Qt.NoPen)
    p.setBrush(linear_gradient(0, 7, 0, 29, (0, "#2b2118"), (1, "#050403")))
    p.drawPath(_door_opening())
    p.save()
    p.setClipPath(_door_opening())
    rail = round_pen("#f0c860", 1.6, cap=Qt.FlatCap)
    p.setPen(rail)
    p.drawLine(QPointF(12.3, 6), QPointF(12.3, 30))
    p.drawLine(QPointF(19.7, 6), QPointF(19.7, 30))
    for y in (10.5, 15, 19.5, 24, 28.5):
        p.setPen(round_pen("#ffe08a", 1.5, cap=Qt.FlatCap))
        p.drawLine(QPointF(12.3, y), QPointF(19.7, y))
    # light rising from the way out
    p.setBrush(linear_gradient(0, 30, 0, 14, (0, qcolor("#7dff8a", 120)), (1, qcolor("#7dff8a", 0))))
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
    drop_shadow(p, 16.5, 30.5, 13, 2.5, 90)
    fill_path(p, frame, linear_gradient(5, 2, 27, 30, (0, "#9c6a3a"), (1, "#5a3618")), "#2e1a0a", 1.0)


def _sleeping_door(p: QPainter):
    paint_floor(p)
    _doorway(p)
    opening = _door_opening()
    fill_path(p, opening, linear_gradient(9, 4, 23, 30, (0, "#6c7890"), (1, "#3b4459")))
    p.save()
    p.setClipPath(opening)
    p.setPen(round_pen("#2d3446", 0.8))
    for x in (12.5, 16, 19.5):
        p.drawLine(QPointF(x, 3), QPointF(x, 30))
    p.restore()
    # a heart-shaped keyhole: the door wakes when the hearts are all framed
    fill_path(p, heart_path(16, 19, 5.5), QColor("#ff6fae"), "#3b1020", 0.8)
    sleep_marks(p, 20.5, 2.0, 1.0)


def _panel(fill: str, rim: str) -> Painter:
    def paint(p: QPainter):
        paint_floor(p)
        panel_disc(p, fill, rim)
    return paint


def _stop(p: QPainter):
    blue_base(p)
    octagon = QPolygonF([QPointF(16 + 11 * math.cos(math.radians(22.5 + 45 * k)),
                                 16 + 11 * math.sin(math.radians(22.5 + 45 * k))) for k in range(8)])
    p.setPen(round_pen("#ffffff", 1.3))
    p.setBrush(QColor("#d42020"))
    p.drawPolygon(octagon)
    draw_text_fit(p, "STOP", QRectF(8.4, 13, 15.2, 6), "#ffffff")


def _arrow_wall(direction: str) -> Painter:
    angle = {"right": 0, "down": 90, "left": 180, "up": 270}[direction]

    def paint(p: QPainter):
        blue_base(p)
        arrow = polygon((-9, -3.5), (1, -3.5), (1, -9), (10, 0), (1, 9), (1, 3.5), (-9, 3.5))
        p.save()
        p.translate(16, 16)
        p.rotate(angle)
        p.setPen(round_pen("#142a66", 1.4))
        p.setBrush(linear_gradient(0, -9, 0, 9, (0, "#ffffff"), (1, "#c9d6ff")))
        p.drawPolygon(arrow)
        p.restore()
    return paint


def _slider(horizontal: bool) -> Painter:
    def paint(p: QPainter):
        bevel_block(p, "#9b86cc")
        arrow = polygon((-11, 0), (-5, -6), (-5, -2.6), (5, -2.6), (5, -6), (11, 0), (5, 6), (5, 2.6), (-5, 2.6), (-5, 6))
        p.save()
        p.translate(16, 16)
        if not horizontal:
            p.rotate(90)
        p.setPen(round_pen("#352660", 1.3))
        p.setBrush(QColor("#ffffff"))
        p.drawPolygon(arrow)
        p.restore()
    return paint


def _digit_block(digit: str) -> Painter:
    def paint(p: QPainter):
        bevel_block(p, "#4a5361")
        fill_path(p, rounded_rect(7.5, 5.5, 17, 21, 2.5), QColor("#1d2229"))
        draw_text_fit(p, digit, QRectF(10, 8, 12, 16), "#b9f56a", "#2e5a10", 1.2)
    return paint


def _sphere(colour: str) -> Painter:
    def paint(p: QPainter):
        paint_floor(p)
        drop_shadow(p, 17.5, 26.5, 10, 3.2, 110)
        base = QColor(colour)
        p.setPen(round_pen(base.darker(260), 0.8))
        p.setBrush(radial_gradient(16, 16, 11, 12, 11, (0, "#ffffff"), (0.18, base.lighter(150)),
                           (0.65, base), (1, base.darker(210))))
        p.drawEllipse(QPointF(16, 16), 10.5, 10.5)
        p.setPen(Qt.NoPen)
        p.setBrush(qcolor("#ffffff", 210))
        p.drawEllipse(QPointF(12.2, 11.2), 2.2, 1.5)
    return paint


def _trap_door() -> QPainterPath:
    path = QPainterPath()
    path.addRect(QRectF(5, 5, 22, 22))
    return path


def _trap_hidden(p: QPainter):
    paint_floor(p)
    # faint seams only: the designer can see the trap, a player would barely notice
    pen = round_pen(qcolor("#8a8a84", 200), 0.8, cap=Qt.FlatCap)
    pen.setDashPattern([2.5, 2.0])
    p.setPen(pen)
    p.setBrush(Qt.NoBrush)
    p.drawPath(_trap_door())
    p.setPen(round_pen(qcolor("#8a8a84", 200), 0.6))
    p.drawLine(QPointF(9, 9), QPointF(12, 12))
    p.drawLine(QPointF(23, 23), QPointF(20, 20))


def _trap(p: QPainter):
    paint_floor(p)
    fill_path(p, _trap_door(), linear_gradient(5, 5, 27, 27, (0, "#9d9a92"), (1, "#7e7b73")), "#2c2a26", 1.1)
    p.setPen(round_pen("#3a3833", 1.0))
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
    p.setBrush(qcolor("#000000", 150))
    p.drawEllipse(QPointF(16, 16), 2.6, 2.6)


def _steel(face: str) -> Painter:
    def paint(p: QPainter):
        base = QColor(face)
        bevel_block(p, face, bevel=2.4)
        p.setPen(Qt.NoPen)
        p.setBrush(linear_gradient(2.4, 2.4, 29.6, 29.6, (0, base.lighter(135)), (0.5, base), (0.52, base.darker(108)),
                           (1, base.darker(125))))
        p.drawRect(QRectF(2.4, 2.4, 27.2, 27.2))
        # brushed metal grain
        p.setPen(round_pen(qcolor("#ffffff", 45), 0.5, cap=Qt.FlatCap))
        for y in range(5, 29, 3):
            p.drawLine(QPointF(3, y), QPointF(29, y))
        for cx, cy in ((6.5, 6.5), (25.5, 6.5), (6.5, 25.5), (25.5, 25.5)):
            p.setPen(Qt.NoPen)
            p.setBrush(qcolor("#000000", 90))
            p.drawEllipse(QPointF(cx + 0.5, cy + 0.6), 2.0, 2.0)
            p.setBrush(radial_gradient(cx, cy, 2.0, cx - 0.7, cy - 0.7, (0, "#ffffff"), (0.5, base.lighter(120)),
                               (1, base.darker(160))))
            p.drawEllipse(QPointF(cx, cy), 1.9, 1.9)
    return paint


MAP_TILES: dict[int, Painter] = {
    T.FLOOR: paint_floor,
    T.RED: _plain_block(COLOURS["red"][0]),
    T.BLUE: _blue_wall,
    T.GREY: _plain_block("#9c9c98"),
    T.GREEN: _plain_block(COLOURS["green"][0]),
    T.EXIT: _exit,
    T.HOLE: _hole,
    T.GOLD: _gold,
    T.PANEL: _panel("#9a9a96", "#6c6c68"),
    T.STOP: _stop,
    T.RIGHT: _arrow_wall("right"),
    T.LEFT: _arrow_wall("left"),
    T.UP: _arrow_wall("up"),
    T.DOWN: _arrow_wall("down"),
    T.ROUGH: paint_rough,
    T.BROKEN: _broken,
    T.LR: _slider(horizontal=True),
    T.UD: _slider(horizontal=False),
    T.ZERO: _digit_block("0"),
    T.ONE: _digit_block("1"),
    T.BLACK: _black,
    T.BUP: floor_up("blue"),
    T.BDOWN: floor_down("blue"),
    T.RUP: floor_up("red"),
    T.RDOWN: floor_down("red"),
    T.GUP: floor_up("green"),
    T.GDOWN: floor_down("green"),
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
    T.SLEEPINGDOOR: _sleeping_door,
}

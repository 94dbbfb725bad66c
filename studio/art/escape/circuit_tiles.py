"""The tiles of Escape's circuits, drawn in design units (qt.drawing): the laser,
electric floor, switches, transporters, wires, buttons, lights, heart framers,
transponders and remotes. ``CIRCUIT_TILES`` maps each tile to its painter."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from studio.art.escape.drawing import (
    FULL, Painter, bevel_block, blue_base, circle_path, drop_shadow, fill_path, heart_path, linear_gradient,
    paint_floor, panel_disc, polygon, qcolor, radial_gradient, round_pen,
)
from studio.games.escape.tiles import T


def _laser(p: QPainter):
    bevel_block(p, "#45454e", bevel=3)
    p.setPen(Qt.NoPen)
    # nozzles on all four sides: a laser shoots every way
    p.setBrush(QColor("#8b8b96"))
    for rect in (QRectF(13, 0.5, 6, 4), QRectF(13, 27.5, 6, 4), QRectF(0.5, 13, 4, 6), QRectF(27.5, 13, 4, 6)):
        p.drawRect(rect)
    p.setBrush(QColor("#ff3a2e"))
    for rect in (QRectF(14.5, 0.5, 3, 1.6), QRectF(14.5, 29.9, 3, 1.6), QRectF(0.5, 14.5, 1.6, 3), QRectF(29.9, 14.5, 1.6, 3)):
        p.drawRect(rect)
    p.setBrush(radial_gradient(16, 16, 12, 16, 16, (0, qcolor("#ff4030", 170)), (1, qcolor("#ff4030", 0))))
    p.drawEllipse(QPointF(16, 16), 12, 12)
    fill_path(p, circle_path(16, 16, 7.5), QColor("#22222a"))
    p.setBrush(radial_gradient(16, 16, 6, 14.2, 14.2, (0, "#fff4f0"), (0.35, "#ff5a4a"), (0.85, "#b0100a"), (1, "#600000")))
    p.drawEllipse(QPointF(16, 16), 6, 6)


def _electric(p: QPainter):
    p.fillRect(FULL, QColor("#ffe41a"))
    p.setPen(Qt.NoPen)
    p.setBrush(QColor("#f7cf00"))
    for k in range(-4, 5):
        x = k * 8
        p.drawPolygon(polygon((x, 0), (x + 4, 0), (x + 36, 32), (x + 32, 32)))
    bolt = QPainterPath()
    bolt.moveTo(4, 2)
    bolt.lineTo(12, 11)
    bolt.lineTo(8.5, 13)
    bolt.lineTo(20, 22)
    bolt.lineTo(16.5, 23.5)
    bolt.lineTo(29, 31)
    p.setBrush(Qt.NoBrush)
    p.setPen(round_pen("#ff8a00", 2.6))
    p.drawPath(bolt)
    p.setPen(round_pen("#fffbe0", 0.9))
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
    p.setPen(round_pen("#ff9a00", 1.4))
    p.drawPath(spark)


def _power_symbol(p: QPainter, colour: str, width: float):
    p.setBrush(Qt.NoBrush)
    p.setPen(round_pen(colour, width))
    p.drawArc(QRectF(11.5, 11.5, 9, 9), 120 * 16, -240 * 16)
    p.drawLine(QPointF(16, 10), QPointF(16, 16))


def _switch_on(p: QPainter):
    blue_base(p)
    p.setPen(Qt.NoPen)
    p.setBrush(radial_gradient(16, 16, 12.5, 16, 16, (0, qcolor("#7dff6e", 200)), (1, qcolor("#7dff6e", 0))))
    p.drawEllipse(QPointF(16, 16), 12.5, 12.5)
    fill_path(p, circle_path(16, 16, 8.5), QColor("#1b3a1b"))
    p.setBrush(radial_gradient(16, 16, 7.5, 13.5, 13, (0, "#e8ffd8"), (0.4, "#5ee84a"), (1, "#1f8a22")))
    p.drawEllipse(QPointF(16, 16), 7.5, 7.5)
    _power_symbol(p, "#0d4010", 1.6)


def _switch_off(p: QPainter):
    blue_base(p)
    fill_path(p, circle_path(16, 16, 8.5), QColor("#151c30"))
    p.setBrush(radial_gradient(16, 16, 7.5, 18, 18.5, (0, "#6a5656"), (1, "#2c2222")))
    p.setPen(Qt.NoPen)
    p.drawEllipse(QPointF(16, 16), 7.5, 7.5)
    _power_symbol(p, "#9c8a8a", 1.4)


def _transport(p: QPainter):
    paint_floor(p)
    fill_path(p, circle_path(16, 16, 12.5), QColor("#231640"), "#120a24", 1.0)
    p.setPen(Qt.NoPen)
    p.setBrush(radial_gradient(16, 16, 11, 16, 16, (0, "#ffffff"), (0.25, "#8ff5ff"), (0.6, "#7a3cff"), (1, "#2a1458")))
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
    p.setPen(round_pen(qcolor("#ffffff", 190), 1.1))
    p.drawPath(swirl)


WIRE_BASE = "#3b4048"
WIRE_EDGES = {"N": QPointF(16, 0), "S": QPointF(16, 32), "W": QPointF(0, 16), "E": QPointF(32, 16)}


def _wire_stroke(p: QPainter, path: QPainterPath, lit: bool = False):
    """A copper wire as a tube: dark sheath, copper core, highlight; ends flat at the cell edge."""
    p.setBrush(Qt.NoBrush)
    p.setPen(round_pen("#1d1208", 5.6, cap=Qt.FlatCap))
    p.drawPath(path)
    p.setPen(round_pen("#ffb347" if lit else "#d9822b", 3.6, cap=Qt.FlatCap))
    p.drawPath(path)
    p.setPen(round_pen("#ffd49a", 1.0, cap=Qt.FlatCap))
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
        bevel_block(p, WIRE_BASE, bevel=2.6)
        _wire_stroke(p, _wire_path(ends))
    return paint


def _crossover(p: QPainter):
    bevel_block(p, WIRE_BASE, bevel=2.6)
    _wire_stroke(p, _wire_path("NS"))
    # west-east hops over the north-south wire, as in a circuit diagram
    hop = QPainterPath(QPointF(0, 16))
    hop.lineTo(9.5, 16)
    hop.arcTo(QRectF(9.5, 9.5, 13, 13), 180, -180)
    hop.lineTo(32, 16)
    p.setBrush(Qt.NoBrush)
    p.setPen(round_pen(WIRE_BASE, 8.5, cap=Qt.FlatCap))
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
        p.drawPolygon(polygon((x, 0), (x + 3.5, 0), (x + 35.5, 32), (x + 32, 32)))
    p.restore()
    p.setPen(round_pen("#3a2a00", 0.8))
    p.setBrush(Qt.NoBrush)
    p.drawRect(QRectF(0.4, 0.4, 31.2, 31.2))
    bevel_block(p, "#ff6fb0", bevel=2.2, rect=QRectF(7, 7, 18, 18))


def _light(colour: str) -> Painter:
    glow = {"blue": "#4f8dff", "red": "#ff4a3d", "green": "#4ee85a"}[colour]

    def paint(p: QPainter):
        bevel_block(p, WIRE_BASE, bevel=2.6)
        base = QColor(glow)
        p.setPen(Qt.NoPen)
        halo = QColor(base)
        halo.setAlpha(150)
        p.setBrush(radial_gradient(16, 16, 13, 16, 16, (0, halo), (1, qcolor(glow, 0))))
        p.drawEllipse(QPointF(16, 16), 13, 13)
        fill_path(p, circle_path(16, 16, 9), linear_gradient(7, 7, 25, 25, (0, "#d8d8d8"), (1, "#6a6a6a")), "#1a1a1a", 0.8)
        p.setBrush(radial_gradient(16, 16, 7, 13.5, 13, (0, "#ffffff"), (0.35, base.lighter(130)), (1, base.darker(170))))
        p.drawEllipse(QPointF(16, 16), 7, 7)
    return paint


def _heart_framer(p: QPainter):
    paint_floor(p)
    drop_shadow(p, 17, 28.5, 12, 2.5, 80)
    bevel_block(p, "#b08030", bevel=2.6, rect=QRectF(5, 4, 22, 24))
    p.fillRect(QRectF(7.6, 6.6, 16.8, 18.8), QColor("#fff2f6"))
    fill_path(p, heart_path(16, 16.3, 12.5), linear_gradient(10, 10, 22, 22, (0, "#ff8cc6"), (1, "#e8287d")), "#7a1040", 0.9)
    p.setPen(Qt.NoPen)
    p.setBrush(qcolor("#ffffff", 200))
    p.drawEllipse(QPointF(12.8, 13.3), 1.6, 1.1)


def _transponder(p: QPainter):
    bevel_block(p, "#7d8fa8")
    p.setBrush(Qt.NoBrush)
    for angle in (0, 90, 180, 270):
        p.save()
        p.translate(16, 16)
        p.rotate(angle)
        for radius, alpha in ((8.0, 255), (11.5, 170)):
            p.setPen(round_pen(qcolor("#7ff0ff", alpha), 1.2))
            p.drawArc(QRectF(-radius, -radius, 2 * radius, 2 * radius), -28 * 16, 56 * 16)
        p.restore()
    fill_path(p, circle_path(16, 16, 5), linear_gradient(11, 11, 21, 21, (0, "#39465a"), (1, "#161c26")), "#0d1118", 0.8)
    p.setPen(Qt.NoPen)
    p.setBrush(radial_gradient(16, 16, 2.8, 15, 15, (0, "#e8ffff"), (1, "#19b8d4")))
    p.drawEllipse(QPointF(16, 16), 2.6, 2.6)


def _remote(p: QPainter):
    paint_floor(p)
    for ends in ("NS", "WE"):
        _wire_stroke(p, _wire_path(ends))
    panel_disc(p, "#9a9aa8", "#55556a", radius=10)
    bolt = polygon((17.5, 9.5), (12, 17), (15.5, 17), (14, 22.5), (20, 14.8), (16.4, 14.8))
    p.setPen(round_pen("#5a3a00", 0.9))
    p.setBrush(QColor("#ffe41a"))
    p.drawPolygon(bolt)


CIRCUIT_TILES: dict[int, Painter] = {
    T.LASER: _laser,
    T.ELECTRIC: _electric,
    T.ON: _switch_on,
    T.OFF: _switch_off,
    T.TRANSPORT: _transport,
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
    T.HEARTFRAMER: _heart_framer,
    T.TRANSPONDER: _transponder,
    T.NSWE: _crossover,
    T.REMOTE: _remote,
}

"""The bots, bombs and the player, drawn in design units (qt.drawing) on transparent
backgrounds, to go over a tile; ``bot_painter(kind)`` picks a bot's picture."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from studio.art.escape.drawing import (
    Painter, circle_path, draw_text_fit, drop_shadow, fill_path, heart_path, linear_gradient, polygon, qcolor,
    radial_gradient, round_pen, rounded_rect, sleep_marks, unknown_tile,
)
from studio.games.escape.tiles import Bot, is_bomb


def _dalek(p: QPainter, asleep: bool):
    body = QColor("#7a8696" if asleep else "#b0343a")
    drop_shadow(p, 16, 29.3, 11, 2.4, 110)
    outline = "#1c1012"
    # skirt
    skirt = QPainterPath()
    skirt.moveTo(10.5, 16)
    skirt.lineTo(21.5, 16)
    skirt.lineTo(25, 28.5)
    skirt.lineTo(7, 28.5)
    skirt.closeSubpath()
    fill_path(p, skirt, linear_gradient(7, 0, 25, 0, (0, body.lighter(130)), (0.5, body), (1, body.darker(150))), outline, 1.0)
    p.setPen(Qt.NoPen)
    bump = QColor("#e6d38a" if not asleep else "#c8ccd2")
    for row, y in enumerate((19.0, 22.6, 26.2)):
        half = 5.6 + row * 1.15
        for x in (16 - half, 16, 16 + half):
            p.setBrush(radial_gradient(x, y, 1.4, x - 0.4, y - 0.4, (0, "#ffffff"), (0.5, bump), (1, bump.darker(160))))
            p.drawEllipse(QPointF(x, y), 1.3, 1.3)
    fill_path(p, rounded_rect(6, 27.8, 20, 2.6, 1), QColor("#2c2c30"), outline, 0.6)
    # shoulders with slats, and the two arms
    fill_path(p, rounded_rect(10, 11.8, 12, 4.6, 1), QColor("#4a4a52"), outline, 0.8)
    p.setPen(round_pen("#2a2a30", 0.6))
    for x in (12.5, 15, 17.5, 20):
        p.drawLine(QPointF(x, 12.4), QPointF(x, 15.8))
    p.setPen(round_pen("#2a2a30", 1.0))
    p.drawLine(QPointF(10.5, 15), QPointF(5.5, 16.5))
    fill_path(p, circle_path(4.8, 16.7, 1.7), QColor("#1e1e22"))
    p.setPen(round_pen("#2a2a30", 0.9))
    p.drawLine(QPointF(21.5, 15), QPointF(27, 16.2))
    # the dome, its ear lights and the eye stalk
    dome = QPainterPath()
    dome.moveTo(10.5, 12)
    dome.arcTo(QRectF(10.5, 5, 11, 14), 180, -180)
    dome.closeSubpath()
    fill_path(p, dome, linear_gradient(10, 5, 22, 12, (0, body.lighter(140)), (1, body.darker(130))), outline, 1.0)
    light_on = "#ffe27a"
    for x in (10.4, 21.6):
        fill_path(p, rounded_rect(x - 1, 6.5, 2, 3, 0.8), QColor("#585860" if asleep else light_on), outline, 0.6)
    if asleep:
        p.setPen(round_pen("#2a2a30", 1.0))
        p.drawLine(QPointF(17, 10), QPointF(23, 12.5))
        p.setPen(round_pen("#1a1a1a", 0.9))
        p.setBrush(QColor("#9aa2b0"))
        p.drawEllipse(QPointF(23.8, 12.8), 1.7, 1.7)
        p.setPen(round_pen("#1a1a1a", 0.7))
        p.drawLine(QPointF(22.3, 12.8), QPointF(25.3, 12.8))
        sleep_marks(p, 21.5, -0.3, 0.95)
    else:
        p.setPen(round_pen("#2a2a30", 1.0))
        p.drawLine(QPointF(17, 8.5), QPointF(24, 6))
        p.setPen(Qt.NoPen)
        p.setBrush(radial_gradient(25, 5.6, 4, 25, 5.6, (0, qcolor("#6ad8ff", 200)), (1, qcolor("#6ad8ff", 0))))
        p.drawEllipse(QPointF(25, 5.6), 4, 4)
        fill_path(p, circle_path(25, 5.6, 1.9), radial_gradient(25, 5.6, 1.9, 24.5, 5.1, (0, "#ffffff"), (1, "#22a8e8")),
                   "#0c2840", 0.7)


def _hugbot(p: QPainter, asleep: bool):
    body = QColor("#9fa7b8" if asleep else "#f0a0c8")
    outline = "#2a1424"
    drop_shadow(p, 16, 29.3, 10, 2.4, 110)
    # wheels
    for x in (11.2, 20.8):
        fill_path(p, rounded_rect(x - 2.6, 25, 5.2, 4.6, 2), QColor("#2e2e34"), outline, 0.7)
    # body: a round-shouldered box with no arms (they hug by pushing)
    fill_path(p, rounded_rect(8, 12.5, 16, 14, 5),
               linear_gradient(8, 0, 24, 0, (0, body.lighter(118)), (0.45, body), (1, body.darker(135))), outline, 1.0)
    heart = QColor("#8a8f9c" if asleep else "#ff2f78")
    fill_path(p, heart_path(16, 19.6, 7.2), heart, heart.darker(200), 0.7)
    # antenna
    p.setPen(round_pen(outline, 0.9))
    p.drawLine(QPointF(16, 4.5), QPointF(16, 1.8))
    fill_path(p, circle_path(16, 1.6, 1.3), QColor("#6a6a72" if asleep else "#ff4f9a"), outline, 0.6)
    # head with a screen face
    fill_path(p, rounded_rect(9.5, 4, 13, 9.5, 3.2),
               linear_gradient(9.5, 0, 22.5, 0, (0, body.lighter(118)), (1, body.darker(125))), outline, 1.0)
    fill_path(p, rounded_rect(11, 5.5, 10, 6.5, 2.2), QColor("#2a2440"))
    if asleep:
        p.setPen(round_pen("#c8d0ff", 0.9))
        p.drawLine(QPointF(12.6, 8.6), QPointF(14.8, 8.6))
        p.drawLine(QPointF(17.2, 8.6), QPointF(19.4, 8.6))
        sleep_marks(p, 21.2, -0.5, 0.95)
    else:
        for x in (13.7, 18.3):
            fill_path(p, circle_path(x, 8.1, 1.35), QColor("#9ff0ff"))
        p.setPen(round_pen("#9ff0ff", 0.8))
        p.setBrush(Qt.NoBrush)
        p.drawArc(QRectF(14, 8.4, 4, 2.4), 200 * 16, 140 * 16)


def _broken_bot(p: QPainter):
    """A wrecked robot: a slumped, torn body whose dome has fallen off, smoking."""
    outline = "#1e1a16"
    metal = QColor("#8e8a84")
    drop_shadow(p, 16, 29.3, 13, 2.6, 110)
    p.save()
    p.translate(14, 28.5)
    p.rotate(-10)
    skirt = QPainterPath()
    skirt.moveTo(-6, -12)
    skirt.lineTo(6, -12)
    skirt.lineTo(9, 0)
    skirt.lineTo(-9, 0)
    skirt.closeSubpath()
    fill_path(p, skirt, linear_gradient(-9, 0, 9, 0, (0, metal.lighter(125)), (0.5, metal), (1, metal.darker(160))),
               outline, 1.0)
    p.setPen(Qt.NoPen)
    for row, y in enumerate((-9.0, -5.5, -2.0)):
        half = 4.2 + row * 1.2
        for x in (-half, 0.0, half):
            p.setBrush(QColor("#5f5b55"))
            p.drawEllipse(QPointF(x, y), 1.2, 1.2)
    # a torn gash showing the dark inside
    tear = polygon((-1.5, -11.8), (2.5, -9), (0.5, -7.5), (3.5, -4), (0, -5.5), (-2.5, -8.5))
    p.setBrush(QColor("#1a1714"))
    p.drawPolygon(tear)
    fill_path(p, rounded_rect(-10, -1, 20, 2.4, 1), QColor("#2c2a28"), outline, 0.6)
    # the broken neck, with a dangling eye stalk crossed out
    fill_path(p, rounded_rect(-5.5, -15, 11, 3.6, 1), QColor("#4a4744"), outline, 0.8)
    stalk = QPainterPath(QPointF(3.5, -13.5))
    stalk.quadTo(9, -13, 9.5, -8.5)
    p.setBrush(Qt.NoBrush)
    p.setPen(round_pen("#2a2724", 1.0))
    p.drawPath(stalk)
    p.setPen(round_pen("#c02020", 0.9))
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
    fill_path(p, dome, linear_gradient(-4, -4, 4, 2, (0, "#a8a49c"), (1, "#5e5a54")), outline, 0.9)
    p.restore()
    # sparks and smoke from the neck
    p.setPen(round_pen("#ffd23a", 0.8))
    for dx, dy in ((-2.5, -2.5), (2.5, -2.8), (0, -3.6)):
        p.drawLine(QPointF(12, 13.5), QPointF(12 + dx, 13.5 + dy))
    p.setPen(Qt.NoPen)
    for x, y, r, a in ((10.5, 9.5, 2.6, 120), (8.8, 6, 2.1, 90), (10, 2.8, 1.6, 60)):
        p.setBrush(qcolor("#4e4e4e", a))
        p.drawEllipse(QPointF(x, y), r, r)


def _bomb(p: QPainter, fuse: int):
    drop_shadow(p, 16.5, 29, 10, 2.4, 120)
    fill_path(p, circle_path(16, 18.5, 10.2), radial_gradient(16, 18.5, 10.2, 12.5, 14.5, (0, "#7a7a88"), (0.35, "#2c2c34"),
                                                   (1, "#050507")), "#000000", 0.8)
    fill_path(p, rounded_rect(12.6, 6.2, 6.8, 3.6, 0.8), linear_gradient(12, 0, 20, 0, (0, "#9a9aa4"), (1, "#4a4a52")),
               "#000000", 0.7)
    fuse_path = QPainterPath(QPointF(16.5, 6.4))
    fuse_path.cubicTo(17, 3, 20.5, 4.5, 22.5, 2.4)
    p.setBrush(Qt.NoBrush)
    p.setPen(round_pen("#8a6a3a", 1.3))
    p.drawPath(fuse_path)
    # the spark
    p.setPen(Qt.NoPen)
    p.setBrush(radial_gradient(23, 2.3, 3.4, 23, 2.3, (0, "#ffffff"), (0.3, "#ffe14a"), (1, qcolor("#ff6a00", 0))))
    p.drawEllipse(QPointF(23, 2.3), 3.4, 3.4)
    text = str(fuse)
    width = 9.5 if len(text) == 1 else 13.5
    draw_text_fit(p, text, QRectF(16 - width / 2, 13.2, width, 10.6), "#ffffff", "#000000", 1.6)


def paint_player(p: QPainter):
    outline = QColor("#1a1208")
    skin = "#f3c9a0"
    drop_shadow(p, 16, 29.5, 8.5, 2.2, 120)
    # legs and shoes
    for x in (12.6, 17.4):
        fill_path(p, rounded_rect(x - 0.1, 20.5, 2.3 + 0.2, 7.5, 1), QColor("#2f4c8c"), outline, 0.8)
        fill_path(p, rounded_rect(x - 0.9, 27, 3.9, 2.2, 1), QColor("#3a2618"), outline, 0.7)
    # arms
    for x0, x1 in ((11, 8.2), (21, 23.8)):
        arm = QPainterPath(QPointF(x0, 14.5))
        arm.lineTo(x1, 20.5)
        p.setPen(round_pen(outline, 3.4))
        p.drawPath(arm)
        p.setPen(round_pen("#f08a24", 2.0))
        p.drawPath(arm)
        fill_path(p, circle_path(x1, 21.2, 1.3), QColor(skin), outline, 0.6)
    # torso: a bright shirt
    torso = rounded_rect(10.6, 12.5, 10.8, 10, 3)
    fill_path(p, torso, linear_gradient(10, 0, 22, 0, (0, "#ffb04a"), (1, "#d8660e")), outline, 1.0)
    p.setPen(round_pen("#b24e06", 0.6))
    p.drawLine(QPointF(16, 14.5), QPointF(16, 21.8))
    # head
    fill_path(p, circle_path(16, 8.2, 5.2), radial_gradient(16, 8.2, 5.2, 14.5, 6.8, (0, "#ffe2c4"), (1, skin)), outline, 1.0)
    hair = QPainterPath()
    hair.moveTo(10.9, 8)
    hair.cubicTo(10.5, 2.6, 21.5, 2.0, 21.1, 8)
    hair.cubicTo(19, 5.6, 14, 5.4, 10.9, 8)
    hair.closeSubpath()
    fill_path(p, hair, QColor("#5a3416"), outline, 0.7)
    for x in (14.1, 17.9):
        fill_path(p, circle_path(x, 8.6, 0.8), QColor("#1a1208"))
    p.setPen(round_pen("#8a3a1a", 0.6))
    p.setBrush(Qt.NoBrush)
    p.drawArc(QRectF(14.4, 9.2, 3.2, 2.2), 200 * 16, 140 * 16)


def order_badge(p: QPainter, order: int):
    text = str(order)
    width = 8.5 if len(text) == 1 else 12
    fill_path(p, rounded_rect(0.8, 0.8, width, 8.5, 2.2), qcolor("#101018", 200), qcolor("#ffffff", 220), 0.6)
    draw_text_fit(p, text, QRectF(2.2, 2.4, width - 2.8, 5.3), "#ffffff")


def bot_painter(kind: int) -> Painter:
    if is_bomb(kind):
        return lambda p: _bomb(p, kind - Bot.BOMB)
    return {
        Bot.BROKEN: _broken_bot,
        Bot.DALEK: lambda p: _dalek(p, asleep=False),
        Bot.HUGBOT: lambda p: _hugbot(p, asleep=False),
        Bot.DALEK_ASLEEP: lambda p: _dalek(p, asleep=True),
        Bot.HUGBOT_ASLEEP: lambda p: _hugbot(p, asleep=True),
    }.get(kind, unknown_tile)

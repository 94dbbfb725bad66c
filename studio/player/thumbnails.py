"""Small pictures of levels for the level list, drawn by the game's own BoardPainter
(the play-test's art) at the start of play."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap

BACKGROUND = QColor("#0f1114")


def thumbnail(painter_impl, state, width: int, height: int, device_ratio: float = 1.0) -> QPixmap:
    """``state`` fitted and centred in a width x height picture (logical pixels), sharp at
    ``device_ratio`` (HiDPI)."""
    pixmap = QPixmap(max(1, round(width * device_ratio)), max(1, round(height * device_ratio)))
    pixmap.setDevicePixelRatio(device_ratio)
    pixmap.fill(BACKGROUND)
    board = painter_impl.board_rect(state)
    if board.width() <= 0 or board.height() <= 0:
        return pixmap
    scale = min(width / board.width(), height / board.height())
    p = QPainter(pixmap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    p.translate((width - board.width() * scale) / 2 - board.x() * scale,
                (height - board.height() * scale) / 2 - board.y() * scale)
    p.scale(scale, scale)
    cell = painter_impl.cell_rect(state, 0).width() * scale
    p.setClipRect(QRectF(board), Qt.ClipOperation.ReplaceClip)
    painter_impl.paint(p, state, None, max(1, round(cell * device_ratio)))
    p.end()
    return pixmap

"""What the games' art shares to draw cells from cached pixmaps.

A game's art paints a cell as vectors into any rectangle; the editor and the
play-test blit cached pixmaps of those pictures instead, one per picture, size
and device pixel ratio, which is what keeps a repaint of many cells fast.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Hashable

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap


DEFAULT_BYTES = 12 << 20  # the pixels one art keeps: its pictures at a few sizes, not at every size of a day
# (three arts keep pictures: 36 MB at most in all, under the 50 MB a long day may grow)


class PixmapCache:
    """Square pixmaps painted on first use and kept, the least recently used dropped past ``limit``
    pictures or ``max_bytes`` of pixels (every zoom and every play board size makes new ones)."""

    def __init__(self, limit: int, max_bytes: int = DEFAULT_BYTES):
        self._pixmaps: OrderedDict[Hashable, QPixmap] = OrderedDict()
        self.limit = limit
        self.max_bytes = max_bytes
        self.bytes = 0

    def get(self, key: Hashable, size: int, dpr: float, paint: Callable[[QPainter, QRectF], None]) -> QPixmap:
        """The pixmap under ``key`` (which should name the size and dpr too), else one ``size``
        logical pixels square at ``dpr``, transparent, that ``paint(painter, device_rect)`` fills."""
        pixmap = self._pixmaps.get(key)
        if pixmap is not None:
            self._pixmaps.move_to_end(key)
            return pixmap
        device = max(1, round(size * dpr))
        pixmap = QPixmap(device, device)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        paint(painter, QRectF(0, 0, device, device))
        painter.end()
        pixmap.setDevicePixelRatio(dpr)
        self._pixmaps[key] = pixmap
        self.bytes += _pixel_bytes(pixmap)
        while len(self._pixmaps) > 1 and (len(self._pixmaps) > self.limit or self.bytes > self.max_bytes):
            self.bytes -= _pixel_bytes(self._pixmaps.popitem(last=False)[1])
        return pixmap

    def clear(self) -> None:
        self._pixmaps.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._pixmaps)


def _pixel_bytes(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * 4


def device_pixel_ratio(painter: QPainter) -> float:
    """The ratio of the device the painter draws on (2.0 on a high-DPI screen; 1.0 with no device)."""
    device = painter.device()
    return device.devicePixelRatioF() if device is not None else 1.0


def blit(painter: QPainter, rect: QRectF, pixmap: QPixmap) -> None:
    """Draw all of ``pixmap`` into ``rect`` (scene units), whatever its device pixel ratio."""
    painter.drawPixmap(rect, pixmap, QRectF(0, 0, pixmap.width(), pixmap.height()))


def png_bytes(image: QImage) -> bytes:
    """``image`` encoded as PNG; OSError when Qt cannot encode it."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise OSError("the picture could not be encoded as PNG")
    buffer.close()
    return bytes(data.data())

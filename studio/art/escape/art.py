"""``EscapeArt``: every tile, bot, bomb and the player drawn into any rectangle, with
a cache of pixmaps of them, and whole levels rendered to images. The editor blits
cached pixmaps (``EscapeArt.tile_pixmap``) for speed and may call ``draw_tile``
directly when zoomed in far."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap

from studio.art.escape.bots import bot_painter, order_badge, paint_player
from studio.art.escape.circuit_tiles import CIRCUIT_TILES
from studio.art.escape.drawing import UNITS, Painter, unknown_tile
from studio.art.escape.map_tiles import MAP_TILES
from studio.editor.pixmaps import PixmapCache
from studio.games.escape.level import BIZARRO, NORMAL, EscapeLevel
from studio.games.escape.tiles import NUM_TILES, T


# Every tile's painter: the map's and the circuits'.
TILE_PAINTERS: dict[int, Painter] = {**MAP_TILES, **CIRCUIT_TILES}
assert len(TILE_PAINTERS) == NUM_TILES


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
        self._in_cell(painter, QRectF(rect), TILE_PAINTERS.get(tile, unknown_tile))

    def draw_bot(self, painter: QPainter, rect: QRectF, kind: int, order: int | None = None) -> None:
        """Paint a bot or bomb (``kind`` as stored: 0..4, or 5 + fuse) over whatever is in ``rect``;
        ``order`` adds the bot's number in the top-left corner, for the editor."""
        def paint(p: QPainter):
            bot_painter(kind)(p)
            if order is not None:
                order_badge(p, order)
        self._in_cell(painter, QRectF(rect), paint)

    def draw_player(self, painter: QPainter, rect: QRectF) -> None:
        self._in_cell(painter, QRectF(rect), paint_player)

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

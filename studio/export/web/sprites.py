"""The web game's pictures, painted at export by the game's own art: one atlas PNG of every
sprite the levels can show (Game.web_scene's keys, drawn by the view's ``web_sprite``), and
a thumbnail PNG per level."""

from __future__ import annotations

import math

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

from studio.editor.pixmaps import png_bytes

SPRITE_SIZE = 64  # pixels a cell: sharp on a phone's screen, scaled down on a small board
THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT = 192, 128
THUMBNAIL_RATIO = 2  # pixels per CSS pixel: sharp on a phone, and as the title screen's cover


def sprite_atlas(game, levels, size: int = SPRITE_SIZE) -> tuple[bytes, dict[str, list[int]]]:
    """(the atlas PNG, {key: [x, y, width, height]}) for every sprite the ``levels`` (loaded)
    can show. A grid game's sprites are ``size`` square; a placed scene's (Intricacy's
    pieces) any size, packed in shelves, tallest first."""
    scene = game.web_scene.resolve()
    draw = game.view.resolve().web_sprite
    keys = sorted({key for level in levels for key in scene.sprite_keys(level)})
    images = {key: draw(key, size) for key in keys}
    order = sorted(keys, key=lambda key: (-images[key].height(), key))
    area = sum(image.width() * image.height() for image in images.values())
    width = max(max(image.width() for image in images.values()), math.ceil(math.sqrt(area) * 1.1 / size) * size)
    places, x, y, shelf = {}, 0, 0, 0
    for key in order:
        image = images[key]
        if x + image.width() > width:
            x, y, shelf = 0, y + shelf, 0
        places[key] = [x, y, image.width(), image.height()]
        x, shelf = x + image.width(), max(shelf, image.height())
    atlas = QImage(width, max(1, y + shelf), QImage.Format.Format_ARGB32_Premultiplied)
    atlas.fill(Qt.GlobalColor.transparent)
    painter = QPainter(atlas)
    for key, (x, y, _w, _h) in places.items():
        painter.drawImage(x, y, images[key])
    painter.end()
    return png_bytes(atlas), dict(sorted(places.items()))


def thumbnail(game, level, width: int = THUMBNAIL_WIDTH, height: int = THUMBNAIL_HEIGHT) -> bytes:
    """A level's picture for the level list: its start drawn by the play-test's art, as the
    desktop game's list shows it."""
    from studio.player.thumbnails import thumbnail as draw_thumbnail

    painter = game.view.resolve().make_play_painter()
    state = game.playtest.resolve()().initial_state(level)
    return png_bytes(draw_thumbnail(painter, state, width, height, THUMBNAIL_RATIO).toImage())

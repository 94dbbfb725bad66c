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
    """(the atlas PNG, {key: [x, y]}) for every sprite the ``levels`` (loaded) can show."""
    scene = game.web_scene.resolve()
    draw = game.view.resolve().web_sprite
    keys = sorted({key for level in levels for key in scene.sprite_keys(level)})
    columns = max(1, math.ceil(math.sqrt(len(keys))))
    rows = max(1, math.ceil(len(keys) / columns))
    atlas = QImage(columns * size, rows * size, QImage.Format.Format_ARGB32_Premultiplied)
    atlas.fill(Qt.GlobalColor.transparent)
    places = {}
    painter = QPainter(atlas)
    for number, key in enumerate(keys):
        x, y = (number % columns) * size, (number // columns) * size
        painter.drawImage(x, y, draw(key, size))
        places[key] = [x, y]
    painter.end()
    return png_bytes(atlas), places


def thumbnail(game, level, width: int = THUMBNAIL_WIDTH, height: int = THUMBNAIL_HEIGHT) -> bytes:
    """A level's picture for the level list: its start drawn by the play-test's art, as the
    desktop game's list shows it."""
    from studio.player.thumbnails import thumbnail as draw_thumbnail

    painter = game.view.resolve().make_play_painter()
    state = game.playtest.resolve()().initial_state(level)
    return png_bytes(draw_thumbnail(painter, state, width, height, THUMBNAIL_RATIO).toImage())

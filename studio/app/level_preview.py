"""A small picture of a whole level, for the dialogs that let you choose between versions."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QLabel

MAX_SCALE = 32


def preview_pixmap(game, level, side: int) -> QPixmap:
    """The level drawn by its game's art at the largest scale that fits ``side`` pixels."""
    scale = max(1, min(MAX_SCALE, side // max(1, level.width, level.height)))
    return QPixmap.fromImage(game.view.resolve().render_level(level, scale=scale))


class PreviewLabel(QLabel):
    """A square area showing one level's picture, or a line of text instead."""

    def __init__(self, side: int, parent=None):
        super().__init__(parent)
        self.side = side
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setMinimumSize(side, side)

    def show_level(self, game, level) -> None:
        self.setPixmap(preview_pixmap(game, level, self.side))

    def show_text(self, text: str) -> None:
        self.setPixmap(QPixmap())
        self.setText(text)

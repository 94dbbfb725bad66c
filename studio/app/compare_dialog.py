"""Compare: the level as another program left the file beside the level as it is open here,
as pictures, and line by line for the text formats."""

from __future__ import annotations

import difflib

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QGridLayout, QPlainTextEdit, QVBoxLayout

from studio.app.level_preview import PreviewLabel
from studio.app.plain_text import plain_label
from studio.core.errors import LevelFormatError

PREVIEW_SIDE = 300
MAX_DIFF_LINES = 2000


def is_text(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def text_difference(on_disk: bytes, mine: bytes, name: str) -> str:
    """A unified diff of two versions of a text file; a note instead for binary ones."""
    try:
        old, new = on_disk.decode("utf-8"), mine.decode("utf-8")
    except UnicodeDecodeError:
        return "This format is not text: compare the pictures above."
    lines = list(difflib.unified_diff(old.splitlines(), new.splitlines(), f"{name} (on disk)", f"{name} (open here)",
                                      lineterm=""))
    if not lines:
        return "The two versions hold the same level."
    if len(lines) > MAX_DIFF_LINES:
        lines = lines[:MAX_DIFF_LINES] + [f"… and {len(lines) - MAX_DIFF_LINES} more lines"]
    return "\n".join(lines)


class CompareDialog(QDialog):
    def __init__(self, document, on_disk: bytes | None, parent=None):
        super().__init__(parent)
        name = document.display_name()
        self.setWindowTitle(f"Compare — {name}")
        game = document.game
        disk_preview, mine_preview = PreviewLabel(PREVIEW_SIDE), PreviewLabel(PREVIEW_SIDE)
        mine_preview.show_level(game, document.level)
        try:
            mine = game.save(document.level)
        except ValueError:
            mine = b""
        if on_disk is None:
            disk_preview.show_text("The file is gone: another program deleted or moved it.")
        else:
            try:
                disk_preview.show_level(game, game.load(on_disk))
            except LevelFormatError as error:
                disk_preview.show_text(f"The file on disk is not a valid level: {error}")
        diff = QPlainTextEdit()
        diff.setReadOnly(True)
        diff.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        diff.setPlainText(text_difference(on_disk or b"", mine, name) if on_disk is not None else "")
        diff.setVisible(on_disk is not None and is_text(on_disk) and is_text(mine))  # a binary format: pictures only
        self.diff = diff

        grid = QGridLayout()
        grid.addWidget(plain_label("On disk (the other program's version)"), 0, 0)
        grid.addWidget(plain_label("Open here (yours)"), 0, 1)
        grid.addWidget(disk_preview, 1, 0)
        grid.addWidget(mine_preview, 1, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(diff, 1)
        layout.addWidget(buttons)
        self.resize(760, 640 if diff.isVisibleTo(self) else 420)

"""The level list: every level in the designer's order, each with its number, title,
a thumbnail and a mark when solved. Arrows choose, Enter plays, Esc goes back."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QLabel, QListView, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

SOLVED_MARK = "✓"
COLUMNS = 4  # thumbnails across a window as wide as it is tall-ish; more in a wide one
THUMBNAIL_ASPECT = 0.72  # height / width


class LevelGrid(QListWidget):
    playRequested = Signal(int)
    backRequested = Signal()

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.currentRow() >= 0:
            self.playRequested.emit(self.currentRow())
            event.accept()
        elif event.key() == Qt.Key.Key_Escape:
            self.backRequested.emit()
            event.accept()
        else:
            super().keyPressEvent(event)


class LevelListScreen(QWidget):
    playRequested = Signal(int)
    backRequested = Signal()

    def __init__(self, name: str, parent=None):
        super().__init__(parent)
        self.setObjectName("level_list_screen")
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)  # the collection's name, not HTML
        self.heading.setText(f"{name}: levels")
        self.heading.setObjectName("screen_heading")
        layout.addWidget(self.heading)
        self.grid = LevelGrid()
        self.grid.setObjectName("level_grid")
        self.grid.setViewMode(QListView.ViewMode.IconMode)
        self.grid.setFlow(QListView.Flow.LeftToRight)
        self.grid.setWrapping(True)
        self.grid.setResizeMode(QListView.ResizeMode.Adjust)
        self.grid.setMovement(QListView.Movement.Static)
        self.grid.setUniformItemSizes(True)
        self.grid.setWordWrap(True)
        self.grid.setSpacing(8)
        self.grid.itemActivated.connect(lambda item: self.playRequested.emit(self.grid.row(item)))
        self.grid.playRequested.connect(self.playRequested)
        self.grid.backRequested.connect(self.backRequested)
        layout.addWidget(self.grid, 1)
        help_label = QLabel("Arrows choose · Enter play · Esc back")
        help_label.setObjectName("keys_help")
        help_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(help_label)
        self.thumbnails: list[QPixmap | None] = []

    def set_levels(self, titles: list[str], solved: list[bool], thumbnails: list[QPixmap | None]) -> None:
        current = max(0, self.grid.currentRow())
        self.grid.clear()
        self.thumbnails = list(thumbnails)
        for number, (title, done, picture) in enumerate(zip(titles, solved, thumbnails), start=1):
            text = f"{number}. {title}" + (f"  {SOLVED_MARK}" if done else "")
            item = QListWidgetItem(QIcon(picture) if picture is not None else QIcon(), text)
            item.setData(Qt.ItemDataRole.UserRole, done)
            item.setToolTip("Solved" if done else "Not solved yet")
            self.grid.addItem(item)
        if self.grid.count():
            self.grid.setCurrentRow(min(current, self.grid.count() - 1))

    def thumbnail_size(self) -> QSize:
        """The thumbnails' size for the list's width now (COLUMNS across, or more when wide)."""
        width = max(120, self.grid.viewport().width() // COLUMNS - 24)
        width = min(width, 360)
        return QSize(width, round(width * THUMBNAIL_ASPECT))

    def apply_thumbnail_size(self, size: QSize, text_px: int) -> None:
        self.grid.setIconSize(size)
        self.grid.setGridSize(QSize(size.width() + 20, size.height() + text_px * 3 + 16))

    def select(self, index: int) -> None:
        self.grid.setCurrentRow(index)
        self.grid.setFocus(Qt.FocusReason.OtherFocusReason)

    def is_marked_solved(self, index: int) -> bool:
        item = self.grid.item(index)
        return bool(item and item.data(Qt.ItemDataRole.UserRole))

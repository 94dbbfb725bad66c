"""The level list: every level in the designer's order, each with its number, title,
a thumbnail and a mark when solved. Arrows choose, Enter plays, Esc goes back."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QLabel, QListView, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

SOLVED_MARK = "✓"
COLUMNS = 4  # thumbnails across a window as wide as it is tall-ish; more in a wide one
THUMBNAIL_ASPECT = 0.72  # height / width
CELL_PADDING = (20, 16)  # around a thumbnail and its caption in the grid
SMALLEST_THUMBNAIL = 60  # pixels high


class LevelGrid(QListWidget):
    playRequested = Signal(int)
    backRequested = Signal()
    heightChanged = Signal()  # the room for rows changed (the window's text was rescaled): size them again

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().height() != event.oldSize().height():
            self.heightChanged.emit()

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.currentRow() >= 0:
            self.playRequested.emit(self.currentRow())
            event.accept()
        elif event.key() == Qt.Key.Key_Escape:
            self.backRequested.emit()
            event.accept()
        else:
            super().keyPressEvent(event)

    def scrollTo(self, index, hint=QAbstractItemView.ScrollHint.EnsureVisible) -> None:
        """Scroll whole rows: the row at the top always starts at the view's top edge."""
        super().scrollTo(index, hint)
        step, bar = self.gridSize().height(), self.verticalScrollBar()
        if step <= 0 or not index.isValid():
            return
        row = (self.visualRect(index).top() + bar.value()) // step
        rows = max(1, round(self.viewport().height() / step))  # (thumbnail_size shares the room out so)
        top = round(bar.value() / step)
        top = min(row, max(top, row - rows + 1))
        bar.setValue(top * step)

    def centre_columns(self) -> None:
        """The columns centred in the list's width (the space left over split either side)."""
        self.setViewportMargins(0, 0, 0, 0)
        cell = self.gridSize().width()
        if cell <= 0:
            return
        width = self.viewport().width()
        spare = width - max(1, width // cell) * cell
        self.setViewportMargins(max(0, spare // 2), 0, 0, 0)


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
        self.grid.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # rows wrap instead
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

    def thumbnail_size(self, text_px: int) -> QSize:
        """The thumbnails' size for the list's room now: COLUMNS across (more when wide), and
        just small enough that the rows in view are whole, captions included; the list
        scrolls a row at a time to the others."""
        width = min(360, max(120, self.grid.viewport().width() // COLUMNS - 24))
        height = round(width * THUMBNAIL_ASPECT)
        caption = self.caption_height(text_px)
        room = self.grid.viewport().height()
        rows = max(1, round(room / (height + caption)))
        # Rows exactly as tall as the room shared out (rounded up, so the next row starts
        # wholly below it; a caption ends above its cell's padding, so it stays in view).
        height = max(SMALLEST_THUMBNAIL, -(-room // rows) - caption)
        width = min(width, round(height / THUMBNAIL_ASPECT))
        return QSize(width, height)

    @staticmethod
    def caption_height(text_px: int) -> int:
        """A row's height beyond its thumbnail: two lines of caption and the padding."""
        return text_px * 3 + CELL_PADDING[1]

    def apply_thumbnail_size(self, size: QSize, text_px: int) -> None:
        self.grid.setIconSize(size)
        cell = QSize(size.width() + CELL_PADDING[0], size.height() + self.caption_height(text_px))
        self.grid.setGridSize(cell)
        self.grid.verticalScrollBar().setSingleStep(cell.height())
        self.grid.centre_columns()

    def select(self, index: int) -> None:
        self.grid.setCurrentRow(index)
        self.grid.setFocus(Qt.FocusReason.OtherFocusReason)

    def is_marked_solved(self, index: int) -> bool:
        item = self.grid.item(index)
        return bool(item and item.data(Qt.ItemDataRole.UserRole))

"""The main window's docks: the palette, the bot order, and the undo history."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import (
    QDockWidget, QHBoxLayout, QLabel, QListView, QListWidget, QListWidgetItem, QPushButton, QUndoView, QVBoxLayout,
    QWidget,
)

import qtawesome as qta

from studio.core.game import PaletteItem
from studio.model.palette_model import ItemRole, PaletteModel


class PaletteDock(QDockWidget):
    """Every tile and entity of the current game, drawn with its art; a click picks what tools draw."""

    itemChosen = Signal(object)  # PaletteItem

    def __init__(self, parent=None):
        super().__init__("Palette", parent)
        self.setObjectName("palette_dock")
        self.list = QListView()
        self.list.setViewMode(QListView.ViewMode.IconMode)
        self.list.setIconSize(QSize(32, 32))
        self.list.setGridSize(QSize(40, 40))
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setMovement(QListView.Movement.Static)
        self.list.setUniformItemSizes(True)
        self.list.setWordWrap(False)
        self.list.setSpacing(2)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setMinimumHeight(40)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.caption)
        layout.addWidget(self.list)
        self.setWidget(body)
        self.model: PaletteModel | None = None
        self.models: dict[str, PaletteModel] = {}  # one per game, made on its first level
        self.game_id = ""
        self.cell_painter = None

    def set_game(self, game, cell_painter) -> None:
        if game.id == self.game_id:
            if cell_painter is not self.cell_painter:  # another level of the game: its art may differ
                self.cell_painter = cell_painter
                self.model.icon_for = cell_painter.item_pixmap
                self.refresh_icons()
            return
        self.cell_painter = cell_painter
        self.game_id = game.id
        if game.id not in self.models:
            self.models[game.id] = PaletteModel(game.palette(), cell_painter.item_pixmap, self)
        self.model = self.models[game.id]
        self.model.icon_for = cell_painter.item_pixmap
        self.model.refresh_icons()
        old_selection = self.list.selectionModel()
        self.list.setModel(self.model)  # (which makes a selection model and leaves the old one)
        if old_selection is not None:
            old_selection.deleteLater()
        # Icon mode hides names: they live in tooltips and the status bar.
        self.list.selectionModel().currentChanged.connect(self._current_changed)
        self.select("tile", self.model.items[1].value if len(self.model.items) > 1 else 0)

    def refresh_icons(self) -> None:
        """Redraw the icons (the level's colours changed, or another level's art is shown)."""
        if self.model is not None:
            self.model.refresh_icons()

    def _current_changed(self, current, previous) -> None:
        if current.isValid():
            item = self.model.data(current, ItemRole)
            self.caption.setText(f"<b>{item.name}</b><br><small>{item.tooltip}</small>")
            self.itemChosen.emit(item)

    def select(self, kind: str, value: int) -> bool:
        if self.model is None:
            return False
        row = self.model.row_of(kind, value)
        if row < 0:
            return False
        self.list.setCurrentIndex(self.model.index(row))
        return True

    def current_item(self) -> PaletteItem | None:
        index = self.list.currentIndex()
        return self.model.data(index, ItemRole) if self.model and index.isValid() else None


class BotsDock(QDockWidget):
    """The bots in their order (the order they move in), with buttons to reorder and remove."""

    moveRequested = Signal(int, int)  # cell, new order number
    removeRequested = Signal(int)  # cell
    cellActivated = Signal(int)

    def __init__(self, parent=None):
        super().__init__("Bots", parent)
        self.setObjectName("bots_dock")
        body = QWidget()
        self.list = QListWidget()
        self.list.setIconSize(QSize(24, 24))
        up = QPushButton(qta.icon("fa5s.arrow-up", color="#dfe3ea"), "")
        up.setToolTip("Move earlier in the bot order")
        down = QPushButton(qta.icon("fa5s.arrow-down", color="#dfe3ea"), "")
        down.setToolTip("Move later in the bot order (bombs always move after the other bots)")
        remove = QPushButton(qta.icon("fa5s.trash", color="#dfe3ea"), "")
        remove.setToolTip("Remove the bot")
        up.clicked.connect(lambda: self._move(-1))
        down.clicked.connect(lambda: self._move(1))
        remove.clicked.connect(self._remove)
        self.list.itemDoubleClicked.connect(lambda item: self.cellActivated.emit(item.data(Qt.ItemDataRole.UserRole)))
        buttons = QHBoxLayout()
        for button in (up, down, remove):
            buttons.addWidget(button)
        buttons.addStretch()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.list)
        layout.addLayout(buttons)
        self.setWidget(body)

    def show_level(self, level, cell_painter) -> None:
        """List the level's bots (a level without bots shows an empty list)."""
        selected = self.list.currentRow()
        self.list.clear()
        for number, bot in enumerate(getattr(level, "bots", [])):
            x, y = level.xy(bot.cell)
            name = cell_painter.item_name("bot", bot.kind)
            item = QListWidgetItem(f"{number + 1}. {name} at ({x}, {y})")
            item.setIcon(cell_painter.item_pixmap(PaletteItem("bot", bot.kind, name, ""), 48))
            item.setData(Qt.ItemDataRole.UserRole, bot.cell)
            self.list.addItem(item)
        if 0 <= selected < self.list.count():
            self.list.setCurrentRow(selected)

    def _move(self, delta: int) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        row = self.list.currentRow()
        self.moveRequested.emit(item.data(Qt.ItemDataRole.UserRole), row + delta)
        self.list.setCurrentRow(max(0, min(row + delta, self.list.count() - 1)))

    def _remove(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self.removeRequested.emit(item.data(Qt.ItemDataRole.UserRole))


class UndoDock(QDockWidget):
    def __init__(self, group: QUndoGroup, parent=None):
        super().__init__("History", parent)  # (a short title: it shares its column with other tabs)
        self.setObjectName("undo_dock")
        view = QUndoView(group)
        view.setEmptyLabel("<opened>")
        self.setWidget(view)

"""The palette as a Qt list model: the game's palette items with their icons, names and tooltips."""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, QSize, Qt
from PySide6.QtGui import QIcon

from studio.core.game import PaletteItem

ItemRole = Qt.ItemDataRole.UserRole + 1


class PaletteModel(QAbstractListModel):
    def __init__(self, items: list[PaletteItem], icon_for, parent=None):
        """``icon_for(item, size) -> QPixmap`` draws an item with the game's art."""
        super().__init__(parent)
        self.items = items
        self.icon_for = icon_for
        self.icon_size = 32
        self.show_names = False  # the icon grid names items in tooltips and the dock's caption
        self._icons: dict[int, QIcon] = {}

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.items)

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        item = self.items[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return item.name if self.show_names else None
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return item.name
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"<b>{item.name}</b><br>{item.tooltip}"
        if role == Qt.ItemDataRole.DecorationRole:
            icon = self._icons.get(index.row())
            if icon is None:
                icon = QIcon(self.icon_for(item, self.icon_size * 2))
                self._icons[index.row()] = icon
            return icon
        if role == Qt.ItemDataRole.SizeHintRole:
            return None
        if role == ItemRole:
            return item
        return None

    def refresh_icons(self) -> None:
        """Forget the drawn icons, so views ask for them again."""
        self._icons.clear()
        if self.items:
            self.dataChanged.emit(self.index(0), self.index(len(self.items) - 1),
                                  [Qt.ItemDataRole.DecorationRole])

    def row_of(self, kind: str, value: int) -> int:
        for row, item in enumerate(self.items):
            if item.kind == kind and item.value == value:
                return row
        return -1

    def icon_qsize(self) -> QSize:
        return QSize(self.icon_size, self.icon_size)

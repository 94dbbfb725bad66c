"""The win panel: shown inline in the play-test dock after a win played by hand,
when the game's adapter offers one (``win_offer``): the level's score table with
the new score at its would-be rank, a name entry and "Save score", and the
playlist's next level. It only shows and asks; the dock does the storing.
"""

from __future__ import annotations

from pathlib import Path

import qtawesome as qta
from PySide6 import QtGui
from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView, QFrame, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QSizePolicy, QTableWidget,
    QTableWidgetItem, QVBoxLayout,
)

from studio.core.playtest_adapter import ScoreRow, WinOffer

VISIBLE_ROWS = 5  # the table scrolls beyond this, keeping the new score in view
ROW_HEIGHT = 22
NEW_ROW_BACKGROUND = QColor("#4a3d12")
NEW_ROW_TEXT = QColor("#ffe08a")
STYLE = """
#win_panel { background: #1d2722; border: 1px solid #2f6b43; border-radius: 6px; }
#win_panel QLabel { background: transparent; }
#win_headline { color: #8ee6a5; font-size: 14px; font-weight: 600; }
#win_note { color: #b9bec8; }
#win_note[saved="true"] { color: #8ee6a5; }
#win_name { background: #15191d; border: 1px solid #3a4450; border-radius: 4px; padding: 3px 6px; color: #dfe3ea; }
#win_name:focus { border-color: #4a90e2; }
#win_name:disabled { color: #5d626b; }
#win_scores { background: #15191d; border: 1px solid #2a3038; border-radius: 4px; color: #dfe3ea;
              gridline-color: transparent; }
#win_scores QHeaderView::section { background: #22272e; color: #8a909a; border: none; padding: 2px 6px;
                                   font-size: 11px; }
"""


class NameEdit(QLineEdit):
    """The player's name; Esc gives the keys back to the board."""

    leaveRequested = Signal()

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.leaveRequested.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class WinPanel(QFrame):
    saveRequested = Signal(str)  # the name typed
    openNextRequested = Signal(object)  # the next level's Path
    leaveRequested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("win_panel")
        self.setStyleSheet(STYLE)
        self.offer: WinOffer | None = None
        self.saved_name = ""  # set while the score shown is stored in the level
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)

        top = QHBoxLayout()
        trophy = QLabel()
        trophy.setPixmap(qta.icon("fa5s.trophy", color="#ffd60a").pixmap(18, 18))
        self.headline = QLabel()
        self.headline.setObjectName("win_headline")
        self.headline.setTextFormat(Qt.TextFormat.PlainText)
        top.addWidget(trophy)
        top.addWidget(self.headline, 1)
        layout.addLayout(top)

        self.table = QTableWidget(0, 3)
        self.table.setObjectName("win_scores")
        self.table.setHorizontalHeaderLabels(["#", "Score", "Player"])
        self.table.verticalHeader().hide()
        self.table.setShowGrid(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        for column in range(3):
            self.table.horizontalHeaderItem(column).setTextAlignment(self._alignment(column))
        self.table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        layout.addWidget(self.table)

        entry = QHBoxLayout()
        self.name_label = QLabel("Your &name:")
        self.name_edit = NameEdit()
        self.name_edit.setObjectName("win_name")
        self.name_edit.setPlaceholderText("your name")
        self.name_edit.setMaxLength(40)
        self.name_edit.textEdited.connect(self._name_edited)
        self.name_edit.returnPressed.connect(self._save_clicked)
        self.name_edit.leaveRequested.connect(self.leaveRequested)
        self.name_label.setBuddy(self.name_edit)
        self.save_button = QPushButton(qta.icon("fa5s.save", color="#dfe3ea", color_disabled="#5d626b"), "&Save score")
        self.save_button.setObjectName("win_save")
        self.save_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the board keeps the keys
        self.save_button.clicked.connect(self._save_clicked)
        entry.addWidget(self.name_label)
        entry.addWidget(self.name_edit, 1)
        entry.addWidget(self.save_button)
        layout.addLayout(entry)

        self.note = QLabel()
        self.note.setObjectName("win_note")
        self.note.setTextFormat(Qt.TextFormat.PlainText)  # it names files
        self.note.setWordWrap(True)
        self.note.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.addWidget(self.note)

        self.next_button = QPushButton(qta.icon("fa5s.arrow-circle-right", color="#a8c7fa"), "")
        self.next_button.setObjectName("win_next")
        self.next_button.setIconSize(QSize(16, 16))
        self.next_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.next_button.setStyleSheet("QPushButton { text-align: left; padding: 4px 10px; }")
        self.next_button.clicked.connect(self._next_clicked)
        layout.addWidget(self.next_button)
        self.hide()

    # -- showing --------------------------------------------------------------------------
    def show_offer(self, offer: WinOffer, name: str, note: str, can_save: bool) -> None:
        """A win to save: the table with the new score still unnamed."""
        self.offer, self.saved_name = offer, ""
        if not self.name_edit.hasFocus():
            self.name_edit.setText(name)
        self._show(note, saved=False)
        self.name_edit.setEnabled(can_save)
        self.save_button.setEnabled(can_save)

    def show_saved(self, offer: WinOffer, name: str, note: str) -> None:
        """The score is in the level now: its row carries the name."""
        self.offer, self.saved_name = offer, name
        self._show(note, saved=True)

    def _show(self, note: str, saved: bool) -> None:
        offer = self.offer
        self.headline.setText(offer.headline)
        self.table.horizontalHeaderItem(1).setText(offer.score_heading)
        self._fill_table()
        for widget in (self.name_label, self.name_edit, self.save_button):
            widget.setVisible(not saved)
        self.name_edit.setToolTip(offer.name_hint)
        self.note.setText(note)
        self.note.setProperty("saved", saved)
        self.note.style().unpolish(self.note)
        self.note.style().polish(self.note)
        if offer.next_level is not None:
            self.next_button.setText(f"Open next level: {offer.next_level_name or Path(offer.next_level).name}")
            self.next_button.setToolTip(QtGui.Qt.convertFromPlainText(str(offer.next_level)))  # a path, not HTML
        self.next_button.setVisible(offer.next_level is not None)
        self.show()

    def _fill_table(self) -> None:
        rows = self.offer.rows
        self.table.setRowCount(len(rows))
        bold = QFont(self.table.font())
        bold.setBold(True)
        new_index = 0
        for index, row in enumerate(rows):
            player = self._player_shown(row)
            for column, text in enumerate((str(row.rank), row.score, player)):
                item = QTableWidgetItem(text)
                item.setTextAlignment(self._alignment(column))
                if row.new:
                    item.setBackground(QBrush(NEW_ROW_BACKGROUND))
                    item.setForeground(QBrush(NEW_ROW_TEXT))
                    item.setFont(bold)
                self.table.setItem(index, column, item)
            if row.new:
                new_index = index
        shown = max(1, min(len(rows), VISIBLE_ROWS))
        self.table.setFixedHeight(self.table.horizontalHeader().sizeHint().height() + shown * ROW_HEIGHT + 4)
        self.table.scrollToItem(self.table.item(new_index, 0), QAbstractItemView.ScrollHint.EnsureVisible)

    @staticmethod
    def _alignment(column: int) -> Qt.AlignmentFlag:
        """Rank and score centred in their narrow columns, the player's name from the left."""
        return (Qt.AlignmentFlag.AlignHCenter if column < 2 else Qt.AlignmentFlag.AlignLeft) | Qt.AlignmentFlag.AlignVCenter

    def _player_shown(self, row: ScoreRow) -> str:
        if not row.new:
            return row.player
        if self.saved_name:
            return self.saved_name
        typed = self.name_edit.text().strip()
        return f"{typed} (you)" if typed else "you"

    def new_row_index(self) -> int:
        """The table row of the new score (for tests and the eye)."""
        return next((i for i, row in enumerate(self.offer.rows) if row.new), -1) if self.offer else -1

    def _name_edited(self, text: str) -> None:
        index = self.new_row_index()
        if index >= 0 and not self.saved_name:
            self.table.item(index, 2).setText(self._player_shown(self.offer.rows[index]))

    def _save_clicked(self) -> None:
        if self.save_button.isEnabled() and self.save_button.isVisible():
            self.saveRequested.emit(self.name_edit.text().strip())

    def _next_clicked(self) -> None:
        if self.offer is not None and self.offer.next_level is not None:
            self.openNextRequested.emit(Path(self.offer.next_level))

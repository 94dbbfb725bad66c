"""The title screen: the game's icon, name and author, how far the player has come, and
Continue (the first unsolved level), Levels, the player's name and Quit. Keyboard first:
Up and Down move between the buttons, Enter presses one, Esc quits."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget


class KeyButton(QPushButton):
    """A button Enter presses (as Space does), so the menu works by keyboard alone."""

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.isAutoRepeat():
            self.click()
            event.accept()
            return
        super().keyPressEvent(event)


class TitleScreen(QWidget):
    continueRequested = Signal()
    levelsRequested = Signal()
    quitRequested = Signal()
    nameChanged = Signal(str)

    def __init__(self, name: str, author: str, icon: QIcon | None, parent=None):
        super().__init__(parent)
        self.setObjectName("title_screen")
        self.icon = icon
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        self.icon_label = QLabel()
        self.icon_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.icon_label.setVisible(icon is not None and not icon.isNull())
        layout.addWidget(self.icon_label)
        self.name_label = QLabel(name)
        self.name_label.setObjectName("title_name")
        self.name_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.name_label.setWordWrap(True)
        layout.addWidget(self.name_label)
        self.author_label = QLabel(f"by {author}" if author else "")
        self.author_label.setObjectName("title_author")
        self.author_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.author_label.setVisible(bool(author))
        layout.addWidget(self.author_label)
        self.progress_label = QLabel()
        self.progress_label.setObjectName("muted")
        for label in (self.name_label, self.author_label, self.progress_label):  # names and notes, not HTML
            label.setTextFormat(Qt.TextFormat.PlainText)
        self.progress_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.progress_label)
        layout.addStretch(1)

        self.continue_button = KeyButton("Continue")
        self.continue_button.setObjectName("title_continue")
        self.levels_button = KeyButton("Levels")
        self.levels_button.setObjectName("title_levels")
        self.quit_button = KeyButton("Quit")
        self.quit_button.setObjectName("title_quit")
        self.continue_button.clicked.connect(self.continueRequested)
        self.levels_button.clicked.connect(self.levelsRequested)
        self.quit_button.clicked.connect(self.quitRequested)
        self.player_edit = QLineEdit()
        self.player_edit.setObjectName("title_player")
        self.player_edit.setMaxLength(40)
        self.player_edit.setToolTip("Your name, kept with your solutions and high scores")
        self.player_edit.editingFinished.connect(lambda: self.nameChanged.emit(self.player_edit.text().strip()))
        self.player_edit.returnPressed.connect(self.continue_button.setFocus)
        self.focus_order = [self.continue_button, self.levels_button, self.player_edit, self.quit_button]

        column = QVBoxLayout()
        column.setSpacing(10)
        for button in (self.continue_button, self.levels_button):
            column.addWidget(button)
        name_row = QHBoxLayout()
        name_row.addWidget(QLabel("Player:"))
        name_row.addWidget(self.player_edit, 1)
        column.addLayout(name_row)
        column.addWidget(self.quit_button)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addLayout(column, 2)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(2)
        help_label = QLabel("↑ ↓ choose · Enter select · Esc quit")
        help_label.setObjectName("keys_help")
        help_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(help_label)

    def show_progress(self, solved: int, total: int, next_title: str) -> None:
        if solved >= total:
            self.progress_label.setText(f"All {total} levels solved!")
            self.continue_button.setText("Levels")
        else:
            self.progress_label.setText(f"{solved} of {total} levels solved")
            self.continue_button.setText(f"Continue: {next_title}" if solved else f"Play: {next_title}")

    def set_player(self, name: str) -> None:
        self.player_edit.setText(name)

    def scale(self, px: int) -> None:
        """Fit the icon to the text size (the style sheet scales the text)."""
        if self.icon is not None and not self.icon.isNull():
            side = px * 7
            self.icon_label.setPixmap(self.icon.pixmap(QSize(side, side), self.devicePixelRatioF()))

    def focus_first(self) -> None:
        self.continue_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            focused = self.focusWidget()
            index = self.focus_order.index(focused) if focused in self.focus_order else 0
            step = -1 if key == Qt.Key.Key_Up else 1
            self.focus_order[(index + step) % len(self.focus_order)].setFocus(Qt.FocusReason.TabFocusReason)
            event.accept()
        elif key == Qt.Key.Key_Escape:
            self.quitRequested.emit()
            event.accept()
        else:
            super().keyPressEvent(event)

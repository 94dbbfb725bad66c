"""The studio's dialogs: a new level, and the level's properties."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QSpinBox, QVBoxLayout,
)

from studio.core.game import Game


class NewLevelDialog(QDialog):
    def __init__(self, games: list[Game], parent=None, width: int = 20, height: int = 15):
        super().__init__(parent)
        self.setWindowTitle("New Level")
        self.games = games
        form = QFormLayout()
        self.game_box = QComboBox()
        for game in games:
            self.game_box.addItem(game.name, game.id)
        self.width_box = QSpinBox(minimum=1, maximum=100, value=width)
        self.height_box = QSpinBox(minimum=1, maximum=100, value=height)
        self.width_box.setSuffix(" cells")
        self.height_box.setSuffix(" cells")
        form.addRow("&Game:", self.game_box)
        form.addRow("&Width:", self.width_box)
        form.addRow("&Height:", self.height_box)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #ff8a80")
        self.problem.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.level = None

    def game(self) -> Game:
        return self.games[self.game_box.currentIndex()]

    def accept(self) -> None:
        from studio.core.errors import LevelLimitError

        try:
            self.level = self.game().new_level(self.width_box.value(), self.height_box.value())
        except LevelLimitError as error:
            self.problem.setText(str(error))
            return
        super().accept()


class PropertiesDialog(QDialog):
    """Edits the level's named properties and its size; the caller turns the result into undo commands."""

    def __init__(self, level, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Level Properties")
        self.level = level
        form = QFormLayout()
        self.fields: dict[str, QLineEdit] = {}
        for name, value in level.properties().items():
            field = QLineEdit(str(value))
            self.fields[name] = field
            form.addRow(f"&{name.capitalize()}:", field)
        self.width_box = QSpinBox(minimum=1, maximum=1000, value=level.width)
        self.height_box = QSpinBox(minimum=1, maximum=1000, value=level.height)
        form.addRow("&Width:", self.width_box)
        form.addRow("&Height:", self.height_box)
        note = QLabel("Resizing keeps the top-left corner in place.")
        note.setEnabled(False)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #ff8a80")
        self.problem.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)

    def changed_properties(self) -> dict[str, object]:
        current = self.level.properties()
        return {name: field.text() for name, field in self.fields.items() if field.text() != str(current[name])}

    def new_size(self) -> tuple[int, int] | None:
        size = (self.width_box.value(), self.height_box.value())
        return None if size == (self.level.width, self.level.height) else size

    def accept(self) -> None:
        from studio.core.errors import LevelLimitError

        size = self.new_size()
        if size is not None:
            try:
                self.level.resized(*size)
            except LevelLimitError as error:
                self.problem.setText(str(error))
                return
        super().accept()

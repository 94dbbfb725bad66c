"""The studio's dialogs: a new level, and the level's properties."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget,
)

from studio.app.property_fields import make_field
from studio.core.game import Game
from studio.core.properties import specs_of


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
    """Edits the level's named properties and its size; the caller turns the result into undo commands.

    The level says which properties to show and with what field (``property_specs``,
    see studio/core/properties.py); without that, each property gets a text field.
    ``folder`` is the level file's folder, to which chosen file names are made relative.
    """

    def __init__(self, level, parent=None, folder: Path | None = None):
        super().__init__(parent)
        self.setWindowTitle("Level Properties")
        self.level = level
        form = QFormLayout()
        current = level.properties()
        self.fields: dict[str, QWidget] = {}
        shared_rows: dict[str, QHBoxLayout] = {}
        for spec in specs_of(level):
            field = make_field(spec, current[spec.name], folder)
            self.fields[spec.name] = field
            if not spec.row:
                form.addRow(f"{spec.label}:", field)
                continue
            if spec.row not in shared_rows:  # specs sharing a row sit side by side, each after its label
                shared_rows[spec.row] = QHBoxLayout()
                form.addRow(f"{spec.row}:", shared_rows[spec.row])
            shared_rows[spec.row].addWidget(QLabel(spec.label))
            shared_rows[spec.row].addWidget(field)
        for row in shared_rows.values():
            row.addStretch()
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
        changed = {}
        for name, field in self.fields.items():
            value = field.value()
            old = current[name]
            if (str(old) if isinstance(value, str) else old) != value:
                changed[name] = value
        return changed

    def new_size(self) -> tuple[int, int] | None:
        size = (self.width_box.value(), self.height_box.value())
        return None if size == (self.level.width, self.level.height) else size

    def accept(self) -> None:
        from studio.core.errors import LevelLimitError

        changed = self.changed_properties()
        copy = getattr(self.level, "copy", None)
        if changed and copy is not None:
            try:  # tried on a copy, so a bad value is said here rather than failing in the undo stack
                copy().set_properties(changed)
            except ValueError as error:
                message = str(error)
                self.problem.setText(message[:1].upper() + message[1:])
                return
        size = self.new_size()
        if size is not None:
            try:
                self.level.resized(*size)
            except LevelLimitError as error:
                self.problem.setText(str(error))
                return
        super().accept()

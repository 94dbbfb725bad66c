"""The studio's dialogs: a new level, and the level's properties."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget,
)

from studio.app.anchor_picker import AnchorPicker, anchored_offset, resizes_with_anchor
from studio.app.plain_text import plain_label
from studio.app.property_fields import make_field
from studio.core.game import Game
from studio.core.properties import specs_of


def problem_label() -> QLabel:
    """Where a dialog says why it cannot accept what was entered."""
    label = plain_label()  # problems may quote a file's text
    label.setStyleSheet("color: #ff8a80")
    label.setWordWrap(True)
    return label


def ok_cancel_buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


TYPED_MAXIMUM = 9999  # what the size boxes take in, so a size past the game's limit is seen


class NewLevelDialog(QDialog):
    """A game and a size; the size boxes follow the chosen game's ``new_level_size`` rule
    (its default, bounds and step, and whether the height is the width), with its note."""

    def __init__(self, games: list[Game], parent=None):
        super().__init__(parent)
        self.setWindowTitle("New Level")
        self.games = games
        form = QFormLayout()
        self.game_box = QComboBox()
        for game in games:
            self.game_box.addItem(game.name, game.id)
        self.width_box = QSpinBox()
        self.height_box = QSpinBox()
        self.width_box.valueChanged.connect(self._width_changed)
        self.height_box.valueChanged.connect(lambda _: self.problem.setText(self.size_problem() or ""))
        form.addRow("&Game:", self.game_box)
        form.addRow("&Width:", self.width_box)
        form.addRow("&Height:", self.height_box)
        self.size_note = QLabel()
        self.size_note.setWordWrap(True)
        self.size_note.setEnabled(False)  # greyed: a hint, not a problem
        self.problem = problem_label()
        buttons = ok_cancel_buttons(self)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.size_note)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.level = None
        self.game_box.currentIndexChanged.connect(self._game_changed)
        self._game_changed()

    def game(self) -> Game:
        return self.games[self.game_box.currentIndex()]

    def _game_changed(self) -> None:
        if not self.games:
            return
        rule = self.game().new_level_size
        for box, value in ((self.width_box, rule.default[0]), (self.height_box, rule.default[1])):
            # Wider than the game's range, so a number typed past the limit is kept and refused
            # with the limit said, not silently cut (120 read as 12).
            box.setRange(rule.minimum, max(rule.maximum, TYPED_MAXIMUM))
            box.setSingleStep(rule.step)
            box.setSuffix(f" {rule.unit}")
            box.setValue(value)
        self.height_box.setEnabled(not rule.equal)
        self.height_box.setToolTip("The same as the width for this game" if rule.equal else "")
        self.size_note.setText(rule.note)
        self.size_note.setVisible(bool(rule.note))
        self.problem.clear()

    def _width_changed(self, width: int) -> None:
        if self.games and self.game().new_level_size.equal:
            self.height_box.setValue(width)
        self.problem.setText(self.size_problem() or "")

    def size_problem(self) -> str | None:
        """The size entered beyond the game's limits, said with them, or None (the game's
        ``new_level`` still has the last word: an even lock size, say)."""
        rule, game = self.game().new_level_size, self.game()
        for name, box in (("width", self.width_box), ("height", self.height_box)):
            value = box.value()
            if not rule.minimum <= value <= rule.maximum:
                return (f"{game.name} levels are {rule.minimum} to {rule.maximum} {rule.unit} in {name}, "
                        f"not {value}.")
        return None

    def accept(self) -> None:
        from studio.core.errors import LevelLimitError

        problem = self.size_problem()
        if problem is not None:
            self.problem.setText(problem)
            return
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
        self.anchor = AnchorPicker() if resizes_with_anchor(level) else None
        if self.anchor is not None:
            form.addRow("&Anchor:", self.anchor)
            note = QLabel("Resizing keeps the anchor's part of the level in place.")
        else:
            note = QLabel("Resizing keeps the top-left corner in place.")
        note.setEnabled(False)
        self.problem = problem_label()
        buttons = ok_cancel_buttons(self)
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

    def new_size(self) -> tuple[int, ...] | None:
        """(width, height), and (left, top) after them when the anchor moves the old corner;
        None when the size is unchanged."""
        size = (self.width_box.value(), self.height_box.value())
        old = (self.level.width, self.level.height)
        if size == old:
            return None
        offset = anchored_offset(self.anchor.anchor(), old, size) if self.anchor is not None else (0, 0)
        return size + offset if offset != (0, 0) else size

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

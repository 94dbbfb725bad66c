"""File > Generate: a level from a game's generator, a size and a seed, with a preview.

The same game, size and seed give the same level as `studio generate`; the
main window opens the result as a new untitled document.
"""

from __future__ import annotations

import secrets

import qtawesome as qta
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QSpinBox, QToolButton,
    QVBoxLayout,
)

from studio.core.errors import LevelLimitError
from studio.core.game import Game
from studio.core.generation import games_that_generate, generate

PREVIEW_SIZE = 260  # pixels, the longer side
PREVIEW_MAX_CELLS = 200 * 200  # bigger levels take too long to generate on every keystroke
PREVIEW_DELAY_MS = 200


class GenerateDialog(QDialog):
    def __init__(self, parent=None, games: list[Game] | None = None, width: int = 20, height: int = 20):
        super().__init__(parent)
        self.setWindowTitle("Generate Level")
        self.games = games if games is not None else games_that_generate()
        self.level = None
        form = QFormLayout()
        self.game_box = QComboBox()
        for game in self.games:
            self.game_box.addItem(game.name, game.id)
        self.width_box = QSpinBox(minimum=1, maximum=1000, value=width)
        self.height_box = QSpinBox(minimum=1, maximum=1000, value=height)
        self.width_box.setSuffix(" squares")
        self.height_box.setSuffix(" squares")
        self.seed_edit = QLineEdit(random_seed())
        self.seed_edit.setToolTip("Any text: the same game, size and seed always give the same level")
        dice = QToolButton()
        dice.setIcon(qta.icon("fa5s.dice", color="#dfe3ea"))
        dice.setToolTip("A new random seed")
        dice.clicked.connect(lambda: self.seed_edit.setText(random_seed()))
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed_edit, 1)
        seed_row.addWidget(dice)
        form.addRow("&Game:", self.game_box)
        form.addRow("&Width:", self.width_box)
        form.addRow("&Height:", self.height_box)
        seed_label = QLabel("&Seed:")
        seed_label.setBuddy(self.seed_edit)
        form.addRow(seed_label, seed_row)
        self.preview = QLabel()
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setMinimumSize(PREVIEW_SIZE, PREVIEW_SIZE)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #ff8a80")
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)

        self._preview_timer = QTimer(self)
        self._preview_timer.setSingleShot(True)
        self._preview_timer.setInterval(PREVIEW_DELAY_MS)
        self._preview_timer.timeout.connect(self.update_preview)
        for signal in (self.game_box.currentIndexChanged, self.width_box.valueChanged,
                       self.height_box.valueChanged, self.seed_edit.textChanged):
            signal.connect(self._preview_timer.start)
        if not self.games:
            self.problem.setText("No game has a level generator.")
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        else:
            self.update_preview()

    def game(self) -> Game:
        return self.games[self.game_box.currentIndex()]

    def make_level(self):
        """The level for the current choices; LevelLimitError (or ValueError) naming the problem."""
        return generate(self.game(), self.width_box.value(), self.height_box.value(), self.seed_edit.text())

    def update_preview(self) -> None:
        self._preview_timer.stop()
        if not self.games:
            return
        if self.width_box.value() * self.height_box.value() > PREVIEW_MAX_CELLS:
            self.preview.setPixmap(QPixmap())
            self.preview.setText("(no preview for levels this big)")
            self.problem.clear()
            return
        try:
            level = self.make_level()
        except (LevelLimitError, ValueError) as error:
            self.preview.setPixmap(QPixmap())
            self.preview.setText("")
            self.problem.setText(str(error))
            return
        self.problem.clear()
        scale = max(1, PREVIEW_SIZE // max(level.width, level.height))
        image = self.game().view.resolve().render_level(level, scale=scale)
        self.preview.setPixmap(QPixmap.fromImage(image))

    def accept(self) -> None:
        try:
            self.level = self.make_level()
        except (LevelLimitError, ValueError) as error:
            self.problem.setText(str(error))
            return
        super().accept()


def random_seed() -> str:
    return secrets.token_hex(3)

"""The prompt at start when a studio ended with unsaved levels: each autosaved copy listed with
a preview, to recover (it opens with its changes unsaved) or discard, now or at a later start."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QHBoxLayout, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout,
)

from studio.app.level_preview import PreviewLabel
from studio.app.plain_text import plain_label
from studio.app.recovery import RecoveryEntry
from studio.core.errors import LevelFormatError
from studio.core.game import game_by_id
from studio.core.reading import read_level

PREVIEW_SIDE = 320


@dataclass
class RecoveredLevel:
    """An entry read back: its game and level, or why it cannot be read."""

    entry: RecoveryEntry
    game: Any = None
    level: Any = None
    problem: str = ""


def read_entry(entry: RecoveryEntry) -> RecoveredLevel:
    try:
        game = game_by_id(entry.game_id)
    except KeyError:
        return RecoveredLevel(entry, problem=f"no game called {entry.game_id!r} is installed")
    try:
        return RecoveredLevel(entry, game, game.load(read_level(entry.data_file, game)))
    except (OSError, LevelFormatError) as error:
        return RecoveredLevel(entry, game, problem=f"the copy cannot be read: {getattr(error, 'strerror', None) or error}")


class RecoveryDialog(QDialog):
    """``recover(recovered)`` opens one (returning a problem, or None); ``discard(entry)`` deletes
    one. Entries neither recovered nor discarded stay for the next start."""

    def __init__(self, entries: list[RecoveryEntry], recover: Callable[[RecoveredLevel], str | None],
                 discard: Callable[[RecoveryEntry], None], parent=None):
        super().__init__(parent)
        self.setWindowTitle("Recover Unsaved Levels")
        self.recover_one, self.discard_one = recover, discard
        self.levels = [read_entry(entry) for entry in entries]

        intro = plain_label("The studio ended without saving these levels. Their last autosaved versions "
                            "can be recovered: a recovered level opens with its changes unsaved.")
        intro.setWordWrap(True)
        self.list = QListWidget()
        self.list.currentRowChanged.connect(self._show_current)
        self.preview = PreviewLabel(PREVIEW_SIDE)
        self.details = plain_label()
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        side = QVBoxLayout()
        side.addWidget(self.preview, 1)
        side.addWidget(self.details)
        body = QHBoxLayout()
        body.addWidget(self.list, 1)
        body.addLayout(side, 2)

        buttons = QDialogButtonBox()
        self.recover_button = QPushButton("&Recover")
        self.discard_button = QPushButton("&Discard")
        self.later_button = QPushButton("Decide &Later")
        self.recover_button.setToolTip("Open the level with its autosaved changes")
        self.discard_button.setToolTip("Delete the autosaved copy; the level's file stays as it is")
        self.later_button.setToolTip("Keep the copies left and ask again at the next start")
        buttons.addButton(self.recover_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.discard_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.later_button, QDialogButtonBox.ButtonRole.RejectRole)
        self.recover_button.clicked.connect(self.recover_current)
        self.discard_button.clicked.connect(self.discard_current)
        self.later_button.clicked.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(body, 1)
        layout.addWidget(buttons)
        for recovered in self.levels:
            self.list.addItem(QListWidgetItem(self._title(recovered)))  # list items are plain text
        self.list.setCurrentRow(0)
        self.resize(760, 460)

    @staticmethod
    def _title(recovered: RecoveredLevel) -> str:
        entry = recovered.entry
        return f"{entry.name} — {entry.when()}" + (" (unreadable)" if recovered.problem else "")

    def current(self) -> RecoveredLevel | None:
        row = self.list.currentRow()
        return self.levels[row] if 0 <= row < len(self.levels) else None

    def _show_current(self) -> None:
        recovered = self.current()
        self.recover_button.setEnabled(recovered is not None and not recovered.problem)
        self.discard_button.setEnabled(recovered is not None)
        if recovered is None:
            self.preview.show_text("")
            self.details.clear()
            return
        entry = recovered.entry
        where = entry.path or "never saved (it opens as an untitled level)"
        game = recovered.game.name if recovered.game else entry.game_id
        self.details.setText(f"{game} level: {where}\nAutosaved at {entry.when()}"
                             + (f"\n{recovered.problem}" if recovered.problem else ""))
        if recovered.problem:
            self.preview.show_text(recovered.problem)
        else:
            self.preview.show_level(recovered.game, recovered.level)

    def recover_current(self) -> None:
        recovered = self.current()
        if recovered is None or recovered.problem:
            return
        problem = self.recover_one(recovered)
        if problem:
            recovered.problem = problem
            self._show_current()
            return
        self._drop_current()

    def discard_current(self) -> None:
        recovered = self.current()
        if recovered is not None:
            self.discard_one(recovered.entry)
            self._drop_current()

    def _drop_current(self) -> None:
        row = self.list.currentRow()
        del self.levels[row]
        self.list.takeItem(row)
        if not self.levels:
            self.accept()
        else:
            self._show_current()

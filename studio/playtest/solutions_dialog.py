"""Choosing a stored solution to replay: each one listed with what it does on the
level as it is now, and flagged when it was recorded on an older version."""

from __future__ import annotations

from pathlib import Path

import qtawesome as qta
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QFileDialog, QLabel, QPushButton, QTreeWidget, QTreeWidgetItem,
    QVBoxLayout,
)

from studio.core.playtest_adapter import DEAD, WON

VERDICT_COLOURS = {WON: "#8ee6a5", DEAD: "#ffb3ad"}
OLDER_COLOUR = "#ffd479"


class SolutionsDialog(QDialog):
    def __init__(self, dock, files, parent=None):
        super().__init__(parent or dock)
        self.setWindowTitle("Load Solution")
        self.resize(760, 360)
        self.dock = dock
        self.files = files
        self.chosen = None
        self.rows = []
        self.source: Path | None = None

        self.where_label = QLabel()
        self.where_label.setTextFormat(Qt.TextFormat.PlainText)  # it names files
        self.where_label.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.setHeaderLabels(["Name", "Author", "Moves", "Kept in", "On this version"])
        self.tree.header().setStretchLastSection(True)
        self.tree.itemDoubleClicked.connect(lambda item, column: self._accept_item(item))
        self.tree.currentItemChanged.connect(lambda current, previous: self._update_buttons())

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.replay_button = buttons.addButton("Replay", QDialogButtonBox.ButtonRole.AcceptRole)
        self.replay_button.setIcon(qta.icon("fa5s.play", color="#dfe3ea", color_disabled="#5d626b"))
        if files is not None:
            other = QPushButton(qta.icon("fa5s.folder-open", color="#dfe3ea"), "Other File…")
            buttons.addButton(other, QDialogButtonBox.ButtonRole.ActionRole)
            other.clicked.connect(self._choose_file)
        buttons.accepted.connect(lambda: self._accept_item(self.tree.currentItem()))
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.where_label)
        layout.addWidget(self.tree, 1)
        layout.addWidget(buttons)
        self.show_source(None)

    def show_source(self, source: Path | None) -> None:
        self.source = source
        self.rows, problem = self.dock.list_solutions_for_dialog(source)
        self.tree.clear()
        for solution, verification in self.rows:
            older = not solution.current
            verdict = verification.text
            item = QTreeWidgetItem([solution.name, solution.author, str(len(solution.moves)), solution.source,
                                    ("recorded on an older version; here it is " if older else "") + verdict])
            item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            item.setForeground(4, QColor(VERDICT_COLOURS.get(verification.outcome.kind, "#c8cdd6")))
            if older:
                item.setIcon(0, qta.icon("fa5s.exclamation-triangle", color=OLDER_COLOUR))
                item.setToolTip(0, "Recorded on an older version of this level: re-verified on this one")
                item.setForeground(0, QColor(OLDER_COLOUR))
            self.tree.addTopLevelItem(item)
        for column in range(4):
            self.tree.resizeColumnToContents(column)
        if self.rows:
            self.tree.setCurrentItem(self.tree.topLevelItem(0))
        where = str(source) if source else "the player files beside the level" if self.files else "the level"
        if problem:
            self.where_label.setText(f"⚠ {problem}")
        elif not self.rows:
            self.where_label.setText(f"No solutions for this level in {where}.")
        else:
            self.where_label.setText(f"{len(self.rows)} solution(s) for this level in {where}, each played on "
                                     "the level as it is now:")
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.replay_button.setEnabled(self.tree.currentItem() is not None)

    def _choose_file(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(self, "Solutions From", str(self.source or ""),
                                                f"{self.files.description} ({' '.join(self.files.patterns)})")
        if chosen:
            self.show_source(Path(chosen))

    def _accept_item(self, item) -> None:
        if item is None:
            return
        self.chosen = self.rows[self.tree.indexOfTopLevelItem(item)][0]
        self.accept()

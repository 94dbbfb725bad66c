"""The Verify Collection dialog: every level of a folder, its stored solutions played
and the solver run on it, in worker processes, into a sortable table.

Columns: level, solutions stored, their verdicts, the shortest known (won)
solution, the solver's length (marked "shortest" when proven), the difficulty
(core.difficulty; its inputs in the tooltip) and a note (a file that cannot be read, a
solver that beat the stored solutions). Every column sorts.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QDoubleSpinBox, QFileDialog, QFormLayout, QHBoxLayout, QLineEdit,
    QProgressBar, QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout,
)

from studio.app.plain_text import plain_label, tooltip_text
from studio.core.difficulty import inputs_text
from studio.core.collection import CollectionCheck, level_files

POLL_MS = 150
COLUMNS = ("Level", "Solutions", "Verdicts", "Shortest known", "Solver", "Difficulty", "Note")


class _NumberItem(QTableWidgetItem):
    """Sorts by number; blank (None) after every number."""

    def __init__(self, value, text: str | None = None):
        super().__init__("" if value is None else (text or str(value)))
        self.value = value

    def __lt__(self, other):
        if isinstance(other, _NumberItem):
            mine = float("inf") if self.value is None else self.value
            theirs = float("inf") if other.value is None else other.value
            return mine < theirs
        return super().__lt__(other)


class VerifyCollectionDialog(QDialog):
    def __init__(self, folder: str | None = None, parent=None, solve_timeout: float = 10.0,
                 solution_patterns: tuple[str, ...] = ()):
        super().__init__(parent)
        self.setWindowTitle("Verify Collection")
        self.check: CollectionCheck | None = None
        self.rows: list[dict] = []
        self.solution_patterns = solution_patterns  # where games keep solutions apart ("*.esp")
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.poll)

        layout = QVBoxLayout(self)
        form = QFormLayout()
        folder_row = QHBoxLayout()
        self.folder_edit = QLineEdit(folder or "")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self.browse)
        folder_row.addWidget(self.folder_edit)
        folder_row.addWidget(browse)
        form.addRow("Folder", folder_row)
        self.timeout_box = QDoubleSpinBox()
        self.timeout_box.setRange(0, 600)
        self.timeout_box.setValue(solve_timeout)
        self.timeout_box.setSuffix(" s per level (0: no solver)")
        form.addRow("Solver", self.timeout_box)
        layout.addLayout(form)
        self.progress = QProgressBar()
        layout.addWidget(self.progress)
        self.status = plain_label("Verify checks the levels of this folder, or choose another." if folder
                                  else "Choose a folder of levels.")  # (plain: it names folders and files)
        layout.addWidget(self.status)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSortingEnabled(True)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table)
        self.buttons = QDialogButtonBox()
        self.start_button = self.buttons.addButton("Verify", QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button = self.buttons.addButton("Cancel", QDialogButtonBox.ButtonRole.ActionRole)
        close = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.start_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        close.clicked.connect(self.close)
        layout.addWidget(self.buttons)
        self.cancel_button.setEnabled(False)
        self.resize(900, 520)

    def browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Folder of Levels", self.folder_edit.text())
        if folder:
            self.folder_edit.setText(folder)

    def start(self) -> bool:
        folder = Path(self.folder_edit.text())
        if not folder.is_dir():
            self.status.setText(f"{folder}: no such folder.")
            return False
        paths = level_files(folder)
        if not paths:
            self.status.setText(f"{folder}: no level files here.")
            return False
        solutions = next((str(p) for pattern in self.solution_patterns for p in sorted(folder.glob(pattern))), None)
        self.rows = []
        self.table.setSortingEnabled(False)
        self.table.setRowCount(0)
        self.progress.setRange(0, len(paths))
        self.progress.setValue(0)
        self.status.setText(f"Checking {len(paths)} levels" + (f" with {Path(solutions).name}" if solutions else "") + "…")
        self.check = CollectionCheck(paths, solutions, self.timeout_box.value() or None)
        self.start_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self._timer.start()
        return True

    def poll(self) -> None:
        if self.check is None:
            return
        for row in self.check.poll():
            self._add_row(row)
        self.progress.setValue(self.check.done)
        if self.check.finished:
            self._timer.stop()
            self.table.setSortingEnabled(True)
            self.table.sortItems(0)
            self.table.resizeColumnsToContents()
            self.start_button.setEnabled(True)
            self.cancel_button.setEnabled(False)
            won = sum(1 for r in self.rows if r["shortest_known"] is not None or r["solver_length"] is not None)
            self.status.setText(f"Done: {len(self.rows)} levels, {won} with a known solution.")

    def cancel(self) -> None:
        if self.check is not None:
            self.check.cancel()
            self.status.setText("Cancelling: the levels being solved stop at their time limit…")

    def _add_row(self, row: dict) -> None:
        self.rows.append(row)
        sorting = self.table.isSortingEnabled()
        self.table.setSortingEnabled(False)
        at = self.table.rowCount()
        self.table.insertRow(at)
        solver = row["solver_length"]
        solver_text = None if solver is None else f"{solver}" + (" (shortest)" if row["solver_optimal"] else "")
        note = row.get("error") or ""
        known = row["shortest_known"]
        if not note and solver is not None and known is not None and solver < known:
            note = f"the solver is {known - solver} moves shorter than the stored solutions"
        items = [QTableWidgetItem(Path(row["level"]).name), _NumberItem(row["solutions"]),
                 QTableWidgetItem(row["verdicts"]), _NumberItem(known), _NumberItem(solver, solver_text),
                 _NumberItem(row.get("difficulty")), QTableWidgetItem(note)]
        items[0].setToolTip(tooltip_text(row["level"]))
        if row.get("difficulty_inputs"):
            items[5].setToolTip(difficulty_tooltip(row["difficulty_inputs"]))
        for column, item in enumerate(items):
            self.table.setItem(at, column, item)
        self.table.setSortingEnabled(sorting)

    def closeEvent(self, event) -> None:
        self._timer.stop()
        if self.check is not None and not self.check.finished:
            self.check.close()
        super().closeEvent(event)


def difficulty_tooltip(inputs: dict) -> str:
    return tooltip_text(inputs_text(inputs))

"""Analyse Level: what the level's solution needs, element by element, and how hard it is
(core.analysis), worked out in a worker process while the designer goes on.

The table lists each element with what removing it does; selecting rows selects their
cells on the level. The analysis is of the level as it was when it started: edits made
since are named in the status line, and Analyse Again starts over.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QProgressBar, QTableWidget, QTableWidgetItem,
    QVBoxLayout,
)

from studio.app.file_form import unwritable_text
from studio.app.plain_text import plain_label
from studio.core.analysis import EFFECT_WORDS, EASIER, HARDER, NOTHING, SOLVABLE, UNSOLVABLE, verdict_words
from studio.core.analysis_runner import AnalysisProcess
from studio.core.difficulty import inputs_text

POLL_MS = 100
TIMEOUT = 10.0
ELEMENT_TIMEOUT = 3.0
EFFECT_COLOURS = {NOTHING: "#8a8a8a", EASIER: "#c07000", HARDER: "#2a6fb0", UNSOLVABLE: "#1d8a3a",
                  SOLVABLE: "#c0392b"}
COLUMNS = ("Element", "Where", "Without it", "Moves")


class AnalyseDialog(QDialog):
    cellsChosen = Signal(list)  # (x, y) or (q, r) cells of the chosen rows

    def __init__(self, document, parent=None, start: bool = True):
        super().__init__(parent)
        self.setWindowTitle(f"Analyse {document.display_name()}")
        self.document = document
        self.process: AnalysisProcess | None = None
        self.record: dict | None = None
        self.analysed_revision = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.poll)

        layout = QVBoxLayout(self)
        self.verdict = plain_label("")
        self.verdict.setWordWrap(True)
        layout.addWidget(self.verdict)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        for column in (0, 1, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # the level's order until a header is clicked
        self.table.setSortingEnabled(True)
        self.table.itemSelectionChanged.connect(self._rows_chosen)
        layout.addWidget(self.table, 1)
        self.difficulty = plain_label("")
        self.difficulty.setWordWrap(True)
        layout.addWidget(self.difficulty)
        self.progress = QProgressBar()
        layout.addWidget(self.progress)
        self.status = plain_label("Ready.")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.buttons = QDialogButtonBox()
        self.start_button = self.buttons.addButton("Analyse Again", QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        close = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.start_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        close.clicked.connect(self.close)
        layout.addWidget(self.buttons)
        self.resize(600, 520)
        self._update_buttons()
        if start:
            self.start()

    # -- running ---------------------------------------------------------------------------
    def start(self) -> None:
        if self.running:
            return
        document = self.document
        try:
            data = document.game.save(document.level)
        except ValueError as error:
            self.status.setText(f"Cannot analyse: {unwritable_text(document, error)}")
            return
        self.record = None
        self.table.setRowCount(0)
        self.verdict.setText("Solving the level…")
        self.difficulty.setText("")
        self.progress.setRange(0, 0)
        self.analysed_revision = document.undo_stack.index()
        path = None if document.path is None else str(document.path)
        self.process = AnalysisProcess(document.game.id, data, document.display_name(), path, TIMEOUT,
                                       ELEMENT_TIMEOUT)
        self.status.setText("Starting…")
        self._timer.start()
        self._update_buttons()

    @property
    def running(self) -> bool:
        return self.process is not None and not self.process.finished

    def cancel(self) -> None:
        if self.running:
            self.process.cancel()
            self.status.setText("Stopping: keeping what was decided so far…")

    def poll(self) -> None:
        if self.process is None:
            return
        for kind, data in self.process.poll():
            if kind == "progress":
                done, total, text = data
                self.progress.setRange(0, total)
                self.progress.setValue(done)
                self.progress.setFormat(f"{done} of {total}")
                self.status.setText(text[:1].upper() + text[1:] + "…")
            else:
                self._finish(data)

    def _finish(self, record: dict) -> None:
        self._timer.stop()
        self.record = record
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        self.progress.setFormat("cancelled" if record.get("stopped") == "cancelled" else "done")
        if record.get("error"):
            self.verdict.setText(f"Cannot analyse: {record['error']}")
        else:
            self.verdict.setText(summary_text(record))
            self._fill(record.get("elements") or [])
            self.difficulty.setText(difficulty_text(record.get("difficulty")))
        self.status.setText(self._status_text(record))
        self._update_buttons()

    def _status_text(self, record: dict) -> str:
        rows = record.get("elements") or []
        text = f"{len(rows)} elements" if rows else "No elements to try removing."
        if record.get("stopped") == "cancelled":
            text += "; cancelled before the end"
        if self.document.undo_stack.index() != self.analysed_revision:
            text += ". The level has been edited since: Analyse Again to see the new one"
        return text + ". Select rows to select their cells."

    def _fill(self, rows: list[dict]) -> None:
        self.table.setSortingEnabled(False)
        self.table.setRowCount(len(rows))
        for number, row in enumerate(rows):
            effect = row.get("effect")
            words = EFFECT_WORDS.get(effect, "not tried") + ("" if row.get("certain", True) else " (not proven)")
            values = (row["kind"], row["where"], words, "" if row.get("length") is None else row["length"])
            for column, value in enumerate(values):
                item = QTableWidgetItem()
                item.setData(Qt.ItemDataRole.DisplayRole, value)
                item.setData(Qt.ItemDataRole.UserRole, [tuple(cell) for cell in row["cells"]])
                if column == 2 and effect in EFFECT_COLOURS:
                    item.setForeground(QColor(EFFECT_COLOURS[effect]))
                if row.get("note"):
                    item.setToolTip(row["note"])
                self.table.setItem(number, column, item)
        self.table.setSortingEnabled(True)

    def _rows_chosen(self) -> None:
        cells: list = []
        for index in self.table.selectionModel().selectedRows():
            for cell in self.table.item(index.row(), 0).data(Qt.ItemDataRole.UserRole) or []:
                if cell not in cells:
                    cells.append(cell)
        if cells:
            self.cellsChosen.emit(cells)

    def _update_buttons(self) -> None:
        self.start_button.setEnabled(not self.running)
        self.cancel_button.setEnabled(self.running)

    def closeEvent(self, event) -> None:
        self._timer.stop()
        if self.process is not None and not self.process.finished:
            self.process.kill()
        super().closeEvent(event)


def summary_text(record: dict) -> str:
    text = verdict_words(record).capitalize() + "."
    if record.get("intended"):
        text += f" Your solution takes {record['intended']} moves ({record['intended_source']})."
    if record.get("shortcut"):
        text += f" The solver's takes {record['shortcut']}: a shortcut."
    return text


def difficulty_text(found: dict | None) -> str:
    if not found:
        return "Difficulty: not measured (no solution known)."
    return inputs_text(found)

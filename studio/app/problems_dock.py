"""The Problems dock: the current level's lint problems, kept up to date as you edit.

Edits come in bursts (a brush stroke is many cell changes), so the check runs
once the document has been quiet for ``DEBOUNCE_MS``. Double-clicking a problem
emits ``cellsActivated`` with its cells (one, or a region's), which the window selects.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDockWidget, QHeaderView, QLabel, QSizePolicy, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)
import qtawesome as qta

from studio.app.plain_text import plain_label, tooltip_text
from studio.editor.lifetimes import later
from studio.core.problems import Problem, lint_level, problem_place

DEBOUNCE_MS = 300
DOCK_WIDTH = 300  # the dock keeps its width whatever the problems say: long texts are elided
_ICONS = {"error": ("fa5s.times-circle", "#e06c6c"), "warning": ("fa5s.exclamation-triangle", "#e5c07b"),
          "info": ("fa5s.info-circle", "#61afef")}


class ProblemsDock(QDockWidget):
    cellsActivated = Signal(list)  # a problem's cells, to select together

    def __init__(self, parent=None):
        super().__init__("Problems", parent)
        self.setObjectName("problems_dock")
        self.document = None
        self.problems: list[Problem] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.refresh)

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.verdict = QLabel()  # the live verdict (app/live_verdict.py), when it is on
        self.verdict.setObjectName("problems_verdict")
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.verdict.setWordWrap(True)
        self.verdict.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.verdict.setStyleSheet("font-weight: 600;")
        self.verdict.hide()
        self.summary = plain_label()
        self.summary.setWordWrap(True)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.tree = QTreeWidget()
        self.tree.setRootIsDecorated(False)
        self.tree.setHeaderLabels(["Cell", "Problem", "Rule"])
        self.tree.setColumnWidth(2, 90)
        # The problem's text takes the width the dock has (it shares a narrow column of tabs),
        # on one line elided; the whole text is in its tooltip. Nothing here widens the dock.
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        self.tree.setWordWrap(False)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.setUniformRowHeights(True)
        self.tree.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Expanding)
        self.tree.setMinimumHeight(40)
        self.tree.itemActivated.connect(self._activated)
        self.tree.itemDoubleClicked.connect(self._activated)
        layout.addWidget(self.verdict)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree)
        body.setMinimumWidth(120)
        self.setWidget(body)
        self.setMinimumWidth(160)
        self._show()

    def sizeHint(self) -> QSize:
        return QSize(DOCK_WIDTH, super().sizeHint().height())

    def show_document(self, document) -> None:
        """Follow ``document`` (a LevelDocument, or None)."""
        if self.document is document:
            return
        if self.document is not None:
            try:
                self.document.changed.disconnect(self.schedule)
            except (RuntimeError, TypeError):
                pass
        self.document = document
        if document is None:
            self.refresh()
            return
        document.changed.connect(self.schedule)
        # Check once the event loop is free again: opening a level paints it first.
        later(self, self._refresh_if_current(document))

    def _refresh_if_current(self, document):
        return lambda: self.refresh() if self.document is document else None

    def show_verdict(self, rich_text: str) -> None:
        self.verdict.setText(rich_text)
        self.verdict.setVisible(bool(rich_text))

    def schedule(self) -> None:
        self._timer.start()

    def refresh(self) -> None:
        self._timer.stop()
        document = self.document
        if document is None:
            self.problems = []
        else:
            try:
                self.problems = lint_level(document.game, document.level)
            except Exception as e:  # a half-edited level must never break the editor
                self.problems = [Problem("lint-failed", f"The check could not run: {type(e).__name__}: {e}")]
        self._show()

    def _show(self) -> None:
        self.tree.clear()
        level = self.document.level if self.document is not None else None
        for problem in self.problems:
            item = QTreeWidgetItem([problem_place(level, problem), problem.message, problem.rule])
            icon, colour = _ICONS.get(problem.severity, _ICONS["warning"])
            item.setIcon(0, qta.icon(icon, color=colour))
            item.setToolTip(1, tooltip_text(problem.message))
            item.setToolTip(2, tooltip_text(problem.rule))
            item.setData(0, Qt.ItemDataRole.UserRole, list(problem.all_cells))
            self.tree.addTopLevelItem(item)
        if self.document is None:
            self.summary.setText("No level open.")
        elif not self.problems:
            self.summary.setText("No problems found.")
        else:
            errors = sum(1 for p in self.problems if p.severity == "error")
            notes = sum(1 for p in self.problems if p.severity == "info")
            warnings = len(self.problems) - errors - notes
            parts = [f"{errors} error{'s' * (errors != 1)}"] if errors else []
            parts += [f"{warnings} warning{'s' * (warnings != 1)}"] if warnings else []
            parts += [f"{notes} note{'s' * (notes != 1)}"] if notes else []
            self.summary.setText(", ".join(parts) + " (double-click one to select its cells)")

    def _activated(self, item: QTreeWidgetItem, column: int = 0) -> None:
        cells = item.data(0, Qt.ItemDataRole.UserRole)
        if cells:
            self.cellsActivated.emit([int(cell) for cell in cells])

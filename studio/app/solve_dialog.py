"""The Solve dialog: runs the game's solver on the level as it is now (unsaved edits
included) in a worker process, shows its progress, and what it found.

A solution found is loaded into the play-test replay when the window has one
(``window.playtest``); either way it can be copied or saved as text.
"""

from __future__ import annotations

import hashlib

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QPlainTextEdit, QProgressBar, QSpinBox, QVBoxLayout,
)

from studio.app.file_form import unwritable_text
from studio.app.plain_text import plain_label
from studio.core.files import write_atomic
from studio.core.solve_runner import DEFAULT_TIMEOUT, SolveProcess

POLL_MS = 100


class SolveDialog(QDialog):
    def __init__(self, document, playtest=None, parent=None, timeout: float = DEFAULT_TIMEOUT, start: bool = True):
        super().__init__(parent)
        self.setWindowTitle(f"Solve {document.display_name()}")
        self.document = document
        self.playtest = playtest
        self.process: SolveProcess | None = None
        self.version = ""  # the MD5 of the level file being solved
        self.result: dict | None = None
        self.best: dict | None = None  # the best solution reported while the search goes on
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self.poll)

        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.timeout_box = QSpinBox()
        self.timeout_box.setRange(1, 3600)
        self.timeout_box.setValue(int(timeout))
        self.timeout_box.setSuffix(" s")
        form.addRow("Give up after", self.timeout_box)
        layout.addLayout(form)
        self.progress = QProgressBar()  # the time spent, against the time limit
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("")
        layout.addWidget(self.progress)
        self.status = plain_label("Ready.")  # results name files and quote their errors
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.solution_text = QPlainTextEdit()
        self.solution_text.setReadOnly(True)
        self.solution_text.setPlaceholderText("The solution's moves appear here.")
        self.solution_text.setMaximumHeight(90)
        layout.addWidget(self.solution_text)

        self.buttons = QDialogButtonBox()
        self.start_button = self.buttons.addButton("Solve", QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button = self.buttons.addButton("Cancel Search", QDialogButtonBox.ButtonRole.ActionRole)
        self.replay_button = self.buttons.addButton("Replay in Play-Test", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button = self.buttons.addButton("Copy", QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button = self.buttons.addButton("Save…", QDialogButtonBox.ButtonRole.ActionRole)
        close = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.clicked.connect(self.close)
        self.start_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.replay_button.clicked.connect(self.replay)
        self.copy_button.clicked.connect(self.copy)
        self.save_button.clicked.connect(self.save)
        layout.addWidget(self.buttons)
        self.resize(520, 280)
        self._update_buttons()
        if start:
            self.start()

    # -- running ---------------------------------------------------------------------------
    def start(self) -> None:
        if self.process is not None and not self.process.finished:
            return
        document = self.document
        try:
            data = document.game.save(document.level)
        except ValueError as error:  # edited since into a level its format cannot hold
            self.status.setText(f"Cannot solve: {unwritable_text(document, error)}")
            return
        self.result = None
        self.best = None
        self.version = hashlib.md5(data).hexdigest()  # (what the live verdict knows it by)
        self.solution_text.clear()
        self._show_time(0.0)
        self.status.setText("Starting the solver…")
        self.process = SolveProcess(document.game.id, data, document.display_name(), float(self.timeout_box.value()))
        self._timer.start()
        self._update_buttons()

    def cancel(self) -> None:
        if self.process is not None and not self.process.finished:
            self.process.cancel()
            self.status.setText("Stopping: keeping the best solution found so far…")

    def poll(self) -> None:
        if self.process is None:
            return
        for kind, data in self.process.poll():
            if kind == "progress":
                self._show_progress(data)
            elif kind == "note":  # (a wait before the search: its time limit starts after)
                self.status.setText(data[:1].upper() + data[1:] + "…")
                self.progress.setFormat("preparing")
            else:
                self._finish(data)

    def _show_time(self, seconds: float) -> None:
        limit = self.timeout_box.value()
        self.progress.setRange(0, limit * 10)
        self.progress.setValue(min(limit * 10, int(seconds * 10)))
        self.progress.setFormat(f"{seconds:.0f} s of {limit} s")

    def _show_progress(self, p: dict) -> None:
        self._show_time(p["seconds"])
        self.status.setText(progress_text(p))
        solution = p.get("best_solution") or ""
        if solution and (self.best is None or self.best["solution"] != solution):
            self.best = {"solved": True, "optimal": False, "solution": solution, "length": p["best"]}
            self.solution_text.setPlainText(solution)
            self._update_buttons()

    def _finish(self, record: dict) -> None:
        self._timer.stop()
        self.result = record
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        self.progress.setFormat(f"done in {record.get('seconds', 0):.1f} s")
        self.status.setText(describe_result(record))
        live = getattr(getattr(self.parent(), "solving", None), "live_verdict", None)
        if live is not None:
            live.learn(self.version, record)  # (the status bar then says what this search found)
        if record.get("solved"):
            self.solution_text.setPlainText(record["solution"])
            if self.playtest is not None:
                self.replay()
        self._update_buttons()

    def _update_buttons(self) -> None:
        running = self.process is not None and not self.process.finished
        solved = self.solution() is not None
        self.start_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.replay_button.setVisible(self.playtest is not None)
        self.replay_button.setEnabled(solved)
        self.copy_button.setEnabled(solved)
        self.save_button.setEnabled(solved)

    # -- using the solution ---------------------------------------------------------------------
    def solution(self) -> dict | None:
        """The solution to replay, copy or save: the search's result when it found one, else
        the best found so far while it runs (None when there is none)."""
        if self.result and self.result.get("solved"):
            return self.result
        return self.best if self.result is None else None

    def replay(self) -> bool:
        """Load the solution (the best so far, while searching) into the play-test and replay it."""
        found = self.solution()
        if found is None or self.playtest is None:
            return False
        self.playtest.start()
        session = self.playtest.session_for(self.document)
        if session is None:
            return False
        moves = session.adapter.parse_moves(found["solution"])
        how = "shortest" if found["optimal"] else ("found" if found is self.result else "best so far")
        session.load_moves(moves, f"Solver ({how}, {len(moves)} moves)", "solver")
        session.play_replay()
        return True

    def copy(self) -> None:
        found = self.solution()
        if found is not None:
            QGuiApplication.clipboard().setText(found["solution"])
            self.status.setText(self.status.text() + "\nCopied to the clipboard.")

    def save(self, path: str | None = None) -> None:
        found = self.solution()
        if found is None:
            return
        if path is None:
            suggested = str(Path(self.document.path).with_suffix(".solution.txt")) if self.document.path else "solution.txt"
            path, _ = QFileDialog.getSaveFileName(self, "Save Solution", suggested, "Text files (*.txt)")
            if not path:
                return
        write_atomic(path, (found["solution"] + "\n").encode())
        self.status.setText(self.status.text() + f"\nSaved to {path}.")

    def closeEvent(self, event) -> None:
        self._timer.stop()
        if self.process is not None and not self.process.finished:
            self.process.kill()
        super().closeEvent(event)


def progress_text(p: dict) -> str:
    """What the search is doing, in plain words (a core.solver Progress as a dict)."""
    looked = f"{p['expanded']:,} positions looked at"
    best = p.get("best")
    if p.get("phase") == "any":
        if best:  # (the other core found one while this one searches on)
            return f"Best so far: {best} moves (replay it now). Searching on: {looked}."
        return f"Looking for any solution: {looked}."
    if p.get("phase") == "shorter":
        return f"Best so far: {best} moves (replay it now). Looking for a shorter one: {looked}."
    # The shortest phase: the A* proves that no solution has fewer than ``bound`` moves.
    known = f" Every solution needs at least {p['bound']} moves." if p.get("bound", 0) > 0 else ""
    if best:
        return (f"Best so far: {best} moves (replay it now). Checking whether a shorter one exists: "
                f"{looked}.{known}")
    return f"Searching for the shortest solution: {looked}.{known}"


def describe_result(record: dict) -> str:
    if record.get("error"):
        return f"The solver could not run: {record['error']}"
    cost = f"{record['states']:,} states in {record['seconds']:.1f} s"
    if record["solved"]:
        how = "a shortest solution (proven)" if record["optimal"] else "a solution, not proven shortest"
        if record["optimal"] and record.get("bounded"):
            how = "a shortest solution within the search bounds (proven)"
        return f"Found {how}: {record['length']} moves ({cost})."
    if record["optimal"] and record.get("bounded"):
        return f"No solution within the search bounds: the search tried every position ({cost})."
    if record["optimal"]:
        return f"The level cannot be solved: the search tried every position ({cost})."
    if record.get("stopped") == "cancelled":
        return f"Search cancelled before it found a solution ({cost})."
    return f"No solution found in time ({cost}). Try a longer time limit."

"""File > Export Game and File > Export Web Game: a designer's levels as a standalone game of
their own, a program (PyInstaller) or a web page (``web``: `studio export-web`).

The dialog gathers the collection (in order), the name, author, icon and output folder,
then runs `studio export-game` in a separate process (QProcess): first ``--check-only``
(every level must load and be won by a stored solution, or one the solver finds; lint
errors are listed), then, when every level can ship or the designer ticks "Ship levels
with no known solution", the build itself, with a progress bar, a build log that folds
open, and Cancel. Play tries the collection in the player shell first. A web game ships
only levels a solution wins, and opens in the browser once written.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtCore import QProcess, QProcessEnvironment, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QColor, QDesktopServices, QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox, QDialog, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QProgressBar,
    QPushButton, QToolButton, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from studio.app.collection_list import CollectionList
from studio.app.dialogs import problem_label
from studio.export.build import PROGRESS_PREFIX, WARNING_PREFIX, export_blockers
from studio.export.bundle import slug

KILL_AFTER_MS = 3000  # a cancelled build that has not stopped by then is killed
GOOD, BAD, WARN = QColor("#8ee6a5"), QColor("#ff8a80"), QColor("#ffd479")


def studio_command(*args: str) -> tuple[str, list[str]]:
    """The program and arguments that run `studio ARGS` (this Python, this studio)."""
    return sys.executable, ["-m", "studio", *args]


class ExportDialog(QDialog):
    playRequested = Signal(object, str, str, str)  # the level paths, the game's name, author and icon

    def __init__(self, parent=None, paths=(), open_levels=lambda: [], output: str = "", web: bool = False):
        super().__init__(parent)
        self.web = web
        self.command = "export-web" if web else "export-game"
        self.setWindowTitle("Export Web Game" if web else "Export Game")
        self.resize(760, 640)
        self.process: QProcess | None = None
        self.phase = ""  # "check" or "build" while the process runs
        self.checks: list[dict] = []
        self.result: dict | None = None
        self._stdout = b""
        self._cancelled = False
        self.warnings: list[str] = []  # the build's warning lines, shown with its result
        # What this studio lacks to build a game, said before the designer starts (and on Export).
        self.blockers = [] if web else export_blockers()

        self.collection = CollectionList(open_levels)
        self.collection.changed.connect(self._collection_changed)
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("export_name")
        self._name_typed = False  # the name follows the chosen levels until the designer types one
        self.name_edit.textEdited.connect(self._name_edited)
        self.author_edit = QLineEdit()
        self.icon_edit = QLineEdit()
        self.icon_edit.setPlaceholderText("a PNG or SVG file (optional)")
        self.output_edit = QLineEdit(output)
        form = QFormLayout()
        form.addRow("&Name:", self.name_edit)
        form.addRow("&Author:", self.author_edit)
        form.addRow("&Icon:", self._with_browse(self.icon_edit, self.browse_icon))
        form.addRow("Output &folder:", self._with_browse(self.output_edit, self.browse_output))
        self.program_label = QLabel()
        self.program_label.setEnabled(False)
        form.addRow("", self.program_label)
        self.zip_box = QCheckBox("Also write a &zip of it, for a static host such as itch.io")
        if web:
            form.addRow("", self.zip_box)
        self.name_edit.textChanged.connect(self._name_changed)
        self.output_edit.textChanged.connect(self._name_changed)

        self.checks_view = QTreeWidget()
        self.checks_view.setObjectName("export_checks")
        self.checks_view.setHeaderLabels(["Level", "Check"])
        self.checks_view.setColumnWidth(0, 240)
        self.allow_unsolvable = QCheckBox("Ship levels with no known solution (their self-test fails)")
        self.allow_unsolvable.hide()
        self.allow_unsolvable.toggled.connect(self._update_buttons)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.stage_label = QLabel()
        self.problem = problem_label()
        self.log_toggle = QToolButton()
        self.log_toggle.setText("Build log")
        self.log_toggle.setCheckable(True)
        self.log_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.log_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.log_toggle.toggled.connect(self._fold_log)
        self.log = QPlainTextEdit()
        self.log.setObjectName("export_log")
        self.log.setReadOnly(True)
        self.log.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.log.setMaximumBlockCount(5000)
        self.log.hide()

        self.play_button = QPushButton("&Play")
        self.play_button.setToolTip("Play the collection as the exported game will play it")
        self.play_button.clicked.connect(self.play)
        self.browser_button = QPushButton("Open in &Browser")
        self.browser_button.setToolTip("Play the written web game in your web browser")
        self.browser_button.clicked.connect(self.open_in_browser)
        self.browser_button.hide()
        self.export_button = QPushButton("&Export")
        self.export_button.setDefault(True)
        self.export_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Close")
        self.cancel_button.clicked.connect(self.cancel_or_close)
        buttons = QHBoxLayout()
        buttons.addWidget(self.play_button)
        buttons.addStretch(1)
        buttons.addWidget(self.browser_button)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.cancel_button)

        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Levels, in the order they are played:"))
        layout.addWidget(self.collection, 2)
        layout.addLayout(form)
        layout.addWidget(self.checks_view, 2)
        layout.addWidget(self.allow_unsolvable)
        layout.addWidget(self.problem)
        layout.addWidget(self.stage_label)
        layout.addWidget(self.progress)
        layout.addWidget(self.log_toggle)
        layout.addWidget(self.log, 3)
        layout.addLayout(buttons)
        self.collection.set_paths(list(paths))
        self._name_changed()
        self._update_buttons()
        if self.blockers:
            self.problem.setText("Cannot export: " + "; ".join(self.blockers) + ".")

    @staticmethod
    def _with_browse(edit: QLineEdit, slot) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(edit, 1)
        button = QPushButton("Browse…")
        button.clicked.connect(slot)
        row.addWidget(button)
        return box

    # -- the form ------------------------------------------------------------------------------
    def browse_icon(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(self, "Game Icon", self.icon_edit.text(), "Icons (*.png *.svg)")
        if chosen:
            self.icon_edit.setText(chosen)

    def browse_output(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Output Folder", self.output_edit.text())
        if chosen:
            self.output_edit.setText(chosen)

    def _name_changed(self) -> None:
        name = self.name_edit.text().strip()
        output = self.output_edit.text().strip()
        program = "index.html" if self.web else slug(name)
        shown = str(Path(output) / slug(name) / program) if name and output else ""
        self.program_label.setText(f"{'The page' if self.web else 'The program'}: {shown}" if shown else "")
        self._update_buttons()

    def _name_edited(self, text: str) -> None:
        self._name_typed = bool(text.strip())

    def _collection_changed(self) -> None:
        self.checks = []
        self.checks_view.clear()
        self.allow_unsolvable.hide()
        self.allow_unsolvable.setChecked(False)
        game = self.collection.game()
        if not self._name_typed:
            self.name_edit.setText(f"{game.name} Levels" if game is not None else "")
        if self.web:
            self.blockers = [f"{game.name} levels cannot be played in a browser yet"] if (
                game is not None and game.web_scene is None) else []
            self.problem.setText("Cannot export: " + "; ".join(self.blockers) + "." if self.blockers else "")
        self._update_buttons()

    def _update_buttons(self) -> None:
        running = self.process is not None
        ready = bool(self.collection.paths() and self.name_edit.text().strip() and self.output_edit.text().strip())
        self.export_button.setEnabled(ready and not running and not self.blockers)
        self.export_button.setToolTip("Cannot export: " + "; ".join(self.blockers) if self.blockers else
                                      "" if ready else "Choose the levels, a name and an output folder first")
        self.play_button.setEnabled(bool(self.collection.paths()) and not running)
        self.collection.setEnabled(not running)
        self.cancel_button.setText("Cancel" if running else "Close")

    # -- running `studio export-game` -------------------------------------------------------------
    def start(self) -> None:
        """Check the levels, then build when they can ship."""
        if self.blockers:
            self.problem.setText("Cannot export: " + "; ".join(self.blockers) + ".")
            return
        self.problem.setText("")
        self.result = None
        self.browser_button.hide()
        self.log.clear()
        self._run("check", [*map(str, self.collection.paths()), "--check-only", "--json"])

    def _build(self) -> None:
        args = [*map(str, self.collection.paths()), "-o", self.output_edit.text().strip(),
                "--name", self.name_edit.text().strip(), "--author", self.author_edit.text().strip(),
                "--json", "--progress"]
        if self.icon_edit.text().strip():
            args += ["--icon", self.icon_edit.text().strip()]
        if self.allow_unsolvable.isChecked():
            args.append("--allow-unsolvable")
        if self.web and self.zip_box.isChecked():
            args.append("--zip")
        self._run("build", args)

    def _run(self, phase: str, args: list[str]) -> None:
        program, arguments = studio_command("export-game" if phase == "check" else self.command, *args)
        self.phase, self._stdout, self._cancelled, self.warnings = phase, b"", False, []
        self.process = QProcess(self)
        environment = QProcessEnvironment.systemEnvironment()
        environment.insert("PYTHONUNBUFFERED", "1")
        self.process.setProcessEnvironment(environment)
        self.process.readyReadStandardOutput.connect(self._read_stdout)
        self.process.readyReadStandardError.connect(self._read_stderr)
        self.process.finished.connect(self._finished)
        self.process.errorOccurred.connect(self._failed_to_start)
        self.progress.setValue(0)
        self.stage_label.setText("Checking the levels…" if phase == "check" else "Building…")
        if phase == "check":
            self.checks = []
            self.checks_view.clear()
        self.log.appendPlainText(f"$ studio {'export-game' if phase == 'check' else self.command} {' '.join(args)}")
        self.process.start(program, arguments)
        self._update_buttons()

    def _read_stdout(self) -> None:
        self._stdout += bytes(self.process.readAllStandardOutput())
        *lines, self._stdout = self._stdout.split(b"\n")
        for line in lines:
            text = line.decode("utf-8", "replace").strip()
            if not text:
                continue
            try:
                record = json.loads(text)
            except ValueError:
                self.log.appendPlainText(text)
                continue
            if self.phase == "check":
                self._add_check(record)
            else:
                self.result = record

    def _read_stderr(self) -> None:
        for line in bytes(self.process.readAllStandardError()).decode("utf-8", "replace").splitlines():
            if line.startswith(PROGRESS_PREFIX):
                try:
                    step = json.loads(line[len(PROGRESS_PREFIX):])
                    self.progress.setValue(int(step["percent"]))
                    self.stage_label.setText(str(step["stage"]).capitalize() + "…")
                except (ValueError, KeyError, TypeError):
                    pass
            else:
                self.log.appendPlainText(line)
                if line.startswith(WARNING_PREFIX):
                    self.warnings.append(line[len(WARNING_PREFIX):])

    def _add_check(self, record: dict) -> None:
        self.checks.append(record)
        if record.get("error"):
            text, colour = f"cannot be played: {record['error']}", BAD
        elif record.get("unsolvable"):
            text, colour = f"no known solution: {record['unsolvable']}", WARN
        else:
            text, colour = f"✓ solved by a solution {record.get('source', '')}", GOOD
        item = QTreeWidgetItem([f"{len(self.checks)}. {record.get('title') or Path(record['level']).name}", text])
        item.setToolTip(0, record["level"])
        item.setToolTip(1, text)
        item.setForeground(1, colour)
        for problem in record.get("lint_errors", []):
            child = QTreeWidgetItem(["", f"lint error {problem}"])
            child.setForeground(1, BAD)
            item.addChild(child)
        self.checks_view.addTopLevelItem(item)
        item.setExpanded(True)
        self.progress.setValue(round(100 * len(self.checks) / max(1, len(self.collection.paths()))))

    def _finished(self, code: int, status) -> None:
        self._read_stdout()
        phase, self.process = self.phase, None
        self.phase = ""
        if self._cancelled:
            self.stage_label.setText("Cancelled")
        elif phase == "check":
            self._checked()
        elif status == QProcess.ExitStatus.NormalExit and code == 0 and self.result is not None and self.web:
            self.progress.setValue(100)
            self.stage_label.setText(f"Wrote {self.result['index']}: {self.result['levels']} levels, "
                                     f"{self.result['bytes'] / 1e6:.1f} MB" + (
                                         f", and {self.result['zip']}" if self.result.get("zip") else ""))
            self.browser_button.show()
        elif status == QProcess.ExitStatus.NormalExit and code == 0 and self.result is not None:
            size = self.result["bytes"] / 1e6
            self.progress.setValue(100)
            self.stage_label.setText(f"Built {self.result['app']}: {self.result['levels']} levels, {size:.0f} MB, "
                                     f"in {self.result['seconds']:.0f} s")
            if self.warnings:  # built, but the designer should know (a library this machine lacks)
                self.problem.setText("Note: " + "\n".join(self.warnings))
        else:
            self.stage_label.setText("The build failed")
            self.problem.setText("The build failed: the build log says why.")
            self.log_toggle.setChecked(True)
        self._update_buttons()

    def _checked(self) -> None:
        broken = [c for c in self.checks if c.get("error")]
        unsolved = [c for c in self.checks if c.get("unsolvable")]
        if len(self.checks) != len(self.collection.paths()):
            self.stage_label.setText("The check did not finish")
            self.problem.setText("The levels could not be checked: the build log says why.")
            self.log_toggle.setChecked(True)
        elif broken:
            self.stage_label.setText("Not exported")
            self.problem.setText(f"{_levels(len(broken))} cannot be played: "
                                 "fix or remove them.")
        elif unsolved and self.web:
            self.stage_label.setText("Not exported")
            self.problem.setText(f"{_levels(len(unsolved))} {'has' if len(unsolved) == 1 else 'have'} no known "
                                 "solution: solve or remove them (a web game ships only levels it can self-test).")
        elif unsolved and not self.allow_unsolvable.isChecked():
            self.stage_label.setText("Not exported")
            self.allow_unsolvable.show()
            verb = "has" if len(unsolved) == 1 else "have"
            self.problem.setText(f"{_levels(len(unsolved))} {verb} no known solution: "
                                 "solve them, remove them, or tick the box to ship them anyway.")
        else:
            self._build()

    def _failed_to_start(self, error) -> None:
        if error == QProcess.ProcessError.FailedToStart and self.process is not None:
            self.problem.setText(f"Could not run the studio's export command: {self.process.errorString()}")
            self.process = None
            self._update_buttons()

    def cancel_or_close(self) -> None:
        if self.process is None:
            self.close()
            return
        self._cancelled = True
        process = self.process
        process.terminate()  # the command stops PyInstaller's process too
        # The process is the timer's context: once it is gone (the dialog closed), the timer is dropped.
        QTimer.singleShot(KILL_AFTER_MS, process,
                          lambda: process.state() != QProcess.ProcessState.NotRunning and process.kill())

    def open_in_browser(self) -> None:
        if self.result and self.result.get("index"):
            QDesktopServices.openUrl(QUrl.fromLocalFile(self.result["index"]))

    def _fold_log(self, shown: bool) -> None:
        self.log.setVisible(shown)
        self.log_toggle.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)

    def play(self) -> None:
        paths = self.collection.paths()
        if paths:
            self.playRequested.emit(paths, self.name_edit.text().strip() or "Collection",
                                    self.author_edit.text().strip(), self.icon_edit.text().strip())

    def closeEvent(self, event) -> None:
        if self.process is not None:
            self.cancel_or_close()
            self.process.waitForFinished(KILL_AFTER_MS + 1000)
        super().closeEvent(event)


def _levels(count: int) -> str:
    return f"{count} level{'s' * (count != 1)}"

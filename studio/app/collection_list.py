"""The levels of a game to export or play, in order: filled from the open levels, a
folder, a Labyrinthos playlist or chosen files, and reordered by drag and drop or by
their difficulty (core.difficulty, measured in worker processes: Sort by Difficulty).
Used by File > Export Game and Play > Play Collection."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView, QFileDialog, QHBoxLayout, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget,
)

from studio.app.dialogs import problem_label
from studio.app.plain_text import plain_label, tooltip_text
from studio.core.difficulty import inputs_text
from studio.core.game import all_games, game_for_path
from studio.export.levels import ExportError, gather_levels

PATH_ROLE = Qt.ItemDataRole.UserRole
DIFFICULTY_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_SOLVE_SECONDS = 5.0  # the solver's time per level when sorting by difficulty
POLL_MS = 150


class CollectionList(QWidget):
    changed = Signal()

    def __init__(self, open_levels=lambda: [], parent=None):
        """``open_levels()``: the studio's open level files, in tab order."""
        super().__init__(parent)
        self.open_levels = open_levels
        self.ranking = None  # a core.collection.CollectionCheck measuring the difficulties
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll_ranking)
        self.list = QListWidget()
        self.list.setObjectName("collection_levels")
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.setToolTip("Drag the levels into the order they are played")
        self.list.model().rowsMoved.connect(lambda *args: self.changed.emit())
        self.problem = problem_label()
        self.sorting_status = plain_label("")  # what Sort by Difficulty is doing or did (not a problem)
        self.sorting_status.setWordWrap(True)
        self.sorting_status.hide()
        buttons = QHBoxLayout()
        for text, slot in (("&Open Levels", self.use_open_levels), ("Add &Folder…", self.add_folder),
                           ("Add &Playlist…", self.add_playlist), ("Add F&iles…", self.add_files),
                           ("&Remove", self.remove_selected)):
            button = QPushButton(text)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        self.sort_button = QPushButton("Sort by &Difficulty")
        self.sort_button.setToolTip("Solve and measure each level, then order them easiest first")
        self.sort_button.clicked.connect(self.sort_by_difficulty)
        buttons.addWidget(self.sort_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.sorting_status)

    # -- what it holds -------------------------------------------------------------------------
    def paths(self) -> list[Path]:
        return [Path(self.list.item(row).data(PATH_ROLE)) for row in range(self.list.count())]

    def game(self):
        paths = self.paths()
        return game_for_path(paths[0]) if paths else None

    def set_paths(self, paths) -> None:
        self.list.clear()
        self.add_paths(paths)

    def add_paths(self, paths) -> bool:
        """Add level files (a folder or a playlist's first level expands to its levels); False,
        with the reason shown, when they cannot join the collection."""
        try:
            files = gather_levels(self.paths() + [Path(p) for p in paths], playlists=False)[1] if paths else []
        except ExportError as error:
            self.problem.setText(str(error))
            return False
        known = {path.resolve() for path in self.paths()}
        for file in files:
            if file.resolve() not in known:
                item = QListWidgetItem(f"{file.name}  —  {file.parent}")
                item.setData(PATH_ROLE, str(file))
                item.setToolTip(str(file))
                self.list.addItem(item)
        self.problem.setText("")
        self.changed.emit()
        return True

    # -- buttons --------------------------------------------------------------------------------
    def use_open_levels(self) -> None:
        files = [Path(p) for p in self.open_levels()]
        if not files:
            self.problem.setText("No saved level is open.")
            return
        game = game_for_path(files[0])
        self.set_paths([f for f in files if game_for_path(f) is game])

    def _start_folder(self) -> str:
        paths = self.paths()
        return str(paths[-1].parent) if paths else ""

    def add_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Add the Levels of a Folder", self._start_folder())
        if folder:
            self.add_paths([folder])

    def add_playlist(self) -> None:
        """A level that names the next one (Labyrinthos's nextlevel): it and those following it."""
        chosen, _ = QFileDialog.getOpenFileName(self, "Add a Playlist from Its First Level", self._start_folder(),
                                                "Labyrinthos levels (*.laby);;All files (*)")
        if chosen:
            self._add_playlist(Path(chosen))

    def _add_playlist(self, first: Path) -> None:
        from studio.export.levels import playlist_from

        game = game_for_path(first)
        self.add_paths(playlist_from(first, game) if game is not None else [first])

    def add_files(self) -> None:
        patterns = " ".join(p for game in all_games() for p in game.file_patterns)
        chosen, _ = QFileDialog.getOpenFileNames(self, "Add Levels", self._start_folder(), f"Levels ({patterns})")
        if chosen:
            self.add_paths(chosen)

    def remove_selected(self) -> None:
        for item in self.list.selectedItems():
            self.list.takeItem(self.list.row(item))
        self.changed.emit()

    # -- sorting by difficulty --------------------------------------------------------------
    def sort_by_difficulty(self) -> None:
        """Measure every level (in worker processes), then order them easiest first; pressed
        again while it measures, it stops."""
        from studio.core.collection import CollectionCheck

        if self.ranking is not None:
            self.stop_ranking()
            self._say("Sorting stopped.")
            return
        paths = self.paths()
        if not paths:
            return
        self.ranking = CollectionCheck(paths, None, SORT_SOLVE_SECONDS)
        self._scores: dict[str, dict] = {}
        self.sort_button.setText("Stop &Sorting")
        self._say(f"Measuring the difficulty of {len(paths)} levels…")
        self._timer.start()

    def _poll_ranking(self) -> None:
        if self.ranking is None:
            return
        for row in self.ranking.poll():
            self._scores[str(Path(row["level"]))] = row
        self._say(f"Measuring the difficulty: {self.ranking.done} of {self.ranking.total} levels…")
        if self.ranking.finished:
            self.stop_ranking()
            self._apply_ranking()

    def _apply_ranking(self) -> None:
        items = [self.list.takeItem(0) for _ in range(self.list.count())]
        unmeasured = []
        for item in items:
            row = self._scores.get(item.data(PATH_ROLE), {})
            score = row.get("difficulty")
            item.setData(DIFFICULTY_ROLE, score)
            file = Path(item.data(PATH_ROLE))
            if score is None:
                item.setText(f"{file.name}  —  difficulty not measured  —  {file.parent}")
                unmeasured.append(file.name)
            else:
                item.setText(f"{file.name}  —  difficulty {score:g}  —  {file.parent}")
                item.setToolTip(tooltip_text(f"{file}\n{inputs_text(row['difficulty_inputs'])}"))
        items.sort(key=lambda item: (item.data(DIFFICULTY_ROLE) is None, item.data(DIFFICULTY_ROLE) or 0))
        for item in items:
            self.list.addItem(item)
        self._say("Sorted easiest first." + (
            f" Not measured (no solution found in {SORT_SOLVE_SECONDS:g} s), left at the end: "
            + ", ".join(unmeasured) if unmeasured else ""))
        self.changed.emit()

    def _say(self, text: str) -> None:
        self.sorting_status.setText(text)
        self.sorting_status.setVisible(bool(text))

    def stop_ranking(self) -> None:
        self._timer.stop()
        if self.ranking is not None:
            self.ranking.close()
            self.ranking = None
        self.sort_button.setText("Sort by &Difficulty")

    def hideEvent(self, event) -> None:  # (its dialog closed: the workers go with it)
        self.stop_ranking()
        super().hideEvent(event)

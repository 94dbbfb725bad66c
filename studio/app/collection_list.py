"""The levels of a game to export or play, in order: filled from the open levels, a
folder, a Labyrinthos playlist or chosen files, and reordered by drag and drop. Used by
File > Export Game and Play > Play Collection."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView, QFileDialog, QHBoxLayout, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget,
)

from studio.app.dialogs import problem_label
from studio.core.game import all_games, game_for_path
from studio.export.levels import ExportError, gather_levels

PATH_ROLE = Qt.ItemDataRole.UserRole


class CollectionList(QWidget):
    changed = Signal()

    def __init__(self, open_levels=lambda: [], parent=None):
        """``open_levels()``: the studio's open level files, in tab order."""
        super().__init__(parent)
        self.open_levels = open_levels
        self.list = QListWidget()
        self.list.setObjectName("collection_levels")
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.setToolTip("Drag the levels into the order they are played")
        self.list.model().rowsMoved.connect(lambda *args: self.changed.emit())
        self.problem = problem_label()
        buttons = QHBoxLayout()
        for text, slot in (("&Open Levels", self.use_open_levels), ("Add &Folder…", self.add_folder),
                           ("Add &Playlist…", self.add_playlist), ("Add F&iles…", self.add_files),
                           ("&Remove", self.remove_selected)):
            button = QPushButton(text)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.problem)

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

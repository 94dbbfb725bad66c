"""Putting the exported game into the main window: ``install_export(window)`` adds File >
Export Game…, File > Export Web Game… and Play > Play Collection… (through the window's
ActionRegistry).

Play Collection runs the player shell of an exported game (``studio.player``) in a window
of its own on the chosen levels, so the designer plays the game before building it. Its
progress is kept in a temporary folder: each try starts afresh, and the designer's own
player files stay untouched.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTemporaryDir
from PySide6.QtWidgets import QDialog, QFormLayout, QLabel, QLineEdit, QVBoxLayout

from studio.app.actions import ActionSpec
from studio.app.collection_list import CollectionList
from studio.app.dialogs import ok_cancel_buttons
from studio.app.plain_text import warn
from studio.editor.lifetimes import run_modal

SPECS = {
    "export_game": ActionSpec("&Export Game…", "fa5s.box-open", "",
                              "Package levels as a standalone game that plays without the studio"),
    "export_web_game": ActionSpec("Export &Web Game…", "fa5s.globe", "",
                                  "Write levels as a game that plays in any web browser, from a folder or a zip"),
    "play_collection": ActionSpec("Play &Collection…", "fa5s.gamepad", "",
                                  "Play levels as their exported game will: title, level list, progress"),
}


class PlayCollectionDialog(QDialog):
    """Which levels to play, in order, and the game's name for its title screen."""

    def __init__(self, paths, open_levels, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Play Collection")
        self.resize(620, 420)
        self.collection = CollectionList(open_levels)
        self.collection.set_paths(paths)
        self.name_edit = QLineEdit("Collection")
        form = QFormLayout()
        form.addRow("&Name:", self.name_edit)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Levels, in the order they are played (drag to reorder):"))
        layout.addWidget(self.collection, 1)
        layout.addLayout(form)
        layout.addWidget(ok_cancel_buttons(self))


class ExportController(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.players = []  # open Play Collection windows (kept alive while shown)
        self.dialogs = []
        registry = window.actions
        self.actions = {key: registry.add(key, spec) for key, spec in SPECS.items()}
        self.actions["export_game"].triggered.connect(self.export_game)
        self.actions["export_web_game"].triggered.connect(lambda: self.export_game(web=True))
        self.actions["play_collection"].triggered.connect(self.play_collection)
        self._add_to_menus()

    def _add_to_menus(self) -> None:
        menus = {action.text().replace("&", ""): action.menu() for action in self.window.menuBar().actions()}
        file_menu, play_menu = menus.get("File"), menus.get("Play")
        if file_menu is not None:
            quit_action = self.window.actions["quit"]
            file_menu.insertAction(quit_action, self.actions["export_game"])
            file_menu.insertAction(quit_action, self.actions["export_web_game"])
            file_menu.insertSeparator(quit_action)
        if play_menu is not None:
            play_menu.addSeparator()
            play_menu.addAction(self.actions["play_collection"])

    # -- which levels ---------------------------------------------------------------------------
    def open_levels(self) -> list[Path]:
        """The saved levels open in the studio, in tab order."""
        return [pane.document.path for pane in self.window.panes() if pane.document.path is not None]

    def default_levels(self) -> list[Path]:
        """The open levels of the current level's game (or of the first open level's)."""
        levels = self.open_levels()
        pane = self.window.current_pane()
        game = pane.document.game if pane is not None else None
        if game is None and levels:
            from studio.core.game import game_for_path

            game = game_for_path(levels[0])
        return [path for path in levels if game is not None and game.matches(path)]

    # -- the actions ------------------------------------------------------------------------------
    def export_game(self, web: bool = False):
        from studio.app.export_dialog import ExportDialog

        start = self.default_levels()
        dialog = ExportDialog(self.window, start, self.open_levels, str(Path.home() / "Exported Games"), web=web)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.playRequested.connect(self.play)
        dialog.destroyed.connect(lambda: self.dialogs.remove(dialog) if dialog in self.dialogs else None)
        self.dialogs.append(dialog)
        dialog.show()
        return dialog

    def play_collection(self) -> None:
        dialog = PlayCollectionDialog(self.default_levels(), self.open_levels, self.window)
        if run_modal(dialog) and dialog.collection.paths():
            self.play(dialog.collection.paths(), dialog.name_edit.text().strip() or "Collection")

    def play(self, paths, name: str, author: str = "", icon: str = ""):
        """The player shell on these levels, in a window of its own, with the game's name,
        author and icon (PNG or SVG; none when the file is missing) as the export will have them."""
        from studio.core.game import game_for_path
        from studio.player.collection import from_files
        from studio.player.window import PlayerWindow

        game = game_for_path(paths[0])
        scratch = QTemporaryDir()
        try:
            player = PlayerWindow(from_files(name, game.id, paths, author, icon), Path(scratch.path()))
        except ValueError as error:
            warn(self.window, "Cannot play the collection", str(error))  # it may name files: plain text
            return None
        player.setParent(self.window, Qt.WindowType.Window)
        player.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        player.scratch = scratch  # the progress folder lives as long as the window
        player.destroyed.connect(lambda: self.players.remove(player) if player in self.players else None)
        self.players.append(player)
        player.show()
        player.activateWindow()
        return player


def install_export(window) -> ExportController:
    """Add Export Game and Play Collection to ``window`` (a studio MainWindow)."""
    return ExportController(window)

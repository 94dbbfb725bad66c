"""File > Open: the file dialog with a preview beside the list: the chosen level's picture,
its title, game, size and author, so a folder of numbered files can be told apart. The
levels that come with the studio are one click away: a "Bundled Levels" button, and
their folders in the sidebar."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QFileDialog, QPushButton, QVBoxLayout, QWidget

from studio.app.level_preview import PreviewLabel
from studio.app.paths import levels_dir
from studio.app.plain_text import plain_label, tooltip_text
from studio.core.errors import LevelFormatError
from studio.core.game import all_games, game_for_path
from studio.core.properties import level_title
from studio.core.reading import read_level
from studio.editor.lifetimes import run_modal

PREVIEW_SIDE = 220


def level_filters() -> str:
    patterns = " ".join(p for game in all_games() for p in game.file_patterns)
    filters = [f"All levels ({patterns})"] + [f"{g.name} ({' '.join(g.file_patterns)})" for g in all_games()]
    return ";;".join(filters + ["All files (*)"])


class OpenLevelDialog(QFileDialog):
    def __init__(self, parent=None, start: str = ""):
        super().__init__(parent, "Open Level", start, level_filters())
        # Qt's own dialog: a native one has no room for the preview.
        self.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        self.setFileMode(QFileDialog.FileMode.ExistingFiles)
        panel = QWidget()
        panel.setObjectName("open_preview")
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(8, 0, 0, 0)
        self.bundled = QPushButton("Bundled Levels")
        self.bundled.setObjectName("open_bundled")
        self.bundled.setToolTip(f"The levels that come with the studio, one folder per game: {levels_dir()}")
        self.bundled.clicked.connect(self.show_bundled_levels)
        self.bundled.setEnabled(levels_dir().is_dir())
        layout.addWidget(self.bundled)
        self.preview = PreviewLabel(PREVIEW_SIDE)
        self.title = plain_label()
        self.title.setStyleSheet("font-weight: 600;")
        self.title.setWordWrap(True)
        self.details = plain_label()
        self.details.setWordWrap(True)
        for widget in (self.preview, self.title, self.details):
            layout.addWidget(widget)
        layout.addStretch(1)
        panel.setFixedWidth(PREVIEW_SIDE + 12)
        grid = self.layout()
        grid.addWidget(panel, 0, grid.columnCount(), grid.rowCount(), 1)
        self.currentChanged.connect(self.show_preview)
        self.show_preview("")
        self.setSidebarUrls(self.sidebarUrls() + bundled_folder_urls())

    def show_bundled_levels(self) -> None:
        self.setDirectory(str(levels_dir()))

    def show_preview(self, path: str) -> None:
        """The level at ``path`` pictured, with its title; a note when it is not a level."""
        self.title.setText("")
        self.details.setText("")
        file = Path(path) if path else None
        game = game_for_path(file) if file is not None and file.is_file() else None
        if game is None:
            self.preview.show_text("Choose a level to see it here.")
            return
        try:
            level = game.load(read_level(file, game))
        except (OSError, LevelFormatError, ValueError) as error:
            self.preview.show_text(f"{file.name} cannot be read: {getattr(error, 'strerror', None) or error}")
            return
        self.preview.show_level(game, level)
        self.title.setText(level_title(level) or file.name)
        author = str(level.properties().get("author") or "").strip()
        size = f"{level.width} x {level.height}" if hasattr(level, "height") else ""
        self.details.setText(" · ".join(part for part in (game.name, size, f"by {author}" if author else "")
                                        if part))


def bundled_folder_urls() -> list[QUrl]:
    """The bundled levels folder and each game's folder in it, for the sidebar."""
    root = levels_dir()
    if not root.is_dir():
        return []
    games = [root / game.id for game in all_games() if (root / game.id).is_dir()]
    return [QUrl.fromLocalFile(str(folder)) for folder in [root, *games]]


def choose_levels(parent, start: str = "") -> list[str]:
    """The level files the user chose to open ([] when cancelled)."""
    dialog = OpenLevelDialog(parent, start)
    return dialog.selectedFiles() if run_modal(dialog) else []


def fill_recent_menu(menu, files: list[str], open_file) -> None:
    """File > Open Recent: one entry per file, named by the file, its path in the tips."""
    menu.clear()
    for path in files:
        action = menu.addAction(Path(path).name)
        action.setToolTip(tooltip_text(path))
        action.setStatusTip(path)
        action.triggered.connect(lambda _=False, path=path: open_file(path))
    if not files:
        menu.addAction("(none)").setEnabled(False)

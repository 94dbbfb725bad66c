"""File > Export Image: a PNG of the level being edited (unsaved edits included), either
layer, at any number of pixels per cell, drawn by the same art as `studio render`."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton,
    QSpinBox, QVBoxLayout,
)

from studio.app.actions import ActionSpec
from studio.app.dialogs import ok_cancel_buttons, problem_label
from studio.app.plain_text import plain_label
from studio.core.files import write_atomic
from studio.editor.lifetimes import run_modal
from studio.editor.pixmaps import png_bytes

MAX_SCALE = 256  # as `studio render --scale`
SPEC = ActionSpec("Export &Image…", "fa5s.image", "Ctrl+Shift+E",
                  "Save a picture of the level (either layer, any size) as a PNG")


def render_png(document, layer: str, scale: int, other_layer: bool = False) -> tuple[bytes, int, int]:
    """The level as PNG bytes, with the picture's width and height."""
    image = document.game.view.resolve().render_level(document.level, layer=layer, scale=scale,
                                                       show_other_layer=other_layer)
    return png_bytes(image), image.width(), image.height()


class ExportImageDialog(QDialog):
    def __init__(self, document, parent=None, layer: int = 0, scale: int = 32):
        super().__init__(parent)
        self.setWindowTitle("Export Image")
        self.document = document
        level = document.level
        form = QFormLayout()
        self.layer_box = QComboBox()
        for name in level.layer_names:
            self.layer_box.addItem(name.capitalize(), name)
        self.layer_box.setCurrentIndex(min(layer, self.layer_box.count() - 1))
        self.layer_box.setEnabled(self.layer_box.count() > 1)
        self.scale_box = QSpinBox()
        self.scale_box.setRange(1, MAX_SCALE)
        self.scale_box.setValue(scale)
        self.scale_box.setSuffix(" pixels per cell")
        self.other_box = QCheckBox("Show the other layer faintly in each cell's corner")
        self.other_box.setVisible(level.layer_count > 1)
        self.path_edit = QLineEdit(str(self.default_path()))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self.browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(browse)
        form.addRow("&Layer:", self.layer_box)
        form.addRow("&Size:", self.scale_box)
        form.addRow("", self.other_box)
        file_label = QLabel("&File:")  # a row of two widgets: the label names the field it goes to
        file_label.setBuddy(self.path_edit)
        form.addRow(file_label, path_row)
        self.size_label = plain_label()
        self.problem = problem_label()
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.size_label)
        layout.addWidget(self.problem)
        layout.addWidget(ok_cancel_buttons(self))
        self.scale_box.valueChanged.connect(self._show_size)
        self._show_size()
        self.written: Path | None = None

    def default_path(self) -> Path:
        document = self.document
        if document.path is not None:
            return document.path.with_suffix(".png")
        return Path.home() / f"{document.display_name()}.png"

    def layer(self) -> str:
        return self.layer_box.currentData()

    def _show_size(self) -> None:
        level, scale = self.document.level, self.scale_box.value()
        if hasattr(level, "height"):
            self.size_label.setText(f"The picture: about {level.width * scale} x {level.height * scale} pixels.")

    def browse(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(self, "Export Image", self.path_edit.text(), "PNG images (*.png)")
        if chosen:
            self.path_edit.setText(chosen)

    def accept(self) -> None:
        text = self.path_edit.text().strip()
        if not text:
            self.problem.setText("Name the PNG file to write.")
            return
        path = Path(text)
        if path.suffix.lower() != ".png":
            path = path.with_suffix(".png")
        try:
            data, _, _ = render_png(self.document, self.layer(), self.scale_box.value(), self.other_box.isChecked())
            write_atomic(path, data)
        except OSError as error:
            self.problem.setText(f"Cannot write {path}: {error.strerror or error}")
            return
        self.written = path
        super().accept()


def export_image(window) -> Path | None:
    """File > Export Image on the current level: the dialog, then the PNG written."""
    pane = window.current_pane()
    if pane is None:
        return None
    dialog = ExportImageDialog(pane.document, window, layer=pane.scene.layer)
    if not run_modal(dialog) or dialog.written is None:
        return None
    window.statusBar().showMessage(f"Exported {dialog.written}", 5000)
    return dialog.written


def install_export_image(window):
    """Add File > Export Image (after Save As) to a studio main window; returns its action."""
    action = window.actions.add("export_image", SPEC)
    action.triggered.connect(lambda: export_image(window))
    file_menu = next((a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "File"), None)
    if file_menu is not None:
        after = window.actions["save_as"]
        entries = file_menu.actions()
        following = entries[entries.index(after) + 1] if after in entries and entries[-1] is not after else None
        file_menu.insertAction(following, action)
    window.addAction(action)
    return action

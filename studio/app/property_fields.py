"""One field per kind of level property (studio.core.properties): text, multiline, file, colour.

Each field has ``value()`` and ``set_value()`` in the property's own terms, so
the properties dialog compares and reports values without knowing the kinds.
"""

from __future__ import annotations

import os
from pathlib import Path

import qtawesome as qta
from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QColorDialog, QFileDialog, QHBoxLayout, QLineEdit, QPlainTextEdit, QToolButton, QWidget,
)

from studio.core.properties import PropertySpec

ICON_COLOUR = "#dfe3ea"


class TextField(QLineEdit):
    def __init__(self, spec: PropertySpec, value, parent=None):
        super().__init__("" if value is None else str(value), parent)
        self.setToolTip(spec.tip)

    def value(self) -> str:
        return self.text()

    def set_value(self, value) -> None:
        self.setText("" if value is None else str(value))


class MultilineField(QPlainTextEdit):
    """Several lines of plain text: Enter starts a new line, Tab moves on to the next field."""

    def __init__(self, spec: PropertySpec, value, parent=None):
        super().__init__("" if value is None else str(value), parent)
        self.setToolTip(spec.tip)
        self.setTabChangesFocus(True)
        self.setMinimumHeight(self.fontMetrics().lineSpacing() * 5 + 12)  # five lines show

    def value(self) -> str:
        return self.toPlainText()

    def set_value(self, value) -> None:
        self.setPlainText("" if value is None else str(value))


class FileField(QWidget):
    """A file name typed or chosen; a chosen file in the level's folder is kept relative to it."""

    def __init__(self, spec: PropertySpec, value, folder: Path | None, parent=None):
        super().__init__(parent)
        self.spec = spec
        self.folder = folder
        self.line_edit = QLineEdit("" if value is None else str(value))
        self.line_edit.setToolTip(spec.tip)
        browse = QToolButton()
        browse.setIcon(qta.icon("fa5s.folder-open", color=ICON_COLOUR))
        browse.setToolTip("Choose the file")
        browse.clicked.connect(self.browse)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.line_edit, 1)
        layout.addWidget(browse)
        self.setFocusProxy(self.line_edit)

    def browse(self) -> None:
        start = str(self.folder / self.line_edit.text()) if self.folder else self.line_edit.text()
        chosen, _ = QFileDialog.getOpenFileName(self, self.spec.label.replace("&", ""), start,
                                                ";;".join(filter(None, (self.spec.file_filter, "All files (*)"))))
        if chosen:
            self.line_edit.setText(self.relative(chosen))

    def relative(self, chosen: str) -> str:
        """The chosen file's name relative to the level's folder when it lies there (or below)."""
        if self.folder is None:
            return chosen
        relative = os.path.relpath(chosen, self.folder)
        return chosen if relative.startswith("..") else Path(relative).as_posix()

    def text(self) -> str:
        return self.line_edit.text()

    def setText(self, text: str) -> None:
        self.line_edit.setText(text)

    def value(self) -> str:
        return self.text()

    def set_value(self, value) -> None:
        self.setText("" if value is None else str(value))


class ColourField(QWidget):
    """A swatch that opens a colour picker, and a button back to the game's default (None)."""

    changed = Signal()

    def __init__(self, spec: PropertySpec, value, parent=None):
        super().__init__(parent)
        self.spec = spec
        self._value = None if value is None else tuple(value)
        self.swatch = QToolButton()
        self.swatch.setIconSize(QSize(36, 18))
        self.swatch.clicked.connect(self.choose)
        self.reset = QToolButton()
        self.reset.setIcon(qta.icon("fa5s.undo-alt", color=ICON_COLOUR, color_disabled="#6b7078"))
        self.reset.setToolTip("Back to the game's default colour")
        self.reset.clicked.connect(lambda: self.set_value(None))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.swatch)
        layout.addWidget(self.reset)
        self._show()

    def value(self):
        return self._value

    def set_value(self, value) -> None:
        self._value = None if value is None else tuple(int(v) for v in value)
        self._show()
        self.changed.emit()

    def shown_colour(self) -> QColor:
        """The colour the swatch shows: the value, or the default it stands in for."""
        components = self._value if self._value is not None else self.spec.default or (0, 0, 0)
        scale = self.spec.scale
        return QColor.fromRgbF(*(min(max(c / scale, 0.0), 1.0) for c in components))

    def choose(self) -> None:
        picked = QColorDialog.getColor(self.shown_colour(), self, self.spec.tip or "Choose a colour")
        if picked.isValid():
            self.set_value(self.from_qcolor(picked))

    def from_qcolor(self, colour: QColor) -> tuple[int, int, int]:
        scale = self.spec.scale
        return tuple(round(component * scale) for component in (colour.redF(), colour.greenF(), colour.blueF()))

    def _show(self) -> None:
        pixmap = QPixmap(36, 18)
        pixmap.fill(self.shown_colour())
        self.swatch.setIcon(QIcon(pixmap))
        self.reset.setEnabled(self._value is not None)
        default = " (the game's default)" if self._value is None else ""
        self.swatch.setToolTip((self.spec.tip or self.spec.label.replace("&", "")) + default)
        self.swatch.setAccessibleName(self.spec.label.replace("&", "") + default)


def make_field(spec: PropertySpec, value, folder: Path | None = None) -> QWidget:
    if spec.kind == "colour":
        return ColourField(spec, value)
    if spec.kind == "file":
        return FileField(spec, value, folder)
    if spec.kind == "multiline":
        return MultilineField(spec, value)
    return TextField(spec, value)

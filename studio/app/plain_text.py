"""Text from files shown as text, never as HTML.

Qt guesses whether a label's, a message box's or a tooltip's text is HTML from its
first line, so a file named ``<h1>Verified OK</h1>.esx``, a level titled with a
``<img>`` tag or an error quoting such a line would be rendered, not shown. Labels
and message boxes that show anything taken from a file get ``Qt.PlainText``;
tooltips cannot be told their format, so they get the text escaped as HTML.
"""

from __future__ import annotations

from PySide6 import QtGui
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

PLAIN = Qt.TextFormat.PlainText


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    """A label that shows its text as it is."""
    label = QLabel(parent)
    label.setTextFormat(PLAIN)
    label.setText(text)
    return label


def make_plain(*labels: QLabel) -> None:
    """Show these labels' texts as they are from now on."""
    for label in labels:
        label.setTextFormat(PLAIN)


def tooltip_text(text: str) -> str:
    """``text`` as a tooltip shows it, whatever it holds (escaped, its line breaks kept)."""
    return QtGui.Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpacePre) if text else ""


def message_box(parent: QWidget | None, icon: QMessageBox.Icon, title: str, text: str,
                buttons=QMessageBox.StandardButton.NoButton, default=QMessageBox.StandardButton.NoButton,
                details: str = "") -> QMessageBox:
    """A message box (not yet shown) whose text and details show as they are; add its buttons
    with ``buttons`` or ``addButton``."""
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(PLAIN)
    if default != QMessageBox.StandardButton.NoButton:
        box.setDefaultButton(default)
    if details:
        box.setDetailedText(details)  # the details pane is always plain text
    return box


def warn(parent: QWidget | None, title: str, text: str) -> None:
    """Like QMessageBox.warning, the text shown as it is."""
    message_box(parent, QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok).exec()


def ask(parent: QWidget | None, title: str, text: str, buttons, default) -> QMessageBox.StandardButton:
    """Like QMessageBox.question, the text shown as it is; the button pressed."""
    box = message_box(parent, QMessageBox.Icon.Question, title, text, buttons, default)
    box.exec()
    return box.standardButton(box.clickedButton()) if box.clickedButton() else QMessageBox.StandardButton.Cancel

"""The win screen, laid over the board after a level is won: how it went, what was kept,
the level's high-score table when the game keeps one, and the way on. Keys: Enter the
next level, Home play this level again, Backspace take the last move back, Esc the
level list."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout

from studio.core.playtest_adapter import ScoreRow
from studio.player.theme import ACCENT, MUTED, SOLVED


class WinScreen(QFrame):
    nextRequested = Signal()
    againRequested = Signal()
    undoRequested = Signal()
    levelsRequested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("win_panel")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 18, 24, 18)
        self.headline = QLabel()
        self.headline.setObjectName("win_headline")
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.details = QLabel()
        self.details.setObjectName("win_details")
        for label in (self.headline, self.details):  # they name levels, from their files: not HTML
            label.setTextFormat(Qt.TextFormat.PlainText)
        self.details.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.details.setWordWrap(True)
        self.table = QLabel()
        self.table.setObjectName("win_table")
        self.table.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.choices = QLabel()
        self.choices.setObjectName("win_choices")
        self.choices.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.choices.setWordWrap(True)
        for widget in (self.headline, self.details, self.table, self.choices):
            layout.addWidget(widget)
        self.has_next = False
        self.hide()

    def show_win(self, headline: str, details: str, table: tuple[ScoreRow, ...], next_title: str | None) -> None:
        self.headline.setText(headline)
        self.details.setText(details)
        self.table.setText(_table_html(table))
        self.table.setVisible(bool(table))
        self.has_next = next_title is not None
        first = f"<b>Enter</b> next level: {escape(next_title)}" if next_title is not None \
            else "<b>Enter</b> back to the title"
        self.choices.setText(f"<span style='color:{ACCENT}'>{first}</span><br>"
                             f"<span style='color:{MUTED}'><b>Home</b> play again · <b>Backspace</b> undo the "
                             f"last move · <b>Esc</b> levels</span>")
        self.show()
        self.raise_()
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event) -> None:
        key, modifiers = event.key(), event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if event.isAutoRepeat():  # a held move key must not run on into the next level
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.nextRequested.emit()
        elif key == Qt.Key.Key_Home:
            self.againRequested.emit()
        elif key == Qt.Key.Key_Backspace or (key == Qt.Key.Key_Z and modifiers == Qt.KeyboardModifier.ControlModifier):
            self.undoRequested.emit()
        elif key == Qt.Key.Key_Escape:
            self.levelsRequested.emit()
        else:
            super().keyPressEvent(event)
            return
        event.accept()


def _table_html(table: tuple[ScoreRow, ...]) -> str:
    if not table:
        return ""
    rows = ["<tr><th align='right'>#</th><th align='right'>&nbsp;Moves&nbsp;</th><th align='left'>Player</th></tr>"]
    for entry in table:
        style = f" style='color:{SOLVED}; font-weight:700'" if entry.new else ""
        rows.append(f"<tr{style}><td align='right'>{entry.rank}</td><td align='right'>&nbsp;{entry.score}&nbsp;</td>"
                    f"<td>{escape(entry.player)}{' ◀' if entry.new else ''}</td></tr>")
    return "<table cellspacing='4'>" + "".join(rows) + "</table>"

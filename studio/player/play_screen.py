"""Full-window play of one level: the play-test's board (``studio.playtest.board``), its
session (history, undo, restart) and the game's adapter for the keys, animation and
explanations, with the level's title, the move counter, the outcome and the key help.
It knows no game; the window tells it which level to play and hears of each win."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, QRect, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from studio.core.playtest_adapter import DEAD, WON, Outcome, describe_outcome
from studio.playtest.board import PlayBoard
from studio.playtest.session import PlaytestSession
from studio.player.win_screen import WinScreen

ANIMATION_MS = 140
LEAVE_LABEL = "levels"
WIN_PANEL_SHARE = 0.62  # of the board's width and height, at most


class PlayedDocument(QObject):
    """What a PlaytestSession needs of a document: a level never edited while played."""

    changed = Signal()

    def __init__(self, game, level, path: Path | None):
        super().__init__()
        self.game, self.level, self.path = game, level, path
        self.revision = 0


class PlayScreen(QWidget):
    won = Signal(object)  # the moves of a win played by hand
    leaveRequested = Signal()
    hintShown = Signal(object)  # a core.hints.Hint given to the player

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("play_screen")
        self.session: PlaytestSession | None = None
        self.document: PlayedDocument | None = None
        self.animation_ms = ANIMATION_MS
        self._reported = None  # the history entry whose win was reported
        self.hint_source = None  # () -> a core.hints.HintGuide for the level played, or None
        layout = QVBoxLayout(self)
        header = QHBoxLayout()
        self.title_label = QLabel()
        self.title_label.setObjectName("play_header")
        self.title_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.moves_label = QLabel()
        self.moves_label.setObjectName("play_header")
        for label in (self.title_label, self.moves_label):  # a level's title, from its file: not HTML
            label.setTextFormat(Qt.TextFormat.PlainText)
        header.addWidget(self.title_label, 1)
        header.addWidget(self.moves_label)
        layout.addLayout(header)
        self.board = PlayBoard()
        self.board.moveRequested.connect(self.play)
        self.board.restartRequested.connect(self.restart)
        self.board.undoRequested.connect(self.undo)
        self.board.redoRequested.connect(self.redo)
        self.board.leaveRequested.connect(self.leaveRequested)
        self.board.hintRequested.connect(self.show_hint)
        layout.addWidget(self.board, 1)
        self.outcome_label = QLabel()
        self.outcome_label.setObjectName("play_outcome")
        self.outcome_label.setTextFormat(Qt.TextFormat.PlainText)  # it quotes a file's errors
        self.outcome_label.setWordWrap(True)
        self.outcome_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.addWidget(self.outcome_label)
        self.hint_label = QLabel()
        self.hint_label.setObjectName("play_hint")
        self.hint_label.setWordWrap(True)
        self.hint_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.hint_label.hide()
        layout.addWidget(self.hint_label)
        self.keys_label = QLabel()
        self.keys_label.setObjectName("keys_help")
        self.keys_label.setWordWrap(True)
        self.keys_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.addWidget(self.keys_label)
        self.win_screen = WinScreen(self)
        self.win_screen.undoRequested.connect(self.undo)
        self.win_screen.againRequested.connect(self.restart)
        self.win_screen.levelsRequested.connect(self.leaveRequested)

    # -- the level ---------------------------------------------------------------------------
    def start(self, adapter, painter, game, level, path: Path | None, heading: str) -> str:
        """Play ``level`` from its start; returns why it cannot be played ("" when it can)."""
        if self.session is not None:
            self.session.pause()
            self.session.deleteLater()
        self.document = PlayedDocument(game, level, path)
        self.session = PlaytestSession(adapter, self.document, self)
        self.session.changed.connect(self._show_current)
        self.session.refused.connect(self._refused)
        self._reported = None
        self.board.set_painter(painter)
        self.board.set_move_keys(adapter.keys(), hints=self.hint_source is not None)
        self.board.set_overlays(adapter.overlays(), {spec.id for spec in adapter.overlays() if spec.default})
        self.board.placeholder = self.session.error or "No level to play"
        self.title_label.setText(heading)
        self.keys_label.setText(self._keys_text(self.board.key_map))
        self.win_screen.hide()
        self._show_current(None)
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)
        return self.session.error

    def show_message(self, heading: str, text: str) -> None:
        """No level to play, and why."""
        if self.session is not None:
            self.session.pause()
            self.session.deleteLater()
        self.session = None
        self.title_label.setText(heading)
        self.board.placeholder = text
        self.board.set_painter(None)
        self.board.show_state(None, Outcome(), [])
        self.win_screen.hide()
        self._refresh()
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- commands ------------------------------------------------------------------------------
    def play(self, move) -> None:
        if self.session is not None and not self.win_screen.isVisible():
            self.board.finish_animation()
            self.session.play(move)

    def undo(self) -> None:
        if self.session is not None:
            self.win_screen.hide()
            self.board.setFocus()
            self.session.undo()

    def redo(self) -> None:
        if self.session is not None:
            self.session.redo()

    def restart(self) -> None:
        if self.session is not None:
            self.win_screen.hide()
            self.board.setFocus()
            self.session.restart()

    def show_hint(self):
        """The hint for where the player stands, said under the board; the Hint, or None."""
        session = self.session
        if session is None or not session.playable or self.hint_source is None or self.win_screen.isVisible():
            return None
        guide = self.hint_source()
        if guide is None:
            self._say_hint("No hint is known for this level.")
            return None
        hint = guide.hint(session.state, [entry.state for entry in session.history[:session.position + 1]])
        self._say_hint("Hint: " + hint.text)
        self.hintShown.emit(hint)
        return hint

    def _say_hint(self, text: str) -> None:
        self.hint_label.setText(text)
        self.hint_label.setVisible(bool(text))

    # -- showing -----------------------------------------------------------------------------
    def _show_current(self, report) -> None:
        self._say_hint("")  # (a hint is for the position it was asked at)
        session = self.session
        if session is None or not session.playable:
            self.board.show_state(None, Outcome(), [])
            self._refresh()
            return
        adapter, entry = session.adapter, session.current
        annotations = adapter.annotations(entry.state, entry.report)
        animate = report is not None and report.changed and self.animation_ms > 0
        motions = adapter.motions(report) if animate else ()
        self.board.show_state(entry.state, session.outcome, annotations, report if animate else None, motions,
                              self.animation_ms)
        self._refresh()
        if session.outcome.kind == WON and session.position > 0 and self._reported is not entry:
            self._reported = entry
            self.won.emit(session.moves)

    def _refused(self, report) -> None:
        if report is None or self.session is None:
            return
        annotations = self.session.adapter.annotations(report.state, report)
        self.board.show_state(report.state, self.session.outcome, annotations)

    def _refresh(self) -> None:
        session = self.session
        if session is None or not session.playable:
            self.moves_label.setText("")
            self.outcome_label.setText(session.error if session is not None else "")
            return
        par = session.par
        self.moves_label.setText(f"Move {session.position}" + (f" · par {par}" if par is not None else ""))
        outcome = session.outcome
        if outcome.kind == DEAD:
            text = _sentence(describe_outcome(outcome, session.position)) + \
                f" · Backspace takes the move back · {self.board.key_map.first_key('restart')} restarts"
        elif outcome.kind == WON:
            text = _sentence(describe_outcome(outcome, session.position))
        else:
            text = session.adapter.status_text(session.state)
        self.outcome_label.setProperty("kind", outcome.kind)
        self.outcome_label.style().unpolish(self.outcome_label)
        self.outcome_label.style().polish(self.outcome_label)
        self.outcome_label.setText(text)
        self.outcome_label.setVisible(bool(text))

    @staticmethod
    def _keys_text(key_map) -> str:
        """The play-test's key help (studio.playtest.keymap), less its replay, with Esc
        going back to the level list."""
        shown = copy.copy(key_map)
        shown.controls = tuple(replace(binding, label=LEAVE_LABEL if binding.action == "leave" else binding.label)
                               for binding in key_map.controls if binding.action != "replay")
        return shown.help_text()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.place_win_screen()

    def place_win_screen(self) -> None:
        """Centre the win screen over the board, as large as its text needs."""
        area = self.board.geometry()
        hint = self.win_screen.sizeHint()
        width = min(max(hint.width(), round(area.width() * WIN_PANEL_SHARE)), area.width())
        height = min(max(hint.height(), self.win_screen.heightForWidth(width)), area.height())
        self.win_screen.setGeometry(QRect(area.center().x() - width // 2, area.center().y() - height // 2,
                                          width, height))


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]

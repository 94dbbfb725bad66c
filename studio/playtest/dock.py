"""The play-test dock: the board, the move counter and outcome, the replay controls,
and saving and loading solutions. It shows one PlaytestSession at a time (the
controller in integration.py picks which) and knows no game: everything comes
from the session's adapter.
"""

from __future__ import annotations

import getpass
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

import qtawesome as qta
from PySide6.QtCore import QSignalBlocker, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox, QDockWidget, QFileDialog, QFrame, QHBoxLayout, QInputDialog, QLabel, QMenu, QMessageBox, QSizePolicy,
    QSlider, QToolButton, QVBoxLayout, QWidget,
)
from shiboken6 import isValid

from studio.core.errors import LevelFormatError
from studio.core.game import game_by_id
from studio.core.playtest_adapter import (
    DEAD, WON, Outcome, StoredSolution, Verification, WinOffer, verify_moves,
)
from studio.playtest.board import PlayBoard
from studio.playtest.session import PlaytestSession
from studio.playtest.win_panel import WinPanel

ICON_COLOUR = "#dfe3ea"
ICON_DISABLED = "#5d626b"
REPLAY_SPEEDS = (("½×", 3.0), ("1×", 6.0), ("2×", 12.0), ("4×", 24.0), ("8×", 48.0))
OUTCOME_STYLES = {
    "playing": ("#2d3a4d", "#a8c7fa"),
    WON: ("#1f4d2c", "#8ee6a5"),
    DEAD: ("#5a1f1f", "#ffb3ad"),
}
MAX_SHOWN_MOVES = 48  # of the recording's text in the dock (the tooltip has all of it)
PLAYER_NAME_KEY = "playtest/player_name"
DOCK_MIN_WIDTH = 340  # the replay controls and the Save/Load buttons on one row


def _icon(name: str):
    return qta.icon(name, color=ICON_COLOUR, color_disabled=ICON_DISABLED)


def _tool_button(icon: str, tip: str, slot) -> QToolButton:
    button = QToolButton()
    button.setIcon(_icon(icon))
    button.setIconSize(QSize(16, 16))
    button.setToolTip(tip)
    button.setAutoRaise(True)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the board keeps the keys
    button.clicked.connect(slot)
    return button


class DockBody(QWidget):
    """The dock's contents. Its minimum height is what its rows need at the width it has,
    wrapped labels included (the status line, the outcome, the key help): a main window
    asks a dock only for a minimum size, never a height for its width, so without this
    it could squeeze the dock below its rows and the board would be laid over them."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        layout = self.layout()
        if layout is not None and layout.hasHeightForWidth():
            width = max(self.width(), hint.width())
            hint.setHeight(max(hint.height(), layout.totalMinimumHeightForWidth(width)))
        return hint

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # narrower means more wrapped lines: a new minimum height


@dataclass(frozen=True)
class RecordedScore:
    """A score saved from the win panel: for which win (``key``), by which undo command
    (while it is applied, the panel shows the score saved), under which name."""

    key: tuple
    command: object
    name: str
    note: str
    offer: WinOffer


def saved_table(offer: WinOffer, name: str) -> WinOffer | None:
    """The offer made after the score was saved holds it twice: as the level's entry and
    as the would-be new score. Keep the entry (its true rank) and mark it; None when the
    table does not show it."""
    new = offer.new_row
    if new is None:
        return None
    rows, found = [], False
    for row in offer.rows:
        if row.new:
            continue
        rank = row.rank - 1 if row.rank > new.rank else row.rank
        mine = not found and row.player == name and row.score == new.score
        found = found or mine
        rows.append(replace(row, rank=rank, new=mine))
    return replace(offer, rows=tuple(rows)) if found else None


class PlaytestDock(QDockWidget):
    """Beside the editor: play the level being edited."""

    leaveRequested = Signal()  # Esc: focus back to the editor
    message = Signal(str)  # for the status bar
    solutionSaved = Signal(object)  # SavedSolution
    openLevelRequested = Signal(object)  # a Path: the playlist's next level, to open and play

    def __init__(self, parent=None):
        super().__init__("Play-Test", parent)
        self.setObjectName("playtest_dock")
        self.session: PlaytestSession | None = None
        self.board_painters: dict[str, object] = {}
        self.enabled_overlays: set[str] = set()
        self.animate = True
        self.animation_ms = 140
        self.settings = None  # StudioSettings, set by the controller: the player's name is kept there
        self._offer_key = None  # (session, history entry) the win panel's offer was made for
        self._offer = None
        self._recorded: RecordedScore | None = None  # the score saved from the win panel
        self.last_command = None  # the undo command of the last solution stored in the level
        self.last_save_note = ""  # what became of it ("Saved into x.laby.")
        self._build()
        self.show_session(None, "Press P (or the Play-Test button) to play the level you are editing.")

    # -- layout ------------------------------------------------------------------------
    def _build(self) -> None:
        body = DockBody()
        body.setObjectName("playtest_body")
        layout = QVBoxLayout(body)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(6)

        header = QHBoxLayout()
        self.title_label = QLabel()
        self.title_label.setObjectName("playtest_title")
        self.title_label.setStyleSheet("font-weight: 600;")
        self.title_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        header.addWidget(self.title_label, 1)
        layout.addLayout(header)

        self.banner = QFrame()
        self.banner.setObjectName("playtest_banner")
        self.banner.setStyleSheet(
            "#playtest_banner { background: #4a3c12; border: 1px solid #8a6d1a; border-radius: 4px; }"
            "#playtest_banner QLabel { color: #ffe7a3; }")
        banner_layout = QHBoxLayout(self.banner)
        banner_layout.setContentsMargins(8, 4, 4, 4)
        warning = QLabel()
        warning.setPixmap(qta.icon("fa5s.exclamation-triangle", color="#ffd60a").pixmap(16, 16))
        self.banner_label = QLabel("The level was edited since this test started.")
        self.banner_label.setWordWrap(True)
        self.restart_new_button = _tool_button("fa5s.redo-alt", "Restart the test on the level as it is now",
                                               self.restart_on_new_version)
        self.restart_new_button.setText("Restart")
        self.restart_new_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.replay_new_button = _tool_button("fa5s.history", "Replay your moves on the level as it is now",
                                              lambda: self.restart_on_new_version(keep_moves=True))
        self.replay_new_button.setText("Replay moves")
        self.replay_new_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        banner_layout.addWidget(warning)
        banner_layout.addWidget(self.banner_label, 1)
        banner_layout.addWidget(self.restart_new_button)
        banner_layout.addWidget(self.replay_new_button)
        self.banner.hide()
        layout.addWidget(self.banner)

        self.board = PlayBoard()
        self.board.moveRequested.connect(self.play)
        self.board.restartRequested.connect(self.restart)
        self.board.undoRequested.connect(self.undo)
        self.board.redoRequested.connect(self.redo)
        self.board.leaveRequested.connect(self.leaveRequested)
        self.board.replayToggleRequested.connect(self.toggle_replay)
        layout.addWidget(self.board, 1)

        counters = QHBoxLayout()
        self.move_label = QLabel()
        self.move_label.setObjectName("playtest_moves")
        self.move_label.setStyleSheet("font-size: 15px; font-weight: 600;")
        self.outcome_label = QLabel()
        self.outcome_label.setObjectName("playtest_outcome")
        self.outcome_label.setWordWrap(True)
        self.outcome_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.par_label = QLabel()
        self.par_label.setObjectName("playtest_par")
        self.par_label.setToolTip("The fewest moves that win this level")
        counters.addWidget(self.move_label)
        counters.addWidget(self.par_label)
        counters.addSpacing(8)
        counters.addWidget(self.outcome_label, 1)
        layout.addLayout(counters)
        self.status_label = QLabel()
        self.status_label.setObjectName("playtest_status")
        self.status_label.setWordWrap(True)
        self.status_label.setStyleSheet("color: #b9bec8;")
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.addWidget(self.status_label)

        self.win_panel = WinPanel()
        self.win_panel.saveRequested.connect(self.save_score)
        self.win_panel.openNextRequested.connect(self.openLevelRequested)
        self.win_panel.leaveRequested.connect(lambda: self.board.setFocus())
        layout.addWidget(self.win_panel)

        timeline = QHBoxLayout()
        timeline.setSpacing(2)
        self.start_button = _tool_button("fa5s.fast-backward", "Back to the start (Enter)", self.restart)
        self.back_button = _tool_button("fa5s.step-backward", "Undo a move (Backspace, Ctrl+Z)", self.undo)
        self.play_button = _tool_button("fa5s.play", "Replay the moves ahead (Space)", self.toggle_replay)
        self.forward_button = _tool_button("fa5s.step-forward", "Redo a move (Ctrl+Y)", self.redo)
        self.end_button = _tool_button("fa5s.fast-forward", "To the last move", self.to_end)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("playtest_timeline")
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.slider.setToolTip("Scrub through the moves")
        self.slider.valueChanged.connect(self._slider_moved)
        self.speed_box = QComboBox()
        self.speed_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.speed_box.setToolTip("Replay speed")
        for label, speed in REPLAY_SPEEDS:
            self.speed_box.addItem(label, speed)
        self.speed_box.setCurrentIndex(1)
        self.speed_box.currentIndexChanged.connect(self._speed_chosen)
        for button in (self.start_button, self.back_button, self.play_button, self.forward_button, self.end_button):
            timeline.addWidget(button)
        timeline.addWidget(self.slider, 1)
        timeline.addWidget(self.speed_box)
        layout.addLayout(timeline)

        solution_row = QHBoxLayout()
        self.solution_label = QLabel()
        self.solution_label.setObjectName("playtest_solution")
        self.solution_label.setWordWrap(True)
        self.solution_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.solution_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.save_button = QToolButton()
        self.save_button.setIcon(_icon("fa5s.save"))
        self.save_button.setText("Save")
        self.save_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.save_button.setToolTip("Save the moves played as a solution")
        self.save_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.save_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.save_button.clicked.connect(lambda: self.save_solution_dialog())
        save_menu = QMenu(self.save_button)
        save_menu.addAction("Save Solution…", lambda: self.save_solution_dialog())
        self.save_as_action = save_menu.addAction("Save Solution to a Chosen File…",
                                                  lambda: self.save_solution_dialog(choose_file=True))
        self.save_button.setMenu(save_menu)
        self.load_button = QToolButton()
        self.load_button.setIcon(_icon("fa5s.folder-open"))
        self.load_button.setText("Load")
        self.load_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.load_button.setToolTip("Load a stored solution and replay it")
        self.load_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.load_button.clicked.connect(lambda: self.load_solution_dialog())
        solution_row.addWidget(self.solution_label, 1)
        solution_row.addWidget(self.save_button)
        solution_row.addWidget(self.load_button)
        layout.addLayout(solution_row)

        self.keys_label = QLabel()
        self.keys_label.setObjectName("playtest_keys")
        self.keys_label.setWordWrap(True)
        self.keys_label.setStyleSheet("color: #8a909a; font-size: 11px;")
        layout.addWidget(self.keys_label)

        self.setWidget(body)
        self.setMinimumWidth(DOCK_MIN_WIDTH)

    # -- which session -------------------------------------------------------------------
    def show_session(self, session: PlaytestSession | None, placeholder: str = "") -> None:
        if self.session is not None:
            self.session.pause()  # a replay does not go on unseen
            for signal, slot in self._session_connections():
                signal.disconnect(slot)
        self.session = session
        self.board.placeholder = placeholder or "No level to play"
        if session is None:
            self.board.set_painter(None)
            self.board.show_state(None, Outcome(), [])
            self.board.set_move_keys([])
            self.refresh()
            return
        adapter = session.adapter
        if adapter.game_id not in self.board_painters:
            self.board_painters[adapter.game_id] = game_by_id(adapter.game_id).view.resolve().make_play_painter()
        self.board.set_painter(self.board_painters[adapter.game_id])
        self.board.set_move_keys(adapter.keys())
        self.board.set_overlays(adapter.overlays(), self.enabled_overlays)
        self.board.placeholder = session.error or placeholder or "No level to play"
        for signal, slot in self._session_connections():
            signal.connect(slot)
        self.speed_box.setCurrentIndex(self._speed_index(session.speed))
        self._show_current(None)

    def _session_connections(self):
        session = self.session
        return [(session.changed, self._show_current), (session.refused, self._refused),
                (session.staleChanged, self._stale_changed), (session.replayingChanged, self._replaying_changed),
                (session.recordsChanged, self._records_changed),
                (session.document.undo_stack.indexChanged, self._undo_index_changed)]

    def set_enabled_overlays(self, enabled: set[str]) -> None:
        self.enabled_overlays = set(enabled)
        self.board.enabled_overlays = set(enabled)
        self.board.update()

    # -- commands (keys, buttons and menus come here) -----------------------------------------
    def play(self, move) -> None:
        if self.session is not None:
            self.board.finish_animation()
            self.session.play(move)

    def undo(self) -> None:
        if self.session is not None:
            self.session.undo()

    def redo(self) -> None:
        if self.session is not None:
            self.session.pause()
            self.session.redo()

    def restart(self) -> None:
        if self.session is not None:
            self.session.restart()

    def to_end(self) -> None:
        if self.session is not None:
            self.session.pause()
            self.session.seek(self.session.length)

    def toggle_replay(self) -> None:
        if self.session is not None:
            self.session.toggle_replay()

    def restart_on_new_version(self, keep_moves: bool = False) -> None:
        if self.session is None:
            return
        result = self.session.restart_on_new_version(keep_moves=keep_moves)
        if result is not None:
            self.message.emit(f"Your moves on the new version: {result.text}")
        self.board.setFocus()

    def _slider_moved(self, value: int) -> None:
        if self.session is not None and value != self.session.position:
            self.session.pause()
            self.session.seek(value)

    def _speed_chosen(self, index: int) -> None:
        if self.session is not None:
            self.session.set_speed(self.speed_box.itemData(index))

    @staticmethod
    def _speed_index(speed: float) -> int:
        return min(range(len(REPLAY_SPEEDS)), key=lambda i: abs(REPLAY_SPEEDS[i][1] - speed))

    # -- showing ----------------------------------------------------------------------------
    def _show_current(self, report) -> None:
        session = self.session
        if session is None or not session.playable:
            self.board.show_state(None, Outcome(), [])
            self.refresh()
            return
        adapter = session.adapter
        entry = session.current
        annotations = adapter.annotations(entry.state, entry.report)
        animate = report is not None and report.changed and self.animate and not self._replay_too_fast()
        motions = adapter.motions(report) if animate else ()
        self.board.show_state(entry.state, session.outcome, annotations, report if animate else None, motions,
                              self._tween_ms())
        self.refresh()

    def _tween_ms(self) -> int:
        duration = self.animation_ms
        if self.session is not None and self.session.replaying:  # never longer than a replay step
            duration = min(duration, int(800 / self.session.speed))
        return duration

    def _replay_too_fast(self) -> bool:
        return self.session is not None and self.session.replaying and self.session.speed > 30

    def _refused(self, report) -> None:
        session = self.session
        if report is None:
            self.message.emit("The game is over: Enter restarts, Backspace undoes the last move.")
            return
        # Show why nothing happened (a blocked push) over the unchanged state.
        annotations = session.adapter.annotations(report.state, report)
        self.board.show_state(report.state, session.outcome, annotations)
        self.refresh()

    def _stale_changed(self, stale: bool) -> None:
        self.refresh()

    def _replaying_changed(self, replaying: bool) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Labels and controls from the session."""
        session = self.session
        playable = session is not None and session.playable
        document = session.document if session is not None else None
        if document is not None:
            self.title_label.setText(f"{document.display_name()} · {document.game.name}")
        else:
            self.title_label.setText("Play-Test")
        self.banner.setVisible(session is not None and session.stale)
        self.replay_new_button.setEnabled(playable and bool(session.moves))
        outcome = session.outcome if playable else None
        kind = outcome.kind if outcome else "playing"
        background, foreground = OUTCOME_STYLES.get(kind, OUTCOME_STYLES["playing"])
        self.outcome_label.setStyleSheet(
            f"QLabel {{ background: {background}; color: {foreground}; border-radius: 6px; padding: 3px 10px;"
            " font-weight: 600; }")
        self.outcome_label.setText(session.outcome_text if playable else "not playing")
        self.outcome_label.setToolTip(session.outcome_text if playable else "")
        if playable:
            ahead = f" / {session.length}" if session.length != session.position else ""
            self.move_label.setText(f"Move {session.position}{ahead}")
            self._show_par(session)
            status = session.adapter.status_text(session.state)
        else:
            self.move_label.setText("")
            self.par_label.hide()
            status = session.error if session is not None else ""
        self.status_label.setText(status)
        self.status_label.setVisible(bool(status))
        with QSignalBlocker(self.slider):
            self.slider.setRange(0, session.length if playable else 0)
            self.slider.setValue(session.position if playable else 0)
        self.slider.setEnabled(playable and session.length > 0)
        for button, enabled in ((self.start_button, playable and session.position > 0),
                                (self.back_button, playable and session.can_undo()),
                                (self.forward_button, playable and session.can_redo()),
                                (self.end_button, playable and session.can_redo()),
                                (self.play_button, playable and session.length > 0)):
            button.setEnabled(enabled)
        replaying = playable and session.replaying
        self.play_button.setIcon(_icon("fa5s.pause" if replaying else "fa5s.play"))
        self.play_button.setToolTip("Pause the replay (Space)" if replaying else "Replay the moves ahead (Space)")
        self.save_button.setEnabled(playable and session.position > 0)
        self.load_button.setEnabled(playable)
        self._show_solution_text()
        self._show_keys()
        self._update_win_panel()

    def _show_par(self, session: PlaytestSession) -> None:
        par = session.par
        self.par_label.setVisible(par is not None)
        if par is None:
            return
        over = session.position > par
        colour = "#ffb86b" if over else ("#8ee6a5" if session.outcome.kind == WON else "#a8c7fa")
        self.par_label.setText(f"par {par}")
        self.par_label.setStyleSheet(f"QLabel {{ color: {colour}; border: 1px solid {colour}; border-radius: 8px;"
                                     " padding: 1px 6px; font-weight: 600; font-size: 12px; }")
        self.par_label.setToolTip("Over par: a shorter way exists" if over else "The fewest moves that win this level")

    def _show_solution_text(self) -> None:
        session = self.session
        if session is None or not session.playable:
            self.solution_label.setText("")
            return
        loaded = session.loaded
        if loaded is not None:
            flag = " ⚠" if loaded.older_version else ""
            self.solution_label.setText(f"Replaying “{loaded.name}” ({loaded.source}){flag}: {loaded.note}")
            colour = "#ffd479" if loaded.older_version else "#c8cdd6"
            self.solution_label.setStyleSheet(f"color: {colour};")
            self.solution_label.setToolTip(session.adapter.moves_text(session.timeline_moves))
            return
        moves = session.moves
        text = session.adapter.moves_text(moves) if moves else ""
        shown = text if len(text) <= MAX_SHOWN_MOVES else "…" + text[-MAX_SHOWN_MOVES:]
        self.solution_label.setStyleSheet("color: #c8cdd6;")
        self.solution_label.setText(f"Recorded: {shown}" if moves else "Recording: play a move")
        self.solution_label.setToolTip(text)

    def _show_keys(self) -> None:
        session = self.session
        if session is None or not session.playable:
            self.keys_label.setText("")
            return
        keys = session.adapter.keys()
        arrows = {"Up": "↑", "Down": "↓", "Left": "←", "Right": "→"}
        if all(k.key in arrows for k in keys):
            moves = "".join(arrows[k.key] for k in keys) + " move"
        else:
            moves = " · ".join(f"{arrows.get(k.key, k.key)} {k.label}" for k in keys)
        # A game's own keys win over the dock's (ChronoShift waits with Space and
        # travels with Enter), so the help names only the dock keys still free.
        taken = {k.key for k in keys}
        dock_keys = [("Enter", "restart"), ("Backspace", "undo"), ("Ctrl+Y", "redo"), ("Space", "replay"),
                     ("Esc", "back to the editor")]
        free = " · ".join(f"{key} {label}" for key, label in dock_keys if key not in taken)
        self.keys_label.setText(f"{moves} · {free}")

    # -- solutions -----------------------------------------------------------------------------
    def save_solution(self, name: str, target: Path | None = None):
        """Store the moves played up to now; returns the SavedSolution (raises on failure).

        A solution kept in the level is an undoable edit; when the level's file holds
        everything else already, the file is saved at once (as a solution file would
        be written), otherwise the edit waits for the designer's save."""
        session = self.session
        if session is None or not session.playable or not session.moves:
            raise ValueError("there are no moves to save yet")
        saved = session.adapter.save_solution(session.level_context(), session.moves, name, target)
        message = saved.message
        self.last_save_note = ""
        if saved.properties:
            self.last_save_note = self._store_in_level(saved.properties, saved.stored_name or name)
            message += f" — {self.last_save_note[0].lower()}{self.last_save_note[1:]}"
        elif session.stale or session.document.is_modified:
            message += " — for the level as played, which is not what its file holds yet: save the level to match"
        self.message.emit(message)
        self.solutionSaved.emit(saved)
        return saved

    def _store_in_level(self, properties: dict, name: str) -> str:
        """Apply a solution's level properties as an undoable edit, and save the file when
        nothing else is waiting to be saved; returns what happened, for the user."""
        from studio.model.commands import ChangeProperties

        session = self.session
        document = session.document
        writable = document.path is not None and not document.is_modified and not session.stale
        command = ChangeProperties(document, properties)
        command.setText(f"Record “{name}”")  # as the Undo History lists it
        document.undo_stack.push(command)
        self.last_command = command
        if not writable:
            if document.path is None:
                return "Recorded in the level; save the level to keep it."
            return "Recorded in the level with its other unsaved edits; save the level to keep it."
        try:
            document.save()
        except OSError as error:
            return f"Recorded, but {document.path.name} could not be written ({error.strerror or error}); " \
                   "save the level to keep it."
        return f"Saved into {document.path.name}."

    # -- the player's name (remembered between sessions) ---------------------------------------
    def player_name(self) -> str:
        """The last name a score or solution was saved under, else the login name."""
        remembered = self.settings.value(PLAYER_NAME_KEY, "") if self.settings is not None else ""
        if remembered:
            return str(remembered)
        try:
            return getpass.getuser()
        except (KeyError, OSError):
            return ""

    def remember_player_name(self, name: str) -> None:
        if self.settings is not None and name.strip():
            self.settings.set_value(PLAYER_NAME_KEY, name.strip())

    # -- the win panel -------------------------------------------------------------------------
    def _win_to_offer(self):
        """The offer for the position shown, if it is a win played by hand and the game makes one."""
        session = self.session
        if session is None or not session.playable or session.loaded is not None or session.replaying:
            return None, None
        make_offer = getattr(session.adapter, "win_offer", None)
        if make_offer is None or session.outcome.kind != WON or session.position == 0:
            return None, None
        key = (session, session.current)
        if key != self._offer_key:
            self._offer_key, self._offer = key, make_offer(session.level_context(), session.state, session.moves)
        return key, self._offer

    def _update_win_panel(self) -> None:
        key, offer = self._win_to_offer()
        if offer is None:
            self.win_panel.hide()
            self.keys_label.show()
            return
        recorded = self._recorded
        if recorded is not None and recorded.key == key and self._still_applied(recorded.command):
            self.win_panel.show_saved(saved_table(offer, recorded.name) or recorded.offer, recorded.name,
                                      recorded.note)
            self.keys_label.hide()  # room for the table; the panel is about keys no more
            return
        session = self.session
        if session.stale:
            note, can_save = "The level was edited since this test started: restart it to play for a score.", False
        elif session.document.path is None:
            note, can_save = "The score is recorded in the level; save the level to keep it.", True
        elif session.document.is_modified:
            note, can_save = "The level has unsaved edits: the score joins them; save the level to keep it.", True
        else:
            note, can_save = f"Saving writes the score into {session.document.path.name}.", True
        if recorded is not None and recorded.key == key:
            note = "Your score was taken back (undone). " + note
        self.win_panel.show_offer(offer, self.player_name(), note, can_save)
        self.keys_label.hide()

    def _still_applied(self, command) -> bool:
        """Is the panel's saved score still in the level (not undone, not dropped from the stack)?"""
        stack = self.session.document.undo_stack
        for index in range(stack.index()):
            if stack.command(index) is command:
                return True
        return False

    def save_score(self, name: str) -> None:
        """The win panel's "Save score": the win stored through the adapter, the name remembered."""
        key, offer = self._win_to_offer()
        if offer is None:
            return
        self.remember_player_name(name)
        try:
            saved = self.save_solution(name or self.player_name())
        except (ValueError, OSError) as error:
            self.win_panel.note.setText(f"Cannot save the score: {getattr(error, 'strerror', None) or error}")
            return
        shown = saved.stored_name or name
        self._recorded = RecordedScore(key, self.last_command, shown, "✓ " + self.last_save_note, offer)
        self._update_win_panel()
        self.board.setFocus()

    def _undo_index_changed(self, index: int) -> None:
        # A command runs before the stack moves its index: look again once it has.
        # (A stack being destroyed with its document says so too: leave it alone.)
        if self._recorded is not None and self.session is not None and isValid(self.session.document.undo_stack):
            self._update_win_panel()

    def _records_changed(self) -> None:
        self._offer_key = None  # the table changed (a score saved or undone): ask again
        self.refresh()

    def save_solution_dialog(self, choose_file: bool = False) -> None:
        session = self.session
        if session is None or not session.moves:
            return
        session.pause()
        target = None
        files = session.adapter.solution_files()
        if choose_file and files is not None:
            start = str(session.document.path.parent) if session.document.path else ""
            chosen, _ = QFileDialog.getSaveFileName(
                self, "Save Solution to", start, f"{files.description} ({' '.join(files.patterns)})",
                options=QFileDialog.Option.DontConfirmOverwrite)  # solutions are added, nothing is overwritten
            if not chosen:
                return
            target = Path(chosen)
            if not target.suffix and files.patterns:
                target = target.with_suffix(files.patterns[0].lstrip("*"))
        adapter = session.adapter
        named_after_player = getattr(adapter, "solution_named_after_player", False)
        if named_after_player:
            default = self.player_name()
        else:
            default = f"{datetime.now():%Y-%m-%d %H:%M} ({session.position} moves)"
        label = getattr(adapter, "solution_name_label", "Name of the solution:")
        name, ok = QInputDialog.getText(self, "Save Solution", label, text=default)
        if not ok:
            return
        if named_after_player:
            self.remember_player_name(name)
        try:
            self.save_solution(name.strip() or default, target)
        except (ValueError, OSError) as error:
            QMessageBox.warning(self, "Cannot save the solution", str(getattr(error, "strerror", None) or error))
        self.board.setFocus()

    def stored_solutions(self, source: Path | None = None) -> list[tuple[StoredSolution, Verification]]:
        """The stored solutions of the level being tested, each played on this version."""
        session = self.session
        context = session.level_context()
        found = session.adapter.load_solutions(context, source)
        return [(solution, verify_moves(session.adapter, session.snapshot, solution.moves)) for solution in found]

    def load_solution(self, solution: StoredSolution) -> Verification:
        """Replay a stored solution from the start (re-verified on the level as it is now)."""
        session = self.session
        if session.stale:
            session.restart_on_new_version()
        verification = session.load_moves(solution.moves, solution.name, solution.source,
                                          older_version=not solution.current)
        note = session.loaded.note
        self.message.emit(f"Loaded “{solution.name}”: {note}")
        self.board.setFocus()
        return verification

    def load_moves_text(self, text: str, name: str = "typed moves") -> Verification:
        session = self.session
        return session.load_moves(session.adapter.parse_moves(text), name, "typed")

    def load_solution_dialog(self) -> None:
        session = self.session
        if session is None or not session.playable:
            return
        session.pause()
        if session.stale:
            session.restart_on_new_version()
        from studio.playtest.solutions_dialog import SolutionsDialog

        dialog = SolutionsDialog(self, session.adapter.solution_files())
        dialog.exec()
        if dialog.chosen is not None:
            self.load_solution(dialog.chosen)
        self.board.setFocus()

    def list_solutions_for_dialog(self, source: Path | None):
        """For the dialog: the rows, or an error message."""
        try:
            return self.stored_solutions(source), ""
        except (LevelFormatError, OSError) as error:
            return [], str(getattr(error, "strerror", None) or error)

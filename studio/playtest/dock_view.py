"""The play-test dock's widgets: how they are laid out (``DockView._build``) and how
they show the session (``refresh``). ``PlaytestDock`` (dock.py) adds the session
wiring and the commands; ``DockSolutions`` (dock_solutions.py) saving and loading."""

from __future__ import annotations

import html

import qtawesome as qta
from PySide6 import QtGui
from PySide6.QtCore import QSignalBlocker, QSize, Qt
from PySide6.QtWidgets import (
    QComboBox, QDockWidget, QFrame, QHBoxLayout, QLabel, QMenu, QSizePolicy, QSlider, QToolButton, QVBoxLayout,
    QWidget,
)

from studio.core.playtest_adapter import DEAD, WON
from studio.playtest.board import PlayBoard
from studio.playtest.session import PlaytestSession
from studio.playtest.win_panel import WinPanel

ICON_COLOUR = "#dfe3ea"
ICON_DISABLED = "#5d626b"
REPLAY_SPEEDS = (("½×", 3.0), ("1×", 6.0), ("2×", 12.0), ("4×", 24.0), ("8×", 48.0))
BLOCKED = "blocked"  # the last move tried did nothing: the outcome chip says so
OUTCOME_STYLES = {
    "playing": ("#2d3a4d", "#a8c7fa"),
    BLOCKED: ("#4a3c12", "#ffd60a"),
    WON: ("#1f4d2c", "#8ee6a5"),
    DEAD: ("#5a1f1f", "#ffb3ad"),
}
MAX_SHOWN_MOVES = 48  # of the recording's text in the dock (the tooltip has all of it)
PLAYER_NAME_KEY = "playtest/player_name"
DOCK_MIN_WIDTH = 340  # the replay controls and the Save/Load buttons on one row


def dock_icon(name: str):
    return qta.icon(name, color=ICON_COLOUR, color_disabled=ICON_DISABLED)


def tool_button(icon: str, tip: str, slot) -> QToolButton:
    button = QToolButton()
    button.setIcon(dock_icon(icon))
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



class DockView(QDockWidget):
    """The dock's widgets and what they show; the slots they call are PlaytestDock's."""

    session: PlaytestSession | None
    blocked_words = ""  # PlaytestDock's: why the last move tried did nothing

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
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)  # a level's title, from its file
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
        self.restart_new_button = tool_button("fa5s.redo-alt", "Restart the test on the level as it is now",
                                               self.restart_on_new_version)
        self.restart_new_button.setText("Restart")
        self.restart_new_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.replay_new_button = tool_button("fa5s.history", "Replay your moves on the level as it is now",
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
        self.legend_label = QLabel()
        self.legend_label.setObjectName("playtest_legend")
        self.legend_label.setTextFormat(Qt.TextFormat.RichText)
        self.legend_label.setWordWrap(True)
        self.legend_label.setStyleSheet("color: #b9bec8; font-size: 11px;")
        self.legend_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.legend_label.hide()
        layout.addWidget(self.legend_label)

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
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)  # it quotes errors and names files
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
        self.start_button = tool_button("fa5s.fast-backward", "Back to the start (Enter)", self.restart)
        self.back_button = tool_button("fa5s.step-backward", "Undo a move (Backspace, Ctrl+Z)", self.undo)
        self.play_button = tool_button("fa5s.play", "Replay the moves ahead (Space)", self.toggle_replay)
        self.forward_button = tool_button("fa5s.step-forward", "Redo a move (Ctrl+Y)", self.redo)
        self.end_button = tool_button("fa5s.fast-forward", "To the last move", self.to_end)
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
        self.save_button.setIcon(dock_icon("fa5s.save"))
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
        self.load_button.setIcon(dock_icon("fa5s.folder-open"))
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

    # -- showing the session ------------------------------------------------------------------
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
        blocked = playable and kind == "playing" and bool(self.blocked_words)
        background, foreground = OUTCOME_STYLES.get(BLOCKED if blocked else kind, OUTCOME_STYLES["playing"])
        self.outcome_label.setStyleSheet(
            f"QLabel {{ background: {background}; color: {foreground}; border-radius: 6px; padding: 3px 10px;"
            " font-weight: 600; }")
        text = ("blocked" if blocked else session.outcome_text) if playable else "not playing"
        self.outcome_label.setText(text)
        tip = f"Blocked: {self.blocked_words}" if blocked else text
        self.outcome_label.setToolTip(QtGui.Qt.convertFromPlainText(tip) if playable else "")
        self._show_legend()
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
        self.play_button.setIcon(dock_icon("fa5s.pause" if replaying else "fa5s.play"))
        self.save_button.setEnabled(playable and session.position > 0)
        self.load_button.setEnabled(playable)
        self._show_solution_text()
        self._show_keys()
        self._update_win_panel()

    def _show_legend(self) -> None:
        """A key to the colours drawn on the board now: one swatch per colour of each overlay shown."""
        shown = {annotation.overlay for annotation in self.board.visible_annotations()}
        entries = [entry for overlay_id, spec in self.board.overlay_specs.items() if overlay_id in shown
                   for entry in spec.legend_entries()]
        self.legend_label.setVisible(bool(entries))
        self.legend_label.setText("&nbsp;&nbsp; ".join(
            f'<span style="color:{colour}; font-size:14px;">&#9632;</span>&nbsp;{html.escape(words)}'
            for colour, words in entries))

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
        """The game's key map (keymap.KeyMap): what the board plays by and the Play menu names,
        in the help line and the buttons' tips."""
        session = self.session
        key_map = self.board.key_map
        for button, action, tip in ((self.start_button, "restart", "Back to the start"),
                                    (self.back_button, "undo", "Undo a move"),
                                    (self.forward_button, "redo", "Redo a move")):
            keys = ", ".join(key_map.control(action).keys)
            button.setToolTip(f"{tip} ({keys})" if keys else tip)
        replay = key_map.first_key("replay")
        replaying = session is not None and session.playable and session.replaying
        tip = "Pause the replay" if replaying else "Replay the moves ahead"
        self.play_button.setToolTip(f"{tip} ({replay})" if replay else tip)
        self.keys_label.setText(key_map.help_text() if session is not None and session.playable else "")

"""Where the play-test shows: beside the editor (its dock), in place of the canvas (the
whole middle of the window, Esc goes back to the editor), or in a window of its own.

The controller in playtest_integration asks ``present()`` when a test starts; the Play
menu's two toggles choose the place, kept in the settings. Playing in place puts the
dock's contents into the window's middle (a stack over the level tabs), so the board
gets the room the canvas had; they go back to the dock when another place is chosen.
"""

from __future__ import annotations

import qtawesome as qta
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QLabel, QStackedWidget, QToolButton, QVBoxLayout, QWidget

from studio.app.actions import ActionSpec
from studio.core.properties import level_title

BESIDE, IN_PLACE, OWN_WINDOW = "beside", "in_place", "window"
SETTING = "playtest/placement"
PLAY_WIDTH = 460  # the dock's width beside the editor when a test starts: a board worth playing on
WINDOW_SIZE = (820, 680)

SPECS = {
    IN_PLACE: ActionSpec("Play in &Place", "fa5s.expand-arrows-alt", "Shift+P",
                         "Play-test in the canvas's place, with all its room (Esc goes back to the editor)", True),
    OWN_WINDOW: ActionSpec("Play in a Separate &Window", "fa5s.window-restore", "",
                           "Play-test in a window of its own, to put anywhere (another screen)", True),
}


class PlayPlacement(QObject):
    def __init__(self, window, dock):
        super().__init__(window)
        self.window = window
        self.dock = dock
        self.body = dock.widget()
        self._sized_window = False
        self._narrow_width: int | None = None  # the column's width before a test widened it
        self.stack = QStackedWidget()
        self.stack.setObjectName("central_stack")
        tabs = window.takeCentralWidget()  # the level tabs, kept: the stack shows them or the board
        self.stack.addWidget(tabs)
        self.host = QWidget()
        self.host.setObjectName("play_in_place")
        host_layout = QVBoxLayout(self.host)
        host_layout.setContentsMargins(0, 0, 0, 0)
        host_layout.setSpacing(0)
        host_layout.addWidget(self._header())
        self.stack.addWidget(self.host)
        window.setCentralWidget(self.stack)

        registry = window.actions
        self.group = QActionGroup(self)
        self.group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        self.actions = {}
        for mode, spec in SPECS.items():
            action = registry.add(f"playtest_{mode}", spec)
            action.setData(mode)
            self.group.addAction(action)
            self.actions[mode] = action
        mode = window.settings.value(SETTING, BESIDE) or BESIDE
        if mode in self.actions:
            self.actions[mode].setChecked(True)
        self.group.triggered.connect(lambda action: self._mode_chosen())
        dock.leaveRequested.connect(self.show_editor)
        # The column is wide while the play-test's tab is the one shown, narrow otherwise. (A tab
        # behind another still says isVisible(): only this signal tells.)
        self._tab_shown = False
        dock.visibilityChanged.connect(self._tab_visibility_changed)

    def _header(self) -> QWidget:
        bar = QWidget()
        bar.setObjectName("play_in_place_header")
        bar.setStyleSheet("#play_in_place_header { background: #2d3a4d; }")
        layout = QHBoxLayout(bar)
        layout.setContentsMargins(8, 3, 4, 3)
        self.header_label = QLabel()
        layout.addWidget(self.header_label, 1)
        back = QToolButton()
        back.setIcon(qta.icon("fa5s.edit", color="#dfe3ea"))
        back.setText("Back to the Editor (Esc)")
        back.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        back.setAutoRaise(True)
        back.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the board keeps the keys
        back.clicked.connect(self.show_editor)
        layout.addWidget(back)
        return bar

    # -- the place ---------------------------------------------------------------------
    def mode(self) -> str:
        checked = self.group.checkedAction()
        return checked.data() if checked is not None else BESIDE

    def playing_in_place(self) -> bool:
        return self.stack.currentWidget() is self.host

    def _mode_chosen(self) -> None:
        mode = self.mode()
        self.window.settings.set_value(SETTING, mode)
        was_shown = self.playing_in_place() or self.dock.isVisible()
        self._back_to_dock()
        if was_shown:
            self.present()

    def present(self) -> None:
        """Show the play-test in the chosen place (a test is starting)."""
        mode = self.mode()
        if mode == IN_PLACE:
            self.dock.hide()
            if self.body.parent() is not self.host:
                self.host.layout().addWidget(self.body, 1)
                self.body.show()
            pane = self.window.current_pane()
            name = (level_title(pane.document.level) or pane.document.display_name()) if pane is not None else ""
            self.header_label.setText(f"Playing {name} in place of the editor")
            self.stack.setCurrentWidget(self.host)
            self._narrow_again_later()
            return
        self._back_to_dock()
        if mode == OWN_WINDOW:
            self.dock.setFloating(True)
            if not self._sized_window:
                self._sized_window = True
                centre = self.window.geometry().center()
                self.dock.resize(*WINDOW_SIZE)
                self.dock.move(centre.x() - WINDOW_SIZE[0] // 2, centre.y() - WINDOW_SIZE[1] // 2)
        elif self.dock.isFloating():
            self.dock.setFloating(False)
        self.dock.show()
        self.dock.raise_()
        self._widen()
        if mode == OWN_WINDOW:
            self.dock.activateWindow()

    def shown(self) -> bool:
        """Is the play-test on screen (in its dock, its window, or in place)?"""
        return self.playing_in_place() or self.dock.isVisible()

    def show_editor(self) -> None:
        """Esc from the board: the editor again (playing in place, the canvas comes back)."""
        if self.playing_in_place():
            self.stack.setCurrentIndex(0)
            pane = self.window.current_pane()
            if pane is not None:
                pane.focus_canvas()

    # -- the column's width --------------------------------------------------------------
    def _column_docks(self) -> list:
        """The docks shown in the play-test's column beside the editor (not floating)."""
        window = self.window
        area = window.dockWidgetArea(self.dock)
        return [d for d in window.findChildren(QDockWidget) if d is not self.dock and d.isVisible()
                and not d.isFloating() and window.dockWidgetArea(d) == area]

    def _tab_visibility_changed(self, visible: bool) -> None:
        self._tab_shown = visible
        QTimer.singleShot(0, self._widen if visible else self._narrow_again)

    def _widen(self) -> None:
        """The play-test's tab is shown beside the editor: its column as wide as a board needs,
        remembering the width it had."""
        if self.mode() != BESIDE or self.dock.isFloating() or not self._tab_shown:
            return
        if self.dock.width() < PLAY_WIDTH:
            if self._narrow_width is None:
                self._narrow_width = self.dock.width()
            self.window.resizeDocks([self.dock], [PLAY_WIDTH], Qt.Orientation.Horizontal)

    def _narrow_again_later(self) -> None:
        QTimer.singleShot(0, self._narrow_again)

    def _narrow_again(self) -> None:
        """The play-test left its column (closed, behind another tab, in place or in its own
        window): the column goes back to the width it had before the test widened it, so the canvas has its room."""
        if self._narrow_width is None or self._tab_shown and not self.dock.isFloating():
            return  # (still shown in its column)
        shown = self._column_docks()
        if shown:
            self.window.resizeDocks([shown[0]], [self._narrow_width], Qt.Orientation.Horizontal)
        self._narrow_width = None

    def _back_to_dock(self) -> None:
        self.show_editor()
        if self.body.parent() is self.host:
            self.dock.setWidget(self.body)

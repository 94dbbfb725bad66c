"""The main window's layout: the default arrangement of its docks, the layout saved between
sessions, and View > Reset Layout.

The default is made for screens of 1366x768 and up, the canvas first: a narrow left
column (the palette, the overview under it) and a narrow right column whose docks are
tabs (the play-test, problems, bots, history), so the canvas keeps most of the width.
The play-test widens its column when a test starts, or plays in the canvas's place
(app/play_placement). The window saves its layout when it closes (MainWindow.closeEvent);
here it is restored once every dock exists.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget

from studio.app.actions import ActionSpec

LEFT_WIDTH = 210
RIGHT_WIDTH = 280
OVERVIEW_HEIGHT = 190
LARGEST_START = QSize(1600, 1000)  # the first window: the screen's room, up to this
STATE_KEY = "window/state"
GEOMETRY_KEY = "window/geometry"

RESET_SPEC = ActionSpec("&Reset Layout", "fa5s.columns", "",
                        "Put every dock back where it was at the first start")


class WindowLayout(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        # Docks of other features (the Community's) show by default as their module left them
        # (hidden until opened from the View menu), whatever tabifying them does.
        self.others_shown = {dock: not dock.isHidden() for dock in self.right_docks()[len(self.studio_docks()):]}
        self.arrange_default()
        self.default_state = window.saveState()
        saved = window.settings.value(STATE_KEY)
        if isinstance(saved, QByteArray) and not saved.isEmpty():
            window.restoreState(saved)
        else:  # the columns' widths once the window has its size: docks scale with a resize before
            window.installEventFilter(self)
        if not isinstance(window.settings.value(GEOMETRY_KEY), QByteArray):
            self.fit_to_screen()
        self.reset_action = window.actions.add("reset_layout", RESET_SPEC)
        self.reset_action.triggered.connect(self.reset)
        view_menu = next((a.menu() for a in window.menuBar().actions() if a.text().replace("&", "") == "View"), None)
        if view_menu is not None:
            view_menu.addSeparator()
            view_menu.addAction(self.reset_action)

    # -- the docks ---------------------------------------------------------------------
    def _dock(self, *path: str):
        found = self.window
        for name in path:
            found = getattr(found, name, None)
        return found

    def left_docks(self) -> list:
        return [d for d in (self._dock("palette_dock"), self._dock("overview_dock")) if d is not None]

    def studio_docks(self) -> list:
        """The right column's own docks in tab order, the play-test first."""
        return [d for d in (self._dock("playtest", "dock"), self._dock("solving", "problems_dock"),
                            self._dock("bots_dock"), self._dock("undo_dock")) if d is not None]

    def right_docks(self) -> list:
        """The right column's tabs: the studio's own, then any dock this module does not know
        by name (it joins the tabs rather than split the column; it shows as its module says)."""
        known = self.studio_docks() + self.left_docks()
        return self.studio_docks() + [d for d in self.window.findChildren(QDockWidget) if d not in known]

    def arrange_default(self) -> None:
        window = self.window
        left, right = self.left_docks(), self.right_docks()
        for dock in left + right:
            dock.setFloating(False)
        if left:
            window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, left[0])
            for dock in left[1:]:
                window.splitDockWidget(left[0], dock, Qt.Orientation.Vertical)
        if right:
            window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, right[0])
            for dock in right[1:]:
                window.tabifyDockWidget(right[0], dock)
        for dock in left + self.studio_docks():  # the play-test's tab too: it says how to start a test
            dock.setVisible(True)
        for dock in right[len(self.studio_docks()):]:
            dock.setVisible(getattr(self, "others_shown", {}).get(dock, True))
        if len(right) > 1:
            right[1].raise_()  # the problems: what the designer wants to see while editing
        self.size_columns()

    def size_columns(self) -> None:
        """The side columns narrow, the overview short: the canvas has the rest."""
        window, left, right = self.window, self.left_docks(), self.right_docks()
        if left:
            window.resizeDocks([left[0]], [LEFT_WIDTH], Qt.Orientation.Horizontal)
        if len(left) > 1:
            window.resizeDocks(left[1:], [OVERVIEW_HEIGHT] * (len(left) - 1), Qt.Orientation.Vertical)
        if len(right) > 1:
            window.resizeDocks([right[1]], [RIGHT_WIDTH], Qt.Orientation.Horizontal)

    def eventFilter(self, watched, event) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Show:
            self.window.removeEventFilter(self)
            self.size_columns()
        return super().eventFilter(watched, event)

    def fit_to_screen(self) -> None:
        """A first start: the window as large as the screen allows, up to LARGEST_START."""
        screen = self.window.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return
        room = screen.availableGeometry()
        width, height = min(room.width(), LARGEST_START.width()), min(room.height(), LARGEST_START.height())
        self.window.resize(width, height)
        self.window.move(room.x() + (room.width() - width) // 2, room.y() + (room.height() - height) // 2)

    def reset(self) -> None:
        """View > Reset Layout: the docks where the first start put them (a test playing in
        place, or in its own window, comes back beside the editor)."""
        placement = self._dock("playtest", "placement")
        if placement is not None:
            placement.show_editor()
        playing = self._dock("playtest", "dock")
        was_playing = playing is not None and (playing.isVisible() or
                                               (placement is not None and placement.shown()))
        self.window.restoreState(self.default_state)
        self.arrange_default()
        if was_playing and placement is not None:
            placement.present()


def install_window_layout(window) -> WindowLayout:
    """Arrange ``window``'s docks (every dock must exist by now) and restore its saved layout."""
    return WindowLayout(window)

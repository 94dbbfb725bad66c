"""Putting the drawing aids into the main window: ``install_drawing(window)`` adds Edit >
Transform (flip and rotate the selection) and the Overview dock (a minimap of the level),
each following the current tab; ``install_designer_aids`` adds them with Export Image, the
layout and the user's shortcuts. The tools themselves are in studio/editor (toolbox.py)."""

from __future__ import annotations

import weakref

from PySide6.QtCore import QObject, Qt

from studio.app.actions import ActionSpec
from studio.app.export_image import install_export_image
from studio.app.overview_dock import OverviewDock
from studio.app.preferences_shortcuts import install_shortcuts
from studio.app.window_layout import install_window_layout
from studio.editor.transform import TRANSFORMS, transform_problem, transform_selection

SPECS = {
    "flip_h": ActionSpec("Flip &Horizontally", "fa5s.arrows-alt-h", "X",
                         "Mirror the selection left to right; arrows, sliders, wires and pivots' arms turn with it"),
    "flip_v": ActionSpec("Flip &Vertically", "fa5s.arrows-alt-v", "Shift+X",
                         "Mirror the selection top to bottom; arrows, sliders, wires and pivots' arms turn with it"),
    "rotate_cw": ActionSpec("Rotate &Clockwise", "fa5s.redo", "Z",
                            "Turn the selection clockwise: a quarter about its top-left corner (hexes: a sixth "
                            "about its middle)"),
    "rotate_ccw": ActionSpec("Rotate &Anticlockwise", "fa5s.undo", "Shift+Z",
                             "Turn the selection anticlockwise: a quarter about its top-left corner (hexes: a "
                             "sixth about its middle)"),
}


class DrawingController(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self._watched = weakref.WeakSet()  # the scenes whose selection enables the transforms
        registry = window.actions
        self.actions = {}
        for transform in TRANSFORMS:
            action = registry.add(f"transform_{transform}", SPECS[transform])
            action.triggered.connect(lambda _=False, t=transform: self.transform(t))
            self.actions[transform] = action
        window.addActions(list(self.actions.values()))
        self._tips = {t: a.toolTip() for t, a in self.actions.items()}
        edit_menu = self._menu("Edit")
        if edit_menu is not None:
            menu = edit_menu.addMenu("&Transform")
            menu.setToolTipsVisible(True)
            menu.addActions(list(self.actions.values()))

        self.overview = OverviewDock(window)
        window.overview_dock = self.overview  # (the layout puts it under the palette)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.overview)
        view_menu = self._menu("View")
        if view_menu is not None:
            view_menu.addAction(self.overview.toggleViewAction())
        window.tabs.currentChanged.connect(lambda index: self._current_tab_changed())
        self._current_tab_changed()

    def _menu(self, title: str):
        return next((a.menu() for a in self.window.menuBar().actions() if a.text().replace("&", "") == title), None)

    def _current_tab_changed(self) -> None:
        pane = self.window.current_pane()
        if pane is not None and pane.scene not in self._watched:
            self._watched.add(pane.scene)
            pane.scene.cellSelectionChanged.connect(self._update_actions)
        self.overview.view.show_pane(pane)
        self._update_actions()

    def _update_actions(self) -> None:
        pane = self.window.current_pane()
        problem = transform_problem(pane.scene) if pane is not None else None
        selected = pane is not None and pane.scene.selection is not None
        for transform, action in self.actions.items():
            action.setEnabled(selected and problem is None)
            action.setToolTip(problem or self._tips[transform])

    def transform(self, transform: str) -> None:
        pane = self.window.current_pane()
        if pane is None or transform_problem(pane.scene) is not None:
            return
        problem = transform_selection(pane.scene, transform)
        if problem:
            self.window.show_problem(problem)


def install_drawing(window) -> DrawingController:
    return DrawingController(window)


def install_designer_aids(window) -> None:
    """The designer's aids, once every other part of the window exists: File > Export Image,
    Edit > Transform and the Overview, then the docks' layout (it arranges every dock), then
    the user's own shortcuts (on every action). Each is kept on the window by name."""
    window.export_image = install_export_image(window)
    window.drawing = install_drawing(window)
    window.window_layout = install_window_layout(window)
    window.shortcuts = install_shortcuts(window)

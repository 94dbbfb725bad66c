"""Driving the real widgets: mouse events at level cells, key presses at the window."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication

from studio.editor.scene import CELL


def cell_point(pane, x: int, y: int) -> QPoint:
    """The viewport point at the centre of cell (x, y)."""
    return pane.view.mapFromScene(QPointF((x + 0.5) * CELL, (y + 0.5) * CELL))


def _send(pane, kind, point: QPoint, button, buttons, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    viewport = pane.view.viewport()
    event = QMouseEvent(kind, QPointF(point), QPointF(viewport.mapToGlobal(point)), button, buttons, modifiers)
    QApplication.sendEvent(viewport, event)


def press(pane, x, y, button=Qt.MouseButton.LeftButton, modifiers=Qt.KeyboardModifier.NoModifier):
    _send(pane, QEvent.Type.MouseButtonPress, cell_point(pane, x, y), button, button, modifiers)


def move(pane, x, y, buttons=Qt.MouseButton.LeftButton):
    _send(pane, QEvent.Type.MouseMove, cell_point(pane, x, y), Qt.MouseButton.NoButton, buttons)


def release(pane, x, y, button=Qt.MouseButton.LeftButton):
    _send(pane, QEvent.Type.MouseButtonRelease, cell_point(pane, x, y), button, Qt.MouseButton.NoButton)


def click(pane, x, y, button=Qt.MouseButton.LeftButton, modifiers=Qt.KeyboardModifier.NoModifier):
    press(pane, x, y, button, modifiers)
    release(pane, x, y, button)


def drag(pane, cells, button=Qt.MouseButton.LeftButton):
    """Press on the first cell, move through the others, release on the last."""
    first, *rest = cells
    press(pane, *first, button)
    for cell in rest:
        move(pane, *cell, buttons=button)
    release(pane, *cells[-1], button)


def wheel(pane, x, y, delta: int, modifiers=Qt.KeyboardModifier.ControlModifier):
    viewport = pane.view.viewport()
    point = cell_point(pane, x, y)
    event = QWheelEvent(
        QPointF(point), QPointF(viewport.mapToGlobal(point)), QPoint(0, 0), QPoint(0, delta),
        Qt.MouseButton.NoButton, modifiers, Qt.ScrollPhase.NoScrollPhase, False,
    )
    QApplication.sendEvent(viewport, event)


def never_ask(window) -> None:
    """Answer the window's unsaved-changes prompts with Discard instead of blocking."""
    from PySide6.QtWidgets import QMessageBox

    window.ask_save_changes = lambda name: QMessageBox.StandardButton.Discard
    window.ask_save_all = lambda names: QMessageBox.StandardButton.Discard


def show_main_window(qtbot, settings, width: int = 1200, height: int = 800):
    """A shown main window with test settings; pytest-qt closes it before fixtures are torn
    down, so the unsaved-changes prompt always answers Discard instead of blocking."""
    from PySide6.QtWidgets import QMessageBox

    from studio.app.main_window import MainWindow

    window = MainWindow(settings)
    never_ask(window)
    qtbot.addWidget(window)
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    return window


def open_at_actual_size(window, path):
    """Open a level, at 100% zoom, centred: cells then sit at predictable viewport points."""
    from PySide6.QtWidgets import QApplication

    pane = window.open_file(path)
    QApplication.processEvents()  # opening fits the level to the window once the loop runs: first
    pane.view.set_zoom(1.0)
    pane.view.centerOn(pane.scene.level_rect().center())
    return pane


def settle(qtbot) -> None:
    """Let deleteLater and queued work run, then collect (before checking weak references)."""
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent

    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()
        qtbot.wait(5)
    gc.collect()

"""Qt objects that end when their work does, so a studio open all day stays its size.

- ``later(owner, call)``: call soon, unless the owner is deleted first.
  ``QTimer.singleShot(ms, context, callable)`` never frees the callable (nor what it
  holds) when the context is deleted before the timer fires: closing a level in that
  window kept its whole document alive. A single-shot timer that is a child of the owner
  goes with it instead.
- ``run_modal(dialog)``: a modal dialog run once and then deleted. A dialog whose parent
  is the main window otherwise lives as long as the window, hidden, one per use.
- ``lean_tool_buttons(toolbar)``: a tool bar's buttons follow their actions' changes
  without growing. Qt's tool button answers every change of its action (enabled,
  checked, text) by setting the action again, which adds one more connection each time
  (144 bytes a change, kept as long as the action: thousands a day as levels of
  different games are opened); the buttons here copy the action's state instead.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QDialog, QToolBar, QToolButton


def later(owner: QObject, call: Callable[[], object], milliseconds: int = 0) -> QTimer:
    """Call ``call`` after ``milliseconds`` unless ``owner`` is deleted first."""
    timer = QTimer(owner)
    timer.setSingleShot(True)
    timer.timeout.connect(call)
    timer.timeout.connect(timer.deleteLater)
    timer.start(milliseconds)
    return timer


def run_modal(dialog: QDialog) -> int:
    """``dialog.exec()``, then the dialog deleted once control is back in the event loop
    (its answers can still be read until then)."""
    try:
        return dialog.exec()
    finally:
        dialog.deleteLater()


class _ActionChanges(QObject):
    """Shows a tool button's action's new state on the button itself (see the module's notes)."""

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.ActionChanged and isinstance(watched, QToolButton):
            action = event.action()
            if action is watched.defaultAction():
                watched.setText(action.iconText())
                watched.setIcon(action.icon())
                watched.setToolTip(action.toolTip())
                watched.setStatusTip(action.statusTip())
                watched.setWhatsThis(action.whatsThis())
                watched.setFont(action.font())
                watched.setCheckable(action.isCheckable())
                watched.setChecked(action.isChecked())
                watched.setEnabled(action.isEnabled())
                return True
        return False


def lean_tool_buttons(toolbar: QToolBar) -> None:
    """Keep the buttons of ``toolbar``'s actions (those it has now) from growing with each
    change of their actions."""
    guard = toolbar.findChild(_ActionChanges) or _ActionChanges(toolbar)
    for action in toolbar.actions():
        button = toolbar.widgetForAction(action)
        if isinstance(button, QToolButton):
            button.installEventFilter(guard)

"""Qt objects that end when their work does, so a studio open all day stays its size.

- ``later(owner, call)``: call soon, unless the owner is deleted first.
  ``QTimer.singleShot(ms, context, callable)`` never frees the callable (nor what it
  holds) when the context is deleted before the timer fires: closing a level in that
  window kept its whole document alive. A single-shot timer that is a child of the owner
  goes with it instead.
- ``run_modal(dialog)``: a modal dialog run once and then deleted. A dialog whose parent
  is the main window otherwise lives as long as the window, hidden, one per use.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QDialog


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

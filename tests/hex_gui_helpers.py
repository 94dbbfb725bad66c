"""Driving the hex editor in tests: open a bundled lock, send mouse events at hex centres."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from studio.editor.hex_geometry import hex_centre
from tests.gui_helpers import open_at_actual_size

LOCKS = Path(__file__).resolve().parent.parent / "levels" / "intricacy"


def open_lock_copy(window, tmp_path, name: str):
    """Open a copy of a bundled lock (so saving never touches the original) at 100% zoom, centred."""
    path = tmp_path / name
    shutil.copy(LOCKS / name, path)
    return open_at_actual_size(window, path)


def hex_point(pane, q, r):
    return pane.view.mapFromScene(hex_centre(q, r))


def send_at_hex(pane, kind, q, r, button, buttons, modifiers=Qt.KeyboardModifier.NoModifier):
    viewport = pane.view.viewport()
    point = hex_point(pane, q, r)
    event = QMouseEvent(kind, QPointF(point), QPointF(viewport.mapToGlobal(point)), button, buttons, modifiers)
    QApplication.sendEvent(viewport, event)


def lock_of(pane):
    return pane.document.level.lock

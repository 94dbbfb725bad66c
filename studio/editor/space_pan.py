"""Space+drag panning: while Space is held over the canvas, the left button drags the level
around (a hand cursor) instead of using the tool, as in Tiled and most painting programs."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt


class SpacePan(QObject):
    def __init__(self, view):
        super().__init__(view)
        self.view = view
        self.held = False
        self._last = None  # the last mouse point of a drag under way
        self._cursor = None
        self.viewport = view.viewport()
        view.installEventFilter(self)
        self.viewport.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        kind = event.type()
        if not self.held and kind not in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            return False  # (the common case, cheap: also while the view is being destroyed)
        if watched is self.view and kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
                self._hold(kind == QEvent.Type.KeyPress)
                return True
            return False
        if watched is self.view and kind == QEvent.Type.FocusOut:
            self._hold(False)  # (the release would go elsewhere)
            return False
        if watched is not self.viewport:
            return False
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            self._last = event.position()
            self.viewport.setCursor(Qt.CursorShape.ClosedHandCursor)
            return True
        if kind == QEvent.Type.MouseMove and self._last is not None:
            delta = event.position() - self._last
            self._last = event.position()
            bars = self.view.horizontalScrollBar(), self.view.verticalScrollBar()
            bars[0].setValue(bars[0].value() - round(delta.x()))
            bars[1].setValue(bars[1].value() - round(delta.y()))
            return True
        if kind == QEvent.Type.MouseButtonRelease and self._last is not None:
            self._last = None
            self.viewport.setCursor(Qt.CursorShape.OpenHandCursor)
            return True
        return kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick)

    def _hold(self, held: bool) -> None:
        if held == self.held:
            return
        self.held = held
        self._last = None
        viewport = self.viewport
        if held:
            self._cursor = viewport.cursor()
            viewport.setCursor(Qt.CursorShape.OpenHandCursor)
        else:
            viewport.setCursor(self._cursor or Qt.CursorShape.ArrowCursor)

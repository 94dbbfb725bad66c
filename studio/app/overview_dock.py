"""The Overview dock (a minimap): the whole level small, with the part the canvas shows
framed; click or drag in it to move the canvas there. It is a second view of the level's
own scene, so every edit shows in it as it is made."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QDockWidget, QFrame, QGraphicsView

FRAME = QColor(255, 220, 80)
MARGIN = 4  # pixels around the level


class OverviewView(QGraphicsView):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("overview_view")
        self.setInteractive(False)  # clicks move the canvas, they never edit
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.pane = None

    def show_pane(self, pane) -> None:
        """Follow this editor pane (None: show nothing)."""
        if self.pane is not None:
            for signal, slot in self._connections(self.pane):
                try:
                    signal.disconnect(slot)
                except (RuntimeError, TypeError):
                    pass
        self.pane = pane
        self.setScene(pane.scene if pane is not None else None)
        if pane is not None:
            for signal, slot in self._connections(pane):
                signal.connect(slot)
            self.fit()

    def _connections(self, pane):
        view = pane.view
        return [(view.horizontalScrollBar().valueChanged, self._canvas_moved),
                (view.verticalScrollBar().valueChanged, self._canvas_moved),
                (view.zoomChanged, self._canvas_moved),
                (pane.document.levelReplaced, self.fit)]

    def fit(self) -> None:
        if self.pane is None:
            return
        rect = self.pane.scene.level_rect()
        if not rect.isEmpty():
            self.fitInView(rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN), Qt.AspectRatioMode.KeepAspectRatio)
        self.viewport().update()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()

    def repaint_scene_rect(self, rect) -> None:
        """As the canvas does: the scene asks its views to repaint an edited cell."""
        self.viewport().update(self.viewportTransform().mapRect(rect).toAlignedRect().adjusted(-1, -1, 1, 1))

    def shown_rect(self) -> QRectF:
        """The part of the level the canvas shows, in scene units."""
        view = self.pane.view
        return view.mapToScene(view.viewport().rect()).boundingRect()

    def _canvas_moved(self, *_) -> None:
        self.viewport().update()

    def drawForeground(self, painter: QPainter, rect) -> None:
        if self.pane is None:
            return
        painter.setPen(QPen(FRAME, 0))
        painter.setBrush(QColor(255, 220, 80, 40))
        painter.drawRect(self.shown_rect().intersected(self.pane.scene.level_rect()))

    def mousePressEvent(self, event) -> None:
        self._centre_canvas(event)

    def mouseMoveEvent(self, event) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._centre_canvas(event)

    def _centre_canvas(self, event) -> None:
        if self.pane is not None and event.buttons() & Qt.MouseButton.LeftButton:
            self.pane.view.centerOn(self.mapToScene(event.position().toPoint()))


class OverviewDock(QDockWidget):
    def __init__(self, parent=None):
        super().__init__("Overview", parent)
        self.setObjectName("overview_dock")
        self.view = OverviewView()
        self.setWidget(self.view)

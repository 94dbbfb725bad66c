"""LevelView: the QGraphicsView over a LevelScene, with zoom about the cursor and panning."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsView

from studio.editor.lifetimes import later
from studio.editor.scene import LevelScene
from studio.editor.space_pan import SpacePan

# Zoom steps give whole pixels per cell, so cells stay crisp and an edit repaints only its cell.
CELL_PIXELS = (6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 64, 80, 96, 128, 160, 192, 256)
ZOOM_STEPS = tuple(pixels / 32 for pixels in CELL_PIXELS)


class LevelView(QGraphicsView):
    zoomChanged = Signal(float)

    def __init__(self, scene: LevelScene, parent=None):
        super().__init__(scene, parent)
        self.level_scene = scene
        self.zoom = 1.0
        self.fitted = False  # since Fit to Window, until the zoom changes: a resize fits again
        self.exposed_region = None
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        # Cells are blitted pixmaps with no antialiased spill, so an update need not
        # grow by the two-pixel margin Qt adds by default (which redraws neighbours).
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setMouseTracking(True)
        self.setAcceptDrops(False)  # files dropped here reach the main window
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.space_pan = SpacePan(self)  # Space+drag moves the level instead of using the tool

    def paintEvent(self, event) -> None:
        # The scene's grid item reads this to paint only the cells under the region.
        self.exposed_region = event.region()
        try:
            super().paintEvent(event)
        finally:
            self.exposed_region = None

    def centre_on_selection(self) -> None:
        """Bring the selection to the middle of the view, now and again once pending layout
        (a dock shown or resized by the same click) has settled the view's size."""
        def centre() -> None:
            item = self.level_scene.selection_item
            if item is not None:
                self.centerOn(item.sceneBoundingRect().center())
        centre()
        later(self, centre)

    def repaint_scene_rect(self, rect) -> None:
        """Schedule a repaint of exactly the viewport pixels a scene rectangle covers."""
        self.viewport().update(self.viewportTransform().mapRect(rect).toAlignedRect())

    # -- zoom ------------------------------------------------------------------
    def set_zoom(self, zoom: float, anchor=None) -> None:
        """Zoom to ``zoom``, keeping the scene point under ``anchor`` (viewport point) still."""
        zoom = max(ZOOM_STEPS[0], min(zoom, ZOOM_STEPS[-1]))
        zoom = max(1, int(zoom * 32 + 1e-6)) / 32  # whole pixels per cell
        if self.fitted:
            self._fit(False)
        if anchor is None:
            anchor = self.viewport().rect().center()
        scene_point = self.mapToScene(anchor)
        self.zoom = zoom
        self.resetTransform()
        self.scale(zoom, zoom)
        # Bring the anchored scene point back under the cursor.
        moved = self.mapFromScene(scene_point) - anchor
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + moved.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + moved.y())
        self.zoomChanged.emit(zoom)

    def zoom_in(self, anchor=None) -> None:
        self.set_zoom(next((z for z in ZOOM_STEPS if z > self.zoom + 1e-6), ZOOM_STEPS[-1]), anchor)

    def zoom_out(self, anchor=None) -> None:
        self.set_zoom(next((z for z in reversed(ZOOM_STEPS) if z < self.zoom - 1e-6), ZOOM_STEPS[0]), anchor)

    def fit_to_window(self) -> None:
        rect = self.level_scene.level_rect()
        if rect.isEmpty():
            return
        # The whole level in sight: no scroll bars, which the scene's margin for panning would show.
        self._fit(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        viewport = self.viewport().rect()
        zoom = min(viewport.width() / (rect.width() + 16), viewport.height() / (rect.height() + 16))
        self.set_zoom(zoom)
        self.centerOn(rect.center())
        self.fitted = True

    def _fit(self, fitted: bool) -> None:
        """Leave the fitted state: the scroll bars come back as needed."""
        self.fitted = fitted
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.fitted:
            self.fit_to_window()

    def cursor_anchor(self):
        position = self.viewport().mapFromGlobal(self.cursor().pos())
        return position if self.viewport().rect().contains(position) else None

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            anchor = event.position().toPoint()
            if event.angleDelta().y() > 0:
                self.zoom_in(anchor)
            elif event.angleDelta().y() < 0:
                self.zoom_out(anchor)
            event.accept()
            return
        super().wheelEvent(event)

    # -- panning with the arrow keys -----------------------------------------------
    def pan(self, dx: int, dy: int) -> None:
        step = 32 * self.zoom * 2
        self.horizontalScrollBar().setValue(int(self.horizontalScrollBar().value() + dx * step))
        self.verticalScrollBar().setValue(int(self.verticalScrollBar().value() + dy * step))

    def keyPressEvent(self, event) -> None:
        key = event.key()
        plain = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier == Qt.KeyboardModifier.NoModifier
        if plain and self.level_scene.tool_key(Qt.Key(key)):
            return
        if plain and key == Qt.Key.Key_Escape and self.level_scene.selection is not None:
            self.level_scene.set_selection(None)  # the tool had nothing to drop: the selection goes
            return
        if event.modifiers() == Qt.KeyboardModifier.NoModifier or event.modifiers() == Qt.KeyboardModifier.KeypadModifier:
            arrows = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
            if key in arrows:
                self.pan(*arrows[key])
                return
        super().keyPressEvent(event)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.Leave:
            self.level_scene.leave()
        return super().event(event)

    def leaveEvent(self, event) -> None:
        self.level_scene.leave()
        super().leaveEvent(event)

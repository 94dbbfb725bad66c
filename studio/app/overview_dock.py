"""The Overview dock (a minimap): the whole level small, with the part the canvas shows
framed; click or drag in it to move the canvas there.

It draws a picture of the level's own scene (so any game's art, hexes included), brought
up to date when edits pause for a quarter second (the cells edited, or all of it after a
large edit), not with each one: a brush stroke or a whole-level fill costs the canvas
nothing more.
"""

from __future__ import annotations

import time
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QDockWidget, QSizePolicy, QWidget

from studio.editor.cell_geometry import cell_rect

FRAME = QColor(255, 220, 80)
MARGIN = 8.0  # scene units around the level
REFRESH_MS = 250  # the picture is made again once edits pause this long...
MAX_WAIT_MS = 2000  # ...or after this long of edits without a pause
BACKGROUND = QColor(37, 39, 44)
PICTURE_SCALE = 0.25  # of the scene: 8 pixels a square cell
MAX_DIRTY_CELLS = 256  # edits of more cells than this draw the whole picture again
LEVEL_Z = 10  # the scene's items up to this height are the level (cells, arrows); above it the
# selection, the ghost, the hover mark and tool previews, which the picture leaves out


class OverviewView(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("overview_view")
        self.setMinimumSize(80, 60)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.pane = None
        self.image: QImage | None = None
        self.source = QRectF()  # the scene rectangle the picture shows
        self.target = QRectF()  # where the picture sits in the widget
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self._refresh_due)
        self._dirty: set | None = set()  # the cells to draw again; None: the whole picture
        self._waiting_since = 0.0

    def show_pane(self, pane) -> None:
        """Follow this editor pane (None: show nothing)."""
        if self.pane is not None:
            for signal, slot in self._connections(self.pane):
                try:
                    signal.disconnect(slot)
                except (RuntimeError, TypeError):
                    pass
            try:
                self.pane.view.viewport().removeEventFilter(self)
            except RuntimeError:  # (its tab closed)
                pass
        self.pane = pane
        if pane is not None:
            for signal, slot in self._connections(pane):
                signal.connect(slot)
            pane.view.viewport().installEventFilter(self)  # the frame follows the canvas's size
        self.image = None
        self.update()
        self.schedule()  # (a level just opened paints on the canvas first)

    def _connections(self, pane):
        view = pane.view
        return [(view.horizontalScrollBar().valueChanged, self._canvas_moved),
                (view.verticalScrollBar().valueChanged, self._canvas_moved),
                (view.zoomChanged, self._canvas_moved),
                (pane.document.cellsChanged, self._cells_changed),
                (pane.document.entitiesChanged, self.schedule),
                (pane.document.propertiesChanged, self.schedule),
                (pane.document.levelReplaced, self.schedule),
                (pane.scene.layerChanged, self.schedule)]

    def _cells_changed(self, cells: list) -> None:
        """A few cells edited: only they are drawn again (a brush stroke costs the canvas no
        whole-level picture every quarter second); many, or a hex lock: all of it."""
        if self._dirty is not None and len(self._dirty) + len(cells) <= MAX_DIRTY_CELLS \
                and hasattr(self.pane.scene, "selection_mask"):
            self._dirty.update(cells)
        else:
            self._dirty = None
        self._wait()

    def schedule(self, *_) -> None:
        """An edit: the picture is made again once edits pause (all of it)."""
        self._dirty = None
        self._wait()

    def _wait(self) -> None:
        """Draw again once edits pause for REFRESH_MS (a stroke is never held up by the
        overview), or after MAX_WAIT_MS of edits without a pause."""
        now = time.monotonic()
        if not self._timer.isActive():
            self._waiting_since = now
        if (now - self._waiting_since) * 1000 < MAX_WAIT_MS:
            self._timer.start()

    def _refresh_due(self) -> None:
        if self._dirty is not None and self.image is not None and self.pane is not None:
            self._redraw_cells(self._dirty)
        else:
            self.refresh()

    @contextmanager
    def _level_only(self, scene):
        """The scene without its passing marks while the picture is drawn (a paste's ghost or a
        selection would otherwise stay in the overview after they went)."""
        passing = [item for item in scene.items() if item.zValue() > LEVEL_Z and item.isVisible()]
        for item in passing:
            item.setVisible(False)
        try:
            yield
        finally:
            for item in passing:
                item.setVisible(True)

    def _redraw_cells(self, cells) -> None:
        with self._level_only(self.pane.scene):
            self._draw_cells(cells)
        self._dirty = set()
        self.update()

    def _draw_cells(self, cells) -> None:
        scene, level = self.pane.scene, self.pane.document.level
        painter = QPainter(self.image)
        for index in cells:
            rect = cell_rect(level, index)
            target = QRectF((rect.x() - self.source.x()) * PICTURE_SCALE, (rect.y() - self.source.y()) * PICTURE_SCALE,
                            rect.width() * PICTURE_SCALE, rect.height() * PICTURE_SCALE)
            painter.fillRect(target, BACKGROUND)
            scene.render(painter, target, rect)
        painter.end()

    def refresh(self) -> None:
        self._timer.stop()
        self._dirty = set()
        self.image = None
        if self.pane is not None and self.isVisible() and self.width() > 0 and self.height() > 0:
            scene = self.pane.scene
            self.source = scene.level_rect().adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
            fit = min(self.width() / self.source.width(), self.height() / self.source.height())
            width, height = self.source.width() * fit, self.source.height() * fit
            self.target = QRectF((self.width() - width) / 2, (self.height() - height) / 2, width, height)
            # Drawn at one scale whatever the dock's size (the art's pixmaps at that size are made
            # once), then fitted to the dock as a picture.
            image = QImage(max(1, round(self.source.width() * PICTURE_SCALE)),
                           max(1, round(self.source.height() * PICTURE_SCALE)),
                           QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(BACKGROUND)
            painter = QPainter(image)
            with self._level_only(scene):
                scene.render(painter, QRectF(image.rect()), self.source)
            painter.end()
            self.image = image
        self.update()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.refresh()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.schedule()

    # -- between the widget and the scene -------------------------------------------------------
    def to_scene(self, point: QPointF) -> QPointF:
        t, s = self.target, self.source
        return QPointF(s.x() + (point.x() - t.x()) * s.width() / t.width(),
                       s.y() + (point.y() - t.y()) * s.height() / t.height())

    def from_scene(self, rect: QRectF) -> QRectF:
        t, s = self.target, self.source
        fx, fy = t.width() / s.width(), t.height() / s.height()
        return QRectF(t.x() + (rect.x() - s.x()) * fx, t.y() + (rect.y() - s.y()) * fy,
                      rect.width() * fx, rect.height() * fy)

    def shown_rect(self) -> QRectF:
        """The part of the level the canvas shows, in scene units."""
        view = self.pane.view
        return view.mapToScene(view.viewport().rect()).boundingRect()

    def _canvas_moved(self, *_) -> None:
        self.update()

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Resize:  # the canvas narrowed or widened (a dock beside it)
            self.update()
        return super().eventFilter(watched, event)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), BACKGROUND)
        if self.image is not None and self.pane is not None:
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.drawImage(self.target, self.image)
            painter.setPen(QPen(FRAME, 1))
            painter.setBrush(QColor(255, 220, 80, 40))
            frame = self.from_scene(self.shown_rect().intersected(self.pane.scene.level_rect()))
            painter.drawRect(frame.intersected(self.target))
        painter.end()

    def mousePressEvent(self, event) -> None:
        self._centre_canvas(event)

    def mouseMoveEvent(self, event) -> None:
        self._centre_canvas(event)

    def _centre_canvas(self, event) -> None:
        if self.pane is not None and self.image is not None and event.buttons() & Qt.MouseButton.LeftButton:
            self.pane.view.centerOn(self.to_scene(event.position()))


class OverviewDock(QDockWidget):
    def __init__(self, parent=None):
        super().__init__("Overview", parent)
        self.setObjectName("overview_dock")
        self.view = OverviewView()
        self.setWidget(self.view)

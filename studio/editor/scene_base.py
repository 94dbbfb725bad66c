"""EditorScene: what the square LevelScene and the HexScene share.

The signals the main window listens to, the current tool, the hover mark and the
mouse: left goes to the current tool, right drags a selection, middle is the
eyedropper. A subclass says how cells map to scene positions (``cell_at``,
``level_rect``, ``_place_hover``) and what a selection drag selects
(``begin_selection`` / ``extend_selection``).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent

from studio.model.document import LevelDocument


class EditorScene(QGraphicsScene):
    hoverCellChanged = Signal(int)  # -1 when the cursor leaves the level
    layerChanged = Signal(int)
    cellSelectionChanged = Signal()
    valuePicked = Signal(str, int)  # eyedropper: palette kind and value

    scene_margin = 0.0  # room around the level, in scene units, to scroll past its edge

    def __init__(self, document: LevelDocument, cell_painter, parent=None):
        super().__init__(parent)
        self.document = document
        self.cell_painter = cell_painter
        self.layer = 0
        self.hover_cell = -1
        self.tool = None
        self.current_item = None  # the palette item tools draw with
        self._select_anchor = None  # where a selection drag began, while one is under way
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.setBackgroundBrush(QColor(58, 60, 66))

    # -- what a subclass provides ----------------------------------------------------------
    def cell_at(self, pos: QPointF) -> int:
        raise NotImplementedError

    def level_rect(self) -> QRectF:
        raise NotImplementedError

    def _place_hover(self, cell: int) -> None:
        """Move the (shown) hover mark onto this cell."""
        raise NotImplementedError

    def begin_selection(self, pos: QPointF) -> None:
        raise NotImplementedError

    def extend_selection(self, pos: QPointF) -> None:
        raise NotImplementedError

    def end_selection(self) -> None:
        self._select_anchor = None

    # -- shared ------------------------------------------------------------------------------
    def _update_scene_rect(self) -> None:
        margin = self.scene_margin
        self.setSceneRect(self.level_rect().adjusted(-margin, -margin, margin, margin))

    def set_tool(self, tool) -> None:
        if self.tool is not None:
            self.tool.deactivate(self)
        self.tool = tool
        self.preview_item.hide()
        if tool is not None:
            tool.activate(self)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        cell = self.cell_at(event.scenePos())
        button = event.button()
        if button == Qt.MouseButton.RightButton:
            self.begin_selection(event.scenePos())
        elif button == Qt.MouseButton.MiddleButton:
            if cell >= 0:
                self.pick(cell)
        elif button == Qt.MouseButton.LeftButton and self.tool is not None:
            self.tool.press(self, cell, event)
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        cell = self.cell_at(event.scenePos())
        self._set_hover(cell)
        if self._select_anchor is not None and event.buttons() & Qt.MouseButton.RightButton:
            self.extend_selection(event.scenePos())
        elif event.buttons() & Qt.MouseButton.LeftButton and self.tool is not None:
            self.tool.drag(self, cell, event)
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            self.end_selection()
        elif event.button() == Qt.MouseButton.LeftButton and self.tool is not None:
            self.tool.release(self, self.cell_at(event.scenePos()), event)
        event.accept()

    def _set_hover(self, cell: int) -> None:
        if cell == self.hover_cell:
            return
        self.hover_cell = cell
        if cell < 0:
            self.hover_item.hide()
        else:
            self._place_hover(cell)
            self.hover_item.show()
        if self.tool is not None:
            self.tool.hover(self, cell)
        self.hoverCellChanged.emit(cell)

    def leave(self) -> None:
        self._set_hover(-1)

    def tool_key(self, key) -> bool:
        """Offer a key pressed on the canvas to the current tool (the stamp's Enter, Esc)."""
        handler = getattr(self.tool, "key", None)
        return bool(handler is not None and handler(self, key))

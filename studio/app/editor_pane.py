"""EditorPane: one open level in the main window: its document, scene, view and tools."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QVBoxLayout, QWidget

from studio.editor import selection_ops
from studio.editor.scene import LevelScene
from studio.editor.toolbox import ALL_TOOLS
from studio.editor.view import LevelView
from studio.model.document import LevelDocument

FOCUS_COLOUR = QColor("#4a90e2")  # the play board marks its focus in the same colour
UNFOCUSED_COLOUR = QColor("#2a2c31")
FOCUS_WIDTH = 2


class EditorPane(QWidget):
    def __init__(self, document: LevelDocument, parent=None):
        super().__init__(parent)
        self.document = document
        view_module = document.game.view.resolve()
        self.cell_painter = view_module.make_cell_painter()
        attach = getattr(self.cell_painter, "attach_document", None)
        if attach is not None:  # art that depends on the level (its own colours) for palette icons
            attach(document)
        # A game whose levels are not square grids (Intricacy's hexes) brings its own scene and
        # tools through its view module; the tools take the names of the roles they play.
        make_scene = getattr(view_module, "make_editor_scene", None)
        self.scene = (make_scene or LevelScene)(document, self.cell_painter, self)
        self.view = LevelView(self.scene, self)
        # The Edit menu's selection commands: the scene's own when it brings them (a hex scene).
        self.selection_ops = getattr(self.scene, "selection_ops", None) or selection_ops.SquareSelectionOps()
        tool_classes = view_module.editor_tools() if hasattr(view_module, "editor_tools") else ALL_TOOLS
        self.tools = {tool_class.name: tool_class() for tool_class in tool_classes}
        layout = QVBoxLayout(self)
        # A frame around the canvas, lit while it has the keyboard: the arrows pan it then,
        # and play the game when the play board is the one lit.
        layout.setContentsMargins(FOCUS_WIDTH, FOCUS_WIDTH, FOCUS_WIDTH, FOCUS_WIDTH)
        layout.addWidget(self.view)
        self.view.installEventFilter(self)
        self.scene.set_tool(self.tools["brush"])

    def eventFilter(self, watched, event) -> bool:
        if watched is self.view and event.type() in (QEvent.Type.FocusIn, QEvent.Type.FocusOut):
            self.update()
        return super().eventFilter(watched, event)

    def has_focus_mark(self) -> bool:
        return self.view.hasFocus()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        colour = FOCUS_COLOUR if self.has_focus_mark() else UNFOCUSED_COLOUR
        half = FOCUS_WIDTH / 2
        painter.setPen(QPen(colour, FOCUS_WIDTH))
        painter.drawRect(QRectF(self.rect()).adjusted(half, half, -half, -half))
        painter.end()

    def focus_canvas(self) -> None:
        """Give the canvas the keyboard (a level just opened or shown: its keys work at once)."""
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def set_tool(self, name: str) -> None:
        self.scene.set_tool(self.tools.get(name))  # a tool this game lacks leaves none active

    def tool_available(self, name: str) -> bool:
        return name in self.tools and self.tools[name].available(self.document.level)

    # -- selection operations (each returns a message when it cannot act) -------
    def move_selection(self, dx: int, dy: int) -> str | None:
        return self.selection_ops.move(self.scene, dx, dy)

    def expand_selection(self, dx: int, dy: int) -> str | None:
        return self.selection_ops.expand(self.scene, dx, dy)

    def expand_problem(self) -> str | None:
        """Why Expand Pattern means nothing on this level (None when it works)."""
        return self.selection_ops.expand_problem

    def copy(self):
        return self.selection_ops.copy(self.scene)

    def cut(self):
        return self.selection_ops.cut(self.scene)

    def erase(self) -> None:
        self.selection_ops.erase(self.scene)

    def can_reverse(self) -> bool:
        return self.selection_ops.can_reverse(self.scene)

    def reverse_selection(self) -> str | None:
        return self.selection_ops.reverse(self.scene)

    def paste(self, clip) -> str | None:
        return self.selection_ops.paste(self.scene, clip)

    def select_all(self) -> None:
        self.selection_ops.select_all(self.scene)

    def grid_note(self) -> str:
        """Why View > Show Grid does not apply to this level ("" when it does)."""
        return getattr(self.scene, "grid_note", "")

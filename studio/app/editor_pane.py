"""EditorPane: one open level in the main window: its document, scene, view and tools."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget

from studio.editor import selection_ops
from studio.editor.scene import LevelScene
from studio.editor.tools import ALL_TOOLS
from studio.editor.view import LevelView
from studio.model.document import LevelDocument


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
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.scene.set_tool(self.tools["brush"])

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

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
        self.cell_painter = document.game.view().make_cell_painter()
        attach = getattr(self.cell_painter, "attach_document", None)
        if attach is not None:  # art that depends on the level (its own colours) for palette icons
            attach(document)
        # A game whose levels are not square grids (Intricacy's hexes) brings its own scene and
        # tools through its view module; the tools take the names of the roles they play.
        view_module = document.game.view()
        make_scene = getattr(view_module, "make_editor_scene", None)
        self.scene = (make_scene or LevelScene)(document, self.cell_painter, self)
        self.view = LevelView(self.scene, self)
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
        return selection_ops.move_contents(self.scene, dx, dy)

    def expand_selection(self, dx: int, dy: int) -> str | None:
        return selection_ops.expand_pattern(self.scene, dx, dy)

    def copy(self):
        return selection_ops.copy_selection(self.scene)

    def cut(self):
        clip = selection_ops.copy_selection(self.scene)
        if clip is not None:
            from studio.model.commands import CutSelection

            selection_ops.erase_selection(self.scene, CutSelection)
        return clip

    def erase(self) -> None:
        selection_ops.erase_selection(self.scene)

    def can_reverse(self) -> bool:
        return selection_ops.can_reverse(self.scene)

    def reverse_selection(self) -> str | None:
        return selection_ops.reverse_selection(self.scene)

    def paste(self, clip) -> str | None:
        if self.scene.selection is not None:
            at = (self.scene.selection.left(), self.scene.selection.top())
        elif self.scene.hover_cell >= 0:
            width = self.document.level.width
            at = (self.scene.hover_cell % width, self.scene.hover_cell // width)
        else:
            at = (0, 0)
        return selection_ops.paste(self.scene, clip, at)

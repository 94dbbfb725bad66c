"""The stamp: copied cells that follow the cursor, shown as a ghost, put down with a click
(each click one undo step). Tiled's stamp brush and its paste preview in one tool.

Ctrl+V starts it with the clipboard (so a paste lands where you point, never on the
selection it was copied from); choosing the tool with cells selected takes them as the
stamp, and a selection made while it is on (the right button) becomes the new stamp.
Enter puts the stamp down where it shows; Esc stops and goes back to the tool before.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from studio.core.errors import LevelLimitError
from studio.editor import selection_ops
from studio.editor.ghost import ghost_of, scratch_level
from studio.editor.tools import Tool, report_limit


def window_of(scene):
    for view in scene.views():
        return view.window()
    return None


class StampSource:
    """What the square and the hex stamps share: on activation the selection, else what
    Ctrl+C copied, becomes the stamp; a selection made while the tool is on, the next one.
    A stamp says ``what`` it copies, and ``copy(scene)`` gives its selection as a clip."""

    what = "cells"

    def copy(self, scene):
        return selection_ops.copy_selection(scene)

    def capture(self, scene) -> bool:
        """The selection becomes the stamp (False when nothing is selected)."""
        clip = self.copy(scene)
        if clip is None:
            return False
        self.load(scene, clip)
        return True

    def take_stamp(self, scene) -> None:
        self._scene = scene
        scene.cellSelectionChanged.connect(self._selection_changed)
        if self.clip is None and not self.capture(scene):
            found = getattr(window_of(scene), "clipboard", None)
            if found is not None and found[0] == scene.document.game.id:
                self.load(scene, found[1])
        if self.clip is None:
            report_limit(scene, LevelLimitError(f"Select {self.what} (or copy them) to stamp them."))
        self.show(scene)

    def stop_following(self, scene) -> None:
        try:
            scene.cellSelectionChanged.disconnect(self._selection_changed)
        except (RuntimeError, TypeError):
            pass

    def _selection_changed(self) -> None:
        scene = self._scene
        if not self._placing and scene is not None and scene.selection is not None:
            self.capture(scene)

    def press(self, scene, cell, event) -> None:
        """A click puts the stamp down there."""
        if cell >= 0:
            self.hover(scene, cell)
            self.place(scene)


class StampTool(StampSource, Tool):
    name = "stamp"
    label = "Stamp"
    icon = "fa5s.stamp"
    shortcut = "K"
    tip = ("Put down copied cells: they follow the cursor; click to place them, Enter places them where "
           "they show, Esc stops. Takes the selection (or what Ctrl+C copied) as its stamp.")

    def __init__(self):
        self.clip = None
        self.scratch = None
        self.at: tuple[int, int] | None = None  # the stamp's top-left cell
        self.return_to = "brush"  # the tool to go back to when the stamp stops
        self._placing = False
        self._scene = None

    # -- taking a stamp ----------------------------------------------------------------
    def load(self, scene, clip, at: tuple[int, int] | None = None) -> None:
        self.clip = clip
        try:
            self.scratch = scratch_level(scene.document.level, clip)
        except LevelLimitError:
            self.scratch = None
        self.at = at if at is not None else self.at
        self.show(scene)

    def activate(self, scene) -> None:
        width = scene.document.level.width
        self.at = (scene.hover_cell % width, scene.hover_cell // width) if scene.hover_cell >= 0 else None
        self.take_stamp(scene)

    def deactivate(self, scene) -> None:
        self.stop_following(scene)
        ghost_of(scene).clear()
        self.clip = self.scratch = None
        super().deactivate(scene)

    # -- where it shows ------------------------------------------------------------------
    def hover(self, scene, cell: int) -> None:
        if cell >= 0:
            width = scene.document.level.width
            self.at = (cell % width, cell // width)
            self.show(scene)

    def show(self, scene) -> None:
        ghost = ghost_of(scene)
        if self.clip is None:
            ghost.clear()
            return
        if self.at is None:
            self.at = self.beside_selection(scene)
        ghost.show_clip(self.scratch, self.clip.width, self.clip.height, *self.at)

    def beside_selection(self, scene) -> tuple[int, int]:
        """Where the stamp first shows when the cursor is away from the level: beside the
        selection (right of it, else below it), never on it."""
        level, rect, clip = scene.document.level, scene.selection, self.clip
        if rect is None:
            return (0, 0)
        if rect.right() + 1 + clip.width <= level.width:
            return (rect.right() + 1, rect.top())
        if rect.bottom() + 1 + clip.height <= level.height:
            return (rect.left(), rect.bottom() + 1)
        return (max(0, rect.left() - clip.width), rect.top())

    # -- putting it down ---------------------------------------------------------------
    def place(self, scene) -> None:
        if self.clip is None or self.at is None:
            return
        self._placing = True  # (the paste selects what it put down: not a new stamp)
        try:
            problem = selection_ops.paste(scene, self.clip, self.at)
        finally:
            self._placing = False
        if problem:
            report_limit(scene, LevelLimitError(problem))

    def key(self, scene, key) -> bool:
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.place(scene)
            return True
        if key == Qt.Key.Key_Escape:
            self.cancel(scene)
            return True
        return False

    def cancel(self, scene) -> None:
        window = window_of(scene)
        if hasattr(window, "set_tool"):
            window.set_tool(self.return_to if self.return_to != self.name else "brush")


def start_paste(window, pane, clip) -> bool:
    """Ctrl+V: the stamp tool with ``clip`` (the square grid's, or a hex grid's HexStampTool),
    shown under the cursor (or beside the selection); False when the level's scene has no stamp."""
    stamp = pane.tools.get(StampTool.name)
    if stamp is None or not hasattr(stamp, "load"):
        return False
    current = window.tool_group.checkedAction()
    previous = current.data() if current is not None else "brush"
    window.set_tool(StampTool.name)
    stamp.return_to = previous if previous != StampTool.name else stamp.return_to
    stamp.load(pane.scene, clip)
    return True

"""The drawing tools Tiled users reach for, on hex grids: the brush's ghost, the line and
the hexagon outline (their ghosts show the hexes they will paint), the magic wand and
select same, and the stamp (copied hexes follow the cursor; a click puts them down).
Each edit is one undo step (one HexEdit). The square grid's are in tools.py, shapes.py,
wand.py and stamp.py; these take the same names, so the same actions and keys drive them.

What a hex holds and what joins it are the level's to say (studio.core.hexes: ``painted``,
``value_at``, ``joined_hexes``, ``region_clip``, ``clip_pasted``).
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt

from studio.core.errors import LevelLimitError
from studio.core.hexes import hex_line
from studio.editor.hex_ghost import hex_ghost_of, item_pixmap, show_brush_ghost
from studio.editor.hex_tools import HexBrushTool, HexEraserTool, HexLinkTool, HexSelectTool, HexTool
from studio.editor.stamp import StampSource, window_of
from studio.editor.tools import report_limit
from studio.editor.wand import MagicWandTool, SelectSameTileTool
from studio.model.hex_commands import push_hex_edit

_strokes = itertools.count(1_000_000)  # each shape one undo step (apart from the brush's strokes)


# -- line and hexagon outline -------------------------------------------------------------------
def hex_distance(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


class HexShapeTool(HexTool):
    """Drag from one hex to another; the ghost shows the hexes the shape paints with the
    palette's item, the release paints them as one undo step."""

    undo_label = "Shape"

    def __init__(self):
        self.start = -1

    def shape(self, scene, start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
        raise NotImplementedError

    def _hexes(self, scene, cell: int) -> list[tuple[int, int]]:
        if self.start < 0 or cell < 0:
            return []
        inside = scene.cell_numbers
        return [h for h in self.shape(scene, scene.cells[self.start], scene.cells[cell]) if tuple(h) in inside]

    def hover(self, scene, cell) -> None:
        if self.start < 0:
            show_brush_ghost(scene, cell)

    def press(self, scene, cell, event) -> None:
        self.start = cell
        self.drag(scene, cell, event)

    def drag(self, scene, cell, event) -> None:
        if self.start >= 0:
            hex_ghost_of(scene).show_hexes(self._hexes(scene, cell), item_pixmap(scene))

    def release(self, scene, cell, event) -> None:
        hexes = self._hexes(scene, cell)
        self.start = -1
        hex_ghost_of(scene).clear()
        item = scene.current_item
        if hexes and item is not None and item.kind == "tile":
            paint_hexes(scene, hexes, item.value, self.undo_label)

    def deactivate(self, scene) -> None:
        self.start = -1
        hex_ghost_of(scene).clear()
        super().deactivate(scene)


def paint_hexes(scene, hexes, value: int, label: str) -> None:
    """Paint ``value`` on each hex in turn (as one brush stroke would) and push the result as
    one undo step; hexes the game refuses are left, the first refusal said."""
    level, document = scene.document.level, scene.document
    before, stroke, refused = level.hex_state(), {}, None
    try:
        for q, r in hexes:
            try:
                level.set_hex_state(level.painted(q, r, value, stroke))
            except LevelLimitError as error:
                refused = refused or error
        after = level.hex_state()
    finally:
        level.set_hex_state(before)  # (the undo command takes the state before from the level)
    push_hex_edit(document, after, label, next(_strokes))
    if refused is not None:
        report_limit(scene, refused)


class HexLineTool(HexShapeTool):
    name = "line"
    label = "Line"
    icon = "mdi.vector-line"
    tip = "Drag from one hex to another to paint the palette's item along the hex line between them."
    undo_label = "Line"

    def shape(self, scene, start, end):
        return hex_line(start, end)


class HexOutlineTool(HexShapeTool):
    name = "outline"
    label = "Hexagon outline"
    icon = "mdi.hexagon-outline"
    tip = "Drag from a centre outwards to paint the ring of hexes at that distance (a hexagon outline)."
    undo_label = "Hexagon outline"

    def shape(self, scene, start, end):
        radius = hex_distance(start, end)
        return [h for h in scene.cells if hex_distance(h, start) == radius]


# -- magic wand and select same -------------------------------------------------------------------
class HexMagicWandTool(MagicWandTool):
    tip = ("Click to select the piece on the clicked hex (a pivot with its arms), or the walls or empty "
           "hexes joined to it; Shift+click adds, Ctrl+click takes away.")

    def available(self, level) -> bool:
        return hasattr(level, "joined_hexes")

    def region(self, scene, cell: int) -> list[int]:
        numbers = scene.cell_numbers
        return [numbers[h] for h in scene.document.level.joined_hexes(*scene.cells[cell]) if h in numbers]


class HexSelectSameTool(SelectSameTileTool):
    tip = ("Click to select every hex of the lock holding what the clicked hex holds (every wall, every "
           "ball...); Shift+click adds, Ctrl+click takes away.")

    def region(self, scene, cell: int) -> list[int]:
        level = scene.document.level
        value = level.value_at(*scene.cells[cell])
        return [i for i, h in enumerate(scene.cells) if level.value_at(*h) == value]


# -- the stamp ----------------------------------------------------------------------------------
class HexStampTool(StampSource, HexTool):
    """Copied hexes that follow the cursor (their ghost), put down with a click or Enter, each
    time one undo step; Esc goes back to the tool before. Ctrl+V starts it with the clipboard."""

    name = "stamp"
    label = "Stamp"
    icon = "fa5s.stamp"
    what = "hexes"
    tip = ("Put down copied hexes: they follow the cursor; click to place them, Enter places them where "
           "they show, Esc stops. Takes the selection (or what Ctrl+C copied) as its stamp.")

    def __init__(self):
        self.clip = None
        self.at: tuple[int, int] | None = None  # where the clip's first hex goes
        self.return_to = "brush"
        self._placing = False
        self._scene = None

    def load(self, scene, clip, at=None) -> None:
        self.clip = clip
        self.at = at if at is not None else self.at
        self.show(scene)

    def copy(self, scene):
        return scene.selection_ops.copy(scene)

    def activate(self, scene) -> None:
        self.at = scene.cells[scene.hover_cell] if scene.hover_cell >= 0 else None
        self.take_stamp(scene)

    def deactivate(self, scene) -> None:
        self.stop_following(scene)
        hex_ghost_of(scene).clear()
        self.clip = None
        super().deactivate(scene)

    def hover(self, scene, cell) -> None:
        if cell >= 0:
            self.at = scene.cells[cell]
            self.show(scene)

    def covered(self) -> list[tuple[int, int]]:
        if self.clip is None or self.at is None:
            return []
        q, r = self.at
        return [(q + dq, r + dr) for dq, dr in self.clip.hexes]

    def show(self, scene) -> None:
        hex_ghost_of(scene).show_hexes(self.covered())

    def place(self, scene) -> None:
        if self.clip is None or self.at is None:
            return
        try:
            state = scene.document.level.clip_pasted(self.clip, *self.at)
        except LevelLimitError as error:
            report_limit(scene, error)
            return
        self._placing = True  # (selecting what it put down makes no new stamp)
        try:
            push_hex_edit(scene.document, state, "Stamp")
            scene.set_selection(self.covered())
        finally:
            self._placing = False

    def key(self, scene, key) -> bool:
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.place(scene)
            return True
        if key == Qt.Key.Key_Escape:
            window = window_of(scene)
            if hasattr(window, "set_tool"):
                window.set_tool(self.return_to if self.return_to != self.name else "brush")
            return True
        return False


# Every hex-grid tool, in toolbar order (a hex game's view.editor_tools() gives these).
ALL_HEX_TOOLS = (HexBrushTool, HexStampTool, HexLineTool, HexOutlineTool, HexEraserTool, HexSelectTool,
                 HexMagicWandTool, HexSelectSameTool, HexLinkTool)

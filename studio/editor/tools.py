"""The editing tools: small classes over one abstract Tool that receives the scene's mouse events.

Tools never change the level themselves: they build undo commands and push them
on the document's stack.
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import QRectF, Qt

from studio.core.errors import LevelLimitError
from studio.core.grid import bundle_toggling_link, flood_region, is_link_source, link_targets, links_many, rect_cells
from studio.core.game import PaletteItem
from studio.editor.ghost import ghost_of
from studio.editor.scene import CELL, LevelScene
from studio.model import commands

_strokes = itertools.count(1)


class Tool:
    name = "tool"
    label = "Tool"
    icon = "fa5s.question"
    shortcut = ""
    tip = ""
    draws_with_item = False  # uses the palette's current item
    entity_kind = ""  # palette kind this tool places, if any

    def available(self, level) -> bool:
        return True

    def activate(self, scene: LevelScene) -> None:
        pass

    def deactivate(self, scene: LevelScene) -> None:
        scene.preview_item.hide()

    def press(self, scene: LevelScene, cell: int, event) -> None:
        pass

    def drag(self, scene: LevelScene, cell: int, event) -> None:
        pass

    def release(self, scene: LevelScene, cell: int, event) -> None:
        pass

    def hover(self, scene: LevelScene, cell: int) -> None:
        pass

    def key(self, scene: LevelScene, key) -> bool:
        """A key pressed on the canvas (Enter, Esc); True when the tool used it."""
        return False


def report_limit(scene: LevelScene, error: LevelLimitError) -> None:
    """Tell the user an edit would break the game's limits (the window shows ``limitReached``)."""
    for view in scene.views():
        window = view.window()
        if hasattr(window, "show_problem"):
            window.show_problem(str(error))
            return


def current_tile(scene: LevelScene) -> int | None:
    item = scene.current_item
    return item.value if item is not None and item.kind == "tile" else None


class BrushTool(Tool):
    name = "brush"
    label = "Brush"
    icon = "fa5s.paint-brush"
    shortcut = "B"
    tip = "Paint the current tile with the left button; a drag is one undo step."
    draws_with_item = True
    undo_label = "Paint"

    def __init__(self):
        self.stroke = 0
        self.last_cell = -1

    def value(self, scene: LevelScene) -> int | None:
        return current_tile(scene)

    def activate(self, scene):
        self.hover(scene, scene.hover_cell)

    def deactivate(self, scene):
        ghost_of(scene).clear()
        super().deactivate(scene)

    def hover(self, scene, cell):
        """The ghost: what a click would paint, under the cursor."""
        value = self.value(scene)
        if cell < 0 or value is None:
            ghost_of(scene).clear()
            return
        width = scene.document.level.width
        ghost_of(scene).show_item([(cell % width, cell // width)], PaletteItem("tile", value, "", ""))

    def press(self, scene, cell, event):
        self.stroke = next(_strokes)
        self.last_cell = -1
        self.paint(scene, cell)

    def drag(self, scene, cell, event):
        self.paint(scene, cell)

    def paint(self, scene: LevelScene, cell: int) -> None:
        value = self.value(scene)
        if cell < 0 or value is None or cell == self.last_cell:
            return
        self.last_cell = cell
        level = scene.document.level
        bundle = level.cell_bundle(cell)
        new = level.bundle_with_value(bundle, scene.layer, value)
        if new != bundle:
            commands.push_merging(scene.document.undo_stack,
                                  commands.PaintStroke(scene.document, {cell: new}, self.stroke, self.undo_label))


class EraserTool(BrushTool):
    name = "eraser"
    label = "Eraser"
    icon = "fa5s.eraser"
    shortcut = "E"
    tip = "Erase to empty floor on the current layer (and remove a bot there)."
    draws_with_item = False
    undo_label = "Erase"

    def value(self, scene):
        return scene.document.level.empty_value

    def paint(self, scene, cell):
        super().paint(scene, cell)
        level = scene.document.level
        remover = getattr(level, "entities_without_bot", None)
        if cell >= 0 and remover is not None and scene.layer == 0 and level.bot_at(cell) is not None:
            scene.document.undo_stack.push(commands.RemoveBot(scene.document, remover(cell)))


class RectangleTool(Tool):
    name = "rectangle"
    label = "Rectangle"
    icon = "fa5s.vector-square"
    shortcut = "R"
    tip = "Drag to fill a rectangle with the current tile."
    draws_with_item = True

    def __init__(self):
        self.anchor: tuple[int, int] | None = None
        self.corner: tuple[int, int] | None = None

    def press(self, scene, cell, event):
        if cell < 0:
            return
        self.anchor = self.corner = scene.cell_xy_clamped(event.scenePos())
        self.show(scene)

    def drag(self, scene, cell, event):
        if self.anchor is not None:
            self.corner = scene.cell_xy_clamped(event.scenePos())
            self.show(scene)

    def show(self, scene):
        (ax, ay), (cx, cy) = self.anchor, self.corner
        scene.preview_item.setRect(
            QRectF(min(ax, cx) * CELL, min(ay, cy) * CELL, (abs(ax - cx) + 1) * CELL, (abs(ay - cy) + 1) * CELL)
        )
        scene.preview_item.show()

    def release(self, scene, cell, event):
        scene.preview_item.hide()
        value = current_tile(scene)
        if self.anchor is None or value is None:
            self.anchor = None
            return
        level = scene.document.level
        cells = rect_cells(level.width, *self.anchor, *self.corner)
        self.anchor = None
        new = {i: level.bundle_with_value(level.cell_bundle(i), scene.layer, value) for i in cells}
        commands.push_if_changed(scene.document, commands.FillRectangle(scene.document, new))


class FloodFillTool(Tool):
    name = "fill"
    label = "Flood fill"
    icon = "fa5s.fill-drip"
    shortcut = "F"
    tip = "Fill the connected area of the same tile with the current tile."
    draws_with_item = True

    def press(self, scene, cell, event):
        value = current_tile(scene)
        if cell < 0 or value is None:
            return
        level = scene.document.level
        cells = flood_region(level, cell, scene.layer)
        new = {i: level.bundle_with_value(level.cell_bundle(i), scene.layer, value) for i in cells}
        commands.push_if_changed(scene.document, commands.FloodFill(scene.document, new))


class PlayerStartTool(Tool):
    name = "player"
    label = "Player start"
    icon = "fa5s.male"
    shortcut = "S"
    tip = "Click the cell where the player starts."

    def available(self, level):
        return hasattr(level, "entities_with_player")

    def press(self, scene, cell, event):
        if cell >= 0:
            document = scene.document
            commands.push_if_changed(document, commands.SetPlayerStart(document, document.level.entities_with_player(cell)))


class BotTool(Tool):
    name = "bot"
    label = "Bots"
    icon = "fa5s.robot"
    shortcut = "T"
    tip = "Click to place the palette's bot or bomb; Shift+click removes one. Order numbers are shown; change them in the Bots dock."
    entity_kind = "bot"

    def available(self, level):
        return hasattr(level, "entities_with_bot")

    def press(self, scene, cell, event):
        if cell < 0:
            return
        document = scene.document
        level = document.level
        try:
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                command = commands.RemoveBot(document, level.entities_without_bot(cell))
            else:
                item = scene.current_item
                if item is None or item.kind != "bot":
                    return
                command = commands.PlaceBot(document, level.entities_with_bot(cell, item.value))
        except LevelLimitError as error:
            report_limit(scene, error)
            return
        commands.push_if_changed(document, command)


class LinkTool(Tool):
    """Click a cell that links to others (a panel, a transporter, a button...), then its target.

    Where a cell links to one target (Escape), the click sets it and the tool is
    ready for the next source. Where a cell may link to several (a ChronoShift
    button to its gates), each click on a target adds that link, or removes it
    when it is there, and the source stays chosen for more; clicking another
    source switches to it, clicking the source again lets it go.
    """

    name = "link"
    label = "Link"
    icon = "fa5s.link"
    shortcut = "L"
    tip = "Click a cell that links to others (a panel, a button...), then its target; with several targets, " \
          "clicking a linked target again removes the link. Esc cancels."
    # What to say when the first click is not on a link source; a level may say it better.
    source_hint = "That cell links to nothing: click one that does (a panel, a transporter, a button...) first."

    def __init__(self):
        self.source: int | None = None

    def deactivate(self, scene):
        self.cancel(scene)
        super().deactivate(scene)

    def key(self, scene, key):
        if key == Qt.Key.Key_Escape and self.source is not None:
            self.cancel(scene)
            return True
        return False

    def cancel(self, scene):
        self.source = None
        scene.links_item.highlight = None
        scene.preview_item.hide()
        scene.links_item.update()

    def choose_source(self, scene, cell: int) -> None:
        level = scene.document.level
        self.source = cell
        scene.links_item.highlight = cell
        x, y = level.xy(cell) if hasattr(level, "xy") else (cell % level.width, cell // level.width)
        scene.preview_item.setRect(QRectF(x * CELL, y * CELL, CELL, CELL))
        scene.preview_item.show()
        scene.links_item.update()

    def press(self, scene, cell, event):
        if cell < 0:
            self.cancel(scene)
            return
        level = scene.document.level
        if self.source is None:
            if not is_link_source(level, level.cell_bundle(cell)):
                report_limit(scene, LevelLimitError(getattr(level, "link_source_hint", self.source_hint)))
                return
            self.choose_source(scene, cell)
            return
        if cell == self.source and links_many(level):
            self.cancel(scene)
            return
        judge = getattr(level, "link_target_problem", None)
        problem = judge(self.source, cell) if judge is not None else None
        if problem is not None:
            if is_link_source(level, level.cell_bundle(cell)):
                self.choose_source(scene, cell)  # another source: link from there instead
            else:
                report_limit(scene, LevelLimitError(problem))
            return
        source = self.source
        bundle = level.cell_bundle(source)
        new = bundle_toggling_link(level, bundle, cell)
        if links_many(level):
            added = cell in link_targets(level, new)
            command = commands.ToggleLink(scene.document, {source: new}, added)
        else:
            self.source = None
            scene.preview_item.hide()
            command = commands.SetLink(scene.document, {source: new})
        commands.push_if_changed(scene.document, command)
        scene.links_item.highlight = source
        scene.links_item.update()


class SelectTool(Tool):
    name = "select"
    label = "Select"
    icon = "fa5s.object-group"
    shortcut = "M"
    tip = "Drag a selection rectangle (the right button does this with any tool)."

    def press(self, scene, cell, event):
        scene.begin_selection(event.scenePos())

    def drag(self, scene, cell, event):
        scene.extend_selection(event.scenePos())

    def release(self, scene, cell, event):
        scene.end_selection()


# The whole set, with the tools of other modules, is studio/editor/toolbox.py's ALL_TOOLS.
BASIC_TOOLS = (BrushTool, RectangleTool, FloodFillTool, EraserTool, SelectTool, PlayerStartTool, BotTool, LinkTool)

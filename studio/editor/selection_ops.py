"""What the keyboard does to a selection: move its contents, expand its pattern, cut, copy, paste, erase.

Each operation computes the new cells (and entities) through the level's
editing protocol and pushes one undo command.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

from PySide6.QtCore import QRect

from studio.core.errors import LevelLimitError
from studio.core.grid import bundle_with_link_targets, link_targets, links_many
from studio.editor.scene import LevelScene
from studio.model import commands


@dataclass(frozen=True)
class CellClip:
    """Copied cells: a width x height block of bundles, links made relative, and entities by offset."""

    width: int
    height: int
    bundles: tuple[Hashable, ...]  # row-major
    # (dx, dy) of the linked cell; its target relative to the block when inside
    # it (so it moves with a paste), else the target's absolute cell (it stays).
    links: tuple[tuple[int, int, bool, int, int], ...]
    entities: tuple[tuple[int, int, str, int], ...]  # (dx, dy, palette kind, value)
    # The (dx, dy) copied when the selection was not the whole block; the others paste nothing.
    mask: frozenset[tuple[int, int]] | None = None

    def holds(self, dx: int, dy: int) -> bool:
        return self.mask is None or (dx, dy) in self.mask


def _xy(level, index: int) -> tuple[int, int]:
    return index % level.width, index // level.width


def _index(level, x: int, y: int) -> int | None:
    return y * level.width + x if 0 <= x < level.width and 0 <= y < level.height else None


def move_contents(scene: LevelScene, dx: int, dy: int) -> str | None:
    """Move the selection's contents one step; returns a message when it cannot."""
    rect = scene.selection
    if rect is None:
        return "Select a rectangle first (drag with the right mouse button)."
    level = scene.document.level
    moved = rect.translated(dx, dy)
    if not QRect(0, 0, level.width, level.height).contains(moved):
        return "The selection cannot move past the edge of the level."
    sources = scene.selected_cells()
    mapping = {}
    for index in sources:
        x, y = _xy(level, index)
        mapping[index] = _index(level, x + dx, y + dy)
    new = {index: level.empty_bundle() for index in sources}
    for source, target in mapping.items():
        bundle = level.cell_bundle(source)
        links = link_targets(level, bundle)
        if any(link in mapping for link in links):  # links within the selection move with it
            bundle = bundle_with_link_targets(level, bundle, [mapping.get(link, link) for link in links])
        new[target] = bundle
    command = commands.MoveSelection(scene.document, new, level.entities_after_move(mapping))
    commands.push_if_changed(scene.document, command)
    mask = scene.selection_mask
    scene.set_selection(moved, None if mask is None else frozenset(mapping[index] for index in mask))
    return None


def _series_step(level, rect: QRect, horizontal: bool) -> tuple[int, int] | None:
    """How far targets move per cell along the axis, when the selection's links form a series."""
    points = []
    for y in range(rect.top(), rect.bottom() + 1):
        for x in range(rect.left(), rect.right() + 1):
            for link in link_targets(level, level.cell_bundle(y * level.width + x)):
                points.append((x if horizontal else y, _xy(level, link)))
    points.sort()
    if len(points) < 2 or points[0][0] == points[-1][0]:
        return None
    base_pos, (bx, by) = points[0]
    step = None
    for pos, (tx, ty) in points[1:]:
        if pos == base_pos:
            return None  # two links at one position along the axis: no single series
        distance = pos - base_pos
        if (tx - bx) % distance or (ty - by) % distance:
            return None
        this_step = ((tx - bx) // distance, (ty - by) // distance)
        if step is not None and this_step != step:
            return None
        step = this_step
    return step


def expand_pattern(scene: LevelScene, dx: int, dy: int) -> str | None:
    """Repeat the selection's pattern beside it (Shift+arrow), continuing series of link targets."""
    rect = scene.selection
    if rect is None or scene.selection_mask is not None:
        return "Select a rectangle first (drag with the right mouse button): a pattern repeats a rectangle."
    level = scene.document.level
    offset_x, offset_y = dx * rect.width(), dy * rect.height()
    copy = rect.translated(offset_x, offset_y).intersected(QRect(0, 0, level.width, level.height))
    if copy.isEmpty():
        return "There is no room beside the selection to repeat its pattern."
    step = _series_step(level, rect, horizontal=dx != 0)
    new = {}
    for y in range(copy.top(), copy.bottom() + 1):
        for x in range(copy.left(), copy.right() + 1):
            source = (y - offset_y) * level.width + (x - offset_x)
            bundle = level.cell_bundle(source)
            links = link_targets(level, bundle)
            if links:
                targets = []
                for link in links:
                    tx, ty = _xy(level, link)
                    if step is not None:
                        along = offset_x if dx else offset_y
                        target = _index(level, tx + step[0] * along, ty + step[1] * along)
                    elif rect.contains(tx, ty):
                        target = _index(level, tx + offset_x, ty + offset_y)
                    else:
                        target = link
                    targets.append(target if target is not None else link)
                bundle = bundle_with_link_targets(level, bundle, targets)
            new[y * level.width + x] = bundle
    commands.push_if_changed(scene.document, commands.ExpandPattern(scene.document, new))
    scene.set_selection(copy)
    return None


def copy_selection(scene: LevelScene) -> CellClip | None:
    rect = scene.selection
    if rect is None:
        return None
    level = scene.document.level
    bundles, links, entities = [], [], []
    kind_at = getattr(level, "entity_kind_at", None)
    chosen = scene.selection_mask
    for y in range(rect.top(), rect.bottom() + 1):
        for x in range(rect.left(), rect.right() + 1):
            index = y * level.width + x
            bundle = level.cell_bundle(index)
            bundles.append(bundle)
            if chosen is not None and index not in chosen:
                continue
            for link in link_targets(level, bundle):
                tx, ty = _xy(level, link)
                if rect.contains(tx, ty):
                    links.append((x - rect.left(), y - rect.top(), True, tx - rect.left(), ty - rect.top()))
                else:
                    links.append((x - rect.left(), y - rect.top(), False, tx, ty))
            found = kind_at(index) if kind_at else None
            if found is not None:
                entities.append((x - rect.left(), y - rect.top(), *found))
    mask = None if chosen is None else frozenset(
        (index % level.width - rect.left(), index // level.width - rect.top()) for index in chosen)
    return CellClip(rect.width(), rect.height(), tuple(bundles), tuple(links), tuple(entities), mask)


def erase_selection(scene: LevelScene, command_class=commands.EraseSelection) -> None:
    level = scene.document.level
    cells = scene.selected_cells()
    if not cells:
        return
    remover = getattr(level, "entities_without", None)
    entities = remover(set(cells)) if remover else None
    new = {index: level.empty_bundle() for index in cells}
    commands.push_if_changed(scene.document, command_class(scene.document, new, entities))


def can_reverse(scene: LevelScene) -> bool:
    """Whether the level knows a "reverse" of its cells (``reversed_bundle``)."""
    return hasattr(scene.document.level, "reversed_bundle")


def reverse_selection(scene: LevelScene) -> str | None:
    """Replace each selected cell by its reverse (Labyrinthos: paths become walls and back)."""
    level = scene.document.level
    if not can_reverse(scene):
        return "Cells of this game have no reverse."
    cells = scene.selected_cells()
    if not cells:
        return "Select a rectangle first (drag with the right mouse button)."
    new = {index: level.reversed_bundle(level.cell_bundle(index)) for index in cells}
    commands.push_if_changed(scene.document, commands.ReverseSelection(scene.document, new))
    return None


def paste(scene: LevelScene, clip: CellClip, at: tuple[int, int]) -> str | None:
    """Paste a clip with its top-left at ``at``; what falls outside the level is dropped."""
    level = scene.document.level
    left, top = at
    new = {}
    for dy in range(clip.height):
        for dx in range(clip.width):
            index = _index(level, left + dx, top + dy)
            if index is not None and clip.holds(dx, dy):
                new[index] = clip.bundles[dy * clip.width + dx]
    if not new:
        return "Nothing of the clipboard fits there."
    pasted_links: dict[int, list[int]] = {}
    for cx, cy, inside, tx, ty in clip.links:
        index = _index(level, left + cx, top + cy)
        if index is None:
            continue
        target = _index(level, left + tx, top + ty) if inside else _index(level, tx, ty)
        if target is not None:
            pasted_links.setdefault(index, []).append(target)
        elif not links_many(level):
            pasted_links.setdefault(index, []).append(index)  # one target is a must: the cell itself
    for index, targets in pasted_links.items():
        new[index] = bundle_with_link_targets(level, new[index], targets)
    entities = None
    placer = getattr(level, "entities_with", None)
    if clip.entities and placer is not None:
        placements = []
        for dx, dy, kind, value in clip.entities:
            index = _index(level, left + dx, top + dy)
            if index is not None and kind == "bot":
                placements.append((index, value))
        try:
            entities = placer(placements)
        except LevelLimitError as error:
            return str(error)
    commands.push_if_changed(scene.document, commands.PasteCells(scene.document, new, entities))
    if clip.mask is None:
        scene.set_selection(QRect(left, top, clip.width, clip.height))
    else:
        scene.select_cells(new)
    return None


class SquareSelectionOps:
    """The selection operations of a square LevelScene, in the shape the editor pane asks of
    any scene (a hex scene brings its own: studio/editor/hex_selection.py)."""

    expand_problem = None  # Expand Pattern works on square grids

    def move(self, scene: LevelScene, dx: int, dy: int) -> str | None:
        return move_contents(scene, dx, dy)

    def expand(self, scene: LevelScene, dx: int, dy: int) -> str | None:
        return expand_pattern(scene, dx, dy)

    def copy(self, scene: LevelScene) -> CellClip | None:
        return copy_selection(scene)

    def cut(self, scene: LevelScene) -> CellClip | None:
        clip = copy_selection(scene)
        if clip is not None:
            erase_selection(scene, commands.CutSelection)
        return clip

    def erase(self, scene: LevelScene) -> None:
        erase_selection(scene)

    def can_reverse(self, scene: LevelScene) -> bool:
        return can_reverse(scene)

    def reverse(self, scene: LevelScene) -> str | None:
        return reverse_selection(scene)

    def paste(self, scene: LevelScene, clip: CellClip) -> str | None:
        """At the selection's top-left, else at the cell under the cursor, else at the level's corner."""
        width = scene.document.level.width
        if scene.selection is not None:
            at = (scene.selection.left(), scene.selection.top())
        elif scene.hover_cell >= 0:
            at = (scene.hover_cell % width, scene.hover_cell // width)
        else:
            at = (0, 0)
        return paste(scene, clip, at)

    def select_all(self, scene: LevelScene) -> None:
        level = scene.document.level
        scene.set_selection(QRect(0, 0, level.width, level.height))

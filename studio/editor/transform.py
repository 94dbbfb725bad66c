"""Flip and rotate the selection (Edit > Transform): its cells move to their mirrored or
turned places within the selection's rectangle (a quarter turn keeps its top-left corner;
on a hex grid the level turns the selected hexes a sixth, see HexSelectionOps.transform),
tiles that point somewhere turn with them (the level's ``transformed_bundle``: Escape's
arrows, sliders and wires), links move with the cells they name, from inside the
selection and from outside it (a panel's destination follows its cell), and entities
(the player, bots) move with their cells. One undo step each.
"""

from __future__ import annotations

from PySide6.QtCore import QRect

from studio.core.grid import bundle_with_link_targets, link_targets
from studio.model import commands, tool_commands

TRANSFORMS = {
    "flip_h": ("Flip Horizontally", tool_commands.FlipSelection),
    "flip_v": ("Flip Vertically", tool_commands.FlipSelection),
    "rotate_cw": ("Rotate Clockwise", tool_commands.RotateSelection),
    "rotate_ccw": ("Rotate Anticlockwise", tool_commands.RotateSelection),
}


def placed(transform: str, rx: int, ry: int, width: int, height: int) -> tuple[int, int]:
    """Where a cell at (rx, ry) of a width x height block goes (relative to the block's corner)."""
    if transform == "flip_h":
        return width - 1 - rx, ry
    if transform == "flip_v":
        return rx, height - 1 - ry
    if transform == "rotate_cw":
        return height - 1 - ry, rx
    return ry, width - 1 - rx  # rotate_ccw


def transform_selection(scene, transform: str) -> str | None:
    """Flip or rotate the selected cells; a message when it cannot (or a note of what it gave up)."""
    hex_transform = getattr(getattr(scene, "selection_ops", None), "transform", None)
    if hex_transform is not None:  # a hex grid's selection: its level turns it (a sixth of a turn)
        return hex_transform(scene, transform, TRANSFORMS[transform][0])
    rect = scene.selection
    if rect is None:
        return "Select the cells to turn first (drag with the right mouse button)."
    level = scene.document.level
    turned = transform.startswith("rotate")
    width, height = (rect.height(), rect.width()) if turned else (rect.width(), rect.height())
    target_rect = QRect(rect.left(), rect.top(), width, height)
    if not QRect(0, 0, level.width, level.height).contains(target_rect):
        return "The turned selection would not fit in the level: move it away from the edge first."
    sources = scene.selected_cells()
    mapping = {}
    for index in sources:
        x, y = index % level.width - rect.left(), index // level.width - rect.top()
        nx, ny = placed(transform, x, y, rect.width(), rect.height())
        mapping[index] = (rect.top() + ny) * level.width + rect.left() + nx
    turn = getattr(level, "transformed_bundle", None)
    new = {index: level.empty_bundle() for index in sources}
    for source, target in mapping.items():
        bundle = level.cell_bundle(source)
        if turn is not None:
            bundle = turn(bundle, transform)
        new[target] = _relinked(level, bundle, mapping)
    for index in range(level.width * level.height):  # links from outside into the selection follow
        if index not in mapping and index not in new:
            bundle = level.cell_bundle(index)
            if any(link in mapping for link in link_targets(level, bundle)):
                new[index] = _relinked(level, bundle, mapping)
    command = TRANSFORMS[transform][1](scene.document, new, level.entities_after_move(mapping))
    commands.push_if_changed(scene.document, command)
    mask = scene.selection_mask
    scene.set_selection(target_rect, None if mask is None else frozenset(mapping[i] for i in mask))
    return None


def _relinked(level, bundle, mapping: dict[int, int]):
    links = link_targets(level, bundle)
    if not any(link in mapping for link in links):
        return bundle
    return bundle_with_link_targets(level, bundle, [mapping.get(link, link) for link in links])


def transform_problem(scene) -> str | None:
    """Why flipping and rotating do not apply to this scene (None when they do)."""
    if hasattr(scene, "selection_mask"):
        return None
    if hasattr(getattr(scene, "selection_ops", None), "transform") \
            and hasattr(scene.document.level, "region_transformed"):
        return None
    return "Flipping and rotating mean nothing on this level."

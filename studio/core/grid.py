"""The editing protocol that square-grid levels implement, so the editor stays game-neutral.

A level is ``width`` x ``height`` cells indexed row-major, with ``layer_count``
tile layers. Each cell holds a hashable *bundle* (all of the cell's layers and
any per-cell data such as a link target); the editor reads and writes bundles
and asks the level to derive new bundles, never looks inside them. Entities
(player start, bots, ...) form one hashable *entity state* replaced as a whole.
"""

from __future__ import annotations

from typing import Hashable, Protocol


class EditableGrid(Protocol):
    width: int
    height: int
    layer_count: int
    layer_names: tuple[str, ...]
    empty_value: int  # what the eraser paints

    def empty_bundle(self) -> Hashable: ...
    def cell_bundle(self, index: int) -> Hashable: ...
    def set_cell_bundle(self, index: int, bundle: Hashable) -> None: ...
    def bundle_with_value(self, bundle: Hashable, layer: int, value: int) -> Hashable: ...
    def bundle_value(self, bundle: Hashable, layer: int) -> int: ...
    def bundle_with_link(self, bundle: Hashable, target: int) -> Hashable: ...
    def bundle_link(self, bundle: Hashable) -> int | None: ...
    # Optional, for cells linking to several targets (a ChronoShift button to its
    # gates); the editor reaches links through link_targets() and friends below,
    # which fall back on the one-target methods above when these are absent:
    #   bundle_links(bundle) -> tuple[int, ...]
    #   bundle_with_links(bundle, targets) -> bundle
    #   bundle_is_link_source(bundle) -> bool
    #   link_target_problem(source, target) -> str | None  (why a link cannot be made)

    def entity_state(self) -> Hashable: ...
    def set_entity_state(self, state: Hashable) -> None: ...
    def entities_after_move(self, moves: dict[int, int]) -> Hashable: ...

    def properties(self) -> dict[str, object]: ...
    def set_properties(self, values: dict[str, object]) -> None: ...
    def resized(self, width: int, height: int) -> "EditableGrid": ...


def link_targets(level: EditableGrid, bundle: Hashable) -> tuple[int, ...]:
    """Every cell a cell's bundle links to (none for a cell that is not a link source)."""
    many = getattr(level, "bundle_links", None)
    if many is not None:
        return tuple(many(bundle))
    target = level.bundle_link(bundle)
    return () if target is None else (target,)


def is_link_source(level: EditableGrid, bundle: Hashable) -> bool:
    """Whether a cell with this bundle can link to others (a panel, a button...)."""
    check = getattr(level, "bundle_is_link_source", None)
    return check(bundle) if check is not None else level.bundle_link(bundle) is not None


def links_many(level: EditableGrid) -> bool:
    """Whether a source may link to several targets (else a new link replaces the old)."""
    return hasattr(level, "bundle_with_links")


def bundle_with_link_targets(level: EditableGrid, bundle: Hashable, targets) -> Hashable:
    """The bundle linking to ``targets`` (a one-target level keeps the first)."""
    targets = tuple(targets)
    if links_many(level):
        return level.bundle_with_links(bundle, targets)
    return level.bundle_with_link(bundle, targets[0]) if targets else bundle


def bundle_toggling_link(level: EditableGrid, bundle: Hashable, target: int) -> Hashable:
    """The link tool's click on a target: a several-target level adds the link, or removes
    it when it is there; a one-target level points the source at ``target``."""
    if not links_many(level):
        return level.bundle_with_link(bundle, target)
    targets = link_targets(level, bundle)
    new = tuple(t for t in targets if t != target) if target in targets else targets + (target,)
    return level.bundle_with_links(bundle, new)


def rect_cells(width: int, x0: int, y0: int, x1: int, y1: int) -> list[int]:
    """Cell indices of the rectangle with corners (x0, y0) and (x1, y1), inclusive, row by row."""
    left, right = sorted((x0, x1))
    top, bottom = sorted((y0, y1))
    return [y * width + x for y in range(top, bottom + 1) for x in range(left, right + 1)]


def flood_region(level: EditableGrid, start: int, layer: int) -> list[int]:
    """The 4-connected cells around ``start`` holding the same value on ``layer``."""
    width, height = level.width, level.height
    target = level.bundle_value(level.cell_bundle(start), layer)
    seen = {start}
    stack = [start]
    while stack:
        index = stack.pop()
        x, y = index % width, index // width
        for nx, ny in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if 0 <= nx < width and 0 <= ny < height:
                neighbour = ny * width + nx
                if neighbour not in seen and level.bundle_value(level.cell_bundle(neighbour), layer) == target:
                    seen.add(neighbour)
                    stack.append(neighbour)
    return sorted(seen)

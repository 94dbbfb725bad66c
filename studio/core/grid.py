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

    def entity_state(self) -> Hashable: ...
    def set_entity_state(self, state: Hashable) -> None: ...
    def entities_after_move(self, moves: dict[int, int]) -> Hashable: ...

    def properties(self) -> dict[str, object]: ...
    def set_properties(self, values: dict[str, object]) -> None: ...
    def resized(self, width: int, height: int) -> "EditableGrid": ...


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

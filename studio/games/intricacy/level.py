"""An Intricacy level as the studio edits it: the lock plus its title, author,
description and stored solution. Edits replace ``lock`` (immutable) as a whole.

The attributes the generic parts of the studio read (``width``, ``height``,
``layer_count``, ``layer_names``, ``properties()``) describe the lock's hexagon:
it is ``2 * size + 1`` hexes across its middle row, as tall as it is wide.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from studio.core.errors import LevelLimitError
from studio.core.properties import PropertySpec
from studio.games.intricacy import editing, regions
from studio.games.intricacy.editing import canonical
from studio.games.intricacy.hexgrid import Hex, hexagon, neighbours
from studio.games.intricacy.lock import BALL, BLOCK, HOOK, MAX_SIZE, MIN_SIZE, PIVOT, WRENCH, Lock
from studio.games.intricacy.regions import LockFragment

# Palette values (what the hex brush paints); see studio/games/intricacy/__init__.py.
ERASE, WALL, PAINT_BLOCK, PAINT_BALL, PAINT_PIVOT, PAINT_ARM, PAINT_HOOK, PAINT_WRENCH = range(8)

PROPERTY_NAMES = ("title", "author", "description", "solution")


def size_for_width(width: int, height: int | None = None) -> int:
    """The lock size for a hexagon ``width`` hexes across; LevelLimitError says what is allowed."""
    low, high = 2 * MIN_SIZE + 1, 2 * MAX_SIZE + 1
    if height is not None and height != width:
        raise LevelLimitError(f"An Intricacy lock is a hexagon as tall as it is wide: give the same width and "
                              f"height, an odd number from {low} to {high} hexes.")
    if width % 2 == 0 or not low <= width <= high:
        raise LevelLimitError(f"An Intricacy lock is {low} to {high} hexes across, an odd number "
                              f"(size {MIN_SIZE} to {MAX_SIZE} around its centre hex), not {width}.")
    return (width - 1) // 2


@dataclass
class IntricacyLevel:
    lock: Lock
    title: str = "Untitled"
    author: str = ""
    description: str = ""
    solution: str = ""
    source: bytes | None = field(default=None, compare=False, repr=False)

    layer_count = 1
    layer_names = ("lock",)

    @classmethod
    def blank(cls, width: int, height: int | None = None, title: str = "Untitled", author: str = "") -> "IntricacyLevel":
        return cls(Lock(size=size_for_width(width, height)), title, author)

    @property
    def size(self) -> int:
        return self.lock.size

    @property
    def width(self) -> int:
        return 2 * self.lock.size + 1

    @property
    def height(self) -> int:
        return 2 * self.lock.size + 1

    def properties(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in PROPERTY_NAMES}

    def set_properties(self, values: dict[str, object]) -> None:
        for name, value in values.items():
            if name not in PROPERTY_NAMES:
                raise KeyError(name)
            setattr(self, name, str(value))

    def set_lock(self, lock: Lock) -> None:
        self.lock = canonical(lock)

    def resized(self, width: int, height: int) -> "IntricacyLevel":
        """A copy of the level with the lock's size changed (pieces must still fit)."""
        from studio.games.intricacy.editing import resized_lock

        lock = resized_lock(self.lock, size_for_width(width, height))
        return IntricacyLevel(lock, self.title, self.author, self.description, self.solution)

    def copy(self) -> "IntricacyLevel":
        return IntricacyLevel(self.lock, self.title, self.author, self.description, self.solution)

    def property_specs(self) -> list[PropertySpec]:
        return [
            PropertySpec("title", "&Title"),
            PropertySpec("author", "&Author"),
            PropertySpec("description", "&Description", "multiline", "Shown to whoever picks the lock"),
            PropertySpec("solution", "&Solution", "text",
                         "Move letters: hook w e d x z a, turns q r; wrench W E D X Z A; s waits"),
        ]

    # -- the hex editor's protocol (studio.core.hexes.EditableHexLevel) --------------------
    def hexes(self) -> list[tuple[int, int]]:
        """The lock, its frame and one more ring (so the bolthole's walls show)."""
        return [tuple(h) for h in hexagon(self.lock.size + 2)]

    def hex_state(self) -> Lock:
        return self.lock

    def set_hex_state(self, state: Lock) -> None:
        self.lock = state

    def painted(self, q: int, r: int, value: int, stroke: dict) -> Lock:
        h, lock = Hex(q, r), self.lock
        if value == ERASE:
            return editing.erase(lock, h)
        if value == WALL:
            return editing.place_wall(lock, h)
        if value == PAINT_BALL:
            return editing.place_ball(lock, h)
        if value == PAINT_PIVOT:
            return editing.place_pivot(lock, h)
        if value == PAINT_HOOK:
            return editing.place_hook(lock, h)
        if value == PAINT_WRENCH:
            return editing.paint_wrench_hex(lock, h)
        if value == PAINT_BLOCK:
            new, stroke["block"] = editing.paint_block_hex(lock, h, stroke.get("block"))
            return new
        if value == PAINT_ARM:
            if "pivot" not in stroke:
                # A stroke that starts on a centre gives that pivot (or the hook) its arms.
                stroke["pivot"] = lock.piece_at(h) if self.value_at(q, r) in (PAINT_PIVOT, PAINT_HOOK) else None
                centre = stroke["pivot"] is not None and lock.pieces[stroke["pivot"]].centre == h
                if centre:
                    stroke["pivot_centre"] = h
                    return lock
            owner_centre = stroke.get("pivot_centre")
            owner = next((i for i, p in enumerate(lock.pieces) if owner_centre is not None and p.centre == owner_centre
                          and p.kind in (PIVOT, HOOK)), None)
            return editing.add_arm(lock, h, owner)
        raise LevelLimitError(f"Nothing to paint with value {value}.")

    def erased(self, q: int, r: int) -> Lock:
        return editing.erase(self.lock, Hex(q, r))

    def value_at(self, q: int, r: int) -> int | None:
        h = Hex(q, r)
        if h in self.lock.walls:
            return WALL
        index = self.lock.piece_at(h)
        if index is None:
            return None
        piece = self.lock.pieces[index]
        if piece.kind in (PIVOT, HOOK) and h != piece.centre:
            return PAINT_ARM
        return {BLOCK: PAINT_BLOCK, BALL: PAINT_BALL, PIVOT: PAINT_PIVOT, HOOK: PAINT_HOOK,
                WRENCH: PAINT_WRENCH}[piece.kind]

    def linked(self, start: tuple[int, int], end: tuple[int, int]) -> Lock:
        return editing.add_spring(self.lock, Hex(*start), Hex(*end))

    def link_through(self, q: int, r: int) -> int | None:
        return editing.spring_near(self.lock, Hex(q, r))

    def unlinked(self, link: int) -> Lock:
        return editing.remove_spring(self.lock, link)

    def link_adjusted(self, link: int, delta: int) -> Lock:
        return editing.set_spring_natural(self.lock, link, self.lock.springs[link].natural + delta)

    # -- the hex editor's selection (studio.core.hexes.EditableHexLevel, its region part) --------
    def editable_hexes(self) -> list[tuple[int, int]]:
        """Where a selection may be: the lock's hexagon and the bolthole, not the frame."""
        return sorted((tuple(h) for h in self.lock.open_hexes()), key=lambda h: (h[1], h[0]))

    def region_clip(self, hexes) -> LockFragment:
        return regions.copy_region(self.lock, hexes)

    def region_erased(self, hexes) -> Lock:
        return regions.erase_region(self.lock, hexes)

    def region_moved(self, hexes, dq: int, dr: int) -> tuple[Lock, str]:
        moved, dropped = regions.move_region(self.lock, hexes, Hex(dq, dr))
        return moved, _springs_note(dropped)

    def clip_pasted(self, clip: LockFragment, q: int, r: int) -> Lock:
        return regions.paste_fragment(self.lock, clip, Hex(q, r))

    def region_transformed(self, hexes, transform: str) -> tuple[Lock, list[tuple[int, int]], str]:
        """Edit > Transform: the state with the region flipped or turned a sixth, the hexes it
        now covers, and a note (springs to the rest of the lock that had to go)."""
        turned, covered, dropped = regions.transform_region(self.lock, hexes, transform)
        return turned, [tuple(h) for h in covered], _springs_note(dropped)

    def joined_hexes(self, q: int, r: int) -> list[tuple[int, int]]:
        """What the magic wand takes from (q, r): the whole piece there (a pivot with its arms),
        else the walls, or the empty hexes, joined to it."""
        h = Hex(q, r)
        index = self.lock.piece_at(h)
        if index is not None:
            return [tuple(x) for x in self.lock.pieces[index].cells()]
        value = self.value_at(q, r)
        inside = {Hex(*x) for x in self.hexes()}
        found, stack = {h}, [h]
        while stack:
            for other in neighbours(stack.pop()):
                if other in inside and other not in found and self.value_at(*other) == value:
                    found.add(other)
                    stack.append(other)
        return [tuple(x) for x in found]


def _springs_note(dropped: int) -> str:
    if not dropped:
        return ""
    return (f"{dropped} spring{'s' if dropped > 1 else ''} to the rest of the lock no longer "
            f"on one hex line {'were' if dropped > 1 else 'was'} removed (undo brings "
            f"{'them' if dropped > 1 else 'it'} back).")

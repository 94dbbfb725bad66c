"""Edits of a region of a lock (the editor's selection), as pure functions: copy what
the region holds, erase it, paste it elsewhere, move it one step, flip or turn it.

What a region holds: the walls on its hexes; the part of each block (and of the
wrench) on its hexes; every ball, pivot and the hook whose centre is in it (a
pivot comes with all its arms); the springs whose two anchors are both in it.
Erasing a region is the eraser on each of its hexes. Pasting overwrites what is
under the pasted walls and pieces; a pasted block takes a free letter when its
own is taken, and a pasted hook or wrench replaces the lock's (one of each per
lock). Each function returns a new lock or raises LevelLimitError saying why not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from studio.core.errors import LevelLimitError
from studio.games.intricacy.editing import _Draft, add_spring
from studio.games.intricacy.hexgrid import ORIGIN, Hex, components, rotated
from studio.games.intricacy.lock import BLOCK, HOOK, WRENCH, Lock, Piece, Spring, bolthole, format_hex, open_hexes


@dataclass(frozen=True)
class LockFragment:
    """What a region held, every hex relative to the region's ``origin`` (its first hex in
    row order), so it can be pasted anywhere. ``origin`` is where it was copied from."""

    hexes: frozenset  # the region itself, as offsets
    walls: frozenset
    pieces: tuple  # of Piece; a block split by the region's edge is one piece per part
    springs: tuple  # of Spring, indices into ``pieces``
    origin: Hex = ORIGIN

    @property
    def width(self) -> int:
        """Hexes across the region's widest row span (for the status bar)."""
        columns = [2 * h.q + h.r for h in self.hexes]  # half-hex columns of pointy-top hexes
        return (max(columns) - min(columns)) // 2 + 1 if columns else 0

    @property
    def height(self) -> int:
        rows = [h.r for h in self.hexes]
        return max(rows) - min(rows) + 1 if rows else 0


def first_hex(hexes: Iterable[Hex]) -> Hex:
    """The region's origin: its first hex in row order (top row, then leftmost)."""
    return Hex(*min(hexes, key=lambda h: (h[1], h[0])))


def copy_region(lock: Lock, region: Iterable[Hex], origin: Hex | None = None) -> LockFragment:
    region = frozenset(Hex(*h) for h in region)
    if origin is None:
        origin = first_hex(region) if region else ORIGIN
    pieces: list[Piece] = []
    owners: list[tuple[int, frozenset]] = []  # per copied piece: its source piece and the hexes it took
    for index, piece in enumerate(lock.pieces):
        if piece.kind in (BLOCK, WRENCH):
            parts = components(piece.hexes & region)
            if piece.kind == WRENCH:
                parts = parts[:1]  # the wrench is one piece: its largest part goes
            for number, part in enumerate(parts):
                owners.append((index, part))
                pieces.append(piece._replace(hexes=_shifted(part, origin), label=piece.label if number == 0 else ""))
        elif piece.centre in region:
            owners.append((index, piece.hexes))
            pieces.append(piece._replace(hexes=_shifted(piece.hexes, origin)))

    def owner(index: int, anchor: Hex) -> int | None:
        return next((n for n, (source, part) in enumerate(owners) if source == index and anchor in part), None)

    springs = []
    for spring in lock.springs:
        root, end = owner(spring.root, spring.root_anchor), owner(spring.end, spring.end_anchor)
        if root is not None and end is not None:
            springs.append(Spring(root, end, spring.root_anchor - origin, spring.end_anchor - origin, spring.natural))
    return LockFragment(_shifted(region, origin), _shifted(lock.walls & region, origin), tuple(pieces),
                        tuple(springs), origin)


def erase_region(lock: Lock, region: Iterable[Hex]) -> Lock:
    """The eraser on every hex of the region, as one edit."""
    draft = _Draft(lock)
    for h in sorted(Hex(*h) for h in region):
        draft.clear(h)
    return draft.finish()


def paste_fragment(lock: Lock, fragment: LockFragment, at: Hex) -> Lock:
    """The fragment with its origin on ``at``, over what is there."""
    at = Hex(*at)
    walls, pieces, covered = _placed(fragment, at)
    outside = _first_outside(lock, covered)
    if outside is not None:
        raise LevelLimitError(f"That would put part of the lock outside it (at {format_hex(outside)}): "
                              f"paste nearer the middle.")
    if walls & set(bolthole(lock.size)):
        raise LevelLimitError("A wall cannot go in the bolthole: the lock opens when the bolthole is empty.")
    draft = _Draft(lock)
    for h in sorted(covered):
        draft.clear(h)
    for kind in (HOOK, WRENCH):  # one of each per lock: a pasted one takes the place of the lock's
        if any(piece.kind == kind for piece in pieces):
            for index, piece in enumerate(draft.pieces):
                if piece is not None and piece.kind == kind:
                    draft.remove_piece(index)
    draft.walls |= walls
    new_index = []
    for piece in pieces:
        if piece.kind == BLOCK:
            taken = {p.label for p in draft.pieces if p is not None and p.kind == BLOCK}
            if not piece.label or piece.label in taken:
                piece = piece._replace(label=draft.free_letter())
        new_index.append(draft.add(piece))
    for spring in fragment.springs:
        draft.springs.append(Spring(new_index[spring.root], new_index[spring.end], spring.root_anchor + at,
                                    spring.end_anchor + at, spring.natural))
    return draft.finish()


def move_region(lock: Lock, region: Iterable[Hex], offset: Hex) -> tuple[Lock, int]:
    """The region's contents moved by ``offset``; springs between them and the rest of the
    lock stay when their two anchors are still on one hex line. Returns the new lock and
    how many such springs had to go."""
    region = frozenset(Hex(*h) for h in region)
    offset = Hex(*offset)
    fragment = copy_region(lock, region, ORIGIN)
    crossing = [s for s in lock.springs if (s.root_anchor in region) != (s.end_anchor in region)]
    landed = _placed(fragment, offset)[2]
    if _first_outside(lock, landed) is not None:
        raise LevelLimitError("The selection's contents cannot move past the edge of the lock.")
    moved = paste_fragment(erase_region(lock, region), fragment, offset)
    dropped = 0
    for spring in crossing:
        root = spring.root_anchor + offset if spring.root_anchor in region else spring.root_anchor
        end = spring.end_anchor + offset if spring.end_anchor in region else spring.end_anchor
        staying = spring.end_anchor if spring.root_anchor in region else spring.root_anchor
        if staying in landed:  # the moved contents now cover the other end
            dropped += 1
            continue
        try:
            moved = add_spring(moved, root, end, spring.natural)
        except LevelLimitError:  # no longer on one hex line (or no longer a block there)
            dropped += 1
    return moved, dropped


# Flip and turn (Edit > Transform): each maps a hex of the region to its new place. A flip
# mirrors the region about its own middle (left to right, or top to bottom: by half a hex
# when its span is odd); a turn is a sixth of a turn about the hex nearest its middle.
# Directions (a pivot's arms, the hook's) map with the hexes: DIRECTION_MAPS.
DIRECTION_MAPS = {
    "flip_h": lambda d: (3 - d) % 6,
    "flip_v": lambda d: -d % 6,
    "rotate_cw": lambda d: (d + 1) % 6,
    "rotate_ccw": lambda d: (d - 1) % 6,
}


def hex_mapping(region: Iterable[Hex], transform: str):
    """The function taking a hex of ``region`` to where ``transform`` puts it."""
    region = [Hex(*h) for h in region]
    if transform == "flip_h":  # x = q + r / 2 mirrored about the middle of the region's span
        middle = (min(2 * h.q + h.r for h in region) + max(2 * h.q + h.r for h in region)) // 2
        return lambda h: Hex(middle - h.q - h.r, h.r)
    if transform == "flip_v":  # rows mirrored, each hex keeping its x
        rows = min(h.r for h in region) + max(h.r for h in region)
        return lambda h: Hex(h.q + h.r + (-rows) // 2, rows - h.r)
    turn = 1 if transform == "rotate_cw" else -1
    q = sum(h.q for h in region) / len(region)
    r = sum(h.r for h in region) / len(region)
    pivot = min(region, key=lambda h: ((h.q - q) ** 2 + (h.r - r) ** 2 + (h.q + h.r - q - r) ** 2, h.r, h.q))
    return lambda h: pivot + rotated(h - pivot, turn)


def transform_region(lock: Lock, region: Iterable[Hex], transform: str) -> tuple[Lock, frozenset, int]:
    """The region flipped or turned (``transform``: flip_h, flip_v, rotate_cw, rotate_ccw):
    walls, blocks, balls, pivots with their arms, the hook and the wrench, and the springs
    inside it go with their hexes. Springs to the rest of the lock stay when their two
    anchors are still on one hex line. Returns the new lock, the hexes the region now
    covers, and how many springs had to go."""
    region = frozenset(Hex(*h) for h in region)
    if not region:
        return lock, region, 0
    place, turn = hex_mapping(region, transform), DIRECTION_MAPS[transform]
    fragment = copy_region(lock, region, ORIGIN)
    turned = LockFragment(
        frozenset(place(h) for h in fragment.hexes), frozenset(place(h) for h in fragment.walls),
        tuple(piece._replace(hexes=frozenset(place(h) for h in piece.hexes),
                             arms=frozenset(turn(d) for d in piece.arms)) for piece in fragment.pieces),
        tuple(s._replace(root_anchor=place(s.root_anchor), end_anchor=place(s.end_anchor)) for s in fragment.springs))
    landed = _placed(turned, ORIGIN)[2] | set(turned.hexes)
    if _first_outside(lock, landed) is not None:
        raise LevelLimitError("The turned selection would not fit in the lock: move it towards the middle first.")
    crossing = [s for s in lock.springs if (s.root_anchor in region) != (s.end_anchor in region)]
    result = paste_fragment(erase_region(lock, region), turned, ORIGIN)
    dropped = 0
    for spring in crossing:
        root = place(spring.root_anchor) if spring.root_anchor in region else spring.root_anchor
        end = place(spring.end_anchor) if spring.end_anchor in region else spring.end_anchor
        staying = spring.end_anchor if spring.root_anchor in region else spring.root_anchor
        if staying in landed:
            dropped += 1
            continue
        try:
            result = add_spring(result, root, end, spring.natural)
        except LevelLimitError:
            dropped += 1
    return result, turned.hexes, dropped


def _placed(fragment: LockFragment, at: Hex) -> tuple[frozenset, list, set]:
    """The fragment's walls and pieces with its origin on ``at``, and every hex they cover."""
    walls = frozenset(h + at for h in fragment.walls)
    pieces = [piece._replace(hexes=frozenset(h + at for h in piece.hexes)) for piece in fragment.pieces]
    return walls, pieces, set(walls) | {h for piece in pieces for h in piece.cells()}


def _first_outside(lock: Lock, covered) -> Hex | None:
    inside = open_hexes(lock.size)
    return min((h for h in covered if h not in inside), default=None)


def _shifted(hexes: Iterable[Hex], origin: Hex) -> frozenset:
    return frozenset(Hex(*h) - origin for h in hexes)

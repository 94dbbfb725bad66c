"""The Intricacy lock as pure, immutable data: its frame, walls, pieces and springs.

A lock of size ``n`` is the hexagon of hexes within ``n`` of the centre, ringed
by a fixed frame (the hexes at distance ``n + 1``) with a two-hex pocket cut
into its top-right corner: the bolthole. The lock opens when no piece is in the
bolthole. Everything outside the hexagon and the pocket is solid frame.

Pieces (each an index into ``Lock.pieces``):
- a block: a connected set of hexes; it can move only if it is the end of a
  spring (otherwise it is stationary, as good as a wall);
- a ball: one hex that anything may push;
- a pivot: a fixed centre hex with arms on some of its six neighbours; it turns;
- the hook: a one-armed pivot that the player moves and turns;
- the wrench: a block that the player moves and that keeps moving (momentum).
Walls are fixed hexes placed by the designer, solid like the frame.

A spring joins a hex of its root (a block or a pivot's centre) to a hex of its
end (a block) along one of the six directions. Its length is the number of
steps between those two anchor hexes; its natural length ``natural`` is where it
rests. It is fully compressed at length 1 (the anchors touch) and fully
extended at length ``2 * natural - 1``, so a spring of natural length 1 is a
rigid link. Springs take up no room: pieces pass through their coils. The graph
of springs (root -> end) must be acyclic.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, NamedTuple

from studio.games.intricacy.hexgrid import (
    DIRECTIONS, NORTH_EAST, ORIGIN, SOUTH_EAST, Hex, direction_between, distance, hexagon, is_connected,
)

# Limits (see docs/intricacy-lock-format.md, "Limits").
MIN_SIZE = 2
MAX_SIZE = 8
MAX_BLOCKS = 26  # one letter each in the file
MAX_NATURAL_LENGTH = 2 * MAX_SIZE + 1

BLOCK, BALL, PIVOT, HOOK, WRENCH = "block", "ball", "pivot", "hook", "wrench"
KINDS = (BLOCK, BALL, PIVOT, HOOK, WRENCH)
TURNING_KINDS = (PIVOT, HOOK)  # pieces with a centre and arms
TOOL_KINDS = (HOOK, WRENCH)


class Piece(NamedTuple):
    """One piece where it stands. Blocks, balls and the wrench list their hexes;
    a pivot or the hook lists its centre alone and the directions of its arms."""

    kind: str
    hexes: frozenset  # of Hex
    arms: frozenset = frozenset()  # of directions 0..5 (pivots and the hook)
    label: str = ""  # a block's letter in the file

    @property
    def centre(self) -> Hex:
        """A pivot's or the hook's centre (for other pieces: their first hex)."""
        return min(self.hexes)

    def arm_hexes(self) -> dict[Hex, int]:
        """Where each arm is, mapped to its direction from the centre."""
        if self.kind not in TURNING_KINDS:
            return {}
        centre = self.centre
        return {centre + DIRECTIONS[arm]: arm for arm in self.arms}

    def cells(self) -> frozenset:
        """Every hex the piece covers, arms included."""
        if self.kind in TURNING_KINDS and self.arms:
            return self.hexes | frozenset(self.arm_hexes())
        return self.hexes

    def moved(self, direction: int) -> "Piece":
        step = DIRECTIONS[direction]
        return self._replace(hexes=frozenset(h + step for h in self.hexes))

    def turned(self, turn: int) -> "Piece":
        return self._replace(arms=frozenset((arm + turn) % 6 for arm in self.arms))


class Spring(NamedTuple):
    root: int  # piece index (a block or a pivot)
    end: int  # piece index (a block)
    root_anchor: Hex  # a hex of the root (a pivot's centre)
    end_anchor: Hex  # a hex of the end, in a straight line from root_anchor
    natural: int

    def axis(self) -> tuple[int, int]:
        """(direction from root to end, current length in steps)."""
        found = direction_between(self.root_anchor, self.end_anchor)
        if found is None:
            raise ValueError("a spring's anchors are not in a straight line")
        return found

    def fully_compressed(self, length: int) -> bool:
        return length <= 1

    def fully_extended(self, length: int) -> bool:
        return length >= 2 * self.natural - 1


def bolthole(size: int) -> tuple[Hex, Hex]:
    """The two hexes of the frame's top-right pocket: its corner and the hex below it."""
    corner = DIRECTIONS[NORTH_EAST].scaled(size + 1)
    return corner, corner + DIRECTIONS[SOUTH_EAST]


def open_hexes(size: int) -> frozenset:
    """Where pieces may be: the hexagon of radius ``size`` and the bolthole."""
    return frozenset(hexagon(size)) | frozenset(bolthole(size))


def frame_ring(size: int) -> list[Hex]:
    """The frame's hexes drawn around the lock (the ring at ``size + 1`` without the bolthole)."""
    hole = set(bolthole(size))
    return [h for h in hexagon(size + 1) if distance(h) == size + 1 and h not in hole]


@dataclass(frozen=True)
class Lock:
    """A whole lock. Immutable: edits make new locks (see editing.py)."""

    size: int
    walls: frozenset = frozenset()  # of Hex
    pieces: tuple = ()  # of Piece
    springs: tuple = ()  # of Spring
    _hash: int = field(default=0, compare=False, repr=False)

    def __post_init__(self):
        object.__setattr__(self, "_hash", hash((self.size, self.walls, self.pieces, self.springs)))

    def __hash__(self) -> int:
        return self._hash

    # -- looking things up --------------------------------------------------------
    def index_of(self, kind: str) -> int | None:
        """The index of the first piece of ``kind`` (for the hook and the wrench), or None."""
        return next((i for i, piece in enumerate(self.pieces) if piece.kind == kind), None)

    @property
    def hook(self) -> int | None:
        return self.index_of(HOOK)

    @property
    def wrench(self) -> int | None:
        return self.index_of(WRENCH)

    def occupancy(self) -> dict[Hex, int]:
        """Each covered hex mapped to the index of the piece covering it (walls not included)."""
        found: dict[Hex, int] = {}
        for index, piece in enumerate(self.pieces):
            for h in piece.cells():
                found.setdefault(h, index)
        return found

    def piece_at(self, h: Hex) -> int | None:
        for index, piece in enumerate(self.pieces):
            if h in piece.cells():
                return index
        return None

    def open_hexes(self) -> frozenset:
        return open_hexes(self.size)

    def bolthole(self) -> tuple[Hex, Hex]:
        return bolthole(self.size)

    def is_open(self) -> bool:
        """True when the bolthole holds no piece."""
        hole = self.bolthole()
        return not any(h in piece.cells() for piece in self.pieces for h in hole)

    def with_changes(self, **changes) -> "Lock":
        return replace(self, **changes)

    # -- checking ------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Every broken rule of a lock, in words; empty for a good lock."""
        return lock_problems(self)


def lock_problems(lock: Lock) -> list[str]:
    found: list[str] = []
    if not MIN_SIZE <= lock.size <= MAX_SIZE:
        found.append(f"the lock's size is {lock.size}; it must be {MIN_SIZE} to {MAX_SIZE}")
        return found
    inside = lock.open_hexes()
    for h in sorted(lock.walls):
        if h not in inside:
            found.append(f"the wall at {format_hex(h)} is outside the lock")
    taken: dict[Hex, int] = {h: -1 for h in lock.walls}
    counts = {kind: 0 for kind in KINDS}
    labels: set[str] = set()
    for index, piece in enumerate(lock.pieces):
        name = describe_piece(lock, index)
        if piece.kind not in KINDS:
            found.append(f"piece {index} is of no known kind ({piece.kind!r})")
            continue
        counts[piece.kind] += 1
        if not piece.hexes:
            found.append(f"{name} covers no hex")
            continue
        if piece.kind in TURNING_KINDS and len(piece.hexes) != 1:
            found.append(f"{name} must have a single centre hex")
        if piece.kind == BALL and len(piece.hexes) != 1:
            found.append(f"{name} must be a single hex")
        if piece.kind in (BLOCK, WRENCH) and not is_connected(piece.hexes):
            found.append(f"{name} is not in one piece: its hexes must touch")
        if piece.kind == HOOK and len(piece.arms) != 1:
            found.append(f"the hook must have exactly one arm, not {len(piece.arms)}")
        if piece.kind not in TURNING_KINDS and piece.arms:
            found.append(f"{name} cannot have arms")
        if piece.kind == BLOCK:
            if not piece.label or len(piece.label) != 1 or not "A" <= piece.label <= "Z":
                found.append(f"{name} needs a letter A to Z")
            elif piece.label in labels:
                found.append(f"two blocks are both lettered {piece.label}")
            labels.add(piece.label)
        for h in sorted(piece.cells()):
            if h not in inside:
                found.append(f"{name} reaches {format_hex(h)}, outside the lock")
            elif h in taken:
                other = "a wall" if taken[h] < 0 else describe_piece(lock, taken[h])
                found.append(f"{name} overlaps {other} at {format_hex(h)}")
            else:
                taken[h] = index
    centres = {piece.centre: i for i, piece in enumerate(lock.pieces) if piece.kind in TURNING_KINDS and piece.hexes}
    for index, piece in enumerate(lock.pieces):
        if piece.kind in TURNING_KINDS and piece.hexes:
            for h, arm in sorted(piece.arm_hexes().items()):
                beyond = h + DIRECTIONS[arm]
                if beyond in centres:
                    found.append(f"the arm at {format_hex(h)} lies between {describe_piece(lock, index)} and "
                                 f"{describe_piece(lock, centres[beyond])}: the file could not tell whose it is")
    if counts[HOOK] > 1:
        found.append(f"a lock has at most one hook, not {counts[HOOK]}")
    if counts[WRENCH] > 1:
        found.append(f"a lock has at most one wrench, not {counts[WRENCH]}")
    if counts[BLOCK] > MAX_BLOCKS:
        found.append(f"a lock has at most {MAX_BLOCKS} blocks, not {counts[BLOCK]}")
    found += spring_problems(lock)
    return found


def spring_problems(lock: Lock) -> list[str]:
    found = []
    seen = set()
    count = len(lock.pieces)
    for number, spring in enumerate(lock.springs, 1):
        name = f"spring {number}"
        if not (0 <= spring.root < count and 0 <= spring.end < count):
            found.append(f"{name} joins a piece that does not exist")
            continue
        root, end = lock.pieces[spring.root], lock.pieces[spring.end]
        if root.kind not in (BLOCK, PIVOT):
            found.append(f"{name} is rooted in {describe_piece(lock, spring.root)}: a root must be a block or a pivot")
        if end.kind != BLOCK:
            found.append(f"{name} ends at {describe_piece(lock, spring.end)}: an end must be a block")
        if spring.root == spring.end:
            found.append(f"{name} joins a block to itself")
        anchor_ok = spring.root_anchor == root.centre if root.kind == PIVOT else spring.root_anchor in root.hexes
        if not anchor_ok:
            found.append(f"{name}'s root anchor {format_hex(spring.root_anchor)} is not on its root"
                         + (" (a pivot's spring starts at its centre)" if root.kind == PIVOT else ""))
        if spring.end_anchor not in end.hexes:
            found.append(f"{name}'s end anchor {format_hex(spring.end_anchor)} is not on its end block")
        if direction_between(spring.root_anchor, spring.end_anchor) is None:
            found.append(f"{name} is not straight: {format_hex(spring.root_anchor)} and "
                         f"{format_hex(spring.end_anchor)} are not on one hex line")
        if not 1 <= spring.natural <= MAX_NATURAL_LENGTH:
            found.append(f"{name}'s natural length is {spring.natural}; it must be 1 to {MAX_NATURAL_LENGTH}")
        key = (spring.root_anchor, spring.end_anchor)
        if key in seen:
            found.append(f"{name} repeats another spring between the same hexes")
        seen.add(key)
    if not found and has_cycle(lock.springs):
        found.append("the springs form a loop: following springs from root to end must never come back")
    return found


def has_cycle(springs: Iterable[Spring]) -> bool:
    ends: dict[int, set[int]] = {}
    for spring in springs:
        ends.setdefault(spring.root, set()).add(spring.end)
    state: dict[int, int] = {}  # 1 visiting, 2 done

    def visit(node: int) -> bool:
        state[node] = 1
        for nxt in ends.get(node, ()):
            if state.get(nxt) == 1 or (nxt not in state and visit(nxt)):
                return True
        state[node] = 2
        return False

    return any(node not in state and visit(node) for node in list(ends))


def ancestors(springs: Iterable[Spring]) -> dict[int, frozenset]:
    """For each piece, the pieces it hangs from: roots of springs ending at it, and theirs."""
    parents: dict[int, set[int]] = {}
    for spring in springs:
        parents.setdefault(spring.end, set()).add(spring.root)
    found: dict[int, frozenset] = {}

    def of(node: int, trail: frozenset = frozenset()) -> frozenset:
        if node in found:
            return found[node]
        result: set[int] = set()
        for parent in parents.get(node, ()):
            if parent in trail:  # a loop (refused by the checks); do not recurse forever
                continue
            result.add(parent)
            result |= of(parent, trail | {node})
        found[node] = frozenset(result)
        return found[node]

    for node in list(parents):
        of(node)
    return found


def format_hex(h: Hex) -> str:
    return f"{h.q},{h.r}"


def describe_piece(lock: Lock, index: int) -> str:
    piece = lock.pieces[index]
    if piece.kind == BLOCK:
        return f"block {piece.label}" if piece.label else f"block {index}"
    if piece.kind in (HOOK, WRENCH):
        return f"the {piece.kind}"
    return f"the {piece.kind} at {format_hex(piece.centre)}"


def empty_lock(size: int) -> Lock:
    return Lock(size=size)


__all__ = [
    "BLOCK", "BALL", "PIVOT", "HOOK", "WRENCH", "KINDS", "TURNING_KINDS", "TOOL_KINDS",
    "MIN_SIZE", "MAX_SIZE", "MAX_BLOCKS", "MAX_NATURAL_LENGTH",
    "Piece", "Spring", "Lock", "bolthole", "open_hexes", "frame_ring", "lock_problems", "ancestors",
    "has_cycle", "format_hex", "describe_piece", "empty_lock", "ORIGIN",
]

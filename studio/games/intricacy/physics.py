"""The turn algorithm of Intricacy's README ("Full details of the game mechanics"),
one named function per part. Pure Python and deterministic.

A *force* is a push on a piece in one of the six directions or a torque turning
a pivot (or the hook) clockwise or anticlockwise. A phase of a turn starts from
*initial forces* (``tool_forces`` for the player's move and the wrench's
momentum, ``spring_forces`` for the springs) and ``resolve``s them:

1. ``propagate_group``: each initial force grows into a *force group*, all the
   forces it causes (``consequences``: ``pushes_through_pieces`` with
   ``arm_twist`` turning pivots whose arms are pushed, ``arm_sweeps`` with the
   clawing alternative for a turning arm, ``spring_transmits``). A force that
   ``is_resisted`` empties the group, unless it came from an arm's obvious push,
   in which case the clawing push is tried in its place.
2. Groups that are ``groups_inconsistent`` block each other, except that a group
   ``dominates`` another when both come from springs and the first spring's
   root is an ancestor of the second's: then only the dominated one is blocked.
3. ``apply_forces`` moves and turns the pieces of every group left unblocked.

Rules the README leaves open, as we settled them (docs/intricacy-lock-format.md):
a group that asks one piece to move two ways, or whose forces alone would make
two pieces overlap, is blocked by itself; a push on an arm twists its pivot when
it is not along the arm (towards or away from the centre).
"""

from __future__ import annotations

from typing import NamedTuple

from studio.games.intricacy.hexgrid import DIRECTIONS, DIRECTION_OF, Hex, opposite, turned
from studio.games.intricacy.lock import BLOCK, HOOK, PIVOT, TURNING_KINDS, WRENCH, Piece, Spring

FRAME = -1  # the frame and the walls: one fixed "piece" that resists everything
CLOCKWISE_TORQUE, ANTICLOCKWISE_TORQUE = 6, 7
NO_MOTION = -1


class Force(NamedTuple):
    """A push (``motion`` 0..5, a direction) or a torque (6 clockwise, 7 anticlockwise) on a piece."""

    piece: int
    motion: int

    @property
    def is_torque(self) -> bool:
        return self.motion >= CLOCKWISE_TORQUE

    @property
    def turn(self) -> int:
        """+1 clockwise, -1 anticlockwise (torques only)."""
        return 1 if self.motion == CLOCKWISE_TORQUE else -1


def push(piece: int, direction: int) -> Force:
    return Force(piece, direction)


def torque(piece: int, turn: int) -> Force:
    return Force(piece, CLOCKWISE_TORQUE if turn > 0 else ANTICLOCKWISE_TORQUE)


class Claw(NamedTuple):
    """A turning arm meets a piece: try ``obvious`` and, if that is resisted, ``clawing``."""

    obvious: Force
    clawing: Force
    at: Hex


class Failure(NamedTuple):
    """Why a force group came to nothing: ``force`` (at hex ``at`` for the frame) was
    resisted, or clashed with ``other`` ("conflict": one piece, two motions;
    "overlap": the group's own forces would make two pieces overlap)."""

    reason: str
    force: Force
    at: Hex | None = None
    other: Force | None = None


class Group(NamedTuple):
    initial: Force
    forces: tuple  # of Force, in the order they were found; empty when it failed
    failure: Failure | None
    spring: int | None = None  # the spring whose force started the group (spring phase)


class Blockage(NamedTuple):
    """A blocked initial ``force`` (drawn orange) and the ``blocker`` that blocked it
    (drawn purple): a resisted force, or a force of an inconsistent group."""

    force: Force
    blocker: Force | None
    reason: str  # "resisted", "conflict", "overlap", "inconsistent" or "dominated"
    blocker_at: Hex | None = None  # where a force on the frame acted


class Resolution(NamedTuple):
    applied: tuple  # of Force: every force of every unblocked group
    blockages: tuple  # of Blockage
    groups: tuple  # of Group


class Situation:
    """The pieces and springs at the start of a phase, indexed for the rules below.
    The indexes (``occupant``, ``arm_at``, ``springs_of``, ``spring_ends``) are shared
    between situations of equal pieces and springs: read them, never change them."""

    def __init__(self, board, pieces: tuple, springs: tuple, hook_force: Force | None = None,
                 wrench_motion: int = NO_MOTION):
        self.board = board
        self._open = board.open
        self.pieces = pieces
        self.springs = springs
        self.hook_force = hook_force
        self.wrench_motion = wrench_motion
        self.occupant, self.arm_at, self.springs_of, self.spring_ends = _indexes(pieces, springs)

    def who_is_at(self, h: Hex) -> int | None:
        """The piece covering ``h``; FRAME for the frame or a wall; None when empty."""
        if h not in self._open:  # Board.is_solid, inlined: this is asked several times a force
            return FRAME
        return self.occupant.get(h)

    def cells_after(self, force: Force) -> frozenset:
        return _after(self.pieces[force.piece], force)[1]


# A search builds two situations a turn and tries a dozen moves from each position, so the
# same pieces and springs are indexed again and again: remembered, like _AFTER below.
_INDEXES: dict = {}
_INDEXES_LIMIT = 1 << 10


def _indexes(pieces: tuple, springs: tuple) -> tuple:
    """(occupant, arm_at, springs_of, spring_ends) of a Situation."""
    key = (pieces, springs)
    found = _INDEXES.get(key)
    if found is not None:
        return found
    occupant: dict[Hex, int] = {}
    arm_at: dict[Hex, tuple[int, int]] = {}
    for index, piece in enumerate(pieces):
        for h in piece.hexes:
            occupant[h] = index
        if piece.kind in TURNING_KINDS:
            centre = piece.centre
            for arm in piece.arms:
                h = centre + DIRECTIONS[arm]
                occupant[h] = index
                arm_at[h] = (index, arm)
    springs_of: dict[int, list[int]] = {}
    for number, spring in enumerate(springs):
        springs_of.setdefault(spring.root, []).append(number)
        springs_of.setdefault(spring.end, []).append(number)
    found = (occupant, arm_at, springs_of, frozenset(spring.end for spring in springs))
    if len(_INDEXES) >= _INDEXES_LIMIT:
        _INDEXES.clear()
    _INDEXES[key] = found
    return found


def apply_to_piece(piece: Piece, force: Force) -> Piece:
    return _after(piece, force)[0]


# Moving or turning a piece, remembered: a search meets the same piece in the same place
# over and over, and building the moved piece (new hexes, a new frozenset) was the
# largest single cost of a turn. Pieces are immutable, so a remembered answer is the answer.
# Cleared when full rather than evicted one by one: a search's working set refills it at once.
_AFTER: dict = {}
_AFTER_LIMIT = 1 << 14


def _after(piece: Piece, force: Force) -> tuple[Piece, frozenset]:
    """The piece after the force's motion (a direction or a torque), and the cells it then covers."""
    key = (piece, force.motion)  # (the motion alone decides: not which piece number it names)
    found = _AFTER.get(key)
    if found is None:
        moved = piece.turned(force.turn) if force.is_torque else piece.moved(force.motion)
        found = (moved, moved.cells())
        if len(_AFTER) >= _AFTER_LIMIT:
            _AFTER.clear()
        _AFTER[key] = found
    return found


# -- initial forces ----------------------------------------------------------------------
def tool_forces(hook: int | None, wrench: int | None, hook_move: Force | None, wrench_push: int,
                momentum: int) -> list[Force]:
    """The first phase's initial forces: the player's command on the hook or the wrench,
    and the wrench's push in the direction it is moving (unless the player moves it)."""
    forces = []
    if hook_move is not None and hook is not None:
        forces.append(hook_move)
    if wrench is not None:
        if wrench_push != NO_MOTION:
            forces.append(push(wrench, wrench_push))
        elif momentum != NO_MOTION:
            forces.append(push(wrench, momentum))
    return forces


def spring_forces(springs: tuple) -> list[tuple[Force, int]]:
    """The second phase's initial forces: each spring not at its natural length pushes
    its end block towards that length. Returns (force, spring number) pairs."""
    found = []
    for number, spring in enumerate(springs):
        direction, length = spring.axis()
        if length < spring.natural:
            found.append((push(spring.end, direction), number))
        elif length > spring.natural:
            found.append((push(spring.end, opposite(direction)), number))
    return found


# -- resistance ---------------------------------------------------------------------------
def is_resisted(situation: Situation, force: Force) -> bool:
    """A push on a pivot or on a block that is no spring's end, a torque on anything but a
    pivot, a force on the hook other than the player's command, or a force on the wrench
    other than a push in the direction it is moving: all are resisted. So is the frame."""
    if force.piece == FRAME:
        return True
    kind = situation.pieces[force.piece].kind
    if kind == HOOK:
        return force != situation.hook_force
    if kind == WRENCH:
        return force.is_torque or force.motion != situation.wrench_motion
    if force.is_torque:
        return kind != PIVOT
    if kind == PIVOT:
        return True
    if kind == BLOCK:
        return force.piece not in situation.spring_ends
    return False  # a ball goes where it is pushed


# -- propagation ------------------------------------------------------------------------
def arm_twist(arm: int, direction: int) -> int | None:
    """How a push in ``direction`` on an arm pointing ``arm`` turns its pivot: +1 clockwise,
    -1 anticlockwise, or None when the push is along the arm (it pushes the pivot itself)."""
    relative = (direction - arm) % 6
    if relative in (1, 2):
        return 1
    if relative in (4, 5):
        return -1
    return None


def force_on_hex(situation: Situation, h: Hex, direction: int) -> Force | None:
    """The force that a push in ``direction`` into hex ``h`` puts on what is there:
    a twist of a pivot when ``h`` is one of its arms (and the push is not along it),
    else a push on the piece (or the frame); None when the hex is empty."""
    occupant = situation.who_is_at(h)
    if occupant is None:
        return None
    arm = situation.arm_at.get(h)
    if arm is not None:
        twist = arm_twist(arm[1], direction)
        if twist is not None:
            return torque(arm[0], twist)
    return push(occupant, direction)


def pushes_through_pieces(situation: Situation, force: Force) -> list[tuple[Force, Hex]]:
    """A pushed piece pushes whatever is where it would move (twisting pivots by their arms)."""
    found: list[tuple[Force, Hex]] = []
    seen: set[Force] = set()
    for h in sorted(situation.cells_after(force)):
        other = situation.who_is_at(h)
        if other is None or other == force.piece:
            continue
        caused = force_on_hex(situation, h, force.motion)
        if caused not in seen:
            seen.add(caused)
            found.append((caused, h))
    return found


def arm_sweeps(situation: Situation, force: Force) -> list[Claw]:
    """A turning pivot's arms push what is where they turn to: first the obvious push (from
    the arm's old hex to its new one), with the clawing push (on round the circle) in reserve."""
    piece = situation.pieces[force.piece]
    centre = piece.centre
    found = []
    for arm in sorted(piece.arms):
        new_arm = turned(arm, force.turn)
        h = centre + DIRECTIONS[new_arm]
        other = situation.who_is_at(h)
        if other is None or other == force.piece:
            continue
        obvious = DIRECTION_OF[DIRECTIONS[new_arm] - DIRECTIONS[arm]]
        clawing = DIRECTION_OF[DIRECTIONS[turned(new_arm, force.turn)] - DIRECTIONS[new_arm]]
        found.append(Claw(force_on_hex(situation, h, obvious), force_on_hex(situation, h, clawing), h))
    return found


def spring_transmits(spring: Spring, pushed_end: bool, direction: int) -> bool:
    """Does a push in ``direction`` on one of the spring's pieces pass to the other? Not when it
    compresses or extends the spring and the spring still has room to give that way."""
    axis, length = spring.axis()
    # Moving the end along the axis, or the root against it, stretches the spring.
    along = direction == axis
    against = direction == opposite(axis)
    if not (along or against):
        return True
    stretches = along == pushed_end
    return spring.fully_extended(length) if stretches else spring.fully_compressed(length)


def springs_transmit(situation: Situation, force: Force) -> list[tuple[Force, Hex | None]]:
    found = []
    for number in situation.springs_of.get(force.piece, ()):
        spring = situation.springs[number]
        pushed_end = spring.end == force.piece
        if spring_transmits(spring, pushed_end, force.motion):
            other = spring.root if pushed_end else spring.end
            found.append((push(other, force.motion), None))
    return found


def consequences(situation: Situation, force: Force) -> list:
    """The forces one force causes directly: (force, hex) pairs and Claw alternatives."""
    if force.is_torque:
        return arm_sweeps(situation, force)
    return pushes_through_pieces(situation, force) + springs_transmit(situation, force)


def _grow(situation: Situation, group: dict, force: Force, at: Hex | None):
    """Add ``force`` and everything it causes to ``group`` (a new dict), or say why not."""
    # Resistance comes first: a resisted force is resisted even if its piece is already moving
    # (so an arm's obvious push on a pivot turning in this group still falls back to clawing).
    if is_resisted(situation, force):
        return Failure("resisted", force, at)
    existing = group.get(force.piece)
    if existing is not None:
        if existing == force.motion:
            return group
        return Failure("conflict", Force(force.piece, existing), None, force)
    group = dict(group)
    group[force.piece] = force.motion
    for caused in consequences(situation, force):
        if isinstance(caused, Claw):
            result = _grow(situation, group, caused.obvious, caused.at)
            if isinstance(result, Failure) and result.reason == "resisted":
                result = _grow(situation, group, caused.clawing, caused.at)
        else:
            result = _grow(situation, group, *caused)
        if isinstance(result, Failure):
            return result
        group = result
    return group


def propagate_group(situation: Situation, initial: Force, spring: int | None = None) -> Group:
    """The force group of an initial force: all the forces it propagates to, or none at all
    when resistance is met (after trying clawing pushes where the rule allows)."""
    result = _grow(situation, {}, initial, None)
    if isinstance(result, Failure):
        return Group(initial, (), result, spring)
    forces = tuple(Force(piece, motion) for piece, motion in result.items())
    clash = overlapping_forces(situation, forces)
    if clash is not None:
        return Group(initial, (), Failure("overlap", clash[0], None, clash[1]), spring)
    return Group(initial, forces, None, spring)


# -- inconsistency and domination --------------------------------------------------------------
def overlapping_forces(situation: Situation, forces) -> tuple[Force, Force] | None:
    """Two of ``forces`` whose pieces would overlap if all were applied at once (a force on a
    piece that stays put is given as that piece's "no motion"), or None."""
    moved = {force.piece: force for force in forces}
    new_cells = {piece: situation.cells_after(force) for piece, force in moved.items()}
    covered: dict[Hex, int] = {}
    for piece, cells in new_cells.items():
        for h in cells:
            if h in covered and covered[h] != piece:
                return moved[covered[h]], moved[piece]
            covered[h] = piece
    for h, piece in covered.items():
        other = situation.who_is_at(h)
        if other is not None and other != piece and other not in moved:
            return moved[piece], Force(other, NO_MOTION)
    return None


def forces_inconsistent(situation: Situation, first: Force, second: Force) -> bool:
    """Two forces clash when they act on one piece in different ways, or applying both at
    once would make pieces overlap."""
    if first.piece == second.piece:
        return first.motion != second.motion
    return overlapping_forces(situation, (first, second)) is not None


def groups_inconsistent(situation: Situation, first: Group, second: Group) -> tuple[Force, Force] | None:
    """A pair of clashing forces, one from each group (first's, second's), or None."""
    if not first.forces or not second.forces:
        return None
    on_piece = {force.piece: force for force in first.forces}
    for force in second.forces:
        mine = on_piece.get(force.piece)
        if mine is not None and mine.motion != force.motion:
            return mine, force
    merged = dict(on_piece)
    merged.update({force.piece: force for force in second.forces})
    clash = overlapping_forces(situation, tuple(merged.values()))
    if clash is None:
        return None
    a, b = clash
    firsts = set(first.forces)
    return (a, b) if a in firsts else (b, a)


def dominates(situation: Situation, first: Group, second: Group, ancestry: dict) -> bool:
    """``first`` dominates ``second`` when both started from springs and the first spring's
    root is an ancestor of the second spring's root."""
    if first.spring is None or second.spring is None:
        return False
    root_first = situation.springs[first.spring].root
    root_second = situation.springs[second.spring].root
    return root_first in ancestry.get(root_second, frozenset())


def resolve(situation: Situation, initial, ancestry: dict | None = None) -> Resolution:
    """Resolve a phase's initial forces: ``initial`` holds forces or (force, spring) pairs."""
    groups = []
    for item in initial:
        force, spring = item if isinstance(item, tuple) and not isinstance(item, Force) else (item, None)
        groups.append(propagate_group(situation, force, spring))
    blockages: list[Blockage] = []
    for group in groups:
        if group.failure is not None:
            failure = group.failure
            blocker = failure.force if failure.reason == "resisted" else failure.other
            if blocker == group.initial:
                blocker = None
            blockages.append(Blockage(group.initial, blocker, failure.reason, failure.at))
    blocked = [False] * len(groups)
    ancestry = ancestry or {}
    for i in range(len(groups)):
        for j in range(i + 1, len(groups)):
            clash = groups_inconsistent(situation, groups[i], groups[j])
            if clash is None:
                continue
            if dominates(situation, groups[j], groups[i], ancestry):
                losers = [(i, clash[1])]
                reason = "dominated"
            elif dominates(situation, groups[i], groups[j], ancestry):
                losers = [(j, clash[0])]
                reason = "dominated"
            else:
                losers = [(i, clash[1]), (j, clash[0])]
                reason = "inconsistent"
            for loser, blocker in losers:
                blocked[loser] = True
                entry = Blockage(groups[loser].initial, blocker, reason)
                if entry not in blockages:
                    blockages.append(entry)
    applied: dict[Force, None] = {}
    for group, is_blocked in zip(groups, blocked):
        if not is_blocked:
            for force in group.forces:
                applied[force] = None
    return Resolution(tuple(applied), tuple(blockages), tuple(groups))


# -- applying ------------------------------------------------------------------------------
def apply_forces(pieces: tuple, springs: tuple, forces) -> tuple[tuple, tuple]:
    """Move and turn the pieces as ``forces`` say; springs' anchors follow their pieces
    (a pivot's spring stays on its centre as it turns)."""
    by_piece = {force.piece: force for force in forces}
    if not by_piece:
        return pieces, springs
    new_pieces = tuple(apply_to_piece(piece, by_piece[i]) if i in by_piece else piece
                       for i, piece in enumerate(pieces))
    new_springs = []
    for spring in springs:
        root_force, end_force = by_piece.get(spring.root), by_piece.get(spring.end)
        root_moves = root_force is not None and not root_force.is_torque
        end_moves = end_force is not None and not end_force.is_torque
        if not (root_moves or end_moves):
            new_springs.append(spring)  # neither anchor moves: the same spring (no copy)
            continue
        root_anchor, end_anchor = spring.root_anchor, spring.end_anchor
        if root_moves:
            root_anchor = root_anchor + DIRECTIONS[root_force.motion]
        if end_moves:
            end_anchor = end_anchor + DIRECTIONS[end_force.motion]
        new_springs.append(spring._replace(root_anchor=root_anchor, end_anchor=end_anchor))
    return new_pieces, tuple(new_springs)


__all__ = [
    "FRAME", "CLOCKWISE_TORQUE", "ANTICLOCKWISE_TORQUE", "NO_MOTION", "Force", "push", "torque", "Claw",
    "Failure", "Group", "Blockage", "Resolution", "Situation", "tool_forces", "spring_forces", "is_resisted",
    "arm_twist", "force_on_hex", "pushes_through_pieces", "arm_sweeps", "spring_transmits", "springs_transmit",
    "consequences", "propagate_group", "overlapping_forces", "forces_inconsistent", "groups_inconsistent",
    "dominates", "resolve", "apply_forces",
]

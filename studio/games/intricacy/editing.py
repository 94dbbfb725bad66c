"""Edits of a lock, as pure functions: each takes a Lock and returns a new one, or
raises LevelLimitError saying why the edit is refused. The editor's tools call
these and push the result as one undo step.

Every returned lock is *canonical*: blocks in letter order, then balls, pivots
(each by position), the hook and the wrench; springs by their pieces and
anchors. So a lock saved, loaded and saved again gives the same bytes.
"""

from __future__ import annotations

from studio.core.errors import LevelLimitError
from studio.games.intricacy.hexgrid import DIRECTION_OF, DIRECTIONS, Hex, components, direction_between, neighbours
from studio.games.intricacy.lock import (
    BALL, BLOCK, HOOK, MAX_BLOCKS, MAX_NATURAL_LENGTH, PIVOT, TURNING_KINDS, WRENCH, Lock, Piece, Spring,
    bolthole, format_hex, has_cycle, open_hexes,
)

KIND_ORDER = {BLOCK: 0, BALL: 1, PIVOT: 2, HOOK: 3, WRENCH: 4}
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _piece_key(piece: Piece):
    return (KIND_ORDER.get(piece.kind, 9), piece.label, min(piece.hexes) if piece.hexes else Hex(0, 0))


def canonical(lock: Lock) -> Lock:
    """The same lock with its pieces and springs in the canonical order."""
    order = sorted(range(len(lock.pieces)), key=lambda i: _piece_key(lock.pieces[i]))
    new_index = {old: new for new, old in enumerate(order)}
    pieces = tuple(lock.pieces[i] for i in order)
    springs = tuple(sorted(
        (s._replace(root=new_index[s.root], end=new_index[s.end]) for s in lock.springs),
        key=lambda s: (s.root, s.end, s.root_anchor, s.end_anchor),
    ))
    if pieces == lock.pieces and springs == lock.springs:
        return lock
    return lock.with_changes(pieces=pieces, springs=springs)


class _Draft:
    """A lock being edited: pieces (None once removed) and springs by original index."""

    def __init__(self, lock: Lock):
        self.lock = lock
        self.pieces: list[Piece | None] = list(lock.pieces)
        self.springs: list[Spring] = list(lock.springs)
        self.walls = set(lock.walls)

    def covering(self, h: Hex) -> int | None:
        for index, piece in enumerate(self.pieces):
            if piece is not None and h in piece.cells():
                return index
        return None

    def add(self, piece: Piece) -> int:
        self.pieces.append(piece)
        return len(self.pieces) - 1

    def remove_piece(self, index: int) -> None:
        self.pieces[index] = None
        self.springs = [s for s in self.springs if s.root != index and s.end != index]

    def clear(self, h: Hex, keep: int | None = None) -> None:
        """Erase whatever covers ``h`` (a wall, a whole ball or pivot, one hex of a block...)."""
        self.walls.discard(h)
        index = self.covering(h)
        if index is None or index == keep:
            return
        piece = self.pieces[index]
        if piece.kind in (BALL, HOOK):
            self.remove_piece(index)
        elif piece.kind == PIVOT:
            if h == piece.centre:
                self.remove_piece(index)
            else:
                arm = DIRECTION_OF[h - piece.centre]
                self.pieces[index] = piece._replace(arms=piece.arms - {arm})
        else:
            self._cut_hex(index, h)

    def _cut_hex(self, index: int, h: Hex) -> None:
        """Take one hex from a block or the wrench; a block cut in two becomes two blocks."""
        piece = self.pieces[index]
        rest = piece.hexes - {h}
        self.springs = [s for s in self.springs
                        if not ((s.root == index and s.root_anchor == h) or (s.end == index and s.end_anchor == h))]
        if not rest:
            self.remove_piece(index)
            return
        parts = components(rest)
        self.pieces[index] = piece._replace(hexes=parts[0])
        if piece.kind == WRENCH:
            return  # the wrench keeps its largest part; the rest is erased with the hex
        for part in parts[1:]:
            new = self.add(Piece(BLOCK, part, label=self.free_letter()))
            self.springs = [self._moved_spring(s, index, new, part) for s in self.springs]

    @staticmethod
    def _moved_spring(spring: Spring, old: int, new: int, part: frozenset) -> Spring:
        if spring.root == old and spring.root_anchor in part:
            spring = spring._replace(root=new)
        if spring.end == old and spring.end_anchor in part:
            spring = spring._replace(end=new)
        return spring

    def free_letter(self) -> str:
        used = {p.label for p in self.pieces if p is not None and p.kind == BLOCK}
        for letter in LETTERS:
            if letter not in used:
                return letter
        raise LevelLimitError(f"A lock has at most {MAX_BLOCKS} blocks (one letter A to Z each).")

    def finish(self) -> Lock:
        new_index: dict[int, int] = {}
        pieces = []
        for index, piece in enumerate(self.pieces):
            if piece is not None:
                new_index[index] = len(pieces)
                pieces.append(piece)
        springs = tuple(s._replace(root=new_index[s.root], end=new_index[s.end]) for s in self.springs
                        if s.root in new_index and s.end in new_index)
        lock = canonical(Lock(self.lock.size, frozenset(self.walls), tuple(pieces), springs))
        problems = lock.problems()
        if problems:
            raise LevelLimitError(problems[0][0].upper() + problems[0][1:] + ".")
        return lock


def _inside(lock: Lock, h: Hex, what: str) -> None:
    if h not in open_hexes(lock.size):
        raise LevelLimitError(f"{what} must go inside the lock (a size {lock.size} lock): {format_hex(h)} is outside it.")


def erase(lock: Lock, h: Hex) -> Lock:
    """Remove what covers ``h``: a wall, a ball, a pivot (at its centre) or one of its arms,
    the hook, one hex of a block or of the wrench (with the springs anchored there)."""
    draft = _Draft(lock)
    draft.clear(h)
    return draft.finish()


def place_wall(lock: Lock, h: Hex) -> Lock:
    _inside(lock, h, "A wall")
    if h in bolthole(lock.size):
        raise LevelLimitError("A wall cannot go in the bolthole: the lock opens when the bolthole is empty.")
    draft = _Draft(lock)
    draft.clear(h)
    draft.walls.add(h)
    return draft.finish()


def place_ball(lock: Lock, h: Hex) -> Lock:
    _inside(lock, h, "A ball")
    draft = _Draft(lock)
    draft.clear(h)
    draft.add(Piece(BALL, frozenset({h})))
    return draft.finish()


def place_pivot(lock: Lock, h: Hex) -> Lock:
    _inside(lock, h, "A pivot")
    draft = _Draft(lock)
    index = draft.covering(h)
    if index is not None and draft.pieces[index].kind == PIVOT and draft.pieces[index].centre == h:
        return lock
    draft.clear(h)
    draft.add(Piece(PIVOT, frozenset({h})))
    return draft.finish()


def turning_piece_next_to(lock: Lock, h: Hex) -> list[int]:
    """The pivots and the hook with a centre next to ``h``."""
    return [i for i, p in enumerate(lock.pieces) if p.kind in TURNING_KINDS and h - p.centre in DIRECTION_OF]


def add_arm(lock: Lock, h: Hex, owner: int | None = None) -> Lock:
    """Give the pivot (or hook) ``owner`` an arm on ``h``; with no owner, the one pivot or hook
    next to ``h``. The hook has one arm, so this moves it."""
    _inside(lock, h, "An arm")
    candidates = turning_piece_next_to(lock, h)
    if owner is None:
        if not candidates:
            raise LevelLimitError("An arm must be next to a pivot or the hook: place the pivot first.")
        if len(candidates) > 1:
            raise LevelLimitError("This hex is next to more than one pivot: start the stroke on the pivot's centre.")
        owner = candidates[0]
    elif owner not in candidates:
        raise LevelLimitError("An arm must be next to its pivot's centre.")
    piece = lock.pieces[owner]
    arm = DIRECTION_OF[h - piece.centre]
    if arm in piece.arms:
        return lock
    draft = _Draft(lock)
    draft.clear(h, keep=owner)
    arms = frozenset({arm}) if piece.kind == HOOK else piece.arms | {arm}
    draft.pieces[owner] = piece._replace(arms=arms)
    return draft.finish()


def place_hook(lock: Lock, h: Hex) -> Lock:
    """Put the hook's centre on ``h`` (moving the hook if there is one), its arm kept pointing
    the same way when there is room, else on the first free neighbour."""
    _inside(lock, h, "The hook")
    draft = _Draft(lock)
    previous = lock.hook
    preferred = next(iter(lock.pieces[previous].arms)) if previous is not None else 4
    if previous is not None:
        draft.remove_piece(previous)
    draft.clear(h)
    inside = open_hexes(lock.size)
    for arm in [preferred] + [d for d in range(6) if d != preferred]:
        spot = h + DIRECTIONS[arm]
        if spot in inside and spot not in draft.walls and draft.covering(spot) is None:
            draft.add(Piece(HOOK, frozenset({h}), frozenset({arm})))
            return draft.finish()
    raise LevelLimitError("The hook needs a free hex beside it for its arm.")


def paint_block_hex(lock: Lock, h: Hex, label: str | None = None) -> tuple[Lock, str]:
    """Add ``h`` to block ``label`` (it must touch the block), or start a new block there.
    Returns the new lock and the block's letter."""
    _inside(lock, h, "A block")
    draft = _Draft(lock)
    index = None
    if label is not None:
        index = next((i for i, p in enumerate(lock.pieces) if p.kind == BLOCK and p.label == label), None)
    if index is None:
        found = draft.covering(h)
        if found is not None and lock.pieces[found].kind == BLOCK:
            return lock, lock.pieces[found].label  # a stroke starting on a block extends it
        draft.clear(h)
        letter = draft.free_letter()
        draft.add(Piece(BLOCK, frozenset({h}), label=letter))
        return draft.finish(), letter
    block = lock.pieces[index]
    if h in block.hexes:
        return lock, label
    if not any(n in block.hexes for n in neighbours(h)):
        raise LevelLimitError(f"A block's hexes must touch: {format_hex(h)} is not next to block {label}.")
    draft.clear(h, keep=index)
    draft.pieces[index] = draft.pieces[index]._replace(hexes=draft.pieces[index].hexes | {h})
    return draft.finish(), label


def paint_wrench_hex(lock: Lock, h: Hex) -> Lock:
    """Add ``h`` to the wrench (it must touch it), or make the wrench there if there is none."""
    _inside(lock, h, "The wrench")
    draft = _Draft(lock)
    index = lock.wrench
    if index is not None:
        wrench = lock.pieces[index]
        if h in wrench.hexes:
            return lock
        if not any(n in wrench.hexes for n in neighbours(h)):
            raise LevelLimitError("The wrench is one piece: paint next to it (erase it to start it elsewhere).")
        draft.clear(h, keep=index)
        draft.pieces[index] = draft.pieces[index]._replace(hexes=draft.pieces[index].hexes | {h})
    else:
        draft.clear(h)
        draft.add(Piece(WRENCH, frozenset({h})))
    return draft.finish()


def add_spring(lock: Lock, root_hex: Hex, end_hex: Hex, natural: int | None = None) -> Lock:
    """A spring from the block or pivot on ``root_hex`` to the block on ``end_hex``, in a
    straight hex line; its natural length is its present length unless given."""
    draft = _Draft(lock)
    root, end = draft.covering(root_hex), draft.covering(end_hex)
    if root is None or lock.pieces[root].kind not in (BLOCK, PIVOT):
        raise LevelLimitError("A spring starts on a block or on a pivot's centre.")
    if end is None or lock.pieces[end].kind != BLOCK:
        raise LevelLimitError("A spring ends on a block (a stationary block moves once a spring ends on it).")
    if root == end:
        raise LevelLimitError("A spring joins two different pieces.")
    if lock.pieces[root].kind == PIVOT and root_hex != lock.pieces[root].centre:
        raise LevelLimitError("A spring from a pivot starts at its centre.")
    line = direction_between(root_hex, end_hex)
    if line is None:
        raise LevelLimitError(f"A spring is straight: {format_hex(root_hex)} and {format_hex(end_hex)} are "
                              f"not on one of the six hex lines.")
    length = line[1]
    natural = length if natural is None else natural
    if not 1 <= natural <= MAX_NATURAL_LENGTH:
        raise LevelLimitError(f"A spring's natural length is 1 to {MAX_NATURAL_LENGTH} steps.")
    spring = Spring(root, end, root_hex, end_hex, natural)
    draft.springs = [s for s in draft.springs if (s.root_anchor, s.end_anchor) != (root_hex, end_hex)]
    draft.springs.append(spring)
    if has_cycle(draft.springs):
        raise LevelLimitError("Springs cannot form a loop: this one would lead back to where it starts.")
    return draft.finish()


def remove_spring(lock: Lock, number: int) -> Lock:
    springs = lock.springs[:number] + lock.springs[number + 1:]
    return lock.with_changes(springs=springs)


def set_spring_natural(lock: Lock, number: int, natural: int) -> Lock:
    if not 1 <= natural <= MAX_NATURAL_LENGTH:
        raise LevelLimitError(f"A spring's natural length is 1 to {MAX_NATURAL_LENGTH} steps.")
    springs = list(lock.springs)
    springs[number] = springs[number]._replace(natural=natural)
    return lock.with_changes(springs=tuple(springs))


def spring_near(lock: Lock, h: Hex) -> int | None:
    """The spring whose line passes through ``h`` (its anchors included), if any."""
    for number, spring in enumerate(lock.springs):
        direction, length = spring.axis()
        step = DIRECTIONS[direction]
        if any(spring.root_anchor + step.scaled(i) == h for i in range(length + 1)):
            return number
    return None


def resized_lock(lock: Lock, size: int) -> Lock:
    """The lock with a new size; refused when a wall or piece would fall outside it."""
    resized = lock.with_changes(size=size)
    inside = open_hexes(size)
    outside = [h for h in lock.walls if h not in inside]
    outside += [h for piece in lock.pieces for h in piece.cells() if h not in inside]
    if outside:
        raise LevelLimitError(f"A size {size} lock is too small for what is at {format_hex(min(outside))}: "
                              f"erase it first.")
    problems = resized.problems()
    if problems:
        raise LevelLimitError(problems[0][0].upper() + problems[0][1:] + ".")
    return resized


def remove_piece(lock: Lock, index: int) -> Lock:
    """The lock without one whole piece and the springs that hold it."""
    draft = _Draft(lock)
    draft.remove_piece(index)
    return draft.finish()

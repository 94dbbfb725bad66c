"""Intricacy lock mistakes (``studio lint``, the Problems dock). Rules, each naming a
bolthole hex (its cell is the hex's number in ``level.hexes()``, as the editor counts):

- ``empty-bolthole``: nothing is in the bolthole, so the lock is open before a move
  is made: there is nothing to pick (warning);
- ``bolthole-stuck``: a piece in the bolthole can never move (a block no spring
  ends on, or a pivot's centre), so the lock can never open (error);
- ``unreachable-bolthole``: a piece in the bolthole that could move, but that no
  force can ever reach, so the lock can never open (error).

"Can ever reach" is an over-approximation, so the rule never blames a lock that
can be opened: forces start at the hook, the wrench and any spring not at its
natural length; they spread to every open hex that is not fixed (walls,
stationary blocks, pivot centres) next to a hex they reached, since a moving piece
may be pushed or may move into it, and along springs to the whole group of pieces
the springs join. A piece with no hex in that region is never pushed, pulled or
turned, so it never leaves.
"""

from __future__ import annotations

from studio.core.problems import Problem
from studio.games.intricacy.hexgrid import neighbours
from studio.games.intricacy.lock import BLOCK, HOOK, PIVOT, WRENCH, Lock, describe_piece


def lint_level(level) -> list[Problem]:
    lock: Lock = getattr(level, "lock", level)
    numbers = {tuple(h): number for number, h in enumerate(level.hexes())} if hasattr(level, "hexes") else {}
    hole = lock.bolthole()
    if lock.is_open():
        return [Problem("empty-bolthole", "The bolthole is empty: the lock is open before any move, so there "
                                          "is nothing to pick.", numbers.get(tuple(hole[0])))]
    problems = []
    reached = force_region(lock)
    fixed = fixed_pieces(lock)
    seen = set()
    for h in hole:
        index = lock.piece_at(h)
        if index is None or index in seen:
            continue
        seen.add(index)
        name = describe_piece(lock, index)
        cell = numbers.get(tuple(h))
        if index in fixed:
            why = ("no spring ends on it, so it is stationary" if lock.pieces[index].kind == BLOCK
                   else "its centre is fixed")
            problems.append(Problem("bolthole-stuck", f"{name[0].upper() + name[1:]} in the bolthole can never move "
                                                      f"({why}): the lock can never open.", cell, "error"))
        elif not lock.pieces[index].cells() & reached:
            problems.append(Problem("unreachable-bolthole",
                                    f"Nothing the hook, the wrench or a spring moves can ever reach {name} in "
                                    f"the bolthole: the lock can never open.", cell, "error"))
    return problems


def fixed_pieces(lock: Lock) -> set[int]:
    """Pieces that never move: blocks no spring ends on (the wrench is not a block), pivots."""
    ends = {spring.end for spring in lock.springs}
    return {index for index, piece in enumerate(lock.pieces)
            if (piece.kind == BLOCK and index not in ends) or piece.kind == PIVOT}


def force_region(lock: Lock) -> set:
    """Every hex a force could ever reach (see the module docstring): an over-approximation."""
    fixed = fixed_pieces(lock)
    solid = set(lock.walls)
    for index in fixed:
        piece = lock.pieces[index]
        solid |= piece.hexes if piece.kind == PIVOT else piece.cells()  # a pivot's arms still turn
    inside = lock.open_hexes() - solid
    owner = lock.occupancy()
    groups = _spring_groups(lock)
    sources = [i for i, piece in enumerate(lock.pieces) if piece.kind in (HOOK, WRENCH)]
    for spring in lock.springs:
        _direction, length = spring.axis()
        if length != spring.natural:
            sources += [spring.root, spring.end]
    reached: set = set()
    queue: list = []
    woken: set[int] = set()

    def wake(index: int) -> None:
        for member in groups.get(index, {index}):
            if member in woken or member in fixed:
                continue
            woken.add(member)
            for h in lock.pieces[member].cells():
                if h in inside and h not in reached:
                    reached.add(h)
                    queue.append(h)

    for index in sources:
        wake(index)
    while queue:
        h = queue.pop()
        index = owner.get(h)
        if index is not None:
            wake(index)
        for near in neighbours(h):
            if near in inside and near not in reached:
                reached.add(near)
                queue.append(near)
    return reached


def _spring_groups(lock: Lock) -> dict[int, set[int]]:
    """Each sprung piece mapped to every piece the springs join it to."""
    groups: dict[int, set[int]] = {}
    for spring in lock.springs:
        merged = groups.get(spring.root, {spring.root}) | groups.get(spring.end, {spring.end})
        for member in merged:
            groups[member] = merged
    return groups


__all__ = ["lint_level", "force_region", "fixed_pieces"]

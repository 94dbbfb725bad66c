"""Random Intricacy locks larger than the bundled ones, for the solver's benchmark and tests:
eight blocks and four springs on a lock of size 7. The bolt hangs in the bolthole on a
stretched spring, a block on the second spring stands in its way, two more springs and
their blocks lie about, the rest of the blocks stand still, with a hook and six walls.
Some of them open, some cannot."""

from __future__ import annotations

import random

from studio.games.intricacy.hexgrid import DIRECTIONS, SOUTH_WEST, Hex, distance, hexagon
from studio.games.intricacy.lock import BLOCK, HOOK, Lock, Piece, Spring, bolthole

LARGE_SIZE, BLOCKS, SPRINGS, WALLS = 7, 8, 4, 6


def _along(start: Hex, direction: int, steps: int) -> Hex:
    step = DIRECTIONS[direction]
    return Hex(start.q + step.q * steps, start.r + step.r * steps)


def large_lock(seed: int) -> Lock | None:
    """The lock of ``seed``, or None when the seed's pieces do not fit a good lock."""
    rng = random.Random(seed)
    hole = bolthole(LARGE_SIZE)
    root = _along(hole[0], SOUTH_WEST, 3)  # the bolt's spring pulls it south-west, out of the hole
    pieces = [Piece(BLOCK, frozenset(hole), label="A"), Piece(BLOCK, frozenset({root}), label="B")]
    springs = [Spring(1, 0, root, hole[0], 1)]
    taken = set(hole) | {root}
    inside = [h for h in hexagon(LARGE_SIZE) if h not in taken]
    letters = iter("CDEFGHIJKLMNOPQRSTUVWXYZ")
    in_the_way = _along(hole[1], SOUTH_WEST, 1)  # where the bolt's lower hex must go first
    for _attempt in range(1000):
        if len(springs) == SPRINGS:
            break
        direction, length = rng.randrange(6), rng.randint(2, 4)
        start = _along(in_the_way, direction, -length) if len(springs) == 1 else rng.choice(inside)
        line = [_along(start, direction, k) for k in range(length + 1)]
        if any(h in taken or distance(h) > LARGE_SIZE for h in line):
            continue
        end_hexes = {line[-1]}
        beside = _along(line[-1], (direction + 1) % 6, 1)
        if rng.random() < 0.5 and beside not in taken and distance(beside) <= LARGE_SIZE and beside not in line:
            end_hexes.add(beside)
        pieces += [Piece(BLOCK, frozenset({start}), label=next(letters)),
                   Piece(BLOCK, frozenset(end_hexes), label=next(letters))]
        springs.append(Spring(len(pieces) - 2, len(pieces) - 1, start, line[-1], rng.randint(max(1, length - 1), length + 1)))
        taken |= set(line) | end_hexes
    free = [h for h in inside if h not in taken]
    while sum(piece.kind == BLOCK for piece in pieces) < BLOCKS:
        spot = rng.choice(free)
        pieces.append(Piece(BLOCK, frozenset({spot}), label=next(letters)))
        taken.add(spot)
        free.remove(spot)
    roomy = [h for h in free if all(_along(h, d, 1) not in taken for d in range(6))]
    if len(springs) < SPRINGS or not roomy:
        return None
    centre, arm = rng.choice(roomy), rng.randrange(6)
    pieces.append(Piece(HOOK, frozenset({centre}), frozenset({arm})))
    walls = rng.sample([h for h in free if h not in (centre, _along(centre, arm, 1))], WALLS)
    lock = Lock(size=LARGE_SIZE, walls=frozenset(walls), pieces=tuple(pieces), springs=tuple(springs))
    return None if lock.problems() or lock.is_open() else lock


def large_locks(count: int, first_seed: int = 0) -> list[tuple[int, Lock]]:
    """(seed, lock) of the first ``count`` good locks from ``first_seed`` on."""
    found, seed = [], first_seed
    while len(found) < count:
        lock = large_lock(seed)
        if lock is not None:
            found.append((seed, lock))
        seed += 1
    return found

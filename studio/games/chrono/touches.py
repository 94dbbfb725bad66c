"""Which clones have changed anything, for the solver: a dominance and a bound.

A clone *touches* the level when it stands on a cell where it can change what
another clone meets: a button that presses (the board's ``pressable``), a
one-time passage, a goal, a crate's field or a field beside a crate (it pushes
that crate, or stands where another clone would push it). A clone that never
touches anything, in any time jump, changes nothing: take it out of a solution
and the other jumps play exactly as before, so the solution without it is
valid and shorter (its letters, at least the ``T``, are gone). Hence:

- a clone home in the machine without having touched anything on the way there
  (along the path the search reached the state by at its cost) makes the state
  worthless: every solution through it has a shorter one with a clone fewer;
- a clone out that has touched nothing yet must still go to such a cell and
  then home in some jump: at least ``detour`` letters (the fewest steps to a
  touching cell and from there home) instead of its plain way home.

Crates move, so in a world with crates every field a crate could ever be
pushed to counts, and every field beside one: the detour never overestimates.
"""

from __future__ import annotations

import heapq

from studio.games.chrono.engine import Board, World
from studio.games.chrono.ways import FAR, Ways


class Touches:
    def __init__(self, board: Board, ways: Ways, crate_fields):
        """``crate_fields(crates)``: every field crates starting there can be pushed to."""
        self.board = board
        self.ways = ways
        self._crate_fields = crate_fields
        cells = range(board.width * board.height)
        self.fixed = frozenset(board.pressable | board.goals | {c for c in cells if board.is_passage(c)})
        self._touching: dict[frozenset, frozenset] = {}  # crates -> the cells where a clone touches
        self._detours: dict[tuple, list] = {}  # (touching cells, closed cells) -> detour per cell

    def touching(self, crates: frozenset) -> frozenset:
        """The cells where a clone touches something while the crates are on ``crates``."""
        found = self._touching.get(crates)
        if found is None:
            near = set(self.fixed) | set(crates)
            for cell in crates:
                near.update(self.ways.neighbours[cell])
            found = self._touching[crates] = frozenset(near)
        return found

    def mask(self, world: World) -> int:
        """The clones (bit ``c`` for clone ``c``) out in ``world`` that stand on a touching cell."""
        touching = self.touching(world.crates)
        home = world.home
        return sum(1 << clone for clone, cell in enumerate(world.clones) if cell in touching and clone not in home)

    def detours(self, world: World, closed: frozenset) -> tuple:
        """For each clone of ``world``, the fewest steps from its cell to a cell where it could
        touch something and from there home (0 for a clone home or on a closed cell, FAR when
        there is no such way)."""
        crates = world.crates
        reachable = self.touching(self._crate_fields(crates) if crates else crates)
        distance = self._detour_distances(reachable, closed)
        return tuple(0 if clone in world.home or cell in closed else distance[cell]
                     for clone, cell in enumerate(world.clones))

    def _detour_distances(self, targets: frozenset, closed: frozenset) -> list:
        key = (targets, closed)
        found = self._detours.get(key)
        if found is None:
            home = self.ways.distance(self.board.start, closed)
            found = [FAR] * self.ways.cells
            # Dijkstra from every target at once, each starting at its own way home.
            queue = [(home[cell], cell) for cell in targets if cell not in closed and home[cell] < FAR]
            for value, cell in queue:
                found[cell] = value
            heapq.heapify(queue)
            neighbours = self.ways.neighbours
            while queue:
                value, cell = heapq.heappop(queue)
                if value > found[cell]:
                    continue
                for there in neighbours[cell]:
                    if value + 1 < found[there] and there not in closed:
                        found[there] = value + 1
                        heapq.heappush(queue, (value + 1, there))
            self._detours[key] = found
        return found

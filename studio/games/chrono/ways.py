"""Ways through one time jump's world, for the solver's lower bound.

A cell is *closed for good* when nothing can enter it again before the jump
ends: a one-time passage already entered, or a closed gate none of whose
buttons can still change (no buttons, or one-time buttons already pressed). Every other cell but walls counts as open, so a
number of steps found here never overestimates a real walk.
"""

from __future__ import annotations

from collections import deque

from studio.games.chrono.engine import Board, World
from studio.games.chrono.engine.actions import MOVES
from studio.games.chrono.glyphs import Glyph

FAR = 10**6  # no way at all


class Ways:
    def __init__(self, board: Board):
        self.board = board
        self.cells = board.width * board.height
        self.neighbours = [tuple(n for a in MOVES if (n := board.neighbour(c, a)) is not None
                                 and board.glyph(n) != Glyph.WALL) for c in range(self.cells)]
        self._distances: dict = {}
        self._reachable: dict = {}

    def closed_for_good(self, world: World) -> frozenset:
        board = self.board
        closed = set(world.passages)
        for gate in board.gates:
            if gate in world.open_gates:
                continue
            if all(board.glyph(b) == Glyph.ONE_TIME_BUTTON and b in world.pressed_once
                   for b in board.gate_buttons.get(gate, ())):
                closed.add(gate)
        return frozenset(closed)

    def distance(self, origin: int, closed: frozenset = frozenset()) -> list[int]:
        """Steps from ``origin`` to every cell, avoiding walls and ``closed``."""
        key = (origin, closed)
        found = self._distances.get(key)
        if found is None:
            found = [FAR] * self.cells
            found[origin] = 0
            queue = deque([origin])
            while queue:
                cell = queue.popleft()
                for there in self.neighbours[cell]:
                    if found[there] == FAR and there not in closed:
                        found[there] = found[cell] + 1
                        queue.append(there)
            self._distances[key] = found
        return found

    def steps(self, cell: int, origin: int, closed: frozenset) -> int:
        """Steps between ``cell`` and ``origin``; a clone may stand on a closed cell (a
        passage it has just entered) and step off it."""
        distance = self.distance(origin, closed)
        if cell not in closed:
            return distance[cell]
        return min((distance[n] + 1 for n in self.neighbours[cell] if n not in closed), default=FAR)

    def reach(self, origin: int, closed: frozenset, without: int | None = None) -> frozenset:
        """Cells reachable from ``origin`` avoiding walls, ``closed`` and ``without``."""
        key = (origin, closed, without)
        found = self._reachable.get(key)
        if found is None:
            seen = {origin}
            queue = deque([origin])
            while queue:
                cell = queue.popleft()
                for there in self.neighbours[cell]:
                    if there not in seen and there not in closed and there != without:
                        seen.add(there)
                        queue.append(there)
            found = self._reachable[key] = frozenset(seen)
        return found

    def cuts(self, frm: int, to: int, closed: frozenset, gates) -> tuple | None:
        """The ``gates`` that every way from ``frm`` to ``to`` crosses (``frm`` itself
        excepted); None when there is no way at all."""
        if not self._joined(frm, self.reach(to, closed)):
            return None
        return tuple(gate for gate in gates
                     if gate != frm and not self._joined(frm, self.reach(to, closed, gate), gate))

    def _joined(self, cell: int, reach: frozenset, without: int | None = None) -> bool:
        """Whether a clone on ``cell`` can get into ``reach`` (it may stand on a closed cell)."""
        return cell in reach or any(n in reach and n != without for n in self.neighbours[cell])

"""Guidance for the solver's any-solution search (core.solver's novelty search): how
far a position looks from a win. Unlike the A* bound (reach.py) it need not be
admissible; it only decides which positions are tried first.

The estimate is (obstacles, moves): on the relaxed way to an exit (reach.py's
geography: cells the player could ever stand on), the fewest cells that are in
his way *now* (a raised floor, a hole, electric floor, a sleeping door, a cell a
panel must swap first...), then the length of that way. Blocks he can push count
as free: pushing is what the search itself explores. The novelty search judges
novelty per number of obstacles, so opening one more cell on the way makes the
search look at everything again from there.

Heart framers under fire. Where there is no exit on either layer, the way out is a
sleeping door, which wakes only once every heart framer is taken; each heart framer
that a laser sees now counts as one more obstacle, so switching off or blocking such
a laser (a sphere rolled onto the panel that swaps it away, say) is progress. Letter
series k: 0.5 s instead of no solution in 30 s.
"""

from __future__ import annotations

import heapq

from studio.games.escape.engine.lasers import laser_that_sees
from studio.games.escape.engine.tilesets import PLAIN_BLOCKS, SLIDERS, SPHERES, STEELS, WALKABLE
from studio.games.escape.reach import EXIT, UNREACHABLE, Relaxation, conditions
from studio.games.escape.tiles import T

OBSTACLE = 8  # a code bit beside reach.py's STAND, EXIT, TELEPORT
_STEP, _OBSTACLE_COST = 1, 1024  # an obstacle costs more than any walk (at most 2048 cells... rarely)

# Tiles the player can get into now: by walking, by pushing it away, by taking a transporter.
OPEN_NOW = bytes(1 if (WALKABLE[t] or PLAIN_BLOCKS[t] or SLIDERS[t] or SPHERES[t] or STEELS[t]
                        or t in (T.GREEN, T.GOLD, T.TRANSPORT, T.BROKEN, T.HEARTFRAMER)) else 0
                  for t in range(64)) + bytes(192)
_HEART, _EXIT = int(T.HEARTFRAMER), int(T.EXIT)
_MARK_CLOSED = bytes(OBSTACLE * (1 - OPEN_NOW[t]) for t in range(256))


class ObstacleGuide:
    """``guide(state)`` -> (obstacles, moves), or None when no exit can ever be reached."""

    def __init__(self, relaxation: Relaxation):
        self.relaxation = relaxation
        self._maps: dict[bytes, list[int]] = {}

    def __call__(self, state) -> tuple[int, int] | None:
        if state.won:
            return (0, 0)
        if state.dead:
            return None
        codes = self.relaxation.codes(state, conditions(state))
        closed = state.tiles.translate(_MARK_CLOSED)
        marked = (int.from_bytes(codes, "little") | int.from_bytes(closed, "little")).to_bytes(len(codes), "little")
        found = self._maps.get(marked)
        if found is None:
            found = self._maps[marked] = self._costs_to_exit(marked)
        cost = found[state.player]
        if cost >= UNREACHABLE:
            return None
        obstacles, moves = divmod(cost, _OBSTACLE_COST)
        tiles = state.tiles
        if _HEART in tiles and _EXIT not in tiles and _EXIT not in state.otiles:
            obstacles += _hearts_under_fire(state)
        return obstacles, moves

    def _costs_to_exit(self, codes: bytes) -> list[int]:
        """Dijkstra backwards from every possible exit: entering a cell costs one move,
        plus ``_OBSTACLE_COST`` when it is closed now but may open."""
        relaxation = self.relaxation
        size = len(codes)
        cost = [UNREACHABLE] * size
        heap = []
        for cell in range(size):
            if codes[cell] & EXIT:
                cost[cell] = 0
                heap.append((0, cell))
        while heap:
            here, cell = heapq.heappop(heap)
            if here > cost[cell]:
                continue
            entering = here + _STEP + (_OBSTACLE_COST if codes[cell] & OBSTACLE else 0)
            for n in relaxation.comers(codes, cell):
                if entering < cost[n]:
                    cost[n] = entering
                    heapq.heappush(heap, (entering, n))
        return cost


def _hearts_under_fire(state) -> int:
    """Heart framers a laser sees now. With no exit on either layer, the way out is a
    sleeping door, which wakes only once every heart framer is taken: one that a laser
    sees is in the way until that laser is switched off or blocked."""
    tiles, width = state.tiles, state.board.width
    cells = [bot[1] for bot in state.bots]
    kinds = [bot[0] for bot in state.bots]
    count = 0
    at = tiles.find(_HEART)
    while at >= 0:
        count += laser_that_sees(tiles, width, at, cells, kinds) is not None
        at = tiles.find(_HEART, at + 1)
    return count


__all__ = ["ObstacleGuide"]

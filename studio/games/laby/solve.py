"""Solving Labyrinthos levels for `studio solve` and the Solve dialog: a breadth-first
search over the player's cell (core.solver), so the solution found is shortest
and a level with no way to an objective is proven unsolvable.

The search's states are the cells themselves, and a cell's moves are read off the
squares around it (``MazeSpace``), as the engine's ``step`` would play them: only walls
and the maze's edge stop the player, and entering an objective wins. Stepping the engine
for every move cost three quarters of the time (a state, its events and a result each).
"""

from __future__ import annotations

from studio.core.solver import NONE, WON, Edge, Expansion, SearchResult, search
from studio.games.laby.engine import DOWN, LEFT, RIGHT, UP, moves_text
from studio.games.laby.squares import Square


class MazeSpace:
    """A level's maze as a search space over cells (core.solver.SearchSpace); the moves are
    tried in the engine's order (up, down, left, right), so the solution is the one an engine
    search finds."""

    def __init__(self, level, start: int):
        self.width, self.size, self.squares, self._start = level.width, level.width * level.height, level.squares, start

    def start(self) -> int:
        return self._start

    def expand(self, cell: int) -> Expansion:
        width, squares = self.width, self.squares
        x = cell % width
        edges = []
        for move, target, inside in ((UP, cell - width, cell >= width), (DOWN, cell + width, cell + width < self.size),
                                     (LEFT, cell - 1, x > 0), (RIGHT, cell + 1, x < width - 1)):
            if inside:
                square = squares[target]
                if square != Square.WALL:
                    edges.append(Edge(1, target, WON if square == Square.OBJECTIVE else NONE, move))
        return Expansion(edges)

    def unfold(self, state, label) -> tuple:
        return (label,)


def solve_level(level, *, timeout: float | None = None, progress=None, cancel=None,
                cores: int = 1) -> SearchResult:
    """A shortest solution of a ``LabyLevel`` (letters U D L R), proven by breadth-first search
    (on one core: ``cores`` is accepted and unused)."""
    start = level.spawn_cell()
    if start is None:
        return SearchResult(False, True)  # nowhere to start: nothing can ever win it
    result = search(MazeSpace(level, start), method="bfs", timeout=timeout, cancel=cancel, progress=progress)
    result.solution = moves_text(result.moves)
    return result


__all__ = ["solve_level"]

"""Solving Labyrinthos levels for `studio solve` and the Solve dialog: a breadth-first
search over the player's cell (core.solver), so the solution found is shortest
and a level with no way to an objective is proven unsolvable."""

from __future__ import annotations

from studio.core.solver import EngineSpace, SearchResult, search
from studio.games.laby.engine import MOVES, NoSpawnError, initial_state, moves_text, step


def solve_level(level, *, timeout: float | None = None, progress=None, cancel=None,
                cores: int = 1) -> SearchResult:
    """A shortest solution of a ``LabyLevel`` (letters U D L R), proven by breadth-first search
    (on one core: ``cores`` is accepted and unused)."""
    try:
        start = initial_state(level)
    except NoSpawnError:
        return SearchResult(False, True)  # nowhere to start: nothing can ever win it
    result = search(EngineSpace(start, step, MOVES), method="bfs", timeout=timeout, cancel=cancel,
                    progress=progress)
    result.solution = moves_text(result.moves)
    return result


__all__ = ["solve_level"]

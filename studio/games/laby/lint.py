"""Labyrinthos level mistakes (``studio lint``, the Problems dock). Rules:

- ``no-start``: no spawn and no path square: play has nowhere to start (error);
- ``no-spawn``: no spawn square, so play starts on the last path square, as the
  manual says (info: it names that square, which may not be the one meant);
- ``no-objective``: nothing to reach, so the level can never be won (error);
- ``no-path``: no objective can be reached from the start (error, naming the start).
"""

from __future__ import annotations

from studio.core.problems import Problem
from studio.games.laby.solver import distances_from
from studio.games.laby.squares import Square


def lint_level(level) -> list[Problem]:
    problems: list[Problem] = []
    start = level.spawn_cell()
    objectives = level.objective_cells()
    if start is None:
        problems.append(Problem("no-start", "The level has no spawn and no path square: play has nowhere "
                                            "to start.", None, "error"))
    elif level.squares.find(Square.SPAWN) < 0:
        x, y = level.xy(start)
        problems.append(Problem("no-spawn", f"There is no spawn square: play starts on the last path square, "
                                            f"({x}, {y}), as the game's manual says.", start, "info"))
    if not objectives:
        problems.append(Problem("no-objective", "The level has no objective: it can never be won.", None, "error"))
    elif start is not None:
        reachable = distances_from(level.width, level.height, level.squares, start)
        if not any(cell in reachable for cell in objectives):
            x, y = level.xy(start)
            problems.append(Problem("no-path", f"No objective can be reached from the start at ({x}, {y}): "
                                               f"walls cut every way.", start, "error"))
    return problems


__all__ = ["lint_level"]

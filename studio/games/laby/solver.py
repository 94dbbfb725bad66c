"""Shortest paths through a maze, by breadth-first search: the level's par, a
shortest solution, and the distances the generator uses to place the objective."""

from __future__ import annotations

from collections import deque

from studio.games.laby.engine import DOWN, LEFT, RIGHT, UP
from studio.games.laby.squares import Square


def distances_from(width: int, height: int, squares, start: int) -> dict[int, int]:
    """Moves needed to reach each reachable cell from ``start`` (walls block)."""
    distance = {start: 0}
    queue = deque([start])
    wall = Square.WALL
    while queue:
        cell = queue.popleft()
        x = cell % width
        next_distance = distance[cell] + 1
        for neighbour, inside in ((cell - width, cell >= width), (cell + width, cell + width < width * height),
                                  (cell - 1, x > 0), (cell + 1, x < width - 1)):
            if inside and neighbour not in distance and squares[neighbour] != wall:
                distance[neighbour] = next_distance
                queue.append(neighbour)
    return distance


def shortest_solution(level) -> tuple[int, ...] | None:
    """The moves of a shortest walk from the spawn to an objective; None when there is none."""
    start = level.spawn_cell()
    if start is None:
        return None
    width, height, squares = level.width, level.height, level.squares
    came_from: dict[int, tuple[int, int]] = {start: (-1, 0)}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if squares[cell] == Square.OBJECTIVE:
            moves = []
            while cell != start:
                cell, move = came_from[cell]
                moves.append(move)
            return tuple(reversed(moves))
        x = cell % width
        for neighbour, inside, move in ((cell - width, cell >= width, UP),
                                        (cell + width, cell + width < width * height, DOWN),
                                        (cell - 1, x > 0, LEFT), (cell + 1, x < width - 1, RIGHT)):
            if inside and neighbour not in came_from and squares[neighbour] != Square.WALL:
                came_from[neighbour] = (cell, move)
                queue.append(neighbour)
    return None


def par(level) -> int | None:
    """The fewest moves that win the level (its par); None when it cannot be won."""
    solution = shortest_solution(level)
    return None if solution is None else len(solution)

"""The maze generator: the same size and seed text always give the same level.

A recursive backtracker (run with an explicit stack) carves a perfect maze
through the squares at even coordinates; a few extra openings then add loops,
so a maze has choices rather than one long corridor. With an even width or
height the last column or row has no maze squares of its own: some of its
squares open as dead-end alcoves. The spawn goes at one end of a longest
shortest path the search finds, the objective at the other, so it lies far
from the spawn.

The seed text is hashed (SHA-256) into the seed of a ``random.Random``, whose
sequence for a given seed is stable across Python versions and machines.
"""

from __future__ import annotations

import hashlib
import random

from studio.core.errors import LevelLimitError
from studio.games.laby.level import LabyLevel, check_size
from studio.games.laby.solver import distances_from
from studio.games.laby.squares import Square

LOOPS_PER_CELLS = 25  # one extra opening per this many maze squares


def seeded_random(seed: str) -> random.Random:
    digest = hashlib.sha256(seed.encode("utf-8", "surrogatepass")).digest()
    return random.Random(int.from_bytes(digest, "big"))


def generate_level(width: int, height: int, seed: str) -> LabyLevel:
    """A maze of ``width`` x ``height`` squares with a spawn, an objective and a path between them."""
    check_size(width, height)
    if width * height < 2:
        raise LevelLimitError("A maze needs at least 2 squares: one to start on and one to reach.")
    rng = seeded_random(seed)
    level = LabyLevel.blank(width, height, Square.WALL)
    squares = level.squares
    cells = [(x, y) for y in range(0, height, 2) for x in range(0, width, 2)]
    _carve(squares, width, height, rng)
    _add_loops(squares, width, height, rng, len(cells) // LOOPS_PER_CELLS)
    _open_alcoves(squares, width, height, rng, force=len(cells) < 2)

    # The far end of the maze from a random square, then the far end from there.
    first = rng.choice(cells)
    spawn = _farthest(level, first[1] * width + first[0])
    objective = _farthest(level, spawn)
    squares[spawn] = Square.SPAWN
    squares[objective] = Square.OBJECTIVE
    level.name = _one_line(f"Maze {width}x{height}, seed {seed}")
    level.author = "Puzzle Level Studio generator"
    return level


def _carve(squares: bytearray, width: int, height: int, rng: random.Random) -> None:
    """Open every even-coordinate square and the walls the backtracker passes through."""
    path = Square.PATH
    visited = bytearray(width * height)
    start = 0
    visited[start] = 1
    squares[start] = path
    stack = [start]
    while stack:
        cell = stack[-1]
        x, y = cell % width, cell // width
        options = []
        for dx, dy in ((0, -2), (0, 2), (-2, 0), (2, 0)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < width and 0 <= ny < height and not visited[ny * width + nx]:
                options.append((nx, ny, dx // 2, dy // 2))
        if not options:
            stack.pop()
            continue
        nx, ny, half_x, half_y = options[rng.randrange(len(options))]
        squares[(y + half_y) * width + x + half_x] = path
        target = ny * width + nx
        squares[target] = path
        visited[target] = 1
        stack.append(target)


def _add_loops(squares: bytearray, width: int, height: int, rng: random.Random, count: int) -> None:
    """Open ``count`` walls that stand between two maze squares (in a row or a column)."""
    between = [y * width + x for y in range(height) for x in range(width)
               if (x % 2) != (y % 2) and squares[y * width + x] == Square.WALL
               and ((x % 2 == 1 and x + 1 < width) or (y % 2 == 1 and y + 1 < height))]
    rng.shuffle(between)
    for cell in between[:count]:
        squares[cell] = Square.PATH


def _open_alcoves(squares: bytearray, width: int, height: int, rng: random.Random, force: bool) -> None:
    """Open some squares of a spare last column or row (beside a maze square); all of them when forced."""
    spare = []
    if width % 2 == 0:
        spare += [y * width + width - 1 for y in range(0, height, 2)]
    if height % 2 == 0:
        spare += [(height - 1) * width + x for x in range(0, width, 2)]
    for cell in spare:
        if force or rng.random() < 0.5:
            squares[cell] = Square.PATH


def _farthest(level: LabyLevel, start: int) -> int:
    """The reachable square farthest from ``start`` (the first found among equals)."""
    distance = distances_from(level.width, level.height, level.squares, start)
    best = start
    for cell, moves in distance.items():
        if moves > distance[best]:
            best = cell
    return best


def _one_line(text: str) -> str:
    return " ".join(text.split())

"""The solver's worlds as small integers, and one turn of a world, remembered.

The search holds millions of references to a few hundred thousand distinct
worlds; comparing and hashing the ``World`` dataclasses themselves (every field,
every time) was most of its work. Here each distinct world gets a number once,
so a search state is a tuple of small integers, and what the solver asks of a
world (its clones, who is home, whether its jump is over, the goals taken) is
read from tables by that number. The turn itself is still the engine's own
``play_turn``: the rules live in one place.
"""

from __future__ import annotations

from studio.games.chrono.engine import Board, World
from studio.games.chrono.engine.actions import HOLD, MOVES
from studio.games.chrono.engine.movement import why_closed
from studio.games.chrono.engine.turn import play_turn

PARADOX = -1  # the number of "no world": the turn cannot happen
TURNS_KEPT = 3_000_000  # remembered turns before the memory starts again (about 1 GB)


class WorldTable:
    """Numbers for worlds (all kept at turn 0, so equal worlds at different turns share
    a number) and the world after one turn of given actions, by number."""

    def __init__(self, board: Board):
        self.board = board
        self.worlds: list[World] = []
        self.numbers: dict[World, int] = {}
        self.clones: list[tuple] = []  # each world's clone cells
        self.home: list[frozenset] = []
        self.over: list[bool] = []  # every clone of the jump is home: the jump has ended
        self.all_goals: list[bool] = []  # every goal of the level is taken
        self._after: dict = {}  # (number, actions) -> number after the turn, or PARADOX
        self._open: dict[int, tuple] = {}  # number -> each clone's open moves

    def number(self, world: World) -> int:
        if world.turn:
            world = World(0, world.clones, world.home, world.crates, world.open_gates,
                          world.pressed_once, world.passages, world.goals_taken)
        found = self.numbers.get(world)
        if found is not None:
            return found
        found = len(self.worlds)
        self.numbers[world] = found
        self.worlds.append(world)
        self.clones.append(world.clones)
        self.home.append(world.home)
        self.over.append(len(world.home) == len(world.clones))
        goals = self.board.goals
        self.all_goals.append(bool(goals) and world.goals_taken == goals)
        return found

    def after(self, number: int, actions: tuple) -> int:
        """The world after one turn in which clone ``c`` does ``actions[c]`` (None: it is
        home), or PARADOX. Each (world, actions) is played once: early jumps recur under
        many search states; and actions that differ only by blocked moves share the turn."""
        key = (number, actions)
        found = self._after.get(key)
        if found is None:
            if len(self._after) >= TURNS_KEPT:
                self._after.clear()
            plain = (number, self._blocked_as_waits(number, actions))
            found = self._after.get(plain)
            if found is None:
                result = play_turn(self.board, self.worlds[number],
                                   {clone: action for clone, action in enumerate(actions) if action is not None})
                found = PARADOX if result.paradoxes else self.number(result.world)
                self._after[plain] = found
            self._after[key] = found
        return found

    def open_moves(self, number: int) -> tuple:
        """For each clone of a world, the moves that nothing stops before crates are
        considered. Any other move is blocked (by a wall, the edge, a closed gate or
        passage) and does no more than a wait."""
        found = self._open.get(number)
        if found is None:
            board, world = self.board, self.worlds[number]
            found = self._open[number] = tuple(
                frozenset(move for move in MOVES if why_closed(board, world, board.neighbour(cell, move)) is None)
                for cell in world.clones)
        return found

    def _blocked_as_waits(self, number: int, actions: tuple) -> tuple:
        opened = self.open_moves(number)
        return tuple(HOLD if action in MOVES and action not in opened[clone] else action
                     for clone, action in enumerate(actions))

    def __len__(self) -> int:
        return len(self.worlds)

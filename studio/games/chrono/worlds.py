"""The solver's worlds as small integers, and one turn of a world, remembered.

The search holds millions of references to a few hundred thousand distinct
worlds; comparing and hashing the ``World`` dataclasses themselves (every field,
every time) was most of its work. Here each distinct world gets a number once,
so a search state is a tuple of small integers, and what the solver asks of a
world (its clones, who is home, whether its jump is over, the goals taken) is
read from tables by that number. The turn is the engine's ``play_turn`` played
lean (lean_turn.py, tested against the engine): only the world after it, or
whether a paradox stops it.
"""

from __future__ import annotations

from studio.core.solver import DEAD, NONE, WON
from studio.games.chrono.engine import Board, World
from studio.games.chrono.engine.actions import HOLD, MOVES
from studio.games.chrono.engine.movement import why_closed
from studio.games.chrono.lean_turn import LeanTurn

PARADOX = -1  # the number of "no world": the turn cannot happen
MOVE_BITS = {move: 1 << bit for bit, move in enumerate(MOVES)}  # of choice_bits: the move is open
ON_MACHINE = 1 << len(MOVES)  # of choice_bits: the clone stands on the time machine
TURNS_KEPT = 3_000_000  # remembered turns before the memory starts again (about 1 GB)


class WorldTable:
    """Numbers for worlds (all kept at turn 0, so equal worlds at different turns share
    a number) and the world after one turn of given actions, by number."""

    def __init__(self, board: Board):
        self.board = board
        self._lean = LeanTurn(board)  # the engine's play_turn, lean (lean_turn.py)
        self.worlds: list[World] = []
        self.numbers: dict[tuple, int] = {}  # a world's fields but its turn -> its number
        self.clones: list[tuple] = []  # each world's clone cells
        self.home: list[frozenset] = []
        self.over: list[bool] = []  # every clone of the jump is home: the jump has ended
        self.all_goals: list[bool] = []  # every goal of the level is taken
        self.outcome: list[str] = []  # core.solver's outcome of a last jump reaching it
        # World number -> {actions: number after the turn, or PARADOX}: one small dict per
        # world, keyed by the actions alone, so that the solver's inner loop fetches a
        # world's dict once and looks its many action tuples up without building keys.
        self.turns_of: list[dict] = []
        self._turns_kept = 0
        self.choice_bits: list[tuple] = []  # each clone's open moves and whether it is on the machine
        self._plain: dict[tuple, tuple] = {}  # (choice bits, actions) -> the actions, blocked moves as waits

    def number(self, world: World) -> int:
        return self.number_of((world.clones, world.home, world.crates, world.open_gates, world.pressed_once,
                               world.passages, world.goals_taken))

    def number_of(self, fields: tuple) -> int:
        """The number of the world with these fields (all but its turn: LeanTurn.play_fields)."""
        found = self.numbers.get(fields)
        if found is not None:
            return found
        world = World(0, *fields)
        found = len(self.worlds)
        self.numbers[fields] = found
        self.worlds.append(world)
        self.turns_of.append({})
        self.clones.append(world.clones)
        self.home.append(world.home)
        self.over.append(len(world.home) == len(world.clones))
        goals = self.board.goals
        self.all_goals.append(bool(goals) and world.goals_taken == goals)
        self.choice_bits.append(self._choice_bits_of(world))
        self.outcome.append(NONE if not self.over[-1] else WON if self.all_goals[-1] else DEAD)
        return found

    def after(self, number: int, actions: tuple) -> int:
        """The world after one turn in which clone ``c`` does ``actions[c]`` (None: it is
        home), or PARADOX. Each (world, actions) is played once: early jumps recur under
        many search states; and actions that differ only by blocked moves share the turn."""
        turns = self.turns_of[number]
        found = turns.get(actions)
        if found is None:
            if self._turns_kept >= TURNS_KEPT:
                for kept in self.turns_of:
                    kept.clear()  # (the same dicts: a caller holding one sees it emptied)
                self._turns_kept = 0
            plain = self._blocked_as_waits(number, actions)
            found = turns.get(plain)
            if found is None:
                fields = self._lean.play_fields(self.worlds[number], actions)
                found = turns[plain] = PARADOX if fields is None else self.number_of(fields)
                self._turns_kept += 1
            if plain != actions:
                turns[actions] = found
                self._turns_kept += 1
        return found

    def _choice_bits_of(self, world: World) -> tuple:
        """For each clone of ``world``, the moves that nothing stops before crates are
        considered (bit ``i`` for the ``i``-th of MOVES), and ON_MACHINE when it stands on
        the time machine. Any other move is blocked (by a wall, the edge, a closed gate or
        passage) and does no more than a wait. Bits, so that the solver combines the
        jumps a clone is part of with ``|`` and ``&``."""
        board = self.board
        return tuple(sum(bit for move, bit in MOVE_BITS.items()
                         if why_closed(board, world, board.neighbour(cell, move)) is None)
                     | (ON_MACHINE if cell == board.start else 0)
                     for cell in world.clones)

    def _blocked_as_waits(self, number: int, actions: tuple) -> tuple:
        key = (self.choice_bits[number], actions)  # (few distinct: clones meet the same walls again and again)
        found = self._plain.get(key)
        if found is None:
            bits = key[0]
            found = self._plain[key] = tuple(HOLD if action in MOVE_BITS and not bits[clone] & MOVE_BITS[action]
                                             else action for clone, action in enumerate(actions))
        return found

    def __len__(self) -> int:
        return len(self.worlds)

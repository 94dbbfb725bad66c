"""One turn of a world for the solver: the engine's ``play_turn`` without its account.

The engine (engine/turn.py) is the reference: besides the next world it tells
what happened (events, and every paradox with a sentence naming the cells),
which the play-test shows. The solver asks only for the world after the turn,
or whether a paradox stops it, and it asks for tens of thousands of turns per
level: the engine's turn was most of the time of a small level's search. This
is the same turn, rule for rule, in the order of the engine's modules
(movement, devices, turn), with the board read from tables built once and the
turn given up at its first paradox. tests/test_chrono_lean_turn.py holds it to
``play_turn`` on the random levels of the corpus; a rule changed in the engine
must change here too.
"""

from __future__ import annotations

from studio.games.chrono.engine import Board, World
from studio.games.chrono.engine.actions import MOVES, TIME_MACHINE
from studio.games.chrono.glyphs import Glyph


class LeanTurn:
    """``play(world, actions)``: the world after the turn, or None for a paradox."""

    def __init__(self, board: Board):
        self.board = board
        cells = range(board.width * board.height)
        # move letter -> each cell's neighbour that way (None past the edge)
        self.step = {move: tuple(board.neighbour(cell, move) for cell in cells) for move in MOVES}
        self.walls = frozenset(c for c in cells if board.glyph(c) == Glyph.WALL)
        self.gate_cells = frozenset(board.gates)
        self.passage_cells = frozenset(c for c in cells if board.is_passage(c))
        self.pressable = board.pressable
        self.one_time_buttons = frozenset(c for c in cells if board.glyph(c) == Glyph.ONE_TIME_BUTTON)
        # button -> the gates it flips, once per link (devices.open_gates counts them so)
        toggles: dict[int, list[int]] = {}
        for gate in board.gates:
            for button in board.gate_buttons.get(gate, ()):
                toggles.setdefault(button, []).append(gate)
        self.toggles = {button: tuple(gates) for button, gates in toggles.items()}

    def _closed(self, world: World, cell: int | None) -> bool:
        """movement.why_closed as a yes or no."""
        return (cell is None or cell in self.walls or (cell in self.gate_cells and cell not in world.open_gates)
                or cell in world.passages)  # (world.passages holds passages only)

    def play(self, world: World, actions: tuple) -> World | None:
        """The turn in which clone ``c`` does ``actions[c]`` (None: it is in the machine, as
        every clone of ``world.home`` must be)."""
        fields = self.play_fields(world, actions)
        return None if fields is None else World(world.turn + 1, *fields)

    def play_fields(self, world: World, actions: tuple) -> tuple | None:
        """``play``'s world as the fields of a ``World`` but its turn, or None: the solver
        numbers worlds by them, and most worlds a turn makes are ones it has seen."""
        start, clones, crates, home = self.board.start, world.clones, world.crates, world.home
        entering = []
        cells = list(clones)
        pushes: dict[int, str] = {}  # crate cell -> the direction it is pushed
        for clone, action in enumerate(actions):
            if action is None:
                continue
            if action == TIME_MACHINE:
                if clones[clone] != start:
                    return None  # a time paradox
                entering.append(clone)
                continue
            step = self.step.get(action)
            if step is None:
                continue  # a wait
            to = step[clones[clone]]
            if self._closed(world, to):
                continue  # blocked
            if to in crates:
                behind = step[to]
                if (self._closed(world, behind) or behind in crates
                        or any(at == behind for n, at in enumerate(clones) if n not in home)):
                    continue  # the crate cannot move
                if pushes.setdefault(to, action) != action:
                    return None  # pushed two ways at once
            cells[clone] = to
        if pushes:
            moved = {crate: self.step[action][crate] for crate, action in pushes.items()}
            arrived = set(moved.values())
            if len(arrived) < len(moved):
                return None  # two crates pushed onto one field
            crates = crates.difference(moved).union(arrived)
        else:
            arrived = ()
        if entering:
            home = home.union(entering)
        in_level = [cell for n, cell in enumerate(cells) if n not in home]
        # devices.settle
        occupied = crates.union(in_level)
        pressable = self.pressable
        active = world.pressed_once.union(cell for cell in occupied if cell in pressable)
        pressed_once = frozenset(c for c in active if c in self.one_time_buttons)
        # devices.open_gates, from the few active buttons rather than every gate's links
        flipped: set[int] = set()
        for button in active:
            for gate in self.toggles.get(button, ()):
                if gate in flipped:
                    flipped.remove(gate)
                else:
                    flipped.add(gate)
        gates = self.board.initially_open.symmetric_difference(flipped) if flipped else self.board.initially_open
        passages = world.passages
        entered = [c for c in occupied if c in self.passage_cells and c not in passages]
        # turn._stranded: a clone on a closed gate or passage, or with a crate
        gate_cells = self.gate_cells
        for cell in in_level:
            if (cell in gate_cells and cell not in gates) or cell in passages or cell in crates:
                return None
        goals = self.board.goals
        goals_taken = world.goals_taken
        reached = [cell for cell in in_level if cell in goals] + [cell for cell in arrived if cell in goals]
        if reached:
            goals_taken = goals_taken.union(reached)
        return (tuple(cells), frozenset(home), frozenset(crates), gates, pressed_once,
                passages.union(entered) if entered else passages, goals_taken)

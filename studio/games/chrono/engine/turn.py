"""One turn of a time jump: every clone acts at once, then the level settles.

Order within a turn: clones in the level act (earlier clones replay their
recordings, the current clone does the player's action); a clone entering the
time machine must stand on it, else an earlier clone has a time paradox;
crates move; then buttons, gates and passages settle, and what ends the turn
somewhere it cannot be (a clone on a closed gate or passage, a clone with a
crate) is a paradox; finally goals are taken by what has entered them.

A goal is taken by whatever enters it: a clone stepping onto it, or a crate
pushed onto it, so no clone need ever stand on the goal (the original's
results on random levels: fuzz-1-269-0, fuzz-1-355-3 and fuzz-1-101-0 are
completed with the goal only ever under a crate).

A crate may end a turn on a closed gate or a closed one-time passage: that is
no paradox, only a clone there is, though the original README says "the
solution may not cause a clone or crate to end its turn on a closed gate"
(its engine checks only the clones). The crate stays where it is, since
pushing it means stepping onto its field, which is closed, until the gate
opens again; a passage does not open again in that jump. (The original's
results on random levels: fuzz-1-269-2 and fuzz-1-299-0 for gates,
fuzz-1-43-3 for passages.)
"""

from __future__ import annotations

from dataclasses import dataclass

from studio.games.chrono.engine.actions import TIME_MACHINE
from studio.games.chrono.engine.board import Board
from studio.games.chrono.engine.devices import settle
from studio.games.chrono.engine.events import EnteredMachine, GoalTaken, Pushed
from studio.games.chrono.engine.movement import move_clones
from studio.games.chrono.engine.state import (
    CLOSED_GATE, CLOSED_PASSAGE, CRATE_ON_CLONE, TIME_PARADOX, Paradox, World,
)


@dataclass
class TurnResult:
    world: World
    events: list
    paradoxes: list[Paradox]


def play_turn(board: Board, world: World, actions: dict[int, str]) -> TurnResult:
    """Play one turn; ``actions`` maps each clone in the level to its action."""
    turn = world.turn + 1
    paradoxes: list[Paradox] = []
    events: list = []
    entering = set()
    for clone, action in actions.items():
        if action != TIME_MACHINE:
            continue
        cell = world.clones[clone]
        if cell == board.start:
            entering.add(clone)
            events.append(EnteredMachine(clone, cell))
        else:
            x, y = board.xy(cell)
            paradoxes.append(Paradox(
                TIME_PARADOX, turn, (clone,), cell,
                f"Clone {clone + 1} should enter the time machine on turn {turn} but is at ({x}, {y}): "
                "it cannot have travelled back to become the clones after it."))
    motion = move_clones(board, world, actions, turn)
    events += motion.events
    paradoxes += motion.paradoxes
    home = world.home | entering
    in_level = [(n, cell) for n, cell in enumerate(motion.cells) if n not in home]
    gates, pressed_once, passages, device_events = settle(board, world, [c for _n, c in in_level], motion.crates)
    events += device_events
    paradoxes += _stranded(board, world, in_level, motion.crates, gates, turn)
    goals_taken = set(world.goals_taken)
    for clone, cell in in_level:
        if cell in board.goals and cell not in goals_taken:
            goals_taken.add(cell)
            events.append(GoalTaken(cell, clone))
    for pushed in motion.events:
        if isinstance(pushed, Pushed) and pushed.to in board.goals and pushed.to not in goals_taken:
            goals_taken.add(pushed.to)
            events.append(GoalTaken(pushed.to, pushed.clones[0], by_crate=True))
    new_world = World(turn, tuple(motion.cells), frozenset(home), motion.crates, gates, pressed_once,
                      passages, frozenset(goals_taken))
    return TurnResult(new_world, events, paradoxes)


def _stranded(board: Board, world: World, in_level, crates, gates, turn: int) -> list[Paradox]:
    """A clone that ends the turn on a closed gate or passage, or sharing a field with a crate
    (a crate alone on a closed gate or passage is no paradox: see the module docstring)."""
    found = []
    occupants: dict[int, list[int]] = {}
    for clone, cell in in_level:
        occupants.setdefault(cell, []).append(clone)
    for cell, clones in sorted(occupants.items()):
        clones = tuple(clones)
        x, y = board.xy(cell)
        what = f"clone {' and '.join(str(c + 1) for c in clones)}"
        if board.is_gate(cell) and cell not in gates:
            found.append(Paradox(CLOSED_GATE, turn, clones, cell,
                                 f"The gate at ({x}, {y}) closes on turn {turn} with {what} on it."))
        elif board.is_passage(cell) and cell in world.passages:
            found.append(Paradox(CLOSED_PASSAGE, turn, clones, cell,
                                 f"The one-time passage at ({x}, {y}) has closed, with {what} still on it "
                                 f"on turn {turn}."))
        if cell in crates:
            found.append(Paradox(CRATE_ON_CLONE, turn, clones, cell,
                                 f"A crate and {what} end turn {turn} on the same field ({x}, {y})."))
    return found

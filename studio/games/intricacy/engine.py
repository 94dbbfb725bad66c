"""The Intricacy engine: ``step(state, move)`` plays one turn of a lock, purely.

A turn has two phases (README, "Full details of the game mechanics"): the
player's move and the wrench's momentum are resolved first ("tools"), then the
springs that are not at their natural length ("springs"). States are immutable
and hashable: the pieces where they are, the springs' anchors, and the
direction the wrench is moving in (or none). What never changes (the frame,
the walls, which spring hangs from which) lives in a ``Board`` shared by every
state of a lock.

Moves are one letter each (see ``MOVE_LETTERS`` and docs/intricacy-lock-format.md):
the hook moves with ``w e d x z a`` (the six keys around ``s`` on a keyboard:
north-west, north-east, east, south-east, south-west, west) and turns with ``q``
(anticlockwise) and ``r`` (clockwise); the wrench moves with the same six letters
in capitals; ``s`` waits (the wrench's momentum and the springs still act).
"""

from __future__ import annotations

from typing import NamedTuple

from studio.games.intricacy import physics
from studio.games.intricacy.hexgrid import (
    EAST, NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST, WEST, Hex,
)
from studio.games.intricacy.lock import Lock, ancestors, bolthole, open_hexes
from studio.games.intricacy.physics import NO_MOTION, Blockage, Force, Situation

DIRECTION_LETTERS = {"d": EAST, "x": SOUTH_EAST, "z": SOUTH_WEST, "a": WEST, "w": NORTH_WEST, "e": NORTH_EAST}
HOOK_TURN_LETTERS = {"r": 1, "q": -1}
WAIT_LETTER = "s"


class Move(NamedTuple):
    """What the player does in one turn: ``tool`` is "hook", "wrench" or "" (wait);
    ``motion`` a direction 0..5, or for the hook a turn (+1 clockwise, -1 anticlockwise)
    when ``turning``."""

    tool: str
    motion: int = 0
    turning: bool = False

    @property
    def letter(self) -> str:
        if not self.tool:
            return WAIT_LETTER
        if self.turning:
            return next(k for k, v in HOOK_TURN_LETTERS.items() if v == self.motion)
        letter = next(k for k, v in DIRECTION_LETTERS.items() if v == self.motion)
        return letter.upper() if self.tool == "wrench" else letter


WAIT = Move("")
MOVE_LETTERS: dict[str, Move] = {WAIT_LETTER: WAIT}
for _letter, _direction in DIRECTION_LETTERS.items():
    MOVE_LETTERS[_letter] = Move("hook", _direction)
    MOVE_LETTERS[_letter.upper()] = Move("wrench", _direction)
for _letter, _turn in HOOK_TURN_LETTERS.items():
    MOVE_LETTERS[_letter] = Move("hook", _turn, True)


def parse_moves(text: str) -> tuple[Move, ...]:
    """Move letters (spaces, commas and line breaks ignored) as Moves; ValueError names a bad one."""
    moves = []
    for position, ch in enumerate(text, 1):
        if ch in " ,\t\r\n":
            continue
        move = MOVE_LETTERS.get(ch)
        if move is None:
            raise ValueError(
                f"{ch!r} (character {position}) is not a move: the hook moves with w e d x z a and turns "
                f"with q (anticlockwise) and r (clockwise), the wrench moves with W E D X Z A, s waits"
            )
        moves.append(move)
    return tuple(moves)


def moves_text(moves) -> str:
    return "".join(move.letter for move in moves)


class Board:
    """What every state of one lock shares. Equal locks give equal boards."""

    __slots__ = ("size", "walls", "open", "bolthole", "ancestry", "hook", "wrench", "_key")

    def __init__(self, lock: Lock):
        self.size = lock.size
        self.walls = lock.walls
        self.open = open_hexes(lock.size) - lock.walls
        self.bolthole = bolthole(lock.size)
        self.ancestry = ancestors(lock.springs)
        self.hook = lock.hook
        self.wrench = lock.wrench
        self._key = (lock.size, lock.walls, tuple(sorted((s.root, s.end) for s in lock.springs)),
                     tuple(p.kind for p in lock.pieces))

    def is_solid(self, h: Hex) -> bool:
        return h not in self.open

    def __eq__(self, other):
        return self is other or (isinstance(other, Board) and self._key == other._key)

    def __hash__(self):
        return hash(self._key)


class LockState(NamedTuple):
    """One position of a lock while it is being picked. Immutable and hashable."""

    board: Board
    pieces: tuple
    springs: tuple
    momentum: int = NO_MOTION  # the wrench's direction of motion, or -1

    def is_open(self) -> bool:
        hole = self.board.bolthole
        return not any(h in piece.cells() for piece in self.pieces for h in hole)

    def as_lock(self) -> Lock:
        """The lock as it stands now (to edit from here, or to save)."""
        return Lock(size=self.board.size, walls=self.board.walls, pieces=self.pieces, springs=self.springs)


class PhaseReport(NamedTuple):
    """What one phase did: the forces applied and the forces blocked (with their blockers),
    and the pieces as they stood at the phase's start, so overlays can draw the arrows."""

    phase: str  # "tools" or "springs"
    applied: tuple  # of Force
    blockages: tuple  # of Blockage
    pieces: tuple  # of Piece, at the start of the phase


class StepResult(NamedTuple):
    state: LockState
    moved: bool  # did anything change (pieces, springs or the wrench's momentum)
    outcome: str  # "won" when the bolthole is empty after the turn, else "none"
    events: tuple  # of PhaseReport


def initial_state(lock: Lock) -> LockState:
    return LockState(Board(lock), lock.pieces, lock.springs, NO_MOTION)


def _player_forces(state: LockState, move: Move) -> tuple[Force | None, int]:
    """The hook's commanded force and the wrench's commanded push (or NO_MOTION)."""
    board = state.board
    if move.tool == "hook" and board.hook is not None:
        force = physics.torque(board.hook, move.motion) if move.turning else physics.push(board.hook, move.motion)
        return force, NO_MOTION
    if move.tool == "wrench" and board.wrench is not None and not move.turning:
        return None, move.motion
    return None, NO_MOTION


def tools_phase(state: LockState, move: Move) -> tuple[LockState, PhaseReport]:
    """Phase one: resolve the player's force and the wrench's momentum; the wrench keeps
    moving next turn only if its push was applied now."""
    board = state.board
    hook_force, wrench_push = _player_forces(state, move)
    wrench_motion = wrench_push if wrench_push != NO_MOTION else (state.momentum if board.wrench is not None else NO_MOTION)
    initial = physics.tool_forces(board.hook, board.wrench, hook_force, wrench_push, state.momentum)
    situation = Situation(board, state.pieces, state.springs, hook_force, wrench_motion)
    resolution = physics.resolve(situation, initial, board.ancestry)
    pieces, springs = physics.apply_forces(state.pieces, state.springs, resolution.applied)
    momentum = NO_MOTION
    if wrench_motion != NO_MOTION and physics.push(board.wrench, wrench_motion) in resolution.applied:
        momentum = wrench_motion
    report = PhaseReport("tools", resolution.applied, resolution.blockages, state.pieces)
    return LockState(board, pieces, springs, momentum), report


def springs_phase(state: LockState) -> tuple[LockState, PhaseReport]:
    """Phase two: every spring away from its natural length pushes or pulls its end block."""
    board = state.board
    situation = Situation(board, state.pieces, state.springs, None, state.momentum)
    resolution = physics.resolve(situation, physics.spring_forces(state.springs), board.ancestry)
    pieces, springs = physics.apply_forces(state.pieces, state.springs, resolution.applied)
    report = PhaseReport("springs", resolution.applied, resolution.blockages, state.pieces)
    return state._replace(pieces=pieces, springs=springs), report


def step(state: LockState, move: Move) -> StepResult:
    """Play one turn. The lock may be played on after it opens (the verdict stops there)."""
    after_tools, tools_report = tools_phase(state, move)
    after_springs, springs_report = springs_phase(after_tools)
    outcome = "won" if after_springs.is_open() else "none"
    return StepResult(after_springs, after_springs != state, outcome, (tools_report, springs_report))


class Verdict(NamedTuple):
    verdict: str  # "won" or "open" (the lock is still locked after the last move)
    moves: int  # the move count at which the lock opened (the length for "open")
    state: LockState


def play_solution(state: LockState, moves) -> Verdict:
    """Play ``moves`` until the bolthole is empty: "won" at that move (0 when it starts empty)."""
    if state.is_open():
        return Verdict("won", 0, state)
    count = 0
    for move in moves:
        count += 1
        state = step(state, move).state
        if state.is_open():
            return Verdict("won", count, state)
    return Verdict("open", count, state)


class IntricacyEngine:
    """The Engine protocol of core.game for Intricacy."""

    def initial_state(self, level) -> LockState:
        return initial_state(getattr(level, "lock", level))

    def step(self, state: LockState, move: Move) -> StepResult:
        return step(state, move)

    moves = tuple(MOVE_LETTERS.values())


INTRICACY_ENGINE = IntricacyEngine()

__all__ = [
    "Move", "WAIT", "MOVE_LETTERS", "DIRECTION_LETTERS", "HOOK_TURN_LETTERS", "parse_moves", "moves_text",
    "Board", "LockState", "PhaseReport", "StepResult", "initial_state", "tools_phase", "springs_phase", "step",
    "Verdict", "play_solution", "IntricacyEngine", "INTRICACY_ENGINE", "Blockage", "Force",
]

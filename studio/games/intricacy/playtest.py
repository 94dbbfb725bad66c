"""Intricacy's play-test adapter (studio.core.playtest_adapter.PlaytestAdapter), pure Python.

Keys, as in Intricacy the hook moves with the six keys around S (W E D X Z A)
and turns with Q (anticlockwise) and R (clockwise); the wrench moves with the
same keys and Shift, or with the six keys around K (I O L , M J); S waits. Cells
are the hexes of ``hexagon(size + 2)`` in row order (the lock, its frame and the
ring round the bolthole), numbered from 0.

Overlays: "Blockage Annotations" (the README's toggle: each blocked force as an
orange arrow on its piece, the force that blocked it as a purple one; a turn is a
ring; only what the last move blocked, see blockage.py) and "Colour Touching Pieces Apart" (the README's second colouring mode,
drawn by the board painter; it has no annotations of its own).

The solution lives in the lock file (its ``solution:`` line): saving one sets that
property as an undoable edit, as ChronoShift's Solution field does.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from studio.games.intricacy.blockage import anchor_hex, blocked_text, new_blockages
from studio.games.intricacy.engine import (
    DIRECTION_LETTERS, MOVE_LETTERS, WAIT, LockState, Move, initial_state, moves_text, parse_moves, step,
)
from studio.games.intricacy.hexgrid import DIRECTION_NAMES, Hex, hexagon
from studio.games.intricacy.level import IntricacyLevel
from studio.games.intricacy.lock import TURNING_KINDS
from studio.games.intricacy.physics import FRAME, Force
from studio.core.playtest_adapter import (
    ARROW, PLAYING, RING, WON, Annotation, LevelContext, Motion, MoveKey, Outcome, OverlaySpec, SavedSolution,
    StepReport, StoredSolution,
)

BLOCKED_COLOUR = "#ff9f1c"  # orange: a force that was blocked
BLOCKER_COLOUR = "#b14aed"  # purple: the force that blocked it
BLOCKAGE, COLOUR_APART = "blockage", "colour_apart"

OVERLAYS = (
    OverlaySpec(BLOCKAGE, "Blockage Annotations",
                "Orange: a force the last move had blocked; purple: the force that blocked it", BLOCKED_COLOUR,
                legend=((BLOCKED_COLOUR, "force blocked"), (BLOCKER_COLOUR, "what blocked it"))),
    OverlaySpec(COLOUR_APART, "Colour Touching Pieces Apart",
                "Colour pieces so that touching ones always differ, instead of by kind", "#8fbf5a", default=False),
)

WRENCH_KEYS_AROUND_K = {"d": "L", "x": ",", "z": "M", "a": "J", "w": "I", "e": "O"}
TURN_NAMES = {"q": "turn the hook anticlockwise", "r": "turn the hook clockwise"}


@lru_cache(maxsize=16)
def _cells(size: int) -> tuple[tuple[Hex, ...], dict]:
    hexes = tuple(hexagon(size + 2))
    return hexes, {h: i for i, h in enumerate(hexes)}


def hex_of_cell(size: int, cell: int) -> Hex:
    return _cells(size)[0][cell]


def cell_of_hex(size: int, h: Hex) -> int:
    return _cells(size)[1].get(h, -1)


def _vector(direction: int) -> tuple[float, float]:
    angle = math.radians(60 * direction)
    return round(math.cos(angle), 6), round(math.sin(angle), 6)


class IntricacyPlaytest:
    game_id = "intricacy"
    record_properties = ("solution",)  # storing a solution does not change the lock

    # -- playing ---------------------------------------------------------------------------------
    def initial_state(self, level: IntricacyLevel) -> LockState:
        problems = level.lock.problems()
        if problems:
            raise ValueError(f"This lock cannot be played: {problems[0]}.")
        return initial_state(level.lock)

    def keys(self) -> list[MoveKey]:
        found = []
        for letter, direction in DIRECTION_LETTERS.items():
            name = DIRECTION_NAMES[direction]
            found.append(MoveKey(letter.upper(), MOVE_LETTERS[letter], f"hook {name}"))
        for letter in ("q", "r"):
            found.append(MoveKey(letter.upper(), MOVE_LETTERS[letter], TURN_NAMES[letter]))
        for letter, direction in DIRECTION_LETTERS.items():
            name = DIRECTION_NAMES[direction]
            found.append(MoveKey(f"Shift+{letter.upper()}", MOVE_LETTERS[letter.upper()], f"wrench {name}"))
            found.append(MoveKey(WRENCH_KEYS_AROUND_K[letter], MOVE_LETTERS[letter.upper()], f"wrench {name}"))
        found.append(MoveKey("S", WAIT, "wait"))
        return found

    def step(self, state: LockState, move: Move) -> StepReport:
        result = step(state, move)
        return StepReport(state, move, result.state, result.moved, self.outcome(result.state), result.events)

    def outcome(self, state: LockState) -> Outcome:
        return Outcome(WON, "the lock is open") if state.is_open() else Outcome(PLAYING)

    def status_text(self, state: LockState) -> str:
        text = "Open: the bolthole is empty." if state.is_open() else "Locked: empty the bolthole (top right)."
        if state.momentum >= 0:
            text += f" The wrench is moving {DIRECTION_NAMES[state.momentum]}."
        parts = []
        if state.board.hook is not None:
            parts.append("hook W E D X Z A, turn Q R")
        if state.board.wrench is not None:
            parts.append("wrench Shift+W… or I O L , M J")
        return text + (" Keys: " + "; ".join(parts) + "; S waits." if parts else "")

    # -- what to draw ---------------------------------------------------------------------------------
    def overlays(self) -> tuple[OverlaySpec, ...]:
        return OVERLAYS

    def annotations(self, state: LockState, report: StepReport | None) -> list[Annotation]:
        if report is None:
            return []
        found: list[Annotation] = []
        size = state.board.size
        for _phase, blockage, pieces in new_blockages(report):
            found += self._force_marks(size, pieces, blockage.force, None, BLOCKED_COLOUR, "")
            if blockage.blocker is not None:
                found += self._force_marks(size, pieces, blockage.blocker, blockage.blocker_at, BLOCKER_COLOUR, "")
        unique = []
        for annotation in found:
            if annotation not in unique:
                unique.append(annotation)
        return unique

    def blocked_text(self, report: StepReport) -> str:
        return blocked_text(report)

    @staticmethod
    def _force_marks(size: int, pieces, force: Force, at: Hex | None, colour: str, label: str) -> list[Annotation]:
        """An arrow (a push) or a ring (a turn) on the piece the force acts on; for the frame, on
        the hex where it was met."""
        if force.piece == FRAME:
            if at is None:
                return []
            where = at
        else:
            where = anchor_hex(pieces[force.piece])
        cell = cell_of_hex(size, where)
        if cell < 0:
            return []
        if force.motion < 0:  # a piece in the way that was not itself pushed
            return [Annotation(BLOCKAGE, RING, (cell,), label, colour)]
        if force.is_torque:
            return [Annotation(BLOCKAGE, RING, (cell,), "↻" if force.turn > 0 else "↺", colour)]
        return [Annotation(BLOCKAGE, ARROW, (cell,), label, colour, _vector(force.motion))]

    def motions(self, report: StepReport) -> list[Motion]:
        before, after = report.before, report.state
        size = after.board.size
        found = []
        for index, (old, new) in enumerate(zip(before.pieces, after.pieces)):
            if old != new:
                found.append(Motion(index, (cell_of_hex(size, min(old.hexes)), cell_of_hex(size, min(new.hexes)))))
        return found

    def moves_text(self, moves: Sequence[Move]) -> str:
        return moves_text(moves)

    def parse_moves(self, text: str) -> tuple[Move, ...]:
        return parse_moves(text)

    # -- the lock's own solution line -------------------------------------------------------------
    def solution_files(self) -> None:
        return None

    def load_solutions(self, context: LevelContext, source: Path | None = None) -> list[StoredSolution]:
        level = context.level
        if not level.solution:
            return []
        return [StoredSolution("solution", level.author, parse_moves(level.solution), "the lock's solution line")]

    def save_solution(self, context: LevelContext, moves: Sequence[Move], name: str,
                      target: Path | None = None) -> SavedSolution:
        text = moves_text(moves)
        return SavedSolution(f"Solution of {len(text)} moves set on the lock; save the lock to keep it.",
                             None, {"solution": text})


def make_adapter() -> IntricacyPlaytest:
    return IntricacyPlaytest()
